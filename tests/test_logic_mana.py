"""logic/mana.lp and the mana_pool and can_spend questions: mana pools by type (106.1b, 106.4),
restrictions and additional effects that don't change the mana's type (106.6, seed ruling
003-01), replacement effects on tapping for mana (106.12b, 106.6a), doubling a type of mana
(701.10f, seed ruling 000-21), spending (106.4, 106.6), and pools emptying as a step or phase ends
(500.5). Also the skipped untap step (500.11; logic/turns.lp)."""

import pytest

from harness import ask, shown1
from rulecheck.cli import main

POOL = "#show. #show (Pl, Ty, R, N, T) : pool(Pl, Ty, R, N, T), N > 0.\n"
INVALID = "#show. #show invalid/2.\n"

TEMPLE_AND_TOMB = """
turn: {number: 3, active: alice, step: precombat_main}
objects:
  temple: {card: Eldrazi Temple}
  tomb: {card: Ancient Tomb}
  lotus: {card: Gilded Lotus, owner: bob}
timeline:
  - {activate: temple, ability: "{T}: Add {C}{C}."}
  - {activate: tomb, ability: "{T}: Add {C}{C}."}
  - {activate: lotus, ability: "{T}: Add three mana of any one color.", mana: U}
  - {double_mana: alice, mana: C}
  - {begin: beginning_of_combat}
  - {activate: temple, ability: "{T}: Add {C}.", id: again}
"""


def test_pools_entry_by_entry():
    # 106.4: the mana goes to the pool of the player who activated the ability (its controller);
    # 106.6: the Temple's restricted mana is colorless mana, kept apart by what it carries.
    # 701.10f: doubling alice's colorless mana adds 4 (restricted mana counts: it is colorless),
    # without the restriction. 500.5: the main phase ends as combat begins: every pool empties.
    # (The Temple, untapped by nothing, can't be tapped again at entry 6: no mana then.)
    assert shown1(TEMPLE_AND_TOMB, POOL) == [
        '("alice",c,none,2,2)', '("alice",c,none,2,3)', '("alice",c,none,6,4)',
        '("alice",c,restricted("temple",colorless_eldrazi),2,1)',
        '("alice",c,restricted("temple",colorless_eldrazi),2,2)',
        '("alice",c,restricted("temple",colorless_eldrazi),2,3)',
        '("alice",c,restricted("temple",colorless_eldrazi),2,4)',
        '("bob",u,none,3,3)', '("bob",u,none,3,4)']


def test_a_restricted_unit_keeps_its_type():
    got = ask(TEMPLE_AND_TOMB, "mana_pool alice at=4").single
    assert got.value == {"mana": [
        {"type": "C", "amount": 2, "from": "temple", "carries": "colorless_eldrazi", "as": "restriction"},
        {"type": "C", "amount": 6, "from": "-", "carries": "none", "as": "-"}]}
    assert got.rules == ["106.1b", "106.4", "106.6", "605.3b", "701.10f"]
    assert "alice had 4 C mana at entry 4 and added that much more (701.10f)" in got.because


def test_pools_empty_between_steps():
    got = ask(TEMPLE_AND_TOMB, "mana_pool bob at=5").single
    assert (got.value, got.rules) == ({"mana": []}, ["106.4", "500.5"])
    assert got.because == ["bob's mana pool emptied as a step or phase ended, before entry 5 (500.5)"]
    # A turn that begins (with its untap step) ends the turn before: the pools empty too.
    text = TEMPLE_AND_TOMB.replace("{begin: beginning_of_combat}", "{begin_turn: 4, active: bob}")
    assert ask(text, "mana_pool alice at=5").single.value == {"mana": []}
    # The activation at entry 6 is refused (the Temple is tapped, 107.5) and adds nothing.
    assert shown1(TEMPLE_AND_TOMB, INVALID) == ['invalid(illegal_activation("again","107.5"),6)']


def test_doubling_a_type_with_only_restricted_mana():
    text = """
turn: {number: 3, active: alice, step: precombat_main}
objects:
  pillar: {card: Pillar of the Paruns}
timeline:
  - {activate: pillar, ability: "{T}: Add one mana of any color.", mana: W}
  - {double_mana: alice, mana: W}
  - {double_mana: alice, mana: W}
  - {double_mana: alice, mana: G}
"""
    # 1 restricted white, doubled: 1 more (unrestricted); doubled again: 2 more. Green: none to double.
    assert shown1(text, POOL) == [
        '("alice",w,none,1,2)', '("alice",w,none,3,3)', '("alice",w,none,3,4)',
        '("alice",w,restricted("pillar",multicolored_spell),1,1)',
        '("alice",w,restricted("pillar",multicolored_spell),1,2)',
        '("alice",w,restricted("pillar",multicolored_spell),1,3)',
        '("alice",w,restricted("pillar",multicolored_spell),1,4)']


REFLECTION = """
turn: {number: 3, active: alice, step: precombat_main}
objects:
  temple: {card: Eldrazi Temple}
  pillar: {card: Pillar of the Paruns}
  tomb: {card: Ancient Tomb, owner: bob}
  reflection: {card: Mana Reflection}
  nyxbloom: {card: Nyxbloom Ancient}
timeline:
  - {activate: temple, ability: "{T}: Add {C}{C}."}
  - {move: nyxbloom, to: graveyard}
  - {activate: pillar, ability: "{T}: Add one mana of any color.", mana: G}
  - {activate: tomb, ability: "{T}: Add {C}{C}."}
"""


def test_mana_replacements_carry_the_restriction_to_all_the_mana():
    # 106.12b, 614.1a: Mana Reflection (x2) and Nyxbloom Ancient (x3) both apply as alice taps the
    # Temple: 2 x 6 = 12, each restricted (106.6a). With Nyxbloom gone, the Pillar's 1 is 2. Bob's
    # Tomb isn't tapped by alice: "If you tap" applies to neither of her effects.
    assert shown1(REFLECTION, POOL) == [
        '("alice",c,restricted("temple",colorless_eldrazi),12,1)',
        '("alice",c,restricted("temple",colorless_eldrazi),12,2)',
        '("alice",c,restricted("temple",colorless_eldrazi),12,3)',
        '("alice",c,restricted("temple",colorless_eldrazi),12,4)',
        '("alice",g,restricted("pillar",multicolored_spell),2,3)',
        '("alice",g,restricted("pillar",multicolored_spell),2,4)',
        '("bob",c,none,2,4)']
    got = ask(REFLECTION, "mana_pool alice at=1").single
    assert got.rules == ["106.1b", "106.4", "106.6", "106.6a", "106.12b", "605.3b", "614.1a"]
    assert sorted(b for b in got.because if "increased" in b) == [
        "nyxbloom's replacement effect increased the mana produced at entry 1 (106.12b): what that mana carries applies to all of it (106.6a)",
        "reflection's replacement effect increased the mana produced at entry 1 (106.12b): what that mana carries applies to all of it (106.6a)"]


ELDRAZI = """
turn: {number: 3, active: alice, step: precombat_main}
objects:
  temple: {card: Eldrazi Temple}
  boseiju: {card: "Boseiju, Who Shelters All"}
  predator: {card: Kessig Prowler, face: back}
  prowler: {card: Kessig Prowler, zone: hand}
  bolt: {card: Lightning Bolt, zone: hand}
  blade: {card: Boros Swiftblade, zone: hand}
timeline:
  - {activate: temple, ability: "{T}: Add {C}{C}."}
  - {activate: boseiju, ability: "{T}, Pay 2 life: Add {C}."}
"""


@pytest.mark.parametrize("question,value,rules", [
    # Sinuous Predator (the Prowler's back face) is a colorless Eldrazi: its abilities qualify.
    ("can_spend alice C predator at=1", True, ["106.4", "106.6"]),
    # Kessig Prowler, cast, is a green Werewolf Horror: the Temple's mana can't pay for it.
    ("can_spend alice C prowler at=1", False, ["106.4", "106.6"]),
    # No mana of that type at all: 106.4 alone.
    ("can_spend alice R bolt at=1", False, ["106.4"]),
    ("can_spend bob C bolt at=1", False, ["106.4"]),
    # Boseiju's mana has no restriction: it pays for anything (106.4).
    # (106.6: it carries an additional effect.)
    ("can_spend alice C prowler at=2", True, ["106.4", "106.6"]),
])
def test_can_spend(question, value, rules):
    got = ask(ELDRAZI, question).single
    assert (got.value, got.rules) == (value, rules)


def test_can_spend_names_the_restriction_and_the_effect():
    got = ask(ELDRAZI, "can_spend alice C prowler at=1").single
    assert got.because == [
        "2 C mana from temple can be spent only to cast colorless Eldrazi spells or activate abilities of colorless Eldrazi, and prowler doesn't qualify (106.6)",
        "the mana would pay for prowler as a spell"]
    got = ask(ELDRAZI, "can_spend alice C bolt at=2").single
    assert got.value is True
    assert got.because == [
        "2 C mana from temple can be spent only to cast colorless Eldrazi spells or activate abilities of colorless Eldrazi, and bolt doesn't qualify (106.6)",
        "1 C mana from boseiju can be spent on anything, with an additional effect: if it is spent on an instant or sorcery spell, that spell can't be countered",
        "bolt is an instant or sorcery spell: if the mana from boseiju is spent on it, that spell can't be countered",
        "the mana would pay for bolt as a spell"]


def test_spending():
    text = ELDRAZI + """
  - {spend: alice, mana: C, amount: 2, for: predator, source: temple}
  - {spend: alice, mana: C, for: bolt, source: boseiju}
  - {spend: alice, mana: C, for: bolt}
"""
    assert shown1(text, POOL) == [
        '("alice",c,restricted("temple",colorless_eldrazi),2,1)',
        '("alice",c,restricted("temple",colorless_eldrazi),2,2)',
        '("alice",c,with_effect("boseiju",uncounterable_if_instant_or_sorcery),1,2)',
        '("alice",c,with_effect("boseiju",uncounterable_if_instant_or_sorcery),1,3)']
    # Mana she doesn't have (no unrestricted colorless mana) can't be spent (106.4).
    assert shown1(text, INVALID) == ['invalid(not_enough_mana("alice",c,1),5)']


def test_spending_against_the_restriction_is_refused():
    text = ELDRAZI + "  - {spend: alice, mana: C, amount: 2, for: bolt, source: temple}\n"
    assert shown1(text, INVALID) == [
        'invalid(mana_restricted("alice",c,restricted("temple",colorless_eldrazi),"bolt","106.6"),3)']


def test_a_color_must_be_chosen_for_any_color():
    text = """
objects:
  lotus: {card: Gilded Lotus}
  temple: {card: Eldrazi Temple}
timeline:
  - {activate: lotus, ability: "{T}: Add three mana of any one color."}
  - {activate: temple, ability: "{T}: Add {C}.", mana: G}
"""
    assert shown1(text, INVALID) == ['invalid(mana_color_not_chosen_here("#2"),2)',
                                     'invalid(no_mana_color_chosen("#1"),1)']


SKIP = """
turn: {number: 3, active: alice, step: precombat_main}
objects:
  elves: {card: Llanowar Elves}
timeline:
  - {tap: elves}
  - {begin_turn: 4, active: bob}
  - {begin_turn: 5, active: alice, skip_untap: true}
  - {begin_turn: 6, active: bob}
  - {begin_turn: 7, active: alice}
"""


def test_a_skipped_untap_step_untaps_nothing():
    # 502.3: alice's untap step untaps her Elves; 500.11: skipped, it untaps nothing.
    got = shown1(SKIP, "#show. #show (T) : tapped(\"elves\", P), end_of(T, P), entry(T).\n"
                       "question_reads(T, \"elves\") :- entry(T).")
    assert got == ["1", "2", "3", "4"]   # untapped as alice's turn 7 begins, entry 5
    unskipped = SKIP.replace(", skip_untap: true", "")
    got = shown1(unskipped, "#show. #show (T) : tapped(\"elves\", P), end_of(T, P), entry(T).\n"
                            "question_reads(T, \"elves\") :- entry(T).")
    assert got == ["1", "2"]


def test_bad_mana_type_is_one_line(capsys, tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text(ELDRAZI.replace('"{T}: Add {C}{C}."}', '"{T}: Add {C}{C}.", mana: X}'))
    assert main(["ask", str(path), "--ask", "mana_pool alice"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "timeline[0].mana" in err and "'X'" in err
    path.write_text(ELDRAZI)
    assert main(["ask", str(path), "--ask", "can_spend alice X bolt"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "mana" in err


# --- Food Chain: "Exile a creature you control: Add X mana of any one color, where X is 1 plus the
# exiled creature's mana value. Spend this mana only to cast creature spells." -----------------------

FOOD_CHAIN = """
turn: {number: 3, active: alice, step: precombat_main}
objects:
  chain: {card: Food Chain}
  ogre: {card: Grizzly Bears}
  elves: {card: Llanowar Elves, zone: hand}
  shock: {card: Shock, zone: hand}
timeline:
  - {activate: chain, ability: "exile a creature: add mana", id: m1, exile: ogre, mana: G}
  - {spend: alice, mana: G, amount: 1, for: elves, source: chain}
"""


def zones(text: str, obj: str, entries) -> list:
    return [ask(text, f"characteristics {obj} at={t}").single.value["zone"] for t in entries]


def test_food_chain_adds_1_plus_the_exiled_creature_s_mana_value():
    # The Bears (mana value 2, 202.3) exiled to pay the cost (602.2b, 601.2h): 3 green mana that
    # keeps its type with its restriction (106.6), spent only on a creature spell.
    pool = ask(FOOD_CHAIN, "mana_pool alice at=1").single
    assert (pool.value, pool.rules) == (
        {"mana": [{"type": "G", "amount": 3, "from": "chain", "carries": "creature_spell", "as": "restriction"}]},
        ["106.1b", "106.4", "106.6", "605.3b"])
    assert shown1(FOOD_CHAIN, POOL) == ['("alice",g,restricted("chain",creature_spell),2,2)',
                                        '("alice",g,restricted("chain",creature_spell),3,1)']
    assert zones(FOOD_CHAIN, "ogre", (0, 1, 2)) == ["battlefield", "exile", "exile"]
    assert shown1(FOOD_CHAIN, INVALID) == []
    assert [(a.single.value, a.single.rules) for a in (ask(FOOD_CHAIN, "can_spend alice G elves at=1"),
                                                       ask(FOOD_CHAIN, "can_spend alice G shock at=1"))] == [
        (True, ["106.4", "106.6"]), (False, ["106.4", "106.6"])]


def test_food_chain_reads_the_creature_as_it_last_existed_on_the_battlefield():
    # 608.2h: face down on the battlefield it had mana value 0 (708.2a), not its card's 2: X = 1.
    text = FOOD_CHAIN.replace("ogre: {card: Grizzly Bears}", "ogre: {card: Grizzly Bears, face_down: true}")
    assert ask(text, "mana_pool alice at=1").single.value == {
        "mana": [{"type": "G", "amount": 1, "from": "chain", "carries": "creature_spell", "as": "restriction"}]}


def test_food_chain_s_cost_is_a_creature_its_controller_controls():
    # 118.3: another player's creature, a card in hand, or none can't pay the cost: no mana, and
    # the creature stays where it was.
    text = FOOD_CHAIN.replace("ogre: {card: Grizzly Bears}", "ogre: {card: Grizzly Bears, owner: bob}").replace(
        "  - {spend: alice, mana: G, amount: 1, for: elves, source: chain}\n",
        "  - {activate: chain, ability: \"exile a creature: add mana\", id: m2, exile: elves, mana: G}\n"
        "  - {activate: chain, ability: \"exile a creature: add mana\", id: m3, mana: G}\n")
    assert shown1(text, INVALID) == ['invalid(cost_not_payable("m1","ogre","118.3"),1)',
                                     'invalid(cost_not_payable("m2","elves","118.3"),2)',
                                     'invalid(no_cost_object_chosen("m3"),3)']
    assert shown1(text, POOL) == []
    assert zones(text, "ogre", (1, 3)) + zones(text, "elves", (3,)) == ["battlefield", "battlefield", "hand"]


# --- Mycosynth Lattice: "Players may spend mana as though it were mana of any color." (609.4b) ------
# Bob's Lattice lets every player, Alice too, pay a colored mana symbol with mana of any type; the
# mana spent stays what it is (609.4b), and {C} still takes colorless mana (107.4c).

LATTICE = """
turn: {number: 3, active: alice, step: precombat_main}
objects:
  lattice: {card: Mycosynth Lattice, owner: bob}
  elves: {card: Llanowar Elves}
  bolt: {card: Lightning Bolt, zone: hand}
timeline:
  - {activate: elves, ability: "{T}: Add {G}."}
  - {spend: alice, mana: G, for: bolt, pays: R}
"""
# The Lattice gone (to its owner's graveyard) before the spend.
NO_LATTICE = LATTICE.replace("  - {spend:", "  - {move: lattice, to: graveyard}\n  - {spend:")


def test_green_mana_pays_red_under_the_lattice_and_is_green_mana_spent():
    # 609.4b: the G mana leaves the pool (what was spent is G mana), and nothing is refused.
    assert shown1(LATTICE, POOL + "#show invalid/2.\n") == ['("alice",g,none,1,1)']
    # Without the Lattice on the battlefield, {R} can be paid only with red mana (107.4a).
    assert shown1(NO_LATTICE, INVALID) == ['invalid(mana_cant_pay("alice",g,r,"107.4a"),3)']


@pytest.mark.parametrize("text,question,value,rules,last", [
    (LATTICE, "can_spend alice G bolt R at=1", True, ["106.4", "609.4b"],
     "lattice lets players spend mana as though it were mana of any color: G mana can pay {R}, and is still G mana (609.4b)"),
    (LATTICE, "can_spend alice G bolt pays=C at=1", False, ["106.4", "107.4c"],
     "G mana can't pay {C}: only colorless mana can (107.4c)"),
    (NO_LATTICE, "can_spend alice G bolt R at=2", False, ["106.4", "107.4a"],
     "G mana can't pay {R}: colored mana in costs can be paid only with mana of that color (107.4a)"),
])
def test_can_spend_for_a_symbol(text, question, value, rules, last):
    got = ask(text, question).single
    assert (got.value, got.rules, got.because[-1]) == (value, rules, last)
