"""What a player of Goldland may see, as an immutable view.

Everything in Goldland lies open on the table: the grid, every backpack,
camps, tokens, gold, the markers and the temple.  The only unknown is the
order of the face-down stack, and no player knows it, so every player's view
shows the same table (and which tiles are still face down, which anyone can
work out from the tiles laid).  Only the player to move is shown the legal
actions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import compress
from typing import TYPE_CHECKING, Any, TypeVar

from goldlab.core.state import Outcome
from goldlab.core.values import Action, View
from goldlab.games.goldland.articles import AMULET, N_ARTICLES, Kit
from goldlab.games.goldland.backpack import allowance
from goldlab.games.goldland.board import CELLS, cell_name
from goldlab.games.goldland.phases import MOVE_WORDS, OVER
from goldlab.games.goldland.scoring import table_scores
from goldlab.games.goldland.tiles import ADVENTURES, Tile, TileSet

if TYPE_CHECKING:
    from goldlab.games.goldland.state import GoldlandState


_T = TypeVar("_T")


def _frozen(cls: type[_T], **fields: Any) -> _T:
    """An instance of the frozen dataclass ``cls`` with every field given.

    Fills them at once instead of through one frozen-attribute call per field in
    ``__init__``: views are made every turn of every simulated game.
    """
    made = object.__new__(cls)
    made.__dict__.update(fields)
    return made


@dataclass(frozen=True)
class TurnView:
    """The progress of the current turn."""

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
"""The view's fields, in order (equality, hashing and ``repr`` go through them)."""
# ``_OWN``: read straight off the state when the view is made.
_OWN = (
    "player", "players", "to_move", "round", "phase", "tileset", "pawns", "tokens", "gold",
    "camps_left", "camps", "token_stock", "treasure_stock", "amulets_left", "bonus", "reserve",
    "first_arrival", "exchange_rate", "beginners_grid", "end_reason", "capped", "outcome",
)
# ``_MADE``: worked out from the table (``_TABLE``) when first read, then kept.
_MADE = ("board", "treasures", "packs", "allowances", "markers", "stock", "face_down", "turn",
         "scores", "last", "legal")
_TABLE = ("codes", "treasure_at", "pack_counts", "marker_holders", "stock_counts", "unseen",
          "turn_data", "last_step", "legal_actions")
_new = object.__new__
_init = object.__setattr__


class GoldlandView(View):
    """A player's (or the omniscient) view of a Goldland position.

    Immutable.  The fields read straight off the position are set when the view
    is made; the ones worked out from the table (tile ids, kits, markers, the
    scores, the last step as text, the legal actions as notation) are worked out
    when first read and then kept, so a bot that reads only what it needs does
    not pay for the rest.  The board is also kept as tile codes
    (:attr:`codes`), which :meth:`tile` and :meth:`exits` read.  Equal views
    have equal fields.
    """

    __slots__ = ("_made", "_own", "_table")
    _FIELD_NAMES = _FIELDS

    _own: tuple[Any, ...]
    _table: tuple[Any, ...]
    _made: list[Any]

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
        view = _new(cls)
        _init(view, "_own", (
            player, state.players, to_move, state.round, state.phase, state.tileset,
            tuple(state.pos), tuple(state.tokens), tuple(state.gold), tuple(state.camps_left),
            state.camps, state.token_stock, state.treasure_stock, state.amulets_left,
            state.bonus, state.reserve, state.first_arrival, state.rate,
            state.options.beginners_grid, state.end_reason, state.capped,
            state.outcome() if state.phase == OVER else None,
        ))
        # The table as it is now (the state's lists change as play goes on).
        _init(view, "_table", (
            tuple(state.board), tuple(state.treasure_at), tuple(map(tuple, state.packs)),
            tuple(state.markers), tuple(state.stock), tuple(state.unseen),
            (state.turn, state.move, state.allowance, state.steps, state.path, state.acquired,
             state.explored, state.acted, state.camp_right, state.red_here,
             tuple(state.hand), state.drawn, state.explore_at),
            state.last_step, legal,
        ))
        _init(view, "_made", [None] * len(_MADE))
        return view

    def _get(self, i: int) -> Any:
        """Field ``_MADE[i]``, worked out from the table the first time."""
        made = self._made
        value = made[i]
        if value is None:
            value = made[i] = _MAKERS[i](self)
        return value

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (_unpickle, (self._own, self._table))

    @property
    def codes(self) -> tuple[int, ...]:
        """The board as tile codes: tile index x 4 + quarter turns, -1 for an empty space."""
        return self._table[0]  # type: ignore[no-any-return]

    @property
    def board(self) -> tuple[tuple[str, int] | None, ...]:
        """Each space's tile as (tile id, degrees clockwise), None if empty."""
        return self._get(0)  # type: ignore[no-any-return]

    @property
    def treasures(self) -> tuple[int, ...]:
        """The spaces holding a treasure."""
        return self._get(1)  # type: ignore[no-any-return]

    @property
    def packs(self) -> tuple[Kit, ...]:
        """Every player's backpack."""
        return self._get(2)  # type: ignore[no-any-return]

    @property
    def allowances(self) -> tuple[int, ...]:
        """Every player's movement allowance as the backpack stands."""
        return self._get(3)  # type: ignore[no-any-return]

    @property
    def markers(self) -> tuple[tuple[str, int, int], ...]:
        """Each adventure marker: (adventure, holder or -1, gold value)."""
        return self._get(4)  # type: ignore[no-any-return]

    @property
    def stock(self) -> Kit:
        """The articles left in the stock."""
        return self._get(5)  # type: ignore[no-any-return]

    @property
    def face_down(self) -> tuple[str, ...]:
        """The ids of the tiles not yet laid (the stack's order is unknown), sorted."""
        return self._get(6)  # type: ignore[no-any-return]

    @property
    def turn(self) -> TurnView:
        """The progress of the current turn."""
        return self._get(7)  # type: ignore[no-any-return]

    @property
    def scores(self) -> tuple[int, ...]:
        """Every player's gold so far."""
        return self._get(8)  # type: ignore[no-any-return]

    @property
    def last(self) -> tuple[str, ...]:
        """The last step and the events it caused, as text (empty before the first step)."""
        return self._get(9)  # type: ignore[no-any-return]

    @property
    def legal(self) -> tuple[str, ...]:
        """The legal actions as notation, if this view's player is to move."""
        return self._get(10)  # type: ignore[no-any-return]

    @property
    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions, if this view's player is to move."""
        return self._table[8]  # type: ignore[no-any-return]

    # ------------------------------------------------------------ helpers
    def tile(self, c: int) -> Tile | None:
        """The tile on space ``c`` (None if empty)."""
        v = self._table[0][c]
        return self.tileset.tiles[v >> 2] if v >= 0 else None

    def exits(self, c: int) -> int:
        """The exits of the tile on space ``c`` as it lies (side bitmask; 0 if empty)."""
        v = self._table[0][c]
        return self.tileset.exits_by_code[v] if v >= 0 else 0

    def equipment(self, seat: int) -> tuple[int, ...]:
        """The 7 equipment counts of a backpack."""
        return self._table[2][seat][:N_ARTICLES]  # type: ignore[no-any-return]

    def carried(self, seat: int) -> int:
        """The number of objects in a backpack (equipment, treasures, the amulet)."""
        return sum(self._table[2][seat])

    def holds_amulet(self, seat: int) -> bool:
        """True when ``seat`` holds an amulet."""
        return self._table[2][seat][AMULET] > 0  # type: ignore[no-any-return]

    def has_treasure(self, c: int) -> bool:
        """True when a treasure lies on space ``c``."""
        return self._table[1][c]  # type: ignore[no-any-return]

    def has_camp(self, seat: int, c: int) -> bool:
        """True when ``seat`` has a camp on space ``c``."""
        return (c, seat) in self.camps

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
        from goldlab.games.goldland.render import view_html

        return view_html(self)


def _own_field(i: int, doc: str) -> property:
    return property(lambda self: self._own[i], doc=doc)


for _i, _name in enumerate(_OWN):
    setattr(GoldlandView, _name, _own_field(_i, f"The view's ``{_name}``."))
del _i, _name


def _unpickle(own: tuple[Any, ...], table: tuple[Any, ...]) -> GoldlandView:
    view = _new(GoldlandView)
    _init(view, "_own", own)
    _init(view, "_table", table)
    _init(view, "_made", [None] * len(_MADE))
    return view


def _board(view: GoldlandView) -> tuple[tuple[str, int] | None, ...]:
    return view.tileset.laid(view.codes)


def _treasures(view: GoldlandView) -> tuple[int, ...]:
    return tuple(compress(range(CELLS), view._table[1]))


def _packs(view: GoldlandView) -> tuple[Kit, ...]:
    return tuple(Kit.from_counts(p) for p in view._table[2])


def _allowances(view: GoldlandView) -> tuple[int, ...]:
    return tuple(allowance(p) for p in view._table[2])


def _markers(view: GoldlandView) -> tuple[tuple[str, int, int], ...]:
    return tuple(zip(ADVENTURES, view._table[3], view.tileset.marker_values(), strict=True))


def _stock(view: GoldlandView) -> Kit:
    return Kit.from_counts(view._table[4])


def _face_down(view: GoldlandView) -> tuple[str, ...]:
    return view.tileset.face_down(view._table[5])


def _turn(view: GoldlandView) -> TurnView:
    (seat, move, allowed, steps, path, acquired, explored, acted, camp_right, red_here, hand,
     drawn, explore_at) = view._table[6]
    return _frozen(
        TurnView,
        seat=seat, moved=MOVE_WORDS[move], allowance=allowed, steps=steps, path=path,
        acquired=acquired, explored=explored, acted=acted, camp_right=camp_right,
        red_reward=red_here, hand=Kit.from_counts(hand),
        drawn=view.tileset.tiles[drawn].id if drawn >= 0 else None, explore_at=explore_at,
    )


def _scores(view: GoldlandView) -> tuple[int, ...]:
    return table_scores(view.gold, view._table[2], view._table[3], view.tileset)


def _last(view: GoldlandView) -> tuple[str, ...]:
    last = view._table[7]
    if last is None:
        return ()
    return (str(last), *(str(e) for e in last.events))


def _legal(view: GoldlandView) -> tuple[str, ...]:
    return tuple(str(a) for a in view._table[8])


_MAKERS: tuple[Callable[[GoldlandView], Any], ...] = (
    _board, _treasures, _packs, _allowances, _markers, _stock, _face_down, _turn, _scores,
    _last, _legal,
)
