"""logic/sba.lp: state-based actions after each event, repeated until none apply (704.3)."""

from harness import PERFORMED, ask, shown, shown1

SHOW = PERFORMED + "#show invalid/2."


def test_phyrexian_token_with_no_counters_dies_then_ceases_to_exist():
    # 111.10i: the back face is a 0/0 creature; 704.5f puts it into the graveyard, then 704.5d:
    # a token outside the battlefield ceases to exist, in the next round of the same check.
    atoms = shown1("""
    objects:
      inc: {card: Incubator}
    timeline:
      - {transform: inc}
    """, SHOW)
    assert atoms == ['performed(sba("inc",cease_to_exist,"704.5d"),1,2)',
                     'performed(sba("inc",graveyard,"704.5f"),1,1)']


def test_toughness_zero_in_the_initial_state():
    atoms = shown1("""
    objects:
      phyrexian: {card: Incubator, face: back}
      knight: {card: White Knight}
    """, SHOW)
    assert atoms == ['performed(sba("phyrexian",cease_to_exist,"704.5d"),0,2)',
                     'performed(sba("phyrexian",graveyard,"704.5f"),0,1)']


def test_lethal_damage_destroys():
    atoms = shown1("""
    objects:
      knight: {card: White Knight}
      goblin: {card: Raging Goblin}
    timeline:
      - {damage: 2, source: goblin, target: knight}
      - {damage: 1, source: goblin, target: knight}
    """, SHOW)
    # White Knight is 2/2: the first damage event is lethal (704.5g).
    assert atoms == ['performed(sba("knight",graveyard,"704.5g"),1,1)']


def test_plus_and_minus_counters_annihilate():
    atoms = shown1("""
    objects:
      knight: {card: White Knight, counters: {"+1/+1": 3}}
    timeline:
      - {counters: knight, add: {"-1/-1": 2}}
    """, SHOW + '\n#show val(O, counter(K), N, after(1)) : val(O, counter(K), N, P), end_of(1, P).')
    assert atoms == ['performed(sba("knight",annihilate_counters(2),"704.5q"),1,1)',
                     'val("knight",counter("+1/+1"),1,after(1))', 'val("knight",counter("-1/-1"),0,after(1))']


LEGENDS = """
objects:
  miles1: {card: Miles Morales // Ultimate Spider-Man}
  miles2: {card: Miles Morales // Ultimate Spider-Man, zone: hand}
  miles3: {card: Miles Morales // Ultimate Spider-Man, owner: bob}
timeline:
  - {move: miles2, to: battlefield}
"""


def test_legend_rule_is_the_controllers_choice():
    # 704.5j: alice controls two Miles Morales: she keeps one, the other goes to the graveyard.
    # bob's Miles is not involved (another controller). Each choice is an answer set.
    # (The choice is made as the check after entry 1 begins, round 0; the action is round 1.)
    models = shown(LEGENDS, PERFORMED + "#show chose(Pl, C, T, R) : chose(Pl, C, P), T = P / k, R = P \\ k.")
    assert models == [
        ['chose("alice",legend_rule_keeps("miles1"),1,0)', 'performed(sba("miles2",graveyard,"704.5j"),1,1)'],
        ['chose("alice",legend_rule_keeps("miles2"),1,0)', 'performed(sba("miles1",graveyard,"704.5j"),1,1)'],
    ]


def test_legend_rule_outcomes_in_an_answer():
    ans = ask(LEGENDS, "characteristics miles1")
    assert [(o.value["zone"], o.choices) for o in ans.outcomes] == [
        ("battlefield", ["alice: legend rule keeps: miles1"]),
        ("graveyard", ["alice: legend rule keeps: miles2"]),
    ]


def test_transforming_into_a_legend_with_the_same_name():
    # Two Delvers are not legendary; two Ultimate Spider-Men are, once both are transformed.
    models = shown("""
    objects:
      a: {card: Miles Morales // Ultimate Spider-Man, face: back}
      b: {card: Peter Parker // Amazing Spider-Man}
    timeline:
      - {transform: b}
    """, PERFORMED)
    assert models == [[]]  # Ultimate Spider-Man and Amazing Spider-Man: different names
