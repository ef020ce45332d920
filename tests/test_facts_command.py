"""`rulecheck facts`: the whole program of a run (the facts as clingo text, and the rule files),
so that clingo alone, without rulecheck, gives the same answer atoms."""

import shlex
import subprocess
import sys
from pathlib import Path

import clingo
import pytest

from rulecheck.cli import CLINGO_COMMAND, main
from rulecheck.layering import is_ordering_atom

ROOT = Path(__file__).resolve().parent.parent

CASES = [
    ("seeds/scenarios/transform/who-can-transform.yaml", ["can_transform miles", "can_transform emeria"]),
    # The order of effects took a second solve (613.8, bridge/layering.py): its positions are facts.
    ("docs/examples/layers/march-and-lattice.yaml", ["layer_order anthem", "characteristics anthem"]),
    # Players' choices: several outcomes (the legend rule).
    ("seeds/scenarios/copies/legend-rule-and-face-down.yaml", ["can_transform miles at=4", "can_transform clone at=4"]),
    # A question that says what comes next, asked before the end: its timeline is cut there.
    ("seeds/scenarios/double_strike/world-champion-moved.yaml", ["damage_steps at=1"]),
]


def _command(capsys, *args):
    assert main(list(args)) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


def _clingo(files, facts_text):
    """clingo's Python API on the files and the facts, as the command line does (CLINGO_COMMAND):
    each distinct answer's shown atoms, less what the bridge orders effects by and the choices
    (with several answer sets per answer, which one clingo shows first is its own)."""
    ctl = clingo.Control(CLINGO_COMMAND.split()[3:])
    for f in files:
        ctl.load(f)
    ctl.add("base", [], facts_text)
    ctl.ground([("base", [])])
    models = []
    ctl.solve(on_model=lambda m: models.append(m.symbols(shown=True)))
    return sorted(sorted(str(s) for s in m if not is_ordering_atom(s) and s.name != "chose") for m in models)


@pytest.mark.parametrize("scenario,asked", CASES, ids=[c[0].rsplit("/", 1)[1] for c in CASES])
def test_clingo_alone_gives_the_same_answer_atoms(scenario, asked, capsys, monkeypatch):
    from rulecheck.ask import program_of
    from rulecheck.cards import CardPool
    from rulecheck.load import load_scenario
    from rulecheck.question_text import parse_ask

    monkeypatch.chdir(ROOT)
    ask = [a for q in asked for a in ("--ask", q)]
    facts_text = _command(capsys, "facts", scenario, *ask)
    files = _command(capsys, "facts", "--files", scenario, *ask).splitlines()
    # Relative to the checkout when rulecheck runs from it, absolute when it is installed.
    paths = [ROOT / f for f in files]
    assert files and all(p.is_file() for p in paths)
    assert any(p.parent.name == "queries" and p.name == "common.lp" for p in paths)

    scn = load_scenario(scenario, CardPool.builtin())
    questions = [parse_ask(q, scn) for q in asked] or list(scn.questions)
    program = program_of(scn, questions)
    expected = sorted(sorted(str(s) for s in m if s.name != "chose") for m in program.models)
    assert any(s.startswith("answer(") for m in expected for s in m)
    assert _clingo(files, facts_text) == expected
    if "legend" in scenario:
        assert len(expected) > 1


def test_the_facts_say_how_to_run_clingo(capsys, monkeypatch, tmp_path):
    # The header's two commands, run as written (rulecheck and clingo from this Python).
    monkeypatch.chdir(ROOT)
    scenario = "seeds/scenarios/haste/summoning-sickness.yaml"
    text = _command(capsys, "facts", scenario, "--ask", "can_attack goblin at=0")
    header = [line[4:] for line in text.splitlines() if line.startswith("%   ")]
    quoted = shlex.quote("can_attack goblin at=0")
    assert header == [f"rulecheck facts {scenario} --ask {quoted} > facts.lp",
                      f"{CLINGO_COMMAND} $(rulecheck facts --files {scenario} --ask {quoted}) facts.lp"]
    (tmp_path / "facts.lp").write_text(text)
    files = _command(capsys, "facts", "--files", scenario, "--ask", "can_attack goblin at=0").split()
    done = subprocess.run([sys.executable, *CLINGO_COMMAND.split()[1:], *files, str(tmp_path / "facts.lp")],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "\nSATISFIABLE\n" in done.stdout, done.stderr
    shown = done.stdout.split("Answer: 1")[1].splitlines()[1].split()
    assert 'answer(can_attack("goblin"),0,true)' in shown
    assert {s for s in shown if s.startswith("rests_on(")} == {
        'rests_on(can_attack("goblin"),0,"508.1a")', 'rests_on(can_attack("goblin"),0,"702.10b")'}


def test_questions_that_need_runs_of_their_own_are_refused(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    code = main(["facts", "seeds/scenarios/double_strike/world-champion-moved.yaml",
                 "--ask", "damage_steps at=1", "--ask", "life bob"])
    assert code == 2
    assert capsys.readouterr().err == (
        "rulecheck: seeds/scenarios/double_strike/world-champion-moved.yaml: these questions need runs of their "
        "own (a question that says what comes next sees the timeline up to its at=): ask them one at a time\n")


def test_the_readme_shows_the_command_the_facts_say():
    # The README's two lines are the header's, for the README's scenario and question.
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    scenario, quoted = "seeds/scenarios/haste/summoning-sickness.yaml", shlex.quote("can_attack goblin at=0")
    assert (f"\nrulecheck facts {scenario} --ask {quoted} > facts.lp\n"
            f"{CLINGO_COMMAND} $(rulecheck facts --files {scenario} --ask {quoted}) facts.lp\n") in readme
