"""Which goldlab games and player counts the interop tests cover: every game with an encoding."""

from __future__ import annotations

from typing import Any

import goldlab
from goldlab.core.registry import game_class
from goldlab.interop.encoding import encoded_games

GAMES: list[str] = encoded_games()
"""Every goldlab game that has an interop encoding."""
CASES: list[tuple[str, int]] = [
    (name, players)
    for name in GAMES
    for players in range(game_class(name).min_players, game_class(name).max_players + 1)
]
"""(game, player count) for every encoded game and every player count it allows."""
NOT_ENCODED: list[str] = [name for name in goldlab.names() if name not in GAMES]
"""Registered goldlab games the adapters do not cover yet."""
OPTIONS: dict[str, dict[str, Any]] = {"goldland": {"turn_cap": 6}}
"""Options that keep the tests short: random Goldland players seldom end a game."""
FIXED_ACTION_SPACE: list[str] = ["gold", "goldrush"]
"""Games whose ``candidate_actions`` is exactly their action space (Goldland's adds
deliberately malformed actions for refusal tests)."""


def options(name: str) -> dict[str, Any]:
    """The test options of game ``name``."""
    return dict(OPTIONS.get(name, {}))


def case_id(case: tuple[str, int]) -> str:
    """``gold-2p``."""
    return f"{case[0]}-{case[1]}p"
