"""The base Presenter: what a game without a presenter of its own shows in a view."""

from fractions import Fraction

import goldlab
from goldlab.bots.play import play_game
from goldlab.core.presentation import Breakdown, Odds, Presenter, Refuse


def test_a_game_without_its_own_presenter_is_drawn_from_its_observation() -> None:
    state = goldlab.make("gold", players=2, seed=1)
    plain = Presenter(state.game)
    assert plain.board_html(state, 0) == state.observation(0)._repr_html_()
    assert plain.board_html(state, None) == state.omniscient()._repr_html_()
    assert plain.targets(state, 0) == {}
    refusal = plain.click(state, 0, "offer:0")
    assert isinstance(refusal, Refuse) and "Gold!" in refusal.reason
    assert plain.quote("A) Take a card") is None and plain.odds(state, 0) == []


def test_the_plain_inspector_lists_a_steps_events_and_the_end_its_scores() -> None:
    final = play_game("gold", ["greedy", "random"], seed=3)
    plain = Presenter(final.game)
    step = final.history[-1]
    (page,) = plain.pages(final, step, final)
    assert page.rule == step.events[0].rule and str(step.events[0]) in page.html.replace("&#x27;", "'")
    breakdown = plain.breakdown(final, ("Ann", "Bob"))
    assert isinstance(breakdown, Breakdown)
    outcome = final.outcome()
    assert outcome is not None
    winners = " and ".join(("Ann", "Bob")[w] for w in outcome.winners)
    assert breakdown.verdict.startswith(winners)
    assert "<table" in breakdown.html() and "Ann" in breakdown.html()
    assert plain.breakdown(goldlab.make("gold", players=2, seed=1)) is None


def test_odds_show_exact_fractions_and_decimals() -> None:
    row = Odds("gold", Fraction(19, 49)).to_dict()
    assert row["fraction"] == "19/49" and abs(row["decimal"] - 19 / 49) < 1e-12


def test_a_chance_is_said_in_per_cent_and_as_about_one_in_n() -> None:
    from goldlab.core.presentation import Expectation, about, percent

    assert [percent(Fraction(n, d)) for n, d in ((1, 3), (1, 250), (0, 1), (1, 1), (997, 1000))] \
        == ["33%", "0.4%", "0%", "100%", "99.7%"]
    assert about(Fraction(5, 14)) == "about 1 in 3"
    assert about(Fraction(1, 4)) == "1 in 4"  # exact: no "about"
    assert about(Fraction(3, 7)) == "about 2 in 5"
    assert about(Fraction(3, 4)) == "3 in 4"
    assert about(Fraction(97, 100)) == "about 32 in 33"
    assert (about(Fraction(0)), about(Fraction(1)), about(Fraction(1, 5000))) == (
        "no chance", "certain", "less than 1 in 1,000")
    row = Odds("gold", Fraction(19, 49)).to_dict()
    assert (row["percent"], row["about"]) == ("39%", "about 2 in 5")
    assert Expectation("points", Fraction(7, 2)).to_dict()["percent"] == ""


def test_a_game_without_words_says_its_notation_and_names_seats_in_refusals() -> None:
    from goldlab.core.presentation import Viewer, with_names

    state = goldlab.make("gold", players=2, seed=1)
    state.apply("take violet:D")
    plain = Presenter(state.game)
    (said,) = plain.said_steps(state, state.history[-1:], Viewer())
    assert said.action == said.notation == str(state.history[-1].action)
    assert plain.said_refusal("it is seat 1's turn, not seat 0's", ("Ann", "Bob")) \
        == "it is Bob's turn, not Ann's"
    assert with_names("seat 3 has no tableau", ("Ann", "Bob")) == "seat 3 has no tableau"
