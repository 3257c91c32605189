"""What the protocol itself costs: Gold! random play with the rules taken out.

The issue's goal for the protocol engine is twice the plain reference's rate.
This benchmark measures how much of that budget the protocol uses before any
rule runs.  It records real Gold! 2p games, then replays them through two
stand-in states that do every piece of protocol bookkeeping ``GoldState`` does
on a plain turn and nothing else:

- ``legal_actions()`` returns a fresh list of the recorded (interned) actions;
- ``apply()`` checks the action by identity, saves the undo frame of a plain
  turn (the seat, offer, tableaux and listing in one tuple), appends an
  interned history step and returns the events.

``python`` does that in plain Python; ``numba`` keeps the position in a NumPy
array and calls a compiled function that does nothing but write the answer
codes the state turns back into objects (the shape of a compiled engine).
Same games, same number of decisions, same lengths of legal lists, same
random choices as ``bench_gold.py``.  Printed beside the plain reference and
the real engine, measured in the same run, with what is left for the rules.

    python benchmarks/bench_floor.py [--games 2000]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np
import plain_gold
from numba import njit

import goldlab
from goldlab.core.state import Step

_new_tuple = tuple.__new__
_EVENT = goldlab.make("gold", players=2, seed=0).setup_events[0]
_EVENTS = (_EVENT,)  # event objects by code


def record(games: int) -> list[list[list[Any]]]:
    """The legal-action lists of each decision of each game of ``bench_gold.py``."""
    out = []
    for g in range(games):
        state = goldlab.make("gold", players=2, seed=g, mode="study")
        rng = random.Random(g)
        lists = []
        while not state.is_terminal():
            legal = state.legal_actions()
            lists.append(legal)
            state.apply(legal[rng.randrange(len(legal))])
        out.append(lists)
    return out


class PythonFloor:
    """The protocol's bookkeeping on a plain turn of Gold!, no rules."""

    def __init__(self, lists: list[list[Any]]) -> None:
        self._lists = lists
        self._next = 0
        self._legal: list[Any] | None = None
        self._history: list[Step] = []
        self._frames: list[tuple[Any, ...]] = []
        self.turn = 0
        self.offer = self.tableaux = self.piles = self.unseen = ()
        self.phase, self.pile_count, self.to_reveal, self.deal_queue = "action", 50, 0, ()
        self.grand_final, self.set_colour, self.box, self.discard = False, None, (), ()

    def is_terminal(self) -> bool:
        return self._next >= len(self._lists)

    def legal_actions(self) -> list[Any]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._lists[self._next]
        return legal.copy()

    def apply(self, action: Any) -> list[Any]:
        legal = self._legal
        assert legal is not None
        for known in legal:
            if known is action:
                break
        else:
            raise ValueError(action)
        seat = self.turn
        self._frames.append((seat, self.offer, self.tableaux, legal, False))
        step = _new_tuple(Step, (seat, action, (_EVENT,)))
        self._history.append(step)
        self.turn = 1 - seat
        self._legal = None
        self._next += 1
        return [step.events[0]]


@njit(cache=False, nogil=True)
def _kernel(a: np.ndarray, code: int, n_legal: int) -> int:  # pragma: no cover
    a[0] = code
    for i in range(n_legal):
        a[16 + i] = i
    a[8] = 0
    return 1


class NumbaFloor(PythonFloor):
    """The same with the position in an array and one compiled call a decision."""

    def __init__(self, lists: list[list[Any]]) -> None:
        super().__init__(lists)
        self._a = np.zeros(160, dtype=np.int16)
        self._codes: list[int] = []

    def legal_actions(self) -> list[Any]:
        legal = self._legal
        if legal is None:
            row = self._lists[self._next]
            self._codes = self._a[16:16 + len(row)].tolist()
            legal = self._legal = list(map(row.__getitem__, self._codes))
        return legal.copy()

    def apply(self, action: Any) -> list[Any]:
        legal = self._legal
        assert legal is not None
        for k in range(len(legal)):  # k: the action's place, used below
            if legal[k] is action:
                break
        else:
            raise ValueError(action)
        a = self._a
        history = self._history
        self._frames.append((a.tobytes(), legal, False))
        m = _kernel(a, self._codes[k], len(self._lists[min(self._next + 1, len(self._lists) - 1)]))
        events = list(map(_EVENTS.__getitem__, a[8:8 + m].tolist()))
        history.append(_new_tuple(Step, (self.turn, action, tuple(events))))
        self.turn = 1 - self.turn
        self._legal = None
        self._next += 1
        return events


def playout(state: Any, rng: random.Random) -> None:
    """Random play to the end: the decision loop every measured state goes through."""
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


def replay(kind: type[PythonFloor], recorded: list[list[list[Any]]]) -> Callable[[], None]:
    def run() -> None:
        for g, lists in enumerate(recorded):
            playout(kind(lists), random.Random(g))
    return run


def engine(seeds: range) -> None:
    """Random games of the real engine, as ``bench_gold.py`` plays them."""
    for g in seeds:
        playout(goldlab.make("gold", players=2, seed=g, mode="study"), random.Random(g))


def plain(seeds: range) -> None:
    """The same number of games of the plain reference."""
    for seed in seeds:
        plain_gold.play(seed, 2)


def rates_taking_turns(runs: list[Callable[[range], None]], games: int, repeats: int,
                       chunk: int = 50) -> list[float]:
    """Games/s of each run, timed by turns on the same chunks of ``chunk`` games.

    The runs take turns chunk by chunk, ``repeats`` rounds, and each chunk counts with
    its best time: a slow spell of a shared machine (which comes and goes within
    seconds) then slows the reference and the engine alike, instead of whichever
    happened to be running, so their ratio holds still from run to run.
    """
    chunks = [range(start, min(start + chunk, games)) for start in range(0, games, chunk)]
    best = [[float("inf")] * len(chunks) for _ in runs]
    for _ in range(repeats):
        for c, seeds in enumerate(chunks):
            for r, run in enumerate(runs):
                start = time.perf_counter()
                run(seeds)
                best[r][c] = min(best[r][c], time.perf_counter() - start)
    return [games / sum(times) for times in best]


def rate(fn: Callable[[], None], games: int, repeats: int) -> float:
    """Best games/s of ``repeats`` runs (the machine may be shared)."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return games / best


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--chunk", type=int, default=50, help="games a turn (reference, engine)")
    args = parser.parse_args()
    if args.games < 1 or args.repeats < 1:
        parser.error("--games and --repeats must be at least 1")
    games = args.games
    # The plain reference and the engine are timed first, while the heap holds
    # nothing else: the recorded games below are hundreds of thousands of lists
    # that every full garbage collection would walk, slowing whatever allocates most.
    reference, engine_rate = rates_taking_turns([plain, engine], games, args.repeats,
                                                 max(1, args.chunk))
    figures = [("engine: legal_actions + apply", engine_rate)]
    recorded = record(games)
    decisions = sum(len(lists) for lists in recorded) / games
    replay(NumbaFloor, recorded[:2])()  # compile before timing
    for name, kind in (("protocol floor, python (no rules)", PythonFloor),
                       ("protocol floor, numba (no rules)", NumbaFloor)):
        figures.append((name, rate(replay(kind, recorded), games, args.repeats)))
    print(f"Gold! 2p, {games} games, {decisions:.1f} decisions a game, best of {args.repeats}, "
          f"one core (reference and engine by turns, {args.chunk} games a turn)")
    print(f"  {'plain reference':34s} {reference:8,.0f} games/s   1.00x")
    for name, r in figures:
        print(f"  {name:34s} {r:8,.0f} games/s  {r / reference:5.2f}x   "
              f"{1e6 / r / decisions:5.2f} us a decision")
    budget = 1e6 / (2 * reference) / decisions
    print(f"  2x plain allows {budget:.2f} us a decision for protocol and rules together")


if __name__ == "__main__":
    main()
