"""lead_changes and decided_at_end, counted again from each game's score trajectory."""

from typing import Any

from goldlab.bots.play import bot_options, make_bots, play_out
from goldlab.core.registry import make_game
from goldlab.simulation import simulate


def trajectory(game: str, bots: list[str], seed: int) -> tuple[list[tuple[int, ...]], Any]:
    """The scores before the first decision and after each one, and the final outcome."""
    state = make_game(game, len(bots), **bot_options(game, {})).new_state(seed, mode="study")
    scores = [tuple(state.scores())]
    for _ in play_out(state, make_bots(game, bots, seed)):
        scores.append(tuple(state.scores()))
    return scores, state.outcome()


def count_lead_changes(scores: list[tuple[int, ...]]) -> int:
    """Walk the sole leaders (ties do not lead) and count each hand-over; the first is none."""
    leaders: list[int] = []
    for row in scores:
        top = max(row)
        if row.count(top) == 1 and (not leaders or leaders[-1] != row.index(top)):
            leaders.append(row.index(top))
    return max(len(leaders) - 1, 0)


def test_a_hand_made_trajectory_counts_as_expected() -> None:
    # 0 leads, a tie, 0 leads again (no change), 1 takes over, 0 back: two changes
    assert count_lead_changes([(0, 0), (2, 0), (2, 2), (3, 2), (3, 5), (6, 5)]) == 2
    assert count_lead_changes([(0, 0), (0, 0)]) == 0


def test_lead_changes_and_decided_at_end_match_the_score_trajectory() -> None:
    bots = ["random", "random"]
    frame = simulate("gold", bots, 12, seed=1, fast=False, backend="serial", quiet=True)
    games = frame.drop_duplicates("game").set_index("game")
    changed = decided = 0
    for game, row in games.iterrows():
        scores, outcome = trajectory("gold", bots, int(row["seed"]))
        expected = count_lead_changes(scores)
        before = scores[-2]
        leaders_before = {s for s, v in enumerate(before) if v == max(before)}
        assert row["lead_changes"] == expected, game
        assert bool(row["decided_at_end"]) == (leaders_before != set(outcome.winners)), game
        changed += expected > 0
        decided += leaders_before != set(outcome.winners)
    # the sample holds games with and without changes, decided and not, so both count
    assert 0 < changed < len(games) and 0 < decided < len(games)
