"""Adventures, camps and adventure markers.

"To move into or through a tile with an adventure, you must survive it.  You
survive the adventure by using (discarding) the type and number of
red-bordered articles shown in the equipment line.  To show that you have
survived the adventure, you may put one of your camps on the adventure tile."
"The first player to survive an adventure of a particular type immediately
takes the marker … Another player takes away the marker if later has more
camps on tiles of this adventure type than the player who currently has the
marker."
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from goldlab.core.values import Event
from goldlab.games.goldland.events import CampPlaced, MarkerTaken
from goldlab.games.goldland.tiles import ADVENTURES

if TYPE_CHECKING:
    from goldlab.games.goldland.state import GoldlandState

MARKER_INDEX: dict[str, int] = {key: i for i, key in enumerate(ADVENTURES)}


def has_camp(state: GoldlandState, seat: int, at: int) -> bool:
    """True when ``seat`` has a camp on space ``at``."""
    return (at, seat) in state.camps


def camp_spaces(state: GoldlandState, seat: int) -> list[int]:
    """The distinct spaces where ``seat`` has camps."""
    return sorted({c for c, s in state.camps if s == seat})


def camp_counts(state: GoldlandState, key: str) -> list[int]:
    """Each seat's number of camps on tiles of adventure ``key``."""
    counts = [0] * state.players
    for c, s in state.camps:
        tile = state.tile_at(c)
        if tile is not None and tile.adventure == key:
            counts[s] += 1
    return counts


def survive(state: GoldlandState, seat: int, key: str, events: list[Event]) -> None:
    """The adventure ``key`` was survived: the first survivor takes its marker."""
    index = MARKER_INDEX[key]
    if state.markers[index] < 0:
        # "The first player to survive an adventure of a particular type immediately takes
        # the marker and sets it in front of himself."
        state.markers[index] = seat
        events.append(MarkerTaken(seat, key, -1, state.tileset.marker(key)))
    state.camp_right = True


def place_camp(state: GoldlandState, seat: int, source: int, events: list[Event]) -> None:
    """Put a camp on the tile just survived (moving the camp from ``source`` if >= 0)."""
    at = state.pos[seat]
    tile = state.tile_at(at)
    assert tile is not None and tile.adventure is not None
    camps = list(state.camps)
    touched = {tile.adventure}
    if source >= 0:
        # "If you have already used all your camps, you may move one of your other camps
        # to this tile."
        camps.remove((source, seat))
        old = state.tile_at(source)
        if old is not None and old.adventure is not None:
            touched.add(old.adventure)
    else:
        state.camps_left[seat] -= 1
    camps.append((at, seat))
    state.camps = tuple(sorted(camps))
    state.camp_right = False
    events.append(CampPlaced(seat, at, tile.adventure, source, state.camps_left[seat]))
    for key in ADVENTURES:
        if key in touched:
            recheck_marker(state, key, seat, events)


def recheck_marker(state: GoldlandState, key: str, active: int, events: list[Event]) -> None:
    """Give marker ``key`` to a player with strictly more camps of its type than its holder.

    Among several such players the one with most camps takes it; a tie
    between them goes to the active player, then clockwise from the active
    player (``docs/rulings.md#goldland-markers``).
    """
    index = MARKER_INDEX[key]
    holder = state.markers[index]
    if holder < 0:
        return
    counts = camp_counts(state, key)
    order = [(active + k) % state.players for k in range(state.players)]
    best = max(counts[s] for s in order if s != holder)
    if best <= counts[holder]:
        return
    winner = next(s for s in order if s != holder and counts[s] == best)
    state.markers[index] = winner
    events.append(MarkerTaken(winner, key, holder, state.tileset.marker(key)))
