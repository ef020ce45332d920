"""From the rules' dependencies to the order of effects, and back to the rules as facts.

The rules (logic/dependency.lp) report, at each point where an effect of a layer depends on
another (613.8a), every effect of that layer there with its timestamp
(`ordering_candidate(Eff, Layer, TS, P)`) and the dependencies (`effect_depends(A, B, Layer,
Part, P)`: A depends on B by Part of 613.8a). `order.steps` orders them (613.7, 613.8b);
the order goes back as `effect_position(Eff, Layer, I, P)` (with `effect_reason(Eff, Layer,
Why, P)`: timestamp, after(B), loop), external atoms dependency.lp declares, made true, and the
scenario is solved again on the same grounding (ask.py, solve.Grounding),
until the dependencies the rules report are those the order was made from (`settle`).

>>> from clingo import Function, Number, String
>>> ts = lambda n: Function("", [Number(n), Number(0)])
>>> atoms = [Function("ordering_candidate", [Function("a"), String("4"), ts(3), Number(8)]),
...          Function("ordering_candidate", [Function("b"), String("4"), ts(5), Number(8)]),
...          Function("effect_depends", [Function("a"), Function("b"), String("4"), Function("existence"), Number(8)])]
>>> [str(f) for f in position_facts(atoms)]
['effect_position(b,"4",1,8)', 'effect_reason(b,"4",timestamp,8)', 'effect_position(a,"4",2,8)', 'effect_reason(a,"4",after(b),8)']
"""

from __future__ import annotations

from collections import defaultdict
from typing import Callable, Iterable

import clingo

from .errors import UserError

# The atoms the rules show for the bridge to order effects with (queries/common.lp).
ORDERING_ATOMS = frozenset({("ordering_candidate", 4), ("effect_depends", 5)})
# Each solve can only place more effects; a scenario needs as many rounds as effects that
# become candidates only once others are placed (613.8c). Beyond this, something is wrong.
MAX_ROUNDS = 6


_ORDERING_NAMES = frozenset(name for name, _ in ORDERING_ATOMS)


def is_ordering_atom(symbol: clingo.Symbol) -> bool:
    # The name first: reading a symbol's arguments is a call into clingo per argument.
    return symbol.name in _ORDERING_NAMES and (symbol.name, len(symbol.arguments)) in ORDERING_ATOMS


def position_facts(atoms: Iterable[clingo.Symbol]) -> list[clingo.Symbol]:
    """`effect_position(Eff, Layer, I, P)` for each layer and point the atoms order (1-based)."""
    timestamps: dict[tuple, dict] = defaultdict(dict)
    edges: dict[tuple, set] = defaultdict(set)
    for a in atoms:
        if a.name == "ordering_candidate" and len(a.arguments) == 4:
            eff, layer, ts, point = a.arguments
            timestamps[(layer, point)][eff] = ts
        elif a.name == "effect_depends" and len(a.arguments) == 5:
            dependent, on, layer, _part, point = a.arguments
            edges[(layer, point)].add((dependent, on))
    facts: list[clingo.Symbol] = []
    if not timestamps:
        return facts
    # networkx is imported only where a dependency exists: importing it costs a command more
    # than answering most questions (docs/adr/0004).
    from .order import steps
    for group in sorted(timestamps):
        layer, point = group
        for i, step in enumerate(steps(timestamps[group], edges.get(group, set())), start=1):
            facts.append(clingo.Function("effect_position", [step.effect, layer, clingo.Number(i), point]))
            facts.extend(clingo.Function("effect_reason", [step.effect, layer, why, point]) for why in _reasons(step))
    return facts


def _reasons(step) -> list[clingo.Symbol]:
    """Why the effect comes where it does (order.Step), as terms: timestamp (613.7), after(B)
    for each effect it waited for (613.8b), loop (613.8b: a dependency loop, timestamp order)."""
    if step.why == "dependency":
        return [clingo.Function("after", [b]) for b in step.after]
    return [clingo.Function(step.why)]


def settle(solve_with: Callable[[list[clingo.Symbol]], list[list[clingo.Symbol]]],
           origin: str | None = None) -> list[list[clingo.Symbol]]:
    """Solve with the order of effects the rules' dependencies give, until it no longer changes.

    `solve_with(positions)` solves with those facts added and returns the models' shown atoms.
    Returns the models without the ordering atoms."""
    positions: list[clingo.Symbol] = []
    for _ in range(MAX_ROUNDS):
        models = solve_with(positions)
        reported = sorted({a for m in models for a in m if is_ordering_atom(a)})
        wanted = position_facts(reported)
        if set(wanted) == set(positions):
            # (Nothing to take out when nothing was reported: each look at an atom is a call
            # into clingo, and legal_blocks answers with tens of thousands.)
            return [[a for a in m if not is_ordering_atom(a)] for m in models] if reported else models
        positions = wanted
    raise UserError(origin or "<scenario>", None,
                    f"the order of continuous effects (613.8) did not settle after {MAX_ROUNDS} solves")
