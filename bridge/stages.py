"""The two stages of a run: the shape of the timeline, then the state (docs/adr/0004).

The rules are split by the grounder's own view of them. A predicate is *static* when gringo
works it out completely from the facts: it depends, positively or negatively, on no predicate
of a recursion through negation (the time recursion: a value after an event depends on whether
the event changed it, which depends on values before it) and on no choice. Everything a rule
file declares about relevance (touches/2, reads/2, rel/2 ...) must be static: it is decided
from the timeline alone. The static rules are grounded first (stage 1, "shape"); the bridge
then reads the relevant points and works out, for each object, the relevant point before each
(prev_rel/3) and the point at which each event reads it (read_point/3) by sorting, which an
aggregate in ASP does in time quadratic in an object's points. Stage 2 ("state") grounds the
rest with those facts.

    >>> split = classify(parse_text("a(X) :- b(X). c(X) :- a(X), not d(X). d(X) :- c(X)."))
    >>> sorted(split.static), sorted(split.dynamic)
    ([('a', 1), ('b', 1)], [('c', 1), ('d', 1)])
"""

from __future__ import annotations

import hashlib
import json
import os
from bisect import bisect_left
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Sequence

import clingo
from clingo import ast

from .cache import prune
from .cache import used as cache_use

Signature = tuple[str, int]
# What a rule defines and reads: (heads, whether the heads are a choice, ((read, negative), ...)).
Deps = tuple[tuple[Signature, ...], bool, tuple[tuple[Signature, bool], ...]]

# Predicates the bridge reads between the stages: they must be static.
REQUIRED_STATIC: tuple[Signature, ...] = (("rel", 2), ("read_request", 3), ("view_request", 2))
# Predicates the bridge gives to stage 2 (time.lp declares them with #defined): whatever reads
# them is grounded in stage 2.
PROVIDED: tuple[Signature, ...] = (("prev_rel", 3), ("read_point", 3), ("view_point", 3))
# Bump when the format of what is cached on disk changes.
_CACHE_VERSION = "stages-6"


class StageError(RuntimeError):
    """The rules make relevance depend on the state: a bug in logic/, named with its rule."""


@dataclass(frozen=True)
class Split:
    static: frozenset[Signature]
    dynamic: frozenset[Signature]
    shape: tuple[ast.AST, ...]      # stage 1 statements
    state: tuple[ast.AST, ...]      # stage 2 statements


def parse_text(text: str) -> list[ast.AST]:
    out: list[ast.AST] = []
    ast.parse_string(text, out.append)
    return out


# --- What each rule reads and defines -----------------------------------------------------

_T = ast.ASTType


def _signatures(term: ast.AST) -> list[Signature]:
    """The predicates of a symbolic atom's term, a pool unfolded (`p(a; b)` is a Pool of
    Functions, each of an arity of its own): a pooled fact of the rules was a rule that defined
    nothing, put in stage 2 while the static rules reading it were grounded before it."""
    if term.ast_type == _T.Pool:
        return [sig for one in term.arguments for sig in _signatures(one)]
    sig = _signature(term)
    return [sig] if sig is not None else []


def _signature(term: ast.AST) -> Signature | None:
    """The predicate of a symbolic atom's term (None for anything else)."""
    kind = term.ast_type
    if kind == _T.UnaryOperation:                            # classical negation: -p(X)
        term = term.argument
        kind = term.ast_type
    if kind == _T.Function:
        return (term.name, len(term.arguments))
    if kind == _T.SymbolicTerm:
        sym = term.symbol
        if sym.type == clingo.SymbolType.Function:
            return (sym.name, len(sym.arguments))
    return None


def _literal(lit: ast.AST, negative: bool, out: list[tuple[Signature, bool]]) -> None:
    if lit.ast_type != _T.Literal:
        return
    atom = lit.atom
    if atom.ast_type != _T.SymbolicAtom:
        return
    for sig in _signatures(atom.symbol):
        out.append((sig, negative or lit.sign != ast.Sign.NoSign))


def _conditional(cl: ast.AST, out: list[tuple[Signature, bool]]) -> None:
    # Conditions and aggregate elements are not monotone for the grounder: counted as negative.
    _literal(cl.literal, True, out)
    for c in cl.condition:
        _literal(c, True, out)


def _body(body: Iterable[ast.AST], out: list[tuple[Signature, bool]]) -> None:
    for lit in body:
        kind = lit.ast_type
        if kind == _T.ConditionalLiteral:
            _conditional(lit, out)
            continue
        atom = lit.atom
        if atom.ast_type in (_T.BodyAggregate, _T.Aggregate):
            for el in atom.elements:
                if el.ast_type == _T.ConditionalLiteral:
                    _conditional(el, out)
                else:                                        # BodyAggregateElement(terms, condition)
                    for c in el.condition:
                        _literal(c, True, out)
        elif atom.ast_type == _T.SymbolicAtom:
            for sig in _signatures(atom.symbol):
                out.append((sig, lit.sign != ast.Sign.NoSign))


# A head whose predicates aren't read (a theory atom, a term that isn't a predicate's): the rule
# may define anything. solve.py's rule cut then adds every rule with it; the split puts it in
# stage 2, and no predicate is taken to depend on it.
UNKNOWN: Signature = ("*", 0)


def _head_atom(term: ast.AST, heads: list[Signature]) -> None:
    """The predicates a head atom's term defines, a pool unfolded (`p(a; b)`: its syntax tree has
    a Pool, not a Function, and each of its terms may have an arity of its own); UNKNOWN for a
    term of another kind."""
    if term.ast_type == _T.Pool:
        for one in term.arguments:
            _head_atom(one, heads)
        return
    sig = _signature(term)
    heads.append(sig if sig is not None else UNKNOWN)


def _head_literal(lit: ast.AST, heads: list[Signature]) -> None:
    atom = lit.atom
    if atom.ast_type == _T.SymbolicAtom:
        _head_atom(atom.symbol, heads)
    elif atom.ast_type != _T.BooleanConstant:                # (#false: a constraint defines nothing)
        heads.append(UNKNOWN)


def rule_deps(stm: ast.AST) -> Deps | None:
    """What a statement defines and reads (None: not a rule); UNKNOWN among the heads for a head
    this can't read. An external atom is free until the bridge assigns it after grounding, like a
    choice: what reads it is grounded in stage 2. This is the one reader of what a rule defines:
    the split (classify) and each run's rule cut (solve.py) both read it."""
    heads: list[Signature] = []
    reads: list[tuple[Signature, bool]] = []
    if stm.ast_type == _T.External:
        atom = stm.atom
        _head_atom(atom.symbol if atom.ast_type == _T.SymbolicAtom else atom, heads)
        _body(stm.body, reads)
        return tuple(dict.fromkeys(heads)), True, tuple(reads)
    if stm.ast_type != _T.Rule:
        return None
    head = stm.head
    choice = False
    if head.ast_type == _T.Literal:
        _head_literal(head, heads)
    elif head.ast_type in (_T.Disjunction, _T.Aggregate, _T.HeadAggregate):   # a choice, disjunction, head aggregate
        choice = True
        for el in head.elements:
            cl = el.condition if el.ast_type == _T.HeadAggregateElement else el
            _head_literal(cl.literal, heads)
            for c in cl.condition:
                _literal(c, True, reads)
    else:                                                    # a theory atom
        choice = True
        heads.append(UNKNOWN)
    _body(stm.body, reads)
    return tuple(dict.fromkeys(heads)), choice, tuple(reads)


# --- The split ---------------------------------------------------------------------------------

def classify(statements: Sequence[ast.AST], deps: Sequence[Deps | None] | None = None) -> Split:
    """Split statements into stage 1 (rules whose predicates are static) and stage 2."""
    if deps is None:
        deps = [rule_deps(s) for s in statements]
    succ: dict[Signature, dict[Signature, bool]] = {}       # read -> defined -> negative
    choices: set[Signature] = set()
    for d in deps:
        if d is None:
            continue
        heads, choice, reads = d
        for h in heads:
            if h == UNKNOWN:
                continue
            succ.setdefault(h, {})
            if choice:
                choices.add(h)
            for sig, negative in reads:
                edges = succ.setdefault(sig, {})
                edges[h] = edges.get(h, False) or negative
    # Stage 2's roots: choices, recursions through negation, and what the bridge provides
    # between the stages (known only once stage 1 is grounded).
    roots = set(choices) | {sig for sig in PROVIDED if sig in succ}
    for component in strongly_connected(succ):
        if any(neg for a in component for b, neg in succ[a].items() if b in component):
            roots |= component
    dynamic, parent = _reach(succ, roots)
    for sig in REQUIRED_STATIC:
        if sig in dynamic:
            raise StageError(_why_dynamic(statements, deps, succ, choices, sig))
    static = set(succ) - dynamic
    shape: list[ast.AST] = []
    state: list[ast.AST] = []
    for stm, d in zip(statements, deps):
        kind = stm.ast_type
        if kind == _T.Program:
            continue
        if d is not None:
            heads = d[0]
            (shape if heads and UNKNOWN not in heads and all(h in static for h in heads) else state).append(stm)
        elif kind in (_T.Definition, _T.Defined):
            shape.append(stm)
        else:                                                 # #show, #project, ...
            state.append(stm)
    return Split(frozenset(static), frozenset(dynamic), tuple(shape), tuple(state))


def strongly_connected(succ: dict[Signature, dict[Signature, bool]]) -> list[set[Signature]]:
    """The strongly connected components of a graph with more than one node or a self-loop
    (Tarjan's algorithm, iterative).

    >>> sorted(sorted(c) for c in strongly_connected({"a": {"b": 0}, "b": {"a": 0}, "c": {"c": 0}, "d": {}}))
    [['a', 'b'], ['c']]
    """
    index: dict = {}
    low: dict = {}
    on_stack: set = set()
    stack: list = []
    out: list[set] = []
    counter = 0
    for root in succ:
        if root in index:
            continue
        work = [(root, iter(succ[root]))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, it = work[-1]
            for nxt in it:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(succ.get(nxt, {}))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    comp = set()
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        comp.add(w)
                        if w == node:
                            break
                    if len(comp) > 1 or node in succ.get(node, {}):
                        out.append(comp)
    return out


def _reach(succ, roots) -> tuple[set, dict]:
    """Everything reachable from roots, with the predecessor each was first reached from."""
    seen = set(roots)
    parent: dict = {}
    todo = list(roots)
    while todo:
        a = todo.pop()
        for b in succ.get(a, {}):
            if b not in seen:
                seen.add(b)
                parent[b] = a
                todo.append(b)
    return seen, parent


# The state by definition: the fluents, what the bridge gives stage 2, and choices.
STATE_ANCHORS: tuple[Signature, ...] = (("val", 4), ("sets", 4)) + PROVIDED


def _why_dynamic(statements, deps, succ, choices, sig: Signature) -> str:
    """A message naming the chain of rules by which `sig` comes to depend on the state: the
    shortest path to it from a fluent, a predicate the bridge provides, or a choice."""
    anchors = [a for a in STATE_ANCHORS if a in succ] + sorted(choices)
    parent: dict[Signature, Signature] = {}
    seen = set(anchors)
    queue = list(anchors)
    while queue and sig not in parent:
        a = queue.pop(0)
        for b in sorted(succ.get(a, {})):
            if b not in seen:
                seen.add(b)
                parent[b] = a
                queue.append(b)
    chain = [sig]
    while chain[-1] in parent:
        chain.append(parent[chain[-1]])
    steps = []
    for defined, read in zip(chain, chain[1:]):
        where = next((s.location.begin for s, d in zip(statements, deps)
                      if d and defined in d[0] and any(r == read for r, _ in d[2])), None)
        at = f" ({where.filename}:{where.line})" if where else ""
        steps.append(f"{defined[0]}/{defined[1]} reads {read[0]}/{read[1]}{at}")
    last = chain[-1]
    return (f"{sig[0]}/{sig[1]} must be decided from the timeline alone (docs/adr/0004), but it "
            f"depends on the state: " + "; ".join(steps) + f"; {last[0]}/{last[1]} is part of the state")


# --- The rules' dependencies, cached on disk --------------------------------------------------

def file_deps(path: Path, statements: Sequence[ast.AST]) -> list[Deps | None]:
    """rule_deps of each statement parsed from the file `path`, read from a cache keyed by its
    contents when one is there (reading clingo's syntax trees costs about 0.1 s a run)."""
    def decode(raw) -> list[Deps | None]:
        if len(raw) != len(statements):
            raise ValueError("a cache entry of another file")
        return [None if r is None else (tuple(tuple(h) for h in r[0]), r[1],
                                        tuple((tuple(s), n) for s, n in r[2])) for r in raw]
    key = _CACHE_VERSION.encode() + str(path).encode() + b"\0" + path.read_bytes()
    return cached_json(key, lambda: [rule_deps(s) for s in statements], decode)


def cached_json(key: bytes, compute: Callable[[], Any], decode: Callable[[Any], Any]) -> Any:
    """compute(), or, when it was computed before for the same key, decode() of what it returned
    then, kept as JSON in the user's cache directory (_cache_dir). A cache entry that can't be
    read or decoded is computed again; one that can't be written is not kept."""
    cache = _cache_dir()
    target = cache / f"{hashlib.sha256(key).hexdigest()}.json" if cache else None
    if target is not None and target.is_file():
        try:
            value = decode(json.loads(target.read_text(encoding="utf-8")))
            cache_use(target)
            return value
        except (OSError, ValueError, TypeError, IndexError):
            pass
    value = compute()
    if target is not None:
        _write(target, json.dumps(value).encode("utf-8"))
    return value


def cached_pickle(key: bytes, compute: Callable[[], Any], valid: Callable[[Any], bool]) -> Any:
    """cached_json's twin for values JSON reads slowly (many small tuples: the rules' split as
    entries, bridge/solve.py): kept pickled, in the same folder. An entry that can't be read
    or isn't valid() is computed again."""
    import pickle
    cache = _cache_dir()
    target = cache / f"{hashlib.sha256(key).hexdigest()}.pickle" if cache else None
    if target is not None and target.is_file():
        try:
            value = pickle.loads(target.read_bytes())
            if valid(value):
                cache_use(target)
                return value
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, IndexError, TypeError,
                ValueError):
            pass
    value = compute()
    if target is not None:
        _write(target, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
    return value


def _write(target: Path, data: bytes) -> None:
    """A cache entry written whole or not at all (a temporary file renamed), then its folder pruned."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(data)
        tmp.replace(target)
    except OSError:
        return
    prune(target.parent, target)                # (bridge/cache.py: bounded age and size)


def _cache_dir() -> Path | None:
    """$RULECHECK_CACHE (empty: no cache), else $XDG_CACHE_HOME/rulecheck or ~/.cache/rulecheck."""
    if "RULECHECK_CACHE" in os.environ:
        value = os.environ["RULECHECK_CACHE"]
        return Path(value) / "rules" if value else None
    try:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    except RuntimeError:                                     # no home directory
        return None
    return base / "rulecheck" / "rules"


# --- Between the stages ------------------------------------------------------------------------

def between(ctl: clingo.Control) -> Iterator[clingo.Symbol]:
    """Facts for stage 2, from the relevant points stage 1 found: prev_rel(O, P, Q), Q the
    relevant point of O before P; read_point(T, O, Q), Q O's last relevant point before point E
    for each read_request(T, O, E); view_point(X, P, Q), Q X's last relevant point before P for
    each view_request(X, P)."""
    points: dict[clingo.Symbol, list[int]] = {}
    for atom in ctl.symbolic_atoms.by_signature("rel", 2):
        o, p = atom.symbol.arguments
        points.setdefault(o, []).append(p.number)
    number = clingo.Number
    function = clingo.Function
    for o, ps in points.items():
        ps.sort()
        for q, p in zip(ps, ps[1:]):
            yield function("prev_rel", [o, number(p), number(q)])

    def last_before(o: clingo.Symbol, point: int) -> int | None:
        """O's last relevant point before `point` (None: it has none)."""
        ps = points.get(o)
        i = bisect_left(ps, point) if ps else 0
        return ps[i - 1] if i else None

    for atom in ctl.symbolic_atoms.by_signature("read_request", 3):
        t, o, e = atom.symbol.arguments
        q = last_before(o, e.number)
        if q is not None:
            yield function("read_point", [t, o, number(q)])
    for atom in ctl.symbolic_atoms.by_signature("view_request", 2):
        x, p = atom.symbol.arguments
        q = last_before(x, p.number)
        if q is not None:
            yield function("view_point", [x, p, number(q)])
