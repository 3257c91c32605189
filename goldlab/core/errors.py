"""The error types every goldlab game raises.

All are ``ValueError`` subclasses except :class:`GoldlabError` itself, so callers
that only know Python's built-ins can still catch bad input with ``ValueError``.
"""

from __future__ import annotations


class GoldlabError(Exception):
    """Base class of every error goldlab raises on purpose."""


class InvalidActionError(GoldlabError, ValueError):
    """Text that does not parse as an action of this game (bad notation)."""


class IllegalActionError(GoldlabError, ValueError):
    """A well-formed action that the rules forbid in the current state.

    ``rule`` names the rulebook section that forbids it; the state is unchanged.
    """

    def __init__(self, action: object, rule: str, reason: str) -> None:
        self.action = action
        self.rule = rule
        self.reason = reason
        super().__init__(f"illegal action {str(action)!r}: {reason} [{rule}]")


class UndoError(GoldlabError, ValueError):
    """Undo refused: nothing to undo, or it would reveal hidden cards in play mode."""


class OptionsError(GoldlabError, ValueError):
    """Unknown game, unknown option, bad option value or bad player count."""


class RecordError(GoldlabError, ValueError):
    """A game record that is malformed, hostile, or does not replay."""
