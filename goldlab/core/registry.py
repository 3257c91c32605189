"""The registry of games: ``goldlab.make("gold", players=3, seed=7)``.

Built-in games are imported lazily by name, so importing goldlab stays cheap
and a game package is loaded only when it is used.
"""

from __future__ import annotations

import importlib
import os
from typing import Any

from goldlab.core.errors import InvalidActionError, OptionsError
from goldlab.core.game import Game
from goldlab.core.state import State
from goldlab.core.values import Action

_BUILTIN: dict[str, str] = {
    "gold": "goldlab.games.gold",
    "goldrush": "goldlab.games.goldrush",
    "goldland": "goldlab.games.goldland",
}
_GAMES: dict[str, type[Game]] = {}


def register(cls: type[Game]) -> type[Game]:
    """Register a game class under ``cls.name`` (usable as a class decorator)."""
    _GAMES[cls.name] = cls
    _MADE.clear()
    return cls


def names() -> list[str]:
    """The names of every available game."""
    return sorted(set(_BUILTIN) | set(_GAMES))


def game_class(name: str) -> type[Game]:
    """The game class registered as ``name``."""
    if not isinstance(name, str):
        raise OptionsError(f"a game is named by text, got {type(name).__name__}; "
                           f"available: {', '.join(names())}")
    if name not in _GAMES and name in _BUILTIN:
        importlib.import_module(_BUILTIN[name])
    try:
        return _GAMES[name]
    except KeyError:
        raise OptionsError(f"unknown game {name!r}; available: {', '.join(names())}") from None


def game(name: str, players: int | None = None, **options: Any) -> Game:
    """The game ``name`` for ``players`` players with the given options.

    Games are immutable, so the same request gets the same object (made once).
    """
    if any(isinstance(v, os.PathLike) for v in options.values()):
        return game_class(name)(players, **options)  # a file is read afresh: it may have changed
    try:
        key = (name, type(players), players,
               tuple(sorted((k, type(v), v) for k, v in options.items())) if options else ())
        found = _MADE.get(key)
    except TypeError:  # an unhashable option value: no sharing, the game checks it
        return game_class(name)(players, **options)
    if found is None:
        found = game_class(name)(players, **options)
        if len(_MADE) < _MADE_LIMIT:
            _MADE[key] = found
    return found


_MADE: dict[tuple[Any, ...], Game] = {}
_MADE_LIMIT = 1024


def make(name: str, players: int | None = None, seed: int | None = None, *,
         mode: str = "play", auto_chance: bool = True, **options: Any) -> State[Any]:
    """A fresh state of game ``name``, set up and ready to play."""
    return game(name, players, **options).new_state(seed, mode=mode, auto_chance=auto_chance)


def parse_action(game_or_name: Game | str, text: str) -> Action:
    """Parse action notation for a game (given by name or object)."""
    if not isinstance(text, str):
        raise InvalidActionError(f"action notation must be text, got {text!r}")
    g = game(game_or_name) if isinstance(game_or_name, str) else game_or_name
    return g.parse_action(text)
