"""logic/event_replacement.lp: replacement effects on counters put (122.6), tokens created (111.1)
and cards or tokens put into a graveyard (614.6); Solemnity's "can't" (614.17, 614.17c); the
affected player's or controller's order (616.1, 616.1e, 616.1f); queries/event_outcomes.lp."""

from pathlib import Path

import pytest

from harness import EVERY_END, ask, pool, shown, shown1
from rulecheck.ask import answer
from rulecheck.load import load_scenario

ORDERED = ["122.6", "614.1a", "614.5", "616.1", "616.1e", "616.1f"]


def outcomes(got):
    return sorted((repr(o.value), tuple(o.rules), tuple(o.choices)) for o in got.outcomes)


def values(got):
    return sorted(repr(o.value) for o in got.outcomes)


def board(objects: str, timeline: str) -> str:
    return "objects:\n" + objects + "timeline:\n" + timeline


SCALES_SEASON = board(
    "  scales: {card: Hardened Scales}\n"
    "  season: {card: Doubling Season}\n"
    "  bears: {card: Grizzly Bears}\n",
    '  - {counters: bears, add: {"+1/+1": 3}}\n')


def test_hardened_scales_with_doubling_season_in_both_orders():
    # 616.1: the bears' controller chooses: one more then twice, (3 + 1) * 2 = 8; twice then one
    # more, 3 * 2 + 1 = 7. Each effect once (614.5).
    got = ask(SCALES_SEASON, "event_outcomes 1")
    assert got.invalid == []
    assert outcomes(got) == [
        (repr({"counters": [{"object": "bears", "kind": "+1/+1", "put": 7}], "tokens": [], "life": [], "zone": []}), tuple(ORDERED),
         ("alice: order: the doubling of season before the one more +1/+1 counter of scales, on the counters put on bears at entry 1",)),
        (repr({"counters": [{"object": "bears", "kind": "+1/+1", "put": 8}], "tokens": [], "life": [], "zone": []}), tuple(ORDERED),
         ("alice: order: the one more +1/+1 counter of scales before the doubling of season, on the counters put on bears at entry 1",)),
    ]
    assert got.outcomes[0].because == [
        "3 +1/+1 counters would be put on bears",
        "the doubling of season applied to the counters put on bears at entry 1",
        "the one more +1/+1 counter of scales applied to the counters put on bears at entry 1",
        "alice chooses the order of the effects on the counters put on bears at entry 1 (616.1)"]


def test_the_counters_question_answers_after_the_replacements():
    got = ask(SCALES_SEASON, "counters bears")
    assert sorted((repr(o.value), tuple(o.rules)) for o in got.outcomes) == [
        (repr({"counters": {"+1/+1": 7}}), ("122.1",) + tuple(ORDERED)),
        (repr({"counters": {"+1/+1": 8}}), ("122.1",) + tuple(ORDERED))]
    assert "3 +1/+1 counters would be put on bears at entry 1: 8 were put instead (614.1a)" in got.outcomes[1].because


def test_power_and_toughness_follow_the_counters_put():
    # 613.4c: a 2/2 with 7 or 8 +1/+1 counters; one answer set per order.
    models = shown(SCALES_SEASON, EVERY_END + '#show. #show (Pw, Tg) : end_of(1, P), power("bears", Pw, P), toughness("bears", Tg, P).')
    assert sorted(models) == [["(10,10)"], ["(9,9)"]]


def test_scales_only_on_a_creature_its_controller_controls_and_only_on_the_battlefield():
    # Hardened Scales: "+1/+1 counters ... on a creature you control": bob's bears get 3; a card in
    # a graveyard isn't a creature on the battlefield: 3 too; a Scales in a hand does nothing.
    text = board("  scales: {card: Hardened Scales}\n  other: {card: Hardened Scales, zone: hand}\n"
                 "  bobs: {card: Grizzly Bears, owner: bob}\n  dead: {card: Grizzly Bears, zone: graveyard}\n"
                 "  mine: {card: Grizzly Bears}\n",
                 '  - {counters: bobs, add: {"+1/+1": 3}}\n  - {counters: dead, add: {"+1/+1": 3}}\n'
                 '  - {counters: mine, add: {"+1/+1": 3, charge: 2}}\n')
    assert values(ask(text, "event_outcomes 1")) == [repr({"counters": [{"object": "bobs", "kind": "+1/+1", "put": 3}], "tokens": [], "life": [], "zone": []})]
    assert values(ask(text, "event_outcomes 2")) == [repr({"counters": [{"object": "dead", "kind": "+1/+1", "put": 3}], "tokens": [], "life": [], "zone": []})]
    got = ask(text, "event_outcomes 3")
    assert outcomes(got) == [(repr({"counters": [{"object": "mine", "kind": "+1/+1", "put": 4}, {"object": "mine", "kind": "charge", "put": 2}],
                                    "tokens": [], "life": [], "zone": []}), ("122.6", "614.1a", "614.5"), ())]


DOUBLERS = board(
    "  season: {card: Doubling Season}\n"
    "  menace: {card: Corpsejack Menace}\n"
    "  vorinclex: {card: \"Vorinclex, Monstrous Raider\"}\n"
    "  bears: {card: Grizzly Bears}\n",
    '  - {counters: bears, add: {"+1/+1": 3, charge: 1}}\n')


def test_with_only_doublers_there_is_one_outcome():
    # Three doublings of the +1/+1 counters (3 * 8), two of the charge counters (Corpsejack Menace
    # only doubles +1/+1 counters): whatever the order, one outcome, and no choice leads to it.
    got = ask(DOUBLERS, "event_outcomes 1")
    assert outcomes(got) == [(repr({"counters": [{"object": "bears", "kind": "+1/+1", "put": 24}, {"object": "bears", "kind": "charge", "put": 4}],
                                    "tokens": [], "life": [], "zone": []}), tuple(ORDERED), ())]


def test_vorinclex_halves_what_an_opponent_puts_rounded_down():
    # Bob's Vorinclex halves what alice puts (she controls the permanent: she puts them); her
    # Doubling Season doubles. Halve first: 1 -> 0 and 3 -> 1, then 0 and 2 (616.1f: the doubling
    # still applies, to the charge counters); double first: 2 and 6, then 1 and 3.
    text = board("  vorinclex: {card: \"Vorinclex, Monstrous Raider\", owner: bob}\n  season: {card: Doubling Season}\n",
                 '  - {counters: season, add: {charge: 3, "+1/+1": 1}}\n')
    assert values(ask(text, "event_outcomes 1")) == sorted([
        repr({"counters": [{"object": "season", "kind": "+1/+1", "put": 0}, {"object": "season", "kind": "charge", "put": 2}], "tokens": [], "life": [], "zone": []}),
        repr({"counters": [{"object": "season", "kind": "+1/+1", "put": 1}, {"object": "season", "kind": "charge", "put": 3}], "tokens": [], "life": [], "zone": []})])


def test_halved_to_nothing_leaves_nothing_to_modify():
    # 616.1f: halve first and no counter is left to put: Hardened Scales no longer applies (0);
    # Scales first: 2, halved: 1.
    text = board("  vorinclex: {card: \"Vorinclex, Monstrous Raider\", owner: bob}\n  scales: {card: Hardened Scales}\n"
                 "  bears: {card: Grizzly Bears}\n", '  - {counters: bears, add: {"+1/+1": 1}}\n')
    got = ask(text, "event_outcomes 1")
    assert outcomes(got) == [
        (repr({"counters": [{"object": "bears", "kind": "+1/+1", "put": 0}], "tokens": [], "life": [], "zone": []}), tuple(ORDERED),
         ("alice: order: the halving of vorinclex before the one more +1/+1 counter of scales, on the counters put on bears at entry 1",)),
        (repr({"counters": [{"object": "bears", "kind": "+1/+1", "put": 1}], "tokens": [], "life": [], "zone": []}), tuple(ORDERED),
         ("alice: order: the one more +1/+1 counter of scales before the halving of vorinclex, on the counters put on bears at entry 1",))]
    # Halved to none, the Scales had no event left: only the halving applied.
    zero = next(o for o in got.outcomes if o.value["counters"][0]["put"] == 0)
    assert "the one more +1/+1 counter of scales applied to the counters put on bears at entry 1" not in zero.because


def test_solemnity_is_not_a_replacement_and_stops_every_other_effect():
    # 614.17, 614.17c: counters can't be put on a creature or an enchantment: none are, and
    # Hardened Scales and Doubling Season have no event to modify.
    text = board("  solemnity: {card: Solemnity, owner: bob}\n  scales: {card: Hardened Scales}\n  season: {card: Doubling Season}\n"
                 "  bears: {card: Grizzly Bears}\n",
                 '  - {counters: bears, add: {"+1/+1": 3}}\n  - {counters: season, add: {charge: 1}}\n')
    got = ask(text, "event_outcomes 1")
    assert outcomes(got) == [(repr({"counters": [{"object": "bears", "kind": "+1/+1", "put": 0}], "tokens": [], "life": [], "zone": []}),
                              ("122.6", "614.17", "614.17c"), ())]
    assert got.single.because[-1] == "solemnity says counters can't be put on bears: the event can't happen, and no replacement effect modifies it (614.17c)"
    got = ask(text, "counters season")
    assert (got.single.value, got.single.rules) == ({}, ["122.1", "122.6", "614.17", "614.17c"])


def test_counters_given_as_it_enters_or_by_a_doubling_are_refused():
    # 122.6: counters given as a token enters are counters put on it; 701.10e: a doubling gives
    # counters. rulecheck doesn't apply these effects to them: refused, not answered wrongly.
    text = board("  season: {card: Doubling Season}\n  elf: {card: Llanowar Elves, zone: none}\n"
                 '  bears: {card: Grizzly Bears, counters: {"+1/+1": 1}}\n',
                 '  - {create: elf, enters_with: {"+1/+1": 2}}\n  - {double_counters: bears}\n')
    got = ask(text, "event_outcomes 1")
    assert sorted(got.invalid) == ['counter replacement not modelled: bears, 701.10e (at timeline entry 2, line 7: double_counters)',
                                   'counter replacement not modelled: elf, 122.6 (at timeline entry 1, line 6: create)']


TOKENS = board(
    "  season: {card: Doubling Season}\n"
    "  lives: {card: Parallel Lives}\n"
    "  procession: {card: Anointed Procession, owner: bob}\n"
    "  elf: {card: Llanowar Elves, zone: none}\n"
    "  lattice: {card: Mycosynth Lattice, zone: none}\n"
    "  bobs: {card: Llanowar Elves, zone: none, owner: bob}\n",
    "  - {create: elf}\n  - {create: lattice}\n  - {create: bobs}\n")


def test_tokens_doubled_by_each_effect_that_applies():
    # Doubling Season and Parallel Lives double alice's creature token (4); Parallel Lives
    # only creature tokens: the artifact token is 2; bob's Anointed Procession only bob's (2).
    got = ask(TOKENS, "event_outcomes 1")
    assert outcomes(got) == [(repr({"counters": [], "tokens": [{"token": "elf", "created": 4}], "life": [], "zone": [{"object": "elf", "zone": "battlefield"}]}),
                              ("111.1", "614.1a", "614.5", "616.1", "616.1e", "616.1f"), ())]
    assert "3 more tokens like elf are created: they are not objects of the scenario, and no other question sees them" in got.single.because
    assert values(ask(TOKENS, "event_outcomes 2")) == [
        repr({"counters": [], "tokens": [{"token": "lattice", "created": 2}], "life": [], "zone": [{"object": "lattice", "zone": "battlefield"}]})]
    assert values(ask(TOKENS, "event_outcomes 3")) == [
        repr({"counters": [], "tokens": [{"token": "bobs", "created": 2}], "life": [], "zone": [{"object": "bobs", "zone": "battlefield"}]})]
    # Every answer says the added tokens aren't objects (modelled.lp: the part not executed).
    assert any("Parallel Lives (object lives)" in w and "not objects of the scenario" in w for w in got.warnings)


DYING = board(
    "  rip: {card: Rest in Peace, owner: bob}\n"
    "  bears: {card: Grizzly Bears}\n"
    "  elf: {card: Llanowar Elves, token: true}\n"
    "  bolt: {card: Lightning Bolt, zone: hand}\n",
    "  - {damage: 2, source: bolt, target: bears}\n  - {damage: 1, source: bolt, target: elf}\n"
    "  - {cast: bolt}\n  - {resolve: bolt, targets: [alice]}\n")


def test_rest_in_peace_exiles_a_dying_creature_a_dying_token_and_a_resolved_spell():
    # 704.5g puts the bears into alice's graveyard: exiled instead (614.6). The token is exiled
    # too ("a card or token"), then ceases to exist (111.7, 704.5d). The instant, resolved: exiled.
    got = ask(DYING, "event_outcomes 1").single
    assert (got.value, got.rules) == ({"counters": [], "tokens": [], "life": [], "zone": [{"object": "bears", "zone": "exile"}]}, ["614.1a", "614.6"])
    assert got.because == ["bears would be put into a graveyard: rip's replacement effect exiles it instead (614.6)"]
    got = ask(DYING, "event_outcomes 2").single
    assert (got.value, got.rules) == ({"counters": [], "tokens": [], "life": [], "zone": [{"object": "elf", "zone": "ceased"}]},
                                      ["111.7", "614.1a", "614.6", "704.5d"])
    got = ask(DYING, "event_outcomes 4").single
    assert got.value == {"counters": [], "tokens": [], "life": [], "zone": [{"object": "bolt", "zone": "exile"}]}
    atoms = shown1(DYING, EVERY_END + '#show. #show (O, Z) : end_of(4, P), zone(O, Z, P), O != "rip".')
    assert atoms == ['("bears",exile)', '("bolt",exile)', '("elf",ceased)']


def test_without_rest_in_peace_they_go_to_the_graveyard():
    # The same scenario with Rest in Peace in a hand: nothing replaces the events.
    text = DYING.replace("{card: Rest in Peace, owner: bob}", "{card: Rest in Peace, owner: bob, zone: hand}")
    got = ask(text, "event_outcomes 1").single
    assert (got.value, got.rules) == ({"counters": [], "tokens": [], "life": [], "zone": [{"object": "bears", "zone": "graveyard"}]}, [])
    assert got.because == ['no replacement or "can\'t" effect modified the event at entry 1']


LEYLINE = board(
    "  leyline: {card: Leyline of the Void, owner: bob}\n"
    "  bears: {card: Grizzly Bears}\n"
    "  bobs: {card: Grizzly Bears, owner: bob}\n"
    "  elf: {card: Llanowar Elves, token: true}\n",
    "  - {damage: 2, source: elf, target: bears}\n  - {damage: 2, source: elf, target: bobs}\n"
    "  - {damage: 1, source: bears, target: elf}\n")


def test_leyline_of_the_void_only_cards_going_to_an_opponent_s_graveyard():
    # Alice's card: exiled; bob's own card: his graveyard; alice's token (not a card): her
    # graveyard, and it ceases to exist (111.7, 704.5d).
    assert ask(LEYLINE, "event_outcomes 1").single.value["zone"] == [{"object": "bears", "zone": "exile"}]
    assert ask(LEYLINE, "event_outcomes 2").single.value["zone"] == [{"object": "bobs", "zone": "graveyard"}]
    got = ask(LEYLINE, "event_outcomes 3").single
    assert (got.value["zone"], got.rules) == ([{"object": "elf", "zone": "ceased"}], ["111.7", "704.5d"])


def test_rest_in_peace_and_leyline_either_exiles():
    text = LEYLINE.replace("objects:\n", "objects:\n  rip: {card: Rest in Peace}\n")
    got = ask(text, "event_outcomes 1").single
    assert (got.value["zone"], got.rules) == ([{"object": "bears", "zone": "exile"}], ["614.1a", "614.6", "616.1", "616.1e"])
    assert "two effects would exile bears instead: whichever its owner applies first, the other has no graveyard event left to replace (616.1)" in got.because


def test_the_replacement_s_own_source_put_into_a_graveyard_is_refused():
    text = board("  rip: {card: Rest in Peace}\n", "  - {move: rip, to: graveyard}\n")
    got = ask(text, "event_outcomes 1")
    assert got.invalid == ["replacement as its source leaves not modelled: rip, 614.6 (at timeline entry 1, line 4: move)"]


# --- Property: the outcomes never depend on the order the sources are listed in ------------------

@pytest.mark.parametrize("text, entry, distinct", [
    (board("  scales: {card: Hardened Scales}\n  season: {card: Doubling Season}\n  menace: {card: Corpsejack Menace}\n"
           "  vorinclex: {card: \"Vorinclex, Monstrous Raider\", owner: bob}\n  bears: {card: Grizzly Bears}\n",
           '  - {counters: bears, add: {"+1/+1": 3, charge: 1}}\n'), 1, 7),
    (TOKENS, 1, 1),
    (LEYLINE.replace("objects:\n", "objects:\n  rip: {card: Rest in Peace}\n"), 1, 1),
])
def test_outcomes_do_not_depend_on_the_order_sources_are_listed(text, entry, distinct):
    # Four effects on one event (24 orders; 7 distinct results), two token doublers, two
    # effects that exile: listed in four orders, the same set of results.
    head, rest = text.split("timeline:\n")
    lines = head.splitlines()[1:]
    orders = [lines, lines[::-1], lines[1:] + lines[:1], lines[2:] + lines[:2]]
    answers = set()
    for order in orders:
        got = ask("objects:\n" + "\n".join(order) + "\ntimeline:\n" + rest, f"event_outcomes {entry}")
        answers.add(tuple(sorted((repr(o.value), tuple(o.rules)) for o in got.outcomes)))
    assert len(answers) == 1
    assert len(next(iter(answers))) == distinct


# --- Relevance: answers with every object relevant at every point are the same -------------------

EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "docs" / "examples" / "replacement").glob("*.yaml"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_full_demand_does_not_change_the_examples_answers(path):
    # tests/test_demand.py does this for the seed scenarios; these examples aren't seeds.
    scn = load_scenario(path, pool())
    questions = [e.question for e in scn.expectations]
    assert questions
    for q in questions:
        sparse, full = answer(scn, q), answer(scn, q, constants={"full_demand": 1})
        assert (sorted((repr(o.value), tuple(o.rules), tuple(o.because)) for o in sparse.outcomes), sparse.invalid) == \
            (sorted((repr(o.value), tuple(o.rules), tuple(o.because)) for o in full.outcomes), full.invalid), q.label()


# --- Life gained (119.3, 119.10): Boon Reflection, "If you would gain life, you gain twice that much
# life instead." ---------------------------------------------------------------------------------

BOON = """
rules: "2026-09-25"
turn: {number: 3, active: alice, step: precombat_main}
objects:
OBJECTS
  salve: {card: Healing Salve, zone: hand}
  hawk: {card: Vampire Nighthawk}
  bears: {card: Grizzly Bears, owner: bob}
timeline:
  - {cast: salve}
  - {resolve: salve, mode: 1, targets: [alice]}
  - {damage: 2, source: hawk, target: bears}
"""


def boon(objects: str) -> str:
    return BOON.replace("OBJECTS", objects)


def test_boon_reflection_doubles_a_spell_s_life_gain():
    # Healing Salve's 3 (119.3) becomes 6 (614.1a): event_outcomes and the life question agree.
    text = boon("  boon: {card: Boon Reflection}")
    out = ask(text, "event_outcomes 2").single
    assert out.value["life"] == [{"player": "alice", "source": "salve", "gained": 6}]
    assert out.rules == ["119.3", "614.1a", "614.5"]
    assert out.because == ["the doubling of boon applied to the life alice would gain at entry 2 from salve",
                           "alice would gain 3 life from salve"]
    life = ask(text, "life alice").single
    # (The hawk's lifelink at entry 3 is doubled too: 20 + 6 + 4.)
    assert (life.value, life.rules) == (30, ["119.1", "119.3", "614.1a", "702.15b"])
    assert "alice gained 6 life instead of 3 from salve at entry 2 (a replacement effect, 614.1a)" in life.because
    assert shown1(text, "#show. #show invalid/2.") == []


def test_two_boon_reflections_on_lifelink_one_outcome_whatever_the_order():
    # 2 lifelink damage (702.15b): alice orders the two doublings (616.1); they commute: 8, one
    # outcome. With Ajani's Pridemate, one life gain event, one trigger (119.9).
    text = boon("  boon: {card: Boon Reflection}\n  boon2: {card: Boon Reflection}\n  mate: {card: \"Ajani's Pridemate\"}")
    answer = ask(text, "event_outcomes 3")
    assert [o.value["life"] for o in answer.outcomes] == [[{"player": "alice", "source": "hawk", "gained": 8}]]
    assert answer.single.rules == ["119.3", "614.1a", "614.5", "616.1", "616.1e", "616.1f"]
    assert "alice chooses the order of the effects on the life alice would gain at entry 3 from hawk's lifelink (616.1)" \
        in answer.single.because
    assert ask(text, "life alice").single.value == 20 + 12 + 8
    assert ask(text, "triggers 3").single.value == [["mate", "gain life: +1/+1 counter"]]


def test_boon_reflection_only_for_its_controller_and_not_where_life_can_t_change():
    # Bob's Boon Reflection: alice's gain is not his ("If you would gain life"): 3.
    theirs = boon("  boon: {card: Boon Reflection, controller: bob}")
    out = ask(theirs, "event_outcomes 2").single
    assert (out.value["life"], out.rules) == ([{"player": "alice", "source": "salve", "gained": 3}], ["119.3"])
    # 614.17, 614.17c: alice's Platinum Emperion: her life total can't change: she gains none, and
    # the doubling has nothing to modify.
    locked = boon("  boon: {card: Boon Reflection}\n  emperion: {card: Platinum Emperion}")
    out = ask(locked, "event_outcomes 2").single
    assert (out.value["life"], out.rules) == ([{"player": "alice", "source": "salve", "gained": 0}],
                                              ["119.3", "614.17", "614.17c"])
    assert "emperion says alice's life total can't change: the life gain can't happen, and no replacement effect modifies it (614.17c)" \
        in out.because
    assert ask(locked, "life alice").single.value == 20
