"""The scenario format: its one description (SCENARIO, which is also the published JSON
Schema; EVENTS, every timeline event verb), and the typed Scenario a file is loaded into.

Structure is checked by the spec (bridge/spec.py) against SCENARIO. Loading a file, and the
checks the spec can't make, are bridge/load.py's; a question given on the command line is
bridge/question_text.py's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import criteria as criteria_language
from .abilities import STATED_ABILITY, StatedAbility
from .cards import CARD, Card, CardPool
from .catalogue import QuestionType, catalogue
from .document import MAP, SEQ, Node, parse_yaml
from .errors import ScenarioError
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
COLOR_WORDS = ("white", "blue", "black", "red", "green")  # the five colors (105.1)
DOUBLING_LIMIT = 2                  # double events per object in one scenario (_timeline)
DEFAULT_PLAYERS = ("alice", "bob")
PERMANENT_ONLY = ("tapped", "face_down", "attached_to", "damage", "controlled_since", "chosen_color", "chosen_type")

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
    "attached_to": Field(Ref(kinds=(OBJECT, PLAYER), description=(
        "The permanent it is attached to, or the player an Aura with enchant player enchants (303.4, 702.5d)."))),
    "tapped": Field(Bool(description="It is tapped.")),
    "face_down": Field(Bool(description="It is a face-down permanent (708).")),
    "controlled_since": Field(Int(minimum=0, description=(
        "The turn during which its controller gained control of it: it has been controlled "
        "continuously since the start of its controller's most recent turn (302.6) exactly when this "
        "is earlier than that turn. Default 0: since before the game's first turn."))),
    "counters": Field(MapOf(Int(minimum=0, adds_up=True), description="Counters on it, by kind: {\"+1/+1\": 2}.")),
    "damage": Field(Int(minimum=0, adds_up=True, description="Damage marked on it.")),
    "chosen_color": Field(Enum(COLOR_WORDS, description=(
        "The color chosen as it entered, for an \"As this ... enters, choose a color\" ability (614.12a, "
        "607.2d: Painter's Servant)."))),
    "chosen_type": Field(Text(description=(
        "The creature type chosen as it entered, for an \"As this ... enters, choose a creature type\" ability "
        "(614.12a, 607.2d: Arcane Adaptation)."))),
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
                  "chosen (106.1a), by its symbol: W, U, B, R, G."))),
              x=Field(Int(minimum=0, description=(
                  "The value of X chosen as it is activated (107.3a, 602.2b), for an ability whose cost "
                  "has {X} (Mirror Entity).")))),
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
                  "The value of X the spell was cast with (107.3), for a spell whose effect uses X (Fireball)."))),
              mode=Field(Int(minimum=1, description=(
                  "The mode chosen as the modal spell was cast (700.2a): its place in the card's list of "
                  "modes, 1 for the first (Choose Your Weapon)."))),
              chosen_color=Field(Enum(COLOR_WORDS, description=(
                  "The color chosen as the permanent enters, for an \"As this ... enters, choose a color\" "
                  "ability (614.12a: made before it enters; 607.2d: Painter's Servant)."))),
              chosen_type=Field(Text(description=(
                  "The creature type chosen as it enters, for an \"As this ... enters, choose a creature type\" "
                  "ability (614.12a, 607.2d: Arcane Adaptation).")))),
        event("move", obj, "The object is put into a zone by an effect (not cast, not resolved).",
              to=Field(Enum(ZONES), required=True),
              transformed=Field(Bool(description="Put onto the battlefield transformed (712.14a).")),
              as_copy_of=Field(Ref(kinds=(OBJECT,), description="It enters the battlefield as a copy of that object (707.5).")),
              controller=Field(Ref(kinds=(PLAYER,), description="Under whose control it enters; default its owner.")),
              chosen_color=Field(Enum(COLOR_WORDS, description=(
                  "The color chosen as it enters the battlefield, for an \"As this ... enters, choose a color\" "
                  "ability (614.12a, 607.2d: Painter's Servant)."))),
              chosen_type=Field(Text(description=(
                  "The creature type chosen as it enters, for an \"As this ... enters, choose a creature type\" "
                  "ability (614.12a, 607.2d: Arcane Adaptation).")))),
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
    if kind == "attacks":
        return AttacksSpec(description=help)
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
    noun, shape, value_kinds, min_items = "blockers", "{BLOCKER: ATTACKER, ...}", (OBJECT,), 1

    def __init__(self, description: str = ""):
        self.description = description

    def validate(self, node: Node, ctx: Context) -> dict:
        if node.kind == "str":
            text = node.value if isinstance(node.value, str) else str(node.text)
            try:
                node = parse_yaml(text, ctx.file)
            except ScenarioError as exc:
                raise ctx.error(f"can't read '{text}' as {self.noun} ({exc.message}): write {self.shape}",
                                node) from None
        if node.kind != MAP or len(node.value or {}) < self.min_items:
            least = " with at least one block" if self.min_items else ""
            raise ctx.error(f"{self.noun} are a mapping {self.shape}{least}", node)
        out = {}
        ref = Ref(kinds=self.value_kinds)
        for key, child in node.value.items():
            kctx = ctx.at(key, child)
            if key not in ctx.names.get(OBJECT, {}):
                raise kctx.error(f"no object named '{key}'{suggest(key, ctx.names.get(OBJECT, {}))}",
                                 key_node(node, key, child))
            out[key] = ref.validate(child, kctx)
        return out

    def schema(self) -> dict:
        return self._with_description({"type": "object", "additionalProperties": {"type": "string"}})


class AttacksSpec(BlocksSpec):
    """A declaration of attackers, {ATTACKER: TARGET, ...}, each target a player or an object (a
    planeswalker or battle); {} declares no attackers."""
    noun, shape, value_kinds, min_items = "attackers", "{ATTACKER: PLAYER_OR_PERMANENT, ...}", (OBJECT, PLAYER), 0


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
    chosen_color: str | None = None     # "As this ... enters, choose a color" (614.12a)
    chosen_type: str | None = None      # "... choose a creature type" (614.12a)


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


def plain(node: Node) -> Any:
    """A node as plain Python values; scalars that are text keep the text as written."""
    if node.kind == MAP:
        return {k: plain(v) for k, v in node.value.items()}
    if node.kind == SEQ:
        return [plain(v) for v in node.value]
    if node.kind in ("int", "bool", "null"):
        return node.value
    return node.text if node.text is not None else node.value
