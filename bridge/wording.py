"""Printed wording read into the rules' terms, the same for a card's data and a scenario's
stated abilities: a keyword, type or layout as a constant, and the qualities a protection
keyword lists (702.16a). Read by bridge/facts.py, bridge/abilities.py and bridge/events.py; it
imports nothing of rulecheck's, so the abilities a scenario states no longer reach into facts.py
(which reads them): no import cycle between the two."""

from __future__ import annotations

import re


def ident(text: str) -> str:
    """A keyword, type or layout as a constant: "First strike" -> first_strike."""
    return re.sub(r"[^a-z0-9_]", "", re.sub(r"[\s\-]+", "_", text.strip().lower()))


def protection_parts(parameter: str) -> list[str]:
    """The qualities of "from A", "from A and from B", "from A, from B, and from C" (702.16a)."""
    if not parameter.startswith("from "):
        return []
    return [part.strip() for part in re.split(r",?\s+and\s+from\s+|,\s+from\s+", parameter[len("from "):])]
