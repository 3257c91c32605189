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
