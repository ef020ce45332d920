"""Loading scenarios with tokens created during the timeline (zone none, docs/adr/0002),
triggers, delayed triggers and copy events: every mistake is one located error."""

import pytest

from harness import scenario
from rulecheck.errors import ScenarioError


@pytest.mark.parametrize("text, where, message", [
    ("objects:\n  t: {card: Incubator, zone: none}\n",
     "objects.t", "'t' is declared with zone: none but no timeline event creates it"),
    ("objects:\n  t: {card: Incubator, zone: none}\ntimeline:\n  - {create: t}\n  - {create: t}\n",
     "timeline[1].create", "'t' is already created at timeline entry 1"),
    ("objects:\n  k: {card: White Knight}\ntimeline:\n  - {create: k}\n",
     "timeline[0].create", "'k' is already in the game (zone: battlefield)"),
    ("objects:\n  t: {card: Incubator, zone: none}\ntimeline:\n  - {transform: t}\n  - {create: t}\n",
     "timeline[0].transform", "'t' doesn't exist yet at entry 1"),
    ("objects:\n  t: {zone: none}\ntimeline:\n  - {create: t}\n",
     "timeline[0].create", "'t' has no card: create it as a copy"),
    ("objects:\n  k: {zone: hand}\n",
     "objects.k", "missing required key 'card'"),
    ("objects:\n  t: {card: Incubator, zone: none, counters: {\"+1/+1\": 1}}\ntimeline:\n  - {create: t}\n",
     "objects.t.counters", "an object in zone none doesn't exist yet"),
    ("objects:\n  d: {card: Delver of Secrets}\ntimeline:\n  - {delay: d, effect: transform, id: x}\n"
     "  - {trigger: x, ability: foo}\n",
     "timeline[1].ability", "'x' is a delayed triggered ability"),
    ("objects:\n  d: {card: Delver of Secrets}\ntimeline:\n  - {trigger: d}\n",
     "timeline[0]", "a trigger event names the triggered ability"),
    ("objects:\n  d: {card: Delver of Secrets}\ntimeline:\n  - {copy: d, of: d}\n",
     "timeline[0].of", "an object can't become a copy of itself"),
    ("objects:\n  d: {card: Delver of Secrets}\n  c: {card: Clone, zone: hand}\ntimeline:\n"
     "  - {move: c, to: graveyard, as_copy_of: d}\n",
     "timeline[0].as_copy_of", "only a permanent enters as a copy"),
    ("objects:\n  d: {card: Delver of Secrets}\ntimeline:\n  - {activate: d, ability: x, id: d}\n",
     "timeline[0].id", "duplicate id 'd'"),
    ("objects:\n  d: {card: Delver of Secrets}\nquestions:\n  - {ask: can_cast, object: d, face: front, criteria: \"mv<3\"}\n",
     "questions[0].criteria", "unknown criterion 'mv<3'"),
    ("objects:\n  d: {card: Delver of Secrets}\nquestions:\n  - {ask: would_trigger, object: d, condition: dies, entry: 0}\n",
     "questions[0].condition", "unknown trigger condition 'dies'"),
])
def test_located_errors(text, where, message):
    with pytest.raises(ScenarioError) as info:
        scenario(text)
    assert info.value.where == where
    assert message in info.value.message


def test_a_created_token_is_a_token_owned_as_declared():
    scn = scenario("objects:\n  t: {card: Incubator, zone: none, owner: bob}\ntimeline:\n  - {create: t}\n")
    assert scn.objects["t"].token and scn.objects["t"].zone == "none" and scn.objects["t"].owner == "bob"
