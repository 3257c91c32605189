"""Records at a view's table: reading one a browser sent, and whether a viewer may save now.

>>> from goldlab.views.records import read_record
>>> read_record('{"goldlab": 1}')
Traceback (most recent call last):
...
goldlab.core.errors.RecordError: ...

Whatever comes from a file or a browser is checked here before anything changes: the
record's size (:data:`VIEW_MAX_STEPS`), its game (a caller's ``check``, e.g. that bots alone
cannot play it for ever) and its steps (the engine replays them).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from goldlab.core.errors import GoldlabError, RecordError
from goldlab.core.presentation import Presenter, Viewer
from goldlab.core.record import load_record
from goldlab.core.registry import make_game
from goldlab.core.state import CHANCE, State

VIEW_MAX_RECORD_BYTES = 1_000_000
"""The largest record a view loads from the browser (a long Goldland game is ~30 KB)."""

VIEW_MAX_STEPS = 5_000
"""The most steps a record loaded into a view may have (a Goldland game among bots has
about 300, a long one among people a few thousand at most): loading replays every step."""

SAVE_WAITS = ("Save waits for the end of the game: a record names the card of every step, "
              "and some of them lie face down now for you to remember (the teacher's view "
              "saves at any time)")
"""Why a view in memory mode (or the open table) saves no record during the game."""


def read_record(text: str | bytes | dict[str, Any], *, max_steps: int | None = None,
                check: Callable[[Any], None] | None = None) -> State[Any]:
    """The game a record (JSON text) holds, replayed; a bad record raises RecordError.

    ``max_steps``: refuse a record of more steps (a view's cap); ``check``: called with the
    record's game before it replays (raises to refuse it).
    """
    record = load_record(text)
    if max_steps is not None and len(record.steps) > max_steps:
        raise RecordError(f"the record has {len(record.steps)} steps; a view loads at "
                          f"most {max_steps}")
    if check is not None:
        try:
            game = make_game(record.game, players=record.players, **record.options)
        except (GoldlabError, TypeError, ValueError) as exc:
            raise RecordError(f"cannot set up the recorded game: {exc}") from None
        check(game)
    return record.replay()


def why_not_saved(presenter: Presenter, state: State[Any], viewer: Viewer,
                  names: Sequence[str]) -> str:
    """Why ``state`` may not be saved for ``viewer`` now (:data:`SAVE_WAITS`), or ``""``.

    A record names the card of every step.  While some of them may not be named to
    ``viewer`` now (memory mode, the open table: the presenter tells those steps without
    them, :meth:`Presenter.told_steps`), Save waits for the end of the game; the teacher's
    view and a finished game save everything.
    """
    if not viewer.forgets or viewer.knows_all(state):
        return ""
    told = presenter.told_steps(state, state.history, viewer, names)
    return SAVE_WAITS if any(t.concealed for t in told) else ""


class Dealer:
    """Deals the chance of a game without ``auto_chance`` (a record saved for a player:
    the chance to come is not in it) with its own generator, seeded afresh, so nothing in
    the record predicts it."""

    def __init__(self) -> None:
        self._rng: random.Random | None = None

    def forget(self) -> None:
        """A new game: the next deal draws a fresh seed."""
        self._rng = None

    def deal(self, state: State[Any], limit: int = 10_000) -> list[Any]:
        """Resolve ``state``'s chance nodes (at most ``limit``) until a player is to move or
        the game ends; return the events.  A state with ``auto_chance`` deals itself."""
        events: list[Any] = []
        for _ in range(limit):
            if state.auto_chance or state.current_player != CHANCE:
                break
            if self._rng is None:
                self._rng = random.Random(random.SystemRandom().randrange(2**63))
            pick = self._rng.random()
            outcomes = state.chance_outcomes()
            chosen = outcomes[-1][0]
            for outcome, probability in outcomes:
                pick -= float(probability)
                if pick < 0:
                    chosen = outcome
                    break
            events.extend(state.apply(chosen))
        return events
