"""Every worked example of the Gold! rulebook as an executable scenario.

Seats in the examples: Claus is seat 0, Dirk seat 1, Bernd seat 2.  Quotes are
from the English rules (``shared/rules/001_…``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from goldlab.core.state import State
from goldlab.core.values import Event
from goldlab.games.gold.cards import cards
from goldlab.games.gold.events import (
    ColourScored,
    GameOver,
    GrandFinalBegins,
    OfferRefilled,
    SetScored,
)
from goldlab.games.gold.position import from_position
from goldlab.games.gold.state import GoldState
from goldlab.scenarios import Scenario, register

CLAUS, DIRK, BERND = 0, 1, 2
NAMES = ("Claus", "Dirk", "Bernd")
"""The rulebook's players, seat by seat, for the views."""


def _gold(state: State[Any]) -> GoldState:
    assert isinstance(state, GoldState)
    return state


def _same(actual: Any, expected: str) -> bool:
    return Counter(actual) == Counter(cards(expected))


# E1 ----------------------------------------------------------------------------------
def _take_setup() -> State[Any]:
    return from_position(
        offer="red:D green:D green:4 blue:8",
        tableaux=["violet:6", "pink:5", "orange:4"],
        turn=BERND,
    )


def _take_check(state: State[Any], events: list[Event]) -> None:
    s = _gold(state)
    assert _same(s.tableaux[BERND], "orange:4 green:D"), s.tableaux[BERND]
    assert _same(s.offer, "red:D green:4 blue:8"), s.offer


register(Scenario(
    name="gold/take-lowest",
    names=NAMES,
    title="Action A: only the lowest card may be taken",
    rule="A) Take a card",
    quote=(
        "The offer includes a red donkey card, a green donkey card, a green 4 and a blue 8. "
        "Bernd would like to take a card. Since he can only take a card with the lowest value, "
        "he can only choose between the red or the green donkey card (both with value -2). "
        "He chooses the green donkey card and adds it to his tableau."
    ),
    setup=_take_setup,
    actions=("take green:D",),
    legal=("take red:D", "take green:D"),
    illegal=("take green:4", "take blue:8"),
    expect="Bernd's tableau gains the green donkey; the offer keeps red D, green 4, blue 8.",
    check=_take_check,
))


# E2 ----------------------------------------------------------------------------------
def _exchange1_setup() -> State[Any]:
    return from_position(
        offer="red:D green:4 blue:8",
        tableaux=["violet:5", "blue:6 pink:3", "orange:4"],
        turn=DIRK,
    )


def _exchange1_check(state: State[Any], events: list[Event]) -> None:
    s = _gold(state)
    assert _same(s.tableaux[DIRK], "green:4 pink:3"), s.tableaux[DIRK]
    assert _same(s.offer, "red:D blue:6 blue:8"), s.offer


register(Scenario(
    name="gold/exchange-option-1",
    names=NAMES,
    title="Action B, option 1: a gold card for a lower gold card",
    rule="B) Exchange a card",
    quote=(
        "The offer includes a red donkey card, a green 4 and a blue 8. Dirk would like to "
        "exchange a card. He adds a blue 6 to the offer and takes the green 4 in return. "
        "He would not have been able to take either the donkey card or the blue 8."
    ),
    setup=_exchange1_setup,
    actions=("exchange blue:6 for green:4",),
    illegal=(
        "exchange blue:6 for red:D", "exchange blue:6 for blue:8", "exchange pink:3 for green:4"
    ),
    expect="Dirk holds the green 4; the offer is red D, blue 6, blue 8.",
    check=_exchange1_check,
))


# E3 ----------------------------------------------------------------------------------
def _exchange2_setup() -> State[Any]:
    return from_position(
        offer="red:D blue:6 blue:8",
        tableaux=["green:D violet:4", "pink:5", "orange:4"],
        turn=CLAUS,
    )


def _exchange2_check(state: State[Any], events: list[Event]) -> None:
    s = _gold(state)
    assert _same(s.tableaux[CLAUS], "blue:8 violet:4"), s.tableaux[CLAUS]
    assert _same(s.offer, "red:D blue:6 green:D"), s.offer


register(Scenario(
    name="gold/exchange-option-2",
    names=NAMES,
    title="Action B, option 2: a donkey for any gold card, never a donkey",
    rule="B) Exchange a card",
    quote=(
        "The offer includes a red donkey card, a blue 6 and a blue 8. Claus would also like to "
        "exchange a card. He adds a green donkey card to the offer and takes the blue 8 in "
        "return, adding it to his tableau. He could have also chosen to take the blue 6, but "
        "not the red donkey card."
    ),
    setup=_exchange2_setup,
    actions=("exchange green:D for blue:8",),
    legal=("exchange green:D for blue:6", "exchange green:D for blue:8"),
    illegal=("exchange green:D for red:D",),
    expect="Claus holds the blue 8; the offer is red D, blue 6, green D.",
    check=_exchange2_check,
))


# E4 ----------------------------------------------------------------------------------
def _set_setup() -> State[Any]:
    state = from_position(
        offer="red:6 violet:7 pink:8",
        tableaux=["red:3 red:5 blue:4 green:7", "red:4 blue:8", "orange:6 green:5"],
        turn=CLAUS,
    )
    state.apply("take red:6")  # "Claus has a set after his action"
    return state


def _set_check(state: State[Any], events: list[Event]) -> None:
    s = _gold(state)
    assert _same(s.piles[CLAUS], "red:3 red:5 red:6"), s.piles[CLAUS]
    assert _same(s.tableaux[CLAUS], "blue:4 green:7 orange:6"), s.tableaux[CLAUS]
    assert _same(s.tableaux[BERND], "green:5"), s.tableaux[BERND]
    assert any(isinstance(e, SetScored) for e in events)


register(Scenario(
    name="gold/set-with-bonus",
    names=NAMES,
    title="Scoring a set, after taking a bonus card in a colour he does not have",
    rule="Scoring a set",
    quote=(
        "Claus has a set after his action as he has three red cards, one blue card and one "
        "green card in his tableau. He may now take a card from an opponent, as long as it is "
        "not red, blue or green. He takes a yellow 6 from Bernd and adds it to his tableau. He "
        "then takes the three red cards and adds them, face down, to his scoring pile."
    ),
    setup=_set_setup,
    actions=("steal orange:6 from seat 2",),
    legal=("steal orange:6 from seat 2", "no bonus"),
    illegal=("steal red:4 from seat 1", "steal blue:8 from seat 1", "steal green:5 from seat 2",
             "take violet:7"),
    expect=(
        "The printed 'yellow 6' is a colour Claus lacks: orange here (see rulings). Claus keeps "
        "blue 4, green 7 and the stolen orange 6; his three reds go to his scoring pile."
    ),
    notes="Gold! has no yellow cards; docs/rulings.md#gold-yellow-six",
    check=_set_check,
))


# E5 ----------------------------------------------------------------------------------
def _colour_setup() -> State[Any]:
    return from_position(
        offer="pink:3",
        tableaux=["red:6 green:D", "red:8 red:D", "violet:4"],
        draw_pile=0,
        turn=BERND,
    )


def _colour_check(state: State[Any], events: list[Event]) -> None:
    s = _gold(state)
    scored = {e.colour: e for e in events if isinstance(e, ColourScored)}
    red = scored["red"]
    assert red.totals == (6, 6, None), red.totals
    assert set(red.banked) == {(CLAUS, cards("red:6")[0]), (DIRK, cards("red:8")[0])}
    assert _same(red.discarded, "red:D")
    green = scored["green"]
    assert green.banked == () and _same(green.discarded, "green:D")
    assert "red:6" in [str(c) for c in s.piles[CLAUS]]
    assert "red:8" in [str(c) for c in s.piles[DIRK]]
    assert s.is_terminal() and any(isinstance(e, GameOver) for e in events)


register(Scenario(
    name="gold/colour-scoring",
    names=NAMES,
    title="Colour scoring: a tie banks both top cards; a donkey-only colour is not scored",
    rule="Colour scoring",
    quote=(
        "Claus has a 6, Dirk has an 8 and a -2, while Bernd has none. As both Claus and Dirk "
        "have a total of 6, they may both add their highest-value red cards to their scoring "
        "piles. Claus adds his red 6, Dirk his red 8. Bernd receives nothing. … Claus has a "
        "donkey card, Dirk and Bernd have none. Since no player has any green gold cards, the "
        "colour is not scored. Claus discards his donkey card."
    ),
    setup=_colour_setup,
    actions=("take pink:3",),
    expect=(
        "Bernd takes the last card of the Grand Final; colour scoring: red tie 6-6, Claus banks "
        "red 6 and Dirk red 8, the red donkey is discarded; green is not scored and Claus's "
        "green donkey is discarded."
    ),
    check=_colour_check,
))


# E6 ----------------------------------------------------------------------------------
def _donkeys_setup() -> State[Any]:
    return from_position(
        offer="red:D green:D",
        tableaux=["blue:D violet:8 pink:5", "orange:6", "green:4"],
        turn=CLAUS,
    )


def _donkeys_check(state: State[Any], events: list[Event]) -> None:
    s = _gold(state)
    assert "red:D" in [str(c) for c in s.tableaux[CLAUS]]


register(Scenario(
    name="gold/only-donkeys-left",
    names=NAMES,
    title="Only donkeys on offer: action A is forced",
    rule="Tactical hints",
    quote=(
        "Sometimes donkey cards can be forced onto the other players: if, after an action, "
        "there are only donkey cards left on offer, then subsequent players have no choice but "
        "to use Action A (take a card) to take them."
    ),
    setup=_donkeys_setup,
    actions=("take red:D",),
    legal=("take red:D", "take green:D"),
    illegal=("exchange blue:D for red:D", "exchange violet:8 for green:D"),
    expect="Every exchange is refused; Claus must take a donkey.",
    check=_donkeys_check,
))


# Derived cases -----------------------------------------------------------------------
def _refill_setup() -> State[Any]:
    return from_position(offer="blue:3", tableaux=["green:4", "pink:5"], seed=3)


def _refill_check(state: State[Any], events: list[Event]) -> None:
    s = _gold(state)
    assert any(isinstance(e, OfferRefilled) for e in events)
    assert len(s.offer) == 5 and s.current_player == 1


register(Scenario(
    name="gold/refill-offer",
    title="Taking the last card on offer reveals 5 new cards",
    rule="No cards in the offer",
    quote=(
        "When a player takes the last card on offer, he carries out his action as usual. "
        "Afterwards, 5 new cards are revealed from the draw pile, forming a new offer. It is "
        "then the next player's turn."
    ),
    setup=_refill_setup,
    actions=("take blue:3",),
    expect="Five cards are revealed (chance steps) and it is seat 1's turn.",
    check=_refill_check,
))


def _final_exchange_setup() -> State[Any]:
    return from_position(
        offer="blue:4 pink:8", tableaux=["green:D", "violet:5"], draw_pile=0
    )


def _final_exchange_check(state: State[Any], events: list[Event]) -> None:
    s = _gold(state)
    assert not s.is_terminal() and len(s.offer) == 2 and s.grand_final


register(Scenario(
    name="gold/grand-final-exchange",
    title="In the Grand Final an exchange does not end the game",
    rule="Colour scoring",
    quote=(
        "When the last 5 cards have been revealed from the draw pile, the \"Grand Final\" "
        "begins. The game first continues as normal until the last card on offer has been taken."
    ),
    setup=_final_exchange_setup,
    actions=("exchange green:D for pink:8",),
    expect="The offer still holds 2 cards; the game goes on.",
    check=_final_exchange_check,
))


def _three_setup() -> State[Any]:
    return from_position(offer="red:3 blue:D", tableaux=["green:3 violet:3", "pink:7"])


register(Scenario(
    name="gold/three-cannot-be-exchanged",
    title="A gold 3 can never be given in an exchange",
    rule="B) Exchange a card",
    quote=(
        "3-value gold cards cannot be used when carrying out Action B (exchange a card). There "
        "are no lower-value gold cards for which they can be legally exchanged."
    ),
    setup=_three_setup,
    actions=(),
    illegal=("exchange green:3 for red:3", "exchange violet:3 for red:3"),
    legal=("take blue:D",),
    expect="Both exchanges are refused; only taking the donkey is possible.",
))


def _tie_setup() -> State[Any]:
    return from_position(
        offer="pink:3",
        tableaux=["", ""],
        piles=["green:8 green:7 green:D", "blue:5 blue:3 blue:3 red:D red:3 red:4"],
        draw_pile=0,
    )


def _tie_check(state: State[Any], events: list[Event]) -> None:
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (13 + 3, 16), outcome.scores
    assert outcome.winners == (1,), outcome.winners


register(Scenario(
    name="gold/tie-most-cards",
    title="A tie on points goes to the player with more cards in the scoring pile",
    rule="Final scoring",
    quote=(
        "The player with the most points wins. In the case of a tie, the winner is the tied "
        "player with the most cards in his scoring pile. If there is still a tie, then the "
        "players share the victory."
    ),
    setup=_tie_setup,
    actions=("take pink:3",),
    expect="Seat 0 banks the pink 3 in colour scoring: 16 points with 4 cards against 16 "
    "with 6 cards, so seat 1 wins.",
    check=_tie_check,
))

__all__ = ["BERND", "CLAUS", "DIRK", "NAMES", "GrandFinalBegins"]
