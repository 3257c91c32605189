"""``State.determinise``: a sample of what one seat cannot tell apart, holding nothing true.

A search bot plays on samples; a sample must agree with the seat's observation
and the public history, and must not carry the game's hidden cards, its seed or
its future (the generator), nor let undo or a record lead back to them.
"""

from __future__ import annotations

import random

import pytest

import goldlab
from goldlab.bots.play import bot_seed
from goldlab.core.errors import OptionsError, RecordError
from goldlab.core.state import State
from goldlab.testing.conformance import same_contents

GAMES = [("gold", 2), ("gold", 3), ("goldrush", 3), ("goldland", 2)]


def _midgame(name: str, players: int, seed: int = 5, steps: int = 12) -> State:
    state = goldlab.make(name, players=players, seed=seed, mode="study")
    rng = random.Random(seed)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
    return state


def _future(state: State, steps: int = 30) -> list[str]:
    """What happens when the same choices are made: every step's events as text."""
    state = state.clone()
    rng = random.Random(0)
    seen: list[str] = []
    for _ in range(steps):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        start = len(state.history)
        state.apply(legal[rng.randrange(len(legal))])
        seen.extend(str(e) for s in state.history[start:] for e in s.events)
    return seen


@pytest.mark.parametrize("name, players", GAMES)
def test_a_sample_looks_the_same_to_its_seat(name: str, players: int) -> None:
    state = _midgame(name, players)
    for seat in range(players):
        sample = state.determinise(seat, random.Random(seat))
        assert same_contents(sample.observation(seat), state.observation(seat))
        assert [(s.actor, s.action) for s in sample.history] == \
            [(s.actor, s.action) for s in state.history]
        assert sample.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("name, players", GAMES)
def test_a_sample_does_not_hold_the_games_future(name: str, players: int) -> None:
    state = _midgame(name, players)
    truth = _future(state)
    futures = [_future(state.determinise(0, random.Random(k))) for k in range(6)]
    assert any(f != truth for f in futures)
    # ... and the sample's future is the searcher's: the same generator, the same future.
    again = [_future(state.determinise(0, random.Random(k))) for k in range(6)]
    assert again == futures


@pytest.mark.parametrize("name, players", GAMES)
def test_a_sample_leads_back_to_nothing(name: str, players: int) -> None:
    state = _midgame(name, players)
    sample = state.determinise(1, random.Random(3))
    assert sample.is_sample and not state.is_sample
    assert sample.seed != state.seed
    assert not sample.can_undo()
    with pytest.raises(RecordError, match="sample"):
        sample.record()
    assert sample.to_json()["start"] is None
    # The sample plays on like any state, and can undo its own steps.
    action = sample.legal_actions()[0]
    sample.apply(action)
    assert sample.undo() == action


def test_a_sample_of_a_sample_is_a_sample_of_the_truth() -> None:
    # Two states seat 0 cannot tell apart give the same sample for the same generator.
    state = _midgame("gold", 3, steps=40)
    first = state.determinise(0, random.Random(1))
    assert first.determinise(0, random.Random(9)) == state.determinise(0, random.Random(9))


def test_the_seat_is_checked() -> None:
    state = _midgame("gold", 2)
    for bad in (2, -1, True, "0"):
        with pytest.raises(OptionsError):
            state.determinise(bad, random.Random(0))  # type: ignore[arg-type]


def test_a_bots_generator_is_not_the_chance_generator() -> None:
    # A bot is given a SHA-256 child of the game seed: not the seed, and its draws are
    # not the draws that deal the cards.
    for seed in (0, 1, 42, 2**40 + 3):
        for seat in range(2):
            child = bot_seed(seed, seat)
            assert child != seed
            assert random.Random(child).getrandbits(64) != random.Random(seed).getrandbits(64)


def test_a_fresh_game_has_a_seed_nobody_can_guess() -> None:
    seeds = {goldlab.make("gold", players=2).seed for _ in range(20)}
    assert len(seeds) == 20 and max(seeds) > 2**40


@pytest.mark.parametrize("name, players", GAMES)
def test_a_sample_that_keeps_no_undo_plays_the_same_game_and_keeps_no_frames(
        name: str, players: int) -> None:
    # What a search does with its samples (``ismcts``): apply without undo frames.
    state = _midgame(name, players)
    kept = state.determinise(1, random.Random(5))
    bare = state.determinise(1, random.Random(5))
    bare.keeps_undo = False
    rng = random.Random(2)
    for _ in range(12):
        if kept.is_terminal():
            break
        legal = kept.legal_actions()
        action = legal[rng.randrange(len(legal))]
        assert bare.apply(str(action)) == kept.apply(action)
    assert bare.history == kept.history and bare.fingerprint() == kept.fingerprint()
    assert kept.can_undo()
    assert bare._frames == [] and not bare.can_undo()
