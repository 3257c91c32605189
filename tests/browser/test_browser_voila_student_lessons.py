"""A student takes a lesson as a Voila app: predict, answer in the page, read the feedback.

Issue 31: the student versions (what students are sent to) have an answer box and a Check
button under every question and a 'Predict first' box; feedback is text a student reads.

Each lesson's page is also checked as an app (issue 15, part 3; browser_harness.
assert_runs_as_app): no traceback, no code showing, controls and a chart drawn; and, by the
`page` fixture, no console error and no request to another machine.  The other lessons and
the play table: test_browser_voila_apps.py.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_harness import (
    JupyterServer,
    assert_no_answer_shown,
    assert_runs_as_app,
    notebooks_source,
    open_voila,
    start_voila,
)
from playwright.sync_api import Page, expect

from goldlab.lessons.student import write_student_versions

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterServer]:
    source = tmp_path_factory.mktemp("student-source")
    write_student_versions(source / "student-lessons", notebooks_source() / "lessons")
    server = start_voila(tmp_path_factory.mktemp("voila-students"), source)
    yield server
    server.stop()


@pytest.fixture
def preheated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterServer]:
    """Voila as `python3 dev.py voila` (the README's command) runs it: lesson 1's kernel has
    run it before anyone asks.  Stopped after the test: the pool would run lesson 1 again for
    the next student, work no other test needs."""
    source = tmp_path_factory.mktemp("preheated-source")
    write_student_versions(source / "student-lessons", notebooks_source() / "lessons")
    for other in (source / "student-lessons").glob("*.ipynb"):
        if not other.name.startswith("1-"):
            other.unlink()  # one preheated kernel is enough here
    server = start_voila(tmp_path_factory.mktemp("voila-preheated"), source / "student-lessons",
                         extra=["--VoilaConfiguration.preheat_kernel=True"])
    yield server
    server.stop()


def test_a_student_predicts_answers_and_calls_a_card_in_lesson_1(
        page: Page, preheated: JupyterServer, artifacts_dir: Path) -> None:
    """On a preheated page, as dev.py voila serves them (issue 31 §5: a page in under 10 s):
    the page a student gets from the pool answers as a fresh one does (lessons 2 and 3 and
    test_browser_voila_apps.py open fresh pages, as Binder's Voila serves them)."""
    open_voila(page, preheated, "1-flip-the-odds.ipynb", timeout=180_000)
    assert_runs_as_app(page, lesson=True)
    page.screenshot(path=artifacts_dir / "voila-student-lesson-1-first-screen.png")
    assert_no_answer_shown(page, "flip_the_odds")  # nothing answered yet: no answer shown
    body = page.locator("body")
    expect(body).not_to_contain_text("Not yet answered")  # no code cell asks to be edited
    expect(body).not_to_contain_text("Worked solution")
    boxes = page.locator(".gl-answer")
    expect(boxes).to_have_count(6, timeout=60_000)

    prediction = page.locator(".gl-prediction")
    prediction.locator("input").fill("lots")
    prediction.get_by_role("button", name="Save my guess").click()
    expect(prediction).to_contain_text("Write your guess as a number")
    prediction.locator("input").fill("20 %")
    prediction.get_by_role("button", name="Save my guess").click()
    expect(prediction).to_contain_text("Stored: your guess is 20 %")

    expect(page.locator(".gl-after")).not_to_have_count(0)  # answers wait for questions
    expect(page.locator(".gl-after-open")).to_have_count(0)  # nothing answered: none open
    first = boxes.nth(0)
    first.locator("input").fill("three eighths")
    first.get_by_role("button", name="Check").click()
    expect(first.locator(".gl-feedback")).to_contain_text("Not yet: give a number")
    first.locator("input").fill("3/8")
    first.get_by_role("button", name="Check").click()
    expect(first.locator(".gl-feedback")).to_contain_text("Right: 3/8 = 0.375 (37.5 %)")
    first.locator("input").fill("0.38")
    first.get_by_role("button", name="Check").click()
    expect(first.locator(".gl-feedback")).to_contain_text("Right: 3/8 = 0.375 (37.5 %)")

    # Issue 43 §1: what the lesson shows about the first flip's exact odds (the engine's
    # odds, the explorer, the table) waits until both first questions are settled; a
    # student who is stuck presses Show me after a try, and the feedback says so.
    opened = page.locator(".gl-after-open")
    dynamite = page.locator(".gl-answer", has_text="first_dynamite")
    expect(dynamite.get_by_role("button", name="Show me")).to_be_disabled()  # try first
    dynamite.locator("input").fill("0.5")
    dynamite.get_by_role("button", name="Check").click()
    expect(dynamite.locator(".gl-feedback")).to_contain_text("Not yet")
    dynamite.get_by_role("button", name="Show me").click()
    expect(dynamite.locator(".gl-feedback")).to_contain_text("Shown, not answered")
    expect(opened.first).to_be_visible(timeout=30_000)
    expect(page.locator("body")).to_contain_text("5/64")  # the engine's exact odds, now

    both = page.locator(".gl-answer", has_text="both_gold")
    both.locator("input").fill("0.14")
    both.get_by_role("button", name="Check").click()
    feedback = both.locator(".gl-feedback")
    expect(feedback).to_contain_text("Right: 23/168 ≈ 0.137 (13.7 %)")
    expect(both).to_contain_text("Your prediction was 20 %")
    assert not re.search(r"Fraction\(|Ellipsis", body.inner_text())
    first.scroll_into_view_if_needed()
    page.screenshot(path=artifacts_dir / "voila-student-lesson-1.png", full_page=True)

    # Issue 31 §4, on the same page (a lesson run is the costly part): the lesson's Mount
    # Goldrush table, seated and locked: the class calls the next card, turns it, and the
    # exact odds beside the board change.
    board = page.locator(".gl-card-call")
    expect(board).to_have_count(1, timeout=60_000)
    view = board.locator(".gl-view")
    odds = view.locator(".gl-odds")
    expect(odds).to_contain_text("an unseen card is gold")
    # The row's own label: after a gold first flip the panel also has "my second flip
    # (an unseen card) with the gold …", which the label's start tells apart.
    gold_row = odds.get_by_role("row", name=re.compile(r"^an unseen card is gold"))
    expect(gold_row).to_have_attribute("title", re.compile(r"^exactly 3/8 = 0\.375"))
    expect(view.locator("select.gl-seat")).to_be_hidden()  # locked: no seat menu
    board.get_by_role("button", name="gold", exact=True).click()
    board.scroll_into_view_if_needed()
    view.locator(".gl-view-board [data-target].gl-legal").first.click()
    expect(board).to_contain_text(re.compile(r"[01] of 1 calls right"), timeout=30_000)
    expect(board).to_contain_text("you called gold (chance 3/8 ≈ 0.375)")
    expect(gold_row).not_to_have_attribute(  # one card seen: the exact odds have moved
        "title", re.compile(r"^exactly 3/8 = 0\.375"))
    page.screenshot(path=artifacts_dir / "voila-student-lesson-1-board.png", full_page=False)
    assert "Kernel pool of 1-flip-the-odds.ipynb" in preheated.log_path.read_text(errors="replace")
    page.goto("about:blank")


def test_one_more_game_plays_and_pauses_in_lesson_2(
        page: Page, voila: JupyterServer, artifacts_dir: Path) -> None:
    """Issue 31 §4: press Play and the first player's win rate and its interval are
    redrawn as games arrive; Pause stops them."""
    open_voila(page, voila, "student-lessons/2-is-the-first-player-lucky.ipynb",
               timeout=600_000)
    assert_runs_as_app(page, lesson=True)
    page.screenshot(path=artifacts_dir / "voila-student-lesson-2-first-screen.png")
    assert_no_answer_shown(page, "first_player")
    animation = page.locator(".gl-one-more-trial")
    expect(animation).to_have_count(1, timeout=60_000)
    expect(animation).to_contain_text("1 game:")  # not "1 games"
    animation.scroll_into_view_if_needed()
    animation.get_by_role("button", name="▶ Play").click()
    expect(animation.get_by_role("button", name="❚❚ Pause")).to_be_visible()
    expect(animation).to_contain_text(re.compile(r"(?<![\d,])([2-9]|\d{2,}|\d+,\d{3})\sgames:"),
                                      timeout=60_000)  # games arrive (1,000 in about 18 s)
    animation.get_by_role("button", name="❚❚ Pause").click()
    expect(animation.get_by_role("button", name="▶ Play")).to_be_visible()
    text = animation.inner_text()
    page.wait_for_timeout(1_000)
    assert animation.inner_text() == text  # paused: nothing moves
    expect(animation.locator("svg, canvas").first).to_be_visible()
    page.screenshot(path=artifacts_dir / "voila-student-lesson-2-one-more-game.png")
    page.goto("about:blank")


def test_a_student_plays_a_perfect_memory_in_memory_mode_in_lesson_3(
        page: Page, voila: JupyterServer, artifacts_dir: Path) -> None:
    """Issue 31 §4: lesson 3's table, locked in memory mode: the student's two cards are
    turned, the bot replies, and the cards seen lie face down again."""
    open_voila(page, voila, "student-lessons/3-what-is-memory-worth.ipynb", timeout=600_000)
    assert_runs_as_app(page, lesson=True)
    page.screenshot(path=artifacts_dir / "voila-student-lesson-3-first-screen.png")
    assert_no_answer_shown(page, "memory")
    view = page.locator(".gl-view")
    expect(view).to_have_count(1, timeout=60_000)
    expect(view.locator("select.gl-seat")).to_be_hidden()  # locked: seat and memory fixed
    expect(view.locator("input.gl-memory")).to_be_hidden()
    view.scroll_into_view_if_needed()
    for flip in (1, 2):
        view.locator(".gl-view-board [data-target].gl-legal").first.click()
        expect(view.locator(".gl-moves")).to_contain_text(f"{flip}. Your class ")
    expect(view).to_contain_text("Your class to move", timeout=60_000)  # the bot replied
    expect(view.locator(".gl-moves")).to_contain_text("Computer ")
    assert "(perfect) to move (perfect)" not in view.inner_text()  # the bot named once
    expect(view.locator(".gl-view-board .gr-seen")).to_have_count(0)  # memory mode
    page.screenshot(path=artifacts_dir / "voila-student-lesson-3-board.png")
    page.goto("about:blank")
