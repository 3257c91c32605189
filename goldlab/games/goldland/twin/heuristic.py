"""Goldland's ``heuristic`` bot in numba: the same decisions as the Python bot, compiled.

:class:`goldlab.games.goldland.bots.HeuristicBot` decides from its observation
alone (a :class:`~goldlab.games.goldland.observation.GoldlandView`) and the
legal actions.  This module makes the same decision from flat arrays:

* :func:`view_arrays` reads a view (and its legal actions) into a
  :class:`ViewArrays`: the board's tile codes, treasures, pawns, backpacks,
  tokens, camps, markers, the table's counts, the turn's progress and the
  legal actions as action codes;
* :func:`tile_tables` reads a tile set once into a :class:`TileTables`: exits
  per board code, each tile's adventure, red cost, the prices the bot gives a
  step onto it (by path, by ordeal, with or without its own camp) and its
  equipment line's prerequisite;
* :func:`new_memory` gives the bot's memory between decisions, one per seat,
  owned by the caller: the route planned for this movement (and where it was
  planned from), the signature of the plan, and the key of the cost map with
  its serial number (a route is reused only for the map it was planned on);
* :func:`decide` (numba) is ``HeuristicBot.choose``: from a seat, its
  :class:`ViewArrays`, the :class:`TileTables` and its :class:`Memory` it
  returns an action code (:func:`encode` / :func:`decode` turn goldlab actions
  into codes and back); :func:`choose` does it all from a view.

>>> import goldlab
>>> state = goldlab.make("goldland", players=2, seed=1, mode="study")
>>> seat = state.current_player
>>> memory = new_memory()
>>> view = state.observation(seat)
>>> choose(view, seat, memory) == decode(decide(seat, view_arrays(view),
...                                             tables_of(view.tileset), memory))
True

The Python bot keeps its layout, cost map and marker gains between decisions
only to save time: they are functions of the view, so the kernel works them out
again when first needed in a decision.  What does change decisions is kept in
the memory: the route (followed step by step while the adventurer is where the
route has led it) and the signature of the plan (at the start of a movement the
route is reused while nothing it depends on changed).  The bot draws nothing
from its generator.

Floats are worked out in the Python bot's order (sums of article worths as
Python's ``sum`` adds them), and the searches' heaps order their entries by the
same tuples as ``heapq``, so every comparison and tie comes out the same.
"""

from __future__ import annotations

import sys
from typing import NamedTuple

import numpy as np
from numba import njit

from goldlab.core.values import Action
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
    BACKPACK_SPACES,
    DIG_COST,
    N_ARTICLES,
    N_OBJECTS,
    ORDEAL_COST,
    PROVISION,
    Kit,
)
from goldlab.games.goldland.board import CELLS, GOAL, NEIGHBOUR
from goldlab.games.goldland.bots import (
    ACQUIRE_LIMIT,
    ARTICLE_WORTH,
    BONUS_WORTH,
    EXPLORE_WORTH,
    FAR,
    FUTURE_WEIGHT,
    GOAL_DISTANCE,
    INNER_NEIGHBOURS,
    NEEDED_WORTH,
    STEP_COST,
    TEMPLE_WORTH,
    TREASURE_WORTH,
    space_prices,
)
from goldlab.games.goldland.observation import GoldlandView
from goldlab.games.goldland.phases import MOVE_WORDS
from goldlab.games.goldland.tiles import ADVENTURES, NEEDS, TileSet, load_tiles
from goldlab.games.goldland.twin.kernel import tile_arrays

# ---------------------------------------------------------------- action codes
MOVE, END_MOVE, DIG, EXPLORE, PLACE, ACQUIRE, EXCHANGE, DISCARD, CAMP, END_TURN, PASS = range(11)
"""The kinds of action: an action code is ``kind + 16 * what``."""
KIND_BITS = 4
KIT_BITS = 4
"""Bits per object count in a kit's code (9 objects: 36 bits)."""
MODES = (STEP_PLAIN, STEP_SURVIVE, STEP_ORDEAL)
PLAIN, SURVIVE, ORDEAL = range(3)
NO_ACTION = -1
"""What a part of the decision returns when it has nothing to do (the Python bot's None)."""

# ---------------------------------------------------------------- the board
NEIGHBOURS = np.array(NEIGHBOUR, dtype=np.int64)
"""``NEIGHBOURS[cell, direction]``: the space beside, -1 off the board."""
GOAL_DISTANCES = np.array(GOAL_DISTANCE, dtype=np.int64)
INNER_BESIDE = np.array([list(n) + [-1] * (4 - len(n)) for n in INNER_NEIGHBOURS],
                        dtype=np.int64)
"""The inner spaces beside each space (where tiles may still be laid), -1 padded."""
OPPOSITE = np.array([2, 3, 0, 1], dtype=np.int64)
WORTHS = np.array(ARTICLE_WORTH, dtype=np.float64)
MOVED_OVER = MOVE_WORDS.index("over")
MOVING = MOVE_WORDS.index("moving")
NOT_BEGUN = MOVE_WORDS.index("not begun")
N_ADVENTURES = len(ADVENTURES)
NEEDS_NOTHING, NEEDS_WHITE, NEEDS_RED = (NEEDS.index(n) for n in ("nothing", "white", "red"))
BY_WORTH = np.array(sorted(range(N_ARTICLES), key=ARTICLE_WORTH.__getitem__), dtype=np.int64)
"""The articles from the cheapest (a stable sort by ``ARTICLE_WORTH``)."""
COMPENSATED_SUM = sys.version_info >= (3, 12)
"""Python 3.12's ``sum`` of floats adds with Neumaier's compensation; 3.11's adds plainly."""

# ---------------------------------------------------------------- the view's counts
(PLAYERS, ROUND, AMULETS_LEFT, BONUS, RESERVE, FIRST_ARRIVAL, EXCHANGE_RATE, GAME_ENDING,
 FACE_DOWN, CAMP_COUNT) = range(10)
"""Indices of :attr:`ViewArrays.table`: the table's counts."""
TABLE_FIELDS = 10
(TURN_SEAT, MOVED, ALLOWANCE, STEPS, ACQUIRED, EXPLORED, CAMP_RIGHT, DRAWN,
 PATH_LENGTH) = range(9)
"""Indices of :attr:`ViewArrays.turn`: the turn's progress (DRAWN: the tile index, -1)."""
TURN_FIELDS = 9

# ---------------------------------------------------------------- the memory
ROUTE_ROOM = 32
"""Room for a route's steps (a movement is at most 12)."""
PATH_ROOM = 64
CAMP_ROOM = 64
(LEG_DIRECTION, LEG_ORDEAL, LEG_CELL) = range(3)
LEG_PAY = 3
LEG_FIELDS = LEG_PAY + N_ARTICLES
"""A route step: its direction, by ordeal or not, the space entered, the articles paid."""
(ROUTE_LENGTH, FROM_LENGTH, ROUTE_ROUND, ROUTE_SEAT, SIGNED, SERIAL, HAS_MAP) = range(7)
"""Indices of :attr:`Memory.notes`."""
NOTE_FIELDS = 7
SIGNATURE_LENGTH = 2 + 1 + PATH_ROOM + N_ARTICLES + 1 + N_ARTICLES + 3
"""round, seat, path (length, spaces), equipment, held given, held, tokens, carried, serial."""
KEY_LENGTH = 2 * CELLS + N_ADVENTURES + 3 + 1 + 2 * CAMP_ROOM
"""codes, treasures, marker holders, seeking, face down, a camp left, camps (count, pairs)."""

# ---------------------------------------------------------------- the search
NODE_ROOM = 256
"""Nodes the route search starts with room for (it doubles when full)."""
SURVIVED_ROOM = 16
(NODE_CELL, NODE_STEPS, NODE_WILD, NODE_FROM, NODE_DIRECTION, NODE_ORDEAL,
 NODE_SURVIVED) = range(7)
NODE_PACK = 7
NODE_PAY = NODE_PACK + N_ARTICLES
NODE_ADVENTURES = NODE_PAY + N_ARTICLES
NODE_FIELDS = NODE_ADVENTURES + SURVIVED_ROOM
"""A search node's integers: space, steps, tokens' worth of articles (``wild``), the node
one step back (-1), the leg's direction and ordeal flag, how many adventures survived,
the backpack, the leg's payment, the adventures survived in order."""


class TileTables(NamedTuple):
    """What the kernel reads of a tile set (by tile index; ``exits`` by board code)."""

    exits: np.ndarray
    adventure: np.ndarray
    """The tile's adventure (index in ADVENTURES), -1 if none."""
    cost: np.ndarray
    """The adventure's red articles (7 counts)."""
    red: np.ndarray
    """``red[tile, own camp]``: the price the bot gives entering the tile by path."""
    ordeal: np.ndarray
    """``ordeal[tile, own camp]``: the price of entering it by ordeal."""
    trade_needs: np.ndarray
    """The equipment line's prerequisite: index in NEEDS, -1 without a line."""
    white: np.ndarray
    """The white articles the line asks to keep (7 counts)."""


class ViewArrays(NamedTuple):
    """A :class:`GoldlandView` and its legal actions as the kernel reads them."""

    codes: np.ndarray
    treasure: np.ndarray
    pawns: np.ndarray
    packs: np.ndarray
    tokens: np.ndarray
    camps_left: np.ndarray
    camps: np.ndarray
    """(space, seat) of each camp, in the view's order (count: ``table[CAMP_COUNT]``)."""
    markers: np.ndarray
    """(holder or -1, gold value) of each adventure's marker."""
    table: np.ndarray
    turn: np.ndarray
    path: np.ndarray
    hand: np.ndarray
    legal: np.ndarray
    """The legal actions' codes, in order."""


class Memory(NamedTuple):
    """One seat's memory between decisions (``HeuristicBot``'s route, signature and map)."""

    route: np.ndarray
    planned_from: np.ndarray
    """The turn's path when the route was planned (``_route_from``)."""
    signature: np.ndarray
    key: np.ndarray
    notes: np.ndarray


def new_memory() -> Memory:
    """A fresh memory, as a new ``HeuristicBot`` has."""
    notes = np.zeros(NOTE_FIELDS, dtype=np.int64)
    notes[ROUTE_ROUND] = notes[ROUTE_SEAT] = -1
    return Memory(np.zeros((ROUTE_ROOM, LEG_FIELDS), dtype=np.int64),
                  np.zeros(PATH_ROOM, dtype=np.int64),
                  np.zeros(SIGNATURE_LENGTH, dtype=np.int64),
                  np.zeros(KEY_LENGTH, dtype=np.int64), notes)


# ---------------------------------------------------------------- Python side
def kit_code(counts: tuple[int, ...] | list[int]) -> int:
    """A kit's counts packed into one integer, 4 bits per object."""
    code = 0
    for i, n in enumerate(counts):
        code |= n << (KIT_BITS * i)
    return code


def kit_counts(code: int) -> tuple[int, ...]:
    """The 9 object counts of a kit code."""
    mask = (1 << KIT_BITS) - 1
    return tuple(code >> (KIT_BITS * i) & mask for i in range(N_OBJECTS))


def encode(action: Action) -> int:
    """The code of a Goldland action (the inverse of :func:`decode`)."""
    kind, what = _kind_and_what(action)
    return kind | what << KIND_BITS


def _kind_and_what(action: Action) -> tuple[int, int]:
    if isinstance(action, Move):
        return MOVE, (action.direction | MODES.index(action.mode) << 2
                      | kit_code(action.payment.counts) << 4)
    if isinstance(action, Acquire):
        return ACQUIRE, kit_code(action.articles.counts)
    if isinstance(action, Exchange):
        return EXCHANGE, action.article | int(action.use) << 4 | action.tokens << 5
    if isinstance(action, Explore):
        return EXPLORE, action.at + 1
    if isinstance(action, Place):
        return PLACE, action.at | action.rotation // 90 << 6
    if isinstance(action, Camp):
        return CAMP, action.source + 1
    if isinstance(action, Discard):
        return DISCARD, action.article
    for kind, cls in ((END_MOVE, EndMove), (DIG, Dig), (END_TURN, EndTurn), (PASS, Pass)):
        if isinstance(action, cls):
            return kind, 0
    raise ValueError(f"{action!r} is not a Goldland turn action")


def decode(code: int) -> Action:
    """The goldlab action of an action code."""
    kind, what = code & ((1 << KIND_BITS) - 1), code >> KIND_BITS
    if kind == MOVE:
        return Move(what & 3, MODES[what >> 2 & 3], Kit(kit_counts(what >> 4)))
    if kind == ACQUIRE:
        return Acquire(Kit(kit_counts(what)))
    if kind == EXCHANGE:
        return Exchange(what & 15, what >> 5, bool(what >> 4 & 1))
    if kind == EXPLORE:
        return Explore(what - 1)
    if kind == PLACE:
        return Place(what & 63, (what >> 6) * 90)
    if kind == CAMP:
        return Camp(what - 1)
    if kind == DISCARD:
        return Discard(what)
    return {END_MOVE: EndMove, DIG: Dig, END_TURN: EndTurn, PASS: Pass}[kind]()


def tile_tables(tileset: TileSet) -> TileTables:
    """The kernel's tables of a tile set (kept per tile set: see :func:`tables_of`)."""
    tiles = tileset.tiles
    count = len(tiles)
    red = np.zeros((count, 2), dtype=np.float64)
    ordeal = np.zeros((count, 2), dtype=np.float64)
    for t, tile in enumerate(tiles):
        for own in (0, 1):  # the Python bot's own prices (``space_prices``), float for float
            _, _, _, red[t, own], ordeal[t, own] = space_prices(tile, tile.exits, bool(own))
    exits, adventure, cost = tile_arrays(tileset)
    return TileTables(
        exits=exits,
        adventure=adventure,
        cost=cost,
        red=red,
        ordeal=ordeal,
        trade_needs=np.array([-1 if t.trade is None else NEEDS.index(t.trade.needs)
                              for t in tiles], dtype=np.int64),
        white=np.array([(t.trade.white.counts if t.trade is not None else (0,) * N_OBJECTS)
                        [:N_ARTICLES] for t in tiles], dtype=np.int64),
    )


_TABLES: dict[str, tuple[TileSet, TileTables]] = {}


def tables_of(tileset: TileSet) -> TileTables:
    """:func:`tile_tables` of ``tileset``, made once per tile set (by its digest)."""
    kept = _TABLES.get(tileset.digest)
    if kept is None:
        kept = _TABLES[tileset.digest] = (tileset, tile_tables(tileset))
    return kept[1]


DEFAULT_TABLES = tables_of(load_tiles())
"""The tables of the tile set goldlab ships."""


def view_arrays(view: GoldlandView, legal: tuple[Action, ...] | list[Action] | None = None
                ) -> ViewArrays:
    """The arrays the kernel reads of ``view`` (``legal``: the legal actions, by default
    the view's own)."""
    players = view.players
    packs = view.packs
    turn = view.turn
    tileset = view.tileset
    table = np.zeros(TABLE_FIELDS, dtype=np.int64)
    table[PLAYERS] = players
    table[ROUND] = view.round
    table[AMULETS_LEFT] = view.amulets_left
    table[BONUS] = view.bonus
    table[RESERVE] = view.reserve
    table[FIRST_ARRIVAL] = view.first_arrival
    table[EXCHANGE_RATE] = view.exchange_rate
    table[GAME_ENDING] = bool(view.end_reason)
    table[FACE_DOWN] = len(view.face_down)
    table[CAMP_COUNT] = len(view.camps)
    progress = np.zeros(TURN_FIELDS, dtype=np.int64)
    progress[TURN_SEAT] = turn.seat
    progress[MOVED] = MOVE_WORDS.index(turn.moved)
    progress[ALLOWANCE] = turn.allowance
    progress[STEPS] = turn.steps
    progress[ACQUIRED] = turn.acquired
    progress[EXPLORED] = turn.explored
    progress[CAMP_RIGHT] = turn.camp_right
    progress[DRAWN] = -1 if turn.drawn is None else tileset.tiles.index(
        tileset.by_id(turn.drawn))
    progress[PATH_LENGTH] = len(turn.path)
    path = np.zeros(PATH_ROOM, dtype=np.int64)
    path[:len(turn.path)] = turn.path
    camps = np.zeros((CAMP_ROOM, 2), dtype=np.int64)
    if view.camps:
        camps[:len(view.camps)] = view.camps
    treasure = np.zeros(CELLS, dtype=np.int64)
    treasure[list(view.treasures)] = 1
    return ViewArrays(
        codes=np.array(view.codes, dtype=np.int64),
        treasure=treasure,
        pawns=np.array(view.pawns, dtype=np.int64),
        packs=np.array([p.counts for p in packs], dtype=np.int64).reshape(players, N_OBJECTS),
        tokens=np.array(view.tokens, dtype=np.int64),
        camps_left=np.array(view.camps_left, dtype=np.int64),
        camps=camps,
        markers=np.array([(holder, worth) for _, holder, worth in view.markers],
                         dtype=np.int64),
        table=table,
        turn=progress,
        path=path,
        hand=np.array(turn.hand.counts, dtype=np.int64),
        legal=np.array([encode(a) for a in (view.legal_actions if legal is None else legal)],
                       dtype=np.int64),
    )


def choose(view: GoldlandView, seat: int, memory: Memory,
           legal: tuple[Action, ...] | list[Action] | None = None) -> Action:
    """``HeuristicBot(seat).choose(view, legal)``, made by the kernel with ``memory``."""
    return decode(choose_code(seat, view_arrays(view, legal), tables_of(view.tileset), memory))


def choose_code(seat: int, seen: ViewArrays, tiles: TileTables, memory: Memory) -> int:
    """The kernel's decision (an action code) for ``seat`` from arrays."""
    return int(decide(seat, seen, tiles, memory))


# ---------------------------------------------------------------- kernel: codes
@njit(cache=True, nogil=True, inline="always")
def _code(kind: int, what: int) -> int:  # pragma: no cover
    """:func:`encode` of an action of ``kind`` with ``what``."""
    return kind | what << KIND_BITS


@njit(cache=True, nogil=True, inline="always")
def _kind(code: int) -> int:  # pragma: no cover
    return code & ((1 << KIND_BITS) - 1)


@njit(cache=True, nogil=True, inline="always")
def _what(code: int) -> int:  # pragma: no cover
    return code >> KIND_BITS


@njit(cache=True, nogil=True)
def _articles_code(counts: np.ndarray) -> int:  # pragma: no cover
    """``kit_code(Kit.from_counts(counts).counts)`` of 7 article counts."""
    code = 0
    for a in range(N_ARTICLES):
        code |= counts[a] << (KIT_BITS * a)
    return code


@njit(cache=True, nogil=True, inline="always")
def _kit_count(kit: int, a: int) -> int:  # pragma: no cover
    return kit >> (KIT_BITS * a) & ((1 << KIT_BITS) - 1)


@njit(cache=True, nogil=True)
def _kit_size(kit: int) -> int:  # pragma: no cover
    """``Kit.size``: the objects of a kit code."""
    size = 0
    for a in range(N_OBJECTS):
        size += _kit_count(kit, a)
    return size


@njit(cache=True, nogil=True)
def _step_code(direction: int, by_ordeal: bool, pay: np.ndarray) -> int:  # pragma: no cover
    """A route step's action: ``Move(d)``, or ``Move(d, STEP_ORDEAL, Kit.from_counts(pay))``."""
    if by_ordeal:
        return _code(MOVE, direction | ORDEAL << 2 | _articles_code(pay) << 4)
    return _code(MOVE, direction)


@njit(cache=True, nogil=True, inline="always")
def _is_legal(legal: np.ndarray, code: int) -> bool:  # pragma: no cover
    """``action in legal``."""
    for a in legal:  # noqa: SIM110 (a loop: numba compiles it without a generator)
        if a == code:
            return True
    return False


@njit(cache=True, nogil=True, inline="always")
def _first_of(legal: np.ndarray, kind: int) -> int:  # pragma: no cover
    """``next((a for a in legal if isinstance(a, kind)), None)``."""
    for a in legal:
        if _kind(a) == kind:
            return int(a)
    return NO_ACTION


# ---------------------------------------------------------------- kernel: small reads
@njit(cache=True, nogil=True, inline="always")
def _worth(counts: np.ndarray) -> float:  # pragma: no cover
    """``bots._worth``: ``sum(ARTICLE_WORTH[a] * counts[a] for a in range(N_ARTICLES))``,
    added as Python's ``sum`` adds floats."""
    total = WORTHS[0] * counts[0]
    compensation = 0.0
    for a in range(1, N_ARTICLES):
        x = WORTHS[a] * counts[a]
        t = total + x
        if COMPENSATED_SUM:
            if abs(total) >= abs(x):
                compensation += (total - t) + x
            else:
                compensation += (x - t) + total
        total = t
    if COMPENSATED_SUM and compensation != 0.0:
        total += compensation
    return float(total)


@njit(cache=True, nogil=True, inline="always")
def _carried(packs: np.ndarray, seat: int) -> int:  # pragma: no cover
    """``GoldlandView.carried``: the objects in a backpack."""
    return int(packs[seat].sum())


@njit(cache=True, nogil=True, inline="always")
def _equipment_size(packs: np.ndarray, seat: int) -> int:  # pragma: no cover
    """``sum(view.equipment(seat))``."""
    return int(packs[seat, :N_ARTICLES].sum())


@njit(cache=True, nogil=True, inline="always")
def _adventure_at(codes: np.ndarray, adventure: np.ndarray, c: int) -> int:  # pragma: no cover
    """``bots._adventure``: the adventure of the tile on ``c`` (-1: none or no tile)."""
    if codes[c] < 0:
        return -1
    return int(adventure[codes[c] >> 2])


@njit(cache=True, nogil=True, inline="always")
def _exits_at(codes: np.ndarray, exits: np.ndarray, c: int) -> int:  # pragma: no cover
    """``GoldlandView.exits``: the exits of the tile on ``c`` as it lies (0 if empty)."""
    return exits[codes[c]] if codes[c] >= 0 else 0


@njit(cache=True, nogil=True)
def turns_after_this(packs: np.ndarray, table: np.ndarray) -> int:  # pragma: no cover
    """``bots.turns_after_this``: the turns left after this one, -1 for None."""
    players = table[PLAYERS]
    holders = 0
    for s in range(players):
        if packs[s, AMULET] > 0:
            holders += 1
    if holders == 0:
        return -1
    if table[GAME_ENDING] or holders == players or table[RESERVE] == 0:
        return 0
    return int(-(-table[RESERVE] // holders))


@njit(cache=True, nogil=True)
def steps_to_goal(codes: np.ndarray, start: int) -> int:  # pragma: no cover
    """``bots.steps_to_goal``: the fewest steps to the goal over explored tiles."""
    if codes[GOAL] < 0:
        return CELLS
    seen = np.zeros(CELLS, dtype=np.bool_)
    seen[start] = True
    ring = np.empty(CELLS, dtype=np.int64)
    nxt = np.empty(CELLS, dtype=np.int64)
    ring[0] = start
    ring_size = 1
    steps = 0
    while ring_size:
        if seen[GOAL]:
            return steps
        steps += 1
        size = 0
        for i in range(ring_size):
            for n in NEIGHBOURS[ring[i]]:
                if n >= 0 and not seen[n] and codes[n] >= 0:
                    seen[n] = True
                    nxt[size] = n
                    size += 1
        ring, nxt = nxt, ring
        ring_size = size
    return CELLS


@njit(cache=True, nogil=True)
def _seeking(seat: int, seen: ViewArrays) -> bool:  # pragma: no cover
    """``HeuristicBot._seeking``: whether the temple is still worth racing for."""
    if seen.packs[seat, AMULET] > 0 or seen.table[AMULETS_LEFT] == 0:
        return False
    future = turns_after_this(seen.packs, seen.table)
    if future < 0:
        return True
    reach = max(1, BACKPACK_SPACES - _carried(seen.packs, seat))
    return steps_to_goal(seen.codes, seen.pawns[seat]) <= reach * (future + 1)


@njit(cache=True, nogil=True)
def _digging(seen: ViewArrays, seeking: bool) -> bool:  # pragma: no cover
    """``bots._digging``: whether treasures are worth digging now."""
    return not seeking or turns_after_this(seen.packs, seen.table) >= 0


# ---------------------------------------------------------------- kernel: the cost map
class Land(NamedTuple):
    """One decision's cost map (``HeuristicBot._table``'s ``_Map``), worked out when first
    needed: ``made[0]`` says whether it is."""

    made: np.ndarray
    own_camp: np.ndarray
    """Per space: the player's own camp on an adventure tile."""
    red: np.ndarray
    """Per space: the price of entering its tile by path."""
    ordeal: np.ndarray
    """Per space: the price of entering its tile by ordeal."""
    frontier: np.ndarray
    """Per tile: the goal distance of the nearest empty inner space beside it, -1 if none."""
    gain: np.ndarray
    """Per adventure: what surviving it would win in markers."""
    to_go: np.ndarray
    """Per space: the cost of getting from its tile to the goal."""


@njit(cache=True, nogil=True)
def _new_land() -> Land:  # pragma: no cover
    """A cost map not yet worked out."""
    return Land(np.zeros(1, dtype=np.int64), np.zeros(CELLS, dtype=np.bool_),
                np.zeros(CELLS, dtype=np.float64), np.zeros(CELLS, dtype=np.float64),
                np.zeros(CELLS, dtype=np.int64), np.zeros(N_ADVENTURES, dtype=np.float64),
                np.zeros(CELLS, dtype=np.float64))


@njit(cache=True, nogil=True)
def _lay_out(seat: int, seen: ViewArrays, tiles: TileTables,
             land: Land) -> None:  # pragma: no cover
    """``_Layout.__init__``: per space its own camp, prices by path and by ordeal
    (``space_prices``), and the frontier (``_frontier``)."""
    codes = seen.codes
    own = np.zeros(CELLS, dtype=np.bool_)
    for i in range(seen.table[CAMP_COUNT]):
        if seen.camps[i, 1] == seat:
            own[seen.camps[i, 0]] = True
    for c in range(CELLS):
        if codes[c] < 0:
            land.own_camp[c] = False
            land.red[c] = 0.0
            land.ordeal[c] = 0.0
            continue
        t = codes[c] >> 2
        land.own_camp[c] = tiles.adventure[t] >= 0 and own[c]
        land.red[c] = tiles.red[t, 1 if own[c] else 0]
        land.ordeal[c] = tiles.ordeal[t, 1 if own[c] else 0]
    for c in range(CELLS):
        near = -1
        if codes[c] >= 0:
            for n in INNER_BESIDE[c]:
                if n >= 0 and codes[n] < 0 and (near < 0 or GOAL_DISTANCES[n] < near):
                    near = GOAL_DISTANCES[n]
        land.frontier[c] = near


@njit(cache=True, nogil=True)
def _marker_gains(seat: int, seen: ViewArrays, tiles: TileTables,
                  land: Land) -> None:  # pragma: no cover
    """``HeuristicBot._marker_gains``: what surviving each adventure would win in markers
    (0.2 when nothing)."""
    # the camps of each player on each kind of adventure (last column: none)
    camped = np.zeros((seen.table[PLAYERS], N_ADVENTURES + 1), dtype=np.int64)
    for i in range(seen.table[CAMP_COUNT]):
        camped[seen.camps[i, 1], _adventure_at(seen.codes, tiles.adventure,
                                               seen.camps[i, 0])] += 1
    for key in range(N_ADVENTURES):
        holder, worth = seen.markers[key, 0], seen.markers[key, 1]
        if holder < 0:
            land.gain[key] = float(worth)
        elif holder == seat:
            land.gain[key] = 0.2
        elif camped[seat, key] + 1 > camped[holder, key] and seen.camps_left[seat] > 0:
            land.gain[key] = float(worth)
        else:
            land.gain[key] = 0.2


@njit(cache=True, nogil=True, inline="always")
def _heap_less(cost: np.ndarray, tag: np.ndarray, i: int, j: int) -> bool:  # pragma: no cover
    """Entry ``i`` before entry ``j``: their ``(cost, tag)`` tuples compared as Python does."""
    return bool(cost[i] < cost[j] or (cost[i] == cost[j] and tag[i] < tag[j]))


@njit(cache=True, nogil=True, inline="always")
def _heap_swap(cost: np.ndarray, tag: np.ndarray, item: np.ndarray, i: int,
               j: int) -> None:  # pragma: no cover
    cost[i], cost[j] = cost[j], cost[i]
    tag[i], tag[j] = tag[j], tag[i]
    item[i], item[j] = item[j], item[i]


@njit(cache=True, nogil=True, inline="always")
def _heap_push(cost: np.ndarray, tag: np.ndarray, item: np.ndarray, size: int, key: float,
               order: int, what: int) -> int:  # pragma: no cover
    """``heapq.heappush(heap, (key, order, what))``, ``what`` never compared (``order`` is
    unique, or equal entries are alike); the new size."""
    i = size
    cost[i], tag[i], item[i] = key, order, what
    while i > 0:
        parent = (i - 1) >> 1
        if not _heap_less(cost, tag, i, parent):
            break
        _heap_swap(cost, tag, item, i, parent)
        i = parent
    return size + 1


@njit(cache=True, nogil=True, inline="always")
def _heap_pop(cost: np.ndarray, tag: np.ndarray, item: np.ndarray,
              size: int) -> int:  # pragma: no cover
    """``heapq.heappop``: moves the smallest entry to index ``size - 1`` (read it there);
    the new size."""
    last = size - 1
    _heap_swap(cost, tag, item, 0, last)
    i = 0
    while True:
        left = 2 * i + 1
        if left >= last:
            break
        child = left
        if left + 1 < last and _heap_less(cost, tag, left + 1, left):
            child = left + 1
        if not _heap_less(cost, tag, child, i):
            break
        _heap_swap(cost, tag, item, i, child)
        i = child
    return last


@njit(cache=True, nogil=True)
def _costs_to_go(seen: ViewArrays, tiles: TileTables, land: Land,
                 target: np.ndarray) -> None:  # pragma: no cover
    """``bots._costs_to_go``: the cheapest cost from each explored tile to a target
    (``target[c]``: the cost there, NaN where none), by ``_Layout._steps_onto``'s steps (a
    step from ``u`` onto ``v`` costs ``STEP_COST`` plus ``v``'s price by path or ordeal)."""
    codes, exits, to_go = seen.codes, tiles.exits, land.to_go
    room = CELLS * 5 + 1
    cost = np.empty(room, dtype=np.float64)
    cell = np.empty(room, dtype=np.int64)
    same = np.empty(room, dtype=np.int64)  # the heap's third column (the cell again)
    size = 0
    to_go[:] = FAR
    for c in range(CELLS):
        if not np.isnan(target[c]):
            to_go[c] = target[c]
            size = _heap_push(cost, cell, same, size, target[c], c, c)
    while size:
        size = _heap_pop(cost, cell, same, size)
        here, v = cost[size], cell[size]
        if here > to_go[v]:
            continue
        for d in range(4):
            u = NEIGHBOURS[v, d]
            if u < 0 or codes[u] < 0:
                continue
            # the step from u onto v enters v from side d
            if exits[codes[u]] >> OPPOSITE[d] & 1 and exits[codes[v]] >> d & 1:
                step = STEP_COST + land.red[v]
            else:
                step = STEP_COST + land.ordeal[v]
            if here + step < to_go[u]:
                to_go[u] = here + step
                size = _heap_push(cost, cell, same, size, here + step, u, u)


@njit(cache=True, nogil=True)
def _cost_map(seat: int, seeking: bool, seen: ViewArrays, tiles: TileTables,
              land: Land) -> None:  # pragma: no cover
    """``HeuristicBot._table``'s map, worked out afresh: the layout, the marker gains, the
    goals (the temple; else the frontier, and when not racing treasures and adventures
    worth surviving) and the cost to go from each explored tile."""
    _lay_out(seat, seen, tiles, land)
    _marker_gains(seat, seen, tiles, land)
    codes = seen.codes
    target = np.full(CELLS, np.nan)
    if seeking and codes[GOAL] >= 0:
        target[GOAL] = 0.0
    else:
        if seen.table[FACE_DOWN] > 0:
            for c in range(CELLS):
                if land.frontier[c] >= 0:
                    target[c] = 0.35 * land.frontier[c] if seeking else 1.5
        if not seeking:
            for c in range(CELLS):
                if seen.treasure[c]:
                    target[c] = min(FAR if np.isnan(target[c]) else target[c], 0.0)
            for c in range(CELLS):
                kind = _adventure_at(codes, tiles.adventure, c)
                if kind >= 0 and land.gain[kind] >= 2:
                    target[c] = min(FAR if np.isnan(target[c]) else target[c],
                                    2.0 - 0.3 * land.gain[kind])
    _costs_to_go(seen, tiles, land, target)


@njit(cache=True, nogil=True)
def _map_key(seat: int, seen: ViewArrays, seeking: bool) -> np.ndarray:  # pragma: no cover
    """``_table``'s ``key``: codes, treasures, markers, seeking, face down, a camp left and
    the camps."""
    key = np.full(KEY_LENGTH, -1, dtype=np.int64)
    key[:CELLS] = seen.codes
    key[CELLS:2 * CELLS] = seen.treasure
    at = 2 * CELLS
    key[at:at + N_ADVENTURES] = seen.markers[:, 0]
    at += N_ADVENTURES
    key[at] = seeking
    key[at + 1] = seen.table[FACE_DOWN] > 0
    key[at + 2] = seen.camps_left[seat] > 0
    key[at + 3] = seen.table[CAMP_COUNT]
    at += 4
    for i in range(seen.table[CAMP_COUNT]):
        key[at + 2 * i] = seen.camps[i, 0]
        key[at + 2 * i + 1] = seen.camps[i, 1]
    return key


@njit(cache=True, nogil=True)
def _table(seat: int, seen: ViewArrays, tiles: TileTables, land: Land,
           memory: Memory) -> bool:  # pragma: no cover
    """``HeuristicBot._table``: this decision's cost map, worked out when first asked for,
    noting in the memory whether it is the map kept from before (else a new serial);
    the map's ``seeking``."""
    seeking = _seeking(seat, seen)
    if land.made[0]:
        return seeking
    notes = memory.notes
    key = _map_key(seat, seen, seeking)
    if not notes[HAS_MAP] or not np.array_equal(key, memory.key):
        memory.key[:] = key
        notes[HAS_MAP] = 1
        notes[SERIAL] += 1
    _cost_map(seat, seeking, seen, tiles, land)
    land.made[0] = 1
    return seeking


@njit(cache=True, nogil=True)
def _needs(seat: int, seen: ViewArrays, tiles: TileTables, land: Land,
           memory: Memory) -> np.ndarray:  # pragma: no cover
    """``HeuristicBot._needs``: the red articles of the adventures on the cheapest route
    from the pawn (6 hops)."""
    _table(seat, seen, tiles, land, memory)
    codes, exits, to_go = seen.codes, tiles.exits, land.to_go
    here = seen.pawns[seat]
    needs = np.zeros(N_ARTICLES, dtype=np.int64)
    passed = np.zeros(CELLS, dtype=np.bool_)
    passed[here] = True
    for _ in range(6):
        if to_go[here] <= 0.0 or to_go[here] >= FAR:
            break
        best, best_d = FAR, -1
        for d in range(4):
            v = NEIGHBOURS[here, d]
            if v < 0 or passed[v] or codes[v] < 0:
                continue
            # ``_Map.entry_cost``
            if exits[codes[here]] >> d & 1 and exits[codes[v]] >> OPPOSITE[d] & 1:
                entry = land.red[v]
            else:
                entry = land.ordeal[v]
            step = STEP_COST + entry + to_go[v]
            if step < best:
                best, best_d = step, d
        if best_d < 0:
            break
        v = NEIGHBOURS[here, best_d]
        t = codes[v] >> 2
        if tiles.adventure[t] >= 0 and not land.own_camp[v]:
            needs += tiles.cost[t]
        passed[v] = True
        here = v
    return needs


# ---------------------------------------------------------------- kernel: the route search
class EndValues(NamedTuple):
    """What ending the movement on a tile is worth: what a search keeps fixed
    (``_EndValues``)."""

    others: int
    """Objects carried that are not equipment (treasures, the amulet)."""
    seeking: bool
    bonus: float
    treasure_worth: float
    explore: bool
    trade_ok: bool


@njit(cache=True, nogil=True, inline="always")
def _end_value(nodes: np.ndarray, i: int, ends: EndValues, seen: ViewArrays,
               tiles: TileTables, land: Land) -> float:  # pragma: no cover
    """``_EndValues.of``: the value of stopping at node ``i``."""
    c = nodes[i, NODE_CELL]
    pack = nodes[i, NODE_PACK:NODE_PACK + N_ARTICLES]
    load = pack.sum() + ends.others  # treasures and the amulet take spaces too
    value = -FUTURE_WEIGHT * land.to_go[c]
    if ends.seeking and c == GOAL and load < BACKPACK_SPACES:
        value += TEMPLE_WORTH + ends.bonus
    if seen.treasure[c] and pack[PROVISION] >= DIG_COST and load - DIG_COST < 12:
        value += ends.treasure_worth
    survived = nodes[i, NODE_SURVIVED]
    for k in range(survived):
        value += land.gain[nodes[i, NODE_ADVENTURES + k]]
    if ends.explore and land.frontier[c] >= 0:  # an empty space beside to explore
        value += EXPLORE_WORTH
    t = seen.codes[c] >> 2
    needs = tiles.trade_needs[t]
    if needs >= 0 and ends.trade_ok and load < ACQUIRE_LIMIT and (
            needs == NEEDS_NOTHING
            or (needs == NEEDS_WHITE and np.all(tiles.white[t] <= pack))
            or (needs == NEEDS_RED and survived > 0
                and nodes[i, NODE_ADVENTURES + survived - 1] == tiles.adventure[t])):
        value += 0.3  # a trade is worth something only with room to acquire
    return float(value)


@njit(cache=True, nogil=True, inline="always")
def _survive(nodes: np.ndarray, i: int, kind: int) -> None:  # pragma: no cover
    """``(*survived, adventure)``: node ``i`` survived one more adventure."""
    nodes[i, NODE_ADVENTURES + nodes[i, NODE_SURVIVED]] = kind
    nodes[i, NODE_SURVIVED] += 1


@njit(cache=True, nogil=True, inline="always")
def _cheapest_first(spare: np.ndarray) -> np.ndarray:  # pragma: no cover
    """``sorted(range(N_ARTICLES), key=lambda a: (ARTICLE_WORTH[a], -spare[a]))``."""
    order = np.arange(N_ARTICLES)
    for i in range(1, N_ARTICLES):  # insertion sort: stable, as ``sorted``
        a = order[i]
        j = i
        while j > 0 and (WORTHS[order[j - 1]] > WORTHS[a] or (
                WORTHS[order[j - 1]] == WORTHS[a] and -spare[order[j - 1]] > -spare[a])):
            order[j] = order[j - 1]
            j -= 1
        order[j] = a
    return order


@njit(cache=True, nogil=True, inline="always")
def _step(nodes: np.ndarray, spent: np.ndarray, parent: int, d: int, to: int, new: int,
          seen: ViewArrays, tiles: TileTables, land: Land) -> bool:  # pragma: no cover
    """``HeuristicBot._step``: node ``new`` made by stepping from node ``parent`` in
    direction ``d`` onto the tile on ``to``, paying what it costs (False if the articles
    and tokens do not cover it)."""
    codes, exits = seen.codes, tiles.exits
    here = nodes[parent, NODE_CELL]
    t = codes[to] >> 2
    connected = exits[codes[here]] >> d & 1 and exits[codes[to]] >> OPPOSITE[d] & 1
    camp = land.own_camp[to]
    kind = tiles.adventure[t]
    cost = tiles.cost[t]
    nodes[new] = nodes[parent]
    nodes[new, NODE_CELL] = to
    nodes[new, NODE_STEPS] += 1
    nodes[new, NODE_FROM] = parent
    nodes[new, NODE_DIRECTION] = d
    nodes[new, NODE_ORDEAL] = 0
    pack = nodes[new, NODE_PACK:NODE_PACK + N_ARTICLES]
    pay = nodes[new, NODE_PAY:NODE_PAY + N_ARTICLES]
    pay[:] = 0
    wild = nodes[parent, NODE_WILD]
    if connected and (kind < 0 or camp):
        spent[new] = spent[parent]
        return True
    if connected:  # paid with its red articles (tokens: the rest)
        short = 0
        for a in range(N_ARTICLES):
            if cost[a] > pack[a]:
                short += cost[a] - pack[a]
        if short > wild:
            return False
        for a in range(N_ARTICLES):
            pack[a] = pack[a] - cost[a] if pack[a] > cost[a] else 0
        pay[:] = cost
        nodes[new, NODE_WILD] = wild - short
        spent[new] = spent[parent] + land.red[to]
        _survive(nodes, new, kind)
        return True
    # by ordeal: the adventure's red articles (if any), the rest of ORDEAL_COST from
    # the cheapest spare articles, then from discovery tokens
    if pack.sum() + wild < ORDEAL_COST:
        return False  # not even the articles of an ordeal
    if not (kind < 0 or camp):
        pay[:] = cost
    fill = ORDEAL_COST - pay.sum()
    spare = np.empty(N_ARTICLES, dtype=np.int64)
    for a in range(N_ARTICLES):
        spare[a] = max(0, pack[a] - pay[a])
    if fill:
        for a in _cheapest_first(spare):
            take = min(fill, spare[a])
            pay[a] += take
            fill -= take
    pay[PROVISION] += fill  # the rest from discovery tokens
    for a in range(N_ARTICLES):
        short = pay[a] - pack[a]
        if short > 0:
            if short > wild:
                return False
            wild -= short
            pack[a] += short
    pack -= pay
    nodes[new, NODE_WILD] = wild
    nodes[new, NODE_ORDEAL] = 1
    if kind >= 0 and np.all(cost <= pay):
        _survive(nodes, new, kind)
    spent[new] = spent[parent] + _worth(pay)
    return True


@njit(cache=True, nogil=True)
def _grown(a: np.ndarray, room: int) -> np.ndarray:  # pragma: no cover
    """A copy of ``a`` with room for ``room`` rows."""
    bigger = np.zeros((room, *a.shape[1:]), dtype=a.dtype)
    bigger[:a.shape[0]] = a
    return bigger


@njit(cache=True, nogil=True)
def _plan(seat: int, left: int, held: np.ndarray, seeking: bool, seen: ViewArrays,
          tiles: TileTables, land: Land, route: np.ndarray) -> int:  # pragma: no cover
    """``HeuristicBot._plan``: the route to the best end point reachable this turn, written
    into ``route``; its length (0: stay).  ``held``: articles held from an exchange."""
    room = NODE_ROOM
    nodes = np.empty((room, NODE_FIELDS), dtype=np.int64)  # a node's row is written whole
    spent = np.empty(room, dtype=np.float64)
    heap_key = np.empty(room, dtype=np.float64)
    heap_order = np.empty(room, dtype=np.int64)
    heap_node = np.empty(room, dtype=np.int64)
    start = seen.pawns[seat]
    nodes[0] = 0
    spent[0] = 0.0
    nodes[0, NODE_CELL] = start
    nodes[0, NODE_FROM] = -1
    nodes[0, NODE_PACK:NODE_PACK + N_ARTICLES] = seen.packs[seat, :N_ARTICLES] + held
    nodes[0, NODE_WILD] = seen.tokens[seat] // seen.table[EXCHANGE_RATE]
    visited = np.zeros(CELLS, dtype=np.bool_)
    for i in range(seen.turn[PATH_LENGTH]):
        visited[seen.path[i]] = True
    ends = EndValues(
        _carried(seen.packs, seat) - _equipment_size(seen.packs, seat),
        seeking,
        BONUS_WORTH if seen.table[FIRST_ARRIVAL] < 0 or seen.table[BONUS] else 0.0,
        TREASURE_WORTH if _digging(seen, seeking) else 0.0,
        not seen.turn[EXPLORED] and seen.table[FACE_DOWN] > 0,
        not seen.turn[ACQUIRED],
    )
    best = -1
    best_value = _end_value(nodes, 0, ends, seen, tiles, land)
    cheapest = np.full(CELLS, np.inf)  # ``seen``: the cheapest key each space was reached at
    cheapest[start] = 0.0
    size = _heap_push(heap_key, heap_order, heap_node, 0, 0.0, 0, 0)
    count = 1
    counter = 1
    while size:
        size = _heap_pop(heap_key, heap_order, heap_node, size)
        node = heap_node[size]
        steps = nodes[node, NODE_STEPS]
        if nodes[node, NODE_FROM] >= 0:
            value = (_end_value(nodes, node, ends, seen, tiles, land) - spent[node]
                     - 0.001 * steps)
            if value > best_value:
                best, best_value = node, value
        if steps >= left:
            continue
        here = nodes[node, NODE_CELL]
        # a step never costs less than nothing, so where a step cannot beat this, the
        # search has already been as cheaply
        bound = spent[node] + 0.001 * (steps + 1)
        for d in range(4):
            to = NEIGHBOURS[here, d]
            if to < 0 or visited[to] or seen.codes[to] < 0:
                continue  # off the board, back on the path already taken, unexplored
            if cheapest[to] <= bound:
                continue
            if count == room:
                room *= 2
                nodes = _grown(nodes, room)
                spent = _grown(spent, room)
                heap_key = _grown(heap_key, room)
                heap_order = _grown(heap_order, room)
                heap_node = _grown(heap_node, room)
            if not _step(nodes, spent, node, d, to, count, seen, tiles, land):
                continue
            key = spent[count] + 0.001 * nodes[count, NODE_STEPS]
            if cheapest[to] <= key:
                continue
            cheapest[to] = key
            size = _heap_push(heap_key, heap_order, heap_node, size, key, counter, count)
            counter += 1
            count += 1
    if best < 0:
        return 0
    length = nodes[best, NODE_STEPS]
    node = best
    for i in range(length - 1, -1, -1):  # ``_Node.route``: back from the end
        route[i, LEG_DIRECTION] = nodes[node, NODE_DIRECTION]
        route[i, LEG_ORDEAL] = nodes[node, NODE_ORDEAL]
        route[i, LEG_CELL] = nodes[node, NODE_CELL]
        route[i, LEG_PAY:] = nodes[node, NODE_PAY:NODE_PAY + N_ARTICLES]
        node = nodes[node, NODE_FROM]
    return int(length)


# ---------------------------------------------------------------- kernel: following the route
@njit(cache=True, nogil=True)
def _left(seat: int, seen: ViewArrays) -> int:  # pragma: no cover
    """``HeuristicBot._left``: the steps left in this movement."""
    if seen.turn[STEPS] == 0:
        return BACKPACK_SPACES - _carried(seen.packs, seat)
    return int(seen.turn[ALLOWANCE] - seen.turn[STEPS])


@njit(cache=True, nogil=True)
def _signature(seat: int, held_given: bool, held: np.ndarray, seen: ViewArrays,
               serial: int) -> np.ndarray:  # pragma: no cover
    """``_next_step``'s signature of a plan: (round, seat to move, path, equipment, held,
    tokens, objects carried, the map's serial)."""
    signature = np.full(SIGNATURE_LENGTH, -1, dtype=np.int64)
    signature[0] = seen.table[ROUND]
    signature[1] = seen.turn[TURN_SEAT]
    length = seen.turn[PATH_LENGTH]
    signature[2] = length
    signature[3:3 + length] = seen.path[:length]
    at = 3 + PATH_ROOM
    signature[at:at + N_ARTICLES] = seen.packs[seat, :N_ARTICLES]
    at += N_ARTICLES
    signature[at] = held_given
    if held_given:
        signature[at + 1:at + 1 + N_ARTICLES] = held
    at += 1 + N_ARTICLES
    signature[at] = seen.tokens[seat]
    signature[at + 1] = _carried(seen.packs, seat)
    signature[at + 2] = serial
    return signature


@njit(cache=True, nogil=True)
def _on_route(seen: ViewArrays, memory: Memory) -> int:  # pragma: no cover
    """How many steps of the kept route the adventurer has taken, if it is where the route
    has led it this turn (-1 if not)."""
    notes, path = memory.notes, seen.path
    start = notes[FROM_LENGTH]
    done = seen.turn[PATH_LENGTH] - start
    if notes[ROUTE_ROUND] != seen.table[ROUND] or notes[ROUTE_SEAT] != seen.turn[TURN_SEAT]:
        return -1
    if done < 0 or done > notes[ROUTE_LENGTH]:
        return -1
    for i in range(start):
        if path[i] != memory.planned_from[i]:
            return -1
    for i in range(done):
        if path[start + i] != memory.route[i, LEG_CELL]:
            return -1
    return int(done)


@njit(cache=True, nogil=True)
def _next_step(seat: int, held_given: bool, held: np.ndarray, seen: ViewArrays,
               tiles: TileTables, land: Land, memory: Memory) -> int:  # pragma: no cover
    """``HeuristicBot._next_step``: the index in ``memory.route`` of the next step of this
    movement's route (-1: none).

    Before the first step the route is searched again whenever the signature changed;
    once moving, the route is followed while the adventurer is where it has led it.
    """
    notes = memory.notes
    if seen.turn[STEPS] == 0:
        seeking = _table(seat, seen, tiles, land, memory)
        signature = _signature(seat, held_given, held, seen, notes[SERIAL])
        if notes[SIGNED] and np.array_equal(signature, memory.signature):
            return 0 if notes[ROUTE_LENGTH] > 0 else -1
        signed = True
    else:
        done = _on_route(seen, memory)
        if done >= 0:
            # at the route's end the adventurer stops where the search chose to
            return done if done < notes[ROUTE_LENGTH] else -1
        signature = memory.signature
        signed = False
        seeking = _table(seat, seen, tiles, land, memory)
    length = _plan(seat, _left(seat, seen), held, seeking, seen, tiles, land, memory.route)
    if signed:
        memory.signature[:] = signature
    notes[SIGNED] = signed
    notes[ROUTE_LENGTH] = length
    memory.planned_from[:] = seen.path[:PATH_ROOM]
    notes[FROM_LENGTH] = seen.turn[PATH_LENGTH]
    notes[ROUTE_ROUND] = seen.table[ROUND]
    notes[ROUTE_SEAT] = seen.turn[TURN_SEAT]
    return 0 if length > 0 else -1


@njit(cache=True, nogil=True)
def _route_step(memory: Memory, leg: int) -> int:  # pragma: no cover
    """The action of step ``leg`` of the kept route."""
    route = memory.route
    return _step_code(route[leg, LEG_DIRECTION], route[leg, LEG_ORDEAL] != 0,
                      route[leg, LEG_PAY:])


@njit(cache=True, nogil=True)
def _buy_for(seen: ViewArrays, pay: np.ndarray, have: np.ndarray) -> int:  # pragma: no cover
    """``HeuristicBot._buy_for``: an exchange for what the next step's payment still lacks
    (held to use at once, else into the backpack)."""
    rate = seen.table[EXCHANGE_RATE]
    for article in range(N_ARTICLES):
        if have[article] < pay[article]:
            for use in (1, 0):
                buy = _code(EXCHANGE, article | use << 4 | rate << 5)
                if _is_legal(seen.legal, buy):
                    return buy
    return NO_ACTION


@njit(cache=True, nogil=True)
def _movement(seat: int, seen: ViewArrays, tiles: TileTables, land: Land,
              memory: Memory) -> int:  # pragma: no cover
    """``HeuristicBot._movement``: the route's next step (or what it needs first)."""
    moved = seen.turn[MOVED]
    legal = seen.legal
    leg = _next_step(seat, False, seen.hand[:N_ARTICLES], seen, tiles, land, memory)
    if leg < 0:
        if moved == MOVING:
            return _first_of(legal, END_MOVE)
        return _discard(seat, seen, tiles, land, memory)
    pay = memory.route[leg, LEG_PAY:]
    if seen.turn[STEPS] == 0 and moved == NOT_BEGUN:
        acquire = _acquire(seat, seen, tiles, land, memory, True,
                           _left(seat, seen) - memory.notes[ROUTE_LENGTH])
        if acquire != NO_ACTION:
            return acquire
    buy = _buy_for(seen, pay, seen.packs[seat, :N_ARTICLES])
    if buy != NO_ACTION:
        return buy
    first = _route_step(memory, leg)
    if _is_legal(legal, first):
        return first
    memory.notes[SIGNED] = 0
    if moved == MOVING:
        return _first_of(legal, END_MOVE)
    return NO_ACTION


@njit(cache=True, nogil=True)
def _use_held(seat: int, seen: ViewArrays, tiles: TileTables, land: Land,
              memory: Memory) -> int:  # pragma: no cover
    """``HeuristicBot._use_held``: articles held from an exchange pay the step they were
    bought for (buying the rest)."""
    held = seen.hand[:N_ARTICLES]
    legal = seen.legal
    if seen.turn[MOVED] != MOVED_OVER:
        leg = _next_step(seat, True, held, seen, tiles, land, memory)
        if leg >= 0:
            first = _route_step(memory, leg)
            if _is_legal(legal, first):
                return first
            buy = _buy_for(seen, memory.route[leg, LEG_PAY:],
                           seen.packs[seat, :N_ARTICLES] + held)
            if buy != NO_ACTION:
                return buy
    for a in legal:
        if _kind(a) == MOVE or _kind(a) == DIG:
            return int(a)
    return int(legal[0])


# ---------------------------------------------------------------- kernel: the other steps
@njit(cache=True, nogil=True)
def _article_worth(needs: np.ndarray, a: int, owned: int) -> float:  # pragma: no cover
    """``HeuristicBot._article_worth``."""
    if owned < needs[a]:
        return NEEDED_WORTH
    return max(0.05, ARTICLE_WORTH[a] - 0.12 * owned)


@njit(cache=True, nogil=True)
def _acquire(seat: int, seen: ViewArrays, tiles: TileTables, land: Land, memory: Memory,
             budget_given: bool, budget: int) -> int:  # pragma: no cover
    """``HeuristicBot._acquire``: the acquisition worth most (``budget``: the steps the
    route leaves spare, if given)."""
    legal = seen.legal
    if _first_of(legal, ACQUIRE) == NO_ACTION:
        return NO_ACTION
    needs = _needs(seat, seen, tiles, land, memory)
    pack = seen.packs[seat]
    load = _carried(seen.packs, seat)
    limit = ACQUIRE_LIMIT if not budget_given else min(ACQUIRE_LIMIT, load + max(0, budget))
    best = NO_ACTION
    best_value = 0.0
    for option in legal:
        if _kind(option) != ACQUIRE:
            continue
        kit = _what(option)
        if load + _kit_size(kit) > limit:
            continue
        worth = 0.0
        for i in range(N_ARTICLES):
            for k in range(_kit_count(kit, i)):
                worth += _article_worth(needs, i, pack[i] + k)
        if worth > best_value:
            best, best_value = option, worth
    return best


@njit(cache=True, nogil=True)
def _exchange(seat: int, seen: ViewArrays, tiles: TileTables, land: Land,
              memory: Memory) -> int:  # pragma: no cover
    """``HeuristicBot._exchange``: tokens for an article the route needs (or, with many
    tokens, a useful one)."""
    rate = seen.table[EXCHANGE_RATE]
    tokens = seen.tokens[seat]
    carried = _carried(seen.packs, seat)
    if tokens < rate or carried >= 9:
        return NO_ACTION
    needs = _needs(seat, seen, tiles, land, memory)
    pack = seen.packs[seat]
    want = -1
    for a in range(N_ARTICLES):
        if pack[a] < needs[a]:
            want = a  # the first article short
            break
    if want < 0:
        if tokens < 3 * rate or carried > 7:
            return NO_ACTION
        best = 0.0
        for a in range(N_ARTICLES):
            worth = _article_worth(needs, a, pack[a])
            if want < 0 or worth > best:
                want, best = a, worth
    action = _code(EXCHANGE, want | rate << 5)
    return action if _is_legal(seen.legal, action) else NO_ACTION


@njit(cache=True, nogil=True)
def _discard(seat: int, seen: ViewArrays, tiles: TileTables, land: Land,
             memory: Memory) -> int:  # pragma: no cover
    """``HeuristicBot._discard``: with a heavy backpack and nowhere to go, drop an article
    the route does not need (the cheapest first)."""
    if _carried(seen.packs, seat) < 9:
        return NO_ACTION
    needs = _needs(seat, seen, tiles, land, memory)
    for a in BY_WORTH:
        if seen.packs[seat, a] > needs[a] + (2 if a == PROVISION else 0):
            action = _code(DISCARD, a)
            if _is_legal(seen.legal, action):
                return action
    return NO_ACTION


@njit(cache=True, nogil=True)
def _camp(seat: int, seen: ViewArrays, tiles: TileTables) -> int:  # pragma: no cover
    """``HeuristicBot._camp``: a new camp, else a camp moved from another adventure."""
    for a in seen.legal:
        if _kind(a) == CAMP and _what(a) == 0:
            return int(a)
    here = _adventure_at(seen.codes, tiles.adventure, seen.pawns[seat])
    for a in seen.legal:
        if _kind(a) == CAMP and _adventure_at(seen.codes, tiles.adventure, _what(a) - 1) != here:
            return int(a)
    return NO_ACTION


@njit(cache=True, nogil=True)
def _placement_value(seen: ViewArrays, tiles: TileTables, here: int, at: int,
                     quarter_turns: int) -> float:  # pragma: no cover
    """``bots._placement_value``: how well the drawn tile laid this way opens the road
    toward the temple."""
    codes, exits = seen.codes, tiles.exits
    sides = exits[4 * seen.turn[DRAWN] + quarter_turns]
    value = -1.5 * GOAL_DISTANCES[at]
    if at == GOAL:
        value += 6.0
    for d in range(4):
        n = NEIGHBOURS[at, d]
        if not sides >> d & 1:
            continue
        if n < 0:
            value -= 0.5
            continue
        if n == here and _exits_at(codes, exits, here) >> OPPOSITE[d] & 1:
            value += 4.0
        elif codes[n] >= 0 and _exits_at(codes, exits, n) >> OPPOSITE[d] & 1:
            value += 1.5
        elif codes[n] < 0 and GOAL_DISTANCES[n] < GOAL_DISTANCES[at]:
            value += 1.0
    return float(value)


@njit(cache=True, nogil=True)
def _placement(seat: int, seen: ViewArrays, tiles: TileTables) -> int:  # pragma: no cover
    """``HeuristicBot._placement``: where and how to lay the drawn tile."""
    best = seen.legal[0]
    best_value = -np.inf
    for a in seen.legal:
        if _kind(a) == PLACE:
            what = _what(a)
            value = _placement_value(seen, tiles, seen.pawns[seat], what & 63, what >> 6)
            if value > best_value:
                best, best_value = a, value
    return int(best)


@njit(cache=True, nogil=True)
def _explore(seen: ViewArrays) -> int:  # pragma: no cover
    """``min(explore, key=...)``: the exploration nearest the temple (the first of equals)."""
    explore = NO_ACTION
    nearest = 0
    for a in seen.legal:
        if _kind(a) == EXPLORE:
            at = _what(a) - 1
            distance = GOAL_DISTANCES[at] if at >= 0 else 0
            if explore == NO_ACTION or distance < nearest:
                explore, nearest = a, distance
    return explore


# ---------------------------------------------------------------- kernel: the decision
@njit(cache=True, nogil=True)
def decide(seat: int, seen: ViewArrays, tiles: TileTables,
           memory: Memory) -> int:  # pragma: no cover
    """``HeuristicBot.choose``: the code of the step the plan calls for now (the memory is
    updated as the bot's would be)."""
    turn, legal = seen.turn, seen.legal
    land = _new_land()
    if turn[DRAWN] >= 0:
        return _placement(seat, seen, tiles)
    if seen.hand.sum() > 0:
        return _use_held(seat, seen, tiles, land, memory)
    if seen.treasure[seen.pawns[seat]] and _digging(seen, _seeking(seat, seen)):
        dig = _first_of(legal, DIG)
        if dig != NO_ACTION:
            return dig
    if turn[CAMP_RIGHT]:
        camp = _camp(seat, seen, tiles)
        if camp != NO_ACTION:
            return camp
    if turn[MOVED] != MOVED_OVER:
        step = _movement(seat, seen, tiles, land, memory)
        if step != NO_ACTION:
            return step
    if not turn[ACQUIRED]:
        acquire = _acquire(seat, seen, tiles, land, memory, False, 0)
        if acquire != NO_ACTION:
            return acquire
    explore = _explore(seen)
    if explore != NO_ACTION:
        return explore
    if seen.tokens[seat] >= seen.table[EXCHANGE_RATE]:
        exchange = _exchange(seat, seen, tiles, land, memory)
        if exchange != NO_ACTION:
            return exchange
    for a in legal:
        if _kind(a) == END_MOVE or _kind(a) == END_TURN or _kind(a) == PASS:
            return int(a)
    return int(legal[0])
