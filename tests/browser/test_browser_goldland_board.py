"""Goldland's board in the players' words, a board you can read, and its end part by part
(issue 47 §2 and §5), in Voila and JupyterLab with every request that leaves the machine
blocked.

From tests/browser/views/goldland-board.ipynb: a game in its eighth round (three players,
camps, treasures, adventurers on named tiles) and a whole game opened at its end.  At 1280
and at 390 px:

- no text a player reads shows a tile code (``C08``, ``T11``) or a bare coordinate
  (``4,6``): those stay in the tooltips and the notation box;
- no tile name or equipment line is cut by its box (scrollWidth beyond clientWidth), and no
  element of the board hides its text with ``overflow: hidden``;
- no adventurer (pawn), way-out button or tile tool covers a tile's name or its equipment
  line; the legend says what the borders of the equipment line mean.

Then the end of the game, part by part: "The game is over; next, each player's gold is
counted", and the final scoring with its banner.  Last, two random bots alone at the table
stop at the stated cap and the view says so (``goldlab.views.bots_worker``).  Screenshots in
the artifacts dir:
``goldland-1280.png``, ``goldland-390.png``, ``goldland-lab-1280.png``,
``goldland-end-<where>-part.png``, ``goldland-end-<where>-scored.png`` and
``goldland-bots-stopped.png``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_harness import open_views, shoot_view
from playwright.sync_api import Locator, Page, expect

from goldlab.views.bots_worker import BOT_MOVE_LIMIT

NOTEBOOK = "goldland-board.ipynb"
VOILA_TEMPLATE_CDN = ("fontawesome", "mathjax")  # Voila's page template; the views use neither

pytestmark = pytest.mark.browser

# Everything the board check reads, in one pass over the page.
_READ_JS = r"""
(view) => {
  const code = /\b[CTS]\d\d\b/;
  const coordinate = /(^|[^\d.,])\d\s?,\s?\d(?![\d,])/;
  const shown = (node) => {
    for (let el = node; el && el !== view.parentElement; el = el.parentElement) {
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') return false;
    }
    return true;
  };
  // The notation box (the typed-action entry) may show notation: leave it out.
  const notation = (node) => node.closest('.gl-view-entry, .gl-view-input, .gl-dev');
  const words = [];
  const walker = document.createTreeWalker(view, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    const el = node.parentElement;
    if (!text || !el || notation(el) || !shown(el)) continue;
    if (el.closest('style, script')) continue;
    if (code.test(text) || coordinate.test(text)) words.push(text.slice(0, 80));
  }
  const board = view.querySelector('.gl-view-board');
  const cut = [];
  for (const el of board.querySelectorAll('*')) {
    if (!shown(el) || !el.textContent.trim()) continue;
    const style = getComputedStyle(el);
    const hides = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
    const named = el.matches('.glg-name, .glg-line');
    if ((hides || named) && el.scrollWidth > el.clientWidth + 1) cut.push(el.textContent.trim());
    if (named && el.scrollHeight > el.clientHeight + 1) cut.push(el.textContent.trim());
  }
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const names = [...board.querySelectorAll('.glg-name, .glg-line')].filter(shown);
  const covers = [...board.querySelectorAll('.glg-pawn, .glg-exit, .glg-tool')].filter(shown);
  const hidden = [];
  for (const c of covers) {
    const [l1, t1, r1, b1] = box(c);
    for (const n of names) {
      const [l2, t2, r2, b2] = box(n);
      const w = Math.min(r1, r2) - Math.max(l1, l2), h = Math.min(b1, b2) - Math.max(t1, t2);
      if (w > 0.5 && h > 0.5) hidden.push(`${c.className} over "${n.textContent.trim()}"`);
    }
  }
  const outside = [];  // a name that spills out of its tile
  for (const n of names) {
    const cell = n.closest('.glg-cell');
    if (!cell) continue;
    const [l1, t1, r1, b1] = box(n), [l2, t2, r2, b2] = box(cell);
    if (l1 < l2 - 0.5 || t1 < t2 - 0.5 || r1 > r2 + 0.5 || b1 > b2 + 0.5) outside.push(n.textContent.trim());
  }
  return {words, cut, hidden, outside, names: names.length, pawns: covers.length,
          tiles: board.querySelectorAll('.glg-name').length};
}
"""


def _open(page: Page, request: pytest.FixtureRequest, where: str) -> Locator:
    server = request.getfixturevalue("views_lab" if where == "lab" else "views_voila")
    return open_views(page, server, NOTEBOOK, where, 3, title="Goldland")


def _check_board(view: Locator, width: int) -> None:
    found: dict[str, Any] = view.evaluate(_READ_JS)
    print(f"\nGoldland at {width} px: {found['tiles']} tile names, {found['pawns']} pawns and "
          f"tools checked")
    assert found["tiles"] >= 20, f"too few tile names to judge: {found['tiles']}"
    assert found["pawns"] >= 3, f"too few pawns to judge: {found['pawns']}"
    assert found["words"] == [], f"tile codes or coordinates a player reads: {found['words']}"
    assert found["cut"] == [], f"texts cut by their box at {width} px: {found['cut']}"
    assert found["hidden"] == [], f"names covered at {width} px: {found['hidden']}"
    assert found["outside"] == [], f"names spilling out of their tile: {found['outside']}"
    legend = view.locator(".glg-legend")
    expect(legend).to_be_visible()
    for words in ("red border", "white border", "black border", "yellow border", "fishing rod"):
        expect(legend).to_contain_text(words)


def _walk_the_end(page: Page, view: Locator, artifacts_dir: Path, where: str) -> None:
    """End shows the whole game's end; ← the part before the final scoring, → it again."""
    inner = view.locator(".gl-view")
    banner = view.locator(".gl-over")
    status = view.locator(".gl-view-board .glg-status")
    inner.press("End")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("wins with")
    expect(status).to_contain_text("Game over")
    inner.press("ArrowLeft")
    expect(view.locator(".gl-part-counter")).to_have_text("part 1 of 2")
    expect(status).to_have_text(
        "The game is over; next, each player's gold is counted (final scoring)")
    expect(banner).to_be_hidden()
    shoot_view(page, view, artifacts_dir / f"goldland-end-{where}-part.png")
    inner.press("ArrowRight")
    expect(view.locator(".gl-part-counter")).to_have_text("part 2 of 2")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("gold pieces")  # the scoring by source, in the banner
    shoot_view(page, view, artifacts_dir / f"goldland-end-{where}-scored.png")


def _bots_stopped(view: Locator) -> None:
    """Random bots at Goldland need not end: the view shows where and why they stopped."""
    expect(view.locator(".gl-hint")).to_contain_text(
        f"the bots stopped after {BOT_MOVE_LIMIT:,} moves in a row and the game has not ended")
    expect(view.locator(".gl-hint")).to_contain_text("Let bots move")
    expect(view.locator(".gl-view-log")).to_contain_text("the bots stopped after")


def test_goldland_reads_in_words_at_1280_and_390_px_in_voila(
    page: Page, request: pytest.FixtureRequest, blocked: list[str], console_errors: list[str],
    artifacts_dir: Path,
) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    views = _open(page, request, "voila")
    board = views.nth(0)
    _check_board(board, 1280)
    shoot_view(page, board, artifacts_dir / "goldland-1280.png")
    page.set_viewport_size({"width": 390, "height": 844})
    _check_board(board, 390)
    shoot_view(page, board, artifacts_dir / "goldland-390.png")
    page.set_viewport_size({"width": 1280, "height": 900})
    _walk_the_end(page, views.nth(1), artifacts_dir, "voila")
    _bots_stopped(views.nth(2))
    shoot_view(page, views.nth(2), artifacts_dir / "goldland-bots-stopped.png")
    assert [url for url in blocked if not any(w in url for w in VOILA_TEMPLATE_CDN)] == []
    assert console_errors == []


def test_goldland_reads_in_words_in_jupyterlab(
    page: Page, request: pytest.FixtureRequest, blocked: list[str], console_errors: list[str],
    artifacts_dir: Path,
) -> None:
    views = _open(page, request, "lab")
    _check_board(views.nth(0), 1280)
    shoot_view(page, views.nth(0), artifacts_dir / "goldland-lab-1280.png")
    _walk_the_end(page, views.nth(1), artifacts_dir, "lab")
    _bots_stopped(views.nth(2))
    assert blocked == []
    assert console_errors == []
