"""``goldlab.simulate``: play many games with bots, get one tidy row per game and seat."""

from __future__ import annotations

import dataclasses
import datetime as _dt
import threading
from collections.abc import Sequence
from typing import Any, Literal, overload

import numpy as np
import pandas as pd

from goldlab.bots import make_bot, split_specs
from goldlab.bots.play import bot_options, check_bounded
from goldlab.core.errors import OptionsError
from goldlab.core.notation import shown
from goldlab.core.options import check_flag
from goldlab.core.registry import make_game
from goldlab.simulation.backends import (
    BACKENDS,
    check_workers,
    cpu_count,
    run_dask,
    run_process,
    run_serial,
)
from goldlab.simulation.lineup import LineUp
from goldlab.simulation.runner import Block, Task, build_events, build_frame
from goldlab.simulation.seeds import check_root_seed, fresh_root_seed, game_seeds

SERIAL_BELOW = {"protocol": 400, "fast": 5_000}
"""Without an explicit ``workers``, runs shorter than this stay in this process
(starting workers would cost more than it saves)."""
CHUNK = {"protocol": 250, "fast": 25_000}
"""Largest number of games per task."""


def parse_bots(bots: str | Sequence[str], players: int | None) -> tuple[str, ...]:
    """Bot specs, one per seat: a list, ``"random,greedy"``, or one spec for every seat."""
    if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
        raise OptionsError(f"players must be a whole number, got {players!r}")
    if isinstance(bots, str):
        specs = split_specs(bots)  # "random,,greedy": OptionsError, not two bots
        if len(specs) == 1 and players is not None:
            specs = specs * players
    else:
        specs = list(bots)
        if any(not isinstance(b, str) for b in specs):
            raise OptionsError(
                "simulate takes bot specs (names such as 'random' or 'greedy'), not bot "
                "objects: each game needs fresh bots seeded from its own seed"
            )
        if any(not b.strip() for b in specs):
            raise OptionsError(f"empty bot spec in {specs[:8]!r}: name one bot per seat")
        specs = [b.strip() for b in specs]
    if not specs:
        raise OptionsError("give at least one bot spec per seat, e.g. ['random', 'random']")
    if players is not None and len(specs) != players:
        raise OptionsError(f"bots names {len(specs)} bots for {players} players")
    return tuple(specs)


MAX_GAMES = 10_000_000
"""The most games one run plays: its seeds and rows are allocated up front (ten million
games at two seats are twenty million rows, a few GB); split a larger study into runs."""


def check_count(n_games: object) -> int:
    """``n_games`` as a whole number from 0 to :data:`MAX_GAMES`, else :class:`OptionsError`.

    Checked before anything is allocated (``n_games=10**12`` asked NumPy for 8 TB of seeds).
    """
    if isinstance(n_games, bool) or not isinstance(n_games, int | np.integer) or n_games < 0:
        raise OptionsError(f"n_games must be a whole number >= 0, got {shown(n_games)}")
    if n_games > MAX_GAMES:
        raise OptionsError(f"n_games must be at most {MAX_GAMES:,} in one run, got "
                           f"{shown(int(n_games))}: split the study into several runs")
    return int(n_games)


def plan(game: str, bots: tuple[str, ...], options: dict[str, Any], fast: bool | None,
         events: bool) -> tuple[dict[str, Any], LineUp]:
    """Validate a line-up: (the game's full options, the line-up every task will carry).

    ``options`` should already hold the game's bot-play defaults (:func:`bot_options`);
    the line-up keeps them as the game stored them (a tile file read once), and says
    whether the fast path plays it (its engine is built here, once).
    """
    if fast is not None:
        check_flag(fast, "fast (True, False or None)")
    check_flag(events, "events")
    g = make_game(game, len(bots), **options)  # unknown game, players, options: OptionsError
    check_bounded(g)  # e.g. Goldland with turn_cap=0: bots might never finish
    for seat, spec in enumerate(bots):
        make_bot(game, spec, seat, 0)  # unknown or malformed bot: OptionsError
    full = g.options.to_dict()
    lineup = LineUp(game, bots, {k: full[k] for k in options})
    use_fast = fast is not False and not events and lineup.engine() is not None
    if fast is True and not use_fast:
        why = "events=True needs the protocol engine" if events else (
            f"no fast path for {game} with bots {', '.join(bots)}")
        raise OptionsError(f"fast=True: {why}")
    return full, dataclasses.replace(lineup, fast=True) if use_fast else lineup


def make_tasks(lineup: LineUp, seeds: np.ndarray, first: int, events: bool, workers: int,
               chunk_size: int | None, run_games: int | None = None) -> list[Task]:
    """Cut a run into tasks: a few per worker, at most ``CHUNK`` games each, all carrying
    the one ``lineup``.

    ``seeds[i]`` is the seed of game ``first + i``.  ``run_games`` is the number of
    games in the whole run when these seeds are one part of it (one match of a round
    robin, whose matches share the workers); the chunk size is reckoned from it.
    """
    n = len(seeds)
    total = n if run_games is None else run_games
    engine = "fast" if lineup.fast else "protocol"
    if chunk_size is None:
        chunk_size = max(1, min(CHUNK[engine],
                                -(-total // (4 * workers)) if workers > 1 else total))
    elif isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size < 1:
        raise OptionsError(f"chunk_size must be a whole number >= 1, got {chunk_size!r}")
    return [Task(lineup, seeds[i:i + chunk_size], first + i, events)
            for i in range(0, n, chunk_size)]


COMPILING = "compiling the fast kernel: first use only, up to two minutes"
"""Added to the progress bar's label while numba compiles a kernel on its first use."""
COMPILING_AFTER = 5.0
"""Seconds of preparing a kernel after which the bar says it is compiling: loading the
largest kernel (Goldland's) from the cache takes up to about 2.5 s on a slow machine,
compiling the smallest (Gold!'s) about half a minute."""


def prepare_kernel(task: Task, bar: Any, label: str, *, after: float | None = None) -> None:
    """Compile the fast kernel for ``task`` (or load it from numba's cache) before any game.

    Loading takes a second or two. Compiling, on a kernel's first use on a machine, takes
    from half a minute (Gold!) to two minutes (Goldland), and no game finishes meanwhile:
    when it takes longer than ``after`` seconds (default :data:`COMPILING_AFTER`), the bar
    appears and says why it stands at 0.
    """
    if after is None:
        after = COMPILING_AFTER

    said = threading.Event()

    def say() -> None:
        said.set()
        bar.set_description(f"{label} ({COMPILING})")

    note = threading.Timer(after, say)
    note.daemon = True
    note.start()
    try:
        task.lineup.warm_up()
    finally:
        note.cancel()
        note.join()  # gone before any worker is forked
        if said.is_set():
            bar.set_description(label, refresh=False)
            bar.reset(total=bar.total)  # the rate and time left are the games', not the compiler's


def execute(tasks: Sequence[Task], *, n_games: int, workers: int | None, backend: str | None,
            client: Any, quiet: bool, label: str) -> list[Block]:
    """Run ``tasks`` on the chosen backend with a progress bar."""
    if backend is None:
        backend = "dask" if client is not None else "process"
    if backend not in BACKENDS:
        raise OptionsError(f"backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
    if client is not None and backend != "dask":
        raise OptionsError("a Dask client was given: use backend='dask' (or leave it out)")
    from tqdm.auto import tqdm

    bar = tqdm(total=n_games, disable=quiet, delay=0.5, unit="game", desc=label,
               dynamic_ncols=True, leave=False)
    try:
        if backend == "dask":
            return run_dask(tasks, workers, client, bar.update)
        fast = bool(tasks) and tasks[0].fast
        engine = "fast" if fast else "protocol"
        count = workers if workers is not None else (
            1 if n_games < SERIAL_BELOW[engine] else cpu_count())
        count = min(count, len(tasks)) if tasks else 1
        if fast:
            prepare_kernel(tasks[0], bar, label)  # compile once, up front
        if backend == "serial" or count <= 1:
            return run_serial(tasks, bar.update)
        return run_process(tasks, count, bar.update)
    finally:
        bar.close()


@overload
def simulate(game: str, bots: str | Sequence[str], n_games: int, seed: int | None = ..., *,
             players: int | None = ..., workers: int | None = ..., backend: str | None = ...,
             client: Any = ..., events: Literal[False] = ..., fast: bool | None = ...,
             quiet: bool = ..., chunk_size: int | None = ..., **options: Any) -> pd.DataFrame: ...


@overload
def simulate(game: str, bots: str | Sequence[str], n_games: int, seed: int | None = ..., *,
             players: int | None = ..., workers: int | None = ..., backend: str | None = ...,
             client: Any = ..., events: Literal[True], fast: bool | None = ...,
             quiet: bool = ..., chunk_size: int | None = ...,
             **options: Any) -> tuple[pd.DataFrame, pd.DataFrame]: ...


def simulate(game: str, bots: str | Sequence[str], n_games: int, seed: int | None = None, *,
             players: int | None = None, workers: int | None = None,
             backend: str | None = None, client: Any = None, events: bool = False,
             fast: bool | None = None, quiet: bool = False, chunk_size: int | None = None,
             **options: Any) -> pd.DataFrame | tuple[pd.DataFrame, pd.DataFrame]:
    """Play ``n_games`` games of ``game`` and return one row per game and seat.

    ``bots`` are specs, one per seat (``["random", "greedy"]``, ``"random,greedy"``,
    or ``"random"`` with ``players=3``).  Game ``i`` is seeded from the root ``seed``
    through NumPy's ``SeedSequence``, and its bots from that game seed as in
    :func:`goldlab.bots.play.play_game`, so every row can be replayed on its own and
    the frame is identical whatever ``workers`` or ``backend`` say.  Game options
    are keywords (``start_player=1``); the game's bot-play defaults apply as in
    ``play_game`` (Goldland: a turn cap, since random players may never finish).

    ``backend``: ``"process"`` (default: local workers on all cores for runs long
    enough to pay for them; processes for the protocol engine, threads for the
    fast path, whose kernel releases the GIL), ``"serial"``, or ``"dask"`` (``client=`` a
    ``dask.distributed.Client``, or a local cluster made for the run).  ``fast``:
    None uses the compiled fast path when it supports every bot, False never,
    True insists.  ``events=True`` also returns the long event table (one row per
    event; protocol engine only).  ``quiet`` hides the progress bar.

    The metadata to reproduce the run is in ``frame.attrs["goldlab"]``.

    >>> import goldlab
    >>> df = goldlab.simulate("gold", ["random", "greedy"], 10, seed=7, quiet=True)
    >>> len(df), list(df.columns[:6])
    (20, ['game', 'seed', 'players', 'opt_start_player', 'opt_starting_donkeys', \
'opt_bonus_may_be_declined'])
    >>> int(df.groupby("bot", observed=True)["won"].sum().sum()) >= 10
    True
    """
    specs = parse_bots(bots, players)
    if len(specs) == 1 and players is None:
        raise OptionsError(f"one bot spec, {specs[0]!r}, names one seat: give players= to seat it "
                           f"everywhere, or one spec per seat, e.g. [{specs[0]!r}, {specs[0]!r}]")
    n = check_count(n_games)
    check_flag(quiet, "quiet")
    root = fresh_root_seed() if seed is None else check_root_seed(seed)
    workers = check_workers(workers)
    options = bot_options(game, options)  # as play_game: e.g. Goldland's turn cap
    full_options, lineup = plan(game, specs, options, fast, events)
    seeds = game_seeds(root, n)
    tasks = make_tasks(lineup, seeds, 0, events, workers or cpu_count(), chunk_size)
    blocks = execute(tasks, n_games=n, workers=workers, backend=backend, client=client,
                     quiet=quiet, label=f"{game} {'/'.join(specs)}")
    collector = lineup.collector()
    extra = collector.columns if collector is not None else ()
    frame = build_frame(blocks, specs, full_options, extra)
    frame.attrs["goldlab"] = run_metadata(
        kind="simulation", game=game, bots=list(specs), players=len(specs), n_games=n,
        seed=root, options=full_options, engine="fast" if lineup.fast else "protocol",
        frame=frame,
    )
    if events:
        return frame, build_events(blocks)
    return frame


def run_metadata(*, kind: str, game: str, frame: pd.DataFrame, **fields: Any) -> dict[str, Any]:
    """The JSON-friendly metadata stored with results."""
    from goldlab import __version__

    return {
        "format": "goldlab-results",
        "format_version": 1,
        "kind": kind,
        "goldlab": __version__,
        "game": game,
        **fields,
        "created": _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
        "dtypes": {c: str(t) for c, t in frame.dtypes.items()},
    }
