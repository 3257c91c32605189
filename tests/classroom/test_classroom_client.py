"""The lessons' class client (goldlab/classroom/client.py) against the real class server, in
CPython: one server for the module (``serve``, as ``goldlab classroom`` runs it, on a free
loopback port), one :class:`UrlTransport` per student (its cookie jar is the student)."""

from __future__ import annotations

import json
import socket
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from goldlab.classroom.client import (
    STRANGE,
    UNREACHABLE,
    ClassClient,
    FakeTransport,
    NotSent,
    PooledGuesses,
    PooledTrials,
    UrlTransport,
)
from goldlab.classroom.server import serve
from goldlab.classroom.store import ClassStore

LESSON = "1-flip-the-odds"


class Server:
    def __init__(self, base: str, store: ClassStore) -> None:
        self.base = base
        self.store = store

    def student(self) -> ClassClient:
        return ClassClient(UrlTransport(self.base))

    def reveal(self, lesson: str, key: str) -> None:
        request = urllib.request.Request(
            f"{self.base}/api/teacher/reveal", method="POST",
            data=json.dumps({"lesson": lesson, "key": key}).encode(),
            headers={"Content-Type": "application/json", "X-Goldlab-Token": self.store.token})
        with urllib.request.urlopen(request, timeout=10) as answer:
            assert json.load(answer)["ok"] is True


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("class")
    site = folder / "site"
    site.mkdir()
    (site / "index.html").write_text("<!doctype html><title>site</title>")
    store = ClassStore.create(folder / "class.sqlite", title="7B")
    port = free_port()
    started: list[Callable[[], None]] = []
    thread = threading.Thread(target=serve, args=(store, site), daemon=True, kwargs={
        "port": port, "log_file": folder / "class.log",
        "ready": lambda students, teacher, stop: started.append(stop)})
    thread.start()
    end = time.monotonic() + 30
    while not started:
        assert thread.is_alive() and time.monotonic() < end, "the class server did not start"
        time.sleep(0.05)
    yield Server(f"http://127.0.0.1:{port}", store)
    started[0]()
    thread.join(10)


def test_a_class_answers_the_probe_and_keeps_the_students_name(server: Server) -> None:
    ann = server.student()
    info = ann.probe()
    assert info is not None and info.title == "7B" and info.name is None
    assert LESSON in info.lessons
    assert ann.set_name("  Ann  Probe ") in ("Ann Probe", "  Ann  Probe ".strip())
    again = ann.probe()  # the cookie is the student: a reload knows the name
    assert again is not None and again.name == ann.set_name("Ann Probe")
    assert server.student().probe().name is None  # type: ignore[union-attr]  # another browser


def test_a_name_held_by_another_student_is_refused_with_a_sentence(server: Server) -> None:
    server.student().set_name("Zoe")
    other = server.student()
    with pytest.raises(NotSent) as refused:
        other.set_name("ZOE")
    assert str(refused.value) and "Traceback" not in str(refused.value)
    with pytest.raises(NotSent):
        other.set_name("")


def test_a_submission_needs_a_name_and_a_nonce_counts_once(server: Server) -> None:
    bob = server.student()
    with pytest.raises(NotSent, match="name"):
        bob.submit(LESSON, "first_flip", {"successes": 1, "trials": 5})
    bob.set_name("Bob Nonce")
    first = bob.submit(LESSON, "first_flip", {"successes": 2, "trials": 5}, nonce="batch-1")
    again = bob.submit(LESSON, "first_flip", {"successes": 2, "trials": 5}, nonce="batch-1")
    assert first.counted and not again.counted and again.row == first.row
    with pytest.raises(NotSent) as refused:  # more gold than flips: the server says why
        bob.submit(LESSON, "first_flip", {"successes": 6, "trials": 5})
    assert str(refused.value) and str(refused.value) != STRANGE
    with pytest.raises(ValueError, match="nonce"):
        bob.submit(LESSON, "first_flip", {"successes": 1, "trials": 5}, nonce="no spaces")


def test_a_lost_answer_is_asked_again_with_the_same_nonce_and_counted_once(
        server: Server) -> None:
    transport = UrlTransport(server.base)
    lost: list[str] = []

    def flaky(method: str, path: str, body: bytes | None) -> tuple[int, str]:
        answer = transport(method, path, body)
        if path == "/api/submit" and not lost:  # the server counted it; the answer is lost
            lost.append(path)
            raise OSError("connection reset")
        return answer

    cal = ClassClient(flaky)
    cal.set_name("Cal Retry")
    sent = cal.submit(LESSON, "first_flip", {"successes": 3, "trials": 10})
    assert lost and not sent.counted  # the retry found its own row
    assert server.store.pooled(LESSON, "first_flip", token=server.store.token).trials >= 10
    mine = [r for r in server.store.rows(token=server.store.token) if r["name"] == "Cal Retry"]
    assert len(mine) == 1


def test_the_pooled_figures_come_once_revealed(server: Server) -> None:
    dee = server.student()
    dee.set_name("Dee Pool")
    dee.submit(LESSON, "first_flip", {"successes": 4, "trials": 10})
    dee.submit(LESSON, "both_gold", 0.15, nonce="guess-both_gold")
    assert dee.pooled(LESSON, "first_flip") is None
    assert dee.pooled(LESSON, "both_gold") is None
    server.reveal(LESSON, "first_flip")
    server.reveal(LESSON, "both_gold")
    trials = dee.pooled(LESSON, "first_flip")
    truth = server.store.pooled(LESSON, "first_flip", token=server.store.token)
    assert isinstance(trials, PooledTrials)
    assert (trials.successes, trials.trials) == (truth.successes, truth.trials)
    assert trials.students >= 1 and 0 <= trials.share <= 1
    guesses = dee.pooled(LESSON, "both_gold")
    assert isinstance(guesses, PooledGuesses) and guesses.count >= 1
    assert sum(count for _, _, count in guesses.bins) == guesses.count
    assert any(low <= 0.15 <= high and count for low, high, count in guesses.bins)
    with pytest.raises(NotSent):
        dee.pooled(LESSON, "no_such_key")


def test_a_page_in_the_class_shows_the_figure_by_itself(server: Server,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The lesson's widgets on the real server: the page's watch (a thread in CPython) shows
    the class's figure after the teacher's reveal, with nobody pressing anything."""
    from goldlab.lessons import together
    from goldlab.lessons.flip_the_odds import TRIALS

    monkeypatch.setattr(together, "EVERY", 0.2)
    page = together.ClassPage(server.student())
    assert page.in_class and page.name is None
    experiment = together.ClassExperiment(TRIALS, batch=5, page=page)
    name_box = experiment.widget.children[0]
    name_box.children[0].children[0].value = "Eve Page"
    assert "You are sending as <b>Eve Page</b>" in name_box.children[1].value
    experiment.run()
    assert "Sent to the class as Eve Page" in experiment.output.value
    experiment.run()
    time.sleep(0.5)
    assert experiment.class_view.value == "" or "gl-class-figure" in experiment.class_view.value
    server.reveal(LESSON, "first_flip")  # (revealed already by another test, or now)
    end = time.monotonic() + 10
    while "gl-class-figure" not in experiment.class_view.value:
        assert time.monotonic() < end, "the class figure did not come"
        time.sleep(0.05)
    assert "the whole class" in experiment.class_view.value
    together.use_page(None)


def test_no_server_is_a_line_for_the_student_and_no_class(tmp_path: Path) -> None:
    gone = ClassClient(UrlTransport(f"http://127.0.0.1:{free_port()}"))
    assert gone.probe() is None
    with pytest.raises(NotSent, match=UNREACHABLE):
        gone.set_name("Ann")


@pytest.mark.parametrize("answer", [
    "not json", "[]", '{"ok": "yes"}', '{"ok": true}',
    '{"ok": true, "revealed": true, "kind": "trials", "successes": 5, "trials": 4, '
    '"students": 1}',
    '{"ok": true, "revealed": true, "kind": "trials", "successes": -1, "trials": 4, '
    '"students": 1}',
    '{"ok": true, "revealed": true, "kind": "prediction", "count": 1, "mean": 2.0, '
    '"bins": []}',
    '{"ok": true, "revealed": true, "kind": "prediction", "count": 1, "mean": 0.5, '
    '"bins": [[0.5, 0.1, 1]]}',
    '{"ok": true, "revealed": true, "kind": "prediction", "count": 1, "mean": NaN, '
    '"bins": []}',
    '{"ok": true, "revealed": "soon"}',
    '{"ok": true, "revealed": true, "kind": "poem"}',
])
def test_an_answer_that_is_not_the_contracts_is_refused(answer: str) -> None:
    client = ClassClient(FakeTransport({("GET", "/api/pooled"): (200, answer)}))
    with pytest.raises(NotSent):
        client.pooled(LESSON, "first_flip")


def test_a_refusal_is_one_bounded_line() -> None:
    long = json.dumps({"ok": False, "error": "Too\nmany " + "x" * 500})
    client = ClassClient(FakeTransport({("POST", "/api/name"): (429, long)}))
    with pytest.raises(NotSent) as refused:
        client.set_name("Ann")
    assert str(refused.value).startswith("Too many x") and len(str(refused.value)) <= 160
    wrong = ClassClient(FakeTransport({("GET", "/api/class"): (
        200, '{"ok": true, "class": "7B", "you": {"name": 5}, "lessons": []}')}))
    assert wrong.probe() is None  # a page that cannot read its class runs alone
