"""The temple: amulets, the bonus field, the reserve field and the end of the game.

"The player whose adventurer first reaches the goal space with the temple and
ends his movement there, acquires an amulet … Additionally, he gets 2 gold
pieces from the temple bonus field.  Each other player whose adventurer
reaches and remains in the temple in the same round … also gets an amulet and
2 gold pieces."  "At the beginning of each of his subsequent turns, each
player who possesses an amulet gets 1 gold piece from the temple reserve
field."  The game ends when every player has an amulet or the last reserve
gold is taken, after the round is completed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from goldlab.core.values import Event
from goldlab.games.goldland.articles import AMULET, TEMPLE_BONUS_PER_ARRIVAL
from goldlab.games.goldland.backpack import free_spaces
from goldlab.games.goldland.board import GOAL
from goldlab.games.goldland.events import (
    AmuletIncome,
    AmuletMissed,
    AmuletTaken,
    BonusRemoved,
    GameEndTriggered,
)

if TYPE_CHECKING:
    from goldlab.games.goldland.state import GoldlandState

RESERVE_GOLD: dict[int, int] = {2: 3, 3: 6, 4: 9, 5: 12}
"""'The right is the reserve field. Put as many gold pieces there as follows'."""
ALL_AMULETS = "every player possesses an amulet"
LAST_GOLD = "the last gold piece was taken from the temple reserve field"


def temple_setup(players: int) -> tuple[int, int, int]:
    """(amulets, bonus gold, reserve gold) put in the temple at set-up."""
    # "In the middle, put as many amulets as there are players.  The left is the bonus
    # field.  Put twice as many gold pieces there as the number of players."
    return players, 2 * players, RESERVE_GOLD[players]


def start_of_turn(state: GoldlandState, seat: int, events: list[Event]) -> None:
    """Clear the bonus field on the first visitor's next turn; pay amulet income."""
    if state.bonus_open and seat == state.first_arrival:
        # "When the player whose adventurer first reached and ended movement in the temple
        # starts his next turn, all gold pieces still remaining in the temple bonus field
        # are removed and put back in the box."
        events.append(BonusRemoved(state.bonus))
        state.bonus = 0
        state.bonus_open = False
    if state.packs[seat][AMULET]:
        # Q8: "You get the gold piece at the beginning of your turn, regardless of which
        # tile you're on or what actions you execute."
        state.gold[seat] += 1
        if state.reserve > 0:
            state.reserve -= 1
            events.append(AmuletIncome(seat, "reserve field", state.reserve))
            if state.reserve == 0:
                trigger(state, LAST_GOLD, events)
        else:
            # "If a player who has an amulet starts his turn during this last round and there
            # are no more gold pieces in the temple reserve, he takes the gold piece he is due
            # for possessing an amulet from the box."
            state.box_paid += 1
            events.append(AmuletIncome(seat, "box", 0))


def trigger(state: GoldlandState, reason: str, events: list[Event]) -> None:
    """An end condition is met: the round is completed, then the game ends."""
    if not state.end_reason:
        state.end_reason = reason
        events.append(GameEndTriggered(reason))


def may_take_amulet(state: GoldlandState, seat: int) -> bool:
    """True when ending the movement now, where the adventurer stands, earns an amulet."""
    if state.pos[seat] != GOAL or state.board[GOAL] < 0 or state.packs[seat][AMULET]:
        return False
    if state.steps == 0 and not state.options.amulet_when_staying:
        return False
    return state.amulets_left > 0


def arrive(state: GoldlandState, seat: int, events: list[Event]) -> None:
    """The movement ended in the temple: amulet, and bonus gold in the first round."""
    if not may_take_amulet(state, seat):
        return
    if free_spaces(state.packs[seat]) <= 0:
        # "The amulet is put into the backpack": no free space, no amulet this time.
        events.append(AmuletMissed(seat))
        return
    first = state.first_arrival < 0
    if first:
        state.first_arrival = seat
        state.bonus_open = True
    gold = 0
    if state.bonus_open:
        gold = min(TEMPLE_BONUS_PER_ARRIVAL, state.bonus)
        state.bonus -= gold
        state.gold[seat] += gold
    state.amulets_left -= 1
    state.packs[seat][AMULET] = 1
    events.append(AmuletTaken(seat, gold, first))
    if all(p[AMULET] for p in state.packs):
        trigger(state, ALL_AMULETS, events)
