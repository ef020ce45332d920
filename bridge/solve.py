"""Run clingo: the rules (logic/), the questions' programs (queries/), and the facts.

A fresh Control per run (DESIGN.md), solved again only for the order of continuous effects
(Grounding.solve): a run answers one question, or a batch of questions
about one scenario, which share the scenario's grounding (the answers are keyed by question,
so none leaks into another; bench/ shows what batching saves). The .lp files are parsed once
per process and added to each Control as syntax trees; a process's first run of a set of files
adds instead the text of their split into stages, kept in the cache directory (_split_text). Facts go in through the backend as
symbols before grounding, which clingo treats as facts. Solving has a time limit; grounding
cannot be interrupted, so the input size is what bounds it.

Answer sets are told apart by their answers only (queries/common.lp #projects them). When
players' choices matter (the legend rule), each distinct answer comes with the choices that
lead to it: the choices shared by every answer set with that answer, found by a cautious
enumeration under assumptions that fix the answer.
"""

from __future__ import annotations

import atexit
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Iterable

import clingo
from clingo import ast

from .errors import UserError
from .resources import logic_dir, logic_files, on_demand, queries_dir
from .stages import _CACHE_VERSION as STAGES_VERSION
from .stages import (PROVIDED, UNKNOWN, Deps, Split, between, cached_pickle, classify, file_deps, parse_text,
                     rule_deps)

DEFAULT_TIME_LIMIT = 20.0
_PROGRAM_SHAPE = parse_text("#program shape.")[-1]
_PROGRAM_STATE = parse_text("#program state.")[-1]


class SolveError(UserError):
    """The solver could not answer (time limit, or a scenario the rules find contradictory)."""


def _refuse_beyond_range(ctl: clingo.Control, origin: str | None) -> None:
    """A scenario the rules find beyond rulecheck's range from the timeline alone (refused/1, decided
    in stage 1: logic/layers.lp's doublings) is refused before the state is grounded: one line."""
    for atom in ctl.symbolic_atoms.by_signature("refused", 1):
        why = atom.symbol.arguments[0]
        if why.name == "doublings":
            obj, n, rule = why.arguments
            raise SolveError(origin, None, f"{obj.string} is doubled {n.number} times ({rule.string}): beyond rulecheck's "
                             "range, which is at most 2 doublings of an object's power or toughness (each multiplies "
                             "the powers the solver considers)")
        raise SolveError(origin, None, f"beyond rulecheck's range: {why}")


@dataclass
class Result:
    # Per distinct answer: its shown atoms (answers, invalid) and the choices that lead to it.
    models: list[list[clingo.Symbol]]
    choices: list[list[clingo.Symbol]] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)
    # Every fact the run was given, those the bridge worked out between the stages included:
    # with the rule files, the whole program (`rulecheck facts`).
    facts: list[clingo.Symbol] = field(default_factory=list)


def programs_for(question_programs: str | Iterable[str] | None, *,
                 logic: Iterable[str] | None = None) -> tuple[Path, ...]:
    """The rules, and the programs of the given questions (with common.lp) if any.

    A logic file marked `%! on-demand` in its header (logic/names.lp ...) is loaded only when
    `logic` names it (paths relative to logic/): the questions asked name what they need in
    queries/catalogue.toml, the timeline's event verbs in bridge/events.py (bridge/ask.py
    `needed_logic`). Without `logic` (tests that show atoms of their own) every logic file is
    loaded."""
    if isinstance(question_programs, str):
        question_programs = [question_programs]
    if logic is None:
        paths = list(logic_files())
    else:
        root = logic_dir()
        named = {root / name for name in logic}
        unknown = named - set(logic_files())
        if unknown:     # a mistake in the catalogue or in events.py, caught by the tests
            raise ValueError(f"no logic file {', '.join(sorted(str(p.relative_to(root)) for p in unknown))}")
        paths = [p for p in logic_files() if p in named or not on_demand(p)]
    names = sorted(set(question_programs or []))
    if names:
        paths.extend(queries_dir() / name for name in names)
        paths.append(queries_dir() / "common.lp")
    return tuple(paths)


# Parsed statements and what each rule defines and reads are cached per file, not per set of
# files: a long-running process (the fuzzer, the tests) asks for many sets of files, and each
# cached set held its own copy of every statement. A file is known by its path, size and
# modification time (a Stamp), so that a file changed on disk during the process (a test's copy
# of logic/, a long-lived process while the rules are edited) is parsed again, not answered
# with its old statements.
# (Files not parsed yet are parsed in one call: clingo's parser costs about twice as much file by
# file.)
Stamp = tuple[Path, int, int]
_PARSED: dict[Stamp, tuple[ast.AST, ...]] = {}
_PROGRAM = ast.ASTType.Program


def _stamp(path: Path) -> Stamp:
    stat = path.stat()
    return (path, stat.st_size, stat.st_mtime_ns)


def _stamps(paths: tuple[Path, ...]) -> tuple[Stamp, ...]:
    return tuple(_stamp(p) for p in paths)


@lru_cache(maxsize=None)
def _deps_file(stamp: Stamp) -> tuple:
    return tuple(file_deps(stamp[0], _parsed_stamped((stamp,))))


def _parsed(paths: tuple[Path, ...]) -> tuple[ast.AST, ...]:
    return _parsed_stamped(_stamps(paths))


def _parsed_stamped(stamps: tuple[Stamp, ...]) -> tuple[ast.AST, ...]:
    missing = [st for st in stamps if st not in _PARSED]
    if missing:
        # Each file's statements begin with its own `#program base.`, which names the file.
        by_name: dict[str, list[ast.AST]] = {str(st[0]): [] for st in missing}
        current: list[list[ast.AST]] = []

        def add(s: ast.AST) -> None:
            if s.ast_type == _PROGRAM:
                current[:] = [by_name[s.location.begin.filename]]
            current[0].append(s)

        ast.parse_files(list(by_name), add)
        for st in missing:
            _PARSED[st] = tuple(by_name[str(st[0])])
    return tuple(s for st in stamps for s in _PARSED[st])


def clear_caches() -> None:
    """Forget every parsed file and split (tests that point the engine at other rule files)."""
    _PARSED.clear()
    _deps_file.cache_clear()
    _split_stamped.cache_clear()
    _entries_stamped.cache_clear()
    _heuristics.cache_clear()
    _TEXT_USED.clear()


# The parsed statements are clingo AST objects, released through clingo's library as they are
# collected: dropped at exit before the interpreter tears that library down, each one otherwise
# printed "Exception ignored in: AST.__del__" (thousands in a test worker's output).
atexit.register(clear_caches)


def _split(paths: tuple[Path, ...], extra_program: str) -> Split:
    return _split_stamped(_stamps(paths), extra_program)


@lru_cache(maxsize=64)
def _split_stamped(stamps: tuple[Stamp, ...], extra_program: str) -> Split:
    statements = list(_parsed_stamped(stamps))
    deps = [d for st in stamps for d in _deps_file(st)]
    if extra_program:
        extra = parse_text(extra_program)
        statements.extend(extra)
        deps.extend(rule_deps(s) for s in extra)
    return classify(statements, deps)


# --- The rules a run's facts can fire ------------------------------------------------------------
# A rule with a positive body literal whose predicate no fact has and no rule that can fire
# derives can never fire: leaving it out changes no answer set. So each run adds only the rules
# its facts can reach (_slice): a fixpoint over predicate names and arities from the facts'
# (docs/adr/0008). Literals under `not`, in aggregates and in conditions never count as needed
# (an aggregate or a condition over nothing can hold); statements that aren't rules (#show,
# #defined, #const ...) are always added; the predicates the bridge gives stage 2 count as
# facts. With full_demand=1 (the differential tests' reference runs, tests/test_demand.py,
# tests/fuzz.py) every rule is added.
# An entry: the statement (a syntax tree, or its text), the predicates its heads define and
# those its positive body literals need, as "name/arity".
Entry = tuple[object, tuple[str, ...], tuple[str, ...]]
_GIVEN_BETWEEN = frozenset(f"{name}/{arity}" for name, arity in PROVIDED)


def _entry(statement: object, deps: Deps | None) -> Entry:
    if deps is None:
        return (statement, (), ())
    heads, _choice, reads = deps
    entry = (statement, tuple(_UNKNOWN if sig == UNKNOWN else sys.intern(f"{sig[0]}/{sig[1]}") for sig in heads),
             tuple(sorted({sys.intern(f"{n}/{a}") for (n, a), negative in reads if not negative})))
    return _by_term(entry) if any(p in entry[1] or p in entry[2] for p in _BY_TERM) else entry


_UNKNOWN = "*"          # a head whose predicates aren't known (stages.UNKNOWN): a run that adds it adds every rule

# --- Finer: by event verb (docs/adr/0010) ---
# Every event's rules read happens/2, which has facts as soon as the timeline has one event: at
# the grain of predicates a scenario with a timeline keeps nearly every rule. So for the
# predicates below, an entry reads and defines them by the function of one argument as well:
# `happens(T, attack(A, D))` in a positive body needs "happens/2:attack/2", which only a fact
# happens(_, attack(_, _)) or a rule deriving happens with attack/2 (or with a verb it doesn't
# name) gives. A body literal whose argument is a variable (or anything but a plain function
# term) needs "happens/2" alone, which any happens fact or head gives; a head whose argument
# isn't a plain function term defines "happens/2:*", every verb at once.
_BY_TERM = {"happens/2": 1}         # predicate -> the argument (from 0) read by its function
_ANY_TERM = ":*"


def _term_key(pred: str, term: ast.AST) -> str | None:
    """"happens/2:attack/2" for `happens(T, attack(A, D))` (None: the argument is no plain
    function term, or the atom isn't the predicate's)."""
    if term.ast_type == ast.ASTType.UnaryOperation:     # (-p(X): stages reads it as p, so here too)
        term = term.argument
    if term.ast_type != ast.ASTType.Function or term.external:
        return None
    name, arity = pred.rsplit("/", 1)
    if term.name != name or len(term.arguments) != int(arity):
        return None
    arg = term.arguments[_BY_TERM[pred]]
    if arg.ast_type == ast.ASTType.Function and not arg.external and arg.name:
        return sys.intern(f"{pred}:{arg.name}/{len(arg.arguments)}")
    if arg.ast_type == ast.ASTType.SymbolicTerm and arg.symbol.type == clingo.SymbolType.Function and arg.symbol.name:
        return sys.intern(f"{pred}:{arg.symbol.name}/{len(arg.symbol.arguments)}")
    return None


def _head_terms(stm: ast.AST) -> list[ast.AST]:
    """The terms of a rule's (or an #external's) head atoms, pools unfolded."""
    T = ast.ASTType
    if stm.ast_type == T.External:
        atoms = [stm.atom.symbol if stm.atom.ast_type == T.SymbolicAtom else stm.atom]
    elif stm.head.ast_type == T.Literal:
        atoms = [stm.head.atom.symbol] if stm.head.atom.ast_type == T.SymbolicAtom else []
    elif stm.head.ast_type in (T.Disjunction, T.Aggregate, T.HeadAggregate):
        lits = [(el.condition if el.ast_type == T.HeadAggregateElement else el).literal for el in stm.head.elements]
        atoms = [lit.atom.symbol for lit in lits if lit.atom.ast_type == T.SymbolicAtom]
    else:
        atoms = []
    out: list[ast.AST] = []
    while atoms:
        term = atoms.pop()
        if term.ast_type == T.Pool:
            atoms.extend(term.arguments)
        else:
            out.append(term)
    return out


def _by_term(entry: Entry) -> Entry:
    """The entry with _BY_TERM's predicates read and defined by their argument's function."""
    statement, heads, needs = entry
    if not isinstance(statement, ast.AST):
        return entry
    new_heads = list(heads)
    new_needs = set(needs)
    for pred in _BY_TERM:
        if pred in heads:
            keys = [_term_key(pred, t) for t in _head_terms(statement) if not _signature_is_not(pred, t)]
            if not keys or None in keys:        # (a verb not named, or a head not read: every verb)
                keys = [sys.intern(pred + _ANY_TERM)]
            new_heads.remove(pred)
            new_heads.extend(dict.fromkeys(keys))
        if pred in needs:
            keys = {_term_key(pred, lit.atom.symbol) for lit in statement.body
                    if lit.ast_type == ast.ASTType.Literal and lit.sign == ast.Sign.NoSign
                    and lit.atom.ast_type == ast.ASTType.SymbolicAtom
                    and not _signature_is_not(pred, lit.atom.symbol)}
            if keys and None not in keys:       # (a variable's verb, or no literal found: pred alone)
                new_needs.discard(pred)
            new_needs.update(k for k in keys if k is not None)
    return (statement, tuple(new_heads), tuple(sorted(new_needs)))


def _signature_is_not(pred: str, term: ast.AST) -> bool:
    """Whether an atom's term is surely not of the predicate `pred` (a pool: not sure)."""
    if term.ast_type == ast.ASTType.UnaryOperation:
        term = term.argument
    if term.ast_type == ast.ASTType.Function:
        return f"{term.name}/{len(term.arguments)}" != pred
    if term.ast_type == ast.ASTType.SymbolicTerm and term.symbol.type == clingo.SymbolType.Function:
        return f"{term.symbol.name}/{len(term.symbol.arguments)}" != pred
    return False


def _given(facts: Iterable[clingo.Symbol]) -> set[str]:
    """The predicates facts give, as _slice reads them (with _BY_TERM's by their argument)."""
    given = set(_GIVEN_BETWEEN)
    for s in facts:
        pred = f"{s.name}/{len(s.arguments)}"
        given.add(pred)
        if pred in _BY_TERM:
            arg = s.arguments[_BY_TERM[pred]]
            given.add(f"{pred}:{arg.name}/{len(arg.arguments)}" if arg.type == clingo.SymbolType.Function
                      and arg.name else pred + _ANY_TERM)
    return given


@lru_cache(maxsize=64)
def _entries_stamped(stamps: tuple[Stamp, ...], extra_program: str) -> tuple[tuple[Entry, ...], tuple[Entry, ...]]:
    """The split's (shape, state) statements as entries, with each rule's dependencies."""
    split = _split_stamped(stamps, extra_program)
    deps = {id(s): d for st in stamps for s, d in zip(_PARSED[st], _deps_file(st))}
    return (tuple(_entry(s, deps[id(s)] if id(s) in deps else rule_deps(s)) for s in split.shape),
            tuple(_entry(s, deps[id(s)] if id(s) in deps else rule_deps(s)) for s in split.state))


@lru_cache(maxsize=64)
def _heuristics(stamps: tuple[Stamp, ...], extra_program: str) -> list:
    """The split's #heuristic statements (stage 2: not rules, so every run adds them)."""
    return [s for s, _heads, _needs in _entries_stamped(stamps, extra_program)[1] if _is_heuristic(s)]


def _slice(entries: Iterable[Entry], given: set[str]) -> list[bool]:
    """Whether each entry is added: every predicate it needs is given or defined by an added
    entry (a worklist over the predicates, linear in the entries' size). "p/n:f/k" (_BY_TERM)
    also gives "p/n"; "p/n:*" gives every "p/n:..."."""
    entries = list(entries)
    have = {g for g in given if not g.endswith(_ANY_TERM)}
    have |= {g.partition(":")[0] for g in given if ":" in g}
    kept = [False] * len(entries)
    missing = [0] * len(entries)
    waiting: dict[str, list[int]] = {}
    ready: list[str] = [g for g in given if g.endswith(_ANY_TERM)]
    for i, (_statement, heads, needs) in enumerate(entries):
        lacking = [n for n in needs if n not in have]
        if lacking:
            missing[i] = len(lacking)
            for n in lacking:
                waiting.setdefault(n, []).append(i)
        else:
            kept[i] = True
            ready.extend(heads)
    while ready:
        sig = ready.pop()
        if sig == _UNKNOWN:
            return [True] * len(entries)
        if sig in have:
            continue
        have.add(sig)
        if ":" in sig:
            base = sig.partition(":")[0]
            ready.append(base)
            if sig.endswith(_ANY_TERM):
                ready.extend(k for k in waiting if k.startswith(base + ":"))
        for i in waiting.pop(sig, ()):
            missing[i] -= 1
            if not missing[i]:
                kept[i] = True
                ready.extend(entries[i][1])
    return kept


# The split of a set of files, as text, kept in the cache directory (keyed by the files' contents,
# clingo's version and the split's format): a process's first run of a set of files adds that
# text to its Control instead of parsing the files into syntax trees and classifying them
# (parsing ~3,200 statements through Python costs ~5 times what clingo's parser takes for the
# text, and classifying them as much again: bench/command.py). Later runs of the same files in
# the same process add the syntax trees, parsed then (adding them costs less than parsing text).
_TEXT_USED: set[tuple[tuple[Stamp, ...], str]] = set()
_SPLIT_FORMAT = "split-entries-6"
_CODE = tuple(Path(__file__).parent / f"{m}.py" for m in ("solve", "stages"))


def _split_text(paths: tuple[Path, ...], extra_program: str) -> tuple[tuple[Entry, ...], tuple[Entry, ...]] | None:
    """The split's (shape, state) entries, each statement as text, from the cache, on the first
    run of these files in this process; None otherwise, and when the cache doesn't have it yet
    (then _split, which computes it, also gives the text to keep for next time). Only the rules
    and questions' programs are kept: a split with an extra program of a test's own would add an
    entry to the cache for each test."""
    stamps = _stamps(paths)
    key = (stamps, extra_program)
    if extra_program or key in _TEXT_USED:      # (tests' own #show programs: not kept, one each)
        return None
    _TEXT_USED.add(key)
    # (joined once: adding each file to the key in turn copied the key so far, ~80 times; stages'
    # version too: a change in how rules are classified changes the split of the same files)
    # (and the code that splits and reads the rules, as the built-in cards' pickle is keyed: an
    # entry written by other code is not read, whether or not _SPLIT_FORMAT was bumped with it)
    cache_key = b"\0".join([_SPLIT_FORMAT.encode(), STAGES_VERSION.encode(), clingo.__version__.encode(),
                             extra_program.encode()]
                            + [part for p in (*_CODE, *paths) for part in (str(p).encode(), p.read_bytes())])
    computed = []

    def compute() -> tuple[tuple[Entry, ...], tuple[Entry, ...]]:
        entries = _entries_stamped(stamps, extra_program)
        computed.append(entries)
        # (each predicate's name one string, each list of them one tuple: pickled once, read fast)
        shared: dict = {}
        return tuple(tuple((str(s), shared.setdefault(heads, heads), shared.setdefault(needs, needs))
                           for s, heads, needs in stage) for stage in entries)

    def valid(value) -> bool:       # (written by compute: its shape, not each entry, is checked)
        return (isinstance(value, tuple) and len(value) == 2 and all(isinstance(st, tuple) for st in value)
                and all(isinstance(st[0], tuple) and len(st[0]) == 3 and isinstance(st[0][0], str)
                        for st in value if st))

    entries = cached_pickle(cache_key, compute, valid)      # (JSON: 3 times as long to read)
    return None if computed else entries


# Controls kept alive until the process leaves (keep_until_exit): freeing a Control costs a lone
# question about 5% of its CPU time, for nothing when the process ends with os._exit (cli.run).
_KEPT: list[clingo.Control] | None = None


def keep_until_exit() -> None:
    """Keep every Control this process solves with, unfreed: only for a process that leaves with
    os._exit after a bounded number of runs (`rulecheck ask` on one scenario)."""
    global _KEPT
    if _KEPT is None:
        _KEPT = []


def add_split(ctl: clingo.Control, split: Split) -> None:
    """Add the rules split into stages to ctl: the `shape` program (decided from the facts alone),
    then the `state` program (stages.py)."""
    with ast.ProgramBuilder(ctl) as builder:
        builder.add(_PROGRAM_SHAPE)
        for statement in split.shape:
            builder.add(statement)
        builder.add(_PROGRAM_STATE)
        for statement in split.state:
            builder.add(statement)


class Grounding:
    """The rules and the facts, grounded once; solved once, or again with other external atoms
    true (the order of continuous effects, which logic/dependency.lp declares external: the
    bridge's order goes in without grounding again, bridge/layering.py).

    extra_program: ASP text of our own (tests add #show statements); never user text."""

    def __init__(self, facts: Iterable[clingo.Symbol], programs: tuple[Path, ...], *,
                 time_limit: float = DEFAULT_TIME_LIMIT, constants: dict[str, int] | None = None,
                 origin: str | None = None, extra_program: str = "") -> None:
        messages: list[str] = []

        def logger(code: clingo.MessageCode, message: str) -> None:
            messages.append(message.strip())

        # Created projecting on shown atoms; enumeration projects on the answers (#project, when a
        # question's programs are loaded), the cautious pass on what is shown (solve.py header).
        args = ["--models=0", "--warn=none", "--project=show"]
        for name, value in (constants or {}).items():
            args.append(f"--const={name}={int(value)}")
        ctl = clingo.Control(args, logger=logger, message_limit=50)
        facts = list(facts)
        texts = _split_text(programs, extra_program)
        stamps = _stamps(programs) if texts is None else ()
        shape, state = texts if texts is not None else _entries_stamped(stamps, extra_program)
        if (constants or {}).get("full_demand"):
            keep = None                                 # every rule (the differential tests' reference)
        else:
            keep = _slice((*shape, *state), _given(facts))
        kept_shape = [e[0] for e, k in zip(shape, keep or ()) if k] if keep is not None else [e[0] for e in shape]
        kept_state = ([e[0] for e, k in zip(state, keep[len(shape):]) if k] if keep is not None
                      else [e[0] for e in state])
        if texts is not None:
            ctl.add("shape", [], "\n".join(kept_shape))
            ctl.add("state", [], "\n".join(kept_state))
        else:
            with ast.ProgramBuilder(ctl) as builder:
                builder.add(_PROGRAM_SHAPE)
                for statement in kept_shape:
                    builder.add(statement)
                builder.add(_PROGRAM_STATE)
                for statement in kept_state:
                    builder.add(statement)
        with ctl.backend() as backend:
            for symbol in facts:
                backend.add_rule([backend.add_atom(symbol)])
        try:
            # Stage 1: the shape of the timeline (relevance); then what the bridge works out from
            # it; stage 2: the state (bridge/stages.py, docs/adr/0004).
            ctl.ground([("shape", [])])
            _refuse_beyond_range(ctl, origin)
            worked_out = list(between(ctl))
            with ctl.backend() as backend:
                for symbol in worked_out:
                    backend.add_rule([backend.add_atom(symbol)])
            ctl.ground([("state", [])])
        except RuntimeError as exc:  # an error in our own programs: say what clingo said
            raise RuntimeError(f"{exc}: " + " | ".join(messages)) from None

        if any(p.name == "common.lp" for p in programs):
            ctl.configuration.solve.project = "project"
        # A program that tells the solver what to decide first (#heuristic: logic/replacement.lp's
        # order of effects), where the grounding has such atoms (a player orders effects), is
        # solved with the heuristic that reads it, and each outcome found is recorded as a nogood
        # rather than backtracked from (docs/adr/0009): the same answer sets, found sooner.
        self._enum_mode = "auto"
        # (#heuristic statements aren't rules: always added. Found once per split of syntax trees:
        # asking each of ~5,000 statements its type through clingo's API cost ~8 ms a run.)
        heuristics = ([s for s in kept_state if _is_heuristic(s)] if texts is not None
                      else _heuristics(stamps, extra_program))
        if _decides_first(ctl, heuristics):
            ctl.configuration.solver.heuristic = "Domain"
            ctl.configuration.solve.enum_mode = self._enum_mode = "record"
        self.ctl, self.messages, self.facts = ctl, messages, facts + worked_out
        self.time_limit, self.origin = time_limit, origin
        self._true: list[clingo.Symbol] = []
        if _KEPT is not None:
            _KEPT.append(ctl)

    def has_externals(self, symbols: Iterable[clingo.Symbol]) -> bool:
        """Whether every one of symbols is an external atom of this grounding."""
        atoms = self.ctl.symbolic_atoms
        for symbol in symbols:
            atom = atoms[symbol]
            if atom is None or not atom.is_external:
                return False
        return True

    def solve(self, true_externals: Iterable[clingo.Symbol] = ()) -> Result:
        """Solve with exactly these external atoms true (has_externals: each must be one)."""
        ctl = self.ctl
        for symbol in self._true:
            ctl.assign_external(symbol, False)
        self._true = list(true_externals)
        for symbol in self._true:
            ctl.assign_external(symbol, True)
        models = _run(ctl, self.time_limit, self.origin)
        choices: list[list[clingo.Symbol]] = [[] for _ in models]
        if len(models) > 1 and any(s.name == "chose" for m in models for s in m):
            every = {s for m in models for s in m if s.name != "chose"}
            choices = [_shared_choices(ctl, m, every, self.time_limit, self.origin, self._enum_mode) for m in models]
        # The atoms made true are facts of this run, as far as `rulecheck facts` is concerned.
        return Result(models=models, choices=choices, messages=self.messages, facts=self.facts + self._true)


def solve(facts: Iterable[clingo.Symbol], programs: tuple[Path, ...], *,
          time_limit: float = DEFAULT_TIME_LIMIT, constants: dict[str, int] | None = None,
          origin: str | None = None, extra_program: str = "") -> Result:
    """Ground and solve once (Grounding). extra_program: ASP text of our own; never user text."""
    return Grounding(facts, programs, time_limit=time_limit, constants=constants, origin=origin,
                     extra_program=extra_program).solve()


def _run(ctl: clingo.Control, time_limit: float, origin: str | None, assumptions=()) -> list[list[clingo.Symbol]]:
    found: list[list[clingo.Symbol]] = []

    def on_model(model: clingo.Model) -> None:
        found.append(sorted(model.symbols(shown=True)))

    with ctl.solve(on_model=on_model, assumptions=list(assumptions), async_=True) as handle:
        if not handle.wait(time_limit):
            handle.cancel()
            raise SolveError(origin, None, f"no answer within {time_limit:g} s (the time limit; --time-limit to change it)")
        result = handle.get()
    if result.unsatisfiable and not assumptions:
        raise SolveError(origin, None, "the rules found no consistent state for this scenario "
                         "(an internal contradiction: please report it with the scenario)")
    return found


def _is_heuristic(statement: object) -> bool:
    """Whether a statement of the program (its text, or its syntax tree) is a #heuristic."""
    if isinstance(statement, str):
        return statement.lstrip().startswith("#heuristic")
    return statement.ast_type == ast.ASTType.Heuristic


def _decides_first(ctl: clingo.Control, heuristics: list) -> bool:
    """Whether the grounding has an atom one of these #heuristic statements is about."""
    for statement in heuristics:
        stm = parse_text(statement)[-1] if isinstance(statement, str) else statement
        symbol = stm.atom.symbol
        if any(True for _ in ctl.symbolic_atoms.by_signature(symbol.name, len(symbol.arguments))):
            return True
    return False


def _shared_choices(ctl: clingo.Control, model: list[clingo.Symbol], every: set[clingo.Symbol],
                    time_limit: float, origin: str | None, enum_mode: str = "auto") -> list[clingo.Symbol]:
    """The choices every answer set with this model's answers makes (every: the answer atoms of
    all the models, found once: with many outcomes, finding them again per model cost more than
    solving)."""
    answers = {s for s in model if s.name != "chose"}
    others = every - answers
    assumptions = [(s, True) for s in answers] + [(s, False) for s in others]
    config = ctl.configuration.solve
    project = config.project
    config.enum_mode, config.project = "cautious", "show"
    try:
        found = _run(ctl, time_limit, origin, assumptions)
    finally:
        config.enum_mode, config.project = enum_mode, project
    return [s for s in found[-1] if s.name == "chose"] if found else []
