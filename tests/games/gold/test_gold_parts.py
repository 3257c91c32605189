"""Gold!'s steps done in parts, as positions (goldlab/games/gold/inspector.py): derived from the
engine's events, they end where the engine ends, one part per inspector page."""

from __future__ import annotations

import random
import re

import goldlab
from goldlab.games.gold.events import ColourScored
from goldlab.games.gold.inspector import scoring_parts
from goldlab.games.gold.presenter import GoldPresenter
from goldlab.games.gold.state import GoldState


def _random_game(seed: int, players: int) -> tuple[GoldState, GoldState]:
    """A finished random game and the position before its last step by a player."""
    state = goldlab.make("gold", players, seed=seed)
    assert isinstance(state, GoldState)
    rng = random.Random(seed)
    before = state.clone()
    while not state.is_terminal():
        if state.current_player >= 0:
            before = state.clone()
        state.apply(rng.choice(state.legal_actions()))
    assert isinstance(before, GoldState)
    return before, state


def test_colour_scoring_parts_end_where_the_engine_ends_in_random_games() -> None:
    for seed in range(8):
        before, after = _random_game(seed, 2 + seed % 2)
        step = after.history[-1]
        parts = scoring_parts(before, step, after)
        presenter = after.game.presenter()
        assert isinstance(presenter, GoldPresenter)
        pages = presenter.pages(before, step, after)
        assert len(parts) == len(pages) - 1  # the last page, final points, is ``after``
        last = parts[-1]
        assert last.tableaux == ((),) * after.players
        assert last.piles == after.piles and last.discard == after.discard
        colours = [e for e in step.events if type(e) is ColourScored]
        for part, result in zip(parts[-len(colours):], colours, strict=True):
            assert part.status.startswith(f"Colour scoring: {result.colour}")
            # every card still in a tableau is of a colour not scored yet
            held = {c.colour for t in part.tableaux for c in t}
            assert result.colour not in held
            assert sum(part.lit.piles) == len(result.banked)
            assert part.lit.discard == len(result.discarded)


def test_a_part_position_draws_without_a_player_to_move() -> None:
    before, after = _random_game(3, 3)
    step = after.history[-1]
    presenter = after.game.presenter()
    drawn = presenter.part_board(before, step, after, 0, 0)
    assert drawn is not None
    html, status = drawn
    assert status in html and "to move</span>" not in html
    assert not re.search(r'class="[^"]*\bgl-legal\b', html)  # nothing to play on a part
    assert presenter.part_board(before, step, after, 99, 0) is None
