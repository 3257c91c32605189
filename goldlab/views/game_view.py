"""``GameView``: play a game click by click, or step through a finished one.

>>> import goldlab
>>> from goldlab.views import GameView
>>> view = GameView(goldlab.make("gold", players=2, seed=1))
>>> view.legal[0]
'take violet:D'
>>> view.request("exchange blue:D for violet:D")   # refused: the state does not change
>>> "Action A" in view.error
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from goldlab.bots import Bot, make_bot
from goldlab.core.errors import GoldlabError
from goldlab.core.record import Record
from goldlab.core.state import CHANCE, State, start_position
from goldlab.play import bot_seed
from goldlab.scenarios import Scenario

_FRONTEND = Path(__file__).resolve().parents[2] / "widgets"


def _frontend(name: str) -> Path:
    path = _FRONTEND / name
    if not path.is_file():  # pragma: no cover - only in a broken install
        raise FileNotFoundError(
            f"goldlab's widget front end {name} was not found at {path}; install goldlab from "
            "a source checkout with `pip install -e .` (see README)"
        )
    return path


class GameView(anywidget.AnyWidget):  # type: ignore[misc]
    """An interactive view of a game state, for one seat or for everything."""

    _esm = _frontend("game_view.js")
    _css = _frontend("game_view.css")

    title = traitlets.Unicode("").tag(sync=True)
    html = traitlets.Unicode("").tag(sync=True)
    legal = traitlets.List(traitlets.Unicode()).tag(sync=True)
    log = traitlets.List(traitlets.Unicode()).tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    mode = traitlets.Unicode("play").tag(sync=True)
    position = traitlets.Int(0).tag(sync=True)
    length = traitlets.Int(0).tag(sync=True)
    can_undo = traitlets.Bool(False).tag(sync=True)
    has_bots = traitlets.Bool(False).tag(sync=True)

    def __init__(self, state: State[Any], seat: int | None = None,
                 bots: Mapping[int, str | Bot] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if seat is not None and not 0 <= seat < state.players:
            raise ValueError(f"seat must be None (everything) or 0-{state.players - 1}")
        self.state = state
        self.seat = seat
        self._bots: dict[int, Bot] = {
            s: make_bot(state.game.name, b, s, bot_seed(state.seed, s)) if isinstance(b, str) else b
            for s, b in (bots or {}).items()
        }
        self._frames: list[State[Any]] = []
        self.has_bots = bool(self._bots)
        self.add_class("gl-game-view")
        self.on_msg(self._on_message)
        self._refresh(self._bot_moves() if self._bots else ())

    # ---------------------------------------------------------------- builders
    @classmethod
    def replay(cls, source: State[Any] | Record | Scenario, seat: int | None = None) -> GameView:
        """A step-through view of a finished (or partly played) game, a record or a scenario."""
        if isinstance(source, Scenario):
            state = source.run().after
            start = source.before()
        elif isinstance(source, Record):
            state = source.replay()
            start = None
        else:
            state = source
            start = None
        frames = _frames_of(state, start)
        view = cls(frames[-1], seat=seat)
        view.mode = "replay"
        view._frames = frames
        view.length = len(frames) - 1
        view.goto(view.length if isinstance(source, Scenario) else 0)
        return view

    # ---------------------------------------------------------------- requests
    def request(self, notation: str) -> None:
        """Apply an action given by notation; a refusal sets ``error`` and changes nothing."""
        try:
            events = self.state.apply(notation)
        except GoldlabError as exc:
            self.error = str(exc)
            return
        self.error = ""
        if self._bots:
            events = list(events) + self._bot_moves()
        self._refresh(events)

    def undo(self) -> None:
        """Take back the last step (refused in play mode after a reveal)."""
        try:
            self.state.undo()
        except GoldlabError as exc:
            self.error = str(exc)
            return
        self.error = ""
        self._refresh()

    def let_bots_move(self) -> None:
        """Let the bots play until a seat without a bot is to move (or the game ends)."""
        events = self._bot_moves()
        self.error = ""
        self._refresh(events)

    def _bot_moves(self, limit: int = 10_000) -> list[Any]:
        events: list[Any] = []
        for _ in range(limit):
            seat = self.state.current_player
            bot = self._bots.get(seat)
            if bot is None:
                break
            action = bot.choose(self.state.observation(seat), self.state.legal_actions())
            events.append(f"seat {seat} ({bot.name}): {action}")
            events.extend(self.state.apply(action))
        return events

    def goto(self, position: int) -> None:
        """In replay mode: show the position after ``position`` steps."""
        if not self._frames:
            self.error = "goto works on a replay view (GameView.replay(...))"
            return
        position = max(0, min(position, len(self._frames) - 1))
        self.position = position
        self.state = self._frames[position]
        step = self.state.last_step if position else None
        self._refresh(list(step.events) if step else [], step)

    # ---------------------------------------------------------------- internals
    def _on_message(self, _widget: Any, content: Any, _buffers: Sequence[Any]) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        if kind == "apply" and isinstance(content.get("action"), str):
            self.request(content["action"])
        elif kind == "undo":
            self.undo()
        elif kind == "bots":
            self.let_bots_move()
        elif kind == "goto" and isinstance(content.get("to"), int):
            self.goto(content["to"])

    def _refresh(self, events: Sequence[Any] = (), step: Any = None) -> None:
        state = self.state
        view = state.omniscient() if self.seat is None else state.observation(self.seat)
        self.html = view._repr_html_()
        to_move = state.current_player
        mine = self.seat is None or self.seat == to_move
        self.legal = [str(a) for a in state.legal_actions()] if mine and to_move >= 0 else []
        who = "everything" if self.seat is None else f"seat {self.seat}"
        self.title = f"{state.game.title} - {who}"
        lines = [str(step)] if step is not None else []
        lines += [str(e) for e in events]
        self.log = lines or ([str(state.last_step)] if state.last_step else [])
        self.can_undo = self.mode == "play" and state.can_undo()


def _frames_of(final: State[Any], start: State[Any] | None) -> list[State[Any]]:
    """The position after each player action of ``final``'s game, from its start.

    With automatic chance, the cards an action revealed belong to that action's frame.
    """
    if start is None:
        if final._start is not None:
            start = start_position(final._start)
        else:
            start = final.game.new_state(final.seed, mode="study", auto_chance=final.auto_chance)
    current = start.clone()
    current.mode = "study"
    frames = [current.clone()]
    for step in final.history[len(start.history):]:
        if step.actor == CHANCE and current.auto_chance:
            continue  # already dealt by the action that revealed it
        current.apply(step.action)
        frames.append(current.clone())
    return frames
