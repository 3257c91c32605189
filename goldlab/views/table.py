"""A :class:`Table`: one game, the bots in its seats, and the views watching it.

Many views can watch one table (one per player, one for the teacher's projector);
whatever changes the game (a click, a bot's reply, undo, a new game, a loaded record)
goes through the table, which then tells every view to redraw.  The table holds no
widget code, so it is tested without Jupyter.

The table also keeps the *frames* of the game so far, the position after each player
action, for stepping through like an analysis board.  A player action's frame includes
the chance steps it triggered (the cards it revealed).
"""

from __future__ import annotations

import itertools
import random
import sys
import threading
import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from typing import Any, overload

from goldlab.bots import (
    Bot,
    SearchStopped,
    Stop,
    bot_names,
    describe_bots,
    make_bot,
    strength,
)
from goldlab.bots.play import bot_seed, play_out, prepare_decision
from goldlab.core.errors import GoldlabError, RecordError
from goldlab.core.presentation import Presenter, Viewer
from goldlab.core.record import Record, load_record, start_position
from goldlab.core.registry import make_game
from goldlab.core.state import CHANCE, TERMINAL, State, Step, _rng_to_json

PERSON = "person"
"""The seat setting for a seat played by a person through a view."""

PERSON_TITLE = "a person plays this seat by clicking in a view"
"""The tooltip of the person entry of a seat menu."""

BOT_MOVE_LIMIT = 10_000
"""Bots reply at most this many steps in a row (a game's bound is far below it)."""

VIEW_MAX_RECORD_BYTES = 1_000_000
"""The largest record a view loads from the browser (a long Goldland game is ~30 KB)."""

VIEW_MAX_STEPS = 5_000
"""The most steps a record loaded into a view may have (a Goldland game among bots has
about 300, a long one among people a few thousand at most): loading replays every step."""

THREADS = sys.platform not in ("emscripten", "wasi")
"""Whether this Python starts threads: not in a browser (Pyodide, docs/lite.md), where the
bots' replies to a view's intent are played at once, before the intent returns."""

WATCH_SPEEDS = (0.0, 0.5, 1.0, 2.0, 4.0)
"""The speeds (bot moves a second) a game can be watched at from a browser; 0: as fast as
the bots decide."""

SAVE_WAITS = ("Save waits for the end of the game: a record names the card of every step, "
              "and some of them lie face down now for you to remember (the teacher's view "
              "saves at any time)")
"""Why a view in memory mode (or the open table) saves no record during the game."""

NOTES_KEPT = 100
"""The table keeps this many of the latest notes for the views' logs."""


def seat_choices(game: str) -> list[dict[str, Any]]:
    """Who can play a seat of ``game``: a person and every bot, each with a one-sentence
    description (a tooltip) and, for a bot that takes a number, its strength levels."""
    choices: list[dict[str, Any]] = [{"value": PERSON, "label": PERSON, "title": PERSON_TITLE,
                                      "default": PERSON, "strength": ""}]
    for info in describe_bots(game):
        control = strength(game, info.name)
        choices.append({
            "value": info.name, "label": info.name, "title": info.description.replace("``", ""),
            "default": control.default if control else info.name,
            "strength": control.meaning if control else "",
        })
    return choices


def menu_specs(game: str) -> list[str]:
    """Every spec the seat menus of ``game`` offer: a person, each bot as the menu sends it
    (its default) and each strength level, e.g. ``["person", "random", "ismcts:50", …]``.

    What a browser may ask for: its choices are bounded in cost by construction (no
    ``ismcts:3600s`` from a page).  Python callers may set any spec.
    """
    specs = [PERSON]
    for choice in seat_choices(game):
        specs.append(choice["default"])
        control = strength(game, choice["value"])
        if control is not None:
            specs.extend(control.spec(argument) for _, argument in control.levels)
    return list(dict.fromkeys(specs))


class Table:
    """One game at a table: its state, who sits where, its frames, and its watchers."""

    def __init__(self, state: State[Any], bots: Mapping[int, str | Bot] | None = None,
                 names: Sequence[str] = (), start: State[Any] | None = None) -> None:
        self.state = state
        self.presenter: Presenter = state.game.presenter()
        self.names: tuple[str, ...] = tuple(names) or self.presenter.player_names(state)
        if len(self.names) != state.players:
            raise ValueError(f"names must name all {state.players} seats, got {list(names)}")
        self._bots: dict[int, Bot] = {}
        self._bot_specs: dict[int, str] = {}
        for seat, bot in (bots or {}).items():
            self._seat_bot(seat, bot)
        self._start = start
        self._frames: Frames | None = None
        self._dealer: random.Random | None = None
        self._watchers: list[weakref.ReferenceType[Any]] = []
        self._thinkers: list[weakref.ReferenceType[Any]] = []
        self.thinking = ""
        """Who is thinking now ("Bob (ismcts:1000) is thinking…"), or ``""``."""
        self.lock = threading.RLock()
        """Held while the game changes: by a view's intent, and by the bots' worker only to
        apply a decision (never while a bot thinks)."""
        self.pace = 0.0
        """Seconds between two bot moves played in the background (0: none): watching."""
        self._background = False
        self._generation = 0
        self._stop = Stop()
        self._worker: threading.Thread | None = None
        self._playing = False
        self._main: tuple[State[Any], int] | None = None
        self.notes: list[tuple[Step | None, str]] = []
        """What happened at the table besides the steps (a player looked at the last turn
        again), each after the step it followed: the views' logs show them."""
        self._deal()  # a game without auto_chance: the table deals (no view enters chance)

    # ---------------------------------------------------------------- seats and bots
    @property
    def bots(self) -> dict[int, str]:
        """The bot spec of every seat a bot plays (the other seats are people)."""
        return dict(self._bot_specs)

    def bot_choices(self) -> list[str]:
        """What a seat can be set to: a person, or any bot of this game."""
        return [PERSON, *bot_names(self.state.game.name)]

    def seat_choices(self) -> list[dict[str, Any]]:
        """The seat menus' entries with descriptions and strengths (:func:`seat_choices`)."""
        return seat_choices(self.state.game.name)

    def set_seat(self, seat: int, who: str | Bot) -> None:
        """Let a bot (by spec, e.g. ``"greedy"`` or ``"ismcts:200"``) or a person
        (``"person"``) play ``seat``, from its next decision on.

        Bots then reply at once if it is their turn.  A bad spec raises the bots'
        :class:`OptionsError` (naming the problem) and changes nothing.
        """
        with self.lock:  # a running search stops in let_bots_move (not for a refused spec)
            if who == PERSON:
                self._check_seat(seat)
                self._bots.pop(seat, None)
                self._bot_specs.pop(seat, None)
            else:
                self._seat_bot(seat, who)
            self.let_bots_move()

    def set_seat_from_menu(self, seat: int, who: object) -> None:
        """:meth:`set_seat` for a choice from a browser's menu: only what the menus offer
        (:func:`menu_specs`) or the seat's current spec; anything else raises ValueError
        naming the choices, and changes nothing."""
        self._check_seat(seat)
        allowed = menu_specs(self.state.game.name)
        current = self._bot_specs.get(seat, PERSON)
        if not isinstance(who, str) or (who not in allowed and who != current):
            shown = repr(who)[:40] if isinstance(who, str) else type(who).__name__
            raise ValueError(f"{shown} is not on this game's seat menu; choose one of "
                             f"{', '.join(allowed)}")
        self.set_seat(seat, who)

    def seats(self) -> list[dict[str, Any]]:
        """Each seat: its number, the player's name, who plays it (``value``: the spec, or
        ``"person"``), the bot's name (``bot``) and, for a bot with a strength control, the
        strength menu's entries (``strengths``); what the views' seat menus draw."""
        game = self.state.game.name
        found = []
        for seat in range(self.players):
            spec = self._bot_specs.get(seat, PERSON)
            name = spec.partition(":")[0]
            control = strength(game, spec) if spec != PERSON else None
            found.append({"seat": seat, "name": self.names[seat], "value": spec, "bot": name,
                          "strengths": control.options(spec) if control else []})
        return found

    def _check_seat(self, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"seat must be 0-{self.players - 1}, got {seat!r}")

    def _seat_bot(self, seat: int, bot: str | Bot) -> None:
        self._check_seat(seat)
        if isinstance(bot, str):
            bot = bot.strip()
            made = make_bot(self.state.game.name, bot, seat, bot_seed(self.state.seed, seat))
            self._bots[seat], self._bot_specs[seat] = made, bot
        else:
            self._bots[seat], self._bot_specs[seat] = bot, bot.name

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.state.players

    def is_person(self, seat: int) -> bool:
        """True if a person (not a bot) plays ``seat``."""
        return seat not in self._bots

    # ---------------------------------------------------------------- playing
    def play(self, action: Any) -> list[Any]:
        """Apply an action (object or notation), then let the bots reply; tell the watchers.

        A refusal raises the engine's error and changes nothing.
        """
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
        events: list[Any] = self._deal()
        bots = self._bots
        background = self._background and THREADS

        def until(s: State[Any]) -> bool:
            bot = bots.get(s.current_player)
            return bot is None or (background and (self.pace > 0 or bot.searches))

        moves = play_out(self.state, bots, until=until)
        announce: Callable[[], None] = (  # in the background the worker says who thinks
            self._quiet if background else self._announce_thinker)
        try:
            announce()
            for move in itertools.islice(moves, BOT_MOVE_LIMIT):
                events.extend(move.events)
                events.extend(self._deal())
                announce()
                if self.state.current_player == CHANCE:  # dealt, yet chance again: stop
                    break
        finally:
            self._announce("")
        if background:
            self._start_worker()
        return events

    def _quiet(self) -> None:
        """Say nothing (who thinks is the worker's to say)."""

    def _deal(self) -> list[Any]:
        """Resolve chance in a game without ``auto_chance`` (a record saved for a seat),
        with the table's own generator, seeded afresh: nothing in the record predicts it."""
        state = self.state
        events: list[Any] = []
        for _ in range(BOT_MOVE_LIMIT):
            if state.auto_chance or state.current_player != CHANCE:
                break
            outcomes = state.chance_outcomes()
            if self._dealer is None:
                self._dealer = random.Random(random.SystemRandom().randrange(2**63))
            pick = self._dealer.random()
            chosen = outcomes[-1][0]
            for outcome, probability in outcomes:
                pick -= float(probability)
                if pick < 0:
                    chosen = outcome
                    break
            events.extend(state.apply(chosen))
        return events

    def _announce_thinker(self) -> None:
        """Before a searching bot decides (which may take seconds), show the position so far
        (the move just made included) and say who is thinking.  A decision with one legal
        action is not searched: nothing to say."""
        seat = self.state.current_player
        bot = self._bots.get(seat)
        if (bot is not None and bot.searches and not self.state.is_terminal()
                and len(self.state.legal_actions()) > 1):
            self.changed()
            self._announce(f"{self.names[seat]} ({self._bot_specs[seat]}) is thinking\u2026")
        else:
            self._announce("")

    # ---------------------------------------------------------------- bots in the background
    @contextmanager
    def in_background(self) -> Iterator[None]:
        """Within it, the bots' replies are played by a worker thread, not before the call
        returns: a view's intents from the browser, so the kernel answers the next intent
        (a step through history, Undo) while a bot thinks.  Python calls outside it play
        the bots' replies at once, as always (synchronous and reproducible)."""
        with self.lock:
            before, self._background = self._background, True
            try:
                yield
            finally:
                self._background = before

    @property
    def bots_running(self) -> bool:
        """True while the bots' worker plays (thinking, or waiting for the watch pace)."""
        return self._playing

    def wait_for_bots(self, timeout: float | None = None) -> bool:
        """Wait until the bots' worker is done (at most ``timeout`` seconds); True if it is."""
        worker = self._worker
        if worker is not None and worker is not threading.current_thread():
            worker.join(timeout)
            return not worker.is_alive()
        return True

    def cancel_bots(self) -> None:
        """Stop the bots' worker: a running search ends within one iteration and its move is
        thrown away (it was for a position that is no longer the game's).  Every change
        of the game calls it first."""
        with self.lock:
            self._generation += 1
            self._stop.set()
            self._stop = Stop()
            self._playing = False
            self._announce("")

    def play_in_background(self) -> None:
        """Let the bots play on in the worker (at :attr:`pace`) until a person is to move."""
        with self.in_background():
            self.cancel_bots()
            self._bot_replies()
            self.changed()

    def _start_worker(self) -> None:
        bots = self._bots
        if self.state.is_terminal() or self.state.current_player not in bots:
            return
        previous = self._worker
        self._playing = True
        worker = threading.Thread(target=self._work,
                                  args=(self._generation, self._stop, previous),
                                  name="goldlab-bots", daemon=True)
        self._worker = worker
        worker.start()

    def _work(self, generation: int, stop: Stop, previous: threading.Thread | None) -> None:
        """The bots' worker: decide off the lock, apply under it if still wanted."""
        if previous is not None:
            previous.join()  # a stopped search ends within an iteration: bots are not shared
        try:
            for _ in range(BOT_MOVE_LIMIT):
                with self.lock:
                    if generation != self._generation:
                        return
                    state = self.state
                    bot = self._bots.get(state.current_player)
                    if bot is None or state.is_terminal():
                        return
                    decide = prepare_decision(state, bot, stop)
                if self.pace and stop.wait(self.pace):
                    return
                with self.lock:
                    if generation != self._generation:
                        return
                    self._announce_thinker()
                action = decide()
                with self.lock:
                    if generation != self._generation:
                        return  # the game moved on: the move is for a position gone
                    self.state.apply(action)
                    self._deal()
                    state = self.state
                    more = not state.is_terminal() and state.current_player in self._bots
                    if not more:  # a person, chance (dealt, yet again) or the end
                        self._playing = False
                        self._announce("")
                    self.changed()
                    if not more:
                        return
        except SearchStopped:
            return
        except GoldlabError as exc:  # a bot's bad move: say so, change nothing more
            with self.lock:
                if generation == self._generation:
                    self._playing = False
                    self._announce(f"the bots stopped: {exc}")
                    self.changed()
        finally:
            with self.lock:
                if generation == self._generation and self._playing:
                    self._playing = False
                    self._announce("")
                    self.changed()

    # ---------------------------------------------------------------- variations
    @property
    def variation_from(self) -> int | None:
        """The frame of the main line a variation started from, or None on the main line."""
        return None if self._main is None else self._main[1]

    def play_from(self, index: int) -> None:
        """Play on from frame ``index`` (a variation), keeping the game as it was, the
        main line, to come back to with :meth:`back_to_main`.  From a variation, a new one
        starts from the variation's frame; the main line stays the same."""
        with self.lock:
            frames, _ = self.frames()
            if isinstance(index, bool) or not isinstance(index, int) or not (
                    0 <= index < len(frames)):
                raise ValueError(f"a variation starts from a frame 0-{len(frames) - 1}, "
                                 f"not {index!r}")
            self.cancel_bots()
            fresh = frames[index]  # a fresh state: the history shared up to there
            fresh.mode = self.state.mode
            main = self._main or (self.state, index)
            self._main = (main[0], index if self._main is None else main[1])
            self._switch(fresh)

    def back_to_main(self) -> int:
        """Leave the variation for the main line as it was; return the frame it started from."""
        with self.lock:
            if self._main is None:
                raise ValueError("this is the main line: there is no variation to leave")
            self.cancel_bots()
            main, index = self._main
            self._main = None
            self._switch(main)
            return index

    def _switch(self, state: State[Any]) -> None:
        """Show ``state`` (a variation or the main line): same start, same bots."""
        self.state = state
        self._frames = None
        self._dealer = None
        self._bot_replies()
        self.changed()

    def turn_undo_plan(self) -> int:
        """How many steps :meth:`undo_turn` would take back.

        A person's whole turn: the bots' replies since then and the person's own last
        action, back to the last position where a person was to move.  Raises
        :class:`UndoError` (with the engine's reason) if any of those steps cannot be
        undone, e.g. a card revealed in play mode.
        """
        trial = self.state.clone()
        people = [seat for seat in range(self.players) if self.is_person(seat)]
        taken = 0
        while True:
            if not trial.can_undo():
                trial.undo()  # raises the engine's UndoError: nothing left, or a reveal
            actor = trial.history[self._last_action_index(trial)].actor
            trial.undo()
            taken += 1
            if not people or (actor >= 0 and self.is_person(actor)):
                return taken

    def undo_turn(self) -> int:
        """Take back a person's whole turn with the bots' replies; return the steps undone.

        All or nothing: if one of the steps cannot be undone, nothing changes and the
        engine's :class:`UndoError` says why.
        """
        with self.lock:
            taken = self.turn_undo_plan()
            self.cancel_bots()
            for _ in range(taken):
                self.state.undo()
            self.changed()
            return taken

    def _person_to_move(self, state: State[Any]) -> bool:
        seat = state.current_player
        return seat >= 0 and self.is_person(seat)

    @staticmethod
    def _last_action_index(state: State[Any]) -> int:
        history = state.history
        i = len(history) - 1
        while i > 0 and history[i].actor == CHANCE and state.auto_chance:
            i -= 1
        return i

    # ---------------------------------------------------------------- new games, records
    def new_game(self, seed: int | None = None) -> None:
        """A new game with the same players, options and bots, shuffled anew."""
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        old = self.state
        fresh = old.game.new_state(seed, mode=old.mode)  # chance from the seed, even after a
        # record for a player (whose chance the table dealt)
        self._replace(fresh)

    def rematch(self) -> None:
        """The same game again from the same shuffle (same seed), same seats."""
        old = self.state
        if old._start is not None:
            fresh = start_position(old._start)
            fresh.mode = old.mode
        else:
            fresh = old.game.new_state(old.seed, mode=old.mode, auto_chance=old.auto_chance)
        self._replace(fresh)

    def record_json(self, for_player: bool = False) -> str:
        """The game so far as a goldlab record (JSON text).

        ``for_player=True``: a record a player may keep, holding nothing that predicts the
        chance still to come: no seed (``"seed": null``), no generator, and the chance so
        far written out step by step (``"auto_chance": false``).  It replays the same
        game; a table that loads it deals the rest with fresh chance.
        """
        record = self.state.record()
        if for_player:
            start = record.start
            if start is not None:  # a start position's generator predicts the future too
                fresh = random.Random(random.SystemRandom().randrange(2**63))
                start = {**start, "seed": 0, "auto_chance": False, "rng": _rng_to_json(fresh)}
            record = replace(record, seed=None, auto_chance=False, start=start)
        return record.to_json()

    def why_not_saved(self, viewer: Viewer) -> str:
        """Why the game may not be saved for ``viewer`` now (:data:`SAVE_WAITS`), or ``""``.

        A record names the card of every step.  While some of them may not be named to
        ``viewer`` now (memory mode, the open table: the presenter tells those steps
        without them, :meth:`Presenter.told_steps`), Save waits for the end of the game;
        the teacher's view and a finished game save everything.
        """
        state = self.state
        if not viewer.forgets or viewer.knows_all(state):
            return ""
        told = self.presenter.told_steps(state, state.history, viewer, self.names)
        return SAVE_WAITS if any(t.concealed for t in told) else ""

    def note(self, text: str) -> None:
        """Write ``text`` in the views' logs after the latest step; tell the watchers."""
        with self.lock:
            self.notes = [*self.notes[-(NOTES_KEPT - 1):], (self.state.last_step, text)]
            self.changed()

    def load(self, text: str | bytes | dict[str, Any], *, mode: str | None = None,
             max_steps: int | None = None,
             check: Callable[[Any], None] | None = None) -> None:
        """Continue from a record (JSON text); a bad record raises RecordError, changing nothing.

        ``mode``: play or study whatever the record says (a view keeps the table's);
        ``max_steps``: refuse a record of more steps (a view's cap); ``check``: called
        with the record's game before it replays (raises to refuse it).
        """
        record: Record = load_record(text)
        if max_steps is not None and len(record.steps) > max_steps:
            raise RecordError(f"the record has {len(record.steps)} steps; a view loads at "
                              f"most {max_steps}")
        if check is not None:
            try:
                game = make_game(record.game, players=record.players, **record.options)
            except (GoldlabError, TypeError, ValueError) as exc:
                raise RecordError(f"cannot set up the recorded game: {exc}") from None
            check(game)
        state = record.replay()
        if mode is not None:
            state.mode = mode
        if state.game.name != self.state.game.name or state.players != self.players:
            self._bots.clear()
            self._bot_specs.clear()
            self.presenter = state.game.presenter()
            self.names = self.presenter.player_names(state)
        self._replace(state)

    def _replace(self, state: State[Any]) -> None:
        with self.lock:
            self.cancel_bots()
            self._main = None
            self.state = state
            self._start = None
            self._dealer = None
            self._frames = None
            self.notes = []
            names = bot_names(state.game.name)
            for seat, spec in list(self._bot_specs.items()):
                if spec.partition(":")[0] not in names:
                    continue  # a Bot object of its own kind: it plays on as it is
                self._bots[seat] = make_bot(state.game.name, spec, seat, bot_seed(state.seed, seat))
            self._bot_replies()
            self.changed()

    # ---------------------------------------------------------------- frames
    def frames(self) -> tuple[Frames, list[Step]]:
        """The position after each player action (index 0: the start) and each frame's step.

        Kept between calls and extended as the game goes on; rebuilt after an undo.  A
        frame is stored as the position's small snapshot and the length of the history
        it covers, and built as a :class:`State` only when asked for, so frames cost time
        and memory linear in the steps (a clone per step copied the whole history each
        time: quadratic).  The frames replay the recorded chance steps, so they never
        depend on the game's seed.
        """
        state = self.state
        history = state.history
        frames = self._frames
        cover = frames.cover if frames is not None else -1
        if (frames is None or frames.game_state is not state or cover > len(history)
                or (cover > 0 and history[cover - 1] is not frames.last_step)):
            frames = self._frames = Frames(self._start_state(), state.auto_chance)
            frames.game_state = state
        frames.extend(history)
        return frames, frames.steps

    def _start_state(self) -> State[Any]:
        """The start, before any step of the history it covers (set-up chance included)."""
        if self._start is not None:
            return self._start
        final = self.state
        if final._start is not None:
            return start_position(final._start)
        fresh: State[Any] = final.game.new_state(final.seed, mode="study", auto_chance=False)
        return fresh

    # ---------------------------------------------------------------- watchers
    def watch(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` (a bound method, held weakly) after every change."""
        self._watchers.append(weakref.WeakMethod(callback))

    def watch_thinking(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(text)`` (a bound method, held weakly) when a searching bot starts
        thinking (``text`` says who) and when the bots are done (``text`` is ``""``)."""
        self._thinkers.append(weakref.WeakMethod(callback))

    def _announce(self, text: str) -> None:
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

    def changed(self) -> None:
        """Tell every live watcher that the game changed."""
        alive = []
        for ref in self._watchers:
            callback = ref()
            if callback is not None:
                alive.append(ref)
                callback()
        self._watchers = alive

    # ---------------------------------------------------------------- helpers for views
    def status(self, state: State[Any] | None = None) -> str:
        """Whose move it is (or who won), in the players' words, with their names."""
        state = self.state if state is None else state
        seat = state.current_player
        if seat == TERMINAL:
            outcome = state.outcome()
            if outcome is None:  # pragma: no cover - a finished game has an outcome
                return "Game over"
            winners = " and ".join(self.names[w] for w in outcome.winners)
            verb = "share the victory" if len(outcome.winners) > 1 else "wins"
            return f"Game over: {winners} {verb}"
        if seat == CHANCE:
            return "Chance is to move: a card or tile is turned up"
        who = self.names[seat]
        return f"{who} to move" + ("" if self.is_person(seat) else f" ({self._bot_specs[seat]})")

    def __repr__(self) -> str:
        return (f"Table({self.state.game.title}, players={self.players}, "
                f"bots={self._bot_specs}, steps={len(self.state.history)})")


def apply_or_explain(table: Table, action: Any) -> GoldlabError | None:
    """Play ``action`` at the table; return the engine's refusal instead of raising it."""
    try:
        table.play(action)
    except GoldlabError as exc:
        return exc
    return None


class Frames(Sequence[State[Any]]):
    """The frames of a game: the position after each player action, index 0 the start.

    Each frame is kept as the position's snapshot (the engine's immutable undo value) and
    the length of history it covers; ``frames[i]`` builds a fresh :class:`State` from them
    (history shared up to there, study mode, nothing to undo).  The chance steps an action
    triggered belong to its frame; they are replayed as recorded, never drawn again.
    """

    def __init__(self, start: State[Any], auto_chance: bool) -> None:
        walker = start.clone()
        walker.mode = "study"
        walker.auto_chance = False  # replay the recorded chance, whatever the seed says
        walker._frames = []
        self.game_state: State[Any] | None = None
        self._walker = walker
        self._auto_chance = auto_chance
        self._template = walker.clone()
        self._snapshots: list[Any] = [walker._save()]
        self._covers: list[int] = [len(walker._history)]
        self.steps: list[Step] = []
        self.cover = len(walker._history)
        """How many steps of the game's history the frames cover."""
        self.last_step: Step | None = None
        """The game's step at ``cover - 1`` (the check that the history is still the same)."""

    def extend(self, history: Sequence[Step]) -> None:
        """Add the frames of the steps of ``history`` beyond :attr:`cover`: a player's step
        opens a frame, a chance step belongs to the frame before it (the start's set-up)."""
        walker = self._walker
        for i in range(self.cover, len(history)):
            step = history[i]
            events = tuple(walker.apply(step.action))
            walker._frames.clear()  # the walker never undoes: keep no snapshots
            if step.actor == CHANCE:
                self._snapshots[-1], self._covers[-1] = walker._save(), i + 1
                if self.steps:
                    last = self.steps[-1]
                    self.steps[-1] = Step(last.actor, last.action, last.events + events)
            else:
                self._snapshots.append(walker._save())
                self._covers.append(i + 1)
                self.steps.append(Step(step.actor, step.action, events))
        self.cover = len(history)
        self.last_step = history[-1] if history else None

    def __len__(self) -> int:
        return len(self._snapshots)

    @overload
    def __getitem__(self, index: int) -> State[Any]: ...
    @overload
    def __getitem__(self, index: slice) -> list[State[Any]]: ...
    def __getitem__(self, index: int | slice) -> State[Any] | list[State[Any]]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        snapshot = self._snapshots[index]  # IndexError as a list's
        state = self._template.clone()
        state._load(snapshot)
        state._history = self._walker._history[:self._covers[index]]
        state._frames = []
        state._legal = None
        state.auto_chance = self._auto_chance
        return state

    def __iter__(self) -> Iterator[State[Any]]:
        return (self[i] for i in range(len(self)))
