"""``goldlab classroom``: the folder it serves, the links it prints, the teacher's page that
opens only with the token, the export, and a server that starts and stops on Ctrl-C."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import nbformat
import pytest

from goldlab.classroom import ClassStore, lessons, new_session
from goldlab.cli import main
from goldlab.lessons.class_server import (
    CLASS_ENV,
    DASHBOARD,
    links,
    prepare,
    teacher_page,
    voila_command,
)


def test_the_folder_holds_the_student_lessons_and_the_dashboard(tmp_path: Path) -> None:
    written = prepare(tmp_path / "class")
    names = {p.name for p in written}
    assert {f"{lesson}.ipynb" for lesson in lessons()} <= names
    assert DASHBOARD in names
    page = nbformat.read(tmp_path / "class" / DASHBOARD, as_version=4)
    assert "teacher_page()" in page.cells[-1].source
    for lesson in lessons():  # student versions: no teacher notes, no worked answers
        notebook = nbformat.read(tmp_path / "class" / f"{lesson}.ipynb", as_version=4)
        tags = {t for c in notebook.cells for t in c.get("metadata", {}).get("tags", [])}
        assert not tags & {"solution", "teacher"}


def test_the_links_and_the_server_command() -> None:
    students, teacher = links("192.168.1.20", 8866, "a b+c")
    assert students == "http://192.168.1.20:8866/voila/render/1-flip-the-odds.ipynb"
    assert teacher.endswith(f"/{DASHBOARD}?token=a%20b%2Bc&lesson=1-flip-the-odds")
    command = voila_command(Path("/srv/class"), "127.0.0.1", 9000)
    assert "--Voila.ip=127.0.0.1" in command and "--port=9000" in command
    assert "--show_tracebacks=False" in command


@pytest.fixture
def class_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ClassStore:
    store = ClassStore.create(tmp_path / "class.sqlite")
    monkeypatch.setenv(CLASS_ENV, str(store.path))
    return store


@pytest.mark.parametrize("query", ["", "token=", "token=guess&lesson=1-flip-the-odds",
                                   "lesson=1-flip-the-odds"])
def test_the_teachers_page_refuses_without_the_token(class_env: ClassStore, query: str) -> None:
    page = teacher_page(query)
    assert "only the teacher&#x27;s link opens the dashboard" in page.value


def test_the_teachers_page_shows_the_dashboard_and_switches_lessons(
        class_env: ClassStore) -> None:
    class_env.submit(new_session(), "Ann", "4-risk-and-expected-value", "refills",
                     {"successes": 3, "trials": 5}, nonce="a")
    page = teacher_page(f"token={class_env.token}&lesson=<script>")
    choose, holder = page.children
    assert choose.value == lessons()[0]  # an unknown lesson: the first one
    choose.value = "4-risk-and-expected-value"
    board = holder.children[0]
    assert "4. Risk and expected value" in board.children[0].value
    assert any("3 of 5" in getattr(w, "value", "") for w in _walk(board))


def _walk(widget: object) -> list[object]:
    out = [widget]
    for child in getattr(widget, "children", ()):
        out.extend(_walk(child))
    return out


def test_the_cli_exports_a_class_and_says_what_it_needs(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    store = ClassStore.create(tmp_path / "class.sqlite")
    store.submit(new_session(), "Ann", "1-flip-the-odds", "both_gold", 0.25, nonce="a")
    out = tmp_path / "rows.csv"
    assert main(["classroom", "--class-file", str(store.path), "--export", str(out)]) == 0
    assert "Ann" in out.read_text(encoding="utf-8")
    assert main(["classroom", "--export", str(out)]) == 2
    assert "needs --class-file" in capsys.readouterr().err
    assert main(["classroom", "--class-file", str(tmp_path / "none.sqlite"),
                 "--export", str(out)]) == 2
    assert main(["classroom", "--port", "80"]) == 2
    assert "1024 to 65535" in capsys.readouterr().err


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_a_class_starts_serves_and_ends_on_ctrl_c(tmp_path: Path) -> None:
    port = _free_port()
    class_file = tmp_path / "class.sqlite"
    command = [sys.executable, "-m", "goldlab", "classroom", "--class-file", str(class_file),
               "--port", str(port)]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    try:
        assert server.stdout is not None
        printed = [server.stdout.readline() for _ in range(4)]
        assert printed[1].startswith("students open: http://127.0.0.1:")
        assert f"?token={ClassStore.open(class_file).token}" in printed[2]
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/tree",
                                            timeout=5) as answer:
                    assert answer.status == 200 and "Voil" in answer.read().decode()
                    break
            except OSError:
                assert time.monotonic() < deadline, "the class's server did not answer"
                time.sleep(0.5)
        server.send_signal(signal.SIGINT)
        assert server.wait(30) == 0
    finally:
        if server.poll() is None:
            server.kill()
    assert ClassStore.open(class_file).token  # the class's file stays
    assert (tmp_path / "class" / DASHBOARD).is_file()  # served from beside the class's file
