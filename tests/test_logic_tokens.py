"""logic/tokens.lp: tokens created during the timeline, incubate (701.53a), and the checks
that a resolving spell's tokens are the ones its effect makes."""

from harness import NAMED_POINTS, PERFORMED, shown1

SHOW = "question_reads(T, O) :- object(O), entry(T). #show invalid/2. #show created_by/3. #show counter(O, K, N) : counter(O, K, N, P), end_of(T, P), created_by(O, T, _)."


def test_create_event_with_counters_and_controller():
    atoms = shown1("""
    objects:
      inc: {card: Incubator, zone: none, owner: bob}
    timeline:
      - {create: inc, enters_with: {"+1/+1": 2}, controller: bob}
    """, SHOW + ' #show o(Pl) : owner("inc", Pl, P), end_of(1, P). question_reads(1, "inc").')
    assert atoms == ['counter("inc","+1/+1",2)', 'created_by("inc",1,"bob")', 'o("bob")']


def test_not_created_yet_is_not_in_the_game():
    atoms = shown1("""
    objects:
      inc: {card: Incubator, zone: none}
    timeline:
      - {begin: upkeep}
      - {create: inc}
    """, '#show. question_reads(1, "inc"). question_reads(2, "inc"). #show exists(O, T) : exists(O, P), end_of(T, P). #show zone(O, Z, T) : zone(O, Z, P), O = "inc", end_of(T, P). ' + PERFORMED)
    assert atoms == ['exists("inc",2)', 'zone("inc",battlefield,2)', 'zone("inc",none,0)', 'zone("inc",none,1)']


SUNFALL = """
turn: {number: 5, active: alice}
objects:
  sunfall: {card: Sunfall, zone: stack}
  knight: {card: White Knight}
  goblin: {card: Raging Goblin, owner: bob}
  {extra}
timeline:
  - {resolve: sunfall{creates}}
"""


def _sunfall(extra="", creates=""):
    return SUNFALL.replace("{extra}", extra).replace("{creates}", creates)


def test_sunfall_exiles_all_creatures_and_incubates_their_number():
    atoms = shown1(_sunfall("inc: {card: Incubator, zone: none}", ", creates: [inc]"),
                   SHOW + ' #show exiled_by/3.')
    assert atoms == ['counter("inc","+1/+1",2)', 'created_by("inc",1,"alice")',
                     'exiled_by("sunfall","goblin",1)', 'exiled_by("sunfall","knight",1)']


def test_a_spell_that_makes_a_token_the_scenario_does_not_name_is_reported():
    atoms = shown1(_sunfall(), SHOW)
    assert atoms == ['invalid(token_not_named("sunfall",incubator,0),1)']


def test_a_named_token_the_spell_does_not_make_is_reported():
    atoms = shown1(_sunfall("inc: {card: Incubator, zone: none}\n  inc2: {card: Incubator, zone: none}",
                            ", creates: [inc, inc2]"), SHOW)
    assert atoms == ['counter("inc","+1/+1",2)', 'created_by("inc",1,"alice")',
                     'invalid(not_made_by("inc2","sunfall"),1)']


def test_incubate_makes_an_incubator_token():
    atoms = shown1(_sunfall("tok: {card: Grizzly Bears, zone: none}", ", creates: [tok]"), SHOW)
    assert atoms == ['counter("tok","+1/+1",2)', 'created_by("tok",1,"alice")',
                     'invalid(wrong_token("tok",incubator),1)']


def test_a_cardless_token_needs_a_copy():
    atoms = shown1("""
    objects:
      t: {zone: none}
      cc: {card: Cackling Counterpart, zone: stack}
      knight: {card: White Knight}
    timeline:
      - {resolve: cc, targets: [knight], creates: [t]}
    """, SHOW + NAMED_POINTS + ' #show token_copy(O, X, T, W) : token_copy(O, X, E, B), point_of(T, E), named_point(B, W).')
    # Made at entry 1's event, copying the Knight as it was after entry 0 (harness.NAMED_POINTS).
    assert atoms == ['created_by("t",1,"alice")', 'token_copy("t","knight",1,after(0))']


def test_casting_a_token_is_reported():
    # 111.8: a token can't move from the battlefield to the stack; the loader refuses a cast
    # of a token in a file, the rules a state built otherwise.
    atoms = shown1("""
    objects:
      tok: {card: Incubator}
      bears: {card: Grizzly Bears, zone: hand}
    timeline:
      - {cast: bears}
    """, 'happens(1, cast("tok", front, "alice")). #show invalid/2.')
    assert atoms == ['invalid(token_cast("tok","111.8"),1)']
