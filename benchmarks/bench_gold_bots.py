"""Strength and speed of two Gold! bots, in seat-rotated games, beside the plain reference.

The first bot plays one seat and the second bot every other seat.  Each deal (game
seed) is played once from every seat, so neither bot gains from the deal or from
moving first.  Prints the first bot's outright wins, its win rate with a Wilson 95 %
interval, the games/s of the match, and the plain reference's games/s
(``benchmarks/plain_gold.py``: random play in readable Python) measured in the
same run, since the machine may be shared.

    python benchmarks/bench_gold_bots.py [--bots planner,greedy] [--games 400] [--players 2]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import plain_gold

from goldlab.analysis.stats import proportion_ci
from goldlab.bots import split_specs
from goldlab.bots.play import play_game


def seating(first: str, second: str, game: int, players: int) -> list[str]:
    """The specs by seat in game number ``game``: the first bot moves one seat per game."""
    specs = [second] * players
    specs[game % players] = first
    return specs


def match(first: str, second: str, games: int, players: int, seed: int) -> tuple[int, int, int]:
    """(first bot's outright wins, shared wins, losses) over ``games`` seat-rotated games."""
    wins = shared = losses = 0
    for game in range(games):
        seat = game % players
        state = play_game("gold", seating(first, second, game, players),
                          seed=seed + game // players)
        outcome = state.outcome()
        assert outcome is not None
        winners = outcome.winners
        if seat not in winners:
            losses += 1
        elif len(winners) == 1:
            wins += 1
        else:
            shared += 1
    return wins, shared, losses


def plain_rate(games: int, players: int) -> float:
    """Games/s of the plain reference (random play)."""
    start = time.perf_counter()
    for seed in range(games):
        plain_gold.play(seed, players)
    return games / (time.perf_counter() - start)


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="planner,greedy",
                        help="two bot specs: the one measured, then its opponent")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--players", type=int, default=2, choices=(2, 3))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plain-games", type=int, default=500)
    args = parser.parse_args()
    first, second = split_specs(args.bots)

    reference = plain_rate(args.plain_games, args.players)
    start = time.perf_counter()
    wins, shared, losses = match(first, second, args.games, args.players, args.seed)
    rate = args.games / (time.perf_counter() - start)
    low, high = proportion_ci(wins, args.games)

    others = "s" if args.players > 2 else ""
    print(f"Gold! {args.players} players: {first} against {second}{others}, "
          f"{args.games} seat-rotated games (seeds {args.seed}..)")
    print(f"  {first} wins {wins}, shares {shared}, loses {losses}")
    print(f"  win rate {wins / args.games:.1%}  (Wilson 95 %: {float(low):.1%} to {float(high):.1%};"
          f" an even share would be {1 / args.players:.1%})")
    print(f"  {rate:,.0f} games/s   (plain reference, random play: {reference:,.0f} games/s; "
          f"ratio {rate / reference:.2f})")


if __name__ == "__main__":
    main()
