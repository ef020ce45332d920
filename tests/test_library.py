"""logic/library.lp: drawing from a library the scenario states (`libraries:`, top card first):
121.1 (the top card goes to its owner's hand), 121.2, 104.3c and 704.5b (an attempt to draw from
an empty library loses the game as state-based actions are next checked, life.lp), 401.2 (an order
the timeline has changed is no longer known); Dress Down's "When this enchantment enters, draw a
card" (603.6a). A library the scenario doesn't state is unknown: what is drawn from it is
reported, never guessed."""

import pytest

from harness import EVERY_END, MAIN_PHASE, ask, ask_all, shown1

DRESS_DOWN = MAIN_PHASE + """
players: [alice, bob]
libraries: {alice: [top, second]}
objects:
  dress: {card: Dress Down, zone: hand}
  top: {card: Grizzly Bears, zone: library}
  second: {card: Llanowar Elves, zone: library}
timeline:
  - {cast: dress}                                       # 1
  - {resolve: dress}                                    # 2
  - {trigger: dress, ability: "enters: draw", id: d1}   # 3
  - {resolve: d1}                                       # 4
  - {draw: alice}                                       # 5
  - {draw: alice}                                       # 6
"""

IN_HAND = EVERY_END + '#show. #show (T, O) : zone(O, hand, P), end_of(T, P), O != "dress".'


@pytest.mark.parametrize("full_demand", [False, True])
def test_dress_down_draws_the_top_card_then_the_timeline_draws_the_next(full_demand):
    assert shown1(DRESS_DOWN, IN_HAND, full_demand=full_demand) == [
        '(4,"top")', '(5,"second")', '(5,"top")', '(6,"second")', '(6,"top")']


def test_a_draw_from_an_empty_library_loses_the_game():
    triggers, before, after = ask_all(DRESS_DOWN, ["triggers 2", "loses alice at=5", "loses alice"])
    assert (triggers.single.value, triggers.single.rules) == ([["dress", "enters: draw"]], ["603.2", "603.6a"])
    assert (before.single.value, before.single.rules) == (False, ["704.5a"])
    assert (after.single.value, after.single.rules, after.single.because) == (True, ["104.3c", "704.5b"], [
        "alice attempted to draw a card from a library with no cards in it at entry 6, and lost as state-based "
        "actions were checked after it"])
    assert after.warnings == []      # Dress Down's abilities are all modelled now


def test_drawing_more_than_there_are_draws_the_rest_then_loses():
    text = DRESS_DOWN.split("timeline:")[0] + "timeline:\n  - {draw: alice, count: 3}\n"
    program = IN_HAND + '#show lost(Pl, T) : loses_game(Pl, T, R).'
    assert shown1(text, program) == ['(1,"second")', '(1,"top")', 'lost("alice",1)']


def test_an_unknown_library_is_reported_and_nothing_is_drawn():
    # Bob's library isn't stated: what he draws is unknown (121.1), and he doesn't lose either.
    text = DRESS_DOWN.replace("  - {draw: alice}                                       # 6", "  - {draw: bob}")
    got = ask(text, "loses bob")
    assert (got.single.value, got.invalid) == (False, [
        "library not known: bob, 121.1 (at timeline entry 6, line 16: draw)"])


def test_a_library_the_timeline_puts_a_card_into_has_no_known_order():
    # 401.2: the move doesn't say where the card goes, so the next draw is unknown.
    text = DRESS_DOWN.replace("  - {draw: alice}                                       # 5",
                              "  - {move: top, to: library}")
    got = ask(text, "characteristics second")
    assert (got.single.value["zone"], got.invalid) == ("library", [
        "library not known: alice, 401.2 (at timeline entry 6, line 16: draw)"])


DRAW_STEP = """
rules: "2026-09-25"
players: PLAYERS
turn: {number: TURN, active: alice, step: upkeep}
libraries: {alice: [top, second]}
objects:
  top: {card: Grizzly Bears, zone: library}
  second: {card: Llanowar Elves, zone: library}
timeline:
  - {begin: draw}                                       # 1
  - {draw: alice}                                       # 2
"""

IN_HAND_ALL = EVERY_END + '#show. #show (T, O) : zone(O, hand, P), end_of(T, P).'


def draw_step(players: str, turn: int) -> str:
    return DRAW_STEP.replace("PLAYERS", players).replace("TURN", str(turn))


@pytest.mark.parametrize("full_demand", [False, True])
def test_the_draw_step_draws_the_top_card_then_the_effect_draws_the_next(full_demand):
    # 504.1, 703.4d: as the draw step begins, the active player draws; the draw event then takes
    # the next card (121.1).
    assert shown1(draw_step("[alice, bob]", 3), IN_HAND_ALL, full_demand=full_demand) == [
        '(1,"top")', '(2,"second")', '(2,"top")']


def test_the_first_player_skips_the_draw_of_turn_1_in_a_two_player_game_only():
    # 103.8a: two players, turn 1: no draw in the draw step; 103.8c: with three, alice draws.
    assert shown1(draw_step("[alice, bob]", 1), IN_HAND_ALL) == ['(2,"top")']
    assert shown1(draw_step("[alice, bob, carol]", 1), IN_HAND_ALL) == [
        '(1,"top")', '(2,"second")', '(2,"top")']


def test_a_draw_step_from_an_unknown_library_the_scenario_names_cards_in_is_reported():
    # Bob's library isn't stated: with a card of his named in it, which card he draws is unknown
    # (121.1), and nothing moves; without one, the card drawn is none the scenario names.
    text = (draw_step("[alice, bob]", 3).replace("active: alice", "active: bob").replace("  - {draw: alice}", "")
            .replace("objects:\n", "objects:\n  his: {card: Grizzly Bears, zone: library, owner: bob}\n"))
    got = ask(text, "characteristics his")
    assert (got.single.value["zone"], got.invalid) == ("library", [
        "library not known: bob, 121.1 (at timeline entry 1, line 11: begin)"])
    got = ask(text.replace("zone: library, owner: bob", "zone: hand, owner: bob"), "characteristics his")
    assert (got.single.value["zone"], got.invalid) == ("hand", [])


def test_a_library_stated_empty_is_known_and_drawing_from_it_loses():
    # `libraries: {alice: []}` says alice's library is empty, which is not the same as not saying:
    # Dress Down's draw is an attempt to draw from an empty library (121.3, 704.5b).
    text = MAIN_PHASE + """
players: [alice, bob]
libraries: {alice: []}
objects:
  dress: {card: Dress Down, zone: hand}
timeline:
  - {cast: dress}
  - {resolve: dress}
  - {trigger: dress, ability: "enters: draw", id: d1}
  - {resolve: d1}
"""
    got = ask(text, "loses alice")
    assert (got.single.value, got.single.rules, got.invalid) == (True, ["104.3c", "704.5b"], [])
    # Not stated at all: what she draws is unknown (121.1), and she doesn't lose.
    unknown = ask(text.replace("libraries: {alice: []}\n", ""), "loses alice")
    assert (unknown.single.value, unknown.invalid) == (False, [
        "library not known: alice, 121.1 (at timeline entry 4, line 11: resolve)"])
