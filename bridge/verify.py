"""`rulecheck verify`: search a bounded universe of states for one that breaks a property.

A property (properties/NAME.lp) is a statement over states, in the vocabulary the questions
use, with the rule or ruling it comes from in its header; it derives violated(NAME) when a
state breaks it, and witness(NAME, Question, T): the question that shows the failure after
timeline entry T. properties/universe.lp chooses a scenario with choice rules: which objects
exist (up to --objects), their cards (the property's `%! cards:`), zones, faces, controllers,
copies, and each timeline entry's event among the property's `%! events:`. The bridge adds
`:- not violated(NAME).` and asks clingo for a model, minimising the number of objects; it
tries timelines of 0, 1, ... --events entries in turn, so the first counterexample has the
fewest events, and the fewest objects among those.

Generated timelines make relevance depend on choices, and the two-stage grounding of
bridge/stages.py needs relevance decided from facts alone. So a sweep runs with every object
relevant at every point (full_demand=1) in one stage, and gives prev_rel/3 and read_point/3 by
the definition bridge/stages.between computes (the last relevant point before), as ASP
aggregates: quadratic in an object's points, which a bounded universe keeps small. A model is
written as a scenario file and checked again through the ordinary pipeline (the loader, the
facts, the two stages): a counterexample is reported only if that run breaks the property too.

Nothing here decides a rules question: the rules are logic/, the properties properties/.
"""

from __future__ import annotations

import atexit
import json
import re
import tempfile
import time
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Iterable

import clingo
import yaml
from clingo import ast

from . import criteria as criteria_language
from .cards import CardPool
from .errors import UserError
from .facts import card_facts, fact, scenario_facts
from .resources import _PACKAGE, logic_files, queries_dir
from .solve import _parsed, programs_for, solve as solve_staged

PLAYERS = ("alice", "bob")
DEFAULT_OBJECTS = 2
DEFAULT_EVENTS = 3
DEFAULT_TIME_LIMIT = 60.0
# The event verbs a property's `%! events:` may name: the verbs of bridge/events.py (one definition
# each) that universe.lp chooses, found in universe.lp itself (a rule with `slot(T, VERB)` in its
# body: universe_verbs()). A step that begins is `begin:STEP`, for each step events.py's `begin`
# takes but the untap step, which its check refuses (a turn's untap step begins with begin_turn).
def universe_verbs() -> tuple[str, ...]:
    """The verbs universe.lp chooses, in its order, each checked against bridge/events.py: a
    `slot(T, NAME)` there that events.py doesn't define is an error in universe.lp (its events
    would be written as scenario entries no loader reads)."""
    from .events import VERBS as EVENT_VERBS
    path = properties_dir() / "universe.lp"
    names = list(dict.fromkeys(re.findall(r"\bslot\(T, ([a-z_]+)", path.read_text(encoding="utf-8"))))
    unknown = [n for n in names if n not in EVENT_VERBS]
    if unknown:
        raise UserError(str(path), None, f"chooses event verb(s) bridge/events.py doesn't define: {unknown}")
    steps = EVENT_VERBS["begin"].record.fields["begin"].spec.values
    out: list[str] = []
    for n in names:
        out.extend([f"begin:{s}" for s in steps if s != "untap"] if n == "begin" else [n])
    return tuple(out)


# The amounts the universe chooses: damage dealt, damage marked, counters put on or there from the
# start (1 to AMOUNT each).
AMOUNT = 2
ZONES = ("battlefield", "hand", "graveyard", "command")

# prev_rel/3, read_point/3 and view_point/3 as bridge/stages.between gives them, written as aggregates (see
# the module's docstring), and the points a generated state is read at.
_BETWEEN = """
prev_rel(O, P, Q) :- rel(O, P), Q = #max { R : rel(O, R), R < P }, Q >= 0.
read_point(T, O, B) :- read_request(T, O, E), B = #max { R : rel(O, R), R < E }, B >= 0.
view_point(X, P, Q) :- view_request(X, P), Q = #max { R : rel(X, R), R < P }, Q >= 0.
"""


def properties_dir() -> Path:
    for candidate in (_PACKAGE / "properties", _PACKAGE.parent / "properties"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"rulecheck is installed without its properties/ folder (looked in {_PACKAGE})")


@dataclass(frozen=True)
class Property:
    name: str
    path: Path
    rules: tuple[str, ...]
    summary: str
    events: tuple[str, ...]
    cards: tuple[str, ...]
    zones: tuple[str, ...] = ("battlefield",)
    keywords: tuple[str, ...] = ()
    step: str = "precombat_main"
    options: tuple[str, ...] = ()
    shows: str = "The question below shows the state that breaks it."
    # The seed rulings (seeds/index.yaml ids) the property states, `%! ruling:`.
    rulings: tuple[str, ...] = ()
    # Card objects (Scryfall's shape) the universe may draw besides the bundled pool: abstract
    # kinds of card no bundled card is, from the JSON list `%! card-file:` names beside it.
    card_objects: tuple[dict, ...] = ()
    kind: str = "property"            # or "condition" (rulecheck generate)
    default_bound: str = ""           # `%! bound: OBJECTS,EVENTS`: a condition's, when --bound isn't given
    # `%! most: OBJECTS,EVENTS`: a property's own, smaller bound, for a universe that doesn't ground
    # or solve in time beyond it (power and toughness doubling): a larger --bound is cut to it.
    most: tuple[int, int] | None = None
    # `%! asks: QUESTION...`: questions whose programs (queries/QUESTION.lp) the property reads the
    # answers of, in its universe (it derives their question/2 atoms); `%! criteria: TEXT; TEXT`:
    # the criteria texts it asks them with, given as the question's criterion/3 facts
    # (bridge/criteria.py) and gen_criteria(TEXT).
    asks: tuple[str, ...] = ()
    criteria: tuple[str, ...] = ()
    # `%! prefix: VERB...`: the verbs of the timeline's first entries, fixed (their objects are still
    # chosen), before the EVENTS of the bound: a property whose premise needs a longer timeline
    # than the bound allows (an effect created, then a turn, then damage) searches only timelines
    # that begin so. Part of its bound (the report's column says it).
    prefix: tuple[str, ...] = ()
    # `%! outcomes: N` (a condition's): a file is kept only if rulecheck answers its question with at
    # least N outcomes (an answer that depends on a player's choice: damage_outcomes). Whether two
    # choices give two answers is not a state of one model: it is read from the answers.
    outcomes: int = 1


def _header(path: Path) -> dict[str, str]:
    out: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("%! ") and ":" in line:
            key, value = line[3:].split(":", 1)
            out[key.strip()] = value.strip()
    return out


def _summary(path: Path) -> str:
    """The header's sentence: its last paragraph of comment before the closing rule line."""
    paras: list[list[str]] = [[]]
    for line in path.read_text(encoding="utf-8").splitlines()[2:]:
        if not line.startswith("%") or line.startswith("% ====") or line.startswith("%!"):
            break
        text = line[1:].strip()
        if text:
            paras[-1].append(text)
        elif paras[-1]:
            paras.append([])
    return " ".join(next((p for p in reversed(paras) if p), []))


def load_property(path: Path, kind: str = "property") -> Property:
    """A property (properties/NAME.lp), or with kind="condition" a condition of `rulecheck
    generate` (properties/conditions/NAME.lp): the same header, `%! condition: NAME`."""
    h = _header(path)
    where = str(path)
    if h.get(kind) != path.stem:
        raise UserError(where, f"%! {kind}", f"the header must name the {kind} as its file does ({path.stem})")
    events = tuple(h.get("events", "").split())
    verbs = universe_verbs()
    unknown = [v for v in events if v not in verbs]
    if unknown:
        raise UserError(where, "%! events", f"unknown event verb(s) {unknown}; the universe has {list(verbs)}")
    zones = tuple(h.get("zones", "battlefield").split())
    if any(z not in ZONES for z in zones):
        raise UserError(where, "%! zones", f"zones must be among {list(ZONES)}")
    cards = tuple(c.strip() for c in h.get("cards", "").split(";") if c.strip())
    if not cards:
        raise UserError(where, "%! cards", "a property names the cards its universe draws objects from")
    card_objects: tuple[dict, ...] = ()
    if h.get("card-file"):
        card_file = path.parent / h["card-file"]
        try:
            card_objects = tuple(json.loads(card_file.read_text(encoding="utf-8")))
        except (OSError, ValueError) as exc:
            raise UserError(where, "%! card-file", f"can't read {card_file}: {exc}") from None
    most = None
    if h.get("most"):
        try:
            most = tuple(int(x) for x in h["most"].split(","))
        except ValueError:
            most = ()
        if len(most) != 2 or most[0] < 1 or most[1] < 0:
            raise UserError(where, "%! most", f"expected OBJECTS,EVENTS (e.g. 1,1), not {h['most']!r}")
    asks = tuple(h.get("asks", "").split())
    missing = [q for q in asks if not (queries_dir() / f"{q}.lp").is_file()]
    if missing:
        raise UserError(where, "%! asks", f"no question {missing[0]!r} (queries/{missing[0]}.lp)")
    prefix = tuple(h.get("prefix", "").split())
    unknown = [v for v in prefix if v not in verbs]
    if unknown:
        raise UserError(where, "%! prefix", f"unknown event verb(s) {unknown}; the universe has {list(verbs)}")
    criteria = tuple(c.strip() for c in h.get("criteria", "").split(";") if c.strip())
    outcomes = h.get("outcomes", "1")
    if not outcomes.isdigit() or int(outcomes) < 1:
        raise UserError(where, "%! outcomes", f"expected a number of outcomes (at least 1), not {outcomes!r}")
    for text in criteria:
        try:
            criteria_language.parse(text)
        except criteria_language.CriteriaError as exc:
            raise UserError(where, "%! criteria", f"{text!r}: {exc}") from None
    return Property(name=path.stem, path=path, rules=tuple(h.get("rules", "").split()), summary=_summary(path),
                    events=events, cards=cards, zones=zones, keywords=tuple(h.get("keywords", "").split()),
                    step=h.get("step", "precombat_main"), options=tuple(h.get("options", "").split()),
                    rulings=tuple(h.get("ruling", "").split()), card_objects=card_objects, kind=kind,
                    default_bound=h.get("bound", ""), most=most, asks=asks, criteria=criteria, prefix=prefix,
                    outcomes=int(outcomes),
                    **({"shows": h["shows"]} if h.get("shows") else {}))


def all_properties(root: Path | None = None) -> list[Property]:
    root = root or properties_dir()
    return [load_property(p) for p in sorted(root.glob("*.lp")) if p.name != "universe.lp"]


def seed_properties(root: Path | None = None) -> list[Property]:
    """The properties that state a seed ruling: properties/seeds/ (each a ruling as it is worded,
    superseded ones included) and the properties of properties/ whose header names a ruling."""
    root = root or properties_dir()
    found = [p for p in all_properties(root) + all_properties(root / "seeds") if p.rulings]
    return sorted(found, key=lambda p: (p.rulings, p.name))


def pool_for(prop: Property, pool: CardPool | None = None) -> CardPool:
    """The bundled pool (or `pool`), with the property's own abstract cards."""
    pool = pool or CardPool.builtin()
    if prop.card_objects:
        pool = pool.extended(list(prop.card_objects), str(prop.path), "%! card-file")
    return pool


def select(names: Iterable[str], root: Path | None = None) -> list[Property]:
    root = root or properties_dir()
    known = {p.name: p for p in all_properties(root)} | {p.name: p for p in all_properties(root / "seeds")}
    names = list(names)
    if not names:
        return all_properties(root)      # the seed rulings' own: `verify seeds/`
    missing = [n for n in names if n not in known]
    if missing:
        raise UserError("verify", None, f"no property {missing[0]!r}; the properties are: {', '.join(sorted(known))}")
    return [known[n] for n in names]


@dataclass(frozen=True)
class Bound:
    objects: int = DEFAULT_OBJECTS
    events: int = DEFAULT_EVENTS

    def within(self, prop: Property) -> "Bound":
        """The bound the property is searched in: this one, cut to the property's `%! most:`."""
        if prop.most is None:
            return self
        return Bound(min(self.objects, prop.most[0]), min(self.events, prop.most[1]))

    def describe(self, prop: Property) -> str:
        fixed = f"{' '.join(prop.prefix)} then " if prop.prefix else ""
        return (f"≤{_n(self.objects, 'object')} of {_n(len(prop.cards), 'card')}, {fixed}≤{_n(self.events, 'event')} of "
                f"{_n(len(prop.events), 'verb')}")


@dataclass
class Outcome:
    prop: Property
    bound: Bound
    result: str                       # "holds", "counterexample", "unconfirmed", "time limit"
    seconds: float
    parts: int = 0                    # timelines lengths solved
    counterexample: dict | None = None
    file: Path | None = None
    objects: int | None = None
    events: int | None = None
    note: str = ""
    # The search's size: clingo's choices (decisions) summed over the parts solved; see search().
    choices: int = 0
    conflicts: int = 0


# --- The universe, as facts ------------------------------------------------------------------

TURN = 3


def universe_facts(prop: Property, bound: Bound, length: int, pool: CardPool) -> list[clingo.Symbol]:
    out: list[clingo.Symbol] = []
    for name in prop.cards:
        card = pool.find(name)
        out.extend(card_facts(card))
        out.append(fact("pool_card", card.name))
        if card.is_token:                       # a token's card: the loader makes its objects tokens
            out.append(fact("gen_token_card", card.name))
    for i, player in enumerate(PLAYERS):
        out.append(fact("player", player))
        out.append(fact("turn_order", player, i))
        out.append(fact("init", clingo.Function("player", [clingo.String(player)]), clingo.Function("life"), 20))
    out.append(fact("initial_turn", TURN))
    out.append(fact("initial_active", PLAYERS[0]))
    out.append(fact("initial_step", clingo.Function(prop.step)))
    for kind, x, y in (("+1/+1", 1, 1), ("-1/-1", -1, -1)):
        out.append(fact("pt_counter", kind, x, y))
    for i in range(1, bound.objects + 1):
        out.append(fact("object_slot", f"o{i}", i))
    for z in prop.zones:
        out.append(fact("gen_zone", clingo.Function(z)))
    for k in prop.keywords:
        out.append(fact("gen_keyword", clingo.Function(k)))
    if "copies" in prop.options:
        out.append(fact("gen_copies"))
    if "tapped" in prop.options:
        out.append(fact("gen_tapped"))
    if "transformed" in prop.options:
        out.append(fact("gen_move_transformed"))
    if "damaged" in prop.options:
        out.append(fact("gen_damaged"))
    if "counters" in prop.options:
        out.append(fact("gen_counters"))
    if "keyword_counters" in prop.options:      # flying counters too (122.1b): universe.lp
        out.append(fact("gen_keyword_counters"))
    if "skip_untap" in prop.options:
        out.append(fact("gen_skip_untap"))
    for n in range(1, AMOUNT + 1):
        out.append(fact("gen_amount", n))
    # (The property's fixed first entries, `%! prefix:`, come before the `length` chosen ones.)
    for t, verb in enumerate(prop.prefix, start=1):
        out.append(fact("gen_fixed", t, _verb_term(verb)))
    length += len(prop.prefix)
    out.append(fact("timeline_length", length))
    for t in range(1, length + 1):
        out.append(fact("entry", t))
        out.append(fact("gen_entry", t))
    for v in prop.events:
        out.append(fact("gen_verb", _verb_term(v)))
    if {"activate", "trigger"} & set(prop.events + prop.prefix):   # an ability's id on the stack, as the loader defaults it
        out.extend(fact("gen_stack_id", t, f"#{t}") for t in range(1, length + 1))
    out.extend(criteria_facts(prop))
    return out


def criteria_facts(prop: Property) -> list[clingo.Symbol]:
    """The criteria a property asks its questions with: criterion/3 as a question's parameter
    gives them (bridge/facts.py), and gen_criteria(TEXT)."""
    out = []
    for text in prop.criteria:
        out.append(fact("gen_criteria", text))
        out.extend(fact("criterion", text, k, term) for k, term in criteria_language.parse(text))
    return out


def _verb_term(verb: str) -> clingo.Symbol:
    if verb.startswith("begin:"):
        return clingo.Function("begin", [clingo.Function(verb.split(":", 1)[1])])
    return clingo.Function(verb)


@lru_cache(maxsize=None)
def _statements(paths: tuple[Path, ...], extra: str) -> tuple[ast.AST, ...]:
    out = list(_parsed(paths))
    ast.parse_string(extra, out.append)
    return tuple(out)


# Clingo AST objects, dropped at exit while clingo's library is still there (solve.py says why).
atexit.register(_statements.cache_clear)


def _program_paths(prop: Property) -> tuple[Path, ...]:
    return tuple(logic_files()) + _asked(prop) + (properties_dir() / "universe.lp", prop.path)


def _asked(prop: Property) -> tuple[Path, ...]:
    """The programs of the questions the property reads the answers of (`%! asks:`)."""
    return tuple(queries_dir() / f"{q}.lp" for q in prop.asks)


def _control(prop: Property, bound: Bound, length: int, pool: CardPool, extra: str, args: list[str]) -> clingo.Control:
    ctl = clingo.Control(["--warn=none", "--const=full_demand=1", *args])
    with ast.ProgramBuilder(ctl) as builder:
        for stm in _statements(_program_paths(prop), _BETWEEN + extra):
            builder.add(stm)
    with ctl.backend() as backend:
        for symbol in universe_facts(prop, bound, length, pool):
            backend.add_rule([backend.add_atom(symbol)])
    ctl.ground([("base", [])])
    return ctl


_CHOSEN = ("object", "object_card", "init", "copy_of", "happens")


def search(prop: Property, bound: Bound, length: int, pool: CardPool, time_limit: float,
           effort: dict | None = None) -> tuple[str, list[clingo.Symbol]]:
    """One part of a sweep: every state with exactly `length` events. ("unsat", []) when none
    breaks the property, ("sat", atoms of the best model), or ("timeout", best so far).

    effort, if given, gets the solver's choices and conflicts added (clingo's statistics,
    solving.solvers): a choice is a decision that extends a partial state of the universe by one
    chosen atom, a conflict a partial state refuted; together they are the states the search
    explored, each one covering every full state that extends it. (Not the universe's size:
    bench/verify.py counts that by enumeration, which a sweep never does.)"""
    ctl = _control(prop, bound, length, pool, f"\n:- not violated({prop.name}).\n", ["--opt-mode=opt"])
    best: list[clingo.Symbol] = []
    wanted = set(_CHOSEN) | {"witness", "violated"}

    def on_model(model: clingo.Model) -> None:
        best[:] = [s for s in model.symbols(atoms=True) if s.name in wanted]

    with ctl.solve(on_model=on_model, async_=True) as handle:
        finished = handle.wait(time_limit)
        if not finished:
            handle.cancel()
        result = handle.get()
    if effort is not None:
        solvers = ctl.statistics["solving"]["solvers"]
        effort["choices"] = effort.get("choices", 0) + int(solvers["choices"])
        effort["conflicts"] = effort.get("conflicts", 0) + int(solvers["conflicts"])
    if not finished:
        return ("timeout", best)
    if result.unsatisfiable:
        return ("unsat", [])
    return ("sat", best)


def count_states(prop: Property, bound: Bound, length: int, pool: CardPool, time_limit: float) -> tuple[int, bool]:
    """How many distinct states (scenarios the rules find consistent) one part of the universe
    has, whether they break the property or not: (count, complete). For bench/verify.py."""
    shows = "".join(f"#show {name}/{arity}.\n" for name, arity in
                    (("object", 1), ("object_card", 2), ("init", 3), ("copy_of", 2), ("happens", 2)))
    ctl = _control(prop, bound, length, pool, "\n" + shows + "#minimize { 0 : object(_) }.",
                   ["--models=0", "--project=show", "--opt-mode=ignore"])
    count = 0

    def on_model(model: clingo.Model) -> None:
        nonlocal count
        count += 1

    with ctl.solve(on_model=on_model, async_=True) as handle:
        if not handle.wait(time_limit):
            handle.cancel()
            return count, False
        handle.get()
    return count, True


def sample_states(prop: Property, bound: Bound, length: int, pool: CardPool, n: int, seed: int = 1,
                  time_limit: float = 60.0, rand_freq: float = 0.5) -> list[list[clingo.Symbol]]:
    """Up to n states of one part of the universe, whether they break the property or not, drawn
    with clingo's randomised search (a different seed, different states): for the differential
    test that the one-stage grounding of a sweep agrees with the ordinary pipeline. (rand_freq: how
    often a decision is random; a universe that is hard to solve, a doubling of power read from
    chosen counters, finds no state in a minute at 0.5, and several in seconds at 0.05.)"""
    # Every object slot used: a random search otherwise settles on states with no object.
    ctl = _control(prop, bound, length, pool, f"\n:- not object(\"o{bound.objects}\").\n", [f"--models={n}", "--opt-mode=ignore", f"--seed={seed}",
                                                   f"--rand-freq={rand_freq}", "--sign-def=rnd"])
    found: list[list[clingo.Symbol]] = []
    wanted = set(_CHOSEN) | {"witness", "violated"}

    def on_model(model: clingo.Model) -> None:
        found.append([s for s in model.symbols(atoms=True) if s.name in wanted])

    with ctl.solve(on_model=on_model, async_=True) as handle:
        if not handle.wait(time_limit):
            handle.cancel()
        handle.get()
    return found


# --- A model as a scenario file ---------------------------------------------------------------

def _s(sym: clingo.Symbol):
    if sym.type == clingo.SymbolType.String:
        return sym.string
    if sym.type == clingo.SymbolType.Number:
        return sym.number
    if sym.name in ("player", "object", "card") and len(sym.arguments) == 1:
        return _s(sym.arguments[0])
    if sym.name == "transforms_into" and len(sym.arguments) == 2:       # a would_trigger condition (criteria.py)
        return f"transforms_into:{_s(sym.arguments[1].arguments[0])}"
    return sym.name


def to_scenario(prop: Property, atoms: list[clingo.Symbol], pool: CardPool) -> dict:
    objects: dict[str, dict] = {}
    for a in sorted(atoms):
        if a.name == "object_card":
            objects.setdefault(_s(a.arguments[0]), {})["card"] = pool.find(_s(a.arguments[1])).name
    order = sorted(objects)
    for a in atoms:
        if a.name == "init" and a.arguments[0].type == clingo.SymbolType.String:
            o, attr, v = _s(a.arguments[0]), a.arguments[1].name, a.arguments[2]
            if attr in ("zone", "owner", "controller", "face", "controlled_since"):
                objects[o][attr] = _s(v)
            elif attr == "tapped":
                objects[o]["tapped"] = True
            elif attr == "damage":
                objects[o]["damage"] = v.number
            elif attr == "counter":
                objects[o].setdefault("counters", {})[_s(a.arguments[1].arguments[0])] = v.number
        elif a.name == "copy_of":
            objects[_s(a.arguments[0])]["copy_of"] = _s(a.arguments[1])
    for o, spec in objects.items():           # say only what differs from the defaults
        if spec.get("zone") == "battlefield":
            del spec["zone"]
        if spec.get("owner") == PLAYERS[0]:
            del spec["owner"]
        if spec.get("controller") == spec.get("owner", PLAYERS[0]):
            spec.pop("controller", None)
        if spec.get("face") == "front":
            del spec["face"]
        if spec.get("controlled_since") == 0:
            del spec["controlled_since"]
    # (A color chosen for a mana ability is part of its activate entry: the entry's `mana:`.)
    chosen = {_s(a.arguments[1].arguments[0]): a.arguments[1].arguments[1].name.upper() for a in atoms
              if a.name == "happens" and a.arguments[1].name == "mana_chosen"}
    # (So are a resolving spell's targets, in their order, and its X: the resolve entry's `targets:`
    # and `x:`.)
    modifiers: dict[tuple[int, str], dict] = {}
    for a in sorted(atoms):
        if a.name == "happens" and a.arguments[1].name in _MODIFIERS:
            term = a.arguments[1]
            mods = modifiers.setdefault((a.arguments[0].number, _s(term.arguments[0])), {})
            if term.name == "targets":
                mods.setdefault("targets", []).append((term.arguments[2].number, _s(term.arguments[1])))
            else:
                mods["x"] = term.arguments[1].number
    # (And an untap step skipped: the begin_turn entry's `skip_untap`.)
    skipped = {a.arguments[0].number for a in atoms if a.name == "happens" and a.arguments[1].name == "skips"}
    events = sorted((a.arguments[0].number, a.arguments[1]) for a in atoms
                    if a.name == "happens" and a.arguments[1].name not in ("mana_chosen", "skips")
                    and a.arguments[1].name not in _MODIFIERS)
    owners = {o: spec.get("owner", PLAYERS[0]) for o, spec in objects.items()}
    timeline = [_event(term, chosen, modifiers.get((t, _s(term.arguments[0]))) if term.name == "resolve" else None,
                       owners) | ({"skip_untap": True} if t in skipped else {}) for t, term in events]
    witnesses = sorted((a.arguments[2].number, a.arguments[1]) for a in atoms
                       if a.name == "witness" and _s(a.arguments[0]) == prop.name)
    questions = []
    for t, term in witnesses[:1]:
        from .catalogue import catalogue
        q = {"ask": term.name}
        for p, arg in zip(catalogue()[term.name].params, term.arguments):
            q[p.name] = _s(arg)
        q["at"] = t
        questions.append(q)
    rules = ", ".join(prop.rules)
    used = {spec["card"] for spec in objects.values()}
    own = [c for c in prop.card_objects if c.get("name") in used]
    what = (f"An edge case `rulecheck generate` wrote for the condition {prop.name}" if prop.kind == "condition"
            else f"A counterexample `rulecheck verify` found to the property {prop.name}")
    return {
        "description": f"{what} (CR {rules}): {prop.summary} {prop.shows}",
        "rules": "2026-09-25",
        **({"cards": own} if own else {}),
        "players": list(PLAYERS),
        "turn": {"number": TURN, "active": PLAYERS[0], "step": prop.step},
        "objects": {o: objects[o] for o in order},
        "timeline": timeline,
        "questions": questions,
    }


# The terms universe.lp chooses that modify the resolve entry at the same entry (bridge/events.py:
# _modifiers), not entries of their own.
_MODIFIERS = ("targets", "chosen_x")


def _event(term: clingo.Symbol, chosen: dict[str, str] | None = None, modifiers: dict | None = None,
           owners: dict[str, str] | None = None) -> dict:
    n, args = term.name, term.arguments
    if n == "cast":
        o, face, by = _s(args[0]), _s(args[1]), _s(args[2])
        return {"cast": o, **({"face": face} if face != "front" else {}),
                **({"by": by} if by != (owners or {}).get(o, PLAYERS[0]) else {})}
    if n == "activate":
        mana = (chosen or {}).get(_s(args[2]))
        return {"activate": _s(args[0]), "ability": _s(args[1]), **({"mana": mana} if mana else {})}
    if n == "trigger":
        return {"trigger": _s(args[0]), "ability": _s(args[1])}
    if n == "resolve":
        mods = modifiers or {}
        return {"resolve": _s(args[0]),
                **({"targets": [t for _, t in sorted(mods["targets"])]} if mods.get("targets") else {}),
                **({"x": mods["x"]} if "x" in mods else {})}
    if n == "double_mana":
        return {"double_mana": _s(args[0]), "mana": args[1].name.upper()}
    if n in ("transform", "convert", "tap"):
        return {n: _s(args[0])}
    if n == "attack":
        return {"attack": _s(args[0]), "target": _s(args[1])}
    if n == "block":
        return {"block": _s(args[0]), "attacker": _s(args[1])}
    if n == "begin_step":
        return {"begin": _s(args[0])}
    if n in ("gain", "lose"):
        return {n: _s(args[0]), "ability": _s(args[1]), "until": _s(args[2])}
    if n == "begin_turn":
        return {"begin_turn": _s(args[0]), "active": _s(args[1])}
    if n == "attach":
        return {"attach": _s(args[0]), "to": _s(args[1])}
    if n == "gain_control":
        return {"gain_control": _s(args[0]), "player": _s(args[1])}
    if n == "copy":
        return {"copy": _s(args[0]), "of": _s(args[1]), "until": _s(args[2])}
    if n == "move":
        return {"move": _s(args[0]), "to": _s(args[1]), **({"transformed": True} if _s(args[2]) == "transformed" else {})}
    if n == "damage":
        return {"damage": _s(args[2]), "source": _s(args[0]), "target": _s(args[1])}
    if n == "counters":
        return {"counters": _s(args[0]), "add": {_s(args[1]): _s(args[2])}}
    if n == "double_counters":
        return {"double_counters": _s(args[0]), "kind": _s(args[1])}
    if n == "double":
        return {"double": _s(args[0]), "characteristic": _s(args[1]), "until": _s(args[2])}
    if n == "set_base_pt":
        return {"set_base_pt": _s(args[0]), "power": _s(args[1]), "toughness": _s(args[2]), "until": _s(args[3])}
    if n == "double_life":
        return {"double_life": _s(args[0])}
    raise AssertionError(f"universe.lp chose an event verify can't write: {term}")


def confirm(prop: Property, path: Path, pool: CardPool, time_limit: float, atom: str = "violated") -> bool:
    """Does the scenario file, loaded and grounded as `rulecheck ask` does, break the property?
    (A state with effects that depend on each other, 613.8, would need the layer-ordering loop of
    bridge/layering.py, which a sweep doesn't run: such a state is not confirmed, unless the
    property or condition is about the dependencies themselves, `%! options: dependencies`: they
    are reported before any order is given, on the timestamps.)"""
    from .load import load_scenario
    scn = load_scenario(path, CardPool.builtin())
    programs = programs_for(None) + _asked(prop) + (prop.path,)
    result = solve_staged(scenario_facts(scn) + criteria_facts(prop), programs, time_limit=time_limit,
                          constants={"full_demand": 1},
                          extra_program=f"#show {atom}/1. #show invalid/2. #show ordering_candidate/4.")
    bad = {"invalid"} | (set() if "dependencies" in prop.options else {"ordering_candidate"})
    return bool(result.models) and all(
        clingo.Function(atom, [clingo.Function(prop.name)]) in m and not any(s.name in bad for s in m)
        for m in result.models)


# --- A sweep -----------------------------------------------------------------------------------

def verify(prop: Property, bound: Bound, *, pool: CardPool | None = None, out_dir: Path | None = None,
           time_limit: float = DEFAULT_TIME_LIMIT, solved: dict[int, "PartResult"] | None = None) -> Outcome:
    """Timelines of 0, 1, ... bound.events entries, one part each, shortest first; in each,
    clingo minimises the objects. The counterexample kept has the fewest objects, then the
    fewest events (the sweep stops early at one with no object: nothing can be smaller).

    solved: the parts already searched elsewhere (run_part: in other processes, or on a
    distributed engine), by timeline length; they are merged here in the same order and with the
    same early stop, so the outcome is the one the sweep would have found alone."""
    pool = pool_for(prop, pool)
    bound = bound.within(prop)
    start = time.monotonic()
    parts = 0
    effort: dict = {}
    elsewhere = 0.0
    best: tuple[int, int, list[clingo.Symbol], str] | None = None
    note = ""
    # (A property with no event verbs has only the empty timeline.)
    for length in range(bound.events + 1 if prop.events else 1):
        if solved is not None:
            part = solved[length]
            status, atoms = part.status, [clingo.parse_term(a) for a in part.atoms]
            effort["choices"] = effort.get("choices", 0) + part.choices
            effort["conflicts"] = effort.get("conflicts", 0) + part.conflicts
            elsewhere += part.seconds
        else:
            left = time_limit - (time.monotonic() - start)
            status, atoms = ("timeout", []) if left <= 0 else search(prop, bound, length, pool, left, effort)
        if status == "timeout":
            note = f"time limit: timelines of {length} events or more not searched"
            if atoms:
                note = f"time limit: the {length}-event part not proven minimal, longer ones not searched"
        else:
            parts += 1
        if atoms:
            objects = sum(1 for a in atoms if a.name == "object")
            if best is None or objects < best[0]:
                best = (objects, length + len(prop.prefix), atoms, status)
        if status == "timeout" or (best is not None and best[0] == 0):
            break
    seconds = time.monotonic() - start + elsewhere
    if best is None:
        return Outcome(prop, bound, "time limit" if note else "holds", seconds, parts, note=note,
                       choices=effort.get("choices", 0), conflicts=effort.get("conflicts", 0))
    scenario = to_scenario(prop, best[2], pool)
    path = None
    result = "counterexample"
    with tempfile.TemporaryDirectory() as scratch:
        # Written where asked (else to a scratch folder), and confirmed from the file.
        folder = out_dir if out_dir is not None else Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{prop.name}.yaml"
        path.write_text(yaml.safe_dump(scenario, sort_keys=False, allow_unicode=True, width=100), encoding="utf-8")
        try:
            confirmed = confirm(prop, path, pool, max(time_limit - seconds, 10.0))
            why = "the file, loaded as `rulecheck ask` loads it, doesn't break the property"
        except UserError as exc:
            confirmed, why = False, f"the file doesn't load: {exc}"
        if not confirmed:
            result, note = "unconfirmed", why
        if out_dir is None:
            path = None
    return Outcome(prop, bound, result, time.monotonic() - start + elsewhere, parts, scenario, path,
                   objects=best[0], events=best[1], note=note, choices=effort.get("choices", 0),
                   conflicts=effort.get("conflicts", 0))


# --- A sweep in independent parts: --jobs N, --engine dask ---------------------------------------
# The universe of each property is partitioned by the first choice the bridge makes, the
# timeline's length (universe.lp: one part per length): a part is everything run_part needs,
# plain data that pickles, so that it runs in another process or on another machine with the same
# rulecheck installed (the property's own files travel with it; the rules are the worker's). Its
# result is plain data too (atoms as text), merged on the caller's side by verify(solved=...).

ENGINES = ("processes", "dask")


@dataclass(frozen=True)
class Part:
    name: str                         # the property's
    kind: str                         # "property" or "condition"
    files: tuple[tuple[str, str], ...]  # (file name, text): the property's file, and its card file if any
    objects: int
    events: int
    length: int                       # the part: timelines of exactly this many entries
    time_limit: float


@dataclass(frozen=True)
class PartResult:
    name: str
    length: int
    status: str                       # search(): "unsat", "sat", "timeout"
    atoms: tuple[str, ...]
    choices: int
    conflicts: int
    seconds: float
    rules: str = ""                   # rules_digest() where it ran


def rules_digest() -> str:
    """What the rules a process solves with are: a digest of every logic file and universe.lp.
    A part solved elsewhere with other rules can't be merged (run_all refuses it)."""
    import hashlib
    h = hashlib.sha256()
    for path in (*logic_files(), *sorted(queries_dir().glob("*.lp")), properties_dir() / "universe.lp"):
        h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def parts_of(props: list[Property], bound: Bound, time_limit: float) -> list[Part]:
    """Every part of every property's sweep, longest timelines first (they take longest)."""
    out = []
    for p in props:
        files = [(p.path.name, p.path.read_text(encoding="utf-8"))]
        card_file = _header(p.path).get("card-file")
        if card_file:
            files.append((card_file, (p.path.parent / card_file).read_text(encoding="utf-8")))
        own = bound.within(p)
        for length in range(own.events + 1 if p.events else 1):
            out.append(Part(p.name, p.kind, tuple(files), own.objects, own.events, length, time_limit))
    return sorted(out, key=lambda part: -part.length)


def run_part(part: Part) -> PartResult:
    """One part, wherever it runs: the property written out from the part, searched with this
    process's rules."""
    start = time.monotonic()
    with tempfile.TemporaryDirectory() as scratch:
        for name, text in part.files:
            (Path(scratch) / name).parent.mkdir(parents=True, exist_ok=True)
            (Path(scratch) / name).write_text(text, encoding="utf-8")
        prop = load_property(Path(scratch) / part.files[0][0], part.kind)
        effort: dict = {}
        status, atoms = search(prop, Bound(part.objects, part.events), part.length, pool_for(prop), part.time_limit,
                               effort)
    return PartResult(part.name, part.length, status, tuple(str(a) for a in atoms), effort.get("choices", 0),
                      effort.get("conflicts", 0), time.monotonic() - start, rules_digest())


def run_all(props: list[Property], bound: Bound, *, out_dir: Path | None, time_limit: float, jobs: int = 1,
            progress=None, engine: str = "processes", scheduler: str | None = None) -> list[Outcome]:
    """Each property in turn; or, with jobs > 1 or the dask engine, every part of every property
    at once (`jobs` processes, or dask workers: a local cluster of `jobs` workers, or the cluster
    whose scheduler is at `scheduler`), each property's parts merged as they are all in. The
    outcomes in the order given; progress(done, outcome) is called as each property is settled.
    (With parts, --time-limit is each part's.)"""
    outcomes: dict[str, Outcome] = {}
    if engine == "processes" and jobs <= 1:
        for p in props:
            outcomes[p.name] = verify(p, bound, out_dir=out_dir, time_limit=time_limit)
            if progress:
                progress(len(outcomes), outcomes[p.name])
        return [outcomes[p.name] for p in props]
    parts = parts_of(props, bound, time_limit)
    waiting = {p.name: sum(1 for part in parts if part.name == p.name) for p in props}
    solved: dict[str, dict[int, PartResult]] = {p.name: {} for p in props}
    by_name = {p.name: p for p in props}
    if engine == "dask":
        from .verify_dist import run_parts_dask
        results = run_parts_dask(parts, jobs, scheduler)
    else:
        results = _run_parts_processes(parts, jobs)
    ours = rules_digest()
    for result in results:
        if result.rules != ours:
            raise UserError("--engine", None, f"a worker solved the part {result.name} ({result.length} events) with "
                                              f"other rules ({result.rules}, here {ours}): install the same rulecheck "
                                              "on every worker")
        solved[result.name][result.length] = result
        if len(solved[result.name]) == waiting[result.name]:
            prop = by_name[result.name]
            outcomes[prop.name] = verify(prop, bound, out_dir=out_dir, time_limit=time_limit, solved=solved[prop.name])
            if progress:
                progress(len(outcomes), outcomes[prop.name])
    return [outcomes[p.name] for p in props]


def _run_parts_processes(parts: list[Part], jobs: int):
    from concurrent.futures import ProcessPoolExecutor, as_completed
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for future in as_completed([pool.submit(run_part, part) for part in parts]):
            yield future.result()


def render_report(outcomes: list[Outcome]) -> str:
    rows = [("property", "CR", "result", "bound", "states explored", "time", "counterexample")]
    for o in outcomes:
        result = o.result
        if o.result in ("counterexample", "unconfirmed"):
            result += f" ({_n(o.objects, 'object')}, {_n(o.events, 'event')})"
        rows.append((o.prop.name, " ".join(o.prop.rules), result + (f"; {o.note}" if o.note else ""),
                     o.bound.describe(o.prop), explored(o), f"{o.seconds:.1f} s", str(o.file) if o.file else "-"))
    return _table(rows)


def explored(o: Outcome) -> str:
    """The states explored column: clingo's choices over the parts solved (search())."""
    return _n(o.choices, "choice")


def _table(rows: list[tuple[str, ...]]) -> str:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _n(n: int | None, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


# --- The seed rulings checked against the rules in force -----------------------------------------

# What each result says of the ruling under the CR in force, and the index status it agrees with.
_SEED_RESULT = {"holds": ("holds", "holds"), "counterexample": ("doesn't hold", "superseded")}


@dataclass(frozen=True)
class SeedRow:
    ruling: str
    status: str                       # the index's: holds, superseded
    outcome: Outcome

    @property
    def verdict(self) -> str:
        return _SEED_RESULT.get(self.outcome.result, (self.outcome.result, None))[0]

    @property
    def agrees(self) -> bool:
        return _SEED_RESULT.get(self.outcome.result, (None, None))[1] == self.status


def seed_rows(outcomes: list[Outcome], index) -> list[SeedRow]:
    """One row per (ruling, property stating it), in the index's order of rulings. A ruling id a
    property names that the index doesn't have is an error in the property."""
    statuses = {r.id: r.status for r in index.rulings}
    rows = []
    for o in outcomes:
        for rid in o.prop.rulings:
            if rid not in statuses:
                raise UserError(str(o.prop.path), "%! ruling", f"no ruling {rid!r} in the seeds index")
            rows.append(SeedRow(rid, statuses[rid], o))
    order = {r.id: i for i, r in enumerate(index.rulings)}
    return sorted(rows, key=lambda r: (order[r.ruling], r.outcome.prop.name))


def render_seed_report(rows: list[SeedRow], index) -> str:
    """The seed consistency report: each ruling a property states, its status in the index, what
    verify finds under the CR in force, and whether the two agree; then the rulings no property
    states."""
    table = [("ruling", "index", "property", "under the CR in force", "agrees", "states explored", "time",
              "counterexample")]
    for r in rows:
        o = r.outcome
        verdict = r.verdict
        if o.result in ("counterexample", "unconfirmed"):
            verdict += f" ({_n(o.objects, 'object')}, {_n(o.events, 'event')})"
        if o.note:
            verdict += f"; {o.note}"
        table.append((r.ruling, r.status, o.prop.name, verdict, "yes" if r.agrees else "NO", explored(o),
                      f"{o.seconds:.1f} s", str(o.file) if o.file else "-"))
    stated = {r.ruling for r in rows}
    executable = [r for r in index.rulings if r.executable]
    left = [r.id for r in executable if r.id not in stated]
    lines = [_table(table), "",
             f"{len(stated)} of {len(executable)} executable rulings are stated by a property "
             f"(bound: {rows[0].outcome.bound.objects if rows else '-'} objects, "
             f"{rows[0].outcome.bound.events if rows else '-'} events); "
             f"{sum(1 for r in rows if not r.agrees)} disagree with the index."]
    if left:
        reasons = unstated_reasons()
        width = max(len(r) for r in left)
        lines.append(f"Not stated by any property ({len(left)}), and why:")
        lines.extend(f"  {r.ljust(width)}  {reasons.get(r, '(no reason given in properties/seeds/unstated.yaml)')}"
                     for r in left)
    return "\n".join(lines)


def unstated_reasons(root: Path | None = None) -> dict[str, str]:
    """properties/seeds/unstated.yaml: why each executable seed ruling that no property states
    can't be stated in the universe (ruling id -> reason)."""
    path = (root or properties_dir()) / "seeds" / "unstated.yaml"
    if not path.is_file():
        return {}
    # (the project's document reader: a mistake is one line naming the file, line and column)
    from .document import MAP, NULL, STR, read_document
    node = read_document(path)
    if node.kind == NULL:
        return {}
    if node.kind != MAP:
        raise UserError(str(path), None, "expected a mapping of ruling ids (quoted) to a reason each",
                        node.line, node.column)
    data: dict[str, str] = {}
    for key, value in node.value.items():
        if value.kind != STR or not value.value.strip():
            raise UserError(str(path), key, "expected the reason this ruling is not stated, as text",
                            value.line, value.column)
        data[key] = value.value
    return data


# --- Generating edge cases: `rulecheck generate` ----------------------------------------------------

def conditions_dir() -> Path:
    return properties_dir() / "conditions"


def all_conditions() -> list[Property]:
    return [load_property(p, "condition") for p in sorted(conditions_dir().glob("*.lp"))]


def select_condition(name: str) -> Property:
    known = {c.name: c for c in all_conditions()}
    if name not in known:
        raise UserError("generate", None, f"no condition {name!r}; the conditions are: {', '.join(sorted(known))}")
    return known[name]


def canonical(scenario: dict) -> tuple[str, dict]:
    """The scenario's canonical form up to renaming its objects (players are fixed by their
    roles: the first is the active player): its objects renamed o1, o2, ... in the order the file
    lists them, which it keeps — the scenario's order is its objects' timestamp order (613.7d), so
    a renaming that listed them otherwise would be another state. (text, the scenario renamed so.)

    >>> a = {"objects": {"x": {"card": "Grizzly Bears"}, "y": {"card": "Clone", "copy_of": "x"}},
    ...      "timeline": [{"transform": "y"}], "questions": []}
    >>> canonical(a)[1]["objects"]
    {'o1': {'card': 'Grizzly Bears'}, 'o2': {'card': 'Clone', 'copy_of': 'o1'}}
    """
    names = {old: f"o{i}" for i, old in enumerate(scenario["objects"], start=1)}
    renamed = _renamed(scenario, names)
    text = json.dumps({"objects": list(renamed["objects"].items()), "timeline": renamed["timeline"]}, sort_keys=True)
    return text, renamed


def _renamed(scenario: dict, names: dict[str, str]) -> dict:
    def swap(value):
        if isinstance(value, str):
            return names.get(value, value)
        if isinstance(value, dict):
            return {k: (value[k] if k == "card" else swap(value[k])) for k in value}
        if isinstance(value, list):
            return [swap(v) for v in value]
        return value
    out = dict(scenario)
    out["objects"] = {names[o]: swap(spec) for o, spec in scenario["objects"].items()}
    out["timeline"] = swap(scenario["timeline"])
    out["questions"] = swap(scenario["questions"])
    return out


def _expectations(path: Path, questions: list[dict]) -> list[dict]:
    """The questions of a written scenario with rulecheck's own answers, as `expect:` entries."""
    from .ask import answer_all
    from .load import load_scenario
    scn = load_scenario(path, CardPool.builtin())
    out = []
    for q, got in zip(questions, answer_all(scn, list(scn.questions))):
        entry = dict(q)
        if got.single is not None:
            entry["answer"] = got.single.value
            entry["rules"] = list(got.single.rules)
        else:
            entry["outcomes"] = [{"answer": o.value, "rules": list(o.rules)} for o in got.outcomes]
        out.append(entry)
    return out


@dataclass
class Generated:
    condition: Property
    files: list[Path]
    searched: list[int]               # the timeline lengths searched
    candidates: int                   # models clingo gave (before the canonical form)
    exhausted: bool                   # every state within the bound was seen


def generate(cond: Property, n: int, bound: Bound, out_dir: Path, *, time_limit: float = DEFAULT_TIME_LIMIT) -> Generated:
    """Up to n scenario files satisfying the condition, distinct up to renaming objects: states
    of the universe with `:- not edge_case(NAME).`, enumerated (projected on the choices, so each
    state once) from the shortest timeline up; each model written as a scenario, put in canonical
    form, kept if no earlier one had that form and if the file, loaded as `rulecheck ask` loads
    it, satisfies the condition too (confirm); then its questions answered by rulecheck and
    written as its `expect:`. An index (index.yaml) lists the files."""
    pool = pool_for(cond)
    start = time.monotonic()
    shows = "".join(f"#show {name}/{arity}.\n" for name, arity in
                    (("object", 1), ("object_card", 2), ("init", 3), ("copy_of", 2), ("happens", 2), ("witness", 3)))
    seen: set[str] = set()
    kept: list[dict] = []
    searched: list[int] = []
    candidates = 0
    exhausted = True
    out_dir.mkdir(parents=True, exist_ok=True)
    for length in range(bound.events + 1 if cond.events else 1):
        left = time_limit - (time.monotonic() - start)
        if left <= 0 or len(kept) >= n:
            exhausted = exhausted and len(kept) < n and left > 0
            break
        # The smallest and plainest states first: by number of objects, then of attributes a
        # scenario file states beyond its defaults (universe.lp: gen_unusual), each pair of
        # numbers switched on in turn (external atoms).
        # (Five attributes each, universe.lp's gen_unusual; marked damage and two kinds of counters
        # where the condition's options give them.)
        per = 5 + ("damaged" in cond.options) + 2 * ("counters" in cond.options)
        most = per * bound.objects
        ctl = _control(cond, bound, length, pool, f"\n:- not edge_case({cond.name}).\n" + shows +
                       f"#external gen_size(0..{bound.objects}, 0..{most}).\n"
                       ":- gen_size(M, K), #count { O : object(O) } != M.\n"
                       ":- gen_size(M, K), #count { O, A : gen_unusual(O, A) } != K.\n",
                       ["--models=0", "--project=show", "--opt-mode=ignore"])
        searched.append(length)
        found: list[list[clingo.Symbol]] = []
        for m, k in ((m, k) for m in range(bound.objects + 1) for k in range(per * m + 1)):
            if len(found) >= 20 * n:
                exhausted = False
                break
            size = clingo.Function("gen_size", [clingo.Number(m), clingo.Number(k)])
            ctl.assign_external(size, True)
            with ctl.solve(yield_=True, async_=True) as handle:
                while len(found) < 20 * n:
                    handle.resume()
                    if not handle.wait(max(time_limit - (time.monotonic() - start), 0.01)):
                        handle.cancel()
                        exhausted = False
                        break
                    model = handle.model()
                    if model is None:
                        break
                    found.append(list(model.symbols(shown=True)))
            ctl.assign_external(size, False)
        candidates += len(found)
        for atoms in found:
            if len(kept) >= n:
                exhausted = False
                break
            text, scenario = canonical(to_scenario(cond, atoms, pool))
            if text in seen:
                continue
            seen.add(text)
            path = out_dir / f"{cond.name}-{len(kept) + 1}.yaml"
            _write(path, scenario)
            if not confirm(cond, path, pool, 60.0, atom="edge_case"):
                path.unlink()
                continue
            scenario = dict(scenario)
            questions = scenario.pop("questions")
            scenario["expect"] = _expectations(path, questions)
            if any(len(e.get("outcomes", [e])) < cond.outcomes for e in scenario["expect"]):
                path.unlink()           # `%! outcomes: N`: fewer answers than the condition asks for
                continue
            _write(path, scenario)
            kept.append({"file": path.name, "objects": len(scenario["objects"]),
                         "events": len(scenario["timeline"])})
    index = {"condition": cond.name, "rules": list(cond.rules), "says": cond.summary,
             "bound": {"objects": bound.objects, "events": bound.events},
             "files": kept}
    _write(out_dir / "index.yaml", index)
    return Generated(cond, [out_dir / k["file"] for k in kept], searched, candidates, exhausted)


def _write(path: Path, data: dict) -> None:
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100), encoding="utf-8")
