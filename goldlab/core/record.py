"""Game records and saved positions: JSON that replays to the identical state.

A record holds the game's name, goldlab's version, the player count, the
options, the seed and every step as notation (chance steps included, so a
reader sees the cards that came up), plus the final scores when the game is
over.  :func:`load_record` checks everything and raises :class:`RecordError`
with the reason; it never executes anything from the file.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from goldlab.core.errors import GoldlabError, RecordError
from goldlab.core.files import read_bounded
from goldlab.core.notation import shown
from goldlab.core.registry import make_game
from goldlab.core.state import CHANCE, State, Step

FORMAT = "goldlab-record"
FORMAT_VERSION = 1
MAX_RECORD_BYTES = 20_000_000
MAX_STEPS = 1_000_000
REPLAY_UNDO_STEPS = 1000
"""How many of a replayed record's last steps can be undone (older frames are dropped)."""


@dataclass(frozen=True)
class Record:
    """A replayable game record."""

    game: str
    players: int
    options: dict[str, Any]
    seed: int | None
    """None: the chance steps are written out (``auto_chance`` false) and nothing predicts
    the chance to come; a replay draws a fresh seed (a record saved for a player)."""
    steps: tuple[str, ...]
    mode: str = "study"
    auto_chance: bool = True
    scores: tuple[int, ...] | None = None
    version: str = field(default="")
    start: dict[str, Any] | None = None

    @classmethod
    def of(cls, state: State[Any]) -> Record:
        """The record of a state's game so far."""
        from goldlab import __version__

        if state.is_sample:
            raise RecordError("this state is a sample drawn by determinise(), not a game: "
                              "it has no record (record the game it was drawn from)")
        outcome = state.outcome()
        return cls(
            game=state.game.name,
            players=state.players,
            options=state.game.options.to_dict(),
            seed=state.seed,
            steps=tuple(str(s.action) for s in state.history),
            mode=state.mode,
            auto_chance=state.auto_chance,
            scores=outcome.scores if outcome else None,
            version=__version__,
            start=state._start,
        )

    def to_dict(self) -> dict[str, Any]:
        """The record as a JSON-friendly dict."""
        return {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "goldlab_version": self.version,
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "mode": self.mode,
            "auto_chance": self.auto_chance,
            "steps": list(self.steps),
            "scores": list(self.scores) if self.scores is not None else None,
            "start": self.start,
        }

    def to_json(self, indent: int | None = 1) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_dict(), indent=indent)

    def save(self, path: str | Path) -> None:
        """Write the record to a JSON file."""
        Path(path).write_text(self.to_json() + "\n", encoding="utf-8")

    def replay(self) -> State[Any]:
        """Play the record again from its seed; raises RecordError if it does not replay.

        Time is linear in the number of steps and memory stays bounded: the
        history is read in place, never copied, and only the last
        :data:`REPLAY_UNDO_STEPS` steps keep undo frames (the replayed state
        equals one played by hand; only how far back it can undo differs).
        """
        try:
            return self._replay()
        except RecordError:
            raise
        except GoldlabError as exc:
            raise RecordError(f"the record does not replay: {exc}") from None
        except Exception as exc:  # hostile data must not escape as a bare built-in error
            raise RecordError(
                f"the record does not replay: {type(exc).__name__}: {shown(str(exc), 120)}"
            ) from None

    def _replay(self) -> State[Any]:
        try:
            g = make_game(self.game, players=self.players, **self.options)
            if self.start is not None:
                state = start_position(self.start)
                if state.game != g:
                    raise RecordError("the start position belongs to another game")
                state.mode = self.mode
            else:
                state = g.new_state(self.seed, mode=self.mode, auto_chance=self.auto_chance)
        except RecordError:
            raise
        except GoldlabError as exc:
            raise RecordError(f"cannot set up the recorded game: {exc}") from None
        history = state._history  # read in place: ``state.history`` copies it
        frames = state._frames
        for number, text in enumerate(self.steps, start=1):
            if number <= len(history):
                # Chance resolved this step automatically from the seed: it must agree.
                done = str(history[number - 1].action)
                if done != text:
                    raise RecordError(
                        f"step {number}: the record says {shown(text)} but the seed gives "
                        f"{shown(done)}"
                    )
                continue
            if state.current_player == CHANCE and state.auto_chance:  # pragma: no cover
                raise RecordError(f"step {number}: chance was expected to move")
            try:
                state.apply(text)
            except GoldlabError as exc:
                raise RecordError(
                    f"step {number} ({shown(text)}) does not replay: {exc}") from None
            if len(frames) > 2 * REPLAY_UNDO_STEPS:
                state._drop_frames(REPLAY_UNDO_STEPS)  # amortised: each frame is dropped once
        state._drop_frames(REPLAY_UNDO_STEPS)
        if len(history) != len(self.steps):
            raise RecordError(
                f"the record has {len(self.steps)} steps but replaying gives {len(history)}"
            )
        if self.scores is not None:
            outcome = state.outcome()
            if outcome is None or outcome.scores != self.scores:
                got = outcome.scores if outcome else "an unfinished game"
                raise RecordError(f"the record's final scores {self.scores} do not match {got}")
        return state


def load_record(source: str | bytes | Path | dict[str, Any]) -> Record:
    """Read a record from JSON text, a path or a dict; RecordError with the reason if bad."""
    if isinstance(source, Path):
        try:
            source = read_record_file(source).decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError("record file is not UTF-8 text") from None
    if isinstance(source, bytes | str):
        if len(source) > MAX_RECORD_BYTES:
            raise RecordError(f"record is larger than {MAX_RECORD_BYTES} bytes")
        try:
            data = json.loads(source)
        except (ValueError, RecursionError) as exc:
            raise RecordError(f"record is not valid JSON: {exc}") from None
    else:
        data = source
    return _validate(data)


def read_record_file(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a record file: a regular file of at most :data:`MAX_RECORD_BYTES` bytes.

    Read as tile files are (:func:`goldlab.games.goldland.tiles.read_tile_file`):
    opened without blocking (a FIFO with no writer never waits), checked with
    ``fstat``, then read once with a bound, so ``/dev/zero``, a terminal or a
    directory is refused with :class:`RecordError`, never read.
    """
    name = str(path) if len(str(path)) <= 80 else "..." + str(path)[-77:]
    return read_bounded(path, MAX_RECORD_BYTES, "record file", name, RecordError)


def _validate(data: Any) -> Record:
    if not isinstance(data, dict):
        raise RecordError("record must be a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"not a goldlab record (format must be {FORMAT!r})")
    if data.get("format_version") != FORMAT_VERSION:
        raise RecordError(
            f"unsupported record format_version {shown(data.get('format_version'))}")

    def need(key: str, kind: type | tuple[type, ...]) -> Any:
        value = data.get(key)
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
            raise RecordError(f"record field {key!r} is missing or has the wrong type")
        return value

    name = need("game", str)
    players = need("players", int)
    options = need("options", dict)
    seed = None if data.get("seed", 0) is None else need("seed", int)
    if seed is not None and seed < 0:
        raise RecordError("record field 'seed' must be >= 0")
    steps = need("steps", list)
    if len(steps) > MAX_STEPS:
        raise RecordError(f"record has more than {MAX_STEPS} steps")
    if not all(isinstance(s, str) and len(s) < 200 for s in steps):
        raise RecordError("every step must be a short notation string")
    mode = data.get("mode", "study")
    if mode not in ("play", "study"):
        raise RecordError("record field 'mode' must be 'play' or 'study'")
    auto = data.get("auto_chance", True)
    if not isinstance(auto, bool):
        raise RecordError("record field 'auto_chance' must be true or false")
    if seed is None and auto:
        raise RecordError("a record without a seed writes out its chance steps: its "
                          "'auto_chance' must be false")
    scores = data.get("scores")
    if scores is not None and (
        not isinstance(scores, list)
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in scores)
    ):
        raise RecordError("record field 'scores' must be a list of whole numbers or null")
    for key, value in options.items():
        if not isinstance(key, str) or not isinstance(value, str | int | float | bool | None):
            raise RecordError(f"record option {shown(key)} must be a plain value")
    start = data.get("start")
    if start is not None and not isinstance(start, dict):
        raise RecordError("record field 'start' must be an object or null")
    return Record(
        start=start,
        game=name,
        players=players,
        options=dict(options),
        seed=seed,
        steps=tuple(steps),
        mode=mode,
        auto_chance=auto,
        scores=tuple(scores) if scores is not None else None,
        version=str(data.get("goldlab_version", "")),
    )


# --------------------------------------------------------------------------- positions


def from_json(data: dict[str, Any]) -> State[Any]:
    """Rebuild a state from :meth:`State.to_json` (no undo stack).

    The data may come from a file, so the position is checked as a record's start
    position is (the game's own checks, and that someone can move), and the history
    is replayed from the seed (or the start position): it must lead to the saved
    position, and the steps get back the events they caused (``to_json`` writes them
    as text only).  Anything wrong is one :class:`~goldlab.core.errors.RecordError`
    naming the problem.
    """
    state = _checked(data, "the saved state")
    state._history = _replayed_history(state)
    return state


def _replayed_history(state: State[Any]) -> list[Step]:
    """``state``'s history replayed from its seed or start position, each step with its
    events; RecordError if it does not replay or does not lead to ``state``'s position."""
    if not state._history:
        return state._history
    try:
        replayed = Record.of(state).replay()
    except RecordError as exc:
        raise RecordError(f"the saved state's history does not replay: {exc}") from None
    if replayed != state:
        raise RecordError("the saved state's history does not lead to its position")
    return replayed._history


def _checked(data: dict[str, Any], what: str) -> State[Any]:
    """``data`` restored, its position checked: anything wrong is one :class:`RecordError`
    that names ``what`` ("the saved state", "the start position")."""
    try:
        state = _restore(data)
    except RecordError:
        raise
    except GoldlabError as exc:
        raise RecordError(f"{what} is malformed: {exc}") from None
    except Exception as exc:  # anything from hostile data is the file's fault, said as one error
        raise RecordError(f"{what} is malformed: {_problem(exc)}") from None
    problem = _position_check(state)
    if problem is not None:
        raise RecordError(f"{what} is not a {state.game.title} position: {problem}")
    return state


def _position_check(state: State[Any]) -> str | None:
    """What makes ``state``'s position impossible or stuck, or None."""
    try:
        problem = state._position_problem()
        if problem is None:
            problem = _stalled(state)
    except Exception as exc:
        problem = f"it cannot be examined ({_problem(exc)})"
    return problem


def _restore(data: dict[str, Any]) -> State[Any]:
    """The state of :meth:`State.to_json`'s data, unchecked."""
    if not isinstance(data, dict):
        raise RecordError("a saved state must be a JSON object")
    g = make_game(data["game"], int(data["players"]), **data["options"])
    state = g.new_state(int(data["seed"]), mode=data["mode"], auto_chance=data["auto_chance"])
    state._restore_from_json(data)
    state._frames = []
    start = data.get("start")
    state._start = start if isinstance(start, dict) else None
    return state


def start_position(data: dict[str, Any]) -> State[Any]:
    """A fresh state at a recorded start position (see :meth:`State._become_position`).

    The position comes from a file, so it is checked in full first: anything
    wrong is one :class:`~goldlab.core.errors.RecordError` naming the problem.
    """
    if not isinstance(data, dict):
        raise RecordError("the start position must be a JSON object")
    if data.get("history") not in ([], None):
        raise RecordError("a start position has no history: its 'history' must be empty")
    state = _checked({**data, "history": []}, "the start position")
    state._history = []
    state._frames = []
    state._start = data
    return state


def _stalled(state: State[Any]) -> str | None:
    """The problem of a position that is not over but where nothing can happen, or None."""
    if state.is_terminal():
        return None
    if state.current_player == CHANCE:
        outcomes = state.chance_outcomes()
        if not outcomes or sum(p for _, p in outcomes) != 1:
            return "chance moves next but has no outcomes with probabilities summing to 1"
        return None
    if not state.legal_actions():
        return f"the game is not over but seat {state.current_player} has no legal action"
    return None


def _problem(exc: BaseException) -> str:
    """A short description of an exception raised by malformed data."""
    text = str(exc)
    if len(text) > 120:
        text = text[:120] + "..."
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
