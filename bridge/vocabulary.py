"""The scenario format's fixed words: zones, steps, sides, durations, types of mana, and the
kinds of name a document defines. Read by the format (bridge/scenario.py), the event verbs
(bridge/events.py) and the loader (bridge/load.py)."""

import re
from functools import lru_cache

SUPPORTED_RULES = ("2026-09-25",)
ZONES = ("library", "hand", "battlefield", "graveyard", "stack", "exile", "command")
# An object declared in zone `none` is not in the game yet: a token that an event of the
# timeline creates (`create`, or `creates:` of a resolving spell). docs/adr/0002.
NOT_YET = "none"
TURN_OVER_EFFECTS = ("transform", "convert")
STEPS = ("untap", "upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers",
         "declare_blockers", "combat_damage", "end_of_combat", "postcombat_main", "end", "cleanup")
SIDES = ("front", "back")
DURATIONS = ("end_of_turn", "indefinitely")
# A control-changing effect's durations (611.2a, 611.2b; logic/effects.lp) and the conditions of a
# "for as long as" one, about the effect's source.
CONTROL_DURATIONS = ("end_of_turn", "your_next_turn", "as_long_as", "indefinitely")
CONTROL_CONDITIONS = ("you_control_source", "source_tapped")
MANA_TYPES = ("W", "U", "B", "R", "G", "C")  # the six types of mana, by their symbols (106.1b)
DOUBLING_LIMIT = 2                  # double events per object in one scenario (bridge/events.py)
DEFAULT_PLAYERS = ("alice", "bob")
PERMANENT_ONLY = ("tapped", "face_down", "attached_to", "damage", "controlled_since", "chosen_color", "chosen_type")
# 105.1: the five colors, by their words, and as rules files name them.
COLORS = {"white": "w", "blue": "u", "black": "b", "red": "r", "green": "g"}
COLOR_WORDS = tuple(COLORS)
BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")   # 205.3i, 305.6

# The kinds of name a document defines (spec.Ref's kinds).
OBJECT = "object"
PLAYER = "player"
STACK_ITEM = "stack item"
DELAYED = "delayed ability"


@lru_cache(maxsize=1)
def creature_types() -> frozenset[str]:
    """205.3m's creature types, as logic/creature_types.lp lists them (one list for the rules and
    the bridge)."""
    from .resources import logic_dir
    text = (logic_dir() / "creature_types.lp").read_text(encoding="utf-8")
    return frozenset(re.findall(r'creature_type\("([^"]+)"\)', text))


def text_word_kind(word: str) -> str | None:
    """The kind of word a text-changing effect may change (612.2): a color word (105.1), a basic
    land type (205.3i), a creature type (205.3m); None for any other."""
    if word in COLORS:
        return "color"
    if word in BASIC_LAND_TYPES:
        return "basic land type"
    if word in creature_types():
        return "creature type"
    return None
