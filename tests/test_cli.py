"""The rulecheck command end to end (in-process through rulecheck.cli.main)."""

import json
from pathlib import Path

import pytest

from rulecheck.cli import main
from rulecheck.scenario import json_schema

ROOT = Path(__file__).resolve().parent.parent
WHO = str(ROOT / "seeds" / "scenarios" / "transform" / "who-can-transform.yaml")
BY_ZONE = str(ROOT / "seeds" / "scenarios" / "characteristics" / "by-zone.yaml")
CR = ROOT.parent / "shared" / "reference" / "comprehensive-rules-2026-09-25.txt"


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_ask_one_question_text(capsys):
    code, out, err = run(capsys, "ask", WHO, "--ask", "can_transform knight")
    assert (code, err) == (0, "")
    answer, notes = out[:out.index("  note: ")], out[out.index("  note: "):].splitlines()
    assert answer == (
        "can_transform knight (after entry 0):\n"
        "  no\n"
        "  rules: 701.27c\n"
        "  because: knight is not a double-faced card or token\n"
        "  because: knight is on the battlefield\n")
    # What the answer ignores follows it (tests/test_logic_modelled.py): the scenario's Emeria's
    # Call, Hanweir Garrison and Miles Morales have abilities no rule executes (Ultimate
    # Spider-Man's "Whenever you attack" is executed: counters.lp; Emeria's {T}: Add {W}, mana.lp).
    assert len(notes) == 3 and all(n.startswith("  note: ") for n in notes)


def test_ask_json(capsys):
    code, out, _ = run(capsys, "ask", WHO, "--json", "--ask", "can_transform miles", "--ask", "can_transform emeria")
    assert code == 0
    answers = json.loads(out)
    assert [(a["object"], a["answer"], a["rules"]) for a in answers] == [
        ("miles", True, ["701.27a"]), ("emeria", False, ["701.27d"])]
    assert answers[1]["because"] == [
        "emeria is a modal double-faced card", "emeria is on the battlefield",
        "it would turn to its front face, Emeria's Call", "its front face is a sorcery face"]


def test_ask_characteristics_at_a_point(capsys):
    code, out, _ = run(capsys, "ask", BY_ZONE, "--json", "--ask", "characteristics incubator at=0",
                       "--ask", "characteristics incubator")
    assert code == 0
    before, after = json.loads(out)
    assert before["answer"]["name"] == "Incubator Token" and before["at"] == 0
    assert after["answer"]["name"] == "Phyrexian Token" and after["answer"]["power"] == 2


@pytest.mark.skipif(not CR.exists(), reason="needs ../shared/reference")
def test_ask_with_rule_texts(capsys):
    code, out, _ = run(capsys, "ask", WHO, "--ask", "can_transform knight", "--cr", str(CR))
    assert code == 0
    assert ("    701.27c If a spell or ability instructs a player to transform a permanent that isn’t "
            "represented by a double-faced token or a double-faced card, nothing happens.\n") in out


def test_check_passes_and_fails(capsys, tmp_path):
    code, out, _ = run(capsys, "check", WHO)
    assert code == 0
    assert "\n8 passed, 0 failed\n" in out
    bad = tmp_path / "bad.yaml"
    bad.write_text(Path(WHO).read_text().replace(
        "{ask: can_transform, object: knight, answer: false", "{ask: can_transform, object: knight, answer: true"))
    code, out, _ = run(capsys, "check", str(bad))
    assert code == 1
    assert "7 passed, 1 failed" in out
    assert "answer: expected True, got False" in out


def test_check_folder_needs_expectations(capsys, tmp_path):
    (tmp_path / "plain.yaml").write_text("objects: {}\n")
    code, _, err = run(capsys, "check", str(tmp_path))
    assert code == 2 and "no scenario with expect: entries found" in err


def test_cards(capsys):
    code, out, _ = run(capsys, "cards", "Phyrexian", "--json")
    assert code == 0
    card = json.loads(out)
    assert card["name"] == "Incubator // Phyrexian" and card["token"] is True
    assert card["abilities"] == [{"face": "front", "name": "transform", "effect": "transform(self)"}]
    code, _, err = run(capsys, "cards", "Nonexistent Card")
    assert code == 2 and err.startswith("rulecheck: unknown card 'Nonexistent Card'")


def test_schema_is_published_and_current(capsys):
    code, out, _ = run(capsys, "schema")
    assert code == 0
    published = json.loads((ROOT / "schema" / "scenario.schema.json").read_text())
    assert json.loads(out) == published == json_schema(), "run `make schema` to regenerate"


def test_seed_scenarios_satisfy_the_published_schema():
    jsonschema = pytest.importorskip("jsonschema")
    import yaml
    validator = jsonschema.Draft202012Validator(json_schema())
    paths = sorted((ROOT / "seeds" / "scenarios").rglob("*.yaml"))
    assert paths
    for path in paths:
        errors = [e.message for e in validator.iter_errors(yaml.safe_load(path.read_text()))]
        assert errors == [], path
    # and it rejects what the loader rejects
    assert list(validator.iter_errors({"objects": {"x": {"card": "White Knight", "colour": "red"}}}))
    assert list(validator.iter_errors({"timeline": [{"transfrom": "x"}]}))


def test_seeds_coverage(capsys):
    code, out, _ = run(capsys, "seeds", str(ROOT / "seeds"))
    assert code == 0
    total = out.strip().splitlines()[-1]
    assert total.startswith("covered ") and total.endswith("executable unique rulings (2 informational)")
    covered, executable = (int(x) for x in total.split()[1:4:2])
    # Exact: a seed scenario that stops passing, or a ruling that loses its scenario, changes it.
    assert (covered, executable) == (48, 48)


def test_questions_list(capsys):
    code, out, _ = run(capsys, "questions")
    assert code == 0 and out.startswith("can_transform OBJECT [at=N]\n")


@pytest.mark.parametrize("argv, message", [
    (["cards", "-.inf"], "rulecheck: cards: the following arguments are required: name (see 'rulecheck cards --help')"),
    (["ask", "x.yaml", "bear"], "rulecheck: unrecognized arguments: bear (see 'rulecheck --help')"),
    ([], "rulecheck: the following arguments are required: COMMAND (see 'rulecheck --help')"),
    (["ask", "x.yaml", "--time-limit"], "rulecheck: ask: argument --time-limit: expected one argument (see 'rulecheck ask --help')"),
])
def test_a_misused_command_line_is_one_line(argv, message, capsys):
    # argparse prints its usage and then the error; rulecheck says every mistake on one line
    # (found by tests/fuzz_input.py: a card named '-.inf' read as an option).
    with pytest.raises(SystemExit) as exit:
        main(argv)
    assert exit.value.code == 2
    out, err = capsys.readouterr()
    assert (out, err) == ("", message + "\n")
