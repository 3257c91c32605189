"""The teacher's dashboard shows what the class store holds, no more and no less, and
follows it live."""

from __future__ import annotations

import random
import sqlite3
import time
from pathlib import Path

import pytest

from goldlab.classroom import ClassError, ClassStore, ask, asks, lessons, new_session
from goldlab.lessons import flip_the_odds
from goldlab.lessons.dashboard import LESSON_MODULES, TITLES, Dashboard, exact

LESSON = "1-flip-the-odds"


@pytest.fixture
def store(tmp_path: Path) -> ClassStore:
    return ClassStore.create(tmp_path / "class.sqlite")


def fill(store: ClassStore, students: int = 5, batches: int = 4, seed: int = 1) -> None:
    rng = random.Random(seed)
    for i in range(students):
        me = new_session()
        store.submit(me, f"student {i}", LESSON, "both_gold", rng.random(), nonce="g")
        for b in range(batches):
            n = rng.choice([5, 10, 20])
            store.submit(me, f"student {i}", LESSON, "first_flip",
                         {"successes": rng.randint(0, n), "trials": n}, nonce=f"b{b}")


def test_only_the_teachers_token_opens_it(store: ClassStore) -> None:
    for token in (None, "", "x" * 24, store.token + "x"):
        with pytest.raises(ClassError, match="teacher's link"):
            Dashboard(store, token, LESSON)


def test_the_figures_equal_a_recount_from_the_file(store: ClassStore) -> None:
    fill(store)
    figures = Dashboard(store, store.token, LESSON).figures()
    db = sqlite3.connect(store.path)
    s, n = db.execute("SELECT SUM(successes), SUM(trials) FROM submission "
                      "WHERE key = 'first_flip'").fetchone()
    flips = figures["first_flip"]
    assert (flips["successes"], flips["trials"]) == (s, n)
    assert flips["low"] < flips["estimate"] < flips["high"]
    assert flips["exact"] == pytest.approx(3 / 8)
    guesses = sorted(v for (v,) in db.execute("SELECT value FROM submission WHERE key = "
                                                "'both_gold'"))
    assert sorted(figures["both_gold"]["values"]) == guesses
    assert sum(s for _, s, _ in flips["students"]) == s


def test_the_pooled_interval_narrows_as_trials_arrive(store: ClassStore) -> None:
    fill(store, students=8, batches=5)
    grown = Dashboard(store, store.token, LESSON).growth("first_flip")
    assert len(grown) == 40
    assert grown["trials"].is_monotonic_increasing
    width = grown["high"] - grown["low"]
    assert width.iloc[-1] < width.iloc[0] / 2
    last = grown.iloc[-1]
    assert last["estimate"] == pytest.approx(last["successes"] / last["trials"])


def test_names_are_escaped_where_they_are_shown(store: ClassStore) -> None:
    store.submit(new_session(), "<img src=x onerror=alert(1)>", LESSON, "both_gold", 0.3,
                 nonce="a")
    text = Dashboard(store, store.token, LESSON).summary(ask(LESSON, "both_gold"))
    assert "<img" not in text and "&lt;img" in text


def test_it_redraws_when_the_class_sends_and_only_then(store: ClassStore) -> None:
    board = Dashboard(store, store.token, LESSON)
    assert board.widget is not None
    assert board.refresh() is False
    store.submit(new_session(), "Ann", LESSON, "first_flip", {"successes": 2, "trials": 5},
                 nonce="a")
    assert board.refresh() is True
    assert "2 of 5" in board.panels[1][1].value
    assert board.refresh() is False


def test_it_follows_the_store_live_within_two_seconds(store: ClassStore) -> None:
    board = Dashboard(store, store.token, LESSON)
    assert board.widget is not None
    board.start(every=0.2)
    try:
        other_kernel = ClassStore.open(store.path)
        other_kernel.submit(new_session(), "Bob", LESSON, "first_flip",
                            {"successes": 7, "trials": 20}, nonce="b")
        deadline = time.monotonic() + 2.0
        while "7 of 20" not in board.panels[1][1].value and time.monotonic() < deadline:
            time.sleep(0.05)
        assert "7 of 20" in board.panels[1][1].value
    finally:
        board.stop()


def test_the_reveal_button_lets_students_read_that_key(store: ClassStore) -> None:
    board = Dashboard(store, store.token, LESSON)
    assert board.widget is not None
    reveal = board.panels[1][2]
    assert not store.revealed(LESSON, "first_flip")
    reveal.click()
    assert store.revealed(LESSON, "first_flip") and reveal.disabled
    assert not store.revealed(LESSON, "both_gold")


def test_every_lesson_of_a_class_has_its_quiz_and_its_exact_answers() -> None:
    assert list(LESSON_MODULES) == lessons() == list(TITLES)
    for lesson in lessons():
        for item in asks(lesson):
            truth = exact(item)
            assert (truth is None) == (item.exact is None)
            if truth is not None:
                assert 0 < truth < 1
    both = flip_the_odds.make_quiz().question("both_gold").answer
    assert exact(ask(LESSON, "both_gold")) == pytest.approx(float(both))


def test_every_chart_draws_with_and_without_rows(store: ClassStore) -> None:
    for lesson in lessons():
        board = Dashboard(store, store.token, lesson)
        for item in asks(lesson):
            assert board.chart(item).to_dict()["layer"]
    fill(store)
    board = Dashboard(store, store.token, LESSON)
    for item in asks(LESSON):
        spec = board.chart(item).to_dict()
        assert len(spec["layer"]) >= 2


def test_two_dashboards_and_a_restarted_server_count_nothing_twice(store: ClassStore) -> None:
    fill(store, students=3, batches=2)
    first = Dashboard(store, store.token, LESSON)
    restarted = ClassStore.open(store.path)  # the server stopped and started again
    second = Dashboard(restarted, restarted.token, LESSON)
    for board in (first, second):
        board.refresh()
        board.refresh()
    assert first.figures() == second.figures()
    assert len(store.rows(token=store.token)) == 3 * (1 + 2)
