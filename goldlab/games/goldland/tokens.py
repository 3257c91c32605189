"""Discovery tokens: how many buy an article, and articles used straight from an exchange.

"with 2 players 4 tokens, with 3 players 3 tokens, with 4 and 5 players 2
tokens must be exchanged in order to get any 1 article of equipment."
"Exchanged articles which you immediately use (discard) to survive an
adventure, to dig up treasure, or to complete an ordeal, need not be put into
your backpack."

A plain exchange (``exchange 2 tokens for timber``) puts the article into the
backpack while there is room.  An exchange *to use* (``exchange 2 tokens for
timber to use``), and any exchange with a full backpack, holds the article
*in hand*, outside the backpack, and the next payment must use it
(``docs/rulings.md#goldland-exchange-hand``); so buying what a step needs at
the moment of the step does not lower the movement allowance.  An exchange
into the hand is allowed only when some payment available now could use
everything held, possibly with more exchanges, so a player can never get
stuck holding it.
"""

from __future__ import annotations

from collections.abc import Sequence

from goldlab.games.goldland.articles import N_ARTICLES

EXCHANGE_RATE: dict[int, int] = {2: 4, 3: 3, 4: 2, 5: 2}
"""Tokens per article by player count."""


def exchange_rate(players: int) -> int:
    """Discovery tokens that buy one article with this many players."""
    return EXCHANGE_RATE[players]


def payable(fixed: Sequence[int], any_count: int, hand: Sequence[int], pack: Sequence[int],
            wild: int, stock: Sequence[int]) -> bool:
    """Could a payment of ``fixed`` articles plus ``any_count`` free ones use all of ``hand``?

    The rest comes from the backpack's equipment ``pack`` or from up to
    ``wild`` further exchanges (articles still in ``stock``).
    """
    extra = 0
    deficit = 0
    used_pack = 0
    for a in range(N_ARTICLES):
        need = fixed[a] - hand[a]
        if need < 0:
            extra -= need
            continue
        from_pack = min(need, pack[a])
        used_pack += from_pack
        short = need - from_pack
        if short > stock[a]:
            return False
        deficit += short
    if extra > any_count or deficit > wild:
        return False
    free_slots = any_count - extra
    return free_slots <= (sum(pack[:N_ARTICLES]) - used_pack) + (wild - deficit)
