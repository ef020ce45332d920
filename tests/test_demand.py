"""Relevance (docs/adr/0001): an object's state is computed only at its relevant points. With
full_demand=1 every object's state is computed at every point; the answers must not change.
A rule that reads some state without asking for it shows up here as a difference."""

from pathlib import Path

import pytest

import fuzz_scenarios as fz
from harness import pool
from rulecheck.ask import answer, answer_all
from rulecheck.load import load_scenario

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "seeds" / "scenarios").rglob("*.yaml"))


def _outcomes(ans):
    return sorted((repr(o.value), tuple(o.rules), tuple(o.because)) for o in ans.outcomes), ans.invalid


# Every scenario that asks something: the seeds, and the documentation's examples.
ASKING = SCENARIOS + sorted(p for p in (ROOT / "docs").rglob("*.yaml")
                            if any(line.startswith(("expect:", "questions:"))
                                   for line in p.read_text(encoding="utf-8").splitlines()))


def _reference(scn, questions, **constants):
    """The questions answered together with every logic file loaded (none on demand: the fuzz
    strategy's every_logic_file), and with `constants` (full_demand=1: every object relevant at
    every point)."""
    with fz.every_logic_file():
        return answer_all(scn, questions, constants=constants or None)


@pytest.mark.parametrize("path", ASKING, ids=lambda p: str(p.relative_to(ROOT)))
def test_demand_and_declared_logic_do_not_change_answers(path):
    # Two economies, checked at once against one reference: the questions answered together with
    # every object relevant at every point (full_demand=1, docs/adr/0001) and every logic file
    # loaded. (1) Relevance: a rule that reads some state without asking for it. (2) A logic file
    # marked `%! on-demand` is loaded only when a question asked (its catalogue `logic`) or an
    # event of the timeline (its verb's `logic=`) names it (bridge/solve.py): a question that needs
    # a file it doesn't declare. A seed scenario's questions are each answered in a run of their
    # own (what `rulecheck ask --ask Q` does: the fewest relevant points and only the question's
    # own logic); a documentation example's, in one run per set of declared files (so none
    # borrows another's declaration). A difference is then told apart, economy by economy.
    # (One reference run where two took 101 + 93 s of CPU for the whole suite before.)
    from rulecheck.catalogue import catalogue
    scn = load_scenario(path, pool())
    questions = [e.question for e in scn.expectations] + list(scn.questions)
    assert questions, "a scenario that asks something"
    if path in SCENARIOS:
        economical = {i: answer(scn, q) for i, q in enumerate(questions)}
    else:
        by_logic: dict[tuple[str, ...], list[int]] = {}
        for i, q in enumerate(questions):
            by_logic.setdefault(catalogue()[q.ask].logic, []).append(i)
        economical = {}
        for group in by_logic.values():
            economical.update(zip(group, answer_all(scn, [questions[i] for i in group])))
    # (3) The order of effects (613.8b) as facts on a new grounding each round, not as external
    # atoms of one grounding (order_externals_up_to=0, logic/dependency.lp): performance only.
    reference = _reference(scn, questions, full_demand=1, order_externals_up_to=0)
    differ = [i for i, q in enumerate(questions) if _outcomes(economical[i]) != _outcomes(reference[i])]
    if differ:
        everywhere = answer_all(scn, questions, constants={"full_demand": 1})
        every_file = _reference(scn, questions)
        as_facts = answer_all(scn, questions, constants={"order_externals_up_to": 0})
        for i in differ:
            q = questions[i]
            assert _outcomes(economical[i]) == _outcomes(everywhere[i]), f"{q.label()}: relevance (full_demand=1 differs)"
            assert _outcomes(economical[i]) == _outcomes(every_file[i]), f"{q.label()}: a logic file not declared (every file differs)"
            assert _outcomes(economical[i]) == _outcomes(as_facts[i]), f"{q.label()}: the order as facts differs"
            assert _outcomes(economical[i]) == _outcomes(reference[i]), f"{q.label()}: full_demand=1 with every file differs"
