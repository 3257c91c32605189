"""Round robins: every group of bots in every cyclic seating, on the same game seeds.

Every group of ``players`` distinct bots (every pair, for two players) meets in
every cyclic seating, so each bot sits in each seat equally often and no bot
profits from a seat advantage.  All seatings of all groups play the same game
seeds (the same decks, the same shuffles): a bot's result differs from
another's because of how it played, not because it drew other cards.  This is
"common random numbers", which narrows the comparison.

This module plays the games and returns the tidy frame;
:func:`goldlab.analysis.round_robin` wraps it in a ``Tournament`` with its tables.

>>> from goldlab.simulation.tournament import play_round_robin
>>> df = play_round_robin("gold", ["random", "greedy"], 5, seed=1, quiet=True)
>>> len(df), list(df.columns[:3]), sorted(df["rotation"].unique().tolist())
(20, ['match', 'lineup', 'rotation'], [0, 1])
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from goldlab.bots.play import bot_options
from goldlab.core.errors import OptionsError
from goldlab.simulation.api import check_count, execute, make_tasks, plan, run_metadata
from goldlab.simulation.backends import check_workers, cpu_count
from goldlab.simulation.collectors import collector_for
from goldlab.simulation.runner import Block, Task, build_frame
from goldlab.simulation.seeds import check_root_seed, fresh_root_seed, game_seeds


def round_robin_entries(bots: Sequence[str] | Mapping[str, str]) -> list[tuple[str, str]]:
    """(label, spec) per entry: distinct specs, or a mapping from labels to specs."""
    if isinstance(bots, Mapping):
        entries = [(str(label).strip(), str(spec).strip()) for label, spec in bots.items()]
    else:
        entries = [(b.strip(), b.strip()) for b in bots]
    labels = [label for label, _ in entries]
    if len(set(labels)) != len(labels):
        raise OptionsError(f"round_robin needs distinct bots, got {', '.join(labels)} "
                           "(give a mapping of labels to specs to enter a bot twice)")
    return entries


def play_round_robin(game: str, bots: Sequence[str] | Mapping[str, str], n_games: int,
                     seed: int | None = None, *, players: int = 2, workers: int | None = None,
                     backend: str | None = None, client: Any = None,
                     fast: bool | None = None, quiet: bool = False,
                     **options: Any) -> pd.DataFrame:
    """Play every group of ``players`` distinct bots in every cyclic seating.

    One row per game and seat, as :func:`goldlab.simulate` gives, with ``match``,
    ``lineup`` and ``rotation`` columns in front; the ``bot`` column holds the labels
    (``bots`` may map labels to specs to enter one bot twice).  Each seating plays
    ``n_games`` games with the seeds of ``goldlab.simulate(..., seed=seed)``.  All
    matches are cut into tasks by :func:`~goldlab.simulation.api.make_tasks` and share
    one pool of workers.
    """
    entries = round_robin_entries(bots)
    specs = tuple(label for label, _ in entries)
    spec_of = dict(entries)
    if isinstance(players, bool) or not isinstance(players, int):
        raise OptionsError(f"players must be a whole number, got {players!r}")
    if len(specs) < players:
        raise OptionsError(f"a round robin of {players}-player games needs at least {players} "
                           f"bots, got {len(specs)}")
    n = check_count(n_games)
    root = fresh_root_seed() if seed is None else check_root_seed(seed)
    workers = check_workers(workers)
    options = bot_options(game, options)
    seeds = game_seeds(root, n)
    matches: list[tuple[int, tuple[int, ...], int, tuple[str, ...]]] = []
    for group in itertools.combinations(range(len(specs)), players):
        for rotation in range(players):
            seating = group[rotation:] + group[:rotation]
            matches.append((len(matches), group, rotation, tuple(specs[i] for i in seating)))
    tasks: list[Task] = []
    full_options: dict[str, Any] = {}
    engines = set()
    for index, _group, _rotation, lineup in matches:
        lineup_specs = tuple(spec_of[label] for label in lineup)
        full_options, one = plan(game, lineup_specs, options, fast, False)
        engines.add("fast" if one.fast else "protocol")
        tasks += make_tasks(one, seeds, index * n, False, workers or cpu_count(), None,
                            run_games=n * len(matches))
    blocks = execute(tasks, n_games=n * len(matches), workers=workers, backend=backend,
                     client=client, quiet=quiet, label=f"{game} round robin")
    collector = collector_for(game)
    extra = collector.columns if collector is not None else ()
    by_match: dict[int, list[Block]] = {}
    for block in blocks:
        by_match.setdefault(block.first // n if n else 0, []).append(block)
    frames = []
    for index, group, rotation, lineup in matches:
        frame = build_frame(by_match.get(index, []), lineup, full_options, extra,
                            categories=specs)
        frame.insert(0, "match", np.int64(index))
        frame.insert(1, "lineup", " vs ".join(specs[i] for i in group))
        frame.insert(2, "rotation", np.int64(rotation))
        frames.append(frame)
    results = pd.concat(frames, ignore_index=True)
    results["bot"] = pd.Categorical(results["bot"].astype(str), categories=sorted(specs))
    results["lineup"] = results["lineup"].astype("category")
    results.attrs["goldlab"] = run_metadata(
        kind="tournament", game=game, bots=dict(entries), players=players, n_games=n,
        seed=root, options=full_options, engine="+".join(sorted(engines)), frame=results,
    )
    return results
