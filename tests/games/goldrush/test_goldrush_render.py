"""Views: the observation as data, HTML (a grid of round cards, mines with gold) and text."""

from __future__ import annotations

import json
import random
from html import unescape

from goldrush_helpers import goldrush, position

from goldlab.games.goldrush.bots import LimitedBot
from goldlab.games.goldrush.picture import FACES


def _midgame(layout: str = "free", seed: int = 3):  # type: ignore[no-untyped-def]
    state = goldrush(4, layout=layout).new_state(seed, mode="study")
    rng = random.Random(seed)
    for _ in range(41):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_the_view_is_json_friendly_and_the_same_for_every_player() -> None:
    state = _midgame()
    views = [state.observation(s) for s in range(4)]
    data = json.loads(json.dumps(views[0].to_dict()))
    assert len(data["table"]) == 64 and data["layout"] == "free"
    assert all(v.flips == views[0].flips and v.status == views[0].status for v in views)
    assert state.omniscient().cards == views[0].cards


def test_html_has_the_root_classes_and_one_place_per_position() -> None:
    state = _midgame("grid")
    html = state.observation(0)._repr_html_()
    assert 'class="gl-board gl-state gl-goldrush gr-grid"' in html
    assert html.count('class="gl-target gr-card ') == 64
    assert ">a</span>" in html and ">8</span>" in html  # grid coordinates
    assert "gr-empty" in html and "gr-seen" in html
    assert "seat 3" in html and "gr-coin" in html
    assert state._repr_html_().startswith("<style>")


def test_the_notebook_picture_is_the_views_board() -> None:
    """One picture: the observation's HTML is the presenter's board (same places, faces and
    style sheet), and the raster image draws in the same colours."""
    from goldlab.games.goldrush.raster import picture
    from goldlab.interop.raster import hex_rgb

    state = _midgame("grid")
    board = state.game.presenter().board_html(state, 0)
    drawn = state.observation(0)._repr_html_()
    assert drawn.replace(" gl-state", "", 1) == board
    colours = {tuple(px) for px in picture(state.observation(0)).reshape(-1, 3)}
    faces = {hex_rgb(bg) for bg, _ in FACES.values()}
    assert colours & faces and hex_rgb("#2e8b57") not in colours  # not the old palette


def test_html_marks_face_up_cards_and_a_players_memory() -> None:
    state = _midgame()
    while state.up == []:
        state.apply(state.legal_actions()[0])
    view = state.observation(state.current_player)
    assert "gr-up" in view.html()
    bot = LimitedBot(0, 1, 6)
    bot.choose(state.observation(0), state.legal_actions())
    marked = view.html(memory=bot.remembered(), memory_of=0)
    face_down = [p for p in bot.remembered() if view.status[p] == "down"]
    assert marked.count("gr-card gr-seen") == len(face_down)
    seen = sum(1 for p, c in enumerate(view.cards) if c is not None and view.status[p] == "down")
    assert view.html().count("gr-card gr-seen") == seen > len(face_down)
    assert "seat 0's memory" in unescape(marked)


def test_text_view() -> None:
    state = position(known={0: "gold:3", 9: "red:4"}, options={"layout": "grid"})
    state.apply("flip 0")
    text = state.observation(1).text()
    assert " a  [G3]" in text and "(r4)" in text and "##" in text
    assert "seat 3 (red): 0 points" in text
    assert state.observation(1).text(memory={}).count("(") == 4  # seat lines only


def test_game_over_view() -> None:
    state = position(players=2, known={0: "gold:3"}, unknown="", removed="rest", turn=1)
    state.apply("flip 0")
    view = state.observation(0)
    assert view.outcome is not None and view.outcome.winners == (1,)
    assert "Game over" in view.text() and "Game over: seat 1 wins" in view.html()
