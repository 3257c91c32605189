"""The examples in the docstrings of goldlab.simulation, goldlab.analysis, goldlab.fast
and goldlab.bots.play (the game loop) run."""

import doctest
import importlib

import pytest

MODULES = [
    "goldlab.simulation", "goldlab.simulation.api", "goldlab.simulation.seeds",
    "goldlab.simulation.collectors", "goldlab.simulation.results", "goldlab.simulation.tournament",
    "goldlab.analysis", "goldlab.analysis.stats", "goldlab.analysis.metrics",
    "goldlab.analysis.tournament", "goldlab.analysis.charts",
    "goldlab.fast", "goldlab.fast.mt", "goldlab.fast.sha", "goldlab.fast.bits",
    "goldlab.games.gold.twin.kernel", "goldlab.games.goldrush.twin.kernel", "goldlab.bots.play",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0
