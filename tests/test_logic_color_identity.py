"""logic/color_identity.lp: CR 903.4 (mana symbols in mana costs and rules text, color
indicators, characteristic-defining abilities), 903.4c (reminder text ignored), 903.4d (the back
face), 903.4e (alternative characteristics), 903.5d (basic land types add no color)."""

import pytest

from harness import ask, pool, shown1
from rulecheck.facts import card_facts
from rulecheck.solve import programs_for
from harness import solve

# Where the card data's color_identity (Scryfall's field, or the pool's derivation of it) is not
# what 903.4 gives, and why. Every other card of the pool must agree with it exactly.
DATA_DIFFERS = {
    # Scryfall counts the {G} and {U} of "({T}: Add {G} or {U}.)" — reminder text, which 903.4c
    # ignores — (and/or its basic land types, which 903.4 doesn't count; they restrict deck
    # building through 903.5d). By the CR its color identity has no color.
    "Breeding Pool": (("U", "G"), ()),
}


def _identities(cards) -> dict[str, tuple[str, ...]]:
    facts = [f for card in cards for f in card_facts(card)]
    result = solve(facts, programs_for(None),
                   extra_program="identity_of(C) :- card(C). #show in_color_identity/2.")
    assert len(result.models) == 1
    out: dict[str, set[str]] = {card.name: set() for card in cards}
    for atom in result.models[0]:
        out[atom.arguments[0].string].add(atom.arguments[1].name.upper())
    return {name: tuple(c for c in "WUBRG" if c in colors) for name, colors in out.items()}


def test_every_pool_card_against_the_data():
    p = pool()
    cards = [p.find(n) for n in p.names()]
    assert len(cards) == 129
    ours = _identities(cards)
    differs = {}
    for card in cards:
        data = tuple(c for c in "WUBRG" if c in card.scryfall_color_identity)
        if ours[card.name] != data:
            differs[card.name] = (data, ours[card.name])
    assert differs == DATA_DIFFERS


@pytest.mark.parametrize("name, colors", [
    ("Miles Morales // Ultimate Spider-Man", ("W", "R", "G")),   # back face's mana cost (903.4d)
    ("Westvale Abbey // Ormendahl, Profane Prince", ("B",)),     # back face's color indicator only
    ("Emeria's Call // Emeria, Shattered Skyclave", ("W",)),
    ("Peter Parker // Amazing Spider-Man", ("W", "U", "G")),     # front face's rules text {1}{G}{W}{U}
    ("Ninja of the Deep Hours", ("U",)),
    ("Eldrazi Temple", ()),                                      # {C} is no color
    ("Enchanted Evening", ("W", "U")),                           # hybrid: both colors (107.4e)
    ("Hanweir Battlements", ("R",)),                             # {R} in rules text only
    ("Incubator // Phyrexian", ()),
])
def test_identities(name, colors):
    assert _identities([pool().find(name)])[name] == colors


SCENARIO = """
objects:
  pool: {card: Breeding Pool}
  miles: {card: Miles Morales, zone: hand}
  ninja: {card: Ninja of the Deep Hours, zone: graveyard}
  borrower: {card: Brazen Borrower, zone: exile}
  garrison: {card: Hanweir Garrison, zone: library}
"""


def test_reminder_text_symbols_are_flagged_and_ignored():
    program = """identity_of(C) :- object_card(_, C).
    #show ignored_reminder_symbol/4. #show text_mana_in_reminder/3."""
    atoms = shown1(SCENARIO, program)
    assert atoms == [
        'ignored_reminder_symbol("Breeding Pool","Breeding Pool",front,"{G}")',
        'ignored_reminder_symbol("Breeding Pool","Breeding Pool",front,"{U}")',
        'ignored_reminder_symbol("Ninja of the Deep Hours","Ninja of the Deep Hours",front,"{U}")',
        'text_mana_in_reminder("Breeding Pool",front,0)',
        'text_mana_in_reminder("Breeding Pool",front,1)',
        'text_mana_in_reminder("Ninja of the Deep Hours",front,2)',
        'text_mana_in_reminder("Ninja of the Deep Hours",front,3)',
    ]


def test_where_each_color_comes_from():
    atoms = shown1(SCENARIO, "identity_of(C) :- object_card(_, C). #show identity_color/5.")
    assert atoms == [
        'identity_color("Brazen Borrower // Petty Theft",u,mana_cost,"Brazen Borrower // Petty Theft",a)',
        'identity_color("Brazen Borrower // Petty Theft",u,mana_cost,"Brazen Borrower // Petty Theft",b)',
        'identity_color("Hanweir Garrison",r,mana_cost,"Hanweir Garrison",front)',
        'identity_color("Miles Morales // Ultimate Spider-Man",g,mana_cost,"Miles Morales // Ultimate Spider-Man",back)',
        'identity_color("Miles Morales // Ultimate Spider-Man",g,mana_cost,"Miles Morales // Ultimate Spider-Man",front)',
        'identity_color("Miles Morales // Ultimate Spider-Man",g,rules_text,"Miles Morales // Ultimate Spider-Man",front)',
        'identity_color("Miles Morales // Ultimate Spider-Man",r,mana_cost,"Miles Morales // Ultimate Spider-Man",back)',
        'identity_color("Miles Morales // Ultimate Spider-Man",r,rules_text,"Miles Morales // Ultimate Spider-Man",front)',
        'identity_color("Miles Morales // Ultimate Spider-Man",w,mana_cost,"Miles Morales // Ultimate Spider-Man",back)',
        'identity_color("Miles Morales // Ultimate Spider-Man",w,rules_text,"Miles Morales // Ultimate Spider-Man",front)',
        'identity_color("Ninja of the Deep Hours",u,mana_cost,"Ninja of the Deep Hours",front)',
        'identity_color("Ninja of the Deep Hours",u,rules_text,"Ninja of the Deep Hours",front)',
    ]


def test_parts_of_a_card_and_their_rules():
    atoms = shown1(SCENARIO, "identity_of(C) :- object_card(_, C). #show identity_part/4.")
    assert atoms == [
        'identity_part("Brazen Borrower // Petty Theft","Brazen Borrower // Petty Theft",a,"903.4")',
        'identity_part("Brazen Borrower // Petty Theft","Brazen Borrower // Petty Theft",b,"903.4e")',
        'identity_part("Breeding Pool","Breeding Pool",front,"903.4")',
        # A meld card's back is half of the combined back face of its pair (903.4d).
        'identity_part("Hanweir Garrison","Hanweir Garrison",front,"903.4")',
        'identity_part("Hanweir Garrison","Hanweir, the Writhing Township",front,"903.4d")',
        'identity_part("Miles Morales // Ultimate Spider-Man","Miles Morales // Ultimate Spider-Man",back,"903.4d")',
        'identity_part("Miles Morales // Ultimate Spider-Man","Miles Morales // Ultimate Spider-Man",front,"903.4")',
        'identity_part("Ninja of the Deep Hours","Ninja of the Deep Hours",front,"903.4")',
    ]


def test_basic_land_types_are_not_counted():
    atoms = shown1(SCENARIO, "identity_of(C) :- object_card(_, C). #show basic_land_type_not_counted/4.")
    assert atoms == [
        'basic_land_type_not_counted("Breeding Pool","Breeding Pool",front,"Forest")',
        'basic_land_type_not_counted("Breeding Pool","Breeding Pool",front,"Island")',
    ]


def test_characteristic_defining_ability_adds_its_color():
    # A card of our own whose script declares a color-defining ability (604.3), e.g. a
    # "this card is green" ability on a colorless-costed face.
    text = """
cards:
  - {name: Green Thing, layout: normal, mana_cost: "{3}", type_line: Artifact Creature — Golem,
     oracle_text: "Green Thing is green.", power: "3", toughness: "3"}
objects:
  thing: {card: Green Thing, zone: hand}
"""
    atoms = shown1(text, """color_defining_ability("Green Thing", front, g).
    question(color_identity(object("thing")), 0). #show identity_color/5. #show identity_rule/2.""")
    assert atoms == ['identity_color("Green Thing",g,characteristic_defining_ability,"Green Thing",front)',
                     'identity_rule("Green Thing","604.3")', 'identity_rule("Green Thing","903.4")']


def test_question_of_an_object_and_of_a_card():
    a = ask(SCENARIO, "color_identity miles").single
    assert (a.value, a.rules) == ({"colors": ["white", "red", "green"]}, ["903.4", "903.4a", "903.4d"])
    assert "green: from the mana cost of Miles Morales" in a.because
    assert "miles is represented by Miles Morales // Ultimate Spider-Man" in a.because
    b = ask(SCENARIO, "color_identity 'Breeding Pool'").single
    assert (b.value, b.rules) == ({"colors": []}, ["903.4", "903.4c", "903.5d"])
    assert b.because == ["{G} in the reminder text of Breeding Pool is ignored",
                         "{U} in the reminder text of Breeding Pool is ignored",
                         "Breeding Pool's basic land type Forest adds no color",
                         "Breeding Pool's basic land type Island adds no color"]


def test_unknown_card_is_a_located_error():
    from rulecheck.errors import ScenarioError
    with pytest.raises(ScenarioError) as exc:
        ask(SCENARIO, "color_identity 'Breeding Puddle'")
    assert "no object or card named 'Breeding Puddle'" in str(exc.value)
    assert "did you mean 'Breeding Pool'" in str(exc.value)


def test_a_token_is_represented_by_no_card():
    text = """
objects:
  incubator: {card: Incubator}
  copy: {card: Delver of Secrets, token: true, face: back}
"""
    a = ask(text, "color_identity incubator").single
    assert (a.value, a.rules) == ({"colors": []}, ["903.4"])
    assert a.because == ["incubator is a token, represented by no card (903.4a): its identity is worked out from "
                         "the characteristics it was created with, Incubator // Phyrexian"]
    b = ask(text, "color_identity copy").single
    assert (b.value, b.rules) == ({"colors": ["blue"]}, ["903.4", "903.4d"])


def test_asked_with_characteristics_it_adds_no_subtype():
    # color_identity.lp once named its basic land types' colors basic_land_type/2, the name
    # characteristics.lp gives their place among the subtypes: asked together, Urborg's own
    # Swamp (its ability applies to itself, 305.7) was listed twice (the fuzzer's all-files mode).
    from harness import scenario
    from rulecheck.ask import answer_all
    from rulecheck.question_text import parse_ask
    scn = scenario("""
    objects:
      urborg: {card: "Urborg, Tomb of Yawgmoth"}
    """)
    got = answer_all(scn, [parse_ask("characteristics urborg", scn), parse_ask("color_identity urborg", scn)])
    assert got[0].single.value["subtypes"] == ["Swamp"]
