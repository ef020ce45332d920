"""logic/combat.lp: declaring attackers and blockers, the combat damage steps (510.4, 702.4,
702.7), combat damage assignment (510.1a-e, 702.19b, 702.19d) and what it does (damage.lp)."""

import pytest

from harness import ask, shown1

STEPS = "#show cd_step/2. #show first_strike_step/1. #show invalid/2."
ROWS = "#show in_step/3. #show out_step/3. #show assign/5. #show no_damage/3. #show invalid/2."


def test_no_first_strike_one_step_and_a_further_step_is_reported():
    atoms = shown1("""
    turn: {number: 4, active: alice, step: declare_attackers}
    objects:
      bears: {card: Grizzly Bears}
    timeline:
      - {attack: bears, target: bob}
      - {begin: combat_damage}
      - {begin: combat_damage}
    """, STEPS)
    # 510.4: without first or double strike there is no second step; a second
    # begin: combat_damage in the same combat is reported.
    assert atoms == ['cd_step(2,1)', 'invalid(no_further_combat_damage_step,3)']


def test_first_strike_makes_two_steps_in_each_combat():
    atoms = shown1("""
    turn: {number: 4, active: alice, step: declare_attackers}
    objects:
      knight: {card: White Knight}
      bears: {card: Grizzly Bears}
    timeline:
      - {attack: knight, target: bob}
      - {begin: combat_damage}
      - {begin: combat_damage}
      - {begin: postcombat_main}
      - {begin_turn: 5, active: alice}
      - {begin: declare_attackers}
      - {attack: bears, target: bob}
      - {begin: combat_damage}
    """, STEPS)
    # The first combat: two steps (510.4); the next turn's combat starts over at step 1.
    assert atoms == ['cd_step(2,1)', 'cd_step(3,2)', 'cd_step(8,1)', 'first_strike_step(2)']


def test_who_assigns_in_each_step_and_why():
    atoms = shown1("""
    turn: {number: 4, active: alice, step: declare_attackers}
    objects:
      knight: {card: White Knight}
      ace: {card: Fencing Ace}
      bears: {card: Grizzly Bears}
    timeline:
      - {attack: knight, target: bob}
      - {attack: ace, target: bob}
      - {attack: bears, target: bob}
      - {begin: combat_damage}
      - {begin: combat_damage}
    """, ROWS)
    assert atoms == [
        'assign(4,"ace",player("bob"),1,"510.1b")', 'assign(4,"knight",player("bob"),2,"510.1b")',
        'assign(5,"ace",player("bob"),1,"510.1b")', 'assign(5,"bears",player("bob"),2,"510.1b")',
        'in_step(4,"ace","702.4b")', 'in_step(4,"knight","702.7b")',
        'in_step(5,"ace","702.4b")', 'in_step(5,"bears","510.4")',
        'out_step(4,"bears","510.4")', 'out_step(5,"knight","510.4")']


def test_blocked_attacker_blocker_and_life():
    atoms = shown1("""
    turn: {number: 4, active: alice, step: declare_attackers}
    objects:
      bears: {card: Grizzly Bears}
      lion: {card: Silvercoat Lion}
      goblin: {card: Raging Goblin, owner: bob}
    timeline:
      - {attack: bears, target: bob}
      - {attack: lion, target: bob}
      - {begin: declare_blockers}
      - {block: goblin, attacker: bears}
      - {begin: combat_damage}
    """, ROWS + ' question_reads(5, player("bob")). question_reads(5, player("alice")). question_reads(5, "goblin").'
           ' life_read(Pl, P) :- player(Pl), end_of(5, P). #show life(Pl, L) : life(Pl, L, P), end_of(5, P).'
           ' #show zone("goblin", Z) : zone("goblin", Z, P), end_of(5, P).')
    # 510.1c: the blocked Bears deal their damage to the Goblin; 510.1d: the Goblin to the
    # Bears; 510.1b: the Lion to bob, who loses 2 life (120.3a); the Goblin is destroyed (704.5g).
    assert atoms == [
        'assign(5,"bears","goblin",2,"510.1c")', 'assign(5,"goblin","bears",1,"510.1d")',
        'assign(5,"lion",player("bob"),2,"510.1b")',
        'in_step(5,"bears","510.1")', 'in_step(5,"goblin","510.1")', 'in_step(5,"lion","510.1")',
        'life("alice",20)', 'life("bob",18)', 'zone("goblin",graveyard)']


def test_blocked_stays_blocked_when_its_blocker_leaves():
    atoms = shown1("""
    turn: {number: 4, active: alice, step: declare_attackers}
    objects:
      bears: {card: Grizzly Bears}
      goblin: {card: Raging Goblin, owner: bob}
    timeline:
      - {attack: bears, target: bob}
      - {begin: declare_blockers}
      - {block: goblin, attacker: bears}
      - {move: goblin, to: hand}
      - {begin: combat_damage}
    """, ROWS)
    # 509.1h: still a blocked creature; 510.1c: no creature blocks it now, so no damage.
    assert atoms == ['in_step(5,"bears","510.1")', 'no_damage(5,"bears","510.1c")',
                     'out_step(5,"goblin","506.4")']


def test_power_zero_assigns_no_combat_damage():
    atoms = shown1("""
    turn: {number: 4, active: alice, step: declare_attackers}
    objects:
      bears: {card: Grizzly Bears, counters: {"-2/+0": 1}}
    timeline:
      - {attack: bears, target: bob}
      - {begin: combat_damage}
    """, ROWS)
    assert atoms == ['in_step(2,"bears","510.1")', 'no_damage(2,"bears","510.1a")']


DOUBLE_BLOCK = """
turn: {number: 4, active: alice, step: declare_attackers}
objects:
  vorinclex: {card: "Vorinclex, Monstrous Raider"}
  bears: {card: Grizzly Bears}
  goblin: {card: Raging Goblin, owner: bob}
  lion: {card: Silvercoat Lion, owner: bob}
timeline:
  - {attack: bears, target: bob}
  - {begin: declare_blockers}
  - {block: goblin, attacker: bears}
  - {block: lion, attacker: bears}
  - STEP
"""


def test_several_blockers_need_the_attacking_players_division():
    atoms = shown1(DOUBLE_BLOCK.replace("STEP", "{begin: combat_damage}"), ROWS + " #show undivided/4.")
    # 510.1c: divided as its controller chooses; the scenario must say how.
    assert [a for a in atoms if "bears" in a and not a.startswith("assign(5,\"goblin")
            and not a.startswith("assign(5,\"lion")] == [
        'in_step(5,"bears","510.1")', 'invalid(damage_division_needed("bears"),5)',
        'undivided(5,"bears",2,"goblin")', 'undivided(5,"bears",2,"lion")']


def test_a_division_among_blockers():
    atoms = shown1(DOUBLE_BLOCK.replace("STEP", "{begin: combat_damage, divide: {bears: {goblin: 1, lion: 1}}}"),
                   '#show assign/5. #show invalid/2.')
    assert atoms == ['assign(5,"bears","goblin",1,"510.1c")', 'assign(5,"bears","lion",1,"510.1c")',
                     'assign(5,"goblin","bears",1,"510.1d")', 'assign(5,"lion","bears",2,"510.1d")']


def test_an_illegal_division_is_reported_and_deals_nothing():
    atoms = shown1(DOUBLE_BLOCK.replace("STEP", "{begin: combat_damage, divide: {bears: {goblin: 1, bob: 1}}}"),
                   '#show assign/5. #show invalid/2.')
    # 510.1e: not all its damage (1 of 2 to blockers), and damage to a player it may not assign to.
    assert atoms == ['assign(5,"goblin","bears",1,"510.1d")', 'assign(5,"lion","bears",2,"510.1d")',
                     'invalid(illegal_damage_assignment("bears",recipient(player("bob"))),5)']


def test_trample_lethal_to_the_blocker_and_the_rest_to_the_player():
    atoms = shown1("""
    turn: {number: 4, active: alice, step: declare_attackers}
    objects:
      vorinclex: {card: "Vorinclex, Monstrous Raider"}
      lion: {card: Silvercoat Lion, owner: bob, damage: 1}
      goblin: {card: Raging Goblin, owner: bob}
    timeline:
      - {attack: vorinclex, target: bob}
      - {begin: declare_blockers}
      - {block: lion, attacker: vorinclex}
      - {begin: combat_damage}
    """, '#show assign/5. #show invalid/2.')
    # 702.19b: lethal damage to the Lion is 1 (toughness 2, 1 already marked); the other 5 to bob.
    assert atoms == ['assign(4,"lion","vorinclex",2,"510.1d")', 'assign(4,"vorinclex","lion",1,"702.19b")',
                     'assign(4,"vorinclex",player("bob"),5,"702.19b")']


def test_trample_with_no_blocker_left_assigns_all_to_the_player():
    atoms = shown1("""
    turn: {number: 4, active: alice, step: declare_attackers}
    objects:
      vorinclex: {card: "Vorinclex, Monstrous Raider"}
      lion: {card: Silvercoat Lion, owner: bob}
    timeline:
      - {attack: vorinclex, target: bob}
      - {begin: declare_blockers}
      - {block: lion, attacker: vorinclex}
      - {move: lion, to: exile}
      - {begin: combat_damage}
    """, '#show assign/5. #show invalid/2.')
    assert atoms == ['assign(5,"vorinclex",player("bob"),6,"702.19d")']


def test_attacking_a_planeswalker_removes_loyalty_counters_and_one_gone_gets_none():
    text = """
    turn: {number: 4, active: alice, step: declare_attackers}
    objects:
      bears: {card: Grizzly Bears}
      nissa: {card: "Nissa, Vastwood Seer", owner: bob, face: back, counters: {loyalty: 5}}
    timeline:
      - {attack: bears, target: nissa}
      - {begin: combat_damage}
    """
    atoms = shown1(text, 'question_reads(2, "nissa"). #show assign/5. #show c(N) : counter("nissa", "loyalty", N, P), end_of(2, P).')
    assert atoms == ['assign(2,"bears","nissa",2,"510.1b")', 'c(3)']      # 120.3c
    gone = text.replace("- {begin: combat_damage}", "- {move: nissa, to: hand}\n      - {begin: combat_damage}")
    atoms = shown1(gone, '#show assign/5. #show no_damage/3.')
    assert atoms == ['no_damage(3,"bears","510.1b")']


def test_illegal_declarations_are_reported():
    atoms = shown1("""
    turn: {number: 4, active: alice, step: declare_attackers}
    objects:
      bears: {card: Grizzly Bears, controlled_since: 4}
      lion: {card: Silvercoat Lion}
      angel: {card: Serra Angel}
      goblin: {card: Raging Goblin, owner: bob}
    timeline:
      - {attack: bears, target: bob}
      - {attack: lion, target: alice}
      - {attack: angel, target: bob}
      - {begin: declare_blockers}
      - {block: goblin, attacker: angel}
    """, '#show invalid/2.')
    # 302.6: the Bears came under alice's control this turn; 506.2: alice can't attack
    # herself; 702.9b: the Goblin can't block a creature with flying.
    assert atoms == ['invalid(illegal_attack_target("lion",player("alice")),2)',
                     'invalid(illegal_attacker("bears","302.6"),1)',
                     'invalid(illegal_blocker("goblin","702.9b"),5)']


def test_declarations_outside_their_steps_are_reported():
    atoms = shown1("""
    turn: {number: 4, active: alice, step: precombat_main}
    objects:
      bears: {card: Grizzly Bears}
      lion: {card: Silvercoat Lion}
      goblin: {card: Raging Goblin, owner: bob}
    timeline:
      - {attack: bears, target: bob}
      - {begin: declare_attackers}
      - {attack: lion, target: bob}
      - {block: goblin, attacker: lion}
      - {begin: declare_blockers}
      - {block: goblin, attacker: lion}
    """, '#show invalid/2.')
    # 508.1: attackers are declared as the declare attackers step begins, not in a main phase;
    # 509.1: blockers in the declare blockers step, not the declare attackers step. The
    # declarations in their steps (entries 3 and 6) are reported by nothing.
    assert atoms == [
        'invalid(declared_outside_its_step("bears",declare_attackers,"508.1"),1)',
        'invalid(declared_outside_its_step("goblin",declare_blockers,"509.1"),4)']


def test_vigilance_attacker_stays_untapped():
    atoms = shown1("""
    turn: {number: 4, active: alice, step: declare_attackers}
    objects:
      angel: {card: Serra Angel}
      bears: {card: Grizzly Bears}
    timeline:
      - {attack: angel, target: bob}
      - {attack: bears, target: bob}
    """, '#show. #show t(O) : tapped(O, P), end_of(2, P). question_reads(2, O) :- object(O).')
    assert atoms == ['t("bears")']                                        # 508.1f



def test_an_attacker_stays_tapped_until_untapped_or_it_leaves_the_battlefield():
    # 508.1f: declaring the attack taps it (read from the attack made, not set at the
    # declaration); an untap effect untaps it; a creature that left the battlefield and came
    # back is a new object, untapped (400.7).
    atoms = shown1("""
    turn: {number: 4, active: alice, step: declare_attackers}
    objects:
      bears: {card: Grizzly Bears}
      lion: {card: Silvercoat Lion}
    timeline:
      - {attack: bears, target: bob}
      - {attack: lion, target: bob}
      - {begin: declare_blockers}
      - {untap: bears}
      - {move: lion, to: exile}
      - {move: lion, to: battlefield}
    """, '#show. #show t(O, N) : tapped(O, P), end_of(N, P). question_reads(N, O) :- object(O), entry(N).')
    assert atoms == ['t("bears",1)', 't("bears",2)', 't("bears",3)',
                     't("lion",2)', 't("lion",3)', 't("lion",4)']


def test_a_blocker_that_changes_control_is_removed_from_combat():
    # 506.4: a blocking creature whose controller changes is removed from combat; the attacker
    # it blocked stays blocked (509.1h) and, with no trample, assigns no combat damage (510.1c).
    atoms = shown1("""
    turn: {number: 4, active: alice, step: declare_attackers}
    objects:
      bears: {card: Grizzly Bears}
      lion: {card: Silvercoat Lion, owner: bob}
    timeline:
      - {attack: bears, target: bob}
      - {begin: declare_blockers}
      - {block: lion, attacker: bears}
      - {gain_control: lion, player: alice}
      - {begin: combat_damage}
    """, ROWS)
    assert atoms == ['in_step(5,"bears","510.1")', 'no_damage(5,"bears","510.1c")',
                     'out_step(5,"lion","506.4")']

def test_damage_steps_answer_predicts_from_declared_blockers():
    got = ask("""
    turn: {number: 4, active: alice, step: declare_attackers}
    objects:
      knight: {card: White Knight}
      bears: {card: Grizzly Bears, owner: bob}
    timeline:
      - {attack: knight, target: bob}
      - {block: bears, attacker: knight}
    """, "damage_steps").single
    assert got.value == {
        "steps": 2, "predicted": [1, 2],
        "damage": [{"step": 1, "creature": "knight", "amount": 2, "to": "bears", "rule": "702.7b"}],
        "divides": [],
        "none": [{"step": 1, "creature": "bears", "rule": "510.4"},
                 {"step": 2, "creature": "bears", "rule": "506.4"},
                 {"step": 2, "creature": "knight", "rule": "510.4"}]}
    assert got.rules == ["506.4", "510.1c", "510.4", "702.7b"]



WITHER_FIRST_STRIKER = """
    turn: {number: 3, active: alice, step: beginning_of_combat}
    objects:
      a: {card: Grizzly Bears}
      b: {card: Grizzly Bears, owner: bob}
    timeline:
      - {gain: a, ability: first_strike}
      - {gain: a, ability: wither}
      - {begin: declare_attackers}
      - {declare_attackers: {a: bob}}
      - {begin: declare_blockers}
      - {declare_blockers: {b: a}}
    """


@pytest.mark.parametrize("written", [False, True])
def test_a_predicted_step_is_the_step_the_timeline_would_write(written):
    # A first striker with wither deals its 2 damage to the 2/2 blocker as -1/-1 counters
    # (702.7b, 120.3d, 702.80a): the blocker, 0/0, is put into the graveyard (704.5f) and
    # assigns nothing in the second step (506.4) — whether damage_steps predicts the two steps
    # or the timeline writes them. (The predicted steps once declared only touches, not that
    # their damage may give -1/-1 counters: the blocker kept its toughness and struck back.)
    text = WITHER_FIRST_STRIKER + ("  - {begin: combat_damage}\n      - {begin: combat_damage}\n" if written else "")
    got = ask(text, "damage_steps").single
    assert got.value == {
        "steps": 2, "predicted": [] if written else [1, 2],
        "damage": [{"step": 1, "creature": "a", "amount": 2, "to": "b", "rule": "702.7b"}],
        "divides": [],
        "none": [{"step": 1, "creature": "b", "rule": "510.4"},
                 {"step": 2, "creature": "a", "rule": "510.4"},
                 {"step": 2, "creature": "b", "rule": "506.4"}]}
    assert got.rules == ["506.4", "510.1c", "510.4", "702.7b"]

def test_damage_steps_without_attackers():
    got = ask("""
    objects:
      bears: {card: Grizzly Bears}
    """, "damage_steps").single
    assert (got.value["steps"], got.rules) == (0, ["508.8"])


def test_an_equipped_attacker_is_read_with_what_its_equipment_counts():
    # Blackblade Reforged: "Equipped creature gets +1/+1 for each land you control" (613.4c).
    # A second land enters before combat; it touches neither the Bears nor the Equipment, yet
    # the Bears are read for the combat damage step as they are just before it, with both
    # lands (510.1a: power 4; time.lp: read_before_entry, statics.lp).
    atoms = shown1("""
    turn: {number: 5, active: alice, step: beginning_of_combat}
    objects:
      blade: {card: Blackblade Reforged, attached_to: bears}
      bears: {card: Grizzly Bears}
      pool1: {card: Breeding Pool}
      pool2: {card: Breeding Pool, zone: hand}
    timeline:
      - {move: pool2, to: battlefield}
      - {begin: declare_attackers}
      - {attack: bears, target: bob}
      - {begin: declare_blockers}
      - {begin: combat_damage}
    """, '#show assign/5.')
    assert atoms == ['assign(5,"bears",player("bob"),4,"510.1b")']
