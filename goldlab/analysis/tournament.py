"""Round-robin tournaments with seat rotation: which bot is best, and how sure are we?

Every group of ``players`` distinct bots (every pair, for two players) meets in
every cyclic seating, so each bot sits in each seat equally often and no bot
profits from a seat advantage.  All seatings of all groups play the same game
seeds (the same decks, the same shuffles): a bot's result differs from
another's because of how it played, not because it drew other cards.  This is
"common random numbers", which narrows the comparison.

>>> import goldlab
>>> from goldlab.analysis import round_robin
>>> t = round_robin("gold", ["random", "greedy"], 60, seed=1, quiet=True)
>>> t.standings()[["bot", "games", "win_rate"]].shape
(2, 3)
>>> bool(t.pairwise().loc["greedy", "random"] > 0.5)   # greedy usually beats random
True
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from goldlab.analysis.stats import ALPHA, mean_scores, proportion_ci, win_rates
from goldlab.bots.play import bot_options
from goldlab.core.errors import OptionsError
from goldlab.simulate.api import check_count, execute, plan
from goldlab.simulate.backends import check_workers, cpu_count
from goldlab.simulate.collectors import collector_for
from goldlab.simulate.runner import Block, Task, build_frame
from goldlab.simulate.seeds import check_root_seed, fresh_root_seed, game_seeds


@dataclass
class Tournament:
    """The results of a round robin and the tables made from them."""

    results: pd.DataFrame
    """One row per game and seat, with ``match``, ``lineup`` and ``rotation`` columns."""
    bots: tuple[str, ...]
    players: int
    alpha: float = ALPHA

    def standings(self) -> pd.DataFrame:
        """Per bot: games, wins, win rate (interval), mean score (interval), best first."""
        wins = win_rates(self.results, "bot", alpha=self.alpha)
        scores = mean_scores(self.results, "bot", alpha=self.alpha).rename(columns={
            "mean": "mean_score", "ci_low": "score_ci_low", "ci_high": "score_ci_high",
            "sd": "score_sd"}).drop(columns="n")
        table = wins.merge(scores, on="bot").sort_values("win_rate", ascending=False)
        table["fair_share"] = 1.0 / self.players
        return table.reset_index(drop=True)

    def by_seat(self) -> pd.DataFrame:
        """Win rate of each bot in each seat, with intervals."""
        return win_rates(self.results, ["bot", "seat"], alpha=self.alpha)

    def pairwise_long(self) -> pd.DataFrame:
        """Head to head, one row per ordered pair of bots that met.

        ``score`` is the share of meetings in which ``bot`` finished ahead of
        ``opponent`` (a tie on rank counts one half), with a Wilson interval.
        """
        cols = self.results[["game", "seat", "bot", "rank"]]
        pairs = cols.merge(cols, on="game", suffixes=("", "_opp"))
        pairs = pairs[(pairs["seat"] != pairs["seat_opp"])
                      & (pairs["bot"].astype(str) != pairs["bot_opp"].astype(str))]
        ahead = (pairs["rank"] < pairs["rank_opp"]).astype(float)
        ahead += 0.5 * (pairs["rank"] == pairs["rank_opp"])
        frame = pd.DataFrame({"bot": pairs["bot"].astype(str),
                              "opponent": pairs["bot_opp"].astype(str), "ahead": ahead})
        table = frame.groupby(["bot", "opponent"], sort=True)["ahead"].agg(
            meetings="size", points="sum").reset_index()
        table["score"] = table["points"] / table["meetings"]
        low, high = proportion_ci(table["points"].to_numpy(), table["meetings"].to_numpy(),
                                  alpha=self.alpha)
        table["ci_low"] = low
        table["ci_high"] = high
        return table

    def pairwise(self) -> pd.DataFrame:
        """The head-to-head table: row bot's share of meetings won against the column bot."""
        long = self.pairwise_long()
        order = list(self.standings()["bot"].astype(str))
        table = long.pivot(index="bot", columns="opponent", values="score")
        return table.reindex(index=order, columns=order)


def round_robin(game: str, bots: Sequence[str] | Mapping[str, str], n_games: int,
                seed: int | None = None, *,
                players: int = 2, workers: int | None = None, backend: str | None = None,
                client: Any = None, fast: bool | None = None, quiet: bool = False,
                alpha: float = ALPHA, **options: Any) -> Tournament:
    """Play every group of ``players`` distinct bots in every cyclic seating.

    ``bots``: distinct specs, or a mapping from labels to specs to enter one bot
    twice (``{"greedy A": "greedy", "greedy B": "greedy", "random": "random"}``);
    the ``bot`` column holds the labels.  Each seating plays ``n_games`` games
    with the seeds of ``goldlab.simulate(..., seed=seed)``; so a pair of bots at
    two players plays ``2 * n_games`` games.  Backends, workers and the fast path
    work as in :func:`goldlab.simulate`, and all matches share one pool of workers.
    """
    if isinstance(bots, Mapping):
        entries = [(str(label).strip(), str(spec).strip()) for label, spec in bots.items()]
    else:
        entries = [(b.strip(), b.strip()) for b in bots]
    specs = tuple(label for label, _ in entries)
    spec_of = dict(entries)
    if len(set(specs)) != len(specs):
        raise OptionsError(f"round_robin needs distinct bots, got {', '.join(specs)} "
                           "(give a mapping of labels to specs to enter a bot twice)")
    if isinstance(players, bool) or not isinstance(players, int):
        raise OptionsError(f"players must be a whole number, got {players!r}")
    if len(specs) < players:
        raise OptionsError(f"a round robin of {players}-player games needs at least {players} "
                           f"bots, got {len(specs)}")
    n = check_count(n_games)
    root = fresh_root_seed() if seed is None else check_root_seed(seed)
    workers = check_workers(workers)
    options = bot_options(game, options)
    seeds = game_seeds(root, n)
    matches: list[tuple[int, tuple[int, ...], int, tuple[str, ...]]] = []
    for group in itertools.combinations(range(len(specs)), players):
        for rotation in range(players):
            seating = group[rotation:] + group[:rotation]
            matches.append((len(matches), group, rotation, tuple(specs[i] for i in seating)))
    tasks: list[Task] = []
    full_options: dict[str, Any] = {}
    engines = set()
    per_worker = workers or cpu_count()
    for index, _group, _rotation, lineup in matches:
        lineup_specs = tuple(spec_of[label] for label in lineup)
        full_options, use_fast = plan(game, lineup_specs, options, fast, False)
        engines.add("fast" if use_fast else "protocol")
        size = max(1, min(25_000 if use_fast else 250, -(-n * len(matches) // (4 * per_worker))))
        for start in range(0, n, size):
            tasks.append(Task(game, lineup_specs, options, seeds[start:start + size],
                              index * n + start, use_fast, False))
    blocks = execute(tasks, n_games=n * len(matches), workers=workers, backend=backend,
                     client=client, quiet=quiet, label=f"{game} round robin")
    collector = collector_for(game)
    extra = collector.columns if collector is not None else ()
    by_match: dict[int, list[Block]] = {}
    for block in blocks:
        by_match.setdefault(block.first // n if n else 0, []).append(block)
    frames = []
    for index, group, rotation, lineup in matches:
        frame = build_frame(by_match.get(index, []), lineup, full_options, extra,
                            categories=specs)
        frame.insert(0, "match", np.int64(index))
        frame.insert(1, "lineup", " vs ".join(specs[i] for i in group))
        frame.insert(2, "rotation", np.int64(rotation))
        frames.append(frame)
    results = pd.concat(frames, ignore_index=True)
    results["bot"] = pd.Categorical(results["bot"].astype(str), categories=sorted(specs))
    results["lineup"] = results["lineup"].astype("category")
    from goldlab.simulate.api import run_metadata

    results.attrs["goldlab"] = run_metadata(
        kind="tournament", game=game, bots=dict(entries), players=players, n_games=n,
        seed=root, options=full_options, engine="+".join(sorted(engines)), frame=results,
    )
    return Tournament(results, specs, players, alpha)
