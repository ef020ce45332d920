"""Event replacement benchmark: event_outcomes for counters put on one creature with N applicable
effects.

    python bench/event_replacement.py            # N = 2..7; 3 runs each, best time
    python bench/event_replacement.py 6 7        # other sizes
    python bench/event_replacement.py --runs 5

Each scenario is generated in memory and goes through the bridge in-process
(rulecheck.load.build_scenario, rulecheck.ask.answer), as a question from the command line
would. Alice controls ceil(N/2) Hardened Scales ("that many plus one") and floor(N/2) doublers
(Doubling Season and Corpsejack Menace in turn, "twice that many"), then 3 +1/+1 counters would be
put on her Grizzly Bears: N effects apply, she may order them in N! ways (616.1e, 616.1f), and
the answer gives every distinct number put with the choices that lead to it
(logic/event_replacement.lp: one answer set per sequence of choices, projected on the answers).

Prints, for each N: the orders (N!), the distinct outcomes, and the time to answer (build the
facts, ground, solve, decode, including each outcome's choices), best wall and CPU time. The
damage benchmark's target (at most 1 s for 6 effects, bench/replacement.py) is shown for
comparison, in CPU time. One run on the 2-core machine shared with other work (load average 9),
CPU: 2 to 8 effects 0.121, 0.116, 0.125, 0.131, 0.214, 0.484, 2.311 s (wall 0.35 to 7.1 s).
Before the search decided the order of effects first (docs/adr/0009), the same run: 6 effects
0.279 s, 7 effects 1.453 s, and 8 effects went past the 20 s time limit.
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


def scenario_text(n: int) -> str:
    scales, doublers = (n + 1) // 2, n // 2
    objects: dict[str, dict] = {f"scales{i}": {"card": "Hardened Scales"} for i in range(scales)}
    objects |= {f"doubler{i}": {"card": ("Doubling Season", "Corpsejack Menace")[i % 2]} for i in range(doublers)}
    objects["bears"] = {"card": "Grizzly Bears"}
    doc = {"rules": "2026-09-25", "objects": objects, "timeline": [{"counters": "bears", "add": {"+1/+1": 3}}]}
    return json.dumps(doc)


def run(n: int, runs: int, pool: CardPool) -> tuple[float, int]:
    text = scenario_text(n)

    def once():
        scn = build_scenario(parse_json(text, "<bench>"), "<bench>", pool)
        got = answer(scn, parse_ask("event_outcomes 1", scn))
        if got.invalid or not got.outcomes or any(not o.value["counters"] for o in got.outcomes):
            raise SystemExit(f"N = {n}: unexpected answer {got.to_json()}")
        return got
    wall, cpu, got = best_cpu_of(runs, once)
    return wall, cpu, len(got.outcomes)


if __name__ == "__main__":
    orders.main(__doc__, run, [2, 3, 4, 5, 6, 7, 8], TARGET_N, TARGET_SECONDS)
