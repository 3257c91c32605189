"""``check(...)``: a student's answer against the exact one, with feedback that teaches.

A :class:`Question` holds the exact answer (a Fraction where one exists), how close a
decimal must be, and optional hints for answers a class is known to give.  A
:class:`Quiz` is one lesson's questions; ``quiz.check(key, answer)`` returns a
:class:`Feedback`, which is true when the answer is right and shows itself as a coloured
box in Jupyter.  Nothing here imports a notebook library.
"""

from __future__ import annotations

import math
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
    a decimal or a percentage ("37.5 %") counts as right within ``tolerance``, the end
    included (default: 0.005, so two decimals do), if it also agrees with the exact answer
    to its own last digit: 0.14 is right for 23/168 = 0.1369, but 0.1406 and 9/64 are not.
    ``approximate`` questions ("about how many games?") take anything within ``tolerance``.
    ``probability`` questions also recognise a percentage without its sign, the opposite
    event and fractions turned upside down.  ``hints``, ``(test, message)`` pairs for wrong
    answers worth a specific word, are tried only once the answer is not right.
    """

    key: str
    prompt: str
    answer: Any
    tolerance: float = 0.005
    probability: bool = True
    hints: tuple[Hint, ...] = ()
    explanation: str = ""
    approximate: bool = False


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
        if not math.isfinite(float(value)):
            return None
        return Fraction(repr(float(value)))  # the decimal Python shows: 0.38 is 19/50
    if isinstance(value, str):
        text = value.strip().replace(" ", "")
        percent = text.endswith("%")
        try:
            number = Fraction(text.rstrip("%"))
        except (ValueError, ZeroDivisionError):
            return None
        return number / 100 if percent else number
    return None


def show(value: Any, percent: bool = False) -> str:
    """A number as a student reads it: a small fraction with its decimal, a big one (or a
    float) as a decimal only, and with ``percent`` the percentage too.

    >>> show(Fraction(3, 8), percent=True)
    '3/8 = 0.375 (37.5 %)'
    >>> show(Fraction(35579961, 625439504), percent=True)
    '0.0569 (5.69 %)'
    >>> show(Fraction(149, 252)), show(4), show(True)
    ('149/252 ≈ 0.591', '4', 'True')
    """
    if isinstance(value, bool) or not isinstance(value, Real | Fraction):
        return str(value)
    x = Fraction(value) if isinstance(value, Fraction | int) else Fraction(float(value))
    if x.denominator == 1:
        text = f"{x.numerator:,}" if abs(x.numerator) >= 10_000 else str(x.numerator)
        return f"{text} ({float(x) * 100:g} %)" if percent and x in (0, 1) else text
    decimal = _decimal(x)
    rounded = Fraction(decimal) != x
    if isinstance(value, Fraction | int) and x.denominator <= 1000:
        text = f"{x.numerator}/{x.denominator} {'≈' if rounded else '='} {decimal}"
    else:
        text = decimal
    return f"{text} ({_decimal(x * 100)} %)" if percent else text


def _decimal(x: Fraction) -> str:
    """Three significant digits (all the digits of a whole number), trailing zeros cut:
    0.375, 0.137, 0.0569, 13.7, 9604."""
    size = abs(float(x))
    places = 0 if size >= 100 else max(0, 2 - math.floor(math.log10(size))) if size else 0
    text = f"{float(x):.{places}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text if text != "-0" else "0"


def _quoted(value: Any) -> str:
    return repr(value) if isinstance(value, str) else "that"


def _half_unit(given: Any) -> Fraction:
    """Half a unit of the last digit a student gave: 0.005 for "0.38" or 0.38, 0.0005 for
    "13.7 %", 0.5 for "4", nothing for a fraction (3/8 or Fraction(3, 8) is exact)."""
    if isinstance(given, Fraction) or (isinstance(given, str) and "/" in given):
        return Fraction(0)
    if isinstance(given, int):
        return Fraction(1, 2)
    text = (given if isinstance(given, str) else repr(float(given))).strip().replace(" ", "")
    percent = text.endswith("%")
    text = text.rstrip("%").lower()
    mantissa, _, exponent = text.partition("e")
    places = len(mantissa.partition(".")[2]) - int(exponent or 0) + (2 if percent else 0)
    return Fraction(1, 2) / Fraction(10) ** places


def _truth(value: Any) -> bool | None:
    """True or False from a bool or a text a student typed ("true", "False", "yes", "no")."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        return {"true": True, "yes": True, "false": False, "no": False}.get(
            value.strip().lower().rstrip("."))
    return None


def _close(a: Fraction, b: Fraction, tolerance: float) -> bool:
    """Within ``tolerance``, the end included, in exact arithmetic: 0.38 is right for 3/8
    with the default 0.005 (a float difference would say 0.0050000000000000044)."""
    return abs(a - b) <= Fraction(str(tolerance))


def _judge(question: Question, given: Any) -> Feedback:
    def say(correct: bool, message: str) -> Feedback:
        if not correct and not message.startswith("Not yet"):
            message = f"Not yet: {message}"
        if correct and question.explanation:
            message = f"{message} {question.explanation}"
        return Feedback(question, given, correct, message)

    def hint() -> str | None:
        for test, message in question.hints:
            try:
                matched = test(given)
            except (TypeError, ValueError, ZeroDivisionError):
                matched = False
            if matched:
                return message
        return None

    answer = question.answer
    if isinstance(answer, bool):
        said = _truth(given)
        if said is None:
            return say(False, "Not yet: answer True or False.")
        if said == answer:
            return say(True, f"Right: {answer}.")
        return say(False, hint() or "Not yet: think again.")
    if isinstance(answer, str):
        ok = isinstance(given, str) and given.strip().lower() == answer.strip().lower()
        return say(ok, f"Right: {answer}." if ok else
                   hint() or "Not yet: compare your answer with the text.")
    exact = _number(answer)
    if exact is None:
        raise TypeError(f"question {question.key!r} has an answer goldlab cannot compare")
    number = _number(given)
    if number is None:
        return say(False, hint() or f"Not yet: give a number, e.g. 3/7, 0.43 or 43 %, "
                                    f"not {_quoted(given)}.")
    allowed = Fraction(str(question.tolerance))
    if not question.approximate:
        allowed = min(allowed, _half_unit(given))
    if abs(number - exact) <= allowed:
        return say(True, f"Right: {show(exact, question.probability)}.")
    found = hint()
    if found:
        return say(False, found)
    if question.probability:
        if number > 1 and _close(number / 100, exact, question.tolerance):
            return say(False, f"{_float(given)} looks like a percentage: write it with its "
                              f"sign ({_float(given)} %) or as a number between 0 and 1 "
                              f"({_decimal(number / 100)}).")
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
