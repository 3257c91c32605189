"""The static demo (issue 35): the JupyterLite site of ``python3 dev.py lite``, offline.

The site is built once per run (or reused: the build is skipped while its inputs are the
same), served from its folder on loopback by a plain static file server (no Jupyter
server: the kernel is Pyodide, in the page), and each demo notebook is opened in headless
Chromium with every request to another machine blocked, run from the top, and played: a
click on a legal card plays a move and the bot replies; the colour-scoring example is
stepped from its start; the win-rate chart draws.  Any request that leaves the machine, a kernel that dies or a
console error fails.  Prints the build time, the site's size and the time from opening a
notebook to its first cell output; screenshots land in the artifacts dir as
``lite-<notebook>.png``.
"""

from __future__ import annotations

import functools
import http.server
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pytest
from browser_harness import ROOT, RUN_ALL_JS
from playwright.sync_api import Locator, Page, expect

pytestmark = pytest.mark.browser

SITE = ROOT / "build" / "lite"
NOTEBOOKS = ("1-play-a-bot.ipynb", "2-rulebook-examples.ipynb", "3-win-rates.ipynb")
BOOT = 240_000
"""ms: Pyodide, IPython and the widgets start in the page (20-30 s on 2 idle cores; a busy
CI machine runs the other worker beside it)."""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript",
                      ".js": "text/javascript", ".json": "application/json"}

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def site() -> Path:
    """build/lite/, built by `dev.py lite` (reused when its inputs did not change)."""
    started = time.monotonic()
    done = subprocess.run([sys.executable, str(ROOT / "dev.py"), "lite"], cwd=ROOT,
                          capture_output=True, text=True, timeout=1200, check=False)
    assert done.returncode == 0, f"dev.py lite failed:\n{done.stdout}\n{done.stderr}"
    size = sum(p.stat().st_size for p in SITE.rglob("*")
               if p.is_file() and p.relative_to(SITE).parts[0] != "lessons")
    print(f"\nlite site (less the lesson pages): {size / 2**20:.1f} MiB, dev.py lite took "
          f"{time.monotonic() - started:.1f} s ({done.stdout.strip().splitlines()[-1]})")
    return SITE


@pytest.fixture(scope="module")
def site_url(site: Path) -> Iterator[str]:
    """The site served from its folder on a free loopback port, by a thread of this process."""
    handler = functools.partial(_Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, name="lite-site", daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()
    thread.join(10)


_KERNEL_IDLE_JS = """
(path) => {
  const app = window.jupyterapp;
  const w = app && app.shell.currentWidget;
  if (!w || !w.context || w.context.path !== path || !w.sessionContext) return false;
  const k = w.sessionContext.session && w.sessionContext.session.kernel;
  if (k && k.status === 'dead') throw new Error('the kernel died');
  return !!k && k.connectionStatus === 'connected' && k.status === 'idle';
}
"""

_OPEN_JS = """
async (path) => {
  const app = window.jupyterapp;
  for (const w of Array.from(app.shell.widgets('main'))) {
    if (w.context) w.context.model.dirty = false;  // no "Save your work?" dialog
  }
  await app.commands.execute('application:close-all');
  await app.serviceManager.sessions.shutdownAll();
  await app.commands.execute('docmanager:open', {path, factory: 'Notebook'});
  return true;
}
"""

_STATE_JS = """
() => {
  const w = window.jupyterapp.shell.currentWidget;
  const errors = [];
  const cells = w.content.model.cells;
  let run = 0;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells.get(i);
    if (cell.type !== 'code') continue;
    if (cell.executionCount) run++;
    for (const out of cell.outputs.toJSON()) {
      if (out.output_type === 'error') errors.push(`cell ${i}: ${out.ename}: ${out.evalue}`);
    }
  }
  const kernel = w.sessionContext.session.kernel;
  return {errors, run, kernel: kernel ? kernel.status : 'none'};
}
"""


def _open_and_run(page: Page, url: str, notebook: str) -> float:
    """Open `notebook` in the site's JupyterLab, run every cell; the seconds from opening
    it to its first cell output."""
    opened = time.monotonic()
    if "/lab/" not in page.url:
        page.goto(f"{url}/lab/index.html?path={notebook}", timeout=60_000)
    else:  # the same page: the notebook before closes (its kernel with it), this one opens
        page.evaluate(_OPEN_JS, notebook)
    page.wait_for_function(_KERNEL_IDLE_JS, arg=notebook, timeout=BOOT, polling=250)
    page.evaluate(RUN_ALL_JS)
    page.locator(".jp-OutputArea-output").first.wait_for(timeout=BOOT)
    first_output = time.monotonic() - opened
    page.wait_for_function(_KERNEL_IDLE_JS, arg=notebook, timeout=BOOT, polling=250)
    state = page.evaluate(_STATE_JS)
    # Alive: idle, or busy for a moment after the run with a widget's messages (a chart
    # syncing its model); a dead kernel made the wait above fail already.
    assert state["kernel"] in ("idle", "busy"), f"{notebook}: the kernel is {state['kernel']}"
    assert not state["errors"], f"{notebook} raised:\n" + "\n".join(state["errors"])
    code_cells = page.locator(".jp-CodeCell").count()
    assert state["run"] == code_cells, f"{notebook}: {state['run']} of {code_cells} cells ran"
    return first_output


def _moves(view: Locator) -> int:
    return view.locator("li.gl-move").count()


def _shoot(page: Page, view: Locator, artifacts_dir: Path, name: str) -> None:
    view.scroll_into_view_if_needed()
    path = artifacts_dir / f"{name}.png"
    view.screenshot(path=path)
    print(f"screenshot: {path}")


def test_the_static_demo_runs_offline_in_the_browser(
    page: Page, site_url: str, blocked: list[str], console_errors: list[str],
    artifacts_dir: Path,
) -> None:
    times = {}

    # Play against a bot: a click on a legal card plays, the greedy bot replies at once.
    times[NOTEBOOKS[0]] = _open_and_run(page, site_url, NOTEBOOKS[0])
    views = page.locator(".gl-game-view")
    expect(views).to_have_count(4, timeout=60_000)  # the play table's, then three more
    view = views.nth(1)  # Gold! against `greedy`, one move already played from Python
    expect(view.locator(".gl-view-title")).to_have_text("Gold!", timeout=30_000)
    before = _moves(view)
    legal = view.locator(".gl-view-board.gl-acting .gl-legal")
    legal.first.wait_for(timeout=30_000)
    legal.first.click()
    expect(view.locator("li.gl-move")).to_have_count(before + 2, timeout=30_000)
    expect(view.locator(".gl-view-error")).to_be_hidden()
    _shoot(page, view, artifacts_dir, "lite-play")

    # A rulebook example: Gold!'s colour scoring, stepped from its start.
    times[NOTEBOOKS[1]] = _open_and_run(page, site_url, NOTEBOOKS[1])
    scoring = page.locator(".gl-game-view").first
    expect(scoring.locator(".gl-view-title")).to_have_text("Gold!", timeout=30_000)
    counter = scoring.locator(".gl-step-counter")
    at_end = counter.inner_text()
    scoring.locator(".gl-step-first").click()
    expect(counter).not_to_have_text(at_end, timeout=15_000)
    at_start = counter.inner_text()
    scoring.locator(".gl-step-next").click()
    expect(counter).not_to_have_text(at_start, timeout=15_000)
    expect(scoring.locator(".gl-scoring").first).to_be_visible(timeout=15_000)
    _shoot(page, scoring, artifacts_dir, "lite-colour-scoring")

    # Fifty games in the browser, and their win rates as an Altair chart, drawn offline.
    times[NOTEBOOKS[2]] = _open_and_run(page, site_url, NOTEBOOKS[2])
    chart = page.locator(".vega-embed").first
    expect(chart.locator("canvas, svg .mark-rect path").first).to_be_visible(timeout=60_000)
    _shoot(page, chart, artifacts_dir, "lite-win-rates")

    for notebook, seconds in times.items():
        print(f"lite {notebook}: first cell output {seconds:.1f} s after opening it")
    assert not blocked, f"requests to other machines: {blocked}"
