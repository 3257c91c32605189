"""goldlab games as OpenSpiel games, judged by OpenSpiel's own test and bots."""

from __future__ import annotations

import pickle
import random
from fractions import Fraction
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from interop_cases import CASES, case_id, options  # noqa: E402
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts  # noqa: E402

import goldlab  # noqa: E402
import goldlab.interop.openspiel as gos  # noqa: E402
from goldlab.interop.encoding import encoding_for  # noqa: E402


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_openspiel_random_sim_test_passes_with_serialisation(case: tuple[str, int]) -> None:
    name, players = case
    game = gos.load_game(name, players, **options(name))
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_game_type_and_info_describe_the_goldlab_game(case: tuple[str, int]) -> None:
    name, players = case
    params = "".join(f",{k}={v}" for k, v in options(name).items())
    game = pyspiel.load_game(f"goldlab_{name}(players={players}{params})")
    native = goldlab.game(name, players, **options(name))
    enc = encoding_for(native)
    kind = game.get_type()
    assert kind.short_name == f"goldlab_{name}"
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM
    expected = ("PERFECT_INFORMATION" if enc.perfect_information else "IMPERFECT_INFORMATION")
    assert kind.information == getattr(pyspiel.GameType.Information, expected)
    assert (kind.min_num_players, kind.max_num_players) == (native.min_players, native.max_players)
    assert game.num_players() == players
    assert game.num_distinct_actions() == enc.num_distinct_actions
    assert game.max_chance_outcomes() == enc.max_chance_outcomes
    assert game.max_game_length() == native.max_steps()
    assert game.max_chance_nodes_in_history() == enc.max_chance_nodes()
    assert game.max_move_number() == native.max_steps() + enc.max_chance_nodes()
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (0.0, 1.0, 1.0)
    assert game.observation_tensor_size() == enc.observation_size
    assert game.information_state_tensor_size() == enc.information_state_size


def test_gold_is_imperfect_information_and_the_others_perfect() -> None:
    info = pyspiel.GameType.Information
    assert gos.load_game("gold").get_type().information == info.IMPERFECT_INFORMATION
    for name in set(gos.registered()) & {"goldrush", "goldland"}:
        kind = gos.load_game(name, **options(name)).get_type()
        assert kind.information == info.PERFECT_INFORMATION


def test_goldland_needs_a_turn_cap_and_gets_a_generous_one_by_default() -> None:
    if "goldland" not in gos.registered():
        pytest.skip("Goldland is not encoded")
    game = pyspiel.load_game("goldlab_goldland(players=2)")
    assert game.goldlab_game.options.turn_cap == 60
    assert game.max_game_length() == goldlab.game("goldland", 2, turn_cap=60).max_steps()
    with pytest.raises(ValueError, match="no finite bound"):
        gos.load_game("goldland", 2, turn_cap=0)


def test_goldlab_options_are_openspiel_parameters() -> None:
    game = pyspiel.load_game("goldlab_gold(players=3,bonus_may_be_declined=False)")
    assert game.goldlab_game == goldlab.game("gold", 3, bonus_may_be_declined=False)
    with pytest.raises(goldlab.OptionsError, match="2-3 players, not 4"):
        pyspiel.load_game("goldlab_gold(players=4)")
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'colour'"):
        pyspiel.load_game("goldlab_gold(colour=red)")


def test_chance_nodes_carry_the_engines_exact_probabilities() -> None:
    game = gos.load_game("gold", 2)
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(42 + c, 1 / 6) for c in range(6)]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 42) == "chance: deal green:D to seat 0"
    state.apply_action(42)
    state.apply_action(42 + 6 + 1)
    engine = state.engine
    exact = {encoding_for(engine.game).action_id(o): p for o, p in engine.chance_outcomes()}
    assert sum(exact.values()) == Fraction(1)
    assert dict(state.chance_outcomes()) == {i: float(p) for i, p in exact.items()}


def test_actions_are_notation_and_map_to_the_engines_legal_actions() -> None:
    state = gos.from_goldlab(goldlab.make("gold", players=2, seed=4))
    assert not state.is_chance_node()
    player = state.current_player()
    names = [state.action_to_string(player, a) for a in state.legal_actions()]
    assert sorted(names) == sorted(str(a) for a in state.engine.legal_actions())
    mask = state.legal_actions_mask()
    assert sum(mask) == len(names) and len(mask) == state.get_game().num_distinct_actions()


def test_a_native_game_replays_into_openspiel() -> None:
    native = goldlab.make("gold", players=3, seed=12)
    rng = random.Random(0)
    for _ in range(30):
        native.apply(rng.choice(native.legal_actions()))
    state = gos.from_goldlab(native)
    assert len(state.history()) == len(native.history)
    assert state.engine.fingerprint()[0] == native.fingerprint()[0]
    assert state.current_player() == native.current_player


@pytest.mark.parametrize("case", [c for c in CASES if c[1] == 2], ids=case_id)
def test_serialisation_and_pickle_restore_the_state(case: tuple[str, int]) -> None:
    name, players = case
    native = goldlab.make(name, players=players, seed=3, **options(name))
    rng = random.Random(3)
    for _ in range(25):
        native.apply(rng.choice(native.legal_actions()))
    state = gos.from_goldlab(native)
    text = pyspiel.serialize_game_and_state(state.get_game(), state)
    _, again = pyspiel.deserialize_game_and_state(text)
    copy = pickle.loads(pickle.dumps(state))
    for other in (again, copy):
        assert str(other) == str(state) and other.history() == state.history()
        assert other.information_state_string(1) == state.information_state_string(1)
        assert other.engine == state.engine
    assert "GoldState" not in text and "Goldrush" not in text  # no engine object is pickled
    game = pickle.loads(pickle.dumps(state.get_game()))
    assert game.goldlab_game == native.game
    assert str(game.new_initial_state()) == str(state.get_game().new_initial_state())


def test_openspiels_rl_environment_plays_a_game() -> None:
    from open_spiel.python import rl_environment

    environment = rl_environment.Environment(gos.load_game("gold", 3), seed=1)
    step = environment.reset()
    rng = np.random.RandomState(2)
    while not step.last():
        player = step.observations["current_player"]
        step = environment.step([rng.choice(step.observations["legal_actions"][player])])
    assert sum(step.rewards) == pytest.approx(1.0)
    assert len(step.observations["info_state"][0]) == encoding_for(
        goldlab.game("gold", 3)).information_state_size


def test_observations_come_from_the_players_view_never_the_omniscient_one() -> None:
    native = goldlab.make("gold", players=2, seed=8)
    rng = random.Random(8)
    while not all(native.piles):  # type: ignore[attr-defined]
        native.apply(rng.choice(native.legal_actions()))
    state = gos.from_goldlab(native)
    enc = encoding_for(native.game)
    for seat in (0, 1):
        assert np.array_equal(state.observation_tensor(seat), enc.observation_tensor(native, seat))
        assert state.observation_string(seat) == enc.observation_string(native, seat)
        assert state.information_state_string(seat).startswith(state.observation_string(seat))
        hidden = native.resample_hidden(seat, random.Random(1))
        assert enc.observation_string(hidden, seat) == state.observation_string(seat)
    pile = " ".join(map(str, native.piles[1]))  # type: ignore[attr-defined]
    assert pile in state.observation_string(1) and pile not in state.observation_string(0)
    assert pile in str(state)  # the debug string is the whole state


def test_the_information_state_tensor_adds_what_recall_reveals() -> None:
    game = gos.load_game("gold", 3)
    observer = gos.GoldlabGame.make_py_observer(
        game, pyspiel.IIGObservationType(perfect_recall=True)
    )
    assert "remembered_piles" in observer.dict and "offer" in observer.dict
    state = game.new_initial_state()
    observer.set_from(state, 0)
    assert observer.tensor.shape == (game.information_state_tensor_size(),)


def mcts_bot(game: Any, seed: int) -> Any:
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    return mcts.MCTSBot(game, uct_c=2.0, max_simulations=3, evaluator=evaluator,
                        random_state=rng, solve=False)


@pytest.mark.parametrize("name", sorted(gos.registered()))
def test_openspiel_mcts_plays_a_goldlab_game_to_the_end(name: str) -> None:
    game = gos.load_game(name, 2, **options(name))
    state = game.new_initial_state()
    bots = [mcts_bot(game, 1), pyspiel.make_uniform_random_bot(1, 2)]
    returns = evaluate_bots.evaluate_bots(state, bots, np.random.RandomState(3))
    assert state.is_terminal() and sum(returns) == pytest.approx(1.0)
    assert list(returns) == list(state.engine.returns())


@pytest.mark.parametrize("keys", ["information_state", "observation"])
def test_openspiel_ismcts_plays_gold_to_the_end(keys: str) -> None:
    game = gos.load_game("gold", 2)
    rng = np.random.RandomState(5)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=3, random_state=rng,
                           use_observation_string=keys == "observation")
    if keys == "observation":
        bot.set_resampler(gos.observation_resampler(seed=5))
    state = game.new_initial_state()
    chance = np.random.RandomState(6)
    other = pyspiel.make_uniform_random_bot(0, 4)
    while not state.is_terminal():  # evaluate_bots needs restart_at, which ISMCTSBot lacks
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(chance.choice(outcomes, p=probs))
        else:
            state.apply_action([other, bot][state.current_player()].step(state))
    assert sum(state.returns()) == pytest.approx(1.0)


def test_resample_from_infostate_keeps_the_information_state() -> None:
    state = gos.from_goldlab(goldlab.make("gold", players=2, seed=2))
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    other = state.resample_from_infostate(0, sampler)
    assert isinstance(other, gos.GoldlabState)
    assert other.information_state_string(0) == state.information_state_string(0)
    assert other.history() == state.history()
