"""A position of Pig: banked points, the turn's total, rolls and turns taken."""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from fourth_game.actions import DICE, HOLD, ROLL, Die, Hold, Roll
from fourth_game.game import ROLLS_PER_TURN, TURNS_EACH, PigGame
from fourth_game.rulebook import CHANCE as ROLLING
from fourth_game.rulebook import TURN
from goldlab.core.state import CHANCE, TERMINAL, State
from goldlab.core.values import Action, ChanceOutcome, Event, View


@dataclass(frozen=True, slots=True)
class Rolled(Event):
    """The die showed ``pips`` for ``seat``."""

    rule = ROLLING
    seat: int
    pips: int

    def describe(self) -> str:
        """``seat 0 rolls 4``."""
        return f"seat {self.seat} rolls {self.pips}"


@dataclass(frozen=True, slots=True)
class Banked(Event):
    """``seat`` banked ``points``."""

    rule = TURN
    seat: int
    points: int

    def describe(self) -> str:
        """``seat 1 banks 7``."""
        return f"seat {self.seat} banks {self.points}"


class PigView(View):
    """What everyone sees (Pig hides nothing)."""

    __slots__ = ("player", "players", "rolls", "scores", "to_move", "total", "turns")
    _FIELD_NAMES = __slots__

    def __init__(self, player: int | None, snapshot: tuple[Any, ...], to_move: int) -> None:
        scores, total, rolls, turns, _, _ = snapshot
        for name, value in (("player", player), ("players", len(scores)),
                            ("scores", scores), ("to_move", to_move), ("total", total),
                            ("rolls", rolls), ("turns", turns)):
            object.__setattr__(self, name, value)

    def _repr_html_(self) -> str:
        return (f"<pre class='pig'>scores {self.scores}; seat {self.to_move} to move, "
                f"turn total {self.total}</pre>")


# snapshot: (scores, total, rolls, turns taken, seat to move, waiting for the die)
Snap = tuple[tuple[int, ...], int, int, int, int, bool]


class PigState(State[PigGame]):
    """Pig's rules."""

    def __init__(self, game: PigGame, seed: int | None, mode: str = "play",
                 auto_chance: bool = True) -> None:
        super().__init__(game, seed, mode, auto_chance)
        self._data: Snap = ((0,) * game.players, 0, 0, 0, 0, False)
        self._finish_setup()

    @property
    def target(self) -> int:
        """The score that ends the game."""
        return int(self.game.options.target)  # type: ignore[attr-defined]

    @property
    def current_player(self) -> int:
        """The seat to move, chance while the die rolls, or over."""
        scores, _, _, turns, seat, rolling = self._data
        if max(scores) >= self.target or turns >= TURNS_EACH * len(scores):
            return TERMINAL
        return CHANCE if rolling else seat

    def _legal_actions(self) -> list[Action]:
        return [ROLL, HOLD]

    def _illegal_reason(self, action: Action) -> tuple[str, str]:
        return TURN, f"{action} is not a move now"

    def _do(self, action: Action) -> list[Event]:
        scores, total, rolls, turns, seat, _rolling = self._data
        if isinstance(action, Roll):
            self._data = (scores, total, rolls, turns, seat, True)
            return []
        if isinstance(action, Die):
            events: list[Event] = [Rolled(seat, action.pips)]
            if action.pips == 1:
                self._data = (scores, 0, 0, turns + 1, 1 - seat, False)
                return events
            total, rolls = total + action.pips, rolls + 1
            if rolls < ROLLS_PER_TURN:
                self._data = (scores, total, rolls, turns, seat, False)
                return events
            return events + self._bank(scores, total, turns, seat)
        assert isinstance(action, Hold)
        return self._bank(scores, total, turns, seat)

    def _bank(self, scores: tuple[int, ...], total: int, turns: int, seat: int) -> list[Event]:
        banked = tuple(s + total if i == seat else s for i, s in enumerate(scores))
        self._data = (banked, 0, 0, turns + 1, 1 - seat, False)
        return [Banked(seat, total)]

    def _save(self) -> Snap:
        return self._data

    def _load(self, snapshot: Snap) -> None:
        self._data = snapshot

    def _snapshot_to_json(self, snapshot: Snap) -> Any:
        scores, total, rolls, turns, seat, rolling = snapshot
        return {"scores": list(scores), "total": total, "rolls": rolls, "turns": turns,
                "seat": seat, "rolling": rolling}

    def _snapshot_from_json(self, data: Any) -> Snap:
        if not isinstance(data, dict):
            raise ValueError("a Pig position is a JSON object")
        return (tuple(int(s) for s in data["scores"]), int(data["total"]), int(data["rolls"]),
                int(data["turns"]), int(data["seat"]), bool(data["rolling"]))

    def chance_outcomes(self) -> list[tuple[ChanceOutcome, Fraction]]:
        """Each face of the die, 1/6 each."""
        return [(d, Fraction(1, 6)) for d in DICE]

    def scores(self) -> tuple[int, ...]:
        """The banked points."""
        return self._data[0]

    def observation(self, player: int) -> PigView:
        """The whole table (nothing is hidden)."""
        return PigView(player, self._data, self.current_player)

    def omniscient(self) -> PigView:
        """The whole table."""
        return PigView(None, self._data, self.current_player)

    def _redeal_hidden(self, player: int, rng: random.Random) -> None:
        """Nothing to redraw: the table is open and the dice to come are the generator's."""
