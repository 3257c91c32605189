"""benchmarks/bench_pyodide.py: the engine in Pyodide beside CPython, in a tiny run."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "benchmarks" / "bench_pyodide.py"
CACHED = ROOT / "build" / "bench-pyodide" / "pyodide-0.27.6" / "pyodide.mjs"
MISSING = 3  # bench_pyodide.MISSING: node or Pyodide is missing


def _bench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(BENCH), *args], capture_output=True, text=True,
                          check=False, cwd=ROOT, timeout=300)


@pytest.mark.slow
def test_a_tiny_run_plays_the_same_games_in_pyodide_and_cpython_and_prints_the_ratios() -> None:
    if shutil.which("node") is None:
        pytest.skip("node (Node.js) is not installed: Pyodide cannot run")
    if not CACHED.is_file() and shutil.which("npm") is None:
        pytest.skip("Pyodide is not in build/bench-pyodide and npm is not installed to fetch it")
    done = _bench("--games", "3", "--rounds", "1")
    if done.returncode == MISSING:
        pytest.skip(f"Pyodide is missing: {done.stderr.strip()}")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "(final scores agree): yes" in done.stdout, done.stdout
    for name in ("Gold!", "Mount Goldrush", "Goldland"):
        line = next(line for line in done.stdout.splitlines() if line.strip().startswith(name))
        assert line.split()[-5].endswith("x"), line  # the ratio, CPython / Pyodide
    assert "Pyodide 0.27.6 (Python 3.12" in done.stdout


def test_a_bad_count_is_refused_with_a_usage_message() -> None:
    for args in (["--games", "0"], ["--games", "many"], ["--rounds", "-1"]):
        done = _bench(*args)
        assert done.returncode == 2, (args, done.stdout, done.stderr)
        assert done.stderr.startswith("usage:") and "Traceback" not in done.stderr, done.stderr
