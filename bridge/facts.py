"""Scenario and card data -> clingo symbols (logic/input.lp documents every predicate).

Facts are built as clingo symbols and handed to the solver through its backend: user text
(card names with quotes and slashes, ids, counter kinds) is never formatted into program
text. Only data shape is decided here; every rules question is the ASP program's.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING, Iterator

from clingo import Function, Number, String, Symbol, Tuple_

from . import criteria as criteria_language
from .abilities import ability_facts
from .cards import Card, Face
from .spec import PT_COUNTER
from .vocabulary import COLORS, creature_types
from .wording import ident, protection_parts  # noqa: F401 (ident: also read from here)

if TYPE_CHECKING:
    from .model import Event, Question, Scenario

_COLOR = {"W": "w", "U": "u", "B": "b", "R": "r", "G": "g"}
# A keyword parameter that ends in a mana cost: "legendary creature {3}", "planeswalker {1}", "{7}".
_QUALITY_COST = re.compile(r"^(.*?)\s*((?:\{[^{}]+\})+)$")


def const(name: str) -> Symbol:
    return Function(name)


def fact(name: str, *args: Symbol | str | int) -> Symbol:
    return Function(name, [_sym(a) for a in args])


def _sym(value: Symbol | str | int) -> Symbol:
    if isinstance(value, Symbol):
        return value
    if isinstance(value, bool):  # bool is an int: keep it a constant
        return const("true" if value else "false")
    if isinstance(value, int):
        return Number(value)
    return String(value)


# --- Cards -------------------------------------------------------------------------------

def card_facts(card: Card) -> Iterator[Symbol]:
    c = card.name
    yield fact("card", c)
    yield fact("layout", c, const(ident(card.layout)))
    if card.meld_result:
        yield fact("meld_result_of", c, card.meld_result)
    elif card.layout == "meld":
        # The combined back face names its parts: it is a meld result even when they aren't
        # in the scenario.
        for part in card.meld_parts:
            yield fact("meld_result_of", part, c)
    for face in card.faces:
        yield from face_facts(c, face)
        if card.is_token:
            # The face's name followed by the word "Token", as text: the name 111.4 gives a
            # token whose name its effect doesn't specify (cards.lp decides when it applies).
            yield fact("face_name_with_token", c, const(face.side), f"{face.name} Token")


def face_facts(c: str, face: Face) -> Iterator[Symbol]:
    s = const(face.side)
    yield fact("face", c, s)
    yield fact("face_name", c, s, face.name)
    subtypes_text = " ".join(face.subtypes)
    if subtypes_text:
        yield fact("face_subtypes_text", c, s, subtypes_text)
    for t in face.supertypes:
        yield fact("face_supertype", c, s, const(ident(t)))
    for t in face.types:
        yield fact("face_type", c, s, const(ident(t)))
    for i, sub in enumerate(face.subtypes):
        yield fact("face_subtype", c, s, i, sub)
    for attr, value in (("power", face.power), ("toughness", face.toughness),
                        ("loyalty", face.loyalty), ("defense", face.defense)):
        if value is None:
            continue
        if re.fullmatch(r"-?\d+", value):
            yield fact(f"face_{attr}", c, s, int(value))
        elif attr in ("power", "toughness"):
            yield fact(f"face_{attr}_star", c, s, value)
    if face.mana_cost is not None:
        yield fact("face_mana_cost", c, s, face.mana_cost)
        for i, symbol in enumerate(face.mana_symbols):
            yield fact("mana_symbol", c, s, i)
            if symbol.phyrexian:
                yield fact("mana_phyrexian", c, s, i)
            for kind, value in symbol.alternatives:
                yield fact("mana_alternative", c, s, i, _mana_alternative(kind, value))
    for col in face.color_indicator or ():
        yield fact("face_color_indicator", c, s, const(_COLOR[col]))
    for kw in face.keywords:
        yield fact("face_keyword", c, s, const(kw.ident))
        if kw.parameter:
            yield fact("face_keyword_parameter", c, s, const(kw.ident), kw.parameter)
            # The keyword item as printed, and its parts: the quality words before a trailing
            # mana cost, and that cost ("Equip legendary creature {3}": "legendary creature",
            # "{3}"). What a quality means is the rules' (equip.lp).
            yield fact("face_keyword_text", c, s, const(kw.ident), kw.parameter, f"{kw.name} {kw.parameter}")
            m = _QUALITY_COST.match(kw.parameter)
            if m:
                yield fact("face_keyword_quality", c, s, const(kw.ident), kw.parameter, m.group(1))
                yield fact("face_keyword_cost", c, s, const(kw.ident), kw.parameter, m.group(2))
        if kw.ident in ("protection", "hexproof") and kw.parameter:
            # "from A and from B" (702.16g, 702.11f): each quality as printed ("Demons"); what it
            # means is the rules' (protection.lp, targeting.lp). A parameter of another shape
            # gives none.
            for i, part in enumerate(protection_parts(kw.parameter)):
                yield fact("keyword_quality_part", const(kw.ident), kw.parameter, i, part)
    for i, ts in enumerate(face.text_symbols):
        yield fact("text_mana_symbol", c, s, i, ts.symbol.text)
        for kind, value in ts.symbol.alternatives:
            yield fact("text_mana_alternative", c, s, i, _mana_alternative(kind, value))
        if ts.in_reminder_text:
            yield fact("text_mana_in_reminder", c, s, i)
    printed_keywords = {k.name + (f" {k.parameter}" if k.parameter else ""): k.ident for k in face.keywords}
    for i, text in enumerate(face.abilities):
        yield fact("face_ability", c, s, i, text)
        for word in text_words(text, face.name):     # layer 3 (logic/text.lp)
            yield fact("face_ability_word", c, s, i, word)
        if text in printed_keywords:      # a keyword line's item (cards.py: face_abilities)
            yield fact("face_ability_keyword", c, s, i, const(printed_keywords[text]))


_COLOR_WORD = re.compile(r"\b(?:non-?)?(white|blue|black|red|green)\b", re.I)
_LAND_WORD = re.compile(r"\b(Plains|Island|Swamp|Mountain|Forest)(?:s|walk)?\b", re.I)


# Creature types whose plural isn't the word and "s" or "es" (as Oracle text writes them).
_IRREGULAR_PLURALS = {"Elf": "Elves", "Dwarf": "Dwarves", "Wolf": "Wolves", "Werewolf": "Werewolves",
                      "Mouse": "Mice", "Fungus": "Fungi", "Ox": "Oxen", "Cyclops": "Cyclopes"}


@lru_cache(maxsize=1)
def _creature_type_word() -> tuple[re.Pattern, dict[str, str]]:
    """A creature type (205.3m) as a word of Oracle text, capitalized as printed, singular or plural,
    and the type each form is."""
    forms = {}
    for t in creature_types():
        forms[t] = t
        forms[t + "s"] = forms[t + "es"] = t
        if t in _IRREGULAR_PLURALS:
            forms[_IRREGULAR_PLURALS[t]] = t
    return re.compile(r"\b(" + "|".join(sorted(map(re.escape, forms), key=len, reverse=True)) + r")\b"), forms


def text_words(text: str, name: str) -> list[str]:
    """The color words, basic land types and creature types a paragraph uses (612.2: "nonblack",
    "Mountains", "swampwalk", "Elves" too), its card's name left out (612.2: a name isn't
    changed), for logic/text.lp: 'red', 'Swamp', 'Elf'. A capitalized word that is a creature type
    used otherwise counts too: a text change of that word is then refused, never misapplied."""
    text = text.replace(name, " ")
    words = {m.group(1).lower() for m in _COLOR_WORD.finditer(text)}
    words |= {m.group(1).capitalize() for m in _LAND_WORD.finditer(text)}
    pattern, forms = _creature_type_word()
    words |= {forms[m.group(1)] for m in pattern.finditer(text)}
    return sorted(words)


def _mana_alternative(kind: str, value: int | str) -> Symbol:
    if kind == "generic":
        return Function("generic", [Number(int(value))])
    if kind == "color":
        return Function("color", [const(_COLOR[str(value)])])
    if kind == "variable":
        return Function("variable", [const(str(value).lower())])
    return const(kind)  # colorless, snow


# --- The scenario ------------------------------------------------------------------------

def scenario_facts(scn: Scenario) -> list[Symbol]:
    out: list[Symbol] = []
    seen_cards: set[str] = set()
    for card in [obj.card for obj in scn.objects.values() if obj.card is not None] + list(scn.extra_cards):
        if card.name not in seen_cards:
            seen_cards.add(card.name)
            out.extend(card_facts(card))
    for i, player in enumerate(scn.players):
        out.append(fact("player", player))
        out.append(fact("turn_order", player, i))
        out.append(fact("init", Function("player", [String(player)]), const("life"), scn.life[player]))
    # Each stated library, top card first (logic/library.lp).
    for player, ids in scn.libraries.items():
        out.append(fact("library_known", player))
        out.extend(fact("library_position", oid, i) for i, oid in enumerate(ids, start=1))
    out.append(fact("initial_turn", scn.turn_number))
    out.append(fact("initial_active", scn.active))
    out.append(fact("initial_step", const(scn.step)))
    # +1/+1 and -1/-1 counters are always known: the rules themselves put them on objects
    # (incubate, 701.53a; Spark Double's exception, 707.9b).
    kinds: set[str] = {"+1/+1", "-1/-1"}
    for order, obj in enumerate(scn.objects.values(), start=1):
        out.extend(_object_facts(obj, order, scn.players))
        kinds.update(obj.counters)
    for ability in scn.abilities:
        out.extend(ability_facts(ability))
    out.append(fact("timeline_length", len(scn.timeline)))
    from .events import VERBS
    for event in scn.timeline:
        out.append(fact("entry", event.index))
        out.extend(fact("happens", event.index, term) for term in event_terms(event, scn))
        kinds.update(VERBS[event.verb].counter_kinds(event.args))
    for kind in sorted(kinds):
        m = PT_COUNTER.match(kind)
        if m:
            x = int(m.group(2)) * (1 if m.group(1) == "+" else -1)
            y = int(m.group(4)) * (1 if m.group(3) == "+" else -1)
            out.append(fact("pt_counter", kind, x, y))
    return out


def _object_facts(obj, order: int, players=()) -> Iterator[Symbol]:
    o = obj.id
    yield fact("object", o)
    if obj.card is not None:
        yield fact("object_card", o, obj.card.name)
    else:
        yield fact("cardless", o)
    if obj.token:
        yield fact("declared_token", o)
    yield fact("init", o, const("zone"), const(obj.zone))
    yield fact("init", o, const("owner"), obj.owner)
    if obj.zone == "none":
        return                      # not in the game yet: the event that creates it sets the rest
    # Objects present at the start entered their zones in the order the scenario lists them.
    yield fact("init", o, const("timestamp"), Tuple_([Number(0), Number(order)]))
    if obj.controller is not None:
        yield fact("init", o, const("controller"), obj.controller)
    if obj.face is not None:
        yield fact("init", o, const("face"), const(obj.face))
    if obj.zone == "battlefield":
        yield fact("init", o, const("controlled_since"), obj.controlled_since)
    if obj.tapped:
        yield fact("init", o, const("tapped"), const("true"))
    if obj.face_down:
        yield fact("init", o, const("face_down"), const("true"))
    if obj.attached_to in players:      # an Aura enchanting a player (logic/auras.lp)
        yield fact("init", o, const("attached_to_player"), obj.attached_to)
    elif obj.attached_to:
        yield fact("init", o, const("attached_to"), obj.attached_to)
    if obj.damage:
        yield fact("init", o, const("damage"), obj.damage)
    if obj.chosen_color:                # logic/choices.lp
        yield fact("init", o, const("chosen_color"), color_const(obj.chosen_color))
    if obj.chosen_type:
        yield fact("init", o, const("chosen_type"), obj.chosen_type)
    # Given as 0 too: no loyalty counters on a planeswalker is not the same as none given
    # (logic/planeswalkers.lp: its printed loyalty).
    for kind, n in obj.counters.items():
        yield fact("init", o, Function("counter", [String(kind)]), n)
    if obj.copy_of:
        yield fact("copy_of", o, obj.copy_of)


def target(scn: Scenario, name: str) -> Symbol:
    """A player or an object, as the rules name it: player("alice") or "obj"."""
    if name in scn.players:
        return Function("player", [String(name)])
    return String(name)


def event_terms(event: Event, scn: Scenario) -> list[Symbol]:
    """The event as the rules see it (logic/input.lp): its verb's terms (bridge/events.py), one
    or several at the same entry (a counters event that changes several kinds, a declaration of
    attackers or blockers, the modifiers of a resolve)."""
    from .events import VERBS
    return VERBS[event.verb].terms(event.args, scn)


def color_const(word: str) -> Symbol:
    """A color by its word (white ... green) as the rules' constant (w ... g; logic/cards.lp color_name)."""
    return const(COLORS[word])


def mana_type(symbol: str) -> Symbol:
    """A type of mana by its symbol (W ... C) as the rules' constant (w ... c; logic/mana.lp)."""
    return const(symbol.lower())


def question_facts(question: Question) -> list[Symbol]:
    """The question term, question(Q, T), and what the question brings with it: the data of
    the cards it names, and its criteria as criterion(Text, K, Term), keyed by the criteria's
    text, K the index of the word the term is one alternative of (bridge/criteria.py). An
    object_or_card parameter is card("Name") when the question resolved it to a card (its data
    is in question.cards), else object("id")."""
    from .catalogue import catalogue
    qtype = catalogue()[question.ask]
    args: list[Symbol] = []
    extra: list[Symbol] = []
    for p in qtype.params:
        value = question.params[p.name]
        if p.kind == "object_or_card":
            is_card = any(card.name == value for card in question.cards)
            args.append(Function("card" if is_card else "object", [String(value)]))
        elif p.kind == "side":
            args.append(const(value))
        elif p.kind == "mana_type":
            # (An optional symbol not given, "": none.)
            args.append(mana_type(value) if value else const("none"))
        elif p.kind == "condition":
            args.append(criteria_language.parse_condition(value))
        elif p.kind == "blocks":
            # The declaration's text names it; block_proposed(Text, Blocker, Attacker) its blocks.
            text = ", ".join(f"{o}: {a}" for o, a in value.items())
            args.append(String(text))
            extra.extend(fact("block_proposed", text, o, a) for o, a in value.items())
        elif p.kind == "attacks":
            # attack_proposed(Text, Attacker, Target): the target's name, a player's or an object's
            # (the rules tell which, as can_target's).
            text = ", ".join(f"{o}: {a}" for o, a in value.items())
            args.append(String(text))
            extra.extend(fact("attack_proposed", text, o, a) for o, a in value.items())
        elif p.kind == "criteria":
            args.append(String(value))
            extra.extend(fact("criterion", value, k, term) for k, term in criteria_language.parse(value))
        else:
            args.append(_sym(value))
    out = [fact("question", Function(question.ask, args), question.at)] + extra
    for card in question.cards:
        out.extend(card_facts(card))
    return out
