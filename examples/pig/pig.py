"""Pig, a tiny dice game in one module: goldlab's fourth game, and the example to copy.

It proves that a game is the unit of change, and that a game may be one file (as
OpenSpiel's Kuhn poker is): this module registers one description at its end, and
goldlab's layers (simulation, the conformance kit, OpenSpiel, PettingZoo, the command
line, views, ISMCTS) find every part of it through that, with no edit anywhere in
``goldlab/``.  The built-in games are folders because their rules are long, not because
the protocol needs one.

Each turn the player to move rolls a die (a chance step) or holds: a 1 ends the turn
with nothing, any other roll adds to the turn's total, holding banks it.  A turn ends
after three rolls at most (the total is banked), and the game after three turns each
or when someone reaches the target.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from goldlab.bots import Bot, register_bot
from goldlab.core import register
from goldlab.core.description import GameDescription
from goldlab.core.errors import InvalidActionError, OptionsError
from goldlab.core.game import Game
from goldlab.core.options import GameOptions, plain_option
from goldlab.core.state import CHANCE, TERMINAL, State
from goldlab.core.values import Action, ChanceOutcome, Event, View
from goldlab.interop.encoding import Block, Encoding, one_hot_seat
from goldlab.scenarios import Scenario
from goldlab.scenarios import register as register_scenario

ROLLS_PER_TURN = 3
TURNS_EACH = 3

# ---------------------------------------------------------------- the rulebook

TURN = "Turn"
ROLLING = "Rolling"
END = "End of the game"

QUOTES = {
    TURN: "On your turn, roll the die or hold: holding banks your turn's total.",
    ROLLING: "A 1 ends your turn with nothing; any other roll adds to your turn's total.",
    END: "After three rolls your total is banked; the game ends after three turns each "
         "or when someone reaches the target.",
}

# ---------------------------------------------------------------- actions and events


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

# ---------------------------------------------------------------- the game


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
                  auto_chance: bool = True) -> PigState:
        """A fresh game: no points, seat 0 to move."""
        return PigState(self, seed, mode, auto_chance)

    def parse_action(self, text: str) -> Action:
        """Parse ``roll``, ``hold`` or ``chance: die N``."""
        return parse_action(text)

    def max_steps(self) -> int:
        """Each turn is at most three rolls and a hold; three turns each."""
        return (ROLLS_PER_TURN + 1) * TURNS_EACH * self.players

# ---------------------------------------------------------------- the state


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

# ---------------------------------------------------------------- a bot


class CautiousBot(Bot):
    """Rolls until the turn's total reaches ``threshold``, then holds."""

    name = "cautious"

    def __init__(self, seat: int, seed: int, threshold: int = 5) -> None:
        super().__init__(seat, seed)
        self.threshold = threshold

    def choose(self, observation: Any, legal: Sequence[Action]) -> Action:
        """Hold at the threshold, roll below it."""
        return HOLD if observation.total >= self.threshold else ROLL

# ---------------------------------------------------------------- results, encoding, picture


COLUMNS: tuple[tuple[str, str], ...] = (
    ("ones_rolled", "turns lost to a 1"),
)
"""Pig's columns in a simulation's results (this module is the ``results`` part)."""


def collect(state: State[Any]) -> dict[str, list[Any]]:
    """How many 1s each seat rolled."""
    ones = [0] * state.players
    for event in state.events():
        if isinstance(event, Rolled) and event.pips == 1:
            ones[event.seat] += 1
    return {"ones_rolled": ones}


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


def picture(view: Any) -> Any:
    """One bar per seat, as long as its score: a ``numpy`` RGB array (NumPy is imported
    only when a picture is drawn)."""
    import numpy as np

    img = np.full((10 * view.players + 2, 64, 3), 255, np.uint8)
    for seat, points in enumerate(view.scores):
        img[2 + 10 * seat:10 + 10 * seat, 0:min(64, 2 * points)] = (200, 60, 60)
    return img

# ---------------------------------------------------------------- a rulebook example


def _fresh() -> State[Any]:
    import goldlab

    return goldlab.make("pig", players=2, seed=1, auto_chance=False)


def _one_ends_the_turn(state: State[Any], events: list[Event]) -> None:
    assert state.scores() == (0, 0), state.scores()
    assert state.current_player == 1, state.current_player


EXAMPLES = (
    Scenario(
        name="pig/one-ends-the-turn",
        title="A 1 loses the turn's total",
        rule=ROLLING,
        quote=QUOTES[ROLLING],
        setup=_fresh,
        actions=("roll", "chance: die 5", "roll", "chance: die 1"),
        expect="nothing banked; seat 1 to move",
        check=_one_ends_the_turn,
        illegal=("chance: die 3",),
    ),
)

# ---------------------------------------------------------------- registration


register_bot("pig", "cautious", CautiousBot)
for _example in EXAMPLES:
    register_scenario(_example)
register(GameDescription(
    "pig",
    PigGame,
    encoding=PigEncoding,
    picture=picture,
    results=sys.modules[__name__],  # COLUMNS and collect, above
    rulebook=sys.modules[__name__],  # QUOTES, above
))
