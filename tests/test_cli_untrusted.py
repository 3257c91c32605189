"""Every CLI failure is one line, output paths are checked before the work, Ctrl-C is clean."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from goldlab.cli import main
from goldlab.simulation import backends


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "goldlab", *args], capture_output=True,
                          text=True, timeout=120, check=False)


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


def test_a_negative_seed_is_one_line_not_a_traceback() -> None:
    done = run_cli("play", "gold", "--seed", "-1")
    assert done.returncode == 2
    assert one_line(done.stderr) == (
        "goldlab: seed must be a whole number from 0 to 2**64 - 1, got -1")
    assert done.stdout == ""


def test_a_bad_path_for_the_record_is_refused_before_the_game(tmp_path: Path) -> None:
    done = run_cli("play", "gold", "--seed", "1", "--record", str(tmp_path / "no" / "x.json"))
    assert done.returncode == 2
    assert "--record" in one_line(done.stderr) and "does not exist" in done.stderr
    assert done.stdout == ""  # no game was played


@pytest.mark.parametrize(("args", "expected"), [
    (["play", "gold", "--seed", str(2**64)], "seed must be a whole number from 0 to 2**64 - 1"),
    (["play", "gold", "--bots", "random,,greedy"], "empty bot spec in 'random,,greedy'"),
    (["simulate", "gold", "--bots", "random,,greedy", "--games", "2"], "empty bot spec"),
    (["play", "goldland", "-o", "turn_cap=0"], "turn_cap=0 has no bound"),
    (["simulate", "goldland", "--players", "2", "-o", "turn_cap=0", "--games", "2"],
     "turn_cap=0 has no bound"),
    (["play", "gold", "-o", "start_player=yes"], "option start_player of GoldOptions must be int"),
    (["play", "gold", "--players", "x"], "argument --players: invalid int value"),
    (["play", "nogame"], "invalid choice"),
    (["simulate", "gold", "--players", "2", "--workers", "0"], "workers must be"),
])
def test_every_failure_is_one_line(args: list[str], expected: str,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = main(args)
    except SystemExit as exc:  # argparse's own errors
        code = exc.code  # type: ignore[assignment]
    assert code == 2
    captured = capsys.readouterr()
    assert expected in one_line(captured.err)
    assert captured.out == ""


def test_output_paths_are_checked_before_any_work(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    a_file = tmp_path / "file"
    a_file.write_text("x")
    cases = [
        (["play", "gold", "--record", str(tmp_path)], "is a folder, not a file"),
        (["simulate", "gold", "--players", "2", "--games", "3", "--quiet",
          "--out", str(a_file / "results.csv")], "is a file, not a folder"),
        (["simulate", "gold", "--players", "2", "--games", "3", "--quiet",
          "--out", str(tmp_path) + "/"], "must end in .parquet or .csv"),
    ]
    for args, expected in cases:
        assert main(args) == 2
        captured = capsys.readouterr()
        assert expected in one_line(captured.err)
        assert captured.out == ""  # nothing was played or simulated
    # --out makes missing folders, so a new folder is fine
    out = tmp_path / "new" / "results.csv"
    assert main(["simulate", "gold", "--players", "2", "--games", "3", "--quiet",
                 "--out", str(out)]) == 0
    assert out.is_file()


def test_too_many_workers_are_capped_with_a_one_line_warning(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(backends, "cpu_count", lambda: 1)
    assert main(["simulate", "gold", "--players", "2", "--games", "3", "--quiet",
                 "--workers", "1000"]) == 0
    captured = capsys.readouterr()
    assert one_line(captured.err) == (
        "goldlab: warning: workers=1000 is more than the 1 cores this process may use: using 1")
    assert "Gold!: 3 games" in captured.out


# A long run on the protocol engine (--no-fast): Goldland's random players would otherwise
# play on its compiled twin, whose first use compiles for about two minutes.
@pytest.mark.parametrize("args", [
    ["simulate", "goldland", "--players", "2", "--games", "100000", "--workers", "2",
     "--no-fast"],
    ["simulate", "goldland", "--players", "2", "--games", "100000", "--backend", "serial",
     "--no-fast"],
], ids=["worker-processes", "serial"])
def test_ctrl_c_prints_one_line_and_exits_130(args: list[str]) -> None:
    # A new session, and the signal sent to the whole group, as a terminal's Ctrl-C does:
    # the worker processes get it too.
    process = subprocess.Popen([sys.executable, "-m", "goldlab", *args, "--quiet"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)
    try:
        time.sleep(4)  # well into the run (goldlab imports in about a second)
        assert process.poll() is None, "the run finished before it could be interrupted"
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 130, err[-3000:]
    assert one_line(err) == "goldlab: interrupted"
    assert out == ""


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux /proc")
def test_a_folder_where_nothing_can_be_written_is_refused_before_the_work(
        capsys: pytest.CaptureFixture[str]) -> None:
    # os.access says yes to root everywhere; the check really tries to write.
    assert main(["simulate", "gold", "--players", "2", "--games", "3", "--quiet",
                 "--out", "/proc/goldlab-test/results.csv"]) == 2
    captured = capsys.readouterr()
    assert "cannot write in the folder '/proc'" in one_line(captured.err)
    assert captured.out == ""


def test_ctrl_c_while_the_command_line_loads_is_one_line(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    # An interrupt during the command line's imports (the first tenth of a second).
    import builtins

    from goldlab import _launch

    real_import = builtins.__import__

    def interrupted(name: str, *args: object, **kwargs: object) -> object:
        if name == "goldlab.cli":
            raise KeyboardInterrupt
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", interrupted)
    assert _launch.main() == 130
    assert capsys.readouterr().err == "goldlab: interrupted\n"


def _interrupt_inside_a_callback() -> None:
    """Ctrl-C while C code has called back into Python, as numba's compiler does: the
    ``KeyboardInterrupt`` is raised inside the callback, where ctypes drops it."""
    import ctypes

    callback = ctypes.CFUNCTYPE(None)(lambda: signal.raise_signal(signal.SIGINT))
    callback()


def test_ctrl_c_dropped_inside_a_callback_still_stops_the_run(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from goldlab import cli

    def long_run(args: object) -> int:
        _interrupt_inside_a_callback()
        # ten seconds of waiting that the interrupt must stop, as a wait for a worker's result
        threading.Event().wait(10)
        return 0

    handler, hook = signal.getsignal(signal.SIGINT), sys.unraisablehook
    monkeypatch.setattr(cli, "_simulate", long_run)
    start = time.monotonic()
    assert main(["simulate", "gold", "--games", "1"]) == 130
    assert time.monotonic() - start < 5
    assert capsys.readouterr().err == "goldlab: interrupted\n"  # not ctypes' "ignored"
    assert signal.getsignal(signal.SIGINT) is handler and sys.unraisablehook is hook


def test_a_failure_after_ctrl_c_is_reported_as_the_interrupt(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # Ctrl-C reaches the worker processes too; the run may first fail on one that stopped.
    from goldlab import cli

    def broken(args: object) -> int:
        _interrupt_inside_a_callback()
        raise RuntimeError("a worker process stopped")

    monkeypatch.setattr(cli, "_simulate", broken)
    assert main(["simulate", "gold", "--games", "1"]) == 130
    assert capsys.readouterr().err == "goldlab: interrupted\n"

    def failing(args: object) -> int:  # without Ctrl-C, the same failure is not hidden
        raise RuntimeError("a worker process stopped")

    monkeypatch.setattr(cli, "_simulate", failing)
    with pytest.raises(RuntimeError, match="worker"):
        main(["simulate", "gold", "--games", "1"])


def test_a_run_too_large_for_memory_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "gold", "--players", "2", "--games", str(10**12), "--quiet"])
    assert code == 2
    captured = capsys.readouterr()
    assert "n_games must be at most 10,000,000" in one_line(captured.err)


def test_memory_running_out_is_one_line(monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    import goldlab.simulation

    def exhausted(*args: object, **kwargs: object) -> None:
        raise MemoryError("Unable to allocate 7.28 TiB for an array")

    monkeypatch.setattr(goldlab.simulation, "simulate", exhausted)
    code = main(["simulate", "gold", "--players", "2", "--games", "5", "--quiet"])
    assert code == 1
    assert "not enough memory" in one_line(capsys.readouterr().err)


def test_play_draws_a_seed_nobody_can_guess_unless_given(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    seeds = []
    for k in range(3):
        path = tmp_path / f"game{k}.json"
        assert main(["play", "gold", "--quiet", "--record", str(path)]) == 0
        seeds.append(json.loads(path.read_text(encoding="utf-8"))["seed"])
    assert len(set(seeds)) == 3 and all(0 <= s < 2**63 for s in seeds)
    assert max(seeds) > 2**40  # not a small number a bot could try out
    assert main(["play", "gold", "--seed", "5"]) == 0
    assert "seed 5," in capsys.readouterr().out
