"""`rulecheck graph` (bridge/graph.py, queries/layer_dependencies.lp): each layer's effects in the
order they apply, and their dependencies, as DOT and as SVG."""

import doctest
from pathlib import Path

from rulecheck import graph
from rulecheck.cli import main

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ROOT / "docs" / "examples" / "layers"


def run(capsys, *args):
    code = main(["graph", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


def test_blood_moon_and_urborg_as_dot(capsys):
    code, out, err = run(capsys, LAYERS / "blood-moon-urborg.yaml")
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "digraph layers {",
        "  rankdir=TB;",
        '  node [shape=box, fontname="Helvetica"];',
        '  subgraph "cluster_4" {',
        '    label="layer 4";',
        '    "4 moon: land_type(set, Mountain)" [label="1. moon: land_type(set, Mountain)\\ntimestamp"];',
        '    "4 urborg: land_type(add, Swamp)" [label="2. urborg: land_type(add, Swamp)\\nafter moon: land_type(set, Mountain)'
        '\\n(ability removed first: applies to nothing)", style=dashed, fontcolor=gray40];',
        '    "4 moon: land_type(set, Mountain)" -> "4 urborg: land_type(add, Swamp)" [style=invis];',
        '    "4 urborg: land_type(add, Swamp)" -> "4 moon: land_type(set, Mountain)" '
        '[label="depends on: its existence", color=firebrick, constraint=false];',
        "  }",
        "}",
    ]


def test_the_readme_pictures_are_what_the_command_draws(capsys, tmp_path, monkeypatch):
    for name in ("march-and-lattice", "blood-moon-urborg"):
        # The title names the scenario file as given: the README's command is run from the root.
        target = tmp_path / f"{name}.svg"
        monkeypatch.chdir(ROOT)
        code, out, err = run(capsys, f"docs/examples/layers/{name}.yaml", "--format", "svg", "-o", target)
        assert (code, out, err) == (0, "", "")
        assert target.read_text(encoding="utf-8") == (ROOT / "docs" / "images" / f"{name}.svg").read_text(encoding="utf-8")


def test_only_the_effects_on_an_object_and_what_they_depend_on(capsys):
    # The Bears: only the Lattice's layer-4 and layer-5 effects and the Anthem's 7c one apply to them.
    code, out, err = run(capsys, LAYERS / "march-and-lattice.yaml", "--object", "bears")
    assert code == 0
    assert [line.strip() for line in out.splitlines() if "[label=" in line and "->" not in line] == [
        '"4 lattice: type(add, artifact)" [label="1. lattice: type(add, artifact)\\ntimestamp"];',
        '"5 lattice: colorless" [label="1. lattice: colorless\\ntimestamp"];',
        '"7c anthem: pt(1, 1)" [label="1. anthem: pt(1, 1)\\ntimestamp"];',
    ]


def test_a_dependent_effect_is_drawn_after_what_it_depends_on_with_its_arrow():
    value = {"effects": [
        {"layer": "4", "order": 1, "effect": {"node": ["lattice", {"type": ["add", "artifact"]}]}, "why": "timestamp", "status": "applies"},
        {"layer": "4", "order": 2, "effect": {"node": ["march", {"type": ["add", "creature"]}]},
         "why": {"after": [{"node": ["lattice", {"type": ["add", "artifact"]}]}]}, "status": "applies"}],
        "depends": [{"layer": "4", "effect": {"node": ["march", {"type": ["add", "creature"]}]},
                     "on": {"node": ["lattice", {"type": ["add", "artifact"]}]}, "part": "applies_to"}],
        "applies_to": []}
    svg = graph.to_svg(value)
    assert svg.count("<rect x=") == 2 and svg.count('marker-end="url(#arrow)"') == 1
    assert "depends on: what it applies to" in svg and "2. march: type(add, creature)" in svg


def test_an_unknown_object_and_an_unwritable_file_are_one_line_each(capsys, tmp_path):
    code, out, err = run(capsys, LAYERS / "blood-moon-urborg.yaml", "--object", "nope")
    assert (code, out) == (2, "")
    assert err == (f"rulecheck: --object: no object named 'nope' in {LAYERS / 'blood-moon-urborg.yaml'}; "
                   "known: forest, moon, pool, urborg\n")
    code, out, err = run(capsys, LAYERS / "blood-moon-urborg.yaml", "-o", tmp_path / "no" / "such" / "dir.dot")
    assert (code, out) == (2, "")
    assert err.startswith(f"rulecheck: {tmp_path / 'no' / 'such' / 'dir.dot'}: can't write: ") and err.count("\n") == 1
    assert not (tmp_path / "no").exists()


def test_graph_doctests():
    assert doctest.testmod(graph).failed == 0
