"""logic/statics.lp and the layers in logic/characteristics.lp: static abilities of
Equipment as continuous effects with a source, the object they apply to, a layer and a
timestamp (613.1d, 613.1f, 613.4c, 613.7a, 613.7e), and 205.1a."""

from harness import PERFORMED, ask, shown1

EFFECTS = "#show. #show e(O, L, W, (E, N)) : layer_effect(_, _, O, L, W, (Q, N), P), end_of(0, P), point_of(E, Q)."


def test_world_champion_gives_double_strike_in_layer_6_and_power_in_7c():
    atoms = shown1("""
    objects:
      bears: {card: Grizzly Bears}
      champ: {card: "World Champion, Celestial Weapon", face: back, attached_to: bears}
    """, 'question_reads(0, "bears"). ' + EFFECTS)
    # The timestamp is World Champion's own (613.7a): (0, 2), entry 0's second object listed.
    assert atoms == ['e("bears","6",keyword(gain,double_strike),(0,2))', 'e("bears","7c",pt(2,0),(0,2))']


def test_timestamp_order_decides_between_gaining_and_losing():
    text = """
    objects:
      bears: {card: Grizzly Bears}
      champ: {card: "World Champion, Celestial Weapon", face: back}
      lion: {card: Silvercoat Lion}
    timeline:
      - {lose: bears, ability: double_strike}
      - {attach: champ, to: bears}
      - {attach: champ, to: lion}
      - {lose: lion, ability: double_strike}
    """
    # 613.7: the Equipment attached after the loss has the later timestamp (613.7e): the Bears
    # have double strike; the Lion loses it, the loss being later than the attachment.
    bears = ask(text, "characteristics bears at=2").single
    lion = ask(text, "characteristics lion").single
    assert (bears.value["keywords"], bears.value["power"]) == (["double_strike"], 4)
    assert (lion.value["keywords"], lion.value["power"]) == ([], 4)
    assert lion.rules == ["202.3", "613.1f", "613.4c"]


def test_for_each_land_you_control_and_for_each_counter_on_it():
    text = """
    objects:
      blade: {card: Blackblade Reforged, attached_to: bears}
      bears: {card: Grizzly Bears, counters: {"+1/+1": 1}}
      pool: {card: Breeding Pool}
      temple: {card: Eldrazi Temple}
      bob_pool: {card: Breeding Pool, owner: bob}
      luxior: {card: "Luxior, Giada's Gift", attached_to: lion}
      lion: {card: Silvercoat Lion, counters: {"+1/+1": 2, charge: 1}}
    """
    bears = ask(text, "characteristics bears").single.value
    lion = ask(text, "characteristics lion").single.value
    # Two lands alice controls: +2/+2, with the counter 5/5. Luxior: three counters, +3/+3.
    assert (bears["power"], bears["toughness"]) == (5, 5)
    assert (lion["power"], lion["toughness"]) == (7, 7)


def test_a_removed_card_type_takes_its_subtypes_along():
    got = ask("""
    objects:
      luxior: {card: "Luxior, Giada's Gift", attached_to: nissa}
      nissa: {card: "Nissa, Vastwood Seer", face: back, counters: {loyalty: 4}}
    """, "characteristics nissa").single
    # 613.1d: a creature, not a planeswalker; 205.1a: Nissa is a planeswalker type, gone with it.
    assert (got.value["types"], got.value["subtypes"], got.value["power"]) == (["creature"], [], 4)
    assert got.because[-3:] == ["nissa gets +4/+4 from luxior", "nissa is a creature because of luxior",
                                "nissa isn't a planeswalker because of luxior"]


# --- A selector that reaches every creature: Glorious Anthem (613.4c, 611.3a) ---------------------
# The card script states only the ability (logic/cards/glorious_anthem.lp); statics.lp's
# selector says what it may reach, and time.lp derives every relevant point from that. Each
# answer is also compared with the answer when every object is relevant at every point.

def _same_with_full_demand(text, question):
    from harness import scenario
    from rulecheck.ask import answer
    from rulecheck.question_text import parse_ask
    scn = scenario(text)
    q = parse_ask(question, scn)
    sparse, full = answer(scn, q), answer(scn, q, constants={"full_demand": 1})
    assert (sparse.single.value, sparse.single.rules, sparse.invalid) == \
           (full.single.value, full.single.rules, full.invalid), question
    return sparse.single


ANTHEM_ENTERS = """
turn: {number: 3, active: alice}
objects:
  anthem: {card: Glorious Anthem, zone: hand}
  bears: {card: Grizzly Bears}
  lion: {card: Silvercoat Lion, owner: bob}
timeline:
  - {move: anthem, to: battlefield}
"""


def test_anthem_entering_pumps_its_controllers_creatures_only():
    before = _same_with_full_demand(ANTHEM_ENTERS, "characteristics bears at=0")
    assert (before.value["power"], before.value["toughness"], before.rules) == (2, 2, ["202.3"])
    after = _same_with_full_demand(ANTHEM_ENTERS, "characteristics bears")
    assert (after.value["power"], after.value["toughness"]) == (3, 3)
    assert after.rules == ["202.3", "613.4c"]
    assert after.because == ["bears gets +1/+1 from anthem"]
    # bob's Lion isn't a creature alice controls.
    lion = _same_with_full_demand(ANTHEM_ENTERS, "characteristics lion")
    assert (lion.value["power"], lion.value["toughness"], lion.rules) == (2, 2, ["202.3"])


def test_a_creature_entering_or_changing_control_under_the_anthem_gets_the_bonus():
    text = """
    turn: {number: 3, active: alice}
    objects:
      anthem: {card: Glorious Anthem}
      lion: {card: Silvercoat Lion, zone: hand}
      ogre: {card: Grizzly Bears, owner: bob}
      elves: {card: Llanowar Elves, owner: bob, zone: hand}
    timeline:
      - {move: lion, to: battlefield}
      - {move: elves, to: battlefield}
      - {gain_control: ogre, player: alice}
    """
    lion = _same_with_full_demand(text, "characteristics lion at=1")
    assert (lion.value["power"], lion.value["toughness"], lion.because) == (3, 3, ["lion gets +1/+1 from anthem"])
    elves = _same_with_full_demand(text, "characteristics elves at=2")
    assert (elves.value["power"], elves.value["toughness"]) == (1, 1)      # bob's: no bonus
    ogre = _same_with_full_demand(text, "characteristics ogre at=2")
    assert (ogre.value["power"], ogre.value["toughness"]) == (2, 2)
    ogre = _same_with_full_demand(text, "characteristics ogre")            # now alice's
    assert (ogre.value["power"], ogre.value["toughness"]) == (3, 3)


def test_anthem_leaving_lets_a_damaged_creature_die():
    # The Bears, 3/3 under the anthem, are dealt 2 damage and survive; when the anthem leaves
    # they are 2/2 with 2 damage marked: destroyed as a state-based action (704.5g).
    text = """
    turn: {number: 3, active: alice}
    objects:
      anthem: {card: Glorious Anthem}
      bears: {card: Grizzly Bears}
      lion: {card: Silvercoat Lion, owner: bob}
    timeline:
      - {damage: 2, source: lion, target: bears}
      - {move: anthem, to: graveyard}
    """
    alive = _same_with_full_demand(text, "characteristics bears at=1")
    assert (alive.value["zone"], alive.value["toughness"]) == ("battlefield", 3)
    dead = _same_with_full_demand(text, "characteristics bears")
    assert (dead.value["zone"], dead.value["power"], dead.value["toughness"]) == ("graveyard", 2, 2)
    atoms = shown1(text, PERFORMED)
    assert atoms == ['performed(sba("bears",graveyard,"704.5g"),2,1)']


def test_anthem_leaving_after_combat_damage():
    # Combat damage: the Bears (3/3) block the Lion and take 2; the Lion dies. The anthem then
    # leaves, and the Bears, 2/2 with 2 damage, die (704.5g) in the round after that entry.
    text = """
    turn: {number: 3, active: bob, step: declare_attackers}
    objects:
      anthem: {card: Glorious Anthem}
      bears: {card: Grizzly Bears}
      lion: {card: Silvercoat Lion, owner: bob}
    timeline:
      - {attack: lion, target: alice}
      - {block: bears, attacker: lion}
      - {begin: combat_damage}
      - {begin: end_of_combat}
      - {move: anthem, to: exile}
    """
    alive = _same_with_full_demand(text, "characteristics bears at=4")
    assert (alive.value["zone"], alive.value["toughness"]) == ("battlefield", 3)
    lion = _same_with_full_demand(text, "characteristics lion at=3")
    assert lion.value["zone"] == "graveyard"
    dead = _same_with_full_demand(text, "characteristics bears")
    assert dead.value["zone"] == "graveyard"
    assert shown1(text, PERFORMED) == ['performed(sba("bears",graveyard,"704.5g"),5,1)',
                                       'performed(sba("lion",graveyard,"704.5g"),3,1)']
