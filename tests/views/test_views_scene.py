"""One question to the presenter per redraw: ``Presenter.scene`` answers everything a view
draws, and the view turns that frozen :class:`Scene` into the payload.

The payload is checked against the presenter's parts asked one by one (as the view did
before the scene), for sample positions of every game, every seat and memory setting.
"""

from __future__ import annotations

import dataclasses
import random
import re
from typing import Any

import pytest

import goldlab
from goldlab.core.presentation import Presenter, Scene, Viewer
from goldlab.views.drawing import move_label as _move_label
from goldlab.views.drawing import odds_rows as _odds_rows

views = pytest.importorskip("goldlab.views")
GameView = views.GameView

GAMES = (("gold", 2), ("gold", 3), ("goldrush", 2), ("goldland", 2))


class _Spy:
    """A presenter that writes down every method the view calls on it (the calls the
    presenter makes on itself inside a method are its own business)."""

    def __init__(self, real: Presenter) -> None:
        self._real = real
        self.calls: list[str] = []

    def __getattr__(self, name: str) -> Any:
        found = getattr(self._real, name)
        if not callable(found):
            return found

        def spied(*args: Any, **kwargs: Any) -> Any:
            self.calls.append(name)
            return found(*args, **kwargs)

        return spied


def _played(game: str, players: int, seed: int) -> Any:
    state = goldlab.make(game, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(6, 40)):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def _by_parts(view: Any) -> dict[str, Any]:
    """What the payload shows, from the presenter's parts asked one by one."""
    table, presenter, viewer = view.table, view.table.presenter, view._viewer()
    frames, steps = table.frames()
    live = view.position is None
    index = len(frames) - 1 if live else view.position
    shown = table.state if live else frames[index]
    acting = view._can_act()
    seat = viewer.seat
    targets = presenter.targets(shown, seat, view.selection) if acting else {}
    board = presenter.board_html(shown, seat, selection=view.selection,
                                 legal=frozenset(targets), memory=viewer.forgets,
                                 names=table.names, now=None if live else table.state)
    pages = view._pages(index)
    page_index = min(view.page, len(pages) - 1)
    page = pages[page_index]
    part = (presenter.part_board(frames[index - 1], steps[index - 1], frames[index], page_index,
                                 seat, memory=viewer.forgets, names=table.names,
                                 now=table.state)
            if index and page_index < len(pages) - 1 else None)
    if part is not None:  # a part of a step carried out in parts: the board after it
        board = part[0]
    to_move = shown.current_player
    odds_seat = to_move if to_move >= 0 and (viewer.everything or seat == to_move) else None
    if not live and viewer.forgets and not viewer.knows_all(table.state):
        odds_seat = None
    odds = (_odds_rows([o.to_dict() for o in presenter.odds(shown, odds_seat,
                                                            memory=viewer.forgets)])
            if odds_seat is not None else [])
    told = presenter.said_steps(table.state, steps, viewer, table.names)
    highlight = (presenter.target_of(steps[index - 1].action)
                 if index and not told[index - 1].concealed and part is None else None)
    recent = shown.recent_steps(12)
    log = []
    for step, said in zip(recent, presenter.said_steps(table.state, recent, viewer, table.names),
                          strict=True):
        log.append(_move_label(0, step, table.names, said).removeprefix("0. "))
        log.extend(f"   {event}" for event in said.events)
    quote = presenter.quote(page.rule)
    return {"board": board, "legal": sorted(targets), "highlight": highlight or "",
            "index": index, "live": live, "acting": acting,
            "moves": [_move_label(i, step, table.names, t)
                      for i, (step, t) in enumerate(zip(steps, told, strict=True), 1)],
            "inspector_title": page.title,
            "inspector_html": page.html, "quote": quote.to_dict() if quote else None,
            "pages": len(pages), "odds": odds,
            "odds_for": table.names[odds_seat] if odds_seat is not None else "",
            "over": shown.is_terminal() and page_index == len(pages) - 1, "log": log[-60:]}


def _drawn(view: Any) -> dict[str, Any]:
    payload = view.payload
    inspector = payload["inspector"]
    return {"board": payload["board"], "legal": payload["legal"],
            "highlight": payload["highlight"], "index": payload["index"],
            "live": payload["live"], "acting": payload["acting"],
            "moves": payload["moves"],
            "inspector_title": inspector["title"], "inspector_html": inspector["html"],
            "quote": inspector["quote"], "pages": inspector["pages"], "odds": payload["odds"],
            "odds_for": payload["odds_for"], "over": payload["over"] is not None,
            "log": payload["log"]}


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_a_redraw_asks_the_presenter_once(game: str, players: int) -> None:
    view = GameView(_played(game, players, 1), seat=0)
    spy = _Spy(view.table.presenter)
    view.table.presenter = spy
    for redraw in (view._refresh, view.home, view.end, lambda: view.goto(2),
                   lambda: view.set_seat("all"), lambda: view.set_memory(True),
                   lambda: view.set_seat("public"), lambda: view.set_seat(1)):
        spy.calls.clear()
        redraw()
        assert spy.calls == ["scene"], spy.calls


@pytest.mark.parametrize(("game", "players"), GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_payload_is_what_the_presenters_parts_say(game: str, players: int,
                                                      seed: int) -> None:
    state = _played(game, players, seed)
    for seat in ("all", "public", 0, 1):
        for memory in (False, True):
            view = GameView(state.clone(), seat=seat, memory=memory)
            last = len(view.table.frames()[0]) - 1
            for where in (None, 0, min(3, last), last - 1):
                if where is not None:
                    view.goto(max(where, 0))
                assert _drawn(view) == _by_parts(view), (seat, memory, where)


def test_an_earlier_position_a_seat_may_not_see_shows_the_live_one_and_says_why() -> None:
    view = GameView(_played("gold", 2, 4), seat=0, memory=True)
    real = view.table.presenter

    class Hiding(type(real)):  # type: ignore[misc]
        def past_hidden(self, now: Any, viewer: Viewer) -> str:
            return "those cards lie face down again" if viewer.seat == 0 else ""

    presenter = Hiding(**{f.name: getattr(real, f.name) for f in dataclasses.fields(real)})
    view.table.presenter = presenter
    frames, steps = view.table.frames()
    scene = presenter.scene(view.table.state, view._viewer(), frames=frames, steps=steps,
                            position=1, page=3, error_rule="A) Take a card")
    assert (scene.live, scene.index, scene.page) == (True, len(frames) - 1, 0)
    assert scene.hidden == "those cards lie face down again" and scene.error_quote is None
    view.goto(1)
    assert view.position is None and view.error == "those cards lie face down again"
    assert view.payload["live"] and view.payload["error"] == view.error
    view.set_seat(1)
    view.goto(1)
    assert view.position == 1 and not view.payload["live"] and view.error == ""


def test_a_scene_is_frozen() -> None:
    view = GameView(_played("gold", 2, 1), seat="all")
    frames, steps = view.table.frames()
    scene = view.table.presenter.scene(view.table.state, Viewer(), frames=frames, steps=steps)
    assert isinstance(scene, Scene) and scene.live and not scene.acting
    with pytest.raises(dataclasses.FrozenInstanceError):
        scene.board = ""  # type: ignore[misc]


def test_every_intent_the_page_sends_has_one_handler_and_nothing_else_is_taken() -> None:
    from pathlib import Path

    from goldlab.views import game_view

    script = (Path(game_view.__file__).parents[2] / "widgets" / "game_view.js").read_text(
        encoding="utf-8")
    sent = set(re.findall(r'type: *"([a-z]+)"', script))
    assert sent and sent <= set(game_view._HANDLERS)
    view = GameView(_played("gold", 2, 1), seat=0)
    assert view.intents == frozenset(game_view._HANDLERS)  # one table: the handlers'
    for kind in ("__class__", "_refresh", "dispatch", ""):
        view._on_message(view, {"type": kind}, [])
        assert view.error.startswith("unknown message type")
