"""logic/activation.lp: whether an activated ability can be activated now (602.2, 113.6,
113.1a, 602.5d and 307.1, 107.5, 302.6 and 602.5a, 601.2c), and paying {T}."""

import pytest
from harness import ask, shown1

BOARD = """
turn: {number: 3, active: alice, step: STEP}
objects:
  elves: {card: Llanowar Elves}
  champ: {card: "World Champion, Celestial Weapon", face: back}
  bears: {card: Grizzly Bears}
  miles: {card: Miles Morales // Ultimate Spider-Man, zone: hand}
"""


def answer(step, question):
    got = ask(BOARD.replace("STEP", step), question)
    return got.single.value, got.single.rules, got.single.because


def test_sorcery_speed_needs_a_main_phase_of_your_turn():
    assert answer("precombat_main", "can_activate champ 'Equip {3}'")[:2] == (True, ["602.2", "702.6a"])
    assert answer("declare_blockers", "can_activate champ 'Equip {3}'") == (
        False, ["307.1", "602.5d", "702.6a"],
        ["it is activated only as a sorcery, and it is the declare blockers step, not a main phase"])


def test_mana_abilities_any_time_but_abilities_of_cards_in_hand_do_not_function():
    assert answer("declare_blockers", "can_activate elves '{T}: Add {G}.'")[:2] == (True, ["602.2"])
    assert answer("precombat_main", "can_activate miles transform") == (False, ["113.6"], ["miles is in a hand"])
    assert answer("precombat_main", "can_activate bears transform")[:2] == (False, ["113.1a"])


def test_paying_tap_taps_it_and_then_it_cannot_pay_again():
    text = BOARD.replace("STEP", "precombat_main") + """
timeline:
  - {activate: elves, ability: "{T}: Add {G}.", id: m}
"""
    assert shown1(text, 'question_reads(1, "elves"). #show. #show t : tapped("elves", P), end_of(1, P).') == ['t']
    got = ask(text, "can_activate elves '{T}: Add {G}.'").single
    assert (got.value, got.rules, got.because) == (False, ["107.5"], ["elves is tapped"])


def test_no_legal_target():
    got = ask("""
    objects:
      champ: {card: "World Champion, Celestial Weapon", face: back}
      bears: {card: Grizzly Bears, owner: bob}
    """, "can_activate champ 'Equip {3}'").single
    assert (got.value, got.rules, got.because) == (False, ["601.2c", "602.2b"], ["it has no legal target"])


def test_a_mana_ability_does_not_go_on_the_stack():
    # 605.3b: it resolves immediately after it is activated; its {T} cost is paid (602.2b).
    text = BOARD.replace("STEP", "precombat_main") + """
timeline:
  - {activate: elves, ability: "{T}: Add {G}.", id: m}
  - {activate: champ, ability: "Equip {3}", id: e, target: bears}
"""
    shows = ('question_reads(2, "elves"). question_reads(2, "e"). question_reads(2, "m"). #show. '
             '#show s(X) : zone(X, stack, P), end_of(2, P). #show t : tapped("elves", P), end_of(2, P).')
    assert shown1(text, shows) == ['s("e")', 't']
    # ... so there is nothing of it to resolve.
    resolved = text.replace('target: bears}', 'target: bears}\n  - {resolve: m}')
    assert shown1(resolved, '#show invalid/2.') == ['invalid(not_on_stack("m"),3)']


def test_a_copy_pays_the_tap_cost_of_the_ability_it_copies():
    # A Clone copying Llanowar Elves has "{T}: Add {G}." (707.2); activating it taps the Clone
    # (602.2b, 601.2h), a change the rules declare for the Clone even though its own card has no
    # such ability (it was reported as an undeclared change).
    atoms = shown1("""
    turn: {number: 3, active: alice, step: precombat_main}
    objects:
      elves: {card: Llanowar Elves, controlled_since: 1}
      clone: {card: Clone, copy_of: elves, controlled_since: 1}
    timeline:
      - {activate: clone, ability: "{T}: Add {G}."}
    """, '#show invalid/2. #show t(O) : tapped(O, P), end_of(1, P). question_reads(1, "clone").')
    assert atoms == ['t("clone")']


@pytest.mark.parametrize("step, expected", [
    ("untap", (False, ["502.4"], ["no player receives priority during the untap step"])),
    ("cleanup", (False, ["514.3"], ["no player receives priority during the cleanup step"])),
    ("upkeep", (True, ["602.2"], [])),
])
def test_no_ability_is_activated_where_no_player_receives_priority(step, expected):
    # 117.1b: a player with priority activates abilities; 502.4: no player receives priority in
    # the untap step, 514.3: nor normally in the cleanup step (a mana ability too: nothing is
    # paid there, 605.3a).
    text = f"""
    turn: {{number: 3, active: alice, step: {step}}}
    objects:
      elves: {{card: Llanowar Elves, controlled_since: 1}}
    """
    got = ask(text, "can_activate elves '{T}: Add {G}.'").single
    assert (got.value, got.rules, got.because) == expected
