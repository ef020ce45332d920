"""Card data: Scryfall-shaped card objects read into frozen Card/Face records.

The records keep the data as given (no correction to the Comprehensive Rules happens here: the
rules program derives e.g. the Incubator back face's name "Phyrexian Token" per CR 111.10i).
Fields whose name starts with "_" (our provenance notes: _source, _caveats, ...) are ignored.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, NoReturn

from .document import (INT, MAP, NULL, SEQ, STR, Node, byte_line_column, check_json_depth, check_json_number_length,
                       parse_json, plain_scalar)
from .errors import CardDataError, ScenarioError, UserError
from .resources import data_dir
from .spec import (NUMBER_LIMIT, Context, Enum, Field, ListOf, Maybe, Record, Spec, String, _describe,
                   key_node, name_problem, suggest)

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
    color_indicator: tuple[str, ...] | None   # a face's colors are the rules' (202.2: logic/cards.lp)
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


class UnsupportedCardData(CardDataError):
    """Real card data rulecheck doesn't model: Un-card mana symbols, powers such as "3.5" or
    "∞", a layout it doesn't know. A bulk file's cards with such data are left out with a
    note; a card given alone (a file of one card object, a scenario's cards:) is refused."""


class UnsupportedManaSymbol(UnsupportedCardData):
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
#
# A card object is checked by the spec language the scenario format is written in
# (bridge/spec.py), on document nodes: a scenario's cards: are its own nodes, with their lines;
# a --cards file is read with json (fast, for bulk files) and its values made nodes without
# lines, and an error is then placed in the file's text by its path (locate_json).
# Scryfall's card objects have dozens of fields rulecheck doesn't read: those are ignored, but a
# key that is a misspelling of one it reads (`powr`) is refused (_misspelt_key).

# Scryfall's layouts (https://scryfall.com/docs/api/layouts).
LAYOUTS = ("normal", "split", "flip", "transform", "modal_dfc", "meld", "leveler", "class", "case",
           "saga", "adventure", "mutate", "prototype", "battle", "planar", "scheme", "vanguard",
           "token", "double_faced_token", "emblem", "augment", "host", "art_series", "reversible_card")

# Fields of Scryfall's card and card face objects that rulecheck doesn't read (not misspellings).
_SCRYFALL_FIELDS = frozenset("""
arena_id id lang mtgo_id mtgo_foil_id multiverse_ids tcgplayer_id tcgplayer_etched_id cardmarket_id
oracle_id prints_search_uri rulings_uri scryfall_uri uri cmc edhrec_rank game_changer hand_modifier
legalities life_modifier penny_rank produced_mana reserved artist artist_id artist_ids
attraction_lights booster border_color card_back_id collector_number content_warning digital
finishes flavor_name flavor_text frame_effects frame full_art games highres_image illustration_id
image_status image_uris oversized prices printed_name printed_text printed_type_line promo
promo_types purchase_uris rarity related_uris released_at reprint scryfall_set_uri set_name
set_search_uri set_type set_uri set set_id story_spotlight textless variation variation_of
security_stamp watermark preview foil nonfoil
""".split())

# Power and toughness: a whole number, or a number with * (a characteristic-defining ability,
# 208.2: "*", "1+*", "*+1", "7-*"). Loyalty may be X (306.5b). Anything else ("3.5", "∞", "?",
# "*²" on Un-cards) is real data rulecheck doesn't model.
_WHOLE = re.compile(r"-?[0-9]+")
_STAR = re.compile(r"([0-9]+[+-])?\*([+-][0-9]+)?")
_X = re.compile(r"X")


def _unsupported(ctx: Context, message: str, node: Node) -> Exception:
    """An error for real data rulecheck doesn't model: UnsupportedCardData in a card file (a
    bulk file leaves the card out), the context's own error in a scenario."""
    return ctx.error(message, node, UnsupportedCardData if issubclass(ctx.error_type, CardDataError) else None)


class _ManaCost(Spec):
    """A mana cost, parsed into its symbols (CR 107.4): (text, symbols), or None for ""."""

    description = "The mana cost, as Scryfall writes it: \"{2}{W/U}\"; \"\" for none."

    def validate(self, node: Node, ctx: Context) -> tuple[str, tuple[ManaSymbol, ...]] | None:
        text = String(empty=True).validate(node, ctx)
        if not text:
            return None                     # Scryfall writes "" for "no mana cost"
        try:
            return text, parse_mana_cost(text)
        except UnsupportedCardData as exc:
            raise _unsupported(ctx, exc.message, node) from None
        except CardDataError as exc:
            raise ctx.error(exc.message, node) from None

    def schema(self) -> dict:
        return self._with_description({"type": "string"})


class _Stat(Spec):
    """Power, toughness, loyalty or defense: text as Scryfall writes it ("2", "*", "1+*"), or a
    whole number written by hand; its number at most CARD_NUMBER_LIMIT in size (the rules add
    powers up: spec.NUMBER_LIMIT)."""

    def __init__(self, key: str, texts: re.Pattern | None, shown: str):
        self.key, self.texts, self.shown = key, texts, shown
        self.description = f"The {key}: {shown}."

    def validate(self, node: Node, ctx: Context) -> str:
        if node.kind == INT and not isinstance(node.value, bool):
            value = str(node.value)                         # hand-written "power": 2
        elif node.kind == STR:
            value = node.value
        else:
            raise ctx.error(f"expected {self.shown}; found {_describe(node)}", node)
        if value.strip() == "":
            raise ctx.error("is empty; give a value", node)
        if _WHOLE.fullmatch(value):
            if len(value.lstrip("-")) > 6 or abs(int(value)) > CARD_NUMBER_LIMIT:
                raise ctx.error(f"{self.key} {value} is beyond rulecheck's range (at most {CARD_NUMBER_LIMIT:,})", node)
            return value
        if self.texts is not None and self.texts.fullmatch(value):
            return value
        if name_problem(value):
            raise ctx.error(name_problem(value), node)      # type: ignore[arg-type]
        raise _unsupported(ctx, f"{self.key} '{value}' is not one rulecheck models ({self.shown})", node)

    def schema(self) -> dict:
        return self._with_description({"type": ["string", "integer"]})


class _Layout(Spec):
    description = "Scryfall's layout: normal, transform, modal_dfc, split, flip, adventure, meld, token, ..."

    def validate(self, node: Node, ctx: Context) -> str:
        layout = String().validate(node, ctx)
        if layout not in LAYOUTS:
            raise _unsupported(ctx, f"unknown layout '{layout}'{suggest(layout, LAYOUTS)}; "
                                    f"Scryfall's layouts are {', '.join(LAYOUTS)}", node)
        return layout

    def schema(self) -> dict:
        return self._with_description({"enum": list(LAYOUTS)})


_COLORS = Maybe(ListOf(Enum(tuple(COLOR_ORDER))))


def _face_fields(mana_cost: Spec) -> dict[str, Field]:
    return {
        "name": Field(String(description="The face's name (the card's full name, at the top)."), required=True),
        "mana_cost": Field(Maybe(mana_cost)),
        "type_line": Field(Maybe(String(empty=True, description="\"Legendary Creature — Human Hero\"."))),
        "oracle_text": Field(Maybe(String(empty=True))),
        "power": Field(Maybe(_Stat("power", _STAR, 'a whole number, or text such as "3", "*" or "1+*"'))),
        "toughness": Field(Maybe(_Stat("toughness", _STAR, 'a whole number, or text such as "3", "*" or "1+*"'))),
        "loyalty": Field(Maybe(_Stat("loyalty", _X, 'a whole number, or text such as "3" or "X"'))),
        "defense": Field(Maybe(_Stat("defense", None, 'a whole number, or text such as "5"'))),
        "colors": Field(_COLORS),
        "color_indicator": Field(_COLORS),
    }


_FACE = Record(what="a card face", other_keys=True, fields=_face_fields(_ManaCost()),
               description="A face (or half) of a card: Scryfall's card face object.")
_PART = Record(what="a related card (all_parts)", other_keys=True, fields={
    "name": Field(String(), required=True),
    "component": Field(Maybe(String(description="meld_part, meld_result, token, combo_piece, ..."))),
})


def _card_record(faces: bool) -> Record:
    # With card_faces, the top level's mana cost is the faces' joined ("{1}{R} // {1}{U}"): text.
    fields = _face_fields(String(empty=True) if faces else _ManaCost())
    fields.update({
        "object": Field(Maybe(String(description="\"card\"."))),
        "layout": Field(Maybe(_Layout())),
        "keywords": Field(Maybe(ListOf(String()))),
        "card_faces": Field(Maybe(ListOf(_FACE, min_items=1))),
        "all_parts": Field(Maybe(ListOf(_PART))),
        "color_identity": Field(_COLORS),
    })
    return Record(what="a card object", other_keys=True, fields=fields,
                  description="A Scryfall card object (https://scryfall.com/docs/api/cards); fields rulecheck "
                              "doesn't read are ignored.")


_SINGLE_FACED, _MULTI_FACED = _card_record(False), _card_record(True)


def _misspelt_key(node: Node, fields: dict[str, Field]) -> str | None:
    """A key that is neither one rulecheck reads nor another Scryfall field, but close to one it
    reads (`powr`, `oracle_txt`): a misspelling, which ignoring would silently lose."""
    for key in node.value:
        if key in fields or key in _SCRYFALL_FIELDS or key.startswith("_"):
            continue
        if suggest(key, fields):
            return key
    return None


class CardSpec(Spec):
    """A Scryfall card object, checked and read into a Card (source: the file it came from)."""

    description = _MULTI_FACED.description

    def validate(self, node: Node, ctx: Context, source: str | None = None) -> "Card":
        if node.kind != MAP:
            raise ctx.error(f"expected a Scryfall card object (a mapping), found {_describe(node)}", node)
        obj = node.value.get("object")
        if obj is not None and obj.kind == STR and obj.value != "card":
            raise ctx.at("object", obj).error(f"expected a card object, not a Scryfall '{obj.value}' object", obj)
        name_node = node.value.get("name")
        if name_node is None:
            raise ctx.error("a card object needs a name", node)
        name = String().validate(name_node, ctx.at("name", name_node))
        try:
            return self._card(node, ctx, name, source if source is not None else ctx.file)
        except UserError as exc:
            raise type(exc)(exc.file, exc.where, f"card '{name}': {exc.message}", exc.line, exc.column) from None

    def _card(self, node: Node, ctx: Context, name: str, source: str) -> "Card":
        faces_node = node.value.get("card_faces")
        multi = faces_node is not None and faces_node.kind != NULL
        record = _MULTI_FACED if multi else _SINGLE_FACED
        checks = [(node, ctx, record.fields, "a card object")]
        if multi and faces_node.kind == SEQ:
            faces_ctx = ctx.at("card_faces", faces_node)
            checks += [(f, faces_ctx.at(i, f), _FACE.fields, "a card face") for i, f in enumerate(faces_node.value)]
        for n, where, fields, what in checks:
            if n.kind == MAP and (key := _misspelt_key(n, fields)):
                raise where.at(key, n.value[key]).error(f"unknown key '{key}' in {what}{suggest(key, fields)}",
                                                        key_node(n, key, n.value[key]))
        values = record.validate(node, ctx)
        layout = values["layout"] or "normal"
        keywords = values["keywords"] or []
        if not multi:
            faces: tuple[Face, ...] = (_face(values, "front", keywords),)
        else:
            raw_faces = values["card_faces"]
            if layout in DOUBLE_FACED_LAYOUTS and len(raw_faces) != 2:
                raise ctx.at("card_faces", faces_node).error(
                    f"a '{layout}' card needs 2 faces, not {len(raw_faces)}", faces_node)
            sides = (["front", "back"] if layout in DOUBLE_FACED_LAYOUTS     # split, flip, adventure, ...:
                     else [chr(ord("a") + i) for i in range(len(raw_faces))])   # halves of one face
            faces = tuple(_face(f, sides[i], keywords) for i, f in enumerate(raw_faces))
        # Meld: each of the three objects lists all three in all_parts; the meld result is the one
        # named by the "meld_result" entry (it has meld_result None and lists the parts).
        meld_result, meld_parts = None, ()
        if layout == "meld":
            named = [(p["component"], p["name"]) for p in values["all_parts"] or []]
            meld_parts = tuple(n for c, n in named if c == "meld_part")
            results = [n for c, n in named if c == "meld_result"]
            if results and results[0] != name:
                meld_result = results[0]
        is_token = layout in TOKEN_LAYOUTS or faces[0].type_line.startswith("Token")
        return Card(name=name, layout=layout, faces=faces, is_token=is_token, meld_result=meld_result,
                    meld_parts=meld_parts, source=source,
                    scryfall_color_identity=_color_tuple(values["color_identity"]) or ())

    def schema(self) -> dict:
        return _MULTI_FACED.schema()


CARD = CardSpec()


def _color_tuple(colors: list[str] | None) -> tuple[str, ...] | None:
    return None if colors is None else tuple(c for c in COLOR_ORDER if c in colors)


def _split_type_line(type_line: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    left, _, right = type_line.partition("—")
    words = left.split()
    supertypes = tuple(w for w in words if w in SUPERTYPES)
    types = tuple(w for w in words if w not in SUPERTYPES and w != "Token")  # "Token" is no type
    # Multi-word subtypes ("Time Lord") are split too; Scryfall gives no other separator.
    return supertypes, types, tuple(right.split())


def _face(v: dict, side: str, keywords: list[str]) -> Face:
    """A face from its checked values (a single-faced card's are the card's own)."""
    mana_cost, symbols = v["mana_cost"] or (None, ())
    type_line = v["type_line"] or ""
    indicator = _color_tuple(v["color_indicator"])
    supertypes, types, subtypes = _split_type_line(type_line)
    oracle = v["oracle_text"] or ""
    return Face(side=side, name=v["name"], mana_cost=mana_cost, mana_symbols=symbols, type_line=type_line,
                supertypes=supertypes, types=types, subtypes=subtypes, oracle_text=oracle,
                power=v["power"], toughness=v["toughness"], loyalty=v["loyalty"], defense=v["defense"],
                color_indicator=indicator, keywords=derive_keywords(oracle, keywords),
                text_symbols=text_mana_symbols(oracle), abilities=face_abilities(oracle, keywords))


def parse_card(obj: Any, file: str, where: str, source: str) -> Card:
    """One Scryfall card object (plain values) -> Card (file/where only locate errors)."""
    node = _node(obj)
    return CARD.validate(node, Context(file, where, node, error_type=CardDataError), source)


# ---------------------------------------------------------------- files and the pool

def _kind(value: Any) -> str:
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    kinds: dict[type, str] = {dict: "an object", list: "an array", str: "a string"}
    return kinds.get(type(value), "a number")


def _node(value: Any) -> Node:
    """Plain JSON values as document nodes (without lines: locate_json places errors)."""
    if isinstance(value, dict):
        # Fields no spec reads (our provenance notes, Scryfall's prices, image_uris, ...): their
        # keys are kept (a misspelling is looked for among them), their values left out.
        return Node(MAP, {k: _IGNORED if k[:1] == "_" or k in _SCRYFALL_FIELDS else _node(v)
                          for k, v in value.items()}, key_lines={})
    if isinstance(value, list):
        return Node(SEQ, [_node(v) for v in value])
    return plain_scalar(value)


_IGNORED = Node(NULL, None, text="null")


class _DuplicateKey(Exception):
    pass


def _unique_pairs(pairs: list[tuple[str, Any]]) -> dict:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise _DuplicateKey(key)
            seen.add(key)
    return out


# A duplicate key is found with its place by the document reader (YAML's composer: a few
# seconds a megabyte) in files up to this size; beyond it, the message says which key.
_LOCATE_DUPLICATES_BYTES = 1024 * 1024


def _read_json(path: Path, file: str) -> tuple[Any, str]:
    """A JSON file's values and text, every failure as a CardDataError."""
    try:
        data = path.read_bytes()
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CardDataError(file, None, f"not valid JSON: the file is not UTF-8 text ({exc.reason} at byte {exc.start})",
                            *byte_line_column(data, exc.start)) from None
    except FileNotFoundError:
        raise CardDataError(file, None, "no such file") from None
    except OSError as e:
        raise CardDataError(file, None, f"cannot read the file: {e.strerror or e}") from None
    try:
        return json.loads(text, object_pairs_hook=_unique_pairs), text
    except json.JSONDecodeError as e:
        raise CardDataError(file, None, f"not valid JSON: {e.msg}", line=e.lineno, column=e.colno) from None
    except RecursionError:
        # Nested past what json can read: say where it goes deeper than rulecheck reads.
        check_json_depth(text, file, CardDataError)
        raise CardDataError(file, None, "nested too deeply to read as JSON") from None
    except _DuplicateKey as dup:
        if len(text) <= _LOCATE_DUPLICATES_BYTES:
            try:
                parse_json(text, file)
            except ScenarioError as exc:
                if exc.message.startswith("duplicate key"):
                    raise CardDataError(file, exc.where, exc.message, exc.line, exc.column) from None
        raise CardDataError(file, None, f"duplicate key '{dup.args[0]}'") from None
    except ValueError as e:
        # json.loads raises a plain ValueError for an integer longer than Python converts
        # (found by tests/fuzz_input.py): say where the number is.
        check_json_number_length(text, file, CardDataError)
        raise CardDataError(file, None, f"not valid JSON: {e}") from None


def _card_items(data: Any, file: str) -> tuple[list[tuple[str, Any]], str | None]:
    """The card objects of a file, each with its path ("[3]", "data[3]", "data.Fire // Ice"), and
    the path prefix of its items (None: the file is one card). MTGJSON AtomicCards files' cards
    come converted to Scryfall-shaped objects (card_index.from_mtgjson)."""
    if isinstance(data, list):                                   # a list or a Scryfall bulk file
        return [(f"[{i}]", obj) for i, obj in enumerate(data)], ""
    if isinstance(data, dict):
        if data.get("object") == "list":                         # a Scryfall API list page
            if not isinstance(data.get("data"), list):
                raise CardDataError(file, "data", "a Scryfall list object needs a 'data' array")
            return [(f"data[{i}]", obj) for i, obj in enumerate(data["data"])], "data"
        if isinstance(data.get("data"), dict) and "name" not in data:   # MTGJSON AtomicCards
            return [(f"{MTGJSON_PREFIX}{name}", faces) for name, faces in data["data"].items()], MTGJSON_PREFIX
        return [("", data)], None
    raise CardDataError(file, None, "expected a Scryfall card object, a JSON list of them, a "
                                    f"Scryfall list object or an MTGJSON AtomicCards file, not {_kind(data)}")


# The path prefix of an MTGJSON AtomicCards file's cards (data.NAME), and the kinds of names in a
# card file's index (card_index: imported only for such files).
MTGJSON_PREFIX = "data."
FULL, FACE, TOKEN = 0, 1, 2


def validate_item(where: str, obj: Any, file: str, source: str, prefix: str | None) -> Card:
    """One item of a card file read into a Card (CardDataError, not yet placed at a line)."""
    if prefix == MTGJSON_PREFIX:
        from .card_index import from_mtgjson
        return from_mtgjson(where, obj, file, source)
    node = _node(obj)
    return CARD.validate(node, Context(file, where, node, error_type=CardDataError), source)


def validated_items(items: list[tuple[str, Any]], prefix: str | None, text: str | None, file: str, source: str,
                    skipped: list[str]) -> Iterable[tuple[int, Card]]:
    """The items' cards, each with its index; an item with data no rule models is left out with
    a note in `skipped` (a file of one card is refused instead); any other error is raised,
    placed at its line and column in `text`."""
    for i, (where, obj) in enumerate(items):
        try:
            card = validate_item(where, obj, file, source, prefix)
        except UnsupportedCardData as exc:
            if prefix is None:        # the file is this one card: say what is wrong with it
                raise _located(exc, text) from None
            # A bulk file holds Un-cards whose costs, powers or layouts no rules model: skip
            # them, and say so.
            skipped.append(f"{file}: {exc.where}: {exc.message}")
            continue
        except CardDataError as exc:
            raise _located(exc, text) from None
        yield i, card


_JSON_SPACE = re.compile(r"[ \t\n\r]*")
_PATH_PART = re.compile(r"\[(\d+)\]|([^.\[\]]+)")


def locate_json(text: str, where: str | None) -> tuple[int, int] | None:
    """The line and column of the value at a path ("[3].card_faces[0].power") in valid JSON
    text; None if the path isn't there. Values on the way are skipped by json itself."""
    decoder = json.JSONDecoder()
    i = _JSON_SPACE.match(text).end()                     # type: ignore[union-attr]
    for m in _PATH_PART.finditer(where or ""):
        index, key = m.group(1), m.group(2)
        opening = "[" if index is not None else "{"
        if i >= len(text) or text[i] != opening:
            return None
        i = _JSON_SPACE.match(text, i + 1).end()           # type: ignore[union-attr]
        n, found = 0, None
        while i < len(text) and text[i] not in "]}":
            if index is None:
                name, i = json.decoder.scanstring(text, i + 1)    # type: ignore[attr-defined]
                i = _JSON_SPACE.match(text, i).end() + 1       # type: ignore[union-attr]   (the colon)
                i = _JSON_SPACE.match(text, i).end()           # type: ignore[union-attr]
                if name == key:
                    found = i
            elif n == int(index):
                found = i
                break
            _value, i = decoder.raw_decode(text, i)
            i = _JSON_SPACE.match(text, i).end()               # type: ignore[union-attr]
            if i < len(text) and text[i] == ",":
                i = _JSON_SPACE.match(text, i + 1).end()       # type: ignore[union-attr]
            n += 1
        if found is None:
            return None
        i = found
    line = text.count("\n", 0, i) + 1
    return line, i - (text.rfind("\n", 0, i) + 1) + 1


def _located(exc: CardDataError, text: str | None) -> CardDataError:
    """The error placed at its path's line and column in the file's text."""
    if exc.line is not None or text is None or exc.file is None:
        return exc
    # (A key that isn't there, "data" of a list object without it: the object it is missing from.)
    parts = [m.group(0).lstrip(".") for m in _PATH_PART.finditer(exc.where or "")]
    place = None
    while place is None and parts is not None:
        place = locate_json(text, "".join(p if p.startswith("[") else "." + p for p in parts))
        parts = parts[:-1] if parts else None
    if place is None:
        return exc
    return type(exc)(exc.file, exc.where, exc.message, *place)


_BUILTIN: CardPool | None = None


def _builtin_cards() -> dict[str, Card]:
    """The bundled cards, parsed and checked; kept pickled in the cache directory, keyed by the
    data files and the code that reads them (checking 129 cards costs a lone command ~20 ms,
    unpickling them ~2 ms). A cache entry that can't be read is made again."""
    import hashlib
    import os
    import pickle

    from .cache import prune
    from .cache import used as cache_use
    from .stages import _cache_dir
    paths = [data_dir() / n for n in BUILTIN_FILES]
    cache = _cache_dir()
    target = None
    if cache is not None:
        key = hashlib.sha256(b"builtin-cards-1")
        for path in [*paths, *(Path(__file__).parent / f"{m}.py" for m in ("cards", "spec", "document", "errors"))]:
            key.update(path.read_bytes() + b"\0")
        target = cache.parent / "cards" / f"builtin-{key.hexdigest()}.pickle"
        try:
            with open(target, "rb") as f:
                cards = pickle.load(f)
            if isinstance(cards, dict) and all(isinstance(c, Card) for c in cards.values()):
                cache_use(target)
                return cards
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, IndexError, TypeError,
                ValueError):
            pass
    pool = CardPool()
    for path in paths:
        pool._add_items(*_read_json(path, str(path)), str(path), "built-in")
    if target is not None:
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            tmp = target.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_bytes(pickle.dumps(pool._cards, protocol=pickle.HIGHEST_PROTOCOL))
            tmp.replace(target)
        except OSError:
            pass
        else:
            prune(target.parent, target)        # (bridge/cache.py: bounded age and size)
    return pool._cards


class CardPool:
    """Cards by full name; lookups by full or face name, exact first, then case-insensitive.

    The cards of an indexed file (card_index: a large --cards file, or an MTGJSON one) are
    read and checked when a lookup first returns them; until then the index answers lookups."""

    def __init__(self) -> None:
        self._cards: dict[str, Card] = {}
        # Indexed files, in the order added: a card is the last one's that has its full name,
        # unless _cards has that name (read already, or added after the file).
        self._files: list[Any] = []
        self.skipped: list[str] = []     # cards of list files left out, and why
        self._index: dict[str, dict[str, list[str]]] | None = None   # built lazily, once per change

    @classmethod
    def builtin(cls) -> CardPool:
        """The bundled cards; parsed once per process, each call gets its own (cheap) copy."""
        global _BUILTIN
        if _BUILTIN is None:
            _BUILTIN = cls()
            _BUILTIN._cards = _builtin_cards()
        copy = cls()
        copy._cards = dict(_BUILTIN._cards)
        return copy

    def add_file(self, path: str) -> int:
        """Add every card of a JSON file; later cards replace earlier ones of the same full name.
        A large file is read through its index (card_index): its cards are read when named."""
        from .card_index import open_indexed
        indexed = open_indexed(path)
        if indexed is None:
            return self._add_items(*_read_json(Path(path), str(path)), str(path), str(path))
        self.skipped.extend(indexed.skipped)
        for name in [n for n in self._cards if indexed.has(n)]:
            del self._cards[name]                   # replaced by the file's
        self._files.append(indexed)
        self._index = None
        return len(indexed)

    def _add_items(self, data: Any, text: str | None, file: str, source: str) -> int:
        try:
            items, prefix = _card_items(data, file)
        except CardDataError as exc:
            raise _located(exc, text) from None
        added = 0
        for _i, card in validated_items(items, prefix, text, file, source, self.skipped):
            self._put(card)
            added += 1
        return added

    def _put(self, card: Card) -> None:
        self._cards[card.name] = card
        self._index = None

    def _owner(self, full: str) -> Any:
        """The indexed file whose card `full` is (None: _cards has it, or no card has that name)."""
        if full in self._cards:
            return None
        return next((f for f in reversed(self._files) if f.has(full)), None)

    def _get(self, full: str) -> Card:
        card = self._cards.get(full)
        if card is None:
            card = self._cards[full] = self._owner(full).load(full)
            self._index = None
        return card

    def add_object(self, obj: dict, source: str, where: str) -> Card:
        card = parse_card(obj, source, where, source)
        self._put(card)
        return card

    def _lookup_index(self) -> dict[str, dict[str, list[str]]]:
        """The names of the cards in _cards (those of indexed files: their index)."""
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

    def _hits(self, table: str, key: str) -> list[str]:
        hits = list(self._lookup_index()[table].get(key, ()))
        column, kinds = ("name", (FULL, FACE)) if table == "exact" else \
            ("folded", (FULL,)) if table == "folded_full" else ("folded", (FULL, FACE))
        for f in self._files:
            for _name, full in f.lookup(key, column, kinds):
                if full not in hits and self._owner(full) is f:
                    hits.append(full)
        return hits

    def _resolve(self, name: str) -> list[str]:
        if name in self._cards or any(f.has(name) for f in self._files):
            return [name]
        key = name.casefold()
        return self._hits("exact", name) or self._hits("folded_full", key) or self._hits("folded", key)

    def find(self, name: str) -> Card:
        hits = self._resolve(name)
        if len(hits) == 1:
            return self._get(hits[0])
        if hits:
            listed = ", ".join(f"'{h}'" for h in hits)
            raise CardDataError(None, None, f"card name '{name}' is ambiguous: it names {listed}; use the full name")
        known = list(self._lookup_index()["exact"])
        for f in self._files:
            known += f.names()
        display = {n.casefold(): n for n in known}
        import difflib                         # (an error's hint only)
        close = difflib.get_close_matches(name.casefold(), list(display), n=1)
        hint = f" (did you mean '{display[close[0]]}'?)" if close else ""
        raise CardDataError(None, None, f"unknown card '{name}'{hint}")

    def names(self) -> list[str]:
        return sorted({*self._cards, *(n for f in self._files for n in f.names())})

    def extended(self, objects: list[Any], file: str, where: str) -> "CardPool":
        """A copy of this pool with the given card objects (plain values) added."""
        return self.with_cards(parse_card(obj, file, f"{where}[{i}]", file) for i, obj in enumerate(objects))

    def with_cards(self, cards: Iterable[Card]) -> "CardPool":
        """A copy of this pool with the given cards added (a scenario's own cards:)."""
        copy = CardPool()
        copy._cards = dict(self._cards)
        copy._files = list(self._files)
        copy.skipped = list(self.skipped)
        for card in cards:
            copy._put(card)
        return copy

    def cards_named(self, name: str) -> tuple[str, list[Card]]:
        """The cards a chosen name could be about, for the rules to judge (201.4, 712.19):
        cards with a face or full name equal to `name` (exact spelling first, else ignoring
        case), and token cards whose face name followed by "Token" is `name` (111.4). Returns
        the name spelt as the data spells it (when the match ignored case) and the cards."""

        def matches(fold: bool) -> tuple[str, list[str]]:
            key = name.casefold() if fold else name
            spelt, found = name, []
            for card in self._cards.values():
                names = [card.name, *(f.name for f in card.faces)]
                if card.is_token:
                    names += [f"{f.name} Token" for f in card.faces]
                for n in names:
                    if (n.casefold() if fold else n) == key:
                        spelt = n
                        found.append(card.name)
                        break
            for f in self._files:
                for n, full in f.lookup(key, "folded" if fold else "name", (FULL, FACE, TOKEN)):
                    if full not in found and self._owner(full) is f:
                        spelt = n
                        found.append(full)
            return spelt, found
        spelt, found = matches(False)
        if not found:
            spelt, found = matches(True)
        return spelt, [self._get(full) for full in found]

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and bool(self._resolve(name))

    def __len__(self) -> int:
        return len(self.names()) if self._files else len(self._cards)


def format_card(card: Card, colors: dict[str, tuple[str, ...]] | None = None) -> str:
    """A multi-line, human-readable description of a card and its faces; colors: each face's
    colors as the rules find them (render.card_rules_view), shown when given."""
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
        if colors is not None:
            stats.append("colors: " + ("".join(colors.get(f.side, ())) or "colorless"))
        if f.color_indicator is not None:
            stats.append("color indicator: " + "".join(f.color_indicator))
        lines.append("    " + "; ".join(stats))
        if f.keywords:
            lines.append("    keywords: " + ", ".join(
                k.name + (f" {k.parameter}" if k.parameter else "") for k in f.keywords))
        lines.extend(f"    | {t}" for t in f.oracle_text.split("\n") if t)
    return "\n".join(lines)
