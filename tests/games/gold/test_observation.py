"""What each player may see, and the rich display."""

import random
import re

import goldlab
from goldlab.games.gold.position import from_position
from goldlab.testing.conformance import same_contents


def test_opponents_scoring_piles_are_hidden_but_their_size_is_shown() -> None:
    s = from_position(offer="blue:4", tableaux=["", ""],
                      piles=["green:8 green:7 green:6", "red:3 red:4 red:5"])
    view = s.observation(0)
    assert [str(c) for c in view.scoring_piles[0]] == ["green:8", "green:7", "green:6"]
    assert view.scoring_piles[1] is None and view.pile_sizes[1] == 3
    assert view.scores == (21, None)
    assert view.unseen is None
    assert "red:5" not in str(view.to_dict())


def test_omniscient_view_shows_everything() -> None:
    s = from_position(offer="blue:4", tableaux=["", ""], piles=["green:8", "red:3"])
    view = s.omniscient()
    assert view.scoring_piles[1] is not None and view.unseen is not None


def test_piles_are_turned_up_at_the_end() -> None:
    s = from_position(offer="blue:4", tableaux=["", ""], piles=["green:8", "red:3"], draw_pile=0)
    s.apply("take blue:4")
    assert s.observation(0).scoring_piles[1] is not None


def test_only_the_player_to_move_sees_the_legal_actions() -> None:
    s = goldlab.make("gold", players=2, seed=1)
    assert s.observation(0).legal and not s.observation(1).legal


def test_observation_does_not_change_when_hidden_cards_are_redrawn() -> None:
    s = goldlab.make("gold", players=3, seed=1, mode="study")
    rng = random.Random(1)
    while not s.is_terminal():
        for seat in range(3):
            assert s.resample_hidden(seat, rng).observation(seat) == s.observation(seat)
        s.apply(rng.choice(s.legal_actions()))


def test_html_display_has_the_parts_a_player_needs() -> None:
    s = goldlab.make("gold", players=3, seed=1)
    html = s._repr_html_()
    assert 'class="gl-board gl-state gl-gold"' in html
    for text in ("Offer", "seat 0", "seat 2", "Scoring pile", "Draw pile", "seat 0 to move"):
        assert text in html
    player_html = s.observation(1)._repr_html_()
    assert 'data-seat="1"' in player_html and "gl-you" in player_html
    assert "Unseen cards" not in player_html and "Unseen cards" in html


def test_the_notebook_picture_is_the_views_picture_without_clicks() -> None:
    from goldlab.games.gold.picture import table_html

    s = goldlab.make("gold", players=2, seed=3)
    for _ in range(9):
        s.apply(s.legal_actions()[0])
    drawn, board = s.observation(0)._repr_html_(), table_html(s, 0)
    assert "data-target" not in drawn and "data-target" in board
    faces = r'class="gl-card[^"]*gl-c-(\w+)[^"]*"[^>]*>(.*?)</div>'
    assert re.findall(faces, drawn) == re.findall(faces, board)  # the same cards, same faces
    assert drawn.split("<style>")[1].split("</style>")[0] == board.split("<style>")[1].split(
        "</style>")[0]  # one style sheet, one palette


def test_final_display_shows_final_scores() -> None:
    s = from_position(offer="blue:4", tableaux=["", ""], piles=["green:8", "red:3"], draw_pile=0)
    s.apply("take blue:4")
    assert "Game over: seat 0 wins" in s._repr_html_() and "Final scores" in s._repr_html_()


def test_a_view_is_immutable_and_equal_by_what_it_shows() -> None:
    import pytest

    state = goldlab.make("gold", players=2, seed=11)
    view = state.observation(0)
    with pytest.raises(AttributeError):
        view.offer = ()  # type: ignore[misc]
    assert view == state.observation(0)
    assert hash(view) == hash(state.observation(0))
    assert view != state.observation(1)
    assert "offer=" in repr(view)


def test_a_view_does_not_change_when_the_game_moves_on() -> None:
    state = goldlab.make("gold", players=2, seed=12)
    view = state.observation(0)
    offer, tableaux = view.offer, view.tableaux
    state.apply(state.legal_actions()[0])
    assert view.offer == offer and view.tableaux == tableaux
    assert view.legal_actions and not state.observation(0).legal_actions


def test_a_players_view_holds_no_card_of_an_opponents_pile_and_no_unseen_card() -> None:
    # Not just the properties: what the view object holds, private fields included.
    state = goldlab.make("gold", players=3, seed=13, mode="study")
    rng = random.Random(13)
    checked = 0
    while not state.is_terminal():
        for seat in range(3):
            # Redeal what the seat cannot know: the view must not change at all.
            other = state.determinise(seat, random.Random(checked))
            assert same_contents(other.observation(seat), state.observation(seat))
            checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert checked > 30


def test_an_opponents_face_down_pile_is_not_in_the_view_at_all() -> None:
    # A hand-built position whose piles nobody saw scored: a redeal changes seat 1's pile,
    # and seat 0's view (everything it holds) stays the same.
    state = from_position(offer="green:4 blue:8 red:5", tableaux=["pink:D", "violet:D"],
                          piles=["green:6 green:7", "blue:6 red:7 pink:8"])
    held = state.observation(0)
    redealt = [state.determinise(0, random.Random(k)) for k in range(5)]
    assert any(r.piles[1] != state.piles[1] for r in redealt)
    assert all(r.piles[0] == state.piles[0] for r in redealt)
    assert all(same_contents(r.observation(0), held) for r in redealt)


def test_a_players_view_shows_opponents_pile_sizes_and_the_removed_count() -> None:
    state = goldlab.make("gold", players=2, seed=4, mode="study")
    rng = random.Random(4)
    while not any(state.piles) or state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    view = state.observation(0)
    assert view.pile_sizes == tuple(len(p) for p in state.piles)
    assert view.scoring_piles == (state.piles[0], None)
    assert view.unseen is None
    assert view.removed_unseen == sum(state.unseen) - state.pile_count
    assert state.omniscient().scoring_piles == state.piles


def test_a_redeal_keeps_every_card_that_was_scored_in_public() -> None:
    from collections import Counter

    from goldlab.games.gold.observation import scored_in_public

    checked = 0
    for seed in range(30):
        s = goldlab.make("gold", players=3, seed=seed, mode="study")
        rng = random.Random(seed)
        while not s.is_terminal() and not any(scored_in_public(s)):
            s.apply(rng.choice(s.legal_actions()))
        if s.is_terminal():
            continue
        for k in range(5):
            other = s.resample_hidden(0, random.Random(k))
            assert Counter(other.piles[1]) == Counter(s.piles[1])
            assert Counter(other.piles[2]) == Counter(s.piles[2])
            assert other.observation(0) == s.observation(0)
        checked += 1
    assert checked >= 5


def test_a_redeal_reshuffles_pile_cards_nobody_saw_scored() -> None:
    s = from_position(offer="blue:4", tableaux=["", ""], piles=["green:8", "red:3"])
    piles = {s.resample_hidden(0, random.Random(k)).piles[1] for k in range(40)}
    assert len(piles) > 1 and all(len(p) == 1 for p in piles)


def test_a_state_rebuilt_from_json_keeps_the_publicly_scored_cards_in_a_redeal() -> None:
    # A state from JSON has no past events: the public part of a pile is what lies above
    # the cards a hand-built start dealt face down, not what the events say.
    from collections import Counter

    from goldlab.core.record import from_json
    from goldlab.games.gold.observation import scored_in_public

    checked = 0
    for seed in range(12):
        s = goldlab.make("gold", players=3, seed=seed, mode="study")
        rng = random.Random(seed)
        while not s.is_terminal() and not (s.piles[1] and s.piles[2]):
            s.apply(rng.choice(s.legal_actions()))
        if s.is_terminal():
            continue
        rebuilt = from_json(s.to_json())
        assert scored_in_public(rebuilt) == scored_in_public(s) == tuple(s.piles)
        for k in range(4):
            other = rebuilt.resample_hidden(0, random.Random(k))
            assert Counter(other.piles[1]) == Counter(s.piles[1])
            assert Counter(other.piles[2]) == Counter(s.piles[2])
            assert other == s.resample_hidden(0, random.Random(k))
        checked += 1
    assert checked >= 4


def test_a_hand_built_starts_hidden_piles_stay_hidden_after_json_and_in_samples() -> None:
    from goldlab.core.record import from_json, load_record

    s = from_position(offer="blue:4 red:5", tableaux=["", ""], piles=["green:8", "red:3"])
    s.apply("take blue:4")
    for state in (s, from_json(s.to_json()), load_record(s.record().to_json()).replay()):
        assert state.unseen_pile_cards() == (1, 1)
        piles = {state.resample_hidden(0, random.Random(k)).piles[1] for k in range(40)}
        assert len(piles) > 1 and all(len(p) == 1 for p in piles)
        # A sample of a sample is a sample of the truth: it keeps what was hidden hidden.
        sample = state.resample_hidden(0, random.Random(1))
        assert sample.unseen_pile_cards() == (1, 1)
        assert sample.resample_hidden(0, random.Random(5)) == \
            state.resample_hidden(0, random.Random(5))
