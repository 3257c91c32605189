"""Which steps the rules of Goldland allow now, and why the others are refused.

"The active player can execute each of the following three actions once per
turn: A. Move adventurer, B. Acquire articles of equipment, C. Exploration.
These actions may be executed in any sequence. Once initiated, each action
must be completed before the next can begin."  Token exchanges may be made
"at any time during your turn"; a turn without any of the three actions is a
pass, worth 1 discovery token.

This module lists the legal steps and explains refusals, drawing on the
concept modules; the state applies the steps.

The compiled twin (``twin/``, see its docstring) mirrors these rules and the order of
:func:`legal_actions` (``twin/legal.py``): a change here, or in a concept module, changes
it too, or ``test_goldland_twin*.py`` fails.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from goldlab.core.values import Action, Event
from goldlab.games.goldland import acquisition, adventure, exploration, movement
from goldlab.games.goldland.actions import (
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
    DIG_COST,
    N_ARTICLES,
    ORDEAL_COST,
    PROVISION,
    Kit,
    article_name,
)
from goldlab.games.goldland.backpack import free_spaces
from goldlab.games.goldland.board import NEIGHBOUR, cell_name
from goldlab.games.goldland.events import (
    CAMPS,
    EXPLORE,
    MOVE,
    PLAY,
    TOKENS,
    TREASURE,
    Exchanged,
)
from goldlab.games.goldland.phases import MOVED, MOVING, NOT_MOVED, PLACE
from goldlab.games.goldland.tokens import exchange_rate, payable

if TYPE_CHECKING:
    from goldlab.games.goldland.state import GoldlandState


__all__ = ["do_exchange", "exchange_rate", "illegal_reason", "legal_actions"]


# The steps without parameters, and the discards, made once: legal lists are built
# every decision of every game.
_END_MOVE, _DIG, _EXPLORE, _END_TURN, _PASS, _CAMP = (
    EndMove(), Dig(), Explore(), EndTurn(), Pass(), Camp())
_DISCARDS = tuple(Discard(a) for a in range(N_ARTICLES))
_ACQUIRES: dict[Kit, Acquire] = {}
_EXCHANGES: dict[tuple[int, int, bool], Exchange] = {}


def legal_actions(state: GoldlandState) -> list[Action]:
    """The legal steps of the player to move."""
    seat = state.turn
    if state.phase == PLACE:
        return [Place(at, q * 90) for at in exploration.placements(state, seat) for q in range(4)]
    holding = any(state.hand)
    out: list[Action] = list(movement.legal_steps(state, seat))
    if not holding:
        if state.move == MOVING:
            out.append(_END_MOVE)
        if state.camp_right:
            out.extend(_camps(state, seat))
    if state.treasure_at[state.pos[seat]] and not exploration.dig_reason(state, seat):
        out.append(_DIG)
    if not holding:
        if not state.acquired and state.move != MOVING:
            acquires = _ACQUIRES
            for k in acquisition.options(state, seat):
                action = acquires.get(k)
                if action is None:
                    action = acquires[k] = Acquire(k)
                out.append(action)
        if not exploration.may_explore(state, seat):
            if state.options.beginners_grid:
                out.extend(Explore(at) for at in exploration.spaces(state, seat))
            else:
                out.append(_EXPLORE)
    if state.tokens[seat] >= state.rate:
        out.extend(_exchanges(state, seat))
    if not holding:
        if state.move == NOT_MOVED or (state.move == MOVING and state.steps == 0):
            pack = state.packs[seat]
            out.extend(_DISCARDS[a] for a in range(N_ARTICLES) if pack[a])
        out.append(_END_TURN if state.acted else _PASS)
    return out


def _camps(state: GoldlandState, seat: int) -> list[Camp]:
    if state.camps_left[seat] > 0:
        return [_CAMP]
    here = state.pos[seat]
    return [Camp(c) for c in adventure.camp_spaces(state, seat) if c != here]


def _exchange(article: int, tokens: int, use: bool) -> Exchange:
    key = (article, tokens, use)
    action = _EXCHANGES.get(key)
    if action is None:
        action = _EXCHANGES[key] = Exchange(article, tokens, use)
    return action


def _exchanges(state: GoldlandState, seat: int) -> list[Exchange]:
    """Plain exchanges first (into the backpack, held when it is full), then ``to use``.

    While articles are held for immediate use, every further exchange is held too:
    with a full backpack the plain form (held as before), with room the ``to use``
    form only.  An exchange that would be held needs :func:`hand_usable`.
    """
    rate = state.rate
    if state.tokens[seat] < rate:
        return []
    full = free_spaces(state.packs[seat]) <= 0
    holding = any(state.hand)
    articles = [a for a in range(N_ARTICLES) if state.stock[a] > 0]
    forms = _payments(state, seat)
    usable = {a for a in articles if _hand_usable(state, seat, a, forms)}
    if full:
        return [_exchange(a, rate, False) for a in articles if a in usable]
    plain = [] if holding else [_exchange(a, rate, False) for a in articles]
    return plain + [_exchange(a, rate, True) for a in articles if a in usable]


def hand_usable(state: GoldlandState, seat: int, article: int) -> bool:
    """Could everything held from exchanges, plus ``article``, be used at once?

    Looks at every payment possible now (a step into an adventure, an ordeal,
    digging), allowing further exchanges with the tokens left.  The held
    articles take no backpack space, so they leave the movement allowance
    alone; digging needs a space for the treasure after paying.
    """
    return _hand_usable(state, seat, article, _payments(state, seat))


_NOTHING = (0,) * N_ARTICLES


def _payments(state: GoldlandState, seat: int) -> list[tuple[tuple[int, ...], int]]:
    """The steps that pay now, as (articles fixed by type, articles of any type)."""
    forms: list[tuple[tuple[int, ...], int]] = []
    if state.move != MOVED and movement.moves_left(state, seat) > 0:
        pos = state.pos[seat]
        board = state.board
        for d in range(4):
            to = NEIGHBOUR[pos][d]
            if to < 0 or board[to] < 0 or to in state.path:
                continue
            tile = state.tiles[board[to] >> 2]
            red = tile.cost.counts
            camp = tile.adventure is not None and adventure.has_camp(state, seat, to)
            if movement.is_connected(state, pos, d):
                if tile.adventure is not None:
                    forms.append((red, 0))
            elif tile.adventure is not None and not camp:
                forms.append((red, ORDEAL_COST - tile.cost.size))
            else:
                forms.append((_NOTHING, ORDEAL_COST))
    return forms


def _hand_usable(state: GoldlandState, seat: int, article: int,
                 forms: list[tuple[tuple[int, ...], int]]) -> bool:
    """:func:`hand_usable` with the step payments of :func:`_payments` worked out."""
    hand = list(state.hand)
    hand[article] += 1
    stock = list(state.stock)
    stock[article] -= 1
    wild = (state.tokens[seat] - state.rate) // state.rate
    pack = state.packs[seat]
    for fixed, free in forms:
        if payable(fixed, free, hand, pack, wild, stock):
            return True
    if state.treasure_at[state.pos[seat]] and state.move != MOVING:
        # Digging uses 2 provisions, the held ones first; the rest come from the backpack
        # (freeing their spaces) or from further exchanges (held too).  With a full
        # backpack at least one must come out of it to make room for the treasure; with
        # room, 2 held provisions may pay and the treasure takes a free space.
        if any(hand[a] for a in range(N_ARTICLES) if a != PROVISION):
            return False
        more = min(wild, stock[PROVISION])
        for held in range(hand[PROVISION], min(DIG_COST, hand[PROVISION] + more) + 1):
            from_pack = DIG_COST - held
            if pack[PROVISION] >= from_pack and exploration.treasure_space(state, seat,
                                                                           from_pack):
                return True
    return False


def do_exchange(state: GoldlandState, seat: int, action: Exchange, events: list[Event]) -> None:
    """Tokens back to the stock; the article into the backpack, or held (``to use``, or full)."""
    state.tokens[seat] -= action.tokens
    state.token_stock += action.tokens
    state.stock[action.article] -= 1
    into_hand = action.use or free_spaces(state.packs[seat]) <= 0
    if into_hand:
        state.hand[action.article] += 1
    else:
        state.packs[seat][action.article] += 1
    events.append(Exchanged(seat, action.tokens, action.article, into_hand, action.use))


# ------------------------------------------------------------------ refusals
def illegal_reason(state: GoldlandState, action: Action) -> tuple[str, str]:
    """(rule section, reason in the rulebook's words) for a step that is not legal now."""
    seat = state.turn
    if state.phase == PLACE:
        if isinstance(action, Place):
            return _place_reason(state, seat, action)
        return (EXPLORE, "once initiated, each action must be completed before the next can "
                         "begin: place the tile you took ('place row,col rot 0|90|180|270')")
    if isinstance(action, Place):
        return (EXPLORE, "there is no drawn tile to place: explore first")
    holding = any(state.hand)
    if isinstance(action, Move):
        return movement.step_reason(state, seat, action)
    if isinstance(action, Exchange):
        return _exchange_reason(state, seat, action)
    if isinstance(action, Dig):
        return (TREASURE, exploration.dig_reason(state, seat))
    if holding:
        held = ", ".join(
            article_name(a, state.hand[a]) for a in range(N_ARTICLES) if state.hand[a]
        )
        return (TOKENS, f"exchanged articles held outside the backpack ({held}) must be used "
                        "at once, in the next payment: to survive an adventure, complete an "
                        "ordeal or dig")
    if isinstance(action, Acquire):
        return acquisition.reason(state, seat, action.articles)
    if isinstance(action, Discard):
        return _discard_reason(state, seat, action)
    if isinstance(action, EndMove):
        return (MOVE, "the movement has not begun (or is already over): there is nothing to end")
    if isinstance(action, Camp):
        return _camp_reason(state, seat, action)
    if isinstance(action, Explore):
        why = exploration.may_explore(state, seat)
        if why:
            return (EXPLORE, why)
        if state.options.beginners_grid and action.at < 0:
            return (EXPLORE, "in the beginners' grid, name the face-down tile to turn up "
                             "('explore row,col')")
        if not state.options.beginners_grid and action.at >= 0:
            return (EXPLORE, "take the tile from the stack first ('explore'), then place it")
        return (EXPLORE, "a new tile can only be positioned next to the adventurer's tile")
    if isinstance(action, Pass):
        return (PLAY, "you executed an action this turn, so this is not a pass: 'end turn'")
    if isinstance(action, EndTurn):
        return (PLAY, "you have executed none of the three actions: 'pass' (and take 1 "
                      "discovery token)")
    return (PLAY, f"{action} is not an action of Goldland")


def _exchange_reason(state: GoldlandState, seat: int, action: Exchange) -> tuple[str, str]:
    rate = state.rate
    if action.article >= N_ARTICLES:
        return (TOKENS, "discovery tokens are exchanged for articles of equipment only")
    if action.tokens != rate:
        return (TOKENS, f"with {state.players} players {rate} tokens must be exchanged in order "
                        "to get any 1 article of equipment")
    if state.tokens[seat] < rate:
        return (TOKENS, f"you have {state.tokens[seat]} discovery tokens; {rate} are needed")
    if state.stock[action.article] <= 0:
        return (TOKENS, f"the stock holds no {article_name(action.article, 2)}")
    full = free_spaces(state.packs[seat]) <= 0
    plain = Exchange(action.article, action.tokens)
    if action.use and full:
        return (TOKENS, "the backpack is full, so an exchanged article is held for immediate use "
                        f"anyway: write it without 'to use' ('{plain}')")
    if not action.use and not full and any(state.hand):
        held = ", ".join(
            article_name(a, state.hand[a]) for a in range(N_ARTICLES) if state.hand[a]
        )
        return (TOKENS, f"the articles held from an exchange ({held}) must be used at once, in "
                        "the next payment, before anything goes into the backpack; a further "
                        f"article for that payment is held too ('{plain} to use')")
    if action.use:
        if any(state.hand):
            return (TOKENS, "exchanged articles kept out of the backpack must be used at once, "
                            "in the next payment; no payment now could use this one together "
                            "with those held")
        return (TOKENS, "exchanged articles kept out of the backpack must be used at once (to "
                        "survive an adventure, complete an ordeal or dig); no payment now could "
                        f"use this one: put it into the backpack instead ('{plain}')")
    return (TOKENS, "the backpack is full, and exchanged articles kept out of it must be used at "
                    "once; no payment now could use this one")


def _discard_reason(state: GoldlandState, seat: int, action: Discard) -> tuple[str, str]:
    if action.article >= N_ARTICLES:
        return (MOVE, "only articles of equipment may be discarded; treasures and the amulet "
                      "stay in the backpack")
    if state.move == MOVED or state.steps > 0:
        return (MOVE, "articles may be discarded only before starting movement")
    return (MOVE, f"there is no {article_name(action.article)} in the backpack")


def _camp_reason(state: GoldlandState, seat: int, action: Camp) -> tuple[str, str]:
    if not state.camp_right:
        return (CAMPS, "a camp may be put only on an adventure tile you have just survived, "
                       "while your adventurer is there; entering by your own camp or with any "
                       "4 articles in an ordeal is not surviving")
    if action.source < 0:
        return (CAMPS, "all 10 camps are in use: you may move one of your other camps to this "
                       "tile ('camp from row,col')")
    if state.camps_left[seat] > 0:
        return (CAMPS, "you still have camps: put a new one ('camp'); camps are moved only "
                       "when all are used")
    return (CAMPS, f"you have no other camp at {cell_name(action.source)}")


def _place_reason(state: GoldlandState, seat: int, action: Place) -> tuple[str, str]:
    allowed = exploration.placements(state, seat)
    if action.at not in allowed:
        where = ", ".join(cell_name(c) for c in allowed)
        return (EXPLORE, f"the new tile must be placed next to the adventurer's tile, on a free "
                         f"space ({where})")
    return (EXPLORE, "a tile is turned by 0, 90, 180 or 270 degrees")

