"""logic/effects.lp: effects the timeline creates, their timestamps (613.7a), "until end of
turn" ending in the cleanup step or when a new turn begins (514.2), not following an object
to another zone (400.7, 611.2c)."""

import pytest

from harness import EVERY_END, PERFORMED, shown1

BOARD = """
turn: {number: 2, active: alice}
objects:
  bears: {card: Grizzly Bears}
  lion: {card: Silvercoat Lion}
timeline:
  - {gain: bears, ability: flying}
  - {gain: lion, ability: flying, until: indefinitely}
  - {begin_turn: 3, active: bob}
  - {move: lion, to: hand}
  - {move: lion, to: battlefield}
"""


def test_effects_start_and_end():
    atoms = shown1(BOARD, EVERY_END + "#show. #show effect_start(E, T) : effect_start(E, P), point_of(T, P)."
                          " #show effect_end(E, T) : effect_end(E, P), point_of(T, P)."
                          " #show effect_timestamp(E, (T, N)) : effect_timestamp(E, (P, N)), point_of(T, P).")
    assert atoms == ["effect_end(eff(1),3)", "effect_start(eff(1),1)", "effect_start(eff(2),2)",
                     "effect_timestamp(eff(1),(1,0))", "effect_timestamp(eff(2),(2,0))"]


def test_who_has_flying_after_each_entry():
    atoms = shown1(BOARD, EVERY_END + '#show. #show (T, O) : end_of(T, P), has_keyword(O, flying, P).')
    # The bears lose it when turn 3 begins (514.2); the lion keeps it until it leaves (400.7).
    assert atoms == ['(1,"bears")', '(2,"bears")', '(2,"lion")', '(3,"lion")']


GAIN_AND_LOSE = """
turn: {number: 2, active: alice}
objects:
  bears: {card: Grizzly Bears}
  angel: {card: Serra Angel}
timeline:
  - {gain: bears, ability: flying, until: indefinitely}
  - {lose: bears, ability: flying}
  - {gain: bears, ability: flying}
  - {lose: bears, ability: flying}
  - {lose: angel, ability: flying, until: indefinitely}
  - {gain: angel, ability: flying}
  - {begin_turn: 3, active: bob}
  - {lose: bears, ability: flying, until: indefinitely}
  - {gain: bears, ability: flying, until: indefinitely}
  - {gain: angel, ability: flying, until: indefinitely}
  - {lose: angel, ability: flying}
"""


def test_the_latest_effect_about_a_keyword_decides():
    # 613.7: the latest gain or lose decides while it lasts; when the "until end of turn" ones
    # end (entry 7, 514.2), the latest one lasting indefinitely decides again (the bears fly,
    # the angel doesn't, printed flying and all).
    for full_demand in (False, True):
        atoms = shown1(GAIN_AND_LOSE, EVERY_END + '#show. #show (T, O) : end_of(T, P), has_keyword(O, flying, P).',
                       full_demand=full_demand)
        assert atoms == ['(0,"angel")', '(1,"angel")', '(1,"bears")', '(10,"angel")', '(10,"bears")',
                         '(11,"bears")', '(2,"angel")', '(3,"angel")', '(3,"bears")', '(4,"angel")',
                         '(6,"angel")', '(7,"bears")', '(9,"bears")']


def test_an_effect_decided_by_a_later_one_is_carried_no_further():
    # An "until end of turn" effect is decided by the next one about the same keyword (eff(2)
    # by eff(3)), one lasting indefinitely only by the next one lasting indefinitely (eff(1) by
    # eff(8), not by eff(2) to eff(4)).
    atoms = shown1(GAIN_AND_LOSE, EVERY_END + '#show. #show (T, E) : end_of(T, P), effect_applies(E, "bears", P).')
    assert atoms == ['(1,eff(1))', '(10,eff(9))', '(11,eff(9))', '(2,eff(1))', '(2,eff(2))', '(3,eff(1))',
                     '(3,eff(3))', '(4,eff(1))', '(4,eff(4))', '(5,eff(1))', '(5,eff(4))', '(6,eff(1))',
                     '(6,eff(4))', '(7,eff(1))', '(8,eff(8))', '(9,eff(9))']


SPELLS = """
turn: {number: 3, active: alice, step: precombat_main}
objects:
  bears: {card: Grizzly Bears}
  lion: {card: Silvercoat Lion}
  growth: {card: Giant Growth, zone: hand}
  fury: {card: Unleash Fury, zone: hand}
timeline:
  - {cast: growth}
  - {resolve: growth, targets: [bears]}
  - {cast: fury}
  - {move: lion, to: graveyard}
  - {resolve: fury, targets: [lion]}
  - {begin: cleanup}
"""


def test_a_resolving_spell_creates_its_effect_on_its_target():
    # 608.2h, 611.2c: Giant Growth's +3/+3 begins as it resolves, on its target alone, and ends
    # in the cleanup step (514.2). Unleash Fury's target left the battlefield before it
    # resolved: the doubling affects no object (400.7), the Lion in the graveyard stays 2/2.
    atoms = shown1(SPELLS, EVERY_END + '#show. #show (T, O, X, Y) : end_of(T, P), power(O, X, P), toughness(O, Y, P),'
                                       ' O != "growth", O != "fury".')
    assert atoms == ['(0,"bears",2,2)', '(0,"lion",2,2)', '(1,"bears",2,2)', '(1,"lion",2,2)',
                     '(2,"bears",5,5)', '(2,"lion",2,2)', '(3,"bears",5,5)', '(3,"lion",2,2)',
                     '(4,"bears",5,5)', '(4,"lion",2,2)', '(5,"bears",5,5)', '(5,"lion",2,2)',
                     '(6,"bears",2,2)', '(6,"lion",2,2)']



def test_a_target_that_is_illegal_as_the_spell_resolves_is_not_affected():
    # 608.2b: the Bears have shroud (Lightning Greaves, 702.18a) as Giant Growth resolves: the
    # target is illegal, the scenario is reported inconsistent, and the +3/+3 doesn't apply.
    from harness import ask
    got = ask("""
    turn: {number: 3, active: alice, step: precombat_main}
    objects:
      bears: {card: Grizzly Bears, controller: bob}
      greaves: {card: Lightning Greaves, attached_to: bears, controller: bob}
      growth: {card: Giant Growth, zone: hand}
    timeline:
      - {cast: growth}
      - {resolve: growth, targets: [bears]}
    """, "characteristics bears")
    assert (got.single.value["power"], got.single.value["toughness"]) == (2, 2)
    assert got.invalid == ["illegal target: growth, bears (at timeline entry 2, line 9: resolve)"]


# --- 611.2e, 613.7n: an effect that puts an object onto the battlefield and sets its power and
# toughness (the move event's base_pt:) ---
# The Bears' own (stated) static ability sets every creature's base power and toughness to 3/3;
# the effect that moves them says they are 1/1. Both would get a timestamp as they enter: the
# static ability's is theirs (613.7a, 613.7d), and 613.7n puts it first, so the 1/1 applies
# after it. In hand (entry 2) the effect is gone with the object (400.7): back on the battlefield
# (entry 3) the Bears are 3/3.

ENTERS_AS_1_1 = """
turn: {number: 3, active: alice, step: precombat_main}
abilities:
  - card: Grizzly Bears
    affects: creatures
    grants: [{set_pt: [3, 3]}]
objects:
  bears: {card: Grizzly Bears, zone: graveyard}
timeline:
  - {move: bears, to: battlefield, base_pt: {power: 1, toughness: 1}}
  - {move: bears, to: hand}
  - {move: bears, to: battlefield}
"""


def test_the_moving_effect_gets_the_timestamp_just_after_the_objects_own_static_abilities():
    atoms = shown1(ENTERS_AS_1_1, EVERY_END + '#show. #show (T, W, Te, N) : end_of(T, P), continuous_effect(Eff, Src, "bears", W, (E, N), P), '
                                              'point_of(Te, E).')
    # (entry, what, the entry of its timestamp, its rank there): the static ability's (1, 0), the
    # move's (1, 1); after entry 3 only the static ability's, with the Bears' new timestamp.
    assert atoms == ['(1,set_pt(1,1),1,1)', '(1,set_pt(3,3),1,0)', '(3,set_pt(3,3),3,0)']


ENTERS_AS_1_1_OVER_0_0 = ENTERS_AS_1_1.replace("set_pt: [3, 3]", "set_pt: [0, 0]")


def test_the_order_of_613_7n_keeps_the_object_alive():
    # With the static ability "base power and toughness 0/0" instead, the Bears enter as 1/1
    # (the moving effect applies after the static ability's, 613.7n) and stay; entering again at
    # entry 3 without the effect, they are 0/0 and are put into the graveyard (704.5f).
    atoms = shown1(ENTERS_AS_1_1_OVER_0_0, EVERY_END + PERFORMED
                   + '#show (T, Pw, Tg) : end_of(T, P), power("bears", Pw, P), toughness("bears", Tg, P), on_battlefield("bears", P).')
    assert atoms == ['(1,1,1)', 'performed(sba("bears",graveyard,"704.5f"),3,1)']


# The same effect may say more of what the permanent is (the move's colors:, creature_type:,
# gains:, loses_all_abilities:), each in its own layer with the same timestamp, after the
# object's own static abilities (613.7n). Humility, a creature under Opalescence, returns as a
# blue Frog with flying: its own "All creatures lose all abilities" applies to it first (layer 6),
# then the effect's flying (613.7). Colors, creature type and flying last only while the effect
# does: gone with the object that left (400.7), and a return with nothing said leaves Humility
# white, with no creature type and no flying.
HUMILITY_RETURNS = """
turn: {number: 3, active: alice, step: precombat_main}
objects:
  opal: {card: Opalescence}
  humility: {card: Humility, zone: graveyard}
timeline:
  - {move: humility, to: battlefield, gains: [flying], colors: [blue], creature_type: Frog}
  - {move: humility, to: graveyard}
  - {move: humility, to: battlefield}
"""


@pytest.mark.parametrize("full_demand", [False, True])
def test_what_the_moving_effect_says_applies_in_each_layer_after_the_objects_own_abilities(full_demand):
    atoms = shown1(HUMILITY_RETURNS, EVERY_END + '#show. #show (T, K) : end_of(T, P), has_keyword("humility", K, P).\n'
                                                 '#show (T, C) : end_of(T, P), color("humility", C, P).\n'
                                                 '#show (T, S) : end_of(T, P), subtype("humility", I, S, P).',
                   full_demand=full_demand)
    assert atoms == ['(0,w)', '(1,"Frog")', '(1,flying)', '(1,u)', '(2,w)', '(3,w)']


# Serra Angel returns and "loses all abilities" but has first strike, one effect: its printed
# flying and vigilance are gone (613.1f), and the first strike the same effect gives stays (an
# effect's own grant isn't among the abilities it removes: Darksteel Mutation's "has
# indestructible, and it loses all other abilities").
ANGEL_RETURNS = """
turn: {number: 3, active: alice, step: precombat_main}
objects:
  angel: {card: Serra Angel, zone: graveyard}
timeline:
  - {move: angel, to: battlefield, loses_all_abilities: true, gains: [first_strike]}
"""


@pytest.mark.parametrize("full_demand", [False, True])
def test_an_effect_that_moves_a_permanent_may_say_it_loses_all_abilities(full_demand):
    atoms = shown1(ANGEL_RETURNS, EVERY_END + '#show. #show (T, K) : end_of(T, P), has_keyword("angel", K, P), T > 0.',
                   full_demand=full_demand)
    assert atoms == ['(1,first_strike)']
