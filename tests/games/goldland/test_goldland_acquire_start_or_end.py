"""Acquiring only at the start or the end of the movement, never in its middle.

"You may only acquire articles of equipment during your turn on one tile: either the tile
where your adventurer stood before moving or on the tile where it ended movement."
"""

from typing import Any

import pytest

from goldlab.core.errors import IllegalActionError
from goldlab.games.goldland.position import build

# C04 (6,4) trades a spade (white-bordered) for 2 timbers; 6,5 lies east of it.
ACQUIRE = "acquire 2 timbers"


def listed(state: Any) -> bool:
    return ACQUIRE in [str(a) for a in state.legal_actions()]


def test_on_the_tile_where_the_adventurer_stood_before_moving() -> None:
    s = build(players=2, pawns=["6,4", "6,6"], packs=["spade + 3 provisions"])
    assert listed(s) and s.is_legal(ACQUIRE)
    s.apply(ACQUIRE)


def test_not_on_a_tile_crossed_in_the_middle_of_the_movement() -> None:
    s = build(players=2, pawns=["6,5", "6,6"], packs=["spade + 3 provisions"])
    s.apply("move W")  # now on C04, still moving
    assert not listed(s) and not s.is_legal(ACQUIRE)
    with pytest.raises(IllegalActionError, match="begin or end their movement"):
        s.apply(ACQUIRE)


def test_not_on_the_start_tile_when_the_movement_passes_it_again() -> None:
    s = build(players=2, pawns=["6,4", "6,6"], packs=["spade + 3 provisions"])
    s.apply("move E")
    s.apply("move W")  # back on C04 in the middle of the movement
    assert not listed(s) and not s.is_legal(ACQUIRE)


def test_on_the_tile_where_the_movement_ended() -> None:
    s = build(players=2, pawns=["6,5", "6,6"], packs=["spade + 3 provisions"])
    s.apply("move W")
    s.apply("end move")
    assert listed(s) and s.is_legal(ACQUIRE)
    s.apply(ACQUIRE)
