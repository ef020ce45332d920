"""Loading a scenario file into a checked, typed Scenario (bridge/model.py).

Structure is checked by the spec (SCENARIO in bridge/scenario.py); what the spec can't see (a
card the pool doesn't know, a face the card doesn't have, `at` past the end of the timeline, a
token used before it is created) is checked here, with the same kind of error: file, path,
line, what is wrong.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .cards import Card, CardPool
from .catalogue import Param, catalogue
from .document import MAP, SEQ, Node, read_document
from .errors import CardDataError
from .events import EVENTS, VERBS, Entry, Timeline
from .model import Event, Expectation, ObjectState, Question, Scenario
from .scenario import SCENARIO
from .vocabulary import NOT_YET, OBJECT, PERMANENT_ONLY, PLAYER, STACK_ITEM, SUPPORTED_RULES
from .abilities import stated_abilities
from .spec import Context, key_node, suggest

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

    questions = tuple(checked_question(q, ctx.at("questions", sections["questions"]).at(i, sections["questions"].value[i]),
                                len(timeline), pool, objects) for i, q in enumerate(section("questions") or []))
    expectations = []
    for i, e in enumerate(section("expect") or []):
        ectx = ctx.at("expect", sections["expect"]).at(i, sections["expect"].value[i])
        q = checked_question(e, ectx, len(timeline), pool, objects)
        rules_list = tuple(e["rules"]) if e.get("rules") is not None else None
        expectations.append(Expectation(q, e.get("answer"), rules_list, e.get("outcomes")))

    libraries = _libraries(section("libraries") or {}, sections.get("libraries"), ctx, objects)

    abilities = ()
    if "abilities" in sections:
        abilities = stated_abilities(section("abilities") or [], ctx.at("abilities", sections["abilities"]),
                                     sections["abilities"], pool)

    return Scenario(path=file, rules=rules, description=description, players=tuple(players),
                    life={p: life.get(p, 20) for p in players}, turn_number=turn["number"], active=active,
                    step=turn["step"], objects=objects, timeline=tuple(timeline), questions=questions,
                    expectations=tuple(expectations),
                    pool=pool, extra_cards=_extra_cards(objects, timeline, pool), abilities=abilities,
                    libraries=libraries)


def _libraries(stated: dict, node, ctx, objects) -> dict[str, tuple[str, ...]]:
    """libraries: each names a player, lists objects in zone library that player owns, each once,
    and all of them (a stated library is the whole library: logic/library.lp draws from its top)."""
    out: dict[str, tuple[str, ...]] = {}
    for player, ids in stated.items():
        pnode = node.value[player]
        pctx = ctx.at("libraries", node).at(player, pnode)
        if player not in ctx.names[PLAYER]:
            raise pctx.error(f"no player named '{player}'", pnode)
        seen: set[str] = set()
        for i, oid in enumerate(ids):
            obj, inode = objects[oid], pnode.value[i]
            if obj.zone != "library" or obj.owner != player:
                raise pctx.at(i, inode).error(f"'{oid}' is not in {player}'s library (zone: library, owner: {player})",
                                              inode)
            if oid in seen:
                raise pctx.at(i, inode).error(f"'{oid}' is listed twice", inode)
            seen.add(oid)
        missing = sorted(oid for oid, o in objects.items() if o.zone == "library" and o.owner == player and oid not in ids)
        if missing:
            raise pctx.error(f"a stated library is the whole library, top card first: it leaves out {', '.join(missing)}",
                             pnode)
        out[player] = tuple(ids)
    return out


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
    if spec["attached_to"] in ctx.names.get(PLAYER, {}) and not any(
            k.name == "Enchant" and k.parameter == "player" for f in card.faces if f.side == face for k in f.keywords):
        raise where("attached_to").error(
            f"{card.name} can't be attached to a player: only an Aura with enchant player can (303.4a, 702.5d)")
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
        damage=spec["damage"] or 0, chosen_color=spec["chosen_color"],
        chosen_type=spec["chosen_type"])


def _timeline(node: Node | None, ctx: Context, objects: dict[str, ObjectState], pool: CardPool,
              turn: int = 1) -> list[Event]:
    """The timeline's events, each checked by the spec and by its verb's checks across entries
    (bridge/events.py); what holds of every verb (a token exists only once created) is here."""
    if node is None:
        node = Node(SEQ, [], text=None)
    tctx = ctx.at("timeline", node)
    if node.kind != SEQ:
        raise tctx.error("expected a list of events", node)
    events: list[Event] = []
    timeline = Timeline(ctx, objects, pool, turn)
    created = timeline.created

    for i, enode in enumerate(node.value):
        ectx = tctx.at(i, enode)
        verb, args = EVENTS.validate(enode, ectx)
        entry = Entry(i + 1, ectx, enode, timeline)

        # An object declared with zone: none exists only from the entry that creates it.
        for key, value in args.items():
            if key in ("create", "creates") or not isinstance(value, str) or value not in objects:
                continue
            if objects[value].zone == NOT_YET and value not in created:
                raise entry.at(key).error(f"'{value}' doesn't exist yet at entry {entry.index}: it is declared with "
                                          "zone: none and no earlier event creates it")
        check = VERBS[verb].check
        if check is not None:
            check(args, entry)
        events.append(Event(index=entry.index, verb=verb, args=args, where=ectx.path, line=enode.line))
    for oid, obj in objects.items():
        if obj.zone == NOT_YET and oid not in created:
            onode = ctx.node.value["objects"].value[oid] if ctx.node is not None else None
            octx = ctx.at("objects", onode).at(oid, onode) if onode is not None else ctx
            raise octx.error(f"'{oid}' is declared with zone: none but no timeline event creates it "
                             "(create:, or creates: where a spell or ability that makes it resolves)")
    return events


def checked_question(spec: dict, ctx: Context, entries: int, pool: CardPool | None = None,
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
