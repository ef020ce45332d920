"""logic/turns.lp: the turn, the active player and the step (500.1, 502)."""

import pytest
from harness import EVERY_END, scenario, shown1, solve

from rulecheck.facts import scenario_facts
from rulecheck.solve import programs_for

BOARD = """
players: [alice, bob]
turn: {number: 3, active: alice, step: precombat_main}
timeline:
  - {begin: end}
  - {begin_turn: 4, active: bob}
  - {begin: upkeep}
"""


def test_turn_and_step_after_each_entry():
    atoms = shown1(BOARD, EVERY_END + '#show. #show (T, N, Pl, S) : end_of(T, P), turn_number(N, P), active_player(Pl, P),'
                          ' current_step(S, P).')
    assert atoms == ['(0,3,"alice",precombat_main)', '(1,3,"alice",end)', '(2,4,"bob",untap)',
                     '(3,4,"bob",upkeep)']


# --- The untap step (502.3) -------------------------------------------------------------------

TAPPED = EVERY_END + '#show. #show (T, O) : end_of(T, P), tapped(O, P). #show invalid/2.'


@pytest.mark.parametrize("full_demand", [False, True])
def test_attacker_untaps_in_its_controllers_next_turn(full_demand):
    # 508.1f: the bears become tapped attacking in turn 1. 502.3: as alice's turn 2 begins (an
    # extra turn: the same active player), she untaps what she controls.
    atoms = shown1("""
    players: [alice, bob]
    turn: {number: 1, active: alice, step: declare_attackers}
    objects:
      bears: {card: Grizzly Bears, owner: alice}
    timeline:
      - {attack: bears, target: bob}
      - {begin: end}
      - {begin_turn: 2, active: alice}
    """, TAPPED, full_demand=full_demand)
    assert atoms == ['(1,"bears")', '(2,"bears")']


@pytest.mark.parametrize("full_demand", [False, True])
def test_only_the_active_players_permanents_untap(full_demand):
    # 502.3: "the active player ... untaps [the permanents they control]". Bob's lion, tapped as the
    # scenario begins, stays tapped through alice's turn and untaps in bob's; alice's attacker stays
    # tapped through bob's turn and untaps in hers.
    atoms = shown1("""
    players: [alice, bob]
    turn: {number: 1, active: alice, step: declare_attackers}
    objects:
      bears: {card: Grizzly Bears, owner: alice}
      lion: {card: Silvercoat Lion, owner: bob, tapped: true}
    timeline:
      - {attack: bears, target: bob}
      - {begin_turn: 2, active: bob}
      - {begin_turn: 3, active: alice}
    """, TAPPED, full_demand=full_demand)
    assert atoms == ['(0,"lion")', '(1,"bears")', '(1,"lion")', '(2,"bears")']


@pytest.mark.parametrize("full_demand", [False, True])
def test_a_permanent_tapped_as_it_entered_in_the_opponents_turn_untaps_in_its_controllers(full_demand):
    # The bears enter the battlefield under alice's control during bob's turn 2 and are tapped
    # there (a tap right after the move: the scenario format has no "enters tapped"); they stay
    # tapped until alice's turn 3 begins (502.3).
    atoms = shown1("""
    players: [alice, bob]
    turn: {number: 2, active: bob}
    objects:
      bears: {card: Grizzly Bears, owner: alice, zone: hand}
    timeline:
      - {move: bears, to: battlefield}
      - {tap: bears}
      - {begin: end}
      - {begin_turn: 3, active: alice}
    """, TAPPED, full_demand=full_demand)
    assert atoms == ['(2,"bears")', '(3,"bears")']


@pytest.mark.parametrize("full_demand", [False, True])
def test_the_controller_as_the_turn_begins_untaps_it(full_demand):
    # Alice's bears attack and are tapped; bob gains control of them in his turn 2. They are his
    # as alice's turn 3 begins (not untapped: 502.3 untaps what the active player controls) and
    # untap as his turn 4 begins.
    atoms = shown1("""
    players: [alice, bob]
    turn: {number: 1, active: alice, step: declare_attackers}
    objects:
      bears: {card: Grizzly Bears, owner: alice}
    timeline:
      - {attack: bears, target: bob}
      - {begin_turn: 2, active: bob}
      - {gain_control: bears, player: bob}
      - {begin_turn: 3, active: alice}
      - {begin_turn: 4, active: bob}
    """, TAPPED, full_demand=full_demand)
    assert atoms == ['(1,"bears")', '(2,"bears")', '(3,"bears")', '(4,"bears")']


@pytest.mark.parametrize("full_demand", [False, True])
def test_a_tapped_permanent_gained_untaps_in_its_new_controllers_next_turn(full_demand):
    # Bob's lion is tapped from the start; alice gains control of it after her untap step. Bob's
    # turn 3 doesn't untap it (it is alice's); alice's turn 4 does (502.3).
    atoms = shown1("""
    players: [alice, bob]
    turn: {number: 1, active: bob}
    objects:
      lion: {card: Silvercoat Lion, owner: bob, tapped: true}
    timeline:
      - {begin_turn: 2, active: alice}
      - {gain_control: lion, player: alice}
      - {begin_turn: 3, active: bob}
      - {begin_turn: 4, active: alice}
    """, TAPPED, full_demand=full_demand)
    assert atoms == ['(0,"lion")', '(1,"lion")', '(2,"lion")', '(3,"lion")']


def test_paying_tap_is_undone_by_the_untap_step():
    # 602.2b, 601.2h: paying {T} taps Llanowar Elves (its mana ability resolves at once, 605.3b);
    # 502.3 untaps it as alice's next turn begins.
    atoms = shown1("""
    players: [alice, bob]
    turn: {number: 3, active: alice}
    objects:
      elves: {card: Llanowar Elves, controlled_since: 1}
    timeline:
      - {activate: elves, ability: "{T}: Add {G}."}
      - {begin_turn: 4, active: bob}
      - {begin_turn: 5, active: alice}
    """, TAPPED)
    assert atoms == ['(1,"elves")', '(2,"elves")']


def test_a_turn_touches_only_what_may_have_been_tapped_or_given_since_its_players_last():
    # Relevance is declared from the timeline (CONTRIBUTING, Time): an entry that may tap a
    # permanent, or give it to another player, touches it at the next turn of each player, and no
    # later turn (at that player's untap step it was untapped if that player controlled it, and
    # what arrives since is a new, untapped object, 400.7). The lion (tapped from the start) and
    # the bears (attacking at entry 1) at turns 2 and 3; the knight, never tapped, at bob's turn 4
    # and alice's turn 5 after bob gains control of it (entry 6); nothing at turns 6 and 7.
    atoms = shown1("""
    players: [alice, bob]
    turn: {number: 1, active: alice, step: declare_attackers}
    objects:
      bears: {card: Grizzly Bears, owner: alice}
      knight: {card: White Knight, owner: alice}
      lion: {card: Silvercoat Lion, owner: bob, tapped: true}
    timeline:
      - {attack: bears, target: bob}
      - {begin_turn: 2, active: bob}
      - {untap: bears}
      - {begin_turn: 3, active: alice}
      - {begin: end}
      - {gain_control: knight, player: bob}
      - {begin_turn: 4, active: bob}
      - {begin_turn: 5, active: alice}
      - {begin_turn: 6, active: bob}
      - {begin_turn: 7, active: alice}
    """, '#show. #show untap_candidate/2.')
    assert atoms == ['untap_candidate(2,"bears")', 'untap_candidate(2,"lion")',
                     'untap_candidate(4,"bears")', 'untap_candidate(4,"lion")',
                     'untap_candidate(7,"knight")', 'untap_candidate(8,"knight")']


def test_a_tap_nothing_declared_is_reported():
    # A rule that taps a permanent without declaring may_be_tapped_at (planted here: a transform
    # that taps) would leave it tapped through its controller's untap step; it is reported.
    atoms = shown1("""
    players: [alice, bob]
    objects:
      delver: {card: "Delver of Secrets // Insectile Aberration"}
    timeline:
      - {transform: delver}
    """, 'sets(O, tapped, true, E) :- happens(T, transform(O)), point_of(T, E).\n'
         '#show. #show invalid/2.')
    assert atoms == ['invalid(undeclared_tap("delver"),1)']


def test_a_control_change_nothing_declared_is_reported():
    # The same for control: a rule that gives a permanent to another player without declaring
    # may_change_control_at (planted: a transform that does) could leave it tapped through its new
    # controller's untap step; it is reported.
    atoms = shown1("""
    players: [alice, bob]
    objects:
      delver: {card: "Delver of Secrets // Insectile Aberration"}
    timeline:
      - {transform: delver}
    """, 'sets(O, controller, "bob", E) :- happens(T, transform(O)), point_of(T, E).\n'
         '#show. #show invalid/2.')
    assert atoms == ['invalid(undeclared_control_change("delver"),1)']


# --- Turn numbers ---------------------------------------------------------------------------------

def _with_turn_numbers(numbers: list[int]) -> list[str]:
    """The invalid atoms of a timeline whose begin_turn events have these numbers, the scenario
    starting in turn 3: the loader refuses any that doesn't count up by one, so they are set on
    a loaded scenario (as a state the loader didn't see), and the rules alone judge them."""
    scn = scenario("players: [alice, bob]\nturn: {number: 3, active: alice}\ntimeline:\n"
                   + "".join(f"  - {{begin_turn: {4 + i}, active: bob}}\n" for i in range(len(numbers))))
    for event, n in zip(scn.timeline, numbers):
        event.args["begin_turn"] = n
    result = solve(scenario_facts(scn), programs_for(None), extra_program="#show. #show invalid/2.")
    (model,) = result.models
    return sorted(str(s) for s in model)


def test_turn_numbers_that_count_up_by_one_are_valid():
    assert _with_turn_numbers([4, 5, 6]) == []


def test_a_turn_number_that_goes_backwards_is_invalid():
    assert _with_turn_numbers([4, 5, 2]) == ['invalid(turn_number_goes_backwards(5,2),3)']
    assert _with_turn_numbers([3]) == ['invalid(turn_number_goes_backwards(3,3),1)']


def test_a_skipped_turn_is_invalid():
    assert _with_turn_numbers([4, 6]) == ['invalid(turn_skipped(4,6),2)']


# --- The order of steps (500.1, 506.1, 505.1a; 500.8, 510.4, 514.3a) ------------------------------

def _steps(start: str, steps: list[str], objects: str = "", before: str = "") -> list[str]:
    """The invalid atoms of a timeline of `begin` events (after the events `before`), the turn
    at step `start`."""
    timeline = before + "".join(f"  - {{begin: {s}}}\n" for s in steps)
    return shown1(f"players: [alice, bob]\nturn: {{number: 3, active: alice, step: {start}}}\n{objects}"
                  f"timeline:\n{timeline}", "#show. #show invalid/2.")


@pytest.mark.parametrize("start, steps, expected", [
    # The verify finding: a step that begins after itself (506.1: the combat steps proceed in order).
    ("declare_attackers", ["declare_blockers", "declare_blockers"],
     ['invalid(step_out_of_order(declare_blockers,declare_blockers,"506.1"),2)']),
    # A step of the combat phase after a later one of the same combat (a new combat phase begins
    # with its beginning of combat step).
    ("precombat_main", ["declare_blockers", "end_of_combat", "declare_attackers"],
     ['invalid(step_out_of_order(declare_attackers,end_of_combat,"506.1"),3)']),
    # 505.1a: only the first main phase is a precombat main phase.
    ("precombat_main", ["end_of_combat", "precombat_main"],
     ['invalid(step_out_of_order(precombat_main,end_of_combat,"505.1a"),2)']),
    ("precombat_main", ["precombat_main"], ['invalid(step_out_of_order(precombat_main,precombat_main,"505.1a"),1)']),
    # 500.1: the phases in order; an additional beginning phase or upkeep step isn't modelled.
    ("end", ["upkeep"], ['invalid(step_out_of_order(upkeep,end,"500.1"),1)']),
    ("upkeep", ["draw", "upkeep"], ['invalid(step_out_of_order(upkeep,draw,"501.1"),2)']),
    ("cleanup", ["end"], ['invalid(step_out_of_order(end,cleanup,"512.1"),1)']),
    ("postcombat_main", ["end", "postcombat_main"], ['invalid(step_out_of_order(postcombat_main,end,"500.1"),2)']),
])
def test_a_step_out_of_order_is_invalid(start, steps, expected):
    assert _steps(start, steps) == expected


@pytest.mark.parametrize("start, steps", [
    # Steps left out (a timeline names only the steps it needs), a timeline that starts mid-turn.
    ("untap", ["draw", "declare_attackers", "end"]),
    ("end_of_combat", ["cleanup"]),
    # 500.8, 505.1a: additional combat phases, each followed by an additional (postcombat) main
    # phase, begun from a combat step or from a main phase.
    ("precombat_main", ["beginning_of_combat", "declare_attackers", "end_of_combat", "beginning_of_combat",
                        "declare_attackers", "end_of_combat", "postcombat_main", "beginning_of_combat",
                        "end_of_combat", "postcombat_main", "postcombat_main", "end"]),
    ("postcombat_main", ["declare_attackers", "end_of_combat", "postcombat_main"]),
    ("beginning_of_combat", ["beginning_of_combat"]),
    # 514.3a: another cleanup step begins.
    ("end", ["cleanup", "cleanup"]),
])
def test_steps_the_rules_allow_are_valid(start, steps):
    assert _steps(start, steps) == []


def test_a_turn_that_begins_starts_the_order_again():
    before = "  - {begin: cleanup}\n  - {begin_turn: 4, active: bob}\n"
    assert _steps("end", ["upkeep", "draw", "precombat_main"], before=before) == []
    assert _steps("end", ["draw", "upkeep"], before=before) == ['invalid(step_out_of_order(upkeep,draw,"501.1"),4)']


WHITE_KNIGHT = "objects:\n  knight: {card: White Knight}\n  bears: {card: Grizzly Bears}\n"


@pytest.mark.parametrize("attacker, expected", [
    # 510.4: a second combat damage step when an attacking creature has first strike.
    ("knight", []),
    # Without one, combat.lp refuses the second step (the step's order is 510.4's, not 506.1's).
    ("bears", ['invalid(no_further_combat_damage_step,3)']),
])
def test_a_second_combat_damage_step(attacker, expected):
    before = f"  - {{attack: {attacker}, target: bob}}\n"
    assert _steps("declare_attackers", ["combat_damage", "combat_damage"], WHITE_KNIGHT, before) == expected
    # A third is never one.
    assert _steps("declare_attackers", ["combat_damage"] * 3, WHITE_KNIGHT, before) == sorted(
        expected + ['invalid(no_further_combat_damage_step,4)'])
