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

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numba import njit

from goldlab.fast.mt import draw_counted, randbelow, random_float
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
NO_CHOICE = -1
"""An option that means "a card I cannot place" (``MemoryBot._pick``'s -1)."""

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


# ---------------------------------------------------------------- memory models
@njit(cache=True, nogil=True)
def _remove_from_memory(order: np.ndarray, length: np.ndarray, has: np.ndarray, b: int,
                        position: int) -> None:  # pragma: no cover
    """Take ``position`` out of bot ``b``'s memory, keeping the others in order."""
    i = 0
    while order[b, i] != position:
        i += 1
    n = length[b]
    while i < n - 1:
        order[b, i] = order[b, i + 1]
        i += 1
    length[b] = n - 1
    has[b, position] = False


@njit(cache=True, nogil=True)
def remember(order: np.ndarray, length: np.ndarray, has: np.ndarray, card: np.ndarray,
             b: int, position: int, kind: int, capacity: int) -> None:  # pragma: no cover
    """``Memory.see``: ``position`` holds ``kind``, as the most recent memory.

    ``LimitedMemory.see`` (``capacity`` >= 0) then forgets the oldest beyond capacity.
    """
    if has[b, position]:
        _remove_from_memory(order, length, has, b, position)
    order[b, length[b]] = position
    length[b] += 1
    has[b, position] = True
    card[b, position] = kind
    if capacity >= 0:
        while length[b] > capacity:
            _remove_from_memory(order, length, has, b, order[b, 0])


@njit(cache=True, nogil=True)
def forget_position(order: np.ndarray, length: np.ndarray, has: np.ndarray, b: int,
                    position: int) -> None:  # pragma: no cover
    """``Memory.drop``: forget a position whose card left the table."""
    if has[b, position]:
        _remove_from_memory(order, length, has, b, position)


@njit(cache=True, nogil=True)
def forget_some(order: np.ndarray, length: np.ndarray, has: np.ndarray, b: int, p: float,
                gens: np.ndarray, g: int) -> None:  # pragma: no cover
    """``ForgetfulMemory.new_turn``: lose each memory, oldest first, if ``rng.random() < p``."""
    if p <= 0:
        return
    kept = 0
    for i in range(length[b]):
        position = order[b, i]
        if random_float(gens, g) < p:
            has[b, position] = False
        else:
            order[b, kept] = position
            kept += 1
    length[b] = kept


@njit(cache=True, nogil=True)
def update_memory(b: int, model: int, p: float, capacity: int, log_turn: np.ndarray,
                  log_pos: np.ndarray, log_kind: np.ndarray, n_log: int, last_flip: np.ndarray,
                  cell: np.ndarray, turn_no: int, seen: np.ndarray, open_: np.ndarray,
                  bot_turn: np.ndarray, order: np.ndarray, length: np.ndarray, has: np.ndarray,
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
        position = log_pos[i]
        if last_flip[position] == i and cell[position] == GONE:
            left[n_left] = position
            n_left += 1
    for i in range(seen[b], n_log):
        if log_turn[i] > bot_turn[b]:
            for j in range(n_left):
                forget_position(order, length, has, b, left[j])
            n_left = 0
            _advance(b, model, p, log_turn[i], bot_turn, order, length, has, gens, g)
        position = log_pos[i]
        remember(order, length, has, card, b, position, log_kind[i],
                 capacity if model == LIMITED else -1)
        if last_flip[position] == i and cell[position] == GONE:
            left[n_left] = position  # its last flip took it off the table
            n_left += 1
    seen[b] = n_log
    if turn_no > bot_turn[b]:
        for j in range(n_left):
            forget_position(order, length, has, b, left[j])
        _advance(b, model, p, turn_no, bot_turn, order, length, has, gens, g)
    o = n_log
    while o > 0 and log_turn[o - 1] >= bot_turn[b]:
        o -= 1
    open_[b] = o


@njit(cache=True, nogil=True)
def _advance(b: int, model: int, p: float, turn: int, bot_turn: np.ndarray, order: np.ndarray,
             length: np.ndarray, has: np.ndarray, gens: np.ndarray,
             g: int) -> None:  # pragma: no cover
    """``MemoryBot._advance``: one ``new_turn`` for every turn gone by."""
    if model == FORGETFUL:
        while bot_turn[b] < turn:
            forget_some(order, length, has, b, p, gens, g)
            bot_turn[b] += 1
    elif bot_turn[b] < turn:
        bot_turn[b] = turn  # a perfect or limited memory loses nothing with time


# ---------------------------------------------------------------- the memory players' policy
@njit(cache=True, nogil=True)
def _pick(option_value: np.ndarray, option_kind: np.ndarray, n_options: int, gens: np.ndarray,
          g: int) -> int:  # pragma: no cover
    """``MemoryBot._pick``: the best option (a kind, or -1), ties (within EPS) at random."""
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


@njit(cache=True, nogil=True)
def _blind_worth(belief: np.ndarray, row: np.ndarray) -> float:  # pragma: no cover
    """``sum(b * v for b, v in zip(belief, row))``, added left to right as Python does
    (a kind with no card adds nothing)."""
    total = 0.0
    for k in range(KINDS):
        if belief[k]:
            total += belief[k] * row[k]
    return total


@njit(cache=True, nogil=True)
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


@njit(cache=True, nogil=True)
def second_choice(first: int, values: np.ndarray, belief: np.ndarray, n: int,
                  kinds: np.ndarray, n_kinds: int, option_value: np.ndarray,
                  option_kind: np.ndarray, gens: np.ndarray, g: int) -> int:  # pragma: no cover
    """``MemoryBot._second_choice``: the best pair with the card just turned up."""
    row = values[first]
    for i in range(n_kinds):
        option_value[i] = row[kinds[i]]
        option_kind[i] = kinds[i]
    n_options = n_kinds
    if n:
        option_value[n_options] = _blind_worth(belief, row) / n + EXPLORE_BONUS
        option_kind[n_options] = NO_CHOICE
        n_options += 1
    return _pick(option_value, option_kind, n_options, gens, g)


@njit(cache=True, nogil=True)
def _best_second(a: int, from_memory: bool, values: np.ndarray, sums: np.ndarray, n: int,
                 kinds: np.ndarray, spots: np.ndarray, n_kinds: int) -> float:  # pragma: no cover
    """``_first_choice``'s ``best_second``: the best second flip after a first of kind ``a``
    (from memory, or a blind one)."""
    row = values[a]
    best = -1e9
    for i in range(n_kinds):
        k = kinds[i]
        if from_memory and k == a and spots[k] == 1:
            continue
        if row[k] > best:
            best = row[k]
    rest = n - (0 if from_memory else 1)
    if rest > 0:
        blind = (sums[a] - (0.0 if from_memory else row[a])) / rest + EXPLORE_BONUS
        if blind > best:
            best = blind
    return best  # type: ignore[no-any-return]


@njit(cache=True, nogil=True)
def first_choice(values: np.ndarray, belief: np.ndarray, n: int, kinds: np.ndarray,
                 spots: np.ndarray, n_kinds: int, sums: np.ndarray, option_value: np.ndarray,
                 option_kind: np.ndarray, gens: np.ndarray, g: int) -> int:  # pragma: no cover
    """``MemoryBot._first_choice``: the first flip with the best pair to follow."""
    if n:
        for a in range(KINDS):
            sums[a] = _blind_worth(belief, values[a])
    for i in range(n_kinds):
        option_value[i] = _best_second(kinds[i], True, values, sums, n, kinds, spots, n_kinds)
        option_kind[i] = kinds[i]
    n_options = n_kinds
    if n:
        expected = 0.0
        for x in range(KINDS):
            if belief[x]:
                expected += belief[x] * _best_second(x, False, values, sums, n, kinds, spots,
                                                     n_kinds)
        option_value[n_options] = expected / n + EXPLORE_BONUS
        option_kind[n_options] = NO_CHOICE
        n_options += 1
    return _pick(option_value, option_kind, n_options, gens, g)


@njit(cache=True, nogil=True)
def memory_flip(b: int, values: np.ndarray, order: np.ndarray, length: np.ndarray,
                has: np.ndarray, card: np.ndarray, cell: np.ndarray, first: int,
                on_table: int, gone: np.ndarray, rush: bool, belief: np.ndarray,
                kinds: np.ndarray, spots: np.ndarray, places: np.ndarray, sums: np.ndarray,
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
    for i in range(length[b]):
        position = order[b, i]
        if cell[position] == GONE or position == first:
            continue
        k = card[b, position]
        belief[k] -= 1
        if spots[k] == 0:
            kinds[n_kinds] = k
            n_kinds += 1
        places[k, spots[k]] = position
        spots[k] += 1
        n_remembered += 1
    n_legal = on_table - (1 if first >= 0 else 0)
    n = n_legal - n_remembered
    if rush:
        choice = rush_choice(belief, n, kinds, n_kinds, option_value, option_kind, gens, g)
    elif first >= 0:
        choice = second_choice(cell[first], values, belief, n, kinds, n_kinds, option_value,
                               option_kind, gens, g)
    else:
        choice = first_choice(values, belief, n, kinds, spots, n_kinds, sums, option_value,
                              option_kind, gens, g)
    if choice >= 0:
        return places[choice, randbelow(gens, g, spots[choice])]  # type: ignore[no-any-return]
    # an unknown card (any position not remembered), or else any legal one (``_any``)
    only_unknown = n > 0
    r = randbelow(gens, g, n if only_unknown else n_legal)
    position = 0
    while True:
        if cell[position] != GONE and position != first and not (
                only_unknown and has[b, position]):
            if r == 0:
                return position
            r -= 1
        position += 1


@njit(cache=True, nogil=True)
def _grown(log: np.ndarray) -> np.ndarray:  # pragma: no cover
    """The flip record with twice the room."""
    bigger = np.empty(2 * log.shape[0], np.int64)
    bigger[: log.shape[0]] = log
    return bigger


@njit(cache=True, nogil=True)
def _play_batch(players: int, bots: np.ndarray, model: np.ndarray, forget: np.ndarray,
                capacity: np.ndarray, values: np.ndarray, seeds: np.ndarray, start: int,
                stop: int, start_player: int, owners: np.ndarray, gold_rush_when_stuck: bool,
                stall_limit: int, gens: np.ndarray, gen_seeds: np.ndarray, block: np.ndarray,
                w: np.ndarray, ints: np.ndarray, flags: np.ndarray) -> None:  # pragma: no cover
    P = players
    G = P + 1
    count = stop - start
    seed_batch(P, seeds, start, stop, gens, gen_seeds, block, w)
    keep_record = False
    for q in range(P):
        if bots[q] == MEMORY:
            keep_record = True

    # the public record of flips (``GoldrushState.log``) and each position's last flip
    log_turn = np.empty(1024, np.int64)
    log_pos = np.empty(1024, np.int64)
    log_kind = np.empty(1024, np.int64)
    last_flip = np.empty(TABLE, np.int64)
    gone = np.empty(KINDS, np.int64)  # cards that left the table, by kind
    # the memory players: what they remember (in order) and how far they have read
    order = np.empty((P, TABLE), np.int64)
    length = np.zeros(P, np.int64)
    has = np.zeros((P, TABLE), np.bool_)
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
        gone[:] = 0
        n_log = 0
        length[:] = 0
        has[:, :] = False
        seen[:] = 0
        open_[:] = 0
        bot_turn[:] = 0
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
                              bot_turn, order, length, has, card, left, gens, bot)
                p = memory_flip(seat, values[seat], order, length, has, card, cell, first,
                                on_table, gone, rush, belief, kinds, spots, places, sums,
                                option_value, option_kind, gens, bot)
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
                if n_log == log_turn.shape[0]:
                    log_turn = _grown(log_turn)
                    log_pos = _grown(log_pos)
                    log_kind = _grown(log_kind)
                log_turn[n_log] = turn_no
                log_pos[n_log] = p
                log_kind[n_log] = k
                last_flip[p] = n_log
                n_log += 1
            end_turn = False
            if rush:
                cell[p] = GONE
                on_table -= 1
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
def _play_all(players: int, bots: np.ndarray, model: np.ndarray, forget: np.ndarray,
              capacity: np.ndarray, values: np.ndarray, seeds: np.ndarray, start_player: int,
              owners: np.ndarray, gold_rush_when_stuck: bool, stall_limit: int, ints: np.ndarray,
              flags: np.ndarray) -> None:  # pragma: no cover
    gens, gen_seeds, block, w = generator_scratch(players, BATCH)
    n = seeds.shape[0]
    for start in range(0, n, BATCH):
        stop = min(n, start + BATCH)
        _play_batch(players, bots, model, forget, capacity, values, seeds, start, stop,
                    start_player, owners, gold_rush_when_stuck, stall_limit, gens, gen_seeds,
                    block, w, ints, flags)


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
    ints = np.zeros((n, count, len(RESULT_COLUMNS)), np.int64)
    flags = np.zeros((n, len(GAME_COLUMNS)), np.int64)
    _play_all(count, bots, model, forget, capacity, values, seeds, start_player,
              np.array(owners, np.int64), gold_rush_when_stuck, stall_limit, ints, flags)
    out: dict[str, np.ndarray] = {name: ints[:, :, j] for j, name in enumerate(RESULT_COLUMNS)}
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
