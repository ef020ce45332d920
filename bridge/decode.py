"""Answer atoms -> Answer: the value, the CR rules it rests on, and why.

This is the one place that reads answer atoms (queries/README.md lists them):
  answer(Q, T, V)        the answer to Q after entry T (a value, or one field of a record)
  rests_on(Q, T, Rule)   a CR rule the answer rests on
  because(Q, T, Reason)  a reason, rendered with the catalogue's sentences
  invalid(What, T)       something in the scenario the rules can't make sense of, at entry T
  chose(Player, Choice, P)  a choice that leads to an outcome (solve.py finds them)
  not_modelled/5, not_executed/6, keyword_not_implemented/2  what the answer ignores
                         (logic/modelled.lp): Answer.warnings, one line per ability or keyword
A run may answer several questions; each is read from the atoms that name it. An answer
that depends on a player's choice has one outcome per distinct answer, each with the choices
that lead to it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Mapping, Sequence

from clingo import Number, Symbol, SymbolType

from . import criteria
from .catalogue import QuestionType, catalogue, words
from .model import Event, Question


@dataclass
class Outcome:
    value: Any
    rules: list[str]
    because: list[str]
    choices: list[str] = field(default_factory=list)  # the choices every answer set with this answer makes


@dataclass
class Answer:
    question: Question
    outcomes: list[Outcome]
    invalid: list[str]
    warnings: list[str] = field(default_factory=list)   # what the answer ignores (warnings_of)

    @property
    def single(self) -> Outcome | None:
        return self.outcomes[0] if len(self.outcomes) == 1 else None

    def to_json(self, rule_texts: dict[str, str] | None = None) -> dict:
        out: dict[str, Any] = {"ask": self.question.ask, **self.question.params, "at": self.question.at}
        if self.single is not None:
            o = self.single
            out.update(answer=o.value, rules=o.rules, because=o.because)
        else:
            out["outcomes"] = [{"answer": o.value, "rules": o.rules, "because": o.because, "choices": o.choices}
                               for o in self.outcomes]
        if rule_texts is not None:
            cited = sorted({r for o in self.outcomes for r in o.rules}, key=rule_key)
            out["rule_texts"] = {r: rule_texts.get(r, "(not found in the CR file)") for r in cited}
        if self.invalid:
            out["invalid"] = self.invalid
        if self.warnings:
            out["warnings"] = self.warnings
        return out


def rule_key(rule: str) -> tuple:
    """Sort CR numbers as the CR does: 701.27a before 701.27b before 701.28."""
    head, _, tail = rule.partition(".")
    digits = "".join(ch for ch in tail if ch.isdigit())
    letters = tail[len(digits):]
    return (int(head) if head.isdigit() else 0, int(digits) if digits else -1, letters)


def to_python(sym: Symbol) -> Any:
    """An answer value as JSON-ready Python."""
    kind = sym.type
    if kind == SymbolType.Number:
        return sym.number
    if kind == SymbolType.String:
        return sym.string
    if kind == SymbolType.Function:
        if sym.name == "" :
            return [to_python(a) for a in sym.arguments]
        if not sym.arguments:
            if sym.name in ("true", "false"):
                return sym.name == "true"
            return sym.name
        if sym.name == "token_name" and len(sym.arguments) == 1:
            return f"{to_python(sym.arguments[0])} Token"  # 111.4: subtypes plus "Token"
        if sym.name == "player" and len(sym.arguments) == 1:
            return to_python(sym.arguments[0])
        return {sym.name: [to_python(a) for a in sym.arguments]}
    return str(sym)


@lru_cache(maxsize=4096)
def to_text(sym: Symbol) -> str:
    """A term as it reads in a sentence. (Cached: each property of a clingo symbol is a call into
    clingo, and the choices of many answer sets name the same terms again and again.)"""
    if sym.type == SymbolType.Function and not sym.arguments and sym.name:
        return words().get(sym.name, sym.name.replace("_", " "))
    if sym.type == SymbolType.Function and sym.name:
        # A term with arguments reads by its [words] template, e.g. "converts/1" = "{0} converts".
        template = words().get(f"{sym.name}/{len(sym.arguments)}")
        if template is not None:
            return template.format(*(to_text(a) for a in sym.arguments))
    if sym.type == SymbolType.Function and sym.name in criteria.TERM_NAMES:
        return criteria.describe(sym)      # a name criterion: lacks(type(land)) -> "nonland"
    value = to_python(sym)
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    if isinstance(value, dict):
        return str(sym)
    return str(value)


def render_reason(qtype: QuestionType, reason: Symbol) -> str:
    key = f"{reason.name}/{len(reason.arguments)}"
    template = qtype.because.get(key)
    args = [to_text(a) for a in reason.arguments]
    if template is None:
        return f"{reason.name.replace('_', ' ')}({', '.join(args)})"
    return template.format(*args)


def _reason_order(qtype: QuestionType, reason: Symbol) -> int:
    """Reasons read in the order the catalogue lists their sentences."""
    keys = list(qtype.because)
    key = f"{reason.name}/{len(reason.arguments)}"
    return keys.index(key) if key in keys else len(keys)


def render_invalid(sym: Symbol, timeline: Sequence[Event] = ()) -> str:
    """What the rules found inconsistent, and the timeline entry where (invalid/2's second
    argument is an entry, 0 the initial state; never an internal point):

    >>> from clingo import Function, Number, String
    >>> render_invalid(Function("invalid", [Function("illegal_blocker", [String("bears"), String("509.1a")]), Number(0)]))
    'illegal blocker: bears, 509.1a (in the initial state)'
    """
    what, entry = sym.arguments
    return f"{to_text_term(what)} ({entry_text(entry.number, timeline)})"


def entry_text(entry: int, timeline: Sequence[Event]) -> str:
    """A timeline entry as the scenario's reader finds it: its number, verb and line."""
    if entry <= 0:
        return "in the initial state"
    if entry > len(timeline):
        return f"at entry {entry}, a step the question predicts after the timeline"
    event = timeline[entry - 1]
    line = f", line {event.line}" if event.line is not None else ""
    return f"at timeline entry {entry}{line}: {event.verb}"


def to_text_term(sym: Symbol) -> str:
    if sym.type == SymbolType.Function and sym.arguments:
        return f"{sym.name.replace('_', ' ')}: " + ", ".join(to_text(a) for a in sym.arguments)
    return to_text(sym)


def question_term(question: Question) -> Symbol:
    """The question as the rules name it in answer atoms: can_transform("miles")."""
    from .facts import question_facts
    return question_facts(question)[0].arguments[0]


_SIDES = {"front": 0, "back": 1}
_WARNING_ATOMS = {("not_modelled", 5), ("not_executed", 6), ("keyword_not_implemented", 2)}
_WARNING_NAMES = frozenset(name for name, _ in _WARNING_ATOMS)


def _objects_text(objects: set[str]) -> str:
    ids = sorted(objects)
    return ("object " if len(ids) == 1 else "objects ") + ", ".join(ids)


def _recorded(part: Symbol) -> bool:
    """An effect term the script records and the rules don't execute (not the script's words)."""
    return part.type == SymbolType.Function and not (part.name == "no_effect" and not part.arguments)


def _parts_text(parts: Sequence[Symbol]) -> str:
    """'what it does', the script's words, or 'E1 and E2 (recorded, not executed)'."""
    words = sorted({_part_text(p) for p in parts if not _recorded(p)})
    terms = sorted({_part_text(p) for p in parts if _recorded(p)})
    if terms:
        words.append(" and ".join(terms) + " (recorded, not executed)")
    return "; and ".join(words)


def _part_text(part: Symbol) -> str:
    """A part of an ability the rules don't execute (modelled.lp's not_executed/6)."""
    if part.type == SymbolType.String:
        return part.string                       # the script's own words (leaves_out/4)
    if part.type == SymbolType.Function and part.name == "no_effect" and not part.arguments:
        return "what it does"
    if part.type == SymbolType.Function and part.name in ("grant", "selector", "as_enters", "copy_exception") \
            and len(part.arguments) == 1:
        part = part.arguments[0]
    return str(part)


def warnings_of(atoms: Sequence[Symbol], object_names: Mapping[str, str] | None = None) -> list[str]:
    """What an answer ignores, from logic/modelled.lp's atoms: one line per printed ability or
    keyword, naming every object that has it (ten Glorious Anthems give one line), in the order
    of card, face and paragraph, then keywords by name:

    >>> from clingo import Function, Number, String
    >>> warnings_of([Function("not_modelled", [String("a1"), String("Glorious Anthem"), Function("front"), Number(0),
    ...                                        String("Creatures you control get +1/+1.")])])
    ['Glorious Anthem (object a1): "Creatures you control get +1/+1." is not modelled; this answer ignores it']
    """
    names = object_names or {}
    abilities: dict[tuple, set[str]] = {}
    parts: dict[tuple, list[Symbol]] = {}
    keywords: dict[tuple[str, str], set[str]] = {}
    for atom in atoms:
        name = atom.name
        if name not in _WARNING_NAMES or (name, len(atom.arguments)) not in _WARNING_ATOMS:
            continue
        obj = to_python(atom.arguments[0])
        if atom.name == "keyword_not_implemented":
            key = (names.get(obj, ""), atom.arguments[1].name)
            keywords.setdefault(key, set()).add(obj)
            continue
        card, side, index, text = atom.arguments[1].string, atom.arguments[2].name, atom.arguments[3].number, \
            atom.arguments[4].string
        kind = 0 if atom.name == "not_modelled" else 1
        key = (card, _SIDES.get(side, 2), side, index, text, kind)
        if kind == 1:
            # One line per ability, with its objects and every part it leaves out.
            parts.setdefault(key + (obj,), []).append(atom.arguments[5])
            continue
        abilities.setdefault(key, set()).add(obj)
    for key, plist in parts.items():
        abilities.setdefault(key[:-1] + (_parts_text(plist),), set()).add(key[-1])
    lines = []
    for key in sorted(abilities):
        card, _, _, _, text, kind = key[:6]
        where = f"{card} ({_objects_text(abilities[key])})"
        if kind == 0:
            lines.append(f'{where}: "{text}" is not modelled; this answer ignores it')
        else:
            lines.append(f'{where}: "{text}" is modelled except {key[6]}; this answer ignores that part')
    for (name, keyword) in sorted(keywords):
        where = f"{name} ({_objects_text(keywords[(name, keyword)])})" if name else _objects_text(keywords[(name, keyword)])
        lines.append(f"{where}: the keyword {keyword.replace('_', ' ')} is not implemented; this answer ignores it")
    return lines


_ANSWER_ATOMS = frozenset({"answer", "rests_on", "because"})


def decode(question: Question, models: list[list[Symbol]], choices: list[list[Symbol]] | None = None,
           timeline: Sequence[Event] = (), object_names: Mapping[str, str] | None = None) -> Answer:
    qtype = catalogue()[question.ask]
    term, at = question_term(question), Number(question.at)
    grouped: dict[str, Outcome] = {}
    shared: dict[str, set[str]] = {}
    invalid: list[str] = []
    for index, atoms in enumerate(models):
        values: list[Symbol] = []
        rules: set[str] = set()
        because: list[tuple[int, str]] = []
        chosen = [f"{to_text(player)}: {to_text_term(choice)}"
                  for player, choice, _ in (c.arguments for c in (choices[index] if choices else []))]
        for atom in atoms:
            # (Each property of a clingo symbol is a call into clingo: read each once. An answer
            # may have tens of thousands of atoms, legal_blocks' pairs.)
            name = atom.name
            if name in _ANSWER_ATOMS:
                args = atom.arguments
                if len(args) != 3 or args[0] != term or args[1] != at:
                    continue
                if name == "answer":
                    values.append(args[2])
                elif name == "rests_on":
                    rules.add(args[2].string)
                else:
                    because.append((_reason_order(qtype, args[2]), render_reason(qtype, args[2])))
            elif name == "invalid":
                text = render_invalid(atom, timeline)
                if text not in invalid:
                    invalid.append(text)
        outcome = Outcome(value=_value(qtype, values), rules=sorted(rules, key=rule_key),
                          because=[text for _, text in sorted(set(because))])
        key = repr((outcome.value, outcome.rules, outcome.because))
        if key not in grouped:
            grouped[key] = outcome
            shared[key] = set(chosen)
        else:
            shared[key] &= set(chosen)  # other questions' answers split it: keep what all share
    outcomes = list(grouped.values())
    for key, o in grouped.items():
        # One outcome whatever anyone chooses: no choice leads to it.
        o.choices = sorted(shared[key]) if len(outcomes) > 1 else []
    outcomes.sort(key=lambda o: (o.choices, repr(o.value)))
    # What isn't modelled is decided from the scenario alone: the same in every answer set.
    warnings = warnings_of([a for atoms in models for a in atoms], object_names)
    return Answer(question=question, outcomes=outcomes, invalid=invalid, warnings=warnings)


def _row_key(row: list[Any]) -> list[tuple[int, Any]]:
    """Rows in order of their columns, numbers as numbers."""
    return [(0, v, "") if isinstance(v, int) and not isinstance(v, bool) else (1, 0, str(v)) for v in row]


_NONE = object()


def _value(qtype: QuestionType, values: list[Symbol]) -> Any:
    if qtype.answer == "boolean":
        return to_python(values[0]) if values else None
    if qtype.answer == "number":
        return to_python(values[0]) if values else None
    if qtype.answer == "list":
        return sorted((to_python(v) for v in values), key=repr)
    record: dict[str, Any] = {}
    indexed: dict[str, list[tuple[Any, Any]]] = {}
    tables: dict[str, list[list[Any]]] = {}
    # The same few terms come back in many values (legal_blocks: each blocker and attacker in
    # thousands of rows): each is converted once (a string, number or constant). (Looking a symbol up is a hash and a comparison,
    # two calls into clingo; converting it, its type and its value, more.)
    converted: dict[Symbol, Any] = {}
    # A table given as a product (catalogue: products): its two halves, keyed by group.
    halves = {half: (fname, i) for fname, pair in qtype.products.items() for i, half in enumerate(pair)}
    lefts: dict[str, dict[Any, list[list[Any]]]] = {}
    rights: dict[str, dict[Any, list[list[Any]]]] = {}
    for v in values:
        name = v.name
        if name in halves:
            fname, i = halves[name]
            args = [to_python(a) for a in v.arguments]
            if i == 0:
                lefts.setdefault(fname, {}).setdefault(repr(args[-1]), []).append(args[:-1])
            else:
                rights.setdefault(fname, {}).setdefault(repr(args[0]), []).append(args[1:])
            continue
        kind = qtype.fields.get(name, "one")
        args = []
        for a in v.arguments:
            x = converted.get(a, _NONE)
            if x is _NONE:
                x = to_python(a)
                if not isinstance(x, (list, dict)):      # (a row never shares a mutable value)
                    converted[a] = x
            args.append(x)
        if kind == "table":
            tables.setdefault(name, []).append(args)
        elif kind == "one":
            record[name] = args[0] if len(args) == 1 else args
        elif kind == "map":
            record.setdefault(name, {})[args[0]] = args[1]
        elif kind == "phrases":
            record.setdefault(name, []).append(" ".join(str(a) for a in args))
        else:  # list: (value) or (index, value)
            indexed.setdefault(name, []).append((args[0], args[1]) if len(args) == 2 else (args[0], args[0]))
    for fname, groups in lefts.items():
        members = rights.get(fname, {})
        tables.setdefault(fname, []).extend(left + right for group, rows in groups.items() for left in rows
                                            for right in members.get(group, ()))
    for name, items in indexed.items():
        record[name] = [value for _, value in sorted(items, key=lambda kv: repr(kv[0]) if not isinstance(kv[0], int) else f"{kv[0]:09d}")]
    for name, rows in tables.items():
        columns = qtype.columns[name]
        record[name] = [dict(zip(columns, row)) for row in sorted(rows, key=_row_key)]
    for name, kind in qtype.fields.items():
        if kind == "phrases" and name in record:
            record[name] = sorted(record[name])
        if kind in ("list", "phrases", "table") and name not in record:
            record[name] = []
    return {name: record[name] for name in qtype.fields if name in record}
