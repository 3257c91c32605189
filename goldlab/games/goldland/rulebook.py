"""The rulebook's own sentences behind Goldland's events and refusals, as data.

Each rule section the engine names (``Event.rule``, ``IllegalActionError.rule``)
maps to the one sentence of the Goldland rules (``shared/rules/003_…``, the
English translation by Pitt Crandlemire) that states it, copied word for word,
typos included.  The tests check that every quote occurs in the rule text.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from goldlab.core.presentation import Quote
from goldlab.games.goldland.events import (
    ACQUIRE,
    BACKPACK,
    CAMPS,
    CAP,
    END,
    EXPLORE,
    GOAL,
    MARKER,
    MOVE,
    ORDEAL,
    PLAY,
    SETUP,
    TEMPLE,
    TOKENS,
    TREASURE,
)

SOURCE = "Goldland rulebook"
FINAL_SCORING = "Final scoring"
"""The section the core names when anything is tried after the end of the game."""
CHANCE = "Chance"
"""The section the core names when a player acts while chance (the stack) is to move."""

_SENTENCES: dict[str, str] = {
    SETUP: "The remaining 36 terrain tiles are thoroughly mixed and set out in a face-down "
           "stack.",
    BACKPACK: "The number of uncovered spaces in your backpack shows the maximum number of "
              "spaces you may move your adventurer.",
    PLAY: "The active player can execute each of the following three actions once per turn",
    MOVE: "The adventurer may move a maximum number of spaces equal to the highest numbered "
          "uncovered space shown in the player's backpack before beginning movement.",
    CAMPS: "To show that you have survived the adventure, you may put one of your camps on the "
           "adventure tile.",
    MARKER: "The first player to survive an adventure of a particular type immediately takes "
            "the marker and sets it in front of himself.",
    ORDEAL: "If the path between two adjacent tiles is not connected, you may still move from "
            "one of those tiles to the other by using (discarding) 4 articles of equipment.",
    ACQUIRE: "You may only acquire articles of equipment during your turn on one tile: either "
             "the tile where your adventurer stood before moving or on the tile where it ended "
             "movement.",
    EXPLORE: "You take a tile from the stack and place it next to the tile on which your "
             "adventurer is standing.",
    TOKENS: "Whenever you place a new tile, you get a discovery token from the stock and place "
            "it in front of yourself.",
    TREASURE: "If you finish your turn on this adventure tile, you can dig up the treasure by "
              "using (discarding) 2 provisions.",
    GOAL: "As soon as a tile is put on the goal space, place the temple next to this tile.",
    TEMPLE: "The player whose adventurer first reaches the goal space with the temple and ends "
            "his movement there, acquires an amulet.",
    END: "The player with the most gold wins.",
    # The turn cap is goldlab's, not Goldland's; this is the sentence that makes it necessary.
    CAP: "You may pass your turn as often as you like.",
    FINAL_SCORING: "The player with the most gold wins.",
    CHANCE: "The remaining 36 terrain tiles are thoroughly mixed and set out in a face-down "
            "stack.",
}

QUOTES: Mapping[str, Quote] = MappingProxyType(
    {section: Quote(section, sentence, SOURCE) for section, sentence in _SENTENCES.items()}
)
"""Rule section -> the rulebook's sentence for it."""

SECTIONS: Mapping[str, str] = MappingProxyType({
    "acquisition": "B. Acquiring articles of equipment",
    "adventure": "Tiles with adventures",
    "articles": "The equipment line",
    "backpack": "The backpack",
    "board": "Goldland overview",
    "exploration": "C. Exploration",
    "movement": "A. Move adventurer",
    "phases": "Play of the game",
    "scoring": "End of the game and scoring",
    "temple": "Amulet and gold pieces",
    "tiles": "The terrain tiles",
    "tokens": "Discovery token",
})
"""The game's own modules beyond the recipe of every game folder (docs/architecture.md), each
named after the rulebook section it implements: module -> the section's heading."""
