"""Mount Goldrush scenarios: every row of the outcome case table, and the edge cases.

The rulebooks have no numbered examples; ``shared/rules/implementation-notes.md``
(section 3.4) turns each case of the rules into a test case.  Each scenario
builds its "before" position with :meth:`GoldrushState.from_position` (known
cards at chosen positions, everything else face down and unseen), applies the
flips and checks the result.  Unless a scenario says otherwise it is a
4-player game of edition A: seat 0 green, seat 1 orange, seat 2 blue, seat 3
red, and violet diggers belong to nobody.

>>> from goldlab.games.goldrush.scenarios import SCENARIOS
>>> all(s.run().ok for s in SCENARIOS)
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from goldlab.core.registry import make_game
from goldlab.core.state import State
from goldlab.core.values import Event
from goldlab.games.goldrush.cards import card
from goldlab.games.goldrush.events import DYNAMITE as DYNAMITE_RULE
from goldlab.games.goldrush.events import (
    FINDS_DIGGER,
    FINDS_GOLD,
    GAME_END,
    GOLD_RUSH,
    HOW_TO_PLAY,
    OTHER,
    SETUP,
    Blasted,
    DeadPosition,
    DiggerKicked,
    GameOver,
    GoldFound,
    GoldRushBegins,
    NothingHappens,
    RushGold,
    RushRemoved,
    TableStalled,
)
from goldlab.games.goldrush.game import GoldrushGame
from goldlab.games.goldrush.position import GONE
from goldlab.games.goldrush.state import GoldrushState
from goldlab.scenarios import Scenario, register

A, B = 10, 20
"""The two positions most scenarios flip."""

Q_FINDS_GOLD = (
    "If you flipped a gold digger card with value greater or equal than the value of the gold "
    "card, then the owner of the gold digger gets that gold card, and the gold digger card is "
    "removed from the game."
)
Q_NOBODY = "If the gold digger belongs to nobody, you get the gold."
Q_KICK = (
    "If you flipped two gold diggers of different strength - which may be of the same colour - "
    "the strongest (highest value) kicks the weakest (lowest value)."
)
Q_KICK_BACK = (
    "The latter is removed from the game. The former is returned face-down where it was found."
)
Q_DYNAMITE = "If you flip at least one dynamite card, both flipped cards are removed from the game."
Q_NOTHING = "You must remember these cards and flip them back face down. Nothing else happens."
Q_RUSH = (
    "If, at the start of your turn, only 10 or fewer face-down cards remain on the table, "
    "everyone says: \"gold rush!\" and the game continues as follows:"
)
Q_RUSH_FLIP = (
    "Each player flips only one card on their turn. If it is gold, they take it and place it "
    "under their mine entrance. If it is a gold digger or dynamite, the card is removed from "
    "the game."
)
Q_TIE = (
    "In case of a tie, the player with the most gold cards wins. If there's still a tie, "
    "victory is shared!"
)
Q_END = "The game ends once the last card is flipped and removed or taken by a player."
Q_FLIP = "On your turn, flip two cards one after the other."
Q_TWO_PLAYERS = (
    "If there are only two players, each of them should pick two colors. The remaining mine "
    "mouth goes back into the box."
)
Q_NOBODY_B = "If the gold miner does not belong to any of the other players, you win the gold."

SCENARIOS: list[Scenario] = []
"""Every Mount Goldrush scenario, in the order of the case table."""


def _game(players: int = 4, **options: Any) -> GoldrushGame:
    g = make_game("goldrush", players, **options)
    assert isinstance(g, GoldrushGame)
    return g


def position(known: Mapping[int, str], players: int = 4, options: Mapping[str, Any] | None = None,
             **kwargs: Any) -> Callable[[], State[Any]]:
    """A setup callable: ``known`` cards face down at their positions, the rest unseen."""

    def setup() -> State[Any]:
        return GoldrushState.from_position(_game(players, **(options or {})), known=known,
                                           **kwargs)

    return setup


def _add(name: str, title: str, rule: str, quote: str, setup: Callable[[], State[Any]],
         actions: tuple[str, ...], expect: str,
         check: Callable[[GoldrushState, list[Event]], None] | None = None,
         **kwargs: Any) -> None:
    def checked(state: State[Any], events: list[Event]) -> None:
        assert isinstance(state, GoldrushState)
        if check is not None:
            check(state, events)

    SCENARIOS.append(register(Scenario(
        name=f"goldrush/{name}", title=title, rule=rule, quote=quote, setup=setup,
        actions=actions, expect=expect, check=checked, **kwargs,
    )))


def _only(events: list[Event], kind: type[Event]) -> Any:
    found = [e for e in events if isinstance(e, kind)]
    assert len(found) == 1, f"expected one {kind.__name__}, got {[str(e) for e in events]}"
    return found[0]


def _gone(state: GoldrushState, *positions: int) -> None:
    for p in positions:
        assert state.cell[p] == GONE, f"{p} should have left the table"


def _back(state: GoldrushState, **cards_at: str) -> None:
    for where, name in cards_at.items():
        p = int(where[1:])
        assert state.cell[p] == card(name).index, f"{name} should lie face down at {p}"
        assert p not in state.up


def _next_turn(state: GoldrushState, seat: int) -> None:
    assert state.current_player == seat, f"seat {seat} should be next, not {state.current_player}"
    assert not state.up


# ---------------------------------------------------------------- case table: gold found
def _other_owner(state: GoldrushState, events: list[Event]) -> None:
    found = _only(events, GoldFound)
    assert (found.receiver, found.owner, found.flipper) == (1, 1, 0)
    assert [str(c) for c in state.taken_cards(1)] == ["gold:3"] and not state.taken[0]
    assert [str(c) for c in state.removed_cards()] == ["orange:3"]
    _gone(state, A, B)
    _next_turn(state, 1)


_add("digger-of-another-player",
     "Seat 0 flips seat 1's orange 3 digger and a gold 3: the gold goes to seat 1",
     FINDS_GOLD, Q_FINDS_GOLD, position({A: "orange:3", B: "gold:3"}),
     ("flip 10", "flip 20"),
     "seat 1 (owner of orange) gets gold:3; the digger leaves the game; seat 1 is next",
     _other_owner)


def _own(state: GoldrushState, events: list[Event]) -> None:
    found = _only(events, GoldFound)
    assert found.receiver == 0 and found.owner == 0
    assert [str(c) for c in state.taken_cards(0)] == ["gold:2"]
    assert [str(c) for c in state.removed_cards()] == ["green:2"]
    _gone(state, A, B)


_add("own-digger-equal-gold",
     "Seat 0's green 2 digger and a gold 2: equal is strong enough, seat 0 gets the gold",
     FINDS_GOLD, Q_FINDS_GOLD, position({A: "gold:2", B: "green:2"}),
     ("flip 10", "flip 20"), "seat 0 gets gold:2; green:2 leaves the game", _own)


def _nobody(state: GoldrushState, events: list[Event]) -> None:
    found = _only(events, GoldFound)
    assert found.owner is None and found.receiver == 0
    assert [str(c) for c in state.taken_cards(0)] == ["gold:4"]
    _gone(state, A, B)


_add("unowned-digger",
     "Seat 0 flips a violet 5 digger (nobody plays violet) and a gold 4: seat 0 gets it",
     FINDS_GOLD, Q_NOBODY, position({A: "violet:5", B: "gold:4"}),
     ("flip 10", "flip 20"), "seat 0, the flipper, gets gold:4; violet:5 leaves", _nobody)


def _two_player_a(state: GoldrushState, events: list[Event]) -> None:
    found = _only(events, GoldFound)
    assert found.owner is None and found.receiver == 1
    assert [str(c) for c in state.taken_cards(1)] == ["gold:1"]


_add("edition-a-two-players-unowned-colour",
     "Edition A, 2 players: blue belongs to nobody, so seat 1 keeps the gold its blue digger finds",
     FINDS_GOLD, Q_NOBODY, position({A: "blue:2", B: "gold:1"}, players=2, turn=1),
     ("flip 20", "flip 10"), "seat 1 gets gold:1", _two_player_a)


def _b_second_colour(state: GoldrushState, events: list[Event]) -> None:
    found = _only(events, GoldFound)
    assert found.owner == 1 and found.receiver == 1 and found.flipper == 0
    assert [str(c) for c in state.taken_cards(1)] == ["gold:4"]
    assert state.game.seat_colours == (("green", "blue"), ("orange", "red"))


_add("edition-b-second-colour",
     "Edition B, 2 players: seat 1 owns orange and red, so seat 0's red 4 carries gold to seat 1",
     SETUP, Q_TWO_PLAYERS,
     position({A: "red:4", B: "gold:4"}, players=2, options={"edition": "B"}),
     ("flip 10", "flip 20"), "seat 1 (owner of red, its second colour) gets gold:4",
     _b_second_colour)


def _b_box(state: GoldrushState, events: list[Event]) -> None:
    found = _only(events, GoldFound)
    assert found.owner is None and found.receiver == 0
    assert state.game.box == ("violet",)


_add("edition-b-box-colour-belongs-to-nobody",
     "Edition B, 2 players: the violet entrance is in the box, its diggers belong to nobody",
     FINDS_GOLD, Q_NOBODY_B,
     position({A: "violet:3", B: "gold:3"}, players=2, options={"edition": "B"}),
     ("flip 10", "flip 20"), "seat 0, the flipper, gets gold:3", _b_box)


# ---------------------------------------------------------------- case table: nothing happens
def _nothing(reason: str, a: str, b: str) -> Callable[[GoldrushState, list[Event]], None]:
    def check(state: GoldrushState, events: list[Event]) -> None:
        event = _only(events, NothingHappens)
        assert event.reason == reason
        _back(state, **{f"p{A}": a, f"p{B}": b})
        assert not state.removed and not any(state.taken)
        assert state.stall == 1
        _next_turn(state, 1)

    return check


_add("digger-too-weak",
     "A green 2 digger and a gold 3: the digger is too weak, both go back face down",
     OTHER, Q_NOTHING, position({A: "green:2", B: "gold:3"}), ("flip 10", "flip 20"),
     "nothing happens: both cards lie face down where they were, and everyone has seen them",
     _nothing("a gold digger and a gold card of higher value", "green:2", "gold:3"))
_add("equal-diggers",
     "A red 3 and a blue 3 digger: same strength, nothing happens",
     OTHER, Q_NOTHING, position({A: "red:3", B: "blue:3"}), ("flip 10", "flip 20"),
     "nothing happens: both go back face down",
     _nothing("two gold diggers of the same strength", "red:3", "blue:3"))
_add("two-gold-cards",
     "Two gold cards: nothing happens",
     OTHER, Q_NOTHING, position({A: "gold:1", B: "gold:4"}), ("flip 10", "flip 20"),
     "nothing happens: both go back face down",
     _nothing("two gold cards", "gold:1", "gold:4"))


# ---------------------------------------------------------------- case table: kicks
def _kick(stronger: str, weaker: str, strong_at: int, weak_at: int
          ) -> Callable[[GoldrushState, list[Event]], None]:
    def check(state: GoldrushState, events: list[Event]) -> None:
        kick = _only(events, DiggerKicked)
        assert (str(kick.stronger), str(kick.weaker)) == (stronger, weaker)
        _gone(state, weak_at)
        _back(state, **{f"p{strong_at}": stronger})
        assert [str(c) for c in state.removed_cards()] == [weaker]
        _next_turn(state, 1)

    return check


_add("digger-kicks-same-colour",
     "A green 4 and a green 2: the 4 kicks the 2 out and goes back face down in place",
     FINDS_DIGGER, Q_KICK, position({A: "green:4", B: "green:2"}), ("flip 10", "flip 20"),
     "green:2 leaves the game; green:4 lies face down at 10 again",
     _kick("green:4", "green:2", A, B))
_add("digger-kicks-weaker-flipped-first",
     "A blue 2 flipped first, then a red 5: the 5 kicks the 2, whatever the order",
     FINDS_DIGGER, Q_KICK_BACK, position({A: "blue:2", B: "red:5"}), ("flip 10", "flip 20"),
     "blue:2 leaves the game; red:5 lies face down at 20 again",
     _kick("red:5", "blue:2", B, A))


# ---------------------------------------------------------------- case table: dynamite
def _blast(a: str, b: str) -> Callable[[GoldrushState, list[Event]], None]:
    def check(state: GoldrushState, events: list[Event]) -> None:
        blast = _only(events, Blasted)
        assert sorted(str(c) for c in blast.cards) == sorted((a, b))
        _gone(state, A, B)
        assert sorted(str(c) for c in state.removed_cards()) == sorted((a, b))
        assert not any(state.taken)
        _next_turn(state, 1)

    return check


_add("dynamite-and-gold",
     "Dynamite and a gold 4: both leave the game, the gold is lost to everyone",
     DYNAMITE_RULE, Q_DYNAMITE, position({A: "dynamite", B: "gold:4"}), ("flip 10", "flip 20"),
     "both removed from the game; nobody gets gold:4", _blast("dynamite", "gold:4"))
_add("dynamite-and-digger",
     "A digger and dynamite: both leave the game",
     DYNAMITE_RULE, Q_DYNAMITE, position({A: "orange:5", B: "dynamite"}), ("flip 10", "flip 20"),
     "both removed from the game", _blast("orange:5", "dynamite"))
_add("two-dynamite",
     "Two dynamite cards: both leave the game",
     DYNAMITE_RULE, Q_DYNAMITE, position({A: "dynamite", B: "dynamite"}), ("flip 10", "flip 20"),
     "both removed from the game", _blast("dynamite", "dynamite"))


# ---------------------------------------------------------------- flipping
def _half_turn() -> State[Any]:
    state = GoldrushState.from_position(_game(), known={A: "gold:3"})
    state.apply("flip 10")
    return state


_add("second-flip-after-the-first",
     "After the first card is seen the same player flips a second, different card",
     HOW_TO_PLAY, Q_FLIP, _half_turn, ("flip 20",),
     "seat 0 chooses the second card after seeing gold:3 at 10; the same card cannot be "
     "flipped twice, an empty place cannot be flipped",
     lambda state, events: None, illegal=("flip 10",), legal=("flip 20", "flip 63"))


def _empty_place() -> State[Any]:
    state = GoldrushState.from_position(_game(), known={A: "dynamite", B: "gold:1"})
    state.apply("flip 10")
    state.apply("flip 20")
    return state


_add("cannot-flip-an-empty-place",
     "Places whose card left the game cannot be flipped",
     HOW_TO_PLAY, Q_DYNAMITE, _empty_place, (), "flip 10 and flip 20 are refused",
     None, illegal=("flip 10", "flip 20"), legal=("flip 0",))


# ---------------------------------------------------------------- Gold Rush
TEN = "gold:1 gold:2 gold:3 red:2 red:3 dynamite blue:4 violet:5 green:2"


def _rush_at_ten(state: GoldrushState, events: list[Event]) -> None:
    assert state.rush
    assert any(isinstance(e, GoldRushBegins) and e.face_down == 10 for e in state.setup_events)
    assert _only(events, RushGold).seat == 0
    assert [str(c) for c in state.taken_cards(0)] == ["gold:4"]
    _next_turn(state, 1)
    assert state.face_down == 9


_add("gold-rush-at-exactly-ten",
     "A turn starts with exactly 10 face-down cards: Gold Rush, one flip, gold to the flipper",
     GOLD_RUSH, Q_RUSH,
     position({0: "gold:4"}, unknown=TEN, removed="rest"),
     ("flip 0",), "\"gold rush!\": seat 0 flips one card, takes gold:4, and seat 1 is next",
     _rush_at_ten)


def _eleven(state: GoldrushState, events: list[Event]) -> None:
    assert not state.rush and state.current_player == 0 and state.up == [0]
    assert not any(isinstance(e, GoldRushBegins) for e in state.setup_events)


_add("no-gold-rush-at-eleven",
     "A turn starts with 11 face-down cards: a normal turn of two flips",
     GOLD_RUSH, Q_RUSH,
     position({0: "gold:4"}, unknown=TEN + " orange:2", removed="rest"),
     ("flip 0",), "no Gold Rush: after one flip seat 0 must flip a second card", _eleven)


def _triggered(state: GoldrushState, events: list[Event]) -> None:
    _only(events, Blasted)
    rush = _only(events, GoldRushBegins)
    assert rush.face_down == 10 and state.rush
    _next_turn(state, 1)
    state.apply("flip 2")
    assert state.current_player == 2, "in the Gold Rush a turn is one flip"


_add("gold-rush-triggered-by-a-turn",
     "Dynamite takes the table from 12 to 10 face-down cards: the next turn is a Gold Rush turn",
     GOLD_RUSH, Q_RUSH,
     position({0: "dynamite", 1: "gold:1"}, unknown=TEN + " orange:2", removed="rest"),
     ("flip 0", "flip 1"), "Blasted, then \"gold rush!\" at the start of seat 1's turn",
     _triggered)


def _rush_cards(state: GoldrushState, events: list[Event]) -> None:
    assert [str(c) for c in state.taken_cards(1)] == ["gold:3"]
    removed = [e for e in events if isinstance(e, RushRemoved)]
    assert [str(e.card) for e in removed] == ["green:5", "dynamite"]
    assert not state.taken[0], "seat 0's own digger brings nothing in the Gold Rush"


_add("gold-rush-diggers-and-dynamite-leave",
     "Gold Rush: gold goes to the flipper; a digger (even one's own) or dynamite just leaves",
     GOLD_RUSH, Q_RUSH_FLIP,
     position({0: "green:5", 1: "gold:3", 2: "dynamite"}, unknown="gold:1 gold:2",
              removed="rest", gold_rush=True),
     ("flip 0", "flip 1", "flip 2"),
     "seat 0's green:5 leaves, seat 1 takes gold:3, seat 2's dynamite leaves", _rush_cards)


# ---------------------------------------------------------------- dead and stalled tables
DEAD = "gold:3x7 gold:4x5 green:2 orange:2"


def _dead(state: GoldrushState, events: list[Event]) -> None:
    dead = _only(events, DeadPosition)
    assert dead.face_down == 14
    assert _only(events, GoldRushBegins).reason == "dead position"
    assert state.rush and state.current_player == 1


_add("dead-position-starts-gold-rush",
     "14 cards face down, only gold 3-4 and two diggers of value 2: no pair can change "
     "anything, so Gold Rush starts at once",
     GOLD_RUSH, Q_RUSH,
     position({0: "dynamite", 1: "gold:1"}, unknown=DEAD, removed="rest"),
     ("flip 0", "flip 1"),
     "DeadPosition, then Gold Rush at the start of seat 1's turn (ruling goldrush-dead-position)",
     _dead, notes="Not in the rules: see docs/rulings.md#goldrush-dead-position.")


def _dead_end(state: GoldrushState, events: list[Event]) -> None:
    _only(events, DeadPosition)
    over = _only(events, GameOver)
    assert state.is_terminal() and over.left_on_table == 14
    assert state.end_reason == "dead position"


_add("dead-position-ends-the-game",
     "The same dead table with dead_position='end': the game ends, 14 cards stay for nobody",
     GAME_END, Q_END,
     position({0: "dynamite", 1: "gold:1"}, unknown=DEAD, removed="rest",
              options={"dead_position": "end"}),
     ("flip 0", "flip 1"), "DeadPosition, GameOver with 14 cards left on the table", _dead_end,
     notes="The alternative reading of docs/rulings.md#goldrush-dead-position.")


def _stalled(state: GoldrushState, events: list[Event]) -> None:
    _only(events, NothingHappens)
    assert _only(events, TableStalled).turns == 3
    assert state.rush


_add("stalled-table",
     "stall_limit=3: the third turn in a row in which nothing leaves the table starts the "
     "Gold Rush",
     GOLD_RUSH, Q_RUSH,
     position({A: "gold:1", B: "gold:2"}, options={"stall_limit": 3}, stall=2),
     ("flip 10", "flip 20"), "NothingHappens, then TableStalled and Gold Rush", _stalled,
     notes="Not in the rules: see docs/rulings.md#goldrush-stall-limit.")


# ---------------------------------------------------------------- the end
def _tie_cards(state: GoldrushState, events: list[Event]) -> None:
    over = _only(events, GameOver)
    assert over.scores == (10, 10) and over.gold_cards == (3, 6)
    assert over.winners == (1,)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,) and outcome.ranks == (2, 1)


_add("tie-broken-by-gold-cards",
     "Both end with 10 points: seat 1 has 6 gold cards, seat 0 only 3, so seat 1 wins",
     GAME_END, Q_TIE,
     position({0: "gold:2"}, players=2, unknown="", removed="rest",
              taken=("gold:4 gold:3 gold:3", "gold:2 gold:2 gold:1 gold:1 gold:2"), turn=1),
     ("flip 0",), "seat 1 takes the last card, gold:2: 10 points each, seat 1 wins on cards",
     _tie_cards)


def _shared(state: GoldrushState, events: list[Event]) -> None:
    over = _only(events, GameOver)
    assert over.scores == (6, 6) and over.gold_cards == (2, 2)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0, 1) and outcome.shared


_add("shared-victory",
     "Same points and same number of gold cards: the victory is shared",
     GAME_END, Q_TIE,
     position({0: "gold:3"}, players=2, unknown="", removed="rest",
              taken=("gold:4 gold:2", "gold:3"), turn=1),
     ("flip 0",), "6 points and 2 cards each: seats 0 and 1 share the victory", _shared)


def _end(state: GoldrushState, events: list[Event]) -> None:
    assert state.is_terminal() and state.on_table == 0
    assert not state.legal_actions()
    assert _only(events, GameOver).winners == (2,)


_add("game-ends-with-the-last-card",
     "The last face-down card is flipped in the Gold Rush: the game ends",
     GAME_END, Q_END,
     position({5: "gold:1"}, players=3, unknown="", removed="rest", turn=2),
     ("flip 5",), "seat 2 takes gold:1 and wins 1-0-0; nothing is left to flip", _end)


def load(slug: str) -> Scenario:
    """The Mount Goldrush scenario ``goldrush/<slug>`` (``slug`` with or without the prefix)."""
    name = slug if slug.startswith("goldrush/") else f"goldrush/{slug}"
    for scenario in SCENARIOS:
        if scenario.name == name:
            return scenario
    raise KeyError(f"no scenario {name!r}; see goldlab.games.goldrush.scenarios.SCENARIOS")


__all__ = ["SCENARIOS", "load", "position"]
