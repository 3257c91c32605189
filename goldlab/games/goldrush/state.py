"""The position of a game of Mount Goldrush and how flips change it.

The table is modelled lazily.  Each of the 64 positions is either empty (its
card left the table), face down and *unknown* (never flipped), or face down or
up with a *known* card.  An unknown position has no identity yet: the first
time it is flipped, chance draws its card uniformly from the cards nobody has
seen (the deck less every card ever turned up).  That is exactly a shuffled
face-down layout seen one card at a time, and it makes the engine's chance
probabilities the exact odds of a blind flip.  Once known, a card stays where
it is until it leaves the table.

A turn is: flip, (chance reveals it if unknown), flip again, the pair is
resolved, the next turn starts.  The start of a turn checks, in this order,
for an empty table (game end), for 10 or fewer face-down cards (Gold Rush), for
a dead table and for a stalled one (``docs/rulings.md``).  In the Gold Rush a
turn is a single flip.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from goldlab.core.errors import OptionsError
from goldlab.core.options import check_seat
from goldlab.core.state import CHANCE, TERMINAL, State
from goldlab.core.values import Action, ChanceOutcome, Event
from goldlab.games.goldrush import rules
from goldlab.games.goldrush.actions import FLIPS, Flip, Reveal
from goldlab.games.goldrush.cards import (
    ALL_CARDS,
    DECK,
    DYNAMITE,
    KINDS,
    TABLE_SIZE,
    Card,
    card,
    cards,
)
from goldlab.games.goldrush.events import (
    GAME_END,
    HOW_TO_PLAY,
    CardFlipped,
    CardsLaidOut,
    DeadPosition,
    GameOver,
    GoldRushBegins,
    MinesChosen,
    RushGold,
    RushRemoved,
    TableStalled,
)
from goldlab.games.goldrush.layout import LAYOUTS, label
from goldlab.games.goldrush.observation import FlipSeen, GoldrushView
from goldlab.games.goldrush.options import GOLD_RUSH as RESOLVE_BY_GOLD_RUSH
from goldlab.games.goldrush.position import GONE, UNKNOWN, GoldrushPosition, position_problem

if TYPE_CHECKING:
    from goldlab.games.goldrush.game import GoldrushGame

_VALUE: tuple[int, ...] = tuple(c.value if c.is_gold else 0 for c in ALL_CARDS)
_REVEALS: tuple[tuple[Reveal, ...], ...] = tuple(
    tuple(Reveal(p, c) for c in ALL_CARDS) for p in range(TABLE_SIZE)
)
_LABELS: dict[str, tuple[str, ...]] = {
    layout: tuple(label(p, layout) for p in range(TABLE_SIZE)) for layout in LAYOUTS
}
CardSpec = Card | str


class GoldrushState(State["GoldrushGame"]):
    """A game of Mount Goldrush in progress."""

    def __init__(self, game: GoldrushGame, seed: int | None = None, mode: str = "play",
                 auto_chance: bool = True) -> None:
        super().__init__(game, seed, mode, auto_chance)
        n = game.players
        self.cell: list[int] = [UNKNOWN] * TABLE_SIZE
        self.up: list[int] = []
        self.unseen: list[int] = list(DECK)
        self.pending = -1
        self.turn = game.options.start_player
        self.turn_no = 1
        self.rush = False
        self.over = False
        self.stall = 0
        self.taken: list[list[int]] = [[] for _ in range(n)]
        self.removed: list[int] = []
        self.log: list[FlipSeen] = []
        self.end_reason = ""
        self.on_table = TABLE_SIZE
        unowned = tuple(c for c, s in game.owners.items() if s is None and c not in game.box)
        self.setup_events: list[Event] = [
            MinesChosen(game.seat_colours, unowned, game.box),
            CardsLaidOut(TABLE_SIZE, game.options.layout),
        ]
        self._finish_setup()

    @classmethod
    def from_position(
        cls,
        game: GoldrushGame,
        *,
        known: Mapping[int, CardSpec] | None = None,
        unknown: str | Sequence[Card] | None = None,
        removed: str | Sequence[Card] = (),
        taken: Sequence[str | Sequence[Card]] = (),
        turn: int = 0,
        turn_no: int = 1,
        gold_rush: bool = False,
        stall: int = 0,
        seed: int = 0,
        mode: str = "study",
        auto_chance: bool = True,
    ) -> GoldrushState:
        """A position at the start of ``turn``'s turn, for scenarios, lessons and tests.

        ``known`` maps positions to cards lying face down that have been seen
        before; ``unknown`` lists the cards never flipped (they take the lowest
        free positions); ``taken`` lists each seat's gold; ``removed`` lists
        the cards out of the game.  Leave ``unknown`` out to make it every card
        not placed elsewhere, or pass ``removed="rest"`` to make everything not
        placed elsewhere removed.  Positions left over are empty.  The start of
        the turn is checked as in play (Gold Rush, dead table, game end).
        """
        state = cls(game, seed, mode, auto_chance)
        n = game.players
        known_cards, unknown_cards, removed_cards, taken_cards = _where_the_cards_are(
            n, known, unknown, removed, taken)
        free = [p for p in range(TABLE_SIZE) if p not in known_cards]
        if len(unknown_cards) > len(free):
            raise OptionsError("more cards than positions")
        if not 0 <= turn < n:
            raise OptionsError(f"turn must be a seat of a {n}-player game")
        state.cell = [GONE] * TABLE_SIZE
        for p, c in known_cards.items():
            state.cell[p] = c.index
        for p in free[: len(unknown_cards)]:
            state.cell[p] = UNKNOWN
        state.unseen = [0] * KINDS
        for c in unknown_cards:
            state.unseen[c.index] += 1
        state.on_table = len(known_cards) + len(unknown_cards)
        state.taken = [[c.index for c in t] for t in taken_cards]
        state.removed = [c.index for c in removed_cards]
        state.log = [FlipSeen(0, -1, p, c) for p, c in sorted(known_cards.items())]
        state.turn = turn
        state.turn_no = turn_no
        state.rush = gold_rush
        state.stall = stall
        state._hand_built()  # the fields were set by hand: the core forgets its listing
        state._start_turn(state.setup_events)
        return state

    # ------------------------------------------------------------ protocol
    @property
    def current_player(self) -> int:
        """The seat to flip, CHANCE while a new card is revealed, TERMINAL at the end."""
        if self.over:
            return TERMINAL
        if self.pending >= 0:
            return CHANCE
        return self.turn

    @property
    def face_down(self) -> int:
        """How many cards lie face down."""
        return self.on_table - len(self.up)

    @property
    def owners(self) -> Mapping[str, int | None]:
        """Each colour's owner (a seat) or None."""
        return self.game.owners

    def _legal_actions(self) -> list[Action]:
        legal: list[Action] = [f for f, k in zip(FLIPS, self.cell, strict=True) if k != GONE]
        if self.up:
            legal.remove(FLIPS[self.up[0]])
        return legal

    def _why_not(self, action: Action) -> tuple[str, str]:
        if self.over:
            # "The game ends once the last card is flipped and removed or taken by a player."
            why = f" ({self.end_reason})" if self.end_reason else ""
            return (GAME_END, f"the game is over{why}: nothing more can be flipped")
        return super()._why_not(action)

    def _illegal_reason(self, action: Action) -> tuple[str, str]:
        if not isinstance(action, Flip):
            return (HOW_TO_PLAY, f"{action} is not an action of Mount Goldrush")
        p = action.position
        if not 0 <= p < TABLE_SIZE:
            return (HOW_TO_PLAY, f"there is no position {p} on the table")
        if self.cell[p] == GONE:
            return (HOW_TO_PLAY, f"{self._label(p)} is empty: that card left the game")
        if p in self.up:
            return (HOW_TO_PLAY,
                    f"the card at {self._label(p)} is already face up: flip two different cards")
        return (HOW_TO_PLAY, f"{action} is not allowed now")  # pragma: no cover

    def chance_outcomes(self) -> list[tuple[ChanceOutcome, Fraction]]:
        """The card under a position flipped for the first time: by unseen counts."""
        if self.pending < 0:
            return []
        total = sum(self.unseen)
        row = _REVEALS[self.pending]
        return [(row[k], Fraction(n, total)) for k, n in enumerate(self.unseen) if n]

    def _sample_chance(self, rng: random.Random) -> ChanceOutcome:
        pick = rng.randrange(sum(self.unseen))
        for k, n in enumerate(self.unseen):
            pick -= n
            if pick < 0:
                return _REVEALS[self.pending][k]
        raise AssertionError("unseen cards miscounted")  # pragma: no cover

    def _do(self, action: Action) -> list[Event]:
        if isinstance(action, Reveal):
            k = action.card.index
            self.unseen[k] -= 1
            self.cell[action.position] = k
            self.pending = -1
            return self._turned_up(action.position, first_time=True)
        assert isinstance(action, Flip)
        p = action.position
        if self.cell[p] == UNKNOWN:
            # A card nobody has seen: chance decides what it is.
            self.pending = p
            return []
        return self._turned_up(p, first_time=False)

    def scores(self) -> tuple[int, ...]:
        """Gold points under each mine entrance."""
        value = _VALUE.__getitem__
        return tuple([sum(map(value, t)) for t in self.taken])

    def gold_cards(self) -> tuple[int, ...]:
        """How many gold cards each seat holds (the first tie-break)."""
        return tuple(len(t) for t in self.taken)

    def taken_cards(self, seat: int) -> tuple[Card, ...]:
        """The gold under ``seat``'s mine entrance, in the order taken."""
        return tuple(ALL_CARDS[k] for k in self.taken[seat])

    def removed_cards(self) -> tuple[Card, ...]:
        """The cards removed from the game, in the order removed."""
        return tuple(ALL_CARDS[k] for k in self.removed)

    def _tiebreak(self, seat: int) -> tuple[int, ...]:
        # "In case of a tie, the player with the most gold cards wins."
        return (len(self.taken[seat]),)

    def observation(self, player: int) -> GoldrushView:
        """What ``player`` sees: the public record of every flip (the same for everyone)."""
        if player.__class__ is not int or not 0 <= player < self.players:
            check_seat(player, self.players)  # raises OptionsError naming what is wrong
        return GoldrushView.of(self, player)

    def omniscient(self) -> GoldrushView:
        """Everything there is: every flip is public, so this is the players' view too."""
        return GoldrushView.of(self, None)

    def _redeal_hidden(self, player: int, rng: random.Random) -> None:
        """Nothing to redeal: unflipped cards have no identity until they are flipped.

        Every flip is public; what is hidden is only the draws to come,
        which :meth:`determinise` redraws by reseeding the generator.
        """

    def face_down_counts(self) -> list[int]:
        """The face-down cards (seen or not) as counts per kind."""
        counts = list(self.unseen)
        up = self.up
        for p, k in enumerate(self.cell):
            if k >= 0 and p not in up:
                counts[k] += 1
        return counts

    # ------------------------------------------------------------ snapshots
    def _save(self) -> GoldrushPosition:
        return GoldrushPosition(
            cell=tuple(self.cell),
            up=tuple(self.up),
            unseen=tuple(self.unseen),
            pending=self.pending,
            turn=self.turn,
            turn_no=self.turn_no,
            rush=self.rush,
            over=self.over,
            stall=self.stall,
            taken=tuple(tuple(t) for t in self.taken),
            removed=tuple(self.removed),
            log=tuple(self.log),
            end_reason=self.end_reason,
            on_table=self.on_table,
        )

    def _load(self, snapshot: GoldrushPosition) -> None:
        self.cell = list(snapshot.cell)
        self.up = list(snapshot.up)
        self.unseen = list(snapshot.unseen)
        self.pending = snapshot.pending
        self.turn = snapshot.turn
        self.turn_no = snapshot.turn_no
        self.rush = snapshot.rush
        self.over = snapshot.over
        self.stall = snapshot.stall
        self.taken = [list(t) for t in snapshot.taken]
        self.removed = list(snapshot.removed)
        self.log = list(snapshot.log)
        self.end_reason = snapshot.end_reason
        self.on_table = snapshot.on_table

    def _snapshot_to_json(self, snapshot: GoldrushPosition) -> Any:
        return snapshot.to_json()

    def _snapshot_from_json(self, data: Any) -> GoldrushPosition:
        return GoldrushPosition.from_json(data)

    def _position_problem(self) -> str | None:
        return position_problem(self._save(), self.players)

    # ------------------------------------------------------------ internals
    def _label(self, position: int) -> str:
        return _LABELS[self.game.options.layout][position]

    def _turned_up(self, p: int, first_time: bool) -> list[Event]:
        seat = self.turn
        c = ALL_CARDS[self.cell[p]]
        self.up.append(p)
        self.log.append(FlipSeen(self.turn_no, seat, p, c))
        events: list[Event] = [CardFlipped(self.turn_no, seat, p, c, first_time, self._label(p))]
        if self.rush:
            self._resolve_rush(p, c, events)
        elif len(self.up) == 2:
            self._resolve_pair(events)
        return events

    def _resolve_pair(self, events: list[Event]) -> None:
        a, b = self.up
        cards_ = (ALL_CARDS[self.cell[a]], ALL_CARDS[self.cell[b]])
        result = rules.resolve_pair(cards_[0], cards_[1], self.turn, self.game.owners,
                                    (self._label(a), self._label(b)))
        events.append(result.event)
        moved = False
        for p, c, leaves in zip((a, b), cards_, result.leaves, strict=True):
            if not leaves:
                continue  # "returned face-down where it was found" / "flip them back face down"
            moved = True
            self.cell[p] = GONE
            self.on_table -= 1
            if c.is_gold and result.receiver is not None:
                # "Place any gold you get face-down under your mine entrance."
                self.taken[result.receiver].append(c.index)
            else:
                self.removed.append(c.index)
        self.stall = 0 if moved else self.stall + 1
        self._end_turn(events)

    def _resolve_rush(self, p: int, c: Card, events: list[Event]) -> None:
        # "If it is gold, they take it and place it under their mine entrance. If it is a gold
        # digger or dynamite, the card is removed from the game."
        self.cell[p] = GONE
        self.on_table -= 1
        if c.is_gold:
            self.taken[self.turn].append(c.index)
            events.append(RushGold(self.turn, c))
        else:
            self.removed.append(c.index)
            events.append(RushRemoved(c))
        self.stall = 0
        self._end_turn(events)

    def _end_turn(self, events: list[Event]) -> None:
        self.up.clear()
        self.turn = (self.turn + 1) % self.players
        self.turn_no += 1
        self._start_turn(events)

    def _start_turn(self, events: list[Event]) -> None:
        if self.on_table == 0:
            # "The game ends once the last card is flipped and removed or taken by a player."
            self._finish(events, "the last card left the table")
            return
        if self.rush:
            return
        face_down = self.face_down
        if face_down <= rules.GOLD_RUSH_AT:
            # "If, at the start of your turn, only 10 or fewer face-down cards remain on the
            # table, everyone says: 'gold rush!'"
            self.rush = True
            events.append(GoldRushBegins(face_down, "10 or fewer face-down cards"))
            return
        limit = self.game.options.stall_limit
        if not self.unseen[DYNAMITE.index] and rules.is_dead(self.face_down_counts()):
            events.append(DeadPosition(face_down, self._resolution()))
            self._stuck(events, "dead position")
        elif self.stall >= limit:
            events.append(TableStalled(self.stall, self._resolution()))
            self._stuck(events, "stalled table")

    def _resolution(self) -> str:
        if self.game.options.dead_position == RESOLVE_BY_GOLD_RUSH:
            return "Gold Rush starts at once"
        return "the game ends"

    def _stuck(self, events: list[Event], reason: str) -> None:
        if self.game.options.dead_position == RESOLVE_BY_GOLD_RUSH:
            self.rush = True
            events.append(GoldRushBegins(self.face_down, reason))
        else:
            self._finish(events, reason)

    def _finish(self, events: list[Event], reason: str) -> None:
        self.over = True
        self.end_reason = reason
        scores = self.scores()
        gold_cards = self.gold_cards()
        events.append(
            GameOver(scores, gold_cards, rules.winners(scores, gold_cards), self.on_table)
        )


def _card(spec: CardSpec) -> Card:
    return spec if isinstance(spec, Card) else card(spec)


def _where_the_cards_are(
    n: int, known: Mapping[int, CardSpec] | None, unknown: str | Sequence[Card] | None,
    removed: str | Sequence[Card], taken: Sequence[str | Sequence[Card]],
) -> tuple[dict[int, Card], tuple[Card, ...], tuple[Card, ...], list[tuple[Card, ...]]]:
    """The cards of a hand-built position (see :meth:`GoldrushState.from_position`): those
    seen at known positions, those never flipped, those out of the game and each seat's
    gold, checked to account for the 64 cards."""
    known_cards = {int(p): _card(c) for p, c in (known or {}).items()}
    if any(not 0 <= p < TABLE_SIZE for p in known_cards):
        raise OptionsError("known positions must be 0-63")
    taken_cards = [cards(t) if isinstance(t, str) else tuple(t) for t in taken]
    taken_cards += [()] * (n - len(taken_cards))
    if len(taken_cards) != n or any(not c.is_gold for t in taken_cards for c in t):
        raise OptionsError(f"taken must list gold cards for at most {n} seats")
    placed = [0] * KINDS
    for c in [*known_cards.values(), *(c for t in taken_cards for c in t)]:
        placed[c.index] += 1
    if removed == "rest":
        if unknown is None:
            raise OptionsError("removed='rest' needs the unknown cards listed")
        unknown_cards = cards(unknown) if isinstance(unknown, str) else tuple(unknown)
        for c in unknown_cards:
            placed[c.index] += 1
        removed_cards: tuple[Card, ...] = tuple(
            ALL_CARDS[k] for k in range(KINDS) for _ in range(DECK[k] - placed[k])
        )
    else:
        removed_cards = cards(removed) if isinstance(removed, str) else tuple(removed)
        for c in removed_cards:
            placed[c.index] += 1
        if unknown is None:
            unknown_cards = tuple(
                ALL_CARDS[k] for k in range(KINDS) for _ in range(DECK[k] - placed[k])
            )
        else:
            unknown_cards = cards(unknown) if isinstance(unknown, str) else tuple(unknown)
    counts = [0] * KINDS
    for c in (*known_cards.values(), *unknown_cards, *removed_cards,
              *(c for t in taken_cards for c in t)):
        counts[c.index] += 1
    if counts != list(DECK):
        diff = ", ".join(
            f"{ALL_CARDS[k]} {counts[k]}/{DECK[k]}"
            for k in range(KINDS)
            if counts[k] != DECK[k]
        )
        raise OptionsError(f"the position does not account for the 64 cards: {diff}")
    return known_cards, unknown_cards, removed_cards, taken_cards
