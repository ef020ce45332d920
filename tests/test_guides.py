"""The guides (docs/guide/*.md) show real output, like the README itself: every
`$ rulecheck ...` block is run and compared."""

import shlex
from pathlib import Path

import pytest

from rulecheck.cli import main
from test_readme import blocks

ROOT = Path(__file__).resolve().parent.parent


def examples():
    for path in sorted((ROOT / "docs" / "guide").glob("*.md")):
        for info, block in blocks(path.read_text(encoding="utf-8")):
            if info == "" and block.startswith("$ rulecheck "):
                command, _, output = block.partition("\n")
                yield f"{path.name}: {command[2:]}", command[2:], output


EXAMPLES = list(examples())


@pytest.mark.parametrize("label,command,expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_readme_part_example(label, command, expected, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    code = main(shlex.split(command)[1:])
    out, err = capsys.readouterr()
    assert (err if code == 2 else out) == expected
    assert code in (0, 2)
