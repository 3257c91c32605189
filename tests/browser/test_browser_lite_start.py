"""The static site's start page (issue 44 §3): build/lite/index.html, the link a teacher sends.

The site (``python3 dev.py lite``, built once per run or reused) is served from its folder on
loopback and opened in headless Chromium with every request to another machine blocked.
The start page names the three games and the four lessons; every link on it answers
HTTP 200 from the site; its demo links open JupyterLite's Notebook app (no file browser
beside the notebook); the lab's file browser lists the demo notebooks only (not their
support files); and on a phone (390 px wide) a game and a lesson open full width.
Screenshots land in the artifacts dir as ``lite-start-<width>.png`` and
``lite-start-390-<page>.png``.
"""

from __future__ import annotations

import urllib.request
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from playwright.sync_api import Locator, Page, expect
from test_browser_lite import NOTEBOOKS, site, site_url  # noqa: F401  (fixtures: build, serve)

pytestmark = pytest.mark.browser

GAMES = ("Gold!", "Mount Goldrush", "Goldland")
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
    for name in (*GAMES, *LESSONS, "rulebooks' examples"):
        expect(body).to_contain_text(name)
    expect(body).to_contain_text("Everything runs in this browser: nothing is installed")
    _shoot(page, artifacts_dir, "lite-start-1280")

    hrefs = page.eval_on_selector_all("a[href]", "links => links.map(a => a.href)")
    assert len(hrefs) >= 3 + 1 + 4 + 1 + 1  # games, examples, lessons, their index, the lab
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

    # The lab, for teachers: its file browser lists the notebooks, not their support files.
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

    page.get_by_role("link", name="Gold!").click()
    page.wait_for_url("**/notebooks/index.html?path=1-play-a-bot.ipynb")
    panel = page.locator(".jp-NotebookPanel").first
    cell = page.locator(".jp-Notebook .jp-Cell").first
    expect(cell).to_be_visible(timeout=60_000)
    assert _width(panel) >= least and _width(cell) >= least, (
        f"notebook {_width(panel):.0f} px, its first cell {_width(cell):.0f} px")
    page.screenshot(path=artifacts_dir / "lite-start-390-game.png")

    _open_start(page, site_url, PHONE)
    page.get_by_role("link", name=LESSONS[0]).click()
    page.wait_for_url("**/lessons/voici/render/1-flip-the-odds.html")
    page.locator(".jp-OutputArea-output").first.wait_for(timeout=BOOT)
    cells = page.locator("#rendered_cells")
    first = page.locator("#rendered_cells .jp-Cell").first
    assert _width(cells) >= least and _width(first) >= least, (
        f"lesson {_width(cells):.0f} px, its first cell {_width(first):.0f} px")
    page.screenshot(path=artifacts_dir / "lite-start-390-lesson.png")
    assert not blocked, f"requests to other machines: {blocked}"
