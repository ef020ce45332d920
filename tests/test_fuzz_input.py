"""The input fuzzer (tests/fuzz_input.py) in CI: a fixed share of generated and mutated input
files (scenario-shaped documents, mutated seed scenarios, mutated card data) through the real
command line. None may raise a traceback, exit 2 with anything but one line, take more than 20 s,
or print differently when run again in a fresh process.

RULECHECK_FUZZ_INPUT_EXAMPLES sets the examples per target (default 40: 120 examples, about
30 s on a 2-core machine, of the 60 s CI gives it). The examples are derandomized: the same
ones every run (seed 0). `python tests/fuzz_input.py --examples 10000` (make fuzz) runs many
more and saves what it finds.

The planted tests show each check can fail: an exception, a hang, a worker that dies, a message
of two lines and an answer that changes between runs are each reported, with a smaller
reproducer where one exists.
"""

from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path

import pytest

import fuzz_input as fi

EXAMPLES = int(os.environ.get("RULECHECK_FUZZ_INPUT_EXAMPLES", "40"))

BEARS = (b"objects:\n  bear: {card: Grizzly Bears}\n"
         b"questions:\n  - {ask: characteristics, object: bear}\n")


def report(findings: list) -> str:
    out = []
    for ex, r, found in findings[:5]:
        out.append(f"rulecheck {' '.join(ex.argv)}  ({ex.target}): " + "; ".join(f"{k}: {s}" for k, s in found))
        for name, data in ex.files.items():
            out.append(f"--- {name} ---\n{data[:1500].decode('utf-8', 'replace')}")
        if r.crash:
            out.append(r.crash)
    return "\n".join(out)


@pytest.fixture(scope="module")
def fuzz_run():
    return fi.run(fi.TARGETS, EXAMPLES, seed=0, jobs=1, repeat_every=10)


def test_generated_inputs_are_answered_or_refused_in_one_line(fuzz_run):
    assert len(fuzz_run.results) == 3 * EXAMPLES
    assert not fuzz_run.findings(), report(fuzz_run.findings())


def test_the_generators_reach_past_the_loader(fuzz_run):
    # Each target both gets refused (exit 2) and gets answered (exit 0, or 1 for a failed
    # expectation): a generator that only ever made unreadable files would test nothing deep.
    for target in fi.TARGETS:
        codes = {r.code for ex, r, _ in fuzz_run.results if ex.target == target}
        assert 2 in codes and codes & {0, 1}, (target, codes)
    assert sum(r.rerun is not None for _, r, _ in fuzz_run.results) >= 3 * EXAMPLES // 10


def test_generation_is_reproducible():
    a = fi.generate("mutations", 15, seed=3)
    b = fi.generate("mutations", 15, seed=3)
    assert [(e.files, e.argv) for e in a] == [(e.files, e.argv) for e in b]


# --- The checks can fail ---------------------------------------------------------------------

def _example(data: bytes = BEARS, argv: tuple = ("ask", "scenario.yaml")) -> fi.Example:
    return fi.Example("documents", {"scenario.yaml": data}, list(argv))


def _one(example: fi.Example, timeout: float = fi.TIMEOUT, repeat: bool = False) -> fi.Result:
    runner = fi.Runner(timeout)         # forked now: it runs the code as monkeypatched here
    try:
        return fi.check(example, runner, repeat=repeat)
    finally:
        runner.close()


def test_the_fixed_example_is_clean():
    r = _one(_example(), repeat=True)
    assert (r.code, r.findings()) == (0, [])
    assert "Grizzly Bears" in r.stdout and r.rerun == (0, r.stdout, r.stderr)


def test_planted_crash_is_found_and_reduced(monkeypatch, tmp_path):
    import rulecheck.load as load
    real = load.build_scenario

    def crashing(root, file, pool):
        if "timeline" in root.value:
            raise KeyError("planted")
        return real(root, file, pool)
    monkeypatch.setattr(load, "build_scenario", crashing)
    big = BEARS + b"timeline:\n  - {tap: bear}\n  - {untap: bear}\n"
    r = _one(_example(big))
    # Named by the innermost frame of rulecheck it passed (the planted function is the test's).
    assert [k for k, _ in r.findings()] == ["crash"]
    assert r.where.startswith("KeyError at load.py:") and r.where.endswith(" in load_scenario"), r.where
    assert "KeyError: 'planted'" in r.crash

    runner = fi.Runner()
    try:
        small = fi.shrink(_example(big), lambda c: ("crash", r.where) in fi.check(c, runner).findings(), budget=120)
    finally:
        runner.close()
    assert small.size() < len(big)
    assert b"timeline" in small.files["scenario.yaml"]

    fi.save(tmp_path / "00001-documents", small, r, r.findings())
    saved = fi.load_saved(tmp_path / "00001-documents")
    assert (saved.files, saved.argv) == (small.files, small.argv)
    assert json.loads((tmp_path / "00001-documents" / "finding.json").read_text())["findings"][0]["kind"] == "crash"
    assert fi.replay([str(tmp_path / "00001-documents")], fi.TIMEOUT) == 1


def test_planted_hang_is_stopped(monkeypatch):
    import rulecheck.load as load
    monkeypatch.setattr(load, "build_scenario", lambda root, file, pool: time.sleep(60))
    runner = fi.Runner(timeout=1)
    try:
        started = time.perf_counter()
        r = fi.check(_example(), runner)
        assert r.findings(1) == [("hang", "more than 1 s")]
        assert time.perf_counter() - started < 10
        # The worker was replaced: the next example runs (and hangs) again, rather than waiting.
        assert fi.check(_example(), runner).hang
    finally:
        runner.close()


def test_planted_death_is_found(monkeypatch):
    import rulecheck.load as load
    monkeypatch.setattr(load, "build_scenario", lambda root, file, pool: os._exit(3))
    r = _one(_example())
    assert r.findings() == [("died", "the worker died (exit 3)")]


def test_planted_two_line_message_is_found(monkeypatch):
    import rulecheck.cli as cli
    monkeypatch.setattr(cli, "_say", lambda message: print(message + "\nand more", file=__import__("sys").stderr))
    r = _one(_example(b"objects: [\n"))
    assert r.code == 2 and r.findings() == [("message", "2 line(s) on stderr besides warnings")]


def test_planted_nondeterminism_is_found(monkeypatch):
    # In the worker the answer ends with a random number; the fresh process prints the real one.
    import rulecheck.render as render
    real = render.render_answer
    monkeypatch.setattr(render, "render_answer", lambda *a, **k: real(*a, **k) + f" {random.random()}")
    r = _one(_example(), repeat=True)
    assert r.findings() == [("nondeterministic", "differs in stdout")]


def test_warnings_before_the_error_line_are_not_a_finding():
    # `--cards` warns of cards it skipped on lines of their own; the error is still one line.
    ok = fi.Result(code=2, stderr="rulecheck: warning: skipped 1 card(s)\nrulecheck: s.yaml:1:1: wrong\n")
    assert ok.findings() == []
    bad = fi.Result(code=2, stderr="rulecheck: warning: skipped 1 card(s)\nTraceback (most recent call last):\n")
    assert bad.findings() == [("message", "1 line(s) on stderr besides warnings")]


# --- A finding in bridge/cards.py, fixed there --------------------------------------------

def test_card_file_with_a_number_longer_than_python_reads_is_refused(tmp_path, capsys, monkeypatch):
    from rulecheck.cli import main
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cards.json").write_text('[{"name": "Huge", "type_line": "Creature", "cmc": 1' + "0" * 4300 + "}]")
    (tmp_path / "s.yaml").write_text(BEARS.decode())
    assert main(["ask", "s.yaml", "--cards", "cards.json"]) == 2
    err = capsys.readouterr().err
    assert err == "rulecheck: cards.json:1:51: a number of 4,301 digits, more than rulecheck reads (README: Limits)\n"
