"""Goldland's position and its steps in numba: the transitions of the compiled twin.

A :class:`goldlab.games.goldland.state.GoldlandState` is held here as one flat
``int64`` vector (the *table*), laid out by the offsets below, and a step of a
turn as a short ``int64`` row (:func:`encode`).  :func:`apply` makes exactly
the change ``GoldlandState.apply`` makes, with the chance steps that follow
automatically (``auto_chance``), drawn from CPython's generator replicated in
:mod:`goldlab.fast.mt`:

* a tile drawn for an exploration is ``unseen[randrange(len(unseen))]`` and
  leaves the list with ``list.remove`` (the later tiles move up one place, so
  the order of the list, and every later draw, stays the engine's);
* a coastal tile dealt at set-up (``coast="random"``) is
  ``candidates[randrange(len(candidates))]``, the candidates being the free
  coastal tiles not yet laid, by tile index, without a village beside the start.

Each is one ``randrange``, on the state's generator ``random.Random(seed)``.
:func:`set_up` deals the table as ``GoldlandState.__init__`` does (coast
included), so a game can be played from its seed alone; :func:`pack` reads a
Python state into a table, which is how the differential test
(``tests/games/goldland/test_goldland_twin.py``) compares the two after every step, and
with :func:`generator_of` a game can go on in the twin from any position.

The rules of one game (players, start player, turn cap and the ruling
options) are written into the table too (:func:`new_table`), so a table is the
whole position.  Only the shipped tile set is played (:func:`supported`).
Legality is not checked: only steps the engine lists may be applied.

>>> import goldlab
>>> import numpy as np
>>> from goldlab.fast.mt import new_generators, seed_generators
>>> state = goldlab.make("goldland", players=2, seed=5, mode="study")
>>> table = new_table(2, state.options)
>>> gens = new_generators(1)
>>> seed_generators(gens, np.array([5], dtype=np.uint64))
>>> set_up(table, gens, 0)
>>> bool((table == pack(state)).all())
True
>>> action = state.legal_actions()[0]
>>> _ = state.apply(action)
>>> apply(table, encode(action), gens, 0)
>>> bool((table == pack(state)).all())
True
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from numba import njit

from goldlab.core.values import Action
from goldlab.fast import mt
from goldlab.fast.mt import randbelow
from goldlab.games.goldland import temple
from goldlab.games.goldland.actions import (
    STEP_ORDEAL,
    STEP_PLAIN,
    STEP_SURVIVE,
    Acquire,
    Camp,
    Dig,
    Discard,
    EndMove,
    EndTurn,
    Exchange,
    Explore,
    Move,
    Pass,
    Place,
)
from goldlab.games.goldland.articles import (
    AMULET,
    AMULET_GOLD,
    BACKPACK_SPACES,
    CAMPS_PER_PLAYER,
    DIG_COST,
    DISCOVERY_TOKENS,
    N_ARTICLES,
    N_OBJECTS,
    PEARL,
    PROVISION,
    STOCK,
    TEMPLE_BONUS_PER_ARRIVAL,
    TREASURE,
    TREASURE_GOLD,
    TREASURE_TOKENS,
    Kit,
)
from goldlab.games.goldland.board import (
    BESIDE_START,
    CELLS,
    COAST_SLOTS,
    GOAL,
    INNER,
    NE_CORNER,
    NEIGHBOUR,
    START,
    SW_CORNER,
    coast_rotation,
)
from goldlab.games.goldland.phases import COAST, DRAW, MOVED, MOVING, NOT_MOVED, OVER, PLACE, TURN
from goldlab.games.goldland.tiles import ADVENTURES, TileSet, default_tiles
from goldlab.games.goldland.tokens import EXCHANGE_RATE

# ------------------------------------------------------------------ the tiles
_TILESET = default_tiles()
TILES = len(_TILESET.tiles)
NO_ADVENTURE = -1


def tile_arrays(tileset: TileSet) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A tile set's exits by board code, each tile's adventure and its adventure's cost.

    The exits (bit 0 = N … bit 3 = W) of a laid tile by its board code (index x 4 +
    turns); each tile's adventure (its marker's index in ``ADVENTURES``) or
    NO_ADVENTURE; the red-bordered articles that survive it.  The twin reads the shipped
    set's (below); the compiled heuristic, which plays any tile set, reads its own.
    """
    return (np.array(tileset.exits_by_code, dtype=np.int64),
            np.array([NO_ADVENTURE if t.adventure is None else ADVENTURES.index(t.adventure)
                      for t in tileset.tiles], dtype=np.int64),
            np.array([t.cost.counts[:N_ARTICLES] for t in tileset.tiles], dtype=np.int64))


TILE_EXITS, TILE_ADVENTURE, TILE_COST = tile_arrays(_TILESET)
"""The shipped tile set's :func:`tile_arrays`."""
TILE_TREASURE_FIELD = np.array([t.treasure_field for t in _TILESET.tiles], dtype=np.int64)
TILE_VILLAGE = np.array([t.village for t in _TILESET.tiles], dtype=np.int64)
FREE_COASTAL = np.array([t.index for t in _TILESET.free_coastal()], dtype=np.int64)
"""The 10 coastal tiles laid between the corners, in first-game order."""
FREE_COASTAL_BY_INDEX = np.sort(FREE_COASTAL)
"""The same tiles by index: the order ``_coast_candidates`` lists them in."""
INNER_TILES = np.array([t.index for t in _TILESET.inner()], dtype=np.int64)
"""The 36 tiles of the face-down stack, in the order the engine lists them at set-up."""
START_TILE = _TILESET.start.index
SW_TILE = _TILESET.corner("SW").index
NE_TILE = _TILESET.corner("NE").index
MARKER_VALUE = np.array(_TILESET.marker_values(), dtype=np.int64)
"""Each adventure marker's gold, in ``ADVENTURES`` order."""
MARKERS = len(ADVENTURES)

# ------------------------------------------------------------------ the board
NEIGHBOUR_CELL = np.array(NEIGHBOUR, dtype=np.int64)
"""``NEIGHBOUR_CELL[cell, direction]``: the adjacent space, or -1 off the board."""
INNER_SPACE = np.array([c in INNER for c in range(CELLS)], dtype=np.int64)
"""1 on the 36 spaces of the inner area, where explored tiles go."""
COAST_SPACES = np.array(COAST_SLOTS, dtype=np.int64)
BESIDE_START_CELLS = np.array(BESIDE_START, dtype=np.int64)
"""The two coastal spaces beside the start tile, dealt first (no village there)."""
BESIDE_START_SPACE = np.array([c in BESIDE_START for c in range(CELLS)], dtype=np.int64)
COAST_ROTATION = np.array([coast_rotation(c) for c in range(CELLS)], dtype=np.int64)

# ------------------------------------------------------------------ codes
PHASES = (COAST, TURN, DRAW, PLACE, OVER)
PHASE_COAST, PHASE_TURN, PHASE_DRAW, PHASE_PLACE, PHASE_OVER = range(5)
"""The phase of play (``phases.py``), by its index in PHASES."""
END_REASONS = ("", temple.ALL_AMULETS, temple.LAST_GOLD)
NOT_ENDING, ALL_AMULETS, LAST_GOLD = range(3)
"""Why the game ends after this round (``state.end_reason``), by its index in END_REASONS."""
MAX_PLAYERS = 5
MAX_CAMPS = MAX_PLAYERS * CAMPS_PER_PLAYER
MAX_PATH = BACKPACK_SPACES + 1
"""A path holds at most the 12 steps of an empty backpack and the start tile."""
STARTING_PROVISIONS = 3
STARTING_PEARLS = 2
"""``state.STARTING_KIT``."""
RESERVE_GOLD = np.array([temple.RESERVE_GOLD.get(n, 0) for n in range(MAX_PLAYERS + 1)],
                        dtype=np.int64)
STOCK_COUNTS = np.array(STOCK, dtype=np.int64)
"""The stock of each article before the players take their starting kit."""
DIG_KIT = np.array([DIG_COST if a == PROVISION else 0 for a in range(N_ARTICLES)], dtype=np.int64)
"""What digging up a treasure uses: 2 provisions."""

# ------------------------------------------------------------------ the table
# One int64 per number; lists are kept in the engine's order, with a count and -1 after it.
PHASE = 0
TURN_SEAT = 1
"""``state.turn``: the seat whose turn it is."""
ROUND = 2
BOARD = 3
"""49 tile codes: tile index x 4 + quarter turns, -1 on an empty space."""
UNSEEN = BOARD + CELLS
"""The face-down tiles, in the order of ``state.unseen``."""
UNSEEN_COUNT = UNSEEN + len(INNER_TILES)
COAST_QUEUE = UNSEEN_COUNT + 1
"""The coastal spaces still to deal, in order."""
COAST_QUEUE_COUNT = COAST_QUEUE + len(COAST_SLOTS)
TREASURE_AT = COAST_QUEUE_COUNT + 1
"""1 on each space where a treasure lies."""
ARTICLE_STOCK = TREASURE_AT + CELLS
TOKEN_STOCK = ARTICLE_STOCK + N_ARTICLES
TREASURE_STOCK = TOKEN_STOCK + 1
PACKS = TREASURE_STOCK + 1
"""Each seat's backpack: 9 counts (7 articles, treasures, amulet) per seat."""
TOKENS = PACKS + MAX_PLAYERS * N_OBJECTS
GOLD = TOKENS + MAX_PLAYERS
POS = GOLD + MAX_PLAYERS
"""Where each seat's adventurer stands."""
CAMPS_LEFT = POS + MAX_PLAYERS
CAMPS = CAMPS_LEFT + MAX_PLAYERS
"""The camps on the board as (space, seat) pairs, sorted as ``state.camps``."""
CAMP_COUNT = CAMPS + 2 * MAX_CAMPS
MARKER_HOLDER = CAMP_COUNT + 1
"""Who holds each adventure marker (-1: nobody yet)."""
AMULETS_LEFT = MARKER_HOLDER + MARKERS
BONUS = AMULETS_LEFT + 1
RESERVE = BONUS + 1
BOX_PAID = RESERVE + 1
FIRST_ARRIVAL = BOX_PAID + 1
BONUS_OPEN = FIRST_ARRIVAL + 1
END_REASON = BONUS_OPEN + 1
CAPPED = END_REASON + 1
# the current turn
MOVE = CAPPED + 1
"""Progress of action A: NOT_MOVED, MOVING or MOVED."""
ALLOWANCE = MOVE + 1
STEPS = ALLOWANCE + 1
PATH = STEPS + 1
"""The tiles entered this turn, in order."""
PATH_LENGTH = PATH + MAX_PATH
RED_HERE = PATH_LENGTH + 1
CAMP_RIGHT = RED_HERE + 1
ACQUIRED = CAMP_RIGHT + 1
EXPLORED = ACQUIRED + 1
ACTED = EXPLORED + 1
HAND = ACTED + 1
"""Articles held from an exchange for immediate use."""
DRAWN = HAND + N_ARTICLES
EXPLORE_AT = DRAWN + 1
# the rules of this game (written by new_table, never changed by a step)
RULES = EXPLORE_AT + 1
PLAYERS = RULES
START_PLAYER = PLAYERS + 1
TURN_CAP = START_PLAYER + 1
ORDEAL_REWARD = TURN_CAP + 1
START_TILE_ENTERED = ORDEAL_REWARD + 1
AMULET_WHEN_STAYING = START_TILE_ENTERED + 1
COAST_SHOWN = AMULET_WHEN_STAYING + 1
BEGINNERS_GRID = COAST_SHOWN + 1
EXCHANGE_TOKENS = BEGINNERS_GRID + 1
"""Discovery tokens that buy one article (``state.rate``)."""
TABLE_SIZE = EXCHANGE_TOKENS + 1

# ------------------------------------------------------------------ actions
ACTION_KIND = 0
ACTION_ARG = 1
"""A step's direction, a discarded or exchanged article, a cell (place, explore, camp source)."""
ACTION_MODE = 2
"""A step's mode (STEP_*), a placed tile's quarter turns, an exchange's ``use``."""
ACTION_TOKENS = 3
"""The discovery tokens an exchange gives."""
ACTION_KIT = 4
"""An ordeal's payment or the articles acquired: 7 counts."""
ACTION_SIZE = ACTION_KIT + N_ARTICLES
(MOVE_STEP, END_MOVE, DIG, EXPLORE, PLACE_TILE, ACQUIRE, EXCHANGE, DISCARD, CAMP, END_TURN,
 PASS) = range(11)
"""Action kinds: Move, EndMove, Dig, Explore, Place, Acquire, Exchange, Discard, Camp,
EndTurn, Pass."""
STEP_MODES = (STEP_PLAIN, STEP_SURVIVE, STEP_ORDEAL)
PLAIN_STEP, SURVIVE_STEP, ORDEAL_STEP = range(3)


# ================================================================== Python side
def supported(options: Any) -> bool:
    """True when the twin plays a game with these options (the shipped tile set only)."""
    return bool(options.tiles == "")


def new_table(players: int, options: Any) -> np.ndarray:
    """A table with only the rules of one game written in (:func:`set_up` deals the rest)."""
    table = np.zeros(TABLE_SIZE, dtype=np.int64)
    table[PLAYERS] = players
    table[START_PLAYER] = options.start_player
    table[TURN_CAP] = options.turn_cap
    table[ORDEAL_REWARD] = options.ordeal_reward
    table[START_TILE_ENTERED] = options.start_tile_entered
    table[AMULET_WHEN_STAYING] = options.amulet_when_staying
    table[COAST_SHOWN] = options.coast == "shown"
    table[BEGINNERS_GRID] = options.beginners_grid
    table[EXCHANGE_TOKENS] = EXCHANGE_RATE[players]
    return table


def _put_list(table: np.ndarray, at: int, room: int, items: Any) -> None:
    """Write ``items`` from ``at`` and -1 in the rest of the ``room`` numbers."""
    items = list(items)
    table[at:at + room] = -1
    table[at:at + len(items)] = items


def pack(state: Any) -> np.ndarray:
    """The table of a :class:`~goldlab.games.goldland.state.GoldlandState` (its ``_save``)."""
    n = state.players
    table = new_table(n, state.options)
    table[PHASE] = PHASES.index(state.phase)
    table[TURN_SEAT] = state.turn
    table[ROUND] = state.round
    table[BOARD:BOARD + CELLS] = state.board
    _put_list(table, UNSEEN, len(INNER_TILES), state.unseen)
    table[UNSEEN_COUNT] = len(state.unseen)
    _put_list(table, COAST_QUEUE, len(COAST_SLOTS), state.coast_queue)
    table[COAST_QUEUE_COUNT] = len(state.coast_queue)
    table[TREASURE_AT:TREASURE_AT + CELLS] = state.treasure_at
    table[ARTICLE_STOCK:ARTICLE_STOCK + N_ARTICLES] = state.stock
    table[TOKEN_STOCK] = state.token_stock
    table[TREASURE_STOCK] = state.treasure_stock
    for seat in range(n):
        table[PACKS + seat * N_OBJECTS:PACKS + (seat + 1) * N_OBJECTS] = state.packs[seat]
    table[TOKENS:TOKENS + n] = state.tokens
    table[GOLD:GOLD + n] = state.gold
    table[POS:POS + n] = state.pos
    table[CAMPS_LEFT:CAMPS_LEFT + n] = state.camps_left
    _put_list(table, CAMPS, 2 * MAX_CAMPS, [x for camp in state.camps for x in camp])
    table[CAMP_COUNT] = len(state.camps)
    table[MARKER_HOLDER:MARKER_HOLDER + MARKERS] = state.markers
    table[AMULETS_LEFT] = state.amulets_left
    table[BONUS] = state.bonus
    table[RESERVE] = state.reserve
    table[BOX_PAID] = state.box_paid
    table[FIRST_ARRIVAL] = state.first_arrival
    table[BONUS_OPEN] = state.bonus_open
    table[END_REASON] = END_REASONS.index(state.end_reason)
    table[CAPPED] = state.capped
    table[MOVE] = state.move
    table[ALLOWANCE] = state.allowance
    table[STEPS] = state.steps
    _put_list(table, PATH, MAX_PATH, state.path)
    table[PATH_LENGTH] = len(state.path)
    table[RED_HERE] = state.red_here
    table[CAMP_RIGHT] = state.camp_right
    table[ACQUIRED] = state.acquired
    table[EXPLORED] = state.explored
    table[ACTED] = state.acted
    table[HAND:HAND + N_ARTICLES] = state.hand
    table[DRAWN] = state.drawn
    table[EXPLORE_AT] = state.explore_at
    return table


def generator_of(rng: random.Random) -> np.ndarray:
    """One generator (``gens`` column 0) in the state of ``rng``: to go on from a position."""
    version, words, _gauss = rng.getstate()
    assert version == 3
    gens = mt.new_generators(1)
    gens[:mt.N, 0] = words[:mt.N]
    gens[mt.POS, 0] = words[mt.N]
    gens[mt.NEXT, 0] = mt.N  # the words are already twisted
    return gens


def _put_kit(row: np.ndarray, kit: Kit) -> None:
    if not kit.is_equipment():
        raise ValueError(f"{kit} is not equipment: the twin carries articles of equipment only")
    row[ACTION_KIT:ACTION_KIT + N_ARTICLES] = kit.counts[:N_ARTICLES]


def encode(action: Action) -> np.ndarray:
    """The row of ``ACTION_SIZE`` numbers that stands for a player's ``action``."""
    row = np.zeros(ACTION_SIZE, dtype=np.int64)
    if isinstance(action, Move):
        row[ACTION_KIND] = MOVE_STEP
        row[ACTION_ARG] = action.direction
        row[ACTION_MODE] = STEP_MODES.index(action.mode)
        _put_kit(row, action.payment)
    elif isinstance(action, EndMove):
        row[ACTION_KIND] = END_MOVE
    elif isinstance(action, Dig):
        row[ACTION_KIND] = DIG
    elif isinstance(action, Explore):
        row[ACTION_KIND] = EXPLORE
        row[ACTION_ARG] = action.at
    elif isinstance(action, Place):
        row[ACTION_KIND] = PLACE_TILE
        row[ACTION_ARG] = action.at
        row[ACTION_MODE] = action.rotation // 90
    elif isinstance(action, Acquire):
        row[ACTION_KIND] = ACQUIRE
        _put_kit(row, action.articles)
    elif isinstance(action, Exchange):
        row[ACTION_KIND] = EXCHANGE
        row[ACTION_ARG] = action.article
        row[ACTION_MODE] = action.use
        row[ACTION_TOKENS] = action.tokens
    elif isinstance(action, Discard):
        row[ACTION_KIND] = DISCARD
        row[ACTION_ARG] = action.article
    elif isinstance(action, Camp):
        row[ACTION_KIND] = CAMP
        row[ACTION_ARG] = action.source
    elif isinstance(action, EndTurn):
        row[ACTION_KIND] = END_TURN
    elif isinstance(action, Pass):
        row[ACTION_KIND] = PASS
    else:
        raise ValueError(f"{action!r} is not a player's action of Goldland")
    return row


def decode(row: np.ndarray) -> Action:
    """The action a row of :func:`encode` stands for."""
    kind = int(row[ACTION_KIND])
    arg = int(row[ACTION_ARG])
    mode = int(row[ACTION_MODE])
    kit = Kit.from_counts(int(x) for x in row[ACTION_KIT:ACTION_KIT + N_ARTICLES])
    if kind == MOVE_STEP:
        return Move(arg, STEP_MODES[mode], kit)
    if kind == PLACE_TILE:
        return Place(arg, mode * 90)
    if kind == ACQUIRE:
        return Acquire(kit)
    if kind == EXCHANGE:
        return Exchange(arg, int(row[ACTION_TOKENS]), bool(mode))
    if kind == DISCARD:
        return Discard(arg)
    if kind == CAMP:
        return Camp(arg)
    if kind == EXPLORE:
        return Explore(arg)
    simple: dict[int, Action] = {END_MOVE: EndMove(), DIG: Dig(), END_TURN: EndTurn(),
                                 PASS: Pass()}
    return simple[kind]


# ================================================================== the kernel
@njit(cache=True, nogil=True)
def backpack_count(table: np.ndarray, seat: int) -> int:  # pragma: no cover
    """How many spaces of ``seat``'s backpack are covered (``sum(pack)``)."""
    total = 0
    for k in range(N_OBJECTS):
        total += table[PACKS + seat * N_OBJECTS + k]
    return total


@njit(cache=True, nogil=True)
def allowance(table: np.ndarray, seat: int) -> int:  # pragma: no cover
    """``backpack.allowance`` (and ``free_spaces``): 12 minus the objects carried."""
    return BACKPACK_SPACES - backpack_count(table, seat)


@njit(cache=True, nogil=True)
def has_camp(table: np.ndarray, seat: int, at: int) -> bool:  # pragma: no cover
    """``adventure.has_camp``: does ``seat`` have a camp on space ``at``?"""
    for k in range(table[CAMP_COUNT]):
        if table[CAMPS + 2 * k] == at and table[CAMPS + 2 * k + 1] == seat:
            return True
    return False


@njit(cache=True, nogil=True)
def give_token(table: np.ndarray, seat: int) -> None:  # pragma: no cover
    """``GoldlandState.give_token``: one discovery token from the stock, if any is left."""
    if table[TOKEN_STOCK] > 0:
        table[TOKEN_STOCK] -= 1
        table[TOKENS + seat] += 1


@njit(cache=True, nogil=True)
def pay(table: np.ndarray, seat: int, kit: np.ndarray) -> None:  # pragma: no cover
    """``movement._pay``: use ``kit`` (7 counts), held articles first, into the stock."""
    for a in range(N_ARTICLES):
        need = kit[a]
        if need == 0:
            continue
        from_hand = min(table[HAND + a], need)
        table[HAND + a] -= from_hand
        table[PACKS + seat * N_OBJECTS + a] -= need - from_hand
        table[ARTICLE_STOCK + a] += need


# ------------------------------------------------------------------ the temple
@njit(cache=True, nogil=True)
def trigger(table: np.ndarray, reason: int) -> None:  # pragma: no cover
    """``temple.trigger``: the first end condition met is the game's end reason."""
    if table[END_REASON] == NOT_ENDING:
        table[END_REASON] = reason


@njit(cache=True, nogil=True)
def start_of_turn(table: np.ndarray, seat: int) -> None:  # pragma: no cover
    """``temple.start_of_turn``: the bonus field cleared, the amulet's income paid."""
    if table[BONUS_OPEN] and seat == table[FIRST_ARRIVAL]:
        table[BONUS] = 0
        table[BONUS_OPEN] = 0
    if table[PACKS + seat * N_OBJECTS + AMULET]:
        table[GOLD + seat] += 1
        if table[RESERVE] > 0:
            table[RESERVE] -= 1
            if table[RESERVE] == 0:
                trigger(table, LAST_GOLD)
        else:
            table[BOX_PAID] += 1


@njit(cache=True, nogil=True)
def may_take_amulet(table: np.ndarray, seat: int) -> bool:  # pragma: no cover
    """``temple.may_take_amulet``: would ending the movement here earn an amulet?"""
    if (table[POS + seat] != GOAL or table[BOARD + GOAL] < 0
            or table[PACKS + seat * N_OBJECTS + AMULET]):
        return False
    if table[STEPS] == 0 and not table[AMULET_WHEN_STAYING]:
        return False
    return table[AMULETS_LEFT] > 0  # type: ignore[no-any-return]


@njit(cache=True, nogil=True)
def arrive(table: np.ndarray, seat: int) -> None:  # pragma: no cover
    """``temple.arrive``: the movement ended in the temple; amulet and bonus gold."""
    if not may_take_amulet(table, seat):
        return
    if allowance(table, seat) <= 0:
        return  # no free space in the backpack: no amulet this time
    if table[FIRST_ARRIVAL] < 0:
        table[FIRST_ARRIVAL] = seat
        table[BONUS_OPEN] = 1
    if table[BONUS_OPEN]:
        gold = min(TEMPLE_BONUS_PER_ARRIVAL, table[BONUS])
        table[BONUS] -= gold
        table[GOLD + seat] += gold
    table[AMULETS_LEFT] -= 1
    table[PACKS + seat * N_OBJECTS + AMULET] = 1
    for other in range(table[PLAYERS]):
        if not table[PACKS + other * N_OBJECTS + AMULET]:
            return
    trigger(table, ALL_AMULETS)


# ------------------------------------------------------------------ adventures and camps
@njit(cache=True, nogil=True)
def survive(table: np.ndarray, seat: int, adventure: int) -> None:  # pragma: no cover
    """``adventure.survive``: the first survivor takes the marker; a camp may follow."""
    if table[MARKER_HOLDER + adventure] < 0:
        table[MARKER_HOLDER + adventure] = seat
    table[CAMP_RIGHT] = 1


@njit(cache=True, nogil=True)
def camps_on(table: np.ndarray, adventure: int, seat: int) -> int:  # pragma: no cover
    """``adventure.camp_counts(state, key)[seat]``: ``seat``'s camps on that adventure."""
    count = 0
    for k in range(table[CAMP_COUNT]):
        if table[CAMPS + 2 * k + 1] != seat:
            continue
        code = table[BOARD + table[CAMPS + 2 * k]]
        if code >= 0 and TILE_ADVENTURE[code >> 2] == adventure:
            count += 1
    return count


@njit(cache=True, nogil=True)
def recheck_marker(table: np.ndarray, adventure: int, active: int) -> None:  # pragma: no cover
    """``adventure.recheck_marker``: the marker goes to strictly more camps than its holder's.

    Of several such players the one with most camps, ties going to the active
    player and then clockwise from them.
    """
    holder = table[MARKER_HOLDER + adventure]
    if holder < 0:
        return
    players = table[PLAYERS]
    best = -1
    winner = -1
    for k in range(players):
        seat = (active + k) % players
        if seat == holder:
            continue
        count = camps_on(table, adventure, seat)
        if count > best:
            best = count
            winner = seat
    if best <= camps_on(table, adventure, holder):
        return
    table[MARKER_HOLDER + adventure] = winner


@njit(cache=True, nogil=True)
def place_camp(table: np.ndarray, seat: int, source: int) -> None:  # pragma: no cover
    """``adventure.place_camp``: a camp on the tile just survived (moved from ``source``)."""
    at = table[POS + seat]
    adventure = TILE_ADVENTURE[table[BOARD + at] >> 2]
    old_adventure = NO_ADVENTURE
    count = table[CAMP_COUNT]
    if source >= 0:
        # camps.remove((source, seat)): the later camps move up one place
        k = 0
        while not (table[CAMPS + 2 * k] == source and table[CAMPS + 2 * k + 1] == seat):
            k += 1
        for j in range(k, count - 1):
            table[CAMPS + 2 * j] = table[CAMPS + 2 * j + 2]
            table[CAMPS + 2 * j + 1] = table[CAMPS + 2 * j + 3]
        count -= 1
        old_code = table[BOARD + source]
        if old_code >= 0:
            old_adventure = TILE_ADVENTURE[old_code >> 2]
    else:
        table[CAMPS_LEFT + seat] -= 1
    # camps.append((at, seat)) and sorted(): put it in its place among the sorted pairs
    k = count
    while k > 0 and (table[CAMPS + 2 * k - 2] > at
                     or (table[CAMPS + 2 * k - 2] == at and table[CAMPS + 2 * k - 1] > seat)):
        table[CAMPS + 2 * k] = table[CAMPS + 2 * k - 2]
        table[CAMPS + 2 * k + 1] = table[CAMPS + 2 * k - 1]
        k -= 1
    table[CAMPS + 2 * k] = at
    table[CAMPS + 2 * k + 1] = seat
    count += 1
    for j in range(count, MAX_CAMPS):
        table[CAMPS + 2 * j] = -1
        table[CAMPS + 2 * j + 1] = -1
    table[CAMP_COUNT] = count
    table[CAMP_RIGHT] = 0
    for key in range(MARKERS):
        if key in (adventure, old_adventure):
            recheck_marker(table, key, seat)


# ------------------------------------------------------------------ action A: movement
@njit(cache=True, nogil=True)
def step(table: np.ndarray, seat: int, action: np.ndarray) -> None:  # pragma: no cover
    """``movement.step``: fix the allowance, pay, move, survive."""
    if table[STEPS] == 0:
        table[ALLOWANCE] = allowance(table, seat)
    origin = table[POS + seat]
    to = NEIGHBOUR_CELL[origin, action[ACTION_ARG]]
    tile = table[BOARD + to] >> 2
    adventure = TILE_ADVENTURE[tile]
    camp = adventure != NO_ADVENTURE and has_camp(table, seat, to)
    table[POS + seat] = to
    table[PATH + table[PATH_LENGTH]] = to
    table[PATH_LENGTH] += 1
    table[STEPS] += 1
    table[MOVE] = MOVING
    table[ACTED] = 1
    table[CAMP_RIGHT] = 0
    table[RED_HERE] = 0
    survived = NO_ADVENTURE
    mode = action[ACTION_MODE]
    if mode == ORDEAL_STEP:
        payment = action[ACTION_KIT:ACTION_KIT + N_ARTICLES]
        if adventure != NO_ADVENTURE and (TILE_COST[tile] <= payment).all():
            survived = adventure  # "By completing the ordeal, you also survive the adventure."
        pay(table, seat, payment)
        if survived != NO_ADVENTURE:
            table[RED_HERE] = table[ORDEAL_REWARD]
    elif adventure != NO_ADVENTURE and (mode == SURVIVE_STEP or not camp):
        pay(table, seat, TILE_COST[tile])
        survived = adventure
        table[RED_HERE] = 1
    if survived != NO_ADVENTURE:
        survive(table, seat, survived)


@njit(cache=True, nogil=True)
def finish(table: np.ndarray, seat: int) -> None:  # pragma: no cover
    """``movement.finish``: complete action A where the adventurer stands."""
    if table[MOVE] == MOVED:
        return
    table[MOVE] = MOVED
    table[ACTED] = 1
    arrive(table, seat)


@njit(cache=True, nogil=True)
def discard(table: np.ndarray, seat: int, article: int) -> None:  # pragma: no cover
    """The ``Discard`` branch of ``GoldlandState._do``: an article back to the stock."""
    table[PACKS + seat * N_OBJECTS + article] -= 1
    table[ARTICLE_STOCK + article] += 1
    table[MOVE] = MOVING
    table[ACTED] = 1


# ------------------------------------------------------------------ action B and exchanges
@njit(cache=True, nogil=True)
def acquire(table: np.ndarray, seat: int, kit: np.ndarray) -> None:  # pragma: no cover
    """``acquisition.acquire``: the articles from the stock into the backpack."""
    for a in range(N_ARTICLES):
        table[PACKS + seat * N_OBJECTS + a] += kit[a]
        table[ARTICLE_STOCK + a] -= kit[a]
    table[ACQUIRED] = 1
    table[ACTED] = 1


@njit(cache=True, nogil=True)
def exchange(table: np.ndarray, seat: int, article: int, tokens: int,
             use: bool) -> None:  # pragma: no cover
    """``rules.do_exchange``: tokens for an article, into the backpack or held in hand."""
    table[TOKENS + seat] -= tokens
    table[TOKEN_STOCK] += tokens
    table[ARTICLE_STOCK + article] -= 1
    if use or allowance(table, seat) <= 0:
        table[HAND + article] += 1
    else:
        table[PACKS + seat * N_OBJECTS + article] += 1


# ------------------------------------------------------------------ action C and digging
@njit(cache=True, nogil=True)
def begin_exploration(table: np.ndarray, at: int) -> None:  # pragma: no cover
    """``exploration.begin``: chance draws a tile next."""
    table[EXPLORED] = 1
    table[ACTED] = 1
    table[EXPLORE_AT] = at
    table[PHASE] = PHASE_DRAW


@njit(cache=True, nogil=True)
def draw_tile(table: np.ndarray, gens: np.ndarray, g: int) -> None:  # pragma: no cover
    """``_sample_chance`` and ``exploration.drawn`` for a ``DrawTile``.

    ``unseen[randrange(len(unseen))]``, then ``unseen.remove`` of it.
    """
    count = table[UNSEEN_COUNT]
    k = randbelow(gens, g, count)
    table[DRAWN] = table[UNSEEN + k]
    for j in range(k, count - 1):
        table[UNSEEN + j] = table[UNSEEN + j + 1]
    table[UNSEEN + count - 1] = -1
    table[UNSEEN_COUNT] = count - 1
    table[PHASE] = PHASE_PLACE


@njit(cache=True, nogil=True)
def place(table: np.ndarray, seat: int, at: int, quarter_turns: int) -> None:  # pragma: no cover
    """``exploration.place``: lay the drawn tile; discovery token and treasure follow."""
    tile = table[DRAWN]
    table[BOARD + at] = tile * 4 + quarter_turns
    table[DRAWN] = -1
    table[EXPLORE_AT] = -1
    table[PHASE] = PHASE_TURN
    give_token(table, seat)
    if TILE_TREASURE_FIELD[tile] and table[TREASURE_STOCK] > 0:
        table[TREASURE_STOCK] -= 1
        table[TREASURE_AT + at] = 1


@njit(cache=True, nogil=True)
def dig(table: np.ndarray, seat: int) -> None:  # pragma: no cover
    """``exploration.dig``: end the movement, use 2 provisions, the treasure into the pack."""
    finish(table, seat)
    pay(table, seat, DIG_KIT)
    table[TREASURE_AT + table[POS + seat]] = 0
    table[PACKS + seat * N_OBJECTS + TREASURE] += 1


# ------------------------------------------------------------------ turns and set-up
@njit(cache=True, nogil=True)
def begin_turn(table: np.ndarray) -> None:  # pragma: no cover
    """``GoldlandState._begin_turn``: a fresh turn for ``state.turn``, then the temple."""
    seat = table[TURN_SEAT]
    table[MOVE] = NOT_MOVED
    table[ALLOWANCE] = -1
    table[STEPS] = 0
    for k in range(MAX_PATH):
        table[PATH + k] = -1
    table[PATH_LENGTH] = 0
    if table[START_TILE_ENTERED]:
        table[PATH] = table[POS + seat]
        table[PATH_LENGTH] = 1
    table[RED_HERE] = 0
    table[CAMP_RIGHT] = 0
    table[ACQUIRED] = 0
    table[EXPLORED] = 0
    table[ACTED] = 0
    table[DRAWN] = -1
    table[EXPLORE_AT] = -1
    start_of_turn(table, seat)


@njit(cache=True, nogil=True)
def game_over(table: np.ndarray) -> None:  # pragma: no cover
    """``GoldlandState._game_over``."""
    table[PHASE] = PHASE_OVER
    table[MOVE] = NOT_MOVED


@njit(cache=True, nogil=True)
def end_turn(table: np.ndarray) -> None:  # pragma: no cover
    """``GoldlandState._end_turn``: finish the movement; next seat, round or the end."""
    if table[MOVE] == MOVING:
        finish(table, table[TURN_SEAT])
    following = (table[TURN_SEAT] + 1) % table[PLAYERS]
    if following == table[START_PLAYER]:
        if table[END_REASON] != NOT_ENDING:
            game_over(table)
            return
        if table[TURN_CAP] and table[ROUND] >= table[TURN_CAP]:
            table[CAPPED] = 1
            game_over(table)
            return
        table[ROUND] += 1
    table[TURN_SEAT] = following
    begin_turn(table)


@njit(cache=True, nogil=True)
def lay(table: np.ndarray, tile: int, at: int, quarter_turns: int) -> None:  # pragma: no cover
    """``GoldlandState._lay``."""
    table[BOARD + at] = tile * 4 + quarter_turns


@njit(cache=True, nogil=True)
def lay_coast(table: np.ndarray, gens: np.ndarray, g: int) -> None:  # pragma: no cover
    """``_sample_chance`` and the ``LayCoast`` branch of ``_do``: deal one coastal tile.

    ``_coast_candidates``: the free coastal tiles not on the board, by index
    (beside the start, without a village); one ``randrange`` picks among them.
    """
    at = table[COAST_QUEUE]
    laid = np.zeros(TILES, dtype=np.int64)
    for c in range(CELLS):
        if table[BOARD + c] >= 0:
            laid[table[BOARD + c] >> 2] = 1
    candidates = np.empty(len(FREE_COASTAL), dtype=np.int64)
    count = 0
    for tile in FREE_COASTAL_BY_INDEX:
        if laid[tile] or (BESIDE_START_SPACE[at] and TILE_VILLAGE[tile]):
            continue
        candidates[count] = tile
        count += 1
    tile = candidates[randbelow(gens, g, count)]
    left = table[COAST_QUEUE_COUNT] - 1
    for j in range(left):
        table[COAST_QUEUE + j] = table[COAST_QUEUE + j + 1]
    table[COAST_QUEUE + left] = -1
    table[COAST_QUEUE_COUNT] = left
    lay(table, tile, at, COAST_ROTATION[at])
    if left == 0:
        table[PHASE] = PHASE_TURN
        begin_turn(table)


@njit(cache=True, nogil=True)
def resolve_chance(table: np.ndarray, gens: np.ndarray, g: int) -> None:  # pragma: no cover
    """``State._resolve_chance``: chance steps until a player (or the end) is next."""
    while True:
        phase = table[PHASE]
        if phase == PHASE_DRAW:
            draw_tile(table, gens, g)
        elif phase == PHASE_COAST:
            lay_coast(table, gens, g)
        else:
            return


@njit(cache=True, nogil=True)
def set_up(table: np.ndarray, gens: np.ndarray, g: int) -> None:  # pragma: no cover
    """``GoldlandState.__init__`` with automatic chance: deal a new game on ``table``.

    The rules part of ``table`` must be written (:func:`new_table`); generator
    ``g`` of ``gens`` must be seeded with the game's seed.
    """
    players = table[PLAYERS]
    table[:RULES] = 0
    table[PHASE] = PHASE_TURN
    table[TURN_SEAT] = table[START_PLAYER]
    table[ROUND] = 1
    for c in range(CELLS):
        table[BOARD + c] = -1
    for k in range(len(INNER_TILES)):
        table[UNSEEN + k] = INNER_TILES[k]
    table[UNSEEN_COUNT] = len(INNER_TILES)
    for k in range(len(COAST_SPACES)):
        table[COAST_QUEUE + k] = -1
    for a in range(N_ARTICLES):
        table[ARTICLE_STOCK + a] = STOCK_COUNTS[a]
    table[TOKEN_STOCK] = DISCOVERY_TOKENS
    table[TREASURE_STOCK] = TREASURE_TOKENS
    for seat in range(players):
        table[PACKS + seat * N_OBJECTS + PROVISION] = STARTING_PROVISIONS
        table[PACKS + seat * N_OBJECTS + PEARL] = STARTING_PEARLS
        table[ARTICLE_STOCK + PROVISION] -= STARTING_PROVISIONS
        table[ARTICLE_STOCK + PEARL] -= STARTING_PEARLS
        table[POS + seat] = START
        table[CAMPS_LEFT + seat] = CAMPS_PER_PLAYER
    for k in range(2 * MAX_CAMPS):
        table[CAMPS + k] = -1
    for key in range(MARKERS):
        table[MARKER_HOLDER + key] = -1
    table[AMULETS_LEFT] = players
    table[BONUS] = 2 * players
    table[RESERVE] = RESERVE_GOLD[players]
    table[FIRST_ARRIVAL] = -1
    table[ALLOWANCE] = -1
    for k in range(MAX_PATH):
        table[PATH + k] = -1
    table[DRAWN] = -1
    table[EXPLORE_AT] = -1
    lay(table, START_TILE, START, 0)
    lay(table, SW_TILE, SW_CORNER, COAST_ROTATION[SW_CORNER])
    lay(table, NE_TILE, NE_CORNER, COAST_ROTATION[NE_CORNER])
    if table[COAST_SHOWN]:
        for k in range(len(FREE_COASTAL)):
            at = COAST_SPACES[k]
            lay(table, FREE_COASTAL[k], at, COAST_ROTATION[at])
        begin_turn(table)
    else:
        # the two spaces beside the start first, then the others in slot order
        count = 0
        for at in BESIDE_START_CELLS:
            table[COAST_QUEUE + count] = at
            count += 1
        for at in COAST_SPACES:
            if not BESIDE_START_SPACE[at]:
                table[COAST_QUEUE + count] = at
                count += 1
        table[COAST_QUEUE_COUNT] = count
        table[PHASE] = PHASE_COAST
    resolve_chance(table, gens, g)


# ------------------------------------------------------------------ one step
@njit(cache=True, nogil=True)
def do(table: np.ndarray, action: np.ndarray) -> None:  # pragma: no cover
    """``GoldlandState._do`` for a player's action (chance steps are :func:`resolve_chance`)."""
    seat = table[TURN_SEAT]
    kind = action[ACTION_KIND]
    if kind == MOVE_STEP:
        step(table, seat, action)
    elif kind == EXCHANGE:
        exchange(table, seat, action[ACTION_ARG], action[ACTION_TOKENS],
                 action[ACTION_MODE] != 0)
    elif kind == END_TURN:
        end_turn(table)
    elif kind == ACQUIRE:
        acquire(table, seat, action[ACTION_KIT:ACTION_KIT + N_ARTICLES])
    elif kind == CAMP:
        place_camp(table, seat, action[ACTION_ARG])
    elif kind == DISCARD:
        discard(table, seat, action[ACTION_ARG])
    elif kind == END_MOVE:
        finish(table, seat)
    elif kind == DIG:
        dig(table, seat)
    elif kind == EXPLORE:
        begin_exploration(table, action[ACTION_ARG])
    elif kind == PLACE_TILE:
        place(table, seat, action[ACTION_ARG], action[ACTION_MODE])
    elif kind == PASS:
        give_token(table, seat)
        end_turn(table)


@njit(cache=True, nogil=True)
def apply(table: np.ndarray, action: np.ndarray, gens: np.ndarray,
          g: int) -> None:  # pragma: no cover
    """``State.apply`` of a legal action with ``auto_chance``: the step, then its chance.

    Chance is drawn from generator ``g`` of ``gens`` (the game's generator).
    """
    do(table, action)
    resolve_chance(table, gens, g)



@njit(cache=True, nogil=True)
def scores(table: np.ndarray, out: np.ndarray) -> None:  # pragma: no cover
    """``scoring.table_scores`` into ``out``: gold pieces, 3 per treasure, 3 for the amulet,
    and the markers held at their printed value."""
    for seat in range(table[PLAYERS]):
        pack = PACKS + seat * N_OBJECTS
        out[seat] = (table[GOLD + seat] + TREASURE_GOLD * table[pack + TREASURE]
                     + AMULET_GOLD * table[pack + AMULET])
    for key in range(MARKERS):
        holder = table[MARKER_HOLDER + key]
        if holder >= 0:
            out[holder] += MARKER_VALUE[key]


@njit(cache=True, nogil=True)
def replay(table: np.ndarray, actions: np.ndarray, gens: np.ndarray,
           g: int) -> None:  # pragma: no cover
    """:func:`apply` each row of ``actions`` in turn, as ``State.apply`` over a game's record."""
    for k in range(actions.shape[0]):
        apply(table, actions[k], gens, g)
