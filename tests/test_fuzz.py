"""Differential test on generated scenarios (tests/fuzz_scenarios.py): every question must have
the same answer normally (each question in a run of its own), with every object relevant at
every point (full_demand=1) and with every logic file loaded. tests/test_demand.py checks this
on the seed scenarios; here hypothesis builds scenarios from the whole card pool, every timeline
event verb and every question of the catalogue (docs/adr/0001: relevance is declared by the
rule files; a declaration that is too narrow gives wrong answers silently, and shows up here).

RULECHECK_FUZZ_EXAMPLES sets the number of examples (default 100: about 170 s of CPU on a 2-core
machine, with normal against the two other modes at once, QUICK; 120 took 200 s, and the CI
budget is 15 minutes for everything). The examples are derandomized: the same ones every run, so CI is reproducible;
`python tests/fuzz.py --examples 10000` (make fuzz) runs many more, drawn with a seed of its
own (--seed S for others), without stopping at the first difference.

test_planted_mistake_is_found shows the check can fail: it plants in a copy of logic/ the kind
of mistake the time model lets through (a static ability's selector that reaches less than the
ability applies to) and the check reports it.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, assume, event, given, settings

import fuzz_scenarios as fz
from rulecheck import resources, solve

EXAMPLES = int(os.environ.get("RULECHECK_FUZZ_EXAMPLES", "100"))
SUPPRESS = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much,
            HealthCheck.large_base_example]


def report(doc: dict, diffs: list) -> str:
    return ("the answers differ between modes (normal / full_demand=1 / every logic file):\n"
            + "\n".join(diffs)
            + "\n\nThe scenario (save it as FILE; `rulecheck ask FILE` gives the normal answers, "
              "`python tests/fuzz.py --replay FILE` the differences):\n\n" + fz.to_yaml(doc))


@given(doc=fz.documents())
@settings(deadline=None, max_examples=EXAMPLES, database=None, derandomize=True,
          suppress_health_check=SUPPRESS, print_blob=True)
def test_generated_scenarios_answer_the_same_in_every_mode(doc):
    scn = fz.load(doc)
    event("loads" if scn is not None else "rejected by the loader")   # --hypothesis-show-statistics
    assume(scn is not None)          # not a scenario (rare: the strategy aims to load)
    # Normal against both other modes at once (QUICK: two runs of the questions where MODES
    # takes three, about 28% less); a difference is then told mode by mode for the report.
    diffs = fz.differences(scn, modes=fz.QUICK)
    assert not diffs, report(doc, fz.differences(scn) or diffs)


def test_the_strategy_covers_the_format_and_loads():
    # A fixed sample of the strategy (derandomized, generate only) uses every timeline event verb
    # of the format with each of its fields (drawn from bridge/events.py's definitions) and asks
    # every question of the catalogue, and the loader takes nearly all of it: a question without a
    # generator, or a generator the loader rejects, fails here.
    from rulecheck.catalogue import catalogue
    from rulecheck.events import EVENTS, VERBS
    docs = []

    # (2,000 documents: 26 questions and 35 verbs, every optional field drawn one time in six;
    # with 300 the coverage of the rarest depended on what other tests had run in the process
    # before, with 1,000 stated abilities drawn among them left two fields out, and with 1,500
    # `cast`'s `transformed` (a castable double-faced card, then one draw in four) went undrawn
    # once `move` had a new field. Generating is cheap, about 13 s; loading is not, so the
    # loader's share is measured on the first 300.)
    @given(doc=fz.documents())
    @settings(max_examples=2000, database=None, derandomize=True, deadline=None, phases=[Phase.generate],
              suppress_health_check=SUPPRESS)
    def sample(doc):
        docs.append(doc)

    sample()
    verbs = {next(iter(ev)) for d in docs for ev in d.get("timeline", [])}
    asked = {q["ask"] for d in docs for q in d["questions"]}
    assert verbs == set(EVENTS.variants)
    fields = {(next(iter(ev)), key) for d in docs for ev in d.get("timeline", []) for key in ev}
    assert {(v.name, key) for v in VERBS.values() for key in v.record.fields} - fields == set()
    assert asked == set(catalogue())
    # Fields whose forms the rules read in their own way: a modal spell's mode, a cost's exile.
    fields = {(next(iter(ev)), f) for d in docs for ev in d.get("timeline", []) for f in ev}
    assert {("resolve", "mode"), ("activate", "exile")} <= fields
    first = docs[:300]
    loaded = sum(fz.load(d) is not None for d in first)
    assert loaded >= 0.95 * len(first), [fz.load_error(d) for d in first if fz.load(d) is None][:3]


def test_the_hand_written_generators_name_fields_of_their_verbs():
    # HAND_FIELDS says which fields a verb's hand-written branch decides: a renamed or removed
    # field (or verb) would otherwise leave a stale name behind.
    from rulecheck.events import VERBS
    for verb, fields in fz.HAND_FIELDS.items():
        assert verb in VERBS, verb
        own = set(VERBS[verb].record.fields) - {verb}
        assert fields <= own, (verb, sorted(fields - own))


# --- The planted mistake ---------------------------------------------------------------------

REAL = "may_reach(equipped, Src, O) :- static_source(Src, equipped), attach_candidate(Src, O)."
PLANTED = "may_reach(equipped, Src, O) :- static_source(Src, equipped), attach_candidate(Src, O), #false."

# A scenario as the strategy makes them (objects o1.., questions at entries): World Champion,
# Celestial Weapon (back face up) and Lightning Greaves attached to creatures, one moved.
EQUIPPED = {
    "rules": "2026-09-25",
    "players": ["alice", "bob"],
    "turn": {"number": 3, "active": "alice", "step": "precombat_main"},
    "objects": {
        "o1": {"card": "Grizzly Bears"},
        "o2": {"card": "Sidequest: Play Blitzball // World Champion, Celestial Weapon", "face": "back",
               "attached_to": "o1"},
        "o3": {"card": "Silvercoat Lion", "controlled_since": 3},
        "o4": {"card": "Lightning Greaves"},
    },
    "timeline": [{"attach": "o4", "to": "o3"}, {"tap": "o1"}],
    "questions": [{"ask": "characteristics", "object": "o1", "at": 0},
                  {"ask": "characteristics", "object": "o3"},
                  {"ask": "can_attack", "object": "o3"}],
}
PLANTED_EXAMPLES = 40
# Equipment with scripted static abilities, and creatures for them.
EQUIPMENT = ("Sidequest: Play Blitzball // World Champion, Celestial Weapon", "Lightning Greaves",
             "Grizzly Bears", "Silvercoat Lion", "Raging Goblin")


def _clear_caches() -> None:
    """Forget where logic/ is and every parsed rule file (the engine caches both)."""
    resources._find.cache_clear()
    resources.logic_files.cache_clear()
    resources.on_demand.cache_clear()
    solve.clear_caches()


@pytest.fixture
def planted(tmp_path, monkeypatch):
    """The engine pointed at a copy of logic/ whose "equipped" selector reaches nothing."""
    copy = tmp_path / "logic"
    shutil.copytree(resources.logic_dir(), copy)
    statics = copy / "statics.lp"
    text = statics.read_text(encoding="utf-8")
    assert REAL in text, "logic/statics.lp no longer has the rule this test plants a mistake in"
    statics.write_text(text.replace(REAL, PLANTED), encoding="utf-8")
    monkeypatch.setenv("RULECHECK_CACHE", str(tmp_path / "cache"))
    _clear_caches()
    monkeypatch.setenv("RULECHECK_LOGIC_DIR", str(copy))
    try:
        assert resources.logic_dir() == copy
        yield copy
    finally:
        monkeypatch.delenv("RULECHECK_LOGIC_DIR")
        _clear_caches()


def test_the_fixed_scenario_is_clean_without_the_mistake():
    scn = fz.load(EQUIPPED)
    assert scn is not None
    assert fz.differences(scn) == []


def test_planted_mistake_is_found(planted):
    scn = fz.load(EQUIPPED)
    diffs = fz.differences(scn)
    found = {(d.label, d.modes, d.kind) for d in diffs}
    # With every object relevant everywhere the Equipment's bonus shows; normally it doesn't.
    assert ("characteristics o1 at=0", ("normal", "full_demand"), "answer") in found, diffs
    assert ("characteristics o3 at=2", ("normal", "full_demand"), "answer") in found, diffs
    assert ("can_attack o3 at=2", ("normal", "full_demand"), "answer") in found, diffs
    shown = next(d for d in diffs if d.label == "characteristics o1 at=0")
    assert "o1 gets +2/+0 from o2" in shown and "double_strike" in shown


def test_planted_mistake_is_found_by_the_strategy(planted):
    # The property itself, over generated scenarios (Equipment attached to creatures that
    # characteristics or can_attack asks about), fails within a bounded number of examples
    # (about a third of them show the mistake). derandomize: the same examples every run;
    # generate only: it stops at the first failure, without shrinking.
    strategy = fz.documents(max_objects=4, max_entries=3, max_questions=2, cards=EQUIPMENT,
                            questions=("characteristics", "can_attack")).filter(fz.asks_about_equipped)
    tried = []

    @given(doc=strategy)
    @settings(max_examples=PLANTED_EXAMPLES, database=None, derandomize=True, deadline=None,
              phases=[Phase.generate], suppress_health_check=SUPPRESS)
    def prop(doc):
        scn = fz.load(doc)
        assume(scn is not None)
        tried.append(doc)
        diffs = [d for d in fz.differences(scn) if d.modes == ("normal", "full_demand")]
        assert not diffs, report(doc, diffs)

    with pytest.raises(AssertionError, match="the answers differ"):
        prop()
    assert len(tried) <= PLANTED_EXAMPLES
