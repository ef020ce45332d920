"""logic/zones.lp: moves, entering transformed, and what stays where (712.14, 712.14a,
712.14b, 304.4, 307.4, 111.8); the same rules answer enters_as."""

from harness import ask, shown1

NEED = "question_reads(T, O) :- object(O), entry(T). #show. "


def test_moves_and_what_stays():
    atoms = shown1("""
    objects:
      emeria: {card: "Emeria's Call", zone: hand}
      valakut: {card: Valakut Awakening, zone: graveyard}
      miles: {card: Miles Morales // Ultimate Spider-Man, zone: exile}
      knight: {card: White Knight, zone: hand}
      bolt: {card: Lightning Bolt, zone: hand}
    timeline:
      - {move: emeria, to: battlefield}
      - {move: valakut, to: battlefield, transformed: true}
      - {move: miles, to: battlefield, transformed: true}
      - {move: knight, to: battlefield, transformed: true}
      - {move: bolt, to: battlefield}
    """, NEED + '#show stays/3. #show face(O, S) : face_up(O, S, P), on_battlefield(O, P), end_of(5, P).')
    assert atoms == ['face("miles",back)', 'face("valakut",back)',
                     'stays("bolt",5,"304.4")', 'stays("emeria",1,"712.14b")', 'stays("knight",4,"712.14a")']


def test_a_token_that_left_the_battlefield_stays():
    atoms = shown1("""
    objects:
      inc: {card: Incubator}
    timeline:
      - {move: inc, to: hand}
      - {move: inc, to: battlefield}
    """, '#show stays/3.')
    # It ceased to exist (704.5d) right after it left.
    assert atoms == ['stays("inc",2,"704.5d")']


def test_enters_as_uses_the_same_rules_as_the_moves():
    text = """
    objects:
      emeria: {card: "Emeria's Call", zone: hand}
      esika: {card: "Esika, God of the Tree", zone: library}
      delver: {card: Delver of Secrets, zone: graveyard}
    """
    a = ask(text, "enters_as emeria transformed").single
    assert (a.value, a.rules) == ({"enters": True, "face": "back", "name": "Emeria, Shattered Skyclave",
                                   "zone": "battlefield"}, ["712.14a"])
    a = ask(text, "enters_as emeria type:land").single
    assert (a.value, a.rules) == ({"enters": False, "zone": "hand"}, ["712.8a"])
    assert "only the characteristics of Emeria's Call (the front face) are considered" in a.because
    a = ask(text, "enters_as esika type:creature,mv<=3").single
    assert (a.value, a.rules) == ({"enters": True, "face": "front", "name": "Esika, God of the Tree",
                                   "zone": "battlefield"}, ["712.8a", "712.14"])
    a = ask(text, "enters_as delver transformed").single
    assert (a.value, a.rules) == ({"enters": True, "face": "back", "name": "Insectile Aberration",
                                   "zone": "battlefield"}, ["712.14a"])


def test_a_move_elsewhere_than_the_battlefield_transformed_is_reported():
    # The loader refuses `transformed: true` with another zone (712.14a); the rules check a
    # state built otherwise.
    atoms = shown1("""
    objects:
      delver: {card: Delver of Secrets, zone: hand}
    timeline:
      - {move: delver, to: graveyard}
    """, 'happens(T, move(O, Z, transformed, C)) :- happens(T, move(O, Z, normal, C)). #show invalid/2.')
    assert atoms == ['invalid(transformed_outside_battlefield("delver",graveyard,"712.14a"),1)']
