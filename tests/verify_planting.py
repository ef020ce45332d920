"""Planting a mistake in a copy of logic/ for the verify tests (tests/test_verify.py and
tests/test_verify_planted.py): a fixture that points the engine at the copy, and a sweep that must
find a counterexample rulecheck ask loads."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rulecheck import resources, solve, verify as v
from rulecheck.ask import answer_all
from rulecheck.cards import CardPool
from rulecheck.load import load_scenario

BOUND = v.Bound(2, 3)


def _clear_caches() -> None:
    resources._find.cache_clear()
    resources.logic_files.cache_clear()
    resources.on_demand.cache_clear()
    solve.clear_caches()
    v._statements.cache_clear()


@pytest.fixture
def planted_logic(tmp_path, monkeypatch):
    """A function that points the engine at a copy of logic/ with one rule replaced."""
    def plant(file: str, real: str, planted: str) -> Path:
        copy = tmp_path / "logic"
        shutil.copytree(resources.logic_dir(), copy)
        path = copy / file
        text = path.read_text(encoding="utf-8")
        assert text.count(real) == 1, f"logic/{file} no longer has the rule this test plants a mistake in"
        path.write_text(text.replace(real, planted), encoding="utf-8")
        monkeypatch.setenv("RULECHECK_CACHE", str(tmp_path / "cache"))
        _clear_caches()
        monkeypatch.setenv("RULECHECK_LOGIC_DIR", str(copy))
        assert resources.logic_dir() == copy
        return copy
    yield plant
    monkeypatch.delenv("RULECHECK_LOGIC_DIR", raising=False)
    _clear_caches()


# The gap verify found in the rules before logic/turns.lp refused a step out of order (500.1,
# 506.1): planted back by removing the rule.
REAL_STEP_ORDER = ("invalid(step_out_of_order(S2, S1, Rule), T) :- step_after(T, S1, S2), not step_added(S1, S2), "
                   "step_order_rule(S1, S2, Rule).")
PLANTED_STEP_ORDER = "% (removed: a step out of order is no longer invalid)"


# Planted mistakes the seed rulings' properties find, each in the rule the property rests on; the
# unaltered rules hold (test_each_property_holds_within_the_bound). Each counterexample is loaded
# and answered as `rulecheck ask` does.
def _planted_counterexample(planted_logic, tmp_path, file, real, planted, name, bound=BOUND):
    planted_logic(file, real, planted)
    outcome = v.verify(v.select([name])[0], bound, out_dir=tmp_path / "out", time_limit=120)
    assert outcome.result == "counterexample", outcome
    scn = load_scenario(outcome.file, CardPool.builtin())
    [got] = answer_all(scn, list(scn.questions))
    assert got.invalid == []
    return outcome, got.single
