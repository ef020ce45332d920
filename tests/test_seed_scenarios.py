"""Every seed scenario's expectations hold: a broken seed ruling fails here, by name."""

from pathlib import Path

import pytest

from harness import pool
from rulecheck.ask import check_scenario
from rulecheck.scenario import load_scenario

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "seeds" / "scenarios").rglob("*.yaml"))


def test_there_are_seed_scenarios():
    assert len(SCENARIOS) >= 39


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: str(p.relative_to(ROOT)))
def test_seed_scenario_expectations_hold(path):
    scn = load_scenario(path, pool())
    results = check_scenario(scn)
    failed = [f"{r.expectation.question.label()}: {'; '.join(r.problems)}" for r in results if not r.passed]
    assert failed == []
