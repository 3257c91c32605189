"""What a player of Goldland may see, as an immutable view.

Everything in Goldland lies open on the table: the grid, every backpack,
camps, tokens, gold, the markers and the temple.  The only unknown is the
order of the face-down stack, and no player knows it, so every player's view
shows the same table (and which tiles are still face down, which anyone can
work out from the tiles laid).  Only the player to move is shown the legal
actions.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import compress
from typing import TYPE_CHECKING, Any, TypeVar

from goldlab.core.state import Outcome
from goldlab.games.goldland.articles import N_ARTICLES, Kit
from goldlab.games.goldland.backpack import allowance
from goldlab.games.goldland.board import CELLS, cell_name
from goldlab.games.goldland.phases import MOVE_WORDS
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


@dataclass(frozen=True)
class GoldlandView:
    """A player's (or the omniscient) view of a Goldland position."""

    player: int | None
    players: int
    to_move: int
    round: int
    phase: str
    tileset: TileSet
    board: tuple[tuple[str, int] | None, ...]
    treasures: tuple[int, ...]
    pawns: tuple[int, ...]
    packs: tuple[Kit, ...]
    allowances: tuple[int, ...]
    tokens: tuple[int, ...]
    gold: tuple[int, ...]
    camps_left: tuple[int, ...]
    camps: tuple[tuple[int, int], ...]
    markers: tuple[tuple[str, int, int], ...]
    stock: Kit
    token_stock: int
    treasure_stock: int
    amulets_left: int
    bonus: int
    reserve: int
    first_arrival: int
    exchange_rate: int
    face_down: tuple[str, ...]
    beginners_grid: bool
    turn: TurnView
    end_reason: str
    capped: bool
    scores: tuple[int, ...]
    last: tuple[str, ...]
    legal: tuple[str, ...]
    outcome: Outcome | None

    @classmethod
    def of(cls, state: GoldlandState, player: int | None) -> GoldlandView:
        """Build the view of ``state`` for ``player`` (None: omniscient)."""
        tiles = state.tiles
        tileset = state.tileset
        last_text = state.last_step_text()
        to_move = state.current_player
        legal = state.visible_legal(player)
        moved = MOVE_WORDS[state.move]
        turn = _frozen(
            TurnView,
            seat=state.turn, moved=moved, allowance=state.allowance, steps=state.steps,
            path=state.path, acquired=state.acquired, explored=state.explored,
            acted=state.acted, camp_right=state.camp_right, red_reward=state.red_here,
            hand=Kit.from_counts(state.hand),
            drawn=tiles[state.drawn].id if state.drawn >= 0 else None,
            explore_at=state.explore_at,
        )
        fields: dict[str, Any] = dict(
            player=player,
            players=state.players,
            to_move=to_move,
            round=state.round,
            phase=state.phase,
            tileset=tileset,
            board=tileset.laid(tuple(state.board)),
            treasures=tuple(compress(range(CELLS), state.treasure_at)),
            pawns=tuple(state.pos),
            packs=tuple(Kit.from_counts(p) for p in state.packs),
            allowances=tuple(allowance(p) for p in state.packs),
            tokens=tuple(state.tokens),
            gold=tuple(state.gold),
            camps_left=tuple(state.camps_left),
            camps=state.camps,
            markers=tuple(zip(ADVENTURES, state.markers, tileset.marker_values(), strict=True)),
            stock=Kit.from_counts(state.stock),
            token_stock=state.token_stock,
            treasure_stock=state.treasure_stock,
            amulets_left=state.amulets_left,
            bonus=state.bonus,
            reserve=state.reserve,
            first_arrival=state.first_arrival,
            exchange_rate=state.rate,
            face_down=tileset.face_down(tuple(state.unseen)),
            beginners_grid=state.options.beginners_grid,
            turn=turn,
            end_reason=state.end_reason,
            capped=state.capped,
            scores=state.scores(),
            last=last_text,
            legal=legal,
            outcome=state.outcome(),
        )
        return _frozen(cls, **fields)

    # ------------------------------------------------------------ helpers
    def tile(self, c: int) -> Tile | None:
        """The tile on space ``c`` (None if empty)."""
        entry = self.board[c]
        return self.tileset.by_id(entry[0]) if entry is not None else None

    def exits(self, c: int) -> int:
        """The exits of the tile on space ``c`` as it lies (side bitmask; 0 if empty)."""
        entry = self.board[c]
        if entry is None:
            return 0
        return self.tileset.by_id(entry[0]).exits_at(entry[1] // 90)

    def equipment(self, seat: int) -> tuple[int, ...]:
        """The 7 equipment counts of a backpack."""
        return self.packs[seat].counts[:N_ARTICLES]

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
