"""logic/timing.lp through can_cast: when the rules' own permission lets a card in hand be
cast (117.1a and the rule of its card type; 702.8a flash; 502.4 and 514.3 steps without
priority), and an effect that lets it be cast while it resolves (608.2g). The README's example,
docs/examples/cast-timing.yaml, is checked expectation by expectation by the pytest plugin."""

import pytest

from harness import ask

# Alice's cards and Bob's, in a scenario whose step the tests set.
CARDS = """
players: [alice, bob]
turn: {{number: 3, active: alice, step: {step}}}
objects:
  axe: {{card: Lava Axe, zone: hand}}
  bolt: {{card: Lightning Bolt, zone: hand}}
  bears: {{card: Grizzly Bears, zone: hand}}
  dictate: {{card: Dictate of the Twin Gods, zone: hand}}
  tergrid: {{card: "Tergrid, God of Fright", zone: hand}}
  shock: {{card: Shock, zone: hand, owner: bob}}
  bob_axe: {{card: Lava Axe, zone: hand, owner: bob}}
{extra}"""


# The reasons every can_cast answer gives (where the card is, its kind, the face evaluated and
# its mana value): left out, to compare the timing reasons exactly.
COMMON = (" is in a ", "double-faced card", ", is a", "face's mana value")


def cast(question, step="precombat_main", extra=""):
    got = ask(CARDS.format(step=step, extra=extra), question).single
    return got.value, got.rules, [b for b in got.because if not any(c in b for c in COMMON)]


def test_sorcery_in_its_owners_main_phase_with_the_stack_empty():
    assert cast("can_cast axe front none") == (True, ["117.1a", "307.1", "601.3"], [])
    assert cast("can_cast axe front none", step="postcombat_main") == (True, ["117.1a", "307.1", "601.3"], [])


def test_sorcery_and_creature_during_combat():
    assert cast("can_cast axe front none", step="declare_attackers") == (
        False, ["117.1a", "307.1"], ["it is the declare attackers step, not a main phase"])
    assert cast("can_cast bears front none", step="beginning_of_combat") == (
        False, ["117.1a", "302.1"], ["it is the beginning of combat step, not a main phase"])


def test_sorcery_on_the_opponents_turn():
    assert cast("can_cast bob_axe front none") == (False, ["117.1a", "307.1"], ["it is alice's turn, not bob's"])


def test_sorcery_with_a_spell_on_the_stack():
    # Alice casts Lightning Bolt in her main phase: until it resolves, no sorcery (117.1a).
    extra = "timeline:\n  - {cast: bolt}\n  - {resolve: bolt}\n"
    assert cast("can_cast axe front none at=1", extra=extra) == (
        False, ["117.1a", "307.1"], ["bolt is on the stack"])
    assert cast("can_cast axe front none at=2", extra=extra) == (True, ["117.1a", "307.1", "601.3"], [])


def test_instant_during_combat_and_on_the_opponents_turn():
    assert cast("can_cast bolt front none", step="declare_blockers") == (True, ["117.1a", "304.1", "601.3"], [])
    # Bob isn't the active player: he may cast it when he receives priority (117.3d).
    assert cast("can_cast shock front none", step="end") == (
        True, ["117.1a", "304.1", "601.3"], ["bob may cast it when they receive priority"])
    extra = "timeline:\n  - {cast: bolt}\n"
    assert cast("can_cast shock front none at=1", extra=extra)[:2] == (True, ["117.1a", "304.1", "601.3"])


def test_flash_lifts_the_main_phase_restriction():
    # Dictate of the Twin Gods, an enchantment with flash (702.8a), during combat and on the
    # stack's being in use; in its owner's main phase 303.1 allows it, flash not needed.
    assert cast("can_cast dictate front none", step="combat_damage") == (
        True, ["117.1a", "601.3", "702.8a"], ["the front face has flash"])
    assert cast("can_cast dictate front none") == (True, ["117.1a", "303.1", "601.3"], [])


def test_the_face_cast_decides_the_card_type_rule():
    # Tergrid's back face is an artifact (301.1); the front, a creature (302.1).
    assert cast("can_cast tergrid back none")[:2] == (True, ["117.1a", "301.1", "601.3", "712.11b", "712.11c"])
    assert cast("can_cast tergrid back none", step="end")[:2] == (False, ["117.1a", "301.1"])
    assert cast("can_cast tergrid front none", step="end")[:2] == (False, ["117.1a", "302.1"])


def test_no_priority_in_the_untap_step_nor_normally_in_the_cleanup_step():
    assert cast("can_cast bolt front none", step="untap") == (
        False, ["502.4"], ["no player receives priority during the untap step"])
    assert cast("can_cast axe front none", step="untap") == (
        False, ["117.1a", "307.1", "502.4"],
        ["no player receives priority during the untap step", "it is the untap step, not a main phase"])
    assert cast("can_cast bolt front none", step="cleanup") == (
        False, ["514.3"], ["no player receives priority during the cleanup step"])


def test_priority_in_a_cleanup_step_where_state_based_actions_are_performed():
    # 514.3a: a 2/2 with two -1/-1 counters dies in the cleanup step; then the active player
    # receives priority, and an instant may be cast.
    extra = "  dying: {card: Grizzly Bears, zone: battlefield, counters: {\"-1/-1\": 2}}\n"
    assert cast("can_cast bolt front none", step="cleanup", extra=extra) == (
        True, ["117.1a", "304.1", "514.3a", "601.3"],
        ["players receive priority in this cleanup step: state-based actions were performed or something is on the stack"])


@pytest.mark.parametrize("step", ["declare_attackers", "untap", "cleanup"])
def test_an_effect_that_casts_while_it_resolves_ignores_timing(step):
    # 608.2g: "cast ... from among them" happens as the effect resolves: no timing rule applies,
    # whatever the step.
    value, rules, because = cast("can_cast axe front type:sorcery", step=step)
    assert (value, rules) == (True, ["601.3", "608.2g"])
    assert because == ["the effect (type:sorcery) lets it be cast while it resolves: no timing rule applies"]

