"""logic/effects.lp: effects the timeline creates, their timestamps (613.7a), "until end of
turn" ending in the cleanup step or when a new turn begins (514.2), not following an object
to another zone (400.7, 611.2c)."""

from harness import EVERY_END, shown1

BOARD = """
turn: {number: 2, active: alice}
objects:
  bears: {card: Grizzly Bears}
  lion: {card: Silvercoat Lion}
timeline:
  - {gain: bears, ability: flying}
  - {gain: lion, ability: flying, until: indefinitely}
  - {begin_turn: 3, active: bob}
  - {move: lion, to: hand}
  - {move: lion, to: battlefield}
"""


def test_effects_start_and_end():
    atoms = shown1(BOARD, EVERY_END + "#show effect_start/2. #show effect_end/2. #show effect_timestamp/2.")
    assert atoms == ["effect_end(eff(1),12)", "effect_start(eff(1),4)", "effect_start(eff(2),8)",
                     "effect_timestamp(eff(1),(4,0))", "effect_timestamp(eff(2),(8,0))"]


def test_who_has_flying_after_each_entry():
    atoms = shown1(BOARD, EVERY_END + '#show. #show (T, O) : end_of(T, P), has_keyword(O, flying, P).')
    # The bears lose it when turn 3 begins (514.2); the lion keeps it until it leaves (400.7).
    assert atoms == ['(1,"bears")', '(2,"bears")', '(2,"lion")', '(3,"lion")']
