"""What replaying a long record costs: time and peak memory against playing it directly.

A Goldland game without a turn cap where every seat passes, 10k, 50k and 200k
steps (the issue's case: 200,000 ``pass`` steps, 1.6 MB, took 146 s and
884 MiB before replay read its history in place and kept a bounded undo
stack).  The reference, measured in the same run, applies the same actions
to a fresh state directly (keeping every undo frame, as play does).  Memory
is the peak traced by ``tracemalloc`` while the state is built.

    python benchmarks/bench_replay.py [--steps 10000 50000 200000]
"""

from __future__ import annotations

import argparse
import gc
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

import goldlab
from goldlab.core.record import load_record


def record_json(steps: int) -> str:
    """A record of ``steps`` passes in an uncapped Goldland game."""
    state = goldlab.make("goldland", seed=1, mode="study", turn_cap=0)
    while len(state.history) < steps:
        state.apply("pass")
    return state.record().to_json()


def measure(work: Callable[[], Any]) -> tuple[float, float]:
    """Seconds and peak MiB of ``work()``."""
    gc.collect()
    tracemalloc.start()
    began = time.perf_counter()
    result = work()
    seconds = time.perf_counter() - began
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del result
    return seconds, peak / 2**20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, nargs="+", default=[10_000, 50_000, 200_000])
    args = parser.parse_args()
    print(f"{'steps':>8} {'record':>8}  {'replay steps/s':>14} {'MiB':>7}"
          f"  {'direct steps/s':>14} {'MiB':>7}")
    for steps in args.steps:
        text = record_json(steps)
        record = load_record(text)

        def direct(record: Any = record) -> Any:
            state = goldlab.make("goldland", seed=1, mode="study", turn_cap=0)
            history = state._history  # chance steps resolve themselves from the seed
            for number, action in enumerate(record.steps):
                if number >= len(history):
                    state.apply(action)
            return state

        replay_s, replay_mib = measure(record.replay)
        direct_s, direct_mib = measure(direct)
        print(f"{steps:>8} {len(text) / 1e6:>6.1f}MB  {steps / replay_s:>14,.0f} {replay_mib:>7.1f}"
              f"  {steps / direct_s:>14,.0f} {direct_mib:>7.1f}")


if __name__ == "__main__":
    main()
