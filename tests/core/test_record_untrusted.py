"""Records from untrusted files: every crafted start position is one RecordError, never a hang."""

from __future__ import annotations

import copy
import json
import signal
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import goldlab
from goldlab.core.errors import InvalidActionError, OptionsError, RecordError
from goldlab.core.record import REPLAY_UNDO_STEPS, from_json, load_record
from goldlab.games.gold.position import from_position


@pytest.fixture(autouse=True)
def _no_hang() -> Iterator[None]:
    """Fail (instead of hanging) when a test takes more than 20 s."""

    def stop(signum: int, frame: Any) -> None:
        raise TimeoutError("replay did not finish: it hangs")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def _gold_record() -> dict[str, Any]:
    state = from_position(offer="blue:3 pink:6", tableaux=["green:4", "red:5"], seed=3)
    state.apply("take blue:3")
    data: dict[str, Any] = json.loads(state.record().to_json())
    return data


def _crafted(change: Callable[[dict[str, Any]], None]) -> str:
    data = _gold_record()
    change(data["start"])
    return json.dumps(data)


def _set(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(start: dict[str, Any]) -> None:
        target = start
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


CRAFTED = {
    # a draw pile with no unseen cards behind it: the reveal loop used to spin for ever
    "draw pile without unseen cards": lambda s: (
        s["data"].update(unseen={}, draw_pile=5, to_reveal=5, offer=[])),
    "draw pile larger than the unseen cards": _set(("data", "draw_pile"), 500),
    "card not conserved": _set(("data", "offer"), ["blue:3", "blue:3", "blue:3"]),
    "seven-card offer": _set(("data", "offer"),
                             ["blue:3", "pink:6", "green:3", "green:5", "green:6", "green:7", "red:3"]),
    "negative unseen count": _set(("data", "unseen", "green:8"), -1),
    "turn out of range": _set(("data", "turn"), 7),
    "turn of the wrong type": _set(("data", "turn"), "0"),
    "unknown phase": _set(("data", "phase"), "bidding"),
    "bonus without a set": _set(("data", "phase"), "bonus"),
    "too few tableaux": _set(("data", "tableaux"), [["green:4"]]),
    "not over, no action": lambda s: s["data"].update(offer=[], to_reveal=0),
    "generator word too large": _set(("rng", 1, 0), 2**64),
    "generator word negative": _set(("rng", 1, 3), -5),
    "generator state too short": _set(("rng", 1), [1, 2, 3]),
    "generator version": _set(("rng", 0), 2),
    "generator all zero": _set(("rng", 1), [0] * 625),
    "start with a history": _set(("history",), [{"actor": 0, "action": "no bonus"}]),
    "unknown game": _set(("game",), "chess"),
    "options not an object": _set(("options",), [1]),
    "data missing": lambda s: s.pop("data"),
    "data a list": _set(("data",), [1, 2]),
    "huge number": _set(("data", "draw_pile"), 10**400),
    "float count": _set(("data", "to_reveal"), 1.5),
}


@pytest.mark.parametrize("name", sorted(CRAFTED))
def test_a_crafted_start_is_one_record_error(name: str) -> None:
    text = _crafted(CRAFTED[name])
    with pytest.raises(RecordError):
        load_record(text).replay()


def _all_unseen_discarded(start: dict[str, Any]) -> None:
    data = start["data"]
    data["discard"] = [name for name, n in data["unseen"].items() for _ in range(n)]
    data.update(unseen={}, draw_pile=5, to_reveal=0)


def test_the_endless_reveal_start_names_the_problem() -> None:
    # cards conserved (the unseen ones moved to the discard), but nothing behind the draw pile
    text = _crafted(_all_unseen_discarded)
    with pytest.raises(RecordError, match="draw pile"):
        load_record(text).replay()


def test_the_untouched_record_still_replays() -> None:
    state = load_record(json.dumps(_gold_record())).replay()
    assert str(state.history[-1].action) == "take blue:3"


@pytest.mark.parametrize("game", goldlab.names())
def test_a_start_that_is_not_over_but_has_no_move_is_refused(game: str) -> None:
    state = goldlab.make(game, seed=1, mode="study")
    data = json.loads(state.record().to_json())
    data["start"] = copy.deepcopy(state.to_json())
    data["start"]["history"] = []
    data["steps"] = []
    if game == "gold":
        data["start"]["data"].update(offer=[], to_reveal=0)
    elif game == "goldrush":
        data["start"]["data"]["table"] = ["-"] * 64
    else:
        data["start"]["data"]["turn"] = 99
    with pytest.raises(RecordError):
        load_record(json.dumps(data)).replay()


def test_a_bad_step_in_an_untrusted_record_is_a_record_error() -> None:
    data = _gold_record()
    data["steps"][-1] = "steal green:4 from seat " + "9" * 150
    with pytest.raises(RecordError, match=r"\.\.\. \(\d+ characters\)"):
        load_record(json.dumps(data)).replay()


def test_replay_keeps_undo_for_the_last_steps_only() -> None:
    state = goldlab.make("goldland", seed=2, mode="study", turn_cap=0)
    steps = 0
    while steps < REPLAY_UNDO_STEPS + 50 and "pass" in map(str, state.legal_actions()):
        state.apply("pass")
        steps += 1
    assert steps == REPLAY_UNDO_STEPS + 50
    replayed = state.record().replay()
    assert replayed == state
    assert len(replayed._frames) == REPLAY_UNDO_STEPS
    replayed.undo()
    state.undo()
    assert replayed == state


# ----------------------------------------------------------------- notation
@pytest.mark.parametrize(("game", "text"), [
    ("gold", "steal green:3 from seat " + "1" * 5000),
    ("gold", "take green:" + "9" * 5000),
    ("goldrush", "flip " + "1" * 5000),
    ("goldrush", "chance: reveal gold:3 at " + "7" * 4400),
    ("goldland", "place 2,4 rot " + "9" * 5000),
    ("goldland", "exchange " + "3" * 5000 + " tokens for rope"),
    ("goldland", "acquire " + "2" * 150 + " timbers"),
])
def test_a_huge_number_in_notation_is_invalid_and_not_legal(game: str, text: str) -> None:
    state = goldlab.make(game, seed=0)
    with pytest.raises(InvalidActionError) as caught:
        state.parse_action(text)
    assert len(str(caught.value)) < 400  # echoes a short prefix only
    assert state.is_legal(text) is False


def test_a_non_action_is_quoted_briefly() -> None:
    state = goldlab.make("gold", seed=0)
    with pytest.raises(InvalidActionError) as caught:
        state.apply(["x" * 10_000])  # type: ignore[arg-type]
    assert len(str(caught.value)) < 100


# ------------------------------------------------------- Gold! from_position
def test_from_position_starts_with_the_start_player() -> None:
    s = from_position(offer="blue:3", tableaux=["green:4", "pink:5"], start_player=1)
    assert s.current_player == 1
    assert from_position(offer="blue:3", tableaux=["green:4", "pink:5"]).current_player == 0


def test_from_position_refuses_a_seven_card_offer() -> None:
    with pytest.raises(OptionsError, match="at most 5 cards"):
        from_position(offer="blue:3 blue:4 blue:5 red:3 red:4 red:5 pink:3",
                      tableaux=["green:4", "pink:5"])


def test_from_position_refuses_a_draw_pile_that_is_not_a_multiple_of_5() -> None:
    with pytest.raises(OptionsError, match="multiple of 5"):
        from_position(offer="blue:3", tableaux=["green:4", "pink:5"], draw_pile=7)
    assert from_position(offer="blue:3", tableaux=["green:4", "pink:5"],
                         draw_pile=10).pile_count == 10


def test_from_position_default_draw_pile_is_a_multiple_of_5() -> None:
    s = from_position(offer="red:D green:D green:4 blue:8",
                      tableaux=["orange:D", "violet:D", "pink:D"], turn=2)
    assert s.pile_count % 5 == 0 and s.pile_count > 0


# ------------------------------------------------------------------ record files
def test_a_device_is_refused_before_anything_is_read() -> None:
    from pathlib import Path

    with pytest.raises(RecordError, match="not a regular file"):
        load_record(Path("/dev/zero"))


def test_a_fifo_with_no_writer_is_refused_without_waiting(tmp_path: Any) -> None:
    import os

    fifo = tmp_path / "record.json"
    os.mkfifo(fifo)
    with pytest.raises(RecordError, match="not a regular file"):
        load_record(fifo)


def test_a_directory_or_missing_file_is_one_record_error(tmp_path: Any) -> None:
    with pytest.raises(RecordError, match="not a regular file"):
        load_record(tmp_path)
    with pytest.raises(RecordError, match="cannot read record file"):
        load_record(tmp_path / "missing.json")


def test_a_record_file_reads_back(tmp_path: Any) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(_gold_record()), encoding="utf-8")
    assert load_record(path).replay().to_json() == load_record(_gold_record()).replay().to_json()
    path.write_bytes(b"\xff\xfe{}")
    with pytest.raises(RecordError, match="UTF-8"):
        load_record(path)


def test_a_file_with_nothing_to_read_yet_is_one_record_error(tmp_path: Any,
                                                              monkeypatch: Any) -> None:
    """The kernel log (/proc/kmsg, read by root) passes for a regular file yet has nothing
    to read without waiting; a FIFO with a silent writer, passed off as one, does the same."""
    import os
    import stat

    fifo = tmp_path / "kmsg"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    writer = os.open(fifo, os.O_WRONLY)  # open, writing nothing
    monkeypatch.setattr(stat, "S_ISREG", lambda mode: True)
    try:
        with pytest.raises(RecordError, match="nothing to read"):
            load_record(fifo)
    finally:
        os.close(writer)
        os.close(reader)


# ------------------------------------------------------------------ saved states
def _saved_after_a_take() -> dict[str, Any]:
    state = goldlab.make("gold", players=2, seed=1)
    state.apply(state.legal_actions()[0])
    data: dict[str, Any] = json.loads(json.dumps(state.to_json()))
    return data


def test_a_saved_state_that_steals_from_seat_5_of_2_is_refused() -> None:
    data = _saved_after_a_take()
    data["history"][-1]["action"] = "steal green:3 from seat 5"
    with pytest.raises(RecordError, match=r"history does not replay.*seat 5"):
        from_json(data)


def test_a_saved_state_whose_history_leads_elsewhere_is_refused() -> None:
    data = _saved_after_a_take()
    other = goldlab.make("gold", players=2, seed=1)
    data["history"][-1]["action"] = str(other.legal_actions()[1])  # legal, not what was done
    with pytest.raises(RecordError, match="does not lead to its position"):
        from_json(data)
