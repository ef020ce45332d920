"""YAML's guesses: rule numbers, versions and ids are text, read as written."""

from harness import scenario
from rulecheck.document import parse_yaml


def test_unquoted_rule_numbers_dates_and_booleans_stay_text(tmp_path):
    scn = scenario("""
    rules: 2026-09-25
    players: [no, on]
    objects:
      yes: {card: Incubator, owner: "no"}
      701.10: {card: White Knight, owner: on}
    expect:
      - {ask: can_transform, object: 701.10, answer: false, rules: [701.10, 701.27c]}
    """)
    assert scn.rules == "2026-09-25"
    assert scn.players == ("no", "on")
    assert list(scn.objects) == ["yes", "701.10"]
    assert scn.objects["701.10"].owner == "on"
    exp = scn.expectations[0]
    assert exp.question.params == {"object": "701.10"}
    assert exp.rules == ("701.10", "701.27c")


def test_text_as_written_in_json():
    node = parse_yaml('{"rules": ["701.10", 701.10], "n": 3}', "x.json")
    rules = node.value["rules"].value
    assert [(r.kind, r.text, r.quoted) for r in rules] == [("str", "701.10", True), ("float", "701.10", False)]
    assert node.value["n"].kind == "int" and node.value["n"].value == 3


def test_lines_and_columns_are_one_based():
    node = parse_yaml("a:\n  b: [1, 2]\n", "x.yaml")
    b = node.value["a"].value["b"]
    assert (b.line, b.column) == (2, 6)
    assert (b.value[1].line, b.value[1].column) == (2, 10)


def test_a_json_number_longer_than_python_reads_is_refused_where_it_is(tmp_path, capsys, monkeypatch):
    # Found by tests/fuzz_input.py: json.loads raises a plain ValueError (not JSONDecodeError) for
    # an integer of more than sys.get_int_max_str_digits() (4,300) digits; it was a traceback.
    # YAML reads such a number as text, and the spec refuses it as "expected a whole number".
    from rulecheck.cli import main
    monkeypatch.chdir(tmp_path)
    digits = "1" + "0" * 4300
    (tmp_path / "big.json").write_text('{"objects": {"bear": {"card": "Grizzly Bears",\n'
                                       '  "damage": ' + digits + '}}, "note": "' + digits + '"}')
    assert main(["ask", "big.json"]) == 2
    assert capsys.readouterr().err == ("rulecheck: big.json:2:13: a number of 4,301 digits, more than rulecheck "
                                       "reads (README: Limits)\n")


def test_document_doctests():
    import doctest

    import rulecheck.document as document
    assert doctest.testmod(document).failed == 0
