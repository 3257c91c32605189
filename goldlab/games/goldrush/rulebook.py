"""The rulebooks' own sentences behind every event and refusal of Mount Goldrush.

One sentence per section name the engine uses (``Event.rule`` and
``IllegalActionError.rule``), copied word for word from each edition:
edition A is ``shared/rules/002_…`` ("Gold"), edition B is ``shared/rules/004_…``
("Mount Goldrush").  Edition B has no headings, so its sentences sit under
edition A's section names.  Only the printed bold marks (``**``) and line
breaks are left out.  Refusals at a chance step cite ``"Chance"``: the
rulebooks have no such section, so it quotes the shuffle that makes every
unseen card a draw.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from goldlab.core.presentation import Quote
from goldlab.games.goldrush.events import (
    DYNAMITE,
    FINDS_DIGGER,
    FINDS_GOLD,
    GAME_END,
    GOLD_RUSH,
    HOW_TO_PLAY,
    OTHER,
    SETUP,
    SUGGESTION,
)

CHANCE = "Chance"
"""The section core refusals name at a chance step (not a heading of these rulebooks)."""
SOURCES: Mapping[str, str] = MappingProxyType({
    "A": "Gold rulebook (edition A)",
    "B": "Mount Goldrush rulebook (edition B)",
})
"""Each edition's rulebook, as quotes name it."""
FILES: Mapping[str, str] = MappingProxyType({
    "A": "002_51316e00024bbb4d.txt",
    "B": "004_eaa10593919c6b2e.txt",
})
"""Each edition's rulebook file in ``shared/rules/``."""

_A: dict[str, tuple[str, str]] = {
    SETUP: (SETUP, "Each player chooses a colour and places the corresponding mine entrance "
                   "in front of them."),
    HOW_TO_PLAY: (HOW_TO_PLAY, "On your turn, flip two cards one after the other."),
    FINDS_GOLD: (FINDS_GOLD, "If you flipped a gold digger card with value greater or equal "
                             "than the value of the gold card, then the owner of the gold digger "
                             "gets that gold card, and the gold digger card is removed from the "
                             "game."),
    FINDS_DIGGER: (FINDS_DIGGER, "If you flipped two gold diggers of different strength - which "
                                 "may be of the same colour - the strongest (highest value) "
                                 "kicks the weakest (lowest value)."),
    DYNAMITE: (DYNAMITE, "If you flip at least one dynamite card, both flipped cards are "
                         "removed from the game."),
    OTHER: (OTHER, "You must remember these cards and flip them back face down."),
    GOLD_RUSH: (GOLD_RUSH, "If, at the start of your turn, only 10 or fewer face-down cards "
                           "remain on the table, everyone says: \"gold rush!\" and the game "
                           "continues as follows:"),
    GAME_END: (GAME_END, "The game ends once the last card is flipped and removed or taken by "
                         "a player."),
    SUGGESTION: (SUGGESTION, "Play as many times as there are players."),
    CHANCE: (SETUP, "All gold, gold diggers and dynamite cards are shuffled together and "
                    "distributed faced down on the table."),
}
_B: dict[str, tuple[str, str]] = {
    SETUP: (SETUP, "Every player chooses a color and places the corresponding entrance in "
                   "front of them on the table."),
    HOW_TO_PLAY: (HOW_TO_PLAY, "When it’s your turn, flip two cards of your choice over."),
    FINDS_GOLD: (FINDS_GOLD, "The gold miner‘s owner receives the gold, and the uncovered gold "
                             "miner card is removed from the game."),
    FINDS_DIGGER: (FINDS_DIGGER, "If you uncover two gold miners of different values (can also "
                                 "be the same color), the “stronger” gold miner (higher number) "
                                 "defeats the “weaker” gold miner (lower number), who is then "
                                 "out of the game."),
    DYNAMITE: (DYNAMITE, "If you uncover at least one dynamite card, both cards are removed "
                         "from the game."),
    OTHER: (OTHER, "If, during your turn, you uncover either • Two gold miners of the same "
                   "value, • Two gold cards, or • A gold miner and a gold card with a higher "
                   "value, remember the cards and turn them back over again."),
    GOLD_RUSH: (GOLD_RUSH, "If there are 10 or fewer cards still face down when it is the "
                           "beginning of your turn, then you should all shout: “Gold Rush!”"),
    GAME_END: (GAME_END, "The game ends when the last card has been removed from the table."),
    SUGGESTION: (SUGGESTION, "Play as many times as there are players, with a different player "
                             "starting each time."),
    CHANCE: (SETUP, "Shuffle the remaining cards thoroughly and place them face down on the "
                    "table in any order."),
}

TIES: Mapping[str, tuple[str, str]] = MappingProxyType({
    "A": ("In case of a tie, the player with the most gold cards wins.",
          "If there's still a tie, victory is shared!"),
    "B": ("In the event of a tie, the player who has collected more gold cards wins.",
          "If there’s still a tie, then there are several winners."),
})
"""Each edition's two tie-break sentences: more gold cards, then a shared victory."""


QUOTES: Mapping[str, Mapping[str, Quote]] = MappingProxyType({
    edition: MappingProxyType({
        name: Quote(section, sentence, SOURCES[edition])
        for name, (section, sentence) in table.items()
    })
    for edition, table in (("A", _A), ("B", _B))
})
"""The quotes of both editions, by edition."""


def quotes(edition: str) -> Mapping[str, Quote]:
    """Every section the engine names -> that edition's sentence for it."""
    return QUOTES["B" if edition == "B" else "A"]


SECTIONS: Mapping[str, str] = MappingProxyType({
    "cards": "Contents",
    "layout": "Setup",
    "series": "Suggestion",
})
"""The game's own modules beyond the recipe of every game folder (docs/architecture.md), each
named after the rulebook section it implements: module -> the section's heading."""
