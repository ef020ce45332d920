"""Generated scenarios for the differential fuzzer (tests/test_fuzz.py, tests/fuzz.py).

`documents()` is a hypothesis strategy of scenario documents: plain Python dicts in the
scenario format (README, bridge/scenario.py), with `questions:`. They are built from the whole
built-in card pool (and the two scripted cards the seed scenarios bring in `cards:`: Meddling
Mage, Profane Procession), use every timeline event verb the format accepts, drawn from its
definition in bridge/events.py (`event_doc`: a verb without a hand-written generator is drawn
from its fields alone), and ask every question of the catalogue at various entries. Ids in events refer to
objects, players and stack items that exist at that point of the timeline, so most documents
load; the rules may still find a generated timeline inconsistent (`invalid` atoms): its
answers must be the same in every mode all the same.

`differences(scn, questions)` answers the questions three ways, as tests/test_demand.py does
for the seed scenarios, and says how the answers differ:
  normal       each question in a run of its own (what `rulecheck ask --ask Q` does: the fewest
               relevant points, only the logic files the question and the timeline's events call for)
  full_demand  the questions together, with every object relevant at every point (full_demand=1),
               the order of effects as facts (below)
  all_files    the questions together, with every logic file loaded (none on demand)
and, for the suite, two ways (QUICK): `normal` against
  reference    the questions together, with every object relevant at every point and every
               logic file loaded: both of the others at once, in one run (a difference there is
               a difference from one of them; `differences` with MODES then says which), and
               the order of effects (613.8b) as facts on a new grounding each round instead of
               external atoms of one (order_externals_up_to=0, logic/dependency.lp; full_demand
               has it too)

`load(doc)` builds a document (YAML text, as a user would write it) into a Scenario, or returns
None when the loader rejects it; `shrink(doc, still)` removes parts of a document while a
difference persists, for minimal reproductions.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable

import yaml
from hypothesis import strategies as st

import rulecheck.ask as ask_module
from rulecheck.cards import CardPool
from rulecheck.abilities import SELECTORS
from rulecheck.catalogue import catalogue
from rulecheck.criteria import CONDITIONS
from rulecheck.document import parse_yaml
from rulecheck.errors import UserError
from rulecheck.resources import logic_dir
from rulecheck.load import build_scenario
from rulecheck.events import EVENTS, VERBS as VERB_DEFINITIONS
from rulecheck.model import Scenario
from rulecheck.spec import Bool, Enum, Int, ListOf, MapOf, Ref, Spec, Text
from rulecheck.vocabulary import DELAYED, DOUBLING_LIMIT, OBJECT, PLAYER, STACK_ITEM, STEPS
from rulecheck.solve import programs_for

ROOT = Path(__file__).resolve().parent.parent
FILE = "<fuzz>"

# --- The card pool ---------------------------------------------------------------------------


@lru_cache(maxsize=1)
def seed_cards() -> tuple[dict, ...]:
    """Scryfall objects of scripted cards the built-in pool lacks, as the seed scenarios give
    them in `cards:` (Meddling Mage, Profane Procession), keyed once by name."""
    out: dict[str, dict] = {}
    for path in sorted((ROOT / "seeds" / "scenarios").rglob("*.yaml")):
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        for card in (doc or {}).get("cards") or []:
            if isinstance(card, dict) and card.get("name"):
                out.setdefault(card["name"], card)
    return tuple(out.values())


@lru_cache(maxsize=1)
def pool() -> CardPool:
    """The built-in pool plus the seed cards (for choosing cards and their faces here; the
    documents carry the seed cards in `cards:` themselves)."""
    p = CardPool.builtin()
    return p.extended(list(seed_cards()), "<seed cards>", "cards") if seed_cards() else p


@lru_cache(maxsize=1)
def builtin_pool() -> CardPool:
    return CardPool.builtin()


def _all_cards() -> list:
    return list(pool()._cards.values())   # noqa: SLF001 (the pool has no public listing)


@lru_cache(maxsize=1)
def scripted_abilities() -> dict[str, dict[str, list[str]]]:
    """Card name -> {"activated": [...], "triggered": [...]} from logic/cards/*.lp."""
    out: dict[str, dict[str, list[str]]] = {}
    pattern = re.compile(r'^(activated|triggered)_ability\("((?:[^"\\]|\\.)*)",\s*\w+,\s*"((?:[^"\\]|\\.)*)"\)', re.M)
    for path in sorted((logic_dir() / "cards").glob("*.lp")):
        for kind, card, name in pattern.findall(path.read_text(encoding="utf-8")):
            lists = out.setdefault(card, {"activated": [], "triggered": []})
            if name not in lists[kind]:
                lists[kind].append(name)
    return out


@lru_cache(maxsize=1)
def scripted_cards() -> frozenset[str]:
    names = set()
    for path in (logic_dir() / "cards").glob("*.lp"):
        names.update(re.findall(r'^\w+\("((?:[^"\\]|\\.)*)"', path.read_text(encoding="utf-8"), re.M))
    return frozenset(names)


def equip_abilities(card) -> list[str]:
    return [f"{k.name} {k.parameter}" if k.parameter else k.name
            for f in card.faces for k in f.keywords if k.name.lower().startswith("equip")]


# The mana abilities of the basic land types (305.6; logic/intrinsic_mana.lp), which a land has
# by its land types, whatever gave them (305.7).
BASIC_LAND_MANA = ("{T}: Add {W}.", "{T}: Add {U}.", "{T}: Add {B}.", "{T}: Add {R}.", "{T}: Add {G}.")


def activated_names(card) -> list[str]:
    lands = list(BASIC_LAND_MANA) if any("Land" in f.types for f in card.faces) else []
    return scripted_abilities().get(card.name, {}).get("activated", []) + equip_abilities(card) + lands


def triggered_names(card) -> list[str]:
    return scripted_abilities().get(card.name, {}).get("triggered", [])


@lru_cache(maxsize=1)
def card_names() -> tuple[str, ...]:
    return tuple(sorted(c.name for c in _all_cards()))


@lru_cache(maxsize=1)
def interesting_cards() -> tuple[str, ...]:
    """Cards with scripted abilities, double-faced and meld cards, tokens, Equipment, Auras,
    creatures with combat keywords: drawn more often than the rest of the pool."""
    out = []
    for c in _all_cards():
        subtypes = {s for f in c.faces for s in f.subtypes}
        keywords = {k.name.lower() for f in c.faces for k in f.keywords}
        if (c.name in scripted_cards() or len(c.faces) > 1 or c.is_token or c.layout == "meld"
                or subtypes & {"Equipment", "Aura"}
                or keywords & {"first strike", "double strike", "haste", "trample", "vigilance"}):
            out.append(c.name)
    return tuple(sorted(out))


@lru_cache(maxsize=1)
def face_names() -> tuple[str, ...]:
    names = {f.name for c in _all_cards() for f in c.faces}
    names |= {f"{f.name} Token" for c in _all_cards() if c.is_token for f in c.faces}
    return tuple(sorted(names))


def is_creature_card(name: str) -> bool:
    return any("Creature" in f.types for f in pool().find(name).faces)


# --- Vocabulary --------------------------------------------------------------------------------

PLAYERS = ("alice", "bob")
ZONES = ("battlefield",) * 6 + ("hand", "graveyard", "exile", "library", "stack", "command")
KEYWORDS = ("first_strike", "double_strike", "haste", "vigilance", "trample", "flying", "reach",
            "deathtouch", "lifelink", "wither", "infect", "indestructible", "hexproof", "shroud", "menace",
            "defender")
MANA_SYMBOLS = ("W", "U", "B", "R", "G", "C")
COUNTER_KINDS = ("+1/+1", "-1/-1", "+2/+0", "loyalty", "charge", "flying", "first strike", "indestructible")  # keyword counters: 122.1b
CRITERIA_WORDS = ("any", "creature", "type:land", "instant|sorcery", "permanent", "nonland",
                  "noncreature", "legendary", "nonlegendary", "red", "blue", "green|white",
                  "colorless", "monocolored", "multicolored", "Human", "non-Human", "Equipment",
                  "artifact", "enchantment", "planeswalker", "mv<=3", "mv=0", "mv>=4", "mv=1",
                  "transformed")
VERBS = tuple(EVENTS.variants)
# Questions whose answers read much of an object's state (characteristics after every layer,
# combat, activation): asked twice as often as the others.
BROAD_QUESTIONS = ("characteristics", "can_attack", "can_activate", "damage_steps")
OTHER_ABILITIES = ("Equip {3}", "Equip {0}", "transform", "{T}: Add {G}.", "{T}: Add {R}.", "no such ability")


def _ids(n: int) -> list[str]:
    return [f"o{i}" for i in range(1, n + 1)]


def chance(draw, n: int) -> bool:
    """True one time in n + 1. Hypothesis' simplest choice is False, so the simplest document
    has no optional field or option, and shrinking drops them."""
    return draw(st.integers(0, n)) == n


# --- Objects -----------------------------------------------------------------------------------

@st.composite
def card_name(draw, cards: tuple[str, ...] | None = None) -> str:
    if cards:
        return draw(st.sampled_from(cards))
    return draw(st.one_of(st.sampled_from(interesting_cards()), st.sampled_from(card_names())))


@st.composite
def object_doc(draw, oid: str, ids: list[str], players: tuple[str, ...], turn: int,
               placed: dict[str, str], cards: tuple[str, ...] | None = None) -> dict:
    """An object; `placed` has the zones of the objects drawn before it (and gets its own)."""
    name = draw(card_name(cards))
    card = pool().find(name)
    zone = draw(st.sampled_from(ZONES + ("none",)))
    placed[oid] = zone
    doc: dict[str, Any] = {}
    if zone == "none":
        # A token an event creates later (docs/adr/0002); without a card, it is created as a copy.
        if not chance(draw, 6):                   # without a card: a create event copies something
            doc["card"] = name
        doc["zone"] = "none"
        if draw(st.booleans()):
            doc["owner"] = draw(st.sampled_from(players))
        return doc
    doc["card"] = name
    if zone != "battlefield" or draw(st.booleans()):
        doc["zone"] = zone
    if chance(draw, 2):
        doc["owner"] = draw(st.sampled_from(players))
    others = [i for i in ids if i != oid]
    # Mostly the permanents of the scenario (ids drawn before this one know their zone).
    permanents = [i for i in others if i in placed and placed[i] == "battlefield"] or others
    shown = zone in ("battlefield", "stack")
    sides = [f.side for f in card.faces]
    if shown:
        if chance(draw, 3):
            doc["controller"] = draw(st.sampled_from(players))
        if "back" in sides and draw(st.booleans()):
            doc["face"] = "back"
        elif "front" in sides and chance(draw, 5):
            doc["face"] = "front"
    if not card.is_token and chance(draw, 5 if zone == "battlefield" else 30):
        doc["token"] = True
    # A copy of an object drawn before it: objects that copy each other are refused (707.2).
    earlier = [i for i in others if i in placed]
    if earlier and chance(draw, 6):
        earlier_permanents = [i for i in earlier if placed[i] == "battlefield"] or earlier
        doc["copy_of"] = draw(st.sampled_from(earlier if chance(draw, 3) else earlier_permanents))
    if chance(draw, 5):
        doc["counters"] = draw(st.dictionaries(st.sampled_from(COUNTER_KINDS), st.integers(0, 3),
                                               min_size=1, max_size=2))
    if zone == "battlefield":
        # (Equipment and Auras mostly equip or enchant a creature: documents() sees to it.)
        if others and chance(draw, 8):
            doc["attached_to"] = draw(st.sampled_from(others if chance(draw, 3) else permanents))
        if chance(draw, 4):
            doc["tapped"] = True
        if chance(draw, 8):
            doc["face_down"] = True
        if chance(draw, 3):
            doc["controlled_since"] = draw(st.integers(0, turn))
        if chance(draw, 6):
            doc["damage"] = draw(st.integers(0, 4))
    return doc


# --- The timeline ----------------------------------------------------------------------------

class _State:
    """What exists so far, as the loader sees it (bridge/load.py _timeline)."""

    def __init__(self, objects: dict[str, dict], players: tuple[str, ...], turn: int = 1):
        self.objects = objects
        self.players = players
        self.turn = turn                    # the current turn: the turn that begins is the next
        self.pending = [o for o, d in objects.items() if d.get("zone") == "none"]   # not created yet
        self.stack = [o for o, d in objects.items() if d.get("zone") == "stack"]
        self.delayed: list[str] = []
        self.doublings: dict = {}  # double events per object, double_life per ("life", player) (at most DOUBLING_LIMIT)

    def available(self) -> list[str]:
        return [o for o in self.objects if o not in self.pending]

    def creatures(self) -> list[str]:
        """Creatures that are (or were created) on the battlefield: combat's usual cast."""
        return [o for o in self.available() if self.objects[o].get("zone", "battlefield") in ("battlefield", "none")
                and self.card(o) is not None and any("Creature" in f.types for f in self.card(o).faces)]

    def card(self, oid: str):
        name = self.objects[oid].get("card")
        return pool().find(name) if name else None

    def castable(self) -> list[str]:
        # (Not split or adventurer cards: their halves are a and b, and `cast` takes front or
        # back only, so the loader rejects casting them.)
        return [o for o in self.available() if self.objects[o].get("card") and not self.objects[o].get("token")
                and not (self.objects[o].get("zone") == "none") and not self.card(o).is_token
                and any(f.side == "front" for f in self.card(o).faces)]


# --- Events drawn from their definitions (bridge/events.py) ----------------------------------
# Each field's spec says what its value is (an object, a player, an item on the stack, a
# number, one of some words) and _State what exists at that entry. A verb with no branch in
# hand_event is drawn this way alone: a new verb is fuzzed without an edit here. The branches
# are for verbs whose values depend on the timeline so far (what is on the stack, the tokens not
# created yet, the turn, the doubling limit) or are narrower than their format (a card's ability
# names, creatures for combat); the optional fields a branch leaves out (HAND_FIELDS) are drawn
# from their spec now and then, so a new field of such a verb is fuzzed too.

# Words for a text field: keywords (gain, lose), counter kinds, creature types (chosen_type).
TEXT_WORDS = KEYWORDS + COUNTER_KINDS + ("Human", "Goblin", "Elf")

# The fields each hand-written branch decides (drawn from the spec otherwise).
HAND_FIELDS: dict[str, set[str]] = {
    "cast": {"face", "transformed", "by"},
    "activate": {"ability", "target", "id", "mana"},
    "trigger": {"ability", "id"},
    "resolve": {"transformed", "as_copy_of", "creates", "reveal", "finds_nothing", "targets"},
    "delay": {"effect", "id"},
    "create": {"copy_of", "as_copy_of", "enters_with", "controller"},
    "copy": {"of", "until"},
    "move": {"to", "transformed", "as_copy_of", "controller", "base_pt", "colors", "creature_type", "gains",
             "loses_all_abilities"},
    "attack": {"target"},
    "declare_attackers": set(),
    "block": {"attacker"},
    "declare_blockers": set(),
    "begin": {"divide"},
    "begin_turn": {"active", "skip_untap"},
    "gain": {"ability", "until"},
    "lose": {"ability", "until"},
    "attach": {"to"},
    "counters": {"add", "remove"},
    "pump": {"power", "toughness", "until"},
    "set_base_pt": {"power", "toughness", "until"},
    "double": {"characteristic", "until"},
    "double_life": set(),
    "choose_name": {"name"},
    "gain_control": {"player", "until", "source", "as_long_as"},
    "change_text": {"from", "to"},
}
# Words a text change may change, by kind (612.2; bridge/vocabulary.py text_word_kind).
TEXT_CHANGE_WORDS = (("white", "blue", "black", "red", "green"), ("Plains", "Island", "Swamp", "Mountain", "Forest"),
                     ("Human", "Goblin", "Elf", "Bear"))


def spec_value(draw, spec: Spec, state: "_State", index: int, name: str) -> Any:
    """A value of the spec, of what exists at entry `index`; None when nothing does."""
    if isinstance(spec, Ref):
        choices = [x for kind in spec.kinds for x in {
            OBJECT: state.available(), PLAYER: list(state.players), STACK_ITEM: state.stack,
            DELAYED: state.delayed}.get(kind, [])]
        return draw(st.sampled_from(choices)) if choices else None
    if isinstance(spec, Text):
        # An id names something new (bridge/events.py Timeline.new_id).
        return f"s{index}" if name == "id" else draw(st.sampled_from(TEXT_WORDS))
    if isinstance(spec, Enum):
        return draw(st.sampled_from(spec.values))
    if isinstance(spec, Bool):
        return True                     # false is what leaving it out says
    if isinstance(spec, Int):
        low = spec.minimum if spec.minimum is not None else -3
        return draw(st.integers(low, max(low, 0) + 6))
    if isinstance(spec, ListOf):
        items = [spec_value(draw, spec.item, state, index, name) for _ in range(draw(st.integers(1, 2)))]
        return [x for x in items if x is not None] or None
    if isinstance(spec, MapOf):
        # Keyed by objects when its values name or map things (declarations), else by counter kind.
        keys = state.available() if isinstance(spec.value, (Ref, MapOf)) else list(COUNTER_KINDS)
        if not keys:
            return None
        chosen = draw(st.lists(st.sampled_from(keys), min_size=1, max_size=2, unique=True))
        out = {k: spec_value(draw, spec.value, state, index, name) for k in chosen}
        return {k: v for k, v in out.items() if v is not None} or None
    raise AssertionError(f"no way to draw a value of {type(spec).__name__} (field {name})")


def fields_event(draw, state: "_State", index: int, verb: str, ev: dict | None = None) -> dict | None:
    """The event with its verb's fields drawn from their specs: the required ones it lacks, and
    now and then an optional one (not those its hand-written branch decides). None when a
    required field has nothing to name."""
    ev = {} if ev is None else ev
    for name, f in VERB_DEFINITIONS[verb].record.fields.items():
        if name in ev or (not f.required and (name in HAND_FIELDS.get(verb, ()) or not chance(draw, 5))):
            continue
        value = spec_value(draw, f.spec, state, index, name)
        if value is None:
            if f.required:
                return None
            continue
        ev[name] = value
    return ev


@st.composite
def event_doc(draw, state: _State, index: int, verb: str) -> dict | None:
    """One event of that verb at timeline entry `index`, or None when nothing can do it: its
    hand-written branch if it has one, its definition's fields otherwise."""
    if verb in HAND_FIELDS:
        ev = draw(hand_event(state, index, verb))
        return None if ev is None else fields_event(draw, state, index, verb, ev)
    return fields_event(draw, state, index, verb)


@st.composite
def hand_event(draw, state: _State, index: int, verb: str) -> dict | None:
    """The verbs drawn by hand (HAND_FIELDS), or None when nothing can do it."""
    avail = state.available()
    players = list(state.players)
    if not avail and verb not in ("begin", "begin_turn", "create", "resolve", "trigger"):
        return None
    obj = lambda: draw(st.sampled_from(avail))                       # noqa: E731
    obj_or_player = lambda: draw(st.sampled_from(avail + players))   # noqa: E731
    player = lambda: draw(st.sampled_from(players))                  # noqa: E731
    maybe = lambda n=2: chance(draw, n)                              # noqa: E731
    fighters = state.creatures()
    pool_ = fighters if fighters and not maybe(3) else avail
    fighter = lambda: draw(st.sampled_from(pool_))                   # noqa: E731

    if verb == "cast":
        castable = state.castable()
        if not castable:
            return None
        x = draw(st.sampled_from(castable))
        card = state.card(x)
        ev: dict[str, Any] = {"cast": x}
        sides = [f.side for f in card.faces]
        if "back" in sides and maybe(1):
            if maybe(1):
                ev["face"] = "back"
            else:
                ev["transformed"] = True
        elif maybe(3):
            ev["face"] = "front"            # the default, written out
        if maybe(3):
            ev["by"] = player()
        state.stack.append(x)
        return ev
    if verb == "activate":
        x = obj()
        card = state.card(x)
        names = activated_names(card) if card else []
        ability = draw(st.sampled_from(names)) if names and not maybe(5) else draw(st.sampled_from(OTHER_ABILITIES))
        ev = {"activate": x, "ability": ability}
        if maybe(1):
            ev["target"] = obj_or_player()
        if maybe(1):
            ev["id"] = f"s{index}"
        if maybe(1):
            ev["mana"] = draw(st.sampled_from(MANA_SYMBOLS))
        if maybe(3):
            # The object a cost exiles (602.2b, 601.2h: Food Chain's creature; on another ability
            # the rules report it, 118.3).
            ev["exile"] = fighter()
        state.stack.append(ev.get("id", f"#{index}"))
        return ev
    if verb == "trigger":
        if state.delayed and maybe(1):
            ev = {"trigger": draw(st.sampled_from(state.delayed))}
        else:
            if not avail:
                return None
            x = obj()
            card = state.card(x)
            names = triggered_names(card) if card else []
            ability = draw(st.sampled_from(names)) if names and not maybe(5) else "upkeep: reveal"
            ev = {"trigger": x, "ability": ability}
        if maybe(1):
            ev["id"] = f"s{index}"
        state.stack.append(ev.get("id", f"#{index}"))
        return ev
    if verb == "resolve":
        if not state.stack:
            return None
        # Mostly the top of the stack; resolving something else is reported by the rules.
        item = state.stack[-1] if not maybe(4) else draw(st.sampled_from(state.stack))
        ev = {"resolve": item}
        if item in state.stack:
            state.stack.remove(item)
        if maybe(3):
            ev["transformed"] = True
        if avail and maybe(4):
            ev["as_copy_of"] = obj()
        if state.pending and maybe(2):
            k = draw(st.integers(1, len(state.pending)))
            ev["creates"] = state.pending[:k]
            state.pending = state.pending[k:]
        if avail and maybe(4):
            ev["reveal"] = obj()
        elif maybe(5):
            ev["finds_nothing"] = True              # never with reveal: (701.23b; the loader refuses both)
        if maybe(2):
            ev["targets"] = draw(st.lists(st.sampled_from(avail + players), min_size=1, max_size=2))
        if maybe(3):
            # The mode chosen for a modal spell (700.2a: Healing Salve, Choose Your Weapon); on
            # another item, or past its modes, the rules report it.
            ev["mode"] = draw(st.integers(1, 3))
        return ev
    if verb == "delay":
        ev = {"delay": obj(), "effect": draw(st.sampled_from(["transform", "convert"])), "id": f"d{index}"}
        state.delayed.append(ev["id"])
        return ev
    if verb == "create":
        if not state.pending:
            return None
        t = state.pending[0]
        cardless = not state.objects[t].get("card")
        if cardless and not avail:
            return None                     # nothing to copy yet
        state.pending.pop(0)
        ev = {"create": t}
        if avail and (cardless or maybe(2)):
            if cardless or maybe(1):
                ev["copy_of"] = obj()
            else:
                ev["as_copy_of"] = obj()
        if maybe(2):
            ev["enters_with"] = {"+1/+1": draw(st.integers(1, 3))}
        if maybe(3):
            ev["controller"] = player()
        return ev
    if verb == "copy":
        if len(avail) < 2:
            return None
        x, y = draw(st.lists(st.sampled_from(avail), min_size=2, max_size=2, unique=True))
        ev = {"copy": x, "of": y}
        if maybe(1):
            ev["until"] = draw(st.sampled_from(["end_of_turn", "indefinitely"]))
        return ev
    if verb == "move":
        x = obj()
        to = draw(st.sampled_from(["battlefield", "battlefield", "hand", "graveyard", "exile", "library", "stack", "command"]))
        ev = {"move": x, "to": to}
        if to == "battlefield":
            if maybe(2):
                ev["transformed"] = True
            if maybe(4):
                ev["as_copy_of"] = obj()
            if maybe(3):
                ev["controller"] = player()
            if maybe(4):        # 611.2e, 613.7n (logic/effects.lp)
                ev["base_pt"] = {"power": draw(st.integers(0, 4)), "toughness": draw(st.integers(0, 4))}
            if maybe(4):        # the same effect's other characteristics (611.2e, 613.7n)
                ev["colors"] = draw(st.lists(st.sampled_from(["white", "blue", "black", "red", "green"]),
                                             min_size=1, max_size=2, unique=True))
            if maybe(4):
                ev["creature_type"] = draw(st.sampled_from(["Frog", "Human", "Elf"]))
            if maybe(4):
                ev["gains"] = draw(st.lists(st.sampled_from(KEYWORDS), min_size=1, max_size=2, unique=True))
            if maybe(3):
                ev["loses_all_abilities"] = True
        return ev
    defender = lambda: draw(st.sampled_from(players)) if not maybe(4) else obj_or_player()   # noqa: E731
    if verb == "attack":
        return {"attack": fighter(), "target": defender()}
    if verb == "declare_attackers":
        attackers = draw(st.lists(st.sampled_from(pool_), min_size=0, max_size=3, unique=True))
        return {"declare_attackers": {a: defender() for a in attackers}}
    if verb == "block":
        return {"block": fighter(), "attacker": fighter()}
    if verb == "declare_blockers":
        blockers = draw(st.lists(st.sampled_from(pool_), min_size=0, max_size=3, unique=True))
        return {"declare_blockers": {b: fighter() for b in blockers}}
    if verb == "begin":
        step = draw(st.sampled_from(tuple(s for s in STEPS if s != "untap") + ("combat_damage",) * 4))
        ev = {"begin": step}
        if step == "combat_damage" and avail and maybe(2):
            creature = fighter()
            recipients = [r for r in avail + players if r != creature]
            chosen = draw(st.lists(st.sampled_from(recipients), min_size=1, max_size=2, unique=True))
            ev["divide"] = {creature: {r: draw(st.integers(0, 4)) for r in chosen}}
        return ev
    if verb == "begin_turn":
        state.turn += 1
        ev = {"begin_turn": state.turn, "active": player()}
        if maybe(2):
            ev["skip_untap"] = True
        return ev
    if verb in ("gain", "lose"):
        ev = {verb: fighter(), "ability": draw(st.sampled_from(KEYWORDS))}
        if maybe(1):
            ev["until"] = draw(st.sampled_from(["end_of_turn", "indefinitely"]))
        return ev
    if verb == "gain_control":
        # A "for as long as" duration names its source, another object, and its conditions.
        x = obj()
        ev = {"gain_control": x, "player": player()}
        until = draw(st.sampled_from(["end_of_turn", "your_next_turn", "as_long_as", "indefinitely"]))
        others = [o for o in avail if o != x]
        if until == "as_long_as" and others:
            ev.update(until=until, source=draw(st.sampled_from(others)),
                      as_long_as=draw(st.lists(st.sampled_from(["you_control_source", "source_tapped"]),
                                               min_size=1, max_size=2, unique=True)))
        elif until != "as_long_as":
            ev["until"] = until
        return ev
    if verb == "change_text":
        words = draw(st.sampled_from(TEXT_CHANGE_WORDS))
        f, t = draw(st.lists(st.sampled_from(words), min_size=2, max_size=2, unique=True))
        return {"change_text": obj(), "from": f, "to": t}
    if verb == "attach":
        if len(avail) < 2:
            return None
        equipment = [o for o in avail if {"Equipment", "Aura"} & {s for f in (state.card(o).faces if state.card(o) else ()) for s in f.subtypes}]
        x = draw(st.sampled_from(equipment)) if equipment and not maybe(3) else obj()
        to = draw(st.sampled_from([o for o in avail if o != x]))
        return {"attach": x, "to": to}
    if verb == "counters":
        ev = {"counters": obj()}
        if not maybe(3):
            ev["add"] = draw(st.dictionaries(st.sampled_from(COUNTER_KINDS), st.integers(1, 3), min_size=1, max_size=2))
        if "add" not in ev or maybe(3):
            ev["remove"] = draw(st.dictionaries(st.sampled_from(COUNTER_KINDS), st.integers(1, 3), min_size=1, max_size=1))
        return ev
    if verb in ("pump", "set_base_pt"):
        ev = {verb: fighter(), "power": draw(st.integers(-3, 3)), "toughness": draw(st.integers(-3, 3))}
        if maybe(1):
            ev["until"] = draw(st.sampled_from(["end_of_turn", "indefinitely"]))
        return ev
    if verb == "double":
        x = fighter()
        state.doublings[x] = state.doublings.get(x, 0) + 1
        if state.doublings[x] > DOUBLING_LIMIT:
            return None
        ev = {"double": x}
        if maybe(1):
            ev["characteristic"] = draw(st.sampled_from(["power", "toughness", "power_and_toughness"]))
        if maybe(1):
            ev["until"] = draw(st.sampled_from(["end_of_turn", "indefinitely"]))
        return ev
    if verb == "double_life":
        pl = player()
        state.doublings[("life", pl)] = state.doublings.get(("life", pl), 0) + 1
        if state.doublings[("life", pl)] > DOUBLING_LIMIT:
            return None
        return {"double_life": pl}
    if verb == "choose_name":
        name = draw(st.one_of(st.sampled_from(face_names()), st.sampled_from(card_names()),
                              st.just("Not A Card")))
        return {"choose_name": obj(), "name": name}
    return None         # no branch above: drawn from its definition alone (event_doc)


# --- Questions -------------------------------------------------------------------------------

def _criteria(draw) -> str:
    if chance(draw, 5):
        return "none"
    return " ".join(draw(st.lists(st.sampled_from(CRITERIA_WORDS), min_size=1, max_size=3, unique=True)))


@st.composite
def question_doc(draw, name: str, ids: list[str], objects: dict[str, dict], players: tuple[str, ...],
                 entries: int, focus: list[str] | None = None) -> dict:
    """A question; its objects are often among `focus` (what the scenario does something to)."""
    q: dict[str, Any] = {"ask": name}
    obj_ids = focus if focus and not chance(draw, 2) else ids
    for p in catalogue()[name].params:
        if p.kind == "object":
            if name in ("can_activate", "equip_targets") and p.name == "object":
                # Mostly objects with an ability of that kind.
                with_ability = [o for o in obj_ids if objects[o].get("card")
                                and activated_names(pool().find(objects[o]["card"]))]
                q[p.name] = draw(st.sampled_from(with_ability or obj_ids)) if with_ability and draw(st.booleans()) \
                    else draw(st.sampled_from(obj_ids))
            else:
                q[p.name] = draw(st.sampled_from(obj_ids))
        elif p.kind == "object_or_card":
            q[p.name] = draw(st.one_of(st.sampled_from(obj_ids), st.sampled_from(card_names())))
        elif p.kind == "player":
            q[p.name] = draw(st.sampled_from(players))
        elif p.kind == "object_or_player":
            q[p.name] = draw(st.one_of(st.sampled_from(obj_ids), st.sampled_from(players)))
        elif p.kind == "blocks":
            blockers = draw(st.lists(st.sampled_from(ids), min_size=1, max_size=3, unique=True))
            q[p.name] = {b: draw(st.sampled_from(ids)) for b in blockers}
        elif p.kind == "attacks":
            attackers = draw(st.lists(st.sampled_from(ids), min_size=0, max_size=3, unique=True))
            q[p.name] = {a: draw(st.sampled_from(ids + list(players))) for a in attackers}
        elif p.kind == "number":
            q[p.name] = draw(st.integers(1, max(1, entries)))
        elif p.kind == "side":
            # A face of the object's card (a question naming a face it lacks is refused).
            oid = q.get("object")
            card = pool().find(objects[oid]["card"]) if oid and objects[oid].get("card") else None
            q[p.name] = draw(st.sampled_from([f.side for f in card.faces] if card else ["front", "back"]))
        elif p.kind == "mana_type":
            q[p.name] = draw(st.sampled_from(MANA_SYMBOLS))
        elif p.kind == "criteria":
            if p.default is not None and draw(st.booleans()):
                continue
            q[p.name] = _criteria(draw)
        elif p.kind == "condition":
            q[p.name] = draw(st.one_of(st.sampled_from(CONDITIONS),
                                       st.sampled_from(face_names()).map(lambda n: f"transforms_into:{n}")))
        elif p.kind == "name" or p.kind == "card":
            q[p.name] = draw(st.one_of(st.sampled_from(face_names()), st.sampled_from(card_names())))
        elif p.kind == "text":
            if p.default is not None and draw(st.booleans()):
                continue            # can_target without an ability: the card's spell
            oid = q.get("object")
            card = pool().find(objects[oid]["card"]) if oid and objects[oid].get("card") else None
            names = activated_names(card) if card else []
            q[p.name] = draw(st.sampled_from(names)) if names and not chance(draw, 4) else \
                draw(st.sampled_from(OTHER_ABILITIES))
        else:
            raise AssertionError(f"no generator for parameter kind {p.kind!r}")
    if draw(st.integers(0, 2)):
        q["at"] = draw(st.integers(0, entries))
    return q


# --- Documents -----------------------------------------------------------------------------

# Stated abilities (abilities:, bridge/abilities.py): every selector but `you` (whose grants
# are a player's), and grants of each kind, drawn for cards of the document's objects.
STATED_SELECTORS = tuple(s for s in SELECTORS if s != "you")
STATED_GRANTS = ({"pt": [1, 1]}, {"pt": [-1, 0]}, {"set_pt": [3, 3]}, {"set_pt_to_mana_value": "true"},
                 {"gain": "flying"}, {"gain": "first strike"}, {"lose": "flying"}, {"type": "creature"},
                 {"type": "artifact"}, {"type": "enchantment"}, {"not_type": "creature"}, {"not_type": "artifact"},
                 {"land_type": "Mountain"}, {"add_land_type": "Swamp"}, {"lose_all_abilities": "true"},
                 {"color": "red"}, {"creature_type": "Elf"}, {"add_creature_type": "Saproling"},
                 {"cant": "block"}, {"must": "attack"})


@st.composite
def stated_abilities(draw, objects: dict[str, dict]) -> list[dict]:
    """One or two static abilities stated for cards the objects have (layers 4 to 7, and the
    combat restrictions): what they select and grant is what the differential test compares."""
    # (A stated ability is on a front or back face: not an adventurer's, whose faces are a and b.)
    cards = sorted({o["card"] for o in objects.values() if o.get("card") and pool().find(o["card"]).faces[0].side == "front"})
    if not cards:
        return []
    out = []
    for _ in range(draw(st.integers(1, 2))):
        grants = draw(st.lists(st.sampled_from(STATED_GRANTS), min_size=1, max_size=2, unique_by=str))
        out.append({"card": draw(st.sampled_from(cards)), "affects": draw(st.sampled_from(STATED_SELECTORS)),
                    "grants": [dict(g) for g in grants]})
    return out


@st.composite
def documents(draw, max_objects: int = 8, max_entries: int = 10, max_questions: int = 4,
              cards: tuple[str, ...] | None = None, questions: tuple[str, ...] | None = None) -> dict:
    """A scenario document: 2..max_objects objects, 0..max_entries timeline entries (and the
    entries that create the tokens declared with zone: none), 1..max_questions questions.
    cards, questions: draw only from these cards (full names) and question kinds (default:
    the whole pool, mostly its interesting cards, and the whole catalogue)."""
    players = PLAYERS + (("carol",) if chance(draw, 9) else ())
    turn_number = draw(st.integers(1, 6))
    doc: dict[str, Any] = {"rules": "2026-09-25", "players": list(players)}
    if draw(st.integers(0, 1)):
        doc["turn"] = {"number": turn_number, "active": draw(st.sampled_from(players)),
                       "step": draw(st.sampled_from(STEPS + ("precombat_main", "declare_attackers") * 2))}
    if chance(draw, 5):
        doc["life"] = {draw(st.sampled_from(players)): draw(st.integers(0, 20))}
    n = draw(st.integers(2, max_objects))
    ids = _ids(n)
    objects: dict[str, dict] = {}
    placed: dict[str, str] = {}
    for oid in ids:
        objects[oid] = draw(object_doc(oid, ids, players, turn_number, placed, cards))
    # Equipment and Auras on the battlefield mostly equip or enchant a creature there.
    def on_battlefield(o: str) -> bool:
        return objects[o].get("zone", "battlefield") == "battlefield" and bool(objects[o].get("card"))
    creatures = [o for o in ids if on_battlefield(o) and is_creature_card(objects[o]["card"])]
    for oid in ids:
        obj = objects[oid]
        if on_battlefield(oid) and "attached_to" not in obj and not chance(draw, 3):
            subtypes = {s for f in pool().find(obj["card"]).faces for s in f.subtypes}
            targets = [o for o in creatures if o != oid]
            if subtypes & {"Equipment", "Aura"} and targets:
                obj["attached_to"] = draw(st.sampled_from(targets))
    doc["objects"] = objects
    # A player's whole library, top card first (logic/library.lp): the objects in zone library they
    # own, in a drawn order (a player left out has an unknown library).
    for pl in players:
        if chance(draw, 2):
            cards_ = [o for o in ids if objects[o].get("zone") == "library" and objects[o].get("owner", players[0]) == pl]
            doc.setdefault("libraries", {})[pl] = draw(st.permutations(cards_))
    if chance(draw, 3):
        abilities = draw(stated_abilities(objects))
        if abilities:
            doc["abilities"] = abilities

    state = _State(objects, players, doc["turn"]["number"] if "turn" in doc else 1)
    timeline: list[dict] = []
    length = draw(st.integers(0, max_entries))
    while len(timeline) < length:
        # Every verb alike, but what was put on the stack often resolves soon.
        verb = "resolve" if state.stack and chance(draw, 3) else draw(st.sampled_from(VERBS))
        ev = draw(event_doc(state, len(timeline) + 1, verb))
        if ev is not None:
            timeline.append(ev)
    while state.pending:                              # every token declared with zone: none is created
        ev = draw(event_doc(state, len(timeline) + 1, "create"))
        if ev is None:                                # a cardless token and nothing to copy
            t = state.pending.pop(0)
            objects[t]["card"] = draw(card_name(cards))
            state.pending.insert(0, t)
            continue
        timeline.append(ev)
    if timeline:
        doc["timeline"] = timeline

    # Every question of the catalogue; those that read the most state twice as often.
    kinds = sorted(questions or catalogue())
    kinds += [k for k in kinds if k in BROAD_QUESTIONS]
    names = draw(st.lists(st.sampled_from(kinds), min_size=1, max_size=max_questions))
    # What the scenario does something to: what is attached to something or has something
    # attached, and what the timeline names.
    focus = [o for o in ids if objects[o].get("attached_to") or any(objects[x].get("attached_to") == o for x in ids)
             or any(_mentions(ev, o) for ev in timeline)]
    doc["questions"] = [draw(question_doc(q, ids, objects, players, len(timeline), focus)) for q in names]
    # The seed cards the document uses (objects, questions' card names) come in its `cards:`.
    own = [dict(c) for c in seed_cards() if _mentions(objects, c["name"]) or _mentions(doc["questions"], c["name"])]
    if own:
        doc["cards"] = own
    order = ("rules", "players", "life", "turn", "cards", "abilities", "objects", "timeline", "questions")
    return {k: doc[k] for k in order if k in doc}


def asks_about_equipped(doc: dict) -> bool:
    """An Equipment (its face up) on the battlefield is attached to a creature card on the
    battlefield that a question asks about: for tests that need an Equipment's effect asked about."""
    objects = doc.get("objects", {})

    def on_battlefield(o: dict) -> bool:
        return o.get("zone", "battlefield") == "battlefield" and not o.get("face_down") and bool(o.get("card"))

    for obj in objects.values():
        target = objects.get(obj.get("attached_to") or "")
        if not target or not on_battlefield(obj) or not on_battlefield(target):
            continue
        card = pool().find(obj["card"])
        side = obj.get("face", card.faces[0].side)
        face = next((f for f in card.faces if f.side == side), card.faces[0])
        if "Equipment" in face.subtypes and is_creature_card(target["card"]) and any(
                q.get("object") == obj["attached_to"] for q in doc.get("questions", [])):
            return True
    return False


# --- Loading -----------------------------------------------------------------------------------

def to_yaml(doc: dict) -> str:
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=100, default_flow_style=None)


def load(doc: dict | str, file: str = FILE) -> Scenario | None:
    """The scenario the document describes, as the loader builds it from YAML text; None if
    the loader rejects it (UserError: ScenarioError, CardDataError)."""
    text = doc if isinstance(doc, str) else to_yaml(doc)
    try:
        return build_scenario(parse_yaml(text, file), file, builtin_pool())
    except UserError:
        return None


def load_error(doc: dict) -> str | None:
    """Why the loader rejects a document (None: it loads). For tuning the generator."""
    try:
        build_scenario(parse_yaml(to_yaml(doc), FILE), FILE, builtin_pool())
    except UserError as exc:
        return str(exc)
    return None


# --- The differential check -----------------------------------------------------------------

MODES = ("normal", "full_demand", "all_files")
QUICK = ("normal", "reference")


_POINT = re.compile(r" \((?:in the initial state|at [^()]*)\)$")


def outcomes(ans, points: bool = False) -> tuple:
    """As tests/test_demand.py compares answers: each outcome's value, rules and reasons, and
    what the rules found invalid. Without `points`, an invalid atom's point is left out (and
    the list is a sorted set): the rules report some (unknown protection quality, ...) at
    every relevant point of the object, which full_demand makes every point."""
    invalid = list(ans.invalid) if points else sorted({_POINT.sub("", i) for i in ans.invalid})
    return sorted((repr(o.value), tuple(o.rules), tuple(o.because)) for o in ans.outcomes), invalid


@contextmanager
def every_logic_file():
    """rulecheck.ask loads every logic file, none on demand (as tests/test_demand.py does with
    monkeypatch)."""
    saved = ask_module.programs_for
    ask_module.programs_for = lambda programs, logic=None: programs_for(programs)
    try:
        yield
    finally:
        ask_module.programs_for = saved


def _try(fn: Callable[[], list]) -> list | BaseException:
    try:
        return fn()
    except Exception as exc:   # noqa: BLE001: any failure is a finding
        return exc


def answers(scn: Scenario, questions: list, mode: str, time_limit: float = 20.0) -> list:
    """The answers in one mode; an exception in a question's run is its answer."""
    if mode == "normal":
        out = []
        for q in questions:
            got = _try(lambda q=q: ask_module.answer_all(scn, [q], time_limit=time_limit))
            out.append(got if isinstance(got, BaseException) else got[0])
        return out
    if mode == "full_demand":
        got = _try(lambda: ask_module.answer_all(scn, questions, time_limit=time_limit,
                                                 constants={"full_demand": 1, "order_externals_up_to": 0}))
    elif mode == "all_files":
        with every_logic_file():
            got = _try(lambda: ask_module.answer_all(scn, questions, time_limit=time_limit))
    elif mode == "reference":
        with every_logic_file():
            got = _try(lambda: ask_module.answer_all(scn, questions, time_limit=time_limit,
                                                     constants={"full_demand": 1, "order_externals_up_to": 0}))
    else:
        raise ValueError(mode)
    return [got] * len(questions) if isinstance(got, BaseException) else got


def _show(value) -> str:
    if isinstance(value, BaseException):
        return f"raised {type(value).__name__}: {value}"
    vals, _ = outcomes(value)
    parts = [f"{v} rules={list(rules)} because={list(because)}" for v, rules, because in vals]
    return " | ".join(parts) if parts else "(no outcome)"


class Difference(str):
    """A human-readable difference, with what it is about (for summaries and shrinking).

    kind: "answer" (value, rules or because differ), "invalid" (what the rules found invalid
    differs), "invalid_points" (only the points of invalid atoms differ: reported only when
    asked for), "exception" (a mode raised)."""

    question: str      # the question's kind
    label: str         # the question as `rulecheck ask --ask` takes it, with at=
    modes: tuple[str, str]
    kind: str

    @classmethod
    def make(cls, text: str, question, modes: tuple[str, str], kind: str) -> "Difference":
        d = cls(text)
        d.question = question.ask
        d.label = ask_text(question)
        d.modes = modes
        d.kind = kind
        return d

    @property
    def key(self) -> tuple:
        """What kind of difference it is. The invalid list is the run's, not the question's:
        for those the question doesn't matter."""
        if self.kind in ("invalid", "invalid_points"):
            return ("*", self.modes, self.kind)
        return (self.question, self.modes, self.kind)


def ask_text(question) -> str:
    """A question as `rulecheck ask --ask` takes it."""
    import shlex
    words = [question.ask] + [shlex.quote(str(v)) for v in question.params.values()] + [f"at={question.at}"]
    return " ".join(words)


def _listed(items: list[str], most: int = 6) -> str:
    shown = items[:most]
    return repr(shown)[:-1] + (f", ... {len(items) - most} more]" if len(items) > most else "]")


def _compare(q, base, other, mode: str, points: bool) -> list[Difference]:
    out = []
    (vb, ib), (vo, io) = outcomes(base), outcomes(other)
    if vb != vo:
        out.append(Difference.make(
            f"{ask_text(q)}: the answer differs\n    normal:      {_show(base)}\n    {mode + ':':12} {_show(other)}",
            q, ("normal", mode), "answer"))
    kind = "invalid"
    if ib == io and points:                     # the same things invalid, at other points?
        (_, ib), (_, io) = outcomes(base, True), outcomes(other, True)
        kind = "invalid_points"
    if ib != io:
        only_b = [i for i in ib if i not in io]
        only_o = [i for i in io if i not in ib]
        what = "what the rules find invalid differs" if kind == "invalid" else \
            "the points at which the rules find something invalid differ"
        out.append(Difference.make(
            f"{ask_text(q)}: {what}\n    only in normal:      {_listed(only_b)}\n"
            f"    only in {mode + ':':12} {_listed(only_o)}", q, ("normal", mode), kind))
    return out


def differences(scn: Scenario, questions: Iterable | None = None, time_limit: float = 20.0,
                points: bool = False, modes: tuple[str, ...] = MODES) -> list[Difference]:
    """How the answers differ between the modes (MODES, or QUICK), each compared with the first,
    `normal`; an exception in any mode is a difference too. Empty: every question has the same
    answer every way. points: compare the points of invalid atoms too (see outcomes)."""
    questions = list(scn.questions if questions is None else questions)
    got = {mode: answers(scn, questions, mode, time_limit) for mode in modes}
    out: list[Difference] = []
    for i, q in enumerate(questions):
        base = got["normal"][i]
        for mode in modes:
            value = got[mode][i]
            if isinstance(value, BaseException):
                out.append(Difference.make(f"{ask_text(q)}: {mode} {_show(value)}", q, (mode, mode), "exception"))
        for mode in modes[1:]:
            other = got[mode][i]
            if not isinstance(base, BaseException) and not isinstance(other, BaseException):
                out.extend(_compare(q, base, other, mode, points))
    return out


# --- Shrinking ---------------------------------------------------------------------------------

def _copy(doc: dict) -> dict:
    return yaml.safe_load(to_yaml(doc))


def _mentions(value: Any, name: str) -> bool:
    if isinstance(value, str):
        return value == name
    if isinstance(value, list):
        return any(_mentions(v, name) for v in value)
    if isinstance(value, dict):
        return any(k == name or _mentions(v, name) for k, v in value.items())
    return False


def _drop_entries(doc: dict, drop: set[int]) -> dict | None:
    """The document without the timeline entries `drop` (1-based); `at` and `entry` of the
    questions move down with the entries after them (None: a question is about a dropped entry)."""
    new = _copy(doc)
    timeline = [ev for i, ev in enumerate(new.get("timeline") or [], 1) if i not in drop]
    if timeline:
        new["timeline"] = timeline
    else:
        new.pop("timeline", None)
    for q in new.get("questions", []):
        if "at" in q:
            q["at"] -= sum(1 for i in drop if i <= q["at"])
        if "entry" in q:
            if q["entry"] in drop:
                return None
            q["entry"] -= sum(1 for i in drop if i < q["entry"])
    return new


def _with_followers(doc: dict, i: int) -> set[int]:
    """Entry i and the later entries that refer to what it put on the stack or created."""
    timeline = doc.get("timeline") or []
    ev = timeline[i - 1]
    verb = next(iter(ev))
    names = []
    if verb in ("activate", "trigger"):
        names.append(ev.get("id", f"#{i}"))
    elif verb == "delay":
        names.append(ev["id"])
    elif verb == "cast":
        names.append(ev["cast"])
    out = {i}
    for j in range(i + 1, len(timeline) + 1):
        later = timeline[j - 1]
        if any(later.get(k) == n for n in names for k in ("resolve", "trigger")):
            out.add(j)
    return out


def _without_object(doc: dict, oid: str) -> dict | None:
    """The document without object oid and everything that names it."""
    drop = {i for i, ev in enumerate(doc.get("timeline") or [], 1) if _mentions(ev, oid)}
    new = _drop_entries(doc, drop) if drop else _copy(doc)
    if new is None:
        return None
    del new["objects"][oid]
    for obj in new["objects"].values():
        for key in ("copy_of", "attached_to"):
            if obj.get(key) == oid:
                del obj[key]
    new["questions"] = [q for q in new.get("questions", []) if not _mentions(q, oid)]
    if not new["questions"] or len(new["objects"]) < 1:
        return None
    return new


SIMPLE_CARD = "Grizzly Bears"
PLAIN_QUESTION = {"ask": "life", "player": "alice"}


def _candidates(doc: dict) -> Iterable[dict]:
    qs = doc.get("questions", [])
    n = len(doc.get("timeline") or [])
    for oid in list(doc.get("objects", {})):             # fewer objects, and what names them
        new = _without_object(doc, oid)
        if new is not None:
            yield new
    for i in range(n, 0, -1):                            # fewer entries
        new = _drop_entries(doc, _with_followers(doc, i))
        if new is not None:
            yield new
    for i in range(len(qs)):                             # fewer questions
        if len(qs) > 1:
            new = _copy(doc)
            del new["questions"][i]
            yield new
    if qs != [PLAIN_QUESTION]:                           # a plain question (for what the run finds invalid)
        new = _copy(doc)
        new["questions"] = [dict(PLAIN_QUESTION)]
        yield new
    for oid, obj in doc.get("objects", {}).items():      # simpler objects
        for key in list(obj):
            if key == "card" or (key == "zone" and obj[key] == "none"):
                continue
            new = _copy(doc)
            del new["objects"][oid][key]
            yield new
    for i, ev in enumerate(doc.get("timeline") or []):  # simpler events
        for key in list(ev)[1:]:
            new = _copy(doc)
            del new["timeline"][i][key]
            yield new
        for key, value in ev.items():                    # fewer attackers, blockers, recipients
            if isinstance(value, dict) and len(value) > 1:
                for k in value:
                    new = _copy(doc)
                    del new["timeline"][i][key][k]
                    yield new
    for i, q in enumerate(qs):
        if "at" in q:
            new = _copy(doc)
            del new["questions"][i]["at"]
            yield new
    for key in ("turn", "life", "cards"):
        if key in doc:
            new = _copy(doc)
            del new[key]
            yield new
    if "players" in doc and len(doc["players"]) > 2:
        new = _copy(doc)
        new["players"] = doc["players"][:2]
        yield new
    for oid, obj in doc.get("objects", {}).items():      # plainer cards
        if obj.get("card") and obj["card"] != SIMPLE_CARD:
            new = _copy(doc)
            new["objects"][oid]["card"] = SIMPLE_CARD
            yield new


def shrink(doc: dict, still: Callable[[dict], bool], budget: int = 400) -> dict:
    """A smaller document for which `still(doc)` holds (it must hold for `doc`): greedily drop
    objects (with what names them), timeline entries, questions, object fields, event options,
    and make cards plainer, while it does. `still` is tried at most `budget` times (on
    documents that load)."""
    tries = 0
    progress = True
    seen = {to_yaml(doc)}
    while progress and tries < budget:
        progress = False
        for cand in _candidates(doc):
            if tries >= budget:
                break
            text = to_yaml(cand)
            if text in seen or load(cand) is None:
                continue
            seen.add(text)
            tries += 1
            if still(cand):
                doc = cand
                progress = True
                break
    return doc


def doc_size(doc: dict) -> int:
    return len(to_yaml(doc))


__all__ = ["documents", "differences", "load", "load_error", "shrink", "to_yaml", "MODES", "QUICK", "VERBS",
           "Difference", "outcomes", "ask_text", "pool"]
