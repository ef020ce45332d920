"""logic/mana_value.lp and the mana_value question: CR 202.3, 202.3a, 202.3b, 202.3e–g,
712.8a, 712.8c, 712.8e, 712.8f, 708.2a."""

import pytest

from harness import ask, shown1

BOARD = """
turn: {number: 3, active: alice}
cards:
  - {name: Test Hybrid, layout: normal, mana_cost: "{X}{2/W}{G/U/P}{C}{S}", type_line: Creature — Elf, power: "1", toughness: "1"}
objects:
  miles_hand: {card: Miles Morales, zone: hand}
  spider: {card: Miles Morales, face: back}
  aberration: {card: Delver of Secrets, face: back}
  delver_exile: {card: Delver of Secrets, zone: exile}
  skyclave: {card: "Emeria's Call", face: back}
  ormendahl: {card: Westvale Abbey, face: back}
  hybrid: {card: Test Hybrid, zone: hand}
  hidden: {card: Grizzly Bears, face_down: true}
  phyrexian: {card: Incubator, face: back, counters: {"+1/+1": 1}}
timeline:
  - {move: spider, to: graveyard}
  - {move: aberration, to: battlefield, transformed: true}
"""


def test_mana_value_atoms_with_their_rules():
    program = """question_reads(T, O) :- object(O), entry(T).
    reads_mana_value(O) :- object(O).  % (mana_value.lp derives it only where read)
    #show. #show mv(O, T, V) : mana_value(O, V, P), end_of(T, P).
    #show rule(O, T, R) : mana_value_rule(O, P, R), end_of(T, P), T = 0."""
    atoms = shown1(BOARD, program)
    assert [a for a in atoms if a.startswith('mv(') and ',0,' in a] == [
        'mv("aberration",0,1)',         # 202.3b: the front face's {U}
        'mv("delver_exile",0,1)',
        'mv("hidden",0,0)',             # 708.2a
        'mv("hybrid",0,5)',             # X 0 off the stack (202.3e), {2/W} 2 (202.3f), {G/U/P} 1 (202.3g), {C} 1, {S} 1
        'mv("miles_hand",0,2)',
        'mv("ormendahl",0,0)',          # its front face has no mana cost
        'mv("phyrexian",0,0)',
        'mv("skyclave",0,0)',           # 202.3a: a modal back face without a mana cost
        'mv("spider",0,6)',             # 712.8f: the face that is up
    ]
    # After entry 1 Miles is in a graveyard: the front face's 2 (712.8a).
    assert 'mv("spider",1,2)' in atoms
    assert [a for a in atoms if a.startswith('rule("ormendahl"') or a.startswith('rule("skyclave"')] == [
        'rule("ormendahl",0,"202.3")', 'rule("ormendahl",0,"202.3a")', 'rule("ormendahl",0,"202.3b")',
        'rule("skyclave",0,"202.3")', 'rule("skyclave",0,"202.3a")']


@pytest.mark.parametrize("question, value, rules", [
    ("mana_value miles_hand", 2, ["202.3", "712.8a"]),
    ("mana_value spider at=0", 6, ["202.3", "712.8f"]),
    ("mana_value spider", 2, ["202.3", "712.8a"]),
    ("mana_value aberration", 1, ["202.3", "202.3b", "712.8e"]),
    ("mana_value skyclave", 0, ["202.3", "202.3a", "712.8f"]),
    ("mana_value ormendahl", 0, ["202.3", "202.3a", "202.3b", "712.8e"]),
    ("mana_value hidden", 0, ["202.3", "202.3a", "708.2a"]),
    ("mana_value phyrexian", 0, ["202.3", "202.3a", "202.3b", "712.8e"]),
    ("mana_value hybrid", 5, ["202.3"]),
])
def test_mana_value_question(question, value, rules):
    got = ask(BOARD, question).single
    assert (got.value, got.rules) == (value, rules)


def test_reasons():
    got = ask(BOARD, "mana_value aberration").single
    assert got.because == ["aberration is on the battlefield and has the characteristics of its back face",
                           "it counts the mana cost of its front face, Delver of Secrets: {U}"]
    got = ask(BOARD, "mana_value skyclave").single
    assert got.because == ["skyclave is on the battlefield and has the characteristics of its back face",
                           "its back face, Emeria, Shattered Skyclave, has no mana cost"]
