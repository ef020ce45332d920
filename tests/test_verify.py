"""`rulecheck verify`: properties hold within the bound under the rules in force, a planted
mistake in a copy of logic/ is found as a counterexample that `rulecheck ask` loads and
answers, and each property's universe does reach the situation it speaks of (a property that
holds because its premise never happens would hold of any rules)."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
import yaml

from rulecheck import verify as v
from rulecheck.ask import answer_all
from rulecheck.cards import CardPool
from rulecheck.cli import main
from rulecheck.load import load_scenario

from verify_planting import (BOUND, PLANTED_STEP_ORDER, REAL_STEP_ORDER, _clear_caches,  # noqa: F401
                             planted_logic)
PROPERTIES = ["any_equip_ability_may_be_activated", "approach_doubles_any_damage",
              "attackers_controlled_since_turn_began", "base_pt_latest_wins", "control_change_removes_from_combat",
              "control_latest_effect_decides",
              "copy_of_nonmodal_back_mana_value", "counters_doubled", "damage_doubled_once",
              "damage_effects_in_the_affected_players_order", "divided_damage_then_doubled", "doubling_life",
              "doubling_modifies_not_sets", "enters_front_face_up",
              "equip_planeswalker_targets_planeswalkers_you_control", "equip_quality_restricts_targets_only",
              "equip_targets_creatures_you_control", "face_up_characteristics_on_battlefield",
              "first_step_only_first_strikers", "front_face_not_transformed",
              "front_face_outside_battlefield_and_stack", "haste_ignores_summoning_sickness",
              "incubator_token_faces", "indestructible_not_destroyed", "keyword_counter_before_lose_all",
              "keyword_counter_timestamp", "keyword_latest_effect_decides",
              "lands_under_blood_moon_tap_for_red", "lethal_damage_destroys", "mana_doubled", "mdfc_mana_value_by_face", "modal_dfc_enters_transformed",
              "modal_dfc_transforms_to_a_permanent_face", "modal_face_cast_by_its_own_characteristics",
              "no_mana_cost_mana_value_zero", "nonbasic_lands_under_blood_moon", "nonmodal_back_face_mana_value",
              "plus_minus_counters_annihilate", "power_and_toughness_doubled", "printed_on_either_face",
              "second_step_needs_double_strike", "second_step_the_rest_assign", "single_faced_never_transforms",
              "steps_in_order", "tap_abilities_and_summoning_sickness", "transform_ability_only_if_not_since",
              "transform_gives_new_timestamp", "transform_is_not_turning_face_down",
              "transform_never_to_instant_or_sorcery", "transforms_into_triggers",
              "until_your_next_turn_untap_skipped"]
# The properties the rules in force keep within BOUND.
HOLDING = PROPERTIES
# properties/seeds/: seed rulings as they are worded, each superseded under the CR in force.
SEED_PROPERTIES = ["color_identity_counts_basic_land_types", "nothing_happens_unless_transforming",
                   "transformed_means_transforming_card", "transforming_cards_only"]


def test_the_properties():
    assert [p.name for p in v.all_properties()] == PROPERTIES
    by_name = {p.name: p for p in v.all_properties()}
    assert by_name["second_step_needs_double_strike"].rules == ("510.4",)
    assert by_name["front_face_not_transformed"].summary.startswith("\"A permanent with its front face up is never")


@pytest.mark.parametrize("name", HOLDING)
def test_each_property_holds_within_the_bound(name, tmp_path):
    prop = v.select([name])[0]
    outcome = v.verify(prop, BOUND, out_dir=tmp_path, time_limit=120)
    # (A property with its own smaller bound, `%! most:`, is searched within it.)
    assert (outcome.result, outcome.parts, outcome.file) == ("holds", BOUND.within(prop).events + 1, None)
    assert list(tmp_path.iterdir()) == []


# --- The command ---------------------------------------------------------------------------------

def test_verify_command_reports_every_property(tmp_path, capsys):
    code = main(["verify", "--bound", "1,1", "--jobs", "1", "-o", str(tmp_path)])
    lines = capsys.readouterr().out.splitlines()
    assert code == 0
    assert lines[0].split() == ["property", "CR", "result", "bound", "states", "explored", "time", "counterexample"]
    rows = [line.split("  ")[0] for line in lines[2:]]
    assert rows == PROPERTIES
    assert all(" holds " in line and line.rstrip().endswith("-") for line in lines[2:])
    assert "≤1 object of 3 cards, ≤1 event of 2 verbs" in lines[2 + PROPERTIES.index("front_face_not_transformed")]
    assert list(tmp_path.iterdir()) == []


def test_verify_command_exits_1_with_a_counterexample(planted_logic, tmp_path, capsys):
    planted_logic("turns.lp", REAL_STEP_ORDER, PLANTED_STEP_ORDER)
    tmp_path = tmp_path / "out"
    code = main(["verify", "steps_in_order", "front_face_not_transformed", "--jobs", "1", "-o", str(tmp_path)])
    lines = capsys.readouterr().out.splitlines()
    assert code == 1
    assert [line.split()[:3] for line in lines[2:]] == [["steps_in_order", "500.1", "506.1"],
                                                       ["front_face_not_transformed", "701.27g", "holds"]]
    assert "counterexample (0 objects, 2 events)" in lines[2]
    assert lines[2].endswith(str(tmp_path / "steps_in_order.yaml"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["steps_in_order.yaml"]


def test_verify_list(capsys):
    assert main(["verify", "--list", "front_face_not_transformed"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("front_face_not_transformed (CR 701.27g)\n    \"A permanent with its front face up")


@pytest.mark.parametrize("argv, message", [
    (["verify", "nope"], "rulecheck: verify: no property 'nope'; the properties are: "
     + ", ".join(sorted(PROPERTIES + SEED_PROPERTIES))),
    (["verify", "--seeds", "nowhere"], "rulecheck: nowhere: no seeds index here (expected index.yaml); give the seeds folder"),
    (["verify", "--bound", "2"], "rulecheck: --bound: expected OBJECTS,EVENTS (two whole numbers, e.g. 2,3), not '2'"),
    (["verify", "--bound", "9,1"], "rulecheck: --bound: objects must be 1 to 6 and events 0 to 8, not '9,1'"),
    (["verify", "--jobs", "0"], "rulecheck: --jobs: expected a whole number of processes from 1 to 64 or auto, not '0'"),
    (["verify", "--engine", "ray"], "rulecheck: --engine: expected one of processes, dask, not 'ray'"),
    (["verify", "--scheduler", "tcp://x:8786"], "rulecheck: --scheduler: a scheduler is for --engine dask"),
    (["verify", "--time-limit", "0"], "rulecheck: --time-limit: expected a number of seconds greater than 0 and at most 86400 (a day), not '0'"),
])
def test_verify_bad_input(argv, message, capsys):
    assert main(argv) == 2
    assert capsys.readouterr().err == message + "\n"


# --- The one-stage grounding of a sweep agrees with the ordinary pipeline --------------------------

@pytest.mark.parametrize("name", PROPERTIES + SEED_PROPERTIES)
def test_sampled_states_agree_with_the_ordinary_pipeline(name, tmp_path):
    """A sweep grounds in one stage with prev_rel/read_point as aggregates (bridge/verify.py);
    `rulecheck ask` in two, with them sorted by the bridge. For states drawn at random from the
    universe, written as scenario files and loaded as `ask` loads them, both say the same about
    the property."""
    prop = v.select([name])[0]
    pool = v.pool_for(prop)
    seen = {False: 0, True: 0}
    # (A property without events has only the empty timeline: its states are drawn with other
    # seeds. A superseded ruling's property is broken by most states: when two draws of three all
    # break it, two more are drawn. Which states a seed draws changes with any change to the rules
    # grounded: color_identity_counts_basic_land_types had only breaking states with seeds 1, 3
    # and 5 once the trigger rules of Pridemate and Boros Reckoner were added.)
    # A property with its own smaller bound (`%! most:`) draws within it. (Three states a draw,
    # each a run of `ask`: six took 166 s of the suite's CPU for 36 properties, four 157 s for 42.)
    bound = BOUND.within(prop)
    draws = [(1, 1), (2, 2), (1, 3), (2, 4)] if prop.events else [(0, 1), (0, 3), (0, 5), (0, 7)]
    draws = [(min(length, bound.events), seed) for length, seed in draws]
    for d, (length, seed) in enumerate(draws):
        if d >= 2 and seen[False]:
            break
        for i, atoms in enumerate(v.sample_states(prop, bound, length, pool, n=3, seed=seed,
                                                  rand_freq=0.05 if prop.most else 0.5)):
            violated = any(a.name == "violated" for a in atoms)
            scenario = v.to_scenario(prop, atoms, pool)
            path = tmp_path / f"{length}-{seed}-{i}.yaml"
            path.write_text(yaml.safe_dump(scenario, sort_keys=False), encoding="utf-8")
            assert v.confirm(prop, path, pool, 60) is violated, path.read_text(encoding="utf-8")
            seen[violated] += 1
    assert seen[False] > 0


def test_the_readme_report_is_real(tmp_path, capsys, monkeypatch):
    """The README's `rulecheck verify` block is this command's output, time column aside."""
    text = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    block = text.split("```text\n$ rulecheck verify\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(tmp_path)
    assert main(["verify", "--jobs", "1"]) == 0
    out = capsys.readouterr().out

    def masked(report: str) -> list[list[str]]:
        # Columns are as wide as their widest cell: a time of 10 s or more widens its column.
        return [re.sub(r"\b\d+\.\d s\b", "T s", line).split() for line in report.splitlines()[2:]]
    assert masked(out) == masked(block)
    assert not (tmp_path / "counterexamples").exists()


def _same_report_in_parts(planted_logic, tmp_path, capsys, *more: str) -> None:
    """The sweep in one process, and in parts (--jobs 2, or `more`): the same report (the time
    column aside: in parts it sums the parts' seconds) and the same counterexample file. Found at
    2 events with no object, the sweep stops there: the merge stops at the same part, so even the
    states explored (the choices of the parts searched) are the same."""
    planted_logic("turns.lp", REAL_STEP_ORDER, PLANTED_STEP_ORDER)
    argv = ["verify", "steps_in_order", "front_face_not_transformed", "--bound", "1,3"]
    assert main(argv + ["--jobs", "1", "-o", str(tmp_path / "one")]) == 1
    one = capsys.readouterr().out
    assert main(argv + ["-o", str(tmp_path / "two"), "--jobs", "2", *more]) == 1
    two = capsys.readouterr().out.replace(str(tmp_path / "two"), str(tmp_path / "one"))

    def rows(report: str) -> list[list[str]]:
        return [re.sub(r"\b\d+\.\d s\b", "T s", line).split() for line in report.splitlines()[2:]]
    assert rows(one) == rows(two)
    assert rows(one)[0][:6] == ["steps_in_order", "500.1", "506.1", "counterexample", "(0", "objects,"]
    assert (tmp_path / "one" / "steps_in_order.yaml").read_text() == (tmp_path / "two" / "steps_in_order.yaml").read_text()


def test_verify_jobs_gives_the_same_report(planted_logic, tmp_path, capsys):
    _same_report_in_parts(planted_logic, tmp_path, capsys)


def test_the_dask_engine_gives_the_same_report(planted_logic, tmp_path, capsys):
    """The same parts on Dask's distributed scheduler, a local cluster of two worker processes
    (the dist extra; .ci/run installs it)."""
    pytest.importorskip("distributed", reason="the dist extra isn't installed (pip install '.[dist]'): "
                                              "the dask engine can't be run")
    _same_report_in_parts(planted_logic, tmp_path, capsys, "--engine", "dask")


def test_the_parts_of_a_sweep():
    """A sweep in parts: one per timeline length of each property (a property without events has
    only the empty timeline), longest first; each carries the property's files, its card file too."""
    props = v.select(["steps_in_order", "color_identity_counts_basic_land_types"])
    parts = v.parts_of(props, v.Bound(2, 3), 60)
    assert [(p.name, p.length) for p in parts] == [("steps_in_order", 3), ("steps_in_order", 2),
                                                   ("steps_in_order", 1), ("steps_in_order", 0),
                                                   ("color_identity_counts_basic_land_types", 0)]
    assert [name for name, _ in parts[-1].files] == ["color_identity_counts_basic_land_types.lp", "cards.json"]
    result = v.run_part(parts[-1])
    assert (result.status, result.length) == ("sat", 0)
    assert 'violated(color_identity_counts_basic_land_types)' in result.atoms


def test_parts_solved_with_other_rules_are_refused(monkeypatch, capsys):
    """A part solved where the rules differ (a worker with another rulecheck) is not merged."""
    real = v.run_part
    monkeypatch.setattr(v, "_run_parts_processes",
                        lambda parts, jobs: (dataclasses.replace(real(p), rules="0123456789abcdef") for p in parts))
    assert main(["verify", "steps_in_order", "--bound", "1,0", "--jobs", "2"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("rulecheck: --engine: a worker solved the part steps_in_order (0 events) with other rules "
                          "(0123456789abcdef, here ") and err.endswith("): install the same rulecheck on every worker\n")


def test_the_dask_engine_without_the_extra(monkeypatch, capsys):
    from rulecheck import verify_dist
    monkeypatch.setattr(verify_dist, "available", lambda: False)
    assert main(["verify", "steps_in_order", "--engine", "dask"]) == 2
    assert capsys.readouterr().err == ("rulecheck: --engine: the dask engine needs Dask's distributed scheduler, which "
                                       "isn't installed: pip install 'rulecheck[dist]' (or 'dask[distributed]')\n")


def test_a_time_limit_is_no_proof(tmp_path, capsys):
    assert main(["verify", "front_face_not_transformed", "--time-limit", "0.001", "--jobs", "1", "-o", str(tmp_path)]) == 1
    row = capsys.readouterr().out.splitlines()[2]
    assert re.search(r" time limit; time limit: timelines of [01] events or more not searched ", row), row
    assert list(tmp_path.iterdir()) == []


# --- The seed rulings checked against the rules in force ------------------------------------------

SEEDS = Path(__file__).resolve().parent.parent / "seeds"


def test_the_seed_properties():
    by_name = {p.name: p for p in v.seed_properties()}
    # Every property of properties/ states a seed ruling but fifteen: steps_in_order (500.1, 506.1),
    # attackers_controlled_since_turn_began (302.6, 508.1a), front_face_not_transformed (701.27g in
    # force: 000-07 is superseded), single_faced_never_transforms (701.27c in force: 000-03 is
    # superseded), lethal_damage_destroys (704.5g), plus_minus_counters_annihilate (704.5q) and the
    # layer and combat rules' nine (702.12b, 506.4, 613.7, 613.7c twice, 305.7 twice, 613.1b, 613.1f).
    assert sorted(by_name) == sorted(SEED_PROPERTIES + [n for n in PROPERTIES if n not in (
        "steps_in_order", "front_face_not_transformed", "single_faced_never_transforms",
        "attackers_controlled_since_turn_began", "lethal_damage_destroys", "plus_minus_counters_annihilate",
        "indestructible_not_destroyed", "control_change_removes_from_combat", "base_pt_latest_wins",
        "keyword_counter_timestamp", "nonbasic_lands_under_blood_moon", "control_latest_effect_decides",
        "keyword_latest_effect_decides", "keyword_counter_before_lose_all", "lands_under_blood_moon_tap_for_red")])
    assert [p.name for p in v.all_properties()] == PROPERTIES          # `verify` alone: not the seeds'
    assert by_name["second_step_needs_double_strike"].rulings == ("000-09", "000-10")
    assert by_name["transforming_cards_only"].rulings == ("000-01",)
    # The abstract card no bundled card is: a double-faced card with a Forest face.
    [card] = by_name["color_identity_counts_basic_land_types"].card_objects
    assert card["name"] == "Grove Warden // Warden's Grove" and card["card_faces"][1]["type_line"] == "Land — Forest"


def _answer(path: Path):
    scn = load_scenario(path, CardPool.builtin())
    [got] = answer_all(scn, list(scn.questions))
    assert got.invalid == []
    return got.single


def test_the_seed_report(tmp_path, capsys, monkeypatch):
    """`rulecheck verify seeds/`: the superseded rulings don't hold under the CR in force, each
    with a counterexample `rulecheck ask` loads and answers; the others hold; all agree with the
    index. The README's report is this output, time column aside."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "seeds").symlink_to(SEEDS)
    assert main(["verify", "seeds/", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].split() == ["ruling", "index", "property", "under", "the", "CR", "in", "force", "agrees",
                                "states", "explored", "time", "counterexample"]
    rows = [line.split()[:4] for line in lines[2:50]]
    assert rows == [["000-01", "superseded", "transforming_cards_only", "doesn't"],
                    ["000-02", "holds", "transform_is_not_turning_face_down", "holds"],
                    ["000-03", "superseded", "nothing_happens_unless_transforming", "doesn't"],
                    ["000-04", "holds", "transform_never_to_instant_or_sorcery", "holds"],
                    ["000-05", "holds", "transforms_into_triggers", "holds"],
                    ["000-06", "holds", "transform_ability_only_if_not_since", "holds"],
                    ["000-07", "superseded", "transformed_means_transforming_card", "doesn't"],
                    ["000-08", "holds", "first_step_only_first_strikers", "holds"],
                    ["000-09", "holds", "first_step_only_first_strikers", "holds"],
                    ["000-09", "holds", "second_step_needs_double_strike", "holds"],
                    ["000-09", "holds", "second_step_the_rest_assign", "holds"],
                    ["000-10", "holds", "second_step_needs_double_strike", "holds"],
                    ["000-10", "holds", "second_step_the_rest_assign", "holds"],
                    ["000-12", "holds", "haste_ignores_summoning_sickness", "holds"],
                    ["000-13", "holds", "haste_ignores_summoning_sickness", "holds"],
                    ["000-14", "holds", "tap_abilities_and_summoning_sickness", "holds"],
                    ["000-16", "holds", "doubling_modifies_not_sets", "holds"],
                    ["000-17", "holds", "power_and_toughness_doubled", "holds"],
                    ["000-18", "holds", "power_and_toughness_doubled", "holds"],
                    ["000-19", "holds", "doubling_life", "holds"],
                    ["000-20", "holds", "counters_doubled", "holds"],
                    ["000-21", "holds", "mana_doubled", "holds"],
                    ["000-22", "holds", "damage_doubled_once", "holds"],
                    ["001-01", "holds", "modal_dfc_enters_transformed", "holds"],
                    ["001-01", "holds", "modal_dfc_transforms_to_a_permanent_face", "holds"],
                    ["001-03", "holds", "face_up_characteristics_on_battlefield", "holds"],
                    ["001-04", "holds", "modal_face_cast_by_its_own_characteristics", "holds"],
                    ["001-05", "holds", "enters_front_face_up", "holds"],
                    ["001-07", "superseded", "color_identity_counts_basic_land_types", "doesn't"],
                    ["001-09", "holds", "mdfc_mana_value_by_face", "holds"],
                    ["001-10", "holds", "modal_face_cast_by_its_own_characteristics", "holds"],
                    ["001-11", "holds", "front_face_outside_battlefield_and_stack", "holds"],
                    ["002-08", "holds", "equip_targets_creatures_you_control", "holds"],
                    ["002-10", "holds", "equip_quality_restricts_targets_only", "holds"],
                    ["002-11", "holds", "any_equip_ability_may_be_activated", "holds"],
                    ["002-12", "holds", "equip_planeswalker_targets_planeswalkers_you_control", "holds"],
                    ["003-01", "holds", "mana_doubled", "holds"],
                    ["003-02", "holds", "incubator_token_faces", "holds"],
                    ["003-04", "holds", "no_mana_cost_mana_value_zero", "holds"],
                    ["003-05", "holds", "copy_of_nonmodal_back_mana_value", "holds"],
                    ["003-05", "holds", "nonmodal_back_face_mana_value", "holds"],
                    ["003-06", "holds", "printed_on_either_face", "holds"],
                    ["003-07", "holds", "transform_gives_new_timestamp", "holds"],
                    ["003-08", "holds", "damage_doubled_once", "holds"],
                    ["003-09", "holds", "until_your_next_turn_untap_skipped", "holds"],
                    ["003-10", "holds", "approach_doubles_any_damage", "holds"],
                    ["003-11", "holds", "damage_effects_in_the_affected_players_order", "holds"],
                    ["003-12", "holds", "divided_damage_then_doubled", "holds"]]
    assert all(" yes " in line for line in lines[2:50])
    assert lines[51] == ("43 of 48 executable rulings are stated by a property (bound: 2 objects, 3 events); "
                         "0 disagree with the index.")
    # The rulings no property states, each with why (properties/seeds/unstated.yaml).
    assert lines[52] == "Not stated by any property (5), and why:"
    reasons = v.unstated_reasons()
    assert [line.split()[0] for line in lines[53:]] == sorted(reasons)
    assert all(line.endswith(reasons[line.split()[0]]) for line in lines[53:])
    out_dir = tmp_path / "counterexamples"
    assert sorted(p.name for p in out_dir.iterdir()) == sorted(f"{n}.yaml" for n in SEED_PROPERTIES)
    # 000-01, 000-03: Miles Morales, a modal double-faced card, transforms under 701.27a/c in force.
    for name in ("transforming_cards_only", "nothing_happens_unless_transforming"):
        scenario = yaml.safe_load((out_dir / f"{name}.yaml").read_text(encoding="utf-8"))
        assert scenario["objects"] == {"o1": {"card": "Miles Morales // Ultimate Spider-Man"}}
        assert scenario["timeline"] == [{"transform": "o1"}]
        got = _answer(out_dir / f"{name}.yaml")
        assert (got.value["face"], got.value["name"]) == ("back", "Ultimate Spider-Man")
    # 000-07: Miles Morales back face up is a transformed permanent (701.27g in force).
    scenario = yaml.safe_load((out_dir / "transformed_means_transforming_card.yaml").read_text(encoding="utf-8"))
    assert scenario["objects"] == {"o1": {"card": "Miles Morales // Ultimate Spider-Man", "face": "back"}}
    got = _answer(out_dir / "transformed_means_transforming_card.yaml")
    assert (got.value, got.rules) == (True, ["701.27g"])
    # 001-07: the Forest face adds no green (903.4, 903.5d); the card data travels in the file.
    scenario = yaml.safe_load((out_dir / "color_identity_counts_basic_land_types.yaml").read_text(encoding="utf-8"))
    assert [c["name"] for c in scenario["cards"]] == ["Grove Warden // Warden's Grove"]
    got = _answer(out_dir / "color_identity_counts_basic_land_types.yaml")
    assert (got.value, got.rules) == ({"colors": ["white"]}, ["903.4", "903.4a", "903.5d"])
    # The README shows this report.
    text = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    block = text.split("```text\n$ rulecheck verify seeds/\n", 1)[1].split("```", 1)[0]

    def masked(report: str) -> list[list[str]]:
        # Columns are as wide as their widest cell: a time of 10 s or more widens its column.
        return [re.sub(r"\b\d+\.\d s\b", "T s", line).split() for line in report.splitlines()
                if line.strip(" -")]
    assert masked(out) == masked(block)


def test_no_ruling_is_left_out_silently():
    """Each executable ruling of the index is stated by a property, or properties/seeds/unstated.yaml
    says why it can't be stated in the universe; never both, and no reason for a ruling the index
    lacks or doesn't call executable."""
    from rulecheck.seeds import load_index
    index = load_index(SEEDS)
    executable = {r.id for r in index.rulings if r.executable}
    stated = {rid for p in v.seed_properties() for rid in p.rulings}
    reasons = v.unstated_reasons()
    assert stated <= executable and set(reasons) <= executable
    assert stated & set(reasons) == set()
    assert stated | set(reasons) == executable
    assert (len(stated), len(reasons)) == (43, 5)


def test_unstated_reasons_bad_file(tmp_path):
    (tmp_path / "seeds").mkdir()
    bad = tmp_path / "seeds" / "unstated.yaml"
    for text, message in [('"000-05": [a list]\n',
                           f"{bad}:1:11: 000-05: expected the reason this ruling is not stated, as text"),
                          ('"000-05": "a reason"\n"000-06": ""\n',
                           f"{bad}:2:11: 000-06: expected the reason this ruling is not stated, as text"),
                          ('- "000-05"\n', f"{bad}:1:1: expected a mapping of ruling ids (quoted) to a reason each"),
                          ('"000-05": "a reason\n"000-06": x\n', f"{bad}:2:2: not valid YAML: expected <block end>"),
                          ('"000-05": a\n"000-05": b\n', f"{bad}:2:1: duplicate key '000-05' (first written on line 1)")]:
        bad.write_text(text, encoding="utf-8")
        with pytest.raises(v.UserError) as found:
            v.unstated_reasons(tmp_path)
        assert str(found.value).startswith(message) and "\n" not in str(found.value), (text, str(found.value))
    bad.write_text('"000-05": "a reason"\n', encoding="utf-8")
    assert v.unstated_reasons(tmp_path) == {"000-05": "a reason"}


def test_a_seed_row_disagrees_when_the_index_and_verify_do():
    prop = v.select(["transforming_cards_only"])[0]
    found = v.Outcome(prop, BOUND, "counterexample", 1.0, objects=1, events=1)
    held = v.Outcome(prop, BOUND, "holds", 1.0)
    ran_out = v.Outcome(prop, BOUND, "time limit", 1.0)
    assert [(r.verdict, r.agrees) for r in (v.SeedRow("000-01", "superseded", found),
                                             v.SeedRow("000-01", "holds", found),
                                             v.SeedRow("000-01", "superseded", held),
                                             v.SeedRow("000-01", "holds", held),
                                             v.SeedRow("000-01", "superseded", ran_out))] == [
        ("doesn't hold", True), ("doesn't hold", False), ("holds", False), ("holds", True), ("time limit", False)]


# --- The universe's verbs are bridge/events.py's ------------------------------------------------------

def test_the_universe_verbs_are_the_event_verbs_it_chooses(tmp_path, monkeypatch):
    """verify's verbs are read from universe.lp and checked against bridge/events.py (one definition
    per verb): each is an event verb (begin:STEP a step `begin` takes, not the untap step its check
    refuses), and a verb universe.lp chose that events.py lacks is refused by name."""
    from rulecheck import events
    verbs = v.universe_verbs()
    assert {n.split(":")[0] for n in verbs} <= set(events.VERBS)
    assert [n for n in verbs if n.startswith("begin:")] == [f"begin:{s}" for s in events.VERBS["begin"].record.fields[
        "begin"].spec.values if s != "untap"]
    assert {"transform", "convert", "attack", "block", "begin_turn", "damage", "double_life", "activate", "trigger",
            "resolve", "cast", "double_mana"} <= set(verbs)
    fake = tmp_path / "properties"
    fake.mkdir()
    (fake / "universe.lp").write_text("1 { happens(T, frob(O)) : object(O) } 1 :- slot(T, frob).\n", encoding="utf-8")
    monkeypatch.setattr(v, "properties_dir", lambda: fake)
    with pytest.raises(v.UserError, match=r"chooses event verb\(s\) bridge/events.py doesn't define: \['frob'\]"):
        v.universe_verbs()


# --- rulecheck generate -------------------------------------------------------------------------------

def test_the_conditions():
    assert [c.name for c in v.all_conditions()] == ["damage_in_both_steps_without_double_strike",
                                                    "damage_order_changes_the_outcome", "dependency_reorders_effects",
                                                    "doubled_damage_is_lethal", "transform_does_nothing",
                                                    "transform_ignored_since_put_on_stack"]
    cond = v.select_condition("damage_in_both_steps_without_double_strike")
    assert (cond.kind, cond.rules, cond.default_bound) == ("condition", ("510.4", "702.4d"), "1,4")


def test_generate_writes_distinct_files_that_pass_check(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["generate", "transform_does_nothing", "-n", "3"]) == 0
    folder = Path("generated") / "transform_does_nothing"
    lines = capsys.readouterr().out.splitlines()
    # The README shows this output.
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert "\n".join(lines) in readme.split("$ rulecheck generate transform_does_nothing -n 3\n", 1)[1]
    names = [f"transform_does_nothing-{i}.yaml" for i in (1, 2, 3)]
    assert lines == [str(folder / n) for n in names] + [
        f"{folder / 'index.yaml'}: 3 of 3 files for transform_does_nothing (≤2 objects, ≤3 events; "
        "timelines of 0, 1 events searched)"]
    files = [yaml.safe_load((folder / n).read_text(encoding="utf-8")) for n in names]
    # The smallest and plainest first: Grizzly Bears, one face (701.27c); then two with one
    # attribute each (in the solver's order among equals), Valakut Stoneforge among them, whose
    # other face is an instant (701.27d).
    assert [(f["objects"], f["timeline"]) for f in files][0] == ({"o1": {"card": "Grizzly Bears"}}, [{"transform": "o1"}])
    assert all(f["timeline"] == [{"transform": "o1"}] and len(f["objects"]["o1"]) == 2 for f in files[1:])
    [valakut] = [f for f in files if f["objects"]["o1"] == {"card": "Valakut Awakening // Valakut Stoneforge",
                                                            "face": "back"}]
    # expect: filled from rulecheck's own answers.
    first = files[0]["expect"][0]
    assert ({k: first[k] for k in ("ask", "object", "at")}, first["answer"]["face"], first["answer"]["name"],
            first["rules"]) == ({"ask": "characteristics", "object": "o1", "at": 1}, "front", "Grizzly Bears", ["202.3"])
    assert valakut["expect"][0]["answer"]["name"] == "Valakut Stoneforge"
    assert "condition transform_does_nothing (CR 701.27c, 701.27d, 712.9)" in files[0]["description"]
    assert len({v.canonical(f | {"questions": []})[0] for f in files}) == 3
    index = yaml.safe_load((folder / "index.yaml").read_text(encoding="utf-8"))
    assert [f["file"] for f in index["files"]] == names and index["condition"] == "transform_does_nothing"
    # The generated files pass `rulecheck check` (which skips index.yaml).
    assert main(["check", str(folder)]) == 0
    assert "3 passed, 0 failed in 3 scenarios" in capsys.readouterr().out.splitlines()


def _generated_as_the_readme_shows(condition: str, n: int, capsys) -> tuple[Path, list[dict]]:
    """`rulecheck generate CONDITION -n N` in the current folder: its output is the README's, and
    the files it wrote, loaded."""
    assert main(["generate", condition, "-n", str(n)]) == 0
    lines = capsys.readouterr().out.splitlines()
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert "\n".join(lines) in readme.split(f"$ rulecheck generate {condition} -n {n}\n", 1)[1]
    folder = Path("generated") / condition
    return folder, [yaml.safe_load((folder / f"{condition}-{i}.yaml").read_text(encoding="utf-8")) for i in range(1, n + 1)]


def _pass_check(folder: Path, n: int, capsys) -> None:
    assert main(["check", str(folder)]) == 0
    assert f"{n} passed, 0 failed in {n} scenarios" in capsys.readouterr().out.splitlines()


def test_generate_damage_doubled_into_lethal_damage(tmp_path, capsys, monkeypatch):
    """A condition on the universe's damage: Grizzly Bears dealt 1 damage (less than its toughness)
    under Furnace of Rath, doubled to 2 (701.10g) and destroyed (704.5g). The README shows the
    output; the files pass `rulecheck check`."""
    monkeypatch.chdir(tmp_path)
    folder, files = _generated_as_the_readme_shows("doubled_damage_is_lethal", 3, capsys)
    for f in files:
        by_card = {o: spec["card"] for o, spec in f["objects"].items()}
        bears = next(o for o, c in by_card.items() if c == "Grizzly Bears")
        assert sorted(by_card.values()) == ["Furnace of Rath", "Grizzly Bears"]
        [event] = f["timeline"]
        assert (event["target"], event["damage"] + f["objects"][bears].get("damage", 0)) == (bears, 1)
        [expect] = f["expect"]
        assert (expect["object"], expect["answer"]["zone"], expect["rules"]) == (bears, "graveyard", ["202.3"])
    _pass_check(folder, 3, capsys)


def test_generate_damage_whose_order_changes_the_outcome(tmp_path, capsys, monkeypatch):
    """A condition on an answer that depends on a choice (616.1): Mending Hands' shield and Furnace
    of Rath's doubling on one damage event, in either order. `%! outcomes: 2` keeps only files
    whose damage_outcomes has two outcomes; the README shows the output; the files pass check."""
    monkeypatch.chdir(tmp_path)
    folder, files = _generated_as_the_readme_shows("damage_order_changes_the_outcome", 3, capsys)
    first = files[0]
    assert (sorted(o["card"] for o in first["objects"].values()), [next(iter(e)) for e in first["timeline"]]) == (
        ["Furnace of Rath", "Mending Hands"], ["cast", "resolve", "damage"])
    # Bob dealt 2: the shield first prevents 2 and keeps 2; the doubling first makes it 4, all
    # prevented, and the shield keeps nothing (615.7, 616.1, 701.10g).
    [expect] = first["expect"]
    assert [(o["answer"]["dealt"][0]["amount"], o["answer"]["shield"][0]["left"]) for o in expect["outcomes"]] == [
        (0, 0), (0, 2)]
    assert all(len(f["expect"][0]["outcomes"]) == 2 for f in files)
    assert all("616.1" in o["rules"] for f in files for o in f["expect"][0]["outcomes"])
    _pass_check(folder, 3, capsys)


def test_generate_a_transform_ignored_since_the_ability_was_put_on_the_stack(tmp_path, capsys, monkeypatch):
    """701.27f: Kessig Prowler's own ability resolves after an effect turned it over; it keeps
    Sinuous Predator up. The README shows the output; the files pass check."""
    monkeypatch.chdir(tmp_path)
    folder, (first, _) = _generated_as_the_readme_shows("transform_ignored_since_put_on_stack", 2, capsys)
    assert first["timeline"] == [{"activate": "o1", "ability": "transform"}, {"transform": "o1"}, {"resolve": "#1"}]
    [expect] = first["expect"]
    assert (expect["at"], expect["answer"]["face"], expect["answer"]["name"]) == (3, "back", "Sinuous Predator")
    _pass_check(folder, 2, capsys)


def test_generate_a_dependency_that_reorders_effects(tmp_path, capsys, monkeypatch):
    """613.8b against 613.7: Urborg listed before Blood Moon (the earlier timestamp) applies after
    it, and no longer exists (305.7). The README shows the output; the files pass check."""
    monkeypatch.chdir(tmp_path)
    folder, (first, second) = _generated_as_the_readme_shows("dependency_reorders_effects", 2, capsys)
    assert ([o["card"] for o in first["objects"].values()], first["timeline"]) == (
        ["Urborg, Tomb of Yawgmoth", "Blood Moon"], [])
    [expect] = first["expect"]
    effects = [(e["order"], e["effect"]["node"][0], e["why"], e["status"]) for e in expect["answer"]["effects"]]
    assert effects == [(1, "o2", "timestamp", "applies"), (2, "o1", {"after": [{"node": ["o2", {"land_type": ["set", "Mountain"]}]}]}, "removed")]
    assert expect["rules"] == ["613.1", "613.7", "613.8a", "613.8b"]
    _pass_check(folder, 2, capsys)


def test_a_condition_that_asks_for_no_outcome_is_refused(tmp_path):
    path = tmp_path / "none_at_all.lp"
    path.write_text("% none_at_all\n%\n% Nothing.\n% ====\n%! condition: none_at_all\n%! rules: 616.1\n"
                    "%! events: damage\n%! cards: Grizzly Bears\n%! outcomes: 0\n", encoding="utf-8")
    with pytest.raises(v.UserError) as err:
        v.load_property(path, "condition")
    assert str(err.value).endswith("%! outcomes: expected a number of outcomes (at least 1), not '0'")


def test_canonical_form_is_the_same_up_to_renaming_objects():
    # The same objects in the same order under other names: one form. The same objects listed in
    # another order: another state (613.7d: the order is their timestamp order), another form.
    a = {"objects": {"o1": {"card": "Grizzly Bears"}, "o2": {"card": "Clone", "copy_of": "o1"}},
         "timeline": [{"transform": "o2"}], "questions": [{"ask": "characteristics", "object": "o2", "at": 1}]}
    b = {"objects": {"bears": {"card": "Grizzly Bears"}, "clone": {"card": "Clone", "copy_of": "bears"}},
         "timeline": [{"transform": "clone"}], "questions": [{"ask": "characteristics", "object": "clone", "at": 1}]}
    c = {"objects": {"o1": {"card": "Clone", "copy_of": "o2"}, "o2": {"card": "Grizzly Bears"}},
         "timeline": [{"transform": "o1"}], "questions": [{"ask": "characteristics", "object": "o1", "at": 1}]}
    (ta, ra), (tb, rb), (tc, rc) = v.canonical(a), v.canonical(b), v.canonical(c)
    assert ta == tb != tc
    assert ra == rb == a
    assert list(rc["objects"].values()) == [{"card": "Clone", "copy_of": "o2"}, {"card": "Grizzly Bears"}]


def test_generate_says_when_the_bound_holds_fewer(tmp_path, capsys):
    """A condition only one state within the bound satisfies: one file, exit 1, and the line
    says no other state satisfies it."""
    folder = tmp_path / "conditions"
    folder.mkdir()
    (folder / "only_one.lp").write_text(
        "% only_one\n%\n% One plain Grizzly Bears told to transform.\n% ====\n%! condition: only_one\n"
        "%! rules: 701.27c\n%! events: transform\n%! cards: Grizzly Bears\n"
        "edge_case(only_one) :- happens(T, transform(O)), init(O, owner, \"alice\"), init(O, controller, \"alice\"), "
        "init(O, controlled_since, 0), not init(O, tapped, true).\n"
        "witness(only_one, characteristics(O), T) :- happens(T, transform(O)).\n", encoding="utf-8")
    cond = v.load_property(folder / "only_one.lp", "condition")
    got = v.generate(cond, 3, v.Bound(1, 1), tmp_path / "out", time_limit=120)
    assert ([p.name for p in got.files], got.searched, got.exhausted) == (["only_one-1.yaml"], [0, 1], True)


@pytest.mark.parametrize("argv, message", [
    (["generate"], "rulecheck: generate: name a condition; the conditions are: "
                   "damage_in_both_steps_without_double_strike, damage_order_changes_the_outcome, "
                   "dependency_reorders_effects, doubled_damage_is_lethal, transform_does_nothing, "
                   "transform_ignored_since_put_on_stack"),
    (["generate", "nope"], "rulecheck: generate: no condition 'nope'; the conditions are: "
                           "damage_in_both_steps_without_double_strike, damage_order_changes_the_outcome, "
                           "dependency_reorders_effects, doubled_damage_is_lethal, transform_does_nothing, "
                           "transform_ignored_since_put_on_stack"),
    (["generate", "transform_does_nothing", "-n", "0"], "rulecheck: -n: expected a whole number of files from 1 to 100, not '0'"),
    (["generate", "transform_does_nothing", "--bound", "x"],
     "rulecheck: --bound: expected OBJECTS,EVENTS (two whole numbers, e.g. 2,3), not 'x'"),
])
def test_generate_bad_input(argv, message, capsys):
    assert main(argv) == 2
    assert capsys.readouterr().err == message + "\n"


def test_a_property_bound_of_its_own(tmp_path):
    """`%! most: OBJECTS,EVENTS` cuts a larger bound to the property's own, keeps a smaller one, and
    a malformed one is refused with the file and the header line."""
    prop = v.select(["power_and_toughness_doubled"])[0]
    assert prop.most == (1, 1)
    assert (v.Bound(2, 3).within(prop), v.Bound(1, 0).within(prop)) == (v.Bound(1, 1), v.Bound(1, 0))
    other = v.select(["doubling_life"])[0]
    assert (other.most, v.Bound(2, 3).within(other)) == (None, v.Bound(2, 3))
    bad = tmp_path / "bad.lp"
    bad.write_text("% bad\n%! property: bad\n%! cards: Grizzly Bears\n%! most: 1\n", encoding="utf-8")
    with pytest.raises(v.UserError) as err:
        v.load_property(bad)
    assert str(err.value).endswith("expected OBJECTS,EVENTS (e.g. 1,1), not '1'")


def test_jobs_default_to_one_per_cpu_this_process_may_use():
    # `rulecheck verify`'s --jobs is auto by default: the default run uses both cores of a
    # 2-core machine (the 60 s target is on 2 cores).
    import os
    from rulecheck.cli import _jobs, _parser
    assert _parser("verify").parse_args(["verify"]).jobs == "auto"
    assert _jobs("auto") == min(64, len(os.sched_getaffinity(0)))
    assert (_jobs("1"), _jobs("64")) == (1, 64)


def test_a_property_that_asks_a_question(tmp_path):
    """`%! asks: QUESTION` loads the question's program into the property's universe, `%! criteria:`
    gives the criteria it is asked with, `%! prefix:` fixes the verbs of the first entries; a
    question, criteria or verb that don't exist are refused with the file and the header line."""
    fixed = v.select(["until_your_next_turn_untap_skipped"])[0]
    assert (fixed.prefix, v.Bound(2, 3).within(fixed).describe(fixed)) == (
        ("trigger", "resolve"), "≤1 object of 1 card, trigger resolve then ≤3 events of 2 verbs")
    prop = v.select(["modal_face_cast_by_its_own_characteristics"])[0]
    assert prop.asks == ("can_cast",)
    assert prop.criteria == ("type:instant|sorcery,mv<=3", "permanent,mv<=4", "type:creature", "any")
    assert v._program_paths(prop)[-3].name == "can_cast.lp"
    bad = tmp_path / "bad.lp"
    for header, message in [("%! asks: can_fly", "%! asks: no question 'can_fly' (queries/can_fly.lp)"),
                            ("%! criteria: any; mv<3", "%! criteria: 'mv<3': "),
                            ("%! prefix: trigger frob", "%! prefix: unknown event verb(s) ['frob']")]:
        bad.write_text(f"% bad\n%! property: bad\n%! cards: Grizzly Bears\n{header}\n", encoding="utf-8")
        with pytest.raises(v.UserError) as err:
            v.load_property(bad)
        assert f"{bad}: {message}" in str(err.value)
