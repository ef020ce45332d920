"""logic/facedown.lp: turning face down and up (708.2a, 708.2b, 708.8, 712.15a, 712.16),
Ixidron's as-enters effect (603.6d)."""

from harness import shown1

NEED = "question_reads(T, O) :- object(O), entry(T). #show. "


def test_double_faced_permanents_cannot_be_turned_face_down():
    atoms = shown1("""
    objects:
      delver: {card: Delver of Secrets}
      knight: {card: White Knight}
      hidden: {card: Raging Goblin, face_down: true}
    timeline:
      - {turn_face_down: delver}
      - {turn_face_down: knight}
      - {turn_face_down: hidden}
    """, NEED + '#show face_down_fails/3. #show turns_face_down/2.')
    assert atoms == ['face_down_fails("delver",1,"712.16")', 'face_down_fails("hidden",3,"708.2b")',
                     'turns_face_down("knight",2)']


def test_turned_face_up_a_double_faced_permanent_has_its_front_face_up():
    atoms = shown1("""
    objects:
      delver: {card: Delver of Secrets, face: back, face_down: true}
    timeline:
      - {turn_face_up: delver}
    """, NEED + '#show face(S) : face_up("delver", S, P), end_of(1, P). #show fd : face_down("delver", P), end_of(1, P).')
    assert atoms == ['face(front)']


def test_ixidron_turns_the_other_nontoken_creatures_face_down_except_double_faced_ones():
    atoms = shown1("""
    objects:
      ixidron: {card: Ixidron, zone: hand}
      knight: {card: White Knight}
      goblin: {card: Raging Goblin, owner: bob}
      delver: {card: Delver of Secrets}
      inc: {card: Incubator, face: back, counters: {"+1/+1": 1}}
    timeline:
      - {move: ixidron, to: battlefield}
    """, NEED + '#show face_down(O) : face_down(O, P), end_of(1, P). #show face_down_fails/3.')
    assert atoms == ['face_down("goblin")', 'face_down("knight")', 'face_down_fails("delver",1,"712.16")']
