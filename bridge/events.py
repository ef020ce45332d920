"""Every timeline event verb, each defined once: its format (the spec fields, which are also
the published JSON Schema), the checks across entries the format can't make, the facts it
gives the rules (`happens(T, Term)`, logic/input.lp), and its line in the README's table of
events (`readme_table()`, compared with the README by tests/test_events.py).

Adding an event is one `verb(...)` below, plus its logic (logic/input.lp documents the term;
the logic file that gives its effect). bridge/scenario.py builds EVENTS from VERBS, bridge/
load.py runs each verb's `check`, bridge/facts.py asks each verb for its `terms`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from clingo import Symbol

from .facts import color_const, const, fact, ident, mana_type, target
from .spec import Bool, Context, Enum, Field, Int, ListOf, MapOf, Record, Ref, Spec, Tagged, Text, key_node, suggest
from .vocabulary import (COLOR_WORDS, CONTROL_CONDITIONS, CONTROL_DURATIONS, DELAYED,
                         DOUBLING_LIMIT, DURATIONS, MANA_TYPES, NOT_YET, OBJECT, PLAYER, SIDES, STACK_ITEM, STEPS,
                         TURN_OVER_EFFECTS, ZONES, text_word_kind)

if TYPE_CHECKING:
    from .cards import CardPool
    from .document import Node
    from .model import ObjectState, Scenario


# --- What a verb is ----------------------------------------------------------------------

@dataclass
class Timeline:
    """What the checks of a timeline read and keep, entry after entry (bridge/load.py)."""

    ctx: Context                                   # the scenario's: ctx.names holds every name
    objects: dict[str, "ObjectState"]
    pool: "CardPool"
    turn: int                                      # the current turn's number
    created: dict[str, int] = field(default_factory=dict)    # token id -> the entry creating it
    doublings: dict = field(default_factory=dict)  # object id (or ("life", player)) -> its doublings

    def new_id(self, item: str, where: Context) -> None:
        """A name the event gives (an ability on the stack, a delayed ability) must be new."""
        names = self.ctx.names
        if any(item in names.get(kind, {}) for kind in (STACK_ITEM, OBJECT, PLAYER, DELAYED)):
            raise where.error(f"duplicate id '{item}'")

    def create(self, oid: str, index: int, where: Context) -> None:
        """Token oid, declared with zone: none, is created at entry index: once."""
        if self.objects[oid].zone != NOT_YET:
            raise where.error(f"'{oid}' is already in the game (zone: {self.objects[oid].zone}); only an object "
                              "declared with zone: none can be created")
        if oid in self.created:
            raise where.error(f"'{oid}' is already created at timeline entry {self.created[oid]}; a token is created once")
        self.created[oid] = index

    def double(self, key: Any, limit_error: Callable[[], Exception]) -> None:
        self.doublings[key] = self.doublings.get(key, 0) + 1
        if self.doublings[key] > DOUBLING_LIMIT:
            raise limit_error()


@dataclass
class Entry:
    """One timeline entry being checked: its number, where it is written, the timeline so far."""

    index: int
    ctx: Context
    node: "Node"
    timeline: Timeline

    def at(self, key: str) -> Context:
        """The place of one of its keys (the entry itself when the key isn't written)."""
        return self.ctx.at(key, self.node.value.get(key, self.node))


Terms = Callable[[dict, "Scenario"], list[Symbol]]
Check = Callable[[dict, Entry], None]


@dataclass(frozen=True)
class Verb:
    name: str
    record: Record                  # its format: the verb's key and its other keys
    terms: Terms                    # happens(T, Term) for each term, in order (logic/input.lp)
    usage: str                      # the README table: how it is written
    meaning: str | None = None      # the README table: what it means (None: in `row`'s line)
    row: str | None = None          # the verb whose README line it shares
    check: Check | None = None      # checks across entries (bridge/load.py runs it)
    # Counter kinds it names (the rules are told each kind's power and toughness, facts.py).
    counter_kinds: Callable[[dict], list[str]] = lambda args: []
    # The on-demand logic files its effect needs (logic/ files marked `%! on-demand`, which only
    # what names them loads): a tuple, or a function of its arguments (begin: combat_damage).
    logic: tuple[str, ...] | Callable[[dict], tuple[str, ...]] = ()

    def logic_for(self, args: dict) -> tuple[str, ...]:
        return self.logic(args) if callable(self.logic) else self.logic


def verb(name: str, subject: Spec, doc: str, *, usage: str, terms: Terms, meaning: str | None = None,
         row: str | None = None, check: Check | None = None, fields: dict[str, Field] | None = None,
         **options: Any) -> Verb:
    record = Record(what=f"a '{name}' event", description=doc,
                    fields={name: Field(subject, required=True), **(fields or {})})
    return Verb(name=name, record=record, terms=terms, usage=usage, meaning=meaning, row=row, check=check,
                **options)


# --- Checks shared by several verbs --------------------------------------------------------

def _stack_ability(a: dict, e: Entry) -> None:
    """An ability put on the stack gets a new name (`id:`, default '#N' for entry N)."""
    verb_name = "activate" if "activate" in a else "trigger"
    item = a["id"] or f"#{e.index}"
    e.timeline.new_id(item, e.at("id"))
    a["id"] = item
    e.timeline.ctx.names[STACK_ITEM][item] = "ability"
    if verb_name == "trigger":
        delayed = a["trigger"] in e.timeline.ctx.names.get(DELAYED, {})
        if delayed and a["ability"] is not None:
            raise e.at("ability").error(
                f"'{a['trigger']}' is a delayed triggered ability: its effect was given by `delay`; remove ability")
        if not delayed and a["ability"] is None:
            raise e.ctx.error("a trigger event names the triggered ability: ability: NAME (`rulecheck cards CARD` lists them)")


def _declared_objects(name: str) -> Check:
    """A declaration's keys name objects (its values are checked by the spec)."""
    def check(a: dict, e: Entry) -> None:
        dnode = e.node.value[name]
        for creature in a[name]:
            if creature not in e.timeline.objects:
                cnode = dnode.value[creature]
                raise e.at(name).at(creature, cnode).error(
                    f"no object named '{creature}'{suggest(creature, e.timeline.objects)}",
                    key_node(dnode, creature, cnode))
    return check


def _modifiers(v: str, a: dict, scn: "Scenario") -> list[Symbol]:
    """Modifiers of a resolve or move at the same entry (logic/input.lp)."""
    item, out = a[v], []
    if a.get("transformed") and v == "resolve":
        out.append(fact("enters_transformed", item))
    if a.get("as_copy_of"):
        out.append(fact("enters_as_copy", item, a["as_copy_of"]))
    for i, tok in enumerate(a.get("creates") or []):
        out.append(fact("creates", item, tok, i))
    for i, result in enumerate(a.get("flips") or [], start=1):     # logic/coin_flips.lp
        out.append(fact("flip", item, i, const(result)))
    if a.get("reveal"):
        out.append(fact("reveals", item, a["reveal"]))
    if a.get("finds_nothing"):                                      # logic/partner_with.lp
        out.append(fact("finds_nothing", item))
    for i, tgt in enumerate(a.get("targets") or []):
        out.append(fact("targets", item, target(scn, tgt), i))
    if v == "resolve" and a.get("x") is not None:
        out.append(fact("chosen_x", item, a["x"]))
    if v == "resolve" and a.get("mode") is not None:
        out.append(fact("chosen_mode", item, a["mode"]))
    if a.get("chosen_color"):           # logic/choices.lp
        out.append(fact("chosen_color", item, color_const(a["chosen_color"])))
    if a.get("chosen_type"):
        out.append(fact("chosen_type", item, a["chosen_type"]))
    # logic/effects.lp: what the effect that puts it onto the battlefield says it is (611.2e, 613.7n).
    if v == "move" and a.get("base_pt"):
        pt = a["base_pt"]
        out.append(fact("enters_with_effect", item, fact("set_pt", pt["power"], pt["toughness"])))
    if v == "move":
        for col in a.get("colors") or []:
            out.append(fact("enters_with_effect", item, fact("color", const("set"), color_const(col))))
        if a.get("creature_type"):
            out.append(fact("enters_with_effect", item, fact("creature_type", const("set"), a["creature_type"])))
        for kw in a.get("gains") or []:
            out.append(fact("enters_with_effect", item, fact("keyword", const("gain"), const(ident(kw)))))
        if a.get("loses_all_abilities"):
            out.append(fact("enters_with_effect", item, const("lose_all_abilities")))
    return out


def _made_by(a: dict) -> list[Symbol]:
    """The object an effect the timeline states was made by, if it names one (logic/input.lp)."""
    return [fact("made_by", a["source"])] if a.get("source") else []


def _owner(scn: "Scenario", oid: str) -> str:
    return scn.objects[oid].owner


# --- Checks of single verbs ----------------------------------------------------------------

def _check_cast(a: dict, e: Entry) -> None:
    e.timeline.ctx.names[STACK_ITEM][a["cast"]] = "spell"
    if a["transformed"]:
        a["face"] = "back"
    obj = e.timeline.objects[a["cast"]]
    card = obj.card
    if card is None or obj.token:
        raise e.ctx.error(f"'{a['cast']}' is a token; only cards (and copies of cards) are cast")
    if a["face"] not in [f.side for f in card.faces]:
        raise e.ctx.error(f"{card.name} has no {a['face']} face to cast")


def _check_delay(a: dict, e: Entry) -> None:
    e.timeline.new_id(a["id"], e.at("id"))
    e.timeline.ctx.names.setdefault(DELAYED, {})[a["id"]] = "delayed ability"


def _check_resolve(a: dict, e: Entry) -> None:
    # A search finds the card reveal: names or none (701.23b): saying both is a contradiction.
    if a["reveal"] and a["finds_nothing"]:
        raise e.at("finds_nothing").error("give reveal: (the card the search finds) or finds_nothing: true, not both (701.23b)")
    for j, oid in enumerate(a["creates"] or []):
        cnode = e.node.value["creates"].value[j]
        e.timeline.create(oid, e.index, e.at("creates").at(j, cnode))


def _check_move(a: dict, e: Entry) -> None:
    if a["transformed"] and a["to"] != "battlefield":
        raise e.at("transformed").error("only the battlefield can be entered transformed (712.14a)")
    if a["as_copy_of"] and a["to"] != "battlefield":
        raise e.at("as_copy_of").error("only a permanent enters as a copy (707.5); to: battlefield")
    for key in ("base_pt", "colors", "creature_type", "gains", "loses_all_abilities"):
        if a[key] and a["to"] != "battlefield":
            raise e.at(key).error(f"only a permanent has its characteristics set as it enters (611.2e): "
                                  f"{key} needs to: battlefield")


def _check_create(a: dict, e: Entry) -> None:
    e.timeline.create(a["create"], e.index, e.at("create"))
    if e.timeline.objects[a["create"]].card is None and not a["copy_of"]:
        raise e.at("create").error(
            f"'{a['create']}' has no card: create it as a copy (copy_of: OBJECT) or give it a card")
    if a["copy_of"] == a["create"] or a["as_copy_of"] == a["create"]:
        raise e.ctx.error("a token can't be created as a copy of itself")
    if a["copy_of"] and a["as_copy_of"]:
        raise e.at("as_copy_of").error("give copy_of (created as a copy) or as_copy_of (enters as a copy), not both")


def _check_begin(a: dict, e: Entry) -> None:
    if a["begin"] == "untap":
        # The untap step is the first of its turn: it begins with the turn, and its untapping
        # (502.3) is begin_turn's. `begin: untap` would begin it without a turn, untapping nothing.
        raise e.at("begin").error(
            "the untap step begins with its turn (501.1): write {begin_turn: N, active: PLAYER}, "
            "whose untap step untaps the active player's permanents (502.3)")
    if a["divide"] is not None:
        _check_division(a, e)


def _check_division(a: dict, e: Entry) -> None:
    """divide: names creatures (objects) and, for each, recipients (objects or players).
    Whether the division is legal (it adds up to the creature's power, goes only to what the
    creature may assign damage to) is the rules' question (combat.lp)."""
    dnode = e.node.value["divide"]
    dctx = e.ctx.at("divide", dnode)
    if a["begin"] != "combat_damage":
        raise dctx.error("divide: belongs to begin: combat_damage (how combat damage is divided, 510.1c)")
    objects = e.timeline.ctx.names.get(OBJECT, {})
    players = e.timeline.ctx.names.get(PLAYER, {})
    for creature, recipients in a["divide"].items():
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


def _check_begin_turn(a: dict, e: Entry) -> None:
    # Turns are taken one after another: the turn that begins is the next one. A number that
    # goes back is impossible; one that skips a turn leaves out that turn's untap step
    # (502.3) and its player's most recent turn (302.6). (logic/turns.lp checks it too.)
    turn = e.timeline.turn
    if a["begin_turn"] != turn + 1:
        why = (f"turn numbers go forward one at a time: turn {turn + 1} begins next"
               if a["begin_turn"] <= turn else
               f"turn {turn + 1} is missing: add a begin_turn for each turn in between "
               "(its untap step, 502.3, untaps its active player's permanents)")
        raise e.at("begin_turn").error(f"turn {a['begin_turn']} can't begin during turn {turn}; {why}")
    e.timeline.turn = a["begin_turn"]


def _check_double(a: dict, e: Entry) -> None:
    # A doubling's amount is the power as it begins (701.10b): before solving, the grounder
    # keeps every power still possible, and each doubling multiplies them (three doublings
    # with pumps between them: 4 s; five: over 20 s). So at most DOUBLING_LIMIT per object.
    e.timeline.double(a["double"], lambda: e.at("double").error(
        f"at most {DOUBLING_LIMIT} double events per object (beyond rulecheck's range: "
        "each doubling multiplies the powers the solver considers)"))


def _check_double_life(a: dict, e: Entry) -> None:
    # The same for a life total (701.10d): the total before a doubling is a sum of changes
    # the grounder may not know happened (damage), and each doubling multiplies the totals
    # it keeps (twenty doublings with damage between them: beyond two minutes).
    e.timeline.double(("life", a["double_life"]), lambda: e.at("double_life").error(
        f"at most {DOUBLING_LIMIT} double_life events per player (beyond rulecheck's range: "
        "each doubling multiplies the life totals the solver considers)"))


def _check_choose_name(a: dict, e: Entry) -> None:
    a["name"], cards = e.timeline.pool.cards_named(a["name"])
    a["cards"] = tuple(cards)


def _check_counters(a: dict, e: Entry) -> None:
    if not a["add"] and not a["remove"]:
        raise e.ctx.error("a counters event needs add: or remove:")


def _check_attach(a: dict, e: Entry) -> None:
    if a["to"] == a["attach"]:
        raise e.ctx.error("an object can't be attached to itself")


def _check_gain_control(a: dict, e: Entry) -> None:
    """A "for as long as" duration names its conditions and the object they are about (611.2b)."""
    if a["until"] == "as_long_as":
        if not a["source"]:
            raise e.at("until").error("until: as_long_as needs `source:`, the object its conditions are about")
        if not a["as_long_as"]:
            raise e.at("until").error("until: as_long_as needs `as_long_as:`, its conditions "
                                      f"({', '.join(CONTROL_CONDITIONS)})")
        if a["source"] == a["gain_control"]:
            raise e.at("source").error("a \"for as long as\" duration about the object whose control changes "
                                       "is not modelled")
    elif a["as_long_as"]:
        raise e.at("as_long_as").error("as_long_as: needs until: as_long_as")


def _check_change_text(a: dict, e: Entry) -> None:
    """612.2: a color word becomes a color word, a land type word a land type, a creature type
    word a creature type."""
    f, t = a["from"], a["to"]
    if text_word_kind(f) is None:
        raise e.at("from").error(f"change_text: '{f}' is no color word, basic land type or creature type")
    if f == t or text_word_kind(f) != text_word_kind(t):
        raise e.at("to").error(f"change_text: to: must be another {text_word_kind(f)}, found '{t}'")


def _check_copy(a: dict, e: Entry) -> None:
    if a["of"] == a["copy"]:
        raise e.at("of").error("an object can't become a copy of itself")


# --- The verbs -------------------------------------------------------------------------------

def _verbs() -> list[Verb]:
    obj = Ref(kinds=(OBJECT,))
    obj_or_player = Ref(kinds=(OBJECT, PLAYER))
    player = Ref(kinds=(PLAYER,))
    until_end_of_turn = Field(Enum(DURATIONS), default="end_of_turn")
    # The object whose spell or ability made an effect the timeline states (113.7; an instant's
    # or sorcery's effect is the spell's, 608.2h): shown as the effect's source (layer_order).
    made_by = Field(Ref(kinds=(OBJECT,), description=(
        "The object whose spell or ability made the effect (113.7), shown as its source; without it "
        "the answers name the timeline.")))

    return [
        verb("cast", obj, "A player casts the card: it moves to the top of the stack (601.2a).", fields=dict(
            face=Field(Enum(SIDES, description="The face up on the stack (712.11b for modal cards)."), default="front"),
            transformed=Field(Bool(description="Cast transformed: back face up (712.11a).")),
            by=Field(Ref(kinds=(PLAYER,), description="Who casts it; default its owner."))),
            check=_check_cast,
            terms=lambda a, scn: [fact("cast", a["cast"], const(a["face"]), a["by"] or _owner(scn, a["cast"]))],
            usage='{cast: X, face: front|back, transformed: true, by: P}',
            meaning=('X is cast: it moves to the top of the stack with that face up (601.2a, 712.11); `by`'
                     ' defaults to its owner. Casting what is on the battlefield or the stack is reported '
                     '(601.3); its timing is not checked (an effect may cast it while it resolves, 608.2g)')),
        verb("activate", obj, "Its controller activates an ability of it: the ability goes on the stack (602.2a); a mana ability resolves at once instead (605.3b).", fields=dict(
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
                "has {X} (Mirror Entity)."))),
            exile=Field(Ref(kinds=(OBJECT,), description=(
                "The object exiled to pay its cost (602.2b, 601.2h), for an ability whose cost exiles "
                "one (Food Chain: a creature you control).")))),
            check=_stack_ability,
            terms=lambda a, scn: (
                [fact("activate", a["activate"], a["ability"], a["id"])]
                + ([fact("targets", a["id"], target(scn, a["target"]), 0)] if a.get("target") else [])
                + ([fact("chosen_x", a["id"], a["x"])] if a.get("x") is not None else [])
                + ([fact("mana_chosen", a["id"], mana_type(a["mana"]))] if a.get("mana") else [])
                + ([fact("cost_exiles", a["id"], a["exile"])] if a.get("exile") else [])),
            logic=("haste.lp", "mana.lp"),
            usage='{activate: X, ability: NAME, target: Y, id: ID, mana: COLOR, x: N, exile: Z}',
            meaning=('an activated ability of X (named as in `rulecheck cards`) goes on the stack as ID '
                     '(default `#N`, N the entry) (602.2a); its timing, {T} cost and target are checked '
                     '(602.5, 302.6, 601.2c); `x:` is the value of X chosen for a cost with {X} (107.3a: '
                     'Mirror Entity); `exile:` the object exiled to pay a cost that exiles one (602.2b, '
                     "601.2h: Food Chain's creature you control, put into exile; another object, or none, "
                     "is reported, 118.3). A mana ability doesn't go on the stack: it resolves at once "
                     '(605.3b), and its controller adds the mana to their pool (106.4; see `mana_pool`); '
                     '`mana: W|U|B|R|G` is the color chosen for one that adds mana of any (one) color '
                     '(106.1a)')),
        verb("resolve", Ref(kinds=(STACK_ITEM,)), "The top of the stack resolves (608).", fields=dict(
            transformed=Field(Bool(description=(
                "An effect makes the permanent spell enter the battlefield transformed (712.13a)."))),
            as_copy_of=Field(Ref(kinds=(OBJECT,), description=(
                "The permanent spell enters as a copy of that object (707.5: Clone's choice)."))),
            creates=Field(ListOf(Ref(kinds=(OBJECT,)), description=(
                "The tokens its effect creates, in order: objects declared with zone: none."))),
            reveal=Field(Ref(kinds=(OBJECT,), description=(
                "The card its effect reveals (Delver of Secrets: the top card of the library), or the card a "
                "search finds (Partner with, 702.124j)."))),
            finds_nothing=Field(Bool(description=(
                "The player its effect has search finds no card, though one may be there (701.23b: Partner "
                "with's search, 702.124j)."))),
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
                "ability (614.12a, 607.2d: Arcane Adaptation)."))),
            flips=Field(ListOf(Enum(("won", "lost")), description=(
                "The coin flips its effect makes, in order, each won or lost by the player who flips (705.1, "
                "705.2): coins are random, so the scenario says how they fell (Okaun, Eye of Chaos: \"flip a "
                "coin until you lose a flip\", [won, won, lost]).")))),
            check=_check_resolve,
            terms=lambda a, scn: [fact("resolve", a["resolve"])] + _modifiers("resolve", a, scn),
            usage=('{resolve: ID, transformed: true, as_copy_of: Y, creates: [T...], reveal: Y, finds_nothing: true, targets: [Y...], '
                   'x: N, mode: M, chosen_color: C, chosen_type: T, flips: [won, lost...]}'),
            meaning=("the top of the stack resolves: an ability's effect happens, a permanent spell enters"
                     ' the battlefield with the face it had on the stack (or transformed, 712.13a; or as a'
                     ' copy, 707.5), an instant or sorcery goes to the graveyard (608, 712.13); an Aura '
                     'spell enters attached to its first target (608.3c), a player too (Curse of Bloodletting,'
                     ' 303.4b); a spell that deals damage deals it to its targets (Lava Axe; Fireball '
                     'divides X, given by `x:`, 107.3), a prevention spell creates a shield on its target '
                     '(Mending Hands, 615.7); a spell that makes its target player gain life does (Healing'
                     ' Salve, 119.3); a modal spell does '
                     'what its mode `mode:` (1 for the first, chosen as it was cast, 700.2a) says, to that'
                     " mode's targets (700.2c). A permanent spell with \"As this ... enters, choose a color\" "
                     'enters with the color `chosen_color:` or the creature type `chosen_type:` (614.12a). '
                     "A spell whose targets are all illegal as it resolves does "
                     "nothing (608.2b), and is reported. An ability that creates tokens creates the objects "
                     '`creates:` names (declared with `zone: none` and no card: each has the characteristics '
                     "the ability defines, 111.3, named as 111.4 says; the ability's controller owns and "
                     "controls it, 111.2; Peter Parker's Spider). An ability that flips coins flips them as "
                     '`flips:` says, each won or lost by its controller (705.2: Okaun, Eye of Chaos). A search finds '
                     'the card `reveal:` names, or none with `finds_nothing:` (701.23b: Partner with, 702.124j); '
                     'with neither, while a card it could find is there, it is reported. Resolving '
                     "something that isn't on top is reported")),
        verb("move", obj, "The object is put into a zone by an effect (not cast, not resolved).", fields=dict(
            to=Field(Enum(ZONES), required=True),
            transformed=Field(Bool(description="Put onto the battlefield transformed (712.14a).")),
            as_copy_of=Field(Ref(kinds=(OBJECT,), description="It enters the battlefield as a copy of that object (707.5).")),
            controller=Field(Ref(kinds=(PLAYER,), description="Under whose control it enters; default its owner.")),
            chosen_color=Field(Enum(COLOR_WORDS, description=(
                "The color chosen as it enters the battlefield, for an \"As this ... enters, choose a color\" "
                "ability (614.12a, 607.2d: Painter's Servant)."))),
            chosen_type=Field(Text(description=(
                "The creature type chosen as it enters, for an \"As this ... enters, choose a creature type\" "
                "ability (614.12a, 607.2d: Arcane Adaptation)."))),
            base_pt=Field(Record(what="base_pt", description=(
                "The effect that puts it onto the battlefield also says it has base power and toughness "
                "N/M (\"it's a 1/1\"): that effect applies as it enters (611.2e), in layer 7b (613.4b), "
                "with a timestamp just after its own static abilities' (613.7n)."), fields=dict(
                power=Field(Int(), required=True), toughness=Field(Int(), required=True)))),
            colors=Field(ListOf(Enum(COLOR_WORDS), description=(
                "The same effect says it is of these colors (\"it's a blue Frog\"): they replace its colors "
                "in layer 5 (105.3, 613.1e), as it enters (611.2e, 613.7n)."))),
            creature_type=Field(Text(description=(
                "The same effect says it is that creature type: it replaces its creature types in layer 4 "
                "(205.1a, 613.1d), as it enters (611.2e, 613.7n)."))),
            gains=Field(ListOf(Text(description="A keyword: flying, first_strike, ..."), description=(
                "The same effect says it has these keywords: layer 6 (613.1f), as it enters (611.2e, 613.7n)."))),
            loses_all_abilities=Field(Bool(description=(
                "The same effect says it has no abilities (\"it loses all abilities\"): layer 6 (613.1f), "
                "as it enters (611.2e, 613.7n).")))),
            check=_check_move,
            terms=lambda a, scn: [fact("move", a["move"], const(a["to"]),
                                       const("transformed" if a["transformed"] else "normal"),
                                       a["controller"] or _owner(scn, a["move"]))] + _modifiers("move", a, scn),
            usage=('{move: X, to: ZONE, transformed: true, as_copy_of: Y, controller: P, chosen_color: C, chosen_type: T, '
                   'base_pt: {power: N, toughness: M}, colors: [C, ...], creature_type: T, gains: [KEYWORD, ...], '
                   'loses_all_abilities: true}'),
            meaning=('an effect puts X into a zone; onto the battlefield transformed with its back face up'
                     " (712.14a), or with a color or creature type chosen as it enters (614.12a). A card that can't go there stays (712.14a, 712.14b, 304.4, 307.4, 111.8)."
                     ' With `base_pt:`, the same effect says it has base power and toughness N/M (layer 7b); with'
                     ' `colors:`, that it is of those colors (layer 5); with `creature_type:`, that it is that creature type'
                     ' (layer 4); with `gains:`, that it has those keywords, and with `loses_all_abilities:`, none (layer 6):'
                     " it applies as X enters (611.2e), with a timestamp just after X's own static abilities' (613.7n),"
                     ' so it applies after them')),
        verb("transform", obj, "A spell or ability (not the permanent's own) instructs to transform it (701.27).",
            terms=lambda a, scn: [fact("transform", a["transform"])],
            usage='{transform: X}',
            meaning=("a spell or ability that isn't X's own instructs to transform / convert X (701.27, "
                     '701.28)')),
        verb("convert", obj, "A spell or ability (not the permanent's own) instructs to convert it (701.28).",
            terms=lambda a, scn: [fact("convert", a["convert"])],
            usage='{convert: X}',
            row='transform'),
        verb("attack", obj, "It is declared as an attacker (508.1).", fields=dict(
            target=Field(obj_or_player, required=True)),
            terms=lambda a, scn: [fact("attack", a["attack"], target(scn, a["target"]))],
            logic=("attacking.lp", "blocking.lp", "combat.lp", "haste.lp"),
            usage='{attack: X, target: P_OR_OBJECT}',
            row='declare_attackers'),
        verb("block", obj, "It is declared as a blocker (509.1).", fields=dict(
            attacker=Field(obj, required=True)),
            terms=lambda a, scn: [fact("block", a["block"], a["attacker"])],
            logic=("attacking.lp", "blocking.lp", "combat.lp"),
            usage='{block: X, attacker: Y}',
            row='declare_blockers'),
        verb("declare_attackers", MapOf(obj_or_player, description="Each attacking creature: what it attacks."),
             "The active player declares attackers, all at once: one turn-based action (508.1).",
            check=_declared_objects("declare_attackers"),
            # One attack term per creature (508.1); declaring none is a declaration too (508.1d).
            terms=lambda a, scn: [fact("attack", o, target(scn, tgt)) for o, tgt in a["declare_attackers"].items()]
            or [fact("declared_none", const("attackers"))],
            logic=("attacking.lp", "blocking.lp", "combat.lp", "haste.lp"),
            usage='{declare_attackers: {X: P_OR_OBJECT, ...}}',
            meaning=('attackers are declared, all at once, in the declare attackers step (508.1: begin it '
                     'first); each becomes tapped unless it has vigilance. `{}` declares none (checked against 508.1d). '
                     '`attack` declares one')),
        verb("declare_blockers", MapOf(obj, description="Each blocking creature: the attacker it blocks."),
             "The defending player declares blockers, all at once: one turn-based action (509.1).",
            check=_declared_objects("declare_blockers"),
            # One block term per creature (509.1); declaring none is a declaration too (509.1c).
            terms=lambda a, scn: [fact("block", o, att) for o, att in a["declare_blockers"].items()]
            or [fact("declared_none", const("blockers"))],
            logic=("attacking.lp", "blocking.lp", "combat.lp"),
            usage='{declare_blockers: {X: ATTACKER, ...}}',
            meaning=('blockers are declared, all at once, in the declare blockers step (509.1: begin it '
                     'first); `{}` declares none (checked against 509.1c). `block` declares one')),
        verb("begin", Enum(STEPS), (
                 "A step of the current turn begins (not the untap step, which begins with its turn: "
                 "begin_turn). `begin: combat_damage` begins a combat damage step: "
                 "its combat damage is assigned and dealt as it begins (510.1, 510.2). If an attacking or "
                 "blocking creature has first strike or double strike then, it is the first of two combat "
                 "damage steps (510.4), and a second `begin: combat_damage` in the same combat begins "
                 "the second; events between the two happen during the first step, after its damage."), fields=dict(
            divide=Field(MapOf(MapOf(Int(minimum=0)), description=(
                "Only with begin: combat_damage. How a creature divides its combat damage among several "
                "creatures it is blocked by or blocking, or, with trample, among its blockers and what it "
                "attacks (510.1c, 510.1d, 702.19b): {attacker: {blocker1: 3, blocker2: 1}}. "
                "Recipients are object ids or players; the amounts must add up to its power.")))),
            check=_check_begin,
            terms=lambda a, scn: [fact("begin_step", const(a["begin"]))] + [
                fact("divides", creature, target(scn, recipient), n)
                for creature, recipients in (a.get("divide") or {}).items() for recipient, n in recipients.items()],
            # A combat damage step deals its damage by combat.lp's rules.
            logic=lambda a: ("combat.lp",) if a["begin"] == "combat_damage" else (),
            usage='{begin: STEP}',
            meaning=("a step of the current turn begins (not `untap`: a turn's untap step begins with "
                     '`begin_turn`); `cleanup` ends "until end of turn" effects and removes damage '
                     '(514.2). `begin: draw`: the active player draws a card from the library `libraries:` states '
                     '(504.1, 703.4d; not on turn 1 of a two-player game, 103.8a); with it not stated, the card '
                     'is none the scenario names, or, with cards of theirs named in it, unknown: reported. '
                     '`begin: combat_damage` begins a combat damage '
                     'step and deals its damage '
                     '(510.1, 510.2); with a first or double striker there are two (510.4); `divide: '
                     '{CREATURE: {RECIPIENT: N}}` says how a creature divides its damage (510.1c, 702.19b)')),
        verb("begin_turn", Int(minimum=1), (
                 "The next turn begins (its number is the current turn's plus one): the turn before "
                 "ends, its cleanup step included (514.2), and the active player untaps the "
                 "permanents they control (502.3)."), fields=dict(
            active=Field(player, required=True),
            skip_untap=Field(Bool(description=(
                "An effect makes the turn's untap step be skipped (500.11, 614.10): nothing untaps. "
                "Effects that last until the player's next turn still end as the turn begins (611.2a).")))),
            check=_check_begin_turn,
            terms=lambda a, scn: [fact("begin_turn", a["begin_turn"], a["active"])]
            + ([fact("skips", const("untap"))] if a.get("skip_untap") else []),
            usage='{begin_turn: N, active: P, skip_untap: true}',
            meaning=("the next turn, N, begins (N is the current turn's number plus one: a number that "
                     'goes back or skips a turn is refused), P is the active player. The turn before ends:'
                     ' if the timeline didn\'t begin its cleanup step, its damage is removed and its "until'
                     ' end of turn" effects end here (514.2). Then the untap step: P untaps every '
                     'permanent P controls (502.3); with `skip_untap`, an effect skips it (500.11, 614.10)'
                     ' and nothing untaps, but the turn begins all the same (an effect lasting "until your'
                     ' next turn" ends, 611.2a, seed ruling 003-09). Not modelled: phasing (502.1) and day'
                     ' and night (502.2), which no card of the pool has, effects that keep a permanent '
                     "from untapping (none in the pool) and discarding to hand size (514.1); the draw step's "
                     'draw happens at `begin: draw` (504.1)')),
        verb("gain", obj, "It gains a keyword ability.", fields=dict(
            ability=Field(Text(description="A keyword: first_strike, haste, ..."), required=True),
            until=until_end_of_turn, source=made_by),
            terms=lambda a, scn: [fact("gain", a["gain"], const(ident(a["ability"])), const(a["until"]))] + _made_by(a),
            usage='{gain: X, ability: KEYWORD, until: end_of_turn|indefinitely, source: Y}',
            meaning=('X gains / loses a keyword ability (layer 6, 613.1f), until end of turn by default. `source: Y` '
                     '(here and in pump, double, set_base_pt, switch): object Y\'s spell or ability made the effect '
                     '(113.7), which answers show as its source (without it: the timeline)')),
        verb("lose", obj, "It loses a keyword ability.", fields=dict(
            ability=Field(Text(), required=True), until=until_end_of_turn, source=made_by),
            terms=lambda a, scn: [fact("lose", a["lose"], const(ident(a["ability"])), const(a["until"]))] + _made_by(a),
            usage='{lose: ...}',
            row='gain'),
        verb("attach", obj, "It becomes attached to a permanent (701.3).", fields=dict(
            to=Field(obj, required=True)),
            check=_check_attach,
            terms=lambda a, scn: [fact("attach", a["attach"], a["to"])],
            usage='{attach: X, to: Y}',
            meaning=('X becomes attached to Y (701.3); an Aura, Equipment or Fortification gets a new '
                     'timestamp (613.7e)')),
        verb("unattach", obj, "It becomes unattached.",
            terms=lambda a, scn: [fact("unattach", a["unattach"])],
            usage='{unattach: X}',
            row='attach'),
        verb("counters", obj, "Counters are put on it or removed from it.", fields=dict(
            add=Field(MapOf(Int(minimum=1, adds_up=True))), remove=Field(MapOf(Int(minimum=1, adds_up=True)))),
            check=_check_counters,
            # One term per kind changed.
            terms=lambda a, scn: [fact("counters", a["counters"], k, n) for k, n in (a["add"] or {}).items()]
            + [fact("counters", a["counters"], k, -n) for k, n in (a["remove"] or {}).items()],
            counter_kinds=lambda a: [*(a["add"] or {}), *(a["remove"] or {})],
            usage='{counters: X, add: {KIND: N}, remove: {KIND: N}}',
            meaning=("counters are put on or removed from X; X's controller puts them (replacement effects"
                     ' that ask who puts them, Vorinclex: `event_outcomes`)')),
        verb("damage", Int(minimum=0, adds_up=True), "A source deals damage (an amount) to a player or permanent.",
            fields=dict(source=Field(obj, required=True), target=Field(obj_or_player, required=True)),
            terms=lambda a, scn: [fact("damage", a["source"], target(scn, a["target"]), a["damage"])],
            usage='{damage: N, source: X, target: P_OR_OBJECT}',
            meaning=('X deals N damage: marked on a creature (120.3e), life lost by a player (120.3a)')),
        verb("gain_control", obj, "A player gains control of it: a control-changing effect (layer 2, 613.1b).", fields=dict(
            player=Field(player, required=True),
            until=Field(Enum(CONTROL_DURATIONS, description=(
                "How long the effect lasts (611.2a): end_of_turn ends it in the cleanup step (514.2); "
                "your_next_turn as the player's next turn begins, before its untap step (500.4, 502.3); "
                "as_long_as (611.2b) while every condition of `as_long_as:` holds, never again once one "
                "fails; indefinitely, until the end of the game.")),
                        default="indefinitely"),
            source=made_by,
            as_long_as=Field(ListOf(Enum(CONTROL_CONDITIONS), min_items=1, description=(
                "With until: as_long_as: the conditions, on `source:`, of its \"for as long as\" duration "
                "(611.2b): you_control_source (the player gaining control controls the source, the same "
                "object, 400.7), source_tapped (it remains tapped)."))),
            ),
            check=_check_gain_control,
            terms=lambda a, scn: [fact("gain_control", a["gain_control"], a["player"])]
                + ([fact("control_until", a["gain_control"], const(a["until"]))] if a["until"] != "indefinitely" else [])
                + [fact("control_while", a["gain_control"], const(c)) for c in (a["as_long_as"] or [])]
                + _made_by(a),
            usage='{gain_control: X, player: P, until: end_of_turn|your_next_turn|as_long_as|indefinitely, '
                  'source: Y, as_long_as: [you_control_source, source_tapped]}',
            meaning=('P gains control of X (layer 2, 613.1b), indefinitely by default; `until: end_of_turn`: '
                     'control returns in the cleanup step (514.2); `your_next_turn`: as P\'s next turn begins, '
                     'before its untap step (500.4); `as_long_as` with `source: Y`: for as long as P controls Y'
                     ' and/or Y remains tapped (611.2b: if a condition is false as it begins, the effect does '
                     'nothing; once one fails, it ends for good)')),
        verb("tap", obj, "It becomes tapped.",
            terms=lambda a, scn: [fact("tap", a["tap"])],
            usage='{tap: X}',
            meaning=('X becomes tapped / untapped; only a permanent can be (110.5d)')),
        verb("untap", obj, "It becomes untapped.",
            terms=lambda a, scn: [fact("untap", a["untap"])],
            usage='{untap: X}',
            row='tap'),
        verb("trigger", Ref(kinds=(OBJECT, DELAYED)), (
                 "A triggered ability triggers and is put on the stack (603.3): an ability of the object "
                 "named in its card script, or a delayed triggered ability created earlier (`delay`)."), fields=dict(
            ability=Field(Text(description="The triggered ability's name in the card's script (objects only).")),
            id=Field(Text(description="A name for the ability on the stack, for `resolve`; default '#N' for entry N."))),
            check=_stack_ability,
            terms=lambda a, scn: [fact("trigger_delayed", a["trigger"], a["id"]) if a["ability"] is None
                                  else fact("trigger", a["trigger"], a["ability"], a["id"])],
            usage='{trigger: X, ability: NAME, id: ID}',
            meaning=('a triggered ability of X (or a delayed one created by `delay`) goes on the stack '
                     '(603.3)')),
        verb("delay", obj, (
                 "A delayed triggered ability of the object is created (603.7a), e.g. by a resolving "
                 "ability: \"at the beginning of the next end step, transform it\". `trigger` puts it on the stack later."),
            fields=dict(
            effect=Field(Enum(TURN_OVER_EFFECTS, description="What it does to the object."), required=True),
            id=Field(Text(description="A name for the delayed ability, for `trigger`."), required=True)),
            check=_check_delay,
            terms=lambda a, scn: [fact("delay", a["delay"], const(a["effect"]), a["id"])],
            usage='{delay: X, effect: transform|convert, id: D}',
            meaning=('a delayed triggered ability of X is created (603.7a)')),
        verb("create", obj, (
                 "An effect creates the token (declared with zone: none) on the battlefield (111.2). "
                 "With copy_of, the token is a copy of that object (707.2, 707.8a)."), fields=dict(
            copy_of=Field(Ref(kinds=(OBJECT,), description="The object the token is a copy of.")),
            as_copy_of=Field(Ref(kinds=(OBJECT,), description=(
                "The token, created with its own characteristics (its card), enters as a copy of that "
                "object through a replacement effect: it is not double-faced (707.8a, last sentence)."))),
            enters_with=Field(MapOf(Int(minimum=1, adds_up=True), description="Counters it enters with: incubate N is {\"+1/+1\": N} (701.53a).")),
            controller=Field(Ref(kinds=(PLAYER,), description="Under whose control; default its owner."))),
            check=_check_create,
            terms=lambda a, scn: (
                [fact("create", a["create"], a["controller"] or _owner(scn, a["create"]))]
                + ([fact("enters_as_copy", a["create"], a["as_copy_of"])] if a["as_copy_of"] else [])
                + ([fact("token_copy_of", a["create"], a["copy_of"])] if a["copy_of"] else [])
                + [fact("enters_with", a["create"], kind, n) for kind, n in (a["enters_with"] or {}).items()]),
            counter_kinds=lambda a: list(a["enters_with"] or {}),
            usage='{create: T, copy_of: X, as_copy_of: X, enters_with: {KIND: N}, controller: P}',
            meaning=('token T (declared with `zone: none`) is created (111.2), possibly as a copy (707.8a)'
                     ' or with counters (incubate N: `{"+1/+1": N}`, 701.53a)')),
        verb("copy", obj, "A copy effect begins: the permanent becomes a copy of another object (707.2, 613.2a).",
            fields=dict(of=Field(obj, required=True), until=Field(Enum(DURATIONS), default="indefinitely")),
            check=_check_copy,
            terms=lambda a, scn: [fact("copy", a["copy"], a["of"], const(a["until"]))],
            usage='{copy: X, of: Y, until: ...}',
            meaning=('a copy effect begins: X becomes a copy of Y (707.2, layer 1a)')),
        verb("turn_face_down", obj, "A spell or ability turns the permanent face down (708.2a; 712.16).",
            terms=lambda a, scn: [fact("turn_face_down", a["turn_face_down"])],
            usage='{turn_face_down: X}',
            meaning=('a spell or ability turns X face down (708.2a; nothing happens to a double-faced '
                     'permanent, 712.16) or face up (708.8, 712.15a)')),
        verb("turn_face_up", obj, "The face-down permanent is turned face up (708.8, 712.15a).",
            terms=lambda a, scn: [fact("turn_face_up", a["turn_face_up"])],
            usage='{turn_face_up: X}',
            row='turn_face_down'),
        verb("cant_transform", obj, "An effect states that the permanent can't transform (101.2, 701.28f).",
            fields=dict(until=until_end_of_turn),
            terms=lambda a, scn: [fact("cant", a["cant_transform"], const("transform"), const(a["until"]))],
            usage='{cant_transform: X, until: ...}',
            meaning=("an effect says X can't transform (101.2), nor convert (701.28f)")),
        verb("pump", obj, (
                 "A resolved spell or ability gives it +N/+M (negative numbers: -N/-M), e.g. Giant Growth: an "
                 "effect that modifies power and toughness (layer 7c, 613.4c), which affects that object "
                 "alone (611.2c)."), fields=dict(
            power=Field(Int(adds_up=True), default=0), toughness=Field(Int(adds_up=True), default=0),
            until=until_end_of_turn, source=made_by),
            terms=lambda a, scn: [fact("pump", a["pump"], a["power"], a["toughness"], const(a["until"]))] + _made_by(a),
            usage='{pump: X, power: N, toughness: M, until: end_of_turn|indefinitely, source: Y}',
            meaning=("a resolved spell or ability (of `source:`, or one the timeline doesn't name) gives X +N/+M (layer 7c, "
                     '613.4c), X alone (611.2c); a scripted instant does it as it resolves (Giant Growth)')),
        verb("double", obj, (
                 "A resolved spell or ability doubles its power, its toughness or both (701.10a): it gets "
                 "+X/+0, X its power as the effect begins (701.10b; -X/-0 for a negative power, 701.10c), in "
                 "layer 7c (613.4c)."), fields=dict(
            characteristic=Field(Enum(("power", "toughness", "power_and_toughness")), default="power"),
            until=until_end_of_turn, source=made_by),
            check=_check_double,
            terms=lambda a, scn: [fact("double", a["double"], const(a["characteristic"]), const(a["until"]))] + _made_by(a),
            usage='{double: X, characteristic: power|toughness|power_and_toughness, until: ..., source: Y}',
            meaning=("X's power (by default) is doubled: +X/+0, X its power as the effect begins, fixed "
                     'then (701.10a, 701.10b; a negative power -X/-0, 701.10c), layer 7c. At most two per '
                     'object: each multiplies the powers the solver considers')),
        verb("set_base_pt", obj, (
                 "A resolved spell or ability gives it base power and toughness N/M, e.g. Turn to Frog: an "
                 "effect that sets power and toughness (layer 7b, 613.4b)."), fields=dict(
            power=Field(Int(), required=True), toughness=Field(Int(), required=True),
            until=until_end_of_turn, source=made_by),
            terms=lambda a, scn: [fact("set_base_pt", a["set_base_pt"], a["power"], a["toughness"], const(a["until"]))] + _made_by(a),
            usage='{set_base_pt: X, power: N, toughness: M, until: ..., source: Y}',
            meaning=('X has base power and toughness N/M (Turn to Frog; layer 7b, 613.4b: before the +N/+M'
                     ' of 7c, and the latest such effect decides, 613.7). Its other parts (losing '
                     'abilities, becoming a blue Frog) are separate events or not modelled')),
        verb("switch", obj, (
                 "A resolved spell or ability switches its power and toughness, e.g. Twisted Image: an effect "
                 "in layer 7d (613.4d), applied after every other power and toughness change."), fields=dict(
            until=until_end_of_turn, source=made_by),
            terms=lambda a, scn: [fact("switch", a["switch"], const(a["until"]))] + _made_by(a),
            usage='{switch: X, until: ..., source: Y}',
            meaning=("X's power and toughness are switched (Twisted Image; layer 7d, 613.4d: after every "
                     'other change; two switches give them back)')),
        verb("change_text", obj, (
                 "A resolved spell or ability changes the permanent's text (Magical Hack, Sleight of Mind): "
                 "every FROM becomes TO, as a color word, basic land type or creature type (612.1, 612.2; layer 3, "
                 "613.1c)."), fields=dict(
            **{"from": Field(Text(description=(
                "The word replaced: a color word, a basic land type or a creature type (205.3m), as "
                "printed: red, Swamp, Goblin.")), required=True)},
            to=Field(Text(description="The word it becomes, of the same kind."), required=True),
            until=Field(Enum(DURATIONS, description=(
                "indefinitely (611.2a: no duration stated, as Magical Hack's) or end_of_turn (514.2).")),
                        default="indefinitely"),
            source=made_by),
            check=_check_change_text,
            terms=lambda a, scn: [fact("change_text", a["change_text"], a["from"], a["to"], const(a["until"]))]
                + _made_by(a),
            usage='{change_text: X, from: WORD, to: WORD, until: indefinitely|end_of_turn, source: Y}',
            meaning=("X's text changes: every FROM becomes TO, two color words, basic land types or creature types "
                     "(Magical Hack, Sleight of Mind; layer 3, 612.2, 613.1c), in its static abilities' grants,"
                     " type line and protection; several apply in timestamp order (613.7)")),
        verb("draw", player, "The player draws cards (121.1): a spell or ability the timeline doesn't name tells them to.",
            fields=dict(count=Field(Int(minimum=1, description="How many cards; default 1."), default=1)),
            terms=lambda a, scn: [fact("draw", a["draw"], a["count"])],
            usage='{draw: P, count: N}',
            meaning=("P draws N cards, default 1 (121.1, 121.2: one at a time), the top ones of P's library as the "
                     "scenario's `libraries:` states it; from an empty library, P loses as state-based actions "
                     "are next checked (704.5b). With P's library not stated, what P draws is unknown: reported, "
                     "and nothing moves")),
        verb("double_life", player, (
                 "A resolved spell or ability doubles the player's life total: they gain or lose the life "
                 "that makes their new total twice the current one (701.10d, 119.3; a total below 0 "
                 "doubled is life lost, 0 doubled is no change)."),
            check=_check_double_life,
            terms=lambda a, scn: [fact("double_life", a["double_life"])],
            logic=("life.lp",),
            usage='{double_life: P}',
            meaning=("P's life total is doubled: P gains or loses the life that makes the new total twice "
                     'the current one (701.10d, 119.3): from 7, gains 7; from -3, loses 3; from 0, '
                     'nothing. At most two per player: each multiplies the totals the solver considers')),
        verb("double_counters", obj, (
                 "A resolved spell or ability doubles the number of a kind of counters on the permanent: "
                 "it is given as many of those counters as it already has (701.10e). Without kind, every "
                 "kind it has (Ultimate Spider-Man: \"double the number of each kind of counter\")."), fields=dict(
            kind=Field(Text(description="The kind of counter: \"+1/+1\", \"charge\"; default every kind it has."))),
            terms=lambda a, scn: [fact("double_counters", a["double_counters"],
                                       a["kind"] if a["kind"] is not None else const("each_kind"))],
            usage='{double_counters: X, kind: KIND}',
            meaning=('the number of KIND counters on permanent X is doubled: X is given as many as it has '
                     "(701.10e); without `kind`, each kind it has. Players' counters aren't modelled; on a"
                     " card that isn't a permanent, a warning (701.10e)")),
        verb("double_mana", player, (
                 "A resolved spell or ability doubles the amount of a type of mana in the player's mana "
                 "pool: the player adds that much mana of that type (701.10f), with no restriction (the "
                 "restrictions of mana already there stay with that mana, 106.6)."), fields=dict(
            mana=Field(Enum(MANA_TYPES, description="The type of mana, by its symbol: W, U, B, R, G, C."), required=True)),
            terms=lambda a, scn: [fact("double_mana", a["double_mana"], mana_type(a["mana"]))],
            logic=("mana.lp",),
            usage='{double_mana: P, mana: TYPE}',
            meaning=("the amount of mana of TYPE (W U B R G C) in P's mana pool is doubled: P adds as much"
                     ' as they have, restricted mana counted, the mana added without restriction (701.10f,'
                     ' 106.6)')),
        verb("spend", player, (
                 "The player spends mana from their mana pool to pay a cost of a spell or of an ability of "
                 "an object (106.4): the mana leaves the pool. A restriction on how the mana can be spent "
                 "(106.6) must allow it."), fields={
            "mana": Field(Enum(MANA_TYPES, description="The type of mana spent, by its symbol: W, U, B, R, G, C."), required=True),
            "amount": Field(Int(minimum=1, description="How much of it."), default=1),
            "for": Field(Ref(kinds=(OBJECT,), description=(
                "What it is spent on: a spell (a card on the stack or being cast), or a permanent whose "
                "ability is activated.")), required=True),
            "source": Field(Ref(kinds=(OBJECT,), description=(
                "The mana spent is the restricted mana (or mana with an additional effect) that this "
                "object produced; default: mana without restriction or additional effect."))),
            "pays": Field(Enum(MANA_TYPES, description=(
                "The mana symbol of the cost it pays, W U B R G or C (107.4a, 107.4c): mana of another "
                "type pays a colored symbol only under an effect that lets the player spend mana as "
                "though it were mana of any color (609.4b: Mycosynth Lattice); default: not said.")))},
            terms=lambda a, scn: [fact("spend", a["spend"], mana_type(a["mana"]), a["amount"], a["for"],
                                       a["source"] if a["source"] is not None else const("none"))]
            + ([fact("spend_pays", a["spend"], mana_type(a["mana"]), a["for"], mana_type(a["pays"]))]
               if a.get("pays") else []),
            logic=("mana.lp",),
            usage='{spend: P, mana: TYPE, amount: N, for: X, source: Y, pays: SYMBOL}',
            meaning=('P spends N (default 1) mana of TYPE from their pool on X (a spell, or an ability of '
                     'permanent X) (106.4): the mana Y produced with a restriction or additional effect, '
                     'or without `source`, mana with neither; `pays:` the mana symbol of the cost it pays '
                     '(W U B R G C). Spending more than there is, against a restriction (106.6), or mana '
                     'of another type for a colored symbol (107.4a; allowed "as though it were mana of any '
                     'color", 609.4b: Mycosynth Lattice) or for {C} (107.4c), is reported')),
        verb("choose_name", obj, "Its controller chooses a card name for its linked \"choose a card name\" "
             "ability (607.2d), e.g. as Meddling Mage enters. The rules check the name may be chosen (201.4).",
            fields=dict(name=Field(Text(description="The card name chosen."), required=True)),
            check=_check_choose_name,
            terms=lambda a, scn: [fact("choose_name", a["choose_name"], a["name"])],
            logic=("names.lp", "printed_on.lp"),
            usage='{choose_name: X, name: NAME}',
            meaning=('X\'s controller chooses a card name for X\'s "choose a card name" ability (607.2d; '
                     '201.4 is checked)')),
    ]


VERBS: dict[str, Verb] = {v.name: v for v in _verbs()}

EVENTS = Tagged({name: v.record for name, v in VERBS.items()}, what="event",
                description="One thing that happens, in order.")


# --- The README's table ----------------------------------------------------------------------

def readme_table() -> str:
    """The README's table of timeline events: a line per verb, in VERBS' order, or per group
    of verbs that share one (`row`)."""
    lines = ["| event | meaning |", "|---|---|"]
    for v in VERBS.values():
        if v.row is not None:
            continue
        usages = [v.usage] + [w.usage for w in VERBS.values() if w.row == v.name]
        cell = ", ".join(f"`{_cell(u)}`" for u in usages)
        lines.append(f"| {cell} | {_cell(v.meaning or '')} |")
    return "\n".join(lines)


def _cell(text: str) -> str:
    return text.replace("|", "\\|")
