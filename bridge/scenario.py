"""The scenario format: its one description (SCENARIO, which is also the published JSON
Schema; its timeline's EVENTS are bridge/events.py's).

Structure is checked by the spec (bridge/spec.py) against SCENARIO. Loading a file into the
typed Scenario (bridge/model.py), and the checks the spec can't make, are bridge/load.py's; a
question given on the command line is bridge/question_text.py's.
"""

from __future__ import annotations

from typing import Any

from . import criteria as criteria_language
from .abilities import STATED_ABILITY
from .cards import CARD
from .catalogue import QuestionType, catalogue
from .document import MAP, SEQ, Node, parse_yaml
from .errors import ScenarioError
from .spec import Bool, Context, Enum, Field, Int, ListOf, MapOf, Record, Ref, Spec, Text, key_node, suggest
from .vocabulary import (COLOR_WORDS, DEFAULT_PLAYERS, DELAYED, DOUBLING_LIMIT, DURATIONS, MANA_TYPES, NOT_YET,  # noqa: F401
                         OBJECT, PERMANENT_ONLY, PLAYER, SIDES, STACK_ITEM, STEPS, SUPPORTED_RULES,
                         TURN_OVER_EFFECTS, ZONES)
from .events import EVENTS  # every timeline event verb, each defined once (bridge/events.py)

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
    noun, shape, value_kinds, min_items = "blockers", "{BLOCKER: ATTACKER, ...}", (OBJECT,), 0

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
    "libraries": Field(MapOf(ListOf(Ref(kinds=(OBJECT,))), description=(
        "A player's whole library, top card first: objects in zone library that the player owns. "
        "A player it doesn't name has a library rulecheck doesn't know: what they would draw is "
        "reported, not guessed."))),
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


def plain(node: Node) -> Any:
    """A node as plain Python values; scalars that are text keep the text as written."""
    if node.kind == MAP:
        return {k: plain(v) for k, v in node.value.items()}
    if node.kind == SEQ:
        return [plain(v) for v in node.value]
    if node.kind in ("int", "bool", "null"):
        return node.value
    return node.text if node.text is not None else node.value
