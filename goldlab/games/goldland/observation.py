"""What a player of Goldland may see, as an immutable view.

Everything in Goldland lies open on the table: the grid, every backpack,
camps, tokens, gold, the markers and the temple.  The only unknown is the
order of the face-down stack, and no player knows it, so every player's view
shows the same table (and which tiles are still face down, which anyone can
work out from the tiles laid).  Only the player to move is shown the legal
actions.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING, Any, NamedTuple

from goldlab.core.state import Outcome, Step
from goldlab.core.values import Action, View, worked_out
from goldlab.games.goldland.articles import AMULET, EMPTY, N_ARTICLES, Kit
from goldlab.games.goldland.backpack import allowance
from goldlab.games.goldland.board import CELLS, cell_name
from goldlab.games.goldland.phases import MOVE_WORDS, OVER
from goldlab.games.goldland.scoring import table_scores
from goldlab.games.goldland.tiles import ADVENTURES, Tile, TileSet

if TYPE_CHECKING:
    from goldlab.games.goldland.state import GoldlandState


class Turn(NamedTuple):
    """What a :class:`TurnView` holds: the progress of the current turn."""

    seat: int
    moved: str
    allowance: int
    steps: int
    path: tuple[int, ...]
    acquired: bool
    explored: bool
    acted: bool
    camp_right: bool
    red_reward: bool
    hand: Kit
    drawn: str | None
    explore_at: int


class TurnView(View, held=Turn):
    """The progress of the current turn (its fields are those of :class:`Turn`)."""

    __slots__ = ()
    _FIELD_NAMES = Turn._fields

    _held: Turn
    seat: int
    moved: str
    allowance: int
    steps: int
    path: tuple[int, ...]
    acquired: bool
    explored: bool
    acted: bool
    camp_right: bool
    red_reward: bool
    hand: Kit
    drawn: str | None
    explore_at: int

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly form."""
        return {
            "seat": self.seat, "movement": self.moved, "allowance": self.allowance,
            "steps": self.steps, "path": [cell_name(c) for c in self.path],
            "acquired": self.acquired, "explored": self.explored, "acted": self.acted,
            "camp_right": self.camp_right, "red_reward": self.red_reward,
            "hand": str(self.hand), "drawn": self.drawn,
            "explore_at": cell_name(self.explore_at) if self.explore_at >= 0 else None,
        }


_FIELDS = (
    "player", "players", "to_move", "round", "phase", "tileset", "board", "treasures", "pawns",
    "packs", "allowances", "tokens", "gold", "camps_left", "camps", "markers", "stock",
    "token_stock", "treasure_stock", "amulets_left", "bonus", "reserve", "first_arrival",
    "exchange_rate", "face_down", "beginners_grid", "turn", "end_reason", "capped", "scores",
    "last", "legal", "outcome",
)
"""The view's public fields, in order (equality, hashing and ``repr`` go through them)."""


class Table(NamedTuple):
    """What a :class:`GoldlandView` holds: the table as it lies, read off the state.

    The first fields are the view's own; the rest are the table in the state's
    own terms (tile codes, treasure flags, article counts, marker holders, the
    turn's raw progress), from which the view works out the rest when asked.
    """

    player: int | None
    players: int
    to_move: int
    round: int
    phase: str
    tileset: TileSet
    pawns: tuple[int, ...]
    tokens: tuple[int, ...]
    gold: tuple[int, ...]
    camps_left: tuple[int, ...]
    camps: tuple[tuple[int, int], ...]
    token_stock: int
    treasure_stock: int
    amulets_left: int
    bonus: int
    reserve: int
    first_arrival: int
    exchange_rate: int
    beginners_grid: bool
    end_reason: str
    capped: bool
    outcome: Outcome | None
    codes: tuple[int, ...]
    # ``codes``: the board as tile codes (tile index x 4 + quarter turns, -1: empty).
    treasure_at: tuple[bool, ...]
    pack_counts: tuple[tuple[int, ...], ...]
    marker_holders: tuple[int, ...]
    stock_counts: tuple[int, ...]
    unseen: tuple[int, ...]
    progress: tuple[Any, ...]
    # ``progress``: the turn as the state keeps it (seat, movement, ..., drawn tile index).
    last_step: Step | None
    legal_actions: tuple[Action, ...]


_new_tuple = tuple.__new__


class GoldlandView(View, held=Table):
    """A player's (or the omniscient) view of a Goldland position.

    Immutable, made by the view recipe of :class:`goldlab.core.values.View`: it
    holds the :class:`Table` read off the position, whose fields named in
    ``_FIELD_NAMES`` are the view's own; the rest (tile ids, kits, markers, the
    scores, the turn, the last step as text, the legal actions as notation) are
    worked out from the table when first read and then kept, so a bot that reads
    only what it needs does not pay for the rest.  The board is also kept as tile
    codes (:attr:`codes`), which :meth:`tile` and :meth:`exits` read.  Equal views
    have equal fields.
    """

    __slots__ = ()
    _FIELD_NAMES = _FIELDS

    _held: Table
    player: int | None
    players: int
    to_move: int
    round: int
    phase: str
    tileset: TileSet
    pawns: tuple[int, ...]
    tokens: tuple[int, ...]
    gold: tuple[int, ...]
    camps_left: tuple[int, ...]
    camps: tuple[tuple[int, int], ...]
    token_stock: int
    treasure_stock: int
    amulets_left: int
    bonus: int
    reserve: int
    first_arrival: int
    exchange_rate: int
    beginners_grid: bool
    end_reason: str
    capped: bool
    outcome: Outcome | None

    @classmethod
    def of(cls, state: GoldlandState, player: int | None) -> GoldlandView:
        """Build the view of ``state`` for ``player`` (None: omniscient)."""
        to_move = state.current_player
        legal = tuple(state.legal_actions()) if player is None or player == to_move else ()
        # The table as it is now (the state's lists change as play goes on), in the
        # order of ``Table``'s fields.
        return cls.holding(_new_tuple(Table, (
            player, state.players, to_move, state.round, state.phase, state.tileset,
            tuple(state.pos), tuple(state.tokens), tuple(state.gold), tuple(state.camps_left),
            state.camps, state.token_stock, state.treasure_stock, state.amulets_left,
            state.bonus, state.reserve, state.first_arrival, state.rate,
            state.options.beginners_grid, state.end_reason, state.capped,
            state.outcome() if state.phase == OVER else None,
            tuple(state.board), tuple(state.treasure_at), tuple(map(tuple, state.packs)),
            tuple(state.markers), tuple(state.stock), tuple(state.unseen),
            (state.turn, state.move, state.allowance, state.steps, state.path, state.acquired,
             state.explored, state.acted, state.camp_right, state.red_here,
             tuple(state.hand), state.drawn, state.explore_at),
            state.last_step, legal,
        )))

    @property
    def codes(self) -> tuple[int, ...]:
        """The board as tile codes: tile index x 4 + quarter turns, -1 for an empty space."""
        return self._held.codes

    @property
    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions, if this view's player is to move."""
        return self._held.legal_actions

    @worked_out
    def board(self) -> tuple[tuple[str, int] | None, ...]:
        """Each space's tile as (tile id, degrees clockwise), None if empty."""
        return self.tileset.laid(self._held.codes)

    @worked_out
    def treasures(self) -> tuple[int, ...]:
        """The spaces holding a treasure."""
        return tuple(compress(range(CELLS), self._held.treasure_at))

    @worked_out
    def packs(self) -> tuple[Kit, ...]:
        """Every player's backpack."""
        return tuple(Kit.from_counts(p) for p in self._held.pack_counts)

    @worked_out
    def allowances(self) -> tuple[int, ...]:
        """Every player's movement allowance as the backpack stands."""
        return tuple(allowance(p) for p in self._held.pack_counts)

    @worked_out
    def markers(self) -> tuple[tuple[str, int, int], ...]:
        """Each adventure marker: (adventure, holder or -1, gold value)."""
        return tuple(zip(ADVENTURES, self._held.marker_holders, self.tileset.marker_values(),
                         strict=True))

    @worked_out
    def stock(self) -> Kit:
        """The articles left in the stock."""
        return Kit.from_counts(self._held.stock_counts)

    @worked_out
    def face_down(self) -> tuple[str, ...]:
        """The ids of the tiles not yet laid (the stack's order is unknown), sorted."""
        return self.tileset.face_down(self._held.unseen)

    @worked_out
    def turn(self) -> TurnView:
        """The progress of the current turn."""
        (seat, move, allowed, steps, path, acquired, explored, acted, camp_right, red_here, hand,
         drawn, explore_at) = self._held.progress
        return TurnView.holding(Turn(
            seat, MOVE_WORDS[move], allowed, steps, path, acquired, explored, acted, camp_right,
            red_here, Kit.from_counts(hand) if any(hand) else EMPTY,
            self.tileset.tiles[drawn].id if drawn >= 0 else None,
            explore_at,
        ))

    @worked_out
    def scores(self) -> tuple[int, ...]:
        """Every player's gold so far."""
        held = self._held
        return table_scores(held.gold, held.pack_counts, held.marker_holders, held.tileset)

    @worked_out
    def last(self) -> tuple[str, ...]:
        """The last step and the events it caused, as text (empty before the first step)."""
        step = self._held.last_step
        return () if step is None else (str(step), *(str(e) for e in step.events))

    @worked_out
    def legal(self) -> tuple[str, ...]:
        """The legal actions as notation, if this view's player is to move."""
        return tuple(str(a) for a in self._held.legal_actions)

    # ------------------------------------------------------------ helpers
    def tile(self, c: int) -> Tile | None:
        """The tile on space ``c`` (None if empty)."""
        v = self._held.codes[c]
        return self._held.tileset.tiles[v >> 2] if v >= 0 else None

    def exits(self, c: int) -> int:
        """The exits of the tile on space ``c`` as it lies (side bitmask; 0 if empty)."""
        v = self._held.codes[c]
        return self._held.tileset.exits_by_code[v] if v >= 0 else 0

    def equipment(self, seat: int) -> tuple[int, ...]:
        """The 7 equipment counts of a backpack."""
        return self._held.pack_counts[seat][:N_ARTICLES]

    def carried(self, seat: int) -> int:
        """The number of objects in a backpack (equipment, treasures, the amulet)."""
        return sum(self._held.pack_counts[seat])

    def holds_amulet(self, seat: int) -> bool:
        """True when ``seat`` holds an amulet."""
        return self._held.pack_counts[seat][AMULET] > 0

    def has_treasure(self, c: int) -> bool:
        """True when a treasure lies on space ``c``."""
        return self._held.treasure_at[c]

    def has_camp(self, seat: int, c: int) -> bool:
        """True when ``seat`` has a camp on space ``c``."""
        return (c, seat) in self._held.camps

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly form (tiles by id, spaces as ``row,col``)."""
        return {
            "player": self.player,
            "players": self.players,
            "to_move": self.to_move,
            "round": self.round,
            "phase": self.phase,
            "tiles": self.tileset.title,
            "board": {
                cell_name(c): {"tile": e[0], "rotation": e[1]}
                for c, e in enumerate(self.board) if e is not None
            },
            "treasures": [cell_name(c) for c in self.treasures],
            "pawns": [cell_name(c) for c in self.pawns],
            "backpacks": [str(k) for k in self.packs],
            "allowances": list(self.allowances),
            "tokens": list(self.tokens),
            "gold": list(self.gold),
            "camps_left": list(self.camps_left),
            "camps": [[cell_name(c), s] for c, s in self.camps],
            "markers": {key: {"holder": h, "value": v} for key, h, v in self.markers},
            "stock": str(self.stock),
            "token_stock": self.token_stock,
            "treasure_stock": self.treasure_stock,
            "temple": {"amulets": self.amulets_left, "bonus": self.bonus,
                       "reserve": self.reserve, "first_arrival": self.first_arrival},
            "exchange_rate": self.exchange_rate,
            "face_down": list(self.face_down),
            "beginners_grid": self.beginners_grid,
            "turn": self.turn.to_dict(),
            "end_reason": self.end_reason,
            "capped": self.capped,
            "scores": list(self.scores),
            "last": list(self.last),
            "legal": list(self.legal),
            "outcome": None if self.outcome is None else self.outcome.to_dict(),
        }

    def _repr_html_(self) -> str:
        from goldlab.games.goldland.picture import view_html

        return view_html(self)
