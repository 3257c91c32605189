"""The temple: amulets, the bonus field, reserve income, the two end conditions, the box."""

from goldlab.games.goldland.events import (
    AmuletIncome,
    AmuletMissed,
    AmuletTaken,
    GameEndTriggered,
    GameOver,
    TurnCapReached,
)
from goldlab.games.goldland.position import build

GOAL_TILES = {"0,0": ("T10", 90), "0,1": "T03"}  # a path from 0,1 west into the goal tile


def test_the_amulet_is_taken_when_the_movement_ends_in_the_temple_not_when_passing() -> None:
    s = build(players=2, tiles={**GOAL_TILES, "1,0": "T06"}, pawns=["0,1", "6,6"],
              packs=["pearl", "pearl"], bonus_open=False)
    s.apply("move W")
    assert not s.packs[0][8]
    events = s.apply("end move")
    taken = [e for e in events if isinstance(e, AmuletTaken)]
    assert taken and taken[0].gold == 2 and taken[0].first
    assert s.packs[0][8] == 1 and s.gold[0] == 2 and s.amulets_left == 1 and s.bonus == 2


def test_only_one_amulet_per_player() -> None:
    s = build(players=2, tiles=GOAL_TILES, pawns=["0,1", "6,6"],
              packs=["pearl + amulet", "pearl"], first_arrival=1)
    s.apply("move W")
    events = s.apply("end move")
    assert not any(isinstance(e, AmuletTaken) for e in events)


def test_no_free_space_no_amulet() -> None:
    s = build(players=2, tiles=GOAL_TILES, pawns=["0,1", "6,6"], packs=["11 pearls", "pearl"],
              tokens=[4, 0])
    s.apply("move W")
    s.apply("exchange 4 tokens for rope")  # the 12th space
    events = s.apply("end move")
    assert any(isinstance(e, AmuletMissed) for e in events) and not s.packs[0][8]


def test_remaining_in_the_temple_follows_the_option() -> None:
    for staying in (True, False):
        s = build(players=2, tiles=GOAL_TILES, pawns=["0,0", "6,6"], packs=["2 pearls", "pearl"],
                  amulet_when_staying=staying)
        s.apply("discard pearl")
        s.apply("end move")
        assert bool(s.packs[0][8]) is staying


def test_amulet_income_at_the_start_of_each_later_turn() -> None:
    s = build(players=2, packs=["amulet", "pearl"], first_arrival=0, turn=1)
    events = s.apply("pass")
    assert [e.seat for e in events if isinstance(e, AmuletIncome)] == [0]
    assert s.gold[0] == 1 and s.reserve == 2


def test_game_ends_when_every_player_has_an_amulet_after_the_round() -> None:
    s = build(players=2, tiles=GOAL_TILES, pawns=["0,1", "0,1"],
              packs=["pearl + amulet", "pearl"], turn=1, first_arrival=0)
    s.apply("move W")
    events = s.apply("end move")
    assert any(isinstance(e, GameEndTriggered) for e in events)
    events = s.apply("end turn")  # seat 1 was the last of the round
    assert s.is_terminal() and any(isinstance(e, GameOver) for e in events)


def test_round_completed_after_the_trigger() -> None:
    s = build(players=3, tiles=GOAL_TILES, pawns=["0,1", "6,6", "6,6"],
              packs=["pearl", "pearl + amulet", "pearl + amulet"], first_arrival=1)
    s.apply("move W")
    s.apply("end move")
    s.apply("end turn")
    assert not s.is_terminal() and s.end_reason
    s.apply("pass")
    assert not s.is_terminal()
    s.apply("pass")
    assert s.is_terminal()
    assert s.outcome() is not None


def test_turn_cap_is_off_by_default_and_reported_when_hit() -> None:
    s = build(players=2, turn_cap=2)
    for _ in range(4):
        events = s.apply("pass")
    assert s.is_terminal() and s.capped
    assert any(isinstance(e, TurnCapReached) for e in events)
    assert build(players=2).options.turn_cap == 0


def test_scores_count_gold_treasures_amulet_and_markers() -> None:
    s = build(players=2, packs=["2 treasures + amulet", "treasure"], gold=[4, 1],
              markers={"desert": 0, "natives": 1, "puma": 1})
    assert s.scores() == (4 + 6 + 3 + 5, 1 + 3 + 2 + 3)
