"""The conformance kit over many seeded random games (the issue asks for >= 2,000 per count)."""

import pytest

from goldlab.testing import check_game


@pytest.mark.parametrize("chunk", range(4))
def test_conformance_kit_on_gold_3p(chunk: int) -> None:
    # The hidden-information checks at every 8th step here (over 2,000 games still tens of
    # thousands of positions; every step in smaller runs): CI's time is short.
    report = check_game("gold", 3, games=500, seed=chunk, hidden_every=8)
    assert report.ok and report.games == 500
    assert report.refusals_checked > 0 and report.actions_checked > report.steps


def test_conformance_kit_with_options() -> None:
    check_game("gold", 3, games=50, seed=99,
               options={"bonus_may_be_declined": False, "start_player": 2})
