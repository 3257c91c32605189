"""A. Move adventurer: the allowance, discards, paths, adventures, ordeals, no re-entry."""

import pytest

from goldlab.core.errors import IllegalActionError
from goldlab.games.goldland.articles import kit
from goldlab.games.goldland.board import parse_cell
from goldlab.games.goldland.events import AdventureSurvived, CampPassage, OrdealCompleted
from goldlab.games.goldland.position import build


def _refused(state, text: str, fragment: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(IllegalActionError) as info:
        state.apply(text)
    assert fragment in info.value.reason, info.value.reason


def test_the_allowance_is_the_highest_uncovered_space() -> None:
    s = build(players=2, packs=["3 provisions + 2 pearls + 2 ropes"])  # 7 objects: move 5
    for _ in range(5):
        s.apply("move W")
    assert s.steps == 5 and s.allowance == 5
    _refused(s, "move N", "maximum of 5 spaces")


def test_discards_before_moving_raise_the_allowance() -> None:
    s = build(players=2, pawns=["6,5"], packs=["12 provisions"])
    _refused(s, "move W", "backpack is full")
    s.apply("discard provision")
    s.apply("discard provision")
    s.apply("move W")
    assert s.allowance == 2
    _refused(s, "discard provision", "only before starting movement")


def test_articles_used_while_moving_do_not_change_the_allowance() -> None:
    # "Any change in this number, by using articles of equipment during movement for example,
    # has no effect on movement for that turn."
    s = build(players=2, tiles={"5,4": "T19", "4,4": "T03"}, pawns=["6,5"],
              packs=["8 provisions + 2 guns"])
    s.apply("move W")
    s.apply("move N")  # 2 guns used: 8 objects now, but the allowance stays 2
    assert s.allowance == 2
    _refused(s, "move N", "maximum of 2 spaces")


def test_no_tile_may_be_entered_twice_in_a_turn() -> None:
    # "You may not enter or move through the same tile more than once per turn."
    s = build(players=2, pawns=["6,4"])
    s.apply("move E")  # onto 6,5: entered once
    s.apply("move W")  # back on 6,4, where the movement began: its first entry this turn
    assert s.pos[0] == parse_cell("6,4")
    _refused(s, "move E", "more than once per turn")


def test_the_start_tile_counts_as_entered_only_when_the_option_says_so() -> None:
    s = build(players=2, pawns=["6,4"], start_tile_entered=True)
    s.apply("move E")
    _refused(s, "move W", "more than once per turn")


def test_moving_off_the_tiles_is_refused() -> None:
    s = build(players=2, pawns=["6,4"])
    _refused(s, "move N", "no tile lies there")
    _refused(s, "move S", "no tile lies there")


def test_an_adventure_tile_costs_its_red_articles_to_enter_or_cross() -> None:
    s = build(players=2, tiles={"5,4": "T19", "4,4": "T03"}, pawns=["6,4"],
              packs=["2 guns + 3 provisions"])
    events = s.apply("move N")
    assert any(isinstance(e, AdventureSurvived) for e in events)
    s.apply("move N")  # crossing on: the guns were the price of passing through
    assert str(kit("3 provisions")) == str(s.observation(0).packs[0])
    poor = build(players=2, tiles={"5,4": "T19"}, pawns=["6,4"], packs=["gun + 3 provisions"])
    _refused(poor, "move N", "needs 2 guns")


def test_own_camp_gives_free_passage_and_survive_pays_again() -> None:
    s = build(players=2, tiles={"5,4": "T19"}, pawns=["6,4"], packs=["2 guns"],
              camps=[("5,4", 0)], markers={"puma": 0})
    assert {"move N", "move N survive"} <= {str(a) for a in s.legal_actions()}
    events = s.apply("move N")
    assert any(isinstance(e, CampPassage) for e in events)
    assert not s.is_legal("camp")
    s2 = build(players=2, tiles={"5,4": "T19"}, pawns=["6,4"], packs=["2 guns"],
               camps=[("5,4", 0)], markers={"puma": 0})
    s2.apply("move N survive")
    assert s2.is_legal("camp") and s2.packs[0][3] == 0


def test_another_players_camp_gives_no_passage() -> None:
    s = build(players=2, tiles={"5,4": "T19"}, pawns=["6,4"], packs=["gun"],
              camps=[("5,4", 1)], markers={"puma": 1})
    _refused(s, "move N", "needs 2 guns")
    _refused(s, "move N survive", "already have a camp")


def test_an_unconnected_edge_is_an_ordeal_of_4_articles() -> None:
    s = build(players=2, tiles={"5,4": "T04"}, pawns=["6,4"], packs=["4 provisions + pearl"])
    _refused(s, "move N", "not connected")
    _refused(s, "move N ordeal 3 provisions", "exactly 4")
    _refused(s, "move E ordeal 4 provisions", "connected")
    ordeals = {str(a) for a in s.legal_actions() if "ordeal" in str(a)}
    assert ordeals == {"move N ordeal 4 provisions", "move N ordeal 3 provisions + pearl"}
    events = s.apply("move N ordeal 3 provisions + pearl")
    assert any(isinstance(e, OrdealCompleted) and not e.survived for e in events)
    assert str(s.observation(0).packs[0]) == "provision"


def test_an_ordeal_into_an_adventure_uses_its_red_articles_and_survives_it() -> None:
    s = build(players=2, tiles={"5,4": ("T24", 270)}, pawns=["6,4"],
              packs=["2 ropes + 4 provisions"], treasures=[])
    _refused(s, "move N ordeal 4 provisions", "same type of articles")
    s.apply("move N ordeal 2 provisions + 2 ropes")
    assert s.is_legal("camp")
    assert s.markers[3] == 0  # Mountains marker to the first survivor


def test_red_reward_after_an_ordeal_follows_the_option() -> None:
    for reward in (True, False):
        s = build(players=2, tiles={"5,4": ("T19", 270)}, pawns=["6,4"],
                  packs=["2 guns + 2 provisions"], ordeal_reward=reward)
        s.apply("move N ordeal 2 provisions + 2 guns")
        s.apply("end move")
        assert s.is_legal("acquire 2 provisions") is reward


def test_discarding_then_remaining_in_place_is_a_movement() -> None:
    s = build(players=2, pawns=["6,4"])
    s.apply("discard pearl")
    assert not s.is_legal("pass") and s.is_legal("end move")
    assert not s.is_legal("acquire 2 timbers")  # the movement must be completed first
    s.apply("end move")
    assert s.move == 2


def test_treasures_and_the_amulet_cannot_be_discarded() -> None:
    s = build(players=2, pawns=["6,4"], packs=["11 provisions + treasure"])
    _refused(s, "discard treasure", "only articles of equipment")
    _refused(s, "discard amulet", "only articles of equipment")
