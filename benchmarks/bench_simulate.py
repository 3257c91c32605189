"""Simulation speed, each figure beside the plain reference measured in the same run.

Random play of Gold! with 2 players:

1. the plain reference (``benchmarks/plain_gold.py``: readable Python);
2. the protocol engine through the public API (``goldlab.make``,
   ``legal_actions()``, ``apply()``, the random bot), and the same through
   ``goldlab.simulate(..., fast=False)`` (tidy frame included);
3. the fast path (``goldlab.fast``), the bare kernel and through ``goldlab.simulation``;
4. parallel scaling of ``goldlab.simulation`` on the fast path: 1 worker against 2;
5. the protocol engine of every other registered game, with random bots (and the
   Mount Goldrush fast path);
6. bots that think on the fast path: Gold! ``greedy`` and Mount Goldrush ``perfect``
   (memory), 2 players: the kernel against the plain reference (measured again
   beside them) and against the protocol engine playing the same line-up.

Rates are wall-clock games/s; single-core figures also give CPU-time games/s
(the machine may be shared: compare ratios measured in the same run).

    python benchmarks/bench_simulate.py [--quick] [--bots]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np
import plain_gold

import goldlab
import goldlab.simulation  # game_seeds
from goldlab.bots import make_bot
from goldlab.bots.play import bot_seed


def timed(fn: Callable[[], object], games: int) -> tuple[float, float]:
    """(wall games/s, CPU games/s) of ``fn`` playing ``games`` games."""
    wall, cpu = time.perf_counter(), time.process_time()
    fn()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return games / wall, games / max(cpu, 1e-9)


def plain(games: int) -> None:
    for seed in range(games):
        plain_gold.play(seed, 2)


def play_one(name: str, seed: int, players: int = 2, specs: tuple[str, ...] | None = None,
             **options: object) -> None:
    """One game through the public API: observation, legal actions, the bot's choice, apply."""
    specs = specs or ("random",) * players
    state = goldlab.make(name, players=players, seed=seed, mode="study", **options)
    bots = [make_bot(name, spec, s, bot_seed(seed, s)) for s, spec in enumerate(specs)]
    while not state.is_terminal():
        seat = state.current_player
        state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))


def protocol(games: int, name: str = "gold", players: int = 2) -> None:
    for seed in range(games):
        play_one(name, seed, players)


def thinking_bots(k: int) -> None:
    """Section 6: Gold! greedy and Mount Goldrush perfect memory, 2 players, on the fast path."""
    from goldlab import fast

    print("Bots that think, 2 players, on the fast path (kernel, one core) against the plain "
          "reference (random Gold!, measured again here) and the protocol engine (public API "
          "loop, same bots):")
    n_plain = 2000 // k
    reference = timed(lambda: plain(n_plain), n_plain)
    line(f"plain reference ({n_plain:,} games)", reference, reference[0])
    for name, specs, n_fast, n_protocol in (("gold", ("greedy", "greedy"), 200_000 // k, 600 // k),
                                            ("goldrush", ("perfect", "perfect"), 100_000 // k,
                                             200 // k)):
        engine = fast.engine_for(name, specs, {})
        assert engine is not None, f"no fast path for {name} {specs}"
        engine(np.zeros(1, dtype=np.uint64))  # compile or load from cache
        seeds = goldlab.simulation.game_seeds(1, n_fast)
        kernel = timed(lambda e=engine, s=seeds: e(s), n_fast)
        engine_rate = timed(lambda n=name, sp=specs, m=n_protocol: [
            play_one(n, seed, 2, sp) for seed in range(m)], n_protocol)
        label = f"{name} {'/'.join(specs)}"
        line(f"{label}: fast path kernel ({n_fast:,})", kernel, reference[0])
        line(f"{label}: protocol engine ({n_protocol:,})", engine_rate, reference[0])
        print(f"  {'':<52} kernel {kernel[0]:,.0f} games/s = {kernel[0] / reference[0]:.1f}x the "
              f"plain reference ({reference[0]:,.0f} games/s), "
              f"{kernel[0] / engine_rate[0]:,.0f}x its protocol engine ({engine_rate[0]:,.0f}); "
              f"CPU time: {kernel[1] / reference[1]:.1f}x plain")


def protocol_for(name: str, seconds: float) -> tuple[int, float, float, str]:
    """Games of ``name`` played in about ``seconds`` (at least one): (games, wall, CPU, note)."""
    options: dict[str, object] = {}
    note = ""
    if "turn_cap" in goldlab.game(name).options_type.__dataclass_fields__:
        options["turn_cap"] = 30  # a random Goldland game need not end: cap it
        note = " turn_cap=30"
    games = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while games == 0 or time.perf_counter() - wall < seconds:
        play_one(name, games, 2, **options)
        games += 1
    return games, time.perf_counter() - wall, time.process_time() - cpu, note


def _busy(_: int) -> int:
    total = 0
    for i in range(10_000_000):
        total += i
    return total


def machine_parallelism() -> float:
    """Speed-up of two independent busy loops in 2 processes (best of 3): what the machine gives."""
    import multiprocessing

    serial = parallel = float("inf")
    with multiprocessing.get_context("fork").Pool(2) as pool:
        for _ in range(3):
            start = time.perf_counter()
            _busy(0)
            _busy(1)
            serial = min(serial, time.perf_counter() - start)
            start = time.perf_counter()
            pool.map(_busy, [0, 1])
            parallel = min(parallel, time.perf_counter() - start)
    return serial / parallel


def _children_cpu() -> float:
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def scaling(n: int, *, fast: bool, repeats: int = 3) -> tuple[tuple[float, float],
                                                                tuple[float, float], float]:
    """Best (1 worker, 2 workers) rates of ``goldlab.simulation`` over alternating repeats,
    and the speed-up projected from CPU time with both cores free: one worker's CPU time
    over (this thread's CPU time + half of what the workers, threads or processes, used)."""
    best: dict[int, tuple[float, float]] = {1: (0.0, 0.0), 2: (0.0, 0.0)}
    serial_cpu = projected_wall = float("inf")
    for _ in range(repeats):
        for workers in (1, 2):
            main, process, children = time.thread_time(), time.process_time(), _children_cpu()
            rate = timed(lambda w=workers: goldlab.simulate(
                "gold", "random", n, 1, players=2, workers=w, fast=fast, quiet=True), n)
            main = time.thread_time() - main
            process = time.process_time() - process
            children = _children_cpu() - children
            best[workers] = max(best[workers], rate)
            if workers == 1:
                serial_cpu = min(serial_cpu, process)
            else:
                projected_wall = min(projected_wall, main + (process - main + children) / 2)
    return best[1], best[2], serial_cpu / projected_wall


def line(label: str, rate: tuple[float, float], reference: float, *, cpu: bool = True) -> None:
    wall, per_cpu = rate
    extra = f"   (CPU time: {per_cpu:>9,.0f} games/s)" if cpu else ""
    print(f"  {label:<52} {wall:>10,.0f} games/s  {wall / reference:>7.1f}x plain{extra}")


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games (a smoke run)")
    parser.add_argument("--bots", action="store_true",
                        help="only section 6 (greedy and perfect memory on the fast path)")
    args = parser.parse_args()
    k = 10 if args.quick else 1
    if args.bots:
        thinking_bots(k)
        return
    n_plain, n_protocol, n_fast = 2000 // k, 2000 // k, 400_000 // k
    n_scale = [20_000, 200_000 // k]

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"Gold! 2 players, random bots; {os.cpu_count()} cores, load average {load:.1f}")
    ref = timed(lambda: plain(n_plain), n_plain)
    reference = ref[0]
    line(f"plain reference ({n_plain:,} games)", ref, reference)
    line(f"protocol engine, public API loop ({n_protocol:,})",
         timed(lambda: protocol(n_protocol), n_protocol), reference)
    line(f"goldlab.simulate(fast=False), serial ({n_protocol:,})",
         timed(lambda: goldlab.simulate("gold", "random", n_protocol, 1, players=2, fast=False,
                                        backend="serial", quiet=True), n_protocol), reference)

    from goldlab.games.gold.twin.kernel import play_random

    start = time.perf_counter()
    play_random(2, np.zeros(1, dtype=np.uint64))
    print(f"  (fast path: kernel compiled or loaded from cache in "
          f"{time.perf_counter() - start:.1f} s)")
    seeds = goldlab.simulation.game_seeds(1, n_fast)
    line(f"fast path kernel, one core ({n_fast:,})",
         timed(lambda: play_random(2, seeds), n_fast), reference)
    line(f"goldlab.simulation fast path, serial ({n_fast:,})",
         timed(lambda: goldlab.simulate("gold", "random", n_fast, 1, players=2,
                                        backend="serial", quiet=True), n_fast), reference)

    print("Parallel scaling (goldlab.simulate; the fast path's kernel runs in threads, the "
          "protocol engine in processes; best of 3, "
          "alternating, since other work on a shared machine only slows runs down):")
    print(f"  (machine check: two independent busy loops run {machine_parallelism():.2f}x faster "
          "in 2 processes than one after the other; 2.0x on an idle 2-core machine)")
    runs = [(f"{n:,} games", n, True) for n in n_scale]
    runs.append((f"protocol engine, {2000 // k:,} games", 2000 // k, False))
    for label, n, fast in runs:
        one, two, projected = scaling(n, fast=fast)
        line(f"{label}, 1 worker", one, reference, cpu=False)
        line(f"{label}, 2 workers", two, reference, cpu=False)
        print(f"  {'':<52} speed-up 2 workers / 1 worker: {two[0] / one[0]:.2f}x measured, "
              f"{projected:.2f}x from CPU time (both cores free)")

    others = [g for g in goldlab.names() if g != "gold"]
    if others:
        print("Other games, protocol engine through the public API, random bots, 2 players:")
    for name in others:
        try:
            games, wall, cpu, note = protocol_for(name, 5.0 / k)
        except Exception as exc:  # a game still being written must not stop the benchmark
            print(f"  {name:<52} not measured: {type(exc).__name__}: {exc}")
            continue
        line(f"{name}{note} ({games} games)", (games / wall, games / cpu), reference)
        if name == "goldrush":
            from goldlab.games.goldrush.twin.kernel import play_random as goldrush_random

            goldrush_random(2, np.zeros(1, dtype=np.uint64))
            n = 200_000 // k
            fast_rate = timed(lambda n=n: goldrush_random(2, goldlab.simulation.game_seeds(1, n)), n)
            line(f"goldrush fast path kernel, one core ({n:,})", fast_rate, reference)
            print(f"  {'':<52} = {fast_rate[0] / (games / wall):,.0f}x its protocol engine")

    thinking_bots(k)


if __name__ == "__main__":
    main()
