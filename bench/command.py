"""`rulecheck ask` as a command against phase.rs's engine (PyPI `phase-python`) on the same questions (issue 13).

    python bench/command.py                  # 7 runs of each command, interleaved
    python bench/command.py --runs 15
    python bench/command.py --before /tmp/old   # also a checkout of older code, in the same run

Each question is asked of each command in a fresh process (Python's start, imports, reading
the card data and the state, answering), as a user's Python runs it (compiled modules kept:
PYTHONDONTWRITEBYTECODE is dropped from the children's environment). The commands run in turn
(A B C A B C ...) so that a drift of the machine's speed touches all; the figures are medians
of wall time, CPU time (user and system) and peak memory from each child's rusage, and each
ratio to phase is the median of the ratios pair by pair. Every answer is checked (they must
agree) before anything is timed. On a shared machine, compare CPU times and ratios.

  rulecheck  `rulecheck ask S.yaml --ask Q`: the built-in pool of 129 cards, a scenario file
  phase      `python ask.py card-data.json state.json WHAT`: phase.rs's engine loaded from a
             card-data.json of rulecheck's single-faced built-in cards and the five basic lands
             its games need (118 faces, converted from rulecheck's Scryfall data with phase's
             own build_oracle_face) and a game state saved by playing a game to that point;
             ask.py is PHASE_ASK below

Questions:
  haste          a Raging Goblin cast this turn: can it attack? (702.10b; rulecheck
                 `can_attack`, phase the legal attackers of the declare attackers step)
  double_strike  two Fencing Aces attack, unblocked: the defending player's life after the
                 combat damage steps (702.4b, 510.4; rulecheck `life` after two
                 combat_damage steps, phase: declare the attack and pass priority to the end
                 of combat)

Also printed: the import time of the `rulecheck ask` command (`python -X importtime`: what
is imported before the scenario is read, by package) and which of rulecheck's modules and of
the heavy standard library modules it leaves unimported (lazy: loaded only on the paths that
need them). Without phase-python installed (`pip install phase-python`), only rulecheck's
figures are printed. No target is asserted: the issue's target is rulecheck's median at most
phase's (a ratio of at most 1.0), printed as met or not.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timeline import ROOT, child_env, command  # noqa: E402

HASTE = """\
players: [alice, bob]
turn: {number: 1, active: alice, step: declare_attackers}
objects:
  goblin: {card: Raging Goblin, controlled_since: 1}
"""

DOUBLE_STRIKE = """\
players: [alice, bob]
turn: {number: 7, active: alice, step: declare_attackers}
objects:
  ace1: {card: Fencing Ace}
  ace2: {card: Fencing Ace}
timeline:
  - {attack: ace1, target: bob}
  - {attack: ace2, target: bob}
  - {begin: declare_blockers}
  - {begin: combat_damage}
  - {begin: combat_damage}
"""

# (name, scenario, rulecheck's question, rulecheck's expected answer line, phase: alice's deck,
# the state to reach, the question, the expected answer)
QUESTIONS = [
    ("haste", HASTE, "can_attack goblin", "yes", ["Raging Goblin"] * 20 + ["Mountain"] * 20,
     ["Raging Goblin"], "attackers", "['Raging Goblin']"),
    ("double_strike", DOUBLE_STRIKE, "life bob", "16", ["Fencing Ace"] * 8 + ["Plains"] * 12,
     ["Fencing Ace", "Fencing Ace"], "life_after_combat", "16"),
]

# The phase command: the engine, a saved game, one question.
PHASE_ASK = '''\
import json, sys
from phase import Engine, GameAction

engine = Engine.from_path(sys.argv[1])
with open(sys.argv[2], encoding="utf-8") as f:
    game = engine.load_game(f.read())
attackers = game.waiting_for()["data"]["valid_attacker_ids"]
if sys.argv[3] == "attackers":
    print(sorted(game.object(i)["name"] for i in attackers))
else:
    attack = [[i, {"type": "Player", "data": 1}] for i in attackers]
    game.apply(0, GameAction.from_dict({"type": "DeclareAttackers", "data": {"attacks": attack, "bands": []}}))
    while game.phase not in ("EndCombat", "PostCombatMain"):
        game.apply(game.priority_player(), game.actions()[0])
    print(game.player(1)["life"])
'''

BASICS = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


def _atomic(card: dict) -> dict:
    """A Scryfall card object of one face as the MTGJSON atomic card build_oracle_face reads."""
    left, _, right = card["type_line"].partition(" — ")
    words = left.split()
    supertypes = [w for w in words if w in ("Basic", "Legendary", "Snow", "World")]
    atomic = {"name": card["name"], "manaCost": card.get("mana_cost", ""), "manaValue": card.get("cmc", 0.0),
              "type": card["type_line"], "types": [w for w in words if w not in supertypes],
              "subtypes": right.split(), "supertypes": supertypes, "text": card.get("oracle_text", ""),
              "power": card.get("power"), "toughness": card.get("toughness"), "colors": card.get("colors", []),
              "colorIdentity": card.get("color_identity", []), "keywords": card.get("keywords", []),
              "layout": card.get("layout", "normal"), "identifiers": {"scryfallOracleId": card.get("oracle_id")},
              "legalities": {}}
    return {k: v for k, v in atomic.items() if v is not None}


def phase_card_data(path: Path) -> int:
    """card-data.json of rulecheck's built-in cards (the single-faced ones) and the basic lands."""
    from phase import build_oracle_face
    cards = [c for name in ("cards.json", "cards-2.json", "cards-3.json")
             for c in json.loads((ROOT / "bridge" / "data" / name).read_text(encoding="utf-8"))]
    cards += [{"name": land, "mana_cost": "", "type_line": f"Basic Land — {land}", "layout": "normal",
               "oracle_text": f"({{T}}: Add {{{color}}}.)", "colors": [], "color_identity": [color]}
              for land, color in BASICS.items()]
    faces = {c["name"].lower(): build_oracle_face(_atomic(c), c.get("oracle_id")) for c in cards if "card_faces" not in c}
    path.write_text(json.dumps(faces), encoding="utf-8")
    return len(faces)


def phase_state(card_data: Path, deck: list[str], attackers: list[str], path: Path) -> None:
    """Play a game (alice: deck; bob: lands only) until alice's declare attackers step offers
    exactly `attackers`, playing a land and casting a spell whenever she can; save its state."""
    from phase import Engine
    engine = Engine.from_path(str(card_data))
    game = engine.new_game(player=deck, opponent=["Plains"] * 20, seed=3, first_player=0)
    for _ in range(2000):
        waiting = game.waiting_for()
        kind, data = waiting.get("type"), waiting.get("data") or {}
        if kind == "DeclareAttackers" and sorted(game.object(i)["name"] for i in data["valid_attacker_ids"]) == attackers:
            path.write_text(json.dumps(game.state()), encoding="utf-8")
            return
        actor = (game.priority_player() if kind == "Priority" else data["pending"][0]["player"]
                 if kind == "MulliganDecision" else data.get("player", 0))
        actions = game.actions()
        game.apply(actor, next((a for a in actions if a.kind in ("PlayLand", "CastSpell")), actions[0]))
    sys.exit(f"phase: no game state with {attackers} as attackers after 2,000 actions")


def import_report(scenario: Path, question: str, env: dict[str, str], runs: int = 5) -> list[str]:
    """`python -X importtime` of the command, `runs` times: each module's own time (the least
    of the runs: the machine's noise only adds), summed by package; and what stays unimported."""
    cmd = [sys.executable, "-X", "importtime", "-m", "rulecheck.cli", "ask", str(scenario), "--ask", question]
    best: dict[str, int] = {}
    for _ in range(runs):
        err = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stderr
        for line in err.splitlines():
            parts = line.removeprefix("import time:").split("|")
            if line.startswith("import time:") and len(parts) == 3 and parts[0].strip().isdigit():
                module = parts[2].strip()
                best[module] = min(best.get(module, 10**12), int(parts[0]))
    own: dict[str, float] = {}
    for module, us in best.items():
        top = module if module.startswith("rulecheck.") else module.split(".")[0]
        own[top] = own.get(top, 0) + us / 1000
    ours = {k: v for k, v in own.items() if k.startswith("rulecheck")}
    watched = ["clingo", "yaml", "dataclasses", "typing", "argparse", "json", "hashlib", "difflib", "tomllib",
               "sqlite3", "pickle", "networkx", "jsonschema", "rulecheck.card_index", "rulecheck.seeds",
               "rulecheck.order", "rulecheck.crtext", "rulecheck.pytest_plugin"]
    return [f"  imports (python -X importtime, least of {runs}): {sum(own.values()):.0f} ms in all; rulecheck's "
            f"own modules {sum(ours.values()):.0f} ms, clingo {own.get('clingo', 0):.0f} ms, yaml "
            f"{own.get('yaml', 0):.0f} ms, site (the interpreter's start, an editable install's finder) "
            f"{own.get('site', 0) + sum(v for k, v in own.items() if k.startswith('__editable__')):.0f} ms",
            "  rulecheck's modules, slowest first (ms): " + ", ".join(
                f"{k.removeprefix('rulecheck.')} {v:.1f}" for k, v in sorted(ours.items(), key=lambda kv: -kv[1])[:8]),
            "  imported: " + ", ".join(m for m in watched if m in best),
            "  not imported by this command: " + ", ".join(m for m in watched if m not in best)]


# `rulecheck ask` with a clock at each part: the child's CPU (user and system, the process's
# own clock) when its first line runs (Python's start: the interpreter, site and an editable
# install's finder), after clingo's import, after the rest of the command's imports, then the
# command itself with clingo's Control.add/ground/solve and the scenario's reading timed where
# they are called. Printed as one line of milliseconds: the parts of one run.
PARTS = """\
import time
start = time.process_time()
import clingo
clingo_done = time.process_time()
from rulecheck import ask, cards, cli, load, question_text, render, solve
imports_done = time.process_time()
spent = {}
def timed(owner, name, label):
    real = getattr(owner, name)
    def wrapper(*args, **kwargs):
        t = time.process_time()
        try:
            return real(*args, **kwargs)
        finally:
            spent[label] = spent.get(label, 0.0) + time.process_time() - t
    setattr(owner, name, wrapper)
timed(load, "load_scenario", "read")
timed(cards.CardPool, "builtin", "cards")
timed(clingo.Control, "add", "add")
timed(clingo.Control, "ground", "ground")
timed(clingo.Control, "solve", "solve")
import io, contextlib, sys
cli._LEAVING = True                     # as the installed script (cli.run) sets it
with contextlib.redirect_stdout(io.StringIO()):
    code = cli.main(sys.argv[1:])
done = time.process_time()
command = done - imports_done
rest = command - sum(spent.values())
print(" ".join(f"{k}={v * 1000:.2f}" for k, v in [("start", start), ("clingo", clingo_done - start),
      ("imports", imports_done - clingo_done), *sorted(spent.items()), ("rest", rest)]))
"""


def parts_report(scenario: Path, question: str, env: dict[str, str], runs: int) -> list[str]:
    """Where a `rulecheck ask` child's CPU goes (PARTS), the median of `runs` runs per part, and
    `python -c pass` and `python -c "import phase"` as their floors."""
    cmd = [sys.executable, "-c", PARTS, "ask", str(scenario), "--ask", question]
    found: dict[str, list[float]] = {}
    for _ in range(runs):
        out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stdout.split()
        for item in out:
            key, value = item.split("=")
            found.setdefault(key, []).append(float(value))
    bare = statistics.median(run_timed([sys.executable, "-c", "pass"], env)[1] for _ in range(runs)) * 1000
    names = {"start": "Python's start", "clingo": "import clingo", "imports": "rulecheck's imports (PyYAML's "
             "included)", "cards": "the built-in cards", "read": "reading the scenario",
             "add": "clingo adds the rules' text", "ground": "grounding (both stages)", "solve": "solving",
             "rest": "the rest (facts, between the stages, decoding, output)"}
    medians = {k: statistics.median(v) for k, v in found.items()}
    return [f"  where a `rulecheck ask` child's CPU goes (ms, median of {runs} runs; `python -c pass` whole: "
            f"{bare:.1f} ms):",
            "    " + ", ".join(f"{names.get(k, k)} {medians[k]:.1f}" for k in
                               ["start", "clingo", "imports", "read", "cards", "add", "ground", "solve", "rest"]
                               if k in medians)
            + f"; in all {sum(medians.values()):.1f}"]


def run_timed(cmd: list[str], env: dict[str, str]) -> tuple[float, float, float, str, int]:
    """Wall seconds, CPU seconds (user and system, wait4's rusage of that child), peak MB,
    standard output and exit code of one run."""
    with tempfile.TemporaryFile() as out:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.DEVNULL, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        return (wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024,
                out.read().decode("utf-8", "replace"), proc.returncode)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=7, help="counted runs of each command (default 7), after one warm-up")
    ap.add_argument("--before", metavar="CHECKOUT", help="also time `rulecheck ask` of another checkout of rulecheck "
                    "(an older commit: `git worktree add /tmp/old COMMIT`), run from its source folder")
    ap.add_argument("--phase-setup", nargs=2, metavar=("FOLDER", "NAME"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.phase_setup:       # (the child that plays phase's games: this process's peak stays small)
        folder, name = Path(args.phase_setup[0]), args.phase_setup[1]
        if name == "card-data":
            print(phase_card_data(folder / "card-data.json"))
        else:
            _q, _s, _ask, _want, deck, attackers, _what, _pwant = next(q for q in QUESTIONS if q[0] == name)
            phase_state(folder / "card-data.json", deck, attackers, folder / f"{name}.state.json")
        return 0
    has_phase = importlib.util.find_spec("phase") is not None
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        # As a user's Python runs: compiled modules kept (__pycache__), whatever this shell says.
        env = {k: v for k, v in child_env(tmp_name).items() if k != "PYTHONDONTWRITEBYTECODE"}
        envs = {"rulecheck": env}
        if args.before:
            shim = tmp / "before"
            shim.mkdir()
            (shim / "rulecheck").symlink_to(Path(args.before).resolve() / "bridge", target_is_directory=True)
            envs["before"] = dict(env, PYTHONPATH=str(shim))

        def setup(what: str) -> str:
            return subprocess.run([sys.executable, __file__, "--phase-setup", tmp_name, what], env=env,
                                  check=True, capture_output=True, text=True).stdout.strip()
        if has_phase:
            card_data = tmp / "card-data.json"
            count = setup("card-data")
            (tmp / "ask.py").write_text(PHASE_ASK, encoding="utf-8")
        print(f"python {sys.version.split()[0]}; {args.runs} runs of each command, interleaved, after a warm-up; "
              "medians" + (f"; phase-python {importlib.metadata.version('phase-python')}, {count} faces"
                           if has_phase else "; phase-python not installed: rulecheck only"), flush=True)
        ratios: dict[str, list[float]] = {}
        for name, scenario, question, expected, deck, attackers, what, phase_expected in QUESTIONS:
            path = tmp / f"{name}.yaml"
            path.write_text(scenario, encoding="utf-8")
            commands = [("rulecheck ask", [*command(), "ask", str(path), "--ask", question], expected, env)]
            if args.before:
                commands.append(("rulecheck ask, --before", [sys.executable, "-m", "rulecheck.cli", "ask", str(path),
                                                              "--ask", question], expected, envs["before"]))
            if has_phase:
                setup(name)
                commands.append(("phase", [sys.executable, str(tmp / "ask.py"), str(card_data),
                                           str(tmp / f"{name}.state.json"), what], phase_expected, env))
            for label, cmd, want, cmd_env in commands:         # the answers, checked (and a warm-up)
                wall, _cpu, _mb, out, code = run_timed(cmd, cmd_env)
                if code != 0 or want not in [line.strip() for line in out.splitlines()]:
                    sys.exit(f"{name}: {label}: {' '.join(cmd)}: exit {code}, expected {want!r}:\n{out}")
            runs: dict[str, list[tuple]] = {label: [] for label, *_ in commands}
            for _ in range(args.runs):
                for label, cmd, _want, cmd_env in commands:
                    runs[label].append(run_timed(cmd, cmd_env))
            print(f"  {name} ({question}; phase: {what}):")
            for label, measured in runs.items():
                wall = statistics.median(r[0] for r in measured)
                cpu = statistics.median(r[1] for r in measured)
                mb = statistics.median(r[2] for r in measured)
                line = f"    {label:<24} wall {wall:6.3f} s  cpu {cpu:6.3f} s  {mb:4.0f} MB"
                if has_phase and label != "phase":
                    ratio = statistics.median(x[0] / y[0] for x, y in zip(measured, runs["phase"]))
                    cpu_ratio = statistics.median(x[1] / y[1] for x, y in zip(measured, runs["phase"]))
                    ratios.setdefault(label, []).append(ratio)
                    line += f"  / phase: wall {ratio:.2f}x, cpu {cpu_ratio:.2f}x"
                print(line, flush=True)
        for line in import_report(tmp / "haste.yaml", "can_attack goblin", env):
            print(line)
        for name, *_rest in QUESTIONS:
            print(f"  {name}:")
            for line in parts_report(tmp / f"{name}.yaml", _rest[1], env, args.runs):
                print(line)
    for label, values in ratios.items():
        print(f"{label} / phase (wall, pair by pair): {', '.join(f'{r:.2f}x' for r in values)} (target at most "
              f"1.0x: {'met' if max(values) <= 1.0 else 'NOT met'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
