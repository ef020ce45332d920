"""Run clingo: the rules (logic/), one question's program (queries/), and the facts.

A fresh Control per question (DESIGN.md: ~0.15 ms to make one; a question's answer never
leaks into the next). Facts go in through the backend as symbols before grounding, which
clingo treats as facts. Solving has a time limit; grounding cannot be interrupted, so the
input size is what bounds it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

import clingo
import clingo.ast

from .errors import UserError
from .resources import logic_files, on_demand, queries_dir

DEFAULT_TIME_LIMIT = 20.0


class SolveError(UserError):
    """The solver could not answer (time limit, or a scenario the rules find contradictory)."""


@dataclass
class Result:
    models: list[list[clingo.Symbol]]       # the shown atoms of each answer set
    messages: list[str] = field(default_factory=list)


def programs_for(question_program: str | None, *, question: str | None = None,
                 events: Iterable[str] | None = None) -> tuple[Path, ...]:
    """The rules and a question's program. A logic file whose header says `%! on-demand:`
    (logic/names.lp, ...) is loaded only for the questions and event verbs it names: every
    rule costs grounding time in every question (bench/run.py). Without a question (tests
    that show atoms of their own) every logic file is loaded."""
    if question_program is None:
        paths = list(logic_files())
    else:
        verbs = set(events or ())
        paths = [p for p in logic_files() if _wanted(on_demand(p), question, verbs)]
        paths.append(queries_dir() / question_program)
        paths.append(queries_dir() / "common.lp")
    return tuple(paths)


def _wanted(demand: tuple[frozenset[str], frozenset[str]] | None, question: str | None, verbs: set[str]) -> bool:
    if demand is None:
        return True
    questions, event_verbs = demand
    return question in questions or bool(event_verbs & verbs)


_PARSED: dict[Path, tuple[float, list]] = {}


def _parsed(path: Path) -> list:
    """The statements of a program file, parsed once per process (and again if it changed):
    parsing the rules anew for every question cost about half as much as grounding them."""
    mtime = path.stat().st_mtime
    cached = _PARSED.get(path)
    if cached is None or cached[0] != mtime:
        statements: list = []
        clingo.ast.parse_files([str(path)], statements.append)
        cached = _PARSED[path] = (mtime, statements)
    return cached[1]


def solve(facts: Iterable[clingo.Symbol], programs: tuple[Path, ...], *,
          time_limit: float = DEFAULT_TIME_LIMIT, constants: dict[str, int] | None = None,
          origin: str | None = None, extra_program: str = "") -> Result:
    """extra_program: ASP text of our own (tests add #show statements); never user text."""
    messages: list[str] = []

    def logger(code: clingo.MessageCode, message: str) -> None:
        messages.append(message.strip())

    args = ["--models=0", "--project=show", "--warn=none"]
    for name, value in (constants or {}).items():
        args.append(f"--const={name}={int(value)}")
    ctl = clingo.Control(args, logger=logger, message_limit=50)
    with clingo.ast.ProgramBuilder(ctl) as builder:
        for path in programs:
            for statement in _parsed(path):
                builder.add(statement)
    if extra_program:
        ctl.add("base", [], extra_program)
    with ctl.backend() as backend:
        for symbol in facts:
            backend.add_rule([backend.add_atom(symbol)])
    ctl.ground([("base", [])])

    models: list[list[clingo.Symbol]] = []

    def on_model(model: clingo.Model) -> None:
        models.append(sorted(model.symbols(shown=True)))

    with ctl.solve(on_model=on_model, async_=True) as handle:
        if not handle.wait(time_limit):
            handle.cancel()
            raise SolveError(origin, None, f"no answer within {time_limit:g} s (the time limit; --time-limit to change it)")
        result = handle.get()
    if result.unsatisfiable:
        raise SolveError(origin, None, "the rules found no consistent state for this scenario "
                         "(an internal contradiction: please report it with the scenario)")
    return Result(models=models, messages=messages)
