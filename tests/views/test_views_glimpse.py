"""Memory mode as the rules play it (issue 43 §3): a turn's cards go back face down when it is
over.  The player sees them as they are turned (a *glimpse*, shown again on request and noted
in the log), and they lie face down when the player's turn begins; a teacher may keep the
turn just played face up until the next flip instead (``last_turn="keep"``).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

import goldlab
from goldlab.games.goldrush.cards import Card
from goldlab.games.goldrush.events import CardFlipped
from goldlab.games.goldrush.observation import DOWN
from goldlab.lessons.board import lesson_table
from goldlab.views import GameView
from goldlab.views.game_view import GLIMPSE, KEEP, NO_GLIMPSE

NAMES = ("Ann", "Bot")


def element(html: str, place: int) -> str:
    """The card drawn at ``place``: its opening tag and its contents."""
    found = re.search(rf'<div [^>]*data-target="grid:{place}"[^>]*>.*?</div>', html)
    assert found is not None, f"no card at {place}"
    return found.group(0)


def after_a_bots_turn(last_turn: str = GLIMPSE) -> tuple[GameView, dict[int, Card]]:
    """Ann's view (memory mode) as her turn begins, after the bot's turn turned cards back
    face down; those cards by place."""
    for seed in range(40):
        view = GameView(goldlab.make("goldrush", players=2, seed=seed), seat=0,
                        bots={1: "perfect"}, names=NAMES, last_turn=last_turn)
        view.request(view.legal[0])
        view.request(view.legal[0])  # Ann's turn is over; the bot plays its turn
        state = view.table.state
        status = state.observation(0).status
        _, steps = view.table.frames()
        down = {e.position: e.card for step in steps if step.actor == 1 for e in step.events
                if isinstance(e, CardFlipped) and status[e.position] == DOWN}
        if down and state.current_player == 0:
            return view, down
    raise AssertionError("no bot's turn turned a card back face down")


def names_of(view: GameView, cards: dict[int, Card]) -> list[str]:
    return [view.table.presenter.card_name(c) for c in cards.values()]  # type: ignore[attr-defined]


def test_the_bots_cards_lie_face_down_when_the_students_turn_begins() -> None:
    view, down = after_a_bots_turn()
    for place, name in zip(down, names_of(view, down), strict=True):
        drawn = element(view.html, place)
        assert "gr-back" in drawn and name not in drawn
        assert not any(f"Bot turns up card {place}:" in line
                       for line in (*view.log, *view.payload["moves"]))
    assert "last turn" not in view.html and view.payload["can_glimpse"]


def test_the_cards_were_shown_as_they_were_turned() -> None:
    view, down = after_a_bots_turn()
    moments = view.payload["glimpse"]["moments"]
    last = moments[-1]["board"]  # the bot's second card being turned, its first still up
    for place, name in zip(down, names_of(view, down), strict=True):
        assert name in element(last, place)
        assert any(f"Bot turns up card {place}:" in m["caption"] for m in moments)
    view.home()
    view.end()
    assert view.payload["glimpse"] is None  # shown once, as it happened: not at every redraw


def test_show_the_last_turn_again_shows_the_cards_and_the_log_records_the_press() -> None:
    view, down = after_a_bots_turn()
    shown = view.payload["glimpse"]["id"]
    teacher = view.another(seat="all")
    view._on_message(view, {"type": "glimpse"}, [])  # the button
    assert view.error == "" and view.payload["glimpse"]["id"] == shown + 1
    last = view.payload["glimpse"]["moments"][-1]["board"]
    assert all(name in element(last, place)
               for place, name in zip(down, names_of(view, down), strict=True))
    assert "   (Ann looks at the last turn again)" in view.log
    assert "   (Ann looks at the last turn again)" in teacher.log
    assert all("gr-back" in element(view.html, place) for place in down)  # still face down

    view.request(view.legal[0])  # Ann's turn is under way: the last turn is over
    assert not view.payload["can_glimpse"]
    view.show_last_turn()
    assert view.error == NO_GLIMPSE and view.payload["glimpse"] is None
    assert sum("looks at the last turn again" in line for line in view.log) == 1


def test_a_teacher_may_keep_the_last_turn_face_up_until_the_next_flip() -> None:
    view, down = after_a_bots_turn(last_turn=KEEP)
    for place, name in zip(down, names_of(view, down), strict=True):
        drawn = element(view.html, place)
        assert name in drawn and "last turn" in drawn
    assert view.payload["glimpse"] is None and not view.payload["can_glimpse"]
    view.request(view.legal[0])
    assert all("gr-back" in element(view.html, place) for place in down
               if f"grid:{place}" in view.payload["legal"])


def test_the_lesson_table_takes_the_teachers_choice() -> None:
    assert lesson_table(seed=1, memory=True).last_turn == GLIMPSE
    assert lesson_table(seed=1, memory=True, last_turn=KEEP).last_turn == KEEP
    with pytest.raises(ValueError, match="last_turn is 'glimpse'"):
        lesson_table(seed=1, last_turn="up")


def test_without_memory_mode_there_is_nothing_to_glimpse() -> None:
    view: Any = GameView(goldlab.make("goldrush", players=2, seed=3), seat=0,
                         bots={1: "perfect"}, memory=False)
    view.request(view.legal[0])
    view.request(view.legal[0])
    assert view.payload["glimpse"] is None and not view.payload["can_glimpse"]
    assert "seen" in view.html  # the cards seen are shown, marked as seen
