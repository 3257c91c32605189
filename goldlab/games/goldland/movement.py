"""Action A, moving the adventurer: steps, paths, adventures, ordeals, the allowance.

"Adventurers may only move on the paths depicted on the terrain tiles
(Exception: Ordeal) … The adventurer may move a maximum number of spaces
equal to the highest numbered uncovered space shown in the player's backpack
before beginning movement … You may not enter or move through the same tile
more than once per turn."

A step is connected when both tiles have a path on their shared side;
otherwise it is an ordeal: "If the path between two adjacent tiles is not
connected, you may still move from one of those tiles to the other by using
(discarding) 4 articles of equipment" (player question 9: a path on only one
side is not a connection).

The compiled twin mirrors these steps (``twin/kernel.py`` applies them, ``twin/legal.py``
lists them in the same order): change both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from goldlab.core.values import Event
from goldlab.games.goldland import adventure, temple
from goldlab.games.goldland.actions import STEP_ORDEAL, STEP_SURVIVE, Move
from goldlab.games.goldland.articles import N_ARTICLES, ORDEAL_COST, Kit, kits_of_size
from goldlab.games.goldland.backpack import allowance
from goldlab.games.goldland.board import NEIGHBOUR, opposite
from goldlab.games.goldland.events import (
    AdventureSurvived,
    CampPassage,
    HandUsed,
    MovementEnded,
    MovementStarted,
    OrdealCompleted,
    Stepped,
)
from goldlab.games.goldland.phases import MOVED, MOVING
from goldlab.games.goldland.tiles import ADVENTURE_NAMES

if TYPE_CHECKING:
    from goldlab.games.goldland.state import GoldlandState



def moves_left(state: GoldlandState, seat: int) -> int:
    """Spaces the adventurer may still move this turn."""
    if state.steps == 0:
        # "… the highest numbered uncovered space shown in the player's backpack before
        # beginning movement."  Articles held from an exchange for immediate use are not in
        # the backpack, so they cover no space.
        return allowance(state.packs[seat])
    return state.allowance - state.steps


def is_connected(state: GoldlandState, origin: int, direction: int) -> bool:
    """True when the paths of the two tiles meet on their shared side."""
    to = NEIGHBOUR[origin][direction]
    return bool(
        state.exits_at(origin) >> direction & 1 and state.exits_at(to) >> opposite(direction) & 1
    )


def _covers(hand: list[int], pack: list[int], pay: Kit) -> bool:
    """Can ``pay`` be made from hand and backpack using every article held in hand?"""
    counts = pay.counts
    for a in range(N_ARTICLES):
        need = counts[a]
        if hand[a] > need or need - hand[a] > pack[a]:
            return False
    return not any(counts[N_ARTICLES:])


_STEPS = tuple(Move(d) for d in range(4))
_SURVIVE_STEPS = tuple(Move(d, STEP_SURVIVE) for d in range(4))
_ORDEALS: dict[tuple[int, Kit], Move] = {}
"""Steps made once and shared by every legal list (they are immutable values)."""
_ORDEAL_LISTS: dict[tuple[int, tuple[int, ...], Kit | None, tuple[int, ...] | None],
                    tuple[Move, ...]] = {}
_ORDEAL_KITS: dict[tuple[tuple[int, ...], Kit | None, tuple[int, ...] | None],
                   tuple[Kit, ...]] = {}
_MEMO_SIZE = 4096


def _ordeals(d: int, avail: tuple[int, ...], survive: Kit | None,
             held: tuple[int, ...] | None) -> tuple[Move, ...]:
    """The ordeals in direction ``d`` payable from the articles ``avail`` (hand and
    backpack), with the payments of :func:`_ordeal_kits`.

    Remembered per question: a game asks the same ones again and again.
    """
    key = (d, avail, survive, held)
    found = _ORDEAL_LISTS.get(key)
    if found is not None:
        return found
    out = []
    for k in _ordeal_kits(avail, survive, held):
        move = _ORDEALS.get((d, k))
        if move is None:
            move = _ORDEALS[(d, k)] = Move(d, STEP_ORDEAL, k)
        out.append(move)
    if len(_ORDEAL_LISTS) >= _MEMO_SIZE:
        _ORDEAL_LISTS.clear()
    found = _ORDEAL_LISTS[key] = tuple(out)
    return found


def _ordeal_kits(avail: tuple[int, ...], survive: Kit | None,
                 held: tuple[int, ...] | None) -> tuple[Kit, ...]:
    """Every kit of ORDEAL_COST articles payable from ``avail``, holding ``survive`` (the
    adventure's red articles, when it must be survived) and every article ``held`` in hand.

    Remembered per question, whatever the direction of the step.
    """
    key = (avail, survive, held)
    found = _ORDEAL_KITS.get(key)
    if found is not None:
        return found
    kits = kits_of_size(avail, ORDEAL_COST) if sum(avail) >= ORDEAL_COST else ()
    found = tuple(
        k for k in kits
        if (survive is None or survive <= k)
        and (held is None or all(held[a] <= k.counts[a] for a in range(N_ARTICLES)))
    )
    if len(_ORDEAL_KITS) >= _MEMO_SIZE:
        _ORDEAL_KITS.clear()
    _ORDEAL_KITS[key] = found
    return found


def legal_steps(state: GoldlandState, seat: int) -> list[Move]:
    """Every legal step of the adventurer now."""
    if state.move == MOVED or moves_left(state, seat) <= 0:
        return []
    pos = state.pos[seat]
    pack = state.packs[seat]
    hand = state.hand
    holding = any(hand)
    board = state.board
    exits = state._exits
    here = exits[board[pos]]
    out: list[Move] = []
    avail: tuple[int, ...] | None = None
    for d in range(4):
        to = NEIGHBOUR[pos][d]
        if to < 0 or board[to] < 0 or to in state.path:
            continue
        tile = state.tiles[board[to] >> 2]
        red = tile.cost
        camp = tile.adventure is not None and adventure.has_camp(state, seat, to)
        if here >> d & 1 and exits[board[to]] >> opposite(d) & 1:
            if tile.adventure is None or camp:
                if not holding:
                    out.append(_STEPS[d])
                if camp and _covers(hand, pack, red):
                    out.append(_SURVIVE_STEPS[d])
            elif _covers(hand, pack, red):
                out.append(_STEPS[d])
            continue
        if avail is None:
            avail = tuple(hand[a] + pack[a] for a in range(N_ARTICLES))
        must_survive = tile.adventure is not None and not camp
        out.extend(_ordeals(d, avail, red if must_survive else None,
                            tuple(hand[:N_ARTICLES]) if holding else None))
    return out


def step_reason(state: GoldlandState, seat: int, action: Move) -> tuple[str, str]:
    """Why a step that is not legal is refused (rule section, reason)."""
    from goldlab.games.goldland.events import CAMPS, MOVE, ORDEAL, TOKENS

    if state.move == MOVED:
        return (MOVE, "each action may be executed once per turn: the movement is over")
    left = moves_left(state, seat)
    if left <= 0:
        if state.steps == 0:
            return (MOVE, "the backpack is full: no uncovered space, so the adventurer "
                          "cannot move (discard articles first)")
        return (MOVE, f"the adventurer has moved the maximum of {state.allowance} spaces")
    pos = state.pos[seat]
    to = NEIGHBOUR[pos][action.direction]
    if to < 0 or state.board[to] < 0:
        return (MOVE, "adventurers may only move on the terrain tiles: no tile lies there")
    if to in state.path:
        return (MOVE, "you may not enter or move through the same tile more than once per turn")
    tile = state.tiles[state.board[to] >> 2]
    camp = tile.adventure is not None and adventure.has_camp(state, seat, to)
    connected = is_connected(state, pos, action.direction)
    hand, pack = state.hand, state.packs[seat]
    if action.mode == STEP_ORDEAL:
        if connected:
            return (ORDEAL, "the paths of these tiles are connected: an ordeal is only for "
                            "moving between tiles whose path is not connected")
        pay = action.payment
        if not pay.is_equipment():
            return (ORDEAL, "the 4 objects that you're required to use for an ordeal must be "
                            "articles of equipment. Amulets and treasure are not equipment")
        if pay.size != ORDEAL_COST:
            return (ORDEAL, f"an ordeal uses exactly {ORDEAL_COST} articles of equipment, "
                            f"not {pay.size}")
        if tile.adventure is not None and not camp and not tile.cost <= pay:
            return (ORDEAL, "to enter a tile with an adventure through an ordeal, you must use "
                            f"the same type of articles required to survive it ({tile.cost})")
        if any(hand) and not all(hand[a] <= pay.counts[a] for a in range(N_ARTICLES)):
            return (TOKENS, "the articles held from an exchange must be used at once, in "
                            "this payment")
        return (ORDEAL, f"you do not have {pay} (backpack: {_pack_text(pack)})")
    if not connected:
        return (ORDEAL, "the path between these tiles is not connected: moving there is an "
                        f"ordeal, e.g. 'move {'NESW'[action.direction]} ordeal <4 articles>'")
    if action.mode == STEP_SURVIVE:
        if not camp:
            return (CAMPS, "'survive' is for entering an adventure tile where you already have "
                           "a camp; elsewhere a step pays what the tile asks")
        if not _covers(hand, pack, tile.cost):
            return (MOVE, f"to survive the adventure again you must use {tile.cost}")
    if tile.adventure is not None and not camp and not _covers(hand, pack, tile.cost):
        if any(hand) and _covers([0] * N_ARTICLES, [h + p for h, p in zip(hand, pack,
                                                                            strict=False)],
                                 tile.cost):
            return (TOKENS, "the articles held from an exchange must be used at once, in "
                            "this payment")
        name = ADVENTURE_NAMES[tile.adventure]
        return (MOVE, f"to move into or through a tile with an adventure you must survive it: "
                      f"the {name} needs {tile.cost}")
    if any(hand):
        return (TOKENS, "the articles held from an exchange must be used at once: this "
                        "step uses none of them")
    return (MOVE, "this step is not possible now")


def _pack_text(pack: list[int]) -> str:
    return str(Kit.from_counts(pack))


def step(state: GoldlandState, seat: int, action: Move, events: list[Event]) -> None:
    """Carry out a legal step: fix the allowance, pay, move, survive."""
    pack = state.packs[seat]
    if state.steps == 0:
        state.allowance = allowance(pack)
        events.append(MovementStarted(seat, state.allowance))
    origin = state.pos[seat]
    to = NEIGHBOUR[origin][action.direction]
    tile = state.tiles[state.board[to] >> 2]
    camp = tile.adventure is not None and adventure.has_camp(state, seat, to)
    state.pos[seat] = to
    state.path = (*state.path, to)
    state.steps += 1
    state.move = MOVING
    state.acted = True
    state.camp_right = False
    state.red_here = False
    events.append(Stepped(seat, origin, to, action.direction, tile.id, state.steps,
                          state.allowance))
    survived = ""
    if action.mode == STEP_ORDEAL:
        pay = action.payment
        if tile.adventure is not None and tile.cost <= pay:
            # "By completing the ordeal, you also survive the adventure."
            survived = tile.adventure
        _pay(state, seat, pay, events)
        events.append(OrdealCompleted(seat, pay, survived))
        if survived:
            state.red_here = state.options.ordeal_reward
    elif tile.adventure is not None and (action.mode == STEP_SURVIVE or not camp):
        _pay(state, seat, tile.cost, events)
        survived = tile.adventure
        state.red_here = True
        events.append(AdventureSurvived(seat, tile.adventure, tile.cost))
    elif camp:
        # "A camp allows you to move your adventurer into or through that adventure tile in
        # future turns without needing to survive the adventure again."
        events.append(CampPassage(seat, tile.adventure or ""))
    if survived:
        adventure.survive(state, seat, survived, events)


def _pay(state: GoldlandState, seat: int, pay: Kit, events: list[Event]) -> None:
    """Use articles: those held from an exchange first, then the backpack's."""
    pack = state.packs[seat]
    hand = state.hand
    from_hand = [0] * N_ARTICLES
    for a in range(N_ARTICLES):
        need = pay.counts[a]
        if not need:
            continue
        h = min(hand[a], need)
        from_hand[a] = h
        hand[a] -= h
        pack[a] -= need - h
        state.stock[a] += need
    if any(from_hand):
        events.append(HandUsed(seat, Kit.from_counts(from_hand)))


def pay(state: GoldlandState, seat: int, articles: Kit, events: list[Event]) -> None:
    """Use ``articles`` (held ones first): back into the stock."""
    _pay(state, seat, articles, events)


def finish(state: GoldlandState, seat: int, events: list[Event]) -> None:
    """Complete action A where the adventurer stands (also a movement of 0 spaces)."""
    if state.move == MOVED:
        return
    state.move = MOVED
    state.acted = True
    events.append(MovementEnded(seat, state.pos[seat], state.steps))
    temple.arrive(state, seat, events)

