"""logic/copies.lp: copy effects (layer 1a) and tokens created as copies (707.2, 707.8a)."""

from harness import ask, shown1

NEED = "question_reads(T, O) :- object(O), entry(T). #show. "


def _value(text, question):
    return ask(text, question).single


def test_copy_takes_the_face_that_is_up_and_is_fixed_when_copied():
    # 707.8: the face up; 707.2b: Delver transforming back later doesn't change the copy.
    atoms = shown1("""
    objects:
      delver: {card: Delver of Secrets, face: back}
      clone: {card: Clone, zone: hand}
    timeline:
      - {move: clone, to: battlefield, as_copy_of: delver}
      - {transform: delver}
    """, NEED + '#show cf(O, C, S, T) : char_face(O, C, S, P), end_of(T, P), O = "clone", zone(O, battlefield, P).')
    assert atoms == ['cf("clone","Delver of Secrets // Insectile Aberration",back,1)',
                     'cf("clone","Delver of Secrets // Insectile Aberration",back,2)']


def test_copy_effect_ends_with_the_turn_and_when_the_object_leaves():
    atoms = shown1("""
    objects:
      delver: {card: Delver of Secrets}
      knight: {card: White Knight}
    timeline:
      - {copy: delver, of: knight, until: end_of_turn}
      - {begin: cleanup}
    """, NEED + '#show copying(O, T) : copying(O, P), end_of(T, P).')
    assert atoms == ['copying("delver",1)']


def test_latest_copy_effect_wins():
    atoms = shown1("""
    objects:
      delver: {card: Delver of Secrets}
      knight: {card: White Knight}
      goblin: {card: Raging Goblin}
    timeline:
      - {copy: delver, of: knight}
      - {copy: delver, of: goblin}
    """, NEED + '#show name(O, N) : name(O, N, P), end_of(2, P), O = "delver".')
    assert atoms == ['name("delver","Raging Goblin")']


def test_token_copy_of_a_double_faced_permanent_is_double_faced_with_its_face_up():
    atoms = shown1("""
    objects:
      delver: {card: Delver of Secrets, face: back}
      knight: {card: White Knight}
      t1: {zone: none}
      t2: {zone: none}
    timeline:
      - {create: t1, copy_of: delver}
      - {create: t2, copy_of: knight}
    """, NEED + '#show double_faced/1. #show copy_token/1. #show face(O, S) : face_up(O, S, P), end_of(2, P), token(O).'
                 ' #show copying(O) : copying(O, P), end_of(2, P).')
    assert atoms == ['copy_token("t1")', 'copying("t2")', 'double_faced("delver")', 'double_faced("t1")',
                     'face("t1",back)', 'face("t2",front)']


def test_copy_of_a_nonmodal_back_face_has_mana_value_zero_a_modal_back_face_its_own():
    text = """
    objects:
      delver: {card: Delver of Secrets, face: back}
      miles: {card: Miles Morales // Ultimate Spider-Man, face: back}
      c1: {card: Clone, copy_of: delver}
      c2: {card: Clone, copy_of: miles, owner: bob}   # bob: no legend rule
      kruin: {card: Kessig Prowler, copy_of: delver}
    """
    atoms = shown1(text, NEED + 'reads_mana_value(O) :- object(O). #show mv(O, V) : mana_value(O, V, P), end_of(0, P). #show copy_of_nonmodal_back(O) : copy_of_nonmodal_back(O, P), end_of(0, P).')
    assert atoms == ['copy_of_nonmodal_back("c1")', 'copy_of_nonmodal_back("kruin")',
                     'mv("c1",0)', 'mv("c2",6)', 'mv("delver",1)', 'mv("kruin",0)', 'mv("miles",6)']
    assert _value(text, "characteristics c1").rules == ["202.3", "202.3a", "202.3b", "707.2", "707.8"]


def test_spark_double_exception_is_not_legendary_and_an_extra_counter():
    atoms = shown1("""
    objects:
      miles: {card: Miles Morales // Ultimate Spider-Man}
      spark: {card: Spark Double, zone: hand}
    timeline:
      - {move: spark, to: battlefield, as_copy_of: miles}
    """, NEED + '#show legendary(O) : legendary(O, P), end_of(1, P). #show counter(O, K, N) : counter(O, K, N, P), end_of(1, P).'
                 ' #show performed(A, T, R) : performed(A, P), T = P / k, R = P \\ k.')
    assert atoms == ['counter("spark","+1/+1",1)', 'legendary("miles")']


def test_copy_of_a_face_down_permanent_has_its_face_down_values():
    atoms = shown1("""
    objects:
      knight: {card: White Knight, face_down: true}
      clone: {card: Clone, copy_of: knight}
    """, NEED + '#show copied_face_down(O) : copied_face_down(O, P), end_of(0, P). #show pt(O, X, Y) : power(O, X, P), toughness(O, Y, P), end_of(0, P).'
                 ' #show named(O) : name(O, _, P), end_of(0, P).')
    assert atoms == ['copied_face_down("clone")', 'pt("clone",2,2)', 'pt("knight",2,2)']


def test_token_without_card_needs_a_copy():
    atoms = shown1("""
    objects:
      t: {zone: none}
      knight: {card: White Knight}
    timeline:
      - {create: t, copy_of: knight}
    """, '#show invalid/2. #show name(O, N) : name(O, N, P), end_of(1, P), O = "t". question_reads(1, "t").')
    assert atoms == ['name("t","White Knight")']


def test_entering_another_zone_as_a_copy_is_reported():
    # 707.5: only an object entering the battlefield enters as a copy (the loader refuses
    # as_copy_of with another zone; the rules check a state built otherwise).
    atoms = shown1("""
    objects:
      delver: {card: Delver of Secrets}
      clone: {card: Clone, zone: hand}
    timeline:
      - {move: clone, to: graveyard}
    """, 'happens(1, enters_as_copy("clone", "delver")). #show invalid/2.')
    assert atoms == ['invalid(enters_as_copy_outside_battlefield("clone",graveyard,"707.5"),1)']


def test_objects_copying_each_other_are_reported():
    # 707.2: a copy takes the copiable values of what it copies; a cycle has none. The loader
    # refuses one in a file (tests/test_scenario_errors.py); a longer cycle built otherwise:
    atoms = shown1("""
    objects:
      a: {card: Clone, copy_of: b}
      b: {card: Clone, copy_of: c}
      c: {card: Clone}
    """, 'copy_of("c", "a"). #show invalid/2.')
    assert atoms == ['invalid(copy_cycle("a","707.2"),0)', 'invalid(copy_cycle("b","707.2"),0)',
                     'invalid(copy_cycle("c","707.2"),0)']
