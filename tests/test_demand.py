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


# Every scenario that asks something: the seeds, and the documentation's examples.
ASKING = SCENARIOS + sorted(p for p in (ROOT / "docs").rglob("*.yaml")
                            if any(line.startswith(("expect:", "questions:"))
                                   for line in p.read_text(encoding="utf-8").splitlines()))


@pytest.mark.parametrize("path", ASKING, ids=lambda p: str(p.relative_to(ROOT)))
def test_each_question_declares_the_logic_it_needs(path, monkeypatch):
    # A logic file marked `%! on-demand` is loaded only when a question asked (its catalogue
    # `logic`) or an event of the timeline (its verb's `logic=`) names it (bridge/solve.py). Each
    # question is answered in a run with only the questions that declare the same files (so none
    # borrows another's declaration), and must get the answer a run with every file loaded gives.
    import rulecheck.ask as ask_module
    from rulecheck.catalogue import catalogue
    from rulecheck.solve import programs_for
    scn = load_scenario(path, pool())
    questions = [e.question for e in scn.expectations] + list(scn.questions)
    by_logic: dict[tuple[str, ...], list[int]] = {}
    for i, q in enumerate(questions):
        by_logic.setdefault(catalogue()[q.ask].logic, []).append(i)
    declared = {}
    for group in by_logic.values():
        declared.update(zip(group, ask_module.answer_all(scn, [questions[i] for i in group])))
    monkeypatch.setattr(ask_module, "programs_for", lambda programs, logic=None: programs_for(programs))
    everything = ask_module.answer_all(scn, questions)
    for i, q in enumerate(questions):
        assert _outcomes(declared[i]) == _outcomes(everything[i]), q.label()
