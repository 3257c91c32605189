"""Action C, exploration, and digging up treasure.

"If your adventurer stands on a tile next to which at least one tile can still
be positioned horizontally or vertically, you may explore. You take a tile
from the stack and place it next to the tile on which your adventurer is
standing … You may rotate the new tile in any orientation you wish."
"Whenever you place a new tile, you get a discovery token."  "If a treasure
field is portrayed on the newly turned over terrain tile, a treasure is
immediately placed."  "As soon as a tile is put on the goal space, place the
temple next to this tile."  Digging: "If you finish your turn on this
adventure tile, you can dig up the treasure by using (discarding) 2
provisions."
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from goldlab.core.values import Event
from goldlab.games.goldland import movement, temple
from goldlab.games.goldland.articles import BACKPACK_SPACES, DIG_COST, PROVISION, TREASURE, Kit
from goldlab.games.goldland.board import GOAL, exploration_spaces
from goldlab.games.goldland.events import (
    TempleFound,
    TileDrawn,
    TilePlaced,
    TreasureDug,
    TreasurePlaced,
)
from goldlab.games.goldland.phases import DRAW, MOVED, MOVING, PLACE, TURN

if TYPE_CHECKING:
    from goldlab.games.goldland.state import GoldlandState



def spaces(state: GoldlandState, seat: int) -> list[int]:
    """Empty inner spaces beside the adventurer's tile, where a new tile may go."""
    return exploration_spaces(state.pos[seat], state.board)


def may_explore(state: GoldlandState, seat: int) -> str:
    """'' when ``seat`` may begin an exploration now, else the reason (rulebook words)."""
    if state.explored:
        return "each of the three actions may be executed once per turn"
    if state.move == MOVING:
        return "once initiated, each action must be completed before the next can begin: " \
               "end the movement first ('end move')"
    if not state.unseen:
        return "no terrain tile is left to explore"
    if not spaces(state, seat):
        return "no tile can be positioned next to the adventurer's tile"
    return ""


def begin(state: GoldlandState, seat: int, at: int, events: list[Event]) -> None:
    """Take a tile from the stack (beginners' grid: the face-down tile at ``at``)."""
    state.explored = True
    state.acted = True
    state.explore_at = at
    state.phase = DRAW


def drawn(state: GoldlandState, tile_index: int, events: list[Event]) -> None:
    """Chance revealed the tile: the player now chooses where and how to lay it."""
    state.unseen.remove(tile_index)
    state.drawn = tile_index
    state.phase = PLACE
    tile = state.tiles[tile_index]
    events.append(TileDrawn(tile.id, tile.name, len(state.unseen)))


def placements(state: GoldlandState, seat: int) -> list[int]:
    """Where the drawn tile may go."""
    if state.explore_at >= 0:
        return [state.explore_at]
    return spaces(state, seat)


def place(state: GoldlandState, seat: int, at: int, quarter_turns: int,
          events: list[Event]) -> None:
    """Lay the drawn tile; discovery token, treasure and temple follow."""
    tile = state.tiles[state.drawn]
    state.board[at] = tile.index * 4 + quarter_turns
    state.drawn = -1
    state.explore_at = -1
    state.phase = TURN
    events.append(TilePlaced(seat, tile.id, at, quarter_turns * 90))
    state.give_token(seat, "exploring", events)
    if tile.treasure_field:
        # "Only 1 treasure is ever put onto a treasure field."
        if state.treasure_stock > 0:
            state.treasure_stock -= 1
            state.treasure_at[at] = True
            events.append(TreasurePlaced(at))
        else:
            events.append(TreasurePlaced(at, got=False))
    if at == GOAL:
        events.append(TempleFound(tile.id))


def dig_reason(state: GoldlandState, seat: int) -> str:
    """'' when ``seat`` may dig here now, else the reason."""
    at = state.pos[seat]
    if not state.treasure_at[at]:
        return "there is no treasure on this tile"
    if state.move == MOVING:
        return "in order to dig up the treasure, you must finish your movement on the tile " \
               "('end move' first)"
    hand = state.hand
    pack = state.packs[seat]
    if any(hand[a] for a in range(len(hand)) if a != PROVISION) or hand[PROVISION] > DIG_COST:
        return "the articles held from an exchange must be used at once: digging uses only " \
               f"{DIG_COST} provisions"
    from_hand = hand[PROVISION]
    from_pack = DIG_COST - from_hand
    if pack[PROVISION] < from_pack:
        return f"digging up a treasure uses {DIG_COST} provisions"
    if not treasure_space(state, seat, from_pack):
        return "each treasure must be put onto its own space in the backpack: no space is free"
    return ""


def treasure_space(state: GoldlandState, seat: int, from_pack: int) -> bool:
    """Is a backpack space free for the treasure once ``from_pack`` provisions left it?

    The other provisions of the 2 come from articles held from an exchange, which
    take no space.  Digging before moving ends the movement first, which in the
    temple may put the amulet into the backpack.
    """
    pack = state.packs[seat]
    extra = 0
    if state.move != MOVED and temple.may_take_amulet(state, seat) and sum(pack) < BACKPACK_SPACES:
        extra = 1  # ending the movement here first puts the amulet into the backpack
    return sum(pack) + extra - from_pack + 1 <= BACKPACK_SPACES


def dig(state: GoldlandState, seat: int, events: list[Event]) -> None:
    """Use 2 provisions and put the treasure into the backpack."""
    movement.finish(state, seat, events)
    at = state.pos[seat]
    movement.pay(state, seat, Kit.from_counts([DIG_COST]), events)
    state.treasure_at[at] = False
    state.packs[seat][TREASURE] += 1
    events.append(TreasureDug(seat, at))
