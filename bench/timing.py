"""The best of several timed runs, as the benchmarks that answer in this process measure them.

    >>> best, result = best_of(3, lambda: sum(range(10)))
    >>> result, best >= 0
    (45, True)
"""

from __future__ import annotations

import time
from typing import Callable, TypeVar

T = TypeVar("T")


def best_cpu_of(runs: int, fn: Callable[[], T]) -> tuple[float, float, T]:
    """The shortest wall time and the shortest CPU time of this process (clingo's threads
    included) of `runs` calls of fn, and what the last call returned. On a machine shared with
    other work the wall time grows with the load; the CPU time much less.

    >>> wall, cpu, result = best_cpu_of(2, lambda: sum(range(10)))
    >>> result, wall >= 0, cpu >= 0
    (45, True, True)
    """
    wall = cpu = float("inf")
    for _ in range(max(runs, 1)):
        start, start_cpu = time.perf_counter(), time.process_time()
        result = fn()
        wall, cpu = min(wall, time.perf_counter() - start), min(cpu, time.process_time() - start_cpu)
    return wall, cpu, result


def best_of(runs: int, fn: Callable[[], T]) -> tuple[float, T]:
    """The shortest wall time of `runs` calls of fn (at least one), and what the last call returned."""
    best = float("inf")
    for _ in range(max(runs, 1)):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    return best, result
