"""The Gold! rulebook's own sentences, one per section that an event or a refusal names.

Each quote is copied word for word from the English rules (``shared/rules/001_…``,
the clean copy); the one sentence whose clean copy carries print emphasis
(``**must**``) is quoted from the printed booklet (``shared/rules/000_…``).  The
views show a quote beside the engine's reason when a click is refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from goldlab.core.presentation import Quote
from goldlab.games.gold.events import (
    COLOUR_SCORING,
    EXCHANGE,
    FINAL,
    REFILL,
    SET,
    SETUP,
    TAKE,
)

RULEBOOK = "Gold! rulebook"
"""The clean copy of the English rules (``001_…``)."""
BOOKLET = "Gold! rulebook (printed booklet)"
"""The same rules line-broken as printed (``000_…``)."""

GAMEPLAY = "Gameplay"
"""The section a refusal names when nothing else fits (not your turn, not a Gold! action)."""
TIE = "Final scoring: ties"
"""The tie rule of the final scoring (a sentence of its own in :data:`QUOTES`)."""
OPTION_2 = "B) Exchange a card: option 2"
"""The second kind of exchange: a donkey for any gold card."""
ONLY_DONKEYS = "Tactical hints"
"""The hint the rulebook gives about an offer of donkeys only (a scenario's section)."""


def _quote(section: str, sentence: str, source: str = RULEBOOK) -> Quote:
    return Quote(section, sentence, source)


QUOTES = MappingProxyType({
    SETUP: _quote(SETUP, "Give each player 1 donkey card in a different colour."),
    GAMEPLAY: _quote(
        GAMEPLAY,
        "On a player's turn, he must carry out one of the two following actions:",
    ),
    TAKE: _quote(
        TAKE,
        "The player takes the card with the lowest value from those on offer and adds it "
        "to his tableau.",
    ),
    EXCHANGE: _quote(
        EXCHANGE,
        "In return, he takes a lower-valued gold card from the offer and adds it to his "
        "tableau.",
    ),
    OPTION_2: _quote(
        OPTION_2,
        "In return, he takes back a gold card of his choice and adds it to his tableau.",
    ),
    SET: _quote(
        SET,
        "If, after carrying out his action, a player has a set in his tableau, then he "
        "must score it.",
        BOOKLET,
    ),
    REFILL: _quote(
        REFILL,
        "Afterwards, 5 new cards are revealed from the draw pile, forming a new offer.",
    ),
    COLOUR_SCORING: _quote(
        COLOUR_SCORING,
        "Whoever has the highest total in a colour adds the highest-value gold card he owns "
        "of that colour to his scoring pile.",
    ),
    FINAL: _quote(FINAL, "The player with the most points wins."),
    TIE: _quote(
        TIE,
        "In the case of a tie, the winner is the tied player with the most cards in his "
        "scoring pile.",
    ),
    ONLY_DONKEYS: _quote(
        ONLY_DONKEYS,
        "Sometimes donkey cards can be forced onto the other players: if, after an action, "
        "there are only donkey cards left on offer, then subsequent players have no choice "
        "but to use Action A (take a card) to take them.",
    ),
})
"""Section name -> the rulebook's sentence for it."""

# Sentences the inspector pages quote beside a step (verbatim too; tested with the rest).
BONUS_NOT_PRESENT = (
    "Note: He may not take a card in a colour that is already present in his tableau "
    "(i.e. that he already has one or more cards in)."
)
BONUS_NOT_SET = "Important: He may also not take a card in the colour of the set he is scoring!"
COLOUR_TIE = (
    "In the case of a tie, then each tied player may add the highest-value gold card he "
    "owns of that colour to his scoring pile."
)
COLOUR_NOT_SCORED = (
    "In the event that no players have any gold cards of a particular colour, then that "
    "colour is not scored."
)
SHARED = "If there is still a tie, then the players share the victory."
PAGE_SENTENCES: tuple[str, ...] = (
    BONUS_NOT_PRESENT, BONUS_NOT_SET, COLOUR_TIE, COLOUR_NOT_SCORED, SHARED,
)
"""Every sentence the inspector pages quote (all from the clean copy)."""

SECTIONS: Mapping[str, str] = MappingProxyType({
    "cards": "Game components",
})
"""The game's own modules beyond the recipe of every game folder (docs/architecture.md), each
named after the rulebook section it implements: module -> the section's heading."""
