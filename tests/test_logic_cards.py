"""logic/cards.lp: kinds of double-faced cards (712.1–712.4), token names (111.4, 111.10i),
colors from mana costs and color indicators (202.2, 105.2)."""


from harness import pool
from rulecheck.facts import card_facts
from rulecheck.solve import programs_for
from harness import solve


def _card_atoms(names, show):
    facts = [f for n in names for f in card_facts(pool().find(n))]
    result = solve(facts, programs_for(None), extra_program=show)
    assert len(result.models) == 1
    return sorted(str(s) for s in result.models[0])


def test_kinds_of_double_faced_cards():
    atoms = _card_atoms(["Miles Morales", "Delver of Secrets", "Hanweir Garrison", "Incubator", "White Knight",
                         "Hanweir, the Writhing Township"],
                        "#show modal_dfc/1. #show nonmodal_dfc/1. #show meld_card/1. #show double_faced_token_card/1."
                        " #show meld_result_card/1.")
    assert atoms == ['double_faced_token_card("Incubator // Phyrexian")',
                     'meld_card("Hanweir Garrison")',
                     'meld_result_card("Hanweir, the Writhing Township")',
                     'modal_dfc("Miles Morales // Ultimate Spider-Man")',
                     'nonmodal_dfc("Delver of Secrets // Insectile Aberration")']


def test_token_faces_are_named_by_their_subtypes():
    # 111.4 names both Incubator faces; 111.10i confirms the back face is "Phyrexian Token".
    atoms = _card_atoms(["Incubator"], "#show printed_name/3. #show predefined_token/2.")
    assert atoms == ['predefined_token("Incubator // Phyrexian","111.10i")',
                     'printed_name("Incubator // Phyrexian",back,token_name("Phyrexian"))',
                     'printed_name("Incubator // Phyrexian",front,token_name("Incubator"))']


def test_face_colors_come_from_mana_cost_and_color_indicator():
    atoms = _card_atoms(["Miles Morales", "Delver of Secrets"], "#show face_color/3.")
    assert atoms == ['face_color("Delver of Secrets // Insectile Aberration",back,u)',
                     'face_color("Delver of Secrets // Insectile Aberration",front,u)',
                     'face_color("Miles Morales // Ultimate Spider-Man",back,g)',
                     'face_color("Miles Morales // Ultimate Spider-Man",back,r)',
                     'face_color("Miles Morales // Ultimate Spider-Man",back,w)',
                     'face_color("Miles Morales // Ultimate Spider-Man",front,g)']


def test_rules_colors_agree_with_the_card_data_for_the_whole_pool():
    # The rules compute colors (202.2); the data states them (bridge/data/). Where they differ,
    # the data is wrong or a characteristic-defining ability is involved: list those exactly.
    letters = {"w": "W", "u": "U", "b": "B", "r": "R", "g": "G"}
    cards = [pool().find(n) for n in pool().names()]
    atoms = _card_atoms([c.name for c in cards], "#show face_color/3.")
    computed: dict[tuple[str, str], set[str]] = {}
    for a in atoms:
        card, side, col = a[len("face_color("):-1].rsplit(",", 2)
        computed.setdefault((card.strip('"'), side), set()).add(letters[col])
    # The colors the Scryfall data states for each face (a face's own, else the card's: a
    # single-faced card, or a flip card, whose color doesn't change when flipped, 710.1c).
    import json
    from pathlib import Path
    stated: dict[tuple[str, str], set[str]] = {}
    for path in sorted((Path(__file__).resolve().parent.parent / "bridge" / "data").glob("cards*.json")):
        for obj in json.loads(path.read_text(encoding="utf-8")):
            card = pool().find(obj["name"])
            raw_faces = obj.get("card_faces") or [obj]
            for face, raw in zip(card.faces, raw_faces):
                stated[(card.name, face.side)] = set(raw.get("colors", obj.get("colors")) or ())
    differences = []
    for card in cards:
        for face in card.faces:
            got = computed.get((card.name, face.side), set())
            want = stated[(card.name, face.side)]
            if got != want:
                differences.append((card.name, face.side, sorted(want), sorted(got)))
    # Hanweir, the Writhing Township has neither mana cost nor indicator in the data (its
    # colors [] agree); no card in the pool has a color-defining ability yet.
    assert differences == []
