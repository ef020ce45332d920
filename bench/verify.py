"""How long `rulecheck verify` takes to exhaust each bound, and how many states a bound holds.

    python bench/verify.py [--bounds 1,1 2,2 2,3 3,3] [--count 1,1 2,2] [--count-limit S] [--jobs | --jobs-only] [--seeds]

For each property and bound: the result and the seconds to exhaust the bound (every timeline
length 0..EVENTS, each grounded and solved once; a counterexample stops the sweep early only
when it has no object), and the states it explored: clingo's choices (the report's column), and
so many a second. --seeds: the properties that state seed rulings (`verify seeds/`) instead. For the --count bounds: how many distinct states the universe holds
(scenarios the rules find consistent, projected on the chosen facts, whether they break the
property or not), counted by enumeration with a time limit per timeline length ("≥" when it
ran out), and so how many states a second the sweep settles. --jobs: the whole default run as
a command with --jobs 1, then --jobs 2, then --engine dask --jobs 2 (a local cluster, when the
dist extra is installed) in the same run (wall clock, CPU, load average) and each speed-up, the
ratio of the wall clocks; --jobs-only: that alone. --repeat N runs the commands in turn N times
(1, 2, dask, 1, 2, dask, ...), so that each sees the machine's load as the others do, and gives
the median of each beside every run, with the load average (1 minute) before and after each run:
on a shared machine a speed-up means something only beside the load it was measured at. No test
asserts a timing.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rulecheck import verify as v
from rulecheck.cards import CardPool


def _bound(text: str) -> v.Bound:
    objects, events = (int(x) for x in text.split(","))
    return v.Bound(objects, events)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--bounds", nargs="*", default=["1,1", "2,2", "2,3", "3,3"])
    ap.add_argument("--count", nargs="*", default=["1,1", "2,2"])
    ap.add_argument("--count-limit", type=float, default=30.0)
    ap.add_argument("--jobs", action="store_true", help="also time the default run with --jobs 1 and 2")
    ap.add_argument("--jobs-only", action="store_true", help="only the --jobs 1 / --jobs 2 comparison")
    ap.add_argument("--seeds", action="store_true", help="the seed rulings' properties (verify seeds/)")
    ap.add_argument("--repeat", type=int, default=1, help="--jobs: run the commands in turn this many times")
    args = ap.parse_args()
    if args.jobs_only:
        print(jobs_speedup(args.seeds, args.repeat))
        return
    pool = CardPool.builtin()
    props = v.seed_properties() if args.seeds else v.all_properties()
    props = list({p.name: p for p in props}.values())
    with tempfile.TemporaryDirectory() as out:
        print("| property | " + " | ".join(f"bound {b}" for b in args.bounds) + " |")
        print("|---|" + "---|" * len(args.bounds))
        for p in props:
            cells = []
            for b in args.bounds:
                o = v.verify(p, _bound(b), pool=v.pool_for(p, pool), out_dir=Path(out), time_limit=600)
                rate = o.choices / o.seconds if o.seconds else 0
                cut = "" if o.bound == _bound(b) else f" (its own bound {o.bound.objects},{o.bound.events})"
                cells.append(f"{o.seconds:.2f} s {o.result}{cut}, {o.choices:,} choices ({rate:,.0f}/s)")
            print(f"| {p.name} | " + " | ".join(cells) + " |")
        if args.count:
            print()
            print("| property | bound | states in the bound | seconds to exhaust | states a second |")
            print("|---|---|---|---|---|")
            for p in props:
                for b in args.count:
                    bound = _bound(b).within(p)      # a property's own `%! most:` cuts it
                    total, complete = 0, True
                    for length in range(bound.events + 1):
                        n, done = v.count_states(p, bound, length, v.pool_for(p, pool), args.count_limit)
                        total += n
                        complete = complete and done
                    o = v.verify(p, bound, pool=v.pool_for(p, pool), out_dir=Path(out), time_limit=600)
                    mark = "" if complete else "≥"
                    rate = total / o.seconds if o.seconds else 0
                    print(f"| {p.name} | {b} | {mark}{total:,} | {o.seconds:.2f} ({o.result}) | {mark}{rate:,.0f} |")
    if args.jobs:
        print()
        print(jobs_speedup(args.seeds, args.repeat))


def jobs_speedup(seeds: bool = False, repeat: int = 1) -> str:
    """The default run as a command, with --jobs 1, then --jobs 2 (then dask), in turn, `repeat`
    times: wall-clock and CPU seconds (the children's user + system time) of each run, the load
    average before and after it, and the speed-up (the median wall clock with 1 job / with 2).
    Every run must give the same report."""
    import statistics
    lines = ["| command | run | wall clock | CPU (user + system) | load average before, after |", "|---|---|---|---|---|"]
    walls: dict[str, list[float]] = {}
    cpus: dict[str, list[float]] = {}
    reports: dict[str, list[str]] = {}
    runs = [("--jobs 1", ["--jobs", "1"]), ("--jobs 2", ["--jobs", "2"])]
    try:
        import distributed  # noqa: F401
        runs.append(("--engine dask --jobs 2", ["--engine", "dask", "--jobs", "2"]))
    except ImportError:
        pass
    for i in range(repeat):
        for label, options in runs:
            with tempfile.TemporaryDirectory() as out:
                load = os.getloadavg()[0]
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                start = time.monotonic()
                argv = [sys.executable, "-m", "rulecheck.cli", "verify", *(["seeds/"] if seeds else []), *options,
                        "-o", out]
                done = subprocess.run(argv, capture_output=True, text=True, check=False,
                                      cwd=Path(__file__).resolve().parent.parent if seeds else None)
                wall = time.monotonic() - start
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
                walls.setdefault(label, []).append(wall)
                cpus.setdefault(label, []).append(cpu)
                # The report's rows without their time column (it differs run to run, and so does the
                # width of the rule under the header).
                rows = [re.sub(r"\b\d+\.\d s\b", "", line).split() for line in done.stdout.splitlines()[2:]]
                if label == "--jobs 1" and i == 0:
                    reports["reference"] = rows
                reports[f"{label} {i}"] = rows
                lines.append(f"| `rulecheck verify{' seeds/' if seeds else ''} {label}` (exit {done.returncode}) | {i + 1} | "
                             f"{wall:.1f} s | {cpu:.1f} s | {load:.1f}, {os.getloadavg()[0]:.1f} |")
    lines.append("")
    same = all(rows == reports["reference"] for key, rows in reports.items())
    one = statistics.median(walls["--jobs 1"])
    for label, _ in runs[1:]:
        mid = statistics.median(walls[label])
        lines.append(f"speed-up with {label}: {one / mid:.2f}x (median wall clock {one:.1f} s / {mid:.1f} s over "
                     f"{repeat} run(s); median CPU {statistics.median(cpus['--jobs 1']):.1f} s / "
                     f"{statistics.median(cpus[label]):.1f} s)")
    lines.append("every run gave the same report" if same else "the runs gave DIFFERENT reports")
    if len(runs) == 2:
        lines.append("(the dask engine: not installed, pip install '.[dist]')")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
