"""A teacher's first Run All of each notebook on a fresh install, timed.

"Fresh" means numba's cache is empty: goldlab's fast kernels (``@njit(cache=True)``) are
kept in ``__pycache__`` beside the installed package, or in ``$NUMBA_CACHE_DIR`` when it is
set. Each notebook runs in a new kernel (``jupyter nbconvert --execute``: the kernel's
start is counted, as a teacher waits for it too) with ``NUMBA_CACHE_DIR`` pointing at a
new empty folder, so nothing compiled by an earlier run (or by the other notebooks) helps.

Two set-ups are timed:

- ``cold``: nothing compiled ahead (a teacher who opens a notebook the moment the
  install ends, before ``goldlab compile`` has finished in the background);
- ``ahead``: ``goldlab compile`` (which ``python3 dev.py lab`` and ``setup`` start in the
  background, and Binder's postBuild runs in the image) has filled the cache first.

Each run prints its wall time and its CPU time (nbconvert and the kernel): on a shared
machine the wall time grows with the load, the CPU time hardly, and on an idle one the wall
time is about the CPU time or less (the fast path plays on both cores). The goal (issue 31):
every notebook's first Run All under 30 s on 2 cores; a run counts as slow when both its
wall and its CPU time are over 30 s.

    python benchmarks/bench_first_run.py [--setup cold|ahead|both] [notebook ...]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
GOAL = 30.0


def all_notebooks() -> list[Path]:
    found = sorted(NOTEBOOKS.glob("*.ipynb")) + sorted((NOTEBOOKS / "lessons").glob("*.ipynb"))
    return [p for p in found if ".ipynb_checkpoints" not in p.parts]


def fresh_env(cache: Path) -> dict[str, str]:
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache))
    env.pop("NUMBA_DISABLE_JIT", None)
    return env


def compile_ahead(cache: Path) -> tuple[float, float]:
    """``goldlab compile`` into `cache`: (wall, CPU) seconds."""
    cpu = children_cpu()
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "goldlab", "compile"], env=fresh_env(cache),
                   check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start, children_cpu() - cpu


def children_cpu() -> float:
    """CPU seconds of this process's finished children and their waited-for children."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_all(notebook: Path, cache: Path, out: Path) -> tuple[float, float]:
    """Run every cell of `notebook` in a new kernel, as Run All does: (wall, CPU) seconds.

    The CPU seconds (of nbconvert and the kernel together) do not grow with the machine's
    load as the wall time does: on a shared machine they say what an idle one would take
    (less, where the fast path's threads use both cores)."""
    cpu = children_cpu()
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute",
         "--ExecutePreprocessor.timeout=1200", "--ExecutePreprocessor.store_widget_state=False",
         f"--output-dir={out}", str(notebook)],
        env=fresh_env(cache), cwd=notebook.parent, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - start
    if done.returncode:
        raise SystemExit(f"{notebook.name} failed:\n{done.stderr[-3000:]}")
    return seconds, children_cpu() - cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: every notebook")
    parser.add_argument("--setup", choices=["cold", "ahead", "both"], default="both")
    args = parser.parse_args(argv)
    notebooks = [p.resolve() for p in args.notebooks] or all_notebooks()
    setups = ["cold", "ahead"] if args.setup == "both" else [args.setup]
    print(f"{os.cpu_count()} cores; load average {os.getloadavg()[0]:.2f} at the start")
    slow = 0
    with tempfile.TemporaryDirectory(prefix="first-run-") as tmp:
        base = Path(tmp)
        ahead_cache = base / "ahead-cache"
        if "ahead" in setups:
            wall, cpu = compile_ahead(ahead_cache)
            print(f"goldlab compile (ahead): {wall:.1f} s wall, {cpu:.1f} s CPU", flush=True)
        print(f"{'notebook':36}" + "".join(f"{s + ' wall / CPU':>24}" for s in setups)
              + "   load", flush=True)
        for i, notebook in enumerate(notebooks):
            row = []
            for setup in setups:
                cache = ahead_cache if setup == "ahead" else base / f"cold-cache-{i}"
                wall, cpu = run_all(notebook, cache, base / "out")
                slow += min(wall, cpu) > GOAL
                row.append(f"{wall:13.1f} s {cpu:6.1f} s")
            print(f"{notebook.relative_to(NOTEBOOKS).as_posix():36}" + "".join(row)
                  + f"   {os.getloadavg()[0]:5.2f}", flush=True)
    print(f"load average {os.getloadavg()[0]:.2f} at the end; "
          f"{'every run' if not slow else f'{slow} run(s) NOT'} under {GOAL:.0f} s")
    return 1 if slow else 0


if __name__ == "__main__":
    raise SystemExit(main())
