"""Whether a Mount Goldrush position loaded from a file can be played from.

A record's start position is hostile until checked: :func:`position_problem`
names the first thing the rules could not cope with (see
``State._position_problem``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from goldlab.games.goldrush.cards import ALL_CARDS, DECK, KINDS, TABLE_SIZE

if TYPE_CHECKING:
    from goldlab.games.goldrush.state import GoldrushState


def position_problem(state: GoldrushState) -> str | None:
    """What makes ``state`` an impossible Mount Goldrush position, or None."""
    from goldlab.games.goldrush.state import GONE, UNKNOWN

    players = state.players
    if len(state.cell) != TABLE_SIZE:
        return f"the table has {TABLE_SIZE} positions"
    if any(not GONE <= k < KINDS for k in state.cell):
        return "a position holds no card of the game"
    if len(state.unseen) != KINDS or any(n < 0 for n in state.unseen):
        return "the unseen counts must be one whole number from 0 per card"
    if len(state.taken) != players:
        return f"there must be one mine per seat ({players})"
    if not 0 <= state.turn < players:
        return f"turn {state.turn} is not a seat of a {players}-player game"
    if state.turn_no < 1 or state.stall < 0:
        return "the turn number starts at 1 and the stall count at 0"
    counts = list(state.unseen)
    for k in [*(k for k in state.cell if k >= 0), *state.removed,
              *(k for mine in state.taken for k in mine)]:
        if not 0 <= k < KINDS:
            return "a card index is out of range"
        counts[k] += 1
    for k in range(KINDS):
        if counts[k] != DECK[k]:
            return (f"the deck has {DECK[k]} x {ALL_CARDS[k]} but the position holds "
                    f"{counts[k]} (cards are not conserved)")
    if any(not ALL_CARDS[k].is_gold for mine in state.taken for k in mine):
        return "a mine holds a card that is not gold"
    if state.cell.count(UNKNOWN) != sum(state.unseen):
        return "the face-down cards never seen must be exactly the unseen cards"
    if state.on_table != TABLE_SIZE - state.cell.count(GONE):
        return "the count of cards on the table does not match the table"
    up = state.up
    if len(up) > 2 or len(set(up)) != len(up):
        return "at most two different cards lie face up"
    if any(not 0 <= p < TABLE_SIZE or state.cell[p] == GONE for p in up):
        return "a face-up card lies on an empty position"
    pending = state.pending
    if pending != -1 and (not 0 <= pending < TABLE_SIZE or state.cell[pending] != UNKNOWN):
        return "the card being revealed must lie face down, never seen"
    if any(state.cell[p] == UNKNOWN for p in up if p != pending):
        return "a face-up card must be known"
    if state.over and (up or pending != -1):
        return "a finished game has no card face up or being revealed"
    return None
