"""Damage cards of the pool beyond the doublers (logic/replacement.lp, logic/damage.lp): Worship's
floor on the life total (614.1a), and the life total the damage outcomes give after a doubling of
a life total (701.10d)."""

from pathlib import Path

from harness import PERFORMED, ask, shown1

ALICE_BOB = """
turn: {number: 4, active: bob, step: precombat_main}
LIFE
objects:
OBJECTS
timeline:
TIMELINE
"""


def scen(objects: str, timeline: str, life: str = "") -> str:
    return ALICE_BOB.replace("LIFE", life).replace("OBJECTS", objects).replace("TIMELINE", timeline)


def test_damage_outcomes_count_a_doubled_life_total():
    # Bob's 20 doubled to 40 (701.10d), then 2 damage doubled by Furnace of Rath: 36, in the
    # damage outcome as in the life question (life.lp is loaded for double_life events).
    text = scen("  bears: {card: Grizzly Bears}\n  furnace: {card: Furnace of Rath}",
                "  - {double_life: bob}\n  - {damage: 2, source: bears, target: bob}")
    out = ask(text, "damage_outcomes 2").single
    assert (out.value["life"], out.rules) == ({"bob": 36}, ["120.3a", "120.4b", "614.1a", "614.5", "701.10g"])
    assert ask(text, "life bob").single.value == 36


# --- Worship: "If you control a creature, damage that would reduce your life total to less than 1
# reduces it to 1 instead." (614.1a) --------------------------------------------------------------

def example(name: str) -> str:
    return open(f"docs/examples/damage/{name}.yaml").read()


AXE = ("  worship: {card: Worship}\n  bears: {card: Grizzly Bears}\n"
       "  axe: {card: Lava Axe, owner: bob, zone: hand}")
CAST_AXE = "  - {cast: axe}\n  - {resolve: axe, targets: [alice]}"


def test_worship_leaves_its_controller_at_1_life():
    # Lava Axe for 5 at 3 life: 3 - 5 is less than 1, so 1 instead; the damage is still 5.
    text = scen(AXE, CAST_AXE, "life: {alice: 3}")
    out = ask(text, "damage_outcomes 2").single
    assert (out.value["dealt"], out.value["life"]) == ([{"source": "axe", "to": "alice", "amount": 5}], {"alice": 1})
    assert out.rules == ["120.3a", "120.4b", "614.1a", "614.5"]
    assert "alice had 3 life: the damage axe deals would have reduced it to less than 1, and reduces it to 1 instead (614.1a)" in out.because
    life = ask(text, "life alice").single
    assert (life.value, life.rules) == (1, ["119.1", "119.2", "120.3a", "614.1a"])
    assert ask(text, "loses alice").single.value is False


def test_without_a_creature_worship_does_nothing_and_the_player_loses():
    text = scen(AXE.replace("  bears: {card: Grizzly Bears}\n", ""), CAST_AXE, "life: {alice: 3}")
    out = ask(text, "damage_outcomes 2").single
    assert (out.value["life"], out.rules) == ({"alice": -2}, ["120.3a", "120.4b"])
    loses = ask(text, "loses alice").single
    assert (loses.value, loses.rules) == (True, ["104.3b", "704.5a"])


def test_worship_doesn_t_apply_to_damage_that_leaves_1_or_more():
    # At 6 life, 5 damage leaves 1: not "less than 1", Worship isn't applied.
    out = ask(scen(AXE, CAST_AXE, "life: {alice: 6}"), "damage_outcomes 2").single
    assert (out.value["life"], out.rules) == ({"alice": 1}, ["120.3a", "120.4b"])


def test_worship_and_a_doubling_in_either_order_give_1():
    # At 3 life both apply to the 5: alice chooses (616.1); either order, 10 dealt and 1 life.
    answer = ask(example("worship"), "damage_outcomes 2")
    assert [(o.value["dealt"], o.value["life"], o.choices) for o in answer.outcomes] == [
        ([{"source": "axe", "to": "alice", "amount": 10}], {"alice": 1}, [])]
    assert answer.single.rules == ["120.3a", "120.4b", "614.1a", "614.5", "616.1", "616.1e", "616.1f", "701.10g"]
    assert "alice chooses the order of the effects on the damage axe would deal to alice (616.1)" in answer.single.because


def test_a_doubling_can_make_worship_applicable():
    # At 8 life the 5 leaves 3: only the doubling applies (616.1f); the 10 would leave -2: then
    # Worship applies. No choice: one order.
    out = ask(example("worship").replace("alice: 3", "alice: 8"), "damage_outcomes 2").single
    assert (out.value["dealt"], out.value["life"]) == ([{"source": "axe", "to": "alice", "amount": 10}], {"alice": 1})
    assert out.rules == ["120.3a", "120.4b", "614.1a", "614.5", "701.10g"]


def test_worship_reads_the_life_total_after_earlier_damage():
    # 15, then 4 (at 5 life: 1 left, no floor), then 3 (at 1 life: reduces it to 1, a loss of 0).
    text = scen("  worship: {card: Worship}\n  bears: {card: Grizzly Bears}\n  ogre: {card: Grizzly Bears, owner: bob}",
                "  - {damage: 15, source: ogre, target: alice}\n  - {damage: 4, source: ogre, target: alice}\n"
                "  - {damage: 3, source: ogre, target: alice}")
    assert [ask(text, f"life alice at={n}").single.value for n in (1, 2, 3)] == [5, 1, 1]
    assert [ask(text, f"damage_outcomes {n}").single.rules for n in (1, 2, 3)] == [
        ["120.3a", "120.4b"], ["120.3a", "120.4b"], ["120.3a", "120.4b", "614.1a", "614.5"]]


def test_worship_and_a_shield_applied_after_it():
    # Mending Hands' shield of 4 on alice (3 life) and Lava Axe's 5: the shield first leaves 1
    # (3 - 1 = 2, no floor); Worship first, then the shield: 1 dealt, 1 lost. 2 either way, the
    # two orders told apart by the effects applied (614.1a only where the floor was).
    text = scen(AXE + "\n  hands: {card: Mending Hands, zone: hand}",
                "  - {cast: hands}\n  - {resolve: hands, targets: [alice]}\n" + CAST_AXE, "life: {alice: 3}")
    answer = ask(text, "damage_outcomes 4")
    assert [(o.value["dealt"], o.value["life"], o.choices, o.rules) for o in answer.outcomes] == [
        ([{"source": "axe", "to": "alice", "amount": 1}], {"alice": 2},
         ["alice: order: the floor at 1 life of worship before the shield of hands, on the damage axe would deal to alice at entry 4"],
         ["120.3a", "120.4b", "614.1a", "614.5", "615.7", "616.1", "616.1e", "616.1f"]),
        ([{"source": "axe", "to": "alice", "amount": 1}], {"alice": 2},
         ["alice: order: the shield of hands before the floor at 1 life of worship, on the damage axe would deal to alice at entry 4"],
         ["120.3a", "120.4b", "614.5", "615.7", "616.1", "616.1e", "616.1f"])]


def test_worship_doesn_t_change_infect_or_a_life_total_that_can_t_change():
    # Infect to its controller: poison counters, no life lost (120.3b): nothing to floor.
    text = scen("  worship: {card: Worship}\n  bears: {card: Grizzly Bears}\n  elf: {card: Glistener Elf, owner: bob}",
                "  - {damage: 5, source: elf, target: alice}", "life: {alice: 3}")
    out = ask(text, "damage_outcomes 1").single
    assert (out.value["life"], out.value["poison"], "614.1a" in out.rules) == ({"alice": 3}, {"alice": 5}, False)


def test_worship_with_two_sources_at_once_is_refused():
    # Whether the damage "would reduce" the total is then a question of both: not modelled.
    text = scen("  worship: {card: Worship}\n  bears: {card: Grizzly Bears}\n  furnace: {card: Furnace of Rath}\n"
                "  ogre: {card: Grizzly Bears, owner: bob}\n  orc: {card: Grizzly Bears, owner: bob}",
                "  - {begin: declare_attackers}\n  - {attack: ogre, target: alice}\n"
                "  - {attack: orc, target: alice}\n  - {begin: declare_blockers}\n  - {begin: combat_damage}",
                "life: {alice: 3}")
    answer = ask(text, "damage_outcomes 5")
    assert [str(p) for p in answer.invalid] == ["life floor split not modelled: alice (at timeline entry 5, line 15: begin)"]


# --- Circle of Protection: Red: "{1}: The next time a red source of your choice would deal damage
# to you this turn, prevent that damage." (615.1a; 609.7a, 609.7b) --------------------------------

COP = ("  cop: {card: \"Circle of Protection: Red\"}\n  ram: {card: Boggart Ram-Gang, owner: bob}\n"
       "  bears: {card: Grizzly Bears}")
ACTIVATE = ("  - {activate: cop, ability: \"prevent the next damage from a red source\", id: c1}\n"
            "  - {resolve: c1, targets: [SOURCE]}\n")


def dealt_by_entry(text: str, entries) -> list:
    return [[(d["source"], d["to"], d["amount"]) for o in ask(text, f"damage_outcomes {n}").outcomes for d in o.value["dealt"]]
            for n in entries]


def test_circle_prevents_the_chosen_source_s_damage_to_its_controller():
    out = ask(example("circle-of-protection-red"), "damage_outcomes 4").single
    assert (out.value["dealt"], out.value["life"]) == ([{"source": "axe", "to": "alice", "amount": 0}], {"alice": 20})
    assert out.rules == ["120.4b", "609.7a", "614.5", "615.1a"]
    assert ("the prevention of the next damage from the source chosen for c1 applied to the damage axe would deal to alice"
            in out.because)
    # Another red source: dealt.
    assert ask(example("circle-of-protection-red"), "life alice").single.value == 17


def test_circle_is_used_up_by_the_next_damage_and_spares_alice_s_creature():
    # The Ram-Gang's damage to alice's Bears isn't to her: not prevented, and the shield waits;
    # its next damage to her is prevented, the one after is dealt.
    text = scen(COP, ACTIVATE.replace("SOURCE", "ram") +
                "  - {damage: 1, source: ram, target: bears}\n  - {damage: 2, source: ram, target: alice}\n"
                "  - {damage: 3, source: ram, target: alice}")
    assert dealt_by_entry(text, (3, 4, 5)) == [[("ram", "bears", 1)], [("ram", "alice", 0)], [("ram", "alice", 3)]]
    assert ask(text, "life alice").single.value == 17


def test_circle_s_effect_ends_with_the_turn():
    # "this turn" (514.2): the damage in the next turn is dealt.
    text = scen(COP, ACTIVATE.replace("SOURCE", "ram") +
                "  - {begin_turn: 5, active: alice}\n  - {damage: 2, source: ram, target: alice}")
    assert dealt_by_entry(text, (4,)) == [[("ram", "alice", 2)]]


def test_circle_checks_the_source_s_color_again_as_it_deals_damage():
    # 609.7b: Turn to Frog makes the Ram-Gang blue: its damage isn't prevented, and the shield
    # isn't used up (none prevented).
    text = scen(COP + "\n  frog: {card: Turn to Frog, zone: hand}",
                ACTIVATE.replace("SOURCE", "ram") + "  - {cast: frog}\n  - {resolve: frog, targets: [ram]}\n"
                "  - {damage: 2, source: ram, target: alice}")
    assert dealt_by_entry(text, (5,)) == [[("ram", "alice", 2)]]


def test_circle_needs_a_red_source():
    # The Bears are green: no legal choice (609.7a: "a red source of your choice").
    text = scen(COP, ACTIVATE.replace("SOURCE", "bears") + "  - {damage: 2, source: bears, target: alice}")
    answer = ask(text, "damage_outcomes 3")
    assert [str(p) for p in answer.invalid] == [
        "chosen source not of color: c1, bears, r (at timeline entry 2, line 10: resolve)"]
    assert dealt_by_entry(text, (3,)) == [[("bears", "alice", 2)]]


def test_circle_and_a_doubling_in_either_order_prevent_it_all():
    # Alice chooses: the doubling then the prevention, or the prevention first (the doubling then
    # has nothing to double, 614.7a). 0 either way.
    text = scen(COP + "\n  furnace: {card: Furnace of Rath, owner: bob}",
                ACTIVATE.replace("SOURCE", "ram") + "  - {damage: 2, source: ram, target: alice}")
    answer = ask(text, "damage_outcomes 3")
    assert [(o.value["dealt"], o.rules) for o in answer.outcomes] == [
        ([{"source": "ram", "to": "alice", "amount": 0}],
         ["120.4b", "609.7a", "614.1a", "614.5", "615.1a", "616.1", "616.1e", "616.1f", "701.10g"]),
        ([{"source": "ram", "to": "alice", "amount": 0}],
         ["120.4b", "609.7a", "614.5", "614.7a", "615.1a", "616.1", "616.1e", "616.1f"])]


# --- Curse of Bloodletting: "Enchant player / If a source would deal damage to enchanted player,
# it deals double that damage to that player instead." (303.4, 702.5d; 614.1a, 701.10g) -----------

CURSE = scen("  curse: {card: Curse of Bloodletting, owner: bob, attached_to: alice}\n  ogre: {card: Grizzly Bears, owner: bob}\n"
             "  bears: {card: Grizzly Bears}",
             "  - {damage: 2, source: ogre, target: alice}\n  - {damage: 2, source: bears, target: bob}\n"
             "  - {damage: 1, source: ogre, target: bears}\n  - {unattach: curse}\n"
             "  - {damage: 3, source: ogre, target: alice}")


def test_curse_doubles_damage_to_the_enchanted_player_only():
    # Bob's Curse on alice: her damage is doubled, bob's and her creature's are not; unattached,
    # it enchants no one (and 704.5m puts it into the graveyard).
    assert dealt_by_entry(CURSE, (1, 2, 3, 5)) == [[("ogre", "alice", 4)], [("bears", "bob", 2)], [("ogre", "bears", 1)],
                                                   [("ogre", "alice", 3)]]
    one = ask(CURSE, "damage_outcomes 1").single
    assert (one.value["life"], one.rules) == ({"alice": 16}, ["120.3a", "120.4b", "614.1a", "614.5", "701.10g"])
    assert "the doubling of curse applied to the damage ogre would deal to alice" in one.because


def test_an_aura_attached_to_a_player_is_legal_and_stays():
    # Enchant player, attached to a player: not put into the graveyard (704.5m), nothing reported.
    answer = ask(CURSE, "damage_outcomes 1")
    assert answer.invalid == []
    # The only state-based action: the Curse, unattached at entry 4, is attached to nothing (704.5m).
    assert shown1(CURSE, PERFORMED) == ['performed(sba("curse",graveyard,"704.5m"),4,1)']


def test_curse_and_furnace_in_either_order_give_one_outcome():
    answer = ask(example("curse-of-bloodletting"), "damage_outcomes 1")
    assert [(o.value["dealt"], o.choices) for o in answer.outcomes] == [([{"source": "bears", "to": "bob", "amount": 8}], [])]
    assert "bob chooses the order of the effects on the damage bears would deal to bob (616.1)" in answer.single.because


def test_worship_doesn_t_prevent_damage_lifelink_gains_all_of_it():
    # Bob's Nighthawk (lifelink) deals 5 to alice at 3 life: she goes to 1, he gains 5 (120.3f:
    # the damage dealt is 5; Worship changes only her life total).
    text = scen("  worship: {card: Worship}\n  bears: {card: Grizzly Bears}\n  hawk: {card: Vampire Nighthawk, owner: bob}",
                "  - {damage: 5, source: hawk, target: alice}", "life: {alice: 3}")
    out = ask(text, "damage_outcomes 1").single
    assert (out.value["dealt"], out.value["life"]) == ([{"source": "hawk", "to": "alice", "amount": 5}], {"alice": 1, "bob": 25})


# --- Healing Salve: "Choose one — • Target player gains 3 life. • Prevent the next 3 damage that
# would be dealt to any target this turn." (700.2, 700.2a; 119.3; 615.7, 616.1) ------------------

SALVE_RULES = ["120.3a", "120.4b", "614.1a", "614.5", "615.7", "616.1", "616.1e", "616.1f", "701.10g"]


def salve_outcomes(answer):
    return sorted((tuple((d["source"], d["to"], d["amount"]) for d in o.value["dealt"]), o.value["life"],
                   tuple((s["shield"], s["on"], s["left"]) for s in o.value["shield"]),
                   tuple(o.value["dies"] and [(d["object"], d["rule"]) for d in o.value["dies"]]),
                   tuple(o.choices), tuple(o.rules)) for o in answer.outcomes)


def test_healing_salve_s_shield_and_furnace_of_rath_in_both_orders():
    # Bob's shield of 3, alice's Lava Axe for 5, Furnace of Rath: bob chooses (616.1). The shield
    # first: 2 left, doubled to 4 (16 life). The doubling first: 10, 3 prevented, 7 (13 life).
    # The shield is used up either way (615.7).
    answer = ask(example("healing-salve-furnace"), "damage_outcomes 4")
    assert salve_outcomes(answer) == [
        ((("axe", "bob", 4),), {"bob": 16}, (("salve", "bob", 0),), (),
         ("bob: order: the shield of salve before the doubling of furnace, on the damage axe would deal to bob at entry 4",), tuple(SALVE_RULES)),
        ((("axe", "bob", 7),), {"bob": 13}, (("salve", "bob", 0),), (),
         ("bob: order: the doubling of furnace before the shield of salve, on the damage axe would deal to bob at entry 4",), tuple(SALVE_RULES))]


def test_healing_salve_s_first_mode_gains_3_life_and_makes_no_shield():
    # Mode 1 (700.2a): bob gains 3 (119.3); no shield, so the next Lava Axe's 10 is dealt in full.
    text = example("healing-salve-furnace").replace("mode: 2", "mode: 1")
    life = ask(text, "life bob at=2").single
    assert (life.value, life.rules) == (23, ["119.1", "119.3"])
    assert "salve resolved at entry 2: the player gained 3 life (119.3)" in life.because
    out = ask(text, "damage_outcomes 4").single
    assert (out.value["dealt"], out.value["life"], out.value["shield"]) == (
        [{"source": "axe", "to": "bob", "amount": 10}], {"bob": 13}, [])
    assert out.rules == ["120.3a", "120.4b", "614.1a", "614.5", "701.10g"]


SALVE_ON_BEARS = scen("  furnace: {card: Furnace of Rath}\n  bears: {card: Grizzly Bears, owner: bob}\n"
                      "  ogre: {card: Grizzly Bears}\n  salve: {card: Healing Salve, owner: bob, zone: hand}",
                      "  - {cast: salve}\n  - {resolve: salve, mode: 2, targets: [bears]}\n"
                      "  - {damage: DMG, source: ogre, target: bears}")


def test_healing_salve_on_a_creature_its_controller_chooses():
    # 3 damage to bob's 2/2 Bears: the shield first prevents it all and the doubling has nothing
    # to double (614.7a); the doubling first makes 6, 3 prevented, 3 dealt: destroyed (704.5g).
    answer = ask(SALVE_ON_BEARS.replace("DMG", "3"), "damage_outcomes 3")
    assert sorted((o.value["dealt"][0]["amount"], o.value["shield"][0]["left"],
                   [(d["object"], d["rule"]) for d in o.value["dies"]], o.choices, o.rules) for o in answer.outcomes) == [
        (0, 0, [], ["bob: order: the shield of salve before the doubling of furnace, on the damage ogre would deal to bears at entry 3"],
         ["120.4b", "614.5", "614.7a", "615.7", "616.1", "616.1e", "616.1f"]),
        (3, 0, [("bears", "704.5g")],
         ["bob: order: the doubling of furnace before the shield of salve, on the damage ogre would deal to bears at entry 3"],
         ["120.3e", "120.4b", "614.1a", "614.5", "615.7", "616.1", "616.1e", "616.1f", "701.10g", "704.5g"])]


def test_healing_salve_s_shield_is_used_up_as_it_prevents():
    # 615.7: 1 damage doubled to 2 and prevented leaves the shield 1; prevented first (the 0 left
    # isn't doubled, 614.7a) it leaves 2. The next 1: with 1 left, the shield first prevents it
    # (0 dealt) or the doubling first makes 2 and 1 is dealt; with 2 left, the shield first leaves
    # 1, the doubling first uses it up. Outcomes told apart by what was dealt, what is left and
    # the effects applied (the doubling, or 614.7a's nothing to double).
    text = SALVE_ON_BEARS.replace("DMG", "1") + "  - {damage: 1, source: ogre, target: bears}\n"
    first = ask(text, "damage_outcomes 3")
    assert sorted((o.value["dealt"][0]["amount"], o.value["shield"][0]["left"]) for o in first.outcomes) == [(0, 1), (0, 2)]
    second = ask(text, "damage_outcomes 4")
    assert sorted((o.value["dealt"][0]["amount"], o.value["shield"][0]["left"], "701.10g" in o.rules, "614.7a" in o.rules)
                  for o in second.outcomes) == [(0, 0, False, True), (0, 0, True, False), (0, 1, False, True), (1, 0, True, False)]


def test_healing_salve_s_life_gain_can_t_change_a_locked_life_total():
    # 614.17: "Your life total can't change." (Platinum Emperion): bob gains no life.
    text = scen("  emperion: {card: Platinum Emperion, owner: bob}\n  salve: {card: Healing Salve, owner: bob, zone: hand}",
                "  - {cast: salve}\n  - {resolve: salve, mode: 1, targets: [bob]}\n  - {cast: salve2}\n"
                "  - {resolve: salve2, mode: 1, targets: [alice]}").replace(
        "  salve: {", "  salve2: {card: Healing Salve, owner: bob, zone: hand}\n  salve: {")
    assert [(a.single.value, a.single.rules) for a in (ask(text, "life bob at=4"), ask(text, "life alice at=4"))] == [
        (20, ["119.1"]), (23, ["119.1", "119.3"])]


def test_healing_salve_s_modes_and_their_targets():
    # 700.2c: mode 1 targets a player only (115.2); a permanent is an illegal target, and nothing
    # happens (608.2b). 700.2a: no mode given can't be answered.
    base = example("healing-salve-furnace")
    on_furnace = ask(base.replace("mode: 1, targets: [bob]", "mode: 1, targets: [furnace]"), "life bob at=7")
    # (16 or 13 after entry 4, bob's choice there; no gain at entry 7.)
    assert (sorted(o.value for o in on_furnace.outcomes), [str(p) for p in on_furnace.invalid]) == (
        [13, 16], ["illegal target: salve2, furnace (at timeline entry 7, line 28: resolve)"])
    no_mode = ask(base.replace("mode: 2, ", ""), "damage_outcomes 4")
    assert [str(p) for p in no_mode.invalid] == ["no mode chosen: salve (at timeline entry 2, line 23: resolve)"]


# --- An Aura spell resolving onto a player (303.4a, 608.3c, 303.4b) -------------------------------

CAST_CURSE = scen("  curse: {card: Curse of Bloodletting, owner: bob, zone: hand}\n  ogre: {card: Grizzly Bears, owner: bob}\n"
                  "  pacifism: {card: Pacifism, owner: bob, zone: hand}",
                  "  - {cast: curse}\n  - {resolve: curse, targets: [alice]}\n  - {damage: 2, source: ogre, target: alice}\n"
                  "  - {damage: 2, source: ogre, target: bob}\n  - {unattach: curse}\n"
                  "  - {damage: 3, source: ogre, target: alice}")


def test_curse_cast_on_a_player_enchants_her():
    # Bob's Curse resolves with alice as its target: it enters attached to her (608.3c) and
    # doubles the damage she is dealt, not bob's; unattached, it enchants no one and goes to the
    # graveyard (704.5m), and damage to her is no longer doubled.
    assert dealt_by_entry(CAST_CURSE, (3, 4, 6)) == [[("ogre", "alice", 4)], [("ogre", "bob", 2)], [("ogre", "alice", 3)]]
    out = ask(CAST_CURSE, "damage_outcomes 3")
    assert (out.invalid, out.single.rules) == ([], ["120.3a", "120.4b", "614.1a", "614.5", "701.10g"])
    assert shown1(CAST_CURSE, PERFORMED) == ['performed(sba("curse",graveyard,"704.5m"),5,1)']


def test_an_aura_spell_that_can_t_enchant_a_player_goes_to_the_graveyard():
    # Pacifism ("Enchant creature") resolving with a player as its target: attached to a player
    # it can't enchant (303.4c), it is put into the graveyard (704.5m).
    text = CAST_CURSE.replace("- {cast: curse}\n  - {resolve: curse, targets: [alice]}",
                              "- {cast: pacifism}\n  - {resolve: pacifism, targets: [alice]}")
    assert shown1(text, PERFORMED) == ['performed(sba("pacifism",graveyard,"704.5m"),2,1)']
    assert dealt_by_entry(text, (3,)) == [[("ogre", "alice", 2)]]


# --- Shivan Hellkite: "{1}{R}: Shivan Hellkite deals 1 damage to any target." (602.2, 608.2b,
# 608.2h: an activated ability's damage, through the same replacement effects as a spell's) -------

HELLKITE_CARD = """
cards:
  - {name: Shivan Hellkite, layout: normal, mana_cost: "{5}{R}{R}", type_line: Creature — Dragon,
     oracle_text: "Flying\\n{1}{R}: Shivan Hellkite deals 1 damage to any target.", keywords: [Flying],
     power: "5", toughness: "5", colors: [R]}
  - {name: Red Ward, layout: normal, mana_cost: "{W}", type_line: Creature — Human Cleric,
     oracle_text: "Protection from red", keywords: [Protection], power: "1", toughness: "1", colors: [W]}
"""
HELLKITE = "  hellkite: {card: Shivan Hellkite, controller: bob}\n  bears: {card: Grizzly Bears}"
PING = "  - {activate: hellkite, ability: ping, id: p1, target: TARGET}\n  - {resolve: p1}"


def hellkite(target: str, objects: str = HELLKITE) -> str:
    return HELLKITE_CARD + scen(objects, PING.replace("TARGET", target))


def test_hellkite_deals_1_damage_as_its_ability_resolves():
    # To alice: 19 (120.3a); to the bears: 1 damage marked (120.3e). Nothing says "recorded".
    text = hellkite("alice")
    assert shown1(text, "#show. #show dealt/4.") == ['dealt("hellkite",player("alice"),1,2)']
    life = ask(text, "life alice").single
    assert (life.value, life.rules) == (19, ["119.1", "119.2", "120.3a"])
    assert not [w for w in ask(text, "life alice").warnings if "Hellkite" in w]
    bears = hellkite("bears")
    assert shown1(bears, "#show. #show (O, D, T) : damage_marked(O, D, P), end_of(T, P).") == ['("bears",1,2)']
    assert shown1(bears, "#show. #show invalid/2.") == []


def test_hellkite_damage_doubled_by_furnace_of_rath_in_damage_outcomes():
    # 120.4b, 701.10g: its 1 damage is 2; the bears (2/2) die (704.5g).
    text = hellkite("bears", HELLKITE + "\n  furnace: {card: Furnace of Rath}")
    out = ask(text, "damage_outcomes 2").single
    assert out.value["dealt"] == [{"source": "hellkite", "to": "bears", "amount": 2}]
    assert out.value["dies"] == [{"object": "bears", "rule": "704.5g"}]
    assert out.rules == ["120.3e", "120.4b", "614.1a", "614.5", "701.10g", "704.5g"]
    to_alice = ask(hellkite("alice", HELLKITE + "\n  furnace: {card: Furnace of Rath}"), "damage_outcomes 2").single
    assert (to_alice.value["dealt"], to_alice.value["life"]) == (
        [{"source": "hellkite", "to": "alice", "amount": 2}], {"alice": 18})


def test_hellkite_target_checked_as_it_resolves():
    # 608.2b, 400.7: the bears, its target as it was activated (602.2b), left the battlefield and
    # came back, a new object: an illegal target, reported, and no damage is dealt.
    text = HELLKITE_CARD + scen(HELLKITE, "  - {activate: hellkite, ability: ping, id: p1, target: bears}\n"
                                          "  - {move: bears, to: hand}\n  - {move: bears, to: battlefield}\n  - {resolve: p1}")
    assert shown1(text, "#show. #show invalid/2.") == ['invalid(illegal_target("p1","bears"),4)']
    assert shown1(text, "#show. #show dealt/4.") == []
    # 702.16b: a creature with protection from red is no legal target of a red source's ability,
    # as it is activated (activation.lp) and as it resolves.
    ward = hellkite("ward", HELLKITE + "\n  ward: {card: Red Ward}")
    assert shown1(ward, "#show. #show invalid/2.") == [
        'invalid(illegal_target("p1","ward"),1)', 'invalid(illegal_target("p1","ward"),2)']
    assert shown1(ward, "#show. #show dealt/4.") == []
    # No target chosen: reported where it is activated.
    untargeted = HELLKITE_CARD + scen(HELLKITE, "  - {activate: hellkite, ability: ping, id: p1}\n  - {resolve: p1}")
    assert shown1(untargeted, "#show. #show invalid/2.") == ['invalid(no_target_chosen("p1"),1)']
    assert shown1(untargeted, "#show. #show dealt/4.") == []


def test_fire_servant_doubles_only_its_controllers_red_instant_or_sorcery_spells():
    # "If a red instant or sorcery spell you control would deal damage, it deals double that
    # damage instead" (614.1a, 701.10g): alice's Lightning Bolt deals 6; bob's deals 3; the
    # Raging Goblin, red but no spell, deals 1.
    text = """
turn: {number: 4, active: alice, step: precombat_main}
objects:
  servant: {card: Fire Servant}
  bolt: {card: Lightning Bolt, zone: hand}
  bobbolt: {card: Lightning Bolt, zone: hand, owner: bob}
  goblin: {card: Raging Goblin}
timeline:
  - {cast: bolt}
  - {resolve: bolt, targets: [bob]}
  - {damage: 1, source: goblin, target: bob}
  - {cast: bobbolt}
  - {resolve: bobbolt, targets: [alice]}
"""
    dealt = {t: ask(text, f"damage_outcomes {t}").single for t in (2, 3, 5)}
    assert dealt[2].value["dealt"] == [{"source": "bolt", "to": "bob", "amount": 6}]
    assert dealt[2].rules == ["120.3a", "120.4b", "614.1a", "614.5", "701.10g"]
    assert dealt[3].value["dealt"] == [{"source": "goblin", "to": "bob", "amount": 1}]
    assert dealt[5].value["dealt"] == [{"source": "bobbolt", "to": "alice", "amount": 3}]
    assert ask(text, "life bob").single.value == 13


QUEST = (Path(__file__).resolve().parent.parent / "docs" / "examples" / "damage" / "quest-for-pure-flame.yaml").read_text(encoding="utf-8")


def test_quest_for_pure_flame_needs_four_quest_counters_to_be_sacrificed():
    # 118.3, 601.2h: with two counters and one added, the cost (remove four) can't be paid: the
    # activation is reported.
    two = QUEST.replace("counters: {quest: 3}", "counters: {quest: 2}")
    got = ask(two, "counters quest at=3").single
    assert got.value == {"counters": {"quest": 3}}
    assert ask(two, "damage_outcomes 6").invalid == ["cost not payable: flame, quest, 118.3 (at timeline entry 4, line 21: activate)"]
    assert ask(QUEST, "damage_outcomes 6").invalid == []


def test_quest_for_pure_flame_triggers_once_per_source_that_damages_an_opponent():
    # 603.2c: two sources alice controls each deal damage to bob in one event (a combat damage
    # step): the ability triggers twice; bob's own damage to alice, none.
    text = """
turn: {number: 4, active: alice, step: declare_attackers}
objects:
  quest: {card: Quest for Pure Flame}
  goblin: {card: Raging Goblin}
  goblin2: {card: Raging Goblin}
timeline:
  - {declare_attackers: {goblin: bob, goblin2: bob}}
  - {begin: declare_blockers}
  - {begin: combat_damage}
"""
    got = ask(text, "triggers 3").single
    assert got.value == [["quest", "damage to an opponent: quest counter"]]
    assert got.rules == ["120.1", "603.2", "603.2c"]
    assert "quest's ability \"damage to an opponent: quest counter\" triggers 2 times: once per event (603.2c)" in got.because
