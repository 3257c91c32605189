"""The named position: what a state saves, loads, writes to a record and checks."""

import random

import pytest

import goldlab
from goldlab.core.errors import RecordError
from goldlab.core.record import from_json, start_position
from goldlab.games.gold.position import GoldPosition, before_the_deal, position_problem
from goldlab.games.gold.state import GoldState


def _positions(players: int, seed: int) -> list[tuple[GoldState, GoldPosition]]:
    state = goldlab.make("gold", players=players, seed=seed, mode="study")
    assert isinstance(state, GoldState)
    rng = random.Random(seed)
    seen = [(state.clone(), state._save())]
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        seen.append((state.clone(), state._save()))
    return seen


@pytest.mark.parametrize("players", [2, 3])
def test_the_saved_position_holds_each_field_of_the_state_by_name(players: int) -> None:
    for state, position in _positions(players, 7):
        assert isinstance(position, GoldPosition)
        assert position._asdict() == {f: getattr(state, f) for f in GoldPosition._fields}


@pytest.mark.parametrize("players", [2, 3])
def test_every_position_of_a_game_reads_back_from_its_json_and_is_possible(
        players: int) -> None:
    # (including a set bonus waiting with the offer empty: its refill follows the bonus)
    for _, position in _positions(players, 8):
        assert GoldPosition.from_json(position.to_json(), players) == position
        assert position_problem(position, players) is None


def test_loading_a_saved_position_restores_the_state() -> None:
    (early, saved), *_, (late, _) = _positions(2, 9)
    late._load(saved)
    assert late._save() == saved
    assert late.observation(0).offer == early.observation(0).offer


def test_a_record_stores_the_position_under_the_rulebooks_names() -> None:
    state = goldlab.make("gold", players=2, seed=3)
    data = state.to_json()["data"]
    assert set(data) == {"phase", "turn", "offer", "tableaux", "scoring_piles", "unseen",
                         "draw_pile", "to_reveal", "deal_queue", "grand_final", "set_colour",
                         "box", "discard"}
    assert data["draw_pile"] == state.pile_count and len(data["offer"]) == 5
    assert from_json(state.to_json()) == state


def test_the_position_before_the_deal_returns_one_donkey_per_colour_with_two_players() -> None:
    two, three = before_the_deal(2, 1), before_the_deal(3, 0)
    assert len(two.box) == 6 and sum(two.unseen) == 54 and two.turn == 1
    assert three.box == () and sum(three.unseen) == 60
    assert two.tableaux == ((), ()) and three.piles == ((), (), ())


def test_an_impossible_position_is_named_when_a_record_is_loaded() -> None:
    state = goldlab.make("gold", players=2, seed=3)
    data = {**state.to_json(), "history": []}
    data["data"]["offer"] = data["data"]["offer"][:-1]  # a card vanishes
    with pytest.raises(RecordError, match="cards are not conserved"):
        start_position(data)


def _moved(data: dict[str, object], cards: list[str], seat: int) -> dict[str, object]:
    """``data`` (a state's JSON) with ``cards`` moved from the draw pile to ``seat``'s tableau."""
    import copy

    out = copy.deepcopy(data)
    position = out["data"]
    assert isinstance(position, dict)
    for c in cards:
        position["unseen"][c] -= 1
        position["tableaux"][seat].append(c)
    position["draw_pile"] -= 5 * -(-len(cards) // 5)  # the pile stays a multiple of the offer
    return out


def test_two_sets_pending_in_the_bonus_are_refused_by_every_door() -> None:
    state = goldlab.make("gold", players=2, seed=1)
    two_sets = _moved(state.to_json(), ["green:3", "green:5", "green:6",
                                        "blue:3", "blue:4", "blue:5"], 0)
    two_sets["data"].update(phase="bonus", set_colour="green")  # type: ignore[attr-defined]
    for door in (from_json, start_position):
        with pytest.raises(RecordError, match="holds 2 sets"):
            door({**two_sets, "history": []})
    # An opponent holding a set while another seat acts is as impossible.
    other = _moved(state.to_json(), ["green:3", "green:5", "green:6"], 1)
    with pytest.raises(RecordError, match="set"):
        from_json(other)


def test_a_saved_state_where_nobody_can_move_is_refused() -> None:
    state = goldlab.make("gold", players=2, seed=1)
    data = state.to_json()
    position = data["data"]
    for c in position["offer"]:
        position["unseen"][c] = position["unseen"].get(c, 0) + 1
    position["offer"] = []
    position["draw_pile"] += 5
    with pytest.raises(RecordError, match="offer is empty"):
        from_json(data)


def test_a_saved_state_is_checked_as_a_start_position_is() -> None:
    state = goldlab.make("gold", players=2, seed=3)
    data = state.to_json()
    data["data"]["offer"] = data["data"]["offer"][:-1]  # a card vanishes
    with pytest.raises(RecordError, match="cards are not conserved"):
        from_json(data)
    for broken in ({}, {**state.to_json(), "rng": [3]}, {**state.to_json(), "players": "x"}):
        with pytest.raises(RecordError, match="malformed"):
            from_json(broken)
    assert from_json(state.to_json()) == state
