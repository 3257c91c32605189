"""The simulation fast path's shared toolkit: what every game's compiled twin is built from.

:func:`goldlab.simulate` plays on the fast path on its own when every bot of a run
has a compiled twin; a twin plays exactly the same games as the protocol engine
(the same seeds give the same cards, the same choices, the same scores), so
switching it on or off never changes a result, only the time it takes.

Each game owns its twin, beside its rules (``games/<game>/twin/``), and opens it
only in its ``fastpath.py``, lazily.  This package holds what the twins share and
names no game:

* :mod:`goldlab.fast.mt`: CPython's ``random.Random`` (Mersenne Twister) in numba,
  ``randbelow`` and ``random_float`` drawing the same words in the same order;
* :mod:`goldlab.fast.seeding` and :mod:`goldlab.fast.sha`: each game's and each
  bot's generator seeded as ``random.Random(seed)`` and ``bots.play.bot_seed`` do;
* :mod:`goldlab.fast.bits`: bit counting for the kernels' card sets;
* :mod:`goldlab.fast.results`: the columns every game reports (lead changes,
  the sole leader);
* here: the engine lookup (:func:`engine_for`, through the game's description)
  and the warm-up.

Supported now, with every option (Goldland: but its ``tiles``):

* Gold! (2-3 players): ``random`` and ``greedy``, alone or mixed
  (:mod:`goldlab.games.gold.twin`);
* Mount Goldrush (2-5 players, both editions and layouts): ``random`` and the
  memory players ``perfect``, ``forgetful:p`` and ``limited:k``, alone or mixed
  (:mod:`goldlab.games.goldrush.twin`);
* Goldland (2-5 players, the shipped tile set): ``heuristic`` and ``random``,
  alone or mixed, ``random`` under a turn cap (the bot-play default gives one)
  (:mod:`goldlab.games.goldland.twin`).

A bot that thinks is mirrored step by step, its tie-breaks drawn from its own
seeded generator exactly as the Python bot draws them.  Other bots, or other
player counts, play on the protocol engine.

>>> import numpy as np
>>> from goldlab import fast
>>> fast.supports("gold", ["random", "random"], {})
True
>>> fast.supports("gold", ["random", "greedy"], {})
True
>>> fast.supports("goldrush", ["random"] * 5, {"edition": "B"})
True
>>> fast.supports("goldrush", ["perfect", "forgetful:0.3", "limited:6"], {"layout": "grid"})
True
>>> fast.supports("goldland", ["heuristic", "random", "heuristic"], {"turn_cap": 50})
True
>>> fast.supports("gold", ["random"] * 4, {})
False
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

Columns = dict[str, np.ndarray]
Seeds = np.ndarray
Engine = Callable[[np.ndarray], tuple[Columns, Columns]]


def is_builtin_random(game: str, spec: str) -> bool:
    """True when ``spec`` names goldlab's own uniformly random bot for ``game``."""
    from goldlab.bots import RandomBot, make_bot

    if spec.strip() != "random":
        return False
    return type(make_bot(game, spec, 0, 0)) is RandomBot


def engine_for(game: str, bots: Sequence[str], options: Mapping[str, Any]) -> Engine | None:
    """A compiled player of ``game`` for this line-up and options, or None.

    The game's description names its fast path (``fast``): a function of the bots and
    options that gives the engine, or None when it cannot play them.
    """
    from goldlab.core.registry import find

    found = find(game)
    factory = found.part("fast") if found is not None else None
    if factory is None:
        return None
    return factory(bots, options)


def supports(game: str, bots: Sequence[str], options: Mapping[str, Any]) -> bool:
    """True when the fast path can play ``game`` with these bots and options."""
    return engine_for(game, bots, options) is not None


_WARM: set[str] = set()
"""The games whose kernel this process has compiled or loaded already."""


def warm_up(game: str, bots: Sequence[str], options: Mapping[str, Any], *,
            engine: Engine | None = None) -> None:
    """Compile (or load from numba's cache) the kernel, e.g. before forking workers.

    A game's fast path is one kernel for every bot it supports, so this is done once a
    process: later calls return at once (building an engine costs a few milliseconds,
    which a lesson that runs many small simulations would pay on each).  ``engine``: the
    line-up's engine when the caller has built it already (``simulate`` has).
    """
    if game in _WARM:
        return
    if engine is None:
        engine = engine_for(game, bots, options)
    if engine is not None:
        engine(np.zeros(1, dtype=np.uint64))
        _WARM.add(game)


__all__ = ["Columns", "Engine", "Seeds", "engine_for", "is_builtin_random", "supports", "warm_up"]
