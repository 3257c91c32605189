"""``goldlab classroom``: the class server (issue 45), one Tornado process on the teacher's
computer.

The students' browsers run the lessons (the static site ``python3 dev.py lite`` builds); this
server only serves that site's files and keeps the class's rows.  On one origin it serves

* the student site (``build/lite/`` or ``--site DIR``), precompressed where a ``.gz`` copy
  sits beside a file (:class:`~goldlab.classroom.static.PrecompressedStaticFileHandler`);
* the teacher's dashboard, ``/teacher.html`` (a static page and a small script shipped in
  ``goldlab/classroom/dashboard/``: it reads the token from the link's ``#token=...``, which
  browsers never send to a server, and sends it as the ``X-Goldlab-Token`` header);
* the class API under ``/api/`` (its contract is docs/lessons.md's "The class server"):
  ``GET /api/class``, ``POST /api/name``, ``POST /api/submit``, ``GET /api/pooled``, and the
  teacher's ``GET /api/teacher/summary``, ``POST /api/teacher/reveal|hide|rename`` and
  ``GET /api/teacher/export.csv``.

Who a student is: the cookie ``goldlab_student`` (32 random hex digits, HttpOnly,
SameSite=Strict) given on the first ``/api/`` request.  Everything a request carries is
untrusted and bounded before anything is written: a body of at most :attr:`Limits.body`
bytes, JSON only (no NaN, nesting of at most :data:`MAX_DEPTH`), only the fields an endpoint
knows, each checked by the store; rows per minute per student (from the file: a reload or a
restart does not reset it); new student ids per minute per address (a client that throws
its cookie away); open connections per address; names per minute per student.

The store's writes run on one worker thread and its reads on another, never on the
server's event loop: a class file that is locked, read-only or on a full disk answers
``503 "Not saved: tell your teacher."`` within :attr:`Limits.save_wait` seconds, and the
teacher's terminal gets SQLite's reason.  Requests are logged without their query (the
path only), and never with their headers: the token never reaches a log line.

Other code builds the application with :func:`make_app` (tests, benchmarks) or runs a class
with :func:`serve` (the command).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import json
import logging
import logging.handlers
import secrets
import signal
import socket
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from tornado.httpserver import HTTPServer
from tornado.iostream import IOStream
from tornado.netutil import bind_sockets
from tornado.web import (
    Application,
    HTTPError,
    RequestHandler,
    StaticFileHandler,
    stream_request_body,
)

from goldlab.classroom.asks import lessons
from goldlab.classroom.static import PrecompressedStaticFileHandler
from goldlab.classroom.store import (
    NOT_SAVED,
    PER_MINUTE,
    SESSION,
    ClassError,
    ClassStore,
    NameTaken,
    NotSaved,
    RateLimited,
    new_session,
)

log = logging.getLogger("goldlab.classroom")
"""The class server's log: a file in the class folder and the teacher's terminal."""

COOKIE = "goldlab_student"
"""The cookie that is the student."""
TOKEN_HEADER = "X-Goldlab-Token"
MAX_DEPTH = 4
"""The deepest JSON a request may hold (a submission is two levels deep)."""
DASHBOARD = Path(__file__).parent / "dashboard"
"""The teacher's dashboard page and its script (shipped with goldlab)."""
PORT = 8866
HUGE = 64 * 1024
"""A body announced bigger than this is refused before it is read, and its connection closed;
a smaller one over :attr:`Limits.body` is read (and dropped) first, then refused."""
TOO_BIG = "That request is too big."
TEACHER_CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: "
               "blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
               "frame-ancestors 'none'")
"""What the dashboard page may load: its own files, nothing else."""
CLASSES = Path.home() / "goldlab-classes"
"""Where a new class's file (and its log) goes unless another file is named."""
T = TypeVar("T")


@dataclass(frozen=True)
class Limits:
    """What one student or one address may do (see the module's text).  The defaults suit a
    class of thirty on a school network; a benchmark from one machine may raise them."""

    body: int = 4096
    """Bytes in one request body."""
    new_ids_per_minute: int = 60
    """New student ids (cookies) one address may be given in a minute."""
    connections: int = 64
    """Open connections from one address (a browser opens about six)."""
    names_per_minute: int = 10
    """Name changes one student may make in a minute."""
    save_wait: float = 1.8
    """Seconds a request waits for the class file before it answers 503 (the answer, its
    sending included, stays within the 2 s a student is promised)."""
    busy: float = 1.5
    """Seconds a write waits for a file another program has locked."""
    idle: float = 120.0
    """Seconds an idle connection is kept open."""


class Refused(HTTPError):
    """An answer ``{"ok": false, "error": message}`` with ``status``."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(status)
        self.message = message


class Class:
    """What the handlers share: the store, its two worker threads, the limits and counters."""

    def __init__(self, store: ClassStore, limits: Limits,
                 exact: Mapping[tuple[str, str], float | None]) -> None:
        self.store = store
        self.limits = limits
        self.exact = dict(exact)
        self.writer = ThreadPoolExecutor(1, thread_name_prefix="goldlab-class-write")
        self.reader = ThreadPoolExecutor(1, thread_name_prefix="goldlab-class-read")
        self._events: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def allow(self, what: str, who: str, most: int, per: float = 60.0) -> bool:
        """Whether ``who`` may do ``what`` once more (at most ``most`` in ``per`` seconds)."""
        now = time.monotonic()
        with self._lock:
            if len(self._events) > 50_000:  # bounded memory, whatever clients do
                self._events.clear()
            seen = self._events.setdefault(f"{what}:{who}", deque())
            while seen and seen[0] <= now - per:
                seen.popleft()
            if len(seen) >= most:
                return False
            seen.append(now)
            return True

    def close(self) -> None:
        self.writer.shutdown(wait=False, cancel_futures=True)
        self.reader.shutdown(wait=False, cancel_futures=True)


@stream_request_body
class ApiHandler(RequestHandler):
    """Every ``/api/`` answer: JSON, bounded, checked; errors as ``{"ok": false, "error"}``.

    The body is read as it arrives (``stream_request_body``): a request that announces more
    than :attr:`Limits.body` bytes is answered 413 before its body is read, the token and
    the student are checked before it too, and no more than the limit is ever kept.
    """

    teacher = False
    """Teacher endpoints need the token and no student cookie."""
    anyone = False
    """An address that needs neither (the answer for an unknown address)."""
    fields: ClassVar[dict[str, tuple[type, ...]]] = {}
    """The fields a POST body must have, and their JSON types."""

    def initialize(self, room: Class) -> None:
        self.room = room
        self.data: dict[str, Any] = {}
        self.me = ""
        self._chunks: list[bytes] = []
        self._size = 0
        self._refusal: Refused | None = None
        self._early = False
        """Refused before the request was read in full: Tornado then closes the connection,
        and the answer says so (``Connection: close``), so a client does not reuse it."""

    def set_default_headers(self) -> None:
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")

    def prepare(self) -> None:
        """Check what the headers say, before the body arrives.  A request that announces
        more than :data:`HUGE` bytes is answered at once (and its connection closed); any
        other refusal of a request with a body waits until the body is in (so the answer
        reaches the client and its connection stays usable)."""
        length = self.request.headers.get("Content-Length", "0")
        if not length.isdigit() or int(length) > HUGE:
            self._early = True
            raise Refused(413, TOO_BIG)
        try:
            if int(length) > self.room.limits.body:
                raise Refused(413, TOO_BIG)
            if self.anyone:
                return
            if self.teacher:
                if not self.room.store.is_teacher(self.request.headers.get(TOKEN_HEADER)):
                    raise Refused(403, "Only the teacher's link can do this.")
            else:
                self.me = self._student()
        except Refused as refused:
            if self.request.method in ("GET", "HEAD"):
                self._early = True
                raise
            self._refusal = refused

    def data_received(self, chunk: bytes) -> None:
        self._size += len(chunk)
        if self._size <= self.room.limits.body:
            self._chunks.append(chunk)

    def json(self) -> dict[str, Any]:
        """The request's JSON object (read once the body is in), or a refusal."""
        if self._refusal is not None:
            raise self._refusal
        if self._size > self.room.limits.body:
            raise Refused(413, TOO_BIG)
        self.data = self._body(b"".join(self._chunks))
        return self.data

    def _student(self) -> str:
        """The student's id from the cookie, or a new one (limited per address)."""
        cookie = self.get_cookie(COOKIE)
        if cookie is not None and SESSION.fullmatch(cookie):
            return cookie
        if not self.room.allow("new-id", self.request.remote_ip or "?",
                               self.room.limits.new_ids_per_minute):
            raise Refused(429, "Too many new pages from this computer: wait a minute.")
        me = new_session()
        self.set_cookie(COOKIE, me, path="/", httponly=True, samesite="Strict",
                        expires_days=400)
        return me

    def _body(self, body: bytes) -> dict[str, Any]:
        """The request's JSON object, with exactly the fields of :attr:`fields`."""
        kind = self.request.headers.get("Content-Type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            raise Refused(400, "Send JSON (Content-Type: application/json).")
        try:
            data = json.loads(body.decode("utf-8"), parse_constant=_no_constant)
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise Refused(400, "That request is not valid JSON.") from None
        if not isinstance(data, dict) or _depth(data) > MAX_DEPTH:
            raise Refused(400, "That request is not what this address takes.")
        if set(data) != set(self.fields) or not all(
                isinstance(data[name], kinds) for name, kinds in self.fields.items()):
            raise Refused(400, "That request is not what this address takes.")
        return data

    async def store(self, write: bool, work: Callable[..., T], *args: Any,
                    missing: int = 400, wait: float | None = None) -> T:
        """Run ``work(*args)`` on the store's writer or reader thread, at most
        :attr:`Limits.save_wait` seconds; the store's refusals become answers (``missing``:
        the status of a plain refusal, 404 where it means an unknown lesson or key)."""
        pool = self.room.writer if write else self.room.reader
        future = asyncio.get_running_loop().run_in_executor(pool, work, *args)
        wait = self.room.limits.save_wait if wait is None else wait
        try:
            return await asyncio.wait_for(future, wait)
        except TimeoutError:
            log.error("the class file %s did not answer a %s within %.1f s (locked by another "
                      "program, or a slow disk)%s", self.room.store.path,
                      "write" if write else "read", wait,
                      ": the student was told it was not saved" if write else "")
            raise Refused(503, NOT_SAVED if write else "The class server is busy: try again "
                          "in a moment.") from None
        except NotSaved as failed:
            log.error("could not write the class file %s: %s", self.room.store.path,
                      failed.cause)
            raise Refused(503, NOT_SAVED) from None
        except NameTaken as taken:
            raise Refused(409, str(taken)) from None
        except RateLimited as limited:
            raise Refused(429, str(limited)) from None
        except ClassError as refused:
            raise Refused(missing, str(refused)) from None

    def answer(self, **fields: Any) -> None:
        self.finish(json.dumps({"ok": True, **fields}, allow_nan=False))

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        error = kwargs.get("exc_info", (None, None, None))[1]
        if isinstance(error, Refused):
            message = error.message
        else:
            message = {404: "There is nothing at this address.", 405: "Not allowed here.",
                       503: NOT_SAVED}.get(status_code, "Something went wrong on the server.")
        self.set_header("Content-Type", "application/json; charset=utf-8")
        if self._early:
            self.set_header("Connection", "close")
        self.finish(json.dumps({"ok": False, "error": message}))

    def log_exception(self, typ: Any, value: Any, tb: Any) -> None:
        """Refusals are answers, not errors; a real error is logged without the request's
        headers (they hold the token)."""
        if isinstance(value, HTTPError):
            return
        log.error("%s %s failed: %s", self.request.method, self.request.path, value,
                  exc_info=(typ, value, tb))

    def query(self, name: str, longest: int = 100) -> str:
        value = self.get_query_argument(name, "")
        if len(value) > longest:
            raise Refused(400, "That request is not what this address takes.")
        return value


class ClassInfo(ApiHandler):
    """``GET /api/class``: the class's title, the student's name, the lessons."""

    async def get(self) -> None:
        me = await self.store(False, self.room.store.student, self.me)
        title = await self.store(False, lambda: self.room.store.title)
        self.answer(**{"class": title, "you": {"name": me.name if me else None},
                       "lessons": lessons()})


class Name(ApiHandler):
    """``POST /api/name {"name"}``: the student's name (a first one or a new one)."""

    fields: ClassVar[dict[str, tuple[type, ...]]] = {"name": (str,)}

    async def post(self) -> None:
        self.json()
        if not self.room.allow("name", self.me, self.room.limits.names_per_minute):
            raise Refused(429, "Too many name changes: wait a minute.")
        name = await self.store(True, self.room.store.set_name, self.me, self.data["name"])
        log.info("a student is now called %r", name)
        self.answer(name=name)


class Submit(ApiHandler):
    """``POST /api/submit {"lesson", "key", "value", "nonce"}``: one prediction or trials."""

    fields: ClassVar[dict[str, tuple[type, ...]]] = {
        "lesson": (str,), "key": (str,), "value": (int, float, dict), "nonce": (str,)}

    async def post(self) -> None:
        data = self.json()
        if not self.room.allow("submit", self.me, 2 * PER_MINUTE):
            raise Refused(429, "Too many results in a minute: wait a moment.")
        receipt = await self.store(True, _submit, self.room.store, self.me, data["lesson"],
                                   data["key"], data["value"], data["nonce"])
        self.answer(counted=receipt.counted, row=receipt.row)


def _submit(store: ClassStore, me: str, lesson: str, key: str, value: object,
            nonce: str) -> Any:
    return store.submit(me, None, lesson, key, value, nonce=nonce)


class Pooled(ApiHandler):
    """``GET /api/pooled?lesson=L&key=K``: the class's figures once revealed."""

    async def get(self) -> None:
        lesson, key = self.query("lesson"), self.query("key")
        figures = await self.store(False, self.room.store.figures, lesson, key,
                                   missing=404)
        self.answer(**figures)


class Summary(ApiHandler):
    """``GET /api/teacher/summary?lesson=L&since=N``: the dashboard's figures, or
    ``changed: false`` at once when nothing changed since ``N``."""

    teacher = True

    async def get(self) -> None:
        lesson = self.query("lesson") or lessons()[0]
        since = self.query("since", 20)
        last = await self.store(False, self.room.store.changes)
        if since.isdigit() and int(since) == last:
            self.answer(last=last, changed=False)
            return
        summary = await self.store(False, _summary, self.room, lesson, missing=404)
        self.answer(**summary)


def _summary(room: Class, lesson: str) -> dict[str, Any]:
    return room.store.summary(lesson, token=room.store.token, exact=room.exact)


class Reveal(ApiHandler):
    """``POST /api/teacher/reveal {"lesson", "key"}``."""

    teacher = True
    fields: ClassVar[dict[str, tuple[type, ...]]] = {"lesson": (str,), "key": (str,)}

    async def post(self) -> None:
        self.json()
        store = self.room.store
        await self.store(True, store.reveal, store.token, self.data["lesson"],
                         self.data["key"], missing=404)
        log.info("the teacher revealed %s / %s", self.data["lesson"], self.data["key"])
        self.answer()


class Hide(ApiHandler):
    """``POST /api/teacher/hide {"student", "hidden"}``."""

    teacher = True
    fields: ClassVar[dict[str, tuple[type, ...]]] = {"student": (str,), "hidden": (bool,)}

    async def post(self) -> None:
        self.json()
        store = self.room.store
        await self.store(True, store.hide, store.token, self.data["student"],
                         self.data["hidden"])
        self.answer()


class Rename(ApiHandler):
    """``POST /api/teacher/rename {"student", "name"}``."""

    teacher = True
    fields: ClassVar[dict[str, tuple[type, ...]]] = {"student": (str,), "name": (str,)}

    async def post(self) -> None:
        self.json()
        store = self.room.store
        name = await self.store(True, store.rename, store.token, self.data["student"],
                                self.data["name"])
        self.answer(name=name)


class Export(ApiHandler):
    """``GET /api/teacher/export.csv``: every row, formula injection neutralised."""

    teacher = True

    async def get(self) -> None:
        store = self.room.store
        text = await self.store(False, _export, store, wait=60.0)  # every row: longer
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", 'attachment; filename="class.csv"')
        self.finish(text)


def _export(store: ClassStore) -> str:
    return store.export_csv(token=store.token)


class NotFound(ApiHandler):
    """Any other ``/api/`` address (answered once a body, if any, is in)."""

    anyone = True

    async def get(self) -> None:
        raise Refused(404, "There is nothing at this address.")

    post = put = delete = patch = get


class TeacherPage(StaticFileHandler):
    """The dashboard's files: checked with the server on each visit, never framed by another
    site, running only their own script (a name that looks like HTML stays text anyway)."""

    def set_extra_headers(self, path: str) -> None:
        self.set_header("Cache-Control", "no-cache")
        self.set_header("Content-Security-Policy", TEACHER_CSP)
        self.set_header("X-Frame-Options", "DENY")
        self.set_header("Referrer-Policy", "no-referrer")


class ClassHTTPServer(HTTPServer):
    """Tornado's HTTP server with at most :attr:`Limits.connections` open per address."""

    def initialize(self, *args: Any, most_per_address: int = 64, **kwargs: Any) -> None:
        super().initialize(*args, **kwargs)
        self.most_per_address = most_per_address
        self.open_per_address: dict[str, int] = {}

    def handle_stream(self, stream: IOStream, address: Any) -> None:
        who = str(address[0]) if isinstance(address, tuple) else "local"
        if self.open_per_address.get(who, 0) >= self.most_per_address:
            stream.close()
            return
        self.open_per_address[who] = self.open_per_address.get(who, 0) + 1
        super().handle_stream(stream, address)

    def on_close(self, server_conn: object) -> None:
        address = getattr(getattr(server_conn, "context", None), "address", None)
        who = str(address[0]) if isinstance(address, tuple) else "local"
        left = self.open_per_address.get(who, 1) - 1
        if left > 0:
            self.open_per_address[who] = left
        else:
            self.open_per_address.pop(who, None)
        super().on_close(server_conn)


def make_app(store: ClassStore, site: Path, *, limits: Limits | None = None,
             exact: Mapping[tuple[str, str], float | None] | None = None) -> Application:
    """The class's Tornado application: the API, the dashboard and the student site.

    ``exact`` gives each (lesson, key) its exact answer for the dashboard (the command
    reads them from the lessons' quizzes).  Serve it with :func:`http_server`.
    """
    room = Class(store, limits or Limits(), exact or {})
    api = {"room": room}
    return Application([
        (r"/api/class", ClassInfo, api),
        (r"/api/name", Name, api),
        (r"/api/submit", Submit, api),
        (r"/api/pooled", Pooled, api),
        (r"/api/teacher/summary", Summary, api),
        (r"/api/teacher/reveal", Reveal, api),
        (r"/api/teacher/hide", Hide, api),
        (r"/api/teacher/rename", Rename, api),
        (r"/api/teacher/export\.csv", Export, api),
        (r"/api/.*", NotFound, api),
        (r"/(teacher\.(?:html|js|css))", TeacherPage, {"path": str(DASHBOARD)}),
        (r"/(.*)", PrecompressedStaticFileHandler,
         {"path": str(site), "default_filename": "index.html"}),
    ], log_function=_log_request, room=room, compress_response=False, xsrf_cookies=False)


def http_server(app: Application) -> ClassHTTPServer:
    """The HTTP server of a class application: bounded bodies, headers, idle connections
    and connections per address."""
    room: Class = app.settings["room"]
    return ClassHTTPServer(app, max_body_size=HUGE, max_header_size=16 * 1024,
                           body_timeout=10.0, idle_connection_timeout=room.limits.idle,
                           xheaders=False, most_per_address=room.limits.connections)


def _log_request(handler: RequestHandler) -> None:
    """One line per request: status, method, the path without its query, address, time.
    Reads of the site and polls go to the debug level; refusals to the file; failures to
    the terminal too."""
    status = handler.get_status()
    request = handler.request
    if status >= 500:
        level = logging.ERROR
    elif status >= 400 or request.method == "POST":
        level = logging.INFO
    else:
        level = logging.DEBUG
    if log.isEnabledFor(level):
        log.log(level, "%d %s %s (%s) %.1f ms", status, request.method, request.path,
                request.remote_ip, 1000.0 * request.request_time())


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number")


def _depth(value: object, level: int = 1) -> int:
    if isinstance(value, dict):
        return max((_depth(v, level + 1) for v in value.values()), default=level)
    if isinstance(value, list):
        return max((_depth(v, level + 1) for v in value), default=level)
    return level


# ---------------------------------------------------------------------- running a class


def default_site() -> Path:
    """Where the student site is by default: ``build/lite/`` of the current folder, else of
    the source tree goldlab runs from."""
    here = Path.cwd() / "build" / "lite"
    if (here / "index.html").is_file():
        return here
    return Path(__file__).resolve().parents[2] / "build" / "lite"


def check_site(site: Path) -> Path:
    """``site`` if it holds a built student site, else a :class:`ClassError` that names the
    command that builds one."""
    if not (site / "index.html").is_file():
        raise ClassError(f"no student site in {site}: build it with `python3 dev.py lite` "
                         "(in goldlab's source folder), or give one with --site DIR")
    return site.resolve()


def check_class_file(path: Path, site: Path) -> Path:
    """``path`` unless it lies inside the student site, where any student could download it
    (with the teacher's token and every name) and its log."""
    if path.resolve().is_relative_to(site.resolve()):
        raise ClassError(f"the class file {path} is inside the student site {site}: students "
                         "could download it; keep it elsewhere (the default is "
                         "~/goldlab-classes)")
    return path


def new_class_file(folder: Path = CLASSES) -> Path:
    """A fresh file name for a class started now (never one that exists)."""
    stamp = datetime.now().strftime("%Y-%m-%d-%H%M")
    path = folder / f"class-{stamp}.sqlite"
    while path.exists():
        path = folder / f"class-{stamp}-{secrets.token_hex(2)}.sqlite"
    return path


def lan_address() -> str:
    """This machine's address on the local network (what students type), or 127.0.0.1."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))  # no packet is sent: it picks the interface
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def listen(port: int, network: bool) -> list[socket.socket]:
    """The server's sockets on ``port`` (loopback, or every interface with ``network``); a
    port in use is refused with its number, never replaced by another."""
    if not 1024 <= port <= 65535:
        raise ClassError(f"the port is a number from 1024 to 65535, not {port}")
    address = "0.0.0.0" if network else "127.0.0.1"
    try:
        return bind_sockets(port, address, family=socket.AF_INET)
    except OSError as error:
        if error.errno == errno.EADDRINUSE:
            raise ClassError(f"port {port} is in use (another class server, or another "
                             "program): stop it, or choose another port with --port") from None
        raise ClassError(f"cannot listen on port {port}: {error.strerror}") from None


class HideToken(logging.Filter):
    """A last guard: any log line that would hold the teacher's token has it blanked (no
    line of goldlab's holds it; this covers a library's message quoting a request)."""

    def __init__(self, token: str) -> None:
        super().__init__()
        self.token = token

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        if self.token and self.token in text:
            record.msg, record.args = text.replace(self.token, "[the teacher's token]"), None
        return True


def start_logging(log_file: Path, token: str = "") -> list[logging.Handler]:
    """The class's log: ``log_file`` (rotated at 5 MB, three kept) gets everything from INFO
    on, the terminal warnings and errors.  Tornado's own messages go there too."""
    log_file.parent.mkdir(parents=True, exist_ok=True)
    to_file = logging.handlers.RotatingFileHandler(log_file, maxBytes=5_000_000,
                                                   backupCount=3, encoding="utf-8")
    to_file.setLevel(logging.INFO)
    to_file.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    to_terminal = logging.StreamHandler()
    to_terminal.setLevel(logging.WARNING)
    to_terminal.setFormatter(logging.Formatter("goldlab classroom: %(message)s"))
    handlers: list[logging.Handler] = [to_file, to_terminal]
    for handler in handlers:
        handler.addFilter(HideToken(token))
    for name in ("goldlab.classroom", "tornado"):
        logger = logging.getLogger(name)
        logger.setLevel(logging.INFO)
        logger.propagate = False
        for handler in handlers:
            logger.addHandler(handler)
    logging.getLogger("tornado.access").disabled = True  # we log requests ourselves
    return handlers


def stop_logging(handlers: list[logging.Handler]) -> None:
    """Undo :func:`start_logging` (the loggers pass their records up again)."""
    for name in ("goldlab.classroom", "tornado"):
        logger = logging.getLogger(name)
        for handler in handlers:
            logger.removeHandler(handler)
        logger.propagate = True
        logger.setLevel(logging.NOTSET)
    logging.getLogger("tornado.access").disabled = False
    for handler in handlers:
        handler.close()


def serve(store: ClassStore, site: Path, *, port: int = PORT, network: bool = False,
          sockets: list[socket.socket] | None = None,
          exact: Mapping[tuple[str, str], float | None] | None = None,
          limits: Limits | None = None, log_file: Path | None = None,
          on_stop: Callable[[], None] = lambda: None,
          ready: Callable[[str, str, Callable[[], None]], None] | None = None) -> int:
    """Run the class until Ctrl-C or SIGTERM; the exit status (0).

    Listens on ``port`` (or on the ``sockets`` :func:`listen` gave: a port in use is refused
    with its number), logs to ``log_file`` (default: beside the class file) and the terminal,
    prints the students' link and the teacher's (token in the ``#`` fragment) once, to the
    terminal only.  ``ready`` is called with both links and a function that stops the server
    (from any thread) instead of printing them
    (tests); ``on_stop`` as soon as a stop arrives.
    """
    site = check_site(site)
    check_class_file(store.path, site)
    if sockets is None:
        sockets = listen(port, network)
    handlers = start_logging(log_file or store.path.with_suffix(".log"), store.token)
    host = lan_address() if network else "127.0.0.1"
    base = f"http://{host}:{port}"
    students, teacher = f"{base}/", f"{base}/teacher.html#token={store.token}"
    app = make_app(store, site, limits=limits, exact=exact)
    try:
        asyncio.run(_run(app, sockets, students, teacher, store, on_stop, ready))
    finally:
        app.settings["room"].close()
        log.info("the class ended; its file stays: %s", store.path)
        stop_logging(handlers)
    return 0


async def _run(app: Application, sockets: list[socket.socket], students: str, teacher: str,
               store: ClassStore, on_stop: Callable[[], None],
               ready: Callable[[str, str, Callable[[], None]], None] | None) -> None:
    server = http_server(app)
    server.add_sockets(sockets)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    signals = []
    if threading.current_thread() is threading.main_thread():
        for number in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(number, stop.set)
            signals.append(number)
    log.info("the class server listens on %s (class file %s)", students, store.path)
    if ready is not None:

        def stop_now() -> None:
            loop.call_soon_threadsafe(stop.set)

        ready(students, teacher, stop_now)
    else:
        print(f"class file: {store.path}\n"
              f"students open: {students}\n"
              f"teacher (keep this link to yourself): {teacher}\n"
              "press Ctrl-C to end the class (its file stays)", flush=True)
    try:
        await stop.wait()
    finally:
        on_stop()
        for number in signals:
            loop.remove_signal_handler(number)
        server.stop()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(server.close_all_connections(), 5.0)


__all__ = [
    "CLASSES",
    "COOKIE",
    "TOKEN_HEADER",
    "Limits",
    "check_class_file",
    "check_site",
    "default_site",
    "http_server",
    "lan_address",
    "listen",
    "make_app",
    "new_class_file",
    "serve",
]
