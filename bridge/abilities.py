"""Abilities a scenario states, in the project's ability vocabulary (logic/statics.lp's header).

A card without a script (or a scenario's own card) can be given static abilities in the
scenario itself, as data:

    abilities:
      - card: Fervor
        text: "Creatures you control have haste."     # the printed paragraph it models
        affects: creatures_you_control
        grants: [{gain: haste}]

Each becomes the facts a card script would state (static_ability/3, static_affects/4,
static_grants/4, and scripts_ability/4 when `text` names a printed paragraph), built as clingo
symbols: nothing of the scenario is pasted into a program. What a selector or a grant means is
the rules' (statics.lp, characteristics.lp, dependency.lp, layers.lp); this module only checks
the words and writes the facts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from clingo import Function, Number, String, Symbol

from .errors import CardDataError
from .spec import Context, Enum, Field, Int, ListOf, Record, Tagged, Text
from .vocabulary import BASIC_LAND_TYPES, COLORS, text_word_kind  # 105.1; 205.3i, 305.6
from .wording import ident, protection_parts

# The selectors statics.lp defines (tests/test_abilities.py checks the list against the rules).
SELECTORS = ("equipped", "enchanted", "itself", "creatures_you_control", "other_creatures_you_control", "creatures", "lands", "nonbasic_lands",
             "other_non_aura_enchantments", "noncreature_artifacts", "permanents", "forests_and_saprolings",
             "white_creatures", "you", "cards_spells_and_permanents", "creatures_spells_and_cards_you_own")
CARD_TYPES = ("artifact", "battle", "creature", "enchantment", "instant", "kindred", "land", "planeswalker", "sorcery")
# 205.3i: the land types.
LAND_TYPES = ("Cave", "Desert", "Forest", "Gate", "Island", "Lair", "Locus", "Mine", "Mountain", "Plains", "Planet",
              "Power-Plant", "Sphere", "Swamp", "Tower", "Town", "Urza’s")
_PT_LIMIT = 1000
_KEYWORD = re.compile(r"[a-z][a-z0-9_]*")


def _pair(what: str) -> ListOf:
    return ListOf(Int(minimum=-_PT_LIMIT), min_items=2, description=f"[X, Y]: {what} (each at most {_PT_LIMIT} either way)")


def _one(key: str, spec, description: str) -> Record:
    return Record(what=f"a grant ({key}:)", description=description, fields={key: Field(spec, required=True)})


GRANT = Tagged(what="grant", description="What the ability does to each object it applies to.", variants={
    "pt": _one("pt", _pair("+X/+Y"), "+X/+Y (layer 7c, 613.4c)."),
    "set_pt": _one("set_pt", _pair("base power and toughness X/Y"), "Base power and toughness X/Y (layer 7b, 613.4b)."),
    "set_pt_to_mana_value": _one("set_pt_to_mana_value", Enum(("true",)),
                                 "Base power and toughness each equal to its mana value (layer 7b, 613.4b)."),
    "gain": _one("gain", Text(description="A keyword ability, as printed (\"first strike\", \"haste\")."),
                 "It has the keyword ability (layer 6, 613.1f)."),
    "lose": _one("lose", Text(description="A keyword ability, as printed (\"flying\")."),
                 "It loses the keyword ability (layer 6, 613.1f)."),
    "type": _one("type", Enum(CARD_TYPES), "It is that card type in addition to its others (layer 4, 205.1b)."),
    "not_type": _one("not_type", Enum(CARD_TYPES), "It isn't that card type (layer 4)."),
    "land_type": _one("land_type", Enum(BASIC_LAND_TYPES), "Its land type becomes that basic land type (layer 4, 305.7)."),
    "add_land_type": _one("add_land_type", Enum(LAND_TYPES), "It has that land type in addition to its others (305.7)."),
    "lose_all_abilities": _one("lose_all_abilities", Enum(("true",)), "It loses all abilities (layer 6, 613.1f)."),
    "color": _one("color", Enum(tuple(COLORS)), "It is that color instead of its others (layer 5, 105.3)."),
    "creature_type": _one("creature_type", Text(description="A creature type (205.3m), as printed: \"Elf\"."),
                          "Its creature types become that one (layer 4, 205.1a)."),
    "add_creature_type": _one("add_creature_type", Text(description="A creature type (205.3m), as printed."),
                              "It has that creature type in addition to its others (layer 4, 205.1b)."),
    "cant": _one("cant", Enum(("attack", "block", "attack_or_block")),
                 "It can't attack, block, or either: a restriction (508.1c, 509.1b)."),
    "must": _one("must", Enum(("attack", "block")),
                 "It attacks (blocks) each combat if able: a requirement (508.1d, 509.1c)."),
    "change_text": _one("change_text", ListOf(Text(), min_items=2, description=(
                                                  "[FROM, TO]: two color words, two basic land types or two "
                                                  "creature types (205.3m), as printed: \"Goblin\".")),
                        "Every FROM in its text becomes TO, as a color word, land type or creature type (layer 3, "
                        "612.2, 613.1c): in its static abilities' grants and its type line; its other abilities "
                        "with the word are refused."),
    "control": _one("control", Enum(("you",)),
                    "Its controller is the controller of the permanent with the ability (\"You control enchanted "
                    "creature\": layer 2, 613.1b)."),
    "protection": _one("protection", Text(description="The qualities as printed after \"protection\": \"from red\", "
                                                      "\"from Demons and from Dragons\"."),
                       "Protection from those qualities (702.16a); for the selector you only (player_abilities.lp)."),
})

STATED_ABILITY = Record(what="a stated ability", description=(
    "A static ability of a card, stated as data: the objects it applies to and what it does to each "
    "(the same vocabulary as card scripts: logic/statics.lp)."), fields={
    "card": Field(Text(description="The card's full name or a face's name."), required=True),
    "face": Field(Enum(("front", "back"), description="The face that has the ability."), default="front"),
    "text": Field(Text(description="The printed paragraph it models: answers no longer say it isn't modelled.")),
    "affects": Field(Enum(SELECTORS, description="What it applies to."), required=True),
    "grants": Field(ListOf(GRANT, min_items=1), required=True),
})


@dataclass(frozen=True)
class StatedAbility:
    card: str           # the card's full name
    side: str
    name: str           # the ability's name: its printed text, or "stated ability N"
    text: str | None
    affects: str
    grants: tuple[Symbol, ...]


def stated_abilities(values: list[dict], ctx: Context, node, pool) -> tuple[StatedAbility, ...]:
    """The validated `abilities:` section, each checked against the card it names."""
    out = []
    for i, value in enumerate(values):
        actx = ctx.at(i, node.value[i])
        try:
            card = pool.find(value["card"])
            face = card.face(value["face"])
        except CardDataError as exc:
            raise actx.at("card", node.value[i].value["card"]).error(exc.message, node.value[i].value["card"]) from None
        text = value.get("text")
        if text is not None and text not in face.abilities:
            printed = ("its abilities: " + "; ".join(f"'{a}'" for a in face.abilities) if face.abilities
                       else "it has none (leave text: out to state an ability of your own)")
            raise actx.at("text", node.value[i].value["text"]).error(
                f"'{text}' is not a printed ability of {face.name}; {printed}", node.value[i].value["text"])
        name = text if text is not None else f"stated ability {i + 1}"
        gnode = node.value[i].value["grants"]
        for j, (tag, fields) in enumerate(value["grants"]):
            gctx = actx.at("grants", gnode).at(j, gnode.value[j])
            v = fields[tag]
            if tag in ("pt", "set_pt") and (len(v) != 2 or max(abs(x) for x in v) > _PT_LIMIT):
                raise gctx.error(f"{tag}: expected [X, Y], two whole numbers each at most {_PT_LIMIT} either way, "
                                 f"found {v}", gnode.value[j])
            if tag == "change_text" and (len(v) != 2 or v[0] == v[1] or text_word_kind(v[0]) is None
                                         or text_word_kind(v[0]) != text_word_kind(v[1])):
                raise gctx.error(f"change_text: expected [FROM, TO], two different color words, basic land types "
                                 f"or creature types, found {v}", gnode.value[j])
            if tag in ("gain", "lose") and not _KEYWORD.fullmatch(_keyword(v)):
                raise gctx.error(f"{tag}: expected a keyword ability such as 'haste' or 'first strike', found '{v}'",
                                 gnode.value[j])
        grants = tuple(_grant(tag, fields) for tag, fields in value["grants"])
        out.append(StatedAbility(card.name, value["face"], name, text, value["affects"], grants))
    return tuple(out)


def _grant(tag: str, fields: dict) -> Symbol:
    v = fields[tag]
    if tag == "pt":
        return Function("pt", [Number(v[0]), Number(v[1])])
    if tag == "set_pt":
        return Function("set_pt", [Number(v[0]), Number(v[1])])
    if tag == "set_pt_to_mana_value":
        return Function("set_pt_mana_value")
    if tag in ("gain", "lose"):
        return Function("keyword", [Function(tag), Function(_keyword(v))])
    if tag in ("type", "not_type"):
        return Function("type", [Function("add" if tag == "type" else "remove"), Function(v)])
    if tag in ("land_type", "add_land_type"):
        return Function("land_type", [Function("set" if tag == "land_type" else "add"), String(v)])
    if tag == "color":
        return Function("color", [Function("set"), Function(COLORS[v])])
    if tag in ("creature_type", "add_creature_type"):
        return Function("creature_type", [Function("set" if tag == "creature_type" else "add"), String(v)])
    if tag in ("cant", "must"):
        return Function(tag, [Function(v)])
    if tag == "change_text":
        return Function("change_text", [String(v[0]), String(v[1])])
    if tag == "control":
        return Function("control", [Function(v)])
    if tag == "protection":
        return Function("protection", [String(v)])
    return Function("lose_all_abilities")


def _keyword(text: str) -> str:
    return ident(text)


def ability_facts(a: StatedAbility) -> list[Symbol]:
    """The facts a card script would state for it."""
    c, s, n = String(a.card), Function(a.side), String(a.name)
    out = [Function("static_ability", [c, s, n]), Function("static_affects", [c, s, n, Function(a.affects)])]
    out += [Function("static_grants", [c, s, n, g]) for g in a.grants]
    # A protection grant's qualities as printed, as for a printed protection keyword (facts.py).
    for g in a.grants:
        if g.name == "protection":
            text = g.arguments[0].string
            out += [Function("keyword_quality_part", [Function("protection"), String(text), Number(i), String(part)])
                    for i, part in enumerate(protection_parts(text))]
    if a.text is not None:
        out.append(Function("scripts_ability", [c, s, String(a.text), Function("static", [n])]))
    return out
