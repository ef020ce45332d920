"""Question parameters that are small expressions: criteria ("choose a nonland card name",
"cast an instant or sorcery spell with mana value 3 or less from among them") and a trigger
condition ("when this is turned face down"). Only their shape is read here; the rules decide
what meets them (logic/criteria.lp for objects and faces being cast or put onto the
battlefield, logic/names.lp for card names, logic/triggers.lp for conditions).

Criteria are words, separated by spaces or commas; every word must hold. A word may list
alternatives with "|" ("instant|sorcery"): one of them must hold.

  creature, land, instant ...     a card type (205.2a); "type:creature" says the same
  legendary, basic, snow ...      a supertype (205.4a)
  white, blue, black, red, green  a color (105.1)
  colorless, monocolored, multicolored
  Human, Equipment ...            a word starting with a capital letter: a subtype
  permanent                       a permanent card (110.4a)
  non<word>                       the opposite: nonland, nonlegendary, nonred, non-Human
  mv=N, mv<=N, mv>=N              mana value (202.3; mana_value= also accepted)
  any                             any card (an effect with no condition on the card)
  transformed                     a mode, not a test: the effect casts or puts it "transformed"
                                  (712.11a, 712.14a)
  none                            alone: no effect at all, only the rules' own permissions

Terms (criterion(Key, Conjunct, Term), logic/input.lp): has(type(T)), has(supertype(T)),
has(subtype("S")), has(color(C)), has(permanent), lacks(X) for each has(X), colorless,
monocolored, multicolored, non(X) for those three, mana_value(eq|le|ge, N), any, transformed.

Conditions (would_trigger): enters, transforms, converts, turned_face_down, turned_face_up,
transforms_into:NAME ("whenever this transforms into NAME", 701.27e).
"""

from __future__ import annotations

import re

from clingo import Function, Number, String, Symbol

from .spec import NUMBER_LIMIT, suggest
from .vocabulary import COLORS  # 105.1

CARD_TYPES = ("artifact", "battle", "conspiracy", "creature", "dungeon", "enchantment", "instant",
              "kindred", "land", "phenomenon", "plane", "planeswalker", "scheme", "sorcery", "vanguard")
SUPERTYPES = ("basic", "legendary", "ongoing", "snow", "world")
COUNTS = ("colorless", "monocolored", "multicolored")
MODES = ("any", "transformed")
_MV = re.compile(r"^(?:mv|mana_value)(<=|>=|=)([0-9]+)$")
_OPS = {"=": "eq", "<=": "le", ">=": "ge"}
CONDITIONS = ("enters", "transforms", "converts", "turned_face_down", "turned_face_up")


class CriteriaError(ValueError):
    """A word the criteria language doesn't know; the message says what is allowed."""


def words(text: str | list) -> list[str]:
    if isinstance(text, list):
        return [w for item in text for w in words(str(item))]
    return [w for w in re.split(r"[\s,]+", str(text).strip()) if w]


def normal_text(text: str | list) -> str:
    """The criteria as one canonical text: the words, space-separated, in the given order."""
    return " ".join(words(text))


def parse(text: str | list) -> list[tuple[int, Symbol]]:
    """(conjunct index, alternative term) pairs, in order; [] for `none` or nothing."""
    ws = words(text)
    if ws == ["none"]:
        return []
    out: list[tuple[int, Symbol]] = []
    for k, word in enumerate(ws):
        for alternative in word.split("|"):
            if not alternative:
                raise CriteriaError(f"empty alternative in '{word}'")
            out.append((k, parse_word(alternative)))
    return out


def parse_word(word: str) -> Symbol:
    if word.startswith("type:"):
        kind = word[5:].lower()
        if kind not in CARD_TYPES:
            raise CriteriaError(f"unknown card type '{kind}' in '{word}'{suggest(kind, CARD_TYPES)}")
        return Function("has", [Function("type", [Function(kind)])])
    if word in MODES:
        return Function(word)
    m = _MV.match(word.replace(" ", ""))
    if m:
        digits = m.group(2).lstrip("0") or "0"
        if len(digits) > len(str(NUMBER_LIMIT)) or int(digits) > NUMBER_LIMIT:
            # clingo's numbers are 32-bit (found by tests/fuzz_input.py: mv<=99999999999).
            raise CriteriaError(f"mana value {m.group(2)} in '{word}' is beyond {NUMBER_LIMIT:,}, the largest number "
                                "rulecheck reads (README: Limits)")
        return Function("mana_value", [Function(_OPS[m.group(1)]), Number(int(m.group(2)))])
    negated, base = False, word
    if word.lower().startswith("non") and len(word) > 3:
        negated, base = True, word[3:].lstrip("-")
    positive = _positive(base)
    if positive is None:
        raise CriteriaError(f"unknown criterion '{word}'" + _hint(base if negated else word))
    if positive.name in COUNTS:
        return Function("non", [positive]) if negated else positive
    return Function("lacks" if negated else "has", [positive])


def _positive(word: str) -> Symbol | None:
    low = word.lower()
    if low in CARD_TYPES:
        return Function("type", [Function(low)])
    if low in SUPERTYPES:
        return Function("supertype", [Function(low)])
    if low in COLORS:
        return Function("color", [Function(COLORS[low])])
    if low in COUNTS:
        return Function(low)
    if low == "permanent":
        return Function("permanent")
    if word[:1].isupper() and re.fullmatch(r"[A-Z][A-Za-z'\-]*", word):
        return Function("subtype", [String(word)])
    return None


def _hint(word: str) -> str:
    known = list(CARD_TYPES) + list(SUPERTYPES) + list(COLORS) + list(COUNTS) + ["permanent", *MODES]
    return (f"{suggest(word.lower(), known)}; use card types, supertypes, colors, colorless, "
            "monocolored, multicolored, permanent, a Capitalised subtype, non<word>, mv=N / mv<=N / mv>=N, "
            "any, transformed or none; A|B for either")


TERM_NAMES = frozenset({"has", "lacks", "non", "mana_value"})
_COLOR_WORDS = {v: k for k, v in COLORS.items()}


def describe(term: Symbol) -> str:
    """A criterion term as the word it was written as: lacks(type(land)) -> "nonland"."""
    name, args = term.name, term.arguments
    if name in ("lacks", "non"):
        inner = args[0] if name == "non" else Function("has", [args[0]])
        return "non" + ("-" if args[0].name == "subtype" else "") + describe(inner)
    if name == "mana_value":
        op = {v: k for k, v in _OPS.items()}[args[0].name]
        return f"mv{op}{args[1].number}"
    if name == "has":
        inner = args[0]
        if inner.name == "subtype":
            return inner.arguments[0].string
        if inner.name == "color":
            return _COLOR_WORDS[inner.arguments[0].name]
        if inner.name == "permanent":
            return "permanent"
        return inner.arguments[0].name
    return name


def parse_condition(text: str) -> Symbol:
    """A trigger condition about the object asked about ("self")."""
    text = text.strip()
    self_ = Function("self")
    if text.startswith("transforms_into:"):
        name = text.split(":", 1)[1].strip()
        if not name:
            raise CriteriaError("transforms_into: needs a name, e.g. transforms_into:Insectile Aberration")
        return Function("transforms_into", [self_, Function("name", [String(name)])])
    if text in CONDITIONS:
        return Function(text, [self_])
    raise CriteriaError(f"unknown trigger condition '{text}' (use {', '.join(CONDITIONS)} or transforms_into:NAME)")
