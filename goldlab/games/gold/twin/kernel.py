"""Gold! bot play in numba: the same games as the engine, about a hundred times faster.

The kernel replays what :class:`goldlab.games.gold.GoldState` and the built-in
bots do, draw for draw:

* the state's generator is ``random.Random(game_seed)``: starting donkeys are
  ``free[randrange(len(free))]`` over the colours nobody holds (rulebook
  order), and each reveal is ``randrange(sum(unseen))`` walked over the card
  kinds in ``ALL_CARDS`` order (the two cards removed unseen stay in that
  multiset, exactly as in the engine);
* each bot's generator is ``random.Random(bot_seed(game_seed, seat))``.  The
  legal actions are listed in ``rules.legal_actions`` order (takes in offer
  order, then exchanges by tableau card, then offer card; steals by victim
  and card; then "no bonus").  ``random`` (:class:`goldlab.bots.RandomBot`)
  picks ``legal[randrange(len(legal))]``; ``greedy``
  (:class:`goldlab.games.gold.bots.GreedyBot`) scores every legal action one
  step ahead and picks ``best[randrange(len(best))]`` among the best, in
  legal order.

The greedy bot's worths are multiples of 0.05 (``2.0 * total``, ``0.8 *
total + 2.0``, ``0.6 * total``, plus half a hurt for a steal), and it treats
scores within ``1e-9`` as equal; the kernel counts them exactly in twentieths,
which makes the same ties and the same choices.

It also computes what :mod:`goldlab.simulation` reports for every game (scores,
ranks, sets, colour-scoring points, donkeys banked, turns, lead changes,
whether the winner was only decided by the final step).  The differential
tests (``tests/games/gold/test_gold_twin.py``) play thousands of games both ways and compare every
column.

>>> import numpy as np
>>> out = play_random(2, np.array([1, 2, 3], dtype=np.uint64))
>>> out["score"].shape
(3, 2)
>>> play(("greedy", "random"), np.array([1, 2, 3], dtype=np.uint64))["score"].shape
(3, 2)
"""

from __future__ import annotations

import numpy as np
from numba import njit

from goldlab.fast.bits import popcount, trailing_zeros
from goldlab.fast.mt import draw_counted, randbelow
from goldlab.fast.results import GAME_COLUMNS, seat_columns, sole_leader, store_results
from goldlab.fast.seeding import generator_scratch, seed_batch
from goldlab.games.gold.results import COLUMNS

COLOURS = 6
KINDS_PER_COLOUR = 7
KINDS = COLOURS * KINDS_PER_COLOUR
_KIND_VALUES = (-2, 3, 4, 5, 6, 7, 8)
VALUE = np.array([_KIND_VALUES[k % KINDS_PER_COLOUR] for k in range(KINDS)], dtype=np.int64)
DECK = np.array([3 if k % KINDS_PER_COLOUR == 0 else 2 if k % KINDS_PER_COLOUR == 1 else 1
                 for k in range(KINDS)], dtype=np.int64)
COLOUR_MASK = np.array([((1 << KINDS_PER_COLOUR) - 1) << (c * KINDS_PER_COLOUR)
                        for c in range(COLOURS)], dtype=np.uint64)
OFFER_SIZE = 5
REMOVED_UNSEEN = 2
BATCH = 32
"""Games whose generators are seeded together (seeding vectorises across them)."""

TAKE = 0
EXCHANGE = 1
STEAL = 2
NO_BONUS = 3

RANDOM = 0
GREEDY = 1
BOTS = {"random": RANDOM, "greedy": GREEDY}
"""The bots the kernel plays, by spec."""
MOST_ACTIONS = 512
"""Room for the legal actions of one decision (far more than a tableau allows)."""

SEAT_COLUMNS = seat_columns(COLUMNS)
"""The seat columns :func:`play` returns: score and rank, then Gold!'s own, named in
``games/gold/results.py``."""
STORED_AT = (0, 1, 3, 4, 5, 2)
"""Where :func:`~goldlab.fast.results.store_results` keeps each of :data:`SEAT_COLUMNS`:
the scoring pile's cards, the tie-break, at 2; sets, colour points, donkeys after it."""


@njit(cache=True, nogil=True)
def _remove_offer(offer: np.ndarray, n: int, kind: int) -> int:  # pragma: no cover
    i = 0
    while offer[i] != kind:
        i += 1
    while i < n - 1:
        offer[i] = offer[i + 1]
        i += 1
    return n - 1


# ---------------------------------------------------------------- the greedy bot
# (inlined into the kernel: an array passed to a call costs atomic reference counts)
@njit(cache=True, nogil=True, inline="always")
def _colour_worth(cards: int, total: int) -> int:  # pragma: no cover
    """One colour's part of ``bots._tableau_value``, in tenths of a point.

    Three or more cards: ``2.0 * total`` (banked); two: ``0.8 * total + 2.0``
    (the promise of a pair); one: ``0.6 * total``; none: nothing.
    """
    if cards >= 3:
        return 20 * total
    if cards == 2:
        return 8 * total + 20
    if cards == 1:
        return 6 * total
    return 0


@njit(cache=True, nogil=True, inline="always")
def _colour_total(tab: np.ndarray, seat: int, colour: int) -> int:  # pragma: no cover
    """The points of ``seat``'s cards of ``colour`` (donkeys count -2)."""
    base = colour * KINDS_PER_COLOUR
    total = 0
    for k in range(base, base + KINDS_PER_COLOUR):
        total += tab[seat, k] * VALUE[k]
    return total


@njit(cache=True, nogil=True, inline="always")
def _worth_gained(tab: np.ndarray, col: np.ndarray, seat: int, give: int,
                  take: int) -> int:  # pragma: no cover
    """``_tableau_value(after) - _tableau_value(before)`` in tenths, for a take (``give`` -1)
    or an exchange: only the colours of the two cards change."""
    ct = take // KINDS_PER_COLOUR
    nt = col[seat, ct]
    tt = _colour_total(tab, seat, ct)
    if give < 0:
        return _colour_worth(nt + 1, tt + VALUE[take]) - _colour_worth(nt, tt)
    cg = give // KINDS_PER_COLOUR
    if cg == ct:
        return _colour_worth(nt, tt - VALUE[give] + VALUE[take]) - _colour_worth(nt, tt)
    ng = col[seat, cg]
    tg = _colour_total(tab, seat, cg)
    return (_colour_worth(ng - 1, tg - VALUE[give]) - _colour_worth(ng, tg)
            + _colour_worth(nt + 1, tt + VALUE[take]) - _colour_worth(nt, tt))


@njit(cache=True, nogil=True, inline="always")
def _keep_best(best: np.ndarray, n_best: int, top: int, score: int,
               index: int) -> tuple[int, int]:  # pragma: no cover
    """``GreedyBot.choose``'s running list of the best actions: (length, best score)."""
    if n_best == 0 or score > top:
        best[0] = index
        return 1, score
    if score == top:
        best[n_best] = index
        return n_best + 1, top
    return n_best, top


@njit(cache=True, nogil=True, inline="always")
def greedy_offer_choice(tab: np.ndarray, col: np.ndarray, mask: np.ndarray, seat: int,
                        takes: np.ndarray, n_take: int, gold_offer: np.ndarray,
                        gold_value: np.ndarray, n_gold: int, best: np.ndarray,
                        gens: np.ndarray, bot: int) -> int:  # pragma: no cover
    """``GreedyBot.choose`` for actions A and B: the index of its choice among the legal ones.

    A take or an exchange scores ``_tableau_value(after) - _tableau_value(before)``
    (here twice the tenths, twentieths like a steal); ties go to
    ``best[rng.randrange(len(best))]`` in legal order.
    """
    n_best = 0
    top = 0
    index = 0
    for j in range(n_take):
        n_best, top = _keep_best(best, n_best, top, 2 * _worth_gained(tab, col, seat, -1,
                                                                        takes[j]), index)
        index += 1
    if n_gold > 0:
        m = mask[seat]
        while m:
            give = trailing_zeros(m)
            m &= m - np.uint64(1)
            gv = VALUE[give]
            for j in range(n_gold):
                if gv < 0 or gold_value[j] < gv:
                    score = 2 * _worth_gained(tab, col, seat, give, gold_offer[j])
                    n_best, top = _keep_best(best, n_best, top, score, index)
                    index += 1
    return best[randbelow(gens, bot, n_best)]  # type: ignore[no-any-return]


@njit(cache=True, nogil=True, inline="always")
def greedy_bonus_choice(tab: np.ndarray, col: np.ndarray, mask: np.ndarray, seat: int,
                        players: int, own: np.uint64, n_steal: int, n: int,
                        best: np.ndarray, gens: np.ndarray, bot: int) -> int:  # pragma: no cover
    """``GreedyBot.choose`` for the set bonus: the index of its choice among the legal ones.

    A steal scores the card's value plus half what it costs the victim
    (``_tableau_value`` before less after); "no bonus" scores 0.  In twentieths.
    """
    n_best = 0
    top = 0
    index = 0
    for victim in range(players):
        if victim == seat:
            continue
        m = mask[victim] & ~own
        while m:
            k = trailing_zeros(m)
            m &= m - np.uint64(1)
            c = k // KINDS_PER_COLOUR
            cards = col[victim, c]
            total = _colour_total(tab, victim, c)
            hurt = _colour_worth(cards, total) - _colour_worth(cards - 1, total - VALUE[k])
            n_best, top = _keep_best(best, n_best, top, 20 * VALUE[k] + hurt, index)
            index += 1
    if n > n_steal:  # "no bonus"
        n_best, top = _keep_best(best, n_best, top, 0, index)
    return best[randbelow(gens, bot, n_best)]  # type: ignore[no-any-return]


@njit(cache=True, nogil=True)
def _play_batch(players: int, bots: np.ndarray, seeds: np.ndarray, start: int, stop: int,
                start_player: int, donkeys: np.ndarray, declinable: bool, gens: np.ndarray,
                gen_seeds: np.ndarray, block: np.ndarray, w: np.ndarray,
                ints: np.ndarray, flags: np.ndarray) -> None:  # pragma: no cover
    P = players
    G = P + 1
    count = stop - start
    seed_batch(P, seeds, start, stop, gens, gen_seeds, block, w)

    unseen = np.empty(KINDS, np.int64)
    tab = np.zeros((P, KINDS), np.int64)
    col = np.zeros((P, COLOURS), np.int64)
    offer = np.empty(16, np.int64)
    mask = np.zeros(P, np.uint64)
    takes = np.empty(8, np.int64)
    gold_value = np.empty(8, np.int64)
    score = np.zeros(P, np.int64)
    cards = np.zeros(P, np.int64)
    sets = np.zeros(P, np.int64)
    cpts = np.zeros(P, np.int64)
    dbank = np.zeros(P, np.int64)
    before = np.zeros(P, np.int64)
    free = np.empty(COLOURS, np.int64)
    gold_offer = np.empty(8, np.int64)
    nbest = np.zeros(P, np.int64)
    choices = np.empty(MOST_ACTIONS, np.int64)

    for i in range(count):
        game = start + i
        gs = i * G
        unseen[:] = DECK
        if P == 2:
            for c in range(COLOURS):
                unseen[c * KINDS_PER_COLOUR] -= 1
        total = 0
        for k in range(KINDS):
            total += unseen[k]
        tab[:, :] = 0
        col[:, :] = 0
        mask[:] = 0
        score[:] = 0
        cards[:] = 0
        sets[:] = 0
        cpts[:] = 0
        dbank[:] = 0
        # ---- set-up: starting donkeys
        for seat in range(P):
            if donkeys[0] < 0:
                nfree = 0
                for c in range(COLOURS):
                    taken = False
                    for t in range(seat):
                        if col[t, c] > 0:
                            taken = True
                    if not taken:
                        free[nfree] = c
                        nfree += 1
                c = free[randbelow(gens, gs, nfree)]
            else:
                c = donkeys[seat]
            k = c * KINDS_PER_COLOUR
            unseen[k] -= 1
            total -= 1
            tab[seat, k] += 1
            mask[seat] |= np.uint64(1) << np.uint64(k)
            col[seat, c] += 1
        pile_count = total - REMOVED_UNSEEN
        to_reveal = min(OFFER_SIZE, pile_count)
        n_offer = 0
        turn = start_player
        bonus = False
        set_colour = -1
        actions = 0
        turns = 0
        leader = -1
        changes = 0
        over = False
        while True:
            # ---- chance: reveal cards
            while to_reveal > 0:
                k = draw_counted(gens, gs, unseen, total)
                total -= 1
                offer[n_offer] = k
                n_offer += 1
                pile_count -= 1
                to_reveal -= 1
            if over:
                break
            # ---- the player to move counts the legal actions; its bot picks one
            seat = turn
            bot = gs + 1 + seat
            actions += 1
            for p in range(P):
                before[p] = score[p]
            score_set = False
            if bonus:
                # steals: by victim, then card (index order); then "no bonus"
                own = np.uint64(0)
                for c in range(COLOURS):
                    if col[seat, c] > 0:
                        own |= COLOUR_MASK[c]
                n = 0
                for victim in range(P):
                    if victim != seat:
                        n += popcount(mask[victim] & ~own)
                n_steal = n
                if declinable or n == 0:
                    n += 1
                if bots[seat] == GREEDY:
                    r = greedy_bonus_choice(tab, col, mask, seat, P, own, n_steal, n, choices,
                                            gens, bot)
                else:
                    r = randbelow(gens, bot, n)
                if r < n_steal:
                    kind = STEAL
                    for victim in range(P):
                        if victim == seat:
                            continue
                        m = mask[victim] & ~own
                        cnt = popcount(m)
                        if r < cnt:
                            for _ in range(r):
                                m &= m - np.uint64(1)
                            k = trailing_zeros(m)
                            tab[victim, k] -= 1
                            if tab[victim, k] == 0:
                                mask[victim] &= ~(np.uint64(1) << np.uint64(k))
                            col[victim, k // KINDS_PER_COLOUR] -= 1
                            tab[seat, k] += 1
                            mask[seat] |= np.uint64(1) << np.uint64(k)
                            col[seat, k // KINDS_PER_COLOUR] += 1
                            break
                        r -= cnt
                else:
                    kind = NO_BONUS
                score_set = True
            else:
                # takes: distinct lowest cards in offer order; exchanges: by tableau card
                # (index order), then gold card on offer (offer order)
                low = 100
                for j in range(n_offer):
                    v = VALUE[offer[j]]
                    if v < low:
                        low = v
                seen = np.uint64(0)
                n_take = 0
                n_gold = 0
                for j in range(n_offer):
                    k = offer[j]
                    bit = np.uint64(1) << np.uint64(k)
                    if seen & bit:
                        continue
                    seen |= bit
                    v = VALUE[k]
                    if v == low:
                        takes[n_take] = k
                        n_take += 1
                    if v > 0:
                        gold_offer[n_gold] = k
                        gold_value[n_gold] = v
                        n_gold += 1
                n = n_take
                if n_gold > 0:
                    m = mask[seat]
                    while m:
                        give = trailing_zeros(m)
                        m &= m - np.uint64(1)
                        gv = VALUE[give]
                        if gv < 0:
                            n += n_gold
                        else:
                            for j in range(n_gold):
                                if gold_value[j] < gv:
                                    n += 1
                if bots[seat] == GREEDY:
                    r = greedy_offer_choice(tab, col, mask, seat, takes, n_take, gold_offer,
                                            gold_value, n_gold, choices, gens, bot)
                else:
                    r = randbelow(gens, bot, n)
                turns += 1
                if r < n_take:
                    kind = TAKE
                    k = takes[r]
                    n_offer = _remove_offer(offer, n_offer, k)
                else:
                    kind = EXCHANGE
                    r -= n_take
                    m = mask[seat]
                    give = -1
                    k = -1
                    while k < 0:
                        give = trailing_zeros(m)
                        m &= m - np.uint64(1)
                        gv = VALUE[give]
                        for j in range(n_gold):
                            if gv < 0 or gold_value[j] < gv:
                                if r == 0:
                                    k = gold_offer[j]
                                    break
                                r -= 1
                    tab[seat, give] -= 1
                    if tab[seat, give] == 0:
                        mask[seat] &= ~(np.uint64(1) << np.uint64(give))
                    col[seat, give // KINDS_PER_COLOUR] -= 1
                    j = 0
                    while offer[j] != k:
                        j += 1
                    offer[j] = give
                tab[seat, k] += 1
                mask[seat] |= np.uint64(1) << np.uint64(k)
                c = k // KINDS_PER_COLOUR
                col[seat, c] += 1
                # set check: the first colour with three cards
                set_colour = -1
                for cc in range(COLOURS):
                    if col[seat, cc] >= 3:
                        set_colour = cc
                        break
                if set_colour >= 0:
                    has_target = False
                    for victim in range(P):
                        if victim == seat:
                            continue
                        for cc in range(COLOURS):
                            if col[victim, cc] > 0 and col[seat, cc] == 0:
                                has_target = True
                    if has_target:
                        bonus = True
                    else:
                        score_set = True
            end_turn = kind >= STEAL or not bonus  # a bonus decision, or no bonus pending
            if score_set:
                base = set_colour * KINDS_PER_COLOUR
                for k in range(base, base + KINDS_PER_COLOUR):
                    cnt = tab[seat, k]
                    if cnt:
                        score[seat] += cnt * VALUE[k]
                        cards[seat] += cnt
                        if k == base:
                            dbank[seat] += cnt
                        tab[seat, k] = 0
                mask[seat] &= ~COLOUR_MASK[set_colour]
                col[seat, set_colour] = 0
                sets[seat] += 1
                set_colour = -1
                bonus = False
            if end_turn:
                if n_offer == 0:
                    if pile_count > 0:
                        to_reveal = min(OFFER_SIZE, pile_count)
                    else:
                        # ---- colour scoring and the end
                        for c in range(COLOURS):
                            base = c * KINDS_PER_COLOUR
                            best = -1000
                            holders = False
                            for p in range(P):
                                nbest[p] = -1000
                                if col[p, c] == 0:
                                    continue
                                tot = 0
                                for k in range(base, base + KINDS_PER_COLOUR):
                                    tot += tab[p, k] * VALUE[k]
                                    if k > base and tab[p, k] > 0:
                                        holders = True
                                nbest[p] = tot
                                if tot > best:
                                    best = tot
                            if not holders:
                                continue
                            for p in range(P):
                                if col[p, c] > 0 and nbest[p] == best:
                                    for k in range(base + KINDS_PER_COLOUR - 1, base, -1):
                                        if tab[p, k] > 0:
                                            score[p] += VALUE[k]
                                            cpts[p] += VALUE[k]
                                            cards[p] += 1
                                            break
                        over = True
                if not over:
                    turn = (turn + 1) % P
            # ---- lead changes (sole leader by points, after every decision)
            who = sole_leader(score, P)
            if who >= 0 and who != leader:
                if leader >= 0:
                    changes += 1
                leader = who
            if over:
                break
        # ---- results
        store_results(game, P, score, cards, before, sets, cpts, dbank, actions, turns, changes,
                      ints, flags)


@njit(cache=True, nogil=True)
def _play_all(players: int, bots: np.ndarray, seeds: np.ndarray, start_player: int,
              donkeys: np.ndarray,
              declinable: bool, ints: np.ndarray, flags: np.ndarray) -> None:  # pragma: no cover
    gens, gen_seeds, block, w = generator_scratch(players, BATCH)
    n = seeds.shape[0]
    for start in range(0, n, BATCH):
        stop = min(n, start + BATCH)
        _play_batch(players, bots, seeds, start, stop, start_player, donkeys, declinable, gens,
                    gen_seeds, block, w, ints, flags)


def play(bots: tuple[str, ...], seeds: np.ndarray, *, start_player: int = 0,
         donkey_colours: tuple[int, ...] | None = None,
         bonus_may_be_declined: bool = True) -> dict[str, np.ndarray]:
    """Play one game per seed with ``bots`` (``random`` or ``greedy``, one per seat).

    ``donkey_colours``: colour numbers (rulebook order) per seat, or None to
    deal them by chance (the default option ``starting_donkeys="random"``).
    Per-seat arrays have shape ``(games, players)``; per-game ones ``(games,)``.
    """
    players = len(bots)
    if players not in (2, 3):
        raise ValueError("Gold! is for 2-3 players")
    if any(b not in BOTS for b in bots):
        raise ValueError(f"the Gold! kernel plays {', '.join(BOTS)}, not {bots!r}")
    seeds = np.ascontiguousarray(seeds, dtype=np.uint64)
    n = seeds.shape[0]
    ints = np.zeros((n, players, len(SEAT_COLUMNS)), np.int64)
    flags = np.zeros((n, len(GAME_COLUMNS)), np.int64)
    donkeys = np.array(donkey_colours if donkey_colours is not None else (-1,), np.int64)
    kinds = np.array([BOTS[b] for b in bots], np.int64)
    _play_all(players, kinds, seeds, start_player, donkeys, bonus_may_be_declined, ints, flags)
    out: dict[str, np.ndarray] = {
        name: ints[:, :, j] for name, j in zip(SEAT_COLUMNS, STORED_AT, strict=True)
    }
    for j, name in enumerate(GAME_COLUMNS):
        out[name] = flags[:, j]
    return out


def play_random(players: int, seeds: np.ndarray, *, start_player: int = 0,
                donkey_colours: tuple[int, ...] | None = None,
                bonus_may_be_declined: bool = True) -> dict[str, np.ndarray]:
    """Play one game of random bots per seed (:func:`play` with ``random`` in every seat)."""
    if players not in (2, 3):
        raise ValueError("Gold! is for 2-3 players")
    return play(("random",) * players, seeds, start_player=start_player,
                donkey_colours=donkey_colours, bonus_may_be_declined=bonus_may_be_declined)
