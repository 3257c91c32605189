"""Lesson 4, *Risk and expected value*: quiz answers, feedback, simulation, notebook."""

from __future__ import annotations

import inspect
import json
import statistics
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from itertools import combinations
from pathlib import Path
from typing import Any

import nbformat
import pytest
from notebook_runner import run_version, text_of
from test_without_numpy import BLOCKED, BLOCKER

from goldlab.games.gold.cards import ALL_CARDS, COLOURS, DONKEY, card_of, full_deck
from goldlab.games.gold.position import before_the_deal
from goldlab.games.gold.rules import OFFER_SIZE, REMOVED_UNSEEN
from goldlab.lessons import risk as lesson
from goldlab.lessons.student import LESSONS

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


def test_every_number_the_lesson_states_about_the_game_is_the_engines() -> None:
    # The engine's own card lists: the 60-card deck, the two-player deck before the deal
    # (one donkey of each colour back in the box), and what I have not seen once the
    # green and the blue starting donkeys are dealt.
    deck = full_deck()
    two = Counter({c: n for c, n in zip(ALL_CARDS, before_the_deal(2, 0).unseen,
                                        strict=True) if n})
    unseen = two - Counter([card_of(lesson.MINE, DONKEY), card_of(lesson.THEIRS, DONKEY)])
    size = sum(unseen.values())
    donkeys = sum(n for c, n in unseen.items() if c.is_donkey)
    green = [c for c in unseen.elements() if c.colour == lesson.MINE]
    value = Counter(c.value for c in unseen.elements())
    donkey_value = {c.value for c in deck if c.is_donkey}
    per_colour = Counter(c.colour for c in two.elements() if c.is_donkey)
    gold_of = sorted(c.value for c in deck.elements() if c.colour == "red" and c.is_gold)
    kinds = sorted({c.value for c in deck})
    notebook = "\n".join(c.source for c in nbformat.read(LESSONS / NOTEBOOK, 4).cells)
    module = inspect.getsource(lesson)
    stated: list[tuple[str, str, object, object]] = [
        # (where, the phrase, the number it states, the engine's number)
        (notebook, "52 paper slips with 10 marked", (52, 10), (size, donkeys)),
        (notebook, "the deck has 54 cards", 54, sum(two.values())),
        (notebook, "in each of six colours", 6, len({c.colour for c in deck})),
        (notebook, "seven gold cards (3, 3, 4, 5, 6, 7, 8)", [3, 3, 4, 5, 6, 7, 8], gold_of),
        (notebook, "seven gold cards", 7, len(gold_of)),
        (notebook, "and two donkeys worth -2", (2, -2),
         (max(per_colour.values()), donkey_value.pop())),
        (notebook, "So **52 cards** are unknown to you, **10** of them donkeys", (52, 10),
         (size, donkeys)),
        (notebook, "all five from the 42 gold cards", 42, size - donkeys),
        (notebook, r"\frac{42}{52}", (42, 52), (size - donkeys, size)),
        (notebook, "# 10 donkeys, 12 threes (two per colour), 6 each of 4, 5, 6, 7, 8.",
         (10, 12, 2, {6}), (value[DONKEY], value[3], value[3] // len(COLOURS),
                            {value[v] for v in (4, 5, 6, 7, 8)})),
        (notebook, "Fraction(10 * -2 + 12 * 3 + 6 * (4 + 5 + 6 + 7 + 8), 52)",
         (10, -2, 12, 6, 52), (value[DONKEY], DONKEY, value[3], value[8], size)),
        (notebook, "Fraction(10 * 4 + 12 * 9 + 6 * (16 + 25 + 36 + 49 + 64), 52)",
         (10, 12, 6, 52), (value[DONKEY], value[3], value[4], size)),
        (notebook, "8 of the 52 unseen cards are green (7 gold, 1 donkey)", (8, 52, 7, 1),
         (len(green), size, sum(c.is_gold for c in green), sum(c.is_donkey for c in green))),
        (notebook, "# 52 - 20 = 32 cards unseen, 10 - 6 = 4 donkeys among them.",
         (52, 10, 20, 6), (size, donkeys, lesson.LATER_OUT, lesson.LATER_DONKEYS)),
        (notebook, "20 more cards are out and 6 of them were donkeys", (20, 6),
         (lesson.LATER_OUT, lesson.LATER_DONKEYS)),
        (notebook, "1 - C(42,5)/C(52,5)", (42, 52), (size - donkeys, size)),
        (notebook, "1 - C(44,5)/C(52,5)", (44, 52), (size - len(green), size)),
        (notebook, "1 - C(28,5)/C(32,5)", (28, 32),
         (size - 20 - (donkeys - 6), size - 20)),
        (notebook, "5 × 10/52", (5, 10, 52), (OFFER_SIZE, donkeys, size)),
        (notebook, "the seven kinds of card (-2, 3, ..., 8)", (7, -2, 8),
         (len(kinds), kinds[0], kinds[-1])),
        (module, "the 52 cards a player of a two-player game has not seen", 52, size),
        (module, "54 cards for two players, less the two donkeys dealt", (54, 2),
         (sum(two.values()), sum(two.values()) - size)),
        (module, "The 54 cards of a two-player game: the 60, less one donkey of each colour",
         (54, 60, {1}), (sum(two.values()), sum(deck.values()),
                         {deck[c] - two[c] for c in deck if c.is_donkey})),
        (module, "The 52 cards I have not seen at the start", 52, size),
        (module, "(The two cards removed face down", 2, REMOVED_UNSEEN),
        (module, "(10 donkeys, 8 green cards)", (10, 8), (donkeys, len(green))),
        (module, "(52, 10)", (52, 10), (size, donkeys)),
        (module, "unseen: int = 52, of_kind: int = 10", (52, 10), (size, donkeys)),
        (module, "REFILL = 5", 5, OFFER_SIZE),
    ]
    for where, phrase, says, engine in stated:
        assert phrase in where, phrase
        assert says == engine, (phrase, says, engine)


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
    ("sure_four", False, "a little less than 4"),
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
    assert a == lesson.refill_simulated(cards, "donkey", 500, seed=3)
    assert a != lesson.refill_simulated(cards, "donkey", 500, seed=4)
    assert lesson.value_simulated(cards, 100, seed=3) == lesson.value_simulated(cards, 100,
                                                                               seed=3)
    assert lesson.refill_table(20, 6) == lesson.refill_table(20, 6)
    assert lesson.value_table(cards, seed=3) != lesson.value_table(cards, seed=4)


def test_refills_are_draws_without_replacement() -> None:
    cards = lesson.start_unseen()
    refills = lesson.draw_refills(cards, 2_000, seed=1)
    assert len(refills) == 2_000 and all(len(row) == 5 for row in refills)
    assert all(len(set(row)) == 5 for row in refills)
    assert {i for row in refills for i in row} == set(range(len(cards)))  # any card can come


def test_simulated_shares_approach_the_exact_chances() -> None:
    table = lesson.refill_table(0, 0, "donkey", refills=100_000, seed=11)
    assert [row["k"] for row in table] == list(range(6))
    assert sum(row["count"] for row in table) == 100_000
    assert all(isinstance(row["exact"], Fraction) for row in table)  # exact stays exact
    assert max(abs(row["simulated"] - row["exact"]) for row in table) < 0.01
    values = lesson.value_simulated(lesson.start_unseen(), 100_000, seed=11)
    assert statistics.fmean(values) == pytest.approx(49 / 13, abs=0.05)
    mean, variance = lesson.simulated_moments(lesson.value_table(lesson.start_unseen(),
                                                                 100_000, seed=11))
    assert mean == pytest.approx(statistics.fmean(values))
    assert variance == pytest.approx(statistics.pvariance(values))
    assert variance == pytest.approx(1785 / 169, rel=0.03)


def test_the_table_shows_fractions_beside_shares_and_escapes_every_cell() -> None:
    html = lesson.show_table(lesson.refill_table(0, 0, refills=10_000)).value
    assert html.count("<tr>") == 1 + 6  # a head and k = 0..5
    assert "779/2380 ≈ 0.3273" in html
    assert lesson._html_table([{"<b>": "a & b"}], ["<b>"]) == (
        "<table style='border-collapse:collapse'><thead><tr><th style='padding:2px 12px;"
        "text-align:right'>&lt;b&gt;</th></tr></thead><tbody><tr><td style='padding:2px 12px;"
        "text-align:right'>a &amp; b</td></tr></tbody></table>")


def test_charts_render_offline() -> None:
    import vl_convert as vlc

    def svg(chart: Any) -> str:
        return str(vlc.vegalite_to_svg(chart.to_json()))

    assert svg(lesson.refill_chart(lesson.refill_table(5, 2, "green"), "green")).startswith(
        "<svg")
    assert svg(lesson.value_chart(lesson.value_table(lesson.pool(4, "all the 3s")))
               ).startswith("<svg")
    assert svg(lesson.refill_chart(lesson.refill_table(0, 0), exact=True)).startswith("<svg")
    assert svg(lesson.value_chart(lesson.value_table(lesson.start_unseen()),
                                  exact=lesson.VALUE_PARTS)).startswith("<svg")


def test_a_chart_holds_no_exact_chance_until_asked_to() -> None:
    hidden = chart_text(lesson.refill_chart(lesson.refill_table(0, 0)))
    assert "779/2380" not in hidden and "exact" not in hidden
    assert "779/2380" in chart_text(lesson.refill_chart(lesson.refill_table(0, 0), exact=True))
    values = chart_text(lesson.value_chart(lesson.value_table(lesson.start_unseen())))
    assert "5/26" not in values and "fraction" not in values


def test_the_lesson_draws_its_tables_and_charts_with_nothing_a_browser_cannot_load() -> None:
    # Pyodide has no NumPy, pandas, SciPy, statsmodels or numba (issue 44); importing is
    # not enough (tests/test_without_numpy.py): the explorers and the table run here.
    code = BLOCKER + f"""
from goldlab.lessons import risk
risk.value_explorer(draws=10_000), risk.refill_explorer(refills=10_000)
risk.show_table(risk.refill_table(20, 6, refills=10_000))
print(sorted(m for m in sys.modules if m.split(".")[0] in {BLOCKED!r}))
"""
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=False, cwd=Path(__file__).parent)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"


def chart_text(chart: Any) -> str:
    """Every string and number a chart's spec holds (titles, data, tooltips)."""
    return json.dumps(chart.to_dict(), ensure_ascii=False)


@pytest.fixture
def fresh_quiz(monkeypatch: pytest.MonkeyPatch) -> None:
    """A quiz with no question settled yet (other tests answer the module's own)."""
    monkeypatch.setattr(lesson, "quiz", lesson.make_quiz())


@pytest.mark.usefixtures("fresh_quiz")
def test_the_value_explorer_shows_each_exact_part_once_its_question_is_settled() -> None:
    live = lesson.value_explorer()

    def shown() -> str:
        return chart_text(live.draw(**live.values())[0])

    assert "simulated mean" in shown() and "expected value" not in shown()
    assert "3.77" not in shown() and "3.25" not in shown() and "5/26" not in shown()
    lesson.check("expected_value", "49/13")
    assert "expected value 3.77" in shown() and "simulated spread" in shown()
    assert len(live.times) == 1  # redrawn when the question was settled
    lesson.quiz.show_answer("variance")
    assert "spread ±3.25" in shown()
    assert "5/26" not in shown()
    lesson.check("next_donkey", "5/26")
    assert "5/26" in shown() and "ticks exact" in shown()


@pytest.mark.usefixtures("fresh_quiz")
def test_the_refill_explorer_shows_the_exact_chances_once_their_question_is_settled() -> None:
    live = lesson.refill_explorer()

    def shown() -> str:
        return chart_text(live.draw(**live.values())[0])

    assert "779/2380" not in shown() and "exact" not in shown()  # 1 - P(none) is any_donkey
    lesson.check("any_green", "27017/46410")
    assert "exact" not in shown()
    live.controls["count"].value = "green cards"
    assert "exact chance" in shown()
    live.controls["count"].value = "donkeys"
    live.controls["out"].value = lesson.LATER_OUT
    live.controls["of_kind"].value = lesson.LATER_DONKEYS
    assert "exact" not in shown()  # any_donkey_later is still open
    lesson.check("any_donkey", "1601/2380")
    assert "exact" not in shown()
    live.controls["of_kind"].value = 5  # no question's refill: open with any_donkey
    assert "exact chance" in shown()


@pytest.mark.usefixtures("fresh_quiz")
def test_exact_values_and_feedback_wait_for_their_questions() -> None:
    box = lesson.exact_values(lesson.start_unseen())

    def lines() -> list[str]:
        return [str(line.children[0].value) for line in box.children]

    assert all("appears once you have answered" in line for line in lines())
    assert "3.77" not in str(lesson.check("sure_four", False))  # no expected_value there
    lesson.check("next_donkey", 0.192)
    lesson.check("expected_value", 3.77)
    assert "-2: 5/26" in lines()[0] and "49/13 = 3.769" in lines()[1]
    assert "appears once" in lines()[2]
    lesson.check("variance", "1785/169")
    assert "1785/169 = 10.56" in lines()[2]


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
        times = live.times
        print(f"\nlesson 4 {name} redraws: {len(times)}, median "
              f"{statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms")
        assert max(times) < 1.5  # in CPython: a browser (Pyodide) is 2-4 times slower
    assert len(refill.times) == 6 + len(c["refills"].options)  # one redraw per change


# --------------------------------------------------------------------------- the notebook


@pytest.mark.slow
def test_the_teacher_notebook_runs_and_every_answer_is_right() -> None:
    # (its student version: tests/lessons/test_lessons_student.py)
    executed = run_version(NOTEBOOK, "teacher")
    text = text_of(executed)
    assert text.count("Right") >= len(lesson.quiz.keys())
    # Its solutions answer each question first, so every exact value waiting for one shows.
    shown = json.dumps(executed.metadata["widgets"], ensure_ascii=False)
    for exact in ("at least one: 1601/2380 = 0.6727", "779/2380", "-2: 5/26",
                  "expected value 49/13 = 3.769", "variance 1785/169 = 10.56",
                  "expected value 3.77 (red), spread ±3.25", "to see it beside the result"):
        assert exact in shown, exact
