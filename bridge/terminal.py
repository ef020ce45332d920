"""Output on a terminal: the same answers and check results as bridge/render.py's plain text,
drawn with rich (tables, colour), and a progress bar over many scenario files.

Imported only when standard output (or, for the progress bar, standard error) is a terminal
(bridge/cli.py): piped output is render.py's plain text, stable for scripts and the README's
examples, and a command whose output is piped never imports rich.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Callable, Iterator

from rich.console import Console, Group
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from .ask import CheckResult
from .decode import Answer, Outcome
from .render import cell_text, check_counts, check_failures, check_folders, check_notes, value_text
from .seeds import coverage_total


def print_answers(answers: list[Answer], rule_texts: dict[str, str] | None = None) -> None:
    console = Console()
    for i, ans in enumerate(answers):
        if i:
            console.print()
        console.print(Text(f"{ans.question.label()}:", style="bold"))
        if ans.single is not None:
            console.print(_outcome(ans.single, rule_texts))
        else:
            console.print(f"  depends on a player's choice ({len(ans.outcomes)} outcomes):", style="yellow")
            for o in ans.outcomes:
                console.print(Text("  if " + ("; ".join(o.choices) or "the other choices are made") + ":",
                                   style="bold yellow"))
                console.print(_outcome(o, rule_texts, indent=4))
        for problem in ans.invalid:
            console.print(Text(f"  warning: the scenario is not consistent: {problem}", style="bold red"))
    for note in dict.fromkeys(n for a in answers for n in a.warnings):
        console.print(Text(f"  note: {note}", style="dim"))


def _outcome(o: Outcome, rule_texts: dict[str, str] | None, indent: int = 2) -> Group:
    pad = " " * indent
    parts: list[Any] = [_value(o.value, pad)]
    if o.rules:
        parts.append(Text.assemble(f"{pad}rules: ", (", ".join(o.rules), "cyan")))
    for reason in o.because:
        parts.append(Text(f"{pad}because: {reason}"))
    if rule_texts is not None:
        for rule in o.rules:
            parts.append(Text.assemble(f"{pad}  ", (rule, "cyan"), " ",
                                       (rule_texts.get(rule, "(not found in the CR file)"), "italic")))
    return Group(*parts)


def _value(value: Any, pad: str) -> Any:
    if isinstance(value, bool):
        return Text(f"{pad}{'yes' if value else 'no'}", style="bold green" if value else "bold red")
    if isinstance(value, dict):
        table = Table(show_header=False, box=None, padding=(0, 1, 0, len(pad)))
        table.add_column(style="bold")
        table.add_column()
        for key, field in value.items():
            table.add_row(escape(str(key)), _cell(field))
        return table
    return Text(pad + value_text(value).strip())


def _cell(value: Any) -> Any:
    """A field of an answer: a list of rows as a table of its own, the rest as render.py words it."""
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        columns = list(dict.fromkeys(k for row in value for k in row))
        table = Table(*(escape(str(c)) for c in columns), box=None, padding=(0, 1, 0, 0), header_style="dim")
        for row in value:
            table.add_row(*(escape(cell_text(row.get(c, ""))) for c in columns))
        return table
    text = value_text(value)
    return Text(text.strip() if text.strip() else "—")


def print_check(rows: list[tuple[str, list[CheckResult]]], each: bool) -> None:
    console = Console()
    if each:
        table = Table(header_style="bold")
        for column in ("result", "scenario", "question"):
            table.add_column(column)
        for path, results in rows:
            for r in results:
                table.add_row(Text("pass", "green") if r.passed else Text("FAIL", "bold red"), escape(path),
                              escape(r.expectation.question.label()))
    else:
        table = Table(header_style="bold")
        table.add_column("folder")
        for column in ("scenarios", "passed", "failed"):
            table.add_column(column, justify="right")
        for folder, group in check_folders(rows).items():
            passed, failed = check_counts(group)
            table.add_row(escape(folder), str(len(group)), Text(str(passed), "green"),
                          Text(str(failed), "bold red" if failed else "dim"))
    console.print(table)
    passed, failed = check_counts(rows)
    console.print(Text.assemble((f"{passed} passed", "bold green"), ", ",
                                (f"{failed} failed", "bold red" if failed else "dim"),
                                "" if each else f" in {len(rows)} scenarios"))
    notes = check_notes(rows)
    if notes and not each:
        console.print(f"{len(notes)} notes on what the answers ignore ('rulecheck check --each' prints them)",
                      style="dim", markup=False)
    _print_failures(console, rows)
    if notes and each:
        console.print()
        for path, note in notes:
            console.print(Text(f"{path}: note: {note}", style="dim"))


def _print_failures(console: Console, rows: list[tuple[str, list[CheckResult]]]) -> None:
    for path, r in check_failures(rows):
        console.print()
        console.print(Text.assemble(("FAIL ", "bold red"), f"{path}: {r.expectation.question.label()}:"))
        for problem in r.problems:
            console.print(Text(f"    {problem}"))


def print_coverage(rows: list[dict], checked: list[tuple[str, list[CheckResult]]]) -> None:
    console = Console()
    table = Table(header_style="bold")
    table.add_column("topic")
    table.add_column("status")
    table.add_column("covered/executable", justify="right")
    for r in rows:
        if r["topic"] == "all":
            continue
        if r["executable"]:
            style = "green" if r["covered"] == r["executable"] else "yellow"
            cell = Text(f"{r['covered']}/{r['executable']}", style)
        else:
            cell = Text(f"- ({r.get('informational', len(r['rulings']))} informational)", "dim")
        table.add_row(escape(r["topic"]), escape(r["status"]), cell)
    console.print(table)
    console.print(coverage_total(rows), style="bold", markup=False)
    _print_failures(console, checked)


@contextmanager
def progress_bar(total: int, what: str) -> Iterator[Callable[[str], None]]:
    """A bar on standard error, advanced once per file; gone when done."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  TextColumn("{task.fields[current]}", style="dim"),
                  console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(what, total=total, current="")

        def step(name: str) -> None:
            bar.update(task, advance=1, current=name)
        yield step
