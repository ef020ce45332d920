"""Large card files: indexed once, each card read when a scenario names it; MTGJSON AtomicCards.

A --cards file of INDEX_MIN_BYTES or more is indexed once, and the index kept in the user's
cache directory (beside the rules' cache: $RULECHECK_CACHE, empty for none), keyed by the file's
absolute path, size and modification time. It holds each card's full name, face names, whether
it is a token card, and the byte offset and length of its JSON value in the file. Building it
reads the file's JSON and each card's names, and checks no card: a card is parsed and checked
(as a card of a small file is, its errors placed at their line and column, data no rule models
refused) when a lookup first returns it, on every command, from its bytes. So a 35,000-card
file costs one reading of its JSON the first time, and the index's reading later, never
35,000 cards' checks (bench/cards.py); a card no scenario names is never checked. A file that
changes (size or modification time) is indexed again. A file that isn't valid JSON, or whose
cards' names can't be read (a card without a name), is read in full and its error reported
as for a small file, never indexed.

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

from .cards import (FACE, FULL, MTGJSON_PREFIX, TOKEN, TOKEN_LAYOUTS, Card, UnsupportedCardData, _card_items,
                    _DuplicateKey, _located, _read_json, _unique_pairs, validate_item, validated_items)
from .cache import prune
from .cache import used as cache_use
from .errors import CardDataError

# Files smaller than this are read in full each time (a few milliseconds): no index.
INDEX_MIN_BYTES = 1024 * 1024
_VERSION = 1


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
"""
# (Made after the rows are in: one sort each, not an update of the index per row.)
_INDEXES = """
CREATE INDEX names_name ON names(name);
CREATE INDEX names_folded ON names(folded);
"""


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
        except (OSError, ValueError, RecursionError, _DuplicateKey) as exc:   # changed since it was indexed
            if not isinstance(exc, OSError):
                _read_json(Path(self.file), self.file)      # what is wrong with the file now, at its place
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
    the cache or built; None for a small Scryfall file, read as before. Building it reads the
    file's JSON and each card's names, and checks no card (a card is checked when a scenario
    names it: IndexedFile.load, errors placed at their line and column); a file that isn't
    valid JSON, or whose cards' names can't be read, is read in full and its error raised as
    cards._read_json and the card checks raise them."""
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
            indexed = IndexedFile(file, sqlite3.connect(f"file:{target}?mode=ro", uri=True))
            cache_use(target)
            return indexed
        except (sqlite3.Error, ValueError, TypeError):
            pass                                # built again below
    if not large and not _looks_mtgjson(path):
        return None
    try:
        scanned = _scan_file(path, file)
    except _Irregular:
        scanned = _checked_in_full(path, file)
        target = None                           # (its cards are kept; no spans to keep)
    if scanned is None:                         # one card object: nothing to index
        return None
    prefix, rows, skipped, parsed = scanned
    tmp = target.with_suffix(f".{os.getpid()}.tmp") if target is not None else None
    try:
        if tmp is not None:
            tmp.parent.mkdir(parents=True, exist_ok=True)
            tmp.unlink(missing_ok=True)
        db = sqlite3.connect(str(tmp) if tmp is not None else ":memory:")
        _fill(db, prefix, skipped, rows)
        if tmp is not None:
            db.close()
            tmp.replace(target)                 # type: ignore[arg-type]
            db = sqlite3.connect(f"file:{target}?mode=ro", uri=True)
            prune(target.parent, target)        # (bridge/cache.py: bounded age and size)
    except (OSError, sqlite3.Error):            # no cache then: an index in memory
        db = sqlite3.connect(":memory:")
        _fill(db, prefix, skipped, rows)
    return IndexedFile(file, db, parsed)


# An index row: the card's full name, its face names, whether it is a token card (111.4: its
# faces are also named "NAME Token"), and its path and byte span in the file.
_Row = tuple[str, list[str], bool, str, int, int]


def _fill(db: sqlite3.Connection, prefix: str, skipped: list[str], rows: list[_Row]) -> None:
    # A full name given twice: the later card, in the earlier's place (as a dict of the cards).
    rows = list({row[0]: row for row in rows}.values())
    # A file written once and renamed into place when complete: no journal, no waiting for the disk.
    db.executescript("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;" + _SCHEMA)
    db.execute("INSERT INTO meta VALUES (?, ?)", (prefix, json.dumps(skipped)))
    db.executemany("INSERT INTO cards VALUES (?, ?, ?, ?)", ((full, o, n, w) for full, _f, _t, w, o, n in rows))
    names = []
    for full, faces, token, *_rest in rows:
        names.append((full, FULL, full))
        names += [(face, FACE, full) for face in dict.fromkeys(faces) if face != full]
        if token:
            names += [(f"{face} Token", TOKEN, full) for face in faces]
    db.executemany("INSERT INTO names VALUES (?, ?, ?, ?)", ((n, n.casefold(), full, k) for n, k, full in names))
    db.executescript(_INDEXES)
    db.commit()


class _Irregular(Exception):
    """The fast reading of a file gives up: it is read in full (_checked_in_full), which says
    what is wrong with it, if anything."""


_DECODER = json.JSONDecoder(object_pairs_hook=_unique_pairs)


def _scan_file(path: Path, file: str) -> tuple[str, list[_Row], list[str], dict[str, Card]] | None:
    """A list, Scryfall list object or AtomicCards file read one card at a time: each card's
    names (_card_names) and the byte span of its value, no card checked (a card whose names
    can't be read so is checked now: its error is raised, placed in the file). None for a file
    of one card object. _Irregular for anything else: invalid JSON, a duplicate key, a top
    level of another shape."""
    try:
        text = path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError):
        raise _Irregular from None
    ascii_only = text.isascii()
    rows: list[_Row] = []
    skipped: list[str] = []
    parsed: dict[str, Card] = {}
    state = {"byte": 0, "at": 0}

    def span(start: int, end: int) -> tuple[int, int]:
        if ascii_only:
            return start, end - start
        byte = state["byte"] + len(text[state["at"]:start].encode("utf-8"))
        length = len(text[start:end].encode("utf-8"))
        state["byte"], state["at"] = byte + length, end
        return byte, length

    def card(where: str, obj: Any, prefix: str, start: int, end: int) -> None:
        offset, length = span(start, end)
        names = _card_names(where, obj, prefix)
        if names is None:                       # checked now, as a file read in full is
            try:
                checked = validate_item(where, obj, file, file, prefix)
            except UnsupportedCardData as exc:
                skipped.append(f"{file}: {exc.where}: {exc.message}")
                return
            except CardDataError as exc:
                raise _located(exc, text) from None
            parsed[checked.name] = checked
            names = (checked.name, [f.name for f in checked.faces], checked.is_token)
        rows.append((*names, where, offset, length))

    try:
        i = _ws(text, 0)
        if text[i:i + 1] == "[":
            i = _items(text, i, "", card)
            prefix = ""
        elif text[i:i + 1] == "{":
            top: dict[str, Any] = {}
            prefix = None
            i = _ws(text, i + 1)
            while text[i:i + 1] != "}":
                if text[i:i + 1] != '"':
                    raise _Irregular
                key, i = json.decoder.scanstring(text, i + 1)   # type: ignore[attr-defined]
                i = _ws(text, _colon(text, _ws(text, i)))
                if key in top:
                    raise _Irregular                             # a duplicate key: said in full
                if key == "data" and text[i:i + 1] == "[":
                    prefix = "data"
                    i = _items(text, i, "data", card)
                    top[key] = []
                elif key == "data" and text[i:i + 1] == "{":
                    prefix = MTGJSON_PREFIX
                    i = _items(text, i, MTGJSON_PREFIX, card)
                    top[key] = {}
                else:
                    top[key], i = _DECODER.raw_decode(text, i)
                i = _ws(text, i)
                if text[i:i + 1] == ",":
                    i = _ws(text, i + 1)
                    if text[i:i + 1] == "}":
                        raise _Irregular
                elif text[i:i + 1] != "}":
                    raise _Irregular
            i += 1
            if "name" in top:                   # one card object (its data is its own)
                return None
            # As cards._card_items reads a top level: a list object's data, or AtomicCards'.
            if prefix is None or (prefix == "data") != (top.get("object") == "list"):
                raise _Irregular
        else:
            raise _Irregular
        if _ws(text, i) != len(text):
            raise _Irregular
    except (ValueError, IndexError, RecursionError, _DuplicateKey):
        raise _Irregular from None              # (json.JSONDecodeError is a ValueError)
    return prefix, rows, skipped, parsed


def _ws(text: str, i: int) -> int:
    return _SPACE.match(text, i).end()          # type: ignore[union-attr]


def _colon(text: str, i: int) -> int:
    if text[i:i + 1] != ":":
        raise _Irregular
    return i + 1


def _items(text: str, i: int, prefix: str, card: Any) -> int:
    """The values of the array or object at i, each given to card(where, value, prefix, start,
    end); the index after its closing bracket."""
    keyed, close = text[i] == "{", "}" if text[i] == "{" else "]"
    seen: set[str] = set()
    i, n = _ws(text, i + 1), 0
    while text[i:i + 1] != close:
        if keyed:
            if text[i:i + 1] != '"':
                raise _Irregular
            key, i = json.decoder.scanstring(text, i + 1)       # type: ignore[attr-defined]
            if key in seen:
                raise _Irregular
            seen.add(key)
            i = _ws(text, _colon(text, _ws(text, i)))
            where = f"{prefix}{key}"
        else:
            where = f"{prefix}[{n}]"
        value, end = _DECODER.raw_decode(text, i)
        card(where, value, prefix, i, end)
        n += 1
        i = _ws(text, end)
        if text[i:i + 1] == ",":
            i = _ws(text, i + 1)
            if text[i:i + 1] == close:
                raise _Irregular
        elif text[i:i + 1] != close:
            raise _Irregular
    return i + 1


def _checked_in_full(path: Path, file: str) -> tuple[str, list[_Row], list[str], dict[str, Card]] | None:
    """A file read and every card checked (the first error raised, placed at its line and
    column): for a file the fast reading gave up on, which is most often a file with an error."""
    data, text = _read_json(path, file)
    try:
        items, prefix = _card_items(data, file)
    except CardDataError as exc:
        raise _located(exc, text) from None
    if prefix is None:
        return None
    skipped: list[str] = []
    cards = {card.name: (i, card) for i, card in validated_items(items, prefix, text, file, file, skipped)}
    # (No spans: the file isn't indexed in the cache, its cards are kept.)
    rows = [(c.name, [f.name for f in c.faces], c.is_token, items[i][0], 0, 0) for i, c in cards.values()]
    return prefix, rows, skipped, {name: card for name, (_i, card) in cards.items()}


def _name(value: Any) -> str | None:
    """A name as the card checks accept it (cards.CARD: text, not blank, no NUL), else None."""
    if not isinstance(value, str) or not value.strip() or "\x00" in value:
        return None
    try:
        value.encode("utf-8")                   # (a lone surrogate from a \\ud800 escape)
    except UnicodeEncodeError:
        return None
    return value


def _card_names(where: str, obj: Any, prefix: str) -> tuple[str, list[str], bool] | None:
    """A card's full name, face names and whether it is a token card, read from its value as
    cards.CARD (or from_mtgjson) would read them from a valid card, without checking the rest;
    None when they can't be read so (the card is checked at once instead)."""
    if prefix == MTGJSON_PREFIX:
        full = _name(where[len(MTGJSON_PREFIX):])
        if full is None or not isinstance(obj, list) or not obj or not all(isinstance(f, dict) for f in obj):
            return None
        order = sorted(range(len(obj)), key=lambda k: str(obj[k].get("side") or ""))
        first = obj[order[0]]
        layout, type_line = first.get("layout"), first.get("type")
        if layout == "meld":                    # refused by from_mtgjson: noted as skipped now
            return None
        faces = [_name(obj[k].get("faceName", obj[k].get("name"))) for k in order] if len(obj) > 1 else [full]
    else:
        if not isinstance(obj, dict):
            return None
        full = _name(obj.get("name"))
        raw = obj.get("card_faces")
        if raw is None:
            faces, type_line = [full], obj.get("type_line")
        elif isinstance(raw, list) and raw and all(isinstance(f, dict) for f in raw):
            faces, type_line = [_name(f.get("name")) for f in raw], raw[0].get("type_line")
        else:
            return None
        layout = obj.get("layout")
    if full is None or None in faces or not (layout is None or isinstance(layout, str)):
        return None
    token = layout in TOKEN_LAYOUTS or (isinstance(type_line, str) and type_line.startswith("Token"))
    return full, faces, token  # type: ignore[return-value]


def _looks_mtgjson(path: Path) -> bool:
    """Whether a small file's top level has MTGJSON's "meta" or a "data" object (read cheaply)."""
    try:
        with open(path, "rb") as f:
            head = f.read(4096)
    except OSError:
        return False
    return head.lstrip()[:1] == b"{" and re.search(rb'"(meta|data)"\s*:\s*\{', head) is not None


_SPACE = re.compile(r"[ \t\n\r]*")



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
