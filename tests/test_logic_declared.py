"""The logic a run loads (bridge/solve.py programs_for): every file, but those marked
`%! on-demand`, which load only when a question asked names them (queries/catalogue.toml
`logic`) or an event of the timeline does (bridge/events.py `logic=`). tests/test_demand.py
checks on every seed and example that each question's declaration is enough; these check the
declarations themselves."""

from __future__ import annotations

import pytest

from rulecheck import resources
from rulecheck.catalogue import catalogue
from rulecheck.events import VERBS
from rulecheck.resources import logic_dir, logic_files, on_demand
from rulecheck.solve import programs_for


def _on_demand_files() -> set[str]:
    return {str(p.relative_to(logic_dir())) for p in logic_files() if on_demand(p)}


def test_questions_name_only_on_demand_logic():
    on_demand_files = _on_demand_files()
    for name, q in catalogue().items():
        assert set(q.logic) <= on_demand_files, (name, sorted(set(q.logic) - on_demand_files))
        assert len(set(q.logic)) == len(q.logic), name


def test_every_on_demand_file_is_named_by_a_question_or_a_verb():
    # A file nothing names would never be loaded.
    steps = VERBS["begin"].record.fields["begin"].spec.values
    named = {name for q in catalogue().values() for name in q.logic}
    named |= {name for v in VERBS.values() for args in ([{"begin": s} for s in steps] if v.name == "begin" else [{}])
              for name in v.logic_for(args)}
    assert _on_demand_files() - named == set()


def test_the_on_demand_files_are_these():
    # The list CONTRIBUTING gives. mana.lp's mark stood on its header's 53rd line, and only the
    # first 40 were read: it was loaded for every question.
    assert _on_demand_files() == {"attacking.lp", "blocking.lp", "color_identity.lp", "combat.lp", "criteria.lp",
                                  "haste.lp", "life.lp", "mana.lp", "names.lp", "printed_on.lp", "timing.lp"}


def test_a_question_loads_what_it_names_and_what_is_always_loaded():
    root = logic_dir()
    everything = set(programs_for(None))
    life = set(programs_for(None, logic=["life.lp"]))
    assert root / "life.lp" in life and root / "mana.lp" not in life and root / "combat.lp" not in life
    assert everything - life == {root / f for f in _on_demand_files() - {"life.lp"}}


def test_a_name_that_is_no_logic_file_is_refused():
    with pytest.raises(ValueError, match="no logic file lfie.lp"):
        programs_for(None, logic=["lfie.lp"])


def test_the_mark_takes_no_list_of_readers(tmp_path):
    old = tmp_path / "old.lp"
    old.write_text("% a header\n%! on-demand: questions life; events double_life\n% ====\nx.\n", encoding="utf-8")
    with pytest.raises(ValueError, match="takes nothing after it"):
        resources.on_demand(old)
    late = tmp_path / "late.lp"
    late.write_text("% a header\n" * 60 + "%! on-demand\n\nx.\n%! on-demand\n", encoding="utf-8")
    assert resources.on_demand(late)
    body = tmp_path / "body.lp"
    body.write_text("% a header\nx.\n%! on-demand\n", encoding="utf-8")
    assert not resources.on_demand(body)
