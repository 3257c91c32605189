"""Every lesson and the play table run as Voila apps: no code showing, controls and charts drawn.

Issue 15, part 3: "every lesson and a 'play table' page run as apps with no code showing,
so a teacher can project them."  One Voila server over a copy of notebooks/ serves them all.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_harness import JupyterServer, notebooks_source, open_voila, start_voila
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

SOURCE = notebooks_source()
APPS = ["06-play-table.ipynb",
        *sorted(p.relative_to(SOURCE).as_posix() for p in (SOURCE / "lessons").glob("[1-9]*.ipynb"))]


@pytest.fixture(scope="module")
def voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterServer]:
    server = start_voila(tmp_path_factory.mktemp("voila-apps"), SOURCE)
    yield server
    server.stop()


@pytest.mark.parametrize("notebook", APPS)
def test_the_notebook_runs_as_an_app_with_no_code_showing(
        notebook: str, page: Page, voila: JupyterServer, artifacts_dir: Path) -> None:
    open_voila(page, voila, notebook, timeout=180_000)
    body = page.locator("body")
    expect(body).not_to_contain_text("Traceback")
    expect(body).not_to_contain_text("Error displaying widget")
    assert page.locator(".jp-CodeCell .jp-InputArea:visible, .jp-CodeMirrorEditor:visible").count() == 0
    if notebook.startswith("lessons/"):
        controls = page.locator(".widget-slider, .widget-dropdown, .widget-button, .jupyter-button")
        expect(controls.first).to_be_visible(timeout=60_000)
        charts = page.locator(".vega-embed canvas, .vega-embed svg, img[src^='data:image/svg']")
        expect(charts.first).to_be_visible(timeout=60_000)
    else:
        expect(page.locator(".gl-game-view .gl-view-board").first).to_be_visible()
    name = notebook.replace("/", "-").removesuffix(".ipynb")
    page.screenshot(path=artifacts_dir / f"voila-app-{name}.png")
    page.goto("about:blank")  # the page would keep calling the server after the test
