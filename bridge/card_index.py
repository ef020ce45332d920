"""Large card files: indexed once, each card read when a scenario names it; MTGJSON AtomicCards.

A --cards file of INDEX_MIN_BYTES or more is read and checked in full once, as any card file
is (every error reported with its line and column, data no rule models skipped with a note);
then an index is kept in the user's cache directory (beside the rules' cache: $RULECHECK_CACHE,
empty for none), keyed by the file's absolute path, size and modification time. It holds each
card's full name, face names, whether it is a token card, and the byte offset and length of its
JSON value in the file. Later commands read the index only, and parse a card's object (with
the same checks) when a lookup returns it: a 35,000-card file costs the index's reading, not
35,000 cards' parsing (bench/cards.py). A file that changes (size or modification time) is
read in full again. A file with an error is never indexed, so its error is reported each time.

MTGJSON's AtomicCards files ({"meta": ..., "data": {name: [card atomic objects, one a face]}},
https://mtgjson.com/data-models/card/card-atomic/) are read as the Scryfall-shaped objects
cards.py checks (from_mtgjson); errors name the MTGJSON path and fields.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sqlite3
from pathlib import Path
from typing import Any

from .cards import (Card, UnsupportedCardData, _card_items, _located, _read_json, _unique_pairs, validate_item,
                    validated_items)
from .errors import CardDataError

# Files smaller than this are read in full each time (a few milliseconds): no index.
INDEX_MIN_BYTES = 1024 * 1024
_VERSION = 1
MTGJSON_PREFIX = "data."


def _cache_file(path: Path, size: int, mtime_ns: int) -> Path | None:
    from .stages import _cache_dir
    rules = _cache_dir()
    if rules is None:
        return None
    key = json.dumps([_VERSION, str(path), size, mtime_ns]).encode()
    return rules.parent / "cards" / f"{hashlib.sha256(key).hexdigest()}.sqlite"


_SCHEMA = """
CREATE TABLE meta(prefix TEXT, skipped TEXT);
CREATE TABLE cards(full TEXT PRIMARY KEY, offset INTEGER, length INTEGER, path TEXT);
CREATE TABLE names(name TEXT, folded TEXT, full TEXT, kind INTEGER);  -- kind: 0 full, 1 face, 2 token's
CREATE INDEX names_name ON names(name);
CREATE INDEX names_folded ON names(folded);
"""
FULL, FACE, TOKEN = 0, 1, 2


class IndexedFile:
    """A card file's index (an sqlite3 database): each card's names and the span of its object."""

    def __init__(self, file: str, db: sqlite3.Connection, parsed: dict[str, Card] | None = None) -> None:
        self.file = file
        self.db = db
        self.prefix, skipped = db.execute("SELECT prefix, skipped FROM meta").fetchone()
        self.skipped: list[str] = json.loads(skipped)
        self.parsed = parsed or {}          # the cards, when the file was just read in full

    def has(self, full: str) -> bool:
        return self.db.execute("SELECT 1 FROM cards WHERE full = ?", (full,)).fetchone() is not None

    def lookup(self, key: str, column: str, kinds: tuple[int, ...]) -> list[tuple[str, str]]:
        """(name as the data spells it, full name) of the names equal to key (column: name,
        or folded for casefold()ed names) of the given kinds, in file order."""
        marks = ",".join("?" * len(kinds))
        return self.db.execute(f"SELECT name, full FROM names WHERE {column} = ? AND kind IN ({marks}) "
                               "ORDER BY rowid", (key, *kinds)).fetchall()

    def __len__(self) -> int:
        return self.db.execute("SELECT COUNT(*) FROM cards").fetchone()[0]

    def names(self) -> list[str]:
        return [row[0] for row in self.db.execute("SELECT full FROM cards")]

    def load(self, full: str) -> Card:
        """A card, read from its bytes and checked; an error placed in the file."""
        if full in self.parsed:
            return self.parsed[full]
        offset, length, where = self.db.execute("SELECT offset, length, path FROM cards WHERE full = ?",
                                                (full,)).fetchone()
        try:
            with open(self.file, "rb") as f:
                f.seek(offset)
                raw = f.read(length)
            obj = json.loads(raw.decode("utf-8"), object_pairs_hook=_unique_pairs)
        except (OSError, ValueError) as exc:      # changed or removed since it was indexed
            raise CardDataError(self.file, where, f"cannot read the card any more ({exc}); run again") from None
        try:
            return validate_item(where, obj, self.file, self.file, self.prefix)
        except CardDataError as exc:
            # (Only if the file changed without changing its size or time.) The whole file
            # read, to place the error at its line and column.
            _data, text = _read_json(Path(self.file), self.file)
            raise _located(exc, text) from None


def open_indexed(file: str) -> IndexedFile | None:
    """The index of a card file that needs one (INDEX_MIN_BYTES or more, or MTGJSON), read from
    the cache or built (reading and checking every card); None for a small Scryfall file, read
    as before. Errors as cards._read_json and the card checks raise them."""
    path = Path(file)
    try:
        stat = path.stat()
        absolute = path.resolve()
    except OSError:
        return None                             # _read_json says what is wrong
    large = stat.st_size >= INDEX_MIN_BYTES
    target = _cache_file(absolute, stat.st_size, stat.st_mtime_ns) if large else None
    if target is not None and target.is_file():
        try:
            return IndexedFile(file, sqlite3.connect(f"file:{target}?mode=ro", uri=True))
        except (sqlite3.Error, ValueError, TypeError):
            pass                                # built again below
    if not large and not _looks_mtgjson(path):
        return None
    data, text = _read_json(path, file)
    try:
        items, prefix = _card_items(data, file)
    except CardDataError as exc:
        raise _located(exc, text) from None
    if prefix is None:                          # one card object: nothing to index
        return None
    skipped: list[str] = []
    cards = {card.name: (i, card) for i, card in validated_items(items, prefix, text, file, file, skipped)}
    spans = _spans(text, prefix, len(items)) if target is not None else [(0, 0)] * len(items)
    del data, text
    tmp = target.with_suffix(f".{os.getpid()}.tmp") if target is not None else None
    try:
        if tmp is not None:
            tmp.parent.mkdir(parents=True, exist_ok=True)
            tmp.unlink(missing_ok=True)
        db = sqlite3.connect(str(tmp) if tmp is not None else ":memory:")
        _fill(db, prefix, skipped, [(card, *spans[i], items[i][0]) for i, card in cards.values()])
        if tmp is not None:
            db.close()
            tmp.replace(target)                 # type: ignore[arg-type]
            db = sqlite3.connect(f"file:{target}?mode=ro", uri=True)
    except (OSError, sqlite3.Error):            # no cache then: an index in memory
        db = sqlite3.connect(":memory:")
        _fill(db, prefix, skipped, [(card, 0, 0, items[i][0]) for i, card in cards.values()])
    return IndexedFile(file, db, {name: card for name, (_i, card) in cards.items()})


def _fill(db: sqlite3.Connection, prefix: str, skipped: list[str], rows: list[tuple[Card, int, int, str]]) -> None:
    db.executescript(_SCHEMA)
    db.execute("INSERT INTO meta VALUES (?, ?)", (prefix, json.dumps(skipped)))
    db.executemany("INSERT INTO cards VALUES (?, ?, ?, ?)", ((c.name, o, n, w) for c, o, n, w in rows))
    names = []
    for card, *_rest in rows:
        faces = dict.fromkeys(f.name for f in card.faces if f.name != card.name)
        names.append((card.name, FULL, card.name))
        names += [(face, FACE, card.name) for face in faces]
        if card.is_token:
            names += [(f"{f.name} Token", TOKEN, card.name) for f in card.faces]
    db.executemany("INSERT INTO names VALUES (?, ?, ?, ?)", ((n, n.casefold(), full, k) for n, k, full in names))
    db.commit()


def _looks_mtgjson(path: Path) -> bool:
    """Whether a small file's top level has MTGJSON's "meta" or a "data" object (read cheaply)."""
    try:
        with open(path, "rb") as f:
            head = f.read(4096)
    except OSError:
        return False
    return head.lstrip()[:1] == b"{" and re.search(rb'"(meta|data)"\s*:\s*\{', head) is not None


_SPACE = re.compile(r"[ \t\n\r]*")


def _spans(text: str, prefix: str, count: int) -> list[tuple[int, int]]:
    """The byte offset and length of each item's value in valid JSON text (in file order)."""
    decoder = json.JSONDecoder()
    i = _SPACE.match(text).end()                          # type: ignore[union-attr]
    if prefix:                                            # {..., "data": [...] or {...}, ...}
        i = _SPACE.match(text, i + 1).end()               # type: ignore[union-attr]
        while True:
            key, i = json.decoder.scanstring(text, i + 1)  # type: ignore[attr-defined]
            i = _SPACE.match(text, _SPACE.match(text, i).end() + 1).end()   # type: ignore[union-attr]
            if key == "data":
                break
            _value, i = decoder.raw_decode(text, i)
            i = _SPACE.match(text, i).end() + 1           # type: ignore[union-attr]   (the comma)
            i = _SPACE.match(text, i).end()               # type: ignore[union-attr]
    keyed = text[i] == "{"
    i = _SPACE.match(text, i + 1).end()                   # type: ignore[union-attr]
    spans: list[tuple[int, int]] = []
    byte, at = 0, 0                                       # byte offset of character `at`
    while len(spans) < count:
        if keyed:
            _key, i = json.decoder.scanstring(text, i + 1)  # type: ignore[attr-defined]
            i = _SPACE.match(text, _SPACE.match(text, i).end() + 1).end()   # type: ignore[union-attr]
        _value, end = decoder.raw_decode(text, i)
        byte += len(text[at:i].encode("utf-8"))
        length = len(text[i:end].encode("utf-8"))
        spans.append((byte, length))
        byte, at = byte + length, end
        i = _SPACE.match(text, end).end()                 # type: ignore[union-attr]
        i = _SPACE.match(text, i + 1).end()               # type: ignore[union-attr]   (the comma)
    return spans


# ---------------------------------------------------------------- MTGJSON AtomicCards

# MTGJSON's field for each Scryfall field cards.py reads (a face's "name" is its faceName).
_FIELDS = {"mana_cost": "manaCost", "type_line": "type", "oracle_text": "text", "power": "power",
           "toughness": "toughness", "loyalty": "loyalty", "defense": "defense", "colors": "colors",
           "color_indicator": "colorIndicator"}
_CARD_FIELDS = {"color_identity": "colorIdentity", "keywords": "keywords", "layout": "layout"}


def from_mtgjson(where: str, faces: Any, file: str, source: str) -> Card:
    """A card of an AtomicCards file (`where` is data.NAME, its value a list of atomic card
    objects, one per face, with "side" a, b, ...) checked as the Scryfall object it converts to;
    an error's path and field are MTGJSON's (data.NAME[1].manaCost)."""
    from .cards import CARD, _node
    from .spec import Context
    name = where[len(MTGJSON_PREFIX):]
    if not isinstance(faces, list) or not faces or not all(isinstance(f, dict) for f in faces):
        raise CardDataError(file, where, f"card '{name}': expected a list of MTGJSON card objects, one a face")
    order = sorted(range(len(faces)), key=lambda k: str(faces[k].get("side") or ""))
    first = faces[order[0]]
    if first.get("layout") == "meld":
        # Scryfall's all_parts says which cards meld into which (712.4); AtomicCards doesn't.
        raise UnsupportedCardData(file, f"{where}[{order[0]}].layout",
                                  f"card '{name}': meld cards are read from Scryfall data only (all_parts)")
    obj: dict[str, Any] = {"name": name}
    for ours, theirs in _CARD_FIELDS.items():
        if theirs in first:
            obj[ours] = first[theirs]
    if len(faces) > 1:
        if isinstance(first.get("layout"), str) and first["layout"] == "flip":
            obj["colors"] = first.get("colors")   # a flip card's colors are its own (710.1c)
        obj["card_faces"] = [{"name": faces[k].get("faceName", faces[k].get("name")),
                              **{ours: faces[k][theirs] for ours, theirs in _FIELDS.items() if theirs in faces[k]}}
                             for k in order]
    else:
        obj.update({ours: first[theirs] for ours, theirs in _FIELDS.items() if theirs in first})
    node = _node(obj)
    try:
        return CARD.validate(node, Context(file, where, node, error_type=CardDataError), source)
    except CardDataError as exc:
        raise type(exc)(exc.file, _mtgjson_path(exc.where, where, order, len(faces) > 1), exc.message,
                        exc.line, exc.column) from None


_FACE_PATH = re.compile(r"\.card_faces\[(\d+)\](.*)")
_BACK = {**_FIELDS, **_CARD_FIELDS}


def _mtgjson_path(path: str | None, where: str, order: list[int], multi: bool) -> str:
    """A path in the converted object (data.NAME.card_faces[1].mana_cost) as the file's
    (data.NAME[k].manaCost, k the face's place in the file)."""
    rest = (path or where)[len(where):]
    index, in_face = order[0], False
    if multi and (m := _FACE_PATH.match(rest)):
        index, rest, in_face = order[int(m.group(1))], m.group(2), True
    if field := re.match(r"\.([A-Za-z_]+)(.*)", rest):
        key = "faceName" if field.group(1) == "name" and in_face else _BACK.get(field.group(1), field.group(1))
        rest = f".{key}{field.group(2)}"
    return f"{where}[{index}]{rest}"
