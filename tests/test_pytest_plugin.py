"""rulecheck's pytest plugin (bridge/pytest_plugin.py), run as another project runs it: pytest in
a folder of its own whose configuration names its scenario folder in rulecheck_scenarios."""

import json
import re
import shlex
from pathlib import Path

import pytest
import yaml

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parent.parent
REDUNDANT = (ROOT / "seeds" / "scenarios" / "haste" / "redundant.yaml").read_text(encoding="utf-8")

# The plugin comes in through its entry point, as it does for any project.
ARGS = ("-p", "no:cacheprovider")


def project(pytester, files):
    """A project whose scenarios are in rules/: `files` maps names under rules/ to their text."""
    pytester.makeini("[pytest]\nrulecheck_scenarios = rules\n")
    for name, text in files.items():
        path = pytester.path / "rules" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_a_passing_scenario_is_one_passed_item_per_expectation_named_by_its_question(pytester):
    as_json = json.dumps(yaml.safe_load(REDUNDANT), indent=1)
    project(pytester, {"redundant.yaml": REDUNDANT, "json/redundant.json": as_json})
    result = pytester.runpytest("-v", *ARGS)
    result.assert_outcomes(passed=6, warnings=0)
    names = ["characteristics goblin (after entry 0)", "can_attack goblin (after entry 0)",
             "can_attack other (after entry 0)"]
    result.stdout.fnmatch_lines([f"rules/json/redundant.json::{n} PASSED*" for n in names]
                                + [f"rules/redundant.yaml::{n} PASSED*" for n in names])


def test_a_failed_expectation_shows_the_question_its_line_and_expected_and_got_with_their_rules(pytester):
    wrong = REDUNDANT.replace('{ask: can_attack, object: goblin, answer: true, rules: ["508.1a", "702.10b"]}',
                              '{ask: can_attack, object: goblin, answer: true, rules: ["508.1a"]}')
    assert wrong != REDUNDANT
    project(pytester, {"redundant.yaml": wrong})
    result = pytester.runpytest(*ARGS)
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines([
        "*_ expect[[]1]: can_attack goblin (after entry 0) _*",
        "rules: expected ['508.1a'], got ['508.1a', '702.10b']",
        "  rules/redundant.yaml:14: expect[[]1]: can_attack goblin (after entry 0)",
        "  expected: true",
        "    rules: 508.1a",
        "  got:      true",
        "    rules: 508.1a, 702.10b",
        "    because: goblin came under its controller's control during turn 5; their most recent turn is turn 5",
        "    because: goblin has haste",
        "=*short test summary info*",
        "FAILED rules/redundant.yaml::can_attack goblin (after entry 0) - rules: expec*",
    ])
    assert "Traceback" not in result.stdout.str()


def test_an_expected_record_shows_the_fields_it_checks(pytester):
    wrong = REDUNDANT.replace("answer: {keywords: [haste, shroud]}", "answer: {keywords: [haste], power: 1}")
    assert wrong != REDUNDANT
    project(pytester, {"redundant.yaml": wrong})
    result = pytester.runpytest(*ARGS)
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines([
        "answer.keywords: expected ['haste'], got ['haste', 'shroud']",
        "  rules/redundant.yaml:13: expect[[]0]: characteristics goblin (after entry 0)",
        '  expected: {"keywords": ["haste"], "power": 1}',
        "    rules: 202.3, 613.1f",
        '  got:      {"keywords": ["haste", "shroud"], "power": 1}',
        "    rules: 202.3, 613.1f",
    ])


def test_a_malformed_scenario_is_a_collection_error_with_the_located_one_line_message(pytester):
    project(pytester, {
        "bad-zone.yaml": "objects:\n  miles: {card: Miles Morales, zone: hnd}\n"
                         "expect:\n  - {ask: can_transform, object: miles, answer: true}\n",
        "not-yaml.yaml": "expect: [\n  {ask: life, player: alice, answer: 20}\n",
        "good.yaml": REDUNDANT,
    })
    result = pytester.runpytest(*ARGS)
    assert result.ret == pytest.ExitCode.INTERRUPTED
    result.assert_outcomes(errors=2)
    result.stdout.fnmatch_lines([
        "*ERROR collecting rules/bad-zone.yaml*",
        "rulecheck: rules/bad-zone.yaml:2:38: objects.miles.zone: unknown value 'hnd' (did you mean 'hand'?); "
        "expected one of library, hand, battlefield, graveyard, stack, exile, command",
        "*ERROR collecting rules/not-yaml.yaml*",
        "rulecheck: rules/not-yaml.yaml:3:1: not valid YAML: expected ',' or ']', but got '<stream end>'",
    ])
    assert "Traceback" not in result.stdout.str()


def test_files_without_expect_and_files_outside_the_named_folders_are_not_collected(pytester):
    project(pytester, {
        "index.yaml": "rulings:\n  - {id: '000-01', scenarios: [redundant.yaml]}\n",
        "asks-only.yaml": "objects:\n  bears: {card: Grizzly Bears}\nquestions:\n  - {ask: can_attack, object: bears}\n",
        "list.yaml": "- expect: 1\n",
        "unparsed.yaml": "text: [\n",
        "data.json": '{"expected": [1, 2]}',
        "notes.txt": "expect: nothing\n",
    })
    (pytester.path / "elsewhere").mkdir()
    (pytester.path / "elsewhere" / "redundant.yaml").write_text(REDUNDANT, encoding="utf-8")
    result = pytester.runpytest(*ARGS)
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED
    result.assert_outcomes()
    # The same file is collected once its folder is named, on the command line too.
    result = pytester.runpytest("--rulecheck-scenarios", "elsewhere", *ARGS)
    result.assert_outcomes(passed=3)


def test_a_named_folder_that_does_not_exist_is_a_usage_error(pytester):
    pytester.makeini("[pytest]\nrulecheck_scenarios = rulez\n")
    result = pytester.runpytest(*ARGS)
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([f"ERROR: rulecheck_scenarios: {pytester.path / 'rulez'}: no such file or folder"])


def test_the_same_question_twice_gives_two_items(pytester):
    twice = REDUNDANT + '  - {ask: can_attack, object: other, answer: true}\n'
    project(pytester, {"redundant.yaml": twice})
    result = pytester.runpytest("--collect-only", "-q", *ARGS)
    result.stdout.fnmatch_lines([
        "rules/redundant.yaml::can_attack other (after entry 0)",
        "rules/redundant.yaml::can_attack other (after entry 0) #2",
    ])


def _session_line(line):
    """The last line of a run without its time (and the padding that depends on it)."""
    return re.sub(r"^=+ (.*) in [0-9.]+s =+$", r"== \1 ==", line)


def test_the_readme_examples_show_the_real_output(pytester, monkeypatch):
    """README, "Using rulecheck's scenarios in your test suite": its pyproject.toml, and the
    output of its commands on a copy of haste/redundant.yaml, then with `other`'s answer false."""
    from test_readme import blocks

    # pytest shortens the summary line to the terminal's width, except on a CI system (CI or
    # BUILD_NUMBER set), where it prints the whole message: the README shows an 80-column terminal.
    for variable in ("CI", "BUILD_NUMBER"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("COLUMNS", "80")

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Using rulecheck's scenarios in your test suite", 1)[1].split("\n## ", 1)[0]
    found = list(blocks(section))
    toml = [body for info, body in found if info == "toml"]
    runs = [body for info, body in found if info == "" and body.startswith("$ pytest")]
    assert len(toml) == 1 and len(runs) == 2
    pytester.makepyprojecttoml(toml[0])
    rules = pytester.path / "tests" / "rules"
    rules.mkdir(parents=True)
    flipped = REDUNDANT.replace("{ask: can_attack, object: other, answer: true,", "{ask: can_attack, object: other, answer: false,")
    assert flipped != REDUNDANT
    for scenario, block in zip((REDUNDANT, flipped), runs):
        (rules / "redundant.yaml").write_text(scenario, encoding="utf-8")
        command, _, expected = block.partition("\n")
        result = pytester.runpytest(*shlex.split(command)[2:], "-p", "no:cacheprovider")
        assert [_session_line(l) for l in result.outlines] == [_session_line(l) for l in expected.splitlines()]


def test_a_scenario_the_solver_cannot_answer_fails_its_items_with_the_one_line_message(pytester):
    # The solver's refusal (a time limit reached, no consistent state) is a UserError raised by
    # check_scenario; planted here, as no small scenario reaches it.
    pytester.makeconftest('''
        import rulecheck.ask
        from rulecheck.solve import SolveError

        real = rulecheck.ask.check_scenario

        def refuse(scn, **kwargs):
            with open("calls", "a") as calls:
                calls.write(scn.path + "\\n")
            raise SolveError(scn.path, None, "no answer within 20 s (the time limit; --time-limit to change it)")

        def pytest_configure(config):
            rulecheck.ask.check_scenario = refuse

        def pytest_unconfigure(config):
            rulecheck.ask.check_scenario = real
    ''')
    project(pytester, {"redundant.yaml": REDUNDANT})
    result = pytester.runpytest(*ARGS)
    result.assert_outcomes(failed=3)
    message = "rulecheck: rules/redundant.yaml: no answer within 20 s (the time limit; --time-limit to change it)"
    result.stdout.fnmatch_lines(["*_ expect[[]0]: characteristics goblin (after entry 0) _*", message,
                                 "*_ expect[[]1]: can_attack goblin (after entry 0) _*", message,
                                 "*_ expect[[]2]: can_attack other (after entry 0) _*", message])
    assert "Traceback" not in result.stdout.str()
    assert (pytester.path / "calls").read_text() == "rules/redundant.yaml\n"     # once for the three items
