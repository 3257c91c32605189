"""Memory-model players: they see only the public record, filtered through their memory."""

from __future__ import annotations

import random

import pytest
from goldrush_helpers import goldrush, position

from goldlab.bots import bot_names, make_bot
from goldlab.bots.play import play_game
from goldlab.core.errors import OptionsError
from goldlab.core.state import CHANCE
from goldlab.games.goldrush import Flip, GoldrushState, GoldrushView
from goldlab.games.goldrush.bots import (
    ForgetfulBot,
    LimitedBot,
    MemoryBot,
    PerfectBot,
    RandomFlipBot,
)
from goldlab.games.goldrush.observation import DOWN, UP
from goldlab.scenarios import Scenario

SPECS = ["perfect", "forgetful:0.3", "limited:6", "random"]


def choose(bot: MemoryBot | RandomFlipBot, state: GoldrushState) -> int:
    action = bot.choose(state.observation(bot.seat), state.legal_actions())
    assert isinstance(action, Flip)
    return action.position


def test_the_four_memory_models_are_registered() -> None:
    assert {"perfect", "forgetful", "limited", "random"} <= set(bot_names("goldrush"))
    assert isinstance(make_bot("goldrush", "forgetful:0.3", 0, 1), ForgetfulBot)
    assert make_bot("goldrush", "limited:6", 0, 1).spec() == "limited:6"  # type: ignore[attr-defined]


@pytest.mark.parametrize("spec", ["forgetful:1.5", "forgetful:-0.1", "forgetful:abc", "limited:-1",
                                  "limited:2.5", "clairvoyant"])
def test_bad_bot_specs_are_refused(spec: str) -> None:
    with pytest.raises(OptionsError):
        make_bot("goldrush", spec, 0, 1)


def test_games_with_bots_are_reproducible_from_the_seed() -> None:
    first = play_game("goldrush", SPECS, 3)
    second = play_game("goldrush", SPECS, 3)
    assert [str(s.action) for s in first.history] == [str(s.action) for s in second.history]
    other = play_game("goldrush", SPECS, 4)
    assert [str(s.action) for s in first.history] != [str(s.action) for s in other.history]


def test_bots_play_without_the_engine_ever_choosing_the_cards_in_advance() -> None:
    # auto_chance=False: the state itself does not know any face-down card until chance
    # (here an outside generator) reveals it, so there is no hidden layout a bot could read.
    state = goldrush(3).new_state(0, auto_chance=False, mode="study")
    bots = [make_bot("goldrush", spec, seat, seat) for seat, spec in enumerate(SPECS[:3])]
    chance = random.Random(99)
    while not state.is_terminal():
        if state.current_player == CHANCE:
            outcomes = state.chance_outcomes()
            state.apply(chance.choices([o for o, _ in outcomes],
                                       weights=[float(p) for _, p in outcomes])[0])
            continue
        view = state.observation(state.current_player)
        assert all(c is None for c, k in zip(view.cards, state.cell, strict=True) if k == -1)
        state.apply(bots[state.current_player].choose(view, state.legal_actions()))
    assert state.outcome() is not None


def test_a_bot_remembers_nothing_beyond_the_public_record() -> None:
    state = goldrush(4).new_state(8, mode="study")
    bots = [make_bot("goldrush", spec, seat, seat + 10) for seat, spec in enumerate(SPECS)]
    while not state.is_terminal():
        seat = state.current_player
        view = state.observation(seat)
        bot = bots[seat]
        state.apply(bot.choose(view, state.legal_actions()))
        public = {p: c for p, (s, c) in enumerate(zip(view.status, view.cards, strict=True))
                  if s in (DOWN, UP) and c is not None}
        remembered = bot.remembered()  # type: ignore[attr-defined]
        assert remembered.items() <= public.items()


def test_perfect_player_uses_a_known_digger_on_known_gold() -> None:
    for seed in range(10):
        state = position(known={10: "green:4", 20: "gold:4", 30: "gold:1"})
        bot = PerfectBot(0, seed)
        first = choose(bot, state)
        assert first in (10, 20)
        state.apply(Flip(first))
        assert choose(bot, state) == 30 - first
        state.apply(Flip(30 - first))
        assert state.scores()[0] == 4


def test_perfect_player_avoids_known_dynamite() -> None:
    for seed in range(20):
        state = position(known={10: "dynamite", 11: "dynamite", 12: "gold:2"}, seed=seed)
        assert choose(PerfectBot(0, seed), state) not in (10, 11)
    for first in ("gold:2", "green:3", "violet:4"):  # gold, my digger, nobody's digger
        for seed in range(10):
            state = position(known={10: "dynamite", 11: "dynamite", 12: first}, seed=seed)
            state.apply("flip 12")
            assert choose(PerfectBot(0, seed), state) not in (10, 11)


def test_perfect_player_blows_up_an_opponents_digger_with_known_dynamite() -> None:
    state = position(known={10: "dynamite", 12: "blue:4"})
    state.apply("flip 12")  # seat 2's digger
    assert choose(PerfectBot(0, 1), state) == 10


@pytest.mark.parametrize("players", [2, 4])
def test_perfect_player_kicks_an_opponents_digger_with_its_stronger_digger(players: int) -> None:
    for seed in range(10):
        state = position(players=players, known={10: "orange:2", 20: "green:5"})
        state.apply("flip 10")  # seat 0 sees seat 1's orange 2 first
        assert choose(PerfectBot(0, seed), state) == 20


def test_perfect_player_takes_known_gold_in_the_gold_rush() -> None:
    state = position(known={5: "gold:1", 6: "gold:4", 7: "red:5"}, unknown="gold:2x3",
                     removed="rest")
    assert state.rush
    assert choose(PerfectBot(0, 1), state) == 6


def test_the_second_flip_depends_on_the_first_card() -> None:
    # Gold first: use my known digger.  My digger first: look for gold blind.
    state = position(known={10: "gold:3", 20: "green:4"})
    state.apply("flip 10")
    assert choose(PerfectBot(0, 1), state) == 20
    state = position(known={10: "dynamite", 20: "green:4"})
    state.apply("flip 20")
    assert choose(PerfectBot(0, 1), state) != 10


def test_forgetful_with_p_0_and_limited_with_room_for_everything_play_like_perfect() -> None:
    for seed in range(4):
        perfect = play_game("goldrush", ["perfect", "random", "perfect"], seed)
        forgetful = play_game("goldrush", ["forgetful:0", "random", "limited:64"], seed)
        assert [s.action for s in perfect.history] == [s.action for s in forgetful.history]


def test_forgetful_with_p_1_forgets_every_card_at_each_turn() -> None:
    state = goldrush(2).new_state(4, mode="study")
    bot = ForgetfulBot(0, 1, 1.0)
    rng = random.Random(1)
    for _ in range(30):
        if state.is_terminal():
            break
        if state.current_player == 0:
            view = state.observation(0)
            state.apply(bot.choose(view, state.legal_actions()))
            this_turn = {f.position for f in view.flips if f.turn == view.turn_no}
            assert set(bot.remembered()) <= this_turn
        else:
            state.apply(rng.choice(state.legal_actions()))


def reference_limited(view: GoldrushView, capacity: int) -> set[int]:
    """The k most recent cards, each card that left the table freeing its place in its turn."""
    last = {f.position: i for i, f in enumerate(view.flips)}
    memory: list[int] = []
    left: list[int] = []
    turn = 0
    for i, f in enumerate(view.flips):
        if f.turn != turn:
            memory = [p for p in memory if p not in left]
            left, turn = [], f.turn
        if f.position in memory:
            memory.remove(f.position)
        memory.append(f.position)
        del memory[:-capacity]
        if last[f.position] == i and view.status[f.position] == "gone":
            left.append(f.position)
    return {p for p in memory if p not in left}


@pytest.mark.parametrize(("layout", "capacity"), [("free", 3), ("grid", 6)])
def test_limited_memory_keeps_the_most_recent_cards(layout: str, capacity: int) -> None:
    state = goldrush(2, layout=layout).new_state(6, mode="study")
    bot = LimitedBot(0, 1, 3)
    rng = random.Random(2)
    decisions = 0
    while not state.is_terminal():
        view: GoldrushView = state.observation(state.current_player)
        if state.current_player == 0:
            state.apply(bot.choose(view, state.legal_actions()))
            assert len(bot.remembered()) <= capacity
            assert set(bot.remembered()) == reference_limited(view, capacity)
            decisions += 1
        else:
            state.apply(rng.choice(state.legal_actions()))
    assert decisions > 20


def test_the_grid_layout_halves_forgetting() -> None:
    bot = ForgetfulBot(0, 1, 0.4)
    state = goldrush(2, layout="grid").new_state(1)
    bot.choose(state.observation(0), state.legal_actions())
    assert bot.memory.p == pytest.approx(0.2)  # type: ignore[attr-defined]
    plain = ForgetfulBot(0, 1, 0.4, grid_aid=1.0)
    plain.choose(state.observation(0), state.legal_actions())
    assert plain.memory.p == pytest.approx(0.4)  # type: ignore[attr-defined]


def test_a_bot_starts_afresh_in_a_new_game() -> None:
    bot = PerfectBot(0, 1)
    first = play_game("goldrush", [bot, "random"], 1)
    assert first.is_terminal()
    state = goldrush(2).new_state(2)
    bot.choose(state.observation(0), state.legal_actions())
    assert bot.remembered() == {}


def test_random_player_remembers_nothing() -> None:
    state = goldrush(2).new_state(2)
    bot = RandomFlipBot(0, 3)
    assert bot.choose(state.observation(0), state.legal_actions()) in state.legal_actions()
    assert bot.remembered() == {}


def test_better_memory_scores_more_over_a_rotating_table() -> None:
    totals = dict.fromkeys(SPECS, 0)
    for seed in range(60):
        order = SPECS[seed % 4:] + SPECS[:seed % 4]
        outcome = play_game("goldrush", order, seed).outcome()
        assert outcome is not None
        for seat, spec in enumerate(order):
            totals[spec] += outcome.scores[seat]
    # Over 200 such games: perfect 20.1, limited:6 17.5, forgetful:0.3 11.2, random 7.5 a game.
    assert totals["perfect"] > totals["forgetful:0.3"] > totals["random"]
    assert totals["limited:6"] > totals["forgetful:0.3"]


def test_bots_play_every_scenario_position_legally() -> None:
    from goldlab.games.goldrush.scenarios import SCENARIOS

    for scenario in SCENARIOS:
        assert isinstance(scenario, Scenario)
        state = scenario.before()
        assert isinstance(state, GoldrushState)
        if state.is_terminal():
            continue
        bot = make_bot("goldrush", "perfect", state.current_player, 0)
        assert bot.choose(state.observation(state.current_player),
                          state.legal_actions()) in state.legal_actions()
