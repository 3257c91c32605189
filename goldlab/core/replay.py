"""Looking back at a game: its start, the position after each player action, a turn taken back.

What an analysis board needs from the engine, as public API, so that a view never reaches
into a state's private fields:

>>> import goldlab
>>> from goldlab.core.replay import Frames, start_of
>>> state = goldlab.make("gold", players=2, seed=1)
>>> state.apply(state.legal_actions()[0]) and None
>>> frames = Frames(start_of(state), state.auto_chance)
>>> frames.extend(state.history)
>>> len(frames), frames[1] == state    # the position, its history and its generator
(2, True)

* :func:`start_of` the position a game's history starts from; :func:`recorded_start` a
  fresh copy of a recorded start position (a rulebook example), if the game has one;
* :class:`Frames` the position after each player action, built on demand from small
  snapshots (linear in the steps, never a clone per step);
* :func:`undo_count` how many :meth:`State.undo` calls take back a turn, decided without
  undoing anything (no clone);
* :func:`for_player` a record a player may keep (nothing in it predicts the chance to come).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from typing import Any, overload

from goldlab.core.errors import UndoError
from goldlab.core.record import Record, start_position
from goldlab.core.state import CHANCE, Frame, State, Step, _rng_to_json


def recorded_start(state: State[Any]) -> State[Any] | None:
    """A fresh state at ``state``'s recorded start position (a rulebook example, a puzzle,
    a record's ``start``), or None for a game dealt from its seed."""
    if state._start is None:
        return None
    return start_position(state._start)


def start_of(state: State[Any]) -> State[Any]:
    """The position ``state``'s history starts from, before any of its steps: the recorded
    start position, or the seed's game before its set-up chance (study mode, chance not
    automatic, so every recorded chance step replays as it was)."""
    start = recorded_start(state)
    if start is not None:
        return start
    fresh: State[Any] = state.game.new_state(state.seed, mode="study", auto_chance=False)
    return fresh


def undo_count(state: State[Any], back_to: Callable[[int], bool]) -> int:
    """How many :meth:`State.undo` calls take back the latest steps up to and including
    the latest one whose actor ``back_to(actor)`` accepts, e.g. a person's whole turn with
    the bots' replies since.  Nothing is undone (or cloned) to find out.

    Raises :class:`~goldlab.core.errors.UndoError` with the engine's reason if one of
    those calls would be refused (nothing left, or a card revealed in play mode).
    """
    history = state._history
    frames = state._frames
    length = len(history)
    for depth in range(len(frames) + 1):
        refusal = state.undo_refusal(depth) if depth else state.undo_refusal()
        if refusal is not None:
            raise UndoError(refusal)
        i = length - 1
        while i > 0 and history[i].actor == CHANCE and state.auto_chance:
            i -= 1
        if back_to(history[i].actor):
            return depth + 1
        length = Frame(*frames[len(frames) - 1 - depth]).history_len
    raise AssertionError("unreachable: undo_refusal refuses past the last frame")


def for_player(record: Record) -> Record:
    """``record`` as a player may keep it: no seed (``"seed": null``), no generator, the
    chance so far written out step by step (``"auto_chance": false``); a start position's
    generator replaced by a fresh one.  It replays the same game; whoever loads it deals
    the rest with fresh chance."""
    start = record.start
    if start is not None:  # a start position's generator predicts the future too
        fresh = random.Random(random.SystemRandom().randrange(2**63))
        start = {**start, "seed": 0, "auto_chance": False, "rng": _rng_to_json(fresh)}
    return replace(record, seed=None, auto_chance=False, start=start)


class Frames(Sequence[State[Any]]):
    """The frames of a game: the position after each player action, index 0 the start.

    Each frame is kept as the position's snapshot (the engine's immutable undo value) and
    the length of history it covers; ``frames[i]`` builds a fresh :class:`State` from them
    (history shared up to there, study mode, nothing to undo).  The chance steps an action
    triggered belong to its frame; they are replayed as recorded, never drawn again.

    Each frame also carries the game's own luck there: its generator as it stood after
    that frame's steps, so a game played on from ``frames[i]`` (a variation) turns up the
    cards the game itself turned up, in the same order, for as long as it draws as the game
    did, and the card the game would have drawn next when it draws from the same pile after
    another move.  The luck is found by drawing each recorded chance step again from the
    start's generator, as the game drew it; where a recorded step is not what the generator
    gives (chance dealt by a table or written out in a record saved for a player), the game
    has no luck of its own from there on and :meth:`luck_known` says so.

    >>> import goldlab
    >>> state = goldlab.make("goldrush", players=2, seed=3)
    >>> for _ in range(4):
    ...     _ = state.apply(state.legal_actions()[0])
    >>> frames = Frames(start_of(state), state.auto_chance)
    >>> frames.extend(state.history)
    >>> again = frames[2]                  # the position after the second flip
    >>> for step in state.history[len(again.history):]:
    ...     if step.actor != CHANCE:
    ...         _ = again.apply(step.action)   # the game's own flips: its own cards
    >>> again.history == state.history, frames.luck_known(2)
    (True, True)
    """

    def __init__(self, start: State[Any], auto_chance: bool) -> None:
        walker = start.clone()
        walker.mode = "study"
        walker.auto_chance = False  # replay the recorded chance, whatever the seed says
        walker._frames = []
        self.game_state: State[Any] | None = None
        """The game whose history the frames follow (whoever keeps the frames sets it)."""
        self._walker = walker
        self._auto_chance = auto_chance
        self._template = walker.clone()
        self._snapshots: list[Any] = [walker._save()]
        self._covers: list[int] = [len(walker._history)]
        self._lucks: list[Any] = [walker._rng_mark()]
        """Each frame's luck: the walker's generator mark after its steps (None: unknown)."""
        self.steps: list[Step] = []
        """Each frame's step (the player's action with the events of the chance it set off)."""
        self.cover = len(walker._history)
        """How many steps of the game's history the frames cover."""
        self.last_step: Step | None = None
        """The game's step at ``cover - 1`` (the check that the history is still the same)."""

    def follows(self, state: State[Any]) -> bool:
        """True if these frames are ``state``'s so far (a prefix of its history), so that
        :meth:`extend` brings them up to date; False after an undo or for another game."""
        history = state._history
        cover = self.cover
        return (self.game_state is state and cover <= len(history)
                and (cover == 0 or history[cover - 1] is self.last_step))

    def extend(self, history: Sequence[Step]) -> None:
        """Add the frames of the steps of ``history`` beyond :attr:`cover`: a player's step
        opens a frame, a chance step belongs to the frame before it (the start's set-up)."""
        walker = self._walker
        lucks = self._lucks
        for i in range(self.cover, len(history)):
            step = history[i]
            drawn_again = None
            if step.actor == CHANCE and lucks[-1] is not None:
                # Draw it again as the game drew it: the same outcome keeps the luck known.
                drawn_again = walker._sample_chance(walker._rng)
            events = tuple(walker.apply(step.action))
            walker._frames.clear()  # the walker never undoes: keep no snapshots
            if step.actor == CHANCE:
                self._snapshots[-1], self._covers[-1] = walker._save(), i + 1
                if lucks[-1] is not None:
                    lucks[-1] = walker._rng_mark() if drawn_again == step.action else None
                if self.steps:
                    last = self.steps[-1]
                    self.steps[-1] = Step(last.actor, last.action, last.events + events)
            else:
                self._snapshots.append(walker._save())
                self._covers.append(i + 1)
                lucks.append(lucks[-1])  # a player's action draws nothing
                self.steps.append(Step(step.actor, step.action, events))
        self.cover = len(history)
        self.last_step = history[-1] if history else None

    def luck_known(self, index: int) -> bool:
        """True if ``frames[index]`` carries the game's own luck (every chance step up to
        there came from the game's generator); False where the game had none of its own."""
        return self._lucks[index] is not None

    def __len__(self) -> int:
        return len(self._snapshots)

    @overload
    def __getitem__(self, index: int) -> State[Any]: ...
    @overload
    def __getitem__(self, index: slice) -> list[State[Any]]: ...
    def __getitem__(self, index: int | slice) -> State[Any] | list[State[Any]]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        snapshot = self._snapshots[index]  # IndexError as a list's
        state = self._template.clone()
        state._restore(snapshot)
        state._history = self._walker._history[:self._covers[index]]
        state._frames = []
        state.auto_chance = self._auto_chance
        luck = self._lucks[index]
        if luck is not None:
            state._rng_rewind(luck)  # the game's own generator there
        return state

    def __iter__(self) -> Iterator[State[Any]]:
        return (self[i] for i in range(len(self)))
