"""Read a YAML or JSON document into located nodes.

YAML guesses types: `701.10` becomes the float 701.1, `2026-09-25` a date, `no` and `on`
booleans. Scenario fields that are text (rule numbers, versions, ids) must see what the
user wrote, so this reader keeps, for every scalar, both the value YAML resolved and the
text as written, whether it was quoted, and its line and column. Duplicate keys, which YAML
and JSON readers silently collapse, are errors here.
"""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from .errors import ScenarioError

# The resolved kind of a scalar: what a YAML 1.1 reader (or JSON) would have made of it.
STR, INT, FLOAT, BOOL, NULL, DATE = "str", "int", "float", "bool", "null", "date"
MAP, SEQ = "map", "seq"

_TAG_KIND = {
    "tag:yaml.org,2002:str": STR,
    "tag:yaml.org,2002:int": INT,
    "tag:yaml.org,2002:float": FLOAT,
    "tag:yaml.org,2002:bool": BOOL,
    "tag:yaml.org,2002:null": NULL,
    "tag:yaml.org,2002:timestamp": DATE,
}


@dataclass
class Node:
    """A value of the document with where it was written.

    kind: map, seq, str, int, float, bool, null or date. value: dict[str, Node] (in order)
    for a map, list[Node] for a seq, the resolved Python value for a scalar. text: the
    scalar as written (None for collections). quoted: the scalar was written in quotes.
    key_lines: for a map, where each key was written.
    """

    kind: str
    value: Any
    text: str | None = None
    quoted: bool = False
    line: int | None = None
    column: int | None = None
    key_lines: dict[str, tuple[int | None, int | None]] | None = None


# The largest scenario file rulecheck reads (README: "Limits"): ten times the largest scenario
# bench/timeline.py measures, and a few seconds of parsing.
MAX_FILE_BYTES = 8 * 1024 * 1024


def read_document(path: str | Path) -> Node:
    """Read a .yaml/.yml or .json file; raise ScenarioError naming the file on any problem."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES and path.is_file():
            raise ScenarioError(str(path), None, f"is {size / 2**20:.1f} MB; rulecheck reads scenario files of at most "
                                                 f"{MAX_FILE_BYTES // 2**20} MB (README: Limits)")
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioError(str(path), None, "no such file") from None
    except IsADirectoryError:
        raise ScenarioError(str(path), None, "is a folder, not a scenario file") from None
    except UnicodeDecodeError as exc:
        raise ScenarioError(str(path), None, f"is not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except OSError as exc:
        raise ScenarioError(str(path), None, f"cannot be read: {exc.strerror}") from None
    if path.suffix.lower() == ".json":
        return parse_json(text, str(path))
    return parse_yaml(text, str(path))


def parse_yaml(text: str, file: str) -> Node:
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        column = mark.column + 1 if mark else None
        problem = exc.problem or exc.context or "not valid YAML"
        raise ScenarioError(file, None, f"not valid YAML: {problem}", line, column) from None
    except yaml.YAMLError as exc:
        raise ScenarioError(file, None, f"not valid YAML: {exc}") from None
    if root is None:
        raise ScenarioError(file, None, "the file is empty")
    return _convert(root, file, _Constructor(), "")


def parse_json(text: str, file: str) -> Node:
    # json checks the syntax exactly and says where it breaks; YAML (a superset of JSON in
    # all but corner cases) then gives every value its line, and the number as written.
    try:
        json.loads(text, object_pairs_hook=_reject_duplicate_json_keys(file))
    except json.JSONDecodeError as exc:
        raise ScenarioError(file, None, f"not valid JSON: {exc.msg}", exc.lineno, exc.colno) from None
    try:
        return parse_yaml(text, file)
    except ScenarioError:
        # A JSON corner case YAML 1.1 reads differently: keep the values, without lines.
        return _from_plain(json.loads(text))


class _Constructor(yaml.constructor.SafeConstructor):
    """Builds a scalar's resolved value without building whole documents."""


def _join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def _convert(node: yaml.Node, file: str, constructor: _Constructor, path: str) -> Node:
    line, column = node.start_mark.line + 1, node.start_mark.column + 1
    if isinstance(node, yaml.MappingNode):
        items: dict[str, Node] = {}
        key_lines: dict[str, tuple[int | None, int | None]] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise ScenarioError(file, path or None, "a key must be a plain value, not a list or mapping",
                                    key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            key = key_node.value
            if key == "<<" and key_node.tag == "tag:yaml.org,2002:merge":
                raise ScenarioError(file, path or None, "YAML merge keys (<<) are not supported; write the keys out",
                                    key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            if key in items:
                first = key_lines[key][0]
                raise ScenarioError(file, path or None, f"duplicate key '{key}' (first written on line {first})",
                                    key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            items[key] = _convert(value_node, file, constructor, _join(path, key))
            key_lines[key] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
        return Node(MAP, items, line=line, column=column, key_lines=key_lines)
    if isinstance(node, yaml.SequenceNode):
        return Node(SEQ, [_convert(item, file, constructor, _join(path, i)) for i, item in enumerate(node.value)],
                    line=line, column=column)
    kind = _TAG_KIND.get(node.tag)
    if kind is None:
        raise ScenarioError(file, path or None, f"unsupported YAML tag {node.tag}", line, column)
    quoted = node.style in ("'", '"')
    try:
        value = constructor.construct_object(node) if kind != STR else node.value
    except (ValueError, yaml.constructor.ConstructorError):
        kind, value = STR, node.value
    if isinstance(value, (datetime.date, datetime.datetime)):
        kind = DATE
    return Node(kind, value, text=node.value, quoted=quoted, line=line, column=column)


def _reject_duplicate_json_keys(file: str):
    def hook(pairs):
        seen = {}
        for key, value in pairs:
            if key in seen:
                raise ScenarioError(file, None, f"duplicate key '{key}'")
            seen[key] = value
        return seen
    return hook


def _from_plain(value: Any) -> Node:
    if isinstance(value, dict):
        return Node(MAP, {k: _from_plain(v) for k, v in value.items()}, key_lines={})
    if isinstance(value, list):
        return Node(SEQ, [_from_plain(v) for v in value])
    if isinstance(value, bool):
        return Node(BOOL, value, text=json.dumps(value))
    if value is None:
        return Node(NULL, None, text="null")
    if isinstance(value, int):
        return Node(INT, value, text=str(value))
    if isinstance(value, float):
        return Node(FLOAT, value, text=repr(value))
    return Node(STR, value, text=value, quoted=True)
