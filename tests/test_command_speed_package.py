"""The package as `pip install .` builds it: silent (setuptools warned about each seeds folder,
an importable name absent from `packages`), and the wheel holds every file the installed
command reads: the seeds (`rulecheck seeds` with no folder), the rules, the questions, the
properties, the schema and the card data."""

import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Source folder -> its place in the wheel, and the files of it that are installed.
INSTALLED = [("seeds", "rulecheck/seeds", "*"), ("logic", "rulecheck/logic", "*.lp"),
             ("queries", "rulecheck/queries", "*"), ("properties", "rulecheck/properties", "*.lp"),
             ("properties", "rulecheck/properties", "*.json"), ("schema", "rulecheck/schema", "*.json"),
             ("bridge/data", "rulecheck/data", "*.json")]


def test_the_wheel_builds_silently_and_holds_the_seeds_and_rules(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}   # (as a user's shell)
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-v", "-w", str(tmp_path)],
                          capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    # setuptools' warnings ("_Warning: Package 'rulecheck.seeds.documents' is absent from the
    # `packages` configuration", "warning: ..."); pip's own WARNING lines are about its index.
    warnings = [line for line in (done.stdout + done.stderr).splitlines() if re.search(r"Warning\b|warning:", line)]
    assert warnings == []
    [wheel] = tmp_path.glob("rulecheck-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    missing = []
    for source, target, pattern in INSTALLED:
        files = [p for p in (ROOT / source).rglob(pattern) if p.is_file() and "__pycache__" not in p.parts]
        assert files, source
        missing += [f"{target}/{p.relative_to(ROOT / source).as_posix()}" for p in files
                    if f"{target}/{p.relative_to(ROOT / source).as_posix()}" not in names]
    assert missing == []
    seeds = sorted(n for n in names if n.startswith("rulecheck/seeds/scenarios/"))
    assert len(seeds) == len(list((ROOT / "seeds" / "scenarios").rglob("*.yaml"))) > 40
    assert "rulecheck/seeds/index.yaml" in names and "rulecheck/cli.py" in names
