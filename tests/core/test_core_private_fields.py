"""The core's own fields stay the core's: no game and no view reads or writes them (issue 46).

A state's history, its listing of the legal actions, its undo frames and its recorded start
are kept by :class:`goldlab.core.state.State`.  A game tells the core what it needs through
the core's protocol (``_restore``, ``_hand_built``, ``_become_position``, ``_record_chance``,
``_next_legal``) and reads what it needs through public accessors (``legal_listing``,
``last_step``, ``history``, ``position``, ``start_json``); a game's ``_save``/``_load`` are
called by the core on the state itself, never on another object.  Parsed with :mod:`ast`,
so nothing is imported or run.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "goldlab"
CHECKED = sorted([*(PACKAGE / "games").rglob("*.py"), *(PACKAGE / "views").glob("*.py")])

CORE_FIELDS = ("_legal", "_history", "_start", "_frames")
"""The core's fields: read or written by nothing outside ``goldlab/core``, not even on
``self`` (a game's state is a ``State``, but these are not its to keep)."""

GAME_HOOKS = ("_save", "_load")
"""A game's snapshot hooks: the core calls them on the state itself; anything else uses
``position()`` to read and ``_restore`` to load (which keeps the core's listing right)."""

OWN = ("self", "cls")


def core_field_uses(source: str) -> list[str]:
    """Each use of a core field, or of a game's snapshot hook on another object, in
    ``source``: as ``"line: what"``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Attribute):
            continue
        own = isinstance(node.value, ast.Name) and node.value.id in OWN
        if node.attr in CORE_FIELDS or (node.attr in GAME_HOOKS and not own):
            found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


def test_the_check_finds_what_the_games_did_before() -> None:
    """The check can fail: lines the games held before the core's protocol, read as it
    reads them (Gold!'s observation, every game's ``_load``, Gold!'s inspector)."""
    old = ("listed = state._legal\n"
           "history = state._history\n"
           "self._legal = None\n"
           "start = self._start\n"
           "state._load(after._save())\n"
           "self._load(snapshot)\n"
           "state._restore(after.position())\n")
    assert core_field_uses(old) == ["1: state._legal", "2: state._history", "3: self._legal",
                                    "4: self._start", "5: state._load", "5: after._save"]


@pytest.mark.parametrize("path", CHECKED, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_game_or_view_touches_the_cores_fields(path: Path) -> None:
    assert core_field_uses(path.read_text(encoding="utf-8")) == []
