"""logic/triggers.lp: trigger conditions matched against what happened (603.2, 603.6a,
603.4, 701.27b, 701.27e, 712.16)."""

from harness import ask, shown1


def test_triggered_on_each_entry():
    atoms = shown1("""
    turn: {number: 3, active: alice, step: precombat_main}
    objects:
      hunt: {card: Huntmaster of the Fells, zone: hand}
      delver: {card: Delver of Secrets}
      foe: {card: Delver of Secrets, owner: bob}
    timeline:
      - {move: hunt, to: battlefield}
      - {transform: hunt}
      - {begin_turn: 4, active: alice}
      - {begin: upkeep}
    """, 'check_triggers(1..4). #show triggered/4.')
    # bob's Delver doesn't trigger at the beginning of alice's upkeep ("your upkeep").
    assert atoms == ['triggered("delver","upkeep: reveal",4,"603.2b")',
                     'triggered("hunt","enters or transforms: wolf",1,"603.6a")',
                     'triggered("hunt","transforms: damage",2,"701.27e")']


def test_intervening_if_needs_six_combat_damage_this_turn():
    base = """
    turn: {number: 3, active: alice, step: declare_attackers}
    objects:
      quest: {card: "Sidequest: Play Blitzball"}
      knight: {card: White Knight, counters: {"+1/+1": DMG}}
    timeline:
      - {attack: knight, target: bob}
      - {begin: combat_damage}
      - {begin: combat_damage}
      - {begin: end_of_combat}
    """
    # White Knight, 2/2 with first strike, deals its combat damage in the first combat damage
    # step (combat.lp): with 4 +1/+1 counters, 6; with 3, 5.
    six = ask(base.replace("DMG", "4"), "triggers 4").single
    five = ask(base.replace("DMG", "3"), "triggers 4").single
    assert (six.value, six.rules) == ([["quest", "end of combat: transform"]], ["603.2", "603.2b"])
    assert (five.value, five.rules) == ([], ["603.2", "603.4"])
    assert 'quest\'s ability "end of combat: transform" doesn\'t trigger: a player was dealt 6 or more combat damage this turn is false (603.4)' in five.because


def test_a_hypothetical_face_down_trigger_does_not_fire_on_a_transform():
    atoms = shown1("""
    objects:
      delver: {card: Delver of Secrets}
    timeline:
      - {transform: delver}
    """, 'check_triggers(1). cond_asked("delver", turned_face_down(self), 1). cond_asked("delver", transforms(self), 1).'
         ' #show cond_met/4. #show cond_not_met/4.')
    assert atoms == ['cond_met("delver",transforms(self),1,"701.27a")',
                     'cond_not_met("delver",turned_face_down(self),1,"701.27b")']
