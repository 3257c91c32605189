"""Every game's view in JupyterLab and in Voila, as a class would use it on a projector.

A player's view (seat 0, a bot in seat 1) and the teacher's view of the same table
(``view.another(seat="all")``) come from the small notebooks in tests/browser/views/.  The
tests click the board's legal targets, an illegal one, the scrubber and the keys, switch
seats, check Mount Goldrush's memory mode, the contrast of every text in the dark theme,
a phone-sized screen, and print the click-to-redraw times (p50/p95) for the lead to report.
Screenshots land in the artifacts dir as ``views-<game>-<where>.png``.
"""

from __future__ import annotations

import json
import re
import statistics
from pathlib import Path
from typing import Any

import pytest
from browser_harness import JupyterServer, games_drawn_by, open_and_run, open_voila, shoot_view
from playwright.sync_api import Locator, Page, expect

import goldlab
from goldlab.bots import describe_bots
from goldlab.core.presentation import Presenter

GAMES = tuple(goldlab.names())
VIEWS_ALL = games_drawn_by(Path(__file__).parent / "views" / "views-all.ipynb")
"""The games in the order views-all.ipynb draws them (the page's i-th view is the i-th)."""
TIMED_CLICKS = 20
MIN_CONTRAST = 4.5  # WCAG 2 AA for normal text

pytestmark = pytest.mark.browser


def _server(request: pytest.FixtureRequest, where: str, dark: bool = False) -> JupyterServer:
    """Start only the servers a test needs (session fixtures, started on first use)."""
    name = {"lab": "views_lab_dark" if dark else "views_lab", "voila": "views_voila"}[where]
    server: JupyterServer = request.getfixturevalue(name)
    if where == "lab":
        server.delete_sessions()
    return server


def _open(page: Page, server: JupyterServer, where: str, notebook: str, *, dark: bool = False,
          views: int) -> Locator:
    """Open and run a notebook; return its game views once every one has drawn."""
    if where == "lab":
        open_and_run(page, server, notebook)
    else:
        open_voila(page, server, notebook, dark=dark)
    found = page.locator(".gl-game-view")
    expect(found).to_have_count(views, timeout=60_000)
    for i in range(views):
        expect(found.nth(i).locator(".gl-view-title")).not_to_have_text("", timeout=30_000)
    return found


def _has_presenter(game: str) -> bool:
    return type(goldlab.game(game).presenter()) is not Presenter


class _Clicker:
    """Clicks in one view and waits for the redraw each click causes (`data-updates`)."""

    def __init__(self, view: Locator) -> None:
        self.view = view
        self.inner = view.locator(".gl-view")
        self.updates = int(self.inner.get_attribute("data-updates") or 0)

    def click(self, target: Locator) -> None:
        target.click()
        self.updates += 1
        expect(self.inner).to_have_attribute("data-updates", str(self.updates), timeout=15_000)

    def legal(self) -> Locator:
        return self.view.locator(".gl-view-board.gl-acting .gl-legal")


def _counter(view: Locator) -> Locator:
    return view.locator(".gl-step-counter")


def _last(view: Locator) -> int:
    return int(_counter(view).inner_text().rsplit(" ", 1)[1])


def _timings(page: Page) -> list[float]:
    return [float(t) for t in page.evaluate("() => window.__goldlabTimings || []")]


def _report_timings(label: str, timings: list[float], artifacts_dir: Path) -> None:
    ordered = sorted(timings)
    p50 = statistics.median(ordered)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    print(f"\nclick->DOM {label}: n={len(ordered)} p50={p50:.1f} ms p95={p95:.1f} ms")
    path = artifacts_dir / "views-timings.json"
    data = json.loads(path.read_text()) if path.exists() else {}
    data[label] = {"n": len(ordered), "p50_ms": round(p50, 1), "p95_ms": round(p95, 1)}
    path.write_text(json.dumps(data, indent=1, sort_keys=True))


def _shoot(page: Page, view: Locator, artifacts_dir: Path, name: str) -> None:
    """An element screenshot.  JupyterLab fits itself to the window and an element
    screenshot shows only what the notebook panel shows: make the window tall enough."""
    shoot_view(page, view, artifacts_dir / f"{name}.png")


# ---------------------------------------------------------------- playing, in Lab and Voila
@pytest.mark.parametrize("where", ["lab", "voila"])
@pytest.mark.parametrize("game", GAMES)
def test_a_game_is_played_by_clicks_and_stepped_through(
    page: Page, request: pytest.FixtureRequest, artifacts_dir: Path, console_errors: list[str],
    game: str, where: str,
) -> None:
    server = _server(request, where)
    views = _open(page, server, where, f"view-{game}.ipynb", views=2)
    player, teacher = views.nth(0), views.nth(1)
    expect(player.locator("select.gl-seat")).to_have_value("0")
    expect(teacher.locator("select.gl-seat")).to_have_value("all")
    if not _has_presenter(game):
        pytest.skip(f"goldlab/games/{game}/presenter.py is missing: the board has no targets")

    # Play by clicking legal targets (a move of two clicks selects first): >= 20 redraws.
    clicker = _Clicker(player)
    moves_before = player.locator("li.gl-move").count()
    for _ in range(TIMED_CLICKS):
        if clicker.legal().count() == 0:
            break
        clicker.click(clicker.legal().first)
    expect(player.locator(".gl-view-error")).to_be_hidden()
    moves = player.locator("li.gl-move").count()
    assert moves > moves_before, "clicking legal targets played no move"
    assert player.locator(".gl-view-log-line").count() > 0
    # The teacher's view of the same table redrew too.
    expect(teacher.locator("li.gl-move")).to_have_count(moves)
    expect(_counter(teacher)).to_have_text(_counter(player).inner_text())

    # An illegal target: the error names the rule, the board stays as it was.
    clicker.legal().first.wait_for()
    board = player.locator(".gl-view-board")
    illegal = board.locator("[data-target]:not(.gl-legal)")
    assert illegal.count() > 0, "no illegal target on the board to try"
    before = board.inner_html()
    clicker.click(illegal.first)
    error = player.locator(".gl-view-error")
    expect(error).to_be_visible()
    assert error.locator(".gl-error-text").inner_text().rstrip().endswith("]"), "no rule named"
    expect(error.locator(".gl-quote")).to_be_visible()
    assert board.inner_html() == before
    assert player.locator("li.gl-move").count() == moves
    _report_timings(f"{game}-{where}", _timings(page), artifacts_dir)
    assert len(_timings(page)) >= TIMED_CLICKS

    # The scrubber and the keys step through the game; the teacher's view stays live.
    last = _last(player)
    scrubber = player.locator("input.gl-scrubber")
    scrubber.evaluate(
        "(el) => { el.value = '1'; el.dispatchEvent(new Event('input', {bubbles: true})); }"
    )
    expect(_counter(player)).to_have_text(f"step 1 of {last}")
    expect(player.locator("li.gl-move.gl-current")).to_have_attribute("data-index", "1")
    expect(player.locator(".gl-view-board")).not_to_have_class("gl-acting")
    expect(_counter(teacher)).to_have_text(f"step {last} of {last}")
    player.locator(".gl-view").focus()
    for key, index in [("End", last), ("ArrowLeft", last - 1), ("Home", 0), ("ArrowRight", 1),
                       ("End", last)]:
        page.keyboard.press(key)
        expect(_counter(player)).to_have_text(f"step {index} of {last}")
    player.locator("li.gl-move").nth(2).click()
    expect(_counter(player)).to_have_text(f"step 2 of {last}")
    page.keyboard.press("End")
    player.locator(".gl-view").focus()
    page.keyboard.press("End")
    expect(_counter(player)).to_have_text(f"step {last} of {last}")

    # Seats: the open table only watches; back at seat 0 the player acts again.
    seat = player.locator("select.gl-seat")
    seat.select_option("public")
    expect(player.locator(".gl-view-board")).not_to_have_class("gl-acting")
    expect(player.locator(".gl-view-entry")).to_be_hidden()
    expect(player.locator(".gl-memory")).to_be_hidden()
    seat.select_option("0")
    expect(player.locator(".gl-view-board")).to_have_class("gl-view-board gl-acting")
    expect(player.locator(".gl-view-entry")).to_be_visible()
    expect(player.locator("input.gl-memory")).to_be_visible()

    if game == "goldrush":
        _check_memory_mode(player, teacher)
        _check_glimpse(page, player, teacher, artifacts_dir, where)
    _shoot(page, player, artifacts_dir, f"views-{game}-{where}-light")
    assert console_errors == []


def _check_memory_mode(player: Locator, teacher: Locator) -> None:
    """Memory mode (a person's seat): a card seen earlier lies face down (gr-back), not
    face up with a "seen" badge (gr-seen) as in the teacher's view."""
    memory = player.locator("input.gl-memory")
    expect(memory).to_be_checked()
    seen = teacher.locator(".gl-view-board .gr-seen")
    assert seen.count() > 0, "no card was seen and turned back face down yet"
    targets = [seen.nth(i).get_attribute("data-target") for i in range(seen.count())]
    board = player.locator(".gl-view-board")
    expect(board.locator(".gr-seen")).to_have_count(0)
    for target in targets:
        expect(board.locator(f'[data-target="{target}"]')).to_have_class(_has("gr-back"))
    memory.uncheck()
    expect(board.locator(".gr-seen")).to_have_count(len(targets))
    memory.check()
    expect(board.locator(".gr-seen")).to_have_count(0)


def _check_glimpse(page: Page, player: Locator, teacher: Locator, artifacts_dir: Path,
                   where: str) -> None:
    """Memory mode between two turns: the bot's cards lie face down on the board; "Show the
    last turn again" shows them over it as they were turned, and the log notes the press."""
    board = player.locator(".gl-view-board")
    expect(board).to_have_class(_has("gl-acting"))  # the player's turn begins
    expect(board.locator(".gr-badge", has_text="last turn")).to_have_count(0)
    glimpse = player.locator(".gl-glimpse")
    expect(glimpse).to_be_hidden(timeout=15_000)  # the glimpse shown as it happened is over
    player.locator(".gl-glimpse-again").click()
    expect(glimpse).to_be_visible()
    expect(glimpse.locator(".gl-glimpse-caption")).to_contain_text("turns up card")
    expect(glimpse.locator(".gr-badge", has_text="turned up")).not_to_have_count(0)
    assert glimpse.locator("[data-target]").count() == 0  # a picture: nothing to click
    _shoot(page, player, artifacts_dir, f"views-goldrush-{where}-glimpse")
    expect(player.locator(".gl-view-log")).to_contain_text("looks at the last turn again")
    expect(teacher.locator(".gl-view-log")).to_contain_text("looks at the last turn again")
    expect(glimpse).to_be_hidden(timeout=15_000)
    expect(board.locator(".gr-badge", has_text="last turn")).to_have_count(0)


def _has(cls: str) -> re.Pattern[str]:
    return re.compile(rf"(^|\s){re.escape(cls)}(\s|$)")


# ---------------------------------------------------------------- the dark theme
_CONTRAST_JS = """
(root) => {
  const parse = (c) => {
    const m = c.match(/rgba?\\(([^)]+)\\)/);
    if (!m) return [0, 0, 0, 0];
    const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, bottom) => {
    const a = top[3];
    return [0, 1, 2].map((i) => top[i] * a + bottom[i] * (1 - a)).concat([1]);
  };
  const background = (node) => {
    const layers = [];
    for (let n = node; n; n = n.parentElement) {
      const bg = parse(getComputedStyle(n).backgroundColor);
      if (bg[3] > 0) layers.push(bg);
      if (bg[3] >= 1) break;
    }
    let colour = [255, 255, 255, 1];  // the canvas, if nothing is opaque
    for (const layer of layers.reverse()) colour = over(layer, colour);
    return colour;
  };
  const luminance = (c) => {
    const [r, g, b] = c.slice(0, 3).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const results = [];
  for (const node of root.querySelectorAll('*')) {
    if (['OPTION', 'SCRIPT', 'STYLE', 'SELECT'].includes(node.tagName)) continue;
    if (node.closest(':disabled')) continue;  // WCAG exempts inactive controls
    const text = [...node.childNodes].filter((c) => c.nodeType === 3 && c.textContent.trim());
    if (!text.length) continue;
    const style = getComputedStyle(node);
    if (style.visibility !== 'visible' || !node.getClientRects().length) continue;
    if (parseFloat(style.opacity) === 0) continue;
    const bg = background(node);
    const fg = over(parse(style.color), bg);
    const [hi, lo] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
    results.push({
      ratio: (hi + 0.05) / (lo + 0.05),
      text: text.map((c) => c.textContent.trim()).join(' ').slice(0, 40),
      cls: (node.className && node.className.baseVal === undefined ? node.className : ''),
      color: style.color, background: `rgb(${bg.slice(0, 3).map(Math.round).join(', ')})`,
    });
  }
  return results;
}
"""


def _contrast(view: Locator) -> list[dict[str, Any]]:
    return list(view.evaluate(_CONTRAST_JS))


@pytest.mark.parametrize("where", ["lab", "voila"])
def test_every_text_of_every_view_reads_well_in_the_dark_theme(
    page: Page, request: pytest.FixtureRequest, artifacts_dir: Path, console_errors: list[str],
    where: str,
) -> None:
    server = _server(request, where, dark=True)
    views = _open(page, server, where, "views-all.ipynb", dark=True, views=len(VIEWS_ALL))
    if where == "lab":
        expect(page.locator("body")).to_have_attribute("data-jp-theme-light", "false")
    worst: list[tuple[float, str, dict[str, Any]]] = []
    for i, game in enumerate(VIEWS_ALL):
        view = views.nth(i)
        # Show the error box too: an illegal click, or a notation nobody can read.
        illegal = view.locator(".gl-view-board [data-target]:not(.gl-legal)")
        clicker = _Clicker(view)
        if illegal.count():
            clicker.click(illegal.first)
        else:
            view.locator(".gl-view-input").fill("dance")
            view.locator(".gl-view-input").press("Enter")
        expect(view.locator(".gl-view-error")).to_be_visible()
        results = _contrast(view)
        assert len(results) > 20, f"{game}: found too few texts to judge"
        worst.extend((r["ratio"], game, r) for r in results)
        _shoot(page, view, artifacts_dir, f"views-{game}-{where}-dark")
    worst.sort(key=lambda item: item[0])
    print(f"\ndark theme ({where}): minimum contrast {worst[0][0]:.2f} ({worst[0][1]}: "
          f"{worst[0][2]})")
    low = [f"{game}: {r['ratio']:.2f} {r['text']!r} .{r['cls']} {r['color']} on "
           f"{r['background']}" for ratio, game, r in worst if ratio < MIN_CONTRAST]
    assert not low, f"{len(low)} texts below {MIN_CONTRAST}:1 in the dark theme:\n" + "\n".join(
        low[:25])
    assert console_errors == []


# ---------------------------------------------------------------- a phone-sized screen
def test_the_views_fit_a_390_px_screen_without_scrolling_the_page_sideways(
    page: Page, request: pytest.FixtureRequest, artifacts_dir: Path, console_errors: list[str],
) -> None:
    server = _server(request, "voila")
    page.set_viewport_size({"width": 390, "height": 844})
    views = _open(page, server, "voila", "views-all.ipynb", views=len(VIEWS_ALL))
    width = page.evaluate("() => document.documentElement.clientWidth")
    overflow = page.evaluate("() => document.documentElement.scrollWidth")
    wide = []
    for i, game in enumerate(VIEWS_ALL):
        box = views.nth(i).bounding_box()
        assert box is not None
        if box["x"] + box["width"] > width + 1:
            wide.append(f"{game}: view ends at {box['x'] + box['width']:.0f} px")
        _shoot(page, views.nth(i), artifacts_dir, f"views-{game}-voila-390px")
    assert overflow <= width + 1 and not wide, (
        f"the page scrolls sideways at 390 px: {overflow} px wide in {width} px; " + "; ".join(wide)
    )
    assert console_errors == []


# ---------------------------------------------------------------- any bot in any seat
VOILA_TEMPLATE_CDN = ("fontawesome", "mathjax")  # Voila's page template; the views use neither

_THINKING_OR_MOVED_JS = """
(moves) => {
  const view = document.querySelector('.gl-play-table .gl-view');
  return view.classList.contains('gl-is-thinking')
    || view.querySelectorAll("li.gl-move").length > moves;  // the click and the reply
}
"""

# How long the page showed "is thinking" each time (ms): the note must come while the
# bot thinks, not together with its move.
_WATCH_THINKING_JS = """
(el) => {
  window.__glThinking = [];
  // While thinking: are playing controls greyed out, and New game, Rematch and the seat
  // menus live (the bot thinks on a worker: they stop its search)?
  window.__glHeld = [];
  let since = el.classList.contains('gl-is-thinking') ? performance.now() : null;
  new MutationObserver(() => {
    const on = el.classList.contains('gl-is-thinking');
    if (on && since === null) {
      since = performance.now();
      const held = ['.gl-bots', '.gl-view-input'].map((s) => el.querySelector(s));
      const live = ['.gl-new', '.gl-rematch', '.gl-seats select'].map((s) => el.querySelector(s));
      window.__glHeld.push(held.every((c) => c !== null && c.disabled)
                          && live.every((c) => c !== null && !c.disabled));
    }
    if (!on && since !== null) { window.__glThinking.push(performance.now() - since); since = null; }
  }).observe(el, { attributes: true, attributeFilter: ['class'] });
}
"""


def test_ismcts_with_a_strength_takes_a_seat_from_the_menus_and_moves(
    page: Page, request: pytest.FixtureRequest, artifacts_dir: Path, console_errors: list[str],
    blocked: list[str],
) -> None:
    """The play table in Voila, the internet blocked: seat 1's menu offers every bot of the
    game (described), ISMCTS gets a strength menu; dealt weak, it replies to a click; made
    strong in the view's own seat menu, the status line says it is thinking, then it moves."""
    server = _server(request, "voila")
    open_voila(page, server, "play-table.ipynb")
    app = page.locator(".gl-play-table")
    expect(app.locator(".gl-game-view .gl-view-title")).not_to_have_text("", timeout=60_000)
    seat1 = app.locator(".gl-play-seat").nth(1)
    who = seat1.locator(".gl-seat-who select")
    offered = who.locator("option").all_inner_texts()
    assert offered == ["person", *(b.name for b in describe_bots("gold"))]
    assert "ismcts" in offered and "planner" in offered
    strength = seat1.locator(".gl-seat-strength-menu")
    expect(strength).to_be_hidden()
    who.select_option("ismcts")
    expect(strength).to_be_visible()
    expect(seat1.locator(".gl-seat-about")).to_contain_text("imagined games")
    levels = [t.replace("\xa0", " ") for t in strength.locator("select option").all_inner_texts()]
    assert levels == ["weak · 50 iterations", "medium · 200 iterations", "strong · 1000 iterations"]
    strength.locator("select").select_option(index=0)  # weak
    app.locator("button", has_text="Deal").click()

    # The view's own seat menus show the same choice, each bot described in its title.
    view = app.locator(".gl-game-view")
    expect(view.locator('select.gl-seat-player[data-seat="1"]')).to_have_value("ismcts")
    in_view = view.locator('select.gl-seat-strength[data-seat="1"]')
    expect(in_view).to_have_value("ismcts:50")
    planner = view.locator('select.gl-seat-player[data-seat="1"] option[value="planner"]')
    assert "Collects sets of high gold cards" in (planner.get_attribute("title") or "")
    expect(view.locator(".gl-view-status")).to_have_text("seat 0 to move")

    # Weak ISMCTS replies to a click.
    clicker = _Clicker(view)
    moves = view.locator("li.gl-move").count()
    clicker.click(clicker.legal().first)
    expect(view.locator(".gl-view-status")).to_have_text("seat 0 to move", timeout=60_000)
    assert view.locator("li.gl-move").count() >= moves + 2
    assert any(". " in t and t.split(". ", 1)[1].lower().startswith("seat 1 ")  # "Seat 1 takes"
               for t in view.locator("li.gl-move").all_inner_texts()), "seat 1 never moved"

    # Strong ISMCTS, chosen in the view: the page says it thinks, then it moves.
    in_view.select_option("ismcts:1000")
    expect(view.locator('select.gl-seat-strength[data-seat="1"]')).to_have_value("ismcts:1000")
    inner = view.locator(".gl-view")
    seen = int(inner.get_attribute("data-thinking-seen") or 0)
    moves = view.locator("li.gl-move").count()
    inner.evaluate(_WATCH_THINKING_JS)
    status = view.locator(".gl-view-status")
    shot = False
    spans: list[float] = []
    for _ in range(8):  # until a decision with a real choice (one legal action is not searched)
        count = view.locator("li.gl-move").count()
        view.locator(".gl-view-board.gl-acting .gl-legal").first.click()
        page.wait_for_function(_THINKING_OR_MOVED_JS, arg=count + 1, timeout=120_000)
        if not shot and "is thinking" in status.inner_text():  # shoot while it thinks
            _shoot(page, app, artifacts_dir, "views-seats-voila-thinking")
            shot = True
        expect(status).to_have_text("seat 0 to move", timeout=120_000)
        expect(inner).not_to_have_class(_has("gl-is-thinking"))
        spans = page.evaluate("() => window.__glThinking")
        if max(spans, default=0) > 300:
            break
    print(f"'is thinking' shown for {[round(t) for t in spans]} ms")
    assert max(spans, default=0) > 300, "the page never said the bot was thinking while it thought"
    assert int(inner.get_attribute("data-thinking-seen") or 0) > seen
    assert view.locator("li.gl-move").count() >= moves + 2
    held = page.evaluate("() => window.__glHeld")
    assert held and all(held), f"controls wrong while the bot thought: {held}"
    expect(inner.locator("button.gl-new")).to_be_enabled()  # and live again after
    expect(inner.locator('select.gl-seat-player[data-seat="1"]')).to_be_enabled()
    expect(view.locator(".gl-view-error")).to_be_hidden()

    _shoot(page, app, artifacts_dir, "views-seats-voila")

    # A choice that is not on the menu (slipped into it) is refused in Python with a clear
    # error, not a traceback, and the menu shows the seat's real bot again.
    in_view.evaluate("(el) => { const o = document.createElement('option'); o.value = "
                     "'ismcts:0'; o.textContent = 'broken'; el.append(o); }")
    in_view.select_option("ismcts:0")
    error = view.locator(".gl-view-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("'ismcts:0' is not on this game's seat menu")
    expect(error).to_contain_text("ismcts:1000")
    expect(in_view).to_have_value("ismcts:1000")
    template = [url for url in blocked if any(w in url for w in VOILA_TEMPLATE_CDN)]
    assert [url for url in blocked if url not in template] == []
    expect(page.locator("body")).not_to_contain_text("Traceback")
    assert console_errors == []


def test_a_locked_view_hides_what_would_change_who_sees_what(
    page: Page, request: pytest.FixtureRequest, console_errors: list[str], blocked: list[str],
) -> None:
    """``GameView(..., seat=0, locked=True)`` in Voila: no seat menu, memory switch, seat
    players, Load or Rematch on the page (Python refuses those intents as well); the
    board still plays by clicks."""
    view = _open(page, _server(request, "voila"), "voila", "view-locked.ipynb", views=1).first
    for hidden in (".gl-seat", ".gl-memory-field", ".gl-seats", ".gl-load", ".gl-rematch"):
        expect(view.locator(hidden)).to_be_hidden()
    for shown in (".gl-new", ".gl-undo", ".gl-save"):
        expect(view.locator(shown)).to_be_visible()
    clicker = _Clicker(view)
    moves = view.locator("li.gl-move").count()
    clicker.click(clicker.legal().first)
    expect(view.locator("li.gl-move")).not_to_have_count(moves, timeout=30_000)
    assert console_errors == []
    assert [url for url in blocked if not any(w in url for w in VOILA_TEMPLATE_CDN)] == []
