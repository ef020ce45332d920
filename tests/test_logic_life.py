"""logic/life.lp and the life question: life totals (119.1, 119.2, 120.3a), and life gained from
lifelink (119.3, 702.15b; logic/damage.lp)."""

from harness import EVERY_END, ask, shown1

BOARD = """
turn: {number: 2, active: alice}
life: {bob: 18}
objects:
  goblin: {card: Raging Goblin}
  menace: {card: Corpsejack Menace, owner: bob}
timeline:
  - {damage: 3, source: goblin, target: bob}
  - {damage: 1, source: goblin, target: bob}
  - {damage: 2, source: menace, target: alice}
"""


def test_life_after_each_entry():
    # 119.1: bob starts at the scenario's 18, alice at 20; 120.3a: damage dealt to a player is
    # life lost.
    atoms = shown1(BOARD, EVERY_END + 'life_read(Pl, P) :- player(Pl), end_of(T, P). #show. #show (Pl, T, L) : end_of(T, P), life(Pl, L, P).')
    assert atoms == ['("alice",0,20)', '("alice",1,20)', '("alice",2,20)', '("alice",3,18)',
                     '("bob",0,18)', '("bob",1,15)', '("bob",2,14)', '("bob",3,14)']


def test_the_life_question_says_where_the_damage_came_from():
    got = ask(BOARD, "life bob").single
    assert (got.value, got.rules) == (14, ["119.1", "119.2", "120.3a"])
    assert got.because == ["bob started with 18 life", "goblin dealt 1 damage at entry 2",
                           "goblin dealt 3 damage at entry 1"]
    got = ask(BOARD, "life alice at=2").single
    assert (got.value, got.rules, got.because) == (20, ["119.1"], ["alice started with 20 life"])


# --- Lifelink (702.15b): Vampire Nighthawk, in both combat damage steps and from a damage event ---
# No relevance of its own: the rule reads the source where the damage event reads it.

NIGHTHAWK = """
turn: {number: 3, active: alice, step: declare_attackers}
objects:
  hawk: {card: Vampire Nighthawk}
  champ: {card: "World Champion, Celestial Weapon", face: back, attached_to: hawk}
  bears: {card: Grizzly Bears, owner: bob}
timeline:
  - {attack: hawk, target: bob}
  - {begin: combat_damage}
  - {begin: combat_damage}
  - {begin: end_of_combat}
  - {damage: 3, source: hawk, target: bears}
"""


def _life(text, question):
    from harness import scenario
    from rulecheck.ask import answer
    from rulecheck.question_text import parse_ask
    scn = scenario(text)
    q = parse_ask(question, scn)
    sparse, full = answer(scn, q), answer(scn, q, constants={"full_demand": 1})
    assert (sparse.single.value, sparse.single.rules, sparse.single.because, sparse.invalid) == \
           (full.single.value, full.single.rules, full.single.because, full.invalid), question
    return sparse.single


def test_lifelink_in_both_combat_damage_steps():
    # World Champion gives the Nighthawk +2/+0 and double strike: 4 damage to bob in each
    # combat damage step (702.4b), and alice gains 4 each time (702.15b).
    first = _life(NIGHTHAWK, "life alice at=2")
    assert (first.value, first.rules) == (24, ["119.1", "119.3", "702.15b"])
    assert first.because == ["alice started with 20 life",
                             "hawk, with lifelink, dealt 4 damage at entry 2: its controller gains that much life"]
    second = _life(NIGHTHAWK, "life alice at=3")
    assert second.value == 28
    bob = _life(NIGHTHAWK, "life bob at=3")
    assert (bob.value, bob.rules) == (12, ["119.1", "119.2", "120.3a"])


def test_lifelink_from_a_noncombat_damage_event():
    # 702.15b counts damage to a creature as well: 3 more life for alice (the Bears die, 704.5g).
    got = _life(NIGHTHAWK, "life alice")
    assert got.value == 31
    assert "hawk, with lifelink, dealt 3 damage at entry 5: its controller gains that much life" in got.because
    assert ask(NIGHTHAWK, "characteristics bears").single.value["zone"] == "graveyard"


# Vampire Nighthawk (2/3, lifelink) attacks bob alone: one plain combat damage step
# (tests/test_time_model.py reads it too).
NIGHTHAWK_ATTACKS = """
    turn: {number: 3, active: alice, step: declare_attackers}
    objects:
      hawk: {card: Vampire Nighthawk}
    timeline:
      - {attack: hawk, target: bob}
      - {begin: combat_damage}
    """


def test_lifelink_of_a_plain_combat_damage_step():
    # The case that was silently wrong before the time model of docs/adr/0004: a rule reading the
    # source of combat damage at a point where the source wasn't computed.
    assert _life(NIGHTHAWK_ATTACKS, "life alice").value == 22
    assert _life(NIGHTHAWK_ATTACKS, "life bob").value == 18


def test_without_a_controller_its_owner_gains_the_life():
    # 702.15b: a source with no controller (a card in a graveyard) gives the life to its owner.
    text = """
    turn: {number: 3, active: alice}
    objects:
      hawk: {card: Vampire Nighthawk, owner: bob, zone: graveyard}
    timeline:
      - {damage: 2, source: hawk, target: alice}
    """
    assert _life(text, "life bob").value == 22
    assert _life(text, "life alice").value == 18


# --- 704.5a, 104.3b: a player with 0 or less life loses the game (the loses question) --------

AT_THE_EDGE = """
life: {alice: 3, bob: 3}
objects:
  goblin: {card: Raging Goblin}
  menace: {card: Corpsejack Menace, owner: bob}
timeline:
  - {damage: 2, source: goblin, target: bob}
  - {damage: 1, source: goblin, target: bob}
  - {damage: 5, source: goblin, target: bob}
"""

NOT_MODELLED = ("rulecheck checks life totals, poison counters and draws from a library the scenario states (704.5b) "
                "here: conceding (104.3a) and effects that say a player loses (104.3e) are not modelled")


def test_a_player_at_one_life_has_not_lost_and_at_zero_has():
    got = ask(AT_THE_EDGE, "loses bob at=1").single
    assert (got.value, got.rules, got.because) == (False, ["704.5a"], ["bob has 1 life", NOT_MODELLED])
    # 704.5a at 0 life, after entry 2; the later damage (at -5) doesn't make it later.
    got = ask(AT_THE_EDGE, "loses bob").single
    assert (got.value, got.rules, got.because) == (
        True, ["104.3b", "704.5a"], ["bob had 0 life as state-based actions were checked after entry 2"])
    got = ask(AT_THE_EDGE, "loses alice").single
    assert (got.value, got.rules, got.because) == (
        False, ["704.5a"], ["alice has 3 life", "bob lost the game after entry 2", NOT_MODELLED])


def test_nobody_loses_after_the_game_is_over():
    # 104.2a: bob is at 0 after entry 1, so alice has won and the game is over; her own 0 life
    # after entry 2 comes after it and doesn't make her lose.
    text = """
    life: {alice: 2, bob: 2}
    objects:
      goblin: {card: Raging Goblin}
    timeline:
      - {damage: 2, source: goblin, target: bob}
      - {damage: 2, source: goblin, target: alice}
    """
    got = ask(text, "loses alice").single
    assert (got.value, got.rules) == (False, ["104.2a", "704.5a"])
    assert got.because == [
        "alice has 0 life", "bob lost the game after entry 1",
        "the game was over after entry 1: every opponent had lost, so this player had won (104.2a); their 0 life "
        "after entry 2 came after the game ended", NOT_MODELLED]
    got = ask(text, "loses bob").single
    assert (got.value, got.rules) == (True, ["104.3b", "704.5a"])
    # Before the game was over, alice's loss would count: at=1 she hasn't been dealt damage yet.
    got = ask(text, "loses alice at=1").single
    assert (got.value, got.because[0]) == (False, "alice has 2 life")


def test_with_three_players_the_game_goes_on_after_the_first_loss():
    # 104.2a: bob's loss leaves alice and carol in the game; carol then loses too, and alice wins.
    text = """
    players: [alice, bob, carol]
    life: {alice: 2, bob: 2, carol: 2}
    objects:
      goblin: {card: Raging Goblin}
    timeline:
      - {damage: 2, source: goblin, target: bob}
      - {damage: 2, source: goblin, target: carol}
      - {damage: 2, source: goblin, target: alice}
    """
    assert ask(text, "loses carol").single.value is True
    got = ask(text, "loses alice").single
    assert (got.value, got.rules) == (False, ["104.2a", "704.5a"])
    assert got.because[:4] == [
        "alice has 0 life", "bob lost the game after entry 1", "carol lost the game after entry 2",
        "the game was over after entry 2: every opponent had lost, so this player had won (104.2a); their 0 life "
        "after entry 3 came after the game ended"]


def test_all_players_at_zero_at_once_is_a_draw():
    # 104.4a: both players start at 0 (the scenario's state, checked after entry 0).
    text = """
    life: {alice: 0, bob: -2}
    objects:
      goblin: {card: Raging Goblin}
    """
    got = ask(text, "loses alice").single
    assert (got.value, got.rules) == (True, ["104.3b", "104.4a", "704.5a"])
    assert got.because == ["alice had 0 life as state-based actions were checked after entry 0",
                           "every player remaining lost after entry 0: the game is a draw",
                           "bob lost the game after entry 0"]


def test_lifelink_gained_in_the_same_damage_keeps_a_player_in_the_game():
    # 702.15b: the life is gained as the damage is dealt, before state-based actions are checked
    # (704.3): alice, at 1, is dealt 2 damage by her own Vampire Nighthawk: 1 - 2 + 2 = 1.
    text = """
    life: {alice: 1}
    objects:
      hawk: {card: Vampire Nighthawk}
    timeline:
      - {damage: 2, source: hawk, target: alice}
    """
    got = ask(text, "loses alice").single
    assert (got.value, got.because) == (False, ["alice has 1 life", NOT_MODELLED])


# --- 701.10d: doubling a life total (seed 000-19) ---------------------------------------------
# The player gains or loses the life that makes the new total twice the current one (119.3).

DOUBLINGS = """
life: {bob: 3}
objects:
  goblin: {card: Raging Goblin}
timeline:
  - {double_life: alice}
  - {damage: 5, source: goblin, target: bob}
  - {double_life: bob}
  - {double_life: bob}
  - {damage: 1, source: goblin, target: bob}
  - {double_life: alice}
"""


def test_totals_after_each_doubling():
    # alice 20 -> 40 -> 80; bob 3, dealt 5 (-2), doubled twice (-4, -8), dealt 1 (-9): each
    # doubling starts from the total just before it, damage after it adds up from there.
    atoms = shown1(DOUBLINGS, EVERY_END + 'life_read(Pl, P) :- player(Pl), end_of(T, P). #show. #show (Pl, T, L) : end_of(T, P), life(Pl, L, P).')
    assert atoms == ['("alice",0,20)', '("alice",1,40)', '("alice",2,40)', '("alice",3,40)', '("alice",4,40)',
                     '("alice",5,40)', '("alice",6,80)', '("bob",0,3)', '("bob",1,3)', '("bob",2,-2)', '("bob",3,-4)',
                     '("bob",4,-8)', '("bob",5,-9)', '("bob",6,-9)']


def test_doubling_a_positive_total_gains_that_much_life():
    got = _life(DOUBLINGS, "life alice")
    assert (got.value, got.rules) == (80, ["119.1", "119.3", "701.10d"])
    assert got.because == ["alice started with 20 life",
                           "alice's life total, 20, was doubled at entry 1: alice gained 20 life, to 40",
                           "alice's life total, 40, was doubled at entry 6: alice gained 40 life, to 80"]


def test_doubling_a_negative_total_loses_life():
    # 701.10d: twice -2 is -4: bob loses 2 life, then 4.
    got = _life(DOUBLINGS, "life bob")
    assert (got.value, got.rules) == (-9, ["119.1", "119.2", "119.3", "120.3a", "701.10d"])
    assert got.because == ["bob started with 3 life", "goblin dealt 1 damage at entry 5",
                           "goblin dealt 5 damage at entry 2",
                           "bob's life total, -2, was doubled at entry 3: bob lost 2 life, to -4",
                           "bob's life total, -4, was doubled at entry 4: bob lost 4 life, to -8"]
    assert _life(DOUBLINGS, "life bob at=3").value == -4


def test_doubling_zero_life_changes_nothing():
    # Twice 0 is 0: no life gained or lost (119.3 doesn't apply; 119.9: 0 life is no gain).
    text = """
    life: {bob: 0}
    objects:
      goblin: {card: Raging Goblin}
    timeline:
      - {double_life: bob}
    """
    got = _life(text, "life bob")
    assert (got.value, got.rules, got.because) == (
        0, ["119.1", "701.10d"], ["bob started with 0 life", "bob's life total, 0, was doubled at entry 1: bob gained and lost no life"])


# --- Phyrexian Unlife: "You don't lose the game for having 0 or less life." (101.1 over 704.5a) ---

UNLIFE = """
life: {alice: 2, bob: 3}
objects:
  unlife: {card: Phyrexian Unlife}
  goblin: {card: Raging Goblin, owner: bob}
  raider: {card: Raging Goblin}
timeline:
  - {damage: 3, source: goblin, target: alice}
  - {damage: 2, source: raider, target: bob}
  - {double_life: alice}
  - {gain_control: unlife, player: bob}
"""


def test_phyrexian_unlife_keeps_its_controller_in_the_game():
    # alice, at -1 after entry 1 and -2 after her doubling, controls the Unlife: no loss (101.1).
    got = ask(UNLIFE, "loses alice at=3")
    assert (got.single.value, got.single.rules) == (False, ["101.1", "704.5a"])
    assert got.single.because == [
        "alice has -2 life",
        "alice had -1 life as state-based actions were checked after entry 1, but controls unlife: they don't lose "
        "the game for having 0 or less life (the card takes precedence over 704.5a)",
        "alice had -2 life as state-based actions were checked after entry 3, but controls unlife: they don't lose "
        "the game for having 0 or less life (the card takes precedence over 704.5a)", NOT_MODELLED]
    # Both its abilities are scripted: no note (its second, damage as though from a source with
    # infect, is tested below).
    assert got.warnings == []
    # bob, at 1, has not lost, and the Unlife he gains at entry 4 changes nothing for him.
    bob = ask(UNLIFE, "loses bob").single
    assert (bob.value, bob.rules) == (False, ["704.5a"])


def test_without_phyrexian_unlife_its_former_controller_loses_at_the_next_check():
    # Entry 4 gives the Unlife to bob: alice, at -2, loses as state-based actions are checked
    # after it (704.5a), not before.
    got = ask(UNLIFE, "loses alice").single
    assert (got.value, got.rules, got.because) == (
        True, ["104.3b", "704.5a"], ["alice had -2 life as state-based actions were checked after entry 4"])


# --- Phyrexian Unlife: "As long as you have 0 or less life, all damage is dealt to you as though
# its source had infect." (702.90b, 120.3b; logic/damage.lp) and 704.5c ---
# alice, at 1, controls the Unlife. Entry 1: 1 damage at 1 life, life lost (to 0). Entry 2: at 0
# ("0 or less"), 2 damage as though the Goblin had infect: 2 poison counters. Entry 3: the Elf has
# infect of its own: 1 more. Entry 4 gives the Unlife to bob: entry 5's 2 damage, at 0 life, is life
# lost again (the permanent is read as the damage is dealt); alice, at 0, lost after entry 4.

UNLIFE_INFECT = """
life: {alice: 1}
objects:
  unlife: {card: Phyrexian Unlife}
  goblin: {card: Raging Goblin, owner: bob}
  elf: {card: Glistener Elf, owner: bob}
timeline:
  - {damage: 1, source: goblin, target: alice}
  - {damage: 2, source: goblin, target: alice}
  - {damage: 1, source: elf, target: alice}
  - {gain_control: unlife, player: bob}
  - {damage: 2, source: goblin, target: alice}
"""


def test_phyrexian_unlife_deals_damage_at_0_or_less_life_as_though_from_infect():
    got = ask(UNLIFE_INFECT, "poison alice")
    assert (got.single.value, got.single.rules) == (3, ["120.3b", "122.1f", "702.90b"])
    assert got.single.because == [
        "elf, with infect, dealt 1 damage at entry 3: that many poison counters",
        "goblin dealt 2 damage at entry 2 as though it had infect (the player had 0 life and controls unlife): "
        "that many poison counters"]
    assert got.warnings == []
    life = ask(UNLIFE_INFECT, "life alice at=4").single
    assert (life.value, life.rules) == (0, ["119.1", "119.2", "120.3a", "702.90b"])
    assert life.because == [
        "alice started with 1 life", "goblin dealt 1 damage at entry 1",
        "goblin dealt 2 damage at entry 2 as though it had infect: the player had 0 life and controls unlife, so no "
        "life was lost, and that many poison counters were given instead (702.90b)"]
    # Without the Unlife (entry 4), the damage at 0 life is life lost again.
    assert ask(UNLIFE_INFECT, "life alice").single.value == -2
    outcome = ask(UNLIFE_INFECT, "damage_outcomes 2").single
    assert (outcome.value, outcome.rules) == (
        {"dealt": [{"source": "goblin", "to": "alice", "amount": 2}], "life": {"alice": 0}, "poison": {"alice": 2}, "counters": [],
         "dies": [], "shield": []}, ["120.3b", "120.4b", "122.1f", "702.90b"])


def test_poison_counters_and_life_both_checked_for_loses():
    # 704.5c: a "no" for a poisoned player rests on it too; alice, at 0 life, loses at the first
    # check after the Unlife leaves her control (704.5a), after entry 4, not after entry 5's damage.
    got = ask(UNLIFE_INFECT, "loses alice at=3").single
    assert (got.value, got.rules) == (False, ["101.1", "704.5a", "704.5c"])
    assert "alice has 3 poison counters" in got.because
    got = ask(UNLIFE_INFECT, "loses alice").single
    assert (got.value, got.rules, got.because) == (
        True, ["104.3b", "704.5a"], ["alice had 0 life as state-based actions were checked after entry 4"])


def test_ten_poison_counters_lose_the_game_in_spite_of_phyrexian_unlife():
    # 704.5c, 104.3d: the Unlife keeps its controller in the game only for their life total.
    text = UNLIFE_INFECT.replace("{damage: 1, source: elf, target: alice}", "{damage: 8, source: elf, target: alice}")
    got = ask(text, "loses alice at=3").single
    assert (got.value, got.rules, got.because) == (
        True, ["104.3d", "704.5c"], ["alice had 10 poison counters as state-based actions were checked after entry 3"])


def test_phyrexian_unlife_answers_agree_with_every_object_relevant():
    from harness import scenario
    from rulecheck.ask import answer
    from rulecheck.question_text import parse_ask
    for text, question in [(UNLIFE, "loses alice at=3"), (UNLIFE, "loses alice"), (UNLIFE, "loses bob"),
                           (UNLIFE_INFECT, "poison alice"), (UNLIFE_INFECT, "life alice"),
                           (UNLIFE_INFECT, "loses alice at=3")]:
        scn = scenario(text)
        q = parse_ask(question, scn)
        sparse, full = answer(scn, q), answer(scn, q, constants={"full_demand": 1})
        assert (sparse.single.value, sparse.single.rules, sparse.single.because) == \
               (full.single.value, full.single.rules, full.single.because), question


def test_doubling_beyond_rulecheck_s_range_is_refused():
    # bob, at 1,000,000, gains 4,000,000 from lifelink, doubles to 10,000,000 and gains 1,000,000:
    # 11,000,000 is past 10,000,000 (README, Limits): not doubled again, and the answer says so.
    hit = "  - {damage: 1000000, source: hawk, target: alice}\n"
    text = ("life: {bob: 1000000}\nobjects:\n  hawk: {card: Vampire Nighthawk, owner: bob}\ntimeline:\n"
            + hit * 4 + "  - {double_life: bob}\n" + hit + "  - {double_life: bob}\n")
    got = ask(text, "life bob")
    assert got.single.value == 11000000
    assert got.invalid == ["beyond range: bob, life, 11000000 (at timeline entry 7, line 11: double_life)"]
