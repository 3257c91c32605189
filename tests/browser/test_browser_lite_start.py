"""The static site's start page (issue 44 §3): build/lite/index.html, the link a teacher sends.

The site (``python3 dev.py lite``, built once per run or reused) is served from its folder on
loopback and opened in headless Chromium with every request to another machine blocked.
The start page names the three games and the four lessons; every link on it answers
HTTP 200 from the site; each game's link opens that game's page; its demo links open
JupyterLite's Notebook app (no file browser beside the notebook); the lab's file browser
lists the demo notebooks only (not their support files); on a phone (390 px wide) a game's
board, a lesson and a demo notebook open full width; and a notebook a visitor saved is
shown instead of the published one until **Back to the published version** (a rebuilt site
does not read it at all).  Screenshots land in the artifacts dir as
``lite-start-<width>.png``, ``lite-start-390-<page>.png`` and ``lite-start-published.png``.
"""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from playwright.sync_api import Locator, Page, Route, expect
from test_browser_lite import NOTEBOOKS, site, site_url  # noqa: F401  (fixtures: build, serve)

pytestmark = pytest.mark.browser

GAMES = {"Gold!": "play-gold", "Mount Goldrush": "play-mount-goldrush",
         "Goldland": "play-goldland"}
"""A game's name on the start page -> its app page (lessons/voici/render/<page>.html)."""
LESSONS = ("1. Flip the odds", "2. Is the first player lucky?", "3. What is memory worth?",
           "4. Risk and expected value")
PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1280, "height": 800}
BOOT = 240_000
"""ms: Pyodide starts in the lesson page before its first cell shows."""


def _open_start(page: Page, url: str, viewport: dict[str, int]) -> None:
    page.set_viewport_size(viewport)
    page.goto(f"{url}/", timeout=60_000)
    expect(page.locator("h1")).to_contain_text("three gold board games")


def _shoot(page: Page, artifacts_dir: Path, name: str) -> None:
    path = artifacts_dir / f"{name}.png"
    page.screenshot(path=path, full_page=True)
    print(f"screenshot: {path}")


def _width(locator: Locator) -> float:
    box = locator.bounding_box()
    assert box is not None, f"{locator} is not shown"
    return box["width"]


def test_the_start_page_names_the_games_and_lessons_and_every_link_is_in_the_site(
    page: Page, site_url: str, blocked: list[str], artifacts_dir: Path,  # noqa: F811
) -> None:
    _open_start(page, site_url, PROJECTOR)
    body = page.locator("body")
    for name in (*GAMES, *LESSONS, "rulebooks' examples", "The play table"):
        expect(body).to_contain_text(name)
    expect(body).to_contain_text("Everything runs in this browser: nothing is installed")
    _shoot(page, artifacts_dir, "lite-start-1280")

    hrefs = page.eval_on_selector_all("a[href]", "links => links.map(a => a.href)")
    # games, the play table, the notebooks, lessons, their index, the lab
    assert len(hrefs) >= 3 + 1 + 3 + 4 + 1 + 1
    for href in hrefs:
        assert href.startswith(site_url), f"{href} leaves the site"
        assert "/lab/index.html?" not in href, f"{href}: a notebook in the lab, not the app"
        parts = urlsplit(href)
        with urllib.request.urlopen(urljoin(href, parts.path), timeout=10) as answer:
            assert answer.status == 200, href
        if parts.query.startswith("path="):  # the notebook it opens is in the site too
            notebook = f"{site_url}/files/{parts.query.removeprefix('path=')}"
            with urllib.request.urlopen(notebook, timeout=10) as answer:
                assert answer.status == 200, notebook

    # Each game's link opens that game's own page (its title and heading name the game; read
    # from the page's HTML, before Python is up).
    for game, app_page in GAMES.items():
        _open_start(page, site_url, PROJECTOR)
        page.get_by_role("link", name=game, exact=False).first.click()
        page.wait_for_url(f"**/lessons/voici/render/{app_page}.html")
        expect(page).to_have_title(f"{game}: play against a bot")
        expect(page.locator("#rendered_cells h1")).to_contain_text(game)
        page.goto("about:blank")  # the game's Python need not start

    # The lab, for teachers: its file browser lists the notebooks, not their support files.
    _open_start(page, site_url, PROJECTOR)
    page.get_by_role("link", name="JupyterLab").click()
    files = page.locator(".jp-DirListing-itemText")
    expect(files).to_have_count(len(NOTEBOOKS), timeout=60_000)
    assert sorted(files.all_inner_texts()) == sorted(NOTEBOOKS)
    assert not blocked, f"requests to other machines: {blocked}"


def test_on_a_phone_the_start_page_a_game_and_a_lesson_fill_the_screen(
    page: Page, site_url: str, blocked: list[str], artifacts_dir: Path,  # noqa: F811
) -> None:
    _open_start(page, site_url, PHONE)
    overflow = page.evaluate("() => document.documentElement.scrollWidth")
    assert overflow <= PHONE["width"], f"the start page is {overflow} px wide"
    _shoot(page, artifacts_dir, "lite-start-390")
    least = 0.9 * PHONE["width"]

    # A game: its board, once Python is up, is as wide as the phone.
    page.get_by_role("link", name="Gold!").click()
    page.wait_for_url("**/lessons/voici/render/play-gold.html")
    board = page.locator(".gl-game-view").first
    board.wait_for(timeout=BOOT)
    page.locator("#loading").wait_for(state="detached", timeout=BOOT)
    assert _width(board) >= least, f"the board is {_width(board):.0f} px wide"
    page.screenshot(path=artifacts_dir / "lite-start-390-game.png")

    # A lesson: its first screen (the prose under "Python is starting") fills the width.
    _open_start(page, site_url, PHONE)
    page.get_by_role("link", name=LESSONS[0]).click()
    page.wait_for_url("**/lessons/voici/render/1-flip-the-odds.html")
    banner = page.locator("#loading")
    expect(banner).to_contain_text("Python is starting in this browser")
    cells = page.locator("#rendered_cells")
    first = page.locator("#rendered_cells .jp-Cell").first
    expect(first).to_contain_text("Flip the odds")
    assert min(_width(banner), _width(cells), _width(first)) >= least, (
        f"banner {_width(banner):.0f} px, lesson {_width(cells):.0f} px, its first cell "
        f"{_width(first):.0f} px")
    page.screenshot(path=artifacts_dir / "lite-start-390-lesson.png")

    # A demo notebook, in the Notebook app: no file browser beside it.
    _open_start(page, site_url, PHONE)
    page.get_by_role("link", name="Play from Python").click()
    page.wait_for_url("**/notebooks/index.html?path=1-play-a-bot.ipynb")
    panel = page.locator(".jp-NotebookPanel").first
    cell = page.locator(".jp-Notebook .jp-Cell").first
    expect(cell).to_be_visible(timeout=60_000)
    assert _width(panel) >= least and _width(cell) >= least, (
        f"notebook {_width(panel):.0f} px, its first cell {_width(cell):.0f} px")
    page.screenshot(path=artifacts_dir / "lite-start-390-notebook.png")
    assert not blocked, f"requests to other machines: {blocked}"


# --------------------------------------------------------------------------- stored copies

_SAVE_EDIT_JS = """
async (text) => {
  const panel = window.jupyterapp.shell.currentWidget;
  await panel.context.ready;
  panel.content.model.cells.get(0).sharedModel.setSource(text);
  await panel.context.save();  // what Ctrl+S does (autosave is off in the site)
  return panel.context.path;
}
"""
_NOTEBOOK_READY_JS = """
(path) => {
  const app = window.jupyterapp;
  const panel = app && app.shell.currentWidget;
  return !!(panel && panel.context && panel.context.path === path && panel.context.isReady);
}
"""
_DATABASES_JS = "async () => (await indexedDB.databases()).map(db => db.name).sort()"


def test_a_saved_notebook_gives_way_to_the_published_one(
    page: Page, site: Path, site_url: str, blocked: list[str], artifacts_dir: Path,  # noqa: F811
) -> None:
    """What a visitor saves is kept in this browser under names of this build: it shows
    instead of the published notebook on a reload, not in a rebuilt site, and not after
    **Back to the published version** on the start page.

    The rebuilt site is this one with another digest in its ``jupyter-lite.json`` (a route
    of the browser context's, which also sees what JupyterLite's service worker asks for)."""
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    digest = (site / ".goldlab-lite-inputs").read_text().strip()
    ours = f"goldlab demo {digest[:16]}"
    assert {config[key] for key in ("contentsStorageName", "settingsStorageName",
                                    "workspacesStorageName")} == {ours}
    settings = json.loads((site / "overrides.json").read_text())
    assert settings["@jupyterlab/docmanager-extension:plugin"]["autosave"] is False

    notebook, published, mine = NOTEBOOKS[1], "The rulebooks' examples", "My own notes"
    url = f"{site_url}/notebooks/index.html?path={notebook}"
    first = page.locator(".jp-MarkdownCell .jp-RenderedMarkdown").first


    def open_notebook() -> None:
        page.goto(url, timeout=60_000)
        page.wait_for_function(_NOTEBOOK_READY_JS, arg=notebook, timeout=60_000)

    open_notebook()
    expect(first).to_contain_text(published)
    page.evaluate(_SAVE_EDIT_JS, f"# {mine}")  # a visitor changes the title and saves
    open_notebook()
    expect(first).to_contain_text(mine)  # the saved copy, not the published notebook
    assert ours in page.evaluate(_DATABASES_JS)

    # The same site rebuilt from other inputs names other databases: the published notebook.
    def rebuilt(route: Route) -> None:
        answer = route.fetch()
        route.fulfill(response=answer, body=answer.text().replace(digest[:16], "0" * 16))

    def root_config(address: str) -> bool:  # not notebooks/jupyter-lite.json
        return address.split("?")[0] == f"{site_url}/jupyter-lite.json"

    page.context.route(root_config, rebuilt)
    open_notebook()
    expect(first).to_contain_text(published)
    page.context.unroute(root_config, rebuilt)

    # Back to the published version, on the start page.
    _open_start(page, site_url, PROJECTOR)
    page.get_by_role("button", name="Back to the published version").click()
    expect(page.locator("#forget-result")).to_contain_text("Done:")
    _shoot(page, artifacts_dir, "lite-start-published")
    left = [name for name in page.evaluate(_DATABASES_JS) if name.startswith("goldlab ")]
    assert left == [], f"still stored: {left}"
    open_notebook()
    expect(first).to_contain_text(published)
    expect(first).not_to_contain_text(mine)
    assert not blocked, f"requests to other machines: {blocked}"
