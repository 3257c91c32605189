"""Soak test: the conformance kit over many games of any registered game.

    python benchmarks/soak.py --game gold --players 2 --games 100000 --workers 2
    python benchmarks/soak.py --game goldland --games 20 -o turn_cap=30

Game options are given as ``-o key=value``; the game's ``bot_play_defaults``
fill in the rest (Goldland: a turn cap, so every random game ends).
Prints the number of games, steps checked, actions applied and undone,
refusals checked and violations; exits 1 if any violation was found.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from goldlab.cli import option_argument
from goldlab.core.errors import GoldlabError
from goldlab.testing import ConformanceReport, check_game

CHUNK = 200


def _chunk(args: tuple[str, int, int, int, dict[str, Any]]) -> ConformanceReport:
    game, players, seed, games, options = args
    return check_game(game, players, games=games, seed=seed, options=options,
                      raise_on_violation=False)


def main() -> int:
    """Run the soak and print the totals."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="gold")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--option", "-o", action="append", type=option_argument, default=[],
                        help="a game option, key=value (repeatable)")
    args = parser.parse_args()
    options = dict(args.option)
    try:  # the game and its options, checked here rather than in every worker
        check_game(args.game, args.players, games=0, options=options)
    except (GoldlabError, ValueError) as error:
        parser.error(str(error))
    jobs = []
    left, seed = args.games, args.seed
    while left > 0:
        n = min(CHUNK, left)
        jobs.append((args.game, args.players, seed, n, options))
        left -= n
        seed += 1
    total = ConformanceReport(args.game, args.players)
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for report in pool.map(_chunk, jobs):
            total.games += report.games
            total.steps += report.steps
            total.actions_checked += report.actions_checked
            total.refusals_checked += report.refusals_checked
            total.violations.extend(report.violations)
            rate = total.games / (time.perf_counter() - start)
            print(f"\r  {total.games}/{args.games} games ({rate:.0f} games/s), "
                  f"{len(total.violations)} violations", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    print(f"games: {total.games}")
    print(f"steps checked: {total.steps}")
    print(f"actions applied and undone: {total.actions_checked}")
    print(f"refusals checked: {total.refusals_checked}")
    print(f"violations: {len(total.violations)}")
    for line in total.violations[:20]:
        print(f"  {line}")
    return 1 if total.violations else 0


if __name__ == "__main__":
    raise SystemExit(main())
