"""The view fuzz (``goldlab.testing.fuzz_view``) on every game's view, Pig's included.

Random and hostile browser messages: each is answered within 50 ms of processor time,
nothing escapes, and a refused message leaves the game as it was.
"""

from __future__ import annotations

from typing import Any

import pytest

import goldlab
from goldlab.testing import ViewFuzzReport, fuzz_view
from goldlab.testing.view_fuzz import send

views = pytest.importorskip("goldlab.views")
pytest.importorskip("hypothesis")
GameView = views.GameView

BOTS = {"gold": "greedy", "goldrush": "perfect", "goldland": "heuristic"}


@pytest.mark.parametrize("game", sorted(BOTS))
@pytest.mark.parametrize("locked", [False, True])
def test_every_intent_answers_quickly_and_refusals_change_nothing(game: str,
                                                                   locked: bool) -> None:
    def make() -> Any:
        return GameView(goldlab.make(game, players=2, seed=7), seat=0, bots={1: BOTS[game]},
                        locked=locked)

    report = fuzz_view(make, examples=25)
    assert report.ok, report.problems[:5]
    assert report.messages > 100 and report.refused > 20


def test_pig_from_outside_the_package_runs_through_the_fuzz() -> None:
    from test_fourth_game import imported_pig  # registers Pig: examples/pig/pig.py

    with imported_pig():
        report = fuzz_view(lambda: GameView(goldlab.make("pig", players=2, seed=3), seat=0,
                                            bots={1: "cautious"}), examples=25)
    assert report.ok, report.problems[:5]
    assert report.messages > 100


def test_the_fuzz_finds_a_handler_that_hangs_or_half_changes() -> None:
    """The kit's own check: a view whose step loops and whose refusal changes the game."""

    class Broken(GameView):  # type: ignore[misc, valid-type]
        def step(self, delta: int) -> None:
            if delta > 1000:
                sum(range(10**7))  # far beyond 50 ms
            super().step(delta)

        def undo(self) -> None:
            self.table.state.apply(self.table.state.legal_actions()[0])
            self._fail("refused, yet played")

    view = Broken(goldlab.make("gold", players=2, seed=1), seat=0)
    report = ViewFuzzReport()
    send(view, {"type": "step", "value": 10**12}, report, 50.0)
    send(view, {"type": "undo"}, report, 50.0)
    assert len(report.problems) == 2
    assert "took" in report.problems[0] and "changed the game" in report.problems[1]
