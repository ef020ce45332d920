"""logic/turns.lp: the turn, the active player and the step (500.1, 502)."""

from harness import EVERY_END, shown1

BOARD = """
players: [alice, bob]
turn: {number: 3, active: alice, step: precombat_main}
timeline:
  - {begin: end}
  - {begin_turn: 4, active: bob}
  - {begin: upkeep}
"""


def test_turn_and_step_after_each_entry():
    atoms = shown1(BOARD, EVERY_END + '#show. #show (T, N, Pl, S) : end_of(T, P), turn_number(N, P), active_player(Pl, P),'
                          ' current_step(S, P).')
    assert atoms == ['(0,3,"alice",precombat_main)', '(1,3,"alice",end)', '(2,4,"bob",untap)',
                     '(3,4,"bob",upkeep)']
