"""Tests name timeline entries, never internal points (issue 9).

Entry T owns the points T*k .. T*k+k-1 (logic/time.lp, k = 4). A test that writes `tapped(O, 11)`
for "after entry 2", or asserts `performed(..., 21)`, is right only while k = 4, and reads as
nonsense to whoever doesn't count in fours. The check is a lint (tests/points.py) that every
program a test solves goes through (harness.check_program, called by harness.shown and
harness.solve): it refuses a literal point, a compared-with point, a shown point, and
`#show p/n.` of a predicate with a point argument, naming each. Which arguments are points is
derived from the rules themselves, from point_of/end_of/before onwards, so a new predicate that
carries a point is covered without a list to keep.

Why a lint rather than solving every test again with another k: it is free (a parse per program,
no solve), it runs in the test that made the mistake and names the atom; another k finds a
literal point only where the atoms at it differ, and with k = 5 point 11 is a round of entry 2's
state-based actions, where the state of an object relevant there is most often the state after
it. The last test here shows the difference another k makes.
"""

import ast
import doctest
from pathlib import Path

import pytest

import harness
import points
from harness import NAMED_POINTS, PERFORMED, shown1

HERE = Path(__file__).resolve().parent

VIGILANCE = """
turn: {number: 4, active: alice, step: declare_attackers}
objects:
  angel: {card: Serra Angel}
  bears: {card: Grizzly Bears}
timeline:
  - {attack: angel, target: bob}
  - {attack: bears, target: bob}
"""


def test_doctests():
    assert doctest.testmod(points).failed == 0


def test_point_arguments_are_derived_from_the_rules():
    found = points.point_positions()
    # Points: the state's (tapped/2, damage_marked/3), a state-based action's (performed/2,
    # from sba/4 at P + 1), an effect's start and its timestamp's first component, the read
    # point of a blocker (cannot_block/4), the game's (most_recent_turn/3).
    for pos in [("tapped", 2, (1,)), ("damage_marked", 3, (2,)), ("performed", 2, (1,)),
                ("effect_start", 2, (1,)), ("effect_timestamp", 2, (1, 0)), ("cannot_block", 4, (2,)),
                ("most_recent_turn", 3, (2,)), ("val", 4, (3,)), ("val:arrived", 4, (2,)),
                ("summoning_sick", 3, (1,)), ("summoning_sick", 3, (2,))]:
        assert pos in found, pos
    # Not points: timeline entries (created_by/3, dealt/4, counter_change/4, invalid/2's entry),
    # a number of counters, a turn number, the value of an attribute that isn't arrived.
    for pos in [("created_by", 3, (1,)), ("dealt", 4, (3,)), ("counter_change", 4, (3,)),
                ("invalid", 2, (1,)), ("counter", 4, (2,)), ("controlled_since", 3, (1,)),
                ("val", 4, (2,)), ("point_of", 2, (0,)), ("end_of", 2, (0,))]:
        assert pos not in found, pos


@pytest.mark.parametrize("program, problem", [
    ('#show. #show t(O) : tapped(O, 11).', 'literal point 11 in tapped(O,11)'),
    ('life_read(Pl, 19) :- player(Pl).', 'literal point 19 in life_read(Pl,19)'),
    ('#show a(X) : attached_to("champ", X, P), P = (15;23).', 'P compared with literal 15: P = (15;23)'),
    ('#show ts(E) : sets("champ", timestamp, (E, 0), E).', '#show ts(E) shows E, a point'),
    ('#show performed/2.', '#show performed/2 shows argument 2, a point'),
    ('#show e(TS) : layer_effect(_, _, O, L, W, TS, P), end_of(0, P).', '#show e(TS) shows TS, a point'),
    ('#show ts(TS) : val("greaves", timestamp, (8, 0), P).', 'literal point 8 in val("greaves",timestamp,(8,0),P)'),
    # A predicate of the test's own that carries a point is one too.
    ('mine(O, P) :- tapped(O, P). #show mine/2.', '#show mine/2 shows argument 2, a point'),
])
def test_the_lint_names_a_point(program, problem):
    assert problem in points.lint(program)


@pytest.mark.parametrize("program", [
    '#show. #show t(O) : tapped(O, P), end_of(2, P).',
    'life_read(Pl, P) :- player(Pl), end_of(4, P).',
    '#show a(X, T) : attached_to("champ", X, P), end_of(T, P), T = (3;5).',
    '#show ts(T) : sets("champ", timestamp, (E, 0), E), point_of(T, E).',
    PERFORMED,
    '#show t(O) : tapped(O, P), P = 2*k+3.',                         # an expression in k
    '#show power(O, X, 0) : power(O, X, 0).',                        # point 0 is entry 0's, whatever k
    'question_reads((3;5), "champ"). #show cannot_attach/4. #show attaches/3. #show invalid/2.',
])
def test_the_lint_lets_entries_through(program):
    assert points.lint(NAMED_POINTS + program) == []


def test_a_test_that_writes_a_point_fails_with_the_atom_named():
    # The planted mistake: test_logic_combat's vigilance test as it was before issue 9.
    with pytest.raises(AssertionError, match=r"tapped\(O,11\)"):
        shown1(VIGILANCE, '#show. #show t(O) : tapped(O, 11). question_reads(2, O) :- object(O).')
    with pytest.raises(AssertionError, match=r"#show performed/2 shows argument 2"):
        harness.solve([], (), extra_program='#show performed/2.')


def _direct_solves(source: str, name: str) -> list[str]:
    """Where a test module calls rulecheck.solve.solve itself (skipping the lint)."""
    found = []
    for node in ast.walk(ast.parse(source, name)):
        if isinstance(node, ast.ImportFrom) and node.module == "rulecheck.solve" \
                and any(a.name == "solve" for a in node.names):
            found.append(f"{name}:{node.lineno}")
        if isinstance(node, ast.Attribute) and node.attr == "solve" and isinstance(node.value, ast.Name) \
                and node.value.id == "solve":
            found.append(f"{name}:{node.lineno}")
    return found


def test_every_program_a_test_solves_goes_through_the_harness():
    assert _direct_solves("from rulecheck.solve import programs_for, solve\n", "planted.py") == ["planted.py:1"]
    assert _direct_solves("from rulecheck import solve\nsolve.solve(f, p)\n", "planted.py") == ["planted.py:2"]
    assert [hit for path in sorted(HERE.glob("*.py")) if path.name != "harness.py"
            for hit in _direct_solves(path.read_text(), path.name)] == []


def test_entries_are_the_same_with_another_k_and_a_literal_point_is_not():
    # Named by entries, the answer doesn't depend on k ...
    program = '#show. #show t(O) : tapped(O, P), end_of(2, P). question_reads(2, O) :- object(O).'
    assert shown1(VIGILANCE, program) == shown1(VIGILANCE, program, k=5) == ['t("bears")']
    # ... written with point 11, it does: with k = 5, 11 is a round of entry 2 where nothing was
    # computed for the creatures (and no round is "after entry 2").
    literal = '#show. #show t(O) : tapped(O, 11). question_reads(2, O) :- object(O).'
    why = "shows that a literal point changes with k"
    assert shown1(VIGILANCE, literal, means_points=why) == ['t("bears")']
    assert shown1(VIGILANCE, literal, means_points=why, k=5) == []
