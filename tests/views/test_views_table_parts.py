"""The parts a view's Table is put together from, each tested alone (issue 46): who sits
where (Seating), the bots' worker (BotsWorker), the replay (Replay), records."""

from __future__ import annotations

import threading
from typing import Any

import pytest

import goldlab
from goldlab.bots import make_bot
from goldlab.core.errors import RecordError

pytest.importorskip("goldlab.views")
from goldlab.views.bots_worker import BotsWorker
from goldlab.views.records import Dealer, read_record
from goldlab.views.replay import Replay
from goldlab.views.seats import PERSON, Seating


def test_seating_knows_who_plays_and_counts_its_changes() -> None:
    seating = Seating("gold", players=2, seed=1, bots={1: "greedy"})
    assert seating.specs == {1: "greedy"} and seating.is_person(0) and not seating.is_person(1)
    revision = seating.revision
    seating.set(0, "random", seed=1)
    seating.set(1, PERSON, seed=1)
    assert seating.specs == {0: "random"} and seating.revision == revision + 2
    with pytest.raises(ValueError, match="seat must be 0-1"):
        seating.set(2, "random", seed=1)
    with pytest.raises(ValueError, match="not on this game's seat menu"):
        seating.check_menu_choice(0, "ismcts:3600s")
    seating.new_game("goldrush", 2, seed=5)  # another game: people in every seat
    assert seating.specs == {} and seating.menus()[0]["value"] == PERSON


def test_replay_extends_its_frames_and_keeps_the_main_line_of_a_variation() -> None:
    state = goldlab.make("gold", players=2, seed=1, mode="study")
    replay = Replay()
    frames, _ = replay.frames(state)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    again, steps = replay.frames(state)
    assert again is frames and len(frames) == 4 and len(steps) == 3  # extended, not rebuilt
    fresh = replay.branch(state, 1)
    assert replay.variation_from == 1 and len(fresh.history) < len(state.history)
    main, index = replay.main_line()
    assert main is state and index == 1 and replay.variation_from is None


class _Table:
    """The least a worker needs of a table."""

    def __init__(self) -> None:
        self.lock = threading.RLock()
        self.state = goldlab.make("gold", players=2, seed=2)
        self.bots = {s: make_bot("gold", "random", s, s) for s in (0, 1)}
        self.changes = 0

    def bot(self, seat: int) -> Any:
        return self.bots.get(seat)

    def deal(self) -> list[Any]:
        return []

    def say_who_thinks(self) -> None:
        pass

    def changed(self) -> None:
        self.changes += 1


def test_the_worker_plays_the_bots_until_the_end_and_a_cancel_stops_it() -> None:
    table = _Table()
    worker = BotsWorker(table)
    worker.start()
    assert worker.wait(30) and table.state.is_terminal() and table.changes > 0
    assert not worker.running
    table.state = goldlab.make("gold", players=2, seed=3)
    dealt = len(table.state.history)
    worker.pace = 0.5  # slow: the cancel comes before the first move
    worker.start()
    assert worker.running
    worker.cancel()
    assert worker.wait(5) and not worker.running and len(table.state.history) == dealt


def test_a_record_is_read_whole_or_refused_and_a_dealer_resolves_chance() -> None:
    state = goldlab.make("gold", players=2, seed=1, auto_chance=False)
    with pytest.raises(RecordError):
        read_record("{}")
    with pytest.raises(RecordError, match="at most 0"):
        read_record(goldlab.make("gold", players=2, seed=1).record().to_json(), max_steps=0)
    Dealer().deal(state)
    assert state.current_player >= 0
