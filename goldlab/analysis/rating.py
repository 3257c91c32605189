"""A rating ladder: round-robin results turned into Bradley-Terry ratings with intervals.

A win rate depends on who else was in the tournament; a rating does not.  The
Bradley-Terry model gives every bot one number, its *rating*, and says that bot
A finishes ahead of bot B with probability

    P(A ahead of B) = 1 / (1 + 10 ** (-(rating_A - rating_B) / 400))

the Elo formula: 0 points apart is a coin flip, 200 points is 76 %, 400 points
is 91 % (odds of 10 to 1).  Ratings are Elo-like points (400 / ln 10, about
174 points, per unit of log-odds), anchored so that one bot (``random`` when
it takes part) is 0: ratings are only ever differences.  Each comes with its
standard error and a Wald interval, relative to the anchor.

How the results become the model's data:

* **Pairs.** Every game is cut into its pairwise meetings: two seats held by
  different bots, the better rank finishing ahead.  At two players that is the
  game itself.
* **Ties** (equal ranks, as in a shared victory of Gold!) count one half to each.
* **More than two players.** A ``k``-player game gives ``k (k - 1) / 2``
  meetings, each weighted ``1 / (k - 1)``, so a game counts once for each bot.
  The meetings of one game are not independent, so read the intervals of
  multi-player ladders as approximate.
* **Separation.** A bot that won (or lost) every meeting has no finite
  maximum-likelihood rating: "greedy beat random 200 times out of 200" is
  consistent with any gap above some 700 points.  The fit therefore uses
  Firth's correction (maximum likelihood penalised by the Jeffreys prior, as
  in the R package ``logistf``).  It keeps ratings finite, changes a fit with
  plenty of wins and losses on every side by a small fraction of its standard
  error, and does not depend on which bot is the anchor.  The column
  ``separated`` marks the bots whose rating relative to the anchor is finite
  only because of it (no chain of wins leads both ways between them and the
  anchor); their interval's upper (or lower) end says little.
  ``correction="none"`` fits plain maximum likelihood and refuses such data.

The fit is Newton's method on the (penalised) log-likelihood of the logit
model "A ahead of B" on rating differences, with NumPy and SciPy.

>>> import goldlab
>>> from goldlab.analysis import ladder
>>> table = ladder("goldrush", ["random", "perfect"], 10, seed=1, quiet=True)
>>> table[["bot", "games"]].values.tolist()
[['perfect', 20], ['random', 20]]
>>> float(table.set_index("bot").loc["random", "rating"])
0.0
"""

from __future__ import annotations

import math
from typing import Any, Literal, Protocol, runtime_checkable

import numpy as np
import pandas as pd

from goldlab.analysis.stats import ALPHA
from goldlab.core.errors import OptionsError

ELO = 400.0 / math.log(10.0)
"""Rating points per unit of log-odds: 400 points are odds of 10 to 1."""

Correction = Literal["firth", "none"]

REQUIRED = ("game", "seat", "bot", "rank")
"""The columns :func:`ratings` reads from a results frame."""


@runtime_checkable
class PlayedResults(Protocol):
    """Results with the level of their intervals, as a :class:`~goldlab.analysis.Tournament` has."""

    results: pd.DataFrame
    alpha: float


COLUMNS = ["bot", "rating", "se", "ci_low", "ci_high", "p_vs_anchor", "games", "wins",
           "score", "separated"]
"""The columns of a ratings table, in order."""


def pairwise_results(results: pd.DataFrame) -> pd.DataFrame:
    """Each pair of bots that met: ``bot``, ``opponent`` (alphabetical), ``meetings``, ``points``.

    ``points`` is what ``bot`` scored against ``opponent``: 1 per meeting it
    finished ahead, 1/2 per tie.  In a game of ``k`` seats each meeting weighs
    ``1 / (k - 1)``; ``meetings`` and ``points`` are weighted sums, so at two
    players they are plain counts.
    """
    frame = _check_results(results)
    keys = ["match", "game"] if "match" in frame.columns else ["game"]
    cols = frame[[*keys, "seat", "bot", "rank"]].copy()
    cols["bot"] = cols["bot"].astype(str)
    cols["seats"] = cols.groupby(keys)["seat"].transform("size")
    pairs = cols.merge(cols[[*keys, "seat", "bot", "rank"]], on=keys, suffixes=("", "_opp"))
    pairs = pairs[(pairs["bot"] < pairs["bot_opp"])]
    weight = 1.0 / (pairs["seats"] - 1).clip(lower=1)
    ahead = (pairs["rank"] < pairs["rank_opp"]).astype(float)
    ahead += 0.5 * (pairs["rank"] == pairs["rank_opp"])
    table = pd.DataFrame({"bot": pairs["bot"].to_numpy(), "opponent": pairs["bot_opp"].to_numpy(),
                          "meetings": weight.to_numpy(), "points": (weight * ahead).to_numpy()})
    return table.groupby(["bot", "opponent"], sort=True, as_index=False)[
        ["meetings", "points"]].sum()


def ratings(results: pd.DataFrame | PlayedResults, *, anchor: str | None = None,
            correction: Correction = "firth", alpha: float | None = None) -> pd.DataFrame:
    """Bradley-Terry ratings with ``1 - alpha`` intervals, best first (see the module docstring).

    ``results``: a :class:`~goldlab.analysis.Tournament` or a results frame (one
    row per game and seat, with ``game``, ``seat``, ``bot`` and ``rank``).
    ``anchor``: the bot rated 0 (default ``random`` if it played, else the
    first bot alphabetically).  Columns: ``bot``, ``rating`` (Elo points),
    ``se``, ``ci_low``, ``ci_high``, ``p_vs_anchor`` (the model's chance of
    finishing ahead of the anchor), ``games`` and ``wins`` (games played and won,
    shared wins included), ``score`` (share of pairwise meetings finished ahead,
    ties one half) and ``separated`` (rating finite only thanks to the correction).
    The model, anchor and correction are in ``table.attrs["ladder"]``.
    """
    results, alpha = _checked(results, correction, alpha)
    pairs = pairwise_results(results)
    frame = _check_results(results)
    bots = sorted(frame["bot"].astype(str).unique())
    if len(bots) < 2:
        raise OptionsError(f"a ladder needs at least two different bots, got {bots}")
    if anchor is None:
        anchor = "random" if "random" in bots else bots[0]
    if anchor not in bots:
        raise OptionsError(f"anchor {anchor!r} did not play; the bots are {', '.join(bots)}")
    index = {bot: i for i, bot in enumerate(bots)}
    first = pairs["bot"].map(index).to_numpy(dtype=np.int64)
    second = pairs["opponent"].map(index).to_numpy(dtype=np.int64)
    meetings = pairs["meetings"].to_numpy(dtype=float)
    points = pairs["points"].to_numpy(dtype=float)
    _check_connected(bots, first, second)
    groups = _strong_components(len(bots), first, second, points, meetings)
    a = index[anchor]
    if correction == "none" and len(set(groups)) > 1:
        lonely = [b for b in bots if groups[index[b]] != groups[a]]
        raise OptionsError(
            "plain maximum likelihood has no finite rating for "
            f"{', '.join(lonely)}: no chain of wins leads both ways between them and "
            f"{anchor}; use correction='firth'")
    design = np.zeros((len(pairs), len(bots)))
    design[np.arange(len(pairs)), first] = 1.0
    design[np.arange(len(pairs)), second] = -1.0
    design = np.delete(design, a, axis=1)
    beta, cov = _fit(design, points, meetings, firth=correction == "firth")
    logit = np.insert(beta, a, 0.0)
    se = np.insert(np.sqrt(np.clip(np.diag(cov), 0.0, None)), a, 0.0)
    from scipy.special import expit
    from scipy.stats import norm

    z = float(norm.ppf(1 - alpha / 2))
    table = pd.DataFrame({
        "bot": bots,
        "rating": logit * ELO,
        "se": se * ELO,
        "ci_low": (logit - z * se) * ELO,
        "ci_high": (logit + z * se) * ELO,
        "p_vs_anchor": expit(logit),
        **_tallies(frame, pairs, bots),
        "separated": [groups[i] != groups[a] for i in range(len(bots))],
    }, columns=COLUMNS)
    table = table.sort_values(["rating", "bot"], ascending=[False, True]).reset_index(drop=True)
    table.attrs["ladder"] = {
        "model": "Bradley-Terry", "scale": "Elo points (400 per factor 10 in odds)",
        "anchor": anchor, "correction": correction, "alpha": float(alpha),
        "interval": "Wald", "separated": bool(table["separated"].any()),
    }
    return table



def _checked(results: pd.DataFrame | PlayedResults, correction: str,
             alpha: float | None) -> tuple[pd.DataFrame, float]:
    """The results frame and the level of the intervals (a tournament's own unless given),
    with ``alpha`` and ``correction`` checked."""
    if not isinstance(results, pd.DataFrame) and isinstance(results, PlayedResults):
        alpha = results.alpha if alpha is None else alpha
        results = results.results
    alpha = ALPHA if alpha is None else alpha
    if isinstance(alpha, bool) or not isinstance(alpha, (int, float)) or not 0 < alpha < 1:
        raise OptionsError(f"alpha must be a number between 0 and 1, got {alpha!r}")
    if correction not in ("firth", "none"):
        raise OptionsError(f"correction must be 'firth' or 'none', got {correction!r}")
    return results, alpha


def _tallies(frame: pd.DataFrame, pairs: pd.DataFrame, bots: list[str]) -> dict[str, list[Any]]:
    """Per bot: games played, games won (shared wins included) and the share of pairwise
    meetings finished ahead (ties one half)."""
    games = frame.groupby(frame["bot"].astype(str))
    won = (games["won"].sum() if "won" in frame.columns
           else games["rank"].apply(lambda r: int((r == 1).sum())))
    scored = (pd.concat([pairs.groupby("bot")["points"].sum(),
                         pairs.assign(points=pairs["meetings"] - pairs["points"])
                         .groupby("opponent")["points"].sum()]).groupby(level=0).sum())
    met = (pd.concat([pairs.groupby("bot")["meetings"].sum(),
                      pairs.groupby("opponent")["meetings"].sum()]).groupby(level=0).sum())
    return {"games": [int(games.size()[b]) for b in bots],
            "wins": [int(won[b]) for b in bots],
            "score": [float(scored[b] / met[b]) for b in bots]}


def ratings_markdown(table: pd.DataFrame) -> str:
    """A ratings table as a Markdown table (rating, interval, chance against the anchor, games)."""
    anchor = table.attrs.get("ladder", {}).get("anchor", "the anchor")
    level = 1 - float(table.attrs.get("ladder", {}).get("alpha", ALPHA))
    lines = [f"| bot | rating | {level:.0%} interval | ahead of {anchor} | games | won | "
             "meetings ahead |", "|---|---:|---:|---:|---:|---:|---:|"]
    for row in table.itertuples():
        interval = ("(anchor)" if row.bot == anchor
                    else f"{row.ci_low:.0f} to {row.ci_high:.0f}")
        mark = " *" if row.separated else ""
        lines.append(f"| `{row.bot}`{mark} | {row.rating:.0f} | {interval} | "
                     f"{row.p_vs_anchor:.1%} | {row.games} | {row.wins} | {row.score:.0%} |")
    if table["separated"].any():
        lines += ["", f"\\* No chain of wins leads both ways between this bot and {anchor}: its "
                  "rating is finite only thanks to Firth's correction, and the open end of its "
                  "interval says little."]
    return "\n".join(lines)


def _check_results(results: Any) -> pd.DataFrame:
    """The results frame, or an OptionsError naming what is wrong with it."""
    if not isinstance(results, pd.DataFrame) and isinstance(results, PlayedResults):
        results = results.results
    if not isinstance(results, pd.DataFrame):
        raise OptionsError("ratings need a results frame (goldlab.simulate, round_robin) or a "
                           f"Tournament, got {type(results).__name__}")
    missing = [c for c in REQUIRED if c not in results.columns]
    if missing:
        raise OptionsError(f"the results frame lacks the column(s) {', '.join(missing)}; "
                           "ratings need one row per game and seat with "
                           f"{', '.join(REQUIRED)}")
    if results.empty:
        raise OptionsError("the results frame is empty: no games to rate")
    if results["rank"].isna().any() or not pd.api.types.is_numeric_dtype(results["rank"]):
        raise OptionsError("every row needs a numeric rank (1 is best)")
    keys = ["match", "game", "seat"] if "match" in results.columns else ["game", "seat"]
    if results.duplicated(keys).any():
        raise OptionsError("a game number and seat occur twice: give each game of concatenated "
                           "runs its own number (or a 'match' column)")
    return results


def _check_connected(bots: list[str], first: np.ndarray, second: np.ndarray) -> None:
    """Refuse bots that were never compared, even through others."""
    from scipy.sparse import coo_matrix
    from scipy.sparse.csgraph import connected_components

    n = len(bots)
    graph = coo_matrix((np.ones(first.size), (first, second)), shape=(n, n))
    count, labels = connected_components(graph, directed=False)
    if count > 1:
        apart = [b for b, label in zip(bots, labels, strict=True) if label != labels[0]]
        raise OptionsError(f"{', '.join(apart)} never met {bots[0]} or anyone who met it: "
                           "ratings need every bot connected by games")


def _strong_components(n: int, first: np.ndarray, second: np.ndarray, points: np.ndarray,
                       meetings: np.ndarray) -> list[int]:
    """Label of each bot's group of bots joined by chains of wins both ways."""
    from scipy.sparse import coo_matrix
    from scipy.sparse.csgraph import connected_components

    # An arrow from the winner to the loser of some meeting (a tie draws both).
    beat = points > 0
    lost = points < meetings
    rows = np.concatenate([first[beat], second[lost]])
    cols = np.concatenate([second[beat], first[lost]])
    graph = coo_matrix((np.ones(rows.size), (rows, cols)), shape=(n, n))
    _, labels = connected_components(graph, directed=True, connection="strong")
    return [int(label) for label in labels]


def _fit(design: np.ndarray, points: np.ndarray, meetings: np.ndarray, *,
         firth: bool) -> tuple[np.ndarray, np.ndarray]:
    """(coefficients, covariance) of the binomial logit fit, Firth-penalised if ``firth``.

    Newton steps with the Fisher information (exact for the logit link), halved
    until the objective rises; Firth's modified score adds ``h (1/2 - p)`` to each
    row's residual, ``h`` the row's leverage.
    """
    from scipy.special import expit, log_expit

    def objective(beta: np.ndarray) -> tuple[float, np.ndarray, np.ndarray]:
        eta = design @ beta
        p = expit(eta)
        info = design.T @ ((meetings * p * (1 - p))[:, None] * design)
        value = float(points @ log_expit(eta) + (meetings - points) @ log_expit(-eta))
        if firth:
            sign, logdet = np.linalg.slogdet(info)
            value += 0.5 * logdet if sign > 0 else -np.inf
        return value, p, info

    beta = np.zeros(design.shape[1])
    value, p, info = objective(beta)
    for _ in range(500):
        cov = np.linalg.inv(info)
        residual = points - meetings * p
        if firth:
            leverage = meetings * p * (1 - p) * np.einsum("ij,jk,ik->i", design, cov, design)
            residual = residual + leverage * (0.5 - p)
        step = cov @ (design.T @ residual)
        size = 1.0
        while True:
            trial = beta + size * step
            new_value, new_p, new_info = objective(trial)
            if new_value >= value - 1e-12 * abs(value) or size < 1e-6:
                break
            size /= 2
        beta, value, p, info = trial, new_value, new_p, new_info
        if float(np.max(np.abs(size * step), initial=0.0)) < 1e-10:
            break
    else:  # pragma: no cover - the objective is smooth and concave near its top
        raise RuntimeError("the Bradley-Terry fit did not converge")
    return beta, np.linalg.inv(info)
