"""Playout throughput of Goldland through the public API: random and heuristic bots.

Random play never reaches the temple, so random games use the simulation option
``turn_cap`` (default 30 rounds) and are scored when it is hit.  Heuristic games
(``goldlab.bots`` "heuristic" in every seat, deciding from ``observation()``) end by
the rules: every player holds an amulet or the reserve gold runs out.  Prints games/s
and actions/s (player decisions; the chance steps they trigger are resolved by
``apply`` and not counted) on one core.

The heuristic figures for 2 and 4 players are also printed beside the plain
reference (``benchmarks/plain_gold.py``: random Gold! with 2 players in readable
Python) measured in the same run, as a ratio; the goal is 0.2x.  The same
games are timed on the simulation fast path too (``--fast-games N`` heuristic
games per count, compiled and warmed up first; 0 leaves them out).  ``--versus N``
plays the heuristic against the heuristic of an earlier git revision
(``--versus-rev REV``: its ``goldlab/games/goldland/bots.py``, read with ``git show``
and loaded as a temporary module beside today's engine) in N seat-rotated 2-player
games and prints its score (a win 1, a shared win 1/2) with a Wilson 95 % interval.

    python3 benchmarks/bench_goldland.py
    python3 benchmarks/bench_goldland.py --games 200 --heuristic-games 40 --players 2 3 4 5
    python3 benchmarks/bench_goldland.py --only-ratio --heuristic-games 60
    python3 benchmarks/bench_goldland.py --only-ratio --heuristic-games 20 --fast-games 4000
    python3 benchmarks/bench_goldland.py --only-ratio --versus 200 --versus-rev cad7688^
    python3 benchmarks/bench_goldland.py --breakdown --heuristic-games 40

``--breakdown`` times each decision of 2-player heuristic games in four parts (legal
actions, observation, the heuristic's choice, apply) and prints them beside the time
per decision that 0.2x the plain reference would allow.
"""

from __future__ import annotations

import argparse
import math
import random
import subprocess
import sys
import time
import types
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np
import plain_gold

import goldlab
import goldlab.bots
from goldlab import fast
from goldlab.bots import Bot, make_bot
from goldlab.bots.play import bot_seed, play_game

BOTS_PATH = "goldlab/games/goldland/bots.py"


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


def plain_reference(games: int) -> float:
    """Games/s of the plain reference (random Gold!, 2 players)."""
    start = time.perf_counter()
    for seed in range(games):
        plain_gold.play(seed, 2)
    return games / (time.perf_counter() - start)


def fast_heuristic_playouts(players: int, games: int, seed: int = 0) -> float:
    """Games/s of heuristic bots on the simulation fast path (compiled; warmed up first).

    The games :func:`heuristic_playouts` plays with the same seeds, through the
    engine ``goldlab.simulate`` uses (:mod:`goldlab.games.goldland.fastpath`).
    """
    engine = fast.engine_for("goldland", ["heuristic"] * players, {"turn_cap": 0})
    assert engine is not None
    engine(np.arange(1, dtype=np.uint64))  # compile, or load numba's cache
    seeds = np.arange(seed, seed + games, dtype=np.uint64)
    start = time.perf_counter()
    engine(seeds)
    return games / (time.perf_counter() - start)


def ratios(heuristic_games: int, plain_games: int, fast_games: int) -> None:
    """Heuristic 2p and 4p games/s beside the plain reference, best of 3 alternating runs:
    the Python bots on the protocol engine, then the fast path (``fast_games`` games)."""
    best: dict[object, float] = {"plain": 0.0, 2: 0.0, 4: 0.0, "fast 2": 0.0, "fast 4": 0.0}
    for _ in range(3):  # a shared machine only slows runs down: keep each one's best
        best["plain"] = max(best["plain"], plain_reference(plain_games))
        for players in (2, 4):
            games = heuristic_games if players == 2 else max(1, heuristic_games // 2)
            best[players] = max(best[players], heuristic_playouts(players, games)[0])
            if fast_games:
                best[f"fast {players}"] = max(best[f"fast {players}"],
                                              fast_heuristic_playouts(players, fast_games))
    reference = best["plain"]
    print("Beside the plain reference (best of 3, wall clock; goal: 0.2x)")
    print(f"  plain reference, random Gold! 2 players: {reference:8.1f} games/s")
    for players in (2, 4):
        print(f"  Goldland heuristic, {players} players:        {best[players]:8.2f} games/s"
              f"  {best[players] / reference:6.3f}x plain")
    if fast_games:
        for players in (2, 4):
            quick = best[f"fast {players}"]
            print(f"  ... on the fast path, {players} players:     {quick:8.2f} games/s"
                  f"  {quick / reference:6.3f}x plain")


def breakdown(players: int, games: int, plain_games: int, seed: int = 0) -> None:
    """Where a heuristic game's time goes, per player decision, beside what 0.2x would allow.

    Each decision is timed in four parts: listing the legal actions, building the
    observation, the heuristic's choice and applying the action (its chance steps
    included).  The clock calls add a little to every part.
    """
    parts = {"legal actions": 0.0, "observation": 0.0, "heuristic": 0.0, "apply": 0.0}
    decisions = 0
    clock = time.perf_counter
    for g in range(seed, seed + games):
        state = goldlab.make("goldland", players=players, seed=g, mode="study")
        bots = [make_bot("goldland", "heuristic", s, g * 10 + s) for s in range(players)]
        while not state.is_terminal():
            seat = state.current_player
            t0 = clock()
            legal = state.legal_actions()
            t1 = clock()
            view = state.observation(seat)
            t2 = clock()
            action = bots[seat].choose(view, legal)
            t3 = clock()
            state.apply(action)
            t4 = clock()
            parts["legal actions"] += t1 - t0
            parts["observation"] += t2 - t1
            parts["heuristic"] += t3 - t2
            parts["apply"] += t4 - t3
            decisions += 1
    reference = plain_reference(plain_games)
    per_game = decisions / games
    allowed = 1e6 / (0.2 * reference) / per_game
    total = sum(parts.values()) * 1e6 / decisions
    print(f"Goldland heuristic, {players} players, {games} games: {per_game:.0f} decisions a game")
    for name, seconds in parts.items():
        print(f"  {name:14s} {seconds * 1e6 / decisions:7.1f} us per decision")
    print(f"  {'all four':14s} {total:7.1f} us per decision; 0.2x the plain reference "
          f"({reference:.0f} games/s) allows {allowed:.1f} ({total / allowed:.1f}x too slow)")


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``score / n``."""
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def bot_at(rev: str) -> type[Bot]:
    """The Goldland heuristic bot class of git revision ``rev``, loaded beside today's.

    Its module is read with ``git show`` and run as a temporary module (not
    registered: today's ``heuristic`` keeps its name).
    """
    root = Path(__file__).resolve().parent.parent
    source = subprocess.run(["git", "show", f"{rev}:{BOTS_PATH}"], cwd=root, check=True,
                            capture_output=True, text=True).stdout
    module = types.ModuleType(f"goldland_bots_at_{rev}")
    sys.modules[module.__name__] = module  # dataclasses look their module up by name
    with mock.patch.object(goldlab.bots, "register_bot", lambda *args: None):
        exec(compile(source, f"{rev}:{BOTS_PATH}", "exec"), module.__dict__)
    bot: type[Bot] = module.HeuristicBot
    return bot


def versus(games: int, rev: str, bot: str = "heuristic", seed: int = 1000) -> None:
    """``bot`` against the heuristic of git revision ``rev``, seats rotated, 2 players."""
    old = bot_at(rev)
    score = 0.0
    gold = [0, 0]
    for g in range(games):
        seat = g % 2  # each deal is played twice, the new bot in each seat
        deal = seed + g // 2
        bots: list[str | Bot] = [old(s, bot_seed(deal, s)) for s in range(2)]
        bots[seat] = bot
        outcome = play_game("goldland", bots, seed=deal).outcome()
        assert outcome is not None
        if seat in outcome.winners:
            score += 1.0 / len(outcome.winners)
        gold[0] += outcome.scores[seat]
        gold[1] += outcome.scores[1 - seat]
    low, high = wilson(score, games)
    print(f"{bot} against the heuristic of {rev}, {games} seat-rotated 2-player games: "
          f"score {score / games:.3f} (95 % Wilson interval {low:.3f}-{high:.3f}); "
          f"mean gold {gold[0] / games:.1f} against {gold[1] / games:.1f}")


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random games per count")
    parser.add_argument("--heuristic-games", type=int, default=30)
    parser.add_argument("--plain-games", type=int, default=1000)
    parser.add_argument("--fast-games", type=int, default=2000,
                        help="heuristic games per count on the fast path (0: leave it out)")
    parser.add_argument("--cap", type=int, default=30, help="turn cap (rounds) of random games")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5])
    parser.add_argument("--only-ratio", action="store_true",
                        help="only the heuristic figures beside the plain reference")
    parser.add_argument("--versus", type=int, default=0, metavar="N",
                        help="also play N games against the heuristic of --versus-rev")
    parser.add_argument("--versus-rev", default="cad7688^", metavar="REV",
                        help="the git revision whose heuristic --versus plays against "
                             "(default: the one before the heuristic's rework)")
    parser.add_argument("--breakdown", action="store_true",
                        help="only where a 2-player heuristic game's time goes, per decision")
    args = parser.parse_args()
    if args.breakdown:
        breakdown(2, args.heuristic_games, args.plain_games)
        return
    ratios(args.heuristic_games, args.plain_games, args.fast_games)
    if args.versus:
        versus(args.versus, args.versus_rev)
    if args.only_ratio:
        return
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
