"""Lesson 3, *What is memory worth?*: forgetting, win rates, value of information, fair seats.

Everything the notebook ``notebooks/lessons/3-what-is-memory-worth.ipynb`` computes, in pure
Python (the standard library, the engine, ipywidgets and Altair), so the lesson runs in the
student's browser:

* :func:`play_grid` -- a forgetful player (``forgetful:p``) against a perfect memory, for a
  few values of ``p``, every deal played twice with the seats swapped (:func:`play_deals`;
  one run, then the slider only picks from it);
* :func:`win_curve`, :func:`curve_table` and :func:`curve_chart` -- the forgetful player's
  win rate for each ``p`` with a 95 % interval, from both seats or from one;
* :func:`expected_gold` -- the exact expected gold of a turn when you remember a card,
  against two blind flips (the value of information), and :func:`simulate_turns`, the
  same turn played by the engine many times;
* :func:`memory_table` -- the class plays a perfect memory itself, in memory mode;
* :func:`forgetful_wins` -- the class experiment's trials: fresh games, pooled by the class;
* :data:`quiz` -- the lesson's questions, answers computed from the engine's odds;
  :func:`ask` gives a question's answer box and :func:`after` what waits for its answer
  (the exact values of a question appear once it is answered, or shown with Show me).

Tables are rows (lists of dicts), drawn as Altair charts or small HTML tables.  Games are
played by the engine's one game loop (:func:`goldlab.bots.play.play_game`) at about 90
games a second in CPython, so the lesson's grid (96 games) takes about a second; a browser
is 2-4 times slower.  What this module does not do: big samples (the class pools its runs).

>>> expected_gold("gold:3")
Fraction(20, 21)
>>> check("remembered_gold3", "20/21").correct
True
>>> after("remembered_gold3", lambda: "the exact table").is_open  # answered: shown at once
True
"""

from __future__ import annotations

import html
import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, cast

import altair as alt

import goldlab
from goldlab.bots.play import play_game
from goldlab.core.state import Outcome
from goldlab.games.goldrush import odds
from goldlab.games.goldrush.actions import FLIPS
from goldlab.games.goldrush.cards import ALL_CARDS, DECK, card
from goldlab.games.goldrush.rules import resolve_pair
from goldlab.games.goldrush.state import GoldrushState
from goldlab.lessons import answer
from goldlab.lessons.answer import After, AnswerBox, Prediction, answer_box
from goldlab.lessons.board import NAMES, lesson_table
from goldlab.lessons.check import Feedback, Question, Quiz, counted
from goldlab.lessons.inference import wilson_interval
from goldlab.lessons.live import LiveChart
from goldlab.lessons.together import Trials
from goldlab.views import GameView

Row = dict[str, Any]
"""One row of a table: column name -> value."""
FORGETTING = (0.0, 0.1, 0.2, 0.4)
"""The forgetting probabilities played once at the start of the lesson."""
GAMES = 12
"""Deals per forgetting probability; each is played twice (seats swapped): 24 games a
point, 96 in all (about a second in CPython, a few seconds in a browser)."""
SEED = 3
"""The lesson's seed: every student sees the same games."""
SEATS = {
    "both seats (fair)": None,
    "forgetful player starts": 0,
    "perfect player starts": 1,
}
"""The dropdown's choices: which games count, by the forgetful player's seat."""
MEMORIES: dict[str, tuple[str, ...]] = {
    "nothing: two blind flips": (),
    "where a gold 1 lies": ("gold:1",),
    "where a gold 2 lies": ("gold:2",),
    "where a gold 3 lies": ("gold:3",),
    "where a gold 4 lies": ("gold:4",),
    "where a violet 5 digger lies": ("violet:5",),
    "a gold 4 and a violet 5 digger": ("gold:4", "violet:5"),
}
"""What a player might remember at the first turn (violet diggers belong to nobody)."""


def new_game() -> GoldrushState:
    """A fresh two-player game (edition A): seat 0 green, seat 1 orange, the rest nobody's."""
    state = goldlab.make("goldrush", players=2, seed=SEED)
    assert isinstance(state, GoldrushState)
    return state


# --------------------------------------------------------------------------- tables


@dataclass(frozen=True)
class Html:
    """A piece of HTML for the page: Jupyter draws ``markup``."""

    markup: str

    def _repr_html_(self) -> str:
        return self.markup


def _html_table(rows: Sequence[Mapping[str, Any]], columns: Sequence[str]) -> Html:
    """A small HTML table of ``columns`` of ``rows``, every cell escaped (floats to 3 places).

    >>> _html_table([{"a": "<b>", "b": 0.5}], ["a", "b"]).markup.count("&lt;b&gt;")
    1
    """

    def cell(value: Any) -> str:
        return html.escape(f"{value:.3f}" if isinstance(value, float) else str(value))

    head = "".join(f"<th>{html.escape(c)}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td>{cell(row[c])}</td>" for c in columns) + "</tr>"
                   for row in rows)
    return Html(f"<table class='gl-table'><thead><tr>{head}</tr></thead>"
                f"<tbody>{body}</tbody></table>")


def _data(rows: Sequence[Mapping[str, Any]]) -> alt.Data:
    """``rows`` as a chart's data (its encodings then give every field's type)."""
    return alt.Data(values=list(rows))  # type: ignore[no-untyped-call]


class _Progress:
    """A progress bar in the notebook, one step per game, then how long the run took."""

    def __init__(self, total: int) -> None:
        import ipywidgets as widgets
        from IPython.display import display

        self.start = time.perf_counter()
        self.bar = widgets.IntProgress(value=0, min=0, max=total, description="playing")
        self.label = widgets.Label(f"0 of {counted(total, 'game')}")
        display(widgets.HBox([self.bar, self.label]))  # type: ignore[no-untyped-call]

    def __call__(self) -> None:
        self.bar.value += 1
        self.label.value = f"{self.bar.value} of {counted(self.bar.max, 'game')}"

    def done(self) -> None:
        """Say that the run is over and how long it took."""
        self.bar.description = "played"
        self.label.value = (f"{counted(self.bar.value, 'game')} in "
                            f"{time.perf_counter() - self.start:.1f} s")


# --------------------------------------------------------------------------- simulation


def deal_seeds(games: int, seed: int = SEED) -> list[int]:
    """The seeds of ``games`` deals drawn from ``seed``: the same deals in every run.

    >>> deal_seeds(3, 5) == deal_seeds(4, 5)[:3]
    True
    """
    rng = random.Random(seed)
    return [rng.getrandbits(63) for _ in range(games)]


def play(bots: Sequence[str], deal: int, **options: Any) -> Outcome:
    """One two-player game of the deal seeded ``deal``, ``bots`` by seat; its outcome."""
    outcome = play_game("goldrush", bots, deal, **options).outcome()
    assert outcome is not None
    return outcome


def play_deals(player: str, games: int = GAMES, seed: int = SEED, *,
               opponent: str = "perfect", step: Callable[[], None] | None = None,
               **options: Any) -> list[Row]:
    """``player`` against ``opponent`` (bot specs) on ``games`` deals, each played twice.

    Each deal is played once with ``player`` in seat 0 (it starts) and once in seat 1;
    each bot is seeded from the deal and its seat.  One row per game: ``deal``, ``seat``
    (the player's), the two scores, ``win`` (the player's share of the victory: 1, 0, or
    1/2 for a shared one) and ``margin`` (its score minus the other's).  ``step()`` is
    called after each game; ``options`` are the game's (``layout="grid"``).

    >>> [(r["seat"], r["win"]) for r in play_deals("forgetful:0", 1)]
    [(0, 0.0), (1, 1.0)]
    """
    rows = []
    for deal, deal_seed in enumerate(deal_seeds(games, seed)):
        for seat in (0, 1):
            bots = (player, opponent) if seat == 0 else (opponent, player)
            outcome = play(bots, deal_seed, **options)
            score, other = outcome.scores[seat], outcome.scores[1 - seat]
            rows.append({"player": player, "deal": deal, "seat": seat, "score": score,
                         "opponent_score": other,
                         "win": 1 / len(outcome.winners) if seat in outcome.winners else 0.0,
                         "margin": score - other})
            if step is not None:
                step()
    return rows


def play_grid(forgetting: Sequence[float] = FORGETTING, games: int = GAMES,
              seed: int = SEED, *, progress: bool = False, **options: Any) -> list[Row]:
    """``forgetful:p`` against ``perfect`` for each ``p``: :func:`play_deals`' rows with ``p``.

    The same ``seed`` deals the same games for every ``p``.  ``progress`` shows a bar in
    the notebook as the games are played.
    """
    bar = _Progress(2 * games * len(forgetting)) if progress else None
    rows = [{"p": p, **row} for p in forgetting
            for row in play_deals(f"forgetful:{p:g}", games, seed, step=bar, **options)]
    if bar is not None:
        bar.done()
    return rows


def forgetful_wins(count: int, seed: int, p: float = 0.2) -> int:
    """How many of ``count`` fresh deals ``forgetful:p`` wins outright from the first seat
    against ``perfect``: one trial of the class experiment each."""
    return sum(play([f"forgetful:{p:g}", "perfect"], deal).winners == (0,)
               for deal in deal_seeds(count, seed))


def win_interval(wins: float, games: int) -> tuple[float, float]:
    """Wilson's 95 % interval of a win rate where a shared win counts half.

    A whole number of wins gives Wilson's interval; a half (an odd number of shared
    wins) gives the interval from the lower end for the whole number below to the
    upper end for the one above, so it covers both.

    >>> [round(x, 3) for x in win_interval(12, 24)]
    [0.314, 0.686]
    >>> [round(x, 3) for x in win_interval(11.5, 24)]
    [0.279, 0.686]
    """
    return (wilson_interval(math.floor(wins), games)[0],
            wilson_interval(math.ceil(wins), games)[1])


def win_curve(grid: Sequence[Mapping[str, Any]], seat: int | None = None) -> list[Row]:
    """The forgetful player's win rate per ``p`` with a 95 % interval, one row per ``p``.

    ``seat``: ``None`` counts every game (both seats, the fair comparison), ``0`` only the
    games the forgetful player started, ``1`` only those the perfect player started.
    """
    chosen = [row for row in grid if seat is None or row["seat"] == seat]
    curve = []
    for p in sorted({row["p"] for row in chosen}):
        games = [row for row in chosen if row["p"] == p]
        wins = sum(row["win"] for row in games)
        low, high = win_interval(wins, len(games))
        curve.append({"p": p, "games": len(games), "wins": wins,
                      "margin": sum(row["margin"] for row in games) / len(games),
                      "win_rate": wins / len(games), "low": low, "high": high})
    return curve


def win_rate(grid: Sequence[Mapping[str, Any]], p: float, seat: int | None = None) -> float:
    """The forgetful player's win rate at ``p`` (from both seats, or from ``seat``)."""
    for row in win_curve(grid, seat):
        if row["p"] == p:
            return float(row["win_rate"])
    raise KeyError(f"no games with forgetting p = {p:g}")


def curve_table(grid: Sequence[Mapping[str, Any]], seat: int | None = None) -> Html:
    """:func:`win_curve` as a table for the page."""
    rows = [{"p": f"{row['p']:g}", "games": row["games"], "wins": f"{row['wins']:g}",
             "win rate": f"{row['win_rate']:.2f}",
             "95% interval": f"{row['low']:.2f} to {row['high']:.2f}",
             "mean margin": f"{row['margin']:+.1f}"} for row in win_curve(grid, seat)]
    return _html_table(rows, ["p", "games", "wins", "win rate", "95% interval",
                              "mean margin"])


def curve_chart(grid: Sequence[Mapping[str, Any]], p: float,
                seats: str = "both seats (fair)") -> alt.LayerChart:
    """Win rate of ``forgetful:p`` against ``perfect``, one point per ``p``; ``p`` highlighted."""
    curve = [{**row, "chosen": row["p"] == p} for row in win_curve(grid, SEATS[seats])]
    row = next(r for r in curve if r["chosen"])
    data = _data(curve)
    x = alt.X("p:Q", title="forgetting probability p (per card, per turn)",
              scale=alt.Scale(domain=[0, max(r["p"] for r in curve) + 0.05]))
    y = alt.Y("win_rate:Q", title="win rate of forgetful:p", scale=alt.Scale(domain=[0, 1]))
    line = alt.Chart(data).mark_line(color="#5b7fa6").encode(x=x, y=y)
    bars = alt.Chart(data).mark_rule(strokeWidth=2, color="#5b7fa6").encode(
        x=x, y=alt.Y("low:Q", title="win rate of forgetful:p"), y2="high:Q")
    points = alt.Chart(data).mark_point(filled=True).encode(
        x=x, y=y,
        size=alt.condition("datum.chosen", alt.value(220), alt.value(50)),
        color=alt.condition("datum.chosen", alt.value("#c0392b"), alt.value("#5b7fa6")))
    fair = alt.Chart(_data([{"y": 0.5}])).mark_rule(
        strokeDash=[4, 4], color="gray").encode(y="y:Q")
    title = (f"forgetful:{p:g} vs perfect, {seats}: won {row['wins']:g} of "
             f"{counted(row['games'], 'game')} = {row['win_rate']:.2f} "
             f"(95% interval {row['low']:.2f} to {row['high']:.2f})")
    chart = alt.layer(fair, bars, line, points).properties(width=460, height=240, title=title)
    return cast(alt.LayerChart, chart)


def curve_explorer(grid: Sequence[Mapping[str, Any]], p: float = 0.2) -> LiveChart:
    """A slider for the forgetting ``p`` and a dropdown for the seats; the chart follows."""
    import ipywidgets as widgets

    style = {"description_width": "initial"}
    slider = widgets.SelectionSlider(options=sorted({row["p"] for row in grid}), value=p,
                                     description="forgetting p", style=style)
    seats = widgets.Dropdown(options=list(SEATS), value="both seats (fair)",
                             description="games counted", style=style)
    return LiveChart(lambda p, seats: curve_chart(grid, p, seats), {"p": slider, "seats": seats})


# --------------------------------------------------------------------------- value of information


def expected_gold(remembered: Sequence[str] | str = (), seat: int = 0) -> Fraction:
    """Exact expected gold for the first player of a fresh 2-player game in one turn.

    ``remembered``: nothing (two blind flips, :func:`odds.expected_gold`), one card whose place
    the player knows (flipped first, then a blind card from the other 63), or two cards (flipped
    both: their result is certain).
    """
    known = [card(remembered)] if isinstance(remembered, str) else [card(c) for c in remembered]
    game = new_game()
    if not known:
        return odds.expected_gold(game)
    owners = game.game.owners
    if len(known) == 2:
        result = resolve_pair(known[0], known[1], 0, owners, ("", ""))
        gold = known[0] if known[0].is_gold else known[1]
        return Fraction(gold.value if result.receiver == seat else 0)
    (first,) = known
    counts = list(DECK)
    counts[first.index] -= 1
    total = sum(counts)
    value = Fraction(0)
    for second, n in zip(ALL_CARDS, counts, strict=True):
        result = resolve_pair(first, second, 0, owners, ("", ""))
        if n and result.receiver == seat:
            gold = first if first.is_gold else second
            value += Fraction(n * gold.value, total)
    return value


def information_rows() -> list[Row]:
    """Each memory of :data:`MEMORIES` with its exact expected gold and its worth."""
    blind = expected_gold()
    rows = []
    for name, known in MEMORIES.items():
        value = expected_gold(known)
        rows.append({"you remember": name, "expected gold": value,
                     "≈": round(float(value), 3), "worth of the memory": value - blind,
                     "worth ≈": round(float(value - blind), 3)})
    return rows


def information_table() -> Html:
    """:func:`information_rows` as a table for the page (exact fractions, then decimals)."""
    rows = [{**row, "worth ≈": f"{row['worth ≈']:+.3f}"} for row in information_rows()]
    return _html_table(rows, ["you remember", "expected gold", "≈", "worth of the memory",
                              "worth ≈"])


def simulate_turns(remembered: Sequence[str] | str, trials: int = 1000,
                   seed: int = SEED) -> tuple[float, float, float]:
    """Play the first turn ``trials`` times with the engine: (mean gold, 95 % interval).

    The remembered cards lie at places 0 (and 1); the player flips them first, and blind
    cards (places nobody has seen) for the rest.
    """
    known = [card(remembered)] if isinstance(remembered, str) else [card(c) for c in remembered]
    state = GoldrushState.from_position(new_game().game, known=dict(enumerate(known)))
    rng = random.Random(seed)
    sim = odds.Simulation()
    for _ in range(trials):
        copy = state.resample_hidden(0, rng)
        copy.auto_chance = True
        events = copy.apply(FLIPS[0]) + copy.apply(FLIPS[1])
        outcome, points = odds.classify(events, 0)
        sim.trials += 1
        sim.counts[outcome] += 1
        sim.gold += points
        sim.gold_squares += points * points
    low, high = sim.gold_interval(z=1.959963984540054)
    return sim.mean_gold(), low, high


def information_chart(memory: str) -> alt.LayerChart:
    """Expected gold of a first turn for each memory, exact; ``memory`` highlighted."""
    table = information_rows()
    data = _data([{"memory": row["you remember"], "gold": row["≈"],
                   "label": str(row["expected gold"]),
                   "chosen": row["you remember"] == memory} for row in table])
    y = alt.Y("memory:N", sort=list(MEMORIES), title=None)
    x = alt.X("gold:Q", title="expected gold points of the turn (exact)")
    bars = alt.Chart(data).mark_bar().encode(
        x=x, y=y, color=alt.condition("datum.chosen", alt.value("#d4a017"),
                                      alt.value("#c8c8c8")))
    labels = alt.Chart(data).mark_text(align="left", dx=4).encode(x=x, y=y, text="label:N")
    row = next(r for r in table if r["you remember"] == memory)
    title = (f"remembering {memory}: {row['expected gold']} ≈ {row['≈']:.3f} gold, "
             f"worth {row['worth ≈']:+.3f} against two blind flips")
    chart = alt.layer(bars, labels).properties(width=360, height=200, title=title)
    return cast(alt.LayerChart, chart)


def information_explorer(memory: str = "where a gold 3 lies") -> LiveChart:
    """A dropdown "you remember": the exact expected gold of that turn is highlighted."""
    import ipywidgets as widgets

    choice = widgets.Dropdown(options=list(MEMORIES), value=memory, description="you remember",
                              style={"description_width": "initial"})
    return LiveChart(information_chart, {"memory": choice})


# --------------------------------------------------------------------------- the quiz


def make_quiz() -> Quiz:
    """The lesson's questions; the numbers come from the engine's odds."""
    blind = expected_gold()
    gold3 = expected_gold("gold:3")
    return Quiz("What is memory worth?", [
        Question("blind_gold", "Expected gold of two blind flips at the first turn (2 players)?",
                 blind, probability=False, tolerance=0.005,
                 explanation="Add gold value x chance over every pair that gives you gold."),
        Question("remembered_gold3", "You know where a gold 3 lies: flip it, then a blind card. "
                 "Expected gold?", gold3, probability=False,
                 hints=((lambda g: float(Fraction(str(g))) == 3.0,
                         "you only get the 3 if the second card is a digger of value 3 or "
                         "more that is not your opponent's: 20 of the other 63 cards."),
                        (lambda g: abs(float(Fraction(str(g))) - 3 * 25 / 63) < 0.005,
                         "orange diggers belong to your opponent: the gold would go to them, "
                         "so count only green, blue, red and violet.")),
                 explanation="3 x 20/63: 20 diggers of value 3-5 in the four colours that give "
                             "the gold to you."),
        Question("worth_gold3", "How much more gold (on average) is knowing where a gold 3 lies "
                 "worth than two blind flips?", gold3 - blind, probability=False,
                 hints=((lambda g: abs(float(Fraction(str(g))) - float(gold3)) < 0.005,
                         "that is the expected gold with the memory; subtract what a player "
                         "without it expects."),),
                 explanation="The value of information: expected gold with it minus without."),
        Question("fair_p0", "forgetful:0 against perfect, seats swapped every deal: what win "
                 "rate do you expect in the long run?", Fraction(1, 2),
                 explanation="forgetful:0 forgets nothing: the same player twice, so by "
                             "symmetry each wins half of the games."),
        Question("swap_seats", "True or False: if the forgetful player always started, the "
                 "difference in win rate would mix memory with the advantage of starting.",
                 True, explanation="Swapping seats on the same deals cancels the seat effect."),
    ])


quiz = make_quiz()
"""The questions of the lesson."""
TRIALS = Trials("3-what-is-memory-worth", "forgetful_wins", forgetful_wins)
"""What this lesson pools from each student's own games (its ClassExperiment cell): the
forgetful player (p = 0.2, in the first seat) wins outright against perfect memory."""
READ_FROM_TABLE = frozenset({"blind_gold", "worth_gold3"})
"""Questions whose answer students read from the lesson's exact table (shown above them)."""


def memory_table(opponent: str = "perfect", seed: int | None = None) -> GameView:
    """Play it yourself: a locked Mount Goldrush table in **memory mode** (the cards you saw
    lie face down again: remember them), the class at seat 0 against ``opponent``, a
    memory bot (``"perfect"``, ``"forgetful:0.2"``, ``"limited:6"``, ...).  The seats are
    named as at lesson 1's table (:data:`~goldlab.lessons.board.NAMES`); the status line
    adds the bot: "Computer to move (perfect)"."""
    return lesson_table(seed, opponent, memory=True, names=NAMES)


def check(key: str, answer: Any) -> Feedback:
    """Check your answer to question ``key``: ``check("blind_gold", "2/9")`` (``...``
    says what is asked)."""
    return quiz.check(key, answer)


def ask(key: str, guess: Prediction | None = None) -> AnswerBox:
    """The answer box of question ``key`` (type, press Check, read what ``check`` says);
    with the ``guess`` of "Predict first", the feedback shows it too."""
    return answer_box(quiz, key, check, guess)


def after(key: str, content: Callable[[], Any], what: str = "the exact answer") -> After:
    """``content()`` once question ``key`` is answered (or shown with Show me)."""
    return answer.after(quiz, key, content, what)
