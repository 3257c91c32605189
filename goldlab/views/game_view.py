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
from html import escape
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
from goldlab.core.state import CHANCE, TERMINAL, State
from goldlab.scenarios import Scenario
from goldlab.views.table import Table


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


class GameView(anywidget.AnyWidget):
    """A view of one game: for one seat, for the public table, or of everything.

    ``GameView(state, seat=0, bots={1: "greedy"})`` plays; ``GameView.replay(...)`` steps
    through a game, a record or a rulebook example; ``view.another(seat=1)`` opens a
    second view of the same game, and every view of a game redraws when it changes.
    With ``play_bots=False`` the bots wait until :meth:`let_bots_move` (the play table
    shows the view first, so a slow bot's thinking shows in it).
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
                 names: Sequence[str] = (), play_bots: bool = True, projector: bool = False,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
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
        frames, _ = table.frames()
        view.goto(len(frames) - 1 if isinstance(source, Scenario) else 0)
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

    def let_bots_move(self) -> None:
        """Let the bots play until a person is to move (or the game ends)."""
        self.error = ""
        try:
            self.table.let_bots_move()
        except GoldlabError as exc:
            self._fail(str(exc))

    def set_seat(self, seat: int | str | None) -> None:
        """Look at the game as ``seat`` sees it ("all": everything; "public": the open table)."""
        self.seat = self._check_seat(seat)
        self.memory = self._default_memory()
        self.selection = self.hint = self.error = ""
        self._refresh()

    def set_memory(self, on: bool) -> None:
        """Memory mode: draw what the seat saw earlier face down again (off: show it)."""
        self.memory = bool(on)
        self._refresh()

    def set_projector(self, on: bool) -> None:
        """Projector mode: large type, no log, notation box or developer panels, short odds."""
        self.projector = bool(on)
        self._refresh()

    def set_bot(self, seat: int, who: str) -> None:
        """Let a bot play ``seat`` (by spec, e.g. ``"greedy"`` or ``"ismcts:200"``), or a person
        (``"person"``), from the seat's next decision on.

        A bad spec or seat sets ``error`` (saying what is wrong) and changes nothing.
        """
        self.error = ""
        try:
            self.table.set_seat(seat, who)
        except IllegalActionError as exc:
            self._fail(exc.reason, exc.rule)
        except (GoldlabError, ValueError, TypeError) as exc:
            self._fail(str(exc))

    def new_game(self, seed: int | None = None) -> None:
        """A new game: same players, options and bots, shuffled anew."""
        self.position, self.selection, self.error = None, "", ""
        self.table.new_game(seed)

    def rematch(self) -> None:
        """The same game again from the same shuffle."""
        self.position, self.selection, self.error = None, "", ""
        self.table.rematch()

    def save(self) -> str:
        """The game so far as a record (JSON text); the front end offers it as a download."""
        text = self.table.record_json()
        game = self.table.state.game.name
        self.send({"type": "download", "filename": f"{game}-{self.table.state.seed}.json",
                   "text": text})
        return text

    def load(self, text: str) -> None:
        """Continue from a record (JSON text); a bad record is refused and changes nothing."""
        try:
            self.table.load(text)
        except GoldlabError as exc:
            self._fail(str(exc))
            return
        self.position, self.selection, self.error = None, "", ""
        self._refresh()

    # ---------------------------------------------------------------- stepping through
    def goto(self, index: int, page: int = 0) -> None:
        """Show the position after frame ``index`` (0: the start), at inspector page ``page``."""
        frames, _ = self.table.frames()
        last = len(frames) - 1
        index = max(0, min(int(index), last))
        self.position = None if index == last else index
        self.page = max(0, page)
        self.selection = self.hint = self.error = ""
        self._refresh()

    def step(self, delta: int) -> None:
        """Move ``delta`` steps (pages first, where a step has several) from where the view is."""
        frames, _ = self.table.frames()
        index = len(frames) - 1 if self.position is None else self.position
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
        """Jump to the latest position (live play resumes there)."""
        frames, _ = self.table.frames()
        self.goto(len(frames) - 1)

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

    def _can_act(self) -> bool:
        state = self.table.state
        to_move = state.current_player
        if self.position is not None or to_move < 0 or self.seat == PUBLIC:
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
        self.error = f"{reason} [{rule}]" if rule else reason
        self._error_rule = rule
        self._refresh()

    def _on_thinking(self, text: str) -> None:
        self.thinking = text

    def _on_table_change(self) -> None:
        if self.position is not None:
            frames, _ = self.table.frames()
            self.position = min(self.position, len(frames) - 1)
        self._refresh()

    def _pages(self, index: int) -> list[Any]:
        frames, steps = self.table.frames()
        if index == 0:
            return [_start_page(frames[0])]
        presenter = self.table.presenter
        pages: list[Any] = presenter.pages(frames[index - 1], steps[index - 1], frames[index],
                                           names=self.table.names)
        return pages or [_start_page(frames[index])]

    def _on_message(self, _widget: Any, content: Any, _buffers: Sequence[Any]) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        started = time.perf_counter()
        try:
            self._dispatch(kind, content)
        except (ValueError, TypeError) as exc:  # a malformed message: say so, change nothing
            self._fail(str(exc))
        self.last_update_ms = (time.perf_counter() - started) * 1000

    def _dispatch(self, kind: Any, content: dict[str, Any]) -> None:
        value = content.get("value")
        if kind == "click" and isinstance(content.get("target"), str):
            self.click(content["target"])
        elif kind == "notation" and isinstance(value, str) and value.strip():
            self.request(value.strip())
        elif kind == "step" and isinstance(value, int):
            self.step(value)
        elif kind == "goto" and isinstance(value, int):
            self.goto(value, int(content.get("page", 0) or 0))
        elif kind == "home":
            self.home()
        elif kind == "end":
            self.end()
        elif kind == "seat":
            self.set_seat(value)
        elif kind == "memory":
            self.set_memory(bool(value))
        elif kind == "projector" and isinstance(value, bool):
            self.set_projector(value)
        elif kind == "bot" and isinstance(content.get("seat"), int) and isinstance(value, str):
            self.set_bot(content["seat"], value)
        elif kind == "undo":
            self.undo()
        elif kind == "bots":
            self.let_bots_move()
        elif kind == "new":
            self.new_game()
        elif kind == "rematch":
            self.rematch()
        elif kind == "save":
            self.save()
        elif kind == "load" and isinstance(value, str):
            self.load(value)
        elif kind == "clear":
            self.selection = self.hint = self.error = ""
            self._refresh()

    # ---------------------------------------------------------------- the payload
    def _refresh(self) -> None:
        table = self.table
        presenter = table.presenter
        frames, steps = table.frames()
        live = self.position is None
        index = len(frames) - 1 if live else self.position
        assert index is not None
        shown = table.state if live else frames[index]
        acting = self._can_act()
        seat = self._acting_seat()
        targets = presenter.targets(shown, seat, self.selection) if acting else {}
        if isinstance(self.seat, int):
            board_seat: int | None = self.seat
        elif self.seat == PUBLIC:
            board_seat = max(shown.current_player, 0)
        else:
            board_seat = None
        memory = self.memory or self.seat == PUBLIC
        board = presenter.board_html(shown, board_seat, selection=self.selection,
                                     legal=frozenset(targets), memory=memory,
                                     names=table.names)
        pages = self._pages(index)
        page_index = min(self.page, len(pages) - 1)
        page = pages[page_index]
        quote = presenter.quote(page.rule)
        error_quote = presenter.quote(self._error_rule) if self.error else None
        to_move = shown.current_player
        odds_seat = to_move if to_move >= 0 and (
            self.seat == EVERYTHING or self.seat == to_move) else None
        odds = ([o.to_dict() for o in presenter.odds(shown, odds_seat, memory=memory)]
                if odds_seat is not None else [])
        breakdown = presenter.breakdown(shown, table.names) if shown.is_terminal() else None
        highlight = presenter.target_of(steps[index - 1].action) if index else None
        self._log = [str(line) for line in _log_lines(shown)][-LOG_LINES:]
        self._revision += 1
        example = self.legal[:1]
        self.payload = {
            "revision": self._revision,  # every redraw is a change, even an identical one
            "example": example[0] if example else "",
            "title": f"{shown.game.title}",
            "status": table.status(shown),
            "seat": str(self.seat),
            "seats": [{"value": EVERYTHING, "label": "everything (teacher)"},
                      {"value": PUBLIC, "label": "the open table"},
                      *({"value": str(s), "label": table.names[s]}
                        for s in range(table.players))],
            "memory": self.memory,
            "memory_toggle": isinstance(self.seat, int),
            "projector": self.projector,
            "board": board,
            "legal": sorted(targets),
            "highlight": highlight or "",
            "selection": self.selection,
            "hint": self.hint,
            "error": self.error,
            "error_rule": self._error_rule if self.error else "",
            "error_quote": error_quote.to_dict() if error_quote else None,
            "live": live,
            "acting": acting,
            "index": index,
            "last": len(frames) - 1,
            "moves": [_move_label(i, step, table.names) for i, step in enumerate(steps, 1)],
            "inspector": {
                "title": page.title,
                "rule": page.rule,
                "quote": quote.to_dict() if quote else None,
                "html": page.html,
                "page": page_index,
                "pages": len(pages),
            },
            "odds": odds,
            "odds_for": table.names[odds_seat] if odds_seat is not None else "",
            "over": _banner(breakdown),
            "can_undo": live and self._undo_possible(),
            "bots": table.seats(),
            "bot_choices": table.seat_choices(),
            "log": self._log,
        }

    def _undo_possible(self) -> bool:
        try:
            self.table.turn_undo_plan()
        except GoldlabError:
            return False
        return True


def _start_page(state: State[Any]) -> Any:
    from goldlab.core.presentation import Page

    setup = [str(e) for e in state.events()][:40]
    body = "".join(f"<li>{escape(line)}</li>" for line in setup)
    return Page("The start: the table as set up", "", f"<ul>{body}</ul>" if body else "")


def _move_label(number: int, step: Any, names: Sequence[str]) -> str:
    who = names[step.actor] if 0 <= step.actor < len(names) else "chance"
    return f"{number}. {who}: {step.action}"


def _log_lines(state: State[Any]) -> list[str]:
    lines: list[str] = []
    for step in state.recent_steps(12):
        lines.append(str(step))
        lines.extend(f"   {event}" for event in step.events)
    return lines


def _banner(breakdown: Any) -> dict[str, Any] | None:
    if breakdown is None:
        return None
    return {"verdict": breakdown.verdict, "tiebreak": breakdown.tiebreak,
            "rule": breakdown.rule, "html": breakdown.html()}
