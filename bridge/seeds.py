"""The seed ruling index (seeds/index.yaml): loading, consistency checks and coverage.

Every paragraph of the four seed documents under seeds/documents/ is one official ruling. The index
lists each unique ruling once (texts repeated verbatim across documents list every place they
appear), the CR rules in force behind it, whether it still holds under the CR in force, and the
scenario files that execute it. seeds/README.md describes the fields and the statuses.

    index = load_index(pathlib.Path("seeds"))      # ScenarioError on any malformed entry
    problems = check_index(index)                  # [] when the index matches the documents
    rows = coverage(index, {"transform/mdfc.yaml": True, ...})
    print(format_coverage(rows))
"""

from __future__ import annotations

import pathlib
import re
from dataclasses import dataclass
from typing import Any

import yaml

from .errors import ScenarioError

INDEX_FILE = "index.yaml"
DOCUMENTS_DIR = "documents"

TOPICS: tuple[str, ...] = (
    "transform", "convert", "modal_dfc", "characteristics", "mana_value", "names",
    "color_identity", "printed_on", "timestamps", "tokens", "first_strike", "double_strike",
    "haste", "equip", "doubling", "replacement", "prevention", "mana_restriction", "duration",
)
STATUSES: tuple[str, ...] = ("holds", "superseded", "informational")
EXECUTABLE: frozenset[str] = frozenset({"holds", "superseded"})
ISSUES: tuple[str, ...] = ("2", "3", "4", "10", "11", "later")

# A CR rule number: section (701), rule (701.27) or subrule (701.27a). Subrules skip l and o.
RULE_RE = re.compile(r"^\d{3}(?:\.\d+[a-kmnp-z]?)?$")
ID_RE = re.compile(r"^(\d{3})-(\d{2,})$")
PLACE_RE = re.compile(r"^(\d{3}):([1-9]\d*)$")
SEED_RE = re.compile(r"^\d{3}$")

_REQUIRED = ("id", "appears_in", "text", "topic", "rules", "status", "issue", "scenarios")
_OPTIONAL = ("current_rule", "difference", "why_informational", "note")
_DOCUMENT_FIELDS = ("seed", "file", "title")


@dataclass(frozen=True)
class Ruling:
    id: str
    appears_in: tuple[str, ...]
    text: str
    topic: str
    rules: tuple[str, ...]
    status: str
    current_rule: str | None
    difference: str | None
    why_informational: str | None
    issue: str
    scenarios: tuple[str, ...]
    note: str | None

    @property
    def executable(self) -> bool:
        """Holds or superseded: a scenario can assert what the CR in force answers."""
        return self.status in EXECUTABLE


@dataclass(frozen=True)
class SeedIndex:
    documents: tuple[dict, ...]
    rulings: tuple[Ruling, ...]
    root: pathlib.Path  # the seeds/ folder; document files and scenario paths are relative to it

    def ruling(self, ruling_id: str) -> Ruling:
        for r in self.rulings:
            if r.id == ruling_id:
                return r
        raise KeyError(ruling_id)


# --------------------------------------------------------------------------------------------
# Loading


class _Loader:
    """Validates the parsed YAML, naming the entry and the line of every problem."""

    def __init__(self, file: str, root_node: yaml.Node | None):
        self.file = file
        self.root_node = root_node

    def fail(self, path: tuple, message: str) -> ScenarioError:
        node = self._node(path)
        line = column = None
        if node is not None:
            line, column = node.start_mark.line + 1, node.start_mark.column + 1
        return ScenarioError(self.file, _where(path) or None, message, line=line, column=column)

    def _node(self, path: tuple) -> yaml.Node | None:
        """The YAML node at path, or the deepest existing ancestor (for line numbers)."""
        node = self.root_node
        for step in path:
            if isinstance(node, yaml.MappingNode) and isinstance(step, str):
                nxt = next((v for k, v in node.value if getattr(k, "value", None) == step), None)
            elif isinstance(node, yaml.SequenceNode) and isinstance(step, int) and step < len(node.value):
                nxt = node.value[step]
            else:
                nxt = None
            if nxt is None:
                return node
            node = nxt
        return node

    def source_text(self, path: tuple) -> str | None:
        node = self._node(path)
        return node.value if isinstance(node, yaml.ScalarNode) else None

    def text(self, value: Any, path: tuple, what: str, pattern: re.Pattern | None = None,
             example: str | None = None) -> str:
        if isinstance(value, str):
            if not value.strip():
                raise self.fail(path, f"{what} is empty")
            if pattern is not None and not pattern.match(value):
                hint = f" (expected something like {example!r})" if example else ""
                raise self.fail(path, f"{what} {value!r} is not well formed{hint}")
            return value
        if value is None:
            raise self.fail(path, f"{what} is missing or empty")
        if isinstance(value, (bool, int, float)) or type(value).__name__ in ("date", "datetime"):
            written = self.source_text(path) or str(value)
            kind = {bool: "a boolean", int: "an integer", float: "a number"}.get(type(value), "a date")
            raise self.fail(path, f"{what} {written} is not quoted, so YAML reads it as {kind} "
                                  f"({value!r}); quote it: \"{written}\"")
        raise self.fail(path, f"{what} must be a quoted string, not a {type(value).__name__}")

    def texts(self, value: Any, path: tuple, what: str, entry: str, pattern: re.Pattern | None = None,
              example: str | None = None, allow_empty: bool = False) -> tuple[str, ...]:
        if not isinstance(value, list):
            raise self.fail(path, f"{what} must be a list of quoted strings, e.g. [\"{example}\"]"
                            if example else f"{what} must be a list of quoted strings")
        if not value and not allow_empty:
            raise self.fail(path, f"{what} must not be empty")
        return tuple(self.text(v, path + (i,), entry, pattern, example) for i, v in enumerate(value))

    def mapping(self, value: Any, path: tuple, what: str, allowed: tuple[str, ...]) -> dict:
        if not isinstance(value, dict):
            raise self.fail(path, f"{what} must be a mapping")
        for key in value:
            if key not in allowed:
                raise self.fail(path + (key,) if isinstance(key, str) else path,
                                f"unknown field {key!r} in {what}; allowed: {', '.join(allowed)}")
        return value

    def document(self, value: Any, path: tuple) -> dict:
        entry = self.mapping(value, path, "a document entry", _DOCUMENT_FIELDS)
        for key in _DOCUMENT_FIELDS:
            if key not in entry:
                raise self.fail(path, f"document entry has no {key!r}")
        return {
            "seed": self.text(entry["seed"], path + ("seed",), "seed", SEED_RE, "000"),
            "file": self.text(entry["file"], path + ("file",), "file"),
            "title": self.text(entry["title"], path + ("title",), "title"),
        }

    def ruling(self, value: Any, path: tuple) -> Ruling:
        entry = self.mapping(value, path, "a ruling", _REQUIRED + _OPTIONAL)
        for key in _REQUIRED:
            if key not in entry:
                raise self.fail(path, f"ruling has no {key!r} (required: {', '.join(_REQUIRED)})")
        rid = self.text(entry["id"], path + ("id",), "id", ID_RE, "000-01")
        topic = self.text(entry["topic"], path + ("topic",), "topic")
        if topic not in TOPICS:
            raise self.fail(path + ("topic",), f"unknown topic {topic!r}; known: {', '.join(TOPICS)}")
        status = self.text(entry["status"], path + ("status",), "status")
        if status not in STATUSES:
            raise self.fail(path + ("status",), f"unknown status {status!r}; known: {', '.join(STATUSES)}")
        issue = entry["issue"]
        if isinstance(issue, int) and not isinstance(issue, bool):
            issue = str(issue)
        if not isinstance(issue, str) or issue not in ISSUES:
            raise self.fail(path + ("issue",), f"issue {issue!r} must be one of {', '.join(ISSUES[:-1])} or \"later\"")

        def optional(key: str, pattern: re.Pattern | None = None, example: str | None = None):
            if key not in entry:
                return None
            return self.text(entry[key], path + (key,), key, pattern, example)

        return Ruling(
            id=rid,
            appears_in=self.texts(entry["appears_in"], path + ("appears_in",), "appears_in", "place",
                                  PLACE_RE, "000:1"),
            text=self.text(entry["text"], path + ("text",), "text"),
            topic=topic,
            rules=self.texts(entry["rules"], path + ("rules",), "rules", "rule number", RULE_RE, "701.27a"),
            status=status,
            current_rule=optional("current_rule", RULE_RE, "701.27a"),
            difference=optional("difference"),
            why_informational=optional("why_informational"),
            issue=issue,
            scenarios=self.texts(entry["scenarios"], path + ("scenarios",), "scenarios", "scenario path",
                                 allow_empty=True),
            note=optional("note"),
        )


def _where(path: tuple) -> str:
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else str(step))
    return out


def load_index(seeds_dir: pathlib.Path) -> SeedIndex:
    """Read seeds_dir/index.yaml. Any malformed entry raises ScenarioError (file, place, reason)."""
    seeds_dir = pathlib.Path(seeds_dir)
    path = seeds_dir / INDEX_FILE
    file = str(path)
    try:
        source = path.read_text(encoding="utf-8")
    except OSError as e:
        raise ScenarioError(file, None, f"cannot read the seed index: {e.strerror or e}") from None
    loader = yaml.SafeLoader(source)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        problem = getattr(e, "problem", None) or str(e)
        raise ScenarioError(file, None, f"not valid YAML: {problem}",
                            line=mark.line + 1 if mark else None,
                            column=mark.column + 1 if mark else None) from None
    finally:
        loader.dispose()

    v = _Loader(file, node)
    top = v.mapping(data, (), "the seed index", ("documents", "rulings"))
    for key in ("documents", "rulings"):
        if not isinstance(top.get(key), list) or not top[key]:
            raise v.fail((key,) if key in top else (), f"the seed index needs a non-empty list {key!r}")
    documents = tuple(v.document(d, ("documents", i)) for i, d in enumerate(top["documents"]))
    rulings = tuple(v.ruling(r, ("rulings", i)) for i, r in enumerate(top["rulings"]))
    return SeedIndex(documents=documents, rulings=rulings, root=seeds_dir)


# --------------------------------------------------------------------------------------------
# Documents and consistency


def read_document(path: pathlib.Path) -> tuple[str, list[str]]:
    """(title, paragraphs) of a seed document: the first line is the title, then paragraphs
    separated by blank lines. Paragraph n (1-based) is paragraphs[n - 1]."""
    lines = pathlib.Path(path).read_text(encoding="utf-8-sig").splitlines()
    if not lines:
        return "", []
    paragraphs: list[str] = []
    current: list[str] = []
    for line in lines[1:]:
        if line.strip():
            current.append(line)
        elif current:
            paragraphs.append("\n".join(current))
            current = []
    if current:
        paragraphs.append("\n".join(current))
    return lines[0], paragraphs


def cr_rule_numbers(cr_text: str) -> set[str]:
    """Every rule number defined in a Comprehensive Rules text (sections, rules, subrules)."""
    found = set()
    for line in cr_text.splitlines():
        m = re.match(r"^\ufeff?(\d{3}(?:\.\d+[a-z]?)?)\.? \S", line)
        if m:
            found.add(m.group(1))
    return found


def _place_key(place: str) -> tuple[str, int]:
    m = PLACE_RE.match(place)
    return (m.group(1), int(m.group(2))) if m else (place, 0)


def check_index(index: SeedIndex, *, cr_text: str | None = None) -> list[str]:
    """Consistency problems, one message each; [] means the index matches the documents.

    Checks: the documents listed are exactly the files under documents/ (titles match); every
    paragraph of every document is indexed exactly once (by the ruling whose appears_in names it);
    ruling texts match the documents verbatim and are unique; ids are unique and name the first
    appearance; status fields are present (and only where they belong); scenario files exist.
    With cr_text (the CR in force), every rule number must exist in it.
    """
    problems: list[str] = []
    root = index.root

    # documents
    paragraphs: dict[str, list[str]] = {}
    listed_files = set()
    for doc in index.documents:
        path = root / doc["file"]
        listed_files.add(path.resolve())
        if not path.is_file():
            problems.append(f"document {doc['seed']}: file {doc['file']} does not exist")
            continue
        if not path.name.startswith(doc["seed"] + "_"):
            problems.append(f"document {doc['seed']}: file name {path.name} does not start with "
                            f"{doc['seed']}_")
        if doc["seed"] in paragraphs:
            problems.append(f"document {doc['seed']} is listed twice")
        title, paras = read_document(path)
        if title != doc["title"]:
            problems.append(f"document {doc['seed']}: title {doc['title']!r} differs from the "
                            f"file's {title!r}")
        paragraphs[doc["seed"]] = paras
    docs_dir = root / DOCUMENTS_DIR
    if docs_dir.is_dir():
        for f in sorted(docs_dir.glob("*.txt")):
            if f.resolve() not in listed_files:
                problems.append(f"document file {DOCUMENTS_DIR}/{f.name} is not listed under documents")

    # rulings
    seen_ids: set[str] = set()
    seen_texts: dict[str, str] = {}
    indexed: dict[str, str] = {}  # place -> ruling id
    cr_rules = cr_rule_numbers(cr_text) if cr_text is not None else None
    for r in index.rulings:
        if r.id in seen_ids:
            problems.append(f"{r.id}: id is used twice")
        seen_ids.add(r.id)
        if r.text in seen_texts:
            problems.append(f"{r.id}: same text as {seen_texts[r.text]}; a repeated paragraph is one "
                            f"ruling listing every place in appears_in")
        else:
            seen_texts[r.text] = r.id

        places = list(r.appears_in)
        if len(set(places)) != len(places):
            problems.append(f"{r.id}: appears_in lists a place twice")
        if places != sorted(places, key=_place_key):
            problems.append(f"{r.id}: appears_in is not in document order")
        first = min(places, key=_place_key)
        seed, n = _place_key(first)
        if r.id != f"{seed}-{n:02d}":
            problems.append(f"{r.id}: id should be {seed}-{n:02d}, its first appearance ({first})")
        for place in places:
            seed, n = _place_key(place)
            if seed not in paragraphs:
                problems.append(f"{r.id}: appears_in {place}: no document {seed}")
                continue
            if n > len(paragraphs[seed]):
                problems.append(f"{r.id}: appears_in {place}: document {seed} has only "
                                f"{len(paragraphs[seed])} paragraphs")
                continue
            if place in indexed:
                problems.append(f"{r.id}: paragraph {place} is already indexed by {indexed[place]}")
                continue
            indexed[place] = r.id
            if paragraphs[seed][n - 1] != r.text:
                problems.append(f"{r.id}: text differs from paragraph {place} of the document")

        if r.status == "superseded":
            if not r.current_rule:
                problems.append(f"{r.id}: superseded but has no current_rule")
            elif r.current_rule not in r.rules:
                problems.append(f"{r.id}: current_rule {r.current_rule} is not among its rules")
            if not r.difference:
                problems.append(f"{r.id}: superseded but has no difference")
        elif r.current_rule or r.difference:
            problems.append(f"{r.id}: current_rule/difference belong only to superseded rulings")
        if r.status == "informational":
            if not r.why_informational:
                problems.append(f"{r.id}: informational but has no why_informational")
            if r.scenarios:
                problems.append(f"{r.id}: informational rulings have no scenarios")
        elif r.why_informational:
            problems.append(f"{r.id}: why_informational belongs only to informational rulings")

        for s in r.scenarios:
            p = pathlib.PurePosixPath(s)
            if p.is_absolute() or ".." in p.parts:
                problems.append(f"{r.id}: scenario path {s} must be relative to seeds/ and stay inside it")
            elif not (root / s).is_file():
                problems.append(f"{r.id}: scenario {s} does not exist")

        if cr_rules is not None:
            for rule in r.rules + ((r.current_rule,) if r.current_rule else ()):
                if rule not in cr_rules:
                    problems.append(f"{r.id}: rule {rule} does not exist in the CR in force")

    for seed, paras in paragraphs.items():
        for n in range(1, len(paras) + 1):
            if f"{seed}:{n}" not in indexed:
                problems.append(f"paragraph {seed}:{n} is not indexed: {paras[n - 1][:60]!r}")
    return problems


# --------------------------------------------------------------------------------------------
# Coverage


def coverage(index: SeedIndex, passed: dict[str, bool]) -> list[dict]:
    """Coverage rows per (topic, status), in TOPICS and STATUSES order, then a total row.

    passed maps a scenario path (relative to seeds/) to whether it passed; a scenario missing from
    it has not passed. A ruling is covered when it is executable (holds or superseded), has at least
    one scenario, and every one of its scenarios passed. Informational rulings are never executable.
    Each row: topic, status, covered, executable, informational (counts), rulings (all ids in the
    row) and uncovered (executable ids not covered).
    """
    def is_covered(r: Ruling) -> bool:
        return r.executable and bool(r.scenarios) and all(passed.get(s) is True for s in r.scenarios)

    groups: dict[tuple[str, str], list[Ruling]] = {}
    for r in index.rulings:
        groups.setdefault((r.topic, r.status), []).append(r)

    def row(topic: str, status: str, rulings: list[Ruling]) -> dict:
        return {
            "topic": topic,
            "status": status,
            "covered": sum(1 for r in rulings if is_covered(r)),
            "executable": sum(1 for r in rulings if r.executable),
            "informational": sum(1 for r in rulings if r.status == "informational"),
            "rulings": [r.id for r in rulings],
            "uncovered": [r.id for r in rulings if r.executable and not is_covered(r)],
        }

    order = {t: i for i, t in enumerate(TOPICS)}
    sorder = {s: i for i, s in enumerate(STATUSES)}
    keys = sorted(groups, key=lambda ts: (order[ts[0]], sorder[ts[1]]))
    rows = [row(t, s, groups[t, s]) for t, s in keys]
    rows.append(row("all", "all", list(index.rulings)))
    return rows


def format_coverage(rows: list[dict]) -> str:
    """A plain-text table of coverage() rows, ending with the total line."""
    body = [r for r in rows if r["topic"] != "all"]
    width = max([len("topic")] + [len(r["topic"]) for r in body])
    lines = [f"{'topic':<{width}}  {'status':<13}  covered/executable"]
    for r in body:
        if r["executable"]:
            cell = f"{r['covered']}/{r['executable']}"
        else:
            cell = f"- ({r.get('informational', len(r['rulings']))} informational)"
        lines.append(f"{r['topic']:<{width}}  {r['status']:<13}  {cell}")
    lines.append(coverage_total(rows))
    return "\n".join(lines)


def coverage_total(rows: list[dict]) -> str:
    """The total line of coverage() rows."""
    body = [r for r in rows if r["topic"] != "all"]
    total = next((r for r in rows if r["topic"] == "all"), None)
    if total is None:  # rows without a total: add one up
        total = {"covered": sum(r["covered"] for r in body), "executable": sum(r["executable"] for r in body),
                 "informational": sum(r.get("informational", 0) for r in body)}
    return (f"covered {total['covered']} / {total['executable']} executable unique rulings "
            f"({total.get('informational', 0)} informational)")
