"""benchmarks/soak.py: the conformance kit over many games, from the command line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOAK = ROOT / "benchmarks" / "soak.py"


def _soak(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SOAK), *args], capture_output=True, text=True,
                          check=False, cwd=ROOT, timeout=120)


def test_a_small_soak_reports_its_totals_and_no_violation() -> None:
    done = _soak("--game", "goldrush", "--games", "3", "--workers", "1", "-o", "edition=B")
    assert done.returncode == 0, done.stderr
    assert "games: 3" in done.stdout and "violations: 0" in done.stdout


def test_a_bad_game_or_option_is_refused_before_any_worker_starts() -> None:
    for args, named in ((["--game", "goldrush", "-o", "nosuch=3"], "nosuch"),
                        (["--game", "nogame"], "nogame"),
                        (["--game", "gold", "--players", "7"], "2-3 players"),
                        (["--game", "gold", "-o", "novalue"], "key=value")):
        done = _soak(*args, "--games", "5", "--workers", "1")
        assert done.returncode == 2, (args, done.stdout, done.stderr)
        assert named in done.stderr and "Traceback" not in done.stderr, done.stderr
