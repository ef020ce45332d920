"""Every `$ rulecheck ...` example in the README shows the exact output of that command
(clingo's examples do the same)."""

import shlex
from pathlib import Path

import pytest

from rulecheck.cli import main

ROOT = Path(__file__).resolve().parent.parent


def blocks(text):
    """The fenced code blocks of a Markdown text, as (info string, body)."""
    info, body = None, []
    for line in text.splitlines(keepends=True):
        if line.startswith("```"):
            if info is None:
                info, body = line[3:].strip(), []
            else:
                yield info, "".join(body)
                info = None
        elif info is not None:
            body.append(line)


def examples():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    for info, block in blocks(text):
        if info == "" and block.startswith("$ rulecheck "):
            command, _, output = block.partition("\n")
            yield command[2:], output


EXAMPLES = list(examples())


def test_the_readme_has_examples():
    assert len(EXAMPLES) >= 6


@pytest.mark.parametrize("command,expected", EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_readme_example(command, expected, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    args = shlex.split(command)[1:]
    code = main(args)
    out, err = capsys.readouterr()
    if code == 2:
        assert err == expected
    else:
        assert code == 0
        assert out == expected
