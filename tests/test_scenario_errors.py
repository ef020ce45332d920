"""Bad input: one clear message naming the file, the path in it and what is wrong; exit code
2; no traceback; nothing written to stdout."""


import pytest

from rulecheck.cli import main

CASES = {
    "yaml_syntax": (
        "objects:\n  miles: {card: Miles Morales\n",
        "bad.yaml:3:1: not valid YAML: expected ',' or '}', but got '<stream end>'"),
    "unknown_key": (
        "objects:\n  miles: {card: Miles Morales, colour: red}\n",
        "bad.yaml:2:32: objects.miles.colour: unknown key 'colour' in an object; allowed: card, zone, owner, "
        "controller, face, token, copy_of, attached_to, tapped, face_down, controlled_since, counters, damage, chosen_color, chosen_type"),
    "unknown_top_level_key": (
        "object:\n  miles: {card: Miles Morales}\n",
        "bad.yaml:1:1: object: unknown key 'object' in the scenario (did you mean 'objects'?); allowed: rules, "
        "description, players, life, libraries, turn, objects, timeline, questions, expect, abilities, cards"),
    "unknown_card": (
        "objects:\n  miles: {card: Miles Moralez}\n",
        "bad.yaml:2:17: objects.miles.card: unknown card 'Miles Moralez' (did you mean 'Miles Morales'?)"),
    "event_names_missing_object": (
        "objects:\n  knight: {card: White Knight}\ntimeline:\n  - {transform: kngiht}\n",
        "bad.yaml:4:17: timeline[0].transform: no object named 'kngiht' (did you mean 'knight'?); known: knight"),
    "question_names_missing_object": (
        "objects:\n  knight: {card: White Knight}\nquestions:\n  - {ask: can_transform, object: miles}\n",
        "bad.yaml:4:34: questions[0].object: no object named 'miles'; known: knight"),
    "wrong_type": (
        "objects:\n  knight: {card: White Knight, counters: {\"+1/+1\": two}}\n",
        "bad.yaml:2:52: objects.knight.counters.+1/+1: expected a whole number, found str 'two'"),
    "wrong_type_bool": (
        "objects:\n  knight: {card: White Knight, tapped: yes}\n",
        "bad.yaml:2:40: objects.knight.tapped: write true or false, not 'yes' (YAML 1.1 reads yes/no/on/off as "
        "booleans, which is easy to do by accident)"),
    "duplicate_object_id": (
        "objects:\n  knight: {card: White Knight}\n  knight: {card: White Knight}\n",
        "bad.yaml:3:3: objects: duplicate key 'knight' (first written on line 2)"),
    "duplicate_ability_id": (
        "objects:\n  inc: {card: Incubator}\ntimeline:\n  - {activate: inc, ability: transform, id: inc}\n",
        "bad.yaml:4:45: timeline[0].id: duplicate id 'inc'"),
    "face_the_card_does_not_have": (
        "objects:\n  knight: {card: White Knight, face: back}\n",
        "bad.yaml:2:38: objects.knight.face: White Knight has no back face (its faces: front)"),
    "face_outside_battlefield": (
        "objects:\n  miles: {card: Miles Morales, zone: hand, face: back}\n",
        "bad.yaml:2:50: objects.miles.face: only the battlefield and stack show a face; in the hand a card has "
        "its front face's characteristics (712.8a): remove face"),
    "at_past_the_timeline": (
        "objects:\n  knight: {card: White Knight}\nquestions:\n  - {ask: can_transform, object: knight, at: 3}\n",
        "bad.yaml:4:46: questions[0].at: the timeline has 0 entries; at must be 0..0"),
    "event_without_verb": (
        "objects:\n  knight: {card: White Knight}\ntimeline:\n  - {transfrom: knight}\n",
        "bad.yaml:4:5: timeline[0]: an event needs exactly one of cast, activate, resolve, move, transform, "
        "convert, attack, block, declare_attackers, declare_blockers, begin, begin_turn, gain, lose, attach, "
        "unattach, counters, damage, gain_control, tap, untap, trigger, delay, create, copy, turn_face_down, "
        "turn_face_up, cant_transform, pump, double, set_base_pt, switch, change_text, draw, double_life, double_counters, double_mana, spend, choose_name; found none (did you mean 'transform'?)"),
    "unknown_question": (
        "objects:\n  knight: {card: White Knight}\nquestions:\n  - {ask: can_transfrom, object: knight}\n",
        "bad.yaml:4:11: questions[0].ask: unknown value 'can_transfrom' (did you mean 'can_transform'?); "
        "expected one of can_transform, characteristics, layer_order, layer_dependencies, is_transformed, timestamp, enters_as, can_cast, "
        "triggers, would_trigger, mana_value, color_identity, nameable, has_chosen_name, printed_on, "
        "damage_steps, can_attack, can_block, check_blocks, can_activate, equip_targets, can_target, life, loses, damage_outcomes, poison, event_outcomes, counters, mana_pool, can_spend, check_attacks, legal_blocks"),
    "unsupported_rules_version": (
        "rules: \"2024-01-01\"\nobjects: {}\n",
        "bad.yaml:1:8: rules: rules version '2024-01-01' is not supported; this rulecheck knows 2026-09-25"),
    "resolve_before_activation": (
        "objects:\n  inc: {card: Incubator}\ntimeline:\n  - {resolve: a1}\n  - {activate: inc, ability: transform, id: a1}\n",
        "bad.yaml:4:15: timeline[0].resolve: no stack item named 'a1'"),
    "turn_number_goes_backwards": (
        "turn: {number: 3}\ntimeline:\n  - {begin_turn: 4, active: bob}\n  - {begin_turn: 2, active: alice}\n",
        "bad.yaml:4:18: timeline[1].begin_turn: turn 2 can't begin during turn 4; turn numbers go forward "
        "one at a time: turn 5 begins next"),
    "turn_number_not_after_the_scenarios": (
        "turn: {number: 3}\ntimeline:\n  - {begin_turn: 3, active: bob}\n",
        "bad.yaml:3:18: timeline[0].begin_turn: turn 3 can't begin during turn 3; turn numbers go forward "
        "one at a time: turn 4 begins next"),
    "turn_skipped": (
        "timeline:\n  - {begin_turn: 3, active: bob}\n",
        "bad.yaml:2:18: timeline[0].begin_turn: turn 3 can't begin during turn 1; turn 2 is missing: add a "
        "begin_turn for each turn in between (its untap step, 502.3, untaps its active player's permanents)"),
    "untap_step_without_a_turn": (
        "timeline:\n  - {begin: untap}\n",
        "bad.yaml:2:13: timeline[0].begin: the untap step begins with its turn (501.1): write {begin_turn: N, "
        "active: PLAYER}, whose untap step untaps the active player's permanents (502.3)"),
    "not_a_mapping": (
        "- just\n- a list\n",
        "bad.yaml:1:1: a scenario is a mapping (rules:, players:, objects:, timeline:, questions: ...)"),
    "copy_of_cycle": (
        "objects:\n  c: {card: Clone}\n  a: {card: Clone, copy_of: b}\n  b: {card: Clone, copy_of: a}\n",
        "bad.yaml:3:29: objects.a.copy_of: a copies b copies a: objects that copy each other have no copiable "
        "values to take (707.2)"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_input_is_one_clear_line(name, tmp_path, capsys, monkeypatch):
    text, expected = CASES[name]
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.yaml").write_text(text)
    code = main(["ask", "bad.yaml", "--ask", "can_transform x"])
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert err == f"rulecheck: {expected}\n"


def test_json_scenarios_report_lines_too(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.json").write_text('{"objects": {"knight": {"card": "White Knight", "zone": "hnd"}}}')
    assert main(["ask", "bad.json"]) == 2
    assert capsys.readouterr().err == (
        "rulecheck: bad.json:1:57: objects.knight.zone: unknown value 'hnd' (did you mean 'hand'?); "
        "expected one of library, hand, battlefield, graveyard, stack, exile, command\n")


def test_json_syntax_error(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.json").write_text('{"objects": {"knight": }}')
    assert main(["ask", "bad.json"]) == 2
    assert capsys.readouterr().err == "rulecheck: bad.json:1:24: not valid JSON: Expecting value\n"


def test_missing_file(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["ask", "nope.yaml"]) == 2
    assert capsys.readouterr().err == "rulecheck: nope.yaml: no such file\n"


def test_bad_ask_option(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ok.yaml").write_text("objects:\n  knight: {card: White Knight}\n")
    assert main(["ask", "ok.yaml", "--ask", "can_transform queen"]) == 2
    assert capsys.readouterr().err == "rulecheck: --ask: object: no object named 'queen'; known: knight\n"


@pytest.mark.parametrize("word, found", [("at=--1", "str '--1'"), ("at=²", "str '²'"), ("at=١", "str '١'")])
def test_ask_option_number_that_is_not_one(tmp_path, capsys, monkeypatch, word, found):
    # Seen while writing tests/fuzz_input.py (it draws these words): '--1' and '²' passed str.isdigit() and int() raised a
    # ValueError (a traceback); a number is ASCII digits, as in a YAML file.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ok.yaml").write_text("objects:\n  knight: {card: White Knight}\n")
    assert main(["ask", "ok.yaml", "--ask", f"can_transform knight {word}"]) == 2
    err = capsys.readouterr().err
    # No "write the number without quotes" hint: unquoted, YAML wouldn't read these as numbers either.
    assert err == f"rulecheck: --ask: at: expected a whole number, found {found}\n"


def test_bad_card_file(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ok.yaml").write_text("objects:\n  knight: {card: White Knight}\n")
    (tmp_path / "cards.json").write_text('{"object": "card", "name": "X", "mana_cost": "{Q}", "type_line": "Creature"}')
    assert main(["ask", "ok.yaml", "--cards", "cards.json", "--ask", "can_transform knight"]) == 2
    err = capsys.readouterr().err
    assert err == "rulecheck: cards.json:1:46: mana_cost: card 'X': bad mana symbol '{Q}' in mana cost '{Q}'\n"


# --- Sizes beyond what rulecheck answers within its targets (README: Limits) -------------------
# Refused before anything is grounded (grounding can't be interrupted), with one line. The
# limits are lowered here so that the test needn't write 10,001 entries.

def test_a_timeline_beyond_the_limit_is_refused(tmp_path, capsys, monkeypatch):
    import rulecheck.load as load
    monkeypatch.setattr(load, "MAX_ENTRIES", 3)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "big.yaml").write_text("objects:\n  knight: {card: White Knight}\ntimeline:\n"
                                       + "".join("  - {tap: knight}\n" for _ in range(4)))
    assert main(["ask", "big.yaml", "--ask", "life alice"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == ("rulecheck: big.yaml:4:3: timeline: 4 timeline entries; rulecheck answers scenarios of at most "
                   "3 timeline entries (README: Limits)\n")


def test_too_many_objects_are_refused(tmp_path, capsys, monkeypatch):
    import rulecheck.load as load
    monkeypatch.setattr(load, "MAX_OBJECTS", 1)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "big.yaml").write_text("objects:\n  a: {card: White Knight}\n  b: {card: White Knight}\n")
    assert main(["ask", "big.yaml", "--ask", "life alice"]) == 2
    assert capsys.readouterr().err == ("rulecheck: big.yaml:2:3: objects: 2 objects; rulecheck answers scenarios of "
                                       "at most 1 objects (README: Limits)\n")


def test_a_file_beyond_the_limit_is_refused_unread(tmp_path, capsys, monkeypatch):
    import rulecheck.document as document
    monkeypatch.setattr(document, "MAX_FILE_BYTES", 2**20)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "big.yaml").write_text("#" * (2**20 + 1))
    assert main(["ask", "big.yaml"]) == 2
    assert capsys.readouterr().err == ("rulecheck: big.yaml: is 1.0 MB; rulecheck reads scenario files of at most "
                                       "1 MB (README: Limits)\n")


# --- Documents that would not end, or would not fit (README: Limits) --------------------------
# Refused while the file is composed, before any value is built: no RecursionError, no hang.

def _ask(tmp_path, monkeypatch, name, text, *extra):
    monkeypatch.chdir(tmp_path)
    (tmp_path / name).write_text(text)
    return main(["ask", name, "--ask", "life alice", *extra])


MORE_CASES = {
    "recursive_alias": (
        "bad.yaml", "objects: &a [*a]\n",
        "bad.yaml:1:14: objects[0]: alias *a is inside the collection it names, so it would repeat without end; "
        "YAML aliases must not be recursive"),
    "alias_bomb": (      # 9 aliases wide, 10 levels: 9**10 values once expanded
        "bad.yaml", "a0: &a0 [x, x, x, x, x, x, x, x, x]\n" + "".join(
            f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]\n" for i in range(1, 10)),
        "bad.yaml:6:25: a5[3]: alias *a4 takes the document past 300,000 values (an alias counts every value it "
        "repeats, each time it is used); rulecheck reads documents of at most 300,000 values (README: Limits)"),
    "deep_yaml": (
        "bad.yaml", "objects: " + "[" * 1000 + "]" * 1000 + "\n",
        "bad.yaml:1:109: objects" + "[0]" * 99 + ": the document is nested more than 100 levels deep; rulecheck "
        "reads documents nested at most 100 levels (README: Limits)"),
    "deep_through_an_alias": (
        "bad.yaml", "a: &a " + "[" * 60 + "]" * 60 + "\nb: " + "[" * 60 + "*a" + "]" * 60 + "\n",
        "bad.yaml:2:64: b" + "[0]" * 60 + ": alias *a nests the document more than 100 levels deep; rulecheck "
        "reads documents nested at most 100 levels (README: Limits)"),
    "deep_json": (
        "bad.json", '{"objects": ' + "[" * 1000 + "]" * 1000 + "}",
        "bad.json:1:112: objects" + "[0]" * 99 + ": the document is nested more than 100 levels deep; rulecheck "
        "reads documents nested at most 100 levels (README: Limits)"),
    "nul_byte": (
        "bad.yaml", "objects:\n  a: \x00\n",
        "bad.yaml:2:6: not valid YAML: unacceptable character #x0000: special characters are not allowed"),
    "duplicate_json_key": (
        "bad.json", '{"objects": {\n "a": {"card": "White Knight"},\n "a": {"card": "White Knight"}}}',
        "bad.json:3:2: objects: duplicate key 'a' (first written on line 2)"),
    "newline_in_an_id": (
        "bad.yaml", 'objects:\n  "mi\\nles": {card: "White\\nKnight"}\n',
        "bad.yaml:2:21: objects.mi\\nles.card: unknown card 'White\\nKnight' (did you mean 'White Knight'?)"),
}


@pytest.mark.parametrize("name", sorted(MORE_CASES))
def test_documents_beyond_reading_are_one_clear_line(name, tmp_path, capsys, monkeypatch):
    file, text, expected = MORE_CASES[name]
    assert _ask(tmp_path, monkeypatch, file, text) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"rulecheck: {expected}\n"


def test_a_json_corner_case_yaml_cannot_read_still_finds_duplicate_keys(tmp_path, capsys, monkeypatch):
    # A key of more than 1,024 characters is JSON but not YAML (an implicit key's limit): read
    # by json alone, without lines.
    key = "a" * 1100
    text = f'{{"objects": {{"{key}": {{"card": "White Knight"}}, "{key}": {{"card": "White Knight"}}}}}}'
    assert _ask(tmp_path, monkeypatch, "bad.json", text) == 2
    assert capsys.readouterr().err == f"rulecheck: bad.json: objects: duplicate key '{key}'\n"


def test_a_card_file_nested_too_deep(tmp_path, capsys, monkeypatch):
    (tmp_path / "cards.json").write_text("[" * 1000 + "]" * 1000)
    assert _ask(tmp_path, monkeypatch, "ok.yaml", "objects: {}\n", "--cards", "cards.json") == 2
    assert capsys.readouterr().err == ("rulecheck: cards.json:1:101: nested more than 100 levels deep; rulecheck "
                                       "reads JSON nested at most 100 levels (README: Limits)\n")


@pytest.mark.parametrize("value", ["-1", "nan", "inf", "0", "abc", "86401"])
def test_time_limit_must_be_positive_and_finite(value, tmp_path, capsys, monkeypatch):
    assert _ask(tmp_path, monkeypatch, "ok.yaml", "objects: {}\n", "--time-limit", value) == 2
    assert capsys.readouterr() == ("", "rulecheck: --time-limit: expected a number of seconds greater than 0 and at "
                                       f"most 86400 (a day), not '{value}'\n")
