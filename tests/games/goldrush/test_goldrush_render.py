"""Views: the observation as data, HTML (a grid of round cards, mines with gold) and text."""

from __future__ import annotations

import json
import random
from html import unescape

from goldrush_helpers import goldrush, position

from goldlab.games.goldrush.bots import LimitedBot
from goldlab.games.goldrush.render import view_text


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
    assert 'class="gl-state gl-goldrush"' in html
    assert html.count('class="gl-c ') == 64
    assert ">a</span>" in html and ">8</span>" in html  # grid coordinates
    assert "gl-gone" in html and "gl-seen" in html
    assert "Seat 3" in html and "gl-coin" in html
    assert state._repr_html_().startswith("\n<style>")


def test_html_marks_face_up_cards_and_a_players_memory() -> None:
    state = _midgame()
    while state.up == []:
        state.apply(state.legal_actions()[0])
    view = state.observation(state.current_player)
    assert "gl-up" in view.html()
    bot = LimitedBot(0, 1, 6)
    bot.choose(state.observation(0), state.legal_actions())
    marked = view.html(memory=bot.remembered(), memory_of=0)
    face_down = [p for p in bot.remembered() if view.status[p] == "down"]
    assert marked.count("gl-mem") == len(face_down) + 1  # +1: the CSS rule
    assert "seat 0's memory" in unescape(marked)


def test_text_view() -> None:
    state = position(known={0: "gold:3", 9: "red:4"}, options={"layout": "grid"})
    state.apply("flip 0")
    text = state.observation(1).text()
    assert " a  [G3]" in text and "(r4)" in text and "##" in text
    assert "seat 3 (red): 0 points" in text
    assert view_text(state.observation(1), memory={}).count("(") == 4  # seat lines only


def test_game_over_view() -> None:
    state = position(players=2, known={0: "gold:3"}, unknown="", removed="rest", turn=1)
    state.apply("flip 0")
    view = state.observation(0)
    assert view.outcome is not None and view.outcome.winners == (1,)
    assert "Game over" in view.text() and "Winner: seat 1" in view.html()
