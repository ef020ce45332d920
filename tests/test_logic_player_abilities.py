"""Abilities a player has from a permanent's static ability (logic/player_abilities.lp): hexproof
(702.11c), shroud (702.18a) and protection (702.16b, 702.16c, 702.16e) on a player, stated with
the selector `you`."""

from harness import PERFORMED, ask, shown1

# Leyline of Sanctity and True Believer as printed (not in the built-in pool); Crimson Ward is a
# made-up enchantment that gives its controller protection from red.
CARDS = """
cards:
  - {name: Leyline of Sanctity, layout: normal, mana_cost: "{2}{W}{W}", type_line: Enchantment, colors: [W],
     oracle_text: "If Leyline of Sanctity is in your opening hand, you may begin the game with it on the battlefield.\\nYou have hexproof."}
  - {name: True Believer, layout: normal, mana_cost: "{W}{W}", type_line: Creature — Human Cleric, colors: [W],
     oracle_text: "You have shroud.", power: "2", toughness: "2"}
  - {name: Crimson Ward, layout: normal, mana_cost: "{1}{W}", type_line: Enchantment, colors: [W],
     oracle_text: "You have protection from red."}
abilities:
  - {card: Leyline of Sanctity, text: "You have hexproof.", affects: you, grants: [{gain: hexproof}]}
  - {card: True Believer, text: "You have shroud.", affects: you, grants: [{gain: shroud}]}
  - {card: Crimson Ward, text: "You have protection from red.", affects: you, grants: [{protection: from red}]}
turn: {number: 4, active: alice, step: precombat_main}
"""


def _ans(text, question):
    got = ask(text, question).single
    return got.value, got.rules, got.because


HEXPROOF = CARDS + """
objects:
  leyline: {card: Leyline of Sanctity, owner: bob}
  shock: {card: Shock, zone: hand}
  bobshock: {card: Shock, zone: hand, owner: bob}
timeline:
  - {move: leyline, to: graveyard}
"""


def test_a_player_with_hexproof_cannot_be_targeted_by_an_opponent():
    # 702.11c: alice's Shock can't target bob; bob's own can; alice can be targeted.
    assert _ans(HEXPROOF, "can_target shock bob at=0") == (
        False, ["702.11c"], ["the spell or ability would be controlled by alice",
                             "bob is any target (a creature, player, planeswalker or battle)",
                             "bob has hexproof (leyline says so), and is an opponent of the spell or ability's controller"])
    assert _ans(HEXPROOF, "can_target bobshock bob at=0")[:2] == (True, ["115.4", "601.2c"])
    assert _ans(HEXPROOF, "can_target shock alice at=0")[:2] == (True, ["115.4", "601.2c"])
    # The Leyline gone (entry 1), bob can be targeted again (113.3d).
    assert _ans(HEXPROOF, "can_target shock bob")[:2] == (True, ["115.4", "601.2c"])


def test_a_source_that_has_lost_its_abilities_gives_its_controller_nothing():
    # 613.10: effects on players apply after the objects' characteristics are determined.
    # Opalescence makes the Leyline a creature (layer 4) and Humility, listed after it, takes its
    # abilities (layer 6): by then the Leyline has no "You have hexproof." whatever the
    # timestamps, so alice's Shock can target bob. (613.6 keeps an effect that began in an
    # earlier layer; an effect on a player isn't in a layer.)
    text = CARDS + """
objects:
  leyline: {card: Leyline of Sanctity, owner: bob}
  opal: {card: Opalescence}
  humility: {card: Humility}
  shock: {card: Shock, zone: hand}
"""
    assert _ans(text, "can_target shock bob")[:2] == (True, ["115.4", "601.2c"])
    # Without Opalescence the Leyline is no creature, and keeps its ability.
    assert _ans(text.replace("  opal: {card: Opalescence}\n", ""), "can_target shock bob")[:2] == (False, ["702.11c"])


def test_a_player_with_shroud_cannot_be_targeted_by_anyone():
    text = CARDS + """
objects:
  believer: {card: True Believer}
  shock: {card: Shock, zone: hand}
  bobshock: {card: Shock, zone: hand, owner: bob}
"""
    assert _ans(text, "can_target shock alice")[:2] == (False, ["702.18a"])
    assert _ans(text, "can_target bobshock alice")[:3] == (
        False, ["702.18a"], ["the spell or ability would be controlled by bob",
                             "alice is any target (a creature, player, planeswalker or battle)",
                             "alice has shroud: believer says so"])
    assert _ans(text, "can_target shock bob")[:2] == (True, ["115.4", "601.2c"])
    # The creature itself has no shroud: the ability is its controller's.
    assert _ans(text, "can_target bobshock believer")[:2] == (True, ["115.4", "601.2c"])


WARD = CARDS + """
objects:
  ward: {card: Crimson Ward, owner: bob}
  shock: {card: Shock, zone: hand}
  awake: {card: Startled Awake // Persistent Nightmare, zone: hand}
  goblin: {card: Raging Goblin}
  bears: {card: Grizzly Bears}
timeline:
"""


def test_a_player_with_protection_cannot_be_targeted_by_spells_with_the_quality():
    # 702.16b: the red Shock can't target bob; the blue Startled Awake can.
    assert _ans(WARD + "  []\n", "can_target shock bob") == (
        False, ["702.16b"], ["the spell or ability would be controlled by alice",
                             "bob is any target (a creature, player, planeswalker or battle)",
                             "bob has protection from red (ward says so), and shock has that quality"])
    assert _ans(WARD + "  []\n", "can_target awake bob")[:2] == (True, ["115.2", "601.2c"])


def test_damage_from_a_source_with_the_quality_to_a_player_with_protection_is_prevented():
    # 702.16e: the red Goblin's 2 damage to bob is prevented, the green Bears' isn't; once the
    # Ward has left the battlefield (entry 3), the Goblin's is dealt.
    text = WARD + """
  - {damage: 2, source: goblin, target: bob}
  - {damage: 2, source: bears, target: bob}
  - {move: ward, to: graveyard}
  - {damage: 2, source: goblin, target: bob}
"""
    assert shown1(text, "#show. #show prevented(S, X, T, R) : prevented(S, X, T, R).") == [
        'prevented("goblin",player("bob"),1,"702.16e")']
    assert ask(text, "life bob at=2").single.value == 18
    assert ask(text, "life bob").single.value == 16


def test_an_aura_with_the_quality_falls_off_a_player_who_gains_protection():
    # 702.16c, 704.5m: the red Curse of Bloodletting enchants bob; the Ward enters (entry 1): the
    # Curse is put into its owner's graveyard.
    text = CARDS + """
objects:
  ward: {card: Crimson Ward, owner: bob, zone: hand}
  curse: {card: Curse of Bloodletting, attached_to: bob}
timeline:
  - {move: ward, to: battlefield}
"""
    assert shown1(text, PERFORMED) == ['performed(sba("curse",graveyard,"704.5m"),1,1)']
    # The Ward put into exile instead: nothing gives bob protection, the Curse stays.
    assert shown1(text.replace("to: battlefield", "to: exile"), PERFORMED) == []


def test_a_player_grant_the_rules_do_not_execute_is_said():
    # "You have flying" means nothing the rules do: the answer says the grant isn't executed.
    text = CARDS.replace("[{gain: shroud}]", "[{gain: flying}]") + """
objects:
  believer: {card: True Believer}
  shock: {card: Shock, zone: hand, owner: bob}
"""
    got = ask(text, "can_target shock alice")
    assert (got.single.value, got.single.rules) == (True, ["115.4", "601.2c"])
    assert ('True Believer (object believer): "You have shroud." is modelled except '
            'granted_to_a_player(keyword(gain,flying)) (recorded, not executed); this answer ignores that part') in got.warnings


def test_protection_from_everything_and_words_the_rules_do_not_know():
    # 702.16j: from everything, the player can't be targeted by any spell (the blue Startled
    # Awake too). Words protection.lp doesn't know ("from the monarch") are said not executed,
    # and protect from nothing.
    text = WARD.replace("{protection: from red}", "{protection: from everything}") + "  []\n"
    assert _ans(text, "can_target awake bob")[:2] == (False, ["702.16b"])
    text = WARD.replace("{protection: from red}", "{protection: from the monarch}") + "  []\n"
    got = ask(text, "can_target shock bob")
    assert (got.single.value, got.single.rules) == (True, ["115.4", "601.2c"])
    assert ('Crimson Ward (object ward): "You have protection from red." is modelled except '
            'granted_to_a_player(protection("from the monarch")) (recorded, not executed); this answer ignores that part'
            ) in got.warnings
