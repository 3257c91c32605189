"""One way to stop any search: ``Information.stop`` (a :class:`goldlab.bots.Stop`), checked
between iterations, ends a search within one iteration with :class:`SearchStopped`."""

from __future__ import annotations

import threading
import time

import pytest

import goldlab
from goldlab.bots import SearchStopped, Stop, make_bot
from goldlab.bots.play import information, prepare_decision


@pytest.mark.parametrize("game", goldlab.names())
def test_a_search_told_to_stop_from_another_thread_ends_at_once(game: str) -> None:
    state = goldlab.make(game, players=2, seed=3)
    while True:  # a decision the bot searches (Mount Goldrush's first flips are all alike)
        probe = make_bot(game, "ismcts:5", state.current_player, seed=1)
        prepare_decision(state, probe)()
        if probe.iterations_done:
            break
        state.apply(state.legal_actions()[0])
    bot = make_bot(game, "ismcts:30s", state.current_player, seed=1)
    stop = Stop()
    decide = prepare_decision(state, bot, stop)
    threading.Timer(0.2, stop.set).start()
    started = time.perf_counter()
    with pytest.raises(SearchStopped, match="stopped"):
        decide()
    assert time.perf_counter() - started < 1.5


def test_a_search_without_a_stop_or_never_stopped_decides_as_before() -> None:
    state = goldlab.make("gold", players=2, seed=3)
    seat, legal = state.current_player, state.legal_actions()
    plain = make_bot("gold", "ismcts:30", seat, seed=1).search(
        information(state, seat, None, legal))
    stoppable = make_bot("gold", "ismcts:30", seat, seed=1).search(
        information(state, seat, None, legal, Stop()))
    assert plain == stoppable


def test_a_stop_waits_like_a_timer_unless_set() -> None:
    stop = Stop()
    started = time.perf_counter()
    assert stop.wait(0.05) is False and time.perf_counter() - started >= 0.04
    stop.set()
    assert stop.wait(10) is True and stop.is_set() and "set" in repr(stop)
