"""GameView without a browser: intents in, one payload out, every view of a table in step."""

from __future__ import annotations

import dataclasses
import itertools
import json
import re
from typing import Any

import pytest

import goldlab
from goldlab import scenarios
from goldlab.bots.play import play_game
from goldlab.core.presentation import Play, Presenter, Refuse, Select

views = pytest.importorskip("goldlab.views")
GameView = views.GameView

GAMES = tuple(goldlab.names())
BOTS = {"gold": "greedy", "goldrush": "perfect", "goldland": "heuristic"}


def _view(game: str = "gold", seed: int = 1, **kwargs: Any) -> Any:
    kwargs.setdefault("seat", 0)
    kwargs.setdefault("bots", {1: BOTS[game]})
    return GameView(goldlab.make(game, players=2, seed=seed, mode=kwargs.pop("mode", "play")),
                    **kwargs)


def _message(view: Any, **content: Any) -> None:
    """What the front end sends: one intent."""
    view._on_message(view, content, [])


def _targets(html: str) -> list[str]:
    return re.findall(r'data-target="([^"]+)"', html)


def _has_own_presenter(game: str) -> bool:
    return type(goldlab.game(game).presenter()) is not Presenter


class _StubPresenter(Presenter):
    """Targets "act:<i>" play the i-th legal action, "pick" selects, anything else refuses."""

    def targets(self, state: Any, seat: int | None, selection: str = "") -> dict[str, Any]:
        found: dict[str, Any] = {f"act:{i}": a for i, a in enumerate(state.legal_actions())}
        found["pick"] = None
        return found

    def click(self, state: Any, seat: int | None, target: str, selection: str = "") -> Any:
        if target == "pick":
            return Select("picked", "now click where it goes")
        if target.startswith("act:"):
            return Play(state.legal_actions()[int(target[4:])])
        if target == "forbidden":  # an action the state refuses with its rule
            return Play(goldlab.parse_action("gold", "exchange blue:D for violet:D"))
        return Refuse("A) Take a card", f"{target} cannot be clicked now")


# ---------------------------------------------------------------- requests and refusals
def test_a_legal_request_is_played_and_the_bot_replies() -> None:
    view = _view()
    chosen = view.legal[0]
    view.request(chosen)
    steps = [s for s in view.state.history if s.actor >= 0]
    assert view.error == "" and str(steps[0].action) == chosen
    assert steps[1].actor == 1  # greedy answered at once
    assert view.state.current_player == 0 and view.payload["acting"]
    assert view.payload["moves"][0] == "1. Seat 0 takes the violet donkey"  # players' words
    assert view.payload["moves_notation"][0] == chosen  # the notation, as its tooltip


def test_a_refused_request_shows_the_rule_and_changes_nothing() -> None:
    view = _view()
    before = view.state.clone()
    view.request("exchange blue:D for violet:D")
    assert "Action A" in view.error and view.payload["error"] == view.error
    assert view.payload["error_rule"] and view.payload["error_rule"] in view.error
    assert view.state == before
    view.request("dance")
    assert "cannot read" in view.error and view.payload["error_rule"] == ""
    assert view.state == before


def test_a_successful_play_or_undo_clears_the_error_shown() -> None:
    view = _view(mode="study")
    view.request("dance")
    view.request(view.legal[0])
    assert view.error == "" and view.payload["error"] == ""
    view.request("dance")
    view.undo()
    assert view.error == "" and view.payload["error"] == ""


def test_a_view_for_one_seat_hides_what_that_seat_may_not_see() -> None:
    from goldlab.games.gold.position import from_position

    s = from_position(offer="blue:4", tableaux=["", ""], piles=["green:8", "red:3"])
    view = GameView(s, seat=0, memory=False)
    assert 'title="red 3"' not in view.html and 'title="green 8"' in view.html
    assert 'title="red 3"' in GameView(s, seat="all").html
    remembering = GameView(s, seat=0)  # memory mode: even one's own pile is face down
    assert 'title="green 8"' not in remembering.html
    assert GameView(s, seat=1).legal == []  # not seat 1's turn
    with pytest.raises(ValueError, match="seat must be"):
        GameView(s, seat=5)


def test_a_seat_that_is_not_to_move_is_told_whose_turn_it_is() -> None:
    state = goldlab.make("gold", players=2, seed=1)
    before = state.clone()
    view = GameView(state, seat=1)
    view.request("take violet:D")
    assert "seat 0's turn" in view.error and view.state == before
    view.set_seat("public")
    view.click("anything")
    assert "only watches" in view.error and view.state == before


# ---------------------------------------------------------------- clicks through the presenter
def test_clicks_go_through_the_presenter_select_play_or_refuse() -> None:
    view = _view()
    view.table.presenter = _StubPresenter(view.table.state.game)
    view.set_seat(0)  # redraw with the stub's targets
    assert set(view.payload["legal"]) >= {"act:0", "pick"}
    before = view.state.clone()

    view.click("pick")
    assert view.selection == "picked" and view.payload["hint"] == "now click where it goes"
    assert view.state == before

    view.click("nowhere")
    assert "nowhere cannot be clicked now" in view.error and view.payload["error_rule"]
    assert view.state == before

    view.click("forbidden")
    assert "Action A" in view.error and view.state == before

    first = view.table.state.legal_actions()[0]
    _message(view, type="click", target="act:0")
    assert view.error == "" and view.selection == ""
    assert [s.action for s in view.state.history if s.actor == 0] == [first]


@pytest.mark.parametrize("game", GAMES)
def test_clicking_legal_targets_plays_and_an_illegal_one_changes_nothing(game: str) -> None:
    if not _has_own_presenter(game):
        pytest.skip(f"goldlab/games/{game}/presenter.py does not exist yet: no click targets")
    view = _view(game, seat=0)
    for _ in range(3):
        legal = view.payload["legal"]
        assert legal, f"{game}: no legal target for the person to move"
        moves = len(view.payload["moves"])
        before = view.state.clone()
        for _ in range(4):  # a move of several clicks selects first
            view.click(legal[0])
            assert view.error == "", view.error
            if len(view.payload["moves"]) > moves:
                break
            legal = view.payload["legal"]
        assert len(view.payload["moves"]) > moves and view.state != before
    illegal = [t for t in _targets(view.html) if t not in view.payload["legal"]]
    if illegal:
        board, before = view.html, view.state.clone()
        view.click(illegal[0])
        assert view.error and view.state == before and view.html == board


# ---------------------------------------------------------------- many views of one table
def test_a_change_through_one_view_redraws_the_other() -> None:
    player = _view()
    teacher = player.another(seat="all")
    assert teacher.table is player.table and teacher.payload["last"] == player.payload["last"]
    player.request(player.legal[0])
    assert teacher.payload["last"] == player.payload["last"] == 2
    assert teacher.payload["moves"] == player.payload["moves"]
    # The teacher's view acts for whoever is to move when a person plays that seat.
    teacher.request(teacher.legal[0])
    assert player.payload["last"] == 4 and player.payload["log"] == teacher.payload["log"]
    # Looking back in one view does not move the other.
    teacher.home()
    assert teacher.payload["index"] == 0 and player.payload["index"] == player.payload["last"]


# ---------------------------------------------------------------- undo
def test_undo_takes_back_the_persons_whole_turn_with_the_bots_replies() -> None:
    view = _view(mode="study")
    before = view.state.clone()
    view.request(view.legal[0])
    assert [s.actor for s in view.state.history if s.actor >= 0] == [0, 1]
    assert view.can_undo and view.payload["can_undo"]
    view.undo()
    assert view.error == "" and view.state == before
    assert view.payload["moves"] == [] and view.payload["acting"]
    assert view.payload["hint"] == "Took back 2 steps: your turn again."


def test_undo_in_play_mode_is_refused_after_a_reveal() -> None:
    from goldlab.games.gold.position import from_position

    # Taking the last card of the offer refills it: the refill reveals cards.
    s = from_position(offer="blue:4", tableaux=["", ""], piles=["green:8", "red:3"], mode="play")
    view = GameView(s, seat=0, bots={1: "greedy"})
    view.request("take blue:4")
    assert any(step.actor == goldlab.CHANCE for step in view.state.history)
    assert not view.can_undo and not view.payload["can_undo"]
    before = view.state.clone()
    view.undo()
    assert "revealed" in view.error and view.state == before


def test_undo_is_all_or_nothing_when_only_the_bots_reply_revealed() -> None:
    from goldlab.games.gold.position import from_position

    s = from_position(offer="blue:4 green:3", tableaux=["", ""], piles=["green:8", "red:3"],
                      mode="play")
    view = GameView(s, seat=0, bots={1: "greedy"})
    view.request("take green:3")  # reveals nothing; the bot's reply empties the offer
    assert [str(st.action) for st in view.state.history[:2]] == ["take green:3", "take blue:4"]
    before = view.state.clone()
    view.undo()
    assert "revealed" in view.error and view.state == before


# ---------------------------------------------------------------- seats and memory
def test_switching_seats_changes_who_may_act_and_what_is_shown() -> None:
    view = _view()
    assert view.payload["seat"] == "0" and view.payload["acting"]
    assert [s["value"] for s in view.payload["seats"]] == ["all", "public", "0", "1"]
    _message(view, type="seat", value="public")
    assert view.seat == "public" and not view.payload["acting"] and view.legal == []
    _message(view, type="seat", value="1")
    assert view.seat == 1 and not view.payload["acting"]  # a bot plays seat 1
    view.set_seat("all")
    assert view.payload["seat"] == "all" and view.payload["acting"]
    before = dict(view.payload)
    _message(view, type="seat", value="7")
    assert "seat must be" in view.error and view.seat == "all"
    assert view.payload["board"] == before["board"]


def test_memory_mode_is_on_for_a_persons_seat_and_can_be_toggled() -> None:
    view = _view("goldrush")
    assert view.memory and view.payload["memory"] and view.payload["memory_toggle"]
    _message(view, type="memory", value=False)
    assert not view.memory and not view.payload["memory"]
    view.set_seat("all")
    assert not view.payload["memory"] and not view.payload["memory_toggle"]
    view.set_seat(1)  # a bot's seat: no memory by default
    assert not view.payload["memory"] and view.payload["memory_toggle"]


def test_setting_a_seat_to_a_bot_lets_it_move() -> None:
    view = _view(bots={})
    assert view.payload["bots"][1]["value"] == "person"
    view.request(view.legal[0])
    assert view.state.current_player == 1
    _message(view, type="bot", seat=1, value="greedy")
    assert view.state.current_player == 0 and view.payload["bots"][1]["value"] == "greedy"


# ---------------------------------------------------------------- stepping through
def _positions(view: Any) -> tuple[int, int]:
    return view.payload["index"], view.payload["inspector"]["page"]


def test_quick_steps_advance_one_frame_each_or_stop_at_the_end() -> None:
    view = GameView.replay(play_game("gold", ["greedy", "random"], seed=3))
    last = view.payload["last"]
    assert _positions(view) == (0, 0) and last > 25
    seen = [_positions(view)]
    for _ in range(20):
        _message(view, type="step", value=1)
        seen.append(_positions(view))
    assert len(set(seen)) == 21 and seen == sorted(seen)
    assert all(b[0] - a[0] <= 1 for a, b in itertools.pairwise(seen))
    _message(view, type="end")
    assert view.position is None and view.payload["index"] == last and view.payload["live"]
    for _ in range(3):
        _message(view, type="step", value=1)
    assert view.payload["index"] == last  # stops at the end
    _message(view, type="step", value=-1)
    assert view.payload["index"] < last or view.payload["inspector"]["page"] > 0
    _message(view, type="home")
    assert view.payload["index"] == 0 and view.position == 0
    _message(view, type="goto", value=10_000)
    assert view.payload["index"] == last
    view.goto(-4)
    assert view.payload["index"] == 0 and "looking" not in view.payload["status"]


def test_a_view_looking_back_cannot_play() -> None:
    view = _view()
    view.request(view.legal[0])
    view.goto(0)
    before = view.table.state.clone()
    view.request("take violet:D")
    assert "earlier position" in view.error and view.table.state == before
    assert not view.payload["acting"] and not view.payload["can_undo"]
    view.end()
    assert view.payload["acting"] and view.legal


def test_replay_of_a_scenario_opens_at_its_last_step_with_its_names() -> None:
    scenario = scenarios.load("gold/colour-scoring")
    names = ("Claus", "Dirk", "Bernd")
    view = GameView.replay(dataclasses.replace(scenario, names=names))
    assert view.payload["index"] == view.payload["last"] >= 1
    assert [s["label"] for s in view.payload["seats"][2:]] == list(names)
    assert any(name in move for move in view.payload["moves"] for name in names)
    view.goto(0)
    assert view.payload["index"] == 0


def test_replay_of_a_record_opens_at_the_start() -> None:
    final = play_game("goldrush", ["perfect", "random"], seed=2)
    view = GameView.replay(final.record())
    assert view.payload["index"] == 0 and view.payload["last"] > 0
    view.end()
    assert view.state == final or view.state.fingerprint() == final.fingerprint()
    assert view.payload["over"] and view.payload["over"]["verdict"]


# ---------------------------------------------------------------- records and new games
def test_save_and_load_round_trip_and_play_continues() -> None:
    view = _view()
    view.request(view.legal[0])
    text = view.save()
    assert json.loads(text)["game"] == "gold"
    other = _view(seed=5)
    _message(other, type="load", value=text)
    assert other.error == "" and other.state.history == view.state.history
    assert other.payload["moves"] == view.payload["moves"]
    other.request(other.legal[0])
    assert other.error == "" and len(other.payload["moves"]) == len(view.payload["moves"]) + 2


@pytest.mark.parametrize("bad", ["{bad", '{"game": "gold"}', "[]", ""])
def test_a_bad_record_is_refused_and_changes_nothing(bad: str) -> None:
    view = _view()
    view.request(view.legal[0])
    before, payload = view.state.clone(), dict(view.payload)
    view.load(bad)
    assert view.error and view.state == before and view.table.state is not None
    assert view.payload["moves"] == payload["moves"] and view.payload["board"] == payload["board"]


def test_new_game_and_rematch() -> None:
    view = _view()
    seed = view.state.seed
    view.request(view.legal[0])
    _message(view, type="rematch")
    assert view.state.seed == seed and view.payload["moves"] == [] and view.payload["index"] == 0
    view.request(view.legal[0])
    view.new_game(seed=seed + 1)
    assert view.state.seed == seed + 1 and view.payload["moves"] == []
    assert view.table.bots == {1: "greedy"}
    _message(view, type="new")
    assert view.payload["moves"] == [] and view.payload["acting"]


# ---------------------------------------------------------------- the payload
@pytest.mark.parametrize("game", GAMES)
def test_the_payload_is_json_and_has_a_board_in_every_seat(game: str) -> None:
    view = _view(game)
    if view.legal:
        view.request(view.legal[0])
    for seat in ("all", "public", 0, 1):
        view.set_seat(seat)
        assert view.payload["board"] and view.payload["title"]
        json.dumps(view.payload)
    view.goto(0)
    json.dumps(view.payload)


def test_the_payload_of_a_finished_game_has_the_banner() -> None:
    view = GameView.replay(play_game("gold", ["greedy", "random"], seed=3))
    view.end()
    assert view.payload["over"]["verdict"] and "<table" in view.payload["over"]["html"]
    json.dumps(view.payload)


def test_malformed_messages_change_nothing_and_say_why() -> None:
    view = _view()
    before = view.state.clone()
    for content, says in [("garbage", "not str"), ({"type": "click", "target": 42}, "target"),
                          ({"type": "step", "value": "many"}, "whole number"),
                          ({"type": "notation", "value": "   "}, "notation"),
                          ({"type": "teleport"}, "unknown message type 'teleport'")]:
        view._on_message(view, content, [])
        assert says in view.error and view.payload["error"] == view.error
        assert view.state == before and view.position is None
