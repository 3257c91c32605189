"""Game options: one frozen dataclass per game.

An option that encodes a reading of an unclear rule links the entry in
``docs/rulings.md`` that explains it, through :func:`ruling_option`.
"""

from __future__ import annotations

import dataclasses
import operator
from dataclasses import dataclass, field
from typing import Any, Self

from goldlab.core.errors import OptionsError

RULINGS_DOC = "docs/rulings.md"


def ruling_option(default: Any, ruling: str, doc: str) -> Any:
    """A dataclass field for an option that encodes the ruling with anchor ``ruling``."""
    return field(default=default, metadata={"ruling": ruling, "doc": doc})


def plain_option(default: Any, doc: str) -> Any:
    """A dataclass field for an ordinary option (no ruling behind it)."""
    return field(default=default, metadata={"doc": doc})


@dataclass(frozen=True)
class GameOptions:
    """Base of every game's options.  Subclasses add fields and ``validate``."""

    @classmethod
    def from_kwargs(cls, **kwargs: Any) -> Self:
        """Build options from keywords, refusing unknown names with the valid ones listed."""
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(kwargs) - names)
        if unknown:
            raise OptionsError(
                f"unknown option(s) {', '.join(unknown)} for {cls.__name__}; "
                f"valid options: {', '.join(sorted(names)) or 'none'}"
            )
        for f in dataclasses.fields(cls):
            if f.name in kwargs:
                _check_type(cls.__name__, f, kwargs[f.name])
        options = cls(**kwargs)
        options.validate()
        return options

    def validate(self) -> None:
        """Raise :class:`OptionsError` if a combination of values is not allowed."""

    def to_dict(self) -> dict[str, Any]:
        """The options as a JSON-friendly dict."""
        return dataclasses.asdict(self)

    @classmethod
    def describe(cls) -> list[dict[str, Any]]:
        """One row per option: name, default, doc and ruling anchor (if any)."""
        rows = []
        for f in dataclasses.fields(cls):
            ruling = f.metadata.get("ruling")
            rows.append(
                {
                    "option": f.name,
                    "default": f.default,
                    "doc": f.metadata.get("doc", ""),
                    "ruling": f"{RULINGS_DOC}#{ruling}" if ruling else None,
                }
            )
        return rows


def _check_type(owner: str, f: dataclasses.Field[Any], value: Any) -> None:
    default = f.default
    if default is dataclasses.MISSING or default is None:
        return
    expected = type(default)
    ok = isinstance(value, expected) and not (expected is int and isinstance(value, bool))
    if expected is bool:
        ok = isinstance(value, bool)
    if not ok:
        raise OptionsError(
            f"option {f.name} of {owner} must be {expected.__name__}, got {value!r}"
        )


# ------------------------------------------------------------ loose inputs
MAX_SEED = 2**64 - 1
"""The largest seed: seeds are saved in records and results, so they fit 64 bits."""


def check_seed(seed: object, name: str = "seed") -> int:
    """``seed`` as a whole number in ``0 .. MAX_SEED``, else :class:`OptionsError`.

    NumPy integers are accepted; bools, floats and text are refused, not converted.
    """
    value = _whole(seed)
    if value is None:
        raise OptionsError(f"{name} must be a whole number >= 0, got {_short(seed)}")
    if not 0 <= value <= MAX_SEED:
        raise OptionsError(
            f"{name} must be a whole number from 0 to 2**64 - 1, got {_short(value)}")
    return value


def check_flag(value: object, name: str) -> bool:
    """``value`` if it is ``True`` or ``False``; anything else (``"no"``, 0) is refused."""
    if not isinstance(value, bool):
        raise OptionsError(f"{name} must be True or False, got {_short(value)}")
    return value


def check_choice(value: object, choices: tuple[str, ...], name: str) -> str:
    """``value`` if it is one of ``choices``, else :class:`OptionsError` listing them."""
    if not isinstance(value, str) or value not in choices:
        raise OptionsError(f"{name} must be one of {', '.join(map(repr, choices))}, "
                           f"got {_short(value)}")
    return value


def check_seat(player: object, players: int) -> int:
    """``player`` as a seat number of a ``players``-player game (bools refused)."""
    seat = _whole(player)
    if seat is None:
        raise OptionsError(f"a seat is a whole number from 0 to {players - 1}, "
                           f"got {_short(player)}")
    if not 0 <= seat < players:
        raise OptionsError(f"no seat {_short(seat)} in a {players}-player game")
    return seat


def _whole(value: object) -> int | None:
    """``value`` as an int if it is a whole number (NumPy's too), not a bool; else None."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def _short(value: object, limit: int = 40) -> str:
    """``repr(value)``, cut to ``limit`` characters so an error never echoes a huge input."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"a {value.bit_length()}-bit number"
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."
