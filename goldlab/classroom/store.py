"""The class store: one SQLite file per class, where every student's page writes its rows.

A class (issue 34) pools what every student predicts and every trial they run.  The store is
the standard library's SQLite in WAL mode (many student kernels write, one dashboard reads,
nobody waits long), one file per class: ending a class keeps the file, a new class starts a
new, empty one.

Everything a student's page sends is untrusted.  :meth:`ClassStore.submit` writes a row only
when

* the lesson asks for that key (:mod:`goldlab.classroom.asks`) and the value is of its kind
  and in range (a share in [0, 1], ``0 <= successes <= trials <= max_trials``);
* the session is the page's own (an anonymous random id the page made) and the name is short
  and printable (it is escaped wherever shown, never trusted as HTML);
* the session has sent fewer than :data:`PER_MINUTE` rows in the last minute;

and a row sent twice (a retry after a lost answer carries the same ``nonce``) is counted
once.  Pooled figures are read by the teacher (with the class's token) or, once the teacher
has revealed a key, by students; before that a student's read is refused.

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
import math
import re
import secrets
import threading
import time
import unicodedata
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from goldlab.classroom.asks import Ask, ask, lessons

if TYPE_CHECKING:
    import sqlite3

PER_MINUTE = 30
"""The most rows one session may write in a minute (a page that floods is refused)."""
NAME_LIMIT = 40
"""The longest display name, in characters."""
SESSION = re.compile(r"[0-9a-f]{32}")
"""An anonymous session id: 32 hexadecimal digits, made by :func:`new_session`."""
NONCE = re.compile(r"[0-9A-Za-z_-]{1,64}")
"""A submission's own id, the same on a retry."""

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
"""


class ClassError(ValueError):
    """A submission or a read the store refuses, with the reason a person can read."""


def new_session() -> str:
    """A fresh anonymous session id (what a student's page sends with each row)."""
    return secrets.token_hex(16)


@dataclass(frozen=True)
class Receipt:
    """What :meth:`ClassStore.submit` did: ``counted`` is False for a repeated nonce."""

    counted: bool
    row: int


@dataclass(frozen=True)
class Pooled:
    """A key's pooled figures: every student's values, or every student's trials combined.

    For a prediction, ``values`` holds each session's latest value; for an experiment,
    ``successes`` and ``trials`` are the class's totals and ``students`` each session's own
    ``(name, successes, trials)``.
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


class ClassStore:
    """One class's SQLite file.  Open with :meth:`create` (a new class) or :meth:`open`."""

    def __init__(self, path: Path, *, _connection: sqlite3.Connection) -> None:
        self.path = path
        self._db = _connection
        self._lock = threading.RLock()  # widget callbacks may come from more than one thread

    # ------------------------------------------------------------------ opening

    @classmethod
    def create(cls, path: str | Path) -> ClassStore:
        """Start a new, empty class in ``path`` (refused if the file exists: a class's rows
        are never overwritten)."""
        path = Path(path)
        if path.exists():
            raise ClassError(f"{path} already holds a class: a new class needs a new file")
        path.parent.mkdir(parents=True, exist_ok=True)
        store = cls(path, _connection=_connect(path))
        store._db.executescript(SCHEMA)  # its own transaction: executescript commits first
        with store._write():
            store._db.execute("INSERT INTO class VALUES ('token', ?), ('started', ?)",
                              (secrets.token_urlsafe(18), repr(time.time())))
        return store

    @classmethod
    def open(cls, path: str | Path) -> ClassStore:
        """Open the class in ``path`` (a student kernel, the dashboard, or after a restart)."""
        path = Path(path)
        if not path.is_file():
            raise ClassError(f"no class at {path}: start one with `goldlab classroom`")
        import sqlite3  # only where a class file is opened (a student's page in a browser
                        # has no sqlite3: it sends to the class server, it opens no file)

        try:
            store = cls(path, _connection=_connect(path))
            store._setting("token")
        except sqlite3.DatabaseError as error:
            raise ClassError(f"{path} is not a goldlab class file ({error})") from None
        return store

    def close(self) -> None:
        """Close the file (rows already written stay)."""
        self._db.close()

    @property
    def token(self) -> str:
        """The teacher's token: the dashboard and a reveal need it."""
        return self._setting("token")

    def is_teacher(self, token: object) -> bool:
        """Whether ``token`` is this class's teacher token (compared in constant time)."""
        return isinstance(token, str) and hmac.compare_digest(token.encode(), self.token.encode())

    # ------------------------------------------------------------------ writing

    def submit(self, session: object, name: object, lesson: object, key: object,
               value: object, *, nonce: object) -> Receipt:
        """Write one row from a student's page, or refuse it with a :class:`ClassError`.

        ``value`` is a share in [0, 1] for a prediction, ``{"successes": s, "trials": n}``
        for an experiment.  Nothing is written when anything is refused.
        """
        session_id = _session(session)
        display = _name(name)
        wanted = _ask(lesson, key)
        if not isinstance(nonce, str) or not NONCE.fullmatch(nonce):
            raise ClassError("a submission needs its own id (letters, digits, - or _)")
        row = _row(wanted, value)
        now = time.time()
        with self._write():
            known = self._db.execute("SELECT id FROM submission WHERE session = ? AND nonce = ?",
                                     (session_id, nonce)).fetchone()
            if known is not None:
                return Receipt(counted=False, row=int(known[0]))
            (recent,) = self._db.execute(
                "SELECT COUNT(*) FROM submission WHERE session = ? AND at > ?",
                (session_id, now - 60.0)).fetchone()
            if recent >= PER_MINUTE:
                raise ClassError(f"more than {PER_MINUTE} submissions in a minute: wait a moment")
            cursor = self._db.execute(
                "INSERT INTO submission (session, name, lesson, key, kind, value, successes,"
                " trials, at, nonce) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (session_id, display, wanted.lesson, wanted.key, wanted.kind, row["value"],
                 row["successes"], row["trials"], now, nonce))
            return Receipt(counted=True, row=int(cursor.lastrowid or 0))

    def reveal(self, token: object, lesson: str, key: str) -> None:
        """Let students read ``key``'s pooled figures (the teacher's decision, needs the token)."""
        self._teacher(token)
        wanted = _ask(lesson, key)
        with self._write():
            self._db.execute("INSERT OR IGNORE INTO reveal VALUES (?, ?, ?)",
                             (wanted.lesson, wanted.key, time.time()))

    def revealed(self, lesson: str, key: str) -> bool:
        """Whether the teacher has revealed ``key`` of ``lesson`` to the class."""
        return bool(self._read("SELECT 1 FROM reveal WHERE lesson = ? AND key = ?",
                               (lesson, key)))

    # ------------------------------------------------------------------ reading

    def pooled(self, lesson: str, key: str, *, token: object = None) -> Pooled:
        """The class's figures for ``key``: for the teacher (``token``), or for anyone once
        the teacher has revealed them."""
        wanted = _ask(lesson, key)
        if not self.is_teacher(token) and not self.revealed(wanted.lesson, wanted.key):
            raise ClassError("the class's results are shown once the teacher reveals them")
        if wanted.kind == "prediction":
            rows = self._read(
                "SELECT value FROM submission s WHERE lesson = ? AND key = ? AND id = "
                "(SELECT MAX(id) FROM submission WHERE session = s.session AND lesson = s.lesson"
                " AND key = s.key) ORDER BY id", (wanted.lesson, wanted.key))
            return Pooled(wanted.lesson, wanted.key, wanted.kind,
                          values=tuple(float(v) for (v,) in rows))
        students = self._read(
            "SELECT MAX(name), SUM(successes), SUM(trials) FROM submission WHERE lesson = ? AND"
            " key = ? GROUP BY session ORDER BY MIN(id)", (wanted.lesson, wanted.key))
        return Pooled(wanted.lesson, wanted.key, wanted.kind,
                      successes=sum(int(s) for _, s, _ in students),
                      trials=sum(int(n) for _, _, n in students),
                      students=tuple((str(name), int(s), int(n)) for name, s, n in students))

    def answered(self, lesson: str, *, token: object) -> dict[str, list[str]]:
        """Who has sent something for each key of ``lesson`` (names, for the teacher only)."""
        self._teacher(token)
        rows = self._read(
            "SELECT key, MAX(name) FROM submission WHERE lesson = ? GROUP BY key, session"
            " ORDER BY key, MIN(id)", (lesson,))
        who: dict[str, list[str]] = {}
        for key, name in rows:
            who.setdefault(str(key), []).append(str(name))
        return who

    def rows(self, *, token: object) -> list[dict[str, Any]]:
        """Every row of the class, oldest first (for the teacher: names included)."""
        self._teacher(token)
        found = self._read(f"SELECT {', '.join(_COLUMNS)} FROM submission ORDER BY id")
        return [dict(zip(_COLUMNS, row, strict=True)) for row in found]

    def export(self, path: str | Path, *, token: object) -> Path:
        """Write the class's rows to ``path`` (``.csv``, or ``.parquet`` with pandas) for a
        later lesson."""
        rows = self.rows(token=token)
        path = Path(path)
        if path.suffix == ".parquet":
            import pandas as pd

            pd.DataFrame(rows).to_parquet(path)
            return path
        with path.open("w", newline="", encoding="utf-8") as out:
            writer = csv.DictWriter(out, fieldnames=list(_COLUMNS))
            writer.writeheader()
            writer.writerows(rows)
        return path

    # ------------------------------------------------------------------ inside

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
        insert see the same rows even with thirty kernels writing."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def _read(self, sql: str, parameters: tuple[Any, ...] = ()) -> list[Any]:
        with self._lock:
            return self._db.execute(sql, parameters).fetchall()


_COLUMNS = ("id", "session", "name", "lesson", "key", "kind", "value", "successes", "trials",
            "at")


def _connect(path: Path) -> sqlite3.Connection:
    import sqlite3

    db = sqlite3.connect(path, timeout=10.0, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("PRAGMA busy_timeout=10000")
    return db


def _session(session: object) -> str:
    if not isinstance(session, str) or not SESSION.fullmatch(session):
        raise ClassError("this page's session id is not valid: reload the page")
    return session


def _name(name: object) -> str:
    if not isinstance(name, str):
        raise ClassError("type the name the class should see you by")
    text = unicodedata.normalize("NFC", " ".join(name.split()))
    if not text:
        raise ClassError("type the name the class should see you by")
    if len(text) > NAME_LIMIT:
        raise ClassError(f"a name has at most {NAME_LIMIT} characters")
    if any(unicodedata.category(ch).startswith("C") for ch in text):
        raise ClassError("a name is letters, digits, spaces and punctuation only")
    return text


def _ask(lesson: object, key: object) -> Ask:
    if not isinstance(lesson, str) or lesson not in lessons():
        raise ClassError("this lesson is not part of the class")
    if not isinstance(key, str):
        raise ClassError("the lesson asks for no such thing")
    try:
        return ask(lesson, key)
    except KeyError:
        raise ClassError("the lesson asks for no such thing") from None


def _row(wanted: Ask, value: object) -> dict[str, Any]:
    """The columns of one submission of ``wanted``, or a :class:`ClassError`."""
    row: dict[str, Any] = {"value": None, "successes": None, "trials": None}
    if wanted.kind == "prediction":
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ClassError("a prediction is a number between 0 and 1")
        share = float(value)
        if not 0.0 <= share <= 1.0:  # NaN fails both comparisons
            raise ClassError("a prediction is a number between 0 and 1")
        row["value"] = share
    else:
        if not isinstance(value, Mapping) or set(value) != {"successes", "trials"}:
            raise ClassError("an experiment's result is a number of successes and of trials")
        successes, trials = value["successes"], value["trials"]
        if not all(isinstance(n, int) and not isinstance(n, bool) for n in (successes, trials)):
            raise ClassError("an experiment's counts are whole numbers")
        if not 0 <= successes <= trials <= wanted.max_trials or trials == 0:
            raise ClassError(f"an experiment sends 1 to {wanted.max_trials} trials at a time, "
                             "and no more successes than trials")
        row["successes"], row["trials"] = successes, trials
    return row
