"""The fast path's generator is CPython's Mersenne Twister, bit for bit, and bot seeds match."""

import random

import numpy as np
import pytest
from numba import njit

from goldlab.bots.play import bot_seed
from goldlab.fast.mt import new_generators, randbelow, random_float, seed_generators
from goldlab.fast.sha import bot_seeds

SEEDS = [0, 1, 7, 2**31, 2**32 - 1, 2**32, 2**40 + 3, 2**63 - 1, 2**64 - 1, 123456789123456]


@njit(cache=True)
def _draws(gens: np.ndarray, g: int, bounds: np.ndarray) -> np.ndarray:  # pragma: no cover
    out = np.empty(bounds.shape[0], np.int64)
    for i in range(bounds.shape[0]):
        out[i] = randbelow(gens, g, bounds[i])
    return out


def test_randrange_matches_cpython_for_one_and_two_word_seeds() -> None:
    gens = new_generators(len(SEEDS))
    seed_generators(gens, np.array(SEEDS, dtype=np.uint64))
    bounds_rng = random.Random(99)
    # 1500 draws: crosses the end of the first 624-word block, so the lazy twist is exercised
    bounds = np.array([bounds_rng.choice([1, 2, 3, 5, 37, 60, 255, 256, 1000, 2**31 + 5])
                       for _ in range(1500)], dtype=np.int64)
    for g, seed in enumerate(SEEDS):
        reference = random.Random(seed)
        assert _draws(gens, g, bounds).tolist() == [reference.randrange(int(b)) for b in bounds]


def test_bot_seeds_are_goldlabs_sha256_seeds() -> None:
    rng = random.Random(5)
    games = [0, 9, 10, 2**63 - 1, 2**64 - 1, *(rng.randrange(2**63) for _ in range(200))]
    out = bot_seeds(np.array(games, dtype=np.uint64), 5)
    for i, game_seed in enumerate(games):
        assert [int(x) for x in out[i]] == [bot_seed(game_seed, s) for s in range(5)]


@pytest.mark.parametrize("seat", [0, 4])
def test_seeded_bot_generators_draw_what_the_bots_draw(seat: int) -> None:
    game_seed = 2**62 + 11
    gens = new_generators(1)
    seed_generators(gens, bot_seeds(np.array([game_seed], dtype=np.uint64), seat + 1)[0, seat:])
    reference = random.Random(bot_seed(game_seed, seat))
    bounds = np.arange(1, 80, dtype=np.int64)
    assert _draws(gens, 0, bounds).tolist() == [reference.randrange(int(b)) for b in bounds]


@njit(cache=True)
def _floats(gens: np.ndarray, g: int, n: int) -> np.ndarray:  # pragma: no cover
    out = np.empty(n, np.float64)
    for i in range(n):
        out[i] = random_float(gens, g)
    return out


def test_random_matches_cpython_bit_for_bit() -> None:
    gens = new_generators(len(SEEDS))
    seed_generators(gens, np.array(SEEDS, dtype=np.uint64))
    for g, seed in enumerate(SEEDS):
        reference = random.Random(seed)
        assert _floats(gens, g, 700).tolist() == [reference.random() for _ in range(700)]
