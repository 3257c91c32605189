"""Mount Goldrush's fast path: :mod:`goldlab.fast.goldrush`'s compiled random player."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from goldlab.fast import Columns, Engine, Seeds


def engine(bots: Sequence[str], options: Mapping[str, Any]) -> Engine | None:
    """The compiled Mount Goldrush player for ``random`` in every seat, or None."""
    from goldlab.bots import make_bot
    from goldlab.core.errors import GoldlabError
    from goldlab.core.registry import make_game
    from goldlab.games.goldrush.bots import RandomFlipBot
    from goldlab.games.goldrush.cards import COLOURS
    from goldlab.games.goldrush.options import GOLD_RUSH

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

    def play(seeds: Seeds) -> tuple[Columns, Columns]:
        from goldlab.fast.goldrush import play_random

        out = play_random(players, seeds, start_player=start, owners=owners,
                          gold_rush_when_stuck=rush_when_stuck, stall_limit=stall_limit)
        games = {k: out[k] for k in ("turns", "actions", "lead_changes", "decided_at_end")}
        seats = {k: out[k] for k in ("score", "rank", "gold_cards", "gold_lost_to_others",
                                     "gold_from_others", "rush_gold")}
        return games, seats

    return play
