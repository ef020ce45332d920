"""Property-based tests: random small scenarios of double-faced objects (cards of the pool,
random zones, faces, tokens, counters, and short timelines of transform / move / counters /
tap events) must satisfy invariants that follow from the rules:

- 701.27g: a permanent with its front face up is never a transformed permanent;
- 701.27, 712.18, 613.7g: a transform that is allowed turns the permanent to its other face and
  gives it a new timestamp; one that isn't allowed changes neither;
- 712.8a, 202.3: the mana value of a card outside the battlefield and stack is its front face's
  (computed here from the card data, independently of the rules);
- demand (docs/adr/0001): every answer is the same with full_demand=1.

The default run is kept short (max_examples 40); HYPOTHESIS_PROFILE=thorough runs more.
"""

from __future__ import annotations

import os

import yaml
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from harness import NAMED_POINTS, pool, scenario
from rulecheck.ask import answer
from rulecheck.question_text import parse_ask
from rulecheck.solve import programs_for
from harness import solve
from rulecheck.facts import scenario_facts

settings.register_profile("default", max_examples=40, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=400, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

DOUBLE_FACED = [
    "Miles Morales // Ultimate Spider-Man", "Peter Parker // Amazing Spider-Man",
    "Sidequest: Play Blitzball // World Champion, Celestial Weapon", "Delver of Secrets // Insectile Aberration",
    "Emeria's Call // Emeria, Shattered Skyclave", "Valakut Awakening // Valakut Stoneforge",
    "Esika, God of the Tree // The Prismatic Bridge", "Huntmaster of the Fells // Ravager of the Fells",
    "Westvale Abbey // Ormendahl, Profane Prince", "Kessig Prowler // Sinuous Predator",
    "Tergrid, God of Fright // Tergrid's Lantern", "Incubator // Phyrexian",
]
OTHERS = ["White Knight", "Grizzly Bears", "Hanweir Garrison"]
ZONES = ["battlefield", "battlefield", "hand", "graveyard", "exile", "library"]
OTHER_SIDE = {"front": "back", "back": "front"}


@st.composite
def objects(draw):
    n = draw(st.integers(1, 4))
    out = {}
    for i in range(n):
        card = draw(st.sampled_from(DOUBLE_FACED + OTHERS))
        is_token_card = pool().find(card).is_token
        zone = "battlefield" if is_token_card else draw(st.sampled_from(ZONES))
        obj: dict = {"card": card, "zone": zone}
        if zone == "battlefield":
            if card in DOUBLE_FACED and draw(st.booleans()):
                obj["face"] = "back"
            if draw(st.integers(0, 5)) == 0:
                obj["face_down"] = True
            if not is_token_card and card in DOUBLE_FACED and draw(st.integers(0, 3)) == 0:
                obj["token"] = True                  # a token copy of a double-faced card (707.8a)
            k = draw(st.integers(0, 2))
            if k:
                obj["counters"] = {"+1/+1": k}
        out[f"o{i}"] = obj
    return out


@st.composite
def scenarios(draw):
    objs = draw(objects())
    ids = sorted(objs)
    timeline = []
    for _ in range(draw(st.integers(0, 5))):
        o = draw(st.sampled_from(ids))
        kind = draw(st.sampled_from(["transform", "transform", "move", "counters", "tap"]))
        if kind == "transform":
            timeline.append({"transform": o})
        elif kind == "move":
            to = draw(st.sampled_from(["battlefield", "hand", "graveyard", "exile"]))
            event = {"move": o, "to": to}
            if to == "battlefield" and draw(st.booleans()):
                event["transformed"] = True
            timeline.append(event)
        elif kind == "counters":
            timeline.append({"counters": o, "add": {"+1/+1": 1}})
        else:
            timeline.append({"tap": o})
    return yaml.safe_dump({"turn": {"number": 3, "active": "alice"}, "objects": objs, "timeline": timeline},
                          sort_keys=False, allow_unicode=True)


INVARIANT_PROGRAM = NAMED_POINTS + """
question_reads(T, O) :- object(O), entry(T).
tracks(O, timestamp) :- object(O).
front_up_but_transformed(O, W) :- transformed_permanent(O, P), face_up(O, front, P), named_point(P, W).
allowed(O, T) :- happens(T, transform(O)), before(T, B), can_turn_over(transform, O, B).
face_before(O, T, S) :- happens(T, transform(O)), before(T, B), face_up(O, S, B).
face_at(O, T, S) :- happens(T, transform(O)), point_of(T, E), face_up(O, S, E).
zone_before(O, T, Z) :- happens(T, transform(O)), before(T, B), zone(O, Z, B).
new_timestamp(O, T) :- happens(T, transform(O)), point_of(T, E), val(O, timestamp, (E, 0), E).
#show front_up_but_transformed/2. #show allowed/2. #show face_before/3. #show face_at/3.
#show new_timestamp/2. #show zone_before/3.
"""


def _models(scn) -> list[list[tuple]]:
    """The shown atoms of each answer set (a legend-rule choice makes several)."""
    result = solve(scenario_facts(scn), programs_for(None), extra_program=INVARIANT_PROGRAM)
    assert result.models
    return [[(a.name, tuple(_py(x) for x in a.arguments)) for a in model] for model in result.models]


def _py(sym):
    kind = sym.type.name
    return sym.string if kind == "String" else sym.number if kind == "Number" else str(sym)


def _front_mana_value(card_name: str) -> int:
    """The mana value of the front face, from the card data (202.3, 202.3a, 202.3e–g)."""
    face = pool().find(card_name).faces[0]
    total = 0
    for sym in face.mana_symbols:
        if sym.phyrexian:
            total += 1
            continue
        total += max(v if k == "generic" else (0 if k == "variable" else 1) for k, v in sym.alternatives)
    return total


@given(scenarios())
def test_invariants_of_transforming(text):
    scn = scenario(text)
    for atoms in _models(scn):
        # The state before every transform event was computed (the checks below have something
        # to look at): each has a zone there.
        zoned = {a[1][:2] for a in atoms if a[0] == "zone_before"}
        assert {(e.args["transform"], e.index) for e in scn.timeline if e.verb == "transform"} <= zoned, text
        # 701.27g: a front-face-up permanent is never a transformed permanent.
        assert [a for a in atoms if a[0] == "front_up_but_transformed"] == [], text
        allowed = {a[1] for a in atoms if a[0] == "allowed"}
        before = {a[1][:2]: a[1][2] for a in atoms if a[0] == "face_before"}
        at = {a[1][:2]: a[1][2] for a in atoms if a[0] == "face_at"}
        stamped = {a[1] for a in atoms if a[0] == "new_timestamp"}
        for event in scn.timeline:
            if event.verb != "transform":
                continue
            key = (event.args["transform"], event.index)
            if key in allowed:
                # 712.18: it turns over to its other face; 613.7g: it gets a new timestamp.
                assert at[key] == OTHER_SIDE[before[key]], text
                assert key in stamped, text
            else:
                assert key not in stamped, text
                if key in before and key in at:
                    assert at[key] == before[key], text


ZONES_AT_END = """
question_reads(T, O) :- object(O), entry(T), not entry(T + 1).
#show.
#show zone_at_end(O, Z) : zone(O, Z, P), end_of(T, P), not entry(T + 1).
"""


@given(scenarios())
def test_mana_value_outside_battlefield_and_stack_is_the_front_faces(text):
    scn = scenario(text)
    result = solve(scenario_facts(scn), programs_for(None), extra_program=ZONES_AT_END)
    assume(len(result.models) == 1)      # a legend-rule choice: which object went where depends on it
    zones = {a.arguments[0].string: str(a.arguments[1]) for a in result.models[0]}
    assert set(zones) == set(scn.objects), text          # every object has a zone (or ceased)
    for oid, obj in scn.objects.items():
        if zones.get(oid) not in ("hand", "graveyard", "exile", "library"):
            continue
        got = answer(scn, parse_ask(f"mana_value {oid}", scn)).single
        assert got.value == _front_mana_value(obj.card.name), (text, oid)
        if len(obj.card.faces) > 1:
            assert "712.8a" in got.rules, (text, oid)
        if obj.card.faces[0].mana_cost is None:
            assert "202.3a" in got.rules, (text, oid)


def _outcomes(ans):
    return sorted((repr(o.value), tuple(o.rules), tuple(o.because)) for o in ans.outcomes), ans.invalid


@given(scenarios(), st.sampled_from(["characteristics", "can_transform", "mana_value", "printed_on"]),
       st.data())
def test_demand_does_not_change_answers(text, ask, data):
    scn = scenario(text)
    oid = data.draw(st.sampled_from(sorted(scn.objects)))
    at = data.draw(st.integers(0, len(scn.timeline)))
    q = parse_ask(f"{ask} {oid} at={at}", scn)
    assert _outcomes(answer(scn, q)) == _outcomes(answer(scn, q, constants={"full_demand": 1})), (text, q.label())
