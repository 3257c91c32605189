"""Exchanged articles used at once stay out of the backpack: ``exchange 2 tokens for X to use``.

"At any time during your turn, you can exchange them for any article of equipment … You
may make as many such exchanges during your turn as you like.  Exchanged articles which
you immediately use (discard) to survive an adventure, to dig up treasure, or to complete
an ordeal, need not be put into your backpack."  (ruling goldland-exchange-hand)
"""

import json

import pytest

from goldlab import scenarios
from goldlab.core.errors import IllegalActionError
from goldlab.core.presentation import Play, Select
from goldlab.core.record import from_json, load_record
from goldlab.core.values import Action
from goldlab.games.goldland.actions import Dig, Exchange, Move, parse_action
from goldlab.games.goldland.articles import N_ARTICLES, OBJECTS, PEARL, PROVISION, TIMBER
from goldlab.games.goldland.events import Exchanged, HandUsed, MovementStarted
from goldlab.games.goldland.movement import moves_left
from goldlab.games.goldland.position import build
from goldlab.games.goldland.presenter import GoldlandPresenter
from goldlab.games.goldland.state import GoldlandState


def lake(pack: str = "3 provisions + 2 pearls + 2 guns", tokens: int = 4) -> GoldlandState:
    """C04 at 6,4 has a path north into the Lake T31 (2 timbers); 4 players: 2 tokens."""
    return build(players=4, tiles={"5,4": "T31"}, pawns=["6,4"], packs=[pack],
                 tokens=[tokens, 0, 0, 0])


def natives(pack: str = "3 provisions + 3 guns + 3 ropes + 2 spades") -> GoldlandState:
    """The Natives T35 (a pearl) north of C04, its path leading south."""
    return build(players=4, tiles={"5,4": ("T35", 180)}, pawns=["6,4"], packs=[pack],
                 tokens=[2, 0, 0, 0])


def desert(pack: str, tokens: int = 4) -> GoldlandState:
    """The adventurer stands on the Desert T20 with its treasure, at the start of a turn."""
    return build(players=4, tiles={"5,4": ("T20", 180)}, pawns=["5,4"], packs=[pack],
                 tokens=[tokens, 0, 0, 0])


def exchanges(state: GoldlandState) -> list[str]:
    return [str(a) for a in state.legal_actions() if isinstance(a, Exchange)]


def reason(state: GoldlandState, text: str) -> str:
    with pytest.raises(IllegalActionError) as info:
        state.apply(text)
    return info.value.reason


def started(events: list) -> list[int]:  # type: ignore[type-arg]
    return [e.allowance for e in events if isinstance(e, MovementStarted)]


# ------------------------------------------------------------------ the reported cases
def test_seven_articles_two_timbers_to_use_keep_the_allowance_at_5() -> None:
    s = lake()
    assert sum(s.packs[0]) == 7 and moves_left(s, 0) == 5
    s.apply("exchange 2 tokens for timber to use")
    s.apply("exchange 2 tokens for timber to use")
    assert s.hand[TIMBER] == 2 and sum(s.packs[0]) == 7 and moves_left(s, 0) == 5
    events = s.apply("move N")
    assert started(events) == [5] and moves_left(s, 0) == 4
    used = [e for e in events if isinstance(e, HandUsed)]
    assert [str(e.articles) for e in used] == ["2 timbers"]
    assert s.hand == [0] * N_ARTICLES and sum(s.packs[0]) == 7


def test_seven_articles_two_timbers_into_the_backpack_still_leave_3() -> None:
    s = lake()
    s.apply("exchange 2 tokens for timber")
    s.apply("exchange 2 tokens for timber")
    assert s.hand == [0] * N_ARTICLES and sum(s.packs[0]) == 9
    assert started(s.apply("move N")) == [3]


def test_eleven_articles_a_pearl_to_use_lets_the_adventurer_into_the_natives() -> None:
    s = natives()
    assert not s.is_legal("move N")
    s.apply("exchange 2 tokens for pearl to use")
    assert moves_left(s, 0) == 1
    events = s.apply("move N")
    assert started(events) == [1] and moves_left(s, 0) == 0
    assert sum(s.packs[0]) == 11 and s.hand == [0] * N_ARTICLES
    # the plain form fills the 12th space: no movement at all
    other = natives()
    other.apply("exchange 2 tokens for pearl")
    assert sum(other.packs[0]) == 12 and moves_left(other, 0) == 0
    assert "backpack is full" in reason(other, "move N")


# ------------------------------------------------------------------ when it is listed
def test_to_use_is_listed_only_when_a_payment_now_could_use_it() -> None:
    s = lake()
    listed = exchanges(s)
    # every plain exchange (room in the backpack), and only the timber to use (the Lake)
    assert listed == [f"exchange 2 tokens for {OBJECTS[a]}" for a in range(N_ARTICLES)] + [
        "exchange 2 tokens for timber to use"]
    text = reason(s, "exchange 2 tokens for gun to use")
    assert "no payment now could use this one" in text
    assert "'exchange 2 tokens for gun'" in text


def test_while_holding_with_room_only_the_payment_and_exchanges_to_use() -> None:
    s = lake()
    s.apply("exchange 2 tokens for timber to use")
    assert [str(a) for a in s.legal_actions()] == ["exchange 2 tokens for timber to use"]
    text = reason(s, "exchange 2 tokens for timber")
    assert "must be used at once" in text and "'exchange 2 tokens for timber to use'" in text
    for other in ("end turn", "pass", "discard pearl", "move E", "acquire timber"):
        assert not s.is_legal(other), other
    assert "held outside the backpack (timber)" in reason(s, "end turn")
    assert "must be used at once" in reason(s, "move E")


def _children(s: GoldlandState) -> list[GoldlandState]:
    out = []
    for a in s.legal_actions():
        if isinstance(a, Exchange) and (a.use or any(s.hand)):
            nxt = s.clone()
            assert isinstance(nxt, GoldlandState)
            nxt.apply(a)
            out.append(nxt)
    return out


def _completable(s: GoldlandState) -> bool:
    """Some payment that uses everything held is legal now, or after further exchanges."""
    if any(isinstance(a, Move | Dig) for a in s.legal_actions()):
        return True
    return any(_completable(c) for c in _children(s))


def test_every_listed_exchange_to_use_can_be_completed() -> None:
    # whatever is held, a payment that uses it stays reachable: nobody gets stuck
    # Q9's T02 at 4,4 and T04 north of it (no path between): an ordeal of any 4 articles
    ordeal = build(players=4, tiles={"4,4": "T02", "3,4": "T04"}, pawns=["4,4"],
                   packs=["2 provisions"], tokens=[8, 0, 0, 0])
    for state in (lake(tokens=8), natives(), desert("2 pearls + 3 ropes", tokens=8), ordeal):
        todo = _children(state)
        assert todo
        while todo:
            s = todo.pop()
            legal = s.legal_actions()
            assert any(s.hand) and legal
            assert all(isinstance(a, Move | Dig | Exchange) for a in legal), legal
            assert _completable(s), (s.hand, legal)
            todo.extend(_children(s))


def test_an_exchange_between_two_steps() -> None:
    # Q5's lay-out: C03 at 6,5, then C04, then the Lake; 9 objects: move 3.
    s = build(players=4, tiles={"5,4": "T31", "4,4": ("T35", 180)}, pawns=["6,5"],
              packs=["pearl + 3 provisions + 3 guns + 2 ropes"], tokens=[4, 0, 0, 0])
    s.apply("move W")
    assert s.steps == 1 and moves_left(s, 0) == 2
    assert "exchange 2 tokens for timber to use" in exchanges(s)
    assert "exchange 2 tokens for timber" in exchanges(s)
    s.apply("exchange 2 tokens for timber to use")
    assert not s.is_legal("end move")  # the held timber must be used first
    s.apply("exchange 2 tokens for timber to use")
    assert moves_left(s, 0) == 2 and sum(s.packs[0]) == 9
    s.apply("move N")
    assert moves_left(s, 0) == 1 and s.hand == [0] * N_ARTICLES
    assert s.is_legal("move N") and s.is_legal("end move")


def test_a_plain_exchange_between_two_steps_goes_into_the_backpack() -> None:
    s = build(players=4, tiles={"5,4": "T31"}, pawns=["6,5"], packs=["pearl + 3 provisions"],
              tokens=[2, 0, 0, 0])
    s.apply("move W")
    s.apply("exchange 2 tokens for rope")
    assert s.packs[0][2] == 1 and moves_left(s, 0) == 7  # the allowance was fixed at 8


def test_no_exchange_while_a_drawn_tile_waits_to_be_placed() -> None:
    # "Once initiated, each action must be completed before the next can begin."
    s = build(players=4, tiles={"5,4": "T31"}, pawns=["5,4"], tokens=[4, 0, 0, 0])
    s.apply("explore")
    assert s.phase == "place"
    assert not exchanges(s)
    for text in ("exchange 2 tokens for timber", "exchange 2 tokens for timber to use"):
        assert "once initiated" in reason(s, text).lower()


# ------------------------------------------------------------------ digging
def test_two_provisions_to_use_pay_for_digging_when_the_backpack_has_room() -> None:
    s = desert("2 pearls + 3 ropes")
    assert not s.is_legal("dig")
    assert "exchange 2 tokens for provision to use" in exchanges(s)
    s.apply("exchange 2 tokens for provision to use")
    assert [str(a) for a in s.legal_actions()] == ["exchange 2 tokens for provision to use"]
    s.apply("exchange 2 tokens for provision to use")
    assert s.legal_actions() == [Dig()]
    events = s.apply("dig")
    assert [str(e.articles) for e in events if isinstance(e, HandUsed)] == ["2 provisions"]
    assert s.packs[0][PROVISION] == 0 and sum(s.packs[0]) == 6


def test_with_a_full_backpack_one_provision_must_come_out_of_it_to_dig() -> None:
    s = desert("provision + 4 pearls + 4 ropes + 3 guns")
    assert exchanges(s) == ["exchange 2 tokens for provision"]  # held: the backpack is full
    assert "'exchange 2 tokens for provision'" in reason(
        s, "exchange 2 tokens for provision to use")
    s.apply("exchange 2 tokens for provision")
    assert s.hand[PROVISION] == 1
    # a second held provision would leave no space for the treasure
    assert not exchanges(s)
    assert "no payment now could use this one" in reason(s, "exchange 2 tokens for provision")
    assert s.legal_actions() == [Dig()]


def test_digging_after_an_exchange_to_use_needs_the_treasure_space() -> None:
    # 11 objects and 1 provision: one held provision plus the backpack's frees a space
    s = desert("provision + 4 pearls + 3 ropes + 3 guns")
    assert "exchange 2 tokens for provision to use" in exchanges(s)
    s.apply("exchange 2 tokens for provision to use")
    s.apply("dig")
    assert sum(s.packs[0]) == 11 and s.packs[0][7] == 1


# ------------------------------------------------------------------ the full backpack
def test_full_backpack_lists_only_the_plain_form_and_holds_as_before() -> None:
    s = natives("3 provisions + 3 guns + 3 ropes + 2 spades + timber")
    assert moves_left(s, 0) == 0 and not exchanges(s)  # full: no payment possible now
    s = build(players=4, tiles={"5,4": "T31"}, pawns=["6,5"],
              packs=["6 provisions + 2 pearls + spade + rope"], tokens=[6, 0, 0, 0])
    s.apply("move W")
    s.apply("exchange 2 tokens for timber")
    s.apply("exchange 2 tokens for timber")
    assert sum(s.packs[0]) == 12
    assert exchanges(s) == ["exchange 2 tokens for timber"]
    text = reason(s, "exchange 2 tokens for timber to use")
    assert "backpack is full" in text and "'exchange 2 tokens for timber'" in text
    events = s.apply("exchange 2 tokens for timber")
    held = [e for e in events if isinstance(e, Exchanged)]
    assert held == [Exchanged(0, 2, TIMBER, True, False)]
    assert "for immediate use (the backpack is full)" in str(held[0])
    assert s.hand[TIMBER] == 1
    s.apply("move N")
    assert s.hand == [0] * N_ARTICLES


def test_a_record_of_the_full_backpack_exchange_replays_unchanged() -> None:
    result = scenarios.load("goldland/exchange-used-at-once").run()
    assert result.ok
    after = result.after
    record = after.record().to_json()
    assert "exchange 2 tokens for provision" in json.dumps(record)
    assert load_record(record).replay() == after


# ------------------------------------------------------------------ undo, notation, events
def test_undo_restores_the_position_after_an_exchange_to_use() -> None:
    s = lake()
    before = s.fingerprint()
    data = s.to_json()
    s.apply("exchange 2 tokens for timber to use")
    mid = s.fingerprint()
    assert from_json(json.loads(json.dumps(s.to_json()))) == s
    s.apply("exchange 2 tokens for timber to use")
    s.undo()
    assert s.fingerprint() == mid and s.hand[TIMBER] == 1
    s.undo()
    assert s.fingerprint() == before and s.hand == [0] * N_ARTICLES
    assert s.tokens[0] == 4 and s.stock == from_json(data).stock  # type: ignore[attr-defined]


@pytest.mark.parametrize("article", range(N_ARTICLES))
@pytest.mark.parametrize("use", [False, True])
def test_notation_round_trips(article: int, use: bool) -> None:
    for rate in (2, 3, 4):
        action = Exchange(article, rate, use=use)
        assert parse_action(str(action)) == action
    text = str(Exchange(article, 2, use=use))
    assert text.endswith(" to use") == use


def test_notation_of_the_new_form() -> None:
    assert str(Exchange(TIMBER, 2, use=True)) == "exchange 2 tokens for timber to use"
    assert parse_action("Exchange 2 token for Fishing-Rods to use") == Exchange(6, 2, True)
    assert parse_action("exchange 2 tokens for pearl") == Exchange(PEARL, 2)
    assert Exchange(PEARL, 2) == Exchange(PEARL, 2, use=False)
    assert Exchange(PEARL, 2) != Exchange(PEARL, 2, use=True)


def test_the_exchanged_event_says_held_to_use_at_once() -> None:
    s = lake()
    events = s.apply("exchange 2 tokens for timber to use")
    assert events == [Exchanged(0, 2, TIMBER, True, True)]
    assert "held to use at once" in str(events[0])
    plain = lake().apply("exchange 2 tokens for timber")
    assert plain == [Exchanged(0, 2, TIMBER, False, False)]
    assert "into the backpack" in str(plain[0])


# ------------------------------------------------------------------ clicks
def _presenter(state: GoldlandState) -> GoldlandPresenter:
    p = state.game.presenter()
    assert isinstance(p, GoldlandPresenter)
    return p


def _reachable(state: GoldlandState) -> set[Action]:
    p = _presenter(state)
    found: set[Action] = set()
    seen: set[str] = set()
    todo = [""]
    while todo:
        selection = todo.pop()
        if selection in seen:
            continue
        seen.add(selection)
        for target, action in p.targets(state, None, selection).items():
            meaning = p.click(state, None, target, selection)
            if action is not None:
                assert meaning == Play(action), (target, meaning)
                found.add(action)
            else:
                assert isinstance(meaning, Select), (target, meaning)
                todo.append(meaning.selection)
    return found


def test_exchanges_to_use_are_reachable_by_clicks() -> None:
    positions = [lake(), natives(), desert("2 pearls + 3 ropes")]
    held = lake()
    held.apply("exchange 2 tokens for timber to use")
    positions.append(held)
    full = desert("provision + 4 pearls + 4 ropes + 3 guns")
    positions.append(full)
    for s in positions:
        assert _reachable(s) == set(s.legal_actions())
    p = _presenter(lake())
    targets = p.targets(lake(), None)
    assert targets["stock-use:5"] == Exchange(TIMBER, 2, use=True)
    assert targets["stock:5"] == Exchange(TIMBER, 2)
    assert p.click(lake(), None, "stock-use:5") == Play(Exchange(TIMBER, 2, use=True))
    fragment = p.board_html(lake(), None, legal=frozenset(targets))
    assert 'data-target="stock-use:5"' in fragment and "to use at once" in fragment
    # a full backpack: no "use" buttons, the stock click holds the article as before
    full_targets = p.targets(full, None)
    assert "stock-use:0" not in full_targets and "stock:0" in full_targets
    assert "stock-use:" not in p.board_html(full, None, legal=frozenset(full_targets))
