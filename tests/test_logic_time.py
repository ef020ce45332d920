"""logic/time.lp: points, values carried along an object's own relevant points, 400.7
forgetting, relevance decided from the timeline alone."""

from harness import shown1

BOARD = """
turn: {number: 3, active: alice}
objects:
  knight: {card: White Knight, counters: {"+1/+1": 1}}
  bystander: {card: Raging Goblin}
timeline:
  - {tap: knight}
  - {counters: knight, add: {"+1/+1": 2}}
  - {move: knight, to: hand}
  - {move: knight, to: battlefield}
"""


def test_points_of_entries():
    # Entry T owns points T*k .. T*k+k-1 (k = 4); "after entry T" is its last point.
    atoms = shown1(BOARD, "#show point_of/2. #show end_of/2. #show before/2.")
    assert atoms == ["before(1,3)", "before(2,7)", "before(3,11)", "before(4,15)",
                     "end_of(0,3)", "end_of(1,7)", "end_of(2,11)", "end_of(3,15)", "end_of(4,19)",
                     "point_of(0,0)", "point_of(1,4)", "point_of(2,8)", "point_of(3,12)", "point_of(4,16)"]


def test_relevant_points_come_from_the_timeline():
    # Each event touching the knight makes its own point relevant; it reads the knight at the
    # knight's last relevant point before it (read_point), which needs no point of its own.
    # White Knight and Raging Goblin can't meet a state-based action in this timeline, so the
    # rounds after each event are not computed for them.
    atoms = shown1(BOARD, '#show rel/2. #show read_point/3.')
    knight = sorted(int(a.split(",")[1].rstrip(")")) for a in atoms if a.startswith('rel("knight"'))
    bystander = sorted(int(a.split(",")[1].rstrip(")")) for a in atoms if a.startswith('rel("bystander"'))
    assert knight == [0, 4, 8, 12, 16]
    assert bystander == [0]
    assert [a for a in atoms if a.startswith("read_point")] == [
        'read_point(1,"knight",0)', 'read_point(2,"knight",4)', 'read_point(3,"knight",8)', 'read_point(4,"knight",12)']


def test_a_value_holds_until_set_again():
    program = """#show. #show val(O, A, V, P) : val(O, A, V, P), O = "knight", A != timestamp, A != arrived."""
    atoms = shown1(BOARD, program)
    # (A new object starts with no counters of the kinds it may get: 0, counters.lp.)
    assert [a for a in atoms if "counter" in a or "tapped" in a or "zone" in a] == [
        'val("knight",counter("+1/+1"),0,12)',              # 400.7: the card in the hand
        'val("knight",counter("+1/+1"),0,16)',              # ... and the permanent it becomes
        'val("knight",counter("+1/+1"),1,0)',
        'val("knight",counter("+1/+1"),1,4)',
        'val("knight",counter("+1/+1"),3,8)',               # entry 2 adds two
        'val("knight",tapped,true,4)',
        'val("knight",tapped,true,8)',
        'val("knight",zone,battlefield,0)',
        'val("knight",zone,battlefield,16)',
        'val("knight",zone,battlefield,4)',
        'val("knight",zone,battlefield,8)',
        'val("knight",zone,hand,12)',                       # 400.7: counters and tapped forgotten
    ]


def test_an_object_keeps_the_point_it_arrived_at():
    # 400.7: arrived(O, A, P) says which object O is at P: the one that arrived at A. It is
    # carried for the objects something reads it of (tracks/2): here the test does.
    atoms = shown1(BOARD, 'tracks("knight", arrived). #show. #show arrived("knight", A, P) : arrived("knight", A, P).')
    assert atoms == ['arrived("knight",0,0)', 'arrived("knight",0,4)', 'arrived("knight",0,8)',
                     'arrived("knight",12,12)', 'arrived("knight",16,16)']
    assert shown1(BOARD, '#show. #show arrived("knight", A, P) : arrived("knight", A, P).') == []
    # With every object relevant at every point (full_demand), every object's is carried.
    atoms = shown1(BOARD, '#show. #show arrived("knight", A, P) : arrived("knight", A, P), end_of(T, P).',
                   full_demand=True)
    assert atoms == ['arrived("knight",0,11)', 'arrived("knight",0,3)', 'arrived("knight",0,7)',
                     'arrived("knight",12,15)', 'arrived("knight",16,19)']


def test_a_change_the_timeline_did_not_declare_is_reported():
    atoms = shown1(BOARD, 'sets("bystander", tapped, true, 8). #show invalid/2.')
    # (A tap no file declared for the untap step is reported as well: permanents.lp.)
    assert atoms == ['invalid(undeclared_change("bystander",tapped),8)', 'invalid(undeclared_tap("bystander"),2)']
