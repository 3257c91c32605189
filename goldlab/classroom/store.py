"""The class store: one SQLite file per class, where every student's page writes its rows.

A class (issues 34 and 45) pools what every student predicts and every trial they run.  The
store is the standard library's SQLite in WAL mode (the class server writes, the dashboard
reads, nobody waits long), one file per class: ending a class keeps the file, a new class
starts a new, empty one.

Everything a student's page sends is untrusted.  :meth:`ClassStore.submit` writes a row only
when

* the lesson asks for that key (:mod:`goldlab.classroom.asks`) and the value is of its kind
  and in range (a share in [0, 1], ``0 <= successes <= trials <= max_trials``);
* the student (an anonymous random id: the class server's cookie) has a name, unique in the
  class regardless of case and look-alike letters (:mod:`goldlab.classroom.names`);
* the student has sent fewer than :data:`PER_MINUTE` rows in the last minute (counted from
  the file, so a reload or a restart does not reset it);

and a row sent twice (a retry after a lost answer carries the same ``nonce``) is counted
once.  Each row also updates its student's **tally** for that key (the running sums of an
experiment, the latest guess of a prediction) in the same transaction, so the dashboard and
the pooled figures read one small row per student and key however many rows the class has
sent.  Pooled figures are read by the teacher (with the class's token) or, once the teacher
has revealed a key, by students.  The teacher may hide a student (left out of every pooled
figure) or rename one.  When the file cannot be written (locked by another program,
read-only, the disk full) a write raises :class:`NotSaved`, whose ``cause`` is SQLite's own
reason, and nothing is half-written.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> store = ClassStore.create(folder / "class.sqlite")
>>> me = new_session()
>>> store.submit(me, "Ann", "1-flip-the-odds", "first_flip", {"successes": 4, "trials": 10},
...              nonce="a1").counted
True
>>> store.pooled("1-flip-the-odds", "first_flip", token=store.token).trials
10
"""

from __future__ import annotations

import csv
import hmac
import io
import math
import os
import re
import secrets
import threading
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from goldlab.classroom.asks import Ask, ask, asks, lessons
from goldlab.classroom.names import NAME_LIMIT, NameRefused, clean, fold

if TYPE_CHECKING:
    import sqlite3

PER_MINUTE = 30
"""The most rows one student may write in a minute (a page that floods is refused)."""
SESSION = re.compile(r"[0-9a-f]{32}")
"""An anonymous student id: 32 hexadecimal digits, made by :func:`new_session`."""
NONCE = re.compile(r"[0-9A-Za-z_-]{1,64}")
"""A submission's own id, the same on a retry."""
BINS = 20
"""A prediction's histogram: twenty bins of 0.05 from 0 to 1."""
NOT_SAVED = "Not saved: tell your teacher."
"""What a student reads when the class file cannot be written (the teacher's terminal gets
the real cause)."""
NEEDS_NAME = "Type your name for the class first."

SCHEMA = """
CREATE TABLE IF NOT EXISTS class (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS submission (
    id INTEGER PRIMARY KEY,
    session TEXT NOT NULL,
    name TEXT NOT NULL,
    lesson TEXT NOT NULL,
    key TEXT NOT NULL,
    kind TEXT NOT NULL,
    value REAL,
    successes INTEGER,
    trials INTEGER,
    at REAL NOT NULL,
    nonce TEXT NOT NULL,
    UNIQUE (session, nonce)
);
CREATE INDEX IF NOT EXISTS submission_key ON submission (lesson, key);
CREATE INDEX IF NOT EXISTS submission_session ON submission (session, at);
CREATE TABLE IF NOT EXISTS reveal (
    lesson TEXT NOT NULL,
    key TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (lesson, key)
);
CREATE TABLE IF NOT EXISTS student (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    folded TEXT NOT NULL UNIQUE,
    hidden INTEGER NOT NULL DEFAULT 0,
    at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS tally (
    lesson TEXT NOT NULL,
    key TEXT NOT NULL,
    session TEXT NOT NULL,
    successes INTEGER NOT NULL DEFAULT 0,
    trials INTEGER NOT NULL DEFAULT 0,
    guess REAL,
    rows INTEGER NOT NULL DEFAULT 0,
    first INTEGER NOT NULL,
    PRIMARY KEY (lesson, key, session)
);
"""
"""The class file's tables.  ``submission`` holds every row as sent (the record);
``student`` each student's name; ``tally`` each student's running figures per key (kept in
step with ``submission`` in the same transaction); ``class`` the token, the title, the start
time and ``changes``, a counter that grows with every write (the dashboard's cheap check)."""


class ClassError(ValueError):
    """A submission or a read the store refuses, with the reason a person can read."""


class NameTaken(ClassError):
    """The name (or a look-alike of it) is another student's."""


class NotSaved(ClassError):
    """The class file could not be written; ``cause`` is SQLite's reason (for the teacher)."""

    def __init__(self, cause: BaseException) -> None:
        super().__init__(NOT_SAVED)
        self.cause = cause


def new_session() -> str:
    """A fresh anonymous student id (what the class server's cookie holds)."""
    return secrets.token_hex(16)


@dataclass(frozen=True)
class Receipt:
    """What :meth:`ClassStore.submit` did: ``counted`` is False for a repeated nonce."""

    counted: bool
    row: int


@dataclass(frozen=True)
class Student:
    """One student of the class: the id (cookie), the name shown, hidden by the teacher."""

    id: str
    name: str
    hidden: bool = False


@dataclass(frozen=True)
class Pooled:
    """A key's pooled figures: every student's values, or every student's trials combined.

    For a prediction, ``values`` holds each student's latest value; for an experiment,
    ``successes`` and ``trials`` are the class's totals and ``students`` each student's own
    ``(name, successes, trials)``.  Hidden students are left out.
    """

    lesson: str
    key: str
    kind: str
    values: tuple[float, ...] = ()
    successes: int = 0
    trials: int = 0
    students: tuple[tuple[str, int, int], ...] = field(default=())

    @property
    def estimate(self) -> float:
        """The class's pooled share (NaN before any trial)."""
        return self.successes / self.trials if self.trials else math.nan


class RateLimited(ClassError):
    """A student sent more rows in a minute than :data:`PER_MINUTE`."""


class ClassStore:
    """One class's SQLite file.  Open with :meth:`create` (a new class) or :meth:`open`.

    It keeps two connections, one that writes and one that reads, each behind its own lock,
    so a write that waits for a locked file never holds up the class's reads (WAL: readers
    see the last committed rows while a writer works).  ``busy`` is how long a write waits
    for a file another program holds before it gives up with :class:`NotSaved`.
    """

    def __init__(self, path: Path, *, _connection: sqlite3.Connection,
                 _reader: sqlite3.Connection | None = None) -> None:
        self.path = path
        self._db = _connection
        self._reader = _reader if _reader is not None else _connection
        self._lock = threading.RLock()  # calls may come from more than one thread
        self._read_lock = threading.RLock() if _reader is not None else self._lock
        self._token: str | None = None

    # ------------------------------------------------------------------ opening

    @classmethod
    def create(cls, path: str | Path, *, title: str | None = None,
               busy: float = 10.0) -> ClassStore:
        """Start a new, empty class in ``path`` (refused if the file exists: a class's rows
        are never overwritten).  ``title`` is what students' pages show (default: "Class of"
        and today's date)."""
        path = Path(path)
        if path.exists():
            raise ClassError(f"{path} already holds a class: a new class needs a new file")
        path.parent.mkdir(parents=True, exist_ok=True)
        title = title or f"Class of {datetime.now():%Y-%m-%d %H:%M}"
        db = _connect(path, busy)
        db.executescript(SCHEMA)  # its own transaction: executescript commits first
        db.execute("BEGIN IMMEDIATE")
        db.execute("INSERT INTO class VALUES ('token', ?), ('started', ?), ('title', ?),"
                   " ('changes', '0')", (secrets.token_urlsafe(18), repr(time.time()), title))
        db.execute("COMMIT")
        return cls(path, _connection=db, _reader=_connect(path, busy, reader=True))

    @classmethod
    def open(cls, path: str | Path, *, busy: float = 10.0) -> ClassStore:
        """Open the class in ``path`` (the class server, a restart, an export).  A file from
        before issue 45 gets its names and tallies made from its rows."""
        path = Path(path)
        if not path.is_file():
            raise ClassError(f"no class at {path}: start one with `goldlab classroom`")
        import sqlite3  # only where a class file is opened (a student's page in a browser
                        # has no sqlite3: it sends to the class server, it opens no file)

        try:
            store = cls(path, _connection=_connect(path, busy),
                        _reader=_connect(path, busy, reader=True))
            store._setting("token")
            store._upgrade()
        except sqlite3.OperationalError as error:  # the file is there but cannot be used
            raise ClassError(_cannot_open(path, error)) from None
        except sqlite3.DatabaseError as error:
            raise ClassError(f"{path} is not a goldlab class file ({error})") from None
        return store

    def close(self) -> None:
        """Close the file (rows already written stay)."""
        self._db.close()
        if self._reader is not self._db:
            self._reader.close()

    @property
    def token(self) -> str:
        """The teacher's token: the dashboard, a reveal, hiding and renaming need it."""
        if self._token is None:
            self._token = self._setting("token")
        return self._token

    @property
    def title(self) -> str:
        """The class's title (what students' pages show)."""
        found = self._read("SELECT value FROM class WHERE key = 'title'")
        return str(found[0][0]) if found else self.path.stem

    def is_teacher(self, token: object) -> bool:
        """Whether ``token`` is this class's teacher token (compared in constant time)."""
        return isinstance(token, str) and len(token) < 200 and hmac.compare_digest(
            token.encode(), self.token.encode())

    # ------------------------------------------------------------------ students

    def student(self, session: object) -> Student | None:
        """The student with this id, or None (no name yet, or no such id)."""
        if not isinstance(session, str) or not SESSION.fullmatch(session):
            return None
        found = self._read("SELECT id, name, hidden FROM student WHERE id = ?", (session,))
        return Student(str(found[0][0]), str(found[0][1]), bool(found[0][2])) if found else None

    def students(self, *, token: object) -> list[Student]:
        """Every student with a name, in the order they joined (for the teacher)."""
        self._teacher(token)
        return [Student(str(i), str(n), bool(h)) for i, n, h in
                self._read("SELECT id, name, hidden FROM student ORDER BY at, id")]

    def set_name(self, session: object, name: object) -> str:
        """Give the student ``session`` the name ``name`` (a first name, or a new one: their
        rows stay theirs), as shown; :class:`NameTaken` if it is another student's name or
        a look-alike of it."""
        session_id = _session(session)
        display = _name(name)
        with self._write():
            self._claim(session_id, display)
        return display

    def rename(self, token: object, session: object, name: object) -> str:
        """The teacher renames a student (a name that should not be on the projector)."""
        self._teacher(token)
        session_id = _session(session)
        display = _name(name)
        with self._write():
            if not self._db.execute("SELECT 1 FROM student WHERE id = ?",
                                    (session_id,)).fetchone():
                raise ClassError("There is no such student in this class.")
            self._claim(session_id, display)
        return display

    def hide(self, token: object, session: object, hidden: bool = True) -> None:
        """The teacher hides a student (left out of every pooled figure) or shows them."""
        self._teacher(token)
        session_id = _session(session)
        with self._write():
            cursor = self._db.execute("UPDATE student SET hidden = ? WHERE id = ?",
                                      (int(bool(hidden)), session_id))
            if cursor.rowcount == 0:
                raise ClassError("There is no such student in this class.")
            self._changed()

    # ------------------------------------------------------------------ writing

    def submit(self, session: object, name: object, lesson: object, key: object,
               value: object, *, nonce: object) -> Receipt:
        """Write one row from a student's page, or refuse it with a :class:`ClassError`.

        ``value`` is a share in [0, 1] for a prediction, ``{"successes": s, "trials": n}``
        for an experiment.  ``name`` None sends under the student's name (they must have
        one); a text claims that name first (as :meth:`set_name`).  Nothing is written when
        anything is refused.
        """
        session_id = _session(session)
        display = None if name is None else _name(name)
        wanted = _ask(lesson, key)
        if not isinstance(nonce, str) or not NONCE.fullmatch(nonce):
            raise ClassError("A submission needs its own id (letters, digits, - or _).")
        row = _row(wanted, value)
        now = time.time()
        with self._write():
            known = self._db.execute("SELECT id FROM submission WHERE session = ? AND nonce = ?",
                                     (session_id, nonce)).fetchone()
            if known is not None:
                return Receipt(counted=False, row=int(known[0]))
            if display is not None:
                self._claim(session_id, display)
            named = self._db.execute("SELECT name FROM student WHERE id = ?",
                                     (session_id,)).fetchone()
            if named is None:
                raise ClassError(NEEDS_NAME)
            (recent,) = self._db.execute(
                "SELECT COUNT(*) FROM submission WHERE session = ? AND at > ?",
                (session_id, now - 60.0)).fetchone()
            if recent >= PER_MINUTE:
                raise RateLimited(f"More than {PER_MINUTE} results in a minute: wait a moment.")
            cursor = self._db.execute(
                "INSERT INTO submission (session, name, lesson, key, kind, value, successes,"
                " trials, at, nonce) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (session_id, named[0], wanted.lesson, wanted.key, wanted.kind, row["value"],
                 row["successes"], row["trials"], now, nonce))
            row_id = int(cursor.lastrowid or 0)
            self._db.execute(
                "INSERT INTO tally (lesson, key, session, successes, trials, guess, rows, first)"
                " VALUES (?, ?, ?, ?, ?, ?, 1, ?) ON CONFLICT (lesson, key, session) DO UPDATE"
                " SET successes = successes + excluded.successes,"
                " trials = trials + excluded.trials,"
                " guess = COALESCE(excluded.guess, guess), rows = rows + 1",
                (wanted.lesson, wanted.key, session_id, row["successes"] or 0,
                 row["trials"] or 0, row["value"], row_id))
            self._changed()
            return Receipt(counted=True, row=row_id)

    def reveal(self, token: object, lesson: str, key: str) -> None:
        """Let students read ``key``'s pooled figures (the teacher's decision, needs the token)."""
        self._teacher(token)
        wanted = _ask(lesson, key)
        with self._write():
            self._db.execute("INSERT OR IGNORE INTO reveal VALUES (?, ?, ?)",
                             (wanted.lesson, wanted.key, time.time()))
            self._changed()

    def revealed(self, lesson: str, key: str) -> bool:
        """Whether the teacher has revealed ``key`` of ``lesson`` to the class."""
        return bool(self._read("SELECT 1 FROM reveal WHERE lesson = ? AND key = ?",
                               (lesson, key)))

    # ------------------------------------------------------------------ reading

    def changes(self) -> int:
        """A number that grows with every write (row, name, hide, rename, reveal): the
        dashboard redraws only when it moved."""
        found = self._read("SELECT value FROM class WHERE key = 'changes'")
        return int(found[0][0]) if found else self.last_row()

    def last_row(self) -> int:
        """The newest row's id (0 before any)."""
        (last,) = self._read("SELECT COALESCE(MAX(id), 0) FROM submission")[0]
        return int(last)

    def pooled(self, lesson: str, key: str, *, token: object = None) -> Pooled:
        """The class's figures for ``key``: for the teacher (``token``), or for anyone once
        the teacher has revealed them.  Hidden students are left out."""
        wanted = _ask(lesson, key)
        if not self.is_teacher(token) and not self.revealed(wanted.lesson, wanted.key):
            raise ClassError("The class's results are shown once the teacher reveals them.")
        points = [p for p in self._points(wanted.lesson, wanted.key) if not p["hidden"]]
        if wanted.kind == "prediction":
            return Pooled(wanted.lesson, wanted.key, wanted.kind,
                          values=tuple(float(p["guess"]) for p in points))
        return Pooled(wanted.lesson, wanted.key, wanted.kind,
                      successes=sum(p["successes"] for p in points),
                      trials=sum(p["trials"] for p in points),
                      students=tuple((p["name"], p["successes"], p["trials"]) for p in points))

    def figures(self, lesson: str, key: str) -> dict[str, Any]:
        """``key``'s pooled figures as a student's page reads them (the class API's
        ``/api/pooled``): ``{"revealed": False}`` until the teacher reveals them."""
        wanted = _ask(lesson, key)
        if not self.revealed(wanted.lesson, wanted.key):
            return {"revealed": False}
        return {"revealed": True, **_aggregate(wanted, [
            p for p in self._points(wanted.lesson, wanted.key) if not p["hidden"]])}

    def summary(self, lesson: str, *, token: object,
                exact: Mapping[tuple[str, str], float | None] | None = None) -> dict[str, Any]:
        """The teacher's dashboard of ``lesson``, from the tallies: per key its kind, title,
        exact answer (from ``exact``), whether revealed, the pooled figures (hidden students
        left out) and one point per student; and every student.  Its size depends on the
        number of students, not of rows."""
        self._teacher(token)
        if lesson not in lessons():
            raise ClassError("This lesson is not part of the class.")
        with self._read_lock:  # one snapshot: the counter matches the figures
            self._reader.execute("BEGIN")
            try:
                last = self.changes()
                rows = self.last_row()
                revealed = {str(k) for (k,) in self._read(
                    "SELECT key FROM reveal WHERE lesson = ?", (lesson,))}
                points = self._points(lesson)
                students = self._read("SELECT id, name, hidden FROM student ORDER BY at, id")
            finally:
                self._reader.execute("COMMIT")
        out = []
        for item in asks(lesson):
            mine = [p for p in points if p["key"] == item.key]
            out.append({"key": item.key, "kind": item.kind, "title": item.title,
                        "exact": (exact or {}).get((item.lesson, item.key)),
                        "revealed": item.key in revealed,
                        **_aggregate(item, [p for p in mine if not p["hidden"]]),
                        "points": [_point(item, p) for p in mine]})
        return {"last": last, "rows": rows, "changed": True, "lesson": lesson, "asks": out,
                "students": [{"id": str(i), "name": str(n), "hidden": bool(h)}
                             for i, n, h in students]}

    def answered(self, lesson: str, *, token: object) -> dict[str, list[str]]:
        """Who has sent something for each key of ``lesson`` (names, for the teacher only)."""
        self._teacher(token)
        who: dict[str, list[str]] = {}
        for point in self._points(lesson):
            who.setdefault(point["key"], []).append(point["name"])
        return who

    def rows(self, *, token: object) -> list[dict[str, Any]]:
        """Every row of the class, oldest first (for the teacher: names included)."""
        self._teacher(token)
        found = self._read(f"SELECT {', '.join(_COLUMNS)} FROM submission ORDER BY id")
        return [dict(zip(_COLUMNS, row, strict=True)) for row in found]

    def export_csv(self, *, token: object) -> str:
        """Every row as CSV text, with each student's current name and whether the teacher
        hid them; a cell that a spreadsheet would read as a formula (starting with ``=``,
        ``+``, ``-``, ``@``, a tab or a carriage return) gets a leading apostrophe."""
        self._teacher(token)
        found = self._read(
            "SELECT s.id, s.session, COALESCE(st.name, s.name), COALESCE(st.hidden, 0),"
            " s.lesson, s.key, s.kind, s.value, s.successes, s.trials, s.at"
            " FROM submission s LEFT JOIN student st ON st.id = s.session ORDER BY s.id")
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(EXPORT_COLUMNS)
        for row in found:
            cells = list(row)
            cells[3] = int(cells[3])
            cells[10] = datetime.fromtimestamp(float(cells[10]), UTC).isoformat(
                timespec="seconds")
            writer.writerow([_safe_cell(cell) for cell in cells])
        return out.getvalue()

    def export(self, path: str | Path, *, token: object) -> Path:
        """Write the class's rows to ``path`` (``.csv``, or ``.parquet`` with pandas) for a
        later lesson."""
        path = Path(path)
        if path.suffix == ".parquet":
            import pandas as pd

            pd.DataFrame(self.rows(token=token)).to_parquet(path)
            return path
        text = self.export_csv(token=token)
        path.write_text(text, encoding="utf-8", newline="")
        return path

    # ------------------------------------------------------------------ inside

    def _points(self, lesson: str, key: str | None = None) -> list[dict[str, Any]]:
        """Each student's tally of ``lesson`` (of ``key`` only, if given), oldest first."""
        found = self._read(
            "SELECT t.key, t.session, COALESCE(s.name, ''), COALESCE(s.hidden, 0), t.successes,"
            " t.trials, t.guess, t.rows FROM tally t LEFT JOIN student s ON s.id = t.session"
            " WHERE t.lesson = ? AND (? IS NULL OR t.key = ?) ORDER BY t.first",
            (lesson, key, key))
        return [{"key": str(k), "id": str(i), "name": str(n), "hidden": bool(h),
                 "successes": int(s), "trials": int(t), "guess": g, "rows": int(r)}
                for k, i, n, h, s, t, g, r in found]

    def _claim(self, session_id: str, display: str) -> None:
        """Inside a write: give ``session_id`` the name ``display`` unless another holds it."""
        folded = fold(display)
        owner = self._db.execute("SELECT id FROM student WHERE folded = ?", (folded,)).fetchone()
        if owner is not None and owner[0] != session_id:
            raise NameTaken("Another student has that name: add a letter or your surname.")
        mine = self._db.execute("SELECT name FROM student WHERE id = ?",
                                (session_id,)).fetchone()
        if mine is None:
            self._db.execute("INSERT INTO student (id, name, folded, at) VALUES (?, ?, ?, ?)",
                             (session_id, display, folded, time.time()))
        elif mine[0] != display:
            self._db.execute("UPDATE student SET name = ?, folded = ? WHERE id = ?",
                             (display, folded, session_id))
        else:
            return
        self._changed()

    def _changed(self) -> None:
        self._db.execute("UPDATE class SET value = CAST(value AS INTEGER) + 1"
                         " WHERE key = 'changes'")

    def _upgrade(self) -> None:
        """Bring a class file from before issue 45 up to date (students, tallies, counter);
        a file that cannot be written is left as it is (it is read as it is)."""
        import sqlite3

        try:
            self._db.executescript(SCHEMA)
            if self._read("SELECT 1 FROM class WHERE key = 'changes'"):
                return
            with self._write():
                self._db.execute("INSERT OR IGNORE INTO class VALUES ('changes', ?)",
                                 (str(self._db.execute("SELECT COALESCE(MAX(id), 0) FROM "
                                                       "submission").fetchone()[0]),))
                taken: set[str] = set()
                for session, name in self._db.execute(
                        "SELECT session, name FROM submission s WHERE id = (SELECT MAX(id) FROM"
                        " submission WHERE session = s.session) ORDER BY id").fetchall():
                    shown, n = str(name)[:NAME_LIMIT - 4], 1
                    while fold(shown if n == 1 else f"{shown} ({n})") in taken:
                        n += 1
                    shown = shown if n == 1 else f"{shown} ({n})"
                    taken.add(fold(shown))
                    self._db.execute("INSERT OR IGNORE INTO student VALUES (?, ?, ?, 0, ?)",
                                     (session, shown, fold(shown), time.time()))
                self._db.execute(
                    "INSERT OR IGNORE INTO tally SELECT lesson, key, session,"
                    " COALESCE(SUM(successes), 0), COALESCE(SUM(trials), 0),"
                    " (SELECT value FROM submission l WHERE l.session = s.session AND"
                    " l.lesson = s.lesson AND l.key = s.key ORDER BY id DESC LIMIT 1),"
                    " COUNT(*), MIN(id) FROM submission s GROUP BY lesson, key, session")
        except (sqlite3.OperationalError, NotSaved):
            pass  # read-only: nothing to bring up to date here

    def _setting(self, key: str) -> str:
        found = self._read("SELECT value FROM class WHERE key = ?", (key,))
        if not found:
            raise ClassError(f"{self.path} has no {key}: it is not a goldlab class file")
        return str(found[0][0])

    def _teacher(self, token: object) -> None:
        if not self.is_teacher(token):
            raise ClassError("only the teacher's link can do this")

    @contextmanager
    def _write(self) -> Iterator[None]:
        """One write transaction, taken at once (BEGIN IMMEDIATE), so that the checks and the
        insert see the same rows even with several writers.  SQLite's refusals (locked,
        read-only, disk full) become :class:`NotSaved`; nothing is half-written."""
        import sqlite3

        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as error:
                raise NotSaved(error) from None
            try:
                yield
                self._db.execute("COMMIT")
            except BaseException as error:
                with suppress(sqlite3.Error):  # gone already if SQLite rolled it back
                    self._db.execute("ROLLBACK")
                if isinstance(error, sqlite3.Error):
                    raise NotSaved(error) from None
                raise

    def _read(self, sql: str, parameters: tuple[Any, ...] = ()) -> list[Any]:
        with self._read_lock:
            return self._reader.execute(sql, parameters).fetchall()


_COLUMNS = ("id", "session", "name", "lesson", "key", "kind", "value", "successes", "trials",
            "at")
EXPORT_COLUMNS = ("id", "student", "name", "hidden", "lesson", "key", "kind", "value",
                  "successes", "trials", "at")
"""The columns of the CSV export (``student`` is the anonymous id, ``name`` the current one,
``at`` the time in UTC)."""
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _safe_cell(cell: object) -> object:
    """A cell as written to CSV: text that a spreadsheet would run as a formula gets a
    leading apostrophe (OWASP's advice against CSV injection)."""
    if isinstance(cell, str) and cell.startswith(FORMULA_START):
        return "'" + cell
    return "" if cell is None else cell


def _aggregate(item: Ask, points: list[dict[str, Any]]) -> dict[str, Any]:
    """The pooled figures of one key from its students' tallies."""
    if item.kind == "prediction":
        guesses = [float(p["guess"]) for p in points if p["guess"] is not None]
        bins = [0] * BINS
        for guess in guesses:
            bins[min(int(guess * BINS), BINS - 1)] += 1
        return {"kind": "prediction", "count": len(guesses),
                "mean": sum(guesses) / len(guesses) if guesses else None,
                "bins": [[i / BINS, (i + 1) / BINS, n] for i, n in enumerate(bins)]}
    successes = sum(p["successes"] for p in points)
    trials = sum(p["trials"] for p in points)
    low, high = wilson(successes, trials)
    return {"kind": "trials", "successes": successes, "trials": trials,
            "students": sum(1 for p in points if p["trials"]),
            "estimate": successes / trials if trials else None, "low": low, "high": high}


def _point(item: Ask, point: dict[str, Any]) -> dict[str, Any]:
    """One student's point on the dashboard."""
    mine = {"id": point["id"], "name": point["name"], "hidden": point["hidden"]}
    if item.kind == "prediction":
        return {**mine, "guess": point["guess"]}
    return {**mine, "successes": point["successes"], "trials": point["trials"]}


def wilson(successes: int, trials: int, z: float = 1.959963984540054) -> tuple[float | None,
                                                                                float | None]:
    """Wilson's 95 % interval for ``successes`` of ``trials`` (None, None before any trial)."""
    if trials <= 0:
        return None, None
    share = successes / trials
    middle = (share + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) / (
        1 + z * z / trials)
    return max(0.0, middle - half), min(1.0, middle + half)


def _cannot_open(path: Path, error: Exception) -> str:
    """Why a class file that exists cannot be opened, in the teacher's words: a read-only
    folder or disk is named as such (SQLite only says "unable to open database file")."""
    folder = path.parent
    try:
        read_only = bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except OSError:
        read_only = False
    if read_only or not os.access(folder, os.W_OK) or not os.access(path, os.W_OK):
        return (f"the class file {path} cannot be written: its folder or disk is read-only "
                f"(SQLite says: {error}); copy it to a folder you can write to and name "
                "the copy with --class-file")
    return f"the class file {path} cannot be opened now ({error})"


def _connect(path: Path, busy: float, *, reader: bool = False) -> sqlite3.Connection:
    import sqlite3

    db = sqlite3.connect(path, timeout=busy, isolation_level=None, check_same_thread=False)
    db.execute(f"PRAGMA busy_timeout={int(busy * 1000)}")
    if not reader:
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
        except sqlite3.OperationalError:
            pass  # a read-only or locked file: its writes are refused later, one by one
    return db


def _session(session: object) -> str:
    if not isinstance(session, str) or not SESSION.fullmatch(session):
        raise ClassError("This page's student id is not valid: reload the page.")
    return session


def _name(name: object) -> str:
    try:
        return clean(name)
    except NameRefused as refused:
        raise ClassError(str(refused)) from None


def _ask(lesson: object, key: object) -> Ask:
    if not isinstance(lesson, str) or lesson not in lessons():
        raise ClassError("This lesson is not part of the class.")
    if not isinstance(key, str):
        raise ClassError("The lesson asks for no such thing.")
    try:
        return ask(lesson, key)
    except KeyError:
        raise ClassError("The lesson asks for no such thing.") from None


def _row(wanted: Ask, value: object) -> dict[str, Any]:
    """The columns of one submission of ``wanted``, or a :class:`ClassError`."""
    row: dict[str, Any] = {"value": None, "successes": None, "trials": None}
    if wanted.kind == "prediction":
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ClassError("A prediction is a number between 0 and 1.")
        share = float(value)
        if not 0.0 <= share <= 1.0:  # NaN fails both comparisons
            raise ClassError("A prediction is a number between 0 and 1.")
        row["value"] = share
    else:
        if not isinstance(value, Mapping) or set(value) != {"successes", "trials"}:
            raise ClassError("An experiment's result is a number of successes and of trials.")
        successes, trials = value["successes"], value["trials"]
        if not all(isinstance(n, int) and not isinstance(n, bool) for n in (successes, trials)):
            raise ClassError("An experiment's counts are whole numbers.")
        if not 0 <= successes <= trials <= wanted.max_trials or trials == 0:
            raise ClassError(f"An experiment sends 1 to {wanted.max_trials} trials at a time, "
                             "and no more successes than trials.")
        row["successes"], row["trials"] = successes, trials
    return row
