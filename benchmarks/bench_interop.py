"""Random-playout throughput through the interop adapters, next to the native engine.

For each encoded game (2 players) it plays the same number of uniformly random
games five ways and prints decisions per second (player actions; chance steps
are extra work but not counted) and, where chance is explicit, all steps per
second:

* ``native``: ``goldlab.make`` + ``legal_actions()`` / ``apply()``, chance resolved
  by the state itself (``auto_chance=True``), as in ``bench_gold.py``;
* ``native, explicit chance``: ``auto_chance=False``; the caller draws every
  chance outcome from ``chance_outcomes()``, as the OpenSpiel adapter does;
* ``OpenSpiel``: ``pyspiel`` calls only (``legal_actions``, ``chance_outcomes``,
  ``apply_action``) on ``goldlab_<game>``;
* ``OpenSpiel + observation tensor``: the same, reading the mover's
  ``observation_tensor`` before each decision, as an RL agent would;
* ``PettingZoo``: the AEC loop (``agent_iter``, ``last()`` with the observation and
  action mask, ``step``).

    python benchmarks/bench_interop.py [--games 100] [--players 2] [--goldland-turn-cap 20]

Goldland is played with a turn cap (random players seldom end it by the rules).

One core; needs the extras (``pip install -e ".[openspiel,pettingzoo]"``).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import goldlab
from goldlab.core.state import CHANCE
from goldlab.interop.encoding import encoded_games

OPTIONS: dict[str, dict[str, Any]] = {}
"""Options per game (set from the command line)."""


def native(name: str, players: int, games: int, auto_chance: bool) -> tuple[int, int]:
    """(decisions, steps) of ``games`` random games through the goldlab API."""
    decisions = steps = 0
    for g in range(games):
        state = goldlab.make(name, players=players, seed=g, auto_chance=auto_chance,
                             **OPTIONS.get(name, {}))
        rng = random.Random(g)
        while not state.is_terminal():
            if state.current_player == CHANCE:
                outcomes = state.chance_outcomes()
                state.apply(rng.choices([o for o, _ in outcomes],
                                        [float(p) for _, p in outcomes])[0])
            else:
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
                decisions += 1
            steps += 1
    return decisions, steps


def openspiel(name: str, players: int, games: int, observe: bool) -> tuple[int, int]:
    """(decisions, steps) of ``games`` random games through pyspiel."""
    import goldlab.interop.openspiel as gos

    game = gos.load_game(name, players, **OPTIONS.get(name, {}))
    decisions = steps = 0
    for g in range(games):
        state = game.new_initial_state()
        rng = random.Random(g)
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choices([a for a, _ in outcomes],
                                               [p for _, p in outcomes])[0])
            else:
                if observe:
                    state.observation_tensor(state.current_player())
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
            steps += 1
    return decisions, steps


def pettingzoo(name: str, players: int, games: int) -> tuple[int, int]:
    """(decisions, decisions) of ``games`` random games through the AEC loop."""
    from goldlab.interop.pettingzoo import raw_env

    env = raw_env(name, players, **OPTIONS.get(name, {}))
    decisions = 0
    for g in range(games):
        env.reset(seed=g)
        rng = random.Random(g)
        for _agent in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            legal = observation["action_mask"].nonzero()[0]
            env.step(int(legal[rng.randrange(len(legal))]))
            decisions += 1
    return decisions, decisions


def paths(name: str, p: int, n: int) -> list[tuple[str, Callable[[], tuple[int, int]]]]:
    """The five ways to play ``n`` random games of ``name``, with their labels."""
    return [
        ("native", lambda: native(name, p, n, True)),
        ("native, explicit chance", lambda: native(name, p, n, False)),
        ("OpenSpiel", lambda: openspiel(name, p, n, False)),
        ("OpenSpiel + observation tensor", lambda: openspiel(name, p, n, True)),
        ("PettingZoo (AEC loop)", lambda: pettingzoo(name, p, n)),
    ]


def measure(run: Callable[[], tuple[int, int]]) -> tuple[float, float, float]:
    """(decisions/s, steps/s, seconds)."""
    start = time.perf_counter()
    decisions, steps = run()
    elapsed = time.perf_counter() - start
    return decisions / elapsed, steps / elapsed, elapsed


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--goldland-turn-cap", type=int, default=20)
    args = parser.parse_args()
    OPTIONS["goldland"] = {"turn_cap": args.goldland_turn_cap}
    n, p = args.games, args.players
    print(f"random playouts, {n} games of {p} players each, one core")
    print(f"{'game':<10} {'path':<32} {'decisions/s':>12} {'steps/s':>10} {'vs native':>10}")
    for name in encoded_games():
        base = 0.0
        for label, run in paths(name, p, n):
            decisions_s, steps_s, _ = measure(run)
            base = base or decisions_s
            steps = f"{steps_s:10.0f}" if steps_s != decisions_s else f"{'-':>10}"
            print(f"{name:<10} {label:<32} {decisions_s:12.0f} {steps} {decisions_s / base:9.2f}x")


if __name__ == "__main__":
    main()
