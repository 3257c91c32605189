"""Goldland's search hooks: how a cut-off playout is scored (goldlab/games/goldland/search.py)."""

from __future__ import annotations

import random

import pytest

from goldlab.bots.play import play_game
from goldlab.games.goldland.articles import PROVISION
from goldlab.games.goldland.bots import ARTICLE_WORTH, HeuristicBot
from goldlab.games.goldland.position import build
from goldlab.games.goldland.search import (
    HOOKS,
    RACE_STEP,
    UNEXPLORED,
    evaluate,
    heuristic_move,
    standing,
    steps_to_temple,
)

TILES = {"5,4": "T19"}


def test_the_nearer_seat_to_the_temple_stands_better_by_the_race_step() -> None:
    state = build(players=2, tiles=TILES, pawns=["5,4", "6,6"])
    near, far = steps_to_temple(state, 0), steps_to_temple(state, 1)
    assert near < far
    mine, theirs = standing(state)
    assert mine - theirs == pytest.approx(RACE_STEP * (far - near))
    values = evaluate(state)
    assert values[0] > 0.5 > values[1]


def test_without_an_explored_way_the_distance_is_the_straight_line_and_more() -> None:
    state = build(players=2, tiles=TILES, pawns=["5,4", "6,6"])
    assert steps_to_temple(state, 0) == 5 + 4 + UNEXPLORED


def test_articles_count_at_the_heuristics_values() -> None:
    state = build(players=2, pawns=["6,6", "6,6"],
                  packs=["3 provisions + 2 pearls", "2 provisions + 2 pearls"])
    mine, theirs = standing(state)
    assert mine - theirs == pytest.approx(ARTICLE_WORTH[PROVISION])


def test_a_seat_holding_an_amulet_is_out_of_the_race() -> None:
    racing = build(players=2, pawns=["6,6", "6,6"])
    holding = build(players=2, pawns=["6,6", "6,6"],
                    packs=["3 provisions + 2 pearls + amulet", "3 provisions + 2 pearls"])
    before, after = standing(racing), standing(holding)
    # the amulet's 3 gold and no more steps to go (the other seat's standing is unchanged)
    assert after[1] == pytest.approx(before[1])
    assert after[0] - before[0] == pytest.approx(3 + RACE_STEP * steps_to_temple(racing, 0))


def test_a_finished_game_is_scored_by_its_result() -> None:
    state = play_game("goldland", ["heuristic", "heuristic"], seed=2)
    assert state.is_terminal()
    assert evaluate(state) == state.returns()


@pytest.mark.parametrize("seed", range(4))
def test_the_prior_is_the_heuristic_bots_move(seed: int) -> None:
    state = build(players=2, tiles=TILES, pawns=["5,4", "6,6"], seed=seed)
    bot = HeuristicBot(state.current_player, 0)
    bot.rng = random.Random(seed)
    expected = bot.choose(state.observation(state.current_player), state.legal_actions())
    assert heuristic_move(state, random.Random(seed)) == expected
    assert HOOKS.prior is heuristic_move and HOOKS.policy is heuristic_move
