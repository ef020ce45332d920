"""Layer 2 (613.1b: control-changing effects, permanents.lp, effects.lp, statics.lp) and layer 3
(612, 613.1c: text-changing effects)."""

from harness import EVERY_END, ask, scenario, shown1
from rulecheck.ask import answer_all
from rulecheck.question_text import parse_ask

TURN = 'players: [alice, bob]\nturn: {number: 3, active: alice, step: precombat_main}\n'
# Who controls `bears` after each entry, and since which turn (302.6).
CONTROL = EVERY_END + ('#show. #show (T, Pl, N) : controller("bears", Pl, P), controlled_since("bears", N, P), '
                       'end_of(T, P).')
CONTROL_MAGIC = """
cards:
  - {name: Control Magic, layout: normal, type_line: Enchantment — Aura,
     oracle_text: "Enchant creature\\nYou control enchanted creature.", keywords: [Enchant], mana_cost: "{2}{U}{U}",
     colors: [U]}
abilities:
  - {card: Control Magic, text: "You control enchanted creature.", affects: enchanted, grants: [{control: you}]}
"""


def applied(answer) -> list[tuple]:
    """layer_order's applied rows as (layer, order, source, does, why)."""
    return [(r["layer"], r["order"], r["source"], r["does"], r["why"]) for r in answer.value["applied"]]


def control(text: str) -> list[str]:
    return shown1(TURN + text, CONTROL)


def test_until_end_of_turn_control_returns_in_cleanup():
    # Threaten: alice controls bob's Bears until end of turn (611.2a); the effect ends in the
    # cleanup step (514.2) and bob controls it again. Each change restarts 302.6's clock.
    text = """
objects:
  bears: {card: Grizzly Bears, owner: bob, controlled_since: 1}
timeline:
  - {gain_control: bears, player: alice, until: end_of_turn}
  - {begin: cleanup}
  - {begin_turn: 4, active: bob}
"""
    assert control(text) == ['(0,"bob",1)', '(1,"alice",3)', '(2,"bob",3)', '(3,"bob",3)']
    # alice gained it this turn (302.6); bob got it back in turn 3, before his turn 4 began.
    got = ask(TURN + text, "can_attack bears at=1").single
    assert (got.value, got.rules) == (False, ["302.6"])
    got = ask(TURN + text, "can_attack bears at=3").single
    assert (got.value, got.rules) == (True, ["508.1a"])


def test_indefinite_control_stays():
    # No duration stated: the effect lasts until the end of the game (611.2a).
    text = """
objects:
  bears: {card: Grizzly Bears, owner: bob, controlled_since: 1}
timeline:
  - {gain_control: bears, player: alice}
  - {begin: cleanup}
  - {begin_turn: 4, active: bob}
"""
    assert control(text) == ['(0,"bob",1)', '(1,"alice",3)', '(2,"alice",3)', '(3,"alice",3)']


def test_control_back_before_the_untap_step():
    # Without a cleanup step in the timeline the effect ends as bob's turn begins (514.2), before
    # his untap step (502.3): the Bears alice tapped untap there, bob's again.
    text = """
objects:
  bears: {card: Grizzly Bears, owner: bob, controlled_since: 1}
timeline:
  - {gain_control: bears, player: alice, until: end_of_turn}
  - {tap: bears}
  - {begin_turn: 4, active: bob}
"""
    program = EVERY_END + '#show. #show (T, Pl) : controller("bears", Pl, P), end_of(T, P). #show (T, tapped) : tapped("bears", P), end_of(T, P).'
    assert shown1(TURN + text, program) == ['(0,"bob")', '(1,"alice")', '(2,"alice")', '(2,tapped)', '(3,"bob")']
    got = ask(TURN + text, "can_attack bears at=3").single
    assert (got.value, got.rules) == (True, ["508.1a"])


def test_control_magic_static_and_its_end():
    # "You control enchanted creature" (layer 2, 613.1b) applies while the Aura is on the
    # battlefield attached to it (611.3a); when the Aura goes, bob controls his Bears again.
    text = CONTROL_MAGIC + """
objects:
  magic: {card: Control Magic, owner: alice, attached_to: bears}
  bears: {card: Grizzly Bears, owner: bob, controlled_since: 1}
timeline:
  - {move: magic, to: graveyard}
  - {begin_turn: 4, active: bob}
"""
    assert control(text) == ['(0,"alice",1)', '(1,"bob",3)', '(2,"bob",3)']
    got = ask(TURN + text, "characteristics bears at=0").single
    assert got.value["controller"] == "alice"
    assert "613.1b" in got.rules
    assert "alice controls bears because of magic's effect (layer 2, 613.1b)" in got.because
    assert not [w for w in ask(TURN + text, "characteristics bears").warnings if "You control" in w]
    got = ask(TURN + text, "characteristics bears at=1").single
    assert got.value["controller"] == "bob" and "613.1b" not in got.rules
    # The same with every object relevant at every point (time.lp: full_demand).
    assert shown1(TURN + text, CONTROL, full_demand=True) == control(text)
    got = ask(TURN + text, "layer_order bears at=0").single
    assert applied(got) == [("2", 1, "magic", {"control": ["alice"]}, "timestamp")]


def test_layer2_timestamp_order():
    # 613.7: the later of two control-changing effects decides. The Aura on the Bears from the
    # start (timestamp 0) is overridden by a later gain_control. Attaching it again to the Bears
    # does nothing (701.3b); moved to the Lion and back, it gets a new timestamp (613.7e) and
    # decides again.
    text = CONTROL_MAGIC + """
objects:
  magic: {card: Control Magic, owner: alice, attached_to: bears}
  bears: {card: Grizzly Bears, owner: bob, controlled_since: 1}
  lion: {card: Grizzly Bears, owner: bob, controlled_since: 1}
timeline:
  - {gain_control: bears, player: bob}
  - {attach: magic, to: bears}
  - {attach: magic, to: lion}
  - {attach: magic, to: bears}
"""
    assert control(text) == ['(0,"alice",1)', '(1,"bob",3)', '(2,"bob",3)', '(3,"bob",3)', '(4,"alice",3)']
    got = ask(TURN + text, "layer_order bears at=1").single
    assert applied(got) == [("2", 1, "magic", {"control": ["alice"]}, "timestamp"),
                            ("2", 2, {"timeline": [1]}, {"control": ["bob"]}, "timestamp")]
    assert got.rules == ["613.1", "613.7"]
    got = ask(TURN + text, "layer_order bears at=4").single
    assert applied(got) == [("2", 1, {"timeline": [1]}, {"control": ["bob"]}, "timestamp"),
                            ("2", 2, "magic", {"control": ["alice"]}, "timestamp")]
    got = ask(TURN + text, "characteristics lion at=3").single
    assert got.value["controller"] == "alice"


def test_until_your_next_turn():
    # "Until your next turn" (611.2a; 500.4): alice's effect lasts through bob's turn 4 and ends as
    # her turn 5 begins, before its untap step (502.3), not in a cleanup step (514.2). 302.6: in bob's
    # turn 4 alice controls them (and it isn't her turn, 508.1a); in alice's turn 5 bob has them back
    # but not since his most recent turn began (302.6); in his turn 6 he can attack with them.
    text = """
objects:
  bears: {card: Grizzly Bears, owner: bob, controlled_since: 1}
timeline:
  - {gain_control: bears, player: alice, until: your_next_turn}
  - {begin: cleanup}
  - {begin_turn: 4, active: bob}
  - {begin_turn: 5, active: alice}
  - {begin_turn: 6, active: bob}
"""
    assert control(text) == ['(0,"bob",1)', '(1,"alice",3)', '(2,"alice",3)', '(3,"alice",3)', '(4,"bob",4)',
                             '(5,"bob",4)']
    scn = scenario(TURN + text)
    answers = answer_all(scn, [parse_ask(f"can_attack bears at={n}", scn) for n in (3, 4, 5)])
    assert [(a.single.value, a.single.rules) for a in answers] == [(False, ["302.6", "508.1a"]),
                                                                   (False, ["302.6", "508.1a"]), (True, ["508.1a"])]


RUBINIA = """
objects:
  bears: {card: Grizzly Bears, owner: bob, controlled_since: 1}
  rubinia: {card: Grizzly Bears, owner: alice, controlled_since: 1}
timeline:
"""


def test_for_as_long_as_you_control_it_and_it_remains_tapped():
    # Rubinia's "for as long as you control Rubinia and Rubinia remains tapped" (611.2b): it ends as
    # Rubinia untaps in alice's untap step (502.3), and doesn't begin again when Rubinia is tapped
    # again ("it doesn't last forever").
    text = RUBINIA + """
  - {tap: rubinia}
  - {gain_control: bears, player: alice, until: as_long_as, source: rubinia, as_long_as: [you_control_source, source_tapped]}
  - {begin_turn: 4, active: bob}
  - {begin_turn: 5, active: alice}
  - {tap: rubinia}
"""
    expected = ['(0,"bob",1)', '(1,"bob",1)', '(2,"alice",3)', '(3,"alice",3)', '(4,"bob",4)', '(5,"bob",4)']
    assert control(text) == expected
    assert shown1(TURN + text, CONTROL, full_demand=True) == expected


def test_for_as_long_as_never_starts_and_ends_with_a_new_object():
    # 611.2b: "If the 'for as long as' duration never starts, the effect does nothing": r1 untapped
    # as the effect would begin, bob keeps his Bears, even once r1 is tapped (entry 4). "For as long
    # as you control" r2: r2 exiled and returned is a new object (400.7): the duration is over, the
    # Lion is bob's again (entry 5) and stays his. "For as long as you control" r3: bob takes r3
    # (entry 7), the Wolf goes back to him, and r3 back in alice's hands (514.2, entry 8) doesn't
    # bring the effect back.
    text = """
objects:
  bears: {card: Grizzly Bears, owner: bob, controlled_since: 1}
  lion: {card: Grizzly Bears, owner: bob, controlled_since: 1}
  wolf: {card: Grizzly Bears, owner: bob, controlled_since: 1}
  r1: {card: Grizzly Bears, owner: alice, controlled_since: 1}
  r2: {card: Grizzly Bears, owner: alice, controlled_since: 1}
  r3: {card: Grizzly Bears, owner: alice, controlled_since: 1}
timeline:
  - {gain_control: bears, player: alice, until: as_long_as, source: r1, as_long_as: [source_tapped]}
  - {gain_control: lion, player: alice, until: as_long_as, source: r2, as_long_as: [you_control_source]}
  - {gain_control: wolf, player: alice, until: as_long_as, source: r3, as_long_as: [you_control_source]}
  - {tap: r1}
  - {move: r2, to: exile}
  - {move: r2, to: battlefield}
  - {gain_control: r3, player: bob, until: end_of_turn}
  - {begin: cleanup}
"""
    program = EVERY_END + ('#show. #show (T, O, Pl) : controller(O, Pl, P), end_of(T, P), T > 0, '
                           'O = ("bears"; "lion"; "wolf"; "r3").')
    alice = {("lion", t) for t in (2, 3, 4)} | {("wolf", t) for t in (3, 4, 5, 6)} | {("r3", t) for t in (1, 2, 3, 4, 5, 6, 8)}
    expected = sorted(f'({t},"{o}","{"alice" if (o, t) in alice else "bob"}")'
                      for o in ("bears", "lion", "wolf", "r3") for t in range(1, 9))
    assert shown1(TURN + text, program) == shown1(TURN + text, program, full_demand=True) == expected


def test_removed_from_combat_by_any_control_change():
    # 506.4: "A permanent is removed from combat if ... its controller ... changes": bob's attacking
    # Bears become alice's when her Control Magic is moved onto them during combat (a static
    # ability, layer 2, not a gain_control event); alice's Raging Goblin (haste, 702.10), which bob
    # gained this turn for as long as his Rubinia remains tapped (611.2b), goes back to her when
    # Rubinia untaps mid-combat (an effect ending): neither deals combat damage. A gain_control that
    # gives the Lion to bob, who controls it already, changes no controller: it stays attacking.
    text = CONTROL_MAGIC + """
turn: {number: 4, active: bob, step: declare_attackers}
objects:
  magic: {card: Control Magic, owner: alice, attached_to: elk}
  elk: {card: Grizzly Bears, owner: alice}
  bears: {card: Grizzly Bears, owner: bob, controlled_since: 1}
  lion: {card: Grizzly Bears, owner: bob, controlled_since: 1}
  rubinia: {card: Grizzly Bears, owner: bob, controlled_since: 1, tapped: true}
  wolf: {card: Raging Goblin, owner: alice, controlled_since: 1}
timeline:
  - {gain_control: wolf, player: bob, until: as_long_as, source: rubinia, as_long_as: [source_tapped]}
  - {attack: bears, target: alice}
  - {attack: lion, target: alice}
  - {attack: wolf, target: alice}
  - {begin: declare_blockers}
  - {attach: magic, to: bears}
  - {untap: rubinia}
  - {gain_control: lion, player: bob}
  - {begin: combat_damage}
"""
    rows = "#show in_step/3. #show out_step/3. #show invalid/2."
    assert shown1("players: [alice, bob]\n" + text, rows) == [
        'in_step(9,"lion","510.1")', 'out_step(9,"bears","506.4")', 'out_step(9,"wolf","506.4")']
    # (alice at 18 life: docs/examples/layers/control-change-removes-from-combat.yaml.)


def test_a_control_effect_selects_by_type_as_layer_1_leaves_it():
    # "You control all creatures" begins in layer 2 (613.1b): it sees the types before layer 4's
    # effects, and applies to bob's Bears. (The merge of 613.8c's moments first read types only
    # at an ability's layer-4 moment, which a layer-2 ability hasn't: it applied to nothing.)
    text = """
cards:
  - {name: Mass Mind, layout: normal, type_line: Enchantment, mana_cost: "{4}{U}", colors: [U],
     oracle_text: "You control all creatures."}
abilities:
  - {card: Mass Mind, text: "You control all creatures.", affects: creatures, grants: [{control: you}]}
objects:
  mind: {card: Mass Mind}
  bears: {card: Grizzly Bears, owner: bob}
"""
    got = ask(TURN + text, "characteristics bears").single
    assert (got.value["controller"], got.rules) == ("alice", ["202.3", "613.1b"])


# --- Layer 3: text-changing effects (612, 613.1c) ----------------------------------------------

def hack(words: str) -> str:
    """An Aura that changes the text of the enchanted permanent (a Magical Hack that stays)."""
    return f"""
cards:
  - {{name: Forest, layout: normal, type_line: Basic Land — Forest, oracle_text: "({{T}}: Add {{G}}.)", mana_cost: "",
     colors: []}}
  - {{name: Swamp, layout: normal, type_line: Basic Land — Swamp, oracle_text: "({{T}}: Add {{B}}.)", mana_cost: "",
     colors: []}}
  - {{name: Alter Text, layout: normal, type_line: Enchantment — Aura,
     oracle_text: "Enchant permanent\\nChange the text of enchanted permanent.", keywords: [Enchant], mana_cost: "{{U}}",
     colors: [U]}}
  - {{name: Red Ward Knight, layout: normal, type_line: Creature — Human Knight, oracle_text: "Protection from red",
     keywords: [Protection], mana_cost: "{{W}}{{W}}", colors: [W], power: "2", toughness: "2"}}
abilities:
  - {{card: Alter Text, text: "Change the text of enchanted permanent.", affects: enchanted,
     grants: [{{change_text: {words}}}]}}
"""


def test_urborg_swamp_becomes_island():
    # 612.2: "Swamp" in Urborg's "Each land is a Swamp in addition to its other land types" is a
    # land type word: changed in layer 3 (613.1c), the ability makes each land an Island in
    # layer 4 (613.1d). The Forest is a Forest and an Island, no Swamp.
    text = TURN + hack("[Swamp, Island]") + """
objects:
  urborg: {card: "Urborg, Tomb of Yawgmoth"}
  hack: {card: Alter Text, attached_to: urborg}
  forest: {card: Forest}
"""
    got = ask(text, "characteristics forest").single
    assert got.value["subtypes"] == ["Forest", "Island"]
    assert got.rules == ["202.3", "202.3a", "613.1d"]
    got = ask(text, "characteristics urborg")
    assert not got.invalid
    got = got.single
    assert got.value["subtypes"] == ["Island"]
    assert got.rules == ["202.3", "202.3a", "612.2", "613.1c", "613.1d"]
    # The same with every object relevant at every point and every rule grounded (full_demand).
    program = EVERY_END + 'reads_details(X) :- object(X). #show. #show (O, S) : subtype(O, I, S, P), end_of(0, P).'
    assert shown1(text, program) == shown1(text, program, full_demand=True) == [
        '("forest","Forest")', '("forest","Island")', '("hack","Aura")', '("urborg","Island")']
    got = ask(text, "layer_order urborg").single
    assert applied(got) == [("3", 1, "hack", {"change_text": ["Swamp", "Island"]}, "timestamp"),
                            ("4", 1, "urborg", {"land_type": ["add", "Island"]}, "timestamp")]


def test_blood_moon_mountain_becomes_island():
    # Blood Moon's "Nonbasic lands are Mountains" changed to Islands (612.2, layer 3): in layer 4
    # Breeding Pool's land types are set to Island (305.7), and Urborg loses its ability first
    # (305.7, 613.8a: Urborg's effect depends on Blood Moon's), so no land is a Swamp.
    text = TURN + hack("[Mountain, Island]") + """
objects:
  moon: {card: Blood Moon}
  hack: {card: Alter Text, attached_to: moon}
  pool: {card: Breeding Pool}
  urborg: {card: "Urborg, Tomb of Yawgmoth"}
  forest: {card: Forest}
"""
    assert ask(text, "characteristics pool").single.value["subtypes"] == ["Island"]
    assert ask(text, "characteristics urborg").single.value["subtypes"] == ["Island"]
    got = ask(text, "characteristics forest").single
    assert (got.value["subtypes"], got.rules) == (["Forest"], ["202.3", "202.3a", "613.8a", "613.8b"])
    got = ask(text, "characteristics moon").single
    assert got.rules == ["202.3", "612.2", "613.1c"]


def test_a_basic_land_type_in_the_type_line():
    # 612.1: the type line is text too: the enchanted Swamp is an Island.
    text = TURN + hack("[Swamp, Island]") + """
objects:
  swamp: {card: Swamp}
  hack: {card: Alter Text, attached_to: swamp}
"""
    got = ask(text, "characteristics swamp").single
    assert (got.value["subtypes"], got.rules) == (["Island"], ["202.3", "202.3a", "612.2", "613.1c"])
    assert shown1(text, EVERY_END + '#show. #show (T, S) : subtype("swamp", I, S, P), end_of(T, P).',
                  full_demand=True) == ['(0,"Island")']


def test_protection_from_red_becomes_protection_from_green():
    # "Protection from red" with "red" changed to "green" (612.2, layer 3): the Knight has
    # protection from green (702.16a) and no longer from red; the answer says why.
    text = TURN + hack("[red, green]") + """
objects:
  knight: {card: Red Ward Knight}
  hack: {card: Alter Text, attached_to: knight}
"""
    got = ask(text, "characteristics knight")
    assert not got.invalid
    assert got.single.because == ["hack's effect changes red to green in knight's text (layer 3, 612.2)"]
    assert got.single.rules == ["202.3", "612.2", "613.1c"]
    program = EVERY_END + '#show. #show (T, Q) : protected_from("knight", Q, P), end_of(T, P).'
    assert shown1(text, program) == shown1(text, program, full_demand=True) == ['(0,color(g))']


def test_protection_from_the_auras_color_puts_it_into_the_graveyard():
    # Changed to "blue", the Knight has protection from blue: the blue Aura that changed it is
    # attached illegally (702.16c) and goes to the graveyard (704.5m); the text says "red" again.
    text = TURN + hack("[red, blue]") + """
objects:
  knight: {card: Red Ward Knight}
  hack: {card: Alter Text, attached_to: knight}
"""
    program = EVERY_END + '#show. #show (T, Z) : zone("hack", Z, P), end_of(T, P). ' \
                          '#show (T, Q) : protected_from("knight", Q, P), end_of(T, P).'
    assert shown1(text, program) == ['(0,color(r))', '(0,graveyard)']


def test_a_word_the_rules_dont_model_is_refused():
    # "swampwalk" with "Swamp" changed to "Island" would be islandwalk (612.2); the rules don't
    # rewrite a keyword's name, so the answer says so instead of answering swampwalk.
    text = TURN + hack("[Swamp, Island]").replace("\nabilities:\n", """
  - {name: Bog Wader, layout: normal, type_line: Creature — Zombie, oracle_text: "Swampwalk", keywords: [Swampwalk],
     mana_cost: "{B}", colors: [B], power: "1", toughness: "1"}
abilities:
""", 1) + """
objects:
  wader: {card: Bog Wader}
  hack: {card: Alter Text, attached_to: wader}
"""
    got = ask(text, "characteristics wader")
    assert got.invalid == ["text change not modelled: wader, Swamp, Swampwalk (in the initial state)"]


WHITEWASH = """
  - {name: Whitewash, layout: normal, type_line: Enchantment — Aura, oracle_text: "Enchant creature\\nEnchanted creature is white.",
     keywords: [Enchant], mana_cost: "{W}", colors: [W]}
  - {name: Crusade Banner, layout: normal, type_line: Enchantment, oracle_text: "White creatures get +1/+1.",
     mana_cost: "{W}{W}", colors: [W]}
"""
WHITEWASH_ABILITIES = """
  - {card: Whitewash, text: "Enchanted creature is white.", affects: enchanted, grants: [{color: white}]}
  - {card: Crusade Banner, text: "White creatures get +1/+1.", affects: white_creatures, grants: [{pt: [1, 1]}]}
"""


def test_a_color_word_in_a_grant():
    # "Enchanted creature is white." with "white" changed to "black" (612.2, layer 3): the Bears
    # are black (105.3, layer 5).
    text = TURN + hack("[white, black]").replace("\nabilities:\n", WHITEWASH + "abilities:\n" + WHITEWASH_ABILITIES, 1) + """
objects:
  wash: {card: Whitewash, attached_to: bears}
  hack: {card: Alter Text, attached_to: wash}
  bears: {card: Grizzly Bears}
"""
    got = ask(text, "characteristics bears")
    assert not got.invalid
    assert (got.single.value["colors"], got.single.rules) == (["black"], ["105.3", "202.3", "613.1e"])


def test_a_color_word_in_a_selector_is_refused():
    # "White creatures get +1/+1." with "white" changed to "blue": the selector's word isn't one
    # the rules rewrite (statics.lp's white_creatures), so the answer says so.
    text = TURN + hack("[white, blue]").replace("\nabilities:\n", WHITEWASH + "abilities:\n" + WHITEWASH_ABILITIES, 1) + """
objects:
  banner: {card: Crusade Banner}
  hack: {card: Alter Text, attached_to: banner}
  bears: {card: Grizzly Bears}
"""
    assert ask(text, "characteristics bears").invalid == [
        "text change not modelled: banner, white, White creatures get +1/+1. (in the initial state)"]


def test_the_text_change_ends_with_its_source():
    # A static ability's effect applies only while its source is on the battlefield (611.3a):
    # the Aura gone, Urborg's text says "Swamp" again and each land is a Swamp. Relevance carries
    # the change from the Aura through Urborg to the Forest (the same with full_demand).
    text = TURN + hack("[Swamp, Island]") + """
objects:
  urborg: {card: "Urborg, Tomb of Yawgmoth"}
  hack: {card: Alter Text, attached_to: urborg}
  forest: {card: Forest}
timeline:
  - {move: hack, to: graveyard}
"""
    program = EVERY_END + ('reads_details(X) :- object(X). '
                           '#show. #show (T, O, S) : subtype(O, I, S, P), end_of(T, P), O != "hack".')
    assert shown1(text, program) == shown1(text, program, full_demand=True) == [
        '(0,"forest","Forest")', '(0,"forest","Island")', '(0,"urborg","Island")',
        '(1,"forest","Forest")', '(1,"forest","Swamp")', '(1,"urborg","Swamp")']


def test_text_changes_apply_one_after_another_and_a_timeline_change_text():
    # Several text changes apply in timestamp order (613.7), each rewriting the text the earlier
    # left (612.1): the Aura's Swamp -> Island (timestamp 0), then Magical Hack's Island -> Mountain
    # (a resolved spell, indefinitely: 611.2a), then Sleight of Mind's Mountain -> Plains until end
    # of turn. Urborg's "Each land is a Swamp" reads Island, then Mountain, then Plains (layer 4
    # makes the Forest that type too); the cleanup step (514.2) ends the last: Mountain again.
    text = TURN + hack("[Swamp, Island]") + """
objects:
  urborg: {card: "Urborg, Tomb of Yawgmoth"}
  hack: {card: Alter Text, attached_to: urborg}
  forest: {card: Forest}
  magus: {card: Grizzly Bears}
timeline:
  - {change_text: urborg, from: Island, to: Mountain, source: magus}
  - {change_text: urborg, from: Mountain, to: Plains, until: end_of_turn}
  - {begin: cleanup}
"""
    program = EVERY_END + ('reads_details(X) :- object(X). #show invalid/2. '
                           '#show. #show (T, O, S) : subtype(O, I, S, P), end_of(T, P), O != "hack", O != "magus".')
    expected = ['(0,"forest","Forest")', '(0,"forest","Island")', '(0,"urborg","Island")',
                '(1,"forest","Forest")', '(1,"forest","Mountain")', '(1,"urborg","Mountain")',
                '(2,"forest","Forest")', '(2,"forest","Plains")', '(2,"urborg","Plains")',
                '(3,"forest","Forest")', '(3,"forest","Mountain")', '(3,"urborg","Mountain")']
    assert shown1(text, program) == shown1(text, program, full_demand=True) == expected
    # (layer_order's rows: docs/examples/layers/text-changes-in-timestamp-order.yaml.)
    got = ask(text, "characteristics urborg at=2")
    assert (got.invalid, got.single.value["subtypes"]) == ([], ["Plains"])
    assert got.single.rules == ["202.3", "202.3a", "612.2", "613.1c", "613.1d"]
    assert got.single.because == [
        "hack's effect changes Swamp to Island in urborg's text (layer 3, 612.2)",
        "magus's effect changes Island to Mountain in urborg's text (layer 3, 612.2)",
        "the timeline (entry 2)'s effect changes Mountain to Plains in urborg's text (layer 3, 612.2)"]


def test_a_later_text_change_rewrites_a_word_printed_as_it_is():
    # The Swamp's type line: "Swamp" the Aura made "Island" reads "Forest" after Island -> Forest
    # (613.7); red -> blue then blue -> red gives "red" back (612.1): the Knight has protection
    # from blue in between (702.16a), from red again after.
    text = TURN + hack("[Swamp, Island]") + """
objects:
  swamp: {card: Swamp}
  hack: {card: Alter Text, attached_to: swamp}
  knight: {card: Red Ward Knight}
timeline:
  - {change_text: swamp, from: Island, to: Forest}
  - {change_text: knight, from: red, to: blue}
  - {change_text: knight, from: blue, to: red}
"""
    program = EVERY_END + ('reads_details(X) :- object(X). #show invalid/2. '
                           '#show. #show (T, S) : subtype("swamp", I, S, P), end_of(T, P). '
                           '#show (T, Q) : protected_from("knight", Q, P), end_of(T, P).')
    assert shown1(text, program) == ['(0,"Island")', '(0,color(r))', '(1,"Forest")', '(1,color(r))',
                                     '(2,"Forest")', '(2,color(u))', '(3,"Forest")', '(3,color(r))']


def test_creature_type_words():
    # 612.2: "a creature type word used as a creature type" changes. "Enchanted creature is a
    # Goblin" with Goblin -> Elf makes the Bears an Elf (205.1a, layer 4); Raging Goblin's type line
    # (612.1) reads Faerie until end of turn (514.2); the Elf Lord's "Other Elves get +1/+1." (not
    # a grant the rules rewrite: the bridge finds "Elves" in it) with Elf -> Goblin is refused.
    text = TURN + """
cards:
  - {name: Goblinize, layout: normal, type_line: Enchantment — Aura, keywords: [Enchant], mana_cost: "{R}", colors: [R],
     oracle_text: "Enchant creature\\nEnchanted creature is a Goblin."}
  - {name: Elf Lord, layout: normal, type_line: Creature — Elf, oracle_text: "Other Elves get +1/+1.",
     mana_cost: "{G}", colors: [G], power: "1", toughness: "1"}
abilities:
  - {card: Goblinize, text: "Enchanted creature is a Goblin.", affects: enchanted, grants: [{creature_type: Goblin}]}
objects:
  aura: {card: Goblinize, attached_to: bears}
  bears: {card: Grizzly Bears}
  goblin: {card: Raging Goblin}
  lord: {card: Elf Lord}
timeline:
  - {change_text: aura, from: Goblin, to: Elf}
  - {change_text: goblin, from: Goblin, to: Faerie, until: end_of_turn}
  - {begin: cleanup}
  - {change_text: lord, from: Elf, to: Goblin}
"""
    program = EVERY_END + ('reads_details(X) :- object(X). #show invalid/2. '
                           '#show. #show (T, O, S) : subtype(O, I, S, P), end_of(T, P), O != "aura", T < 4.')
    expected = ['(0,"bears","Goblin")', '(0,"goblin","Berserker")', '(0,"goblin","Goblin")', '(0,"lord","Elf")',
                '(1,"bears","Elf")', '(1,"goblin","Berserker")', '(1,"goblin","Goblin")', '(1,"lord","Elf")',
                '(2,"bears","Elf")', '(2,"goblin","Berserker")', '(2,"goblin","Faerie")', '(2,"lord","Elf")',
                '(3,"bears","Elf")', '(3,"goblin","Berserker")', '(3,"goblin","Goblin")', '(3,"lord","Elf")',
                'invalid(text_change_not_modelled("lord","Elf","Other Elves get +1/+1."),4)']
    assert shown1(text, program) == shown1(text, program, full_demand=True) == expected
