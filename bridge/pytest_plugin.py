"""A pytest plugin: scenario files with `expect:` entries become tests, one per expectation.

Installed with rulecheck (entry point `pytest11`, `rulecheck.pytest_plugin`), so it is active in
every pytest run of an environment where rulecheck is installed, and does nothing until a project
names the folders (or files) that hold its scenarios:

    [tool.pytest.ini_options]
    rulecheck_scenarios = ["tests/rules"]          # or: pytest --rulecheck-scenarios tests/rules

A `.yaml`, `.yml` or `.json` file under one of them that pytest visits (through `testpaths` or the
command line) and that has a top-level `expect:` key is a test file; each of its expectations is
an item named by its question ("can_attack goblin (after entry 0)"). Files without `expect:`
(a seeds index, a scenario that only asks) are not collected.

Checking is `rulecheck check`'s: the file is read by `load_scenario`'s two steps and its
expectations answered together by `ask.check_scenario`, once per file; an item fails when
`check_expectation` found a difference. A file that is not a valid scenario is a collection
error whose message is the one line `rulecheck check` prints (file:line:column: path: what is
wrong).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

# rulecheck's own modules (and clingo) are imported only where a scenario is collected: the
# plugin is loaded in every pytest run of the environment, including those of other projects.

SUFFIXES = (".yaml", ".yml", ".json")

# A top-level `expect` key (YAML), or an "expect" key anywhere (JSON), looked for in the text of
# a file that cannot be parsed: it is reported as a broken scenario only if it looks like one
# with expectations.
_EXPECT_YAML = re.compile(r"""^["']?expect["']?[ \t]*:""", re.MULTILINE)
_EXPECT_JSON = re.compile(r'"expect"\s*:')


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("rulecheck", "rulecheck scenarios")
    group.addoption("--rulecheck-scenarios", action="append", default=[], metavar="PATH",
                    help="collect the scenario files with expect: entries under PATH (a folder or a file) "
                         "as tests, one per expectation; may be repeated")
    parser.addini("rulecheck_scenarios", type="paths", default=[],
                  help="folders or files (relative to the configuration file) whose scenario files with "
                       "expect: entries rulecheck collects as tests, one per expectation")


def _roots(config: pytest.Config) -> list[Path]:
    cached = config.stash.get(_ROOTS, None)
    if cached is None:
        here = config.invocation_params.dir
        cached = [Path(p).resolve() for p in config.getini("rulecheck_scenarios")]
        cached += [(here / p).resolve() for p in config.getoption("rulecheck_scenarios") or []]
        config.stash[_ROOTS] = cached
    return cached


_ROOTS = pytest.StashKey[list]()
_POOL = pytest.StashKey[Any]()


def pytest_configure(config: pytest.Config) -> None:
    for root in _roots(config):
        if not root.exists():
            raise pytest.UsageError(f"rulecheck_scenarios: {root}: no such file or folder")


def pytest_collect_file(file_path: Path, parent: pytest.Collector):
    if file_path.suffix.lower() not in SUFFIXES:
        return None
    roots = _roots(parent.config)
    if not roots:
        return None
    path = file_path.resolve()
    if not any(path == root or root in path.parents for root in roots):
        return None
    from .errors import UserError
    from .document import MAP, MAX_FILE_BYTES, read_document

    try:
        document = read_document(file_path)
    except UserError as exc:
        if exc.file == str(file_path):
            exc.file = _display_path(parent.config, file_path)
        try:
            text = file_path.read_text(encoding="utf-8") if file_path.stat().st_size <= MAX_FILE_BYTES else None
        except (OSError, UnicodeDecodeError):
            text = None
        # Unreadable (not UTF-8, too large): it may be a scenario, so say so rather than drop
        # it. Readable but not parsed: a scenario with expectations only if it says `expect:`.
        pattern = _EXPECT_JSON if file_path.suffix.lower() == ".json" else _EXPECT_YAML
        if text is not None and not pattern.search(text):
            return None
        return ScenarioFile.from_parent(parent, path=file_path, document=None, error=exc)
    if document.kind != MAP or "expect" not in document.value:
        return None
    return ScenarioFile.from_parent(parent, path=file_path, document=document, error=None)


def _display_path(config: pytest.Config, path: Path) -> str:
    """The file as the user would name it: relative to where pytest was started, if inside."""
    try:
        return str(path.relative_to(config.invocation_params.dir))
    except ValueError:
        return str(path)


def _one_line(message: str) -> str:
    from .cli import _CONTROL      # the CLI's own escaping: every message stays one line
    return _CONTROL.sub(lambda m: repr(m.group())[1:-1], message)


class ScenarioFile(pytest.File):
    """A scenario file with expectations; its items share one `check_scenario` run."""

    def __init__(self, *, document, error, **kwargs):
        super().__init__(**kwargs)
        self.document = document
        self.error = error
        self.scenario = None
        self._results = None            # list of CheckResult, or the UserError the run raised

    def collect(self):
        from .errors import UserError
        from .load import build_scenario

        if self.error is not None:
            raise self.CollectError(_one_line(f"rulecheck: {self.error}"))
        try:
            self.scenario = build_scenario(self.document, _display_path(self.config, self.path),
                                           _pool(self.config))
        except UserError as exc:
            raise self.CollectError(_one_line(f"rulecheck: {exc}")) from None
        expect = self.document.value["expect"]
        seen: dict[str, int] = {}
        for i, exp in enumerate(self.scenario.expectations):
            label = exp.question.label()
            seen[label] = seen.get(label, 0) + 1
            name = label if seen[label] == 1 else f"{label} #{seen[label]}"
            node = expect.value[i]
            line = node.line if node.line is not None else self.document.key_lines.get("expect", (None,))[0]
            yield ExpectationItem.from_parent(self, name=name, index=i, line=line)

    def results(self):
        """Every expectation of the file checked as `rulecheck check` does, once."""
        from .ask import check_scenario
        from .errors import UserError

        if self._results is None:
            try:
                self._results = check_scenario(self.scenario)
            except UserError as exc:
                self._results = exc
        if isinstance(self._results, UserError):
            raise self._results
        return self._results


def _pool(config: pytest.Config):
    """The built-in card pool, read once per run (a scenario's own `cards:` extend a copy)."""
    pool = config.stash.get(_POOL, None)
    if pool is None:
        from .cards import CardPool
        pool = config.stash[_POOL] = CardPool.builtin()
    return pool


class ExpectationFailed(Exception):
    """An expectation the answer doesn't meet; carries `rulecheck check`'s result."""

    def __init__(self, result):
        super().__init__("; ".join(result.problems))
        self.result = result


class ExpectationItem(pytest.Item):
    def __init__(self, *, index: int, line: int | None, **kwargs):
        super().__init__(**kwargs)
        self.index = index
        self.line = line

    def runtest(self) -> None:
        result = self.parent.results()[self.index]
        if not result.passed:
            raise ExpectationFailed(result)

    def where(self) -> str:
        place = self.parent.scenario.path + (f":{self.line}" if self.line is not None else "")
        return f"{place}: expect[{self.index}]"

    def repr_failure(self, excinfo, style=None):
        from .errors import UserError

        if isinstance(excinfo.value, ExpectationFailed):
            return failure_text(self.where(), excinfo.value.result)
        if isinstance(excinfo.value, UserError):
            return _one_line(f"rulecheck: {excinfo.value}")
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.path, (self.line - 1 if self.line is not None else None), f"expect[{self.index}]: {self.name}"


# --- The failure report ------------------------------------------------------------------

def _value(value: Any) -> str:
    """A value as the scenario file would write it (JSON is YAML's flow style)."""
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def _shown(want: Any, have: Any) -> Any:
    """The part of an answer an expected record looks at: the fields it names (check_expectation
    compares only those); other values whole."""
    if isinstance(want, dict) and isinstance(have, dict):
        return {k: _shown(v, have[k]) for k, v in want.items() if k in have}
    return have


def _rules(rules) -> str:
    return ", ".join(rules) if rules else "(none)"


def failure_text(where: str, result) -> str:
    """What a failed expectation shows: what `rulecheck check` found different, the question and
    its place, what was expected and what the rules answered, each with the rules it cites."""
    exp, got = result.expectation, result.answer
    # The first line is what pytest's short summary shows: the differences.
    lines = ["; ".join(result.problems), f"  {where}: {exp.question.label()}"]
    if exp.outcomes is not None:
        lines.append(f"  expected outcomes: {_value(exp.outcomes)}")
    else:
        lines.append(f"  expected: {_value(exp.answer)}")
        lines.append(f"    rules: {_rules(exp.rules)}" if exp.rules is not None else "    rules: (not checked)")
    if got.single is not None and exp.outcomes is None:
        lines.append(f"  got:      {_value(_shown(exp.answer, got.single.value))}")
        lines.append(f"    rules: {_rules(got.single.rules)}")
        lines += [f"    because: {b}" for b in got.single.because]
    else:
        lines.append(f"  got {len(got.outcomes)} outcome(s):")
        for o in got.outcomes:
            choices = "; ".join(o.choices) or "the other choices are made"
            lines.append(f"    if {choices}: {_value(o.value)}")
            lines.append(f"      rules: {_rules(o.rules)}")
    return "\n".join(lines)
