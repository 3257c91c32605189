"""Each game played by keyboard alone, and what a screen reader is told (issue 47 §3).

The player's view of tests/browser/views/view-<game>.ipynb (seat 0 a person, seat 1 a
bot, 2 players) is played to the end in JupyterLab with ``page.keyboard.press`` only: Tab
from the view onto the board, arrows to a target, Enter to play it.  After every move the
focus must still be on the board, on its current target (one roving tabindex), so the next
move needs no Tab at all.  Which legal target is played is picked at random (seeded), as
a player would, by arrows alone (always the first target would walk Goldland's
adventurer back and forth).
In Voila a few moves check the same, and that the polite live region says the moves
played and a refusal, in the words the move list and the error box show.  A screenshot of
each board with its focused target lands in the artifacts dir as
``keyboard-<game>-focus.png``.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from browser_harness import JupyterServer, open_views
from playwright.sync_api import Locator, Page, expect

import goldlab

GAMES = tuple(goldlab.names())
ENTER_TABS = 40  # Tabs from the view itself onto the board, at most
MOVES_CAP = 400  # keyboard moves in one game, at most (none needs half of it)
MOVES_IN_VOILA = 3

pytestmark = pytest.mark.browser

# Where the player's view is: a person to act (the board's targets live), or the end.
_WAITING_JS = """
(view) => {
  const over = view.querySelector('.gl-over');
  if (over && over.style.display !== 'none' && over.textContent.includes('Game over')) return 'over';
  const board = view.querySelector('.gl-view-board');
  const thinking = view.querySelector('.gl-view').classList.contains('gl-is-thinking');
  if (!thinking && board.classList.contains('gl-acting') && board.querySelector('.gl-legal')) {
    return 'act';
  }
  return '';
}
"""

# Where the focus is, as the test reads it: on a board target (its id and tabindex), on
# the board itself, or elsewhere (the element's tag and class).
_FOCUS_JS = """
(view) => {
  const board = view.querySelector('.gl-view-board');
  const at = document.activeElement;
  if (at && at.dataset && at.dataset.target !== undefined && board.contains(at)) {
    return {on: 'target', target: at.dataset.target, tabindex: at.tabIndex,
            roving: board.querySelectorAll('[data-target][tabindex="0"]').length,
            legal: at.classList.contains('gl-legal')};
  }
  if (at === board) return {on: 'board'};
  return {on: 'elsewhere', what: at ? `${at.tagName}.${at.className}` : 'nothing'};
}
"""


def _open(page: Page, server: JupyterServer, where: str, game: str) -> Locator:
    """The player's view (the first of view-<game>.ipynb's two), drawn."""
    return open_views(page, server, f"view-{game}.ipynb", where, 2).nth(0)


def _wait_for_turn(page: Page, player: Locator) -> str:
    """'act' once the person is to act again (the bots have replied), or 'over'."""
    handle = page.wait_for_function(_WAITING_JS, arg=player.element_handle(), timeout=30_000,
                                    polling=50)
    return str(handle.json_value())


def _enter_board(page: Page, player: Locator) -> int:
    """Focus the view (the one step that is not a key: the test has to start somewhere),
    then Tab onto the board; returns how many Tabs it took."""
    player.locator(".gl-view").focus()
    for tabs in range(1, ENTER_TABS + 1):
        page.keyboard.press("Tab")
        if page.evaluate(_FOCUS_JS, player.element_handle())["on"] == "target":
            return tabs
    pytest.fail(f"{ENTER_TABS} Tabs from the view never reached the board")


def _play_one(page: Page, player: Locator, rng: random.Random) -> None:
    """Arrow to a legal target picked at random (Home to the first, then right k times),
    press Enter, and wait for the redraw the key caused."""
    inner = player.locator(".gl-view")
    updates = int(inner.get_attribute("data-updates") or 0)
    legal = player.locator(".gl-view-board .gl-legal[data-target]").count()
    page.keyboard.press("Home")
    for _ in range(rng.randrange(legal)):
        page.keyboard.press("ArrowRight")
    focus = page.evaluate(_FOCUS_JS, player.element_handle())
    assert focus["on"] == "target" and focus["legal"], f"the arrows left the legal targets: {focus}"
    page.keyboard.press("Enter")
    expect(inner).to_have_attribute("data-updates", str(updates + 1), timeout=15_000)


def _assert_focus_on_board(page: Page, player: Locator, after: str) -> None:
    focus = page.evaluate(_FOCUS_JS, player.element_handle())
    assert focus["on"] == "target", f"after {after} the focus is not on the board: {focus}"
    assert focus["tabindex"] == 0 and focus["roving"] == 1, f"not one roving tabindex: {focus}"


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_is_played_by_keyboard_alone(
    page: Page, views_lab: JupyterServer, artifacts_dir: Path, game: str,
) -> None:
    player = _open(page, views_lab, "lab", game)
    assert _wait_for_turn(page, player) == "act"
    tabs = _enter_board(page, player)
    rng = random.Random(47)
    started = time.perf_counter()
    moves = 0
    while moves < MOVES_CAP:
        _play_one(page, player, rng)
        moves += 1
        if _wait_for_turn(page, player) == "over":
            break
        _assert_focus_on_board(page, player, f"move {moves}")
        if moves == 1:
            path = artifacts_dir / f"keyboard-{game}-focus.png"
            player.locator(".gl-board-frame").screenshot(path=path)
            print(f"screenshot: {path}")
    seconds = time.perf_counter() - started
    print(f"\n{game} by keyboard: {tabs} Tabs onto the board, then {moves} moves "
          f"(arrows and Enter only) in {seconds:.1f} s")
    expect(player.locator(".gl-over")).to_contain_text("Game over")
    assert moves < MOVES_CAP, f"{game}: no end after {moves} keyboard moves"


def test_in_voila_focus_stays_on_the_board_and_moves_and_refusals_are_announced(
    page: Page, views_voila: JupyterServer,
) -> None:
    game = GAMES[0]
    player = _open(page, views_voila, "voila", game)
    announce = player.locator(".gl-announce")
    expect(announce).to_have_attribute("aria-live", "polite")
    assert announce.evaluate("(el) => getComputedStyle(el).display") != "none"
    box = announce.bounding_box()
    assert box is not None and box["width"] <= 1 and box["height"] <= 1, "the live region shows"
    assert _wait_for_turn(page, player) == "act"
    _enter_board(page, player)
    rng = random.Random(3)
    moves = 0
    for press in range(1, 10 * MOVES_IN_VOILA):
        before = player.locator("li.gl-move").count()
        _play_one(page, player, rng)
        assert _wait_for_turn(page, player) == "act"
        _assert_focus_on_board(page, player, f"key {press}")
        played = player.locator("li.gl-move .gl-move-button").all_inner_texts()[before:]
        if not played:
            continue  # a selection (the first of a move's two targets)
        # The region says the moves of the last redraw: this key's move and the bots'
        # replies, or the replies alone when they came in a redraw of their own.
        said = {". ".join(played[k:]) for k in range(len(played))}
        page.wait_for_function("([el, said]) => said.includes(el.textContent)",
                               arg=[announce.element_handle(), sorted(said)], timeout=5_000)
        moves += 1
        if moves == MOVES_IN_VOILA:
            break
    assert moves == MOVES_IN_VOILA, f"{press} keys played {moves} moves"
    # A refusal: the same words as the error box.
    entry = player.locator("input.gl-view-input")
    entry.fill("no such move")
    entry.press("Enter")
    error = player.locator(".gl-view-error .gl-error-text")
    expect(error).to_be_visible()
    expect(announce).to_have_text(error.inner_text())
