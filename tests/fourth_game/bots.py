"""Pig's bot: holds once the turn's total reaches its threshold."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fourth_game.actions import HOLD, ROLL
from goldlab.bots import Bot, register_bot
from goldlab.core.values import Action


class CautiousBot(Bot):
    """Rolls until the turn's total reaches ``threshold``, then holds."""

    name = "cautious"

    def __init__(self, seat: int, seed: int, threshold: int = 5) -> None:
        super().__init__(seat, seed)
        self.threshold = threshold

    def choose(self, observation: Any, legal: Sequence[Action]) -> Action:
        """Hold at the threshold, roll below it."""
        return HOLD if observation.total >= self.threshold else ROLL


register_bot("pig", "cautious", CautiousBot)
