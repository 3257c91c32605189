"""Every lesson and the play table run as Voila apps: no code showing, controls and charts drawn.

Issue 15, part 3: "every lesson and a 'play table' page run as apps with no code showing,
so a teacher can project them."  One Voila server over a copy of notebooks/ serves them all.

Issue 31, part 5: a class may have no internet. Every page here fails its test on a request
to another machine and on a version-mismatch warning in the console (browser_harness.
watch_console): goldlab's Voila template (share/jupyter/voila/templates/goldlab) links
nothing outside, and pyproject.toml pins a Voila and widgets pairing built for one core.
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


# A Font Awesome icon, as an ipywidgets Button(icon=...) draws one; its font must come from
# Voila's own bundle on this machine.
_ICON_FONT_JS = """
async () => {
  const icon = document.createElement('i');
  icon.className = 'fa fa-check';
  document.body.prepend(icon);
  await document.fonts.ready;
  const family = getComputedStyle(icon, '::before').fontFamily;
  await document.fonts.load(`900 16px ${family}`);
  icon.remove();
  return [family, document.fonts.check(`900 16px ${family}`)];
}
"""


def test_a_voila_page_loads_nothing_from_the_internet_and_draws_its_icons(
        page: Page, voila: JupyterServer, console_errors: list[str]) -> None:
    open_voila(page, voila, "lessons/0-lessons.ipynb", timeout=180_000)
    expect(page.locator("body")).to_contain_text("Flip the odds")
    family, loaded = page.evaluate(_ICON_FONT_JS)
    assert "Font Awesome" in family and loaded, (family, loaded)
    assert page.locator("link[href*='://'], script[src*='://']").count() == 0
    assert console_errors == []  # no request to another machine, no version-mismatch warning
    page.goto("about:blank")


@pytest.mark.parametrize("notebook", APPS)
def test_the_notebook_runs_as_an_app_with_no_code_showing(
        notebook: str, page: Page, voila: JupyterServer, artifacts_dir: Path,
        console_errors: list[str]) -> None:
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
    assert console_errors == []  # no request to another machine, no version-mismatch warning
    page.goto("about:blank")  # the page would keep calling the server after the test
