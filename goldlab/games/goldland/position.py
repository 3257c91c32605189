"""Build a Goldland position by hand: for rulebook examples, puzzles and lessons.

>>> from goldlab.games.goldland.position import build
>>> s = build(players=4, tiles={"5,4": "T27"}, pawns=["6,4"], packs=["2 timbers + rope"])
>>> [str(a) for a in s.legal_actions() if str(a).startswith("move")]
['move N', 'move E', 'move W']
>>> s.apply("move N") and str(s.observation(0).packs[0])
'timber'

Every space not named keeps the set-up's tiles (the coast in the suggested
first-game sequence unless ``coast`` lists other ids for slots 1-10) and the
inner tiles not placed are face down.  The stock, token, treasure, camp and
amulet supplies are what the box holds minus what the position uses.  The
player ``turn`` is at the very beginning of a turn (amulet income of that turn
already taken).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from goldlab.core.errors import OptionsError
from goldlab.core.registry import game as make_game
from goldlab.games.goldland.articles import (
    AMULET,
    CAMPS_PER_PLAYER,
    DISCOVERY_TOKENS,
    N_ARTICLES,
    STOCK,
    TREASURE,
    TREASURE_TOKENS,
    parse_kit,
)
from goldlab.games.goldland.board import (
    CELLS,
    COAST_SLOTS,
    INNER,
    START,
    cell_name,
    coast_rotation,
    parse_cell,
)
from goldlab.games.goldland.state import NOT_MOVED, TURN, GoldlandState
from goldlab.games.goldland.tiles import ADVENTURES

TileSpec = str | tuple[str, int]


def build(players: int = 4, *, tiles: Mapping[str, TileSpec] | None = None,
          coast: Sequence[str] | None = None, pawns: Sequence[str] | None = None,
          packs: Sequence[str] | None = None, tokens: Sequence[int] | None = None,
          gold: Sequence[int] | None = None, camps: Sequence[tuple[str, int]] = (),
          markers: Mapping[str, int] | None = None, treasures: Sequence[str] | None = None,
          turn: int = 0, round: int = 1, first_arrival: int = -1, bonus_open: bool = False,
          bonus: int | None = None, reserve: int | None = None, end_reason: str = "",
          treasure_stock: int | None = None,
          seed: int = 0, mode: str = "study", auto_chance: bool = True,
          **options: Any) -> GoldlandState:
    """A state at the given position (see the module docstring).

    ``tiles`` maps ``row,col`` to a tile id, or (id, degrees clockwise).
    ``packs`` are backpack contents as kit notation (``"2 timbers + treasure"``,
    the amulet included as ``amulet``); default 3 provisions + 2 pearls.
    ``treasures`` lists the spaces holding a treasure; by default every placed
    tile with a treasure field has one; ``treasure_stock`` may lower the treasures left in
    the stock.  ``camps`` lists (space, seat) pairs.
    """
    options = {"coast": "shown", **options}
    game = make_game("goldland", players, **options)
    state = game.new_state(seed, mode=mode, auto_chance=auto_chance)
    assert isinstance(state, GoldlandState)
    tileset = state.tileset
    if coast is not None:
        if len(coast) != len(COAST_SLOTS):
            raise OptionsError("coast lists one coastal tile id per free slot (10)")
        for tile_id, at in zip(coast, COAST_SLOTS, strict=True):
            tile = tileset.by_id(tile_id)
            if tile.kind != "coastal" or tile.corner is not None:
                raise OptionsError(f"{tile_id} is not a free coastal tile")
            state.board[at] = tile.index * 4 + coast_rotation(at)
    for name, spec in (tiles or {}).items():
        at = parse_cell(name)
        tile_id, degrees = (spec, 0) if isinstance(spec, str) else spec
        tile = tileset.by_id(tile_id)
        if tile.kind != "inner" or at not in INNER:
            raise OptionsError(f"{tile_id} at {name}: only the 36 inner tiles go on inner spaces")
        if degrees not in (0, 90, 180, 270):
            raise OptionsError(f"{tile_id}: rotation must be 0, 90, 180 or 270")
        state.board[at] = tile.index * 4 + degrees // 90
    laid = [v >> 2 for v in state.board if v >= 0]
    if len(set(laid)) != len(laid):
        raise OptionsError("a tile is laid twice")
    state.unseen = sorted(t.index for t in tileset.inner() if t.index not in set(laid))
    state.coast_queue = []
    # -- players
    state.pos = [parse_cell(p) for p in pawns] if pawns is not None else [START] * players
    state.pos += [START] * (players - len(state.pos))
    for c in state.pos:
        if state.board[c] < 0:
            raise OptionsError(f"an adventurer stands on the empty space {cell_name(c)}")
    stock = list(STOCK)
    amulets = 0
    for seat in range(players):
        text = packs[seat] if packs is not None and seat < len(packs) else "3 provisions + 2 pearls"
        contents = parse_kit(text)
        if contents.size > 12 or contents.counts[AMULET] > 1:
            raise OptionsError(f"backpack {text!r}: at most 12 objects and 1 amulet")
        state.packs[seat] = list(contents.counts)
        amulets += contents.counts[AMULET]
        for a in range(N_ARTICLES):
            stock[a] -= contents.counts[a]
    if min(stock) < 0:
        raise OptionsError("the backpacks hold more articles than the box has")
    state.stock = stock
    state.tokens = list(tokens) if tokens is not None else [0] * players
    state.gold = list(gold) if gold is not None else [0] * players
    state.token_stock = DISCOVERY_TOKENS - sum(state.tokens)
    if state.token_stock < 0:
        raise OptionsError(f"only {DISCOVERY_TOKENS} discovery tokens exist")
    # -- camps and markers
    camp_list = sorted((parse_cell(c), s) for c, s in camps)
    for c, s in camp_list:
        camp_tile = state.tile_at(c)
        if camp_tile is None or camp_tile.adventure is None or not 0 <= s < players:
            raise OptionsError(f"a camp at {cell_name(c)} must be on an adventure tile")
    state.camps = tuple(camp_list)
    state.camps_left = [CAMPS_PER_PLAYER - sum(1 for _, s in camp_list if s == seat)
                        for seat in range(players)]
    state.markers = [-1] * len(ADVENTURES)
    for key, holder in (markers or {}).items():
        state.markers[ADVENTURES.index(key)] = holder
    # -- treasures
    if treasures is None:
        spots = [c for c in range(CELLS) if state.board[c] >= 0
                 and state.tiles[state.board[c] >> 2].treasure_field]
    else:
        spots = [parse_cell(c) for c in treasures]
    state.treasure_at = [c in spots for c in range(CELLS)]
    carried = sum(p[TREASURE] for p in state.packs)
    state.treasure_stock = TREASURE_TOKENS - len(spots) - carried
    if state.treasure_stock < 0:
        raise OptionsError(f"only {TREASURE_TOKENS} treasures exist")
    if treasure_stock is not None:
        if not 0 <= treasure_stock <= state.treasure_stock:
            raise OptionsError(f"treasure_stock must be 0-{state.treasure_stock} here")
        state.treasure_stock = treasure_stock  # the others are out of play (dug and spent)
    # -- temple
    state.amulets_left = players - amulets
    state.first_arrival = first_arrival
    state.bonus_open = bonus_open
    if bonus is not None:
        state.bonus = bonus
    if reserve is not None:
        state.reserve = reserve
    state.end_reason = end_reason
    # -- the turn
    state.phase = TURN
    state.turn = turn
    state.round = round
    state.move = NOT_MOVED
    state.allowance = -1
    state.steps = 0
    state.path = (state.pos[turn],) if state.options.start_tile_entered else ()
    state.red_here = state.camp_right = state.acquired = state.explored = state.acted = False
    state.hand = [0] * N_ARTICLES
    state.drawn = state.explore_at = -1
    state._become_position(state._save())
    return state
