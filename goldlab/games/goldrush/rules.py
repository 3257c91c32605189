"""The rules of Mount Goldrush as pure functions: what a flipped pair does, dead tables.

Nothing here changes a state; :mod:`goldlab.games.goldrush.state` applies the
results.  Quotes are from edition A (``shared/rules/002_…``); edition B says
the same in other words.

The compiled twin (``twin/``, see its docstring) mirrors these rules and the order of the
legal flips: a change here changes it too, or ``test_goldrush_twin.py`` fails.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from goldlab.core.values import Event
from goldlab.games.goldrush.cards import ALL_CARDS, DYNAMITE, Card
from goldlab.games.goldrush.events import Blasted, DiggerKicked, GoldFound, NothingHappens

FOUND_FLIPPER = "gold to the flipper"
FOUND_OTHER = "gold to another player"
KICK = "digger kicked"
BLAST = "dynamite"
EQUAL = "equal diggers"
TWO_GOLD = "two gold cards"
TOO_WEAK = "digger too weak"
OUTCOMES: tuple[str, ...] = (FOUND_FLIPPER, FOUND_OTHER, KICK, BLAST, EQUAL, TWO_GOLD, TOO_WEAK)
"""Every outcome of a two-card turn, in the order of the outcome case table."""
NOTHING: tuple[str, ...] = (EQUAL, TWO_GOLD, TOO_WEAK)
"""The three "nothing happens" outcomes."""
NOTHING_REASONS: dict[str, str] = {
    EQUAL: "two gold diggers of the same strength",
    TWO_GOLD: "two gold cards",
    TOO_WEAK: "a gold digger and a gold card of higher value",
}
"""The rulebook's words for each "nothing happens" outcome."""
GOLD_RUSH_AT = 10
"""Gold Rush starts when a turn begins with this many face-down cards or fewer."""


@dataclass(frozen=True, slots=True)
class PairResult:
    """What a flipped pair does: outcome, which of the two leave the table, who gets gold."""

    outcome: str
    leaves: tuple[bool, bool]
    receiver: int | None
    event: Event


def resolve_pair(first: Card, second: Card, flipper: int,
                 owners: Mapping[str, int | None], places: tuple[str, str]) -> PairResult:
    """The result of flipping ``first`` then ``second`` (the order does not matter)."""
    pair = (first, second)
    if first.is_dynamite or second.is_dynamite:
        # "If you flip at least one dynamite card, both flipped cards are removed from the game."
        return PairResult(BLAST, (True, True), None, Blasted(pair))
    if first.is_digger and second.is_digger:
        if first.value == second.value:
            return PairResult(EQUAL, (False, False), None,
                              NothingHappens(pair, NOTHING_REASONS[EQUAL]))
        # "the strongest (highest value) kicks the weakest (lowest value). The latter is
        # removed from the game. The former is returned face-down where it was found."
        strong = 0 if first.value > second.value else 1
        leaves = (strong == 1, strong == 0)
        return PairResult(KICK, leaves, None,
                          DiggerKicked(pair[strong], pair[1 - strong], places[strong]))
    if first.is_gold and second.is_gold:
        return PairResult(TWO_GOLD, (False, False), None,
                          NothingHappens(pair, NOTHING_REASONS[TWO_GOLD]))
    dig = 0 if first.is_digger else 1
    digger, gold = pair[dig], pair[1 - dig]
    if digger.value < gold.value:
        return PairResult(TOO_WEAK, (False, False), None,
                          NothingHappens(pair, NOTHING_REASONS[TOO_WEAK]))
    # "the owner of the gold digger gets that gold card, and the gold digger card is removed
    # from the game. If the gold digger belongs to nobody, you get the gold."
    assert digger.colour is not None
    owner = owners[digger.colour]
    receiver = flipper if owner is None else owner
    outcome = FOUND_FLIPPER if receiver == flipper else FOUND_OTHER
    return PairResult(outcome, (True, True), receiver,
                      GoldFound(flipper, digger, gold, receiver, owner))


def pair_outcome(first: Card, second: Card, flipper: int,
                 owners: Mapping[str, int | None]) -> str:
    """Only the outcome name of a pair (see :data:`OUTCOMES`)."""
    return resolve_pair(first, second, flipper, owners, ("", "")).outcome


def can_change_anything(a: Card, b: Card) -> bool:
    """True when flipping ``a`` and ``b`` together removes at least one card."""
    if a.is_dynamite or b.is_dynamite:
        return True
    if a.is_digger and b.is_digger:
        return a.value != b.value
    if a.is_gold and b.is_gold:
        return False
    digger, gold = (a, b) if a.is_digger else (b, a)
    return digger.value >= gold.value


def is_dead(face_down: Sequence[int]) -> bool:
    """True when no pair among these face-down cards (counts per kind) can change anything.

    That is: no dynamite, all diggers of one strength, and every digger weaker
    than every gold card.  (See ``docs/rulings.md#goldrush-dead-position``.)
    """
    if sum(face_down) < 2:
        return False
    if face_down[DYNAMITE.index]:
        return False
    digger_values = {c.value for c in ALL_CARDS if c.is_digger and face_down[c.index]}
    if len(digger_values) > 1:
        return False
    gold_values = [c.value for c in ALL_CARDS if c.is_gold and face_down[c.index]]
    return not digger_values or not gold_values or max(digger_values) < min(gold_values)


def winners(scores: Sequence[int], gold_cards: Sequence[int]) -> tuple[int, ...]:
    """"The richest player wins! In case of a tie, the player with the most gold cards wins.
    If there's still a tie, victory is shared!\""""
    best = max(zip(scores, gold_cards, strict=True))
    return tuple(s for s, key in enumerate(zip(scores, gold_cards, strict=True)) if key == best)
