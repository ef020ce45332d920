"""What a lone command leaves undone (issue 13; bench/command.py measures the time, never a
test): modules its path doesn't need are not imported, and the clingo Controls of a command
that leaves with os._exit (bridge/cli.py run) are not freed."""

import os
import subprocess
import sys

import clingo
import pytest

from rulecheck import cli, solve

# The questions bench/command.py times (read from it, so that a test and the figures it explains
# are about the same scenarios).
def _bench_scenarios() -> tuple[str, str]:
    import importlib.util
    from pathlib import Path
    spec = importlib.util.spec_from_file_location(
        "bench_command", Path(__file__).resolve().parent.parent / "bench" / "command.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    return bench.HASTE, bench.DOUBLE_STRIKE


HASTE, DOUBLE_STRIKE = _bench_scenarios()

# Modules `rulecheck ask` on a small scenario, piped, must not import: each is for another path
# (an error's hint, a catalogue changed since it was cached, a large --cards file, --cr, the
# seeds command, the order of dependent effects, tests, a terminal).
# (and what `verify`'s parallel parts, the tests or a server would bring: a process pool, threads,
# sockets, logging, temporary files; docs/adr/0010)
NOT_IMPORTED = ["difflib", "tomllib", "sqlite3", "networkx", "jsonschema", "rich", "rulecheck.card_index",
                "rulecheck.seeds", "rulecheck.order", "rulecheck.crtext", "rulecheck.pytest_plugin",
                "rulecheck.terminal", "rulecheck.verify", "rulecheck.verify_dist", "rulecheck.graph",
                "subprocess", "multiprocessing", "concurrent.futures", "threading", "socket", "logging",
                "tempfile", "random"]


def test_a_lone_ask_imports_only_what_its_path_needs(tmp_path):
    path = tmp_path / "haste.yaml"
    path.write_text(HASTE, encoding="utf-8")
    code = ("import sys\nfrom rulecheck.cli import main\n"
            f"assert main(['ask', {str(path)!r}, '--ask', 'can_attack goblin']) == 0\n"
            f"print(sorted(m for m in {NOT_IMPORTED!r} if m in sys.modules), file=sys.stderr)\n")
    env = dict(os.environ, RULECHECK_CACHE=str(tmp_path / "cache"))
    for run in ("first", "second"):     # (the first fills the cache: it reads catalogue.toml with tomllib)
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env)
        assert done.returncode == 0, done.stderr
        assert done.stdout.splitlines()[1:3] == ["  yes", "  rules: 508.1a, 702.10b"]
    assert done.stderr == "[]\n"


@pytest.fixture
def kept(monkeypatch):
    """solve's list of kept Controls as this test leaves it, reset afterwards."""
    monkeypatch.setattr(solve, "_KEPT", None)
    yield lambda: solve._KEPT


def test_ask_from_the_script_keeps_its_controls_until_the_process_leaves(kept, tmp_path, capsys, monkeypatch):
    path = tmp_path / "haste.yaml"
    path.write_text(HASTE, encoding="utf-8")
    monkeypatch.setattr(cli, "_LEAVING", True)           # as cli.run sets it
    assert cli.main(["ask", str(path), "--ask", "can_attack goblin"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == "  yes"
    assert [type(c).__name__ for c in kept()] == ["Control"]


def test_ask_called_as_a_function_frees_its_controls(kept, tmp_path, capsys):
    path = tmp_path / "haste.yaml"
    path.write_text(HASTE, encoding="utf-8")
    assert cli.main(["ask", str(path), "--ask", "can_attack goblin"]) == 0   # (tests, embedding: no os._exit)
    assert capsys.readouterr().out.splitlines()[1] == "  yes"
    assert kept() is None


def test_check_over_many_files_frees_each_control(kept, tmp_path, capsys, monkeypatch):
    for name in ("a", "b"):
        (tmp_path / f"{name}.yaml").write_text(HASTE + "expect:\n  - {ask: can_attack, object: goblin, answer: true, "
                                               "rules: ['508.1a', '702.10b']}\n", encoding="utf-8")
    monkeypatch.setattr(cli, "_LEAVING", True)
    assert cli.main(["check", str(tmp_path)]) == 0
    capsys.readouterr()
    assert kept() is None


def test_a_command_builds_the_parser_of_that_command_only(tmp_path, capsys, monkeypatch):
    import argparse
    built = []
    real = argparse.ArgumentParser.__init__

    def counting(self, *args, **kwargs):
        built.append(kwargs.get("prog"))
        real(self, *args, **kwargs)
    monkeypatch.setattr(argparse.ArgumentParser, "__init__", counting)
    path = tmp_path / "haste.yaml"
    path.write_text(HASTE, encoding="utf-8")
    assert cli.main(["ask", str(path), "--ask", "can_attack goblin"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == "  yes"
    assert built == ["rulecheck", "rulecheck ask"]
    # Without a known command, every command's parser: the help lists them all.
    built.clear()
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    assert len(built) == 11 and "questions" in capsys.readouterr().out


# --- The rules a run's facts can fire (bridge/solve.py _slice, docs/adr/0008) -------------------

def _heads(text: str) -> tuple[str, ...]:
    from rulecheck.stages import parse_text, rule_deps
    statement = parse_text(text)[-1]
    return solve._entry(statement, rule_deps(statement))[1]


def test_the_predicates_a_head_derives_pools_unfolded():
    assert _heads("any_target_type(creature; planeswalker; battle).") == ("any_target_type/1",)
    assert _heads("p(a; b, c).") == ("p/1", "p/2")
    assert _heads("{q(X; Y)} :- r(X, Y).") == ("q/1",)
    assert _heads("a(X) : b(X) :- c.") == ("a/1",)
    assert _heads("-p(1).") == ("p/1",)
    assert _heads("#count { X : p(X) : q(X) } = 1 :- r.") == ("p/1",)
    assert _heads("a; b.") == ("a/0", "b/0")
    assert _heads(":- p.") == ()
    assert _heads("#external e(X) : q(X).") == ("e/1",)


def test_a_head_the_reader_cant_read_keeps_every_rule():
    # One reader (stages.rule_deps) gives both the split and each run's cut what a rule's head
    # defines; a theory atom's head is read as unknown (it once made rule_deps fail), and a
    # run that adds its rule adds every rule. In the split it goes to stage 2.
    from rulecheck.stages import UNKNOWN, classify, parse_text, rule_deps
    statements = parse_text("#theory t { term {}; &a/0 : term, head }. &a { 1 } :- fact. p :- q. q :- r.")
    rules = [s for s in statements if rule_deps(s) is not None]
    assert [rule_deps(s)[0] for s in rules] == [(UNKNOWN,), (("p", 0),), (("q", 0),)]
    entries = [solve._entry(s, rule_deps(s)) for s in rules]
    assert [e[1:] for e in entries] == [((solve._UNKNOWN,), ("fact/0",)), (("p/0",), ("q/0",)), (("q/0",), ("r/0",))]
    assert solve._slice(entries, {"fact/0"}) == [True, True, True]
    assert solve._slice(entries, set()) == [False, False, False]
    assert solve._slice(entries[1:], {"fact/0"}) == [False, False]
    split = classify(statements)
    assert rules[0] in split.state and UNKNOWN not in split.static | split.dynamic


def test_a_rule_whose_positive_body_nothing_can_give_is_left_out():
    entries = [("a", ("a/1",), ("fact/1",)),                 # fact given: kept
               ("b", ("b/1",), ("a/1",)),                    # a derived: kept
               ("c", ("c/1",), ("b/1", "none/1")),           # none/1: nothing gives it
               ("d", ("d/1",), ("c/1",)),                    # c never derived
               ("e", ("e/1",), ()),                          # a fact of the rules
               ("show", (), ())]                             # not a rule: always added
    assert solve._slice(entries, {"fact/1"}) == [True, True, False, False, True, True]
    # A head it can't read (a theory atom): once its rule is added, every rule is.
    assert solve._slice(entries + [("t", (solve._UNKNOWN,), ("a/1",))], {"fact/1"}) == [True] * 7
    assert solve._slice(entries + [("t", (solve._UNKNOWN,), ("none/1",))], {"fact/1"})[2:4] == [False, False]


def test_a_pooled_fact_of_the_rules_keeps_the_rules_that_read_it(tmp_path):
    import harness
    import clingo
    logic = tmp_path / "a.lp"
    logic.write_text("kind(creature; land).\nok(X) :- kind(X), wanted(X).\nno(X) :- absent(X).\n"
                     "#show ok/1.\n#show no/1.\n", encoding="utf-8")
    solve.clear_caches()
    try:
        [[atom]] = harness.solve([clingo.Function("wanted", [clingo.Function("creature")])], (logic,)).models
    finally:
        solve.clear_caches()
    assert str(atom) == "ok(creature)"


def test_a_lone_question_grounds_only_the_rules_its_facts_can_fire(tmp_path, capsys, monkeypatch):
    """The haste question of bench/command.py: of the rules (statements with a head or a body;
    not #show, #defined ...), fewer than two thirds are added (1,913 of 3,011 when written);
    with full_demand=1 (the differential tests' reference runs) every one."""
    added = []
    real = solve._slice

    def spy(entries, given):
        entries = list(entries)
        added.append([k for (_s, heads, needs), k in zip(entries, real(entries, given)) if heads or needs])
        return real(entries, given)
    monkeypatch.setattr(solve, "_slice", spy)
    path = tmp_path / "haste.yaml"
    path.write_text(HASTE, encoding="utf-8")
    assert cli.main(["ask", str(path), "--ask", "can_attack goblin"]) == 0
    assert capsys.readouterr().out.splitlines()[1:3] == ["  yes", "  rules: 508.1a, 702.10b"]
    [kept] = added
    assert sum(kept) < len(kept) * 2 / 3
    from rulecheck.ask import answer
    from rulecheck.cards import CardPool
    from rulecheck.load import load_scenario
    from rulecheck.question_text import parse_ask
    scn = load_scenario(path, CardPool.builtin())
    full = answer(scn, parse_ask("can_attack goblin", scn), constants={"full_demand": 1})
    assert len(added) == 1 and (full.single.value, full.single.rules) == (True, ["508.1a", "702.10b"])


# --- Finer: the rules of the events a timeline has (bridge/solve.py _BY_TERM, docs/adr/0010) ----

def _entry_of(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    from rulecheck.stages import parse_text, rule_deps
    statement = parse_text(text)[-1]
    return solve._entry(statement, rule_deps(statement))[1:]


def test_happens_is_read_and_derived_by_its_verb():
    assert _entry_of("x(T) :- happens(T, attack(A, D)), y(A).") == (("x/1",), ("happens/2:attack/2", "y/1"))
    assert _entry_of("x(T) :- happens(T, pass).") == (("x/1",), ("happens/2:pass/0",))
    assert _entry_of("x(T) :- happens(T, cast(O)), happens(T2, attack(O, D)).") == (
        ("x/1",), ("happens/2:attack/2", "happens/2:cast/1"))
    # A verb the rule doesn't name: any happens fact gives it.
    assert _entry_of("x(T) :- happens(T, E), y(E).") == (("x/1",), ("happens/2", "y/1"))
    assert _entry_of("x(T) :- happens(T, cast(O)), happens(T, E).") == (("x/1",), ("happens/2", "happens/2:cast/1"))
    # Not needed under `not` or in a condition, as any predicate.
    assert _entry_of("x(T) :- y(T), not happens(T, cast(T)).") == (("x/1",), ("y/1",))
    assert _entry_of("x(T) :- y(T), #count { O : happens(T, cast(O)) } = 0.") == (("x/1",), ("y/1",))
    # Derived: with the verb it names; with one it doesn't name, every verb.
    assert _entry_of("happens(T, attack(a, b)) :- y(T).") == (("happens/2:attack/2",), ("y/1",))
    assert _entry_of("happens(T, E) :- y(T, E).") == (("happens/2:*",), ("y/2",))
    heads, needs = _entry_of("{ happens(T, cast(o)); z(T) } :- y(T).")
    assert (sorted(heads), needs) == (["happens/2:cast/1", "z/1"], ("y/1",))


def test_the_rules_of_a_verb_the_timeline_lacks_are_left_out():
    entries = [("atk", ("a/1",), ("happens/2:attack/2",)),
               ("cast", ("c/1",), ("happens/2:cast/1",)),
               ("any", ("e/1",), ("happens/2",)),
               ("after", ("f/1",), ("c/1",))]
    given = solve._given([clingo.parse_term("happens(1, attack(ace, bob))"), clingo.parse_term("y(1)")])
    assert {"happens/2", "happens/2:attack/2", "y/1"} <= given
    assert solve._slice(entries, given) == [True, False, True, False]
    assert solve._slice(entries, solve._given([clingo.parse_term("y(1)")])) == [False, False, False, False]
    # A rule deriving a named verb gives that verb (and happens/2), only once it is added.
    derives_cast = ("d", ("happens/2:cast/1",), ("y/1",))
    assert solve._slice(entries + [derives_cast], given) == [True, True, True, True, True]
    assert solve._slice(entries + [("d", ("happens/2:cast/1",), ("none/0",))], given) == [True, False, True, False, False]
    # A rule deriving happens with a verb it doesn't name gives every verb.
    assert solve._slice(entries + [("w", ("happens/2:*",), ("y/1",))], solve._given([clingo.parse_term("y(1)")])) == \
        [True] * 5
    # A fact whose event isn't a function term (no verb to read) gives every verb too.
    assert solve._slice(entries, solve._given([clingo.parse_term("happens(1, 7)")])) == [True] * 4


def test_a_timeline_grounds_only_its_events_rules(tmp_path, capsys, monkeypatch):
    """bench/command.py's double strike (two attacks, three steps begun): at the grain of
    predicates every event's rules were added (3,476 of 3,704 rules when written); by verb, the
    rules of casts, moves, counters ... are left out (2,529), and the answer is full_demand's."""
    added = []
    real = solve._slice

    def spy(entries, given):
        entries = list(entries)
        kept = real(entries, given)
        added.append({str(s) for (s, heads, needs), k in zip(entries, kept) if k and (heads or needs)})
        added.append(sum(1 for _s, heads, needs in entries if heads or needs))
        return kept
    monkeypatch.setattr(solve, "_slice", spy)
    path = tmp_path / "double.yaml"
    path.write_text(DOUBLE_STRIKE, encoding="utf-8")
    assert cli.main(["ask", str(path), "--ask", "life bob"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1:3] == ["  16", "  rules: 119.1, 119.2, 120.3a"]
    kept, rules = added
    assert len(kept) < rules * 0.8
    assert not any("happens(" in s and "cast(" in s for s in kept)
    assert any("happens(" in s and "attack(" in s for s in kept)
    from rulecheck.ask import answer
    from rulecheck.cards import CardPool
    from rulecheck.load import load_scenario
    from rulecheck.question_text import parse_ask
    scn = load_scenario(path, CardPool.builtin())
    full = answer(scn, parse_ask("life bob", scn), constants={"full_demand": 1})
    assert full.single.value == 16 and f"  rules: {', '.join(full.single.rules)}" == out[2]


def test_a_process_finds_the_heuristics_of_a_split_once(tmp_path, capsys, monkeypatch):
    """A long-lived process (tests, `check`, the fuzzer) adds the syntax trees after its first
    run of a set of files; which of them are #heuristic statements is found once per split, not
    by asking each of ~5,000 statements its type on every run (~8 ms a run)."""
    asked = []
    real = solve._is_heuristic
    monkeypatch.setattr(solve, "_is_heuristic", lambda s: asked.append(1) or real(s))
    path = tmp_path / "haste.yaml"
    path.write_text(HASTE, encoding="utf-8")
    counts = []
    for _ in range(3):
        assert cli.main(["ask", str(path), "--ask", "can_attack goblin"]) == 0
        assert capsys.readouterr().out.splitlines()[1] == "  yes"
        counts.append(len(asked))
        asked.clear()
    assert counts[2] == 0, counts


def test_the_cached_split_is_keyed_by_the_code_that_splits_it(tmp_path, monkeypatch):
    """The split's entries (their needs: happens/2 by verb ...) are what solve.py and stages.py
    make of the rules: an entry written by other code is not read, whether or not its format
    name was bumped (a change to the slice once read entries cached before it, and its own
    test passed against them)."""
    monkeypatch.setenv("RULECHECK_CACHE", str(tmp_path / "cache"))
    code = tmp_path / "code.py"
    code.write_text("one\n", encoding="utf-8")
    monkeypatch.setattr(solve, "_CODE", (code,), raising=False)
    logic = tmp_path / "a.lp"
    logic.write_text("b(X) :- a(X), happens(X, attack(X)).\n", encoding="utf-8")
    monkeypatch.setattr(solve, "_TEXT_USED", set())

    def first_run() -> object:      # (None: computed, and written; else read from the cache)
        solve._TEXT_USED.clear()
        return solve._split_text((logic,), "")
    assert first_run() is None
    read = first_run()
    assert read is not None and [e[1:] for stage in read for e in stage if e[1]] == [
        (("b/1",), ("a/1", "happens/2:attack/1"))]
    code.write_text("two\n", encoding="utf-8")
    assert first_run() is None
    assert first_run() is not None
