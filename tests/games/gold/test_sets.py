"""Scoring a set and the bonus card."""

import pytest

from goldlab.core.errors import IllegalActionError
from goldlab.games.gold.events import NoBonusAvailable, SetScored
from goldlab.games.gold.position import from_position


def _set_pending(**options: object):  # type: ignore[no-untyped-def]
    s = from_position(
        offer="red:6 violet:8",
        tableaux=["red:3 red:5 blue:4", "red:4 green:5 pink:D blue:7", "orange:6"],
        **options,
    )
    s.apply("take red:6")
    return s


def test_a_set_must_be_scored_after_the_action() -> None:
    s = _set_pending()
    assert s.phase == "bonus" and s.current_player == 0
    s.apply("no bonus")
    assert sorted(str(c) for c in s.piles[0]) == ["red:3", "red:5", "red:6"]
    assert [str(c) for c in s.tableaux[0]] == ["blue:4"]
    assert s.current_player == 1


def test_bonus_card_may_not_be_in_a_colour_already_in_the_tableau() -> None:
    s = _set_pending()
    with pytest.raises(IllegalActionError, match="already present in his tableau"):
        s.apply("steal blue:7 from seat 1")
    assert not s.is_legal("steal blue:7 from seat 1")


def test_bonus_card_may_not_be_in_the_colour_of_the_set() -> None:
    s = _set_pending()
    with pytest.raises(IllegalActionError, match="colour of the set"):
        s.apply("steal red:4 from seat 1")


def test_bonus_may_take_a_donkey_of_an_absent_colour() -> None:
    s = _set_pending()
    assert s.is_legal("steal pink:D from seat 1")
    assert s.is_legal("steal orange:6 from seat 2")


def test_bonus_can_be_declined_by_default_and_forced_by_option() -> None:
    assert _set_pending().is_legal("no bonus")
    forced = _set_pending(bonus_may_be_declined=False)
    with pytest.raises(IllegalActionError, match="must be taken"):
        forced.apply("no bonus")


def test_no_bonus_decision_when_no_card_is_allowed() -> None:
    s = from_position(offer="red:6", tableaux=["red:3 red:5", "red:4", "red:D"])
    events = s.apply("take red:6")
    assert any(isinstance(e, NoBonusAvailable) for e in events)
    assert any(isinstance(e, SetScored) for e in events)
    assert s.phase == "action"


def test_a_bonus_can_never_complete_a_second_set() -> None:
    s = _set_pending()
    s.apply("steal orange:6 from seat 2")
    assert all(sum(1 for c in t if c.colour == col) < 3
               for t in s.tableaux for col in {c.colour for c in t})


def test_steal_outside_the_bonus_is_refused() -> None:
    s = from_position(offer="red:6", tableaux=["blue:4", "green:5"])
    with pytest.raises(IllegalActionError, match="only right after completing a set"):
        s.apply("steal green:5 from seat 1")
    with pytest.raises(IllegalActionError, match=r"no bonus to decline|only right after"):
        s.apply("no bonus")


def test_other_actions_wait_until_the_bonus_is_settled() -> None:
    s = _set_pending()
    with pytest.raises(IllegalActionError, match="first settle the set bonus"):
        s.apply("take violet:8")


def test_steal_from_oneself_is_refused() -> None:
    s = _set_pending()
    with pytest.raises(IllegalActionError, match="opponent"):
        s.apply("steal blue:4 from seat 0")
