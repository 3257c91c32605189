"""Exact chances of the next refill of the offer, as a seat of Gold! can work them out.

The cards a seat has not seen (the draw pile, the cards removed face down at set-up, and any
scoring-pile cards it did not see scored: :mod:`goldlab.games.gold.observation`) are,
for that seat, in a random order: each card of the next refill is any of them
with the same chance.  So the next card revealed is of a colour with chance
K/N, and a refill of n cards misses a colour with the hypergeometric chance
C(N-K, n) / C(N, n).  Nothing is said once the draw pile is empty.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING

from goldlab.core.presentation import Expectation, Odds
from goldlab.games.gold.cards import ALL_CARDS, COLOURS
from goldlab.games.gold.observation import unseen_by
from goldlab.games.gold.rules import OFFER_SIZE

if TYPE_CHECKING:
    from goldlab.games.gold.state import GoldState


def refill_odds(state: GoldState, seat: int) -> list[Odds | Expectation]:
    """The chances of the next card revealed and of the next refill, for ``seat``.

    Per colour: the next card revealed is of it; then that it is a donkey; per
    colour: the next refill shows at least one card of it; last, the expected
    value of the next card revealed (a donkey counts -2).
    """
    view = state.observation(seat)
    pile = view.draw_pile
    if pile == 0:
        return []
    unseen = unseen_by(state, seat)
    total = sum(unseen)
    refill = min(OFFER_SIZE, pile)
    by_colour = dict.fromkeys(COLOURS, 0)
    donkeys = 0
    value = 0
    for c, n in zip(ALL_CARDS, unseen, strict=True):
        by_colour[c.colour] += n
        value += n * c.value
        if c.is_donkey:
            donkeys += n
    removed = view.removed_unseen
    in_piles = total - pile - removed
    where = f"the draw pile of {pile} and the {removed} cards removed face down"
    if in_piles > 0:
        where += f", and {in_piles} scoring-pile cards you did not see scored"
    out: list[Odds | Expectation] = []
    for colour, k in by_colour.items():
        out.append(Odds(
            f"next card revealed is {colour}", Fraction(k, total),
            f"{k} of the {total} cards you have not seen are {colour} ({where})",
        ))
    out.append(Odds(
        "next card revealed is a donkey", Fraction(donkeys, total),
        f"{donkeys} of the {total} cards you have not seen are donkeys",
    ))
    when = "now" if not view.offer else "when the offer is empty"
    for colour, k in by_colour.items():
        missed = Fraction(comb(total - k, refill), comb(total, refill))
        out.append(Odds(
            f"next refill ({refill} cards) shows at least one {colour} card", 1 - missed,
            f"the {refill} cards revealed {when}: 1 - C({total - k},{refill})/C({total},{refill})"
            if refill > 1 else f"only 1 card is left in the draw pile, so the refill is the next "
            f"card revealed: the same chance as “next card revealed is {colour}”",
        ))
    out.append(Expectation(
        "expected value of the next card revealed (a donkey counts -2)", Fraction(value, total),
        f"the average of the {total} cards you have not seen",
    ))
    return out


def refill_method(state: GoldState, seat: int) -> str:
    """How :func:`refill_odds` counts, in sentences a class can follow ("" when it says
    nothing)."""
    view = state.observation(seat)
    if view.draw_pile == 0:
        return ""
    total = sum(unseen_by(state, seat))
    refill = min(OFFER_SIZE, view.draw_pile)
    return (f"Counted, not guessed: the {total} cards you have not seen (the draw pile, the "
            "cards removed face down) lie in a random order, so each is as likely as any other "
            f"to be turned up next: a colour's chance is how many of the {total} are of that "
            f"colour, divided by {total}.  A refill of {refill} misses a colour only if all "
            f"{refill} come from the other cards: 1 - C(others, {refill}) / C({total}, {refill}).")
