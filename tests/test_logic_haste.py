"""logic/haste.lp: each player's most recent turn (302.6, 102.1), summoning sickness from
controlled_since, and haste (702.10b, 702.10c)."""

from harness import ask, shown1

THREE = """
players: [alice, bob, carol]
turn: {number: 7, active: carol}
objects:
  a: {card: Grizzly Bears, owner: alice, controlled_since: 5}
  b: {card: Grizzly Bears, owner: bob, controlled_since: 6}
  c: {card: Grizzly Bears, owner: carol, controlled_since: 6}
  d: {card: Grizzly Bears, owner: carol, controlled_since: 7}
"""

SICK = ('attack_check(O, P, P) :- object(O), end_of(0, P). question_reads(0, O) :- object(O). '
        '#show. #show most_recent_turn(Pl, N, T) : most_recent_turn(Pl, N, P), end_of(T, P). '
        '#show summoning_sick(O, T) : summoning_sick(O, P, P), end_of(T, P).')


def test_most_recent_turn_by_turn_order():
    # Turn 7 is carol's; going back in turn order: bob's 6, alice's 5 (102.1).
    # a: gained during turn 5, alice's most recent turn began with it: sick. b: during bob's
    # turn 6: sick. c: during turn 6, before carol's turn 7 began: not sick. d: this turn: sick.
    assert shown1(THREE, SICK) == [
        'most_recent_turn("alice",5,0)', 'most_recent_turn("bob",6,0)', 'most_recent_turn("carol",7,0)',
        'summoning_sick("a",0)', 'summoning_sick("b",0)', 'summoning_sick("d",0)']


def test_a_turn_the_timeline_begins_is_the_players_latest():
    text = THREE + """
timeline:
  - {begin_turn: 8, active: alice}
  - {begin_turn: 9, active: alice}
"""
    # An extra turn for alice: her most recent turn is 9; bob's is still 6, carol's 7 (d, gained
    # during carol's turn 7, is still sick; b too).
    atoms = shown1(text, 'attack_check(O, P, P) :- object(O), end_of(2, P). question_reads(2, O) :- object(O). '
                         '#show. #show most_recent_turn(Pl, N, T) : most_recent_turn(Pl, N, P), end_of(T, P), T = 2. '
                         '#show summoning_sick(O, T) : summoning_sick(O, P, P), end_of(T, P).')
    assert atoms == ['most_recent_turn("alice",9,2)', 'most_recent_turn("bob",6,2)',
                     'most_recent_turn("carol",7,2)', 'summoning_sick("b",2)', 'summoning_sick("d",2)']


def test_a_player_who_has_had_no_turn():
    # Turn 1 is alice's: bob has had no turn, so no creature of his has been controlled since
    # his most recent turn began (302.6).
    atoms = shown1("""
    turn: {number: 1, active: alice}
    objects:
      x: {card: Llanowar Elves, owner: bob}
      y: {card: Llanowar Elves}
    """, SICK)
    assert atoms == ['most_recent_turn("alice",1,0)', 'summoning_sick("x",0)']
    got = ask("""
    turn: {number: 1, active: alice}
    objects:
      x: {card: Llanowar Elves, owner: bob}
    """, "can_activate x '{T}: Add {G}.'").single
    assert (got.value, got.rules) == (False, ["302.6", "602.5a"])


def test_haste_from_any_source_counts_and_only_while_it_has_it():
    text = """
    turn: {number: 3, active: alice}
    objects:
      bears: {card: Grizzly Bears, controlled_since: 3}
      goblin: {card: Raging Goblin, controlled_since: 3}
    timeline:
      - {gain: bears, ability: haste}
      - {lose: goblin, ability: haste}
    """
    atoms = shown1(text, 'attack_check(O, P, P) :- object(O), end_of((0;2), P). question_reads((0;2), O) :- object(O). '
                         '#show. #show haste_exempts(O, T) : haste_exempts(O, P, P), end_of(T, P). '
                         '#show sick_without_haste(O, T) : sick_without_haste(O, P, P), end_of(T, P).')
    assert atoms == ['haste_exempts("bears",2)', 'haste_exempts("goblin",0)',
                     'sick_without_haste("bears",0)', 'sick_without_haste("goblin",2)']


def test_lands_and_other_noncreatures_have_no_summoning_sickness():
    got = ask("""
    turn: {number: 3, active: alice}
    objects:
      greaves: {card: Lightning Greaves, controlled_since: 3}
      bears: {card: Grizzly Bears}
    """, "can_activate greaves 'Equip {0}'").single
    assert (got.value, got.rules) == (True, ["602.2", "702.6a"])


def test_control_gained_restarts_the_clock():
    text = """
    turn: {number: 4, active: alice}
    objects:
      ace: {card: Fencing Ace, owner: bob, controlled_since: 1}
    timeline:
      - {gain_control: ace, player: alice}
    """
    assert shown1(text, 'question_reads(1, "ace"). #show. #show c(N) : controlled_since("ace", N, P), end_of(1, P).') == ['c(4)']
    got = ask(text, "can_attack ace")
    assert (got.single.value, got.single.rules) == (False, ["302.6"])


def test_check_attacks_names_summoning_sickness():
    # The whole declaration is checked as can_attack checks each attacker: a creature whose
    # controller has controlled it only since this turn can't attack (302.6). (haste.lp is loaded
    # on demand: it was missing for check_attacks, which then said nothing of 302.6.)
    text = """
    turn: {number: 4, active: alice, step: declare_attackers}
    objects:
      ace: {card: Fencing Ace, controlled_since: 4}
      bears: {card: Grizzly Bears, controlled_since: 2}
    """
    got = ask(text, "check_attacks '{ace: bob, bears: bob}'").single
    assert (got.value, got.rules) == (False, ["302.6"])
    assert "ace can't attack (302.6)" in got.because and not [b for b in got.because if b.startswith("bears")]
