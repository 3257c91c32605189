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

from goldlab.core.registry import game as make_game
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
        modes = ["ansi", *(["rgb_array"] if game in PICTURES else [])]
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
        return PICTURES[self.goldlab_game.name](view)

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


# ================================================================ pictures
# A 3x5 pixel font for the card values drawn on the pictures.
_GLYPHS: dict[str, tuple[str, ...]] = {
    "0": ("###", "#.#", "#.#", "#.#", "###"),
    "1": (".#.", "##.", ".#.", ".#.", "###"),
    "2": ("###", "..#", "###", "#..", "###"),
    "3": ("###", "..#", "###", "..#", "###"),
    "4": ("#.#", "#.#", "###", "..#", "..#"),
    "5": ("###", "#..", "###", "..#", "###"),
    "6": ("###", "#..", "###", "#.#", "###"),
    "7": ("###", "..#", "..#", ".#.", ".#."),
    "8": ("###", "#.#", "###", "#.#", "###"),
    "9": ("###", "#.#", "###", "..#", "###"),
    "D": ("##.", "#.#", "#.#", "#.#", "##."),
    "X": ("#.#", "#.#", ".#.", "#.#", "#.#"),
}
_BACKGROUND = (255, 251, 234)
_BACK = (139, 109, 42)
_WHITE = (255, 255, 255)
_INK = (34, 34, 34)
RGB = tuple[int, int, int]


def _hex(colour: str) -> RGB:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


def _text(img: np.ndarray, x: int, y: int, text: str, colour: RGB, scale: int = 2) -> None:
    for ch in text:
        glyph = _GLYPHS.get(ch)
        if glyph is not None:
            for row, line in enumerate(glyph):
                for col, px in enumerate(line):
                    if px == "#":
                        y0, x0 = y + row * scale, x + col * scale
                        img[y0:y0 + scale, x0:x0 + scale] = colour
        x += 4 * scale


def _card(img: np.ndarray, x: int, y: int, w: int, h: int, fill: RGB, label: str = "",
          ink: RGB = _WHITE) -> None:
    if x + w > img.shape[1] or y + h > img.shape[0]:
        return
    img[y:y + h, x:x + w] = fill
    if label:
        _text(img, x + (w - (8 * len(label) - 2)) // 2, y + (h - 10) // 2, label, ink)


def _gold_picture(view: Any) -> np.ndarray:
    """Gold!: the offer, then per seat its tableau and its scoring pile (backs if hidden)."""
    from goldlab.games.gold.render import PALETTE

    w, h, gap, cols = 18, 24, 3, 26
    rows = 1 + 2 * view.players
    img = np.empty((rows * (h + 2 * gap) + gap, cols * (w + gap) + 3 * gap, 3), np.uint8)
    img[:] = _BACKGROUND

    def row(r: int, cards: Any, hidden: int = 0, marker: RGB | None = None) -> None:
        y = gap + r * (h + 2 * gap)
        if marker is not None:
            img[y:y + h, 0:gap] = marker
        x = 2 * gap
        for c in cards:
            label = "D" if c.is_donkey else str(c.value)
            _card(img, x, y, w, h, _hex(PALETTE[c.colour]), label)
            x += w + gap
        for _ in range(hidden):
            _card(img, x, y, w, h, _BACK)
            x += w + gap

    row(0, view.offer, marker=_INK)
    if view.draw_pile:  # the draw pile at the right end of the offer's row, with its size
        x = img.shape[1] - 2 * gap - 2 * w - gap
        _card(img, x, gap, 2 * w + gap, h, _BACK, str(view.draw_pile))
    for s in range(view.players):
        turn = (200, 160, 40) if view.to_move == s else None
        row(1 + 2 * s, view.tableaux[s], marker=turn)
        pile = view.scoring_piles[s]
        row(2 + 2 * s, pile if pile is not None else (), hidden=view.pile_sizes[s] if pile is None
            else 0)
    return img


def _goldrush_picture(view: Any) -> np.ndarray:
    """Mount Goldrush: the 8x8 table; seen cards shown, unseen ones as backs, gone ones empty."""
    from goldlab.games.goldrush.observation import GONE, UP

    diggers = {"green": "#2e8b57", "orange": "#e8892b", "blue": "#2a6fdb", "red": "#d64545",
               "violet": "#8a4fd6"}
    size, gap = 22, 3
    side = 8
    img = np.empty((side * (size + gap) + gap, side * (size + gap) + gap, 3), np.uint8)
    img[:] = _BACKGROUND
    for p, (status, c) in enumerate(zip(view.status, view.cards, strict=True)):
        x = gap + (p % side) * (size + gap)
        y = gap + (p // side) * (size + gap)
        if status == GONE:
            continue
        if c is None:
            _card(img, x, y, size, size, _BACK)
            continue
        if c.is_gold:
            fill, label, ink = (230, 190, 50), str(c.value), _INK
        elif c.is_dynamite:
            fill, label, ink = (40, 40, 40), "X", (230, 60, 60)
        else:
            fill, label, ink = _hex(diggers[c.colour]), str(c.value), _WHITE
        if status != UP:  # seen before, face down again: faded, dark ink
            r, g, b = ((v + 2 * w) // 3 for v, w in zip(fill, _BACKGROUND, strict=True))
            fill, ink = (r, g, b), _INK
        _card(img, x, y, size, size, fill, label, ink)
    return img


def _goldland_picture(view: Any) -> np.ndarray:
    """Goldland: the 7x7 grid (tiles coloured by kind or adventure, paths, treasures),
    camps as small flags and adventurers as squares in the seats' colours."""
    from goldlab.games.goldland.render import ADVENTURE_COLOURS, SEAT_COLOURS

    size, gap, side = 30, 2, 7
    img = np.empty((side * (size + gap) + gap, side * (size + gap) + gap, 3), np.uint8)
    img[:] = _BACKGROUND
    path, half, w = (107, 74, 34), size // 2, 3
    for c, entry in enumerate(view.board):
        x = gap + (c % side) * (size + gap)
        y = gap + (c // side) * (size + gap)
        if entry is None:
            img[y:y + size, x:x + size] = (225, 218, 196)
            continue
        tile = view.tileset.by_id(entry[0])
        fill = {"start": "#f7d774", "coastal": "#e8dcae"}.get(tile.kind, "#f3e2b3")
        if tile.adventure is not None:
            fill = ADVENTURE_COLOURS[tile.adventure]
        img[y:y + size, x:x + size] = _hex(fill)
        exits = tile.exits_at(entry[1] // 90)
        cx, cy = x + half, y + half
        for d, (y0, y1, x0, x1) in enumerate((
            (y, cy + w, cx - w, cx + w), (cy - w, cy + w, cx - w, x + size),
            (cy - w, y + size, cx - w, cx + w), (cy - w, cy + w, x, cx + w),
        )):
            if exits >> d & 1:
                img[y0:y1, x0:x1] = path
    for c in view.treasures:
        x, y = gap + (c % side) * (size + gap), gap + (c // side) * (size + gap)
        img[y + 2:y + 8, x + size - 8:x + size - 2] = (224, 176, 32)
    for c, seat in view.camps:
        x, y = gap + (c % side) * (size + gap), gap + (c // side) * (size + gap)
        img[y + 2 + 3 * seat:y + 5 + 3 * seat, x + 2:x + 8] = _hex(SEAT_COLOURS[seat])
    for seat, c in enumerate(view.pawns):
        x, y = gap + (c % side) * (size + gap), gap + (c // side) * (size + gap)
        px, py = x + 4 + 5 * (seat % 3), y + size - 10 - 5 * (seat // 3)
        img[py - 1:py + 5, px - 1:px + 5] = _INK
        img[py:py + 4, px:px + 4] = _hex(SEAT_COLOURS[seat])
    return img


PICTURES: dict[str, Callable[[Any], np.ndarray]] = {
    "gold": _gold_picture,
    "goldrush": _goldrush_picture,
    "goldland": _goldland_picture,
}
"""The games with an ``rgb_array`` picture, by goldlab name."""
