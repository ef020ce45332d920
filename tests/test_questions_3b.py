"""The questions of issue 3b end to end through the command: mana_value, color_identity,
nameable, has_chosen_name, printed_on; their catalogue examples; the criteria language; the
scenario's own cards: and the choose_name event."""

import json
import shlex
from pathlib import Path

import pytest

from rulecheck import criteria
from rulecheck.catalogue import catalogue
from rulecheck.cli import main

ROOT = Path(__file__).resolve().parent.parent
MINE = ["mana_value", "color_identity", "nameable", "has_chosen_name", "printed_on"]


@pytest.mark.parametrize("name", MINE)
def test_catalogue_example_runs(name, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    args = shlex.split(catalogue()[name].example)[1:]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert out.startswith(name + " ")
    assert "rules: " in out


def test_json_answer_of_nameable(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    code = main(["ask", "seeds/scenarios/names/choosing-a-name.yaml", "--json",
                 "--ask", "nameable 'Emeria, Shattered Skyclave' criteria=nonland"])
    assert code == 0
    [got] = json.loads(capsys.readouterr().out)
    assert got == {"ask": "nameable", "name": "Emeria, Shattered Skyclave", "criteria": "nonland", "at": 0,
                   "answer": False, "rules": ["201.4a", "201.4d"],
                   "because": ["Emeria, Shattered Skyclave is the name of the back face of Emeria's Call // "
                               "Emeria, Shattered Skyclave",
                               "Emeria, Shattered Skyclave (its back face) fails the criterion nonland"]}


def test_json_answer_of_color_identity(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    assert main(["ask", "seeds/scenarios/color_identity/faces-and-reminders.yaml", "--json",
                 "--ask", "color_identity abbey"]) == 0
    [got] = json.loads(capsys.readouterr().out)
    assert (got["of"], got["answer"], got["rules"]) == ("abbey", {"colors": ["black"]}, ["903.4", "903.4a", "903.4d"])


@pytest.mark.parametrize("words, terms, described", [
    ("nonland", ["lacks(type(land))"], ["nonland"]),
    ("legendary creature, red", ["has(supertype(legendary))", "has(type(creature))", "has(color(r))"],
     ["legendary", "creature", "red"]),
    (["non-Human", "mv<=3", "multicolored"], ['lacks(subtype("Human"))', "mana_value(le,3)", "multicolored"],
     ["non-Human", "mv<=3", "multicolored"]),
    ("nonmonocolored mana_value>=2", ["non(monocolored)", "mana_value(ge,2)"], ["nonmonocolored", "mv>=2"]),
])
def test_criteria_language(words, terms, described):
    parsed = [term for _, term in criteria.parse(words)]
    assert [str(t) for t in parsed] == terms
    assert [criteria.describe(t) for t in parsed] == described


@pytest.mark.parametrize("bad, message", [
    ("nonlnd", "unknown criterion 'nonlnd' (did you mean 'land'?)"),
    ("crature", "unknown criterion 'crature' (did you mean 'creature'?)"),
    ("mv<3", "unknown criterion 'mv<3'"),
])
def test_criteria_errors(bad, message):
    with pytest.raises(criteria.CriteriaError) as exc:
        criteria.parse(bad)
    assert str(exc.value).startswith(message)


def test_bad_scenario_card_is_a_located_error(tmp_path, capsys):
    path = tmp_path / "bad.yaml"
    path.write_text("cards:\n  - {name: Broken, mana_cost: \"{Q}\", type_line: Instant}\n", encoding="utf-8")
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err == (f"rulecheck: {path}:2:31: cards[0].mana_cost: card 'Broken': bad mana symbol '{{Q}}' in mana cost '{{Q}}'\n")


def test_choose_name_needs_a_name(tmp_path, capsys):
    path = tmp_path / "bad.yaml"
    path.write_text("objects:\n  k: {card: White Knight}\ntimeline:\n  - {choose_name: k}\n", encoding="utf-8")
    assert main(["ask", str(path), "--ask", "characteristics k"]) == 2
    assert "missing required key 'name'" in capsys.readouterr().err
