"""The view's doors: what a browser sends cannot hang the kernel, take a seat or see the future.

Numbers are clamped before any loop, bot specs come from the menus, loads are capped and
keep the table's mode, frames cost linear time and memory, and a locked view keeps its
seat while saving records that predict nothing.
"""

from __future__ import annotations

import json
import signal
import time
import tracemalloc
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

import goldlab

views = pytest.importorskip("goldlab.views")
table_module = pytest.importorskip("goldlab.views.table")
GameView, Table = views.GameView, views.Table


def _message(view: Any, **content: Any) -> None:
    """What the front end sends: one intent."""
    view._on_message(view, content, [])


@contextmanager
def _within(seconds: float) -> Iterator[None]:
    """Fail (TimeoutError) instead of hanging if the block takes longer than ``seconds``."""
    def stop(_signum: int, _frame: Any) -> None:
        raise TimeoutError(f"took more than {seconds} s")

    old = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _game(view: Any) -> Any:
    state = view.table.state
    return state.fingerprint(), [str(s.action) for s in state.history], state.mode


def _passes(steps: int, turn_cap: int = 0) -> str:
    """A Goldland record of ``steps`` passes (the issue's 20,000-pass record, shorter)."""
    state = goldlab.make("goldland", players=2, seed=3, turn_cap=turn_cap)
    for _ in range(steps):
        state.apply("pass")
    return state.record().to_json()


# ---------------------------------------------------------------- 1. numbers from the browser
def test_a_huge_step_does_not_hang_and_lands_at_the_end_or_the_start() -> None:
    view = GameView.replay(goldlab.bots.play.play_game("gold", ["greedy", "random"], seed=3))
    last = view.payload["last"]
    with _within(2):
        _message(view, type="step", value=10**12)
    assert view.payload["index"] == last and view.error == ""
    with _within(2):
        _message(view, type="step", value=-(10**12))
        _message(view, type="step", value=2**200)
    assert view.payload["index"] == last
    _message(view, type="step", value=-30)
    assert view.payload["index"] == last - 30 and view.payload["inspector"]["page"] == 0
    _message(view, type="step", value=3.0)  # JavaScript's numbers are floats
    # three steps, part by part where a step has parts (a set scored, the end)
    assert last - 30 < view.payload["index"] <= last - 27


@pytest.mark.parametrize("bad", [float("inf"), float("nan"), 1e999, "3", True, None, [1],
                                 2.5, {"n": 1}])
@pytest.mark.parametrize("where", ["value", "page", "step"])
def test_bad_numbers_say_so_once_and_change_nothing(bad: Any, where: str) -> None:
    view = GameView.replay(goldlab.bots.play.play_game("gold", ["greedy", "random"], seed=3))
    view.goto(5)
    before, position = _game(view), (view.position, view.page)
    if where == "step":
        message = {"type": "step", "value": bad}
    elif where == "value":
        message = {"type": "goto", "value": bad}
    else:
        message = {"type": "goto", "value": 3, "page": bad}
    if bad is None and where == "page":
        return  # a missing page is page 0
    view._on_message(view, message, [])
    assert "whole number" in view.error and view.payload["error"] == view.error
    assert _game(view) == before and (view.position, view.page) == position
    _message(view, type="goto", value=10**400, page=10**400)  # huge but whole: clamped
    assert view.error == "" and view.payload["index"] == view.payload["last"]


# ---------------------------------------------------------------- 2. bots from the browser
@pytest.mark.parametrize("spec", ["ismcts:3600s", "ismcts:100000000", "ismcts:0.5s",
                                  "ismcts:50:99", "random:1"])
def test_a_browser_may_choose_only_the_menus_bots(spec: str) -> None:
    view = GameView(goldlab.make("gold", players=2, seed=1), seat=0, bots={1: "greedy"})
    before = _game(view)
    with _within(2):
        _message(view, type="bot", seat=1, value=spec)
    assert "not on this game's seat menu" in view.error and "ismcts:1000" in view.error
    assert view.table.bots == {1: "greedy"} and _game(view) == before


def test_every_menu_choice_is_taken_from_the_browser_and_any_spec_from_python() -> None:
    for game in goldlab.names():
        view = GameView(goldlab.make(game, players=2, seed=1), seat=0, bots={1: "random"})
        specs = table_module.menu_specs(game)
        assert "person" in specs and all(":" not in s or s.startswith(("ismcts:", "forgetful:",
                                                                       "limited:")) for s in specs)
        for spec in specs:
            if spec.startswith("ismcts") and game != "gold":
                continue  # (searching: slow) one game is enough
            _message(view, type="bot", seat=1, value=spec)
            assert view.error == "", (game, spec, view.error)
            assert view.table.bots.get(1, "person") == spec
    view = GameView(goldlab.make("gold", players=2, seed=1), seat=0, bots={1: "greedy"})
    view.set_bot(1, "ismcts:7")  # a notebook may set any spec
    assert view.error == "" and view.table.bots == {1: "ismcts:7"}
    _message(view, type="bot", seat=1, value="ismcts:7")  # the seat's current spec: kept
    assert view.error == ""


# ---------------------------------------------------------------- 3. loading
def test_frames_cost_memory_linear_in_the_steps() -> None:
    table = Table(goldlab.make("goldland", players=2, seed=1))
    table.load(_passes(3000))
    tracemalloc.start()
    try:
        frames, steps = table.frames()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(frames) == len(steps) + 1 == 3001
    assert peak < 15_000_000, f"{peak:,} bytes for 3,000 frames"  # one history per frame: 80 MB
    middle = frames[1500]
    assert len(middle.history) == 10 + 1500 and middle.current_player == 1500 % 2
    assert [str(s.action) for s in middle.history] == [
        str(s.action) for s in table.state.history[:1510]]


def test_frames_follow_undo_and_new_steps() -> None:
    view = GameView(goldlab.make("gold", players=2, seed=1, mode="study"), seat="all")
    for _ in range(6):
        view.request(view.legal[0])
    frames, _ = view.table.frames()
    assert len(frames) == 7
    view.undo()
    view.undo()
    view.request(view.legal[-1])
    frames, steps = view.table.frames()
    assert len(frames) == 6 and str(steps[-1].action) == str(view.table.state.history[-1].action)
    assert frames[-1].fingerprint()[0] == view.table.state.fingerprint()[0]


def test_a_view_refuses_a_long_record_at_once_and_changes_nothing() -> None:
    view = GameView(goldlab.make("goldland", players=2, seed=1), seat="all")
    before = _game(view)
    text = _passes(20_000)
    assert 150_000 < len(text) < table_module.VIEW_MAX_RECORD_BYTES
    with _within(10):  # it took 133 s and 3.3 GB
        _message(view, type="load", value=text)
    assert "20010 steps; a view loads at most 5000" in view.error
    assert _game(view) == before
    _message(view, type="load", value=" " * table_module.VIEW_MAX_RECORD_BYTES + "{}")
    assert "a view loads at most 1,000,000" in view.error and _game(view) == before


def test_a_browser_load_keeps_the_tables_mode() -> None:
    view = GameView(goldlab.make("goldrush", players=2, seed=4, mode="play"), seat="all")
    view.request(view.legal[0])
    record = json.loads(view.save())
    assert record["mode"] == "play"
    record["mode"] = "study"
    _message(view, type="load", value=json.dumps(record))
    assert view.error == "" and view.table.state.mode == "play"
    assert len(view.table.state.history) == len(record["steps"])
    assert not view.table.state.can_undo()  # the flip revealed a card: no peeking back


def test_a_bots_only_view_refuses_a_game_without_end() -> None:
    bots = {0: "random", 1: "random"}
    view = GameView(goldlab.make("goldland", players=2, seed=1, turn_cap=2), seat="all",
                    bots=bots)
    before = _game(view)
    _message(view, type="load", value=_passes(4))
    assert "no bound on its length" in view.error and _game(view) == before


# ---------------------------------------------------------------- 5. the classroom lock
@pytest.mark.parametrize("message", [
    {"type": "seat", "value": "all"}, {"type": "seat", "value": 1},
    {"type": "seat", "value": "public"}, {"type": "memory", "value": False},
    {"type": "bot", "seat": 1, "value": "person"}, {"type": "bot", "seat": 0, "value": "random"},
    {"type": "rematch"},
])
def test_forged_messages_cannot_unlock_a_locked_view(message: dict[str, Any]) -> None:
    view = GameView(goldlab.make("goldrush", players=2, seed=5), seat=0, bots={1: "perfect"},
                    locked=True)
    view.request(view.legal[0])
    before = _game(view), view.seat, view.memory, view.table.bots
    assert view.payload["locked"] is True and view.memory is True
    view._on_message(view, message, [])
    assert "the teacher locked this view" in view.error
    assert (_game(view), view.seat, view.memory, view.table.bots) == before
    assert view.payload["seat"] == "0"


def test_a_locked_view_refuses_a_record_and_python_cannot_unlock_it_by_accident() -> None:
    view = GameView(goldlab.make("gold", players=2, seed=5), seat=0, locked=True)
    other = GameView(goldlab.make("gold", players=2, seed=9), seat="all")
    before = _game(view)
    _message(view, type="load", value=other.save())
    assert "locked" in view.error and _game(view) == before
    view.set_seat("all")
    view.set_memory(False)
    assert view.seat == 0 and view.memory is True and "locked" in view.error
    _message(view, type="new")  # a new game is fine: fresh chance, same seat
    assert view.error == "" and view.seat == 0 and view.table.state.seed != 5


@pytest.mark.parametrize("game", goldlab.names())
@pytest.mark.parametrize("locked", [True, False])
def test_a_seated_save_predicts_nothing_and_loads_and_continues(game: str, locked: bool) -> None:
    state = goldlab.make(game, players=2, seed=2**62 + 12345, mode="play")
    view = GameView(state, seat=0, bots={1: "random"}, locked=locked,
                    memory=False)  # memory mode saves after the game: test_views_files.py
    for _ in range(3):
        if view.legal:
            view.request(view.legal[0])
    text = view.save()
    record = json.loads(text)
    assert record["seed"] is None and record["auto_chance"] is False
    assert str(2**62 + 12345) not in text and "rng" not in text
    real = view.table.state
    assert [str(s.action) for s in real.history] == record["steps"]  # the past is all there

    continuations = set()
    for _ in range(4):
        table = Table(goldlab.make(game, players=2, seed=1))
        table.load(text)
        loaded = table.state
        assert loaded.fingerprint()[0] == real.fingerprint()[0]  # the same position
        frames, _ = table.frames()
        assert frames[-1].fingerprint()[0] == real.fingerprint()[0]
        seat_view = GameView(table, seat=0)
        for _ in range(8):  # play on (both seats): chance is dealt afresh
            seat_view.set_seat(table.state.current_player) if not locked else None
            if table.state.current_player >= 0:
                seat_view.table.play(table.state.legal_actions()[0])
        assert table.state.current_player != -1  # chance never waits
        continuations.add(tuple(str(s.action) for s in table.state.history))
        again = Table(goldlab.make(game, players=2, seed=1))
        again.load(table.record_json())  # a loaded game saves and replays as well
        assert again.state.fingerprint()[0] == table.state.fingerprint()[0]
    if game == "goldrush":  # every flip turns up a card: four loads, four different futures
        assert len(continuations) > 1


def test_only_the_teachers_save_keeps_the_seed() -> None:
    view = GameView(goldlab.make("gold", players=2, seed=77), seat="all")
    record = json.loads(view.save())
    assert record["seed"] == 77 and record["auto_chance"] is True
    view.set_seat("public")  # a spectator's save predicts nothing either
    assert json.loads(view.save())["seed"] is None


def test_a_seed_without_auto_chance_is_the_only_seedless_record() -> None:
    from goldlab.core.errors import RecordError
    from goldlab.core.record import load_record

    record = json.loads(goldlab.make("gold", players=2, seed=1).record().to_json())
    record["seed"] = None
    with pytest.raises(RecordError, match="'auto_chance' must be false"):
        load_record(json.dumps(record))
    record["auto_chance"] = False
    replayed = load_record(json.dumps(record)).replay()
    assert replayed.fingerprint()[0] == goldlab.make("gold", players=2, seed=1).fingerprint()[0]


# ---------------------------------------------------------------- 6. seeds
def test_new_games_in_a_view_get_63_random_bits() -> None:
    view = GameView(goldlab.make("gold", players=2), seat=0)
    seeds = {view.table.state.seed}
    for _ in range(3):
        _message(view, type="new")
        seeds.add(view.table.state.seed)
    assert len(seeds) == 4 and all(2**40 < s < 2**63 for s in seeds)


def test_a_step_answer_is_quick_even_on_a_long_game() -> None:
    table = Table(goldlab.make("goldland", players=2, seed=1))
    table.load(_passes(4000))
    view = GameView(table, seat="all")
    started = time.perf_counter()
    for value in (10**12, -(10**12), 1, -1):
        _message(view, type="step", value=value)
    assert time.perf_counter() - started < 1.0


def test_a_table_deals_the_chance_of_a_game_without_auto_chance() -> None:
    view = GameView(goldlab.make("goldrush", players=2, seed=3, auto_chance=False), seat=0)
    assert view.table.state.current_player == 0 and view.legal
    view.request(view.legal[0])  # a flip: the table turns up the card at once
    assert view.error == "" and view.table.state.current_player >= 0
    frames, steps = view.table.frames()
    assert len(frames) == 2 and str(steps[-1].events[-1])  # the reveal belongs to the flip
    view.new_game()
    assert view.table.state.auto_chance


# ---------------------------------------------------------------- 7. the size of a message
def _nested(depth: int) -> list[Any]:
    """A list nested ``depth`` deep: as deep as a browser's JSON parser lets a message be."""
    value: list[Any] = []
    for _ in range(depth - 1):
        value = [value]
    return value


DEEP = _nested(1000)


@pytest.mark.parametrize("message", [
    {"type": DEEP}, {"type": "seat", "value": DEEP}, {"type": "bot", "seat": DEEP, "value": "x"},
    {"type": "seat", "value": {"a": DEEP}}, {"type": "home", "extra": DEEP},
], ids=["type", "seat", "bot seat", "inside an object", "an extra field"])
def test_a_message_nested_a_thousand_deep_is_refused_in_one_short_error(
        message: dict[str, Any]) -> None:
    view = GameView(goldlab.make("gold", players=2, seed=1), seat=0, bots={1: "greedy"})
    before = _game(view), view.seat
    view._on_message(view, message, [])
    assert view.error.startswith("a message is one object") and len(view.error) < 120
    assert (_game(view), view.seat) == before


@pytest.mark.parametrize("message", [
    {"type": [0] * 10**6}, {"type": "seat", "value": [0] * 10**6},
    {"type": "seat", "value": dict.fromkeys(map(str, range(10**6)), 0)},
    {"type": "goto", "value": 1, "page": [[0] * 1000] * 1000},
], ids=["type", "seat", "seat object", "page"])
def test_a_million_values_are_refused_within_a_few_milliseconds(
        message: dict[str, Any]) -> None:
    view = GameView(goldlab.make("gold", players=2, seed=1), seat=0, bots={1: "greedy"})
    _message(view, type="step", value=-1)  # warm: the first redraw fills caches
    started = time.process_time()
    view._on_message(view, message, [])
    spent = time.process_time() - started
    assert spent < 0.02, f"refusing took {spent * 1000:.0f} ms of CPU"
    assert view.error.startswith("a message is one object")


def test_small_nested_values_keep_their_own_refusals() -> None:
    view = GameView(goldlab.make("gold", players=2, seed=1), seat=0)
    _message(view, type="seat", value=[0])
    assert view.error == "a seat is a number, 'all' or 'public', not [0]"
    _message(view, type="seat", value="1")
    assert view.error == "" and view.seat == 1
