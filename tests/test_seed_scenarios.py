"""Every seed scenario's expectations are tests: rulecheck's pytest plugin collects seeds/ and
docs/ (pyproject.toml), one item per expectation, so `make test` fails by name on a broken seed
ruling. This file checks that configuration, and that a flipped expectation does fail."""

import tomllib
from pathlib import Path

import yaml

pytest_plugins = ["pytester"]

ROOT = Path(__file__).resolve().parent.parent
SCENARIO_ROOTS = ["seeds", "docs"]


def expectations_by_file():
    """How many expectations each scenario file under seeds/ and docs/ has (read as plain YAML,
    not through rulecheck)."""
    out = {}
    for root in SCENARIO_ROOTS:
        for path in sorted((ROOT / root).rglob("*.y*ml")):
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
            if isinstance(data, dict) and data.get("expect"):
                out[str(path.relative_to(ROOT))] = len(data["expect"])
    return out


def test_pytest_runs_the_scenarios_of_seeds_and_docs_with_the_tests():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    assert config["testpaths"] == ["tests", *SCENARIO_ROOTS]
    assert config["rulecheck_scenarios"] == SCENARIO_ROOTS


def test_every_seed_expectation_is_a_test_item(pytester):
    expected = expectations_by_file()
    assert len([f for f in expected if f.startswith("seeds/scenarios/")]) >= 39
    assert "docs/examples/anthem-and-lifelink.yaml" in expected
    items, reprec = pytester.inline_genitems("-c", str(ROOT / "pyproject.toml"), "--rootdir", str(ROOT),
                                        "-p", "no:cacheprovider", *(str(ROOT / r) for r in SCENARIO_ROOTS))
    assert reprec.getfailedcollections() == []
    found = {}
    for item in items:
        assert type(item).__name__ == "ExpectationItem"
        file, _, name = item.nodeid.partition("::")
        found[file] = found.get(file, 0) + 1
    assert found == expected


def test_flipping_one_expectation_of_a_seed_fails_exactly_that_item(pytester):
    seed = (ROOT / "seeds" / "scenarios" / "haste" / "redundant.yaml").read_text(encoding="utf-8")
    flipped = seed.replace("{ask: can_attack, object: other, answer: true,", "{ask: can_attack, object: other, answer: false,")
    assert flipped.count("answer: false") == 1
    pytester.makeini("[pytest]\nrulecheck_scenarios = haste\n")
    (pytester.path / "haste").mkdir()
    (pytester.path / "haste" / "redundant.yaml").write_text(flipped, encoding="utf-8")
    reprec = pytester.inline_run("-p", "no:cacheprovider")
    passed, skipped, failed = reprec.listoutcomes()
    assert [r.nodeid for r in passed] == ["haste/redundant.yaml::characteristics goblin (after entry 0)",
                                          "haste/redundant.yaml::can_attack goblin (after entry 0)"]
    assert [r.nodeid for r in failed] == ["haste/redundant.yaml::can_attack other (after entry 0)"]
    assert str(failed[0].longrepr).splitlines()[:5] == [
        "answer: expected False, got True",
        "  haste/redundant.yaml:15: expect[2]: can_attack other (after entry 0)",
        "  expected: false",
        "    rules: 508.1a, 702.10b",
        "  got:      true",
    ]
