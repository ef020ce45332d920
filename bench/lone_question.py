"""Where a lone question's time goes, and what a smaller rule base per question would save (issue 13, docs/adr/0005).

    python bench/lone_question.py                       # the scenarios below
    python bench/lone_question.py FILE "QUESTION" ...   # others

For each scenario and question, in a fresh process (the first run of its rule files there, as
a lone `rulecheck ask` is): CPU milliseconds (least of --runs) of reading the scenario, adding
the rules' cached split text to a Control, grounding stage 1 (shape), stage 2 (state) and
solving; then the same scenario grounded and solved with a *fact-driven slice* of the rules:
only the rules every positive body predicate of which is a fact's or another kept rule's head
(by predicate name and arity, a fixpoint), with whether the answer atoms are the same. The
rules a question can reach at all (issue 13: 88-91% of them) bound what slicing by question
saves; this slice bounds what slicing by the scenario's facts saves, at the grain of predicates.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timeline import ROOT, child_env  # noqa: E402

HASTE = ("players: [alice, bob]\nturn: {number: 1, active: alice, step: declare_attackers}\n"
         "objects:\n  goblin: {card: Raging Goblin, controlled_since: 1}\n")
CASES = [
    ("(no timeline) haste.yaml", "can_attack goblin"),
    (str(ROOT / "seeds/scenarios/haste/summoning-sickness.yaml"), "can_attack goblin"),
    (str(ROOT / "seeds/scenarios/first_strike/two-steps.yaml"), "life bob at=7"),
    (str(ROOT / "seeds/scenarios/transform/who-can-transform.yaml"), "can_transform miles"),
]


def measure(path: str, question: str, runs: int) -> dict:
    """In this process (a child): the pieces of one run, least CPU of `runs` fresh Controls."""
    import clingo

    from rulecheck import solve, stages
    from rulecheck.ask import needed_logic, question_facts, scenario_facts
    from rulecheck.cards import CardPool
    from rulecheck.catalogue import catalogue
    from rulecheck.load import load_scenario
    from rulecheck.question_text import parse_ask

    clock = time.process_time
    start = clock()
    scn = load_scenario(path, CardPool.builtin())
    questions = [parse_ask(question, scn)]
    facts = list(scenario_facts(scn)) + [s for q in questions for s in question_facts(q)]
    programs = solve.programs_for([catalogue()[q.ask].program for q in questions],
                                  logic=needed_logic(scn, [q.ask for q in questions]))
    read = clock() - start
    split = solve._split(programs, "")
    texts = ("\n".join(map(str, split.shape)), "\n".join(map(str, split.state)))
    statements = [*split.shape, *split.state]
    deps = [stages.rule_deps(s) for s in statements]

    def run(shape: str, state: str) -> tuple[list[float], list[str]]:
        marks = [clock()]
        ctl = clingo.Control(["--models=0", "--warn=none", "--project=show"])
        ctl.add("shape", [], shape)
        ctl.add("state", [], state)
        with ctl.backend() as backend:
            for symbol in facts:
                backend.add_rule([backend.add_atom(symbol)])
        marks.append(clock())
        ctl.ground([("shape", [])])
        marks.append(clock())
        with ctl.backend() as backend:
            for symbol in stages.between(ctl):
                backend.add_rule([backend.add_atom(symbol)])
        ctl.ground([("state", [])])
        marks.append(clock())
        shown: list[str] = []
        ctl.solve(on_model=lambda m: shown.extend(sorted(map(str, m.symbols(shown=True)))))
        marks.append(clock())
        return [1000 * (b - a) for a, b in zip(marks, marks[1:])], shown

    full = min((run(*texts) for _ in range(runs)), key=lambda r: sum(r[0]))
    have = {(s.name, len(s.arguments)) for s in facts} | set(stages.PROVIDED)
    live = [False] * len(statements)
    changed = True
    while changed:
        changed = False
        for i, d in enumerate(deps):
            if not live[i] and d is not None and all(sig in have for sig, negative in d[2] if not negative):
                live[i] = changed = True
                have.update(d[0])
    kept = {id(s) for s, d, ok in zip(statements, deps, live) if d is None or ok}
    sliced = ("\n".join(str(s) for s in split.shape if id(s) in kept),
              "\n".join(str(s) for s in split.state if id(s) in kept))
    small = min((run(*sliced) for _ in range(runs)), key=lambda r: sum(r[0]))
    rules = sum(1 for d in deps if d is not None)
    return {"read": 1000 * read, "full": full[0], "slice": small[0], "same": full[1] == small[1],
            "rules": rules, "live": sum(1 for d, ok in zip(deps, live) if d is not None and ok)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("cases", nargs="*", metavar="FILE QUESTION", help="scenario files and questions, in pairs")
    ap.add_argument("--runs", type=int, default=5, help="fresh Controls per case, the least counted (default 5)")
    ap.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(measure(args.child[0], args.child[1], args.runs)))
        return 0
    cases = list(zip(args.cases[::2], args.cases[1::2])) or CASES
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        env = child_env(tmp)
        print(f"CPU ms, least of {args.runs} fresh Controls, each case in a fresh process; python "
              f"{sys.version.split()[0]}")
        print(f"  {'scenario, question':<58} {'read':>5} {'add':>5} {'shape':>6} {'state':>6} {'solve':>6}"
              f" | {'rules kept':>10} {'add':>5} {'shape':>6} {'state':>6} {'solve':>6} same")
        for path, question in cases:
            if path.startswith("(no timeline)"):
                path = str(Path(tmp) / "haste.yaml")
                Path(path).write_text(HASTE, encoding="utf-8")
            out = subprocess.run([sys.executable, __file__, "--runs", str(args.runs), "--child", path, question],
                                 env=env, capture_output=True, text=True, check=True).stdout
            m = json.loads(out)
            name = f"{Path(path).name}, {question}"
            print(f"  {name:<58} {m['read']:5.1f} " + " ".join(f"{x:5.1f}" if i == 0 else f"{x:6.1f}"
                                                             for i, x in enumerate(m["full"]))
                  + f" | {m['live']:>4}/{m['rules']:<5} " + " ".join(
                      f"{x:5.1f}" if i == 0 else f"{x:6.1f}" for i, x in enumerate(m["slice"]))
                  + f" {'yes' if m['same'] else 'NO'}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
