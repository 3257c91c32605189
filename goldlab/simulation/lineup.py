"""A line-up (game, bots, options) resolved to its compiled engine once a process.

``simulate`` asks whether the fast path plays a line-up, then every task of the run (a
chunk of games, in this process or a worker) needs its engine: looking the game up in
the registry and building the engine each time cost a registry look-up per bot and an
engine build per chunk.  :func:`engine` resolves each line-up once and keeps it.
"""

from __future__ import annotations

import os
from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from goldlab import fast

_ENGINES: dict[Hashable, fast.Engine | None] = {}
_LIMIT = 256
"""Line-ups kept a process (a lesson runs a handful; a sweep over options may run more)."""


def engine(game: str, bots: Sequence[str], options: Mapping[str, Any]) -> fast.Engine | None:
    """The compiled engine of this line-up (None when the fast path cannot play it)."""
    from goldlab import fast  # the fast path is loaded only when a run asks for it

    try:
        key: Hashable = (game, tuple(bots),
                         tuple(sorted((k, type(v), v) for k, v in options.items())))
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


__all__ = ["engine"]
