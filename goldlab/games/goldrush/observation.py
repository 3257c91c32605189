"""What a player of Mount Goldrush may see: the public history of flips.

Every flip is public, so every player has the same observation: which
positions have been seen as which card (and when, and by whom), which cards
left the table and who took which gold.  Nothing else: a position never
flipped shows no card, because nobody, not even the engine, has decided what
it is yet.  The observation is a *perfect record*; memory-model players
(:mod:`goldlab.games.goldrush.bots`) filter it through their memory.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from goldlab.core.state import CHANCE, TERMINAL, Outcome, Step
from goldlab.core.values import Action, View, worked_out
from goldlab.games.goldrush.cards import ALL_CARDS, DECK, Card
from goldlab.games.goldrush.events import CardFlipped
from goldlab.games.goldrush.layout import GRID, ROWS, SIDE, label

if TYPE_CHECKING:
    from goldlab.games.goldrush.state import GoldrushState

DOWN = "down"
UP = "up"
GONE = "gone"


@dataclass(frozen=True, slots=True)
class FlipSeen:
    """One public flip: in turn ``turn`` seat ``seat`` turned up ``card`` at ``position``.

    Seat -1 and turn 0 mark cards already known when a position was set up.
    """

    turn: int
    seat: int
    position: int
    card: Card

    def __str__(self) -> str:
        who = "earlier" if self.seat < 0 else f"turn {self.turn}, seat {self.seat}"
        return f"{who}: {self.position} is {self.card}"


_FIELDS = (
    "player", "players", "to_move", "turn", "turn_no", "edition", "layout", "seat_colours",
    "owners", "box", "status", "cards", "flips", "taken", "removed", "scores", "face_down",
    "gold_rush", "stall", "stall_limit", "end_reason", "last_steps", "legal_actions", "outcome",
)
"""The view's fields, in order (equality, hashing and ``repr`` go through them)."""



class Held(NamedTuple):
    """What a Mount Goldrush view reads off the state when it is made.

    ``table`` is the table as it is now, as the state keeps it (each position's card
    index or -1/-2, the positions face up, the gold taken, the cards removed, the
    recent steps); the view's table fields are worked out from it when first read.
    """

    player: int | None
    players: int
    to_move: int
    turn: int
    turn_no: int
    edition: str
    layout: str
    seat_colours: tuple[tuple[str, ...], ...]
    owners: tuple[tuple[str, int | None], ...]
    box: tuple[str, ...]
    flips: tuple[FlipSeen, ...]
    face_down: int
    gold_rush: bool
    stall: int
    stall_limit: int
    end_reason: str
    legal_actions: tuple[Action, ...]
    outcome: Outcome | None
    table: tuple[Any, ...]


class GoldrushView(View, held=Held):
    """A player's (or the omniscient) view of a Mount Goldrush position.

    Immutable.  The fields read straight off the position are held when the view
    is made; the ones worked out from the table (each position's status and card,
    the gold taken, the scores, the latest turn's steps) are worked out when first
    read and then kept, so a bot that never looks at the table does not pay for it
    (the view recipe of :class:`goldlab.core.values.View`).
    """

    __slots__ = ()
    _FIELD_NAMES = _FIELDS

    _held: Held
    player: int | None
    players: int
    to_move: int
    turn: int
    turn_no: int
    edition: str
    layout: str
    seat_colours: tuple[tuple[str, ...], ...]
    owners: tuple[tuple[str, int | None], ...]
    box: tuple[str, ...]
    flips: tuple[FlipSeen, ...]
    face_down: int
    gold_rush: bool
    stall: int
    stall_limit: int
    end_reason: str
    legal_actions: tuple[Action, ...]
    outcome: Outcome | None

    @classmethod
    def of(cls, state: GoldrushState, player: int | None) -> GoldrushView:
        """Build the view of ``state`` for ``player`` (None: omniscient, which is the same)."""
        game = state.game
        options = game.options
        to_move = state.current_player
        legal = tuple(state.legal_actions()) if player is None or player == to_move else ()
        return cls.holding(Held(
            player, game.players, to_move, state.turn, state.turn_no, options.edition,
            options.layout, game.seat_colours, tuple(game.owners.items()), game.box,
            tuple(state.log), state.face_down, state.rush, state.stall, options.stall_limit,
            state.end_reason, legal, state.outcome(),
            # the table as it is now (the state's lists change as play goes on)
            (tuple(state.cell), tuple(state.up), tuple([tuple(t) for t in state.taken]),
             tuple(state.removed), tuple(state.recent_steps(_LAST_TURN_LIMIT))),
        ))

    @worked_out
    def status(self) -> tuple[str, ...]:
        """Each position's status: ``down``, ``up`` (flipped this turn) or ``gone``."""
        return _status(self._held.table)

    @worked_out
    def cards(self) -> tuple[Card | None, ...]:
        """Each position's card as last seen (None: never flipped, or gone)."""
        return _cards(self._held.table)

    @worked_out
    def taken(self) -> tuple[tuple[Card, ...], ...]:
        """The gold cards under each seat's mine entrance."""
        return _taken(self._held.table)

    @worked_out
    def removed(self) -> tuple[Card, ...]:
        """Cards that left the table without going to a mine entrance."""
        return _removed(self._held.table)

    @worked_out
    def scores(self) -> tuple[int, ...]:
        """Gold points under each mine entrance."""
        return _scores(self._held.table)

    @worked_out
    def last_steps(self) -> tuple[Step, ...]:
        """The steps of the latest turn (the one under way, else the one just finished)."""
        return _last_turn(self._held.table)

    @property
    def last(self) -> tuple[str, ...]:
        """The steps of the latest turn and their events, as text (formatted when read)."""
        lines: list[str] = []
        for step in self.last_steps:
            lines.append(str(step))
            lines.extend(str(e) for e in step.events)
        return tuple(lines)

    @property
    def legal(self) -> tuple[str, ...]:
        """The legal actions as notation, if this view's player is to move."""
        return tuple(str(a) for a in self.legal_actions)

    def owner(self, colour: str) -> int | None:
        """The seat owning a colour, or None."""
        return dict(self.owners)[colour]

    def known(self) -> dict[int, Card]:
        """Face-down positions whose card has been seen (a perfect memory of the record)."""
        return {
            p: c for p, (s, c) in enumerate(zip(self.status, self.cards, strict=True))
            if s == DOWN and c is not None
        }

    def face_up(self) -> dict[int, Card]:
        """The cards face up right now (flipped this turn)."""
        return {
            p: c for p, (s, c) in enumerate(zip(self.status, self.cards, strict=True))
            if s == UP and c is not None
        }

    def never_flipped(self) -> list[int]:
        """Positions still face down that nobody has ever seen."""
        return [
            p for p, (s, c) in enumerate(zip(self.status, self.cards, strict=True))
            if s == DOWN and c is None
        ]

    def unseen_counts(self) -> list[int]:
        """How many cards of each kind nobody has seen: the deck less every card seen."""
        counts = list(DECK)
        for s, c in zip(self.status, self.cards, strict=True):
            if s != GONE and c is not None:
                counts[c.index] -= 1
        for c in self.removed:
            counts[c.index] -= 1
        for pile in self.taken:
            for c in pile:
                counts[c.index] -= 1
        return counts

    def place(self, position: int) -> str:
        """A position as people write it in this layout (``#17`` or ``c2``)."""
        return label(position, self.layout)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly form (cards as notation)."""
        return {
            "player": self.player,
            "players": self.players,
            "to_move": self.to_move,
            "turn": self.turn,
            "turn_no": self.turn_no,
            "edition": self.edition,
            "layout": self.layout,
            "seat_colours": [list(c) for c in self.seat_colours],
            "owners": dict(self.owners),
            "box": list(self.box),
            "table": [
                {"status": s, "card": None if c is None else str(c)}
                for s, c in zip(self.status, self.cards, strict=True)
            ],
            "flips": [[f.turn, f.seat, f.position, str(f.card)] for f in self.flips],
            "taken": [[str(c) for c in t] for t in self.taken],
            "removed": [str(c) for c in self.removed],
            "scores": list(self.scores),
            "face_down": self.face_down,
            "gold_rush": self.gold_rush,
            "stall": self.stall,
            "stall_limit": self.stall_limit,
            "end_reason": self.end_reason,
            "last": list(self.last),
            "legal": list(self.legal),
            "outcome": None if self.outcome is None else self.outcome.to_dict(),
        }

    def html(self, memory: Mapping[int, Card] | None = None, memory_of: int | None = None) -> str:
        """The table as HTML, the game's one picture (its presenter's); ``memory`` draws the
        face-down cards a player remembers (e.g. a memory bot's ``remembered()``)."""
        from goldlab.games.goldrush.picture import view_html

        return view_html(self, memory=memory, memory_of=memory_of)

    def text(self, memory: Mapping[int, Card] | None = None) -> str:
        """The table as text: ``##`` face down, ``(G3)`` seen, ``[G3]`` face up, ``.`` empty;
        ``memory``: what a player remembers of the face-down cards, instead of all seen."""
        return _text(self, memory)

    def _repr_html_(self) -> str:
        return self.html()


def _short(c: Card) -> str:
    """A 2-letter code for text tables: ``G3`` gold, ``r4`` red digger, ``XX`` dynamite."""
    if c.is_gold:
        return f"G{c.value}"
    if c.is_dynamite:
        return "XX"
    assert c.colour is not None
    return f"{c.colour[0]}{c.value}"


def _text(view: GoldrushView, memory: Mapping[int, Card] | None = None) -> str:
    if view.to_move == TERMINAL:
        status = "Game over" + (f" ({view.end_reason})" if view.end_reason else "")
    else:
        who = "chance reveals a card" if view.to_move == CHANCE else f"seat {view.to_move} to flip"
        phase = "Gold Rush! one flip per turn" if view.gold_rush else "two flips per turn"
        status = f"turn {view.turn_no}: {who}, {view.face_down} cards face down, {phase}"
    lines = [status]
    if view.layout == GRID:
        lines.append("    " + "".join(f"{i + 1:^5}" for i in range(SIDE)))
    for row in range(SIDE):
        cells = []
        for col in range(SIDE):
            p = row * SIDE + col
            status, c = view.status[p], view.cards[p]
            if status == GONE:
                cells.append("  .  ")
            elif status == UP and c is not None:
                cells.append(f"[{_short(c)}] ")
            else:
                shown = memory.get(p) if memory is not None else c
                cells.append(f"({_short(shown)}) " if shown is not None else " ##  ")
        prefix = f" {ROWS[row]}  " if view.layout == GRID else f"{row * SIDE:>3} "
        lines.append(prefix + "".join(cells).rstrip())
    for seat, colours in enumerate(view.seat_colours):
        gold = " ".join(str(g.value) for g in view.taken[seat]) or "-"
        lines.append(f"seat {seat} ({'+'.join(colours)}): {view.scores[seat]} points [{gold}]")
    return "\n".join(lines)


_LAST_TURN_LIMIT = 8


def _status(table: tuple[Any, ...]) -> tuple[str, ...]:
    status = list(map(_STATUS_AT.__getitem__, table[0]))
    for p in table[1]:
        if status[p] is not GONE:
            status[p] = UP
    return tuple(status)


def _cards(table: tuple[Any, ...]) -> tuple[Card | None, ...]:
    return tuple(map(_CARD_AT.__getitem__, table[0]))


def _taken(table: tuple[Any, ...]) -> tuple[tuple[Card, ...], ...]:
    card_of = ALL_CARDS.__getitem__
    return tuple([tuple(map(card_of, t)) for t in table[2]])


def _removed(table: tuple[Any, ...]) -> tuple[Card, ...]:
    return tuple(map(ALL_CARDS.__getitem__, table[3]))


def _scores(table: tuple[Any, ...]) -> tuple[int, ...]:
    points = _POINTS.__getitem__
    return tuple([sum(map(points, t)) for t in table[2]])


def _last_turn(table: tuple[Any, ...]) -> tuple[Step, ...]:
    """The steps of the latest turn (the one under way, else the one just finished)."""
    turn = None
    steps: list[Step] = []
    for step in reversed(table[4]):
        for e in step.events:  # a step's turn is its first flip's
            if type(e) is CardFlipped:
                if turn is None:
                    turn = e.turn
                elif e.turn != turn:
                    steps.reverse()
                    return tuple(steps)
                break
        steps.append(step)
    steps.reverse()
    return tuple(steps)


_POINTS: tuple[int, ...] = tuple(c.value if c.is_gold else 0 for c in ALL_CARDS)
"""Points of each card under a mine entrance (as ``GoldrushState.scores`` counts them)."""

# A table position holds a card index, or -1 (never flipped) or -2 (gone).
_CARD_AT: dict[int, Card | None] = {-2: None, -1: None, **{c.index: c for c in ALL_CARDS}}
_STATUS_AT: dict[int, str] = {-2: GONE, -1: DOWN, **{c.index: DOWN for c in ALL_CARDS}}

