"""Round robins rotate seats, share seeds between seatings and report head to head."""

import pandas as pd
import pytest

from goldlab.analysis import round_robin
from goldlab.core.errors import OptionsError


@pytest.fixture(scope="module")
def duel() -> object:
    return round_robin("gold", ["random", "greedy"], 30, seed=4, quiet=True)


def test_every_bot_sits_in_every_seat_equally_often(duel: object) -> None:
    results = duel.results  # type: ignore[attr-defined]
    counts = results.groupby(["bot", "seat"], observed=True).size()
    assert set(counts) == {30}
    assert sorted(results["match"].unique()) == [0, 1]
    assert results["game"].is_unique is False and results["game"].nunique() == 60


def test_seatings_share_their_seeds(duel: object) -> None:
    results = duel.results  # type: ignore[attr-defined]
    seeds = results.drop_duplicates("game").groupby("rotation")["seed"].apply(list)
    assert seeds[0] == seeds[1]


def test_standings_and_head_to_head(duel: object) -> None:
    table = duel.standings()  # type: ignore[attr-defined]
    assert table["bot"].tolist() == ["greedy", "random"]
    assert {"win_rate", "ci_low", "ci_high", "mean_score", "score_ci_low",
            "score_ci_high"} <= set(table.columns)
    assert table["games"].tolist() == [60, 60]
    pair = duel.pairwise()  # type: ignore[attr-defined]
    assert pair.loc["greedy", "random"] + pair.loc["random", "greedy"] == pytest.approx(1.0)
    assert pair.loc["greedy", "random"] > 0.8
    long = duel.pairwise_long()  # type: ignore[attr-defined]
    assert long["meetings"].tolist() == [60, 60]
    by_seat = duel.by_seat()  # type: ignore[attr-defined]
    assert len(by_seat) == 4


def test_three_bots_at_three_players_rotate_through_every_seat() -> None:
    t = round_robin("gold", {"random": "random", "greedy": "greedy", "greedy B": "greedy"}, 4,
                    seed=1, players=3, quiet=True, fast=False)
    counts = t.results.groupby(["bot", "seat"], observed=True).size()
    assert len(counts) == 9 and set(counts) == {4}
    assert t.results.attrs["goldlab"]["kind"] == "tournament"


def test_a_tournament_of_random_bots_uses_the_fast_path() -> None:
    t = round_robin("gold", {"random A": "random", "random B": "random"}, 2000, seed=2,
                    quiet=True)
    assert t.results.attrs["goldlab"]["engine"] == "fast"
    assert isinstance(t.results, pd.DataFrame) and len(t.results) == 8000
    table = t.standings()
    assert (table["ci_low"] < 0.5).all() and (table["ci_high"] > 0.5).all()


@pytest.mark.parametrize(("bots", "players", "message"), [
    (["random", "random"], 2, "distinct bots"),
    (["random", "greedy"], 3, "needs at least 3 bots"),
    (["random", "wizard"], 2, "unknown bot"),
])
def test_bad_tournaments_are_refused(bots: list[str], players: int, message: str) -> None:
    with pytest.raises(OptionsError, match=message):
        round_robin("gold", bots, 2, seed=1, players=players, quiet=True)
