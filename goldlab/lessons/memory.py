"""Lesson 3, *What is memory worth?*: forgetting, win rates, value of information, fair seats.

Everything the notebook ``notebooks/lessons/3-what-is-memory-worth.ipynb`` computes:

* :func:`play_grid` -- a forgetful player (``forgetful:p``) against a perfect memory, for a
  few values of ``p``, every deal played twice with the seats swapped (one run, then the
  slider only picks from it);
* :func:`win_curve` and :func:`curve_chart` -- the forgetful player's win rate for each
  ``p`` with a 95 % interval, from both seats or from one;
* :func:`expected_gold` -- the exact expected gold of a turn when you remember a card,
  against two blind flips (the value of information), and :func:`simulate_turns`, the
  same turn played by the engine many times;
* :func:`memory_table` -- the class plays a perfect memory itself, in memory mode;
* :data:`quiz` -- the lesson's questions, answers computed from the engine's odds;
  :func:`ask` gives a question's answer box and :func:`after` what waits for its answer
  (the exact values of a question appear once it is answered, or shown with Show me).

>>> expected_gold("gold:3")
Fraction(20, 21)
>>> check("remembered_gold3", "20/21").correct
True
>>> after("remembered_gold3", lambda: "the exact table").is_open  # answered: shown at once
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, cast

import altair as alt
import pandas as pd

import goldlab
from goldlab.analysis.stats import proportion_ci
from goldlab.games.goldrush import odds
from goldlab.games.goldrush.actions import FLIPS
from goldlab.games.goldrush.cards import ALL_CARDS, DECK, card
from goldlab.games.goldrush.rules import resolve_pair
from goldlab.games.goldrush.state import GoldrushState
from goldlab.lessons import answer
from goldlab.lessons.answer import After, AnswerBox, Prediction, answer_box
from goldlab.lessons.board import NAMES, lesson_table
from goldlab.lessons.check import Feedback, Question, Quiz
from goldlab.lessons.flip_the_odds import checker
from goldlab.lessons.live import LiveChart
from goldlab.views import GameView

FORGETTING = (0.0, 0.1, 0.2, 0.4)
"""The forgetting probabilities played once at the start of the lesson."""
GAMES = 16
"""Deals per forgetting probability; each is played twice (seats swapped): 32 games."""
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


# --------------------------------------------------------------------------- simulation


def play_grid(forgetting: Sequence[float] = FORGETTING, games: int = GAMES,
              seed: int = SEED) -> pd.DataFrame:
    """``forgetful:p`` against ``perfect`` for each ``p``: ``games`` deals, each played twice.

    ``goldlab.simulate`` with the same seed deals the same games in both runs, once with the
    forgetful player in seat 0 (it starts) and once in seat 1.  One row per game: ``p``,
    ``deal``, ``forgetful_seat``, the two scores, ``win`` (the forgetful player's share of the
    victory: 1, 0, or 1/2 for a shared one) and ``margin`` (its score minus the other's).
    """
    from goldlab.simulation import simulate

    rows = []
    for p in forgetting:
        spec = f"forgetful:{p:g}"
        for seat, bots in ((0, [spec, "perfect"]), (1, ["perfect", spec])):
            df = simulate("goldrush", bots, games, seed=seed, backend="serial", quiet=True)
            mine = df[df["seat"] == seat].set_index("game")
            other = df[df["seat"] == 1 - seat].set_index("game")
            for deal in mine.index:
                rows.append({"p": p, "deal": int(deal), "forgetful_seat": seat,
                             "forgetful_score": int(mine.at[deal, "score"]),
                             "perfect_score": int(other.at[deal, "score"]),
                             "win": float(mine.at[deal, "win_share"]),
                             "margin": int(mine.at[deal, "score"] - other.at[deal, "score"])})
    return pd.DataFrame(rows)


def win_curve(grid: pd.DataFrame, seat: int | None = None) -> pd.DataFrame:
    """The forgetful player's win rate per ``p`` with a 95 % interval.

    ``seat``: ``None`` counts every game (both seats, the fair comparison), ``0`` only the
    games the forgetful player started, ``1`` only those the perfect player started.
    """
    games = grid if seat is None else grid[grid["forgetful_seat"] == seat]
    table = games.groupby("p").agg(games=("win", "size"), wins=("win", "sum"),
                                   margin=("margin", "mean")).reset_index()
    table["win_rate"] = table["wins"] / table["games"]
    low, high = proportion_ci(table["wins"].to_numpy(), table["games"].to_numpy())
    table["low"], table["high"] = low, high
    return table


def curve_chart(grid: pd.DataFrame, p: float, seats: str = "both seats (fair)"
                ) -> alt.LayerChart:
    """Win rate of ``forgetful:p`` against ``perfect``, one point per ``p``; ``p`` highlighted."""
    curve = win_curve(grid, SEATS[seats])
    curve["chosen"] = curve["p"] == p
    row = curve[curve["chosen"]].iloc[0]
    x = alt.X("p:Q", title="forgetting probability p (per card, per turn)",
              scale=alt.Scale(domain=[0, max(curve["p"]) + 0.05]))
    y = alt.Y("win_rate:Q", title="win rate of forgetful:p", scale=alt.Scale(domain=[0, 1]))
    line = alt.Chart(curve).mark_line(color="#5b7fa6").encode(x=x, y=y)
    bars = alt.Chart(curve).mark_rule(strokeWidth=2, color="#5b7fa6").encode(
        x=x, y=alt.Y("low:Q", title="win rate of forgetful:p"), y2="high:Q")
    points = alt.Chart(curve).mark_point(filled=True).encode(
        x=x, y=y,
        size=alt.condition("datum.chosen", alt.value(220), alt.value(50)),
        color=alt.condition("datum.chosen", alt.value("#c0392b"), alt.value("#5b7fa6")))
    fair = alt.Chart(pd.DataFrame({"y": [0.5]})).mark_rule(
        strokeDash=[4, 4], color="gray").encode(y="y:Q")
    title = (f"forgetful:{p:g} vs perfect, {seats}: won {row['wins']:g} of "
             f"{row['games']} games = {row['win_rate']:.2f} "
             f"(95% interval {row['low']:.2f} to {row['high']:.2f})")
    chart = alt.layer(fair, bars, line, points).properties(width=460, height=240, title=title)
    return cast(alt.LayerChart, chart)


def curve_explorer(grid: pd.DataFrame, p: float = 0.2) -> LiveChart:
    """A slider for the forgetting ``p`` and a dropdown for the seats; the chart follows."""
    import ipywidgets as widgets

    style = {"description_width": "initial"}
    slider = widgets.SelectionSlider(options=sorted(set(grid["p"])), value=p,
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


def information_table() -> pd.DataFrame:
    """Each memory of :data:`MEMORIES` with its exact expected gold and its worth."""
    blind = expected_gold()
    rows = []
    for name, known in MEMORIES.items():
        value = expected_gold(known)
        rows.append({"you remember": name, "expected gold": value,
                     "≈": round(float(value), 3), "worth of the memory": value - blind,
                     "worth ≈": round(float(value - blind), 3)})
    return pd.DataFrame(rows)


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
    table = information_table()
    table["chosen"] = table["you remember"] == memory
    table["label"] = table["expected gold"].map(str)
    y = alt.Y("you remember:N", sort=list(MEMORIES), title=None)
    x = alt.X("≈:Q", title="expected gold points of the turn (exact)")
    bars = alt.Chart(table.drop(columns=["expected gold", "worth of the memory"])).mark_bar(
    ).encode(x=x, y=y, color=alt.condition("datum.chosen", alt.value("#d4a017"),
                                           alt.value("#c8c8c8")))
    labels = alt.Chart(table.drop(columns=["expected gold", "worth of the memory"])).mark_text(
        align="left", dx=4).encode(x=x, y=y, text="label:N")
    row = table[table["chosen"]].iloc[0]
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
READ_FROM_TABLE = frozenset({"blind_gold", "worth_gold3"})
"""Questions whose answer students read from the lesson's exact table (shown above them)."""
check_answer = checker(quiz)


def memory_table(opponent: str = "perfect", seed: int | None = None) -> GameView:
    """Play it yourself: a locked Mount Goldrush table in **memory mode** (the cards you saw
    lie face down again: remember them), the class at seat 0 against ``opponent``, a
    memory bot (``"perfect"``, ``"forgetful:0.2"``, ``"limited:6"``, ...).  The seats are
    named as at lesson 1's table (:data:`~goldlab.lessons.board.NAMES`); the status line
    adds the bot: "Computer to move (perfect)"."""
    return lesson_table(seed, opponent, memory=True, names=NAMES)


def check(key: str, answer: Any) -> Feedback:
    """Check your answer to question ``key``: ``check("blind_gold", "2/9")``."""
    return check_answer(key, answer)


def ask(key: str, guess: Prediction | None = None) -> AnswerBox:
    """The answer box of question ``key`` (type, press Check, read what ``check`` says);
    with the ``guess`` of "Predict first", the feedback shows it too."""
    return answer_box(quiz, key, check, guess)


def after(key: str, content: Callable[[], Any], what: str = "the exact answer") -> After:
    """``content()`` once question ``key`` is answered (or shown with Show me)."""
    return answer.after(quiz, key, content, what)
