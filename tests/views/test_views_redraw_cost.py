"""A redraw costs what its scene costs, plus a small fixed number of calls (issue 46).

A click used to cost 918 goldlab calls in its redraw, 256 of them the view's own beyond
the scene: a bot-registry read, a state clone to decide whether Undo is possible, the
legal actions a second time, every line of the move list written again.  The probe
(``redraw_probe.py``) counts the calls of goldlab's functions in each redraw a click
causes; what the view adds to its scene must stay under :data:`OWN_CALLS`, however long
the game (docs/views.md gives the figures).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from redraw_probe import probe

from goldlab.core.presentation import LOG_STEPS
from goldlab.core.registry import make, names

views = pytest.importorskip("goldlab.views")
drawing = pytest.importorskip("goldlab.views.drawing")

OWN_CALLS = 60
"""The most goldlab calls a redraw makes beyond its scene, besides writing the lines of
the move list and the log that changed (two calls a line: its words and its events)."""

LABEL = ("views/drawing.py", "move_label")

NEVER_IN_A_REDRAW = {"clone", "undo", "bot_names", "describe_bots", "strength", "make_bot",
                     "seat_choices", "menu_specs"}
"""What a redraw has no reason to do: copy or rewind the game, read the bots' registry."""


@pytest.mark.parametrize("game", names())
def test_a_click_redraws_at_the_cost_of_its_scene_and_a_few_calls(game: str) -> None:
    view = views.GameView(make(game, players=2, seed=3), seat=0, bots={1: "random"})
    rng = random.Random(3)
    clicks = 0
    while clicks < 25 and view.targets and not view.table.state.is_terminal():
        target = rng.choice(view.targets)
        before = view.moves["moves"]
        found = probe(lambda: view.click(target))  # noqa: B023 - called at once
        clicks += 1
        assert found.redraws >= 1 and sum(found.scene.values()) > 0
        # a line is written only when it is new or told differently now: the move list's
        # changed lines, and at most the log's steps
        after = view.moves["moves"]
        changed = sum(1 for i, line in enumerate(after) if i >= len(before) or before[i] != line)
        lines = found.own[LABEL]
        assert lines <= (changed + LOG_STEPS) * found.redraws, (lines, changed)
        own = sum(found.own.values())
        assert own <= OWN_CALLS * found.redraws + 2 * lines, found.own.most_common(15)
        called = {name for _, name in found.own}
        assert not called & NEVER_IN_A_REDRAW, called & NEVER_IN_A_REDRAW
    assert clicks >= 5


def test_the_probe_sees_a_redraw_that_does_more_than_its_scene(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The probe can fail: a redraw that clones the game for nothing (as deciding Undo
    once did) is counted as the view's own work."""
    view = views.GameView(make("gold", players=2, seed=3), seat=0)
    plain = probe(view._refresh)
    status = drawing.status

    def wasteful(table: object, *args: object, **kwargs: object) -> object:
        for _ in range(OWN_CALLS):
            view.table.state.clone()
        return status(table, *args, **kwargs)

    monkeypatch.setattr(drawing, "status", wasteful)
    slow = probe(view._refresh)
    assert slow.redraws == plain.redraws == 1
    assert sum(slow.own.values()) > sum(plain.own.values()) + OWN_CALLS
    assert "clone" in {name for _, name in slow.own}
