"""The conformance kit on Mount Goldrush: both editions, 2-5 players, and the ruling options."""

from __future__ import annotations

import pytest

from goldlab.testing import check_game


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("edition", ["A", "B"])
def test_conformance(edition: str, players: int) -> None:
    report = check_game("goldrush", players, games=5, seed=players,
                        options={"edition": edition})
    assert report.ok and report.games == 5
    assert report.actions_checked > 0 and report.refusals_checked > 0


@pytest.mark.parametrize("options", [
    {"layout": "grid", "start_player": 1},
    {"dead_position": "end", "stall_limit": 2},
    {"edition": "B", "colours": "violet+red,green+orange", "stall_limit": 1},
])
def test_conformance_with_other_options(options: dict[str, object]) -> None:
    assert check_game("goldrush", 2, games=3, seed=9, options=options).ok
