"""The goldlab command line."""

import json
import subprocess
import sys
from pathlib import Path

from goldlab.cli import main


def test_play_prints_the_event_log_and_final_scores(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["play", "gold", "--players", "3", "--seed", "1",
                 "--bots", "random,greedy,greedy"]) == 0
    out = capsys.readouterr().out
    assert "[A) Take a card]" in out and "[Colour scoring]" in out
    assert "Final scores:" in out and "seat 2 (greedy)" in out


def test_play_saves_a_replayable_record(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "g.json"
    assert main(["play", "gold", "--seed", "4", "--record", str(path), "--quiet"]) == 0
    import goldlab

    assert goldlab.load_record(path).replay().is_terminal()
    assert json.loads(path.read_text())["seed"] == 4


def test_bad_input_gives_a_message_not_a_traceback(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["play", "gold", "--players", "3", "--bots", "random,random"]) == 2
    assert "names 2 bots for 3 players" in capsys.readouterr().err
    assert main(["play", "gold", "--bots", "random,wizard"]) == 2
    assert "unknown bot" in capsys.readouterr().err
    assert main(["play", "gold", "-o", "bonus_may_be_declined=maybe"]) == 2


def test_console_script_runs_as_a_module() -> None:
    out = subprocess.run([sys.executable, "-m", "goldlab", "play", "gold", "--quiet"],
                         capture_output=True, text=True, check=True).stdout
    assert "Final scores:" in out


def test_bot_games_of_goldland_use_a_turn_cap_and_say_so(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["play", "goldland", "--players", "2", "--seed", "1",
                 "--bots", "random,random"]) == 0
    out = capsys.readouterr().out
    assert "bot games use turn_cap=100" in out and "Final scores:" in out


def test_bot_play_defaults_can_be_overridden() -> None:
    from goldlab.bots.play import bot_options

    assert bot_options("goldland", {})["turn_cap"] == 100
    assert bot_options("goldland", {"turn_cap": 7})["turn_cap"] == 7
    assert bot_options("gold", {}) == {}


def test_compile_readies_the_kernels_and_says_so(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["compile"]) == 0
    out = capsys.readouterr().out
    assert "goldrush: the search playouts:" in out
    assert "goldland: the simulation fast path:" in out
    assert out.rstrip().endswith("4 kernels ready in numba's cache")


def test_compile_takes_the_games_in_the_order_given(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["compile", "goldrush", "gold"]) == 0
    lines = [line.strip().split(":")[0] for line in capsys.readouterr().out.splitlines()[1:-1]]
    assert lines == ["goldrush", "goldrush", "gold"]


def test_compile_refuses_an_unknown_game_before_compiling(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["compile", "gold", "chess"]) == 2
    captured = capsys.readouterr()
    assert "unknown game 'chess'; available: gold, goldland, goldrush" in captured.err
    assert "compiling" not in captured.out
