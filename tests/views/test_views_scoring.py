"""Scoring unfolds on the board (issue 30 §2): a step the rules carry out in parts is a
sequence of positions, its cards lit, the winner's banner only at its last part."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest

from goldlab import scenarios
from goldlab.bots.play import play_game
from goldlab.games.gold.position import from_position
from goldlab.games.gold.scenarios import NAMES

views = pytest.importorskip("goldlab.views")
GameView = views.GameView

COLOURS = ("green", "blue", "violet", "red", "orange", "pink")


def _message(view: Any, **content: Any) -> None:
    """What the front end sends: one intent."""
    view._on_message(view, content, [])


def _lit(board: str) -> list[str]:
    """The cards lit as being scored: their names (``red 8``), from a card's title or a
    chip's text."""
    cards = re.findall(r'class="gl-scoring gl-card[^"]*"[^>]*?title="([^"]*)"', board)
    chips = re.findall(r'<span class="gl-scoring gl-chip"[^>]*>([^<]*)</span>', board)
    return sorted(re.sub(r"^.*'s ", "", unescape(name)) for name in cards + chips)


def _players(board: str) -> list[str]:
    """Each player's part of a Gold! board (tableau and scoring pile)."""
    return board.split('<div class="gl-player')[1:]


def _pile_points(board: str) -> list[int | None]:
    """Each player's scoring-pile points as the board notes them (None: empty pile)."""
    out: list[int | None] = []
    for part in _players(board):
        found = re.search(r'class="gl-note">(-?\d+) points<', part)
        out.append(int(found.group(1)) if found else None)
    return out


def _tableau_sizes(board: str) -> list[int]:
    return [part.count('data-target="tableau:') for part in _players(board)]


def _board_status(board: str) -> str:
    found = re.search(r'class="gl-status" role="status">([^<]*)<', board)
    assert found is not None
    return found.group(1)


# ---------------------------------------------------------------- the rulebook's example
def test_the_claus_dirk_bernd_example_walks_colour_by_colour_on_the_board() -> None:
    view = GameView.replay(scenarios.load("gold/colour-scoring"))
    final = view.payload
    assert final["live"] and final["over"]["verdict"] == "Dirk wins"  # opens at its end
    _message(view, type="home")
    start = view.payload
    assert start["index"] == 0 and start["over"] is None
    assert _tableau_sizes(start["board"]) == [2, 2, 1]
    boards = [start["board"]]
    expected = {  # part: (cards lit, pile points, tableau sizes), per the rulebook
        "green": (["green donkey"], [None, None, None], [1, 2, 2]),
        "blue": ([], [None, None, None], [1, 2, 2]),
        "violet": (["violet 4"], [None, None, 4], [1, 2, 1]),
        "red": (["red 6", "red 8", "red donkey"], [6, 8, 4], [0, 0, 1]),
        "orange": ([], [6, 8, 4], [0, 0, 1]),
        "pink": (["pink 3"], [6, 8, 7], [0, 0, 0]),
    }
    for k, colour in enumerate(COLOURS):
        _message(view, type="step", value=1)
        p = view.payload
        assert (p["index"], p["inspector"]["page"]) == (1, k)
        assert p["inspector"]["title"] == f"Colour scoring: {colour}"
        assert p["over"] is None, f"the banner is up at {colour}"
        assert not p["live"] and f"Colour scoring: {colour}" in p["status"]
        board = p["board"]
        assert _board_status(board).startswith(f"Colour scoring: {colour}")
        lit, points, sizes = expected[colour]
        assert _lit(board) == sorted(lit), colour
        assert all(name.startswith(colour) for name in _lit(board))
        assert _pile_points(board) == points, colour
        assert _tableau_sizes(board) == sizes, colour
        assert board != boards[-1], f"the board does not change at {colour}"
        boards.append(board)
    assert "tie with 6, so both bank" in _board_status(boards[4])  # red: the tie
    _message(view, type="step", value=1)  # final points
    p = view.payload
    assert (p["index"], p["inspector"]["title"]) == (1, "Final scoring") and p["live"]
    assert p["over"]["verdict"] == "Dirk wins" and p["board"] != boards[-1]
    assert _lit(p["board"]) == [] and _pile_points(p["board"]) == [6, 8, 7]
    assert p["inspector"]["titles"] == [*(f"Colour scoring: {c}" for c in COLOURS),
                                        "Final scoring"]
    for k in range(len(COLOURS) - 1, -1, -1):  # and back with <-
        _message(view, type="step", value=-1)
        assert view.payload["board"] == boards[k + 1] and view.payload["over"] is None
    _message(view, type="step", value=-1)
    assert view.payload["index"] == 0 and view.payload["board"] == boards[0]


def test_a_part_is_reached_from_the_move_list_and_the_end_is_the_last_part() -> None:
    view = GameView.replay(scenarios.load("gold/colour-scoring"))
    _message(view, type="goto", value=1, page=3)
    p = view.payload
    assert p["inspector"]["title"] == "Colour scoring: red" and not p["live"]
    assert view.position == 1 and "earlier position" in _why_not(view)
    _message(view, type="end")
    assert view.payload["live"] and view.payload["over"] is not None
    assert view.position is None and view.payload["inspector"]["page"] == 6


def _why_not(view: Any) -> str:
    view.request("take pink:3")
    return str(view.error)


def test_a_game_that_ends_in_play_shows_its_result_and_steps_back_through_the_parts() -> None:
    scenario = scenarios.load("gold/colour-scoring")
    view = GameView(scenario.before(), names=NAMES)
    assert view.payload["over"] is None
    view.request("take pink:3")
    p = view.payload
    assert p["live"] and p["over"]["verdict"] == "Dirk wins"
    assert p["inspector"]["title"] == "Final scoring"
    _message(view, type="step", value=-1)
    assert view.payload["inspector"]["title"] == "Colour scoring: pink"
    assert view.payload["over"] is None and _lit(view.payload["board"]) == ["pink 3"]


# ---------------------------------------------------------------- a set and its bonus
def test_a_set_is_scored_in_two_parts_the_bonus_then_the_scoring_pile() -> None:
    state = from_position(
        offer="red:6 violet:7 pink:8",
        tableaux=["red:3 red:5 blue:4 green:7", "red:4 blue:8", "orange:6 green:5"],
    )
    state.apply("take red:6")
    state.apply("steal orange:6 from seat 2")
    view = GameView(state, names=NAMES)
    after = view.payload
    assert after["inspector"]["titles"] == ["Claus takes the orange 6 from Bernd",
                                            "Claus scores the red set"]
    assert _lit(after["board"]) == [] and _pile_points(after["board"])[0] == 14
    _message(view, type="step", value=-1)
    bonus = view.payload
    assert (bonus["index"], bonus["inspector"]["page"]) == (2, 0) and not bonus["live"]
    # the bonus card has moved, the set still lies in the tableau, lit
    assert _lit(bonus["board"]) == ["red 3", "red 5", "red 6"]
    assert _tableau_sizes(bonus["board"]) == [6, 2, 1] and _pile_points(bonus["board"])[0] is None
    assert "Claus takes the orange 6 from Bernd as the bonus" in _board_status(bonus["board"])


# ---------------------------------------------------------------- Goldland, Mount Goldrush
@pytest.mark.parametrize(("game", "bot", "status_class"), [
    ("goldland", "heuristic", "glg-status"), ("goldrush", "perfect", "gr-status")])
def test_the_end_of_the_game_comes_before_its_banner(game: str, bot: str,
                                                      status_class: str) -> None:
    view = GameView.replay(play_game(game, [bot, "random"], seed=2))
    _message(view, type="end")
    final = view.payload
    assert final["over"] is not None and final["inspector"]["pages"] == 2
    assert re.search(rf'class="{status_class}">Game over', final["board"])
    _message(view, type="step", value=-1)
    part = view.payload
    assert (part["index"], part["inspector"]["page"]) == (final["index"], 0)
    assert part["over"] is None and "Game over" not in part["board"]
    assert re.search(rf'class="{status_class}">The game (is over|ends)', part["board"])
    assert part["status"].startswith("The game") and part["board"] != final["board"]
    if game == "goldrush":  # the last card flipped is lit
        flipped = view.table.presenter.target_of(view.table.frames()[1][-1].action)
        assert re.search(rf'class="gl-scoring [^"]*" data-target="{flipped}"', part["board"])


def test_mount_goldrush_shows_the_turn_then_the_gold_rush() -> None:
    view = GameView.replay(play_game("goldrush", ["perfect", "random"], seed=2))
    _, steps = view.table.frames()
    index = next(i for i, s in enumerate(steps, 1)
                 if any(type(e).__name__ == "GoldRushBegins" for e in s.events))
    _message(view, type="goto", value=index)
    turn = view.payload
    assert turn["inspector"]["titles"][1] == "Gold Rush!"
    assert "next: gold rush!" in turn["status"] and "gl-scoring" in turn["board"]
    _message(view, type="step", value=1)
    rush = view.payload
    assert (rush["index"], rush["inspector"]["title"]) == (index, "Gold Rush!")
    assert "Gold Rush! one flip per turn" in rush["board"] and "gl-scoring" not in rush["board"]
