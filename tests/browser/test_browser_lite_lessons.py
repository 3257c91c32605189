"""The student lessons as app pages of the static site (issue 44 §2): build/lite/lessons/.

``python3 dev.py lite`` builds them with Voici beside the demo (lite/lessons.py, built once
per run or reused).  The site is served from its folder on loopback by a plain static file
server that counts the bytes it sends; each page is opened in headless Chromium with every
request to another machine blocked.  A page is an app: no code shows, every cell runs on
open, no traceback, widgets and a chart drawn, nothing asked of another machine (the
``page`` fixture also fails on any console error).  A student answers one question of each
lesson that runs in the browser (:data:`RUNNING`): types in the answer box, presses Check
and reads the feedback.  Before Python is up a page already shows its title and prose under
a "Python is starting in this browser" banner (its first screen, checked on every page
opened, photographed as ``lite-lessons-<page>-starting.png``).  The play table and the
three games are app pages too: a move is clicked on the play table's board.

Prints the time from opening a page to its first cell output and to the end of its run,
cold (an empty browser profile) and again from the browser's disk cache (a second tab of
the same profile: a browser's in-memory cache, as in Playwright's usual contexts, does not
keep Pyodide's 10 MB of WebAssembly), with the bytes the server sent for each (docs/lite.md
has the figures); screenshots land in the artifacts dir as ``lite-lessons-<page>.png``.
"""

from __future__ import annotations

import functools
import http.server
import importlib
import json
import os
import re
import shutil
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import BinaryIO

import pytest
from browser_harness import (
    CHROMIUM,
    CHROMIUM_ARGS,
    VIEWPORT,
    VOILA_CODE_SHOWING,
    assert_no_answer_shown,
    assert_runs_as_app,
    watch_console,
)
from playwright.sync_api import Browser, BrowserContext, Page, expect
from test_browser_axe import NOT_OURS_IN_LESSONS, check
from test_browser_lite import _Quiet, site  # noqa: F401  (site: the fixture that builds)

pytestmark = pytest.mark.browser

PAGES = Path("lessons") / "voici" / "render"
BOOT = 240_000
"""ms: Pyodide, IPython and the widgets start in the page (15-20 s on 2 idle cores)."""
CHECK_PAGE = "check-this-browser"
INDEX_PAGE = "0-lessons"
PLAY_PAGES = ("play-table", "play-gold", "play-mount-goldrush", "play-goldland")
"""The app pages to play (lite/visitors.py): the play table and one per game."""
STARTING = "Python is starting in this browser"


@dataclass(frozen=True)
class Answer:
    """One question of a lesson page, answered as a student would."""

    key: str
    typed: str
    feedback: str


ANSWERS = {
    "1-flip-the-odds": Answer("first_gold", "3/8", "Right: 3/8 = 0.375 (37.5 %)"),
    "2-is-the-first-player-lucky": Answer("fair_share", "1/3", "Right: 1/3 ≈ 0.333 (33.3 %)"),
    "3-what-is-memory-worth": Answer("blind_gold", "149/252", "Right: 149/252 ≈ 0.591"),
    "4-risk-and-expected-value": Answer("next_donkey", "5/26", "Right: 5/26 ≈ 0.192 (19.2 %)"),
}
"""Lesson page -> the question a student answers there."""
RUNNING = tuple(ANSWERS)
"""The lesson pages that run in the browser, each tested: all four (their path imports no
NumPy, pandas, SciPy or sqlite3, tests/test_without_numpy.py)."""
MODULES = {"1-flip-the-odds": "flip_the_odds", "2-is-the-first-player-lucky": "first_player",
           "3-what-is-memory-worth": "memory", "4-risk-and-expected-value": "risk"}
"""Lesson page -> its module, whose questions the page must not answer before they are."""


@dataclass
class Served:
    """The site on a loopback port; `sent`: the bytes of each response body, in order."""

    url: str
    sent: list[int] = field(default_factory=list)

    def page(self, name: str) -> str:
        return f"{self.url}/{PAGES.as_posix()}/{name}.html"


class _Counting(_Quiet):
    sent: list[int]

    def copyfile(self, source: BinaryIO, outputfile: BinaryIO) -> None:  # type: ignore[override]
        before = source.tell()
        shutil.copyfileobj(source, outputfile)
        self.sent.append(source.tell() - before)


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[Served]:  # noqa: F811  (the imported fixture)
    """build/lite/ on a free loopback port, served by a thread of this process."""
    counted = Served("")
    handler = type("Handler", (_Counting,), {"sent": counted.sent})
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, name="lite-lessons", daemon=True)
    thread.start()
    counted.url = f"http://127.0.0.1:{server.server_address[1]}"
    yield counted
    server.shutdown()
    server.server_close()
    thread.join(10)


OFFLINE = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1"
"""No host name but localhost resolves: Chromium reaches no other machine by name.  (The
browser tests' usual blocking, a Playwright route, switches the browser's cache off.)"""


@pytest.fixture
def profile(browser: Browser, tmp_path: Path) -> Iterator[BrowserContext]:
    """A browser with a profile on disk (its cache too) that reaches no other machine."""
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=str(CHROMIUM), headless=True,
        args=[*CHROMIUM_ARGS, OFFLINE], viewport=VIEWPORT)
    yield context
    context.close()


@dataclass(frozen=True)
class Load:
    first_screen: float  # s from opening the page to its title, prose and banner
    first_output: float  # s from opening the page to its first cell output
    ran: float  # s to the end of the run (Voici's "Executing ..." gone)
    mib: float  # what the server sent meanwhile

    load: float  # the machine's load average (1 min) when the run ended

    def __str__(self) -> str:
        return (f"first screen {self.first_screen:.1f} s, "
                f"first output {self.first_output:.1f} s, all cells run {self.ran:.1f} s, "
                f"{self.mib:.1f} MiB sent (load average {self.load:.1f})")


def open_app(page: Page, served: Served, name: str, artifacts_dir: Path | None = None) -> Load:
    """Open page `name` and wait until every cell has run; on the way, its first screen:
    the page's title and first heading and the "Python is starting" banner show before any
    output (photographed into `artifacts_dir`, if given)."""
    start, opened = len(served.sent), time.monotonic()
    page.goto(served.page(name), timeout=60_000, wait_until="commit")
    heading = page.locator("#rendered_cells h1").first
    expect(page.locator("#loading")).to_contain_text(STARTING, timeout=30_000)
    expect(heading).to_be_visible(timeout=30_000)
    screen = time.monotonic() - opened
    expect(page).to_have_title(heading.inner_text().strip().removesuffix("¶").strip())
    assert page.locator(".jp-OutputArea-output").count() == 0, "output before the first screen"
    if artifacts_dir is not None:
        page.screenshot(path=artifacts_dir / f"lite-lessons-{name}-starting.png")
    page.locator(".jp-OutputArea-output").first.wait_for(timeout=BOOT)
    first = time.monotonic() - opened
    page.locator("#loading").wait_for(state="detached", timeout=BOOT)
    ran = time.monotonic() - opened
    return Load(screen, first, ran, sum(served.sent[start:]) / 2**20, os.getloadavg()[0])


def _shoot(page: Page, artifacts_dir: Path, name: str, *, whole: bool = True) -> None:
    """Screenshot the page: all of it (Voici scrolls its cells in a box of the window's
    height: the window is made as tall for a moment), or what the window shows."""
    path = artifacts_dir / f"lite-lessons-{name}.png"
    if whole:
        height = page.evaluate("() => document.querySelector('#rendered_cells').scrollHeight")
        page.set_viewport_size({**VIEWPORT, "height": min(max(height, VIEWPORT["height"]),
                                                          12_000)})
        page.wait_for_timeout(500)  # charts fit themselves to the new size
    page.screenshot(path=path)
    page.set_viewport_size(VIEWPORT)
    print(f"screenshot: {path}")


# --------------------------------------------------------------------------- the build


FOREIGN_LOAD = re.compile(r"""<(?:link|script|img|iframe)\b[^>]*\b(?:href|src)=["']?(?:https?:)?//"""
                          r"""|import\(\s*["'](?:https?:)?//|url\(\s*["']?(?:https?:)?//""",
                          re.IGNORECASE)


def test_the_pages_are_the_student_versions_and_load_nothing_from_outside(
        site: Path) -> None:  # noqa: F811
    """One page per student lesson, the index and the check page; no page holds a cell a
    teacher version has (tagged ``solution`` or ``teacher``), none links a stylesheet or a
    script on another host (Voila's Font Awesome, nbconvert's Mermaid)."""
    from goldlab.lessons.student import HIDDEN_TAGS, LESSONS

    pages = site / PAGES
    expected = {p.stem for p in LESSONS.glob("*.ipynb")} | {CHECK_PAGE, *PLAY_PAGES}
    assert {p.stem for p in pages.glob("*.html")} == expected
    for html in [*pages.glob("*.html"), *(site / "lessons" / "voici").glob("*/index.html")]:
        text = html.read_text(encoding="utf-8")
        assert not FOREIGN_LOAD.search(text), f"{html.name}: {FOREIGN_LOAD.search(text)}"
        if html.parent == pages:
            config = re.search(r'<script id="jupyter-config-data" type="application/json">'
                               r"(.*?)</script>", text, re.DOTALL)
            assert config, f"{html.name} has no configuration"
            cells = json.loads(config.group(1))["notebookSrc"]["cells"]
            tagged = [c["source"][:60] for c in cells
                      if HIDDEN_TAGS & set(c.get("metadata", {}).get("tags", []))]
            assert tagged == [], f"{html.name} has teacher cells: {tagged}"
            assert '"pyodideUrl": "../../static/pyodide/pyodide.js"' in text
            assert STARTING in text and 'id="rendered_cells" style="display: none"' not in text
    config = json.loads((site / "lessons" / "jupyter-lite.json").read_text())
    digest = (site / "lessons" / ".goldlab-lite-lessons-inputs").read_text().strip()
    assert config["jupyter-config-data"]["contentsStorageName"] == f"goldlab lessons {digest[:16]}"


# --------------------------------------------------------------------------- the pages


def test_the_check_page_runs_offline_cold_and_from_the_cache(
        profile: BrowserContext, served: Served, artifacts_dir: Path) -> None:
    """A game, a slider that a label follows and a chart: Python runs in this browser;
    opened again, it comes from the browser's cache."""
    page = profile.new_page()
    errors = watch_console(page)  # with any request to another machine
    cold = open_app(page, served, CHECK_PAGE, artifacts_dir)
    assert_runs_as_app(page, lesson=False)
    expect(page.locator(".gl-board")).to_have_count(1)
    label = page.locator(".gl-check-label")
    expect(label).to_have_text("3 cards")
    handle = page.locator(".gl-check-slider .noUi-handle")
    handle.focus()
    handle.press("ArrowRight")
    expect(label).to_have_text("4 cards", timeout=15_000)
    expect(page.locator(".vega-embed svg .mark-rect path").first).to_be_visible(timeout=60_000)
    _shoot(page, artifacts_dir, CHECK_PAGE)

    page.close()
    again = profile.new_page()  # a student opens the link again
    errors = watch_console(again, errors)
    cached = open_app(again, served, CHECK_PAGE)
    expect(again.locator(".vega-embed svg .mark-rect path").first).to_be_visible(timeout=60_000)
    print(f"\nlite lessons {CHECK_PAGE}: cold: {cold}; from the cache: {cached}")
    assert not errors, "\n".join(errors)
    assert cached.mib < cold.mib / 10, (cold, cached)  # the browser's cache served the rest


def test_the_student_index_lists_the_lessons_and_links_their_pages(
        page: Page, served: Served, blocked: list[str], artifacts_dir: Path) -> None:
    load = open_app(page, served, INDEX_PAGE, artifacts_dir)
    assert_runs_as_app(page, lesson=False)
    body = page.locator("body")
    expect(body).to_contain_text("1-flip-the-odds.ipynb")  # the cell that lists the lessons
    expect(body).not_to_contain_text("Teacher and student versions")  # a teacher cell
    _shoot(page, artifacts_dir, INDEX_PAGE)
    print(f"\nlite lessons {INDEX_PAGE}: {load}")
    link = page.get_by_role("link", name="1. Flip the odds")
    expect(link).to_have_attribute("href", "1-flip-the-odds.html")
    link.click()
    page.wait_for_url(served.page("1-flip-the-odds"))
    expect(page.locator("#loading")).to_be_attached()  # the lesson's page, starting
    page.goto("about:blank")
    assert not blocked, f"requests to other machines: {blocked}"


def typed(answer: object) -> str:
    """An exact answer as a student types it: a fraction, a whole number, True or False, a
    word."""
    if isinstance(answer, bool | str):
        return str(answer)
    exact = Fraction(answer) if isinstance(answer, Fraction | int) else Fraction(str(answer))
    return str(exact.numerator) if exact.denominator == 1 else f"{exact}"


@pytest.mark.parametrize("lesson", RUNNING)
def test_a_student_takes_a_lesson_page_end_to_end(
        page: Page, served: Served, blocked: list[str], artifacts_dir: Path,
        lesson: str) -> None:
    """Issue 44, done when: each lesson, opened from the built site with every outside request
    blocked, can be taken end to end: predict, run (the student's own trials), answer every
    question, read the feedback; and
    once every question is answered, nothing waits any more (issue 43: each exact answer
    appears once its question is answered)."""
    module = importlib.import_module(f"goldlab.lessons.{MODULES[lesson]}")
    load = open_app(page, served, lesson, artifacts_dir)
    assert_runs_as_app(page, lesson=True)
    assert page.locator(VOILA_CODE_SHOWING).count() == 0
    _shoot(page, artifacts_dir, lesson)
    assert_no_answer_shown(page, MODULES[lesson])  # issue 43's student test, in the browser
    accessible = check(page, f"lite lesson {lesson}", exclude=NOT_OURS_IN_LESSONS)  # axe-core
    assert not accessible, "\n".join(accessible)  # 0 critical and 0 serious (issue 47 §3)

    prediction = page.locator(".gl-prediction").first
    prediction.scroll_into_view_if_needed()
    prediction.locator("input").first.fill("30" if "of 100" in prediction.inner_text() else "0.3")
    prediction.get_by_role("button", name="Save my guess").click()
    expect(prediction).to_contain_text("Stored", timeout=30_000)

    trials = page.locator(".gl-class-experiment").first  # the student's own run, alone
    trials.scroll_into_view_if_needed()
    trials.get_by_role("button", name="Run my trials").click()
    expect(trials).to_contain_text("yours so far", timeout=60_000)

    for key in module.quiz.keys():  # noqa: SIM118 (a Quiz)
        box = page.locator(".gl-answer").filter(
            has=page.locator("code", has_text=re.compile(rf"^{key}$")))
        expect(box).to_have_count(1)
        box.scroll_into_view_if_needed()
        box.locator("input").fill(typed(module.quiz.question(key).answer))
        box.get_by_role("button", name="Check").click()
        expect(box.locator(".gl-feedback")).to_contain_text("Right", timeout=30_000)
    waiting = page.locator(".gl-after")
    expect(waiting.locator(".gl-after-open")).to_have_count(waiting.count(), timeout=60_000)
    answer = ANSWERS[lesson]  # what the first answer said, word for word
    box = page.locator(".gl-answer", has_text=answer.key).first
    expect(box.locator(".gl-feedback")).to_contain_text(answer.feedback)
    _shoot(page, artifacts_dir, f"{lesson}-answered")
    print(f"\nlite lessons {lesson}: {load}; {len(module.quiz.keys())} questions answered, "
          f"{waiting.count()} waiting answers opened")
    assert not blocked, f"requests to other machines: {blocked}"


def test_the_play_table_is_an_app_page_and_plays(
        page: Page, served: Served, blocked: list[str], artifacts_dir: Path) -> None:
    """The play table (notebooks/06-play-table.ipynb) as an app page, offline: menus and a
    dealt game of Gold!; a click on a legal card plays it and the bot replies."""
    load = open_app(page, served, "play-table", artifacts_dir)
    assert_runs_as_app(page, lesson=False)
    view = page.locator(".gl-game-view").first
    expect(view.locator(".gl-view-title")).to_have_text("Gold!", timeout=30_000)
    moves = view.locator("li.gl-move")
    before = moves.count()
    legal = view.locator(".gl-view-board.gl-acting .gl-legal")
    legal.first.wait_for(timeout=30_000)
    legal.first.click()
    expect(moves).to_have_count(before + 2, timeout=30_000)  # the move, the bot's reply
    expect(view.locator(".gl-view-error")).to_be_hidden()
    _shoot(page, artifacts_dir, "play-table", whole=False)
    print(f"\nlite lessons play-table: {load}")
    assert not blocked, f"requests to other machines: {blocked}"
