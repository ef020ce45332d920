"""Continuous effects benchmark: ordering effects by dependency (613.8) and answering, as the
number of effects grows.

    python bench/layers.py                          # 200, 1,000 and 2,000 effects on 500 objects
    python bench/layers.py --objects 50 --sizes 20,50,100 --timeout 300

bench/scenarios.py layers_text(500, N): Blood Moon and Urborg, Tomb of Yawgmoth (Urborg's effect
depends on Blood Moon's at every point: the bridge orders layer 4 with networkx and solves
again, bridge/layering.py), Glorious Anthem and Opalescence on the battlefield with Breeding
Pools and Grizzly Bears, and N - 4 effects of resolved spells on the Bears, one per timeline
entry (+1/+1, base 3/3, flying, in turn). The questions: `characteristics` and `layer_order` of
one Bear and `characteristics` of one Pool, answered as `rulecheck ask` answers them, in a
process of its own: the rules' split read from the cache on disk (bridge/solve.py), the clingo
Controls not freed before the answers are out (`rulecheck ask` leaves with os._exit; freeing
them is measured apart, `free s`). A command adds Python's start and imports, about 0.2 s.

Each size runs in a child process of its own (`--one N`), stopped after --timeout seconds
(default 120): grounding can't be interrupted from within. Measured per size: the time to the answers (wall clock, and the process's CPU time,
which a machine shared with other work changes less), and the CPU time's parts: clingo grounding,
clingo solving, networkx (bridge/order.py, called by bridge/layering.py for every layer and point
where an effect depends on another), and the rest (reading the scenario, facts, decoding); the
number of solves; the peak resident memory of the process. Target: 2,000 effects on 500 objects
in at most 2 s, judged on the process's CPU time (one thread: the time it takes on an idle core;
the wall clock of a machine shared with other work says more about the other work). For each
pair of sizes, the growth exponent log(t2/t1) / log(n2/n1), on CPU time.
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import clingo  # noqa: E402

from scenarios import layers_text  # noqa: E402

import checkout  # noqa: E402,F401  (rulecheck, installed or from this checkout)

from rulecheck.ask import answer_all  # noqa: E402
from rulecheck.cards import CardPool  # noqa: E402
from rulecheck.document import parse_yaml  # noqa: E402
from rulecheck.load import build_scenario  # noqa: E402
from rulecheck.question_text import parse_ask  # noqa: E402

OBJECTS = 500
TARGET_SECONDS = 2.0


class Clock:
    """CPU time spent in clingo's ground and solve, and in networkx's ordering."""

    def __init__(self):
        self.ground = self.solve = self.order = 0.0
        self.solves = 0

    def wrap(self):
        from rulecheck import order as order_module
        real_ground, real_solve, real_order = clingo.Control.ground, clingo.Control.solve, order_module.steps
        clock = self

        def ground(ctl, *args, **kwargs):
            start = time.process_time()
            try:
                return real_ground(ctl, *args, **kwargs)
            finally:
                clock.ground += time.process_time() - start

        def solve(ctl, *args, **kwargs):
            start = time.process_time()
            clock.solves += 1
            try:
                return real_solve(ctl, *args, **kwargs)
            finally:
                clock.solve += time.process_time() - start

        def order(*args, **kwargs):
            start = time.process_time()
            try:
                return real_order(*args, **kwargs)
            finally:
                clock.order += time.process_time() - start

        clingo.Control.ground, clingo.Control.solve, order_module.steps = ground, solve, order


def measure(objects: int, effects: int, pool: CardPool, clock: Clock) -> dict:
    text = layers_text(objects, effects)
    clock.ground = clock.solve = clock.order = 0.0
    clock.solves = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    scn = build_scenario(parse_yaml(text, f"<layers {effects}>"), f"<layers {effects}>", pool)
    questions = [parse_ask(q, scn) for q in ("characteristics bear0", "layer_order bear0", "characteristics pool0")]
    answers = answer_all(scn, questions)
    total = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    bear = answers[0].single.value
    assert answers[2].single.value["subtypes"] == ["Mountain"], answers[2].single.value   # 613.8b: Blood Moon first
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    from rulecheck import solve as solve_module
    free_start = time.process_time()
    solve_module._KEPT.clear()                  # what a long-running process pays after answering
    free = time.process_time() - free_start
    return {"effects": effects, "total": total, "cpu": cpu, "ground": clock.ground, "solve": clock.solve,
            "order": clock.order, "solves": clock.solves, "bear": f"{bear['power']}/{bear['toughness']}",
            "rss": rss, "free": free}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--objects", type=int, default=OBJECTS)
    parser.add_argument("--sizes", default="200,1000,2000", help="numbers of effects, comma-separated")
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--one", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one is not None:
        return _one(args.objects, args.one)
    sizes = [int(x) for x in args.sizes.split(",")]
    rows = []
    print(f"{args.objects:,} objects")
    print("(wall: the clock; the rest CPU time of the process, split into clingo's grounding and solving,\n"
          " networkx's ordering and the rest)")
    print(f"{'effects':>8} {'wall s':>8} {'cpu s':>6} {'ground s':>9} {'solve s':>8} {'networkx s':>11} {'rest s':>7} "
          f"{'solves':>7} {'peak MB':>8} {'free s':>7}  bear0")
    for n in sizes:
        try:
            done = subprocess.run([sys.executable, __file__, "--objects", str(args.objects), "--one", str(n)],
                                  capture_output=True, text=True, timeout=args.timeout)
        except subprocess.TimeoutExpired:
            print(f"{n:>8,}  more than {args.timeout:.0f} s (stopped)", flush=True)
            rows.append(None)
            continue
        if done.returncode != 0:
            print(f"{n:>8,}  failed: {(done.stderr.strip().splitlines() or ['?'])[-1]}", flush=True)
            rows.append(None)
            continue
        r = json.loads(done.stdout)
        rows.append(r)
        rest = r["cpu"] - r["ground"] - r["solve"] - r["order"]
        print(f"{n:>8,} {r['total']:>8.2f} {r['cpu']:>6.2f} {r['ground']:>9.2f} {r['solve']:>8.2f} {r['order']:>11.3f} {rest:>7.2f} "
              f"{r['solves']:>7} {r['rss']:>8.0f} {r['free']:>7.2f}  {r['bear']}", flush=True)
    for a, b in zip(rows, rows[1:]):
        if a and b:
            exponent = math.log(b["cpu"] / a["cpu"]) / math.log(b["effects"] / a["effects"])
            print(f"growth {a['effects']:,} -> {b['effects']:,} effects: time exponent {exponent:.2f}")
    target = [r for n, r in zip(sizes, rows) if n == 2000 and args.objects == OBJECTS]
    if not target:
        print(f"target: 2,000 effects on {OBJECTS} objects in at most {TARGET_SECONDS} s: not measured")
        return 0
    met = target[0] is not None and target[0]["cpu"] <= TARGET_SECONDS
    print(f"target: 2,000 effects on {OBJECTS} objects in at most {TARGET_SECONDS} s of CPU: {'met' if met else 'NOT met'}")
    return 0 if met else 1


def _one(objects: int, effects: int) -> int:
    from rulecheck.solve import keep_until_exit
    keep_until_exit()                           # as `rulecheck ask` does (bridge/cli.py)
    pool = CardPool.builtin()
    clock = Clock()
    clock.wrap()
    r = measure(objects, effects, pool, clock)
    print(json.dumps(r))
    return 0


if __name__ == "__main__":
    sys.exit(main())
