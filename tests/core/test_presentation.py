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
