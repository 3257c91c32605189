"""Helpers shared by the Mount Goldrush tests (imported by name: not a conftest)."""

from __future__ import annotations

from typing import Any

from goldlab.core.registry import make_game
from goldlab.games.goldrush import GoldrushGame, GoldrushState


def goldrush(players: int = 4, **options: Any) -> GoldrushGame:
    """A Mount Goldrush game object."""
    g = make_game("goldrush", players, **options)
    assert isinstance(g, GoldrushGame)
    return g


def position(players: int = 4, options: dict[str, Any] | None = None,
             **kwargs: Any) -> GoldrushState:
    """``GoldrushState.from_position`` on a fresh game."""
    return GoldrushState.from_position(goldrush(players, **(options or {})), **kwargs)
