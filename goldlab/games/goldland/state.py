"""The position of a game of Goldland and how the steps of a turn change it.

Zones: the grid (49 spaces, each empty or a tile with its rotation), the
face-down stack (kept as the set of tiles not yet seen: each draw is a uniform
draw from it, which is exactly drawing from a shuffled stack), the stock of
articles, discovery tokens and treasures, the temple (amulets, bonus and
reserve gold), the adventure markers, and per player an adventurer, a
backpack, camps, tokens and gold.

A turn is played as small steps (``actions.py``); the progress of the current
turn (movement begun or ended, allowance, tiles entered, acquisition and
exploration used, articles held from an exchange) is part of the position, so
undo, clone and serialisation work in the middle of a turn.  The rules live in
the concept modules (``movement``, ``adventure``, ``acquisition``,
``exploration``, ``tokens``, ``temple``); this module keeps the data and
dispatches.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from goldlab.core.options import check_seat
from goldlab.core.state import CHANCE, TERMINAL, State
from goldlab.core.values import Action, ChanceOutcome, Event
from goldlab.games.goldland import acquisition, adventure, exploration, movement, rules, temple
from goldlab.games.goldland.actions import (
    Acquire,
    Camp,
    Dig,
    Discard,
    DrawTile,
    EndMove,
    EndTurn,
    Exchange,
    Explore,
    LayCoast,
    Move,
    Pass,
    Place,
)
from goldlab.games.goldland.articles import (
    CAMPS_PER_PLAYER,
    DISCOVERY_TOKENS,
    N_ARTICLES,
    N_OBJECTS,
    PEARL,
    PROVISION,
    STOCK,
    TREASURE_TOKENS,
)
from goldlab.games.goldland.backpack import allowance
from goldlab.games.goldland.board import (
    BESIDE_START,
    CELLS,
    COAST_SLOTS,
    NE_CORNER,
    START,
    SW_CORNER,
    cell_name,
    coast_rotation,
)
from goldlab.games.goldland.events import (
    CoastLaid,
    Discarded,
    GameOver,
    Passed,
    TableSet,
    TokenGained,
    TurnCapReached,
    TurnStarted,
)
from goldlab.games.goldland.observation import GoldlandView
from goldlab.games.goldland.phases import COAST, DRAW, MOVING, NOT_MOVED, OVER, PLACE, TURN
from goldlab.games.goldland.position import FIELDS, GoldlandPosition
from goldlab.games.goldland.scoring import final_scores
from goldlab.games.goldland.tiles import Tile, TileSet

if TYPE_CHECKING:
    from goldlab.games.goldland.game import GoldlandGame

STARTING_KIT = {PROVISION: 3, PEARL: 2}
"""'3 provisions and 2 pearls, which he takes from the stock … on numbers 8-12'."""

_new_tuple = tuple.__new__


class GoldlandState(State["GoldlandGame"]):
    """A game of Goldland in progress."""

    def __init__(self, game: GoldlandGame, seed: int | None = None, mode: str = "play",
                 auto_chance: bool = True) -> None:
        super().__init__(game, seed, mode, auto_chance)
        opts = game.options
        n = game.players
        self.tileset: TileSet = opts.tile_set()
        self.tiles: tuple[Tile, ...] = self.tileset.tiles
        self._exits: tuple[int, ...] = self.tileset.exits_by_code
        self.rate = rules.exchange_rate(n)
        self.setup_events: list[Event] = []
        # -- the table
        self.phase = TURN
        self.turn = opts.start_player
        self.round = 1
        self.board: list[int] = [-1] * CELLS
        self.unseen: list[int] = [t.index for t in self.tileset.inner()]
        self.coast_queue: list[int] = []
        self.treasure_at: list[bool] = [False] * CELLS
        self.stock: list[int] = list(STOCK)
        self.token_stock = DISCOVERY_TOKENS
        self.treasure_stock = TREASURE_TOKENS
        self.packs: list[list[int]] = []
        for _ in range(n):
            pack = [0] * N_OBJECTS
            for article, count in STARTING_KIT.items():
                pack[article] = count
                self.stock[article] -= count
            self.packs.append(pack)
        self.tokens: list[int] = [0] * n
        self.gold: list[int] = [0] * n
        self.pos: list[int] = [START] * n
        self.camps_left: list[int] = [CAMPS_PER_PLAYER] * n
        self.camps: tuple[tuple[int, int], ...] = ()
        self.markers: list[int] = [-1] * len(self.tileset.adventures)
        self.amulets_left, self.bonus, self.reserve = temple.temple_setup(n)
        self.box_paid = 0
        self.first_arrival = -1
        self.bonus_open = False
        self.end_reason = ""
        self.capped = False
        # -- the current turn
        self.move = NOT_MOVED
        self.allowance = -1
        self.steps = 0
        self.path: tuple[int, ...] = ()
        self.red_here = False
        self.camp_right = False
        self.acquired = False
        self.explored = False
        self.acted = False
        self.hand: list[int] = [0] * N_ARTICLES
        self.drawn = -1
        self.explore_at = -1
        # -- set-up
        self._lay(self.tileset.start, START, 0)
        self._lay(self.tileset.corner("SW"), SW_CORNER, coast_rotation(SW_CORNER))
        self._lay(self.tileset.corner("NE"), NE_CORNER, coast_rotation(NE_CORNER))
        self.setup_events.append(TableSet(n, self.amulets_left, self.bonus, self.reserve))
        if opts.coast == "shown":
            for tile, at in zip(self.tileset.free_coastal(), COAST_SLOTS, strict=True):
                self._lay(tile, at, coast_rotation(at))
                self.setup_events.append(CoastLaid(tile.id, at))
            self._begin_turn(self.setup_events)
        else:
            # "the two tiles on either side of the start tile should not have a village":
            # deal those two spaces first, from tiles without a village.
            self.coast_queue = [*BESIDE_START, *(c for c in COAST_SLOTS if c not in BESIDE_START)]
            self.phase = COAST
        self._finish_setup()

    # ------------------------------------------------------------ protocol
    @property
    def current_player(self) -> int:
        """The seat to act, CHANCE while a tile is dealt or drawn, TERMINAL at the end."""
        phase = self.phase
        if phase in (TURN, PLACE):
            return self.turn
        if phase == OVER:
            return TERMINAL
        return CHANCE

    def _legal_actions(self) -> list[Action]:
        return rules.legal_actions(self)

    def _illegal_reason(self, action: Action) -> tuple[str, str]:
        return rules.illegal_reason(self, action)

    def chance_outcomes(self) -> list[tuple[ChanceOutcome, Fraction]]:
        """Coast: uniform over the allowed coastal tiles; exploration: uniform over unseen tiles."""
        if self.phase == COAST:
            at = self.coast_queue[0]
            options = self._coast_candidates(at)
            p = Fraction(1, len(options))
            return [(LayCoast(self.tiles[i].id, at), p) for i in options]
        if self.phase == DRAW:
            p = Fraction(1, len(self.unseen))
            return [(DrawTile(self.tiles[i].id), p) for i in self.unseen]
        return []

    def _sample_chance(self, rng: random.Random) -> ChanceOutcome:
        # Both chance steps are uniform: one draw picks the outcome as the general
        # sampler over ``chance_outcomes`` would (same draw, same outcome), without
        # the fractions.
        if self.phase == DRAW:
            return DrawTile(self.tiles[self.unseen[rng.randrange(len(self.unseen))]].id)
        if self.phase == COAST:
            at = self.coast_queue[0]
            options = self._coast_candidates(at)
            return LayCoast(self.tiles[options[rng.randrange(len(options))]].id, at)
        return super()._sample_chance(rng)  # pragma: no cover - no other chance step

    def _do(self, action: Action) -> list[Event]:
        events: list[Event] = []
        seat = self.turn
        if isinstance(action, Move):
            movement.step(self, seat, action, events)
        elif isinstance(action, Exchange):
            rules.do_exchange(self, seat, action, events)
        elif isinstance(action, EndTurn):
            self._end_turn(events)
        elif isinstance(action, Acquire):
            acquisition.acquire(self, seat, action.articles, events)
        elif isinstance(action, Camp):
            adventure.place_camp(self, seat, action.source, events)
        elif isinstance(action, Discard):
            self.packs[seat][action.article] -= 1
            self.stock[action.article] += 1
            self.move = MOVING
            self.acted = True
            events.append(Discarded(seat, action.article, allowance(self.packs[seat])))
        elif isinstance(action, EndMove):
            movement.finish(self, seat, events)
        elif isinstance(action, Dig):
            exploration.dig(self, seat, events)
        elif isinstance(action, Explore):
            exploration.begin(self, seat, action.at, events)
        elif isinstance(action, Place):
            exploration.place(self, seat, action.at, action.rotation // 90, events)
        elif isinstance(action, Pass):
            events.append(Passed(seat))
            self.give_token(seat, "passing", events)
            self._end_turn(events)
        elif isinstance(action, DrawTile):
            exploration.drawn(self, self.tileset.by_id(action.tile).index, events)
        elif isinstance(action, LayCoast):
            tile = self.tileset.by_id(action.tile)
            self.coast_queue.pop(0)
            self._lay(tile, action.at, coast_rotation(action.at))
            events.append(CoastLaid(tile.id, action.at))
            if not self.coast_queue:
                self.phase = TURN
                self._begin_turn(events)
        else:  # pragma: no cover - legality was checked
            raise AssertionError(action)
        return events

    def scores(self) -> tuple[int, ...]:
        """Gold so far: gold pieces, treasures (3), amulet (3), markers at face value."""
        return final_scores(self)

    def observation(self, player: int) -> GoldlandView:
        """What ``player`` sees: everything on the table (Goldland has no hidden hands)."""
        if player.__class__ is not int or not 0 <= player < self.players:
            check_seat(player, self.players)  # raises OptionsError naming what is wrong
        return GoldlandView.of(self, player)

    def omniscient(self) -> GoldlandView:
        """Everything: the same table, with the legal actions of whoever moves."""
        return GoldlandView.of(self, None)

    def _redeal_hidden(self, player: int, rng: random.Random) -> None:
        """Nothing to redeal: the face-down stack is the set of tiles not laid, in no order.

        Backpacks, tokens, gold and camps lie open on the table; what is hidden is
        only the draws to come, which :meth:`determinise` redraws by reseeding the
        generator.
        """

    # ------------------------------------------------------------ snapshots
    def _save(self) -> GoldlandPosition:
        # Positional, in the order of the fields: a snapshot is taken before every step.
        return _new_tuple(GoldlandPosition, (
            self.phase, self.turn, self.round, tuple(self.board), tuple(self.unseen),
            tuple(self.coast_queue), tuple(self.treasure_at), tuple(self.stock),
            self.token_stock, self.treasure_stock, tuple(map(tuple, self.packs)),
            tuple(self.tokens), tuple(self.gold), tuple(self.pos), tuple(self.camps_left),
            self.camps, tuple(self.markers), self.amulets_left, self.bonus, self.reserve,
            self.box_paid, self.first_arrival, self.bonus_open, self.end_reason, self.capped,
            self.move, self.allowance, self.steps, self.path, self.red_here, self.camp_right,
            self.acquired, self.explored, self.acted, tuple(self.hand), self.drawn,
            self.explore_at,
        ))

    def _load(self, snapshot: GoldlandPosition) -> None:
        s = snapshot
        self.phase, self.turn, self.round = s.phase, s.turn, s.round
        self.board = list(s.board)
        self.unseen = list(s.unseen)
        self.coast_queue = list(s.coast_queue)
        self.treasure_at = list(s.treasure_at)
        self.stock = list(s.stock)
        self.token_stock, self.treasure_stock = s.token_stock, s.treasure_stock
        self.packs = [list(p) for p in s.packs]
        self.tokens = list(s.tokens)
        self.gold = list(s.gold)
        self.pos = list(s.pos)
        self.camps_left = list(s.camps_left)
        self.camps = s.camps
        self.markers = list(s.markers)
        self.amulets_left, self.bonus, self.reserve = s.amulets_left, s.bonus, s.reserve
        self.box_paid, self.first_arrival = s.box_paid, s.first_arrival
        self.bonus_open, self.end_reason, self.capped = s.bonus_open, s.end_reason, s.capped
        self.move, self.allowance, self.steps, self.path = s.move, s.allowance, s.steps, s.path
        self.red_here, self.camp_right = s.red_here, s.camp_right
        self.acquired, self.explored, self.acted = s.acquired, s.explored, s.acted
        self.hand = list(s.hand)
        self.drawn, self.explore_at = s.drawn, s.explore_at

    def _snapshot_to_json(self, snapshot: GoldlandPosition) -> Any:
        s = snapshot
        data: dict[str, Any] = s._asdict()
        data["board"] = {
            cell_name(c): [self.tiles[v >> 2].id, (v & 3) * 90]
            for c, v in enumerate(s.board) if v >= 0
        }
        data["unseen"] = [self.tiles[i].id for i in s.unseen]
        data["coast_queue"] = [cell_name(c) for c in s.coast_queue]
        data["treasure_at"] = [cell_name(c) for c, t in enumerate(s.treasure_at) if t]
        data["pos"] = [cell_name(c) for c in s.pos]
        data["camps"] = [[cell_name(c), seat] for c, seat in s.camps]
        data["path"] = [cell_name(c) for c in s.path]
        data["drawn"] = self.tiles[s.drawn].id if s.drawn >= 0 else None
        data["explore_at"] = cell_name(s.explore_at) if s.explore_at >= 0 else None
        return _plain(data)

    def _snapshot_from_json(self, data: Any) -> GoldlandPosition:
        """Read the JSON form strictly: each field on its own, exact values only.

        The data may come from a hostile file: anything malformed is a
        ``ValueError`` whose message begins with the field's name in quotes.
        Only the form of the spaces, tiles, rotations and seats is read here;
        :func:`goldlab.games.goldland.position.problem` checks the rest.
        """
        if not isinstance(data, dict):
            raise ValueError("a Goldland position is a JSON object of its fields")
        for key in data:
            if key not in FIELDS:
                raise ValueError(f"{key!r}: not a field of a Goldland position")
        for field in FIELDS:
            if field not in data:
                raise ValueError(f"'{field}': missing")
        tiles = {t.id: t.index for t in self.tiles}
        values: dict[str, Any] = {f: _frozen(data[f]) for f in FIELDS}
        values["board"] = _board_from_json(data["board"], tiles)
        unseen = [_tile("unseen", t, tiles) for t in _list("unseen", data["unseen"])]
        values["unseen"] = _distinct("unseen", unseen, lambda i: self.tiles[i].id)
        values["coast_queue"] = _cells("coast_queue", data["coast_queue"], distinct=True)
        treasure_at = [False] * CELLS
        for c in _cells("treasure_at", data["treasure_at"], distinct=True):
            treasure_at[c] = True
        values["treasure_at"] = tuple(treasure_at)
        values["pos"] = _cells("pos", data["pos"])
        values["camps"] = tuple(_camp(entry) for entry in _list("camps", data["camps"]))
        values["path"] = _cells("path", data["path"])
        drawn = data["drawn"]
        values["drawn"] = -1 if drawn is None else _tile("drawn", drawn, tiles)
        at = data["explore_at"]
        values["explore_at"] = -1 if at is None else _cell("explore_at", at)
        return GoldlandPosition(**values)

    def _position_problem(self) -> str | None:
        from goldlab.games.goldland.position import problem

        return problem(self)

    # ------------------------------------------------------------ helpers
    def tile_at(self, c: int) -> Tile | None:
        """The tile lying on space ``c``, or None."""
        v = self.board[c]
        return self.tiles[v >> 2] if v >= 0 else None

    def rotation_at(self, c: int) -> int:
        """Quarter turns of the tile on space ``c``."""
        return self.board[c] & 3

    def exits_at(self, c: int) -> int:
        """The exits (side bitmask) of the tile on space ``c`` as it lies (0 if empty)."""
        v = self.board[c]
        return self._exits[v] if v >= 0 else 0

    def give_token(self, seat: int, why: str, events: list[Event]) -> None:
        """One discovery token from the stock, if any is left."""
        # "If the stock should not hold any more discovery tokens, then you unfortunately
        # don't get one."
        if self.token_stock > 0:
            self.token_stock -= 1
            self.tokens[seat] += 1
            events.append(TokenGained(seat, why, self.tokens[seat]))
        else:
            events.append(TokenGained(seat, why, self.tokens[seat], got=False))

    def _lay(self, tile: Tile, at: int, quarter_turns: int) -> None:
        self.board[at] = tile.index * 4 + quarter_turns

    def _coast_candidates(self, at: int) -> list[int]:
        laid = {v >> 2 for v in self.board if v >= 0}
        free = [t.index for t in self.tileset.free_coastal() if t.index not in laid]
        if at in BESIDE_START:
            free = [i for i in free if not self.tiles[i].village]
        return sorted(free)

    def _begin_turn(self, events: list[Event]) -> None:
        seat = self.turn
        self.move = NOT_MOVED
        self.allowance = -1
        self.steps = 0
        self.path = (self.pos[seat],) if self.options.start_tile_entered else ()
        self.red_here = False
        self.camp_right = False
        self.acquired = False
        self.explored = False
        self.acted = False
        self.drawn = -1
        self.explore_at = -1
        events.append(TurnStarted(seat, self.round, allowance(self.packs[seat])))
        temple.start_of_turn(self, seat, events)

    def _end_turn(self, events: list[Event]) -> None:
        if self.move == MOVING:
            movement.finish(self, self.turn, events)
        nxt = (self.turn + 1) % self.players
        if nxt == self.options.start_player:
            # "In each case, the current round is still played to the end, so that each
            # player gets the same number of turns."
            cap = self.options.turn_cap
            if self.end_reason:
                self._game_over(events)
                return
            if cap and self.round >= cap:
                self.capped = True
                events.append(TurnCapReached(self.round))
                self._game_over(events)
                return
            self.round += 1
        self.turn = nxt
        self._begin_turn(events)

    def _game_over(self, events: list[Event]) -> None:
        self.phase = OVER
        self.move = NOT_MOVED
        outcome = self.outcome()
        assert outcome is not None
        events.append(GameOver(outcome.scores, outcome.winners))


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


_CELL_NAMES = {cell_name(c): c for c in range(CELLS)}
_ROTATIONS = {0: 0, 90: 1, 180: 2, 270: 3}
"""Degrees clockwise, as a record writes them, to quarter turns."""


def _list(field: str, value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError(f"'{field}' must be a list, not {value!r}")
    return value


def _cell(field: str, name: Any) -> int:
    """A space written exactly as ``row,col`` (0-6 each)."""
    c = _CELL_NAMES.get(name) if isinstance(name, str) else None
    if c is None:
        raise ValueError(f"'{field}': {name!r} is not a space of the 7x7 grid (row,col, 0-6)")
    return c


def _cells(field: str, value: Any, distinct: bool = False) -> tuple[int, ...]:
    cells = [_cell(field, name) for name in _list(field, value)]
    return _distinct(field, cells, cell_name) if distinct else tuple(cells)


def _distinct(field: str, items: list[int], show: Callable[[int], str]) -> tuple[int, ...]:
    """``items``, refused if one is listed twice (a space or tile can be there only once)."""
    seen: set[int] = set()
    for item in items:
        if item in seen:
            raise ValueError(f"'{field}' lists {show(item)} twice")
        seen.add(item)
    return tuple(items)


def _tile(field: str, tile_id: Any, tiles: dict[str, int]) -> int:
    index = tiles.get(tile_id) if isinstance(tile_id, str) else None
    if index is None:
        raise ValueError(f"'{field}': {tile_id!r} is not the id of a tile of the tile set")
    return index


def _board_from_json(value: Any, tiles: dict[str, int]) -> tuple[int, ...]:
    """Each laid tile: ``"row,col": [tile id, degrees clockwise]``."""
    if not isinstance(value, dict):
        raise ValueError(f"'board' must map spaces to [tile, rotation], not {value!r}")
    board = [-1] * CELLS
    for name, laid in value.items():
        c = _cell("board", name)
        if not (isinstance(laid, list) and len(laid) == 2):
            raise ValueError(f"'board': {name} must hold [tile id, rotation], not {laid!r}")
        tile_id, degrees = laid
        index = _tile("board", tile_id, tiles)
        if type(degrees) is not int or degrees not in _ROTATIONS:
            raise ValueError(f"'board': the rotation of {tile_id} on {name} must be 0, 90, 180 "
                             f"or 270 (degrees clockwise), not {degrees!r}")
        board[c] = index * 4 + _ROTATIONS[degrees]
    return tuple(board)


def _camp(entry: Any) -> tuple[int, int]:
    """A camp: ``[space, seat]``."""
    if not (isinstance(entry, list) and len(entry) == 2):
        raise ValueError(f"'camps': each camp is [space, seat], not {entry!r}")
    name, seat = entry
    if type(seat) is not int:
        raise ValueError(f"'camps': the seat of the camp on {name!r} must be a whole number, "
                         f"not {seat!r}")
    return _cell("camps", name), seat
