"""Damage cards of the pool beyond the doublers (logic/replacement.lp, logic/damage.lp): Worship's
floor on the life total (614.1a), and the life total the damage outcomes give after a doubling of
a life total (701.10d)."""

from harness import ask

ALICE_BOB = """
turn: {number: 4, active: bob, step: precombat_main}
LIFE
objects:
OBJECTS
timeline:
TIMELINE
"""


def scen(objects: str, timeline: str, life: str = "") -> str:
    return ALICE_BOB.replace("LIFE", life).replace("OBJECTS", objects).replace("TIMELINE", timeline)


def test_damage_outcomes_count_a_doubled_life_total():
    # Bob's 20 doubled to 40 (701.10d), then 2 damage doubled by Furnace of Rath: 36, in the
    # damage outcome as in the life question (life.lp is loaded for double_life events).
    text = scen("  bears: {card: Grizzly Bears}\n  furnace: {card: Furnace of Rath}",
                "  - {double_life: bob}\n  - {damage: 2, source: bears, target: bob}")
    out = ask(text, "damage_outcomes 2").single
    assert (out.value["life"], out.rules) == ({"bob": 36}, ["120.3a", "120.4b", "614.1a", "614.5", "701.10g"])
    assert ask(text, "life bob").single.value == 36
