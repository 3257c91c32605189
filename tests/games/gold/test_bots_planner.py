"""The planner bot for Gold!: legal, reproducible, blind to hidden cards, and a good player's choices."""

import pytest

from goldlab.bots import bot_names, make_bot
from goldlab.bots.play import bot_seed, make_bots, play_game, play_out
from goldlab.games.gold.actions import Exchange, Steal, Take
from goldlab.games.gold.bots import PlannerBot
from goldlab.games.gold.cards import card
from goldlab.games.gold.position import from_position
from goldlab.games.gold.state import GoldState


def choice(state: GoldState, seed: int = 1) -> object:
    """What a fresh planner in the seat to move chooses."""
    seat = state.current_player
    bot = make_bot("gold", "planner", seat=seat, seed=seed)
    return bot.choose(state.observation(seat), state.legal_actions())


def test_planner_is_registered() -> None:
    assert "planner" in bot_names("gold")


@pytest.mark.parametrize("specs", [["planner", "greedy"], ["random", "planner", "planner"]])
def test_planner_games_finish_with_every_seat_playing(specs: list[str]) -> None:
    import goldlab

    for seed in range(3):
        state = goldlab.make("gold", players=len(specs), seed=seed, mode="study")
        seats = {move.seat for move in play_out(state, make_bots("gold", specs, seed))}
        assert state.is_terminal() and seats == set(range(len(specs)))


@pytest.mark.parametrize("players", [2, 3])
def test_planner_chooses_only_legal_actions(players: int) -> None:
    import goldlab

    for seed in range(6):
        state = goldlab.make("gold", players=players, seed=seed, mode="study")
        bots = make_bots("gold", ["planner"] * players, seed)
        while not state.is_terminal():
            seat = state.current_player
            legal = state.legal_actions()
            action = bots[seat].choose(state.observation(seat), legal)
            assert action in legal
            state.apply(action)


def test_planner_games_are_reproducible_from_the_seed() -> None:
    a = play_game("gold", ["planner", "greedy", "planner"], seed=12)
    b = play_game("gold", ["planner", "greedy", "planner"], seed=12)
    assert a.record() == b.record()


def test_planner_does_not_see_hidden_cards() -> None:
    # Two tables that look the same from seat 0: the opponent's face-down pile (and so
    # the unseen cards) differ.  The planner must choose the same in both.
    table = dict(offer="green:4 blue:8 red:5 pink:6", tableaux=["pink:D violet:7", "orange:6"],
                 draw_pile=20)
    one = from_position(**table, piles=[(), "red:8 red:7 red:6"])
    other = from_position(**table, piles=[(), "green:8 blue:3 violet:D"])
    seen_one, seen_other = one.observation(0), other.observation(0)
    assert seen_one.scoring_piles[1] is None and seen_one == seen_other
    for seed in range(20):
        assert choice(one, seed) == choice(other, seed)


def test_planner_remembers_sets_scored_in_front_of_it() -> None:
    state = play_game("gold", ["planner", "greedy"], seed=3)
    planner = PlannerBot(0, bot_seed(3, 0))
    import goldlab

    replay = goldlab.make("gold", players=2, seed=3, mode="study")
    greedy = make_bot("gold", "greedy", 1, bot_seed(3, 1))
    bots = [planner, greedy]
    while not replay.is_terminal():
        seat = replay.current_player
        replay.apply(bots[seat].choose(replay.observation(seat), replay.legal_actions()))
    assert replay.record() == state.record()
    remembered = sum(len(p) for p in planner.memory.piles)
    assert 0 < remembered <= state.observation(0).pile_sizes[1]


def test_planner_completes_a_set_when_it_can() -> None:
    state = from_position(offer="blue:6 green:8 red:D pink:7",
                          tableaux=["blue:7 blue:8 violet:D", "orange:4"])
    assert choice(state) == Exchange(card("violet:D"), card("blue:6"))


def test_planner_trades_its_donkey_rather_than_take_another() -> None:
    state = from_position(offer="red:D green:8 blue:7 pink:5", tableaux=["orange:D", "violet:4"])
    action = choice(state)
    assert isinstance(action, Exchange) and action.give == card("orange:D")


def test_planner_denies_the_card_that_completes_an_opponents_set() -> None:
    # Leaving the red 4 as the lowest card lets the opponent bank 19 next turn.
    state = from_position(offer="red:4 pink:8 green:7", tableaux=["blue:8 violet:3", "red:7 red:8"])
    action = choice(state)
    assert Exchange(card("blue:8"), card("green:7")) in state.legal_actions()
    taken = action.card if isinstance(action, Take) else action.take  # type: ignore[attr-defined]
    assert taken == card("red:4")


def test_planner_steals_the_card_that_breaks_the_opponents_pair() -> None:
    state = from_position(offer="blue:3 green:8 pink:7",
                          tableaux=["blue:7 blue:8", "orange:7 orange:8 green:3"])
    state.apply(Take(card("blue:3")))  # completes the blue set: the bonus is next
    assert state.phase == "bonus"
    assert choice(state) == Steal(card("orange:8"), 1)


def test_planner_beats_greedy_more_often_than_not() -> None:
    wins = 0
    for game in range(24):
        seat = game % 2
        specs = ["greedy", "greedy"]
        specs[seat] = "planner"
        outcome = play_game("gold", specs, seed=100 + game // 2).outcome()
        assert outcome is not None
        wins += outcome.winners == (seat,)
    assert wins >= 14
