"""Goldland's legal steps in numba: ``rules.legal_actions`` read from the twin's table.

:func:`legal_actions` writes into ``out`` (an ``int64`` array of ``(room,
ACTION_SIZE)``) the rows :func:`goldlab.games.goldland.twin.kernel.encode` gives the steps
``rules.legal_actions(state)`` lists, in the same order, and returns how many:

* while a drawn tile waits: every place beside the adventurer (or the face-down
  space explored, in the beginners' grid), each with 0, 90, 180 and 270 degrees;
* the steps of the adventurer (``movement.legal_steps``), direction by
  direction: a connected step, a step surviving again on one's own camp, the
  ordeals with each payment in ``kits_of_size`` order;
* ending the movement, the camps (a new one, or one moved from another space),
  digging, the acquisitions in ``acquisition.options``'s order, exploring, the
  token exchanges (plain ones, then those *to use*), the discards, and the end
  of the turn or the pass.

Kits are not enumerated here: the payments of an ordeal and what each tile's
equipment line offers are listed once in Python at import (:data:`ORDEAL_KITS`,
:data:`ACQUIRE_KITS`), in the engine's order, and the kernel keeps those the
position allows.  :data:`ROOM` rows always suffice (it is a bound, worked out
from those tables, not a measurement); a smaller ``out`` that would overflow
raises ``IndexError`` instead of writing past its end.

>>> import goldlab
>>> import numpy as np
>>> from goldlab.games.goldland.twin.kernel import encode, pack
>>> state = goldlab.make("goldland", players=3, seed=2, mode="study")
>>> out = new_out()
>>> n = legal_actions(pack(state), out)
>>> bool((out[:n] == np.array([encode(a) for a in state.legal_actions()])).all())
True
"""

from __future__ import annotations

import numpy as np
from numba import njit

from goldlab.games.goldland.articles import (
    BACKPACK_SPACES,
    CAMPS_PER_PLAYER,
    DIG_COST,
    N_ARTICLES,
    N_OBJECTS,
    ORDEAL_COST,
    PROVISION,
    Kit,
    kits_of_size,
    sub_kits,
)
from goldlab.games.goldland.phases import MOVED, MOVING, NOT_MOVED
from goldlab.games.goldland.tiles import default_tiles
from goldlab.games.goldland.twin.kernel import (
    ACQUIRE,
    ACQUIRED,
    ACTED,
    ACTION_ARG,
    ACTION_KIND,
    ACTION_KIT,
    ACTION_MODE,
    ACTION_SIZE,
    ACTION_TOKENS,
    ALLOWANCE,
    ARTICLE_STOCK,
    BEGINNERS_GRID,
    BOARD,
    CAMP,
    CAMP_COUNT,
    CAMP_RIGHT,
    CAMPS,
    CAMPS_LEFT,
    DIG,
    DISCARD,
    END_MOVE,
    END_TURN,
    EXCHANGE,
    EXCHANGE_TOKENS,
    EXPLORE,
    EXPLORE_AT,
    EXPLORED,
    HAND,
    INNER_SPACE,
    MOVE,
    MOVE_STEP,
    NEIGHBOUR_CELL,
    NO_ADVENTURE,
    ORDEAL_STEP,
    PACKS,
    PASS,
    PATH,
    PATH_LENGTH,
    PHASE,
    PHASE_PLACE,
    PHASE_TURN,
    PLACE_TILE,
    PLAIN_STEP,
    POS,
    RED_HERE,
    STEPS,
    SURVIVE_STEP,
    TILE_ADVENTURE,
    TILE_COST,
    TILE_EXITS,
    TOKENS,
    TREASURE_AT,
    TURN_SEAT,
    UNSEEN_COUNT,
    backpack_count,
    has_camp,
    may_take_amulet,
)

# ------------------------------------------------------------------ ordeals
ORDEAL_KITS = np.array(
    [k.counts[:N_ARTICLES] for k in kits_of_size((ORDEAL_COST,) * N_ARTICLES, ORDEAL_COST)],
    dtype=np.int64)
"""Every payment of an ordeal (4 articles of equipment), in ``kits_of_size`` order.

Those payable from some articles are these, in this order, less the ones
the articles do not cover: ``kits_of_size`` walks the counts in the same
(lexicographic) order whatever is available.
"""


def _prefix_ends(kits: np.ndarray) -> np.ndarray:
    """``ends[k, a]``: the first kit after ``k`` whose counts of articles 0..a differ
    from kit ``k``'s (``len(kits)`` if none)."""
    ends = np.full(kits.shape, len(kits), dtype=np.int64)
    for k in range(len(kits)):
        for a in range(kits.shape[1]):
            j = k + 1
            while j < len(kits) and (kits[j, :a + 1] == kits[k, :a + 1]).all():
                j += 1
            ends[k, a] = j
    return ends


ORDEAL_PREFIX_END = _prefix_ends(ORDEAL_KITS)
"""Where to go on when a kit fails on one article: the kits are in lexicographic order,
so all the kits after it sharing its counts up to that article fail there too."""

# ------------------------------------------------------------------ equipment lines
_TILESET = default_tiles()
NO_TRADE, NEEDS_NOTHING, NEEDS_WHITE, NEEDS_RED = -1, 0, 1, 2
"""What a tile's equipment line asks before it gives (``Trade.needs``)."""
_NEEDS = {"nothing": NEEDS_NOTHING, "white": NEEDS_WHITE, "red": NEEDS_RED}
TRADE_NEEDS = np.array(
    [NO_TRADE if t.trade is None else _NEEDS[t.trade.needs] for t in _TILESET.tiles],
    dtype=np.int64)
TRADE_WHITE = np.array(
    [(0,) * N_ARTICLES if t.trade is None else t.trade.white.counts[:N_ARTICLES]
     for t in _TILESET.tiles], dtype=np.int64)
"""The white-bordered articles each tile's line asks the backpack to hold."""


def _offers(tile_index: int) -> list[Kit]:
    """What ``acquisition.options`` chooses among on a tile, with room and stock enough:
    every part of each alternative, once, sorted by (size, counts)."""
    trade = _TILESET.tiles[tile_index].trade
    if trade is None:
        return []
    seen: set[Kit] = set()
    for alternative in trade.gives:
        seen.update(sub_kits(alternative))
    return sorted(seen, key=lambda k: (k.size, k.counts))


_OFFERS = [_offers(t) for t in range(len(_TILESET.tiles))]
ACQUIRE_KITS = np.array(
    [k.counts[:N_ARTICLES] for offers in _OFFERS for k in offers],
    dtype=np.int64).reshape(-1, N_ARTICLES)
"""Every tile's offers one after the other (tile t's from ``ACQUIRE_FIRST[t]``)."""
ACQUIRE_FIRST = np.cumsum([0] + [len(offers) for offers in _OFFERS]).astype(np.int64)
ACQUIRE_SIZE = ACQUIRE_KITS.sum(axis=1).astype(np.int64)

# ------------------------------------------------------------------ room
DIRECTIONS = 4
ROOM = (DIRECTIONS * len(ORDEAL_KITS)  # steps: the ordeals, or a step and a survive step
        + 1 + CAMPS_PER_PLAYER + 1  # end move, camps, dig
        + max(len(offers) for offers in _OFFERS) + DIRECTIONS  # acquisitions, explorations
        + 2 * N_ARTICLES + N_ARTICLES + 1)  # exchanges, discards, end turn or pass
"""Rows enough for any legal list (placing a tile has at most 4 x 4)."""
RED_SIZE = TILE_COST.sum(axis=1).astype(np.int64)
"""How many red-bordered articles each tile's adventure asks (``tile.cost.size``)."""
NO_PAYMENT, FREE_ONLY = -2, -1
"""A step that pays nothing (:func:`payment`); a payment of articles of any type only."""
Form = tuple[int, int]
"""A payment a step asks (:func:`payment`): (the tile whose red articles it holds, or
FREE_ONLY or NO_PAYMENT; how many more articles of any type)."""


def new_out() -> np.ndarray:
    """An array with room for any list of legal steps."""
    return np.zeros((ROOM, ACTION_SIZE), dtype=np.int64)


# ================================================================== the kernel
@njit(cache=True, nogil=True)
def add(out: np.ndarray, count: int, kind: int, arg: int, mode: int,
        tokens: int) -> int:  # pragma: no cover
    """Write row ``count`` (a step without articles) and return the new count."""
    if count >= out.shape[0]:
        raise IndexError("goldland_legal: out has no room for another legal step")
    out[count, ACTION_KIND] = kind
    out[count, ACTION_ARG] = arg
    out[count, ACTION_MODE] = mode
    out[count, ACTION_TOKENS] = tokens
    for a in range(N_ARTICLES):
        out[count, ACTION_KIT + a] = 0
    return count + 1


@njit(cache=True, nogil=True)
def add_kit(out: np.ndarray, count: int, kind: int, arg: int, mode: int,
            kit: np.ndarray) -> int:  # pragma: no cover
    """Write row ``count`` with the articles ``kit`` (7 counts) and return the new count."""
    count = add(out, count, kind, arg, mode, 0)
    for a in range(N_ARTICLES):
        out[count - 1, ACTION_KIT + a] = kit[a]
    return count


@njit(cache=True, nogil=True)
def is_holding(table: np.ndarray) -> bool:  # pragma: no cover
    """``any(state.hand)``: articles held from an exchange, to be used at once."""
    for a in range(N_ARTICLES):  # noqa: SIM110 (a loop: numba compiles it without a generator)
        if table[HAND + a]:
            return True
    return False


@njit(cache=True, nogil=True)
def in_path(table: np.ndarray, at: int) -> bool:  # pragma: no cover
    """``at in state.path``: a tile already entered this turn."""
    for k in range(table[PATH_LENGTH]):  # noqa: SIM110 (a loop, for numba)
        if table[PATH + k] == at:
            return True
    return False


# ------------------------------------------------------------------ action A: movement
@njit(cache=True, nogil=True)
def moves_left(table: np.ndarray, seat: int) -> int:  # pragma: no cover
    """``movement.moves_left``: spaces the adventurer may still move this turn."""
    if table[STEPS] == 0:
        return BACKPACK_SPACES - backpack_count(table, seat)
    return table[ALLOWANCE] - table[STEPS]  # type: ignore[no-any-return]


@njit(cache=True, nogil=True)
def is_connected(table: np.ndarray, origin: int, direction: int) -> bool:  # pragma: no cover
    """``movement.is_connected``: the paths of both tiles meet on their shared side."""
    to = NEIGHBOUR_CELL[origin, direction]
    here = table[BOARD + origin]
    there = table[BOARD + to]
    if here < 0 or there < 0:
        return False
    return bool(TILE_EXITS[here] >> direction & 1
                and TILE_EXITS[there] >> ((direction + 2) % 4) & 1)


@njit(cache=True, nogil=True)
def covers(table: np.ndarray, seat: int, red: np.ndarray) -> bool:  # pragma: no cover
    """``movement._covers``: can ``red`` be paid from hand and backpack, using all held?"""
    pack = PACKS + seat * N_OBJECTS
    for a in range(N_ARTICLES):
        held = table[HAND + a]
        if held > red[a] or red[a] - held > table[pack + a]:
            return False
    return True


@njit(cache=True, nogil=True)
def ordeals(table: np.ndarray, seat: int, direction: int, survive: int, holding: bool,
            out: np.ndarray, count: int) -> int:  # pragma: no cover
    """``movement._ordeals``: the ordeals in ``direction`` payable from hand and backpack.

    Each payment of :data:`ORDEAL_KITS` within the articles held and carried
    that holds the red articles of tile ``survive`` (when it must be survived,
    else -1) and every article held in hand.  A kit that asks too many of an
    article skips the kits after it with the same counts up to that article, one
    that asks too few skips those with the same counts up to and with it.
    """
    pack = PACKS + seat * N_OBJECTS
    total = 0
    for a in range(N_ARTICLES):
        total += table[HAND + a] + table[pack + a]
    if total < ORDEAL_COST:
        return count
    kits = ORDEAL_KITS.shape[0]
    k = 0
    while k < kits:
        following = k + 1
        for a in range(N_ARTICLES):
            n = ORDEAL_KITS[k, a]
            if n > table[HAND + a] + table[pack + a]:
                following = ORDEAL_PREFIX_END[k, a - 1] if a > 0 else kits
                break
            if ((survive >= 0 and n < TILE_COST[survive, a])
                    or (holding and n < table[HAND + a])):
                following = ORDEAL_PREFIX_END[k, a]
                break
        else:
            count = add_kit(out, count, MOVE_STEP, direction, ORDEAL_STEP, ORDEAL_KITS[k])
        k = following
    return count


@njit(cache=True, nogil=True)
def legal_steps(table: np.ndarray, seat: int, out: np.ndarray,
                count: int) -> int:  # pragma: no cover
    """``movement.legal_steps``: every legal step of the adventurer now."""
    if table[MOVE] == MOVED or moves_left(table, seat) <= 0:
        return count
    pos = table[POS + seat]
    holding = is_holding(table)
    for d in range(4):
        to = NEIGHBOUR_CELL[pos, d]
        if to < 0 or table[BOARD + to] < 0 or in_path(table, to):
            continue
        tile = table[BOARD + to] >> 2
        red = TILE_COST[tile]
        adventure = TILE_ADVENTURE[tile] != NO_ADVENTURE
        camp = adventure and has_camp(table, seat, to)
        if is_connected(table, pos, d):
            if not adventure or camp:
                if not holding:
                    count = add(out, count, MOVE_STEP, d, PLAIN_STEP, 0)
                if camp and covers(table, seat, red):
                    count = add(out, count, MOVE_STEP, d, SURVIVE_STEP, 0)
            elif covers(table, seat, red):
                count = add(out, count, MOVE_STEP, d, PLAIN_STEP, 0)
            continue
        count = ordeals(table, seat, d, tile if adventure and not camp else -1, holding,
                        out, count)
    return count


# ------------------------------------------------------------------ camps and digging
@njit(cache=True, nogil=True)
def camps(table: np.ndarray, seat: int, out: np.ndarray, count: int) -> int:  # pragma: no cover
    """``rules._camps``: a new camp, or one of the other camps moved here when all are used.

    The camps are kept sorted by space, so ``adventure.camp_spaces`` (the distinct
    spaces, sorted) is the seat's spaces in table order without repeats.
    """
    if table[CAMPS_LEFT + seat] > 0:
        return add(out, count, CAMP, -1, 0, 0)
    here = table[POS + seat]
    last = -1
    for k in range(table[CAMP_COUNT]):
        at = table[CAMPS + 2 * k]
        if table[CAMPS + 2 * k + 1] != seat or at == last:
            continue
        last = at
        if at != here:
            count = add(out, count, CAMP, at, 0, 0)
    return count


@njit(cache=True, nogil=True)
def treasure_space(table: np.ndarray, seat: int, from_pack: int) -> bool:  # pragma: no cover
    """``exploration.treasure_space``: room for the treasure once ``from_pack`` provisions
    left the backpack (the amulet first, when ending the movement here earns it)."""
    carried = backpack_count(table, seat)
    extra = 0
    if table[MOVE] != MOVED and may_take_amulet(table, seat) and carried < BACKPACK_SPACES:
        extra = 1
    return carried + extra - from_pack + 1 <= BACKPACK_SPACES


@njit(cache=True, nogil=True)
def may_dig(table: np.ndarray, seat: int) -> bool:  # pragma: no cover
    """``not exploration.dig_reason``: may ``seat`` dig up the treasure here now?"""
    if not table[TREASURE_AT + table[POS + seat]] or table[MOVE] == MOVING:
        return False
    for a in range(N_ARTICLES):
        if a != PROVISION and table[HAND + a]:
            return False
    if table[HAND + PROVISION] > DIG_COST:
        return False
    from_pack = DIG_COST - table[HAND + PROVISION]
    if table[PACKS + seat * N_OBJECTS + PROVISION] < from_pack:
        return False
    return treasure_space(table, seat, from_pack)


# ------------------------------------------------------------------ action B: acquisition
@njit(cache=True, nogil=True)
def open_trade(table: np.ndarray, seat: int) -> bool:  # pragma: no cover
    """``acquisition.open_trade``: may ``seat`` use the equipment line where it stands?"""
    tile = table[BOARD + table[POS + seat]] >> 2
    needs = TRADE_NEEDS[tile]
    if needs == NO_TRADE:
        return False
    if needs == NEEDS_WHITE:
        for a in range(N_ARTICLES):
            if TRADE_WHITE[tile, a] > table[PACKS + seat * N_OBJECTS + a]:
                return False
    elif needs == NEEDS_RED and not (table[RED_HERE] and table[MOVE] == MOVED):
        return False
    return True


@njit(cache=True, nogil=True)
def acquisitions(table: np.ndarray, seat: int, out: np.ndarray,
                 count: int) -> int:  # pragma: no cover
    """``acquisition.options``: every kit ``seat`` may acquire now, by (size, counts)."""
    if table[ACQUIRED] or table[MOVE] == MOVING or not open_trade(table, seat):
        return count
    room = BACKPACK_SPACES - backpack_count(table, seat)
    if room <= 0:
        return count
    tile = table[BOARD + table[POS + seat]] >> 2
    for k in range(ACQUIRE_FIRST[tile], ACQUIRE_FIRST[tile + 1]):
        if ACQUIRE_SIZE[k] > room:
            continue
        ok = True
        for a in range(N_ARTICLES):
            if ACQUIRE_KITS[k, a] > table[ARTICLE_STOCK + a]:
                ok = False
                break
        if ok:
            count = add_kit(out, count, ACQUIRE, 0, 0, ACQUIRE_KITS[k])
    return count


# ------------------------------------------------------------------ action C: exploration
@njit(cache=True, nogil=True)
def explorations(table: np.ndarray, seat: int, out: np.ndarray, kind: int,
                 count: int) -> int:  # pragma: no cover
    """``exploration.spaces``: a row of ``kind`` for each empty inner space beside the
    adventurer (``Explore(at)`` in the beginners' grid, ``Place(at, ...)`` for a drawn tile)."""
    pos = table[POS + seat]
    for d in range(4):
        at = NEIGHBOUR_CELL[pos, d]
        if at >= 0 and INNER_SPACE[at] and table[BOARD + at] < 0:
            if kind == PLACE_TILE:
                for quarter_turns in range(4):
                    count = add(out, count, PLACE_TILE, at, quarter_turns, 0)
            else:
                count = add(out, count, kind, at, 0, 0)
    return count


@njit(cache=True, nogil=True)
def may_explore(table: np.ndarray, seat: int) -> bool:  # pragma: no cover
    """``not exploration.may_explore``: may ``seat`` begin an exploration now?"""
    if table[EXPLORED] or table[MOVE] == MOVING or table[UNSEEN_COUNT] == 0:
        return False
    pos = table[POS + seat]
    for d in range(4):
        at = NEIGHBOUR_CELL[pos, d]
        if at >= 0 and INNER_SPACE[at] and table[BOARD + at] < 0:
            return True
    return False


@njit(cache=True, nogil=True)
def placements(table: np.ndarray, seat: int, out: np.ndarray) -> int:  # pragma: no cover
    """The ``PLACE`` phase of ``rules.legal_actions``: ``exploration.placements``, 4 turns each."""
    at = table[EXPLORE_AT]
    if at >= 0:
        count = 0
        for quarter_turns in range(4):
            count = add(out, count, PLACE_TILE, at, quarter_turns, 0)
        return count
    return explorations(table, seat, out, PLACE_TILE, 0)


# ------------------------------------------------------------------ exchanges
@njit(cache=True, nogil=True)
def payable(table: np.ndarray, seat: int, article: int, red_tile: int, any_count: int,
            wild: int) -> bool:  # pragma: no cover
    """``tokens.payable`` as ``rules._hand_usable`` asks it: could a payment of the red
    articles of ``red_tile`` (none for FREE_ONLY) plus ``any_count`` articles of any type use
    everything held and ``article``?  The rest comes from the backpack, or from up to
    ``wild`` further exchanges of what the stock holds once ``article`` left it."""
    pack = PACKS + seat * N_OBJECTS
    extra = 0
    deficit = 0
    used_pack = 0
    equipment = 0
    for a in range(N_ARTICLES):
        equipment += table[pack + a]
        bought = 1 if a == article else 0
        fixed = TILE_COST[red_tile, a] if red_tile >= 0 else 0
        need = fixed - (table[HAND + a] + bought)
        if need < 0:
            extra -= need
            continue
        from_pack = min(need, table[pack + a])
        used_pack += from_pack
        short = need - from_pack
        if short > table[ARTICLE_STOCK + a] - bought:
            return False
        deficit += short
    if extra > any_count or deficit > wild:
        return False
    free_slots = any_count - extra
    return free_slots <= (equipment - used_pack) + (wild - deficit)


@njit(cache=True, nogil=True)
def payment(table: np.ndarray, seat: int, direction: int) -> tuple[int, int]:  # pragma: no cover
    """One step of ``rules._payments``: what the step in ``direction`` would pay.

    (the tile whose red articles are fixed, or FREE_ONLY; how many articles of any
    type), or (NO_PAYMENT, 0) for a step that pays nothing or is not possible.
    """
    pos = table[POS + seat]
    to = NEIGHBOUR_CELL[pos, direction]
    if to < 0 or table[BOARD + to] < 0 or in_path(table, to):
        return NO_PAYMENT, 0
    tile = table[BOARD + to] >> 2
    adventure = TILE_ADVENTURE[tile] != NO_ADVENTURE
    if is_connected(table, pos, direction):
        if adventure:
            return tile, 0
        return NO_PAYMENT, 0
    if adventure and not has_camp(table, seat, to):
        return tile, ORDEAL_COST - RED_SIZE[tile]
    return FREE_ONLY, ORDEAL_COST


@njit(cache=True, nogil=True)
def payments(table: np.ndarray, seat: int) -> tuple[Form, Form, Form, Form]:  # pragma: no cover
    """``rules._payments``: the :func:`payment` of each direction (none after the movement)."""
    if table[MOVE] == MOVED or moves_left(table, seat) <= 0:
        nothing = (NO_PAYMENT, 0)
        return nothing, nothing, nothing, nothing
    return (payment(table, seat, 0), payment(table, seat, 1), payment(table, seat, 2),
            payment(table, seat, 3))


@njit(cache=True, nogil=True)
def hand_usable(table: np.ndarray, seat: int, article: int,
                forms: tuple[Form, Form, Form, Form]) -> bool:  # pragma: no cover
    """``rules._hand_usable``: could everything held from exchanges, plus ``article``, be
    used at once, in a step now (``forms``, allowing further exchanges) or in digging?"""
    rate = table[EXCHANGE_TOKENS]
    wild = (table[TOKENS + seat] - rate) // rate
    for d in range(4):
        red_tile, any_count = forms[d]
        if red_tile != NO_PAYMENT and payable(table, seat, article, red_tile, any_count, wild):
            return True
    if table[TREASURE_AT + table[POS + seat]] and table[MOVE] != MOVING:
        # digging: 2 provisions, the held ones first, the rest from the backpack or from
        # further exchanges (held too), with a space for the treasure
        for a in range(N_ARTICLES):
            if a != PROVISION and (table[HAND + a] or a == article):
                return False
        held = table[HAND + PROVISION] + (1 if article == PROVISION else 0)
        in_stock = table[ARTICLE_STOCK + PROVISION] - (1 if article == PROVISION else 0)
        more = min(wild, in_stock)
        for from_hand in range(held, min(DIG_COST, held + more) + 1):
            from_pack = DIG_COST - from_hand
            if (table[PACKS + seat * N_OBJECTS + PROVISION] >= from_pack
                    and treasure_space(table, seat, from_pack)):
                return True
    return False


@njit(cache=True, nogil=True)
def exchanges(table: np.ndarray, seat: int, out: np.ndarray,
              count: int) -> int:  # pragma: no cover
    """``rules._exchanges``: plain exchanges first (into the backpack), then those *to use*.

    With a full backpack only the plain form, held, of each article some payment
    could use; while holding, with room, only the *to use* forms.
    """
    rate = table[EXCHANGE_TOKENS]
    if table[TOKENS + seat] < rate:
        return count
    forms = payments(table, seat)
    usable = 0  # a bit per article
    for a in range(N_ARTICLES):
        if table[ARTICLE_STOCK + a] > 0 and hand_usable(table, seat, a, forms):
            usable |= 1 << a
    if backpack_count(table, seat) >= BACKPACK_SPACES:
        for a in range(N_ARTICLES):
            if usable >> a & 1:
                count = add(out, count, EXCHANGE, a, 0, rate)
        return count
    if not is_holding(table):
        for a in range(N_ARTICLES):
            if table[ARTICLE_STOCK + a] > 0:
                count = add(out, count, EXCHANGE, a, 0, rate)
    for a in range(N_ARTICLES):
        if usable >> a & 1:
            count = add(out, count, EXCHANGE, a, 1, rate)
    return count


# ------------------------------------------------------------------ the legal list
@njit(cache=True, nogil=True)
def legal_actions(table: np.ndarray, out: np.ndarray) -> int:  # pragma: no cover
    """``rules.legal_actions``: the legal steps of the player to move, as rows of ``out``.

    Returns how many (0 when the game is over).
    """
    seat = table[TURN_SEAT]
    phase = table[PHASE]
    if phase == PHASE_PLACE:
        return placements(table, seat, out)
    if phase != PHASE_TURN:
        return 0
    holding = is_holding(table)
    count = legal_steps(table, seat, out, 0)
    if not holding:
        if table[MOVE] == MOVING:
            count = add(out, count, END_MOVE, 0, 0, 0)
        if table[CAMP_RIGHT]:
            count = camps(table, seat, out, count)
    if may_dig(table, seat):
        count = add(out, count, DIG, 0, 0, 0)
    if not holding:
        count = acquisitions(table, seat, out, count)
        if may_explore(table, seat):
            if table[BEGINNERS_GRID]:
                count = explorations(table, seat, out, EXPLORE, count)
            else:
                count = add(out, count, EXPLORE, -1, 0, 0)
    count = exchanges(table, seat, out, count)
    if not holding:
        move = table[MOVE]
        if move == NOT_MOVED or (move == MOVING and table[STEPS] == 0):
            for a in range(N_ARTICLES):
                if table[PACKS + seat * N_OBJECTS + a]:
                    count = add(out, count, DISCARD, a, 0, 0)
        count = add(out, count, END_TURN if table[ACTED] else PASS, 0, 0, 0)
    return count
