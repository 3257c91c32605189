"""The conformance kit on 2-5 players, plus the same checks along heuristic games.

Random play seldom reaches the temple, a full backpack or a moved camp, so the second
part walks games played mostly by the heuristic bot (with random moves mixed in) and
checks the protocol at every step: every legal action applies and undoes exactly, its
notation parses back, refusals leave the state alone, clones and JSON round-trip, and the
record replays.
"""

import json
import random

import pytest

import goldlab
from goldlab.bots import make_bot
from goldlab.core.errors import IllegalActionError
from goldlab.core.record import from_json
from goldlab.testing import check_game


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_conformance_kit_on_goldland(players: int) -> None:
    report = check_game("goldland", players, games=24, seed=players,
                        options={"turn_cap": 10})
    assert report.ok and report.games == 24
    assert report.refusals_checked > 0 and report.actions_checked > report.steps


@pytest.mark.parametrize("options", [
    {"turn_cap": 8, "beginners_grid": True},
    {"turn_cap": 8, "coast": "shown", "start_tile_entered": False, "ordeal_reward": False,
     "amulet_when_staying": False, "start_player": 1},
])
def test_conformance_kit_with_options(options: dict) -> None:  # type: ignore[type-arg]
    check_game("goldland", 3, games=12, seed=5, options=options)


def _walk(players: int, seed: int, options: dict, mix: float) -> int:  # type: ignore[type-arg]
    state = goldlab.make("goldland", players=players, seed=seed, mode="study", **options)
    bots = [make_bot("goldland", "heuristic", s, seed * 10 + s) for s in range(players)]
    rng = random.Random(seed)
    game = state.game
    steps = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        before = state.fingerprint()
        for action in legal:
            assert game.parse_action(str(action)) == action
            state.apply(action)
            state.undo()
            assert state.fingerprint() == before
        others = [a for a in game.candidate_actions(state) if a not in set(legal)]
        for action in rng.sample(others, min(3, len(others))):
            with pytest.raises(IllegalActionError) as info:
                state.apply(action)
            assert info.value.rule
            assert state.fingerprint() == before
        if steps % 15 == 0:
            assert from_json(json.loads(json.dumps(state.to_json()))) == state
            assert state.clone() == state
        seat = state.current_player
        if rng.random() < mix:
            action = rng.choice(legal)
        else:
            action = bots[seat].choose(state.observation(seat), legal)
        state.apply(action)
        steps += 1
        assert steps <= game.max_steps()
    assert state.record().replay() == state
    return steps


@pytest.mark.parametrize("players, seed, options", [
    (2, 1, {}),
    (3, 2, {"turn_cap": 40}),
    (4, 3, {"turn_cap": 40, "beginners_grid": True}),
    (5, 4, {"turn_cap": 40, "coast": "shown"}),
])
def test_protocol_holds_along_heuristic_games(players: int, seed: int,
                                              options: dict) -> None:  # type: ignore[type-arg]
    assert _walk(players, seed, options, mix=0.15) > 50
