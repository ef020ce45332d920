"""Criteria for choosing a card name ("choose a nonland card name", "a creature card name"):
text -> data terms. Only the shape is read here; logic/names.lp decides whether a face meets
them (CR 201.4a, 201.4d).

The text is a list of words, separated by spaces or commas; a face must meet every one:

  creature, land, instant ...     the face has that card type (205.2a)
  legendary, basic, snow ...      the face has that supertype (205.4a)
  white, blue, black, red, green  the face is that color (105.1)
  colorless, monocolored, multicolored
  Human, Equipment ...            a word starting with a capital letter: the face has that subtype
  non<any of the above>           the face hasn't it: nonland, nonlegendary, nonred, non-Human
  mv=N, mv<=N, mv>=N              the face's mana value (202.3; mana_value= also accepted)

Terms (logic/input.lp, `criterion/2`): has(type(T)), has(supertype(T)), has(subtype("S")),
has(color(C)), colorless, monocolored, multicolored, mana_value(eq|le|ge, N), and
lacks(X) for each has(X) and non(X) for the three color counts.
"""

from __future__ import annotations

import re

from clingo import Function, Number, String, Symbol

from .spec import suggest

CARD_TYPES = ("artifact", "battle", "conspiracy", "creature", "dungeon", "enchantment", "instant",
              "kindred", "land", "phenomenon", "plane", "planeswalker", "scheme", "sorcery", "vanguard")
SUPERTYPES = ("basic", "legendary", "ongoing", "snow", "world")
COLORS = {"white": "w", "blue": "u", "black": "b", "red": "r", "green": "g"}
COUNTS = ("colorless", "monocolored", "multicolored")
_MV = re.compile(r"^(?:mv|mana_value)(<=|>=|=)(\d+)$")
_OPS = {"=": "eq", "<=": "le", ">=": "ge"}


class CriteriaError(ValueError):
    """A word the criteria language doesn't know; the message says what is allowed."""


def words(text: str | list) -> list[str]:
    if isinstance(text, list):
        return [w for item in text for w in words(str(item))]
    return [w for w in re.split(r"[\s,]+", str(text).strip()) if w]


def normal_text(text: str | list) -> str:
    """The criteria as one canonical text: the words, space-separated, in the given order."""
    return " ".join(words(text))


def parse_word(word: str) -> Symbol:
    m = _MV.match(word.replace(" ", ""))
    if m:
        return Function("mana_value", [Function(_OPS[m.group(1)]), Number(int(m.group(2)))])
    negated = False
    base = word
    if word.lower().startswith("non") and len(word) > 3:
        negated, base = True, word[3:].lstrip("-")
    positive = _positive(base)
    if positive is None and negated:
        raise CriteriaError(f"unknown criterion '{word}'" + _hint(base))
    if positive is None:
        raise CriteriaError(f"unknown criterion '{word}'" + _hint(word))
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
    if word[:1].isupper() and re.fullmatch(r"[A-Z][A-Za-z'\-]*", word):
        return Function("subtype", [String(word)])
    return None


def _hint(word: str) -> str:
    known = list(CARD_TYPES) + list(SUPERTYPES) + list(COLORS) + list(COUNTS)
    return (f"{suggest(word.lower(), known)}; use card types, supertypes, colors, colorless, "
            "monocolored, multicolored, a Capitalised subtype, non<word>, or mv=N / mv<=N / mv>=N")


def parse(text: str | list) -> list[Symbol]:
    """The criteria terms, in order (CriteriaError for an unknown word)."""
    return [parse_word(w) for w in words(text)]


TERM_NAMES = frozenset({"has", "lacks", "non", "mana_value"})
_COLOR_WORDS = {v: k for k, v in COLORS.items()}


def describe(term: Symbol) -> str:
    """A criterion term as the word it was written as: lacks(type(land)) -> "nonland"."""
    name, args = term.name, term.arguments
    if name in ("lacks", "non"):
        return "non" + ("-" if args[0].name == "subtype" else "") + describe(args[0] if name == "non" else
                                                                             Function("has", [args[0]]))
    if name == "mana_value":
        op = {v: k for k, v in _OPS.items()}[args[0].name]
        return f"mv{op}{args[1].number}"
    if name == "has":
        inner = args[0]
        if inner.name == "subtype":
            return inner.arguments[0].string
        if inner.name == "color":
            return _COLOR_WORDS[inner.arguments[0].name]
        return inner.arguments[0].name
    return name
