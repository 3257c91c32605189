"""What a game says about itself: one :class:`GameDescription` per game folder.

A game's folder (``goldlab/games/<game>/``, or any package outside goldlab) registers
one description in its ``__init__`` with :func:`goldlab.core.register`; every other
layer (bots, scenarios, interop, simulation, the fast path, the command line, views)
finds the game's pieces through it, so adding a game edits nothing outside its folder.

Every part but the game class is a *reference*: either the object itself or its import
path (``"package.module:attribute"``, ``"package.module:Class.method"``, or
``"package.module"`` for a module imported for what it registers), so that describing a
game loads nothing heavy.  Standard library only.

>>> import goldlab
>>> from goldlab.core.description import describe
>>> describe("gold").part("results").COLUMNS[0][0]
'sets_scored'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Literal, Protocol, overload

if TYPE_CHECKING:
    from goldlab.core.game import Game
    from goldlab.core.presentation import Presenter
    from goldlab.core.state import State

Ref = Any
"""A part of a description: the object, ``"module:attribute"``, or ``"module"``."""


class Results(Protocol):
    """The ``results`` part: a game's own columns in a simulation's results (a module, or
    any object, with these two)."""

    COLUMNS: tuple[tuple[str, str], ...]
    """(name, meaning) of each column, in the order the results show them."""

    def collect(self, state: State[Any], /) -> dict[str, list[Any]]:
        """Each column's value per seat, from a finished state."""
        ...


FastEngine = Callable[[Any], tuple[dict[str, Any], dict[str, Any]]]
"""A compiled player: game seeds (a ``uint64`` array) -> (per-game columns, per-seat
columns), each a name -> array mapping (:mod:`goldlab.fast`)."""

FastPath = Callable[[Sequence[str], Mapping[str, Any]], FastEngine | None]
"""The ``fast`` part: (bot specs, options) -> the compiled player of that line-up, or None
when the game's twin cannot play it."""

Picture = Callable[[Any], Any]
"""The ``picture`` part: a view -> an RGB ``numpy`` array of shape (height, width, 3)."""

PresenterPart = Callable[["Game"], "Presenter"]
"""The ``presenter`` part: a game -> its :class:`~goldlab.core.presentation.Presenter`."""


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
      (:meth:`~goldlab.core.game.Game.presenter` makes it; without one, the plain one);
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

    @overload
    def part(self, part: Literal["results"]) -> Results | None: ...
    @overload
    def part(self, part: Literal["fast"]) -> FastPath | None: ...
    @overload
    def part(self, part: Literal["picture"]) -> Picture | None: ...
    @overload
    def part(self, part: Literal["presenter"]) -> PresenterPart | None: ...
    @overload
    def part(self, part: str) -> Any: ...

    def part(self, part: str) -> Any:
        """The part named ``part``, imported if it was given as a path (None if absent).

        ``results``, ``fast``, ``picture`` and ``presenter`` are typed (:class:`Results`,
        :data:`FastPath`, :data:`Picture`, :data:`PresenterPart`), so a caller's use of
        them is checked across the registry.
        """
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
    found: Any = importlib.import_module(module)
    for name in attribute.split(".") if attribute else ():
        found = getattr(found, name)  # "module:Class.method" names a class's method
    return found


def describe(name: str) -> GameDescription:
    """The description of the game ``name`` (importing its folder if need be)."""
    from goldlab.core.registry import description

    return description(name)


__all__ = ["FastEngine", "FastPath", "GameDescription", "Picture", "PresenterPart", "Ref",
           "Results", "describe", "resolve"]
