"""logic/protection.lp: protection from a quality in combat (CR 702.16a, 702.16e, 702.16f, 702.16g,
702.16j)."""

from harness import shown1


def test_a_creature_with_the_quality_cannot_block_it():
    # 702.16f: White Knight (protection from black) can't be blocked by Corpsejack Menace
    # (black and green); Grizzly Bears (green) blocks it.
    atoms = shown1("""
    turn: {number: 4, active: alice, step: declare_attackers}
    objects:
      knight: {card: White Knight}
      menace: {card: Corpsejack Menace, owner: bob}
      bears: {card: Grizzly Bears, owner: bob}
    timeline:
      - {attack: knight, target: bob}
      - {begin: declare_blockers}
      - {block: menace, attacker: knight}
      - {block: bears, attacker: knight}
    """, '#show invalid/2. #show cannot_block(O, A, T, R) : cannot_block(O, A, P, R), declares_blocker(O, A, T), read_point(T, O, P).')
    assert atoms == ['cannot_block("menace","knight",3,"702.16f")',
                     'invalid(illegal_blocker("menace","702.16f"),3)']


def test_damage_from_a_source_with_the_quality_is_prevented():
    # 702.16e: the Menace's 3 damage to White Knight is prevented, and none is marked; the
    # Bears' 1 damage is dealt (and so is the Menace's to the Bears).
    atoms = shown1("""
    turn: {number: 4, active: alice, step: precombat_main}
    objects:
      knight: {card: White Knight}
      menace: {card: Corpsejack Menace, owner: bob}
      bears: {card: Grizzly Bears, owner: bob}
    timeline:
      - {damage: 3, source: menace, target: knight}
      - {damage: 1, source: bears, target: knight}
      - {damage: 1, source: menace, target: bears}
    """, '#show prevented/4. #show dealt/4. question_reads(3, "knight"). question_reads(3, "bears").'
         ' #show marked(O, D) : damage_marked(O, D, P), end_of(3, P).')
    assert atoms == ['dealt("bears","knight",1,2)', 'dealt("menace","bears",1,3)',
                     'marked("bears",1)', 'marked("knight",1)',
                     'prevented("menace","knight",1,"702.16e")']


def test_combat_damage_from_a_blocked_black_attacker_is_prevented():
    # 702.16e with 510.2: the damage is assigned, and prevented as it is dealt.
    atoms = shown1("""
    turn: {number: 4, active: bob, step: declare_attackers}
    objects:
      knight: {card: White Knight}
      menace: {card: Corpsejack Menace, owner: bob}
    timeline:
      - {attack: menace, target: alice}
      - {begin: declare_blockers}
      - {block: knight, attacker: menace}
      - {begin: combat_damage}
      - {begin: combat_damage}
    """, '#show assign/5. #show prevented/4. question_reads(5, "knight"). question_reads(5, "menace").'
         ' #show marked(O, D) : damage_marked(O, D, P), end_of(5, P).')
    assert atoms == ['assign(4,"knight","menace",2,"510.1d")', 'assign(5,"menace","knight",4,"510.1c")',
                     'marked("menace",2)', 'prevented("menace","knight",5,"702.16e")']


def test_protection_from_creature_types_and_from_two_qualities():
    # 702.16a, 702.16g, 205.3m: Baneslayer Angel's "protection from Demons and from Dragons" is
    # protection from each of two creature types: Ormendahl (a Demon, the back face of
    # Westvale Abbey) can't block it (702.16f); Grizzly Bears (a Bear) isn't stopped by
    # protection, only by Baneslayer's flying (702.9b). Damage from the Demon is prevented
    # (702.16e).
    atoms = shown1("""
    turn: {number: 4, active: alice, step: declare_attackers}
    objects:
      angel: {card: Baneslayer Angel}
      demon: {card: Westvale Abbey, face: back, owner: bob}
      bears: {card: Grizzly Bears, owner: bob}
    timeline:
      - {attack: angel, target: bob}
      - {begin: declare_blockers}
      - {block: demon, attacker: angel}
      - {block: bears, attacker: angel}
      - {damage: 5, source: demon, target: angel}
    """, '#show prevented/4. #show cannot_block(O, A, T, R) : cannot_block(O, A, P, R), declares_blocker(O, A, T), read_point(T, O, P).'
         ' #show protected(Q) : protected_from("angel", Q, P), end_of(0, P).')
    assert atoms == ['cannot_block("bears","angel",4,"702.9b")', 'cannot_block("demon","angel",3,"702.16f")',
                     'prevented("demon","angel",5,"702.16e")',
                     'protected(subtype("Demon"))', 'protected(subtype("Dragon"))']


def test_protection_from_a_card_type_multicolored_and_everything():
    # 702.16a: protection from creatures is from creature sources; from multicolored, from
    # sources of two or more colors (105.4); from everything, from every source (702.16j).
    # Corpsejack Menace (black and green) deals 1 damage to each of them; Lightning Bolt's
    # card (red, an instant) as a source is prevented only by everything.
    atoms = shown1("""
    cards:
      - {name: Creature Ward, layout: normal, mana_cost: "{W}", type_line: Creature — Human,
         oracle_text: "Protection from creatures", keywords: [Protection], power: "1", toughness: "1"}
      - {name: Gold Ward, layout: normal, mana_cost: "{W}", type_line: Creature — Human,
         oracle_text: "Protection from multicolored", keywords: [Protection], power: "1", toughness: "1"}
      - {name: All Ward, layout: normal, mana_cost: "{W}", type_line: Creature — Human,
         oracle_text: "Protection from everything", keywords: [Protection], power: "1", toughness: "1"}
    turn: {number: 4, active: alice, step: precombat_main}
    objects:
      cw: {card: Creature Ward}
      gw: {card: Gold Ward}
      aw: {card: All Ward}
      menace: {card: Corpsejack Menace, owner: bob}
      bolt: {card: Lightning Bolt, zone: graveyard, owner: bob}
    timeline:
      - {damage: 1, source: menace, target: cw}
      - {damage: 1, source: menace, target: gw}
      - {damage: 1, source: menace, target: aw}
      - {damage: 1, source: bolt, target: cw}
      - {damage: 1, source: bolt, target: gw}
      - {damage: 1, source: bolt, target: aw}
    """, '#show prevented/4.')
    assert atoms == ['prevented("bolt","aw",6,"702.16e")', 'prevented("menace","aw",3,"702.16e")',
                     'prevented("menace","cw",1,"702.16e")', 'prevented("menace","gw",2,"702.16e")']


def test_a_potential_blocker_of_the_protected_type_is_asked_about():
    # 702.16f, 205.3m: a Demon not yet in combat can't block Baneslayer Angel: can_block reads
    # its subtypes (they were derived only for creatures already in combat: the answer named
    # flying alone).
    from harness import ask
    got = ask("""
    cards:
      - {name: Plain Demon, layout: normal, mana_cost: "{B}", type_line: Creature — Demon,
         oracle_text: "", power: "2", toughness: "2"}
    turn: {number: 4, active: alice, step: declare_attackers}
    objects:
      angel: {card: Baneslayer Angel}
      demon: {card: Plain Demon, owner: bob}
    timeline:
      - {attack: angel, target: bob}
      - {begin: declare_blockers}
    """, "can_block demon angel").single
    assert (got.value, got.rules) == (False, ["702.9b", "702.16f"])
