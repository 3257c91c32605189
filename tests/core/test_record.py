"""Game records: replay to the identical state; bad records raise RecordError with a reason."""

import json
import random
from pathlib import Path

import pytest

import goldlab
from goldlab.core.errors import RecordError
from goldlab.games.gold.position import from_position


def _played(seed: int, steps: int = 1000) -> goldlab.core.State:  # type: ignore[name-defined]
    state = goldlab.make("gold", players=3, seed=seed, mode="study")
    rng = random.Random(seed)
    while not state.is_terminal() and steps:
        state.apply(rng.choice(state.legal_actions()))
        steps -= 1
    return state


def test_finished_game_record_replays(tmp_path: Path) -> None:
    state = _played(11)
    path = tmp_path / "game.json"
    state.record().save(path)
    data = json.loads(path.read_text())
    assert data["game"] == "gold" and data["scores"] == list(state.outcome().scores)
    assert goldlab.load_record(path).replay() == state


def test_unfinished_game_record_replays() -> None:
    state = _played(12, steps=20)
    assert goldlab.load_record(state.record().to_json()).replay() == state


def test_record_from_a_built_position_replays() -> None:
    state = from_position(offer="blue:3", tableaux=["green:4", "pink:5"], seed=3)
    state.apply("take blue:3")
    assert goldlab.load_record(state.record().to_json()).replay() == state


def _record() -> dict:
    return json.loads(_played(13, steps=10).record().to_json())


@pytest.mark.parametrize(
    ("mutate", "reason"),
    [
        (lambda d: d.update(format="pgn"), "not a goldlab record"),
        (lambda d: d.update(format_version=99), "format_version"),
        (lambda d: d.update(game="chess"), "unknown game"),
        (lambda d: d.update(players=9), "2-3 players"),
        (lambda d: d.update(seed="abc"), "'seed'"),
        (lambda d: d.update(seed=-1), "'seed'"),
        (lambda d: d["steps"].append("take orange:99"), "does not replay"),
        (lambda d: d["steps"].append(42), "notation string"),
        (lambda d: d.update(options={"wings": True}), "unknown option"),
        (lambda d: d.update(options={"start_player": [1]}), "plain value"),
        (lambda d: d.update(scores=[1, 2, 3]), "final scores"),
        (lambda d: d.update(start=[]), "'start'"),
        (lambda d: d.update(start={"nonsense": 1}), "start position"),
        (lambda d: d["steps"].__setitem__(0, "chance: deal pink:D to seat 0"), "the seed gives"),
    ],
)
def test_malformed_records_raise_record_error(mutate, reason: str) -> None:  # type: ignore[no-untyped-def]
    data = _record()
    if data["steps"][0] == "chance: deal pink:D to seat 0":
        data["steps"][0] = "chance: deal green:D to seat 0"
    mutate(data)
    with pytest.raises(RecordError, match=reason):
        goldlab.load_record(json.dumps(data)).replay()


@pytest.mark.parametrize(
    "text", ["", "not json", "[" * 100_000, '"a string"', "null", '{"format": 1}']
)
def test_hostile_text_raises_record_error(text: str) -> None:
    with pytest.raises(RecordError):
        goldlab.load_record(text)


def test_missing_file_raises_record_error(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read"):
        goldlab.load_record(tmp_path / "nope.json")


@pytest.mark.parametrize("game", goldlab.names())
def test_a_saved_state_tells_its_last_steps_as_the_game_did(game: str) -> None:
    state = goldlab.make(game, players=2, seed=3)
    rng = random.Random(3)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    restored = goldlab.core.record.from_json(json.loads(json.dumps(state.to_json())))
    for seat in (0, 1):
        assert restored.observation(seat).last == state.observation(seat).last
    assert len(restored.observation(0).last) > 1  # the last step and what it caused
