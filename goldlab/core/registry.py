"""The registry of games: ``goldlab.make("gold", players=3, seed=7)``.

Each game registers one :class:`~goldlab.core.description.GameDescription` from its own
folder (:func:`register`).  The built-in games are the sub-packages of
:mod:`goldlab.games`, found without importing them and imported lazily by name, so
importing goldlab stays cheap and a game package is loaded only when it is used.  A
game outside goldlab registers itself the same way, e.g. from its package's
``__init__``.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar

from goldlab.core.description import GameDescription
from goldlab.core.errors import InvalidActionError, OptionsError
from goldlab.core.game import Game
from goldlab.core.notation import shown
from goldlab.core.values import Action

if TYPE_CHECKING:
    from goldlab.core.state import State

_GAMES: dict[str, GameDescription] = {}
_BUILTIN_PACKAGE = "goldlab.games"

Registered = TypeVar("Registered", GameDescription, type[Game])


@cache
def _builtin() -> frozenset[str]:
    """The built-in game folders (sub-packages of :mod:`goldlab.games`), not imported."""
    package = importlib.import_module(_BUILTIN_PACKAGE)
    return frozenset(m.name for m in pkgutil.iter_modules(package.__path__) if m.ispkg)


def register(what: Registered) -> Registered:
    """Register a game: its description, or a bare game class (usable as a decorator).

    A bare class registers a description with the game only (no bots, no encoding...).
    """
    found = what if isinstance(what, GameDescription) else GameDescription(what.name, what)
    _GAMES[found.name] = found
    _MADE.clear()
    return what


_FORGETTERS: list[Callable[[str], None]] = []
"""What each layer does to forget a game (its bots, scenarios, encodings, columns)."""


def when_unregistered(forget: Callable[[str], None]) -> Callable[[str], None]:
    """Have ``forget(name)`` called when a game is unregistered: a layer above the core
    (bots, scenarios, interop, simulation) drops its own tables' entries of that game."""
    _FORGETTERS.append(forget)
    return forget


def unregister(name: str) -> None:
    """Forget a game registered at run time (an example game, a test's game), everywhere:
    its description, its bots, scenarios, encoding and result columns.

    A built-in game (a folder of :mod:`goldlab.games`) cannot be unregistered.

    >>> from goldlab.core.registry import unregister
    >>> unregister("gold")
    Traceback (most recent call last):
    ...
    goldlab.core.errors.OptionsError: gold is a built-in game: it cannot be unregistered
    """
    if name in _builtin():
        raise OptionsError(f"{name} is a built-in game: it cannot be unregistered")
    if name not in _GAMES:
        raise OptionsError(f"no game named {shown(name)} is registered")
    del _GAMES[name]
    _MADE.clear()
    for forget in _FORGETTERS:
        forget(name)


def names() -> list[str]:
    """The names of every available game."""
    return sorted(_builtin() | set(_GAMES))


def find(name: object) -> GameDescription | None:
    """The description of the game ``name``, or None when there is no such game."""
    if not isinstance(name, str):
        return None
    if name not in _GAMES and name in _builtin():
        importlib.import_module(f"{_BUILTIN_PACKAGE}.{name}")
    return _GAMES.get(name)


def description(name: str) -> GameDescription:
    """The description of the game ``name`` (:class:`OptionsError` if there is none)."""
    if not isinstance(name, str):
        raise OptionsError(f"a game is named by text, got {type(name).__name__}; "
                           f"available: {', '.join(names())}")
    found = find(name)
    if found is None:
        raise OptionsError(f"unknown game {name!r}; available: {', '.join(names())}")
    return found


def game_class(name: str) -> type[Game]:
    """The game class registered as ``name``."""
    cls: type[Game] = description(name).part("game")
    return cls


def make_game(name: str, players: int | None = None, **options: Any) -> Game:
    """The game ``name`` for ``players`` players with the given options.

    Games are immutable, so the same request gets the same object (made once).
    Also ``goldlab.game``, its short public name.
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

game = make_game
"""The public short name of :func:`make_game`: ``goldlab.game("gold", players=2)``."""


def make(name: str, players: int | None = None, seed: int | None = None, *,
         mode: str = "play", auto_chance: bool = True, **options: Any) -> State[Any]:
    """A fresh state of game ``name``, set up and ready to play."""
    return make_game(name, players, **options).new_state(seed, mode=mode, auto_chance=auto_chance)


def parse_action(game_or_name: Game | str, text: str) -> Action:
    """Parse action notation for a game (given by name or object)."""
    if not isinstance(text, str):
        raise InvalidActionError(f"action notation must be text, got {text!r}")
    g = game(game_or_name) if isinstance(game_or_name, str) else game_or_name
    return g.parse_action(text)
