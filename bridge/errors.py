"""User-facing errors: each names the file, the place in it and what is wrong.

The CLI prints them as one line and exits 2; nothing else catches them.
"""

from __future__ import annotations


class UserError(Exception):
    """A mistake in something the user gave us (a scenario, a card file, an option)."""

    def __init__(self, file: str | None, where: str | None, message: str,
                 line: int | None = None, column: int | None = None):
        self.file = file
        self.where = where
        self.message = message
        self.line = line
        self.column = column
        super().__init__(str(self))

    def __str__(self) -> str:
        if not self.file and not self.where:
            return self.message
        place = self.file or "<input>"
        if self.line is not None:
            place += f":{self.line}"
            if self.column is not None:
                place += f":{self.column}"
        if self.where:
            return f"{place}: {self.where}: {self.message}"
        return f"{place}: {self.message}"


class ScenarioError(UserError):
    """A scenario file is not valid."""


class CardDataError(UserError):
    """A card data file (Scryfall JSON) is not valid, or a card name is unknown."""
