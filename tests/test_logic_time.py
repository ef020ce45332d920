"""logic/time.lp: points, values as intervals, 400.7 forgetting, demand."""

from harness import shown1

BOARD = """
turn: {number: 3, active: alice}
objects:
  knight: {card: White Knight, counters: {"+1/+1": 1}}
timeline:
  - {tap: knight}
  - {counters: knight, add: {"+1/+1": 2}}
  - {move: knight, to: hand}
  - {move: knight, to: battlefield}
"""


def test_points_of_entries():
    # Entry T owns points T*k .. T*k+k-1 (k = 8); "after entry T" is its last point.
    atoms = shown1(BOARD, "#show point_of/2. #show end_of/2. #show before/2.")
    assert atoms == ["before(1,7)", "before(2,15)", "before(3,23)", "before(4,31)",
                     "end_of(0,7)", "end_of(1,15)", "end_of(2,23)", "end_of(3,31)", "end_of(4,39)",
                     "point_of(0,0)", "point_of(1,8)", "point_of(2,16)", "point_of(3,24)", "point_of(4,32)"]


def test_a_value_holds_until_set_again():
    program = """need("knight", P) :- end_of(_, P).
    #show. #show val(O, A, V, P) : val(O, A, V, P), end_of(_, P)."""
    atoms = [a for a in shown1(BOARD, program) if "counter" in a or "tapped" in a or "zone" in a]
    assert atoms == [
        'val("knight",counter("+1/+1"),1,15)',            # after entry 1: still 1
        'val("knight",counter("+1/+1"),1,7)',
        'val("knight",counter("+1/+1"),3,23)',            # entry 2 adds two
        'val("knight",tapped,true,15)',
        'val("knight",tapped,true,23)',
        'val("knight",zone,battlefield,15)',
        'val("knight",zone,battlefield,23)',
        'val("knight",zone,battlefield,39)',
        'val("knight",zone,battlefield,7)',
        'val("knight",zone,hand,31)',                     # 400.7: counters and tapped forgotten
    ]


def test_only_needed_points_are_computed():
    # Without a question, only the points events and state-based checks need are computed:
    # each event reads the state before it (7, 15, 23, 31); the initial state (0), the
    # counters (16) and entering the battlefield again (32) are changes state-based actions
    # look at. Tapping (8) is not, and nor is leaving the battlefield for a hand (24): only a
    # token's leaving is (704.5d).
    atoms = shown1(BOARD, '#show need/2.')
    knight = sorted(int(a.split(",")[1].rstrip(")")) for a in atoms if a.startswith('need("knight"'))
    assert knight == [0, 7, 15, 16, 23, 31, 32]
