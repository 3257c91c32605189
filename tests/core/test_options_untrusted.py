"""Loose inputs are refused with OptionsError, not guessed (issue 16)."""

from __future__ import annotations

import warnings

import pytest

import goldlab
from goldlab.bots import make_bot, split_specs
from goldlab.bots.play import play_game
from goldlab.core.errors import OptionsError
from goldlab.core.options import MAX_SEED, check_seat, check_seed
from goldlab.core.record import load_record
from goldlab.simulation import backends, parse_bots, simulate


@pytest.mark.parametrize("seed", [-1, True, 1.5, "3", 2**64, 10**5000],
                         ids=["negative", "bool", "float", "text", "2**64", "5001 digits"])
def test_a_bad_seed_is_an_options_error(seed: object) -> None:
    with pytest.raises(OptionsError, match="seed must be a whole number") as caught:
        goldlab.make("gold", players=2, seed=seed)  # type: ignore[arg-type]
    assert len(str(caught.value)) < 120  # a huge seed is not echoed digit by digit


def test_the_largest_seed_is_accepted_and_survives_a_record() -> None:
    state = goldlab.make("gold", players=2, seed=MAX_SEED)
    again = load_record(state.record().to_json()).replay()
    assert again.seed == MAX_SEED
    with pytest.raises(OptionsError):
        check_seed(MAX_SEED + 1)


@pytest.mark.parametrize("mode", ["Play", "", None, 1])
def test_a_bad_mode_is_an_options_error(mode: object) -> None:
    with pytest.raises(OptionsError, match="mode must be one of 'play', 'study'"):
        goldlab.make("gold", players=2, seed=1, mode=mode)  # type: ignore[arg-type]


@pytest.mark.parametrize("flag", ["no", "yes", 0, 1, None])
def test_auto_chance_must_be_a_bool(flag: object) -> None:
    with pytest.raises(OptionsError, match="auto_chance must be True or False"):
        goldlab.make("gold", players=2, seed=1, auto_chance=flag)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", ["3", 3.0, True])
def test_players_must_be_a_whole_number(players: object) -> None:
    with pytest.raises(OptionsError, match="players must be a whole number"):
        goldlab.make("gold", players=players, seed=1)  # type: ignore[arg-type]
    with pytest.raises(OptionsError, match="players must be a whole number"):
        simulate("gold", "random", 2, 1, players=players, quiet=True)  # type: ignore[arg-type]


@pytest.mark.parametrize(("keyword", "value"), [("fast", "yes"), ("fast", 1),
                                                ("events", "yes"), ("quiet", "no")])
def test_simulate_flags_must_be_bools(keyword: str, value: object) -> None:
    with pytest.raises(OptionsError, match=rf"{keyword}.* must be True or False"):
        simulate("gold", ["random", "random"], 2, 1, **{keyword: value})


@pytest.mark.parametrize("text", ["random,,greedy", "random,", ",random", "", " , "])
def test_an_empty_bot_spec_is_refused(text: str) -> None:
    with pytest.raises(OptionsError, match="empty bot spec"):
        split_specs(text)
    with pytest.raises(OptionsError, match="empty bot spec"):
        parse_bots(text, None)


def test_bot_specs_in_a_list_and_their_arguments_are_checked() -> None:
    assert split_specs(" random , greedy ") == ["random", "greedy"]
    with pytest.raises(OptionsError, match="empty bot spec"):
        parse_bots(["random", ""], None)
    with pytest.raises(OptionsError, match="an argument is empty"):
        make_bot("goldrush", "forgetful:0.3,", 0, 1)
    with pytest.raises(OptionsError, match="non-empty name"):
        make_bot("gold", 3, 0, 1)  # type: ignore[arg-type]
    with pytest.raises(OptionsError, match="a list of specs"):
        play_game("gold", "random,random", 1)  # type: ignore[arg-type]


def test_a_seat_must_be_a_seat_number() -> None:
    assert check_seat(1, 2) == 1
    with pytest.raises(OptionsError, match="got True"):
        check_seat(True, 2)
    with pytest.raises(OptionsError, match="no seat 2"):
        check_seat(2, 2)


def test_a_game_is_named_by_text() -> None:
    with pytest.raises(OptionsError, match="named by text"):
        goldlab.make(["gold"], players=2, seed=1)  # type: ignore[arg-type]


def test_bots_alone_may_not_play_a_game_without_end() -> None:
    with pytest.raises(OptionsError, match=r"turn_cap=0 has no bound.*set turn_cap=100"):
        play_game("goldland", ["random", "random"], 1, turn_cap=0)
    with pytest.raises(OptionsError, match="turn_cap=0 has no bound"):
        simulate("goldland", ["random", "random"], 2, 1, quiet=True, turn_cap=0)
    # With a cap (the bot-play default, or one of your own) the game ends.
    assert play_game("goldland", ["random", "random"], 1, turn_cap=3).is_terminal()
    # Games with a proven bound need no option at all.
    assert play_game("goldrush", ["random", "random"], 1).is_terminal()


def test_a_turn_cap_too_large_to_end_is_refused_by_the_options() -> None:
    # turn_cap=10**9 let random bots play for ever (622 MB after 25 s).
    from goldlab.core.errors import RecordError
    from goldlab.games.goldland.options import MAX_TURN_CAP

    for cap in (MAX_TURN_CAP + 1, 10**9, 10**18):
        with pytest.raises(OptionsError, match=f"up to {MAX_TURN_CAP}"):
            play_game("goldland", ["random", "random"], 1, turn_cap=cap)
        with pytest.raises(OptionsError, match=f"up to {MAX_TURN_CAP}"):
            simulate("goldland", ["random", "random"], 2, 1, quiet=True, turn_cap=cap)
    record = goldlab.make("goldland", players=2, seed=1, turn_cap=3).record().to_dict()
    record["options"]["turn_cap"] = 10**18
    with pytest.raises(RecordError, match=f"up to {MAX_TURN_CAP}"):
        load_record(record).replay()
    # The largest cap ends: its bound is finite and small.
    assert goldlab.game("goldland", players=5, turn_cap=MAX_TURN_CAP).max_steps() <= 250_000


def test_more_workers_than_cores_are_capped_with_a_warning(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(backends, "cpu_count", lambda: 2)
    with pytest.warns(backends.WorkersWarning, match="workers=1000 is more than the 2 cores"):
        assert backends.check_workers(1000) == 2
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert backends.check_workers(2) == 2
        assert backends.check_workers(None) is None


@pytest.mark.parametrize("game", goldlab.names())
@pytest.mark.parametrize("seat", [True, False, 2, -1, "0", None, 1.0])
def test_an_observation_is_only_for_a_seat_number(game: str, seat: object) -> None:
    state = goldlab.make(game, players=2, seed=1)
    with pytest.raises(OptionsError, match="seat"):
        state.observation(seat)  # type: ignore[arg-type]
    assert state.observation(1) == state.observation(1)
