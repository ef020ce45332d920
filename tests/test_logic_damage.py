"""logic/damage.lp: damage marked on creatures (120.3e), life lost by players (120.3a),
damage removed in the cleanup step (514.2)."""

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


def test_life_lost_by_a_player():
    atoms = shown1(BOARD, EVERY_END + '#show. #show (T, L) : end_of(T, P), life("bob", L, P).')
    assert atoms == ["(0,20)", "(1,17)", "(2,16)", "(3,16)"]


def test_damage_marked_until_cleanup():
    atoms = shown1(BOARD, EVERY_END + '#show. #show (T, D) : end_of(T, P), damage_marked("elephant", D, P).')
    assert atoms == ["(0,1)", "(1,1)", "(2,1)"]  # removed at entry 3 (514.2)
