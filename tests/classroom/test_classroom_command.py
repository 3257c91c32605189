"""``goldlab classroom`` as a teacher runs it: the port, the site, the links, the log, the end.

One real class server runs here as a child process (``python -m goldlab classroom``), is
talked to over HTTP and ended with SIGTERM; the refusals run the command in this process.
"""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from goldlab.classroom import ClassStore, new_session
from goldlab.cli import main


@pytest.fixture
def site(tmp_path: Path) -> Path:
    folder = tmp_path / "site"
    folder.mkdir()
    (folder / "index.html").write_text("<h1>the lessons</h1>")
    return folder


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_a_port_in_use_is_refused_with_its_number(tmp_path: Path, site: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    try:
        status = main(["classroom", "--port", str(port), "--class-file",
                       str(tmp_path / "class.sqlite"), "--site", str(site)])
    finally:
        taken.close()
    assert status == 2
    assert f"port {port} is in use" in capsys.readouterr().err
    assert not (tmp_path / "class.sqlite").exists()  # refused before any file was made


def test_a_missing_site_names_the_command_that_builds_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["classroom", "--port", str(_free_port()), "--site", str(tmp_path / "none")])
    assert status == 2
    assert "python3 dev.py lite" in capsys.readouterr().err


def test_a_class_file_inside_the_site_is_refused(site: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["classroom", "--port", str(_free_port()), "--site", str(site),
                   "--class-file", str(site / "class.sqlite")])
    assert status == 2 and "students could download it" in capsys.readouterr().err
    assert not (site / "class.sqlite").exists()


def test_export_writes_the_rows_with_formulas_neutralised(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = ClassStore.create(tmp_path / "class.sqlite")
    store.submit(new_session(), "=1+1", "1-flip-the-odds", "both_gold", 0.2, nonce="a")
    store.close()
    out = tmp_path / "rows.csv"
    assert main(["classroom", "--class-file", str(tmp_path / "class.sqlite"),
                 "--export", str(out)]) == 0
    assert "wrote 1 rows" in capsys.readouterr().out
    (row,) = csv.DictReader(io.StringIO(out.read_text()))
    assert row["name"] == "'=1+1" and row["value"] == "0.2"


def _request(url: str, body: object = None, headers: dict[str, str] | None = None,
             ) -> tuple[int, dict[str, object], str]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={
        "Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read()), answer.headers.get("Set-Cookie", "")
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read()), ""


def test_a_class_serves_logs_without_the_token_and_ends_on_sigterm(tmp_path: Path,
                                                                   site: Path) -> None:
    port = _free_port()
    class_file = tmp_path / "class" / "class.sqlite"
    terminal = (tmp_path / "terminal.txt").open("w")
    server = subprocess.Popen(
        [sys.executable, "-m", "goldlab", "classroom", "--port", str(port), "--class-file",
         str(class_file), "--site", str(site)],
        stdout=terminal, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        deadline = time.monotonic() + 60
        while "teacher" not in (tmp_path / "terminal.txt").read_text():
            assert server.poll() is None and time.monotonic() < deadline, (
                (tmp_path / "terminal.txt").read_text())
            time.sleep(0.2)
        printed = (tmp_path / "terminal.txt").read_text()
        token = printed.split("#token=")[1].split()[0]
        assert f"students open: http://127.0.0.1:{port}/" in printed
        base = f"http://127.0.0.1:{port}"
        code, answer, cookie = _request(f"{base}/api/class")
        assert code == 200 and cookie.startswith("goldlab_student=")
        me = {"Cookie": cookie.split(";")[0]}
        assert _request(f"{base}/api/name", {"name": "Ann"}, me)[:2] == (
            200, {"ok": True, "name": "Ann"})
        code, answer, _ = _request(f"{base}/api/teacher/summary?lesson=1-flip-the-odds",
                                   headers={"X-Goldlab-Token": token})
        assert code == 200 and answer["students"] == [  # type: ignore[comparison-overlap]
            {"id": me["Cookie"].split("=")[1], "name": "Ann", "hidden": False}]
        # a token in the wrong place (a query) is refused and never logged
        code, _, _ = _request(f"{base}/api/teacher/summary?token={token}")
        assert code == 403
        with urllib.request.urlopen(f"{base}/teacher.html", timeout=10) as page:
            assert b"teacher.js" in page.read()
        start = time.monotonic()
        server.send_signal(signal.SIGTERM)
        assert server.wait(15) == 0 and time.monotonic() - start < 10
    finally:
        if server.poll() is None:
            server.kill()
        terminal.close()
    printed = (tmp_path / "terminal.txt").read_text()
    assert printed.count(token) == 1 and "the class ended" in printed
    log = (class_file.parent / "class.log").read_text()
    assert "POST /api/name" in log and "GET /api/teacher/summary" in log
    assert token not in log
    with pytest.raises(OSError):  # the port is free again: nothing of the class is left
        socket.create_connection(("127.0.0.1", port), 1).close()


def test_a_library_line_quoting_the_token_has_it_blanked(tmp_path: Path) -> None:
    import logging

    from goldlab.classroom.server import start_logging, stop_logging

    handlers = start_logging(tmp_path / "class.log", "the-token-123")
    try:
        logging.getLogger("tornado.application").error(
            "Uncaught exception %r", {"X-Goldlab-Token": "the-token-123"})
    finally:
        stop_logging(handlers)
    text = (tmp_path / "class.log").read_text()
    assert "Uncaught exception" in text and "the-token-123" not in text
