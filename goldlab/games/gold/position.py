"""A position of Gold!: what it holds, its JSON form, building one by hand, checking one.

:class:`GoldPosition` names the zones of the table and where the game stands.
It is the state's undo snapshot and what a record stores as ``data``; the
state keeps the same fields as attributes of the same names.

>>> from goldlab.games.gold.position import from_position
>>> s = from_position(offer="red:D green:D green:4 blue:8",
...                   tableaux=["orange:D", "violet:D", "pink:D"], turn=2)
>>> sorted(str(a) for a in s.legal_actions() if str(a).startswith("take"))
['take green:D', 'take red:D']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from goldlab.core.errors import OptionsError
from goldlab.games.gold.cards import (
    ALL_CARDS,
    COLOURS,
    DONKEY,
    Card,
    card,
    card_of,
    cards,
    full_deck,
    sort_key,
)
from goldlab.games.gold.rules import ACTION, BONUS, OFFER_SIZE, OVER, REMOVED_UNSEEN, find_set

if TYPE_CHECKING:
    from goldlab.games.gold.state import GoldState

CardsLike = str | Sequence[Card]
Cards = tuple[Card, ...]

_MAX_COUNT = 60
"""No count or zone of a Gold! position exceeds the deck (a bound for loaded positions)."""


class GoldPosition(NamedTuple):
    """Everything that decides how a game of Gold! goes on, but the generator.

    Every zone is an immutable tuple, so a position shares them with the state
    it was taken from and with the positions before and after it.
    """

    phase: str
    """``action`` (a player takes or exchanges), ``bonus`` (a set's bonus to settle) or ``over``."""
    turn: int
    """The seat whose turn it is."""
    offer: Cards
    """The cards on offer, in the order they were laid out."""
    tableaux: tuple[Cards, ...]
    """Each seat's tableau, "sorted by colour" (colour order, then value)."""
    piles: tuple[Cards, ...]
    """Each seat's face-down scoring pile."""
    unseen: tuple[int, ...]
    """How many of each card (by ``Card.index``) nobody has seen: the draw pile and the
    2 cards removed face down, as one multiset (each reveal is a uniform draw from it)."""
    pile_count: int
    """How many cards the draw pile holds."""
    to_reveal: int
    """How many cards are still to be turned up into the offer (chance moves next)."""
    deal_queue: tuple[int, ...]
    """The seats still to be dealt their starting donkey (chance moves next)."""
    grand_final: bool
    """True once the last cards of the draw pile have been revealed."""
    set_colour: str | None
    """The colour of the set being scored, while its bonus is settled."""
    box: Cards
    """The donkeys returned to the box at set-up (2 players)."""
    discard: Cards
    """The cards discarded in colour scoring."""

    def to_json(self) -> dict[str, Any]:
        """The JSON form a record stores (cards as notation)."""
        return {
            "phase": self.phase,
            "turn": self.turn,
            "offer": _names(self.offer),
            "tableaux": [_names(t) for t in self.tableaux],
            "scoring_piles": [_names(p) for p in self.piles],
            "unseen": {str(c): n for c, n in zip(ALL_CARDS, self.unseen, strict=True) if n},
            "draw_pile": self.pile_count,
            "to_reveal": self.to_reveal,
            "deal_queue": list(self.deal_queue),
            "grand_final": self.grand_final,
            "set_colour": self.set_colour,
            "box": _names(self.box),
            "discard": _names(self.discard),
        }

    @classmethod
    def from_json(cls, data: Any, players: int) -> GoldPosition:
        """The position of :meth:`to_json`; ValueError naming the first bad field.

        Only the form is checked here (types, names, sizes); whether the
        position can happen is :func:`position_problem`'s question.
        """
        if not isinstance(data, dict):
            raise ValueError("a Gold! position must be a JSON object")

        def field(key: str, kind: type | tuple[type, ...]) -> Any:
            value = data.get(key)
            if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
                raise ValueError(f"field {key!r} is missing or has the wrong type")
            return value

        def whole(key: str) -> int:
            value: int = field(key, int)
            if not 0 <= value <= _MAX_COUNT:
                raise ValueError(f"field {key!r} must be 0 to {_MAX_COUNT}")
            return value

        def cs(items: Any, key: str) -> Cards:
            if not isinstance(items, list) or len(items) > _MAX_COUNT:
                raise ValueError(f"field {key!r} must be a list of cards")
            return tuple(card(x) if isinstance(x, str) else _not_a_card(key) for x in items)

        def seats(key: str) -> list[Any]:
            value: list[Any] = field(key, list)
            if len(value) != players:
                raise ValueError(f"field {key!r} must have one entry per seat ({players})")
            return value

        unseen = [0] * len(ALL_CARDS)
        for name, n in field("unseen", dict).items():
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= _MAX_COUNT:
                raise ValueError("field 'unseen' must map cards to counts from 0")
            unseen[card(name).index] = n
        phase = {ACTION: ACTION, BONUS: BONUS, OVER: OVER}.get(field("phase", str))
        if phase is None:
            raise ValueError("field 'phase' must be 'action', 'bonus' or 'over'")
        tableaux = tuple(
            tuple(sorted(cs(t, "tableaux"), key=sort_key)) for t in seats("tableaux"))
        if phase == ACTION and any(find_set(t) for t in tableaux):
            raise ValueError("a tableau holds a set outside the set bonus: it must be scored")
        queue = field("deal_queue", list)
        if not all(isinstance(s, int) and not isinstance(s, bool) for s in queue):
            raise ValueError("field 'deal_queue' must list seats")
        set_colour = data.get("set_colour")
        if set_colour is not None and set_colour not in COLOURS:
            raise ValueError("field 'set_colour' must be a colour or null")
        return cls(
            phase=phase,
            turn=whole("turn"),
            offer=cs(data.get("offer"), "offer"),
            tableaux=tableaux,
            piles=tuple(cs(p, "scoring_piles") for p in seats("scoring_piles")),
            unseen=tuple(unseen),
            pile_count=whole("draw_pile"),
            to_reveal=whole("to_reveal"),
            deal_queue=tuple(queue),
            grand_final=field("grand_final", bool),
            set_colour=set_colour,
            box=cs(data.get("box"), "box"),
            discard=cs(data.get("discard"), "discard"),
        )


def before_the_deal(players: int, turn: int) -> GoldPosition:
    """The position at set-up before the starting donkeys are dealt (``turn`` moves first).

    "For the 2 player game, remove 1 donkey card in each colour from the deck and
    return them to the box – these cards are not used in the game."
    """
    found = _BEFORE_THE_DEAL.get((players, turn))
    if found is None:
        deck = full_deck()
        box = tuple(card_of(c, DONKEY) for c in COLOURS) if players == 2 else ()
        deck.subtract(box)
        found = _BEFORE_THE_DEAL[players, turn] = GoldPosition(
            phase=ACTION, turn=turn, offer=(), tableaux=((),) * players,
            piles=((),) * players, unseen=tuple(deck[c] for c in ALL_CARDS), pile_count=0,
            to_reveal=0, deal_queue=(), grand_final=False, set_colour=None, box=box, discard=(),
        )
    return found


_BEFORE_THE_DEAL: dict[tuple[int, int], GoldPosition] = {}
"""The position before the deal, per player count and first seat (made once each)."""


def _cards(value: CardsLike) -> Cards:
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
    from goldlab.core.registry import make_game
    from goldlab.games.gold.state import GoldState

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
    position = GoldPosition(
        phase=ACTION,
        turn=turn,
        offer=_cards(offer),
        tableaux=tuple(tuple(sorted(t, key=sort_key)) for t in table),
        piles=tuple(pile_cards),
        unseen=tuple(unseen),
        pile_count=draw_pile,
        to_reveal=0,
        deal_queue=(),
        grand_final=draw_pile == 0,
        set_colour=None,
        box=box,
        discard=_cards(discard),
    )
    problem = position_problem(position, players)
    if problem is not None:
        raise OptionsError(f"not a Gold! position: {problem}")
    state._become_position(position)
    return state


def _start_player(game: Any) -> int:
    """The ``start_player`` option of a Gold! game."""
    start: int = game.options.start_player
    return start


def position_problem(position: GoldPosition, players: int) -> str | None:
    """What makes ``position`` impossible in a game of ``players``, or None.

    Checks what the rules rely on (see ``State._position_problem``): every card
    of the deck in exactly one zone, the offer, reveals and draw pile in step,
    the phase agreeing with the tableaux, and the set-up deal consistent.
    """
    if len(position.tableaux) != players or len(position.piles) != players:
        return f"there must be one tableau and one scoring pile per seat ({players})"
    if not 0 <= position.turn < players:
        return f"turn {position.turn} is not a seat of a {players}-player game"
    if any(n < 0 for n in position.unseen):
        return "an unseen count is negative"
    expected_box = tuple(card_of(c, DONKEY) for c in COLOURS) if players == 2 else ()
    if position.box != expected_box:
        return "the box must hold one donkey of each colour with 2 players, and nothing with 3"
    placed: Counter[Card] = (
        Counter(position.box) + Counter(position.offer) + Counter(position.discard))
    for zone in (*position.tableaux, *position.piles):
        placed.update(zone)
    deck = full_deck()
    for i, c in enumerate(ALL_CARDS):
        if placed[c] + position.unseen[i] != deck[c]:
            return (f"the deck has {deck[c]} x {c} but the position holds "
                    f"{placed[c] + position.unseen[i]} (cards are not conserved)")
    pile, reveal = position.pile_count, position.to_reveal
    if not 0 <= pile <= sum(position.unseen):
        return (f"the draw pile ({pile}) must be between 0 and the unseen cards "
                f"({sum(position.unseen)})")
    if not 0 <= reveal <= min(pile, OFFER_SIZE - len(position.offer)):
        return (f"{reveal} cards to reveal do not fit a draw pile of {pile} and an offer "
                f"of {len(position.offer)}")
    if (pile - reveal) % OFFER_SIZE:
        return f"the draw pile less the cards to reveal must be a multiple of {OFFER_SIZE}"
    if position.deal_queue:
        return _dealing_problem(position, players)
    if position.grand_final != (pile == 0 and reveal == 0):
        return "the Grand Final is on exactly when the draw pile is empty"
    if position.phase == OVER:
        if position.offer or any(position.tableaux) or pile:
            return "a finished game has no offer, tableaux or draw pile left"
        return None
    if position.phase == ACTION and not position.offer and not reveal:
        # (a set completed with the last card on offer waits for its bonus before the refill)
        return "the game is not over but the offer is empty and no card is to be revealed"
    colour = position.set_colour
    if position.phase == BONUS:
        if reveal or colour is None or find_set(position.tableaux[position.turn]) != colour:
            return "in the set bonus the seat to act holds a set of the set colour"
    elif colour is not None:
        return "set_colour is only set during the set bonus"
    for seat, tableau in enumerate(position.tableaux):
        sets = _sets(tableau)
        pending = [colour] if position.phase == BONUS and seat == position.turn else []
        if sets != pending:
            return (f"seat {seat}'s tableau holds {len(sets)} sets: a set is scored as soon "
                    "as it is made, one at a time (only the seat taking its bonus holds one)")
    return None


def _sets(tableau: Cards) -> list[str | None]:
    """The colours of which ``tableau`` holds three cards or more, in colour order."""
    counts = Counter(c.colour for c in tableau)
    return [c for c in COLOURS if counts[c] >= 3]


def _dealing_problem(position: GoldPosition, players: int) -> str | None:
    """The problem of a position during the deal of the starting donkeys, or None."""
    queue = position.deal_queue
    if queue != tuple(range(queue[0], players)):
        return "the deal queue must list the seats still to be dealt, in order"
    if position.phase != ACTION or position.offer or any(position.piles) or position.discard:
        return "nothing is on offer or scored before the starting donkeys are dealt"
    if position.pile_count or position.to_reveal or position.grand_final:
        return "there is no draw pile before the starting donkeys are dealt"
    dealt = [t for seat, t in enumerate(position.tableaux) if seat not in queue]
    if any(position.tableaux[seat] for seat in queue):
        return "a seat still to be dealt already holds cards"
    if any(len(t) != 1 or not t[0].is_donkey for t in dealt):
        return "each seat already dealt holds exactly its starting donkey"
    if len({t[0].colour for t in dealt}) != len(dealt):
        return "the starting donkeys must be of different colours"
    return None


def _names(cs: Cards) -> list[str]:
    return [str(c) for c in cs]


def _not_a_card(key: str) -> Card:
    raise ValueError(f"field {key!r} must list cards as text such as 'green:D'")
