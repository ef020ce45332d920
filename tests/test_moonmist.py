"""Moonmist (cards-2.json): "Transform all Humans. Prevent all combat damage that would be dealt
this turn by creatures other than Werewolves and Wolves." Each Human permanent as it resolves is
instructed to transform (701.27; 701.27c for one that isn't a transforming double-faced card);
the prevention effect (615.1a) lasts the turn (514.2) and reads each creature's types as its
combat damage would be dealt (510.2)."""

from harness import ask, shown1

CARDS = """
cards:
  - {name: Timber Wolf, layout: normal, type_line: Creature — Wolf, oracle_text: "", mana_cost: "{G}", colors: [G],
     power: "1", toughness: "1"}
  - name: Village Smith // Smith Unleashed
    layout: transform
    card_faces:
      - {name: Village Smith, type_line: Creature — Human, oracle_text: "", mana_cost: "{R}", colors: [R],
         power: "1", toughness: "1"}
      - {name: Smith Unleashed, type_line: Creature — Werewolf, oracle_text: "", mana_cost: "", colors: [R],
         power: "3", toughness: "3"}
"""


def combat(objects: str, attackers: list[str], between: str = "") -> str:
    """Alice attacks bob with the attackers; bob casts and resolves Moonmist in the declare
    blockers step (entries len+2, len+3); `between` is more entries before combat damage, which
    is the last entry."""
    attacks = "".join(f"  - {{attack: {a}, target: bob}}\n" for a in attackers)
    return ('rules: "2026-09-25"\nplayers: [alice, bob]\nturn: {number: 4, active: alice, step: declare_attackers}\n'
            + CARDS + "objects:\n" + objects + "\n  moonmist: {card: Moonmist, owner: bob, zone: hand}\n"
            + "timeline:\n" + attacks + "  - {begin: declare_blockers}\n  - {cast: moonmist}\n  - {resolve: moonmist}\n"
            + between + "  - {begin: combat_damage}\n")


def dealt(answer) -> list[tuple]:
    (outcome,) = answer.outcomes
    return [(r["source"], r["amount"]) for r in outcome.value["dealt"]]


def test_moonmist_transforms_each_human_permanent_and_nothing_else():
    # Village Smith and Delver (Humans, transforming double-faced cards) transform; Huntmaster's
    # front face is a Human Werewolf: it transforms into Ravager, whose "transforms into"
    # ability triggers (701.27e); a Ravager already back face up (a Werewolf, no Human) stays so;
    # Magus of the Moon is a Human that isn't double-faced: nothing happens (701.27c).
    text = combat("  smith: {card: Village Smith // Smith Unleashed}\n  delver: {card: Delver of Secrets}\n"
                  "  magus: {card: Magus of the Moon}\n  hunt: {card: Huntmaster of the Fells}\n"
                  "  ravager: {card: Huntmaster of the Fells, face: back}", ["smith"])
    answers = {o: ask(text, f"is_transformed {o} at=4").single for o in ("smith", "delver", "magus", "hunt", "ravager")}
    assert {o: (a.value, a.rules) for o, a in answers.items()} == {
        "smith": (True, ["701.27g"]), "delver": (True, ["701.27g"]), "magus": (False, ["701.27g"]),
        "hunt": (True, ["701.27g"]), "ravager": (True, ["701.27g"])}
    before = {o: ask(text, f"is_transformed {o} at=3").single.value for o in ("smith", "delver", "hunt", "ravager")}
    assert before == {"smith": False, "delver": False, "hunt": False, "ravager": True}
    trig = ask(text, "triggers 4").single
    assert (trig.value, trig.rules) == ([["hunt", "transforms: damage"]], ["603.2", "701.27e"])
    magus = ask(text, "can_transform magus at=3").single
    assert (magus.value, magus.rules) == (False, ["701.27c"])


def test_the_humans_transformed_are_those_on_the_battlefield_as_it_resolves():
    # A Village Smith put onto the battlefield after Moonmist resolved isn't transformed (the
    # instruction is carried out as the spell resolves, 608.2); its combat damage, as a Human,
    # is prevented all the same (the prevention lasts the turn, 514.2).
    text = combat("  smith: {card: Village Smith // Smith Unleashed}\n"
                  "  late: {card: Village Smith // Smith Unleashed, zone: hand}", ["smith"],
                  "  - {move: late, to: battlefield}\n")
    assert [ask(text, f"is_transformed {o} at=5").single.value for o in ("smith", "late")] == [True, False]
    out = ask(text, "damage_outcomes 6")
    assert (dealt(out), out.outcomes[0].value["life"], out.outcomes[0].rules) == (
        [("smith", 3)], {"bob": 17}, ["120.3a", "120.4b"])


def test_moonmist_reads_creature_types_as_the_damage_would_be_dealt():
    # Turn to Frog after Moonmist makes the Smith, a Werewolf by then, a Frog (205.1a: the set
    # creature type replaces the others): its damage is prevented; the Wolf's isn't; the Bears'
    # is. Without the Frog, the Smith deals its 3.
    objs = ("  smith: {card: Village Smith // Smith Unleashed}\n  wolf: {card: Timber Wolf}\n"
            "  bears: {card: Grizzly Bears}\n  frog: {card: Turn to Frog, zone: hand}")
    frog = combat(objs, ["smith", "wolf", "bears"],
                  "  - {cast: frog}\n  - {resolve: frog, targets: [smith]}\n")
    out = ask(frog, "damage_outcomes 9")
    assert (dealt(out), out.outcomes[0].value["life"], out.outcomes[0].rules) == (
        [("bears", 0), ("smith", 0), ("wolf", 1)], {"bob": 19}, ["120.3a", "120.4b", "615.1a"])
    assert sorted(out.single.because) == sorted([
        "bears would deal 2 damage to bob", "smith would deal 1 damage to bob", "wolf would deal 1 damage to bob",
        "moonmist prevents all the combat damage bears would deal to bob (615.1a)",
        "moonmist prevents all the combat damage smith would deal to bob (615.1a)"])
    plain = ask(combat(objs, ["smith", "wolf", "bears"]), "damage_outcomes 7")
    assert dealt(plain) == [("bears", 0), ("smith", 3), ("wolf", 1)]


def test_moonmist_prevents_only_this_turns_combat_damage():
    # Cast in alice's main phase of turn 3, its prevention ends with the turn (514.2): in turn
    # 4's combat Grizzly Bears deal their 2; Moonmist's noncombat damage is none of its concern.
    text = ('rules: "2026-09-25"\nplayers: [alice, bob]\nturn: {number: 3, active: alice, step: precombat_main}\n'
            "objects:\n  bears: {card: Grizzly Bears}\n  moonmist: {card: Moonmist, zone: hand}\n"
            "timeline:\n  - {cast: moonmist}\n  - {resolve: moonmist}\n  - {damage: 2, source: bears, target: bob}\n"
            "  - {begin_turn: 4, active: alice}\n  - {begin: declare_attackers}\n  - {attack: bears, target: bob}\n"
            "  - {begin: declare_blockers}\n  - {begin: combat_damage}\n")
    assert dealt(ask(text, "damage_outcomes 3")) == [("bears", 2)]
    assert dealt(ask(text, "damage_outcomes 8")) == [("bears", 2)]
    assert ask(text, "life bob").single.value == 16


def test_moonmist_answers_are_the_same_with_every_point_relevant():
    # The differential check (full_demand=1): the prevention reads each source's creature types
    # where the damage is dealt, and the transform reads each object's where Moonmist resolves.
    text = combat("  smith: {card: Village Smith // Smith Unleashed}\n  bears: {card: Grizzly Bears}\n"
                  "  wolf: {card: Timber Wolf}\n  magus: {card: Magus of the Moon}", ["smith", "bears", "wolf", "magus"])
    program = ("question_reads(T, O) :- happens(T, resolve(\"moonmist\")), object(O).\n"
               "#show. #show (Src, Why) : prevented(Src, player(\"bob\"), T, Why).\n"
               "#show (O, S) : face_up(O, S, P), end_of(T, P), happens(T, resolve(\"moonmist\")), object(O), O != \"moonmist\".\n")
    expected = sorted(['("bears","615.1a")', '("magus","615.1a")', '("smith",back)', '("bears",front)',
                       '("wolf",front)', '("magus",front)'])
    assert sorted(shown1(text, program)) == expected
    assert sorted(shown1(text, program, full_demand=True)) == expected
