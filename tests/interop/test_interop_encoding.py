"""The stable encoding of actions, chance outcomes, observations and information states.

Standard library only: these tests run without the interop extras.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
from interop_cases import CASES, FIXED_ACTION_SPACE, NOT_ENCODED, case_id, options

import goldlab
from goldlab.core.state import CHANCE, State
from goldlab.interop.encoding import Encoding, encoding_for


def random_game(name: str, players: int, seed: int, **extra: Any) -> list[State[Any]]:
    """Every state of one random game with explicit chance (outcomes drawn with their odds)."""
    state = goldlab.make(name, players=players, seed=seed, auto_chance=False, mode="study",
                         **{**options(name), **extra})
    rng = random.Random(seed)
    states = [state.clone()]
    while not state.is_terminal():
        if state.current_player == CHANCE:
            outcomes = state.chance_outcomes()
            pick = rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0]
            state.apply(pick)
        else:
            state.apply(rng.choice(state.legal_actions()))
        states.append(state.clone())
    return states


def within_bounds(values: list[float], high: list[float]) -> bool:
    return len(values) == len(high) and all(0.0 <= v <= h for v, h in zip(values, high, strict=True))


@pytest.mark.parametrize("case", [c for c in CASES if c[0] in FIXED_ACTION_SPACE], ids=case_id)
def test_every_candidate_action_has_a_number_that_decodes_back(case: tuple[str, int]) -> None:
    name, players = case
    state = goldlab.make(name, players=players, seed=1)
    enc = encoding_for(state.game)
    for action in state.game.candidate_actions(state):
        number = enc.action_id(action)
        assert 0 <= number < enc.num_distinct_actions
        assert enc.action_of(number) == action
    assert len(set(map(str, enc.actions))) == enc.num_distinct_actions
    assert len(set(map(str, enc.chance))) == enc.max_chance_outcomes


GOLDLAND_VARIANTS = [
    ("goldland", 3, {"beginners_grid": True}),
    ("goldland", 2, {"coast": "shown", "start_player": 1}),
]


@pytest.mark.parametrize(
    "case",
    [(*c, {}) for c in CASES] + [v for v in GOLDLAND_VARIANTS if v[0] in [n for n, _ in CASES]],
    ids=lambda c: case_id(c[:2]) + ("-" + "-".join(map(str, c[2].values())) if c[2] else ""),
)
def test_a_random_game_is_fully_encodable(case: tuple[str, int, dict[str, Any]]) -> None:
    name, players, extra = case
    states = random_game(name, players, seed=players, **extra)
    enc = encoding_for(states[0].game)
    obs_high, info_high = enc.observation_high(), enc.information_state_high()
    decisions = chances = 0
    for state in states:
        ids = enc.legal_ids(state)
        assert ids == sorted(set(ids))
        if state.current_player == CHANCE:
            chances += 1
            outcomes = enc.chance_ids(state)
            assert [i for i, _ in outcomes] == ids
            assert sum(p for _, p in outcomes) == Fraction(1)
            for i, p in outcomes:
                assert isinstance(p, Fraction) and p > 0
                assert enc.action_id(enc.action_of(i, chance=True)) == i
        elif not state.is_terminal():
            decisions += 1
            assert [enc.action_of(i) for i in ids] == sorted(
                state.legal_actions(), key=enc.action_id
            )
        for seat in range(players):
            assert within_bounds(enc.observation_tensor(state, seat), obs_high)
            assert within_bounds(enc.information_state_tensor(state, seat), info_high)
    assert decisions <= enc.max_game_length()
    assert chances <= enc.max_chance_nodes()


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_observations_hide_what_resample_hidden_redraws(case: tuple[str, int]) -> None:
    name, players = case
    rng = random.Random(7)
    enc = encoding_for(goldlab.game(name, players, **options(name)))
    for state in random_game(name, players, seed=11)[::9]:
        for seat in range(players):
            other = state.resample_hidden(seat, rng)
            assert enc.observation_tensor(other, seat) == enc.observation_tensor(state, seat)
            assert enc.observation_string(other, seat) == enc.observation_string(state, seat)
            assert (enc.information_state_string(other, seat)
                    == enc.information_state_string(state, seat))


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_information_state_string_is_the_observation_plus_every_step(case: tuple[str, int]) -> None:
    name, players = case
    state = random_game(name, players, seed=3)[40]
    enc = encoding_for(state.game)
    text = enc.information_state_string(state, 1)
    observation, history = text.split("\nhistory:\n")
    assert observation == enc.observation_string(state, 1)
    assert len(history.splitlines()) == len(state.history)


# ----------------------------------------------------------------------- Gold!
def test_gold_action_numbers_follow_the_documented_formulas() -> None:
    enc = encoding_for(goldlab.game("gold", 3))
    parse = enc.game.parse_action
    assert enc.num_distinct_actions == 1807 + 42 * 3
    assert enc.max_chance_outcomes == 42 + 6 * 3
    assert enc.action_id(parse("take green:D")) == 0
    assert enc.action_id(parse("take blue:3")) == 7 + 1
    assert enc.action_id(parse("exchange blue:6 for green:4")) == 42 + 42 * (7 + 4) + 2
    assert enc.action_id(parse("no bonus")) == 1806
    assert enc.action_id(parse("steal orange:6 from seat 2")) == 1807 + 42 * 2 + 4 * 7 + 4
    assert enc.action_id(parse("chance: reveal pink:8")) == 41
    assert enc.action_id(parse("chance: deal red:D to seat 1")) == 42 + 6 * 1 + 3


def test_gold_bounds_come_from_max_steps_and_the_cards_revealed() -> None:
    for players in (2, 3):
        game = goldlab.game("gold", players)
        enc = encoding_for(game)
        assert enc.max_game_length() == game.max_steps()
        assert enc.max_chance_nodes() == players + game.revealed_cards()  # type: ignore[attr-defined]


def test_gold_observation_shows_own_pile_and_only_the_size_of_others() -> None:
    state = next(s for s in random_game("gold", 2, seed=5) if all(len(p) for p in s.piles))
    enc = encoding_for(state.game)
    at = blocks_at(enc)
    tensor = enc.observation_tensor(state, 0)
    own = tensor[at["scoring_piles"]:at["scoring_piles"] + 42]
    other = tensor[at["scoring_piles"] + 42:at["scoring_piles"] + 84]
    assert sum(own) == len(state.piles[0]) and sum(other) == 0
    assert tensor[at["pile_sizes"] + 1] == len(state.piles[1])
    text = enc.observation_string(state, 0)
    assert f"scoring pile {len(state.piles[1])} hidden" in text


def test_gold_recall_remembers_every_scoring_pile_from_the_public_record() -> None:
    enc = encoding_for(goldlab.game("gold", 3))
    for state in random_game("gold", 3, seed=9)[::7]:
        recall = enc.information_state_tensor(state, 2)[enc.observation_size:]
        piles = [Counter(c.index for c in pile) for pile in state.piles]
        assert recall == [float(piles[s][k]) for s in range(3) for k in range(42)]


def test_gold_determinisation_keeps_the_position_because_recall_reveals_it() -> None:
    state = random_game("gold", 2, seed=2)[60]
    enc = encoding_for(state.game)
    assert enc.determinise(state, 1, random.Random(0)) == state


# ---------------------------------------------------------------- Mount Goldrush
def test_goldrush_numbers_are_positions_and_position_times_kinds() -> None:
    if "goldrush" not in [name for name, _ in CASES]:
        pytest.skip("Mount Goldrush is not encoded")
    enc = encoding_for(goldlab.game("goldrush", 2))
    parse = enc.game.parse_action
    assert enc.num_distinct_actions == 64 and enc.max_chance_outcomes == 64 * 25
    assert enc.action_id(parse("flip 17")) == 17
    assert enc.action_id(parse("chance: reveal gold:3 at 17")) == 25 * 17 + 2
    assert enc.perfect_information


# ------------------------------------------------------------------- coverage
@pytest.mark.parametrize("name", goldlab.names())
def test_every_registered_game_is_encoded(name: str) -> None:
    assert name not in NOT_ENCODED, f"goldlab game {name!r} has no interop encoding"
    game = goldlab.make(name, seed=1, **options(name)).game
    assert encoding_for(game).num_distinct_actions > 0


def test_the_engine_and_the_encoding_import_no_interop_extras() -> None:
    heavy = ["numpy", "pyspiel", "open_spiel", "pettingzoo", "gymnasium"]
    code = (
        "import sys, json\n"
        "import goldlab, goldlab.games.gold, goldlab.interop, goldlab.interop.encoding\n"
        "from goldlab.interop.encoding import encoding_for\n"
        "s = goldlab.make('gold', players=2, seed=1)\n"
        "encoding_for(s.game).observation_tensor(s, 0)\n"
        f"print(json.dumps([m for m in {heavy!r} if m in sys.modules]))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout.strip().splitlines()[-1]) == []


def blocks_at(enc: Encoding) -> dict[str, int]:
    at, offsets = 0, {}
    for block in enc.observation_blocks:
        offsets[block.name] = at
        at += block.size
    return offsets


# ------------------------------------------------------------------- Goldland
def test_goldland_numbers_follow_the_documented_formulas() -> None:
    if "goldland" not in [name for name, _ in CASES]:
        pytest.skip("Goldland is not encoded")
    enc = encoding_for(goldlab.game("goldland", 3))
    number = {text: enc.action_id(enc.game.parse_action(text)) for text in (
        "end move", "dig", "pass", "end turn", "explore", "camp", "discard rope",
        "exchange 3 tokens for timber", "move E", "move S survive", "camp from 2,4",
        "explore 2,4", "place 2,4 rot 90", "move W ordeal 4 provisions",
        "chance: draw T01", "chance: lay C03 at 6,5",
    )}
    assert number == {
        "end move": 0, "dig": 1, "pass": 2, "end turn": 3, "explore": 4, "camp": 5,
        "discard rope": 6 + 2, "exchange 3 tokens for timber": 13 + 5, "move E": 20 + 1,
        "move S survive": 24 + 2, "camp from 2,4": 28 + 18, "explore 2,4": 77 + 18,
        "place 2,4 rot 90": 126 + 4 * 18 + 1, "move W ordeal 4 provisions": 322 + 210 * 3 + 209,
        "chance: draw T01": 0, "chance: lay C03 at 6,5": 36,
    }
    acquire = [a for a in enc.actions if str(a).startswith("acquire")]
    n = enc.num_distinct_actions
    assert [enc.action_id(a) for a in acquire] == list(range(1162, n - 7))
    # "exchange R tokens for a to use" takes the last 7 ids, so older ids never moved
    use = {text: enc.action_id(enc.game.parse_action(text)) for text in (
        "exchange 3 tokens for provision to use", "exchange 3 tokens for fishing rod to use")}
    assert use == {"exchange 3 tokens for provision to use": n - 7,
                   "exchange 3 tokens for fishing rod to use": n - 1}
    assert enc.max_chance_outcomes == 36 + 10 * 10 and enc.max_chance_nodes() == 46
    assert enc.perfect_information and enc.bounded_defaults == {"turn_cap": 60}
