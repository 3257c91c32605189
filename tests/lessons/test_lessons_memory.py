"""Lesson 3, What is memory worth?: exact values against independent counts, notebooks."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pandas as pd
import pytest
from notebook_runner import run_lesson

from goldlab.games.goldrush.cards import ALL_CARDS, DECK
from goldlab.lessons import memory as lesson

NOTEBOOK = "3-what-is-memory-worth.ipynb"
MINE = {"green", "blue", "red", "violet"}  # seat 0's colour and nobody's colours (2 players)


def table() -> list[tuple[str, str | None, int]]:
    """The 64 cards as (kind, colour, value), from the card counts."""
    return [(c.kind, c.colour, c.value) for c, n in zip(ALL_CARDS, DECK, strict=True)
            for _ in range(n)]


def my_gold(a: tuple[str, str | None, int], b: tuple[str, str | None, int]) -> int:
    """Gold the flipper (seat 0) gets from a pair, by the rulebook, written out again."""
    kinds = {a[0], b[0]}
    if kinds != {"gold", "digger"}:
        return 0
    gold, dig = (a, b) if a[0] == "gold" else (b, a)
    return gold[2] if dig[2] >= gold[2] and dig[1] in MINE else 0


def test_expected_gold_equals_independent_counts() -> None:
    cards = table()
    pairs = list(itertools.permutations(range(64), 2))
    blind = Fraction(sum(my_gold(cards[a], cards[b]) for a, b in pairs), len(pairs))
    assert lesson.expected_gold() == blind == lesson.quiz.question("blind_gold").answer
    for name, value in (("gold:3", 3), ("gold:1", 1), ("violet:5", None)):
        first = next(i for i, c in enumerate(cards)
                     if f"{c[1] or c[0]}:{c[2]}" == name)
        rest = [c for i, c in enumerate(cards) if i != first]
        exact = Fraction(sum(my_gold(cards[first], c) for c in rest), 63)
        assert lesson.expected_gold(name) == exact
        if value == 3:
            assert lesson.quiz.question("remembered_gold3").answer == exact == Fraction(20, 21)
            assert lesson.quiz.question("worth_gold3").answer == exact - blind
    assert lesson.expected_gold(("gold:4", "violet:5")) == 4
    assert lesson.expected_gold(("gold:4", "orange:5")) == 0  # the opponent's digger


@pytest.mark.parametrize(("key", "answer", "right", "words"), [
    ("blind_gold", "149/252", True, "Right"),
    ("blind_gold", 0.59, True, "Right"),
    ("blind_gold", 0.8, False, "too high"),
    ("remembered_gold3", 3, False, "20 of the other 63"),
    ("remembered_gold3", "25/21", False, "orange"),
    ("remembered_gold3", "20/21", True, "Right"),
    ("worth_gold3", "20/21", False, "subtract"),
    ("worth_gold3", "13/36", True, "Right"),
    ("fair_p0", 50, False, "percentage"),
    ("fair_p0", 0.5, True, "symmetry"),
    ("swap_seats", True, True, "cancels"),
    ("swap_seats", "perhaps", False, "True or False"),
    ("swap_seats", ..., False, "replace ..."),
])
def test_check_gives_helpful_feedback(key: str, answer: object, right: bool,
                                      words: str) -> None:
    feedback = lesson.check(key, answer)
    assert bool(feedback) is right
    assert words in str(feedback)


def test_grid_is_deterministic_and_fair_at_zero() -> None:
    a = lesson.play_grid((0.0, 0.3), games=4, seed=11)
    pd.testing.assert_frame_equal(a, lesson.play_grid((0.0, 0.3), games=4, seed=11))
    assert len(a) == 2 * 2 * 4 and set(a["forgetful_seat"]) == {0, 1}
    curve = lesson.win_curve(a).set_index("p")
    # forgetful:0 plays like perfect, and each deal is played with both seatings.
    assert curve.at[0.0, "win_rate"] == 0.5
    assert (curve["low"] <= curve["win_rate"]).all() and (curve["win_rate"] <= curve["high"]).all()
    one_seat = lesson.win_curve(a, 0)
    assert one_seat["games"].tolist() == [4, 4]


def test_simulated_turns_agree_with_exact() -> None:
    for memory in ((), ("gold:3",), ("gold:4", "violet:5")):
        result = lesson.simulate_turns(memory, trials=1500, seed=2)
        assert result == lesson.simulate_turns(memory, trials=1500, seed=2)
        _mean, low, high = result
        assert low - 1e-9 <= lesson.expected_gold(memory) <= high + 1e-9


def test_controls_redraw_fast() -> None:
    grid = lesson.play_grid(games=4)
    curve = lesson.curve_explorer(grid)
    for p in sorted(set(grid["p"])):
        curve.controls["p"].value = p
    for seats in lesson.SEATS:
        curve.controls["seats"].value = seats
    info = lesson.information_explorer()
    for memory in lesson.MEMORIES:
        info.controls["memory"].value = memory
    for name, explorer in (("forgetting/seats", curve), ("memory", info)):
        times = explorer.times
        print(f"redraw {name}: max {max(times):.3f} s, mean {sum(times) / len(times):.3f} s "
              f"over {len(times)} changes")


@pytest.mark.slow
def test_the_teacher_notebook_runs_and_every_answer_is_right() -> None:
    # (its student version: tests/lessons/test_lessons_student.py)
    text = run_lesson(NOTEBOOK, "teacher")
    assert text.count("Right") >= len(lesson.quiz.keys())
