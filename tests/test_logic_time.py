"""logic/time.lp: points, values carried along an object's own relevant points, 400.7
forgetting, relevance decided from the timeline alone."""

from harness import NAMED_POINTS, shown1

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
    atoms = shown1(BOARD, "#show point_of/2. #show end_of/2. #show before/2.", means_points="time.lp's points themselves")
    assert atoms == ["before(1,3)", "before(2,7)", "before(3,11)", "before(4,15)",
                     "end_of(0,3)", "end_of(1,7)", "end_of(2,11)", "end_of(3,15)", "end_of(4,19)",
                     "point_of(0,0)", "point_of(1,4)", "point_of(2,8)", "point_of(3,12)", "point_of(4,16)"]


def test_relevant_points_come_from_the_timeline():
    # Each event touching the knight makes its own point relevant; it reads the knight at the
    # knight's last relevant point before it (read_point), which needs no point of its own.
    # White Knight and Raging Goblin can't meet a state-based action in this timeline, so the
    # rounds after each event are not computed for them.
    # (Points named by their entry, harness.NAMED_POINTS: event(T) is entry T's event.)
    atoms = shown1(BOARD, NAMED_POINTS + '#show. #show rel(O, W) : rel(O, P), named_point(P, W).'
                   ' #show read_point(T, O, W) : read_point(T, O, P), named_point(P, W).')
    knight = sorted(a.split(",", 1)[1][:-1] for a in atoms if a.startswith('rel("knight"'))
    bystander = sorted(a.split(",", 1)[1][:-1] for a in atoms if a.startswith('rel("bystander"'))
    assert knight == ["event(0)", "event(1)", "event(2)", "event(3)", "event(4)"]
    assert bystander == ["event(0)"]
    assert [a for a in atoms if a.startswith("read_point")] == [
        'read_point(1,"knight",event(0))', 'read_point(2,"knight",event(1))', 'read_point(3,"knight",event(2))',
        'read_point(4,"knight",event(3))']


def test_a_value_holds_until_set_again():
    program = NAMED_POINTS + """#show. #show val(O, A, V, W) : val(O, A, V, P), O = "knight", A != timestamp, A != arrived,
                                                 named_point(P, W)."""
    atoms = shown1(BOARD, program)
    # (A new object starts with no counters of the kinds it may get: 0, counters.lp.)
    assert [a for a in atoms if "counter" in a or "tapped" in a or "zone" in a] == [
        'val("knight",counter("+1/+1"),0,event(3))',        # 400.7: the card in the hand
        'val("knight",counter("+1/+1"),0,event(4))',        # ... and the permanent it becomes
        'val("knight",counter("+1/+1"),1,event(0))',
        'val("knight",counter("+1/+1"),1,event(1))',
        'val("knight",counter("+1/+1"),3,event(2))',        # entry 2 adds two
        'val("knight",tapped,true,event(1))',
        'val("knight",tapped,true,event(2))',
        'val("knight",zone,battlefield,event(0))',
        'val("knight",zone,battlefield,event(1))',
        'val("knight",zone,battlefield,event(2))',
        'val("knight",zone,battlefield,event(4))',
        'val("knight",zone,hand,event(3))',                 # 400.7: counters and tapped forgotten
    ]


def test_an_object_keeps_the_point_it_arrived_at():
    # 400.7: arrived(O, A, P) says which object O is at P: the one that arrived at A. It is
    # carried for the objects something reads it of (tracks/2): here the test does.
    # (Points named by their entry, harness.NAMED_POINTS: event(T), the event of entry T; after(T).)
    shows = NAMED_POINTS + '#show. #show arrived("knight", V, W) : arrived("knight", A, P), named_point(A, V), named_point(P, W).'
    atoms = shown1(BOARD, 'tracks("knight", arrived). ' + shows)
    assert atoms == ['arrived("knight",event(0),event(0))', 'arrived("knight",event(0),event(1))',
                     'arrived("knight",event(0),event(2))', 'arrived("knight",event(3),event(3))',
                     'arrived("knight",event(4),event(4))']
    assert shown1(BOARD, shows) == []
    # With every object relevant at every point (full_demand), every object's is carried.
    atoms = shown1(BOARD, NAMED_POINTS + '#show. #show arrived("knight", V, T) : arrived("knight", A, P), end_of(T, P),'
                   ' named_point(A, V).', full_demand=True)
    assert atoms == ['arrived("knight",event(0),0)', 'arrived("knight",event(0),1)', 'arrived("knight",event(0),2)',
                     'arrived("knight",event(3),3)', 'arrived("knight",event(4),4)']


def test_a_change_the_timeline_did_not_declare_is_reported():
    atoms = shown1(BOARD, 'sets("bystander", tapped, true, P) :- point_of(2, P). #show invalid/2.')
    # (A tap no file declared for the untap step is reported as well: permanents.lp.)
    assert atoms == ['invalid(undeclared_change("bystander",tapped),2)', 'invalid(undeclared_tap("bystander"),2)']


# --- A static ability's source is looked at, not worked out, where its effect applies ------------
# Glorious Anthem's effect may apply to the bears at each of their points; what the effect reads
# of the anthem (whether the ability functions, its controller, its timestamp) can change only
# where the anthem changes (the invariant), so the anthem is read there at its own last relevant
# point (looks_at, view_point) instead of being worked out again at each of the bears' points.
ANTHEM = """
turn: {number: 3, active: alice}
objects:
  anthem: {card: Glorious Anthem}
  bears: {card: Grizzly Bears}
timeline:
  - {tap: bears}
  - {untap: bears}
"""


def test_an_anthem_is_looked_at_where_its_effect_applies():
    atoms = shown1(ANTHEM, NAMED_POINTS + '#show. #show rel(O, W) : rel(O, P), named_point(P, W).'
                   ' #show view_point(O, W, V) : view_point(O, P, Q), named_point(P, W), named_point(Q, V).'
                   ' #show power(O, V, W) : power(O, V, P), named_point(P, W), O = "bears".')
    anthem = sorted(a for a in atoms if '"anthem"' in a)
    assert anthem == ['rel("anthem",event(0))', 'view_point("anthem",event(1),event(0))',
                      'view_point("anthem",event(2),event(0))']
    # Nothing here reads the bears' power (no question, no combat, no state-based action is
    # plausible): layer 7 isn't worked out for them (layers.lp's wants_pt).
    assert [a for a in atoms if a.startswith("power")] == []


POWER_AT = (NAMED_POINTS + '#show. #show power(O, V, W) : power(O, V, P), named_point(P, W), O = "bears".'
            ' #show applied(W) : layer_effect(E, "anthem", "bears", "7c", pt(1, 1), K, P), named_point(P, W).')


def test_power_and_toughness_are_worked_out_where_a_rule_reads_them():
    # A rule that reads the bears' power just after entry 1 says so (wants_pt): the anthem's +1/+1
    # applies there (613.4c), and layer 7 is worked out there only.
    atoms = shown1(ANTHEM, POWER_AT + 'wants_pt("bears", P) :- point_of(1, P).')
    assert atoms == ['applied(event(1))', 'power("bears",3,event(1))']
    # With every object's characteristics derived at every point (the differential tests'
    # reference), the same value at each of them: the 4 points of each of the 3 entries.
    atoms = shown1(ANTHEM, POWER_AT, full_demand=True)
    powers = [a for a in atoms if a.startswith("power")]
    assert len(powers) == 12 and {p.split(",")[1] for p in powers} == {"3"}


def test_a_source_whose_abilities_may_be_removed_is_worked_out_where_its_effect_applies():
    # Under Humility the anthem, made a creature by nothing here, is still a permanent an effect
    # that removes abilities may reach (613.1f: "all creatures" — may_have is read from the
    # scenario alone), so it is relevant wherever the bears are: whether the ability still
    # functions there is decided by the layers (613.6, dependency.lp).
    text = ANTHEM.replace("  bears: {card: Grizzly Bears}\n",
                          "  bears: {card: Grizzly Bears}\n  opal: {card: Opalescence}\n  humility: {card: Humility}\n")
    atoms = shown1(text, NAMED_POINTS + '#show. #show rel(O, W) : rel(O, P), named_point(P, W), O = "anthem".'
                   ' #show view_point(O, W, V) : view_point(O, P, Q), named_point(P, W), named_point(Q, V), O = "anthem".')
    assert 'rel("anthem",event(1))' in atoms and 'rel("anthem",event(2))' in atoms
    assert not [a for a in atoms if a.startswith("view_point")]


# --- An ability that makes a creature and sets its toughness: a state-based action only if it may be 0 ---
# Opalescence makes each other non-Aura enchantment a creature with base power and toughness equal
# to its mana value (613.4b). Glorious Anthem's is 3: no state-based action can act on it for
# that (704.5f), nor, through it, on the creatures it pumps, so their rounds of state-based
# actions after the initial state aren't worked out. March of the Machines with Mycosynth Lattice
# may make a land (mana value 0) a 0/0 creature: those rounds are its own. (Which of the two
# applies first is the bridge's order, 613.8b: docs/examples/layers/march-and-lattice.yaml.)
def test_a_creature_made_with_toughness_above_zero_meets_no_state_based_action():
    text = """
    turn: {number: 3, active: alice}
    objects:
      anthem: {card: Glorious Anthem}
      opal: {card: Opalescence}
      bears: {card: Grizzly Bears}
    """
    atoms = shown1(text, NAMED_POINTS + '#show. #show rel(O, W) : rel(O, P), named_point(P, W).'
                   ' #show sba(O) : sba_plausible(O).')
    assert sorted(a for a in atoms if a.startswith("rel")) == [
        'rel("anthem",event(0))', 'rel("bears",event(0))', 'rel("opal",event(0))',
        'rel(player("alice"),event(0))', 'rel(player("bob"),event(0))']
    assert [a for a in atoms if a.startswith("sba")] == []


def test_a_land_made_a_creature_by_its_mana_value_may_meet_704_5f():
    text = """
    turn: {number: 3, active: alice}
    cards:
      - {name: Forest, layout: normal, type_line: Basic Land — Forest, oracle_text: "({T}: Add {G}.)", mana_cost: "", colors: []}
    objects:
      march: {card: March of the Machines}
      lattice: {card: Mycosynth Lattice}
      forest: {card: Forest}
    """
    atoms = shown1(text, NAMED_POINTS + '#show. #show sba(O) : sba_plausible(O).'
                   ' #show rel(O, W) : rel(O, P), named_point(P, W), O = "forest".')
    assert 'sba("forest")' in atoms and 'rel("forest",round(0,1))' in atoms
