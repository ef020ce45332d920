"""Shared helpers for the tests: build a scenario from YAML text, solve, compare shown atoms
(telingo's style: solve, collect the shown atoms as sorted strings, compare with a list)."""

from __future__ import annotations

import textwrap
from functools import lru_cache

from rulecheck.ask import answer, answer_all
from rulecheck.cards import CardPool
from rulecheck.document import parse_yaml
from rulecheck.facts import scenario_facts
from rulecheck.load import build_scenario
from rulecheck.question_text import parse_ask
from rulecheck.model import Scenario
from rulecheck import solve as _solve
from rulecheck.solve import programs_for

import points


@lru_cache(maxsize=1)
def pool() -> CardPool:
    return CardPool.builtin()


def scenario(text: str, file: str = "<test>") -> Scenario:
    return build_scenario(parse_yaml(textwrap.dedent(text), file), file, pool())


def check_program(program: str, means_points: str = "") -> None:
    """A test's program names timeline entries, not internal points (tests/points.py), unless
    the test says why it means points."""
    problems = [] if means_points else points.lint(program)
    assert not problems, ("the test's program names internal points where it means timeline "
                          "entries (bind end_of(T, P) and name T; tests/points.py): " + "; ".join(problems))


def solve(facts, programs, *, extra_program: str = "", means_points: str = "", **kw):
    """rulecheck.solve.solve, for tests: extra_program is checked by check_program first."""
    check_program(extra_program, means_points)
    return _solve.solve(facts, programs, extra_program=extra_program, **kw)


def shown(text: str, program: str, *, full_demand: bool = False, means_points: str = "",
          k: int | None = None) -> list[list[str]]:
    """The atoms `program` #shows, per answer set, sorted; with the rules and the scenario.
    means_points: why the program names internal points (check_program), for tests of them;
    k: another number of points per entry than logic/time.lp's (tests/test_points_in_tests.py)."""
    scn = scenario(text)
    constants = ({"full_demand": 1} if full_demand else {}) | ({"k": k} if k is not None else {})
    result = solve(scenario_facts(scn), programs_for(None), extra_program=program, means_points=means_points,
                   constants=constants or None)
    return sorted(sorted(str(s) for s in model) for model in result.models)


def shown1(text: str, program: str, **kw) -> list[str]:
    """Like shown, for programs with exactly one answer set."""
    models = shown(text, program, **kw)
    assert len(models) == 1, f"expected one answer set, got {len(models)}"
    return models[0]


def ask(text: str, question: str):
    """Answer a question given as on the command line ("can_transform miles at=2")."""
    scn = scenario(text)
    return answer(scn, parse_ask(question, scn))


def ask_all(text: str, questions: list[str]):
    """Answer several questions given as on the command line, in one run (they share its
    grounding; tests/test_demand.py checks a question alone gets the same answer)."""
    scn = scenario(text)
    return answer_all(scn, [parse_ask(q, scn) for q in questions])


# Makes every object's (and player's) state after each timeline entry computed, for tests that
# show values entry by entry (time.lp computes state only where something reads it).
EVERY_END = ("question_reads(T, X) :- entry(T), object(X).\n"
             "question_reads(T, player(Pl)) :- entry(T), player(Pl).\n")

# The state-based actions performed (sba.lp's performed(A, P)), named by the timeline entry they
# follow and the round of checks within it (1 .. k-1, 704.3), not by the internal point. (`#show.`:
# a show term alone, unlike `#show performed/2.`, would show every atom.)
PERFORMED = "#show. #show performed(A, T, R) : performed(A, P), T = P / k, R = P \\ k.\n"

# Names for every internal point, for tests that show the state at points within an entry: the
# event's own point, a round of state-based actions before the last (704.3), the state after it.
NAMED_POINTS = ("named_point(P, event(T)) :- point_of(T, P).\n"
                "named_point(P, round(T, R)) :- entry(T), R = 1..k-2, P = T*k+R.\n"
                "named_point(P, after(T)) :- end_of(T, P).\n")


# A main phase of alice's turn 3, for the card tests' scenarios (their objects and timeline follow).
MAIN_PHASE = 'rules: "2026-09-25"\nturn: {number: 3, active: alice, step: precombat_main}\n'


def pt_after_each_entry(text: str, obj: str, **kw) -> list[str]:
    """(entry, power, toughness) of obj after each timeline entry, in a main phase (MAIN_PHASE)."""
    program = EVERY_END + f'#show. #show (T, Pw, Tg) : power("{obj}", Pw, P), toughness("{obj}", Tg, P), end_of(T, P).'
    return shown1(MAIN_PHASE + text, program, **kw)


def invalid_in_main_phase(text: str) -> list[str]:
    """The mistakes the rules report (invalid/2) in the scenario, in a main phase (MAIN_PHASE)."""
    return shown1(MAIN_PHASE + text, "#show. #show invalid(W, T) : invalid(W, T).")
