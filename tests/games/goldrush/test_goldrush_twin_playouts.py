"""The compiled playouts of Mount Goldrush's search play exactly the engine's games.

From positions reached in real games (first and second flips, the Gold Rush, every
dead-position option), one deal of :func:`goldlab.games.goldrush.twin.playouts.play_out`
must end with the scores the engine gives when ``search.memory_policy`` plays with
one ``random.Random(seed)`` drawing both the policy's picks and chance.
"""

import random
from typing import Any

import numpy as np
import pytest

import goldlab
from goldlab.bots.play import bot_seed
from goldlab.core.state import CHANCE
from goldlab.fast.mt import new_generators, seed_generators
from goldlab.games.goldrush.actions import FLIPS
from goldlab.games.goldrush.bots import PerfectBot
from goldlab.games.goldrush.cards import COLOURS
from goldlab.games.goldrush.options import GOLD_RUSH
from goldlab.games.goldrush.search import (
    LEAD_WEIGHT,
    RUSH_TAKES_KNOWN,
    candidate_values,
    memory_policy,
    pair_table,
)
from goldlab.games.goldrush.state import GoldrushState
from goldlab.games.goldrush.twin.playouts import flip_values, play_out


def positions(players: int, seed: int, every: int, **options: Any) -> list[GoldrushState]:
    """Positions along a game of ``perfect`` players, one every ``every`` decisions."""
    state = goldlab.make("goldrush", players=players, seed=seed, **options)
    assert isinstance(state, GoldrushState)
    bots = [PerfectBot(s, bot_seed(seed, s)) for s in range(players)]
    out = []
    step = 0
    while not state.is_terminal():
        if step % every == 0:
            out.append(state.clone())
        seat = state.current_player
        state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))
        step += 1
    return out


def arrays(state: GoldrushState) -> tuple[Any, ...]:
    owners = state.game.owners
    return (np.array(state.cell, dtype=np.int64), np.array(state.unseen, dtype=np.int64),
            np.array(state.scores(), dtype=np.int64),
            np.array(state.gold_cards(), dtype=np.int64), state.turn,
            state.up[0] if state.up else -1, state.rush, state.stall,
            state.game.options.stall_limit, state.game.options.dead_position == GOLD_RUSH,
            np.array([-1 if owners[c] is None else owners[c] for c in COLOURS], dtype=np.int64),
            np.array(pair_table(tuple(sorted(owners.items())), state.players)))


def engine_playout(state: GoldrushState, flip: int, seed: int) -> GoldrushState:
    """The engine's game: ``flip``, then ``memory_policy``; one generator for everything."""
    game = state.clone()
    rng = random.Random(seed)
    game._set_rng(rng)
    game.apply(FLIPS[flip])
    while not game.is_terminal():
        assert game.current_player != CHANCE
        game.apply(memory_policy(game, rng))
    return game


def kernel_playout(state: GoldrushState, flip: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    (cell, unseen, score, cards, turn, first, rush, stall, limit, rush_when_stuck, owners,
     values) = arrays(state)
    gens = new_generators(1)
    seed_generators(gens, np.array([seed], dtype=np.uint64))
    play_out(cell, unseen, score, cards, turn, first, rush, stall, limit, rush_when_stuck,
             owners, values, state.players, RUSH_TAKES_KNOWN, flip, gens, 0,
             np.empty(25, dtype=np.int64))
    return score, cards


@pytest.mark.parametrize(("players", "seed", "options"), [
    (2, 1, {}),
    (2, 2, {"edition": "B"}),
    (3, 3, {"dead_position": "end", "stall_limit": 2}),
    (4, 4, {"stall_limit": 1, "start_player": 2}),
    (5, 5, {"layout": "grid"}),
])
def test_one_deal_is_the_engines_game(players: int, seed: int, options: dict[str, Any]) -> None:
    checked = rush = seconds = 0
    for i, state in enumerate(positions(players, seed, 3, **options)):
        legal = [a.position for a in state.legal_actions()]
        for flip in (legal[0], legal[-1], legal[i % len(legal)]):
            deal = seed * 1000 + i
            game = engine_playout(state, flip, deal)
            score, cards = kernel_playout(state, flip, deal)
            assert tuple(score) == game.scores(), (i, flip)
            assert tuple(cards) == game.gold_cards(), (i, flip)
            checked += 1
        rush += state.rush
        seconds += bool(state.up)
    assert checked > 60 and rush > 0 and seconds > 0


def test_every_candidate_is_played_on_the_same_deals() -> None:
    state = positions(2, 9, 11)[3]
    flips = [a.position for a in state.legal_actions()][:3]
    seeds = [11, 12, 13]
    values = flip_values(*arrays(state), np.array(flips, dtype=np.int64),
                         np.array(seeds, dtype=np.uint64), LEAD_WEIGHT, RUSH_TAKES_KNOWN)
    for j, flip in enumerate(flips):
        worth = [0.0, 0.0]
        for seed in seeds:
            game = engine_playout(state, flip, seed)
            scores, outcome = game.scores(), game.outcome()
            assert outcome is not None
            for q in range(2):
                if q in outcome.winners:
                    worth[q] += 1 / len(outcome.winners)
                worth[q] += LEAD_WEIGHT * (scores[q] - scores[1 - q])
        assert values[j] == pytest.approx([w / len(seeds) for w in worth])


def test_candidate_values_are_the_movers_and_reproducible() -> None:
    state = positions(3, 21, 7)[4]
    legal = state.legal_actions()[:4]
    first = candidate_values(state, legal, random.Random(5), 200)
    again = candidate_values(state, legal, random.Random(5), 200)
    other = candidate_values(state, legal, random.Random(6), 200)
    assert first == again and first != other
    assert len(first) == 4 and all(-10 < v < 10 for v in first)
    with pytest.raises(ValueError, match="flips"):
        candidate_values(state, ["not a flip"], random.Random(5), 10)  # type: ignore[list-item]


def test_a_worth_is_the_win_plus_the_weighted_lead() -> None:
    state = positions(2, 8, 9)[3]
    legal = state.legal_actions()[:5]
    win, lead_too, kept = (candidate_values(state, legal, random.Random(3), 300, weight)
                           for weight in (0.0, 1.0, LEAD_WEIGHT))
    assert all(0 <= w <= 1 for w in win) and lead_too != win
    assert kept == pytest.approx([w + LEAD_WEIGHT * (b - w)
                                  for w, b in zip(win, lead_too, strict=True)])
    assert candidate_values(state, legal, random.Random(3), 300) == kept
