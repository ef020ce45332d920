"""What a lone command doesn't do again: the rules' split kept as text in the cache directory
(bridge/solve.py _split_text: a process's first run of a set of rule files adds the cached text
instead of parsing the files), catalogue.toml kept as JSON, and the process left without
tearing it down (bridge/cli.py run)."""

import subprocess
import sys
from pathlib import Path

import harness
import pytest

from rulecheck import solve
from rulecheck.cli import main
from rulecheck.resources import logic_files, queries_dir
from rulecheck.stages import parse_text

HASTE = """\
players: [alice, bob]
turn: {number: 1, active: alice, step: declare_attackers}
objects:
  goblin: {card: Raging Goblin, controlled_since: 1}
"""


def test_the_text_of_every_rule_and_question_parses_back_to_the_same_statements():
    programs = solve.programs_for([p.name for p in sorted(queries_dir().glob("*.lp")) if p.name != "common.lp"])
    assert set(logic_files()) <= set(programs)
    split = solve._split(programs, "")
    for statements in (split.shape, split.state):
        text = "\n".join(str(s) for s in statements)
        again = [str(s) for s in parse_text(text)[1:]]         # (parse_text's own #program base.)
        assert again == [str(s) for s in statements]
    assert len(split.shape) > 500 and len(split.state) > 1500


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    """A cache of this test's own, and a process that has parsed nothing yet."""
    monkeypatch.setenv("RULECHECK_CACHE", str(tmp_path / "cache"))
    solve.clear_caches()
    yield tmp_path / "cache" / "rules"
    solve.clear_caches()


def ask(tmp_path: Path, capsys) -> str:
    path = tmp_path / "haste.yaml"
    path.write_text(HASTE, encoding="utf-8")
    assert main(["ask", str(path), "--ask", "can_attack goblin"]) == 0
    return capsys.readouterr().out


def test_a_first_run_reads_the_cached_text_and_parses_nothing(fresh, tmp_path, capsys, monkeypatch):
    first = ask(tmp_path, capsys)                      # parsed, and the text kept
    assert first.splitlines()[1:3] == ["  yes", "  rules: 508.1a, 702.10b"]
    kept = len(list(fresh.glob("*.json")))
    solve.clear_caches()                               # as a new process

    def no_parsing(stamps):
        raise AssertionError("parsed the rule files")
    monkeypatch.setattr(solve, "_parsed_stamped", no_parsing)
    assert ask(tmp_path, capsys) == first
    assert len(list(fresh.glob("*.json"))) == kept
    # A second run in the same process adds the syntax trees (parsed once then).
    monkeypatch.undo()
    calls = []
    real = solve._parsed_stamped
    monkeypatch.setattr(solve, "_parsed_stamped", lambda stamps: calls.append(stamps) or real(stamps))
    assert ask(tmp_path, capsys) == first
    assert calls


def test_a_changed_rule_file_is_parsed_again(fresh, tmp_path, monkeypatch):
    logic = tmp_path / "a.lp"
    logic.write_text("p(1).\n#show p/1.\n", encoding="utf-8")
    [[atom]] = harness.solve([], (logic,)).models
    assert str(atom) == "p(1)"
    solve.clear_caches()
    logic.write_text("p(2).\n#show p/1.\n", encoding="utf-8")
    [[atom]] = harness.solve([], (logic,)).models
    assert str(atom) == "p(2)"


def test_no_cache_no_text(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("RULECHECK_CACHE", "")
    solve.clear_caches()
    try:
        assert ask(tmp_path, capsys).splitlines()[1] == "  yes"
    finally:
        solve.clear_caches()
    assert [p.name for p in tmp_path.iterdir()] == ["haste.yaml"]


def test_the_catalogue_is_read_from_its_cached_json(fresh, monkeypatch):
    import tomllib

    from rulecheck import catalogue
    parsed = tomllib.loads((queries_dir() / "catalogue.toml").read_text(encoding="utf-8"))
    catalogue._data.cache_clear()
    try:
        assert catalogue._data() == parsed             # read, and kept
        catalogue._data.cache_clear()
        monkeypatch.setattr(tomllib, "loads", lambda *args: pytest.fail("catalogue.toml read again"))
        assert catalogue._data() == parsed
    finally:
        catalogue._data.cache_clear()


def test_the_command_prints_everything_and_exits_with_its_code(tmp_path):
    path = tmp_path / "haste.yaml"
    path.write_text(HASTE, encoding="utf-8")
    command = [sys.executable, "-c", "from rulecheck.cli import run; run()"]
    done = subprocess.run([*command, "ask", str(path), "--ask", "can_attack goblin", "--json"], capture_output=True,
                          text=True)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.endswith("}\n]\n") and '"answer": true' in done.stdout
    done = subprocess.run([*command, "ask", str(tmp_path / "none.yaml")], capture_output=True, text=True)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", f"rulecheck: {tmp_path / 'none.yaml'}: no such file\n")
    # A reader that stops early (`| head -1`): no traceback, exit 0.
    with subprocess.Popen([*command, "ask", str(path), "--ask", "can_attack goblin", "--json"], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, bufsize=1) as proc:
        assert proc.stdout.readline() == "[\n"
        proc.stdout.close()
        assert (proc.wait(), proc.stderr.read()) == (0, "")


def test_a_test_s_own_program_adds_nothing_to_the_cache(fresh, tmp_path):
    logic = tmp_path / "a.lp"
    logic.write_text("p(1).\n", encoding="utf-8")
    harness.solve([], (logic,))
    kept = sorted(fresh.glob("*.json"))
    for shown in ("#show p/1.", "#show q/1."):
        harness.solve([], (logic,), extra_program=shown)
    assert sorted(fresh.glob("*.json")) == kept
