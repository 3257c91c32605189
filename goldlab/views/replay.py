"""The replay of a game at a :class:`~goldlab.views.table.Table`: its frames, kept up to date,
and the main line kept aside while a variation is played.

>>> import goldlab
>>> from goldlab.views.replay import Replay
>>> state = goldlab.make("gold", players=2, seed=1)
>>> replay = Replay()
>>> frames, steps = replay.frames(state)
>>> len(frames), steps
(1, [])
>>> state.apply(state.legal_actions()[0]) and None
>>> len(replay.frames(state)[0])   # extended, not rebuilt
2

The frames themselves (:class:`goldlab.core.replay.Frames`) are the engine's: this module
only decides when to extend them and when to build them afresh (after an undo, a new
game), and remembers the game a variation left.
"""

from __future__ import annotations

from typing import Any

from goldlab.core.options import check_flag
from goldlab.core.replay import Frames, start_of
from goldlab.core.state import State, Step

OWN_LUCK = "the game's own luck"
NEW_LUCK = "new luck"


class Replay:
    """The frames of the game being played, and the main line a variation left."""

    def __init__(self, start: State[Any] | None = None) -> None:
        self.start = start
        """The position the game started from, if not its own (a rulebook example's
        position before its steps); else the game's own start (:func:`start_of`)."""
        self._kept: Frames | None = None
        self._main: tuple[State[Any], int] | None = None
        self.luck = OWN_LUCK
        """Whose luck the variation plays under: :data:`OWN_LUCK` or :data:`NEW_LUCK`."""

    def frames(self, state: State[Any]) -> tuple[Frames, list[Step]]:
        """The position after each player action of ``state`` (index 0: the start) and
        each frame's step.

        Kept between calls and extended as the game goes on; rebuilt after an undo or for
        another game.  The frames replay the recorded chance steps, so they never depend
        on the game's seed.
        """
        frames = self._kept
        if frames is None or not frames.follows(state):
            start = self.start if self.start is not None else start_of(state)
            frames = self._kept = Frames(start, state.auto_chance)
            frames.game_state = state
        frames.extend(state.history)
        return frames, frames.steps

    def forget(self, start: bool = False) -> None:
        """Drop the frames (a variation, a new game); ``start``: also the start position and
        the main line (a new game altogether)."""
        self._kept = None
        if start:
            self.start = None
            self._main = None

    @property
    def variation_from(self) -> int | None:
        """The frame of the main line a variation started from, or None on the main line."""
        return None if self._main is None else self._main[1]

    def branch(self, state: State[Any], index: int, fresh_luck: bool = False) -> State[Any]:
        """A variation of ``state`` from its frame ``index``: a fresh state there (history
        shared up to there, ``state``'s mode), the main line kept to come back to.  From a
        variation, a new one starts from the variation's frame; the main line stays.

        The variation goes on under the game's own luck (the frame's generator,
        :class:`~goldlab.core.replay.Frames`): the game's own move turns up the game's own
        cards.  ``fresh_luck=True`` (or a game that had no luck of its own there, its chance
        dealt by a table) leaves the chance to come to the table's dealer, seeded afresh: the
        variation's state deals no chance itself (``auto_chance`` false), so its record
        still replays, chance written out."""
        fresh_luck = check_flag(fresh_luck, "fresh_luck")
        frames, _ = self.frames(state)
        if isinstance(index, bool) or not isinstance(index, int) or not (
                0 <= index < len(frames)):
            raise ValueError(f"a variation starts from a frame 0-{len(frames) - 1}, "
                             f"not {index!r}")
        fresh = frames[index]
        fresh.mode = state.mode
        if fresh_luck or not frames.luck_known(index):
            fresh.auto_chance = False  # the table's dealer deals it, with a fresh seed
        self.luck = OWN_LUCK if fresh.auto_chance else NEW_LUCK
        if self._main is None:
            self._main = (state, index)
        self._kept = None
        return fresh

    def main_line(self) -> tuple[State[Any], int]:
        """Leave the variation: the main line and the frame the variation started from."""
        if self._main is None:
            raise ValueError("this is the main line: there is no variation to leave")
        main, self._main = self._main, None
        self._kept = None
        return main
