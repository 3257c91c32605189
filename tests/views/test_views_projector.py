"""Projector mode: a flag in Python that the front end reads, switched by a checked intent."""

from __future__ import annotations

from typing import Any

import pytest

import goldlab

views = pytest.importorskip("goldlab.views")
GameView = views.GameView


def _view(**kwargs: Any) -> Any:
    return GameView(goldlab.make("gold", players=2, seed=1), seat=0, bots={1: "greedy"}, **kwargs)


def test_projector_mode_is_off_by_default_and_set_by_the_constructor() -> None:
    assert _view().payload["projector"] is False
    view = _view(projector=True)
    assert view.projector is True and view.payload["projector"] is True


def test_set_projector_switches_it_and_redraws() -> None:
    view = _view()
    revision = view.payload["revision"]
    view.set_projector(True)
    assert view.payload["projector"] is True and view.payload["revision"] > revision
    view.set_projector(False)
    assert view.payload["projector"] is False


def test_the_projector_intent_takes_only_a_bool() -> None:
    view = _view()
    view._on_message(view, {"type": "projector", "value": True}, [])
    assert view.payload["projector"] is True
    for forged in ("false", 0, None, [], {"on": False}):
        view._on_message(view, {"type": "projector", "value": forged}, [])
        assert view.payload["projector"] is True, forged
    view._on_message(view, {"type": "projector", "value": False}, [])
    assert view.payload["projector"] is False


def test_projector_mode_changes_no_game_state() -> None:
    view = _view()
    before, legal = view.state.clone(), view.legal
    view.set_projector(True)
    assert view.state == before and view.legal == legal
    assert view.payload["board"] == _view().payload["board"]
