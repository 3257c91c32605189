"""The intents a :class:`~goldlab.views.game_view.GameView` takes from its front end.

The front end sends one small object per click or key, e.g. ``{"type": "click", "target":
"offer-2"}`` or ``{"type": "step", "value": -1}``.  Nothing of it is trusted:
:func:`checked_message` bounds its size before anything reads it, and each handler of
:data:`HANDLERS` checks every field it reads (a bad one raises :class:`Refused`, whose
sentence the view shows) before it calls the view's public method that does the work.

>>> checked_message({"type": "step", "value": 1})
{'type': 'step', 'value': 1}
>>> whole(2.0, "a step"), clamp(9, 0, 4)
(2, 4)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from goldlab.views.table import WATCH_SPEEDS

if TYPE_CHECKING:
    from goldlab.views.game_view import GameView

MESSAGE_MAX_DEPTH = 8
"""How deep a browser message may nest (the front end sends one object of plain values)."""
MESSAGE_MAX_VALUES = 1000
"""How many values a browser message may hold, nested ones included."""


class Refused(ValueError):
    """A message from the browser that the view refuses (its reason is the error shown)."""


def checked_message(content: object) -> dict[str, Any]:
    """``content`` if it is a message the view reads: an object of at most
    :data:`MESSAGE_MAX_VALUES` values nested at most :data:`MESSAGE_MAX_DEPTH` deep, else
    :class:`Refused` in one short sentence.

    Nothing of the message is converted or shown before this: the walk uses no recursion
    and reads only the lengths of the containers it meets, stopping at the first past
    either bound, so refusing a million values costs as little as refusing ten.
    """
    if not isinstance(content, dict):
        raise Refused(f"a message is an object with a 'type', not {type(content).__name__}")
    values = 0
    pending: list[tuple[object, int]] = [(content, 1)]
    while pending:
        value, depth = pending.pop()
        if not isinstance(value, dict | list | tuple):
            continue
        values += len(value)
        if depth > MESSAGE_MAX_DEPTH or values > MESSAGE_MAX_VALUES:
            raise Refused(f"a message is one object of at most {MESSAGE_MAX_VALUES:,} values "
                          f"nested at most {MESSAGE_MAX_DEPTH} deep")
        inner = [*value, *value.values()] if isinstance(value, dict) else value
        pending.extend((item, depth + 1) for item in inner)
    return content


def whole(value: object, name: str) -> int:
    """``value`` as a whole number, or :class:`Refused` naming ``name``: an int (not a
    bool) or a float with a whole value (JavaScript sends numbers as floats)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise Refused(f"{name} must be a whole number, not {type(value).__name__}")
    if isinstance(value, float):
        if not math.isfinite(value) or not value.is_integer():
            raise Refused(f"{name} must be a whole number, not {value!r}")
        value = int(value)
    return value


def clamp(value: int, low: int, high: int) -> int:
    """``value`` moved into ``low..high``."""
    return max(low, min(value, high))


Handler = Callable[["GameView", Any, dict[str, Any]], None]
"""What an intent does: (the view, the message's ``value``, the whole message); it checks
every field it reads (a bad one raises :class:`Refused`) before it changes anything."""


def _click(view: GameView, _value: Any, content: dict[str, Any]) -> None:
    target = content.get("target")
    if not isinstance(target, str) or len(target) > 200:
        raise Refused("a click names its target as text")
    view.click(target)


def _notation(view: GameView, value: Any, _content: dict[str, Any]) -> None:
    if not isinstance(value, str) or not value.strip() or len(value) > 200:
        raise Refused("type an action in notation, e.g. the example under the box")
    view.request(value.strip())


def _goto(view: GameView, value: Any, content: dict[str, Any]) -> None:
    view.goto(whole(value, "the frame"), whole(content.get("page", 0) or 0, "the page"))


def _seat(view: GameView, value: Any, _content: dict[str, Any]) -> None:
    if isinstance(value, bool) or not isinstance(value, str | int | None):
        raise Refused(f"a seat is a number, 'all' or 'public', not {value!r}"[:120])
    view.set_seat(value)


def _switch(what: str, method: Callable[[GameView, bool], None]) -> Handler:
    """The handler of an on/off intent: ``value`` must be true or false."""
    def handle(view: GameView, value: Any, _content: dict[str, Any]) -> None:
        if not isinstance(value, bool):
            raise Refused(f"{what} is on or off (true or false)")
        method(view, value)
    return handle


def _bot(view: GameView, value: Any, content: dict[str, Any]) -> None:
    seat = content.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or not isinstance(value, str):
        raise Refused("a seat's player is a seat number and a choice of its menu")
    view.set_bot_from_menu(seat, value)


def _load(view: GameView, value: Any, _content: dict[str, Any]) -> None:
    if not isinstance(value, str):
        raise Refused("load takes the text of a record")
    view.load(value)


def _clear(view: GameView, _value: Any, _content: dict[str, Any]) -> None:
    view.clear()


def _plain(method: Callable[[GameView], Any]) -> Handler:
    """The handler of an intent that carries nothing: it calls ``method``."""
    def handle(view: GameView, _value: Any, _content: dict[str, Any]) -> None:
        method(view)
    return handle


def _branch(view: GameView, value: Any, _content: dict[str, Any]) -> None:
    """Play from here: under the game's own luck, or with ``value`` true under new luck."""
    if value is not None and not isinstance(value, bool):
        raise Refused("play from here takes new luck as true or false")
    view.play_from_here(fresh_luck=bool(value))


def _speed(view: GameView, value: Any, _content: dict[str, Any]) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float) or (
            value not in WATCH_SPEEDS):
        raise Refused(f"a speed is one of {', '.join(f'{s:g}' for s in WATCH_SPEEDS)} "
                      "moves a second")
    view.set_speed(float(value))


HANDLERS: dict[str, Handler] = {
    "click": _click,
    "notation": _notation,
    "step": lambda view, value, _content: view.step(whole(value, "a step")),
    "goto": _goto,
    "home": _plain(lambda view: view.home()),
    "end": _plain(lambda view: view.end()),
    "seat": _seat,
    "memory": _switch("memory mode", lambda view, on: view.set_memory(on)),
    "projector": _switch("projector mode", lambda view, on: view.set_projector(on)),
    "bot": _bot,
    "undo": _plain(lambda view: view.undo()),
    "glimpse": _plain(lambda view: view.show_last_turn()),
    "bots": _plain(lambda view: view.let_bots_move()),
    "new": _plain(lambda view: view.new_game()),
    "rematch": _plain(lambda view: view.rematch()),
    "save": _plain(lambda view: view.save()),
    "load": _load,
    "clear": _clear,
    "speed": _speed,  # the analysis board: watch speed, pause, play from here, the main line
    "pause": _plain(lambda view: view.pause()),
    "branch": _branch,
    "main": _plain(lambda view: view.back_to_main_line()),
}
"""Each intent the front end sends and its handler: the view looks it up here (and only
here: the intents a view takes are this table's keys)."""
