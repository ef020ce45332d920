"""Which arguments of the rules' predicates are internal points, and a lint for the programs tests
solve with (harness.shown, harness.solve): a test names a timeline entry, never a point.

Entry T owns the points T*k .. T*k+k-1 (logic/time.lp); a test that writes `tapped(O, 11)` means
"after entry 2" but says "point 11", which is that only while k = 4, and an expected atom that
carries a point (`#show performed/2.` gives `performed(..., 21)`) changes with k. So the lint
refuses, in a test's program:

- an integer literal > 0 at a point argument (`tapped(O, 11)`, `life_read(Pl, 19)`), or compared
  with a variable at a point argument (`P = (15;23)`, `E <= 15`); an expression in k
  (`P = 2*k+3`) is not a literal;
- a shown term that carries a point (`#show a(P) : tapped(O, P).`, `#show t : tapped(O, 11).`);
- `#show p/n.` of a predicate with a point argument.

Write `tapped(O, P), end_of(2, P)` (the state after entry 2), `point_of(T, P)` (the event's own
point), `before(T, P)` (just before it), and show T; a round of state-based actions within an
entry is `T = P / k, R = P \\ k`. A test about points themselves says so:
`shown1(..., means_points="why")`.

Which arguments are points is derived from the rules, not listed: the second argument of
point_of/2, end_of/2 and before/2 (logic/time.lp) and the points the bridge gives stage 2
(prev_rel/3, read_point/3) are points; so is a head argument that a rule of logic/ or queries/
fills with a variable found at a point argument of its body, or with that variable plus or minus
something (`performed(A, P + 1)`), or a tuple's component filled so (a timestamp's `(E, 0)`), to a
fixpoint. The value of an attribute (sets/4, val/4) is a point only for `arrived` and carries one
in a `timestamp`: a number of counters is not (SEEDS, VALUES).

    >>> lint('#show t(O) : tapped(O, 11).')
    ['literal point 11 in tapped(O,11)']
    >>> lint('#show t(O) : tapped(O, P), end_of(2, P).')
    []
    >>> lint('#show performed/2.')
    ['#show performed/2 shows argument 2, a point']
    >>> lint('#show a(X, P) : attached_to(O, X, P), P = (15;23).')
    ['P compared with literal 15: P = (15;23)', 'P compared with literal 23: P = (15;23)', \
'#show a(X,P) shows P, a point']
    >>> lint('#show a(X) : attached_to(O, X, P), P = 3*k+3.')
    []
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import clingo
from clingo import ast

from rulecheck.stages import cached_json

ROOT = Path(__file__).resolve().parent.parent
_T = ast.ASTType
_SEQUENCES = (list, tuple, ast.ASTSequence)

# (predicate, arity, path): path is (i,) for the i-th argument (0-based), (i, j) for the j-th
# component of a tuple there.
Position = tuple[str, int, tuple[int, ...]]

SEEDS: frozenset[Position] = frozenset({
    ("point_of", 2, (1,)), ("end_of", 2, (1,)), ("before", 2, (1,)),        # logic/time.lp
    ("prev_rel", 3, (1,)), ("prev_rel", 3, (2,)), ("read_point", 3, (2,)),  # bridge/stages.py
    # The values of two attributes are points, or carry one (time.lp, 613.7): where an object
    # arrived in its zone, and a timestamp (E, N), which literals such as (11, 0) are checked in.
    ("sets:arrived", 4, (2,)), ("val:arrived", 4, (2,)),
    ("sets:timestamp", 4, (2,)), ("val:timestamp", 4, (2,)),
})
# The value of any other attribute is not; nor is the value of sets/4 or val/4 of an attribute
# the rule doesn't name (`val(O, A, V, P) :- sets(O, A, V, P)`).
VALUES: frozenset[Position] = frozenset({("sets", 4, (2,)), ("val", 4, (2,))})


def _walk(node, out: list) -> None:
    """Every symbolic atom's term and every comparison in node (bodies, heads, aggregates)."""
    if not isinstance(node, ast.AST):
        if isinstance(node, _SEQUENCES):
            for n in node:
                _walk(n, out)
        return
    kind = node.ast_type
    if kind == _T.SymbolicAtom:
        out.append(node.symbol)
        return
    if kind == _T.Comparison:
        out.append(node)
    for key in node.child_keys:
        _walk(getattr(node, key), out)


def _function(term):
    """The atom a term stands for (a function, possibly classically negated), else None."""
    if term.ast_type == _T.UnaryOperation:
        term = term.argument
    if term.ast_type == _T.Function and term.name and not term.external:
        return term
    return None


def _name(f) -> str:
    """f's predicate; the value of sets/4 and val/4 of a constant attribute is told apart:
    `sets:arrived`."""
    if f.name in ("sets", "val") and len(f.arguments) == 4:
        a = f.arguments[1]
        if a.ast_type == _T.SymbolicTerm and a.symbol.type == clingo.SymbolType.Function \
                and not a.symbol.arguments:
            return f"{f.name}:{a.symbol.name}"
        if a.ast_type == _T.Function and not a.arguments and a.name:
            return f"{f.name}:{a.name}"
    return f.name


def _args(f) -> list[tuple[Position, object]]:
    """Every argument of atom f, and every component of a tuple argument, with its position."""
    out = []
    n = len(f.arguments)
    for i, a in enumerate(f.arguments):
        name = _name(f) if i == 2 else f.name
        out.append(((name, n, (i,)), a))
        if a.ast_type == _T.Function and not a.name:
            out += [((name, n, (i, j)), b) for j, b in enumerate(a.arguments)]
    return out


def _atoms(node) -> list:
    found: list = []
    _walk(node, found)
    return [f for t in found if t.ast_type != _T.Comparison and (f := _function(t))]


def _var(term) -> str | None:
    return term.name if term.ast_type == _T.Variable and term.name != "_" else None


def _offset_vars(term) -> list[str]:
    """The variable term is, or is plus or minus something (P + 1): a point if it is one."""
    if term.ast_type == _T.Variable:
        return [term.name] if term.name != "_" else []
    if term.ast_type == _T.BinaryOperation and term.operator_type in (ast.BinaryOperator.Plus,
                                                                       ast.BinaryOperator.Minus):
        return _offset_vars(term.left) + _offset_vars(term.right)
    return []


# A rule, as the propagation reads it: (head positions with the variables that fill them, body
# positions with the variable there). Plain data: cached on disk per logic file.
Rule = tuple[list[tuple[Position, list[str]]], list[tuple[Position, str]]]


def _rules(statements) -> list[Rule]:
    out: list[Rule] = []
    for s in statements:
        if s.ast_type == _T.Rule:
            body = [(pos, v) for f in _atoms(s.body) for pos, a in _args(f) if (v := _var(a))]
            heads = [(pos, vs) for f in _atoms(s.head) for pos, a in _args(f) if (vs := _offset_vars(a))]
            out.append((heads, body))
    return out


def _propagate(points: set[Position], rules: list[Rule]) -> set[Position]:
    """points, and every head argument a rule fills from a point argument of its body."""
    points = set(points)
    changed = True
    while changed:
        changed = False
        for heads, body in rules:
            at_points = {v for pos, v in body if pos in points}
            for pos, vs in heads:
                if pos not in points and pos not in VALUES and not at_points.isdisjoint(vs):
                    points.add(pos)
                    changed = True
    return points


_CACHE_VERSION = "test-points-1"


def _file_rules(path: Path) -> list[Rule]:
    """_rules of a logic file, from a cache keyed by its contents (bridge/stages.py's cached_json):
    reading clingo's syntax trees of every file costs seconds."""
    def compute() -> list[Rule]:
        statements: list = []
        ast.parse_files([str(path)], statements.append)
        return _rules(statements)

    def decode(raw) -> list[Rule]:
        return [([((h[0][0], h[0][1], tuple(h[0][2])), h[1]) for h in heads],
                 [((b[0][0], b[0][1], tuple(b[0][2])), b[1]) for b in body])
                for heads, body in raw]
    key = _CACHE_VERSION.encode() + b"\0" + str(path).encode() + b"\0" + path.read_bytes()
    return cached_json(key, compute, decode)


@lru_cache(maxsize=1)
def point_positions() -> frozenset[Position]:
    """Every point argument of the predicates of logic/ and queries/ (module doc)."""
    files = sorted(ROOT.glob("logic/**/*.lp")) + sorted(ROOT.glob("queries/*.lp"))
    return frozenset(_propagate(set(SEEDS), [r for f in files for r in _file_rules(f)]))


def _ints(term) -> list[int]:
    """The integer literals > 0 in term, unless it is an expression in k (T*k+3)."""
    found: list[int] = []
    in_k = False

    def visit(node):
        nonlocal in_k
        if not isinstance(node, ast.AST):
            if isinstance(node, _SEQUENCES):
                for n in node:
                    visit(n)
            return
        if node.ast_type == _T.SymbolicTerm:
            sym = node.symbol
            if sym.type == clingo.SymbolType.Number:
                found.append(sym.number)
            elif sym.type == clingo.SymbolType.Function and sym.name == "k" and not sym.arguments:
                in_k = True
            return
        if node.ast_type == _T.Function and node.name == "k" and not node.arguments:
            in_k = True
        for key in node.child_keys:
            visit(getattr(node, key))

    visit(term)
    return [] if in_k else [n for n in found if n > 0]


def _variables(node, out: set[str]) -> set[str]:
    if not isinstance(node, ast.AST):
        if isinstance(node, _SEQUENCES):
            for n in node:
                _variables(n, out)
        return out
    if (v := _var(node)) if node.ast_type == _T.Variable else None:
        out.add(v)
    for key in node.child_keys:
        _variables(getattr(node, key), out)
    return out


def _lint_statement(stm, points: set[Position]) -> list[str]:
    kind = stm.ast_type
    if kind == _T.ShowSignature:
        sig = (stm.name, stm.arity)
        shown = sorted({path[0] + 1 for (name, arity, path) in points if (name.split(":")[0], arity) == sig})
        return [f"#show {sig[0]}/{sig[1]} shows argument {i}, a point" for i in shown]
    if kind not in (_T.Rule, _T.ShowTerm):
        return []
    # (In `#show t : body`, the atoms are the body's: the shown term is a name the test chooses,
    # `#show copying(O, T) : copying(O, P), end_of(T, P)` may reuse a predicate's.)
    atoms = _atoms(stm.body) if kind == _T.ShowTerm else _atoms(stm)
    problems: list[str] = []
    point_vars: set[str] = set()
    for f in atoms:
        for pos, a in _args(f):
            if pos in points:
                problems += [f"literal point {n} in {f}" for n in _ints(a)]
                if v := _var(a):
                    point_vars.add(v)
    found: list = []
    _walk(stm, found)
    for c in (t for t in found if t.ast_type == _T.Comparison):
        sides = [c.term] + [g.term for g in c.guards]
        for v in (_var(s) for s in sides):
            if v in point_vars:
                problems += [f"{v} compared with literal {n}: {c}"
                             for s in sides if _var(s) != v for n in _ints(s)]
    if kind == _T.ShowTerm:
        problems += [f"#show {stm.term} shows {v}, a point"
                     for v in sorted(_variables(stm.term, set()) & point_vars)]
    return problems


def lint(program: str) -> list[str]:
    """What in program names an internal point where a test should name an entry (module doc)."""
    statements: list = []
    ast.parse_string(program, statements.append)
    points = _propagate(set(point_positions()), _rules(statements))
    problems: list[str] = []
    for stm in statements:
        problems += _lint_statement(stm, points)
    return problems
