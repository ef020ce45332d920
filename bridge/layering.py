"""From the rules' dependencies to the order of effects, and back to the rules as facts.

The rules (logic/dependency.lp) report, at each point where an effect of a layer depends on
another (613.8a), every effect of that layer there with its timestamp and key
(`ordering_candidate(Eff, Layer, TS, P)`, `ordering_key(Eff, Layer, K, P)`) and the
dependencies at each moment of the layer (`effect_depends_at(A, B, Layer, Part, K, P)`: just
before the effect with key K applies, with every effect of a lower key applied, A depends on B
by Part of 613.8a). `order.steps` orders them (613.7, 613.8b), asking for the dependencies again
after each effect applies (613.8c); the order goes back as `effect_position(Eff, Layer, I, P)`
(with `effect_reason(Eff, Layer, Why, P)`: timestamp, after(B), loop), external atoms
dependency.lp declares, made true, and the scenario is solved again on the same grounding
(ask.py, solve.Grounding), until the order no longer changes (`settle`): the moments the rules
judged are those of the order the bridge gave them.

>>> from clingo import Function, Number, String
>>> ts = lambda n: Function("", [Number(n), Number(0)])
>>> a, b, four = Function("a"), Function("b"), String("4")
>>> atoms = [Function("ordering_candidate", [a, four, ts(3), Number(8)]),
...          Function("ordering_candidate", [b, four, ts(5), Number(8)]),
...          Function("ordering_key", [a, four, ts(3), Number(8)]),
...          Function("ordering_key", [b, four, ts(5), Number(8)]),
...          Function("effect_depends_at", [a, b, four, Function("existence"), ts(3), Number(8)])]
>>> [str(f) for f in position_facts(atoms)]
['effect_position(b,"4",1,8)', 'effect_reason(b,"4",timestamp,8)', 'effect_position(a,"4",2,8)', 'effect_reason(a,"4",after(b),8)']
"""

from __future__ import annotations

from collections import defaultdict
from typing import Callable, Iterable

import clingo

from .errors import UserError

# The atoms the rules show for the bridge to order effects with (queries/common.lp).
ORDERING_ATOMS = frozenset({("ordering_candidate", 4), ("ordering_key", 4), ("ordering_unit", 4),
                            ("effect_depends_at", 6)})
# Each round settles at least one more place of each layer's order (the first effect's
# dependencies don't depend on the order; each later one's, on the places before it) and may
# find effects that become candidates only once others are placed: a scenario needs at most as
# many rounds as the largest layer has effects, and a few more. Beyond this, something is wrong.
MIN_ROUNDS = 6


_ORDERING_NAMES = frozenset(name for name, _ in ORDERING_ATOMS)


def is_ordering_atom(symbol: clingo.Symbol) -> bool:
    # The name first: reading a symbol's arguments is a call into clingo per argument.
    return symbol.name in _ORDERING_NAMES and (symbol.name, len(symbol.arguments)) in ORDERING_ATOMS


def position_facts(atoms: Iterable[clingo.Symbol]) -> list[clingo.Symbol]:
    """`effect_position(Eff, Layer, I, P)` for each layer and point the atoms order (1-based).

    The parts of one ability's effect (`ordering_unit`) are ordered as one effect and share
    its place (613.6); a dependency between two parts of one effect is none."""
    timestamps: dict[tuple, dict] = defaultdict(dict)
    keys: dict[tuple, dict] = defaultdict(dict)
    units: dict[tuple, dict] = defaultdict(dict)
    edges: dict[tuple, dict] = defaultdict(lambda: defaultdict(set))
    for a in atoms:
        args = a.arguments
        if a.name == "ordering_candidate" and len(args) == 4:
            eff, layer, ts, point = args
            timestamps[(layer, point)][eff] = ts
        elif a.name == "ordering_key" and len(args) == 4:
            eff, layer, key, point = args
            keys[(layer, point)][eff] = key
        elif a.name == "ordering_unit" and len(args) == 4:
            eff, unit, layer, point = args
            units[(layer, point)][eff] = unit
        elif a.name == "effect_depends_at" and len(args) == 6:
            dependent, on, layer, _part, moment, point = args
            edges[(layer, point)][moment].add((dependent, on))
    facts: list[clingo.Symbol] = []
    if not timestamps:
        return facts
    # networkx is imported only where a dependency exists: importing it costs a command more
    # than answering most questions (docs/adr/0004).
    from .order import steps
    for group in sorted(timestamps):
        layer, point = group
        unit_of = {eff: units[group].get(eff, eff) for eff in timestamps[group]}
        parts: dict = defaultdict(list)
        for eff in sorted(unit_of, key=str):
            parts[unit_of[eff]].append(eff)
        # One ability's parts have its timestamp (613.7a): the earliest stands for all.
        unit_timestamps = {u: min(timestamps[group][e] for e in effs) for u, effs in parts.items()}
        by_moment = edges.get(group, {})
        dependencies = _at_each_moment(keys[group], by_moment)

        def unit_dependencies(applied_units, dependencies=dependencies, parts=parts, unit_of=unit_of):
            applied = tuple(e for u in applied_units for e in parts[u])
            return {(unit_of[a], unit_of[b]) for a, b in dependencies(applied)
                    if a in unit_of and b in unit_of and unit_of[a] != unit_of[b]}
        # The parts each part depended on at some moment, to name in an after(B) reason.
        part_edges = {pair for pairs in by_moment.values() for pair in pairs}
        for i, step in enumerate(steps(unit_timestamps, unit_dependencies), start=1):
            for eff in parts[step.effect]:
                facts.append(clingo.Function("effect_position", [eff, layer, clingo.Number(i), point]))
                facts.extend(clingo.Function("effect_reason", [eff, layer, why, point])
                             for why in _reasons(step, eff, parts, part_edges))
    return facts


def _at_each_moment(keys: dict, edges: dict) -> Callable[[tuple], set]:
    """The dependencies once `applied` have applied (613.8c), as the rules judged them at the
    moment whose applied effects (those with a lower key) are the most of `applied`: exactly
    `applied` while the order follows the keys the rules were given; the next round judges the
    moments of a new order (`settle`).

    >>> deps = _at_each_moment({"a": 1, "b": 2, "c": 3}, {1: {("c", "b")}})
    >>> sorted(deps(())), sorted(deps(("a",))), sorted(deps(("b",)))
    ([('c', 'b')], [], [('c', 'b')])
    """
    moments = sorted(set(keys.values()) | set(edges))
    applied_at = {m: frozenset(e for e, k in keys.items() if k < m) for m in moments}

    def dependencies(applied: tuple) -> set:
        done = set(applied)
        judged = [m for m in moments if applied_at[m] <= done]
        return edges.get(max(judged, key=lambda m: len(applied_at[m])), set()) if judged else set()
    return dependencies


def _reasons(step, eff=None, parts=None, part_edges=frozenset()) -> list[clingo.Symbol]:
    """Why the effect comes where it does (order.Step), as terms: timestamp (613.7), after(B)
    for each effect it waited for (613.8b), loop (613.8b: a dependency loop, timestamp order).
    An effect waited for that has several parts is named by the parts `eff` depended on, or if
    none, those another part of its effect depended on."""
    if step.why == "dependency":
        named = []
        mine = parts[step.effect] if parts else [eff]
        for unit in step.after:
            members = parts[unit] if parts else [unit]
            own = [b for b in members if (eff, b) in part_edges]
            ours = [b for b in members if any((a, b) in part_edges for a in mine)]
            named.extend(own or ours or members)
        return [clingo.Function("after", [b]) for b in named]
    return [clingo.Function(step.why)]


def settle(solve_with: Callable[[list[clingo.Symbol]], list[list[clingo.Symbol]]],
           origin: str | None = None) -> list[list[clingo.Symbol]]:
    """Solve with the order of effects the rules' dependencies give, until it no longer changes.

    `solve_with(positions)` solves with those facts added and returns the models' shown atoms.
    Returns the models without the ordering atoms."""
    positions: list[clingo.Symbol] = []
    rounds, limit = 0, MIN_ROUNDS
    while rounds < limit:
        rounds += 1
        models = solve_with(positions)
        reported = sorted({a for m in models for a in m if is_ordering_atom(a)})
        wanted = position_facts(reported)
        if set(wanted) == set(positions):
            # (Nothing to take out when nothing was reported: each look at an atom is a call
            # into clingo, and legal_blocks answers with tens of thousands.)
            return [[a for a in m if not is_ordering_atom(a)] for m in models] if reported else models
        positions = wanted
        limit = max(limit, _largest_layer(reported) + 2)
    raise UserError(origin or "<scenario>", None,
                    f"the order of continuous effects (613.8) did not settle after {rounds} solves")


def _largest_layer(reported: list[clingo.Symbol]) -> int:
    sizes: dict[tuple, int] = defaultdict(int)
    for a in reported:
        if a.name == "ordering_candidate":
            sizes[(a.arguments[1], a.arguments[3])] += 1
    return max(sizes.values(), default=0)
