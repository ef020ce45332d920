"""logic/printed_on.lp: abilities printed on an object for linked abilities (CR 607.1, 607.1b)."""

from harness import ask, shown1

PROCESSION = """
cards:
  - name: Profane Procession // Tomb of the Dusk Rose
    layout: transform
    card_faces:
      - {name: Profane Procession, mana_cost: "{1}{W}{B}", type_line: Legendary Enchantment,
         oracle_text: "{3}{W}{B}: Exile target creature. Then if there are three or more cards exiled with Profane Procession, transform it."}
      - {name: Tomb of the Dusk Rose, mana_cost: "", type_line: Legendary Land,
         oracle_text: "(Transforms from Profane Procession.)\\n{T}: Add one mana of any color.\\n{2}{W}{B}, {T}: Put a creature card exiled with this permanent onto the battlefield under your control."}
objects:
  procession: {card: Profane Procession}
  tomb: {card: Profane Procession, face: back}
  in_hand: {card: Profane Procession, zone: hand}
  hidden: {card: Profane Procession, face_down: true}
  spider: {card: Miles Morales, face: back}
  incubator: {card: Incubator}
  knight: {card: White Knight}
"""

# Asked after entry 0: what a question reading every object would want.
WANT = "question_reads(0, O) :- object(O). wants_printed_on(O, P) :- object(O), end_of(0, P). "
SHOW_AT_0 = WANT + "#show. #show face_printed_on(O, C, S, 0) : face_printed_on(O, C, S, P), end_of(0, P)."


def test_faces_printed_on_each_object():
    atoms = shown1(PROCESSION, SHOW_AT_0)
    pp = '"Profane Procession // Tomb of the Dusk Rose"'
    assert atoms == [
        # 607.1b: nonmodal double-faced objects, whichever face is up, in any zone; tokens too.
        f'face_printed_on("in_hand",{pp},back,0)', f'face_printed_on("in_hand",{pp},front,0)',
        'face_printed_on("incubator","Incubator // Phyrexian",back,0)',
        'face_printed_on("incubator","Incubator // Phyrexian",front,0)',
        'face_printed_on("knight","White Knight",front,0)',
        f'face_printed_on("procession",{pp},back,0)', f'face_printed_on("procession",{pp},front,0)',
        # 712.8f: a modal double-faced permanent has only the face that is up.
        'face_printed_on("spider","Miles Morales // Ultimate Spider-Man",back,0)',
        f'face_printed_on("tomb",{pp},back,0)', f'face_printed_on("tomb",{pp},front,0)',
    ]   # 708.2a: nothing for the face-down permanent


def test_rules_for_each_object():
    atoms = shown1(PROCESSION, WANT + "#show. #show printed_on_rule(O, 0, R) : printed_on_rule(O, P, R), end_of(0, P).")
    assert atoms == ['printed_on_rule("hidden",0,"708.2a")', 'printed_on_rule("in_hand",0,"607.1b")',
                     'printed_on_rule("incubator",0,"607.1b")', 'printed_on_rule("knight",0,"607.1")',
                     'printed_on_rule("procession",0,"607.1b")', 'printed_on_rule("spider",0,"607.1")',
                     'printed_on_rule("tomb",0,"607.1b")']


def test_linked_abilities_across_faces():
    atoms = shown1(PROCESSION, WANT + "#show. #show linked_on(O, S1, A1, S2, A2, R) : linked_on(O, _, S1, A1, S2, A2, R, P), end_of(0, P).")
    assert atoms == ['linked_on("in_hand",front,"exile",back,"return","607.2a")',
                     'linked_on("procession",front,"exile",back,"return","607.2a")',
                     'linked_on("tomb",front,"exile",back,"return","607.2a")']


def test_reminder_text_is_no_ability():
    atoms = shown1(PROCESSION, WANT + "#show. #show ability_printed_on(\"tomb\", S, I, T) : ability_printed_on(\"tomb\", _, S, I, T, P), end_of(0, P).")
    assert atoms == [
        'ability_printed_on("tomb",back,0,"{T}: Add one mana of any color.")',
        'ability_printed_on("tomb",back,1,"{2}{W}{B}, {T}: Put a creature card exiled with this permanent onto the battlefield under your control.")',
        'ability_printed_on("tomb",front,0,"{3}{W}{B}: Exile target creature. Then if there are three or more cards exiled with Profane Procession, transform it.")',
    ]


def test_printed_on_question():
    a = ask(PROCESSION, "printed_on tomb").single
    assert a.value["faces"] == ["front", "back"]
    assert a.value["linked"] == [["front", "exile", "back", "return", "607.2a"]]
    assert a.rules == ["607.1b", "607.2a"]
    assert a.because == ["tomb is on the battlefield with its back face up", "tomb is a nonmodal double-faced object",
                         "exile (front face) and return (back face) are linked (607.2a)"]
    b = ask(PROCESSION, "printed_on hidden").single
    assert (b.value, b.rules) == ({"faces": [], "abilities": [], "linked": []}, ["708.2a"])
    c = ask(PROCESSION, "printed_on knight").single
    assert (c.value, c.rules) == ({"faces": ["front"], "abilities": [["front", "First strike"], ["front", "Protection from black"]],
                                   "linked": []}, ["607.1"])
