"""The ``goldlab simulate`` command: a summary with intervals, results files, clear errors."""

from pathlib import Path

from goldlab.cli import main


def test_simulate_prints_win_rates_with_intervals_and_saves(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    out_file = tmp_path / "results.parquet"
    assert main(["simulate", "gold", "--players", "2", "--bots", "random,greedy", "--games",
                 "30", "--seed", "1", "--workers", "1", "--out", str(out_file), "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "Gold!: 30 games, 2 players, bots random, greedy, seed 1" in out
    assert "seat 0 random" in out and "seat 1 greedy" in out and "By bot:" in out
    assert "[" in out and "Turns per game" in out and "results saved to" in out
    from goldlab.simulation import load_results

    assert len(load_results(out_file)) == 60


def test_simulate_refuses_bad_input_with_a_message(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["simulate", "gold", "--bots", "random,wizard", "--quiet"]) == 2
    assert "unknown bot" in capsys.readouterr().err
    assert main(["simulate", "gold", "--players", "2", "--workers", "0", "--quiet"]) == 2
    assert "workers must be" in capsys.readouterr().err
    assert main(["simulate", "gold", "--players", "2", "--out", str(tmp_path / "r.txt")]) == 2
    assert ".parquet or .csv" in capsys.readouterr().err
    assert main(["simulate", "gold", "--bots", "random", "--quiet"]) == 2
    assert not list(tmp_path.iterdir())


CLUSTER = """
import sys
from dask.distributed import LocalCluster
with LocalCluster(n_workers=1, threads_per_worker=2, processes=False, protocol="tcp",
                  host="127.0.0.1",
                  scheduler_port=0, dashboard_address=None) as cluster:
    print(cluster.scheduler_address, flush=True)
    sys.stdin.read()  # runs until the test closes its input
"""


def test_simulate_runs_on_a_dask_cluster_started_on_its_own(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """``--scheduler ADDRESS``: the run goes to a cluster already running (here one
    started in another process on loopback) and gives the same rows as a serial run."""
    import subprocess
    import sys

    import pandas as pd
    import pytest

    from goldlab.simulation import load_results

    pytest.importorskip("dask.distributed")
    cluster = subprocess.Popen([sys.executable, "-c", CLUSTER], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True)
    try:
        assert cluster.stdout is not None
        address = cluster.stdout.readline().strip()
        assert address.startswith("tcp://127.0.0.1:"), address
        on_cluster, serial = tmp_path / "cluster.csv", tmp_path / "serial.csv"
        run = ["simulate", "gold", "--players", "2", "--bots", "random,greedy", "--games", "40",
               "--seed", "5", "--quiet", "--no-fast"]
        assert main([*run, "--scheduler", address, "--out", str(on_cluster)]) == 0
        assert main([*run, "--backend", "serial", "--out", str(serial)]) == 0
        capsys.readouterr()
        pd.testing.assert_frame_equal(load_results(on_cluster), load_results(serial))
        assert main([*run, "--scheduler", address, "--backend", "serial"]) == 2
        assert "goes with --backend dask" in capsys.readouterr().err
    finally:
        cluster.communicate("", timeout=60)


def test_simulate_says_when_no_scheduler_answers(capsys) -> None:  # type: ignore[no-untyped-def]
    import socket

    import pytest

    pytest.importorskip("dask.distributed")
    with socket.socket() as closed:  # a free port on loopback, nobody listening
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    from goldlab import cli

    cli.SCHEDULER_TIMEOUT = 2  # type: ignore[misc]
    try:
        code = main(["simulate", "gold", "--players", "2", "--games", "4", "--quiet",
                     "--scheduler", f"tcp://127.0.0.1:{port}"])
    finally:
        cli.SCHEDULER_TIMEOUT = 10  # type: ignore[misc]
    assert code == 2
    err = capsys.readouterr().err
    assert "no Dask scheduler answered" in err and "Traceback" not in err
    assert main(["simulate", "gold", "--players", "2", "--scheduler", "tcp:// x"]) == 2
    assert "scheduler's address" in capsys.readouterr().err
