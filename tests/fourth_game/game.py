"""The Pig game object: options, set-up, notation."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from fourth_game.actions import parse_action
from goldlab.core.errors import OptionsError
from goldlab.core.game import Game
from goldlab.core.options import GameOptions, plain_option
from goldlab.core.values import Action

ROLLS_PER_TURN = 3
TURNS_EACH = 3


@dataclass(frozen=True)
class PigOptions(GameOptions):
    """Pig's one option: the score that ends the game."""

    target: int = plain_option(12, "the score that ends the game at once")

    def validate(self) -> None:
        """The target is a positive number of points."""
        if self.target < 1:
            raise OptionsError(f"target must be at least 1, not {self.target}")


class PigGame(Game):
    """Pig for two players (a test game)."""

    name: ClassVar[str] = "pig"
    title: ClassVar[str] = "Pig"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options_type: ClassVar[type[GameOptions]] = PigOptions

    def new_state(self, seed: int | None = None, *, mode: str = "play",
                  auto_chance: bool = True) -> Any:
        """A fresh game: no points, seat 0 to move."""
        from fourth_game.state import PigState

        return PigState(self, seed, mode, auto_chance)

    def parse_action(self, text: str) -> Action:
        """Parse ``roll``, ``hold`` or ``chance: die N``."""
        return parse_action(text)

    def max_steps(self) -> int:
        """Each turn is at most three rolls and a hold; three turns each."""
        return (ROLLS_PER_TURN + 1) * TURNS_EACH * self.players
