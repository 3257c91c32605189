"""What a game's frames cost now that each carries the game's own luck (issue 47 §4).

For each game, a whole game between random players (two seats, seeded) is built into
:class:`goldlab.core.replay.Frames`, which replays every step and draws each chance step
again from the start's generator to find the game's luck at every frame.  The reference,
measured in the same run, builds the same frames without the luck (as before issue 47: the
luck is marked unknown from the start, so no chance step is drawn again and no generator
state kept).  Times are the best of three, without tracing; memory is the peak traced by
``tracemalloc`` in a separate build (the generator's state is kept once per chance step,
shared by the frames in between).

    python benchmarks/bench_frames_luck.py [--seeds 5]
"""

from __future__ import annotations

import argparse
import random
import time
import tracemalloc
from typing import Any

import goldlab
from goldlab.core.replay import Frames, start_of


def whole_game(game: str, seed: int, cap: int = 3000) -> Any:
    """A game between random players, ``cap`` player actions at most."""
    state = goldlab.make(game, players=2, seed=seed)
    pick = random.Random(seed)
    for _ in range(cap):
        if state.is_terminal():
            break
        state.apply(pick.choice(state.legal_actions()))
    return state


def frames_of(state: Any) -> Frames:
    frames = Frames(start_of(state), state.auto_chance)
    frames.extend(state.history)
    return frames


def frames_without_luck(state: Any) -> Frames:
    frames = Frames(start_of(state), state.auto_chance)
    frames._lucks[-1] = None  # the reference: luck unknown, nothing drawn again
    frames.extend(state.history)
    return frames


def timed(work: Any, state: Any) -> tuple[float, float]:
    """Best of three seconds of ``work(state)``, and the peak MiB of one more run."""
    best = float("inf")
    for _ in range(3):
        began = time.perf_counter()
        work(state)
        best = min(best, time.perf_counter() - began)
    tracemalloc.start()
    work(state)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return best, peak / 2**20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5)
    args = parser.parse_args()
    print(f"{'game':>9} {'steps':>6} {'luck ms':>8} {'MiB':>6} {'no luck ms':>10} "
          f"{'MiB':>6} {'ratio':>6}")
    for game in goldlab.names():
        for seed in range(args.seeds):
            state = whole_game(game, seed)
            frames_s, frames_mib = timed(frames_of, state)
            replay_s, replay_mib = timed(frames_without_luck, state)
            assert frames_of(state)[-1] == state  # the last frame's generator is the game's
            print(f"{game:>9} {len(state.history):>6} {frames_s * 1e3:>8.1f} "
                  f"{frames_mib:>6.2f} {replay_s * 1e3:>10.1f} {replay_mib:>6.2f} "
                  f"{frames_s / replay_s:>6.2f}")


if __name__ == "__main__":
    main()
