"""ISMCTS against a built-in bot: win rate with a Wilson 95 % interval, and its speed.

Plays ``--games`` two-player games of ``ismcts`` (``--iterations`` per decision, or a
``--seconds`` wall-clock or ``--cpu`` CPU-time budget) against ``--opponent``, rotating
seats: games 2k and 2k+1 share the seed k, ISMCTS first in one and second in the other.  A shared victory counts as
half a win.  Prints the wins, the win rate and its interval, the CPU seconds per ISMCTS
decision (``time.process_time``: other programs on a shared machine do not count) and
decisions per CPU second, and the plain reference (random Gold! games/s of
``benchmarks/plain_gold.py``) measured in the same run, since the machine may be shared.

    python benchmarks/bench_ismcts.py --game gold --opponent planner --games 40 --iterations 300
    python benchmarks/bench_ismcts.py --game goldrush --games 100 --iterations 6000 --option edition=B
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import plain_gold

import goldlab
from goldlab.bots import Bot, Information, SearchBot, make_bot
from goldlab.bots.ismcts import ISMCTSBot
from goldlab.bots.play import bot_options, bot_seed, play_out
from goldlab.cli import option_argument
from goldlab.core.errors import GoldlabError
from goldlab.core.values import Action

OPPONENTS = {"gold": "planner", "goldrush": "perfect", "goldland": "heuristic"}
"""The best built-in heuristic of each game (the default opponent)."""


class Timed(SearchBot):
    """A searching bot that times each of its decisions."""

    uses_observation = False

    def __init__(self, inner: ISMCTSBot) -> None:
        super().__init__(inner.seat, inner.seed)
        self.inner = inner
        self.name = inner.name
        self.decisions = 0
        self.searched = 0
        self.seconds = 0.0
        self.iterations = 0

    def search(self, information: Information) -> Action:
        """The inner bot's choice, timed."""
        start = time.process_time()
        action = self.inner.search(information)
        self.seconds += time.process_time() - start
        self.decisions += 1
        if self.inner.iterations_done:
            self.searched += 1
            self.iterations += self.inner.iterations_done
        return action


def wilson(wins: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def plain_rate(seconds: float = 2.0) -> float:
    """Random 2-player Gold! games per second of the plain reference."""
    games, start = 0, time.perf_counter()
    while games == 0 or time.perf_counter() - start < seconds:
        plain_gold.play(games, 2)
        games += 1
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="gold", help="gold, goldrush, goldland, ...")
    parser.add_argument("--opponent", default=None, help="opponent spec (the game's best "
                        "built-in heuristic by default)")
    parser.add_argument("--games", type=int, default=40, help="games (even: seats rotate)")
    parser.add_argument("--iterations", type=int, default=None, help="iterations per decision")
    parser.add_argument("--seconds", type=float, default=None, help="or a wall-clock budget")
    parser.add_argument("--cpu", type=float, default=None, help="or a CPU-time budget (s)")
    parser.add_argument("--exploration", type=float, default=None, help="UCB constant")
    parser.add_argument("--seed", type=int, default=0, help="first game seed")
    parser.add_argument("--quiet", action="store_true", help="no line per pair of games")
    parser.add_argument("--option", action="append", type=option_argument, default=[],
                        metavar="NAME=VALUE", help="a game option, e.g. edition=B (repeatable)")
    args = parser.parse_args()
    options = dict(args.option)
    try:
        goldlab.make(args.game, players=2, seed=0, **bot_options(args.game, options))
    except GoldlabError as error:
        raise SystemExit(f"--option: {error}") from None

    opponent = args.opponent or OPPONENTS.get(args.game, "random")
    budget = (f"{args.seconds:g}s" if args.seconds is not None
              else f"{args.cpu:g}cpu" if args.cpu is not None
              else str(args.iterations) if args.iterations is not None else "")
    spec = "ismcts" + (":" + budget if budget else "")
    if args.exploration is not None:
        spec += ("" if budget else ":200") + f",{args.exploration:g}"

    plain = plain_rate()
    wins = 0.0
    decisions = searched = iterations = 0
    seconds = 0.0
    started = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i // 2
        me = i % 2
        bots: list[Bot] = []
        timed = None
        for seat in range(2):
            bot = make_bot(args.game, spec if seat == me else opponent, seat, bot_seed(seed, seat))
            if seat == me:
                assert isinstance(bot, ISMCTSBot)
                timed = Timed(bot)
                bot = timed
            bots.append(bot)
        assert timed is not None
        state = goldlab.make(args.game, players=2, seed=seed, **bot_options(args.game, options))
        for _ in play_out(state, bots):
            pass
        wins += state.returns()[me]
        decisions += timed.decisions
        searched += timed.searched
        iterations += timed.iterations
        seconds += timed.seconds
        if not args.quiet and i % 2 == 1:
            low, high = wilson(wins, i + 1)
            print(f"  {i + 1:4d} games: {wins:g} wins ({wins / (i + 1):.1%}, "
                  f"{low:.1%}-{high:.1%}), {seconds / max(decisions, 1):.4f} CPU s/decision, "
                  f"{seconds / max(searched, 1):.4f} CPU s/search, "
                  f"{decisions / max(seconds, 1e-9):.1f} decisions/CPU s, "
                  f"{iterations / max(searched, 1):.0f} iterations/search", flush=True)

    n = args.games
    low, high = wilson(wins, n)
    print(f"{spec} vs {opponent} at {args.game}"
          + "".join(f", {k}={v}" for k, v in options.items())
          + f", {n} seat-rotated games "
          f"({time.perf_counter() - started:.0f} s)")
    print(f"  wins {wins:g} of {n}: {wins / n:.1%} (Wilson 95 %: {low:.1%} to {high:.1%})")
    print(f"  {seconds / max(decisions, 1):.4f} CPU s per decision, "
          f"{decisions / max(seconds, 1e-9):.1f} decisions per CPU s "
          f"({decisions} decisions, {searched} searched, "
          f"{iterations / max(searched, 1):.0f} iterations per search, "
          f"{seconds / max(searched, 1):.4f} CPU s per search)")
    print(f"  plain reference: {plain:.0f} random Gold! games/s (benchmarks/plain_gold.py)")


if __name__ == "__main__":
    main()
