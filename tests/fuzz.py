"""The differential fuzzer, without pytest's fail-fast: generate scenarios (tests/fuzz_scenarios.py),
answer their questions normally, with full_demand=1 and with every logic file loaded, and
collect every scenario whose answers differ.

    python tests/fuzz.py --examples 10000 [--seed S] [--out DIR] [--jobs J] [--no-shrink] [--points]
    python tests/fuzz.py --replay FILE...        # the differences of saved scenarios, again

The examples are drawn by hypothesis with a fixed seed (the same --seed and --examples give the
same scenarios, whatever --jobs) in this process, then answered by --jobs worker processes.
Each scenario with a difference is saved in DIR as NNNNN.yaml (its questions as `questions:`,
the differences in a comment at the top) and, unless --no-shrink, a smaller scenario that still
shows a difference of the same kind as NNNNN.min.yaml. `rulecheck ask FILE` answers its
questions normally; `python tests/fuzz.py --replay FILE` shows the difference. Exit 1 if any
difference was found.

--points also compares the points of invalid atoms (the rules report some at every relevant
point of an object, which full_demand makes every point: those are told apart as
"invalid_points" and don't count as differences unless --points is given).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import fuzz_scenarios as fz  # noqa: E402


def generate(examples: int, seed: int) -> list[dict]:
    """`examples` documents from the strategy, reproducibly (hypothesis with a fixed seed, the
    generate phase only: no shrinking, no example database)."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as fixed_seed

    docs: list[dict] = []

    @fixed_seed(seed)
    @settings(max_examples=examples, database=None, deadline=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(fz.documents())
    def draw(doc):
        docs.append(doc)

    draw()
    return docs


def _counted(diffs: list, points: bool) -> list:
    return [d for d in diffs if points or d.kind != "invalid_points"]


def check(item: tuple[int, dict]) -> dict:
    """One example: does it load, its questions, its differences (invalid points included;
    the caller decides whether they count)."""
    index, doc = item
    started = time.perf_counter()
    scn = fz.load(doc)
    out = {"index": index, "loaded": scn is not None, "questions": [], "diffs": []}
    if scn is not None:
        out["questions"] = [q.ask for q in scn.questions]
        out["diffs"] = [(str(d), d.question, d.modes, d.kind) for d in fz.differences(scn, points=True)]
    out["seconds"] = time.perf_counter() - started
    return out


def minimize(item: tuple[int, dict, tuple, bool]) -> tuple[int, dict, list[str]] | None:
    """A smaller scenario with a difference of the same kind (question, modes, kind)."""
    index, doc, key, points = item

    def same(scn) -> list:
        return [d for d in fz.differences(scn, points=True) if d.key == key]

    def still(cand: dict) -> bool:
        scn = fz.load(cand)
        return scn is not None and bool(same(scn))

    small = fz.shrink(doc, still, budget=200)
    if small == doc:
        return None
    return index, small, [str(d) for d in same(fz.load(small))]


def _comment(lines: list[str]) -> str:
    return "".join("# " + line + "\n" for text in lines for line in str(text).splitlines())


def save(path: Path, doc: dict, diffs: list[str]) -> None:
    header = [f"A difference found by tests/fuzz.py (answers normally, with full_demand=1, with every logic file).",
              f"Reproduce: python tests/fuzz.py --replay {path}   (rulecheck ask {path}: the normal answers)", ""]
    path.write_text(_comment(header + diffs) + fz.to_yaml(doc), encoding="utf-8")


def replay(files: list[str], points: bool) -> int:
    found = 0
    for f in files:
        text = Path(f).read_text(encoding="utf-8")
        scn = fz.load(text, f)
        if scn is None:
            print(f"{f}: the loader rejects it")
            found += 1
            continue
        diffs = _counted(fz.differences(scn, points=points), points)
        print(f"{f}: {len(diffs)} difference(s)")
        for d in diffs:
            print("  " + d.replace("\n", "\n  "))
        found += bool(diffs)
    return 1 if found else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--examples", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default="fuzz-findings", help="where scenarios with differences go (default fuzz-findings/)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--no-shrink", action="store_true", help="don't look for smaller scenarios")
    ap.add_argument("--shrink-per-kind", type=int, default=2, metavar="N",
                    help="shrink the N smallest scenarios of each kind of difference (default 2)")
    ap.add_argument("--points", action="store_true", help="compare the points of invalid atoms too")
    ap.add_argument("--replay", nargs="+", metavar="FILE", help="check saved scenarios instead")
    args = ap.parse_args(argv)
    if args.replay:
        return replay(args.replay, args.points)

    started = time.perf_counter()
    docs = generate(args.examples, args.seed)
    generated = time.perf_counter() - started
    distinct = len({fz.to_yaml(d) for d in docs})
    print(f"generated {len(docs)} examples ({distinct} distinct) in {generated:.1f} s (seed {args.seed})", flush=True)

    out_dir = Path(args.out)
    results = []
    ctx = multiprocessing.get_context("fork") if args.jobs > 1 else None
    # (An executor, not multiprocessing.Pool: a worker that dies, say killed for its memory,
    # breaks the run with an error instead of leaving it waiting for ever.)
    pool = ProcessPoolExecutor(args.jobs, mp_context=ctx) if ctx else None
    try:
        mapped = pool.map(check, enumerate(docs)) if pool else map(check, enumerate(docs))
        last = time.perf_counter()
        for r in mapped:
            results.append(r)
            counted = _counted_results([r], args.points)
            if counted:
                out_dir.mkdir(parents=True, exist_ok=True)
                save(out_dir / f"{r['index']:05d}.yaml", docs[r["index"]], [d[0] for d in counted])
            if time.perf_counter() - last > 30:
                last = time.perf_counter()
                found = sum(bool(_counted_results([x], args.points)) for x in results)
                print(f"  {len(results)}/{len(docs)} examples, {found} with differences, "
                      f"{time.perf_counter() - started:.0f} s", flush=True)
        checked = time.perf_counter() - started
        # Smaller reproductions: for each kind of difference, of its smallest few scenarios.
        todo = []
        if not args.no_shrink:
            by_key: dict[tuple, list[int]] = {}
            for r in results:
                for d in _counted_results([r], args.points):
                    by_key.setdefault(_key(d), []).append(r["index"])
            for key, indices in sorted(by_key.items()):
                smallest = sorted(set(indices), key=lambda i: len(fz.to_yaml(docs[i])))[:args.shrink_per_kind]
                todo.extend((i, docs[i], key, args.points) for i in smallest)
        if todo:
            print(f"shrinking {len(todo)} scenarios ...", flush=True)
        shrunk = (pool.map(minimize, todo) if pool else map(minimize, todo)) if todo else []
        for found in shrunk:
            if found:
                index, small, diffs = found
                name = out_dir / f"{index:05d}.min.yaml"
                if name.exists():       # another kind of difference of the same scenario
                    name = out_dir / f"{index:05d}.min{len(list(out_dir.glob(f'{index:05d}.min*.yaml')))}.yaml"
                save(name, small, diffs)
    finally:
        if pool:
            pool.shutdown(cancel_futures=True)
    elapsed = time.perf_counter() - started
    return summary(results, elapsed, generated, checked, args, out_dir)


def _key(d: tuple) -> tuple:
    """As fuzz_scenarios.Difference.key, for a difference as check() returns it."""
    text, question, modes, kind = d
    return ("*" if kind in ("invalid", "invalid_points") else question, tuple(modes), kind)


def _counted_results(results: list[dict], points: bool) -> list:
    return [d for r in results for d in r["diffs"] if points or d[3] != "invalid_points"]


def summary(results: list[dict], elapsed: float, generated: float, checked: float, args, out_dir: Path) -> int:
    loaded = [r for r in results if r["loaded"]]
    asked = Counter(q for r in loaded for q in r["questions"])
    counted = _counted_results(results, args.points)
    by_question = Counter(d[1] for d in counted)
    by_key = Counter((d[1], " vs ".join(dict.fromkeys(d[2])), d[3]) for d in counted)
    examples_with = [r for r in results if _counted_results([r], args.points)]
    points_only = sum(1 for r in results for d in r["diffs"] if d[3] == "invalid_points")
    n = len(results)
    print()
    print(f"examples run:        {n}")
    print(f"loaded:              {len(loaded)} ({100 * len(loaded) / max(n, 1):.1f}%)")
    print(f"questions asked:     {sum(asked.values())} ("
          + ", ".join(f"{k} {v}" for k, v in sorted(asked.items())) + ")")
    print(f"differences found:   {len(counted)} in {len(examples_with)} examples"
          + (f" (saved in {out_dir}/)" if counted else ""))
    for q, c in sorted(by_question.items()):
        print(f"  {q}: {c}")
        for (kq, modes, kind), c2 in sorted(by_key.items()):
            if kq == q:
                print(f"      {modes}, {kind}: {c2}")
    if not args.points:
        print(f"invalid points only: {points_only} (not counted; --points counts them)")
    work = sum(r["seconds"] for r in results)
    print(f"time taken:          {elapsed:.1f} s: {generated:.1f} s generating, {checked - generated:.1f} s checking "
          f"({n / max(checked, 1e-9):.2f} examples/s with {args.jobs} job(s), {work / max(n, 1):.3f} s per example "
          f"in a job), {elapsed - checked:.1f} s shrinking")
    return 1 if counted else 0


if __name__ == "__main__":
    sys.exit(main())
