"""The view layer's shape: it uses nothing private of the engine (or of another object),
and each of its parts stays small enough to read and to test alone (issue 46).

The engine offers what a view needs as public API (``goldlab.core.replay`` for the
replay: a game's start, its frames, a turn taken back, a record for a player); a view that
reached into ``state._history`` or imported ``_rng_to_json`` again would break whenever the
engine's insides change, unseen.  Parsed with :mod:`ast`, so nothing is imported or run.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

VIEWS = Path(__file__).resolve().parents[2] / "goldlab" / "views"
MODULES = sorted(VIEWS.glob("*.py"))

MAX_CLASS_LINES = 300
"""A class of the view layer is at most this long (GameView was 593 lines, Table 559)."""

MAX_FUNCTION_LINES = 80
"""A function of the view layer is at most this long."""

OWN = ("self", "cls")
"""The names through which a class may use its own private attributes."""


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_uses(source: str) -> list[str]:
    """Each use of something private of another object or module in ``source``: an
    attribute ``x._name`` read or written on anything but ``self``/``cls``, or an import of
    a private name or module; as ``"line: what"``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            owner = node.value
            if not (isinstance(owner, ast.Name) and owner.id in OWN):
                found.append(f"{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            names = [alias.name for alias in node.names]
            if any(_private(part) for part in module.split(".")) or any(map(_private, names)):
                found.append(f"{node.lineno}: from {module} import {', '.join(names)}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if any(_private(part) for part in alias.name.split(".")):
                    found.append(f"{node.lineno}: import {alias.name}")
    return found


def test_the_check_finds_what_the_view_layer_did_before_issue_46() -> None:
    """The check can fail: the table's old frame code, read back as the check reads it."""
    old = ("from goldlab.core.state import CHANCE, State, _rng_to_json\n"
           "class Frames:\n"
           "    def __init__(self, start):\n"
           "        walker = start.clone()\n"
           "        walker._frames = []\n"
           "        self._covers = [len(walker._history)]\n")
    assert private_uses(old) == ["1: from goldlab.core.state import CHANCE, State, _rng_to_json",
                                 "5: walker._frames", "6: walker._history"]
    assert private_uses("self._x = 1\ncls._y = 2\nstate.__class__\n") == []


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_a_view_module_uses_nothing_private_of_another_object(path: Path) -> None:
    assert private_uses(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_every_class_and_function_of_the_views_is_short_enough_to_read(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    long = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            limit = MAX_CLASS_LINES if isinstance(node, ast.ClassDef) else MAX_FUNCTION_LINES
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            if length > limit:
                long.append(f"{node.name}: {length} lines (at most {limit})")
    assert long == []


def test_the_table_is_put_together_from_parts_each_in_its_own_module() -> None:
    """Who sits where, the bots' worker and the replay: each a class of its own module."""
    classes = {path.stem: {n.name for n in ast.parse(path.read_text(encoding="utf-8")).body
                           if isinstance(n, ast.ClassDef)} for path in MODULES}
    assert {"Seating"} <= classes["seats"]
    assert {"BotsWorker"} <= classes["bots_worker"]
    assert {"Replay"} <= classes["replay"]
    assert {"Table"} <= classes["table"] and {"GameView"} <= classes["game_view"]


def test_every_synced_trait_is_listed_and_drawn_by_the_front_end_on_its_change() -> None:
    """The synced state is the traits of ``drawing.TRAITS`` (and ``thinking``), and the
    front end has a drawing function for each, called on its change event: nothing is
    synced that is not drawn, nothing drawn that is not synced."""
    from goldlab.views import GameView, drawing

    synced = {name for name in GameView.class_trait_names(sync=True)
              if not name.startswith("_") and name not in _WIDGET_TRAITS}
    assert synced == {*drawing.TRAITS, "thinking"}
    script = (VIEWS.parents[1] / "widgets" / "game_view.js").read_text(encoding="utf-8")
    # Each part of the front end says which traits it draws: watch(ctx, ["board", ...], draw).
    watched = {trait for names in re.findall(r"watch\(ctx, \[([^\]]*)\]", script)
               for trait in re.findall(r'"(\w+)"', names)}
    assert watched == synced, (watched ^ synced)
    assert "change:${trait}" in script and "change:payload" not in script


_WIDGET_TRAITS = {"layout", "tabbable", "tooltip"}
"""ipywidgets' own public synced traits, beside the view's."""
