"""Benchmarks: `python bench/run.py` (or `make bench`) prints tables; no test asserts timings.

1. A seed-sized scenario (10 double-faced objects, 10 timeline entries): for each question,
   the median time of `answer()` in-process; the time of plain clingo grounding and solving
   the same program (the same logic/ and queries/ files loaded from disk, the scenario's facts
   written to a .lp file with clingo's own symbol syntax); their ratio (the bridge's
   overhead); and where the time goes (parse, ground, solve, Python).
   Targets: <= 10 ms per question; bridge <= 1.5 x plain clingo. Also all the questions in one
   run (answer_all, which `rulecheck ask` and `check` use): the time per question.
2. `rulecheck ask` as a command (a subprocess; median of several runs). Target: <= 0.5 s.
3. 50 to 500 double-faced objects with 200 timeline entries: the time of each question, and
   how it grows. Target: <= 1 s per question at 500 objects.
4. bench/combat.py, if it exists (another benchmark of the project), is run after these.

Options: --reps N (repetitions for medians, default 9), --quick (fewer sizes and reps).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import clingo  # noqa: E402

from scenarios import scenario_text  # noqa: E402

import checkout  # noqa: E402,F401  (rulecheck, installed or from this checkout)

from rulecheck.ask import answer, answer_all, needed_logic  # noqa: E402
from rulecheck.cards import CardPool  # noqa: E402
from rulecheck.catalogue import catalogue  # noqa: E402
from rulecheck.document import parse_yaml  # noqa: E402
from rulecheck.facts import question_facts, scenario_facts  # noqa: E402
from rulecheck.load import build_scenario  # noqa: E402
from rulecheck.question_text import parse_ask  # noqa: E402
from rulecheck.solve import _parsed, _split, add_split, between, programs_for  # noqa: E402

SOLVE_ARGS = ["--models=0", "--project=show", "--warn=none"]
TARGET_QUESTION_MS = 10.0
TARGET_RATIO = 1.5
TARGET_CLI_S = 0.5
TARGET_LARGE_S = 1.0


def build(objects: int, events: int):
    text = scenario_text(objects, events)
    return text, build_scenario(parse_yaml(text, "<bench>"), "<bench>", CardPool.builtin())


def questions_for(scn) -> list[str]:
    """One question of each kind the catalogue has that can be asked about an object of the
    scenario (or, for nameable and color_identity, about a name or card)."""
    obj = next(o for o in scn.objects if scn.objects[o].zone == "battlefield")
    out = []
    for q in catalogue().values():
        kinds = [p.kind for p in q.params if p.default is None]
        if q.name == "nameable":
            out.append("nameable 'Ormendahl, Profane Prince' criteria=nonland")
        elif kinds and all(k in ("object", "object_or_card") for k in kinds):
            out.append(f"{q.name} " + " ".join([obj] * len(kinds)))
    return out


def median_ms(fn, reps: int) -> float:
    times = []
    for _ in range(reps):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def programs(scn, asks: list[str]):
    """The files a run of these questions loads (bridge/ask.py does the same)."""
    return programs_for([catalogue()[a].program for a in asks], logic=needed_logic(scn, asks))


def interleaved(a, b, reps: int) -> tuple[float, float]:
    """Median ms of a and of b, run alternately (a busy machine slows both alike)."""
    ta, tb = [], []
    for _ in range(reps):
        t = time.perf_counter()
        a()
        ta.append(time.perf_counter() - t)
        t = time.perf_counter()
        b()
        tb.append(time.perf_counter() - t)
    return statistics.median(ta) * 1000, statistics.median(tb) * 1000


def plain_clingo(files: list[str], facts_file: str) -> None:
    """clingo alone on the same rules and facts, the bridge's between-stage facts included (so
    that it grounds what answer() grounds, in one go)."""
    ctl = clingo.Control(SOLVE_ARGS)
    for f in files:
        ctl.load(f)
    ctl.load(facts_file)
    ctl.ground([("base", [])])
    ctl.solve(on_model=lambda m: m.symbols(shown=True))


def between_facts(scn, q) -> list:
    """The facts the bridge gives stage 2 (bridge/stages.py), for plain clingo's facts file."""
    ctl = _controlled(scn, q)
    ctl.ground([("shape", [])])
    return list(between(ctl))


def _controlled(scn, q) -> clingo.Control:
    ctl = clingo.Control(SOLVE_ARGS)
    split = _split(programs(scn, [q.ask]), "")
    add_split(ctl, split)
    with ctl.backend() as backend:
        for f in scenario_facts(scn) + question_facts(q):
            backend.add_rule([backend.add_atom(f)])
    return ctl


def phases(scn, q) -> dict[str, float]:
    """Where one answer's time goes (ms): building facts, adding the (cached) parsed rules,
    grounding stage 1 (the timeline's shape), the bridge between the stages, grounding stage 2
    (the state), solving."""
    t0 = time.perf_counter()
    facts = scenario_facts(scn) + question_facts(q)
    t1 = time.perf_counter()
    ctl = _controlled(scn, q)
    t2 = time.perf_counter()
    ctl.ground([("shape", [])])
    t3 = time.perf_counter()
    with ctl.backend() as backend:
        for f in between(ctl):
            backend.add_rule([backend.add_atom(f)])
    t4 = time.perf_counter()
    ctl.ground([("state", [])])
    t5 = time.perf_counter()
    ctl.solve(on_model=lambda m: m.symbols(shown=True))
    t6 = time.perf_counter()
    stats = ctl.statistics["problem"]["lp"]
    del facts
    return {"facts": (t1 - t0) * 1000, "build": (t2 - t1) * 1000, "ground": (t3 - t2 + t5 - t4) * 1000,
            "between": (t4 - t3) * 1000, "solve": (t6 - t5) * 1000, "rules": stats["rules"]}


def table(rows: list[list[str]], header: list[str]) -> str:
    widths = [max(len(str(r[i])) for r in rows + [header]) for i in range(len(header))]
    line = lambda r: "  ".join(str(c).rjust(w) if i else str(c).ljust(w) for i, (c, w) in enumerate(zip(r, widths)))
    return "\n".join([line(header), line(["-" * w for w in widths])] + [line(r) for r in rows])


def seed_sized(reps: int) -> tuple[str, float]:
    text, scn = build(10, 10)
    rows = []
    misses = 0
    worst = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for qtext in questions_for(scn):
            q = parse_ask(qtext, scn)
            facts = scenario_facts(scn) + question_facts(q) + between_facts(scn, q)
            facts_file = os.path.join(tmp, "facts.lp")
            with open(facts_file, "w", encoding="utf-8") as fh:
                fh.writelines(f"{f}.\n" for f in facts)      # clingo's own symbol syntax
            files = [str(p) for p in programs(scn, [q.ask])]
            answer(scn, q)                                     # warm: the parsed rules are cached
            ours, plain = interleaved(lambda: answer(scn, q), lambda: plain_clingo(files, facts_file), reps)
            ph = [phases(scn, q) for _ in range(reps)]
            split = {k: statistics.median(p[k] for p in ph) for k in ph[0]}
            python = max(0.0, ours - split["build"] - split["ground"] - split["solve"])
            ok = ours <= TARGET_QUESTION_MS and ours <= TARGET_RATIO * plain
            misses += not ok
            worst = max(worst, ours)
            rows.append([q.ask, f"{ours:.1f}", f"{plain:.1f}", f"{ours / plain:.2f}",
                         f"{split['build']:.1f}", f"{split['ground']:.1f}", f"{split['between']:.1f}",
                         f"{split['solve']:.1f}", f"{python:.1f}", f"{int(split['rules'])}", "ok" if ok else "MISS"])
    header = ["question", "answer() ms", "plain clingo ms", "ratio", "add rules ms", "ground ms", "between stages ms",
              "solve ms", "python ms", "ground rules", "target"]
    out = table(rows, header)
    qs = [parse_ask(t, scn) for t in questions_for(scn)]
    answer_all(scn, qs)
    batch = median_ms(lambda: answer_all(scn, qs), reps)
    out += (f"\nall {len(qs)} questions in one run (answer_all, as `rulecheck ask` and `check` do): "
            f"{batch:.1f} ms, {batch / len(qs):.1f} ms per question "
            f"({'ok' if batch / len(qs) <= TARGET_QUESTION_MS else 'MISS'})")
    floor = empty_program(reps)
    out += (f"\nthe same rules with no facts at all (the fixed cost of a fresh Control per question): "
            f"add rules {floor['build']:.1f} ms, ground {floor['ground']:.1f} ms, solve {floor['solve']:.1f} ms "
            f"({floor['files']} files, {floor['statements']} statements)")
    return out, worst


def empty_program(reps: int) -> dict[str, float]:
    """Build, ground (both stages) and solve the characteristics question's program with no facts."""
    paths = programs_for([catalogue()["characteristics"].program], logic=catalogue()["characteristics"].logic)
    runs = []
    for _ in range(reps):
        t0 = time.perf_counter()
        ctl = clingo.Control(SOLVE_ARGS)
        split = _split(paths, "")
        add_split(ctl, split)
        t1 = time.perf_counter()
        ctl.ground([("shape", [])])
        ctl.ground([("state", [])])
        t2 = time.perf_counter()
        ctl.solve()
        t3 = time.perf_counter()
        runs.append(((t1 - t0) * 1000, (t2 - t1) * 1000, (t3 - t2) * 1000))
    return {"build": statistics.median(r[0] for r in runs), "ground": statistics.median(r[1] for r in runs),
            "solve": statistics.median(r[2] for r in runs), "files": len(paths),
            "statements": len(_parsed(paths))}


def cli(reps: int) -> tuple[str, float]:
    text, scn = build(10, 10)
    exe = [sys.executable, "-m", "rulecheck.cli"] if not _installed_cli() else [_installed_cli()]
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "seed.yaml")
        Path(path).write_text(text, encoding="utf-8")
        obj = next(o for o in scn.objects if scn.objects[o].zone == "battlefield")
        cmd = exe + ["ask", path, "--ask", f"characteristics {obj}"]
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        subprocess.run(cmd, check=True, capture_output=True, env=env)
        times = []
        for _ in range(max(3, reps // 2)):
            t = time.perf_counter()
            subprocess.run(cmd, check=True, capture_output=True, env=env)
            times.append(time.perf_counter() - t)
    s = statistics.median(times)
    return f"`rulecheck ask` (characteristics, 10 objects, 10 entries): median {s:.2f} s over {len(times)} runs " \
           f"(target <= {TARGET_CLI_S} s: {'ok' if s <= TARGET_CLI_S else 'MISS'})", s


def _installed_cli() -> str | None:
    exe = Path(sys.executable).parent / "rulecheck"
    return str(exe) if exe.exists() else None


def scaling(sizes: list[int], events: int, reps: int) -> str:
    rows = []
    base: dict[str, float] = {}
    worst_at_max = 0.0
    for n in sizes:
        _, scn = build(n, events)
        for qtext in questions_for(scn):
            q = parse_ask(qtext, scn)
            answer(scn, q)
            ms = median_ms(lambda: answer(scn, q), reps)
            ph = phases(scn, q)
            base.setdefault(q.ask, ms)
            if n == sizes[-1]:
                worst_at_max = max(worst_at_max, ms)
            rows.append([f"{n}", q.ask, f"{ms:.0f}", f"{ms / base[q.ask]:.2f}", f"{ph['ground']:.0f}",
                         f"{ph['solve']:.0f}", f"{int(ph['rules'])}",
                         ("ok" if ms <= TARGET_LARGE_S * 1000 else "MISS") if n == sizes[-1] else ""])
    header = ["objects", "question", "answer() ms", f"x {sizes[0]} objects", "ground ms", "solve ms", "ground rules",
              f"<= {TARGET_LARGE_S:.0f} s"]
    return table(rows, header) + f"\nslowest question at {sizes[-1]} objects: {worst_at_max:.0f} ms"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reps", type=int, default=15)
    ap.add_argument("--quick", action="store_true", help="fewer repetitions and sizes")
    args = ap.parse_args(argv)
    reps = 3 if args.quick else args.reps
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"clingo {clingo.__version__}, Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, "
          f"load average {load:.2f} (timings are medians; a busy machine makes them larger)\n")

    print("1. Seed-sized scenario: 10 double-faced objects, 10 timeline entries")
    out, worst = seed_sized(reps)
    print(out)
    print(f"targets: <= {TARGET_QUESTION_MS:.0f} ms per question, answer() <= {TARGET_RATIO} x plain clingo\n")

    print("2. The command")
    out, _ = cli(reps)
    print(out + "\n")

    sizes = [50, 500] if args.quick else [50, 100, 200, 500]
    print(f"3. Growth: {sizes[0]} to {sizes[-1]} double-faced objects, 200 timeline entries")
    print(scaling(sizes, 200, max(3, reps // 3)))

    combat = HERE / "combat.py"
    if combat.exists():
        print("\n4. bench/combat.py")
        sys.stdout.flush()
        subprocess.run([sys.executable, str(combat)], check=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
