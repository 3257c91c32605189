"""Every illegal entry of a Goldland scenario is refused for the rule it names."""

import dataclasses

import pytest

from goldlab import scenarios
from goldlab.scenarios import Refused

GOLDLAND = [n for n in scenarios.names() if n.startswith("goldland/")]
WITH_ILLEGAL = [n for n in GOLDLAND if scenarios.load(n).illegal]


def test_several_goldland_scenarios_list_illegal_actions() -> None:
    assert len(WITH_ILLEGAL) >= 9, WITH_ILLEGAL


@pytest.mark.parametrize("name", WITH_ILLEGAL)
def test_each_illegal_entry_names_its_rule_and_is_refused_for_it(name: str) -> None:
    scenario = scenarios.load(name)
    assert all(isinstance(e, Refused) and e.rule and e.because for e in scenario.illegal), \
        scenario.illegal
    result = scenario.run()
    assert result.ok, str(result)


def test_an_entry_refused_for_another_rule_or_reason_fails_the_scenario() -> None:
    desert = scenarios.load("goldland/desert-treasure")
    # At the start the adventurer is not on the Desert: "dig" is refused, but because there is
    # no treasure there, not for want of the 2 provisions the scenario is about.
    wrong_reason = dataclasses.replace(
        desert, illegal=(Refused("dig", "C. Exploration: treasure", "2 provisions"),))
    assert any("another rule" in f for f in wrong_reason.run().failures)
    wrong_rule = dataclasses.replace(desert, illegal=(Refused("dig", "A. Move adventurer"),))
    assert any("another rule" in f for f in wrong_rule.run().failures)
    right = dataclasses.replace(
        desert, illegal=(Refused("dig", "C. Exploration: treasure", "no treasure"),))
    assert right.run().ok
