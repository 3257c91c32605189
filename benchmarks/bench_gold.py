"""Random-playout throughput of Gold! through the public API.

Each game: ``goldlab.make``, then ``legal_actions()`` and ``apply()`` with a
uniformly random choice until the game ends.  Prints games/s and actions/s
for 2 and 3 players (one core).

    python benchmarks/bench_gold.py [--games 2000]
"""

from __future__ import annotations

import argparse
import random
import time

import goldlab


def playout_rate(players: int, games: int, seed: int = 0) -> tuple[float, float, float]:
    """(games/s, actions/s, actions per game) of random play."""
    actions = 0
    start = time.perf_counter()
    for g in range(seed, seed + games):
        state = goldlab.make("gold", players=players, seed=g, mode="study")
        rng = random.Random(g)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            actions += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / elapsed, actions / games


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    args = parser.parse_args()
    print(f"Gold! random playouts through the public API ({args.games} games each, one core)")
    for players in (2, 3):
        games_s, actions_s, per_game = playout_rate(players, args.games)
        print(f"  {players} players: {games_s:8.0f} games/s  {actions_s:9.0f} actions/s  "
              f"({per_game:.1f} actions per game)")


if __name__ == "__main__":
    main()
