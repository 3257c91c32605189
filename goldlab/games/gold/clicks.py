"""What a click on a Gold! table means: one target id per card drawn and the "no bonus"
button, and the action each click means (:func:`click`).

========================  ====================================================
id                        what it is
========================  ====================================================
``offer:green:4``         the green 4 on offer
``offer:red:D/2``         the second red donkey on offer (equal cards are numbered)
``tableau:1:blue:6``      the blue 6 in seat 1's tableau
``nobonus``               the button that declines the set bonus
========================  ====================================================

Ids name the card rather than its position, so a card keeps its id while the
tableau around it changes, and a replayed action can name where it happened
without the position.  Equal cards are the same action; the ``/k`` suffix only
keeps the ids of the k-th copy unique.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from goldlab.core.errors import InvalidActionError
from goldlab.core.presentation import Click, Play, Refuse, Select
from goldlab.core.state import CHANCE, TERMINAL, State
from goldlab.core.values import Action
from goldlab.games.gold.actions import DealDonkey, Exchange, Reveal, Take
from goldlab.games.gold.cards import Card, card
from goldlab.games.gold.events import FINAL, REFILL
from goldlab.games.gold.rulebook import GAMEPLAY
from goldlab.games.gold.rules import ACTION, BONUS, EXCHANGES, STEALS, TAKES
from goldlab.games.gold.rules import NO_BONUS as NO_BONUS_ACTION
from goldlab.games.gold.state import GoldState
from goldlab.games.gold.words import card_name, seat_names

OFFER = "offer"
TABLEAU = "tableau"
NO_BONUS = "nobonus"


@dataclass(frozen=True, slots=True)
class Target:
    """A target id read back: where (offer, tableau or the button), whose, which card."""

    place: str
    seat: int | None = None
    card: Card | None = None
    copy: int = 1


def card_ids(prefix: str, cards: Sequence[Card]) -> list[str]:
    """The ids of a row of cards: ``prefix`` + card, ``/k`` on the k-th equal card."""
    copies: dict[Card, int] = {}
    ids = []
    for c in cards:
        k = copies[c] = copies.get(c, 0) + 1
        ids.append(f"{prefix}{c}" if k == 1 else f"{prefix}{c}/{k}")
    return ids


def offer_prefix() -> str:
    """The start of every offer card's id."""
    return f"{OFFER}:"


def tableau_prefix(seat: int) -> str:
    """The start of the ids of the cards in ``seat``'s tableau."""
    return f"{TABLEAU}:{seat}:"


def offer_id(c: Card) -> str:
    """The id of (the first copy of) a card on offer."""
    return f"{OFFER}:{c}"


def tableau_id(seat: int, c: Card) -> str:
    """The id of (the first copy of) a card in a tableau."""
    return f"{TABLEAU}:{seat}:{c}"


def read_target(target: str) -> Target | None:
    """The target an id names, or None if it is not a Gold! target id."""
    if target == NO_BONUS:
        return Target(NO_BONUS)
    name, _, copy_text = target.partition("/")
    parts = name.split(":")
    try:
        copy = int(copy_text) if copy_text else 1
        if parts[0] == OFFER and len(parts) == 3:
            return Target(OFFER, None, card(f"{parts[1]}:{parts[2]}"), copy)
        if parts[0] == TABLEAU and len(parts) == 4 and parts[1].isdigit():
            return Target(TABLEAU, int(parts[1]), card(f"{parts[2]}:{parts[3]}"), copy)
    except (InvalidActionError, ValueError):
        return None
    return None


def is_on(target: Target, cards: Sequence[Card]) -> bool:
    """True when the row ``cards`` holds the card ``target`` names (its k-th copy too)."""
    return target.card is not None and 1 <= target.copy <= cards.count(target.card)


def selected_card(state: GoldState, acting: int | None, selection: str) -> Card | None:
    """The tableau card picked for an exchange, if ``selection`` names one of ``acting``'s.

    A selection that no longer fits the position (another phase, a card gone) is none.
    """
    if acting is None or not selection or state.phase != ACTION:
        return None
    picked = read_target(selection)
    if picked is None or picked.place != TABLEAU or picked.seat != acting:
        return None
    if not is_on(picked, state.tableaux[acting]):
        return None
    return picked.card


# -------------------------------------------------------------------- what a click means


def gold_state(state: State[Any]) -> GoldState:
    """``state`` as a Gold! state (the presenter is given no other game's)."""
    if not isinstance(state, GoldState):
        raise TypeError(f"the Gold! presenter shows Gold! states, not {type(state).__name__}")
    return state


def _acting(state: GoldState, seat: int | None) -> int | None:
    """The seat whose clicks play now: the player to move, if ``seat`` is that player
    (or None, the teacher's seat that acts for whoever is to move)."""
    mover = state.current_player
    if mover < 0 or (seat is not None and seat != mover):
        return None
    return mover


def targets(state: State[Any], seat: int | None,
            selection: str = "") -> dict[str, Action | None]:
    """The cards ``seat`` may click now: id -> the legal action (None: it selects)."""
    gold = gold_state(state)
    acting = _acting(gold, seat)
    if acting is None:
        return {}
    legal = gold.legal_actions()
    out: dict[str, Action | None] = {}
    tableaux = gold.tableaux
    if gold.phase == BONUS:
        for victim, tableau in enumerate(tableaux):
            if victim == acting:
                continue
            for c, target in zip(tableau, card_ids(tableau_prefix(victim), tableau),
                                 strict=True):
                steal = STEALS[victim][c.index]
                if steal in legal:
                    out[target] = steal
        if NO_BONUS_ACTION in legal:
            out[NO_BONUS] = NO_BONUS_ACTION
        return out
    offer = gold.offer
    own = tableaux[acting]
    give = selected_card(gold, acting, selection)
    exchanges = [a for a in legal if type(a) is Exchange]
    givers = {a.give for a in exchanges}
    if give is None:
        takes = {a.card for a in legal if type(a) is Take}
        for c, target in zip(offer, card_ids(offer_prefix(), offer), strict=True):
            if c in takes:
                out[target] = TAKES[c.index]
    else:
        wanted = {a.take for a in exchanges if a.give is give}
        for c, target in zip(offer, card_ids(offer_prefix(), offer), strict=True):
            if c in wanted:
                out[target] = EXCHANGES[give.index][c.index]
    for c, target in zip(own, card_ids(tableau_prefix(acting), own), strict=True):
        if c in givers or target == selection:
            out[target] = None
    return out


def click(state: State[Any], seat: int | None, target: str,
          selection: str = "") -> Click:
    """The action a click means (legal or not), the exchange's first pick, or why not."""
    gold = gold_state(state)
    where = read_target(target)
    if where is None:
        return Refuse(GAMEPLAY, f"{target!r} is not a place on the Gold! table")
    mover = gold.current_player
    if mover == TERMINAL:
        return Refuse(FINAL, "the game is over")
    if mover == CHANCE:
        return Refuse(REFILL, "cards are being revealed from the draw pile")
    label = seat_names(gold.players)
    if seat is not None and seat != mover:
        return Refuse(GAMEPLAY, f"it is {label[mover]}'s turn, not {label[seat]}'s")
    if where.place == NO_BONUS:
        return Play(NO_BONUS_ACTION)
    c = where.card
    assert c is not None
    if where.place == OFFER:
        give = selected_card(gold, mover, selection)
        if give is not None:
            return Play(EXCHANGES[give.index][c.index])
        return Play(TAKES[c.index])
    assert where.place == TABLEAU and where.seat is not None
    owner = where.seat
    if not 0 <= owner < gold.players:
        return Refuse(GAMEPLAY, f"there is no seat {owner} at this table")
    if not is_on(where, gold.tableaux[owner]):
        return Refuse(GAMEPLAY, f"{label[owner]}'s tableau holds no {card_name(c)}")
    if gold.phase == BONUS or owner != mover:
        return Play(STEALS[owner][c.index])
    if target == selection:
        return Select("", "Exchange cancelled.")
    choices = [a.take for a in gold.legal_actions()
               if type(a) is Exchange and a.give is c]
    if not choices:
        hint = (f"No exchange is possible with the {card_name(c)} now; click a card on "
                "offer to see why.")
    else:
        listed = ", ".join(card_name(t) for t in choices)
        hint = f"Click a card on offer to take for the {card_name(c)}: {listed}."
    return Select(target, hint)


def target_of(action: Action) -> str | None:
    """Where a replayed action shows on the table after it: the card given to the offer
    in an exchange, a card revealed, a starting donkey.

    None for a take, a steal and "no bonus": the card moved to a tableau whose seat
    the action does not name (and an equal card left behind must not light up)."""
    if isinstance(action, Exchange):
        return offer_id(action.give)
    if isinstance(action, Reveal):
        return offer_id(action.card)
    if isinstance(action, DealDonkey):
        return tableau_id(action.seat, action.card)
    return None
