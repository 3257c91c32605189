"""Mount Goldrush play in numba: the same games as the engine, much faster.

The kernel replays :class:`goldlab.games.goldrush.GoldrushState` with the
``random`` flipper (``RandomFlipBot``) and the memory players (``MemoryBot``:
``perfect``, ``forgetful:p``, ``limited:k``) in any seats, draw for draw:

* the table is lazy, as in the engine: a position flipped for the first time
  gets its card by chance, ``randrange(sum(unseen))`` walked over the kinds in
  ``ALL_CARDS`` order (the state's generator, ``random.Random(game_seed)``);
* a random flipper picks ``legal[randrange(len(legal))]``, the legal flips
  being every position still on the table in index order, less the card
  already turned up this turn (its generator:
  ``random.Random(bot_seed(game_seed, seat))``);
* a memory player does what ``MemoryBot.choose`` does with its own generator:
  it reads the record's new flips into its memory turn by turn
  (:func:`update_memory`: ``Memory.see``, ``drop`` and ``new_turn``, whose
  forgetting draws ``rng.random()`` per memory), then decides
  (:func:`memory_flip`: its belief, then :func:`rush_choice`,
  :func:`second_choice` or :func:`first_choice`, ties broken by ``_pick``'s
  ``randrange``).  Its floats are added in Python's order, so every value, and
  every tie within ``_EPS``, is the same;
* pairs resolve as ``rules.resolve_pair`` says (dynamite, kicks, gold found by
  the digger's owner or the flipper), the Gold Rush starts at 10 face-down
  cards, and dead or stalled tables are resolved by the ``dead_position`` option.

It reports the columns :mod:`goldlab.simulation` gives Mount Goldrush.  The
differential tests (``tests/games/goldrush/test_goldrush_twin.py``) compare every column
with the engine's.

>>> import numpy as np
>>> out = play_random(3, np.array([1, 2], dtype=np.uint64))
>>> out["score"].shape
(2, 3)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar, cast

import numpy as np
from numba import njit

from goldlab.fast.bits import nth_set_bit
from goldlab.fast.mt import draw_counted, randbelow, random_float
from goldlab.fast.results import GAME_COLUMNS, seat_columns, sole_leader, store_results
from goldlab.fast.seeding import generator_scratch, seed_batch
from goldlab.games.goldrush.results import COLUMNS

TABLE = 64
KINDS = 25
GOLD_KINDS = 4
DYNAMITE = 24
UNKNOWN = -1
GONE = -2
GOLD_RUSH_AT = 10
DECK = np.array([5, 7, 7, 5] + [2, 2, 2, 1] * 5 + [5], dtype=np.int64)
VALUE = np.array([1, 2, 3, 4] + [2, 3, 4, 5] * 5 + [0], dtype=np.int64)
"""Gold: its points; digger: its strength; dynamite: 0."""
COLOUR = np.array([-1] * 4 + [c for c in range(5) for _ in range(4)] + [-1], dtype=np.int64)
BATCH = 16

RANDOM = 0
MEMORY = 1
"""The players the kernel plays: ``RandomFlipBot``, and ``MemoryBot`` over a memory model."""
PERFECT = 0
FORGETFUL = 1
LIMITED = 2
"""Memory models: ``Memory``, ``ForgetfulMemory`` and ``LimitedMemory``."""
EXPLORE_BONUS = 0.1
"""``bots.EXPLORE_BONUS``: points for looking at a card the player cannot place."""
EPS = 1e-9
"""``bots._EPS``: options this close to the best are ties."""
RECENT = 63
"""The record is kept as its last 64 flips (flip ``i`` at ``i & RECENT``): a memory
player reads only the flips since the turn it last saw open, at most a round of
turns (``2 * players + 2`` flips)."""
NEXT = 0
PREV = 1
"""The two links of a memory list (see ``_remove_from_memory``)."""
NO_CHOICE = -1
"""An option that means "a card I cannot place" (``MemoryBot._pick``'s -1)."""

SEAT_COLUMNS = seat_columns(COLUMNS)
"""The seat columns :func:`play` returns: score and rank, then Mount Goldrush's own, named
in ``games/goldrush/results.py`` and kept by :func:`~goldlab.fast.results.store_results` in
that order (gold cards, the tie-break, first)."""


@njit(cache=True, nogil=True, inline="always")
def _is_dead(unseen: np.ndarray, cell: np.ndarray, counts: np.ndarray) -> bool:  # pragma: no cover
    """``rules.is_dead`` of the face-down cards (seen or not), at the start of a turn."""
    for k in range(KINDS):
        counts[k] = unseen[k]
    total = 0
    for p in range(TABLE):
        if cell[p] >= 0:
            counts[cell[p]] += 1
    for k in range(KINDS):
        total += counts[k]
    if total < 2 or counts[DYNAMITE] > 0:
        return False
    digger = -1
    for k in range(GOLD_KINDS, DYNAMITE):
        if counts[k] > 0:
            if digger >= 0 and VALUE[k] != digger:
                return False
            digger = VALUE[k]
    lowest_gold = 100
    for k in range(GOLD_KINDS):
        if counts[k] > 0 and VALUE[k] < lowest_gold:
            lowest_gold = VALUE[k]
    return digger < 0 or lowest_gold == 100 or digger < lowest_gold


@njit(cache=True, nogil=True, inline="always")
def resolve_pair(ka: int, kb: int, owners: np.ndarray,
                 seat: int) -> tuple[bool, bool, int]:  # pragma: no cover
    """``rules.resolve_pair`` for kinds ``ka`` (turned up first) and ``kb`` flipped by ``seat``:
    whether each card leaves the table, and who gets the gold (-1: nobody).

    Dynamite takes both; of two diggers the weaker is kicked out and the stronger goes
    back face down; a digger at least as strong as the gold takes it to its owner (the
    flipper, for a digger nobody owns); two golds, or gold too heavy, stay.
    """
    if ka == DYNAMITE or kb == DYNAMITE:
        return True, True, -1
    a_digs = ka >= GOLD_KINDS
    b_digs = kb >= GOLD_KINDS
    if a_digs and b_digs:
        return VALUE[ka] < VALUE[kb], VALUE[kb] < VALUE[ka], -1
    if not a_digs and not b_digs:
        return False, False, -1
    dig = ka if a_digs else kb
    gold = kb if a_digs else ka
    if VALUE[dig] < VALUE[gold]:
        return False, False, -1
    owner = owners[COLOUR[dig]]
    return True, True, seat if owner < 0 else owner


@njit(cache=True, nogil=True, inline="always")
def start_turn(on_table: int, rush: bool, stall: int, stall_limit: int, rush_when_stuck: bool,
               unseen: np.ndarray, cell: np.ndarray,
               counts: np.ndarray) -> tuple[bool, bool]:  # pragma: no cover
    """``state._start_turn``: (the game is over, the Gold Rush is on) as a turn starts.

    The game ends with the last card; the Gold Rush starts at ``GOLD_RUSH_AT`` cards; a
    dead table (no dynamite left unseen, and no pair left that could move a card) or
    ``stall_limit`` turns without a card leaving starts the Gold Rush or ends the game,
    as the ``dead_position`` option says (``rush_when_stuck``).
    """
    if on_table == 0:
        return True, rush
    if rush or on_table <= GOLD_RUSH_AT:
        return False, True
    if (unseen[DYNAMITE] == 0 and _is_dead(unseen, cell, counts)) or stall >= stall_limit:
        return not rush_when_stuck, rush_when_stuck
    return False, False


# ---------------------------------------------------------------- memory models
@njit(cache=True, nogil=True, inline="always")
def _remove_from_memory(links: np.ndarray, length: np.ndarray, held: np.ndarray, b: int,
                        position: int) -> None:  # pragma: no cover
    """Take ``position`` out of bot ``b``'s memory, keeping the others in order.

    A memory is a list linked in the order the cards were seen (``links[b, NEXT]``
    and ``links[b, PREV]``, position ``TABLE`` marking both ends), and the
    positions it holds as the bits of ``held[b]``.
    """
    after = links[b, NEXT, position]
    before = links[b, PREV, position]
    links[b, NEXT, before] = after
    links[b, PREV, after] = before
    length[b] -= 1
    held[b] &= ~(np.uint64(1) << np.uint64(position))


@njit(cache=True, nogil=True, inline="always")
def remember(links: np.ndarray, length: np.ndarray, held: np.ndarray, card: np.ndarray,
             b: int, position: int, kind: int, capacity: int) -> None:  # pragma: no cover
    """``Memory.see``: ``position`` holds ``kind``, as the most recent memory.

    ``LimitedMemory.see`` (``capacity`` >= 0) then forgets the oldest beyond capacity.
    """
    if held[b] & (np.uint64(1) << np.uint64(position)):
        _remove_from_memory(links, length, held, b, position)
    last = links[b, PREV, TABLE]
    links[b, NEXT, last] = position
    links[b, PREV, position] = last
    links[b, NEXT, position] = TABLE
    links[b, PREV, TABLE] = position
    length[b] += 1
    held[b] |= np.uint64(1) << np.uint64(position)
    card[b, position] = kind
    if capacity >= 0:
        while length[b] > capacity:
            _remove_from_memory(links, length, held, b, links[b, NEXT, TABLE])


@njit(cache=True, nogil=True, inline="always")
def forget_position(links: np.ndarray, length: np.ndarray, held: np.ndarray, b: int,
                    position: int) -> None:  # pragma: no cover
    """``Memory.drop``: forget a position whose card left the table."""
    if held[b] & (np.uint64(1) << np.uint64(position)):
        _remove_from_memory(links, length, held, b, position)


@njit(cache=True, nogil=True, inline="always")
def forget_some(links: np.ndarray, length: np.ndarray, held: np.ndarray, b: int, p: float,
                gens: np.ndarray, g: int) -> None:  # pragma: no cover
    """``ForgetfulMemory.new_turn``: lose each memory, oldest first, if ``rng.random() < p``."""
    if p <= 0:
        return
    position = links[b, NEXT, TABLE]
    while position != TABLE:
        after = links[b, NEXT, position]
        if random_float(gens, g) < p:
            _remove_from_memory(links, length, held, b, position)
        position = after


@njit(cache=True, nogil=True, inline="always")
def update_memory(b: int, model: int, p: float, capacity: int, log_turn: np.ndarray,
                  log_pos: np.ndarray, log_kind: np.ndarray, n_log: int, last_flip: np.ndarray,
                  cell: np.ndarray, turn_no: int, seen: np.ndarray, open_: np.ndarray,
                  bot_turn: np.ndarray, links: np.ndarray, length: np.ndarray, held: np.ndarray,
                  card: np.ndarray, left: np.ndarray, gens: np.ndarray,
                  g: int) -> None:  # pragma: no cover
    """``MemoryBot._update``: read the record's new flips into memory, turn by turn.

    A card that left the table is forgotten when the turn it left in is over
    (``_forget_left``), before that turn's forgetting (``_advance``, one
    ``new_turn`` per turn gone by).
    """
    n_left = 0
    # cards of the turn that was still open last time may have left the table since
    for i in range(open_[b], seen[b]):
        position = log_pos[i & RECENT]
        if last_flip[position] == i and cell[position] == GONE:
            left[n_left] = position
            n_left += 1
    for i in range(seen[b], n_log):
        if log_turn[i & RECENT] > bot_turn[b]:
            for j in range(n_left):
                forget_position(links, length, held, b, left[j])
            n_left = 0
            _advance(b, model, p, log_turn[i & RECENT], bot_turn, links, length, held, gens, g)
        position = log_pos[i & RECENT]
        remember(links, length, held, card, b, position, log_kind[i & RECENT],
                 capacity if model == LIMITED else -1)
        if last_flip[position] == i and cell[position] == GONE:
            left[n_left] = position  # its last flip took it off the table
            n_left += 1
    seen[b] = n_log
    if turn_no > bot_turn[b]:
        for j in range(n_left):
            forget_position(links, length, held, b, left[j])
        _advance(b, model, p, turn_no, bot_turn, links, length, held, gens, g)
    o = n_log
    while o > 0 and log_turn[(o - 1) & RECENT] >= bot_turn[b]:
        o -= 1
    open_[b] = o


@njit(cache=True, nogil=True, inline="always")
def _advance(b: int, model: int, p: float, turn: int, bot_turn: np.ndarray, links: np.ndarray,
             length: np.ndarray, held: np.ndarray, gens: np.ndarray,
             g: int) -> None:  # pragma: no cover
    """``MemoryBot._advance``: one ``new_turn`` for every turn gone by."""
    if model == FORGETFUL:
        while bot_turn[b] < turn:
            forget_some(links, length, held, b, p, gens, g)
            bot_turn[b] += 1
    elif bot_turn[b] < turn:
        bot_turn[b] = turn  # a perfect or limited memory loses nothing with time


# ---------------------------------------------------------------- the memory players' policy
@njit(cache=True, nogil=True, inline="always")
def _pick(option_value: np.ndarray, option_kind: np.ndarray, n_options: int, gens: np.ndarray,
          g: int) -> int:  # pragma: no cover
    """``MemoryBot._pick``: the best option (a kind, or -1), ties (within EPS) at random.

    (The steps of a decision are inlined into the kernel, ``inline="always"``, and
    index seat-wide arrays whole, ``values[b, a, k]``: an array passed to a call
    or a view such as ``values[b]`` costs atomic reference counts, which made
    up a third of the kernel's time.)
    """
    best = option_value[0]
    for i in range(1, n_options):
        if option_value[i] > best:
            best = option_value[i]
    floor = best - EPS
    n_top = 0
    for i in range(n_options):
        if option_value[i] >= floor:
            n_top += 1
    r = randbelow(gens, g, n_top)
    for i in range(n_options):
        if option_value[i] >= floor:
            if r == 0:
                return option_kind[i]  # type: ignore[no-any-return]
            r -= 1
    return NO_CHOICE  # pragma: no cover - r < n_top


@njit(cache=True, nogil=True, inline="always")
def _blind_worth(belief: np.ndarray, values: np.ndarray, b: int,
                 a: int) -> float:  # pragma: no cover
    """``sum(b * v for b, v in zip(belief, row))`` for row ``values[b, a]``, added left to
    right as Python does (a kind with no card adds nothing)."""
    total = 0.0
    for k in range(KINDS):
        if belief[k]:
            total += belief[k] * values[b, a, k]
    return total


@njit(cache=True, nogil=True, inline="always")
def rush_choice(belief: np.ndarray, n: int, kinds: np.ndarray, n_kinds: int,
                option_value: np.ndarray, option_kind: np.ndarray, gens: np.ndarray,
                g: int) -> int:  # pragma: no cover
    """``MemoryBot._rush_choice``: the best remembered gold, or a blind flip's average gold."""
    for i in range(n_kinds):
        k = kinds[i]
        option_value[i] = float(VALUE[k]) if k < GOLD_KINDS else 0.0
        option_kind[i] = k
    n_options = n_kinds
    if n:
        gold = 0
        for k in range(GOLD_KINDS):
            gold += belief[k] * VALUE[k]
        option_value[n_options] = gold / n
        option_kind[n_options] = NO_CHOICE
        n_options += 1
    return _pick(option_value, option_kind, n_options, gens, g)


@njit(cache=True, nogil=True, inline="always")
def second_choice(first: int, values: np.ndarray, b: int, belief: np.ndarray, n: int,
                  kinds: np.ndarray, n_kinds: int, option_value: np.ndarray,
                  option_kind: np.ndarray, gens: np.ndarray, g: int) -> int:  # pragma: no cover
    """``MemoryBot._second_choice``: the best pair with the card just turned up."""
    for i in range(n_kinds):
        option_value[i] = values[b, first, kinds[i]]
        option_kind[i] = kinds[i]
    n_options = n_kinds
    if n:
        option_value[n_options] = _blind_worth(belief, values, b, first) / n + EXPLORE_BONUS
        option_kind[n_options] = NO_CHOICE
        n_options += 1
    return _pick(option_value, option_kind, n_options, gens, g)


@njit(cache=True, nogil=True)
def _best_second(from_memory: bool, best_remembered: float, blind_sum: float, own_pair: float,
                 n: int) -> float:  # pragma: no cover
    """``_first_choice``'s ``best_second``: the best second flip after a first flip, from
    memory (``best_remembered``) or blind (the blind sum, less the first card's own pair
    when the first was blind too), whichever is more."""
    best = best_remembered
    rest = n - (0 if from_memory else 1)
    if rest > 0:
        blind = (blind_sum - (0.0 if from_memory else own_pair)) / rest + EXPLORE_BONUS
        if blind > best:  # max(best, blind)
            best = blind
    return best


@njit(cache=True, nogil=True)
def distinct_rows(values: np.ndarray, b: int, row_of: np.ndarray, row_kind: np.ndarray,
                  term_kind: np.ndarray, term_value: np.ndarray,
                  term_count: np.ndarray) -> int:  # pragma: no cover
    """The distinct rows of seat ``b``'s pair values, each as its non-zero terms.

    Equal rows give equal blind sums, and a zero term adds nothing to one, so
    :func:`first_choice` adds up only these terms, still in kind order: the
    same sums, bit for bit, at a third of the work.  Returns the number of rows.
    """
    n_rows = 0
    for a in range(KINDS):
        r = 0
        while r < n_rows:
            same = True
            for k in range(KINDS):
                if values[b, row_kind[b, r], k] != values[b, a, k]:
                    same = False
                    break
            if same:
                break
            r += 1
        row_of[b, a] = r
        if r == n_rows:
            row_kind[b, r] = a
            count = 0
            for k in range(KINDS):
                if values[b, a, k] != 0.0:
                    term_kind[b, r, count] = k
                    term_value[b, r, count] = values[b, a, k]
                    count += 1
            term_count[b, r] = count
            n_rows += 1
    return n_rows


@njit(cache=True, nogil=True, inline="always")
def first_choice(values: np.ndarray, b: int, rows: int, row_of: np.ndarray,
                 row_kind: np.ndarray, term_kind: np.ndarray, term_value: np.ndarray,
                 term_count: np.ndarray, belief: np.ndarray, n: int, kinds: np.ndarray,
                 spots: np.ndarray, n_kinds: int, sums: np.ndarray,
                 remembered_best: np.ndarray, runner_up: np.ndarray, best_kind: np.ndarray,
                 option_value: np.ndarray, option_kind: np.ndarray, gens: np.ndarray,
                 g: int) -> int:  # pragma: no cover
    """``MemoryBot._first_choice``: the first flip with the best pair to follow.

    ``sums`` (the blind sums) and ``remembered_best`` (the best remembered
    second card) are worked out once per distinct row of ``values[b]``
    (:func:`distinct_rows`); with the runner-up (``runner_up``, the best of
    the other kinds), a kind remembered once is its own second card only when
    it is the best.
    """
    if n:
        for r in range(rows):
            total = 0.0
            for j in range(term_count[b, r]):
                total += belief[term_kind[b, r, j]] * term_value[b, r, j]
            sums[r] = total
    for r in range(rows):  # the best remembered second card, and the best but that one
        a = row_kind[b, r]
        best = -1e9
        second = -1e9
        top = NO_CHOICE
        for i in range(n_kinds):
            k = kinds[i]
            v = values[b, a, k]
            if v > best:
                second = best
                best = v
                top = k
            elif v > second:
                second = v
        remembered_best[r] = best
        runner_up[r] = second
        best_kind[r] = top
    for i in range(n_kinds):
        a = kinds[i]
        r = row_of[b, a]
        best = remembered_best[r]
        if spots[a] == 1 and best_kind[r] == a:  # its one card cannot be flipped twice
            best = runner_up[r]
        option_value[i] = _best_second(True, best, sums[r], 0.0, n)
        option_kind[i] = a
    n_options = n_kinds
    if n:
        expected = 0.0
        for x in range(KINDS):
            if belief[x]:
                r = row_of[b, x]
                expected += belief[x] * _best_second(False, remembered_best[r], sums[r],
                                                     values[b, x, x], n)
        option_value[n_options] = expected / n + EXPLORE_BONUS
        option_kind[n_options] = NO_CHOICE
        n_options += 1
    return _pick(option_value, option_kind, n_options, gens, g)


@njit(cache=True, nogil=True, inline="always")
def memory_flip(b: int, values: np.ndarray, rows: int, row_of: np.ndarray,
                row_kind: np.ndarray, term_kind: np.ndarray, term_value: np.ndarray,
                term_count: np.ndarray, links: np.ndarray, length: np.ndarray,
                held: np.ndarray, card: np.ndarray, cell: np.ndarray, first: int,
                on_table: int, on_table_bits: np.uint64, gone: np.ndarray, rush: bool,
                belief: np.ndarray,
                kinds: np.ndarray, spots: np.ndarray, places: np.ndarray, sums: np.ndarray,
                remembered_best: np.ndarray, runner_up: np.ndarray, best_kind: np.ndarray,
                option_value: np.ndarray, option_kind: np.ndarray, gens: np.ndarray,
                g: int) -> int:  # pragma: no cover
    """``MemoryBot._decide``: the position bot ``b`` flips.

    What it remembers of the cards still face down (in memory order, grouped
    by kind in order of first appearance), what it believes of the others (the
    deck less the cards gone, face up or remembered), then the Gold Rush, the
    second or the first flip's choice; an unknown card is any position not
    remembered, at random.
    """
    for k in range(KINDS):
        belief[k] = DECK[k] - gone[k]
        spots[k] = 0
    if first >= 0:
        belief[cell[first]] -= 1
    n_kinds = 0
    n_remembered = 0
    position = links[b, NEXT, TABLE]
    while position != TABLE:
        remembered = position
        position = links[b, NEXT, position]
        if cell[remembered] == GONE or remembered == first:
            continue
        k = card[b, remembered]
        belief[k] -= 1
        if spots[k] == 0:
            kinds[n_kinds] = k
            n_kinds += 1
        places[k, spots[k]] = remembered
        spots[k] += 1
        n_remembered += 1
    n_legal = on_table - (1 if first >= 0 else 0)
    n = n_legal - n_remembered
    if rush:
        choice = rush_choice(belief, n, kinds, n_kinds, option_value, option_kind, gens, g)
    elif first >= 0:
        choice = second_choice(cell[first], values, b, belief, n, kinds, n_kinds, option_value,
                               option_kind, gens, g)
    else:
        choice = first_choice(values, b, rows, row_of, row_kind, term_kind, term_value,
                              term_count, belief, n, kinds, spots, n_kinds, sums,
                              remembered_best, runner_up, best_kind, option_value, option_kind,
                              gens, g)
    if choice >= 0:
        return places[choice, randbelow(gens, g, spots[choice])]  # type: ignore[no-any-return]
    # an unknown card (any position not remembered), or else any legal one (``_any``)
    legal = on_table_bits
    if first >= 0:
        legal &= ~(np.uint64(1) << np.uint64(first))
    if n > 0:
        return nth_set_bit(legal & ~held[b], randbelow(gens, g, n))
    return nth_set_bit(legal, randbelow(gens, g, n_legal))


_Kernel = TypeVar("_Kernel", bound=Callable[..., Any])


def without_reference_counts(kernel: _Kernel) -> _Kernel:
    """``njit`` for a kernel that allocates nothing: numba's reference counting off.

    (``_nrt=False``: every array it works in comes from :func:`_workspace`.)
    """
    options: dict[str, Any] = {"cache": True, "nogil": True, "_nrt": False}
    return cast(_Kernel, njit(**options)(kernel))


@njit(cache=True, nogil=True)
def _workspace(players: int, bots: np.ndarray, values: np.ndarray) -> Any:  # pragma: no cover
    """Every array the games of a run work in, allocated once.

    The kernel itself (:func:`_play_batch`) is compiled without numba's
    reference counting (``_nrt=False``): the decision steps it inlines pass
    arrays, each of which would otherwise cost two atomic operations a call.
    """
    P = players
    # the public record of flips (``GoldrushState.log``; its latest flips) and each
    # position's last flip
    log_turn = np.empty(RECENT + 1, np.int64)
    log_pos = np.empty(RECENT + 1, np.int64)
    log_kind = np.empty(RECENT + 1, np.int64)
    last_flip = np.empty(TABLE, np.int64)
    gone = np.empty(KINDS, np.int64)  # cards that left the table, by kind
    # the memory players: what they remember (in order) and how far they have read
    links = np.empty((P, 2, TABLE + 1), np.int64)
    length = np.zeros(P, np.int64)
    held = np.zeros(P, np.uint64)
    card = np.zeros((P, TABLE), np.int64)
    seen = np.zeros(P, np.int64)
    open_ = np.zeros(P, np.int64)
    bot_turn = np.zeros(P, np.int64)
    left = np.empty(TABLE, np.int64)
    belief = np.empty(KINDS, np.int64)
    kinds = np.empty(KINDS, np.int64)
    spots = np.zeros(KINDS, np.int64)
    places = np.empty((KINDS, TABLE), np.int64)
    sums = np.zeros(KINDS, np.float64)
    remembered_best = np.empty(KINDS, np.float64)
    runner_up = np.empty(KINDS, np.float64)
    best_kind = np.empty(KINDS, np.int64)
    # each seat's pair values as distinct rows of non-zero terms (see ``distinct_rows``)
    rows = np.zeros(P, np.int64)
    row_of = np.zeros((P, KINDS), np.int64)
    row_kind = np.zeros((P, KINDS), np.int64)
    term_kind = np.zeros((P, KINDS, KINDS), np.int64)
    term_value = np.zeros((P, KINDS, KINDS), np.float64)
    term_count = np.zeros((P, KINDS), np.int64)
    for q in range(P):
        if bots[q] == MEMORY:
            rows[q] = distinct_rows(values, q, row_of, row_kind, term_kind, term_value,
                                    term_count)
    option_value = np.empty(KINDS + 1, np.float64)
    option_kind = np.empty(KINDS + 1, np.int64)

    cell = np.empty(TABLE, np.int64)
    unseen = np.empty(KINDS, np.int64)
    counts = np.empty(KINDS, np.int64)
    score = np.zeros(P, np.int64)
    cards = np.zeros(P, np.int64)
    lost = np.zeros(P, np.int64)
    gifted = np.zeros(P, np.int64)
    rush_gold = np.zeros(P, np.int64)
    before = np.zeros(P, np.int64)
    return (log_turn, log_pos, log_kind, last_flip, gone, links, length, held, card, seen, open_,
            bot_turn, left, belief, kinds, spots, places, sums, remembered_best, runner_up,
            best_kind, rows, row_of, row_kind, term_kind, term_value, term_count,
            option_value, option_kind, cell, unseen, counts, score, cards, lost, gifted,
            rush_gold, before)


@without_reference_counts
def _play_batch(players: int, bots: np.ndarray, model: np.ndarray, forget: np.ndarray,
                capacity: np.ndarray, values: np.ndarray, seeds: np.ndarray, start: int,
                stop: int, start_player: int, owners: np.ndarray, gold_rush_when_stuck: bool,
                stall_limit: int, gens: np.ndarray, ints: np.ndarray, flags: np.ndarray,
                work: Any) -> None:  # pragma: no cover
    P = players
    G = P + 1
    count = stop - start
    keep_record = False
    for q in range(P):
        if bots[q] == MEMORY:
            keep_record = True
    (log_turn, log_pos, log_kind, last_flip, gone, links, length, held, card, seen, open_,
     bot_turn, left, belief, kinds, spots, places, sums, remembered_best, runner_up,
     best_kind, rows, row_of, row_kind, term_kind, term_value, term_count, option_value,
     option_kind, cell, unseen, counts, score, cards, lost, gifted, rush_gold, before) = work

    for i in range(count):
        game = start + i
        gs = i * G
        for position in range(TABLE):
            cell[position] = UNKNOWN
        for k in range(KINDS):
            unseen[k] = DECK[k]
            gone[k] = 0
        total = TABLE
        on_table = TABLE
        on_table_bits = ~np.uint64(0)  # a bit for each position still on the table
        n_log = 0
        for q in range(P):
            score[q] = 0
            cards[q] = 0
            lost[q] = 0
            gifted[q] = 0
            rush_gold[q] = 0
            length[q] = 0
            held[q] = 0
            links[q, NEXT, TABLE] = TABLE
            links[q, PREV, TABLE] = TABLE
            seen[q] = 0
            open_[q] = 0
            bot_turn[q] = 0
        first = -1  # the position turned up first this turn (-1: none yet)
        turn = start_player
        turn_no = 1
        rush = False
        over = False
        stall = 0
        actions = 0
        turns = 0
        leader = -1
        changes = 0
        while not over:
            seat = turn
            for q in range(P):
                before[q] = score[q]
            # ---- the bot picks among the positions still on the table (less `first`)
            bot = gs + 1 + seat
            if bots[seat] == MEMORY:
                update_memory(seat, model[seat], forget[seat], capacity[seat], log_turn,
                              log_pos, log_kind, n_log, last_flip, cell, turn_no, seen, open_,
                              bot_turn, links, length, held, card, left, gens, bot)
                p = memory_flip(seat, values, rows[seat], row_of, row_kind, term_kind,
                                term_value, term_count, links, length, held, card, cell, first,
                                on_table, on_table_bits, gone, rush, belief, kinds, spots, places,
                                sums, remembered_best, runner_up, best_kind, option_value,
                                option_kind, gens, bot)
            else:
                n = on_table - (1 if first >= 0 else 0)
                r = randbelow(gens, bot, n)
                p = 0
                while True:
                    if cell[p] != GONE and p != first:
                        if r == 0:
                            break
                        r -= 1
                    p += 1
            actions += 1
            if first < 0:
                turns += 1
            # ---- chance: a position flipped for the first time
            if cell[p] == UNKNOWN:
                k = draw_counted(gens, gs, unseen, total)
                total -= 1
                cell[p] = k
            k = cell[p]
            if keep_record:
                log_turn[n_log & RECENT] = turn_no
                log_pos[n_log & RECENT] = p
                log_kind[n_log & RECENT] = k
                last_flip[p] = n_log
                n_log += 1
            end_turn = False
            if rush:
                cell[p] = GONE
                on_table -= 1
                on_table_bits &= ~(np.uint64(1) << np.uint64(p))
                gone[k] += 1
                if k < GOLD_KINDS:
                    score[seat] += VALUE[k]
                    cards[seat] += 1
                    rush_gold[seat] += VALUE[k]
                stall = 0
                end_turn = True
            elif first < 0:
                first = p
            else:
                a = first
                b = p
                ka = cell[a]
                kb = k
                leave_a, leave_b, receiver = resolve_pair(ka, kb, owners, seat)
                if receiver >= 0 and receiver != seat:
                    gold = kb if ka >= GOLD_KINDS else ka
                    lost[seat] += VALUE[gold]
                    gifted[receiver] += VALUE[gold]
                moved = False
                for side in range(2):
                    pos = a if side == 0 else b
                    kind = ka if side == 0 else kb
                    leaves = leave_a if side == 0 else leave_b
                    if not leaves:
                        continue
                    moved = True
                    cell[pos] = GONE
                    on_table -= 1
                    on_table_bits &= ~(np.uint64(1) << np.uint64(pos))
                    gone[kind] += 1
                    if kind < GOLD_KINDS and receiver >= 0:
                        score[receiver] += VALUE[kind]
                        cards[receiver] += 1
                stall = 0 if moved else stall + 1
                end_turn = True
            if end_turn:
                first = -1
                turn = (turn + 1) % P
                turn_no += 1
                # ---- the start of the next turn: end, Gold Rush, dead or stalled table
                over, rush = start_turn(on_table, rush, stall, stall_limit,
                                        gold_rush_when_stuck, unseen, cell, counts)
            # ---- lead changes (sole leader by points, after every decision)
            who = sole_leader(score, P)
            if who >= 0 and who != leader:
                if leader >= 0:
                    changes += 1
                leader = who
        # ---- results
        store_results(game, P, score, cards, before, lost, gifted, rush_gold, actions, turns,
                      changes, ints, flags)


@njit(cache=True, nogil=True)
def _play_all(players: int, bots: np.ndarray, model: np.ndarray, forget: np.ndarray,
              capacity: np.ndarray, values: np.ndarray, seeds: np.ndarray, start_player: int,
              owners: np.ndarray, gold_rush_when_stuck: bool, stall_limit: int, ints: np.ndarray,
              flags: np.ndarray) -> None:  # pragma: no cover
    gens, gen_seeds, block, w = generator_scratch(players, BATCH)
    work = _workspace(players, bots, values)
    n = seeds.shape[0]
    for start in range(0, n, BATCH):
        stop = min(n, start + BATCH)
        # seeding allocates, so it runs here and not in the kernel (compiled without
        # reference counting, where a function that allocates does not compile)
        seed_batch(players, seeds, start, stop, gens, gen_seeds, block, w)
        _play_batch(players, bots, model, forget, capacity, values, seeds, start, stop,
                    start_player, owners, gold_rush_when_stuck, stall_limit, gens, ints, flags,
                    work)


@dataclass(frozen=True)
class Player:
    """One seat for the kernel: the random flipper, or a memory player.

    A memory player (``memory``: ``perfect``, ``forgetful`` or ``limited``)
    needs what ``MemoryBot`` works out for the game: the forgetting
    probability or the capacity of its memory in this layout, and its pair
    values ``V[a][b]`` (``bots.pair_values`` for its seat).
    """

    memory: str = "random"
    forget: float = 0.0
    capacity: int = -1
    values: tuple[tuple[float, ...], ...] | None = None


MODELS = {"perfect": PERFECT, "forgetful": FORGETFUL, "limited": LIMITED}


def play(players: Sequence[Player], seeds: np.ndarray, *, start_player: int = 0,
         owners: tuple[int, ...] | None = None, gold_rush_when_stuck: bool = True,
         stall_limit: int = 40) -> dict[str, np.ndarray]:
    """Play one game per seed with these players; per-seat and per-game columns as arrays.

    ``owners``: the seat owning each colour (green, orange, blue, red, violet),
    -1 for nobody; by default edition A's, colours dealt round the table.
    """
    count = len(players)
    if not 2 <= count <= 5:
        raise ValueError("Mount Goldrush is for 2-5 players")
    if owners is None:
        owners = tuple(c if c < count else -1 for c in range(5))
    bots = np.zeros(count, np.int64)
    model = np.zeros(count, np.int64)
    forget = np.zeros(count, np.float64)
    capacity = np.full(count, -1, np.int64)
    values = np.zeros((count, KINDS, KINDS), np.float64)
    for seat, player in enumerate(players):
        if player.memory == "random":
            continue
        if player.memory not in MODELS or player.values is None:
            raise ValueError(f"a memory player needs a model of {', '.join(MODELS)} and its "
                             f"pair values, not {player!r}")
        bots[seat] = MEMORY
        model[seat] = MODELS[player.memory]
        forget[seat] = player.forget
        capacity[seat] = player.capacity
        values[seat] = np.array(player.values, np.float64)
    seeds = np.ascontiguousarray(seeds, dtype=np.uint64)
    n = seeds.shape[0]
    ints = np.zeros((n, count, len(SEAT_COLUMNS)), np.int64)
    flags = np.zeros((n, len(GAME_COLUMNS)), np.int64)
    _play_all(count, bots, model, forget, capacity, values, seeds, start_player,
              np.array(owners, np.int64), gold_rush_when_stuck, stall_limit, ints, flags)
    out: dict[str, np.ndarray] = {name: ints[:, :, j] for j, name in enumerate(SEAT_COLUMNS)}
    for j, name in enumerate(GAME_COLUMNS):
        out[name] = flags[:, j]
    return out


def play_random(players: int, seeds: np.ndarray, *, start_player: int = 0,
                owners: tuple[int, ...] | None = None, gold_rush_when_stuck: bool = True,
                stall_limit: int = 40) -> dict[str, np.ndarray]:
    """Play one game of random flippers per seed (:func:`play` with every seat random)."""
    if not 2 <= players <= 5:
        raise ValueError("Mount Goldrush is for 2-5 players")
    return play([Player()] * players, seeds, start_player=start_player, owners=owners,
                gold_rush_when_stuck=gold_rush_when_stuck, stall_limit=stall_limit)
