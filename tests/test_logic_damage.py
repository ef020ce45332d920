"""logic/damage.lp: damage marked on creatures (120.3e), damage to players as life changes
(120.3a; totals in test_logic_life.py), damage removed in the cleanup step (514.2), or as the
next turn begins when the timeline doesn't begin that step."""

from harness import EVERY_END, shown1

BOARD = """
turn: {number: 2, active: alice}
objects:
  goblin: {card: Raging Goblin}
  elephant: {card: Grizzly Bears, owner: bob, damage: 1}
timeline:
  - {damage: 3, source: goblin, target: bob}
  - {damage: 1, source: goblin, target: bob}
  - {begin: cleanup}
"""


def test_damage_marked_until_cleanup():
    atoms = shown1(BOARD, EVERY_END + '#show. #show (T, D) : end_of(T, P), damage_marked("elephant", D, P).')
    assert atoms == ["(0,1)", "(1,1)", "(2,1)"]  # removed at entry 3 (514.2)


def test_damage_removed_when_the_next_turn_begins_without_a_cleanup_step_in_the_timeline():
    # 514.2: the turn's cleanup step removes the damage; a timeline that goes on to the next turn
    # without beginning that step has had it all the same. The bears (2/2) dealt 1 in turn 2 and
    # 1 in turn 3 survive (704.5g would destroy them with 2 marked).
    atoms = shown1("""
    turn: {number: 2, active: alice}
    objects:
      goblin: {card: Raging Goblin}
      bears: {card: Grizzly Bears, owner: bob}
    timeline:
      - {damage: 1, source: goblin, target: bears}
      - {begin_turn: 3, active: bob}
      - {damage: 1, source: goblin, target: bears}
    """, EVERY_END + '#show. #show (T, D) : end_of(T, P), damage_marked("bears", D, P). '
                     '#show (T, Z) : end_of(T, P), zone("bears", Z, P).')
    assert atoms == ["(0,battlefield)", "(1,1)", "(1,battlefield)", "(2,battlefield)", "(3,1)", "(3,battlefield)"]


def test_combat_damage_from_two_sources_to_a_planeswalker_removes_the_total():
    # 120.3c: damage dealt to a planeswalker removes that many loyalty counters; 510.2: the
    # combat damage of both attackers is dealt at once, 2 + 2 from 5.
    atoms = shown1("""
    turn: {number: 5, active: alice, step: declare_attackers}
    objects:
      bears: {card: Grizzly Bears}
      lion: {card: Silvercoat Lion}
      nissa: {card: "Nissa, Vastwood Seer // Nissa, Sage Animist", face: back, owner: bob, counters: {loyalty: 5}}
    timeline:
      - {attack: bears, target: nissa}
      - {attack: lion, target: nissa}
      - {begin: declare_blockers}
      - {begin: combat_damage}
    """, '#show counter_change/4. question_reads(4, "nissa"). #show c(N) : counter("nissa", "loyalty", N, P), end_of(4, P).')
    assert atoms == ['c(1)', 'counter_change("nissa","loyalty",-4,4)']



def test_lightning_bolt_and_shock_deal_their_damage_as_they_resolve():
    # "Lightning Bolt deals 3 damage to any target" (115.4): to a player, 3 life lost (120.3a);
    # Shock's 2 to a 2/2 creature is lethal damage, and 704.5g destroys it.
    from harness import ask
    text = """
turn: {number: 3, active: alice, step: precombat_main}
objects:
  bolt: {card: Lightning Bolt, zone: hand}
  shock: {card: Shock, zone: hand}
  bears: {card: Grizzly Bears, owner: bob}
timeline:
  - {cast: bolt}
  - {resolve: bolt, targets: [bob]}
  - {cast: shock}
  - {resolve: shock, targets: [bears]}
"""
    life = ask(text, "life bob at=2").single
    assert (life.value, "120.3a" in life.rules) == (17, True)
    bears = ask(text, "characteristics bears").single
    assert bears.value["zone"] == "graveyard"
    assert ask(text, "life bob").single.value == 17
