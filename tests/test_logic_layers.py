"""logic/layers.lp: layer 7 in its sublayers (613.4): effects that set power and toughness
(7b, 613.4b, latest timestamp last), then effects and counters that modify them (7c,
613.4c); doubling (701.10a-c) as a 7c effect whose amount is fixed as it begins; and the
timeline's pump, double and set_base_pt events (effects.lp) that create them."""

import pytest
from harness import EVERY_END, ask, scenario, shown1

from rulecheck.errors import UserError

# The power and toughness of `bear` after each entry.
PT = EVERY_END + '#show. #show (T, Pw, Tg) : power("bear", Pw, P), toughness("bear", Tg, P), end_of(T, P).'
TURN = 'turn: {number: 3, active: alice, step: precombat_main}\n'


def pt(text: str) -> list[str]:
    return shown1(TURN + text, PT)


def test_giant_growth_then_doubling_then_another_pump():
    # 2/2, +3/+3 (5/5), doubled: +5/+0 (701.10b), then +3/+3: 13/8; all end in the cleanup
    # step (514.2).
    text = """
objects:
  bear: {card: Grizzly Bears}
timeline:
  - {pump: bear, power: 3, toughness: 3}
  - {double: bear}
  - {pump: bear, power: 3, toughness: 3}
  - {begin: cleanup}
"""
    assert pt(text) == ['(0,2,2)', '(1,5,5)', '(2,10,5)', '(3,13,8)', '(4,2,2)']
    answer = ask(TURN + text, "characteristics bear at=3").single
    assert (answer.value["power"], answer.value["toughness"]) == (13, 8)
    assert answer.rules == ["202.3", "613.4c", "701.10b"]


def test_doubling_is_fixed_as_it_begins():
    # 701.10b: X is the power as the doubling resolves. It lasts indefinitely; the +3/+3 ends
    # with the turn, and the doubling still gives +5/+0.
    text = """
objects:
  bear: {card: Grizzly Bears}
timeline:
  - {pump: bear, power: 3, toughness: 3}
  - {double: bear, until: indefinitely}
  - {begin_turn: 4, active: bob}
"""
    assert pt(text) == ['(0,2,2)', '(1,5,5)', '(2,10,5)', '(3,7,2)']


def test_doubling_negative_power():
    # 701.10c: power -2 doubled: it gets -2/-0.
    text = """
objects:
  bear: {card: Grizzly Bears}
timeline:
  - {pump: bear, power: -4}
  - {double: bear}
"""
    assert pt(text) == ['(0,2,2)', '(1,-2,2)', '(2,-4,2)']
    assert ask(TURN + text, "characteristics bear").single.rules == ["202.3", "613.4c", "701.10c"]


def test_doubling_power_and_toughness_one_negative():
    # 701.10c: one negative, the other not: -X/+Y.
    text = """
objects:
  bear: {card: Grizzly Bears}
timeline:
  - {pump: bear, power: -3}
  - {double: bear, characteristic: power_and_toughness}
  - {double: bear, characteristic: toughness}
"""
    assert pt(text) == ['(0,2,2)', '(1,-1,2)', '(2,-2,4)', '(3,-2,8)']
    assert ask(TURN + text, "characteristics bear").single.rules == ["202.3", "613.4c", "701.10b", "701.10c"]


def test_anthem_pump_and_counters_add_up():
    # 613.4c: the anthem's +1/+1, a +1/+1 counter and +2/+0 until end of turn: 6/4.
    text = """
objects:
  bear: {card: Grizzly Bears, counters: {"+1/+1": 1}}
  anthem: {card: Glorious Anthem}
timeline:
  - {pump: bear, power: 2}
"""
    assert pt(text) == ['(0,4,4)', '(1,6,4)']


def test_doubling_before_and_after_the_anthem():
    # The doubling's amount is the power as it begins: before the anthem, +2/+0 (then the
    # anthem: 5/3); after it, +3/+0 (6/3).
    before = """
objects:
  bear: {card: Grizzly Bears}
  anthem: {card: Glorious Anthem, zone: hand}
timeline:
  - {double: bear}
  - {move: anthem, to: battlefield}
"""
    after = """
objects:
  bear: {card: Grizzly Bears}
  anthem: {card: Glorious Anthem, zone: hand}
timeline:
  - {move: anthem, to: battlefield}
  - {double: bear}
"""
    assert pt(before) == ['(0,2,2)', '(1,4,2)', '(2,5,3)']
    assert pt(after) == ['(0,2,2)', '(1,3,3)', '(2,6,3)']


def test_setting_applies_before_modifying():
    # Turn to Frog after Giant Growth: base 1/1 (7b, 613.4b), then +3/+3 (7c): 4/4. A doubling
    # modifies, it doesn't set (701.10a): +2/+0 from before the frog stays, 3/1 (seed 000-16).
    text = """
objects:
  bear: {card: Grizzly Bears}
timeline:
  - {pump: bear, power: 3, toughness: 3}
  - {set_base_pt: bear, power: 1, toughness: 1}
"""
    assert pt(text) == ['(0,2,2)', '(1,5,5)', '(2,4,4)']
    assert ask(TURN + text, "characteristics bear").single.rules == ["202.3", "613.4b", "613.4c"]
    doubled = """
objects:
  bear: {card: Grizzly Bears}
timeline:
  - {double: bear}
  - {set_base_pt: bear, power: 1, toughness: 1}
"""
    assert pt(doubled) == ['(0,2,2)', '(1,4,2)', '(2,3,1)']


def test_latest_setting_effect_decides_in_both_orders():
    # 613.4b, 613.7: within 7b, timestamp order: the later effect's values stand.
    one = """
objects:
  bear: {card: Grizzly Bears}
timeline:
  - {set_base_pt: bear, power: 1, toughness: 1}
  - {set_base_pt: bear, power: 0, toughness: 4}
  - {begin: cleanup}
"""
    other = """
objects:
  bear: {card: Grizzly Bears}
timeline:
  - {set_base_pt: bear, power: 0, toughness: 4}
  - {set_base_pt: bear, power: 1, toughness: 1}
  - {begin: cleanup}
"""
    assert pt(one) == ['(0,2,2)', '(1,1,1)', '(2,0,4)', '(3,2,2)']
    assert pt(other) == ['(0,2,2)', '(1,0,4)', '(2,1,1)', '(3,2,2)']


def test_a_setting_effect_that_lasts_longer_is_back_when_the_later_one_ends():
    # The later 1/1 decides while it lasts; when it ends (cleanup, 514.2) the earlier 0/4,
    # which lasts indefinitely, applies again.
    text = """
objects:
  bear: {card: Grizzly Bears}
timeline:
  - {set_base_pt: bear, power: 0, toughness: 4, until: indefinitely}
  - {set_base_pt: bear, power: 1, toughness: 1}
  - {begin: cleanup}
"""
    assert pt(text) == ['(0,2,2)', '(1,0,4)', '(2,1,1)', '(3,0,4)']


def test_doubling_a_noncreature_does_nothing():
    # 208.3: Lightning Greaves has no power to double.
    atoms = shown1(TURN + """
objects:
  greaves: {card: Lightning Greaves}
timeline:
  - {double: greaves}
""", EVERY_END + '#show. #show (T, Pw) : power("greaves", Pw, P), end_of(T, P). #show effect/2.')
    assert atoms == ['effect(eff(1),double(power))']


def test_a_third_doubling_of_one_object_is_refused():
    # bridge/scenario.py: DOUBLING_LIMIT, one line naming the place.
    text = TURN + "objects:\n  bear: {card: Grizzly Bears}\ntimeline:\n" + "  - {double: bear}\n" * 3
    with pytest.raises(UserError) as err:
        scenario(text)
    assert str(err.value) == ("<test>:7:14: timeline[2].double: at most 2 double events per object (beyond "
                              "rulecheck's range: each doubling multiplies the powers the solver considers)")


def test_an_effect_that_sets_toughness_to_0_or_less_kills():
    # 704.5f, checked after an effect sets base toughness -3 (found by tests/fuzz.py: without
    # the declaration in layers.lp, state-based actions were not checked for the creature).
    text = """
objects:
  bear: {card: Grizzly Bears}
  elf: {card: Llanowar Elves}
timeline:
  - {set_base_pt: bear, power: 0, toughness: -3}
  - {pump: elf, toughness: -1}
"""
    atoms = shown1(TURN + text, EVERY_END + '#show. #show (O, Z) : zone(O, Z, P), end_of(2, P).')
    assert atoms == ['("bear",graveyard)', '("elf",graveyard)']


def test_switching_comes_after_every_other_change_and_two_switches_give_the_values_back():
    # 613.4d: the switch applies after 7c whatever the timestamps: +3/+0 and the Anthem's +1/+1
    # make the Bears 6/3, switched 3/6; a later -0/-5 (7c) applies before the switch: 6/-2
    # switched, -2/6; a second switch gives 6/-2 back, and 704.5f puts them into the graveyard.
    text = """
    objects:
      anthem: {card: Glorious Anthem}
      bear: {card: Grizzly Bears}
    timeline:
      - {pump: bear, power: 3, toughness: 0}
      - {switch: bear}
      - {pump: bear, power: 0, toughness: -5}
      - {switch: bear}
    """
    got = [ask(text, f"characteristics bear at={t}").single for t in (1, 2, 3, 4)]
    assert [(g.value["zone"], g.value["power"], g.value["toughness"]) for g in got] == [
        ("battlefield", 6, 3), ("battlefield", 3, 6), ("battlefield", -2, 6), ("graveyard", 2, 2)]
    assert [g.rules for g in got] == [["202.3", "613.4c"], ["202.3", "613.4c", "613.4d"],
                                      ["202.3", "613.4c", "613.4d"], ["202.3"]]


# --- 7a: a characteristic-defining ability (604.3, 613.4a) --------------------------------------
IXIDRON = """
objects:
  ixidron: {card: Ixidron, zone: hand}
  knight: {card: White Knight}
  goblin: {card: Raging Goblin, owner: bob}
  delver: {card: Delver of Secrets}
timeline:
  - {move: ixidron, to: battlefield}
"""


def test_ixidron_counts_the_creatures_it_turned_face_down():
    # The knight and the goblin are turned face down as it enters (a double-faced Delver can't
    # be, 712.16): two face-down creatures, so Ixidron is 2/2 (613.4a), where nothing else would
    # give it a number.
    answer = ask(TURN + IXIDRON, "characteristics ixidron").single
    assert (answer.value["power"], answer.value["toughness"]) == (2, 2)
    assert "613.4a" in answer.rules
    # Before it enters, in hand, it counts the face-down creatures on the battlefield too
    # (604.3: in all zones): none yet.
    before = ask(TURN + IXIDRON, "characteristics ixidron at=0").single
    assert (before.value["power"], before.value["toughness"]) == (0, 0)


def test_ixidron_with_no_other_creature_is_put_into_the_graveyard():
    # Nothing to turn face down: 0/0, and 704.5f puts it into its owner's graveyard.
    text = TURN + """
objects:
  ixidron: {card: Ixidron, zone: hand}
  pools: {card: Breeding Pool}
timeline:
  - {move: ixidron, to: battlefield}
"""
    answer = ask(text, "characteristics ixidron").single
    assert answer.value["zone"] == "graveyard"
    assert (answer.value["power"], answer.value["toughness"]) == (0, 0)


def test_ixidron_counts_a_creature_turned_face_down_later_and_one_turned_back_up():
    text = TURN + """
objects:
  ixidron: {card: Ixidron, zone: hand}
  knight: {card: White Knight}
  goblin: {card: Raging Goblin}
timeline:
  - {move: ixidron, to: battlefield}
  - {turn_face_up: knight}
"""
    got = [ask(text, f"characteristics ixidron at={t}").single.value for t in (1, 2)]
    assert [(v["power"], v["toughness"]) for v in got] == [(2, 2), (1, 1)]
