"""Card data: Scryfall-shaped card objects read into frozen Card/Face records.

The records keep the data as given (no correction to the Comprehensive Rules happens here: the
rules program derives e.g. the Incubator back face's name "Phyrexian Token" per CR 111.10i).
Fields whose name starts with "_" (our provenance notes: _source, _caveats, ...) are ignored.
"""

from __future__ import annotations

import difflib
import functools
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, NoReturn

from .document import check_json_depth
from .errors import CardDataError
from .resources import data_dir
from .spec import NUMBER_LIMIT

# A card's power, toughness, loyalty or defense is at most this in size (printed cards: 99).
CARD_NUMBER_LIMIT = 10_000

COLOR_ORDER = "WUBRG"
SUPERTYPES = frozenset({"Basic", "Legendary", "Ongoing", "Snow", "World", "Elite", "Host"})
# Layouts whose card_faces are the two sides of a double-faced card (or token).
DOUBLE_FACED_LAYOUTS = frozenset({"transform", "modal_dfc", "double_faced_token",
                                  "reversible_card", "art_series"})
TOKEN_LAYOUTS = frozenset({"token", "double_faced_token"})
BUILTIN_FILES = ("cards.json", "cards-2.json", "cards-3.json")
# Keywords printed "Name — text" with a spaced em dash; for any other keyword that shape is an
# ability word or flavor word (CR 207.2c), e.g. "Double Overdrive — Equipped creature gets ...".
_SPACED_DASH_KEYWORDS = frozenset({"companion"})


@dataclass(frozen=True)
class Keyword:
    name: str               # canonical name as in the data's keywords list, e.g. "First strike"
    parameter: str | None   # rest of the item: "{3}", "legendary creature {3}", "from black"

    @property
    def ident(self) -> str:
        return re.sub(r"[\s\-]+", "_", self.name.strip().lower())


@dataclass(frozen=True)
class ManaSymbol:
    text: str                                   # "{2/W}"
    alternatives: tuple[tuple[str, int | str], ...]
    phyrexian: bool


@dataclass(frozen=True)
class Face:
    side: str
    name: str
    mana_cost: str | None
    mana_symbols: tuple[ManaSymbol, ...]
    type_line: str
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    oracle_text: str
    power: str | None
    toughness: str | None
    loyalty: str | None
    defense: str | None
    colors: tuple[str, ...]
    color_indicator: tuple[str, ...] | None
    keywords: tuple[Keyword, ...]
    # Mana symbols in the rules text, in order, each marked if it stands in reminder text
    # (the rules decide what reminder text counts for: CR 903.4c, logic/color_identity.lp).
    text_symbols: tuple["TextManaSymbol", ...] = ()
    # The abilities printed on the face, one per paragraph (CR 113.2c), keyword lines split
    # into their keywords; reminder text dropped (it is no ability, 207.2a).
    abilities: tuple[str, ...] = ()


@dataclass(frozen=True)
class TextManaSymbol:
    symbol: ManaSymbol
    in_reminder_text: bool


@dataclass(frozen=True)
class Card:
    name: str
    layout: str
    faces: tuple[Face, ...]
    is_token: bool
    meld_result: str | None
    meld_parts: tuple[str, ...]
    source: str
    scryfall_color_identity: tuple[str, ...]

    def face(self, side: str) -> Face:
        for f in self.faces:
            if f.side == side:
                return f
        sides = ", ".join(f.side for f in self.faces)
        raise CardDataError(None, None, f"card '{self.name}' has no face '{side}' (it has: {sides})")


# ---------------------------------------------------------------- mana costs

_SYMBOL_RE = re.compile(r"\{([^{}]*)\}")


def _mana_atom(part: str) -> tuple[str, int | str] | None:
    if re.fullmatch(r"[0-9]+", part):
        # (beyond rulecheck's range, spec.NUMBER_LIMIT: no symbol; a mana cost says so)
        return ("generic", int(part)) if len(part) <= 7 and int(part) <= NUMBER_LIMIT else None
    if len(part) == 1 and part in COLOR_ORDER:
        return ("color", part)
    return {"C": ("colorless", "C"), "S": ("snow", "S"), "X": ("variable", "X"),
            "Y": ("variable", "Y"), "Z": ("variable", "Z")}.get(part)


@functools.lru_cache(maxsize=4096)        # few distinct symbols, many cards in a bulk file
def _mana_symbol(text: str, body: str) -> ManaSymbol | None:
    """The symbols of CR 107.4; None for anything else."""
    parts = body.split("/")
    phyrexian = len(parts) > 1 and parts[-1] == "P"
    if phyrexian:
        parts = parts[:-1]
    atoms = [_mana_atom(p) for p in parts]
    if any(a is None for a in atoms) or not 1 <= len(atoms) <= 2:
        return None
    kinds = [a[0] for a in atoms]  # type: ignore[index]
    if phyrexian and any(k != "color" for k in kinds):
        return None                       # {W/P}, {G/U/P} only
    if len(atoms) == 2 and (kinds[0] not in ("color", "generic", "colorless") or kinds[1] != "color"):
        return None                       # hybrid: {W/U}, {2/W}, {C/W}
    return ManaSymbol(text, tuple(atoms), phyrexian)  # type: ignore[arg-type]


def parse_mana_cost(cost: str, file: str | None = None, where: str | None = None,
                    card: str | None = None) -> tuple[ManaSymbol, ...]:
    """Parse a mana cost like "{2}{W/U}" into its symbols, in order (CardDataError if one is bad)."""
    symbols: list[ManaSymbol] = []
    pos = 0
    for m in _SYMBOL_RE.finditer(cost):
        bad = cost[pos:m.start()] or None
        sym = None if bad else _mana_symbol(m.group(0), m.group(1))
        if sym is None:
            _bad_mana(cost, bad or m.group(0), file, where, card)
        symbols.append(sym)  # type: ignore[arg-type]
        pos = m.end()
    if pos != len(cost):
        _bad_mana(cost, cost[pos:], file, where, card)
    return tuple(symbols)


class UnsupportedManaSymbol(CardDataError):
    """A real symbol rulecheck doesn't model ({HW}, {½}, {∞}: Un-cards in bulk files)."""


# Half mana and infinity: printed on Un-cards only, outside the rules of 107.4.
_UN_SYMBOL_RE = re.compile(r"\{(H[WUBRG]?|½|∞)\}")


def _bad_mana(cost: str, bad: str, file: str | None, where: str | None, card: str | None) -> NoReturn:
    who = f"card '{card}': " if card else ""
    if re.fullmatch(r"\{[0-9]+\}", bad):
        raise CardDataError(file, where, f"{who}generic mana '{bad}' in mana cost '{cost}' is beyond "
                                         f"rulecheck's range (at most {NUMBER_LIMIT:,})")
    kind = UnsupportedManaSymbol if _UN_SYMBOL_RE.fullmatch(bad) else CardDataError
    raise kind(file, where, f"{who}bad mana symbol '{bad}' in mana cost '{cost}'")


# ---------------------------------------------------------------- rules text

def text_mana_symbols(oracle_text: str) -> tuple[TextManaSymbol, ...]:
    """The mana symbols (CR 107.4) in a face's rules text, in order, each marked if it stands
    inside parentheses (reminder text, 207.2a). Other symbols ({T}, {Q}, {E}, {H}) are no mana
    symbols and are left out. Nothing is dropped here: the rules decide what counts."""
    out: list[TextManaSymbol] = []
    depth = 0
    i = 0
    while i < len(oracle_text):
        ch = oracle_text[i]
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        elif ch == "{":
            end = oracle_text.find("}", i)
            if end < 0:
                break
            sym = _mana_symbol(oracle_text[i:end + 1], oracle_text[i + 1:end])
            if sym is not None:
                out.append(TextManaSymbol(sym, depth > 0))
            i = end
        i += 1
    return tuple(out)


def face_abilities(oracle_text: str, known_keywords: Iterable[str]) -> tuple[str, ...]:
    """The abilities printed on a face: each paragraph is one ability (CR 113.2c), except that
    a line of keywords is one ability per keyword (702.1). Reminder text is no ability (207.2a):
    it is removed, and a paragraph that is only reminder text (Breeding Pool's "({T}: Add {G}
    or {U}.)", a back face's "(Transforms from ...)") gives none."""
    out: list[str] = []
    for raw in oracle_text.split("\n"):
        line = raw
        while (stripped := _REMINDER_RE.sub("", line)) != line:
            line = stripped
        line = " ".join(line.split())
        if not line:
            continue
        keywords = derive_keywords(line, known_keywords)
        if keywords:
            out.extend(k.name + (f" {k.parameter}" if k.parameter else "") for k in keywords)
        else:
            out.append(line)
    return tuple(out)


# ---------------------------------------------------------------- keywords

_REMINDER_RE = re.compile(r"\([^()]*\)")


def derive_keywords(oracle_text: str, known: Iterable[str]) -> tuple[Keyword, ...]:
    """The keyword abilities printed on keyword lines of one face's text.

    Scryfall's card-level `keywords` is the union over faces and includes keyword actions
    ("Transform") and even flavor words, so it only supplies the candidate names: a line counts
    when, reminder text removed and split on ", " / "; ", every item starts with one of them.
    """
    names = sorted(set(known), key=len, reverse=True)   # longest first: "Double strike" before "Double"
    found: list[Keyword] = []
    for raw in oracle_text.split("\n"):
        line = raw
        while (stripped := _REMINDER_RE.sub("", line)) != line:   # nested parentheses too
            line = stripped
        line = " ".join(line.split())
        if not line:
            continue
        items = [_match_item(item.strip(), names) for item in re.split(r"[,;] ", line)]
        if all(items):
            found.extend(items)  # type: ignore[arg-type]
        elif len(items) > 1 and (whole := _match_item(line, names)):
            # A parameter containing ", ": "Partner with Zndrsplt, Eye of Wisdom", "Escape—{R}{R}, Exile ...".
            found.append(whole)
    return tuple(found)


def _match_item(item: str, names: list[str]) -> Keyword | None:
    low = item.lower()
    for name in names:
        rest = item[len(name):]
        if not low.startswith(name.lower()) or (rest and not (rest[0].isspace() or rest[0] == "—")):
            continue
        # The longest keyword at a word boundary decides; if its remainder is not a parameter
        # the item is not a keyword item (no retry with a shorter name such as "Double").
        if re.match(r"\s+—", rest) and name.lower() not in _SPACED_DASH_KEYWORDS:
            return None                                     # flavor word: "Double Overdrive — ..."
        param = rest.strip()
        if param.startswith("—"):                           # non-mana cost: "Ward—Pay 3 life."
            param = param[1:].strip().removesuffix(".").strip()
            return Keyword(name, param) if param else None
        if param.endswith(".") or ":" in param:             # a sentence, e.g. "Transform all Humans."
            return None
        return Keyword(name, param or None)
    return None


# ---------------------------------------------------------------- card objects

def _kind(value: Any) -> str:
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    kinds: dict[type, str] = {dict: "an object", list: "an array", str: "a string"}
    return kinds.get(type(value), "a number")


def _join(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


class _Reader:
    """Field access for one card object, raising CardDataError with file/path/card."""

    def __init__(self, file: str, card: str):
        self.file, self.card = file, card

    def fail(self, where: str, message: str) -> NoReturn:
        raise CardDataError(self.file, where or f"card '{self.card}'", f"card '{self.card}': {message}")

    def text(self, obj: dict, key: str, where: str) -> str | None:
        value = obj.get(key)
        if value is None or isinstance(value, str):
            return value
        if isinstance(value, int) and not isinstance(value, bool):
            return str(value)                               # hand-written "power": 2
        self.fail(_join(where, key), f"{key} must be a string, not {_kind(value)}")

    def stat(self, obj: dict, key: str, where: str) -> str | None:
        """Power, toughness, loyalty or defense: text ("2", "*", "1+*"); a number at most
        CARD_NUMBER_LIMIT in size (the rules add powers up: spec.NUMBER_LIMIT)."""
        value = self.text(obj, key, where)
        if value is not None and re.fullmatch(r"-?[0-9]+", value) and (len(value) > 6 or abs(int(value)) > CARD_NUMBER_LIMIT):
            self.fail(_join(where, key), f"{key} {value} is beyond rulecheck's range (at most {CARD_NUMBER_LIMIT:,})")
        return value

    def colors(self, obj: dict, key: str, where: str) -> tuple[str, ...] | None:
        value = obj.get(key)
        if value is None:
            return None
        if not isinstance(value, list) or any(c not in tuple(COLOR_ORDER) for c in value):
            self.fail(_join(where, key), f"{key} must be a list of W, U, B, R, G; got {json.dumps(value)}")
        return tuple(sorted(set(value), key=COLOR_ORDER.index))


def _split_type_line(type_line: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    left, _, right = type_line.partition("—")
    words = left.split()
    supertypes = tuple(w for w in words if w in SUPERTYPES)
    types = tuple(w for w in words if w not in SUPERTYPES and w != "Token")  # "Token" is no type
    # Multi-word subtypes ("Time Lord") are split too; Scryfall gives no other separator.
    return supertypes, types, tuple(right.split())


def _face(r: _Reader, src: dict, where: str, side: str, flip_colors: tuple[str, ...] | None,
          keywords: list[str]) -> Face:
    name = src.get("name")
    if not isinstance(name, str) or not name:
        r.fail(_join(where, "name"), "a card face needs a name")
    mana_cost = r.text(src, "mana_cost", where) or None     # Scryfall writes "" for "no mana cost"
    symbols = parse_mana_cost(mana_cost, r.file, _join(where, "mana_cost"), r.card) if mana_cost else ()
    type_line = r.text(src, "type_line", where) or ""
    indicator = r.colors(src, "color_indicator", where)
    colors = r.colors(src, "colors", where)
    # Faces often carry no "colors". Fallback: for a flip card the card's top-level colors (its
    # color doesn't change when flipped, CR 710.1c); for other multi-part cards the face's own mana
    # symbols (each color a symbol can be paid with) plus its color indicator (CR 202.2, 204) —
    # never the top-level colors, which are the union over the faces. A single-faced card's face
    # *is* the top level, so there it is the same derivation.
    if colors is None:
        colors = flip_colors
    if colors is None:
        derived = {v for s in symbols for k, v in s.alternatives if k == "color"} | set(indicator or ())
        colors = tuple(c for c in COLOR_ORDER if c in derived)
    supertypes, types, subtypes = _split_type_line(type_line)
    oracle = r.text(src, "oracle_text", where) or ""
    return Face(side=side, name=name, mana_cost=mana_cost, mana_symbols=symbols, type_line=type_line,
                supertypes=supertypes, types=types, subtypes=subtypes, oracle_text=oracle,
                power=r.stat(src, "power", where), toughness=r.stat(src, "toughness", where),
                loyalty=r.stat(src, "loyalty", where), defense=r.stat(src, "defense", where),
                colors=colors, color_indicator=indicator, keywords=derive_keywords(oracle, keywords),
                text_symbols=text_mana_symbols(oracle), abilities=face_abilities(oracle, keywords))


def parse_card(obj: Any, file: str, where: str, source: str) -> Card:
    """One Scryfall card object -> Card (file/where only locate errors)."""
    if not isinstance(obj, dict):
        raise CardDataError(file, where or None, f"expected a card object, not {_kind(obj)}")
    if obj.get("object", "card") != "card":
        raise CardDataError(file, where or None, f"expected a card object, not a Scryfall '{obj.get('object')}' object")
    name = obj.get("name")
    if not isinstance(name, str) or not name:
        raise CardDataError(file, _join(where, "name"), "a card object needs a name (a non-empty string)")
    r = _Reader(file, name)
    layout = obj.get("layout", "normal")
    if not isinstance(layout, str):
        r.fail(_join(where, "layout"), f"layout must be a string, not {_kind(layout)}")
    keywords = obj.get("keywords", [])
    if not isinstance(keywords, list) or not all(isinstance(k, str) for k in keywords):
        r.fail(_join(where, "keywords"), "keywords must be a list of strings")
    raw_faces = obj.get("card_faces")
    if raw_faces is None:
        faces: tuple[Face, ...] = (_face(r, obj, where, "front", None, keywords),)
    else:
        fw = _join(where, "card_faces")
        if not isinstance(raw_faces, list) or not raw_faces:
            r.fail(fw, "card_faces must be a non-empty list of face objects")
        if layout in DOUBLE_FACED_LAYOUTS:
            if len(raw_faces) != 2:
                r.fail(fw, f"a '{layout}' card needs 2 faces, not {len(raw_faces)}")
            sides = ["front", "back"]
        else:                                   # split, flip, adventure, ...: halves of one face
            sides = [chr(ord("a") + i) for i in range(len(raw_faces))]
        for i, f in enumerate(raw_faces):
            if not isinstance(f, dict):
                r.fail(f"{fw}[{i}]", f"a card face must be an object, not {_kind(f)}")
        flip_colors = r.colors(obj, "colors", where) if layout == "flip" else None
        faces = tuple(_face(r, f, f"{fw}[{i}]", sides[i], flip_colors, keywords)
                      for i, f in enumerate(raw_faces))
    # Meld: each of the three objects lists all three in all_parts; the meld result is the one
    # named by the "meld_result" entry (it has meld_result None and lists the parts).
    meld_result, meld_parts = None, ()
    if layout == "meld":
        parts = obj.get("all_parts") or []
        if not isinstance(parts, list) or not all(isinstance(p, dict) for p in parts):
            r.fail(_join(where, "all_parts"), "all_parts must be a list of objects")
        named = [(p.get("component"), p.get("name")) for p in parts if isinstance(p.get("name"), str)]
        meld_parts = tuple(n for c, n in named if c == "meld_part")
        results = [n for c, n in named if c == "meld_result"]
        if results and results[0] != name:
            meld_result = results[0]
    is_token = layout in TOKEN_LAYOUTS or faces[0].type_line.startswith("Token")
    return Card(name=name, layout=layout, faces=faces, is_token=is_token, meld_result=meld_result,
                meld_parts=meld_parts, source=source,
                scryfall_color_identity=r.colors(obj, "color_identity", where) or ())


# ---------------------------------------------------------------- files and the pool

def _load_json(opener: Any, file: str) -> Any:
    """json.load of a Path, every failure as a CardDataError."""
    try:
        with opener.open("r", encoding="utf-8") as fh:
            return json.load(fh)
    except json.JSONDecodeError as e:
        raise CardDataError(file, None, f"not valid JSON: {e.msg}", line=e.lineno, column=e.colno) from None
    except RecursionError:
        # Nested past what json can read: say where it goes deeper than rulecheck reads.
        check_json_depth(opener.read_text(encoding="utf-8"), file, CardDataError)
        raise CardDataError(file, None, "nested too deeply to read as JSON") from None
    except UnicodeDecodeError:
        raise CardDataError(file, None, "not valid JSON: the file is not UTF-8 text") from None
    except FileNotFoundError:
        raise CardDataError(file, None, "no such file") from None
    except OSError as e:
        raise CardDataError(file, None, f"cannot read the file: {e.strerror or e}") from None


def _card_items(data: Any, file: str) -> tuple[list[Any], str | None]:
    """The card objects of a file and the path prefix of its items (None: the file is one card)."""
    if isinstance(data, list):                                   # a list or a Scryfall bulk file
        return data, ""
    if isinstance(data, dict):
        if data.get("object") == "list":                         # a Scryfall API list page
            if not isinstance(data.get("data"), list):
                raise CardDataError(file, "data", "a Scryfall list object needs a 'data' array")
            return data["data"], "data"
        return [data], None
    raise CardDataError(file, None, "expected a Scryfall card object, a JSON list of them or a "
                                    f"Scryfall list object, not {_kind(data)}")


_BUILTIN: CardPool | None = None


class CardPool:
    """Cards by full name; lookups by full or face name, exact first, then case-insensitive."""

    def __init__(self) -> None:
        self._cards: dict[str, Card] = {}
        self.skipped: list[str] = []     # cards of list files left out, and why
        self._index: dict[str, dict[str, list[str]]] | None = None   # built lazily, once per change

    @classmethod
    def builtin(cls) -> CardPool:
        """The bundled cards; parsed once per process, each call gets its own (cheap) copy."""
        global _BUILTIN
        if _BUILTIN is None:
            pool = cls()
            for path in (data_dir() / n for n in BUILTIN_FILES):
                pool._add_items(_load_json(path, str(path)), str(path), "built-in")
            _BUILTIN = pool
        copy = cls()
        copy._cards = dict(_BUILTIN._cards)
        return copy

    def add_file(self, path: str) -> int:
        """Add every card of a JSON file; later cards replace earlier ones of the same full name."""
        return self._add_items(_load_json(Path(path), str(path)), str(path), str(path))

    def _add_items(self, data: Any, file: str, source: str) -> int:
        items, prefix = _card_items(data, file)
        added = 0
        for i, obj in enumerate(items):
            try:
                card = parse_card(obj, file, "" if prefix is None else f"{prefix}[{i}]", source)
            except UnsupportedManaSymbol as exc:
                if prefix is None:        # the file is this one card: say what is wrong with it
                    raise
                # A bulk file holds Un-cards whose costs no rules model: skip them, and say so.
                self.skipped.append(f"{file}: {exc.where}: {exc.message}")
                continue
            self._cards[card.name] = card
            added += 1
        self._index = None
        return added

    def add_object(self, obj: dict, source: str, where: str) -> Card:
        card = parse_card(obj, source, where, source)
        self._cards[card.name] = card
        self._index = None
        return card

    def _lookup_index(self) -> dict[str, dict[str, list[str]]]:
        if self._index is None:
            exact: dict[str, list[str]] = {}     # face or full name -> full names
            folded_full: dict[str, list[str]] = {}
            folded: dict[str, list[str]] = {}
            for full, card in self._cards.items():
                folded_full.setdefault(full.casefold(), []).append(full)
                for n in dict.fromkeys([full, *(f.name for f in card.faces)]):
                    exact.setdefault(n, []).append(full)
                    hits = folded.setdefault(n.casefold(), [])
                    if full not in hits:
                        hits.append(full)
            self._index = {"exact": exact, "folded_full": folded_full, "folded": folded}
        return self._index

    def _resolve(self, name: str) -> list[str]:
        if name in self._cards:
            return [name]
        index = self._lookup_index()
        key = name.casefold()
        return index["exact"].get(name) or index["folded_full"].get(key) or index["folded"].get(key) or []

    def find(self, name: str) -> Card:
        hits = self._resolve(name)
        if len(hits) == 1:
            return self._cards[hits[0]]
        if hits:
            listed = ", ".join(f"'{h}'" for h in hits)
            raise CardDataError(None, None, f"card name '{name}' is ambiguous: it names {listed}; use the full name")
        exact = self._lookup_index()["exact"]
        display = {n.casefold(): n for n in exact}
        close = difflib.get_close_matches(name.casefold(), list(display), n=1)
        hint = f" (did you mean '{display[close[0]]}'?)" if close else ""
        raise CardDataError(None, None, f"unknown card '{name}'{hint}")

    def names(self) -> list[str]:
        return sorted(self._cards)

    def extended(self, objects: list[Any], file: str, where: str) -> "CardPool":
        """A copy of this pool with the given card objects added (a scenario's own cards:)."""
        copy = CardPool()
        copy._cards = dict(self._cards)
        for i, obj in enumerate(objects):
            card = parse_card(obj, file, f"{where}[{i}]", file)
            copy._cards[card.name] = card
        return copy

    def cards_named(self, name: str) -> tuple[str, list[Card]]:
        """The cards a chosen name could be about, for the rules to judge (201.4, 712.19):
        cards with a face or full name equal to `name` (exact spelling first, else ignoring
        case), and token cards whose face name followed by "Token" is `name` (111.4). Returns
        the name spelt as the data spells it (when the match ignored case) and the cards."""
        def matches(fold: bool) -> tuple[str, list[Card]]:
            key = name.casefold() if fold else name
            spelt, found = name, []
            for card in self._cards.values():
                names = [card.name, *(f.name for f in card.faces)]
                if card.is_token:
                    names += [f"{f.name} Token" for f in card.faces]
                for n in names:
                    if (n.casefold() if fold else n) == key:
                        spelt = n
                        found.append(card)
                        break
            return spelt, found
        spelt, found = matches(False)
        if found:
            return spelt, found
        return matches(True)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and bool(self._resolve(name))

    def __len__(self) -> int:
        return len(self._cards)


def format_card(card: Card) -> str:
    """A multi-line, human-readable description of a card and its faces."""
    kind = "token" if card.is_token else "card"
    lines = [card.name, f"  layout: {card.layout} ({kind}); source: {card.source}"]
    if card.scryfall_color_identity:
        lines.append(f"  color identity (Scryfall): {''.join(card.scryfall_color_identity)}")
    if card.meld_result:
        lines.append(f"  melds into: {card.meld_result}")
    elif card.meld_parts:
        lines.append(f"  meld result of: {' + '.join(card.meld_parts)}")
    for f in card.faces:
        lines.append(f"  [{f.side}] {f.name}" + (f"  {f.mana_cost}" if f.mana_cost else "  (no mana cost)"))
        lines.append(f"    {f.type_line}")
        stats = []
        if f.power is not None or f.toughness is not None:
            stats.append(f"{f.power}/{f.toughness}")
        stats += [f"loyalty {f.loyalty}"] if f.loyalty is not None else []
        stats += [f"defense {f.defense}"] if f.defense is not None else []
        stats.append("colors: " + ("".join(f.colors) or "colorless"))
        if f.color_indicator is not None:
            stats.append("color indicator: " + "".join(f.color_indicator))
        lines.append("    " + "; ".join(stats))
        if f.keywords:
            lines.append("    keywords: " + ", ".join(
                k.name + (f" {k.parameter}" if k.parameter else "") for k in f.keywords))
        lines.extend(f"    | {t}" for t in f.oracle_text.split("\n") if t)
    return "\n".join(lines)
