"""Mount Goldrush, rule by rule (edition A's sections; edition B where it differs)."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest
from goldrush_helpers import goldrush, position

import goldlab
from goldlab.core.errors import IllegalActionError, InvalidActionError, OptionsError, UndoError
from goldlab.core.record import from_json
from goldlab.core.state import CHANCE
from goldlab.games.goldrush import Flip, Reveal, card
from goldlab.games.goldrush.cards import ALL_CARDS, DECK
from goldlab.games.goldrush.events import (
    Blasted,
    CardFlipped,
    DeadPosition,
    DiggerKicked,
    GameOver,
    GoldFound,
    GoldRushBegins,
    MinesChosen,
    NothingHappens,
    TableStalled,
)
from goldlab.games.goldrush.position import GONE, UNKNOWN
from goldlab.games.goldrush.rules import (
    BLAST,
    EQUAL,
    FOUND_FLIPPER,
    FOUND_OTHER,
    KICK,
    TOO_WEAK,
    TWO_GOLD,
    can_change_anything,
    is_dead,
    pair_outcome,
    resolve_pair,
)

OWNERS_4 = {"green": 0, "orange": 1, "blue": 2, "red": 3, "violet": None}


def outcome(a: str, b: str, flipper: int = 0) -> str:
    return pair_outcome(card(a), card(b), flipper, OWNERS_4)


# ------------------------------------------------------------------ set-up
def test_each_player_owns_one_colour_and_left_over_colours_belong_to_nobody() -> None:
    g = goldrush(3)
    assert g.seat_colours == (("green",), ("orange",), ("blue",))
    assert dict(g.owners) == {"green": 0, "orange": 1, "blue": 2, "red": None, "violet": None}
    assert g.box == ()


def test_edition_a_two_players_own_one_colour_each() -> None:
    g = goldrush(2, edition="A")
    assert g.seat_colours == (("green",), ("orange",))
    assert [c for c, s in g.owners.items() if s is None] == ["blue", "red", "violet"]


def test_edition_b_two_players_each_pick_two_colours_and_the_fifth_goes_to_the_box() -> None:
    g = goldrush(2, edition="B")
    assert g.seat_colours == (("green", "blue"), ("orange", "red"))
    assert g.box == ("violet",)
    assert g.owners["violet"] is None
    setup = next(e for e in g.new_state(1).events() if isinstance(e, MinesChosen))
    assert "box" in str(setup) and setup.box == ("violet",)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_edition_b_with_three_or_more_players_is_one_colour_each(players: int) -> None:
    assert goldrush(players, edition="B").seat_colours == goldrush(players).seat_colours


def test_colours_can_be_chosen() -> None:
    g = goldrush(2, edition="B", colours="red+violet,green+blue")
    assert g.seat_colours == (("red", "violet"), ("green", "blue"))
    assert g.box == ("orange",)
    assert goldrush(3, colours="violet,red,blue").owners["violet"] == 0


@pytest.mark.parametrize("options", [
    {"colours": "green,green,blue"},
    {"colours": "pink,red,blue"},
    {"colours": "green,red"},
    {"colours": "green+red,blue,orange"},
    {"edition": "C"},
    {"layout": "circle"},
    {"dead_position": "loop"},
    {"stall_limit": 0},
    {"start_player": 3},
    {"start_player": -1},
])
def test_bad_options_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(OptionsError):
        goldrush(3, **options)


@pytest.mark.parametrize("players", [1, 6])
def test_two_to_five_players(players: int) -> None:
    with pytest.raises(OptionsError):
        goldrush(players)


def test_start_player_is_an_option() -> None:
    state = goldrush(3, start_player=2).new_state(1)
    assert state.current_player == 2


def test_all_64_cards_start_face_down_and_unseen() -> None:
    state = goldrush(4).new_state(7)
    assert state.face_down == 64 and state.cell == [UNKNOWN] * 64
    assert state.unseen == list(DECK)
    assert len(state.legal_actions()) == 64


# ------------------------------------------------------------------ flipping
def test_a_card_nobody_has_seen_is_drawn_from_the_unseen_cards() -> None:
    state = goldrush(4).new_state(3, auto_chance=False)
    state.apply("flip 17")
    assert state.current_player == CHANCE
    odds = dict(state.chance_outcomes())
    assert odds[Reveal(17, card("gold:2"))] == Fraction(7, 64)
    assert odds[Reveal(17, card("dynamite"))] == Fraction(5, 64)
    assert sum(odds.values()) == 1
    state.apply("chance: reveal red:5 at 17")
    assert state.current_player == 0 and state.cell[17] == card("red:5").index
    assert state.unseen[card("red:5").index] == 0


def test_the_second_card_is_chosen_after_the_first_is_seen() -> None:
    state = goldrush(4).new_state(3)
    events = state.apply("flip 5")
    flipped = events[0]
    assert isinstance(flipped, CardFlipped) and flipped.first_time
    assert state.current_player == 0 and state.up == [5]
    assert state.observation(0).face_up() == {5: flipped.card}
    assert Flip(5) not in state.legal_actions()


def test_flipping_a_card_seen_before_reveals_nothing_new() -> None:
    state = position(known={3: "gold:2", 4: "gold:3"})
    before = len(state.history)
    state.apply("flip 3")
    assert len(state.history) == before + 1  # no chance step
    event = state.history[-1].events[0]
    assert isinstance(event, CardFlipped) and not event.first_time


def test_the_same_card_cannot_be_flipped_twice_in_a_turn() -> None:
    state = position(known={3: "gold:2"})
    state.apply("flip 3")
    with pytest.raises(IllegalActionError) as err:
        state.apply("flip 3")
    assert err.value.rule == "How to play" and "already face up" in err.value.reason


def test_an_empty_place_cannot_be_flipped() -> None:
    state = position(known={3: "dynamite", 4: "gold:3"})
    state.apply("flip 3")
    state.apply("flip 4")
    assert state.cell[3] == GONE
    with pytest.raises(IllegalActionError) as err:
        state.apply("flip 3")
    assert "left the game" in err.value.reason
    assert state.explain("flip 3") is not None and state.explain("flip 5") is None


def test_play_mode_cannot_undo_a_flip_that_revealed_a_card() -> None:
    state = goldrush(2).new_state(1, mode="play")
    state.apply("flip 0")
    with pytest.raises(UndoError):
        state.undo()
    study = goldrush(2).new_state(1, mode="study")
    study.apply("flip 0")
    study.undo()
    assert study.face_down == 64 and study.unseen == list(DECK)


# ------------------------------------------------------------------ a gold digger finds gold
@pytest.mark.parametrize(("dig", "gold", "expected"), [
    ("green:2", "gold:2", FOUND_FLIPPER),   # equal is enough
    ("green:5", "gold:4", FOUND_FLIPPER),
    ("orange:3", "gold:3", FOUND_OTHER),    # seat 1's digger
    ("violet:4", "gold:1", FOUND_FLIPPER),  # nobody's digger
    ("red:2", "gold:3", TOO_WEAK),
    ("violet:3", "gold:4", TOO_WEAK),
])
def test_digger_greater_or_equal_than_gold(dig: str, gold: str, expected: str) -> None:
    assert outcome(dig, gold) == expected == outcome(gold, dig)


def test_the_owner_of_the_digger_gets_the_gold_and_the_digger_leaves() -> None:
    state = position(known={1: "red:4", 2: "gold:4"}, turn=1)
    events = state.apply("flip 1") + state.apply("flip 2")
    found = next(e for e in events if isinstance(e, GoldFound))
    assert (found.flipper, found.receiver, found.owner) == (1, 3, 3)
    assert state.taken_cards(3) == (card("gold:4"),)
    assert state.removed_cards() == (card("red:4"),)
    assert state.cell[1] == state.cell[2] == GONE
    assert state.scores() == (0, 0, 0, 4)


def test_a_digger_that_belongs_to_nobody_gives_the_gold_to_the_flipper() -> None:
    state = position(players=2, known={1: "red:4", 2: "gold:4"}, turn=1)
    state.apply("flip 2")
    state.apply("flip 1")
    assert state.scores() == (0, 4)


# ------------------------------------------------------------------ digger finds digger
@pytest.mark.parametrize(("a", "b"), [("green:4", "green:2"), ("orange:3", "red:5"),
                                      ("violet:2", "blue:3")])
def test_stronger_digger_kicks_the_weaker_out_whatever_the_colour_and_order(a: str, b: str) -> None:
    state = position(known={7: a, 9: b})
    events = state.apply("flip 7") + state.apply("flip 9")
    kick = next(e for e in events if isinstance(e, DiggerKicked))
    strong, weak = (a, b) if card(a).value > card(b).value else (b, a)
    assert (str(kick.stronger), str(kick.weaker)) == (strong, weak)
    strong_at, weak_at = (7, 9) if strong == a else (9, 7)
    assert state.cell[weak_at] == GONE
    assert state.cell[strong_at] == card(strong).index  # back face down where it was found
    assert state.observation(2).known() == {strong_at: card(strong)}


def test_diggers_of_the_same_strength_do_nothing() -> None:
    assert outcome("green:3", "red:3") == EQUAL
    assert outcome("blue:5", "violet:5") == EQUAL


# ------------------------------------------------------------------ dynamite
@pytest.mark.parametrize("other", ["gold:4", "green:5", "violet:2", "dynamite"])
def test_dynamite_removes_both_cards(other: str) -> None:
    state = position(known={0: "dynamite", 1: other})
    events = state.apply("flip 1") + state.apply("flip 0")
    assert any(isinstance(e, Blasted) for e in events)
    assert state.cell[0] == state.cell[1] == GONE
    assert sorted(map(str, state.removed_cards())) == sorted(["dynamite", other])
    assert state.scores() == (0, 0, 0, 0)


# ------------------------------------------------------------------ nothing happens
@pytest.mark.parametrize(("a", "b", "expected"), [
    ("gold:1", "gold:1", TWO_GOLD), ("gold:4", "gold:2", TWO_GOLD),
    ("red:2", "gold:4", TOO_WEAK), ("green:4", "orange:4", EQUAL),
])
def test_other_scenarios_turn_both_cards_back_face_down(a: str, b: str, expected: str) -> None:
    state = position(known={0: a, 1: b})
    events = state.apply("flip 0") + state.apply("flip 1")
    assert outcome(a, b) == expected
    assert any(isinstance(e, NothingHappens) for e in events)
    assert state.cell[0] == card(a).index and state.cell[1] == card(b).index
    assert state.face_down == 64 and state.current_player == 1


def test_outcomes_do_not_depend_on_the_order_of_the_flips() -> None:
    for a, b in itertools.product(ALL_CARDS, repeat=2):
        first = resolve_pair(a, b, 0, OWNERS_4, ("x", "y"))
        second = resolve_pair(b, a, 0, OWNERS_4, ("y", "x"))
        assert first.outcome == second.outcome
        assert first.leaves == second.leaves[::-1]
        assert first.receiver == second.receiver
        assert (first.outcome in (KICK, BLAST, FOUND_FLIPPER, FOUND_OTHER)) == any(first.leaves)
        assert can_change_anything(a, b) == any(first.leaves)


def test_after_a_turn_the_next_player_clockwise() -> None:
    state = position(players=3, known={0: "gold:1", 1: "gold:2"}, turn=2)
    state.apply("flip 0")
    state.apply("flip 1")
    assert state.current_player == 0 and state.turn_no == 2


# ------------------------------------------------------------------ Gold Rush
def _ten_left(extra: str = "") -> str:
    return "gold:1 gold:2 gold:3 red:2 red:3 dynamite blue:4 violet:5 green:2 " + extra


def test_gold_rush_starts_with_10_face_down_cards_at_the_start_of_a_turn() -> None:
    state = position(known={0: "gold:4"}, unknown=_ten_left(), removed="rest")
    assert state.rush and state.face_down == 10
    assert any(isinstance(e, GoldRushBegins) for e in state.events())


def test_no_gold_rush_with_11_face_down_cards() -> None:
    state = position(known={0: "gold:4"}, unknown=_ten_left("orange:3"), removed="rest")
    assert not state.rush
    state.apply("flip 0")
    assert state.current_player == 0, "a normal turn has a second flip"


def test_gold_rush_is_checked_at_the_start_of_a_turn_not_in_the_middle() -> None:
    state = position(known={0: "dynamite", 1: "gold:1"}, unknown=_ten_left("orange:3"),
                     removed="rest")
    first = state.apply("flip 0")
    assert not state.rush and not any(isinstance(e, GoldRushBegins) for e in first)
    second = state.apply("flip 1")
    assert [type(e).__name__ for e in second][-1] == "GoldRushBegins"
    assert state.rush and state.current_player == 1


def test_in_the_gold_rush_each_turn_is_one_flip_and_gold_goes_to_the_flipper() -> None:
    state = position(known={0: "orange:4", 1: "gold:4"}, unknown="gold:1", removed="rest",
                     gold_rush=True)
    state.apply("flip 0")       # seat 0: orange:4 just leaves (it is seat 1's colour)
    state.apply("flip 1")       # seat 1: gold:4
    assert state.scores() == (0, 4, 0, 0)
    assert state.removed_cards()[-1] == card("orange:4")
    assert state.current_player == 2


def test_gold_rush_is_permanent() -> None:
    state = position(players=2, known={0: "gold:4"}, unknown=_ten_left(), removed="rest")
    while not state.is_terminal():
        assert state.rush
        state.apply(state.legal_actions()[0])


# ------------------------------------------------------------------ dead and stalled tables
def test_dead_table_examples() -> None:
    def counts(text: str) -> list[int]:
        c = [0] * len(ALL_CARDS)
        for x in text.split():
            c[card(x).index] += 1
        return c

    assert is_dead(counts("gold:1 gold:2 gold:3 gold:4 gold:4"))          # only gold
    assert is_dead(counts("gold:3 gold:4 red:2 green:2"))                   # diggers too weak
    assert is_dead(counts("red:3 green:3 blue:3"))                          # equal diggers only
    assert not is_dead(counts("gold:3 gold:4 red:2 green:2 dynamite"))
    assert not is_dead(counts("gold:3 gold:4 red:3 green:2"))               # 3 kicks 2
    assert not is_dead(counts("gold:2 gold:4 red:2 green:2"))               # 2 finds gold 2


@pytest.mark.parametrize("resolution", ["gold-rush", "end"])
def test_a_dead_table_with_more_than_10_cards_is_resolved_by_the_ruling(resolution: str) -> None:
    state = position(options={"dead_position": resolution}, known={0: "gold:3"},
                     unknown="gold:3x6 gold:4x5 blue:2 red:2", removed="rest")
    dead = [e for e in state.events() if isinstance(e, DeadPosition)]
    assert len(dead) == 1 and dead[0].face_down == 14
    if resolution == "gold-rush":
        assert state.rush and not state.is_terminal()
    else:
        assert state.is_terminal() and state.end_reason == "dead position"
        over = [e for e in state.events() if isinstance(e, GameOver)]
        assert over[0].left_on_table == 14


def test_the_stall_limit_cuts_a_stuck_table_short() -> None:
    state = position(options={"stall_limit": 2}, known={0: "gold:1", 1: "gold:2"})
    for _ in range(2):
        assert not state.rush
        state.apply("flip 0")
        events = state.apply("flip 1")
    assert any(isinstance(e, TableStalled) for e in events)
    assert state.rush


def test_a_removed_card_resets_the_stall_count() -> None:
    state = position(known={0: "gold:1", 1: "gold:2", 2: "dynamite", 3: "dynamite"}, stall=5)
    state.apply("flip 2")
    state.apply("flip 3")
    assert state.stall == 0
    state.apply("flip 0")
    state.apply("flip 1")
    assert state.stall == 1


# ------------------------------------------------------------------ end
def test_the_game_ends_when_the_last_card_leaves_the_table() -> None:
    state = position(players=2, known={0: "gold:3", 1: "red:5"}, unknown="", removed="rest",
                     gold_rush=True)
    state.apply("flip 1")
    assert not state.is_terminal()
    events = state.apply("flip 0")
    assert state.is_terminal() and not state.legal_actions()
    over = events[-1]
    assert isinstance(over, GameOver) and over.winners == (1,)
    assert state.outcome() is not None and state.returns() == (0.0, 1.0)
    with pytest.raises(IllegalActionError):
        state.apply("flip 5")


def test_score_is_the_sum_of_gold_and_ties_go_to_more_gold_cards() -> None:
    state = position(players=3, known={0: "gold:1"}, unknown="", removed="rest",
                     taken=("gold:4 gold:4", "gold:2 gold:2 gold:3", "gold:4 gold:3"), turn=1)
    state.apply("flip 0")
    outcome_ = state.outcome()
    assert outcome_ is not None
    assert outcome_.scores == (8, 8, 7) and outcome_.winners == (1,)
    assert outcome_.ranks == (2, 1, 3)


# ------------------------------------------------------------------ notation, json, bounds
@pytest.mark.parametrize(("text", "position_"), [("flip 17", 17), ("FLIP  #3", 3), ("flip c4", 19),
                                                 ("flip a1", 0), ("flip h8", 63)])
def test_flip_notation(text: str, position_: int) -> None:
    action = goldlab.parse_action("goldrush", text)
    assert action == Flip(position_)
    assert goldlab.parse_action("goldrush", str(action)) == action


@pytest.mark.parametrize("text", ["flip 64", "flip -1", "flip i1", "flip", "take gold:3",
                                  "chance: reveal gold:9 at 3"])
def test_bad_notation_is_refused(text: str) -> None:
    with pytest.raises(InvalidActionError):
        goldlab.parse_action("goldrush", text)


def test_reveal_notation_round_trips() -> None:
    reveal = Reveal(12, card("violet:5"))
    assert str(reveal) == "chance: reveal violet:5 at 12"
    assert goldlab.parse_action("goldrush", str(reveal)) == reveal


def test_state_json_round_trips_mid_turn() -> None:
    state = goldrush(3, edition="B", layout="grid").new_state(11, mode="study")
    for action in ("flip 0", "flip 1", "flip 2"):
        state.apply(action)
    data = json.loads(json.dumps(state.to_json()))
    assert from_json(data) == state
    assert data["data"]["table"][2] != "?"


def test_max_steps_is_the_documented_bound() -> None:
    g = goldrush(4, stall_limit=40)
    assert g.max_steps() == 2 * (54 + 55 * 40) + 64


def test_a_position_must_account_for_all_64_cards() -> None:
    with pytest.raises(OptionsError, match="64 cards"):
        position(known={0: "gold:1"}, unknown="gold:2", removed=())
    with pytest.raises(OptionsError):
        position(known={70: "gold:1"})
    with pytest.raises(OptionsError):
        position(turn=4)
