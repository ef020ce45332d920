"""The order in which the continuous effects of one layer or sublayer apply (CR 613.7, 613.8).

The rules (logic/) say which effects there are, their timestamps, and which effect depends on
which (613.8a); this module only orders them, with networkx, and says why each comes where it
does. It decides nothing about the rules' content: given the same timestamps and dependencies,
any judge orders them the same way.

- 613.7: without dependencies, the earliest timestamp applies first.
- 613.8b: an effect that depends on others waits until all of them have applied, and then
  applies *just after* the last of them, before any independent effect still waiting (several
  such effects at once go in timestamp order); effects in a dependency loop ignore the
  dependencies among themselves and apply in timestamp order.
- 613.8c: after each effect applies, the dependencies among the remaining effects are
  evaluated again: pass a function instead of a fixed set of edges.

>>> order({"C": 3, "D": 4, "A": 5}, {("A", "C")})
['C', 'A', 'D']
>>> order({"a": 1, "b": 2, "c": 3}, set())
['a', 'b', 'c']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Hashable, Iterable, Mapping, Union

import networkx as nx

Effect = Hashable
Edges = Iterable[tuple[Effect, Effect]]
# The dependencies among the effects still to apply, given those applied so far (613.8c):
# pairs (A, B), "A depends on B".
Dependencies = Union[Edges, Callable[[tuple[Effect, ...]], Edges]]


@dataclass(frozen=True)
class Step:
    """One effect applied, and why it came there.

    why: "timestamp" (613.7: the earliest of the effects that wait on nothing), "dependency"
    (613.8b: just after the last of the effects in `after`, which it depends on), or "loop"
    (613.8b: in a dependency loop with the effects in `loop`, applied in timestamp order).
    """
    effect: Effect
    why: str
    after: tuple[Effect, ...] = ()
    loop: tuple[Effect, ...] = ()


def order(timestamps: Mapping[Effect, object], dependencies: Dependencies) -> list[Effect]:
    """The effects in the order they apply (see `steps` for why).

    A dependency loop applies in timestamp order (613.8b):

    >>> order({"x": 2, "y": 1}, {("x", "y"), ("y", "x")})
    ['y', 'x']

    Two effects waiting on the same one apply just after it, in timestamp order:

    >>> order({"c": 1, "d": 2, "a": 4, "b": 3}, {("a", "c"), ("b", "c")})
    ['c', 'b', 'a', 'd']
    """
    return [s.effect for s in steps(timestamps, dependencies)]


def steps(timestamps: Mapping[Effect, object], dependencies: Dependencies) -> list[Step]:
    """Each effect applied, in order, with the reason (613.7, 613.8b, 613.8c).

    >>> [(s.effect, s.why, s.after) for s in steps({"C": 3, "D": 4, "A": 5}, {("A", "C")})]
    [('C', 'timestamp', ()), ('A', 'dependency', ('C',)), ('D', 'timestamp', ())]

    613.8c: with a function, the dependencies are asked again after each effect applies. Here
    "b" depends on "a" only until "c" has applied:

    >>> def deps(applied):
    ...     return set() if "c" in applied else {("b", "a")}
    >>> order({"a": 3, "b": 1, "c": 2}, deps)
    ['c', 'b', 'a']
    """
    unknown = {e for pair in _edges(dependencies, ()) for e in pair} - set(timestamps)
    if unknown:
        raise ValueError(f"dependencies name effects without a timestamp: {sorted(map(str, unknown))}")
    applied: list[Effect] = []
    result: list[Step] = []
    remaining = set(timestamps)
    # For each effect still to apply, the applied effects it depended on as they applied: once
    # it waits on nothing more, it applies next (613.8b: "just after all of those effects").
    depended: dict[Effect, tuple[Effect, ...]] = {}
    key = _timestamp_key(timestamps)
    while remaining:
        graph = dependency_graph(remaining, _edges(dependencies, tuple(applied)))
        loops = {e: tuple(sorted(c, key=key)) for c in nx.strongly_connected_components(graph)
                 if len(c) > 1 for e in c}
        waiting = {a for a, b in graph.edges if a not in loops or b not in loops[a]}
        due = [e for e in depended if e not in waiting]
        if due:
            effect = min(due, key=key)
            step = Step(effect, "dependency", after=depended.pop(effect))
        else:
            effect = min(remaining - waiting, key=key)
            step = Step(effect, "loop", loop=loops[effect]) if effect in loops else Step(effect, "timestamp")
        for dependent in graph.predecessors(effect):
            if dependent not in loops or effect not in loops[dependent]:
                depended[dependent] = depended.get(dependent, ()) + (effect,)
        result.append(step)
        applied.append(effect)
        remaining.discard(effect)
    return result


def dependency_graph(effects: Iterable[Effect], edges: Edges) -> nx.DiGraph:
    """The effects, with an arc A -> B for "A depends on B" (613.8a), among `effects` only.

    >>> sorted(dependency_graph({"a", "b"}, {("a", "b"), ("a", "z")}).edges)
    [('a', 'b')]
    """
    graph = nx.DiGraph()
    members = set(effects)
    graph.add_nodes_from(members)
    graph.add_edges_from((a, b) for a, b in edges if a in members and b in members and a != b)
    return graph


def _edges(dependencies: Dependencies, applied: tuple[Effect, ...]) -> set[tuple[Effect, Effect]]:
    return set(dependencies(applied) if callable(dependencies) else dependencies)


def _timestamp_key(timestamps: Mapping[Effect, object]) -> Callable[[Effect], tuple]:
    # Timestamps are comparable values (613.7); ties can't happen in a scenario (613.7m orders
    # simultaneous ones), but the effect's text keeps the order total and deterministic.
    return lambda e: (timestamps[e], str(e))
