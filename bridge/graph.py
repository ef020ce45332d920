"""`rulecheck graph`: each layer's continuous effects and their dependencies, drawn.

The rules answer the `layer_dependencies` question (queries/layer_dependencies.lp): every effect
with its layer, its place in the layer and why it is there (timestamp, 613.7; just after the
effects it depends on, 613.8b), the dependencies (613.8a) and what each effect applies to. This
module only draws that answer: as Graphviz DOT text, or as SVG laid out here (a column per
layer, its effects top to bottom in the order they apply, an arrow from each effect to each
effect it depends on), so that the picture needs no Graphviz installed.

>>> value = {"effects": [
...     {"layer": "4", "order": 1, "effect": {"node": ["moon", {"land_type": ["set", "Mountain"]}]},
...      "why": "timestamp", "status": "applies"},
...     {"layer": "4", "order": 2, "effect": {"node": ["urborg", {"land_type": ["add", "Swamp"]}]},
...      "why": {"after": [{"node": ["moon", {"land_type": ["set", "Mountain"]}]}]}, "status": "removed"}],
...  "depends": [{"layer": "4", "effect": {"node": ["urborg", {"land_type": ["add", "Swamp"]}]},
...               "on": {"node": ["moon", {"land_type": ["set", "Mountain"]}]}, "part": "existence"}],
...  "applies_to": []}
>>> layers = effect_layers(value)
>>> [(e.label, e.why, e.removed) for e in layers["4"]]
[('moon: land_type(set, Mountain)', 'timestamp', False), ('urborg: land_type(add, Swamp)', 'after moon: land_type(set, Mountain)', True)]
>>> print(to_dot(value).splitlines()[0])
digraph layers {
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Any

from .render import cell_text

# 613.1, 613.2, 613.4: the layers and sublayers in the order they apply.
LAYER_ORDER = ["1a", "1b", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d"]
PARTS = {"existence": "its existence", "applies_to": "what it applies to", "does": "what it does", "text": "its text"}


@dataclass
class Effect:
    key: str                 # the effect's name in its layer (its label: a source does one thing once)
    label: str               # "moon: land_type(set, Mountain)"
    order: int               # its place in its layer (613.7, 613.8b)
    why: str                 # "timestamp", "after X", "loop"
    removed: bool            # its ability was removed before it began (613.6)
    applies_to: list[str] = field(default_factory=list)
    depends_on: list[tuple[str, str]] = field(default_factory=list)   # (effect key, part)


def _label(node: Any) -> str:
    source, does = node["node"]
    if isinstance(source, dict) and "entry" in source:
        source = f"entry {source['entry'][0]}"
    elif isinstance(source, dict):
        source = cell_text(source)
    return f"{source}: {cell_text(does)}"


def _why(why: Any) -> str:
    if isinstance(why, dict) and "after" in why:
        return "after " + _label(why["after"][0])
    return str(why)


def effect_layers(value: dict, obj: str | None = None) -> dict[str, list[Effect]]:
    """The answer's effects by layer, in the order they apply; with `obj`, only the effects that
    apply (or would) to it and those they depend on."""
    effects: dict[tuple[str, str], Effect] = {}
    for row in value.get("effects", []):
        key = _label(row["effect"])
        effects[(row["layer"], key)] = Effect(key, key, row["order"], _why(row["why"]),
                                              row["status"] == "removed")
    for row in value.get("applies_to", []):
        if (row["layer"], _label(row["effect"])) in effects:
            effects[(row["layer"], _label(row["effect"]))].applies_to.append(str(row["object"]))
    for row in value.get("depends", []):
        if (row["layer"], _label(row["effect"])) in effects:
            effects[(row["layer"], _label(row["effect"]))].depends_on.append((_label(row["on"]), str(row["part"])))
    if obj is not None:
        kept = {k for k, e in effects.items() if obj in e.applies_to}
        kept |= {(k[0], on) for k in list(kept) for on, _ in effects[k].depends_on}
        effects = {k: e for k, e in effects.items() if k in kept}
    layers: dict[str, list[Effect]] = {}
    for (layer, _), e in sorted(effects.items(), key=lambda kv: (_layer_rank(kv[0][0]), kv[1].order, kv[1].label)):
        layers.setdefault(layer, []).append(e)
    return layers


def _layer_rank(layer: str) -> int:
    return LAYER_ORDER.index(layer) if layer in LAYER_ORDER else len(LAYER_ORDER)


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def to_dot(value: dict, obj: str | None = None) -> str:
    """Graphviz DOT: a cluster per layer, its effects in order, an edge from each effect to each
    effect it depends on (613.8a)."""
    lines = ["digraph layers {", "  rankdir=TB;", "  node [shape=box, fontname=\"Helvetica\"];"]
    for layer, effects in effect_layers(value, obj).items():
        lines.append(f"  subgraph {_quote('cluster_' + layer)} {{")
        lines.append(f"    label={_quote('layer ' + layer)};")
        for e in effects:
            style = ", style=dashed, fontcolor=gray40" if e.removed else ""
            text = f"{e.order}. {e.label}\\n{e.why}" + ("\\n(ability removed first: applies to nothing)" if e.removed else "")
            lines.append(f"    {_quote(layer + ' ' + e.key)} [label={_quote(text).replace(chr(92) * 2 + 'n', chr(92) + 'n')}{style}];")
        for a, b in zip(effects, effects[1:]):
            lines.append(f"    {_quote(layer + ' ' + a.key)} -> {_quote(layer + ' ' + b.key)} [style=invis];")
        for e in effects:
            for on, part in e.depends_on:
                lines.append(f"    {_quote(layer + ' ' + e.key)} -> {_quote(layer + ' ' + on)} "
                             f"[label={_quote('depends on: ' + PARTS.get(part, part))}, color=firebrick, constraint=false];")
        lines.append("  }")
    lines.append("}")
    return "\n".join(lines) + "\n"


# SVG geometry (pixels).
_BOX_W, _BOX_H, _GAP_Y, _GAP_X, _TOP, _LEFT, _ARC = 300, 58, 26, 230, 56, 20, 60


def to_svg(value: dict, obj: str | None = None, title: str = "") -> str:
    """The same picture as SVG: a column per layer, effects top to bottom in the order they
    apply, a red arrow from each effect to each effect it depends on."""
    layers = effect_layers(value, obj)
    columns = max(len(layers), 1)
    rows = max((len(es) for es in layers.values()), default=0)
    # (Room right of each column for its arrows' labels, and for the legend below.)
    width = max(_LEFT * 2 + columns * (_BOX_W + _GAP_X), 780)
    height = _TOP + rows * (_BOX_H + _GAP_Y) + 60
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="Helvetica, Arial, sans-serif" font-size="12">',
           '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" '
           'orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#b22222"/></marker></defs>',
           f'<rect width="{width}" height="{height}" fill="white"/>']
    if title:
        out.append(f'<text x="{_LEFT}" y="20" font-size="14" font-weight="bold">{escape(title)}</text>')
    if not layers:
        out.append(f'<text x="{_LEFT}" y="{_TOP}">no continuous effect applies here</text>')
    for c, (layer, effects) in enumerate(layers.items()):
        x = _LEFT + c * (_BOX_W + _GAP_X)
        out.append(f'<text x="{x}" y="{_TOP - 12}" font-weight="bold">layer {escape(layer)}</text>')
        place = {}
        for r, e in enumerate(effects):
            y = _TOP + r * (_BOX_H + _GAP_Y)
            place[e.key] = y
            dash = ' stroke-dasharray="5,3"' if e.removed else ""
            colour = "#888888" if e.removed else "#000000"
            out.append(f'<rect x="{x}" y="{y}" width="{_BOX_W}" height="{_BOX_H}" rx="6" fill="#f7f7f2" '
                       f'stroke="{colour}"{dash}/>')
            out.append(f'<text x="{x + 8}" y="{y + 18}" fill="{colour}" font-weight="bold">{e.order}. {escape(e.label)}</text>')
            out.append(f'<text x="{x + 8}" y="{y + 35}" fill="{colour}">{escape(e.why)}</text>')
            note = "ability removed first: applies to nothing" if e.removed else "applies to " + ", ".join(sorted(e.applies_to))
            out.append(f'<text x="{x + 8}" y="{y + 51}" fill="#555555" font-size="11">{escape(_clip(note, 46))}</text>')
        for e in effects:
            for on, part in e.depends_on:
                if on not in place:
                    continue
                y1, y2 = place[e.key] + _BOX_H / 2, place[on] + _BOX_H / 2
                x0, bulge = x + _BOX_W, x + _BOX_W + _ARC
                out.append(f'<path d="M {x0} {y1} C {bulge} {y1}, {bulge} {y2}, {x0 + 2} {y2}" fill="none" '
                           f'stroke="#b22222" stroke-width="1.5" marker-end="url(#arrow)"/>')
                out.append(f'<text x="{x0 + _ARC * 0.75 + 6}" y="{(y1 + y2) / 2 + 4}" fill="#b22222" font-size="11">'
                           f'depends on: {escape(PARTS.get(part, part))}</text>')
    out.append(f'<text x="{_LEFT}" y="{height - 16}" fill="#555555" font-size="11">An arrow from A to B: A depends on B '
               '(613.8a) and applies just after it (613.8b); otherwise effects apply in timestamp order (613.7).</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _clip(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"
