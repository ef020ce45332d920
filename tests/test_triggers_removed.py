"""logic/triggers.lp: a triggered ability that an effect has removed doesn't trigger (613.1f:
"loses all abilities"; 305.7), though its condition is met; the answer says which effect removed
it. The permanent is read just after the event (603.10), with every object relevant at every
point too (full_demand)."""

import pytest

from harness import MAIN_PHASE, ask, shown1

# Ajani's Pridemate under Humility: Healing Salve makes Alice gain 3 life at entry 2; Humility
# leaves at entry 3; another Salve at entry 5.
PRIDEMATE = """
objects:
  mate: {card: "Ajani's Pridemate"}
  humility: {card: Humility, owner: bob}
  salve: {card: Healing Salve, zone: hand}
  salve2: {card: Healing Salve, zone: hand}
timeline:
  - {cast: salve}                                      # 1
  - {resolve: salve, mode: 1, targets: [alice]}        # 2
  - {move: humility, to: graveyard}                    # 3
  - {cast: salve2}                                     # 4
  - {resolve: salve2, mode: 1, targets: [alice]}       # 5
"""

TRIGGERED = """
check_triggers(T) :- entry(T).
#show. #show (T, O, Name) : triggered(O, Name, T, R).
#show (T, O, Name, removed_by, Src, R) : trigger_removed(O, Name, Src, R, T).
"""


@pytest.mark.parametrize("full_demand", [False, True])
def test_the_pridemate_triggers_only_once_humility_is_gone(full_demand):
    assert shown1(MAIN_PHASE + PRIDEMATE, TRIGGERED, full_demand=full_demand) == [
        '(2,"mate","gain life: +1/+1 counter",removed_by,"humility","613.1f")',
        '(5,"mate","gain life: +1/+1 counter")',
    ]


def test_the_triggers_answer_names_the_effect_that_removed_the_ability():
    got = ask(MAIN_PHASE + PRIDEMATE, "triggers 2").single
    assert (got.value, got.rules) == ([], ["603.2", "613.1f"])
    assert got.because == ['mate\'s ability "gain life: +1/+1 counter" would trigger, but the effect of humility removed it']
