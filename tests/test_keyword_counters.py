"""logic/keyword_counters.lp: a keyword counter gives its object the keyword (122.1b), in layer 6
(613.1f) with the counters' own timestamp (613.7c), so an ability-removing effect takes it away
only if the counter came first; the keywords then work as printed ones do (702.9b, 702.11b,
702.12b). Answers are exact, with the rules they cite; each keyword is checked with every object
relevant at every point too (full_demand)."""

import pytest

from harness import EVERY_END, MAIN_PHASE, ask, ask_all, shown1

# Humility (layer 6: creatures lose all abilities, 613.1f) is on the battlefield after the Bears
# with their flying counter (the scenario's counters take their object's timestamp: 613.7d), and
# before the Elves' first strike counter (put on at entry 1). Doubling the Bears' flying counters
# gives them one more (701.10e): every flying counter then has the new one's timestamp (613.7c).
# Dress Down, entering last, takes every keyword away again.
HUMILITY = """
players: [alice, bob]
objects:
  bears: {card: Grizzly Bears, counters: {flying: 1}}
  humility: {card: Humility}
  elves: {card: Llanowar Elves}
  dress: {card: Dress Down, zone: hand}
timeline:
  - {counters: elves, add: {"first strike": 1}}     # 1
  - {double_counters: bears, kind: flying}          # 2
  - {move: dress, to: battlefield}                  # 3
"""

KEYWORDS = EVERY_END + '#show. #show (T, O, K) : has_keyword(O, K, P), end_of(T, P), O != "dress".'


@pytest.mark.parametrize("full_demand", [False, True])
def test_a_counters_keyword_applies_in_timestamp_order_with_losing_all_abilities(full_demand):
    assert shown1(MAIN_PHASE + HUMILITY, KEYWORDS, full_demand=full_demand) == [
        '(1,"elves",first_strike)',      # the counter came after Humility (613.7c, 613.7)
        '(2,"bears",flying)',            # a new flying counter: a new timestamp for both
        '(2,"elves",first_strike)',
    ]                                    # entry 0: Humility's is later; entry 3: Dress Down's is


def test_characteristics_name_the_counter_and_cite_its_timestamp():
    bears, elves = ask_all(MAIN_PHASE + HUMILITY, ["characteristics bears at=0", "characteristics elves at=1"])
    assert bears.single.value["keywords"] == []
    assert bears.single.value["counters"] == {"flying": 1}
    assert bears.single.rules == ["122.1b", "202.3", "613.1f", "613.4b", "613.7c"]
    assert bears.single.because == ["bears loses all abilities because of humility"]
    assert elves.single.value["keywords"] == ["first_strike"]
    assert elves.single.because == [
        "elves has first strike from its first strike counters (122.1b), in layer 6 with their timestamp (613.7c)",
        "elves loses all abilities because of humility"]


def test_layer_order_places_the_counters_by_their_timestamp():
    answer = ask(MAIN_PHASE + HUMILITY, "layer_order bears at=2").single
    assert [(row["layer"], row["order"], row["source"], row["does"]) for row in answer.value["applied"]] == [
        ("6", 1, "humility", "lose_all_abilities"),
        ("6", 2, {"counter": ["flying"]}, {"keyword": ["gain", "flying"]}),
        ("7b", 1, "humility", {"set_pt": [1, 1]}),
    ]
    assert answer.rules == ["122.1b", "613.1", "613.7", "613.7c"]


# Keyword counters at the start and put on later, then combat: the Bears' flying counter keeps
# the Goblin from blocking them (702.9b), hexproof keeps Bob's Lightning Bolt from targeting them
# (702.11b), indestructible keeps 5 damage from destroying them (702.12b, 704.5g). The Elves'
# decayed counter gives a keyword no rule implements: the answer says so (702.1).
COMBAT = """rules: "2026-09-25"
players: [alice, bob]
turn: {number: 4, active: alice, step: declare_attackers}
objects:
  bears: {card: Grizzly Bears, counters: {flying: 1, indestructible: 1, hexproof: 1}}
  elves: {card: Llanowar Elves}
  goblin: {card: Raging Goblin, owner: bob}
  bolt: {card: Lightning Bolt, owner: bob, zone: hand}
timeline:
  - {counters: elves, add: {reach: 1, decayed: 1}}   # 1
  - {attack: bears, target: bob}                     # 2
  - {begin: declare_blockers}                        # 3
  - {damage: 5, source: goblin, target: bears}       # 4
"""


def test_keyword_counters_work_as_the_keywords_do():
    block, target, bears = ask_all(COMBAT, ["can_block goblin bears at=3", "can_target bolt bears at=3",
                                            "characteristics bears at=4"])
    assert (block.single.value, block.single.rules) == (False, ["702.9b"])
    assert (target.single.value, target.single.rules) == (False, ["702.11b"])
    assert bears.single.value["zone"] == "battlefield"
    assert bears.single.value["keywords"] == ["flying", "hexproof", "indestructible"]


@pytest.mark.parametrize("full_demand", [False, True])
def test_keyword_counters_are_read_wherever_the_rules_read_the_keyword(full_demand):
    program = EVERY_END + ('#show. #show (T, O, K) : has_keyword(O, K, P), end_of(T, P), T = 4.\n'
                           '#show destroyed(O) : zone(O, graveyard, P).')
    assert shown1(COMBAT, program, full_demand=full_demand) == [
        '(4,"bears",flying)', '(4,"bears",hexproof)', '(4,"bears",indestructible)',
        '(4,"elves",decayed)', '(4,"elves",reach)', '(4,"goblin",haste)']    # (the Goblin's is printed)


def test_a_keyword_no_rule_implements_is_named():
    answer = ask(COMBAT, "characteristics elves at=1")
    assert answer.single.value["keywords"] == ["decayed", "reach"]
    assert answer.warnings == [
        "Llanowar Elves (object elves): the keyword decayed is not implemented; this answer ignores it"]


def test_the_counters_and_their_keyword_stay_behind_when_the_object_changes_zones():
    # 122.2, 400.7: the Bears that come back are a new object, with no counters.
    text = MAIN_PHASE + """
objects:
  bears: {card: Grizzly Bears, counters: {flying: 2}}
timeline:
  - {move: bears, to: graveyard}
  - {move: bears, to: battlefield}
"""
    for full_demand in (False, True):
        assert shown1(text, KEYWORDS, full_demand=full_demand) == ['(0,"bears",flying)']


@pytest.mark.parametrize("full_demand", [False, True])
def test_a_token_that_enters_with_a_keyword_counter_has_its_own_timestamp(full_demand):
    # 122.6, 613.7c, 613.7d: the counter is put on as the token enters, after Humility: it flies.
    text = MAIN_PHASE + """
objects:
  humility: {card: Humility}
  tok: {card: Grizzly Bears, zone: none}
timeline:
  - {create: tok, enters_with: {flying: 1}}
"""
    assert shown1(text, KEYWORDS, full_demand=full_demand) == ['(1,"tok",flying)']
