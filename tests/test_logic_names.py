"""logic/names.lp: choosing a card name (CR 201.4, 201.4a–f, 712.19) and the chosen name of
linked abilities (607.2d)."""

import pytest

from harness import NAMED_POINTS, ask, scenario, shown1
from rulecheck.ask import answer
from rulecheck.question_text import parse_ask

# The cards whose names are asked about are objects here, so that their data is in the program.
CARDS = """
objects:
  delver: {card: Delver of Secrets, zone: library}
  abbey: {card: Westvale Abbey, zone: library}
  emeria: {card: "Emeria's Call", zone: library}
  incubator: {card: Incubator}
  borrower: {card: Brazen Borrower, zone: library}
  garrison: {card: Hanweir Garrison, zone: library}
"""


def test_which_faces_bear_card_names():
    atoms = shown1(CARDS, "#show card_name_face/3.")
    assert atoms == [
        'card_name_face("Brazen Borrower // Petty Theft",a,"201.4")',
        'card_name_face("Brazen Borrower // Petty Theft",b,"201.4f")',
        'card_name_face("Delver of Secrets // Insectile Aberration",back,"201.4d")',
        'card_name_face("Delver of Secrets // Insectile Aberration",back,"712.19")',
        'card_name_face("Delver of Secrets // Insectile Aberration",front,"712.19")',
        "card_name_face(\"Emeria's Call // Emeria, Shattered Skyclave\",back,\"201.4d\")",
        "card_name_face(\"Emeria's Call // Emeria, Shattered Skyclave\",back,\"712.19\")",
        "card_name_face(\"Emeria's Call // Emeria, Shattered Skyclave\",front,\"712.19\")",
        'card_name_face("Hanweir Battlements",front,"712.19")',     # the pair's other card comes along
        'card_name_face("Hanweir Garrison",front,"712.19")',
        'card_name_face("Hanweir, the Writhing Township",front,"201.4e")',
        'card_name_face("Hanweir, the Writhing Township",front,"712.19")',
        'card_name_face("Westvale Abbey // Ormendahl, Profane Prince",back,"201.4d")',
        'card_name_face("Westvale Abbey // Ormendahl, Profane Prince",back,"712.19")',
        'card_name_face("Westvale Abbey // Ormendahl, Profane Prince",front,"712.19")',
    ]   # no token's face (201.4)


def _nameable(name: str, criteria: list[str] = ()) -> list[str]:
    program = 'name_asked(asked, "%s").\n' % name     # a key of our own; names here have no quotes
    from rulecheck.criteria import parse
    program += "".join(f"name_criterion(asked, {k}, {t}).\n" for k, t in parse(list(criteria)))
    program += "#show nameable/2. #show nameable_rule/3. #show fails/4."
    return shown1(CARDS, program)


def test_back_face_name_may_be_chosen():
    assert _nameable("Insectile Aberration") == [
        'nameable(asked,"Insectile Aberration")',
        'nameable_rule(asked,"Insectile Aberration","201.4")', 'nameable_rule(asked,"Insectile Aberration","201.4d")',
        'nameable_rule(asked,"Insectile Aberration","712.19")']


def test_back_face_judged_on_its_own_characteristics():
    # 201.4d: Ormendahl is a creature, though Westvale Abbey (its front face) is a land.
    assert _nameable("Ormendahl, Profane Prince", ["nonland"]) == [
        'nameable(asked,"Ormendahl, Profane Prince")',
        'nameable_rule(asked,"Ormendahl, Profane Prince","201.4")', 'nameable_rule(asked,"Ormendahl, Profane Prince","201.4a")',
        'nameable_rule(asked,"Ormendahl, Profane Prince","201.4d")', 'nameable_rule(asked,"Ormendahl, Profane Prince","712.19")']
    assert _nameable("Westvale Abbey", ["nonland"]) == [
        'fails(asked,"Westvale Abbey // Ormendahl, Profane Prince",front,lacks(type(land)))',
        'nameable_rule(asked,"Westvale Abbey","201.4a")']
    assert _nameable("Emeria, Shattered Skyclave", ["nonland"]) == [
        'fails(asked,"Emeria\'s Call // Emeria, Shattered Skyclave",back,lacks(type(land)))',
        'nameable_rule(asked,"Emeria, Shattered Skyclave","201.4a")',
        'nameable_rule(asked,"Emeria, Shattered Skyclave","201.4d")']


def test_back_face_without_mana_cost_has_mana_value_0_for_criteria():
    # 201.4d uses only the back face's characteristics: Insectile Aberration has no mana cost, so
    # mana value 0 (202.3a; 202.3b is about permanents and spells, not names).
    assert _nameable("Insectile Aberration", ["mv=1"]) == [
        'fails(asked,"Delver of Secrets // Insectile Aberration",back,mana_value(eq,1))',
        'nameable_rule(asked,"Insectile Aberration","201.4a")', 'nameable_rule(asked,"Insectile Aberration","201.4d")']
    assert 'nameable(asked,"Insectile Aberration")' in _nameable("Insectile Aberration", ["mv=0", "blue", "creature"])
    assert 'nameable(asked,"Delver of Secrets")' in _nameable("Delver of Secrets", ["mv<=1", "monocolored", "non-Insect"])


def test_colors_and_counts():
    assert 'nameable(asked,"Insectile Aberration")' in _nameable("Insectile Aberration", ["blue"])   # color indicator
    assert 'nameable(asked,"Ormendahl, Profane Prince")' in _nameable("Ormendahl, Profane Prince", ["black", "legendary", "Demon"])
    assert 'nameable(asked,"Westvale Abbey")' in _nameable("Westvale Abbey", ["colorless", "nonmulticolored"])
    assert _nameable("Delver of Secrets", ["multicolored"]) == [
        'fails(asked,"Delver of Secrets // Insectile Aberration",front,multicolored)',
        'nameable_rule(asked,"Delver of Secrets","201.4a")']


def test_both_faces_names_token_names_and_unknown_names():
    assert _nameable("Delver of Secrets // Insectile Aberration") == [
        'nameable_rule(asked,"Delver of Secrets // Insectile Aberration","712.19")']
    assert _nameable("Brazen Borrower // Petty Theft") == ['nameable_rule(asked,"Brazen Borrower // Petty Theft","201.4")']
    assert _nameable("Phyrexian Token") == ['nameable_rule(asked,"Phyrexian Token","201.4")']
    assert _nameable("Incubator Token") == ['nameable_rule(asked,"Incubator Token","201.4")']
    assert _nameable("Phyrexian") == ['nameable_rule(asked,"Phyrexian","201.4")']
    assert 'nameable(asked,"Petty Theft")' in _nameable("Petty Theft", ["instant"])
    assert 'nameable(asked,"Hanweir, the Writhing Township")' in \
        _nameable("Hanweir, the Writhing Township", ["legendary", "creature", "colorless"])


def test_nameable_question_rules_and_reasons():
    empty = "objects: {}"
    a = ask(empty, "nameable 'Phyrexian Token'").single
    assert (a.value, a.rules, a.because) == (False, ["201.4"],
                                             ["Phyrexian Token is the name of a token (Incubator // Phyrexian), not of a card"])
    b = ask(empty, "nameable 'emeria, shattered skyclave' criteria=nonland").single    # spelling is the data's
    assert (b.value, b.rules) == (False, ["201.4a", "201.4d"])
    assert b.because == ["Emeria, Shattered Skyclave is the name of the back face of Emeria's Call // Emeria, Shattered Skyclave",
                         "Emeria, Shattered Skyclave (its back face) fails the criterion nonland"]
    c = ask(empty, "nameable 'Nothing Such'").single
    assert (c.value, c.rules, c.because) == (False, ["201.4"], ["no card of the card pool is named Nothing Such"])


def test_bad_criteria_are_located_errors():
    from rulecheck.errors import ScenarioError
    with pytest.raises(ScenarioError) as exc:
        ask("objects: {}", "nameable Shock criteria=nonlnd")
    assert "unknown criterion 'nonlnd' (did you mean 'land'?)" in str(exc.value)
    with pytest.raises(ScenarioError) as exc:
        scenario("expect:\n  - {ask: nameable, name: Shock, criteria: {a: 1}, answer: true}\n")
    assert "expect[0].criteria" in str(exc.value) and "criteria are words" in str(exc.value)


MAGE = """
turn: {number: 3, active: alice}
cards:
  - {name: Meddling Mage, layout: normal, mana_cost: "{W}{U}", type_line: Creature — Human Wizard,
     oracle_text: "As this creature enters, choose a nonland card name.\\nSpells with the chosen name can't be cast.",
     power: "2", toughness: "2"}
objects:
  mage: {card: Meddling Mage}
  miles: {card: Miles Morales, zone: hand}
  bolt: {card: Lightning Bolt, zone: hand}
timeline:
  - {choose_name: mage, name: Ultimate Spider-Man}
  - {cast: miles, face: back}
  - {move: mage, to: hand}
"""


def test_choosing_a_name_sets_it_on_the_ability():
    # The points named by their entry (harness.NAMED_POINTS): event(T), the event of entry T;
    # after(T), the state after it.
    atoms = shown1(MAGE, NAMED_POINTS + """question_reads(T, "mage") :- entry(T). wants_printed_on("mage", P) :- end_of(_, P).
    #show. #show val(O, A, V, W) : val(O, A, V, P), A = chosen_name(_, _, _), named_point(P, W).
    #show chosen_name(S, N, C, F, A, W) : chosen_name(S, N, C, F, A, P), named_point(P, W).
    #show has_chosen_name(X, S, W) : has_chosen_name(X, S, P), named_point(P, W). #show invalid/2.""")
    linked = '"Meddling Mage",front,"spells with the chosen name can\'t be cast"'
    chosen = 'chosen_name("Meddling Mage",front,"choose a nonland card name")'
    assert atoms == [
        f'chosen_name("mage","Ultimate Spider-Man",{linked},after(1))',      # where it is wanted
        f'chosen_name("mage","Ultimate Spider-Man",{linked},after(2))',
        f'val("mage",{chosen},"Ultimate Spider-Man",after(1))',
        f'val("mage",{chosen},"Ultimate Spider-Man",after(2))',
        f'val("mage",{chosen},"Ultimate Spider-Man",event(1))',             # set at the event of entry 1
        # 400.7: after entry 3 the Mage is in a hand, a new object: its choice is gone.
    ]


def test_the_spell_has_the_chosen_name_only_with_that_face_up():
    scn = scenario(MAGE)
    got = answer(scn, parse_ask("has_chosen_name miles mage at=2", scn)).single
    assert (got.value, got.rules) == (True, ["607.2d", "712.8f", "712.19"])
    got = answer(scn, parse_ask("has_chosen_name miles mage at=1", scn)).single     # in a hand: Miles Morales
    assert (got.value, got.rules) == (False, ["607.2d", "712.8a", "712.19"])
    assert got.because == ["the name chosen for mage is Ultimate Spider-Man", "miles is named Miles Morales"]
    got = answer(scn, parse_ask("has_chosen_name miles mage", scn)).single          # the Mage left: no choice
    assert (got.value, got.rules, got.because) == (False, ["607.1"], ["miles is named Ultimate Spider-Man",
                                                                   "mage has no linked choice of a card name"])


@pytest.mark.parametrize("name, problem", [
    ("Valakut Stoneforge", 'name cannot be chosen: mage, Valakut Stoneforge'),     # a land: 201.4a
    ("Phyrexian Token", 'name cannot be chosen: mage, Phyrexian Token'),           # a token: 201.4
    ("Miles Morales // Ultimate Spider-Man", "name cannot be chosen: mage, Miles Morales // Ultimate Spider-Man"),
])
def test_a_name_that_cannot_be_chosen_is_reported(name, problem):
    text = MAGE.replace("name: Ultimate Spider-Man", f'name: "{name}"')
    got = ask(text, "has_chosen_name miles mage at=1")
    assert got.invalid == [f"{problem} (at timeline entry 1, line 12: choose_name)"]
    assert got.single.value is False


def test_choosing_needs_a_choose_a_name_ability():
    text = MAGE.replace("{choose_name: mage,", "{choose_name: bolt,")
    got = ask(text, "has_chosen_name miles mage at=1")
    assert got.invalid == ["no name choice ability: bolt (at timeline entry 1, line 12: choose_name)"]
