"""logic/equip.lp: equip abilities from the face's keywords (702.6a, 702.6c, 702.6e), their
legal targets, resolving them (608.2b, 400.7), what an instruction to attach does (701.3b,
301.5, 301.5c) and the state-based actions 704.5n and 704.5p."""

from harness import PERFORMED, ask, shown1


def test_equip_abilities_come_from_the_keywords():
    atoms = shown1("""
    objects:
      blade: {card: Blackblade Reforged}
      luxior: {card: "Luxior, Giada's Gift"}
      champ: {card: "World Champion, Celestial Weapon", face: back}
    """, '#show equip_ability/5.')
    assert atoms == [
        'equip_ability("Blackblade Reforged",front,"Equip legendary creature {3}","legendary creature","{3}")',
        'equip_ability("Blackblade Reforged",front,"Equip {7}","","{7}")',
        'equip_ability("Luxior, Giada\'s Gift",front,"Equip planeswalker {1}","planeswalker","{1}")',
        'equip_ability("Luxior, Giada\'s Gift",front,"Equip {3}","","{3}")',
        'equip_ability("Sidequest: Play Blitzball // World Champion, Celestial Weapon",back,"Equip {3}","","{3}")']


def test_targets_exclude_shroud_and_a_creature_equipment_cannot_equip():
    text = """
    objects:
      champ: {card: "World Champion, Celestial Weapon", face: back}
      greaves: {card: Lightning Greaves, attached_to: goblin}
      goblin: {card: Raging Goblin}
      bears: {card: Grizzly Bears}
    """
    got = ask(text, "equip_targets champ 'Equip {3}'").single
    # 702.18a: the Goblin has shroud from Lightning Greaves.
    assert (got.value, got.rules) == (["bears"], ["702.6a", "702.18a"])
    assert got.because == ["goblin has shroud"]


def test_equip_resolves_only_if_its_target_is_still_legal():
    text = """
    objects:
      champ: {card: "World Champion, Celestial Weapon", face: back}
      bears: {card: Grizzly Bears}
      lion: {card: Silvercoat Lion}
    timeline:
      - {activate: champ, ability: "Equip {3}", target: bears, id: e1}
      - {gain_control: bears, player: bob}
      - {resolve: e1}
      - {activate: champ, ability: "Equip {3}", target: lion, id: e2}
      - {resolve: e2}
    """
    # 608.2b: bob controls the Bears when e1 resolves: not "a creature you control"; e2 attaches.
    atoms = shown1(text, 'question_reads((3;5), "champ"). #show equip_fizzles/3. #show attaches/3. '
                         '#show a(X, T) : attached_to("champ", X, P), end_of(T, P), T = (3;5).')
    assert atoms == ['a("lion",5)', 'attaches("champ","lion",5)', 'equip_fizzles("e1",3,"608.2b")']


def test_an_activation_against_the_rules_is_reported():
    atoms = shown1("""
    turn: {number: 3, active: alice, step: declare_attackers}
    objects:
      champ: {card: "World Champion, Celestial Weapon", face: back}
      bears: {card: Grizzly Bears, owner: bob}
    timeline:
      - {activate: champ, ability: "Equip {3}", target: bears, id: e1}
    """, '#show invalid/2.')
    # Not in a main phase (602.5d, 307.1, 702.6a), and bob's creature isn't a legal target.
    assert atoms == ['invalid(illegal_activation("e1","307.1"),1)', 'invalid(illegal_activation("e1","602.5d"),1)',
                     'invalid(illegal_activation("e1","702.6a"),1)', 'invalid(illegal_target("e1","bears"),1)']


def test_what_an_attach_instruction_does():
    atoms = shown1("""
    objects:
      champ: {card: "World Champion, Celestial Weapon", face: back}
      pool: {card: Breeding Pool}
      bears: {card: Grizzly Bears}
      lion: {card: Silvercoat Lion}
    timeline:
      - {attach: champ, to: pool}
      - {attach: champ, to: bears}
      - {attach: champ, to: bears}
      - {attach: lion, to: bears}
    """, '#show cannot_attach/4. #show attaches/3. #show ts(T) : sets("champ", timestamp, (E, 0), E), point_of(T, E).')
    # 301.5: not to a land; 701.3b: again to the Bears does nothing (no new timestamp, 613.7e
    # only on becoming attached); a creature that is no Equipment doesn't move.
    assert atoms == ['attaches("champ","bears",2)', 'cannot_attach("champ","bears",3,"701.3b")',
                     'cannot_attach("champ","pool",1,"301.5")', 'cannot_attach("lion","bears",4,"701.3b")',
                     'ts(2)']


def test_unattached_when_what_it_equips_leaves_or_stops_being_a_creature():
    atoms = shown1("""
    objects:
      champ: {card: "World Champion, Celestial Weapon", face: back, attached_to: nissa}
      greaves: {card: Lightning Greaves, attached_to: bears}
      nissa: {card: "Nissa, Vastwood Seer"}
      bears: {card: Grizzly Bears}
    timeline:
      - {transform: nissa}
      - {move: bears, to: exile}
      - {move: bears, to: battlefield}
    """, PERFORMED)
    # 704.5n: Nissa, Sage Animist is a planeswalker, not a creature; the Bears left (and came
    # back as a new object, 400.7). Transformed in place, Nissa didn't enter: no loyalty counters
    # (306.5b), and she goes too (704.5i), in the same round (704.3).
    assert atoms == ['performed(sba("champ",unattach,"704.5n"),1,1)',
                     'performed(sba("greaves",unattach,"704.5n"),2,1)',
                     'performed(sba("nissa",graveyard,"704.5i"),1,1)']


def test_an_equipment_that_becomes_a_creature_is_unattached_and_cannot_equip():
    # No card here makes an Equipment a creature (March of the Machines is not scripted): layer 4
    # and 7c effects are given directly (a 3/3 artifact creature: toughness 0 would be 704.5f),
    # and, as every source of effects must, they say what they may affect (may_be_affected,
    # characteristics.lp).
    atoms = shown1("""
    objects:
      champ: {card: "World Champion, Celestial Weapon", face: back, attached_to: bears}
      bears: {card: Grizzly Bears}
      lion: {card: Silvercoat Lion}
    timeline:
      - {attach: champ, to: lion}
    """, 'may_be_affected("champ"). '
         'continuous_effect(test, none, "champ", type(add, creature), (0, 0), P) :- rel("champ", P). '
         'continuous_effect(test2, none, "champ", pt(3, 3), (0, 0), P) :- rel("champ", P). '
         + PERFORMED + '#show cannot_attach/4.')
    # 704.5p: a creature attached to something becomes unattached; 301.5c: it can't equip.
    assert atoms == ['cannot_attach("champ","lion",1,"301.5c")',
                     'performed(sba("champ",unattach,"704.5p"),0,1)']


def test_equip_planeswalker_attaches_as_though_it_were_a_creature():
    atoms = shown1("""
    objects:
      luxior: {card: "Luxior, Giada's Gift"}
      nissa: {card: "Nissa, Vastwood Seer", face: back, counters: {loyalty: 2}}
    timeline:
      - {activate: luxior, ability: "Equip planeswalker {1}", target: nissa, id: e}
      - {resolve: e}
    """, 'question_reads(2, "nissa"). #show attaches/3. ' + PERFORMED +
         '#show t(Ty) : card_type("nissa", Ty, P), end_of(2, P). #show pt(X, Y) : power("nissa", X, P), toughness("nissa", Y, P), end_of(2, P).')
    # 702.6e; then Luxior makes her a creature (613.1d) with +1/+1 per counter: 2/2, legal.
    assert atoms == ['attaches("luxior","nissa",2)', 'pt(2,2)', 't(creature)']
