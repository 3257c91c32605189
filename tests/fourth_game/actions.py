"""Pig's actions: roll, hold, and chance's die."""

from __future__ import annotations

from dataclasses import dataclass

from goldlab.core.errors import InvalidActionError
from goldlab.core.values import Action, ChanceOutcome


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Roll the die."""

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True, slots=True)
class Hold(Action):
    """Bank the turn's total and pass the die."""

    def __str__(self) -> str:
        return "hold"


@dataclass(frozen=True, slots=True)
class Die(ChanceOutcome):
    """Chance: the die shows ``pips``."""

    pips: int

    def __str__(self) -> str:
        return f"chance: die {self.pips}"


ROLL, HOLD = Roll(), Hold()
DICE = tuple(Die(n) for n in range(1, 7))


def parse_action(text: str) -> Action:
    """``roll``, ``hold`` or ``chance: die N``."""
    if not isinstance(text, str):
        raise InvalidActionError(f"action notation must be text, got {text!r}")
    words = " ".join(text.lower().split())
    if words == "roll":
        return ROLL
    if words == "hold":
        return HOLD
    if words.startswith("chance: die "):
        pips = words.removeprefix("chance: die ")
        if pips in {"1", "2", "3", "4", "5", "6"}:
            return DICE[int(pips) - 1]
    raise InvalidActionError(f"not a Pig action: {text!r} (roll, hold or chance: die N)")
