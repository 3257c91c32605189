"""The speed work changed no behaviour: games recorded before it replay identically.

``data/pinned_games.json`` was written by the engine as it was before the speed
work (the commit before "Goldland: engine and heuristic about ..."): seeded games
of heuristic and random bots with several options, each with its record, a digest
of every step and event (``str`` and ``repr``), the final scores and a digest of
the final position's JSON.  Replaying each record through today's engine must
give the very same steps, events, scores and position.  The heuristic bot has
changed since, so the records are replayed, not played again; the random games
are also played again from their seeds (they depend only on the legal actions
and their order).
"""

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from goldlab.bots.play import play_game
from goldlab.core.record import load_record

PINNED = json.loads((Path(__file__).parent / "data" / "pinned_games.json").read_text())


def _events_digest(state: Any) -> str:
    h = hashlib.sha256()
    for step in state.history:
        h.update(str(step).encode())
        for e in step.events:
            h.update(repr(e).encode())
            h.update(str(e).encode())
    return h.hexdigest()


def _final_digest(state: Any) -> str:
    return hashlib.sha256(json.dumps(state.to_json(), sort_keys=True).encode()).hexdigest()


@pytest.mark.parametrize("case", PINNED, ids=lambda c: f"{len(c['bots'])}p-seed{c['seed']}")
def test_a_game_recorded_before_the_speed_work_replays_identically(case: dict[str, Any]) -> None:
    state = load_record(case["record"]).replay()
    assert state.is_terminal()
    assert list(state.scores()) == case["scores"]
    assert _events_digest(state) == case["events"]
    assert _final_digest(state) == case["final"]
    assert json.loads(state.record().to_json(indent=None)) == case["record"]


@pytest.mark.parametrize("case", [c for c in PINNED if set(c["bots"]) == {"random"}],
                         ids=lambda c: f"{len(c['bots'])}p-seed{c['seed']}")
def test_random_games_from_the_same_seeds_play_the_same_steps(case: dict[str, Any]) -> None:
    state = play_game("goldland", case["bots"], seed=case["seed"], **case["options"])
    assert _events_digest(state) == case["events"]
    assert json.loads(state.record().to_json(indent=None)) == case["record"]
