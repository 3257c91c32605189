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
from goldlab.games.gold.rules import ACTION, BONUS, OVER
from goldlab.games.gold.scoring import find_set
from goldlab.games.gold.state import OFFER_SIZE, REMOVED_UNSEEN, GoldState

CardsLike = str | Sequence[Card]


def _cards(value: CardsLike) -> tuple[Card, ...]:
    return cards(value) if isinstance(value, str) else tuple(value)


def from_position(*, offer: CardsLike, tableaux: Sequence[CardsLike],
                  piles: Sequence[CardsLike] | None = None, turn: int | None = None,
                  draw_pile: int | None = None, discard: CardsLike = (), seed: int = 0,
                  mode: str = "study", **options: Any) -> GoldState:
    """A state at the given position; every card not placed is unseen.

    The player count is ``len(tableaux)``.  With 2 players one donkey of each
    colour is in the box, as in the set-up.  ``turn`` (the seat to act)
    defaults to the ``start_player`` option.  The offer holds 1 to 5 cards.
    ``draw_pile`` is a multiple of 5 (the offer is refilled 5 cards at a time);
    it defaults to the unseen cards less the 2 removed face down, rounded down
    to a multiple of 5.  The Grand Final is on when the draw pile is empty.
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
    if len(_cards(offer)) > OFFER_SIZE:
        raise OptionsError(f"the offer holds at most {OFFER_SIZE} cards, not {len(_cards(offer))}")
    if turn is None:
        turn = _start_player(game)
    if isinstance(turn, bool) or not isinstance(turn, int) or not 0 <= turn < players:
        raise OptionsError(f"turn must be a seat from 0 to {players - 1}, not {turn!r}")
    if draw_pile is None:
        draw_pile = max(0, sum(unseen) - REMOVED_UNSEEN) // OFFER_SIZE * OFFER_SIZE
    if isinstance(draw_pile, bool) or not isinstance(draw_pile, int):
        raise OptionsError(f"draw_pile must be a whole number, not {draw_pile!r}")
    if not 0 <= draw_pile <= sum(unseen):
        raise OptionsError(f"draw_pile must be between 0 and {sum(unseen)} (the unseen cards)")
    if draw_pile % OFFER_SIZE:
        raise OptionsError(
            f"draw_pile must be a multiple of {OFFER_SIZE} (the offer is refilled "
            f"{OFFER_SIZE} cards at a time), not {draw_pile}"
        )
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
    problem = position_problem(state)
    if problem is not None:
        raise OptionsError(f"not a Gold! position: {problem}")
    return state


def _start_player(game: Any) -> int:
    """The ``start_player`` option of a Gold! game."""
    start: int = game.options.start_player
    return start


def position_problem(state: GoldState) -> str | None:
    """What makes ``state`` an impossible Gold! position, or None (see ``State._position_problem``).

    Checks what the rules rely on: every card of the deck in exactly one zone,
    the offer, reveals and draw pile in step, the phase agreeing with the
    tableaux, and the set-up deal consistent.
    """
    players = state.players
    if len(state.tableaux) != players or len(state.piles) != players:
        return f"there must be one tableau and one scoring pile per seat ({players})"
    if not 0 <= state.turn < players:
        return f"turn {state.turn} is not a seat of a {players}-player game"
    if any(n < 0 for n in state.unseen):
        return "an unseen count is negative"
    expected_box = tuple(card_of(c, DONKEY) for c in COLOURS) if players == 2 else ()
    if state.box != expected_box:
        return "the box must hold one donkey of each colour with 2 players, and nothing with 3"
    placed: Counter[Card] = Counter(state.box) + Counter(state.offer) + Counter(state.discard)
    for zone in (*state.tableaux, *state.piles):
        placed.update(zone)
    deck = full_deck()
    for i, c in enumerate(ALL_CARDS):
        if placed[c] + state.unseen[i] != deck[c]:
            return (f"the deck has {deck[c]} x {c} but the position holds "
                    f"{placed[c] + state.unseen[i]} (cards are not conserved)")
    pile, reveal = state.pile_count, state.to_reveal
    if not 0 <= pile <= sum(state.unseen):
        return (f"the draw pile ({pile}) must be between 0 and the unseen cards "
                f"({sum(state.unseen)})")
    if not 0 <= reveal <= min(pile, OFFER_SIZE - len(state.offer)):
        return (f"{reveal} cards to reveal do not fit a draw pile of {pile} and an offer "
                f"of {len(state.offer)}")
    if (pile - reveal) % OFFER_SIZE:
        return f"the draw pile less the cards to reveal must be a multiple of {OFFER_SIZE}"
    if state.deal_queue:
        return _dealing_problem(state)
    if state.grand_final != (pile == 0 and reveal == 0):
        return "the Grand Final is on exactly when the draw pile is empty"
    if state.phase == OVER:
        if state.offer or any(state.tableaux) or pile:
            return "a finished game has no offer, tableaux or draw pile left"
        return None
    if not state.offer and not reveal:
        return "the game is not over but the offer is empty and no card is to be revealed"
    colour = state.set_colour
    if state.phase == BONUS:
        if reveal or colour is None or find_set(state.tableaux[state.turn]) != colour:
            return "in the set bonus the seat to act holds a set of the set colour"
    elif colour is not None:
        return "set_colour is only set during the set bonus"
    return None


def _dealing_problem(state: GoldState) -> str | None:
    """The problem of a position during the deal of the starting donkeys, or None."""
    queue = state.deal_queue
    if queue != tuple(range(queue[0], state.players)):
        return "the deal queue must list the seats still to be dealt, in order"
    if state.phase != ACTION or state.offer or any(state.piles) or state.discard:
        return "nothing is on offer or scored before the starting donkeys are dealt"
    if state.pile_count or state.to_reveal or state.grand_final:
        return "there is no draw pile before the starting donkeys are dealt"
    dealt = [t for seat, t in enumerate(state.tableaux) if seat not in queue]
    if any(state.tableaux[seat] for seat in queue):
        return "a seat still to be dealt already holds cards"
    if any(len(t) != 1 or not t[0].is_donkey for t in dealt):
        return "each seat already dealt holds exactly its starting donkey"
    if len({t[0].colour for t in dealt}) != len(dealt):
        return "the starting donkeys must be of different colours"
    return None
