"""Base classes for the small immutable value objects of every game.

An :class:`Action` is what a player (or chance) does; an :class:`Event` is what
the rules made happen because of it.  Both are frozen dataclasses whose ``str``
is readable notation; actions' notation parses back with the game's parser.
Every event names the rulebook section that produced it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class Action:
    """A move a player can choose.  Subclasses define ``__str__`` as notation."""

    def __str__(self) -> str:  # pragma: no cover - every subclass overrides
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class ChanceOutcome(Action):
    """A move made by chance (a card revealed, a tile drawn).

    Its notation starts with ``chance:`` so it can never be mistaken for a
    player's action, e.g. ``chance: reveal blue:6``.
    """


@dataclass(frozen=True, slots=True)
class Event:
    """Something the rules did.  ``rule`` names the rulebook section."""

    rule: ClassVar[str] = ""

    def describe(self) -> str:
        """The event's text without the rule tag."""
        return type(self).__name__

    def __str__(self) -> str:
        return f"{self.describe()} [{self.rule}]"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly form: the event kind, its text and its rule."""
        return {"event": type(self).__name__, "text": self.describe(), "rule": self.rule}
