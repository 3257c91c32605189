"""Action B, acquiring articles of equipment from a tile's equipment line.

"You may only acquire articles of equipment during your turn on one tile:
either the tile where your adventurer stood before moving or on the tile where
it ended movement."  White-bordered articles are kept ("you simply need to
have the portrayed article in your backpack"); black-bordered ones are taken
from the stock, overlapping ones together, side-by-side ones as alternatives;
"You are not required to take all the articles … You can take all, any part,
or none at all."  The Puma's red → black line pays only for the guns used to
enter this turn, when the movement ends there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from goldlab.core.values import Event
from goldlab.games.goldland.articles import N_ARTICLES, Kit, sub_kits
from goldlab.games.goldland.backpack import allowance, free_spaces
from goldlab.games.goldland.events import ACQUIRE, Acquired
from goldlab.games.goldland.phases import MOVED, MOVING
from goldlab.games.goldland.tiles import Trade

if TYPE_CHECKING:
    from goldlab.games.goldland.state import GoldlandState



def open_trade(state: GoldlandState, seat: int) -> tuple[Trade | None, str]:
    """The equipment line ``seat`` may use now, or None with the reason why not."""
    tile = state.tile_at(state.pos[seat])
    assert tile is not None
    trade = tile.trade
    if trade is None:
        return None, f"{tile.name} ({tile.id}) shows no black-bordered articles to acquire"
    if trade.needs == "white":
        pack = state.packs[seat]
        if not all(trade.white.counts[a] <= pack[a] for a in range(N_ARTICLES)):
            return None, (
                f"in order to acquire articles of equipment, you must already possess "
                f"{trade.white} (white-bordered) in your backpack"
            )
    elif trade.needs == "red" and not (state.red_here and state.move == MOVED):
        return None, (
            f"the {trade.gives[0]} of {tile.name} are acquired only for using the red articles "
            "to enter it this turn and then ending the movement there"
        )
    return trade, ""


def options(state: GoldlandState, seat: int) -> list[Kit]:
    """Every kit ``seat`` may acquire now: all or part of one alternative."""
    if state.acquired or state.move == MOVING:
        return []
    trade, _ = open_trade(state, seat)
    if trade is None:
        return []
    room = free_spaces(state.packs[seat])
    if room <= 0:
        return []
    stock = state.stock
    seen: set[Kit] = set()
    for alternative in trade.gives:
        for k in sub_kits(alternative):
            if k.size <= room and all(k.counts[a] <= stock[a] for a in range(N_ARTICLES)):
                seen.add(k)
    return sorted(seen, key=lambda k: (k.size, k.counts))


def reason(state: GoldlandState, seat: int, articles: Kit) -> tuple[str, str]:
    """Why acquiring ``articles`` is refused now."""
    if state.move == MOVING:
        return (ACQUIRE, "players may only acquire articles of equipment on the tiles where "
                         "they begin or end their movement: end the movement first ('end move')")
    if state.acquired:
        return (ACQUIRE, "you may only acquire equipment once per turn")
    trade, why = open_trade(state, seat)
    if trade is None:
        return (ACQUIRE, why)
    if not articles or not articles.is_equipment():
        return (ACQUIRE, "name the articles of equipment to take, e.g. 'acquire 2 timbers'")
    if not any(articles <= g for g in trade.gives):
        offer = " | ".join(str(g) for g in trade.gives)
        return (ACQUIRE, f"the equipment line offers {offer}: articles standing separately are "
                         "alternatives; take all or part of one of them")
    short = [a for a in range(N_ARTICLES) if articles.counts[a] > state.stock[a]]
    if short:
        return (ACQUIRE, "if there are no more tokens for that article in the stock, you "
                         "unfortunately don't get it")
    room = free_spaces(state.packs[seat])
    return (ACQUIRE, f"the backpack has only {room} free spaces")


def acquire(state: GoldlandState, seat: int, articles: Kit, events: list[Event]) -> None:
    """Take ``articles`` from the stock into the backpack (the turn's one acquisition)."""
    pack = state.packs[seat]
    for a in range(N_ARTICLES):
        n = articles.counts[a]
        if n:
            pack[a] += n
            state.stock[a] -= n
    state.acquired = True
    state.acted = True
    tile = state.tile_at(state.pos[seat])
    assert tile is not None
    events.append(Acquired(seat, articles, tile.id, allowance(pack)))
