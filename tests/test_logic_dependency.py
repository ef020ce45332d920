"""logic/dependency.lp and bridge/layering.py: which effects depend on which (613.8a), the order
networkx gives them (613.8b), and effects whose ability is removed before they apply (613.6,
305.7). The classic interactions, with their answers explained from the CR text, are the
scenarios in docs/examples/layers/ (each expectation a test of its own)."""

from harness import MAIN_PHASE, ask, shown1
import test_layer2_3 as layer2_3

from rulecheck.layering import position_facts

DEPENDS = "#show. #show d(A, B, L, Part) : effect_depends(static(A, _, _), static(B, _, _), L, Part, P), end_of(0, P)."
LANDS = """
cards:
  - {name: Forest, layout: normal, type_line: Basic Land — Forest, oracle_text: "({T}: Add {G}.)", mana_cost: "", colors: []}
objects:
"""


def test_urborgs_effect_depends_on_blood_moons_for_its_existence():
    # 305.7: Blood Moon's effect removes the ability that generates Urborg's (613.8a, existence);
    # Urborg's doesn't change what Blood Moon's applies to or does.
    atoms = shown1(LANDS + """
      urborg: {card: "Urborg, Tomb of Yawgmoth"}
      moon: {card: Blood Moon}
      forest: {card: Forest}
    """, 'question_reads(0, "forest"). ' + DEPENDS)
    assert atoms == ['d("urborg","moon","4",existence)']


def test_march_depends_on_lattice_for_what_it_applies_to():
    # Mycosynth Lattice makes the Anthem an artifact: a noncreature artifact March applies to.
    # The Bears are a creature: the Lattice changes nothing about March there; and nothing
    # March does changes what the Lattice applies to (all permanents).
    atoms = shown1("""
    objects:
      march: {card: March of the Machines}
      lattice: {card: Mycosynth Lattice}
      anthem: {card: Glorious Anthem}
      bears: {card: Grizzly Bears}
    """, 'question_reads(0, "anthem"). ' + DEPENDS)
    assert atoms == ['d("march","lattice","4",applies_to)']


def test_the_dependency_on_what_it_applies_to_is_found_whatever_object_is_asked_about():
    # 613.8a: the dependency is of March's effect on Lattice's, whatever object a question looks
    # at. Asked about Lattice alone (an artifact already: nothing changes about March there), the
    # rules could find it only through an object they didn't look at there (March, an enchantment
    # Lattice makes an artifact), and ordered layer 4 by timestamp: March, then Lattice. Each
    # object either may affect now makes those that may show it relevant where it is.
    text = "objects:\n  march: {card: March of the Machines}\n  lattice: {card: Mycosynth Lattice}\n"
    assert shown1(text, 'question_reads(0, "lattice"). ' + DEPENDS) == ['d("march","lattice","4",applies_to)']
    order = ask(MAIN_PHASE + text, "layer_order lattice").single
    assert [(a["layer"], a["order"], a["source"], a["why"]) for a in order.value["applied"]] == [
        ("4", 1, "lattice", "timestamp"), ("4", 2, "march", {"after": ["lattice"]}), ("5", 1, "lattice", "timestamp"),
        ("7b", 1, "march", "timestamp")]
    assert (order.rules, order.because) == (["613.1", "613.7", "613.8a", "613.8b"],
                                            ["march's effect depends on lattice's (what it applies to, 613.8a)"])


def test_humility_and_opalescence_depend_on_nothing():
    # 613.8a: Opalescence's layer-4 effect makes Humility a creature, but nothing in layer 6 or
    # 7b changes whether the other exists, what it applies to or what it does.
    atoms = shown1("""
    objects:
      humility: {card: Humility}
      opal: {card: Opalescence}
    """, 'question_reads(0, "humility"). ' + DEPENDS)
    assert atoms == []


def test_two_blood_moons_on_two_nonbasic_urborgs_each_wait_only_for_the_moons():
    # Both Urborgs' effects depend on both Moons' (each Moon removes each Urborg's ability).
    atoms = shown1(LANDS + """
      urborg1: {card: "Urborg, Tomb of Yawgmoth"}
      urborg2: {card: "Urborg, Tomb of Yawgmoth", owner: bob}
      moon: {card: Blood Moon}
    """, 'question_reads(0, "urborg1"). ' + DEPENDS)
    assert atoms == ['d("urborg1","moon","4",existence)', 'd("urborg2","moon","4",existence)']


def test_the_order_goes_back_as_positions_and_the_answer_follows_it():
    # Urborg (timestamp first) would make the Forest a Swamp in timestamp order (613.7); the
    # dependency puts Blood Moon first (613.8b), which removes Urborg's ability (305.7).
    got = ask(LANDS + """
      urborg: {card: "Urborg, Tomb of Yawgmoth"}
      moon: {card: Blood Moon}
      forest: {card: Forest}
    """, "characteristics forest").single
    assert got.value["subtypes"] == ["Forest"]
    assert got.rules == ["202.3", "202.3a", "305.7", "613.8a", "613.8b"]
    assert got.because == ["urborg's ability doesn't apply to forest: moon's effect took it away first",
                           "urborg's effect depends on moon's (its existence, 613.8a)"]


def test_without_blood_moon_urborg_makes_every_land_a_swamp():
    got = ask(LANDS + """
      urborg: {card: "Urborg, Tomb of Yawgmoth"}
      forest: {card: Forest}
      pool: {card: Breeding Pool}
    """, "characteristics pool").single
    # 305.7: a land that gains a land type keeps its own; the added one comes after them.
    assert got.value["subtypes"] == ["Forest", "Island", "Swamp"]
    assert got.rules == ["202.3", "202.3a", "613.1d"]


def test_position_facts_put_a_dependent_effect_just_after_what_it_depends_on():
    # 613.8b: A (timestamp 5) depends on C (3); D (4) is independent: C, A, D.
    from clingo import Function, Number, String
    atoms = [Function(name, [Function(e), String("4"), Number(ts), Number(8)])
             for e, ts in (("c", 3), ("d", 4), ("a", 5)) for name in ("ordering_candidate", "ordering_key")]
    # Judged as the layer begins (the moment of c, the lowest key), and while both wait.
    atoms.append(Function("effect_depends_at", [Function("a"), Function("c"), String("4"), Function("existence"), Number(3), Number(8)]))
    assert [str(f) for f in position_facts(atoms) if f.name == "effect_position"] == [
        'effect_position(c,"4",1,8)', 'effect_position(a,"4",2,8)', 'effect_position(d,"4",3,8)']
    assert [str(f) for f in position_facts(atoms) if f.name == "effect_reason"] == [
        'effect_reason(c,"4",timestamp,8)', 'effect_reason(a,"4",after(c),8)', 'effect_reason(d,"4",timestamp,8)']


def test_layering_and_render_doctests():
    import doctest

    from rulecheck import layering, order, render
    assert [doctest.testmod(m).failed for m in (layering, order, render)] == [0, 0, 0]


def test_networkx_is_imported_only_where_a_dependency_is_ordered():
    # Importing networkx costs a command more than most answers (docs/adr/0004): a scenario
    # without dependencies doesn't import it; one with a dependency does.
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    program = ("import sys; from rulecheck.cli import main; main(['ask', sys.argv[1], '--ask', sys.argv[2]]); "
               "print('networkx' in sys.modules, file=sys.stderr)")
    for scenario, question, imported in (("docs/examples/anthem-and-lifelink.yaml", "characteristics bears", "False"),
                                         ("docs/examples/layers/blood-moon-urborg.yaml", "characteristics forest", "True")):
        done = subprocess.run([sys.executable, "-c", program, str(root / scenario), question],
                              capture_output=True, text=True, timeout=120)
        assert done.stderr.strip().splitlines()[-1] == imported, (scenario, done.stderr)


def test_the_order_goes_in_on_the_same_grounding(monkeypatch):
    # The bridge's order (effect_position, effect_reason) goes back as external atoms the rules
    # declare (dependency.lp), so the second solve grounds nothing again: one Control, grounded
    # in its two stages once, solved twice. The answer: Blood Moon's effect applies first (613.8b),
    # removing Urborg's ability (305.7), so the basic Forest, which Blood Moon doesn't change, is
    # no Swamp either.
    import clingo
    grounds, solves = [], []
    real_ground, real_solve = clingo.Control.ground, clingo.Control.solve
    monkeypatch.setattr(clingo.Control, "ground", lambda ctl, *a, **k: grounds.append(1) or real_ground(ctl, *a, **k))
    monkeypatch.setattr(clingo.Control, "solve", lambda ctl, *a, **k: solves.append(1) or real_solve(ctl, *a, **k))
    answer = ask(LANDS + """
      urborg: {card: "Urborg, Tomb of Yawgmoth"}
      moon: {card: Blood Moon}
      forest: {card: Forest}
    """, "layer_order forest")
    assert (len(grounds), len(solves)) == (2, 2)
    assert answer.single.value == {"applied": [],
                                   "removed": [{"layer": "4", "source": "urborg", "does": {"land_type": ["add", "Swamp"]}}]}
    assert "613.8a" in answer.single.rules and "305.7" in answer.single.rules


def test_a_layer_beyond_the_external_places_is_ordered_on_new_groundings(monkeypatch):
    # Where a layer may hold more effects than order_externals_up_to (dependency.lp), counted
    # from the scripts and the timeline, no place is external (each would multiply what the
    # grounder foresees: a board of 29 permanents took 3.4 GB): each round grounds the scenario
    # again with the order as facts. Same answers either way: with the limit at 0, the Blood Moon
    # scenario above is grounded once per round, and answers as on one grounding.
    import clingo
    from rulecheck.ask import answer
    from rulecheck.question_text import parse_ask
    from harness import scenario
    scn = scenario(LANDS + """
      urborg: {card: "Urborg, Tomb of Yawgmoth"}
      moon: {card: Blood Moon}
      forest: {card: Forest}
    """)
    question = parse_ask("layer_order forest", scn)
    grounds = []
    real_ground = clingo.Control.ground
    monkeypatch.setattr(clingo.Control, "ground", lambda ctl, *a, **k: grounds.append(1) or real_ground(ctl, *a, **k))
    on_one = answer(scn, question)
    assert len(grounds) == 2
    grounds.clear()
    on_new = answer(scn, question, constants={"order_externals_up_to": 0})
    assert len(grounds) == 4
    assert (on_new.single.value, on_new.single.rules) == (on_one.single.value, on_one.single.rules)
    assert on_new.single.value["removed"] == [{"layer": "4", "source": "urborg", "does": {"land_type": ["add", "Swamp"]}}]


INERT_FIELD = """
cards:
  - {name: Inert Field, layout: normal, type_line: Enchantment, mana_cost: "{2}{U}", colors: [U],
     oracle_text: "All permanents aren't creatures."}
  - {name: Bronze Sable, layout: normal, type_line: Artifact Creature — Sable, oracle_text: "", mana_cost: "{2}",
     colors: [], power: "2", toughness: "1"}
abilities:
  - {card: Inert Field, text: "All permanents aren't creatures.", affects: permanents, grants: [{not_type: creature}]}
objects:
"""


def test_march_listed_first_still_waits_for_an_effect_that_removes_a_type():
    # 613.8a: removing the Sable's creature type makes it a noncreature artifact March applies
    # to, so March (the earlier timestamp here) depends on the Field and applies after it
    # (613.8b). docs/examples/layers/march-after-a-type-removed.yaml has the other order.
    got = ask(INERT_FIELD + """
      march: {card: March of the Machines}
      field: {card: Inert Field}
      sable: {card: Bronze Sable}
    """, "layer_order sable").single
    assert [(row["source"], row["why"]) for row in got.value["applied"] if row["layer"] == "4"] == [
        ("field", "timestamp"), ("march", {"after": ["field"]})]
    assert got.rules == ["613.1", "613.7", "613.8a", "613.8b"]


def test_dependencies_are_judged_at_each_moment_of_the_layer():
    # 613.8c: as layer 4 begins, March depends on the Field (which would make the Lattice a
    # creature) and on the Lattice (which would make the Field a noncreature artifact); once the
    # Field has applied, every permanent is a creature and the Lattice changes nothing March
    # applies to. (The moments are the effects' keys: the Field's timestamp, March's.)
    scenario = """
    cards:
      - {name: Living Field, layout: normal, type_line: Enchantment, mana_cost: "{2}{G}", colors: [G],
         oracle_text: "All permanents are 3/3 creatures in addition to their other types."}
    abilities:
      - {card: Living Field, affects: permanents, grants: [{type: creature}, {set_pt: [3, 3]}],
         text: "All permanents are 3/3 creatures in addition to their other types."}
    objects:
      field: {card: Living Field}
      march: {card: March of the Machines}
      lattice: {card: Mycosynth Lattice}
    """
    # (One solve, in timestamp order: a moment is named by the effect whose key it is.)
    atoms = shown1(scenario, 'question_reads(0, O) :- object(O). #show. #show d(A, B, M) : '
                   'effect_depends_at(static(A, _, _), static(B, _, _), "4", applies_to, K, P), end_of(0, P), '
                   'ordering_key(static(M, _, _), "4", K, P).')
    assert atoms == ['d("march","field","field")', 'd("march","lattice","field")']
    got = ask(scenario, "layer_dependencies").single
    assert [(row["order"], row["effect"]["node"][0]) for row in got.value["effects"] if row["layer"] == "4"] == [
        (1, "field"), (2, "march"), (3, "lattice")]
    assert got.value["judged_again"] == [{"layer": "4", "effect": {"node": ["march", {"type": ["add", "creature"]}]},
                                          "on": {"node": ["lattice", {"type": ["add", "artifact"]}]}}]
    assert "613.8c" in got.rules


def test_life_and_limb_waits_for_blood_moon_which_takes_the_forest_type_away():
    # 613.8a, 305.7: Blood Moon makes the nonbasic Breeding Pool a Mountain only, which changes
    # what Life and Limb ("All Forests ...") applies to: Life and Limb depends on Blood Moon and
    # applies after it (613.8b), in either timestamp order. The Pool is then no Forest: a land,
    # a Mountain, not a 1/1 Saproling creature (before, Life and Limb listed first applied to it).
    for first, second in (("limb: {card: Life and Limb}", "moon: {card: Blood Moon}"),
                          ("moon: {card: Blood Moon}", "limb: {card: Life and Limb}")):
        got = ask(f"""
    objects:
      {first}
      {second}
      pool: {{card: Breeding Pool}}
    """, "characteristics pool").single
        assert (got.value["types"], got.value["subtypes"], "power" in got.value) == (["land"], ["Mountain"], False)
    atoms = shown1(LANDS + """
      limb: {card: Life and Limb}
      moon: {card: Blood Moon}
      pool: {card: Breeding Pool}
    """, 'question_reads(0, "pool"). ' + DEPENDS)
    assert atoms == ['d("limb","moon","4",applies_to)']


def test_creatures_you_control_arent_creatures_applies_to_what_it_finds_as_it_begins():
    # 613.6, 611.3a: the effect of "Creatures you control aren't creatures" begins in layer 4
    # (613.1d) and applies to the creatures its controller controls as it begins there; it makes
    # the Bears no creature (and takes the Bear creature type with it, 205.1a). Read after layer
    # 4, the selector found its own result: no consistent state (the fuzzer's find).
    got = ask("""
    abilities:
      - {card: Giant Growth, affects: creatures_you_control, grants: [{not_type: creature}]}
    objects:
      growth: {card: Giant Growth}
      bears: {card: Grizzly Bears}
      rival: {card: Grizzly Bears, controller: bob, owner: bob}
    """, "characteristics bears").single
    assert (got.value["types"], got.value["subtypes"], "power" in got.value) == ([], [], False)
    assert (got.rules, got.because) == (["202.3", "205.1a", "613.1d"], ["bears isn't a creature because of growth"])
    # Bob's Bears aren't alice's: a creature, a Bear, 2/2.
    rival = ask("""
    abilities:
      - {card: Giant Growth, affects: creatures_you_control, grants: [{not_type: creature}]}
    objects:
      growth: {card: Giant Growth}
      rival: {card: Grizzly Bears, controller: bob, owner: bob}
    """, "characteristics rival").single
    assert (rival.value["types"], rival.value["subtypes"], rival.value["power"], rival.rules) == (
        ["creature"], ["Bear"], 2, ["202.3"])


SELF_DEFEATING = """
cards:
  - {name: Test Relic, layout: normal, type_line: Artifact, mana_cost: "{1}", colors: [], oracle_text: ""}
  - {name: Test Charm, layout: normal, type_line: Enchantment, mana_cost: "{1}", colors: [], oracle_text: ""}
  - {name: Test Sword, layout: normal, type_line: Artifact — Equipment, mana_cost: "{1}", colors: [], oracle_text: ""}
  - {name: Test Aura, layout: normal, type_line: Enchantment — Aura, mana_cost: "{W}", colors: [W],
     oracle_text: "Enchant creature"}
abilities:
  - {card: %(card)s, affects: %(selector)s, grants: [%(grant)s]}
objects:
  bears: {card: Grizzly Bears%(bears)s}
  angel: {card: Serra Angel}
  pool: {card: Breeding Pool}
  charm: {card: Test Charm}
  relic: {card: Test Relic}
  sword: {card: Test Sword, attached_to: bears}
  aura: {card: Test Aura, attached_to: angel}
"""


def test_no_selector_reads_its_own_effect():
    # 613.6, 611.3a: every selector of the vocabulary (but `you`, a player) applies to what it
    # describes as its effect begins; with a grant that takes away (or, for "noncreature", adds)
    # the characteristic it selects by, the effect applies to the object and changes it. One
    # solve each: the object's types (and land subtypes) as the scenario begins, before
    # state-based actions (704.5n would unattach the Sword from a noncreature, 704.5f put the
    # Relic, a 0/0 creature, into its owner's graveyard).
    cases = [  # selector, the ability's card, its grant, the object, its types and subtypes after
        ("equipped", "Test Sword", "{not_type: creature}", "bears", ""),
        ("enchanted", "Test Aura", "{not_type: creature}", "angel", ""),
        ("itself", "Grizzly Bears", "{not_type: creature}", "bears", ""),
        ("creatures_you_control", "Test Relic", "{not_type: creature}", "bears", ""),
        ("other_creatures_you_control", "Serra Angel", "{not_type: creature}", "bears", ""),
        ("creatures", "Test Relic", "{not_type: creature}", "angel", ""),
        ("white_creatures", "Test Relic", "{not_type: creature}", "angel", ""),
        ("lands", "Test Relic", "{not_type: land}", "pool", ""),
        ("nonbasic_lands", "Test Relic", "{not_type: land}", "pool", ""),
        ("forests_and_saprolings", "Test Relic", "{land_type: Mountain}", "pool", "land Mountain"),
        ("other_non_aura_enchantments", "Test Relic", "{not_type: enchantment}", "charm", ""),
        ("noncreature_artifacts", "Test Charm", "{type: creature}", "relic", "artifact creature"),
        ("permanents", "Test Relic", "{not_type: creature}", "bears", ""),
        ("cards_spells_and_permanents", "Test Relic", "{not_type: creature}", "bears", ""),
        ("creatures_spells_and_cards_you_own", "Test Relic", "{not_type: creature}", "bears", ""),
    ]
    from rulecheck.abilities import SELECTORS
    assert sorted(case[0] for case in cases) == sorted(set(SELECTORS) - {"you"})
    got = {}
    for selector, card, grant, obj, _ in cases:
        text = SELF_DEFEATING % {"card": card, "selector": selector, "grant": grant,
                                 "bears": ", zone: hand" if selector.endswith("_you_own") else ""}
        if selector == "creatures_spells_and_cards_you_own":
            text = text.replace("  sword: {card: Test Sword, attached_to: bears}\n", "")
        atoms = shown1(text, f'question_reads(0, "{obj}"). #show. #show t(X) : card_type("{obj}", X, P), point_of(0, P). '
                             f'#show t(X) : subtype("{obj}", I, X, P), point_of(0, P), land_type(X).')
        got[selector] = " ".join(sorted(a[2:-1].strip('"') for a in atoms))
    assert got == {selector: " ".join(sorted(want.split())) for selector, _, _, _, want in cases}


# (Control Magic's card and stated ability as tests/test_layer2_3.py states them.)
CONTROL_MAGIC = "turn: {number: 3, active: bob, step: precombat_main}" + layer2_3.CONTROL_MAGIC + """objects:
  magic: {card: Control Magic, owner: alice, attached_to: bears}
  bears: {card: Grizzly Bears, owner: bob}
timeline:
  - {gain_control: magic, player: %s}
"""
DEPENDS_AT_1 = ('question_reads(1, "bears"). #show. #show d(A, B, L, Part) : '
                'effect_depends(static(A, _, _), eff(B), L, Part, P), end_of(1, P).')


def test_control_magic_depends_on_what_gives_the_aura_to_another_player_for_what_it_does():
    # 613.8a(b), "what it does": Bob gaining control of Alice's Control Magic (layer 2, like the
    # Aura's own effect, 613.1b) changes which player its "You control enchanted creature" gives
    # the Bears to. The effect of entry 1 on the Aura is eff(1). Given to Alice, who controls it
    # already, it changes nothing the Aura does: no dependency.
    assert shown1(CONTROL_MAGIC % "bob", DEPENDS_AT_1) == ['d("magic",1,"2",does)']
    assert shown1(CONTROL_MAGIC % "alice", DEPENDS_AT_1) == []


def test_a_text_change_depends_on_one_that_changes_its_words_and_a_loop_is_refused():
    # 613.8a(b), "text": Rewrite's effect changes "Mountain" in Alter Text's own ability (612.2),
    # both in layer 3 (613.1c): Alter Text's effect depends on it, and changes Urborg's "Swamp"
    # (docs/examples/layers/text-change-of-a-text-change.yaml has the answers). With each Aura on
    # the other, each changes the other's words: a loop, which 613.8b applies in timestamp order
    # (the earlier with its printed words); the rules don't rewrite either, and say so.
    import yaml
    from pathlib import Path
    doc = yaml.safe_load((Path(__file__).resolve().parent.parent /
                          "docs/examples/layers/text-change-of-a-text-change.yaml").read_text())
    doc.pop("expect")
    text = yaml.safe_dump(doc, allow_unicode=True)
    show = ('question_reads(0, "urborg"). #show. #show d(A, B, L, Part) : effect_depends(static(A, _, _), static(B, _, _), '
            'L, Part, P), end_of(0, P). #show invalid/2.')
    assert shown1(text, show) == ['d("alter","rewrite","3",text)']
    doc["abilities"][1]["grants"] = [{"change_text": ["Mountain", "Plains"]}]
    doc["cards"][2]["oracle_text"] = doc["abilities"][1]["text"] = "Each Mountain in enchanted permanent's text becomes Plains."
    doc["objects"]["alter"]["attached_to"] = "rewrite"
    assert shown1(yaml.safe_dump(doc, allow_unicode=True), show) == [
        'invalid(text_change_not_modelled("alter","Mountain","Each Mountain in enchanted permanent\'s text becomes Island."),0)',
        'invalid(text_change_not_modelled("rewrite","Mountain","Each Mountain in enchanted permanent\'s text becomes Plains."),0)']


def test_an_effect_removed_earlier_in_the_layer_is_no_longer_one_to_wait_for():
    # 613.8a, 613.8c: as layer 6 begins, the Bear's "has flying" depends on mute_b's "loses all
    # abilities" (its existence), which depends on mute_c's (mute_c enchants mute_b). mute_c's
    # applies first and removes mute_b's ability before its effect begins (613.6): from then on
    # mute_b's effect doesn't exist, and the Bear's waits for nothing (judged again): it applies
    # in timestamp order, not "just after" mute_b's. (Timestamps: bear, mute_c, grounded, mute_b.)
    got = ask("""
    cards:
      - {name: Mute, layout: normal, type_line: Enchantment — Aura, mana_cost: "{U}", colors: [U], keywords: [Enchant],
         oracle_text: "Enchant permanent\\nEnchanted permanent loses all abilities."}
      - {name: Grounded, layout: normal, type_line: Enchantment — Aura, mana_cost: "{U}", colors: [U], keywords: [Enchant],
         oracle_text: "Enchant creature\\nEnchanted creature loses flying."}
      - {name: Winged Bear, layout: normal, type_line: Creature — Bear, mana_cost: "{1}{G}", colors: [G], power: "2",
         toughness: "2", oracle_text: "Winged Bear has flying."}
    abilities:
      - {card: Mute, text: "Enchanted permanent loses all abilities.", affects: enchanted, grants: [{lose_all_abilities: true}]}
      - {card: Grounded, text: "Enchanted creature loses flying.", affects: enchanted, grants: [{lose: flying}]}
      - {card: Winged Bear, text: "Winged Bear has flying.", affects: itself, grants: [{gain: flying}]}
    objects:
      bear: {card: Winged Bear}
      mute_c: {card: Mute, attached_to: mute_b}
      grounded: {card: Grounded, attached_to: bear}
      mute_b: {card: Mute, attached_to: bear}
    """, "layer_dependencies").single
    node = lambda src, does: {"node": [src, does]}  # noqa: E731
    assert [(row["order"], row["effect"]["node"][0], row["why"], row["status"]) for row in got.value["effects"]] == [
        (1, "mute_c", "timestamp", "applies"), (2, "mute_b", {"after": [node("mute_c", "lose_all_abilities")]}, "removed"),
        (3, "bear", "timestamp", "applies"), (4, "grounded", "timestamp", "applies")]
    assert got.value["judged_again"] == [{"layer": "6", "effect": node("bear", {"keyword": ["gain", "flying"]}),
                                          "on": node("mute_b", "lose_all_abilities")}]
    assert got.rules == ["613.1", "613.7", "613.8a", "613.8b", "613.8c"]


def test_arcane_adaptation_waits_for_an_effect_that_takes_the_creature_type_away():
    # 613.8a(b): "All permanents aren't creatures" changes what Arcane Adaptation applies to (the
    # creatures its controller controls), so the Adaptation depends on it and applies after it
    # (613.8b), finding no creature: the Bears end with no card type and no creature type (the
    # Bear goes with the creature type, 205.1a; Elf is never given). Listed first, the Adaptation
    # gave Elf before, and the Bears kept it as a noncreature.
    got = ask(INERT_FIELD + """
      adapt: {card: Arcane Adaptation, chosen_type: Elf}
      bears: {card: Grizzly Bears}
      field: {card: Inert Field}
    """, "characteristics bears").single
    assert (got.value["types"], got.value["subtypes"], got.rules) == ([], [], ["202.3", "205.1a", "613.1d"])
    atoms = shown1(INERT_FIELD + """
      adapt: {card: Arcane Adaptation, chosen_type: Elf}
      bears: {card: Grizzly Bears}
      field: {card: Inert Field}
    """, 'question_reads(0, "bears"). ' + DEPENDS)
    assert atoms == ['d("adapt","field","4",applies_to)']


def test_an_object_that_is_no_creature_has_no_creature_type():
    # 205.3m: creature types belong to creatures and kindreds. 205.3d: "An object can't gain a
    # subtype that doesn't correspond to one of that object's types"; 205.1a: a removed card
    # type's correlated subtypes are removed with it unless a type the object has keeps them.
    # "All permanents are Elves in addition to their other types" and "All permanents aren't
    # creatures", in either timestamp order: the Bears have no type and no subtype; Painter's
    # Servant stays an artifact and loses its printed Scarecrow; Glorious Anthem, an enchantment,
    # never becomes an Elf. (Before: the Bears and the Servant kept Elf, the Servant Scarecrow.)
    elves = "{card: Glorious Anthem, affects: permanents, grants: [{add_creature_type: Elf}]}"
    none = "{card: Giant Growth, affects: permanents, grants: [{not_type: creature}]}"
    for first, second, ids in ((elves, none, ("anthem", "growth")), (none, elves, ("growth", "anthem"))):
        text = (f"abilities:\n  - {first}\n  - {second}\nobjects:\n"
                + "".join(f"  {i}: {{card: {c}}}\n" for i, c in zip(ids, ("Glorious Anthem", "Giant Growth")
                                                                   if ids[0] == "anthem" else ("Giant Growth", "Glorious Anthem")))
                + "  bears: {card: Grizzly Bears}\n  servant: {card: Painter's Servant}\n")
        got = {o: ask(text, f"characteristics {o}").single for o in ("bears", "servant", "anthem")}
        assert [(g.value["types"], g.value["subtypes"]) for g in got.values()] == [
            ([], []), (["artifact"], []), (["enchantment"], [])], ids
        assert got["bears"].rules == ["202.3", "205.1a", "205.3d", "613.1d"]
        assert "205.3d" in got["anthem"].rules and "205.1a" in got["servant"].rules
