"""Each game's own columns: Mount Goldrush's gold and Goldland's amulet, treasures, markers."""

import goldlab
from goldlab.bots.play import play_game


def test_mount_goldrush_columns_add_up() -> None:
    df = goldlab.simulate("goldrush", "random", 15, 3, players=3, quiet=True, backend="serial")
    for column in ("gold_cards", "gold_lost_to_others", "gold_from_others", "rush_gold"):
        assert column in df.columns
    per_game = df.groupby("game")[["gold_lost_to_others", "gold_from_others"]].sum()
    assert (per_game["gold_lost_to_others"] == per_game["gold_from_others"]).all()
    assert (df["rush_gold"] <= df["score"]).all() and (df["gold_cards"] >= 0).all()
    row = df[df["game"] == 4]
    state = play_game("goldrush", ["random"] * 3, int(row["seed"].iloc[0]))
    assert tuple(row["gold_cards"]) == state.gold_cards()  # type: ignore[attr-defined]


def test_goldland_columns_and_bot_play_defaults() -> None:
    df = goldlab.simulate("goldland", ["heuristic", "random"], 3, 1, quiet=True,
                          backend="serial", turn_cap=30)
    assert (df["opt_turn_cap"] == 30).all()
    for column in ("amulet_round", "treasures", "markers", "gold_pieces"):
        assert column in df.columns
    assert ((df["amulet_round"] == -1) | df["amulet_round"].between(1, 30)).all()
    assert (3 * df["treasures"] + df["gold_pieces"] <= df["score"]).all()
    default = goldlab.simulate("goldland", "random", 1, 1, players=2, quiet=True)
    assert default["opt_turn_cap"].iloc[0] == 100  # the game's bot-play default
