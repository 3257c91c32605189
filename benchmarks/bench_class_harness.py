"""What the class benchmarks share: the real class server as a teacher starts it, and students
that talk to it over HTTP the way a lesson page does.

``bench_class_load.py``, ``bench_class_faults.py`` and ``bench_class_browsers.py`` import this
module (it sits beside them in ``benchmarks/``).  Nothing here takes a shortcut around the
server's URLs: the server is ``python -m goldlab classroom --port P --class-file F --site S``,
a child process whose terminal output goes to a file (``terminal.txt`` in the run's folder),
and every student request is an HTTP request to it.  The API is the class API of issue 45
(``POST /api/name``, ``POST /api/submit``, ``GET /api/pooled``, the teacher's
``GET /api/teacher/summary`` ...).

A student has its own loopback source address (127.0.0.10, 127.0.0.11, ...: Linux answers
for all of 127.0.0.0/8), so the server's per-address limits see thirty machines, as in a
class, and the hostile clients are addresses of their own.

The ledger (:class:`Ledger`) keeps every row the server acknowledged; :func:`recount` reads
the class file itself (SQLite, read-only) for the comparison "every acknowledged row is in the
file exactly once".
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import secrets
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "build" / "lite"
LESSON = "1-flip-the-odds"
GUESS, FLIPS = "both_gold", "first_flip"
"""Lesson 1's prediction and its experiment (goldlab/classroom/asks.py)."""
LESSON_PAGE = f"lessons/voici/render/{LESSON}.html"
NOT_SAVED = "Not saved: tell your teacher."
COOKIE = "goldlab_student"


def free_port() -> int:
    """A TCP port nobody listens on now (the kernel's choice)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def student_address(index: int) -> str:
    """Student ``index``'s own loopback address: 127.0.0.10 upwards (a machine of its own)."""
    return f"127.0.{index // 200}.{10 + index % 200}"


def percentile(values: Sequence[float], share: float) -> float:
    """The ``share`` quantile of ``values`` (nearest rank); NaN when there are none."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


# --------------------------------------------------------------------------- the server


class ServerGone(RuntimeError):
    """The server did not start, or stopped; the message ends with its terminal's tail."""


@dataclass
class ClassServer:
    """``goldlab classroom`` as a teacher starts it, in a child process of its own group.

    ``terminal`` is the file that receives its stdout and stderr (the teacher's terminal);
    the server writes its own log file in the class folder too.
    """

    class_file: Path
    port: int
    site: Path = SITE
    terminal: Path | None = None
    extra: tuple[str, ...] = ()
    process: subprocess.Popen[bytes] | None = None
    started: float = 0.0
    _out: Any = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def command(self) -> list[str]:
        return [sys.executable, "-m", "goldlab", "classroom", "--port", str(self.port),
                "--class-file", str(self.class_file), "--site", str(self.site), *self.extra]

    def start(self, *, wait: float = 60.0, preexec: Any = None) -> ClassServer:
        """Start the server and wait until ``GET /api/class`` answers (or raise ServerGone)."""
        self.terminal = self.terminal or self.class_file.parent / "terminal.txt"
        self._out = self.terminal.open("ab")
        self._out.write(f"\n$ {' '.join(self.command())}\n".encode())
        self._out.flush()
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(
            self.command(), stdin=subprocess.DEVNULL, stdout=self._out, stderr=subprocess.STDOUT,
            cwd=ROOT, env=env, start_new_session=True, preexec_fn=preexec)
        self.started = time.monotonic()
        if wait:
            self.wait_ready(wait)
        return self

    def wait_ready(self, timeout: float) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.process is not None and self.process.poll() is not None:
                raise ServerGone(f"the server stopped with status {self.process.returncode}:\n"
                                 f"{self.tail()}")
            try:
                answer = httpx.get(f"{self.url}/api/class", timeout=2.0)
                if answer.status_code == 200 and answer.json().get("ok"):
                    return
            except (httpx.HTTPError, ValueError):
                pass
            time.sleep(0.2)
        raise ServerGone(f"the server did not answer on port {self.port} in {timeout:.0f} s:\n"
                         f"{self.tail()}")

    def tail(self, lines: int = 30) -> str:
        if self.terminal is None or not self.terminal.exists():
            return ""
        return "\n".join(self.terminal.read_text(errors="replace").splitlines()[-lines:])

    def output(self) -> str:
        """Everything the server printed to its terminal so far."""
        if self.terminal is None or not self.terminal.exists():
            return ""
        return self.terminal.read_text(errors="replace")

    def log(self) -> str:
        """The server's own log file(s) in the class folder (``*.log``), joined."""
        return "\n".join(p.read_text(errors="replace")
                         for p in sorted(self.class_file.parent.glob("*.log")))

    def token(self) -> str:
        """The teacher's token: from the dashboard link the server prints, else from the file."""
        found = re.findall(r"token=([0-9A-Za-z_\-]{8,})", self.output())
        if found:
            return str(found[-1])
        with _read_only(self.class_file) as db:
            return str(db.execute("SELECT value FROM class WHERE key = 'token'").fetchone()[0])

    def usage(self) -> tuple[int, float]:
        """(RSS in bytes, CPU seconds) of the server and its children, now."""
        pid = self.process.pid if self.process else 0
        try:
            import psutil  # type: ignore[import-untyped]

            top = psutil.Process(pid)
            family = [top, *top.children(recursive=True)]
            rss = cpu = 0.0
            for p in family:
                try:
                    rss += p.memory_info().rss
                    times = p.cpu_times()
                    cpu += times.user + times.system
                except psutil.Error:
                    pass
            return int(rss), cpu
        except ImportError:
            return _proc_usage(pid)

    def kill9(self) -> None:
        """SIGKILL the server's whole process group (nothing runs its clean-up)."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)
        self._close()

    def stop(self, timeout: float = 15.0) -> int | None:
        """Ctrl-C (SIGINT to the group), as a teacher ends the class; SIGKILL if it lingers."""
        code = None
        if self.process is not None:
            if self.process.poll() is None:
                os.killpg(self.process.pid, signal.SIGINT)
                try:
                    self.process.wait(timeout)
                except subprocess.TimeoutExpired:
                    os.killpg(self.process.pid, signal.SIGKILL)
                    self.process.wait(10)
            code = self.process.returncode
        self._close()
        return code

    def _close(self) -> None:
        if self._out is not None:
            self._out.close()
            self._out = None


def _proc_usage(pid: int) -> tuple[int, float]:
    """(RSS, CPU seconds) of ``pid`` from /proc (without psutil; children not counted)."""
    ticks = os.sysconf("SC_CLK_TCK")
    stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    cpu = (int(stat[11]) + int(stat[12])) / ticks
    rss = int(stat[21]) * os.sysconf("SC_PAGE_SIZE")
    return rss, cpu


class _read_only:
    """A read-only SQLite connection to a class file, closed on leaving."""

    def __init__(self, path: Path) -> None:
        self.db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=10)
        try:
            self.db.execute("SELECT 1 FROM sqlite_master").fetchall()
        except sqlite3.OperationalError:  # on a read-only disk, with no -shm file to share
            self.db.close()
            self.db = sqlite3.connect(f"file:{path}?immutable=1", uri=True)

    def __enter__(self) -> sqlite3.Connection:
        return self.db

    def __exit__(self, *exc: object) -> None:
        self.db.close()


# --------------------------------------------------------------------------- the rows


@dataclass(frozen=True)
class Ack:
    """One row the server acknowledged (``{"ok": true, "row": ...}``)."""

    student: str  # the cookie that sent it
    nonce: str
    row: int
    key: str
    value: Any
    counted: bool


@dataclass
class Ledger:
    """Every acknowledgement, in order (a retry that was not counted is kept too)."""

    acks: list[Ack] = field(default_factory=list)

    def rows(self) -> dict[int, Ack]:
        """The acknowledged rows by id (the first acknowledgement of each)."""
        rows: dict[int, Ack] = {}
        for ack in self.acks:
            rows.setdefault(ack.row, ack)
        return rows


@dataclass(frozen=True)
class Recount:
    """The class file's rows, read straight from SQLite."""

    rows: dict[int, dict[str, Any]]

    def totals(self, key: str = FLIPS) -> tuple[int, int]:
        """(successes, trials) of ``key``'s rows."""
        mine = [r for r in self.rows.values() if r["key"] == key]
        return sum(int(r["successes"]) for r in mine), sum(int(r["trials"]) for r in mine)

    def guesses(self, key: str = GUESS) -> dict[str, float]:
        """Each student's latest guess for ``key`` (what the dashboard shows)."""
        latest: dict[str, float] = {}
        for _, r in sorted(self.rows.items()):
            if r["key"] == key:
                latest[r["student"]] = float(r["value"])
        return latest


def recount(class_file: Path) -> Recount:
    """Read every row of the class file (read-only, while the server runs or after)."""
    with _read_only(class_file) as db:
        columns = {row[1] for row in db.execute("PRAGMA table_info(submission)")}
        student = "student" if "student" in columns else "session"
        found = db.execute(f"SELECT id, {student}, nonce, lesson, key, value, successes, trials"
                           " FROM submission ORDER BY id").fetchall()
    return Recount({int(i): {"student": s, "nonce": n, "lesson": le, "key": k, "value": v,
                             "successes": su, "trials": t}
                    for i, s, n, le, k, v, su, t in found})


@dataclass(frozen=True)
class Audit:
    """The ledger against the file: what was lost, doubled, or stored unasked."""

    acknowledged: int
    in_file: int
    lost: list[int]
    doubled: list[tuple[str, str]]
    wrong: list[int]
    unacknowledged: list[int]

    @property
    def clean(self) -> bool:
        return not (self.lost or self.doubled or self.wrong)

    def __str__(self) -> str:
        return (f"{self.acknowledged} rows acknowledged, {self.in_file} in the file: "
                f"{len(self.lost)} lost, {len(self.doubled)} doubled, {len(self.wrong)} changed, "
                f"{len(self.unacknowledged)} in the file never acknowledged")


def audit(ledger: Ledger, counted: Recount) -> Audit:
    """Every acknowledged row is in the file once, with the nonce and value sent."""
    acked = ledger.rows()
    lost = [row for row in acked if row not in counted.rows]
    wrong = [row for row, ack in acked.items()
             if row in counted.rows and not _same(ack, counted.rows[row])]
    # one submission (a nonce) acknowledged under two row ids = a retry that was doubled
    ids: dict[tuple[str, str], set[int]] = {}
    for ack in ledger.acks:
        ids.setdefault((ack.student, ack.nonce), set()).add(ack.row)
    doubled = [k for k, rows in ids.items() if len(rows) > 1]
    unacknowledged = [row for row in counted.rows if row not in acked]
    return Audit(len(acked), len(counted.rows), lost, doubled, wrong, unacknowledged)


def _same(ack: Ack, row: dict[str, Any]) -> bool:
    if row["nonce"] != ack.nonce or row["key"] != ack.key:
        return False
    if isinstance(ack.value, dict):
        return (row["successes"], row["trials"]) == (ack.value["successes"], ack.value["trials"])
    return abs(float(row["value"]) - float(ack.value)) < 1e-9


# --------------------------------------------------------------------------- a student


@dataclass
class Said:
    """One answer of the server: status, JSON body (or None), seconds, bytes on the wire."""

    status: int
    body: dict[str, Any] | None
    seconds: float
    size: int = 0
    error: str = ""

    @property
    def ok(self) -> bool:
        return self.status == 200 and bool(self.body and self.body.get("ok"))

    @property
    def message(self) -> str:
        return str((self.body or {}).get("error", self.error))


class Student:
    """One browser: its own address, its cookie jar, gzip accepted; counts the bytes it gets."""

    def __init__(self, url: str, index: int, name: str, *, address: str | None = None,
                 timeout: float = 15.0, connections: int = 6) -> None:
        self.url, self.index, self.name = url, index, name
        self.address = address or student_address(index)
        self.timeout = timeout
        self.connections = connections
        self.http = self._client()
        self.received = 0  # bytes of response bodies as sent (compressed), and headers
        self.etags: dict[str, str] = {}
        self.gzipped: set[str] = set()
        self.renamed = 0  # times the server had forgotten this student's name

    def _client(self) -> httpx.AsyncClient:
        transport = httpx.AsyncHTTPTransport(local_address=self.address, retries=0)
        limits = httpx.Limits(max_connections=self.connections,
                              max_keepalive_connections=self.connections)
        return httpx.AsyncClient(base_url=self.url, transport=transport, timeout=self.timeout,
                                 limits=limits, headers={"Accept-Encoding": "gzip"})

    @property
    def cookie(self) -> str | None:
        return self.http.cookies.get(COOKIE)

    def forget_cookie(self) -> None:
        self.http.cookies.clear()

    async def close(self) -> None:
        await self.http.aclose()

    async def fetch(self, path: str, *, revalidate: bool = False) -> Said:
        """GET a file of the site as a browser does (a reload sends If-None-Match)."""
        headers = {}
        if revalidate and path in self.etags:
            headers["If-None-Match"] = self.etags[path]
        start = time.perf_counter()
        size = 0
        try:
            async with self.http.stream("GET", "/" + path, headers=headers) as answer:
                async for chunk in answer.aiter_raw():
                    size += len(chunk)
                size += sum(len(k) + len(v) + 4 for k, v in answer.headers.raw)
                if "etag" in answer.headers:
                    self.etags[path] = answer.headers["etag"]
                if answer.headers.get("content-encoding") == "gzip":
                    self.gzipped.add(path)
                status = answer.status_code
        except httpx.HTTPError as error:
            return Said(0, None, time.perf_counter() - start, size, type(error).__name__)
        self.received += size
        return Said(status, None, time.perf_counter() - start, size)

    async def visit(self, paths: Iterable[str], *, revalidate: bool = False) -> list[Said]:
        """Open the lesson page: its HTML first, then its files, six at a time."""
        paths = list(paths)
        first = await self.fetch(paths[0], revalidate=revalidate)
        gate = asyncio.Semaphore(self.connections)

        async def one(path: str) -> Said:
            async with gate:
                return await self.fetch(path, revalidate=revalidate)

        rest = await asyncio.gather(*(one(p) for p in paths[1:]))
        return [first, *rest]

    async def api(self, method: str, path: str, body: Any = None, *,
                  raw: bytes | None = None, headers: dict[str, str] | None = None) -> Said:
        """One API request; a transport error is status 0 (never raised)."""
        start = time.perf_counter()
        content = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        sent = {"Content-Type": "application/json", **(headers or {})} if content is not None \
            else dict(headers or {})
        try:
            answer = await self.http.request(method, path, content=content, headers=sent)
        except httpx.HTTPError as error:
            return Said(0, None, time.perf_counter() - start, 0, type(error).__name__ or "error")
        seconds = time.perf_counter() - start
        size = len(answer.content) + sum(len(k) + len(v) + 4 for k, v in answer.headers.raw)
        self.received += size
        try:
            parsed = answer.json()
            said_body = parsed if isinstance(parsed, dict) else None
        except ValueError:
            said_body = None
        return Said(answer.status_code, said_body, seconds, size)

    async def set_name(self, name: str | None = None) -> Said:
        said = await self.api("POST", "/api/name", {"name": name or self.name})
        if said.ok and name:
            self.name = name
        return said

    async def submit(self, key: str, value: Any, ledger: Ledger, *, nonce: str | None = None,
                     retry_for: float = 0.0, lesson: str = LESSON) -> Said:
        """Send one row; on a lost answer (no status, or 5xx other than 503) send it again with
        the same nonce for up to ``retry_for`` seconds.  An acknowledged row goes in
        ``ledger``."""
        nonce = nonce or secrets.token_urlsafe(12)
        end = time.monotonic() + retry_for
        while True:
            said = await self.api("POST", "/api/submit",
                                  {"lesson": lesson, "key": key, "value": value, "nonce": nonce})
            if said.ok and self.cookie is not None:
                ledger.acks.append(Ack(self.cookie, nonce, int(said.body["row"]), key, value,  # type: ignore[index]
                                       bool(said.body.get("counted"))))  # type: ignore[union-attr]
                return said
            if said.status in (0, 502, 504) and time.monotonic() < end:
                await asyncio.sleep(0.2)
                continue
            if (said.status == 400 and "name" in said.message.lower()
                    and time.monotonic() < end):  # the server forgot the name: say it again
                self.renamed += 1
                await self.set_name()
                continue
            return said


def summary_totals(summary: dict[str, Any]) -> dict[str, Any]:
    """What the teacher's dashboard shows for lesson 1, from ``/api/teacher/summary``:
    {key: (successes, trials)} for an experiment (its pooled figure, which must equal the sum
    of its students' points, else the key maps to both), {key: sorted guesses} for a
    prediction."""
    shown: dict[str, Any] = {}
    for asked in summary.get("asks", []):
        points = asked.get("points") or []
        if asked.get("kind") == "trials":
            pooled = (int(asked.get("successes", -1)), int(asked.get("trials", -1)))
            summed = (sum(int(p.get("successes", 0)) for p in points),
                      sum(int(p.get("trials", 0)) for p in points))
            shown[asked["key"]] = pooled if pooled == summed else (pooled, summed)
        else:
            shown[asked["key"]] = sorted(round(float(p["guess"]), 9) for p in points
                                         if p.get("guess") is not None)
    return shown


def table(rows: Sequence[tuple[str, str]], title: str) -> str:
    """A two-column table to print."""
    width = max(len(k) for k, _ in rows)
    line = "-" * (width + 2 + max(len(v) for _, v in rows))
    return "\n".join([title, line, *(f"{k:<{width}}  {v}" for k, v in rows), line])


def mean(values: Sequence[float]) -> float:
    return statistics.fmean(values) if values else float("nan")
