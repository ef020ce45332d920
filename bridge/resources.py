"""Where the ASP programs and data files are, installed or in the source tree.

Installed (`pip install .`), logic/ and queries/ travel inside the package as
rulecheck/logic and rulecheck/queries. In the source tree (an editable install, or the tests
run against the checkout) they are folders beside bridge/.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@lru_cache(maxsize=None)
def _find(name: str) -> Path:
    """The folder `name` (logic, queries) inside the package, else beside it.

    $RULECHECK_LOGIC_DIR, if set, is used as the logic/ folder instead: tests/test_fuzz.py
    points the engine at a copy with a planted mistake. This and logic_files() are cached:
    clear both (and rulecheck.solve's parse caches) when changing the variable."""
    if name == "logic" and os.environ.get("RULECHECK_LOGIC_DIR"):
        return Path(os.environ["RULECHECK_LOGIC_DIR"])
    for candidate in (_PACKAGE / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"rulecheck is installed without its {name}/ folder (looked in {_PACKAGE})")


def logic_dir() -> Path:
    return _find("logic")


def queries_dir() -> Path:
    return _find("queries")


def seeds_dir() -> Path:
    """The seed rulings rulecheck comes with (seeds/: index.yaml, documents/, scenarios/)."""
    return _find("seeds")


def data_dir() -> Path:
    return _PACKAGE / "data"


@lru_cache(maxsize=1)
def logic_files() -> tuple[Path, ...]:
    """Every rules file: logic/*.lp, then the card scripts in logic/cards/*.lp."""
    root = logic_dir()
    return tuple(sorted(root.glob("*.lp"))) + tuple(sorted((root / "cards").glob("*.lp")))


@lru_cache(maxsize=None)
def on_demand(path: Path) -> bool:
    """Whether a logic file is marked `%! on-demand` in its header (the comment lines before its
    first rule): it is loaded only when a question (queries/catalogue.toml `logic`) or an event
    verb (bridge/events.py `logic=`) that is asked or happens names it."""
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("%! on-demand"):
                rest = line[len("%! on-demand"):].strip()
                if rest:
                    raise ValueError(f"{path}: '%! on-demand' takes nothing after it (the questions and event verbs "
                                     f"that need the file say so: queries/catalogue.toml, bridge/events.py): {rest}")
                return True
            if line.strip() and not line.startswith("%"):
                return False
    return False
