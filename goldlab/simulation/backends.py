"""Where tasks run: in this process, in local workers, or on a Dask cluster.

Every backend returns the blocks of all tasks (in any order: the frame is
sorted by game afterwards) and moves a ``tqdm.auto`` progress bar by the
number of games each finished task played.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import warnings
from collections.abc import Callable, Sequence
from concurrent.futures import (
    Executor,
    Future,
    ProcessPoolExecutor,
    ThreadPoolExecutor,
    as_completed,
)
from typing import Any

from goldlab.core.errors import OptionsError
from goldlab.simulation.runner import Block, Task, run_task

BACKENDS: tuple[str, ...] = ("serial", "process", "dask")
Progress = Callable[[int], Any]


def cpu_count() -> int:
    """Cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


class WorkersWarning(UserWarning):
    """More workers were asked for than there are cores: the run uses the cores."""


def check_workers(workers: object) -> int | None:
    """``workers`` as a positive int (or None for 'all cores'), else :class:`OptionsError`.

    More workers than cores would only add processes competing for the same cores
    (``workers=1000`` would start 1000 of them): the count is capped at the cores,
    with a :class:`WorkersWarning`.
    """
    if workers is None:
        return None
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise OptionsError(f"workers must be a whole number >= 1 (or None for all cores), "
                           f"got {str(workers)[:40]!r}")
    cores = cpu_count()
    if workers > cores:
        warnings.warn(f"workers={workers} is more than the {cores} cores this process may "
                      f"use: using {cores}", WorkersWarning, stacklevel=3)
        return cores
    return workers


def run_serial(tasks: Sequence[Task], progress: Progress) -> list[Block]:
    """Run the tasks one after another in this process."""
    blocks = []
    for task in tasks:
        block = run_task(task)
        progress(block.count)
        blocks.append(block)
    return blocks


def _pool_context() -> Any:
    # fork: workers start at once and inherit whatever is imported and compiled already
    # (the fast path's kernel above all).  Elsewhere, the platform's default.
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else None)


def run_process(tasks: Sequence[Task], workers: int, progress: Progress) -> list[Block]:
    """Run the tasks in a pool of ``workers`` local processes.

    Fast-path tasks run in threads instead: the compiled kernel releases the GIL,
    so threads use every core without starting processes or copying results.
    """
    pool: Executor
    if all(task.fast for task in tasks):
        pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="goldlab-fast")
    else:
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=_pool_context(),
                                   initializer=_ignore_interrupts)
    blocks = []
    with pool:
        futures = [pool.submit(run_task, task) for task in tasks]
        try:
            for future in as_completed(futures):
                block = future.result()
                progress(block.count)
                blocks.append(block)
        except BaseException:
            _stop(pool, futures)
            raise
    return blocks


def _ignore_interrupts() -> None:
    # Ctrl-C reaches every process of the terminal's group: the parent alone handles it
    # (and stops the workers), so no worker prints a traceback of its own.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop(pool: Executor, futures: Sequence[Future[Block]]) -> None:
    """Stop a failed or interrupted run at once instead of finishing the queued tasks."""
    if not isinstance(pool, ProcessPoolExecutor):
        for future in futures:  # threads cannot be stopped: drop the tasks not started
            future.cancel()
        return
    # Terminate the workers; the pool then fails every pending future itself (cancelling
    # them first trips a Python 3.11 bug).  There is no public way to stop running
    # workers before Python 3.14 (terminate_workers), hence the private list.
    processes: dict[int, Any] = getattr(pool, "_processes", None) or {}
    for process in list(processes.values()):
        process.terminate()


def run_dask(tasks: Sequence[Task], workers: int | None, client: Any,
             progress: Progress) -> list[Block]:
    """Run the tasks on a Dask cluster: ``client``'s, or a local one made for this run."""
    try:
        from dask.distributed import Client, LocalCluster
        from dask.distributed import as_completed as dask_completed
    except ImportError as exc:  # pragma: no cover - dask is in the analysis extra
        raise OptionsError("backend='dask' needs dask.distributed: "
                           "pip install 'goldlab[analysis]'") from exc
    own = client is None
    cluster = None
    if own:
        cluster = LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=workers or cpu_count(), threads_per_worker=1, processes=True,
            dashboard_address=":0")
        client = Client(cluster)  # type: ignore[no-untyped-call]
    try:
        futures = client.map(run_task, list(tasks), pure=False)
        blocks = []
        for future in dask_completed(futures):  # type: ignore[no-untyped-call]
            block = future.result()
            progress(block.count)
            blocks.append(block)
        return blocks
    finally:
        if own:
            client.close()
            assert cluster is not None
            cluster.close()
