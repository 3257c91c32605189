r"""Checks every game's notation parser shares: bounded input, short echoes.

Notation comes from people, files and network peers, so a parser first
refuses text that is too long to be an action (Python refuses to read a
number of more than 4,300 digits, and nothing in any game needs more than a
few), refuses anything but ASCII (so ``flip ٣`` or an Arabic-Indic seat
number is no action: Python's ``int`` and ``\d`` would read them as digits),
and an error message quotes at most a short prefix of what it was given.
"""

from __future__ import annotations

from goldlab.core.errors import InvalidActionError

MAX_NOTATION = 200
"""The longest action notation any game reads (a record's steps are shorter still)."""
SHOWN = 40
"""How many characters of bad input an error message quotes."""


def shown(value: object, limit: int = SHOWN) -> str:
    """``repr`` of ``value`` cut to its first ``limit`` characters, marked when cut."""
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return f"{value[:limit]!r}... ({len(value)} characters)"
    if isinstance(value, int | float | bool) or value is None:
        text = repr(value) if not isinstance(value, int) or abs(value) < 10**limit else "a number"
        return text[:limit]
    return f"a {type(value).__name__}"


def notation_text(text: object, title: str) -> str:
    """``text`` if it can be action notation of the game ``title``, else InvalidActionError."""
    if not isinstance(text, str):
        raise InvalidActionError(f"{title} action notation must be text, got {shown(text)}")
    if len(text) > MAX_NOTATION:
        raise InvalidActionError(
            f"{shown(text)} is too long to be a {title} action "
            f"(at most {MAX_NOTATION} characters)"
        )
    if not text.isascii():
        raise InvalidActionError(
            f"cannot read {shown(text)} as a {title} action: notation is ASCII text "
            "(letters, the digits 0-9, spaces and punctuation)"
        )
    return text
