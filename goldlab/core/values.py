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


class View:
    """Base of the immutable views a state gives its players (``state.observation``).

    A game's view keeps what it needs in ``__slots__`` and works fields out
    when they are read; this base makes it behave like a frozen value object:
    equal views have equal ``_FIELD_NAMES``, equal views hash alike, ``repr``
    lists the fields, and no attribute can be set or deleted.
    """

    __slots__ = ()

    _FIELD_NAMES: ClassVar[tuple[str, ...]] = ()

    def _fields(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self._FIELD_NAMES)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, type(self)):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._FIELD_NAMES)
        return f"{type(self).__name__}({fields})"

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a {type(self).__name__} is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a {type(self).__name__} is immutable: cannot delete {name!r}")
