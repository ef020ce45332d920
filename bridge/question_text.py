"""A question given on the command line ("NAME ARG ... [at=N]", `rulecheck ask --ask`), read
into the same checked Question as one written in a scenario file (bridge/load.py)."""

from __future__ import annotations

import re
import shlex

from .catalogue import catalogue
from .document import MAP, Node
from .errors import ScenarioError
from .load import checked_question
from .model import Question, Scenario
from .scenario import question_spec
from .vocabulary import OBJECT, PLAYER
from .spec import Context


def parse_ask(text: str, scenario: Scenario, origin: str = "--ask") -> Question:
    """A question given on the command line: "NAME ARG ... [at=N]", arguments in the
    catalogue's order or as name=value."""
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise ScenarioError(origin, None, f"can't read '{text}': {exc}") from None
    if not words:
        raise ScenarioError(origin, None, "empty question")
    words = _flow_mappings_joined(words)
    node_map: dict[str, Node] = {"ask": Node("str", words[0], text=words[0])}
    qtype = catalogue().get(words[0])
    positional = [p.name for p in qtype.params] + ["at"] if qtype else []
    known = set(positional)
    # Fewer values than parameters: those with a default are left out, first to last
    # ("can_target bolt bears": no ability between the source and the target).
    given = sum(1 for w in words[1:] if not ("=" in w and w.split("=", 1)[0] in known))
    if qtype is not None and given < len(qtype.params):
        skip = [p.name for p in qtype.params if p.default is not None][:len(qtype.params) - given]
        positional = [name for name in positional if name not in skip]
    for i, word in enumerate(words[1:]):
        if qtype is None:
            break                   # the unknown question is what is wrong (said below)
        # name=value, unless the text before "=" is no parameter's name ("mv<=3" is a value).
        if "=" in word and word.split("=", 1)[0] in known | {"at"}:
            key, value = word.split("=", 1)
        elif i < len(positional):
            key, value = positional[i], word
        else:
            raise ScenarioError(origin, None, f"too many arguments in '{text}'")
        node_map[key] = _scalar_node(value)
    ctx = Context(origin, "", None, {
        OBJECT: {oid: "object" for oid in scenario.objects},
        PLAYER: {p: "player" for p in scenario.players},
    })
    spec = question_spec(False).validate(Node(MAP, node_map, key_lines={}), ctx)
    return checked_question(spec, ctx, len(scenario.timeline), scenario.pool, scenario.objects)


def _flow_mappings_joined(words: list[str]) -> list[str]:
    """A declaration written as a YAML flow mapping is one argument, spaces and all: shlex splits
    "check_blocks {a: b, c: d}" at its spaces.

    >>> _flow_mappings_joined(["check_blocks", "{a:", "b,", "c:", "d}", "at=2"])
    ['check_blocks', '{a: b, c: d}', 'at=2']
    """
    out: list[str] = []
    depth = 0
    for word in words:
        if depth > 0:
            out[-1] += " " + word
        else:
            out.append(word)
        if depth > 0 or word.startswith("{"):
            depth += word.count("{") - word.count("}")
    return out


def _scalar_node(value: str) -> Node:
    # ASCII digits, as YAML reads a number ('--1' and '²' pass str.isdigit, and int() refuses them).
    if re.fullmatch(r"-?[0-9]+", value):
        return Node("int", int(value), text=value)
    return Node("str", value, text=value)
