"""The heuristic bot: legal steps only, reproducible, and sensible choices in set positions."""

import random

import goldlab
from goldlab.bots import make_bot
from goldlab.bots.play import play_game
from goldlab.games.goldland.actions import Dig
from goldlab.games.goldland.articles import AMULET, TREASURE
from goldlab.games.goldland.board import GOAL, parse_cell
from goldlab.games.goldland.position import build

GOAL_TILES = {"0,0": ("T10", 90), "0,1": "T03"}  # a path from 0,1 west into the goal tile


def _play_turn(state, seat=0):  # type: ignore[no-untyped-def]
    """Let the heuristic play ``seat``'s turn; return the steps it chose, as notation."""
    bot = make_bot("goldland", "heuristic", seat, 1)
    steps = []
    while state.current_player == seat:
        legal = state.legal_actions()
        action = bot.choose(state.observation(seat), legal)
        assert action in legal
        steps.append(str(action))
        state.apply(action)
    return steps


def test_the_heuristic_chooses_only_legal_steps_even_after_random_ones() -> None:
    for players in (2, 3, 5):
        state = goldlab.make("goldland", players=players, seed=players, mode="study",
                             turn_cap=25)
        bots = [make_bot("goldland", "heuristic", s, s) for s in range(players)]
        rng = random.Random(players)
        while not state.is_terminal():
            seat = state.current_player
            legal = state.legal_actions()
            if rng.random() < 0.15:  # a random step now and then: the bot must cope
                action = rng.choice(legal)
            else:
                action = bots[seat].choose(state.observation(seat), legal)
            assert action in legal
            state.apply(action)


def test_the_heuristic_is_deterministic_for_a_seed() -> None:
    a = play_game("goldland", ["heuristic", "heuristic", "heuristic"], seed=11)
    b = play_game("goldland", ["heuristic", "heuristic", "heuristic"], seed=11)
    assert a.record() == b.record()
    assert a.is_terminal() and a.end_reason


def test_it_steps_into_the_temple_for_the_amulet() -> None:
    state = build(players=2, tiles=GOAL_TILES, pawns=["0,1", "6,6"])
    steps = _play_turn(state)
    assert steps[0] == "move W"
    assert state.pos[0] == GOAL and state.packs[0][AMULET] == 1


def test_it_digs_the_treasure_it_stands_on() -> None:
    state = build(players=2, tiles={"5,4": "T27"}, pawns=["5,4", "6,6"])
    bot = make_bot("goldland", "heuristic", 0, 1)
    assert bot.choose(state.observation(0), state.legal_actions()) == Dig()


def test_with_the_amulet_it_survives_an_adventure_camps_and_digs_its_treasure() -> None:
    # T27 (a canyon: rope + timber) north of the pawn holds a treasure.
    state = build(players=2, tiles={"5,4": "T27"}, pawns=["6,4", "6,6"],
                  packs=["3 provisions + 2 pearls + timber + rope + amulet", "pearl"])
    steps = _play_turn(state)
    assert steps[:2] == ["move N", "camp"] and "dig" in steps
    assert state.pos[0] == parse_cell("5,4") and state.packs[0][TREASURE] == 1
    assert (parse_cell("5,4"), 0) in state.camps and state.markers[4] == 0  # canyon marker


def test_the_heuristics_land_changed_in_place_is_the_land_worked_out_afresh() -> None:
    from goldlab.games.goldland import bots as goldland_bots

    state = goldlab.make("goldland", players=3, seed=5, mode="study")
    players = [make_bot("goldland", "heuristic", s, s) for s in range(3)]
    checked = 0
    while not state.is_terminal():
        seat = state.current_player
        view = state.observation(seat)
        bot = players[seat]
        state.apply(bot.choose(view, state.legal_actions()))
        kept = bot._layout[1]
        if kept is not None and bot._layout[0] == (view.codes, view.camps):
            fresh = goldland_bots._Layout(view, seat, {})
            for field in goldland_bots._Layout.__slots__:
                assert getattr(kept, field) == getattr(fresh, field), field
            checked += 1
    assert checked > 50
