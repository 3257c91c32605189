"""A line-up: one game, one bot spec a seat and the game's options, made once a run.

``simulate`` checks a line-up once (:func:`goldlab.simulation.api.plan`), then every
task of the run (a chunk of games, in this process or a worker) carries the same
:class:`LineUp`: the game name is looked up, the collector of its columns found and its
compiled engine built once, not again for each task, for the warm-up and for each chunk.

The engine is kept a process (a worker builds its own once: an engine does not travel
between processes), keyed by the line-up, so a lesson that runs many small simulations
of the same line-up builds it once too.

>>> from goldlab.simulation.lineup import LineUp
>>> LineUp("gold", ("random", "greedy"), {}).players
2
"""

from __future__ import annotations

import os
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from goldlab.core.registry import when_unregistered

if TYPE_CHECKING:
    from goldlab import fast as fast_path
    from goldlab.simulation.collectors import Collector

_ENGINES: dict[Hashable, fast_path.Engine | None] = {}
_LIMIT = 256
"""Line-ups kept a process (a lesson runs a handful; a sweep over options may run more)."""


@when_unregistered
def _forget_game(game: str) -> None:
    """A game unregistered: the engines of its line-ups go."""
    for key in [k for k in _ENGINES if isinstance(k, tuple) and k[0] == game]:
        del _ENGINES[key]


@dataclass(frozen=True)
class LineUp:
    """``game`` played by ``bots`` (one spec a seat) with ``options``; ``fast``: whether
    the compiled fast path plays it (decided once, by ``plan``)."""

    game: str
    bots: tuple[str, ...]
    options: Mapping[str, Any]
    fast: bool = False

    @property
    def players(self) -> int:
        """Number of players (one bot per seat)."""
        return len(self.bots)

    def engine(self) -> fast_path.Engine | None:
        """The compiled engine of this line-up (None when the fast path cannot play it),
        built at most once a process."""
        return self._engine_here

    @cached_property
    def _engine_here(self) -> fast_path.Engine | None:
        return _engine(self.game, self.bots, self.options)

    def warm_up(self) -> None:
        """Compile (or load from numba's cache) this line-up's kernel, with its own engine."""
        from goldlab import fast as fast_path

        engine = self.engine()
        if engine is not None:
            fast_path.warm_up(self.game, self.bots, self.options, engine=engine)

    def collector(self) -> Collector | None:
        """What collects the game's own columns (None: the generic columns only)."""
        from goldlab.simulation.collectors import collector_for

        return collector_for(self.game)

    def __getstate__(self) -> dict[str, Any]:
        """What a worker receives: the line-up without the engine built here."""
        state = dict(self.__dict__)
        state.pop("_engine_here", None)
        return state


def _engine(game: str, bots: tuple[str, ...],
            options: Mapping[str, Any]) -> fast_path.Engine | None:
    """The engine of a line-up, from this process's memo when it was built before."""
    from goldlab import fast  # the fast path is loaded only when a run asks for it

    try:
        key: Hashable = (game, bots, tuple(sorted((k, type(v), v) for k, v in options.items())))
        hash(key)
    except TypeError:  # an unhashable option value: resolved afresh
        return fast.engine_for(game, bots, options)
    if any(isinstance(v, os.PathLike) for v in options.values()):
        return fast.engine_for(game, bots, options)  # a file is read afresh: it may have changed
    if key not in _ENGINES:
        built = fast.engine_for(game, bots, options)
        if len(_ENGINES) >= _LIMIT:
            return built
        _ENGINES[key] = built
    return _ENGINES[key]


__all__ = ["LineUp"]
