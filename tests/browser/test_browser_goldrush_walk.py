"""Mount Goldrush's Gold Rush and its end unfold on the board, in the browser (issue 47 §5).

A game between the perfect-memory bot and a random one (tests/browser/views/goldrush-walk.ipynb,
seed 2), in JupyterLab and in Voila with every request that leaves the machine blocked.  The
flip after which the Gold Rush begins is one step in two parts: first the turn is over (the
table as the flip left it, the card flipped lit, "next: gold rush!"), then the Gold Rush
(one flip per turn, nothing lit).  The last flip is two parts too:
the game ends (the card lit, no banner), then the final scores with the winner's banner.
Screenshots land in the artifacts dir as ``goldrush-walk-<where>-<part>.png``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browser_harness import open_views
from playwright.sync_api import Locator, Page, expect

NOTEBOOK = "goldrush-walk.ipynb"
VOILA_TEMPLATE_CDN = ("fontawesome", "mathjax")

pytestmark = pytest.mark.browser


def _open(page: Page, request: pytest.FixtureRequest, where: str) -> Locator:
    server = request.getfixturevalue("views_lab" if where == "lab" else "views_voila")
    return open_views(page, server, NOTEBOOK, where, 1, title="Mount Goldrush")


def _gold_rush_step() -> tuple[int, int]:
    """The notebook's game: the step whose flip begins the Gold Rush, and the last step."""
    from goldlab.bots.play import play_game
    from goldlab.views import GameView

    view = GameView.replay(play_game("goldrush", ["perfect", "random"], seed=2))
    _, steps = view.table.frames()
    rush = [i for i, step in enumerate(steps, 1)
            if any(type(e).__name__ == "GoldRushBegins" for e in step.events)]
    assert len(rush) == 1, rush
    return rush[0], len(steps)


def _step(view: Locator) -> tuple[int, int]:
    """The step shown and the last step, from the counter beside the scrubber."""
    found = re.fullmatch(r"step (\d+) of (\d+)", view.locator(".gl-step-counter").inner_text())
    assert found is not None
    return int(found.group(1)), int(found.group(2))


@pytest.mark.parametrize("where", ["lab", "voila"])
def test_the_gold_rush_and_the_end_walk_the_board_part_by_part(
    page: Page, request: pytest.FixtureRequest, blocked: list[str], console_errors: list[str],
    artifacts_dir: Path, where: str,
) -> None:
    view = _open(page, request, where)
    inner = view.locator(".gl-view")
    board = view.locator(".gl-view-board")
    status = board.locator(".gr-status")
    banner = view.locator(".gl-over")
    part = view.locator(".gl-part-counter")
    lit = board.locator(".gl-scoring")
    # The replay opens at the start.
    rush, last = _gold_rush_step()
    assert _step(view) == (0, last)
    expect(banner).to_be_hidden()

    # The flip after which the Gold Rush begins: first the turn is over, then the rush.
    scrubber = view.locator("input.gl-scrubber")
    scrubber.evaluate("(el, i) => { el.value = String(i); "
                      "el.dispatchEvent(new Event('input', {bubbles: true})); }", rush)
    expect(view.locator(".gl-step-counter")).to_have_text(f"step {rush} of {last}")
    expect(part).to_have_text("part 1 of 2")
    expect(status).to_contain_text("next: gold rush!")
    expect(status).not_to_contain_text("one flip per turn")
    expect(lit).to_have_count(1)  # the card whose flip ended the turn
    expect(view.locator(".gl-part-strip .gl-current-part")).to_have_text("1")
    expect(banner).to_be_hidden()
    turn_board = board.inner_html()
    inner.screenshot(path=artifacts_dir / f"goldrush-walk-{where}-turn.png")
    inner.press("ArrowRight")
    expect(part).to_have_text("part 2 of 2")
    assert _step(view) == (rush, last), "the Gold Rush is a part of the same step"
    expect(status).to_contain_text("Gold Rush! one flip per turn")
    expect(view.locator(".gl-inspector")).to_contain_text("Gold Rush!")
    expect(view.locator(".gl-moves .gl-current-part")).to_have_text("Gold Rush!")
    expect(lit).to_have_count(0)
    assert board.inner_html() != turn_board, "the board does not change between the parts"
    inner.screenshot(path=artifacts_dir / f"goldrush-walk-{where}-rush.png")
    inner.press("ArrowRight")  # the Gold Rush's first flip: one step, one part
    expect(view.locator(".gl-step-counter")).to_have_text(f"step {rush + 1} of {last}")
    expect(part).to_have_count(0)
    expect(status).to_contain_text("one flip per turn")
    inner.press("ArrowLeft")  # and back: the Gold Rush's last part
    expect(part).to_have_text("part 2 of 2")
    expect(status).to_contain_text("Gold Rush! one flip per turn")

    # The end: the last flip, then the final scores.
    inner.press("End")
    expect(banner).to_be_visible()
    inner.press("ArrowLeft")
    expect(part).to_have_text("part 1 of 2")
    assert _step(view) == (last, last)
    expect(status).to_contain_text("The game ends")
    expect(status).not_to_contain_text("Game over")
    expect(banner).to_be_hidden()
    expect(lit).to_have_count(1)
    inner.screenshot(path=artifacts_dir / f"goldrush-walk-{where}-end.png")
    inner.press("ArrowRight")
    expect(part).to_have_text("part 2 of 2")
    expect(banner).to_contain_text("Game over")
    expect(status).to_contain_text("Game over")
    expect(lit).to_have_count(0)
    # Nothing the view needs comes from outside (Voila's template asks for its fonts).
    assert [url for url in blocked if not any(w in url for w in VOILA_TEMPLATE_CDN)] == []
    assert console_errors == []
