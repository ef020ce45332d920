"""What a lone command leaves undone (issue 13; bench/command.py measures the time, never a
test): modules its path doesn't need are not imported, and the clingo Controls of a command
that leaves with os._exit (bridge/cli.py run) are not freed."""

import subprocess
import sys

import pytest

from rulecheck import cli, solve

HASTE = """\
players: [alice, bob]
turn: {number: 1, active: alice, step: declare_attackers}
objects:
  goblin: {card: Raging Goblin, controlled_since: 1}
"""

# Modules `rulecheck ask` on a small scenario, piped, must not import: each is for another path
# (an error's hint, a catalogue changed since it was cached, a large --cards file, --cr, the
# seeds command, the order of dependent effects, tests, a terminal).
NOT_IMPORTED = ["difflib", "tomllib", "sqlite3", "networkx", "jsonschema", "rich", "rulecheck.card_index",
                "rulecheck.seeds", "rulecheck.order", "rulecheck.crtext", "rulecheck.pytest_plugin",
                "rulecheck.terminal", "rulecheck.verify", "rulecheck.graph"]


def test_a_lone_ask_imports_only_what_its_path_needs(tmp_path):
    path = tmp_path / "haste.yaml"
    path.write_text(HASTE, encoding="utf-8")
    code = ("import sys\nfrom rulecheck.cli import main\n"
            f"assert main(['ask', {str(path)!r}, '--ask', 'can_attack goblin']) == 0\n"
            f"print(sorted(m for m in {NOT_IMPORTED!r} if m in sys.modules), file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[1:3] == ["  yes", "  rules: 508.1a, 702.10b"]
    assert done.stderr == "[]\n"


@pytest.fixture
def kept(monkeypatch):
    """solve's list of kept Controls as this test leaves it, reset afterwards."""
    monkeypatch.setattr(solve, "_KEPT", None)
    yield lambda: solve._KEPT


def test_ask_from_the_script_keeps_its_controls_until_the_process_leaves(kept, tmp_path, capsys, monkeypatch):
    path = tmp_path / "haste.yaml"
    path.write_text(HASTE, encoding="utf-8")
    monkeypatch.setattr(cli, "_LEAVING", True)           # as cli.run sets it
    assert cli.main(["ask", str(path), "--ask", "can_attack goblin"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == "  yes"
    assert [type(c).__name__ for c in kept()] == ["Control"]


def test_ask_called_as_a_function_frees_its_controls(kept, tmp_path, capsys):
    path = tmp_path / "haste.yaml"
    path.write_text(HASTE, encoding="utf-8")
    assert cli.main(["ask", str(path), "--ask", "can_attack goblin"]) == 0   # (tests, embedding: no os._exit)
    assert capsys.readouterr().out.splitlines()[1] == "  yes"
    assert kept() is None


def test_check_over_many_files_frees_each_control(kept, tmp_path, capsys, monkeypatch):
    for name in ("a", "b"):
        (tmp_path / f"{name}.yaml").write_text(HASTE + "expect:\n  - {ask: can_attack, object: goblin, answer: true, "
                                               "rules: ['508.1a', '702.10b']}\n", encoding="utf-8")
    monkeypatch.setattr(cli, "_LEAVING", True)
    assert cli.main(["check", str(tmp_path)]) == 0
    capsys.readouterr()
    assert kept() is None


def test_a_command_builds_the_parser_of_that_command_only(tmp_path, capsys, monkeypatch):
    import argparse
    built = []
    real = argparse.ArgumentParser.__init__

    def counting(self, *args, **kwargs):
        built.append(kwargs.get("prog"))
        real(self, *args, **kwargs)
    monkeypatch.setattr(argparse.ArgumentParser, "__init__", counting)
    path = tmp_path / "haste.yaml"
    path.write_text(HASTE, encoding="utf-8")
    assert cli.main(["ask", str(path), "--ask", "can_attack goblin"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == "  yes"
    assert built == ["rulecheck", "rulecheck ask"]
    # Without a known command, every command's parser: the help lists them all.
    built.clear()
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    assert len(built) == 11 and "questions" in capsys.readouterr().out
