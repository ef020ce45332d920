"""The input fuzzer: generated and mutated input files through the real command line, looking for
what bad input must never do (README, "Tests"; CONTRIBUTING, "Errors").

    python tests/fuzz_input.py --examples 10000 [--target T] [--seed S] [--out DIR] [--jobs J]
                               [--timeout 20] [--repeat-every 10] [--no-shrink]
    python tests/fuzz_input.py --replay DIR...     # run saved findings again

Three targets (--target, default all; --examples is per target):
  documents  YAML/JSON documents shaped like scenarios: the format's real keys (bridge/scenario.py
             SCENARIO, its objects, every event verb and question with their fields) with values
             that are sometimes right and often not: huge and negative numbers, NaN, NUL and
             control characters, wrong types, deep nesting, aliases (shared, recursive, bombs),
             merge keys, tags, several documents, a byte-order mark
  mutations  the seed scenarios (seeds/scenarios/) mutated: a key or value deleted, duplicated,
             renamed or replaced, a value's type swapped, another file's subtree spliced in, then
             sometimes the text mutated byte by byte (bytes flipped, inserted, deleted, lines
             repeated or dropped)
  cards      card data (the Scryfall objects of ../shared/reference/cards*.json) with mutated
             fields, given with --cards FILE (one object, a list or a Scryfall list object) or
             inline in a scenario's cards:, and used by an object and a question

Each example is written to a folder and run through `rulecheck.cli.main` (ask, ask --json,
ask --ask QUESTION, check, cards) in a worker process. A finding is any of:
  crash          an exception escapes main (anything but UserError, which main turns into one line)
  died           the worker process died (a crash in clingo, the memory limit)
  hang           the example took more than --timeout seconds (default 20): a hang guard, not a
                 speed assertion; the worker is killed
  message        exit 2 whose stderr is not one line "rulecheck: ...", or that printed on stdout
  exit           an exit code other than 0, 1 or 2
  nondeterministic  every --repeat-every'th example (default 10) is run again in a fresh
                 `python -m rulecheck.cli` process (another PYTHONHASHSEED) and must print the
                 same, byte for byte, with the same exit code

The examples are drawn by hypothesis with a fixed seed (the same --seed and --examples give the
same inputs, whatever --jobs). Each example with a finding is saved in DIR (default
fuzz-input-findings/) as a folder NNNNN-TARGET/ with its files and finding.json (the command,
what went wrong, the traceback); unless --no-shrink, the smallest example of each kind of finding
is reduced (lines, then bytes, while the same finding persists) into NNNNN-TARGET.min/. Exit 1
if anything was found.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import multiprocessing
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from queue import Queue
from typing import Any

import yaml
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fuzz_scenarios as fz  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "seeds" / "scenarios"
REFERENCE = ROOT.parent / "shared" / "reference"
TARGETS = ("documents", "mutations", "cards")
TIMEOUT = 20.0
# The memory a worker may use: a document that would need more is a finding (died), not a
# machine brought to its knees.
MEMORY_LIMIT = 3 * 2**30


@dataclass
class Example:
    """Files to write into an empty folder, and the command's arguments (paths relative to it)."""

    target: str
    files: dict[str, bytes]
    argv: list[str]

    def size(self) -> int:
        return sum(len(v) for v in self.files.values())


@dataclass
class Result:
    code: int | None = None
    stdout: str = ""
    stderr: str = ""
    crash: str | None = None            # the traceback of an exception that escaped main
    where: str | None = None            # its innermost frame in rulecheck
    seconds: float = 0.0
    hang: bool = False
    died: str | None = None
    rerun: tuple | None = None          # (code, stdout, stderr) of the fresh-process run

    def findings(self, timeout: float = TIMEOUT) -> list[tuple[str, str]]:
        """(kind, signature) of each thing that went wrong: the signature tells kinds of the same
        finding apart (a crash's exception and where it was raised)."""
        if self.hang:
            return [("hang", f"more than {timeout:g} s")]
        if self.died is not None:
            return [("died", self.died)]
        if self.crash is not None:
            return [("crash", self.where or "?")]
        out = []
        if self.code not in (0, 1, 2):
            out.append(("exit", f"exit code {self.code!r}"))
        if self.code == 2:
            # One line for the error (after any warnings, each a line of its own).
            lines = self.stderr.splitlines()
            errors = [x for x in lines if not x.startswith("rulecheck: warning: ")]
            if len(errors) != 1 or not all(x.startswith("rulecheck: ") for x in lines):
                out.append(("message", f"{len(errors)} line(s) on stderr besides warnings"))
            if self.stdout:
                out.append(("message", "printed on stdout with exit 2"))
        if self.seconds > timeout:
            out.append(("hang", f"more than {timeout:g} s"))
        if self.rerun is not None and self.rerun != (self.code, self.stdout, self.stderr):
            out.append(("nondeterministic", _what_differs(self.rerun, (self.code, self.stdout, self.stderr))))
        return out


def _what_differs(a: tuple, b: tuple) -> str:
    names = ("exit code", "stdout", "stderr")
    return "differs in " + ", ".join(n for n, x, y in zip(names, a, b) if x != y)


# --- Running an example ------------------------------------------------------------------------

def run_in_process(folder: str, argv: list[str]) -> Result:
    """rulecheck.cli.main(argv) in `folder`, its output captured."""
    from rulecheck.cli import main
    os.chdir(folder)
    out, err = io.StringIO(), io.StringIO()
    result = Result()
    started = time.perf_counter()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            result.code = main(argv)
    except SystemExit as exc:                   # argparse; main itself returns its code
        result.code = exc.code if isinstance(exc.code, int) else 2
    except BaseException as exc:                # noqa: BLE001 (this is what we look for)
        result.crash = traceback.format_exc()
        result.where = _where(exc)
    result.seconds = time.perf_counter() - started
    result.stdout, result.stderr = out.getvalue(), err.getvalue()
    return result


def _where(exc: BaseException) -> str:
    """The exception's type and the innermost frame of the rulecheck package it passed."""
    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if "/bridge/" in f.filename or "/rulecheck/" in f.filename]
    f = (ours or frames or [None])[-1]
    place = f"{Path(f.filename).name}:{f.lineno} in {f.name}" if f else "?"
    return f"{type(exc).__name__} at {place}"


def _worker(conn) -> None:
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        job = conn.recv()
        if job is None:
            return
        conn.send(run_in_process(*job))


class Runner:
    """A worker process that runs examples in process, killed and replaced when one takes more
    than `timeout` seconds (grounding can't be interrupted from Python) or when it dies."""

    def __init__(self, timeout: float = TIMEOUT):
        self.timeout = timeout
        self.proc = None
        self._start()

    def _start(self) -> None:
        ctx = multiprocessing.get_context("fork")
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_worker, args=(child,), daemon=True)
        self.proc.start()
        child.close()

    def _kill(self) -> None:
        if self.proc is not None and self.proc.is_alive():
            os.kill(self.proc.pid, signal.SIGKILL)
        if self.proc is not None:
            self.proc.join()
        self.conn.close()

    def run(self, folder: str, argv: list[str]) -> Result:
        started = time.perf_counter()
        try:
            self.conn.send((folder, argv))
            if self.conn.poll(self.timeout):
                return self.conn.recv()
        except (EOFError, OSError, BrokenPipeError):
            self.proc.join(5)
            code = self.proc.exitcode
            self._kill()
            self._start()
            how = f"signal {-code}" if isinstance(code, int) and code < 0 else f"exit {code}"
            return Result(died=f"the worker died ({how})", seconds=time.perf_counter() - started)
        self._kill()
        self._start()
        return Result(hang=True, seconds=time.perf_counter() - started)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.conn.send(None)
            self.proc.join(5)
        self._kill()


def rerun(folder: str, argv: list[str], timeout: float, hash_seed: int) -> tuple | None:
    """The same command in a fresh process (another hash seed); None if it took too long."""
    env = dict(os.environ, PYTHONHASHSEED=str(hash_seed))
    try:
        p = subprocess.run([sys.executable, "-m", "rulecheck.cli", *argv], cwd=folder, env=env,
                           capture_output=True, text=True, timeout=timeout + 10)
    except subprocess.TimeoutExpired:
        return None
    return (p.returncode, p.stdout, p.stderr)


def write(example: Example, folder: Path) -> None:
    for name, data in example.files.items():
        (folder / name).write_bytes(data)


def check(example: Example, runner: Runner, repeat: bool = False, hash_seed: int = 1) -> Result:
    with tempfile.TemporaryDirectory(prefix="rulecheck-fuzz-") as tmp:
        write(example, Path(tmp))
        result = runner.run(tmp, example.argv)
        if repeat and result.crash is None and not result.hang and result.died is None:
            result.rerun = rerun(tmp, example.argv, runner.timeout, hash_seed)
            if result.rerun is None:
                result.hang = True
    return result


# --- What the generators draw from ---------------------------------------------------------

@lru_cache(maxsize=1)
def fmt() -> dict:
    """The scenario format's keys (bridge/scenario.py) and the catalogue's questions."""
    from rulecheck import scenario as s
    from rulecheck.catalogue import catalogue
    return {
        "top": list(s.SCENARIO.fields),
        "object": list(s._object.fields),              # noqa: SLF001
        "turn": list(s._turn.fields),                  # noqa: SLF001
        "events": {verb: [k for k in rec.fields if k != verb] for verb, rec in s.EVENTS.variants.items()},
        "questions": {q.name: [(p.name, p.kind) for p in q.params] for q in catalogue().values()},
    }


@lru_cache(maxsize=1)
def card_objects() -> tuple[dict, ...]:
    """The Scryfall-shaped objects of the reference card files (or the built-in copies)."""
    from rulecheck.resources import data_dir
    base = REFERENCE if (REFERENCE / "cards.json").exists() else data_dir()
    out = []
    for name in ("cards.json", "cards-2.json", "cards-3.json"):
        out.extend(json.loads((base / name).read_text(encoding="utf-8")))
    return tuple(out)


@lru_cache(maxsize=1)
def card_names() -> tuple[str, ...]:
    names = []
    for c in card_objects():
        names.append(c["name"])
        names.extend(f["name"] for f in c.get("card_faces") or [] if isinstance(f, dict) and "name" in f)
    return tuple(dict.fromkeys(names))


@lru_cache(maxsize=1)
def seed_files() -> tuple[tuple[str, str], ...]:
    return tuple((str(p.relative_to(SEEDS)), p.read_text(encoding="utf-8")) for p in sorted(SEEDS.rglob("*.yaml")))


@lru_cache(maxsize=1)
def seed_trees() -> tuple[Any, ...]:
    return tuple(yaml.safe_load(text) for _, text in seed_files())


IDS = ["a", "b", "bear", "o1", "o2", "miles", "knight"]
PLAYERS = ["alice", "bob", "carol"]
KEYWORDS = ["flying", "first_strike", "double_strike", "haste", "trample", "vigilance", "lifelink",
            "protection", "equip", "transform", "Haste", "first strike", ""]
COUNTER_KINDS = ["+1/+1", "-1/-1", "+2/+0", "+0/+10", "+10/+10", "+11/+0", "loyalty", "oil", "+1/+1 ",
                 "+1/-1", "+-1/+1", "+01/+1", "", "+1/+1/+1", "-0/-0"]
CRITERIA = ["nonland creature", "creature", "mv<=3", "mv>=2", "mv=0", "mv<=99999999999", "not creature",
            "nonland", "white", "legendary artifact", "mv<=-1", "mv<", "creature creature", "nonnonland", ""]
ODD_TEXT = ["", " ", "yes", "no", "on", "off", "~", "null", "NULL", ".inf", ".nan", "-.inf", "0x1F", "0o17",
            "1e400", "1_000", "701.10", "2026-09-25", "2026-09-25T10:00:00", "+1/+1", "*", "1+*", "½", "∞",
            "{W}", "{2/W}", "#1", "&a", "*a", "!!str", "@x", "`x", "%x", "- x", ": x", "a: b", "[x]", "{x: 1}",
            "\x00", "a\x00b", "\x1b[31mred", "line\nbreak", "\r\n", "\u2028", "\u2029", "\ufeff", "\u200b",
            "\x85", "\x7f", "\t", "'", '"', "\\", "é", "名前", "𝔐", "A" * 300]
EDGE_INTS = [0, 1, -1, 2, 3, 20, 2**31 - 1, 2**31, -2**31, -2**31 - 1, 2**32, 2**63, -2**63 - 1, 10**6,
             10**6 + 1, 10**7, 10**7 + 1, 10**18, 10**40, -10**40, 9999, 10000, 10001]


@lru_cache(maxsize=None)
def wild_scalars() -> st.SearchStrategy:
    return st.one_of(
        st.sampled_from(EDGE_INTS),
        st.integers(min_value=-2**70, max_value=2**70),
        st.integers(min_value=-3, max_value=30),
        st.floats(allow_nan=True, allow_infinity=True),
        st.booleans(),
        st.none(),
        st.sampled_from(ODD_TEXT),
        st.text(st.characters(exclude_categories=["Cs"]), max_size=12),
        st.sampled_from(IDS + PLAYERS),
    )


@lru_cache(maxsize=None)
def wild_values() -> st.SearchStrategy:
    return st.recursive(wild_scalars(), lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.one_of(st.sampled_from(IDS + PLAYERS + ODD_TEXT[:12]), st.text(max_size=6),
                                  st.integers(-5, 5)), inner, max_size=4)), max_leaves=12)


@lru_cache(maxsize=None)
def small_ints() -> st.SearchStrategy:
    return st.one_of(st.integers(min_value=0, max_value=6), st.integers(min_value=0, max_value=3),
                     st.sampled_from(EDGE_INTS))


def chance(draw, percent: int) -> bool:
    """True about `percent` times in a hundred. (hypothesis draws small integers, 0 above all,
    far more often than others, so a rare branch is taken on the large ones.)"""
    x = draw(st.integers(1, 100))
    return x > 100 - percent if percent <= 50 else x <= percent


@st.composite
def maybe(draw, plausible: st.SearchStrategy, wild: int) -> Any:
    """A plausible value, or anything `wild` percent of the time."""
    return draw(wild_values()) if chance(draw, wild) else draw(plausible)


@lru_cache(maxsize=None)
def counters() -> st.SearchStrategy:
    return st.dictionaries(st.sampled_from(COUNTER_KINDS[:4]) | st.sampled_from(COUNTER_KINDS), small_ints(),
                           max_size=3)


@lru_cache(maxsize=4096)
def stated_abilities() -> st.SearchStrategy:
    """A stated ability (abilities:, bridge/abilities.py): mostly well-formed, sometimes not."""
    from rulecheck.abilities import BASIC_LAND_TYPES, CARD_TYPES, SELECTORS
    grant = st.one_of(
        st.builds(lambda x, y: {"pt": [x, y]}, small_ints(), small_ints()),
        st.builds(lambda x, y: {"set_pt": [x, y]}, small_ints(), small_ints()),
        st.just({"set_pt_to_mana_value": True}), st.just({"lose_all_abilities": True}),
        st.builds(lambda k: {"gain": k}, st.sampled_from(KEYWORDS) | st.sampled_from(ODD_TEXT)),
        st.builds(lambda t: {"type": t}, st.sampled_from(CARD_TYPES)),
        st.builds(lambda t: {"not_type": t}, st.sampled_from(CARD_TYPES)),
        st.builds(lambda t: {"land_type": t}, st.sampled_from(BASIC_LAND_TYPES) | st.sampled_from(ODD_TEXT)),
        st.builds(lambda t: {"add_land_type": t}, st.sampled_from(BASIC_LAND_TYPES)),
        st.builds(lambda k: {k: 1}, st.sampled_from(["pt", "typ", "gain"])))
    return st.fixed_dictionaries(
        {"card": st.one_of(st.sampled_from(card_names()), st.sampled_from(ODD_TEXT)),
         "affects": st.one_of(st.sampled_from(SELECTORS), st.sampled_from(ODD_TEXT)),
         "grants": st.lists(grant, max_size=3)},
        optional={"text": st.sampled_from(ODD_TEXT), "face": st.sampled_from(["front", "back", "x"])})


def plausible(key: str, ids: tuple[str, ...] | None = None, players: tuple[str, ...] | None = None) -> st.SearchStrategy:
    """A value that could be right for a key of the format (which key: its name alone), naming
    the document's own objects and players."""
    from rulecheck.scenario import DURATIONS, SIDES, STEPS, TURN_OVER_EFFECTS, ZONES
    from rulecheck.criteria import CONDITIONS
    ids_ = st.sampled_from(ids or IDS) | st.sampled_from(IDS)
    ids = st.sampled_from(ids) if ids else st.sampled_from(IDS)
    ids = st.one_of(ids, ids, ids, ids_)
    players = st.sampled_from(players or PLAYERS[:2])
    table: dict[str, st.SearchStrategy] = {
        "card": st.one_of(st.sampled_from(card_names()), st.sampled_from(card_names()), st.sampled_from(ODD_TEXT)),
        "zone": st.sampled_from(ZONES + ("none",)), "to": st.sampled_from(ZONES),
        "face": st.sampled_from(SIDES), "step": st.sampled_from(STEPS), "begin": st.sampled_from(STEPS),
        "until": st.sampled_from(DURATIONS), "effect": st.sampled_from(TURN_OVER_EFFECTS),
        "owner": players, "controller": players, "active": players, "player": players, "by": players,
        "token": st.booleans(), "tapped": st.booleans(), "face_down": st.booleans(), "transformed": st.booleans(),
        "controlled_since": small_ints(), "damage": small_ints(), "number": small_ints(), "at": small_ints(),
        "entry": small_ints(), "begin_turn": small_ints(),
        "counters": counters(), "add": counters(), "remove": counters(), "enters_with": counters(),
        "ability": st.one_of(st.sampled_from(KEYWORDS), st.sampled_from(["Equip {2}", "equip", "transform",
                                                                          "{T}: Add {G}."])),
        "criteria": st.sampled_from(CRITERIA), "condition": st.sampled_from(CONDITIONS + ("", "enters enters")),
        "side": st.sampled_from(SIDES), "mana": st.sampled_from(["W", "C", "G", "x", "g"]), "name": st.one_of(st.sampled_from(card_names()), st.sampled_from(ODD_TEXT)),
        "rules": st.sampled_from(["2026-09-25", "2026-09-25", "2025-01-01", "2026-09-25 "]),
        "description": st.text(max_size=20),
        "players": st.lists(players, min_size=1, max_size=3),
        "life": st.dictionaries(players, small_ints(), max_size=3),
        "divide": st.dictionaries(ids, st.dictionaries(st.one_of(ids, players), small_ints(), max_size=3), max_size=2),
        "declare_attackers": st.dictionaries(ids, st.one_of(ids, players), max_size=3),
        "declare_blockers": st.dictionaries(ids, ids, max_size=3),
        "creates": st.lists(ids, max_size=3), "targets": st.lists(st.one_of(ids, players), max_size=3),
        "id": st.sampled_from(["s1", "s2", "#1", "a"]),
        "resolve": st.one_of(ids, st.sampled_from(["s1", "s2", "#1", "#2"])),
        "trigger": st.one_of(ids, st.sampled_from(["d1", "#1"])),
        "of": st.one_of(ids, ids, st.sampled_from(card_names())),
        "answer": wild_values(), "outcomes": wild_values(),
        "rules_list": st.lists(st.sampled_from(["701.27d", "712.8a", "302.6", "1", "701.10"]), max_size=3),
    }
    return table.get(key, st.one_of(ids, players))


@st.composite
def record(draw, keys: list[str], first: tuple[str, st.SearchStrategy] | None = None, wild: int = 10,
           ids: list | None = None, players: list | None = None) -> dict:
    out: dict = {}
    if first is not None:
        out[first[0]] = draw(first[1])
    for key in keys:
        if chance(draw, 12 + wild // 2):
            out[key] = draw(maybe(plausible(key, ids, players), wild))
    if chance(draw, wild // 2):                 # an unknown or misspelt key
        out[draw(st.sampled_from(["colour", "Card", "zone ", "objects", "ask", "", "x"]))] = draw(wild_scalars())
    return out


@st.composite
def events(draw, wild: int = 10, ids: list | None = None, players: list | None = None) -> dict:
    f = fmt()
    verb = draw(st.sampled_from(sorted(f["events"])))
    return draw(record(f["events"][verb], (verb, maybe(plausible(verb, ids, players), wild)), wild, ids, players))


@st.composite
def questions(draw, expect: bool = False, wild: int = 10, ids: list | None = None,
              players: list | None = None) -> dict:
    f = fmt()
    name = draw(st.sampled_from(sorted(f["questions"])))
    if chance(draw, wild // 2):
        name = draw(st.sampled_from(["can_transfrom", "", "ask"]))
    keys = [p for p, _ in f["questions"].get(name, [])]
    out = {"ask": name}
    for key in keys:
        if not chance(draw, wild // 2):
            out[key] = draw(maybe(plausible(key, ids, players), wild))
    if chance(draw, 40):
        out["at"] = draw(maybe(plausible("at"), wild))
    if expect:
        out["answer"] = draw(wild_values())
        if draw(st.booleans()):
            out["rules"] = draw(maybe(plausible("rules_list"), wild))
    return out


@st.composite
def scenario_trees(draw) -> dict:
    """A document with the format's keys: how much of it is wrong is drawn first (none at all in
    about a third of them, so that many get past the loader to the rules)."""
    f = fmt()
    wild = draw(st.sampled_from([0, 0, 0, 2, 5, 10, 25, 60]))
    players = tuple(draw(st.sampled_from([PLAYERS[:2], PLAYERS[:2], PLAYERS, ["alice"], ["me", "you"]])))
    odd = st.sampled_from(ODD_TEXT[:8]) if wild else st.nothing()
    ids = tuple(draw(st.lists(st.sampled_from(IDS) | odd, min_size=1, max_size=4, unique=True)))
    objects = {}
    for oid in ids:
        objects[oid] = draw(maybe(record(f["object"], ("card", plausible("card")), wild, ids, players), wild))
    parts: dict[str, st.SearchStrategy] = {
        "rules": plausible("rules"), "description": plausible("description"), "players": st.just(list(players)),
        "life": plausible("life", ids, players), "turn": record(f["turn"], None, wild, ids, players),
        "objects": st.just(objects),
        "timeline": st.lists(maybe(events(wild, ids, players), wild), max_size=5),
        "questions": st.lists(maybe(questions(False, wild, ids, players), wild), min_size=1, max_size=3),
        "expect": st.lists(maybe(questions(True, wild, ids, players), wild), max_size=2),
        "cards": st.lists(mutated_cards(), max_size=1),
        "abilities": st.lists(stated_abilities(), max_size=2),
    }
    weights = {"objects": 90, "timeline": 60, "questions": 80, "players": 30, "turn": 30, "expect": 20}
    doc: dict = {}
    for key in f["top"]:
        if chance(draw, weights.get(key, 10)):
            doc[key] = draw(maybe(parts[key], wild))
    return doc


# --- Serializing, with what a serializer won't write by itself ---------------------------------

def _containers(tree: Any, out: list | None = None, depth: int = 0) -> list:
    out = [] if out is None else out
    if depth > 30:
        return out
    if isinstance(tree, dict):
        out.append(tree)
        for v in list(tree.values()):
            _containers(v, out, depth + 1)
    elif isinstance(tree, list):
        out.append(tree)
        for v in tree:
            _containers(v, out, depth + 1)
    return out


@st.composite
def shared(draw, tree: Any) -> Any:
    """The tree with a subtree used twice (YAML writes an anchor and an alias) or inside itself
    (a recursive alias)."""
    boxes = _containers(tree)
    if len(boxes) < 2:
        return tree
    src = draw(st.sampled_from(boxes))
    dst = draw(st.sampled_from(boxes))
    if isinstance(dst, dict):
        dst[draw(st.sampled_from(list(dst) or ["k"]) | st.just("alias"))] = src
    else:
        dst.append(src)
    return tree


def dump(tree: Any, style: str) -> str:
    if style == "json":
        return json.dumps(tree, ensure_ascii=False, default=str)
    return yaml.safe_dump(tree, allow_unicode=True, sort_keys=False, default_flow_style=(style == "flow"),
                          width=1000)


def nested(depth: int, kind: str) -> str:
    return ("[" * depth + "1" + "]" * depth) if kind == "[" else ("{a: " * depth + "1" + "}" * depth)


@st.composite
def raw_documents(draw) -> str:
    """Texts no serializer writes: what a hand-written or hostile file may hold."""
    base = "objects:\n  bear: {card: Grizzly Bears}\nquestions:\n  - {ask: characteristics, object: bear}\n"
    depth = draw(st.sampled_from([50, 99, 100, 101, 150, 1000, 5000, 50000]))
    n = draw(st.integers(2, 12))
    choices = [
        "objects: " + nested(depth, draw(st.sampled_from("[{"))) + "\n",
        '{"objects": ' + "[" * depth + "]" * depth + "}",
        "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
            f"{chr(98 + i)}: &{chr(98 + i)} [" + ", ".join([f"*{chr(97 + i)}"] * 9) + "]\n" for i in range(n)),
        "objects: &o\n  bear: {card: Grizzly Bears, counters: *o}\n",
        "objects: &o {bear: {card: Grizzly Bears}}\nlife: *o\nturn: *o\n" + base.split("\n", 2)[2],
        "base: &b {card: Grizzly Bears}\nobjects:\n  bear:\n    <<: *b\n    tapped: true\n",
        "objects:\n  bear: !!python/object:os.system {card: x}\n",
        "objects:\n  bear: {card: !!binary aGVsbG8=}\n",
        "objects: !!set {bear}\n",
        "objects: !!omap [{bear: {card: Grizzly Bears}}]\n",
        "objects:\n  bear: {card: !custom Grizzly Bears}\n",
        base + "---\n" + base,
        "\ufeff" + base,
        base.replace("  ", "\t"),
        base.replace("Grizzly Bears", "Grizzly\x00Bears"),
        base.replace("Grizzly Bears", "Grizzly\x1bBears"),
        "",
        "# only a comment\n",
        "---\n",
        "~\n",
        "[]\n",
        "42\n",
        "objects:\n  ? [a, b]\n  : {card: Grizzly Bears}\n",
        "objects:\n  {a: 1}: {card: Grizzly Bears}\n",
        "objects:\n  bear: {card: Grizzly Bears}\n  bear: {card: Grizzly Bears}\n",
        '{"objects": {"bear": {"card": "Grizzly Bears"}}, "objects": {}}',
        '{"turn": {"number": 1e400}}',
        '{"turn": {"number": NaN}}',
        '{"turn": {"number": ' + "9" * draw(st.sampled_from([20, 400, 5000])) + "}}",
        "turn: {number: " + "9" * draw(st.sampled_from([20, 400, 5000])) + "}\n" + base,
        "turn: {number: 1" + "0" * draw(st.sampled_from([4300, 4301, 10000])) + "}\n" + base,
        "life: {alice: -" + "9" * 50 + "}\n" + base,
        "objects:\n  bear: {card: Grizzly Bears, counters: {\"+1/+1\": 0x7fffffff}}\n",
        "objects:\n  bear: {card: Grizzly Bears, counters: {\"+1/+1\": 1_000}}\n",
        "objects:\n  bear: {card: Grizzly Bears, counters: {\"+1/+1\": 0b1010}}\n",
        "objects:\n  bear: {card: Grizzly Bears, counters: {\"+1/+1\": 1:30}}\n",
        "objects:\n  bear: {card: Grizzly Bears, damage: .inf}\n",
        "rules: 2026-09-25\n" + base,
        "rules: 2026-09-31\n" + base,
        "rules: 20260925\n" + base,
        base + "timeline:\n" + "  - {tap: bear}\n  - {untap: bear}\n" * draw(st.integers(1, 50)),
        base + "questions:\n" + "  - {ask: characteristics, object: bear}\n" * draw(st.integers(1, 30)),
        "objects:\n" + "".join(f"  o{i}: {{card: Grizzly Bears}}\n" for i in range(draw(st.integers(1, 200)))),
        "objects:\n  \"" + "x" * draw(st.sampled_from([1000, 100000])) + "\": {card: Grizzly Bears}\n",
    ]
    return draw(st.sampled_from(choices))


COMMANDS = st.sampled_from(["ask", "ask", "ask --json", "check", "check", "ask-question"])


@st.composite
def ask_text(draw) -> str:
    f = fmt()
    name = draw(st.one_of(st.sampled_from(sorted(f["questions"])), st.sampled_from(["", "nope", "at=1"])))
    words = [name] + draw(st.lists(st.one_of(st.sampled_from(IDS + PLAYERS + CRITERIA + ["at=0", "at=1", "at=-1",
                                                                                        "at=99999999999", "object=a", "at=--1",
                                                                                        "at=²", "at=١", "--1", "1.5",
                                                                                        "'", '"', "a b", "="]),
                                             st.text(max_size=5)), max_size=4))
    return " ".join(words)


@st.composite
def argv_for(draw, name: str, tree: Any = None) -> list[str]:
    command = draw(COMMANDS)
    if command == "check" and isinstance(tree, dict) and not tree.get("expect") and not chance(draw, 10):
        command = "ask"
    if command == "ask-question":
        return ["ask", name, "--ask", draw(ask_text())]
    return command.split() + [name]


@st.composite
def document_examples(draw) -> Example:
    if chance(draw, 12):
        text = draw(raw_documents())
        name = "scenario.json" if text.startswith('{"') else "scenario.yaml"
        tree = None
    else:
        if chance(draw, 40):
            # A scenario the differential fuzzer would draw (it loads), mutated a little.
            tree = _copy(draw(fz.documents(max_objects=4, max_entries=4, max_questions=2)))
            for _ in range(draw(st.integers(0, 2))):
                tree = draw(mutate_tree(tree))
        else:
            tree = draw(scenario_trees())
        if chance(draw, 10):
            tree = draw(shared(tree))
        style = draw(st.sampled_from(["block", "block", "flow", "json"]))
        try:
            text = dump(tree, style)
        except (RecursionError, ValueError):            # json of a recursive tree
            style, text = "block", dump(tree, "block")
        name = "scenario.json" if style == "json" else "scenario.yaml"
    return Example("documents", {name: text.encode("utf-8", "surrogatepass")}, draw(argv_for(name, tree)))


# --- Mutations of the seed scenarios ---------------------------------------------------------

def _slots(tree: Any, path: tuple = ()) -> list[tuple]:
    """Every (container path, key) of a tree."""
    out = []
    if isinstance(tree, dict):
        for k, v in tree.items():
            out.append(path + (k,))
            out.extend(_slots(v, path + (k,)))
    elif isinstance(tree, list):
        for i, v in enumerate(tree):
            out.append(path + (i,))
            out.extend(_slots(v, path + (i,)))
    return out


def _get(tree: Any, path: tuple) -> Any:
    for k in path:
        tree = tree[k]
    return tree


def _copy(tree: Any) -> Any:
    return json.loads(json.dumps(tree, default=str))


@st.composite
def mutate_tree(draw, tree: Any) -> Any:
    """One structural mutation: delete, duplicate, rename, replace, swap a type, splice."""
    slots = _slots(tree)
    if not slots:
        return draw(wild_values())
    path = draw(st.sampled_from(slots))
    parent, key = _get(tree, path[:-1]), path[-1]
    value = parent[key]
    op = draw(st.sampled_from(["delete", "duplicate", "rename", "replace", "plausible", "swap", "splice"]))
    if op == "delete":
        del parent[key]
    elif op == "duplicate":
        if isinstance(parent, list):
            parent.insert(key, _copy(value))
        else:
            parent[draw(st.sampled_from(_all_keys()))] = _copy(value)
    elif op == "rename" and isinstance(parent, dict):
        new = draw(st.one_of(st.sampled_from(_all_keys()), st.sampled_from([key + "s", key[:-1], key.upper(), ""])
                             if isinstance(key, str) else st.just(1)))
        items = [(new if k == key else k, v) for k, v in parent.items()]
        parent.clear()
        parent.update(items)
    elif op == "replace":
        parent[key] = draw(wild_values())
    elif op == "plausible":
        parent[key] = draw(plausible(str(key)))
    elif op == "swap":
        parent[key] = draw(st.sampled_from([[value], {"x": value}, str(value), None,
                                            len(str(value)), -1, True, 1.5, {str(value): value}]))
    else:
        other = draw(st.sampled_from(seed_trees()))
        oslots = _slots(other)
        if oslots:
            parent[key] = _copy(_get(other, draw(st.sampled_from(oslots))))
    return tree


SPECIAL_BYTES = [b"\x00", b"\xff", b"\xc3", b"\xef\xbb\xbf", b"\t", b"\r", b"\n", b"&a ", b"*a", b": ", b"- ",
                 b"{", b"}", b"[", b"]", b'"', b"'", b"#", b"!!", b"<<: ", b"%YAML 1.1\n", b"---\n", b"...\n",
                 b"\xe2\x80\xa8", b"\x1b", b"9999999999999999999999", b"-1", b"@", b"|", b">"]


@st.composite
def mutate_bytes(draw, data: bytes) -> bytes:
    for _ in range(draw(st.integers(1, 4))):
        pos = draw(st.integers(0, len(data)))
        op = draw(st.sampled_from(["flip", "insert", "delete", "line-dup", "line-drop", "truncate"]))
        if op == "flip" and data:
            pos = min(pos, len(data) - 1)
            data = data[:pos] + bytes([data[pos] ^ (1 << draw(st.integers(0, 7)))]) + data[pos + 1:]
        elif op == "insert":
            data = data[:pos] + draw(st.one_of(st.sampled_from(SPECIAL_BYTES), st.binary(max_size=3))) + data[pos:]
        elif op == "delete":
            data = data[:pos] + data[pos + draw(st.integers(1, 8)):]
        elif op in ("line-dup", "line-drop"):
            lines = data.split(b"\n")
            i = draw(st.integers(0, len(lines) - 1))
            lines[i:i + 1] = [lines[i]] * (2 if op == "line-dup" else 0)
            data = b"\n".join(lines)
        else:
            data = data[:pos]
    return data


@lru_cache(maxsize=1)
def _all_keys() -> tuple[str, ...]:
    f = fmt()
    keys = set(f["top"]) | set(f["object"]) | set(f["turn"]) | set(f["events"])
    keys |= {k for ks in f["events"].values() for k in ks} | {p for ps in f["questions"].values() for p, _ in ps}
    return tuple(sorted(keys | {"ask", "at", "answer", "rules", "outcomes"}))


@st.composite
def mutation_examples(draw) -> Example:
    i = draw(st.integers(0, len(seed_files()) - 1))
    name, text = seed_files()[i]
    if not chance(draw, 25):
        tree = _copy(seed_trees()[i])
        for _ in range(draw(st.integers(1, 3))):
            tree = draw(mutate_tree(tree))
        style = draw(st.sampled_from(["block", "block", "flow", "json"]))
        text = dump(tree, style)
    else:
        style = "block"
    data = text.encode("utf-8", "surrogatepass")
    if chance(draw, 35):
        data = draw(mutate_bytes(data))
    fname = "scenario.json" if style == "json" else "scenario.yaml"
    command = draw(st.sampled_from(["check", "check", "ask", "ask --json"]))
    return Example("mutations", {fname: data}, command.split() + [fname])


# --- Card data -------------------------------------------------------------------------------

MANA_COSTS = ["{W}", "{2}{G}", "{X}{R}", "{2/W}", "{W/U}", "{W/P}", "{C}", "{S}", "{H}", "{HW}", "{½}", "{∞}",
              "{100}", "{10000}", "{10001}", "{99999999999}", "{-1}", "{0}", "{}", "{", "}", "{W}{", "W", "{w}",
              "{W/U/B}", "{G/W/P}", "{2/G/P}", "{X}{X}", "{Y}", "{Z}", "{T}", "{Q}", "{E}", "{A}", "{CHAOS}", "",
              " // ", "{1}{1}{1}{1}{1}{1}{1}{1}{1}{1}{1}{1}{1}{1}{1}{1}{1}{1}{1}{1}"]
STATS = ["0", "1", "-1", "*", "1+*", "*+1", "2-*", "*²", "X", "?", "∞", "½", "1.5", "+1", "99999999999", "10000",
         "10001", "-10001", "", " ", "0x10", "١", 3, -3, 10**12, 1.5, True, None, [], {}]
TYPE_LINES = ["Creature — Bear", "Legendary Creature — Human Hero", "Artifact — Equipment", "Token Creature — Elf",
              "Land", "Instant", "Sorcery", "Enchantment — Aura", "Planeswalker — Jace", "Battle — Siege",
              "Creature —", "— —", "—", "", "Basic Snow Land — Forest", "Kindred Instant — Elf", "Creature — Time Lord",
              "Legendary Legendary Creature", "Creature — \x00", "Token"]
ORACLE = ["Flying", "First strike", "Double strike", "Haste", "Equip {2}", "Equip {-1}", "Equip", "Transform",
          "Flying, first strike, haste", "{T}: Add {G}.", "Protection from white", "Protection from everything",
          "Trample\nLifelink", "Companion — x", "(Reminder (nested) text.)", "((", ")", "Kicker {W}",
          "When this creature enters, transform it.", "", "Ward {2}", "Equip {100000000000}",
          "Flying (This creature can't be blocked except by creatures with flying or reach.)"]
LAYOUTS = ["normal", "transform", "modal_dfc", "double_faced_token", "token", "meld", "flip", "split",
           "adventure", "reversible_card", "saga", "class", "case", "emblem", "art_series", "", "unknown", "Transform"]
COLORS = [[], ["W"], ["W", "U"], ["G", "G"], ["X"], ["w"], "W", None, [1], [None], ["W", ["U"]]]


@lru_cache(maxsize=None)
def card_field(key: str) -> st.SearchStrategy:
    table = {
        "mana_cost": st.sampled_from(MANA_COSTS), "power": st.sampled_from(STATS), "toughness": st.sampled_from(STATS),
        "loyalty": st.sampled_from(STATS), "defense": st.sampled_from(STATS), "type_line": st.sampled_from(TYPE_LINES),
        "oracle_text": st.sampled_from(ORACLE), "layout": st.sampled_from(LAYOUTS), "colors": st.sampled_from(COLORS),
        "color_identity": st.sampled_from(COLORS), "color_indicator": st.sampled_from(COLORS),
        "keywords": st.one_of(st.lists(st.sampled_from(KEYWORDS + ["Flying", "First strike", "Equip"]), max_size=3),
                              st.sampled_from(["Flying", [1], None])),
        "name": st.one_of(st.sampled_from(card_names()), st.sampled_from(ODD_TEXT)),
        "object": st.sampled_from(["card", "list", "face", None, 1]),
        "cmc": st.sampled_from([0, 1.5, -1, 10**20, "3", None]),
        "all_parts": st.sampled_from([[], [{"component": "meld_result", "name": "Grizzly Bears"}],
                                      [{"component": "meld_part", "name": 1}], [1], "x",
                                      [{"component": "meld_result", "name": "Nonexistent"}]]),
    }
    return maybe(table[key], 25) if key in table else wild_values()


@st.composite
def mutated_cards(draw) -> Any:
    """A reference card object with one to four fields deleted, replaced or added (in a face too)."""
    card = _copy(draw(st.sampled_from(card_objects())))
    for _ in range(draw(st.integers(0, 3))):
        target = card
        faces = card.get("card_faces")
        if isinstance(faces, list) and faces and draw(st.booleans()):
            if chance(draw, 15):
                op = draw(st.sampled_from(["none", "empty", "one", "three", "not-a-face"]))
                card["card_faces"] = {"none": None, "empty": [], "one": faces[:1], "three": faces + faces[:1],
                                      "not-a-face": faces[:1] + ["x"]}[op]
                continue
            target = draw(st.sampled_from([f for f in faces if isinstance(f, dict)] or [card]))
        key = draw(st.sampled_from(sorted(set(target) | {"mana_cost", "power", "toughness", "loyalty", "defense",
                                                          "colors", "color_indicator", "card_faces", "all_parts"},
                                          key=str)))  # a wild value may have given the face keys of other types
        if chance(draw, 20):
            target.pop(key, None)
        else:
            target[key] = draw(card_field(key))
    if chance(draw, 25):
        card["name"] = draw(st.sampled_from(["Fuzz Card", "Grizzly Bears", "Fuzz // Card", "fuzz card"]))
    if chance(draw, 4):
        return draw(wild_values())
    return card


@st.composite
def card_examples(draw) -> Example:
    cards = draw(st.lists(mutated_cards(), min_size=1, max_size=3))
    names = [c["name"] for c in cards if isinstance(c, dict) and isinstance(c.get("name"), str)]
    name = draw(st.sampled_from(names)) if names else "Fuzz Card"
    question = draw(st.sampled_from(["characteristics", "mana_value", "color_identity", "printed_on", "can_transform",
                                     "can_attack", "is_transformed"]))
    qkey = "of" if question == "color_identity" else "object"
    obj = {"card": name}
    obj.update(draw(st.fixed_dictionaries({}, optional={"face": st.sampled_from(["front", "back", "a", "b"]),
                                                        "zone": st.sampled_from(["battlefield", "hand", "stack"])})))
    doc: dict = {"objects": {"c": obj}, "questions": [{"ask": question, qkey: "c"}]}
    if draw(st.booleans()):
        doc["timeline"] = [draw(st.sampled_from([{"transform": "c"}, {"tap": "c"}, {"convert": "c"},
                                                 {"move": "c", "to": "graveyard"}, {"turn_face_down": "c"},
                                                 {"counters": "c", "add": {"+1/+1": 1}}]))]
    how = draw(st.sampled_from(["file-list", "file-one", "file-scryfall-list", "inline", "cards-command"]))
    files: dict[str, bytes] = {}
    if how == "inline":
        doc["cards"] = cards
        argv = draw(st.sampled_from([["ask"], ["ask", "--json"]])) + ["scenario.yaml"]
    else:
        data: Any = {"file-list": cards, "file-one": cards[0], "file-scryfall-list": {"object": "list", "data": cards},
                     "cards-command": cards}[how]
        text = json.dumps(data, ensure_ascii=False, default=str)
        if chance(draw, 5):         # a number longer than json.dumps writes (or Python reads)
            text = text.replace('"cmc": ', '"cmc": 1' + "0" * draw(st.sampled_from([400, 4300, 5000])) + "", 1)
        if chance(draw, 10):
            text = draw(mutate_bytes(text.encode("utf-8"))).decode("utf-8", "surrogateescape")
        files["cards.json"] = text.encode("utf-8", "surrogateescape")
        if how == "cards-command":
            argv = ["cards", name, "--cards", "cards.json"] + draw(st.sampled_from([[], ["--json"]]))
        else:
            argv = draw(st.sampled_from([["ask"], ["ask", "--json"]])) + ["scenario.yaml", "--cards", "cards.json"]
    if argv[0] != "cards":
        files["scenario.yaml"] = dump(doc, "block").encode("utf-8", "surrogatepass")
    return Example("cards", files, argv)


STRATEGIES = {"documents": document_examples, "mutations": mutation_examples, "cards": card_examples}


class _Enough(Exception):
    """Stops hypothesis once enough distinct examples are drawn."""


def generate(target: str, examples: int, seed: int, sink: Any = None) -> list[Example]:
    """`examples` distinct inputs of a target, reproducibly (hypothesis with a fixed seed, the
    generate phase only: no shrinking, no example database). sink(example), if given, is called
    with each as it is drawn."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as fixed_seed

    out: dict[str, Example] = {}

    @fixed_seed(seed)
    @settings(max_examples=4 * examples, database=None, deadline=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(STRATEGIES[target]())
    def draw(example):
        key = repr((sorted(example.files.items()), example.argv))
        if key not in out:
            out[key] = example
            if sink is not None:
                sink(example)
        if len(out) >= examples:
            raise _Enough

    try:
        draw()
    except _Enough:
        pass
    return list(out.values())[:examples]


# --- Shrinking and saving ----------------------------------------------------------------------

def shrink(example: Example, still: Any, budget: int = 300, seconds: float = 300) -> Example:
    """A smaller example for which still(example) holds: whole lines of each file removed, then
    runs of bytes (delta debugging, coarse to fine), within `budget` tries and `seconds`."""
    deadline = time.perf_counter() + seconds
    tries = 0
    best = example

    def attempt(files: dict[str, bytes]) -> bool:
        nonlocal tries, best
        if tries >= budget or time.perf_counter() > deadline:
            return False
        tries += 1
        cand = Example(best.target, files, best.argv)
        if still(cand):
            best = cand
            return True
        return False

    for name in list(example.files):
        for split in ("lines", "bytes"):
            def parts() -> list[bytes]:
                data = best.files[name]
                return data.splitlines(keepends=True) if split == "lines" else [bytes([b]) for b in data]
            chunk = max(1, len(parts()) // 2)
            while chunk >= 1 and tries < budget and time.perf_counter() < deadline:
                i, changed = 0, False
                while i < len(parts()) and tries < budget:
                    p = parts()
                    files = dict(best.files, **{name: b"".join(p[:i] + p[i + chunk:])})
                    if attempt(files):
                        changed = True
                    else:
                        i += chunk
                if not changed:
                    chunk //= 2
    return best


def save(folder: Path, example: Example, result: Result, found: list[tuple[str, str]], note: str = "") -> None:
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    write(example, folder)
    info = {"target": example.target, "argv": example.argv,
            "findings": [{"kind": k, "signature": s} for k, s in found],
            "reproduce": f"cd {folder} && rulecheck {' '.join(_quote(a) for a in example.argv)}",
            "replay": f"python tests/fuzz_input.py --replay {folder}",
            "exit": result.code, "stderr": result.stderr[-2000:], "traceback": result.crash, "note": note}
    (folder / "finding.json").write_text(json.dumps(info, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def _quote(arg: str) -> str:
    return arg if re.fullmatch(r"[\w.,=/:+-]+", arg) else "'" + arg.replace("'", "'\\''") + "'"


def load_saved(folder: Path) -> Example:
    info = json.loads((folder / "finding.json").read_text(encoding="utf-8"))
    files = {p.name: p.read_bytes() for p in folder.iterdir() if p.name != "finding.json"}
    return Example(info["target"], files, info["argv"])


def replay(folders: list[str], timeout: float) -> int:
    runner = Runner(timeout)
    found = 0
    try:
        for f in folders:
            ex = load_saved(Path(f))
            r = check(ex, runner, repeat=True)
            fs = r.findings(timeout)
            print(f"{f}: rulecheck {' '.join(_quote(a) for a in ex.argv)}: exit {r.code}, "
                  + ("; ".join(f"{k}: {s}" for k, s in fs) if fs else "no finding"))
            if r.crash:
                print("  " + r.crash.rstrip().replace("\n", "\n  "))
            found += bool(fs)
    finally:
        runner.close()
    return 1 if found else 0


# --- The run ---------------------------------------------------------------------------------

@dataclass
class Run:
    """What a run found: per target, the examples run, their outcomes and findings."""

    results: list[tuple[Example, Result, list[tuple[str, str]]]] = field(default_factory=list)
    generated: float = 0.0
    checked: float = 0.0

    def findings(self) -> list[tuple[Example, Result, list[tuple[str, str]]]]:
        return [r for r in self.results if r[2]]


def run(targets: tuple[str, ...], examples: int, seed: int = 0, jobs: int = 1, timeout: float = TIMEOUT,
        repeat_every: int = 10, progress: bool = False, out_dir: Path | None = None, save_per_kind: int = 5) -> Run:
    """Generate and check `examples` inputs of each target: hypothesis draws them in a thread of
    this process while `jobs` worker processes run them."""
    out = Run()
    started = time.perf_counter()
    todo: Queue = Queue(maxsize=200)
    drawn: list[Example] = []
    results: dict[int, tuple] = {}
    lock = threading.Lock()
    last = [time.perf_counter()]

    def produce() -> None:
        def sink(ex: Example) -> None:
            todo.put((len(drawn), ex))
            drawn.append(ex)
        try:
            for t in targets:
                generate(t, examples, seed, sink)
        finally:
            out.generated = time.perf_counter() - started
            for _ in range(max(1, jobs)):
                todo.put(None)

    def consume() -> None:
        runner = Runner(timeout)
        try:
            while (item := todo.get()) is not None:
                i, ex = item
                try:
                    r = check(ex, runner, repeat=repeat_every > 0 and i % repeat_every == 0, hash_seed=i + 1)
                except Exception as exc:        # noqa: BLE001 (the fuzzer's own trouble, reported)
                    r = Result(died=f"the fuzzer failed to run it: {type(exc).__name__}: {exc}")
                with lock:
                    results[i] = (ex, r, r.findings(timeout))
                    if out_dir is not None and results[i][2]:     # saved as found: a long run may be stopped
                        counts = Counter(sig for x in results.values() for sig in x[2])
                        if any(counts[sig] <= save_per_kind for sig in results[i][2]):
                            save(out_dir / f"{i:05d}-{ex.target}", ex, r, results[i][2])
                    if progress and time.perf_counter() - last[0] > 30:
                        last[0] = time.perf_counter()
                        found = sum(1 for x in results.values() if x[2])
                        print(f"  {len(results)} examples checked ({len(drawn)} drawn), {found} with findings, "
                              f"{time.perf_counter() - started:.0f} s", flush=True)
        finally:
            runner.close()

    threads = [threading.Thread(target=consume, daemon=True) for _ in range(max(1, jobs))]
    for t in threads:
        t.start()
    produce()
    for t in threads:
        t.join()
    out.results = [results[i] for i in sorted(results)]
    out.checked = time.perf_counter() - started
    if progress:
        print(f"drew {len(drawn)} distinct examples ({', '.join(targets)}; seed {seed}) in {out.generated:.1f} s",
              flush=True)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--examples", type=int, default=1000, help="examples per target (default 1000)")
    ap.add_argument("--target", action="append", choices=TARGETS, help="a target (repeatable; default all)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default="fuzz-input-findings", help="where findings go (default fuzz-input-findings/)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--timeout", type=float, default=TIMEOUT, help="seconds an example may take (default 20)")
    ap.add_argument("--repeat-every", type=int, default=10, metavar="N",
                    help="run every Nth example again in a fresh process, for determinism (0: never)")
    ap.add_argument("--no-shrink", action="store_true", help="don't reduce the findings")
    ap.add_argument("--save-per-kind", type=int, default=5, metavar="N",
                    help="save at most N examples of each kind of finding (default 5)")
    ap.add_argument("--replay", nargs="+", metavar="DIR", help="run saved findings again")
    args = ap.parse_args(argv)
    if args.replay:
        return replay(args.replay, args.timeout)
    targets = tuple(args.target or TARGETS)
    started = time.perf_counter()
    out_dir = Path(args.out)
    result = run(targets, args.examples, args.seed, args.jobs, args.timeout, args.repeat_every, progress=True,
                 out_dir=out_dir, save_per_kind=args.save_per_kind)
    by_sig: dict[tuple[str, str], list[int]] = {}
    for i, (ex, r, found) in enumerate(result.results):
        for k, s in found:
            by_sig.setdefault((k, s), []).append(i)
    shrunk_at = time.perf_counter()
    if by_sig and not args.no_shrink:
        print(f"shrinking {len(by_sig)} kind(s) of finding ...", flush=True)
        runner = Runner(args.timeout)
        try:
            for (kind, sig), indices in sorted(by_sig.items()):
                i = min(indices, key=lambda i: result.results[i][0].size())
                ex = result.results[i][0]
                if not (out_dir / f"{i:05d}-{ex.target}").exists():
                    save(out_dir / f"{i:05d}-{ex.target}", ex, result.results[i][1], result.results[i][2])
                repeat = kind == "nondeterministic"

                def still(cand: Example, kind=kind, sig=sig, repeat=repeat) -> bool:
                    return (kind, sig) in check(cand, runner, repeat=repeat).findings(args.timeout)
                small = shrink(ex, still, budget=40 if kind == "hang" else 300,
                               seconds=120 if kind == "hang" else 300)
                if small.size() < ex.size():
                    r = check(small, runner, repeat=repeat)
                    save(out_dir / f"{i:05d}-{ex.target}.min", small, r, r.findings(args.timeout),
                         note=f"reduced from {i:05d}-{ex.target} ({ex.size()} to {small.size()} bytes)")
        finally:
            runner.close()
    return summary(result, targets, by_sig, out_dir, time.perf_counter() - started,
                   time.perf_counter() - shrunk_at, args)


def summary(result: Run, targets: tuple[str, ...], by_sig: dict, out_dir: Path, elapsed: float,
            shrinking: float, args) -> int:
    n = len(result.results)
    print()
    print(f"examples run:        {n} ({args.examples} per target: {', '.join(targets)})")
    for t in targets:
        rs = [(ex, r, f) for ex, r, f in result.results if ex.target == t]
        codes = Counter(r.code for _, r, _ in rs)
        print(f"  {t}: exit 0 {codes[0]}, exit 1 {codes[1]}, exit 2 (refused, one line) {codes[2]}, "
              f"findings {sum(1 for _, _, f in rs if f)}")
    repeated = sum(1 for _, r, _ in result.results if r.rerun is not None)
    print(f"run twice:           {repeated} (every {args.repeat_every}th, in a fresh process)")
    slowest = max((r.seconds for _, r, _ in result.results), default=0.0)
    print(f"slowest example:     {slowest:.2f} s (hang guard {args.timeout:g} s)")
    found = result.findings()
    print(f"findings:            {sum(len(f) for _, _, f in found)} in {len(found)} examples"
          + (f" (saved in {out_dir}/)" if found else ""))
    for (kind, sig), indices in sorted(by_sig.items()):
        print(f"  {kind}: {sig}: {len(indices)} example(s), e.g. {indices[0]:05d}-{result.results[indices[0]][0].target}")
    print(f"time taken:          {elapsed:.1f} s: {result.checked:.1f} s drawing and checking ({result.generated:.1f} s "
          f"to draw, alongside; {n / max(result.checked, 1e-9):.1f} examples/s with {args.jobs} job(s)), "
          f"{shrinking:.1f} s shrinking")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
