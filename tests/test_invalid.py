"""What the rules find inconsistent is reported at a timeline entry, never at an internal point
(issue 9): `invalid(What, T)`'s second argument is the entry T (0 = the initial state), and the
warning names the entry, its line and its event."""

import doctest

import clingo
import clingo.ast
import pytest

import rulecheck.decode as decode
from harness import ask
from rulecheck.resources import logic_dir


def test_doctests():
    assert doctest.testmod(decode).failed == 0


def _invalid_heads(path) -> list[tuple[int, str]]:
    """(line, second argument as written) of every rule with an invalid/2 head in a file."""
    found = []

    def visit(stm):
        if stm.ast_type != clingo.ast.ASTType.Rule or stm.head.ast_type != clingo.ast.ASTType.Literal:
            return
        atom = stm.head.atom
        if atom.ast_type == clingo.ast.ASTType.SymbolicAtom and atom.symbol.ast_type == clingo.ast.ASTType.Function \
                and atom.symbol.name == "invalid" and len(atom.symbol.arguments) == 2:
            found.append((stm.location.begin.line, str(atom.symbol.arguments[1])))

    clingo.ast.parse_files([str(path)], visit)
    return found


# An entry is a variable named T (the codebase's name for an entry: happens(T, ...),
# point_of(T, P)), a point divided by k (time.lp: entry T owns the points T*k .. T*k+k-1), or
# 0, the initial state.
ENTRY = {"T", "(P/k)", "0"}


def test_every_invalid_atom_names_an_entry():
    files = sorted(logic_dir().rglob("*.lp"))
    heads = [(f.name, line, arg) for f in files for line, arg in _invalid_heads(f)]
    assert len(heads) >= 25
    assert [h for h in heads if h[2] not in ENTRY] == []


def test_the_lint_finds_a_point(tmp_path):
    planted = tmp_path / "planted.lp"
    planted.write_text("invalid(tapped_twice(O), E) :- happens(T, tap(O)), point_of(T, E).\n"
                       "invalid(untapped_twice(O), T) :- happens(T, untap(O)).\n")
    assert _invalid_heads(planted) == [(1, "E"), (2, "T")]


BOARD = """
players: [alice, bob]
turn: {number: 3, active: alice, step: declare_blockers}
objects:
  bears: {card: Grizzly Bears, zone: battlefield, controller: alice}
  drake: {card: Serra Angel, zone: battlefield, controller: bob}
timeline:
  - {tap: drake}
  - {declare_blockers: {drake: bears}}
"""


def test_a_warning_names_the_timeline_entry_its_line_and_its_event():
    got = ask(BOARD, "can_attack bears at=2")
    # 509.1a: a tapped creature can't block; the declaration is entry 2, written on line 9 (the text starts with a line break).
    assert got.invalid == ["illegal blocker: drake, 509.1a (at timeline entry 2, line 9: declare_blockers)"]


def test_an_inconsistency_of_the_initial_state_is_named_so():
    # Protection from a player (702.16k) is a quality the rules don't model yet; it is
    # reported from the initial state, entry 0, once.
    text = BOARD.replace("bears: {card: Grizzly Bears,", "bears: {card: Warded Knight,")
    text = ("cards:\n  - {name: Warded Knight, layout: normal, mana_cost: \"{1}{W}\", type_line: Creature — Human Knight,\n"
            "     oracle_text: \"Protection from the chosen player\", keywords: [Protection], power: \"2\", toughness: \"2\"}\n"
            + text)
    got = ask(text, "can_attack bears at=1")
    assert got.invalid == ["illegal blocker: drake, 509.1a (at timeline entry 2, line 12: declare_blockers)",
                           "unknown protection quality: bears, from the chosen player (in the initial state)"]
