"""Timeline benchmark: how answering grows with the timeline and with the number of objects.

    python bench/timeline.py                   # every series, every size, 1 run per measurement
    python bench/timeline.py --quick           # drop the largest size of each series
    python bench/timeline.py --runs 3          # best of 3 runs per measurement
    python bench/timeline.py --series tap      # one series: entries, tap, objects, counters, doubling, transform, activate, keywords, attach, turns
    python bench/timeline.py --timeout 120 --memory-limit 8192   # for code that grows worse (an older commit)

Each question is answered in a fresh process, as a user runs it:

    rulecheck ask FILE --ask QUESTION

(the `rulecheck` script beside sys.executable if there is one, else `python -m rulecheck.cli`;
from a source checkout without an install, bridge/ is put on PYTHONPATH as the package
rulecheck). The scenario is generated (by a separate process, bench/scenarios.py) and written to
a temporary YAML file first: generating it is not measured; reading, building and answering it
is, since the child does all of that. Measured per question: the wall time of the child, and its
peak resident memory (its own ru_maxrss from os.wait4; MB here are MiB). The child's peak can't
be lower than this process's own peak (Linux carries it over the fork and exec), so this process
stays small and prints its peak at the end.

Nine series; the questions of each scenario are `characteristics X` (X on the battlefield) and
`life alice`:

  entries   bench/scenarios.py scenario_text(500, N): 500 double-faced objects, N = 200, 2,000,
            10,000 timeline entries. Targets: 2,000 entries in at most 2 s and 500 MB; 10,000
            in at most 15 s and 2 GB.
  tap       tap_untap_text(N): one Grizzly Bears tapped and untapped, N = 500, 1,000, 2,000,
            5,000, 10,000 entries. Same targets.
  objects   scenario_text(M, 200): M = 50, 500, 2,000, 5,000 objects, 200 entries. Target:
            5,000 objects in at most 3 s.
  counters  counters_text(N): one Grizzly Bears given a +1/+1 counter at each of N = 500, 2,000,
            10,000 entries (a number that changes everywhere: the case docs/adr/0004 found
            cubic). The tap series' targets.
  doubling  doubling_text(N): Grizzly Bears' +1/+1 counters doubled again and again (a counter
            put on, doubled, two removed), N = 500, 2,000, 10,000 entries. Growth only (not yet
            measured on an idle machine: at load average 6, 2,000 entries took 27 s against
            the counters series' 9 s).
  transform transform_text(N): Delver of Secrets transformed at each of N entries (a face found
            from the face before it: a chain, docs/adr/0004). The tap series' targets.
  activate  activate_text(N): Llanowar Elves' "{T}: Add {G}." activated, then untapped, N/2
            times each (an ability whose cost taps: a chain; 605.3b: it never goes on the
            stack). The tap series' targets.
  keywords  keywords_text(N): Grizzly Bears gains and loses flying until end of turn at N
            entries (N effects that begin; each is decided by the next, 613.7). The tap
            series' targets.
  attach    attach_text(N): Lightning Greaves attached to Grizzly Bears and unattached, N
            entries. Growth only: linear, but about 3.5 ms an entry (docs/adr/0004).
  turns     turns_text(500, N): 500 Grizzly Bears, alice's and bob's, and N = 200, 2,000, 10,000
            entries in turns of six: the next turn begins (502.3: its active player untaps what
            they control), four of that player's creatures are tapped, the end step begins. The
            entries series' targets.

For each pair of consecutive sizes, the growth exponent log(t2/t1) / log(n2/n1) of time and of
memory; every exponent must be at most 1.2. (The child's fixed cost, starting Python and
loading the rules, is printed first: it flattens the exponents between small sizes.)

Before a measurement the command runs once, untimed: it must exit 0 and its output mention the
object or player asked about, otherwise the row shows what went wrong (the last line of its
stderr) instead of a time, and the series' targets count as missed. Prints a table per series
(progress on stderr), then a line per target (met / NOT met / not measured, e.g. with --quick);
exits 1 if a target is missed.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import os
import resource
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import clingo

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

MAX_EXPONENT = 1.2
GB = 1024  # MB


@dataclass
class Series:
    name: str
    title: str
    generator: str            # a function of bench/scenarios.py
    args: object              # size -> the generator's arguments
    sizes: list[int]
    varies: str               # "entries" or "objects"
    targets: dict[int, tuple[float, float | None]] = field(default_factory=dict)  # size -> (s, MB or None)


SERIES = [
    Series("entries", "500 objects, N timeline entries", "scenario_text", lambda n: (500, n),
           [200, 2000, 10000], "entries", {2000: (2.0, 500), 10000: (15.0, 2 * GB)}),
    Series("tap", "one creature tapped and untapped N times", "tap_untap_text", lambda n: (n,),
           [500, 1000, 2000, 5000, 10000], "entries", {2000: (2.0, 500), 10000: (15.0, 2 * GB)}),
    Series("objects", "M objects with 200 entries", "scenario_text", lambda m: (m, 200),
           [50, 500, 2000, 5000], "objects", {5000: (3.0, None)}),
    Series("counters", "one creature given a +1/+1 counter N times", "counters_text", lambda n: (n,),
           [500, 2000, 10000], "entries", {2000: (2.0, 500), 10000: (15.0, 2 * GB)}),
    Series("doubling", "a creature's counters doubled, N entries (a counter put on, doubled, two removed)",
           "doubling_text", lambda n: (n,), [500, 2000, 10000], "entries", {}),
    Series("transform", "one double-faced permanent transformed N times", "transform_text", lambda n: (n,),
           [500, 2000, 10000], "entries", {2000: (2.0, 500), 10000: (15.0, 2 * GB)}),
    Series("activate", "Llanowar Elves' mana ability activated N/2 times, untapped between",
           "activate_text", lambda n: (n,), [500, 2000, 10000], "entries",
           {2000: (2.0, 500), 10000: (15.0, 2 * GB)}),
    Series("keywords", "one creature gains and loses flying until end of turn, N times", "keywords_text",
           lambda n: (n,), [500, 2000, 10000], "entries", {2000: (2.0, 500), 10000: (15.0, 2 * GB)}),
    Series("attach", "an Equipment attached to a creature and unattached, N times", "attach_text",
           lambda n: (n,), [500, 2000, 5000], "entries", {}),
    Series("turns", "500 creatures, N entries in turns of 6 (the untap step, 4 taps, the end step)",
           "turns_text", lambda n: (500, n), [200, 2000, 10000], "entries",
           {2000: (2.0, 500), 10000: (15.0, 2 * GB)}),
]

# Run in a child so that this process never holds a large scenario (see the docstring): writes
# the YAML file, prints the number of objects and entries and an object on the battlefield.
GENERATE = """
import sys, yaml
sys.path.insert(0, sys.argv[1])
import scenarios
text = getattr(scenarios, sys.argv[3])(*map(int, sys.argv[4:]))
open(sys.argv[2], "w", encoding="utf-8").write(text)
doc = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
objs = doc["objects"]
print(len(objs), len(doc["timeline"]), next(o for o in objs if objs[o].get("zone", "battlefield") == "battlefield"))
"""


@dataclass
class Run:
    code: int
    seconds: float
    peak_mb: float
    stdout: str
    stderr: str

    def problem(self, mention: str) -> str | None:
        """Why this run doesn't count as an answer (None: it does)."""
        if self.code != 0:
            lines = [ln for ln in self.stderr.splitlines() if ln.strip()] or ["(no stderr)"]
            return f"exit {self.code}: {lines[-1].strip()}"
        if mention not in self.stdout:
            first = (self.stdout.strip().splitlines() or ["(no output)"])[0]
            return f"output does not mention {mention}: {first}"
        return None


def _installed_cli() -> str | None:
    exe = Path(sys.executable).parent / "rulecheck"
    return str(exe) if exe.exists() else None


def command() -> list[str]:
    cli = _installed_cli()
    return [cli] if cli else [sys.executable, "-m", "rulecheck.cli"]


def child_env(tmp: str) -> dict[str, str]:
    """The environment of the command: PYTHONPATH with the checkout (as bench/run.py sets it)
    and, when rulecheck isn't installed, a folder whose `rulecheck` is bridge/ (the package's
    source folder: it finds logic/ and queries/ beside itself)."""
    paths = [str(ROOT)]
    if importlib.util.find_spec("rulecheck") is None:
        shim = Path(tmp) / "pkg"
        shim.mkdir(exist_ok=True)
        if not (shim / "rulecheck").exists():
            (shim / "rulecheck").symlink_to(ROOT / "bridge", target_is_directory=True)
        paths.insert(0, str(shim))
    if os.environ.get("PYTHONPATH"):
        paths.append(os.environ["PYTHONPATH"])
    return dict(os.environ, PYTHONPATH=os.pathsep.join(paths))


# Limits on each child (--timeout, --memory-limit): for measuring code that grows worse than
# linearly (an older commit) without waiting for it or letting it take the machine's memory.
LIMITS = {"timeout": None, "memory_mb": None}


def _limit_memory() -> None:
    mb = LIMITS["memory_mb"]
    resource.setrlimit(resource.RLIMIT_AS, (mb * 1024 * 1024, mb * 1024 * 1024))


def run_child(cmd: list[str], env: dict[str, str]) -> Run:
    """Run cmd; its wall time and its own peak resident memory (wait4's rusage of that pid).
    Killed after LIMITS["timeout"] seconds, if set: the run then has exit code -9 and says so."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=out, stderr=err, env=env,
                                preexec_fn=_limit_memory if LIMITS["memory_mb"] else None)
        timer = threading.Timer(LIMITS["timeout"], proc.kill) if LIMITS["timeout"] else None
        if timer:
            timer.start()
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - start
        if timer:
            timer.cancel()
        proc.returncode = os.waitstatus_to_exitcode(status)   # reaped here, not by Popen
        out.seek(0)
        err.seek(0)
        stderr = err.read().decode("utf-8", "replace")
        if proc.returncode == -9 and LIMITS["timeout"] and seconds >= LIMITS["timeout"]:
            stderr += f"\nkilled after {LIMITS['timeout']:g} s (--timeout)"
        elif proc.returncode != 0 and LIMITS["memory_mb"] and "MemoryError" in stderr:
            stderr += f"\nout of memory under {LIMITS['memory_mb']:,} MB (--memory-limit)"
        return Run(proc.returncode, seconds, usage.ru_maxrss / 1024,  # KiB on Linux
                   out.read().decode("utf-8", "replace"), stderr)


def measure(cmd: list[str], env: dict[str, str], mention: str, runs: int) -> tuple[Run, str | None]:
    """A checked run, then the best of `runs` timed runs (least time, least peak memory)."""
    check = run_child(cmd, env)
    problem = check.problem(mention)
    if problem:
        return check, problem
    best: Run | None = None
    for _ in range(runs):
        r = run_child(cmd, env)
        problem = r.problem(mention)
        if problem:
            return r, problem
        if best is None:
            best = r
        else:
            best.seconds = min(best.seconds, r.seconds)
            best.peak_mb = min(best.peak_mb, r.peak_mb)
    return best, None


def generate(tmp: str, generator: str, args: tuple[int, ...]) -> tuple[str, int, int, str]:
    path = os.path.join(tmp, f"{generator}-{'-'.join(map(str, args))}.yaml")
    out = subprocess.run([sys.executable, "-c", GENERATE, str(HERE), path, generator, *map(str, args)],
                         check=True, capture_output=True, text=True).stdout.split()
    return path, int(out[0]), int(out[1]), out[2]


def exponent(a: float, b: float, n1: int, n2: int) -> float:
    return math.log(b / a) / math.log(n2 / n1)


def table(rows: list[list[str]], header: list[str]) -> str:
    widths = [max(len(str(r[i])) for r in rows + [header]) for i in range(len(header))]
    line = lambda r: "  ".join(str(c).rjust(w) if i else str(c).ljust(w) for i, (c, w) in enumerate(zip(r, widths)))
    return "\n".join([line(header), line(["-" * w for w in widths])] + [line(r) for r in rows])


def target_text(target: tuple[float, float | None]) -> str:
    s, mb = target
    return f"<= {s:g} s" + (f", {mb / GB:g} GB" if mb and mb >= GB else f", {mb:g} MB" if mb else "")


def run_series(series: Series, sizes: list[int], runs: int, tmp: str, env: dict[str, str],
               summary: list[tuple[str, bool | None]]) -> None:
    exe = command()
    rows = []
    prev: dict[str, tuple[int, Run | None]] = {}
    exponents_ok = answered = True
    target_ok: dict[int, bool] = {}
    gave_up: set[str] = set()
    for n in sizes:
        path, objects, entries, obj = generate(tmp, series.generator, series.args(n))
        for question, mention in ((f"characteristics {obj}", obj), ("life alice", "alice")):
            key = question.split()[0]
            if key in gave_up:      # a smaller size was killed or ran out of memory: so would this
                rows.append([f"{n}", f"{entries}", f"{objects}", question, "not run", "-", "-", "-", ""])
                answered = False
                continue
            r, problem = measure(exe + ["ask", path, "--ask", question], env, mention, runs)
            if problem and ("(--timeout)" in problem or "(--memory-limit)" in problem):
                gave_up.add(key)
            target = series.targets.get(n)
            if problem:
                seconds_cell, mb_cell, t_exp, m_exp = problem, f"{r.peak_mb:.0f}", "-", "-"
                ok = answered = False
                prev[key] = (n, None)
            else:
                seconds_cell, mb_cell = f"{r.seconds:.2f}", f"{r.peak_mb:.0f}"
                t_exp = m_exp = "-"
                p_n, p_run = prev.get(key, (None, None))
                if p_run is not None:
                    te = exponent(p_run.seconds, r.seconds, p_n, n)
                    me = exponent(p_run.peak_mb, r.peak_mb, p_n, n)
                    t_exp = f"{te:.2f} {'ok' if te <= MAX_EXPONENT else 'MISS'}"
                    m_exp = f"{me:.2f} {'ok' if me <= MAX_EXPONENT else 'MISS'}"
                    exponents_ok &= te <= MAX_EXPONENT and me <= MAX_EXPONENT
                prev[key] = (n, r)
                ok = target is None or (r.seconds <= target[0] and (target[1] is None or r.peak_mb <= target[1]))
            if target is not None:
                target_ok[n] = target_ok.get(n, True) and ok
            rows.append([f"{n}", f"{entries}", f"{objects}", question, seconds_cell, mb_cell, t_exp, m_exp,
                         f"{target_text(target)} {'ok' if ok else 'MISS'}" if target else ""])
            print(f"  {series.name} {n}: {question}: {seconds_cell}", file=sys.stderr, flush=True)  # progress
    print(table(rows, ["size", "entries", "objects", "question", "seconds", "peak MB",
                       "time exp", "memory exp", "target"]))
    for n, target in series.targets.items():
        what = f"{series.name}: {n:,} {series.varies} in {target_text(target)}"
        summary.append((what, target_ok[n] if n in target_ok else None))
    summary.append((f"{series.name}: every question answered (exit 0, output mentions its object)", answered))
    summary.append((f"{series.name}: every growth exponent <= {MAX_EXPONENT}", exponents_ok))


def fixed_cost(tmp: str, env: dict[str, str]) -> str:
    path = os.path.join(tmp, "empty.yaml")
    Path(path).write_text("players: [alice, bob]\nobjects:\n  bear: {card: Grizzly Bears}\n", encoding="utf-8")
    r, problem = measure(command() + ["ask", path, "--ask", "characteristics bear"], env, "bear", 3)
    return problem or f"{r.seconds:.2f} s, {r.peak_mb:.0f} MB"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="drop the largest size of each series")
    ap.add_argument("--runs", type=int, default=1, help="best of R runs per measurement (default 1)")
    ap.add_argument("--series", choices=[s.name for s in SERIES], help="run only this series")
    ap.add_argument("--timeout", type=float, help="kill a command after this many seconds (and skip "
                    "the larger sizes of its series)")
    ap.add_argument("--memory-limit", type=int, metavar="MB", help="each command's address space limit")
    args = ap.parse_args(argv)
    LIMITS.update(timeout=args.timeout, memory_mb=args.memory_limit)
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"clingo {clingo.__version__}, Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, "
          f"load average {load} (best of {args.runs} run{'s' if args.runs > 1 else ''}; "
          f"a busy machine makes times larger)")
    summary: list[tuple[str, bool | None]] = []
    with tempfile.TemporaryDirectory(prefix="rulecheck-timeline-") as tmp:
        env = child_env(tmp)
        print(f"command: {' '.join(command())} ask FILE --ask QUESTION (a fresh process per question)")
        print(f"fixed cost (1 object, no timeline, characteristics): {fixed_cost(tmp, env)}\n")
        for i, series in enumerate(SERIES, 1):
            if args.series and series.name != args.series:
                continue
            sizes = series.sizes[:-1] if args.quick else series.sizes
            print(f"{i}. {series.name}: {series.title}")
            sys.stdout.flush()
            run_series(series, sizes, args.runs, tmp, env, summary)
            print()
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"(this process's peak: {own:.0f} MB, the least any child's peak can show)")
    missed = False
    for what, ok in summary:
        print(f"target: {what}: {'met' if ok else 'not measured' if ok is None else 'NOT met'}")
        missed |= ok is False
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
