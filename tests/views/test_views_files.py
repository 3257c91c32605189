"""Hidden stays hidden in files too (issue 43 §3): a record saved from a view holds nothing
the view's seat may not know now.

A record names the card of every step ("chance: reveal violet:4 at 32", "take red:8"), so
while a seat plays in memory mode (or the open table looks on) Save waits for the end of
the game and says why; the teacher's view and a finished game save everything.  Each test
compares the saved text with the engine's own truth: the cards that lie face down now.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import goldlab
from goldlab.core.state import State
from goldlab.views import GameView
from goldlab.views.table import SAVE_WAITS

SEEDS = (1, 2, 3)
MOVES = 600
"""A bound on the moves a test plays (a game ends well before it)."""


def face_down_now(state: State[Any], seat: int) -> set[str]:
    """The names of the cards that lie face down now and that ``seat`` may not name: the
    engine's truth (the omniscient view), less any card of the same kind lying open."""
    everything = state.omniscient()
    if state.game.name == "goldrush":
        down = {str(c) for c in everything.known().values()}
        down |= {str(c) for s, pile in enumerate(everything.taken) if s != seat for c in pile}
        open_now = {str(c) for c in everything.face_up().values()}
        open_now |= {str(c) for c in everything.taken[seat]}
        return down - open_now
    if state.game.name == "gold":
        down = {str(c) for pile in everything.scoring_piles for c in pile}
        open_now = {str(c) for c in (*everything.offer, *everything.box, *everything.discard)}
        open_now |= {str(c) for tableau in everything.tableaux for c in tableau}
        return down - open_now
    return set()  # Goldland: nothing once seen is turned face down again


def play_until(view: GameView, rng: random.Random, done: Any) -> None:
    """Play seat 0's moves at random (the bot answers) until ``done(state)`` or the end."""
    table = view.table
    for _ in range(MOVES):
        if done(table.state) or table.state.is_terminal():
            return
        table.play(rng.choice(table.state.legal_actions()))
    raise AssertionError(f"no end in {MOVES} moves")


def steps_of(state: State[Any]) -> list[str]:
    return [str(s.action) for s in state.history]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", ["goldrush", "gold"])
def test_a_seated_save_in_memory_mode_names_no_card_that_lies_face_down(
        game: str, seed: int) -> None:
    view = GameView(goldlab.make(game, players=2, seed=seed), seat=0, bots={1: "random"})
    assert view.memory  # a person's seat plays in memory mode
    rng = random.Random(seed)
    play_until(view, rng, lambda state: len(face_down_now(state, 0)) >= 2)
    state = view.table.state
    hidden = face_down_now(state, 0)
    assert hidden and not state.is_terminal(), "no card lies face down: the test checks nothing"
    before = steps_of(state)

    for seat in (0, "public"):
        view.set_seat(seat)
        text = view.save()
        assert [name for name in hidden if name in text] == []
        assert text == "" and view.error == SAVE_WAITS  # refused, with the reason
        assert view.payload["save_refused"] == SAVE_WAITS  # the button says it too
    assert steps_of(view.table.state) == before  # nothing changed

    teacher = view.another(seat="all")
    record = json.loads(teacher.save())
    assert record["seed"] == seed and record["steps"] == before
    assert all(name in json.dumps(record) for name in hidden)

    play_until(view, rng, lambda state: False)  # the game ends: everything may be told
    view.set_seat(0)
    assert view.payload["save_refused"] == ""
    record = json.loads(view.save())
    assert record["seed"] is None and record["steps"] == steps_of(view.table.state)
    assert all(name in json.dumps(record) for name in hidden)


@pytest.mark.parametrize("seed", SEEDS)
def test_goldland_hides_nothing_once_seen_so_a_seat_saves_all_of_it(seed: int) -> None:
    view = GameView(goldlab.make("goldland", players=2, seed=seed), seat=0, bots={1: "random"})
    play_until(view, random.Random(seed), lambda state: len(state.history) >= 30)
    record = json.loads(view.save())
    assert view.error == "" and record["seed"] is None
    assert record["steps"] == steps_of(view.table.state)


def test_memory_mode_saves_while_nothing_lies_face_down_again() -> None:
    """Before any card went back face down, the record names only cards the seat sees."""
    view = GameView(goldlab.make("goldrush", players=2, seed=4), seat=0, bots={1: "random"})
    view.request(view.legal[0])  # the first card is up: it lies open
    record = json.loads(view.save())
    assert view.error == "" and record["steps"] == steps_of(view.table.state)


def test_memory_mode_switched_off_saves_what_the_seat_saw() -> None:
    """Without memory mode the seat may name every card it saw: the whole record, no seed."""
    view = GameView(goldlab.make("goldrush", players=2, seed=5), seat=0, bots={1: "random"},
                    memory=False)
    play_until(view, random.Random(5), lambda state: len(face_down_now(state, 0)) >= 2)
    record = json.loads(view.save())
    assert record["seed"] is None and record["steps"] == steps_of(view.table.state)
