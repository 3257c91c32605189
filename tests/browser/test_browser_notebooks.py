"""Every notebook, run in JupyterLab with the internet blocked, runs cleanly and draws its charts.

Issue 15: "a test opens each notebook in JupyterLab, runs all cells and fails on any Python
error, widget error, console error or chart that did not draw."  The notebooks are found at
collection time (notebooks/**/*.ipynb), so a new notebook is covered without editing this file.

Each test fails on:

* a cell that raised (``open_and_run``);
* a request that would leave the machine (every non-loopback request is aborted and recorded);
* a console error or uncaught page error, from opening the notebook to closing it;
* a widget that could not be displayed, a script that could not load, an error on stderr;
* a chart without drawn marks: every Altair widget (``.vega-embed``) and every static chart
  of goldlab's offline renderer (vl-convert SVG, mime type image/svg+xml) must show marks.

JupyterLab is loaded once per module (a page load costs seconds); each test opens its notebook
in it with the app's ``docmanager:open`` command and, when it ends, shuts the kernel down and
closes the tab unsaved (``close_notebooks``), so nothing of one notebook is left for the next.
A test that failed leaves the page in an unknown state: the next one reloads the app.

The wall time of each notebook's run-all (from the run-all command to the kernel going idle)
is written to test-artifacts/notebook-times/<notebook>.json; every worker merges those files
into test-artifacts/notebook-times.json and prints the table when its tests end (under xdist
only the JSON is visible: workers' output is not shown).  Issue 15 asks for under 20 s per
notebook on 2 cores; the time is reported, not asserted, because CI load varies.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_harness import (
    VIEWPORT,
    JupyterServer,
    block_outside,
    close_notebooks,
    notebooks_source,
    open_and_run,
    open_lab,
    watch_console,
)
from playwright.sync_api import Browser, Error, Page

pytestmark = pytest.mark.browser

SOURCE = notebooks_source()
NOTEBOOKS = sorted(
    path.relative_to(SOURCE).as_posix()
    for path in SOURCE.rglob("*.ipynb")
    if ".ipynb_checkpoints" not in path.parts
    # the static demo's notebooks run in their own site: tests/browser/test_browser_lite.py
    and path.relative_to(SOURCE).parts[0] != "demo"
)
TARGET_SECONDS = 20.0  # issue 15, on 2 cores: reported, not asserted
CHART_TIMEOUT_S = 60.0

# Text JupyterLab, ipywidgets, anywidget or Altair put in an output when something broke.
BROKEN_OUTPUT = re.compile(
    r"Error displaying widget|Failed to load model class|model not found|"
    r"Error loading script|Javascript Error|Error rendering",
    re.IGNORECASE,
)

# Times the run-all command: from its start to the first moment the kernel is idle after the
# command's promise resolved (later comm traffic, e.g. a chart widget syncing, is not counted).
_TIME_RUN_ALL_JS = """
(() => {
  const hook = () => {
    const app = window.jupyterapp;
    if (!app) { setTimeout(hook, 50); return; }
    window.__goldlabRunAll = {};
    app.commands.commandExecuted.connect((_, args) => {
      if (args.id !== 'notebook:run-all-cells') return;
      const times = window.__goldlabRunAll;
      times.start = performance.now();
      const widget = app.shell.currentWidget;
      Promise.resolve(args.result).finally(() => {
        const kernel = widget && widget.sessionContext.session
          && widget.sessionContext.session.kernel;
        const finish = () => { if (times.end === undefined) times.end = performance.now(); };
        if (!kernel || kernel.status === 'idle') { finish(); return; }
        kernel.statusChanged.connect((_k, status) => { if (status === 'idle') finish(); });
      });
    });
  };
  hook();
})();
"""

# The charts a notebook should show, from its saved outputs: Altair widgets (their text/plain
# names JupyterChart; charts inside other widgets are found on the page only) and vl-convert
# SVGs (class="marks").  Then every chart on the page, and whether it has drawn marks.
_CHARTS_JS = """
() => {
  const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
  const expected = {widget: 0, svg: 0};
  for (let i = 0; i < cells.length; i++) {
    const cell = cells.get(i);
    if (cell.type !== 'code') continue;
    for (const out of cell.outputs.toJSON()) {
      const data = out.data || {};
      const plain = [].concat(data['text/plain'] || []).join('');
      const svg = [].concat(data['image/svg+xml'] || []).join('');
      const html = [].concat(data['text/html'] || []).join('');
      if (plain.includes('JupyterChart') || html.includes('vega-embed')
          || Object.keys(data).some(m => m.startsWith('application/vnd.vegalite'))) {
        expected.widget++;
      } else if (svg.includes('class="marks"')) {
        expected.svg++;
      }
    }
  }
  const marksIn = (root) => [...root.querySelectorAll('.role-mark')]
    .reduce((n, group) => n + group.children.length, 0);
  const charts = [];
  for (const embed of document.querySelectorAll('.jp-OutputArea-output .vega-embed')) {
    let marks = marksIn(embed);
    const canvas = embed.querySelector('canvas');
    if (!marks && canvas && canvas.width > 0 && canvas.height > 0) {
      // A canvas has no DOM marks: count coloured pixels (axes, grid and text are grey).
      const px = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      let coloured = 0;
      for (let i = 0; i < px.length; i += 4) {
        const [r, g, b, a] = [px[i], px[i + 1], px[i + 2], px[i + 3]];
        if (a > 0 && Math.max(r, g, b) - Math.min(r, g, b) > 40) coloured++;
      }
      marks = coloured > 100 ? coloured : 0;
    }
    embed.closest('.jp-OutputArea-output').dataset.goldlabChart = 'widget';
    charts.push({kind: 'widget', marks});
  }
  const svgOutputs = document.querySelectorAll(
    '.jp-OutputArea-output[data-mime-type="image/svg+xml"]');
  for (const out of svgOutputs) {
    const img = out.querySelector('img');
    let root = out.querySelector('svg');
    let loaded = true;
    if (img && img.src.startsWith('data:image/svg+xml')) {
      const source = decodeURIComponent(img.src.slice(img.src.indexOf(',') + 1));
      root = new DOMParser().parseFromString(source, 'image/svg+xml').documentElement;
      loaded = img.complete && img.naturalWidth > 0;
    }
    if (!root || !root.classList.contains('marks')) continue;  // a picture, not a chart
    out.dataset.goldlabChart = 'svg';
    charts.push({kind: 'svg', marks: loaded ? marksIn(root) : 0});
  }
  const texts = [...document.querySelectorAll('.jp-OutputArea-output')]
    .map(out => out.innerText || '').filter(text => text.trim());
  const stderr = [...document.querySelectorAll(
      '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')]
    .map(out => out.innerText || '');
  return {expected, charts, texts, stderr};
}
"""


@pytest.fixture(scope="module")
def times_dir(artifacts_dir: Path) -> Iterator[Path]:
    """Per-notebook timing files; at the end, merged into notebook-times.json and printed."""
    folder = artifacts_dir / "notebook-times"
    folder.mkdir(parents=True, exist_ok=True)
    yield folder
    rows = []
    for notebook in NOTEBOOKS:
        path = folder / f"{_slug(notebook)}.json"
        if path.is_file():
            rows.append(json.loads(path.read_text()))
    if not rows:
        return
    merged = artifacts_dir / "notebook-times.json"
    tmp = merged.with_suffix(f".{time.monotonic_ns()}.tmp")
    tmp.write_text(json.dumps({"target_s": TARGET_SECONDS, "notebooks": rows}, indent=1) + "\n")
    tmp.replace(merged)  # atomic: two workers may both write it
    print(f"\n{'notebook':45} {'run-all s':>9} {'open+run s':>10} {'charts':>6}  (target < "
          f"{TARGET_SECONDS:.0f} s run-all)")
    for row in rows:
        flag = "" if row["run_all_s"] < TARGET_SECONDS else "  over target"
        print(f"{row['notebook']:45} {row['run_all_s']:9.1f} {row['open_and_run_s']:10.1f} "
              f"{row['charts']:6}{flag}")
    print(f"written: {merged}")


# Closing a notebook right after its kernel started cuts off the request JupyterLab's debugger
# sends a new kernel for its state (ipykernel may never answer it: waiting for it cost 10 s a
# notebook), and the debugger logs that; it comes from the test's own close, not the notebook.
CLOSE_NOISE = re.compile(
    r"Could not restore the debugger state: Canceled future for debug_request message")


class SharedLab:
    """One page with JupyterLab loaded, for the whole module: what it logged and requested."""

    def __init__(self, page: Page, server: JupyterServer) -> None:
        self.page, self.server = page, server
        self.errors = watch_console(page)  # console and page errors, outside requests
        self.blocked: list[str] = []  # the current test's aborted requests
        self.seen = 0  # errors[:seen] belong to tests already reported
        self.reload = True  # load the app before the next test


@pytest.fixture(scope="module")
def shared_lab(browser: Browser, jupyter_server: JupyterServer) -> Iterator[SharedLab]:
    """A tall page of its own, every request leaving the machine aborted (and recorded)."""
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.set_default_timeout(30_000)
    shared = SharedLab(page, jupyter_server)
    shared.blocked = block_outside(context)
    page.add_init_script(_TIME_RUN_ALL_JS)
    yield shared
    context.close()


@pytest.fixture
def notebook_page(shared_lab: SharedLab, request: pytest.FixtureRequest,
                  artifacts_dir: Path) -> Iterator[Page]:
    """The module's JupyterLab page with no notebook open and no kernel running; at the end,
    a screenshot if the test failed, its notebooks closed with their kernels shut down, and
    the test failed if the page logged errors meanwhile (app load included, for the first)."""
    shared, page = shared_lab, shared_lab.page
    shared.server.delete_sessions()
    shared.blocked.clear()
    if shared.reload:
        open_lab(page, shared.server, timeout=180_000)
        shared.reload = False
    yield page
    report = getattr(request.node, "rep_call", None)
    if report is None or report.failed:
        shared.reload = True
        if report is not None:
            path = artifacts_dir / "browser" / f"FAILED-{_slug(request.node.name)}.png"
            path.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=path)
            print(f"screenshot of the failed page: {path}")
    try:
        close_notebooks(page)
    except Error:
        shared.reload = True
    page.wait_for_timeout(100)  # lets what the close logged arrive, for this test
    seen = [e for e in shared.errors[shared.seen:] if not CLOSE_NOISE.search(e)]
    shared.seen = len(shared.errors)
    if report is not None and report.passed and seen:
        pytest.fail("the page logged errors:\n" + "\n".join(seen))


def _slug(notebook: str) -> str:
    return re.sub(r"[^\w.-]+", "_", notebook.removesuffix(".ipynb"))


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_notebook_runs_and_draws_offline_in_jupyterlab(
    notebook: str, notebook_page: Page, shared_lab: SharedLab, times_dir: Path,
    artifacts_dir: Path,
) -> None:
    page, blocked = notebook_page, shared_lab.blocked
    page.evaluate("() => { window.__goldlabRunAll = {}; }")  # this notebook's run-all only
    started = time.monotonic()
    open_and_run(page, shared_lab.server, notebook, timeout=180_000, in_open_lab=True)
    open_and_run_s = time.monotonic() - started
    times: dict[str, float] = page.evaluate("() => window.__goldlabRunAll || {}")
    assert "start" in times and "end" in times, f"run-all was not timed: {times}"
    run_all_s = (times["end"] - times["start"]) / 1000

    state = _wait_for_charts(page)
    charts = state["charts"]
    record = {"notebook": notebook, "run_all_s": round(run_all_s, 2),
              "open_and_run_s": round(open_and_run_s, 2), "charts": len(charts),
              "measured_at": time.strftime("%Y-%m-%dT%H:%M:%S")}
    (times_dir / f"{_slug(notebook)}.json").write_text(json.dumps(record) + "\n")
    print(f"\n{notebook}: run-all {run_all_s:.1f} s (open and run {open_and_run_s:.1f} s), "
          f"charts {charts}, expected at least {state['expected']}")

    assert blocked == [], f"{notebook} tried to reach the internet: {blocked}"
    broken = [text for text in state["texts"] if BROKEN_OUTPUT.search(text)]
    assert broken == [], f"{notebook} shows broken outputs:\n" + "\n".join(broken)
    errors = [text for text in state["stderr"] if re.search(r"Error|Traceback", text)]
    assert errors == [], f"{notebook} wrote errors to stderr:\n" + "\n".join(errors)
    undrawn = [c for c in charts if not c["marks"]]
    assert undrawn == [], f"{notebook}: {len(undrawn)} of {len(charts)} charts drew no marks"
    for kind in ("widget", "svg"):
        found = sum(c["kind"] == kind for c in charts)
        assert found >= state["expected"][kind], (
            f"{notebook}: {state['expected'][kind]} {kind} charts in the outputs, "
            f"{found} drawn on the page")

    if charts:
        _screenshot_first_chart(page, artifacts_dir / "browser" / f"notebook-{_slug(notebook)}.png")


def _wait_for_charts(page: Page) -> dict[str, Any]:
    """The chart state once every chart has marks and all expected charts are on the page
    (or, after CHART_TIMEOUT_S, as it is: the assertions then say what is missing)."""
    deadline = time.monotonic() + CHART_TIMEOUT_S
    while True:
        state: dict[str, Any] = page.evaluate(_CHARTS_JS)
        charts, expected = state["charts"], state["expected"]
        complete = all(c["marks"] for c in charts) and all(
            sum(c["kind"] == kind for c in charts) >= expected[kind] for kind in expected)
        if complete or time.monotonic() > deadline:
            return state
        page.wait_for_timeout(500)


def _screenshot_first_chart(page: Page, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    chart = page.locator("[data-goldlab-chart]").first
    chart.scroll_into_view_if_needed()
    chart.screenshot(path=path)
