"""A crowded board of layer cards: what ordering effects by dependency (613.8) costs as the
number of static abilities that may depend on each other grows, with the order's places as
external atoms of one grounding and as facts on a new grounding each round.

    python bench/crowded_board.py                   # boards of 6, 9, 12 and 20 permanents
    python bench/crowded_board.py --sizes 6,12 --timeout 300

Board N: the first N permanents of issue 10's layer cards (below: Blood Moon, Urborg, Magus of
the Moon, Humility, Opalescence, ...), all on the battlefield; the question `characteristics` of
the first. In layer 4 every type-changing ability may depend on another (613.8a), so the bridge
orders the layer with networkx and solves again until the order settles (bridge/layering.py).
Each board is answered twice, each in a child process of its own, stopped after --timeout
seconds: with the order's places external wherever an effect may be ordered
(order_externals_up_to=1000: one grounding, every effect at every place foreseen) and with the
default (logic/dependency.lp: places external only in a layer that may hold at most 10 effects;
beyond, the order goes in as facts on a new grounding each round). Printed per board: the
process's CPU time and peak resident memory each way, and their ratios. docs/adr/0006 has the
figures.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import checkout  # noqa: E402,F401  (rulecheck, installed or from this checkout)

CARDS = ["Blood Moon", "Urborg, Tomb of Yawgmoth", "Magus of the Moon", "Humility", "Opalescence", "Conspiracy",
         "Life and Limb", "Glorious Anthem", "March of the Machines", "Mycosynth Lattice", "Enchanted Evening",
         "Mirror Entity", "Titania's Song", "Painter's Servant", "Arcane Adaptation", "Sublime Archangel",
         "Fervor", "Dress Down", "Phyrexian Unlife", "Grizzly Bears"]
EVERY_PLACE_EXTERNAL = 1000


def board(n: int) -> str:
    objects = "\n".join(f"  o{i}: {{card: \"{card}\"}}" for i, card in enumerate(CARDS[:n]))
    return ('rules: "2026-09-25"\nplayers: [alice, bob]\n'
            "turn: {number: 4, active: alice, step: precombat_main}\n"
            f"objects:\n{objects}\n")


def one(n: int, limit: int | None) -> dict:
    from rulecheck import ask as ask_module
    from rulecheck.cards import CardPool
    from rulecheck.document import parse_yaml
    from rulecheck.load import build_scenario
    from rulecheck.question_text import parse_ask
    scn = build_scenario(parse_yaml(board(n), f"board-{n}"), f"board-{n}", CardPool.builtin())
    constants = {"order_externals_up_to": limit} if limit is not None else None
    answer = ask_module.answer_all(scn, [parse_ask("characteristics o0", scn)], constants=constants)[0]
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return {"cpu": usage.ru_utime + usage.ru_stime, "peak_mb": usage.ru_maxrss / 1024,
            "answer": json.dumps(answer.to_json(), sort_keys=True)}


def measure(n: int, limit: int | None, timeout: float) -> dict | None:
    args = [sys.executable, __file__, "--one", str(n)] + (["--limit", str(limit)] if limit is not None else [])
    try:
        done = subprocess.run(args, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    if done.returncode != 0:
        raise SystemExit(f"board {n}: {done.stderr.strip().splitlines()[-1:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="6,9,12,20")
    parser.add_argument("--timeout", type=float, default=300)
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--limit", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one is not None:
        print(json.dumps(one(args.one, args.limit)))
        return
    print("| permanents | every place external: CPU s / peak MB | default: CPU s / peak MB | CPU ratio | memory ratio |")
    print("|---|---|---|---|---|")
    for n in (int(s) for s in args.sizes.split(",")):
        external = measure(n, EVERY_PLACE_EXTERNAL, args.timeout)
        default = measure(n, None, args.timeout)
        if external and default and external["answer"] != default["answer"]:
            raise SystemExit(f"board {n}: the two ways answer differently")
        show = lambda m: f"{m['cpu']:.2f} / {m['peak_mb']:.0f}" if m else f"over {args.timeout:.0f} s"  # noqa: E731
        ratio = (lambda k: f"{external[k] / default[k]:.1f}x") if external and default else (lambda k: "-")
        print(f"| {n} | {show(external)} | {show(default)} | {ratio('cpu')} | {ratio('peak_mb')} |", flush=True)


if __name__ == "__main__":
    main()
