"""Round-robin tournaments with seat rotation: which bot is best, and how sure are we?

The games are played by :func:`goldlab.simulation.tournament.play_round_robin`
(every group of bots in every cyclic seating, all on the same game seeds); a
:class:`Tournament` holds its frame and makes the tables: standings with
intervals, results by seat, head to head.

>>> import goldlab
>>> from goldlab.analysis import round_robin
>>> t = round_robin("gold", ["random", "greedy"], 60, seed=1, quiet=True)
>>> t.standings()[["bot", "games", "win_rate"]].shape
(2, 3)
>>> bool(t.pairwise().loc["greedy", "random"] > 0.5)   # greedy usually beats random
True
>>> t.ratings()[["bot", "rating"]].iloc[0].tolist()[0]   # the ladder of the same games
'greedy'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd

from goldlab.analysis.rating import Correction, ratings
from goldlab.analysis.stats import ALPHA, mean_scores, proportion_ci, win_rates
from goldlab.core.errors import OptionsError
from goldlab.simulation.api import check_count
from goldlab.simulation.tournament import play_round_robin, round_robin_entries


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

    def ratings(self, *, anchor: str | None = None,
                correction: Correction = "firth") -> pd.DataFrame:
        """Bradley-Terry ratings with intervals: :func:`goldlab.analysis.ratings` of this."""
        return ratings(self, anchor=anchor, correction=correction, alpha=self.alpha)


def round_robin(game: str, bots: Sequence[str] | Mapping[str, str], n_games: int,
                seed: int | None = None, *,
                players: int = 2, workers: int | None = None, backend: str | None = None,
                client: Any = None, fast: bool | None = None, quiet: bool = False,
                alpha: float = ALPHA, **options: Any) -> Tournament:
    """Play every group of ``players`` distinct bots in every cyclic seating; the tables.

    ``bots``: distinct specs, or a mapping from labels to specs to enter one bot
    twice (``{"greedy A": "greedy", "greedy B": "greedy", "random": "random"}``);
    the ``bot`` column holds the labels.  Each seating plays ``n_games`` games
    with the seeds of ``goldlab.simulate(..., seed=seed)``; so a pair of bots at
    two players plays ``2 * n_games`` games.  Backends, workers and the fast path
    work as in :func:`goldlab.simulate`, and all matches share one pool of workers
    (:func:`goldlab.simulation.tournament.play_round_robin` plays them).
    """
    results = play_round_robin(game, bots, n_games, seed, players=players, workers=workers,
                               backend=backend, client=client, fast=fast, quiet=quiet,
                               **options)
    specs = tuple(label for label, _ in round_robin_entries(bots))
    return Tournament(results, specs, players, alpha)


def ladder(game: str, bots: Sequence[str] | Mapping[str, str], n_games: int = 50,
           seed: int | None = None, *, players: int = 2, anchor: str | None = None,
           correction: Correction = "firth", alpha: float = ALPHA,
           workers: int | None = None, backend: str | None = None, client: Any = None,
           fast: bool | None = None, quiet: bool = False, **options: Any) -> pd.DataFrame:
    """Play a round robin and rate the bots: :func:`ratings` of :func:`round_robin`.

    Every group of ``players`` bots plays ``n_games`` games in each cyclic
    seating (so a pair of bots at two players meets ``2 * n_games`` times), on
    the game seeds of ``seed``; the same seed gives the same table.  ``bots``,
    the backends, ``workers``, the progress bar and the game options work as in
    :func:`~goldlab.analysis.round_robin`.
    """
    if isinstance(bots, str) or not isinstance(bots, (Sequence, Mapping)) or len(bots) < 2:
        raise OptionsError(f"a ladder needs a list of at least two bots, got {bots!r}")
    if check_count(n_games) < 1:
        raise OptionsError(f"a ladder needs at least one game in each seating, got {n_games!r}")
    tournament = round_robin(game, bots, n_games, seed, players=players, workers=workers,
                             backend=backend, client=client, fast=fast, quiet=quiet,
                             alpha=alpha, **options)
    table = ratings(tournament, anchor=anchor, correction=correction)
    table.attrs["ladder"].update(game=game, players=players, n_games=int(n_games),
                                 seed=tournament.results.attrs["goldlab"]["seed"])
    return table
