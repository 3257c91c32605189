"""The engine's public replay API (goldlab.core.replay): what an analysis board needs of a
game, without reaching into a state's private fields."""

from __future__ import annotations

import json
import random

import pytest

import goldlab
from goldlab.core.errors import UndoError
from goldlab.core.replay import Frames, for_player, recorded_start, start_of, undo_count
from goldlab.core.state import CHANCE


def _played(game: str, steps: int, mode: str = "study") -> goldlab.State:
    state = goldlab.make(game, players=2, seed=4, mode=mode)
    rng = random.Random(4)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game", goldlab.names())
def test_the_frames_are_the_positions_after_each_player_action(game: str) -> None:
    state = _played(game, 12)
    frames = Frames(start_of(state), state.auto_chance)
    frames.game_state = state
    frames.extend(state.history)
    players = [i for i, step in enumerate(state.history) if step.actor != CHANCE]
    assert len(frames) == len(players) + 1 and len(frames.steps) == len(players)
    last = frames[-1]
    assert last.fingerprint(generator=False) == state.fingerprint(generator=False)
    assert last.history == state.history and frames[0].history == state.history[:players[0]]
    assert frames.follows(state)
    state.undo()
    assert not frames.follows(state)  # an undo: the frames must be built again


@pytest.mark.parametrize("game", goldlab.names())
def test_undo_count_plans_a_turn_taken_back_without_undoing_anything(game: str) -> None:
    state = _played(game, 9)
    before = state.fingerprint()
    history = state.history
    last = max(i for i, s in enumerate(history) if s.actor != CHANCE)
    count = undo_count(state, lambda actor: actor == history[last].actor)
    assert state.fingerprint() == before  # nothing undone
    trial = state.clone()
    for _ in range(count - 1):
        trial.undo()
    assert len(trial.history) > last  # one undo short: the action is still there
    trial.undo()
    assert len(trial.history) == last  # taken back, with the chance it set off


def test_undo_count_says_why_when_a_step_cannot_be_undone() -> None:
    state = goldlab.make("gold", players=2, seed=1)  # play mode: a reveal is final
    with pytest.raises(UndoError, match="nothing to undo"):
        undo_count(state, lambda actor: True)


def test_a_record_for_a_player_predicts_nothing_and_replays_the_same_game() -> None:
    state = _played("gold", 10, mode="play")
    record = for_player(state.record())
    data = json.loads(record.to_json())
    assert data["seed"] is None and data["auto_chance"] is False
    again = record.replay()
    assert again.fingerprint(generator=False) == state.fingerprint(generator=False)
    assert [str(s.action) for s in again.history] == [str(s.action) for s in state.history]


def test_a_dealt_game_has_no_recorded_start_and_starts_from_its_seed() -> None:
    state = _played("goldrush", 4)
    assert recorded_start(state) is None
    start = start_of(state)
    assert start.history == [] and start.auto_chance is False and start.seed == state.seed


@pytest.mark.parametrize("game", goldlab.names())
def test_each_frame_carries_the_games_own_luck_where_it_had_its_own(game: str) -> None:
    state = _played(game, 40)
    frames = Frames(start_of(state), state.auto_chance)
    frames.extend(state.history)
    assert frames[-1].fingerprint() == state.fingerprint()  # the generator as the game's
    assert all(frames.luck_known(i) for i in range(len(frames)))
    # The same moves dealt by hand (another generator's picks): no luck of the game's own.
    dealt = goldlab.make(game, players=2, seed=4, mode="study", auto_chance=False)
    other = random.Random(99)
    for step in state.history:
        if dealt.current_player == CHANCE:
            dealt.apply(other.choice(dealt.legal_actions()))
        elif dealt.is_legal(step.action):
            dealt.apply(step.action)
    by_hand = Frames(start_of(dealt), dealt.auto_chance)
    by_hand.extend(dealt.history)
    assert not by_hand.luck_known(len(by_hand) - 1)
