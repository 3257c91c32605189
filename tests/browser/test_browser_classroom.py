"""A class in the browser: two students predict in their own pages, the teacher's dashboard
shows both, live; without the token the dashboard is refused.  Runs the real command,
``goldlab classroom``, with every outside request blocked (issue 34)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from browser_harness import _jupyter_env, free_port, watch_console
from playwright.sync_api import Browser, Page, Route, expect

pytestmark = pytest.mark.browser

LOOPBACK = {"127.0.0.1", "localhost"}


class Class:
    def __init__(self, process: subprocess.Popen[str], students: str, teacher: str) -> None:
        self.process, self.students, self.teacher = process, students, teacher


@pytest.fixture(scope="module")
def a_class(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Class]:
    base = tmp_path_factory.mktemp("classroom")
    command = [sys.executable, "-m", "goldlab", "classroom", "--class-file",
               str(base / "class.sqlite"), "--port", str(free_port())]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, env=_jupyter_env(base), start_new_session=True)
    assert process.stdout is not None
    lines = [process.stdout.readline() for _ in range(3)]
    students = lines[1].split(": ", 1)[1].strip()
    teacher = lines[2].split(": ", 1)[1].strip()
    yield Class(process, students, teacher)
    process.terminate()  # ends the class as Ctrl-C does: its Voila server and kernels too
    try:
        assert process.wait(30) == 0
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)


def offline(page: Page, outside: list[str]) -> Page:
    def route(r: Route) -> None:
        parts = urlsplit(r.request.url)
        if parts.scheme in ("data", "blob") or parts.hostname in LOOPBACK:
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort("internetdisconnected")

    page.context.route("**/*", route)
    return page


def student_predicts(page: Page, url: str, name: str, guess: str) -> None:
    page.goto(url, timeout=240_000)
    page.locator("#loading").wait_for(state="detached", timeout=240_000)
    prediction = page.locator(".gl-prediction")
    inputs = prediction.locator("input")
    expect(inputs).to_have_count(2, timeout=60_000)  # inside a class: the name comes first
    inputs.nth(1).fill(guess)
    prediction.get_by_role("button", name="Save my guess").click()
    expect(prediction).to_contain_text("Type your name for the class first")
    inputs.nth(0).fill(name)
    inputs.nth(0).press("Tab")
    prediction.get_by_role("button", name="Save my guess").click()
    expect(prediction).to_contain_text("Sent to the class")
    experiment = page.locator(".gl-class-experiment")  # the student's own trials, pooled
    experiment.get_by_role("button", name="Run my trials").click()
    expect(experiment).to_contain_text("Sent to the class", timeout=30_000)


def test_two_students_predict_and_the_dashboard_shows_them_live(
        browser: Browser, page: Page, a_class: Class, artifacts_dir: Path) -> None:
    outside: list[str] = []
    errors: list[str] = []
    offline(page, outside)
    page.goto(a_class.teacher, timeout=240_000)
    page.locator("#loading").wait_for(state="detached", timeout=240_000)
    board = page.locator("body")
    expect(board).to_contain_text("the class so far", timeout=60_000)
    expect(board).to_contain_text("no guesses yet")

    pupils = [browser.new_context(viewport={"width": 1280, "height": 1600}) for _ in range(2)]
    try:
        for context, (name, guess) in zip(pupils, [("Ann", "20 %"), ("<b>Bob</b>", "0.5")],
                                          strict=True):
            student = offline(context.new_page(), outside)
            watch_console(student, errors)
            student_predicts(student, a_class.students, name, guess)
        # the dashboard follows the store by itself (every second): no reload
        expect(board).to_contain_text("2 sent: Ann, <b>Bob</b>", timeout=5_000)
        expect(board).to_contain_text("mean guess 0.350")
        expect(board).to_contain_text("of 40 = ", timeout=5_000)  # two students' 20 flips
        page.screenshot(path=artifacts_dir / "classroom-dashboard.png", full_page=True)
    finally:
        for context in pupils:
            context.close()
    assert not outside, f"pages asked the internet for: {outside}"
    assert not errors, "\n".join(errors)


def test_the_dashboard_without_the_token_is_refused(page: Page, a_class: Class) -> None:
    outside: list[str] = []
    offline(page, outside)
    page.goto(a_class.teacher.split("?")[0], timeout=240_000)
    page.locator("#loading").wait_for(state="detached", timeout=240_000)
    expect(page.locator("body")).to_contain_text("only the teacher's link opens the dashboard")
    expect(page.locator("body")).not_to_contain_text("the class so far")
