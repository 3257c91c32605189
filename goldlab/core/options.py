"""Game options: one frozen dataclass per game.

An option that encodes a reading of an unclear rule links the entry in
``docs/rulings.md`` that explains it, through :func:`ruling_option`.
"""

from __future__ import annotations

import dataclasses
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
