"""Lesson 4, *Risk and expected value*: quiz answers, feedback, simulation, notebook."""

from __future__ import annotations

import statistics
from collections import Counter
from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest
from notebook_runner import run_lesson

from goldlab.games.gold.cards import COLOURS, DONKEY
from goldlab.lessons import risk as lesson

NOTEBOOK = "4-risk-and-expected-value.ipynb"


def no_kind_by_product(unseen: int, of_kind: int, size: int = 5) -> Fraction:
    """P(no card of the kind in ``size`` draws without replacement), one draw at a time."""
    chance = Fraction(1)
    for i in range(size):
        chance *= Fraction(unseen - of_kind - i, unseen - i)
    return chance


# --------------------------------------------------------------------------- the cards


def test_the_unseen_cards_follow_the_rulebook() -> None:
    deck = lesson.two_player_deck()
    assert len(deck) == 54  # 60 less one donkey per colour
    unseen = lesson.start_unseen()
    assert len(unseen) == 52
    values = Counter(c.value for c in unseen)
    assert values == {DONKEY: 10, 3: 12, 4: 6, 5: 6, 6: 6, 7: 6, 8: 6}
    colours = Counter(c.colour for c in unseen)
    assert colours == {c: (8 if c in ("green", "blue") else 9) for c in COLOURS}
    later = lesson.unseen_after(20, 6)
    assert len(later) == 32 and sum(c.is_donkey for c in later) == 4
    assert len(lesson.pool(3, "all the 7s and 8s")) == 52 - 3 - 12
    with pytest.raises(ValueError):
        lesson.unseen_after(3, 4)


# --------------------------------------------------------------------------- quiz answers


def test_refill_answers_equal_independent_counts() -> None:
    keys = lesson.quiz.keys()
    answers = {k: lesson.quiz.question(k).answer for k in keys}
    assert answers["next_donkey"] == Fraction(10, 52)
    assert answers["any_donkey"] == 1 - no_kind_by_product(52, 10)
    assert answers["any_green"] == 1 - no_kind_by_product(52, 8)
    assert answers["any_donkey_later"] == 1 - no_kind_by_product(32, 4)
    assert answers["expected_donkeys"] == Fraction(50, 52)


def test_hypergeometric_table_equals_enumeration() -> None:
    # Every 5-card refill of a small pool of 12 cards, 4 of them donkeys, listed.
    pool = [True] * 4 + [False] * 8
    counts = Counter(sum(refill) for refill in combinations(pool, 5))
    total = sum(counts.values())
    exact = lesson.refill_exact(12, 4)
    assert exact == {k: Fraction(counts[k], total) for k in range(6)}
    assert sum(lesson.refill_exact(52, 10).values()) == 1
    from scipy.stats import hypergeom

    for k, p in lesson.refill_exact(52, 10).items():
        assert float(p) == pytest.approx(hypergeom.pmf(k, 52, 10, 5))


def test_value_answers_equal_the_card_list() -> None:
    values = [c.value for c in lesson.start_unseen()]
    assert lesson.quiz.question("expected_value").answer == Fraction(sum(values), len(values))
    assert float(lesson.quiz.question("variance").answer) == pytest.approx(
        statistics.pvariance(values))
    assert lesson.quiz.question("sure_four").answer is (statistics.mean(values) > 4)
    facts = lesson.value_exact(lesson.pool(10, "none"))  # no donkeys left: 216/42
    assert facts["mean"] == Fraction(36, 7)


# --------------------------------------------------------------------------- feedback


@pytest.mark.parametrize(("key", "answer", "says"), [
    ("next_donkey", "10/52", "Right"),
    ("next_donkey", 19.2, "percentage"),
    ("next_donkey", "52/10", "upside down"),
    ("any_donkey", "1601/2380", "Right"),
    ("any_donkey", 0.673, "Right"),
    ("any_donkey", 50 / 52, "overlap"),
    ("any_donkey", 0.327, "opposite event"),
    ("any_donkey", 67.3, "percentage"),
    ("any_donkey", 0.5, "too low"),
    ("expected_donkeys", "25/26", "Right"),
    ("expected_donkeys", 0.673, "at least one"),
    ("any_green", 1 - (44 / 52) ** 5, "replacement"),
    ("any_green", 0.582, "Right"),
    ("any_donkey_later", 0.673, "at the start"),
    ("any_donkey_later", 0.512, "Right"),
    ("expected_value", "49/13", "Right"),
    ("expected_value", 3.77, "Right"),
    ("expected_value", 31 / 7, "kinds"),
    ("expected_value", 36 / 7, "average gold card"),
    ("variance", 10.56, "Right"),
    ("variance", 3.25, "standard deviation"),
    ("sure_four", False, "3.77"),
    ("sure_four", True, "Not yet"),
])
def test_check_gives_helpful_feedback(key: str, answer: object, says: str) -> None:
    feedback = lesson.check(key, answer)
    assert says in str(feedback)
    assert bool(feedback) == str(feedback).startswith("Right")


@pytest.mark.parametrize("key", lesson.quiz.keys())
def test_a_placeholder_asks_instead_of_raising(key: str) -> None:
    feedback = lesson.check(key, ...)
    assert not feedback and "Replace ... with your answer" in str(feedback)


def test_your_guess() -> None:
    assert lesson.your_guess(...).startswith("You have not")
    assert "spot on" in lesson.your_guess(0.67)
    assert "too low" in lesson.your_guess("30%")


# --------------------------------------------------------------------------- simulation


def test_simulations_are_deterministic_for_a_seed() -> None:
    cards = lesson.start_unseen()
    a = lesson.refill_simulated(cards, "donkey", 500, seed=3)
    assert np.array_equal(a, lesson.refill_simulated(cards, "donkey", 500, seed=3))
    assert not np.array_equal(a, lesson.refill_simulated(cards, "donkey", 500, seed=4))
    assert np.array_equal(lesson.value_simulated(cards, 100, seed=3),
                          lesson.value_simulated(cards, 100, seed=3))
    assert lesson.refill_table(20, 6).equals(lesson.refill_table(20, 6))


def test_refills_are_draws_without_replacement() -> None:
    cards = lesson.start_unseen()
    refills = lesson.draw_refills(cards, 2_000, seed=1)
    assert refills.shape == (2_000, 5)
    assert all(len(set(row)) == 5 for row in refills.tolist())


def test_simulated_shares_approach_the_exact_chances() -> None:
    table = lesson.refill_table(0, 0, "donkey", refills=100_000, seed=11)
    assert np.abs(table.simulated - table.exact).max() < 0.01
    values = lesson.value_simulated(lesson.start_unseen(), 100_000, seed=11)
    assert values.mean() == pytest.approx(49 / 13, abs=0.05)


def test_charts_render_offline() -> None:
    from goldlab.analysis.charts import to_svg

    assert to_svg(lesson.refill_chart(lesson.refill_table(5, 2, "green"), "green")).startswith(
        "<svg")
    assert to_svg(lesson.value_chart(lesson.pool(4, "all the 3s"))).startswith("<svg")


def test_explorers_redraw_quickly() -> None:
    refill = lesson.refill_explorer()
    c = refill.controls
    c["out"].value = 20
    c["of_kind"].value = 6
    c["count"].value = "green cards"
    assert c["of_kind"].max == 8
    c["of_kind"].value = 8
    c["count"].value = "donkeys"
    c["out"].value = 3  # of_kind must follow: at most 3 of 3 cards out
    assert c["of_kind"].value == 3
    for n in c["refills"].options:
        c["refills"].value = n
    value = lesson.value_explorer()
    for d in range(11):
        value.controls["donkeys_out"].value = d
    for g in lesson.GOLD_OUT:
        value.controls["gold_out"].value = g
    value.controls["draws"].value = 10_000
    for name, live in (("refill", refill), ("value", value)):
        times = np.array(live.times)
        print(f"\nlesson 4 {name} redraws: {len(times)}, median {np.median(times) * 1000:.0f} "
              f"ms, max {times.max() * 1000:.0f} ms")
    assert len(refill.times) == 6 + len(c["refills"].options)  # one redraw per change


# --------------------------------------------------------------------------- the notebook


@pytest.mark.slow
def test_the_teacher_notebook_runs_and_every_answer_is_right() -> None:
    # (its student version: tests/lessons/test_lessons_student.py)
    text = run_lesson(NOTEBOOK, "teacher")
    assert text.count("Right") >= len(lesson.quiz.keys())
