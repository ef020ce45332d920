"""bridge/order.py: the order of the effects of one layer (613.7, 613.8b, 613.8c), with networkx."""

import doctest

import networkx as nx
import pytest
from hypothesis import given, settings, strategies as st

import rulecheck.order as order_module
from rulecheck.order import order, steps


def test_doctests():
    assert doctest.testmod(order_module).failed == 0


def test_a_dependent_effect_applies_just_after_what_it_depends_on():
    # 613.8b: A (timestamp 5) depends on C (3); D (4) is independent: C, A, D — not C, D, A.
    got = steps({"C": 3, "D": 4, "A": 5}, {("A", "C")})
    assert [(s.effect, s.why, s.after) for s in got] == [
        ("C", "timestamp", ()), ("A", "dependency", ("C",)), ("D", "timestamp", ())]


def test_an_effect_waits_for_the_last_of_several_it_depends_on():
    # A depends on C and E; D comes between them by timestamp; A goes just after E.
    got = steps({"C": 1, "D": 2, "E": 3, "A": 4, "F": 5}, {("A", "C"), ("A", "E")})
    assert [(s.effect, s.why, s.after) for s in got] == [
        ("C", "timestamp", ()), ("D", "timestamp", ()), ("E", "timestamp", ()),
        ("A", "dependency", ("C", "E")), ("F", "timestamp", ())]


def test_a_dependency_loop_applies_in_timestamp_order():
    # 613.8b: "this rule is ignored and the effects in the dependency loop are applied in
    # timestamp order" (the 613.8 loop of Opalescence-like effects).
    got = steps({"x": 3, "y": 1, "z": 2}, {("x", "y"), ("y", "x")})
    assert [(s.effect, s.why, s.loop) for s in got] == [
        ("y", "loop", ("y", "x")), ("z", "timestamp", ()), ("x", "timestamp", ())]


def test_an_effect_depending_on_a_loop_waits_for_all_of_it():
    got = order({"a": 1, "b": 2, "c": 0, "d": 5}, {("a", "b"), ("b", "a"), ("c", "a"), ("c", "b")})
    assert got == ["a", "b", "c", "d"]


def test_dependencies_are_evaluated_again_after_each_effect():
    # 613.8c: "b" depends on "a" only until "c" has applied (an effect that stops changing
    # what another applies to), so after "c" it is independent and goes by timestamp.
    seen = []

    def dependencies(applied):
        seen.append(applied)
        return set() if "c" in applied else {("b", "a")}
    assert order({"a": 3, "b": 1, "c": 2}, dependencies) == ["c", "b", "a"]
    assert seen[:3] == [(), (), ("c",)]


def test_an_unknown_effect_in_the_dependencies_is_refused():
    with pytest.raises(ValueError, match="without a timestamp"):
        order({"a": 1}, {("a", "b")})


@st.composite
def layers(draw):
    n = draw(st.integers(1, 8))
    stamps = dict(zip([f"e{i}" for i in range(n)], draw(st.permutations(range(n)))))
    names = sorted(stamps)
    edges = draw(st.sets(st.tuples(st.sampled_from(names), st.sampled_from(names)), max_size=12))
    return stamps, {(a, b) for a, b in edges if a != b}


@settings(max_examples=200, derandomize=True, deadline=None)
@given(layers())
def test_every_effect_applies_once_and_after_what_it_depends_on_outside_a_loop(layer):
    stamps, edges = layer
    got = order(stamps, edges)
    assert sorted(got) == sorted(stamps)
    graph = nx.DiGraph(list(edges))
    graph.add_nodes_from(stamps)
    loop_of = {e: frozenset(c) for c in nx.strongly_connected_components(graph) for e in c}
    position = {e: i for i, e in enumerate(got)}
    for a, b in edges:
        if loop_of[a] != loop_of[b]:
            assert position[b] < position[a], (a, b, got)


@settings(max_examples=200, derandomize=True, deadline=None)
@given(layers())
def test_without_dependencies_the_order_is_the_timestamps(layer):
    stamps, _ = layer
    assert order(stamps, set()) == sorted(stamps, key=stamps.get)
