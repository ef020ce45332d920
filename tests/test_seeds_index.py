"""The seed ruling index (seeds/index.yaml) and its loader, checker and coverage report."""

from __future__ import annotations

import collections
import pathlib
import shutil

import pytest

from rulecheck.errors import ScenarioError
from rulecheck.seeds import (
    Ruling, SeedIndex, check_index, coverage, format_coverage, load_index, read_ruling_document,
)

ROOT = pathlib.Path(__file__).resolve().parent.parent
SEEDS = ROOT / "seeds"
CR = ROOT.parent / "shared" / "reference" / "comprehensive-rules-2026-09-25.txt"

SUPERSEDED = {"000-01", "000-03", "000-07", "001-07"}
INFORMATIONAL = {"001-02", "002-09"}


@pytest.fixture(scope="module")
def index() -> SeedIndex:
    return load_index(SEEDS)


def test_real_index_is_consistent(index):
    assert check_index(index) == []


@pytest.mark.skipif(not CR.is_file(), reason="the CR text is not next to the repository")
def test_every_rule_number_exists_in_the_cr_in_force(index):
    assert check_index(index, cr_text=CR.read_text(encoding="utf-8-sig")) == []


def test_counts(index):
    # 22 + 11 + 19 + 12 = 64 paragraphs; 14 of seed 002's repeat seed 000 verbatim.
    assert sum(len(r.appears_in) for r in index.rulings) == 64
    assert len(index.rulings) == 50
    assert collections.Counter(r.status for r in index.rulings) == {
        "holds": 44, "superseded": 4, "informational": 2}
    assert collections.Counter(r.issue for r in index.rulings) == {
        "2": 6, "3": 18, "4": 13, "10": 5, "11": 8}


def test_superseded_and_informational_rulings(index):
    assert {r.id for r in index.rulings if r.status == "superseded"} == SUPERSEDED
    assert {r.id for r in index.rulings if r.status == "informational"} == INFORMATIONAL
    assert index.ruling("001-07").current_rule == "903.4"
    assert index.ruling("000-07").current_rule == "701.27g"
    # The renumbered convert reference (701.50 -> 701.28) alone does not supersede a ruling.
    renumbered = index.ruling("000-05")
    assert renumbered.status == "holds" and "701.50" in renumbered.text and "701.50" in renumbered.note
    # The ruling that states the newer rule holds.
    assert index.ruling("001-01").status == "holds"


def test_rule_numbers_are_text(index):
    for r in index.rulings:
        assert all(isinstance(x, str) for x in r.rules)
    assert "701.10a" in index.ruling("000-16").rules


def test_repeated_paragraph_is_one_ruling(index):
    transform = index.ruling("000-01")
    assert transform.appears_in == ("000:1", "002:1")
    doubling = index.ruling("000-22")
    assert doubling.appears_in == ("000:22", "002:19")
    _, paras_000 = read_ruling_document(SEEDS / "documents" / "000_7660f0c89d94a3ae.txt")
    _, paras_002 = read_ruling_document(SEEDS / "documents" / "002_bda340eb619542ea.txt")
    assert paras_000[0] == paras_002[0] == transform.text
    assert not any(r.id == "002-01" for r in index.rulings)


def test_every_basics_ruling_has_a_scenario(index):
    # Issue 2 executes the basics; later issues fill in the rest.
    basics = [r for r in index.rulings if r.issue == "2"]
    assert [r.id for r in basics] == ["000-01", "000-03", "000-04", "001-01", "001-03", "001-11"]
    assert all(r.scenarios for r in basics)
    assert all((index.root / s).is_file() for r in index.rulings for s in r.scenarios)


# --- check_index catches mistakes ----------------------------------------------------------

def _copy_seeds(tmp_path: pathlib.Path) -> pathlib.Path:
    dest = tmp_path / "seeds"
    shutil.copytree(SEEDS / "documents", dest / "documents")
    shutil.copytree(SEEDS / "scenarios", dest / "scenarios")
    shutil.copy(SEEDS / "index.yaml", dest / "index.yaml")
    return dest


def test_check_index_reports_missing_and_changed_paragraphs(tmp_path):
    seeds = _copy_seeds(tmp_path)
    text = (seeds / "index.yaml").read_text(encoding="utf-8")
    text = text.replace('appears_in: ["000:1", "002:1"]', 'appears_in: ["000:1"]')
    text = text.replace("Haste is a static ability.", "Haste is a static ability!")
    (seeds / "index.yaml").write_text(text, encoding="utf-8")
    problems = check_index(load_index(seeds))
    assert any("002:1 is not indexed" in p for p in problems)
    assert any(p.startswith("000-12: text differs") for p in problems)


def test_check_index_reports_missing_status_fields_and_scenarios(tmp_path):
    seeds = _copy_seeds(tmp_path)
    text = (seeds / "index.yaml").read_text(encoding="utf-8")
    text = text.replace('    current_rule: "903.4"\n', "", 1)
    text = text.replace("scenarios: []", 'scenarios: ["nowhere/missing.yaml"]', 1)
    (seeds / "index.yaml").write_text(text, encoding="utf-8")
    problems = check_index(load_index(seeds))
    assert "001-07: superseded but has no current_rule" in problems
    first_empty = next(r.id for r in load_index(SEEDS).rulings if not r.scenarios)
    assert f"{first_empty}: scenario nowhere/missing.yaml does not exist" in problems


# --- coverage ------------------------------------------------------------------------------

def _ruling(id_, topic, status, scenarios=()):
    return Ruling(id=id_, appears_in=(id_.replace("-", ":"),), text=id_, topic=topic, rules=("701.27a",),
                  status=status, current_rule="701.27a" if status == "superseded" else None,
                  difference="d" if status == "superseded" else None,
                  why_informational="w" if status == "informational" else None,
                  issue="2", scenarios=tuple(scenarios), note=None)


def test_coverage_counts():
    fake = SeedIndex(documents=(), root=SEEDS, rulings=(
        _ruling("000-01", "transform", "holds", ["a.yaml"]),                # covered
        _ruling("000-02", "transform", "holds", ["b.yaml", "c.yaml"]),      # c fails: not covered
        _ruling("000-03", "transform", "holds"),                            # no scenario: not covered
        _ruling("000-04", "transform", "superseded", ["d.yaml"]),           # covered
        _ruling("000-05", "haste", "holds", ["e.yaml"]),                    # not run: not covered
        _ruling("000-06", "haste", "informational"),                        # not executable
    ))
    rows = coverage(fake, {"a.yaml": True, "b.yaml": True, "c.yaml": False, "d.yaml": True})
    by = {(r["topic"], r["status"]): r for r in rows}
    assert [(r["topic"], r["status"]) for r in rows] == [
        ("transform", "holds"), ("transform", "superseded"), ("haste", "holds"),
        ("haste", "informational"), ("all", "all")]
    assert (by["transform", "holds"]["covered"], by["transform", "holds"]["executable"]) == (1, 3)
    assert by["transform", "holds"]["rulings"] == ["000-01", "000-02", "000-03"]
    assert by["transform", "holds"]["uncovered"] == ["000-02", "000-03"]
    assert (by["transform", "superseded"]["covered"], by["transform", "superseded"]["executable"]) == (1, 1)
    assert (by["haste", "holds"]["covered"], by["haste", "holds"]["executable"]) == (0, 1)
    info = by["haste", "informational"]
    assert (info["executable"], info["informational"], info["covered"]) == (0, 1, 0)
    total = by["all", "all"]
    assert (total["covered"], total["executable"], total["informational"]) == (2, 5, 1)
    text = format_coverage(rows)
    assert text.splitlines()[-1] == "covered 2 / 5 executable unique rulings (1 informational)"
    assert "transform" in text and "1/3" in text


def test_coverage_of_the_real_index_starts_at_zero(index):
    text = format_coverage(coverage(index, {}))
    assert text.splitlines()[-1] == "covered 0 / 48 executable unique rulings (2 informational)"


# --- load_index rejects malformed entries --------------------------------------------------

GOOD_RULING = """\
documents:
  - {seed: "000", file: "documents/000_x.txt", title: "T"}
rulings:
  - id: "000-01"
    appears_in: ["000:1"]
    text: "Some ruling."
    topic: transform
    rules: RULES
    status: holds
    issue: 2
    scenarios: []
"""


def _write(tmp_path, text):
    (tmp_path / "index.yaml").write_text(text, encoding="utf-8")
    return tmp_path


def test_minimal_index_loads(tmp_path):
    index = load_index(_write(tmp_path, GOOD_RULING.replace("RULES", '["701.10"]')))
    assert index.rulings[0].rules == ("701.10",)
    assert index.rulings[0].issue == "2"


def test_an_unquoted_rule_number_is_read_as_written(tmp_path):
    # YAML alone reads 701.10 as the number 701.1; the index is read as scenarios are
    # (bridge/document.py), keeping the text as written.
    index = load_index(_write(tmp_path, GOOD_RULING.replace("RULES", "[701.10, 702.4b]")))
    assert index.rulings[0].rules == ("701.10", "702.4b")


def test_a_malformed_rule_number_names_its_place(tmp_path):
    with pytest.raises(ScenarioError) as e:
        load_index(_write(tmp_path, GOOD_RULING.replace("RULES", '["701.27a", "7O1.1"]')))
    assert e.value.message == "'7O1.1' is not well formed (expected something like '701.27a')"
    assert (e.value.where, e.value.line, e.value.column) == ("rulings[0].rules[1]", 8, 24)


@pytest.mark.parametrize("change, expected", [
    (("status: holds", "status: maybe"), "rulings[0].status: unknown value 'maybe'"),
    (("topic: transform", "topic: werewolves"), "rulings[0].topic: unknown value 'werewolves'"),
    (("    issue: 2\n", ""), "rulings[0]: missing required key 'issue' in a ruling"),
    (("    issue: 2\n", "    issue: 7\n"), "rulings[0].issue: unknown value '7'"),
    (('id: "000-01"', "id: 1"), "rulings[0].id: '1' is not well formed (expected something like '000-01')"),
    (('seed: "000"', "seed: 0"), "documents[0].seed: '0' is not well formed (expected something like '000')"),
    (("scenarios: []", "scenarios: []\n    extra: 1"), "rulings[0].extra: unknown key 'extra' in a ruling"),
    (('rules: ["701.27a"]', "rules: []"), "rulings[0].rules: needs at least 1 item(s)"),
])
def test_malformed_entries(tmp_path, change, expected):
    text = GOOD_RULING.replace("RULES", '["701.27a"]').replace(*change)
    with pytest.raises(ScenarioError) as e:
        load_index(_write(tmp_path, text))
    assert expected in str(e.value)


def test_invalid_yaml_is_a_scenario_error(tmp_path):
    with pytest.raises(ScenarioError) as e:
        load_index(_write(tmp_path, "documents: [\n"))
    assert "not valid YAML" in e.value.message and e.value.line is not None
