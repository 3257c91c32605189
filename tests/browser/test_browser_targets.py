"""Every click target of every game's view is at least 24 x 24 px on a 390 px phone
(WCAG 2.2's target size, minimum; issue 47 §3).

Voila at 390 x 844 (a phone opens the app pages; JupyterLab there leaves a notebook about
245 px wide) over the views' notebooks (tests/browser/views/): views-all.ipynb (each
game at its start, a person against a bot) and goldland-board.ipynb (Goldland in its eighth
round, with way-out buttons, backpacks to discard from, the end of a game and two random
bots stopped at the cap).  Every node a
player can click (buttons, menus, inputs, links, ``role=button``, ``data-target``) is
measured as drawn, zoomed out with the board where the board is; the test
prints the smallest of each game and fails on any below 24 px in either direction.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_harness import games_drawn_by, open_views
from playwright.sync_api import Page, expect

VIEWS = Path(__file__).parent / "views"
NOTEBOOKS = {"views-all.ipynb": games_drawn_by(VIEWS / "views-all.ipynb"),
             "goldland-board.ipynb": ("goldland", "goldland", "goldland")}
MIN_TARGET = 24.0
PHONE = {"width": 390, "height": 844}

pytestmark = pytest.mark.browser

_TARGETS_JS = r"""
(view) => {
  // What a click or a tap acts on (a scroll region one may tab to, like the log, is not).
  const clickable = 'button, select, input:not([type=hidden]), a[href], summary, '
    + '[role=button], [role=link], [role=checkbox], [role=tab], [data-target]';
  const shown = (el) => {
    for (let node = el; node && node !== view.parentElement; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.display === 'none' || style.visibility === 'hidden') return false;
    }
    return true;
  };
  const out = [];
  for (const el of view.querySelectorAll(clickable)) {
    if (!shown(el)) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    const name = el.dataset.target || el.getAttribute('aria-label') || el.title
      || el.textContent.trim() || el.className;
    out.push({name: `${el.tagName.toLowerCase()} ${String(name).slice(0, 50)}`,
              width: box.width, height: box.height});
  }
  return out;
}
"""


@pytest.mark.parametrize(("notebook", "where"), [
    ("goldland-board.ipynb", "voila"), ("views-all.ipynb", "voila")])
def test_every_click_target_is_24_px_or_more_at_390_px(
    page: Page, request: pytest.FixtureRequest, console_errors: list[str], blocked: list[str],
    artifacts_dir: Path, notebook: str, where: str,
) -> None:
    page.set_viewport_size(PHONE)
    server = request.getfixturevalue("views_lab" if where == "lab" else "views_voila")
    games = NOTEBOOKS[notebook]
    views = open_views(page, server, notebook, where, len(games))
    small: list[str] = []
    for i, game in enumerate(games):
        view = views.nth(i)
        expect(view.locator(".gl-view-title")).not_to_have_text("", timeout=30_000)
        expect(view.locator(".gl-view-board [data-target]").first).to_be_attached()
        found: list[dict[str, Any]] = view.evaluate(_TARGETS_JS)
        assert len(found) >= 10, f"{game}: too few targets to judge ({len(found)})"
        least = min(found, key=lambda t: min(t["width"], t["height"]))
        print(f"\n{notebook} {game}: {len(found)} targets, the smallest "
              f"{least['width']:.0f} x {least['height']:.0f} px ({least['name']})")
        small += [f"{game}: {t['name']!r} {t['width']:.1f} x {t['height']:.1f} px" for t in found
                  if t["width"] < MIN_TARGET - 0.05 or t["height"] < MIN_TARGET - 0.05]
    page.screenshot(path=artifacts_dir / f"targets-{Path(notebook).stem}-{where}-390.png",
                    full_page=True)
    assert not small, (f"{len(small)} click targets below {MIN_TARGET:.0f} px at 390 px:\n"
                       + "\n".join(small[:40]))
    assert console_errors == []
