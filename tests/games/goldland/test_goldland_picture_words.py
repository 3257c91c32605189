"""Goldland's picture says what the rulebook says (issue 47 §2), without a browser.

What a player reads on the board (the text between tags, not the tooltips) names tiles by
their names and places by words, never by a tile code (``C08``) or a coordinate (``4,6``);
each tile shows its whole name and its equipment line in the rulebook's border colours,
explained by a legend; the adventurer is drawn, not clicked, and the ways out of its tile
and the drawn tile's turn and lay are buttons of the action bar.  The browser test
(tests/browser/test_browser_goldland_board.py) checks the same drawn at 1280 and 390 px.
"""

from __future__ import annotations

import random
import re
from html import unescape

import goldlab
from goldlab.games.goldland.actions import Move
from goldlab.games.goldland.picture import board_html
from goldlab.games.goldland.state import GoldlandState

CODE = re.compile(r"\b[CTS]\d\d\b")
COORDINATE = re.compile(r"(?<![\d.,])\d\s?,\s?\d(?![\d,])")


def _read(fragment: str) -> str:
    """The text a player reads: no style sheet, no tags (so no tooltips)."""
    fragment = re.sub(r"<style>.*?</style>", "", fragment, flags=re.S)
    return unescape(re.sub(r"<[^>]+>", " ", fragment))


def _positions(players: int, seed: int, moves: int) -> list[GoldlandState]:
    state = goldlab.make("goldland", players=players, seed=seed)
    assert isinstance(state, GoldlandState)
    rng = random.Random(seed)
    seen = []
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
        seen.append(state.clone())
    return seen


def test_no_tile_code_or_coordinate_is_read_on_the_board() -> None:
    checked = 0
    for state in _positions(3, 7, 400)[::7]:
        p = state.game.presenter()
        mover = state.current_player
        legal = frozenset(p.targets(state, mover)) if mover >= 0 else frozenset()
        fragment = board_html(state, mover if mover >= 0 else None, "", legal, ())
        text = _read(fragment)
        assert not CODE.search(text), CODE.search(text)
        assert not COORDINATE.search(text), text[:200]
        laid = sorted([t.name for c in range(49) if (t := state.tile_at(c)) is not None]
                      + ([state.tiles[state.drawn].name] if state.drawn >= 0 and mover >= 0
                         else []))  # (the drawn tile is shown where it may go)
        names = sorted(unescape(n) for n in re.findall(r'<span class="glg-name"[^>]*>([^<]*)',
                                                       fragment))
        assert names == laid  # every tile laid shows its whole name
        checked += 1
    assert checked > 40


def test_the_drawn_tile_and_its_place_are_said_in_words() -> None:
    for state in _positions(2, 3, 300):
        if state.current_player >= 0 and state.drawn >= 0:
            break
    else:
        raise AssertionError("no tile was drawn in 300 random moves")
    p = state.game.presenter()
    tile = state.tiles[state.drawn]
    meaning = p.click(state, state.current_player, "rotate")  # shows it, turned
    hint = getattr(meaning, "hint", "")
    fragment = board_html(state, state.current_player, getattr(meaning, "selection", ""),
                          frozenset(p.targets(state, state.current_player)), ())
    text = _read(fragment)
    assert f"lay the drawn tile, {tile.name}" in text and tile.id not in text
    assert tile.name in hint and "of your adventurer" in hint and not COORDINATE.search(hint)
    assert "Turn it" in text and "Lay it here" in text  # buttons of the action bar


def test_the_equipment_line_has_the_rulebooks_borders_and_a_legend() -> None:
    state = goldlab.make("goldland", players=2, seed=1)
    fragment = board_html(state, 0, "", frozenset(), ())
    assert "Reading a tile: the equipment line" in fragment
    for border in ("red", "white", "black", "yellow"):
        assert f"{border} border" in _read(fragment)
    assert 'class="glg-art glg-white"' in fragment and 'class="glg-art glg-black"' in fragment
    assert "Pe\u2192Fr" not in _read(fragment)  # the old label without a legend


def test_the_adventurer_is_drawn_and_the_ways_out_are_buttons() -> None:
    state = goldlab.make("goldland", players=2, seed=5)
    p = state.game.presenter()
    targets = p.targets(state, 0)
    fragment = board_html(state, 0, "", frozenset(targets), ())
    assert 'data-target="pawn"' not in fragment and "glg-pawn glg-turn" in fragment
    grid = fragment[fragment.index('class="glg-grid"'):fragment.index('class="glg-side"')]
    assert 'data-target="exit:' not in grid
    side = fragment[fragment.index('class="glg-side"'):]
    assert re.search(r'data-target="exit:[NESW]"', side)
    assert p.target_of(Move(1)) == "exit:E"  # a replayed step lights its way out
