"""GameView without a browser: requests, refusals, undo, bots, replays."""

import pytest

import goldlab
from goldlab import scenarios
from goldlab.play import play_game

views = pytest.importorskip("goldlab.views")
GameView = views.GameView


def test_a_legal_request_is_applied_and_logged() -> None:
    view = GameView(goldlab.make("gold", players=2, seed=1))
    chosen = view.legal[0]
    view.request(chosen)
    assert view.error == "" and view.state.history[-1].action == goldlab.parse_action("gold", chosen)
    assert any("[A) Take a card]" in line or "[B) Exchange" in line for line in view.log)


def test_a_refused_request_shows_the_rule_and_changes_nothing() -> None:
    state = goldlab.make("gold", players=2, seed=1)
    before = state.clone()
    view = GameView(state)
    view.request("exchange blue:D for violet:D")
    assert "Action A" in view.error and view.state == before
    view.request("dance")
    assert "cannot read" in view.error


def test_a_view_for_one_seat_hides_what_that_seat_may_not_see() -> None:
    from goldlab.games.gold.position import from_position

    s = from_position(offer="blue:4", tableaux=["", ""], piles=["green:8", "red:3"])
    view = GameView(s, seat=0)
    assert "red:3" not in view.html and "green:8" in view.html
    assert GameView(s, seat=1).legal == []  # not seat 1's turn
    with pytest.raises(ValueError, match="seat must be"):
        GameView(s, seat=5)


def test_undo_in_play_mode_is_refused_after_a_reveal() -> None:
    view = GameView(goldlab.make("gold", players=2, seed=3, mode="study"))
    view.request(view.legal[0])
    assert view.can_undo
    view.undo()
    assert view.error == "" and len(view.state.history) == len(goldlab.make("gold", 2, 3).history)


def test_bots_answer_until_a_human_seat_is_to_move() -> None:
    view = GameView(goldlab.make("gold", players=3, seed=2), seat=0,
                    bots={1: "greedy", 2: "random"})
    view.request(view.legal[0])
    assert view.state.current_player in (0, goldlab.TERMINAL)
    assert any(line.startswith("seat 1 (greedy):") for line in view.log)


def test_replay_steps_through_a_finished_game() -> None:
    final = play_game("gold", ["greedy", "random"], seed=3)
    view = GameView.replay(final)
    assert view.mode == "replay" and view.position == 0
    assert view.length == sum(1 for s in final.history if s.actor >= 0)
    view.goto(view.length)
    assert view.state == final or view.state.fingerprint()[0] == final.fingerprint()[0]
    view.goto(1)
    assert view.log and view.log[0].startswith("seat 0: ")
    view.goto(10_000)
    assert view.position == view.length


def test_replay_of_a_scenario_starts_at_its_result() -> None:
    view = GameView.replay(scenarios.load("gold/colour-scoring"))
    assert view.position == view.length == 1
    assert any("[Colour scoring]" in line for line in view.log)
    view.goto(0)
    assert "Final scores" not in view.html


def test_messages_from_the_front_end_are_handled() -> None:
    view = GameView(goldlab.make("gold", players=2, seed=1))
    view._on_message(view, {"type": "apply", "action": view.legal[0]}, [])
    assert len(view.state.history) > len(goldlab.make("gold", 2, 1).history)
    view._on_message(view, {"type": "apply", "action": 42}, [])  # ignored, not a crash
    view._on_message(view, "garbage", [])
    view._on_message(view, {"type": "goto", "to": 3}, [])
    assert "replay view" in view.error


@pytest.mark.parametrize("game", goldlab.names())
def test_every_game_plays_and_replays_in_the_view(game: str) -> None:
    players = goldlab.game(game).min_players
    view = GameView(goldlab.make(game, players=players, seed=4, mode="study"))
    assert view.legal and 'class="gl-state' in view.html
    view.request(view.legal[-1])
    assert view.error == ""
    view.request("not an action at all")
    assert view.error
    final = play_game(game, ["random"] * players, seed=4, turn_cap=5) if game == "goldland" \
        else play_game(game, ["random"] * players, seed=4)
    replay = GameView.replay(final)
    replay.goto(replay.length)
    assert replay.state.fingerprint()[0] == final.fingerprint()[0]
