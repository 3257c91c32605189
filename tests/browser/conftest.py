"""Fixtures for browser tests: `browser`, `page`, `console_errors`, `jupyter_server`, `lab`,
and for the game views' own notebooks (tests/browser/views/): `views_lab`, `views_lab_dark`,
`views_voila`.

Uses Playwright's sync API directly (not pytest-playwright, which clashes with xdist) with
Debian's /usr/bin/chromium. Without it, browser tests skip; with CI set, they fail.
"""

from __future__ import annotations

import os
import re
from collections.abc import Generator, Iterator
from pathlib import Path

import pytest
from browser_harness import (
    CHROMIUM,
    CHROMIUM_ARGS,
    DARK_THEME,
    VIEWPORT,
    JupyterServer,
    block_outside,
    start_jupyter_lab,
    start_voila,
    watch_console,
)
from playwright.sync_api import Browser, Page, sync_playwright


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Keep each phase's report on the item, so `page` can screenshot a failed test."""
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Headless Debian Chromium, one per xdist worker."""
    if not CHROMIUM.exists():
        reason = f"{CHROMIUM} is missing (apt-get install -y chromium)"
        if os.environ.get("CI"):
            pytest.fail(f"{reason}; browser tests must run under CI")
        pytest.skip(reason)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


VIEWS_NOTEBOOKS = Path(__file__).resolve().parent / "views"


@pytest.fixture
def blocked(page: Page) -> list[str]:
    """Abort every request of the page whose host is not loopback; the list of their URLs."""
    return block_outside(page.context)


@pytest.fixture
def console_errors() -> list[str]:
    """The console errors and page errors of the test's page, filled live by `page`."""
    return []


@pytest.fixture
def page(
    browser: Browser,
    request: pytest.FixtureRequest,
    artifacts_dir: Path,
    console_errors: list[str],
) -> Iterator[Page]:
    """A fresh tall page; on failure a screenshot of it lands in the artifacts dir.

    Console errors and uncaught page errors (less known noise) fail a test that passed.
    """
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.set_default_timeout(30_000)
    seen = watch_console(page, console_errors)
    yield page
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.passed and seen:
        context.close()
        pytest.fail("the page logged errors:\n" + "\n".join(seen))
    if report is not None and report.failed:
        name = re.sub(r"[^\w.-]+", "_", request.node.nodeid)
        path = artifacts_dir / "browser" / f"FAILED-{name}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=path)
        print(f"screenshot of the failed page: {path}")
    context.close()


@pytest.fixture(scope="session")
def jupyter_server(
    browser: Browser, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[JupyterServer]:
    """JupyterLab over a temp copy of notebooks/, one per xdist worker, stopped by PID."""
    server = start_jupyter_lab(tmp_path_factory.mktemp("jupyterlab"))
    yield server
    server.stop()


@pytest.fixture
def lab(jupyter_server: JupyterServer) -> JupyterServer:
    """The session's JupyterLab with no kernel sessions left over from an earlier test."""
    jupyter_server.delete_sessions()
    return jupyter_server


@pytest.fixture(scope="session")
def views_lab(browser: Browser, tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterServer]:
    """JupyterLab (light theme) over a temp copy of tests/browser/views/."""
    server = start_jupyter_lab(tmp_path_factory.mktemp("views-lab"), source=VIEWS_NOTEBOOKS)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def views_lab_dark(
    browser: Browser, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[JupyterServer]:
    """JupyterLab in the dark theme (a seeded user setting) over tests/browser/views/."""
    server = start_jupyter_lab(
        tmp_path_factory.mktemp("views-lab-dark"), source=VIEWS_NOTEBOOKS, settings=DARK_THEME
    )
    yield server
    server.stop()


@pytest.fixture(scope="session")
def views_voila(
    browser: Browser, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[JupyterServer]:
    """Voila over tests/browser/views/ (light by default, ``?theme=dark`` per page)."""
    server = start_voila(tmp_path_factory.mktemp("views-voila"), VIEWS_NOTEBOOKS)
    yield server
    server.stop()
