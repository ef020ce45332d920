"""The scenario format's combat additions (divide: on begin: combat_damage, target: on
activate), their located errors, the damage_steps answer's tables, and damage_steps asked
before the end of a timeline (it sees the timeline up to its entry)."""

import pytest

from harness import ask, scenario
from rulecheck.cli import main
from rulecheck.errors import ScenarioError
from rulecheck.facts import scenario_facts

BASE = """
turn: {number: 4, active: alice, step: declare_attackers}
objects:
  bears: {card: Grizzly Bears}
  goblin: {card: Raging Goblin, owner: bob}
  lion: {card: Silvercoat Lion, owner: bob}
timeline:
  - {attack: bears, target: bob}
  - {block: goblin, attacker: bears}
  - {block: lion, attacker: bears}
  - STEP
"""


@pytest.mark.parametrize("step, where, message", [
    ("{begin: end, divide: {bears: {goblin: 2}}}", "timeline[3].divide",
     "divide: belongs to begin: combat_damage (how combat damage is divided, 510.1c)"),
    ("{begin: combat_damage, divide: {beers: {goblin: 2}}}", "timeline[3].divide.beers",
     "no object named 'beers' (did you mean 'bears'?)"),
    ("{begin: combat_damage, divide: {bears: {gobbo: 2}}}", "timeline[3].divide.bears.gobbo",
     "no object or player named 'gobbo'"),
    ("{begin: combat_damage, divide: {bears: {bears: 2}}}", "timeline[3].divide.bears.bears",
     "a creature doesn't assign combat damage to itself"),
    ("{begin: combat_damage, divide: {bears: {goblin: -1}}}", "timeline[3].divide.bears.goblin", None),
])
def test_divide_errors_are_located(step, where, message):
    with pytest.raises(ScenarioError) as e:
        scenario(BASE.replace("STEP", step), "bad.yaml")
    assert e.value.where == where
    if message is not None:
        assert e.value.message.startswith(message)


def test_divide_and_target_are_event_modifiers():
    scn = scenario(BASE.replace("STEP", "{begin: combat_damage, divide: {bears: {goblin: 1, lion: 1}}}"))
    facts = {str(f) for f in scenario_facts(scn)}
    assert {'happens(4,divides("bears","goblin",1))', 'happens(4,divides("bears","lion",1))'} <= facts
    scn = scenario("""
    objects:
      champ: {card: "World Champion, Celestial Weapon", face: back}
      bears: {card: Grizzly Bears}
    timeline:
      - {activate: champ, ability: "Equip {3}", target: bears, id: e}
    """)
    assert 'happens(1,targets("e","bears",0))' in {str(f) for f in scenario_facts(scn)}


def test_damage_steps_asked_before_the_end_sees_the_timeline_up_to_its_entry():
    text = BASE.replace("STEP", "{begin: combat_damage, divide: {bears: {goblin: 1, lion: 1}}}")
    before = ask(text, "damage_steps at=1").single.value
    after = ask(text, "damage_steps").single.value
    # After the attack only: one step predicted, unblocked. After the step: as it happened.
    assert before == {"steps": 1, "predicted": [1], "divides": [], "none": [],
                      "damage": [{"step": 1, "creature": "bears", "amount": 2, "to": "bob", "rule": "510.1"}]}
    assert after["predicted"] == [] and after["damage"] == [
        {"step": 1, "creature": "bears", "amount": 1, "to": "goblin", "rule": "510.1"},
        {"step": 1, "creature": "bears", "amount": 1, "to": "lion", "rule": "510.1"},
        {"step": 1, "creature": "goblin", "amount": 1, "to": "bears", "rule": "510.1"},
        {"step": 1, "creature": "lion", "amount": 2, "to": "bears", "rule": "510.1"}]


def test_undivided_damage_is_shown_as_rows_among_the_blockers(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "s.yaml").write_text(BASE.replace("  - STEP\n", ""))
    assert main(["ask", "s.yaml", "--ask", "damage_steps"]) == 0
    out = capsys.readouterr().out
    assert "    - step 1, creature bears, amount 2, among goblin" in out
    assert "    - step 1, creature bears, amount 2, among lion" in out


DECLARED_APART = """
turn: {number: 4, active: alice, step: declare_attackers}
objects:
  bears: {card: Grizzly Bears}
  knight: {card: White Knight}
  goblin: {card: Raging Goblin, owner: bob}
  lion: {card: Silvercoat Lion, owner: bob}
timeline:
  - {attack: bears, target: bob}
  - {attack: knight, target: bob}
  - {begin: declare_blockers}
  - {block: goblin, attacker: bears}
  - {block: lion, attacker: knight}
  - {begin: combat_damage}
  - {begin: combat_damage}
"""

DECLARED_TOGETHER = """
turn: {number: 4, active: alice, step: declare_attackers}
objects:
  bears: {card: Grizzly Bears}
  knight: {card: White Knight}
  goblin: {card: Raging Goblin, owner: bob}
  lion: {card: Silvercoat Lion, owner: bob}
timeline:
  - {declare_attackers: {bears: bob, knight: bob}}
  - {begin: declare_blockers}
  - {declare_blockers: {goblin: bears, lion: knight}}
  - {begin: combat_damage}
  - {begin: combat_damage}
"""


def test_declaring_attackers_and_blockers_at_once_is_the_same_combat():
    # 508.1, 509.1: attackers (and blockers) are declared in one turn-based action; the
    # one-entry form and the one-creature-per-entry form give the same combat.
    apart, together = ask(DECLARED_APART, "damage_steps").single, ask(DECLARED_TOGETHER, "damage_steps").single
    assert apart.value == together.value and apart.rules == together.rules
    # White Knight has first strike: two steps; it kills Silvercoat Lion (2/2) in the first,
    # so the lion deals no damage in the second (506.4: it left combat).
    assert together.value["damage"] == [
        {"step": 1, "creature": "knight", "to": "lion", "amount": 2, "rule": "702.7b"},
        {"step": 2, "creature": "bears", "to": "goblin", "amount": 2, "rule": "510.4"},
        {"step": 2, "creature": "goblin", "to": "bears", "amount": 1, "rule": "510.4"}]
    assert {"step": 2, "creature": "lion", "rule": "506.4"} in together.value["none"]
    assert ask(DECLARED_TOGETHER, "characteristics lion").single.value["zone"] == "graveyard"


def test_declarations_name_objects():
    with pytest.raises(ScenarioError) as e:
        scenario(DECLARED_TOGETHER.replace("goblin: bears", "gobbo: bears"), "bad.yaml")
    assert (e.value.where, e.value.message) == ("timeline[2].declare_blockers.gobbo",
                                                "no object named 'gobbo'")
