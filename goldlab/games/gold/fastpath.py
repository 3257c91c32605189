"""Gold!'s fast path: the compiled ``random`` and ``greedy`` players of its twin
(:mod:`goldlab.games.gold.twin.kernel`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from goldlab.fast import Columns, Engine, Seeds


def engine(bots: Sequence[str], options: Mapping[str, Any]) -> Engine | None:
    """The compiled Gold! player for ``random`` and ``greedy`` bots (2-3 players), or None."""
    from goldlab.core.errors import GoldlabError
    from goldlab.core.registry import make_game

    if not 2 <= len(bots) <= 3:
        return None
    kinds = tuple(_compiled_bot(b) for b in bots)
    if any(k is None for k in kinds):
        return None
    line_up = tuple(k for k in kinds if k is not None)
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
    start = int(opts.start_player)  # type: ignore[attr-defined]
    declinable = bool(opts.bonus_may_be_declined)  # type: ignore[attr-defined]

    def run(seeds: Seeds) -> tuple[Columns, Columns]:
        from goldlab.fast.results import GAME_COLUMNS
        from goldlab.games.gold.twin.kernel import SEAT_COLUMNS, play

        out = play(line_up, seeds, start_player=start, donkey_colours=donkeys,
                   bonus_may_be_declined=declinable)
        return {k: out[k] for k in GAME_COLUMNS}, {k: out[k] for k in SEAT_COLUMNS}

    return run


def _compiled_bot(spec: str) -> str | None:
    """The kernel's name for the bot ``spec`` makes (``random`` or ``greedy``), or None."""
    from goldlab.bots import make_bot
    from goldlab.core.errors import GoldlabError
    from goldlab.fast import is_builtin_random
    from goldlab.games.gold.bots import GreedyBot

    if is_builtin_random("gold", spec):
        return "random"
    try:
        bot = make_bot("gold", spec, 0, 0)
    except GoldlabError:
        return None
    return "greedy" if spec.strip() == "greedy" and type(bot) is GreedyBot else None
