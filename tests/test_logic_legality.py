"""Legality at the table: restrictions and requirements on attacking and blocking
(logic/attacking.lp, logic/blocking.lp: 508.1c, 508.1d, 509.1b, 509.1c), the enchanted selector
(statics.lp, 303.4b) with Pacifism, Auras and Equipment on a permanent with protection (702.16c,
702.16d, 704.5m, 704.5n), and the questions check_attacks and legal_blocks."""

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from harness import PERFORMED, ask, ask_all, shown1

INVALID = "#show invalid/2."

# Eager Brute attacks each combat if able; Eager Wall (defender) blocks each combat if able;
# Dread Shackles is a black Pacifism.
CARDS = """
cards:
  - {name: Eager Brute, layout: normal, mana_cost: "{1}{R}", type_line: Creature — Ogre,
     oracle_text: "Eager Brute attacks each combat if able.", power: "3", toughness: "2"}
  - {name: Eager Wall, layout: normal, mana_cost: "{1}{W}", type_line: Creature — Wall,
     oracle_text: "Defender\\nEager Wall blocks each combat if able.", keywords: [Defender], power: "0", toughness: "4"}
  - {name: Dread Shackles, layout: normal, mana_cost: "{1}{B}", type_line: Enchantment — Aura, colors: [B],
     oracle_text: "Enchant creature\\nEnchanted creature can't attack or block.", keywords: [Enchant]}
  - {name: Dark Blade, layout: normal, mana_cost: "{1}{B}", type_line: Artifact — Equipment, colors: [B],
     oracle_text: "Equipped creature gets +1/+0.\\nEquip {1}", keywords: [Equip]}
  - name: Pale Squire // Pale Paladin
    layout: transform
    keywords: [Protection]
    card_faces:
      - {name: Pale Squire, mana_cost: "{1}{W}", type_line: Creature — Human Knight, oracle_text: "",
         power: "2", toughness: "2", colors: [W]}
      - {name: Pale Paladin, mana_cost: "", type_line: Creature — Human Knight, oracle_text: "Protection from black",
         power: "3", toughness: "3", colors: [W]}
abilities:
  - {card: Eager Brute, text: "Eager Brute attacks each combat if able.", affects: itself, grants: [{must: attack}]}
  - {card: Eager Wall, text: "Eager Wall blocks each combat if able.", affects: itself, grants: [{must: block}]}
  - {card: Dread Shackles, text: "Enchanted creature can't attack or block.", affects: enchanted,
     grants: [{cant: attack_or_block}]}
"""


NONE = "  []\n"     # no timeline events


def _ans(text, question):
    got = ask(text, question).single
    return got.value, got.rules, got.because


# --- Pacifism: the enchanted selector and "can't attack or block" (303.4b, 508.1c, 509.1b) -----

PACIFISM = """
turn: {number: 4, active: alice, step: declare_attackers}
objects:
  bears: {card: Grizzly Bears}
  paci: {card: Pacifism, owner: bob, attached_to: bears}
  knight: {card: White Knight, owner: bob}
  paci2: {card: Pacifism, attached_to: knight}
  goblin: {card: Raging Goblin, owner: bob}
timeline:
"""


def test_pacifism_stops_an_attack_and_a_block():
    assert _ans(PACIFISM + "  []\n", "can_attack bears at=0") == (False, ["508.1c"], ["bears can't attack: paci says so"])
    text = PACIFISM + """
      - {attack: bears, target: bob}
      - {declare_attackers: {}}
    """
    # The attack in the timeline is reported with the rule (combat.lp: illegal_attacker).
    assert 'invalid(illegal_attacker("bears","508.1c"),1)' in shown1(text, INVALID)


def test_pacifism_stops_a_block_and_only_the_enchanted_creature():
    text = PACIFISM + """
      - {attack: bears, target: bob}
      - {begin: declare_blockers}
      - {block: knight, attacker: bears}
      - {block: goblin, attacker: bears}
    """
    assert shown1(text, INVALID) == ['invalid(illegal_attacker("bears","508.1c"),1)',
                                     'invalid(illegal_blocker("knight","509.1b"),3)']
    assert _ans(text, "can_block knight bears at=2") == (False, ["509.1b"], ["knight can't block: paci2 says so"])
    assert _ans(text, "can_block goblin bears at=2") == (True, ["509.1a"], ["goblin may block bears"])


def test_pacifism_moved_away_frees_the_creature():
    # 611.3a: the effect applies to whatever the Aura enchants at each moment.
    text = PACIFISM + """
      - {attach: paci, to: goblin}
    """
    assert _ans(text, "can_attack bears")[:2] == (True, ["508.1a"])
    assert _ans(text, "can_attack bears at=0")[:2] == (False, ["508.1c"])


def test_a_creature_with_defender_can_block():
    # 702.3b restricts attacking only.
    text = """
    turn: {number: 4, active: alice, step: declare_attackers}
    objects:
      bears: {card: Grizzly Bears}
      subject: {card: "Ludevic's Test Subject", owner: bob}
    timeline:
      - {attack: bears, target: bob}
      - {begin: declare_blockers}
    """
    assert _ans(text, "can_block subject bears")[:2] == (True, ["509.1a"])
    # (It is bob's: 508.1a too, alice being the active player.)
    assert _ans(text, "can_attack subject at=0")[:2] == (False, ["508.1a", "702.3b"])


# --- Attack requirements (508.1d) and check_attacks -------------------------------------------

ATTACKS = CARDS + """
turn: {number: 4, active: alice, step: declare_attackers}
objects:
  brute: {card: Eager Brute}
  bears: {card: Grizzly Bears}
  paci: {card: Pacifism, owner: bob, attached_to: bears}
  jace: {card: "Nissa, Vastwood Seer", face: back, owner: bob}
timeline:
"""


def test_check_attacks_requirement_and_restriction():
    assert _ans(ATTACKS + NONE, "check_attacks {}") == (
        False, ["508.1d"], ["brute attacks each combat if able (brute's ability) and could attack, but isn't declared"])
    assert _ans(ATTACKS + NONE, "check_attacks '{brute: bob}'") == (
        True, ["508.1a", "508.1c", "508.1d"], ["brute attacks each combat if able (brute's ability), and is declared"])
    value, rules, because = _ans(ATTACKS + NONE, "check_attacks '{brute: bob, bears: bob}'")
    assert (value, rules) == (False, ["508.1c"])
    assert "bears can't attack: paci says so" in because


def test_check_attacks_targets():
    # 506.2: not the attacking player; 506.3: a planeswalker may be attacked, a creature not.
    assert _ans(ATTACKS + NONE, "check_attacks '{brute: alice}'")[:3] == (
        False, ["506.2"], ["brute can't attack alice", "brute attacks each combat if able (brute's ability), and is declared"])
    assert _ans(ATTACKS + NONE, "check_attacks '{brute: jace}'")[:2] == (True, ["508.1a", "508.1c", "508.1d"])
    assert _ans(ATTACKS + NONE, "check_attacks '{brute: bears}'")[:2] == (False, ["506.3"])


def test_a_requirement_that_a_restriction_keeps_from_being_obeyed():
    # 508.1d: the most requirements that can be obeyed without disobeying a restriction: none,
    # when Pacifism enchants the creature that must attack.
    text = ATTACKS.replace("attached_to: bears", "attached_to: brute") + NONE
    assert _ans(text, "check_attacks {}") == (
        True, ["508.1a", "508.1c", "508.1d"],
        ["brute attacks each combat if able, but can't attack (508.1c): the requirement can't be obeyed"])


def test_a_declaration_in_the_timeline_without_a_required_attacker():
    text = ATTACKS + """
      - {declare_attackers: {bears: bob}}
    """
    assert shown1(text, INVALID) == ['invalid(illegal_attacker("bears","508.1c"),1)',
                                     'invalid(requirement_not_obeyed("brute","508.1d"),1)']
    text = ATTACKS + """
      - {attack: brute, target: bob}
    """
    assert shown1(text, INVALID) == []
    # Not required when it can't attack (summoning sick, 302.6).
    text = ATTACKS.replace("brute: {card: Eager Brute}", "brute: {card: Eager Brute, controlled_since: 4}") + """
      - {declare_attackers: {jace: bob}}
    """
    assert 'invalid(requirement_not_obeyed("brute","508.1d"),1)' not in shown1(text, INVALID)


# --- Block requirements (509.1c), legal_blocks ------------------------------------------------

BLOCKS = CARDS + """
turn: {number: 4, active: alice, step: declare_attackers}
objects:
  serra: {card: Serra Angel}
  tergrid: {card: "Tergrid, God of Fright"}
  bears: {card: Grizzly Bears}
  wall: {card: Eager Wall, owner: bob}
  goblin: {card: Raging Goblin, owner: bob}
  knight: {card: White Knight, owner: bob}
  paci: {card: Pacifism, attached_to: knight}
timeline:
  - {declare_attackers: {serra: bob, tergrid: bob}}
  - {begin: declare_blockers}
"""


def test_legal_blocks_lists_the_choices_and_the_conditions():
    value, rules, because = _ans(BLOCKS, "legal_blocks")
    # One legal declaration: the Wall must block (509.1c) and can block only Tergrid (menace),
    # so the Goblin with it; declaring no blockers obeys fewer requirements.
    assert value == {"blocks": [{"blocker": "goblin", "attacker": "tergrid"}, {"blocker": "wall", "attacker": "tergrid"}],
                     "declarations": 1}
    assert rules == ["509.1a", "509.1b", "509.1c", "702.9b", "702.111b"]
    assert because == ["tergrid has menace: it is blocked by two or more creatures or none",
                       "goblin may block tergrid only with another blocker: tergrid has menace",
                       "wall may block tergrid only with another blocker: tergrid has menace",
                       "wall blocks each combat if able (wall's ability): a declaration without it blocking is illegal",
                       "knight can block none of the attackers",
                       "knight can't block: paci says so"]
    assert _ans(BLOCKS, "legal_blocks knight")[:2] == ({"blocks": []}, ["509.1a", "509.1b", "702.9b", "702.111b"])


def test_check_blocks_requirements():
    # 509.1c: the Wall could block Tergrid with the Goblin: a declaration without it is illegal.
    assert _ans(BLOCKS, "check_blocks '{goblin: tergrid, bears: tergrid}'")[:2] == (False, ["509.1a", "509.1c"])
    assert _ans(BLOCKS, "check_blocks '{goblin: tergrid, wall: tergrid}'")[:2] == (
        True, ["509.1a", "509.1b", "509.1c", "702.111b"])


MENACE_CARDS = CARDS.replace("abilities:", """  - {name: Menacing Ogre, layout: normal, mana_cost: "{2}{B}", type_line: Creature — Ogre,
     oracle_text: "Menace", keywords: [Menace], power: "3", toughness: "3"}
  - {name: Menacing Drake, layout: normal, mana_cost: "{2}{U}", type_line: Creature — Drake,
     oracle_text: "Flying, menace", keywords: [Flying, Menace], power: "2", toughness: "2"}
abilities:""")
PARTNERS_ELSEWHERE = MENACE_CARDS + """
turn: {number: 4, active: alice, step: declare_attackers}
objects:
  ogre: {card: Menacing Ogre}
  drake: {card: Menacing Drake}
  wall: {card: Eager Wall, owner: bob}
  spider: {card: Peter Parker // Amazing Spider-Man, face: back, owner: bob}
  nighthawk: {card: Vampire Nighthawk, owner: bob}
timeline:
  - {declare_attackers: {ogre: bob, drake: bob}}
  - {begin: declare_blockers}
"""


def test_a_block_requirement_whose_partners_block_elsewhere_is_decided_on_a_small_board():
    # The Wall must block and could block only the Ogre (menace), with a partner; its possible
    # partners, the Spider and the Nighthawk, block the Drake (flying, menace) together. Every
    # declaration is built (blocking.lp): the Wall and the Spider on the Ogre obey one
    # requirement, which is the most; this declaration obeys none: illegal (509.1c).
    got = ask(PARTNERS_ELSEWHERE, "check_blocks '{spider: drake, nighthawk: drake}'").single
    assert (got.value, got.rules) == (False, ["509.1c"])
    assert got.because == ["drake has menace and is blocked by 2 creatures",
                           "wall blocks each combat if able (wall's ability) and doesn't block: this declaration obeys 0 "
                           "requirements to block, and a declaration that breaks no restriction obeys 1, the most that "
                           "can be obeyed"]
    # With the Wall among the blockers the requirement is obeyed: legal.
    assert ask(PARTNERS_ELSEWHERE, "check_blocks '{spider: ogre, wall: ogre}'").single.value is True


def test_a_block_requirement_not_decided_on_a_larger_board_is_said():
    # The same with enough other creatures on the battlefield that the declarations aren't
    # built (more than decl_space_cap, 4096: nothing or one of 2 attackers for each of 8 possible
    # blockers, 3^8 = 6561, tapped or not): no answer, and the reason, rather than a guess.
    text = PARTNERS_ELSEWHERE.replace("  nighthawk: {card: Vampire Nighthawk, owner: bob}\n", """  nighthawk: {card: Vampire Nighthawk, owner: bob}
  b1: {card: Grizzly Bears, owner: bob, tapped: true}
  b2: {card: Grizzly Bears, owner: bob, tapped: true}
  b3: {card: Grizzly Bears, owner: bob, tapped: true}
  b4: {card: Grizzly Bears, owner: bob, tapped: true}
  b5: {card: Grizzly Bears, owner: bob, tapped: true}
""")
    got = ask(text, "check_blocks '{spider: drake, nighthawk: drake}'").single
    assert (got.value, got.rules) == (None, ["509.1c"])
    assert got.because == [
        "drake has menace and is blocked by 2 creatures",
        "wall blocks each combat if able and could block only a creature with menace together with a creature "
        "that blocks another: on a board this large rulecheck doesn't compute the most requirements that could be "
        "obeyed (509.1c), so gives no answer"]
    value, rules, because = _ans(text, "legal_blocks")
    assert "declarations" not in value
    assert because[-1] == "the legal declarations of blockers aren't counted: more than 4096 ways to declare blockers to try"


# --- The declaration in the timeline, decided on a small board (509.1c) -------------------------

def test_a_timeline_declaration_whose_partners_block_elsewhere_is_decided_on_a_small_board():
    # As check_blocks above: the Wall must block and could block only the Ogre (menace); its
    # partners block the Drake. Every declaration of the state before the block is built: one
    # obeys a requirement (the Wall and the Spider on the Ogre), this one none: 509.1c, reported
    # at the declaration's entry (3). With the Wall and the Spider on the Ogre: nothing to report.
    text = PARTNERS_ELSEWHERE + "  - {declare_blockers: {spider: drake, nighthawk: drake}}\n"
    assert shown1(text, INVALID) == ['invalid(requirement_not_obeyed("wall","509.1c"),3)']
    text = PARTNERS_ELSEWHERE + "  - {declare_blockers: {spider: ogre, wall: ogre}}\n"
    assert shown1(text, INVALID) == []


# The Wall's one possible partner on the Ogre is the Spider, which a Bat that must block needs as
# its partner on the Drake: the Ogre has protection from black (the Bat and the Nighthawk are
# black), and only the Spider (reach) and the Bat (flying) can block the Drake.
RIVALS = MENACE_CARDS.replace("abilities:", """  - {name: Pale Ogre, layout: normal, mana_cost: "{2}{W}", type_line: Creature — Ogre,
     oracle_text: "Menace, protection from black", keywords: [Menace, Protection], power: "3", toughness: "3", colors: [W]}
  - {name: Eager Bat, layout: normal, mana_cost: "{1}{B}", type_line: Creature — Bat, colors: [B],
     oracle_text: "Flying\\nEager Bat blocks each combat if able.", keywords: [Flying], power: "1", toughness: "1"}
abilities:
  - {card: Eager Bat, text: "Eager Bat blocks each combat if able.", affects: itself, grants: [{must: block}]}""") + """
turn: {number: 4, active: alice, step: declare_attackers}
objects:
  ogre: {card: Pale Ogre}
  drake: {card: Menacing Drake}
  wall: {card: Eager Wall, owner: bob}
  bat: {card: Eager Bat, owner: bob}
  spider: {card: Peter Parker // Amazing Spider-Man, face: back, owner: bob}
timeline:
  - {declare_attackers: {ogre: bob, drake: bob}}
  - {begin: declare_blockers}
"""


def test_a_timeline_declaration_that_obeys_the_most_requirements_is_legal_on_a_small_board():
    # Each of the Wall and the Bat can obey its requirement only with the Spider: every legal
    # declaration obeys at most one, so the Bat and the Spider on the Drake obey as many as can be
    # obeyed, though the Wall could block the Ogre alone (no warning, and no "not decided").
    text = RIVALS + "  - {declare_blockers: {bat: drake, spider: drake}}\n"
    assert shown1(text, INVALID) == []
    assert ask(RIVALS, "check_blocks '{bat: drake, spider: drake}'").single.value is True
    text = RIVALS + "  - {declare_blockers: {wall: ogre, spider: ogre}}\n"
    assert shown1(text, INVALID) == []
    # The Spider alone on the Drake obeys no requirement: the Wall's is reported from the
    # declarations built (the Bat's is certain: it could join the Spider on the Drake).
    text = RIVALS + "  - {declare_blockers: {spider: drake}}\n"
    assert shown1(text, INVALID) == ['invalid(illegal_blocker("spider","702.111b"),3)',
                                     'invalid(requirement_not_obeyed("bat","509.1c"),3)',
                                     'invalid(requirement_not_obeyed("wall","509.1c"),3)']


def test_a_timeline_declaration_on_a_larger_board_is_not_decided():
    # The board of test_a_block_requirement_not_decided_on_a_larger_board_is_said: 3^8 ways, the
    # declarations aren't built, and the warning says the requirement isn't decided.
    text = PARTNERS_ELSEWHERE.replace("  nighthawk: {card: Vampire Nighthawk, owner: bob}\n", """  nighthawk: {card: Vampire Nighthawk, owner: bob}
  b1: {card: Grizzly Bears, owner: bob, tapped: true}
  b2: {card: Grizzly Bears, owner: bob, tapped: true}
  b3: {card: Grizzly Bears, owner: bob, tapped: true}
  b4: {card: Grizzly Bears, owner: bob, tapped: true}
  b5: {card: Grizzly Bears, owner: bob, tapped: true}
""") + "  - {declare_blockers: {spider: drake, nighthawk: drake}}\n"
    assert shown1(text, INVALID) == ['invalid(block_requirement_not_decided("wall"),3)']


# Two attackers, one with menace; three potential blockers, one of them can't block.
COUNTED = MENACE_CARDS + """
turn: {number: 4, active: alice, step: declare_attackers}
objects:
  ogre: {card: Menacing Ogre}
  bears: {card: Grizzly Bears}
  goblin: {card: Raging Goblin, owner: bob}
  nighthawk: {card: Vampire Nighthawk, owner: bob}
  cub: {card: Grizzly Bears, owner: bob}
  paci: {card: Pacifism, attached_to: cub}
timeline:
  - {declare_attackers: {ogre: bob, bears: bob}}
  - {begin: declare_blockers}
"""


def test_legal_blocks_counts_the_legal_declarations_of_a_small_board():
    # The Goblin and the Nighthawk each block nothing, the Ogre or the Bears (3 x 3 = 9 ways);
    # the Cub can't block (Pacifism, 509.1b). The Ogre has menace (702.111b): the 4 ways in
    # which exactly one of the two blocks it (that one on the Ogre, the other on nothing or the
    # Bears: 2 x 2) are illegal. 9 - 4 = 5: none; Goblin on Bears; Nighthawk on Bears; both on
    # Bears; both on the Ogre.
    value, rules, because = _ans(COUNTED, "legal_blocks")
    assert value["declarations"] == 5
    assert len(value["blocks"]) == 4
    assert rules == ["509.1a", "509.1b", "702.111b"]
    # A Wall that blocks each combat if able (509.1c), and can block either: every legal
    # declaration has it block. Wall on the Bears: the other two as before, 5 ways; Wall on the
    # Ogre: at least one more on the Ogre (the Wall alone there breaks 702.111b), 9 - 4 = 5
    # ways. 10.
    walled = COUNTED.replace("  paci:", "  wall: {card: Eager Wall, owner: bob}\n  paci:")
    value, rules, because = _ans(walled, "legal_blocks")
    assert value["declarations"] == 10
    assert rules == ["509.1a", "509.1b", "509.1c", "702.111b"]


def test_legal_blocks_says_more_than_the_cap():
    # Six creatures that may each block nothing or one of two attackers: 3^6 = 729 ways, no
    # restriction beyond the single blocks: 729 legal declarations, more than the cap (64).
    text = COUNTED.replace("  paci: {card: Pacifism, attached_to: cub}\n", """  g2: {card: Raging Goblin, owner: bob}
  g3: {card: Raging Goblin, owner: bob}
  g4: {card: Raging Goblin, owner: bob}
""").replace("Menacing Ogre}", "Grizzly Bears}")
    value, rules, because = _ans(text, "legal_blocks")
    assert "declarations" not in value
    assert because[-1] == "more than 64 legal declarations of blockers: not counted further"


def test_a_declaration_in_the_timeline_without_a_required_blocker():
    text = BLOCKS.replace("tergrid: bob}}", "tergrid: bob, bears: bob}}") + """
  - {declare_blockers: {goblin: bears}}
"""
    assert shown1(text, INVALID) == ['invalid(requirement_not_obeyed("wall","509.1c"),3)']
    text = BLOCKS.replace("tergrid: bob}}", "tergrid: bob, bears: bob}}") + """
  - {declare_blockers: {goblin: bears, wall: bears}}
"""
    assert shown1(text, INVALID) == []


def test_declaring_no_blockers_is_checked_against_the_requirements():
    # An empty declaration is a declaration (509.1c): the Wall must block and could block the
    # Bears, so declaring no blockers obeys fewer requirements than could be obeyed.
    text = BLOCKS.replace("tergrid: bob}}", "tergrid: bob, bears: bob}}") + """
  - {declare_blockers: {}}
"""
    assert shown1(text, INVALID) == ['invalid(requirement_not_obeyed("wall","509.1c"),3)']
    # Nothing it could block: only Serra Angel attacks (flying, 702.9b; the Wall has no reach).
    text = BLOCKS.replace("{serra: bob, tergrid: bob}", "{serra: bob}") + """
  - {declare_blockers: {}}
"""
    assert shown1(text, INVALID) == []


def test_an_empty_declaration_is_made_in_its_step():
    # 508.1, 509.1: declaring attackers (blockers) is the turn-based action of its step, even
    # declaring none.
    text = ATTACKS.replace("step: declare_attackers", "step: precombat_main") + """
      - {declare_attackers: {}}
      - {begin: declare_attackers}
      - {declare_attackers: {brute: bob}}
      - {declare_blockers: {}}
    """
    assert shown1(text, INVALID) == [
        'invalid(empty_declaration_outside_its_step(declare_attackers,"508.1"),1)',
        'invalid(empty_declaration_outside_its_step(declare_blockers,"509.1"),4)']


def test_declaring_no_attackers_is_checked_against_the_requirements():
    # An empty declaration is a declaration (508.1d): the Brute must attack and could.
    text = ATTACKS + """
      - {declare_attackers: {}}
    """
    assert shown1(text, INVALID) == ['invalid(requirement_not_obeyed("brute","508.1d"),1)']
    # It can't attack (summoning sick, 302.6): declaring no attackers obeys every requirement
    # that could be obeyed.
    text = ATTACKS.replace("brute: {card: Eager Brute}", "brute: {card: Eager Brute, controlled_since: 4}") + """
      - {declare_attackers: {}}
    """
    assert shown1(text, INVALID) == []


def test_every_block_comparison_is_a_key_legal_blocks_groups_by():
    # legal_blocks compares each blocker with the keys of the attackers' groups (blocking.lp:
    # attacker_group), never with block_pair_cannot: a restriction comparing a blocker with an
    # attacker written as block_pair_cannot directly would let legal_blocks list a block it
    # forbids. Only combat.lp's join of the two halves defines it, and each half is keyed.
    from rulecheck.resources import logic_files, queries_dir
    from rulecheck.stages import parse_text, rule_deps
    defines: dict[str, list] = {"block_pair_cannot": [], "key_fails": [], "pair_key": []}
    for path in [*logic_files(), *sorted(queries_dir().glob("*.lp"))]:
        for stm in parse_text(path.read_text(encoding="utf-8")):
            deps = rule_deps(stm)
            if deps is None:
                continue
            heads, _, reads = deps
            for name in defines:
                if (name, 5 if name != "pair_key" else 4) in heads:
                    defines[name].append((path.name, {sig[0] for sig, negative in reads if not negative}))
    assert [(f, "pair_key" in r and "key_fails" in r) for f, r in defines["block_pair_cannot"]] == [("combat.lp", True)]
    assert sorted(f for f, _ in defines["key_fails"]) == ["combat.lp", "combat.lp", "protection.lp"]
    assert all("scope_key" in r and "pair_scope_blocker" in r for _, r in defines["key_fails"])
    assert all("pair_scope_attacker" in r for _, r in defines["pair_key"])


def test_legal_blocks_an_attacker_with_several_keys():
    # Baneslayer Angel asks three things of its blockers (flying, 702.9b; protection from Demons
    # and from Dragons, 702.16f): a group of its own. Ormendahl (a Demon, with flying) may block
    # Serra Angel but not Baneslayer; the Spider (reach) both; Grizzly Bears neither.
    text = """
turn: {number: 4, active: alice, step: declare_attackers}
objects:
  angel: {card: Baneslayer Angel}
  serra: {card: Serra Angel}
  demon: {card: Westvale Abbey, face: back, owner: bob}
  spider: {card: Peter Parker // Amazing Spider-Man, face: back, owner: bob}
  bears: {card: Grizzly Bears, owner: bob}
timeline:
  - {declare_attackers: {angel: bob, serra: bob}}
  - {begin: declare_blockers}
"""
    value, rules, because = _ans(text, "legal_blocks")
    assert value["blocks"] == [{"blocker": "demon", "attacker": "serra"}, {"blocker": "spider", "attacker": "angel"},
                               {"blocker": "spider", "attacker": "serra"}]
    assert rules == ["509.1a", "509.1b", "702.9b", "702.16f"]
    assert because == ["bears can block none of the attackers"]


# Property: legal_blocks lists exactly the pairs can_block says yes to.
PROPERTY = CARDS + """
turn: {number: 4, active: alice, step: declare_attackers}
objects:
  serra: {card: Serra Angel}
  tergrid: {card: "Tergrid, God of Fright"}
  nightmare: {card: Startled Awake // Persistent Nightmare, face: back}
  knight: {card: White Knight}
  spider: {card: Peter Parker // Amazing Spider-Man, face: back, owner: bob}
  bears: {card: Grizzly Bears, owner: bob}
  goblin: {card: Raging Goblin, owner: bob}
  nighthawk: {card: Vampire Nighthawk, owner: bob}
  wall: {card: Eager Wall, owner: bob}
  paci: {card: Pacifism, attached_to: PACIFIED}
timeline:
  - {declare_attackers: ATTACKS}
  - {begin: declare_blockers}
"""
ATTACKERS = ["serra", "tergrid", "nightmare", "knight"]
BLOCKERS = ["spider", "bears", "goblin", "nighthawk", "wall"]


@settings(max_examples=6, deadline=None)
@given(st.lists(st.sampled_from(ATTACKERS), min_size=1, max_size=4, unique=True), st.sampled_from(BLOCKERS))
def test_legal_blocks_never_lists_a_choice_can_block_refuses(attackers, pacified):
    text = (PROPERTY.replace("PACIFIED", pacified)
            .replace("ATTACKS", "{" + ", ".join(f"{a}: bob" for a in attackers) + "}"))
    pairs = list(itertools.product(BLOCKERS, attackers))
    legal, *each = ask_all(text, ["legal_blocks"] + [f"can_block {o} {a}" for o, a in pairs])
    listed = {(row["blocker"], row["attacker"]) for row in legal.single.value.get("blocks", [])}
    allowed = {pair for pair, got in zip(pairs, each, strict=True) if got.single.value}
    assert listed == allowed
    assert all(o != pacified for o, a in listed)


# --- Auras and Equipment on a permanent with protection (702.16c, 702.16d) ---------------------

PROTECTED = CARDS + """
turn: {number: 4, active: alice, step: precombat_main}
objects:
  squire: {card: Pale Squire // Pale Paladin}
  shackles: {card: Dread Shackles, owner: bob, attached_to: squire}
  blade: {card: Dark Blade, attached_to: squire}
timeline:
  - {transform: squire}
"""


def test_a_black_aura_falls_off_a_creature_that_gains_protection_from_black():
    # The Squire transforms into Pale Paladin (protection from black): the black Aura is put into
    # the graveyard (702.16c, 704.5m), the black Equipment becomes unattached (702.16d, 704.5n).
    assert shown1(PROTECTED, PERFORMED) == ['performed(sba("blade",unattach,"704.5n"),1,1)',
                                            'performed(sba("shackles",graveyard,"704.5m"),1,1)']
    assert _ans(PROTECTED, "can_attack squire at=0")[:2] == (False, ["508.1c"])
    assert _ans(PROTECTED, "can_attack squire")[:2] == (True, ["508.1a"])


def test_an_aura_or_equipment_with_the_quality_cannot_be_attached():
    # 702.16c, 702.16d, 701.3b: the attach instruction doesn't move them.
    text = PROTECTED.replace("attached_to: squire", "zone: battlefield") + """
  - {attach: shackles, to: squire}
  - {attach: blade, to: squire}
"""
    assert shown1(text, "#show cannot_attach/4.") == ['cannot_attach("blade","squire",3,"702.16d")',
                                                      'cannot_attach("shackles","squire",2,"702.16c")']


# --- Hexproof from a quality (702.11d, 702.11f) -------------------------------------------------

HEXPROOF_FROM = """
cards:
  - {name: Redproof Cub, layout: normal, mana_cost: "{G}", type_line: Creature — Bear,
     oracle_text: "Hexproof from red", keywords: [Hexproof], power: "2", toughness: "2"}
  - {name: Twin Warded Cub, layout: normal, mana_cost: "{G}", type_line: Creature — Bear,
     oracle_text: "Hexproof from blue and from green", keywords: [Hexproof], power: "2", toughness: "2"}
turn: {number: 4, active: alice, step: precombat_main}
objects:
  cub: {card: Redproof Cub}
  twin: {card: Twin Warded Cub}
  shock: {card: Shock, zone: hand, owner: bob}
  myshock: {card: Shock, zone: hand}
  growth: {card: Giant Growth, zone: hand, owner: bob}
"""


def test_hexproof_from_a_quality_stops_only_opponents_sources_with_it():
    # 702.11d: the opponent's red Shock can't target the Cub; its controller's can; the
    # opponent's green Giant Growth can. 702.11f: "from blue and from green" is two abilities.
    assert _ans(HEXPROOF_FROM, "can_target shock cub")[:2] == (False, ["702.11d"])
    assert "cub has hexproof from red, shock has that quality, and the spell or ability's controller is an " \
           "opponent of cub's" in _ans(HEXPROOF_FROM, "can_target shock cub")[2]
    assert _ans(HEXPROOF_FROM, "can_target myshock cub")[:2] == (True, ["115.4", "601.2c"])
    assert _ans(HEXPROOF_FROM, "can_target growth cub")[:2] == (True, ["601.2c"])
    assert _ans(HEXPROOF_FROM, "can_target growth twin")[:2] == (False, ["702.11d"])
    assert _ans(HEXPROOF_FROM, "can_target shock twin")[:2] == (True, ["115.4", "601.2c"])
    # The keyword is modelled: no note says it isn't.
    assert not [w for w in ask(HEXPROOF_FROM, "can_target shock cub").warnings if "Hexproof" in w]


def test_an_aura_spell_targets_what_its_enchant_ability_allows():
    # 303.4a, 702.5a: Pacifism's spell targets a creature; 702.16b: the black Aura can't target
    # White Knight (protection from black), the white one can.
    text = CARDS + """
turn: {number: 4, active: alice, step: precombat_main}
objects:
  knight: {card: White Knight, owner: bob}
  paci: {card: Pacifism, zone: hand}
  shackles: {card: Dread Shackles, zone: hand}
  land: {card: Breeding Pool}
"""
    assert _ans(text, "can_target paci knight")[:2] == (True, ["303.4a", "601.2c"])
    assert _ans(text, "can_target shackles knight")[:2] == (False, ["702.16b"])
    assert _ans(text, "can_target paci land")[:2] == (False, ["303.4a", "601.2c"])


# Property: the number legal_blocks counts is the number of declarations check_blocks says yes
# to, among every way the potential blockers could block (each nothing or one attacker).
COUNT_BOARD = MENACE_CARDS + """
turn: {number: 4, active: alice, step: declare_attackers}
objects:
  ogre: {card: Menacing Ogre}
  serra: {card: Serra Angel}
  bears: {card: Grizzly Bears}
  goblin: {card: Raging Goblin, owner: bob}
  nighthawk: {card: Vampire Nighthawk, owner: bob}
  wall: {card: Eager Wall, owner: bob}
  cub: {card: Grizzly Bears, owner: bob}
  paci: {card: Pacifism, attached_to: PACIFIED}
timeline:
  - {declare_attackers: ATTACKS}
  - {begin: declare_blockers}
"""


@settings(max_examples=4, deadline=None)
@given(st.lists(st.sampled_from(["ogre", "serra", "bears"]), min_size=1, max_size=3, unique=True),
       st.sampled_from(["goblin", "nighthawk", "wall", "cub"]))
def test_legal_blocks_counts_the_declarations_check_blocks_allows(attackers, pacified):
    from rulecheck.ask import answer_all
    from rulecheck.question_text import parse_ask
    from harness import scenario
    text = (COUNT_BOARD.replace("PACIFIED", pacified)
            .replace("ATTACKS", "{" + ", ".join(f"{a}: bob" for a in attackers) + "}"))
    scn = scenario(text)
    blockers = ["goblin", "nighthawk", "wall", "cub"]
    choices = list(itertools.product([None] + attackers, repeat=len(blockers)))
    declarations = ["check_blocks '{" + ", ".join(f"{o}: {a}" for o, a in zip(blockers, c) if a) + "}'"
                    for c in choices]
    answers = answer_all(scn, [parse_ask("legal_blocks", scn)] + [parse_ask(d, scn) for d in declarations])
    assert all(a.single.value in (True, False) for a in answers[1:])
    legal = [c for c, a in zip(choices, answers[1:]) if a.single.value is True]
    # (Declaring no blockers among them: check_blocks {}.)
    count = len(legal)
    counted = answers[0].single.value.get("declarations")
    assert counted == count if count <= 64 else counted is None
