"""What damage does (120.3a-h) and the damage replacement effects of the pool's damage cards:
deathtouch (702.2b, 702.2c, 704.5h), lifelink (702.15b), wither (702.80a), infect (702.90b,
702.90c), poison counters (122.1f, 704.5c), tripling and "plus 2" (614.1a), doublers limited to
some recipients, Gisela's prevention of half (615.1a), combat damage through the same
machinery (510.2, 120.4b)."""

from hypothesis import HealthCheck, given, settings, strategies as st

from harness import ask, shown1

BLITZBALL = """
turn: {number: 3, active: alice, step: declare_attackers}
objects:
  quest: {card: "Sidequest: Play Blitzball"}
EXTRA
timeline:
ATTACKS
  - {begin: combat_damage}
  - {begin: combat_damage}
  - {begin: end_of_combat}
"""


def blitzball(extra: str, attacks: str) -> str:
    return BLITZBALL.replace("EXTRA", extra).replace("ATTACKS", attacks)


def test_combat_damage_to_a_player_is_what_replacement_made_of_it():
    # White Knight (2/2, first strike) with a +1/+1 counter assigns 3 to bob; Furnace of Rath
    # doubles it (701.10g): bob is dealt 6 combat damage, and the quest's intervening "if" (603.4)
    # is true. Read before the replacement, it was 3.
    text = blitzball("  knight: {card: White Knight, counters: {\"+1/+1\": 1}}\n  furnace: {card: Furnace of Rath}",
                     "  - {attack: knight, target: bob}")
    six = ask(text, "triggers 4").single
    assert (six.value, six.rules) == ([["quest", "end of combat: transform"]], ["603.2", "603.2b"])


def test_combat_damage_of_two_creatures_of_the_same_amount_adds_up():
    # Two White Knights with a +1/+1 counter each deal 3 + 3 = 6 combat damage to bob (510.2):
    # the total counts each source's damage, not each distinct amount.
    text = blitzball("  k1: {card: White Knight, counters: {\"+1/+1\": 1}}\n"
                     "  k2: {card: White Knight, counters: {\"+1/+1\": 1}}",
                     "  - {attack: k1, target: bob}\n  - {attack: k2, target: bob}")
    six = ask(text, "triggers 5").single
    assert (six.value, six.rules) == ([["quest", "end of combat: transform"]], ["603.2", "603.2b"])


# --- Replacement effects limited to some damage (614.1a, 615.1a, 616.1) -----------------------

def dealt(answer):
    """The sorted (amounts dealt, choices) of each outcome."""
    return sorted((tuple((r["source"], r["to"], r["amount"]) for r in o.value["dealt"]), tuple(o.choices))
                  for o in answer.outcomes)


RULES_ORDERED = ["120.3a", "120.4b", "614.1a", "614.5", "616.1", "616.1e", "616.1f", "701.10g"]


def test_furnace_emancipation_and_torbran_give_every_distinct_result():
    # 5 damage from alice's red Lava Axe to bob: Torbran's +2 first gives 42; after the doubling
    # 36; after the tripling 34; last 32 (the doubling and the tripling commute).
    answer = ask(open("docs/examples/damage/furnace-emancipation-torbran.yaml").read(), "damage_outcomes 2")
    amounts = sorted(o.value["dealt"][0]["amount"] for o in answer.outcomes)
    assert amounts == [32, 34, 36, 42]
    assert sorted(o.value["life"]["bob"] for o in answer.outcomes) == [-22, -16, -14, -12]
    assert [o.rules for o in answer.outcomes] == [RULES_ORDERED] * 4
    forty_two = [o for o in answer.outcomes if o.value["dealt"][0]["amount"] == 42][0]
    assert sorted(forty_two.choices) == [
        'bob: order: the "plus 2" of torbran before the doubling of furnace, on the damage axe would deal to bob at entry 2',
        'bob: order: the "plus 2" of torbran before the tripling of emancipation, on the damage axe would deal to bob at entry 2']


ALICE_BOB = """
turn: {number: 3, active: alice, step: precombat_main}
objects:
OBJECTS
timeline:
TIMELINE
"""


def scen(objects: str, timeline: str) -> str:
    return ALICE_BOB.replace("OBJECTS", objects).replace("TIMELINE", timeline)


def test_fiery_emancipation_triples_only_its_controller_s_sources():
    # "a source you control": bob's Bears' damage to alice is not tripled, alice's is.
    text = scen("  fe: {card: Fiery Emancipation}\n  mine: {card: Grizzly Bears}\n  theirs: {card: Grizzly Bears, owner: bob}",
                "  - {damage: 2, source: theirs, target: alice}\n  - {damage: 2, source: mine, target: bob}")
    assert dealt(ask(text, "damage_outcomes 1")) == [((("theirs", "alice", 2),), ())]
    two = ask(text, "damage_outcomes 2")
    assert dealt(two) == [((("mine", "bob", 6),), ())]
    assert two.single.rules == ["120.3a", "120.4b", "614.1a", "614.5"]


def test_torbran_adds_2_only_for_a_red_source_to_an_opponent_or_their_permanent():
    # Green Bears: no +2 (a red source you control); a red Shock-less source, Torbran himself
    # (red): +2 to bob and to bob's Bears, not to alice's own Bears.
    text = scen("  torbran: {card: \"Torbran, Thane of Red Fell\"}\n  green: {card: Grizzly Bears}\n"
                "  hers: {card: Grizzly Bears}\n  his: {card: Grizzly Bears, owner: bob}",
                "  - {damage: 1, source: green, target: bob}\n  - {damage: 1, source: torbran, target: bob}\n"
                "  - {damage: 1, source: torbran, target: his}\n  - {damage: 1, source: torbran, target: hers}")
    assert [dealt(ask(text, f"damage_outcomes {n}")) for n in (1, 2, 3, 4)] == [
        [((("green", "bob", 1),), ())], [((("torbran", "bob", 3),), ())],
        [((("torbran", "his", 3),), ())], [((("torbran", "hers", 1),), ())]]


def test_fiendish_duo_and_gisela_on_bob_and_his_creature():
    text = open("docs/examples/damage/doubler-opponents-creature.yaml").read()
    # To bob's creature: Gisela's doubling only (Duo: "to an opponent", a player).
    one = ask(text, "damage_outcomes 1")
    assert dealt(one) == [((("duo", "bears", 4),), ())]
    assert "the doubling of gisela applied to the damage duo would deal to bears" in one.single.because
    # To bob: both; doublings commute, one outcome, bob chose an order.
    assert [o.value["dealt"] for o in ask(text, "damage_outcomes 2").outcomes] == [[{"source": "duo", "to": "bob", "amount": 8}]]
    # To alice under bob's Furnace: Gisela's half (rounded up) prevented before or after the doubling.
    four = ask(text, "damage_outcomes 4")
    assert dealt(four) == [
        ((("ogre", "alice", 4),), ("alice: order: the prevention of half by gisela before the doubling of furnace, on the damage ogre would deal to alice at entry 4",)),
        ((("ogre", "alice", 5),), ("alice: order: the doubling of furnace before the prevention of half by gisela, on the damage ogre would deal to alice at entry 4",))]
    assert [o.rules for o in four.outcomes] == [
        ["120.3a", "120.4b", "614.1a", "614.5", "615.1a", "616.1", "616.1e", "616.1f", "701.10g"]] * 2


DOUBLERS = {"Furnace of Rath": 2, "Dictate of the Twin Gods": 2, "Fiery Emancipation": 3,
            "Gisela, Blade of Goldnight": 2, "Fiendish Duo": 2}


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(sorted(DOUBLERS)), min_size=1, max_size=4, unique=True), st.integers(1, 9))
def test_with_only_doublers_and_triplers_there_is_exactly_one_outcome(cards, amount):
    # Multiplications commute: every order the affected player may choose gives one result.
    objects = "\n".join(f"  m{i}: {{card: \"{c}\"}}" for i, c in enumerate(cards)) + "\n  src: {card: Grizzly Bears}"
    answer = ask(scen(objects, f"  - {{damage: {amount}, source: src, target: bob}}"), "damage_outcomes 1")
    product = 1
    for c in cards:
        product *= DOUBLERS[c]
    assert [o.value["dealt"] for o in answer.outcomes] == [[{"source": "src", "to": "bob", "amount": amount * product}]]


# --- What damage does (120.3a-h) ----------------------------------------------------------------

def example(name: str) -> str:
    return open(f"docs/examples/damage/{name}.yaml").read()


KEYWORDS = scen("  hawk: {card: Vampire Nighthawk}\n  elf: {card: Glistener Elf}\n  ram: {card: Boggart Ram-Gang}\n"
                "  ogre: {card: Grizzly Bears, owner: bob}\n  bears: {card: Grizzly Bears, owner: bob}\n"
                "  rats: {card: Typhoid Rats, owner: bob}",
                "  - {damage: 1, source: hawk, target: ogre}\n  - {damage: 1, source: elf, target: bears}\n"
                "  - {damage: 2, source: elf, target: bob}\n  - {damage: 2, source: ram, target: rats}\n"
                "  - {damage: 2, source: hawk, target: bob}")


def test_deathtouch_wither_and_infect_results_as_state():
    # 1 from deathtouch destroys a 2/2 (704.5h); infect and wither give -1/-1 counters, not marked
    # damage (120.3d): the Bears (2/2) survive one, the Rats (1/1) die of two (704.5f); infect to
    # a player: poison, no life lost (120.3b); lifelink: alice gains (120.3f).
    atoms = shown1(KEYWORDS, "#show. #show performed(A, T) : performed(A, P), T = P / k."
                             "#show damage(O, D, T) : val(O, damage, D, P), end_of(T, P), D > 0, object(O)."
                             "#show counter(O, K, N, T) : val(O, counter(K), N, P), end_of(T, P), N > 0."
                             "#show poison(Pl, N, T) : poison_change(Pl, N, E, S), point_of(T, E)."
                             "#show life(Pl, D, T) : life_change(Pl, D, E, W), point_of(T, E).")
    assert atoms == [
        'counter("bears","-1/-1",1,2)',
        'life("alice",1,1)', 'life("alice",2,5)', 'life("bob",-2,5)',
        'performed(sba("ogre",graveyard,"704.5h"),1)', 'performed(sba("rats",graveyard,"704.5f"),4)',
        'poison("bob",2,3)']


def test_the_outcome_of_infect_tripled_to_a_creature_and_to_a_player():
    text = example("infect")
    one = ask(text, "damage_outcomes 1").single
    assert (one.value["counters"], one.value["dies"]) == ([{"on": "bears", "kind": "-1/-1", "change": 3}],
                                                          [{"object": "bears", "rule": "704.5f"}])
    assert one.rules == ["120.3d", "120.4b", "122.1", "614.1a", "614.5", "702.90c", "704.5f"]
    two = ask(text, "damage_outcomes 2").single
    assert (two.value["life"], two.value["poison"]) == ({"bob": 20}, {"bob": 12})
    assert two.rules == ["120.3b", "120.4b", "122.1f", "614.1a", "614.5", "702.90b", "704.5c"]
    poison = ask(text, "poison bob").single
    assert (poison.value, poison.rules) == (12, ["120.3b", "122.1f", "702.90b", "704.5c"])
    assert "bob has 12 poison counters: ten or more, bob loses the game (704.5c)" in poison.because
    assert ask(text, "poison bob at=1").single.value == 0


def test_lifelink_gains_the_doubled_damage():
    answer = ask(example("lifelink-doubler"), "damage_outcomes 1").single
    assert (answer.value["dealt"], answer.value["life"]) == ([{"source": "hawk", "to": "bears", "amount": 4}], {"alice": 24})
    assert answer.value["dies"] == [{"object": "bears", "rule": "704.5g"}, {"object": "bears", "rule": "704.5h"}]
    assert ask(example("lifelink-doubler"), "life alice").single.value == 24


def test_deathtouch_with_trample_assigns_1_to_the_blocker():
    # 702.2c, 702.19b: 1 to the 4/4 Angel is lethal from a deathtouch source; the other 1 to bob.
    text = example("deathtouch-trample")
    steps = ask(text, "damage_steps at=4").single
    assert [(d["creature"], d["to"], d["amount"]) for d in steps.value["damage"]] == [
        ("hawk", "bob", 1), ("hawk", "serra", 1), ("serra", "hawk", 4)]
    assert "702.2c" in steps.rules
    answer = ask(text, "damage_outcomes 5").single
    assert answer.value["life"] == {"alice": 22, "bob": 19}
    assert answer.value["dies"] == [{"object": "hawk", "rule": "704.5g"}, {"object": "serra", "rule": "704.5h"}]
    assert answer.rules == ["120.3a", "120.3e", "120.3f", "120.4b", "702.2b", "702.2c", "702.15b", "702.19b",
                            "704.5g", "704.5h"]


def test_without_deathtouch_a_trampler_assigns_lethal_damage_first():
    # The same attack with Serra Angel's 4 toughness and no deathtouch (a Ram-Gang, 3/3, given
    # trample): all 3 to the blocker, nothing to bob (702.19b).
    text = example("deathtouch-trample").replace("card: Vampire Nighthawk", "card: Boggart Ram-Gang")
    steps = ask(text, "damage_steps at=4").single
    assert [(d["creature"], d["to"], d["amount"]) for d in steps.value["damage"]] == [("hawk", "serra", 3), ("serra", "hawk", 4)]


# --- Effects that say something can't happen (614.17); preventing all combat damage (615.1a) --

def test_platinum_emperion_keeps_its_controller_s_life_total_as_damage_is_dealt():
    text = example("platinum-emperion")
    axe = ask(text, "damage_outcomes 2").single
    # The damage is dealt (doubled), but alice loses no life (614.17, not a replacement effect).
    assert (axe.value["dealt"], axe.value["life"]) == ([{"source": "axe", "to": "alice", "amount": 10}], {"alice": 20})
    assert axe.rules == ["120.3a", "120.4b", "614.1a", "614.5", "614.17", "701.10g"]
    assert "alice's life total can't change (emperion): the change of -10 didn't happen (614.17)" in axe.because
    # Her lifelink source's damage to bob: he loses 4, she gains none.
    hawk = ask(text, "damage_outcomes 3").single
    assert hawk.value["life"] == {"alice": 20, "bob": 16}
    assert [ask(text, f"life {p}").single.value for p in ("alice", "bob")] == [20, 16]


def test_without_platinum_emperion_the_life_changes():
    text = example("platinum-emperion").replace("  emperion: {card: Platinum Emperion}\n", "")
    assert [ask(text, f"life {p}").single.value for p in ("alice", "bob")] == [14, 16]


def test_fog_prevents_combat_damage_this_turn_and_nothing_else():
    text = example("fog")
    fog = ask(text, "damage_outcomes 6").single
    assert [(d["source"], d["amount"]) for d in fog.value["dealt"]] == [("bears", 0), ("hawk", 0)]
    assert fog.rules == ["120.4b", "615.1a"]
    # The damage after combat is no combat damage: doubled, dealt.
    assert ask(text, "damage_outcomes 8").single.value["dealt"] == [{"source": "bears", "to": "bob", "amount": 4}]
    assert [ask(text, f"life {p}").single.value for p in ("alice", "bob")] == [20, 16]
    # Cast the turn before, its effect is over ("this turn", 514.2): the combat damage is dealt.
    earlier = scen("  hawk: {card: Vampire Nighthawk}\n  furnace: {card: Furnace of Rath}\n"
                   "  fog: {card: Fog, owner: bob, zone: hand}",
                   "  - {cast: fog}\n  - {resolve: fog}\n  - {begin_turn: 4, active: alice}\n"
                   "  - {begin: declare_attackers}\n  - {attack: hawk, target: bob}\n  - {begin: declare_blockers}\n"
                   "  - {begin: combat_damage}")
    late = ask(earlier, "damage_outcomes 7").single
    assert (late.value["dealt"], late.value["life"]) == ([{"source": "hawk", "to": "bob", "amount": 4}], {"alice": 24, "bob": 16})
