"""Play from here: a variation from any past position, the game itself kept to come back to.

The rules stay in the engine: the variation starts from the frame's position (a fresh
state sharing the history up to there) and every move in it is the engine's to accept.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import goldlab

views = pytest.importorskip("goldlab.views")
GameView = views.GameView


def _message(view: Any, **content: Any) -> None:
    view._on_message(view, content, [])


def _played(moves: int = 4) -> Any:
    """Seat 0 (a person) against a greedy bot, ``moves`` of its turns played; the
    teacher's view (everything shown)."""
    view = GameView(goldlab.make("gold", players=2, seed=1), seat="all", bots={1: "greedy"})
    for _ in range(moves):
        view.request(view.legal[-1])
    assert not view.error
    return view


def _history(view: Any) -> list[str]:
    return [str(step.action) for step in view.table.state.history]


def test_play_from_a_past_position_keeps_the_game_and_shows_the_way_back() -> None:
    view = _played()
    game = _history(view)
    moves = list(view.payload["moves"])
    _message(view, type="goto", value=2)
    shown = view.state.fingerprint()
    _message(view, type="branch")
    assert not view.error and view.payload["live"]
    assert view.table.state.fingerprint() == shown  # the position that was shown
    assert view.payload["variation"]["from"] == 2 and view.payload["last"] == 2
    assert view.payload["moves"] == moves[:2]  # the way there, then the variation's moves
    other = view.legal[0]
    assert other != game[len(view.table.state.history)]  # she takes the other card
    view.request(other)
    assert not view.error and view.payload["last"] > 2
    assert view.payload["moves"][:2] == moves[:2] and view.payload["moves"] != moves
    assert other in view.payload["moves_notation"][2]  # the words say it; the tooltip too
    _message(view, type="main")
    assert not view.error and view.payload["variation"] is None
    assert _history(view) == game and view.payload["moves"] == moves
    assert view.payload["index"] == 2 and not view.payload["live"]  # back where it left


def test_a_variation_of_a_variation_keeps_the_one_main_line() -> None:
    view = _played()
    game = _history(view)
    view.goto(3)
    view.play_from_here()
    view.request(view.legal[0])
    view.goto(1)
    view.play_from_here()
    assert view.table.variation_from == 3  # where the main line was left
    view.back_to_main_line()
    assert _history(view) == game and view.payload["index"] == 3


def test_the_engine_judges_the_variations_moves_and_undo_stays_inside_it() -> None:
    view = _played()
    view.goto(2)
    view.play_from_here()
    view.request("exchange blue:D for violet:D")
    assert "tableau" in view.error  # the engine's refusal, the variation unchanged
    assert view.payload["last"] == 2
    view.request(view.legal[0])
    assert view.can_undo
    view.undo()
    assert not view.error and view.payload["last"] == 2
    view.undo()  # nothing of the variation left to take back: refused, nothing changes
    assert view.error and view.payload["last"] == 2 and view.table.variation_from == 2


def test_play_from_the_live_position_and_leaving_without_a_variation() -> None:
    view = _played(2)
    _message(view, type="main")
    assert "main line" in view.error
    _message(view, type="branch")  # from the end: a copy of the game to try things on
    assert not view.error and view.table.variation_from == view.payload["last"]


def test_a_locked_view_starts_no_variation() -> None:
    view = GameView(goldlab.make("gold", players=2, seed=1), seat=0, bots={1: "greedy"},
                    locked=True)
    view.request(view.legal[0])
    before = _history(view)
    _message(view, type="goto", value=0)
    _message(view, type="branch")
    assert "locked" in view.error and view.table.variation_from is None
    assert _history(view) == before


def test_a_new_game_leaves_the_variation_for_good() -> None:
    view = _played(2)
    view.goto(1)
    view.play_from_here()
    view.new_game(5)
    assert view.table.variation_from is None and view.payload["variation"] is None


def test_a_seat_plays_no_variation_during_a_game_it_would_show_the_cards_to_come() -> None:
    view = GameView(goldlab.make("gold", players=2, seed=1), seat=0, bots={1: "greedy"})
    view.request(view.legal[0])
    before = _history(view)
    assert not view.payload["can_branch"]
    _message(view, type="branch")
    assert "teacher" in view.error and view.table.variation_from is None
    assert _history(view) == before
    view.table.set_seat(0, "greedy")  # the bots finish the game: now anyone may analyse it
    assert view.table.state.is_terminal() and view.payload["can_branch"]
    view.goto(1)
    view.play_from_here()
    assert not view.error and view.table.variation_from == 1


# ---------------------------------------------------------------- under the same luck
# "What if she had taken the other card?" compares under the same luck: a variation goes on
# from the game's own generator at the branch point, never from fresh chance unless asked.
def _drawn(outcome: Any) -> Any:
    """What a chance step turned up: a card, or a tile (not where it went)."""
    return getattr(outcome, "card", getattr(outcome, "tile", outcome))


def _chances(steps: Any) -> list[Any]:
    return [_drawn(step.action) for step in steps if step.actor == goldlab.CHANCE]


def _game_at_table(game: str, seed: int, moves: int = 60) -> Any:
    """A two-seat table (people at both seats) after ``moves`` random player actions."""
    state = goldlab.make(game, players=2, seed=seed)
    pick = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply(pick.choice(state.legal_actions()))
    return views.Table(state)


@pytest.mark.parametrize("game", goldlab.names())
def test_the_games_own_moves_in_a_variation_turn_up_the_games_own_cards(game: str) -> None:
    table = _game_at_table(game, seed=2)
    main = table.state
    table.play_from(3)
    branch = len(table.state.history)
    assert len(_chances(main.history[branch:])) >= 3  # several draws to compare
    for step in main.history[branch:]:
        if step.actor != goldlab.CHANCE:
            table.play(step.action)  # the game's own move: chance follows by itself
    assert _chances(table.state.history[branch:]) == _chances(main.history[branch:])
    assert table.state.history == main.history and table.state == main  # generator too
    replayed = goldlab.load_record(table.record_json()).replay()  # its record replays
    assert replayed.history == table.state.history


@pytest.mark.parametrize("game", goldlab.names())
def test_another_move_then_a_draw_gets_the_card_the_game_drew_next(game: str) -> None:
    compared = 0
    for seed in range(3):
        table = _game_at_table(game, seed)
        main = table.state
        frames, _ = table.frames()
        for index in range(0, len(frames) - 1, 4):
            shown = frames[index]
            mine = main.history[len(shown.history)].action
            others = [a for a in shown.legal_actions() if a != mine]
            to_come = _chances(main.history[len(shown.history):])
            if not others or not to_come:
                continue
            table.play_from(index)
            table.play(others[-1])  # she takes the other card (or flips, or goes elsewhere)
            pick = random.Random(index)
            for _ in range(300):  # then play on until something is drawn
                drawn = _chances(table.state.history[len(shown.history):])
                if drawn or table.state.is_terminal():
                    break
                table.play(pick.choice(table.state.legal_actions()))
            if drawn and type(drawn[0]) is type(to_come[0]):
                assert drawn[0] == to_come[0], (seed, index, others[-1])
                compared += 1
            table.back_to_main()
    assert compared >= 3


@pytest.mark.parametrize("game", goldlab.names())
def test_new_luck_is_asked_for_and_then_deals_other_cards(game: str) -> None:
    table = _game_at_table(game, seed=2)
    main = table.state
    with pytest.raises(goldlab.OptionsError, match="fresh_luck"):
        table.play_from(3, fresh_luck="yes")
    assert table.variation_from is None  # refused before anything changed
    differed = 0
    for _ in range(5):
        table.play_from(3, fresh_luck=True)
        branch = len(table.state.history)
        for step in main.history[branch:]:
            if _chances(table.state.history[branch:]) or table.state.is_terminal():
                break
            if step.actor != goldlab.CHANCE:
                if not table.state.is_legal(step.action):
                    break
                table.play(step.action)
        drawn = _chances(table.state.history[branch:])
        differed += bool(drawn) and drawn[0] != _chances(main.history[branch:])[0]
        replayed = goldlab.load_record(table.record_json()).replay()  # written out: replays
        assert replayed.history == table.state.history
        table.back_to_main()
    assert differed >= 1


def test_the_page_asks_for_the_games_own_luck_or_new_luck_and_the_bar_says_which() -> None:
    view = _played()
    _message(view, type="goto", value=2)
    _message(view, type="branch", value="lots")  # not true or false: refused, nothing changed
    assert "new luck" in view.error and view.payload["variation"] is None
    _message(view, type="branch")
    assert not view.error
    assert "under the game's own luck" in view.payload["variation"]["label"]
    assert view.table.state.auto_chance  # the game's own generator deals what comes
    _message(view, type="main")
    _message(view, type="goto", value=2)
    _message(view, type="branch", value=True)
    assert not view.error
    assert "under new luck" in view.payload["variation"]["label"]
    assert not view.table.state.auto_chance  # the table's dealer, seeded afresh
