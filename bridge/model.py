"""The typed scenario: what a scenario file is loaded into (bridge/load.py), and what the rest
of rulecheck reads (facts, solving, decoding, answers). The format that describes the file is
bridge/scenario.py's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .abilities import StatedAbility
    from .cards import Card, CardPool


@dataclass(frozen=True)
class ObjectState:
    id: str
    card: Card | None   # None: a token not yet created, whose characteristics a copy gives
    zone: str
    owner: str
    controller: str | None
    face: str | None
    token: bool
    copy_of: str | None
    attached_to: str | None
    tapped: bool
    face_down: bool
    controlled_since: int
    counters: dict[str, int]
    damage: int
    chosen_color: str | None = None     # "As this ... enters, choose a color" (614.12a)
    chosen_type: str | None = None      # "... choose a creature type" (614.12a)


@dataclass(frozen=True)
class Event:
    index: int          # its timeline entry number (1-based)
    verb: str
    args: dict[str, Any]
    where: str          # timeline[i]
    line: int | None = None   # where it was written (warnings name the entry by it)


@dataclass(frozen=True)
class Question:
    ask: str
    params: dict[str, Any]
    at: int
    where: str
    # Cards whose data the question needs beyond the scenario's objects' (a card it names,
    # the cards a chosen name could be about).
    cards: tuple[Card, ...] = ()

    def label(self) -> str:
        args = " ".join(_param_text(v) for v in self.params.values() if v != "")
        return f"{self.ask} {args}".strip() + f" (after entry {self.at})"


def _param_text(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {v}" for k, v in value.items()) + "}"
    return str(value)


@dataclass(frozen=True)
class Expectation:
    question: Question
    answer: Any
    rules: tuple[str, ...] | None
    outcomes: Any


@dataclass(frozen=True)
class Scenario:
    path: str
    rules: str
    description: str | None
    players: tuple[str, ...]
    life: dict[str, int]
    turn_number: int
    active: str
    step: str
    objects: dict[str, ObjectState]
    timeline: tuple[Event, ...]
    questions: tuple[Question, ...]
    expectations: tuple[Expectation, ...]
    # The card pool the scenario was read with (its own cards: included), for questions
    # given later (--ask), and cards the rules need beyond the objects' (meld results of meld
    # cards, the cards a chosen name could be about).
    pool: CardPool | None = None
    extra_cards: tuple[Card, ...] = ()
    # Abilities the scenario states (abilities:, bridge/abilities.py).
    abilities: tuple[StatedAbility, ...] = ()
    # Each stated library, top card first (libraries:; logic/library.lp); a player not here has an
    # unknown library.
    libraries: dict[str, tuple[str, ...]] = field(default_factory=dict)
