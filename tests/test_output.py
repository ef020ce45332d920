"""What the commands print: plain, stable text when piped (bridge/render.py); tables and colour
on a terminal (bridge/terminal.py, rich, imported only there); progress over many files."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from rulecheck import cli
from rulecheck.cli import main

ROOT = Path(__file__).resolve().parent.parent
HASTE = "seeds/scenarios/haste/summoning-sickness.yaml"
ANSI = re.compile(r"\x1b\[[0-9;]*m")

PLAIN_ANSWER = (
    "can_attack goblin (after entry 0):\n"
    "  yes\n"
    "  rules: 508.1a, 702.10b\n"
    "  because: goblin came under its controller's control during turn 5; their most recent turn is turn 5\n"
    "  because: goblin has haste\n")


def test_piped_output_is_plain_text_and_never_imports_rich():
    # The command as a user's shell runs it, its output piped: exactly the plain text, no escape
    # codes, and rich not imported (its import would cost every piped command).
    script = ("import sys; from rulecheck.cli import main; code = main(sys.argv[1:]); "
              "sys.stdout.flush(); print('rich' in sys.modules, [m for m in sys.modules if m.startswith('rulecheck.terminal')], "
              "file=sys.stderr); sys.exit(code)")
    done = subprocess.run([sys.executable, "-c", script, "ask", HASTE, "--ask", "can_attack goblin at=0"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE")})
    assert done.returncode == 0, done.stderr
    assert done.stdout == PLAIN_ANSWER
    assert done.stderr == "False []\n"


def test_on_a_terminal_answers_are_drawn_with_colour(capsys, monkeypatch):
    monkeypatch.setattr(cli, "_terminal", lambda stream: stream is sys.stdout)
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.chdir(ROOT)
    assert main(["ask", HASTE, "--ask", "can_attack goblin at=0"]) == 0
    out = capsys.readouterr().out
    assert "\x1b[1;32m  yes\x1b[0m" in out                       # yes in bold green
    assert "  rules: \x1b[36m508.1a, 702.10b\x1b[0m" in out        # the rules in cyan
    # The same words as the plain text, and nothing else.
    assert ANSI.sub("", out).split() == PLAIN_ANSWER.split()


def test_on_a_terminal_an_answer_of_fields_is_a_table(capsys, monkeypatch):
    monkeypatch.setattr(cli, "_terminal", lambda stream: stream is sys.stdout)
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.chdir(ROOT)
    assert main(["ask", "seeds/scenarios/characteristics/by-zone.yaml", "--ask", "characteristics delver"]) == 0
    lines = ANSI.sub("", capsys.readouterr().out).splitlines()
    # Field names in one column, values aligned in the next.
    zone, power = next(l for l in lines if l.split()[:1] == ["zone"]), next(l for l in lines if l.split()[:1] == ["power"])
    assert zone.split() == ["zone", "battlefield"] and power.split() == ["power", "3"]
    assert zone.index("battlefield") == power.index("3")


def _failing_copy(tmp_path):
    """Two folders of scenarios: one passing file in a/, and in b/ one passing, one failing."""
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
    shutil.copy(ROOT / HASTE, tmp_path / "a" / "haste.yaml")
    shutil.copy(ROOT / "seeds/scenarios/printed_on/either-face.yaml", tmp_path / "b" / "printed.yaml")
    text = (ROOT / "seeds/scenarios/transform/who-can-transform.yaml").read_text()
    wrong = text.replace("{ask: can_transform, object: knight, answer: false", "{ask: can_transform, object: knight, answer: true")
    assert wrong != text
    (tmp_path / "b" / "who.yaml").write_text(wrong)


def test_check_over_many_files_prints_a_line_per_folder_and_failures_in_full(capsys, tmp_path, monkeypatch):
    _failing_copy(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert main(["check", "a", "b"]) == 1
    out, err = capsys.readouterr()
    assert out == (
        "folder  scenarios  passed  failed\n"
        "a               1      11       0\n"
        "b               2      11       1\n"
        "22 passed, 1 failed in 3 scenarios\n"
        "9 notes on what the answers ignore ('rulecheck check --each' prints them)\n"
        "\n"
        "FAIL b/who.yaml: can_transform knight (after entry 0):\n"
        "    answer: expected True, got False\n")
    # Progress, piped: a plain line per file on standard error.
    assert err == "check: [1/3] a/haste.yaml\ncheck: [2/3] b/printed.yaml\ncheck: [3/3] b/who.yaml\n"

    # --each: a line per expectation, the failure, and every note.
    assert main(["check", "--each", "a"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[0].split() == ["result", "scenario", "question"]
    assert len([l for l in out.splitlines() if l.startswith("pass ")]) == 11 and err == ""


def test_check_progress_on_a_terminal_is_a_bar_that_goes(capsys, tmp_path, monkeypatch):
    _failing_copy(tmp_path)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(cli, "_terminal", lambda stream: stream is sys.stderr)
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert main(["check", "a", "b"]) == 1
    out, err = capsys.readouterr()
    assert "22 passed, 1 failed in 3 scenarios" in ANSI.sub("", out)
    assert "check" in err and "3/3" in ANSI.sub("", err) and "check: [1/3]" not in err


def test_seeds_finds_its_own_seeds_and_prints_coverage_then_failures_in_full(capsys, tmp_path, monkeypatch):
    # Only one seed scenario is checked for real (a copy with a wrong expectation); the others
    # are reported as not passing without solving, so that the test stays quick.
    import rulecheck.ask
    import rulecheck.load
    _failing_copy(tmp_path)
    real_load, real_check = rulecheck.load.load_scenario, rulecheck.ask.check_scenario
    chosen = "scenarios/transform/who-can-transform.yaml"

    def load(path, pool):
        return real_load(tmp_path / "b" / "who.yaml" if str(path).endswith(chosen) else path, pool)

    def check(scn, **kwargs):
        return real_check(scn, **kwargs) if scn.path.endswith("who.yaml") else []
    monkeypatch.setattr(rulecheck.load, "load_scenario", load)
    monkeypatch.setattr(rulecheck.ask, "check_scenario", check)
    # Without a folder, the seeds rulecheck comes with, wherever it is run.
    monkeypatch.chdir(tmp_path)
    assert main(["seeds"]) == 0
    out, err = capsys.readouterr()
    table, _, failures = out.partition("\n\n")
    assert table.splitlines()[0].split() == ["topic", "status", "covered/executable"]
    assert table.splitlines()[-1].startswith("covered 0 / ")
    from rulecheck.resources import seeds_dir      # the checkout's, or the installed package's
    assert failures == (f"FAIL {seeds_dir() / chosen}: can_transform knight (after entry 0):\n"
                        "    answer: expected True, got False\n")
    assert err.splitlines()[-1].startswith("seeds: [") and chosen in err
