"""Answers as text for people."""

from __future__ import annotations

from typing import Any

from .ask import CheckResult
from .cards import Card
from .decode import Answer, Outcome


def value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return "\n".join((f"  {k}:" + "".join(f"\n    {' — '.join(str(x) for x in row)}" for row in v)) if _rows(v) else
                         (f"  {k}:" + ("" if (t := _field_text(v)).startswith("\n") else " ") + t)
                         for k, v in value.items())
    if value is None:
        return "(no answer)"
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return ", ".join(value) if value else "(none)"
    return str(value)


def _rows(value: Any) -> bool:
    """A list of tuples (printed_on's abilities): one per line."""
    return isinstance(value, list) and bool(value) and all(isinstance(v, list) for v in value)


def cell_text(value: Any) -> str:
    """A table cell: a term as it is written ({'land_type': ['set', 'Mountain']} reads
    land_type(set, Mountain)).

    An effect's source that is no object, timeline(N) (the effect the timeline states at entry
    N, of a spell or ability it doesn't name: logic/effects.lp), reads "the timeline (entry N)";
    counter(Kind), a keyword counter's (logic/keyword_counters.lp), reads "its Kind counters", and
    counters(O, Kind) (queries/layer_dependencies.lp) "the Kind counters on O".

    >>> cell_text({"after": ["lattice"]}), cell_text(3), cell_text({"timeline": [2]})
    ('after(lattice)', '3', 'the timeline (entry 2)')
    >>> cell_text({"counter": ["first strike"]}), cell_text({"counters": ["bears", "flying"]})
    ('its first strike counters', 'the flying counters on bears')
    """
    if isinstance(value, dict) and len(value) == 1:
        (name, args), = value.items()
        if name == "timeline" and len(args) == 1 and isinstance(args[0], int):
            return f"the timeline (entry {args[0]})"
        if name == "counter" and len(args) == 1 and isinstance(args[0], str):
            return f"its {args[0]} counters"
        if name == "counters" and len(args) == 2 and all(isinstance(a, str) for a in args):
            return f"the {args[1]} counters on {args[0]}"
        return f"{name}({', '.join(cell_text(a) for a in args)})"
    if isinstance(value, list):
        return ", ".join(cell_text(v) for v in value)
    return str(value)


def _field_text(value: Any) -> str:
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        # A table: one row a line.
        return "".join("\n    - " + ", ".join(f"{k} {cell_text(v)}" for k, v in row.items()) for row in value)
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) if value else "—"
    if isinstance(value, dict):
        return ", ".join(f"{k}: {v}" for k, v in value.items()) if value else "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _outcome_text(o: Outcome, rule_texts: dict[str, str] | None) -> list[str]:
    lines = []
    value = value_text(o.value)
    lines.append(value if "\n" in value or isinstance(o.value, dict) else f"  {value}")
    if o.rules:
        lines.append(f"  rules: {', '.join(o.rules)}")
    for reason in o.because:
        lines.append(f"  because: {reason}")
    if rule_texts is not None:
        for rule in o.rules:
            lines.append(f"    {rule} {rule_texts.get(rule, '(not found in the CR file)')}")
    return lines


def render_answers(answers: list[Answer], rule_texts: dict[str, str] | None = None) -> str:
    """Answers of one run, and once after them what they ignore (their warnings are the
    scenario's, the same for every question)."""
    text = "\n\n".join(render_answer(a, rule_texts, notes=False) for a in answers)
    notes = dict.fromkeys(n for a in answers for n in a.warnings)
    return text + "".join(f"\n  note: {n}" for n in notes)


def render_answer(ans: Answer, rule_texts: dict[str, str] | None = None, notes: bool = True) -> str:
    lines = [f"{ans.question.label()}:"]
    if ans.single is not None:
        lines += _outcome_text(ans.single, rule_texts)
    else:
        lines.append(f"  depends on a player's choice ({len(ans.outcomes)} outcomes):")
        for o in ans.outcomes:
            lines.append("  if " + ("; ".join(o.choices) or "the other choices are made") + ":")
            lines += ["  " + line for text in _outcome_text(o, rule_texts) for line in text.split("\n")]
    for problem in ans.invalid:
        lines.append(f"  warning: the scenario is not consistent: {problem}")
    for note in ans.warnings if notes else ():
        lines.append(f"  note: {note}")
    return "\n".join(lines)


def render_check_table(rows: list[tuple[str, list[CheckResult]]]) -> str:
    """Every expectation on a line (one scenario file, or `check --each`), then the failures in
    full and what the answers ignore."""
    table = [("result", "scenario", "question")]
    for path, results in rows:
        for r in results:
            table.append(("pass" if r.passed else "FAIL", path, r.expectation.question.label()))
    widths = [max(len(row[i]) for row in table) for i in range(3)]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in table]
    passed, failed = check_counts(rows)
    lines.append(f"{passed} passed, {failed} failed" + render_failures(rows))
    # What the answers ignore (logic/modelled.lp): said once per scenario, never a failure.
    notes = check_notes(rows)
    if notes:
        lines.append("")
        lines.extend(f"{path}: note: {note}" for path, note in notes)
    return "\n".join(lines)


def render_check_summary(rows: list[tuple[str, list[CheckResult]]]) -> str:
    """Many scenario files: a line per folder (in seeds/scenarios, a folder is a topic), the
    failures in full, and how many notes the answers carry (`check --each` prints them)."""
    table = [("folder", "scenarios", "passed", "failed")]
    for folder, group in check_folders(rows).items():
        passed, failed = check_counts(group)
        table.append((folder, str(len(group)), str(passed), str(failed)))
    widths = [max(len(row[i]) for row in table) for i in range(4)]
    lines = ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths)))
             for row in table]
    passed, failed = check_counts(rows)
    lines.append(f"{passed} passed, {failed} failed in {len(rows)} scenarios")
    notes = check_notes(rows)
    if notes:
        lines.append(f"{len(notes)} notes on what the answers ignore ('rulecheck check --each' prints them)")
    return "\n".join(lines) + render_failures(rows)


def check_counts(rows: list[tuple[str, list[CheckResult]]]) -> tuple[int, int]:
    """How many expectations passed and failed."""
    failed = sum(1 for _, results in rows for r in results if not r.passed)
    return sum(len(results) for _, results in rows) - failed, failed


def check_folders(rows: list[tuple[str, list[CheckResult]]]) -> dict[str, list[tuple[str, list[CheckResult]]]]:
    """The rows by the folder their scenario file is in, in the order first met."""
    out: dict[str, list] = {}
    for path, results in rows:
        out.setdefault(path.rpartition("/")[0] or ".", []).append((path, results))
    return out


def check_notes(rows: list[tuple[str, list[CheckResult]]]) -> list[tuple[str, str]]:
    """Each scenario's notes (what its answers ignore), once."""
    return [(path, note) for path, results in rows for note in dict.fromkeys(n for r in results for n in r.answer.warnings)]


def check_failures(rows: list[tuple[str, list[CheckResult]]]) -> list[tuple[str, CheckResult]]:
    return [(path, r) for path, results in rows for r in results if not r.passed]


def render_failures(rows: list[tuple[str, list[CheckResult]]]) -> str:
    """Each failed expectation in full, after a blank line (nothing if none failed)."""
    return "".join(f"\n\nFAIL {path}: {r.expectation.question.label()}:\n    " + "\n    ".join(r.problems)
                   for path, r in check_failures(rows))


def card_rules_view(card: Card) -> tuple[list[dict[str, str]], dict[str, str], dict[str, tuple[str, ...]]]:
    """What the rules make of a card: the abilities the card scripts in logic/cards/ give it,
    each face's name as the rules read it (111.4 names unnamed tokens), and each face's colors
    (202.2, 710.1c; logic/cards.lp), as letters in WUBRG order."""
    import clingo
    from clingo import String

    from .decode import to_python
    from .facts import card_facts
    from .resources import logic_dir

    ctl = clingo.Control(["--warn=none"])
    ctl.load(str(logic_dir() / "cards.lp"))
    ctl.load(str(logic_dir() / "equip.lp"))        # equip abilities come from the face's keywords
    for path in sorted((logic_dir() / "cards").glob("*.lp")):
        ctl.load(str(path))
    with ctl.backend() as backend:
        for symbol in card_facts(card):
            backend.add_rule([backend.add_atom(symbol)])
    ctl.ground([("base", [])])
    names = {str(a.symbol.arguments[1]): to_python(a.symbol.arguments[2])
             for a in ctl.symbolic_atoms.by_signature("printed_name", 3)
             if a.symbol.arguments[0] == String(card.name)}
    letters = {"w": "W", "u": "U", "b": "B", "r": "R", "g": "G"}
    found_colors: dict[str, set[str]] = {str(face.side): set() for face in card.faces}
    for atom in ctl.symbolic_atoms.by_signature("face_color", 3):
        c, side, col = atom.symbol.arguments
        if c == String(card.name):
            found_colors.setdefault(str(side), set()).add(letters[str(col)])
    colors = {side: tuple(x for x in "WUBRG" if x in cols) for side, cols in found_colors.items()}
    found: dict[tuple[str, str], dict[str, str]] = {}
    for atom in ctl.symbolic_atoms.by_signature("activated_ability", 3):
        c, side, name = atom.symbol.arguments
        if c == String(card.name):
            found[(str(side), name.string)] = {"face": str(side), "name": name.string, "effect": ""}
    for atom in ctl.symbolic_atoms.by_signature("triggered_ability", 3):
        c, side, name = atom.symbol.arguments
        if c == String(card.name):
            found[(str(side), name.string)] = {"face": str(side), "name": name.string, "effect": "", "kind": "triggered"}
    for atom in ctl.symbolic_atoms.by_signature("static_ability", 3):
        c, side, name = atom.symbol.arguments
        if c == String(card.name):
            found[(str(side), name.string)] = {"face": str(side), "name": name.string, "effect": "", "kind": "static"}
    for atom in ctl.symbolic_atoms.by_signature("static_grants", 4):
        c, side, name, effect = atom.symbol.arguments
        key = (str(side), name.string)
        if c == String(card.name) and key in found:
            found[key]["effect"] = (found[key]["effect"] + "; " if found[key]["effect"] else "") + str(effect)
    for atom in ctl.symbolic_atoms.by_signature("ability_effect", 4):
        c, side, name, effect = atom.symbol.arguments
        key = (str(side), name.string)
        if c == String(card.name) and key in found:
            found[key]["effect"] = (found[key]["effect"] + "; " if found[key]["effect"] else "") + str(effect)
    return sorted(found.values(), key=lambda a: (a["face"], a["name"])), names, colors
