"""Each game draws its table in one place (issue 30 §6): one module holds its HTML picture
and its style sheet, used by the view's board, the notebook's ``_repr_html_`` and, for
the colours, the raster image."""

from __future__ import annotations

from pathlib import Path

import pytest

import goldlab

GAMES = Path(goldlab.__file__).parent / "games"
PICTURES = {"gold": "picture.py", "goldland": "picture.py", "goldrush": "picture.py"}


@pytest.mark.parametrize("game", sorted(PICTURES))
def test_one_module_draws_the_table(game: str) -> None:
    styled = sorted(p.name for p in (GAMES / game).glob("*.py")
                    if "<style" in p.read_text(encoding="utf-8"))
    assert styled == [PICTURES[game]]
    assert not (GAMES / game / "render.py").exists()
    raster = (GAMES / game / "raster.py").read_text(encoding="utf-8")
    assert f"goldlab.games.{game}.{PICTURES[game][:-3]} import" in raster  # its colours


@pytest.mark.parametrize("game", sorted(PICTURES))
def test_the_notebook_shows_the_views_picture(game: str) -> None:
    state = goldlab.make(game, players=2, seed=5)
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    drawn = state.observation(0)._repr_html_()
    board = state.game.presenter().board_html(state, 0)
    assert f'class="gl-board gl-state gl-{game}' in drawn
    assert drawn.split("</style>")[0] == board.split("</style>")[0]
