"""Scoring unfolds on the board, in the browser (issue 30 §2).

The rulebook's example with Claus, Dirk and Bernd (Gold!'s colour scoring, from
tests/browser/views/scoring.ipynb), in JupyterLab and in Voila with every request that
leaves the machine blocked: Home, then → walks the table through green, blue, violet, red
(the tie: both players bank), orange, pink and the final points.  At every part the board
changes, the cards being scored are lit and are of the colour scored, the move list and the
strip beside the scrubber mark the part, and the winner's banner appears only at the end.
A screenshot of the red part lands in the artifacts dir as ``scoring-<where>-red.png``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_harness import open_views
from playwright.sync_api import Locator, Page, expect

NOTEBOOK = "scoring.ipynb"
VOILA_TEMPLATE_CDN = ("fontawesome", "mathjax")
PARTS = ("green", "blue", "violet", "red", "orange", "pink")
LIT = {  # the cards lit at each colour, as the rulebook's example scores them
    "green": ["green"],  # Claus's green donkey, discarded: green is not scored
    "blue": [],
    "violet": ["violet"],  # Bernd banks his violet 4
    "red": ["red", "red", "red"],  # the tie: Claus banks the red 6, Dirk the red 8; a donkey
    "orange": [],
    "pink": ["pink"],  # Bernd banks the pink 3
}

pytestmark = pytest.mark.browser

_LIT_JS = """
(board) => [...board.querySelectorAll('.gl-scoring')].map((node) =>
  (node.getAttribute('title') || node.textContent || '').replace(/^.*'s /, '').trim())
"""


def _open(page: Page, request: pytest.FixtureRequest, where: str) -> Locator:
    server = request.getfixturevalue("views_lab" if where == "lab" else "views_voila")
    return open_views(page, server, NOTEBOOK, where, 1, title="Gold!")


@pytest.mark.parametrize("where", ["lab", "voila"])
def test_colour_scoring_walks_the_table_colour_by_colour(
    page: Page, request: pytest.FixtureRequest, blocked: list[str], console_errors: list[str],
    artifacts_dir: Path, where: str,
) -> None:
    view = _open(page, request, where)
    inner = view.locator(".gl-view")
    board = view.locator(".gl-view-board")
    banner = view.locator(".gl-over")
    counter = view.locator(".gl-step-counter")
    part = view.locator(".gl-part-counter")
    # The example opens at its end: the result, with the banner.
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("Dirk wins")
    inner.press("Home")
    expect(counter).to_have_text("step 0 of 1")
    expect(banner).to_be_hidden()
    expect(part).to_have_count(0)  # the start is one part
    seen = [board.inner_html()]
    for k, colour in enumerate(PARTS):
        inner.press("ArrowRight")
        expect(counter).to_have_text("step 1 of 1")
        expect(part).to_have_text(f"part {k + 1} of {len(PARTS) + 1}")
        expect(board.locator(".gl-status")).to_contain_text(f"Colour scoring: {colour}")
        expect(banner).to_be_hidden()
        html = board.inner_html()
        assert html != seen[-1], f"the board did not change at {colour}"
        seen.append(html)
        lit = board.evaluate(_LIT_JS)
        assert [name.split(" ")[0] for name in lit] == LIT[colour], (colour, lit)
        current = view.locator(".gl-moves .gl-current-part")
        expect(current).to_have_text(f"Colour scoring: {colour}")
        expect(view.locator(".gl-part-strip .gl-current-part")).to_have_text(str(k + 1))
        expect(view.locator(".gl-part-strip .gl-part")).to_have_count(len(PARTS) + 1)
        if colour == "red":
            expect(board.locator(".gl-status")).to_contain_text("tie with 6, so both bank")
            expect(view.locator(".gl-inspector")).to_contain_text("tie")
            inner.screenshot(path=artifacts_dir / f"scoring-{where}-red.png")
    inner.press("ArrowRight")  # final points
    expect(part).to_have_text(f"part {len(PARTS) + 1} of {len(PARTS) + 1}")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("Game over: Dirk wins")
    assert board.inner_html() != seen[-1]
    assert board.evaluate(_LIT_JS) == []
    # A part is one click away in the move list: back to red.
    view.locator(".gl-moves .gl-part", has_text="Colour scoring: red").click()
    expect(part).to_have_text(f"part 4 of {len(PARTS) + 1}")
    expect(banner).to_be_hidden()
    assert board.inner_html() == seen[4]
    # Nothing the view needs comes from outside (Voila's template asks for its fonts).
    assert [url for url in blocked if not any(w in url for w in VOILA_TEMPLATE_CDN)] == []
    assert console_errors == []
