"""Generated scenarios for the benchmarks: double-faced objects of the card pool and a timeline
of transform, move, counters and tap events. Deterministic for a given seed."""

from __future__ import annotations

import random

import yaml

DOUBLE_FACED = [
    "Miles Morales // Ultimate Spider-Man", "Peter Parker // Amazing Spider-Man",
    "Sidequest: Play Blitzball // World Champion, Celestial Weapon", "Delver of Secrets // Insectile Aberration",
    "Emeria's Call // Emeria, Shattered Skyclave", "Valakut Awakening // Valakut Stoneforge",
    "Esika, God of the Tree // The Prismatic Bridge", "Huntmaster of the Fells // Ravager of the Fells",
    "Westvale Abbey // Ormendahl, Profane Prince", "Kessig Prowler // Sinuous Predator",
    "Tergrid, God of Fright // Tergrid's Lantern", "Ludevic's Test Subject // Ludevic's Abomination",
    "Startled Awake // Persistent Nightmare", "Nissa, Vastwood Seer // Nissa, Sage Animist",
]
# Cards that may be on the battlefield: a permanent front face, and no legendary face (two
# legendary permanents with one name under one controller would start the legend rule, a
# player's choice: every choice is an answer set, which is not what this measures).
ON_BATTLEFIELD = ["Delver of Secrets // Insectile Aberration", "Huntmaster of the Fells // Ravager of the Fells",
                  "Kessig Prowler // Sinuous Predator", "Ludevic's Test Subject // Ludevic's Abomination"]
ZONES = ["battlefield", "battlefield", "battlefield", "hand", "graveyard", "exile", "library"]
PLAYERS = ["alice", "bob"]


def scenario_text(objects: int, events: int, seed: int = 1) -> str:
    """A scenario with `objects` double-faced objects and `events` timeline entries (YAML)."""
    rng = random.Random(seed)
    objs: dict[str, dict] = {}
    for i in range(objects):
        zone = rng.choice(ZONES)
        card = rng.choice(ON_BATTLEFIELD if zone == "battlefield" else DOUBLE_FACED)
        obj: dict = {"card": card, "zone": zone, "owner": PLAYERS[i % 2]}
        if zone == "battlefield":
            if rng.random() < 0.3:
                obj["face"] = "back"
            if rng.random() < 0.2:
                obj["counters"] = {"+1/+1": rng.randint(1, 3)}
        objs[f"o{i}"] = obj
    ids = list(objs)
    can_enter = [o for o in ids if objs[o]["card"] in ON_BATTLEFIELD]
    timeline = []
    for _ in range(events):
        o = rng.choice(ids)
        r = rng.random()
        if r < 0.45:
            timeline.append({"transform": o})
        elif r < 0.6:
            timeline.append({"move": o, "to": rng.choice(["graveyard", "hand", "exile"])})
        elif r < 0.7 and can_enter:
            timeline.append({"move": rng.choice(can_enter), "to": "battlefield", "transformed": rng.random() < 0.5})
        elif r < 0.85:
            timeline.append({"counters": o, "add": {"+1/+1": 1}})
        else:
            timeline.append({"tap": o})
    return yaml.safe_dump({"players": PLAYERS, "turn": {"number": 3, "active": "alice"},
                           "objects": objs, "timeline": timeline}, sort_keys=False, allow_unicode=True)


def _text(objects: dict, timeline: list) -> str:
    """A scenario on turn 3, alice active, whose objects are all alice's on the battlefield (YAML)."""
    objs = {o: {"card": card, "zone": "battlefield", "owner": "alice", **extra} for o, (card, extra) in objects.items()}
    return yaml.safe_dump({"players": PLAYERS, "turn": {"number": 3, "active": "alice"},
                           "objects": objs, "timeline": timeline}, sort_keys=False, allow_unicode=True)


def _alternating(entries: int, first: dict, second: dict) -> list:
    """first, second, first, ...: each entry a copy of its own (shared dicts dump as YAML aliases)."""
    return [dict(first if i % 2 == 0 else second) for i in range(entries)]


BEAR = {"bear": ("Grizzly Bears", {})}


def counters_text(entries: int) -> str:
    """One Grizzly Bears given a +1/+1 counter at each of `entries` timeline entries (YAML): a
    number that changes at every entry (before docs/adr/0004, 100 entries took 34 s)."""
    return _text(BEAR, [{"counters": "bear", "add": {"+1/+1": 1}} for _ in range(entries)])


def doubling_text(entries: int) -> str:
    """Grizzly Bears' +1/+1 counters doubled over and over (YAML): at each of `entries` entries,
    in turn, a +1/+1 counter put on, the counters doubled (701.10e), two removed. Each number is
    found from the number before it (a chain); the count stays small (1, 2, 0, 1 ...). (A life
    total is doubled at most twice per player: bridge/vocabulary.py, DOUBLING_LIMIT.)"""
    cycle = [{"counters": "bear", "add": {"+1/+1": 1}}, {"double_counters": "bear"},
             {"counters": "bear", "remove": {"+1/+1": 2}}]
    return _text(BEAR, [cycle[i % len(cycle)] for i in range(entries)])


def tap_untap_text(entries: int) -> str:
    """One Grizzly Bears on the battlefield (alice's; turn 3, alice active) and `entries`
    timeline entries alternating `tap: bear` and `untap: bear` (YAML): one object with as many
    relevant points as the timeline has entries."""
    return _text(BEAR, _alternating(entries, {"tap": "bear"}, {"untap": "bear"}))


def transform_text(entries: int) -> str:
    """Delver of Secrets on the battlefield, transformed at each of `entries` timeline entries
    (YAML): its face after each is found from its face before."""
    return _text({"delver": ("Delver of Secrets // Insectile Aberration", {})},
                 [{"transform": "delver"} for _ in range(entries)])


def activate_text(entries: int) -> str:
    """Llanowar Elves (controlled since turn 1) whose mana ability is activated at every other
    entry and which is untapped at the others (YAML): paying {T} reads whether it is tapped."""
    return _text({"elves": ("Llanowar Elves", {"controlled_since": 1})},
                 _alternating(entries, {"activate": "elves", "ability": "{T}: Add {G}."}, {"untap": "elves"}))


def keywords_text(entries: int) -> str:
    """Grizzly Bears gaining flying and losing it, until end of turn, at alternate entries (YAML)."""
    return _text(BEAR, _alternating(entries, {"gain": "bear", "ability": "flying"},
                                    {"lose": "bear", "ability": "flying"}))


def attach_text(entries: int) -> str:
    """Lightning Greaves attached to Grizzly Bears and unattached at alternate entries (YAML)."""
    return _text({**BEAR, "greaves": ("Lightning Greaves", {})},
                 _alternating(entries, {"attach": "greaves", "to": "bear"}, {"unattach": "greaves"}))


def turns_text(objects: int, entries: int, seed: int = 1) -> str:
    """Many turns and many permanents (YAML): `objects` Grizzly Bears on the battlefield, owned by
    alice and bob in turn, and `entries` timeline entries in turns of six: the next turn begins
    (alice's and bob's in turn: 502.3 untaps the active player's permanents), four of the active
    player's creatures become tapped, its end step begins. Over a long timeline every creature
    has been tapped many times, and each turn's untap step may untap any of them."""
    rng = random.Random(seed)
    objs = {f"b{i}": ("Grizzly Bears", {"owner": PLAYERS[i % 2], "controlled_since": 1}) for i in range(objects)}
    mine = {p: [o for o, (_, extra) in objs.items() if extra["owner"] == p] for p in PLAYERS}
    timeline: list[dict] = []
    turn = 3
    while len(timeline) < entries:
        turn += 1
        active = PLAYERS[(turn - 3) % 2]
        block = [{"begin_turn": turn, "active": active}]
        block += [{"tap": o} for o in rng.sample(mine[active], min(4, len(mine[active])))]
        block.append({"begin": "end"})
        timeline.extend(block)
    return _text(objs, timeline[:entries])


def layers_text(objects: int, effects: int, seed: int = 1) -> str:
    """`objects` permanents and `effects` continuous effects (YAML): Blood Moon, Urborg, Tomb of
    Yawgmoth (whose effect depends on Blood Moon's, 613.8a), Glorious Anthem and Opalescence, a
    fifth of the rest Breeding Pools and the others Grizzly Bears; then, one per timeline entry,
    effects of resolved spells on random Bears until end of turn, in turn: +1/+1 (7c), base 3/3
    (7b), flying (6)."""
    rng = random.Random(seed)
    statics = {"moon": ("Blood Moon", {}), "urborg": ("Urborg, Tomb of Yawgmoth", {}),
               "anthem": ("Glorious Anthem", {}), "opal": ("Opalescence", {})}
    rest = objects - len(statics)
    lands = {f"pool{i}": ("Breeding Pool", {}) for i in range(rest // 5)}
    bears = {f"bear{i}": ("Grizzly Bears", {}) for i in range(rest - len(lands))}
    ids = list(bears)
    kinds = [lambda o: {"pump": o, "power": 1, "toughness": 1},
             lambda o: {"set_base_pt": o, "power": 3, "toughness": 3},
             lambda o: {"gain": o, "ability": "flying"}]
    timeline = [kinds[i % 3](rng.choice(ids)) for i in range(effects - len(statics))]
    return _text({**statics, **lands, **bears}, timeline)
