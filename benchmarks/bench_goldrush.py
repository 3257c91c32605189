"""Random-playout throughput of Mount Goldrush through the public API.

Each game: ``goldlab.make("goldrush", ...)``, then ``legal_actions()`` and
``apply()`` of a uniformly random legal flip until the end (chance reveals are
resolved by ``apply`` itself, as in play).  Prints games/s and actions/s (player
decisions; the chance steps they trigger are counted separately).

    python3 benchmarks/bench_goldrush.py               # 2 and 5 players
    python3 benchmarks/bench_goldrush.py --games 2000 --players 2 3 4 5
"""

from __future__ import annotations

import argparse
import random
import time

import goldlab


def playouts(players: int, games: int, seed: int, **options: object) -> dict[str, float]:
    """Play ``games`` random games; return counts and timings."""
    rng = random.Random(f"{seed}:{players}")
    decisions = chance = 0
    start = time.perf_counter()
    for g in range(games):
        state = goldlab.make("goldrush", players=players, seed=seed * 1_000_003 + g, **options)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            decisions += 1
        chance += sum(1 for step in state.history if step.actor == goldlab.CHANCE)
    seconds = time.perf_counter() - start
    return {"games": games, "seconds": seconds, "decisions": decisions, "chance": chance}


def main() -> None:
    """Run the benchmark and print one line per player count."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 5])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--edition", default="A")
    args = parser.parse_args()
    playouts(2, 20, 0)  # warm up
    print(f"Mount Goldrush random playouts, edition {args.edition}, {args.games} games each")
    for players in args.players:
        r = playouts(players, args.games, args.seed, edition=args.edition)
        print(
            f"  {players} players: {r['games'] / r['seconds']:8.1f} games/s  "
            f"{r['decisions'] / r['seconds']:9.0f} actions/s  "
            f"({r['decisions'] / r['games']:.1f} decisions and {r['chance'] / r['games']:.1f} "
            f"chance reveals per game, {r['seconds']:.2f} s)"
        )


if __name__ == "__main__":
    main()
