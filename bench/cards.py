"""Card data benchmark: `rulecheck ask` with a large Scryfall --cards file (issue 13).

    python bench/cards.py                    # 35,000 cards (about 36 MB), 3 later runs
    python bench/cards.py --count 50000      # a larger file
    python bench/cards.py --runs 5 --format mtgjson

A synthetic file of COUNT Scryfall card objects (creatures, instants, transform cards; each
with the fields Scryfall gives that rulecheck doesn't read: prices, image_uris, legalities, ...)
is written to a temporary folder, with a fresh cache folder (RULECHECK_CACHE). The scenario
has a Grizzly Bears (built in) and two creatures of the file on the battlefield; the question is
`characteristics` of one of them. Measured, each in a fresh process (bench/timeline.py's
run_child: wall time, the child's own peak resident memory):

  no cache  the same with RULECHECK_CACHE empty: an index built in memory, every time
  first     `rulecheck ask S --cards BIG`: reads the file's JSON and each card's names (no
            card checked but the two named), writes the index
  later     the same command again (best of --runs): reads the index, parses two cards
  baseline  `rulecheck ask S --cards SMALL`, SMALL holding only the two cards the scenario
            names (a small file is read in full: no index): the same command without the
            large file
  builtin   `rulecheck ask` of a scenario of built-in cards only, without --cards

Targets: later at most 1.5x baseline, and at most 100 MB. Exits 1 if one is missed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timeline import child_env, command, run_child  # noqa: E402

import yaml  # noqa: E402

TYPES = ["Human", "Elf", "Goblin", "Wizard", "Soldier", "Beast", "Zombie", "Spirit", "Knight", "Dragon"]
KEYWORDS = ["Flying", "First strike", "Trample", "Vigilance", "Haste", "Deathtouch", "Lifelink", "Reach"]
COLORS = "WUBRG"


def _noise(rng: random.Random, i: int) -> dict:
    """Fields Scryfall gives that rulecheck doesn't read (about 600 bytes)."""
    uid = f"{rng.getrandbits(128):032x}"
    return {"object": "card", "id": f"{uid[:8]}-{uid[8:12]}-{uid[12:16]}-{uid[16:20]}-{uid[20:]}",
            "oracle_id": f"{rng.getrandbits(128):032x}", "lang": "en", "released_at": "2026-01-01",
            "uri": f"https://api.scryfall.com/cards/{uid}", "set": "syn", "collector_number": str(i),
            "rarity": rng.choice(["common", "uncommon", "rare", "mythic"]), "artist": "Synthetic Artist",
            "image_uris": {k: f"https://cards.scryfall.io/{k}/front/{uid}.jpg" for k in ("small", "normal", "large")},
            "legalities": {f: rng.choice(["legal", "not_legal"]) for f in
                           ("standard", "pioneer", "modern", "legacy", "vintage", "commander", "pauper")},
            "prices": {"usd": f"{rng.random() * 10:.2f}", "eur": None, "tix": None},
            "cmc": float(rng.randint(0, 7))}


def _cost(rng: random.Random) -> tuple[str, list[str]]:
    colors = sorted(set(rng.choices(COLORS, k=rng.randint(1, 2))), key=COLORS.index)
    generic = rng.randint(0, 4)
    return (f"{{{generic}}}" if generic else "") + "".join(f"{{{c}}}" for c in colors), colors


def card_name(i: int) -> str:
    """The name of synthetic_card(_, i)."""
    kind = i % 10
    return (f"Synthetic Seer {i} // Synthetic Horror {i}" if kind == 9 else
            f"Synthetic Spell {i}" if kind >= 6 else f"Synthetic Bear {i}")


def synthetic_card(rng: random.Random, i: int) -> dict:
    """Card i: a creature, an instant or (one in ten) a transform card."""
    kind = i % 10
    cost, colors = _cost(rng)
    if kind == 9:
        back_kw = rng.choice(KEYWORDS)
        front = {"name": f"Synthetic Seer {i}", "mana_cost": cost, "type_line": "Creature — Human Wizard",
                 "oracle_text": "At the beginning of your upkeep, you may transform Synthetic Seer.",
                 "power": "1", "toughness": "1", "colors": colors}
        back = {"name": f"Synthetic Horror {i}", "mana_cost": "", "type_line": "Creature — Horror",
                "oracle_text": back_kw, "power": "3", "toughness": "2", "colors": colors, "color_indicator": colors}
        return {**_noise(rng, i), "name": f"{front['name']} // {back['name']}", "layout": "transform",
                "keywords": [back_kw, "Transform"], "color_identity": colors, "card_faces": [front, back]}
    if kind >= 6:
        return {**_noise(rng, i), "name": f"Synthetic Spell {i}", "layout": "normal", "mana_cost": cost,
                "type_line": "Instant", "oracle_text": f"Synthetic Spell {i} deals {rng.randint(1, 5)} damage "
                                                       "to any target.",
                "colors": colors, "color_identity": colors, "keywords": []}
    kws = rng.sample(KEYWORDS, rng.randint(0, 2))
    return {**_noise(rng, i), "name": f"Synthetic Bear {i}", "layout": "normal", "mana_cost": cost,
            "type_line": f"Creature — {rng.choice(TYPES)}", "oracle_text": ", ".join(kws),
            "power": str(rng.randint(0, 6)), "toughness": str(rng.randint(1, 6)), "colors": colors,
            "color_identity": colors, "keywords": kws}


def to_mtgjson(card: dict) -> list[dict]:
    """The AtomicCards entry (a list of faces) of a synthetic Scryfall card."""
    fields = {"mana_cost": "manaCost", "type_line": "type", "oracle_text": "text", "power": "power",
              "toughness": "toughness", "colors": "colors", "color_indicator": "colorIndicator"}
    common = {"name": card["name"], "layout": card["layout"], "keywords": card["keywords"],
              "colorIdentity": card["color_identity"], "legalities": card["legalities"]}
    faces = card.get("card_faces") or [card]
    return [{**common, **({"faceName": f["name"], "side": "ab"[k]} if "card_faces" in card else {}),
             **{theirs: f[ours] for ours, theirs in fields.items() if ours in f}} for k, f in enumerate(faces)]


def write_cards(path: Path, count: int, fmt: str, only: set[int] | None = None) -> None:
    rng = random.Random(13)
    cards = [synthetic_card(rng, i) for i in range(count)]
    if only is not None:
        cards = [c for i, c in enumerate(cards) if i in only]
    if fmt == "mtgjson":
        data = {"meta": {"date": "2026-01-01", "version": "5.2.2"}, "data": {c["name"]: to_mtgjson(c) for c in cards}}
    else:
        data = cards
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False)


def scenario(names: list[str]) -> str:
    objects = {f"c{k}": {"card": n, "zone": "battlefield", "owner": "alice"} for k, n in enumerate(names)}
    return yaml.safe_dump({"players": ["alice", "bob"], "turn": {"number": 3, "active": "alice"},
                           "objects": objects}, sort_keys=False)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=35_000, help="cards in the file (default 35,000)")
    ap.add_argument("--runs", type=int, default=3, help="later runs, the best counted (default 3)")
    ap.add_argument("--format", choices=["scryfall", "mtgjson"], default="scryfall")
    ap.add_argument("--write", nargs=2, metavar=("FILE", "ONLY"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.write:             # (the child that writes a file: this process's peak stays small)
        only = {int(n) for n in args.write[1].split(",")} if args.write[1] != "all" else None
        write_cards(Path(args.write[0]), args.count, args.format, only)
        return 0
    named = [args.count // 2 + 1, args.count // 2 + 9]         # a bear and a transform card
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        big, small = tmp / "big.json", tmp / "small.json"
        for path, only in ((big, "all"), (small, ",".join(map(str, named)))):
            subprocess.run([sys.executable, __file__, "--count", str(args.count), "--format", args.format,
                            "--write", str(path), only], check=True)
        names = ["Grizzly Bears", *(card_name(i) for i in named)]
        (tmp / "s.yaml").write_text(scenario(names), encoding="utf-8")
        (tmp / "b.yaml").write_text(scenario(["Grizzly Bears", "Llanowar Elves"]), encoding="utf-8")
        env = dict(child_env(tmp_name), RULECHECK_CACHE=str(tmp / "cache"))
        ask = [*command(), "ask", str(tmp / "s.yaml"), "--ask", "characteristics c1"]
        print(f"{args.count:,} {args.format} cards, {big.stat().st_size / 2**20:.1f} MB; "
              f"python {sys.version.split()[0]}", flush=True)

        def run(cmd: list[str], what: str):
            r = run_child(cmd, env)
            if r.code != 0:
                sys.exit(f"{what}: exit {r.code}: {r.stderr.strip().splitlines()[-1:]}")
            return r

        first = run([*ask, "--cards", str(big)], "first")
        later = min((run([*ask, "--cards", str(big)], "later") for _ in range(args.runs)), key=lambda r: r.seconds)
        base = min((run([*ask, "--cards", str(small)], "baseline") for _ in range(args.runs)), key=lambda r: r.seconds)
        builtin = min((run([*command(), "ask", str(tmp / "b.yaml"), "--ask", "characteristics c1"], "builtin")
                       for _ in range(args.runs)), key=lambda r: r.seconds)
        if card_name(named[0]) not in later.stdout:
            sys.exit(f"later: the answer doesn't mention {card_name(named[0])}:\n{later.stdout}")
        env["RULECHECK_CACHE"] = ""
        uncached = run([*ask, "--cards", str(big)], "no cache")
    rows = [("no cache (an index in memory)", uncached), ("first (index built)", first),
            ("later (index read)", later), ("baseline (--cards of the 2 named)", base), ("built-in cards, no --cards", builtin)]
    for label, r in rows:
        print(f"  {label:<38} {r.seconds:6.3f} s  {r.peak_mb:7.1f} MB")
    print(f"  (this process's own peak: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.1f} MB: "
          "a child's can't be lower)")
    ratio = later.seconds / base.seconds
    ok_time, ok_mem = ratio <= 1.5, later.peak_mb <= 100
    print(f"later / baseline: {ratio:.2f}x (target at most 1.5x): {'met' if ok_time else 'NOT met'}")
    print(f"later peak memory: {later.peak_mb:.1f} MB (target at most 100 MB): {'met' if ok_mem else 'NOT met'}")
    return 0 if ok_time and ok_mem else 1


if __name__ == "__main__":
    sys.exit(main())
