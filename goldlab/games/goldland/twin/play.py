"""Goldland games played from the deal to the end in numba: the simulation fast path.

The compiled twin's pieces joined into a game loop, the one ``goldlab.simulate``
runs (``runner._play_one`` over ``bots.play.play_out``), game for game:

* :func:`goldlab.games.goldland.twin.kernel.set_up` deals the game from its seed, and
  :func:`goldlab.games.goldland.twin.kernel.apply` plays each step with its chance;
* :func:`goldlab.games.goldland.twin.legal.legal_actions` lists the legal steps in
  the engine's order;
* the seat to move decides: ``heuristic`` (:class:`goldlab.games.goldland.bots.
  HeuristicBot`) through :func:`goldlab.games.goldland.twin.heuristic.decide`, with
  that seat's memory, from the view :func:`read_view` builds straight from the
  table (what ``view_arrays(state.observation(seat), legal)`` gives); ``random``
  (:class:`goldlab.bots.RandomBot`) takes ``legal[randrange(len(legal))]`` from
  its own generator, ``random.Random(bot_seed(game_seed, seat))``.

The heuristic answers in its own action codes (``kind + 16 * what``);
:func:`action_code` and :func:`action_row` turn a step's row of
:mod:`goldlab.games.goldland.twin.kernel` into its code and back.

After every decision the scores are read off the table, as the runner reads
``state.scores()``: turns, actions, lead changes and "decided at the end" are
counted as ``runner._play_one`` counts them.  At the end come each seat's
score and rank (Goldland has no tie-break: tied players share the rank) and
Goldland's own columns (``games/goldland/results.py``): the round of each
seat's first amulet, its treasures, adventure markers and gold pieces.

>>> import numpy as np
>>> import goldlab
>>> from goldlab.games.goldland.options import GoldlandOptions
>>> out = play(("heuristic", "random"), np.array([1, 2], dtype=np.uint64),
...            GoldlandOptions(turn_cap=100))
>>> out["score"].shape, out["turns"].shape
((2, 2), (2,))
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
from numba import njit

import goldlab.games.goldland.twin.heuristic as heuristic
from goldlab.fast.mt import randbelow
from goldlab.fast.results import GAME_COLUMNS, seat_columns, sole_leader
from goldlab.fast.seeding import generator_scratch, seed_batch
from goldlab.games.goldland.articles import AMULET, N_ARTICLES, N_OBJECTS, TREASURE
from goldlab.games.goldland.board import CELLS
from goldlab.games.goldland.results import COLUMNS
from goldlab.games.goldland.twin.heuristic import (
    KIND_BITS,
    KIT_BITS,
    Memory,
    TileTables,
    ViewArrays,
    decide,
)
from goldlab.games.goldland.twin.kernel import (
    ACQUIRE,
    ACTION_ARG,
    ACTION_KIND,
    ACTION_KIT,
    ACTION_MODE,
    ACTION_SIZE,
    ACTION_TOKENS,
    ALLOWANCE,
    AMULETS_LEFT,
    BOARD,
    BONUS,
    CAMP,
    CAMP_COUNT,
    CAMP_RIGHT,
    CAMPS,
    CAMPS_LEFT,
    DISCARD,
    DRAWN,
    END_REASON,
    EXCHANGE,
    EXCHANGE_TOKENS,
    EXPLORE,
    EXPLORED,
    FIRST_ARRIVAL,
    GOLD,
    HAND,
    MARKER_HOLDER,
    MARKER_VALUE,
    MARKERS,
    MOVE,
    MOVE_STEP,
    NOT_ENDING,
    PACKS,
    PATH,
    PATH_LENGTH,
    PHASE,
    PHASE_OVER,
    PLACE_TILE,
    PLAYERS,
    POS,
    RESERVE,
    ROUND,
    STEPS,
    TOKENS,
    TREASURE_AT,
    TURN_SEAT,
    UNSEEN_COUNT,
    apply,
    new_table,
    scores,
    set_up,
)
from goldlab.games.goldland.twin.kernel import ACQUIRED as TURN_ACQUIRED
from goldlab.games.goldland.twin.legal import ROOM, legal_actions

HEURISTIC, RANDOM = range(2)
BOTS = ("heuristic", "random")
"""The bots the kernel plays, by their number in a line-up."""
SEAT_COLUMNS = seat_columns(COLUMNS)
"""The seat columns :func:`play` returns: score and rank, then Goldland's own, named in
``games/goldland/results.py`` (the game columns are every game's, :data:`GAME_COLUMNS`)."""
(SCORE, RANK, AMULET_ROUND, TREASURES, MARKERS_HELD, GOLD_PIECES) = range(len(SEAT_COLUMNS))
(ACTIONS, TURNS, LEAD_CHANGES, DECIDED_AT_END) = range(len(GAME_COLUMNS))
NO_ROUND = -1
"""``amulet_round`` of a seat that never took an amulet."""
STEP_MASK = (1 << KIND_BITS) - 1
KIT_MASK = (1 << KIT_BITS) - 1


# ================================================================== action codes
@njit(cache=True, nogil=True)
def action_code(row: np.ndarray) -> int:  # pragma: no cover
    """``goldland_heuristic.encode(goldland.decode(row))``: the heuristic's code of a step.

    Both modules number the kinds of step alike (Move ... Pass); the code packs
    what the row spells out (``kind + 16 * what``).
    """
    kind = row[ACTION_KIND]
    what = 0
    if kind == MOVE_STEP:
        kit = 0
        for a in range(N_ARTICLES):
            kit |= row[ACTION_KIT + a] << (KIT_BITS * a)
        what = row[ACTION_ARG] | row[ACTION_MODE] << 2 | kit << 4
    elif kind == ACQUIRE:
        for a in range(N_ARTICLES):
            what |= row[ACTION_KIT + a] << (KIT_BITS * a)
    elif kind == EXCHANGE:
        what = row[ACTION_ARG] | row[ACTION_MODE] << 4 | row[ACTION_TOKENS] << 5
    elif kind == EXPLORE:
        what = row[ACTION_ARG] + 1
    elif kind == PLACE_TILE:
        what = row[ACTION_ARG] | row[ACTION_MODE] << 6
    elif kind == CAMP:
        what = row[ACTION_ARG] + 1
    elif kind == DISCARD:
        what = row[ACTION_ARG]
    return int(kind | what << KIND_BITS)


@njit(cache=True, nogil=True)
def action_row(code: int, row: np.ndarray) -> None:  # pragma: no cover
    """``goldland.encode(goldland_heuristic.decode(code))`` into ``row``: a code's step."""
    row[:] = 0
    kind = code & STEP_MASK
    what = code >> KIND_BITS
    row[ACTION_KIND] = kind
    if kind == MOVE_STEP:
        row[ACTION_ARG] = what & 3
        row[ACTION_MODE] = what >> 2 & 3
        for a in range(N_ARTICLES):
            row[ACTION_KIT + a] = what >> (4 + KIT_BITS * a) & KIT_MASK
    elif kind == ACQUIRE:
        for a in range(N_ARTICLES):
            row[ACTION_KIT + a] = what >> (KIT_BITS * a) & KIT_MASK
    elif kind == EXCHANGE:
        row[ACTION_ARG] = what & 15
        row[ACTION_MODE] = what >> 4 & 1
        row[ACTION_TOKENS] = what >> 5
    elif kind == EXPLORE:
        row[ACTION_ARG] = what - 1
    elif kind == PLACE_TILE:
        row[ACTION_ARG] = what & 63
        row[ACTION_MODE] = what >> 6
    elif kind == CAMP:
        row[ACTION_ARG] = what - 1
    elif kind == DISCARD:
        row[ACTION_ARG] = what


# ================================================================== the heuristic's view
@njit(cache=True, nogil=True)
def new_view(players: int) -> ViewArrays:  # pragma: no cover
    """Room for the :class:`ViewArrays` of a game of ``players`` (filled by :func:`read_view`)."""
    return ViewArrays(
        codes=np.zeros(CELLS, dtype=np.int64),
        treasure=np.zeros(CELLS, dtype=np.int64),
        pawns=np.zeros(players, dtype=np.int64),
        packs=np.zeros((players, N_OBJECTS), dtype=np.int64),
        tokens=np.zeros(players, dtype=np.int64),
        camps_left=np.zeros(players, dtype=np.int64),
        camps=np.zeros((heuristic.CAMP_ROOM, 2), dtype=np.int64),
        markers=np.zeros((MARKERS, 2), dtype=np.int64),
        table=np.zeros(heuristic.TABLE_FIELDS, dtype=np.int64),
        turn=np.zeros(heuristic.TURN_FIELDS, dtype=np.int64),
        path=np.zeros(heuristic.PATH_ROOM, dtype=np.int64),
        hand=np.zeros(N_OBJECTS, dtype=np.int64),
        legal=np.zeros(ROOM, dtype=np.int64),
    )


@njit(cache=True, nogil=True)
def read_view(table: np.ndarray, legal: np.ndarray, count: int,
              seen: ViewArrays) -> ViewArrays:  # pragma: no cover
    """``goldland_heuristic.view_arrays(state.observation(seat), legal)`` from the table.

    Every player sees the whole table, so the view is the same for each seat.
    ``legal`` holds ``count`` rows of the legal steps (:func:`legal_actions`).
    The arrays of ``seen`` (:func:`new_view`) are filled in; the view returned
    shares them, its legal actions cut to ``count`` codes.
    """
    players = table[PLAYERS]
    for c in range(CELLS):
        seen.codes[c] = table[BOARD + c]
        seen.treasure[c] = table[TREASURE_AT + c]
    for seat in range(players):
        seen.pawns[seat] = table[POS + seat]
        seen.tokens[seat] = table[TOKENS + seat]
        seen.camps_left[seat] = table[CAMPS_LEFT + seat]
        for k in range(N_OBJECTS):
            seen.packs[seat, k] = table[PACKS + seat * N_OBJECTS + k]
    camps = table[CAMP_COUNT]
    seen.camps[:] = 0
    for k in range(camps):
        seen.camps[k, 0] = table[CAMPS + 2 * k]
        seen.camps[k, 1] = table[CAMPS + 2 * k + 1]
    for key in range(MARKERS):
        seen.markers[key, 0] = table[MARKER_HOLDER + key]
        seen.markers[key, 1] = MARKER_VALUE[key]
    counts = seen.table
    counts[heuristic.PLAYERS] = players
    counts[heuristic.ROUND] = table[ROUND]
    counts[heuristic.AMULETS_LEFT] = table[AMULETS_LEFT]
    counts[heuristic.BONUS] = table[BONUS]
    counts[heuristic.RESERVE] = table[RESERVE]
    counts[heuristic.FIRST_ARRIVAL] = table[FIRST_ARRIVAL]
    counts[heuristic.EXCHANGE_RATE] = table[EXCHANGE_TOKENS]
    counts[heuristic.GAME_ENDING] = table[END_REASON] != NOT_ENDING
    counts[heuristic.FACE_DOWN] = table[UNSEEN_COUNT]
    counts[heuristic.CAMP_COUNT] = camps
    turn = seen.turn
    turn[heuristic.TURN_SEAT] = table[TURN_SEAT]
    turn[heuristic.MOVED] = table[MOVE]  # both number the movement's progress as MOVE_WORDS
    turn[heuristic.ALLOWANCE] = table[ALLOWANCE]
    turn[heuristic.STEPS] = table[STEPS]
    turn[heuristic.ACQUIRED] = table[TURN_ACQUIRED]
    turn[heuristic.EXPLORED] = table[EXPLORED]
    turn[heuristic.CAMP_RIGHT] = table[CAMP_RIGHT]
    turn[heuristic.DRAWN] = table[DRAWN]
    turn[heuristic.PATH_LENGTH] = table[PATH_LENGTH]
    seen.path[:] = 0
    for k in range(table[PATH_LENGTH]):
        seen.path[k] = table[PATH + k]
    seen.hand[:] = 0
    for a in range(N_ARTICLES):
        seen.hand[a] = table[HAND + a]
    for k in range(count):
        seen.legal[k] = action_code(legal[k])
    return ViewArrays(seen.codes, seen.treasure, seen.pawns, seen.packs, seen.tokens,
                      seen.camps_left, seen.camps, seen.markers, seen.table, seen.turn,
                      seen.path, seen.hand, seen.legal[:count])


@njit(cache=True, nogil=True)
def view_of(table: np.ndarray, legal: np.ndarray, count: int) -> ViewArrays:  # pragma: no cover
    """``view_arrays(state.observation(seat), legal)`` in fresh arrays (:func:`read_view`)."""
    return read_view(table, legal, count, new_view(table[PLAYERS]))


# ================================================================== the heuristic's memory
class Memories(NamedTuple):
    """Every seat's :class:`~goldlab.games.goldland.twin.heuristic.Memory`, stacked by seat."""

    route: np.ndarray
    planned_from: np.ndarray
    signature: np.ndarray
    key: np.ndarray
    notes: np.ndarray


@njit(cache=True, nogil=True)
def new_memories(players: int) -> Memories:  # pragma: no cover
    """Room for the memory of each seat's heuristic (cleared by :func:`forget`)."""
    return Memories(
        np.zeros((players, heuristic.ROUTE_ROOM, heuristic.LEG_FIELDS), dtype=np.int64),
        np.zeros((players, heuristic.PATH_ROOM), dtype=np.int64),
        np.zeros((players, heuristic.SIGNATURE_LENGTH), dtype=np.int64),
        np.zeros((players, heuristic.KEY_LENGTH), dtype=np.int64),
        np.zeros((players, heuristic.NOTE_FIELDS), dtype=np.int64),
    )


@njit(cache=True, nogil=True)
def forget(memories: Memories) -> None:  # pragma: no cover
    """``goldland_heuristic.new_memory()`` for every seat: new bots for a new game."""
    memories.route[:] = 0
    memories.planned_from[:] = 0
    memories.signature[:] = 0
    memories.key[:] = 0
    memories.notes[:] = 0
    memories.notes[:, heuristic.ROUTE_ROUND] = -1
    memories.notes[:, heuristic.ROUTE_SEAT] = -1


@njit(cache=True, nogil=True, inline="always")
def memory_of(memories: Memories, seat: int) -> Memory:  # pragma: no cover
    """The memory of the heuristic in ``seat`` (its arrays are the stack's)."""
    return Memory(memories.route[seat], memories.planned_from[seat], memories.signature[seat],
                  memories.key[seat], memories.notes[seat])


# ================================================================== one game
@njit(cache=True, nogil=True)
def heuristic_choice(table: np.ndarray, seat: int, legal: np.ndarray, count: int,
                     seen: ViewArrays, tiles: TileTables,
                     memories: Memories) -> int:  # pragma: no cover
    """``HeuristicBot.choose(state.observation(seat), legal)``: the chosen step's index."""
    code = decide(seat, read_view(table, legal, count, seen), tiles, memory_of(memories, seat))
    for k in range(count):
        if seen.legal[k] == code:
            return k
    raise ValueError("the heuristic chose a step that is not legal")


@njit(cache=True, nogil=True)
def play_one(table: np.ndarray, bots: np.ndarray, gens: np.ndarray, game_gen: int,
             tiles: TileTables, step_limit: int, legal: np.ndarray, seen: ViewArrays,
             memories: Memories, games: np.ndarray,
             seats: np.ndarray) -> None:  # pragma: no cover
    """``runner._play_one`` and the results of one game: deal, play to the end, score.

    ``gens[:, game_gen]`` is seeded with the game's seed, ``gens[:, game_gen + 1 +
    seat]`` with each seat's bot seed; the rules are written in ``table``.
    ``games`` gets the game's columns (:data:`GAME_COLUMNS`), ``seats[seat]`` the
    seat's (:data:`SEAT_COLUMNS`).
    """
    players = table[PLAYERS]
    set_up(table, gens, game_gen)
    forget(memories)
    score = np.zeros(players, dtype=np.int64)
    before = np.zeros(players, dtype=np.int64)
    amulet_round = np.full(players, NO_ROUND, dtype=np.int64)
    scores(table, score)
    leader = sole_leader(score, players)
    before[:] = score
    changes = actions = turns = 0
    last_actor = -1
    while table[PHASE] != PHASE_OVER:
        seat = table[TURN_SEAT]
        count = legal_actions(table, legal)
        if bots[seat] == RANDOM:
            pick = randbelow(gens, game_gen + 1 + seat, count)
        else:
            pick = heuristic_choice(table, seat, legal, count, seen, tiles, memories)
        this_round = table[ROUND]  # the round of this turn's TurnStarted event
        apply(table, legal[pick], gens, game_gen)
        actions += 1
        if actions > step_limit:
            raise RuntimeError("Goldland exceeded its declared bound on the number of steps")
        if seat != last_actor:
            turns += 1
            last_actor = seat
        for s in range(players):  # AmuletTaken: the first amulet of a seat
            if amulet_round[s] == NO_ROUND and table[PACKS + s * N_OBJECTS + AMULET] > 0:
                amulet_round[s] = this_round
        before[:] = score
        scores(table, score)
        if (score != before).any():
            now = sole_leader(score, players)
            if now >= 0 and now != leader:
                if leader >= 0:
                    changes += 1
                leader = now
    # the outcome: ranks by score alone (tied players share the victory), and whether the
    # leaders before the last decision are the winners
    top = score.max()
    top_before = before.max()
    decided = False
    for s in range(players):
        rank = 1
        for other in range(players):
            if score[other] > score[s]:
                rank += 1
        if (score[s] == top) != (before[s] == top_before):
            decided = True
        seats[s, SCORE] = score[s]
        seats[s, RANK] = rank
        seats[s, AMULET_ROUND] = amulet_round[s]
        seats[s, TREASURES] = table[PACKS + s * N_OBJECTS + TREASURE]
        held = 0
        for key in range(MARKERS):
            if table[MARKER_HOLDER + key] == s:
                held += 1
        seats[s, MARKERS_HELD] = held
        seats[s, GOLD_PIECES] = table[GOLD + s]
    games[TURNS] = turns
    games[ACTIONS] = actions
    games[LEAD_CHANGES] = changes
    games[DECIDED_AT_END] = decided


@njit(cache=True, nogil=True)
def play_games(rules: np.ndarray, bots: np.ndarray, seeds: np.ndarray, tiles: TileTables,
               step_limit: int, games: np.ndarray, seats: np.ndarray) -> None:  # pragma: no cover
    """Play one game per seed (:func:`play_one`) with the rules of ``rules`` (a table of
    :func:`~goldlab.games.goldland.twin.kernel.new_table`) and ``bots`` (HEURISTIC or RANDOM
    per seat)."""
    players = rules[PLAYERS]
    gens, gen_seeds, block, w = generator_scratch(players, 1)
    table = rules.copy()
    legal = np.zeros((ROOM, ACTION_SIZE), dtype=np.int64)
    seen = new_view(players)
    memories = new_memories(players)
    for i in range(seeds.shape[0]):
        seed_batch(players, seeds, i, i + 1, gens, gen_seeds, block, w)
        play_one(table, bots, gens, 0, tiles, step_limit, legal, seen, memories, games[i],
                 seats[i])


# ================================================================== Python side
def play(bots: tuple[str, ...], seeds: np.ndarray, options: Any,
         step_limit: int = 1 << 62) -> dict[str, np.ndarray]:
    """Play one Goldland game per seed with ``bots`` (``heuristic`` or ``random`` per seat).

    ``options``: the game's :class:`~goldlab.games.goldland.options.GoldlandOptions`
    (the shipped tile set: :func:`goldlab.games.goldland.twin.kernel.supported`).  Per-seat
    arrays have shape ``(games, players)``, per-game ones ``(games,)``.
    """
    players = len(bots)
    if not 2 <= players <= 5:
        raise ValueError("Goldland is for 2-5 players")
    if any(b not in BOTS for b in bots):
        raise ValueError(f"the Goldland kernel plays {', '.join(BOTS)}, not {bots!r}")
    seeds = np.ascontiguousarray(seeds, dtype=np.uint64)
    n = seeds.shape[0]
    games = np.zeros((n, len(GAME_COLUMNS)), dtype=np.int64)
    seats = np.zeros((n, players, len(SEAT_COLUMNS)), dtype=np.int64)
    line_up = np.array([BOTS.index(b) for b in bots], dtype=np.int64)
    play_games(new_table(players, options), line_up, seeds, heuristic.DEFAULT_TABLES,
               step_limit, games, seats)
    out = {name: games[:, k] for k, name in enumerate(GAME_COLUMNS)}
    out.update({name: seats[:, :, k] for k, name in enumerate(SEAT_COLUMNS)})
    return out
