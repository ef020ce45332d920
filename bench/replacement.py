"""Replacement benchmark: damage_outcomes for one damage event with N applicable effects.

    python bench/replacement.py                # N = 2..8; 3 runs each, best time
    python bench/replacement.py 6 7            # other sizes
    python bench/replacement.py --runs 5

Each scenario is generated in memory and goes through the bridge in-process
(rulecheck.load.build_scenario, rulecheck.ask.answer), as a question from the command line
would. Bob casts ceil(N/2) Mending Hands on himself (shields of 4, 615.7), floor(N/2) Furnace of
Rath are on the battlefield (doublings, 701.10g), then a goblin would deal 3 damage to bob: N
effects apply, bob may order them in N! ways (616.1e, 616.1f), and the answer gives every
distinct outcome with the choices that lead to it (logic/replacement.lp: one answer set per
sequence of choices, projected on the answers; then, per outcome, the choices its answer sets
share).

Prints, for each N: the orders (N!), the distinct outcomes, the time to answer (build the facts,
ground, solve, decode, including each outcome's choices), best wall and CPU time, and whether the
target (at most 1 s for N = 6, 720 orders) is met, in CPU time (the wall time on the shared
machine mostly measures its load). One run, load average 9 to 10, CPU (docs/adr/0009):

    effects       2      3      4      5      6      7      8
    before    0.115  0.113  0.122  0.143  0.220  0.459  3.501 s
    after     0.124  0.118  0.124  0.137  0.203  0.348  1.311 s

(wall after: 0.45 s at 6 effects, 4.8 s at 8). "Before" is the commit before the search decided
the order of effects first.
"""

from __future__ import annotations

import json

import checkout  # noqa: E402,F401  (rulecheck, installed or from this checkout)
import orders  # noqa: E402
from timing import best_cpu_of  # noqa: E402

from rulecheck.ask import answer  # noqa: E402
from rulecheck.cards import CardPool  # noqa: E402
from rulecheck.document import parse_json  # noqa: E402
from rulecheck.load import build_scenario  # noqa: E402
from rulecheck.question_text import parse_ask  # noqa: E402

TARGET_N, TARGET_SECONDS = 6, 1.0


def scenario_text(n: int) -> tuple[str, int]:
    """The scenario, and the entry of its damage event."""
    shields, doublers = (n + 1) // 2, n // 2
    objects: dict[str, dict] = {f"furnace{i}": {"card": "Furnace of Rath"} for i in range(doublers)}
    objects |= {f"hands{i}": {"card": "Mending Hands", "owner": "bob", "zone": "hand"} for i in range(shields)}
    objects["goblin"] = {"card": "Raging Goblin"}
    timeline: list[dict] = []
    for i in range(shields):
        timeline += [{"cast": f"hands{i}"}, {"resolve": f"hands{i}", "targets": ["bob"]}]
    timeline.append({"damage": 3, "source": "goblin", "target": "bob"})
    doc = {"rules": "2026-09-25", "turn": {"number": 3, "active": "alice", "step": "precombat_main"},
           "objects": objects, "timeline": timeline}
    return json.dumps(doc), len(timeline)


def run(n: int, runs: int, pool: CardPool) -> tuple[float, int]:
    text, entry = scenario_text(n)

    def once():
        scn = build_scenario(parse_json(text, "<bench>"), "<bench>", pool)
        got = answer(scn, parse_ask(f"damage_outcomes {entry}", scn))
        if got.invalid or not got.outcomes or any(not o.value["dealt"] for o in got.outcomes):
            raise SystemExit(f"N = {n}: unexpected answer {got.to_json()}")
        return got
    wall, cpu, got = best_cpu_of(runs, once)
    return wall, cpu, len(got.outcomes)


if __name__ == "__main__":
    orders.main(__doc__, run, [2, 3, 4, 5, 6, 7, 8], TARGET_N, TARGET_SECONDS)
