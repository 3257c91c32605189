"""Gameplay in Gold!: what actions A and B and the set bonus allow, what A and B do, and
why anything else is refused.

Pure functions of the zones of a position; the state carries the actions out in
turn order (``state.py``), scoring in ``scoring.py``.  Quotes are from the
English rulebook (``shared/rules/001_…``).

The compiled twin (``twin/``, see its docstring) mirrors these rules and the order of
:func:`legal_actions`: a change here changes it too, or ``test_gold_twin.py`` fails.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING

from goldlab.core.values import Action
from goldlab.games.gold.actions import Exchange, NoBonus, Steal, Take
from goldlab.games.gold.cards import ALL_CARDS, Card
from goldlab.games.gold.events import EXCHANGE, SET, TAKE

if TYPE_CHECKING:
    from goldlab.games.gold.state import GoldState

Cards = tuple[Card, ...]

ACTION = "action"
BONUS = "bonus"
OVER = "over"

OFFER_SIZE = 5
"""'reveal the top 5 cards from the draw pile … These are the cards on offer.'"""
REMOVED_UNSEEN = 2
"""'draw the top 2 cards from the draw pile and remove them from the game without looking'."""


def distinct(cards: Iterable[Card]) -> list[Card]:
    """The distinct cards of a sequence, in first-seen order."""
    return list(dict.fromkeys(cards))


# One object per distinct action, made once: listing legal actions builds no objects,
# and checking an action against the list is an identity test.
TAKES: tuple[Take, ...] = tuple(Take(c) for c in ALL_CARDS)
EXCHANGES: tuple[tuple[Exchange, ...], ...] = tuple(
    tuple(Exchange(g, t) for t in ALL_CARDS) for g in ALL_CARDS
)
STEALS: tuple[tuple[Steal, ...], ...] = tuple(
    tuple(Steal(c, victim) for c in ALL_CARDS) for victim in range(3)
)
NO_BONUS = NoBonus()


def takeable(offer: Sequence[Card]) -> list[Card]:
    """Action A: the cards with the lowest value on offer ("he may choose which")."""
    low = min(c.value for c in offer)
    return distinct(c for c in offer if c.value == low)


def bonus_choices(tableaux: Sequence[Cards], seat: int, declinable: bool) -> list[Action]:
    """The set bonus: every card ``seat`` may take from an opponent's tableau, then
    'no bonus' when the bonus may be declined; empty when there is nothing to take.

    "As a bonus, he may first take a card from an opponent's tableau and add it to
    his own."  "He may not take a card in a colour that is already present in his
    tableau" and "also not … in the colour of the set he is scoring": the set is
    still in the tableau when the bonus is chosen, so one test covers both.
    "Should no players have cards in their tableau that the player can legally
    take, then he doesn't receive a bonus card."
    """
    own = set()
    for c in tableaux[seat]:
        own.add(c.colour)
    out: list[Action] = []
    for victim, tableau in enumerate(tableaux):
        if victim == seat:
            continue
        row = STEALS[victim]
        previous = None
        for c in tableau:  # equal cards sit together in a sorted tableau
            if c is previous:
                continue
            previous = c
            if c.colour not in own:
                out.append(row[c.index])
    if out and declinable:
        out.append(NO_BONUS)
    return out


def legal_actions(state: GoldState) -> list[Action]:
    """The legal actions of the player to move."""
    seat = state.turn
    if state.phase == BONUS:
        # (a loaded position may wait for a bonus with nothing to take: it is declined)
        return bonus_choices(state.tableaux, seat, state.options.bonus_may_be_declined) or [
            NO_BONUS]
    return offer_choices(state.offer, state.tableaux[seat])


def offer_choices(offer: Sequence[Card], tableau: Sequence[Card]) -> list[Action]:
    """Actions A and B for a player with ``tableau`` (sorted, as tableaux are kept).

    Order: takes of the lowest cards on offer, then exchanges by tableau card, each
    for the gold cards on offer in offer order (distinct cards once each).  Written
    as plain loops over the few cards: it runs before every move of every game.
    """
    low = 9
    lows: list[Card] = []  # the distinct cards of the lowest value so far
    gold: list[Card] = []  # the distinct gold cards, in offer order
    bottom = 9  # the lowest and highest gold values on offer
    top = 0
    for c in offer:  # cards compare by identity: ``in`` is a C-level test
        value = c.value
        if value <= low:
            if value < low:
                low = value
                lows = [c]
            elif c not in lows:
                lows.append(c)
        if value > 0 and c not in gold:
            gold.append(c)
            if value < bottom:
                bottom = value
            if value > top:
                top = value
    # A) "take the card with the lowest value" (he may choose which)
    actions: list[Action] = []
    for c in lows:
        actions.append(TAKES[c.index])
    if not gold:  # B) only gold cards are taken in an exchange
        return actions
    previous = None
    for give in tableau:  # equal cards sit together in a sorted tableau
        value = give.value
        if value > bottom:  # option 1: a gold card for a lower one
            if give is previous:
                continue
            previous = give
            row = EXCHANGES[give.index]
            if value > top:  # higher than every gold card on offer
                for t in gold:
                    actions.append(row[t.index])
            else:
                for t in gold:
                    if t.value < value:
                        actions.append(row[t.index])
        elif value < 0:  # option 2: a donkey for any gold card
            if give is previous:
                continue
            previous = give
            row = EXCHANGES[give.index]
            for t in gold:
                actions.append(row[t.index])
        # (a gold card no higher than every gold card on offer has no exchange)
    return actions


def take_or_exchange(offer: Cards, tableau: Cards, take: Card,
                     give: Card | None) -> tuple[Cards, Cards, str | None, int]:
    """A player's action: A) take ``take`` from the offer (``give`` None), or B) exchange
    ``give`` from the tableau for it.  The offer and the tableau after it, the colour of
    the set it completes (None if it completes none), and where the card was on offer."""
    offer_after = [*offer]  # (``[*x]`` is a little quicker than ``list(x)``)
    held = [*tableau]
    i = offer.index(take)  # cards compare by identity: the first copy
    if give is None:
        # A) Take a card: "The player takes the card with the lowest value from those on
        # offer and adds it to his tableau."
        del offer_after[i]
    else:
        # B) Exchange a card: "The player takes a gold card [option 1] / a donkey card
        # [option 2] from his tableau and adds it to the offer.  In return, he takes" a
        # gold card "and adds it to his tableau."  It takes the place of the card taken.
        offer_after[i] = give
        held.remove(give)
    # "… sorted by colour": colour order, then value, so a colour's cards sit together.
    j = bisect_right(held, take.index, key=_INDEX)
    held.insert(j, take)
    # "Three cards in the same colour form a set.  If, after carrying out his action, a
    # player has a set in his tableau, then he must score it."  A tableau holds no set
    # between turns (a set is scored at once), so only the card just added can make one:
    # it does when two more of its colour sit beside it.
    colour = take.colour
    last = len(held) - 1
    if j and held[j - 1].colour is colour:
        made = (j > 1 and held[j - 2].colour is colour) or (
            j < last and held[j + 1].colour is colour)
    else:
        made = j + 1 < last and held[j + 1].colour is colour is held[j + 2].colour
    return tuple(offer_after), tuple(held), colour if made else None, i


_INDEX = attrgetter("index")


def illegal_reason(state: GoldState, action: Action) -> tuple[str, str]:
    """(rule, reason) for an action that is not legal now."""
    seat = state.turn
    if isinstance(action, Steal | NoBonus):
        return _bonus_reason(state, seat, action)
    if state.phase == BONUS:
        return (SET, "first settle the set bonus: steal a card or say 'no bonus'")
    if isinstance(action, Take):
        if action.card not in state.offer:
            return (TAKE, f"{action.card} is not on offer")
        low = ", ".join(str(c) for c in takeable(state.offer))
        return (TAKE, f"only a card with the lowest value on offer may be taken ({low})")
    if isinstance(action, Exchange):
        give, take = action.give, action.take
        if give not in state.tableaux[seat]:
            return (EXCHANGE, f"{give} is not in seat {seat}'s tableau")
        if take not in state.offer:
            return (EXCHANGE, f"{take} is not on offer")
        if take.is_donkey:
            return (
                EXCHANGE,
                "donkey cards can only be taken from the offer via Action A, "
                "never by an exchange",
            )
        if give.value == 3:
            return (
                EXCHANGE,
                "3-value gold cards cannot be used for an exchange: there is no lower gold card",
            )
        return (
            EXCHANGE,
            f"option 1 takes a lower-valued gold card: {take} is not lower than {give}",
        )
    return ("Gameplay", f"{action} is not an action of Gold!")


def _bonus_reason(state: GoldState, seat: int, action: Steal | NoBonus) -> tuple[str, str]:
    if state.phase != BONUS:
        return (SET, "a bonus card is taken only right after completing a set")
    if isinstance(action, NoBonus):
        return (SET, "the bonus must be taken (option bonus_may_be_declined is off)")
    if action.victim == seat or not 0 <= action.victim < state.players:
        return (SET, "the bonus card comes from an opponent's tableau")
    if action.card not in state.tableaux[action.victim]:
        return (SET, f"seat {action.victim} has no {action.card}")
    if action.card.colour == state.set_colour:
        return (SET, "he may not take a card in the colour of the set he is scoring")
    return (
        SET,
        f"he may not take a card in a colour already present in his tableau "
        f"({action.card.colour})",
    )
