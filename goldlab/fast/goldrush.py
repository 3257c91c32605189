"""Mount Goldrush random play in numba: the same games as the engine, much faster.

The kernel replays :class:`goldlab.games.goldrush.GoldrushState` with the
``random`` bot (``RandomFlipBot``) in every seat, draw for draw:

* the table is lazy, as in the engine: a position flipped for the first time
  gets its card by chance, ``randrange(sum(unseen))`` walked over the kinds in
  ``ALL_CARDS`` order (the state's generator, ``random.Random(game_seed)``);
* a bot flips ``legal[randrange(len(legal))]``, the legal flips being every
  position still on the table in index order, less the card already turned up
  this turn (its generator: ``random.Random(bot_seed(game_seed, seat))``);
* pairs resolve as ``rules.resolve_pair`` says (dynamite, kicks, gold found by
  the digger's owner or the flipper), the Gold Rush starts at 10 face-down
  cards, and dead or stalled tables are resolved by the ``dead_position`` option.

It reports the columns :mod:`goldlab.simulation` gives Mount Goldrush.  The
differential test in ``tests/fast`` compares every column with the engine's.

>>> import numpy as np
>>> out = play_random(3, np.array([1, 2], dtype=np.uint64))
>>> out["score"].shape
(2, 3)
"""

from __future__ import annotations

import numpy as np
from numba import njit

from goldlab.fast.mt import draw_counted, randbelow
from goldlab.fast.results import sole_leader, store_results
from goldlab.fast.seeding import generator_scratch, seed_batch

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

RESULT_COLUMNS = ("score", "rank", "gold_cards", "gold_lost_to_others", "gold_from_others",
                  "rush_gold")
GAME_COLUMNS = ("actions", "turns", "lead_changes", "decided_at_end")


@njit(cache=True, nogil=True)
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


@njit(cache=True, nogil=True)
def _play_batch(players: int, seeds: np.ndarray, start: int, stop: int, start_player: int,
                owners: np.ndarray, gold_rush_when_stuck: bool, stall_limit: int,
                gens: np.ndarray, gen_seeds: np.ndarray, block: np.ndarray, w: np.ndarray,
                ints: np.ndarray, flags: np.ndarray) -> None:  # pragma: no cover
    P = players
    G = P + 1
    count = stop - start
    seed_batch(P, seeds, start, stop, gens, gen_seeds, block, w)

    cell = np.empty(TABLE, np.int64)
    unseen = np.empty(KINDS, np.int64)
    counts = np.empty(KINDS, np.int64)
    score = np.zeros(P, np.int64)
    cards = np.zeros(P, np.int64)
    lost = np.zeros(P, np.int64)
    gifted = np.zeros(P, np.int64)
    rush_gold = np.zeros(P, np.int64)
    before = np.zeros(P, np.int64)

    for i in range(count):
        game = start + i
        gs = i * G
        cell[:] = UNKNOWN
        unseen[:] = DECK
        total = TABLE
        on_table = TABLE
        score[:] = 0
        cards[:] = 0
        lost[:] = 0
        gifted[:] = 0
        rush_gold[:] = 0
        first = -1  # the position turned up first this turn (-1: none yet)
        turn = start_player
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
            n = on_table - (1 if first >= 0 else 0)
            r = randbelow(gens, gs + 1 + seat, n)
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
            end_turn = False
            if rush:
                cell[p] = GONE
                on_table -= 1
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
                leave_a = False
                leave_b = False
                receiver = -1
                if ka == DYNAMITE or kb == DYNAMITE:
                    leave_a = True
                    leave_b = True
                elif ka >= GOLD_KINDS and kb >= GOLD_KINDS:
                    if VALUE[ka] != VALUE[kb]:
                        # the weaker digger is kicked out, the stronger goes back face down
                        if VALUE[ka] > VALUE[kb]:
                            leave_b = True
                        else:
                            leave_a = True
                elif ka < GOLD_KINDS and kb < GOLD_KINDS:
                    pass
                else:
                    dig = ka if ka >= GOLD_KINDS else kb
                    gold = kb if ka >= GOLD_KINDS else ka
                    if VALUE[dig] >= VALUE[gold]:
                        leave_a = True
                        leave_b = True
                        owner = owners[COLOUR[dig]]
                        receiver = seat if owner < 0 else owner
                        if receiver != seat:
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
                    if kind < GOLD_KINDS and receiver >= 0:
                        score[receiver] += VALUE[kind]
                        cards[receiver] += 1
                stall = 0 if moved else stall + 1
                end_turn = True
            if end_turn:
                first = -1
                turn = (turn + 1) % P
                # ---- the start of the next turn: end, Gold Rush, dead or stalled table
                if on_table == 0:
                    over = True
                elif not rush:
                    if on_table <= GOLD_RUSH_AT:
                        rush = True
                    elif (unseen[DYNAMITE] == 0 and _is_dead(unseen, cell, counts)) \
                            or stall >= stall_limit:
                        if gold_rush_when_stuck:
                            rush = True
                        else:
                            over = True
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
def _play_all(players: int, seeds: np.ndarray, start_player: int, owners: np.ndarray,
              gold_rush_when_stuck: bool, stall_limit: int, ints: np.ndarray,
              flags: np.ndarray) -> None:  # pragma: no cover
    gens, gen_seeds, block, w = generator_scratch(players, BATCH)
    n = seeds.shape[0]
    for start in range(0, n, BATCH):
        stop = min(n, start + BATCH)
        _play_batch(players, seeds, start, stop, start_player, owners, gold_rush_when_stuck,
                    stall_limit, gens, gen_seeds, block, w, ints, flags)


def play_random(players: int, seeds: np.ndarray, *, start_player: int = 0,
                owners: tuple[int, ...] | None = None, gold_rush_when_stuck: bool = True,
                stall_limit: int = 40) -> dict[str, np.ndarray]:
    """Play one game of random flippers per seed; per-seat and per-game columns as arrays.

    ``owners``: the seat owning each colour (green, orange, blue, red, violet),
    -1 for nobody; by default edition A's, colours dealt round the table.
    """
    if not 2 <= players <= 5:
        raise ValueError("Mount Goldrush is for 2-5 players")
    if owners is None:
        owners = tuple(c if c < players else -1 for c in range(5))
    seeds = np.ascontiguousarray(seeds, dtype=np.uint64)
    n = seeds.shape[0]
    ints = np.zeros((n, players, len(RESULT_COLUMNS)), np.int64)
    flags = np.zeros((n, len(GAME_COLUMNS)), np.int64)
    _play_all(players, seeds, start_player, np.array(owners, np.int64), gold_rush_when_stuck,
              stall_limit, ints, flags)
    out: dict[str, np.ndarray] = {name: ints[:, :, j] for j, name in enumerate(RESULT_COLUMNS)}
    for j, name in enumerate(GAME_COLUMNS):
        out[name] = flags[:, j]
    return out
