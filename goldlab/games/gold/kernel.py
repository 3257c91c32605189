"""Gold!'s rules on a compact integer position, compiled with numba.

:class:`goldlab.games.gold.state.GoldState` keeps its position in one small
``int16`` array laid out below and calls these three functions for the work
of every turn: :func:`legal` lists the legal actions as codes, :func:`play`
carries out a player's action, :func:`reveal` turns cards up.  They write
event codes, which the state turns into the event objects of
:mod:`goldlab.games.gold.events`.  The state's attributes (``offer``,
``tableaux``, ...) are read from the array when asked for.

The readable statement of the rules stays in :mod:`goldlab.games.gold.rules`;
``tests/games/gold/test_kernel.py`` checks that both list the same actions, in
the same order, in thousands of positions.  Set ``NUMBA_DISABLE_JIT=1`` to run
these functions as plain Python (slow, but easy to step through).

Cards are kind numbers 0-41 (``Card.index``: colour x 7 + value rank, the
donkey first).  A tableau is a count per kind, so it reads in display order.
"""

from __future__ import annotations

import numpy as np
from numba import njit

KINDS = 42
PER_COLOUR = 7
COLOURS = 6
OFFER_SIZE = 5
PILE_SLOTS = 64
OFFER_SLOTS = 12

VALUE = np.array([(-2, 3, 4, 5, 6, 7, 8)[k % PER_COLOUR] for k in range(KINDS)], dtype=np.int64)
"""The value of each kind (-2 for a donkey)."""

# ---- the layout of the position array
PHASE = 0  # ACTION, BONUS or OVER
TURN = 1  # the seat to move
PILE = 2  # cards left in the draw pile
REVEAL = 3  # cards still to be turned up now
FINAL = 4  # 1 once the Grand Final has begun
SET_COLOUR = 5  # the colour of the set being scored, -1 if none
N_OFFER = 6  # cards on offer
SEATS = 7  # the number of players
DECLINABLE = 8  # 1 when the set bonus may be declined (option)
UNSEEN_TOTAL = 9  # the sum of the unseen counts
OFFER = 10  # the offer, in order (OFFER_SLOTS slots)
UNSEEN = OFFER + OFFER_SLOTS  # a count per kind: the draw pile and the 2 removed cards
TABLEAU = UNSEEN + KINDS  # a count per kind for each of 3 seats
PILE_SIZE = TABLEAU + 3 * KINDS  # cards in each seat's scoring pile
PILES = PILE_SIZE + 3  # each scoring pile, in the order its cards arrived
SIZE = PILES + 3 * PILE_SLOTS

ACTION = 0
BONUS = 1
OVER = 2

# ---- action codes
TAKE = 0  # + kind
EXCHANGE = TAKE + KINDS  # + give x 42 + take
STEAL = EXCHANGE + KINDS * KINDS  # + victim x 42 + kind
NO_BONUS = STEAL + 3 * KINDS
N_ACTIONS = NO_BONUS + 1

# ---- event codes
EV_TAKEN = 0  # + seat x 42 + kind
EV_EXCHANGED = EV_TAKEN + 3 * KINDS  # + seat x 42 x 42 + give x 42 + take
EV_SET = EV_EXCHANGED + 3 * KINDS * KINDS  # + seat x 6 + colour
EV_NO_BONUS = EV_SET + 3 * COLOURS  # + seat
EV_DECLINED = EV_NO_BONUS + 3  # + seat
EV_BONUS = EV_DECLINED + 3  # + (seat x 3 + victim) x 42 + kind
EV_SCORED = EV_BONUS + 9 * KINDS  # + seat x 64 + number of cards scored
EV_REFILL = EV_SCORED + 3 * PILE_SLOTS  # + cards to reveal
EV_REVEALED = EV_REFILL + OFFER_SIZE + 1  # + kind x 64 + draw pile after
EV_GRAND_FINAL = EV_REVEALED + KINDS * PILE_SLOTS
EV_OVER = EV_GRAND_FINAL + 1  # offer and draw pile empty: final scoring follows
N_EVENTS = EV_OVER + 1

LEGAL_SLOTS = 128
"""Room for the legal action codes (at most 5 takes + 12 x 5 exchanges, or 24 steals + 1)."""
EVENT_SLOTS = 16


@njit(cache=True, nogil=True)
def _has_colour(a: np.ndarray, seat: int, colour: int) -> bool:  # pragma: no cover
    base = TABLEAU + seat * KINDS + colour * PER_COLOUR
    for j in range(PER_COLOUR):
        if a[base + j] > 0:
            return True
    return False


@njit(cache=True, nogil=True)
def legal(a: np.ndarray, out: np.ndarray) -> int:  # pragma: no cover
    """Write the legal action codes in ``rules.legal_actions`` order; return how many."""
    seat = a[TURN]
    n = 0
    if a[PHASE] == BONUS:
        # steals by victim, then card (display order), of colours not in the own tableau
        for victim in range(a[SEATS]):
            if victim == seat:
                continue
            base = TABLEAU + victim * KINDS
            for k in range(KINDS):
                if a[base + k] > 0 and not _has_colour(a, seat, k // PER_COLOUR):
                    out[n] = STEAL + victim * KINDS + k
                    n += 1
        if a[DECLINABLE] or n == 0:
            out[n] = NO_BONUS
            n += 1
        return n
    n_offer = a[N_OFFER]
    low = 99
    for i in range(n_offer):
        v = VALUE[a[OFFER + i]]
        if v < low:
            low = v
    # distinct cards on offer, first seen first: the lowest may be taken, gold ones exchanged
    gold = out[LEGAL_SLOTS - 8:]
    n_gold = 0
    for i in range(n_offer):
        k = a[OFFER + i]
        seen = False
        for j in range(i):
            if a[OFFER + j] == k:
                seen = True
                break
        if seen:
            continue
        v = VALUE[k]
        if v == low:
            out[n] = TAKE + k
            n += 1
        if v > 0:
            gold[n_gold] = k
            n_gold += 1
    if n_gold == 0:
        return n
    base = TABLEAU + seat * KINDS
    for give in range(KINDS):
        if a[base + give] == 0:
            continue
        value = VALUE[give]
        for j in range(n_gold):
            take = gold[j]
            if value < 0 or VALUE[take] < value:
                out[n] = EXCHANGE + give * KINDS + take
                n += 1
    return n


@njit(cache=True, nogil=True)
def _end_turn(a: np.ndarray, ev: np.ndarray, m: int) -> int:  # pragma: no cover
    if a[N_OFFER] == 0:
        if a[PILE] > 0:
            # "Afterwards, 5 new cards are revealed from the draw pile."
            a[REVEAL] = min(OFFER_SIZE, a[PILE])
            ev[m] = EV_REFILL + a[REVEAL]
            return _next_seat(a, m + 1)
        ev[m] = EV_OVER
        return m + 1
    return _next_seat(a, m)


@njit(cache=True, nogil=True)
def _next_seat(a: np.ndarray, m: int) -> int:  # pragma: no cover
    a[TURN] = (a[TURN] + 1) % a[SEATS]
    return m


@njit(cache=True, nogil=True)
def _score_set(a: np.ndarray, seat: int, ev: np.ndarray, m: int) -> int:  # pragma: no cover
    colour = a[SET_COLOUR]
    base = TABLEAU + seat * KINDS + colour * PER_COLOUR
    size = a[PILE_SIZE + seat]
    pile = PILES + seat * PILE_SLOTS
    scored = 0
    for j in range(PER_COLOUR):
        for _ in range(a[base + j]):
            a[pile + size + scored] = colour * PER_COLOUR + j
            scored += 1
        a[base + j] = 0
    a[PILE_SIZE + seat] = size + scored
    ev[m] = EV_SCORED + seat * PILE_SLOTS + scored
    a[SET_COLOUR] = -1
    a[PHASE] = ACTION
    return _end_turn(a, ev, m + 1)


@njit(cache=True, nogil=True)
def _after_action(a: np.ndarray, seat: int, kind: int, ev: np.ndarray,
                  m: int) -> int:  # pragma: no cover
    # Only the colour of the card just taken can have made a set.
    colour = kind // PER_COLOUR
    base = TABLEAU + seat * KINDS + colour * PER_COLOUR
    count = 0
    for j in range(PER_COLOUR):
        count += a[base + j]
    if count < 3:
        return _end_turn(a, ev, m)
    ev[m] = EV_SET + seat * COLOURS + colour
    m += 1
    a[SET_COLOUR] = colour
    for victim in range(a[SEATS]):
        if victim == seat:
            continue
        vbase = TABLEAU + victim * KINDS
        for k in range(KINDS):
            if a[vbase + k] > 0 and not _has_colour(a, seat, k // PER_COLOUR):
                a[PHASE] = BONUS
                return m
    ev[m] = EV_NO_BONUS + seat
    return _score_set(a, seat, ev, m + 1)


@njit(cache=True, nogil=True)
def play(a: np.ndarray, code: int, ev: np.ndarray) -> int:  # pragma: no cover
    """Carry out a player's legal action; write its event codes; return how many."""
    seat = a[TURN]
    tableau = TABLEAU + seat * KINDS
    if code < EXCHANGE:  # A) take the lowest card
        kind = code - TAKE
        n_offer = a[N_OFFER]
        i = 0
        while a[OFFER + i] != kind:
            i += 1
        while i < n_offer - 1:
            a[OFFER + i] = a[OFFER + i + 1]
            i += 1
        a[N_OFFER] = n_offer - 1
        a[tableau + kind] += 1
        ev[0] = EV_TAKEN + seat * KINDS + kind
        return _after_action(a, seat, kind, ev, 1)
    if code < STEAL:  # B) exchange: the given card takes the taken one's place on offer
        give = (code - EXCHANGE) // KINDS
        take = (code - EXCHANGE) % KINDS
        i = 0
        while a[OFFER + i] != take:
            i += 1
        a[OFFER + i] = give
        a[tableau + give] -= 1
        a[tableau + take] += 1
        ev[0] = EV_EXCHANGED + (seat * KINDS + give) * KINDS + take
        return _after_action(a, seat, take, ev, 1)
    if code < NO_BONUS:  # the set bonus: a card from an opponent
        victim = (code - STEAL) // KINDS
        kind = (code - STEAL) % KINDS
        a[TABLEAU + victim * KINDS + kind] -= 1
        a[tableau + kind] += 1
        ev[0] = EV_BONUS + (seat * 3 + victim) * KINDS + kind
        return _score_set(a, seat, ev, 1)
    ev[0] = EV_DECLINED + seat
    return _score_set(a, seat, ev, 1)


@njit(cache=True, nogil=True)
def reveal(a: np.ndarray, picks: np.ndarray, count: int, drawn: bool,
           ev: np.ndarray) -> int:  # pragma: no cover
    """Turn up ``count`` cards; write their event codes; return how many.

    With ``drawn`` each pick is a number below the unseen total at that moment
    and the card is the pick-th unseen card in kind order (the same as drawing
    from a shuffled pile); otherwise each pick is the kind itself.
    """
    m = 0
    for j in range(count):
        kind = picks[j]
        if drawn:
            pick = picks[j]
            kind = 0
            pick -= a[UNSEEN]
            while pick >= 0:
                kind += 1
                pick -= a[UNSEEN + kind]
        a[UNSEEN + kind] -= 1
        a[UNSEEN_TOTAL] -= 1
        a[OFFER + a[N_OFFER]] = kind
        a[N_OFFER] += 1
        a[PILE] -= 1
        a[REVEAL] -= 1
        ev[m] = EV_REVEALED + kind * PILE_SLOTS + a[PILE]
        m += 1
        if a[REVEAL] == 0 and a[PILE] == 0:
            a[FINAL] = 1
            ev[m] = EV_GRAND_FINAL
            m += 1
    return m
