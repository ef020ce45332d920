"""bridge/abilities.py: static abilities a scenario states as data (abilities:), written as the
facts a card script states, and refused with their place when they don't make sense."""

import re
from pathlib import Path

import pytest
from harness import ask, scenario, shown1

from rulecheck.abilities import SELECTORS
from rulecheck.errors import UserError

ROOT = Path(__file__).resolve().parent.parent

FERVOR_LIKE = """
abilities:
  - card: Sublime Archangel
    text: "Other creatures you control have exalted."
    affects: creatures_you_control
    grants: [{gain: exalted}]
  - card: Grizzly Bears
    affects: creatures
    grants: [{pt: [1, 1]}, {gain: first strike}]
objects:
  angel: {card: Sublime Archangel}
  bears: {card: Grizzly Bears}
"""


def test_a_stated_ability_applies_as_a_scripted_one_would():
    # Grizzly Bears' stated "all creatures get +1/+1 and have first strike" applies to both
    # creatures (611.3a) in layers 6 and 7c (613.1f, 613.4c); the Angel's to the Bears too.
    got = ask(FERVOR_LIKE, "characteristics angel").single
    assert (got.value["power"], got.value["toughness"], got.value["keywords"]) == (5, 4, ["exalted", "first_strike", "flying"])
    assert got.rules == ["202.3", "613.1f", "613.4c"]
    got = ask(FERVOR_LIKE, "characteristics bears").single
    assert (got.value["power"], got.value["keywords"]) == (3, ["exalted", "first_strike"])


def test_a_stated_ability_with_its_printed_text_is_modelled_and_says_what_it_leaves_out():
    # The Angel's third paragraph is modelled by the stated ability (no "not modelled" note);
    # its grant of exalted is executed (exalted.lp implements the keyword): no note at all. A grant
    # of a keyword no rule implements is named: tests/test_logic_modelled.py.
    got = ask(FERVOR_LIKE, "characteristics bears")
    assert got.warnings == []


def test_stated_abilities_are_the_facts_a_script_states():
    # (Only the two cards': every card script's facts are loaded too.)
    atoms = shown1(FERVOR_LIKE, '#show. #show static_grants(C, S, N, G) : static_grants(C, S, N, G), stated(C). '
                                '#show scripts_ability(C, S, T, A) : scripts_ability(C, S, T, A), stated(C). '
                                '#show static_affects(C, S, N, Sel) : static_affects(C, S, N, Sel), stated(C). '
                                'stated("Sublime Archangel"). stated("Grizzly Bears").')
    assert atoms == [
        'scripts_ability("Sublime Archangel",front,"Other creatures you control have exalted.",'
        'static("Other creatures you control have exalted."))',
        'static_affects("Grizzly Bears",front,"stated ability 2",creatures)',
        'static_affects("Sublime Archangel",front,"Other creatures you control have exalted.",creatures_you_control)',
        # (and the card script's own, logic/cards/sublime_archangel.lp)
        'static_affects("Sublime Archangel",front,"Other creatures you control have exalted.",other_creatures_you_control)',
        'static_grants("Grizzly Bears",front,"stated ability 2",keyword(gain,first_strike))',
        'static_grants("Grizzly Bears",front,"stated ability 2",pt(1,1))',
        'static_grants("Sublime Archangel",front,"Other creatures you control have exalted.",keyword(gain,exalted))',
    ]


def test_the_selectors_are_the_ones_the_rules_define():
    # Every selector a scenario may name is one statics.lp gives a meaning (modelled.lp lists
    # it as executed), and every one statics.lp defines can be named.
    atoms = shown1("objects: {}", "#show. #show s(S) : executed(selector(S)).")
    assert sorted(re.fullmatch(r"s\((\w+)\)", a).group(1) for a in atoms) == sorted(SELECTORS)


@pytest.mark.parametrize("grants, message", [
    ("[{pt: [1, 2000]}]", "5:14: abilities[0].grants[0]: pt: expected [X, Y], two whole numbers each at most 1000 "
                          "either way, found [1, 2000]"),
    ("[{gain: '!!'}]", "5:14: abilities[0].grants[0]: gain: expected a keyword ability such as 'haste' or "
                       "'first strike', found '!!'"),
    ("[{typ: creature}]", "5:14: abilities[0].grants[0]: a grant needs exactly one of pt, set_pt, "
                          "set_pt_to_mana_value, gain, lose, type, not_type, land_type, add_land_type, lose_all_abilities, "
                          "color, creature_type, add_creature_type, cant, must, change_text, control, protection; found none (did you mean 'type'?)"),
    ("[{change_text: [red, Swamp]}]", "5:14: abilities[0].grants[0]: change_text: expected [FROM, TO], two different "
                                      "color words, basic land types or creature types, found ['red', 'Swamp']"),
    ("[{change_text: [red, red]}]", "5:14: abilities[0].grants[0]: change_text: expected [FROM, TO], two different "
                                    "color words, basic land types or creature types, found ['red', 'red']"),
    ("[{change_text: [Goblin, Swamp]}]", "5:14: abilities[0].grants[0]: change_text: expected [FROM, TO], two different "
                                         "color words, basic land types or creature types, found ['Goblin', 'Swamp']"),
    ("[{change_text: [Gobbo, Elf]}]", "5:14: abilities[0].grants[0]: change_text: expected [FROM, TO], two different "
                                      "color words, basic land types or creature types, found ['Gobbo', 'Elf']"),
    ("[{land_type: Swampy}]", "5:26: abilities[0].grants[0].land_type: unknown value 'Swampy' (did you mean 'Swamp'?); "
                              "expected one of Plains, Island, Swamp, Mountain, Forest"),
])
def test_a_grant_that_makes_no_sense_is_refused_with_its_place(grants, message):
    with pytest.raises(UserError) as exc:
        scenario(f"""
abilities:
  - card: Grizzly Bears
    affects: creatures
    grants: {grants}
""")
    assert str(exc.value) == "<test>:" + message


def test_a_text_the_face_doesnt_print_and_an_unknown_card_are_refused():
    with pytest.raises(UserError) as exc:
        scenario("""
abilities:
  - {card: Sublime Archangel, text: "Other creatures have exalted.", affects: creatures, grants: [{gain: exalted}]}
""")
    assert str(exc.value) == ("<test>:3:37: abilities[0].text: 'Other creatures have exalted.' is not a printed ability of "
                              "Sublime Archangel; its abilities: 'Flying'; 'Exalted'; 'Other creatures you control have exalted.'")
    with pytest.raises(UserError) as exc:
        scenario("""
abilities:
  - {card: Grizly Bears, affects: creatures, grants: [{pt: [1, 1]}]}
""")
    assert str(exc.value) == "<test>:3:12: abilities[0].card: unknown card 'Grizly Bears' (did you mean 'Grizzly Bears'?)"


CONSPIRACY = """
turn: {number: 3, active: alice}
cards:
  - {name: Tribal Banner, layout: normal, type_line: Enchantment, mana_cost: "{3}", colors: [],
     oracle_text: "Creatures you control are the type written on this card."}
abilities:
  - card: Tribal Banner
    affects: creatures_you_control
    grants: [{creature_type: CHOSEN}]
objects:
  consp: {card: Tribal Banner}
  bears: {card: Grizzly Bears}
  elves: {card: Llanowar Elves, controller: bob}
"""


def test_a_stated_creature_type_replaces_the_creature_types():
    # A house card's effect in the manner of Conspiracy's, stated in the scenario: the Bears'
    # creature types become Elf (205.1a, layer 4); bob's Elves keep theirs.
    got = ask(CONSPIRACY.replace("CHOSEN", "Elf"), "characteristics bears").single
    assert got.value["subtypes"] == ["Elf"]
    assert got.rules == ["202.3", "205.1a", "613.1d"]
    assert ask(CONSPIRACY.replace("CHOSEN", "Elf"), "characteristics elves").single.value["subtypes"] == ["Elf", "Druid"]


def test_a_word_that_is_not_a_creature_type_is_reported():
    # 205.3m lists the creature types: "Elfo" isn't one; the answer says the scenario is not consistent.
    got = ask(CONSPIRACY.replace("CHOSEN", "Elfo"), "characteristics bears")
    assert got.invalid == ["not a creature type: Elfo (in the initial state)"]


def test_the_stated_abilities_import_nothing_that_reads_them():
    """abilities.py turns a scenario's stated abilities into facts; facts.py reads it
    (ability_facts), so abilities.py takes the printed wording's constants from wording.py, not
    from facts.py: no import cycle (model.py, which names StatedAbility, stays out of one too)."""
    import ast as python_ast
    from pathlib import Path

    import rulecheck.abilities
    tree = python_ast.parse(Path(rulecheck.abilities.__file__).read_text(encoding="utf-8"))
    imported = {node.module for node in python_ast.walk(tree)
                if isinstance(node, python_ast.ImportFrom) and node.level == 1}
    assert imported == {"errors", "spec", "vocabulary", "wording"}
