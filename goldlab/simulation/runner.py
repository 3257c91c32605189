"""Play many games with bots and collect one tidy row per game and seat.

The work is cut into :class:`Task` objects (a game, a line-up of bot specs,
options and a slice of per-game seeds).  :func:`run_task` plays one task and
returns a :class:`Block` of columns; the backends (:mod:`.backends`) run tasks
serially, in a process pool or on Dask; :func:`build_frame` puts the blocks
back in game order.  Since every game is seeded on its own, the frame is the
same whatever the backend, the number of workers or the chunk size.

A task whose bots the fast path supports (``goldlab.fast``) is played there;
it plays exactly the same games (a differential test proves it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from goldlab.bots.play import make_bots, play_out
from goldlab.core.registry import make
from goldlab.core.state import State
from goldlab.simulation.lineup import LineUp

GAME_COLUMNS: tuple[str, ...] = ("turns", "actions", "lead_changes", "decided_at_end")
"""Per-game columns every game gets (see :data:`COLUMN_DOCS`)."""
SEAT_COLUMNS: tuple[str, ...] = ("score", "rank")
"""Per-seat columns every game gets before its game-specific ones."""

COLUMN_DOCS: dict[str, str] = {
    "game": "game number within the run (0, 1, ...)",
    "seed": "the game's seed: goldlab.bots.play.play_game(name, bots, seed) replays it",
    "players": "number of players",
    "seat": "seat (0 moves first unless the start_player option says otherwise)",
    "bot": "the bot spec in this seat",
    "score": "final points",
    "rank": "1 = best; tied players (after the game's tie-break) share a rank",
    "won": "True for every winner, shared victories included",
    "shared_win": "True for a winner who shares the victory",
    "win_share": "1 for a sole winner, 1/k for k tied winners, 0 otherwise",
    "turns": "player turns: decisions grouped by consecutive decisions of one seat",
    "actions": "player decisions (chance steps not counted)",
    "lead_changes": "how often the sole points leader changed (after each decision)",
    "decided_at_end": "True when the leaders just before the last decision are not the winners",
}


@dataclass(frozen=True)
class Task:
    """A slice of a run: the run's one line-up, and ``seeds[i]`` the seed of game
    ``first + i``; ``events``: keep the event table (protocol engine)."""

    lineup: LineUp
    seeds: np.ndarray
    first: int
    events: bool = False

    @property
    def game(self) -> str:
        """The game's registered name."""
        return self.lineup.game

    @property
    def bots(self) -> tuple[str, ...]:
        """One bot spec a seat."""
        return self.lineup.bots

    @property
    def options(self) -> Mapping[str, Any]:
        """The game's options."""
        return self.lineup.options

    @property
    def fast(self) -> bool:
        """Whether the compiled fast path plays this task."""
        return self.lineup.fast

    @property
    def players(self) -> int:
        """Number of players (one bot per seat)."""
        return self.lineup.players


@dataclass
class Block:
    """What one task produced: per-game arrays ``(games,)``, per-seat arrays ``(games, seats)``."""

    first: int
    games: dict[str, np.ndarray]
    seats: dict[str, np.ndarray]
    events: dict[str, list[Any]] | None = None
    count: int = field(default=0)


def sole_leader(scores: Sequence[int]) -> int:
    """The seat with strictly the most points, or -1 when several share the top."""
    top = max(scores)
    leaders = [s for s, v in enumerate(scores) if v == top]
    return leaders[0] if len(leaders) == 1 else -1


def run_task(task: Task) -> Block:
    """Play every game of ``task`` (fast path if asked) and return its columns."""
    if task.fast:
        engine = task.lineup.engine()
        if engine is None:  # pragma: no cover - checked before tasks are made
            raise RuntimeError(f"no fast path for {task.game} with {task.bots}")
        games, seats = engine(task.seeds)
        block = Block(task.first, games, seats, None, len(task.seeds))
    else:
        block = _run_protocol(task)
    block.games["seed"] = np.asarray(task.seeds, dtype=np.uint64)
    return block


def _run_protocol(task: Task) -> Block:
    n = len(task.seeds)
    p = task.players
    collector = task.lineup.collector()
    extra = collector.columns if collector is not None else ()
    games = {name: np.zeros(n, dtype=np.int64) for name in GAME_COLUMNS}
    seats = {name: np.zeros((n, p), dtype=np.int64) for name in (*SEAT_COLUMNS, *extra)}
    events: dict[str, list[Any]] | None = None
    if task.events:
        events = {k: [] for k in ("game", "step", "actor", "action", "event", "text", "rule")}
    for i, raw_seed in enumerate(task.seeds):
        seed = int(raw_seed)
        state = make(task.game, players=p, seed=seed, mode="study", **task.options)
        row = _play_one(task, state, seed)
        for name, value in zip(GAME_COLUMNS, row, strict=True):
            games[name][i] = value
        outcome = state.outcome()
        assert outcome is not None
        seats["score"][i] = outcome.scores
        seats["rank"][i] = outcome.ranks
        if collector is not None:
            for name, values in collector.collect(state).items():
                seats[name][i] = values
        if events is not None:
            _add_events(events, task.first + i, state)
    return Block(task.first, games, seats, events, n)


def _play_one(task: Task, state: State[Any], seed: int) -> tuple[int, int, int, int]:
    """Play one game through the bots' game loop; count turns, actions and lead changes."""
    scores = state.scores()
    leader = sole_leader(scores)
    before = scores
    changes = actions = turns = 0
    last_actor = -1
    for move in play_out(state, make_bots(task.game, task.bots, seed)):
        actions += 1
        if move.seat != last_actor:
            turns += 1
            last_actor = move.seat
        before = scores
        scores = state.scores()
        if scores != before:
            now = sole_leader(scores)
            if now >= 0 and now != leader:
                if leader >= 0:
                    changes += 1
                leader = now
    outcome = state.outcome()
    assert outcome is not None
    top = max(before)
    leaders_before = {s for s, v in enumerate(before) if v == top}
    decided = int(leaders_before != set(outcome.winners))
    return turns, actions, changes, decided


def _add_events(events: dict[str, list[Any]], game: int, state: State[Any]) -> None:
    def add(step: int, actor: int | None, action: str, event: Any) -> None:
        events["game"].append(game)
        events["step"].append(step)
        events["actor"].append(actor)
        events["action"].append(action)
        events["event"].append(type(event).__name__)
        events["text"].append(event.describe())
        events["rule"].append(event.rule)

    for event in getattr(state, "setup_events", ()):
        add(-1, None, "set-up", event)
    for index, step in enumerate(state.history):
        for event in step.events:
            add(index, step.actor, str(step.action), event)


# ----------------------------------------------------------------- assembling
def build_frame(blocks: Sequence[Block], bots: Sequence[str], options: Mapping[str, Any],
                extra: Sequence[str], first_game: int = 0,
                categories: Sequence[str] | None = None) -> pd.DataFrame:
    """One row per game and seat, in game order, from the blocks of a run."""
    p = len(bots)
    ordered = sorted(blocks, key=lambda b: b.first)
    n = sum(b.count for b in ordered)
    seat_names = (*SEAT_COLUMNS, *extra)
    if ordered:
        games = {k: np.concatenate([b.games[k] for b in ordered]) for k in GAME_COLUMNS}
        seats = {k: np.concatenate([b.seats[k] for b in ordered]) for k in seat_names}
        seeds = np.concatenate([_block_seeds(b) for b in ordered])
        firsts = np.concatenate([b.first + np.arange(b.count) for b in ordered])
    else:
        games = {k: np.zeros(0, np.int64) for k in GAME_COLUMNS}
        seats = {k: np.zeros((0, p), np.int64) for k in seat_names}
        seeds = np.zeros(0, np.int64)
        firsts = np.zeros(0, np.int64)
    rank = seats["rank"].reshape(n, p)
    won = rank == 1
    winners = won.sum(axis=1, keepdims=True)
    columns: dict[str, Any] = {
        "game": np.repeat(firsts.astype(np.int64) + first_game, p),
        "seed": np.repeat(seeds.astype(np.int64), p),
        "players": np.full(n * p, p, dtype=np.int64),
    }
    for key, value in options.items():
        columns[f"opt_{key}"] = _constant(value, n * p)
    columns["seat"] = np.tile(np.arange(p, dtype=np.int64), n)
    names = sorted(set(categories or bots))
    codes = np.array([names.index(b) for b in bots], dtype=np.int16)
    columns["bot"] = pd.Categorical.from_codes(np.tile(codes, n), categories=names)
    columns["score"] = seats["score"].reshape(-1).astype(np.int64)
    columns["rank"] = rank.reshape(-1).astype(np.int64)
    columns["won"] = won.reshape(-1)
    columns["shared_win"] = (won & (winners > 1)).reshape(-1)
    columns["win_share"] = np.where(won, 1.0 / np.maximum(winners, 1), 0.0).reshape(-1)
    for key in GAME_COLUMNS:
        values = np.repeat(games[key], p)
        columns[key] = values.astype(bool) if key == "decided_at_end" else values.astype(np.int64)
    for key in extra:
        columns[key] = seats[key].reshape(-1).astype(np.int64)
    return pd.DataFrame(columns)


def build_events(blocks: Sequence[Block], first_game: int = 0) -> pd.DataFrame:
    """The long event table (one row per event) of the blocks, in game order."""
    keys = ("game", "step", "actor", "action", "event", "text", "rule")
    data: dict[str, list[Any]] = {k: [] for k in keys}
    for block in sorted(blocks, key=lambda b: b.first):
        if block.events is None:
            continue
        for k in keys:
            data[k].extend(block.events[k])
    frame = pd.DataFrame(data)
    frame["game"] = frame["game"].astype(np.int64) + first_game
    frame["step"] = frame["step"].astype(np.int64)
    frame["actor"] = frame["actor"].astype("Int64")
    for k in ("event", "rule"):
        frame[k] = frame[k].astype("category")
    return frame


def _block_seeds(block: Block) -> np.ndarray:
    seeds = block.games.get("seed")
    assert seeds is not None
    return seeds


def _constant(value: Any, n: int) -> Any:
    if isinstance(value, bool):
        return np.full(n, value, dtype=bool)
    if isinstance(value, int):
        return np.full(n, value, dtype=np.int64)
    if isinstance(value, float):
        return np.full(n, value, dtype=np.float64)
    return pd.Categorical.from_codes(np.zeros(n, dtype=np.int8), categories=[str(value)])
