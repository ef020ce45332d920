"""Shared helpers for the tests: build a scenario from YAML text, solve, compare shown atoms
(telingo's style: solve, collect the shown atoms as sorted strings, compare with a list)."""

from __future__ import annotations

import textwrap
from functools import lru_cache

from rulecheck.ask import answer
from rulecheck.cards import CardPool
from rulecheck.document import parse_yaml
from rulecheck.facts import scenario_facts
from rulecheck.scenario import Scenario, build_scenario, parse_ask
from rulecheck.solve import programs_for, solve


@lru_cache(maxsize=1)
def pool() -> CardPool:
    return CardPool.builtin()


def scenario(text: str, file: str = "<test>") -> Scenario:
    return build_scenario(parse_yaml(textwrap.dedent(text), file), file, pool())


def shown(text: str, program: str, *, full_demand: bool = False) -> list[list[str]]:
    """The atoms `program` #shows, per answer set, sorted; with the rules and the scenario."""
    scn = scenario(text)
    result = solve(scenario_facts(scn), programs_for(None), extra_program=program,
                   constants={"full_demand": 1} if full_demand else None)
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


# Makes every object's (and player's) state after each timeline entry computed, for tests that
# show values entry by entry (time.lp computes state only where something reads it).
EVERY_END = ("question_reads(T, X) :- entry(T), object(X).\n"
             "question_reads(T, player(Pl)) :- entry(T), player(Pl).\n")
