"""The numbers people read, pinned on a frame small enough to count by hand."""

import pandas as pd

from goldlab.analysis import win_rates


def test_win_rate_is_wins_over_games_counted_by_hand() -> None:
    # seat 0 wins 3 of 4 games, seat 1 wins 1 of 4 and shares one win; bot "b" plays once
    frame = pd.DataFrame({
        "game": [0, 0, 1, 1, 2, 2, 3, 3],
        "seat": [0, 1, 0, 1, 0, 1, 0, 1],
        "bot": ["a", "a", "a", "a", "a", "a", "b", "a"],
        "won": [True, False, True, False, False, True, True, True],
    })
    by_seat = win_rates(frame, "seat")
    assert by_seat["games"].tolist() == [4, 4]
    assert by_seat["wins"].tolist() == [3, 2]
    assert by_seat["win_rate"].tolist() == [3 / 4, 2 / 4]
    by_bot = win_rates(frame, "bot").set_index("bot")
    assert by_bot.loc["a", "win_rate"] == 4 / 7
    assert by_bot.loc["b", "win_rate"] == 1.0
