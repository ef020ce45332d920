"""queries/catalogue.toml: a question's `example` command names a scenario file that exists."""

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
