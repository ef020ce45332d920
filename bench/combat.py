"""Combat benchmark: damage_steps for a combat of N attackers and N blockers.

    python bench/combat.py                 # N = 20, 50, 100, 200; 3 runs each, best time
    python bench/combat.py 20 200 400      # other sizes
    python bench/combat.py --runs 5

Each scenario is generated in memory and goes through the bridge in-process
(rulecheck.load.build_scenario, rulecheck.ask.answer), as a question from the command line
would. Alice attacks with N creatures (a quarter with first strike, a quarter with double
strike, one equipped with World Champion, Celestial Weapon); bob blocks each with one of N
creatures (some with first strike). Two timelines:

  declared   attackers and blockers declared; damage_steps predicts both combat damage steps
  dealt      the same, then both combat damage steps in the timeline; damage_steps reports them

and, for comparison, `baseline`: the same declarations asked `characteristics a0`, which
computes no combat damage: what the timeline itself costs (time.lp's relevant points).

Prints, for each N and timeline: the entries, the time to answer (build the facts, ground,
solve, decode), the ratio to the previous N's time, and whether the target (at most 1 s for
N = 200) is met. The answer is checked for size (every creature appears in it).
"""

from __future__ import annotations

import argparse
import json
import sys

import checkout  # noqa: E402,F401  (rulecheck, installed or from this checkout)
from timing import best_of  # noqa: E402

from rulecheck.ask import answer  # noqa: E402
from rulecheck.cards import CardPool  # noqa: E402
from rulecheck.document import parse_json  # noqa: E402
from rulecheck.load import build_scenario  # noqa: E402
from rulecheck.question_text import parse_ask  # noqa: E402

TARGET_N, TARGET_SECONDS = 200, 1.0
ATTACKERS = ("White Knight", "Fencing Ace", "Grizzly Bears", "Silvercoat Lion")
BLOCKERS = ("Grizzly Bears", "Silvercoat Lion", "White Knight", "Grizzly Bears")


def scenario_text(n: int, dealt: bool) -> str:
    objects: dict[str, dict] = {}
    for i in range(n):
        objects[f"a{i}"] = {"card": ATTACKERS[i % 4]}
        objects[f"b{i}"] = {"card": BLOCKERS[i % 4], "owner": "bob"}
    objects["champ"] = {"card": "World Champion, Celestial Weapon", "face": "back", "attached_to": "a2"}
    timeline: list[dict] = [{"begin": "declare_attackers"}]
    # Attackers are declared all at once (508.1), and blockers (509.1): one entry each.
    timeline.append({"declare_attackers": {f"a{i}": "bob" for i in range(n)}})
    timeline.append({"begin": "declare_blockers"})
    timeline.append({"declare_blockers": {f"b{i}": f"a{i}" for i in range(n)}})
    if dealt:
        timeline += [{"begin": "combat_damage"}, {"begin": "combat_damage"}]
    return json.dumps({"rules": "2026-09-25", "players": ["alice", "bob"],
                       "turn": {"number": 5, "active": "alice", "step": "beginning_of_combat"},
                       "objects": objects, "timeline": timeline})


def run(n: int, dealt: bool, pool: CardPool, runs: int, ask: str = "damage_steps") -> tuple[int, float, int]:
    name = f"<combat {n}{' dealt' if dealt else ''}>"
    scn = build_scenario(parse_json(scenario_text(n, dealt), name), name, pool)
    question = parse_ask(ask, scn)

    def once():
        ans = answer(scn, question)
        if ans.invalid:
            raise SystemExit(f"{name}: the rules found the scenario invalid: {ans.invalid}")
        return ans
    best, ans = best_of(runs, once)
    value = ans.single.value if ans.single else {}
    rows = len(value.get("damage", [])) + len(value.get("none", []))
    if ask != "damage_steps":
        return len(scn.timeline), best, 0
    if rows < 2 * n:
        raise SystemExit(f"{name}: the answer has {rows} rows for {2 * n} creatures")
    return len(scn.timeline), best, rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sizes", nargs="*", type=int, default=[20, 50, 100, 200])
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args(argv)
    pool = CardPool.builtin()
    run(5, False, pool, 1)  # warm up: card data, catalogue, clingo
    print(f"damage_steps, N attackers and N blockers (best of {args.runs} runs)")
    print(f"{'timeline':<9} {'N':>5} {'entries':>8} {'rows':>6} {'seconds':>9} {'x prev':>7} {'ms per N':>9}")
    ok = True
    for variant in ("declared", "dealt", "baseline"):
        dealt = variant == "dealt"
        ask = "characteristics a0" if variant == "baseline" else "damage_steps"
        prev: tuple[int, float] | None = None
        for n in args.sizes:
            entries, seconds, rows = run(n, dealt, pool, args.runs, ask)
            ratio = f"{seconds / prev[1]:.2f}" if prev else "-"
            print(f"{variant:<9} {n:>5} {entries:>8} {rows:>6} {seconds:>9.3f} {ratio:>7} "
                  f"{1000 * seconds / n:>9.2f}")
            if n == TARGET_N and seconds > TARGET_SECONDS and variant != "baseline":
                ok = False
            prev = (n, seconds)
    if TARGET_N in args.sizes:
        print(f"target: N = {TARGET_N} in at most {TARGET_SECONDS:g} s: {'met' if ok else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
