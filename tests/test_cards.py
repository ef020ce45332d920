"""Card data loading: the bundled 129 cards, mana symbols, keyword derivation and error reporting."""

import json
from pathlib import Path

import pytest

from rulecheck.cards import (Card, CardPool, Keyword, ManaSymbol, derive_keywords, format_card,
                             parse_mana_cost)
from rulecheck.errors import CardDataError


def rules_colors(card):
    """Each face's colors as the rules find them (logic/cards.lp, through `rulecheck cards`)."""
    from rulecheck.render import card_rules_view
    return card_rules_view(card)[2]


@pytest.fixture(scope="module")
def pool() -> CardPool:
    return CardPool.builtin()


def kw(face) -> list[tuple[str, str | None]]:
    return [(k.name, k.parameter) for k in face.keywords]


def write(tmp_path, data, name="cards.json"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


# ---------------------------------------------------------------- the bundled cards

def test_builtin_has_exactly_129_cards(pool):
    # cards.json (25), cards-2.json (65) and cards-3.json (39), from ../shared/reference.
    assert len(pool) == 129
    assert len(pool.names()) == 129
    assert pool.find("Vampire Nighthawk").faces[0].power == "2"
    assert all(pool.find(n).source == "built-in" for n in pool.names())


def test_builtin_is_cached_but_each_call_gets_its_own_pool(tmp_path):
    a = CardPool.builtin()
    a.add_file(write(tmp_path, {"name": "Extra Card", "type_line": "Instant", "mana_cost": "{R}"}))
    assert len(a) == 130
    assert len(CardPool.builtin()) == 129
    assert CardPool.builtin().find("Lightning Bolt") is a.find("Lightning Bolt")   # parsed once


def test_find_by_face_name_and_case_insensitively(pool):
    miles = pool.find("Ultimate Spider-Man")
    assert miles.name == "Miles Morales // Ultimate Spider-Man"
    assert pool.find("miles morales") is miles
    assert pool.find("MILES MORALES // ULTIMATE SPIDER-MAN") is miles
    assert pool.find("Miles Morales // Ultimate Spider-Man") is miles
    assert "ultimate spider-man" in pool
    assert "Spider-Man 2099" not in pool


def test_miles_morales_faces(pool):
    miles = pool.find("Miles Morales")
    assert miles.layout == "modal_dfc"
    assert not miles.is_token
    assert [f.side for f in miles.faces] == ["front", "back"]
    front, back = miles.face("front"), miles.face("back")
    assert front.name == "Miles Morales"
    assert front.mana_cost == "{1}{G}"
    assert front.subtypes == ("Human", "Citizen", "Hero")
    assert (front.power, front.toughness) == ("1", "2")
    assert front.keywords == ()                    # "Transform Miles Morales" is a keyword action
    assert back.name == "Ultimate Spider-Man"
    assert back.mana_cost == "{3}{R}{G}{W}"
    assert [s.text for s in back.mana_symbols] == ["{3}", "{R}", "{G}", "{W}"]
    assert back.types == ("Creature",)
    assert back.supertypes == ("Legendary",)
    assert back.subtypes == ("Spider", "Human", "Hero")
    assert (back.power, back.toughness) == ("4", "3")
    assert rules_colors(miles)["back"] == ("W", "R", "G")   # 202.2: its mana symbols, in WUBRG order
    assert back.color_indicator is None
    assert tuple(k.ident for k in back.keywords) == ("first_strike", "haste")
    assert miles.scryfall_color_identity == ("W", "R", "G")


def test_face_with_unknown_side_names_card_and_sides(pool):
    with pytest.raises(CardDataError) as err:
        pool.find("Miles Morales").face("a")
    assert "Miles Morales // Ultimate Spider-Man" in str(err.value)
    assert "front, back" in str(err.value)


def test_incubator_token(pool):
    inc = pool.find("Incubator // Phyrexian")
    assert inc.is_token
    assert inc.layout == "double_faced_token"
    front, back = inc.faces
    assert (front.side, front.name, front.types, front.subtypes) == ("front", "Incubator", ("Artifact",), ("Incubator",))
    assert front.mana_cost is None and front.mana_symbols == ()
    assert (back.side, back.name, back.types, back.subtypes) == ("back", "Phyrexian", ("Artifact", "Creature"), ("Phyrexian",))
    assert (back.power, back.toughness) == ("0", "0")
    assert back.type_line == "Token Artifact Creature — Phyrexian"   # kept as in the data
    assert rules_colors(inc) == {"front": (), "back": ()}
    assert front.keywords == () and back.keywords == ()


def test_delver_back_face_has_no_mana_cost_and_a_color_indicator(pool):
    delver = pool.find("Delver of Secrets")
    front, back = delver.faces
    assert front.mana_cost == "{U}" and front.color_indicator is None
    assert back.name == "Insectile Aberration"
    assert back.mana_cost is None and back.mana_symbols == ()
    assert back.color_indicator == ("U",)
    assert rules_colors(delver)["back"] == ("U",)            # 202.2e: its color indicator
    assert kw(back) == [("Flying", None)] and front.keywords == ()


def test_emerias_call_and_land_back(pool):
    card = pool.find("Emeria's Call")
    assert card.face("front").types == ("Sorcery",)
    assert rules_colors(card) == {"front": ("W",), "back": ()}
    back = card.face("back")
    assert (back.name, back.types, back.mana_cost) == ("Emeria, Shattered Skyclave", ("Land",), None)


def test_meld_cards(pool):
    garrison = pool.find("Hanweir Garrison")
    assert garrison.layout == "meld"
    assert garrison.meld_result == "Hanweir, the Writhing Township"
    assert garrison.meld_parts == ("Hanweir Battlements", "Hanweir Garrison")
    assert pool.find("Hanweir Battlements").meld_result == "Hanweir, the Writhing Township"
    township = pool.find("Hanweir, the Writhing Township")
    assert township.meld_result is None
    assert township.meld_parts == ("Hanweir Battlements", "Hanweir Garrison")
    assert [f.side for f in township.faces] == ["front"]
    assert pool.find("Lightning Bolt").meld_parts == () and pool.find("Lightning Bolt").meld_result is None


def test_adventure_halves_use_their_own_costs(pool):
    card = pool.find("Petty Theft")
    assert card.name == "Brazen Borrower // Petty Theft"
    a, b = card.faces
    assert (a.side, a.name, a.mana_cost) == ("a", "Brazen Borrower", "{1}{U}{U}")
    assert (b.side, b.name, b.mana_cost, b.types, b.subtypes) == ("b", "Petty Theft", "{1}{U}", ("Instant",), ("Adventure",))
    assert kw(a) == [("Flash", None), ("Flying", None)] and b.keywords == ()


def test_single_faced_cards(pool):
    bolt = pool.find("Lightning Bolt")
    assert bolt.layout == "normal" and len(bolt.faces) == 1
    f = bolt.face("front")
    assert (f.name, f.mana_cost, f.types, f.oracle_text) == (
        "Lightning Bolt", "{R}", ("Instant",), "Lightning Bolt deals 3 damage to any target.")
    assert rules_colors(bolt) == {"front": ("R",)}
    urborg = pool.find("Urborg, Tomb of Yawgmoth").face("front")
    assert (urborg.mana_cost, urborg.supertypes, urborg.types) == (None, ("Legendary",), ("Land",))
    assert rules_colors(pool.find("Enchanted Evening")) == {"front": ("W", "U")}     # a hybrid symbol, 202.2d
    assert pool.find("Ixidron").face("front").power == "*"
    nissa = pool.find("Nissa, Sage Animist").face("back")
    assert (nissa.loyalty, nissa.types, nissa.subtypes) == ("3", ("Planeswalker",), ("Nissa",))
    scheme = pool.find("Approach My Molten Realm")
    assert scheme.layout == "scheme" and scheme.faces[0].types == ("Scheme",)


# ---------------------------------------------------------------- keywords

def test_keywords_of_equipment(pool):
    assert kw(pool.find("Blackblade Reforged").faces[0]) == [("Equip", "legendary creature {3}"), ("Equip", "{7}")]
    assert kw(pool.find("Luxior, Giada's Gift").faces[0]) == [("Equip", "planeswalker {1}"), ("Equip", "{3}")]
    assert kw(pool.find("Lightning Greaves").faces[0]) == [("Equip", "{0}")]


def test_world_champion_has_only_equip(pool):
    card = pool.find("World Champion, Celestial Weapon")
    # "Double Overdrive — Equipped creature ... has double strike." grants double strike to another
    # creature; "Double Overdrive" (in Scryfall's keywords) is a flavor word before a spaced dash.
    assert kw(card.face("back")) == [("Equip", "{3}")]
    assert card.face("front").keywords == ()        # "transform this enchantment" is an action


def test_keywords_with_parameters_and_reminder_text(pool):
    assert kw(pool.find("White Knight").faces[0]) == [("First strike", None), ("Protection", "from black")]
    assert kw(pool.find("Okaun, Eye of Chaos").faces[0]) == [("Partner with", "Zndrsplt, Eye of Wisdom")]
    assert kw(pool.find("Curse of Bloodletting").faces[0]) == [("Enchant", "player")]
    assert kw(pool.find("Cackling Counterpart").faces[0]) == [("Flashback", "{5}{U}{U}")]
    assert kw(pool.find("Ninja of the Deep Hours").faces[0]) == [("Ninjutsu", "{1}{U}")]
    assert kw(pool.find("Sublime Archangel").faces[0]) == [("Flying", None), ("Exalted", None)]
    assert kw(pool.find("Ormendahl, Profane Prince").face("back")) == [
        ("Flying", None), ("Lifelink", None), ("Indestructible", None), ("Haste", None)]
    # Keyword actions in Scryfall's list are not abilities of the face.
    assert pool.find("Moonmist").faces[0].keywords == ()
    assert pool.find("Sunfall").faces[0].keywords == ()
    assert pool.find("Hanweir Battlements").faces[0].keywords == ()


@pytest.mark.parametrize("text, known, expected", [
    ("Equip—Pay 3 life", ["Equip"], [("Equip", "Pay 3 life")]),
    ("Ward—Pay 3 life.", ["Ward"], [("Ward", "Pay 3 life")]),
    ("Ward {2}", ["Ward"], [("Ward", "{2}")]),
    ("Flashback {2}{R}", ["Flash"], []),                          # word boundary
    ("Flashback {2}{R}", ["Flash", "Flashback"], [("Flashback", "{2}{R}")]),
    ("Flying; haste", ["Flying", "Haste"], [("Flying", None), ("Haste", None)]),
    ("Flying, banding", ["Flying"], []),                          # every item must be a keyword
    ("Double Overdrive — Equipped creature has double strike.", ["Double Overdrive", "Double"], []),
    ("Companion — Each nonland card in your starting deck has mana value 3 or greater.",
     ["Companion"], [("Companion", "Each nonland card in your starting deck has mana value 3 or greater")]),
    ("Transform all Humans.", ["Transform"], []),
    ("Escape—{R}{R}, Exile three other cards from your graveyard.", ["Escape"],
     [("Escape", "{R}{R}, Exile three other cards from your graveyard")]),
    ("Haste (This creature can attack (really) right away.)\n{T}: Add {R}.", ["Haste"], [("Haste", None)]),
])
def test_derive_keywords(text, known, expected):
    assert [(k.name, k.parameter) for k in derive_keywords(text, known)] == expected


def test_keyword_ident():
    assert Keyword("First strike", None).ident == "first_strike"
    assert Keyword("Partner with", "X").ident == "partner_with"
    assert Keyword("Jump-start", None).ident == "jump_start"


# ---------------------------------------------------------------- mana costs

@pytest.mark.parametrize("cost, alternatives, phyrexian", [
    ("{X}", (("variable", "X"),), False),
    ("{2}", (("generic", 2),), False),
    ("{10}", (("generic", 10),), False),
    ("{W/U}", (("color", "W"), ("color", "U")), False),
    ("{R/G}", (("color", "R"), ("color", "G")), False),
    ("{2/W}", (("generic", 2), ("color", "W")), False),
    ("{C/W}", (("colorless", "C"), ("color", "W")), False),
    ("{W/P}", (("color", "W"),), True),
    ("{G/U/P}", (("color", "G"), ("color", "U")), True),
    ("{C}", (("colorless", "C"),), False),
    ("{S}", (("snow", "S"),), False),
])
def test_mana_symbols(cost, alternatives, phyrexian):
    assert parse_mana_cost(cost) == (ManaSymbol(cost, alternatives, phyrexian),)


def test_mana_cost_in_order():
    assert [s.text for s in parse_mana_cost("{X}{2}{W/U}{W/U}")] == ["{X}", "{2}", "{W/U}", "{W/U}"]
    assert parse_mana_cost("") == ()


@pytest.mark.parametrize("cost, bad", [
    ("{1}{Q}", "{Q}"), ("{HW}", "{HW}"), ("{2/2}", "{2/2}"), ("{X/P}", "{X/P}"),
    ("{W/U/B}", "{W/U/B}"), ("{P}", "{P}"), ("1{R}", "1"), ("{R}x", "x"), ("{R", "{R"),
    ("{1}{U}{U} // {1}{U}", " // "),
])
def test_bad_mana_symbols(cost, bad):
    with pytest.raises(CardDataError) as err:
        parse_mana_cost(cost, "f.json", "[0].mana_cost", "Foo")
    assert str(err.value) == f"f.json: [0].mana_cost: card 'Foo': bad mana symbol '{bad}' in mana cost '{cost}'"


# ---------------------------------------------------------------- user files

def test_add_file_shapes_and_override(tmp_path):
    pool = CardPool.builtin()
    bolt = {"object": "card", "name": "Lightning Bolt", "layout": "normal", "mana_cost": "{R}",
            "type_line": "Instant", "oracle_text": "Changed.", "colors": ["R"], "keywords": []}
    assert pool.add_file(write(tmp_path, bolt, "one.json")) == 1
    assert pool.find("lightning bolt").faces[0].oracle_text == "Changed."
    assert pool.find("Lightning Bolt").source.endswith("one.json")
    assert len(pool) == 129
    listing = {"object": "list", "has_more": False,
               "data": [{"name": "A Card", "type_line": "Sorcery"}, {"name": "B Card", "type_line": "Instant"}]}
    assert pool.add_file(write(tmp_path, listing, "list.json")) == 2
    assert pool.add_file(write(tmp_path, [{"name": "C Card", "type_line": "Land"}], "bulk.json")) == 1
    assert len(pool) == 132 and "b card" in pool


def test_colors_are_the_rules_whatever_the_data_says(tmp_path):
    # 202.2: a face's colors come from its mana symbols and color indicator (logic/cards.lp), not
    # from the data's "colors" (the union over the faces, for Fire // Ice); 710.1c: a flip
    # card's flipped half keeps the color of the half it is cast as.
    pool = CardPool()
    pool.add_file(write(tmp_path, [
        {"name": "Fire // Ice", "layout": "split", "mana_cost": "{1}{R} // {1}{U}", "colors": ["U", "R"],
         "card_faces": [{"name": "Fire", "mana_cost": "{1}{R}", "type_line": "Instant"},
                        {"name": "Ice", "mana_cost": "{1}{U}", "type_line": "Instant"}]},
        {"name": "Up // Down", "layout": "transform",
         "card_faces": [{"name": "Up", "mana_cost": "{2/W}{G/U/P}", "type_line": "Creature — Elf"},
                        {"name": "Down", "type_line": "Creature — Elf", "color_indicator": ["B"]}]},
        {"name": "Top // Bottom", "layout": "flip", "mana_cost": "{1}{W}", "colors": ["W"],
         "card_faces": [{"name": "Top", "mana_cost": "{1}{W}", "type_line": "Creature"},
                        {"name": "Bottom", "mana_cost": "", "type_line": "Legendary Creature"}]},
        {"name": "Plain Card", "mana_cost": "{B}", "type_line": "Instant"},
    ]))
    assert rules_colors(pool.find("Fire // Ice")) == {"a": ("R",), "b": ("U",)}
    assert [f.side for f in pool.find("Ice").faces] == ["a", "b"]
    assert rules_colors(pool.find("Up")) == {"front": ("W", "U", "G"), "back": ("B",)}
    assert rules_colors(pool.find("Bottom")) == {"a": ("W",), "b": ("W",)}
    assert rules_colors(pool.find("Plain Card")) == {"front": ("B",)}


def test_token_type_line(tmp_path):
    pool = CardPool()
    card = pool.add_object({"name": "Soldier", "layout": "token", "type_line": "Token Creature — Soldier",
                            "power": 1, "toughness": "1"}, "mine.json", "[0]")
    assert isinstance(card, Card) and card.is_token
    assert (card.faces[0].types, card.faces[0].subtypes, card.faces[0].power) == (("Creature",), ("Soldier",), "1")
    assert "Soldier" in format_card(card) and "(token)" in format_card(card)


def test_format_card(pool):
    text = format_card(pool.find("Ultimate Spider-Man"))
    lines = text.splitlines()
    assert lines[0] == "Miles Morales // Ultimate Spider-Man"
    for part in ("modal_dfc", "[front] Miles Morales  {1}{G}", "[back] Ultimate Spider-Man  {3}{R}{G}{W}",
                 "Legendary Creature — Spider Human Hero", "4/3", "keywords: First strike, Haste",
                 "| First strike, haste"):
        assert part in text
    assert "color indicator: U" in format_card(pool.find("Delver of Secrets"))
    delver = pool.find("Delver of Secrets")
    assert "    1/1; colors: U\n" in format_card(delver, rules_colors(delver))
    assert "loyalty 3" in format_card(pool.find("Nissa, Vastwood Seer"))


# ---------------------------------------------------------------- errors

def test_unknown_card_suggests_a_name(pool):
    with pytest.raises(CardDataError) as err:
        pool.find("Lightning Blot")
    assert err.value.file is None
    assert str(err.value) == "unknown card 'Lightning Blot' (did you mean 'Lightning Bolt'?)"
    with pytest.raises(CardDataError, match=r"^unknown card 'qqqqqqqqqq'$"):
        pool.find("qqqqqqqqqq")


def test_shared_face_name_is_ambiguous(tmp_path):
    pool = CardPool()
    faces = lambda other: [{"name": "Shared", "type_line": "Instant"}, {"name": other, "type_line": "Land"}]
    pool.add_file(write(tmp_path, [
        {"name": "Shared // One", "layout": "modal_dfc", "card_faces": faces("One")},
        {"name": "Shared // Two", "layout": "modal_dfc", "card_faces": faces("Two")}]))
    with pytest.raises(CardDataError) as err:
        pool.find("Shared")
    assert "'Shared // One'" in str(err.value) and "'Shared // Two'" in str(err.value)
    assert pool.find("Two").name == "Shared // Two"


def test_bad_mana_cost_in_file(tmp_path):
    path = write(tmp_path, json.dumps([
        {"name": "Fine", "mana_cost": "{1}", "type_line": "Artifact"},
        {"name": "Broken // Card", "layout": "transform",
         "card_faces": [{"name": "Broken", "mana_cost": "{G}", "type_line": "Creature"},
                        {"name": "Card", "mana_cost": "{1}{Q}", "type_line": "Creature"}]}], indent=1))
    with pytest.raises(CardDataError) as err:
        CardPool().add_file(path)
    e = err.value
    assert (e.file, e.where, e.line, e.column) == (path, "[1].card_faces[1].mana_cost", 18, 18)
    assert str(e) == (f"{path}:18:18: [1].card_faces[1].mana_cost: card 'Broken // Card': bad mana symbol "
                      "'{Q}' in mana cost '{1}{Q}'")


def test_not_json_gives_line_and_column(tmp_path):
    path = write(tmp_path, '[\n  {"name": "X",\n   oops}\n]')
    with pytest.raises(CardDataError) as err:
        CardPool().add_file(path)
    assert (err.value.line, err.value.column) == (3, 4)
    assert str(err.value).startswith(f"{path}:3:4: not valid JSON")


# Every error in a card file names the file, the line and column, the path and the card.
@pytest.mark.parametrize("content, expected", [
    ("42", "1:1: expected a Scryfall card object, a JSON list of them, a Scryfall list object or an MTGJSON AtomicCards file, not a number"),
    ('"text"', "1:1: expected a Scryfall card object, a JSON list of them, a Scryfall list object or an MTGJSON AtomicCards file, not a string"),
    ("[1]", "1:2: [0]: expected a Scryfall card object (a mapping), found int '1'"),
    ('[{"type_line": "Instant"}]', "1:2: [0]: a card object needs a name"),
    ('{"object": "set", "name": "Alpha"}', "1:12: object: expected a card object, not a Scryfall 'set' object"),
    ('{"object": "list", "data": 3}', "1:28: data: a Scryfall list object needs a 'data' array"),
    ('{"object": "list", "data": [{"name": 7}]}',
     "1:38: data[0].name: expected text, found int '7' (write it in quotes)"),
    ('{"name": "X", "power": [2]}',
     """1:24: power: card 'X': expected a whole number, or text such as "3", "*" or "1+*"; found a list"""),
    ('{"name": "X", "power": 1.5, "toughness": "1"}',
     """1:24: power: card 'X': expected a whole number, or text such as "3", "*" or "1+*"; found float '1.5'"""),
    ('{"name": "X", "type_line": 12}', "1:28: type_line: card 'X': expected text, found int '12' (write it in quotes)"),
    ('{"name": "X", "oracle_text": true}',
     "1:30: oracle_text: card 'X': expected text, found bool 'true' (write it in quotes)"),
    ('{"name": "X", "colors": ["Red"]}',
     "1:26: colors[0]: card 'X': unknown value 'Red'; expected one of W, U, B, R, G"),
    ('{"name": "X", "keywords": "Flying"}', "1:27: keywords: card 'X': expected a list, found str 'Flying'"),
    ('{"name": "X", "keywords": ["Flying", 3]}',
     "1:38: keywords[1]: card 'X': expected text, found int '3' (write it in quotes)"),
    ('{"name": "X", "layout": "transform", "card_faces": [{"name": "Y"}]}',
     "1:52: card_faces: card 'X': a 'transform' card needs 2 faces, not 1"),
    ('{"name": "X", "layout": "split", "card_faces": [{"name": "Y"}, "Z"]}',
     "1:64: card_faces[1]: card 'X': expected a mapping, found str 'Z'"),
    ('{"name": "X // Y", "layout": "split", "card_faces": [{"name": "X"}, {}]}',
     "1:69: card_faces[1]: card 'X // Y': missing required key 'name' in a card face"),
    ('{"name": "X", "card_faces": []}', "1:29: card_faces: card 'X': needs at least 1 item(s)"),
    ('{"name": "X", "layout": "meld", "all_parts": [{"component": "meld_part", "name": 5}]}',
     "1:82: all_parts[0].name: card 'X': expected text, found int '5' (write it in quotes)"),
    ('{"name": "X", "layout": "meld", "all_parts": [{"component": "meld_result"}]}',
     "1:47: all_parts[0]: card 'X': missing required key 'name' in a related card (all_parts)"),
    ('{"name": "X", "powr": "2"}', "1:23: powr: card 'X': unknown key 'powr' in a card object (did you mean 'power'?)"),
    ('{"name": "X // Y", "layout": "split", "card_faces": [{"name": "X"}, {"name": "Y", "oracle_txt": ""}]}',
     "1:97: card_faces[1].oracle_txt: card 'X // Y': unknown key 'oracle_txt' in a card face "
     "(did you mean 'oracle_text'?)"),
    ('{"name": "X", "power": "99999999999"}', "1:24: power: card 'X': power 99999999999 is beyond rulecheck's range "
                                             "(at most 10,000)"),
    ('{"name": "X", "loyalty": ""}', "1:26: loyalty: card 'X': is empty; give a value"),
    ('{"name": "X", "layout": "transfrom"}',
     "1:25: layout: card 'X': unknown layout 'transfrom' (did you mean 'transform'?); Scryfall's layouts are "
     "normal, split, flip, transform, modal_dfc, meld, leveler, class, case, saga, adventure, mutate, prototype, "
     "battle, planar, scheme, vanguard, token, double_faced_token, emblem, augment, host, art_series, reversible_card"),
    ('{"name": "Bad Ass", "power": "3.5", "toughness": "1"}',
     """1:30: power: card 'Bad Ass': power '3.5' is not one rulecheck models (a whole number, or text such as "3", "*" or "1+*")"""),
    ('{"name": "X",\n "name": "Y"}', "2:2: duplicate key 'name' (first written on line 1)"),
    ('[{"name": "X", "card_faces": [{"name": "A", "name": "B"}]}]',
     "1:45: [0].card_faces[0]: duplicate key 'name' (first written on line 1)"),
    ('{"name": "X\\u0000Y"}', "1:10: name: contains a NUL character"),
])
def test_file_errors(tmp_path, content, expected):
    path = write(tmp_path, content)
    with pytest.raises(CardDataError) as err:
        CardPool().add_file(path)
    assert str(err.value) == f"{path}:{expected}"


def test_a_text_type_line_and_whole_number_powers_load(tmp_path):
    # Scryfall writes text; a power written by hand as a whole number is its text.
    pool = CardPool()
    pool.add_file(write(tmp_path, {"name": "X", "type_line": "Creature — Elf", "power": 2, "toughness": "*",
                                   "loyalty": "X", "mana_cost": "", "flavor_text": "ignored", "_notes": "ignored"}))
    face = pool.find("X").faces[0]
    assert (face.types, face.power, face.toughness, face.loyalty, face.mana_cost) == (("Creature",), "2", "*", "X", None)


def test_missing_file(tmp_path):
    with pytest.raises(CardDataError, match="no such file"):
        CardPool().add_file(str(tmp_path / "absent.json"))
    with pytest.raises(CardDataError, match="cannot read"):
        CardPool().add_file(str(tmp_path))
    bad = tmp_path / "latin1.json"
    bad.write_bytes(b'{"name": "Caf\xe9"}')
    with pytest.raises(CardDataError, match="not UTF-8"):
        CardPool().add_file(str(bad))


def test_bulk_files_skip_cards_with_symbols_no_rule_models(tmp_path):
    # A Scryfall bulk file holds Un-cards ({HW}); they are left out with a note, not an error.
    bulk = tmp_path / "bulk.json"
    bulk.write_text(json.dumps([
        {"object": "card", "name": "Little Girl", "mana_cost": "{HW}", "type_line": "Creature — Human"},
        {"object": "card", "name": "Plain Card", "mana_cost": "{1}{W}", "type_line": "Creature — Human"},
    ]))
    pool = CardPool()
    assert pool.add_file(str(bulk)) == 1
    assert "Plain Card" in pool and "Little Girl" not in pool
    assert pool.skipped == [f"{bulk}: [0].mana_cost: card 'Little Girl': bad mana symbol '{{HW}}' in mana cost '{{HW}}'"]
    single = tmp_path / "one.json"
    single.write_text(json.dumps({"object": "card", "name": "Little Girl", "mana_cost": "{HW}", "type_line": "Creature"}))
    with pytest.raises(CardDataError):
        CardPool().add_file(str(single))


def test_bulk_files_skip_cards_with_powers_or_layouts_no_rule_models(tmp_path):
    # Un-cards' "3.5" power and a layout rulecheck doesn't know: left out of a list, with a note;
    # refused for a card given alone. A malformed value ("power": 1.5, a number) is an error in both.
    bulk = tmp_path / "bulk.json"
    bulk.write_text(json.dumps([
        {"object": "card", "name": "Bad Ass", "type_line": "Creature", "power": "3.5", "toughness": "1"},
        {"object": "card", "name": "New Thing", "layout": "some_future_layout", "type_line": "Artifact"},
        {"object": "card", "name": "Plain Card", "type_line": "Creature", "power": "*", "toughness": "1+*"},
    ]))
    pool = CardPool()
    assert pool.add_file(str(bulk)) == 1 and pool.names() == ["Plain Card"]
    assert pool.skipped == [
        f"{bulk}: [0].power: card 'Bad Ass': power '3.5' is not one rulecheck models "
        '(a whole number, or text such as "3", "*" or "1+*")',
        f"{bulk}: [1].layout: card 'New Thing': unknown layout 'some_future_layout'; Scryfall's layouts are "
        "normal, split, flip, transform, modal_dfc, meld, leveler, class, case, saga, adventure, mutate, prototype, "
        "battle, planar, scheme, vanguard, token, double_faced_token, emblem, augment, host, art_series, reversible_card"]
    bulk.write_text(json.dumps([{"object": "card", "name": "Bad", "type_line": "Creature", "power": 1.5}]))
    with pytest.raises(CardDataError, match=r"bulk.json:1:70: \[0\].power: card 'Bad': expected a whole number"):
        CardPool().add_file(str(bulk))


def test_every_real_card_of_the_reference_files_loads():
    # The three files of ../shared/reference, as bridge/data/ copies them: nothing refused, nothing skipped.
    pool = CardPool()
    for name in ("cards.json", "cards-2.json", "cards-3.json"):
        pool.add_file(str(Path(__file__).resolve().parent.parent / "bridge" / "data" / name))
    assert len(pool) == 129 and pool.skipped == []


def test_locate_json_finds_the_value_at_a_path():
    from rulecheck.cards import locate_json
    text = '{"data": [\n  {"name": "A"},\n  {"name": "B", "card_faces": [{"x": 1}, {"power": 1.5}]}\n]}'
    assert locate_json(text, "data[1].card_faces[1].power") == (3, 52)
    assert text.splitlines()[2][51:54] == "1.5"
    assert locate_json(text, "data[0]") == (2, 3)
    assert locate_json(text, "") == (1, 1)
    assert locate_json(text, "data[2]") is None and locate_json(text, "nothing") is None
