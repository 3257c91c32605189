"""Players' words, not engine words (issue 30 §3): the log, the move list, the status, the
inspector's titles and the refusals say "Dirk takes the violet donkey" with the players'
names, never "CardTaken seat 0 takes violet:D"; the notation stays at hand (each move's
tooltip, ``moves_notation``); odds are said as a teacher says them."""

from __future__ import annotations

import random
import re
from types import ModuleType
from typing import Any

import pytest

import goldlab
from goldlab.core.state import State
from goldlab.core.values import Event
from goldlab.games.gold import events as gold_events
from goldlab.games.goldland import events as goldland_events
from goldlab.games.goldrush import events as goldrush_events

views = pytest.importorskip("goldlab.views")
GameView = views.GameView

NAMES = ["Ann", "Dirk", "Bernd"]
EVENTS: dict[str, ModuleType] = {
    "gold": gold_events, "goldrush": goldrush_events, "goldland": goldland_events}
NOTATION = re.compile(
    r"\b[a-z]+:(?:D|\d+)\b"      # a card in notation: violet:D, gold:3, orange:5
    r"|\bchance:"                # chance's moves in notation
    r"|\bflip \d|#\d"            # Mount Goldrush's flips and places
    r"|\b\d,\d\b|\brot \d"       # Goldland's cells and rotations
    r"|\bmove [NESW]\b|\bend move\b"
    r"|\bseat \d"                # a seat instead of a name
    r"|\[[^\]]+\]$"              # an event's rule tag
)


def _class_names(game: str) -> set[str]:
    module = EVENTS[game]
    return {name for name, kind in vars(module).items()
            if isinstance(kind, type) and issubclass(kind, Event) and kind is not Event}


def _played(game: str, seed: int, *, to_the_end: bool = False, players: int = 3) -> State[Any]:
    rng = random.Random(seed)
    state = goldlab.make(game, players=players, seed=seed)
    for _ in range(10_000 if to_the_end else rng.randrange(20, 60)):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def _texts(view: Any) -> list[str]:
    payload = view.payload
    return [*payload["moves"], *payload["log"], payload["status"],
            payload["inspector"]["title"]]


def _assert_players_words(view: Any, game: str) -> None:
    texts = _texts(view)
    classes = _class_names(game)
    for text in texts:
        named = [c for c in classes if re.search(rf"\b{c}\b", text)]
        assert not named, f"{named} in {text!r}"
        assert not NOTATION.search(text), f"notation in {text!r}"
    said = " ".join(texts)
    assert any(name in said for name in NAMES)


@pytest.mark.parametrize("game", goldlab.names())
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_played_game_is_told_in_the_players_words_with_their_names(game: str,
                                                                     seed: int) -> None:
    state = _played(game, seed)
    teacher = GameView(state, seat="all", names=NAMES)
    _assert_players_words(teacher, game)
    # the notation is still at hand: one tooltip per move, the engine's own notation
    steps = [s for s in state.history if s.actor >= 0]
    assert teacher.payload["moves_notation"] == [str(s.action) for s in steps]
    seated = teacher.another(seat=seed % state.players)  # memory mode: told without what is down
    _assert_players_words(seated, game)
    for index in (0, 1, len(steps) // 2):  # the start and earlier positions, as the seat may see
        seated.goto(index)
        _assert_players_words(seated, game)


@pytest.mark.parametrize("game", ["gold", "goldrush"])
def test_a_finished_game_names_the_winner(game: str) -> None:
    state = _played(game, 4, to_the_end=True, players=2)
    assert state.is_terminal()
    view = GameView(state, seat="all", names=NAMES[:2])
    outcome = state.outcome()
    assert outcome is not None
    winners = " and ".join(NAMES[w] for w in outcome.winners)
    assert view.payload["status"].startswith(f"Game over: {winners} ")
    _assert_players_words(view, game)


def test_gold_says_who_takes_which_card() -> None:
    view = GameView(goldlab.make("gold", players=2, seed=1), seat="all", names=["Dirk", "Ann"])
    view.request("take violet:D")
    assert view.payload["moves"] == ["1. Dirk takes the violet donkey"]
    assert view.payload["moves_notation"] == ["take violet:D"]
    assert "Dirk takes the violet donkey" in view.log
    assert "The pink 8 is turned up into the offer (49 left in the draw pile)" in view.log
    assert "Ann starts with the pink donkey" in view.log


def test_mount_goldrush_says_what_was_found() -> None:
    view = GameView(goldlab.make("goldrush", players=2, seed=1), seat="all",
                    names=["Ann", "Bob"])
    for position in (17, 18, 19, 20):
        view.request(f"flip {position}")
    assert view.payload["moves"] == [
        "1. Ann turns up card 17: gold (3)",
        "2. Ann turns up card 18: an orange gold digger (5)",
        "3. Bob turns up card 19: a violet gold digger (4)",
        "4. Bob turns up card 20: a violet gold digger (2)",
    ]
    assert "Ann flips card 18, a card nobody has seen yet" in view.log
    assert ("   The orange gold digger 5 carries the gold 3 to Bob (Bob owns orange); the gold "
            "digger leaves the game") in view.log
    assert view.payload["inspector"]["title"] == (
        "Turn 2: Bob turns up card 20: a violet gold digger (2)")


def test_mount_goldrush_in_memory_mode_says_a_flip_without_its_card() -> None:
    state = goldlab.make("goldrush", players=2, seed=1)
    for position in (17, 18, 19, 20):
        state.apply(f"flip {position}")
    ann = GameView(state, seat=0, names=["Ann", "Bob"])
    assert ann.memory
    said = " ".join([*ann.payload["moves"], *ann.log])
    assert "1. Ann flips card 17" in ann.payload["moves"]  # gold 3 left the table
    assert "gold (3)" not in said and "orange gold digger (5)" not in said
    assert "flip 17" in ann.payload["moves_notation"]  # notation as told: no card either
    assert "2. Ann flips card 18" in ann.payload["moves"]


def test_goldland_names_tiles_and_says_where_they_lie() -> None:
    view = GameView(goldlab.make("goldland", players=2, seed=1), seat="all",
                    names=["Bernd", "Claus"])
    assert "The Harbour Market tile is laid west of the start" in view.log
    for action in ("move W", "end move", "explore"):
        view.request(action)
    view.request(view.legal[0])
    assert view.error == ""
    assert view.payload["moves"] == [
        "1. Bernd steps west onto the Harbour Market",
        "2. Bernd ends the move west of the start after 1 space",
        "3. Bernd explores: takes a tile from the face-down stack and draws the Crossroads "
        "Store tile",
        "4. Bernd lays the Crossroads Store tile 1 north and 1 west of the start",
    ]
    assert view.payload["moves_notation"][-1] == "place 5,5 rot 0"
    assert view.payload["inspector"]["title"] == (
        "Bernd lays the Crossroads Store tile 1 north and 1 west of the start")


def test_a_refusal_names_the_player_and_the_card_as_players_say_them() -> None:
    gold = GameView(goldlab.make("gold", players=2, seed=1), seat="all", names=["Dirk", "Ann"])
    gold.request("exchange green:8 for pink:5")
    assert "Dirk's tableau" in gold.error and "the green 8" in gold.error
    assert "seat 0" not in gold.error and "green:8" not in gold.error
    rush = GameView(goldlab.make("goldrush", players=2, seed=1), seat="all",
                    names=["Ann", "Bob"])
    rush.request("flip 18")
    rush.request("flip 18")
    assert rush.error.startswith("card 18 is already face up") and "#" not in rush.error


@pytest.mark.parametrize("game", goldlab.names())
def test_odds_are_said_as_a_teacher_says_them(game: str) -> None:
    view = GameView(_played(game, 3), seat="all", names=NAMES)
    odds = view.payload["odds"]
    assert odds, "no odds for the player to move"
    assert "Counted" in view.payload["odds_method"]  # the method, in the panel
    seen: dict[str, str] = {}
    for row in odds:
        if not row["percent"]:  # an expected value
            continue
        assert re.fullmatch(r"\d+(\.\d)?%", row["percent"]), row
        assert re.fullmatch(r"(about )?\d+ in \d+|no chance|certain|less than 1 in 1,000",
                            row["about"]), row
        assert "/" in row["fraction"]  # the exact fraction, on demand
        if row["fraction"] in seen:  # a repeated number says which row it repeats, and why
            assert row["same_as"] == seen[row["fraction"]] and row["note"]
            if row["label"] == "next tile has an adventure":
                assert "treasure field has an adventure too" in row["note"]
        else:
            seen[row["fraction"]] = row["label"]
            assert "same_as" not in row
