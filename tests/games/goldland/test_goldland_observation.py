"""What each player sees, and the rich display."""

import json
import random

import goldlab
from goldlab.games.goldland import tiles as tiles_module
from goldlab.games.goldland.position import build
from goldlab.games.goldland.render import board_svg, tileset_svg, view_text
from goldlab.games.goldland.tiles import default_tiles


def test_everything_on_the_table_is_public_but_legal_actions_are_the_movers() -> None:
    s = goldlab.make("goldland", players=3, seed=1)
    v0, v1 = s.observation(0), s.observation(1)
    assert v0.packs == v1.packs and v0.board == v1.board and v0.tokens == v1.tokens
    assert v0.legal and not v1.legal
    assert len(v0.face_down) == 36


def test_observation_does_not_change_when_the_stack_is_reshuffled() -> None:
    s = goldlab.make("goldland", players=3, seed=2, mode="study", turn_cap=6)
    rng = random.Random(1)
    while not s.is_terminal():
        seat = rng.randrange(3)
        assert s.resample_hidden(seat, rng).observation(seat) == s.observation(seat)
        s.apply(rng.choice(s.legal_actions()))


def test_to_dict_is_json() -> None:
    s = build(players=2, tiles={"5,4": "T27"}, pawns=["6,4"], camps=[("5,4", 1)],
              markers={"canyon": 1})
    data = json.loads(json.dumps(s.observation(0).to_dict()))
    assert data["board"]["5,4"] == {"tile": "T27", "rotation": 0}
    assert data["markers"]["canyon"]["holder"] == 1 and data["allowances"] == [7, 7]
    assert data["treasures"] == ["5,4"] and data["camps"] == [["5,4", 1]]


def test_html_display_has_the_parts_a_player_needs() -> None:
    s = build(players=3, tiles={"5,4": "T27", "0,0": "T10"}, pawns=["6,4", "5,4", "6,6"],
              camps=[("5,4", 1)], markers={"canyon": 1})
    html = s.observation(0)._repr_html_()
    assert 'class="gl-state gl-goldland"' in html
    for text in ("<svg", "gl-pawn", "gl-camp", "gl-temple", "gl-pack", "Stock", "Temple",
                 "Canyon", "seat 0 to move", "Seat 2", "T27"):
        assert text in html, text
    assert s._repr_html_().count("gl-goldland") >= 1  # the state shows the omniscient view


def test_svg_pictures() -> None:
    s = goldlab.make("goldland", players=2, seed=1)
    svg = board_svg(s.observation(0))
    assert svg.startswith("<svg") and svg.count('class="gl-tile"') == 13
    sheet = tileset_svg(default_tiles())
    assert sheet.count('class="gl-tile"') == 49
    assert "S" in view_text(s.observation(0))


def test_the_board_and_stack_shown_follow_every_tile_laid() -> None:
    # Views take the board and the face-down stack from the tile set's memo; they must
    # still show each tile the moment it is laid, and the memo must stay bounded.
    state = goldlab.make("goldland", players=3, seed=5, mode="study", turn_cap=12)
    rng = random.Random(5)
    seen_boards = set()
    while not state.is_terminal():
        view = state.observation(0)
        expected = tuple(
            (state.tiles[v >> 2].id, (v & 3) * 90) if v >= 0 else None for v in state.board
        )
        assert view.board == expected
        assert view.face_down == tuple(sorted(state.tiles[i].id for i in state.unseen))
        seen_boards.add(expected)
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert len(seen_boards) > 3  # tiles were laid during the game
    assert len(state.tileset._laid) <= tiles_module._MEMO_SIZE
    assert state.tileset.adventure_info(tiles_module.ADVENTURES[0]).key == tiles_module.ADVENTURES[0]
