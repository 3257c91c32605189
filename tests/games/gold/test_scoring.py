"""Refill, the Grand Final, colour scoring and final scoring."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from goldlab.games.gold.cards import ALL_CARDS, COLOURS, Card, card, cards, sort_key
from goldlab.games.gold.events import ColourScored, GameOver, GrandFinalBegins
from goldlab.games.gold.position import from_position
from goldlab.games.gold.rules import colour_scoring, find_set


def score_colour(colour: str, tableaux: list[tuple[Card, ...]]) -> ColourScored:
    """Colour scoring of one colour, for tableaux given in any order."""
    held = [tuple(sorted(t, key=sort_key)) for t in tableaux]
    return colour_scoring(held)[COLOURS.index(colour)]


def test_last_five_cards_revealed_begin_the_grand_final() -> None:
    s = from_position(offer="blue:3", tableaux=["green:4", "pink:5"], draw_pile=5)
    events = s.apply("take blue:3")
    assert any(isinstance(e, GrandFinalBegins) for e in events)
    assert s.grand_final and s.pile_count == 0 and len(s.offer) == 5


def test_colour_scoring_follows_the_turn_that_takes_the_last_card() -> None:
    s = from_position(offer="blue:3", tableaux=["green:4", "pink:5"], draw_pile=0)
    events = s.apply("take blue:3")
    assert s.is_terminal()
    assert [type(e).__name__ for e in events][-7:] == ["ColourScored"] * 6 + ["GameOver"]


def test_set_scoring_comes_before_colour_scoring_in_the_last_turn() -> None:
    s = from_position(offer="blue:3", tableaux=["blue:4 blue:5", "pink:5"], draw_pile=0)
    s.apply("take blue:3")
    s.apply("steal pink:5 from seat 1")
    assert s.is_terminal()
    assert sorted(str(c) for c in s.piles[0]) == ["blue:3", "blue:4", "blue:5", "pink:5"]


def test_highest_total_banks_its_highest_gold_card() -> None:
    result = score_colour("red", [cards("red:8 red:3"), cards("red:7"), cards("")])
    assert result.banked == ((0, card("red:8")),)
    assert sorted(map(str, result.discarded)) == ["red:3", "red:7"]


def test_tie_in_a_colour_banks_each_tied_players_highest_gold() -> None:
    result = score_colour("red", [cards("red:6"), cards("red:8 red:D"), cards("")])
    assert set(result.banked) == {(0, card("red:6")), (1, card("red:8"))}
    assert result.totals == (6, 6, None)


def test_colour_without_gold_is_not_scored_and_donkeys_are_discarded() -> None:
    result = score_colour("green", [cards("green:D"), cards(""), cards("green:D")])
    assert result.banked == ()
    assert sorted(map(str, result.discarded)) == ["green:D", "green:D"]


def test_gold_holder_beats_a_player_with_only_donkeys() -> None:
    result = score_colour("pink", [cards("pink:D pink:D"), cards("pink:3 pink:D")])
    assert result.banked == ((1, card("pink:3")),)


def test_three_cards_of_a_colour_form_a_set() -> None:
    assert find_set(cards("red:3 blue:4 red:D red:8")) == "red"
    assert find_set(cards("red:3 blue:4 red:8")) is None


def test_final_scores_add_up_the_scoring_pile() -> None:
    s = from_position(offer="pink:3", tableaux=["", ""],
                      piles=["green:8 green:7 green:D", "blue:5 blue:3 blue:3"], draw_pile=0)
    events = s.apply("take pink:3")
    over = next(e for e in events if isinstance(e, GameOver))
    assert over.scores == (16, 11) and over.winners == (0,)


def test_tie_on_points_goes_to_more_cards_in_the_scoring_pile() -> None:
    s = from_position(offer="orange:3", tableaux=["", ""],
                      piles=["green:8 green:4", "blue:8 blue:D blue:3 blue:3"], draw_pile=0)
    s.apply("take orange:3")  # seat 0 banks orange 3: 15 points with 3 cards; seat 1: 12
    assert s.outcome().scores == (15, 12)
    t = from_position(offer="orange:3", tableaux=["", ""],
                      piles=["green:8 green:4", "blue:8 blue:D blue:6 blue:3"], draw_pile=0)
    t.apply("take orange:3")  # 15 points each; seat 1 has 4 cards against 3
    assert t.outcome().scores == (15, 15)
    assert t.outcome().winners == (1,) and t.outcome().ranks == (2, 1)


def test_equal_points_and_cards_share_the_victory() -> None:
    y = from_position(offer="orange:3", tableaux=["", "violet:3"],
                      piles=["green:8 green:4", "blue:8 blue:4"], draw_pile=0)
    y.apply("take orange:3")  # each banks a 3: 15 points and 3 cards apiece
    assert y.outcome().scores == (15, 15)
    assert y.outcome().winners == (0, 1) and y.outcome().shared
    assert y.returns() == (0.5, 0.5)


def test_colour_scoring_events_name_their_rule() -> None:
    s = from_position(offer="blue:3", tableaux=["green:4", "pink:5"], draw_pile=0)
    for e in s.apply("take blue:3"):
        if isinstance(e, ColourScored):
            assert str(e).endswith("[Colour scoring]")


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.sampled_from(ALL_CARDS), max_size=10), min_size=1, max_size=3))
def test_colour_scoring_banks_the_best_totals_highest_gold_and_discards_the_rest(
    tableaux: list[list[Card]],
) -> None:
    # "For each colour, players add up the card values in their tableau and compare them.
    # ... Whoever has the highest total in a colour adds the highest-value gold card he owns
    # of that colour to his scoring pile.  All other cards of that colour ... are discarded."
    held = [tuple(sorted(t, key=sort_key)) for t in tableaux]
    results = colour_scoring(held)
    assert [r.colour for r in results] == list(COLOURS)
    for r in results:
        mine = [[c for c in t if c.colour == r.colour] for t in held]
        totals = tuple(sum(c.value for c in m) if m else None for m in mine)
        assert r.totals == totals
        best = max((t for t in totals if t is not None), default=None)
        assert list(r.banked) == [
            (s, max(m, key=lambda c: c.value)) for s, m in enumerate(mine)
            if m and totals[s] == best and any(c.is_gold for c in m)
        ]
        banked = Counter(c for _, c in r.banked)
        assert Counter(r.discarded) + banked == Counter(c for m in mine for c in m)
