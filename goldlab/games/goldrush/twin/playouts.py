"""Mount Goldrush playouts in numba, for the search bot: many deals from one position.

The ``ismcts`` bot of Mount Goldrush compares the flips it may make by playing
each of them out on thousands of deals (:mod:`goldlab.games.goldrush.search`).
This kernel plays those games: from a position given as arrays, the candidate
flip, then every seat flipping by the search's memory policy
(``search.memory_policy``: the best known pair by ``pair_values``, else an
unseen card, unless a known one is the better second card) until the game ends
by the rules (``state._start_turn``: the last card gone, the Gold Rush at 10
face-down cards, a dead or stalled table).

Every candidate is played on the same deals (common random numbers): deal
``i`` is one generator, seeded like ``random.Random(seeds[i])`` and copied
afresh for each candidate, which draws both chance (a card flipped for the
first time: ``randrange(sum(unseen))`` walked over the kinds, as
``GoldrushState._sample_chance``) and the policy's random picks, in the order
the Python policy draws them.  So one deal is exactly the game that
``memory_policy`` and ``_sample_chance`` play on the engine with one
``random.Random(seed)``; ``tests/games/goldrush/test_goldrush_twin_playouts.py`` checks
that over hundreds of positions.

A playout's worth to a seat is its share of the win (1, 1/2 for a shared win,
0) plus ``lead_weight`` times its gold lead over the best opponent: the win is
what counts, the lead tells apart the many playouts that a win alone scores
the same.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numba import njit

from goldlab.fast.mt import ROW, draw_counted, randbelow, random_float, seed_generators
from goldlab.games.goldrush.twin.kernel import (
    GOLD_KINDS,
    GONE,
    KINDS,
    TABLE,
    UNKNOWN,
    VALUE,
    resolve_pair,
    start_turn,
)

CHUNK = 256
"""Deals seeded at a time (their generators take ``ROW`` words each)."""
SCRATCH = CHUNK
"""The generator column a candidate's playout runs on (a copy of its deal's)."""


@njit(cache=True, nogil=True)
def _nth(cell: np.ndarray, first: int, unseen_only: bool, n: int) -> int:  # pragma: no cover
    """The ``n``-th position (in index order) that is unseen, or still on the table."""
    for p in range(TABLE):
        if unseen_only:
            if cell[p] != UNKNOWN:
                continue
        elif cell[p] == GONE or p == first:
            continue
        if n == 0:
            return p
        n -= 1
    return -1


@njit(cache=True, nogil=True)
def _blind_worth(row: np.ndarray, unseen: np.ndarray) -> float:  # pragma: no cover
    """``search.blind_worth``: the average worth of pairing with an unseen card."""
    total = 0.0
    count = 0
    for k in range(KINDS):
        total += unseen[k] * row[k]
        count += unseen[k]
    return total / count


@njit(cache=True, nogil=True)
def memory_flip(cell: np.ndarray, unseen: np.ndarray, first: int, rush: bool,
                row_values: np.ndarray, rush_takes_known: float, gens: np.ndarray,
                g: int) -> int:  # pragma: no cover
    """``search.memory_policy``: the flip of a player who remembers every card seen.

    ``row_values``: the seat's ``pair_values``; ``first``: the card turned up this
    turn (-1: none); ``unseen``: the kinds nobody has seen; ``rush_takes_known``: how
    often the Gold Rush takes the best known gold (``search.RUSH_TAKES_KNOWN``).  A second
    card is a known one also when that pairs better than an unseen card on average.  Ties
    go to the lowest position, as ``max`` keeps the first.
    """
    n_unseen = 0
    for p in range(TABLE):
        if cell[p] == UNKNOWN:
            n_unseen += 1
    if rush:
        best = -1
        for p in range(TABLE):
            k = cell[p]
            if 0 <= k < GOLD_KINDS and (best < 0 or VALUE[k] > VALUE[cell[best]]):
                best = p
        if best >= 0 and (n_unseen == 0 or random_float(gens, g) < rush_takes_known):
            return best
    elif first >= 0:
        row = cell[first]
        best = -1
        for p in range(TABLE):
            if cell[p] >= 0 and p != first and (
                    best < 0 or row_values[row, cell[p]] > row_values[row, cell[best]]):
                best = p
        if best >= 0 and row_values[row, cell[best]] > 0:
            return best
        if best >= 0 and n_unseen > 0 and row_values[row, cell[best]] > _blind_worth(
                row_values[row], unseen):
            return best
    else:
        best = -1
        best_value = 0.0
        for p in range(TABLE):
            if cell[p] < 0:
                continue
            for q in range(p + 1, TABLE):
                if cell[q] >= 0 and row_values[cell[p], cell[q]] > best_value:
                    best = p
                    best_value = row_values[cell[p], cell[q]]
        if best >= 0:
            return best
    if n_unseen > 0:
        return _nth(cell, first, True, randbelow(gens, g, n_unseen))
    on_table = 0
    for p in range(TABLE):
        if cell[p] != GONE and p != first:
            on_table += 1
    return _nth(cell, first, False, randbelow(gens, g, on_table))


@njit(cache=True, nogil=True)
def _take(cell: np.ndarray, p: int, receiver: int, score: np.ndarray,
          cards: np.ndarray) -> None:  # pragma: no cover
    """The card at ``p`` leaves the table; gold goes under ``receiver``'s entrance (if any)."""
    k = cell[p]
    cell[p] = GONE
    if k < GOLD_KINDS and receiver >= 0:
        score[receiver] += VALUE[k]
        cards[receiver] += 1


@njit(cache=True, nogil=True)
def play_out(cell: np.ndarray, unseen: np.ndarray, score: np.ndarray, cards: np.ndarray,
             turn: int, first: int, rush: bool, stall: int, stall_limit: int,
             rush_when_stuck: bool, owners: np.ndarray, values: np.ndarray, players: int,
             rush_takes_known: float, flip: int, gens: np.ndarray, g: int,
             counts: np.ndarray) -> None:  # pragma: no cover
    """Flip ``flip``, then play by :func:`memory_flip` to the end (the arrays change).

    ``cell``: each position's kind, ``UNKNOWN`` or ``GONE``; ``unseen``: the kinds
    nobody has seen; ``score``/``cards``: gold and gold cards taken; ``owners``: each
    colour's seat or -1; ``values[seat]``: that seat's ``pair_values``.
    """
    on_table = 0
    for p in range(TABLE):
        if cell[p] != GONE:
            on_table += 1
    total = 0
    for k in range(KINDS):
        total += unseen[k]
    p = flip
    while True:
        seat = turn
        if p < 0:
            p = memory_flip(cell, unseen, first, rush, values[seat], rush_takes_known, gens, g)
        if cell[p] == UNKNOWN:
            cell[p] = draw_counted(gens, g, unseen, total)
            total -= 1
        k = cell[p]
        p_next = -1
        if rush:
            _take(cell, p, seat, score, cards)
            on_table -= 1
            stall = 0
        elif first < 0:
            first = p
            p = p_next
            continue
        else:
            leave_first, leave_second, receiver = resolve_pair(cell[first], k, owners, seat)
            if leave_first:
                _take(cell, first, receiver, score, cards)
                on_table -= 1
            if leave_second:
                _take(cell, p, receiver, score, cards)
                on_table -= 1
            stall = 0 if leave_first or leave_second else stall + 1
            first = -1
        # the turn is over: the next one starts (state._start_turn)
        p = p_next
        turn = (turn + 1) % players
        over, rush = start_turn(on_table, rush, stall, stall_limit, rush_when_stuck, unseen,
                                cell, counts)
        if over:
            return


@njit(cache=True, nogil=True)
def _worth(score: np.ndarray, cards: np.ndarray, players: int, lead_weight: float,
           out: np.ndarray) -> None:  # pragma: no cover
    """Add each seat's worth of a finished playout to ``out`` (``rules.winners``: gold, then
    gold cards)."""
    best = -1
    best_cards = -1
    for q in range(players):
        if score[q] > best or (score[q] == best and cards[q] > best_cards):
            best = score[q]
            best_cards = cards[q]
    winners = 0
    for q in range(players):
        if score[q] == best and cards[q] == best_cards:
            winners += 1
    for q in range(players):
        other = -1
        for r in range(players):
            if r != q and score[r] > other:
                other = score[r]
        if score[q] == best and cards[q] == best_cards:
            out[q] += 1.0 / winners
        out[q] += lead_weight * (score[q] - other)


@njit(cache=True, nogil=True)
def flip_values(cell: np.ndarray, unseen: np.ndarray, score: np.ndarray, cards: np.ndarray,
                turn: int, first: int, rush: bool, stall: int, stall_limit: int,
                rush_when_stuck: bool, owners: np.ndarray, values: np.ndarray,
                flips: np.ndarray, seeds: np.ndarray, lead_weight: float,
                rush_takes_known: float) -> np.ndarray:  # pragma: no cover
    """Each candidate flip's mean worth to every seat over the deals ``seeds``: shape
    (flips, players)."""
    players = score.shape[0]
    n = seeds.shape[0]
    out = np.zeros((flips.shape[0], players))
    gens = np.empty((ROW, CHUNK + 1), np.uint32)
    counts = np.empty(KINDS, np.int64)
    for start in range(0, n, CHUNK):
        stop = min(n, start + CHUNK)
        seed_generators(gens[:, : stop - start], seeds[start:stop])
        for i in range(stop - start):
            for j in range(flips.shape[0]):
                gens[:, SCRATCH] = gens[:, i]
                c, u, s, t = cell.copy(), unseen.copy(), score.copy(), cards.copy()
                play_out(c, u, s, t, turn, first, rush, stall, stall_limit, rush_when_stuck,
                         owners, values, players, rush_takes_known, flips[j], gens, SCRATCH,
                         counts)
                _worth(s, t, players, lead_weight, out[j])
    means: np.ndarray = out / max(n, 1)
    return means


def flip_worths(*, cell: Sequence[int], unseen: Sequence[int], scores: Sequence[int],
                gold_cards: Sequence[int], turn: int, first: int, rush: bool, stall: int,
                stall_limit: int, rush_when_stuck: bool, owners: Sequence[int],
                values: Sequence[Sequence[Sequence[float]]], flips: Sequence[int],
                seeds: Sequence[int], lead_weight: float,
                rush_takes_known: float) -> list[list[float]]:
    """:func:`flip_values` from plain Python values: ``worths[flip][seat]``.

    ``owners``: each colour's seat (-1: nobody's), in ``cards.COLOURS`` order;
    ``values[seat][a][b]``: that seat's ``pair_values``; ``seeds``: one per deal.
    """
    def ints(values: Sequence[int]) -> np.ndarray:
        return np.array(values, dtype=np.int64)

    out = flip_values(ints(cell), ints(unseen), ints(scores), ints(gold_cards), turn, first,
                      rush, stall, stall_limit, rush_when_stuck, ints(owners),
                      np.array(values, dtype=np.float64), ints(flips),
                      np.array(seeds, dtype=np.uint64), lead_weight, rush_takes_known)
    return [[float(v) for v in row] for row in out]


__all__ = ["flip_values", "flip_worths", "memory_flip", "play_out"]
