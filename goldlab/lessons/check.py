"""``check(...)``: a student's answer against the exact one, with feedback that teaches.

A :class:`Question` holds the exact answer (a Fraction where one exists), how close a
decimal must be, and optional hints for answers a class is known to give.  A
:class:`Quiz` is one lesson's questions; ``quiz.check(key, answer)`` returns a
:class:`Feedback`, which is true when the answer is right and shows itself as a coloured
box in Jupyter.  Nothing here imports a notebook library.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from html import escape
from numbers import Real
from typing import Any

Hint = tuple[Callable[[Any], bool], str]
"""A test on the given answer and the message shown when it matches."""


@dataclass(frozen=True)
class Question:
    """One question with its exact answer.

    ``answer`` is a number (Fraction, int or float), a bool or a text; a number given as
    a decimal counts as right within ``tolerance`` (default: 0.005, so two decimals do).
    ``probability`` questions also recognise percentages, the opposite event and
    fractions turned upside down.  ``hints`` come first: ``(test, message)`` pairs for
    answers worth a specific word.
    """

    key: str
    prompt: str
    answer: Any
    tolerance: float = 0.005
    probability: bool = True
    hints: tuple[Hint, ...] = ()
    explanation: str = ""


@dataclass(frozen=True)
class Feedback:
    """What ``check`` says about one answer: right or not, and why."""

    question: Question
    given: Any
    correct: bool
    message: str

    def __bool__(self) -> bool:
        return self.correct

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"Feedback({self.question.key!r}, correct={self.correct}, {self.message!r})"

    def _repr_html_(self) -> str:
        colour = "#1b7f3b" if self.correct else "#b3261e"
        mark = "&#10004;" if self.correct else "&#10008;"
        return (
            f'<div class="gl-feedback" role="status" style="border-left:5px solid {colour};'
            "padding:6px 10px;margin:4px 0;background:var(--jp-layout-color2,#f4f4f4);"
            f'color:var(--jp-ui-font-color1,#1f1f1f)"><b style="color:{colour}">{mark}</b> '
            f"{escape(self.message)}</div>"
        )


@dataclass
class Quiz:
    """The questions of one lesson, checked by key."""

    lesson: str
    questions: Iterable[Question]
    _by_key: dict[str, Question] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._by_key = {}
        for q in self.questions:
            if q.key in self._by_key:
                raise ValueError(f"two questions are called {q.key!r} in {self.lesson}")
            self._by_key[q.key] = q

    def keys(self) -> list[str]:
        """The questions' keys, in order."""
        return list(self._by_key)

    def question(self, key: str) -> Question:
        """The question called ``key``."""
        try:
            return self._by_key[key]
        except KeyError:
            known = ", ".join(repr(k) for k in self._by_key)
            message = f"{self.lesson} has no question {key!r}; its questions: {known}"
            raise KeyError(message) from None

    def check(self, key: str, answer: Any) -> Feedback:
        """Check ``answer`` to question ``key`` and say what is right or what to look at;
        the placeholder ``...`` (not answered yet) repeats the question."""
        question = self.question(key)
        if answer is Ellipsis:
            return Feedback(question, answer, False, f"Not yet answered. {question.prompt} "
                                                     "Replace ... with your answer.")
        return _judge(question, answer)


def near(value: float, tolerance: float = 0.005) -> Callable[[Any], bool]:
    """A hint test: the answer is a number within ``tolerance`` of ``value``.

    >>> near(0.5)("0.502"), near(0.5)(0.6), near(0.5)(...)
    (True, False, False)
    """

    def test(given: Any) -> bool:
        if isinstance(given, bool) or given is Ellipsis:
            return False
        number = float(Fraction(given.strip()) if isinstance(given, str) else given)
        return abs(number - value) <= tolerance

    return test


def read_guess(guess: Any, example: str) -> float | str:
    """A student's guess of a chance as a number (a percentage such as ``"55%"`` or ``55``
    divided by 100), or the message to show when there is none yet or it is no number.

    >>> read_guess("55%", "0.5"), read_guess(0.4, "0.5")
    (0.55, 0.4)
    >>> read_guess("a lot", "0.5")
    "Write your guess as a number such as 0.5, not 'a lot'."
    """
    if guess is Ellipsis or guess is None:
        return "You have not written a guess yet: go back to 'Predict first' and replace ..."
    try:
        value = float(Fraction(guess.strip().rstrip("%")) if isinstance(guess, str) else guess)
    except (TypeError, ValueError, ZeroDivisionError):
        return f"Write your guess as a number such as {example}, not {guess!r}."
    return value / 100 if value > 1 else value  # above 1: a percentage


# --------------------------------------------------------------------------- judging


def _number(value: Any) -> Fraction | None:
    """A number from an int, float, Fraction or text such as "3/7", "0.43" or "43%"."""
    if isinstance(value, bool):
        return None
    if isinstance(value, Fraction | int):
        return Fraction(value)
    if isinstance(value, Real):
        return Fraction(float(value)).limit_denominator(10**9)
    if isinstance(value, str):
        text = value.strip().replace(" ", "")
        percent = text.endswith("%")
        try:
            number = Fraction(text.rstrip("%"))
        except (ValueError, ZeroDivisionError):
            return None
        return number / 100 if percent else number
    return None


def _show(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator} ({float(x):.3f})" if x.denominator != 1 else str(x)


def _close(a: Fraction, b: Fraction, tolerance: float) -> bool:
    return abs(float(a) - float(b)) <= tolerance


def _judge(question: Question, given: Any) -> Feedback:
    def say(correct: bool, message: str) -> Feedback:
        if not correct and not message.startswith("Not yet"):
            message = f"Not yet: {message}"
        if correct and question.explanation:
            message = f"{message} {question.explanation}"
        return Feedback(question, given, correct, message)

    for test, message in question.hints:
        try:
            matched = test(given)
        except (TypeError, ValueError, ZeroDivisionError):
            matched = False
        if matched:
            return say(False, message)
    answer = question.answer
    if isinstance(answer, bool):
        if isinstance(given, bool):
            return say(given == answer, "Right." if given == answer else "Not yet: think again.")
        return say(False, "Not yet: answer True or False.")
    if isinstance(answer, str):
        ok = isinstance(given, str) and given.strip().lower() == answer.strip().lower()
        return say(ok, f"Right: {answer}." if ok else "Not yet: compare your answer with the text.")
    exact = _number(answer)
    if exact is None:
        raise TypeError(f"question {question.key!r} has an answer goldlab cannot compare")
    number = _number(given)
    if number is None:
        return say(False, "Not yet: give a number, e.g. 3/7 or 0.43.")
    if number == exact or _close(number, exact, question.tolerance):
        return say(True, f"Right: {_show(exact)}.")
    if question.probability:
        if number > 1 and _close(number / 100, exact, question.tolerance):
            return say(False, f"{_float(given)} looks like a percentage. Give a probability as "
                              f"a number between 0 and 1 ({_float(given)} % is "
                              f"{float(number) / 100:.3g}).")
        if number and _close(1 / number, exact, question.tolerance):
            return say(False, "your fraction is upside down: favourable cases on top, "
                              "all cases below.")
        if number < 0 or number > 1:
            return say(False, "a probability lies between 0 and 1.")
        if _close(number, 1 - exact, question.tolerance):
            return say(False, "that is the chance of the opposite event (1 minus the answer).")
    if _close(number, exact, 10 * question.tolerance):
        return say(False, "close: check your rounding, or work with fractions.")
    direction = "too high" if number > exact else "too low"
    return say(False, f"{_float(given)} is {direction}.")


def _float(value: Any) -> str:
    number = _number(value)
    return f"{float(number):.4g}" if number is not None else str(value)
