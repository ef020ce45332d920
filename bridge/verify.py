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

import tempfile
import time
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Iterable

import clingo
import yaml
from clingo import ast

from .cards import CardPool
from .errors import UserError
from .facts import card_facts, fact, scenario_facts
from .resources import _PACKAGE, logic_files
from .solve import _parsed, programs_for, solve as solve_staged

PLAYERS = ("alice", "bob")
DEFAULT_OBJECTS = 2
DEFAULT_EVENTS = 3
DEFAULT_TIME_LIMIT = 60.0
# The event verbs a property's `%! events:` may name: the verbs universe.lp can choose.
# (begin:STEP: a step of the current turn begins.)
STEPS = ("untap", "upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers", "declare_blockers",
         "combat_damage", "end_of_combat", "postcombat_main", "end", "cleanup")
VERBS = ("transform", "attack", "block", *(f"begin:{s}" for s in STEPS), "gain", "lose", "begin_turn", "gain_control",
         "copy", "move", "tap")
ZONES = ("battlefield", "hand", "graveyard")

# prev_rel/3 and read_point/3 as bridge/stages.between gives them, written as aggregates (see
# the module's docstring), and the points a generated state is read at.
_BETWEEN = """
prev_rel(O, P, Q) :- rel(O, P), Q = #max { R : rel(O, R), R < P }, Q >= 0.
read_point(T, O, B) :- read_request(T, O, E), B = #max { R : rel(O, R), R < E }, B >= 0.
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


def load_property(path: Path) -> Property:
    h = _header(path)
    where = str(path)
    if h.get("property") != path.stem:
        raise UserError(where, "%! property", f"the header must name the property as its file does ({path.stem})")
    events = tuple(h.get("events", "").split())
    unknown = [v for v in events if v not in VERBS]
    if unknown:
        raise UserError(where, "%! events", f"unknown event verb(s) {unknown}; the universe has {list(VERBS)}")
    zones = tuple(h.get("zones", "battlefield").split())
    if any(z not in ZONES for z in zones):
        raise UserError(where, "%! zones", f"zones must be among {list(ZONES)}")
    cards = tuple(c.strip() for c in h.get("cards", "").split(";") if c.strip())
    if not cards:
        raise UserError(where, "%! cards", "a property names the cards its universe draws objects from")
    return Property(name=path.stem, path=path, rules=tuple(h.get("rules", "").split()), summary=_summary(path),
                    events=events, cards=cards, zones=zones, keywords=tuple(h.get("keywords", "").split()),
                    step=h.get("step", "precombat_main"), options=tuple(h.get("options", "").split()),
                    **({"shows": h["shows"]} if h.get("shows") else {}))


def all_properties(root: Path | None = None) -> list[Property]:
    root = root or properties_dir()
    return [load_property(p) for p in sorted(root.glob("*.lp")) if p.name != "universe.lp"]


def select(names: Iterable[str], root: Path | None = None) -> list[Property]:
    known = {p.name: p for p in all_properties(root)}
    names = list(names)
    if not names:
        return list(known.values())
    missing = [n for n in names if n not in known]
    if missing:
        raise UserError("verify", None, f"no property {missing[0]!r}; the properties are: {', '.join(sorted(known))}")
    return [known[n] for n in names]


@dataclass(frozen=True)
class Bound:
    objects: int = DEFAULT_OBJECTS
    events: int = DEFAULT_EVENTS

    def describe(self, prop: Property) -> str:
        return (f"≤{_n(self.objects, 'object')} of {_n(len(prop.cards), 'card')}, ≤{_n(self.events, 'event')} of "
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


# --- The universe, as facts ------------------------------------------------------------------

TURN = 3


def universe_facts(prop: Property, bound: Bound, length: int, pool: CardPool) -> list[clingo.Symbol]:
    out: list[clingo.Symbol] = []
    for name in prop.cards:
        card = pool.find(name)
        out.extend(card_facts(card))
        out.append(fact("pool_card", card.name))
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
    out.append(fact("timeline_length", length))
    for t in range(1, length + 1):
        out.append(fact("entry", t))
        out.append(fact("gen_entry", t))
    for v in prop.events:
        out.append(fact("gen_verb", _verb_term(v)))
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


def _program_paths(prop: Property) -> tuple[Path, ...]:
    return tuple(logic_files()) + (properties_dir() / "universe.lp", prop.path)


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


def search(prop: Property, bound: Bound, length: int, pool: CardPool, time_limit: float) -> tuple[str, list[clingo.Symbol]]:
    """One part of a sweep: every state with exactly `length` events. ("unsat", []) when none
    breaks the property, ("sat", atoms of the best model), or ("timeout", best so far)."""
    ctl = _control(prop, bound, length, pool, f"\n:- not violated({prop.name}).\n", ["--opt-mode=opt"])
    best: list[clingo.Symbol] = []
    wanted = set(_CHOSEN) | {"witness", "violated"}

    def on_model(model: clingo.Model) -> None:
        best[:] = [s for s in model.symbols(atoms=True) if s.name in wanted]

    with ctl.solve(on_model=on_model, async_=True) as handle:
        if not handle.wait(time_limit):
            handle.cancel()
            return ("timeout", best)
        result = handle.get()
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
                  time_limit: float = 60.0) -> list[list[clingo.Symbol]]:
    """Up to n states of one part of the universe, whether they break the property or not, drawn
    with clingo's randomised search (a different seed, different states): for the differential
    test that the one-stage grounding of a sweep agrees with the ordinary pipeline."""
    # Every object slot used: a random search otherwise settles on states with no object.
    ctl = _control(prop, bound, length, pool, f"\n:- not object(\"o{bound.objects}\").\n", [f"--models={n}", "--opt-mode=ignore", f"--seed={seed}",
                                                   "--rand-freq=0.5", "--sign-def=rnd"])
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
    if sym.name == "player" and len(sym.arguments) == 1:
        return _s(sym.arguments[0])
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
    events = sorted((a.arguments[0].number, a.arguments[1]) for a in atoms if a.name == "happens")
    timeline = [_event(term) for _, term in events]
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
    return {
        "description": (f"A counterexample `rulecheck verify` found to the property {prop.name} "
                        f"(CR {rules}): {prop.summary} {prop.shows}"),
        "rules": "2026-09-25",
        "players": list(PLAYERS),
        "turn": {"number": TURN, "active": PLAYERS[0], "step": prop.step},
        "objects": {o: objects[o] for o in order},
        "timeline": timeline,
        "questions": questions,
    }


def _event(term: clingo.Symbol) -> dict:
    n, args = term.name, term.arguments
    if n in ("transform", "tap"):
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
    if n == "gain_control":
        return {"gain_control": _s(args[0]), "player": _s(args[1])}
    if n == "copy":
        return {"copy": _s(args[0]), "of": _s(args[1]), "until": _s(args[2])}
    if n == "move":
        return {"move": _s(args[0]), "to": _s(args[1])}
    raise AssertionError(f"universe.lp chose an event verify can't write: {term}")


def confirm(prop: Property, path: Path, pool: CardPool, time_limit: float) -> bool:
    """Does the scenario file, loaded and grounded as `rulecheck ask` does, break the property?
    (A state with effects that depend on each other, 613.8, would need the layer-ordering loop of
    bridge/layering.py, which a sweep doesn't run: such a state is not confirmed.)"""
    from .load import load_scenario
    scn = load_scenario(path, pool)
    programs = programs_for(None) + (prop.path,)
    result = solve_staged(scenario_facts(scn), programs, time_limit=time_limit, constants={"full_demand": 1},
                          extra_program="#show violated/1. #show invalid/2. #show ordering_candidate/4.")
    bad = {"invalid", "ordering_candidate"}
    return bool(result.models) and all(
        clingo.Function("violated", [clingo.Function(prop.name)]) in m and not any(s.name in bad for s in m)
        for m in result.models)


# --- A sweep -----------------------------------------------------------------------------------

def verify(prop: Property, bound: Bound, *, pool: CardPool | None = None, out_dir: Path | None = None,
           time_limit: float = DEFAULT_TIME_LIMIT) -> Outcome:
    """Timelines of 0, 1, ... bound.events entries, one part each, shortest first; in each,
    clingo minimises the objects. The counterexample kept has the fewest objects, then the
    fewest events (the sweep stops early at one with no object: nothing can be smaller)."""
    pool = pool or CardPool.builtin()
    start = time.monotonic()
    parts = 0
    best: tuple[int, int, list[clingo.Symbol], str] | None = None
    note = ""
    for length in range(bound.events + 1):
        left = time_limit - (time.monotonic() - start)
        status, atoms = ("timeout", []) if left <= 0 else search(prop, bound, length, pool, left)
        if status == "timeout":
            note = f"time limit: timelines of {length} events or more not searched"
            if atoms:
                note = f"time limit: the {length}-event part not proven minimal, longer ones not searched"
        else:
            parts += 1
        if atoms:
            objects = sum(1 for a in atoms if a.name == "object")
            if best is None or objects < best[0]:
                best = (objects, length, atoms, status)
        if status == "timeout" or (best is not None and best[0] == 0):
            break
    seconds = time.monotonic() - start
    if best is None:
        return Outcome(prop, bound, "time limit" if note else "holds", seconds, parts, note=note)
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
    return Outcome(prop, bound, result, time.monotonic() - start, parts, scenario, path,
                   objects=best[0], events=best[1], note=note)


def _verify_named(name: str, root: Path, bound: Bound, out_dir: Path | None, time_limit: float) -> Outcome:
    return verify(load_property(root / f"{name}.lp"), bound, out_dir=out_dir, time_limit=time_limit)


def run_all(props: list[Property], bound: Bound, *, out_dir: Path | None, time_limit: float, jobs: int = 1,
            progress=None) -> list[Outcome]:
    """Each property in turn, or `jobs` at a time in processes; the outcomes in the order given.
    progress(done, outcome) is called as each finishes."""
    outcomes: dict[str, Outcome] = {}
    if jobs <= 1 or len(props) <= 1:
        for p in props:
            outcomes[p.name] = verify(p, bound, out_dir=out_dir, time_limit=time_limit)
            if progress:
                progress(len(outcomes), outcomes[p.name])
    else:
        from concurrent.futures import ProcessPoolExecutor, as_completed
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = {pool.submit(_verify_named, p.name, p.path.parent, bound, out_dir, time_limit): p for p in props}
            for future in as_completed(futures):
                outcome = future.result()
                outcomes[outcome.prop.name] = outcome
                if progress:
                    progress(len(outcomes), outcome)
    return [outcomes[p.name] for p in props]


def render_report(outcomes: list[Outcome]) -> str:
    rows = [("property", "CR", "result", "bound", "time", "counterexample")]
    for o in outcomes:
        result = o.result
        if o.result in ("counterexample", "unconfirmed"):
            result += f" ({_n(o.objects, 'object')}, {_n(o.events, 'event')})"
        rows.append((o.prop.name, " ".join(o.prop.rules), result + (f"; {o.note}" if o.note else ""),
                     o.bound.describe(o.prop), f"{o.seconds:.1f} s", str(o.file) if o.file else "-"))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _n(n: int | None, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")
