"""The class server's API (issue 45), over HTTP: every endpoint, and what a student may not do.

Each test talks to :func:`goldlab.classroom.server.make_app` through Tornado's test client
(a real HTTP server on a free loopback port); the class file is a fresh one per test and the
student site a small folder standing in for ``build/lite/``.
"""

from __future__ import annotations

import csv
import io
import json
import logging
import sqlite3
import tempfile
import threading
import time
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

from tornado.testing import AsyncHTTPTestCase

from goldlab.classroom import ClassStore
from goldlab.classroom.server import COOKIE, Limits, http_server, make_app
from goldlab.classroom.store import PER_MINUTE

FLIPS = {"lesson": "1-flip-the-odds", "key": "first_flip"}
GUESS = {"lesson": "1-flip-the-odds", "key": "both_gold"}
EXACT = {("1-flip-the-odds", "both_gold"): 23 / 168}


class Browser:
    """One student's browser: it keeps the cookie the server gives it."""

    def __init__(self, test: ClassServerCase) -> None:
        self.test = test
        self.cookie: str | None = None

    def request(self, path: str, body: object = None, *, raw: bytes | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, dict[str, Any]]:
        sent = {"Content-Type": "application/json", **(headers or {})}
        if self.cookie:
            sent["Cookie"] = f"{COOKIE}={self.cookie}"
        if raw is not None or body is not None:
            data = raw if raw is not None else json.dumps(body).encode()
            response = self.test.fetch(path, method="POST", body=data, headers=sent)
        else:
            response = self.test.fetch(path, headers=sent)
        cookies = SimpleCookie()
        for header in response.headers.get_list("Set-Cookie"):
            cookies.load(header)
        if COOKIE in cookies:
            self.cookie = cookies[COOKIE].value
        return response.code, json.loads(response.body)

    def name(self, name: str) -> tuple[int, dict[str, Any]]:
        return self.request("/api/name", {"name": name})

    def submit(self, ask: dict[str, str], value: object, nonce: str) -> tuple[int, dict[str, Any]]:
        return self.request("/api/submit", {**ask, "value": value, "nonce": nonce})


class ClassServerCase(AsyncHTTPTestCase):
    limits = Limits(busy=0.5, save_wait=1.5)

    def run(self, result: Any = None) -> Any:
        """Each test on a thread of its own, with an event loop of its own: a browser test
        that ran earlier in the same process (Playwright's sync API) leaves the main thread
        marked as running a loop, where Tornado's test loop then cannot run."""
        outcome: list[Any] = []
        thread = threading.Thread(target=lambda: outcome.append(super(ClassServerCase, self)
                                                                .run(result)))
        thread.start()
        thread.join()
        return outcome[0] if outcome else None

    def setUp(self) -> None:
        self.folder = Path(tempfile.mkdtemp())
        self.site = self.folder / "site"
        self.site.mkdir()
        (self.site / "index.html").write_text("<h1>the lessons</h1>")
        self.store = ClassStore.create(self.folder / "class.sqlite", title="Room 4",
                                       busy=self.limits.busy)
        super().setUp()

    def tearDown(self) -> None:
        super().tearDown()
        self.store.close()

    def get_app(self) -> Any:
        return make_app(self.store, self.site, limits=self.limits, exact=EXACT)

    def get_http_server(self) -> Any:
        return http_server(self._app)

    def teacher(self, path: str, body: object = None,
                token: str | None = None) -> tuple[int, Any]:
        headers = {"X-Goldlab-Token": self.store.token if token is None else token}
        if body is None:
            response = self.fetch(path, headers=headers)
        else:
            response = self.fetch(path, method="POST", body=json.dumps(body),
                                  headers={**headers, "Content-Type": "application/json"})
        if response.headers.get("Content-Type", "").startswith("text/csv"):
            return response.code, response.body.decode()
        return response.code, json.loads(response.body)

    def student(self, name: str | None = None) -> Browser:
        browser = Browser(self)
        if name is not None:
            assert browser.name(name) == (200, {"ok": True, "name": name})
        return browser


class TestStudents(ClassServerCase):
    def test_the_class_names_its_title_lessons_and_the_student(self) -> None:
        ann = self.student()
        code, answer = ann.request("/api/class")
        assert code == 200 and answer["class"] == "Room 4"
        assert answer["you"] == {"name": None} and answer["lessons"][0] == "1-flip-the-odds"
        assert ann.cookie is not None and len(ann.cookie) == 32
        ann.name("Ann")
        assert ann.request("/api/class")[1]["you"] == {"name": "Ann"}

    def test_the_cookie_is_the_student_across_reloads(self) -> None:
        ann = self.student("Ann")
        again = Browser(self)
        again.cookie = ann.cookie  # the same browser, the page reloaded
        assert again.request("/api/class")[1]["you"]["name"] == "Ann"
        response = self.fetch("/api/class")
        assert "HttpOnly" in response.headers["Set-Cookie"]
        assert "SameSite=Strict" in response.headers["Set-Cookie"]

    def test_a_malformed_cookie_gets_a_fresh_id(self) -> None:
        odd = Browser(self)
        odd.cookie = "x' OR 1=1 --"
        assert odd.request("/api/class")[0] == 200
        assert odd.cookie is not None and len(odd.cookie) == 32

    def test_names_are_unique_across_case_and_look_alikes(self) -> None:
        self.student("Ann")
        for other in ("ANN", "ann", " Ann ", "\u0410nn", "\uff21\uff4e\uff4e"):
            code, answer = Browser(self).name(other)
            assert code == 409 and answer["ok"] is False, other
        assert Browser(self).name("Anna")[0] == 200

    def test_a_student_renames_themself_and_keeps_their_rows(self) -> None:
        ann = self.student("Ann")
        assert ann.submit(FLIPS, {"successes": 2, "trials": 5}, "a")[0] == 200
        assert ann.name("ANN")[1]["name"] == "ANN"  # their own name, another case
        assert ann.name("Annie")[0] == 200
        rows = self.store.rows(token=self.store.token)
        assert [r["session"] for r in rows] == [ann.cookie]
        assert self.store.student(ann.cookie).name == "Annie"  # type: ignore[union-attr]

    def test_bad_names_are_refused(self) -> None:
        for bad in ("", "x" * 41, "Ann\u202e", "Ann\u0000"):
            assert Browser(self).name(bad)[0] == 400, bad
        assert Browser(self).request("/api/name", {"name": 7})[0] == 400

    def test_a_submission_needs_a_name_and_a_retry_is_counted_once(self) -> None:
        ann = Browser(self)
        code, answer = ann.submit(FLIPS, {"successes": 4, "trials": 10}, "n1")
        assert code == 400 and answer["error"] == "Type your name for the class first."
        ann.name("Ann")
        code, first = ann.submit(FLIPS, {"successes": 4, "trials": 10}, "n1")
        assert code == 200 and first["counted"] is True
        code, again = ann.submit(FLIPS, {"successes": 4, "trials": 10}, "n1")
        assert code == 200 and again == {"ok": True, "counted": False, "row": first["row"]}
        assert self.store.pooled(**FLIPS, token=self.store.token).trials == 10

    def test_every_field_is_checked_before_anything_is_written(self) -> None:
        ann = self.student("Ann")
        bad = [
            {**FLIPS, "value": {"successes": 11, "trials": 10}, "nonce": "a"},
            {**FLIPS, "value": {"successes": 1, "trials": 10**6}, "nonce": "a"},
            {**GUESS, "value": 1.5, "nonce": "a"},
            {**GUESS, "value": True, "nonce": "a"},
            {**GUESS, "value": 0.3, "nonce": "a b"},
            {**GUESS, "value": 0.3, "nonce": "a", "extra": 1},
            {"lesson": "9-hacking", "key": "x", "value": 0.3, "nonce": "a"},
            {**GUESS, "value": 0.3},
            [1, 2, 3],
        ]
        for body in bad:
            code, answer = ann.request("/api/submit", body)
            assert code == 400 and answer["ok"] is False and answer["error"], body
        assert self.store.last_row() == 0

    def test_malformed_json_is_400_and_an_oversize_body_413(self) -> None:
        ann = self.student("Ann")
        for raw in (b"{", b"\xff\xfe", b'{"value": NaN}', b"[" * 2000 + b"]" * 2000,
                    b'{"lesson": {"a": {"b": {"c": {"d": 1}}}}}'):
            code, answer = ann.request("/api/submit", raw=raw)
            assert code == 400 and answer["ok"] is False, raw[:20]
        code, answer = ann.request("/api/submit", raw=b'{"name": "' + b"x" * 5000 + b'"}')
        assert code == 413 and answer == {"ok": False, "error": "That request is too big."}
        code, _ = ann.request("/api/name", raw=b'{"name": "Bo"}',
                              headers={"Content-Type": "text/plain"})
        assert code == 400  # a form from another site cannot post JSON

    def test_a_huge_body_is_refused_before_it_is_read(self) -> None:
        import socket

        with socket.create_connection(("127.0.0.1", self.get_http_port())) as raw:
            raw.sendall(b"POST /api/submit HTTP/1.1\r\nHost: x\r\nContent-Type: "
                        b"application/json\r\nContent-Length: 100000000\r\n\r\n{")
            raw.settimeout(5)
            answer = b""
            while b"too big" not in answer:
                self.io_loop.run_sync(lambda: _sleep(0.05))
                try:
                    answer += raw.recv(4096)
                except TimeoutError:
                    break
        assert answer.startswith(b"HTTP/1.1 413"), answer[:100]
        code, answer = Browser(self).request("/api/submit", raw=b" " * 5000 + b"{}")
        assert code == 413

    def test_a_refused_request_with_a_body_leaves_its_connection_usable(self) -> None:
        import socket

        def post(path: str, body: bytes, extra: bytes = b"") -> bytes:
            return (b"POST " + path.encode() + b" HTTP/1.1\r\nHost: x\r\nContent-Type: "
                    b"application/json\r\n" + extra + b"Content-Length: "
                    + str(len(body)).encode() + b"\r\n\r\n" + body)

        requests = [post("/api/teacher/reveal", json.dumps(FLIPS).encode(),
                         b"X-Goldlab-Token: wrong\r\n"),
                    post("/api/submit", b"y" * 6000),
                    post("/api/nothing", b"{}"),
                    b"GET /api/class HTTP/1.1\r\nHost: x\r\n\r\n"]
        with socket.create_connection(("127.0.0.1", self.get_http_port())) as raw:
            raw.setblocking(False)
            statuses = []
            for request in requests:  # one after another, on one connection
                raw.sendall(request)
                answer, deadline = b"", time.monotonic() + 5
                while b"}" not in answer and time.monotonic() < deadline:
                    self.io_loop.run_sync(lambda: _sleep(0.02))
                    try:
                        chunk = raw.recv(65536)
                    except BlockingIOError:
                        continue
                    except OSError:
                        break
                    if not chunk:
                        break  # the server closed the connection
                    answer += chunk
                statuses.append(int(answer.split()[1]) if answer else 0)
        assert statuses == [403, 413, 404, 200]

    def test_a_get_refused_before_it_is_read_says_its_connection_closes(self) -> None:
        """Tornado closes a connection whose request was refused before it was read in
        full; the answer must say so, or a browser or benchmark that reuses it fails.  (A
        raw keep-alive request: Tornado's own client always asks to close.)"""
        import socket

        def headers_of(request: bytes) -> bytes:
            with socket.create_connection(("127.0.0.1", self.get_http_port())) as raw:
                raw.setblocking(False)
                raw.sendall(request)
                answer, deadline = b"", time.monotonic() + 5
                while b"\r\n\r\n" not in answer and time.monotonic() < deadline:
                    self.io_loop.run_sync(lambda: _sleep(0.02))
                    try:
                        answer += raw.recv(65536)
                    except BlockingIOError:
                        continue
            return answer.split(b"\r\n\r\n")[0].lower()

        refused = headers_of(b"GET /api/teacher/summary HTTP/1.1\r\nHost: x\r\n"
                             b"X-Goldlab-Token: wrong\r\n\r\n")
        assert refused.startswith(b"http/1.1 403") and b"connection: close" in refused
        answered = headers_of(b"GET /api/class HTTP/1.1\r\nHost: x\r\n\r\n")
        assert answered.startswith(b"http/1.1 200") and b"connection: close" not in answered

    def test_the_rate_limit_follows_the_student_across_a_new_page(self) -> None:
        ann = self.student("Ann")
        for i in range(PER_MINUTE):
            assert ann.submit(GUESS, 0.3, f"n{i}")[0] == 200
        reloaded = Browser(self)
        reloaded.cookie = ann.cookie
        code, answer = reloaded.submit(GUESS, 0.3, "one-more")
        assert code == 429 and "minute" in answer["error"]
        assert self.student("Bob").submit(GUESS, 0.3, "n0")[0] == 200  # others go on

    def test_new_ids_per_address_are_limited(self) -> None:
        answers = [Browser(self).request("/api/class")[0]
                   for _ in range(self.limits.new_ids_per_minute + 1)]
        assert answers[:-1] == [200] * self.limits.new_ids_per_minute and answers[-1] == 429

    def test_pooled_figures_wait_for_the_reveal(self) -> None:
        ann, bob = self.student("Ann"), self.student("Bob")
        ann.submit(FLIPS, {"successes": 4, "trials": 10}, "a")
        bob.submit(FLIPS, {"successes": 1, "trials": 10}, "b")
        ann.submit(GUESS, 0.12, "c")
        bob.submit(GUESS, 0.31, "d")
        query = "/api/pooled?lesson=1-flip-the-odds&key="
        assert ann.request(query + "first_flip") == (200, {"ok": True, "revealed": False})
        assert Browser(self).request("/api/pooled?lesson=9&key=x")[0] == 404
        assert self.teacher("/api/teacher/reveal", FLIPS) == (200, {"ok": True})
        assert self.teacher("/api/teacher/reveal", GUESS)[0] == 200
        code, trials = ann.request(query + "first_flip")
        assert code == 200 and (trials["kind"], trials["successes"], trials["trials"],
                                trials["students"]) == ("trials", 5, 20, 2)
        _, guesses = bob.request(query + "both_gold")
        assert guesses["count"] == 2 and abs(guesses["mean"] - 0.215) < 1e-9
        assert [b[2] for b in guesses["bins"]][2] == 1 and sum(b[2] for b in guesses["bins"]) == 2

    def test_the_teacher_page_is_served_and_unknown_api_is_json_404(self) -> None:
        page = self.fetch("/teacher.html")
        assert page.code == 200 and b"teacher.js" in page.body
        assert self.fetch("/teacher.js").code == 200
        assert self.fetch("/").body == b"<h1>the lessons</h1>"
        code, answer = Browser(self).request("/api/nothing")
        assert code == 404 and answer["ok"] is False


class TestTeacher(ClassServerCase):
    def test_a_wrong_or_missing_token_is_403(self) -> None:
        for path, body in (("/api/teacher/summary", None), ("/api/teacher/export.csv", None),
                           ("/api/teacher/reveal", FLIPS),
                           ("/api/teacher/hide", {"student": "0" * 32, "hidden": True})):
            for token in ("", "wrong", self.store.token + "x"):
                code, answer = self.teacher(path, body, token=token)
                assert code == 403 and answer["ok"] is False, (path, token)
        assert not self.store.revealed(**FLIPS)

    def test_the_summary_has_one_point_per_student_and_answers_unchanged_at_once(self) -> None:
        ann, bob = self.student("Ann"), self.student("Bob")
        for i in range(5):
            ann.submit(FLIPS, {"successes": 1, "trials": 4}, f"a{i}")
        bob.submit(FLIPS, {"successes": 3, "trials": 4}, "b")
        ann.submit(GUESS, 0.2, "g1")
        ann.submit(GUESS, 0.25, "g2")  # changed her mind: her latest counts
        code, summary = self.teacher("/api/teacher/summary?lesson=1-flip-the-odds")
        assert code == 200 and summary["changed"] is True and summary["rows"] == 8
        asks = {a["key"]: a for a in summary["asks"]}
        flips, guess = asks["first_flip"], asks["both_gold"]
        assert [(p["name"], p["successes"], p["trials"]) for p in flips["points"]] == [
            ("Ann", 5, 20), ("Bob", 3, 4)]
        assert (flips["successes"], flips["trials"], flips["exact"]) == (8, 24, None)
        assert [(p["name"], p["guess"]) for p in guess["points"]] == [("Ann", 0.25)]
        assert guess["exact"] == EXACT[("1-flip-the-odds", "both_gold")]
        assert [s["name"] for s in summary["students"]] == ["Ann", "Bob"]
        last = summary["last"]
        assert self.teacher(f"/api/teacher/summary?lesson=1-flip-the-odds&since={last}") == (
            200, {"ok": True, "last": last, "changed": False})
        bob.submit(FLIPS, {"successes": 0, "trials": 4}, "b2")
        _, moved = self.teacher(f"/api/teacher/summary?lesson=1-flip-the-odds&since={last}")
        assert moved["changed"] is True and moved["last"] > last
        assert self.teacher("/api/teacher/summary?lesson=9-nothing")[0] == 404

    def test_hide_and_rename_change_the_figures_and_the_names(self) -> None:
        ann, bob = self.student("Ann"), self.student("Bob")
        ann.submit(FLIPS, {"successes": 4, "trials": 4}, "a")
        bob.submit(FLIPS, {"successes": 0, "trials": 4}, "b")
        _, before = self.teacher("/api/teacher/summary?lesson=1-flip-the-odds")
        assert self.teacher("/api/teacher/hide", {"student": ann.cookie, "hidden": True}) == (
            200, {"ok": True})
        _, after = self.teacher(f"/api/teacher/summary?lesson=1-flip-the-odds"
                                f"&since={before['last']}")
        flips = next(a for a in after["asks"] if a["key"] == "first_flip")
        assert (flips["successes"], flips["trials"]) == (0, 4)
        assert [p["hidden"] for p in flips["points"]] == [True, False]
        code, renamed = self.teacher("/api/teacher/rename", {"student": bob.cookie,
                                                             "name": "B."})
        assert (code, renamed["name"]) == (200, "B.")
        assert bob.request("/api/class")[1]["you"]["name"] == "B."
        assert self.teacher("/api/teacher/rename", {"student": bob.cookie, "name": "ANN"})[0] == 409
        assert self.teacher("/api/teacher/rename", {"student": "f" * 32, "name": "Zed"})[0] == 400
        assert self.teacher("/api/teacher/hide", {"student": ann.cookie, "hidden": "yes"})[0] == 400

    def test_the_csv_export_neutralises_formulas(self) -> None:
        for i, name in enumerate(("=HYPERLINK(\"http://x\")", "+1", "-2", "@SUM(A1)", "Ann")):
            self.student(name).submit(GUESS, 0.5, f"n{i}")
        code, text = self.teacher("/api/teacher/export.csv")
        assert code == 200
        names = [row["name"] for row in csv.DictReader(io.StringIO(text))]
        assert names == ["'=HYPERLINK(\"http://x\")", "'+1", "'-2", "'@SUM(A1)", "Ann"]


class TestFaults(ClassServerCase):
    def test_a_locked_class_file_answers_not_saved_quickly(self) -> None:
        ann = self.student("Ann")
        other = sqlite3.connect(self.store.path, isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")  # another program holds the file
        try:
            with self.assertLogs("goldlab.classroom", logging.ERROR) as logged:
                start = time.monotonic()
                code, answer = ann.submit(GUESS, 0.3, "locked")
                took = time.monotonic() - start
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert (code, answer) == (503, {"ok": False, "error": "Not saved: tell your teacher."})
        assert took < 2.0
        assert "locked" in "\n".join(logged.output)
        assert ann.submit(GUESS, 0.3, "locked")[1]["counted"] is True  # the retry saves it

    def test_a_read_only_class_file_answers_not_saved_quickly(self) -> None:
        ann = self.student("Ann")
        self.store._db.execute("PRAGMA query_only = ON")  # as a file opened read-only
        with self.assertLogs("goldlab.classroom", logging.ERROR) as logged:
            start = time.monotonic()
            code, answer = ann.submit(GUESS, 0.3, "ro")
            took = time.monotonic() - start
        assert code == 503 and answer["error"] == "Not saved: tell your teacher." and took < 2
        assert "readonly" in "\n".join(logged.output).replace("read-only", "readonly")

    def test_a_slow_file_answers_within_the_wait_and_the_row_is_kept_once(self) -> None:
        ann = self.student("Ann")
        held = threading.Event()

        def hold() -> None:  # the writer thread stuck (a very slow disk)
            with self.store._lock:
                held.set()
                time.sleep(self.limits.save_wait + 0.5)

        threading.Thread(target=hold, daemon=True).start()
        held.wait(5)
        with self.assertLogs("goldlab.classroom", logging.ERROR):
            start = time.monotonic()
            code, _ = ann.submit(GUESS, 0.3, "slow")
            assert code == 503 and time.monotonic() - start < self.limits.save_wait + 0.5
        time.sleep(1.0)
        code, _ = ann.submit(GUESS, 0.3, "slow")  # the retry
        assert code == 200 and self.store.last_row() == 1

    def test_connections_per_address_are_capped(self) -> None:
        import socket

        limits = Limits(connections=3)
        server = http_server(make_app(self.store, self.site, limits=limits))
        sock, port = _free_socket()
        server.add_sockets([sock])
        opened = [socket.create_connection(("127.0.0.1", port)) for _ in range(5)]
        try:
            for s in opened:
                s.settimeout(2)
            self.io_loop.run_sync(lambda: _sleep(0.2))
            closed = 0
            for s in opened:
                s.sendall(b"GET /api/class HTTP/1.1\r\nHost: x\r\n\r\n")
            self.io_loop.run_sync(lambda: _sleep(0.3))
            for s in opened:
                try:
                    closed += s.recv(100) == b""
                except OSError:
                    closed += 1
            assert closed == 2
        finally:
            for s in opened:
                s.close()
            server.stop()


async def _sleep(seconds: float) -> None:
    import asyncio

    await asyncio.sleep(seconds)


def _free_socket() -> tuple[Any, int]:
    from tornado.testing import bind_unused_port

    return bind_unused_port()


def test_the_dashboard_sets_names_only_as_text_and_loads_nothing_from_outside() -> None:
    """Names are students' input: the dashboard's script never parses text as HTML, and its
    files name no other host (no CDN)."""
    import re

    from goldlab.classroom.server import DASHBOARD

    script = (DASHBOARD / "teacher.js").read_text()
    assert not re.search(r"innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(",
                         script)
    assert "textContent" in script
    for page in DASHBOARD.iterdir():
        hosts = re.findall(r"https?://[^\s\"'<>]+", page.read_text())
        assert hosts == ["http://www.w3.org/2000/svg"] * len(hosts), (page.name, hosts)
