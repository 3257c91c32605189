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
    ("p_value", 0.046, "that is the normal approximation; the question asks for the exact "
                       "binomial test (the calculator's first line)"),
    ("p_value", "0.0455", "normal approximation"),
    ("p_value", "4.6 %", "normal approximation"),
    ("p_value", "0.057", "Right"),
    ("significant_60", False, "one time in 17"),
    ("significant_60", True, "Not yet"),
    ("significant_60", True, "one-sided reading"),
    ("significant_60", "yes", "two-sided test of Q2"),
    ("significant_60", "False", "Right"),
    ("significant_60", "no", "Right"),
    ("significant_60", "perhaps", "True or False"),
    ("significant_600", True, "Right"),
    ("significant_600", True, "chance alone would almost never give this"),
    ("significant_600", False, "think again"),
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


# --------------------------------------------------------------------------- facts and gates


def notebook_text() -> str:
    """Every cell's source, markdown and code (comments included)."""
    import nbformat

    from goldlab.lessons.student import LESSONS

    notebook = nbformat.read(LESSONS / NOTEBOOK, as_version=4)
    return "\n".join(cell.source for cell in notebook.cells)


NUMBER_WORDS = {2: "two", 3: "three", 5: "five"}


def test_every_number_the_lesson_states_about_the_game_is_the_engines() -> None:
    import inspect

    from goldlab.games.gold.game import GoldGame
    from goldlab.games.gold.rules import OFFER_SIZE

    offer = len(GoldGame(2).new_state(seed=1).offer)
    assert offer == OFFER_SIZE
    text, module = notebook_text(), inspect.getsource(lesson)
    # (phrase, the number it states, the engine's number)
    stated = [
        (text, "take turns taking cards from an offer of five", 5, offer),
        (text, "In *Gold!* two players take turns", 2, GoldGame.min_players),
        (text, "Three equally good players", 3, GoldGame.max_players),
        (text, "15,000 games of three random players", 3,
         lesson.RUNS["random, 3 players"].players),
        (text, "**random vs random**: 20,000 games between two players", 2,
         lesson.RUNS["random vs random"].players),
        (module, "random bots, two and three players", 2, GoldGame.min_players),
        (module, "random bots, two and three players", 3, GoldGame.max_players),
    ]
    for where, phrase, number, engine in stated:
        assert phrase in where, phrase
        assert NUMBER_WORDS[number] in phrase.lower() or str(number) in phrase
        assert number == engine, phrase
    # The run sizes the prose gives are the runs the lesson plays.
    for label, run in lesson.RUNS.items():
        assert f"**{label}**: {run.games:,} games" in text
        assert GoldGame.min_players <= run.players <= GoldGame.max_players


def test_the_fair_share_for_three_is_not_shown_before_q1(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    fresh = lesson.make_quiz()
    monkeypatch.setattr(lesson, "quiz", fresh)
    third, half = Fraction(1, 3), Fraction(1, 2)
    assert lesson.fair_text(half) == "1/2 = 50.0%"  # given, not asked
    hidden = lesson.fair_text(third)
    assert "1/3" not in hidden and "33.3" not in hidden and "Q1" in hidden
    shown = lesson.after("fair_share", lambda: "the exact share", what="the fair share")
    assert not shown.is_open
    fresh.show_answer("fair_share")
    assert lesson.fair_text(third) == "1/3 = 33.3%" and shown.is_open


@pytest.mark.slow
def test_the_numbers_the_notes_quote_are_the_runs() -> None:
    """The teacher notes and the prose quote the lesson's runs (seed 2024): each number is
    what the runs give today."""
    runs = lesson.play_runs()
    text = notebook_text()
    two, three, greedy = (runs[k] for k in lesson.RUNS)

    def percent(x: float) -> str:
        return f"{100 * x:.1f} %"

    def clear_after(frame: pd.DataFrame) -> int:
        won = lesson.first_player_wins(frame)
        counts = np.arange(1, len(won) + 1)
        low, _ = proportion_ci(np.cumsum(won), counts)
        fair = float(lesson.fair_share(int(frame.players.iloc[0])))
        return int(counts[low <= fair][-1])  # the last count whose interval touches it

    r = lesson.seat_zero(two)
    assert f"first player {percent(r['win_rate'])} of {r['games']:,} games" in text
    assert f"(interval about {percent(r['ci_low'])} to {percent(r['ci_high'])}" in text
    assert f"p ≈ {r['p_value']:.5f}" in text
    assert f"leaves 1/2 for good after {clear_after(two):,} games" in text
    assert f"about {100 * (r['win_rate'] - 0.5):.1f} points" in text
    r3 = lesson.seat_zero(three)
    assert (f"{percent(r3['win_rate'])} of {r3['games']:,} against 1/3 (interval "
            f"{percent(r3['ci_low'])} to {percent(r3['ci_high'])}; clear of 1/3 after "
            f"{clear_after(three):,} games)") in text
    g100, g200, g400 = (lesson.seat_zero(greedy, n) for n in (100, 200, 400))
    assert (f"{100 * g100['win_rate']:.0f} % after 100 games, {percent(g200['win_rate'])} "
            f"after 200 (p = {g200['p_value']:.2f}), {percent(g400['win_rate'])} after 400 "
            f"(p = {g400['p_value']:.2f})") in text
    r1000 = lesson.seat_zero(two, 1_000)
    assert f"A p-value of {r1000['p_value']:.2f}" in text
    assert f"in about {100 * r1000['p_value']:.0f} % of runs of 1,000 games" in text
    # Shared victories: counted as a whole win for every winner (the engine's `won`).
    shared = {label: frame[frame.seat == 0] for label, frame in runs.items()}
    games = {label: int(frame.game.nunique()) for label, frame in runs.items()}
    assert (f"{int(shared['random vs random'].shared_win.sum())} of the "
            f"{games['random vs random']:,} random two-player games") in text
    first3 = shared["random, 3 players"]
    assert (f"{int(first3.shared_win.sum())} of the first player's "
            f"{int(first3.won.sum()):,} wins in the three-player run") in text
    assert f"{int(shared['greedy vs greedy'].shared_win.sum())} of the 400 greedy games" in text
    assert all((frame.won >= frame.shared_win).all() for frame in runs.values())


# --------------------------------------------------------------------------- the calculator


def test_the_calculator_gives_the_exact_test_then_the_normal_approximation() -> None:
    from goldlab.lessons import inference

    calc = lesson.p_value_calculator()
    for wins, games in ((60, 100), (30, 50), (0, 1), (7, 7), (3, 10), (515, 1000)):
        calc.games.value = games
        calc.wins.value = wins
        exact = inference.binomial_test(wins, games)
        normal = inference.normal_approximation(wins, games)
        assert calc.lines == lesson.p_value_lines(wins, games)
        first, second = calc.lines
        assert first.startswith("Exact binomial test (two-sided, against 1/2): p = ")
        assert second.startswith("Normal approximation (bell curve, z = ")
        assert float(first.rpartition(" ")[2]) == pytest.approx(exact, abs=5e-5)
        assert float(second.rpartition(" ")[2]) == pytest.approx(normal.pvalue, abs=5e-5)
        assert f"z = {normal.statistic:.2f}" in second
        assert first in calc.output.value.replace("&#x27;", "'")
    # Q2's counts give Q2's answer on the first line, and the hint's value on the second.
    first, second = lesson.p_value_lines(60, 100)
    assert float(first.rpartition(" ")[2]) == pytest.approx(exact_two_sided(60, 100), abs=5e-5)
    assert not lesson.check("p_value", second.rpartition(" ")[2])
    assert "normal approximation" in str(lesson.check("p_value", second.rpartition(" ")[2]))
    assert lesson.p_value_lines(10_300, 20_000)[0].endswith("p below 0.0001")


def test_the_calculator_does_not_start_at_a_questions_counts() -> None:
    calc = lesson.p_value_calculator()
    assert (calc.wins.value, calc.games.value) == lesson.CALCULATOR_START != (60, 100)
    shown = [float(line.rpartition(" ")[2]) for line in calc.lines]
    for key in lesson.quiz.keys():  # noqa: SIM118  (a Quiz is no dict)
        answer = lesson.quiz.question(key).answer
        if isinstance(answer, bool):
            continue
        assert all(abs(value - float(answer)) > 0.01 for value in shown), key


@pytest.mark.parametrize(("wins", "games", "says"), [
    (80, 50, "Wins must be from 0 to the number of games (50), not 80."),
    (-1, 10, "Wins must be from 0"),
    (1, 0, "Games must be from 1 to 100,000, not 0."),
    (1, 10**9, "Games must be from 1"),
    ("ten", 10, "whole number"),
    (1.5, 10, "whole number"),
    (True, 10, "whole number"),
    (None, None, "whole number"),
    (3, "", "whole number"),
])
def test_the_calculator_refuses_bad_counts_with_a_message(wins: object, games: object,
                                                          says: str) -> None:
    lines = lesson.p_value_lines(wins, games)
    assert len(lines) == 1 and says in lines[0]


def test_the_calculators_boxes_clamp_and_say_what_is_wrong() -> None:
    calc = lesson.p_value_calculator()
    calc.games.value = 10**9  # clamped to the most games, never an error
    assert calc.games.value == lesson.CALCULATOR_MAX
    calc.games.value = -4
    assert calc.games.value == 1
    calc.wins.value = -4
    assert calc.wins.value == 0
    calc.games.value = 20
    calc.wins.value = 25  # more wins than games: a message in red, no p-value
    assert calc.lines == ["Wins must be from 0 to the number of games (20), not 25."]
    assert "#b3261e" in calc.output.value and "p =" not in calc.output.value
    calc.wins.value = 12
    assert len(calc.lines) == 2 and "#b3261e" not in calc.output.value
    assert "application/vnd.jupyter.widget-view+json" in calc._repr_mimebundle_()


def test_the_calculator_needs_no_scipy() -> None:
    import subprocess
    import sys

    code = ("import sys; sys.modules['scipy'] = None\n"
            "from goldlab.lessons import inference\n"
            "from goldlab.lessons.first_player import p_value_lines\n"
            "print(p_value_lines(60, 100)[0])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip().endswith("p = 0.0569")
