"""``check``, ``read_guess`` and ``Prediction`` on whatever a student types or a cell passes.

A lesson's ``check(key, value)`` answers every value with feedback, never a traceback: a
number too big for a float, a text of five thousand digits, an exponent nobody could
compute, NaN, None, a list, an object whose ``float()`` fails.  Hints see the number a
student typed, however it was written; a percentage is no answer to a question that
counts; and a guess typed as games out of 100 is read as games.
"""

from __future__ import annotations

import re
from fractions import Fraction
from numbers import Real
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from goldlab.lessons import first_player, flip_the_odds, memory, risk
from goldlab.lessons.answer import Prediction
from goldlab.lessons.check import NOT_A_CHANCE, Feedback, counted, near, read_guess

LESSONS = (flip_the_odds, first_player, memory, risk)
CHECKS = [(lesson, key) for lesson in LESSONS for key in lesson.quiz.keys()]  # noqa: SIM118


class FloatFails:
    """A number type of someone else's whose value cannot be read."""

    def __float__(self) -> float:
        raise RuntimeError("no value")

    def __index__(self) -> int:
        raise RuntimeError("no value")


class RealFails(FloatFails):
    """The same, registered as a real number, so ``check`` tries to read it."""


Real.register(RealFails)


class ReprFails:
    """An object that cannot even be shown."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")

    __str__ = __repr__


ABSURD: list[Any] = [
    "1e999", "-1e999", "1e-999", "9" * 5000, "9" * 101, "1e9999999", "1e99999999999999",
    "1/0", "0/0", "nan", "NaN%", "inf", "-inf", "Infinity", "-0", "+0.0%", "%", "%%", "e5",
    "1e", "٣/٨", "\uff13/\uff18", "3/8/2", "1_000", " 1 / 2 ", "\u22120.5", "x" * 1_000_000,
    " " * 5000 + "3/8", "\x00", "🎲", None, [], [1, 2], {}, {"a": 1}, (0.5,), {0.5},
    b"3/8", 1 + 2j, object(), FloatFails(), RealFails(), ReprFails(), 10**500, -(10**500),
    Fraction(10**500, 3), Fraction(1, 10**500), float("nan"), float("inf"), -0.0, 1e308,
    5e-324, True, print,
]


@pytest.mark.parametrize("value", ABSURD, ids=[f"absurd{i}" for i in range(len(ABSURD))])
def test_no_value_makes_any_question_raise(value: Any) -> None:
    for lesson, key in CHECKS:
        feedback = lesson.check(key, value)
        assert isinstance(feedback, Feedback) and str(feedback), (lesson.__name__, key)


def test_a_number_too_big_for_a_float_is_no_answer_not_an_overflow() -> None:
    for typed in ("1e999", "9" * 101, 10**500):
        feedback = flip_the_odds.check("misses", typed)
        assert not feedback and str(feedback).startswith("Not yet: give a number")
    assert str(flip_the_odds.check("first_gold", "9" * 5000)).endswith(
        "not '999999999999999999999999999999...'.")  # a long text is quoted by its start


def test_unicode_digits_a_typographic_minus_and_spaces_are_read() -> None:
    assert flip_the_odds.check("first_gold", "٣/٨")
    assert flip_the_odds.check("first_gold", "3\u00a0/\u00a08")  # non-breaking spaces
    assert near(-0.5)("\u22120.5")


texts = st.one_of(
    st.text(max_size=40),
    st.from_regex(r"\A\s?[-+]?\d{0,130}(\.\d{0,30})?(e[-+]?\d{1,6})?\s?%?\Z"),
    st.from_regex(r"\A[-+]?\d{1,120}/[-+]?\d{0,120}%?\Z"),
)
values = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), st.fractions(),
    st.complex_numbers(), st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.sampled_from([FloatFails(), RealFails(), ReprFails(), object(), ..., 10**400]),
)


@pytest.mark.slow  # 10,000 values, each checked against the 25 questions: about 30 s
@settings(max_examples=10_000, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(texts, texts, texts, values))
def test_check_answers_anything_with_feedback(value: Any) -> None:
    for lesson, key in CHECKS:
        feedback = lesson.check(key, value)
        assert isinstance(feedback, Feedback) and feedback.message.strip()


# --------------------------------------------------------------------------- hints


@pytest.mark.parametrize("typed", ["9/64", "14.06 %", "0.1406", 0.140625, Fraction(9, 64)])
def test_multiplying_without_taking_the_first_gold_away_gets_its_hint(typed: Any) -> None:
    assert "you multiplied 24/64 by 24/64" in str(flip_the_odds.check("both_gold", typed))


@pytest.mark.parametrize("typed", ["5%", "5 %", "0.05", "1/20", 0.05])
def test_the_chance_of_one_miss_gets_its_hint(typed: Any) -> None:
    assert "5% is the chance for one experiment" in str(flip_the_odds.check("misses", typed))


@pytest.mark.parametrize(("lesson", "key", "typed", "says"), [
    (flip_the_odds, "misses", "0", "some do miss"),
    (flip_the_odds, "four_times", "2", "twice the flips"),
    (flip_the_odds, "gold_after", "37.5 %", "before any card was seen"),
    (memory, "remembered_gold3", "3.0", "you only get the 3"),
    (first_player, "four_times", "0.25", "not 1/games"),
    (first_player, "p_value", "60 %", "the win rate, not the p-value"),
], ids=lambda v: v.__name__.rsplit(".", 1)[1] if isinstance(v, ModuleType) else str(v))
def test_a_typed_wrong_answer_gets_the_same_hint_as_the_number(
        lesson: ModuleType, key: str, typed: str, says: str) -> None:
    assert says in str(lesson.check(key, typed))


def test_a_broken_hint_is_skipped_and_a_non_number_never_reaches_a_hint() -> None:
    from goldlab.lessons import Question, Quiz

    seen: list[Any] = []

    def broken(given: Any) -> bool:
        seen.append(given)
        raise RuntimeError("bug in a hint")

    quiz = Quiz("t", [Question("q", "?", Fraction(1, 2), hints=((broken, "never"),))])
    assert str(quiz.check("q", "0.3")) == "Not yet: 0.3 is too low."
    quiz.check("q", "1e99999999999")
    quiz.check("q", "abc")
    assert seen == [0.3]


# --------------------------------------------------------------------------- percentages


def counting_questions() -> list[tuple[ModuleType, str]]:
    return [(lesson, key) for lesson, key in CHECKS
            if not lesson.quiz.question(key).probability]


@pytest.mark.parametrize(("lesson", "key"), counting_questions(),
                         ids=[f"{m.__name__.rsplit('.', 1)[1]}-{k}"
                              for m, k in counting_questions()])
def test_a_percentage_is_no_answer_to_a_question_that_counts(lesson: ModuleType,
                                                             key: str) -> None:
    question = lesson.quiz.question(key)
    hints = {f"Not yet: {message}" for _, message in question.hints}
    if isinstance(question.answer, bool):
        percentages = ["100%", "0 %", "50%"]
    else:
        exact = Fraction(str(question.answer)) if isinstance(question.answer, float) else \
            Fraction(question.answer)
        # the answer as a percentage at one decimal (right before this was fixed), and
        # the answer itself with a % sign
        percentages = [f"{float(exact * 100):.1f}%", f"{float(exact * 100):.1f} %",
                       f"{float(exact):g}%"]
    for typed in percentages:
        feedback = lesson.check(key, typed)
        assert not feedback.correct, typed
        if not isinstance(question.answer, bool):
            assert str(feedback) == NOT_A_CHANCE or str(feedback) in hints, str(feedback)


def test_a_percentage_still_answers_a_probability() -> None:
    assert flip_the_odds.check("first_gold", "37.5 %")
    assert "looks like a percentage" in str(flip_the_odds.check("first_gold", "37.5"))


# --------------------------------------------------------------------------- predictions


def test_read_guess_reads_a_percentage_as_one_and_refuses_the_absurd() -> None:
    assert read_guess("0.5%", "0.5") == 0.005  # was 0.5: a sign read and then forgotten
    assert read_guess("150 %", "0.5") == 1.5  # for the box to refuse, not 0.015
    assert read_guess("1", "30", out_of=100) == 0.01
    assert read_guess("55 %", "30", out_of=100) == 0.55
    for absurd in ("1e999", "9" * 5000, "nan", None, [1], FloatFails(), ReprFails()):
        assert isinstance(read_guess(absurd, "0.5"), str)


def saved(guess: Prediction, typed: str) -> Prediction:
    guess.text.value = typed
    guess.save()
    return guess


@pytest.mark.parametrize(("typed", "value", "described"), [
    ("1", 0.01, "1 game of 100"), ("55", 0.55, "55 games of 100"),
    ("0", 0.0, "0 games of 100"), ("100", 1.0, "100 games of 100"),
    ("30.5", 0.305, "30.5 games of 100"), ("55 %", 0.55, "55 games of 100"),
])
def test_a_prediction_out_of_100_games_reads_a_count(typed: str, value: float,
                                                     described: str) -> None:
    guess = saved(Prediction("30", out_of=100), typed)
    assert guess.value == pytest.approx(value) and guess.describe() == described
    assert "games of 100" in guess.text.placeholder


@pytest.mark.parametrize("typed", ["101", "-1", "1e999", "lots"])
def test_a_prediction_out_of_100_refuses_what_is_no_count(typed: str) -> None:
    guess = saved(Prediction("30", out_of=100), typed)
    assert guess.value is None and "b3261e" in guess.output.value


def test_a_chance_box_still_reads_55_as_55_percent() -> None:
    assert saved(Prediction("0.2"), "55").describe() == "55 %"
    assert saved(Prediction("0.2"), "0.3").describe() == "30 %"
    with pytest.raises(ValueError, match="out_of"):
        Prediction("30", out_of=0)


@pytest.mark.parametrize(("count", "text"), [
    (1, "1 game"), (0, "0 games"), (2, "2 games"), (1.0, "1 game"), (12_345, "12,345 games"),
    (0.5, "0.5 games")])
def test_one_game_is_singular(count: float, text: str) -> None:
    assert counted(count, "game") == text


def test_lesson_texts_count_games_and_wins_with_counted() -> None:
    """A count put before "games" or "wins" in a lesson's text says "1 games" one day (the
    first frame of an animation, a one-game run): every such count goes through counted."""
    import goldlab.lessons

    folder = Path(goldlab.lessons.__file__).parent
    plural_after_a_number = re.compile(r"\{[^{}]*\}\s+(games|wins)\b")
    found = [f"{path.name}:{number}: {line.strip()}"
             for path in sorted(folder.glob("*.py"))
             for number, line in enumerate(path.read_text().splitlines(), 1)
             if plural_after_a_number.search(line)]
    assert found == []
