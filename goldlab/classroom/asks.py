"""What each lesson asks the class for: the only rows a student's page may write.

A class pools two kinds of things (issue 34): **predictions** (one share between 0 and 1 a
student types before the experiment, e.g. "what is the chance both cards are gold?") and
**trials** (a student's own experiment: ``successes`` of ``trials``, e.g. 4 gold of 10
flips).  Each lesson names its prediction and its experiment here, with the bounds a value
must keep; anything else a page sends is refused by the store.  This module imports nothing
of goldlab, so the lessons can write to a class; the dashboard looks up each ``exact``
answer in the lesson's own quiz.

>>> ask("1-flip-the-odds", "both_gold").kind
'prediction'
>>> ask("1-flip-the-odds", "first_flip").max_trials
1000
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Kind = Literal["prediction", "trials"]


@dataclass(frozen=True)
class Ask:
    """One thing a lesson asks every student for.

    ``exact`` names the lesson quiz question whose answer is the truth the class's values
    are drawn beside (``None`` when there is no formula, e.g. the first player's edge).
    ``max_trials`` bounds one submission of an experiment (a page that claims a million
    flips in one press is refused).
    """

    lesson: str
    key: str
    kind: Kind
    title: str
    exact: str | None = None
    max_trials: int = 0


LESSONS = ("1-flip-the-odds", "2-is-the-first-player-lucky", "3-what-is-memory-worth",
           "4-risk-and-expected-value")
"""The lessons a class can take: their notebooks' names in ``notebooks/lessons/``."""

ASKS: tuple[Ask, ...] = (
    Ask("1-flip-the-odds", "both_gold", "prediction",
        "Chance that both cards of the first turn are gold", exact="both_gold"),
    Ask("1-flip-the-odds", "first_flip", "trials",
        "First flips that show gold", exact="first_gold", max_trials=1_000),
    Ask("2-is-the-first-player-lucky", "first_share", "prediction",
        "Share of the games the first player wins"),
    Ask("2-is-the-first-player-lucky", "first_wins", "trials",
        "Games the first player wins", max_trials=1_000),
    Ask("3-what-is-memory-worth", "forgetful_share", "prediction",
        "Share of the games the forgetful player wins"),
    Ask("3-what-is-memory-worth", "forgetful_wins", "trials",
        "Games the forgetful player wins", max_trials=1_000),
    Ask("4-risk-and-expected-value", "any_donkey", "prediction",
        "Chance of a donkey among the next five cards", exact="any_donkey"),
    Ask("4-risk-and-expected-value", "refills", "trials",
        "Refills of five cards that show a donkey", exact="any_donkey", max_trials=1_000),
)
"""Every prediction and experiment a class pools, lesson by lesson."""


def lessons() -> list[str]:
    """The lessons a class can take, in order."""
    return list(LESSONS)


def asks(lesson: str) -> list[Ask]:
    """What ``lesson`` asks the class for (predictions and experiments), in lesson order."""
    if lesson not in LESSONS:
        raise KeyError(f"no lesson {lesson!r}: the lessons are {', '.join(LESSONS)}")
    return [a for a in ASKS if a.lesson == lesson]


def ask(lesson: str, key: str) -> Ask:
    """The prediction or experiment ``key`` of ``lesson``."""
    for candidate in asks(lesson):
        if candidate.key == key:
            return candidate
    names = ", ".join(a.key for a in asks(lesson))
    raise KeyError(f"lesson {lesson!r} asks for no {key!r}: it asks for {names}")
