"""Stable integer and tensor encodings of goldlab games, for OpenSpiel and PettingZoo.

One :class:`Encoding` per game (built for a :class:`~goldlab.core.game.Game`,
so for one player count and set of options) says:

* which integer stands for which player action (``0 .. num_distinct_actions - 1``)
  and which for which chance outcome (``0 .. max_chance_outcomes - 1``); the
  numbers are closed formulas over the game's cards, seats, spaces and tiles,
  documented in ``docs/interop.md``, so they do not depend on the run or on the
  order in which actions happen to be listed;
* how a player's observation (``state.observation(seat)``, never the omniscient
  view) becomes a text and a fixed-size tensor of named blocks;
* what a player with perfect recall adds to that (the *information state*):
  the history of steps as that player saw them, and a tensor block of what the
  public record lets a player remember;
* how long a game can be: ``Game.max_steps()`` decisions and
  :meth:`Encoding.max_chance_nodes` chance steps.

Each game's encoding class lives in its own folder (``games/<game>/encoding.py``) and
is named by the game's description; :func:`encoding_for` looks it up (and
:func:`register_encoding` adds one by hand).  The module is standard library only:
tensors are plain lists of floats that the adapters copy into NumPy arrays.  It
does not talk to OpenSpiel or PettingZoo; ``goldlab.interop.openspiel`` and
``goldlab.interop.pettingzoo`` do.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import prod
from typing import Any, ClassVar

from goldlab.core.game import Game
from goldlab.core.registry import description, find, when_unregistered
from goldlab.core.registry import names as game_names
from goldlab.core.state import CHANCE, TERMINAL, State, Step
from goldlab.core.values import Action, ChanceOutcome


@dataclass(frozen=True, slots=True)
class Block:
    """One named part of a tensor: its shape and the largest value an entry can take."""

    name: str
    shape: tuple[int, ...]
    high: float

    @property
    def size(self) -> int:
        """The number of entries."""
        return prod(self.shape)


class Encoding(ABC):
    """How one goldlab game maps to integers, strings and tensors (see the module docstring)."""

    name: ClassVar[str]
    """The goldlab game name this encoding is for."""
    perfect_information: ClassVar[bool] = False
    """True when every observation shows the whole position (chance still hides the future)."""
    bounded_defaults: ClassVar[dict[str, Any]] = {}
    """Option defaults the adapters use instead of goldlab's so that every game ends.

    Empty for games whose length is bounded anyway; OpenSpiel needs a finite
    ``max_game_length`` and random agents need games that end.
    """

    def __init__(self, game: Game) -> None:
        if game.name != self.name:
            raise ValueError(f"{type(self).__name__} encodes {self.name!r}, not {game.name!r}")
        self.game = game
        self.players = game.players
        self.actions: tuple[Action, ...] = tuple(self._player_actions())
        """Every player action; its position is its integer."""
        self.chance: tuple[ChanceOutcome, ...] = tuple(self._chance_outcomes())
        """Every chance outcome; its position is its integer."""
        self._action_ids = {a: i for i, a in enumerate(self.actions)}
        self._chance_ids = {a: i for i, a in enumerate(self.chance)}
        if len(self._action_ids) != len(self.actions) or len(self._chance_ids) != len(self.chance):
            raise AssertionError(f"{type(self).__name__} lists an action twice")  # pragma: no cover
        self.observation_blocks: tuple[Block, ...] = tuple(self._observation_blocks())
        """The blocks of the observation tensor, in order."""
        self.recall_blocks: tuple[Block, ...] = tuple(self._recall_blocks())
        """The blocks the information-state tensor adds after the observation's."""
        self._at = _offsets(self.observation_blocks)

    # ------------------------------------------------------------- actions
    @property
    def num_distinct_actions(self) -> int:
        """How many integers player actions use."""
        return len(self.actions)

    @property
    def max_chance_outcomes(self) -> int:
        """How many integers chance outcomes use."""
        return len(self.chance)

    def action_id(self, action: Action) -> int:
        """The integer of a player action or a chance outcome (KeyError if it has none)."""
        if isinstance(action, ChanceOutcome):
            return self._chance_ids[action]
        return self._action_ids[action]

    def action_of(self, action_id: int, *, chance: bool = False) -> Action:
        """The player action (or, with ``chance=True``, the chance outcome) of an integer."""
        table: Sequence[Action] = self.chance if chance else self.actions
        if not 0 <= action_id < len(table):
            kind = "chance outcome" if chance else "action"
            raise ValueError(f"{action_id} is not a {self.name} {kind} id (0-{len(table) - 1})")
        return table[action_id]

    def legal_ids(self, state: State[Any]) -> list[int]:
        """The sorted integers of the legal actions (chance outcomes at a chance node)."""
        ids: dict[Any, int] = (
            self._chance_ids if state.current_player == CHANCE else self._action_ids
        )
        return sorted(ids[a] for a in state.legal_actions())

    def chance_ids(self, state: State[Any]) -> list[tuple[int, Fraction]]:
        """``(integer, exact probability)`` of every chance outcome, sorted by integer."""
        ids = self._chance_ids
        return sorted((ids[o], p) for o, p in state.chance_outcomes())

    # --------------------------------------------------------------- sizes
    def max_game_length(self) -> int:
        """The most decisions in one game: ``Game.max_steps()`` (chance steps not counted)."""
        return self.game.max_steps()

    @abstractmethod
    def max_chance_nodes(self) -> int:
        """A proven bound on the chance steps of one game (set-up included)."""

    @property
    def observation_size(self) -> int:
        """Entries in the observation tensor."""
        return sum(b.size for b in self.observation_blocks)

    @property
    def information_state_size(self) -> int:
        """Entries in the information-state tensor (observation, then recall)."""
        return self.observation_size + sum(b.size for b in self.recall_blocks)

    def observation_high(self) -> list[float]:
        """The largest value of each observation entry (its lowest is always 0)."""
        return [b.high for b in self.observation_blocks for _ in range(b.size)]

    def information_state_high(self) -> list[float]:
        """The largest value of each information-state entry."""
        return self.observation_high() + [b.high for b in self.recall_blocks for _ in range(b.size)]

    # ---------------------------------------------------------- observation
    def observation_tensor(self, state: State[Any], player: int) -> list[float]:
        """``player``'s observation as a flat list (``observation_blocks`` in order)."""
        out = [0.0] * self.observation_size
        self._write_observation(state.observation(player), out)
        return out

    def information_state_tensor(self, state: State[Any], player: int) -> list[float]:
        """The observation tensor followed by the recall blocks."""
        out = self.observation_tensor(state, player)
        recall = [0.0] * (self.information_state_size - len(out))
        self._write_recall(state.history, player, recall)
        return out + recall

    def observation_string(self, state: State[Any], player: int) -> str:
        """``player``'s observation as text (one line per part of the table)."""
        return self.view_string(state.observation(player))

    def information_state_string(self, state: State[Any], player: int) -> str:
        """The observation text, then every step so far as ``player`` saw it (perfect recall)."""
        seen = "\n".join(self.step_string(step, player) for step in state.history)
        return f"{self.observation_string(state, player)}\nhistory:\n{seen}"

    def state_string(self, state: State[Any]) -> str:
        """The whole position (the omniscient view) as text, for debugging and logs."""
        return self.view_string(state.omniscient())

    def step_string(self, step: Step, player: int) -> str:
        """One history step as ``player`` saw it.  Every step of the built-in games is public."""
        who = "chance" if step.actor == CHANCE else f"seat {step.actor}"
        action = str(step.action)
        if action.startswith("chance: "):
            action = action[len("chance: "):]
        return f"{who}: {action}"

    def determinise(self, state: State[Any], player: int, rng: random.Random) -> State[Any]:
        """A state ``player`` cannot tell from ``state`` given the information state.

        By default goldlab's own ``resample_hidden``.
        """
        return state.resample_hidden(player, rng)

    # ---------------------------------------------------------------- hooks
    @abstractmethod
    def _player_actions(self) -> Sequence[Action]:
        """Every player action, in integer order."""

    @abstractmethod
    def _chance_outcomes(self) -> Sequence[ChanceOutcome]:
        """Every chance outcome, in integer order."""

    @abstractmethod
    def _observation_blocks(self) -> Sequence[Block]:
        """The observation tensor's blocks."""

    @abstractmethod
    def _write_observation(self, view: Any, out: list[float]) -> None:
        """Fill ``out`` (zeros, ``observation_size`` long) from a player's view."""

    def _recall_blocks(self) -> Sequence[Block]:
        """Blocks a player with perfect recall adds; none by default."""
        return ()

    def _write_recall(self, history: Sequence[Step], player: int, out: list[float]) -> None:
        """Fill the recall blocks from the public record of the game."""
        if self.recall_blocks:
            raise NotImplementedError(f"{type(self).__name__} declares recall blocks: write them")

    @abstractmethod
    def view_string(self, view: Any) -> str:
        """A view (a player's or the omniscient one) as text."""


# ------------------------------------------------------------------ registry
_ENCODINGS: dict[str, type[Encoding]] = {}
_CACHE: dict[Game, Encoding] = {}


@when_unregistered
def _forget_game(name: str) -> None:
    """A game unregistered: its encoding goes, and the encoders made for its games."""
    _ENCODINGS.pop(name, None)
    for game in [g for g in _CACHE if g.name == name]:
        del _CACHE[game]


def register_encoding(cls: type[Encoding]) -> type[Encoding]:
    """Register an encoding class under its game's name (usable as a class decorator)."""
    _ENCODINGS[cls.name] = cls
    return cls


def encoded_games() -> list[str]:
    """The goldlab games that have an encoding."""
    return [n for n in game_names() if has_encoding(n)]


def has_encoding(name: str) -> bool:
    """True if the game ``name`` has an encoding."""
    if name in _ENCODINGS:
        return True
    found = find(name)
    return found is not None and found.has("encoding")


def encoding_class(name: str) -> type[Encoding]:
    """The encoding class of the game ``name`` (registered, or its description's)."""
    found = _ENCODINGS.get(name)
    if found is None and has_encoding(name):
        found = _ENCODINGS[name] = description(name).part("encoding")
    if found is None:
        raise ValueError(
            f"goldlab game {name!r} has no interop encoding yet; "
            f"encoded games: {', '.join(encoded_games())}"
        )
    return found


def encoding_for(game: Game) -> Encoding:
    """The encoding of ``game`` (built once per game, player count and options)."""
    found = _CACHE.get(game)
    if found is None:
        found = _CACHE[game] = encoding_class(game.name)(game)
    return found


# ---------------------------------------------------------------- helpers
def one_hot_seat(out: list[float], start: int, seat: int, players: int) -> None:
    """Mark ``seat`` in a block of ``players + 2`` entries: seats, then chance, then over."""
    if seat == CHANCE:
        out[start + players] = 1.0
    elif seat == TERMINAL:
        out[start + players + 1] = 1.0
    else:
        out[start + seat] = 1.0


def add_counts(out: list[float], start: int, indices: Sequence[int]) -> None:
    """Add 1 to the entry ``start + i`` for every ``i`` of ``indices``."""
    for i in indices:
        out[start + i] += 1.0


def _offsets(blocks: Sequence[Block]) -> dict[str, int]:
    offsets: dict[str, int] = {}
    at = 0
    for b in blocks:
        offsets[b.name] = at
        at += b.size
    return offsets
