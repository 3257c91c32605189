"""Every Gold! rulebook example replays from the scenario library."""

import pytest

from goldlab import scenarios

GOLD = scenarios.names("gold")


def test_the_library_has_every_worked_example() -> None:
    for name in ["take-lowest", "exchange-option-1", "exchange-option-2", "set-with-bonus",
                 "colour-scoring", "only-donkeys-left"]:
        assert f"gold/{name}" in GOLD


@pytest.mark.parametrize("name", GOLD)
def test_scenario_replays(name: str) -> None:
    scenario = scenarios.load(name)
    assert scenario.quote and scenario.rule and scenario.expect
    result = scenario.run()
    assert result.ok, str(result)


def test_a_wrong_expectation_is_reported() -> None:
    import dataclasses

    bad = dataclasses.replace(scenarios.load("gold/take-lowest"), actions=("take red:D",))
    result = bad.run()
    assert not result.ok and "expectation failed" in result.failures[0]


def test_unknown_scenario() -> None:
    with pytest.raises(KeyError, match="names"):
        scenarios.load("gold/flying-donkey")
