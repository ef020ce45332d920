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

from .document import Node, read_document
from .spec import Context, Enum, Field, ListOf, Record, Text

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
# Loading: the index is read as a scenario is (bridge/document.py: YAML with the text as written,
# so an unquoted 701.10 stays "701.10"; the spec language of bridge/spec.py names the place of
# every problem).


@dataclass
class _Shaped(Text):
    """Text of a given shape: a rule number, a ruling id, a place in a document."""

    shape: re.Pattern | None = None
    example: str = ""

    def validate(self, node: Node, ctx: Context) -> str:
        text = super().validate(node, ctx)
        if self.shape is not None and not self.shape.match(text):
            raise ctx.error(f"'{text}' is not well formed (expected something like '{self.example}')", node)
        return text


_RULE = _Shaped(shape=RULE_RE, example="701.27a")
_DOCUMENT = Record(what="a document entry", fields={
    "seed": Field(_Shaped(shape=SEED_RE, example="000"), required=True),
    "file": Field(Text(), required=True),
    "title": Field(Text(), required=True),
})
_RULING = Record(what="a ruling", fields={
    "id": Field(_Shaped(shape=ID_RE, example="000-01"), required=True),
    "appears_in": Field(ListOf(_Shaped(shape=PLACE_RE, example="000:1"), min_items=1), required=True),
    "text": Field(Text(), required=True),
    "topic": Field(Enum(TOPICS), required=True),
    "rules": Field(ListOf(_RULE, min_items=1), required=True),
    "status": Field(Enum(STATUSES), required=True),
    "current_rule": Field(_RULE),
    "difference": Field(Text()),
    "why_informational": Field(Text()),
    "issue": Field(Enum(ISSUES), required=True),
    "scenarios": Field(ListOf(Text()), required=True),
    "note": Field(Text()),
})
_INDEX = Record(what="the seed index", fields={
    "documents": Field(ListOf(_DOCUMENT, min_items=1), required=True),
    "rulings": Field(ListOf(_RULING, min_items=1), required=True),
})


def load_index(seeds_dir: pathlib.Path) -> SeedIndex:
    """Read seeds_dir/index.yaml. Any malformed entry raises ScenarioError (file, place, reason)."""
    seeds_dir = pathlib.Path(seeds_dir)
    path = seeds_dir / INDEX_FILE
    root = read_document(path)
    top = _INDEX.validate(root, Context(str(path), "", root))
    rulings = tuple(Ruling(**{key: tuple(value) if isinstance(value, list) else value for key, value in r.items()})
                    for r in top["rulings"])
    return SeedIndex(documents=tuple(top["documents"]), rulings=rulings, root=seeds_dir)


# --------------------------------------------------------------------------------------------
# Documents and consistency


def read_ruling_document(path: pathlib.Path) -> tuple[str, list[str]]:
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
        title, paras = read_ruling_document(path)
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
