"""The analysis board in Voila, the internet blocked: play from here, and bots watched live.

From tests/browser/views/analysis.ipynb: a game of four turns (the teacher's view), a
game among bots waiting to be watched, and a game of Mount Goldrush whose variation flips
the card the game flipped (in JupyterLab too).  Screenshots land in the artifacts dir as
``views-variation-voila.png`` and ``views-watching-voila.png``.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from browser_harness import open_views, open_voila
from playwright.sync_api import Locator, Page, expect

pytestmark = pytest.mark.browser

VOILA_TEMPLATE_CDN = ("fontawesome", "mathjax")  # Voila's page template; the views use neither


def _moves(view: Locator) -> list[str]:
    """Each move's own line (the move looked at also lists its parts under it)."""
    return [text.split("\n")[0] for text in view.locator("li.gl-move").all_inner_texts()]


def _shoot(page: Page, view: Locator, artifacts_dir: Path, name: str) -> None:
    path = artifacts_dir / f"{name}.png"
    view.scroll_into_view_if_needed()
    view.screenshot(path=path)
    print(f"screenshot: {path}")


def test_play_from_here_and_watching_bots_live(
    page: Page, request: pytest.FixtureRequest, artifacts_dir: Path, console_errors: list[str],
    blocked: list[str],
) -> None:
    server = request.getfixturevalue("views_voila")
    open_voila(page, server, "analysis.ipynb")
    views = page.locator(".gl-game-view")
    expect(views).to_have_count(3, timeout=60_000)
    game, watched = views.nth(0), views.nth(1)
    expect(game.locator(".gl-view-title")).not_to_have_text("", timeout=30_000)

    # Play from here: back to step 2, a variation, the other card, the way back.
    main_line = _moves(game)
    variation_bar = game.locator(".gl-variation-bar")
    expect(variation_bar).to_be_hidden()
    game.locator('li.gl-move[data-index="2"]').click()
    expect(game.locator(".gl-step-counter")).to_have_text(f"step 2 of {len(main_line) - 1}")
    game.locator("button.gl-branch").click()
    expect(variation_bar).to_be_visible()
    expect(variation_bar).to_contain_text("Variation from step 2, under the game's own luck")
    expect(game.locator("li.gl-move")).to_have_count(3)
    game.locator(".gl-view-board.gl-acting .gl-legal").first.click()
    expect(game.locator("li.gl-move.gl-variation")).not_to_have_count(0)
    varied = _moves(game)
    assert varied[:3] == main_line[:3] and varied != main_line
    _shoot(page, game, artifacts_dir, "views-variation-voila")
    game.locator("button.gl-main-line").click()
    expect(variation_bar).to_be_hidden()
    expect(game.locator(".gl-step-counter")).to_have_text(f"step 2 of {len(main_line) - 1}")
    assert _moves(game) == main_line
    expect(game.locator("li.gl-move.gl-variation")).to_have_count(0)
    # New luck only when asked for: its own button, and the bar says so.
    game.locator("button.gl-branch-fresh").click()
    expect(variation_bar).to_contain_text("Variation from step 2, under new luck")
    game.locator("button.gl-main-line").click()
    expect(variation_bar).to_be_hidden()

    # Watching: two moves a second, paced in Python; stepping back answers meanwhile.
    speed = watched.locator("select.gl-watch-speed")
    assert speed.locator("option").all_inner_texts() == [
        "at once", "0.5 moves/s", "1 move/s", "2 moves/s", "4 moves/s"]
    speed.select_option("2")
    before = watched.locator("li.gl-move").count()
    started = time.perf_counter()
    watched.locator("button.gl-bots").click()
    expect(watched.locator("button.gl-pause")).to_be_enabled(timeout=10_000)
    expect(watched.locator("li.gl-move")).to_have_count(before + 3, timeout=10_000)
    took = time.perf_counter() - started
    assert 1.0 <= took <= 4.0, f"three moves at two a second took {took:.1f} s"
    _shoot(page, watched, artifacts_dir, "views-watching-voila")
    watched.locator("button.gl-pause").click()
    expect(watched.locator("button.gl-pause")).to_be_disabled()
    paused = watched.locator("li.gl-move").count()
    page.wait_for_timeout(1200)
    assert watched.locator("li.gl-move").count() == paused, "the bots played on after Pause"
    expect(watched.locator(".gl-over")).to_be_hidden()

    template = [url for url in blocked if any(w in url for w in VOILA_TEMPLATE_CDN)]
    assert [url for url in blocked if url not in template] == []
    expect(page.locator("body")).not_to_contain_text("Traceback")
    assert console_errors == []


@pytest.mark.parametrize("where", ["lab", "voila"])
def test_a_variation_goes_on_under_the_games_own_luck(
    page: Page, request: pytest.FixtureRequest, console_errors: list[str], blocked: list[str],
    where: str,
) -> None:
    """Mount Goldrush from step 3: the game's own fourth flip (typed in the notation box)
    turns up the game's own card, as the move list says it; new luck is its own button."""
    server = request.getfixturevalue("views_lab" if where == "lab" else "views_voila")
    view = open_views(page, server, "analysis.ipynb", where, 3).nth(2)
    main_line = _moves(view)
    fourth = view.locator('li.gl-move[data-index="4"] [title]').first.get_attribute("title")
    assert fourth and main_line[4].endswith(")")  # "... turns up card 2: an orange ... (4)"
    view.locator('li.gl-move[data-index="3"]').click()
    view.locator("button.gl-branch").click()
    bar = view.locator(".gl-variation-bar")
    expect(bar).to_contain_text("Variation from step 3, under the game's own luck")
    view.locator(".gl-view-input").fill(fourth)
    view.locator(".gl-view-apply").click()
    expect(view.locator("li.gl-move")).to_have_count(5)
    assert _moves(view)[4] == main_line[4]  # the same card, from the game's own luck
    view.locator("button.gl-main-line").click()
    expect(bar).to_be_hidden()
    assert _moves(view) == main_line
    view.locator("button.gl-branch-fresh").click()
    expect(bar).to_contain_text("Variation from step 3, under new luck")
    assert [url for url in blocked if not any(w in url for w in VOILA_TEMPLATE_CDN)] == []
    assert console_errors == []
