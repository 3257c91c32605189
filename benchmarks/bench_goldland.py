"""Playout throughput of Goldland through the public API: random and heuristic bots.

Random play never reaches the temple, so random games use the simulation option
``turn_cap`` (default 30 rounds) and are scored when it is hit.  Heuristic games
(``goldlab.bots`` "heuristic" in every seat, deciding from ``observation()``) end by
the rules: every player holds an amulet or the reserve gold runs out.  Prints games/s
and actions/s (player decisions; the chance steps they trigger are resolved by
``apply`` and not counted) on one core.

    python3 benchmarks/bench_goldland.py
    python3 benchmarks/bench_goldland.py --games 200 --heuristic-games 40 --players 2 3 4 5
"""

from __future__ import annotations

import argparse
import random
import time

import goldlab
from goldlab.bots import make_bot


def random_playouts(players: int, games: int, cap: int, seed: int = 0) -> tuple[float, float,
                                                                                float]:
    """(games/s, actions/s, actions per game) of uniformly random play under a turn cap."""
    actions = 0
    start = time.perf_counter()
    for g in range(seed, seed + games):
        state = goldlab.make("goldland", players=players, seed=g, mode="study", turn_cap=cap)
        rng = random.Random(g)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            actions += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / elapsed, actions / games


def heuristic_playouts(players: int, games: int, seed: int = 0) -> tuple[float, float, float]:
    """(games/s, actions/s, actions per game) of heuristic bots playing to the real end."""
    actions = 0
    start = time.perf_counter()
    for g in range(seed, seed + games):
        state = goldlab.make("goldland", players=players, seed=g, mode="study")
        bots = [make_bot("goldland", "heuristic", s, g * 10 + s) for s in range(players)]
        while not state.is_terminal():
            seat = state.current_player
            state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))
            actions += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / elapsed, actions / games


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random games per count")
    parser.add_argument("--heuristic-games", type=int, default=30)
    parser.add_argument("--cap", type=int, default=30, help="turn cap (rounds) of random games")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5])
    args = parser.parse_args()
    print(f"Goldland random playouts ({args.games} games each, turn_cap={args.cap}, one core)")
    for players in args.players:
        games_s, actions_s, per_game = random_playouts(players, args.games, args.cap)
        print(f"  {players} players: {games_s:8.1f} games/s  {actions_s:9.0f} actions/s  "
              f"({per_game:.0f} actions per game)")
    print(f"Goldland heuristic playouts to the end ({args.heuristic_games} games each)")
    for players in args.players:
        games_s, actions_s, per_game = heuristic_playouts(players, args.heuristic_games)
        print(f"  {players} players: {games_s:8.2f} games/s  {actions_s:9.0f} actions/s  "
              f"({per_game:.0f} actions per game)")


if __name__ == "__main__":
    main()
