"""logic/counters.lp: counters put on and removed (122.1), not kept across zones (122.2)."""

from harness import EVERY_END, shown1

BOARD = """
objects:
  knight: {card: White Knight, counters: {"+1/+1": 1}}
timeline:
  - {counters: knight, add: {"+1/+1": 2, charge: 1}}
  - {counters: knight, remove: {"+1/+1": 5}}
  - {counters: knight, add: {charge: 1}}
  - {move: knight, to: hand}
"""


def test_counts_after_each_entry():
    # 122.1: added and removed; no more removed than there are; 122.2: gone with the zone change.
    atoms = shown1(BOARD, EVERY_END + '#show. #show (T, K, N) : end_of(T, P), counter("knight", K, N, P).')
    assert atoms == ['(0,"+1/+1",1)', '(1,"+1/+1",3)', '(1,"charge",1)', '(2,"charge",1)', '(3,"charge",2)']


def test_counters_change_power_and_toughness():
    # 613.4c: White Knight 2/2 with three +1/+1 counters is 5/5 after entry 1.
    atoms = shown1(BOARD, EVERY_END + '#show. #show (T, Pw, Tg) : end_of(T, P), T <= 2, power("knight", Pw, P), toughness("knight", Tg, P).')
    assert atoms == ["(0,3,3)", "(1,5,5)", "(2,2,2)"]
