"""Lesson 2, *Is the first player lucky?*: win rates, confidence intervals, a binomial test.

Everything ``notebooks/lessons/2-is-the-first-player-lucky.ipynb`` computes lives here, so
the notebook stays short and the logic is tested:

* :func:`play_runs` -- three runs of Gold! played once on the rules engine
  (random bots, two and three players; greedy bots), sized for a browser page, with a
  progress bar (:func:`progress_bar`); the class's pooled games make the big sample;
* :func:`seat_zero` -- the first ``n`` games of a run, seen from seat 0 (the first player):
  wins, win rate, 95 % interval, the fair share and the exact binomial test;
* :func:`lesson_chart` and :func:`explorer` -- the running win rate with its interval
  (the funnel) beside the exact distribution of wins if the seats were fair, and the same
  chart redrawn live by a "games" slider and a "bots" dropdown
  (:class:`~goldlab.lessons.live.LiveChart`);
* :func:`p_value_calculator` -- two number boxes (wins, games) and the exact two-sided
  binomial test against 1/2 with the normal approximation beside it, for question Q2;
* :data:`quiz` -- the lesson's questions, answers computed (the exact test of
  :mod:`goldlab.lessons.inference`, the interval formula), not typed in.

A run's results are rows (one dict per game and seat, as ``goldlab.simulate``'s frame has
them); the statistics are :mod:`goldlab.lessons.inference`'s and the chance of each count of
wins is counted exactly (``math.comb``).  Only the standard library, goldlab's engine and bots,
ipywidgets and Altair are imported: the lesson runs in the student's browser (Pyodide).

>>> fair_share(3)
Fraction(1, 3)
>>> games_needed(0.01)
9604
>>> print(check("fair_share", "1/3"))
Right: 1/3 ≈ 0.333 (33.3 %).
>>> for line in p_value_lines(30, 50):
...     print(line)
Exact binomial test (two-sided, against 1/2): p = 0.2026
Normal approximation (bell curve, z = 1.41): p ≈ 0.1573
>>> p_value_lines(80, 50)
['Wins must be from 0 to the number of games (50), not 80.']
>>> "normal approximation; the question asks for the exact" in str(check("p_value", "0.046"))
True
>>> rows = play(Run("random", 2, 3), seed=1)
>>> len(rows), sorted(rows[0])
(6, ['bot', 'game', 'players', 'score', 'seat', 'seed', 'shared_win', 'won'])
"""

from __future__ import annotations

import math
import operator
import random
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from typing import Any

import altair as alt

from goldlab.bots.play import play_game
from goldlab.lessons import answer, inference
from goldlab.lessons.animate import Frame, OneMoreTrial
from goldlab.lessons.answer import After, AnswerBox, Prediction, answer_box
from goldlab.lessons.check import Feedback, Question, Quiz, counted, near, read_guess
from goldlab.lessons.live import LiveChart
from goldlab.lessons.together import Trials

Z95 = 1.959963984540054
"""The two-sided 95 % normal quantile: an estimate +- 1.96 standard errors."""
SEED = 2024
"""The lesson's seed: every student sees the same games."""
GAME = "gold"
"""The game the lesson plays: *Gold!*."""

Rows = list[dict[str, Any]]
"""A table as rows: one dict per row, the columns its keys."""
Progress = Callable[[int, int], None]
"""Told ``(games played so far, games in all)`` as a run goes on."""


@dataclass(frozen=True)
class Run:
    """One run of the lesson: who plays, how many players, how many games."""

    bots: str
    players: int
    games: int


RUNS: dict[str, Run] = {
    "random vs random": Run("random", 2, 1_000),
    "random, 3 players": Run("random", 3, 600),
    "greedy vs greedy": Run("greedy", 2, 400),
}
"""The runs the lesson plays once, on the rules engine in the student's browser.  In CPython a
random game takes about 1 ms and a greedy one about 2 ms (Pyodide: two to four times as long),
so each run takes about a second and all three about 2.5 s.  The random players' edge (about
1.5 points) needs thousands of games to show: the class's pooled games are that sample."""
STEPS: tuple[int, ...] = (10, 20, 50, 100, 200, 300, 400, 600, 800, 1_000)
"""The game counts the slider offers (those a run has)."""
CHUNK = 25
"""Games played between two reports to the progress bar."""


def game_seeds(seed: int, games: int) -> list[int]:
    """The seeds of games ``0 .. games - 1`` of a run seeded ``seed`` (63-bit, from
    :class:`random.Random`): a longer run extends a shorter one."""
    rng = random.Random(seed)
    return [rng.getrandbits(63) for _ in range(games)]


def play(run: Run, seed: int = SEED, progress: Progress | None = None) -> Rows:
    """Play ``run`` on the rules engine (:func:`goldlab.bots.play.play_game`): one row per
    game and seat, with the game's seed, the seat's score, ``won`` (every winner, shared
    victories included, as ``goldlab.simulate`` counts them) and ``shared_win``.
    ``progress(done, games)`` is told every :data:`CHUNK` games."""
    rows: Rows = []
    for game, game_seed in enumerate(game_seeds(seed, run.games)):
        outcome = play_game(GAME, [run.bots] * run.players, game_seed).outcome()
        assert outcome is not None  # play_game plays to the end
        shared = len(outcome.winners) > 1
        for seat in range(run.players):
            won = seat in outcome.winners
            rows.append({"game": game, "seed": game_seed, "players": run.players,
                         "seat": seat, "bot": run.bots, "score": outcome.scores[seat],
                         "won": won, "shared_win": won and shared})
        if progress is not None and ((game + 1) % CHUNK == 0 or game + 1 == run.games):
            progress(game + 1, run.games)
    return rows


class PlayedRuns(Mapping[str, Rows]):
    """The lesson's runs by label, each played (:func:`play`) the first time it is read and
    kept: a page plays at once only what it shows at once, and a run the student first
    chooses in the explorer is played then (about a second).  ``progress(done, games)`` is
    told how far each run being played has got."""

    def __init__(self, runs: Mapping[str, Run], seed: int,
                 progress: Progress | None = None) -> None:
        self._runs = dict(runs)
        self._seed = seed
        self._progress = progress
        self._rows: dict[str, Rows] = {}

    def __getitem__(self, label: str) -> Rows:
        if label not in self._rows:
            self._rows[label] = play(self._runs[label], self._seed, self._progress)
        return self._rows[label]

    def __iter__(self) -> Iterator[str]:
        return iter(self._runs)

    def __len__(self) -> int:
        return len(self._runs)

    def played(self) -> list[str]:
        """The labels of the runs played so far, in the lesson's order."""
        return [label for label in self._runs if label in self._rows]

    def play_now(self, labels: Iterable[str]) -> None:
        """Play the runs named (unknown labels refused before any is played), one progress
        count over all of them."""
        wanted = [label for label in dict.fromkeys(labels) if label not in self._rows]
        unknown = [label for label in wanted if label not in self._runs]
        if unknown:
            raise KeyError(f"no run called {unknown[0]!r}: the runs are {list(self._runs)}")
        total = sum(self._runs[label].games for label in wanted)
        played = 0
        for label in wanted:
            def report(done: int, _games: int, before: int = played) -> None:
                if self._progress is not None:
                    self._progress(before + done, total)

            self._rows[label] = play(self._runs[label], self._seed, report)
            played += self._runs[label].games


def play_runs(runs: Mapping[str, Run] = RUNS, seed: int = SEED,
              progress: Progress | None = None, *,
              now: Iterable[str] | None = None) -> PlayedRuns:
    """The runs (:class:`PlayedRuns`), those named in ``now`` (default: every run) played at
    once (:func:`play`), the others the first time they are read; ``progress(done, total)``
    is told the games played of the runs played now.

    >>> runs = play_runs({"short": Run("random", 2, 5), "later": Run("random", 3, 4)},
    ...                  now=["short"])
    >>> runs.played(), len(runs["later"]), runs.played()
    (['short'], 12, ['short', 'later'])
    """
    played = PlayedRuns(runs, seed, progress)
    played.play_now(runs if now is None else now)
    return played


def progress_bar(noun: str = "game") -> Progress:
    """Show a progress bar (and a line "123 of 2,000 games played") under the running
    cell; the function returned moves it."""
    import ipywidgets as widgets
    from IPython.display import display

    bar = widgets.IntProgress(value=0, min=0, max=1, description="playing",
                              bar_style="info")
    line = widgets.HTML("")
    display(widgets.HBox([bar, line]))  # type: ignore[no-untyped-call]

    def update(done: int, total: int) -> None:
        bar.max = max(1, total)
        bar.value = done
        line.value = f"{done:,} of {counted(total, noun)} played"
        if done >= total:
            bar.bar_style, bar.description = "success", "played"

    return update


def fair_share(players: int) -> Fraction:
    """The share of games each seat wins if no seat has an edge: 1/players."""
    return Fraction(1, players)


def first_player_wins(results: Rows) -> list[bool]:
    """Seat 0's results in game order: True for a win (shared wins included)."""
    return [bool(row["won"]) for row in sorted((r for r in results if r["seat"] == 0),
                                                key=lambda r: r["game"])]


def first_wins(count: int, seed: int) -> int:
    """The first player's wins in ``count`` games of two random players from the run seeded
    ``seed``: a student's own trials of the class experiment ("first_wins", pooled by
    :class:`goldlab.lessons.together.ClassExperiment`).

    >>> first_wins(20, 7) == sum(first_player_wins(play(Run("random", 2, 20), 7)))
    True
    """
    return sum(first_player_wins(play(Run("random", 2, count), seed)))


def players_in(results: Rows) -> int:
    """The number of players of a run's games."""
    return int(results[0]["players"])


def wilson(wins: int, games: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson's 95 % interval for a proportion
    (:func:`goldlab.lessons.inference.wilson_interval`).

    >>> [round(x, 3) for x in wilson(60, 100)]
    [0.502, 0.691]
    """
    return inference.wilson_interval(wins, games, confidence)


def p_value(wins: int, games: int, share: float | Fraction) -> float:
    """Exact two-sided binomial test: how often a fair seat would do at least this unusually
    (:func:`goldlab.lessons.inference.binomial_test`, scipy's ``binomtest`` in pure Python)."""
    return inference.binomial_test(int(wins), int(games), float(share))


def seat_zero(results: Rows, n: int | None = None) -> dict[str, Any]:
    """The first player's record over the first ``n`` games (all when None).

    Keys: games, wins, win_rate, ci_low, ci_high (Wilson, 95 %), fair (a Fraction),
    p_value (exact binomial test against the fair share) and edge (True when the whole
    interval lies above the fair share).
    """
    won = first_player_wins(results)
    n = len(won) if n is None else min(int(n), len(won))
    wins = sum(won[:n])
    low, high = wilson(wins, n)
    fair = fair_share(players_in(results))
    return {"games": n, "wins": wins, "win_rate": wins / n, "ci_low": low, "ci_high": high,
            "fair": fair, "p_value": p_value(wins, n, fair), "edge": low > fair}


def games_needed(half_width: float, rate: float = 0.5, z: float = Z95) -> int:
    """Games for a 95 % interval of +- ``half_width`` around ``rate``: z^2 p(1-p) / h^2."""
    return math.ceil(z * z * rate * (1 - rate) / (half_width * half_width))


def steps_for(results: Rows) -> list[int]:
    """The slider's game counts for a run: the :data:`STEPS` it has, and its size."""
    size = len(first_player_wins(results))
    return sorted({s for s in STEPS if s < size} | {size})


def clear_after(results: Rows) -> int | None:
    """The number of games after which the first player's 95 % interval is clear of the
    fair share for good (the last count whose interval still holds it), or None if the
    interval of the whole run still holds it."""
    won = first_player_wins(results)
    fair = fair_share(players_in(results))
    wins, last = 0, 0
    for games, outcome in enumerate(won, start=1):
        wins += outcome
        low, high = wilson(wins, games)
        if low <= fair <= high:
            last = games
    return last if last < len(won) else None


def your_guess(guess: Any, results: Rows) -> str:
    """What the games say about a student's guess of the first player's win rate."""
    r = seat_zero(results)
    value = read_guess(guess, "0.55")
    if isinstance(value, str):
        return value
    inside = r["ci_low"] <= value <= r["ci_high"]
    where = ("inside" if inside else "outside") + " the 95 % interval"
    return (f"You guessed {value:.1%}. In {counted(r['games'], 'game')} the first player won "
            f"{r['win_rate']:.1%} (95 % interval {r['ci_low']:.1%} to {r['ci_high']:.1%}): "
            f"your guess is {where}.")


# --------------------------------------------------------------------------- charts


def funnel_table(results: Rows, upto: int, points: int = 120) -> Rows:
    """The first player's running win rate and its interval, at about ``points`` game
    counts from 10 to ``upto`` (spaced geometrically, so the wide start shows too)."""
    won = first_player_wins(results)
    upto = min(int(upto), len(won))
    start = min(10, upto)
    ratio = upto / start
    counts = sorted({round(start * ratio ** (i / (points - 1))) for i in range(points)}
                    | {upto})
    running = [0]
    for outcome in won[:upto]:
        running.append(running[-1] + outcome)
    rows: Rows = []
    for games in counts:
        wins = running[games]
        low, high = wilson(wins, games)
        rows.append({"games": games, "win_rate": wins / games, "ci_low": low,
                     "ci_high": high})
    return rows


def _data(rows: Rows) -> alt.Data:
    """Rows as an Altair data set: inline values, so each encoding names its field's type."""
    return alt.Data(values=rows)  # type: ignore[no-untyped-call]


UNUSUAL = ("less", "as unusual as the result")
"""The two kinds of bar of :func:`null_table`: less unusual than the result, or at least as."""


def null_table(games: int, share: Fraction, observed: int) -> Rows:
    """The exact chance of each number of wins for a seat with no edge (binomial, counted
    with whole numbers: comb(n, k) a^k (b-a)^(n-k) / b^n for a share a/b), over the range
    that matters (5 standard deviations, and the observed count), and whether each count is
    at least as unusual as the observed one (no more likely: the p-value's cases)."""
    p = Fraction(share)
    a, b = p.numerator, p.denominator
    mean, sd = games * float(p), math.sqrt(games * float(p) * (1 - float(p)))
    low = max(0, min(observed, math.floor(mean - 5 * sd)))
    high = min(games, max(observed, math.ceil(mean + 5 * sd)))
    whole = b ** games

    def weight(wins: int) -> int:  # the chance of ``wins``, times b^games
        return math.comb(games, wins) * int(a ** wins) * int((b - a) ** (games - wins))

    seen = weight(observed)
    rows: Rows = []
    for wins in range(low, high + 1):
        w = weight(wins)
        rows.append({"wins": wins, "rate": wins / games, "chance": w / whole,
                     "as_unusual": UNUSUAL[w <= seen]})
    return rows


def lesson_chart(results: Rows, n: int) -> alt.HConcatChart:
    """Left: the first player's win rate over the first ``n`` games, with its 95 % interval
    and the fair share (dashed); right: the exact distribution of the win rate in ``n``
    games if the seats were fair, with the result observed (red)."""
    record = seat_zero(results, n)
    fair = float(record["fair"])
    size = len(first_player_wins(results))
    funnel = _data(funnel_table(results, record["games"]))
    scale = alt.Scale(domain=[max(0.0, fair - 0.25), min(1.0, fair + 0.25)])
    title = "first player's win rate"
    y = alt.Y("win_rate:Q", title=title, scale=scale)
    x = alt.X("games:Q", title="games played (log scale)",
              scale=alt.Scale(type="log", domain=[10, max(20, size)], nice=False))
    band = alt.Chart(funnel).mark_area(opacity=0.25, clip=True).encode(
        x=x, y=alt.Y("ci_low:Q", scale=scale, title=title), y2="ci_high:Q")
    line = alt.Chart(funnel).mark_line(clip=True).encode(x=x, y=y)
    # The point's own columns (not the funnel's names): its tooltip shows this row only.
    now = _data([{"games": record["games"], "wins": record["wins"],
                            "rate_now": record["win_rate"], "low_now": record["ci_low"],
                            "high_now": record["ci_high"]}])
    bar = alt.Chart(now).mark_rule(strokeWidth=3, color="black", clip=True).encode(
        x=x, y=alt.Y("low_now:Q", scale=scale, title=title), y2="high_now:Q")
    point = alt.Chart(now).mark_point(filled=True, size=90, color="black", clip=True).encode(
        x=x, y=alt.Y("rate_now:Q", scale=scale, title=title),
        tooltip=["games:Q", "wins:Q",
                 alt.Tooltip("rate_now:Q", format=".3f", title="win rate"),
                 alt.Tooltip("low_now:Q", format=".3f", title="95 % interval from"),
                 alt.Tooltip("high_now:Q", format=".3f", title="95 % interval to")])
    fair_line = alt.Chart(_data([{"fair": fair}])).mark_rule(
        strokeDash=[5, 4], color="gray").encode(y="fair:Q")
    left = alt.layer(band, line, fair_line, bar, point).properties(
        width=300, height=220,
        title=f"{counted(record['games'], 'game')}: {record['win_rate']:.1%} "
              f"(95 % interval {record['ci_low']:.1%} to {record['ci_high']:.1%})")
    null = _data(null_table(record["games"], record["fair"], record["wins"]))
    bars = alt.Chart(null).mark_bar().encode(
        x=alt.X("rate:Q", title=f"win rate in {counted(record['games'], 'game')} if seats "
                                     "were fair"),
        y=alt.Y("chance:Q", title="exact chance"),
        color=alt.Color("as_unusual:N", title=None, legend=alt.Legend(orient="bottom"),
                        scale=alt.Scale(domain=list(UNUSUAL), range=["#9db4d0", "#e8a33d"])),
        tooltip=["wins:Q", alt.Tooltip("chance:Q", format=".4f")])
    seen = alt.Chart(now).mark_rule(color="#c0392b", strokeWidth=2).encode(x="rate_now:Q")
    right = alt.layer(bars, seen).properties(
        width=260, height=220, title=f"p-value (orange share): {record['p_value']:.3g}")
    return alt.hconcat(left, right)


def fair_text(fair: Fraction) -> str:
    """The fair share as the page says it ("1/2 = 50.0 %"); the answer of question
    ``fair_share`` only once that question is settled, until then where it is drawn."""
    if fair == quiz.question("fair_share").answer and not quiz.settled("fair_share"):
        return "(the dashed line: question Q1 asks for its value)"
    return f"{fair} = {float(fair):.1%}"


def summary(results: Rows, n: int) -> str:
    """One sentence on the first ``n`` games, with the exact test (HTML)."""
    r = seat_zero(results, n)
    if r["edge"]:
        verdict = "the whole interval lies above the fair share: an edge"
    elif r["ci_high"] < r["fair"]:
        verdict = "the whole interval lies below the fair share: a handicap"
    else:
        verdict = ("the interval still includes the fair share: no proof of an edge (which is "
                   "not proof of no edge)")
    share = "fewer than 0.01 %" if r["p_value"] < 1e-4 else f"{r['p_value']:.2%}"
    return (f"<b>First player:</b> {counted(r['wins'], 'win')} in "
            f"{counted(r['games'], 'game')} = {r['win_rate']:.1%}; 95 % interval "
            f"{r['ci_low']:.1%} to {r['ci_high']:.1%}; "
            f"fair share {fair_text(r['fair'])}; {verdict}. Exact binomial "
            f"test: a seat with no edge does at least this unusually in {share} of such runs "
            f"(p = {r['p_value']:.2g}).")


# --------------------------------------------------------------------------- live controls


def explorer(runs: Mapping[str, Rows], start: int = 100,
             bots: str | None = None) -> LiveChart:
    """A "bots" dropdown and a "games" slider that redraw :func:`lesson_chart`."""
    import ipywidgets as widgets

    labels = list(runs)
    label = bots if bots is not None else labels[0]
    steps = steps_for(runs[label])
    choose = widgets.Dropdown(options=labels, value=label, description="bots",
                              style={"description_width": "initial"})
    slider = widgets.SelectionSlider(
        options=steps, value=min(steps, key=lambda s: abs(s - start)), description="games",
        continuous_update=False, layout=widgets.Layout(width="420px"))
    def switch(change: Any) -> None:
        # Another run has other game counts: keep the slider as close as it can be.
        if change["owner"] is choose:
            old = slider.value
            options = steps_for(runs[choose.value])
            slider.options = options
            slider.value = min(options, key=lambda s: abs(math.log(s / old)))

    def draw(bots: str, games: int) -> tuple[alt.TopLevelMixin, str]:
        frame = runs[bots]
        return lesson_chart(frame, games), summary(frame, games)

    return LiveChart(draw, {"bots": choose, "games": slider}, before=switch)


def one_more_game(runs: Mapping[str, Rows], bots: str = "random vs random",
                  games: int | None = None, frames: int = 120, pace: float = 0.15
                  ) -> OneMoreTrial:
    """"One more game": press Play and the first player's win rate and its 95 % interval
    are redrawn as the games of run ``bots`` arrive, one more at each frame at first,
    ``pace`` seconds a frame (all ``games`` of the run by default, in ``frames`` frames)."""
    results = runs[bots]
    won = first_player_wins(results)
    fair = fair_share(players_in(results))

    def describe(frame: Frame) -> str:
        where = ("above" if frame.low > fair else "below" if frame.high < fair
                 else "still around")
        return (f"<b>{counted(frame.trials, 'game')}:</b> the first player won "
                f"{frame.successes:,} = "
                f"{frame.estimate:.1%}; 95 % interval {frame.low:.1%} to {frame.high:.1%}, "
                f"{where} the fair share {fair_text(fair)}.")

    return OneMoreTrial(won, trials=len(won) if games is None else games,
                        frames=frames, pace=pace, exact=float(fair),
                        what="first player's win rate", unit="games", log=True,
                        domain=(max(0.0, float(fair) - 0.25), min(1.0, float(fair) + 0.25)),
                        describe=describe)


# --------------------------------------------------------------------------- p-value calculator


CALCULATOR_START = (30, 50)
"""The calculator's first counts (wins, games): an example, not the counts of a question."""
CALCULATOR_MAX = 100_000
"""The most games the calculator takes (its boxes clamp to 0 .. this)."""


def read_counts(wins: Any, games: Any) -> tuple[int, int] | str:
    """``(wins, games)`` as whole numbers (an int, or any integer type such as NumPy's), or
    the message saying what is wrong with them."""
    counts = []
    for name, value in (("wins", wins), ("games", games)):
        try:
            if isinstance(value, bool):
                raise TypeError
            counts.append(operator.index(value))
        except TypeError:
            return f"Type the number of {name} as a whole number, not {value!r}."
    won, played = counts
    if not 1 <= played <= CALCULATOR_MAX:
        return f"Games must be from 1 to {CALCULATOR_MAX:,}, not {played:,}."
    if not 0 <= won <= played:
        return f"Wins must be from 0 to the number of games ({played:,}), not {won:,}."
    return won, played


def p_value_lines(wins: Any, games: Any) -> list[str]:
    """What the calculator shows for ``wins`` of ``games`` against a fair share of 1/2:
    the exact two-sided binomial test, then the normal approximation beside it (both from
    :mod:`goldlab.lessons.inference`); or one line saying what is wrong with the counts."""
    counts = read_counts(wins, games)
    if isinstance(counts, str):
        return [counts]
    won, played = counts
    try:
        exact = inference.binomial_test(won, played)
        approximate = inference.normal_approximation(won, played)
    except ValueError as error:  # read_counts refuses these first; never a traceback
        return [f"goldlab could not compute that: {error}"]
    return [f"Exact binomial test (two-sided, against 1/2): {_p(exact, '=')}",
            f"Normal approximation (bell curve, z = {approximate.statistic:.2f}): "
            f"{_p(approximate.pvalue, '≈')}"]


def _p(value: float, sign: str) -> str:
    """A p-value to four decimals ("p = 0.2026"), a tiny one as "p below 0.0001"."""
    return "p below 0.0001" if value < 0.0001 else f"p {sign} {value:.4f}"


class PValueCalculator:
    """Two number boxes (wins, games) and the p-values of :func:`p_value_lines`, redrawn
    at each change: a tool for a question that gives the counts, never its answer (it
    starts at :data:`CALCULATOR_START`)."""

    def __init__(self, wins: int = CALCULATOR_START[0],
                 games: int = CALCULATOR_START[1]) -> None:
        import ipywidgets as widgets

        def box(name: str, value: int, low: int) -> Any:
            return widgets.BoundedIntText(
                value=value, min=low, max=CALCULATOR_MAX, description=name,
                layout=widgets.Layout(width="12em"),
                tooltip=f"the number of {name} ({low} to {CALCULATOR_MAX:,})")

        self.wins = box("wins", wins, 0)
        self.games = box("games", games, 1)
        self.output = widgets.HTML()
        for control in (self.wins, self.games):
            control.observe(lambda _: self.update(), names="value")
        self.lines: list[str] = []
        self.update()
        self.widget = widgets.VBox([
            widgets.HTML("<b>p-value calculator</b>: a seat's wins in a number of games, "
                         "against a fair share of 1/2."),
            widgets.HBox([self.wins, self.games]), self.output])
        self.widget.add_class("gl-calculator")

    def update(self) -> None:
        """Recompute the lines for the boxes' values (a message for bad counts)."""
        self.lines = p_value_lines(self.wins.value, self.games.value)
        ok = len(self.lines) > 1
        colour = "inherit" if ok else "#b3261e"
        self.output.value = "".join(f'<div style="color:{colour}">{escape(line)}</div>'
                                    for line in self.lines)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


def p_value_calculator(wins: int = CALCULATOR_START[0],
                       games: int = CALCULATOR_START[1]) -> PValueCalculator:
    """The "wins / games -> p-value" calculator (:class:`PValueCalculator`)."""
    return PValueCalculator(wins, games)


# --------------------------------------------------------------------------- the quiz


def _near_chance(value: float, tolerance: float) -> Callable[[Any], bool]:
    """A hint test: the answer is a chance within ``tolerance`` of ``value``, as a number,
    a fraction or a percentage ("4.6 %")."""
    def test(given: Any) -> bool:
        read = read_guess(given, "0.5")
        return isinstance(read, float) and abs(read - value) <= tolerance

    return test


def _says_true(given: Any) -> bool:
    """A hint test: the answer is True (or "true", "yes")."""
    return given is True or (isinstance(given, str)
                             and given.strip().lower().rstrip(".") in ("true", "yes"))


def make_quiz() -> Quiz:
    """The lesson's questions; every answer is computed here, none is typed in."""
    p60 = p_value(60, 100, Fraction(1, 2))
    one_sided = inference.binomial_test(60, 100, 0.5, alternative="greater")
    normal = inference.normal_approximation(60, 100).pvalue
    need = games_needed(0.01)
    return Quiz("Is the first player lucky?", [
        Question("fair_share", "Three equally good players: what share of the games should "
                 "the first player win if the seat gives no edge?", fair_share(3),
                 hints=((near(0.5), "1/2 is the fair share for two players; here the wins "
                         "are shared by three seats."),)),
        Question("p_value", "The first player wins 60 of 100 games of a two-player game. "
                 "What is the p-value of the exact two-sided binomial test against 1/2? "
                 "(Type the counts into the calculator: its first line is the exact test.)",
                 p60,
                 hints=((_near_chance(normal, 0.001), "that is the normal approximation; "
                         "the question asks for the exact binomial test (the calculator's "
                         "first line)."),
                        (_near_chance(one_sided, 0.002), f"{one_sided:.4f} is the one-sided "
                         "p-value: it counts only results of 60 wins or more. A seat "
                         "with no edge can be unusual in both directions, so count 40 "
                         "or fewer too."),
                        (near(0.6), "0.6 is the win rate, not the p-value: the p-value "
                         "is the chance of a result at least this unusual if the seat "
                         "had no edge."))),
        Question("significant_60", "At the 5 % level, do 60 wins in 100 games show that "
                 "the first player has an edge (the two-sided test of Q2)? (True or False)",
                 p60 < 0.05, probability=False,
                 hints=((_says_true, f"True is the one-sided reading: 60 wins or more alone "
                         f"have p = {one_sided:.3f}, below 0.05. But a seat with no edge can "
                         "be just as unusual the other way (40 wins or fewer), and we did not "
                         "know before the games which way the seat would lean: the two-sided "
                         "test of Q2 counts both tails, which doubles the p-value to just "
                         "above 0.05."),),
                 explanation="Close, but a fair seat does this about one time in 17."),
        Question("significant_600", "At the 5 % level, do 600 wins in 1,000 games show an "
                 "edge? (True or False)", p_value(600, 1000, Fraction(1, 2)) < 0.05,
                 probability=False,
                 explanation="The same 60 %, ten times the games: now chance alone would "
                             "almost never give this (p < 0.0001)."),
        Question("games_needed", "About how many games does a 95 % interval of +-1 "
                 "percentage point (0.01) around a win rate of 50 % need?", need,
                 approximate=True, tolerance=0.03 * need, probability=False,
                 hints=((near(games_needed(0.02), 0.03 * games_needed(0.02)),
                         "that is the count for +-2 points. Half the width needs four times "
                         "the games: the width shrinks like 1/sqrt(n)."),
                        (near(Z95 * 0.5 / 0.01, 2), "did you forget to square? "
                         "n = (1.96 x sd / width)^2 with sd = sqrt(0.5 x 0.5) = 0.5."),
                        (near(1.96 ** 2 * 0.25 / 1e-4 / 100, 1), "use the width as a "
                         "proportion (0.01), not in percent."))),
        Question("four_times", "You play four times as many games. How many times as wide "
                 "is the new interval?", Fraction(1, 2), probability=False,
                 hints=((near(0.25), "the width shrinks like 1/sqrt(games), not "
                         "1/games: four times the games, half the width."),
                        (near(2), "more games make the interval narrower, not wider."),
                        (near(4), "more games make the interval narrower, not wider."))),
    ])


quiz = make_quiz()
"""The questions of lesson 2."""
TRIALS = Trials("2-is-the-first-player-lucky", "first_wins", first_wins)
"""What this lesson pools from each student's own games (its ClassExperiment cell)."""


def check(key: str, answer: Any) -> Feedback:
    """Check an answer to question ``key`` of this lesson (``...`` says what is asked)."""
    return quiz.check(key, answer)


def ask(key: str, guess: Prediction | None = None) -> AnswerBox:
    """The answer box of question ``key`` (type, press Check, read what ``check`` says);
    with the ``guess`` of "Predict first", the feedback shows it too."""
    return answer_box(quiz, key, check, guess)


def after(key: str, content: Callable[[], Any], what: str = "the exact answer") -> After:
    """``content()`` once question ``key`` is answered (or shown with Show me)."""
    return answer.after(quiz, key, content, what)


__all__ = [
    "CALCULATOR_MAX",
    "CALCULATOR_START",
    "CHUNK",
    "GAME",
    "RUNS",
    "SEED",
    "STEPS",
    "TRIALS",
    "UNUSUAL",
    "PValueCalculator",
    "PlayedRuns",
    "Prediction",
    "Progress",
    "Rows",
    "Run",
    "after",
    "ask",
    "check",
    "clear_after",
    "explorer",
    "fair_share",
    "fair_text",
    "first_player_wins",
    "first_wins",
    "funnel_table",
    "game_seeds",
    "games_needed",
    "lesson_chart",
    "null_table",
    "one_more_game",
    "p_value",
    "p_value_calculator",
    "p_value_lines",
    "play",
    "play_runs",
    "players_in",
    "progress_bar",
    "quiz",
    "read_counts",
    "seat_zero",
    "steps_for",
    "summary",
    "wilson",
    "your_guess",
]
