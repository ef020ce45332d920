"""logic/transform.lp: who transforms and converts, 701.27f since-points, 101.2/701.28f,
701.27g, 712.18 and 613.7g."""

from harness import NAMED_POINTS, ask, shown1

TURNS = "#show turns_over/3. #show ignored/4."


def test_second_activation_in_response_transforms_once_and_the_first_is_ignored():
    # 701.27f: the Incubator's "{2}: Transform this token" activated twice; the second
    # resolves first and transforms it; the first's instruction is then ignored.
    atoms = shown1("""
    objects:
      inc: {card: Incubator, counters: {"+1/+1": 1}}
    timeline:
      - {activate: inc, ability: transform, id: a}
      - {activate: inc, ability: transform, id: b}
      - {resolve: b}
      - {resolve: a}
    """, TURNS)
    assert atoms == ['ignored(transform,"inc",4,"701.27f")', 'turns_over(transform,"inc",3)']


def test_convert_instruction_of_an_ability_cites_701_28e():
    atoms = shown1("""
    objects:
      prowler: {card: Kessig Prowler}
    timeline:
      - {delay: prowler, effect: convert, id: d}
      - {transform: prowler}
      - {trigger: d, id: t}
      - {resolve: t}
    """, TURNS)
    assert atoms == ['ignored(convert,"prowler",4,"701.28e")', 'turns_over(transform,"prowler",2)']


def test_delayed_ability_counts_from_its_creation_not_from_going_on_the_stack():
    # Created after the transform: it works although the trigger comes later still.
    atoms = shown1("""
    objects:
      prowler: {card: Kessig Prowler}
    timeline:
      - {transform: prowler}
      - {delay: prowler, effect: transform, id: d}
      - {trigger: d, id: t}
      - {resolve: t}
    """, TURNS)
    assert atoms == ['turns_over(transform,"prowler",1)', 'turns_over(transform,"prowler",4)']


def test_an_ability_whose_source_left_the_battlefield_does_nothing():
    atoms = shown1("""
    objects:
      prowler: {card: Kessig Prowler}
    timeline:
      - {activate: prowler, ability: transform, id: a}
      - {move: prowler, to: hand}
      - {move: prowler, to: battlefield}
      - {resolve: a}
    """, TURNS)
    assert atoms == ['ignored(transform,"prowler",4,"400.7")']


def test_cant_transform_stops_transform_and_convert():
    atoms = shown1("""
    objects:
      delver: {card: Delver of Secrets}
    timeline:
      - {cant_transform: delver}
    """, 'question_reads(1, O) :- object(O). turn_check(O, P) :- question_reads(1, O), end_of(1, P). '
       '#show. #show cannot_turn_over(A, O, 1, R) : cannot_turn_over(A, O, P, R), end_of(1, P).')
    assert atoms == ['cannot_turn_over(convert,"delver",1,"101.2")',
                     'cannot_turn_over(convert,"delver",1,"701.28f")',
                     'cannot_turn_over(transform,"delver",1,"101.2")']


def test_transforming_gives_a_new_timestamp_and_keeps_the_object():
    atoms = shown1("""
    objects:
      delver: {card: Delver of Secrets}
    timeline:
      - {gain: delver, ability: haste, until: indefinitely}
      - {transform: delver}
    """, NAMED_POINTS + 'question_reads(2, "delver"). tracks("delver", (timestamp; arrived)). #show. '
        '#show val("delver", A, V, 2) : val("delver", A, V, P), end_of(2, P), A != owner, A != controlled_since,'
        ' A != arrived, A != timestamp.'
        ' #show val("delver", arrived, W, 2) : val("delver", arrived, Q, P), end_of(2, P), named_point(Q, W).'
        ' #show val("delver", timestamp, (E, N), 2) : val("delver", timestamp, (Q, N), P), end_of(2, P), point_of(E, Q).')
    # The same object (712.18: it arrived at entry 0's event and the gain effect still applies to
    # it), its other face up, with a new timestamp, entry 2's (613.7g).
    assert atoms == ['val("delver",active(eff(1)),true,2)', 'val("delver",arrived,event(0),2)',
                     'val("delver",controller,"alice",2)', 'val("delver",face,back,2)',
                     'val("delver",timestamp,(2,0),2)',
                     'val("delver",zone,battlefield,2)']
    assert ask("""
    objects:
      delver: {card: Delver of Secrets}
    timeline:
      - {gain: delver, ability: haste, until: indefinitely}
      - {transform: delver}
    """, "characteristics delver").single.value["keywords"] == ["flying", "haste"]


def test_transformed_permanent():
    atoms = shown1("""
    objects:
      miles: {card: Miles Morales // Ultimate Spider-Man, face: back}
      delver: {card: Delver of Secrets}
      knight: {card: White Knight}
      township: {card: "Hanweir, the Writhing Township"}
      hand: {card: Delver of Secrets, zone: hand}
    """, 'question_reads(0, O) :- object(O). #show. #show transformed_permanent(O) : transformed_permanent(O, P), end_of(0, P). #show melded/1.')
    assert atoms == ['melded("township")', 'transformed_permanent("miles")']


def test_a_copy_of_a_double_faced_permanent_is_not_double_faced_and_a_dfc_copying_something_is():
    # 712.9, first and second examples.
    atoms = shown1("""
    objects:
      delver: {card: Delver of Secrets, face: back}
      knight: {card: White Knight}
      clone: {card: Clone, copy_of: delver}
      prowler: {card: Kessig Prowler, copy_of: knight}
    """, 'question_reads(0, O) :- object(O). turn_check(O, P) :- object(O), end_of(0, P). '
       '#show. #show can(O) : can_turn_over(transform, O, P), end_of(0, P).'
       ' #show cannot(O, R) : cannot_turn_over(transform, O, P, R), end_of(0, P).')
    assert atoms == ['can("delver")', 'can("prowler")', 'cannot("clone","701.27c")', 'cannot("knight","701.27c")']


def test_peter_parkers_own_ability_transforms_him():
    atoms = shown1("""
    objects:
      peter: {card: Peter Parker // Amazing Spider-Man}
    timeline:
      - {activate: peter, ability: transform, id: a}
      - {resolve: a}
    """, 'question_reads(2, "peter"). #show. #show name(N) : name("peter", N, P), end_of(2, P). #show tp(O) : transformed_permanent(O, P), end_of(2, P).')
    assert atoms == ['name("Amazing Spider-Man")', 'tp("peter")']
