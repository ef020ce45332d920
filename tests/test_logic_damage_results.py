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
        'bob: order: the "plus 2" of torbran before the doubling of furnace, on the damage axe would deal to bob',
        'bob: order: the "plus 2" of torbran before the tripling of emancipation, on the damage axe would deal to bob']


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
        ((("ogre", "alice", 4),), ("alice: order: the prevention of half by gisela before the doubling of furnace, on the damage ogre would deal to alice",)),
        ((("ogre", "alice", 5),), ("alice: order: the doubling of furnace before the prevention of half by gisela, on the damage ogre would deal to alice",))]
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
