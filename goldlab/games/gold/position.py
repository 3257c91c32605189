"""Build a Gold! position by hand: for rulebook examples, puzzles and lessons.

>>> from goldlab.games.gold.position import from_position
>>> s = from_position(offer="red:D green:D green:4 blue:8",
...                   tableaux=["orange:D", "violet:D", "pink:D"], turn=2)
>>> sorted(str(a) for a in s.legal_actions() if str(a).startswith("take"))
['take green:D', 'take red:D']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from goldlab.core.errors import OptionsError
from goldlab.core.registry import game as make_game
from goldlab.games.gold.cards import ALL_CARDS, COLOURS, DONKEY, Card, card_of, cards, full_deck
from goldlab.games.gold.rules import ACTION
from goldlab.games.gold.scoring import find_set
from goldlab.games.gold.state import REMOVED_UNSEEN, GoldState

CardsLike = str | Sequence[Card]


def _cards(value: CardsLike) -> tuple[Card, ...]:
    return cards(value) if isinstance(value, str) else tuple(value)


def from_position(*, offer: CardsLike, tableaux: Sequence[CardsLike],
                  piles: Sequence[CardsLike] | None = None, turn: int = 0,
                  draw_pile: int | None = None, discard: CardsLike = (), seed: int = 0,
                  mode: str = "study", **options: Any) -> GoldState:
    """A state at the given position; every card not placed is unseen.

    The player count is ``len(tableaux)``.  With 2 players one donkey of each
    colour is in the box, as in the set-up.  ``draw_pile`` defaults to the
    unseen cards less the 2 removed face down; the Grand Final is on when the
    draw pile is empty.
    """
    players = len(tableaux)
    game = make_game("gold", players, **options)
    box = tuple(card_of(c, DONKEY) for c in COLOURS) if players == 2 else ()
    table = [_cards(t) for t in tableaux]
    pile_cards = [_cards(p) for p in piles] if piles is not None else [() for _ in table]
    if len(pile_cards) != players:
        raise OptionsError("give one scoring pile per tableau")
    placed: Counter[Card] = Counter(box) + Counter(_cards(offer)) + Counter(_cards(discard))
    for t in table:
        placed.update(t)
        if find_set(t):
            raise OptionsError(f"tableau {' '.join(map(str, t))} holds a set: it must be scored")
    for p in pile_cards:
        placed.update(p)
    deck = full_deck()
    unseen = []
    for c in ALL_CARDS:
        left = deck[c] - placed[c]
        if left < 0:
            raise OptionsError(f"the position uses {placed[c]} x {c} but the deck has {deck[c]}")
        unseen.append(left)
    if not _cards(offer):
        raise OptionsError("the offer must hold at least one card")
    if not 0 <= turn < players:
        raise OptionsError(f"turn must be a seat from 0 to {players - 1}")
    if draw_pile is None:
        draw_pile = max(0, sum(unseen) - REMOVED_UNSEEN)
    if not 0 <= draw_pile <= sum(unseen):
        raise OptionsError(f"draw_pile must be between 0 and {sum(unseen)} (the unseen cards)")
    state = game.new_state(seed, mode=mode)
    assert isinstance(state, GoldState)
    snapshot = (
        ACTION,
        turn,
        _cards(offer),
        tuple(tuple(sorted(t, key=lambda c: c.index)) for t in table),
        tuple(pile_cards),
        tuple(unseen),
        draw_pile,
        0,
        (),
        draw_pile == 0,
        None,
        box,
        _cards(discard),
    )
    state._become_position(snapshot)
    return state
