"""YAML parsed by libyaml (bridge/document.py _FastLoader) gives the same nodes, lines and
columns as PyYAML's own parser, and every error is said as PyYAML says it."""

from pathlib import Path

import pytest
import yaml

from rulecheck import document

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(document._FastLoader is None, reason="PyYAML built without libyaml")


def tree(node):
    """A node tree as plain values, with each node's tag, value, style and place."""
    if node is None:                                   # an empty document
        return None
    place = (node.start_mark.line, node.start_mark.column, node.end_mark.line, node.end_mark.column)
    if isinstance(node, yaml.MappingNode):
        return ("map", node.tag, place, [(tree(k), tree(v)) for k, v in node.value])
    if isinstance(node, yaml.SequenceNode):
        return ("seq", node.tag, place, [tree(v) for v in node.value])
    return ("scalar", node.tag, place, node.value, node.style or None)   # (libyaml: "" for plain)


def compose(loader_class, text: str):
    loader = loader_class(text, "f.yaml")
    try:
        return loader.get_single_node()
    finally:
        loader.dispose()


DOCUMENTS = sorted(p for folder in ("seeds", "docs", "tests", "schema")
                   for p in (ROOT / folder).rglob("*") if p.suffix in (".yaml", ".yml"))


def test_every_document_of_the_repository_composes_alike():
    compared = 0
    for path in DOCUMENTS:
        text = path.read_text(encoding="utf-8", errors="replace")
        try:
            slow = tree(compose(document._Loader, text))
        except (yaml.YAMLError, document.ScenarioError):
            continue                                   # (tests/malformed: below)
        assert tree(compose(document._FastLoader, text)) == slow, path
        compared += 1
    assert compared > 100


def test_lines_and_columns_after_wide_characters_and_other_line_breaks():
    text = "a: \"Miles — ü 😀\"\r\nb:\r\n  - {x: 1, y: [2, 'é']}\n  - c: |\n      text\n      more\nd: \u00e9t\u00e9\n"
    assert tree(compose(document._FastLoader, text)) == tree(compose(document._Loader, text))


def test_malformed_documents_are_refused_with_pyyaml_s_words(monkeypatch):
    """Each file of tests/malformed gives the same error, or the same nodes, with libyaml's
    parser as without it (test_malformed.py checks the words themselves)."""
    from rulecheck.errors import UserError
    outcomes = []
    for fast in (document._FastLoader, None):
        monkeypatch.setattr(document, "_FastLoader", fast)
        seen = []
        for path in sorted((ROOT / "tests" / "malformed").iterdir()):
            if path.suffix not in (".yaml", ".yml", ".json"):
                continue
            try:
                seen.append(("ok", str(document.read_document(path))))
            except UserError as exc:
                seen.append(("error", str(exc)))
        outcomes.append(seen)
    assert outcomes[0] == outcomes[1] and len(outcomes[0]) > 50


def test_the_fast_parser_is_the_one_used(monkeypatch):
    made = []

    class Counting(document._FastLoader):
        def __init__(self, text, file):
            made.append(file)
            super().__init__(text, file)
    monkeypatch.setattr(document, "_FastLoader", Counting)
    node = document.parse_yaml("players: [alice, bob]\n", "s.yaml")
    assert made == ["s.yaml"] and node.value["players"].line == 1


def test_a_tab_before_a_json_value_is_read_with_its_lines():
    """PyYAML refuses a tab before a value in a flow mapping; libyaml reads it as YAML 1.2 and
    JSON do, so such a JSON file's values have their lines (a duplicate key is placed)."""
    text = '{"objects": {"a": {"card":\t"White Knight"}, "a": {"card": "White Knight"}}}'
    with pytest.raises(document.ScenarioError) as info:
        document.parse_json(text, "bad.json")
    assert str(info.value) == "bad.json:1:45: objects: duplicate key 'a' (first written on line 1)"
