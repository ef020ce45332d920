"""The text of cited rules, read at run time from a CR text file the user points to
(--cr FILE, or RULECHECK_CR). rulecheck ships no rule text of its own."""

from __future__ import annotations

import re
from pathlib import Path

from .errors import UserError

_RULE = re.compile(r"^(\d{3}\.\d+[a-z]?)\.?\s+(.*)$")


def read_rule_texts(path: str) -> dict[str, str]:
    """Rule number -> its text, from a Comprehensive Rules .txt file."""
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise UserError(path, None, f"cannot read the CR file: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise UserError(path, None, "the CR file is not UTF-8 text") from None
    rules: dict[str, str] = {}
    current: str | None = None
    for line in text.splitlines():
        m = _RULE.match(line)
        if m:
            current = m.group(1)
            # The table of contents lists sections ("701. Keyword Actions"); keep the first
            # full rule text, which comes after it.
            rules[current] = m.group(2).strip()
        elif current and line.startswith("Example:"):
            rules[current] += "\n" + line.strip()
        elif not line.strip():
            current = None
    if len(rules) < 100:
        raise UserError(path, None, "does not look like the Comprehensive Rules text (too few numbered rules)")
    return rules
