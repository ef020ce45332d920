"""Question parameters that are small expressions: an effect's criteria ("cast an instant or
sorcery spell with mana value 3 or less from among them") and a trigger condition ("when
this is turned face down"). They are parsed here into clingo symbols (data shape only; the
rules decide what meets them, logic/criteria.lp and logic/triggers.lp).

Criteria: comma-separated conditions that must all hold; `|` gives alternatives.
  none               no effect: only the rules' own permission (cast from hand, 601.3)
  any                an effect allows it, with no condition on the card
  type:T|T...        has one of these card types (instant, sorcery, creature, land, ...)
  permanent          is a permanent card (110.4a)
  nonland            isn't a land card
  mv<=N, mv>=N, mv=N its mana value compares with N
  transformed        the effect casts or puts it "transformed" (back face up, 712.11a, 712.14a)
Conditions (would_trigger): enters, transforms, converts, turned_face_down, turned_face_up,
  transforms_into:NAME ("whenever this transforms into NAME", 701.27e).
"""

from __future__ import annotations

import re

from clingo import Function, Number, String, Symbol

CARD_TYPES = ("artifact", "battle", "creature", "enchantment", "instant", "kindred", "land",
              "planeswalker", "sorcery")
_MV = re.compile(r"^mv\s*(<=|>=|=)\s*(\d+)$")
CONDITIONS = ("enters", "transforms", "converts", "turned_face_down", "turned_face_up")


class CriteriaError(ValueError):
    pass


def parse_criteria(text: str) -> list[tuple[int, Symbol]]:
    """(conjunct index, alternative) pairs; an empty list for `none`."""
    text = text.strip()
    if text in ("none", ""):
        return []
    out: list[tuple[int, Symbol]] = []
    for k, part in enumerate(p.strip() for p in text.split(",")):
        if part == "any":
            out.append((k, Function("any")))
        elif part in ("permanent", "nonland", "transformed"):
            out.append((k, Function(part)))
        elif part.startswith("type:"):
            names = [n.strip().lower() for n in part[5:].split("|")]
            for n in names:
                if n not in CARD_TYPES:
                    raise CriteriaError(f"unknown card type '{n}' in '{part}' (card types: {', '.join(CARD_TYPES)})")
                out.append((k, Function("type", [Function(n)])))
        elif (m := _MV.match(part)):
            op = {"<=": "mv_le", ">=": "mv_ge", "=": "mv_eq"}[m.group(1)]
            out.append((k, Function(op, [Number(int(m.group(2)))])))
        else:
            raise CriteriaError(f"can't read the criterion '{part}' (use none, any, type:T|T, permanent, "
                                "nonland, mv<=N, mv>=N, mv=N, transformed; separate conditions with commas)")
    return out


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
