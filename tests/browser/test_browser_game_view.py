"""The game view in JupyterLab: buttons send actions to Python, refusals show the rule."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_harness import JupyterServer, open_and_run
from playwright.sync_api import Page, expect

NOTEBOOK = "00-index.ipynb"


@pytest.mark.browser
def test_clicking_an_action_plays_it_and_a_bad_one_is_refused(
    page: Page, lab: JupyterServer, artifacts_dir: Path
) -> None:
    open_and_run(page, lab, NOTEBOOK)
    views = page.locator(".gl-game-view")
    expect(views).to_have_count(2, timeout=30_000)
    play = views.nth(1)

    # Seat 0 clicks its first legal action: the engine applies it, the bot may answer.
    first = play.locator(".gl-action").first
    expect(first).to_be_visible()
    chosen = first.inner_text()
    first.click()
    expect(play.locator(".gl-view-log")).to_contain_text("seat 1 (greedy):", timeout=15_000)
    assert chosen.split()[0] in ("take", "exchange")

    # A refused action shows the rule and leaves the board as it was.
    board_before = play.locator(".gl-view-board").inner_html()
    play.locator(".gl-view-input").fill("exchange pink:3 for red:3")
    play.locator(".gl-view-apply").click()
    error = play.locator(".gl-view-error")
    expect(error).to_be_visible(timeout=15_000)
    expect(error).to_contain_text("illegal action")
    assert play.locator(".gl-view-board").inner_html() == board_before

    # The replay view steps forward through the recorded game.
    replay = views.nth(0)
    expect(replay.locator(".gl-step-counter")).to_contain_text("step 0 of")
    replay.locator(".gl-step-next").click()
    expect(replay.locator(".gl-step-counter")).to_contain_text("step 1 of", timeout=15_000)
    expect(replay.locator(".gl-view-log")).to_contain_text("[", timeout=15_000)

    shot = artifacts_dir / "browser" / "game-view.png"
    shot.parent.mkdir(parents=True, exist_ok=True)
    play.screenshot(path=shot)
    print(f"screenshot: {shot}")
