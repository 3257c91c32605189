"""A Goldland start position read from a file is checked in full (``position.problem``).

Every position the engine reaches, and every one ``position.build`` makes for the
scenarios, passes and loads again; a position broken in one field is one
RecordError whose message names that field.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import pytest

import goldlab
from goldlab import scenarios
from goldlab.bots import make_bot
from goldlab.core.errors import RecordError
from goldlab.core.record import load_record, start_position
from goldlab.games.goldland.board import parse_cell
from goldlab.games.goldland.phases import COAST, DRAW, MOVING, OVER, PLACE
from goldlab.games.goldland.position import build, problem
from goldlab.games.goldland.state import GoldlandState

Data = dict[str, Any]


def _play(players: int, seed: int, randomness: float, cap: int = 8,
          **options: Any) -> Iterator[GoldlandState]:
    """Every position of one game, played by heuristic bots mixed with random choices."""
    state = goldlab.make("goldland", players=players, seed=seed, mode="study", turn_cap=cap,
                         **options)
    assert isinstance(state, GoldlandState)
    bots = [make_bot("goldland", "heuristic", s, seed + s) for s in range(players)]
    rng = random.Random(seed)
    yield state
    while not state.is_terminal():
        legal = state.legal_actions()
        seat = state.current_player
        if seat < 0 or rng.random() < randomness:
            action = rng.choice(legal)
        else:
            action = bots[seat].choose(state.observation(seat), legal)
        state.apply(action)
        yield state


def _start(state: GoldlandState) -> Data:
    """``state`` as a record's start position (JSON text and back)."""
    data = state.to_json()
    data["history"] = []
    loaded: Data = json.loads(json.dumps(data))
    return loaded


def _loads(data: Data) -> GoldlandState:
    state = start_position(data)
    assert isinstance(state, GoldlandState)
    return state


GAMES = [
    (2, 1, 0.0, {}),
    (3, 2, 0.3, {"coast": "shown", "start_tile_entered": True}),
    (4, 3, 1.0, {"beginners_grid": True, "start_player": 2}),
    (5, 4, 0.3, {"ordeal_reward": False, "amulet_when_staying": False}),
    (2, 5, 0.3, {"beginners_grid": True, "start_tile_entered": True, "start_player": 1}),
    (3, 6, 0.0, {"coast": "shown"}),
]


@pytest.mark.parametrize(("players", "seed", "randomness", "options"), GAMES)
def test_every_position_of_a_played_game_passes_and_loads(
        players: int, seed: int, randomness: float, options: dict[str, Any]) -> None:
    phases = set()
    for state in _play(players, seed, randomness, auto_chance=False, **options):
        assert problem(state) is None, (len(state.history), problem(state))
        loaded = _loads(_start(state))
        assert loaded._save() == state._save()
        phases.add(state.phase)
    assert {DRAW, PLACE, OVER} <= phases


def test_positions_with_held_articles_pass() -> None:
    # articles held from an exchange ('to use', or with a full backpack) until paid
    seen = 0
    for seed in range(40):
        for state in _play(3, seed, 1.0, cap=6):
            if any(state.hand):
                seen += 1
                assert problem(state) is None
                assert _loads(_start(state))._save() == state._save()
        if seen >= 3:
            break
    assert seen


def test_a_game_dealing_the_random_coast_passes() -> None:
    state = goldlab.make("goldland", players=3, seed=9, auto_chance=False)
    assert isinstance(state, GoldlandState) and state.phase == COAST
    for _ in range(10):
        assert problem(state) is None
        assert _loads(_start(state))._save() == state._save()
        state.apply(state.legal_actions()[0])
    assert state.phase != COAST and problem(state) is None


@pytest.mark.parametrize("name", scenarios.names("goldland"))
def test_every_scenario_position_passes(name: str) -> None:
    scenario = scenarios.load(name)
    state = scenario.setup()
    assert isinstance(state, GoldlandState)
    assert problem(state) is None
    assert state._start is not None  # the built position (a set-up may play a step after it)
    built = _loads(json.loads(json.dumps(state._start)))
    assert problem(built) is None
    assert _loads(_start(state))._save() == state._save()
    for text in scenario.actions:
        state.apply(text)
        assert problem(state) is None, (text, problem(state))
        assert _loads(_start(state))._save() == state._save()


# ----------------------------------------------------------------- mutations
@cache
def _positions() -> dict[str, str]:
    """Valid start positions (as JSON text) in each phase of a turn, found by playing."""
    found: dict[str, str] = {}
    wanted: dict[str, Callable[[GoldlandState], bool]] = {
        "moving": lambda s: s.move == MOVING and s.steps >= 2,
        "draw": lambda s: s.phase == DRAW,
        "place": lambda s: s.phase == PLACE,
        "over": lambda s: s.phase == OVER,
        "camps": lambda s: len(s.camps) >= 2 and s.phase != OVER,
        "hand": lambda s: any(s.hand),
    }
    for seed in range(60):
        for state in _play(3, seed, 0.3, cap=8, auto_chance=False):
            for key, test in wanted.items():
                if key not in found and test(state):
                    found[key] = json.dumps(_start(state))
        if len(found) == len(wanted):
            break
    coast = goldlab.make("goldland", players=2, seed=1, auto_chance=False)
    found["coast"] = json.dumps(_start(coast))  # type: ignore[arg-type]
    found["start"] = json.dumps(_start(build(players=4, tokens=[3, 0, 0, 0])))
    assert len(found) == len(wanted) + 2, sorted(found)
    return found


def _position(kind: str) -> Data:
    data: Data = json.loads(_positions()[kind])
    return data


def _empty_inner(data: Data) -> str:
    return next(f"{r},{c}" for r in range(6) for c in range(6) if f"{r},{c}" not in data["board"])


def _laid_inner(data: Data, adventure: bool | None = None) -> str:
    from goldlab.games.goldland.tiles import default_tiles

    tiles = default_tiles()
    for name, (tile_id, _) in data["board"].items():
        tile = tiles.by_id(tile_id)
        if tile.kind == "inner" and (adventure is None or (tile.adventure is not None) == adventure):
            return str(name)
    raise AssertionError("no such tile laid")


def _set(key: str, value: Any) -> Callable[[Data], None]:
    def change(d: Data) -> None:
        d[key] = value

    return change


def _seat(key: str, value: Any, seat: int = 0) -> Callable[[Data], None]:
    def change(d: Data) -> None:
        d[key][seat] = value

    return change


def _bump(key: str, index: int | None, by: int) -> Callable[[Data], None]:
    def change(d: Data) -> None:
        if index is None:
            d[key] += by
        else:
            d[key][index] += by

    return change


def _pack(seat: int, obj: int, by: int) -> Callable[[Data], None]:
    def change(d: Data) -> None:
        d["packs"][seat][obj] += by

    return change


def _lay_unseen(d: Data) -> None:  # a face-down tile also on the board
    d["board"][_empty_inner(d)] = [d["unseen"][0], 0]


def _lay_twice(d: Data) -> None:  # a laid tile laid again elsewhere
    d["board"][_empty_inner(d)] = list(d["board"][_laid_inner(d)])


def _swap_tile_lost(d: Data) -> None:  # an inner tile in no zone
    d["unseen"] = d["unseen"][1:]


def _inner_on_coast(d: Data) -> None:
    d["board"]["6,3"] = [d["unseen"][0], 0]
    d["unseen"] = d["unseen"][1:]


def _coast_turned(d: Data) -> None:
    d["board"]["6,3"][1] = 90


def _start_removed(d: Data) -> None:
    del d["board"]["6,6"]


def _extra_treasure(d: Data) -> None:
    d["treasure_at"].append("6,3")  # a coastal tile: no treasure field


def _camp_on_plain_tile(d: Data) -> None:
    d["camps"][-1][0] = "6,3"  # a coastal tile: no adventure


def _camp_lost(d: Data) -> None:
    d["camps"].pop()


def _pawn_off_board(d: Data) -> None:
    d["pos"][0] = _empty_inner(d)
    if d["path"]:
        d["path"] = []


def _path_broken(d: Data) -> None:
    d["path"][-1] = "0,0"


def _held_not_usable(d: Data) -> None:
    # a timber held, taken from the stock: conserved, but no payment can use it
    d["hand"][5] += 1
    d["stock"][5] -= 1
    d["move"] = 2
    d["acted"] = True


def _held_while_exploring(d: Data) -> None:
    d["hand"][0] += 1
    d["stock"][0] -= 1


def _drawn_in_turn(d: Data) -> None:
    d["drawn"] = d["unseen"].pop()


def _unsorted_unseen(d: Data) -> None:
    d["unseen"] = d["unseen"][::-1]


def _coast_dealt_twice(d: Data) -> None:
    d["coast_queue"] = [*d["coast_queue"], d["coast_queue"][0]]


def _camp_right_on_plain(d: Data) -> None:
    d["camp_right"] = True
    d["steps"] = 1
    d["allowance"] = 5
    d["move"] = 1
    d["acted"] = True
    pos = d["pos"][d["turn"]]
    d["path"] = [pos]


# (position, mutation, field the message must name)
MUTATIONS: dict[str, tuple[str, Callable[[Data], None], str]] = {
    # sizes
    "packs one short": ("start", lambda d: d["packs"].pop(), "packs"),
    "tokens one too many": ("start", lambda d: d["tokens"].append(0), "tokens"),
    "gold one short": ("start", lambda d: d["gold"].pop(), "gold"),
    "camps_left one short": ("start", lambda d: d["camps_left"].pop(), "camps_left"),
    "pos one short": ("start", lambda d: d["pos"].pop(), "pos"),
    "markers one short": ("start", lambda d: d["markers"].pop(), "markers"),
    "stock one short": ("start", lambda d: d["stock"].pop(), "stock"),
    "hand one too many": ("start", lambda d: d["hand"].append(0), "hand"),
    "backpack of ten kinds": ("start", lambda d: d["packs"][1].append(0), "packs"),
    # ranges
    "turn out of range": ("start", _set("turn", 4), "turn"),
    "turn negative": ("moving", _set("turn", -1), "turn"),
    "turn as text": ("start", _set("turn", "0"), "turn"),
    "round zero": ("start", _set("round", 0), "round"),
    "round as a fraction": ("start", _set("round", 1.5), "round"),
    "move 3": ("moving", _set("move", 3), "move"),
    "allowance 13": ("moving", _set("allowance", 13), "allowance"),
    "markers holder out of range": ("start", _seat("markers", 4), "markers"),
    "first arrival out of range": ("start", _set("first_arrival", 7), "first_arrival"),
    "bonus above the set-up": ("start", _set("bonus", 9), "bonus"),
    "reserve above the set-up": ("start", _set("reserve", 10), "reserve"),
    "camps_left eleven": ("start", _seat("camps_left", 11), "camps_left"),
    "drawn not an inner tile": ("place", _set("drawn", "C01"), "drawn"),
    "flag as a number": ("start", _set("capped", 0), "capped"),
    "flag as text": ("moving", _set("acted", "yes"), "acted"),
    "end reason not text": ("start", _set("end_reason", 3), "end_reason"),
    # negative counts
    "negative stock": ("start", _bump("stock", 2, -17), "stock"),
    "negative gold": ("start", _seat("gold", -1), "gold"),
    "negative tokens": ("start", _seat("tokens", -1), "tokens"),
    "negative steps": ("moving", _set("steps", -1), "steps"),
    "negative token stock": ("start", _set("token_stock", -3), "token_stock"),
    "negative pack count": ("start", _pack(0, 3, -1), "packs"),
    # conservation
    "an extra article in the stock": ("start", _bump("stock", 0, 1), "stock"),
    "an extra article in a backpack": ("moving", _pack(1, 6, 1), "packs"),
    "a missing discovery token": ("start", _bump("token_stock", None, -1), "token_stock"),
    "an extra discovery token held": ("start", _bump("tokens", 1, 1), "tokens"),
    "too many treasures": ("start", _bump("treasure_stock", None, 1), "treasure_stock"),
    "a treasure off a treasure field": ("start", _extra_treasure, "treasure_at"),
    "an extra amulet": ("start", _bump("amulets_left", None, 1), "amulets_left"),
    "two amulets in a backpack": ("start", _pack(0, 8, 2), "packs"),
    "backpack of 13": ("start", _pack(2, 6, 8), "packs"),
    "a tile face down and laid": ("start", _lay_unseen, "unseen"),
    "a tile laid twice": ("camps", _lay_twice, "board"),
    "a tile lost": ("camps", _swap_tile_lost, "unseen"),
    "an inner tile on the coast": ("start", _inner_on_coast, "board"),
    "a coastal tile turned inland": ("start", _coast_turned, "board"),
    "the start tile missing": ("start", _start_removed, "board"),
    "face-down tiles out of order": ("moving", _unsorted_unseen, "unseen"),
    "a camp on a tile without adventure": ("camps", _camp_on_plain_tile, "camps"),
    "a camp lost": ("camps", _camp_lost, "camps_left"),
    "a camp of no seat": ("camps", lambda d: d["camps"][0].__setitem__(1, 5), "camps"),
    # phases and the turn
    "unknown phase": ("start", _set("phase", "bidding"), "phase"),
    "place without a drawn tile": ("start", _set("phase", PLACE), "drawn"),
    "drawn tile in the turn phase": ("moving", _drawn_in_turn, "drawn"),
    "draw from an empty stack": ("draw", lambda d: d["unseen"].clear(), "unseen"),
    "draw while moving": ("draw", _set("move", MOVING), "explored"),
    "over without an end": ("start", _set("phase", OVER), "phase"),
    "capped in mid-game": ("moving", _set("capped", True), "capped"),
    "over at the wrong seat": ("over", _bump("turn", None, 1), "turn"),
    "coast phase in a shown coast": ("start", _set("phase", COAST), "phase"),
    "coast phase after play began": ("coast", _set("round", 2), "round"),
    "coast queue in order": ("coast", _coast_dealt_twice, "coast_queue"),
    "coast queue in the turn": ("start", _set("coast_queue", ["6,5"]), "coast_queue"),
    "steps beyond the allowance": ("moving", _set("allowance", 1), "steps"),
    "steps without movement": ("moving", _set("move", 0), "move"),
    "path that does not end at the pawn": ("moving", _path_broken, "path"),
    "path too short": ("moving", lambda d: d["path"].pop(0), "path"),
    "pawn on an empty space": ("start", _pawn_off_board, "pos"),
    "camp right on a plain tile": ("start", _camp_right_on_plain, "camp_right"),
    "explore_at without the beginners' grid": ("draw", _set("explore_at", "0,0"), "explore_at"),
    "held article no payment can use": ("start", _held_not_usable, "hand"),
    "held articles while exploring": ("place", _held_while_exploring, "hand"),
    "round beyond the turn cap": ("moving", _set("round", 9), "round"),
    "box paid with reserve left": ("start", _set("box_paid", 1), "box_paid"),
    "bonus open before anyone arrived": ("start", _set("bonus_open", True), "bonus_open"),
}


@pytest.mark.parametrize("name", sorted(MUTATIONS))
def test_a_mutated_position_is_one_record_error_naming_the_field(name: str) -> None:
    kind, change, field = MUTATIONS[name]
    data = _position(kind)
    change(data["data"])
    with pytest.raises(RecordError) as caught:
        start_position(data)
    message = str(caught.value)
    assert f"'{field}'" in message, message
    assert "cannot be examined" not in message, message


@pytest.mark.parametrize("kind", ["moving", "draw", "place", "over", "camps", "hand", "coast",
                                  "start"])
def test_the_unmutated_positions_load(kind: str) -> None:
    data = _position(kind)
    state = _loads(copy.deepcopy(data))
    assert problem(state) is None


def test_a_record_with_a_broken_goldland_start_is_one_record_error() -> None:
    state = build(players=2, tiles={"5,4": "T19"}, pawns=["6,4", "6,6"], packs=["2 guns"])
    state.apply("move N")
    record = json.loads(state.record().to_json())
    assert load_record(json.dumps(record)).replay() == state
    record["start"]["data"]["stock"][3] += 1
    with pytest.raises(RecordError, match="'stock'"):
        load_record(json.dumps(record)).replay()
    record["start"]["data"]["stock"][3] -= 1
    record["start"]["rng"][1][5] = 2**32
    with pytest.raises(RecordError, match="generator"):
        load_record(json.dumps(record)).replay()


def test_build_refuses_what_a_record_could_not_load() -> None:
    from goldlab.core.errors import OptionsError

    with pytest.raises(OptionsError, match="'treasure_at'"):
        build(players=2, treasures=["6,3"])  # a coastal tile has no treasure field
    with pytest.raises(OptionsError, match="'first_arrival'"):
        build(players=2, first_arrival=2)
    with pytest.raises(OptionsError, match="'bonus'"):
        build(players=2, bonus=5)


# ----------------------------------------------------------------- strict reading
def _rotation(value: Any) -> Callable[[Data], None]:
    def change(d: Data) -> None:
        d["board"]["6,6"][1] = value  # the start tile

    return change


def _camp_seat(value: Any) -> Callable[[Data], None]:
    def change(d: Data) -> None:
        d["camps"][0][1] = value

    return change


def _treasure_twice(d: Data) -> None:
    assert d["treasure_at"], "the position needs a treasure"
    d["treasure_at"].append(d["treasure_at"][0])


def _unseen_twice(d: Data) -> None:
    d["unseen"][1] = d["unseen"][0]


def _rename_field(d: Data) -> None:
    d["gold_pieces"] = d.pop("gold")


# (position, mutation, field the message must name): values a file could hold that
# the reader once coerced (a rotation rounded, a seat "1" read as 1, a treasure
# listed twice collapsed) or failed on without naming the field
STRICT: dict[str, tuple[str, Callable[[Data], None], str]] = {
    "rotation 45": ("start", _rotation(45), "board"),
    "rotation as text": ("start", _rotation("90"), "board"),
    "rotation as a fraction": ("start", _rotation(90.7), "board"),
    "rotation as a flag": ("start", _rotation(True), "board"),
    "rotation 360": ("start", _rotation(360), "board"),
    "rotation -90": ("start", _rotation(-90), "board"),
    "rotation missing": ("start", lambda d: d["board"]["6,6"].pop(), "board"),
    "board tile unknown": ("start", lambda d: d["board"]["6,6"].__setitem__(0, "T99"), "board"),
    "board space as a number": ("start", lambda d: d["board"].__setitem__("77", ["T01", 0]),
                                "board"),
    "board not a mapping": ("start", _set("board", []), "board"),
    "camp seat as text": ("camps", _camp_seat("1"), "camps"),
    "camp seat as a flag": ("camps", _camp_seat(True), "camps"),
    "camp seat as a fraction": ("camps", _camp_seat(1.0), "camps"),
    "camp not a pair": ("camps", lambda d: d["camps"][0].append(0), "camps"),
    "camp space as a number": ("camps", lambda d: d["camps"][0].__setitem__(0, 3), "camps"),
    "treasure listed twice": ("camps", _treasure_twice, "treasure_at"),
    "treasure space not a name": ("start", _set("treasure_at", [33]), "treasure_at"),
    "face-down tile listed twice": ("start", _unseen_twice, "unseen"),
    "face-down tile as a number": ("start", lambda d: d["unseen"].__setitem__(0, 5), "unseen"),
    "pawn space as a number": ("start", _seat("pos", 13), "pos"),
    "pawn space padded": ("start", _seat("pos", " 6,6"), "pos"),
    "pawn space off the grid": ("start", _seat("pos", "7,0"), "pos"),
    "pos not a list": ("start", _set("pos", "6,6"), "pos"),
    "path step as a number": ("moving", lambda d: d["path"].__setitem__(0, 1), "path"),
    "coast space listed twice": ("coast", _coast_dealt_twice, "coast_queue"),
    "drawn tile as a number": ("place", _set("drawn", 3), "drawn"),
    "explore_at as a list": ("draw", _set("explore_at", [0, 0]), "explore_at"),
    "a field missing": ("start", lambda d: d.pop("markers"), "markers"),
    "an unknown field": ("start", _rename_field, "gold_pieces"),
}


@pytest.mark.parametrize("name", sorted(STRICT))
def test_a_malformed_field_is_one_record_error_naming_it(name: str) -> None:
    kind, change, field = STRICT[name]
    data = _position(kind)
    change(data["data"])
    with pytest.raises(RecordError) as caught:
        start_position(data)
    message = str(caught.value)
    assert f"'{field}'" in message, message
    assert "laid twice" not in message and "cannot be examined" not in message, message


def test_each_exact_rotation_is_read_as_quarter_turns() -> None:
    state = _loads(_position("start"))
    data = _position("start")["data"]
    for quarter_turns, degrees in enumerate((0, 90, 180, 270)):
        data["board"]["6,6"][1] = degrees
        snapshot = state._snapshot_from_json(copy.deepcopy(data))
        assert snapshot.board[parse_cell("6,6")] & 3 == quarter_turns
