"""The class store: what a student's page may write, what it may read, and that thirty
kernels writing at once lose nothing and count nothing twice."""

from __future__ import annotations

import csv
import multiprocessing
import os
import signal
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from goldlab.classroom import ClassError, ClassStore, asks, lessons, new_session
from goldlab.classroom.store import PER_MINUTE

FLIPS = ("1-flip-the-odds", "first_flip")
GUESS = ("1-flip-the-odds", "both_gold")


@pytest.fixture
def store(tmp_path: Path) -> ClassStore:
    return ClassStore.create(tmp_path / "class.sqlite")


def trials(successes: int, n: int) -> dict[str, int]:
    return {"successes": successes, "trials": n}


def test_a_new_class_starts_empty_and_never_overwrites_one(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite"
    first = ClassStore.create(path)
    first.submit(new_session(), "Ann", *FLIPS, trials(3, 8), nonce="n1")
    with pytest.raises(ClassError, match="already holds a class"):
        ClassStore.create(path)
    again = ClassStore.open(path)  # after a restart the rows are still there
    assert again.pooled(*FLIPS, token=first.token).trials == 8
    assert again.token == first.token
    other = ClassStore.create(tmp_path / "next.sqlite")
    assert other.rows(token=other.token) == []
    assert other.token != first.token


def test_open_refuses_what_is_no_class(tmp_path: Path) -> None:
    with pytest.raises(ClassError, match="no class"):
        ClassStore.open(tmp_path / "missing.sqlite")
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"not a database at all" * 100)
    with pytest.raises(ClassError, match="not a goldlab class"):
        ClassStore.open(junk)


def test_a_class_file_that_cannot_be_opened_says_why(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite says only "unable to open database file"; the teacher reads what is wrong: a
    read-only folder or disk by that name, never "not a goldlab class file"."""
    import os
    import sqlite3

    from goldlab.classroom import store as module

    path = tmp_path / "class.sqlite"
    ClassStore.create(path).close()

    def unable(*args: object, **kwargs: object) -> None:
        raise sqlite3.OperationalError("unable to open database file")

    monkeypatch.setattr(module, "_connect", unable)  # as SQLite answers on a read-only disk
    with pytest.raises(ClassError, match="cannot be opened now") as busy:
        ClassStore.open(path)
    assert "not a goldlab class" not in str(busy.value)
    real_access = os.access  # root may write anywhere: let the folder say it may not
    monkeypatch.setattr(os, "access",
                        lambda p, mode: False if mode == os.W_OK else real_access(p, mode))
    with pytest.raises(ClassError, match="read-only") as read_only:
        ClassStore.open(path)
    assert "unable to open database file" in str(read_only.value)


def test_every_lesson_asks_for_a_prediction_and_an_experiment() -> None:
    for lesson in lessons():
        kinds = [a.kind for a in asks(lesson)]
        assert "prediction" in kinds and "trials" in kinds, lesson


def test_experiments_pool_every_students_trials(store: ClassStore) -> None:
    ann, bob = new_session(), new_session()
    store.submit(ann, "Ann", *FLIPS, trials(4, 10), nonce="a1")
    store.submit(bob, "Bob", *FLIPS, trials(2, 10), nonce="b1")
    store.submit(ann, "Ann", *FLIPS, trials(5, 10), nonce="a2")
    pooled = store.pooled(*FLIPS, token=store.token)
    assert (pooled.successes, pooled.trials) == (11, 30)
    assert pooled.estimate == pytest.approx(11 / 30)
    assert pooled.students == (("Ann", 9, 20), ("Bob", 2, 10))


def test_a_prediction_counts_once_per_student_the_latest(store: ClassStore) -> None:
    ann, bob = new_session(), new_session()
    store.submit(ann, "Ann", *GUESS, 0.2, nonce="a1")
    store.submit(bob, "Bob", *GUESS, 0.5, nonce="b1")
    store.submit(ann, "Ann", *GUESS, 0.15, nonce="a2")  # Ann changed her mind
    assert sorted(store.pooled(*GUESS, token=store.token).values) == [0.15, 0.5]


def test_a_retry_with_the_same_nonce_is_counted_once(store: ClassStore) -> None:
    me = new_session()
    first = store.submit(me, "Ann", *FLIPS, trials(4, 10), nonce="same")
    second = store.submit(me, "Ann", *FLIPS, trials(4, 10), nonce="same")
    assert first.counted and not second.counted and first.row == second.row
    assert store.pooled(*FLIPS, token=store.token).trials == 10
    # the same nonce from another student is that student's own row
    assert store.submit(new_session(), "Bob", *FLIPS, trials(1, 10), nonce="same").counted


@pytest.mark.parametrize(("session", "name", "lesson", "key", "value", "nonce", "why"), [
    ("abc", "Ann", *FLIPS, trials(1, 2), "n", "student id"),
    (None, "Ann", *FLIPS, trials(1, 2), "n", "student id"),
    ("S", "", *FLIPS, trials(1, 2), "n", "name"),
    ("S", "x" * 41, *FLIPS, trials(1, 2), "n", "at most 40"),
    ("S", "Ann\u0000", *FLIPS, trials(1, 2), "n", "letters"),
    ("S", "Ann\u202e", *FLIPS, trials(1, 2), "n", "letters"),
    ("S", 7, *FLIPS, trials(1, 2), "n", "name"),
    ("S", "Ann", "9-hacking", "first_flip", trials(1, 2), "n", "not part of the class"),
    ("S", "Ann", "1-flip-the-odds", "token", trials(1, 2), "n", "no such thing"),
    ("S", "Ann", *FLIPS, trials(3, 2), "n", "no more successes"),
    ("S", "Ann", *FLIPS, trials(-1, 2), "n", "no more successes"),
    ("S", "Ann", *FLIPS, trials(0, 0), "n", "1 to 1000"),
    ("S", "Ann", *FLIPS, trials(10**6, 10**6), "n", "1 to 1000"),
    ("S", "Ann", *FLIPS, {"successes": 1.5, "trials": 2}, "n", "whole numbers"),
    ("S", "Ann", *FLIPS, {"successes": True, "trials": 2}, "n", "whole numbers"),
    ("S", "Ann", *FLIPS, {"successes": 1, "trials": 2, "extra": 1}, "n", "successes and"),
    ("S", "Ann", *FLIPS, 0.5, "n", "successes and"),
    ("S", "Ann", *GUESS, 1.5, "n", "between 0 and 1"),
    ("S", "Ann", *GUESS, float("nan"), "n", "between 0 and 1"),
    ("S", "Ann", *GUESS, True, "n", "between 0 and 1"),
    ("S", "Ann", *GUESS, "0.3", "n", "between 0 and 1"),
    ("S", "Ann", *GUESS, 0.3, "", "its own id"),
    ("S", "Ann", *GUESS, 0.3, "a b", "its own id"),
    ("S", "Ann", *GUESS, 0.3, None, "its own id"),
])
def test_a_hostile_submission_is_refused_and_writes_nothing(
        store: ClassStore, session: object, name: object, lesson: object, key: object,
        value: object, nonce: object, why: str) -> None:
    if session == "S":
        session = new_session()
    with pytest.raises(ClassError, match=f"(?i){why}"):
        store.submit(session, name, lesson, key, value, nonce=nonce)
    assert store.rows(token=store.token) == []


@settings(max_examples=150, deadline=None)
@given(st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=20),
                 st.dictionaries(st.text(max_size=10), st.integers() | st.floats(), max_size=3)))
def test_any_value_is_stored_in_range_or_refused(tmp_path_factory: pytest.TempPathFactory,
                                                 value: object) -> None:
    store = ClassStore.create(tmp_path_factory.mktemp("fuzz") / "class.sqlite")
    for lesson, key in (GUESS, FLIPS):
        try:
            store.submit(new_session(), "Ann", lesson, key, value, nonce="n")
        except ClassError:
            continue
    for row in store.rows(token=store.token):
        if row["kind"] == "prediction":
            assert 0.0 <= row["value"] <= 1.0
        else:
            assert 0 <= row["successes"] <= row["trials"] <= 1000 and row["trials"] > 0


def test_a_page_that_floods_is_slowed_down(store: ClassStore) -> None:
    me = new_session()
    for i in range(PER_MINUTE):
        store.submit(me, "Ann", *GUESS, 0.3, nonce=f"n{i}")
    with pytest.raises(ClassError, match="in a minute"):
        store.submit(me, "Ann", *GUESS, 0.3, nonce="one-more")
    assert len(store.rows(token=store.token)) == PER_MINUTE
    store.submit(new_session(), "Bob", *GUESS, 0.3, nonce="n0")  # others are not slowed


def test_students_read_pooled_figures_only_once_revealed(store: ClassStore) -> None:
    store.submit(new_session(), "Ann", *FLIPS, trials(4, 10), nonce="a")
    with pytest.raises(ClassError, match="reveals"):
        store.pooled(*FLIPS)
    with pytest.raises(ClassError, match="teacher's link"):
        store.reveal("guessed-token", *FLIPS)
    with pytest.raises(ClassError, match="teacher's link"):
        store.reveal(None, *FLIPS)
    assert not store.revealed(*FLIPS)
    store.reveal(store.token, *FLIPS)
    assert store.pooled(*FLIPS).trials == 10
    with pytest.raises(ClassError, match="reveals"):  # a reveal opens only its own key
        store.pooled(*GUESS)


def test_names_and_rows_are_the_teachers_only(store: ClassStore) -> None:
    store.submit(new_session(), "<b>Ann</b>", *GUESS, 0.3, nonce="a")
    for read in (lambda t: store.rows(token=t), lambda t: store.answered(GUESS[0], token=t)):
        with pytest.raises(ClassError):
            read("")
    assert store.answered(GUESS[0], token=store.token) == {"both_gold": ["<b>Ann</b>"]}


def test_export_writes_every_row_as_csv(store: ClassStore, tmp_path: Path) -> None:
    store.submit(new_session(), "Ann, the first", *FLIPS, trials(4, 10), nonce="a")
    store.submit(new_session(), "Bob", *GUESS, 0.25, nonce="b")
    out = store.export(tmp_path / "class.csv", token=store.token)
    with out.open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert [r["name"] for r in rows] == ["Ann, the first", "Bob"]
    assert (rows[0]["successes"], rows[0]["trials"], rows[1]["value"]) == ("4", "10", "0.25")
    with pytest.raises(ClassError):
        store.export(tmp_path / "stolen.csv", token="nope")


# ---------------------------------------------------------------- many kernels at once

STUDENTS = 6
EACH = 25


def _student(path: str, index: int) -> None:
    """One student kernel: its own connection, EACH experiments and a prediction."""
    store = ClassStore.open(path)
    me = new_session()
    for i in range(EACH):
        store.submit(me, f"student {index}", *FLIPS, trials(i % 3, 3), nonce=f"t{i}")
    store.submit(me, f"student {index}", *GUESS, index / 10, nonce="guess")


def test_students_writing_at_once_lose_nothing_and_count_nothing_twice(tmp_path: Path) -> None:
    store = ClassStore.create(tmp_path / "class.sqlite")
    context = multiprocessing.get_context("spawn")
    kernels = [context.Process(target=_student, args=(str(store.path), i))
               for i in range(STUDENTS)]
    for kernel in kernels:
        kernel.start()
    for kernel in kernels:
        kernel.join(120)
        assert kernel.exitcode == 0
    pooled = store.pooled(*FLIPS, token=store.token)
    per_student = sum(i % 3 for i in range(EACH))
    assert (pooled.successes, pooled.trials) == (STUDENTS * per_student, STUDENTS * EACH * 3)
    assert len(pooled.students) == STUDENTS
    # the figures equal a recount from the file, by another reader
    recount = sqlite3.connect(store.path).execute(
        "SELECT SUM(successes), SUM(trials), COUNT(*) FROM submission WHERE key='first_flip'"
    ).fetchone()
    assert recount == (pooled.successes, pooled.trials, STUDENTS * EACH)
    assert sorted(store.pooled(*GUESS, token=store.token).values) == [
        i / 10 for i in range(STUDENTS)]


def _flooding_writer(path: str, session: str) -> None:
    store = ClassStore.open(path)
    i = 0
    while True:  # killed from outside, mid-write
        store.submit(session, "Ann", *FLIPS, trials(1, 2), nonce=f"k{i}")
        i += 1
        if i >= PER_MINUTE - 1:
            i = 0  # the same nonces again: counted once


def test_a_kernel_killed_mid_submit_leaves_the_class_whole(tmp_path: Path) -> None:
    store = ClassStore.create(tmp_path / "class.sqlite")
    session = new_session()
    context = multiprocessing.get_context("spawn")
    writer = context.Process(target=_flooding_writer, args=(str(store.path), session))
    writer.start()
    for _ in range(200):  # wait until it writes
        if store.rows(token=store.token):
            break
        writer.join(0.05)
    assert writer.pid is not None
    os.kill(writer.pid, signal.SIGKILL)
    writer.join(10)
    reopened = ClassStore.open(store.path)
    rows = reopened.rows(token=reopened.token)
    assert 0 < len(rows) <= PER_MINUTE - 1
    assert len({r["id"] for r in rows}) == len(rows)
    # the page retries what it sent: nothing is counted twice
    for i in range(PER_MINUTE - 1):
        reopened.submit(session, "Ann", *FLIPS, trials(1, 2), nonce=f"k{i}")
    assert reopened.pooled(*FLIPS, token=reopened.token).trials == 2 * (PER_MINUTE - 1)


OLD_SCHEMA = """
CREATE TABLE class (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE submission (id INTEGER PRIMARY KEY, session TEXT NOT NULL, name TEXT NOT NULL,
    lesson TEXT NOT NULL, key TEXT NOT NULL, kind TEXT NOT NULL, value REAL, successes INTEGER,
    trials INTEGER, at REAL NOT NULL, nonce TEXT NOT NULL, UNIQUE (session, nonce));
CREATE TABLE reveal (lesson TEXT NOT NULL, key TEXT NOT NULL, at REAL NOT NULL,
    PRIMARY KEY (lesson, key));
INSERT INTO class VALUES ('token', 'old-token'), ('started', '0');
"""


def test_a_class_file_from_before_the_server_gets_names_and_tallies(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    old = sqlite3.connect(path)
    old.executescript(OLD_SCHEMA)
    ann, bob, ann_again = new_session(), new_session(), new_session()
    old.executemany("INSERT INTO submission (session, name, lesson, key, kind, value, successes,"
                    " trials, at, nonce) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?)", [
                        (ann, "Ann", *FLIPS, "trials", None, 3, 10, "a"),
                        (ann, "Ann", *FLIPS, "trials", None, 4, 10, "b"),
                        (bob, "Bob", *GUESS, "prediction", 0.2, None, None, "c"),
                        (bob, "Bob", *GUESS, "prediction", 0.4, None, None, "d"),
                        (ann_again, "ANN", *FLIPS, "trials", None, 1, 5, "e")])
    old.commit()
    old.close()
    store = ClassStore.open(path)
    pooled = store.pooled(*FLIPS, token="old-token")
    assert (pooled.successes, pooled.trials) == (8, 25)
    assert [name for name, _, _ in pooled.students] == ["Ann", "ANN (2)"]  # one name each
    assert store.pooled(*GUESS, token="old-token").values == (0.4,)
    assert store.changes() == 5
    store.submit(bob, None, *GUESS, 0.3, nonce="f")  # Bob goes on under his name
    assert store.pooled(*GUESS, token="old-token").values == (0.3,)


def test_names_fold_case_width_and_look_alikes_but_not_other_names() -> None:
    from goldlab.classroom.names import fold

    same = ["Ann", "ANN", "ann", " Ann", "\u0410nn", "\uff21\uff4e\uff4e", "\u0391nn"]
    assert len({fold(name) for name in same}) == 1
    assert fold("Olga") == fold("0lga") and fold("Ivan") == fold("lvan")
    assert fold("Marie") == fold("rnarie")  # rn is read as m
    different = ["Ann", "Anna", "Ana", "Añn", "Anne", "Ben"]
    assert len({fold(name) for name in different}) == len(different)


def test_a_student_renames_themself_and_the_teacher_hides_and_renames(
        store: ClassStore) -> None:
    from goldlab.classroom.store import NameTaken

    ann, bob = new_session(), new_session()
    assert store.set_name(ann, " Ann  Lee ") == "Ann Lee"
    store.set_name(bob, "Bob")
    with pytest.raises(NameTaken):
        store.set_name(bob, "ANN LEE")
    store.submit(ann, None, *FLIPS, trials(4, 10), nonce="a")
    store.submit(bob, None, *FLIPS, trials(1, 10), nonce="b")
    store.set_name(ann, "Annie")
    assert [n for n, _, _ in store.pooled(*FLIPS, token=store.token).students] == [
        "Annie", "Bob"]
    store.hide(store.token, bob, True)
    assert store.pooled(*FLIPS, token=store.token).trials == 10
    store.rename(store.token, ann, "A.")
    assert store.student(ann) == store.students(token=store.token)[0]
    assert store.student(ann).name == "A."  # type: ignore[union-attr]
    with pytest.raises(ClassError):
        store.hide("wrong", ann, True)
