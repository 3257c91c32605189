"""What every fast kernel does after each decision and at the end of a game.

Shared by the Gold! and Mount Goldrush kernels so that lead changes, ranks and
"decided only at the end" mean exactly the same for both (and for the engine).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numba import njit

GAME_COLUMNS = ("actions", "turns", "lead_changes", "decided_at_end")
"""The columns every game reports once a game, in the order :func:`store_results` writes
them (``flags``); the same names as the engine's runner (``simulation.runner``)."""
SEAT_COLUMNS = ("score", "rank")
"""The columns every game reports for each seat, before the game's own."""


def seat_columns(own: Sequence[tuple[str, str]]) -> tuple[str, ...]:
    """A kernel's seat columns: :data:`SEAT_COLUMNS`, then the game's own in the order of
    its ``results.COLUMNS`` ((name, meaning) pairs), where each game names them once.

    >>> seat_columns((("gold_cards", "gold cards won"), ("rush_gold", "won in the rush")))
    ('score', 'rank', 'gold_cards', 'rush_gold')
    """
    return (*SEAT_COLUMNS, *(name for name, _ in own))


@njit(cache=True, nogil=True, inline="always")
def sole_leader(score: np.ndarray, players: int) -> int:  # pragma: no cover
    """The seat alone at the top by points, or -1 when the top is shared."""
    top = -(1 << 30)
    who = -1
    for p in range(players):
        if score[p] > top:
            top = score[p]
            who = p
        elif score[p] == top:
            who = -1
    return who


@njit(cache=True, nogil=True)
def store_results(game: int, players: int, score: np.ndarray, cards: np.ndarray,
                  before: np.ndarray, extra0: np.ndarray, extra1: np.ndarray,
                  extra2: np.ndarray, actions: int, turns: int, changes: int,
                  ints: np.ndarray, flags: np.ndarray) -> None:  # pragma: no cover
    """Write one game's per-seat results (score, rank, cards, 3 game columns) and flags.

    Rank: points, then cards (Gold!'s scoring-pile cards, Mount Goldrush's gold
    cards).  "Decided at the end": the final winners differ from the leaders
    before the last scoring (``before``).
    """
    decided = False
    top_before = -(1 << 30)
    for p in range(players):
        if before[p] > top_before:
            top_before = before[p]
    for p in range(players):
        rank = 1
        for q in range(players):
            if score[q] > score[p] or (score[q] == score[p] and cards[q] > cards[p]):
                rank += 1
        ints[game, p, 0] = score[p]
        ints[game, p, 1] = rank
        ints[game, p, 2] = cards[p]
        ints[game, p, 3] = extra0[p]
        ints[game, p, 4] = extra1[p]
        ints[game, p, 5] = extra2[p]
        if (rank == 1) != (before[p] == top_before):
            decided = True
    flags[game, 0] = actions
    flags[game, 1] = turns
    flags[game, 2] = changes
    flags[game, 3] = 1 if decided else 0
