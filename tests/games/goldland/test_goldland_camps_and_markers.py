"""Camps (10 each, relocation) and adventure markers (first survivor, strictly more camps)."""

import pytest

from goldlab.core.errors import IllegalActionError
from goldlab.games.goldland.adventure import MARKER_INDEX, camp_counts
from goldlab.games.goldland.board import parse_cell
from goldlab.games.goldland.events import MarkerTaken
from goldlab.games.goldland.position import build

PUMA = MARKER_INDEX["puma"]


def test_the_first_survivor_takes_the_marker_even_without_a_camp() -> None:
    s = build(players=2, tiles={"5,4": "T19"}, pawns=["6,4"], packs=["2 guns"])
    events = s.apply("move N")
    assert any(isinstance(e, MarkerTaken) and e.previous < 0 for e in events)
    assert s.markers[PUMA] == 0
    s.apply("end move")
    s.apply("end turn")  # no camp placed
    assert s.camps == ()


def test_a_camp_is_placed_on_the_survived_tile_while_the_adventurer_is_there() -> None:
    s = build(players=2, tiles={"5,4": "T19", "4,4": "T03"}, pawns=["6,4"],
              packs=["2 guns"])
    s.apply("move N")
    s.apply("move N")
    with pytest.raises(IllegalActionError, match="just survived"):
        s.apply("camp")


def test_more_camps_take_the_marker_away_equal_camps_do_not() -> None:
    # Seat 1 holds the Puma marker with one camp on T18; seat 0 has one camp on T17.
    base = dict(players=2, tiles={"5,4": "T19", "3,3": "T18", "2,2": "T17"}, pawns=["6,4"],
                packs=["2 guns"], camps=[("3,3", 1), ("2,2", 0)], markers={"puma": 1},
                treasures=[])
    s = build(**base)
    s.apply("move N")
    events = s.apply("camp")  # 2 camps against 1: strictly more
    assert any(isinstance(e, MarkerTaken) and e.previous == 1 for e in events)
    assert s.markers[PUMA] == 0
    equal = build(**{**base, "camps": [("3,3", 1)]})
    equal.apply("move N")
    equal.apply("camp")  # 1 against 1: the holder keeps it
    assert equal.markers[PUMA] == 1


def test_camps_count_per_adventure_type_with_several_on_one_tile() -> None:
    s = build(players=2, tiles={"5,4": "T19", "3,3": "T18"},
              camps=[("5,4", 0), ("5,4", 0), ("3,3", 1), ("5,4", 1)], treasures=[])
    assert camp_counts(s, "puma") == [2, 2]


def test_with_all_10_camps_used_one_is_moved() -> None:
    others = [("3,3", 0)] * 10
    s = build(players=2, tiles={"5,4": "T19", "3,3": "T16"}, pawns=["6,4"], packs=["2 guns"],
              camps=others, markers={"bandits": 0}, treasures=[])
    assert s.camps_left[0] == 0
    s.apply("move N")
    legal = {str(a) for a in s.legal_actions() if str(a).startswith("camp")}
    assert legal == {"camp from 3,3"}
    with pytest.raises(IllegalActionError, match="move one of your other camps"):
        s.apply("camp")
    s.apply("camp from 3,3")
    assert camp_counts(s, "bandits")[0] == 9 and camp_counts(s, "puma")[0] == 1


def test_moving_a_camp_can_hand_a_marker_to_a_player_with_more_camps() -> None:
    # Seat 0 holds the Bandits marker with 1 camp there (its other 9 are on a Desert);
    # seat 1 has 1 Bandits camp too.  Moving seat 0's Bandits camp leaves 0 against 1.
    camps = [("3,3", 0)] + [("2,2", 0)] * 9 + [("1,1", 1)]
    s = build(players=2, tiles={"5,4": "T19", "3,3": "T16", "2,2": "T22", "1,1": "T15"},
              pawns=["6,4"], packs=["2 guns"], camps=camps, markers={"bandits": 0,
                                                                     "desert": 0},
              treasures=[])
    s.apply("move N")
    events = s.apply("camp from 3,3")
    assert [(e.seat, e.adventure) for e in events if isinstance(e, MarkerTaken)][-1] == \
        (1, "bandits")


def test_free_passage_is_for_that_tile_only() -> None:
    s = build(players=2, tiles={"5,4": "T19", "3,3": "T18"}, pawns=["6,4"], packs=["gun"],
              camps=[("3,3", 0)], markers={"puma": 0}, treasures=[])
    with pytest.raises(IllegalActionError, match="needs 2 guns"):
        s.apply("move N")
    assert s.pos[0] == parse_cell("6,4")
