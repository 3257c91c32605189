"""The worked examples: the Puma and Desert illustrations, Arno's three turns, the ordeal."""

import pytest

from goldlab import scenarios
from goldlab.games.goldland.events import Acquired, MovementStarted
from goldlab.games.goldland.scenarios import (
    ARNO_TURN_1,
    ARNO_TURN_2,
    ARNO_TURN_3,
    OTHERS_PASS,
    pack_of,
)

GOLDLAND = scenarios.names("goldland")


@pytest.mark.parametrize("name", GOLDLAND)
def test_every_scenario_replays(name: str) -> None:
    scenario = scenarios.load(name)
    assert scenario.quote and scenario.rule and scenario.expect
    result = scenario.run()
    assert result.ok, str(result)


def test_the_worked_examples_are_in_the_library() -> None:
    for name in ("arno-three-turns", "puma", "desert-treasure", "ordeal", "hint-acquire-twice",
                 "exchange-used-at-once", "temple-bonus-round", "end-last-reserve-gold",
                 "exploration-spaces"):
        assert f"goldland/{name}" in GOLDLAND


def test_arno_turn_by_turn() -> None:
    """Every backpack count and movement allowance the example gives."""
    state = scenarios.load("goldland/arno-three-turns").before()
    assert sum(state.packs[0]) == 5 and 12 - sum(state.packs[0]) == 7

    def play(actions: tuple[str, ...]) -> list:  # type: ignore[type-arg]
        events = []
        for text in actions:
            events.extend(state.apply(text))
        return events

    # Turn 1: "Arno moves 3 spaces ... He chooses the spade" (6 objects)
    events = play(ARNO_TURN_1)
    assert [e.allowance for e in events if isinstance(e, MovementStarted)] == [7]
    assert sum(state.packs[0]) == 6 and state.tokens[0] == 1
    play(OTHERS_PASS)
    # Turn 2: "He now has 8 objects in his backpack and can move a maximum of 4 spaces"
    play(ARNO_TURN_2)
    assert sum(state.packs[0]) == 8 and 12 - sum(state.packs[0]) == 4
    assert state.tokens[0] == 2 and state.treasure_at[5 * 7 + 4]
    play(OTHERS_PASS)
    # Turn 3: "He now has 11 objects in his backpack and can move a maximum of 1 space."
    events = play(ARNO_TURN_3[:2])
    assert sum(state.packs[0]) == 11
    events = play(ARNO_TURN_3[2:])
    assert [e.allowance for e in events if isinstance(e, MovementStarted)] == [1]
    assert str(pack_of(state)) == "provision + 2 pearls + spade + 3 timbers + treasure"
    assert sum(state.packs[0]) == 8 and state.tokens[0] == 1


def test_the_ordeal_example_numbers() -> None:
    result = scenarios.load("goldland/ordeal").run()
    assert result.ok
    assert sum(result.before.packs[0]) == 8 and sum(result.after.packs[0]) == 3


def test_puma_reward_needs_the_movement_to_end_there() -> None:
    state = scenarios.load("goldland/q1-no-acquiring-while-moving").before()
    state.apply("move N")  # on to the Natives: no provisions from the Puma any more
    state.apply("end move")
    acquires = {str(a) for a in state.legal_actions() if str(a).startswith("acquire")}
    assert acquires == {"acquire gun", "acquire spade"}
    assert not any(isinstance(e, Acquired) for e in state.events())


@pytest.mark.parametrize("name", GOLDLAND)
def test_scenario_games_replay_from_their_records_and_json(name: str) -> None:
    import json

    from goldlab.core.record import from_json, load_record

    after = scenarios.load(name).run().after
    assert load_record(after.record().to_json()).replay() == after
    assert from_json(json.loads(json.dumps(after.to_json()))) == after
