"""`goldlab play goldrush ...` prints a readable game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from goldlab.cli import main


def test_play_prints_a_readable_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    code = main(["play", "goldrush", "--players", "4", "--seed", "3", "--bots",
                 "perfect,forgetful:0.3,limited:6,random", "--record", str(record)])
    out = capsys.readouterr().out
    assert code == 0
    assert out.startswith("Mount Goldrush: 4 players, seed 3")
    assert "MinesChosen seat 0: green" in out and "CardFlipped turn 1: seat 0 flips #" in out
    assert "GoldRushBegins" in out and "GameOver" in out and "Final scores:" in out
    assert "seat 3 (random)" in out
    data = json.loads(record.read_text())
    assert data["game"] == "goldrush" and data["scores"] is not None


def test_play_with_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "goldrush", "--players", "2", "--seed", "1", "--bots", "perfect,random",
                 "-o", "edition=B", "-o", "layout=grid", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Final scores:")


def test_bad_bot_spec_is_reported(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "goldrush", "--players", "2", "--bots", "perfect,forgetful:7"]) == 2
    assert "bad bot spec" in capsys.readouterr().err
