"""Gameplay in Gold!: what actions A and B and the set bonus allow, what A and B do, and
why anything else is refused.

Pure functions of the zones of a position; the state carries the actions out in
turn order (``state.py``); scoring a set, colour scoring and final points come
last.  Quotes are from the English rulebook (``shared/rules/001_…``).

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
from goldlab.games.gold.cards import ALL_CARDS, COLOURS, Card
from goldlab.games.gold.events import EXCHANGE, SET, TAKE, ColourScored

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

# -------------------------------------------------------------------- (scoring)
# Scoring in Gold!: scoring a set, colour scoring at the end, and final points.
#
# Pure functions of tableaux and piles; the state calls them in turn order
# (``state.py``).  Tableaux are kept sorted (colour order, then value), so a
# colour's cards sit together, lowest first.


def find_set(tableau: Sequence[Card]) -> str | None:
    """The colour of which the tableau holds three cards, if any ("Three cards … form a set")."""
    counts: dict[str, int] = {}
    for c in tableau:
        n = counts.get(c.colour, 0) + 1
        if n == 3:
            return c.colour
        counts[c.colour] = n
    return None


def score_a_set(tableau: Cards, colour: str) -> tuple[Cards, Cards]:
    """'The player takes his set of cards and adds them to a face-down scoring pile':
    the tableau left and the cards of the set (every card of ``colour``)."""
    lo = 0
    while tableau[lo].colour != colour:
        lo += 1
    hi = lo + 1
    end = len(tableau)
    while hi < end and tableau[hi].colour == colour:
        hi += 1
    return tableau[:lo] + tableau[hi:], tableau[lo:hi]


def colour_scoring(tableaux: Sequence[Cards]) -> list[ColourScored]:
    """Colour scoring, colour by colour in rulebook order (the tableaux are not changed).

    "For each colour, players add up the card values in their tableau and compare
    them.  Each colour is scored separately.  Whoever has the highest total in a
    colour adds the highest-value gold card he owns of that colour to his scoring
    pile.  All other cards of that colour, including those of the other players, are
    discarded.  In the case of a tie, then each tied player may add the highest-value
    gold card he owns of that colour to his scoring pile.  In the event that no
    players have any gold cards of a particular colour, then that colour is not
    scored.  Any donkey cards in that colour that players might have are discarded."

    Players without cards of a colour do not compete in it (``None`` total): see
    ``docs/rulings.md#gold-colour-scoring``.  A tableau holds at most two cards of a
    colour (three are a set, scored at once): a gold holder totals at least 3 - 2 = 1
    and a seat without gold at most -2, so the best total is always a gold holder's.
    Each tableau is read once (this runs at the end of every simulated game): a
    colour's cards sit together in a sorted tableau, so a colour is looked up once a run.
    """
    seats = len(tableaux)
    # colour -> (each seat's total, each seat's highest gold card, every card of it)
    found: dict[str, tuple[list[int | None], list[Card | None], list[Card]]] = {}
    totals: list[int | None] = []
    tops: list[Card | None] = []
    held: list[Card] = []
    for seat, tableau in enumerate(tableaux):
        colour = None
        for c in tableau:
            if c.colour is not colour:  # a new run of a colour (colours are interned)
                colour = c.colour
                entry = found.get(colour)
                if entry is None:
                    entry = found[colour] = ([None] * seats, [None] * seats, [])
                totals, tops, held = entry
            held.append(c)
            value = c.value
            total = totals[seat]
            totals[seat] = value if total is None else total + value
            if value > 0:
                top = tops[seat]
                if top is None or value > top.value:
                    tops[seat] = c
    nobody = _NOBODY[seats]
    results: list[ColourScored] = []
    for colour in COLOURS:
        entry = found.get(colour)
        if entry is None:  # nobody holds the colour
            results.append(nobody[colour])
            continue
        totals, tops, held = entry
        banked: tuple[tuple[int, Card], ...] = ()
        if tops.count(None) < seats:  # somebody has gold of the colour: it is scored
            best = None
            for total in totals:
                if total is not None and (best is None or total > best):
                    best = total
            won = []
            for s, top in enumerate(tops):
                if top is not None and totals[s] == best:  # the highest total(s) bank
                    won.append((s, top))
                    held.remove(top)
            banked = tuple(won)
        # everything else of the colour is discarded
        results.append(ColourScored(colour, tuple(totals), banked, tuple(held)))
    return results


_VALUE = attrgetter("value")

_NOBODY: dict[int, dict[str, ColourScored]] = {
    seats: {colour: ColourScored(colour, (None,) * seats, (), ()) for colour in COLOURS}
    for seats in (1, 2, 3, 4, 5)
}
"""Colour scoring of a colour nobody holds, per number of seats (one object each)."""


def points(pile: Sequence[Card]) -> int:
    """Victory points of a scoring pile: "adding up the values of all the cards"."""
    return sum(map(_VALUE, pile))
