"""The random generators of a batch of games, as the engine makes them.

Each game owns one generator seeded with the game's seed, and each seat's bot
one seeded with ``goldlab.bots.play.bot_seed(game_seed, seat)``: ``players + 1``
generators per game, laid side by side.  Shared by every fast kernel.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from goldlab.fast.mt import ROW, seed_generators
from goldlab.fast.sha import bot_seed_one


@njit(cache=True, nogil=True)
def generator_scratch(players: int, batch: int) -> tuple[np.ndarray, np.ndarray, np.ndarray,
                                                         np.ndarray]:  # pragma: no cover
    """Buffers for ``batch`` games: generator states, their seeds, SHA-256 work space."""
    per_game = players + 1
    return (np.empty((ROW, batch * per_game), np.uint32),
            np.empty(batch * per_game, np.uint64),
            np.empty(64, np.uint8),
            np.empty(64, np.uint32))


@njit(cache=True, nogil=True)
def seed_batch(players: int, seeds: np.ndarray, start: int, stop: int, gens: np.ndarray,
               gen_seeds: np.ndarray, block: np.ndarray,
               w: np.ndarray) -> None:  # pragma: no cover
    """Seed the game and bot generators of games ``start`` to ``stop`` (column = i*G + seat+1)."""
    per_game = players + 1
    count = stop - start
    for i in range(count):
        s = seeds[start + i]
        gen_seeds[i * per_game] = s
        for seat in range(players):
            gen_seeds[i * per_game + 1 + seat] = bot_seed_one(s, seat, block, w)
    seed_generators(gens[:, : count * per_game], gen_seeds[: count * per_game])
