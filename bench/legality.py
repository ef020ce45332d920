"""Legality benchmark: legal_blocks (every potential blocker against every attacker) for N
attackers and N potential blockers.

    python bench/legality.py               # N = 20, 50, 100, 200; 3 runs each, best time
    python bench/legality.py 50 400        # other sizes
    python bench/legality.py --runs 5

Each scenario is generated in memory and goes through the bridge in-process
(rulecheck.load.build_scenario, rulecheck.ask.answer), as a question from the command line
would. Alice attacks with N creatures (flying, menace, skulk, protection from black, none) that
she declares at once; bob has N untapped creatures (reach, black, power 1 and 2, one enchanted
by Pacifism). `legal_blocks` checks every pair (N x N) for the single-block restrictions
(509.1a, 509.1b, 702.9b, 702.16f, 702.118b) and menace (702.111b).

Prints, for each N: the pairs listed, the time to answer (build the facts, ground, solve,
decode: wall time, best of the runs), the CPU time of that process (best of the runs: on a
shared machine the wall time measures the machine), split into clingo's grounding (both
stages), clingo's solving (with clasp's preprocessing of the ground program) and the rest
(Python: the facts, reading the models, decoding), the ratio to the previous N's CPU time, and
whether the target (at most 1 s of CPU for N = 200) is met. The answer is checked against a
count computed here from the cards' keywords.

    PYTHONPATH=DIR python bench/legality.py 200   # another checkout's rulecheck (DIR/rulecheck
                                                   # a link to its bridge/): before and after
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter

import checkout  # noqa: E402,F401  (rulecheck, installed or from this checkout)
import pathlib  # noqa: E402

import rulecheck  # noqa: E402
from timing import best_of  # noqa: E402

import clingo  # noqa: E402
from rulecheck.ask import answer  # noqa: E402
from rulecheck.cards import CardPool  # noqa: E402
from rulecheck.document import parse_json  # noqa: E402
from rulecheck.load import build_scenario  # noqa: E402
from rulecheck.question_text import parse_ask  # noqa: E402

TARGET_N, TARGET_SECONDS = 200, 1.0
# Serra Angel (flying), Tergrid (menace, legendary: one only), Persistent Nightmare (skulk,
# power 1), White Knight (protection from black), Grizzly Bears.
ATTACKERS = ("Serra Angel", "White Knight", "Grizzly Bears", "Startled Awake // Persistent Nightmare")
# Vampire Nighthawk (black, flying, power 2), Grizzly Bears (power 2), Raging Goblin (power 1).
BLOCKERS = ("Vampire Nighthawk", "Grizzly Bears", "Raging Goblin", "Grizzly Bears")


def scenario_text(n: int) -> str:
    objects: dict[str, dict] = {}
    for i in range(n):
        card = ATTACKERS[i % 4]
        objects[f"a{i}"] = {"card": card, **({"face": "back"} if "Nightmare" in card else {})}
        objects[f"b{i}"] = {"card": BLOCKERS[i % 4], "owner": "bob"}
    objects["tergrid"] = {"card": "Tergrid, God of Fright"}
    objects["paci"] = {"card": "Pacifism", "attached_to": "b1"}
    timeline = [{"declare_attackers": {**{f"a{i}": "bob" for i in range(n)}, "tergrid": "bob"}},
                {"begin": "declare_blockers"}]
    return json.dumps({"rules": "2026-09-25", "players": ["alice", "bob"],
                       "turn": {"number": 5, "active": "alice", "step": "declare_attackers"},
                       "objects": objects, "timeline": timeline})


def expected_pairs(n: int) -> int:
    """The pairs legal_blocks must list, from the cards: the Nighthawk (black, flying, power 2)
    blocks the Angel and the Bears, not White Knight (protection from black) nor the Nightmare
    (skulk, power 1); the Bears (power 2, ground) the ground attackers but the Nightmare (skulk,
    power 1); the Goblin (power 1) every ground attacker; b1 (Pacifism) nothing. Tergrid
    (menace) may be blocked by every unrestricted blocker, there being more than one."""
    kinds = [i % 4 for i in range(n)]
    attackers = {k: kinds.count(k) for k in range(4)}         # serra, knight, bears, nightmare
    allowed = {0: {0, 2}, 1: {1, 2}, 2: {1, 2, 3}, 3: {1, 2}}   # blocker kind -> attacker kinds
    total = 0
    for i in range(n):
        if i == 1:
            continue
        total += sum(attackers[k] for k in allowed[i % 4]) + 1   # + Tergrid
    return total


# CPU time spent in clingo's grounding and solving, by the calls this process makes.
PHASES: Counter = Counter()


def _timed(method: str, phase: str) -> None:
    inner = getattr(clingo.Control, method)

    def timed(self, *args, **kwargs):
        start = time.process_time()
        try:
            return inner(self, *args, **kwargs)
        finally:
            PHASES[phase] += time.process_time() - start
    setattr(clingo.Control, method, timed)


_timed("ground", "ground")
_timed("solve", "solve")


def run(n: int, pool: CardPool, runs: int) -> tuple[int, float, tuple[float, float, float]]:
    """The pairs, the best wall time, and the best run's CPU time as (ground, solve, rest)."""
    name = f"<legality {n}>"
    scn = build_scenario(parse_json(scenario_text(n), name), name, pool)
    question = parse_ask("legal_blocks", scn)
    cpu: list[tuple[float, float, float]] = []

    def once():
        PHASES.clear()
        start = time.process_time()
        ans = answer(scn, question)
        total = time.process_time() - start
        cpu.append((PHASES["ground"], PHASES["solve"], total - PHASES["ground"] - PHASES["solve"]))
        if ans.invalid:
            raise SystemExit(f"{name}: the rules found the scenario invalid: {ans.invalid}")
        return ans
    best, ans = best_of(runs, once)
    pairs = len(ans.single.value.get("blocks", []))
    if pairs != expected_pairs(n):
        raise SystemExit(f"{name}: legal_blocks listed {pairs} pairs, expected {expected_pairs(n)}")
    return pairs, best, min(cpu, key=sum)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sizes", nargs="*", type=int, default=[20, 50, 100, 200])
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args(argv)
    pool = CardPool.builtin()
    run(4, pool, 1)  # warm up: card data, catalogue, clingo
    print(f"legal_blocks, N attackers and N potential blockers (best of {args.runs} runs; rulecheck from "
          f"{pathlib.Path(rulecheck.__file__).resolve().parent.parent})")
    print(f"{'N':>5} {'pairs':>7} {'wall s':>8} {'CPU s':>7} {'ground':>7} {'solve':>7} {'Python':>7} {'x prev':>7}")
    ok = True
    prev: float | None = None
    for n in args.sizes:
        pairs, seconds, (ground, solve, rest) = run(n, pool, args.runs)
        cpu = ground + solve + rest
        ratio = f"{cpu / prev:.2f}" if prev else "-"
        print(f"{n:>5} {pairs:>7} {seconds:>8.3f} {cpu:>7.3f} {ground:>7.3f} {solve:>7.3f} {rest:>7.3f} {ratio:>7}")
        if n == TARGET_N and cpu > TARGET_SECONDS:
            ok = False
        prev = cpu
    if TARGET_N in args.sizes:
        print(f"target: N = {TARGET_N} in at most {TARGET_SECONDS:g} s of CPU: {'met' if ok else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
