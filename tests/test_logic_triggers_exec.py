"""Triggered abilities that trigger on their event and do what they say as they resolve:
Ajani's Pridemate (119.9: once per life gain event; a +1/+1 counter on its source, 122.1),
Boros Reckoner (120.1: dealt damage; that much damage to any target, 115.4, 608.2b, 608.2h,
through the damage rules and their replacement effects, 120.4b), and Peter Parker's Spider
token (111.1–111.4: created with the characteristics its ability defines, under its
controller's control, 111.2, 603.3a). Answers are exact, with the rules they cite."""

from harness import (EVERY_END, MAIN_PHASE, ask, ask_all, invalid_in_main_phase, pt_after_each_entry,  # noqa: F401
                     shown, shown1)


TURN = MAIN_PHASE
pt = pt_after_each_entry
invalid = invalid_in_main_phase


def zones(text: str, obj: str, **kw) -> list[str]:
    program = EVERY_END + f'#show. #show (T, Z) : zone("{obj}", Z, P), end_of(T, P).'
    return shown1(TURN + text, program, **kw)


# --- Ajani's Pridemate ------------------------------------------------------------------------

PRIDEMATE = """
objects:
  mate: {card: "Ajani's Pridemate"}
  hawk: {card: Vampire Nighthawk}
  bears: {card: Grizzly Bears, owner: bob}
timeline:
  - {damage: 2, source: hawk, target: bears}
  - {trigger: mate, ability: "gain life: +1/+1 counter", id: g1}
  - {resolve: g1}
"""


def test_pridemate_triggers_on_lifelink_and_gets_a_counter():
    # The Nighthawk's lifelink damage makes alice gain 2 life (702.15b): a life gain event, and
    # "whenever you gain life" triggers (119.9). Resolving, it puts a +1/+1 counter on the
    # Pridemate: 2/2 -> 3/3 (122.1a).
    answer = ask(TURN + PRIDEMATE, "triggers 1").single
    assert answer.value == [["mate", "gain life: +1/+1 counter"]]
    assert answer.rules == ["119.9", "603.2"]
    for full_demand in (False, True):
        assert pt(PRIDEMATE, "mate", full_demand=full_demand) == ['(0,2,2)', '(1,2,2)', '(2,2,2)', '(3,3,3)']
    assert invalid(PRIDEMATE) == []
    # Damage without lifelink is no life gain: nothing triggers.
    plain = PRIDEMATE.replace("source: hawk", "source: mate")
    assert ask(TURN + plain, "triggers 1").single.value == []


TWO_LIFELINKERS = """
objects:
  mate: {card: "Ajani's Pridemate"}
  hawk: {card: Vampire Nighthawk}
  hawk2: {card: Vampire Nighthawk}
timeline:
  - {begin: beginning_of_combat}
  - {begin: declare_attackers}
  - {declare_attackers: {hawk: bob, hawk2: bob}}
  - {begin: declare_blockers}
  - {begin: combat_damage}
  - {trigger: mate, ability: "gain life: +1/+1 counter", id: g1}
  - {trigger: mate, ability: "gain life: +1/+1 counter", id: g2}
  - {resolve: g2}
  - {resolve: g1}
"""


def test_pridemate_triggers_once_per_life_gain_event():
    # Two lifelink sources deal combat damage at once: each causes alice to gain life, two life
    # gain events (119.9: "whenever a source causes [a player] to gain life"), so the ability
    # triggers twice (603.2c). Two counters: 4/4.
    answer = ask(TURN + TWO_LIFELINKERS, "triggers 5").single
    assert answer.value == [["mate", "gain life: +1/+1 counter"]]
    assert answer.rules == ["119.9", "603.2", "603.2c"]
    assert 'mate\'s ability "gain life: +1/+1 counter" triggers 2 times: once per event (603.2c)' in answer.because
    assert pt(TWO_LIFELINKERS, "mate")[-4:] == ['(6,2,2)', '(7,2,2)', '(8,3,3)', '(9,4,4)']
    assert ask(TURN + TWO_LIFELINKERS, "life alice").single.value == 24


def test_no_life_gain_no_trigger():
    # 614.17: with Platinum Emperion alice's life total can't change: lifelink gains her no life,
    # so no life gain event occurs, and nothing triggers (119.9, 603.2g).
    locked = PRIDEMATE.replace("  bears:", "  emperion: {card: Platinum Emperion}\n  bears:")
    assert ask(TURN + locked, "triggers 1").single.value == []
    # 701.10d: a doubled life total that goes up is a life gain (from 20 to 40); from 0 nothing
    # is gained (119.9: gaining 0 life is no life gain event).
    doubled = """
objects:
  mate: {card: "Ajani's Pridemate"}
timeline:
  - {double_life: alice}
"""
    assert ask(TURN + doubled, "triggers 1").single.value == [["mate", "gain life: +1/+1 counter"]]
    zero = "life: {alice: 0}\n" + doubled
    assert ask(TURN + zero, "triggers 1").single.value == []
    # The opponent's life gain isn't "you gain life".
    theirs = PRIDEMATE.replace("hawk: {card: Vampire Nighthawk}", "hawk: {card: Vampire Nighthawk, owner: bob}")
    theirs = theirs.replace("bears: {card: Grizzly Bears, owner: bob}", "bears: {card: Grizzly Bears}")
    assert ask(TURN + theirs, "triggers 1").single.value == []


def test_pridemate_that_left_the_battlefield_gets_no_counter():
    # 400.7: back on the battlefield it is a new object, which the ability doesn't know.
    gone = PRIDEMATE.replace("  - {resolve: g1}", "  - {move: mate, to: hand}\n  - {move: mate, to: battlefield}\n"
                                                   "  - {resolve: g1}")
    assert pt(gone, "mate")[-1] == '(5,2,2)'
    # Back before it triggered, it is the object the ability knows: it gets the counter.
    before = PRIDEMATE.replace("  - {damage: 2", "  - {move: mate, to: hand}\n  - {move: mate, to: battlefield}\n  - {damage: 2")
    assert pt(before, "mate")[-1] == '(5,3,3)'


def test_counter_replacements_modify_an_ability_s_counter():
    # 122.6, 614.1a: the Pridemate's +1/+1 counter is counters put on a creature alice controls:
    # Hardened Scales makes it 2 (3/3 -> 4/4), nothing refused.
    scales = PRIDEMATE.replace("  bears:", "  scales: {card: Hardened Scales}\n  bears:")
    for full_demand in (False, True):
        assert pt(scales, "mate", full_demand=full_demand)[-1] == '(3,4,4)'
    assert invalid(scales) == []
    out = ask(TURN + scales, "event_outcomes 3").single
    assert out.value == {"counters": [{"object": "mate", "kind": "+1/+1", "put": 2}], "tokens": [], "life": [], "zone": []}
    assert out.rules == ["122.6", "614.1a", "614.5"]
    # Doubling Season alone: twice that many, 2.
    season = PRIDEMATE.replace("  bears:", "  season: {card: Doubling Season}\n  bears:")
    assert pt(season, "mate")[-1] == '(3,4,4)'


def pt_all(text: str, full_demand: bool) -> list[str]:
    """The Pridemate's power and toughness after entry 3 in every answer set."""
    program = EVERY_END + '#show. #show (T, Pw, Tn) : power("mate", Pw, P), toughness("mate", Tn, P), end_of(T, P), T = 3.'
    return [a for model in shown(TURN + text, program, full_demand=full_demand) for a in model]


def test_hardened_scales_and_doubling_season_on_an_ability_s_counter_in_both_orders():
    # 616.1: the Pridemate's controller, alice, orders them. Scales first: (1 + 1) x 2 = 4;
    # Doubling Season first: 1 x 2 + 1 = 3.
    both = PRIDEMATE.replace("  bears:", "  scales: {card: Hardened Scales}\n  season: {card: Doubling Season}\n  bears:")
    answer = ask(TURN + both, "event_outcomes 3")
    got = sorted((o.value["counters"][0]["put"], o.choices) for o in answer.outcomes)
    on = ", on the counters put on mate at entry 3"
    assert got == [
        (3, ["alice: order: the doubling of season before the one more +1/+1 counter of scales" + on]),
        (4, ["alice: order: the one more +1/+1 counter of scales before the doubling of season" + on])]
    assert answer.outcomes[0].rules == ["122.6", "614.1a", "614.5", "616.1", "616.1e", "616.1f"]
    assert invalid(both) == []
    # The state after it: either number is possible, nothing else.
    for full_demand in (False, True):
        assert sorted(set(pt_all(both, full_demand))) == ['(3,5,5)', '(3,6,6)']
CAMOUFLAGE = """
objects:
  miles: {card: Miles Morales // Ultimate Spider-Man, face: back}
  shock: {card: Shock, zone: hand, owner: bob}
timeline:
  - {activate: miles, ability: camouflage, id: camo}
  - {resolve: camo}
  - {begin: end}
  - {begin: cleanup}
"""


def test_camouflage_a_counter_hexproof_and_colorless_until_end_of_turn():
    # Ultimate Spider-Man's Camouflage: a +1/+1 counter on it (counters(self, ...), 122.1) and one
    # effect on it alone (611.2c) until end of turn (514.2): hexproof (613.1f) and no color
    # (613.1e, 105.3, 105.2c). The counter stays after the cleanup step; the rest ends there.
    for full_demand in (False, True):
        assert pt(CAMOUFLAGE, "miles", full_demand=full_demand) == [
            '(0,4,3)', '(1,4,3)', '(2,5,4)', '(3,5,4)', '(4,5,4)']
    program = EVERY_END + ('#show. #show (T, K) : has_keyword("miles", K, P), end_of(T, P), K = hexproof. '
                           '#show (T, C) : color("miles", C, P), end_of(T, P). #show reads_details("miles").')
    for full_demand in (False, True):
        assert shown1(TURN + CAMOUFLAGE, program, full_demand=full_demand) == [
            '(0,g)', '(0,r)', '(0,w)', '(1,g)', '(1,r)', '(1,w)', '(2,hexproof)', '(3,hexproof)',
            '(4,g)', '(4,r)', '(4,w)', 'reads_details("miles")']
    answers = ask_all(TURN + CAMOUFLAGE, ["characteristics miles at=2", "can_target shock miles at=2",
                                          "can_target shock miles at=4", "counters miles at=4"])
    chars = answers[0].single
    assert (chars.value["colors"], chars.value["keywords"], chars.value["power"]) == ([], ["first_strike", "haste", "hexproof"], 5)
    assert chars.rules == ["105.2c", "105.3", "202.3", "613.1e", "613.1f", "613.4c", "712.8f"]
    # 702.11b: bob's Shock can't target it while it has hexproof; after the cleanup step it can.
    assert (answers[1].single.value, answers[1].single.rules) == (False, ["702.11b"])
    assert (answers[2].single.value, answers[2].single.rules) == (True, ["115.4", "601.2c"])
    assert answers[3].single.value == {"counters": {"+1/+1": 1}}
    # Nothing of the ability is left unexecuted now: no note about Camouflage.
    assert [w for a in answers for w in a.warnings if "Camouflage" in w] == []
    assert invalid(CAMOUFLAGE) == []


def test_camouflage_colorless_stays_when_a_later_effect_removes_hexproof():
    # One effect with two parts: a later "loses hexproof until end of turn" applies after it in
    # layer 6 (613.7: timestamp order), but doesn't end its layer 5 part: still colorless.
    text = CAMOUFLAGE.replace("  - {begin: end}", "  - {lose: miles, ability: hexproof}")
    answer = ask(TURN + text, "characteristics miles at=3").single
    assert (answer.value["colors"], answer.value["keywords"]) == ([], ["first_strike", "haste"])
    assert answer.rules == ["105.2c", "105.3", "202.3", "613.1e", "613.1f", "613.4c", "712.8f"]


# --- Miles Morales's enters trigger ---------------------------------------------------------------

MILES = """
objects:
  miles: {card: Miles Morales // Ultimate Spider-Man, zone: hand}
  bears: {card: Grizzly Bears}
  scout: {card: Gladecover Scout, owner: bob}
  elves: {card: Llanowar Elves, owner: bob}
timeline:
  - {cast: miles}
  - {resolve: miles}
  - {trigger: miles, ability: "enters: counters", id: m1}
  - {resolve: m1, targets: [bears, elves]}
"""


def test_miles_puts_a_counter_on_each_of_up_to_two_targets():
    # "When Miles Morales enters, put a +1/+1 counter on each of up to two target creatures."
    # It triggers as it enters (603.6a); its two targets each get a +1/+1 counter (122.1, 122.6).
    answers = ask_all(TURN + MILES, ["triggers 2", "event_outcomes 4", "counters bears at=4"])
    assert (answers[0].single.value, answers[0].single.rules) == ([["miles", "enters: counters"]], ["603.2", "603.6a"])
    out = answers[1].single
    assert out.value["counters"] == [{"object": "bears", "kind": "+1/+1", "put": 1},
                                     {"object": "elves", "kind": "+1/+1", "put": 1}]
    assert out.rules == ["122.6"]
    assert answers[2].single.value == {"counters": {"+1/+1": 1}}
    assert [w for a in answers for w in a.warnings if "Miles Morales enters" in w] == []
    for full_demand in (False, True):
        assert pt(MILES, "elves", full_demand=full_demand) == ['(0,1,1)', '(1,1,1)', '(2,1,1)', '(3,1,1)', '(4,2,2)']
    assert invalid(MILES) == []
    # Up to two: none is a choice too (601.2c): nothing is put, nothing is wrong.
    none = MILES.replace("  - {resolve: m1, targets: [bears, elves]}", "  - {resolve: m1}")
    assert shown1(TURN + none, "#show. #show counter_change/4.") == []
    assert invalid(none) == []


def test_miles_targets_checked_as_it_resolves_and_counted():
    # 608.2b: bob's Gladecover Scout has hexproof (702.11b): an illegal target of alice's trigger,
    # reported and unaffected; the bears still get theirs. Three targets for "up to two" (601.2c),
    # or one creature twice for one word "target" (115.3), couldn't have been chosen: reported,
    # and with three nothing is put.
    hexproof = MILES.replace("targets: [bears, elves]", "targets: [bears, scout]")
    assert shown1(TURN + hexproof, "#show. #show counter_change/4.") == ['counter_change("bears","+1/+1",1,4)']
    assert invalid(hexproof) == ['invalid(illegal_target("m1","scout"),4)']
    three = MILES.replace("targets: [bears, elves]", "targets: [bears, elves, miles]")
    assert shown1(TURN + three, "#show. #show counter_change/4.") == []
    assert invalid(three) == ['invalid(too_many_targets("m1",2,"601.2c"),4)']
    twice = MILES.replace("targets: [bears, elves]", "targets: [elves, elves]")
    assert shown1(TURN + twice, "#show. #show counter_change/4.") == ['counter_change("elves","+1/+1",1,4)']
    assert invalid(twice) == ['invalid(same_target_twice("m1","elves","115.3"),4)']
    # A target that left the battlefield and came back is a new object (400.7, 608.2b): illegal.
    gone = MILES.replace("  - {resolve: m1,", "  - {move: bears, to: hand}\n  - {move: bears, to: battlefield}\n  - {resolve: m1,")
    assert shown1(TURN + gone, "#show. #show counter_change/4.") == ['counter_change("elves","+1/+1",1,6)']
    assert invalid(gone) == ['invalid(illegal_target("m1","bears"),6)']


def test_miles_counters_go_through_counter_replacement_effects():
    # 122.6, 614.1a: Hardened Scales adds one to the counters put on alice's bears, not on bob's
    # elves; with Doubling Season too, alice orders them for the bears (616.1): 3 or 4.
    scales = MILES.replace("  bears:", "  scales: {card: Hardened Scales}\n  bears:")
    out = ask(TURN + scales, "event_outcomes 4").single
    assert out.value["counters"] == [{"object": "bears", "kind": "+1/+1", "put": 2},
                                     {"object": "elves", "kind": "+1/+1", "put": 1}]
    assert out.rules == ["122.6", "614.1a", "614.5"]
    both = scales.replace("  bears:", "  season: {card: Doubling Season}\n  bears:")
    got = sorted(o.value["counters"][0]["put"] for o in ask(TURN + both, "event_outcomes 4").outcomes)
    assert got == [3, 4]
    assert invalid(both) == []


# --- Boros Reckoner ---------------------------------------------------------------------------

RECKONER = """
objects:
  reck: {card: Boros Reckoner}
  bears: {card: Grizzly Bears, owner: bob}
timeline:
  - {damage: 2, source: bears, target: reck}
  - {trigger: reck, ability: "dealt damage: that much to any target", id: r1}
  - {resolve: r1, targets: [bob]}
"""


def test_reckoner_deals_that_much_damage_to_a_player():
    # Dealt 2 damage (120.1), it triggers; resolving, Boros Reckoner deals 2 damage to bob
    # (120.3a): 18.
    answer = ask(TURN + RECKONER, "triggers 1").single
    assert (answer.value, answer.rules) == ([["reck", "dealt damage: that much to any target"]], ["120.1", "603.2"])
    life = ask(TURN + RECKONER, "life bob").single
    assert (life.value, life.rules) == (18, ["119.1", "119.2", "120.3a"])
    assert shown1(TURN + RECKONER, "#show. #show dealt/4.") == [
        'dealt("bears","reck",2,1)', 'dealt("reck",player("bob"),2,3)']
    assert invalid(RECKONER) == []


def test_reckoner_blocking_triggers_on_combat_damage():
    # Blocking bob's bears, it is dealt 2 combat damage (510.2): the trigger's amount is 2.
    combat = """
turn: {number: 3, active: bob, step: precombat_main}
objects:
  reck: {card: Boros Reckoner}
  bears: {card: Grizzly Bears, owner: bob, controlled_since: 0}
timeline:
  - {begin: beginning_of_combat}
  - {begin: declare_attackers}
  - {declare_attackers: {bears: alice}}
  - {begin: declare_blockers}
  - {declare_blockers: {reck: bears}}
  - {begin: combat_damage}
  - {trigger: reck, ability: "dealt damage: that much to any target", id: r1}
  - {resolve: r1, targets: [bob]}
"""
    text = 'rules: "2026-09-25"\n' + combat
    assert ask(text, "triggers 6").single.value == [["reck", "dealt damage: that much to any target"]]
    assert shown1(text, "#show. #show dealt/4.") == [
        'dealt("bears","reck",2,6)', 'dealt("reck","bears",3,6)', 'dealt("reck",player("bob"),2,8)']
    assert ask(text, "life bob").single.value == 18


def test_reckoner_dealt_lethal_damage_still_triggers():
    # 603.10: the trigger is checked just after the damage, when it is still on the battlefield;
    # it then dies (704.5g), and as the ability resolves it deals 3 damage as it last existed
    # (608.2h): the bears die too.
    lethal = RECKONER.replace("damage: 2", "damage: 3").replace("targets: [bob]", "targets: [bears]")
    assert ask(TURN + lethal, "triggers 1").single.value == [["reck", "dealt damage: that much to any target"]]
    for full_demand in (False, True):
        assert zones(lethal, "reck", full_demand=full_demand) == [
            '(0,battlefield)', '(1,graveyard)', '(2,graveyard)', '(3,graveyard)']
        assert zones(lethal, "bears", full_demand=full_demand) == [
            '(0,battlefield)', '(1,battlefield)', '(2,battlefield)', '(3,graveyard)']


def test_reckoner_damage_goes_through_replacement_effects():
    # Furnace of Rath doubles both damage events (701.10g): 2 to the Reckoner becomes 4, so
    # "that much" is 4, and the 4 it deals to bob becomes 8: 12.
    furnace = RECKONER.replace("  bears:", "  furnace: {card: Furnace of Rath}\n  bears:")
    assert shown1(TURN + furnace, "#show. #show dealt/4.") == [
        'dealt("bears","reck",4,1)', 'dealt("reck",player("bob"),8,3)']
    assert ask(TURN + furnace, "life bob").single.value == 12


def test_reckoner_damage_prevented_triggers_nothing():
    # Mending Hands prevents the next 4 damage to the Reckoner (615.7): none is dealt, no event
    # (603.2g), and a trigger entry for it is reported.
    hands = """
objects:
  reck: {card: Boros Reckoner}
  bears: {card: Grizzly Bears, owner: bob}
  hands: {card: Mending Hands, zone: hand}
timeline:
  - {cast: hands}
  - {resolve: hands, targets: [reck]}
  - {damage: 2, source: bears, target: reck}
  - {trigger: reck, ability: "dealt damage: that much to any target", id: r1}
  - {resolve: r1, targets: [bob]}
"""
    assert ask(TURN + hands, "triggers 3").single.value == []
    assert invalid(hands) == ['invalid(not_triggered("r1","603.2g"),4)']
    assert ask(TURN + hands, "life bob").single.value == 20


def test_reckoner_target_checked_as_it_resolves():
    # 608.2b: the bears left the battlefield: an illegal target, no damage dealt to them.
    moved = RECKONER.replace("  - {resolve: r1, targets: [bob]}",
                             "  - {move: bears, to: hand}\n  - {resolve: r1, targets: [bears]}")
    assert invalid(moved) == ['invalid(illegal_target("r1","bears"),4)']
    assert shown1(TURN + moved, "#show. #show dealt/4.") == ['dealt("bears","reck",2,1)']
    # No target given: reported.
    untargeted = RECKONER.replace("  - {resolve: r1, targets: [bob]}", "  - {resolve: r1}")
    assert invalid(untargeted) == ['invalid(no_target_chosen("r1"),3)']


def test_reckoner_with_lifelink_triggers_pridemate():
    # The Reckoner gains lifelink; its trigger's damage makes alice gain 2 life (702.15b), a life
    # gain event: the Pridemate triggers (119.9) and gets its counter.
    both = """
objects:
  reck: {card: Boros Reckoner}
  mate: {card: "Ajani's Pridemate"}
  bears: {card: Grizzly Bears, owner: bob}
timeline:
  - {gain: reck, ability: lifelink, until: end_of_turn}
  - {damage: 2, source: bears, target: reck}
  - {trigger: reck, ability: "dealt damage: that much to any target", id: r1}
  - {resolve: r1, targets: [bob]}
  - {trigger: mate, ability: "gain life: +1/+1 counter", id: g1}
  - {resolve: g1}
"""
    assert ask(TURN + both, "triggers 4").single.value == [["mate", "gain life: +1/+1 counter"]]
    assert ask(TURN + both, "life alice").single.value == 22
    assert pt(both, "mate")[-1] == '(6,3,3)'


def test_reckoner_gains_first_strike_until_end_of_turn():
    # "{R/W}: This creature gains first strike until end of turn." (613.1f; 514.2: the turn ends).
    text = """
objects:
  reck: {card: Boros Reckoner}
timeline:
  - {activate: reck, ability: first strike, id: fs}
  - {resolve: fs}
  - {begin_turn: 4, active: bob}
"""
    program = EVERY_END + '#show. #show (T, K) : has_keyword("reck", K, P), end_of(T, P).'
    for full_demand in (False, True):
        assert shown1(TURN + text, program, full_demand=full_demand) == ['(2,first_strike)']
    answer = ask(TURN + text, "characteristics reck at=2")
    assert (answer.single.value["keywords"], answer.single.rules) == (["first_strike"], ["202.3", "613.1f"])
    assert answer.warnings == [] and answer.invalid == []
    # 400.7: a Reckoner that left the battlefield and came back is a new object: it doesn't gain it.
    moved = text.replace("  - {resolve: fs}", "  - {move: reck, to: hand}\n  - {move: reck, to: battlefield}\n  - {resolve: fs}")
    assert shown1(TURN + moved, program) == []


# --- Peter Parker's Spider token ----------------------------------------------------------------

PETER = """
objects:
  peter: {card: Peter Parker // Amazing Spider-Man, zone: hand}
  spider: {zone: none}
timeline:
  - {cast: peter}
  - {resolve: peter}
  - {trigger: peter, ability: "enters: spider", id: web}
  - {resolve: web, creates: [spider]}
"""


def test_tokens_created_at_once_have_timestamps_in_the_order_their_controller_gives():
    # 613.7m: tokens one ability creates enter simultaneously, under one player's control
    # (111.2): that player orders their timestamps, as `creates:` lists them. (No scripted card
    # makes two tokens at once: the test gives Peter Parker's ability a second Spider.)
    two = PETER.replace("  spider: {zone: none}\n", "  spider: {zone: none}\n  spider2: {zone: none}\n") \
               .replace("creates: [spider]", "creates: [spider2, spider]")
    program = ('ability_effect("Peter Parker // Amazing Spider-Man", front, "enters: spider", '
               'create_tokens(2, "2/1 green Spider creature token with reach")). '
               'tracks(O, timestamp) :- object(O). '
               '#show. #show ts(O, E / k, N) : val(O, timestamp, (E, N), P), end_of(4, P), O != "peter". #show invalid/2.')
    assert shown1(TURN + two, program) == ['ts("spider",4,1)', 'ts("spider2",4,0)']


def test_peter_parker_creates_a_green_spider_with_reach():
    # 603.6a: it triggers as Peter Parker enters; resolving, it creates the token (111.1) under
    # alice's control (111.2), with what the ability defines (111.3): a 2/1 green Spider creature
    # with reach, named "Spider Token" (111.4).
    assert ask(TURN + PETER, "triggers 2").single.value == [["peter", "enters: spider"]]
    answer = ask(TURN + PETER, "characteristics spider")
    assert answer.single.value == {
        "zone": "battlefield", "face": "front", "name": "Spider Token", "supertypes": [], "types": ["creature"],
        "subtypes": ["Spider"], "colors": ["green"], "mana_value": 0, "power": 2, "toughness": 1,
        "keywords": ["reach"], "token": True}
    assert answer.single.rules == ["111.4", "202.3", "202.3a"]
    assert answer.invalid == []
    # The script executes the token: no note says it is ignored.
    assert not [w for w in answer.warnings if "create_tokens" in w]
    for full_demand in (False, True):
        assert shown1(TURN + PETER, EVERY_END + '#show. #show (T, Z, C) : zone("spider", Z, P), controller("spider", C, P), '
                                                'end_of(T, P).', full_demand=full_demand) == ['(4,battlefield,"alice")']


def test_the_spider_token_blocks_and_is_targeted_like_any_creature():
    # On bob's turn, his Serra Angel (flying) attacks alice: the Spider may block it (reach,
    # 702.9b); bob's Shock may target it (115.4).
    text = """
objects:
  peter: {card: Peter Parker // Amazing Spider-Man, zone: hand}
  spider: {zone: none}
  angel: {card: Serra Angel, owner: bob, controlled_since: 0}
  bears: {card: Grizzly Bears}
  shock: {card: Shock, owner: bob, zone: hand}
timeline:
  - {cast: peter}
  - {resolve: peter}
  - {trigger: peter, ability: "enters: spider", id: web}
  - {resolve: web, creates: [spider]}
  - {begin_turn: 4, active: bob}
  - {begin: beginning_of_combat}
  - {begin: declare_attackers}
  - {declare_attackers: {angel: alice}}
"""
    spider = ask(TURN + text, "can_block spider angel").single
    assert (spider.value, spider.rules) == (True, ["509.1a"])
    bears = ask(TURN + text, "can_block bears angel").single
    assert (bears.value, bears.rules) == (False, ["702.9b"])
    target = ask(TURN + text, "can_target shock spider").single
    assert (target.value, target.rules) == (True, ["115.4", "601.2c"])


def test_token_scenario_mistakes_are_reported():
    # The token isn't named at creates: (the ability makes one).
    unnamed = PETER.replace("  - {resolve: web, creates: [spider]}", "  - {resolve: web}") \
                   .replace("  spider: {zone: none}\n", "")
    assert invalid(unnamed) == ['invalid(token_not_named("web","2/1 green Spider creature token with reach",0),4)']
    # 111.3: the token has only the characteristics the ability defines: one declared with a
    # card of its own contradicts it.
    carded = PETER.replace("spider: {zone: none}", "spider: {card: Grizzly Bears, zone: none}")
    assert invalid(carded) == ['invalid(wrong_token("spider","2/1 green Spider creature token with reach","111.3"),4)']


# --- Dress Down ----------------------------------------------------------------------------------

DRESS_DOWN = """
objects:
  dress: {card: Dress Down}
  hawk: {card: Vampire Nighthawk}
timeline:
  - {begin_turn: 4, active: bob}
  - {begin: end}
  - {trigger: dress, ability: "end step: sacrifice", id: s}
  - {resolve: s}
"""


def test_dress_down_is_sacrificed_at_the_beginning_of_any_end_step():
    # "At the beginning of the end step": every end step, bob's too (603.2b, 513.1). As the
    # ability resolves, its controller moves Dress Down to its owner's graveyard (701.21a); the
    # Nighthawk then has its abilities again (613.1f's effect ended with its source).
    triggered = ask(TURN + DRESS_DOWN, "triggers 2").single
    assert triggered.value == [["dress", "end step: sacrifice"]]
    assert triggered.rules == ["603.2", "603.2b"]
    assert zones(DRESS_DOWN, "dress") == ['(0,battlefield)', '(1,battlefield)', '(2,battlefield)', '(3,battlefield)',
                                          '(4,graveyard)']
    assert ask(TURN + DRESS_DOWN, "characteristics hawk at=3").single.value["keywords"] == []
    assert ask(TURN + DRESS_DOWN, "characteristics hawk").single.value["keywords"] == ["deathtouch", "flying", "lifelink"]


def test_a_dress_down_its_controller_no_longer_controls_is_not_sacrificed():
    # 701.21a: a player can't sacrifice a permanent they don't control. Bob gains control of
    # Dress Down after the trigger; Alice's ability does nothing.
    stolen = DRESS_DOWN.replace("  - {resolve: s}\n", "  - {gain_control: dress, player: bob}\n  - {resolve: s}\n")
    assert zones(stolen, "dress")[-1] == '(5,battlefield)'
