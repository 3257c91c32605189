"""Goldland as integers, texts and tensors, for OpenSpiel and PettingZoo (standard library only)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from goldlab.core.state import CHANCE, TERMINAL
from goldlab.core.values import Action, ChanceOutcome
from goldlab.games.goldland.phases import MOVE_WORDS
from goldlab.interop.encoding import Block, Encoding, one_hot_seat


class GoldlandEncoding(Encoding):
    """Goldland: 49 spaces (``row * 7 + col``), T tiles (``Tile.index``), 7 articles.

    Actions (d = direction N, E, S, W = 0-3; c = space; a = article; q = quarter turns)::

        end move, dig, pass, end turn, explore, camp   0 .. 5
        discard a                                      6 + a
        exchange (the game's rate) tokens for a        13 + a
        move d                                         20 + d
        move d survive                                 24 + d
        camp from c                                    28 + c
        explore c (beginners' grid)                    77 + c
        place c rot 90 q                               126 + 4 c + q
        move d ordeal k                                322 + 210 d + (k's place among the
                                                       210 kits of 4 articles)
        acquire k                                      1162 + (k's place among every part of
                                                       every equipment line of the tile set)
        exchange (the game's rate) tokens for a to use the last 7 ids: N - 7 + a (N =
                                                       ``num_distinct_actions``; appended so
                                                       that every older id stays the same)

    Chance: ``draw t`` is t's place among the 36 inner tiles; ``lay t at s`` is
    ``36 + 10 i + j`` for the i-th free coastal tile and the j-th coastal space.
    Everything lies open on the table (perfect information); only the order of
    the face-down stack is unknown, and chance decides it draw by draw.
    """

    name: ClassVar[str] = "goldland"
    perfect_information: ClassVar[bool] = True
    bounded_defaults: ClassVar[dict[str, Any]] = {"turn_cap": 60}

    def _player_actions(self) -> Sequence[Action]:
        from goldlab.games.goldland.actions import (
            STEP_ORDEAL,
            STEP_SURVIVE,
            Acquire,
            Camp,
            Dig,
            Discard,
            EndMove,
            EndTurn,
            Exchange,
            Explore,
            Move,
            Pass,
            Place,
        )
        from goldlab.games.goldland.articles import (
            N_ARTICLES,
            ORDEAL_COST,
            kits_of_size,
            sub_kits,
        )
        from goldlab.games.goldland.board import CELLS
        from goldlab.games.goldland.tokens import exchange_rate

        rate = exchange_rate(self.players)
        out: list[Action] = [EndMove(), Dig(), Pass(), EndTurn(), Explore(), Camp()]
        out.extend(Discard(a) for a in range(N_ARTICLES))
        out.extend(Exchange(a, rate) for a in range(N_ARTICLES))
        out.extend(Move(d) for d in range(4))
        out.extend(Move(d, STEP_SURVIVE) for d in range(4))
        out.extend(Camp(c) for c in range(CELLS))
        out.extend(Explore(c) for c in range(CELLS))
        out.extend(Place(c, 90 * q) for c in range(CELLS) for q in range(4))
        ordeals = kits_of_size((ORDEAL_COST,) * N_ARTICLES, ORDEAL_COST)
        out.extend(Move(d, STEP_ORDEAL, k) for d in range(4) for k in ordeals)
        tiles = self._tileset().tiles
        kits = {k for t in tiles if t.trade for g in t.trade.gives for k in sub_kits(g)}
        out.extend(Acquire(k) for k in sorted(kits, key=lambda k: (k.size, k.counts)))
        out.extend(Exchange(a, rate, use=True) for a in range(N_ARTICLES))
        return out

    def _chance_outcomes(self) -> Sequence[ChanceOutcome]:
        from goldlab.games.goldland.actions import DrawTile, LayCoast
        from goldlab.games.goldland.board import COAST_SLOTS

        tileset = self._tileset()
        out: list[ChanceOutcome] = [DrawTile(t.id) for t in tileset.inner()]
        out.extend(LayCoast(t.id, at) for t in tileset.free_coastal() for at in COAST_SLOTS)
        return out

    def max_chance_nodes(self) -> int:
        """Every free coastal space is dealt once and every inner tile drawn at most once."""
        tileset = self._tileset()
        return len(tileset.free_coastal()) + len(tileset.inner())

    def _tileset(self) -> Any:
        opts: Any = self.game.options
        return opts.tile_set()

    def _observation_blocks(self) -> Sequence[Block]:
        from goldlab.games.goldland.articles import (
            AMULETS,
            BACKPACK_SPACES,
            CAMPS_PER_PLAYER,
            DISCOVERY_TOKENS,
            N_ARTICLES,
            N_OBJECTS,
            STOCK,
            TREASURE_TOKENS,
        )
        from goldlab.games.goldland.board import CELLS
        from goldlab.games.goldland.temple import RESERVE_GOLD
        from goldlab.games.goldland.tiles import ADVENTURES

        p = self.players
        t = len(self._tileset().tiles)
        return (
            Block("observer", (p,), 1),
            Block("to_move", (p + 2,), 1),
            Block("flags", (3,), 1),  # placing a drawn tile, game end triggered, capped
            Block("round", (1,), 100),
            Block("tiles", (CELLS, t), 1),
            Block("rotations", (CELLS, 4), 1),
            Block("exits", (CELLS, 4), 1),
            Block("treasures", (CELLS,), 1),
            Block("pawns", (p, CELLS), 1),
            Block("camps", (p, CELLS), 1),
            Block("backpacks", (p, N_OBJECTS), BACKPACK_SPACES),
            Block("tokens", (p,), DISCOVERY_TOKENS),
            Block("gold", (p,), 40),
            Block("camps_left", (p,), CAMPS_PER_PLAYER),
            Block("markers", (len(ADVENTURES), p), 1),
            Block("stock", (N_ARTICLES,), max(STOCK)),
            Block("token_stock", (1,), DISCOVERY_TOKENS),
            Block("treasure_stock", (1,), TREASURE_TOKENS),
            Block("temple", (3,), max(AMULETS, 2 * 5, max(RESERVE_GOLD.values()))),
            Block("first_arrival", (p,), 1),
            Block("face_down", (t,), 1),
            Block("movement", (3,), 1),  # not begun, moving, over
            Block("steps", (2,), BACKPACK_SPACES),  # allowance, steps taken
            Block("path", (CELLS,), 1),
            Block("turn_flags", (5,), 1),  # acquired, explored, acted, camp right, red reward
            Block("hand", (N_ARTICLES,), DISCOVERY_TOKENS // 2),
            Block("drawn", (t,), 1),
            Block("explore_at", (CELLS,), 1),
        )

    def _write_observation(self, view: Any, out: list[float]) -> None:
        from goldlab.games.goldland.articles import N_ARTICLES
        from goldlab.games.goldland.tiles import ADVENTURES

        at = self._at
        p = self.players
        tileset = view.tileset
        t = len(tileset.tiles)
        if view.player is not None:
            out[at["observer"] + view.player] = 1.0
        one_hot_seat(out, at["to_move"], view.to_move, p)
        flags = (view.phase == "place", bool(view.end_reason), view.capped)
        for i, flag in enumerate(flags):
            out[at["flags"] + i] = 1.0 if flag else 0.0
        out[at["round"]] = float(min(view.round, 100))
        for c, entry in enumerate(view.board):
            if entry is None:
                continue
            tile = tileset.by_id(entry[0])
            q = entry[1] // 90
            out[at["tiles"] + t * c + tile.index] = 1.0
            out[at["rotations"] + 4 * c + q] = 1.0
            exits = tile.exits_at(q)
            for d in range(4):
                if exits >> d & 1:
                    out[at["exits"] + 4 * c + d] = 1.0
        for c in view.treasures:
            out[at["treasures"] + c] = 1.0
        cells = len(view.board)
        for s in range(p):
            out[at["pawns"] + cells * s + view.pawns[s]] = 1.0
            for i, n in enumerate(view.packs[s].counts):
                out[at["backpacks"] + len(view.packs[s].counts) * s + i] = float(n)
            out[at["tokens"] + s] = float(view.tokens[s])
            out[at["gold"] + s] = float(view.gold[s])
            out[at["camps_left"] + s] = float(view.camps_left[s])
        for c, s in view.camps:
            out[at["camps"] + cells * s + c] = 1.0
        markers = {key: holder for key, holder, _ in view.markers}
        for i, key in enumerate(ADVENTURES):
            holder = markers.get(key, -1)
            if holder >= 0:
                out[at["markers"] + p * i + holder] = 1.0
        for a, n in enumerate(view.stock.counts[:N_ARTICLES]):
            out[at["stock"] + a] = float(n)
        out[at["token_stock"]] = float(view.token_stock)
        out[at["treasure_stock"]] = float(view.treasure_stock)
        out[at["temple"]] = float(view.amulets_left)
        out[at["temple"] + 1] = float(view.bonus)
        out[at["temple"] + 2] = float(view.reserve)
        if view.first_arrival >= 0:
            out[at["first_arrival"] + view.first_arrival] = 1.0
        for tile_id in view.face_down:
            out[at["face_down"] + tileset.by_id(tile_id).index] = 1.0
        turn = view.turn
        out[at["movement"] + MOVE_WORDS.index(turn.moved)] = 1.0
        out[at["steps"]] = float(max(turn.allowance, 0))
        out[at["steps"] + 1] = float(turn.steps)
        for c in turn.path:
            out[at["path"] + c] = 1.0
        turn_flags = (turn.acquired, turn.explored, turn.acted, turn.camp_right, turn.red_reward)
        for i, flag in enumerate(turn_flags):
            out[at["turn_flags"] + i] = 1.0 if flag else 0.0
        for a, n in enumerate(turn.hand.counts[:N_ARTICLES]):
            out[at["hand"] + a] = float(n)
        if turn.drawn is not None:
            out[at["drawn"] + tileset.by_id(turn.drawn).index] = 1.0
        if turn.explore_at >= 0:
            out[at["explore_at"] + turn.explore_at] = 1.0

    def view_string(self, view: Any) -> str:
        from goldlab.games.goldland.board import cell_name

        who = "omniscient view" if view.player is None else f"seat {view.player}'s view"
        if view.to_move == CHANCE:
            turn = "chance to move"
        elif view.to_move == TERMINAL:
            turn = f"game over ({view.end_reason or 'turn cap'})"
        else:
            t = view.turn
            turn = (f"seat {view.to_move} to move: movement {t.moved}, {t.steps} steps, "
                    f"acquired {t.acquired}, explored {t.explored}")
            if t.hand:
                turn += f", holding {t.hand}"
            if t.drawn is not None:
                turn += f", placing {t.drawn}"
        lines = [f"Goldland {who}, round {view.round}: {turn}", view_text(view)]
        if view.camps:
            lines.append("camps: " + " ".join(f"{cell_name(c)}:{s}" for c, s in view.camps))
        if view.treasures:
            lines.append("treasures on " + " ".join(cell_name(c) for c in view.treasures))
        held = [f"{key}:{holder}" for key, holder, _ in view.markers if holder >= 0]
        if held:
            lines.append("markers: " + " ".join(held))
        lines.append(
            f"stock: {view.stock}; {view.token_stock} tokens, {view.treasure_stock} treasures; "
            f"temple: {view.amulets_left} amulets, bonus {view.bonus}, reserve {view.reserve}"
        )
        lines.append(f"face down: {len(view.face_down)} tiles")
        if view.outcome is not None:
            lines.append(
                f"scores: {' '.join(map(str, view.outcome.scores))}; "
                f"winners: {' '.join(f'seat {w}' for w in view.outcome.winners)}"
            )
        return "\n".join(lines)


def view_text(view: Any) -> str:
    """A plain-text picture of the grid and backpacks, for terminals."""
    lines = []
    from goldlab.games.goldland.board import SIZE

    for r in range(SIZE):
        row = []
        for k in range(SIZE):
            c = r * SIZE + k
            entry = view.board[c]
            mark = "".join(str(s) for s, p in enumerate(view.pawns) if p == c)
            cell = f"{entry[0]}/{entry[1]}" if entry else "."
            row.append(f"{cell}{'@' + mark if mark else ''}".ljust(10))
        lines.append(" ".join(row))
    for seat in range(view.players):
        lines.append(f"seat {seat}: {view.packs[seat]} (move {view.allowances[seat]}), "
                     f"{view.tokens[seat]} tokens, {view.gold[seat]} gold")
    return "\n".join(lines)
