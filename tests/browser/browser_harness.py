"""JupyterLab and Voila in headless Debian Chromium, for the browser tests (fixtures: conftest.py).

Follows shared/recipes/jupyter-browser-tests.md: a private JupyterLab (or Voila) on a free
loopback port over a temp copy of the notebooks, temp JUPYTER_* dirs, seeded settings (the
dark theme on request), stopped by PID.  Console errors and page errors are collected on
every page and fail the test, except the few known, harmless JupyterLab messages below.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

from playwright.sync_api import (
    BrowserContext,
    ConsoleMessage,
    Error,
    Locator,
    Page,
    Request,
    Route,
    ViewportSize,
    expect,
)

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",  # the Debian wrapper fails to add it
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
]
VIEWPORT: ViewportSize = {"width": 1280, "height": 1600}

# <user_settings_dir>/<plugin>.jupyterlab-settings
LAB_SETTINGS: dict[str, dict[str, Any]] = {
    # Otherwise cells scrolled out of view are not rendered and cannot be found.
    "@jupyterlab/notebook-extension/tracker": {"windowingMode": "none"},
    "@jupyterlab/docmanager-extension/plugin": {"autosave": False},
    "@jupyterlab/apputils-extension/notification": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
}
DARK_THEME: dict[str, dict[str, Any]] = {
    "@jupyterlab/apputils-extension/themes": {"theme": "JupyterLab Dark"},
}

# Console messages of type "error" that JupyterLab itself logs on a healthy page and that no
# test can avoid.  Keep this list tiny; every entry says why it is harmless.
KNOWN_CONSOLE_NOISE: tuple[re.Pattern[str], ...] = ()

# Webpack's warnings that an extension was built against a newer JupyterLab core than the
# page has (Voila carries its own, older core): the extension then runs on code it was not
# built for.  pyproject.toml pins a Voila and widgets pairing that logs none of them.
VERSION_MISMATCH = re.compile(r"Unsatisfied version|No satisfying version")

# anywidget 0.11 starts a 2-second timer for each model and rejects a promise nobody
# awaits when the model's JavaScript took longer to start: on a busy machine Altair's
# offline chart (Vega bundled in, over a megabyte of JavaScript) does, and the chart is
# drawn all the same (seen in CI at a load average of 3-4: every chart drawn, four of
# these).  The tests that show charts check that each one is drawn with marks, so a model
# that really failed still fails them; this uncaught rejection alone does not.
ANYWIDGET_SLOW_START = "[anywidget] Failed to initialize model."

LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}


def is_outside(url: str) -> bool:
    """True for a request that would leave this machine (a CDN, a font service, ...)."""
    parts = urlsplit(url)
    return parts.scheme not in ("data", "blob", "about") and parts.hostname not in LOOPBACK


def block_outside(context: BrowserContext) -> list[str]:
    """Abort every request of ``context`` that would leave this machine; returns the list
    their URLs are appended to, live."""
    urls: list[str] = []

    def route(r: Route) -> None:
        if is_outside(r.request.url):
            urls.append(r.request.url)
            r.abort("internetdisconnected")
        else:
            r.continue_()

    context.route("**/*", route)
    return urls


def watch_console(page: Page, errors: list[str] | None = None) -> list[str]:
    """Collect into `errors` (a new list by default), as they happen, what fails a test: the
    page's console errors (known noise filtered out), its version-mismatch warnings, its
    uncaught exceptions and every request it makes to another machine; returns the list.

    A classroom may have no internet: a page that asks for anything outside the machine
    (a stylesheet on a CDN, say) shows without it there.
    """
    errors = [] if errors is None else errors

    def on_console(message: ConsoleMessage) -> None:
        where = message.location.get("url", "") if message.location else ""
        if message.type == "warning" and VERSION_MISMATCH.search(message.text):
            errors.append(f"version mismatch: {message.text} ({where})")
        if message.type != "error":
            return
        text = f"console error: {message.text} ({where})"
        if not any(pattern.search(text) for pattern in KNOWN_CONSOLE_NOISE):
            errors.append(text)

    def on_page_error(error: Error) -> None:
        if error.message == ANYWIDGET_SLOW_START:
            return
        errors.append(f"page error: {error.message}")

    def on_request(request: Request) -> None:
        if is_outside(request.url):
            errors.append(f"request to another machine: {request.method} {request.url}")

    page.on("console", on_console)
    page.on("pageerror", on_page_error)
    page.on("request", on_request)
    return errors


def notebooks_source() -> Path:
    """The notebooks served to the browser: notebooks/, or $GOLDLAB_NOTEBOOKS_DIR."""
    return Path(os.environ.get("GOLDLAB_NOTEBOOKS_DIR", ROOT / "notebooks")).resolve()


def games_drawn_by(notebook: Path) -> tuple[str, ...]:
    """The games a test notebook draws, one per code cell that names a registered game, in
    the notebook's order: the page's i-th view is the i-th of these.  Every registered game
    must have its cell (a fourth game is not passed over)."""
    import goldlab

    names = set(goldlab.names())
    drawn = []
    for cell in json.loads(notebook.read_text("utf-8"))["cells"]:
        if cell["cell_type"] == "code":
            named = [g for g in re.findall(r'"(\w+)"', "".join(cell["source"])) if g in names]
            drawn.extend(named[:1])
    assert sorted(drawn) == sorted(names), \
        f"{notebook.name} draws {drawn}: give every registered game a cell"
    return tuple(drawn)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class JupyterServer:
    """A running JupyterLab: `url` ends without a slash; `root_dir` is the temp notebook copy."""

    url: str
    root_dir: Path
    process: subprocess.Popen[bytes]
    log_path: Path

    def api(self, method: str, path: str, timeout: float = 10) -> Any:
        """Call the REST API (no token, no XSRF check); returns decoded JSON or None."""
        req = urllib.request.Request(f"{self.url}{path}", method=method)
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            body = resp.read()
        return json.loads(body) if body else None

    def delete_sessions(self) -> None:
        """Shut down every kernel session, so a reopened notebook never reuses an old kernel."""
        for session in self.api("GET", "/api/sessions"):
            self.api("DELETE", f"/api/sessions/{session['id']}")

    def log_tail(self, lines: int = 40) -> str:
        text = self.log_path.read_text(errors="replace") if self.log_path.exists() else ""
        return "\n".join(text.splitlines()[-lines:])

    def stop(self) -> None:
        """Stop the server and its kernels, by the PID (and process group) we started."""
        if self.process.poll() is None:
            with contextlib.suppress(OSError, urllib.error.URLError):
                self.delete_sessions()
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)  # kernels share the server's group


def _copy_notebooks(source: Path, root_dir: Path) -> None:
    if source.is_dir():
        shutil.copytree(source, root_dir, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    else:
        root_dir.mkdir(parents=True)


# goldlab's Voila template and configuration, as the repository has them (an editable install
# does not copy them into the environment: dev.py links them there, Binder's wheel carries them).
VOILA_TEMPLATES = ROOT / "share" / "jupyter"
VOILA_CONFIG = ROOT / "jupyter-config"


def _jupyter_env(base: Path, repo_voila: bool = True) -> dict[str, str]:
    """The environment of a server: every JUPYTER_* dir inside `base`, none in the home folder;
    with `repo_voila`, Voila finds goldlab's template and configuration in the repository
    first (else only where the environment installed them)."""
    env = dict(os.environ, JUPYTER_PLATFORM_DIRS="1")
    if repo_voila:
        env["JUPYTER_PATH"] = os.pathsep.join(
            p for p in (str(VOILA_TEMPLATES), os.environ.get("JUPYTER_PATH", "")) if p)
        env["JUPYTER_CONFIG_PATH"] = os.pathsep.join(
            p for p in (str(VOILA_CONFIG), os.environ.get("JUPYTER_CONFIG_PATH", "")) if p)
    for var, sub in [
        ("JUPYTER_CONFIG_DIR", "config"),
        ("JUPYTER_DATA_DIR", "data"),
        ("JUPYTER_RUNTIME_DIR", "runtime"),
        ("IPYTHONDIR", "ipython"),
    ]:
        env[var] = str(base / sub)
    return env


def start_jupyter_lab(
    base: Path,
    source: Path | None = None,
    timeout: float = 60,
    settings: dict[str, dict[str, Any]] | None = None,
    python: str = sys.executable,
) -> JupyterServer:
    """Start JupyterLab over a copy of `source` (default: the repo's notebooks/) inside `base`.

    `settings` are seeded as user settings on top of LAB_SETTINGS (e.g. DARK_THEME);
    `python` is the environment's interpreter (its kernel runs the notebooks).
    """
    source = source or notebooks_source()
    root_dir = base / "notebooks"
    _copy_notebooks(source, root_dir)
    settings_dir, workspaces_dir = base / "lab-settings", base / "lab-workspaces"
    for plugin, values in {**LAB_SETTINGS, **(settings or {})}.items():
        package, name = plugin.rsplit("/", 1)
        target = settings_dir / package / f"{name}.jupyterlab-settings"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(values))
    workspaces_dir.mkdir()

    env = _jupyter_env(base)
    port = free_port()
    cmd = [
        python, "-m", "jupyterlab",
        "--no-browser", "--ip=127.0.0.1", f"--port={port}", "--port-retries=0",
        "--IdentityProvider.token=", "--ServerApp.disable_check_xsrf=True",
        "--expose-app-in-browser",
        f"--ServerApp.root_dir={root_dir}",
        f"--LabApp.user_settings_dir={settings_dir}",
        f"--LabApp.workspaces_dir={workspaces_dir}",
        "--LabApp.news_url=",
    ]  # fmt: skip
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    return _launch("JupyterLab", cmd, root_dir, env, base / "jupyterlab.log", port, timeout,
                   ready=lambda server: server.api("GET", "/api/status", timeout=2))


def start_voila(base: Path, source: Path, timeout: float = 60,
                python: str = sys.executable, repo_voila: bool = True,
                extra: Sequence[str] = ()) -> JupyterServer:
    """Start Voila over a copy of the folder `source` inside `base`, with `python`'s Voila
    (and with the repository's goldlab template and configuration, unless not `repo_voila`);
    `extra`: more command-line options.

    A notebook renders at ``{url}/voila/render/<name>.ipynb`` (add ``?theme=dark`` for the
    dark theme).  Ready when the port accepts a connection: a GET would run a notebook.
    """
    root_dir = base / "notebooks"
    _copy_notebooks(source, root_dir)
    port = free_port()
    cmd = [
        python, "-m", "voila", str(root_dir),
        "--no-browser", "--Voila.ip=127.0.0.1", f"--port={port}", "--Voila.port_retries=0",
        "--VoilaConfiguration.show_tracebacks=True", *extra,
    ]  # fmt: skip
    return _launch("Voila", cmd, root_dir, _jupyter_env(base, repo_voila), base / "voila.log",
                   port, timeout,
                   ready=lambda _server: socket.create_connection(("127.0.0.1", port), 1).close())


def _launch(name: str, cmd: list[str], root_dir: Path, env: dict[str, str], log_path: Path,
            port: int, timeout: float, ready: Callable[[JupyterServer], object]) -> JupyterServer:
    """Start a server in its own process group; return it once `ready` stops raising OSError."""
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            cmd, cwd=root_dir, env=env, stdout=log, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, start_new_session=True,
        )  # fmt: skip
    server = JupyterServer(f"http://127.0.0.1:{port}", root_dir, process, log_path)
    deadline = time.monotonic() + timeout
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"{name} exited with {process.returncode}:\n{server.log_tail()}")
        try:
            ready(server)
            return server
        except OSError:  # urllib's URLError is an OSError too
            pass
        if time.monotonic() > deadline:
            server.stop()
            raise RuntimeError(f"{name} not ready after {timeout} s:\n{server.log_tail()}")
        time.sleep(0.2)


def open_voila(page: Page, server: JupyterServer, notebook: str, *, dark: bool = False,
               timeout: float = 120_000) -> None:
    """Open `notebook` in Voila and wait until it has run and its widgets are drawn."""
    theme = "?theme=dark" if dark else ""
    page.goto(f"{server.url}/voila/render/{quote(notebook)}{theme}", timeout=timeout)
    page.locator("#loading").wait_for(state="detached", timeout=timeout)


# What shows a notebook's code on a Voila page: a code cell's input or an editor.
VOILA_CODE_SHOWING = ".jp-CodeCell .jp-InputArea:visible, .jp-CodeMirrorEditor:visible"


def assert_runs_as_app(page: Page, *, lesson: bool) -> None:
    """A Voila page open_voila opened shows an app: no traceback, no widget that failed to
    display, no code; a `lesson` also shows its controls and at least one chart drawn.

    Console errors, page errors and requests to another machine are the `page` fixture's
    (browser_harness.watch_console): they fail the test too.
    """
    body = page.locator("body")
    expect(body).not_to_contain_text("Traceback")
    expect(body).not_to_contain_text("Error displaying widget")
    showing = page.locator(VOILA_CODE_SHOWING).count()
    assert showing == 0, f"{showing} code cells show their code"
    if lesson:
        controls = page.locator(".widget-slider, .widget-dropdown, .widget-button, .jupyter-button")
        expect(controls.first).to_be_visible(timeout=60_000)
        charts = page.locator(".vega-embed canvas, .vega-embed svg, img[src^='data:image/svg']")
        expect(charts.first).to_be_visible(timeout=60_000)



_READABLE_JS = """
() => {
  const charts = Array.from(document.querySelectorAll('svg'));  // read below, label by label
  const shown = charts.map(e => e.style.display);
  charts.forEach(e => { e.style.display = 'none'; });
  const text = document.body.innerText;
  charts.forEach((e, i) => { e.style.display = shown[i]; });
  return [text,
          ...Array.from(document.querySelectorAll('[title], [aria-label], [placeholder]'),
                        e => e.closest('.vega-embed') ? ''
                             : [e.title, e.getAttribute('aria-label'), e.placeholder].join(' ')),
          ...Array.from(document.querySelectorAll('svg text'),
                        t => t.closest('.role-axis-label') ? '' : t.textContent)].join('\\n');
}
"""
"""What a page shows as text, tooltips, labels and placeholders, and the text drawn in its
charts (titles, axis titles, legends, text marks).  An axis's tick labels (0.05, 0.06, ...)
are a scale, not a finding, and a chart's marks each carry a description of their data
point (an aria-label, one per point) where a simulated estimate may round to an exact
answer: both are left to the notebook test, which reads the chart's spec and compares its
data with each exact answer in full (tests/lessons/test_lessons_student.py)."""


def assert_no_answer_shown(page: Page, lesson: str) -> None:
    """Nothing the page shows (its text, tooltips, labels, placeholders and the text drawn
    in its charts) is an exact answer of lesson module ``lesson``'s questions, in any
    form of goldlab.lessons.student.answer_forms: a page where no question is answered
    yet, as a student first sees it (issue 43 §1)."""
    import importlib

    from goldlab.lessons.student import answer_forms

    module = importlib.import_module(f"goldlab.lessons.{lesson}")
    read = getattr(module, "READ_FROM_TABLE", frozenset())
    text = page.evaluate(_READABLE_JS)
    shown = {}
    for key in module.quiz.keys():  # noqa: SIM118 (a Quiz)
        forms = answer_forms(module.quiz.question(key).answer) if key not in read else []
        found = [text[max(0, m.start() - 60):m.end() + 20] for f in forms
                 for m in re.finditer(rf"(?<![\\d./]){re.escape(f)}(?![\\d/])", text)]
        if found:
            shown[key] = found
    assert shown == {}, shown

# Ready = this notebook is the current widget, has a real kernel, connected and idle.
# A "Select Kernel" dialog (should not happen with kernelspec metadata) is accepted.
_KERNEL_READY_JS = """
(path) => {
  const accept = document.querySelector('.jp-Dialog .jp-mod-accept');
  if (accept) { accept.click(); return false; }
  const app = window.jupyterapp;
  const w = app && app.shell.currentWidget;
  if (!w || !w.context || w.context.path !== path || !w.sessionContext) return false;
  const sc = w.sessionContext;
  const k = sc.session && sc.session.kernel;
  return !!k && sc.kernelDisplayName !== 'No Kernel'
    && k.connectionStatus === 'connected' && k.status === 'idle';
}
"""

RUN_ALL_JS = """
async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); return true; }
"""

_ERRORS_JS = """
() => {
  const w = window.jupyterapp.shell.currentWidget;
  const errors = [];
  const cells = w.content.model.cells;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells.get(i);
    if (cell.type !== 'code') continue;
    for (const out of cell.outputs.toJSON()) {
      if (out.output_type === 'error') {
        errors.push(`cell ${i}: ${out.ename}: ${out.evalue}`);
      }
    }
  }
  return errors;
}
"""


def open_and_run(
    page: Page,
    server: JupyterServer,
    notebook: str,
    *,
    timeout: float = 120_000,
    allow_errors: bool = False,
    in_open_lab: bool = False,
) -> None:
    """Open `notebook` (path relative to notebooks/) in JupyterLab and run all its cells.

    Waits for the kernel to be idle first; returns after execution has finished.
    Raises AssertionError if a cell raised, unless `allow_errors`. `timeout` is in ms.
    With `in_open_lab`, the page is one where :func:`open_lab` loaded JupyterLab: the
    notebook opens with the app's ``docmanager:open`` command (no page load); close it,
    and shut its kernel down, with :func:`close_notebooks` before the next one.
    """
    if not (server.root_dir / notebook).is_file():
        raise FileNotFoundError(f"{notebook} is not in {server.root_dir}")
    if in_open_lab:
        page.evaluate(
            "async (path) => { await window.jupyterapp.commands.execute("
            "'docmanager:open', {path, factory: 'Notebook'}); }", notebook)
    else:
        page.goto(f"{server.url}/lab/tree/{quote(notebook)}?reset", timeout=timeout)
    _run_current(page, notebook, timeout, allow_errors)


def _run_current(page: Page, notebook: str, timeout: float, allow_errors: bool) -> None:
    """Run all cells of `notebook`, the page's current widget, once its kernel is ready."""
    page.wait_for_function(_KERNEL_READY_JS, arg=notebook, timeout=timeout, polling=250)
    page.evaluate(RUN_ALL_JS)  # the promise resolves once the cells have run
    page.wait_for_function(_KERNEL_READY_JS, arg=notebook, timeout=timeout, polling=250)
    errors: list[str] = page.evaluate(_ERRORS_JS)
    if errors and not allow_errors:
        raise AssertionError(f"{notebook} raised while running:\n" + "\n".join(errors))


# Shuts down the kernel of every open notebook (or other kernel-backed document) and disposes
# of its tab without the "save your changes?" dialog (autosave is off): the next notebook opened
# in the same page then starts from nothing: no tab, no kernel, no widget of the last one.
_CLOSE_DOCUMENTS_JS = """
async () => {
  const app = window.jupyterapp;
  const documents = [...app.shell.widgets('main')].filter(w => w.context);
  for (const w of documents) {
    if (w.sessionContext) { await w.sessionContext.shutdown(); }
    w.dispose();
  }
  return documents.length;
}
"""


def open_lab(page: Page, server: JupyterServer, *, timeout: float = 120_000) -> None:
    """Load the JupyterLab app (no workspace restored) in `page`, once for many notebooks:
    then open each with :func:`open_and_run` (``in_open_lab=True``) and close it with
    :func:`close_notebooks`."""
    page.goto(f"{server.url}/lab?reset", timeout=timeout)
    page.wait_for_function("() => !!(window.jupyterapp && window.jupyterapp.started)",
                           timeout=timeout, polling=100)
    page.evaluate("() => window.jupyterapp.started")  # resolves once the app has started
    page.evaluate("() => window.jupyterapp.restored")  # and its (empty) layout is restored


def close_notebooks(page: Page) -> int:
    """Shut down the kernel of every document open in the page's JupyterLab and close its
    tab unsaved; returns how many there were."""
    return int(page.evaluate(_CLOSE_DOCUMENTS_JS))


def open_views(page: Page, server: JupyterServer, notebook: str, where: str, count: int, *,
               title: str | None = None) -> Locator:
    """The game views of one of tests/browser/views' notebooks, drawn: run in JupyterLab
    (``where == "lab"``, the server's old kernels shut down first) or opened as a Voila
    app, then waited for until ``count`` views show a title (``title``: that title)."""
    if where == "lab":
        server.delete_sessions()
        open_and_run(page, server, notebook)
    else:
        open_voila(page, server, notebook)
    views = page.locator(".gl-game-view")
    expect(views).to_have_count(count, timeout=60_000)
    for i in range(count):
        shown = views.nth(i).locator(".gl-view-title")
        if title is None:
            expect(shown).not_to_have_text("", timeout=30_000)
        else:
            expect(shown).to_have_text(title, timeout=30_000)
    return views


def shoot_view(page: Page, view: Locator, path: Path, *, room: int = 300) -> None:
    """An element screenshot of the whole of ``view``: JupyterLab fits itself to the window,
    and an element screenshot shows only what the panel shows, so the window is made tall
    enough (``room`` px to spare) for the shot and set back after it."""
    size = page.viewport_size
    box = view.bounding_box()
    if box is not None and size is not None and box["height"] + room > size["height"]:
        page.set_viewport_size({"width": size["width"], "height": int(box["height"]) + room})
    view.scroll_into_view_if_needed()
    view.screenshot(path=path)
    if size is not None:
        page.set_viewport_size(size)
    print(f"screenshot: {path}")
