"""Discovery tokens: how they are gained, exchange rates, articles used straight away."""

import pytest

from goldlab.core.errors import IllegalActionError
from goldlab.games.goldland.events import HandUsed
from goldlab.games.goldland.position import build


@pytest.mark.parametrize("players, rate", [(2, 4), (3, 3), (4, 2), (5, 2)])
def test_exchange_rate(players: int, rate: int) -> None:
    s = build(players=players, tokens=[rate] + [0] * (players - 1))
    assert s.is_legal(f"exchange {rate} tokens for rope")
    wrong = 3 if rate != 3 else 2
    with pytest.raises(IllegalActionError, match=f"{rate} tokens must be exchanged"):
        s.apply(f"exchange {wrong} tokens for rope")


def test_exchanges_go_into_the_backpack_and_are_no_action() -> None:
    s = build(players=4, tokens=[4, 0, 0, 0])
    s.apply("exchange 2 tokens for gun")
    assert s.packs[0][3] == 1 and s.tokens[0] == 2 and s.token_stock == 36 - 2
    assert s.is_legal("pass")  # an exchange is not one of the three actions


def test_exchange_needs_tokens_and_stock() -> None:
    s = build(players=4, tokens=[1, 0, 0, 0])
    with pytest.raises(IllegalActionError, match="you have 1 discovery tokens"):
        s.apply("exchange 2 tokens for gun")
    with pytest.raises(IllegalActionError, match="articles of equipment only"):
        s.apply("exchange 2 tokens for treasure")


def test_with_a_full_backpack_the_article_is_held_and_must_be_used_at_once() -> None:
    # 10 objects (move 2); a step, then two timbers fill the backpack and a third is held.
    s = build(players=4, tiles={"5,4": "T31"}, pawns=["6,5"],
              packs=["6 provisions + 2 pearls + spade + rope"], tokens=[6, 0, 0, 0])
    s.apply("move W")
    s.apply("exchange 2 tokens for timber")
    s.apply("exchange 2 tokens for timber")
    assert sum(s.packs[0]) == 12
    s.apply("exchange 2 tokens for timber")
    assert s.hand[5] == 1
    for text in ("end move", "end turn", "discard pearl", "move E"):
        assert not s.is_legal(text), text
    events = s.apply("move N")  # the Lake: 2 timbers, one held and one from the backpack
    used = [e for e in events if isinstance(e, HandUsed)]
    assert used and str(used[0].articles) == "timber"
    assert s.hand == [0] * 7 and s.packs[0][5] == 1


def test_no_exchange_into_the_hand_that_could_not_be_used() -> None:
    s = build(players=4, pawns=["6,5"], packs=["10 provisions"], tokens=[8, 0, 0, 0])
    s.apply("move W")
    s.apply("exchange 2 tokens for pearl")
    s.apply("exchange 2 tokens for pearl")
    # The backpack is full, nothing ahead asks for articles: no more exchanges.
    assert not any(str(a).startswith("exchange") for a in s.legal_actions())
    with pytest.raises(IllegalActionError, match="used at once"):
        s.apply("exchange 2 tokens for gun")


def test_passing_gives_a_token_even_with_many() -> None:
    s = build(players=2, tokens=[20, 0])
    s.apply("pass")
    assert s.tokens[0] == 21
