"""Final scoring in Goldland.

"Now each player counts his entire gold: each gold piece counts 1, each
treasure counts 3, an amulet counts 3 and each adventure marker counts the
printed value (2 to 5). The player with the most gold wins."  The text gives
no tie-break: tied players share the victory (``docs/rulings.md#goldland-ties``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from goldlab.games.goldland.articles import AMULET, AMULET_GOLD, TREASURE, TREASURE_GOLD
from goldlab.games.goldland.tiles import ADVENTURES

if TYPE_CHECKING:
    from goldlab.games.goldland.state import GoldlandState


def gold_of(state: GoldlandState, seat: int) -> int:
    """One player's gold: pieces + 3 per treasure + 3 for the amulet + markers held."""
    pack = state.packs[seat]
    markers = sum(
        state.tileset.marker(key)
        for key, holder in zip(ADVENTURES, state.markers, strict=True)
        if holder == seat
    )
    return state.gold[seat] + TREASURE_GOLD * pack[TREASURE] + AMULET_GOLD * pack[AMULET] + markers


def final_scores(state: GoldlandState) -> tuple[int, ...]:
    """Every player's gold."""
    return tuple(gold_of(state, s) for s in range(state.players))

