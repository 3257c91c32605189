"""What a game says about itself: one :class:`GameDescription` per game folder.

A game's folder (``goldlab/games/<game>/``, or any package outside goldlab) registers
one description in its ``__init__`` with :func:`goldlab.core.register`; every other
layer (bots, scenarios, interop, simulation, the fast path, the command line, views)
finds the game's pieces through it, so adding a game edits nothing outside its folder.

Every part but the game class is a *reference*: either the object itself or its import
path (``"package.module:attribute"``, or ``"package.module"`` for a module imported for
what it registers), so that describing a game loads nothing heavy.  Standard library only.

>>> import goldlab
>>> from goldlab.core.description import describe
>>> describe("gold").part("results").COLUMNS[0][0]
'sets_scored'
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, fields
from typing import Any

Ref = Any
"""A part of a description: the object, ``"module:attribute"``, or ``"module"``."""


@dataclass(frozen=True)
class GameDescription:
    """Everything goldlab's layers need to know about one game, in one place.

    ``game`` is the :class:`~goldlab.core.game.Game` subclass; the other parts are
    optional references (see the module docstring):

    * ``bots``: a module that calls :func:`goldlab.bots.register_bot` for its bots;
    * ``scenarios``: a module that calls :func:`goldlab.scenarios.register`;
    * ``encoding``: the :class:`goldlab.interop.encoding.Encoding` subclass (the game's
      one table of action integers, its tensors and texts) for OpenSpiel and PettingZoo;
    * ``picture``: a function from a view to an RGB ``numpy`` array (PettingZoo's
      ``rgb_array``);
    * ``results``: a module with ``COLUMNS`` (``(name, meaning)`` pairs) and
      ``collect(state)`` (each column's value per seat) for :func:`goldlab.simulate`;
    * ``fast``: a function ``(bots, options) -> engine or None`` for :mod:`goldlab.fast`;
    * ``presenter``: the :class:`~goldlab.core.presentation.Presenter` subclass views use
      when the game class does not override :meth:`~goldlab.core.game.Game.presenter`;
    * ``rulebook``: the module holding the rulebook's quoted sentences;
    * ``search``: a :class:`goldlab.bots.search.SearchHooks` (a playout policy, a cut-off
      evaluation, ...) that makes the built-in ``ismcts`` bot play this game better.
    """

    name: str
    game: Ref
    bots: Ref = None
    scenarios: Ref = None
    encoding: Ref = None
    picture: Ref = None
    results: Ref = None
    fast: Ref = None
    presenter: Ref = None
    rulebook: Ref = None
    search: Ref = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise ValueError(f"a game description needs a name, got {self.name!r}")

    def has(self, part: str) -> bool:
        """True when the description gives ``part`` (a field name)."""
        return getattr(self, _field(part)) is not None

    def part(self, part: str) -> Any:
        """The part named ``part``, imported if it was given as a path (None if absent)."""
        return resolve(getattr(self, _field(part)))


_FIELDS = frozenset(f.name for f in fields(GameDescription))


def _field(part: str) -> str:
    if part not in _FIELDS:
        raise ValueError(f"a game description has no part {part!r}; parts: "
                         f"{', '.join(sorted(_FIELDS))}")
    return part


def resolve(ref: Ref) -> Any:
    """The object a reference names (a non-text reference is the object itself)."""
    if not isinstance(ref, str):
        return ref
    module, _, attribute = ref.partition(":")
    loaded = importlib.import_module(module)
    return getattr(loaded, attribute) if attribute else loaded


def describe(name: str) -> GameDescription:
    """The description of the game ``name`` (importing its folder if need be)."""
    from goldlab.core.registry import description

    return description(name)


__all__ = ["GameDescription", "Ref", "describe", "resolve"]
