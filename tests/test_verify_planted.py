"""Proof that `rulecheck verify` can fail (issue 12): a mistake planted in a copy of logic/, in
the rule a property rests on, and the counterexample the sweep then finds, loaded and answered by
`rulecheck ask`. (Apart from tests/test_verify.py so that the two files run on the two test
workers side by side: --dist loadfile keeps a file on one worker.)"""

from __future__ import annotations

import yaml

from rulecheck import verify as v
from rulecheck.ask import answer_all
from rulecheck.cards import CardPool
from rulecheck.cli import main
from rulecheck.load import load_scenario
from verify_planting import (BOUND, PLANTED_STEP_ORDER, REAL_STEP_ORDER, _clear_caches,  # noqa: F401
                             _planted_counterexample, planted_logic)


# 510.4's first-strike condition for the second step: only creatures that had neither first
# strike nor double strike as the first step began. Planted: the 702.7c rule forgets it, so a
# creature that still has first strike assigns again.
REAL_510_4 = 'in_step(T2, O, "702.7c") :- step_pair(_, T2), combatant(T2, O), not had_strike(T2, O), has_now(T2, O, first_strike).'
PLANTED_510_4 = 'in_step(T2, O, "702.7c") :- step_pair(_, T2), combatant(T2, O), has_now(T2, O, first_strike).'


def test_a_planted_mistake_in_510_4_is_found(planted_logic, tmp_path, capsys):
    planted_logic("combat.lp", REAL_510_4, PLANTED_510_4)
    out = tmp_path / "out"
    code = main(["verify", "second_step_needs_double_strike", "--bound", "2,3", "--jobs", "1", "-o", str(out)])
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




def test_a_step_out_of_order_is_found_without_the_rule_that_refuses_it(planted_logic, tmp_path, monkeypatch):
    planted_logic("turns.lp", REAL_STEP_ORDER, PLANTED_STEP_ORDER)
    outcome = v.verify(v.select(["steps_in_order"])[0], BOUND, out_dir=tmp_path, time_limit=120)
    assert (outcome.result, outcome.objects, outcome.events, outcome.parts) == ("counterexample", 0, 2, 3)
    assert outcome.counterexample["objects"] == {}
    # A step begun twice (which step is the solver's pick among the smallest: all are 2 events).
    [first, second] = outcome.counterexample["timeline"]
    assert list(first) == ["begin"] and first == second
    step = first["begin"].replace("_", " ")
    scn = load_scenario(outcome.file, CardPool.builtin())
    [got] = answer_all(scn, list(scn.questions))
    assert got.invalid == [] and got.single.value["steps"] == 0
    # The rules in force refuse the same file.
    monkeypatch.delenv("RULECHECK_LOGIC_DIR")
    _clear_caches()
    [got] = answer_all(scn, list(scn.questions))
    [message] = got.invalid
    assert message.startswith(f"step out of order: {step}, {step}, 5") and message.endswith(
        "(at timeline entry 2, line 21: begin)")


# 510.4, 702.7b: in the first of two steps, only creatures with first strike or double strike.
# Planted: the 702.7b rule forgets the first strike it asks for, so every creature assigns.
REAL_702_7B = 'in_step(T, O, "702.7b") :- first_strike_step(T), combatant(T, O), read_point(T, O, B), has_keyword(O, first_strike, B),'
PLANTED_702_7B = 'in_step(T, O, "702.7b") :- first_strike_step(T), combatant(T, O), read_point(T, O, B),'


def test_a_planted_mistake_in_702_7b_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "combat.lp", REAL_702_7B, PLANTED_702_7B,
                                           "first_step_only_first_strikers")
    # The smallest: a creature with first strike and one without attack; one step begins.
    assert (outcome.objects, outcome.events) == (2, 3)
    # (The striker is White Knight or Fencing Ace: the solver's pick among the smallest.)
    by_card = {o: spec["card"] for o, spec in outcome.counterexample["objects"].items()}
    [striker] = [c for c in by_card.values() if c != "Grizzly Bears"]
    assert sorted(by_card.values()) == sorted(["Grizzly Bears", striker]) and striker in ("White Knight", "Fencing Ace")
    assert [list(e)[0] for e in outcome.counterexample["timeline"]] == ["attack", "attack", "begin"]
    # (damage_steps also predicts the second step: the first is the one asked about.)
    assert sorted((d["step"], by_card[d["creature"]], d["rule"]) for d in got.value["damage"] if d["step"] == 1) == sorted([
        (1, "Grizzly Bears", "702.7b"), (1, striker, "702.7b" if striker == "White Knight" else "702.4b")])


# 510.4, 702.4b: a creature that has double strike as the second step begins assigns in it.
# Planted: the second step's 702.4b rule is gone.
REAL_702_4B = 'in_step(T2, O, "702.4b") :- has_now(T2, O, double_strike), first_had(T2, O, double_strike).'
PLANTED_702_4B = "% (removed: double strike all along no longer assigns in the second step)"


def test_a_planted_mistake_in_the_second_step_of_double_strike_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "combat.lp", REAL_702_4B, PLANTED_702_4B,
                                           "second_step_the_rest_assign")
    assert outcome.counterexample["objects"] == {"o1": {"card": "Fencing Ace"}}
    assert outcome.counterexample["timeline"] == [{"attack": "o1", "target": "bob"}, {"begin": "combat_damage"},
                                                  {"begin": "combat_damage"}]
    assert [(d["step"], d["creature"], d["rule"]) for d in got.value["damage"]] == [(1, "o1", "702.4b")]


def test_the_second_step_branch_of_creatures_without_first_strike(planted_logic, tmp_path):
    """The premise the default bound doesn't reach: a creature that had neither first strike nor
    double strike as the first step began and was given first strike since (702.7c, seed 000-10)
    needs a second attacker with first strike and five events. With 702.7c's rule gone, the
    property finds it at bound 2,5; the unaltered rules hold there."""
    held = v.verify(v.select(["second_step_the_rest_assign"])[0], v.Bound(2, 5), out_dir=tmp_path, time_limit=120)
    assert (held.result, held.parts) == ("holds", 6)
    outcome, got = _planted_counterexample(
        planted_logic, tmp_path, "combat.lp", REAL_510_4,
        "% (removed: a creature given first strike between the steps no longer assigns)",
        "second_step_the_rest_assign", bound=v.Bound(2, 5))
    assert (outcome.objects, outcome.events) == (2, 5)
    by_card = {o: spec["card"] for o, spec in outcome.counterexample["objects"].items()}
    [striker] = [c for c in by_card.values() if c != "Grizzly Bears"]
    assert striker in ("White Knight", "Fencing Ace") and "Grizzly Bears" in by_card.values()
    bears = next(o for o, c in by_card.items() if c == "Grizzly Bears")
    assert {"gain": bears, "ability": "first_strike", "until": "end_of_turn"} in outcome.counterexample["timeline"]
    # Grizzly Bears assigns in neither step.
    assert bears not in [d["creature"] for d in got.value["damage"]]


# 701.27c, 712.9 in force: any double-faced permanent can transform. Planted: the superseded
# wording of seed rulings 000-01 and 000-03, only a transforming (nonmodal) double-faced card.
REAL_701_27C = ("cannot_turn_over(A, O, P, R) :- rule_not_double_faced(A, R), turn_check(O, P), on_battlefield(O, P), "
                "not double_faced(O).")
PLANTED_701_27C = ("cannot_turn_over(A, O, P, R) :- rule_not_double_faced(A, R), turn_check(O, P), on_battlefield(O, P), "
                   "object_card(O, C), not nonmodal_dfc(C).")


def test_the_superseded_wording_of_701_27c_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "transform.lp", REAL_701_27C, PLANTED_701_27C,
                                           "modal_dfc_transforms_to_a_permanent_face")
    assert outcome.counterexample["objects"] == {"o1": {"card": "Miles Morales // Ultimate Spider-Man"}}
    assert outcome.counterexample["timeline"] == [{"transform": "o1"}]
    assert (got.value["face"], got.value["name"]) == ("front", "Miles Morales")


# 202.3a, 202.3b: only a NONMODAL back face takes its front face's mana cost. Planted: any
# double-faced card's back face does.
REAL_202_3B = ("nonmodal_back_up(O, P) :- char_face(O, C, back, P), reads_mana_value(O), nonmodal_double_faced(O), "
               "object_card(O, C),")
PLANTED_202_3B = ("nonmodal_back_up(O, P) :- char_face(O, C, back, P), reads_mana_value(O), double_faced(O), "
                  "object_card(O, C),")


def test_a_planted_mistake_in_202_3b_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "mana_value.lp", REAL_202_3B, PLANTED_202_3B,
                                           "no_mana_cost_mana_value_zero")
    # Valakut Stoneforge, a land with no mana cost, given Valakut Awakening's {2}{R}.
    assert outcome.counterexample["objects"] == {"o1": {"card": "Valakut Awakening // Valakut Stoneforge",
                                                        "face": "back"}}
    assert outcome.counterexample["timeline"] == []
    assert got.value == 3


# 613.7g: a new timestamp each time it transforms. Planted: the rule that gives it is gone.
REAL_613_7G = "sets(O, timestamp, (E, 0), E) :- turns_over(A, O, T), point_of(T, E)."
PLANTED_613_7G = "% (removed: transforming no longer gives a new timestamp)"


def test_a_planted_mistake_in_613_7g_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "transform.lp", REAL_613_7G, PLANTED_613_7G,
                                           "transform_gives_new_timestamp")
    assert (outcome.objects, outcome.events) == (1, 1)
    assert outcome.counterexample["timeline"] == [{"transform": "o1"}]
    assert got.value == 0                       # the timestamp it had in the initial state


# 702.10c: haste lets a creature's {T} abilities be activated. Planted: haste.lp forgets haste.
REAL_702_10C = "sick_without_haste(O, P, G) :- summoning_sick(O, P, G), not has_keyword(O, haste, P)."
PLANTED_702_10C = "sick_without_haste(O, P, G) :- summoning_sick(O, P, G)."


def test_a_planted_mistake_in_702_10c_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "haste.lp", REAL_702_10C, PLANTED_702_10C,
                                           "tap_abilities_and_summoning_sickness")
    # Llanowar Elves that came under alice's control this turn, given haste.
    assert outcome.counterexample["objects"] == {"o1": {"card": "Llanowar Elves", "controlled_since": 3}}
    assert outcome.counterexample["timeline"] == [{"gain": "o1", "ability": "haste", "until": "end_of_turn"}]
    assert (got.value, got.rules) == (False, ["302.6", "602.5a"])


# 701.27b: transforming is not turning face up. Planted: an engine that treats it as one.
REAL_701_27B = "turns_face_up(O, T) :- happens(T, turn_face_up(O)), read_point(T, O, B), face_down(O, B)."
PLANTED_701_27B = REAL_701_27B + "\nturns_face_up(O, T) :- turns_over(transform, O, T)."


def test_a_planted_mistake_in_701_27b_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "facedown.lp", REAL_701_27B, PLANTED_701_27B,
                                           "transform_is_not_turning_face_down")
    assert (outcome.objects, outcome.events) == (1, 1)
    assert outcome.counterexample["timeline"] == [{"transform": "o1"}]
    assert outcome.counterexample["questions"] == [{"ask": "would_trigger", "object": "o1",
                                                    "condition": "turned_face_up", "entry": 1, "at": 1}]
    assert got.value is True


# 607.1b: both faces of a nonmodal double-faced object, whichever is up. Planted: only the face
# whose characteristics it has (712.8's rule, applied where 607.1b makes the exception).
REAL_607_1B = "nonmodal_double_faced(O), object_card(O, C), face(C, S),"
PLANTED_607_1B = "nonmodal_double_faced(O), object_card(O, C), char_face(O, C, S, P),"


def test_a_planted_mistake_in_607_1b_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "printed_on.lp", REAL_607_1B, PLANTED_607_1B,
                                           "printed_on_either_face")
    assert (outcome.objects, outcome.events) == (1, 0)
    [spec] = outcome.counterexample["objects"].values()
    assert spec["card"] in ("Delver of Secrets // Insectile Aberration", "Huntmaster of the Fells // Ravager of the Fells")
    # One face only (the face up: front, a scenario's default), where 607.1b gives both.
    assert "face" not in spec and got.value["faces"] == ["front"]


# 712.14a, 307.4 (400.4a): a card put onto the battlefield transformed enters with its back face,
# so a sorcery BACK face keeps it where it was. Planted: an engine that checks the front face.
REAL_307_4 = 'face_type(C, S, sorcery), not stays_at(O, K, "712.14a")'
PLANTED_307_4 = 'face_type(C, S, sorcery), S = front, not stays_at(O, K, "712.14a")'


def test_a_planted_mistake_in_entering_transformed_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "zones.lp", REAL_307_4, PLANTED_307_4,
                                           "modal_dfc_enters_transformed")
    # The abstract card travels in the file (properties/cards.json): a sorcery face on the battlefield.
    # (From a hand or a graveyard: the solver's pick, both equally plain.)
    [spec] = outcome.counterexample["objects"].values()
    assert spec["card"] == "Tidecaller Adept // Tidecaller's Rebuke" and spec["zone"] in ("hand", "graveyard")
    assert outcome.counterexample["timeline"] == [{"move": "o1", "to": "battlefield", "transformed": True}]
    assert [c["name"] for c in outcome.counterexample["cards"]] == ["Tidecaller Adept // Tidecaller's Rebuke"]
    assert (got.value["zone"], got.value["face"], got.value["types"]) == ("battlefield", "back", ["sorcery"])


# 701.10g, 614.1a (seed rulings 000-22, 003-08; 003-10 for Approach's effect of the same wording):
# a doubling applies whatever the recipient. Planted: Furnace of Rath doubles only damage to its
# controller's opponent.
REAL_701_10G = "damage_mod(C, S, Name, double, any, any) :- damage_replacement(C, S, Name, double(any))."
PLANTED_701_10G = "damage_mod(C, S, Name, double, any, opponent) :- damage_replacement(C, S, Name, double(any))."


def test_a_planted_mistake_in_701_10g_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "replacement.lp", REAL_701_10G, PLANTED_701_10G,
                                           "damage_doubled_once")
    # The smallest: a Furnace of Rath alone, dealing damage to itself or to its controller.
    assert (outcome.objects, outcome.events) == (1, 1)
    assert outcome.counterexample["objects"] == {"o1": {"card": "Furnace of Rath"}}
    [event] = outcome.counterexample["timeline"]
    assert event["source"] == "o1" and event["target"] in ("o1", "alice")
    # Dealt as it would be: not doubled.
    assert got.value["dealt"] == [{"source": "o1", "to": event["target"], "amount": event["damage"]}]


# 704.5g: damage at least its toughness. Planted: an engine that destroys only for more than it.
REAL_704_5G = "toughness(O, N, P), N > 0, damage_marked(O, D, P), D >= N,"
PLANTED_704_5G = "toughness(O, N, P), N > 0, damage_marked(O, D, P), D > N,"


def test_a_planted_mistake_in_704_5g_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "sba.lp", REAL_704_5G, PLANTED_704_5G,
                                           "lethal_damage_destroys")
    # The smallest: a creature whose damage marked from the start (120.6) equals its toughness,
    # checked as the state-based actions after the initial state are (entry 0).
    assert (outcome.objects, outcome.events) == (1, 0)
    [spec] = outcome.counterexample["objects"].values()
    assert outcome.counterexample["timeline"] == []
    assert spec["damage"] == {"Grizzly Bears": 2, "Raging Goblin": 1}[spec["card"]]
    # It stays on the battlefield.
    assert got.value["zone"] == "battlefield"


# 701.10e (seed ruling 000-20): doubling gives as many as it has. Planted: one more counter.
REAL_701_10E = "sets(O, counter(K), 2 * N, E) :- doubled_from(O, K, N, T), point_of(T, E)."
PLANTED_701_10E = "sets(O, counter(K), N + 1, E) :- doubled_from(O, K, N, T), point_of(T, E)."


def test_a_planted_mistake_in_701_10e_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "counters.lp", REAL_701_10E, PLANTED_701_10E,
                                           "counters_doubled")
    # The smallest: a permanent with 2 counters of a kind (1 doubled is 2 either way), doubled.
    assert (outcome.objects, outcome.events) == (1, 1)
    [spec] = outcome.counterexample["objects"].values()
    [event] = outcome.counterexample["timeline"]
    kind = event["kind"]
    assert spec["counters"] == {kind: 2} and event["double_counters"] == "o1"
    assert got.value == {"counters": {kind: 3}}


# 704.5q: +1/+1 and -1/-1 counters in pairs. Planted: an engine that removes them only when there
# are more -1/-1 counters (equal numbers stay).
REAL_704_5Q = 'counter(O, "+1/+1", A, P), counter(O, "-1/-1", B, P), A <= B.'
PLANTED_704_5Q = 'counter(O, "+1/+1", A, P), counter(O, "-1/-1", B, P), A < B.'


def test_a_planted_mistake_in_704_5q_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "sba.lp", REAL_704_5Q, PLANTED_704_5Q,
                                           "plus_minus_counters_annihilate")
    # The smallest: a permanent with as many of each kind from the start (entry 0's check).
    assert (outcome.objects, outcome.events) == (1, 0)
    [spec] = outcome.counterexample["objects"].values()
    assert spec["counters"]["+1/+1"] == spec["counters"]["-1/-1"]
    counters = got.value["counters"]
    assert set(counters) == {"+1/+1", "-1/-1"} and counters["+1/+1"] == counters["-1/-1"]


# 701.10d (seed ruling 000-19): twice the current total. Planted: an engine that adds the starting
# total instead (right only while no damage changed it).
REAL_701_10D = "life_base(Pl, T, 2 * L) :- life_doubles(Pl, T, L)."
PLANTED_701_10D = "life_base(Pl, T, L + 20) :- life_doubles(Pl, T, L)."


def test_a_planted_mistake_in_701_10d_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "life.lp", REAL_701_10D, PLANTED_701_10D,
                                           "doubling_life")
    # The smallest: no object; a player's life total doubled twice (20 to 40, right under the
    # planted rule too, then 40 to 60 instead of 80).
    assert (outcome.objects, outcome.events) == (0, 2)
    first, second = outcome.counterexample["timeline"]
    assert first == second and list(first) == ["double_life"]
    assert got.value == 60


# 702.6a (seed ruling 002-08): "target creature you control". Planted: an engine that forgets
# "you control", so an opponent's creature is a target too.
REAL_702_6A_TARGET = ("object(X), on_battlefield(X, P), card_type(X, Kind, P),\n"
                      "                                               controller(X, Pl, P).")
PLANTED_702_6A_TARGET = "object(X), on_battlefield(X, P), card_type(X, Kind, P)."


def test_a_planted_mistake_in_702_6a_targets_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "equip.lp", REAL_702_6A_TARGET,
                                           PLANTED_702_6A_TARGET, "equip_targets_creatures_you_control")
    # The smallest: an Equipment and bob's creature, from the start.
    assert (outcome.objects, outcome.events) == (2, 0)
    specs = outcome.counterexample["objects"]
    [creature] = [o for o, spec in specs.items() if spec["card"] == "Grizzly Bears"]
    assert specs[creature].get("controller", specs[creature].get("owner")) == "bob"
    assert (got.value, got.rules) == ([creature], ["702.6a"])


# 602.5d, 307.1: "Activate only as a sorcery" — in its controller's turn. Planted: an engine that
# forgets whose turn it is.
REAL_307_1_TURN = "not_sorcery_time(Pl, P, not_your_turn) :- timing_checked(P), player(Pl), not active_player(Pl, P).\n"
PLANTED_307_1_TURN = "% (removed: not_your_turn)\n"


def test_a_planted_mistake_in_equip_timing_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "activation.lp", REAL_307_1_TURN,
                                           PLANTED_307_1_TURN, "equip_targets_creatures_you_control")
    # The smallest: bob's Equipment and bob's creature in alice's turn.
    assert (outcome.objects, outcome.events) == (2, 0)
    assert {spec.get("controller", spec.get("owner")) for spec in outcome.counterexample["objects"].values()} == {"bob"}
    assert (got.value, got.rules) == (True, ["602.2", "702.6a"])


# 702.6c (seed ruling 002-10): the quality restricts the targets. Planted: an engine that forgets it.
REAL_702_6C = "equip_target_ok(C, S, Name, Pl, X, P) :- equip_candidate(C, S, Name, Pl, X, P, supertype(T)), supertype(X, T, P)."
PLANTED_702_6C = "equip_target_ok(C, S, Name, Pl, X, P) :- equip_candidate(C, S, Name, Pl, X, P, supertype(T))."


def test_a_planted_mistake_in_702_6c_targets_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "equip.lp", REAL_702_6C, PLANTED_702_6C,
                                           "equip_quality_restricts_targets_only")
    # The smallest: Blackblade Reforged and Grizzly Bears (not legendary), from the start.
    assert (outcome.objects, outcome.events) == (2, 0)
    assert sorted(spec["card"] for spec in outcome.counterexample["objects"].values()) == [
        "Blackblade Reforged", "Grizzly Bears"]
    assert outcome.counterexample["questions"][0]["ability"] == "Equip legendary creature {3}"
    [bears] = got.value
    assert outcome.counterexample["objects"][bears]["card"] == "Grizzly Bears"


# 702.6c: "Additional restrictions for an equip ability don't restrict what the Equipment may be
# attached to". Planted: a state-based action that unattaches Equipment from a creature that isn't
# legendary (as if the quality restricted the attachment).
REAL_704_5N = ("illegal_attachment(Eq, X, P, \"704.5n\") :- attachment_check(Eq, P), attached_to(Eq, X, P), is_equipment(Eq, P),\n"
               "                                          on_battlefield(X, P), not creature(X, P).\n")
PLANTED_704_5N = REAL_704_5N + (
    "illegal_attachment(Eq, X, P, \"704.5n\") :- attachment_check(Eq, P), attached_to(Eq, X, P), is_equipment(Eq, P),"
    " on_battlefield(X, P), not supertype(X, legendary, P).\n")


def test_a_planted_mistake_in_what_a_quality_equipment_may_be_attached_to_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "equip.lp", REAL_704_5N, PLANTED_704_5N,
                                           "equip_quality_restricts_targets_only")
    # The smallest: Blackblade Reforged attached by an effect to Grizzly Bears.
    assert (outcome.objects, outcome.events) == (2, 1)
    by_card = {spec["card"]: o for o, spec in outcome.counterexample["objects"].items()}
    assert outcome.counterexample["timeline"] == [{"attach": by_card["Blackblade Reforged"], "to": by_card["Grizzly Bears"]}]
    assert (got.value, got.rules) == (1, ["613.7e"])


# 702.6d (seed ruling 002-11): any of several equip abilities may be activated. Planted: an engine
# that lets only the first (by its text) of a face's equip abilities be activated.
REAL_702_6D = ('ability_rule(C, S, Text, "702.6d") :- equip_ability(C, S, Text, _, _), equip_ability(C, S, Text2, _, _), '
               'Text != Text2.\n')
PLANTED_702_6D = REAL_702_6D + ('cannot_activate(O, Name, P, "702.6d") :- has_ability(O, C, S, Name, P), '
                                'equip_ability(C, S, Name, _, _), equip_ability(C, S, Name2, _, _), Name2 < Name.\n')


def test_a_planted_mistake_in_702_6d_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "equip.lp", REAL_702_6D, PLANTED_702_6D,
                                           "any_equip_ability_may_be_activated")
    # The smallest: an Equipment with two equip abilities and a creature both can target.
    assert (outcome.objects, outcome.events) == (2, 0)
    assert (got.value, got.rules) == (False, ["702.6d"])


# 702.6e (seed ruling 002-12): Equip planeswalker targets a planeswalker "as though that planeswalker
# were a creature". Planted: an engine that wants every equip target to be a creature too.
REAL_702_6E = "card_type(X, Kind, P),\n                                               controller(X, Pl, P)."
PLANTED_702_6E = "card_type(X, Kind, P), creature(X, P),\n                                               controller(X, Pl, P)."


def test_a_planted_mistake_in_702_6e_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "equip.lp", REAL_702_6E, PLANTED_702_6E,
                                           "equip_planeswalker_targets_planeswalkers_you_control")
    # The smallest: Luxior and Nissa, Sage Animist (a planeswalker, no creature), from the start.
    assert (outcome.objects, outcome.events) == (2, 0)
    assert sorted(spec["card"] for spec in outcome.counterexample["objects"].values()) == [
        "Luxior, Giada's Gift", "Nissa, Vastwood Seer // Nissa, Sage Animist"]
    assert outcome.counterexample["questions"][0]["ability"] == "Equip planeswalker {1}"
    assert got.value == []


# 701.10c (seed ruling 000-18): a negative power doubled gets -X/-0. Planted: an engine that adds the
# power's distance from 0 whatever its sign (+X/+0 for a power of -X).
REAL_701_10C = "doubled(Eff, O, power, X) :- double_read(Eff, O, W, B), doubles(W, power), power(O, X, B)."
PLANTED_701_10C = "doubled(Eff, O, power, |X0|) :- double_read(Eff, O, W, B), doubles(W, power), power(O, X0, B)."


def test_a_planted_mistake_in_701_10c_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "layers.lp", REAL_701_10C, PLANTED_701_10C,
                                           "power_and_toughness_doubled")
    # Searched in its own bound (`%! most: 1,1`): Ludevic's Test Subject (0/3) with -1/-1 counters,
    # its power doubled: -N gets +N/+0, so 0, instead of -N/-0, -2N.
    assert (outcome.bound, outcome.objects, outcome.events) == (v.Bound(1, 1), 1, 1)
    [spec] = outcome.counterexample["objects"].values()
    n = spec["counters"]["-1/-1"]
    assert [list(e)[0] for e in outcome.counterexample["timeline"]] == ["double"]
    assert n > 0 and got.value["power"] == 0


# 701.27e (seed ruling 000-05): "transforms into" triggers if the object has the characteristic
# immediately after. Planted: an engine that triggers on any transform, whatever the name after.
REAL_701_27E = "turned_at(O, T, _), point_of(T, E), name(O, N, E)."
PLANTED_701_27E = "turned_at(O, T, _), point_of(T, E)."


def test_a_planted_mistake_in_701_27e_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "triggers.lp", REAL_701_27E, PLANTED_701_27E,
                                           "transforms_into_triggers", v.Bound(1, 1))
    # The smallest: one double-faced permanent turned over; "transforms into" a name it doesn't
    # have just after triggers anyway.
    assert (outcome.objects, outcome.events) == (1, 1)
    [spec] = outcome.counterexample["objects"].values()
    [event] = outcome.counterexample["timeline"]
    [question] = outcome.counterexample["questions"]
    assert list(event)[0] in ("transform", "convert") and question["condition"].startswith("transforms_into:")
    assert question["condition"] != "transforms_into:" + {"Delver of Secrets // Insectile Aberration": "Insectile Aberration",
                                                          "Huntmaster of the Fells // Ravager of the Fells": "Ravager of the Fells"}[spec["card"]]
    assert (got.value, got.rules) == (True, ["701.27e"])


# 701.27f (seed ruling 000-06): a permanent's own ability transforms it only if it hasn't
# transformed since the ability was put on the stack. Planted: an engine without the rule.
REAL_701_27F = ("ignored(A, O, T, R) :- instructed(A, O, T, ability(Id)), item_source(Id, O), rule_since(A, R),\n"
                "                       ability_since(Id, P0), transform_entry(O, T1), T1 < T, turns_over(A1, O, T1),\n"
                "                       point_of(T1, P1), P0 < P1.")
PLANTED_701_27F = "% (removed: 701.27f)"


def test_a_planted_mistake_in_701_27f_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "transform.lp", REAL_701_27F, PLANTED_701_27F,
                                           "transform_ability_only_if_not_since", v.Bound(1, 3))
    # The smallest: Kessig Prowler's own transform ability activated, a spell's instruction
    # transforms it, then the ability resolves and transforms it back.
    assert (outcome.objects, outcome.events) == (1, 3)
    assert outcome.counterexample["objects"] == {"o1": {"card": "Kessig Prowler // Sinuous Predator"}}
    assert outcome.counterexample["timeline"] == [{"activate": "o1", "ability": "transform"}, {"transform": "o1"},
                                                  {"resolve": "#1"}]
    assert (got.value["face"], got.value["name"]) == ("front", "Kessig Prowler")


# 701.10f, 106.6 (seed rulings 000-21, 003-01): doubling a type of mana counts the restricted mana of
# that type. Planted: an engine that doubles only the mana without restriction.
REAL_701_10F = "mana_doubled_from(Pl, Ty, N, T) :- mana_doubling(Pl, Ty, T), N = #sum { M, R : carried(Pl, Ty, R, M, T) }."
PLANTED_701_10F = "mana_doubled_from(Pl, Ty, N, T) :- mana_doubling(Pl, Ty, T), N = #sum { M : carried(Pl, Ty, none, M, T) }."


def test_a_planted_mistake_in_701_10f_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "mana.lp", REAL_701_10F, PLANTED_701_10F,
                                           "mana_doubled", v.Bound(1, 2))
    # The smallest: a land tapped for restricted mana (Pillar of the Paruns' of a color, or Eldrazi
    # Temple's {C}{C}), that type doubled: nothing added.
    assert (outcome.objects, outcome.events) == (1, 2)
    [card] = [spec["card"] for spec in outcome.counterexample["objects"].values()]
    activate, double = outcome.counterexample["timeline"]
    mana, amount, carries = {"Pillar of the Paruns": (activate.get("mana"), 1, "multicolored_spell"),
                             "Eldrazi Temple": ("C", 2, "colorless_eldrazi")}[card]
    assert double == {"double_mana": "alice", "mana": mana}
    assert got.value == {"mana": [{"type": mana, "amount": amount, "from": "o1", "carries": carries, "as": "restriction"}]}


# 701.10g, 614.2 (seed ruling 003-10): Approach My Molten Realm doubles any source's damage.
# Planted: an engine that doubles only the damage of sources its controller controls.
REAL_APPROACH = "timed_source_ok(Id, Src, T) :- timed_double_on(Id, T), rd(Src, Tgt, T), item_effect(Id, double_damage(any, D))."
PLANTED_APPROACH = REAL_APPROACH[:-1] + ", timed_double(Id, Pl, T0), read_point(T, Src, B), controller(Src, Pl, B)."


def test_a_planted_mistake_in_approach_my_molten_realm_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "replacement.lp", REAL_APPROACH, PLANTED_APPROACH,
                                           "approach_doubles_any_damage", v.Bound(1, 3))
    # The smallest: the scheme's ability triggers and resolves; the scheme (in the command zone,
    # controlled by no one) deals damage, not doubled.
    assert (outcome.objects, outcome.events) == (1, 3)
    trigger, resolve, damage = outcome.counterexample["timeline"]
    assert (trigger["ability"], resolve) == ("set in motion: double damage", {"resolve": "#1"})
    assert [d["amount"] for d in got.value["dealt"]] == [damage["damage"]]


# 616.1 (seed ruling 003-11): the affected player chooses the order of the effects on damage.
# Planted: an engine where the other player chooses for a player dealt damage.
REAL_616_1 = "affected(Src, player(Pl), T, Pl) :- rd(Src, player(Pl), T)."
PLANTED_616_1 = "affected(Src, player(Pl), T, Q) :- rd(Src, player(Pl), T), player(Q), Q != Pl."


def test_a_planted_mistake_in_616_1_is_found(planted_logic, tmp_path):
    planted_logic("replacement.lp", REAL_616_1, PLANTED_616_1)
    outcome = v.verify(v.select(["damage_effects_in_the_affected_players_order"])[0], BOUND, out_dir=tmp_path / "out",
                       time_limit=120)
    # The smallest: Mending Hands cast and resolved on a player, then 1 damage to them under Furnace
    # of Rath: the other player chooses the order (two outcomes, one a choice each).
    assert (outcome.result, outcome.objects, outcome.events) == ("counterexample", 2, 3)
    cast, resolve, damage = outcome.counterexample["timeline"]
    [spell] = [o for o, spec in outcome.counterexample["objects"].items() if spec["card"] == "Mending Hands"]
    assert (cast, resolve["resolve"], damage["target"]) == ({"cast": spell}, spell, resolve["targets"][0])
    scn = load_scenario(outcome.file, CardPool.builtin())
    [got] = answer_all(scn, list(scn.questions))
    assert got.invalid == [] and len(got.outcomes) == 2
    [victim] = resolve["targets"]
    assert {c.split(":")[0] for o in got.outcomes for c in o.choices} == {"alice", "bob"} - {victim}


# 120.4b, 701.10g (seed ruling 003-12): Fireball's X is divided among its targets, rounded down,
# before a doubling. Planted: an engine that rounds the division up.
REAL_DIVIDED = "damage_event(O, Tgt, X / Nt, T, noncombat) :- resolving_spell_effect(O, T, I, deal_damage(divided_evenly, x)),"
PLANTED_DIVIDED = "damage_event(O, Tgt, (X + Nt - 1) / Nt, T, noncombat) :- resolving_spell_effect(O, T, I, deal_damage(divided_evenly, x)),"


def test_a_planted_mistake_in_dividing_damage_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "damage.lp", REAL_DIVIDED, PLANTED_DIVIDED,
                                           "divided_damage_then_doubled", v.Bound(1, 2))
    # The smallest: Fireball alone, cast and resolved with X = 1 among two targets: 1 each, not 0.
    assert (outcome.objects, outcome.events) == (1, 2)
    assert outcome.counterexample["timeline"] == [{"cast": "o1"}, {"resolve": "o1", "targets": ["alice", "bob"], "x": 1}]
    assert [d["amount"] for d in got.value["dealt"]] == [1, 1]


# 712.11c (seed rulings 001-04, 001-10): only the face cast is evaluated. Planted: an engine whose
# criteria read the card types of either face.
REAL_712_11C = "face_has(C, S, type(Ty)) :- test_face(C, S, _), face_type(C, S, Ty)."
PLANTED_712_11C = "face_has(C, S, type(Ty)) :- test_face(C, S, _), face_type(C, S2, Ty)."


def test_a_planted_mistake_in_712_11c_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "criteria.lp", REAL_712_11C, PLANTED_712_11C,
                                           "modal_face_cast_by_its_own_characteristics")
    # The smallest: Esika in a hand, its back face (The Prismatic Bridge, an enchantment) allowed
    # by "a creature spell" because its front face is a creature.
    assert (outcome.objects, outcome.events) == (1, 0)
    assert outcome.counterexample["objects"] == {"o1": {"card": "Esika, God of the Tree // The Prismatic Bridge",
                                                        "zone": "hand"}}
    assert outcome.counterexample["questions"] == [{"ask": "can_cast", "object": "o1", "face": "back",
                                                    "criteria": "type:creature", "at": 0}]
    assert got.value is True


# 611.2a, 500.11 (seed ruling 003-09): "until your next turn" ends as that turn begins, its untap
# step skipped or not. Planted: an engine that ends it only at an untap step that isn't skipped.
REAL_611_2A = "timed_double_may_last(Id, T), happens(Tb, begin_turn(Nb, Pl)), T0 < Tb, Tb <= T."
PLANTED_611_2A = REAL_611_2A[:-1] + ", not happens(Tb, skips(untap))."


def test_a_planted_mistake_in_611_2a_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "replacement.lp", REAL_611_2A, PLANTED_611_2A,
                                           "until_your_next_turn_untap_skipped")
    # The smallest: the scheme's ability triggered and resolved (the fixed prefix), alice's next
    # turn begun with its untap step skipped, then 1 damage from the scheme: still doubled.
    assert (outcome.objects, outcome.events) == (1, 4)
    trigger, resolve, turn, damage = outcome.counterexample["timeline"]
    assert (trigger["ability"], resolve, turn) == ("set in motion: double damage", {"resolve": "#1"},
                                                   {"begin_turn": 4, "active": "alice", "skip_untap": True})
    assert [d["amount"] for d in got.value["dealt"]] == [2 * damage["damage"]]


# 701.10a, 613.4c (seed ruling 000-16): a doubling modifies power and toughness (layer 7c), it
# doesn't set them. Planted: an engine whose doubling sets them to twice their value (layer 7b).
REAL_701_10A = "effect(Eff, pt(X, Y)) :- doubled(Eff, O, power, X), doubled(Eff, O, toughness, Y)."
PLANTED_701_10A = "effect(Eff, set_pt(2 * X, 2 * Y)) :- doubled(Eff, O, power, X), doubled(Eff, O, toughness, Y)."


def test_a_planted_mistake_in_701_10a_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "layers.lp", REAL_701_10A, PLANTED_701_10A,
                                           "doubling_modifies_not_sets")
    # The fixed timeline: Grizzly Bears doubled, then set to B/B: B, the doubling's +2 lost.
    assert (outcome.objects, outcome.events) == (1, 2)
    double, setting = outcome.counterexample["timeline"]
    assert double["double"] == setting["set_base_pt"] == "o1"
    assert (got.value["power"], got.value["toughness"]) == (setting["power"], setting["toughness"])


# 111.4, 111.10i (seed ruling 003-02): the Incubator's back face is named Phyrexian Token. Planted:
# an engine that gives only a token's front face the name its subtypes and "Token" make.
REAL_111_4 = "unnamed_token_face(C, S) :- token_card(C), face_name(C, S, N), face_subtypes_text(C, S, N)."
PLANTED_111_4 = REAL_111_4[:-1] + ", S = front."


def test_a_planted_mistake_in_111_4_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "cards.lp", REAL_111_4, PLANTED_111_4,
                                           "incubator_token_faces", v.Bound(1, 1))
    # The smallest: an Incubator token back face up from the start (with a +1/+1 counter: a 0/0
    # creature would be put into the graveyard), named Phyrexian.
    assert (outcome.objects, outcome.events) == (1, 0)
    [spec] = outcome.counterexample["objects"].values()
    assert (spec["card"], spec["face"]) == ("Incubator // Phyrexian", "back")
    assert got.value["name"] == "Phyrexian"


# 702.12b: lethal damage doesn't destroy an indestructible creature. Planted: 704.5g forgets it.
REAL_702_12B = """                                  toughness(O, N, P), N > 0, damage_marked(O, D, P), D >= N,
                                  not indestructible(O, P)."""
PLANTED_702_12B = """                                  toughness(O, N, P), N > 0, damage_marked(O, D, P), D >= N."""


def test_a_planted_mistake_in_702_12b_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "sba.lp", REAL_702_12B, PLANTED_702_12B,
                                           "indestructible_not_destroyed")
    # The smallest: one creature given indestructible, then dealt lethal damage (or with damage
    # marked from the start): in the planted rules, it is in the graveyard.
    assert outcome.objects == 1
    assert [next(iter(e)) for e in outcome.counterexample["timeline"]][:1] == ["gain"]
    assert got.value["zone"] == "graveyard"


# 506.4: a creature whose controller changes is removed from combat. Planted: only leaving the
# battlefield removes it.
REAL_506_4 = """removed_since(O, Td, T) :- combat_declaration(O, Td), combat_of(Td, C), combat_read(T, O, C), Td < T,
                           read_point(T, O, B), control_changed_since(O, Td, B)."""
PLANTED_506_4 = "% (removed: a change of controller no longer removes a creature from combat)"


def test_a_planted_mistake_in_506_4_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "combat.lp", REAL_506_4, PLANTED_506_4,
                                           "control_change_removes_from_combat")
    # The smallest: a creature attacks, another player gains control of it, and combat goes on.
    verbs = [next(iter(e)) for e in outcome.counterexample["timeline"]]
    assert outcome.objects == 1 and verbs[:2] == ["attack", "gain_control"]


# 613.7: within 7b, the latest effect sets the values. Planted: the earliest does.
REAL_613_7 = "last_set_pt(O, TS, P) :- set_pt_here(O, P), TS = #max { S : set_pt_at(O, S, X, Y, P) }."
PLANTED_613_7 = "last_set_pt(O, TS, P) :- set_pt_here(O, P), TS = #min { S : set_pt_at(O, S, X, Y, P) }."


def test_a_planted_mistake_in_613_7_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "layers.lp", REAL_613_7, PLANTED_613_7,
                                           "base_pt_latest_wins")
    # The smallest: the Bears given two different base power and toughness, one after the other:
    # the planted rules keep the first.
    events = outcome.counterexample["timeline"]
    assert outcome.objects == 1 and [next(iter(e)) for e in events] == ["set_base_pt", "set_base_pt"]
    assert (got.value["power"], got.value["toughness"]) == (events[0]["power"], events[0]["toughness"])
    assert (events[0]["power"], events[0]["toughness"]) != (events[1]["power"], events[1]["toughness"])


# 613.7c: counters put on get a new timestamp. Planted: only the scenario's own counters have one.
REAL_613_7C = """sets(O, counter_stamp(Kind), (E, 0), E) :- counter_change(O, Kind, D, T), D > 0, keyword_counter_kind(Kind, Kw),
                                           point_of(T, E)."""
PLANTED_613_7C = "% (removed: counters put on get no timestamp of their own)"


def test_a_planted_mistake_in_613_7c_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "keyword_counters.lp", REAL_613_7C, PLANTED_613_7C,
                                           "keyword_counter_timestamp")
    # The smallest: a creature given a flying counter: the planted rules give it no flying.
    assert (outcome.objects, [next(iter(e)) for e in outcome.counterexample["timeline"]]) == (1, ["counters"])
    assert (got.value["counters"].get("flying", 0) > 0, got.value["keywords"]) == (True, [])


# 305.7: a land whose subtype is set loses its rules-text abilities. Planted: Blood Moon takes
# nothing away, so Urborg's effect makes every land a Swamp too.
REAL_305_7 = """removes_ability(Eff, Src, Name, "4", Key, P) :- layer_candidate(Eff, ESrc, Src, "4", land_type(set, T), TS, P),
                                                effect_key(Eff, "4", Key, P), static_on(Src, C, S, Name, P)."""
PLANTED_305_7 = "% (removed: setting a land's subtype takes none of its abilities away)"


def test_a_planted_mistake_in_305_7_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "dependency.lp", REAL_305_7, PLANTED_305_7,
                                           "nonbasic_lands_under_blood_moon")
    # The smallest: Blood Moon and Urborg on the battlefield from the start; Urborg is a Mountain
    # and, in the planted rules, a Swamp too.
    assert (outcome.objects, outcome.events) == (2, 0)
    assert sorted(o["card"] for o in outcome.counterexample["objects"].values()) == ["Blood Moon", "Urborg, Tomb of Yawgmoth"]
    assert "Swamp" in got.value["subtypes"] and "Mountain" in got.value["subtypes"]



# 305.7: a land whose subtype is set to a basic land type loses the activated abilities of its
# rules text. Planted: activations find every ability of the face, whatever effects removed.
REAL_305_7_ACTIVATED = "has_ability(O, C, S, Name, P) :- face_has_ability(O, C, S, Name, P), not text_abilities_lost(O, P)."
PLANTED_305_7_ACTIVATED = "has_ability(O, C, S, Name, P) :- face_has_ability(O, C, S, Name, P)."


def test_a_planted_mistake_in_305_7_activated_abilities_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "activation.lp", REAL_305_7_ACTIVATED,
                                           PLANTED_305_7_ACTIVATED, "lands_under_blood_moon_tap_for_red")
    # The smallest: Blood Moon and Ancient Tomb on the battlefield from the start; the planted
    # rules let the Tomb tap for {C}{C} still.
    assert (outcome.objects, outcome.events) == (2, 0)
    assert sorted(o["card"] for o in outcome.counterexample["objects"].values()) == ["Ancient Tomb", "Blood Moon"]
    assert outcome.counterexample["questions"][0]["ability"] == "{T}: Add {C}{C}."
    assert (got.value, got.rules) == (True, ["602.2"])


# 305.6: a land with a basic land type has its mana ability. Planted: only a land whose card has
# the land type (the Swamp Urborg's effect gives, the Mountain Blood Moon's does, are not read).
REAL_305_6 = """has_ability(O, basic_land_type, Sub, Name, P) :- activation_check(O, Name, P), basic_land_mana(Sub, Ty, Name),
                                                 card_type(O, land, P), subtype(O, _, Sub, P),
                                                 not all_abilities_lost(O, P)."""
PLANTED_305_6 = """has_ability(O, basic_land_type, Sub, Name, P) :- activation_check(O, Name, P), basic_land_mana(Sub, Ty, Name),
                                                 card_type(O, land, P), char_face(O, C, S, P), face_subtype(C, S, _, Sub),
                                                 not all_abilities_lost(O, P)."""


def test_a_planted_mistake_in_305_6_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "intrinsic_mana.lp", REAL_305_6, PLANTED_305_6,
                                           "lands_under_blood_moon_tap_for_red")
    # The smallest: Blood Moon and a land without a printed Mountain: in the planted rules it has
    # no "{T}: Add {R}." (Breeding Pool keeps its printed Forest's and Island's abilities).
    assert (outcome.objects, outcome.events) == (2, 0)
    assert "Blood Moon" in [o["card"] for o in outcome.counterexample["objects"].values()]
    [question] = outcome.counterexample["questions"]
    assert question["ability"] in ("{T}: Add {R}.", "{T}: Add {G}.", "{T}: Add {U}.")
    assert got.value is (question["ability"] != "{T}: Add {R}.")


# 613.7 in layer 2: the latest control-changing effect decides. Planted: the earliest one does.
REAL_613_1B = "control_set(O, Pl, P) :- latest(O, control, K, P), control_key(O, Pl, K, P), on_battlefield(O, P)."
PLANTED_613_1B = """control_set(O, Pl, P) :- control_key(O, Pl, K, P), on_battlefield(O, P),
                        K = #min { K2 : control_key(O, Pl2, K2, P) }."""


def test_a_planted_mistake_in_613_1b_control_order_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "permanents.lp", REAL_613_1B, PLANTED_613_1B,
                                           "control_latest_effect_decides")
    # The smallest: one permanent given to one player, then to the other: the planted rules keep
    # the first.
    events = outcome.counterexample["timeline"]
    assert outcome.objects == 1 and [next(iter(e)) for e in events] == ["gain_control", "gain_control"]
    assert events[0]["player"] != events[1]["player"]
    assert got.value["controller"] == events[0]["player"]


# 613.7 in layer 6: the latest effect about a keyword decides. Planted: the earliest one does.
REAL_613_1F = "TS = #max { T : keyword_effect_at(O, K, T, _, P) }."
PLANTED_613_1F = "TS = #min { T : keyword_effect_at(O, K, T, _, P) }."


def test_a_planted_mistake_in_613_1f_keyword_order_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "characteristics.lp", REAL_613_1F, PLANTED_613_1F,
                                           "keyword_latest_effect_decides")
    # The smallest: the Bears under Humility (on the battlefield from the start: an earlier
    # timestamp) gain flying: the planted rules keep Humility's loss of it.
    # (Vampire Nighthawk would do as well as the Bears: clingo's optimum may be either.)
    objects = outcome.counterexample["objects"]
    [entry] = outcome.counterexample["timeline"]
    assert (entry["ability"], entry["until"]) == ("flying", "end_of_turn")
    creature = objects[entry["gain"]]["card"]
    assert sorted(o["card"] for o in objects.values()) == sorted([creature, "Humility"])
    assert creature in ("Grizzly Bears", "Vampire Nighthawk")
    assert (got.value["name"], got.value["keywords"]) == (creature, [])


# 613.7c, 613.7d: flying counters put on before Humility entered are under its effect. Planted:
# keyword counters apply after every other effect of layer 6, whatever their timestamps.
REAL_613_7C_BEFORE = """    may_have_keyword_counter(O, Kind, Kw), val(O, counter(Kind), N, P), N > 0, val(O, counter_stamp(Kind), TS, P)."""
PLANTED_613_7C_BEFORE = """    may_have_keyword_counter(O, Kind, Kw), val(O, counter(Kind), N, P), N > 0, val(O, counter_stamp(Kind), TS0, P),
    TS = (1000000, 0)."""


def test_a_planted_mistake_in_613_7c_counters_before_is_found(planted_logic, tmp_path):
    outcome, got = _planted_counterexample(planted_logic, tmp_path, "keyword_counters.lp", REAL_613_7C_BEFORE,
                                           PLANTED_613_7C_BEFORE, "keyword_counter_before_lose_all")
    # The smallest: a creature with a flying counter from the start, and Humility moved onto the
    # battlefield: in the planted rules it still flies.
    objects = outcome.counterexample["objects"]
    [entry] = outcome.counterexample["timeline"]
    assert (objects[entry["move"]]["card"], entry["to"]) == ("Humility", "battlefield")
    [creature] = [spec for name, spec in objects.items() if name != entry["move"]]
    assert creature["card"] in ("Grizzly Bears", "Vampire Nighthawk") and creature["counters"]["flying"] > 0
    assert (got.value["name"], "flying" in got.value["keywords"]) == (creature["card"], True)

