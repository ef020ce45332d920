"""What damage does (120.3a-h) and the damage replacement effects of the pool's damage cards:
deathtouch (702.2b, 702.2c, 704.5h), lifelink (702.15b), wither (702.80a), infect (702.90b,
702.90c), poison counters (122.1f, 704.5c), tripling and "plus 2" (614.1a), doublers limited to
some recipients, Gisela's prevention of half (615.1a), combat damage through the same
machinery (510.2, 120.4b)."""

from harness import ask, shown1

BLITZBALL = """
turn: {number: 3, active: alice, step: declare_attackers}
objects:
  quest: {card: "Sidequest: Play Blitzball"}
EXTRA
timeline:
ATTACKS
  - {begin: combat_damage}
  - {begin: combat_damage}
  - {begin: end_of_combat}
"""


def blitzball(extra: str, attacks: str) -> str:
    return BLITZBALL.replace("EXTRA", extra).replace("ATTACKS", attacks)


def test_combat_damage_to_a_player_is_what_replacement_made_of_it():
    # White Knight (2/2, first strike) with a +1/+1 counter assigns 3 to bob; Furnace of Rath
    # doubles it (701.10g): bob is dealt 6 combat damage, and the quest's intervening "if" (603.4)
    # is true. Read before the replacement, it was 3.
    text = blitzball("  knight: {card: White Knight, counters: {\"+1/+1\": 1}}\n  furnace: {card: Furnace of Rath}",
                     "  - {attack: knight, target: bob}")
    six = ask(text, "triggers 4").single
    assert (six.value, six.rules) == ([["quest", "end of combat: transform"]], ["603.2", "603.2b"])


def test_combat_damage_of_two_creatures_of_the_same_amount_adds_up():
    # Two White Knights with a +1/+1 counter each deal 3 + 3 = 6 combat damage to bob (510.2):
    # the total counts each source's damage, not each distinct amount.
    text = blitzball("  k1: {card: White Knight, counters: {\"+1/+1\": 1}}\n"
                     "  k2: {card: White Knight, counters: {\"+1/+1\": 1}}",
                     "  - {attack: k1, target: bob}\n  - {attack: k2, target: bob}")
    six = ask(text, "triggers 5").single
    assert (six.value, six.rules) == ([["quest", "end of combat: transform"]], ["603.2", "603.2b"])
