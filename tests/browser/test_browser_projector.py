"""Projector mode and a board that fits: measured in the browser, as a class would see it.

Every game's view (the teacher's view half way through a bots' game, from
tests/browser/views/projector.ipynb) at 1280x720 in JupyterLab with the file browser open,
in Voila, and at 390 px: the board's box lies inside the view, nothing scrolls sideways, no
two click targets intersect, the current move is visible in the move list, the open table
shows no "you" badge; in projector mode (the page's toggle) the log and the notation box are
gone, the odds take a few lines and a card's value is at least 24 px.  Screenshots land in
the artifacts dir as ``projector-<game>-<where>.png``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from browser_harness import (
    games_drawn_by,
    open_views,
    shoot_view,
)
from playwright.sync_api import Locator, Page, expect

NOTEBOOK = "projector.ipynb"


GAMES = games_drawn_by(Path(__file__).parent / "views" / NOTEBOOK)
"""The games in the order the notebook draws them (the page's i-th view is the i-th)."""
PROJECTOR: Any = {"width": 1280, "height": 720}
PHONE: Any = {"width": 390, "height": 844}
MIN_CARD_VALUE_PX = 24.0
ODDS_LINES = 3

pytestmark = pytest.mark.browser


def _open(page: Page, request: pytest.FixtureRequest, where: str) -> Locator:
    """Open the notebook (JupyterLab: with the file browser open); its three views, drawn."""
    server = request.getfixturevalue("views_lab" if where == "lab" else "views_voila")
    views = open_views(page, server, NOTEBOOK, where, len(GAMES))
    if where == "lab":
        page.evaluate("() => window.jupyterapp.commands.execute('filebrowser:activate')")
        expect(page.locator(".jp-FileBrowser")).to_be_visible()
    return views


# What does not fit: the board's box outside the view's, a box that scrolls sideways, and
# click targets whose boxes intersect (by more than a hair: borders may touch); a target
# wholly inside another (Goldland's pawn or exits on its tile) lies on top of it, by design.
_FIT_JS = """
(view) => {
  const problems = [];
  const v = view.getBoundingClientRect();
  const board = view.querySelector('.gl-view-board');
  const b = board.getBoundingClientRect();
  if (b.left < v.left - 1 || b.right > v.right + 1) {
    problems.push(`board ${b.left.toFixed(0)}-${b.right.toFixed(0)} outside the view `
                  + `${v.left.toFixed(0)}-${v.right.toFixed(0)}`);
  }
  for (const node of [view, ...view.querySelectorAll('*')]) {
    const style = getComputedStyle(node);
    if (!node.getClientRects().length || style.display === 'none') continue;
    if (!['auto', 'scroll'].includes(style.overflowX)) continue;
    if (node.scrollWidth > node.clientWidth + 1) {
      problems.push(`.${String(node.className).split(' ')[0] || node.tagName} scrolls sideways: `
                    + `${node.scrollWidth} px in ${node.clientWidth} px`);
    }
  }
  const inside = (p, q) => p.left >= q.left - 1 && p.right <= q.right + 1
    && p.top >= q.top - 1 && p.bottom <= q.bottom + 1;
  const boxes = [...board.querySelectorAll('[data-target]')]
    .filter((t) => t.getClientRects().length)
    .map((t) => [t.dataset.target, t.getBoundingClientRect()]);
  for (let i = 0; i < boxes.length; i++) {
    const [a, r] = boxes[i];
    if (r.right > b.right + 1 || r.left < b.left - 1) problems.push(`${a} sticks out of the board`);
    for (let j = i + 1; j < boxes.length; j++) {
      const [c, s] = boxes[j];
      if (inside(r, s) || inside(s, r)) continue;  // a button on a tile: both stay clickable
      const w = Math.min(r.right, s.right) - Math.max(r.left, s.left);
      const h = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
      if (w > 1 && h > 1) problems.push(`${a} overlaps ${c} (${w.toFixed(0)}x${h.toFixed(0)} px)`);
    }
  }
  return {problems, targets: boxes.length};
}
"""


def _misfits(view: Locator, game: str) -> list[str]:
    found: dict[str, Any] = view.evaluate(_FIT_JS)
    assert found["targets"] > 10, f"{game}: too few click targets to judge"
    return [f"{game}: {p}" for p in found["problems"]]


def _shoot(page: Page, view: Locator, artifacts_dir: Path, name: str) -> None:
    """An element screenshot, the window made tall enough to hold the whole view (after
    the measuring: the height changes no width)."""
    shoot_view(page, view, artifacts_dir / f"{name}.png", room=200)


@pytest.mark.parametrize("where", ["lab", "voila", "voila-390px"])
def test_every_board_fits_and_no_two_click_targets_overlap(
    page: Page, request: pytest.FixtureRequest, artifacts_dir: Path, console_errors: list[str],
    where: str,
) -> None:
    page.set_viewport_size(PHONE if where.endswith("390px") else PROJECTOR)
    views = _open(page, request, where.split("-")[0])
    problems: list[str] = []
    for i, game in enumerate(GAMES):
        problems += _misfits(views.nth(i), game)
        opened = views.nth(i).evaluate(_CURRENT_MOVE_SEEN_JS)  # opened half way through
        if opened:
            problems.append(f"{game}: {opened}")
        _shoot(page, views.nth(i), artifacts_dir, f"projector-{game}-{where}-light")
    width = page.evaluate("() => document.documentElement.clientWidth")
    wide = page.evaluate("() => document.documentElement.scrollWidth")
    if wide > width + 1:
        problems.append(f"the page scrolls sideways: {wide} px in {width} px")
    assert not problems, "\n".join(problems[:30])
    assert console_errors == []


_CURRENT_MOVE_SEEN_JS = """
(view) => {
  const list = view.querySelector('.gl-moves');
  const current = list.querySelector('.gl-current');
  if (!current) return 'no current move';
  const l = list.getBoundingClientRect();
  const c = current.getBoundingClientRect();
  return c.top >= l.top - 1 && c.bottom <= l.bottom + 1 ? '' :
    `move ${current.dataset.index} at ${c.top.toFixed(0)}-${c.bottom.toFixed(0)} px, the list `
    + `shows ${l.top.toFixed(0)}-${l.bottom.toFixed(0)} px`;
}
"""


def test_the_current_move_is_visible_in_the_move_list_and_the_open_table_has_no_you(
    page: Page, request: pytest.FixtureRequest, console_errors: list[str],
) -> None:
    page.set_viewport_size(PROJECTOR)
    views = _open(page, request, "voila")
    hidden: list[str] = []
    for i, game in enumerate(GAMES):
        view = views.nth(i)
        moves = view.locator(".gl-moves")
        last = view.locator("li.gl-move").count() - 1
        assert moves.evaluate("(m) => m.scrollHeight > m.clientHeight"), f"{game}: list too short"
        opened = view.evaluate(_CURRENT_MOVE_SEEN_JS)  # the view opens half way through
        if opened:
            hidden.append(f"{game}, as opened: {opened}")
        scrubber = view.locator("input.gl-scrubber")
        for index in (last // 2, last // 4, 3 * last // 4, 1, last):
            scrubber.evaluate("(el, i) => { el.value = String(i); "
                              "el.dispatchEvent(new Event('input', {bubbles: true})); }", index)
            expect(view.locator("li.gl-move.gl-current")).to_have_attribute(
                "data-index", str(index))
            missing = view.evaluate(_CURRENT_MOVE_SEEN_JS)
            if missing:
                hidden.append(f"{game}, step {index}: {missing}")
    assert not hidden, "the current move is scrolled out of sight:\n" + "\n".join(hidden)

    # The open table is nobody's: no "you" on it, whoever is to move.
    gold = views.nth(0)
    gold.locator("select.gl-seat").select_option("public")
    expect(gold.locator(".gl-view")).to_have_attribute("data-seat", "public")
    assert gold.locator(".gl-view-board .gl-board.gl-gold").count() == 1, "not Gold!'s board"
    badges = gold.locator(".gl-view-board .gl-badge")  # (at the end, nobody is to move)
    seen = [b.inner_text() for b in badges.all() if b.is_visible()]
    assert "you" not in seen, f"the open table shows {seen}"
    gold.locator("select.gl-seat").select_option("0")
    expect(gold.locator(".gl-view-board .gl-badge", has_text="you")).to_be_visible()
    assert console_errors == []


# The rendered size of each card value (font size times any zoom or transform on the way).
_CARD_VALUES_JS = """
(view) => [...view.querySelectorAll('.gl-view-board .gl-value, .gl-view-board .gr-v')]
  .filter((n) => n.getClientRects().length)
  .map((n) => {
    const size = parseFloat(getComputedStyle(n).fontSize);
    const scale = n.offsetHeight ? n.getBoundingClientRect().height / n.offsetHeight : 1;
    return {text: n.textContent, px: size * scale};
  })
"""


def test_projector_mode_shows_large_card_values_and_hides_the_log_and_notation(
    page: Page, request: pytest.FixtureRequest, artifacts_dir: Path, console_errors: list[str],
) -> None:
    page.set_viewport_size(PROJECTOR)
    views = _open(page, request, "voila")
    small: list[str] = []
    for i, game in enumerate(GAMES):
        view = views.nth(i)
        inner = view.locator(".gl-view")
        expect(view.locator(".gl-view-log")).to_be_visible()
        view.locator("input.gl-projector-toggle").check()
        expect(inner).to_have_class(_has("gl-projector"))
        for hidden in (".gl-view-log", ".gl-view-entry"):
            expect(view.locator(hidden)).to_be_hidden()
        odds = view.locator(".gl-odds")
        if odds.is_visible():
            assert odds.locator("tr, li").count() <= ODDS_LINES, f"{game}: odds too long"
        if game != "goldland":  # Goldland's board has tiles, not cards with values
            values = view.evaluate(_CARD_VALUES_JS)
            assert values, f"{game}: no card value on the board"
            small += [f"{game}: {v['text']!r} at {v['px']:.1f} px" for v in values
                      if v["px"] < MIN_CARD_VALUE_PX]
        assert _misfits(view, game) == []
        _shoot(page, view, artifacts_dir, f"projector-{game}-voila-projector")
    assert not small, "card values too small for a projector:\n" + "\n".join(small[:20])
    # And off again: the log is back.
    views.nth(0).locator("input.gl-projector-toggle").uncheck()
    expect(views.nth(0).locator(".gl-view")).not_to_have_class(_has("gl-projector"))
    expect(views.nth(0).locator(".gl-view-log")).to_be_visible()
    assert console_errors == []


def _has(cls: str) -> re.Pattern[str]:
    return re.compile(rf"(^|\s){re.escape(cls)}(\s|$)")


# ---------------------------------------------------------------- the whole board on one screen
FIT_NOTEBOOK = "projector-fit.ipynb"


def _views_fitted() -> tuple[tuple[str, str], ...]:
    """The views the fit notebook draws, in its order, as (game, what): every registered
    game at 2 players and at its most (the registry's ``max_players``; what: "2", "5"),
    then the scenarios it replays (what: the scenario's name after the game's, such as
    Gold!'s three-player "colour-scoring" example, which ends with its final scores)."""
    from goldlab.core.registry import game_class, names

    cells = json.loads((Path(__file__).parent / "views" / FIT_NOTEBOOK).read_text("utf-8"))
    sources = ["".join(cell["source"]) for cell in cells["cells"] if cell["cell_type"] == "code"]
    drawn = tuple((game, n) for source in sources
                  for game, n in re.findall(r'halfway\("(\w+)", "[\w-]+", (\d+)\)', source))
    wanted = {(g, str(n)) for g in names() for n in (2, game_class(g).max_players)}
    assert set(drawn) == wanted and len(drawn) == len(wanted), \
        f"{FIT_NOTEBOOK} draws {drawn}: give every game a view at 2 players and at its most"
    replayed = tuple((game, name) for source in sources
                     for game, name in re.findall(r'scenarios\.load\("(\w+)/([\w-]+)"\)', source))
    return drawn + replayed


FITTED = _views_fitted()

# Where the view stands once scrolled to its top, and what of it a projector shows: the
# board's box, the status line's and the box of the seat to move on the board (a Gold!
# player's area, a Mount Goldrush mine, a Goldland adventurer), each within the 1280x720
# window and within the part of the page that scrolls (JupyterLab's notebook panel: its
# menus, tabs and status bar take their share of the window); nothing inside the view
# scrolls (but the move list, a list of its own, by design).
_SCREEN_JS = """
(view) => {
  const scroller = (node) => {
    for (let n = node.parentElement; n; n = n.parentElement) {
      const s = getComputedStyle(n);
      if (['auto', 'scroll'].includes(s.overflowY) && n.scrollHeight > n.clientHeight + 1) {
        return n;
      }
    }
    return null;
  };
  view.scrollIntoView({block: 'start'});
  const outer = scroller(view);
  const area = outer ? outer.getBoundingClientRect() : {top: 0, bottom: innerHeight};
  const top = Math.max(0, area.top);
  const bottom = Math.min(innerHeight, area.bottom);
  const board = view.querySelector('.gl-view-board');
  const mover = board.querySelector('.gl-to-move, .gr-to-move, .glg-to-move')
    || [...board.querySelectorAll('.glg-seat')].find((s) => /to move/.test(s.textContent));
  const boxes = {board, status: view.querySelector('.gl-view-status'), 'seat to move': mover};
  const problems = [];
  for (const [name, node] of Object.entries(boxes)) {
    if (!node) continue;
    const r = node.getBoundingClientRect();
    if (r.top < top - 1 || r.bottom > bottom + 1 || r.left < -1 || r.right > innerWidth + 1) {
      problems.push(`the ${name} at ${r.left.toFixed(0)}-${r.right.toFixed(0)} x `
                    + `${r.top.toFixed(0)}-${r.bottom.toFixed(0)} px, the screen shows `
                    + `0-${innerWidth} x ${top.toFixed(0)}-${bottom.toFixed(0)} px`);
    }
  }
  for (const node of [view, ...view.querySelectorAll('*')]) {
    const s = getComputedStyle(node);
    if (!node.getClientRects().length || node.closest('.gl-moves')) continue;
    const sideways = ['auto', 'scroll'].includes(s.overflowX) && node.scrollWidth > node.clientWidth + 1;
    const down = ['auto', 'scroll'].includes(s.overflowY) && node.scrollHeight > node.clientHeight + 1;
    if (sideways || down) {
      problems.push(`.${String(node.className).split(' ')[0] || node.tagName} scrolls: `
                    + `${node.scrollWidth}x${node.scrollHeight} px in `
                    + `${node.clientWidth}x${node.clientHeight} px`);
    }
  }
  return {problems, mover: Boolean(mover), height: view.getBoundingClientRect().height,
          room: bottom - top};
}
"""


@pytest.mark.parametrize("where", ["lab", "voila"])
def test_in_projector_mode_the_board_status_and_seat_to_move_fit_one_screen(
    page: Page, request: pytest.FixtureRequest, artifacts_dir: Path, blocked: list[str],
    console_errors: list[str], where: str,
) -> None:
    """Every game at 2 players and at its most, half way through, and Gold!'s three-player
    colour scoring example at its end, on a 1280x720 projector:
    the page's projector toggle on, the view scrolled to its top, the board, the status
    line and the seat to move are on the screen, nothing scrolls inside the view and every
    card value is at least 24 px; every request to another machine is blocked (none is
    made).  Screenshots of the screen: projector-<game>-<players>.png (Voila) and
    projector-<game>-<players>-lab.png (and projector-gold-colour-scoring[-lab].png)."""
    page.set_viewport_size(PROJECTOR)
    server = request.getfixturevalue("views_lab" if where == "lab" else "views_voila")
    views = open_views(page, server, FIT_NOTEBOOK, where, len(FITTED))
    problems: list[str] = []
    movers = 0
    for i, (game, what) in enumerate(FITTED):
        view = views.nth(i)
        expect(view.locator(".gl-view-title")).not_to_have_text("", timeout=30_000)
        view.locator("input.gl-projector-toggle").check()
        expect(view.locator(".gl-view")).to_have_class(_has("gl-projector"))
        page.wait_for_timeout(300)  # the board is scaled to its room after a frame or two
        found: dict[str, Any] = view.evaluate(_SCREEN_JS)
        movers += found["mover"]
        where_seen = f"{game}, {what} ({where}, view {found['height']:.0f} px " \
                     f"in {found['room']:.0f} px)"
        problems += [f"{where_seen}: {p}" for p in found["problems"]]
        values = [v["px"] for v in view.evaluate(_CARD_VALUES_JS)] if game != "goldland" else []
        problems += [f"{where_seen}: a card value at {px:.1f} px" for px in values
                     if px < MIN_CARD_VALUE_PX]
        zoom = view.evaluate("(v) => v.querySelector('.gl-view-board > .gl-board').style.zoom")
        suffix = "" if where == "voila" else f"-{where}"
        path = artifacts_dir / f"projector-{game}-{what}{suffix}.png"
        page.screenshot(path=path)
        smallest = f", card values from {min(values):.1f} px" if values else ""
        print(f"screenshot: {path} ({where_seen}, board zoomed to {zoom or 1}{smallest})")
    assert movers >= len(FITTED) // 2, "too few views with a seat to move to judge"
    assert not problems, "\n".join(problems[:40])
    assert blocked == [], "the page asked another machine"  # a classroom may have no internet
    assert console_errors == []
