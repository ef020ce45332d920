"""Numbers beyond rulecheck's range and names clingo can't keep apart are refused at load, with
one located line and exit 2 (bridge/spec.py: NUMBER_LIMIT, TOTAL_LIMIT, COUNTER_PT_LIMIT;
bridge/cards.py: CARD_NUMBER_LIMIT). clingo's integers have 32 bits: before these limits a
counter of 2**31 - 1 answered a negative power, and a number beyond 32 bits was a traceback."""

import pytest

from rulecheck.cli import main

BEARS = "objects:\n  bear: {card: Grizzly Bears}\n"

CASES = {
    "counters_beyond_32_bits": (
        'objects:\n  bear: {card: Grizzly Bears, counters: {"+1/+1": 2147483647}}\n',
        "bad.yaml:2:51: objects.bear.counters.+1/+1: must be at most 1,000,000, found 2147483647 "
        "(beyond rulecheck's range)"),
    "life_far_below": (
        "players: [alice, bob]\nlife: {bob: -2147483647}\n" + BEARS,
        "bad.yaml:2:13: life.bob: must be at least -1,000,000, found -2147483647 (beyond rulecheck's range)"),
    "turn_number": (
        "turn: {number: 99999999999, active: alice}\n" + BEARS,
        "bad.yaml:1:16: turn.number: must be at most 1,000,000, found 99999999999 (beyond rulecheck's range)"),
    "controlled_since": (
        "objects:\n  bear: {card: Grizzly Bears, controlled_since: 99999999999}\n",
        "bad.yaml:2:49: objects.bear.controlled_since: must be at most 1,000,000, found 99999999999 "
        "(beyond rulecheck's range)"),
    "damage_event": (
        BEARS + "timeline:\n  - {damage: 5000000, source: bear, target: bear}\n",
        "bad.yaml:4:14: timeline[0].damage: must be at most 1,000,000, found 5000000 (beyond rulecheck's range)"),
    "counter_kind": (
        'objects:\n  bear: {card: Grizzly Bears, counters: {"+99999999999/+0": 1}}\n',
        "bad.yaml:2:42: objects.bear.counters.+99999999999/+0: a +X/+Y counter's numbers must be at most 10, "
        "found '+99999999999/+0' (beyond rulecheck's range)"),
    "numbers_that_add_up_beyond_the_total": (
        BEARS + "timeline:\n" + "  - {counters: bear, add: {\"+1/+1\": 1000000}}\n" * 11,
        "bad.yaml:14:37: timeline[10].add.+1/+1: the counters, damage and life totals given so far add up to "
        "more than 10,000,000 (beyond rulecheck's range)"),
    "card_power": (
        'cards:\n  - {name: Huge, type_line: "Creature — Giant", mana_cost: "{2}", power: "99999999999", '
        'toughness: "3"}\nobjects:\n  h: {card: Huge}\n',
        "bad.yaml:2:74: cards[0].power: card 'Huge': power 99999999999 is beyond rulecheck's range (at most 10,000)"),
    "generic_mana": (
        'cards:\n  - {name: Huge, type_line: "Creature — Giant", mana_cost: "{99999999999}", power: "3", '
        'toughness: "3"}\nobjects:\n  h: {card: Huge}\n',
        "bad.yaml:2:60: cards[0].mana_cost: card 'Huge': generic mana '{99999999999}' in mana cost '{99999999999}' "
        "is beyond rulecheck's range (at most 1,000,000)"),
}


def run(tmp_path, monkeypatch, capsys, text: str) -> tuple[int, str, str]:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.yaml").write_text(text, encoding="utf-8")
    code = main(["ask", "bad.yaml", "--ask", "characteristics bear"])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_number_beyond_the_range_is_one_clear_line(name, tmp_path, capsys, monkeypatch):
    text, expected = CASES[name]
    assert run(tmp_path, monkeypatch, capsys, text) == (2, "", f"rulecheck: {expected}\n")


def test_the_largest_numbers_in_range_answer_within_32_bits(tmp_path, capsys, monkeypatch):
    # 1,000,000 +1/+1 counters: power 1,000,002 (122.1a), not a wrapped-around number.
    code, out, err = run(tmp_path, monkeypatch, capsys,
                         'objects:\n  bear: {card: Grizzly Bears, counters: {"+1/+1": 1000000}}\n')
    assert (code, err) == (0, "")
    assert "  power: 1000002\n" in out and "  toughness: 1000002\n" in out


@pytest.mark.parametrize("text", [
    'objects:\n  "be\\0ar": {card: Grizzly Bears}\n  bear: {card: Grizzly Bears}\n',
    'players: [alice, "bo\\0b"]\n' + BEARS,
    'objects:\n  bear: {card: Grizzly Bears, counters: {"+1/+1\\0": 1}}\n',
])
def test_a_nul_character_in_a_name_is_refused(text, tmp_path, capsys, monkeypatch):
    # clingo's strings end at NUL: "be\0ar" would be the object "be".
    code, out, err = run(tmp_path, monkeypatch, capsys, text)
    assert (code, out) == (2, "")
    assert err.startswith("rulecheck: bad.yaml:") and err.endswith(": contains a NUL character\n")
    assert err.count("\n") == 1


def test_spec_doctests():
    # spec._describe quotes a found value up to 60 characters: a 4,300-digit number in a
    # message made a line of 4,300 characters (found by tests/fuzz_input.py).
    import doctest

    import rulecheck.spec as spec
    assert doctest.testmod(spec).failed == 0
