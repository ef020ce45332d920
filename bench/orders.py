"""The table both replacement benchmarks print: one event with N effects a player orders (N!
orders), the distinct outcomes, the best wall time and the best CPU time of the process, and
whether the target size meets its target in CPU time (on the 2-core machine shared with other
work, the wall time mostly measures the load).

    >>> orders_table(lambda n, runs, pool: (0.9, 0.5, n), [2, 6], 3, None, 6, 1.0)   # doctest: +NORMALIZE_WHITESPACE
    effects  orders outcomes   wall s    CPU s  target
          2       2        2    0.900    0.500
          6     720        6    0.900    0.500  met (CPU <= 1 s)
"""

from __future__ import annotations

import argparse
import math
from typing import Callable


def orders_table(run: Callable, sizes: list[int], runs: int, pool, target_n: int, target_seconds: float) -> None:
    """run(n, runs, pool) -> (best wall seconds, best CPU seconds, distinct outcomes), printed one
    row per size."""
    print(f"{'effects':>7} {'orders':>7} {'outcomes':>8} {'wall s':>8} {'CPU s':>8}  target")
    for n in sizes:
        wall, cpu, outcomes = run(n, runs, pool)
        target = (f"{'met' if cpu <= target_seconds else 'MISSED'} (CPU <= {target_seconds:g} s)"
                  if n == target_n else "")
        print(f"{n:>7} {math.factorial(n):>7} {outcomes:>8} {wall:>8.3f} {cpu:>8.3f}  {target}".rstrip(), flush=True)


def main(doc: str, run: Callable, default_sizes: list[int], target_n: int, target_seconds: float) -> None:
    """The command line both benchmarks share: sizes to measure, runs of each (the best counts)."""
    from rulecheck.cards import CardPool
    parser = argparse.ArgumentParser(description=doc.split("\n")[0])
    parser.add_argument("sizes", nargs="*", type=int, default=default_sizes)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    orders_table(run, args.sizes, args.runs, CardPool.builtin(), target_n, target_seconds)
