"""queries/catalogue.toml: a question's `example` command names a scenario file that exists, and
`rulecheck questions` shows it."""

import shlex
from pathlib import Path

from rulecheck.catalogue import catalogue

ROOT = Path(__file__).resolve().parent.parent


def test_every_example_names_a_scenario_that_exists():
    examples = {name: q.example for name, q in catalogue().items() if q.example}
    assert len(examples) >= 15
    for name, example in examples.items():
        words = shlex.split(example)
        assert words[:2] == ["rulecheck", "ask"], name
        assert (ROOT / words[2]).is_file(), f"{name}: {words[2]}"


def test_rulecheck_questions_shows_each_example(capsys):
    from rulecheck.cli import main
    assert main(["questions"]) == 0
    out = capsys.readouterr().out
    shown = [line.removeprefix("    example: ") for line in out.splitlines() if line.startswith("    example: ")]
    assert shown == [q.example for q in catalogue().values() if q.example]
