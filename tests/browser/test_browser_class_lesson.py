"""A class takes lesson 1 in the browser (issue 45, done when): two students and the teacher.

The real ``goldlab classroom`` runs as the command line runs it, on a free loopback port,
serving the built site (``python3 dev.py lite``, reused when unchanged); every request to
another machine is blocked.  Two students (two browser contexts: two cookies, two people)
open lesson 1's page, each types a name ("You are sending as ..."), saves a guess and runs
a batch of trials; the teacher opens ``/teacher.html#token=...`` and sees both, then reveals
the prediction and the trials; each student page shows the class's figures within a few
seconds, nobody pressing anything (the page asks every 3 s).  A reload keeps the student's
name (the server's cookie).  Screenshots: ``test-artifacts/class-lesson-<who>.png``.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from browser_harness import VIEWPORT, assert_no_answer_shown, free_port, watch_console
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect
from test_browser_lite import site  # noqa: F401  (the fixture that builds the site)

pytestmark = pytest.mark.browser

LESSON = "1-flip-the-odds"
BOOT = 240_000
"""ms: Pyodide, IPython and the widgets start in the page (15-20 s on 2 idle cores; two
pages at once share the 2 cores)."""
SOON = 12_000
"""ms: a student page shows a revealed figure within this (it asks every 3 s)."""
TEACHER_LINK = re.compile(r"https?://\S+/teacher\.html#token=\S+")


@dataclass(frozen=True)
class Classroom:
    students: str  # the students' link (the site's root)
    teacher: str  # the teacher's link, token in the fragment
    process: subprocess.Popen[str]

    def lesson(self) -> str:
        return f"{self.students.rstrip('/')}/lessons/voici/render/{LESSON}.html"


@pytest.fixture(scope="module")
def classroom(site: Path, tmp_path_factory: pytest.TempPathFactory  # noqa: F811
              ) -> Iterator[Classroom]:
    """``goldlab classroom`` on a free loopback port with a new class file; stopped by its
    process id at the end."""
    folder = tmp_path_factory.mktemp("class")
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "goldlab", "classroom", "--class-file",
         str(folder / "class.sqlite"), "--port", str(port), "--site", str(site)],
        cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"})
    seen: list[str] = []
    teacher = None
    assert process.stdout is not None
    end = time.monotonic() + 60
    while teacher is None:
        line = process.stdout.readline()
        assert line or process.poll() is None, f"goldlab classroom stopped:\n{''.join(seen)}"
        assert time.monotonic() < end, f"no teacher link within 60 s:\n{''.join(seen)}"
        seen.append(line)
        found = TEACHER_LINK.search(line)
        teacher = found.group(0) if found else None
    students = teacher.split("teacher.html")[0]
    assert students.startswith(f"http://127.0.0.1:{port}/")
    yield Classroom(students, teacher, process)
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(15)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(5)


OUTSIDE = re.compile(r"^(?!(?:https?|wss?)://(?:127\.0\.0\.1|localhost|\[::1\])(?::\d+)?/)"
                     r"(?!data:|blob:|about:)")
"""Every URL that would leave this machine."""


def block_outside(context: BrowserContext) -> list[str]:
    """Abort every request of ``context`` to another machine; the list of their URLs, live.

    Unlike the harness's catch-all route (every request through this test's Python), only
    the outside URLs are routed: a lesson page's worker asks the class server with
    synchronous requests, and a reload while one of them waited in the catch-all route left
    the new page's kernel starting for minutes."""
    urls: list[str] = []

    def abort(route: Route) -> None:
        urls.append(route.request.url)
        route.abort("internetdisconnected")

    context.route(OUTSIDE, abort)
    return urls


def new_person(browser: Browser, errors: list[str]) -> tuple[Page, list[str]]:
    """A person of their own: a new context (no cookie yet) whose requests to another
    machine are blocked (the list of them, filled live), its console watched."""
    context = browser.new_context(viewport=VIEWPORT)
    blocked = block_outside(context)
    page = context.new_page()
    page.set_default_timeout(30_000)
    watch_console(page, errors)
    return page, blocked


def wait_until_run(page: Page) -> float:
    opened = time.monotonic()
    page.locator("#loading").wait_for(state="detached", timeout=BOOT)
    return time.monotonic() - opened


def shoot(page: Page, artifacts_dir: Path, who: str, target: str) -> None:
    page.locator(target).first.scroll_into_view_if_needed()
    path = artifacts_dir / f"class-lesson-{who}.png"
    page.screenshot(path=path)
    print(f"screenshot: {path}")


def test_two_students_and_the_teacher_take_lesson_one_together(
        browser: Browser, classroom: Classroom, artifacts_dir: Path) -> None:
    errors: list[str] = []
    (ann, ann_blocked), (bob, bob_blocked) = (new_person(browser, errors) for _ in range(2))
    started = time.monotonic()
    for page in (ann, bob):  # both pages start at once, as in a class
        page.goto(classroom.lesson(), timeout=60_000)
    for page in (ann, bob):
        wait_until_run(page)
    print(f"\nclass lesson: both student pages ready {time.monotonic() - started:.1f} s "
          "after opening")

    for page, name, guess in ((ann, "Ann", "0.3"), (bob, "Bob", "45 %")):
        expect(page.locator(".gl-class-name")).to_have_count(1)  # one name box per page
        expect(page.locator(".gl-class-alone")).to_have_count(0)  # in a class
        assert_no_answer_shown(page, "flip_the_odds")  # the name box gives nothing away
        box = page.locator(".gl-class-name")
        box.locator("input").fill(name)
        box.get_by_role("button", name="Use this name").click()
        expect(box).to_contain_text(f"You are sending as {name}", timeout=20_000)

        prediction = page.locator(".gl-prediction")
        prediction.locator("input").last.fill(guess)
        prediction.get_by_role("button", name="Save my guess").click()
        expect(prediction).to_contain_text(f"Sent to the class as {name}", timeout=20_000)

        trials = page.locator(".gl-class-experiment")
        trials.scroll_into_view_if_needed()
        trials.get_by_role("button", name="Run my trials").click()
        expect(trials).to_contain_text(f"Sent to the class as {name}", timeout=30_000)
        expect(page.locator(".gl-class-figure")).to_have_count(0)  # nothing revealed yet
        print(f"class lesson: {name} named, guessed and ran trials "
              f"({time.monotonic() - started:.1f} s)")

    teacher, teacher_blocked = new_person(browser, errors)
    teacher.goto(classroom.teacher)
    students = teacher.locator("#students tbody")
    expect(students).to_contain_text("Ann", timeout=15_000)
    expect(students).to_contain_text("Bob")
    guesses = teacher.locator("article.ask[data-key='both_gold']")
    flips = teacher.locator("article.ask[data-key='first_flip']")
    expect(guesses).to_contain_text("2 students", timeout=15_000)
    expect(flips).to_contain_text("2 students")
    shoot(teacher, artifacts_dir, "teacher-before", "article.ask")

    revealed = time.monotonic()
    guesses.get_by_role("button", name="Reveal to the class").click()
    flips.get_by_role("button", name="Reveal to the class").click()
    for page in (ann, bob):  # nobody presses anything on the students' pages
        expect(page.locator(".gl-prediction .gl-class-figure")).to_contain_text(
            "2 guesses", timeout=SOON)
        expect(page.locator(".gl-class-experiment .gl-class-figure")).to_contain_text(
            "2 students", timeout=SOON)
    print(f"class lesson: both figures on both student pages {time.monotonic() - revealed:.1f} s "
          "after the teacher's reveal")
    expect(guesses.get_by_role("button", name="Revealed to the class")).to_be_disabled()
    shoot(ann, artifacts_dir, "ann", ".gl-prediction")
    shoot(bob, artifacts_dir, "bob", ".gl-class-experiment")
    shoot(teacher, artifacts_dir, "teacher", "article.ask")

    ann.reload()  # a reload keeps the student: the server knows her by its cookie
    print(f"class lesson: Ann's page again {wait_until_run(ann):.1f} s after a reload")
    expect(ann.locator(".gl-class-name")).to_contain_text("You are sending as Ann")
    expect(ann.locator(".gl-class-name input")).to_have_value("Ann")

    tried = ann.evaluate("() => fetch('http://example.com/x').then(() => 'got', () => 'blocked')")
    assert tried == "blocked" and ann_blocked == ["http://example.com/x"]  # the block holds
    ann_blocked.clear()
    errors[:] = [e for e in errors if "http://example.com/x" not in e]  # the probe's own
    assert not errors, "\n".join(errors)
    outside = ann_blocked + bob_blocked + teacher_blocked
    assert not outside, f"requests to other machines: {outside}"
    print(f"class lesson: the whole class in {time.monotonic() - started:.1f} s")
    for context in (ann.context, bob.context, teacher.context):
        context.close()
