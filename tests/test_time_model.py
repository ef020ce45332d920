"""The time model's guarantees (docs/adr/0004, bridge/stages.py): relevance is decided from the
timeline alone, so a rule that makes it depend on the state is refused with the chain of rules
that does it; card scripts state abilities, never relevance; the bridge's sorting of relevant
points between the stages."""

import doctest
from pathlib import Path

import clingo
import pytest

import rulecheck.stages as stages
from harness import NAMED_POINTS, shown1
from test_logic_life import NIGHTHAWK_ATTACKS
from rulecheck.catalogue import catalogue
from rulecheck.resources import logic_dir
from rulecheck.solve import _parsed, _split, programs_for
from rulecheck.stages import StageError, classify, parse_text, rule_deps

# What only time.lp and the rule files' declarations may define: a card script that defines one
# is writing relevance by hand.
RELEVANCE = {("touches", 2), ("reads", 2), ("reads_before", 2), ("depends_on", 2), ("question_reads", 2),
             ("rel", 2), ("may_sba", 2), ("sba_plausible", 1), ("sba_plausible_at", 2),
             ("sba_first_round_at", 2), ("may_be_affected", 1), ("reads_details", 1), ("read_request", 3)}


def test_doctests():
    assert doctest.testmod(stages).failed == 0


def test_card_scripts_state_no_relevance():
    offenders = []
    for path in sorted((logic_dir() / "cards").glob("*.lp")):
        for stm in _parsed((path,)):
            deps = rule_deps(stm)
            if deps and RELEVANCE & set(deps[0]):
                offenders.append(f"{path.name}:{stm.location.begin.line}")
    assert offenders == []


def test_relevance_is_static_for_every_question():
    # Every question's programs, with every logic file: relevance and all its declarations are
    # worked out by the grounder from the facts alone (stage 1).
    programs = programs_for(sorted({q.program for q in catalogue().values()}))
    split = _split(programs, "")
    present = RELEVANCE & (split.static | split.dynamic)
    assert present >= {("rel", 2), ("touches", 2), ("reads", 2), ("depends_on", 2), ("may_sba", 2)}
    assert present <= split.static
    assert ("val", 4) in split.dynamic and ("sets", 4) in split.dynamic


def test_a_rule_that_makes_relevance_depend_on_the_state_is_refused():
    # A newcomer's natural mistake: "a tapped creature is touched by ..." reads the state.
    bad = 'touches(T, O) :- happens(T, untap(O)), tapped(O, 0).'
    with pytest.raises(StageError) as err:
        _split(programs_for(None), bad)
    message = str(err.value)
    assert message.startswith("rel/2 must be decided from the timeline alone (docs/adr/0004), but it depends "
                              "on the state: rel/2 reads touches/2 (")
    assert "; touches/2 reads tapped/2 (<string>:1); tapped/2 reads val/4 (" in message
    assert message.endswith("; val/4 is part of the state")


def test_classify_a_small_program():
    split = classify(parse_text("a(X) :- b(X). c(X) :- a(X), not d(X). d(X) :- c(X). e(X) :- b(X), #count { Y : c(Y) } > 1."))
    assert sorted(split.static) == [("a", 1), ("b", 1)]
    assert sorted(split.dynamic) == [("c", 1), ("d", 1), ("e", 1)]


def test_between_sorts_relevant_points():
    ctl = clingo.Control(["--warn=none"])
    ctl.add("base", [], 'rel(o, 8). rel(o, 0). rel(o, 3). rel(p, 5). read_request(1, o, 4). read_request(2, o, 8). '
                        'read_request(3, p, 5).')
    ctl.ground([("base", [])])
    facts = sorted(str(s) for s in stages.between(ctl))
    # read_request(3, p, 5): p has no relevant point before 5, so there is no read point.
    assert facts == ["prev_rel(o,3,0)", "prev_rel(o,8,3)", "read_point(1,o,3)", "read_point(2,o,3)"]


def test_reads_need_no_relevant_point_of_their_own():
    # Tapping the knight reads it at its last relevant point; only the tap's own point is new.
    # (Points named by their entry, harness.NAMED_POINTS: event(T) is entry T's event.)
    atoms = shown1("""
    objects:
      knight: {card: White Knight}
    timeline:
      - {tap: knight}
      - {untap: knight}
    """, NAMED_POINTS + '#show. #show rel(O, W) : rel(O, P), named_point(P, W).'
         ' #show read_point(T, O, W) : read_point(T, O, P), named_point(P, W).')
    assert atoms == ['read_point(1,"knight",event(0))', 'read_point(2,"knight",event(1))', 'rel("knight",event(0))',
                     'rel("knight",event(1))', 'rel("knight",event(2))', 'rel(player("alice"),event(0))',
                     'rel(player("bob"),event(0))']


def test_an_effect_reaching_an_object_makes_what_it_depends_on_looked_at_there():
    # The Bears depend on the anthem (its selector may reach them): at each point of the Bears
    # the anthem is looked at (looks_at: read at its own last relevant point, view_point), and
    # an entry that changes the anthem changes the Bears.
    atoms = shown1("""
    objects:
      anthem: {card: Glorious Anthem}
      bears: {card: Grizzly Bears}
    timeline:
      - {tap: bears}
      - {move: anthem, to: hand}
    """, NAMED_POINTS + '#show depends_on/2. #show looks_at/2. #show rel(O, W) : rel(O, P), O != game, named_point(P, W).'
                     ' #show touches/2. #show view_point(O, W, V) : view_point(O, P, Q), named_point(P, W), named_point(Q, V).')
    assert [a for a in atoms if a.startswith("depends_on") or a.startswith("looks_at")] == ['looks_at("bears","anthem")']
    assert [a for a in atoms if a.startswith("touches") and "player" not in a] == [
        'touches(0,"anthem")', 'touches(0,"bears")', 'touches(1,"bears")', 'touches(2,"anthem")', 'touches(2,"bears")']
    # The anthem's points are its own (entry 0's, and entry 2's when it leaves); at the Bears'
    # entry 1 tap it is read as it was at entry 0.
    assert [a for a in atoms if a.startswith('rel("anthem"')] == ['rel("anthem",event(0))', 'rel("anthem",event(2))']
    assert [a for a in atoms if a.startswith('view_point')] == ['view_point("anthem",event(1),event(0))']


def test_a_read_at_the_games_point_is_what_the_differential_check_finds():
    # The natural mistake the time model still lets through: lifelink written to read its
    # source at before/2 (the game's point) instead of its read point. Nothing touched the
    # Nighthawk just before the combat damage step, so at before/2 it has no controller: no life
    # is gained. With every object relevant at every point it has one. The two differ, which is
    # what tests/test_demand.py and tests/test_fuzz.py compare.
    text = NIGHTHAWK_ATTACKS
    wrong = ('wrong_gain(Pl, N) :- dealt(Src, Tgt, N, T), before(T, B), has_keyword(Src, lifelink, B), '
             'controller(Src, Pl, B). #show wrong_gain/2.')
    assert shown1(text, wrong) == []
    assert shown1(text, wrong, full_demand=True) == ['wrong_gain("alice",2)']


# --- Chains: a read joined through its point ---------------------------------------------------
# A value found from the value before it (counters, a face, tapped by an ability's cost) is a
# chain as long as the object's events. gringo extends it one link per step, and at each link
# joins the rule's body in the order its estimate prefers: it prefers an event predicate of four
# or more arguments bound by the object (counter_change(O, K, D, T)) over read_point(T, O, B)
# bound by the object and the point, and so looks up every event of the object at each link
# (one creature given a counter 2,000 times: 2.5 s instead of 0.27 s, quadratic). The rule files
# join such an event with read_point first, in a predicate of its own that has the point
# (counter_read, activation_read, instruction_read): CONTRIBUTING, "Chains".

def _variables(term) -> set[str]:
    names: set[str] = set()
    def visit(node):
        if node.ast_type == clingo.ast.ASTType.Variable:
            names.add(node.name)
        for key in node.child_keys:
            child = getattr(node, key)
            for item in (child if isinstance(child, (list, tuple)) or type(child).__name__ == "ASTSequence"
                         else [child]):
                if item is not None and hasattr(item, "ast_type"):
                    visit(item)
    visit(term)
    return names


def _positive_atoms(body):
    for lit in body:
        if (lit.ast_type == clingo.ast.ASTType.Literal and lit.sign == clingo.ast.Sign.NoSign
                and lit.atom.ast_type == clingo.ast.ASTType.SymbolicAtom
                and lit.atom.symbol.ast_type == clingo.ast.ASTType.Function):
            sym = lit.atom.symbol
            yield (sym.name, len(sym.arguments)), [_variables(a) for a in sym.arguments], _variables(sym)


def event_lookups_by_object(split) -> list[str]:
    """Stage-2 rules that join read_point(T, O, B) with a predicate of four or more arguments
    through O and T but not B (happens/2 aside: its nested event term makes gringo's estimate
    prefer read_point), and read the state at B: file:line of each."""
    found = []
    for stm in split.state:
        if stm.ast_type != clingo.ast.ASTType.Rule:
            continue
        atoms = list(_positive_atoms(stm.body))
        for sig, args, _ in atoms:
            if sig != ("read_point", 3) or any(len(a) != 1 for a in args):
                continue
            (t,), (o,), (b,) = args
            reads_state = any(b in names and s != ("read_point", 3) and s in split.dynamic for s, _, names in atoms)
            by_object = [s for s, a, names in atoms if len(a) >= 4 and s[0] != "happens"
                         and {t, o} <= names and b not in names]
            if reads_state and by_object:
                found.append(f"{Path(stm.location.begin.filename).name}:{stm.location.begin.line}")
    return found


def test_chains_join_events_through_the_read_point():
    programs = programs_for(sorted({q.program for q in catalogue().values()}))
    assert event_lookups_by_object(_split(programs, "")) == []


def test_an_event_joined_through_the_object_alone_is_found():
    # counters.lp as it was before counter_read: the grounding grew with the square of the changes.
    bad = ("count_before(O, K, N, T) :- counter_change(O, K, D, T), read_point(T, O, B), "
           "val(O, counter(K), N, B).")
    programs = programs_for(sorted({q.program for q in catalogue().values()}))
    assert event_lookups_by_object(_split(programs, bad)) == ["<string>:1"]


def test_how_many_effects_a_layer_may_hold_is_the_grounders_to_count():
    # logic/dependency.lp decides from this count whether a layer's places are external atoms
    # (ADR 0006): it must be worked out before solving. Read through a negation of its own
    # definition (a slip made once), it was not, and bench/layers.py took 5.7 s instead of 1.2 s.
    split = _split(programs_for(sorted({q.program for q in catalogue().values()})), "")
    assert ("may_order_in_layer", 2) in split.static
    assert ("timeline_entry_in_layer", 2) in split.static
