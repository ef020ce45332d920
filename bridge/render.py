"""Answers as text for people."""

from __future__ import annotations

from typing import Any

from .ask import CheckResult
from .cards import Card
from .decode import Answer, Outcome


def _value_text(value: Any) -> str:
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

    >>> cell_text({"after": ["lattice"]}), cell_text(3)
    ('after(lattice)', '3')
    """
    if isinstance(value, dict) and len(value) == 1:
        (name, args), = value.items()
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
    value = _value_text(o.value)
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
    table = [("result", "scenario", "question")]
    details = []
    for path, results in rows:
        for r in results:
            table.append(("pass" if r.passed else "FAIL", path, r.expectation.question.label()))
            if not r.passed:
                details.append(f"{path}: {r.expectation.question.label()}:\n    " + "\n    ".join(r.problems))
    widths = [max(len(row[i]) for row in table) for i in range(3)]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in table]
    total = len(table) - 1
    failed = sum(1 for row in table[1:] if row[0] == "FAIL")
    lines.append(f"{total - failed} passed, {failed} failed")
    if details:
        lines.append("")
        lines.extend(details)
    # What the answers ignore (logic/modelled.lp): said once per scenario, never a failure.
    notes = [(path, note) for path, results in rows
             for note in dict.fromkeys(n for r in results for n in r.answer.warnings)]
    if notes:
        lines.append("")
        lines.extend(f"{path}: note: {note}" for path, note in notes)
    return "\n".join(lines)


def card_rules_view(card: Card) -> tuple[list[dict[str, str]], dict[str, str]]:
    """What the rules make of a card: the abilities the card scripts in logic/cards/ give it,
    and each face's name as the rules read it (111.4 names unnamed tokens)."""
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
    return sorted(found.values(), key=lambda a: (a["face"], a["name"])), names
