"""logic/objects.lp and logic/characteristics.lp: whose characteristics an object has (712.8),
face-down permanents (708.2a), counters (613.4c), abilities gained and lost (613.1f)."""

from harness import ask, shown1

BOARD = """
objects:
  in_hand: {card: Delver of Secrets, zone: hand}
  front: {card: Delver of Secrets}
  back: {card: Delver of Secrets, face: back}
  spell: {card: Miles Morales // Ultimate Spider-Man, zone: stack, face: back}
  hidden: {card: Delver of Secrets, face_down: true}
  token: {card: Incubator}
"""


def test_char_face_and_its_rule_by_zone():
    program = """#show. #show (O, C, S) : char_face(O, C, S, 0). #show (O, R) : char_rule(O, 0, R)."""
    atoms = shown1(BOARD, program)
    assert atoms == [
        '("back","712.8e")',
        '("back","Delver of Secrets // Insectile Aberration",back)',
        '("front","712.8d")',
        '("front","Delver of Secrets // Insectile Aberration",front)',
        '("hidden","708.2a")',
        '("in_hand","712.8a")',
        '("in_hand","Delver of Secrets // Insectile Aberration",front)',
        '("spell","712.8f")',
        '("spell","Miles Morales // Ultimate Spider-Man",back)',
        '("token","712.8d")',
        '("token","Incubator // Phyrexian",front)',
    ]


def test_face_down_permanent_is_a_nameless_2_2_with_mana_value_0():
    ans = ask(BOARD, "characteristics hidden")
    assert ans.single.value == {"zone": "battlefield", "face": "front", "types": ["creature"], "supertypes": [],
                                "subtypes": [], "colors": [], "mana_value": 0, "power": 2, "toughness": 2,
                                "keywords": []}
    assert ans.single.rules == ["202.3", "202.3a", "708.2a"]


def test_counters_and_gained_and_lost_abilities():
    ans = ask("""
    turn: {number: 2, active: alice}
    objects:
      knight: {card: White Knight, counters: {"+1/+1": 1, "-0/-1": 1, "charge": 2}}
    timeline:
      - {gain: knight, ability: haste}
      - {lose: knight, ability: first strike}
      - {gain: knight, ability: first_strike}
      - {lose: knight, ability: haste, until: indefinitely}
    """, "characteristics knight")
    value = ans.single.value
    # 613.4c: +1/+1 and -0/-1 counters; White Knight is 2/2. 613.1f: effects in timestamp order.
    assert (value["power"], value["toughness"]) == (3, 2)
    assert value["keywords"] == ["first_strike", "protection from black"]
    assert value["counters"] == {"+1/+1": 1, "-0/-1": 1, "charge": 2}
    assert ans.single.rules == ["202.3", "613.1f", "613.4c"]


def test_until_end_of_turn_ends_in_cleanup():
    text = """
    turn: {number: 2, active: alice}
    objects:
      goblin: {card: Raging Goblin}
      knight: {card: White Knight}
    timeline:
      - {lose: goblin, ability: haste}
      - {gain: knight, ability: flying}
      - {begin: cleanup}
    """
    assert ask(text, "characteristics goblin at=2").single.value["keywords"] == []
    assert ask(text, "characteristics knight at=2").single.value["keywords"] == ["first_strike", "flying",
                                                                               "protection from black"]
    assert ask(text, "characteristics goblin").single.value["keywords"] == ["haste"]
    assert ask(text, "characteristics knight").single.value["keywords"] == ["first_strike",
                                                                          "protection from black"]


def test_an_effect_does_not_follow_an_object_to_a_new_zone():
    text = """
    objects:
      knight: {card: White Knight}
    timeline:
      - {gain: knight, ability: flying, until: indefinitely}
      - {move: knight, to: hand}
      - {move: knight, to: battlefield}
    """
    assert ask(text, "characteristics knight at=1").single.value["keywords"] == ["first_strike", "flying",
                                                                               "protection from black"]
    assert ask(text, "characteristics knight").single.value["keywords"] == ["first_strike", "protection from black"]


def test_a_controller_or_a_face_outside_the_battlefield_and_stack_is_reported():
    # A file that says either is refused by the loader, with where (tests/test_scenario_errors.py);
    # a state built otherwise (generated, verified) is checked by the rules: 108.4, 712.8a.
    atoms = shown1(BOARD, 'init("in_hand", controller, "bob"). init("in_hand", face, back). #show invalid/2.')
    assert atoms == ['invalid(controller_outside_battlefield_and_stack("in_hand","108.4"),0)',
                     'invalid(face_outside_battlefield_and_stack("in_hand",back,"712.8a"),0)']
