"""logic/coin_flips.lp and Okaun, Eye of Chaos: coins flipped as the resolve event's `flips:`
says (705.1: random, so the scenario states them), each won or lost by the player who flips
(705.2); "flip a coin until you lose a flip" must stop at the first loss; "Whenever a player wins
a coin flip" triggers once per flip won (603.2c). And "Partner with" (702.124j: partner_with.lp):
the target player finds the named card in their library, and shuffles it."""

from harness import MAIN_PHASE, ask, ask_all, invalid_in_main_phase

OKAUN = """
objects:
  okaun: {card: "Okaun, Eye of Chaos"}
timeline:
  - {begin: beginning_of_combat}
  - {trigger: okaun, ability: "combat: flip", id: flips}
  - {resolve: flips, flips: FLIPS}
"""


def test_each_flip_won_triggers_the_ability_once():
    first, flips = ask_all(MAIN_PHASE + OKAUN.replace("FLIPS", "[won, won, won, lost]"), ["triggers 1", "triggers 3"])
    assert (first.single.value, first.single.rules) == ([["okaun", "combat: flip"]], ["603.2", "603.2b"])
    assert (flips.single.value, flips.single.rules) == ([["okaun", "won a coin flip: double"]], ["603.2", "603.2c", "705.2"])
    assert flips.single.because[-1] == 'okaun\'s ability "won a coin flip: double" triggers 3 times: once per event (603.2c)'
    # A first flip lost: nothing won, nothing triggers.
    lost = ask(MAIN_PHASE + OKAUN.replace("FLIPS", "[lost]"), "triggers 3")
    assert (lost.single.value, lost.invalid) == ([], [])


def test_the_combat_trigger_is_only_on_its_controllers_turn():
    # "At the beginning of combat on your turn" (603.2b): on bob's turn alice's Okaun doesn't flip.
    bobs_turn = MAIN_PHASE.replace("active: alice", "active: bob") + "players: [alice, bob]\n" + OKAUN
    got = ask(bobs_turn.split("  - {trigger:")[0], "triggers 1")
    assert (got.single.value, got.single.rules) == ([], ["603.2"])


def test_any_players_okaun_triggers_on_the_flips_another_player_wins():
    # "Whenever a player wins a coin flip" (705.2: alice, who flips, wins it): bob's Okaun
    # triggers too, once per flip alice wins (603.2c).
    text = MAIN_PHASE + "players: [alice, bob]\n" + OKAUN.replace("FLIPS", "[won, won, lost]").replace(
        '  okaun: {card: "Okaun, Eye of Chaos"}\n',
        '  okaun: {card: "Okaun, Eye of Chaos"}\n  bobs: {card: "Okaun, Eye of Chaos", owner: bob}\n')
    got = ask(text, "triggers 3")
    assert (got.single.value, got.single.rules, got.invalid) == (
        [["bobs", "won a coin flip: double"], ["okaun", "won a coin flip: double"]], ["603.2", "603.2c", "705.2"], [])
    assert got.single.because[-1] == 'okaun\'s ability "won a coin flip: double" triggers 2 times: once per event (603.2c)'


def test_flips_that_go_on_after_a_loss_or_never_lose_are_reported():
    assert invalid_in_main_phase(OKAUN.replace("FLIPS", "[won, lost, won, lost]")) == [
        'invalid(flips_after_a_loss("flips",2,"705.2"),3)']
    assert invalid_in_main_phase(OKAUN.replace("FLIPS", "[won, won]")) == ['invalid(last_flip_won("flips","705.2"),3)']
    assert invalid_in_main_phase(OKAUN.replace(", flips: FLIPS", "")) == ['invalid(flips_not_stated("flips","705.1"),3)']


def test_flips_of_something_that_flips_no_coin_are_reported():
    text = OKAUN.replace('"combat: flip"', '"won a coin flip: double"').replace("FLIPS", "[won, lost]")
    assert invalid_in_main_phase(text) == ['invalid(flips_without_a_coin("flips","705.1"),3)']


ZNDRSPLT = """
players: [alice, bob]
cards:
  - {name: "Zndrsplt, Eye of Wisdom", layout: normal, type_line: Legendary Creature — Homunculus, mana_cost: "{4}{U}",
     colors: [U], power: "1", toughness: "4", keywords: ["Partner with"],
     oracle_text: "Partner with Okaun, Eye of Chaos\\nAt the beginning of combat on your turn, flip a coin until you win a flip.\\nWhenever a player wins a coin flip, draw a card."}
libraries: {alice: [bears, zndrsplt]}
objects:
  okaun: {card: "Okaun, Eye of Chaos", zone: hand}
  bears: {card: Grizzly Bears, zone: library}
  zndrsplt: {card: "Zndrsplt, Eye of Wisdom", zone: library}
timeline:
  - {move: okaun, to: battlefield}                      # 1
  - {trigger: okaun, ability: "partner with", id: p}    # 2
  - {resolve: p, targets: [alice], reveal: FOUND}       # 3
"""


def test_partner_with_puts_the_named_card_into_the_hand_and_shuffles():
    text = MAIN_PHASE + ZNDRSPLT.replace("FOUND", "zndrsplt")
    triggers, found, bears = ask_all(text, ["triggers 1", "characteristics zndrsplt", "characteristics bears"])
    assert (triggers.single.value, triggers.single.rules) == ([["okaun", "partner with"]], ["603.2", "603.6a"])
    assert (found.single.value["zone"], bears.single.value["zone"]) == ("hand", "library")
    assert found.warnings == [
        'Zndrsplt, Eye of Wisdom (object zndrsplt): "At the beginning of combat on your turn, flip a coin until you win '
        'a flip." is not modelled; this answer ignores it',
        'Zndrsplt, Eye of Wisdom (object zndrsplt): "Whenever a player wins a coin flip, draw a card." is not modelled; '
        'this answer ignores it']
    # 401.2: shuffled, the library's order is no longer known: a draw after it is reported.
    after = ask(text + "  - {draw: alice}\n", "characteristics bears")
    assert (after.single.value["zone"], after.invalid) == ("library", [
        "library not known: alice, 401.2 (at timeline entry 4, line 18: draw)"])


def test_partner_with_finds_only_a_card_of_that_name_in_that_library():
    assert invalid_in_main_phase(ZNDRSPLT.replace("FOUND", "bears")) == [
        'invalid(not_found_there("bears","Zndrsplt, Eye of Wisdom","702.124j"),3)']


def test_partner_with_search_result_is_stated_never_guessed():
    # 701.23b: alice needn't find Zndrsplt even though it is there; the resolve says so
    # (finds_nothing) or names the card. With neither, the answer would be a guess: reported.
    unstated = MAIN_PHASE + ZNDRSPLT.replace(", reveal: FOUND", "")
    assert invalid_in_main_phase(ZNDRSPLT.replace(", reveal: FOUND", "")) == [
        'invalid(search_result_not_stated("p","zndrsplt","701.23b"),3)']
    got = ask(unstated, "characteristics zndrsplt")
    assert (got.single.value["zone"], got.invalid) == ("library", [
        "search result not stated: p, zndrsplt, 701.23b (at timeline entry 3, line 17: resolve)"])
    nothing = ask(MAIN_PHASE + ZNDRSPLT.replace("reveal: FOUND", "finds_nothing: true"), "characteristics zndrsplt")
    assert (nothing.single.value["zone"], nothing.invalid) == ("library", [])
    # Not in that library (bob's search, or the card already in alice's hand): nothing to find.
    assert invalid_in_main_phase(ZNDRSPLT.replace(", reveal: FOUND", "").replace("targets: [alice]", "targets: [bob]")) == []
