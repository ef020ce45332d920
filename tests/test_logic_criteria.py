"""logic/criteria.lp and bridge/criteria.py: an effect's criteria, on an object's
characteristics (712.8a) or on one face (712.11c)."""

import pytest

from harness import ask
from rulecheck.criteria import CriteriaError, parse, parse_condition

CARDS = """
objects:
  valakut: {card: Valakut Awakening, zone: library}
  delver: {card: Delver of Secrets, zone: graveyard}
  esika: {card: "Esika, God of the Tree", zone: hand}
"""


def test_parse_criteria():
    # One language for every question's criteria (bridge/criteria.py): words that must all
    # hold, alternatives with "|"; "type:T" is the card type T.
    assert [(k, str(s)) for k, s in parse("type:instant|sorcery, mv<=3")] == [
        (0, "has(type(instant))"), (0, "has(type(sorcery))"), (1, "mana_value(le,3)")]
    assert [(k, str(s)) for k, s in parse("instant|sorcery nonland legendary")] == [
        (0, "has(type(instant))"), (0, "has(type(sorcery))"), (1, "lacks(type(land))"),
        (2, "has(supertype(legendary))")]
    assert parse("none") == [] and parse("") == []
    assert str(parse_condition("transforms_into:Insectile Aberration")) == 'transforms_into(self,name("Insectile Aberration"))'


@pytest.mark.parametrize("text, message", [
    ("type:wizard", "unknown card type 'wizard' in 'type:wizard'"),
    ("mv<3", "unknown criterion 'mv<3'"),
    ("instant||sorcery", "empty alternative in 'instant||sorcery'"),
])
def test_bad_criteria(text, message):
    with pytest.raises(CriteriaError, match=message):
        parse(text)


# A yes under an effect's criteria rests on 608.2g (cast while the effect resolves: no timing
# rule applies); under `none`, on 117.1a and the rule of the face's card type (logic/timing.lp:
# the scenario's default turn is its first player's precombat main phase, the stack empty).
@pytest.mark.parametrize("question, answer, rules", [
    ("can_cast valakut front type:instant,mv<=3", True, ["601.3", "608.2g", "712.11b", "712.11c"]),
    ("can_cast valakut front mv>=4", False, ["601.3", "712.11c"]),
    ("can_cast valakut front mv=3", True, ["601.3", "608.2g", "712.11b", "712.11c"]),
    ("can_cast valakut back nonland", False, ["305.1", "601.3", "712.11c"]),
    ("can_cast esika front none", True, ["117.1a", "302.1", "601.3", "712.11b", "712.11c"]),
    ("can_cast esika back none", True, ["117.1a", "303.1", "601.3", "712.11b", "712.11c"]),
    # 712.8c: a nonmodal card cast transformed has its front face's mana value ({U}: 1).
    ("can_cast delver back transformed,mv<=1", True, ["601.3", "608.2g", "712.11a", "712.11c"]),
    ("can_cast delver back transformed,mv=0", False, ["601.3", "712.11c"]),
    ("can_cast delver front transformed", False, ["712.11a"]),
    ("can_cast delver back any", False, ["712.11"]),
])
def test_can_cast(question, answer, rules):
    got = ask(CARDS, question).single
    assert (got.value, got.rules) == (answer, rules)
