"""The bots' worker: a thread that plays the bots' replies at a :class:`~goldlab.views.table.Table`
while the kernel goes on answering the views' intents.

A view's intent from the browser runs :meth:`BotsWorker.in_background`: the bots' quick
replies are played at once, and from the first bot that searches (or at a watching pace)
the worker takes over.  It decides *off* the table's lock and applies *under* it, and only
if the game is still the one it decided for: every change of the game first calls
:meth:`BotsWorker.cancel`, which stops a running search and starts a new *generation*, so a
decision made for a position that is gone is thrown away.

The worker only needs what its :class:`Table` protocol lists, so it is tested with any
object that has them (``tests/views/test_views_thinking.py`` uses a real table).

Bots alone at a table stop after :data:`BOT_MOVE_LIMIT` moves in a row and say so (the
table's log and every view's hint): some games need not end.  Goldland ends only when every
player holds an amulet or the temple's reserve runs out, both reached through the temple,
and "you may pass your turn as often as you like"; random bots walk, pass and discard
without ever laying the goal tile (``docs/views.md``, "Bots alone at a table").  A person's
move, or "Let bots move", starts a new count.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, Protocol, TypeVar

from goldlab.bots import Bot, SearchStopped, Stop
from goldlab.bots.play import prepare_decision
from goldlab.core.errors import GoldlabError
from goldlab.core.state import State

BOT_MOVE_LIMIT = 2_000
"""Bots play at most this many moves in a row (no person's move between them), then stop
with a message.  Four times the longest of 32 games between heuristic bots (Goldland with
five players: 501 moves; Gold!, 3 players: 128; Mount Goldrush, 5 players: 189), so a game
that can end is not cut short."""

T = TypeVar("T")


def stopped_message(moves: int) -> str:
    """What the views say when the bots stop at the cap."""
    return (f"the bots stopped after {moves:,} moves in a row and the game has not ended "
            f"(some games need not end: a Goldland game ends only through the temple); "
            f"press \u201cLet bots move\u201d for {moves:,} more")


class Table(Protocol):
    """What the worker uses of its table."""

    lock: threading.RLock
    state: State[Any]

    def bot(self, seat: int) -> Bot | None: ...
    def deal(self) -> list[Any]: ...
    def say_who_thinks(self) -> None: ...
    def changed(self) -> None: ...
    def note(self, text: str) -> None: ...


class BotsWorker:
    """Plays the bots of one table in a thread, paced, stoppable, and says who thinks."""

    def __init__(self, table: Table) -> None:
        self._table = table
        self.pace = 0.0
        """Seconds between two bot moves played in the background (0: none): watching."""
        self.background = False
        """True within :meth:`in_background`."""
        self.thinking = ""
        """Who is thinking now ("Bob (ismcts:1000) is thinking…"), or ``""``."""
        self._thinkers: list[weakref.ReferenceType[Any]] = []
        self._generation = 0
        self._stop = Stop()
        self._thread: threading.Thread | None = None
        self._playing = False
        self.moves_in_a_row = 0
        """Bot moves since a person last moved (or "Let bots move"), counted to the cap."""
        self.stopped = ""
        """The message of the bots stopped at the cap (:func:`stopped_message`), or ``""``."""

    @contextmanager
    def in_background(self) -> Iterator[None]:
        """Within it, the bots' replies are played by the worker, not before the call
        returns: a view's intents from the browser, so the kernel answers the next intent
        (a step through history, Undo) while a bot thinks.  Python calls outside it play
        the bots' replies at once, as always (synchronous and reproducible)."""
        with self._table.lock:
            before, self.background = self.background, True
            try:
                yield
            finally:
                self.background = before

    @property
    def running(self) -> bool:
        """True while the worker plays (thinking, or waiting for the watch pace)."""
        return self._playing

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the worker is done (at most ``timeout`` seconds); True if it is."""
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)
            return not thread.is_alive()
        return True

    def cancel(self) -> None:
        """Stop the worker: a running search ends within one iteration and its move is
        thrown away (it was for a position that is no longer the game's).  Every change
        of the game calls it first."""
        with self._table.lock:
            self._generation += 1
            self._stop.set()
            self._stop = Stop()
            self._playing = False
            self.moves_in_a_row, self.stopped = 0, ""
            self.announce("")

    def counted(self, moves: Iterable[T]) -> Iterator[T]:
        """The bots' moves the table plays at once, up to the cap (counted with the
        worker's own): the move that reaches it is the last one asked for."""
        for move in moves:
            self.moves_in_a_row += 1
            yield move
            if self.moves_in_a_row >= BOT_MOVE_LIMIT:
                return

    def stop_if_capped(self) -> bool:
        """If the bots reached the cap and a bot is still to move: stop, and say so in the
        table's log (and :attr:`stopped`, which the views show as their hint)."""
        table = self._table
        state = table.state
        if (self.moves_in_a_row < BOT_MOVE_LIMIT or state.is_terminal()
                or table.bot(state.current_player) is None):
            return False
        if not self.stopped:
            self.stopped = stopped_message(self.moves_in_a_row)
            table.note(self.stopped)  # tells the watchers
        return True

    def start(self) -> None:
        """Let the worker play on from the table's position if a bot is to move (not past
        the cap)."""
        state = self._table.state
        if state.is_terminal() or self._table.bot(state.current_player) is None:
            return
        if self.stop_if_capped():
            return
        previous = self._thread
        self._playing = True
        thread = threading.Thread(target=self._work, args=(self._generation, self._stop, previous),
                                  name="goldlab-bots", daemon=True)
        self._thread = thread
        thread.start()

    # ---------------------------------------------------------------- who is thinking
    def watch_thinking(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(text)`` (a bound method, held weakly) when a searching bot starts
        thinking (``text`` says who) and when the bots are done (``text`` is ``""``)."""
        self._thinkers.append(weakref.WeakMethod(callback))

    def announce(self, text: str) -> None:
        """Say who is thinking (``""``: nobody) to every live watcher, if it changed."""
        if text == self.thinking:
            return
        self.thinking = text
        alive = []
        for ref in self._thinkers:
            callback = ref()
            if callback is not None:
                alive.append(ref)
                callback(text)
        self._thinkers = alive

    # ---------------------------------------------------------------- the thread
    def _work(self, generation: int, stop: Stop, previous: threading.Thread | None) -> None:
        """Decide off the lock, apply under it if still wanted."""
        if previous is not None:
            previous.join()  # a stopped search ends within an iteration: bots are not shared
        table = self._table
        try:
            while True:
                with table.lock:
                    if generation != self._generation:
                        return
                    state = table.state
                    bot = table.bot(state.current_player)
                    if bot is None or state.is_terminal():
                        return
                    if self.moves_in_a_row >= BOT_MOVE_LIMIT:
                        self._playing = False
                        self.announce("")
                        self.stop_if_capped()
                        return
                    decide = prepare_decision(state, bot, stop)
                if self.pace and stop.wait(self.pace):
                    return
                with table.lock:
                    if generation != self._generation:
                        return
                    table.say_who_thinks()
                action = decide()
                with table.lock:
                    if generation != self._generation:
                        return  # the game moved on: the move is for a position gone
                    table.state.apply(action)
                    self.moves_in_a_row += 1
                    table.deal()
                    state = table.state
                    more = not state.is_terminal() and table.bot(state.current_player) is not None
                    if not more:  # a person, chance (dealt, yet again) or the end
                        self._playing = False
                        self.announce("")
                    table.changed()
                    if not more:
                        return
        except SearchStopped:
            return
        except GoldlabError as exc:  # a bot's bad move: say so, change nothing more
            with table.lock:
                if generation == self._generation:
                    self._playing = False
                    self.announce(f"the bots stopped: {exc}")
                    table.changed()
        finally:
            with table.lock:
                if generation == self._generation and self._playing:
                    self._playing = False
                    self.announce("")
                    table.changed()
