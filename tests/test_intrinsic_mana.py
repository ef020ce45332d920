"""logic/intrinsic_mana.lp and activation.lp: a land has the mana ability of each basic land type
it has (305.6), whatever effect gave it the type (305.7); an effect that sets a land's subtype
takes away the activated abilities of its rules text (305.7), and "loses all abilities" takes
away both (613.1f). Answers are exact, with the rules they cite; the abilities after each entry
are checked with every object relevant at every point too (full_demand)."""

import pytest

from harness import EVERY_END, MAIN_PHASE, ask, ask_all, invalid_in_main_phase, shown1

# The activated abilities each land has after each entry, asked as can_activate asks them.
ABILITIES = EVERY_END + """
activation_check(O, N, P) :- object(O), object_card(O, C), activated_ability(C, S, N), entry(T), end_of(T, P).
activation_check(O, N, P) :- object(O), basic_land_mana(Sub, Ty, N), entry(T), end_of(T, P).
reads_details(O) :- object(O).
#show. #show (T, O, N) : has_ability(O, C, S, N, P), end_of(T, P), card_type(O, land, P).
"""

# Urborg after Blood Moon, then Blood Moon leaves (entry 1), then Urborg leaves (entry 2).
MOON_THEN_URBORG = """
objects:
  tomb: {card: Ancient Tomb}
  moon: {card: Blood Moon, owner: bob}
  urborg: {card: "Urborg, Tomb of Yawgmoth"}
timeline:
  - {move: moon, to: graveyard}      # 1
  - {move: urborg, to: graveyard}    # 2
"""


@pytest.mark.parametrize("full_demand", [False, True])
def test_the_mana_abilities_follow_the_land_types_entry_by_entry(full_demand):
    assert shown1(MAIN_PHASE + MOON_THEN_URBORG, ABILITIES, full_demand=full_demand) == [
        '(0,"tomb","{T}: Add {R}.")',        # 305.7: Mountains, their rules text's abilities gone
        '(0,"urborg","{T}: Add {R}.")',      # (Urborg's Swamp: its ability removed first, 613.8a)
        '(1,"tomb","{T}: Add {B}.")',        # Urborg's: a Swamp in addition (305.7), and its own
        '(1,"tomb","{T}: Add {C}{C}.")',
        '(1,"urborg","{T}: Add {B}.")',      # Urborg is a land: a Swamp by its own ability
        '(2,"tomb","{T}: Add {C}{C}.")',     # only its rules text's
    ]


@pytest.mark.parametrize("order", ["moon first", "urborg first"])
def test_under_blood_moon_urborg_taps_for_red_in_either_timestamp_order(order):
    objects = ('  moon: {card: Blood Moon}\n  urborg: {card: "Urborg, Tomb of Yawgmoth"}\n' if order == "moon first"
               else '  urborg: {card: "Urborg, Tomb of Yawgmoth"}\n  moon: {card: Blood Moon}\n')
    red, black = ask_all(MAIN_PHASE + "objects:\n" + objects,
                         ["can_activate urborg '{T}: Add {R}.'", "can_activate urborg '{T}: Add {B}.'"])
    assert (red.single.value, red.single.rules) == (True, ["305.6", "602.2"])
    assert (black.single.value, black.single.rules, black.single.because) == (
        False, ["113.1a"], ["urborg has no such ability (it has the characteristics of Urborg, Tomb of Yawgmoth)"])


HUMILITY = """
objects:
  elves: {card: Llanowar Elves, controlled_since: 1}
  humility: {card: Humility, owner: bob}
timeline:
  - {move: humility, to: graveyard}     # 1
"""


def test_an_ability_lost_to_humility_cites_613_1f_and_whose_effect():
    lost, back = ask_all(MAIN_PHASE + HUMILITY, ["can_activate elves '{T}: Add {G}.' at=0",
                                                 "can_activate elves '{T}: Add {G}.' at=1"])
    assert (lost.single.value, lost.single.rules, lost.single.because) == (
        False, ["613.1f"], ["elves would have it, but the effect of humility removed it"])
    assert (back.single.value, back.single.rules) == (True, ["602.2"])


def test_activating_an_ability_an_effect_removed_is_reported():
    text = HUMILITY.replace("timeline:\n", 'timeline:\n  - {activate: elves, ability: "{T}: Add {G}.", id: m1}  # 1\n')
    assert invalid_in_main_phase(text.replace("# 1\n  - {move", "\n  - {move")) == [
        'invalid(illegal_activation("m1","613.1f"),1)']


def test_tapping_a_land_for_its_land_types_mana_is_tapping_it_for_mana():
    # Mana Reflection: "If you tap a permanent for mana, it produces twice as much of that mana
    # instead" (106.12, 106.12b): the intrinsic ability has {T} in its cost (305.6).
    text = MAIN_PHASE + """
objects:
  pool: {card: Breeding Pool}
  reflection: {card: Mana Reflection}
timeline:
  - {activate: pool, ability: "{T}: Add {U}."}     # 1
"""
    got = ask(text, "mana_pool alice at=1").single
    assert got.value == {"mana": [{"type": "U", "amount": 2, "from": "-", "carries": "none", "as": "-"}]}
    assert got.rules == ["106.1b", "106.4", "106.12b", "305.6", "605.3b", "614.1a"]


def test_a_land_in_a_hand_has_no_ability_to_activate():
    got = ask(MAIN_PHASE + "objects:\n  pool: {card: Breeding Pool, zone: hand}\n", "can_activate pool '{T}: Add {G}.'").single
    assert (got.value, got.rules, got.because) == (False, ["113.6"], ["pool is in a hand"])
