"""Each timeline event verb is defined once (bridge/events.py): the README's table of events
is generated from those definitions, and the terms they give the rules are the ones
logic/input.lp documents."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from harness import pool, scenario
from rulecheck import ask
from rulecheck.errors import UserError
from rulecheck.events import EVENTS, VERBS, readme_table
from rulecheck.facts import event_terms
from rulecheck.load import load_scenario
from rulecheck.resources import logic_dir, logic_files, on_demand

ROOT = Path(__file__).resolve().parent.parent

# The verbs no bundled scenario uses, each at least once (the bundled scenarios have the rest).
MORE = """
objects:
  bears: {card: Grizzly Bears}
  goblin: {card: Raging Goblin, owner: bob}
  elves: {card: Llanowar Elves}
  spell: {card: Giant Growth, zone: stack}
timeline:
  - {tap: bears}
  - {untap: bears}
  - {switch: bears}
  - {spend: alice, mana: G, for: spell}
  - {begin: declare_attackers}
  - {declare_attackers: {goblin: alice}}
  - {begin: declare_blockers}
  - {declare_blockers: {bears: goblin, elves: goblin}}
"""


def _scenarios():
    files = sorted(ROOT.glob("seeds/scenarios/**/*.yaml")) + sorted(ROOT.glob("docs/**/*.yaml"))
    for f in files:
        try:
            yield load_scenario(f, pool())
        except UserError:
            continue                    # examples of refused files
    yield scenario(MORE)


def _documented_terms() -> set[tuple[str, int]]:
    """The terms input.lp's timeline section lists: name(A, B) -> (name, 2)."""
    text = (logic_dir() / "input.lp").read_text(encoding="utf-8")
    block = text[text.index("% happens(T, E)"):text.index("% timeline_length")]
    return {(name, len([x for x in args.split(",") if x.strip()]))
            for name, args in re.findall(r"\b(\w+)\(([^()]*)\)", block)}


def test_the_readme_table_of_events_is_the_definitions():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.index("| event | meaning |\n")
    table = readme[start:readme.index("\n\n", start)]
    assert table == readme_table(), ("README.md's table of timeline events differs from bridge/events.py: "
                                     "paste rulecheck.events.readme_table() in its place")


def test_every_verb_is_in_one_line_of_the_table():
    for v in VERBS.values():
        if v.row is None:
            assert v.meaning, v.name
            assert f"`{v.usage}`".replace("|", "\\|") in readme_table()
        else:
            assert v.meaning is None and VERBS[v.row].row is None, v.name
    assert list(EVENTS.variants) == list(VERBS)


def test_every_term_a_verb_gives_is_documented_in_input_lp():
    documented = _documented_terms()
    given: dict[str, set[tuple[str, int]]] = {}
    for scn in _scenarios():
        for event in scn.timeline:
            given.setdefault(event.verb, set()).update((t.name, len(t.arguments)) for t in event_terms(event, scn))
    assert set(given) == set(VERBS), f"no scenario here uses {sorted(set(VERBS) - set(given))}: add them to MORE"
    missing = {verb: sorted(terms - documented) for verb, terms in given.items() if terms - documented}
    assert not missing, f"terms logic/input.lp doesn't document (name, arity): {missing}"


def test_the_declarations_give_one_term_per_creature():
    scn = scenario(MORE)
    by_verb = {e.verb: [str(t) for t in event_terms(e, scn)] for e in scn.timeline}
    assert by_verb["declare_blockers"] == ['block("bears","goblin")', 'block("elves","goblin")']
    assert by_verb["declare_attackers"] == ['attack("goblin",player("alice"))']
    assert by_verb["spend"] == ['spend("alice",g,1,"spell",none)']


def test_the_logic_a_verb_names_is_on_demand_logic():
    # A verb names only files marked `%! on-demand`: every other file is loaded anyway.
    on_demand_files = {str(p.relative_to(logic_dir())) for p in logic_files() if on_demand(p)}
    steps = VERBS["begin"].record.fields["begin"].spec.values
    named = {name for v in VERBS.values() if not callable(v.logic) for name in v.logic}
    named |= {name for step in steps for name in VERBS["begin"].logic_for({"begin": step})}
    assert named <= on_demand_files, sorted(named - on_demand_files)


@pytest.mark.parametrize("text, asks, logic", [
    ("- {begin: combat_damage}", [], {"combat.lp"}),
    ("- {begin: end}", [], set()),
    ("- {tap: bears}\n  - {untap: bears}", [], set()),
    ("- {tap: bears}", ["life", "can_cast"], {"life.lp", "criteria.lp", "timing.lp"}),
    ("- {block: bears, attacker: bears}", ["printed_on"],
     {"attacking.lp", "blocking.lp", "combat.lp", "printed_on.lp"}),
])
def test_the_logic_a_run_loads_comes_from_the_questions_and_the_verbs(text, asks, logic):
    scn = scenario("objects:\n  bears: {card: Grizzly Bears}\ntimeline:\n  " + text + "\n")
    assert ask.needed_logic(scn, asks) == logic
