"""`rulecheck verify`: properties hold within the bound under the rules in force, a planted
mistake in a copy of logic/ is found as a counterexample that `rulecheck ask` loads and
answers, and each property's universe does reach the situation it speaks of (a property that
holds because its premise never happens would hold of any rules)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from rulecheck import resources, solve, verify as v
from rulecheck.ask import answer_all
from rulecheck.cards import CardPool
from rulecheck.cli import main
from rulecheck.load import load_scenario

BOUND = v.Bound(2, 3)
PROPERTIES = ["attackers_controlled_since_turn_began", "copy_of_nonmodal_back_mana_value",
              "front_face_not_transformed", "front_face_outside_battlefield_and_stack",
              "haste_ignores_summoning_sickness", "second_step_needs_double_strike", "single_faced_never_transforms",
              "steps_in_order", "transform_never_to_instant_or_sorcery"]
# The properties the rules in force keep within BOUND (steps_in_order: see its test below).
HOLDING = [p for p in PROPERTIES if p != "steps_in_order"]


def test_the_properties():
    assert [p.name for p in v.all_properties()] == PROPERTIES
    by_name = {p.name: p for p in v.all_properties()}
    assert by_name["second_step_needs_double_strike"].rules == ("510.4",)
    assert by_name["front_face_not_transformed"].summary.startswith("\"A permanent with its front face up is never")


@pytest.mark.parametrize("name", HOLDING)
def test_each_property_holds_within_the_bound(name, tmp_path):
    outcome = v.verify(v.select([name])[0], BOUND, out_dir=tmp_path, time_limit=120)
    assert (outcome.result, outcome.parts, outcome.file) == ("holds", 4, None)
    assert list(tmp_path.iterdir()) == []


# --- Each universe reaches its property's premise ------------------------------------------------
# The property with its conclusion dropped: "the premise never happens", which must be broken.
PREMISES = {
    "second_step_needs_double_strike": ("violated(P) :- prop(P), step_pair(T1, T2), in_step(T1, O, R1), in_step(T2, O, R2).",
                                        "witness(P, damage_steps, T2) :- prop(P), step_pair(T1, T2)."),
    "front_face_not_transformed": ("violated(P) :- prop(P), happens(T, transform(O)), end_of(T, E), face_up(O, front, E), "
                                   "read_point(T, O, B), transformed_permanent(O, B).",
                                   "witness(P, is_transformed(O), T) :- prop(P), happens(T, transform(O))."),
    "copy_of_nonmodal_back_mana_value": ("violated(P) :- prop(P), end_of(T, E), copy_in_force(O, Eff, E), "
                                         "copies_values(Eff, face(C, back)), nonmodal_dfc(C).",
                                         "witness(P, mana_value(O), T) :- prop(P), end_of(T, E), copy_in_force(O, Eff, E)."),
    "attackers_controlled_since_turn_began": ("attack_check(O, E, E) :- object(O), timeline_entry(T), end_of(T, E). "
                                              "violated(P) :- prop(P), end_of(T, E), can_attack(O, E, E), controlled_since(O, N, E), N > 0.",
                                              "witness(P, can_attack(O), T) :- prop(P), end_of(T, E), can_attack(O, E, E)."),
    "front_face_outside_battlefield_and_stack": ("violated(P) :- prop(P), happens(T, move(O, Z, M, Pl)), Z != battlefield, "
                                                 "read_point(T, O, B), face_up(O, back, B).",
                                                 "witness(P, characteristics(O), T) :- prop(P), happens(T, move(O, Z, M, Pl))."),
    "haste_ignores_summoning_sickness": ("attack_check(O, E, E) :- object(O), timeline_entry(T), end_of(T, E). "
                                         "violated(P) :- prop(P), end_of(T, E), summoning_sick(O, E, E), has_keyword(O, haste, E).",
                                         "witness(P, can_attack(O), T) :- prop(P), end_of(T, E), summoning_sick(O, E, E)."),
    "single_faced_never_transforms": ("violated(P) :- prop(P), happens(T, transform(O)), object_card(O, C), not face(C, back), "
                                      "read_point(T, O, B), copy_in_force(O, Eff, B), copies_values(Eff, face(C2, S)), "
                                      "face(C2, back).",
                                      "witness(P, characteristics(O), T) :- prop(P), happens(T, transform(O))."),
    "steps_in_order": ("violated(P) :- prop(P), happens(T, begin_step(S)), happens(T2, begin_step(S2)), T < T2, S != S2.",
                       "witness(P, damage_steps, T) :- prop(P), happens(T, begin_step(S))."),
    "transform_never_to_instant_or_sorcery": ("violated(P) :- prop(P), happens(T, transform(O)), read_point(T, O, B), "
                                              "face_up(O, S, B), object_card(O, C), face(C, S2), S2 != S, "
                                              "instant_or_sorcery_face(C, S2).",
                                              "witness(P, characteristics(O), T) :- prop(P), happens(T, transform(O))."),
}


@pytest.mark.parametrize("name", PROPERTIES)
def test_each_universe_reaches_its_premise(name, tmp_path):
    real = v.select([name])[0]
    header = [line for line in real.path.read_text(encoding="utf-8").splitlines()
              if line.startswith("%! ") and not line.startswith("%! property")]
    premise = tmp_path / "premise.lp"
    premise.write_text("\n".join([f"% {name}, its premise only", "%", f"% {name}'s premise.", "%! property: premise",
                                  *header, "prop(premise).", *PREMISES[name]]) + "\n", encoding="utf-8")
    outcome = v.verify(v.load_property(premise), BOUND, out_dir=tmp_path / "out", time_limit=120)
    assert outcome.result == "counterexample", outcome


def test_steps_in_order_finds_steps_the_rules_let_begin_out_of_order(tmp_path):
    """A gap in the rules in force that verify found: nothing refuses a step that begins after
    itself or after a later step (logic/turns.lp sets the step an event names). When the rules
    refuse it (an invalid atom), this property holds: make this test expect that."""
    outcome = v.verify(v.select(["steps_in_order"])[0], BOUND, out_dir=tmp_path, time_limit=120)
    assert (outcome.result, outcome.objects, outcome.events, outcome.parts) == ("counterexample", 0, 2, 3)
    assert outcome.counterexample["objects"] == {}
    assert outcome.counterexample["timeline"] == [{"begin": "declare_blockers"}, {"begin": "declare_blockers"}]
    scn = load_scenario(outcome.file, CardPool.builtin())
    [got] = answer_all(scn, list(scn.questions))
    assert got.invalid == [] and got.single.value["steps"] == 0


# --- Proof that it can fail: a planted mistake in a copy of logic/ --------------------------------

def _clear_caches() -> None:
    resources._find.cache_clear()
    resources.logic_files.cache_clear()
    resources.on_demand.cache_clear()
    solve.clear_caches()
    v._statements.cache_clear()


@pytest.fixture
def planted_logic(tmp_path, monkeypatch):
    """A function that points the engine at a copy of logic/ with one rule replaced."""
    def plant(file: str, real: str, planted: str) -> Path:
        copy = tmp_path / "logic"
        shutil.copytree(resources.logic_dir(), copy)
        path = copy / file
        text = path.read_text(encoding="utf-8")
        assert text.count(real) == 1, f"logic/{file} no longer has the rule this test plants a mistake in"
        path.write_text(text.replace(real, planted), encoding="utf-8")
        monkeypatch.setenv("RULECHECK_CACHE", str(tmp_path / "cache"))
        _clear_caches()
        monkeypatch.setenv("RULECHECK_LOGIC_DIR", str(copy))
        assert resources.logic_dir() == copy
        return copy
    yield plant
    monkeypatch.delenv("RULECHECK_LOGIC_DIR", raising=False)
    _clear_caches()


# 510.4's first-strike condition for the second step: only creatures that had neither first
# strike nor double strike as the first step began. Planted: the 702.7c rule forgets it, so a
# creature that still has first strike assigns again.
REAL_510_4 = 'in_step(T2, O, "702.7c") :- step_pair(_, T2), combatant(T2, O), not had_strike(T2, O), has_now(T2, O, first_strike).'
PLANTED_510_4 = 'in_step(T2, O, "702.7c") :- step_pair(_, T2), combatant(T2, O), has_now(T2, O, first_strike).'


def test_a_planted_mistake_in_510_4_is_found(planted_logic, tmp_path, capsys):
    planted_logic("combat.lp", REAL_510_4, PLANTED_510_4)
    out = tmp_path / "out"
    code = main(["verify", "second_step_needs_double_strike", "--bound", "2,3", "-o", str(out)])
    report = capsys.readouterr().out
    assert code == 1
    assert "counterexample (1 object, 3 events)" in report
    written = out / "second_step_needs_double_strike.yaml"
    assert f" {written}" in report
    scenario = yaml.safe_load(written.read_text(encoding="utf-8"))
    # The smallest: one creature with first strike (and not double strike) attacks, two steps.
    assert scenario["objects"] == {"o1": {"card": "White Knight"}}
    assert scenario["timeline"] == [{"attack": "o1", "target": "bob"}, {"begin": "combat_damage"},
                                    {"begin": "combat_damage"}]
    assert scenario["questions"] == [{"ask": "damage_steps", "at": 3}]
    # `rulecheck ask` loads it, and with the planted rules White Knight assigns in both steps.
    scn = load_scenario(written, CardPool.builtin())
    [got] = answer_all(scn, list(scn.questions))
    damage = got.single.value["damage"]
    assert [(d["step"], d["creature"], d["rule"]) for d in damage] == [(1, "o1", "702.7b"), (2, "o1", "702.7c")]


def test_the_counterexample_of_the_planted_510_4_is_none_under_the_real_rules(tmp_path):
    path = tmp_path / "knight.yaml"
    path.write_text(yaml.safe_dump({
        "players": ["alice", "bob"], "turn": {"number": 3, "active": "alice", "step": "declare_attackers"},
        "objects": {"o1": {"card": "White Knight"}},
        "timeline": [{"attack": "o1", "target": "bob"}, {"begin": "combat_damage"}, {"begin": "combat_damage"}],
        "questions": [{"ask": "damage_steps", "at": 3}]}), encoding="utf-8")
    prop = v.select(["second_step_needs_double_strike"])[0]
    assert v.confirm(prop, path, CardPool.builtin(), 60) is False
    scn = load_scenario(path, CardPool.builtin())
    [got] = answer_all(scn, list(scn.questions))
    assert [(d["step"], d["creature"], d["rule"]) for d in got.single.value["damage"]] == [(1, "o1", "702.7b")]
    assert got.single.value["none"] == [{"step": 2, "creature": "o1", "rule": "510.4"}]


# 701.27d: the face it would transform INTO. Planted: the face it is leaving is checked instead.
REAL_701_27D = "would_become(O, C, S2, P), instant_or_sorcery_face(C, S2),"
PLANTED_701_27D = "would_become(O, C, S2, P), face(C, S1), S1 != S2, instant_or_sorcery_face(C, S1),"


def test_a_planted_mistake_in_701_27d_is_found(planted_logic, tmp_path):
    planted_logic("transform.lp", REAL_701_27D, PLANTED_701_27D)
    prop = v.select(["transform_never_to_instant_or_sorcery"])[0]
    outcome = v.verify(prop, BOUND, out_dir=tmp_path / "out", time_limit=120)
    assert (outcome.result, outcome.objects, outcome.events) == ("counterexample", 1, 1)
    scenario = outcome.counterexample
    # Valakut Stoneforge (the land back face) transformed into Valakut Awakening, an instant.
    assert scenario["objects"] == {"o1": {"card": "Valakut Awakening // Valakut Stoneforge", "face": "back"}}
    assert scenario["timeline"] == [{"transform": "o1"}]
    scn = load_scenario(outcome.file, CardPool.builtin())
    [got] = answer_all(scn, list(scn.questions))
    assert (got.single.value["face"], got.single.value["types"]) == ("front", ["instant"])


# --- The command ---------------------------------------------------------------------------------

def test_verify_command_reports_every_property(tmp_path, capsys):
    code = main(["verify", "--bound", "1,1", "-o", str(tmp_path)])
    lines = capsys.readouterr().out.splitlines()
    assert code == 0
    assert lines[0].split() == ["property", "CR", "result", "bound", "time", "counterexample"]
    rows = [line.split("  ")[0] for line in lines[2:]]
    assert rows == PROPERTIES
    assert all(" holds " in line and line.rstrip().endswith("-") for line in lines[2:])
    assert "≤1 object of 3 cards, ≤1 event of 2 verbs" in lines[4]          # front_face_not_transformed
    assert list(tmp_path.iterdir()) == []


def test_verify_command_exits_1_with_a_counterexample(tmp_path, capsys):
    code = main(["verify", "steps_in_order", "front_face_not_transformed", "-o", str(tmp_path)])
    lines = capsys.readouterr().out.splitlines()
    assert code == 1
    assert [line.split()[:3] for line in lines[2:]] == [["steps_in_order", "500.1", "506.1"],
                                                       ["front_face_not_transformed", "701.27g", "holds"]]
    assert "counterexample (0 objects, 2 events)" in lines[2]
    assert lines[2].endswith(str(tmp_path / "steps_in_order.yaml"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["steps_in_order.yaml"]


def test_verify_list(capsys):
    assert main(["verify", "--list", "front_face_not_transformed"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("front_face_not_transformed (CR 701.27g)\n    \"A permanent with its front face up")


@pytest.mark.parametrize("argv, message", [
    (["verify", "nope"], "rulecheck: verify: no property 'nope'; the properties are: " + ", ".join(PROPERTIES)),
    (["verify", "--bound", "2"], "rulecheck: --bound: expected OBJECTS,EVENTS (two whole numbers, e.g. 2,3), not '2'"),
    (["verify", "--bound", "9,1"], "rulecheck: --bound: objects must be 1 to 6 and events 0 to 8, not '9,1'"),
    (["verify", "--jobs", "0"], "rulecheck: --jobs: expected a whole number of processes from 1 to 64, not '0'"),
    (["verify", "--time-limit", "0"], "rulecheck: --time-limit: expected a number of seconds greater than 0 and at most 86400 (a day), not '0'"),
])
def test_verify_bad_input(argv, message, capsys):
    assert main(argv) == 2
    assert capsys.readouterr().err == message + "\n"


# --- The one-stage grounding of a sweep agrees with the ordinary pipeline --------------------------

@pytest.mark.parametrize("name", PROPERTIES)
def test_sampled_states_agree_with_the_ordinary_pipeline(name, tmp_path):
    """A sweep grounds in one stage with prev_rel/read_point as aggregates (bridge/verify.py);
    `rulecheck ask` in two, with them sorted by the bridge. For states drawn at random from the
    universe, written as scenario files and loaded as `ask` loads them, both say the same about
    the property."""
    prop = v.select([name])[0]
    pool = CardPool.builtin()
    seen = {False: 0, True: 0}
    for length in (1, 2):
        for i, atoms in enumerate(v.sample_states(prop, BOUND, length, pool, n=6, seed=length)):
            violated = any(a.name == "violated" for a in atoms)
            scenario = v.to_scenario(prop, atoms, pool)
            path = tmp_path / f"{length}-{i}.yaml"
            path.write_text(yaml.safe_dump(scenario, sort_keys=False), encoding="utf-8")
            assert v.confirm(prop, path, pool, 60) is violated, path.read_text(encoding="utf-8")
            seen[violated] += 1
    assert seen[False] > 0


def test_the_readme_report_is_real(tmp_path, capsys, monkeypatch):
    """The README's `rulecheck verify` block is this command's output, time column aside."""
    text = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    block = text.split("```text\n$ rulecheck verify\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(tmp_path)
    assert main(["verify"]) == 1
    out = capsys.readouterr().out

    def masked(report: str) -> list[list[str]]:
        # Columns are as wide as their widest cell: a time of 10 s or more widens its column.
        return [re.sub(r"\b\d+\.\d s\b", "T s", line).split() for line in report.splitlines()[2:]]
    assert masked(out) == masked(block)
    assert (tmp_path / "counterexamples" / "steps_in_order.yaml").is_file()


def test_verify_jobs_gives_the_same_report(tmp_path, capsys):
    argv = ["verify", "steps_in_order", "front_face_not_transformed", "--bound", "1,2"]
    assert main(argv + ["-o", str(tmp_path / "one")]) == 1
    one = capsys.readouterr().out
    assert main(argv + ["-o", str(tmp_path / "two"), "--jobs", "2"]) == 1
    two = capsys.readouterr().out

    def rows(report: str) -> list[list[str]]:
        return [re.sub(r"\b\d+\.\d s\b", "T s", line).split()[:8] for line in report.splitlines()[2:]]
    assert rows(one) == rows(two)
    assert rows(one)[0][:6] == ["steps_in_order", "500.1", "506.1", "counterexample", "(0", "objects,"]
    assert (tmp_path / "one" / "steps_in_order.yaml").read_text() == (tmp_path / "two" / "steps_in_order.yaml").read_text()


def test_a_time_limit_is_no_proof(tmp_path, capsys):
    assert main(["verify", "front_face_not_transformed", "--time-limit", "0.001", "-o", str(tmp_path)]) == 1
    row = capsys.readouterr().out.splitlines()[2]
    assert re.search(r" time limit; time limit: timelines of [01] events or more not searched ", row), row
    assert list(tmp_path.iterdir()) == []
