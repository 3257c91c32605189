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


def test_once_an_amulet_is_held_it_digs_the_treasure_it_stands_on() -> None:
    state = build(players=2, tiles={**GOAL_TILES, "5,4": "T27"}, pawns=["5,4", "0,0"],
                  packs=["3 provisions + 2 pearls", "amulet"], first_arrival=1)
    bot = make_bot("goldland", "heuristic", 0, 1)
    assert bot.choose(state.observation(0), state.legal_actions()) == Dig()


def test_while_racing_for_the_temple_it_leaves_the_treasure_in_the_ground() -> None:
    # no one holds an amulet: the 2 provisions are kept for the road to the temple
    state = build(players=2, tiles={"5,4": "T27"}, pawns=["5,4", "6,6"])
    bot = make_bot("goldland", "heuristic", 0, 1)
    assert bot.choose(state.observation(0), state.legal_actions()) != Dig()
    steps = _play_turn(state)
    assert "dig" not in steps and state.packs[0][TREASURE] == 0


def test_the_end_is_in_sight_once_someone_holds_an_amulet() -> None:
    from goldlab.games.goldland.bots import turns_after_this

    racing = build(players=2, tiles=GOAL_TILES, pawns=["6,6", "6,6"])
    assert turns_after_this(racing.observation(0)) is None
    # one holder, 2 gold pieces left in the reserve: two more turns after this one
    held = build(players=2, tiles=GOAL_TILES, pawns=["6,6", "0,0"],
                 packs=["3 provisions + 2 pearls", "amulet"], first_arrival=1, reserve=2)
    assert turns_after_this(held.observation(0)) == 2


def test_it_races_on_only_while_the_temple_can_be_reached_before_the_end() -> None:
    # a column of tiles from the coast at 6,0 up to the temple: 6 steps; the other
    # player holds the amulet and takes the reserve's last gold piece next turn
    column = {"0,0": ("T10", 90), "1,0": "T03", "2,0": "T04", "3,0": "T05", "4,0": "T06",
              "5,0": "T07"}
    for pack, racing in (("3 provisions + 2 pearls", True),  # 7 spaces a turn: it can
                         ("5 provisions + 2 pearls + 2 timbers + 2 ropes", False)):  # 1: no
        state = build(players=2, tiles=column, pawns=["6,0", "0,0"], packs=[pack, "amulet"],
                      first_arrival=1, reserve=1)
        bot = make_bot("goldland", "heuristic", 0, 1)
        assert bot._seeking(state.observation(0)) is racing  # type: ignore[attr-defined]


def test_it_gives_up_a_temple_it_cannot_reach_before_the_end_for_a_treasure() -> None:
    # The other player holds the amulet and takes the reserve's last gold piece next
    # turn: the temple is out of reach, so the treasure north of the pawn is the prize.
    state = build(players=2, tiles={**GOAL_TILES, "5,4": "T27"}, pawns=["6,4", "0,0"],
                  packs=["3 provisions + 2 pearls + timber + rope", "amulet"],
                  first_arrival=1, reserve=1)
    steps = _play_turn(state)
    assert steps[0] == "move N" and "dig" in steps
    assert state.packs[0][TREASURE] == 1


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
