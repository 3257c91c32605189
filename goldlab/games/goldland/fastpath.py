"""Goldland's fast path: the compiled twin's games (:mod:`goldlab.games.goldland.twin.play`).

``heuristic`` and ``random`` players, alone or mixed, 2-5 players, with the
shipped tile set and every other option.  A line-up with a ``random`` player
needs a turn cap (random players rarely reach the temple), as the game's
bot-play defaults give.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from goldlab.fast import Columns, Engine, Seeds


def engine(bots: Sequence[str], options: Mapping[str, Any]) -> Engine | None:
    """The compiled Goldland players for ``heuristic`` and ``random`` bots (2-5 seats), or None.

    Options left out take the game's bot-play defaults (a turn cap of 100
    rounds), as in every simulation.
    """
    from goldlab.bots.play import bot_options
    from goldlab.core.errors import GoldlabError
    from goldlab.core.registry import make_game
    from goldlab.games.goldland.twin.kernel import supported

    if not 2 <= len(bots) <= 5:
        return None
    kinds = [_compiled_bot(spec) for spec in bots]
    if any(k is None for k in kinds):
        return None
    line_up = tuple(k for k in kinds if k is not None)
    try:
        g = make_game("goldland", len(bots), **bot_options("goldland", dict(options)))
    except GoldlabError:
        return None
    opts: Any = g.options
    if not supported(opts):
        return None
    if "random" in line_up and not opts.turn_cap:
        return None  # random players may never end the game
    step_limit = g.max_steps()

    def run(seeds: Seeds) -> tuple[Columns, Columns]:
        from goldlab.fast.results import GAME_COLUMNS
        from goldlab.games.goldland.twin.play import SEAT_COLUMNS, play

        out = play(line_up, seeds, opts, step_limit)
        return ({k: out[k] for k in GAME_COLUMNS}, {k: out[k] for k in SEAT_COLUMNS})

    return run


def _compiled_bot(spec: str) -> str | None:
    """The kernel's name for the bot ``spec`` makes (``heuristic`` or ``random``), or None."""
    from goldlab.bots import make_bot
    from goldlab.core.errors import GoldlabError
    from goldlab.fast import is_builtin_random
    from goldlab.games.goldland.bots import HeuristicBot

    if is_builtin_random("goldland", spec):
        return "random"
    try:
        bot = make_bot("goldland", spec, 0, 0)
    except GoldlabError:
        return None
    return "heuristic" if spec.strip() == "heuristic" and type(bot) is HeuristicBot else None
