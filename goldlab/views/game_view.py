"""``GameView``: a game on the table, click by click, and an analysis board to step through it.

>>> import goldlab
>>> from goldlab.views import GameView
>>> view = GameView(goldlab.make("gold", players=2, seed=1))
>>> view.legal[0]
'take violet:D'
>>> view.request("exchange blue:D for violet:D")   # refused: the state does not change
>>> "Action A" in view.error
True

The view is thin.  The game's presenter (``game.presenter()``, in the game's folder)
draws the table with click targets, says what a click means and quotes the rulebook;
the engine decides.  The front end (``widgets/game_view.js``, shipped inside the package
as ``goldlab.views.frontend``) draws one payload and sends back *intents*: a target id,
"one step forward", "this seat".  Intents are evaluated against the current state in
Python, so quick clicks are never lost or applied to a stale position.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from goldlab.bots import Bot
from goldlab.core.errors import GoldlabError, IllegalActionError
from goldlab.core.presentation import Play, Refuse, Select
from goldlab.core.record import Record
from goldlab.core.state import State
from goldlab.scenarios import Scenario
from goldlab.views import drawing
from goldlab.views.analysis import EVERYTHING, LOCKED, AnalysisBoard
from goldlab.views.intents import HANDLERS as _HANDLERS
from goldlab.views.intents import Refused, checked_message
from goldlab.views.settings import KEEP, PUBLIC, Settings
from goldlab.views.table import (
    Table,
)

__all__ = ["EVERYTHING", "GLIMPSE", "KEEP", "LOCKED", "NO_GLIMPSE", "PUBLIC", "GameView"]


def _frontend() -> Traversable:
    """The front end's folder: ``widgets/`` beside the package when goldlab runs from a
    source checkout (so a checkout's Python always gets the same checkout's JavaScript,
    whatever an editable install maps), else the installed ``goldlab.views.frontend``."""
    checkout = Path(__file__).resolve().parents[2] / "widgets"
    if (checkout / "game_view.js").is_file() and (checkout / "game_view.css").is_file():
        return checkout
    return files("goldlab.views.frontend")


_FRONTEND = _frontend()

GLIMPSE = "glimpse"
"""Memory mode as the rules play it (``last_turn``'s default): a turn's cards lie face down
once it is over; the view shows them as they were turned, a *glimpse*, and again on request
("show the last turn again", noted in the log)."""

NO_GLIMPSE = ("nothing to show again now: in memory mode the cards turned since your last "
              "flip are shown again between two turns, before your next flip")
"""Why "show the last turn again" shows nothing."""

_Dict = traitlets.Dict
_synced = {"sync": True}


class GameView(Settings, AnalysisBoard, anywidget.AnyWidget):
    """A view of one game: for one seat, for the public table, or of everything.

    ``GameView(state, seat=0, bots={1: "greedy"})`` plays; ``GameView.replay(...)`` steps
    through a game, a record or a rulebook example; ``view.another(seat=1)`` opens a
    second view of the same game, and every view of a game redraws when it changes.
    With ``play_bots=False`` the bots wait until :meth:`let_bots_move` (the play table
    shows the view first, so a slow bot's thinking shows in it).  ``last_turn``: in memory
    mode, whether the turn just played lies face down once it is over (:data:`GLIMPSE`,
    the rules) or stays face up until the next flip (:data:`KEEP`, a teacher's choice).
    The stepping, variation and watching intents are the :class:`AnalysisBoard`'s; what
    each synced trait holds is in :mod:`goldlab.views.drawing`.
    """

    _esm = _FRONTEND.joinpath("game_view.js").read_text(encoding="utf-8")
    _css = _FRONTEND.joinpath("game_view.css").read_text(encoding="utf-8")

    board = _Dict().tag(**_synced)
    status = _Dict().tag(**_synced)
    inspector = _Dict().tag(**_synced)
    odds = _Dict().tag(**_synced)
    log_lines: Any = traitlets.List().tag(**_synced)
    moves = _Dict().tag(**_synced)
    notice = _Dict().tag(**_synced)
    seats = _Dict().tag(**_synced)
    speeds = _Dict().tag(**_synced)
    lock = _Dict().tag(**_synced)
    thinking = traitlets.Unicode("").tag(**_synced)
    """Who is thinking ("Bob (ismcts:1000) is thinking…") while a searching bot decides, or
    ``""``: sent on its own, at once, so the page says why it waits."""

    def __init__(self, game: State[Any] | Table, seat: int | str | None = None,
                 bots: Mapping[int, str | Bot] | None = None, *, memory: bool | None = None,
                 names: Sequence[str] = (), play_bots: bool = True, locked: bool = False,
                 projector: bool = False, last_turn: str = GLIMPSE,
                 **kwargs: Any) -> None:
        if last_turn not in (GLIMPSE, KEEP):
            raise ValueError(f"last_turn is {GLIMPSE!r} (the rules: face down once the turn "
                             f"is over, shown as a glimpse) or {KEEP!r} (face up until the "
                             f"next flip), not {last_turn!r}")
        super().__init__(**kwargs)
        self.locked = bool(locked)
        """A classroom lock: seat, memory mode, bots and game are fixed (refused from the
        browser and from these methods), Rematch is refused (it would deal cards the seat
        has seen), and Save writes a record for the seat (:meth:`save`)."""
        if isinstance(game, Table):
            if bots or names:
                raise ValueError("bots and names belong to the table: set them there")
            self.table = game
        elif isinstance(game, State):
            self.table = Table(game, bots=bots, names=names)
        else:
            raise TypeError(f"GameView shows a goldlab State or Table, not {type(game).__name__}")
        self.seat: int | str = self._check_seat(seat)
        self.memory = self._default_memory() if memory is None else bool(memory)
        self.projector = bool(projector)
        self.last_turn = last_turn
        """In memory mode, the cards of the turn just played: :data:`GLIMPSE` or :data:`KEEP`."""
        self._glimpse_due = False  # show the glimpse at the next redraw
        self._glimpses = 0
        self._steps_seen = len(self.table.state.history)
        self.selection = self.hint = self.error = self._error_rule = ""
        self.position: int | None = None  # None: the live position; else a frame index
        self.page = 0
        self._revision = 0
        self.targets: list[str] = []
        """The click targets that play or select now (the board's HTML carries them)."""
        self._move_list, self._log = drawing.MoveList(), drawing.Log()
        self._seats_drawn: tuple[Any, ...] = ()
        self.last_update_ms = 0.0
        self.add_class("gl-game-view")
        self.on_msg(self._on_message)
        self.table.watch(self._on_table_change)
        self.table.watch_thinking(self._on_thinking)
        if self.table.bots and play_bots:
            self.table.let_bots_move()  # redraws through the watch
        else:
            self._refresh()

    @classmethod
    def replay(cls, source: object, seat: int | str | None = None,
               **kwargs: Any) -> GameView:
        """A step-through view of a finished (or partly played) game, a record or a scenario;
        a rulebook example opens at its last step, with the rulebook's names for the players."""
        names: Sequence[str] = ()
        start = None
        if isinstance(source, Scenario):
            start, state, names = source.before(), source.run().after, source.names
        elif isinstance(source, Record):
            state = source.replay()
        elif isinstance(source, State):
            state = source
        else:
            kind = type(source).__name__
            raise TypeError(f"replay takes a State, Record or Scenario, not {kind}")
        view = cls(Table(state, names=names, start=start), seat=seat, **kwargs)
        if isinstance(source, Scenario):
            view.end()  # the example's last step, its last part
        else:
            view.goto(0)
        return view

    def another(self, seat: int | str | None = None, **kwargs: Any) -> GameView:
        """A second view of the same game (e.g. for another seat), kept in sync with this one."""
        return type(self)(self.table, seat=seat, **kwargs)

    # ---------------------------------------------------------------- for Python users
    @property
    def state(self) -> State[Any]:
        """The position shown: the live game, or the frame being looked at."""
        if self.position is None:
            return self.table.state
        frames, _ = self.table.frames()
        return frames[self.position]

    @property
    def legal(self) -> list[str]:
        """The legal actions (notation) this view may play now, [] if not its turn."""
        return [str(a) for a in self.table.state.legal_actions()] if self._can_act() else []

    @property
    def html(self) -> str:
        """The table as drawn now."""
        return str(self.board.get("board", ""))

    @property
    def payload(self) -> dict[str, Any]:
        """Everything the front end draws, every trait merged into one dict (for Python
        readers and tests: the front end reads each trait on its own)."""
        return {**self.board, **self.status, "legal": self.targets, "inspector": self.inspector,
                **self.odds, "log": self.log_lines, **self.moves, **self.notice, **self.seats,
                **self.speeds, **self.lock}

    log = property(lambda self: list(self.log_lines), doc="The latest lines of the log.")

    @property
    def intents(self) -> frozenset[str]:
        """The intents the view takes from the browser (the keys of its handler table)."""
        return frozenset(_HANDLERS)

    @property
    def can_undo(self) -> bool:
        """True if undo would take back a person's turn now."""
        return self.position is None and self._undo_possible()

    # ---------------------------------------------------------------- intents
    def click(self, target: str) -> None:
        """A click on a target of the board: play, select, or explain why not."""
        if not self._can_act():
            self._fail(self._why_cannot_act())
            return
        presenter = self.table.presenter
        meaning = presenter.click(self.table.state, self._acting_seat(), target, self.selection)
        if isinstance(meaning, Select):
            self.selection, self.hint, self.error = meaning.selection, meaning.hint, ""
            self._refresh()
        elif isinstance(meaning, Refuse):
            self._fail(meaning.reason, meaning.rule)
        elif isinstance(meaning, Play):
            self._play(meaning.action)

    def request(self, notation: str) -> None:
        """Play an action given by notation; a refusal sets ``error`` and changes nothing."""
        if not self._can_act():
            self._fail(self._why_cannot_act())
            return
        self._play(notation)

    def undo(self) -> None:
        """Take back a person's whole turn, with the bots' replies (all or nothing)."""
        self.selection = self.hint = self.error = ""
        try:
            taken = self.table.turn_undo_plan()
        except GoldlabError as exc:
            self._fail(str(exc))
            return
        self.hint = f"Took back {taken} step{'s' if taken != 1 else ''}: your turn again."
        self.table.undo_turn()  # redraws every view of the table

    def show_last_turn(self) -> None:
        """Show the glimpse of the cards turned since this seat last flipped again, as they
        were turned (memory mode, between two turns; the log notes it)."""
        if not self.status.get("can_glimpse"):
            self._fail(NO_GLIMPSE)
            return
        who = self.table.names[self.seat] if isinstance(self.seat, int) else "The open table"
        self.error = ""
        self._glimpse_due = True
        self.table.note(f"{who} looks at the last turn again")  # redraws every view

    def let_bots_move(self) -> None:
        """Let the bots play until a person is to move (or the game ends)."""
        self.error = ""
        try:
            self.table.let_bots_move()
        except GoldlabError as exc:
            self._fail(str(exc))

    def clear(self) -> None:
        """Clear the selection, the hint and the error."""
        self.selection = self.hint = self.error = ""
        self._refresh()

    # ---------------------------------------------------------------- internals
    def _play(self, action: Any) -> None:
        self.selection = self.hint = self.error = ""
        try:
            self.table.play(action)  # redraws every view of the table
        except IllegalActionError as exc:
            self._fail(exc.reason, exc.rule)
        except GoldlabError as exc:
            self._fail(str(exc))

    def _fail(self, reason: str, rule: str = "") -> None:
        reason = self.table.presenter.said_refusal(reason, self.table.names)
        self.error = f"{reason} [{rule}]" if rule else reason
        self._error_rule = rule
        self._refresh()

    def _on_thinking(self, text: str) -> None:
        self.thinking = text

    def _on_table_change(self) -> None:
        played = len(self.table.state.history)
        if played > self._steps_seen:
            self._glimpse_due = True  # cards turned since: shown as they were turned
        self._steps_seen = played
        if self.position is not None:
            frames, _ = self.table.frames()
            self.position = min(self.position, len(frames) - 1)
        self._refresh()

    def _on_message(self, _widget: Any, content: Any, _buffers: Sequence[Any]) -> None:
        """One intent from the browser: checked here, then done or refused with one error.

        Whatever the browser sends, nothing escapes: a malformed or hostile message
        changes nothing and sets ``error`` saying what was wrong.
        """
        started = time.perf_counter()
        try:
            message = checked_message(content)  # before anything reads it
            with self.table.in_background():  # bots think on a worker: the next intent is heard
                self._dispatch(message.get("type"), message)
        except (ValueError, TypeError, OverflowError, GoldlabError) as exc:
            self._fail(str(exc) or type(exc).__name__)  # a malformed message: changes nothing
        self.last_update_ms = (time.perf_counter() - started) * 1000

    def _dispatch(self, kind: Any, content: dict[str, Any]) -> None:
        if not isinstance(kind, str) or kind not in _HANDLERS:
            raise Refused(f"unknown message type {str(kind)[:40]!r}")
        _HANDLERS[kind](self, content.get("value"), content)

    # ---------------------------------------------------------------- the redraw
    def _refresh(self) -> None:
        """Redraw: one question to the presenter (its scene), then each trait from it; a
        trait whose value is the same is not sent (traitlets compares)."""
        table = self.table
        frames, steps = table.frames()
        scene = table.presenter.scene(
            table.state, self._viewer(), frames=frames, steps=steps, position=self.position,
            page=self.page, selection=self.selection, acting=self._can_act(live=True),
            names=table.names, error_rule=self._error_rule if self.error else "")
        if scene.hidden:  # an earlier position would show what this seat may not know now
            self.position, self.page, self._error_rule = None, 0, ""
            self.error = scene.hidden
        self.page = scene.page  # clamped to the pages of the frame shown
        if scene.live:
            self.position = None
        due, self._glimpse_due = self._glimpse_due, False
        if due and scene.glimpse:
            self._glimpses += 1
        self._revision += 1
        with self.hold_sync():
            self.board = drawing.board(scene, self.selection)
            self.status = drawing.status(
                table, scene, frames, glimpse=self._glimpses if due else 0,
                can_undo=scene.live and self._undo_possible(),
                can_branch=not self.why_no_variation())
            self.targets = sorted(scene.legal)
            self.inspector = drawing.inspector(scene)
            self.odds = drawing.odds(scene, table.names)
            self.log_lines = self._log.update(scene.recent, table.names, table.notes)
            self.moves = self._move_list.update(steps, scene.told, table.names,
                                                table.variation_from, table.replay.luck)
            key = (table.seating, table.seating.revision, table.names, self.seat, self.memory)
            if key != self._seats_drawn:  # who sits where: worked out again only on a change
                self._seats_drawn = key
                self.seats = drawing.seats(table, self.seat, self.memory)
            self.speeds = drawing.speeds(table.pace)
            self.lock = {"locked": self.locked, "projector": self.projector}
            self.notice = drawing.notice(self._revision, self.hint or table.worker.stopped,
                                         self.error,
                                         self._error_rule, scene.error_quote)

    def _undo_possible(self) -> bool:
        try:
            self.table.turn_undo_plan()
        except GoldlabError:
            return False
        return True
