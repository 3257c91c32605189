"""C. Exploration: where a tile may go, rotation, tokens, treasures, the goal, the variant."""

import pytest

from goldlab.core.errors import IllegalActionError
from goldlab.games.goldland.board import parse_cell
from goldlab.games.goldland.events import TempleFound, TokenGained, TreasurePlaced
from goldlab.games.goldland.position import build


def test_explore_only_beside_the_adventurer_and_choose_space_and_rotation() -> None:
    # "On tile 2, it could place left, above, or below."
    s = build(players=2, tiles={"2,2": "T02"}, pawns=["2,2"], auto_chance=False)
    s.apply("explore")
    s.apply("chance: draw T12")
    places = {str(a) for a in s.legal_actions()}
    assert len(places) == 4 * 4
    assert {p.split(" rot")[0] for p in places} == {"place 1,2", "place 3,2", "place 2,1",
                                                     "place 2,3"}
    with pytest.raises(IllegalActionError, match="next to the adventurer"):
        s.apply("place 0,0 rot 0")
    events = s.apply("place 1,2 rot 270")
    assert s.tile_at(parse_cell("1,2")).id == "T12" and s.rotation_at(parse_cell("1,2")) == 3
    assert any(isinstance(e, TokenGained) for e in events)


def test_no_exploration_without_a_free_space_or_twice_a_turn() -> None:
    s = build(players=2, pawns=["6,6"])
    assert not s.is_legal("explore")  # the start tile has only coastal neighbours
    t = build(players=2, pawns=["6,4"], auto_chance=False)
    t.apply("explore")
    t.apply("chance: draw T01")
    t.apply("place 5,4 rot 0")
    with pytest.raises(IllegalActionError, match="once per turn"):
        t.apply("explore")


def test_a_treasure_field_gets_a_treasure_and_the_goal_space_the_temple() -> None:
    s = build(players=2, tiles={"0,1": "T02"}, pawns=["0,1"], auto_chance=False)
    s.apply("explore")
    s.apply("chance: draw T20")
    events = s.apply("place 0,0 rot 0")
    assert any(isinstance(e, TreasurePlaced) and e.got for e in events)
    assert any(isinstance(e, TempleFound) for e in events)
    assert s.treasure_at[0]


def test_empty_token_and_treasure_stocks_give_nothing() -> None:
    s = build(players=2, tiles={"0,1": "T02"}, pawns=["0,1"], auto_chance=False,
              tokens=[36, 0], treasure_stock=0)
    s.apply("explore")
    s.apply("chance: draw T20")
    events = s.apply("place 0,0 rot 0")
    assert any(isinstance(e, TokenGained) and not e.got for e in events)
    assert any(isinstance(e, TreasurePlaced) and not e.got for e in events)


def test_exploring_ends_nothing_but_needs_a_finished_movement() -> None:
    s = build(players=2, pawns=["6,5"], auto_chance=False)
    s.apply("move W")
    with pytest.raises(IllegalActionError, match="end the movement first"):
        s.apply("explore")
    s.apply("end move")
    s.apply("explore")
    assert s.is_chance_node()


def test_explore_before_moving_then_move() -> None:
    s = build(players=2, pawns=["6,4"], auto_chance=False)
    s.apply("explore")
    s.apply("chance: draw T03")
    s.apply("place 5,4 rot 0")  # T03: paths E, S, W: connected to C04 below
    s.apply("move N")
    assert s.pos[0] == parse_cell("5,4")


def test_beginners_grid_turns_up_the_chosen_face_down_tile() -> None:
    s = build(players=2, pawns=["6,4"], auto_chance=False, beginners_grid=True)
    assert "explore 5,4" in {str(a) for a in s.legal_actions()}
    with pytest.raises(IllegalActionError, match="name the face-down tile"):
        s.apply("explore")
    s.apply("explore 5,4")
    s.apply("chance: draw T27")
    assert {str(a).split(" rot")[0] for a in s.legal_actions()} == {"place 5,4"}
    s.apply("place 5,4 rot 0")


def test_the_stack_runs_out() -> None:
    tiles = {f"{r},{c}": f"T{1 + r * 6 + c:02d}" for r in range(6) for c in range(6)
             if (r, c) != (5, 4)}
    s = build(players=2, tiles=tiles, pawns=["6,4"], auto_chance=False, treasures=[])
    assert len(s.unseen) == 1
    s.apply("explore")
    s.apply(s.legal_actions()[0])
    s.apply("place 5,4 rot 0")
    s.apply("end turn")
    s.apply("pass")
    assert not s.unseen and not s.is_legal("explore")
