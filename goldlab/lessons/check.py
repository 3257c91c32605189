"""``check(...)``: a student's answer against the exact one, with feedback that teaches.

A :class:`Question` holds the exact answer (a Fraction where one exists), how close a
decimal must be, and optional hints for answers a class is known to give.  A
:class:`Quiz` is one lesson's questions; ``quiz.check(key, answer)`` returns a
:class:`Feedback`, which is true when the answer is right and shows itself as a coloured
box in Jupyter.  Nothing here imports a notebook library.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from html import escape
from numbers import Integral, Rational, Real
from typing import Any

Hint = tuple[Callable[[Any], bool], str]
"""A test on a wrong answer and the message shown when it matches.  When the question's
answer is a number, the test sees the student's number as a float, however it was written
("9/64", "14.06 %" or 0.140625), and an answer that is no number is never tested; when the
answer is True, False or a text, the test sees the answer as it was given."""

LONGEST = 100
"""The longest text read as a number, in characters (spaces not counted)."""
LARGEST = 10**100
"""The largest size of a number read as an answer: no lesson asks for a bigger one, and
every number read this way converts to a float."""
_LONG_EXPONENT = re.compile(r"e[-+]?[\d_]{4,}\Z", re.IGNORECASE)
"""An exponent of four digits or more ("1e99999999"): refused before it is computed."""
NOT_A_CHANCE = ("Not yet: this question asks for a number (of intervals, games, gold "
                "points, ...), not a chance: drop the % sign.")
"""What a percentage gets when the question is not a probability."""


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
    """The questions of one lesson, checked by key.

    The quiz also remembers which questions are *settled*: answered right, or given up on
    with :meth:`show_answer`.  A lesson shows an exact answer only once its question is
    settled (:meth:`when_settled`), so a page where every cell has run (an app) never shows
    an answer right under its own box.
    """

    lesson: str
    questions: Iterable[Question]
    _by_key: dict[str, Question] = field(init=False, repr=False)
    _settled: dict[str, str] = field(init=False, repr=False)
    _waiting: dict[str, list[Callable[[], object]]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._by_key = {}
        self._settled = {}
        self._waiting = {}
        for q in self.questions:
            if q.key in self._by_key:
                raise ValueError(f"two questions are called {q.key!r} in {self.lesson}")
            self._by_key[q.key] = q

    def settled(self, key: str) -> str | None:
        """How question ``key`` was settled: ``"answered"`` (right), ``"shown"`` (the
        answer was asked for) or None (not yet)."""
        self.question(key)
        return self._settled.get(key)

    def when_settled(self, key: str, then: Callable[[], object]) -> None:
        """Call ``then()`` once question ``key`` is settled: now if it is already."""
        self.question(key)
        if key in self._settled:
            then()
        else:
            self._waiting.setdefault(key, []).append(then)

    def show_answer(self, key: str) -> Feedback:
        """The exact answer of question ``key``, for a student who asks for it; the
        feedback says it was shown, not answered."""
        question = self.question(key)
        message = (f"The answer is {show(question.answer, question.probability)}"
                   f"{'. ' + question.explanation if question.explanation else '.'} "
                   "(Shown, not answered: try the next question on your own.)")
        self._settle(key, "shown")
        return Feedback(question, None, False, message)

    def _settle(self, key: str, how: str) -> None:
        if key in self._settled:
            return
        self._settled[key] = how
        for then in self._waiting.pop(key, []):
            then()

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
        feedback = _judge(question, answer)
        if feedback.correct:
            self._settle(key, "answered")
        return feedback


def near(value: float, tolerance: float = 0.005) -> Callable[[Any], bool]:
    """A hint test: the answer is a number within ``tolerance`` of ``value``.

    >>> near(0.5)("0.502"), near(0.5)("50.2 %"), near(0.5)(0.6), near(0.5)(...)
    (True, True, False, False)
    """

    def test(given: Any) -> bool:
        number = _number(given)
        return number is not None and abs(float(number) - value) <= tolerance

    return test


def read_guess(guess: Any, example: str, out_of: int | None = None) -> float | str:
    """A student's guess of a chance as a number, or the message to show when there is
    none yet or it is no number.

    A percentage is read as one ("55 %" is 0.55).  Without ``out_of`` a number above 1 is a
    percentage without its sign (55 is 0.55); with ``out_of`` a number is a count out of
    that many (``out_of=100``: "1" is 1 game of 100, 0.01).  Anything can be given: the
    answer is a float or a message, never an exception.

    >>> read_guess("55%", "0.5"), read_guess(55, "0.5"), read_guess(0.4, "0.5")
    (0.55, 0.55, 0.4)
    >>> read_guess("1", "30", out_of=100)
    0.01
    >>> read_guess("a lot", "0.5")
    "Write your guess as a number such as 0.5, not 'a lot'."
    """
    if guess is Ellipsis or guess is None:
        return "You have not written a guess yet: go back to 'Predict first' and replace ..."
    reading = _read(guess)
    if reading is None:
        return f"Write your guess as a number such as {example}, not {_quoted(guess)}."
    value = float(reading.value)
    if reading.percent:
        return value
    if out_of is not None:
        return value / out_of
    return value / 100 if value > 1 else value  # above 1: a percentage without its sign


# --------------------------------------------------------------------------- judging


@dataclass(frozen=True)
class _Reading:
    """A number a student gave: its value, whether it was written as a percentage, and
    half a unit of its last digit (0.005 for "0.38", 0.0005 for "13.7 %", 0.5 for 4,
    nothing for a fraction such as "3/8", which is exact)."""

    value: Fraction
    percent: bool
    half_unit: Fraction


def _read(given: Any) -> _Reading | None:
    """The number in an int, float, Fraction or text such as "3/7", "0.43", "43 %" or
    "4.3e-1", or None.  Total: None also for NaN, infinities, a text longer than
    :data:`LONGEST`, an exponent of four digits, a number bigger than :data:`LARGEST` and
    anything that is no number (None, a list, an object whose ``float()`` fails)."""
    if isinstance(given, str):
        return _read_text(given)
    if isinstance(given, bool):
        return None
    try:
        if isinstance(given, Rational):  # ints and Fractions, NumPy's integers too
            number = Fraction(int(given.numerator), int(given.denominator))
            half = Fraction(1, 2) if isinstance(given, Integral) else Fraction(0)
            return _Reading(number, False, half) if abs(number) <= LARGEST else None
        if isinstance(given, Real):  # read as the decimal Python shows: 0.38 is 19/50
            return _read_text(repr(float(given)))
    except Exception:  # a number type of someone else's that cannot say its value
        return None
    return None


def _read_text(typed: str) -> _Reading | None:
    """The number in a text a student typed (see :func:`_read`), or None."""
    if len(typed) > 10 * LONGEST:  # before looking at it: spaces too count here
        return None
    text = "".join(typed.split()).replace("\N{MINUS SIGN}", "-")
    percent = text.endswith("%")
    body = text.removesuffix("%")
    if len(text) > LONGEST or _LONG_EXPONENT.search(body):
        return None
    try:
        number = Fraction(body)
    except (ValueError, ZeroDivisionError):  # "abc", "1/0", "nan", "inf"
        return None
    if abs(number) > LARGEST:
        return None
    if "/" in body:
        half = Fraction(0)
    else:
        mantissa, _, exponent = body.replace("_", "").lower().partition("e")
        places = len(mantissa.partition(".")[2]) - int(exponent or 0) + (2 if percent else 0)
        half = Fraction(1, 2) / Fraction(10) ** places
    return _Reading(number / 100 if percent else number, percent, half)


def _number(value: Any) -> Fraction | None:
    """The number in ``value`` (see :func:`_read`), or None."""
    reading = _read(value)
    return reading.value if reading is not None else None


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


def counted(count: float, noun: str) -> str:
    """A count and its noun, singular for exactly one.

    >>> counted(1, "game"), counted(1200, "game"), counted(0.5, "win"), counted(0, "win")
    ('1 game', '1,200 games', '0.5 wins', '0 wins')
    """
    text = f"{round(count):,}" if count == round(count) else f"{count:g}"
    return f"{text} {noun}" if count == 1 else f"{text} {noun}s"


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
    """A text as it was typed (its start, if long), anything else as "that"."""
    if not isinstance(value, str):
        return "that"
    return repr(value if len(value) <= 40 else value[:30] + "...")


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

    def hint(seen: Any = given) -> str | None:
        for test, message in question.hints:
            try:
                matched = bool(test(seen))
            except Exception:  # a hint that cannot read this answer does not match it
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
    reading = _read(given)
    if reading is None:  # no hint: a hint's test would have to read it, and could hang
        return say(False, f"Not yet: give a number, e.g. 3/7, 0.43 or 43 %, "
                          f"not {_quoted(given)}.")
    number = reading.value
    if reading.percent and not question.probability:
        return say(False, hint(float(number)) or NOT_A_CHANCE)
    allowed = Fraction(str(question.tolerance))
    if not question.approximate:
        allowed = min(allowed, reading.half_unit)
    if abs(number - exact) <= allowed:
        return say(True, f"Right: {show(exact, question.probability)}.")
    found = hint(float(number))
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
