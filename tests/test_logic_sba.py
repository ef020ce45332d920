"""logic/sba.lp: state-based actions after each event, repeated until none apply (704.3)."""

from harness import NAMED_POINTS, PERFORMED, ask, shown, shown1

SHOW = PERFORMED + "#show invalid/2."


def test_phyrexian_token_with_no_counters_dies_then_ceases_to_exist():
    # 111.10i: the back face is a 0/0 creature; 704.5f puts it into the graveyard, then 704.5d:
    # a token outside the battlefield ceases to exist, in the next round of the same check.
    atoms = shown1("""
    objects:
      inc: {card: Incubator}
    timeline:
      - {transform: inc}
    """, SHOW)
    assert atoms == ['performed(sba("inc",cease_to_exist,"704.5d"),1,2)',
                     'performed(sba("inc",graveyard,"704.5f"),1,1)']


def test_toughness_zero_in_the_initial_state():
    atoms = shown1("""
    objects:
      phyrexian: {card: Incubator, face: back}
      knight: {card: White Knight}
    """, SHOW)
    assert atoms == ['performed(sba("phyrexian",cease_to_exist,"704.5d"),0,2)',
                     'performed(sba("phyrexian",graveyard,"704.5f"),0,1)']


def test_lethal_damage_destroys():
    atoms = shown1("""
    objects:
      knight: {card: White Knight}
      goblin: {card: Raging Goblin}
    timeline:
      - {damage: 2, source: goblin, target: knight}
      - {damage: 1, source: goblin, target: knight}
    """, SHOW)
    # White Knight is 2/2: the first damage event is lethal (704.5g).
    assert atoms == ['performed(sba("knight",graveyard,"704.5g"),1,1)']


def test_indestructible_is_not_destroyed_by_lethal_or_deathtouch_damage():
    # 702.12b: a permanent with indestructible isn't destroyed by lethal damage and ignores 704.5g;
    # nor by damage from a deathtouch source (704.5h destroys: 701.8b). Under Darksteel Mutation
    # the Bears are a 0/1 Insect artifact creature with indestructible (613.1d, 613.1f, 613.4b):
    # 3 damage, lethal, leaves them on the battlefield. The Elves gain indestructible (613.1f) and
    # survive Vampire Nighthawk's deathtouch; the other Elves, without it, are destroyed.
    text = """
    objects:
      bears: {card: Grizzly Bears}
      mutation: {card: Darksteel Mutation, attached_to: bears}
      goblin: {card: Raging Goblin}
      elves: {card: Llanowar Elves}
      elves2: {card: Llanowar Elves}
      hawk: {card: Vampire Nighthawk, owner: bob}
    timeline:
      - {damage: 3, source: goblin, target: bears}
      - {gain: elves, ability: indestructible}
      - {damage: 1, source: hawk, target: elves}
      - {damage: 1, source: hawk, target: elves2}
    """
    assert shown1(text, SHOW + "#show (O, T, R) : not_destroyed(O, P, R), point_of(T, P).") == [
        '("bears",1,"704.5g")', '("elves",3,"704.5g")', '("elves",3,"704.5h")',
        'performed(sba("elves2",graveyard,"704.5g"),4,1)', 'performed(sba("elves2",graveyard,"704.5h"),4,1)']
    got = ask(text, "characteristics bears at=4").single
    assert (got.value["zone"], got.value["types"], got.value["power"], got.value["toughness"], got.value["keywords"]) == (
        "battlefield", ["artifact", "creature"], 0, 1, ["indestructible"])
    got = ask(text, "damage_outcomes 3").single
    assert (got.value["dies"], got.rules) == ([], ["120.3e", "120.3f", "120.4b", "702.12b", "702.15b"])
    assert got.because[-1] == "elves has indestructible: the lethal or deathtouch damage doesn't destroy it (702.12b)"


def test_plus_and_minus_counters_annihilate():
    atoms = shown1("""
    objects:
      knight: {card: White Knight, counters: {"+1/+1": 3}}
    timeline:
      - {counters: knight, add: {"-1/-1": 2}}
    """, SHOW + '\n#show val(O, counter(K), N, after(1)) : val(O, counter(K), N, P), end_of(1, P).')
    assert atoms == ['performed(sba("knight",annihilate_counters(2),"704.5q"),1,1)',
                     'val("knight",counter("+1/+1"),1,after(1))', 'val("knight",counter("-1/-1"),0,after(1))']


LEGENDS = """
objects:
  miles1: {card: Miles Morales // Ultimate Spider-Man}
  miles2: {card: Miles Morales // Ultimate Spider-Man, zone: hand}
  miles3: {card: Miles Morales // Ultimate Spider-Man, owner: bob}
timeline:
  - {move: miles2, to: battlefield}
"""


def test_legend_rule_is_the_controllers_choice():
    # 704.5j: alice controls two Miles Morales: she keeps one, the other goes to the graveyard.
    # bob's Miles is not involved (another controller). Each choice is an answer set.
    # (The choice is made as the check after entry 1 begins, round 0; the action is round 1.)
    models = shown(LEGENDS, PERFORMED + "#show chose(Pl, C, T, R) : chose(Pl, C, P), T = P / k, R = P \\ k.")
    assert models == [
        ['chose("alice",legend_rule_keeps("miles1"),1,0)', 'performed(sba("miles2",graveyard,"704.5j"),1,1)'],
        ['chose("alice",legend_rule_keeps("miles2"),1,0)', 'performed(sba("miles1",graveyard,"704.5j"),1,1)'],
    ]


def test_legend_rule_outcomes_in_an_answer():
    ans = ask(LEGENDS, "characteristics miles1")
    assert [(o.value["zone"], o.choices) for o in ans.outcomes] == [
        ("battlefield", ["alice: legend rule keeps: miles1"]),
        ("graveyard", ["alice: legend rule keeps: miles2"]),
    ]


def test_transforming_into_a_legend_with_the_same_name():
    # Two Delvers are not legendary; two Ultimate Spider-Men are, once both are transformed.
    models = shown("""
    objects:
      a: {card: Miles Morales // Ultimate Spider-Man, face: back}
      b: {card: Peter Parker // Amazing Spider-Man}
    timeline:
      - {transform: b}
    """, PERFORMED)
    assert models == [[]]  # Ultimate Spider-Man and Amazing Spider-Man: different names


# --- 704.5m: Auras (logic/auras.lp) -----------------------------------------------------------

def test_aura_goes_when_its_creature_dies_or_is_exiled():
    # 704.5m, 303.4c: Pacifism's creature is destroyed (704.5g, entry 1's first round): Pacifism
    # is attached to an object that no longer exists and goes in the next round (2). Rancor's
    # creature is exiled: it goes in the first round after the move (entry 2).
    atoms = shown1("""
    objects:
      pac: {card: Pacifism, attached_to: bears}
      bears: {card: Grizzly Bears}
      rancor: {card: Rancor, attached_to: lion}
      lion: {card: Silvercoat Lion}
    timeline:
      - {damage: 2, source: lion, target: bears}
      - {move: lion, to: exile}
    """, SHOW + NAMED_POINTS + '\n#show aura_illegal(A, X, W, R) : aura_illegal(A, X, P, R), named_point(P, W).')
    assert atoms == ['aura_illegal("pac","bears",round(1,1),"303.4c")',
                     'aura_illegal("rancor","lion",event(2),"303.4c")',
                     'performed(sba("bears",graveyard,"704.5g"),1,1)',
                     'performed(sba("pac",graveyard,"704.5m"),1,2)',
                     'performed(sba("rancor",graveyard,"704.5m"),2,1)']


def test_aura_stays_while_its_creature_is_legal():
    # Damage that isn't lethal, tapping, a creature that returns... the Aura stays; an Aura on the
    # battlefield attached to nothing goes (704.5m) as the scenario begins.
    atoms = shown1("""
    objects:
      pac: {card: Pacifism, attached_to: bears}
      bears: {card: Grizzly Bears}
      loose: {card: Rancor}
    timeline:
      - {damage: 1, source: bears, target: bears}
      - {tap: bears}
      - {attach: pac, to: bears}
    """, SHOW + '\nquestion_reads(3, "loose"). question_reads(3, "pac").'
                   '\n#show zone(O, Z) : zone(O, Z, P), end_of(3, P), O != "bears".')
    assert atoms == ['performed(sba("loose",graveyard,"704.5m"),0,1)',
                     'zone("loose",graveyard)', 'zone("pac",battlefield)']


def test_aura_goes_when_its_creature_stops_being_a_creature():
    # Luxior makes Nissa, Sage Animist a creature (613.1d); unattached, she is a planeswalker
    # only, and Pacifism ("Enchant creature") is attached to an illegal object (303.4c, 704.5m).
    # Nissa keeps her loyalty counters and stays.
    atoms = shown1("""
    objects:
      luxior: {card: "Luxior, Giada's Gift", attached_to: nissa}
      nissa: {card: "Nissa, Vastwood Seer", face: back, counters: {loyalty: 2}}
      pac: {card: Pacifism, attached_to: nissa}
    timeline:
      - {tap: nissa}
      - {unattach: luxior}
    """, SHOW + NAMED_POINTS + '\n#show aura_illegal(A, X, W, R) : aura_illegal(A, X, P, R), named_point(P, W).')
    assert atoms == ['aura_illegal("pac","nissa",event(2),"303.4c")', 'performed(sba("pac",graveyard,"704.5m"),2,1)']


def test_aura_goes_when_its_creature_transforms_into_a_noncreature():
    # 701.27: transformed in place, Nissa, Sage Animist is a planeswalker, no creature: Pacifism
    # goes (704.5m), and she has no loyalty counters (she didn't enter, 306.5b), so she goes too
    # (704.5i), in the same round (704.3).
    atoms = shown1("""
    objects:
      nissa: {card: "Nissa, Vastwood Seer"}
      pac: {card: Pacifism, attached_to: nissa}
    timeline:
      - {transform: nissa}
    """, SHOW)
    assert atoms == ['performed(sba("nissa",graveyard,"704.5i"),1,1)',
                     'performed(sba("pac",graveyard,"704.5m"),1,1)']


def test_aura_with_a_quality_the_enchanted_creature_has_protection_from():
    # 702.16c: White Knight has protection from black. No black Aura is in the pool: the test
    # gives Pacifism the quality directly (has_quality, protection.lp).
    atoms = shown1("""
    objects:
      pac: {card: Pacifism, attached_to: knight}
      knight: {card: White Knight}
    """, SHOW + NAMED_POINTS + '\n#show aura_illegal(A, X, W, R) : aura_illegal(A, X, P, R), named_point(P, W).\nhas_quality("pac", color(b), P) :- rel("pac", P).')
    assert atoms == ['aura_illegal("pac","knight",event(0),"702.16c")', 'performed(sba("pac",graveyard,"704.5m"),0,1)']


def test_aura_that_enchants_a_player_or_enters_unattached_is_reported():
    # The scenario can't attach an Aura to a player; 303.4f (what an Aura put onto the
    # battlefield enchants is chosen as it enters) isn't in the timeline: both are said.
    atoms = shown1("""
    objects:
      curse: {card: Curse of Bloodletting}
      pac: {card: Pacifism, zone: hand}
    timeline:
      - {move: pac, to: battlefield}
    """, SHOW)
    assert atoms == ['invalid(aura_enchanting_a_player_not_modelled("curse"),0)',
                     'invalid(aura_entered_without_choosing_what_it_enchants("pac"),1)',
                     'performed(sba("pac",graveyard,"704.5m"),1,1)']


# --- 704.5i: planeswalkers (logic/planeswalkers.lp) ------------------------------------------

def test_planeswalker_with_no_loyalty_left_goes_to_the_graveyard():
    # 306.5b: Nissa, Sage Animist (printed loyalty 3) starts on the battlefield with 3 loyalty
    # counters, given none; bob's with 1. 120.3c: 2 damage removes 2 counters: bob's goes
    # (704.5i), alice's is at 1 and stays; then 1 more: alice's goes.
    atoms = shown1("""
    objects:
      nissa: {card: "Nissa, Vastwood Seer", face: back}
      other: {card: "Nissa, Vastwood Seer", face: back, owner: bob, counters: {loyalty: 1}}
      bears: {card: Grizzly Bears}
    timeline:
      - {damage: 2, source: bears, target: nissa}
      - {damage: 2, source: bears, target: other}
      - {damage: 1, source: bears, target: nissa}
    """, SHOW + '\nquestion_reads(0, "nissa"). question_reads(0, "other"). question_reads(1, "nissa").'
                   '\n#show loyalty(O, N, T) : val(O, counter("loyalty"), N, P), end_of(T, P), question_reads(T, O).')
    assert atoms == ['loyalty("nissa",1,1)', 'loyalty("nissa",3,0)', 'loyalty("other",1,0)',
                     'performed(sba("nissa",graveyard,"704.5i"),3,1)',
                     'performed(sba("other",graveyard,"704.5i"),2,1)']


def test_planeswalker_given_zero_loyalty_goes_at_once_and_one_entering_gets_its_printed_loyalty():
    # 704.5i as the scenario begins; 306.5b: put onto the battlefield transformed, it enters
    # with 3 loyalty counters and stays.
    atoms = shown1("""
    objects:
      zero: {card: "Nissa, Vastwood Seer", face: back, counters: {loyalty: 0}}
      entering: {card: "Nissa, Vastwood Seer", zone: exile, owner: bob}
    timeline:
      - {move: entering, to: battlefield, transformed: true}
    """, SHOW + '\n#show loyalty(N) : val("entering", counter("loyalty"), N, P), end_of(1, P).')
    assert atoms == ['loyalty(3)', 'performed(sba("zero",graveyard,"704.5i"),0,1)']


def test_a_planeswalkers_loyalty_is_its_number_of_loyalty_counters():
    # 306.5c: on the battlefield, the characteristics answer gives the loyalty counters (2 after
    # 1 damage, 120.3c), not the printed 3. In the graveyard (704.5i), Nissa has her front face's
    # characteristics (712.8a): a creature card, no loyalty.
    text = """
    objects:
      nissa: {card: "Nissa, Vastwood Seer", face: back}
      gone: {card: "Nissa, Vastwood Seer", face: back, owner: bob, counters: {loyalty: 0}}
      bears: {card: Grizzly Bears}
    timeline:
      - {damage: 1, source: bears, target: nissa}
    """
    got = ask(text, "characteristics nissa").single
    assert (got.value["loyalty"], got.value["counters"], got.rules) == (2, {"loyalty": 2}, ["202.3", "202.3b", "306.5c", "712.8e"])
    got = ask(text, "characteristics gone").single
    assert (got.value["zone"], got.value.get("loyalty"), got.value["types"]) == ("graveyard", None, ["creature"])


def test_an_aura_spell_enters_attached_to_its_target_and_goes_when_it_dies():
    # 608.3c: Pacifism resolves attached to the Bears (no 704.5m, no report); the Bears are then
    # destroyed (704.5g) and Pacifism follows (704.5m) in the next round.
    atoms = shown1("""
    objects:
      pac: {card: Pacifism, zone: hand}
      bears: {card: Grizzly Bears}
      goblin: {card: Raging Goblin}
    timeline:
      - {cast: pac}
      - {resolve: pac, targets: [bears]}
      - {damage: 2, source: goblin, target: bears}
    """, SHOW + '\n#show attached(X) : val("pac", attached_to, X, P), end_of(2, P).')
    assert atoms == ['attached("bears")', 'performed(sba("bears",graveyard,"704.5g"),3,1)',
                     'performed(sba("pac",graveyard,"704.5m"),3,2)']
