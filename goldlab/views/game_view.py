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

import math
import time
from collections.abc import Callable, Mapping, Sequence
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from goldlab.bots import Bot
from goldlab.bots.play import check_bounded
from goldlab.core.errors import GoldlabError, IllegalActionError
from goldlab.core.presentation import Glimpse, Play, Refuse, Select, Told, Viewer
from goldlab.core.record import Record
from goldlab.core.state import CHANCE, TERMINAL, State, Step
from goldlab.scenarios import Scenario
from goldlab.views.table import (
    SAVE_WAITS,
    VIEW_MAX_RECORD_BYTES,
    VIEW_MAX_STEPS,
    WATCH_SPEEDS,
    Table,
)


def _frontend() -> Traversable:
    """The front end's folder: ``widgets/`` beside the package when goldlab runs from a
    source checkout (so a checkout's Python always gets the same checkout's JavaScript,
    whatever an editable install maps), else the installed ``goldlab.views.frontend``."""
    checkout = Path(__file__).resolve().parents[2] / "widgets"
    if (checkout / "game_view.js").is_file() and (checkout / "game_view.css").is_file():
        return checkout
    return files("goldlab.views.frontend")


_FRONTEND = _frontend()

EVERYTHING = "all"
"""The seat setting that shows everything (the teacher's view)."""
PUBLIC = "public"
"""The seat setting that shows only what lies open on the table."""

LOG_LINES = 60
"""The log keeps this many lines (the newest)."""

STEP_BY_PAGES = 20
"""A step of at most this many goes page by page; a longer one moves by whole frames."""

LAST_PART = 2**31
"""A page past any step's last part (``goto`` clamps it to the last)."""

LOCKED = "the teacher locked this view: its seat, memory mode, bots and game stay as they are"
"""Why a locked view refuses to change who sees what."""

GLIMPSE = "glimpse"
"""Memory mode as the rules play it (``last_turn``'s default): a turn's cards lie face down
once it is over; the view shows them as they were turned, a *glimpse*, and again on request
("show the last turn again", noted in the log)."""
KEEP = "keep"
"""Memory mode, a teacher's choice (``last_turn="keep"``): the cards of the turn just played
stay face up until the next flip."""

NO_GLIMPSE = ("nothing to show again now: in memory mode the cards turned since your last "
              "flip are shown again between two turns, before your next flip")
"""Why "show the last turn again" shows nothing."""


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


class GameView(anywidget.AnyWidget):
    """A view of one game: for one seat, for the public table, or of everything.

    ``GameView(state, seat=0, bots={1: "greedy"})`` plays; ``GameView.replay(...)`` steps
    through a game, a record or a rulebook example; ``view.another(seat=1)`` opens a
    second view of the same game, and every view of a game redraws when it changes.
    With ``play_bots=False`` the bots wait until :meth:`let_bots_move` (the play table
    shows the view first, so a slow bot's thinking shows in it).  ``last_turn``: in memory
    mode, whether the turn just played lies face down once it is over (:data:`GLIMPSE`,
    the rules) or stays face up until the next flip (:data:`KEEP`, a teacher's choice).
    """

    _esm = _FRONTEND.joinpath("game_view.js").read_text(encoding="utf-8")
    _css = _FRONTEND.joinpath("game_view.css").read_text(encoding="utf-8")

    payload = traitlets.Dict().tag(sync=True)
    """Everything the front end draws, in one trait: one change, one redraw."""

    thinking = traitlets.Unicode("").tag(sync=True)
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
        self.selection = ""
        self.hint = ""
        self.error = ""
        self._error_rule = ""
        self.position: int | None = None  # None: the live position; else a frame index
        self.page = 0
        self._log: list[str] = []
        self._revision = 0
        self.last_update_ms = 0.0
        self.add_class("gl-game-view")
        self.on_msg(self._on_message)
        self.table.watch(self._on_table_change)
        self.table.watch_thinking(self._on_thinking)
        if self.table.bots and play_bots:
            self.table.let_bots_move()  # redraws through the watch
        else:
            self._refresh()

    # ---------------------------------------------------------------- builders
    @classmethod
    def replay(cls, source: object, seat: int | str | None = None,
               **kwargs: Any) -> GameView:
        """A step-through view of a finished (or partly played) game, a record or a scenario.

        A rulebook example opens at its last step, with the rulebook's names for the players.
        """
        names: Sequence[str] = ()
        start = None
        if isinstance(source, Scenario):
            start = source.before()
            state = source.run().after
            names = source.names
        elif isinstance(source, Record):
            state = source.replay()
        elif isinstance(source, State):
            state = source
        else:
            kind = type(source).__name__
            raise TypeError(f"replay takes a State, Record or Scenario, not {kind}")
        table = Table(state, names=names, start=start)
        view = cls(table, seat=seat, **kwargs)
        if isinstance(source, Scenario):
            view.end()  # the example's last step, its last part
        else:
            view.goto(0)
        return view

    def another(self, seat: int | str | None = None, **kwargs: Any) -> GameView:
        """A second view of the same game (e.g. for another seat), kept in sync with this one."""
        return type(self)(self.table, seat=seat, **kwargs)

    # ---------------------------------------------------------------- state, for Python users
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
        if not self._can_act():
            return []
        return [str(a) for a in self.table.state.legal_actions()]

    @property
    def html(self) -> str:
        """The table as drawn now."""
        return str(self.payload.get("board", ""))

    @property
    def log(self) -> list[str]:
        """The latest lines of the log."""
        return list(self._log)

    @property
    def intents(self) -> frozenset[str]:
        """The intents the view takes from the browser (the keys of its handler table)."""
        return _INTENTS

    @property
    def can_undo(self) -> bool:
        """True if undo would take back a person's turn now."""
        try:
            self.table.turn_undo_plan()
        except GoldlabError:
            return False
        return self.position is None

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
        if not self.payload.get("can_glimpse"):
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

    def set_seat(self, seat: int | str | None) -> None:
        """Look at the game as ``seat`` sees it ("all": everything; "public": the open table)."""
        if self.locked:
            self._fail(LOCKED)
            return
        self.seat = self._check_seat(seat)
        self.memory = self._default_memory()
        self.selection = self.hint = self.error = ""
        self._refresh()

    def set_memory(self, on: bool) -> None:
        """Memory mode: draw what the seat saw earlier face down again (off: show it)."""
        if self.locked:
            self._fail(LOCKED)
            return
        self.memory = bool(on)
        self._refresh()

    def set_projector(self, on: bool) -> None:
        """Projector mode: large type, no log, notation box or developer panels, short odds."""
        self.projector = bool(on)
        self._refresh()

    def set_bot(self, seat: int, who: str) -> None:
        """Let a bot play ``seat`` (by spec, e.g. ``"greedy"`` or ``"ismcts:200"``), or a person
        (``"person"``), from the seat's next decision on.

        A bad spec or seat sets ``error`` (saying what is wrong) and changes nothing; so
        does any change in a locked view.  From the browser only the menus' choices are
        taken (:meth:`Table.set_seat_from_menu`); from Python any spec.
        """
        self._set_bot(seat, who, self.table.set_seat)

    def _set_bot(self, seat: int, who: str, setter: Any) -> None:
        self.error = ""
        if self.locked:
            self._fail(LOCKED)
            return
        try:
            setter(seat, who)
        except IllegalActionError as exc:
            self._fail(exc.reason, exc.rule)
        except (GoldlabError, ValueError, TypeError) as exc:
            self._fail(str(exc))

    def new_game(self, seed: int | None = None) -> None:
        """A new game: same players, options and bots, shuffled anew."""
        self.position, self.selection, self.error = None, "", ""
        self.table.new_game(seed)

    def rematch(self) -> None:
        """The same game again from the same shuffle (refused in a locked view: the seat
        has seen that shuffle's cards)."""
        if self.locked:
            self._fail(f"{LOCKED} (a rematch deals the cards already seen: start a new game)")
            return
        self.position, self.selection, self.error = None, "", ""
        self.table.rematch()

    def save(self) -> str:
        """The game so far as a record (JSON text); the front end offers it as a download.

        Only the teacher's unlocked view ("everything") saves the full record with its
        seed.  A locked view, or one for a seat or the open table, saves a record for a
        player (:meth:`Table.record_json` with ``for_player``): no seed, no generator,
        nothing that predicts the chance to come; loading it continues with fresh chance.
        In memory mode (and on the open table) a record would name cards that lie face
        down now: Save is refused with the reason until the game ends
        (:meth:`Table.why_not_saved`), and returns ``""``.
        """
        refused = self.table.why_not_saved(self._viewer())
        if refused:
            self._fail(refused)
            return ""
        for_player = self.locked or self.seat != EVERYTHING
        text = self.table.record_json(for_player=for_player)
        game = self.table.state.game.name
        name = f"{game}-record.json" if for_player else f"{game}-{self.table.state.seed}.json"
        self.send({"type": "download", "filename": name, "text": text})
        return text

    def load(self, text: str) -> None:
        """Continue from a record (JSON text); a bad record is refused and changes nothing.

        The table keeps its mode (a record saying ``"study"`` does not make a play table
        undo reveals); a view loads at most :data:`VIEW_MAX_RECORD_BYTES` bytes and
        :data:`VIEW_MAX_STEPS` steps, and no game that bots alone may play for ever.  A
        locked view loads nothing.
        """
        if self.locked:
            self._fail(LOCKED)
            return
        if len(text) > VIEW_MAX_RECORD_BYTES:
            self._fail(f"the record is {len(text):,} bytes; a view loads at most "
                       f"{VIEW_MAX_RECORD_BYTES:,}")
            return
        try:
            bots = self.table.bots
            self.table.load(text, mode=self.table.state.mode, max_steps=VIEW_MAX_STEPS,
                            check=None if len(bots) < self.table.players else check_bounded)
        except GoldlabError as exc:
            self._fail(str(exc))
            return
        self.position, self.selection, self.error = None, "", ""
        self._refresh()

    # ---------------------------------------------------------------- stepping through
    def goto(self, index: int, page: int = 0) -> None:
        """Show the position after frame ``index`` (0: the start), at inspector page ``page``.

        Both are clamped to what exists; anything but a whole number sets ``error``.  A
        step the rules carry out in parts (the end of a game) shows part ``page`` on the
        board; the game as it stands is the last frame's last part.
        """
        try:
            index, page = whole(index, "the frame"), whole(page, "the page")
        except Refused as exc:
            self._fail(str(exc))
            return
        frames, _ = self.table.frames()
        last = len(frames) - 1
        index = clamp(index, 0, last)
        self.position = index  # the scene says whether this is the game as it stands
        self.page = max(page, 0)  # and clamps the page to the frame's
        self.selection = self.hint = self.error = ""
        self._refresh()

    def step(self, delta: int) -> None:
        """Move ``delta`` steps (pages first, where a step has several) from where the view is.

        A step longer than :data:`STEP_BY_PAGES` moves by whole frames (to a frame's first
        page), clamped to the start and the end: its cost does not grow with ``delta``.
        """
        try:
            delta = whole(delta, "a step")
        except Refused as exc:
            self._fail(str(exc))
            return
        frames, _ = self.table.frames()
        index = len(frames) - 1 if self.position is None else self.position
        if abs(delta) > STEP_BY_PAGES:
            target = clamp(index + clamp(delta, -len(frames), len(frames)), 0, len(frames) - 1)
            if target == len(frames) - 1 and delta > 0:
                self.end()  # the last frame's last part: the game as it stands
                return
            self.goto(target)
            return
        page = self.page
        for _ in range(abs(delta)):
            pages = len(self._pages(index))
            if delta > 0:
                if page + 1 < pages:
                    page += 1
                elif index + 1 < len(frames):
                    index, page = index + 1, 0
            elif page > 0:
                page -= 1
            elif index > 0:
                index -= 1
                page = len(self._pages(index)) - 1
        self.goto(index, page)

    def home(self) -> None:
        """Jump to the start."""
        self.goto(0)

    def end(self) -> None:
        """Jump to the latest position, its last part (live play resumes there)."""
        frames, _ = self.table.frames()
        self.goto(len(frames) - 1, LAST_PART)

    # ---------------------------------------------------------------- internals
    def _check_seat(self, seat: int | str | None) -> int | str:
        if seat is None or seat == EVERYTHING:
            return EVERYTHING
        if seat == PUBLIC:
            return PUBLIC
        if isinstance(seat, str) and seat.isdigit():
            seat = int(seat)
        if isinstance(seat, bool) or not isinstance(seat, int) or not (
            0 <= seat < self.table.players
        ):
            raise ValueError(
                f"seat must be None or 'all' (everything), 'public' (the open table) or "
                f"0-{self.table.players - 1}, not {seat!r}"
            )
        return seat

    def _default_memory(self) -> bool:
        return isinstance(self.seat, int) and self.table.is_person(self.seat)

    def _acting_seat(self) -> int | None:
        return self.seat if isinstance(self.seat, int) else None

    def _can_act(self, live: bool = False) -> bool:
        """True when this view may play now (``live``: were it at the live position)."""
        state = self.table.state
        to_move = state.current_player
        if (self.position is not None and not live) or to_move < 0 or self.seat == PUBLIC:
            return False
        if not self.table.is_person(to_move):
            return False
        return self.seat == EVERYTHING or self.seat == to_move

    def _why_cannot_act(self) -> str:
        state = self.table.state
        to_move = state.current_player
        if self.position is not None:
            return "you are looking at an earlier position: press End to return to the game"
        if to_move == TERMINAL:
            return "the game is over: start a new game or a rematch"
        if to_move == CHANCE:
            return "chance is to move"
        if self.seat == PUBLIC:
            return "the public table only watches: choose a seat to play"
        if not self.table.is_person(to_move):
            return f"{self.table.names[to_move]} is played by a bot: let the bots move"
        return f"it is {self.table.names[to_move]}'s turn, not yours"

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

    def _pages(self, index: int) -> list[Any]:
        """The inspector pages of frame ``index``, as this view's seat may see them now."""
        table = self.table
        frames, steps = table.frames()
        return table.presenter.frame_pages(table.state, frames, steps, index, self._viewer(),
                                           table.names)

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
        if not isinstance(kind, str) or kind not in _INTENTS:
            raise Refused(f"unknown message type {str(kind)[:40]!r}")
        _HANDLERS[kind](self, content.get("value"), content)

    # ---------------------------------------------------------------- the analysis board
    def set_speed(self, moves_per_second: float) -> None:
        """Bot moves a second when the bots play in the background (0: as fast as they
        decide): a bots-only game is then watched live.  From the browser one of
        :data:`~goldlab.views.table.WATCH_SPEEDS`; from Python any speed up to 100."""
        speed = float(moves_per_second)
        if not 0 <= speed <= 100:
            raise ValueError(f"a speed is 0 (at once) to 100 moves a second, not {speed!r}")
        self.table.pace = 1 / speed if speed else 0.0
        self._refresh()

    def watch(self, moves_per_second: float = 1.0) -> None:
        """Let the bots play on live at ``moves_per_second`` (a worker thread paces them;
        :meth:`pause`, Undo or New game stop it), e.g. a game among bots only."""
        self.set_speed(moves_per_second)
        self.error = ""
        self.table.play_in_background()

    def pause(self) -> None:
        """Stop the bots playing in the background (a search is cut short, its move dropped);
        "Let bots move" goes on."""
        self.table.cancel_bots()
        self._refresh()

    def play_from_here(self) -> None:
        """Play on from the position shown (a *variation*: what if she had taken the other
        card?), keeping the game to come back to (:meth:`back_to_main_line`)."""
        why = self._why_no_variation()
        if why:
            self._fail(why)
            return
        frames, _ = self.table.frames()
        index = len(frames) - 1 if self.position is None else self.position
        self.position, self.page, self.selection, self.hint, self.error = None, 0, "", "", ""
        self.table.play_from(index)  # redraws every view of the table

    def _why_no_variation(self) -> str:
        """Why this view may not play from here now, or ``""``: a variation plays on with the
        game's own cards to come, so during a game only the teacher's unlocked view may."""
        if self.locked:
            return LOCKED
        if self.seat != EVERYTHING and not self.table.state.is_terminal():
            return ("a variation would turn up the cards still to come: during a game only "
                    "the teacher's view (everything) plays from here")
        return ""

    def back_to_main_line(self) -> None:
        """Leave the variation: the game as it was, shown at the position the variation left."""
        if self.table.variation_from is None:
            self._fail("this is the main line: there is no variation to leave")
            return
        self.selection = self.hint = self.error = ""
        index = self.table.back_to_main()
        self.goto(index)

    def _analysis_payload(self) -> dict[str, Any]:
        """The speed control, whether the bots play in the background, and the variation."""
        pace = self.table.pace
        branch = self.table.variation_from
        return {
            "speed": round(1 / pace, 3) if pace else 0,
            "speeds": list(WATCH_SPEEDS),
            "bots_running": self.table.bots_running,
            "can_branch": not self._why_no_variation(),
            "variation": None if branch is None else {
                "from": branch,
                "label": f"Variation from step {branch}: the game itself is kept",
                "back": "Back to the main line",
            },
        }

    # ---------------------------------------------------------------- the payload
    def _viewer(self) -> Viewer:
        """Who looks through this view, as the presenter asks: what it may know is the
        presenter's to say (nothing a seat may not know, in memory mode nothing that lies
        face down again, on the open table only what lies open)."""
        if self.seat == PUBLIC:
            return Viewer(public=True, memory=True, keeps_last_turn=self.last_turn == KEEP)
        if isinstance(self.seat, int):
            return Viewer(self.seat, memory=self.memory, keeps_last_turn=self.last_turn == KEEP)
        return Viewer()

    def _refresh(self) -> None:
        table = self.table
        frames, steps = table.frames()
        scene = table.presenter.scene(  # the one question to the presenter per redraw
            table.state, self._viewer(), frames=frames, steps=steps, position=self.position,
            page=self.page, selection=self.selection, acting=self._can_act(live=True),
            names=table.names, error_rule=self._error_rule if self.error else "")
        if scene.hidden:  # an earlier position would show what this seat may not know now
            self.position, self.page, self._error_rule = None, 0, ""
            self.error = scene.hidden
        self.page = scene.page  # clamped to the pages of the frame shown
        if scene.live:
            self.position = None
        live, index, acting = scene.live, scene.index, scene.acting
        shown = table.state if live else frames[index]
        page = scene.pages[scene.page]
        quote, error_quote = scene.quote, scene.error_quote
        odds_seat = scene.odds_seat
        odds = _odds_rows([o.to_dict() for o in scene.odds])
        self._log = _log_lines(scene.recent, table.names, table.notes)[-LOG_LINES:]
        self._revision += 1
        example = self.legal[:1]
        self.payload = {
            "revision": self._revision,  # every redraw is a change, even an identical one
            "example": example[0] if example else "",
            "title": f"{shown.game.title}",
            "status": scene.part_status or table.status(shown),
            "seat": str(self.seat),
            "seats": [{"value": EVERYTHING, "label": "everything (teacher)"},
                      {"value": PUBLIC, "label": "the open table"},
                      *({"value": str(s), "label": table.names[s]}
                        for s in range(table.players))],
            "memory": self.memory,
            "memory_toggle": isinstance(self.seat, int),
            "locked": self.locked,
            "projector": self.projector,
            "board": scene.board,
            "legal": sorted(scene.legal),
            "highlight": scene.highlight,
            "selection": self.selection,
            "hint": self.hint,
            "error": self.error,
            "error_rule": self._error_rule if self.error else "",
            "error_quote": error_quote.to_dict() if error_quote else None,
            "live": live,
            "acting": acting,
            "index": index,
            "last": len(frames) - 1,
            "moves": [_move_label(i, step, table.names, said)
                      for i, (step, said) in enumerate(zip(steps, scene.told, strict=True), 1)],
            "moves_notation": _move_notations(scene.told),
            "inspector": {
                "title": page.title,
                "rule": page.rule,
                "quote": quote.to_dict() if quote else None,
                "html": page.html,
                "page": scene.page,
                "pages": len(scene.pages),
                "titles": [p.title for p in scene.pages] if len(scene.pages) > 1 else [],
            },
            "odds": odds,
            "odds_for": table.names[odds_seat] if odds_seat is not None else "",
            "odds_method": scene.odds_method,
            "over": _banner(scene.breakdown),
            "can_undo": live and self._undo_possible(),
            "save_refused": SAVE_WAITS if any(told.concealed for told in scene.told) else "",
            "glimpse": self._glimpse(scene.glimpse),
            "can_glimpse": bool(scene.glimpse),
            "bots": table.seats(),
            "bot_choices": table.seating.menus(),
            "log": self._log,
            **self._analysis_payload(),
        }

    def _glimpse(self, moments: Sequence[Glimpse]) -> dict[str, Any] | None:
        """The glimpse to show now (once after cards were turned, and when asked again), or
        None: the moments, as boards, and a number that tells a new glimpse from the last."""
        due, self._glimpse_due = self._glimpse_due, False
        if not (due and moments):
            return None
        self._glimpses += 1
        return {"id": self._glimpses,
                "moments": [{"board": m.board, "caption": m.caption} for m in moments]}

    def _undo_possible(self) -> bool:
        try:
            self.table.turn_undo_plan()
        except GoldlabError:
            return False
        return True


Handler = Callable[[GameView, Any, dict[str, Any]], None]
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
    view._set_bot(seat, value, view.table.set_seat_from_menu)


def _load(view: GameView, value: Any, _content: dict[str, Any]) -> None:
    if not isinstance(value, str):
        raise Refused("load takes the text of a record")
    view.load(value)


def _clear(view: GameView, _value: Any, _content: dict[str, Any]) -> None:
    view.selection = view.hint = view.error = ""
    view._refresh()


def _plain(method: Callable[[GameView], Any]) -> Handler:
    """The handler of an intent that carries nothing: it calls ``method``."""
    def handle(view: GameView, _value: Any, _content: dict[str, Any]) -> None:
        method(view)
    return handle


def _speed(view: GameView, value: Any, _content: dict[str, Any]) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float) or (
            value not in WATCH_SPEEDS):
        raise Refused(f"a speed is one of {', '.join(f'{s:g}' for s in WATCH_SPEEDS)} "
                      "moves a second")
    view.set_speed(float(value))


_HANDLERS: dict[str, Handler] = {
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
    "branch": _plain(lambda view: view.play_from_here()),
    "main": _plain(lambda view: view.back_to_main_line()),
}
"""Each intent the front end sends and its handler: ``_dispatch`` looks it up here."""

_INTENTS = frozenset(_HANDLERS)
"""The intents the front end sends."""


def _move_label(number: int, step: Step, names: Sequence[str], told: Told) -> str:
    """A line of the move list: the step's number and the move in the players' words as
    told to the view (``told`` from :meth:`Presenter.said_steps`: the sentence names who
    moved; a presenter without words gives notation, so the name is put before it)."""
    if told.notation and told.action != told.notation:
        return f"{number}. {told.action}"
    if step.actor == CHANCE:
        return f"{number}. {told.action}"  # chance's moves say "chance: ..." themselves
    who = names[step.actor] if 0 <= step.actor < len(names) else f"seat {step.actor}"
    return f"{number}. {who}: {told.action}"


def _log_lines(recent: Sequence[tuple[Step, Told]], names: Sequence[str],
               notes: Sequence[tuple[Step | None, str]] = ()) -> list[str]:
    """The latest steps of the position shown and what they caused, in the players' words,
    as told to the view, each followed by the table's notes made after it."""
    lines: list[str] = []
    for step, told in recent:
        lines.append(_move_label(0, step, names, told).removeprefix("0. "))
        lines.extend(f"   {event}" for event in told.events)
        lines.extend(f"   ({text})" for after, text in notes if after is step)
    return lines


def _move_notations(said: Sequence[Told]) -> list[str]:
    """The notation of each line of the move list (its tooltip), as the viewer may know it."""
    return [told.notation or told.action for told in said]


def _odds_rows(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
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


def _banner(breakdown: Any) -> dict[str, Any] | None:
    if breakdown is None:
        return None
    return {"verdict": breakdown.verdict, "tiebreak": breakdown.tiebreak,
            "rule": breakdown.rule, "html": breakdown.html()}
