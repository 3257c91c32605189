"""``check`` in every lesson: right at the precision students give, feedback a student reads."""

from __future__ import annotations

import importlib
import pkgutil
from decimal import ROUND_HALF_DOWN, ROUND_HALF_UP, Decimal
from fractions import Fraction
from types import ModuleType
from typing import Any

import pytest

import goldlab.lessons
from goldlab.lessons import Question, Quiz, near, show


def lesson_modules() -> list[ModuleType]:
    """Every lesson module: the modules of goldlab.lessons that have a quiz."""
    found = []
    for info in pkgutil.iter_modules(goldlab.lessons.__path__):
        module = importlib.import_module(f"goldlab.lessons.{info.name}")
        if isinstance(getattr(module, "quiz", None), Quiz):
            found.append(module)
    return found


QUESTIONS = [(m, key) for m in lesson_modules() for key in m.quiz.keys()]  # noqa: SIM118 (a Quiz)


def test_all_four_lessons_are_found() -> None:
    assert len(lesson_modules()) == 4 and len(QUESTIONS) >= 20


def forms(answer: Any, probability: bool = True) -> list[Any]:
    """A correct answer as students write it: a fraction, two decimals (rounded either
    way at a half), a percentage at one decimal (for a probability only: a count is no
    percentage), and the same as numbers."""
    if isinstance(answer, bool):
        return [answer, str(answer), str(answer).lower()]
    exact = Fraction(answer) if isinstance(answer, Fraction | int) else Fraction(str(answer))
    value = Decimal(exact.numerator) / Decimal(exact.denominator)
    two = {str(value.quantize(Decimal("0.01"), rounding=r))
           for r in (ROUND_HALF_UP, ROUND_HALF_DOWN)}
    percent = str((100 * value).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))
    written = [f"{exact.numerator}/{exact.denominator}", exact, *two, *map(float, two)]
    return [*written, f"{percent}%", f"{percent} %"] if probability else written


@pytest.mark.parametrize(("module", "key"), QUESTIONS,
                         ids=[f"{m.__name__.rsplit('.', 1)[1]}-{k}" for m, k in QUESTIONS])
def test_every_question_is_right_at_two_decimals_as_percent_and_fraction(
        module: ModuleType, key: str) -> None:
    question = module.quiz.question(key)
    for given in forms(question.answer, question.probability):
        feedback = module.check(key, given)
        assert feedback.correct, (given, str(feedback))
        assert str(feedback).startswith("Right")
        assert "Fraction(" not in str(feedback) and "{" not in str(feedback)


def test_two_decimals_no_longer_refused_nor_misdiagnosed() -> None:
    from goldlab.lessons import flip_the_odds

    assert flip_the_odds.check("first_gold", 0.38)
    both = flip_the_odds.check("both_gold", 0.14)  # near 24/64 x 24/64 = 0.1406 too
    assert both and "multiplied" not in str(both)
    # a wrong answer still gets its hint
    assert "multiplied" in str(flip_the_odds.check("both_gold", "9/64"))


def test_tolerance_is_inclusive_and_exact() -> None:
    quiz = Quiz("t", [Question("q", "?", Fraction(3, 8))])
    assert quiz.check("q", "0.38") and quiz.check("q", "0.37")  # exactly 0.005 away
    assert not quiz.check("q", "0.3801")


def test_hints_come_after_the_right_answer() -> None:
    quiz = Quiz("t", [Question("q", "?", Fraction(1, 3), hints=((near(0.33), "hint"),))])
    assert quiz.check("q", "0.33").correct
    assert str(quiz.check("q", "0.2")) == "Not yet: 0.2 is too low."
    quiz = Quiz("t", [Question("q", "?", Fraction(1, 3), hints=((near(0.3), "hint"),))])
    assert str(quiz.check("q", "0.3")) == "Not yet: hint"


def test_feedback_is_text_a_student_reads() -> None:
    from goldlab.lessons import first_player, flip_the_odds, risk

    assert str(flip_the_odds.check("first_gold", "3/8")).startswith(
        "Right: 3/8 = 0.375 (37.5 %).")
    assert str(first_player.check("p_value", "0.06")) == "Right: 0.0569 (5.69 %)."
    assert str(risk.check("any_donkey", "1601/2380")) == "Right: 0.673 (67.3 %)."
    assert str(first_player.check("significant_600", "true")).startswith("Right: True.")
    assert show(Fraction(149, 252)) == "149/252 ≈ 0.591"
    assert show(9604) == "9604" and show(Fraction(1, 2), percent=True) == "1/2 = 0.5 (50 %)"


@pytest.mark.parametrize("garbage", ["", "abc", "1/0", "nan", float("nan"), None, [1], "3/8/2"])
def test_garbage_gets_a_clear_message(garbage: Any) -> None:
    from goldlab.lessons import first_player, flip_the_odds

    for feedback in (flip_the_odds.check("first_gold", garbage),
                     first_player.check("significant_60", garbage)):
        assert not feedback.correct and str(feedback).startswith("Not yet")


def test_numpy_numbers_are_read_like_floats() -> None:
    import numpy as np

    from goldlab.lessons import first_player, flip_the_odds

    assert flip_the_odds.check("first_gold", np.float64(0.375))
    assert flip_the_odds.check("first_gold", np.float64(0.38))
    assert first_player.check("fair_share", np.int64(0)).correct is False
    assert first_player.check("games_needed", np.int64(9604))
