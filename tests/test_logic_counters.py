"""logic/counters.lp: counters put on and removed (122.1), not kept across zones (122.2)."""

from harness import EVERY_END, ask, shown1

BOARD = """
objects:
  knight: {card: White Knight, counters: {"+1/+1": 1}}
timeline:
  - {counters: knight, add: {"+1/+1": 2, charge: 1}}
  - {counters: knight, remove: {"+1/+1": 5}}
  - {counters: knight, add: {charge: 1}}
  - {move: knight, to: hand}
"""


def test_counts_after_each_entry():
    # 122.1: added and removed; no more removed than there are; 122.2: gone with the zone change.
    atoms = shown1(BOARD, EVERY_END + '#show. #show (T, K, N) : end_of(T, P), counter("knight", K, N, P).')
    assert atoms == ['(0,"+1/+1",1)', '(1,"+1/+1",3)', '(1,"charge",1)', '(2,"charge",1)', '(3,"charge",2)']


def test_counters_change_power_and_toughness():
    # 613.4c: White Knight 2/2 with three +1/+1 counters is 5/5 after entry 1.
    atoms = shown1(BOARD, EVERY_END + '#show. #show (T, Pw, Tg) : end_of(T, P), T <= 2, power("knight", Pw, P), toughness("knight", Tg, P).')
    assert atoms == ["(0,3,3)", "(1,5,5)", "(2,2,2)"]


# --- 701.10e: doubling the number of a kind of counters (seed 000-20) -------------------------

DOUBLED = """
objects:
  knight: {card: White Knight, counters: {"+1/+1": 1, charge: 2}}
  in_hand: {card: White Knight, zone: hand, counters: {charge: 1}}
timeline:
  - {counters: knight, add: {"+1/+1": 2}}
  - {double_counters: knight}
  - {double_counters: knight, kind: charge}
  - {double_counters: knight, kind: "-1/-1"}
  - {double_counters: in_hand}
"""


def test_doubling_gives_as_many_as_there_are_of_each_kind():
    # Entry 2 doubles every kind (3 -> 6, 2 -> 4), entry 3 charge counters alone (4 -> 8) and
    # entry 4 a kind the knight doesn't have: none. (Entry 5, on a card in a hand, is refused with
    # a warning: test_the_counters_question.)
    atoms = shown1(DOUBLED, EVERY_END + '#show. #show (T, O, K, N) : end_of(T, P), T >= 1, T <= 4, val(O, counter(K), N, P), N > 0.')
    assert atoms == ['(1,"in_hand","charge",1)', '(1,"knight","+1/+1",3)', '(1,"knight","charge",2)',
                     '(2,"in_hand","charge",1)', '(2,"knight","+1/+1",6)', '(2,"knight","charge",4)',
                     '(3,"in_hand","charge",1)', '(3,"knight","+1/+1",6)', '(3,"knight","charge",8)',
                     '(4,"in_hand","charge",1)', '(4,"knight","+1/+1",6)', '(4,"knight","charge",8)']


def test_doubled_counters_change_power_and_toughness():
    # 613.4c: White Knight 2/2 with six +1/+1 counters is 8/8.
    atoms = shown1(DOUBLED, EVERY_END + '#show. #show (T, Pw, Tg) : end_of(T, P), T >= 1, T <= 2, power("knight", Pw, P), toughness("knight", Tg, P).')
    assert atoms == ["(1,5,5)", "(2,8,8)"]


def test_the_counters_question():
    got = ask(DOUBLED, "counters knight at=3")
    assert (got.single.value, got.single.rules) == ({"counters": {"+1/+1": 6, "charge": 8}}, ["122.1", "701.10e"])
    assert got.single.because == [
        "knight started with +1/+1 counters: 1", "knight started with charge counters: 2",
        "+1/+1 counters were put on knight at entry 1: 2",
        "+1/+1 counters on knight were doubled at entry 2: it had 3 and was given as many more, 6",
        "charge counters on knight were doubled at entry 2: it had 2 and was given as many more, 4",
        "charge counters on knight were doubled at entry 3: it had 4 and was given as many more, 8"]
    # 701.10e: "player or permanent": doubling the counters of a card in a hand is refused: every
    # answer warns (and `check` fails an expectation that comes with a warning).
    assert got.invalid == ["not a permanent: in_hand, 701.10e (at timeline entry 5, line 10: double_counters)"]
    got = ask(DOUBLED, "counters in_hand")
    assert got.invalid == ["not a permanent: in_hand, 701.10e (at timeline entry 5, line 10: double_counters)"]


def test_doubling_beyond_rulecheck_s_range_is_refused():
    # 2^24 charge counters: the next doubling would go past 10,000,000 (README, Limits).
    text = "objects:\n  knight: {card: White Knight, counters: {charge: 1}}\ntimeline:\n" + \
        "".join("  - {double_counters: knight}\n" for _ in range(25))
    got = ask(text, "counters knight")
    assert got.single.value == {"counters": {"charge": 2 ** 24}}
    assert got.invalid == ['beyond range: knight, counter("charge"), 16777216 (at timeline entry 25, line 28: double_counters)']


def test_the_counters_question_after_a_zone_change_and_pairs_removed():
    # 704.5q: one +1/+1 and one -1/-1 counter are removed in pairs; 122.2: none kept in a hand.
    text = """
    objects:
      knight: {card: White Knight, counters: {"+1/+1": 2}}
    timeline:
      - {counters: knight, add: {"-1/-1": 1}}
      - {move: knight, to: hand}
    """
    got = ask(text, "counters knight at=1").single
    assert (got.value, got.rules) == ({"counters": {"+1/+1": 1}}, ["122.1", "704.5q"])
    assert "+1/+1 and -1/-1 counters were removed in pairs from knight after entry 1: 1 of each" in got.because
    got = ask(text, "counters knight").single
    assert (got.value, got.rules) == ({}, ["122.1", "122.2", "704.5q"])
    assert "knight changed zones at entry 2, now in a hand: a new object, without the counters it had" in got.because


# --- Ultimate Spider-Man: "Whenever you attack, double the number of each kind of counter on each
# Spider and legendary creature you control." (508.3d, 701.10e) ------------------------------------

SPIDERS = """
turn: {number: 3, active: alice, step: declare_attackers}
cards:
  - name: Giant Spider
    layout: normal
    mana_cost: "{3}{G}"
    type_line: Creature — Spider
    oracle_text: "Reach"
    power: "2"
    toughness: "4"
    colors: [G]
    color_identity: [G]
    keywords: [Reach]
objects:
  spider: {card: Miles Morales // Ultimate Spider-Man, face: back, counters: {"+1/+1": 1, charge: 3}}
  giant: {card: Giant Spider, counters: {"-1/-1": 1}}
  knight: {card: White Knight, counters: {"+1/+1": 1}}
  miles: {card: Miles Morales // Ultimate Spider-Man, counters: {"+1/+1": 1}}
  theirs: {card: Giant Spider, owner: bob, counters: {"+1/+1": 1}}
  gone: {card: Miles Morales // Ultimate Spider-Man, zone: graveyard, counters: {"+1/+1": 1}}
timeline:
  - {attack: spider, target: bob}
  - {trigger: spider, ability: "attack: double counters", id: dbl}
  - {resolve: dbl}
"""


def test_ultimate_spider_man_doubles_on_spiders_and_legendary_creatures_you_control():
    # Doubled: spider (a legendary Spider: each kind), giant (a Spider, not legendary), miles (a
    # legendary creature, front face up: not a Spider). Not: the knight (neither), bob's Spider,
    # a card in a graveyard.
    atoms = shown1(SPIDERS, EVERY_END + '#show. #show (O, K, N) : end_of(3, P), val(O, counter(K), N, P), N > 0.')
    assert atoms == ['("giant","-1/-1",2)', '("gone","+1/+1",1)', '("knight","+1/+1",1)', '("miles","+1/+1",2)',
                     '("spider","+1/+1",2)', '("spider","charge",6)', '("theirs","+1/+1",1)']
    got = ask(SPIDERS, "counters spider")
    assert (got.single.value, got.single.rules) == ({"counters": {"+1/+1": 2, "charge": 6}}, ["122.1", "701.10e"])
    # The trigger is scripted and executed: no answer names it as not modelled.
    assert not [w for w in got.warnings if "Whenever you attack" in w]
    assert got.invalid == []


def test_whenever_you_attack_triggers_only_for_the_attacking_player():
    # 508.3d: one or more creatures alice controls are declared as attackers: her Spider-Man's
    # ability triggers, bob's doesn't.
    text = """
    turn: {number: 3, active: alice, step: declare_attackers}
    objects:
      spider: {card: Miles Morales // Ultimate Spider-Man, face: back}
      bears: {card: Grizzly Bears}
      theirs: {card: Miles Morales // Ultimate Spider-Man, face: back, owner: bob}
    timeline:
      - {attack: bears, target: bob}
    """
    got = ask(text, "triggers 1").single
    assert (got.value, got.rules) == ([["spider", "attack: double counters"]], ["508.3d", "603.2"])


def test_spider_man_answers_agree_with_every_object_relevant():
    from harness import scenario
    from rulecheck.ask import answer
    from rulecheck.question_text import parse_ask
    scn = scenario(SPIDERS)
    for question in ("counters spider", "counters giant", "counters miles", "counters theirs", "characteristics giant"):
        q = parse_ask(question, scn)
        sparse, full = answer(scn, q), answer(scn, q, constants={"full_demand": 1})
        assert (sparse.single.value, sparse.single.rules, sparse.single.because) == \
               (full.single.value, full.single.rules, full.single.because), question


def test_one_candidate_number_after_each_change(monkeypatch):
    # Before solving, the grounder knows the number after each change from the number before it:
    # the value carried to a change is dropped in stage 1 (time.lp: sets_from_timeline). Without
    # it every number once possible stayed possible after each change, and a doubling doubled
    # their range: ten doublings with a counter put on between them grounded 2,046 candidate
    # numbers. (Counted in the ground program: no timing.)
    import rulecheck.solve as solve_module
    grounded: dict[int, set[int]] = {}
    run = solve_module._run

    def counting(ctl, *args, **kw):
        for atom in ctl.symbolic_atoms.by_signature("val", 4):
            o, a, n, p = atom.symbol.arguments
            if str(o) == '"knight"' and str(a) == 'counter("+1/+1")':
                grounded.setdefault(p.number, set()).add(n.number)
        return run(ctl, *args, **kw)

    monkeypatch.setattr(solve_module, "_run", counting)
    text = "objects:\n  knight: {card: White Knight}\ntimeline:\n" + \
        '  - {counters: knight, add: {"+1/+1": 1}}\n  - {double_counters: knight}\n' * 10
    assert ask(text, "counters knight").single.value == {"counters": {"+1/+1": 2046}}
    assert max(len(numbers) for numbers in grounded.values()) == 1
