"""The scenario format: its one description (SCENARIO, which is also the published JSON
Schema), and loading a file into a checked, typed Scenario.

Structure is checked by the spec (bridge/spec.py); what the spec can't see (a card the pool
doesn't know, a face the card doesn't have, `at` past the end of the timeline) is checked
here, with the same kind of error: file, path, line, what is wrong.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import criteria as criteria_language
from .abilities import STATED_ABILITY, StatedAbility, stated_abilities
from .cards import CARD, Card, CardPool
from .catalogue import Param, QuestionType, catalogue
from .document import MAP, SEQ, Node, parse_yaml, read_document
from .errors import CardDataError, ScenarioError
from .spec import (Bool, Context, Enum, Field, Int, ListOf, MapOf, Record, Ref, Spec, Tagged,
                   Text, key_node, suggest)

SUPPORTED_RULES = ("2026-09-25",)
ZONES = ("library", "hand", "battlefield", "graveyard", "stack", "exile", "command")
# An object declared in zone `none` is not in the game yet: a token that an event of the
# timeline creates (`create`, or `creates:` of a resolving spell). docs/adr/0002.
NOT_YET = "none"
TURN_OVER_EFFECTS = ("transform", "convert")
STEPS = ("untap", "upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers",
         "declare_blockers", "combat_damage", "end_of_combat", "postcombat_main", "end", "cleanup")
SIDES = ("front", "back")
DURATIONS = ("end_of_turn", "indefinitely")
MANA_TYPES = ("W", "U", "B", "R", "G", "C")  # the six types of mana, by their symbols (106.1b)
DOUBLING_LIMIT = 2                  # double events per object in one scenario (_timeline)
DEFAULT_PLAYERS = ("alice", "bob")
PERMANENT_ONLY = ("tapped", "face_down", "attached_to", "damage", "controlled_since")

OBJECT = "object"
PLAYER = "player"
STACK_ITEM = "stack item"
DELAYED = "delayed ability"

# --- The format ------------------------------------------------------------------------

class _ObjectZone(Enum):
    """The zones, and `none` for a token not yet created (docs/adr/0002). A misspelt zone is
    reported with the zones a card can be in; `none` is for the few scenarios that need it."""

    def validate(self, node: Node, ctx: Context) -> str:
        if node.kind not in (MAP, SEQ) and (node.text if node.text is not None else str(node.value)) == NOT_YET:
            return NOT_YET
        return super().validate(node, ctx)

    def schema(self) -> dict:
        schema = super().schema()
        schema["enum"] = list(self.values) + [NOT_YET]
        return schema


_object = Record(what="an object", description="A card or token and its state at the start.", fields={
    "card": Field(Text(description=(
        "The card's full name or either face's name (the built-in pool, or --cards). Required, "
        "except for a token not yet created (zone: none) that a `create` event makes as a copy."))),
    "zone": Field(_ObjectZone(ZONES, description=(
        "Where it is. `none`: a token that doesn't exist yet; a timeline event creates it.")),
        default="battlefield"),
    "owner": Field(Ref(kinds=(PLAYER,), description="Its owner; default the first player.")),
    "controller": Field(Ref(kinds=(PLAYER,), description="Its controller (battlefield and stack only); default its owner.")),
    "face": Field(Enum(SIDES, description="The face that is up (battlefield and stack only)."), default="front"),
    "token": Field(Bool(description="It is a token. Cards of token layouts are tokens without saying so.")),
    "copy_of": Field(Ref(kinds=(OBJECT,), description="It is a copy of that object (707.2).")),
    "attached_to": Field(Ref(kinds=(OBJECT,), description="The permanent it is attached to.")),
    "tapped": Field(Bool(description="It is tapped.")),
    "face_down": Field(Bool(description="It is a face-down permanent (708).")),
    "controlled_since": Field(Int(minimum=0, description=(
        "The turn during which its controller gained control of it: it has been controlled "
        "continuously since the start of its controller's most recent turn (302.6) exactly when this "
        "is earlier than that turn. Default 0: since before the game's first turn."))),
    "counters": Field(MapOf(Int(minimum=0, adds_up=True), description="Counters on it, by kind: {\"+1/+1\": 2}.")),
    "damage": Field(Int(minimum=0, adds_up=True, description="Damage marked on it.")),
})


def _events() -> Tagged:
    obj = Ref(kinds=(OBJECT,))
    obj_or_player = Ref(kinds=(OBJECT, PLAYER))
    player = Ref(kinds=(PLAYER,))

    def event(name: str, verb: Spec, doc: str, /, **fields: Field) -> Record:
        return Record(what=f"a '{name}' event", description=doc,
                      fields={name: Field(verb, required=True), **fields})

    variants = [
        event("cast", obj, "A player casts the card: it moves to the top of the stack (601.2a).",
              face=Field(Enum(SIDES, description="The face up on the stack (712.11b for modal cards)."), default="front"),
              transformed=Field(Bool(description="Cast transformed: back face up (712.11a).")),
              by=Field(Ref(kinds=(PLAYER,), description="Who casts it; default its owner."))),
        event("activate", obj, "Its controller activates an ability of it: the ability goes on the stack (602.2a); a mana ability resolves at once instead (605.3b).",
              ability=Field(Text(description="The ability's name in the card's script (`rulecheck cards`)."), required=True),
              id=Field(Text(description="A name for the ability on the stack, for `resolve`; default '#N' for entry N.")),
              target=Field(Ref(kinds=(OBJECT, PLAYER), description=(
                  "The target chosen as it is activated (602.2b, 601.2c), for abilities that target: equip's "
                  "creature (702.6a) or planeswalker (702.6e)."))),
              mana=Field(Enum(MANA_TYPES, description=(
                  "For a mana ability that adds mana of any color (or of any one color): the color "
                  "chosen (106.1a), by its symbol: W, U, B, R, G.")))),
        event("resolve", Ref(kinds=(STACK_ITEM,)), "The top of the stack resolves (608).",
              transformed=Field(Bool(description=(
                  "An effect makes the permanent spell enter the battlefield transformed (712.13a)."))),
              as_copy_of=Field(Ref(kinds=(OBJECT,), description=(
                  "The permanent spell enters as a copy of that object (707.5: Clone's choice)."))),
              creates=Field(ListOf(Ref(kinds=(OBJECT,)), description=(
                  "The tokens its effect creates, in order: objects declared with zone: none."))),
              reveal=Field(Ref(kinds=(OBJECT,), description=(
                  "The card its effect reveals (Delver of Secrets: the top card of the library)."))),
              targets=Field(ListOf(Ref(kinds=(OBJECT, PLAYER)), description=(
                  "Its targets, or the objects chosen as it resolves, in order (Cackling Counterpart's "
                  "creature; the creature Sidequest: Play Blitzball attaches to; what an Aura spell enchants, 608.3c)."))),
              x=Field(Int(minimum=0, description=(
                  "The value of X the spell was cast with (107.3), for a spell whose effect uses X (Fireball).")))),
        event("move", obj, "The object is put into a zone by an effect (not cast, not resolved).",
              to=Field(Enum(ZONES), required=True),
              transformed=Field(Bool(description="Put onto the battlefield transformed (712.14a).")),
              as_copy_of=Field(Ref(kinds=(OBJECT,), description="It enters the battlefield as a copy of that object (707.5).")),
              controller=Field(Ref(kinds=(PLAYER,), description="Under whose control it enters; default its owner."))),
        event("transform", obj, "A spell or ability (not the permanent's own) instructs to transform it (701.27)."),
        event("convert", obj, "A spell or ability (not the permanent's own) instructs to convert it (701.28)."),
        event("attack", obj, "It is declared as an attacker (508.1).",
              target=Field(obj_or_player, required=True)),
        event("block", obj, "It is declared as a blocker (509.1).", attacker=Field(obj, required=True)),
        event("declare_attackers", MapOf(obj_or_player, description="Each attacking creature: what it attacks."),
              "The active player declares attackers, all at once: one turn-based action (508.1)."),
        event("declare_blockers", MapOf(obj, description="Each blocking creature: the attacker it blocks."),
              "The defending player declares blockers, all at once: one turn-based action (509.1)."),
        event("begin", Enum(STEPS), (
                  "A step of the current turn begins (not the untap step, which begins with its turn: "
                  "begin_turn). `begin: combat_damage` begins a combat damage step: "
                  "its combat damage is assigned and dealt as it begins (510.1, 510.2). If an attacking or "
                  "blocking creature has first strike or double strike then, it is the first of two combat "
                  "damage steps (510.4), and a second `begin: combat_damage` in the same combat begins "
                  "the second; events between the two happen during the first step, after its damage."),
              divide=Field(MapOf(MapOf(Int(minimum=0)), description=(
                  "Only with begin: combat_damage. How a creature divides its combat damage among several "
                  "creatures it is blocked by or blocking, or, with trample, among its blockers and what it "
                  "attacks (510.1c, 510.1d, 702.19b): {attacker: {blocker1: 3, blocker2: 1}}. "
                  "Recipients are object ids or players; the amounts must add up to its power.")))),
        event("begin_turn", Int(minimum=1), (
                  "The next turn begins (its number is the current turn's plus one): the turn before "
                  "ends, its cleanup step included (514.2), and the active player untaps the "
                  "permanents they control (502.3)."),
              active=Field(player, required=True),
              skip_untap=Field(Bool(description=(
                  "An effect makes the turn's untap step be skipped (500.11, 614.10): nothing untaps. "
                  "Effects that last until the player's next turn still end as the turn begins (611.2a).")))),
        event("gain", obj, "It gains a keyword ability.",
              ability=Field(Text(description="A keyword: first_strike, haste, ..."), required=True),
              until=Field(Enum(DURATIONS), default="end_of_turn")),
        event("lose", obj, "It loses a keyword ability.",
              ability=Field(Text(), required=True), until=Field(Enum(DURATIONS), default="end_of_turn")),
        event("attach", obj, "It becomes attached to a permanent (701.3).", to=Field(obj, required=True)),
        event("unattach", obj, "It becomes unattached."),
        event("counters", obj, "Counters are put on it or removed from it.",
              add=Field(MapOf(Int(minimum=1, adds_up=True))), remove=Field(MapOf(Int(minimum=1, adds_up=True)))),
        event("damage", Int(minimum=0, adds_up=True), "A source deals damage (an amount) to a player or permanent.",
              source=Field(obj, required=True), target=Field(obj_or_player, required=True)),
        event("gain_control", obj, "A player gains control of it.", player=Field(player, required=True)),
        event("tap", obj, "It becomes tapped."),
        event("untap", obj, "It becomes untapped."),
        event("trigger", Ref(kinds=(OBJECT, DELAYED)), (
                  "A triggered ability triggers and is put on the stack (603.3): an ability of the object "
                  "named in its card script, or a delayed triggered ability created earlier (`delay`)."),
              ability=Field(Text(description="The triggered ability's name in the card's script (objects only).")),
              id=Field(Text(description="A name for the ability on the stack, for `resolve`; default '#N' for entry N."))),
        event("delay", obj, (
                  "A delayed triggered ability of the object is created (603.7a), e.g. by a resolving "
                  "ability: \"at the beginning of the next end step, transform it\". `trigger` puts it on the stack later."),
              effect=Field(Enum(TURN_OVER_EFFECTS, description="What it does to the object."), required=True),
              id=Field(Text(description="A name for the delayed ability, for `trigger`."), required=True)),
        event("create", obj, (
                  "An effect creates the token (declared with zone: none) on the battlefield (111.2). "
                  "With copy_of, the token is a copy of that object (707.2, 707.8a)."),
              copy_of=Field(Ref(kinds=(OBJECT,), description="The object the token is a copy of.")),
              as_copy_of=Field(Ref(kinds=(OBJECT,), description=(
                  "The token, created with its own characteristics (its card), enters as a copy of that "
                  "object through a replacement effect: it is not double-faced (707.8a, last sentence)."))),
              enters_with=Field(MapOf(Int(minimum=1, adds_up=True), description="Counters it enters with: incubate N is {\"+1/+1\": N} (701.53a).")),
              controller=Field(Ref(kinds=(PLAYER,), description="Under whose control; default its owner."))),
        event("copy", obj, "A copy effect begins: the permanent becomes a copy of another object (707.2, 613.2a).",
              of=Field(obj, required=True), until=Field(Enum(DURATIONS), default="indefinitely")),
        event("turn_face_down", obj, "A spell or ability turns the permanent face down (708.2a; 712.16)."),
        event("turn_face_up", obj, "The face-down permanent is turned face up (708.8, 712.15a)."),
        event("cant_transform", obj, "An effect states that the permanent can't transform (101.2, 701.28f).",
              until=Field(Enum(DURATIONS), default="end_of_turn")),
        event("pump", obj, (
                  "A resolved spell or ability gives it +N/+M (negative numbers: -N/-M), e.g. Giant Growth: an "
                  "effect that modifies power and toughness (layer 7c, 613.4c), which affects that object "
                  "alone (611.2c)."),
              power=Field(Int(adds_up=True), default=0), toughness=Field(Int(adds_up=True), default=0),
              until=Field(Enum(DURATIONS), default="end_of_turn")),
        event("double", obj, (
                  "A resolved spell or ability doubles its power, its toughness or both (701.10a): it gets "
                  "+X/+0, X its power as the effect begins (701.10b; -X/-0 for a negative power, 701.10c), in "
                  "layer 7c (613.4c)."),
              characteristic=Field(Enum(("power", "toughness", "power_and_toughness")), default="power"),
              until=Field(Enum(DURATIONS), default="end_of_turn")),
        event("set_base_pt", obj, (
                  "A resolved spell or ability gives it base power and toughness N/M, e.g. Turn to Frog: an "
                  "effect that sets power and toughness (layer 7b, 613.4b)."),
              power=Field(Int(), required=True), toughness=Field(Int(), required=True),
              until=Field(Enum(DURATIONS), default="end_of_turn")),
        event("switch", obj, (
                  "A resolved spell or ability switches its power and toughness, e.g. Twisted Image: an effect "
                  "in layer 7d (613.4d), applied after every other power and toughness change."),
              until=Field(Enum(DURATIONS), default="end_of_turn")),
        event("double_life", player, (
                  "A resolved spell or ability doubles the player's life total: they gain or lose the life "
                  "that makes their new total twice the current one (701.10d, 119.3; a total below 0 "
                  "doubled is life lost, 0 doubled is no change).")),
        event("double_counters", obj, (
                  "A resolved spell or ability doubles the number of a kind of counters on the permanent: "
                  "it is given as many of those counters as it already has (701.10e). Without kind, every "
                  "kind it has (Ultimate Spider-Man: \"double the number of each kind of counter\")."),
              kind=Field(Text(description="The kind of counter: \"+1/+1\", \"charge\"; default every kind it has."))),
        event("double_mana", player, (
                  "A resolved spell or ability doubles the amount of a type of mana in the player's mana "
                  "pool: the player adds that much mana of that type (701.10f), with no restriction (the "
                  "restrictions of mana already there stay with that mana, 106.6)."),
              mana=Field(Enum(MANA_TYPES, description="The type of mana, by its symbol: W, U, B, R, G, C."), required=True)),
        event("spend", player, (
                  "The player spends mana from their mana pool to pay a cost of a spell or of an ability of "
                  "an object (106.4): the mana leaves the pool. A restriction on how the mana can be spent "
                  "(106.6) must allow it."),
              mana=Field(Enum(MANA_TYPES, description="The type of mana spent, by its symbol: W, U, B, R, G, C."), required=True),
              amount=Field(Int(minimum=1, description="How much of it."), default=1),
              **{"for": Field(Ref(kinds=(OBJECT,), description=(
                  "What it is spent on: a spell (a card on the stack or being cast), or a permanent whose "
                  "ability is activated.")), required=True)},
              source=Field(Ref(kinds=(OBJECT,), description=(
                  "The mana spent is the restricted mana (or mana with an additional effect) that this "
                  "object produced; default: mana without restriction or additional effect.")))),
        event("choose_name", obj, "Its controller chooses a card name for its linked \"choose a card name\" "
              "ability (607.2d), e.g. as Meddling Mage enters. The rules check the name may be chosen (201.4).",
              name=Field(Text(description="The card name chosen."), required=True)),
    ]
    return Tagged({next(iter(v.fields)): v for v in variants}, what="event",
                  description="One thing that happens, in order.")


EVENTS = _events()

_turn = Record(what="the turn", fields={
    "number": Field(Int(minimum=1), default=1),
    "active": Field(Ref(kinds=(PLAYER,), description="The active player; default the first player.")),
    "step": Field(Enum(STEPS), default="precombat_main"),
})


class AnyValue(Spec):
    """An expected answer: any value, in the answer's own shape."""

    description = "The expected answer, in the shape `rulecheck ask --json` prints it."

    def validate(self, node: Node, ctx: Context) -> Any:
        return plain(node)

    def schema(self) -> dict:
        return {"description": self.description}


def question_spec(with_expectation: bool) -> Spec:
    """A question (or an expectation: a question with its expected answer)."""
    return _QuestionSpec(with_expectation)


class _QuestionSpec(Spec):
    def __init__(self, with_expectation: bool):
        self.with_expectation = with_expectation

    def record(self, qtype: QuestionType) -> Record:
        fields: dict[str, Field] = {"ask": Field(Enum((qtype.name,), description=qtype.summary), required=True)}
        for p in qtype.params:
            fields[p.name] = Field(_param_spec(p.kind, p.help), required=p.default is None, default=p.default)
        fields["at"] = Field(Int(minimum=0, description=(
            "Ask about the state after this timeline entry (0 = the initial state, after its "
            "state-based actions); default: after the last entry.")))
        if self.with_expectation:
            fields["answer"] = Field(AnyValue())
            fields["rules"] = Field(ListOf(Text(), description="The CR rules the answer must cite, exactly."))
            fields["outcomes"] = Field(ListOf(Record({
                "answer": Field(AnyValue(), required=True),
                "rules": Field(ListOf(Text(), description="The CR rules this outcome must cite, exactly.")),
            }, what="an outcome", description="One outcome of an answer that depends on a player's choice."),
                description="Every outcome, when the answer depends on a player's choice."))
        return Record(fields, what=f"a '{qtype.name}' {'expectation' if self.with_expectation else 'question'}")

    def validate(self, node: Node, ctx: Context) -> dict:
        if node.kind != MAP or "ask" not in node.value:
            raise ctx.error("a question is a mapping starting with ask: NAME, e.g. {ask: can_transform, object: x}", node)
        name = Enum(tuple(catalogue())).validate(node.value["ask"], ctx.at("ask", node.value["ask"]))
        out = self.record(catalogue()[name]).validate(node, ctx)
        if self.with_expectation and out.get("answer") is None and out.get("outcomes") is None:
            raise ctx.error("an expectation needs answer: (or outcomes:)", node)
        return out

    def schema(self) -> dict:
        return {"oneOf": [self.record(q).schema() for q in catalogue().values()]}


class CriteriaSpec(Spec):
    """Criteria for a card name: text ("nonland creature") or a list of words."""

    def __init__(self, description: str = ""):
        self.description = description

    def validate(self, node: Node, ctx: Context) -> str:
        if node.kind == SEQ:
            items = [Text().validate(child, ctx.at(i, child)) for i, child in enumerate(node.value)]
        elif node.kind == MAP:
            raise ctx.error("criteria are words (\"nonland creature\") or a list of words", node)
        else:
            text = node.text if node.text is not None else ("" if node.value is None else str(node.value))
            items = [text]
        try:
            criteria_language.parse(items)
        except criteria_language.CriteriaError as exc:
            raise ctx.error(str(exc), node) from None
        return criteria_language.normal_text(items)

    def schema(self) -> dict:
        return self._with_description({"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]})


def _param_spec(kind: str, help: str) -> Spec:
    if kind == "object":
        return Ref(kinds=(OBJECT,), description=help)
    if kind == "criteria":
        return CriteriaSpec(description=help)
    if kind == "player":
        return Ref(kinds=(PLAYER,), description=help)
    if kind == "object_or_player":
        return Ref(kinds=(OBJECT, PLAYER), description=help)
    if kind == "blocks":
        return BlocksSpec(description=help)
    if kind == "number":
        return Int(description=help)
    if kind == "side":
        return Enum(SIDES, description=help)
    if kind == "mana_type":
        return Enum(MANA_TYPES, description=help)
    if kind == "condition":
        return ConditionSpec(description=help)
    return Text(description=help)


class BlocksSpec(Spec):
    """A declaration of blockers, {BLOCKER: ATTACKER, ...}: a mapping, or on the command line its
    YAML flow text ("{bears: tergrid, goblin: tergrid}"). Each key and value names an object."""

    def __init__(self, description: str = ""):
        self.description = description

    def validate(self, node: Node, ctx: Context) -> dict:
        if node.kind == "str":
            text = node.value if isinstance(node.value, str) else str(node.text)
            try:
                node = parse_yaml(text, ctx.file)
            except ScenarioError as exc:
                raise ctx.error(f"can't read '{text}' as blockers ({exc.message}): write {{BLOCKER: ATTACKER, ...}}",
                                node) from None
        if node.kind != MAP or not node.value:
            raise ctx.error("blockers are a mapping {BLOCKER: ATTACKER, ...} with at least one block", node)
        out = {}
        ref = Ref(kinds=(OBJECT,))
        for key, child in node.value.items():
            kctx = ctx.at(key, child)
            if key not in ctx.names.get(OBJECT, {}):
                raise kctx.error(f"no object named '{key}'{suggest(key, ctx.names.get(OBJECT, {}))}",
                                 key_node(node, key, child))
            out[key] = ref.validate(child, kctx)
        return out

    def schema(self) -> dict:
        return self._with_description({"type": "object", "additionalProperties": {"type": "string"}})


class ConditionSpec(Text):
    """A trigger condition (bridge/criteria.py), checked as the scenario loads."""

    def validate(self, node: Node, ctx: Context) -> str:
        text = super().validate(node, ctx)
        try:
            criteria_language.parse_condition(text)
        except criteria_language.CriteriaError as exc:
            raise ctx.error(str(exc), node) from None
        return text


SCENARIO = Record(what="the scenario", description="A rulecheck scenario: a game state, a timeline, questions.", fields={
    "rules": Field(Text(description="The Comprehensive Rules version (quote it).", examples=SUPPORTED_RULES),
                   default=SUPPORTED_RULES[-1]),
    "description": Field(Text(description="What the scenario shows.")),
    "players": Field(ListOf(Text(), min_items=1, description="Player names in turn order."),
                     default=list(DEFAULT_PLAYERS)),
    "life": Field(MapOf(Int(adds_up=True), description="Life totals; default 20 each.")),
    "turn": Field(_turn),
    "objects": Field(MapOf(_object, description="Objects by id.")),
    "timeline": Field(ListOf(EVENTS, description="What happens, in order.")),
    "questions": Field(ListOf(question_spec(False))),
    "expect": Field(ListOf(question_spec(True), description="Expected answers (rulecheck check).")),
    "abilities": Field(ListOf(STATED_ABILITY, description=(
        "Static abilities of cards, stated as data in the vocabulary of card scripts (README: "
        "\"Abilities a scenario states\")."))),
    "cards": Field(ListOf(CARD, description=(
        "Cards of the scenario's own, as Scryfall card objects, added to the card pool for this "
        "scenario (a card the built-in pool lacks)."))),
})


def json_schema() -> dict:
    schema = SCENARIO.schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = "https://rulecheck.invalid/schema/scenario.schema.json"
    schema["title"] = "rulecheck scenario"
    return schema


# --- The typed result --------------------------------------------------------------------

@dataclass(frozen=True)
class ObjectState:
    id: str
    card: Card | None   # None: a token not yet created, whose characteristics a copy gives
    zone: str
    owner: str
    controller: str | None
    face: str | None
    token: bool
    copy_of: str | None
    attached_to: str | None
    tapped: bool
    face_down: bool
    controlled_since: int
    counters: dict[str, int]
    damage: int


@dataclass(frozen=True)
class Event:
    index: int          # its timeline entry number (1-based)
    verb: str
    args: dict[str, Any]
    where: str          # timeline[i]
    line: int | None = None   # where it was written (warnings name the entry by it)


@dataclass(frozen=True)
class Question:
    ask: str
    params: dict[str, Any]
    at: int
    where: str
    # Cards whose data the question needs beyond the scenario's objects' (a card it names,
    # the cards a chosen name could be about).
    cards: tuple[Card, ...] = ()

    def label(self) -> str:
        args = " ".join(_param_text(v) for v in self.params.values() if v != "")
        return f"{self.ask} {args}".strip() + f" (after entry {self.at})"


def _param_text(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {v}" for k, v in value.items()) + "}"
    return str(value)


@dataclass(frozen=True)
class Expectation:
    question: Question
    answer: Any
    rules: tuple[str, ...] | None
    outcomes: Any


@dataclass(frozen=True)
class Scenario:
    path: str
    rules: str
    description: str | None
    players: tuple[str, ...]
    life: dict[str, int]
    turn_number: int
    active: str
    step: str
    objects: dict[str, ObjectState]
    timeline: tuple[Event, ...]
    questions: tuple[Question, ...]
    expectations: tuple[Expectation, ...]
    # The card pool the scenario was read with (its own cards: included), for questions
    # given later (--ask), and cards the rules need beyond the objects' (meld results of meld
    # cards, the cards a chosen name could be about).
    pool: CardPool | None = None
    extra_cards: tuple[Card, ...] = ()
    # Abilities the scenario states (abilities:, bridge/abilities.py).
    abilities: tuple[StatedAbility, ...] = ()


# --- Loading -----------------------------------------------------------------------------

# The largest scenario rulecheck answers (README: "Limits"): bench/timeline.py measures answers
# up to these sizes within the targets (10,000 entries in at most 15 s and 2 GB); beyond them a
# scenario is refused before anything is grounded, since grounding cannot be interrupted.
MAX_OBJECTS = 10_000
MAX_ENTRIES = 10_000
MAX_QUESTIONS = 1_000

def load_scenario(path: str | Path, pool: CardPool) -> Scenario:
    root = read_document(path)
    return build_scenario(root, str(path), pool)


def build_scenario(root: Node, file: str, pool: CardPool) -> Scenario:
    ctx = Context(file, "", root)
    if root.kind != MAP:
        raise ctx.error("a scenario is a mapping (rules:, players:, objects:, timeline:, questions: ...)", root)
    sections = root.value
    # Check the top-level keys first, so that a misspelt section is reported as such.
    for key, child in sections.items():
        if key not in SCENARIO.fields:
            raise ctx.at(key, child).error(
                f"unknown key '{key}' in the scenario{suggest(key, SCENARIO.fields)}; "
                f"allowed: {', '.join(SCENARIO.fields)}", key_node(root, key, child))

    def section(key: str) -> Any:
        f = SCENARIO.fields[key]
        if key not in sections:
            return f.default
        return f.spec.validate(sections[key], ctx.at(key, sections[key]))

    rules = section("rules")
    if rules not in SUPPORTED_RULES:
        raise ctx.at("rules", sections["rules"]).error(
            f"rules version '{rules}' is not supported; this rulecheck knows {', '.join(SUPPORTED_RULES)}")
    description = section("description")
    players = section("players")
    _unique(players, ctx.at("players", sections.get("players", root)), "player")
    ctx.names[PLAYER] = {p: "player" for p in players}
    life = section("life") or {}
    for name in life:
        if name not in ctx.names[PLAYER]:
            node = sections["life"].value[name]
            raise ctx.at("life", sections["life"]).at(name, node).error(f"no player named '{name}'", node)

    if "cards" in sections:
        pool = pool.with_cards(section("cards"))        # checked by cards.CARD, with their lines

    turn = section("turn") or {"number": 1, "active": None, "step": "precombat_main"}
    active = turn["active"] or players[0]

    # Sizes first: nothing is validated, let alone grounded, for a scenario beyond them.
    for key, limit, what in (("objects", MAX_OBJECTS, "objects"), ("timeline", MAX_ENTRIES, "timeline entries"),
                             ("questions", MAX_QUESTIONS, "questions"), ("expect", MAX_QUESTIONS, "expectations")):
        node = sections.get(key)
        if node is not None and node.kind in (MAP, SEQ) and len(node.value) > limit:
            raise ctx.at(key, node).error(f"{len(node.value):,} {what}; rulecheck answers scenarios of at most "
                                          f"{limit:,} {what} (README: Limits)", node)

    # Object ids first, so that objects may refer to each other in any order.
    objects_node = sections.get("objects")
    if objects_node is not None and objects_node.kind == MAP:
        ctx.names[OBJECT] = {oid: "object" for oid in objects_node.value}
        for oid, onode in objects_node.value.items():
            if oid in ctx.names[PLAYER]:
                raise ctx.at("objects", objects_node).at(oid, onode).error(
                    f"object id '{oid}' is also a player's name; use another id")
    raw_objects = section("objects") or {}
    objects = {oid: _object_state(oid, spec, pool, players[0], ctx.at("objects", objects_node).at(oid, objects_node.value[oid]))
               for oid, spec in raw_objects.items()}
    _check_copy_cycles(objects, ctx.at("objects", objects_node) if objects_node is not None else ctx)

    ctx.names[STACK_ITEM] = {oid: "object" for oid, o in objects.items() if o.zone == "stack"}
    timeline = _timeline(sections.get("timeline"), ctx, objects, pool, turn["number"])

    questions = tuple(_question(q, ctx.at("questions", sections["questions"]).at(i, sections["questions"].value[i]),
                                len(timeline), pool, objects) for i, q in enumerate(section("questions") or []))
    expectations = []
    for i, e in enumerate(section("expect") or []):
        ectx = ctx.at("expect", sections["expect"]).at(i, sections["expect"].value[i])
        q = _question(e, ectx, len(timeline), pool, objects)
        rules_list = tuple(e["rules"]) if e.get("rules") is not None else None
        expectations.append(Expectation(q, e.get("answer"), rules_list, e.get("outcomes")))

    abilities = ()
    if "abilities" in sections:
        abilities = stated_abilities(section("abilities") or [], ctx.at("abilities", sections["abilities"]),
                                     sections["abilities"], pool)

    return Scenario(path=file, rules=rules, description=description, players=tuple(players),
                    life={p: life.get(p, 20) for p in players}, turn_number=turn["number"], active=active,
                    step=turn["step"], objects=objects, timeline=tuple(timeline), questions=questions,
                    expectations=tuple(expectations),
                    pool=pool, extra_cards=_extra_cards(objects, timeline, pool), abilities=abilities)


def _extra_cards(objects: dict[str, ObjectState], timeline: list[Event], pool: CardPool) -> tuple[Card, ...]:
    """Cards the rules need besides the objects' own: the combined back face of each meld card
    (its color identity includes it, 903.4d) and the cards a chosen name could be about."""
    out: dict[str, Card] = {}
    for obj in objects.values():
        for card in _meld_results(obj.card, pool) if obj.card is not None else []:
            out.setdefault(card.name, card)
    for event in timeline:
        for card in event.args.get("cards", ()):
            out.setdefault(card.name, card)
    return tuple(out.values())


def _meld_results(card: Card, pool: CardPool) -> list[Card]:
    """The other cards of a meld card's pair and result (712.4): a meld card's color identity
    includes the combined back face, and the combined back face is a meld pair's only if the
    rules see its parts."""
    names = ([card.meld_result] if card.meld_result else []) + list(card.meld_parts)
    return [pool.find(n) for n in names if n != card.name and n in pool]


def _unique(names: list[str], ctx: Context, what: str) -> None:
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise ctx.error(f"duplicate {what} '{name}'")
        seen.add(name)


def _check_copy_cycles(objects: dict[str, ObjectState], ctx: Context) -> None:
    """Objects that copy each other from the start have no copiable values to take (707.2; the
    rules report a cycle in a state built otherwise: copies.lp). Named at the first object of
    the cycle as the file lists them."""
    for start in objects:
        chain, current = [start], objects[start].copy_of
        while current is not None and current in objects and current not in chain:
            chain.append(current)
            current = objects[current].copy_of
        if current == start:
            node = ctx.node.value[start] if ctx.node is not None else None
            octx = ctx.at(start, node) if node is not None else ctx
            where = octx.at("copy_of", node.value.get("copy_of", node)) if node is not None and node.kind == MAP else octx
            cycle = " copies ".join(chain + [start])
            raise where.error(f"{cycle}: objects that copy each other have no copiable values to take (707.2)")


def _object_state(oid: str, spec: dict, pool: CardPool, first_player: str, ctx: Context) -> ObjectState:
    node = ctx.node
    assert node is not None

    def where(key: str) -> Context:
        child = node.value.get(key, node) if node.kind == MAP else node
        return ctx.at(key, child)

    zone = spec["zone"]
    card: Card | None = None
    if spec["card"] is not None:
        try:
            card = pool.find(spec["card"])
        except CardDataError as exc:
            raise where("card").error(exc.message) from None
    elif zone != NOT_YET:
        raise ctx.error("missing required key 'card' (only a token not yet created, zone: none, may "
                        "leave it out: a create event with copy_of gives its characteristics)")
    if zone == NOT_YET:
        for key in ("controller", "face", "copy_of", "counters", "token", *PERMANENT_ONLY):
            if key in node.value:
                raise where(key).error(
                    f"an object in zone none doesn't exist yet (it is a token a timeline event creates): "
                    f"remove {key}; give its counters (enters_with), controller or copy_of on the event that creates it")
        return ObjectState(
            id=oid, card=card, zone=zone, owner=spec["owner"] or first_player, controller=None, face=None,
            token=True, copy_of=None, attached_to=None, tapped=False, face_down=False, controlled_since=0,
            counters={}, damage=0)
    assert card is not None
    shown = zone in ("battlefield", "stack")
    if spec["controller"] is not None and not shown:
        raise where("controller").error(
            f"only permanents and spells have a controller (108.4); this object is in the {zone}")
    face = spec["face"]
    if "face" in node.value and not shown:
        raise where("face").error(
            f"only the battlefield and stack show a face; in the {zone} a card has its front face's "
            "characteristics (712.8a): remove face")
    sides = [f.side for f in card.faces]
    if "face" not in node.value:
        face = sides[0]                 # split, flip and adventurer cards have halves a and b
    if face not in sides:
        raise where("face").error(f"{card.name} has no {face} face (its faces: {', '.join(sides)})")
    for key in PERMANENT_ONLY:
        if spec[key] is not None and zone != "battlefield" and key in node.value:
            raise where(key).error(f"only permanents have {key.replace('_', ' ')}; this object is in the {zone}")
    token = spec["token"]
    if token is False and card.is_token:
        raise where("token").error(f"{card.name} is a token card ({card.layout}); it can only be a token")
    if spec["attached_to"] == oid:
        raise where("attached_to").error("an object can't be attached to itself")
    if spec["copy_of"] == oid:
        raise where("copy_of").error("an object can't be a copy of itself")
    owner = spec["owner"] or first_player
    return ObjectState(
        id=oid, card=card, zone=zone, owner=owner,
        controller=(spec["controller"] or owner) if shown else None,
        face=face if shown else None,
        token=bool(token) or card.is_token, copy_of=spec["copy_of"], attached_to=spec["attached_to"],
        tapped=bool(spec["tapped"]), face_down=bool(spec["face_down"]),
        controlled_since=spec["controlled_since"] or 0, counters=dict(spec["counters"] or {}),
        damage=spec["damage"] or 0)


def _timeline(node: Node | None, ctx: Context, objects: dict[str, ObjectState], pool: CardPool,
              turn: int = 1) -> list[Event]:
    if node is None:
        node = Node(SEQ, [], text=None)
    tctx = ctx.at("timeline", node)
    if node.kind != SEQ:
        raise tctx.error("expected a list of events", node)
    events: list[Event] = []
    created: dict[str, int] = {}        # token id -> the entry that creates it
    doublings: dict = {}                # object id (or ("life", player)) -> its double events so far

    def new_id(item: str, key_ctx: Context) -> None:
        if item in ctx.names.get(STACK_ITEM, {}) or item in ctx.names.get(OBJECT, {}) \
                or item in ctx.names.get(PLAYER, {}) or item in ctx.names.get(DELAYED, {}):
            raise key_ctx.error(f"duplicate id '{item}'")

    def create(oid: str, index: int, octx: Context) -> None:
        if objects[oid].zone != NOT_YET:
            raise octx.error(f"'{oid}' is already in the game (zone: {objects[oid].zone}); only an object "
                             "declared with zone: none can be created")
        if oid in created:
            raise octx.error(f"'{oid}' is already created at timeline entry {created[oid]}; a token is created once")
        created[oid] = index

    for i, enode in enumerate(node.value):
        ectx = tctx.at(i, enode)
        verb, args = EVENTS.validate(enode, ectx)
        index = i + 1

        def key_ctx(key: str) -> Context:
            return ectx.at(key, enode.value.get(key, enode))

        # An object declared with zone: none exists only from the entry that creates it.
        for key, value in args.items():
            if key in ("create", "creates") or not isinstance(value, str) or value not in objects:
                continue
            if objects[value].zone == NOT_YET and value not in created:
                raise key_ctx(key).error(f"'{value}' doesn't exist yet at entry {index}: it is declared with "
                                         "zone: none and no earlier event creates it")
        if verb in ("activate", "trigger"):
            item = args["id"] or f"#{index}"
            new_id(item, key_ctx("id"))
            args["id"] = item
            ctx.names[STACK_ITEM][item] = "ability"
            if verb == "trigger":
                delayed = args["trigger"] in ctx.names.get(DELAYED, {})
                if delayed and args["ability"] is not None:
                    raise key_ctx("ability").error(
                        f"'{args['trigger']}' is a delayed triggered ability: its effect was given by `delay`; remove ability")
                if not delayed and args["ability"] is None:
                    raise ectx.error("a trigger event names the triggered ability: ability: NAME (`rulecheck cards CARD` lists them)")
        elif verb == "delay":
            new_id(args["id"], key_ctx("id"))
            ctx.names.setdefault(DELAYED, {})[args["id"]] = "delayed ability"
        elif verb == "cast":
            ctx.names[STACK_ITEM][args["cast"]] = "spell"
            if args["transformed"]:
                args["face"] = "back"
            card = objects[args["cast"]].card
            if card is None or objects[args["cast"]].token:
                raise ectx.error(f"'{args['cast']}' is a token; only cards (and copies of cards) are cast")
            if args["face"] not in [f.side for f in card.faces]:
                raise ectx.error(f"{card.name} has no {args['face']} face to cast")
        elif verb == "move" and args["transformed"] and args["to"] != "battlefield":
            raise key_ctx("transformed").error("only the battlefield can be entered transformed (712.14a)")
        elif verb == "move" and args["as_copy_of"] and args["to"] != "battlefield":
            raise key_ctx("as_copy_of").error("only a permanent enters as a copy (707.5); to: battlefield")
        elif verb == "counters" and not args["add"] and not args["remove"]:
            raise ectx.error("a counters event needs add: or remove:")
        elif verb == "attach" and args["to"] == args["attach"]:
            raise ectx.error("an object can't be attached to itself")
        elif verb == "create":
            create(args["create"], index, key_ctx("create"))
            if objects[args["create"]].card is None and not args["copy_of"]:
                raise key_ctx("create").error(
                    f"'{args['create']}' has no card: create it as a copy (copy_of: OBJECT) or give it a card")
            if args["copy_of"] == args["create"] or args["as_copy_of"] == args["create"]:
                raise ectx.error("a token can't be created as a copy of itself")
            if args["copy_of"] and args["as_copy_of"]:
                raise key_ctx("as_copy_of").error("give copy_of (created as a copy) or as_copy_of (enters as a copy), not both")
        elif verb == "copy" and args["of"] == args["copy"]:
            raise key_ctx("of").error("an object can't become a copy of itself")
        elif verb == "resolve":
            for j, oid in enumerate(args["creates"] or []):
                cnode = enode.value["creates"].value[j]
                create(oid, index, key_ctx("creates").at(j, cnode))
        elif verb == "double":
            # A doubling's amount is the power as it begins (701.10b): before solving, the grounder
            # keeps every power still possible, and each doubling multiplies them (three doublings
            # with pumps between them: 4 s; five: over 20 s). So at most DOUBLING_LIMIT per object.
            doublings[args["double"]] = doublings.get(args["double"], 0) + 1
            if doublings[args["double"]] > DOUBLING_LIMIT:
                raise key_ctx("double").error(
                    f"at most {DOUBLING_LIMIT} double events per object (beyond rulecheck's range: "
                    "each doubling multiplies the powers the solver considers)")
        elif verb == "double_life":
            # The same for a life total (701.10d): the total before a doubling is a sum of changes
            # the grounder may not know happened (damage), and each doubling multiplies the totals
            # it keeps (twenty doublings with damage between them: beyond two minutes).
            key = ("life", args["double_life"])
            doublings[key] = doublings.get(key, 0) + 1
            if doublings[key] > DOUBLING_LIMIT:
                raise key_ctx("double_life").error(
                    f"at most {DOUBLING_LIMIT} double_life events per player (beyond rulecheck's range: "
                    "each doubling multiplies the life totals the solver considers)")
        elif verb == "choose_name":
            args["name"], cards = pool.cards_named(args["name"])
            args["cards"] = tuple(cards)
        elif verb == "begin_turn":
            # Turns are taken one after another: the turn that begins is the next one. A number that
            # goes back is impossible; one that skips a turn leaves out that turn's untap step
            # (502.3) and its player's most recent turn (302.6). (logic/turns.lp checks it too.)
            if args["begin_turn"] != turn + 1:
                why = (f"turn numbers go forward one at a time: turn {turn + 1} begins next"
                       if args["begin_turn"] <= turn else
                       f"turn {turn + 1} is missing: add a begin_turn for each turn in between "
                       "(its untap step, 502.3, untaps its active player's permanents)")
                raise key_ctx("begin_turn").error(
                    f"turn {args['begin_turn']} can't begin during turn {turn}; {why}")
            turn = args["begin_turn"]
        elif verb == "begin" and args["begin"] == "untap":
            # The untap step is the first of its turn: it begins with the turn, and its untapping
            # (502.3) is begin_turn's. `begin: untap` would begin it without a turn, untapping nothing.
            raise key_ctx("begin").error(
                "the untap step begins with its turn (501.1): write {begin_turn: N, active: PLAYER}, "
                "whose untap step untaps the active player's permanents (502.3)")
        elif verb == "begin" and args["divide"] is not None:
            _check_division(args, enode, ectx, ctx)
        elif verb in ("declare_attackers", "declare_blockers"):
            dnode = enode.value[verb]
            for creature in args[verb]:
                if creature not in objects:
                    cnode = dnode.value[creature]
                    raise key_ctx(verb).at(creature, cnode).error(
                        f"no object named '{creature}'{suggest(creature, objects)}", key_node(dnode, creature, cnode))
        events.append(Event(index=index, verb=verb, args=args, where=ectx.path, line=enode.line))
    for oid, obj in objects.items():
        if obj.zone == NOT_YET and oid not in created:
            onode = ctx.node.value["objects"].value[oid] if ctx.node is not None else None
            octx = ctx.at("objects", onode).at(oid, onode) if onode is not None else ctx
            raise octx.error(f"'{oid}' is declared with zone: none but no timeline event creates it "
                             "(create: or a resolving spell's creates:)")
    return events


def _check_division(args: dict, enode: Node, ectx: Context, ctx: Context) -> None:
    """divide: names creatures (objects) and, for each, recipients (objects or players).
    Whether the division is legal (it adds up to the creature's power, goes only to what the
    creature may assign damage to) is the rules' question (combat.lp)."""
    dnode = enode.value["divide"]
    dctx = ectx.at("divide", dnode)
    if args["begin"] != "combat_damage":
        raise dctx.error("divide: belongs to begin: combat_damage (how combat damage is divided, 510.1c)")
    objects = ctx.names.get(OBJECT, {})
    players = ctx.names.get(PLAYER, {})
    for creature, recipients in args["divide"].items():
        cnode = dnode.value[creature]
        cctx = dctx.at(creature, cnode)
        if creature not in objects:
            raise cctx.error(f"no object named '{creature}'{suggest(creature, objects)}", key_node(dnode, creature, cnode))
        for recipient in recipients:
            rnode = cnode.value[recipient]
            if recipient not in objects and recipient not in players:
                raise cctx.at(recipient, rnode).error(
                    f"no object or player named '{recipient}'{suggest(recipient, {**objects, **players})}",
                    key_node(cnode, recipient, rnode))
            if recipient == creature:
                raise cctx.at(recipient, rnode).error("a creature doesn't assign combat damage to itself")


def _question(spec: dict, ctx: Context, entries: int, pool: CardPool | None = None,
              objects: dict[str, ObjectState] | None = None) -> Question:
    qtype = catalogue()[spec["ask"]]
    at = spec.get("at")
    if at is None:
        at = entries
    elif at > entries:
        node = ctx.node.value.get("at", ctx.node) if ctx.node is not None and ctx.node.kind == MAP else ctx.node
        raise ctx.at("at", node).error(f"the timeline has {entries} entries; at must be 0..{entries}", node)
    params = {p.name: spec[p.name] for p in qtype.params}
    cards: dict[str, Card] = {}
    for p in qtype.params:
        params[p.name] = _resolve_param(p, params[p.name], ctx, pool, objects or {}, cards)
    _check_sides(qtype.params, params, ctx, objects or {})
    return Question(ask=qtype.name, params=params, at=at, where=ctx.path, cards=tuple(cards.values()))


def _check_sides(qparams, params: dict[str, Any], ctx: Context, objects: dict[str, ObjectState]) -> None:
    """A face a question names must be one the object's card has, as an object's `face:` must:
    split, flip and adventurer cards have halves a and b, which no question addresses yet."""
    obj = next((objects.get(params[p.name]) for p in qparams if p.kind == "object"), None)
    if obj is None or obj.card is None:
        return
    sides = [f.side for f in obj.card.faces]
    for p in qparams:
        if p.kind == "side" and params[p.name] not in sides:
            node = ctx.node.value.get(p.name, ctx.node) if ctx.node is not None and ctx.node.kind == MAP else ctx.node
            where = ctx.at(p.name, node) if node is not None else ctx
            raise where.error(f"{obj.card.name} has no {params[p.name]} face (its faces: {', '.join(sides)})")


def _resolve_param(p: Param, value: Any, ctx: Context, pool: CardPool | None,
                   objects: dict[str, ObjectState], cards: dict[str, Card]) -> Any:
    """Card names to the cards they name (their data goes to the rules with the question)."""
    def where() -> Context:
        node = ctx.node.value.get(p.name, ctx.node) if ctx.node is not None and ctx.node.kind == MAP else ctx.node
        return ctx.at(p.name, node) if node is not None else ctx
    if p.kind == "object_or_card" and value in objects:
        return value
    if p.kind in ("card", "object_or_card"):
        if pool is None:
            raise where().error("no card pool to look the card up in")
        try:
            card = pool.find(str(value))
        except CardDataError as exc:
            what = "no object or card" if p.kind == "object_or_card" else "no card"
            raise where().error(f"{what} named '{value}': {exc.message}") from None
        cards[card.name] = card
        for extra in _meld_results(card, pool):
            cards[extra.name] = extra
        return card.name
    if p.kind == "name" and pool is not None:
        spelt, found = pool.cards_named(str(value))
        for card in found:
            cards[card.name] = card
            for extra in _meld_results(card, pool):
                cards[extra.name] = extra
        return spelt
    return value


def parse_ask(text: str, scenario: Scenario, origin: str = "--ask") -> Question:
    """A question given on the command line: "NAME ARG ... [at=N]", arguments in the
    catalogue's order or as name=value."""
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise ScenarioError(origin, None, f"can't read '{text}': {exc}") from None
    if not words:
        raise ScenarioError(origin, None, "empty question")
    node_map: dict[str, Node] = {"ask": Node("str", words[0], text=words[0])}
    qtype = catalogue().get(words[0])
    positional = [p.name for p in qtype.params] + ["at"] if qtype else []
    known = set(positional)
    # Fewer values than parameters: those with a default are left out, first to last
    # ("can_target bolt bears": no ability between the source and the target).
    given = sum(1 for w in words[1:] if not ("=" in w and w.split("=", 1)[0] in known))
    if qtype is not None and given < len(qtype.params):
        skip = [p.name for p in qtype.params if p.default is not None][:len(qtype.params) - given]
        positional = [name for name in positional if name not in skip]
    for i, word in enumerate(words[1:]):
        if qtype is None:
            break                   # the unknown question is what is wrong (said below)
        # name=value, unless the text before "=" is no parameter's name ("mv<=3" is a value).
        if "=" in word and word.split("=", 1)[0] in known | {"at"}:
            key, value = word.split("=", 1)
        elif i < len(positional):
            key, value = positional[i], word
        else:
            raise ScenarioError(origin, None, f"too many arguments in '{text}'")
        node_map[key] = _scalar_node(value)
    ctx = Context(origin, "", None, {
        OBJECT: {oid: "object" for oid in scenario.objects},
        PLAYER: {p: "player" for p in scenario.players},
    })
    spec = question_spec(False).validate(Node(MAP, node_map, key_lines={}), ctx)
    return _question(spec, ctx, len(scenario.timeline), scenario.pool, scenario.objects)


def _scalar_node(value: str) -> Node:
    # ASCII digits, as YAML reads a number ('--1' and '²' pass str.isdigit, and int() refuses them).
    if re.fullmatch(r"-?[0-9]+", value):
        return Node("int", int(value), text=value)
    return Node("str", value, text=value)


def plain(node: Node) -> Any:
    """A node as plain Python values; scalars that are text keep the text as written."""
    if node.kind == MAP:
        return {k: plain(v) for k, v in node.value.items()}
    if node.kind == SEQ:
        return [plain(v) for v in node.value]
    if node.kind in ("int", "bool", "null"):
        return node.value
    return node.text if node.text is not None else node.value
