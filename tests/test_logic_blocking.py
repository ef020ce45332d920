"""Blocking and attacking restrictions (logic/combat.lp, logic/protection.lp) and the can_block
question (queries/can_block.lp): 509.1a, 509.1b, 702.9b/702.17b, 702.16f, 702.111b, 702.118b,
702.3b."""

from hypothesis import given, settings
from hypothesis import strategies as st

from harness import ask, shown1

BLOCKS = ('#show invalid/2. '
          '#show cannot_block(O, A, T, R) : cannot_block(O, A, P, R), declares_blocker(O, A, T), read_point(T, O, P).')

BOARD = """
turn: {number: 4, active: alice, step: declare_attackers}
objects:
  serra: {card: Serra Angel}
  tergrid: {card: "Tergrid, God of Fright"}
  nightmare: {card: Startled Awake // Persistent Nightmare, face: back}
  spider: {card: Peter Parker // Amazing Spider-Man, face: back, owner: bob}
  bears: {card: Grizzly Bears, owner: bob}
  goblin: {card: Raging Goblin, owner: bob}
timeline:
"""


def test_a_flyer_is_blocked_by_reach_and_not_by_a_ground_creature():
    atoms = shown1(BOARD + """
      - {attack: serra, target: bob}
      - {begin: declare_blockers}
      - {block: spider, attacker: serra}
      - {block: bears, attacker: serra}
    """, BLOCKS)
    # 702.17b: Amazing Spider-Man has reach; 702.9b: the Bears have neither flying nor reach.
    assert atoms == ['cannot_block("bears","serra",4,"702.9b")', 'invalid(illegal_blocker("bears","702.9b"),4)']


def test_menace_one_blocker_is_illegal_two_are_legal():
    one = shown1(BOARD + """
      - {attack: tergrid, target: bob}
      - {begin: declare_blockers}
      - {block: bears, attacker: tergrid}
    """, BLOCKS)
    # 702.111b: the declaration as a whole breaks the restriction; each block alone passes.
    assert one == ['invalid(illegal_blocker("bears","702.111b"),3)']
    two = shown1(BOARD + """
      - {attack: tergrid, target: bob}
      - {begin: declare_blockers}
      - {block: bears, attacker: tergrid}
      - {block: goblin, attacker: tergrid}
    """, BLOCKS)
    assert two == []


def test_a_declaration_reports_every_restriction_it_breaks():
    # declare_blockers declares them all at once: the Goblin can't block the Angel (702.9b), so
    # the Bears are Tergrid's only blocker (702.111b); the Spider blocks the Angel (702.17b).
    atoms = shown1(BOARD + """
      - {declare_attackers: {serra: bob, tergrid: bob}}
      - {begin: declare_blockers}
      - {declare_blockers: {bears: tergrid, goblin: serra, spider: serra}}
    """, BLOCKS)
    assert atoms == ['cannot_block("goblin","serra",3,"702.9b")', 'invalid(illegal_blocker("bears","702.111b"),3)',
                     'invalid(illegal_blocker("goblin","702.9b"),3)']
    atoms = shown1(BOARD + """
      - {declare_attackers: {serra: bob, tergrid: bob}}
      - {begin: declare_blockers}
      - {declare_blockers: {bears: tergrid, goblin: tergrid, spider: serra}}
    """, BLOCKS)
    assert atoms == []


def test_menace_counts_the_blocks_of_one_combat_only():
    # A block in an earlier combat doesn't make a lone block in this one legal (511.3).
    atoms = shown1(BOARD + """
      - {attack: tergrid, target: bob}
      - {begin: declare_blockers}
      - {block: bears, attacker: tergrid}
      - {begin: postcombat_main}
      - {begin_turn: 5, active: bob}
      - {begin_turn: 6, active: alice}
      - {begin: declare_attackers}
      - {attack: tergrid, target: bob}
      - {begin: declare_blockers}
      - {block: goblin, attacker: tergrid}
    """, BLOCKS)
    assert atoms == ['invalid(illegal_blocker("bears","702.111b"),3)',
                     'invalid(illegal_blocker("goblin","702.111b"),10)']


def test_skulk_against_a_bigger_and_an_equal_blocker():
    atoms = shown1(BOARD + """
      - {attack: nightmare, target: bob}
      - {begin: declare_blockers}
      - {block: bears, attacker: nightmare}
      - {block: goblin, attacker: nightmare}
    """, BLOCKS)
    # 702.118b: the Bears' power 2 is greater than the Nightmare's 1; the Goblin's 1 is not.
    assert atoms == ['cannot_block("bears","nightmare",3,"702.118b")',
                     'invalid(illegal_blocker("bears","702.118b"),3)']


def test_skulk_compares_power_as_the_block_is_declared():
    # The Goblin with a +1/+1 counter (power 2) can't block it; the Bears with -1/-1 (power 1) can.
    atoms = shown1("""
    turn: {number: 4, active: alice, step: declare_attackers}
    objects:
      nightmare: {card: Startled Awake // Persistent Nightmare, face: back}
      bears: {card: Grizzly Bears, owner: bob, counters: {"-1/-1": 1}}
      goblin: {card: Raging Goblin, owner: bob, counters: {"+1/+1": 1}}
    timeline:
      - {attack: nightmare, target: bob}
      - {begin: declare_blockers}
      - {block: bears, attacker: nightmare}
      - {block: goblin, attacker: nightmare}
    """, BLOCKS)
    assert atoms == ['cannot_block("goblin","nightmare",4,"702.118b")',
                     'invalid(illegal_blocker("goblin","702.118b"),4)']


def test_a_blocker_not_on_the_battlefield_is_reported():
    atoms = shown1(BOARD + """
      - {attack: serra, target: bob}
      - {begin: declare_blockers}
      - {move: spider, to: hand}
      - {block: spider, attacker: serra}
    """, BLOCKS)
    assert atoms == ['cannot_block("spider","serra",4,"509.1a")', 'invalid(illegal_blocker("spider","509.1a"),4)']


def test_defender_cannot_attack():
    text = """
    turn: {number: 4, active: alice, step: declare_attackers}
    objects:
      subject: {card: "Ludevic's Test Subject"}
    timeline:
      - {attack: subject, target: bob}
    """
    assert shown1(text, "#show invalid/2.") == ['invalid(illegal_attacker("subject","702.3b"),1)']
    got = ask(text, "can_attack subject at=0").single
    assert (got.value, got.rules, got.because) == (False, ["702.3b"], ["subject has defender"])


QUESTION_BOARD = BOARD + """
  - {attack: serra, target: bob}
  - {attack: tergrid, target: bob}
  - {attack: nightmare, target: bob}
  - {begin: declare_blockers}
"""


def test_can_block_names_every_rule_that_forbids():
    got = ask(QUESTION_BOARD, "can_block bears serra").single
    assert (got.value, got.rules) == (False, ["702.9b"])
    # Tapped, and the Nightmare's skulk: both rules.
    text = QUESTION_BOARD.replace("bears: {card: Grizzly Bears, owner: bob}",
                                  "bears: {card: Grizzly Bears, owner: bob, tapped: true}")
    got = ask(text, "can_block bears nightmare").single
    assert (got.value, got.rules, got.because) == (
        False, ["509.1a", "702.118b"],
        ["bears is tapped", "nightmare has skulk and power 1; the blocker's power, 2, is greater"])


def test_can_block_menace_only_with_another_blocker():
    got = ask(QUESTION_BOARD, "can_block bears tergrid").single
    assert (got.value, got.rules, got.because) == (
        True, ["509.1a", "702.111b"], ["bears may block tergrid only with another blocker: tergrid has menace"])
    # With every other creature of bob's unable to block, no legal declaration has the Bears block it.
    text = QUESTION_BOARD.replace("goblin: {card: Raging Goblin, owner: bob}",
                                  "goblin: {card: Raging Goblin, owner: bob, tapped: true}").replace(
        "spider: {card: Peter Parker // Amazing Spider-Man, face: back, owner: bob}",
        "spider: {card: Peter Parker // Amazing Spider-Man, face: back, owner: bob, tapped: true}")
    got = ask(text, "can_block bears tergrid").single
    assert (got.value, got.rules, got.because) == (False, ["702.111b"], ["tergrid has menace, and no other creature could block it"])


def test_can_block_without_an_attacker_lists_each_attacker():
    got = ask(QUESTION_BOARD, "can_block goblin").single
    assert (got.value, got.rules, got.because) == (
        True, ["509.1a", "702.9b", "702.111b"],
        ["goblin may block nightmare", "goblin may block tergrid only with another blocker: tergrid has menace",
         "serra has flying, and the blocker has neither flying nor reach"])


def test_can_block_an_attacker_no_longer_attacking_or_before_any_attack():
    # After the combat phase ends, no creature is attacking (511.3).
    got = ask(QUESTION_BOARD + "  - {begin: postcombat_main}\n", "can_block spider serra").single
    assert (got.value, got.rules, got.because) == (False, ["509.1a"], ["serra is not attacking"])
    got = ask(QUESTION_BOARD, "can_block spider at=0").single
    assert (got.value, got.rules, got.because) == (False, ["509.1a"], ["no creature is attacking"])


# --- Property: the timeline's verdict on a declaration agrees with can_block ------------------
# 509.1b: a declaration is legal exactly when every block passes the single-block restrictions
# (what can_block answers, less its "no other creature could block it" for menace) and each
# attacker with menace has no blockers or two or more (702.111b).

PROPERTY_BOARD = BOARD.replace("timeline:\n", """  nighthawk: {card: Vampire Nighthawk, owner: bob}
  knight: {card: White Knight}
  tired: {card: Grizzly Bears, owner: bob, tapped: true}
timeline:
  - {declare_attackers: {serra: bob, tergrid: bob, nightmare: bob, knight: bob}}
  - {begin: declare_blockers}
""")
BLOCKERS = ("spider", "bears", "goblin", "nighthawk", "tired")
ATTACKERS = ("serra", "tergrid", "nightmare", "knight")
_SINGLE: dict = {}


def _passes_alone(blocker: str, attacker: str) -> bool:
    if (blocker, attacker) not in _SINGLE:
        got = ask(PROPERTY_BOARD, f"can_block {blocker} {attacker}").single
        _SINGLE[blocker, attacker] = got.value or got.rules == ["702.111b"]
    return _SINGLE[blocker, attacker]


@settings(max_examples=12, deadline=None)
@given(st.dictionaries(st.sampled_from(BLOCKERS), st.sampled_from(ATTACKERS), min_size=1))
def test_a_declaration_is_legal_exactly_when_each_block_and_menace_are(declaration):
    text = PROPERTY_BOARD + "  - {declare_blockers: {" + ", ".join(f"{o}: {a}" for o, a in declaration.items()) + "}}\n"
    atoms = shown1(text, "#show. #show illegal(O) : invalid(illegal_blocker(O, R), 3).")
    lone = {a for a in ATTACKERS if list(declaration.values()).count(a) == 1}
    expected = sorted(f'illegal("{o}")' for o, a in declaration.items()
                      if not _passes_alone(o, a) or (a == "tergrid" and a in lone))
    assert atoms == expected
