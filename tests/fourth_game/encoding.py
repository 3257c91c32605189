"""Pig as integers, texts and tensors (roll 0, hold 1; die N is N - 1)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from fourth_game.actions import DICE, HOLD, ROLL
from fourth_game.game import ROLLS_PER_TURN, TURNS_EACH
from goldlab.core.values import Action, ChanceOutcome
from goldlab.interop.encoding import Block, Encoding, one_hot_seat


class PigEncoding(Encoding):
    """Actions: roll 0, hold 1.  Chance: die N is N - 1."""

    name: ClassVar[str] = "pig"
    perfect_information: ClassVar[bool] = True

    def _player_actions(self) -> Sequence[Action]:
        return (ROLL, HOLD)

    def _chance_outcomes(self) -> Sequence[ChanceOutcome]:
        return DICE

    def max_chance_nodes(self) -> int:
        """At most three rolls a turn, three turns each."""
        return ROLLS_PER_TURN * TURNS_EACH * self.players

    def _observation_blocks(self) -> Sequence[Block]:
        p = self.players
        high = float(self._target() + 6 * ROLLS_PER_TURN)
        return (
            Block("observer", (p,), 1),
            Block("to_move", (p + 2,), 1),
            Block("scores", (p,), high),
            Block("total", (1,), 6 * ROLLS_PER_TURN),
            Block("rolls", (1,), ROLLS_PER_TURN),
        )

    def _target(self) -> int:
        opts: Any = self.game.options
        return int(opts.target)

    def _write_observation(self, view: Any, out: list[float]) -> None:
        at = self._at
        if view.player is not None:
            out[at["observer"] + view.player] = 1.0
        one_hot_seat(out, at["to_move"], view.to_move, self.players)
        for s, points in enumerate(view.scores):
            out[at["scores"] + s] = float(points)
        out[at["total"]] = float(view.total)
        out[at["rolls"]] = float(view.rolls)

    def view_string(self, view: Any) -> str:
        return (f"Pig: scores {' '.join(map(str, view.scores))}; to move {view.to_move}; "
                f"turn total {view.total} after {view.rolls} rolls")
