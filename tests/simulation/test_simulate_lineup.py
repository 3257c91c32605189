"""simulate resolves a line-up (game, bots, options) to its engine once a process."""

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

import goldlab.core.registry as registry
import goldlab.fast as fast
from goldlab.simulation import simulate


def spy(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> Counter[str]:
    calls: Counter[str] = Counter()
    real: Callable[..., Any] = getattr(module, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[name] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


def run(start_player: int) -> None:
    simulate("goldrush", ["random", "random"], 24, seed=1, quiet=True, backend="serial",
             chunk_size=3, start_player=start_player)


def test_a_run_builds_its_engine_once_and_looks_the_game_up_a_few_times(
        monkeypatch: pytest.MonkeyPatch) -> None:
    run(0)  # the kernel compiled or loaded, whatever ran before
    finds = spy(monkeypatch, registry, "find")
    builds = spy(monkeypatch, fast, "engine_for")
    run(1)  # a line-up this process has not resolved: 8 chunks, one engine
    assert builds["engine_for"] == 1, builds  # was 9: the plan and each chunk built it again
    assert finds["find"] <= 8, finds  # was 29: a look-up per bot per engine build
    first = finds["find"]
    run(1)  # the same line-up again: only the checks of the request look the game up
    assert builds["engine_for"] == 1 and finds["find"] - first <= 4, (builds, finds)
