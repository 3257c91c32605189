"""Base classes for the small immutable value objects of every game.

An :class:`Action` is what a player (or chance) does; an :class:`Event` is what
the rules made happen because of it.  Both are frozen dataclasses whose ``str``
is readable notation; actions' notation parses back with the game's parser.
Every event names the rulebook section that produced it.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Self, TypeVar, overload


@dataclass(frozen=True, slots=True)
class Action:
    """A move a player can choose.  Subclasses define ``__str__`` as notation."""

    def __str__(self) -> str:  # pragma: no cover - every subclass overrides
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class ChanceOutcome(Action):
    """A move made by chance (a card revealed, a tile drawn).

    Its notation starts with ``chance:`` so it can never be mistaken for a
    player's action, e.g. ``chance: reveal blue:6``.
    """


@dataclass(frozen=True, slots=True)
class Event:
    """Something the rules did.  ``rule`` names the rulebook section."""

    rule: ClassVar[str] = ""

    def describe(self) -> str:
        """The event's text without the rule tag."""
        return type(self).__name__

    def __str__(self) -> str:
        return f"{self.describe()} [{self.rule}]"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly form: the event kind, its text and its rule."""
        return {"event": type(self).__name__, "text": self.describe(), "rule": self.rule}


class View:
    """Base of the immutable views a state gives its players (``state.observation``).

    One recipe serves every game's view:

    * what the view reads off the state when it is made is one ``NamedTuple`` (the
      *held* fields: no copying, a position's zones are immutable tuples), named in
      the class statement: ``class GoldView(View, held=Seen)``;
    * each public field held as it is becomes a read-only property of that name
      (a subclass that shows a held value differently defines the property itself);
    * a field that takes work is a :class:`worked_out` property, computed from the
      held fields when first read and then kept, so a bot that never reads it never
      pays for it;
    * ``_FIELD_NAMES`` lists the public fields in order: equality, hashing, ``repr``
      and pickling go through them, and no attribute can be set or deleted.

    A view is made with ``cls.holding(held)``.
    """

    __slots__ = ("_held", "_kept")

    _FIELD_NAMES: ClassVar[tuple[str, ...]] = ()
    _HELD: ClassVar[type[tuple[Any, ...]] | None] = None

    _held: tuple[Any, ...]
    _kept: dict[str, Any] | None

    def __init_subclass__(cls, held: type[tuple[Any, ...]] | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if held is None:
            return
        cls._HELD = held
        held_names: tuple[str, ...] = held._fields  # type: ignore[attr-defined]
        for name in cls._FIELD_NAMES:
            if any(name in vars(k) for k in cls.__mro__[:-1] if k is not View):
                continue  # the subclass shows this field itself
            if name not in held_names:
                raise TypeError(f"{cls.__name__}.{name} is neither held nor worked out")
            setattr(cls, name, property(operator.attrgetter(f"_held.{name}"),
                                        doc=f"The view's ``{name}``."))

    @classmethod
    def holding(cls, held: tuple[Any, ...]) -> Self:
        """A view of this class holding ``held`` (an instance of the class's held tuple)."""
        view = _new(cls)
        _set(view, "_held", held)
        _set(view, "_kept", None)
        return view

    def _fields(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self._FIELD_NAMES)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, type(self)):
            return NotImplemented
        return self._held == other._held or self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._FIELD_NAMES)
        return f"{type(self).__name__}({fields})"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (_view_holding, (type(self), tuple(self._held)))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a {type(self).__name__} is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a {type(self).__name__} is immutable: cannot delete {name!r}")


_T = TypeVar("_T")
_new = object.__new__
_set = object.__setattr__


class worked_out(Generic[_T]):  # lower case: a decorator, like ``property``
    """A view's field computed from its held fields when first read, then kept.

    >>> from typing import NamedTuple
    >>> class Held(NamedTuple):
    ...     cards: tuple[int, ...]
    >>> class Hand(View, held=Held):
    ...     _FIELD_NAMES = ("cards", "total")
    ...     @worked_out
    ...     def total(self) -> int:
    ...         return sum(self.cards)
    >>> hand = Hand.holding(Held((3, 4)))
    >>> hand.total, hand
    (7, Hand(cards=(3, 4), total=7))
    """

    def __init__(self, work: Callable[[Any], _T]) -> None:
        self.work = work
        self.name = work.__name__
        self.__doc__ = work.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, view: None, owner: type | None = None) -> worked_out[_T]: ...

    @overload
    def __get__(self, view: View, owner: type | None = None) -> _T: ...

    def __get__(self, view: View | None, owner: type | None = None) -> _T | worked_out[_T]:
        if view is None:
            return self
        kept = view._kept
        if kept is None:
            kept = {}
            _set(view, "_kept", kept)
        try:
            value: _T = kept[self.name]
        except KeyError:
            value = kept[self.name] = self.work(view)
        return value


def _view_holding(cls: type[View], held: tuple[Any, ...]) -> View:
    """Unpickle a view: its class and its held fields."""
    assert cls._HELD is not None
    return cls.holding(cls._HELD(*held))
