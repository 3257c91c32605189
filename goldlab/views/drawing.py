"""What a :class:`~goldlab.views.game_view.GameView` sends its front end, made from one scene.

The synced state is cut by how often it changes, one trait each, so a redraw sends only
what changed (traitlets compares each new value with the old one; anywidget's front end
redraws a part on its ``change:<trait>`` event):

=============  ==========================================================  ===========
trait          holds                                                       changes
=============  ==========================================================  ===========
``board``      the picture, its click targets drawn, the last move marked  per click
``status``     status line, step counter, final banner, glimpse, buttons   per click
``inspector``  the inspector page of the step shown                        per click
``odds``       the odds rows for the player to move                        per click
``log_lines``  the latest steps in words, with the table's notes           per step
``moves``      the move list (a line per step, its notation)               per step
``notice``     hint, error, its rule's quote; a revision (every redraw)    per intent
``seats``      whose eyes, memory mode, the seat menus                     per setting
``speeds``     the watching speed and its menu                             per setting
``lock``       the teacher's lock, projector mode                          per setting
=============  ==========================================================  ===========

The click targets (``GameView.targets``) are kept in Python for its readers and tests: the
board's HTML carries them to the page.  The functions here turn the presenter's
:class:`~goldlab.core.presentation.Scene` into those plain values; they decide nothing
(the scene did).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from goldlab.core.presentation import Glimpse, Quote, Scene, Told
from goldlab.core.state import CHANCE, State, Step
from goldlab.views.analysis import EVERYTHING
from goldlab.views.settings import PUBLIC
from goldlab.views.table import SAVE_WAITS, WATCH_SPEEDS, Table

TRAITS = ("board", "status", "inspector", "odds", "log_lines", "moves", "notice",
          "seats", "speeds", "lock")
"""The synced traits a redraw may change, in the order the front end draws them."""

LOG_LINES = 60
"""The log keeps this many lines (the newest)."""


def move_label(number: int, step: Step, names: Sequence[str], told: Told) -> str:
    """A line of the move list: the step's number and the move in the players' words as
    told to the view (``told`` from :meth:`Presenter.said_steps`: the sentence names who
    moved; a presenter without words gives notation, so the name is put before it)."""
    if told.notation and told.action != told.notation:
        return f"{number}. {told.action}"
    if step.actor == CHANCE:
        return f"{number}. {told.action}"  # chance's moves say "chance: ..." themselves
    who = names[step.actor] if 0 <= step.actor < len(names) else f"seat {step.actor}"
    return f"{number}. {who}: {told.action}"


class Log:
    """The log: the latest steps of the position shown and what they caused, in the
    players' words as told to the view, each followed by the table's notes made after it.
    Kept between redraws: a step's lines are written once, when it is new (or is told
    differently now, or the names changed)."""

    def __init__(self) -> None:
        self._made: dict[int, tuple[Step, Told, list[str]]] = {}
        self._names: Sequence[str] = ()

    def update(self, recent: Sequence[tuple[Step, Told]], names: Sequence[str],
               notes: Sequence[tuple[Step | None, str]] = ()) -> list[str]:
        """The ``log_lines`` trait: the lines of ``recent`` (at most :data:`LOG_LINES`)."""
        if names != self._names:
            self._made, self._names = {}, names
        noted: dict[int, list[str]] = {}
        for after, text in notes:
            noted.setdefault(id(after), []).append(f"   ({text})")
        lines: list[str] = []
        made: dict[int, tuple[Step, Told, list[str]]] = {}
        for step, told in recent:
            entry = self._made.get(id(step))
            if entry is None or entry[0] is not step or entry[1] != told:
                said = [move_label(0, step, names, told).removeprefix("0. ")]
                said += [f"   {event}" for event in told.events]
                entry = (step, told, said)
            made[id(step)] = entry
            lines += entry[2]
            lines += noted.get(id(step), [])
        self._made = made
        return lines[-LOG_LINES:]


def odds_rows(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The odds rows, each that repeats an earlier row's number saying which (``same_as``):
    the panel shows it beside the row's note, which says why."""
    first: dict[str, str] = {}
    for row in rows:
        key = f"{row['fraction']}:{bool(row.get('percent'))}"
        if key in first:
            row["same_as"] = first[key]
        else:
            first[key] = str(row["label"])
    return rows


def odds(scene: Scene, names: Sequence[str]) -> dict[str, Any]:
    """The odds panel: its rows, whose odds they are and how they were worked out."""
    return {"odds": odds_rows([o.to_dict() for o in scene.odds]),
            "odds_for": names[scene.odds_seat] if scene.odds_seat is not None else "",
            "odds_method": scene.odds_method}


def inspector(scene: Scene) -> dict[str, Any]:
    """The inspector: the page shown of the step shown, the rule and its quote."""
    page = scene.pages[scene.page]
    return {"title": page.title, "rule": page.rule,
            "quote": scene.quote.to_dict() if scene.quote else None, "html": page.html,
            "page": scene.page, "pages": len(scene.pages),
            "titles": [p.title for p in scene.pages] if len(scene.pages) > 1 else []}


def banner(scene: Scene) -> dict[str, Any] | None:
    """The final scoring's banner (the last part of the game's last step), or None."""
    breakdown = scene.breakdown
    if breakdown is None:
        return None
    return {"verdict": breakdown.verdict, "tiebreak": breakdown.tiebreak,
            "rule": breakdown.rule, "html": breakdown.html()}


def glimpse_of(moments: Sequence[Glimpse], number: int) -> dict[str, Any]:
    """A glimpse to show (the moments as boards) and its ``number``, which tells a new
    glimpse from the one shown last."""
    return {"id": number,
            "moments": [{"board": m.board, "caption": m.caption} for m in moments]}


class MoveList:
    """The move list, kept between redraws: a step's line is written once, when the step
    is new (or the names, or the way it is told to the viewer, changed)."""

    def __init__(self) -> None:
        self._said: list[tuple[int, Told]] = []
        self._lines: list[str] = []
        self._names: Sequence[str] = ()

    def update(self, steps: Sequence[Step], told: Sequence[Told], names: Sequence[str],
               variation: int | None, luck: str = "") -> dict[str, Any]:
        """The ``moves`` trait for ``steps`` as ``told``; only new or changed lines are made."""
        said = [(step.actor, t) for step, t in zip(steps, told, strict=True)]
        same = 0
        if names == self._names:
            kept = min(len(said), len(self._said))
            while same < kept and said[same] == self._said[same]:
                same += 1
        lines = self._lines[:same]
        lines.extend(move_label(i, step, names, t)
                     for i, (step, t) in enumerate(zip(steps[same:], told[same:], strict=True),
                                                   same + 1))
        self._said, self._lines, self._names = said, lines, names
        return {"moves": list(lines), "moves_notation": [t.notation or t.action for t in told],
                "variation": None if variation is None else {
                    "from": variation,
                    "label": (f"Variation from step {variation}"
                              + (f", under {luck}" if luck else "")
                              + ": the game itself is kept"),
                    "back": "Back to the main line"}}


def board(scene: Scene, selection: str) -> dict[str, Any]:
    """The ``board`` trait: the picture with its click targets, the target of the step that
    led to it, whether the viewer may click now, and the card selected."""
    return {"board": scene.board, "highlight": scene.highlight, "acting": scene.acting,
            "selection": selection}


def status(table: Table, scene: Scene, frames: Sequence[State[Any]], *, glimpse: int,
           can_undo: bool, can_branch: bool) -> dict[str, Any]:
    """The ``status`` trait: the title and status line, the step shown of how many, the
    final banner, a glimpse numbered ``glimpse`` (if not 0), and the buttons' states."""
    state, live = table.state, scene.live
    shown = state if live else frames[scene.index]
    legal = state.legal_actions() if scene.acting else []
    return {"title": state.game.title, "status": scene.part_status or table.status(shown),
            "live": live, "index": scene.index, "last": len(frames) - 1,
            "over": banner(scene), "example": str(legal[0]) if legal else "",
            "can_undo": can_undo,
            "save_refused": SAVE_WAITS if any([t.concealed for t in scene.told]) else "",
            "glimpse": glimpse_of(scene.glimpse, glimpse) if glimpse else None,
            "can_glimpse": bool(scene.glimpse), "bots_running": table.bots_running,
            "can_branch": can_branch}


def seats(table: Table, seat: int | str, memory: bool) -> dict[str, Any]:
    """The ``seats`` trait: whose eyes the view looks through (its menu), memory mode, and
    who plays each seat (the seat menus, from the bots' registry)."""
    return {"seat": str(seat), "memory": memory, "memory_toggle": isinstance(seat, int),
            "seats": [{"value": EVERYTHING, "label": "everything (teacher)"},
                      {"value": PUBLIC, "label": "the open table"},
                      *({"value": str(s), "label": name} for s, name in enumerate(table.names))],
            "bots": table.seats(), "bot_choices": table.seating.menus()}


def speeds(pace: float) -> dict[str, Any]:
    """The ``speeds`` trait: the watching speed (moves a second, 0: at once) and its menu."""
    return {"speed": round(1 / pace, 3) if pace else 0, "speeds": list(WATCH_SPEEDS)}


def notice(revision: int, hint: str, error: str, rule: str,
           quote: Quote | None) -> dict[str, Any]:
    """The ``notice`` trait: the hint, the error with its rule and the rulebook's sentence,
    and the redraw's number (so every redraw is a change the front end hears)."""
    return {"revision": revision, "hint": hint, "error": error,
            "error_rule": rule if error else "", "error_quote": quote.to_dict() if quote else None}
