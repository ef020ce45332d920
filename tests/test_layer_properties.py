"""Properties of the layer system (613), on random boards and orders:

- 613.4c: effects that modify power and toughness add up; applied in any order (any order of
  the timeline's pumps, any timestamps of the anthems) they give the same result, the printed
  values plus their sum;
- 613.7: with no dependency (613.8a) and no characteristic-defining ability, every layer
  applies its effects in timestamp order: `layer_order` lists each layer's effects in the order
  of their sources' timestamps (the scenario lists objects in timestamp order), each "timestamp".

The default run is kept short; HYPOTHESIS_PROFILE=thorough (tests/test_properties.py) runs more.
"""

from __future__ import annotations

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from harness import ask

BOARD = {"players": ["alice", "bob"], "turn": {"number": 4, "active": "alice", "step": "precombat_main"}}


def _text(objects: dict, timeline: list | None = None) -> str:
    return yaml.safe_dump({**BOARD, "objects": objects, "timeline": timeline or []}, sort_keys=False)


@settings(max_examples=8, deadline=None)
@given(pumps=st.lists(st.tuples(st.integers(-3, 3), st.integers(0, 3)), min_size=1, max_size=4),
       anthems=st.integers(0, 2), anthems_first=st.booleans(), data=st.data())
def test_modifications_add_up_in_any_order(pumps, anthems, anthems_first, data):
    order = data.draw(st.permutations(range(len(pumps))))
    objects = {f"anthem{i}": {"card": "Glorious Anthem"} for i in range(anthems)}
    bears = {"bears": {"card": "Grizzly Bears"}}
    objects = {**objects, **bears} if anthems_first else {**bears, **objects}
    timeline = [{"pump": "bears", "power": pumps[i][0], "toughness": pumps[i][1]} for i in order]
    got = ask(_text(objects, timeline), "characteristics bears").single.value
    power = 2 + anthems + sum(x for x, _ in pumps)
    toughness = 2 + anthems + sum(y for _, y in pumps)
    if toughness > 0:
        assert (got["power"], got["toughness"]) == (power, toughness)
    else:   # 704.5f: put into its owner's graveyard, where it has its printed values
        assert got["zone"] == "graveyard"


# Permanents whose static abilities never depend on each other (613.8a): none removes an ability
# or changes what another applies to (Opalescence makes the enchantments creatures, which only
# changes what Glorious Anthem and Fervor apply to in later layers).
INDEPENDENT = ["Glorious Anthem", "Fervor", "Opalescence", "Magus of the Moon", "Blood Moon", "Grizzly Bears",
               "Breeding Pool"]


@settings(max_examples=8, deadline=None)
@given(cards=st.permutations(INDEPENDENT))
def test_without_dependencies_each_layer_applies_in_timestamp_order(cards):
    objects = {f"o{i}": {"card": c} for i, c in enumerate(cards)}
    listed = list(objects)
    bears = listed[cards.index("Grizzly Bears")]
    got = ask(_text(objects), f"layer_order {bears}").single
    applied = got.value["applied"]
    assert applied, "Glorious Anthem, Fervor apply to the Bears"
    for layer in {row["layer"] for row in applied}:
        rows = sorted((r for r in applied if r["layer"] == layer), key=lambda r: r["order"])
        assert [r["why"] for r in rows] == ["timestamp"] * len(rows)
        assert [listed.index(r["source"]) for r in rows] == sorted(listed.index(r["source"]) for r in rows)
    assert "613.8a" not in got.rules and "613.8b" not in got.rules
