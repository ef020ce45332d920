"""Benchmark: how long rulecheck takes to refuse each file of the malformed-input suite
(tests/malformed/, run as tests/test_malformed.py runs them). Target: every file in at most 1 s.

    python bench/malformed.py [--top N] [--processes]

In-process (the default): each file through rulecheck.cli.main, after one warm-up run (imports
and the built-in card pool, which a command pays once), the median of --reps runs. Then the
slowest files again as a command (`python -m rulecheck.cli ...` in a fresh process: what a user
waits for, start-up included). --processes runs every file as a command instead.
Prints the slowest files and the total; no test asserts timings.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT / "tests"))

import conftest  # noqa: E402,F401  (rulecheck from the source tree if it isn't installed)
from test_malformed import HERE as SUITE, CASES, command, run_case  # noqa: E402

TARGET = 1.0


def in_process(path: Path, reps: int) -> float:
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        code, _out, _err = run_case(path)
        times.append(time.perf_counter() - start)
        assert code == 2, f"{path.name}: exit {code}"
    return statistics.median(times)


def as_command(path: Path) -> float:
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "rulecheck.cli", *command(path)], cwd=SUITE,
                          capture_output=True, text=True, timeout=60)
    elapsed = time.perf_counter() - start
    assert proc.returncode == 2, f"{path.name}: exit {proc.returncode}: {proc.stderr}"
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--top", type=int, default=10, help="how many of the slowest to print (default 10)")
    parser.add_argument("--reps", type=int, default=3, help="runs per file in-process, the median counts (default 3)")
    parser.add_argument("--processes", action="store_true", help="run every file as a command")
    args = parser.parse_args()

    run_case(CASES[0])                              # warm-up: imports, the built-in card pool
    measure = as_command if args.processes else (lambda p: in_process(p, args.reps))
    how = "as a command (fresh process)" if args.processes else f"in-process, median of {args.reps}"
    start = time.perf_counter()
    timings = sorted(((measure(p), p.name) for p in CASES), reverse=True)
    total = time.perf_counter() - start
    print(f"malformed-input suite: {len(CASES)} files, {how}; target <= {TARGET:.1f} s a file")
    print(f"{'seconds':>8}  file")
    for seconds, name in timings[:args.top]:
        print(f"{seconds:8.3f}  {name}")
    over = [name for seconds, name in timings if seconds > TARGET]
    print(f"total {total:.2f} s; slowest {timings[0][0]:.3f} s ({timings[0][1]}); "
          f"median {statistics.median(t for t, _ in timings):.3f} s; over the target: {len(over)}"
          + (f" ({', '.join(over)})" if over else ""))
    if not args.processes:
        print("the three slowest as a command (fresh process, start-up included):")
        for _seconds, name in timings[:3]:
            print(f"{as_command(SUITE / name):8.3f}  {name}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
