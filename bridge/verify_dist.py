"""`rulecheck verify --engine dask`: the parts of a sweep (bridge/verify.py: Part, run_part) run
on Dask's distributed scheduler, an optional extra (`pip install 'rulecheck[dist]'`).

Without --scheduler, a local cluster of --jobs worker processes on this machine (Dask's
LocalCluster, no dashboard); with --scheduler ADDRESS (or DASK_SCHEDULER_ADDRESS), the cluster
whose scheduler listens there: each worker needs the same rulecheck installed (the rules are the
worker's own; the property's files travel in the part). The results come back as plain data and
are merged by the caller (verify(solved=...)) exactly as --jobs merges them.
"""

from __future__ import annotations

import os
from typing import Iterator

from .errors import UserError
from .verify import Part, PartResult, run_part

EXTRA_MISSING = ("the dask engine needs Dask's distributed scheduler, which isn't installed: "
                 "pip install 'rulecheck[dist]' (or 'dask[distributed]')")


def available() -> bool:
    try:
        import distributed  # noqa: F401
    except ImportError:
        return False
    return True


def run_parts_dask(parts: list[Part], jobs: int, scheduler: str | None = None) -> Iterator[PartResult]:
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise UserError("--engine", None, EXTRA_MISSING) from None
    scheduler = scheduler or os.environ.get("DASK_SCHEDULER_ADDRESS") or None
    cluster = None
    try:
        if scheduler:
            client = Client(scheduler, timeout="30s")
        else:
            cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=None,
                                   silence_logs=50)
            client = Client(cluster)
    except OSError as exc:
        raise UserError("--scheduler", None, f"can't reach the dask scheduler at {scheduler}: {exc}") from None
    try:
        # pure=False: two equal parts are still two tasks (none are equal: each has its own length).
        futures = client.map(run_part, parts, pure=False)
        for _, result in as_completed(futures, with_results=True):
            yield result
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
