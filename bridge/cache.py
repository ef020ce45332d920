"""The user's cache directory kept small: entries unused for long, or beyond a size, are removed.

rulecheck keeps what a command computes the same way every time in the cache directory
($RULECHECK_CACHE, else $XDG_CACHE_HOME/rulecheck or ~/.cache/rulecheck; docs/adr/0005):
`rules/` holds the rules' dependencies and splits and the catalogue (JSON), `cards/` the
built-in cards (a pickle) and the indexes of large --cards files (sqlite3). Each entry is keyed
by what it is computed from, so every change of the rules, of a card file, or a test's own copy
of the rules adds entries that nothing reads again. Without pruning the folder only grows
(gigabytes after a few weeks of test runs).

So whenever an entry is written, its folder is pruned (prune): an entry not used for MAX_AGE
is removed, and then, oldest use first, entries until the folder holds at most MAX_BYTES. An
entry's use is its modification time: written, or read again (used()). The entry just written
is never removed, nor a file that isn't an entry (only rulecheck's suffixes are), nor another
process's entry being written (a `.tmp` younger than MAX_AGE_TMP). A removed entry costs its
computation again, once, never a wrong answer: every entry is keyed by what it is computed
from, and a missing one is computed.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

MAX_AGE = 30 * 24 * 3600            # seconds since an entry was last written or read
MAX_BYTES = 256 * 1024 * 1024       # per folder (rules/, cards/)
MAX_AGE_TMP = 3600                  # a partial entry left by a process that died while writing it
SUFFIXES = (".json", ".pickle", ".sqlite")


def used(path: Path) -> None:
    """Mark an entry read now (its modification time), so that pruning keeps what is in use."""
    try:
        os.utime(path)
    except OSError:
        pass                        # (a read-only cache: it isn't pruned by us either)


def prune(folder: Path, keep: Path | None = None, *, now: float | None = None) -> list[Path]:
    """Remove the folder's entries unused for MAX_AGE, then the least recently used until the
    rest holds at most MAX_BYTES; never `keep` (the entry just written). Returns what was
    removed. Errors (an entry another process removed first, a read-only folder) are ignored."""
    now = time.time() if now is None else now
    entries: list[tuple[float, int, Path]] = []
    removed: list[Path] = []
    try:
        scan = list(os.scandir(folder))
    except OSError:
        return removed
    for item in scan:
        name = item.name
        is_tmp = name.endswith(".tmp")
        if not (is_tmp or name.endswith(SUFFIXES)):
            continue
        try:
            st = item.stat(follow_symlinks=False)
        except OSError:
            continue
        if not item.is_file(follow_symlinks=False):
            continue
        path = Path(item.path)
        if keep is not None and path == keep:
            continue
        if is_tmp:
            if now - st.st_mtime > MAX_AGE_TMP and _remove(path):
                removed.append(path)
            continue
        if now - st.st_mtime > MAX_AGE:
            if _remove(path):
                removed.append(path)
            continue
        entries.append((st.st_mtime, st.st_size, path))
    total = sum(size for _m, size, _p in entries)
    if keep is not None:
        try:
            total += keep.stat().st_size
        except OSError:
            pass
    for _mtime, size, path in sorted(entries, key=lambda e: (e[0], str(e[2]))):   # oldest use first
        if total <= MAX_BYTES:
            break
        if _remove(path):
            removed.append(path)
        total -= size
    return removed


def _remove(path: Path) -> bool:
    try:
        path.unlink()
        return True
    except OSError:
        return False
