"""goldlab games as PettingZoo AEC environments, judged by PettingZoo's own tests."""

from __future__ import annotations

import random
import warnings

import pytest

pettingzoo = pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from interop_cases import CASES, case_id, options  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import goldlab  # noqa: E402
from goldlab.interop.encoding import encoding_for  # noqa: E402
from goldlab.interop.pettingzoo import GoldlabEnv, env, picture_for, raw_env  # noqa: E402

# api_test warns about every Dict observation with an action mask (PettingZoo's own classic
# environments included): the mask is the documented way to pass legal actions.
DICT_OBSERVATION_WARNINGS = (
    "Observation space for each agent probably should be",
    "Observation is not a NumPy array",
)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_pettingzoo_api_test_passes(case: tuple[str, int]) -> None:
    name, players = case
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(name, players, render_mode="ansi", **options(name)), num_cycles=1000)
    unexpected = [str(w.message) for w in caught
                  if not str(w.message).startswith(DICT_OBSERVATION_WARNINGS)]
    assert unexpected == []


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_pettingzoo_seed_test_passes(case: tuple[str, int]) -> None:
    name, players = case
    seed_test(lambda: env(name, players, **options(name)), num_cycles=500)


def play(e: GoldlabEnv, seed: int) -> tuple[list[str], dict[str, float], int]:
    """A random game: the agents in turn order, each agent's total reward, decisions."""
    e.reset(seed=seed)
    rng = random.Random(seed)
    order, totals, decisions = [], dict.fromkeys(e.possible_agents, 0.0), 0
    for agent in e.agent_iter():
        observation, reward, termination, truncation, _ = e.last()
        totals[agent] += reward
        if termination or truncation:
            e.step(None)
            continue
        assert reward == 0.0  # rewards only at the end
        order.append(agent)
        e.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        decisions += 1
    return order, totals, decisions


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_rewards_at_the_end_are_goldlabs_returns(case: tuple[str, int]) -> None:
    name, players = case
    e = raw_env(name, players, **options(name))
    order, totals, decisions = play(e, seed=players)
    state = e.game_state
    assert state is not None and state.is_terminal()
    assert list(totals.values()) == list(state.returns())
    assert decisions == sum(1 for step in state.history if step.actor >= 0)
    assert decisions <= e.goldlab_game.max_steps()
    assert order == [f"player_{step.actor}" for step in state.history if step.actor >= 0]


def test_the_same_seed_gives_the_same_game_and_another_seed_another() -> None:
    first, _, _ = play(raw_env("gold", 3), seed=5)
    again, _, _ = play(raw_env("gold", 3), seed=5)
    other, _, _ = play(raw_env("gold", 3), seed=6)
    assert first == again and first != other


def test_observation_is_the_agents_view_and_the_mask_its_legal_actions() -> None:
    e = raw_env("gold", 2)
    e.reset(seed=1)
    state = e.game_state
    assert state is not None
    enc = encoding_for(e.goldlab_game)
    mover = e.agent_selection
    seat = int(mover.split("_")[1])
    obs = e.observe(mover)
    assert obs["observation"].dtype == np.float32 and obs["action_mask"].dtype == np.int8
    assert obs["observation"].tolist() == enc.observation_tensor(state, seat)
    assert np.flatnonzero(obs["action_mask"]).tolist() == enc.legal_ids(state)
    other = e.observe(f"player_{1 - seat}")
    assert not other["action_mask"].any()


def test_recall_observations_are_information_state_tensors() -> None:
    e = raw_env("gold", 2, recall=True)
    e.reset(seed=2)
    enc = encoding_for(e.goldlab_game)
    obs = e.observe("player_0")["observation"]
    assert obs.shape == (enc.information_state_size,)
    assert e.observation_space("player_0")["observation"].contains(obs)


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    e = raw_env("gold", 2)
    e.reset(seed=3)
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = e.game_state.clone() if e.game_state else None
    with pytest.raises(goldlab.IllegalActionError):
        e.step(illegal)
    assert e.game_state == before


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_render_draws_text_and_pictures(case: tuple[str, int]) -> None:
    name, players = case
    text_env = raw_env(name, players, render_mode="ansi", **options(name))
    text_env.reset(seed=0)
    text = text_env.render()
    assert isinstance(text, str) and text
    if picture_for(name) is None:
        assert text_env.metadata["render_modes"] == ["ansi"]
        return
    picture_env = raw_env(name, players, render_mode="rgb_array", **options(name))
    picture_env.reset(seed=0)
    image = picture_env.render()
    assert isinstance(image, np.ndarray) and image.dtype == np.uint8
    assert image.ndim == 3 and image.shape[2] == 3 and image.std() > 0


def test_render_seat_shows_that_seats_view() -> None:
    spectator = raw_env("gold", 2, render_mode="ansi")
    seated = raw_env("gold", 2, render_mode="ansi", render_seat=1)
    for e in (spectator, seated):
        play(e, seed=4)
    assert "omniscient" in str(spectator.render()) and "seat 1's view" in str(seated.render())
    with pytest.raises(ValueError, match="render_mode"):
        raw_env("gold", 2, render_mode="human")
