"""logic/stack.lp: triggered and delayed abilities on the stack, what resolving does (712.13,
712.13a, Delver's reveal, The Prismatic Bridge, Sunfall, Cackling Counterpart, Sidequest)."""

import textwrap

from harness import ask, pool, shown1
from rulecheck.cards import CardPool
from rulecheck.document import parse_yaml
from rulecheck.facts import scenario_facts
from rulecheck.load import build_scenario
from rulecheck.solve import programs_for
from harness import solve

NEED = "question_reads(T, O) :- object(O), entry(T). #show. "


def test_triggered_ability_goes_on_the_stack_and_resolves():
    # Delver's upkeep trigger; the revealed card is an instant (Valakut Awakening's front face,
    # 712.8a in the library): it transforms.
    atoms = shown1("""
    turn: {number: 2, active: alice, step: upkeep}
    objects:
      delver: {card: Delver of Secrets}
      top: {card: Valakut Awakening, zone: library}
    timeline:
      - {trigger: delver, ability: "upkeep: reveal", id: t}
      - {resolve: t, reveal: top}
    """, NEED + '#show item_effect/2. #show turns_over/3. #show z(Id, Z) : read_point(2, Id, B), zone(Id, Z, B), Id = "t".')
    assert atoms == ['item_effect("t",if(revealed(instant_or_sorcery),transform(self)))',
                     'turns_over(transform,"delver",2)', 'z("t",stack)']


def test_delver_does_not_transform_when_a_land_is_revealed():
    atoms = shown1("""
    objects:
      delver: {card: Delver of Secrets}
      top: {card: "Emeria's Call", zone: library}
      land_top: {card: White Knight, zone: library}
    timeline:
      - {trigger: delver, ability: "upkeep: reveal", id: t}
      - {resolve: t, reveal: land_top}
    """, NEED + '#show turns_over/3. #show invalid/2.')
    assert atoms == []


def test_unknown_triggered_ability_is_reported():
    atoms = shown1("""
    objects:
      delver: {card: Delver of Secrets}
    timeline:
      - {trigger: delver, ability: "nonsense", id: t}
    """, '#show invalid/2.')
    assert atoms == ['invalid(no_such_ability("delver","nonsense"),1)']


def test_casting_what_is_on_the_battlefield_or_the_stack_is_reported():
    # 601.3: no rule or effect lets a player cast a permanent, or a spell already on the stack.
    # The second cast of bears finds it where the rules put it: on the battlefield, after it
    # resolved (608.3). Casting from a hand, a graveyard or exile may be allowed (by an effect):
    # nothing reported.
    atoms = shown1("""
    objects:
      bears: {card: Grizzly Bears, zone: hand}
      knight: {card: White Knight, zone: battlefield}
      bolt: {card: Lightning Bolt, zone: hand}
      axe: {card: Lava Axe, zone: graveyard}
      fog: {card: Fog, zone: exile}
    timeline:
      - {cast: bears}
      - {resolve: bears}
      - {cast: bears}
      - {cast: knight}
      - {cast: bolt}
      - {cast: bolt}
      - {cast: axe}
      - {cast: fog}
    """, '#show invalid/2.')
    assert atoms == ['invalid(cast_from("bears",battlefield,"601.3"),3)',
                     'invalid(cast_from("bolt",stack,"601.3"),6)',
                     'invalid(cast_from("knight",battlefield,"601.3"),4)']


def test_casting_from_the_battlefield_is_a_warning_in_the_answer():
    got = ask("""
    objects:
      knight: {card: White Knight, zone: battlefield}
    timeline:
      - {cast: knight}
    """, "characteristics knight")
    assert got.invalid == ["cast from: knight, on the battlefield, 601.3 (at timeline entry 1, line 5: cast)"]


def test_prismatic_bridge_puts_the_revealed_card_onto_the_battlefield_front_face_up():
    atoms = shown1("""
    objects:
      bridge: {card: "Esika, God of the Tree", face: back}
      tergrid: {card: "Tergrid, God of Fright", zone: library}
    timeline:
      - {trigger: bridge, ability: "upkeep: reveal", id: t}
      - {resolve: t, reveal: tergrid}
    """, NEED + '#show face(O, S) : face_up(O, S, P), end_of(2, P), O = "tergrid". #show invalid/2.')
    assert atoms == ['face("tergrid",front)']


def test_prismatic_bridge_rejects_a_card_that_does_not_qualify_by_its_front_face():
    atoms = shown1("""
    objects:
      bridge: {card: "Esika, God of the Tree", face: back}
      emeria: {card: "Emeria's Call", zone: library}
    timeline:
      - {trigger: bridge, ability: "upkeep: reveal", id: t}
      - {resolve: t, reveal: emeria}
    """, NEED + '#show invalid/2. #show z(Z) : zone("emeria", Z, P), end_of(2, P).')
    assert atoms == ['invalid(revealed_card_does_not_qualify("emeria",creature_or_planeswalker),2)', 'z(library)']


def test_sidequest_transforms_and_attaches_after_six_combat_damage():
    text = """
    turn: {number: 3, active: alice, step: declare_attackers}
    objects:
      quest: {card: "Sidequest: Play Blitzball"}
      knight: {card: White Knight, counters: {"+1/+1": 4}}
    timeline:
      - {attack: knight, target: bob}
      - {begin: combat_damage}
      - {begin: combat_damage}
      - {begin: end_of_combat}
      - {trigger: quest, ability: "end of combat: transform", id: t}
      - {resolve: t, targets: [knight]}
    """
    atoms = shown1(text, NEED + '#show turns_over/3. #show attached(O, X) : attached_to(O, X, P), end_of(6, P).'
                               ' #show ts((E, N)) : val("quest", timestamp, (Q, N), P), end_of(6, P), point_of(E, Q).')
    assert atoms == ['attached("quest","knight")', 'ts((6,0))', 'turns_over(transform,"quest",6)']


def _custom_pool() -> CardPool:
    # A new pool: the built-in one is shared by every test in the process (CardPool.builtin()).
    return pool().extended([{"name": "Test Creature // Test Sorcery", "layout": "transform", "card_faces": [
        {"name": "Test Creature", "mana_cost": "{1}{U}", "type_line": "Creature — Test", "power": "1", "toughness": "1"},
        {"name": "Test Sorcery", "mana_cost": "", "type_line": "Sorcery"}]}], "test", "test")


def test_712_13a_a_spell_entering_transformed_with_a_sorcery_back_face_goes_to_the_graveyard():
    text = textwrap.dedent("""
    objects:
      c: {card: Test Creature, zone: stack, owner: bob, controller: alice}
      prowler: {card: Kessig Prowler, zone: stack}
    timeline:
      - {resolve: prowler, transformed: true}
      - {resolve: c, transformed: true}
    """)
    scn = build_scenario(parse_yaml(text, "<t>"), "<t>", _custom_pool())
    result = solve(scenario_facts(scn), programs_for(None), extra_program=NEED +
                   '#show z(O, Z, S) : zone(O, Z, P), val(O, owner, S, P), end_of(2, P). #show face(O, S) : face_up(O, S, P), end_of(2, P).')
    atoms = sorted(str(s) for s in result.models[0])
    # c goes to its owner's (bob's) graveyard; Prowler enters as Sinuous Predator.
    assert atoms == ['face("prowler",back)', 'z("c",graveyard,"bob")', 'z("prowler",battlefield,"alice")']


def test_a_spell_that_didnt_resolve_stays_on_top_of_one_below_it():
    # The scenario's stack, bottom to top: song, bears, bears2 (timestamp order). Resolving the
    # middle one first does nothing (608.1: only the top item resolves), so it is still there
    # above the song when the song is told to resolve after bears2. Found by the differential
    # fuzzer: the middle one was read only until its own resolve entry, so the song was taken
    # for the top, normally but not with every object relevant everywhere.
    text = """
    objects:
      song: {card: Titania's Song, zone: stack}
      bears: {card: Grizzly Bears, zone: stack}
      bears2: {card: Grizzly Bears, zone: stack}
    timeline:
      - {resolve: bears}
      - {resolve: bears2}
      - {resolve: song}
    """
    for full in (False, True):
        got = shown1(text, "#show. #show invalid(W, T) : invalid(W, T), W = not_top_of_stack(X, Y).", full_demand=full)
        assert got == ['invalid(not_top_of_stack("bears","bears2"),1)', 'invalid(not_top_of_stack("song","bears"),3)']
