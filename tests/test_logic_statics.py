"""logic/statics.lp and the layers in logic/characteristics.lp: static abilities of
Equipment as continuous effects with a source, the object they apply to, a layer and a
timestamp (613.1d, 613.1f, 613.4c, 613.7a, 613.7e), and 205.1a."""

from harness import ask, shown1

EFFECTS = "#show. #show e(O, L, W, TS) : layer_effect(_, _, O, L, W, TS, 3)."


def test_world_champion_gives_double_strike_in_layer_6_and_power_in_7c():
    atoms = shown1("""
    objects:
      bears: {card: Grizzly Bears}
      champ: {card: "World Champion, Celestial Weapon", face: back, attached_to: bears}
    """, 'question_reads(0, "bears"). ' + EFFECTS)
    # The timestamp is World Champion's own (613.7a): (0, 2), the second object listed.
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
