"""``goldlab classroom``: a class on the teacher's own machine, from one command.

:func:`serve` starts a class: a new class store (or the one given, to go on after a
restart), a folder with the student versions of the lessons and the teacher's dashboard
page, and a Voila server on it whose student kernels know the class (:data:`CLASS_ENV`).  It
prints the address for the students and the teacher's link (with the class's random token),
and stops cleanly on Ctrl-C; the class's file stays.

Voila serves only what is in the folder, runs no code a page sends (a student can press the
lesson's buttons, not type into a cell), and the dashboard page opens only with the token.
By default the server listens on this machine only (``127.0.0.1``); ``network=True`` opens it
to the local network, so students' computers reach it.
"""

from __future__ import annotations

import os
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from datetime import datetime
from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote

from goldlab.classroom import ClassError, ClassStore, lessons

CLASS_ENV = "GOLDLAB_CLASS"
"""The environment variable that holds the class's file in a Voila kernel (the old class
server's; the lessons now send to ``goldlab classroom``'s API instead)."""

DASHBOARD = "teacher-dashboard.ipynb"
"""The dashboard page's file in the served folder."""
CLASSES = Path.home() / "goldlab-classes"
"""Where a new class's file goes unless another is named."""
PORT = 8866


def new_class_file(folder: Path = CLASSES) -> Path:
    """A fresh file name for a class started now (never one that exists)."""
    stamp = datetime.now().strftime("%Y-%m-%d-%H%M")
    path = folder / f"class-{stamp}.sqlite"
    while path.exists():
        path = folder / f"class-{stamp}-{secrets.token_hex(2)}.sqlite"
    return path


def prepare(folder: Path) -> list[Path]:
    """Write the student lessons and the dashboard page into ``folder``; what was written."""
    import nbformat

    from goldlab.lessons.student import write_student_versions

    folder.mkdir(parents=True, exist_ok=True)
    written = write_student_versions(folder)
    new = nbformat.v4
    page = new.new_notebook()  # type: ignore[no-untyped-call]
    page.cells = [
        new.new_markdown_cell(  # type: ignore[no-untyped-call]
            "# The class, live\n\nEvery student's guesses and trials, pooled as they arrive."),
        new.new_code_cell(  # type: ignore[no-untyped-call]
            "from goldlab.lessons.class_server import teacher_page\nteacher_page()"),
    ]
    nbformat.write(page, folder / DASHBOARD)  # type: ignore[no-untyped-call]
    return [*written, folder / DASHBOARD]


def links(host: str, port: int, token: str) -> tuple[str, str]:
    """The students' address and the teacher's link (with the token)."""
    base = f"http://{host}:{port}/voila/render"
    first = lessons()[0]
    return (f"{base}/{first}.ipynb",
            f"{base}/{DASHBOARD}?token={quote(token)}&lesson={quote(first)}")


def voila_command(folder: Path, address: str, port: int) -> list[str]:
    """The Voila server of a class: the folder's pages, no tracebacks shown to students."""
    return [sys.executable, "-m", "voila", "--no-browser", f"--port={port}",
            f"--Voila.ip={address}", "--show_tracebacks=False", str(folder)]


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


def serve(class_file: Path | None = None, *, port: int = PORT, network: bool = False,
          folder: Path | None = None, on_ctrl_c: Callable[[], None] = lambda: None) -> int:
    """Run a class until Ctrl-C: the store, the folder, the Voila server; the exit status.

    ``on_ctrl_c`` is called as soon as Ctrl-C arrives (the command's :class:`CtrlC` stops
    repeating it there, so the server's shutdown is not itself interrupted)."""
    if not 1024 <= port <= 65535:
        raise ValueError(f"the port is a number from 1024 to 65535, not {port}")
    if class_file is None:
        store = ClassStore.create(new_class_file())
    elif class_file.exists():
        store = ClassStore.open(class_file)
    else:
        store = ClassStore.create(class_file)
    folder = (folder or store.path.with_suffix("")).resolve()  # Voila 0.5.8: absolute only
    prepare(folder)
    address = "0.0.0.0" if network else "127.0.0.1"
    host = lan_address() if network else "127.0.0.1"
    students, teacher = links(host, port, store.token)
    env = {**os.environ, CLASS_ENV: str(store.path)}
    if threading.current_thread() is threading.main_thread():  # a stop (kill) ends it cleanly too
        signal.signal(signal.SIGTERM, _stop_as_ctrl_c)
    server = subprocess.Popen(voila_command(folder, address, port), env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _wait_until_listening(server, port)
    print(f"class file: {store.path}\n"
          f"students open: {students}\n"
          f"teacher (keep this link to yourself): {teacher}\n"
          "press Ctrl-C to end the class (its file stays)", flush=True)
    try:
        while server.poll() is None:
            time.sleep(0.5)
    except KeyboardInterrupt:
        on_ctrl_c()
        print("ending the class ...", flush=True)
    finally:
        if server.poll() is None:
            server.terminate()
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
        store.close()
    if server.returncode not in (0, -15, None) and server.stderr is not None:
        last = server.stderr.read().decode(errors="replace").strip().splitlines()[-1:]
        raise ClassError(f"the Voila server stopped: {' '.join(last) or server.returncode}")
    return 0


def _stop_as_ctrl_c(signum: int, frame: object) -> None:
    raise KeyboardInterrupt  # SIGTERM: the class ends as on Ctrl-C, its server with it


def _wait_until_listening(server: subprocess.Popen[bytes], port: int,
                          timeout: float = 120.0) -> None:
    """Return once the server accepts connections (the links work from then on)."""
    deadline = time.monotonic() + timeout
    while server.poll() is None and time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), 1).close()
            return
        except OSError:
            time.sleep(0.2)
    if server.poll() is None:
        server.kill()
    raise ClassError(f"the Voila server did not start on port {port} (is the port taken?)")


def teacher_page(query: str | None = None) -> Any:
    """The dashboard page (in Voila): the class's dashboard for the teacher's token, and a
    refusal for anyone else.  ``query`` defaults to the page's address (Voila hands it to
    the kernel as ``QUERY_STRING``)."""
    import ipywidgets as widgets

    from goldlab.lessons.dashboard import TITLES, Dashboard

    fields = parse_qs(os.environ.get("QUERY_STRING", "") if query is None else query)
    token = (fields.get("token") or [""])[0]
    lesson = (fields.get("lesson") or [lessons()[0]])[0]
    if lesson not in lessons():
        lesson = lessons()[0]
    try:
        store = ClassStore.open(os.environ.get(CLASS_ENV, ""))
        board = Dashboard(store, token, lesson)
    except ClassError as refused:
        return widgets.HTML(f"<p><b>{escape(str(refused))}</b></p>")
    choose = widgets.Dropdown(options=[(TITLES[name], name) for name in lessons()],
                              value=lesson, description="lesson")
    holder = widgets.VBox([board.widget])
    board.start()

    def switch(change: Any) -> None:
        nonlocal board
        if change["new"] not in lessons():
            return
        board.stop()
        board = Dashboard(store, token, change["new"])
        holder.children = [board.widget]
        board.start()

    choose.observe(switch, names="value")
    return widgets.VBox([choose, holder])


__all__ = ["DASHBOARD", "links", "new_class_file", "prepare", "serve", "teacher_page",
           "voila_command"]
