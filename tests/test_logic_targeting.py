"""logic/targeting.lp and queries/can_target.lp: what a spell or ability may target (CR 115.1,
115.2, 115.4, 601.2c, 602.2b, 603.3d), and what can't be targeted (702.11b hexproof, 702.18a
shroud, 702.16b protection); ward is a triggered ability, not a restriction (702.21a)."""

import pytest

from harness import ask, shown1
from rulecheck.errors import ScenarioError

# Cards the pool lacks, given inline: a Dragon with a targeted ability (its script:
# logic/cards/shivan_hellkite.lp), creatures with protection from red, from creatures, and
# with ward, and a black Equipment.
CARDS = """
cards:
  - {name: Shivan Hellkite, layout: normal, mana_cost: "{5}{R}{R}", type_line: Creature — Dragon,
     oracle_text: "Flying\\n{1}{R}: Shivan Hellkite deals 1 damage to any target.", keywords: [Flying],
     power: "5", toughness: "5"}
  - {name: Red Ward, layout: normal, mana_cost: "{W}", type_line: Creature — Human Cleric,
     oracle_text: "Protection from red", keywords: [Protection], power: "1", toughness: "1"}
  - {name: Beast Ward, layout: normal, mana_cost: "{W}", type_line: Creature — Human Cleric,
     oracle_text: "Protection from creatures", keywords: [Protection], power: "1", toughness: "1"}
  - {name: Warded Drake, layout: normal, mana_cost: "{2}{U}", type_line: Creature — Drake,
     oracle_text: "Flying\\nWard {2}", keywords: [Flying, Ward], power: "2", toughness: "2"}
  - {name: Night Blade, layout: normal, mana_cost: "{B}", type_line: Artifact — Equipment,
     oracle_text: "Equip {1}", keywords: [Equip], colors: [B]}
"""

BOARD = CARDS + """
players: [alice, bob]
turn: {number: 3, active: alice, step: precombat_main}
objects:
  scout: {card: Gladecover Scout, controller: alice}
  bears: {card: Grizzly Bears, controller: alice}
  greaves: {card: Lightning Greaves, controller: alice, attached_to: bears}
  redward: {card: Red Ward, controller: alice}
  beastward: {card: Beast Ward, controller: alice}
  angel: {card: Baneslayer Angel, controller: alice}
  drake: {card: Warded Drake, controller: alice}
  knight: {card: White Knight, controller: alice}
  blade: {card: Night Blade, controller: alice}
  dead: {card: Grizzly Bears, zone: graveyard, owner: alice}
  growth: {card: Giant Growth, zone: hand, owner: alice}
  startled: {card: Startled Awake, zone: hand, owner: alice}
  sunfall: {card: Sunfall, zone: hand, owner: alice}
  frog: {card: Turn to Frog, zone: hand, owner: alice}
  weave: {card: Mirrorweave, zone: hand, owner: alice}
  shock: {card: Shock, zone: hand, owner: bob}
  bolt: {card: Lightning Bolt, zone: hand, owner: bob}
  hellkite: {card: Shivan Hellkite, controller: bob}
"""


def _ans(question):
    got = ask(BOARD, question).single
    return got.value, got.rules, got.because


def test_hexproof_stops_only_the_opponents_spells():
    # 702.11b: Gladecover Scout can be the target of its controller's Giant Growth, not of the
    # opponent's Shock (which could target it by its text: any target, 115.4).
    assert _ans("can_target growth scout") == (
        True, ["601.2c"], ["the spell or ability would be controlled by alice", "scout is a creature"])
    value, rules, because = _ans("can_target shock scout")
    assert (value, rules) == (False, ["702.11b"])
    assert "scout has hexproof, and its controller alice is an opponent of the spell or ability's controller" in because


def test_shroud_stops_everyones():
    # 702.18a: the Bears have shroud from Lightning Greaves: neither player can target them.
    assert _ans("can_target growth bears")[:2] == (False, ["702.18a"])
    assert _ans("can_target shock bears")[:2] == (False, ["702.18a"])
    assert _ans("can_target hellkite ping bears")[:2] == (False, ["702.18a"])


def test_protection_from_red_stops_red_spells_and_abilities_of_red_sources():
    # 702.16b: Shock is a red spell; Shivan Hellkite's ability comes from a red source; Giant
    # Growth is green.
    value, rules, because = _ans("can_target shock redward")
    assert (value, rules) == (False, ["702.16b"])
    assert "redward has protection from red, and shock has that quality" in because
    assert _ans("can_target hellkite ping redward")[:2] == (False, ["702.16b"])
    assert _ans("can_target growth redward")[:2] == (True, ["601.2c"])


def test_protection_from_creatures_stops_a_creatures_ability_not_an_instant():
    # 702.16a, 702.16b: the Hellkite is a creature; Lightning Bolt is an instant.
    assert _ans("can_target hellkite ping beastward")[:2] == (False, ["702.16b"])
    assert _ans("can_target bolt beastward")[:2] == (True, ["115.4", "601.2c"])


def test_protection_from_demons_and_from_dragons_stops_a_dragons_ability():
    # 702.16g, 702.16b: Baneslayer Angel can't be the target of the Hellkite's ability (a Dragon
    # is its source); Shock, a red instant, can target it. The Hellkite's ability is activated
    # (602.2b, which refers to 601.2c).
    value, rules, because = _ans("can_target hellkite ping angel")
    assert (value, rules) == (False, ["702.16b"])
    assert "angel has protection from Demons and from Dragons, and hellkite has that quality" in because
    assert _ans("can_target shock angel")[:2] == (True, ["115.4", "601.2c"])
    assert _ans("can_target hellkite ping alice")[:2] == (True, ["115.4", "601.2c", "602.2b"])


def test_ward_is_no_restriction_and_the_answer_says_it_triggers():
    # 702.21a: the opponent's Shock can target the Drake, and its ward ability triggers; its
    # controller's Giant Growth doesn't trigger it.
    value, rules, because = _ans("can_target shock drake")
    assert (value, rules) == (True, ["115.4", "601.2c", "702.21a"])
    assert ("drake has ward {2}: it can be targeted, and its ward ability triggers "
            "(a triggered ability, not a restriction)") in because
    assert _ans("can_target growth drake")[:2] == (True, ["601.2c"])


def test_player_targets():
    # 115.4: any target includes players; 115.2: a player is a target only where the text says
    # so (Giant Growth: a creature); Startled Awake targets an opponent, not its caster.
    assert _ans("can_target shock alice")[:2] == (True, ["115.4", "601.2c"])
    assert _ans("can_target startled bob")[:2] == (True, ["115.2", "601.2c"])
    value, rules, because = _ans("can_target startled alice")
    assert (value, rules) == (False, ["115.2", "601.2c"])
    assert "its target must be an opponent" in because
    assert _ans("can_target growth bob")[:2] == (False, ["115.2", "601.2c"])


def test_what_the_text_asks_for():
    # 601.2c: Giant Growth's target is a creature (Lightning Greaves isn't one); 115.2: a card in
    # a graveyard isn't a permanent; 115.4: any target is no artifact.
    assert _ans("can_target growth greaves")[:2] == (False, ["601.2c"])
    value, rules, because = _ans("can_target growth dead")
    assert (value, rules) == (False, ["115.2", "601.2c"])
    assert "dead is in a graveyard" in because
    assert _ans("can_target shock greaves")[:2] == (False, ["115.4", "601.2c"])


def test_a_spell_that_targets_nothing_and_one_rulecheck_does_not_model():
    # 115.1a: Sunfall's script executes everything it does, and targets nothing. Mirrorweave has
    # no script: no answer, and a line saying why (never a guess).
    assert _ans("can_target sunfall bears") == (False, ["115.1a"], ["sunfall's text targets nothing"])
    got = ask(BOARD, "can_target weave bears").single
    assert (got.value, got.rules) == (None, [])
    assert got.because == ["rulecheck doesn't model what weave's text targets"]
    # Turn to Frog's script says what it targets: a creature, not the shrouded Bears (702.18a).
    assert _ans("can_target frog bears")[:2] == (False, ["702.18a"])


def test_a_permanent_is_asked_about_by_an_ability():
    assert _ans("can_target bears scout") == (
        False, ["113.1a"], ["bears is a permanent, not a spell: name one of its abilities"])
    assert _ans("can_target bears fly scout")[:2] == (False, ["113.1a"])


def test_equip_uses_the_same_targeting_rules():
    # 702.6a, 702.16b: a black Equipment's equip ability can't target White Knight (protection
    # from black); it can target the Scout (hexproof stops only opponents, 702.11b), not the
    # shrouded Bears (702.18a).
    value, rules, because = _ans("can_target blade 'Equip {1}' knight")
    assert (value, rules) == (False, ["702.16b"])
    assert _ans("can_target blade 'Equip {1}' scout")[:2] == (True, ["602.2b", "702.6a"])
    got = ask(BOARD, "equip_targets blade 'Equip {1}'").single
    assert got.value == ["angel", "beastward", "drake", "redward", "scout"]
    assert got.rules == ["702.6a", "702.16b", "702.18a"]
    assert "knight has protection from black, and the Equipment has that quality" in got.because
    assert "bears has shroud" in got.because


def test_an_activation_in_the_timeline_must_choose_a_legal_target():
    # 601.2c, 602.2b: the Hellkite's ability can't be activated targeting Baneslayer Angel
    # (702.16b); targeting bob is legal.
    atoms = shown1(BOARD.replace("number: 3, active: alice", "number: 3, active: bob") + """
timeline:
  - {activate: hellkite, ability: ping, target: angel}
  - {activate: hellkite, ability: ping, target: bob}
""", "#show. #show invalid/2.")
    assert atoms == ['invalid(illegal_target("#1","angel"),1)']


def test_a_target_named_as_neither_object_nor_player_is_refused():
    with pytest.raises(ScenarioError) as exc:
        ask(BOARD, "can_target shock nobody")
    assert "no object or player named 'nobody'" in str(exc.value)


def test_the_catalogue_example_runs(capsys, monkeypatch):
    import shlex
    from pathlib import Path
    from rulecheck.catalogue import catalogue
    from rulecheck.cli import main
    monkeypatch.chdir(Path(__file__).resolve().parent.parent)
    assert main(shlex.split(catalogue()["can_target"].example)[1:]) == 0
    out = capsys.readouterr().out
    assert out.startswith("can_target shock scout (after entry 0):\n  no\n  rules: 702.11b\n")


def test_an_aura_spell_targets_what_its_enchant_ability_allows():
    # 303.4a, 115.1b: Pacifism (Enchant creature) can target a creature, not an Equipment;
    # Curse of Bloodletting (Enchant player) a player (115.2). Pacifism's own static ability
    # isn't modelled, but what it targets is its enchant keyword's.
    text = BOARD + """
  pacifism: {card: Pacifism, zone: hand, owner: bob}
  curse: {card: Curse of Bloodletting, zone: hand, owner: bob}
"""
    def ans(q):
        got = ask(text, q).single
        return got.value, got.rules
    assert ans("can_target pacifism knight") == (True, ["303.4a", "601.2c"])
    assert ans("can_target pacifism greaves") == (False, ["303.4a", "601.2c"])
    assert ask(text, "can_target pacifism knight").single.because == [
        "the spell or ability would be controlled by bob", "knight is a creature"]
    assert ans("can_target pacifism scout") == (False, ["702.11b"])
    assert ans("can_target curse alice") == (True, ["115.2", "303.4a", "601.2c"])


def test_every_scripted_target_spec_has_words_and_a_meaning():
    # A spec the scripts use that targeting.lp can't word (because lines) or can't match
    # (spec_fits has no rule for its shape) would answer "no" without saying why.
    atoms = shown1("objects: {}", """
    known_shape(any). known_shape(player(W)) :- target_spec(C, S, A, I, player(W)).
    known_shape(permanent(T, W)) :- target_spec(C, S, A, I, permanent(T, W)).
    known_shape(card(Z, T, W)) :- target_spec(C, S, A, I, card(Z, T, W)).
    wordless(Spec) :- target_spec(C, S, A, I, Spec), not spec_words(Spec, _).
    shapeless(Spec) :- target_spec(C, S, A, I, Spec), not known_shape(Spec).
    whose_ok(W) :- W = (anyone; you; opponent).
    bad_whose(Spec) :- target_spec(C, S, A, I, Spec), Spec = player(W), not whose_ok(W).
    bad_whose(Spec) :- target_spec(C, S, A, I, Spec), Spec = permanent(T, W), not whose_ok(W).
    specs(N) :- N = #count { Spec : target_spec(C, S, A, I, Spec) }.
    #show. #show wordless/1. #show shapeless/1. #show bad_whose/1. #show specs/1.
    """)
    assert atoms == ["specs(5)"]
