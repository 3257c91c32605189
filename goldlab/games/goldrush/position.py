"""A position of Mount Goldrush: :class:`GoldrushPosition`, and whether one loaded from a
file can be played from.

The position is what undo puts back and what a saved game's start holds, as
``GoldPosition`` and ``GoldlandPosition`` are for the other games.  A record's start
position is hostile until checked: :func:`position_problem` names the first thing the
rules could not cope with (see ``State._position_problem``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from goldlab.core.notation import shown
from goldlab.games.goldrush.cards import ALL_CARDS, DECK, KINDS, TABLE_SIZE, card

if TYPE_CHECKING:
    from goldlab.games.goldrush.observation import FlipSeen

UNKNOWN = -1
"""``cell`` value of a face-down position nobody has flipped yet."""
GONE = -2
"""``cell`` value of a position whose card left the table."""


class GoldrushPosition(NamedTuple):
    """Everything that decides how a game of Mount Goldrush goes on, but the generator.

    Cards are kinds (``Card.index``); the zones are immutable tuples, so a position
    shares nothing a later step changes.
    """

    cell: tuple[int, ...]
    """The 64 positions of the table, by index: a kind (seen before, face down or up),
    :data:`UNKNOWN` (face down, never flipped) or :data:`GONE` (its card left the table)."""
    up: tuple[int, ...]
    """The positions turned face up this turn (at most two), in the order flipped."""
    unseen: tuple[int, ...]
    """How many of each kind nobody has seen: the cards a first flip turns up, by chance."""
    pending: int
    """The position being flipped for the first time (chance names its card), or -1."""
    turn: int
    """The seat whose turn it is."""
    turn_no: int
    """The turn's number, from 1."""
    rush: bool
    """True once the Gold Rush has begun."""
    over: bool
    """True once the game has ended."""
    stall: int
    """Turns in a row in which no card left the table (a stalled table ends the game)."""
    taken: tuple[tuple[int, ...], ...]
    """Each seat's mine: the gold cards it won."""
    removed: tuple[int, ...]
    """Cards out of the game (found by another digger, dynamite, ...)."""
    log: tuple[FlipSeen, ...]
    """Every flip so far, as every player saw it (what the memory players remember)."""
    end_reason: str
    """Why the game ended ("" while it goes on)."""
    on_table: int
    """How many cards are still on the table."""

    def to_json(self) -> dict[str, Any]:
        """The position as JSON: cards by name, "?" face down never seen, "-" empty."""

        def name(k: int) -> str:
            return "?" if k == UNKNOWN else "-" if k == GONE else str(ALL_CARDS[k])

        return {
            "table": [name(k) for k in self.cell],
            "face_up": list(self.up),
            "unseen": {str(ALL_CARDS[k]): n for k, n in enumerate(self.unseen) if n},
            "pending": self.pending,
            "turn": self.turn,
            "turn_no": self.turn_no,
            "gold_rush": self.rush,
            "over": self.over,
            "stall": self.stall,
            "taken": [[str(ALL_CARDS[k]) for k in t] for t in self.taken],
            "removed": [str(ALL_CARDS[k]) for k in self.removed],
            "flips": [[f.turn, f.seat, f.position, str(f.card)] for f in self.log],
            "end_reason": self.end_reason,
            "on_table": self.on_table,
        }

    @classmethod
    def from_json(cls, data: Any) -> GoldrushPosition:
        """The inverse of :meth:`to_json`; raises ``ValueError`` (or ``KeyError``) on bad data."""
        from goldlab.games.goldrush.observation import FlipSeen

        def kind(text: str) -> int:
            return UNKNOWN if text == "?" else GONE if text == "-" else card(text).index

        def whole(value: Any) -> int:  # strict: a position's numbers are small JSON integers
            if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 10**6:
                raise ValueError(f"{shown(value)} is not a whole number of a position")
            return value

        if not isinstance(data, dict):
            raise ValueError("a Mount Goldrush position must be a JSON object")
        unseen = [0] * KINDS
        for name, n in data["unseen"].items():
            unseen[card(name).index] = whole(n)
        cell = tuple(kind(str(x)) for x in data["table"])
        if len(cell) != TABLE_SIZE:
            raise ValueError("a Mount Goldrush table has 64 positions")
        return cls(
            cell=cell,
            up=tuple(whole(p) for p in data["face_up"]),
            unseen=tuple(unseen),
            pending=whole(data["pending"]),
            turn=whole(data["turn"]),
            turn_no=whole(data["turn_no"]),
            rush=data["gold_rush"] is True,
            over=data["over"] is True,
            stall=whole(data["stall"]),
            taken=tuple(tuple(card(c).index for c in t) for t in data["taken"]),
            removed=tuple(card(c).index for c in data["removed"]),
            log=tuple(FlipSeen(whole(t), whole(s), whole(p), card(c))
                      for t, s, p, c in data["flips"]),
            end_reason=str(data["end_reason"]),
            on_table=whole(data["on_table"]),
        )


def position_problem(state: GoldrushPosition, players: int) -> str | None:
    """What makes ``state`` an impossible Mount Goldrush position for ``players``, or None."""
    if len(state.cell) != TABLE_SIZE:
        return f"the table has {TABLE_SIZE} positions"
    if any(not GONE <= k < KINDS for k in state.cell):
        return "a position holds no card of the game"
    if len(state.unseen) != KINDS or any(n < 0 for n in state.unseen):
        return "the unseen counts must be one whole number from 0 per card"
    if len(state.taken) != players:
        return f"there must be one mine per seat ({players})"
    if not 0 <= state.turn < players:
        return f"turn {state.turn} is not a seat of a {players}-player game"
    if state.turn_no < 1 or state.stall < 0:
        return "the turn number starts at 1 and the stall count at 0"
    counts = list(state.unseen)
    for k in [*(k for k in state.cell if k >= 0), *state.removed,
              *(k for mine in state.taken for k in mine)]:
        if not 0 <= k < KINDS:
            return "a card index is out of range"
        counts[k] += 1
    for k in range(KINDS):
        if counts[k] != DECK[k]:
            return (f"the deck has {DECK[k]} x {ALL_CARDS[k]} but the position holds "
                    f"{counts[k]} (cards are not conserved)")
    if any(not ALL_CARDS[k].is_gold for mine in state.taken for k in mine):
        return "a mine holds a card that is not gold"
    if state.cell.count(UNKNOWN) != sum(state.unseen):
        return "the face-down cards never seen must be exactly the unseen cards"
    if state.on_table != TABLE_SIZE - state.cell.count(GONE):
        return "the count of cards on the table does not match the table"
    up = state.up
    if len(up) > 2 or len(set(up)) != len(up):
        return "at most two different cards lie face up"
    if any(not 0 <= p < TABLE_SIZE or state.cell[p] == GONE for p in up):
        return "a face-up card lies on an empty position"
    pending = state.pending
    if pending != -1 and (not 0 <= pending < TABLE_SIZE or state.cell[pending] != UNKNOWN):
        return "the card being revealed must lie face down, never seen"
    if any(state.cell[p] == UNKNOWN for p in up if p != pending):
        return "a face-up card must be known"
    if state.over and (up or pending != -1):
        return "a finished game has no card face up or being revealed"
    return None
