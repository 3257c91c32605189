"""Lesson 2, *Is the first player lucky?*: quiz answers, feedback, simulation, notebook."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import product

import numpy as np
import pandas as pd
import pytest
from notebook_runner import run_lesson

from goldlab.analysis.stats import proportion_ci
from goldlab.lessons import first_player as lesson

NOTEBOOK = "2-is-the-first-player-lucky.ipynb"


def exact_two_sided(wins: int, games: int) -> float:
    """The two-sided binomial p-value against 1/2, by summing the binomial coefficients."""
    observed = math.comb(games, wins)
    favourable = sum(math.comb(games, k) for k in range(games + 1)
                     if math.comb(games, k) <= observed)
    return favourable / 2**games


# --------------------------------------------------------------------------- quiz answers


def test_fair_share_is_one_over_the_players() -> None:
    assert lesson.quiz.question("fair_share").answer == Fraction(1, 3)
    # By counting: of 3 equally likely winners, one is seat 0.
    assert Fraction(sum(w == 0 for w in range(3)), 3) == lesson.fair_share(3)


def test_p_values_equal_a_count_of_binomial_cases() -> None:
    assert lesson.quiz.question("p_value").answer == pytest.approx(exact_two_sided(60, 100))
    assert lesson.quiz.question("significant_60").answer is (exact_two_sided(60, 100) < 0.05)
    assert lesson.quiz.question("significant_600").answer is (
        exact_two_sided(600, 1000) < 0.05)
    # Small n, by listing every sequence of games: 8 wins of 10.
    extreme = sum(1 for seq in product((0, 1), repeat=10) if abs(sum(seq) - 5) >= 3)
    assert lesson.p_value(8, 10, Fraction(1, 2)) == pytest.approx(extreme / 2**10)


def test_games_needed_and_interval_width() -> None:
    assert lesson.quiz.question("games_needed").answer == 9604
    assert lesson.games_needed(0.02) == 2401
    low, high = lesson.wilson(5000, 10_000)
    low4, high4 = lesson.wilson(20_000, 40_000)
    assert (high4 - low4) / (high - low) == pytest.approx(0.5, abs=1e-3)
    assert lesson.quiz.question("four_times").answer == Fraction(1, 2)


def test_wilson_matches_statsmodels() -> None:
    from goldlab.analysis import proportion_ci

    for wins, games in ((0, 10), (3, 10), (515, 1000), (10, 10)):
        low, high = proportion_ci([wins], [games])
        assert lesson.wilson(wins, games) == pytest.approx((low[0], high[0]), abs=1e-9)


# --------------------------------------------------------------------------- feedback


@pytest.mark.parametrize(("key", "answer", "says"), [
    ("fair_share", "1/3", "Right"),
    ("fair_share", Fraction(1, 3), "Right"),
    ("fair_share", 0.333, "Right"),
    ("fair_share", 33.3, "percentage"),
    ("fair_share", 0.5, "two players"),
    ("fair_share", 3, "upside down"),
    ("p_value", 0.0569, "Right"),
    ("p_value", 0.0284, "one-sided"),
    ("p_value", 0.6, "win rate"),
    ("p_value", 5.69, "percentage"),
    ("significant_60", False, "one time in 17"),
    ("significant_60", True, "Not yet"),
    ("significant_60", "no", "Right"),
    ("significant_60", "perhaps", "True or False"),
    ("significant_600", True, "Right"),
    ("games_needed", 9604, "Right"),
    ("games_needed", 9600, "Right"),
    ("games_needed", 2401, "+-2 points"),
    ("games_needed", 98, "square"),
    ("games_needed", 1000, "too low"),
    ("four_times", "1/2", "Right"),
    ("four_times", 0.25, "1/sqrt"),
    ("four_times", 2, "narrower"),
])
def test_check_gives_helpful_feedback(key: str, answer: object, says: str) -> None:
    feedback = lesson.check(key, answer)
    assert says in str(feedback)
    assert bool(feedback) == str(feedback).startswith("Right")


@pytest.mark.parametrize("key", lesson.quiz.keys())
def test_a_placeholder_asks_instead_of_raising(key: str) -> None:
    feedback = lesson.check(key, ...)
    assert not feedback and "Replace ... with your answer" in str(feedback)
    assert "gl-feedback" in feedback._repr_html_()


# --------------------------------------------------------------------------- simulation


@pytest.fixture(scope="module")
def runs() -> dict[str, pd.DataFrame]:
    small = {"random vs random": lesson.Run("random", 2, 600),
             "random, 3 players": lesson.Run("random", 3, 300),
             "greedy vs greedy": lesson.Run("greedy", 2, 20)}
    return lesson.play_runs(small, seed=5)


def test_runs_are_deterministic_for_a_seed(runs: dict[str, pd.DataFrame]) -> None:
    again = lesson.play_runs({"random vs random": lesson.Run("random", 2, 600)}, seed=5)
    assert again["random vs random"].equals(runs["random vs random"])
    other = lesson.play_runs({"random vs random": lesson.Run("random", 2, 600)}, seed=6)
    assert not other["random vs random"].equals(runs["random vs random"])


def test_seat_zero_counts_the_first_players_wins(runs: dict[str, pd.DataFrame]) -> None:
    frame = runs["random vs random"]
    first = frame[frame.seat == 0].sort_values("game")
    record = lesson.seat_zero(frame, 100)
    assert record["wins"] == int(first.won.iloc[:100].sum())
    assert record["games"] == 100 and record["fair"] == Fraction(1, 2)
    assert record["ci_low"] < record["win_rate"] < record["ci_high"]
    assert lesson.seat_zero(runs["random, 3 players"])["fair"] == Fraction(1, 3)
    assert lesson.steps_for(frame) == [10, 20, 50, 100, 200, 400, 600]


def test_funnel_and_null_tables(runs: dict[str, pd.DataFrame]) -> None:
    frame = runs["random vs random"]
    funnel = lesson.funnel_table(frame, 400)
    assert funnel.games.iloc[0] == 10 and funnel.games.iloc[-1] == 400
    width = funnel.ci_high - funnel.ci_low
    assert width.iloc[-1] < width.iloc[0]
    won = lesson.first_player_wins(frame)
    for row in funnel.itertuples():  # every row is Wilson's interval of analysis, and wilson's
        wins = int(won[: row.games].sum())
        low, high = proportion_ci(wins, row.games)
        assert (row.ci_low, row.ci_high) == pytest.approx((low, high), abs=1e-12)
        assert (row.ci_low, row.ci_high) == pytest.approx(lesson.wilson(wins, row.games),
                                                          abs=1e-12)
        assert row.win_rate == wins / row.games
    null = lesson.null_table(100, Fraction(1, 2), 60)
    share = null.loc[null.as_unusual != "less", "chance"].sum()
    assert share == pytest.approx(exact_two_sided(60, 100), abs=1e-6)  # the p-value's cases
    assert lesson.your_guess(..., frame).startswith("You have not")
    assert "95 % interval" in lesson.your_guess("55%", frame)


def test_charts_render_offline(runs: dict[str, pd.DataFrame]) -> None:
    from goldlab.analysis.charts import to_svg

    for frame in runs.values():
        assert to_svg(lesson.lesson_chart(frame, 20)).startswith("<svg")


def test_explorer_redraws_quickly(runs: dict[str, pd.DataFrame]) -> None:
    big = lesson.play_runs({"20,000 games": lesson.Run("random", 2, 20_000)}, seed=2024)
    live = lesson.explorer({**big, "greedy vs greedy": runs["greedy vs greedy"]}, start=100)
    slider, bots = live.controls["games"], live.controls["bots"]
    for value in slider.options:
        slider.value = value
    bots.value = "greedy vs greedy"
    assert slider.value == 20  # the run has 20 games: the slider moved to the closest count
    bots.value = "20,000 games"
    assert slider.value == 20
    times = np.array(live.times)
    print(f"\nlesson 2 redraws: {len(times)}, median {np.median(times) * 1000:.0f} ms, "
          f"max {times.max() * 1000:.0f} ms")
    # One redraw per change: each slider step, and each choice of bots (not three).
    assert len(times) == len(lesson.steps_for(big["20,000 games"])) + 2


# --------------------------------------------------------------------------- the notebook


@pytest.mark.slow
def test_the_teacher_notebook_runs_and_every_answer_is_right() -> None:
    # (its student version: tests/lessons/test_lessons_student.py)
    text = run_lesson(NOTEBOOK, "teacher")
    assert text.count("Right") >= len(lesson.quiz.keys())


def test_summary_says_edge_handicap_or_not_yet() -> None:
    def frame(wins: int, games: int) -> pd.DataFrame:
        won = [True] * wins + [False] * (games - wins)
        rows = [{"game": g, "seat": s, "players": 2, "won": won[g] if s == 0 else not won[g]}
                for g in range(games) for s in (0, 1)]
        return pd.DataFrame(rows)

    assert "an edge" in lesson.summary(frame(80, 100), 100)
    assert "a handicap" in lesson.summary(frame(20, 100), 100)
    assert "no proof of an edge" in lesson.summary(frame(52, 100), 100)
