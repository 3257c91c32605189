"""goldlab games as PettingZoo AEC environments (``pip install "goldlab[pettingzoo]"``).

::

    from goldlab.interop.pettingzoo import env

    e = env("gold", players=2)
    e.reset(seed=42)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        if termination or truncation:
            action = None
        else:
            action = e.action_space(agent).sample(observation["action_mask"])
        e.step(action)

Agents are ``player_0`` .. ``player_{P-1}`` (seat numbers).  An observation is
``{"observation": float32 tensor, "action_mask": int8 mask}``: the tensor is the
agent's goldlab observation encoded by :mod:`goldlab.interop.encoding` (with
``recall=True``, the information-state tensor), and the mask marks the legal
action integers of the agent to move (all zeros for the others).  Chance is
resolved inside the environment by the goldlab state's own generator, seeded
from ``reset(seed=...)``, so the same seed and actions give the same game.
Rewards come only at the end: goldlab's returns (1 for a sole winner, 1/k for
k tied winners, 0 otherwise).  ``render_mode`` may be ``"ansi"`` (text) or
``"rgb_array"`` (a schematic picture of the table); ``render_seat`` chooses
whose view is drawn (default: the whole table, as a spectator sees it).

Goldland can go on for ever, so its ``turn_cap`` option defaults to 60 rounds
here (``Encoding.bounded_defaults``); pass ``turn_cap`` to change it.

The same seat may act several times in a row (a Gold! set bonus, the second
flip of a Mount Goldrush turn): ``agent_selection`` always names the seat the
rules say is to move.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from goldlab.core.registry import find, make_game
from goldlab.core.state import State
from goldlab.interop.encoding import encoding_class, encoding_for

RENDER_MODES = ("ansi", "rgb_array")


class GoldlabEnv(AECEnv):  # type: ignore[misc]
    """One goldlab game as an AEC environment (see the module docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads it from the class)
        "render_modes": list(RENDER_MODES),
        "name": "goldlab_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(self, game: str = "gold", players: int | None = None, *,
                 render_mode: str | None = None, render_seat: int | None = None,
                 recall: bool = False, **options: Any) -> None:
        super().__init__()
        self.goldlab_game = make_game(
            game, players, **{**encoding_class(game).bounded_defaults, **options}
        )
        """The goldlab :class:`~goldlab.core.game.Game` being played."""
        self.encoding = encoding_for(self.goldlab_game)
        """Its integer and tensor encoding."""
        self._picture = picture_for(game)
        modes = ["ansi", *(["rgb_array"] if self._picture is not None else [])]
        self.metadata = {**type(self).metadata, "name": f"goldlab_{game}_v0",
                         "render_modes": modes}
        if render_mode is not None and render_mode not in modes:
            raise ValueError(f"render_mode must be one of {modes} or None, not {render_mode!r}")
        n = self.goldlab_game.players
        if render_seat is not None and not 0 <= render_seat < n:
            raise ValueError(f"render_seat must be a seat (0-{n - 1}) or None")
        self.render_mode = render_mode
        self.render_seat = render_seat
        self.recall = recall
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        enc = self.encoding
        high = np.array(enc.information_state_high() if recall else enc.observation_high(),
                        dtype=np.float32)
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(low=np.zeros_like(high), high=high, dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (enc.num_distinct_actions,), dtype=np.int8),
            })
            for a in self.possible_agents
        }
        self.action_spaces = {
            a: spaces.Discrete(enc.num_distinct_actions) for a in self.possible_agents
        }
        self.np_random, _ = seeding.np_random(None)
        self.game_state: State[Any] | None = None
        """The goldlab state being played (None before ``reset``)."""

    # ------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object every time)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: every action integer of the game."""
        return self.action_spaces[agent]

    # ---------------------------------------------------------- the loop
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` makes it (chance included) reproducible.

        ``options`` is accepted for the PettingZoo API and ignored: choose goldlab
        options when making the environment.
        """
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        game_seed = int(self.np_random.integers(0, 2**62))
        self.game_state = self.goldlab_game.new_state(game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game_state.current_player]

    def step(self, action: Any) -> None:
        """Play ``action`` (an integer) for ``agent_selection``; None for a finished agent."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._state()
        if action is None:
            raise ValueError(f"{agent} is to move: give an action integer, not None")
        state.apply(self.encoding.action_of(int(action)))  # IllegalActionError: nothing changed
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if state.is_terminal():
            for a, r in zip(self.possible_agents, state.returns(), strict=True):
                self.rewards[a] = float(r)
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[state.current_player]
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s observation tensor and action mask."""
        state = self._state()
        seat = self._seat[agent]
        enc = self.encoding
        values = (enc.information_state_tensor(state, seat) if self.recall
                  else enc.observation_tensor(state, seat))
        mask = np.zeros(enc.num_distinct_actions, dtype=np.int8)
        if state.current_player == seat:
            mask[enc.legal_ids(state)] = 1
        return {"observation": np.asarray(values, dtype=np.float32), "action_mask": mask}

    # ------------------------------------------------------------ render
    def render(self) -> str | np.ndarray | None:
        """The table as text (``"ansi"``) or as an RGB picture (``"rgb_array"``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; nothing to draw")
            return None
        state = self._state()
        view = (state.omniscient() if self.render_seat is None
                else state.observation(self.render_seat))
        if self.render_mode == "ansi":
            return self.encoding.view_string(view)
        assert self._picture is not None  # render_mode was checked against the modes
        image: np.ndarray = self._picture(view)
        return image

    def close(self) -> None:
        """Nothing to release (no windows, no files)."""

    def _state(self) -> State[Any]:
        if self.game_state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game_state


def raw_env(game: str = "gold", players: int | None = None, **kwargs: Any) -> GoldlabEnv:
    """The environment without PettingZoo's wrappers."""
    return GoldlabEnv(game, players, **kwargs)


def env(game: str = "gold", players: int | None = None, **kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's usual checks (bounds, call order)."""
    wrapped: AECEnv = wrappers.OrderEnforcingWrapper(
        wrappers.AssertOutOfBoundsWrapper(raw_env(game, players, **kwargs))
    )
    return wrapped


def picture_for(game: str) -> Callable[[Any], np.ndarray] | None:
    """The ``rgb_array`` picture of ``game`` (its description's ``picture``), or None."""
    found = find(game)
    return found.part("picture") if found is not None else None
