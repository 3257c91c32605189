"""The ladder: Bradley-Terry ratings recover known strengths, stay finite and refuse bad input."""

import json
import math
import warnings

import numpy as np
import pandas as pd
import pytest

from goldlab.analysis import charts, ladder, pairwise_results, ratings, round_robin
from goldlab.analysis.rating import ELO, ratings_markdown
from goldlab.core.errors import OptionsError

TRUE = {"random": 0.0, "weak": 150.0, "middling": 400.0, "strong": 700.0}
"""Known ratings (Elo points) of four imaginary bots."""


def duels(strengths: dict[str, float], meetings: int, seed: int) -> pd.DataFrame:
    """A results frame of two-player games drawn from the Bradley-Terry model itself."""
    rng = np.random.default_rng(seed)
    rows = []
    game = 0
    names = sorted(strengths)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            p = 1 / (1 + 10 ** (-(strengths[a] - strengths[b]) / 400))
            for _ in range(meetings):
                a_won = bool(rng.random() < p)
                rows.append({"game": game, "seat": 0, "bot": a, "rank": 1 if a_won else 2,
                             "won": a_won})
                rows.append({"game": game, "seat": 1, "bot": b, "rank": 2 if a_won else 1,
                             "won": not a_won})
                game += 1
    return pd.DataFrame(rows)


def frame(games: list[list[tuple[str, int]]]) -> pd.DataFrame:
    """A results frame from games given as (bot, rank) per seat."""
    return pd.DataFrame([{"game": g, "seat": s, "bot": bot, "rank": rank, "won": rank == 1}
                         for g, seats in enumerate(games) for s, (bot, rank) in enumerate(seats)])


@pytest.fixture(scope="module")
def synthetic() -> pd.DataFrame:
    return ratings(duels(TRUE, 600, seed=3))


def test_the_fit_recovers_known_ratings(synthetic: pd.DataFrame) -> None:
    table = synthetic.set_index("bot")
    for bot, rating in TRUE.items():
        assert table.loc[bot, "rating"] == pytest.approx(rating, abs=3 * table.loc[bot, "se"]
                                                         + 1e-9)
        assert table.loc[bot, "ci_low"] <= rating <= table.loc[bot, "ci_high"] or bot == "random"
    assert synthetic["bot"].tolist() == ["strong", "middling", "weak", "random"]
    assert (synthetic.loc[synthetic.bot != "random", "se"].between(10, 40)).all()


def test_intervals_cover_the_truth_about_95_percent_of_the_time() -> None:
    covered = total = 0
    for seed in range(40):
        table = ratings(duels({"random": 0.0, "a": 200.0, "b": 300.0}, 40, seed)).set_index("bot")
        for bot in ("a", "b"):
            truth = {"a": 200.0, "b": 300.0}[bot]
            covered += table.loc[bot, "ci_low"] <= truth <= table.loc[bot, "ci_high"]
            total += 1
    assert 0.85 <= covered / total <= 1.0


def test_the_fit_agrees_with_a_plain_logit_fit_in_statsmodels() -> None:
    import statsmodels.api as sm

    results = duels(TRUE, 200, seed=5)
    plain = ratings(results, correction="none").set_index("bot")
    pairs = pairwise_results(results)
    others = [b for b in sorted(TRUE) if b != "random"]
    design = np.array([[(b == row.bot) - (b == row.opponent) for b in others]
                       for row in pairs.itertuples()], dtype=float)
    endog = np.column_stack([pairs["points"], pairs["meetings"] - pairs["points"]])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        fit = sm.GLM(endog, design, family=sm.families.Binomial()).fit()
    for bot, beta, se in zip(others, fit.params, fit.bse, strict=True):
        assert plain.loc[bot, "rating"] == pytest.approx(beta * ELO, rel=1e-6)
        assert plain.loc[bot, "se"] == pytest.approx(se * ELO, rel=1e-4)
    firth = ratings(results).set_index("bot")
    gap = (firth["rating"] - plain["rating"]).abs() / plain["se"].replace(0, 1)
    assert (gap < 0.2).all()   # with wins and losses everywhere the correction is small


def test_the_anchor_is_zero_and_moving_it_shifts_every_rating_alike(
        synthetic: pd.DataFrame) -> None:
    first = synthetic.set_index("bot")
    assert first.loc["random", ["rating", "se", "ci_low", "ci_high"]].tolist() == [0, 0, 0, 0]
    assert first.loc["random", "p_vs_anchor"] == 0.5
    assert synthetic.attrs["ladder"]["anchor"] == "random"
    moved = ratings(duels(TRUE, 600, seed=3), anchor="middling").set_index("bot")
    assert moved.loc["middling", "rating"] == 0.0
    shift = first["rating"] - first.loc["middling", "rating"]
    assert moved["rating"].sort_index().to_numpy() == pytest.approx(
        shift.sort_index().to_numpy(), abs=1e-6)
    p = 1 / (1 + 10 ** (-first.loc["strong", "rating"] / 400))
    assert first.loc["strong", "p_vs_anchor"] == pytest.approx(p)


def test_without_random_the_first_bot_is_the_anchor() -> None:
    table = ratings(duels({"b": 0.0, "a": 100.0}, 50, seed=1))
    assert table.attrs["ladder"]["anchor"] == "a"
    assert table.set_index("bot").loc["a", "rating"] == 0.0


def test_a_bot_that_wins_every_game_gets_a_finite_flagged_rating() -> None:
    results = frame([[("greedy", 1), ("random", 2)]] * 100 + [[("random", 2), ("greedy", 1)]] * 100)
    table = ratings(results).set_index("bot")
    greedy = table.loc["greedy"]
    assert math.isfinite(greedy["rating"]) and math.isfinite(greedy["ci_high"])
    # Firth's correction on one pair: as if half a win were added to each side, 200.5 / 201.
    assert greedy["rating"] == pytest.approx(ELO * math.log(200.5 / 0.5), rel=1e-6)
    assert greedy["ci_low"] > 400 and bool(greedy["separated"])
    assert not table.loc["random", "separated"] and table.attrs["ladder"]["separated"]
    assert (greedy["games"], greedy["wins"], greedy["score"]) == (200, 200, 1.0)
    with pytest.raises(OptionsError, match="no finite rating for greedy"):
        ratings(results, correction="none")


def test_a_bot_that_loses_every_game_among_others_is_flagged_alone() -> None:
    results = duels({"random": 0.0, "a": 100.0}, 60, seed=2)
    last = results["game"].max() + 1
    hopeless = frame([[("hopeless", 2), ("random", 1)], [("a", 1), ("hopeless", 2)]] * 30)
    hopeless["game"] += last
    table = ratings(pd.concat([results, hopeless], ignore_index=True)).set_index("bot")
    assert table["separated"].to_dict() == {"a": False, "hopeless": True, "random": False}
    assert -2000 < table.loc["hopeless", "rating"] < -300


def test_ties_count_half_a_win() -> None:
    results = frame([[("a", 1), ("b", 1)]] * 10 + [[("a", 1), ("b", 2)]] * 10)
    pairs = pairwise_results(results)
    assert pairs.to_dict("records") == [
        {"bot": "a", "opponent": "b", "meetings": 20.0, "points": 15.0}]
    table = ratings(results, anchor="b", correction="none").set_index("bot")
    assert table.loc["a", "score"] == 0.75
    assert table.loc["a", "rating"] == pytest.approx(ELO * math.log(15 / 5))
    assert table.loc["a", "wins"] == 20 and table.loc["b", "wins"] == 10   # shared wins count


def test_three_player_games_split_into_weighted_pairs() -> None:
    results = frame([[("a", 1), ("b", 2), ("c", 3)], [("c", 1), ("a", 2), ("b", 2)]])
    pairs = pairwise_results(results).set_index(["bot", "opponent"])
    assert pairs["meetings"].tolist() == [1.0, 1.0, 1.0]   # two games, each pair weighs 1/2
    assert pairs.loc[("a", "b"), "points"] == 0.5 + 0.25   # a win, then a tie
    assert pairs.loc[("a", "c"), "points"] == 0.5
    assert pairs.loc[("b", "c"), "points"] == 0.5
    table = ratings(results)
    assert table["games"].tolist() == [2, 2, 2]


def test_a_tournament_rates_its_own_games_and_the_same_seed_gives_the_same_ladder() -> None:
    bots = ["random", "limited:2", "perfect"]
    first = ladder("goldrush", bots, 6, seed=11, quiet=True)
    again = ladder("goldrush", bots, 6, seed=11, quiet=True)
    pd.testing.assert_frame_equal(first, again)
    assert first.attrs["ladder"]["seed"] == 11 and first.attrs["ladder"]["n_games"] == 6
    assert set(first["games"]) == {24}
    other = ladder("goldrush", bots, 6, seed=12, quiet=True)
    assert not first["rating"].equals(other["rating"])
    tournament = round_robin("goldrush", bots, 6, seed=11, quiet=True)
    pd.testing.assert_frame_equal(tournament.ratings(), first[list(tournament.ratings())],
                                  check_like=True)


@pytest.mark.parametrize(("call", "message"), [
    (lambda: ratings("results"), "results frame .* got str"),
    (lambda: ratings(pd.DataFrame({"game": [0], "bot": ["a"]})), "lacks the column.*seat, rank"),
    (lambda: ratings(frame([[("a", 1), ("b", 2)]]).iloc[0:0]), "empty"),
    (lambda: ratings(frame([[("a", 1), ("a", 2)]])), "at least two different bots"),
    (lambda: ratings(frame([[("a", 1), ("b", 2)]]), anchor="c"), "anchor 'c' did not play"),
    (lambda: ratings(frame([[("a", 1), ("b", 2)], [("c", 1), ("d", 2)]])), "c, d never met a"),
    (lambda: ratings(pd.concat([frame([[("a", 1), ("b", 2)]])] * 2)), "occur twice"),
    (lambda: ratings(frame([[("a", 1), ("b", 2)]]), alpha=1.5), "alpha"),
    (lambda: ratings(frame([[("a", 1), ("b", 2)]]), correction="magic"), "correction"),
    (lambda: ladder("gold", ["random"], 2, seed=1, quiet=True), "at least two bots"),
    (lambda: ladder("gold", "random,greedy", 2, seed=1, quiet=True), "list of at least two"),
    (lambda: ladder("gold", ["random", "greedy"], 0, seed=1, quiet=True), "at least one game"),
    (lambda: ladder("gold", ["random", "wizard"], 2, seed=1, quiet=True), "unknown bot"),
])
def test_bad_input_is_refused_with_a_message(call: object, message: str) -> None:
    with pytest.raises(OptionsError, match=message):
        call()  # type: ignore[operator]


def test_the_chart_has_a_point_and_a_bar_for_every_bot(synthetic: pd.DataFrame) -> None:
    chart = charts.ratings_chart(synthetic)
    spec = json.loads(chart.to_json())
    rows = [r for values in spec["datasets"].values() for r in values if "bot" in r]
    assert sorted(r["bot"] for r in rows) == sorted(TRUE)
    marks = [layer["mark"]["type"] if isinstance(layer["mark"], dict) else layer["mark"]
             for layer in spec["layer"]]
    assert marks == ["rule", "rule", "point"]
    assert spec["layer"][2]["encoding"]["y"]["sort"] == ["strong", "middling", "weak", "random"]
    svg = charts.to_svg(chart)
    assert all(bot in svg for bot in TRUE) and "random = 0" in svg


def test_the_chart_refuses_a_table_that_is_not_a_ladder() -> None:
    with pytest.raises(ValueError, match="lacks ci_high, ci_low, rating"):
        charts.ratings_chart(pd.DataFrame({"bot": ["a"]}))


def test_the_markdown_table_has_a_row_per_bot_and_marks_separation() -> None:
    results = frame([[("greedy", 1), ("random", 2)]] * 4)
    text = ratings_markdown(ratings(results))
    lines = text.splitlines()
    assert len(lines) == 6 and "95% interval" in lines[0] and "Firth" in lines[5]
    assert lines[2].startswith("| `greedy` * |") and "(anchor)" in lines[3]


def test_the_docstring_examples_run() -> None:
    import doctest

    import goldlab.analysis.rating

    result = doctest.testmod(goldlab.analysis.rating)
    assert result.attempted > 0 and result.failed == 0
