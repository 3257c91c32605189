"""What each player sees, and the rich display."""

import json
import random
import re

import goldlab
from goldlab.games.goldland import tiles as tiles_module
from goldlab.games.goldland.encoding import view_text
from goldlab.games.goldland.picture import board_html, tileset_svg
from goldlab.games.goldland.position import build
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
    assert 'class="gl-board gl-state gl-goldland"' in html
    for text in ("glg-grid", "glg-pawn", "glg-camp", "glg-temple", "glg-pack", "Stock",
                 "Temple", "Canyon", "seat 0 to move", "seat 2", "T27"):
        assert text in html, text
    assert "data-target" not in html  # a picture, not a board to click
    assert s._repr_html_().count("gl-goldland") >= 1  # the state shows the omniscient view


def test_the_notebook_picture_is_the_views_board() -> None:
    """One picture: the observation draws the same grid and panels as the view's board, and
    the raster image and the tile sheet take the board's colours."""
    from goldlab.games.goldland.picture import SEAT_COLOURS, tile_colours
    from goldlab.games.goldland.raster import picture
    from goldlab.interop.raster import hex_rgb

    s = goldlab.make("goldland", players=3, seed=4)
    for _ in range(25):
        s.apply(s.legal_actions()[0])
    grid = re.compile(r'<div class="glg-grid".*?<div class="glg-side">', re.S)
    faces = re.compile(r'class="[^"]*(glg-[a-z]+)[^"]*"(?: data-target="[^"]*")?'
                       r'(?: tabindex="0" role="button")?(?: type="button")? title="([^"]*)"')
    for seat in (0, 1):
        drawn = s.observation(seat)._repr_html_()
        board = board_html(s, seat, "", frozenset(), ())
        assert drawn.split("</style>")[0] == board.split("</style>")[0]  # one style sheet
        ours, theirs = grid.search(drawn), grid.search(board)
        assert ours is not None and theirs is not None
        arrows = ("glg-x",)  # the exits the player to move clicks: only on the board
        assert faces.findall(ours.group()) == [
            f for f in faces.findall(theirs.group()) if f[0] not in arrows]
    colours = {tuple(px) for px in picture(s.observation(0)).reshape(-1, 3)}
    laid = [s.tile_at(c) for c in range(49) if s.tile_at(c) is not None]
    assert {hex_rgb(tile_colours(t)[0]) for t in laid} <= colours  # type: ignore[arg-type]
    assert hex_rgb(SEAT_COLOURS[0]) in colours
    sheet = tileset_svg(default_tiles())
    assert all(f'fill="{tile_colours(t)[0]}"' in sheet for t in default_tiles().tiles)


def test_svg_tile_sheet_and_text() -> None:
    s = goldlab.make("goldland", players=2, seed=1)
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
