"""The match series: one game per player, rotating start player, totals, last game breaks ties."""

from __future__ import annotations

import pytest
from goldrush_helpers import goldrush

from goldlab.core.errors import OptionsError
from goldlab.games.goldrush.series import MatchSeries, series_winners


def test_play_as_many_times_as_there_are_players_with_a_different_start_player() -> None:
    series = MatchSeries(players=4, seed=2).play(["perfect", "forgetful:0.3", "limited:6",
                                                  "random"])
    assert series.complete and len(series.results) == 4
    assert [r.start_player for r in series.results] == [0, 1, 2, 3]
    assert series.totals == tuple(sum(r.scores[s] for r in series.results) for s in range(4))
    assert series.winners() == series_winners(series.totals, series.results[-1].scores)
    assert len(series.rows()) == 16 and {r["game"] for r in series.rows()} == {1, 2, 3, 4}
    assert "gl-goldrush" in series._repr_html_() and "MatchSeries" in repr(series)


def test_the_highest_total_wins() -> None:
    assert series_winners((30, 25, 28), (5, 15, 10)) == (0,)


def test_a_tied_total_goes_to_the_higher_score_in_the_last_game() -> None:
    assert series_winners((30, 30, 28), (5, 12, 20)) == (1,)


def test_a_tie_the_last_game_does_not_break_is_shared() -> None:
    assert series_winners((30, 30, 10), (9, 9, 1)) == (0, 1)


def test_series_are_reproducible_and_keep_options() -> None:
    a = MatchSeries(players=2, seed=7, edition="B", layout="grid").play(["perfect", "random"])
    b = MatchSeries(players=2, seed=7, edition="B", layout="grid").play(["perfect", "random"])
    assert a.results == b.results
    assert a.game.options.edition == "B" and a.game.box == ("violet",)


def test_the_first_start_player_and_the_number_of_games_can_be_set() -> None:
    series = MatchSeries(players=3, seed=1, games=5, start_player=2)
    assert [series.start_player(i) for i in range(5)] == [2, 0, 1, 2, 0]
    series.play(["random"] * 3)
    assert len(series.results) == 5


def test_games_played_by_hand_are_added_in_order() -> None:
    series = MatchSeries(players=2, seed=3)
    state = series.new_state(mode="study")
    assert state.current_player == 0
    with pytest.raises(OptionsError):
        series.add(state)  # not finished
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    series.add(state)
    wrong = goldrush(2).new_state(1)
    while not wrong.is_terminal():
        wrong.apply(wrong.legal_actions()[0])
    with pytest.raises(OptionsError):
        series.add(wrong)  # game 2 must start with seat 1
    assert series.new_state().current_player == 1
    series.play_next(["random", "random"])
    assert series.complete
    with pytest.raises(OptionsError):
        series.new_state()
    with pytest.raises(OptionsError):
        series.play_next(["random", "random"])


def test_bad_series() -> None:
    with pytest.raises(OptionsError):
        MatchSeries(players=2, games=0)
    with pytest.raises(OptionsError):
        MatchSeries(players=2).play(["random"])
