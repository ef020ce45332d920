"""The malformed-input suite: every kind of bad input rulecheck refuses, one file each, in
tests/malformed/ (issue 9). Each is run through `rulecheck.cli.main` as a user would run it and
must give exit 2, nothing on stdout, and on stderr exactly the one line kept beside it in
NAME.expected: the file, line:column where the file has lines, the path, and what is wrong.

How a file is run, by its name:
  NAME.yaml, NAME.yml, NAME.json   rulecheck ask NAME [the lines of NAME.args, if any]
  NAME.cards.json                  rulecheck cards "Lightning Bolt" --cards NAME
(from inside tests/malformed/, so the messages name the file as given). A hang guard of 30 s
(SIGALRM) stops a run that never ends; it is no speed assertion (bench/malformed.py times the
suite: target 1 s a file).
"""

from __future__ import annotations

import signal
from contextlib import redirect_stderr, redirect_stdout
from io import StringIO
from pathlib import Path

import pytest

from rulecheck.cli import main

HERE = Path(__file__).resolve().parent / "malformed"
SCENARIO_SUFFIXES = (".yaml", ".yml", ".json")
HANG_GUARD_SECONDS = 30


def case_files() -> list[Path]:
    """Every input file of the suite (not the .expected and .args beside them)."""
    return sorted(p for p in HERE.iterdir() if p.name.endswith(SCENARIO_SUFFIXES))


def command(path: Path) -> list[str]:
    if path.name.endswith(".cards.json"):
        return ["cards", "Lightning Bolt", "--cards", path.name]
    args = path.with_suffix(".args")
    extra = args.read_text(encoding="utf-8").splitlines() if args.exists() else []
    return ["ask", path.name, *extra]


class _Hang(Exception):
    pass


def _alarm(signum, frame):
    raise _Hang(f"no answer within {HANG_GUARD_SECONDS} s")


def run_case(path: Path) -> tuple[int, str, str]:
    """Run one file as the user would, in-process from tests/malformed/: (exit code, stdout, stderr)."""
    import os
    out, err = StringIO(), StringIO()
    cwd = os.getcwd()
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(HANG_GUARD_SECONDS)
    try:
        os.chdir(HERE)
        with redirect_stdout(out), redirect_stderr(err):
            code = main(command(path))
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
        os.chdir(cwd)
    return code, out.getvalue(), err.getvalue()


def expected(path: Path) -> str:
    return path.with_name(path.name + ".expected").read_text(encoding="utf-8")


CASES = case_files()


def test_the_suite_has_at_least_60_files_each_with_its_expected_line():
    assert len(CASES) >= 60
    beside = {p.name.removesuffix(".expected") for p in HERE.glob("*.expected")}
    assert beside == {p.name for p in CASES}
    args = {p.name.removesuffix(".args") for p in HERE.glob("*.args")}
    assert args <= {p.name.rsplit(".", 1)[0] for p in CASES}
    assert {p.suffix for p in HERE.iterdir()} <= {".yaml", ".yml", ".json", ".expected", ".args"}


def test_the_suite_covers_scenarios_in_yaml_and_json_and_card_files():
    kinds = [("cards" if p.name.endswith(".cards.json") else p.suffix) for p in CASES]
    assert kinds.count("cards") >= 15 and kinds.count(".json") >= 5 and kinds.count(".yaml") >= 40


@pytest.mark.parametrize("path", CASES, ids=[p.name for p in CASES])
def test_malformed_input_is_one_located_line(path):
    code, out, err = run_case(path)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and err.endswith("\n")
    assert "Traceback" not in err
    assert err == expected(path)
    # It names the file it is about, or the option (--ask, --time-limit) that is wrong.
    assert err.startswith(f"rulecheck: {path.name}") or err.startswith("rulecheck: --")
