"""Answering questions about a scenario, and checking a scenario's expectations."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Iterable

from clingo import Symbol

from .catalogue import catalogue
from .decode import Answer, decode, rule_key
from .errors import UserError
from .events import VERBS
from .facts import question_facts, scenario_facts
from .model import Expectation, Question, Scenario
from .layering import settle
from .solve import DEFAULT_TIME_LIMIT, Grounding, programs_for, solve


def answer(scn: Scenario, question: Question, *, facts=None, time_limit: float = DEFAULT_TIME_LIMIT,
           constants: dict[str, int] | None = None) -> Answer:
    """One question, in a run of its own."""
    return answer_all(scn, [question], facts=facts, time_limit=time_limit, constants=constants)[0]


def answer_all(scn: Scenario, questions: list[Question], *, facts=None, time_limit: float = DEFAULT_TIME_LIMIT,
               constants: dict[str, int] | None = None) -> list[Answer]:
    """Questions about one scenario, answered in one run: they share its grounding. A question
    that says what would come next (damage_steps predicts the combat damage steps still to
    come, catalogue: looks_ahead) sees the timeline only up to its `at`: what comes later in
    the file hasn't happened yet from where it is asked. Asked before the end, it has a run of
    its own on the timeline cut there."""
    if not questions:
        return []
    answers: dict[int, Answer] = {}
    shared = []
    for i, q in enumerate(questions):
        if catalogue()[q.ask].looks_ahead and q.at < len(scn.timeline):
            cut = replace(scn, timeline=scn.timeline[:q.at])
            answers[i] = _run(cut, [q], None, time_limit, constants)[0]
        else:
            shared.append(i)
    if shared:
        for i, a in zip(shared, _run(scn, [questions[i] for i in shared], facts, time_limit, constants)):
            answers[i] = a
    return [answers[i] for i in range(len(questions))]


@dataclass
class Program:
    """What a run of questions gave clingo: the rule files and every fact (`rulecheck facts`)."""
    files: tuple[Path, ...]
    facts: list[Symbol]
    answers: list[Answer]
    models: list[list[Symbol]]      # each distinct answer's shown atoms, less those the bridge orders effects by


def program_of(scn: Scenario, questions: list[Question], *, time_limit: float = DEFAULT_TIME_LIMIT) -> Program:
    """The program that answers questions about a scenario, as answer_all runs it (the last
    solve, when the order of effects took more than one). Questions that need a run of their
    own (answer_all) are refused: one program answers them all or none."""
    cuts = {q.at if catalogue()[q.ask].looks_ahead and q.at < len(scn.timeline) else None for q in questions}
    if len(cuts) > 1:
        raise UserError(scn.path, None, "these questions need runs of their own (a question that says what comes "
                                        "next sees the timeline up to its at=): ask them one at a time")
    cut = cuts.pop()
    if cut is not None:
        scn = replace(scn, timeline=scn.timeline[:cut])
    record: list = []
    answers = _run(scn, questions, None, time_limit, None, record)
    result, files = record[-1]
    return Program(files=files, facts=result.facts, answers=answers, models=result.models)


def _run(scn: Scenario, questions: list[Question], facts, time_limit: float,
         constants: dict[str, int] | None, record: list | None = None) -> list[Answer]:
    facts = scenario_facts(scn) if facts is None else facts
    programs = programs_for((catalogue()[q.ask].program for q in questions),
                            logic=needed_logic(scn, (q.ask for q in questions)))
    question_symbols = [s for q in questions for s in question_facts(q)]
    results = []

    grounding: list[Grounding] = []

    def solve_with(positions):
        # The order of effects goes in as external atoms of the first grounding (dependency.lp);
        # one the grounder did not foresee would be a bug there: ground again with it as facts.
        if not grounding:
            grounding.append(Grounding(list(facts) + question_symbols, programs, time_limit=time_limit,
                                       origin=scn.path, constants=constants))
        if grounding[0].has_externals(positions):
            results.append(grounding[0].solve(positions))
        else:
            results.append(solve(list(facts) + question_symbols + positions, programs, time_limit=time_limit,
                                 origin=scn.path, constants=constants))
        return results[-1].models

    # The order of effects that depend on each other (613.8) comes from networkx between solves.
    models = settle(solve_with, scn.path)
    result = results[-1]
    result.models = models
    if record is not None:
        record.append((result, programs))
    names = {o: state.card.name for o, state in scn.objects.items() if state.card is not None}
    return [decode(q, result.models, result.choices, scn.timeline, names) for q in questions]


def needed_logic(scn: Scenario, asks: Iterable[str]) -> set[str]:
    """The on-demand logic files (`%! on-demand`) a run needs: those the questions asked name
    (queries/catalogue.toml `logic`) and those the timeline's event verbs name (bridge/events.py)."""
    return ({name for ask in asks for name in catalogue()[ask].logic}
            | {name for e in scn.timeline for name in VERBS[e.verb].logic_for(e.args)})


@dataclass
class CheckResult:
    expectation: Expectation
    answer: Answer
    problems: list[str]

    @property
    def passed(self) -> bool:
        return not self.problems


def check_expectation(exp: Expectation, got: Answer) -> list[str]:
    """What differs between an expectation and the answer (empty: it passed)."""
    problems: list[str] = []
    if got.invalid:
        problems.append("the rules found the scenario invalid: " + "; ".join(got.invalid))
    if exp.outcomes is not None:
        want = _outcome_set(exp.outcomes)
        have = _outcome_set([{"answer": o.value, "rules": o.rules} for o in got.outcomes])
        if want is None:
            problems.append("outcomes: must be a list of {answer:, rules:}")
        elif want != have:
            problems.append(f"outcomes: expected {sorted(want)}, got {sorted(have)}")
        return problems
    if got.single is None:
        values = [o.value for o in got.outcomes]
        problems.append(f"the answer depends on a player's choice ({len(values)} outcomes: {values}); "
                        "expect outcomes: instead of answer:")
        return problems
    outcome = got.single
    problems.extend(_compare(exp.answer, outcome.value, "answer"))
    if exp.rules is not None and sorted(exp.rules, key=rule_key) != outcome.rules:
        problems.append(f"rules: expected {sorted(exp.rules, key=rule_key)}, got {outcome.rules}")
    return problems


def _outcome_set(items: Any) -> frozenset | None:
    if not isinstance(items, list):
        return None
    out = set()
    for item in items:
        if not isinstance(item, dict) or "answer" not in item:
            return None
        out.add((repr(_normal(item["answer"])), tuple(sorted(item.get("rules") or [], key=rule_key))))
    return frozenset(out)


def _normal(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _normal(v) for k, v in sorted(value.items())}
    if isinstance(value, list):
        return [_normal(v) for v in value]
    return value


def _compare(want: Any, have: Any, path: str) -> list[str]:
    """An expected record names the fields it checks; each field must match exactly."""
    if isinstance(want, dict) and isinstance(have, dict):
        problems = []
        for key, value in want.items():
            if key not in have:
                problems.append(f"{path}.{key}: expected {value!r}, got nothing")
            else:
                problems.extend(_compare(value, have[key], f"{path}.{key}"))
        return problems
    if want != have:
        return [f"{path}: expected {want!r}, got {have!r}"]
    return []


def check_scenario(scn: Scenario, *, time_limit: float = DEFAULT_TIME_LIMIT) -> list[CheckResult]:
    answers = answer_all(scn, [e.question for e in scn.expectations], time_limit=time_limit)
    return [CheckResult(exp, got, check_expectation(exp, got)) for exp, got in zip(scn.expectations, answers)]
