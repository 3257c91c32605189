"""A :class:`Table`: one game, who sits where, and the views watching it.

Many views can watch one table (one per player, one for the teacher's projector);
whatever changes the game (a click, a bot's reply, undo, a new game, a loaded record)
goes through the table, which then tells every view to redraw.  The table holds no
widget code, so it is tested without Jupyter.  It is put together from three parts,
each tested alone:

* :class:`~goldlab.views.seats.Seating` who plays each seat (a person or a bot);
* :class:`~goldlab.views.bots_worker.BotsWorker` the thread that plays the bots' replies
  while the kernel answers the views, paced for watching, and says who is thinking;
* :class:`~goldlab.views.replay.Replay` the frames (the position after each player
  action, for stepping through like an analysis board) and a variation's main line.
"""

from __future__ import annotations

import random
import sys
import threading
import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from goldlab.bots import Bot
from goldlab.bots.play import play_out
from goldlab.core import replay as looking_back
from goldlab.core.presentation import Presenter, Viewer
from goldlab.core.replay import Frames, recorded_start, undo_count
from goldlab.core.state import CHANCE, State, Step
from goldlab.views.bots_worker import BotsWorker
from goldlab.views.records import (
    SAVE_WAITS,
    VIEW_MAX_RECORD_BYTES,
    VIEW_MAX_STEPS,
    Dealer,
    read_record,
    why_not_saved,
)
from goldlab.views.replay import Replay
from goldlab.views.seats import PERSON, Seating, menu_specs, seat_choices

__all__ = ["PERSON", "SAVE_WAITS", "THREADS", "VIEW_MAX_RECORD_BYTES", "VIEW_MAX_STEPS",
           "WATCH_SPEEDS", "Table", "menu_specs", "seat_choices"]

THREADS = sys.platform not in ("emscripten", "wasi")
"""Whether this Python starts threads: not in a browser (Pyodide, docs/lite.md), where the
bots' replies to a view's intent are played at once, before the intent returns."""

WATCH_SPEEDS = (0.0, 0.5, 1.0, 2.0, 4.0)
"""The speeds (bot moves a second) a game can be watched at from a browser; 0: as fast as
the bots decide."""

NOTES_KEPT = 100
"""The table keeps this many of the latest notes for the views' logs."""


class Table:
    """One game at a table: its state, who sits where, its frames, and its watchers."""

    def __init__(self, state: State[Any], bots: Mapping[int, str | Bot] | None = None,
                 names: Sequence[str] = (), start: State[Any] | None = None) -> None:
        self.state = state
        self.presenter: Presenter = state.game.presenter()
        self.names: tuple[str, ...] = tuple(names) or self.presenter.player_names(state)
        if len(self.names) != state.players:
            raise ValueError(f"names must name all {state.players} seats, got {list(names)}")
        self.seating = Seating(state.game.name, state.players, state.seed, bots)
        self.replay = Replay(start)
        self.lock = threading.RLock()
        """Held while the game changes: by a view's intent, and by the bots' worker only to
        apply a decision (never while a bot thinks)."""
        self.worker = BotsWorker(self)
        self.dealer = Dealer()
        self._watchers: list[weakref.ReferenceType[Any]] = []
        self.notes: list[tuple[Step | None, str]] = []
        """What happened at the table besides the steps (a player looked at the last turn
        again), each after the step it followed: the views' logs show them."""
        self.deal()  # a game without auto_chance: the table deals (no view enters chance)

    # ---------------------------------------------------------------- seats
    @property
    def players(self) -> int:
        """The number of seats."""
        return self.state.players

    @property
    def bots(self) -> dict[int, str]:
        """The bot spec of every seat a bot plays (the other seats are people)."""
        return self.seating.specs

    def bot(self, seat: int) -> Bot | None:
        """The bot playing ``seat``, or None for a person."""
        return self.seating.bot(seat)

    def is_person(self, seat: int) -> bool:
        """True if a person (not a bot) plays ``seat``."""
        return self.seating.is_person(seat)

    def set_seat(self, seat: int, who: str | Bot) -> None:
        """Let a bot (by spec, e.g. ``"greedy"`` or ``"ismcts:200"``) or a person
        (``"person"``) play ``seat``, from its next decision on; bots then reply at once if
        it is their turn.  A bad spec raises the bots' OptionsError and changes nothing."""
        with self.lock:  # a running search stops in let_bots_move (not for a refused spec)
            self.seating.set(seat, who, self.state.seed)
            self.let_bots_move()

    def set_seat_from_menu(self, seat: int, who: object) -> None:
        """:meth:`set_seat` for a choice from a browser's menu: only what the menus offer
        (:func:`menu_specs`) or the seat's current spec; else ValueError, nothing changed."""
        self.set_seat(seat, self.seating.check_menu_choice(seat, who))

    def seats(self) -> list[dict[str, Any]]:
        """What the views' seat menus draw (:meth:`Seating.listing`)."""
        return self.seating.listing(self.names)

    # ---------------------------------------------------------------- playing
    def play(self, action: Any) -> list[Any]:
        """Apply an action (object or notation), then let the bots reply; tell the watchers.
        A refusal raises the engine's error and changes nothing."""
        with self.lock:
            events = list(self.state.apply(action))
            self.cancel_bots()  # a search for the position before is not wanted any more
            events += self._bot_replies()
            self.changed()
            return events

    def let_bots_move(self) -> list[Any]:
        """Let bots play until a person is to move or the game ends; tell the watchers."""
        with self.lock:
            self.cancel_bots()
            events = self._bot_replies()
            self.changed()
            return events

    def _bot_replies(self) -> list[Any]:
        """The bots' replies: all of them at once, or (:meth:`in_background`) the quick ones
        at once and, from the first searching bot or at a watching pace, in the worker."""
        events: list[Any] = self.deal()
        bots = self.seating.bots
        background = self.worker.background and THREADS
        pace = self.worker.pace

        def until(s: State[Any]) -> bool:
            bot = bots.get(s.current_player)
            return bot is None or (background and (pace > 0 or bot.searches))

        announce: Callable[[], None] = (  # in the background the worker says who thinks
            (lambda: None) if background else self.say_who_thinks)
        try:
            announce()
            for move in self.worker.counted(play_out(self.state, bots, until=until)):
                events.extend(move.events)
                events.extend(self.deal())
                announce()
                if self.state.current_player == CHANCE:  # dealt, yet chance again: stop
                    break
        finally:
            self.worker.announce("")
        if background:
            self.worker.start()
        else:
            self.worker.stop_if_capped()  # the bots reached the cap: say so
        return events

    def deal(self) -> list[Any]:
        """Resolve chance in a game without ``auto_chance`` (:class:`Dealer`)."""
        return self.dealer.deal(self.state)

    def say_who_thinks(self) -> None:
        """Before a searching bot decides (which may take seconds), show the position so far
        and say who is thinking.  A decision with one legal action is not searched."""
        seat = self.state.current_player
        bot = self.seating.bot(seat)
        if (bot is not None and bot.searches and not self.state.is_terminal()
                and len(self.state.legal_actions()) > 1):
            self.changed()
            who = f"{self.names[seat]} ({self.seating.spec(seat)})"
            self.worker.announce(f"{who} is thinking\u2026")
        else:
            self.worker.announce("")

    # ---------------------------------------------------------------- the bots' worker
    @contextmanager
    def in_background(self) -> Iterator[None]:
        """Play the bots' replies in the worker within it (:meth:`BotsWorker.in_background`)."""
        with self.worker.in_background():
            yield

    @property
    def pace(self) -> float:
        """Seconds between two bot moves played in the background (0: none): watching."""
        return self.worker.pace

    @pace.setter
    def pace(self, seconds: float) -> None:
        self.worker.pace = seconds

    thinking = property(lambda self: self.worker.thinking, doc="Who is thinking, or ``''``.")
    bots_running = property(lambda self: self.worker.running,
                            doc="True while the bots' worker plays (or waits for the pace).")

    def wait_for_bots(self, timeout: float | None = None) -> bool:
        """Wait until the bots' worker is done (at most ``timeout`` seconds); True if it is."""
        return self.worker.wait(timeout)

    def cancel_bots(self) -> None:
        """Stop the bots' worker (its search's move is thrown away); every change calls it."""
        self.worker.cancel()

    def play_in_background(self) -> None:
        """Let the bots play on in the worker (at :attr:`pace`) until a person is to move."""
        with self.in_background():
            self.let_bots_move()

    # ---------------------------------------------------------------- replay and variations
    def frames(self) -> tuple[Frames, list[Step]]:
        """The position after each player action (index 0: the start) and each frame's step."""
        return self.replay.frames(self.state)

    @property
    def variation_from(self) -> int | None:
        """The frame of the main line a variation started from, or None on the main line."""
        return self.replay.variation_from

    def play_from(self, index: int, fresh_luck: bool = False) -> None:
        """Play on from frame ``index`` (a variation), keeping the main line to come back to
        with :meth:`back_to_main`.  The variation goes on under the game's own luck (its
        own cards to come); ``fresh_luck=True``: new luck, dealt by the table
        (:meth:`Replay.branch`)."""
        with self.lock:
            fresh = self.replay.branch(self.state, index, fresh_luck)
            self.cancel_bots()
            self._switch(fresh)

    def back_to_main(self) -> int:
        """Leave the variation for the main line as it was; return the frame it started from."""
        with self.lock:
            main, index = self.replay.main_line()
            self.cancel_bots()
            self._switch(main)
            return index

    def _switch(self, state: State[Any]) -> None:
        """Show ``state`` (a variation or the main line): same start, same bots."""
        self.state = state
        self.dealer.forget()
        self._bot_replies()
        self.changed()

    # ---------------------------------------------------------------- undo
    def turn_undo_plan(self) -> int:
        """How many steps :meth:`undo_turn` would take back: a person's whole turn, the bots'
        replies since then and the person's own last action.  Raises :class:`UndoError`
        (the engine's reason) if one of them cannot be undone, e.g. a card revealed in play
        mode.  Nothing is undone to find out."""
        people = {seat for seat in range(self.players) if self.is_person(seat)}
        return undo_count(self.state, people.__contains__ if people else lambda _actor: True)

    def undo_turn(self) -> int:
        """Take back a person's whole turn with the bots' replies; return the steps undone.
        All or nothing: if one step cannot be undone, nothing changes (the engine's
        :class:`UndoError` says why)."""
        with self.lock:
            taken = self.turn_undo_plan()
            self.cancel_bots()
            for _ in range(taken):
                self.state.undo()
            self.changed()
            return taken

    # ---------------------------------------------------------------- new games, records
    def new_game(self, seed: int | None = None) -> None:
        """A new game with the same players, options and bots, shuffled anew."""
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        old = self.state  # chance from the seed, even after a record the table dealt
        self._replace(old.game.new_state(seed, mode=old.mode))

    def rematch(self) -> None:
        """The same game again from the same shuffle (same seed), same seats."""
        old = self.state
        fresh = recorded_start(old)
        if fresh is not None:
            fresh.mode = old.mode
        else:
            fresh = old.game.new_state(old.seed, mode=old.mode, auto_chance=old.auto_chance)
        self._replace(fresh)

    def record_json(self, for_player: bool = False) -> str:
        """The game so far as a goldlab record (JSON text); ``for_player=True``: one a player
        may keep (:func:`goldlab.core.replay.for_player`: nothing predicts the chance to
        come; a table that loads it deals the rest with fresh chance)."""
        record = self.state.record()
        return (looking_back.for_player(record) if for_player else record).to_json()

    def why_not_saved(self, viewer: Viewer) -> str:
        """Why the game may not be saved for ``viewer`` now, or ``""`` (:func:`why_not_saved`)."""
        return why_not_saved(self.presenter, self.state, viewer, self.names)

    def note(self, text: str) -> None:
        """Write ``text`` in the views' logs after the latest step; tell the watchers."""
        with self.lock:
            self.notes = [*self.notes[-(NOTES_KEPT - 1):], (self.state.last_step, text)]
            self.changed()

    def load(self, text: str | bytes | dict[str, Any], *, mode: str | None = None,
             max_steps: int | None = None,
             check: Callable[[Any], None] | None = None) -> None:
        """Continue from a record (JSON text); a bad record raises RecordError, changing
        nothing.  ``mode``: play or study whatever the record says; ``max_steps``: refuse a
        longer record; ``check``: called with the record's game first (raises to refuse)."""
        state = read_record(text, max_steps=max_steps, check=check)
        if mode is not None:
            state.mode = mode
        if state.game.name != self.state.game.name or state.players != self.players:
            self.presenter = state.game.presenter()
            self.names = self.presenter.player_names(state)
        self._replace(state)

    def _replace(self, state: State[Any]) -> None:
        with self.lock:
            self.cancel_bots()
            self.state = state
            self.replay.forget(start=True)
            self.dealer.forget()
            self.notes = []
            self.seating.new_game(state.game.name, state.players, state.seed)
            self._bot_replies()
            self.changed()

    # ---------------------------------------------------------------- watchers
    def watch_thinking(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(text)`` (held weakly) when a bot starts thinking and when done."""
        self.worker.watch_thinking(callback)

    def watch(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` (a bound method, held weakly) after every change."""
        self._watchers.append(weakref.WeakMethod(callback))

    def changed(self) -> None:
        """Tell every live watcher that the game changed."""
        alive = []
        for ref in self._watchers:
            callback = ref()
            if callback is not None:
                alive.append(ref)
                callback()
        self._watchers = alive

    def status(self, state: State[Any] | None = None) -> str:
        """Whose move it is (or who won), in the players' words (:meth:`Seating.status`)."""
        return self.seating.status(self.state if state is None else state, self.names)

    def __repr__(self) -> str:
        return (f"Table({self.state.game.title}, players={self.players}, "
                f"bots={self.bots}, steps={len(self.state.history)})")
