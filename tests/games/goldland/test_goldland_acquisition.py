"""B. Acquiring articles: once per turn, start or end tile, white kept, stock and space limits."""

import pytest

from goldlab.core.errors import IllegalActionError
from goldlab.games.goldland.position import build


def _acquires(state) -> set[str]:  # type: ignore[no-untyped-def]
    return {str(a) for a in state.legal_actions() if str(a).startswith("acquire")}


def test_start_tile_gives_2_pearls_and_3_provisions_or_any_part() -> None:
    s = build(players=2, packs=[""])
    got = _acquires(s)
    assert "acquire 3 provisions + 2 pearls" in got and "acquire pearl" in got
    assert len(got) == 3 * 4 - 1  # every non-empty part of the package


def test_white_articles_are_kept_and_side_by_side_articles_are_alternatives() -> None:
    # C05: pearl -> gun | spade
    s = build(players=2, pawns=["6,3"], packs=["pearl"])
    assert _acquires(s) == {"acquire gun", "acquire spade"}
    with pytest.raises(IllegalActionError, match="alternatives"):
        s.apply("acquire gun + spade")
    s.apply("acquire spade")
    assert str(s.observation(0).packs[0]) == "pearl + spade"


def test_overlapping_articles_come_together() -> None:
    # C09 at 4,6: spade -> timber + rope
    s = build(players=2, pawns=["4,6"], packs=["spade"])
    assert _acquires(s) == {"acquire rope", "acquire timber", "acquire rope + timber"}


def test_a_prerequisite_must_be_in_the_backpack() -> None:
    s = build(players=2, pawns=["6,3"], packs=["3 provisions"])
    with pytest.raises(IllegalActionError, match="must already possess pearl"):
        s.apply("acquire gun")


def test_stock_and_backpack_space_limit_the_acquisition() -> None:
    s = build(players=2, pawns=["6,4"], packs=["spade + 10 provisions"])
    assert _acquires(s) == {"acquire timber"}  # one free space
    with pytest.raises(IllegalActionError, match="only 1 free spaces"):
        s.apply("acquire 2 timbers")
    full = build(players=2, pawns=["6,4"], packs=["spade + 11 provisions"])
    assert not _acquires(full)


def test_no_acquisition_during_the_movement_and_only_once_per_turn() -> None:
    s = build(players=2, pawns=["6,5"], packs=["spade + pearl"])
    s.apply("acquire spade")  # on the start tile of the movement: C03 pearl -> spade
    s.apply("move W")
    with pytest.raises(IllegalActionError, match="end the movement first"):
        s.apply("acquire 2 timbers")
    s.apply("end move")
    with pytest.raises(IllegalActionError, match="once per turn"):
        s.apply("acquire 2 timbers")


def test_acquire_at_the_end_of_the_movement() -> None:
    s = build(players=2, pawns=["6,5"], packs=["spade"])
    s.apply("move W")
    s.apply("end move")
    s.apply("acquire 2 timbers")
    assert str(s.observation(0).packs[0]) == "spade + 2 timbers"


def test_a_tile_without_black_articles_offers_nothing() -> None:
    s = build(players=2, tiles={"5,4": ("T20", 180)}, pawns=["5,4"], packs=["pearl"],
              treasures=[])
    with pytest.raises(IllegalActionError, match="no black-bordered"):
        s.apply("acquire pearl")
