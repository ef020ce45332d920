"""A small schema language: one description of the scenario format gives both the validator
(located, readable errors) and the published JSON Schema (schema/scenario.schema.json).

Each spec turns a document Node into plain Python values, or raises ScenarioError naming the
file, the path (`objects.miles.zone`), the line and what is wrong.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Callable

from .document import BOOL, DATE, FLOAT, INT, MAP, NULL, SEQ, STR, Node
from .errors import ScenarioError, UserError


# rulecheck's range of numbers. clingo's integers have 32 bits, and the rules add numbers up
# (power from counters, combat damage from power, life totals from damage): every number a
# document gives is at most NUMBER_LIMIT in size, the counters, damage and life it gives add up
# to at most TOTAL_LIMIT, and a "+X/+Y" counter is at most COUNTER_PT_LIMIT in each number. With
# at most 10,000 objects (scenario.py) of power at most 10,000 (cards.py: CARD_NUMBER_LIMIT),
# every sum the rules make stays below 2**31.
NUMBER_LIMIT = 1_000_000
TOTAL_LIMIT = 10_000_000
COUNTER_PT_LIMIT = 10
# A "+X/+Y" counter kind (122.1a): signs and numbers of power and toughness (facts.py reads it too).
PT_COUNTER = re.compile(r"^([+-])(\d+)/([+-])(\d+)$")

# A whole number as YAML reads one: a sign and ASCII digits.
_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")


class Context:
    """Where we are: the file, and the path from the root of the document."""

    def __init__(self, file: str, path: str = "", node: Node | None = None,
                 names: dict[str, dict[str, str]] | None = None, totals: dict[str, int] | None = None,
                 error_type: type[UserError] = ScenarioError):
        self.file, self.path, self.node = file, path, node
        # What errors are raised as (ScenarioError; CardDataError for card data files).
        self.error_type = error_type
        # Names defined so far, by kind ("object", "player", "stack item"): name -> what it is.
        self.names = names if names is not None else {}
        # What the numbers that add up have added up to so far (Int(adds_up=True)).
        self.totals = totals if totals is not None else {"numbers": 0}

    def at(self, key: str | int, node: Node) -> "Context":
        if isinstance(key, int):
            path = f"{self.path}[{key}]"
        else:
            path = f"{self.path}.{key}" if self.path else key
        return Context(self.file, path, node, self.names, self.totals, self.error_type)

    def error(self, message: str, node: Node | None = None, error_type: type[UserError] | None = None) -> UserError:
        node = node or self.node
        line = node.line if node else None
        column = node.column if node else None
        return (error_type or self.error_type)(self.file, self.path or None, message, line, column)


# A value is quoted in a message up to this many characters (a 4,300-digit number isn't).
SHOWN_CHARACTERS = 60


def _describe(node: Node) -> str:
    """A found value, for a message.

    >>> _describe(Node("str", "two", text="two"))
    "str 'two'"
    >>> _describe(Node("float", 1.0, text="1" * 100))
    "float '111111111111111111111111111111111111111111111111111111111111…' (100 characters)"
    """
    if node.kind == MAP:
        return "a mapping"
    if node.kind == SEQ:
        return "a list"
    if node.kind == NULL:
        return "empty"
    if node.text is None:
        return node.kind
    if len(node.text) > SHOWN_CHARACTERS:
        return f"{node.kind} {node.text[:SHOWN_CHARACTERS] + '…'!r} ({len(node.text):,} characters)"
    return f"{node.kind} {node.text!r}"


def suggest(word: str, choices) -> str:
    import difflib                             # (an error's hint only)
    close = difflib.get_close_matches(word, list(choices), n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


class Spec(ABC):
    """A part of the format: validate() reads a node, schema() describes it as JSON Schema."""

    description: str = ""

    @abstractmethod
    def validate(self, node: Node, ctx: Context) -> Any: ...

    @abstractmethod
    def schema(self) -> dict: ...

    def _with_description(self, schema: dict) -> dict:
        if self.description:
            schema["description"] = self.description
        return schema


def name_problem(text: str) -> str | None:
    """Why a name (an id, a player, a card name, a counter kind) can't be used: clingo's strings
    end at a NUL character, so two different names would be one."""
    if "\x00" in text:
        return "contains a NUL character"
    return None


def _counter_kind_problem(key: str) -> str | None:
    m = PT_COUNTER.match(key)
    if m and max(int(m.group(2)), int(m.group(4))) > COUNTER_PT_LIMIT:
        return (f"a +X/+Y counter's numbers must be at most {COUNTER_PT_LIMIT}, found '{key}' "
                f"(beyond rulecheck's range)")
    return None


@dataclass
class Text(Spec):
    """Text. YAML may have read it as a number, date or boolean: the text as written is kept,
    so `701.10` stays "701.10" and `2026-09-25` stays "2026-09-25"."""

    description: str = ""
    pattern: str | None = None
    examples: tuple[str, ...] = ()

    def validate(self, node: Node, ctx: Context) -> str:
        if node.kind in (MAP, SEQ):
            raise ctx.error(f"expected text, found {_describe(node)}", node)
        if node.kind == NULL or (node.text is not None and node.text.strip() == ""):
            raise ctx.error("is empty; give a value", node)
        text = node.text if node.text is not None else str(node.value)
        problem = name_problem(text)
        if problem:
            raise ctx.error(problem, node)
        return text

    def schema(self) -> dict:
        schema: dict[str, Any] = {"type": ["string", "number", "boolean"]}
        if self.examples:
            schema["examples"] = list(self.examples)
        return self._with_description(schema)


@dataclass
class Ref(Text):
    """The name of something defined elsewhere in the document: an object id, a player, an
    item on the stack. kinds: which kinds of name it may be."""

    kinds: tuple[str, ...] = ("object",)

    def validate(self, node: Node, ctx: Context) -> str:
        name = super().validate(node, ctx)
        known: dict[str, str] = {}
        for kind in self.kinds:
            if name in ctx.names.get(kind, {}):
                return name
            known.update(ctx.names.get(kind, {}))
        what = " or ".join(self.kinds)
        raise ctx.error(f"no {what} named '{name}'{suggest(name, known)}"
                        + (f"; known: {', '.join(sorted(known))}" if known else ""), node)


@dataclass
class String(Spec):
    """Text that must be written as text: for data whose format says "a string" (Scryfall's
    card objects), where `type_line: 12` is a mistake, not a type named "12". YAML reads an
    unquoted 12, 1.5, yes or 2026-09-25 as a number, boolean or date: those are refused, with
    the hint to quote them. empty: "" is allowed (Scryfall's "no mana cost")."""

    description: str = ""
    empty: bool = False

    def validate(self, node: Node, ctx: Context) -> str:
        if node.kind != STR:
            hint = " (write it in quotes)" if node.kind in (INT, FLOAT, BOOL, DATE) else ""
            raise ctx.error(f"expected text, found {_describe(node)}{hint}", node)
        text = node.value if isinstance(node.value, str) else node.text
        if not self.empty and text.strip() == "":
            raise ctx.error("is empty; give a value", node)
        problem = name_problem(text)
        if problem:
            raise ctx.error(problem, node)
        return text

    def schema(self) -> dict:
        schema: dict[str, Any] = {"type": "string"}
        if not self.empty:
            schema["pattern"] = r"\S"
        return self._with_description(schema)


@dataclass
class Maybe(Spec):
    """A value or null (None): for data formats that write null for "none"."""

    spec: Spec
    description: str = ""

    def validate(self, node: Node, ctx: Context) -> Any:
        if node.kind == NULL:
            return None
        return self.spec.validate(node, ctx)

    def schema(self) -> dict:
        return self._with_description({"anyOf": [self.spec.schema(), {"type": "null"}]})


@dataclass
class Int(Spec):
    """A whole number within rulecheck's range (NUMBER_LIMIT). adds_up: a number of counters,
    damage or life, which the rules add up: all of them together are at most TOTAL_LIMIT."""

    description: str = ""
    minimum: int | None = None
    adds_up: bool = False

    def validate(self, node: Node, ctx: Context) -> int:
        if node.kind != INT or isinstance(node.value, bool):
            hint = ""
            # A quoted number as YAML would read it unquoted: an optional sign, ASCII digits ('--1'
            # and '²' pass str.isdigit, and aren't numbers to YAML).
            if node.kind == STR and node.text is not None and _WHOLE_NUMBER.fullmatch(node.text.strip()):
                hint = " (write the number without quotes)"
            raise ctx.error(f"expected a whole number, found {_describe(node)}{hint}", node)
        if self.minimum is not None and node.value < self.minimum:
            raise ctx.error(f"must be at least {self.minimum}, found {node.value}", node)
        if node.value > NUMBER_LIMIT:
            raise ctx.error(f"must be at most {NUMBER_LIMIT:,}, found {node.value} (beyond rulecheck's range)", node)
        if node.value < -NUMBER_LIMIT:
            raise ctx.error(f"must be at least {-NUMBER_LIMIT:,}, found {node.value} (beyond rulecheck's range)", node)
        if self.adds_up:
            ctx.totals["numbers"] += abs(node.value)
            if ctx.totals["numbers"] > TOTAL_LIMIT:
                raise ctx.error(f"the counters, damage and life totals given so far add up to more than "
                                f"{TOTAL_LIMIT:,} (beyond rulecheck's range)", node)
        return int(node.value)

    def schema(self) -> dict:
        schema: dict[str, Any] = {"type": "integer", "maximum": NUMBER_LIMIT}
        schema["minimum"] = self.minimum if self.minimum is not None else -NUMBER_LIMIT
        return self._with_description(schema)


@dataclass
class Bool(Spec):
    """true or false. YAML 1.1 also reads yes/no/on/off as booleans; those are refused, as
    they are easy to write by accident (`face: no`)."""

    description: str = ""

    def validate(self, node: Node, ctx: Context) -> bool:
        if node.kind == BOOL and node.text is not None and node.text.lower() in ("true", "false"):
            return bool(node.value)
        if node.kind == BOOL:
            raise ctx.error(f"write true or false, not '{node.text}' (YAML 1.1 reads yes/no/on/off as "
                            "booleans, which is easy to do by accident)", node)
        raise ctx.error(f"expected true or false, found {_describe(node)}", node)

    def schema(self) -> dict:
        return self._with_description({"type": "boolean"})


@dataclass
class Enum(Spec):
    values: tuple[str, ...]
    description: str = ""

    def validate(self, node: Node, ctx: Context) -> str:
        if node.kind in (MAP, SEQ, NULL):
            raise ctx.error(f"expected one of {', '.join(self.values)}; found {_describe(node)}", node)
        text = node.text if node.text is not None else str(node.value)
        if text not in self.values:
            raise ctx.error(f"unknown value '{text}'{suggest(text, self.values)}; "
                            f"expected one of {', '.join(self.values)}", node)
        return text

    def schema(self) -> dict:
        return self._with_description({"enum": list(self.values)})


@dataclass
class ListOf(Spec):
    item: Spec
    description: str = ""
    min_items: int = 0

    def validate(self, node: Node, ctx: Context) -> list:
        if node.kind != SEQ:
            raise ctx.error(f"expected a list, found {_describe(node)}", node)
        if len(node.value) < self.min_items:
            raise ctx.error(f"needs at least {self.min_items} item(s)", node)
        return [self.item.validate(child, ctx.at(i, child)) for i, child in enumerate(node.value)]

    def schema(self) -> dict:
        schema: dict[str, Any] = {"type": "array", "items": self.item.schema()}
        if self.min_items:
            schema["minItems"] = self.min_items
        return self._with_description(schema)


@dataclass
class MapOf(Spec):
    """A mapping whose keys are names the user chooses (object ids, counter kinds)."""

    value: Spec
    description: str = ""
    key_description: str = ""

    def validate(self, node: Node, ctx: Context) -> dict:
        if node.kind != MAP:
            raise ctx.error(f"expected a mapping, found {_describe(node)}", node)
        for key, child in node.value.items():
            problem = name_problem(key) or _counter_kind_problem(key)
            if problem:
                raise ctx.at(key, child).error(problem, key_node(node, key, child))
        return {key: self.value.validate(child, ctx.at(key, child)) for key, child in node.value.items()}

    def schema(self) -> dict:
        return self._with_description({"type": "object", "additionalProperties": self.value.schema()})


@dataclass
class Field:
    spec: Spec
    required: bool = False
    default: Any = None


@dataclass
class Record(Spec):
    """A mapping with known keys; unknown keys are errors (a misspelt key must not be ignored)."""

    fields: dict[str, Field]
    description: str = ""
    what: str = "this mapping"
    check: Callable[[dict, Node, Context], None] | None = field(default=None, repr=False)
    # Keys it doesn't name are ignored rather than refused: for data in a format defined
    # elsewhere (Scryfall's card objects, which have dozens of fields rulecheck doesn't read).
    other_keys: bool = False

    def validate(self, node: Node, ctx: Context) -> dict:
        if node.kind != MAP:
            raise ctx.error(f"expected a mapping, found {_describe(node)}", node)
        out: dict[str, Any] = {}
        for key, child in node.value.items():
            if key not in self.fields:
                if self.other_keys:
                    continue
                raise ctx.at(key, child).error(
                    f"unknown key '{key}' in {self.what}{suggest(key, self.fields)}; "
                    f"allowed: {', '.join(self.fields)}", key_node(node, key, child))
            out[key] = self.fields[key].spec.validate(child, ctx.at(key, child))
        for key, spec_field in self.fields.items():
            if key not in out:
                if spec_field.required:
                    raise ctx.error(f"missing required key '{key}' in {self.what}", node)
                out[key] = spec_field.default
        if self.check:
            self.check(out, node, ctx)
        return out

    def schema(self) -> dict:
        props = {key: f.spec.schema() for key, f in self.fields.items()}
        for key, f in self.fields.items():
            if f.default is not None and "default" not in props[key]:
                props[key]["default"] = f.default
        schema: dict[str, Any] = {"type": "object", "properties": props, "additionalProperties": self.other_keys}
        required = [key for key, f in self.fields.items() if f.required]
        if required:
            schema["required"] = required
        return self._with_description(schema)


@dataclass
class Tagged(Spec):
    """A mapping that is one of several records, told apart by which key names it (the
    verb of a timeline event: `cast`, `move`, ...)."""

    variants: dict[str, Record]
    description: str = ""
    what: str = "entry"

    def validate(self, node: Node, ctx: Context) -> tuple[str, dict]:
        if node.kind != MAP:
            raise ctx.error(f"expected a mapping with one of {', '.join(self.variants)}; found {_describe(node)}", node)
        tags = [key for key in node.value if key in self.variants]
        if len(tags) != 1:
            found = "none" if not tags else ", ".join(tags)
            unknown = [key for key in node.value if key not in self.variants]
            hint = suggest(unknown[0], self.variants) if unknown and not tags else ""
            raise ctx.error(f"a{'n' if self.what[0] in 'aeiou' else ''} {self.what} needs exactly one of "
                            f"{', '.join(self.variants)}; found {found}{hint}", node)
        tag = tags[0]
        return tag, self.variants[tag].validate(node, ctx)

    def schema(self) -> dict:
        options = []
        for tag, record in self.variants.items():
            schema = record.schema()
            schema.setdefault("required", [])
            if tag not in schema["required"]:
                schema["required"] = [tag] + schema["required"]
            options.append(schema)
        return self._with_description({"oneOf": options})


def key_node(node: Node, key: str, child: Node) -> Node:
    """A node placed at where a key was written, for errors about the key itself."""
    line, column = (node.key_lines or {}).get(key, (child.line, child.column))
    return Node(STR, key, text=key, line=line, column=column)


__all__ = ["suggest", "key_node", "Context", "Spec", "Text", "String", "Maybe", "Ref", "Int", "Bool", "Enum", "ListOf", "MapOf", "Field", "Record",
           "Tagged", "DATE", "FLOAT"]
