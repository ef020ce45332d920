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
import re
import sys
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

# How deep a document may nest, and how many values it may hold once its aliases are expanded
# (README: "Limits"). Both are checked while the file is composed, before any value is built:
# scenarios nest a few levels, and an alias repeats what it names, so a few lines of aliases
# could otherwise stand for billions of values (and a self-referencing one for infinitely many).
MAX_DEPTH = 100
MAX_VALUES = 300_000


def read_document(path: str | Path) -> Node:
    """Read a .yaml/.yml or .json file; raise ScenarioError naming the file on any problem."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES and path.is_file():
            raise ScenarioError(str(path), None, f"is {size / 2**20:.1f} MB; rulecheck reads scenario files of at most "
                                                 f"{MAX_FILE_BYTES // 2**20} MB (README: Limits)")
        data = path.read_bytes()
        text = data.decode("utf-8")
    except FileNotFoundError:
        raise ScenarioError(str(path), None, "no such file") from None
    except IsADirectoryError:
        raise ScenarioError(str(path), None, "is a folder, not a scenario file") from None
    except UnicodeDecodeError as exc:
        raise ScenarioError(str(path), None, f"is not UTF-8 text ({exc.reason} at byte {exc.start})",
                            *byte_line_column(data, exc.start)) from None
    except OSError as exc:
        raise ScenarioError(str(path), None, f"cannot be read: {exc.strerror}") from None
    if path.suffix.lower() == ".json":
        return parse_json(text, str(path))
    return parse_yaml(text, str(path))


def byte_line_column(data: bytes, position: int) -> tuple[int, int]:
    """1-based line and column (in bytes) of a byte of a file that isn't UTF-8 text."""
    return data.count(b"\n", 0, position) + 1, position - (data.rfind(b"\n", 0, position) + 1) + 1


def parse_yaml(text: str, file: str) -> Node:
    root = _compose(text, file)
    if root is None:
        raise ScenarioError(file, None, "the file is empty")
    return _convert(root, file, _Constructor(), "")


class _NotYAML(ScenarioError):
    """The text is not valid YAML (parse_json then reads it as JSON alone)."""


def _compose(text: str, file: str) -> yaml.Node | None:
    """The document's node tree: parsed by libyaml where PyYAML has it (a tenth of the time),
    composed by the same Python code either way, so limits and lines are checked alike; any
    error, and a document libyaml refuses, is read again by PyYAML's own parser, whose message
    rulecheck reports (tests/malformed/: the same line for either)."""
    if _FastLoader is not None:
        try:
            fast = _FastLoader(text, file)
        except yaml.YAMLError:
            fast = None
        if fast is not None:
            try:
                return fast.get_single_node()
            except (yaml.YAMLError, ScenarioError):
                pass                            # said as PyYAML says it, below
            finally:
                fast.dispose()
    try:
        loader = _Loader(text, file)
    except yaml.reader.ReaderError as exc:      # a character YAML forbids, found before parsing
        line, column = _line_column(text, exc.position)
        char = exc.character if isinstance(exc.character, int) else ord(exc.character)
        raise _NotYAML(file, None, f"not valid YAML: unacceptable character #x{char:04x}: {exc.reason}",
                       line, column) from None
    try:
        return loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        column = mark.column + 1 if mark else None
        problem = exc.problem or exc.context or "not valid YAML"
        raise _NotYAML(file, None, f"not valid YAML: {problem}", line, column) from None
    except yaml.YAMLError as exc:
        raise _NotYAML(file, None, f"not valid YAML: {str(exc).splitlines()[0]}") from None
    finally:
        loader.dispose()


_YAML_BREAK = re.compile("\r\n|[\n\r\x85\u2028\u2029]")


def _line_column(text: str, position: int) -> tuple[int, int]:
    """1-based line and column of a character, counting line breaks as YAML does."""
    line, start = 1, 0
    for m in _YAML_BREAK.finditer(text, 0, position):
        line, start = line + 1, m.end()
    return line, position - start + 1


class _Limits:
    """Composes nodes (never Python values) within MAX_DEPTH and MAX_VALUES.

    An alias is counted as the values and levels of what it names, each time it is used, so
    the limits bound the document _convert will build, before it builds anything. An alias
    inside the collection it names would be endless, and is refused where it is written.
    """

    def _limits(self, file: str) -> None:
        self.file = file
        self.where: list[Any] = []          # the index (int) or key node of each open level
        self.values = 0                     # values so far, aliases expanded
        self.deepest = 0                    # the deepest level reached in the open node
        self.open_anchors: set[str] = set()
        self.sizes: dict[int, tuple[int, int]] = {}   # id(anchored node) -> (values, levels)

    def compose_node(self, parent, index):
        level = len(self.where) + 1
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            if event.anchor in self.open_anchors:
                self._refuse(index, event, f"alias *{event.anchor} is inside the collection it names, so it "
                                           "would repeat without end; YAML aliases must not be recursive")
            node = super().compose_node(parent, index)          # PyYAML: an undefined alias
            values, levels = self.sizes[id(node)]
            self._count(index, event, values, level + levels - 1, event.anchor)
            return node
        self._count(index, event, 1, level, None)
        anchor = event.anchor
        if anchor is not None and not isinstance(event, yaml.ScalarEvent):
            self.open_anchors.add(anchor)
        before_values, before_deepest = self.values - 1, self.deepest
        self.deepest = level
        self.where.append(index)
        try:
            node = super().compose_node(parent, index)
        finally:
            self.where.pop()
            self.open_anchors.discard(anchor)
        if anchor is not None:
            self.sizes[id(node)] = (self.values - before_values, self.deepest - level + 1)
        self.deepest = max(self.deepest, before_deepest)
        return node

    def _count(self, index, event, values: int, deepest: int, alias: str | None) -> None:
        self.values += values
        self.deepest = max(self.deepest, deepest)
        if deepest > MAX_DEPTH:
            what = f"alias *{alias} nests the document" if alias else "the document is nested"
            self._refuse(index, event, f"{what} more than {MAX_DEPTH} levels deep; rulecheck reads documents "
                                       f"nested at most {MAX_DEPTH} levels (README: Limits)")
        if self.values > MAX_VALUES:
            what = f"alias *{alias} takes the document past" if alias else "the document has more than"
            self._refuse(index, event, f"{what} {MAX_VALUES:,} values (an alias counts every value it repeats, "
                                       f"each time it is used); rulecheck reads documents of at most "
                                       f"{MAX_VALUES:,} values (README: Limits)")

    def _refuse(self, index, event, message: str):
        path = ""
        for i in self.where + [index]:
            if isinstance(i, int):
                path = _join(path, i)
            elif isinstance(i, yaml.ScalarNode):
                path = _join(path, i.value)
        mark = event.start_mark
        raise ScenarioError(self.file, path or None, message, mark.line + 1, mark.column + 1)


class _Loader(_Limits, yaml.SafeLoader):
    """PyYAML's own reader, scanner and parser (pure Python)."""

    def __init__(self, text: str, file: str):
        yaml.SafeLoader.__init__(self, text)
        self._limits(file)


if getattr(yaml, "__with_libyaml__", False):
    class _FastLoader(_Limits, yaml.composer.Composer, yaml.cyaml.CParser, yaml.resolver.Resolver):  # type: ignore[misc]
        """libyaml's parser (C: its events carry the same lines and columns), PyYAML's composer
        and resolver (Python: the same nodes, tags and limits as _Loader)."""

        def __init__(self, text: str, file: str):
            yaml.cyaml.CParser.__init__(self, text)
            yaml.composer.Composer.__init__(self)
            yaml.resolver.Resolver.__init__(self)
            self._limits(file)
else:                                           # pragma: no cover (PyYAML built without libyaml)
    _FastLoader = None  # type: ignore[assignment,misc]


def parse_json(text: str, file: str) -> Node:
    # json checks the syntax exactly and says where it breaks; YAML (a superset of JSON in
    # all but corner cases) then gives every value its line, and the number as written, and
    # finds duplicate keys, too deep nesting and too many values, with their place.
    try:
        json.loads(text, object_pairs_hook=_Pairs)
    except json.JSONDecodeError as exc:
        raise ScenarioError(file, None, f"not valid JSON: {exc.msg}", exc.lineno, exc.colno) from None
    except RecursionError:
        pass                        # nested far too deep: the YAML composer says where
    except ValueError as exc:       # an integer longer than Python converts (sys.get_int_max_str_digits)
        check_json_number_length(text, file, ScenarioError)
        raise ScenarioError(file, None, f"not valid JSON: {exc}") from None
    try:
        return parse_yaml(text, file)
    except _NotYAML:
        # A JSON corner case YAML 1.1 reads differently: keep the values, without lines.
        check_json_depth(text, file, ScenarioError)
        return _from_plain(json.loads(text, object_pairs_hook=_Pairs), file, "")


_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.S)


def check_json_depth(text: str, file: str, error: type = ScenarioError) -> None:
    """Refuse JSON nested more than MAX_DEPTH levels, at the bracket that goes too deep.

    A scan of brackets outside strings: json itself stops with a RecursionError, and says
    nothing of where.
    """
    depth = 0
    for m in _JSON_TOKEN.finditer(text):
        ch = m.group()[0]
        if ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                pos = m.start()
                raise error(file, None, f"nested more than {MAX_DEPTH} levels deep; rulecheck reads JSON nested "
                                        f"at most {MAX_DEPTH} levels (README: Limits)",
                            text.count("\n", 0, pos) + 1, pos - text.rfind("\n", 0, pos))
        elif ch in "]}":
            depth -= 1


_JSON_NUMBER = re.compile(r'"(?:[^"\\]|\\.)*"|-?[0-9]+', re.S)


def check_json_number_length(text: str, file: str, error: type = ScenarioError) -> None:
    """Refuse a JSON integer longer than Python converts, at the number: json.loads raises a
    plain ValueError for it, and says nothing of where. (YAML reads such a number as text.)"""
    limit = getattr(sys, "get_int_max_str_digits", lambda: 4300)() or None
    for m in _JSON_NUMBER.finditer(text):
        digits = len(m.group().lstrip("-"))
        if limit and m.group()[0] != '"' and digits > limit:
            pos = m.start()
            raise error(file, None, f"a number of {digits:,} digits, more than rulecheck reads (README: Limits)",
                        text.count("\n", 0, pos) + 1, pos - text.rfind("\n", 0, pos))


_COLLECTION_TAGS = ("tag:yaml.org,2002:map", "tag:yaml.org,2002:seq")


class _Constructor(yaml.constructor.SafeConstructor):
    """Builds a scalar's resolved value without building whole documents."""


def _join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def _convert(node: yaml.Node, file: str, constructor: _Constructor, path: str) -> Node:
    line, column = node.start_mark.line + 1, node.start_mark.column + 1
    if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and node.tag not in _COLLECTION_TAGS:
        # (a tag on a mapping or list, `!!python/object:...`, would otherwise be ignored)
        raise ScenarioError(file, path or None, f"unsupported YAML tag {node.tag}", line, column)
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


class _Pairs(list):
    """A JSON object's (key, value) pairs, in order, duplicates kept."""


def _from_plain(value: Any, file: str, path: str) -> Node:
    if isinstance(value, _Pairs):
        items: dict[str, Node] = {}
        for key, item in value:
            if key in items:
                raise ScenarioError(file, path or None, f"duplicate key '{key}'")
            items[key] = _from_plain(item, file, _join(path, key))
        return Node(MAP, items, key_lines={})
    if isinstance(value, list):
        return Node(SEQ, [_from_plain(v, file, _join(path, i)) for i, v in enumerate(value)])
    return plain_scalar(value)


def plain_scalar(value: Any) -> Node:
    """A scalar JSON value (json.loads's) as a document node, without a place.

    >>> plain_scalar(True).text, plain_scalar(3).kind, plain_scalar(1.5).text, plain_scalar("x").quoted
    ('true', 'int', '1.5', True)
    """
    if isinstance(value, bool):
        return Node(BOOL, value, text=json.dumps(value))
    if value is None:
        return Node(NULL, None, text="null")
    if isinstance(value, int):
        return Node(INT, value, text=str(value))
    if isinstance(value, float):
        return Node(FLOAT, value, text=repr(value))
    return Node(STR, value, text=value, quoted=True)
