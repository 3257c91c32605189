"""Compile the numba kernels ahead of time, so nobody waits for them mid-lesson.

The fast path of a game (``goldlab.simulate(..., fast=True)``) and Mount
Goldrush's search playouts run in numba kernels, compiled on first use and then
kept in numba's cache (next to the installed package when it is writable, else
in the user's cache). A first use in a fresh environment therefore waits for the
compiler: about half a minute for Gold!'s or Mount Goldrush's fast path, two minutes
for Goldland's (its rules, legal steps and heuristic) and ten seconds for the
playouts. :func:`compile_kernels` (``goldlab compile``) does that once, up
front: Binder's ``postBuild`` runs it, and a teacher can run it before class.

The cache holds code for one kind of processor. Binder builds the image on one
machine and runs it on others, so its ``postBuild`` and ``start`` set
``NUMBA_CPU_NAME=generic``: code any x86-64 processor runs, which measured as
fast as the native code for these kernels.

>>> from goldlab.simulation.kernels import compile_kernels
>>> for what, seconds in compile_kernels():  # doctest: +SKIP
...     print(what)
gold: the simulation fast path
goldland: the simulation fast path
goldrush: the simulation fast path
goldrush: the search playouts
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from goldlab import fast as fast_path
from goldlab.bots.search import hooks_for
from goldlab.core.registry import make, make_game, names


def compile_kernels(report: Callable[[str, float], None] | None = None,
                    games: Sequence[str] | None = None) -> list[tuple[str, float]]:
    """Compile (or load from numba's cache) every kernel of ``games`` (default: every game).

    The games are done in the order given (``goldlab compile goldrush gold``).
    Returns one (what, seconds) pair per kernel, in the order done; ``report`` is
    given each pair as soon as it is done (``goldlab compile`` prints them). A game's fast path is
    compiled by a one-game run with random players (the same kernel plays every
    bot it supports); a search whose game scores candidates with compiled playouts
    (``candidate_values``) by scoring two legal actions on one deal.
    """
    known = names()
    chosen = list(known if games is None else games)
    unknown = [name for name in chosen if name not in known]
    if unknown:
        raise ValueError(f"no game named {unknown[0]!r}; the games are {', '.join(known)}")
    done: list[tuple[str, float]] = []

    def timed(what: str, work: Callable[[], object]) -> None:
        start = time.perf_counter()
        work()
        done.append((what, time.perf_counter() - start))
        if report is not None:
            report(*done[-1])

    for name in chosen:
        players = make_game(name).players
        bots = ["random"] * players
        if fast_path.supports(name, bots, {}):
            timed(f"{name}: the simulation fast path",
                  lambda: fast_path.warm_up(name, bots, {}))  # noqa: B023 - called at once
        hooks = hooks_for(name)
        score = hooks.candidate_values
        if score is not None:
            state = make(name, players, seed=0)
            actions = state.legal_actions()[:2]
            timed(f"{name}: the search playouts",
                  lambda: score(state, actions, random.Random(0), 1))  # noqa: B023
    return done


__all__ = ["compile_kernels"]
