"""The question catalogue: queries/catalogue.toml, read once.

Each question names its ASP program in queries/, the on-demand logic it needs, its parameters,
the shape of its answer and the sentences that render its `because` atoms. The decoder and the
CLI read it; adding a question is a new .lp file and a new table here, not new Python.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from .resources import queries_dir

# object: an object id; player: a player; text, number: as given; card: a card name the card
# pool knows (resolved to its full name); object_or_card: an object id, else a card name;
# name: any text a player might choose as a card name (the rules judge it); criteria: the
# criteria of bridge/criteria.py; condition: a trigger condition (bridge/criteria.py);
# side: front or back; object_or_player: an object id or a player (a target); blocks: a
# declaration of blockers, {BLOCKER: ATTACKER, ...}; attacks: a declaration of attackers,
# {ATTACKER: TARGET, ...}; mana_type: a type of mana by its symbol (W U B R G C).
PARAM_KINDS = ("object", "player", "text", "number", "card", "object_or_card", "name", "criteria", "condition", "side",
               "object_or_player", "blocks", "attacks", "mana_type")
ANSWER_KINDS = ("boolean", "record", "number", "list")
FIELD_KINDS = ("one", "list", "map", "phrases", "table")


@dataclass(frozen=True)
class Param:
    name: str
    kind: str  # one of PARAM_KINDS
    help: str = ""
    default: object = None   # a parameter with a default may be left out


@dataclass(frozen=True)
class QuestionType:
    name: str
    program: str
    summary: str
    params: tuple[Param, ...]
    answer: str
    rules: tuple[str, ...]
    # For record answers: field name -> "one", "list" (lists of (index, value) come sorted),
    # "map" or "table" (rows: one atom per row, its arguments named by `columns`).
    fields: dict[str, str] = field(default_factory=dict)
    columns: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # A table given as a product (rows decided in ASP per group, not per row): table field ->
    # (LEFT, RIGHT), values LEFT(X..., G), each row of X... may be paired with every member of
    # group G, and RIGHT(G, Y...), Y... is one: the rows (X..., Y...) (legal_blocks' blocks).
    products: dict[str, tuple[str, str]] = field(default_factory=dict)
    because: dict[str, str] = field(default_factory=dict)
    example: str = ""
    # It predicts what comes after `at` (ask.py gives it the timeline up to `at` only).
    looks_ahead: bool = False
    # The on-demand logic files its program reads (logic/ files marked `%! on-demand`, loaded
    # only when a question or an event verb names them; bridge/solve.py programs_for).
    logic: tuple[str, ...] = ()


@lru_cache(maxsize=1)
def _data() -> dict:
    """catalogue.toml's tables; kept as JSON in the cache directory, keyed by the file's bytes
    (reading TOML costs a lone command ~6 ms with tomllib's import, JSON ~0.5 ms)."""
    from .stages import cached_json
    data = (queries_dir() / "catalogue.toml").read_bytes()

    def parse() -> dict:
        import tomllib
        return tomllib.loads(data.decode("utf-8"))
    return cached_json(b"catalogue-1\0" + data, parse, dict)


@lru_cache(maxsize=1)
def words() -> dict[str, str]:
    """How constants read in a sentence: modal_dfc -> "a modal double-faced card"."""
    return dict(_data().get("words", {}))


@lru_cache(maxsize=1)
def catalogue() -> dict[str, QuestionType]:
    path = queries_dir() / "catalogue.toml"
    data = _data()
    out: dict[str, QuestionType] = {}
    for name, entry in data.items():
        if name == "words":
            continue
        params = tuple(Param(p["name"], p["kind"], p.get("help", ""), p.get("default"))
                       for p in entry.get("params", []))
        for p in params:
            if p.kind not in PARAM_KINDS:  # a mistake in the catalogue itself, caught by tests
                raise ValueError(f"{path}: {name}: parameter {p.name} has unknown kind {p.kind}")
        for fname, kind in entry.get("fields", {}).items():
            if kind not in FIELD_KINDS:
                raise ValueError(f"{path}: {name}: field {fname} has unknown kind {kind}")
            if kind == "table" and fname not in entry.get("columns", {}):
                raise ValueError(f"{path}: {name}: table field {fname} needs its columns")
        for fname, pair in entry.get("products", {}).items():
            if entry.get("fields", {}).get(fname) != "table" or len(pair) != 2 or set(pair) & set(entry.get("fields", {})):
                raise ValueError(f"{path}: {name}: product {fname} must be a table field given by two values "
                                 "that are not fields")
        if entry["answer"] not in ANSWER_KINDS:
            raise ValueError(f"{path}: {name}: unknown answer kind {entry['answer']}")
        out[name] = QuestionType(
            name=name,
            program=entry.get("program", f"{name}.lp"),
            summary=entry["summary"],
            params=params,
            answer=entry["answer"],
            rules=tuple(entry.get("rules", [])),
            fields=dict(entry.get("fields", {})),
            columns={k: tuple(v) for k, v in entry.get("columns", {}).items()},
            products={k: tuple(v) for k, v in entry.get("products", {}).items()},
            because=dict(entry.get("because", {})),
            example=entry.get("example", ""),
            looks_ahead=bool(entry.get("looks_ahead", False)),
            logic=tuple(entry.get("logic", [])),
        )
    return out
