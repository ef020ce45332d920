import sys, types, pathlib
import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
# Let tests import the source tree as `rulecheck` without installing it.
if "rulecheck" not in sys.modules:
    try:
        import rulecheck  # installed
    except ImportError:
        pkg = types.ModuleType("rulecheck"); pkg.__path__ = [str(ROOT / "bridge")]; sys.modules["rulecheck"] = pkg


# --- Keeping the suite fast (CONTRIBUTING.md) ------------------------------------------------------
# One part of a `rulecheck verify` sweep (verify.search: every state of one timeline length) is
# searched once per process: tests/test_verify.py sweeps every property at the bound 2,3 three
# times (each property alone; `rulecheck verify` for the README's report; `rulecheck verify seeds/`),
# the same clingo program every time. The key is everything the search's program is made of: the
# rules (verify.rules_digest: every logic file and universe.lp), the property's file and name, and
# the universe's facts (its cards' facts among them), and the functions that build the program
# (the objects themselves, should a test replace one). Only a search that finished is kept, and it
# is given back only to a caller whose time limit it finished within: a time limit shorter than the
# search took searches for real (test_a_time_limit_is_no_proof). The solver's effort (choices,
# conflicts: the report's "explored" column) is given back as it was counted.

_SEARCHED: dict = {}


def _memo_search(real):
    import time

    def search(prop, bound, length, pool, time_limit, effort=None):
        from rulecheck import verify as v
        key = (v.rules_digest(), prop.name, prop.path.read_text(encoding="utf-8"),
               tuple(str(f) for f in v.universe_facts(prop, bound, length, pool)),
               v._BETWEEN, v._CHOSEN, v._control, v._statements, v._program_paths)
        kept = _SEARCHED.get(key)
        if kept is not None and time_limit >= kept[0]:
            seconds, status, atoms, spent = kept
            if effort is not None:
                for name, n in spent.items():
                    effort[name] = effort.get(name, 0) + n
            return status, list(atoms)
        spent: dict = {}
        start = time.monotonic()
        status, atoms = real(prop, bound, length, pool, time_limit, spent)
        if status != "timeout":
            _SEARCHED[key] = (time.monotonic() - start, status, tuple(atoms), dict(spent))
        if effort is not None:
            for name, n in spent.items():
                effort[name] = effort.get(name, 0) + n
        return status, atoms
    search.__wrapped__ = real
    return search


@pytest.fixture(autouse=True, scope="session")
def _verify_search_once_per_process():
    from rulecheck import verify
    real = verify.search
    verify.search = _memo_search(real)
    yield
    verify.search = real


# The files that take longest are handed to the pytest-xdist workers first (`--dist loadfile
# --no-loadscope-reorder` in pyproject.toml: files go to workers in the order collected), so that
# the run doesn't end with one worker alone on a long file while the other idles. xdist's own order
# (most items first) started test_fuzz.py (5 items, about 3 minutes) halfway through and
# test_command_speed_package.py (1 item: builds the wheel) last. CPU seconds measured on the
# 2-core machine, in the order given; a file that comes to take more than about 30 s belongs here.
SLOW_FIRST = (
    "tests/test_verify.py",                 # every property swept, sampled states, the reports, generate
    "tests/test_verify_planted.py",         # a planted mistake found for each property: 44 sweeps
    "tests/test_demand.py",                 # ~190 s: every seed scenario and docs example, two ways
    "tests/test_verify_premises.py",        # each universe reaches its premise: 50 sweeps
    "tests/test_fuzz.py",                   # ~170 s (README): 100 generated scenarios, two ways
    "tests/test_fuzz_input.py",             # 40 examples of each target, in worker processes
    "tests/test_command_speed_package.py",  # builds the wheel (pip wheel)
    "tests/test_properties.py",             # hypothesis, 40 examples
)


def pytest_collection_modifyitems(session, config, items):
    rank = {path: i for i, path in enumerate(SLOW_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(rank)))   # stable: the rest as collected
