"""The best of several timed runs, as the benchmarks that answer in this process measure them.

    >>> best, result = best_of(3, lambda: sum(range(10)))
    >>> result, best >= 0
    (45, True)
"""

from __future__ import annotations

import time
from typing import Callable, TypeVar

T = TypeVar("T")


def best_of(runs: int, fn: Callable[[], T]) -> tuple[float, T]:
    """The shortest wall time of `runs` calls of fn (at least one), and what the last call returned."""
    best = float("inf")
    for _ in range(max(runs, 1)):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    return best, result
