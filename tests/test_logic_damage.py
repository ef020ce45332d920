"""logic/damage.lp: damage marked on creatures (120.3e), damage to players as life changes
(120.3a; totals in test_logic_life.py), damage removed in the cleanup step (514.2)."""

from harness import EVERY_END, shown1

BOARD = """
turn: {number: 2, active: alice}
objects:
  goblin: {card: Raging Goblin}
  elephant: {card: Grizzly Bears, owner: bob, damage: 1}
timeline:
  - {damage: 3, source: goblin, target: bob}
  - {damage: 1, source: goblin, target: bob}
  - {begin: cleanup}
"""


def test_damage_marked_until_cleanup():
    atoms = shown1(BOARD, EVERY_END + '#show. #show (T, D) : end_of(T, P), damage_marked("elephant", D, P).')
    assert atoms == ["(0,1)", "(1,1)", "(2,1)"]  # removed at entry 3 (514.2)
