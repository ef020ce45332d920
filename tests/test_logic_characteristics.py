"""logic/characteristics.lp: layer 1 values from the face that counts, 708.2a face-down
values, power and toughness only for creatures on the battlefield or printed elsewhere
(208.3), printed stars (208.2) reported as printed."""

from harness import EVERY_END, ask, shown1

BOARD = """
objects:
  bears: {card: Grizzly Bears}
  bears_hand: {card: Grizzly Bears, zone: hand}
  greaves: {card: Lightning Greaves}
  goblin: {card: Raging Goblin, face_down: true}
"""


def test_power_and_toughness_where_they_exist():
    atoms = shown1(BOARD, EVERY_END + '#show. #show (O, Pw, Tg) : power(O, Pw, 0), toughness(O, Tg, 0).')
    # 208.3: Lightning Greaves, a noncreature permanent, has none; a creature card in a hand
    # has its printed ones; a face-down permanent is 2/2 (708.2a).
    assert atoms == ['("bears",2,2)', '("bears_hand",2,2)', '("goblin",2,2)']


def test_face_down_permanent_has_no_name_and_is_only_a_creature():
    atoms = shown1(BOARD, EVERY_END + '#show. #show (N) : name("goblin", N, 0). #show (T) : card_type("goblin", T, 0).'
                          ' #show (K) : has_keyword("goblin", K, 0).')
    assert atoms == ["creature"]


def test_keywords_of_the_face():
    assert ask(BOARD, "characteristics bears_hand").single.value["keywords"] == []
    assert ask(BOARD, "characteristics bears").single.value["keywords"] == []
