"""The built-in ISMCTS bot (goldlab.bots.ismcts): legal, reproducible, blind to hidden cards."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

import goldlab
from goldlab.bots import GENERIC_BOTS, Information, SearchBot, bot_names, make_bot
from goldlab.bots.ismcts import FLAT_ROUND, Budget, ISMCTSBot, _Node, _select
from goldlab.bots.play import bot_options, information, make_bots, play_game, play_out
from goldlab.bots.search import DEFAULT, SearchHooks, hooks_for
from goldlab.core.errors import OptionsError
from goldlab.core.state import State
from goldlab.core.values import Action

GAMES = [("gold", 2), ("gold", 3), ("goldrush", 2), ("goldland", 2)]


class Checked(SearchBot):
    """An ISMCTS bot that checks every choice against the legal actions it was given."""

    uses_observation = False

    def __init__(self, inner: ISMCTSBot) -> None:
        super().__init__(inner.seat, inner.seed)
        self.inner = inner
        self.choices: list[str] = []

    def search(self, information: Information) -> Action:
        action = self.inner.search(information)
        assert action in information.legal
        self.choices.append(str(action))
        return action


def _midgame(name: str, players: int, seed: int, steps: int) -> State[Any]:
    state = goldlab.make(name, players=players, seed=seed, **bot_options(name, {}))
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def _decide(state: State[Any], spec: str, seed: int = 1,
            sample: Any = None) -> Action:
    """What a fresh ISMCTS bot seeded ``seed`` plays in ``state`` (through ``information``)."""
    seat = state.current_player
    bot = make_bot(state.game.name, spec, seat, seed)
    assert isinstance(bot, ISMCTSBot)
    info = information(state, seat, None, state.legal_actions())
    if sample is not None:
        info = Information(seat, None, info.legal, sample)
    return bot.search(info)


# ------------------------------------------------------------------ specs
def test_every_game_has_ismcts() -> None:
    assert "ismcts" in GENERIC_BOTS
    for name in goldlab.names():
        assert "ismcts" in bot_names(name)
        assert isinstance(make_bot(name, "ismcts:200", 0, 1), ISMCTSBot)


@pytest.mark.parametrize("spec, budget, exploration", [
    ("ismcts", None, None),
    ("ismcts:500", "500", None),
    ("ismcts:0.25s", "0.25s", None),
    ("ismcts:2s", "2s", None),
    ("ismcts:0.25cpu", "0.25cpu", None),
    ("ismcts:0.1cpu,0.4", "0.1cpu", 0.4),
    ("ismcts:50,0.3", "50", 0.3),
    ("ismcts:0.1s,1", "0.1s", 1.0),
])
def test_specs_give_the_budget_and_exploration(spec: str, budget: str | None,
                                               exploration: float | None) -> None:
    bot = make_bot("gold", spec, 0, 1)
    assert isinstance(bot, ISMCTSBot)
    assert (None if bot.budget is None else str(bot.budget)) == budget
    assert bot.exploration == exploration
    assert bot.spec == spec
    assert repr(bot) == f"<ISMCTSBot {spec} seat=0>"


@pytest.mark.parametrize("spec, problem", [
    ("ismcts:0", "at least 1"),
    ("ismcts:-5", "at least 1"),
    ("ismcts:1.5", "whole number of iterations"),
    ("ismcts:many", "whole number of iterations"),
    ("ismcts:0s", "seconds between 0 and 3600"),
    ("ismcts:-1s", "seconds between 0 and 3600"),
    ("ismcts:xs", "seconds between 0 and 3600"),
    ("ismcts:9999s", "seconds between 0 and 3600"),
    ("ismcts:0cpu", "seconds between 0 and 3600"),
    ("ismcts:10,-1", "exploration constant"),
    ("ismcts:10,wide", "exploration constant"),
    ("ismcts:10,0.5,3", "at most"),
    ("ismcts:,0.5", "empty"),
])
def test_a_bad_spec_is_refused_naming_the_problem(spec: str, problem: str) -> None:
    with pytest.raises(OptionsError, match=problem) as caught:
        make_bot("gold", spec, 0, 1)
    assert spec in str(caught.value)


def test_budget_parsing_and_text() -> None:
    assert str(Budget.parse(500)) == "500" and str(Budget.parse(" 0.5s")) == "0.5s"
    with pytest.raises(ValueError, match="iterations or seconds"):
        Budget.parse(True)


def test_a_searching_bot_refuses_to_choose_without_a_sampler() -> None:
    state = goldlab.make("gold", players=2, seed=1)
    bot = make_bot("gold", "ismcts:5", 0, 1)
    with pytest.raises(OptionsError, match="sampler"):
        bot.choose(state.observation(0), state.legal_actions())


# ------------------------------------------------------------------ hooks
def test_each_built_in_game_names_its_search_hooks() -> None:
    for name in goldlab.names():
        hooks = hooks_for(name)
        assert isinstance(hooks, SearchHooks) and hooks is not DEFAULT
        assert hooks.cutoff > 0 and hooks.evaluate is not None


@pytest.mark.parametrize("name, players", GAMES)
def test_cut_off_evaluations_are_values_between_0_and_1(name: str, players: int) -> None:
    hooks = hooks_for(name)
    assert hooks.evaluate is not None
    for seed in range(3):
        state = _midgame(name, players, seed, 20 + 15 * seed)
        values = hooks.evaluate(state)
        assert len(values) == players and all(0.0 <= v <= 1.0 for v in values)


def test_hooks_refuse_a_cut_off_without_an_evaluation() -> None:
    with pytest.raises(ValueError, match="evaluation"):
        SearchHooks(cutoff=5)
    with pytest.raises(ValueError, match="cut-off"):
        SearchHooks(cutoff=-1)


def test_goldrush_groups_the_unseen_cards_into_one_choice() -> None:
    state = _midgame("goldrush", 2, 3, 6)
    hooks = hooks_for("goldrush")
    assert hooks.action_keys is not None
    legal = state.legal_actions()
    keys = hooks.action_keys(state, legal)
    assert len(keys) == len(legal)
    assert 1 < len(set(keys)) < len(legal)


def test_hooks_refuse_a_negative_bias() -> None:
    with pytest.raises(ValueError, match="bias"):
        SearchHooks(bias=-1.0)


@pytest.mark.parametrize("name, players", GAMES)
def test_each_built_in_game_has_a_legal_prior(name: str, players: int) -> None:
    hooks = hooks_for(name)
    assert hooks.prior is not None and hooks.bias > 0
    for seed in range(2):
        state = _midgame(name, players, seed, 10 + 7 * seed)
        if not state.is_terminal():
            assert hooks.prior(state, random.Random(seed)) in state.legal_actions()


def test_the_prior_is_tried_first_and_keeps_a_fading_head_start() -> None:
    state = _midgame("gold", 2, 1, 8)
    legal = state.legal_actions()
    assert len(legal) > 2
    favourite = legal[-1]
    hooks = SearchHooks(prior=lambda s, rng: favourite, bias=1.0)
    node = _Node()
    action, _, new = _select(node, state, random.Random(0), hooks, 0.7)
    assert action == favourite and new
    # Every action tried once with the same mean: the favourite's head start decides.
    for e in node.values():
        e.visits, e.total = 1, 0.5
    assert _select(node, state, random.Random(0), hooks, 0.7)[0] == favourite
    # Evidence overrides it: another action does much better.
    node[legal[0]].visits, node[legal[0]].total = 20, 19.0
    node[favourite].visits, node[favourite].total = 20, 2.0
    assert _select(node, state, random.Random(0), hooks, 0.7)[0] != favourite


def test_one_iteration_plays_the_prior() -> None:
    state = _midgame("goldrush", 2, 3, 6)
    hooks = hooks_for("goldrush")
    assert hooks.prior is not None and hooks.action_keys is not None
    seat = state.current_player
    sample = state.determinise(seat, random.Random(0))
    legal = state.legal_actions()
    keys = hooks.action_keys(sample, legal)
    favourite = keys[legal.index(hooks.prior(sample, random.Random(0)))]
    chosen = _decide(state, "ismcts:1")
    assert keys[legal.index(chosen)] == favourite


def test_an_iteration_plays_its_sample_out_without_undo_frames() -> None:
    # The sample is played once and thrown away: apply keeps no snapshot of each step.
    state = _midgame("gold", 2, 3, 6)
    sample = state.determinise(state.current_player, random.Random(0))
    start = len(sample.history)
    bot = make_bot("gold", "ismcts:1", state.current_player, 0)
    assert isinstance(bot, ISMCTSBot)
    bot._iterate(_Node(), sample, random.Random(0), hooks_for("gold"), 0.7)
    assert len(sample.history) > start + 1  # the tree's step and the playout's
    assert not sample.keeps_undo and sample._frames == []


def _flat_hooks(favourite: Action, worth: dict[Action, float],
                calls: list[int]) -> SearchHooks:
    """Flat-search hooks whose candidates are worth ``worth`` (0.5 when not named)."""
    def candidate_values(sample: State[Any], actions: Any, rng: random.Random,
                         deals: int) -> list[float]:
        calls.append(deals)
        return [worth.get(a, 0.5) for a in actions]

    return SearchHooks(prior=lambda s, rng: favourite, bias=1.0,
                       candidate_values=candidate_values)


def test_a_flat_search_moves_with_the_best_candidate_and_the_prior_on_a_tie(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = _midgame("gold", 2, 1, 8)
    legal = state.legal_actions()
    assert len(legal) > 2
    favourite, better = legal[-1], legal[0]
    calls: list[int] = []
    monkeypatch.setattr("goldlab.bots.ismcts.hooks_for",
                        lambda name: _flat_hooks(favourite, {better: 0.9}, calls))
    assert _decide(state, "ismcts:300") == better
    assert calls == [300]
    monkeypatch.setattr("goldlab.bots.ismcts.hooks_for",
                        lambda name: _flat_hooks(favourite, {}, calls))
    assert _decide(state, "ismcts:300") == favourite  # all alike: the prior's move


def test_a_flat_search_leaves_the_prior_only_on_the_evidence_of_many_deals(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = _midgame("gold", 2, 1, 8)
    legal = state.legal_actions()
    favourite, better = legal[-1], legal[0]
    calls: list[int] = []
    monkeypatch.setattr("goldlab.bots.ismcts.hooks_for",
                        lambda name: _flat_hooks(favourite, {better: 0.52}, calls))
    assert _decide(state, "ismcts:10") == favourite  # head start 1/11 beats 0.02
    assert _decide(state, "ismcts:1000") == better  # 1/1001 does not


def test_a_timed_flat_search_plays_rounds_of_deals_until_the_time_is_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = _midgame("gold", 2, 1, 8)
    legal = state.legal_actions()
    calls: list[int] = []
    monkeypatch.setattr("goldlab.bots.ismcts.hooks_for",
                        lambda name: _flat_hooks(legal[1], {legal[1]: 0.6}, calls))
    bot = make_bot("gold", "ismcts:0.05s", state.current_player, 1)
    assert isinstance(bot, ISMCTSBot)
    info = information(state, state.current_player, None, legal)
    assert bot.search(info) == legal[1]
    assert calls and set(calls) == {FLAT_ROUND}
    assert bot.iterations_done == FLAT_ROUND * len(calls)


def test_mount_goldrush_searches_flat_with_compiled_playouts() -> None:
    hooks = hooks_for("goldrush")
    assert hooks.candidate_values is not None
    state = _midgame("goldrush", 2, 3, 6)
    legal = state.legal_actions()
    first = _decide(state, "ismcts:200", seed=4)
    assert first in legal and _decide(state, "ismcts:200", seed=4) == first
    bot = make_bot("goldrush", "ismcts:200", state.current_player, 4)
    assert isinstance(bot, ISMCTSBot)
    bot.search(information(state, state.current_player, None, legal))
    assert bot.iterations_done == 200


# ------------------------------------------------------------------ play
@pytest.mark.parametrize("name, players", GAMES)
def test_ismcts_plays_only_legal_actions(name: str, players: int) -> None:
    state = goldlab.make(name, players=players, seed=7, **bot_options(name, {}))
    inner = make_bot(name, "ismcts:4", 0, 3)
    assert isinstance(inner, ISMCTSBot)
    checked = Checked(inner)
    bots = [checked, *make_bots(name, ["random"] * players, 7)[1:]]
    for _ in itertools.islice(play_out(state, bots), 40):
        pass
    assert len(checked.choices) >= 5


@pytest.mark.parametrize("budget", ["0.02s", "0.02cpu"])
def test_a_time_budget_searches_and_plays_legally(budget: str) -> None:
    state = _midgame("gold", 2, 2, 6)
    bot = make_bot("gold", f"ismcts:{budget}", state.current_player, 1)
    assert isinstance(bot, ISMCTSBot)
    action = bot.search(information(state, state.current_player, None, state.legal_actions()))
    assert action in state.legal_actions() and bot.iterations_done >= 1


@pytest.mark.parametrize("name, players", GAMES)
def test_the_same_seed_makes_the_same_choices(name: str, players: int) -> None:
    for seed in range(3):
        state = _midgame(name, players, seed, 9 + seed)
        if state.is_terminal():
            continue
        first = _decide(state, "ismcts:12", seed=seed)
        assert _decide(state, "ismcts:12", seed=seed) is first or \
            _decide(state, "ismcts:12", seed=seed) == first


def test_a_game_with_ismcts_is_reproducible_from_its_seed() -> None:
    first = play_game("gold", ["ismcts:3", "greedy"], 4)
    again = play_game("gold", ["ismcts:3", "greedy"], 4)
    assert [str(s.action) for s in first.history] == [str(s.action) for s in again.history]


def _twin(state: State[Any], seat: int) -> State[Any]:
    """A state ``seat`` cannot tell from ``state`` whose hidden cards and future differ."""
    twin = state.determinise(seat, random.Random(99))
    assert twin.observation(seat) == state.observation(seat)
    return twin


@pytest.mark.parametrize("name, players", [("gold", 2), ("gold", 3), ("goldrush", 2)])
def test_states_the_seat_cannot_tell_apart_get_the_same_choice(name: str, players: int) -> None:
    for seed in range(4):
        state = _midgame(name, players, seed, 12 + 3 * seed)
        if state.is_terminal():
            continue
        twin = _twin(state, state.current_player)
        assert _decide(state, "ismcts:15", seed=seed) == _decide(twin, "ismcts:15", seed=seed)


def test_the_twin_check_would_catch_a_bot_that_searched_the_real_state() -> None:
    """Searching clones of the real state (which hold its future) tells the twins apart."""
    differ = 0
    for seed in range(8):
        state = _midgame("gold", 2, seed, 10 + seed)
        twin = _twin(state, state.current_player)
        peeking = [_decide(s, "ismcts:40", seed=seed, sample=lambda rng, s=s: s.clone())
                   for s in (state, twin)]
        differ += peeking[0] != peeking[1]
    assert differ > 0


def test_the_loop_hands_searching_bots_samples_never_the_state() -> None:
    seen: list[State[Any]] = []

    class Sampling(SearchBot):
        uses_observation = False

        def search(self, information: Information) -> Action:
            seen.append(information.sample(self.rng))
            return information.legal[0]

    state = goldlab.make("gold", players=2, seed=3)
    for _ in itertools.islice(play_out(state, [Sampling(0, 1), make_bot("gold", "random", 1, 2)]),
                              10):
        pass
    assert seen and all(s.is_sample and s is not state for s in seen)


# ------------------------------------------------------------------ through the front doors
def test_ismcts_plays_through_play_game_in_every_game() -> None:
    for name, specs in [("gold", ["ismcts:2", "random"]), ("goldrush", ["random", "ismcts:2"])]:
        state = play_game(name, specs, 1)
        assert state.is_terminal()


def test_ismcts_plays_through_simulate() -> None:
    pytest.importorskip("pandas")
    frame = goldlab.simulate("gold", ["ismcts:2", "greedy"], 2, seed=5, backend="serial",
                             quiet=True)
    assert len(frame) == 4 and set(frame["bot"]) == {"ismcts:2", "greedy"}


@pytest.mark.parametrize("module", ["goldlab.bots.ismcts", "goldlab.bots.search"])
def test_doctests(module: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("spec", ["ismcts:\u0663\u0666\u0660\u0660", "ismcts:\u0663s",
                                  "ismcts:10,\u0660.5", "forgetful:\u0660.3"])
def test_a_spec_with_other_digits_than_0_9_is_refused(spec: str) -> None:
    game = "goldrush" if spec.startswith("forgetful") else "gold"
    with pytest.raises(OptionsError, match="ASCII"):
        make_bot(game, spec, 0, 1)
