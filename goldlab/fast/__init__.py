"""The simulation fast path: built-in bots compiled with numba.

:func:`goldlab.simulate` uses it on its own when every bot of a run has a
compiled twin here; it plays exactly the same games as the protocol engine
(the same seeds give the same cards, the same choices, the same scores), so
switching it on or off never changes a result, only the time it takes.

Supported now, with the ``random`` bot in every seat and every option:
Gold! (2-3 players) and Mount Goldrush (2-5 players, both editions).

>>> import numpy as np
>>> from goldlab import fast
>>> fast.supports("gold", ["random", "random"], {})
True
>>> fast.supports("gold", ["random", "greedy"], {})
False
>>> fast.supports("goldrush", ["random"] * 5, {"edition": "B"})
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

Columns = dict[str, np.ndarray]
Engine = Callable[[np.ndarray], tuple[Columns, Columns]]


def _is_builtin_random(game: str, spec: str) -> bool:
    from goldlab.bots import RandomBot, make_bot

    if spec.strip() != "random":
        return False
    return type(make_bot(game, spec, 0, 0)) is RandomBot


def _gold_engine(bots: Sequence[str], options: Mapping[str, Any]) -> Engine | None:
    from goldlab.core.errors import GoldlabError
    from goldlab.core.registry import game as make_game

    if not 2 <= len(bots) <= 3 or not all(_is_builtin_random("gold", b) for b in bots):
        return None
    try:
        g = make_game("gold", len(bots), **options)
    except GoldlabError:
        return None
    opts = g.options
    from goldlab.games.gold.cards import COLOURS
    from goldlab.games.gold.options import GoldOptions

    if set(options) - {f for f in GoldOptions.__dataclass_fields__}:
        return None  # pragma: no cover - make_game refused already
    fixed = opts.donkey_colours()  # type: ignore[attr-defined]
    donkeys = None if fixed is None else tuple(COLOURS.index(c) for c in fixed)
    players = len(bots)
    start = int(opts.start_player)  # type: ignore[attr-defined]
    declinable = bool(opts.bonus_may_be_declined)  # type: ignore[attr-defined]

    def engine(seeds: np.ndarray) -> tuple[Columns, Columns]:
        from goldlab.fast.gold import play_random

        out = play_random(players, seeds, start_player=start, donkey_colours=donkeys,
                          bonus_may_be_declined=declinable)
        games = {k: out[k] for k in ("turns", "actions", "lead_changes", "decided_at_end")}
        seats = {
            "score": out["score"],
            "rank": out["rank"],
            "sets_scored": out["sets"],
            "colour_points": out["colour_points"],
            "donkeys_banked": out["donkeys_banked"],
            "cards_banked": out["pile_cards"],
        }
        return games, seats

    return engine


def _goldrush_engine(bots: Sequence[str], options: Mapping[str, Any]) -> Engine | None:
    from goldlab.bots import make_bot
    from goldlab.core.errors import GoldlabError
    from goldlab.core.registry import game as make_game

    try:
        from goldlab.games.goldrush.bots import RandomFlipBot
        from goldlab.games.goldrush.cards import COLOURS
        from goldlab.games.goldrush.options import GOLD_RUSH
    except ImportError:  # pragma: no cover - the game is part of goldlab
        return None
    if not 2 <= len(bots) <= 5 or any(
            b.strip() != "random" or type(make_bot("goldrush", b, 0, 0)) is not RandomFlipBot
            for b in bots):
        return None
    try:
        g = make_game("goldrush", len(bots), **options)
    except GoldlabError:
        return None
    opts: Any = g.options
    owners = tuple(-1 if g.owners[c] is None else int(g.owners[c])  # type: ignore[attr-defined]
                   for c in COLOURS)
    players = len(bots)
    start = int(opts.start_player)
    rush_when_stuck = opts.dead_position == GOLD_RUSH
    stall_limit = int(opts.stall_limit)

    def engine(seeds: np.ndarray) -> tuple[Columns, Columns]:
        from goldlab.fast.goldrush import play_random

        out = play_random(players, seeds, start_player=start, owners=owners,
                          gold_rush_when_stuck=rush_when_stuck, stall_limit=stall_limit)
        games = {k: out[k] for k in ("turns", "actions", "lead_changes", "decided_at_end")}
        seats = {k: out[k] for k in ("score", "rank", "gold_cards", "gold_lost_to_others",
                                     "gold_from_others", "rush_gold")}
        return games, seats

    return engine


_ENGINES: dict[str, Callable[[Sequence[str], Mapping[str, Any]], Engine | None]] = {
    "gold": _gold_engine,
    "goldrush": _goldrush_engine,
}


def engine_for(game: str, bots: Sequence[str], options: Mapping[str, Any]) -> Engine | None:
    """A compiled player of ``game`` for this line-up and options, or None."""
    factory = _ENGINES.get(game)
    return None if factory is None else factory(bots, options)


def supports(game: str, bots: Sequence[str], options: Mapping[str, Any]) -> bool:
    """True when the fast path can play ``game`` with these bots and options."""
    return engine_for(game, bots, options) is not None


def warm_up(game: str, bots: Sequence[str], options: Mapping[str, Any]) -> None:
    """Compile (or load from numba's cache) the kernel, e.g. before forking workers."""
    engine = engine_for(game, bots, options)
    if engine is not None:
        engine(np.zeros(1, dtype=np.uint64))


__all__ = ["engine_for", "supports", "warm_up"]
