"""Mount Goldrush's fast path: :mod:`goldlab.games.goldrush.twin.kernel`'s compiled players.

The random flipper and the memory players (``perfect``, ``forgetful:p``,
``limited:k``).  For a memory player the kernel gets what ``MemoryBot`` works
out for the game: its memory model in this layout (``_fresh_memory``) and its
pair values (``pair_values``).  The search bot's playouts
(:func:`playout_worths`) are compiled too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from goldlab.fast import Columns, Engine, Seeds
    from goldlab.games.goldrush.twin.kernel import Player


def engine(bots: Sequence[str], options: Mapping[str, Any]) -> Engine | None:
    """The compiled Mount Goldrush players for these bots (2-5 seats), or None.

    Every seat must be ``random`` or a memory player (``perfect``, ``forgetful:p``,
    ``limited:k``).
    """
    from goldlab.core.errors import GoldlabError
    from goldlab.core.registry import make_game
    from goldlab.games.goldrush.cards import COLOURS
    from goldlab.games.goldrush.options import GOLD_RUSH

    if not 2 <= len(bots) <= 5:
        return None
    try:
        g = make_game("goldrush", len(bots), **options)
    except GoldlabError:
        return None
    opts: Any = g.options
    owners_of: Any = g.owners  # type: ignore[attr-defined]
    players = [_compiled_player(b, seat, len(bots), owners_of, opts.layout)
               for seat, b in enumerate(bots)]
    if any(p is None for p in players):
        return None
    line_up = [p for p in players if p is not None]
    owners = tuple(-1 if owners_of[c] is None else int(owners_of[c]) for c in COLOURS)
    start = int(opts.start_player)
    rush_when_stuck = opts.dead_position == GOLD_RUSH
    stall_limit = int(opts.stall_limit)

    def run(seeds: Seeds) -> tuple[Columns, Columns]:
        from goldlab.fast.results import GAME_COLUMNS
        from goldlab.games.goldrush.twin.kernel import SEAT_COLUMNS, play

        out = play(line_up, seeds, start_player=start, owners=owners,
                   gold_rush_when_stuck=rush_when_stuck, stall_limit=stall_limit)
        return {k: out[k] for k in GAME_COLUMNS}, {k: out[k] for k in SEAT_COLUMNS}

    return run


def _compiled_player(spec: str, seat: int, players: int, owners: Mapping[str, int | None],
                     layout: str) -> Player | None:
    """The kernel's player for the bot ``spec`` makes in ``seat``, or None if it has none."""
    from goldlab.bots import make_bot
    from goldlab.core.errors import GoldlabError
    from goldlab.games.goldrush.bots import (
        ForgetfulBot,
        ForgetfulMemory,
        LimitedBot,
        LimitedMemory,
        PerfectBot,
        RandomFlipBot,
        pair_values,
    )
    from goldlab.games.goldrush.twin.kernel import Player

    try:
        bot = make_bot("goldrush", spec, seat, 0)
    except GoldlabError:
        return None
    kind = type(bot)
    if kind is RandomFlipBot:
        return Player() if spec.strip() == "random" else None
    if kind not in (PerfectBot, ForgetfulBot, LimitedBot):
        return None
    assert isinstance(bot, PerfectBot | ForgetfulBot | LimitedBot)
    memory = bot._fresh_memory(layout)  # the model this bot plays with in this layout
    values = tuple(tuple(row) for row in pair_values(seat, dict(owners), players))
    if type(memory) is ForgetfulMemory:
        return Player("forgetful", forget=memory.p, values=values)
    if type(memory) is LimitedMemory:
        return Player("limited", capacity=memory.k, values=values)
    return Player("perfect", values=values)


def playout_worths(**position: Any) -> list[list[float]]:
    """Each candidate flip's worth to every seat over shared deals, compiled: the search's
    playouts (:func:`goldlab.games.goldrush.twin.playouts.flip_worths`, same arguments).

    Without NumPy or numba (in a browser, say) a clear :class:`GoldlabError` says so: a
    view shows it, and the other bots play on."""
    try:
        from goldlab.games.goldrush.twin.playouts import flip_worths
    except ModuleNotFoundError as exc:
        from goldlab.core.errors import GoldlabError

        raise GoldlabError(
            f"Mount Goldrush's ismcts plays its playouts compiled, which needs NumPy and numba "
            f"({exc.name} is not installed here: pip install 'goldlab[analysis]'); the perfect, "
            "forgetful and limited bots need neither") from exc
    return flip_worths(**position)
