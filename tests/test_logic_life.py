"""logic/life.lp and the life question: life totals (119.1, 119.2, 120.3a)."""

from harness import EVERY_END, ask, shown1

BOARD = """
turn: {number: 2, active: alice}
life: {bob: 18}
objects:
  goblin: {card: Raging Goblin}
  menace: {card: Corpsejack Menace, owner: bob}
timeline:
  - {damage: 3, source: goblin, target: bob}
  - {damage: 1, source: goblin, target: bob}
  - {damage: 2, source: menace, target: alice}
"""


def test_life_after_each_entry():
    # 119.1: bob starts at the scenario's 18, alice at 20; 120.3a: damage dealt to a player is
    # life lost.
    atoms = shown1(BOARD, EVERY_END + 'life_read(Pl, P) :- player(Pl), end_of(T, P). #show. #show (Pl, T, L) : end_of(T, P), life(Pl, L, P).')
    assert atoms == ['("alice",0,20)', '("alice",1,20)', '("alice",2,20)', '("alice",3,18)',
                     '("bob",0,18)', '("bob",1,15)', '("bob",2,14)', '("bob",3,14)']


def test_the_life_question_says_where_the_damage_came_from():
    got = ask(BOARD, "life bob").single
    assert (got.value, got.rules) == (14, ["119.1", "119.2", "120.3a"])
    assert got.because == ["bob started with 18 life", "goblin dealt 1 damage at entry 2",
                           "goblin dealt 3 damage at entry 1"]
    got = ask(BOARD, "life alice at=2").single
    assert (got.value, got.rules, got.because) == (20, ["119.1"], ["alice started with 20 life"])
