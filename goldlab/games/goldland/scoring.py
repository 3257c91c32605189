"""Final scoring in Goldland.

"Now each player counts his entire gold: each gold piece counts 1, each
treasure counts 3, an amulet counts 3 and each adventure marker counts the
printed value (2 to 5). The player with the most gold wins."  The text gives
no tie-break: tied players share the victory (``docs/rulings.md#goldland-ties``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from goldlab.games.goldland.articles import AMULET, AMULET_GOLD, TREASURE, TREASURE_GOLD
from goldlab.games.goldland.tiles import TileSet

if TYPE_CHECKING:
    from goldlab.games.goldland.state import GoldlandState


def final_scores(state: GoldlandState) -> tuple[int, ...]:
    """Every player's gold."""
    return table_scores(state.gold, state.packs, state.markers, state.tileset)


def table_scores(gold: Sequence[int], packs: Sequence[Sequence[int]], markers: Sequence[int],
                 tileset: TileSet) -> tuple[int, ...]:
    """Every player's gold from the table: gold pieces, backpacks and marker holders."""
    values = tileset.marker_values()
    held = [0] * len(gold)
    for holder, value in zip(markers, values, strict=True):
        if holder >= 0:
            held[holder] += value
    return tuple(
        gold[s] + TREASURE_GOLD * pack[TREASURE] + AMULET_GOLD * pack[AMULET] + held[s]
        for s, pack in enumerate(packs)
    )
