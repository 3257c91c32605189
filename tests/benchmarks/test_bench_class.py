"""The class benchmarks (issue 45 §3) in short runs, so they cannot rot.

Each runs the benchmark script as a teacher would, against the real ``goldlab classroom``
command, on a tiny stand-in for the built site (an index page, lesson 1's page and a large
file: the server only serves them), so the suite needs no ``dev.py lite`` build for these.
The full runs and their figures: docs/lessons.md, "The class as one experiment".
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BENCHMARKS = ROOT / "benchmarks"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A stand-in student site: the start page, lesson 1's page and Pyodide's big file."""
    root = tmp_path_factory.mktemp("site")
    (root / "index.html").write_text("<!doctype html><title>goldlab</title>", encoding="utf-8")
    page = root / "lessons" / "voici" / "render" / "1-flip-the-odds.html"
    page.parent.mkdir(parents=True)
    page.write_text("<!doctype html><title>Flip the odds</title>" + "<p>gold</p>" * 5000,
                    encoding="utf-8")
    wasm = root / "lessons" / "static" / "pyodide" / "pyodide.asm.wasm"
    wasm.parent.mkdir(parents=True)
    wasm.write_bytes(os.urandom(300_000))
    return root


def _bench(script: str, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(BENCHMARKS / script), *args], capture_output=True,
                          text=True, check=False, cwd=ROOT, timeout=timeout)


def test_a_short_class_loses_no_row_and_its_dashboard_equals_the_file(site: Path) -> None:
    """Five students for 10 s, the hostile clients and a flood of 300 bad requests."""
    done = _bench("bench_class_load.py", "--students", "5", "--minutes", "0.17",
                  "--bad-requests", "300", "--site", str(site))
    out = done.stdout
    assert done.returncode == 0, out[-3000:] + done.stderr[-2000:]
    assert re.search(r"lost / doubled / changed\s+0 / 0 / 0", out), out
    acknowledged = re.search(r"rows acknowledged / in the file\s+(\d+) / (\d+)", out)
    assert acknowledged and int(acknowledged[1]) == int(acknowledged[2]) > 30, out
    for line in ("every acknowledged row is in the file exactly once",
                 "the dashboard's figures equal a recount of the file",
                 "a flood of 60 rows at once: at most 30 counted, the rest 429",
                 "the look-alike name 'ANN' is refused: 409",
                 "200 new ids asked from one address: the address is limited (429)"):
        assert f"ok   {line}" in out, (line, out)
    assert re.search(r"ratio under flood / quiet \(p50, p95\)\s+[\d.]+x, [\d.]+x", out), out
    assert re.search(r"server RSS at start / peak / end\s+\d+ / \d+ / \d+ MiB", out), out


def test_a_kill_and_restart_keeps_every_row_once_and_a_taken_port_is_refused(
        site: Path) -> None:
    done = _bench("bench_class_faults.py", "--cases", "kill,port,locked", "--students", "4",
                  "--rows", "10", "--site", str(site))
    assert done.returncode == 0, done.stdout + done.stderr[-2000:]
    kill = next(line for line in done.stdout.splitlines() if " kill " in line)
    assert "40 rows acknowledged, 40 in the file: 0 lost, 0 doubled" in kill, kill
    assert "0 in the file never acknowledged" in kill, kill
    port = next(line for line in done.stdout.splitlines() if " port " in line)
    assert re.search(r"exit status [1-9]", port) and "is in use" in port, port
    locked = next(line for line in done.stdout.splitlines() if " locked " in line)
    assert "503 'Not saved: tell your teacher.'" in locked and "database is locked" in locked


def test_the_benchmarks_refuse_bad_options_and_a_missing_site(tmp_path: Path) -> None:
    done = _bench("bench_class_faults.py", "--cases", "kill,nosuch", timeout=30)
    assert done.returncode == 2 and "nosuch" in done.stderr, done.stderr
    done = _bench("bench_class_load.py", "--site", str(tmp_path), timeout=30)
    assert done.returncode == 3 and "dev.py lite" in done.stderr, done.stderr
