"""Relevance (docs/adr/0001): an object's state is computed only at its relevant points. With
full_demand=1 every object's state is computed at every point; the answers must not change.
A rule that reads some state without asking for it shows up here as a difference."""

from pathlib import Path

import pytest

from harness import pool
from rulecheck.ask import answer, answer_all
from rulecheck.load import load_scenario

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "seeds" / "scenarios").rglob("*.yaml"))


def _outcomes(ans):
    return sorted((repr(o.value), tuple(o.rules), tuple(o.because)) for o in ans.outcomes), ans.invalid


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: str(p.relative_to(ROOT)))
def test_demand_does_not_change_answers(path):
    scn = load_scenario(path, pool())
    questions = [e.question for e in scn.expectations] + list(scn.questions)
    assert questions, "a seed scenario asks something"
    # Each question in a run of its own (what the relevance declarations must get right alone),
    # against the answers with every object relevant at every point, all in one run as
    # tests/fuzz_scenarios.py gets them (its full_demand mode): every point is relevant there
    # whatever else is asked. (A full_demand run per question took as long as the sparse runs
    # together: 23.4 s of CPU for 8 seed scenarios this way, 12.4 s in one run.)
    full = answer_all(scn, questions, constants={"full_demand": 1})
    for q, everywhere in zip(questions, full, strict=True):
        sparse = answer(scn, q)
        assert _outcomes(sparse) == _outcomes(everywhere), q.label()


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: str(p.relative_to(ROOT)))
def test_loading_logic_on_demand_does_not_change_answers(path, monkeypatch):
    # Logic files whose header says `%! on-demand: ...` load only for some questions and
    # events (bridge/solve.py). Loading every file must give the same answers: a file a
    # scenario needs but its header doesn't name shows up here.
    import rulecheck.ask as ask_module
    from rulecheck.solve import programs_for
    scn = load_scenario(path, pool())
    questions = [e.question for e in scn.expectations] + list(scn.questions)
    on_demand = ask_module.answer_all(scn, questions)
    monkeypatch.setattr(ask_module, "programs_for",
                        lambda programs, questions=None, events=None: programs_for(programs))
    everything = ask_module.answer_all(scn, questions)
    for q, a, b in zip(questions, on_demand, everything):
        assert _outcomes(a) == _outcomes(b), q.label()
