"""The student's side of the class API (issue 45): a small client of ``goldlab classroom``.

A lesson page talks to the class server through this client, and nothing else does: it
asks whether the page is in a class (``GET /api/class``), sets the name the class sees
(``POST /api/name``), sends a prediction or a batch of trials (``POST /api/submit``, with a
nonce, so a retry never doubles a row) and asks for the class's pooled figure once the
teacher has revealed it (``GET /api/pooled``).  The contract (the class API of issue 45)
is written down in docs/lessons.md, "The class server's API".

Two transports carry the requests:

* :class:`BrowserTransport`, in a lesson page: the page's Python (Pyodide) runs in a web
  worker, where a *synchronous* ``XMLHttpRequest`` is allowed; it asks the page's own
  server at absolute paths (``/api/class``), so the browser sends the student's cookie.
  (``pyodide.http.open_url`` is synchronous too but only GETs; ``pyfetch`` is async.)
* :class:`UrlTransport`, in CPython: ``urllib`` against a base URL, with a cookie jar that
  keeps the student as the browser does (the tests use it against the real server).

Every answer is checked before use (JSON, ``ok``, the fields and their types, bounded
sizes); anything wrong, and any network error, becomes :class:`NotSent` whose text is one
short line a student can read, never a traceback.

>>> fake = FakeTransport({("GET", "/api/class"): (200, '{"ok": true, "class": "7B", '
...                        '"you": {"name": null}, "lessons": ["1-flip-the-odds"]}')})
>>> ClassClient(fake).probe()
ClassInfo(title='7B', name=None, lessons=('1-flip-the-odds',))
>>> ClassClient(FakeTransport({})).probe() is None   # a plain web space: no class
True
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import secrets
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

URL_ENV = "GOLDLAB_CLASS_URL"
"""In CPython, the environment variable that names the class server (``http://host:port``);
unset, a lesson in JupyterLab, Voila or a test runs alone.  In a browser page the server is
the page's own origin and nothing needs setting."""
TIMEOUT = 8.0
"""Seconds a request may take before the page says the class did not answer."""
LONGEST_ANSWER = 64 * 1024
"""The most bytes of an answer read (a pooled figure is a few hundred)."""
NONCE = re.compile(r"[0-9A-Za-z_-]{1,64}")
"""What a nonce may hold (the contract)."""
UNREACHABLE = "The class server did not answer: your result stays in this page."
"""The line a student reads when the network or the server fails."""
STRANGE = "The class server gave an answer this page cannot read: your result stays here."
"""The line a student reads when an answer is not what the contract says."""

Transport = Callable[[str, str, "bytes | None"], "tuple[int, str]"]
"""``transport(method, path, body)`` -> ``(status, text)``; raises ``OSError`` when the
request did not reach the server or its answer did not come back."""


class NotSent(Exception):
    """A request the class did not take; ``str()`` is one line for the student."""


@dataclass(frozen=True)
class ClassInfo:
    """What ``GET /api/class`` says: the class's title, the name this browser holds (None
    before it chose one) and the lessons the class takes."""

    title: str
    name: str | None
    lessons: tuple[str, ...]


@dataclass(frozen=True)
class Sent:
    """A submission the class took: its row, and whether it was counted now (False: the
    same nonce had been counted before, so nothing was added)."""

    row: int
    counted: bool


@dataclass(frozen=True)
class PooledTrials:
    """The class's trials of one experiment, once revealed: ``successes`` of ``trials``
    from ``students`` students."""

    successes: int
    trials: int
    students: int

    @property
    def share(self) -> float:
        """The pooled share of successes (0 with no trials)."""
        return self.successes / self.trials if self.trials else 0.0


@dataclass(frozen=True)
class PooledGuesses:
    """The class's predictions, once revealed: how many, their mean, and a histogram
    ``bins`` of ``(low, high, count)``."""

    count: int
    mean: float
    bins: tuple[tuple[float, float, int], ...]


Pooled = PooledTrials | PooledGuesses


# --------------------------------------------------------------------------- transports


class BrowserTransport:
    """Synchronous ``XMLHttpRequest`` from the page's web worker to its own origin.

    Paths are absolute (``/api/...``): the worker's scripts sit deep under the site, and the
    class's API is at the root of the origin that served the page.  The browser adds the
    student's cookie (same origin) and keeps the one the server sets."""

    def __call__(self, method: str, path: str, body: bytes | None) -> tuple[int, str]:
        import js  # type: ignore[import-not-found]  # Pyodide's bridge to the browser

        try:
            request = js.XMLHttpRequest.new()
            request.open(method, path, False)  # synchronous: allowed in a web worker
            with contextlib.suppress(Exception):  # a window's sync request refuses it
                request.timeout = int(TIMEOUT * 1000)  # a worker's sync request may time out
            if body is not None:
                request.setRequestHeader("Content-Type", "application/json")
                request.send(body.decode())
            else:
                request.send()
            status = int(request.status)
            text = str(request.responseText or "")
        except Exception as error:  # a NetworkError, a timeout: the request did not arrive
            raise OSError(f"{method} {path}: {error}") from None
        if status == 0:  # the browser got no answer at all
            raise OSError(f"{method} {path}: no answer")
        return status, text[:LONGEST_ANSWER]


class UrlTransport:
    """``urllib`` against ``base`` (``http://127.0.0.1:8765``), keeping the server's cookie
    as a browser would: one :class:`UrlTransport` is one student."""

    def __init__(self, base: str) -> None:
        import http.cookiejar
        import urllib.request

        self.base = base.rstrip("/")
        self.cookies = http.cookiejar.CookieJar()
        self._opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.cookies))

    def __call__(self, method: str, path: str, body: bytes | None) -> tuple[int, str]:
        import urllib.error
        import urllib.request

        request = urllib.request.Request(self.base + path, data=body, method=method)
        if body is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with self._opener.open(request, timeout=TIMEOUT) as answer:
                return answer.status, answer.read(LONGEST_ANSWER).decode("utf-8", "replace")
        except urllib.error.HTTPError as refused:  # 4xx/5xx: the body still says why
            with refused:
                return refused.code, refused.read(LONGEST_ANSWER).decode("utf-8", "replace")
        except (OSError, ValueError) as error:  # refused connection, timeout, bad URL
            raise OSError(f"{method} {path}: {error}") from None


class FakeTransport:
    """Canned answers by ``(method, path)`` for examples and unit tests (a missing one is a
    404 page, as a plain web space gives); ``sent`` records every request."""

    def __init__(self, answers: dict[tuple[str, str], tuple[int, str] | OSError]) -> None:
        self.answers = answers
        self.sent: list[tuple[str, str, bytes | None]] = []

    def __call__(self, method: str, path: str, body: bytes | None) -> tuple[int, str]:
        self.sent.append((method, path, body))
        answer = self.answers.get((method, path.split("?")[0]), (404, "<h1>Not Found</h1>"))
        if isinstance(answer, Exception):
            raise answer
        return answer


def default_transport() -> Transport | None:
    """The transport of where this Python runs: the page's origin in a browser (Pyodide),
    the server named by :data:`URL_ENV` in CPython, else None (no class)."""
    if sys.platform == "emscripten":
        return BrowserTransport()
    base = os.environ.get(URL_ENV, "").strip()
    if base.startswith(("http://", "https://")):
        return UrlTransport(base)
    return None


# --------------------------------------------------------------------------- the client


def new_nonce() -> str:
    """A fresh nonce: 16 random characters of ``[0-9A-Za-z_-]``."""
    return secrets.token_urlsafe(12)


class ClassClient:
    """The class API, each answer checked.  Methods raise :class:`NotSent` (a line for the
    student) when the class did not take the request."""

    def __init__(self, transport: Transport) -> None:
        self.transport = transport

    # ----------------------------------------------------------------- requests

    def probe(self) -> ClassInfo | None:
        """Is this page in a class?  The class's :class:`ClassInfo`, or None when
        ``/api/class`` does not answer as a class server does (a plain web space's 404,
        an HTML page, no network): then the lesson runs alone."""
        try:
            answer = self._ask("GET", "/api/class")
            return ClassInfo(title=_text(answer, "class", 200),
                             name=_name_or_none(answer.get("you")),
                             lessons=tuple(_texts(answer, "lessons")))
        except NotSent:
            return None

    def set_name(self, name: str) -> str:
        """Ask for ``name`` in the class; the name the server keeps (it may tidy spaces)."""
        answer = self._ask("POST", "/api/name", {"name": name})
        return _text(answer, "name", 40)

    def submit(self, lesson: str, key: str, value: float | dict[str, int],
               nonce: str | None = None) -> Sent:
        """Send a prediction (a chance in [0, 1]) or a batch of trials
        (``{"successes": s, "trials": t}``).  On a network error it tries once more with the
        same nonce: the server counts a nonce once, so a retry never doubles a row."""
        nonce = nonce if nonce is not None else new_nonce()
        if not NONCE.fullmatch(nonce):
            raise ValueError(f"a nonce is 1-64 of [0-9A-Za-z_-], not {nonce!r}")
        body = {"lesson": lesson, "key": key, "value": value, "nonce": nonce}
        try:
            answer = self._ask("POST", "/api/submit", body)
        except _NetworkError:
            answer = self._ask("POST", "/api/submit", body)  # the same nonce: counted once
        row = answer.get("row")
        counted = answer.get("counted")
        if not isinstance(row, int) or isinstance(row, bool) or not isinstance(counted, bool):
            raise NotSent(STRANGE)
        return Sent(row=row, counted=counted)

    def pooled(self, lesson: str, key: str) -> Pooled | None:
        """The class's pooled figure of ``key`` once the teacher revealed it, else None."""
        answer = self._ask("GET", "/api/pooled?" + urlencode({"lesson": lesson, "key": key}))
        revealed = answer.get("revealed")
        if revealed is False:
            return None
        if revealed is not True:
            raise NotSent(STRANGE)
        kind = answer.get("kind")
        if kind == "trials":
            successes, trials, students = (_count(answer, k)
                                           for k in ("successes", "trials", "students"))
            if successes > trials:
                raise NotSent(STRANGE)
            return PooledTrials(successes, trials, students)
        if kind == "prediction":
            count = _count(answer, "count")
            mean = _share(answer.get("mean", 0.0) if count else 0.0)
            return PooledGuesses(count, mean, _bins(answer.get("bins")))
        raise NotSent(STRANGE)

    # ----------------------------------------------------------------- checking

    def _ask(self, method: str, path: str, body: object = None) -> dict[str, Any]:
        data = None if body is None else json.dumps(body).encode()
        try:
            status, text = self.transport(method, path, data)
        except OSError:
            raise _NetworkError(UNREACHABLE) from None
        try:
            answer = json.loads(text)
        except ValueError:
            raise NotSent(UNREACHABLE if status >= 500 else STRANGE) from None
        if not isinstance(answer, dict) or not isinstance(answer.get("ok"), bool):
            raise NotSent(STRANGE)
        if answer["ok"] is not True or not 200 <= status < 300:
            error = answer.get("error")
            line = " ".join(error.split())[:160] if isinstance(error, str) and error else ""
            raise NotSent(line or f"The class refused it (HTTP {status}).")
        return answer


class _NetworkError(NotSent):
    """The request or its answer was lost on the way (worth one retry)."""


def _text(answer: dict[str, Any], field: str, longest: int) -> str:
    value = answer.get(field)
    if not isinstance(value, str) or len(value) > longest:
        raise NotSent(STRANGE)
    return value


def _texts(answer: dict[str, Any], field: str) -> list[str]:
    values = answer.get(field)
    if (not isinstance(values, list) or len(values) > 100
            or not all(isinstance(v, str) and len(v) <= 100 for v in values)):
        raise NotSent(STRANGE)
    return values


def _name_or_none(you: object) -> str | None:
    if not isinstance(you, dict):
        raise NotSent(STRANGE)
    name = you.get("name")
    if name is None:
        return None
    if not isinstance(name, str) or len(name) > 40:
        raise NotSent(STRANGE)
    return name or None


def _count(answer: dict[str, Any], field: str) -> int:
    value = answer.get(field)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 10**12:
        raise NotSent(STRANGE)
    return value


def _share(value: object) -> float:
    if (not isinstance(value, int | float) or isinstance(value, bool)
            or not math.isfinite(value) or not 0 <= value <= 1):
        raise NotSent(STRANGE)
    return float(value)


def _bins(bins: object) -> tuple[tuple[float, float, int], ...]:
    if not isinstance(bins, list) or len(bins) > 100:
        raise NotSent(STRANGE)
    checked = []
    for one in bins:
        if not isinstance(one, list) or len(one) != 3:
            raise NotSent(STRANGE)
        low, high = _share(one[0]), _share(one[1])
        count = _count({"n": one[2]}, "n")
        if low > high:
            raise NotSent(STRANGE)
        checked.append((low, high, count))
    return tuple(checked)


__all__ = ["LONGEST_ANSWER", "STRANGE", "TIMEOUT", "UNREACHABLE", "URL_ENV", "BrowserTransport",
           "ClassClient", "ClassInfo", "FakeTransport", "NotSent", "Pooled", "PooledGuesses",
           "PooledTrials", "Sent", "Transport", "UrlTransport", "default_transport",
           "new_nonce"]
