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

A position loaded from a file (a record's start position) is hostile until
checked: :func:`problem` names the first thing wrong with it (see
``State._position_problem``), so that a crafted file is one ``RecordError``
rather than a crash, a loop or a game that cannot go on.  It checks

* the form: every field of the right type, per-seat lists with one entry per
  seat, 49 spaces, tile, space, seat and rotation indexes in range;
* the tiles: the start tile, the two corners and the free coastal tiles on
  their own spaces and turned to the sea, the inner tiles on inner spaces, and
  each of the 36 inner tiles exactly once on the board, face down or drawn;
  the coast still to deal (random coast) matching the empty coastal spaces;
* conservation: each article of the box in the stock, a backpack or the hand;
  the 36 discovery tokens; at most the 8 treasures (fewer when some are out of
  play, as :func:`build` allows), on treasure fields of laid tiles; one amulet
  per seat in backpacks or the temple; 10 camps per seat, placed ones on laid
  adventure tiles; backpacks of at most 12 objects and 1 amulet; the temple's
  bonus and reserve within what the set-up puts there;
* the turn: the phase (a drawn tile exactly while it is placed, somewhere to
  place it, no drawing from an empty stack), movement progress, the path
  walked ending at the adventurer, the allowance, the flags of the turn,
  articles held from an exchange only when some payment now can use them
  all, the turn cap and the end of the game.

Gold pieces, markers and who arrived first at the temple are only checked for
range: :func:`build` sets them freely (a marker without camps, gold without
the temple's reserve going down), and the rules cope with any such values.
The generator state is checked by ``goldlab.core.state``.
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from goldlab.core.errors import OptionsError
from goldlab.core.registry import make_game
from goldlab.games.goldland.articles import (
    AMULET,
    BACKPACK_SPACES,
    CAMPS_PER_PLAYER,
    DISCOVERY_TOKENS,
    N_ARTICLES,
    N_OBJECTS,
    PLURALS,
    STOCK,
    TREASURE,
    TREASURE_TOKENS,
    parse_kit,
)
from goldlab.games.goldland.board import (
    BESIDE_START,
    CELLS,
    COAST_SLOTS,
    INNER,
    NE_CORNER,
    NEIGHBOUR,
    START,
    SW_CORNER,
    cell_name,
    coast_rotation,
    exploration_spaces,
    parse_cell,
)
from goldlab.games.goldland.phases import (
    COAST,
    DRAW,
    MOVED,
    MOVING,
    NOT_MOVED,
    OVER,
    PHASES,
    PLACE,
    TURN,
)
from goldlab.games.goldland.rules import hand_usable
from goldlab.games.goldland.temple import temple_setup
from goldlab.games.goldland.tiles import ADVENTURES

if TYPE_CHECKING:
    from goldlab.games.goldland.state import GoldlandState

TileSpec = str | tuple[str, int]


class GoldlandPosition(NamedTuple):
    """The whole position of a Goldland game, immutable and comparable: what undo, clone and
    records keep (the state's snapshot).

    Lists of the state are tuples here; spaces, tiles and articles are indexes
    (a board entry is ``tile index * 4 + quarter turns``, -1 when empty).  The
    JSON form (:meth:`GoldlandState._snapshot_to_json`) has one key per field,
    in this order, with spaces and tiles by name.
    """

    phase: str
    turn: int
    round: int
    board: tuple[int, ...]
    unseen: tuple[int, ...]
    coast_queue: tuple[int, ...]
    treasure_at: tuple[bool, ...]
    stock: tuple[int, ...]
    token_stock: int
    treasure_stock: int
    packs: tuple[tuple[int, ...], ...]
    tokens: tuple[int, ...]
    gold: tuple[int, ...]
    pos: tuple[int, ...]
    camps_left: tuple[int, ...]
    camps: tuple[tuple[int, int], ...]
    markers: tuple[int, ...]
    amulets_left: int
    bonus: int
    reserve: int
    box_paid: int
    first_arrival: int
    bonus_open: bool
    end_reason: str
    capped: bool
    move: int
    allowance: int
    steps: int
    path: tuple[int, ...]
    red_here: bool
    camp_right: bool
    acquired: bool
    explored: bool
    acted: bool
    hand: tuple[int, ...]
    drawn: int
    explore_at: int


FIELDS = GoldlandPosition._fields
"""The snapshot's field names, in order (the keys of its JSON form)."""


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
    the stock.  ``camps`` lists (space, seat) pairs.  A position that :func:`problem`
    refuses (so that its record could not be loaded) is an ``OptionsError``.
    """
    options = {"coast": "shown", **options}
    game = make_game("goldland", players, **options)
    state = cast("GoldlandState", game.new_state(seed, mode=mode, auto_chance=auto_chance))
    _lay_tiles(state, coast, tiles)
    amulets = _equip_the_players(state, pawns, packs, tokens, gold)
    _place_camps_and_markers(state, camps, markers)
    _place_treasures(state, treasures, treasure_stock)
    # -- temple
    state.amulets_left = players - amulets
    state.first_arrival = first_arrival
    state.bonus_open = bonus_open
    if bonus is not None:
        state.bonus = bonus
    if reserve is not None:
        state.reserve = reserve
    state.end_reason = end_reason
    _begin_the_turn(state, turn, round)
    state._become_position()  # the fields set above are the game's recorded start
    found = problem(state)
    if found is not None:  # what a record could not load again
        raise OptionsError(f"not a Goldland position: {found}")
    return state


def _lay_tiles(state: GoldlandState, coast: Sequence[str] | None,
               tiles: Mapping[str, TileSpec] | None) -> None:
    """The coast (ten free coastal tile ids) and the inner tiles named; the rest face down."""
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


def _equip_the_players(state: GoldlandState, pawns: Sequence[str] | None,
                       packs: Sequence[str] | None, tokens: Sequence[int] | None,
                       gold: Sequence[int] | None) -> int:
    """Adventurers, backpacks, discovery tokens and gold; the stock is what is left.
    Returns how many amulets the backpacks hold."""
    players = state.players
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
    return amulets


def _place_camps_and_markers(state: GoldlandState, camps: Sequence[tuple[str, int]],
                             markers: Mapping[str, int] | None) -> None:
    """Camps on adventure tiles (space, seat) and the adventure markers' holders."""
    players = state.players
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


def _place_treasures(state: GoldlandState, treasures: Sequence[str] | None,
                     treasure_stock: int | None) -> None:
    """Treasures on the spaces named (by default every laid treasure field) and the stock."""
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


def _begin_the_turn(state: GoldlandState, turn: int, round: int) -> None:
    """Seat ``turn`` at the very beginning of its turn in round ``round``."""
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


# ---------------------------------------------------------------- checking
def problem(state: GoldlandState) -> str | None:
    """What makes ``state`` an impossible Goldland position, or None (see the module docstring).

    The first problem found, in a short sentence naming the field; the form of
    every field is checked before any is used, so this never raises on a
    position read from a file.
    """
    return (_form_problem(state) or _tiles_problem(state) or _supply_problem(state)
            or _camp_problem(state) or _temple_problem(state) or _turn_problem(state))


def _whole(value: object) -> bool:
    return type(value) is int


def _flag(value: object) -> bool:
    return type(value) is bool


def _counts(value: object, size: int) -> bool:
    """A list of ``size`` whole numbers from 0."""
    return (isinstance(value, list | tuple) and len(value) == size
            and all(type(x) is int and x >= 0 for x in value))


def _in(value: object, low: int, high: int) -> bool:
    """A whole number from ``low`` to ``high - 1``."""
    return type(value) is int and low <= value < high


def _form_problem(state: GoldlandState) -> str | None:
    """Types, sizes and index ranges of every field (the first wrong one, in field order)."""
    for check in (_turn_form_problem, _board_form_problem, _supplies_form_problem,
                  _places_form_problem, _flags_form_problem):
        found = check(state)
        if found is not None:
            return found
    return None


def _turn_form_problem(state: GoldlandState) -> str | None:
    """The phase, the seat to move and the round."""
    n = state.players
    phase = state.phase
    if type(phase) is not str or phase not in PHASES:
        return f"'phase' must be one of {', '.join(PHASES)}"
    if not _in(state.turn, 0, n):
        return f"'turn' must be a seat from 0 to {n - 1}"
    if not _whole(state.round) or state.round < 1:
        return "'round' must be a whole number from 1"
    return None

def _board_form_problem(state: GoldlandState) -> str | None:
    """The grid's tiles, the face-down and coastal tiles, the path, the treasures."""
    n_tiles = len(state.tiles)
    board = state.board
    if not isinstance(board, list | tuple) or len(board) != CELLS:
        return f"'board' must have {CELLS} spaces"
    if not all(_in(v, -1, 4 * n_tiles) for v in board):
        return "'board' holds a tile that is not in the tile set"
    for field in ("unseen", "coast_queue", "path"):
        items = getattr(state, field)
        high = n_tiles if field == "unseen" else CELLS
        if not isinstance(items, list | tuple) or not all(_in(x, 0, high) for x in items):
            what = "tiles of the tile set" if field == "unseen" else "spaces of the grid"
            return f"'{field}' must list {what}"
    if any(a >= b for a, b in itertools.pairwise(state.unseen)):
        return "'unseen' must list each face-down tile once, in tile-set order"
    treasure_at = state.treasure_at
    if not isinstance(treasure_at, list | tuple) or len(treasure_at) != CELLS or not all(
            _flag(t) for t in treasure_at):
        return f"'treasure_at' must mark each of the {CELLS} spaces true or false"
    return None

def _supplies_form_problem(state: GoldlandState) -> str | None:
    """The stock, the hand, the counters, the backpacks and each seat's counts."""
    n = state.players
    if not _counts(state.stock, N_ARTICLES):
        return f"'stock' must hold {N_ARTICLES} whole numbers from 0 (one per article)"
    if not _counts(state.hand, N_ARTICLES):
        return f"'hand' must hold {N_ARTICLES} whole numbers from 0 (one per article)"
    for field in ("token_stock", "treasure_stock", "amulets_left", "bonus", "reserve",
                  "box_paid", "steps"):
        value = getattr(state, field)
        if not _whole(value) or value < 0:
            return f"'{field}' must be a whole number from 0"
    packs = state.packs
    if not isinstance(packs, list | tuple) or len(packs) != n:
        return f"'packs' must hold one backpack per seat ({n})"
    for seat, pack in enumerate(packs):
        if not _counts(pack, N_OBJECTS):
            return f"'packs': backpack {seat} must hold {N_OBJECTS} whole numbers from 0"
        if sum(pack) > BACKPACK_SPACES:
            return f"'packs': backpack {seat} holds {sum(pack)} objects, at most {BACKPACK_SPACES}"
        if pack[AMULET] > 1:
            return f"'packs': backpack {seat} holds more than one amulet"
    for field in ("tokens", "gold", "camps_left"):
        if not _counts(getattr(state, field), n):
            return f"'{field}' must hold one whole number from 0 per seat ({n})"
    if any(c > CAMPS_PER_PLAYER for c in state.camps_left):
        return f"'camps_left': each player has {CAMPS_PER_PLAYER} camps"
    return None

def _places_form_problem(state: GoldlandState) -> str | None:
    """Adventurers, camps, adventure markers and the first at the temple."""
    n = state.players
    pos = state.pos
    if not isinstance(pos, list | tuple) or len(pos) != n or not all(
            _in(c, 0, CELLS) for c in pos):
        return f"'pos' must give one space of the grid per seat ({n})"
    camps = state.camps
    if not isinstance(camps, list | tuple) or not all(
            isinstance(c, list | tuple) and len(c) == 2 and _in(c[0], 0, CELLS)
            and _in(c[1], 0, n) for c in camps):
        return "'camps' must list (space, seat) pairs"
    if [tuple(c) for c in camps] != sorted(tuple(c) for c in camps):
        return "'camps' must be listed in order of space and seat"
    markers = state.markers
    if not isinstance(markers, list | tuple) or len(markers) != len(ADVENTURES) or not all(
            _in(m, -1, n) for m in markers):
        return (f"'markers' must give the holder (a seat, or -1) of each of the "
                f"{len(ADVENTURES)} adventure markers")
    if not _in(state.first_arrival, -1, n):
        return "'first_arrival' must be a seat, or -1 before anyone reached the temple"
    return None

def _flags_form_problem(state: GoldlandState) -> str | None:
    """The turn's flags and progress, the drawn tile, the space explored."""
    n_tiles = len(state.tiles)
    for field in ("bonus_open", "capped", "red_here", "camp_right", "acquired", "explored",
                  "acted"):
        if not _flag(getattr(state, field)):
            return f"'{field}' must be true or false"
    if type(state.end_reason) is not str:
        return "'end_reason' must be text"
    if not _in(state.move, NOT_MOVED, MOVED + 1):
        return "'move' must be 0 (not moved), 1 (moving) or 2 (moved)"
    if not _in(state.allowance, -1, BACKPACK_SPACES + 1):
        return f"'allowance' must be -1 (not fixed yet) or 0 to {BACKPACK_SPACES}"
    if not _in(state.drawn, -1, n_tiles):
        return "'drawn' must be a tile of the tile set, or none"
    if not _in(state.explore_at, -1, CELLS):
        return "'explore_at' must be a space of the grid, or none"
    return None

def _tiles_problem(state: GoldlandState) -> str | None:
    """Each tile on its kind of space, turned as the rules lay it, at most once."""
    tiles = state.tiles
    coast = state.phase == COAST
    queue = tuple(state.coast_queue)
    if coast:
        if state.options.coast != "random" or not queue:
            return ("'phase' is the dealing of the coast only with the random coast and "
                    "coastal spaces left to deal")
        if queue != _COAST_ORDER[len(_COAST_ORDER) - len(queue):]:
            return ("'coast_queue' must list the coastal spaces still to deal, in the order "
                    "they are dealt")
    elif queue:
        return "'coast_queue' must be empty once the coast is laid"
    laid: set[int] = set()
    for c, v in enumerate(state.board):
        if v < 0:
            if c not in INNER and c not in queue:
                return f"'board': space {cell_name(c)} must hold a tile"
            continue
        tile, quarter_turns = tiles[v >> 2], v & 3
        if tile.index in laid:
            return f"'board': tile {tile.id} is laid twice"
        laid.add(tile.index)
        if c in queue:
            return f"'board': coastal space {cell_name(c)} is still to be dealt but holds a tile"
        where = _tile_misplaced(state, c, tile.index, quarter_turns)
        if where:
            return f"'board': {tile.id} at {cell_name(c)}: {where}"
    if state.options.coast == "random":
        for c in BESIDE_START:
            v = state.board[c]
            if v >= 0 and tiles[v >> 2].village:
                return (f"'board': the coastal tile beside the start ({cell_name(c)}) may not "
                        "have a village")
    for i in state.unseen:
        if tiles[i].kind != "inner":
            return f"'unseen': {tiles[i].id} is not an inner tile"
        if i in laid:
            return f"'unseen': {tiles[i].id} is face down and laid"
    drawn = state.drawn
    if drawn >= 0:
        if tiles[drawn].kind != "inner":
            return f"'drawn': {tiles[drawn].id} is not an inner tile"
        if drawn in laid or drawn in state.unseen:
            return f"'drawn': {tiles[drawn].id} is drawn and also laid or face down"
    inner = len(state.tileset.inner())
    placed = sum(1 for i in laid if tiles[i].kind == "inner")
    held = placed + len(state.unseen) + (drawn >= 0)
    if held != inner:
        return (f"'unseen': {placed} inner tiles laid, {len(state.unseen)} face down and "
                f"{int(drawn >= 0)} drawn, but the game has {inner} (tiles are not conserved)")
    return None


def _tile_misplaced(state: GoldlandState, c: int, index: int, quarter_turns: int) -> str:
    """'' when tile ``index`` may lie on space ``c`` turned so, else what is wrong."""
    tile = state.tiles[index]
    if c == START:
        ok = tile.kind == "start" and quarter_turns == 0
        return "" if ok else "the start space holds the start tile, unturned"
    if c in (SW_CORNER, NE_CORNER):
        which = "SW" if c == SW_CORNER else "NE"
        ok = tile.corner == which and quarter_turns == coast_rotation(c)
        return "" if ok else f"the {which} corner holds its corner tile, turned to the sea"
    if c in COAST_SLOTS:
        ok = tile.kind == "coastal" and tile.corner is None
        if ok and quarter_turns == coast_rotation(c):
            return ""
        return "a free coastal space holds a free coastal tile, turned to the sea"
    return "" if tile.kind == "inner" else "only the inner tiles go on inner spaces"


def _supply_problem(state: GoldlandState) -> str | None:
    """Articles, discovery tokens, treasures and amulets of the box, each in one place."""
    packs = state.packs
    for a in range(N_ARTICLES):
        held = state.stock[a] + state.hand[a] + sum(p[a] for p in packs)
        if held != STOCK[a]:
            return (f"'stock', 'packs' and 'hand' hold {held} {PLURALS[a]} but the box has "
                    f"{STOCK[a]} (articles are not conserved)")
    tokens = state.token_stock + sum(state.tokens)
    if tokens != DISCOVERY_TOKENS:
        return (f"'token_stock' and 'tokens' hold {tokens} discovery tokens but the box has "
                f"{DISCOVERY_TOKENS} (tokens are not conserved)")
    on_tiles = 0
    for c, here in enumerate(state.treasure_at):
        if here:
            on_tiles += 1
            tile = state.tile_at(c)
            if tile is None or not tile.treasure_field:
                return f"'treasure_at': a treasure lies at {cell_name(c)}, not on a treasure field"
    treasures = state.treasure_stock + on_tiles + sum(p[TREASURE] for p in packs)
    if treasures > TREASURE_TOKENS:
        return (f"'treasure_stock', 'treasure_at' and 'packs' hold {treasures} treasures but "
                f"the box has {TREASURE_TOKENS}")
    amulets = state.amulets_left + sum(p[AMULET] for p in packs)
    if amulets != state.players:
        return (f"'amulets_left' and 'packs' hold {amulets} amulets but the temple has one per "
                f"seat ({state.players})")
    return None


def _camp_problem(state: GoldlandState) -> str | None:
    """Camps on laid adventure tiles, 10 per seat."""
    placed = [0] * state.players
    for c, seat in state.camps:
        tile = state.tile_at(c)
        if tile is None or tile.adventure is None:
            return f"'camps': a camp at {cell_name(c)} is not on an adventure tile"
        placed[seat] += 1
    for seat in range(state.players):
        if placed[seat] + state.camps_left[seat] != CAMPS_PER_PLAYER:
            return (f"'camps_left': seat {seat} has {placed[seat]} camps placed and "
                    f"{state.camps_left[seat]} left, not {CAMPS_PER_PLAYER}")
    return None


def _temple_problem(state: GoldlandState) -> str | None:
    """The temple's fields within the set-up's, and the end of the game."""
    n = state.players
    _, bonus, reserve = temple_setup(n)
    if state.bonus > bonus:
        return f"'bonus': the temple's bonus field starts with {bonus} gold pieces"
    if state.reserve > reserve:
        return f"'reserve': the temple's reserve field starts with {reserve} gold pieces"
    if state.box_paid and state.reserve:
        return "'box_paid': gold comes from the box only once the reserve field is empty"
    if state.box_paid > sum(state.gold):
        return "'box_paid': more gold came from the box than the players hold"
    if state.bonus_open and state.first_arrival < 0:
        return "'bonus_open': the bonus field is open only once someone reached the temple"
    cap = state.options.turn_cap
    if cap and state.round > cap:
        return f"'round': the game stops after round {cap} (option turn_cap)"
    if state.capped and (state.phase != OVER or not cap or state.round != cap):
        return "'capped': only a game over at the last round of turn_cap is capped"
    if state.phase == OVER:
        if not state.end_reason and not state.capped:
            return "'phase': the game is over only when its end was triggered or capped"
        if (state.turn + 1) % n != state.options.start_player % n:
            return "'turn': a game is over only after the last seat of the round"
    return None


def _turn_problem(state: GoldlandState) -> str | None:
    """The progress of the current turn."""
    phase = state.phase
    if phase == COAST:
        return _coast_problem(state)
    seat = state.turn
    pos = state.pos
    for s, c in enumerate(pos):
        if state.board[c] < 0:
            return f"'pos': adventurer {s} stands on the empty space {cell_name(c)}"
    steps, allowance, move = state.steps, state.allowance, state.move
    if (steps == 0) != (allowance == -1):
        return "'allowance' is fixed (from -1) exactly when the first step is taken"
    if steps > allowance > -1:
        return f"'steps': {steps} steps exceed the allowance of {allowance}"
    path = tuple(state.path)
    entered = 1 if state.options.start_tile_entered else 0
    if len(path) != steps + entered:
        return (f"'path' must list the {steps} spaces entered this turn"
                + (" after the one where the movement began" if entered else ""))
    if len(set(path)) != len(path):
        return "'path': no tile is entered twice in a turn"
    if path and path[-1] != pos[seat]:
        return "'path' must end where the adventurer stands"
    for a, b in itertools.pairwise(path):
        if b not in NEIGHBOUR[a]:
            return f"'path': {cell_name(a)} and {cell_name(b)} are not side by side"
    here = state.tile_at(pos[seat])
    adventure_here = here is not None and here.adventure is not None
    for field in ("camp_right", "red_here"):
        if getattr(state, field) and (not steps or not adventure_here):
            return f"'{field}' is only set on an adventure tile just entered"
    if (state.explored or state.acquired) and not state.acted:
        return "'acted' must be set once an action was executed this turn"
    if phase == OVER:
        if move != NOT_MOVED or any(state.hand) or state.drawn >= 0 or state.explore_at >= 0:
            return "'phase': a finished game has no movement, held articles or tile in play"
        return None
    if move == NOT_MOVED and steps:
        return "'move': the adventurer took steps, so the movement has begun"
    if move != NOT_MOVED and not state.acted:
        return "'acted' must be set once the movement began"
    if phase == TURN:
        if state.drawn >= 0 or state.explore_at >= 0:
            return "'drawn' and 'explore_at' are only set while a tile is explored"
        return _hand_problem(state) if any(state.hand) else None
    # DRAW or PLACE: the exploration under way
    if any(state.hand):
        return "'hand': no articles are held while a tile is explored"
    if (phase == PLACE) != (state.drawn >= 0):
        return "'drawn': a drawn tile is waiting to be placed exactly in the place phase"
    if not state.explored or move == MOVING:
        return "'explored': a tile is explored only as the turn's exploration, between moves"
    if phase == DRAW and not state.unseen:
        return "'unseen': no face-down tile is left to draw"
    at = state.explore_at
    free = exploration_spaces(pos[seat], state.board)
    if state.options.beginners_grid:
        if at not in free:
            return ("'explore_at' must be an empty inner space beside the adventurer "
                    "(beginners' grid)")
    elif at >= 0:
        return "'explore_at' is only used in the beginners' grid"
    if not free:
        return "'phase': no empty inner space beside the adventurer for the explored tile"
    return None


def _coast_problem(state: GoldlandState) -> str | None:
    """While the coast is dealt nothing else has happened: all as set up."""
    fresh = state.game.new_state(0, mode="study", auto_chance=False)
    for field, mine, setup in zip(FIELDS, state.position(), fresh.position(), strict=True):
        if field not in ("board", "coast_queue") and _plain(mine) != _plain(setup):
            return f"'{field}' must be as set up while the coast is dealt"
    return None


def _plain(value: Any) -> Any:
    """Lists as tuples, with the type of every number kept (True is not 1)."""
    if isinstance(value, list | tuple):
        return tuple(_plain(v) for v in value)
    return (type(value), value)


def _hand_problem(state: GoldlandState) -> str | None:
    """Articles held from an exchange: only if some payment now can use them all.

    The rules allow an exchange that is held only when everything held could
    then be used at once, and nothing but that payment or further such
    exchanges can follow; so the rules' own test is asked again, as of just
    before the last exchange (one held article back in the stock, its tokens
    back with the player).
    """
    seat = state.turn
    article = next(a for a in range(N_ARTICLES) if state.hand[a])
    before = copy.copy(state)
    before.hand = list(state.hand)
    before.hand[article] -= 1
    before.stock = list(state.stock)
    before.stock[article] += 1
    before.tokens = list(state.tokens)
    before.tokens[seat] += state.rate
    if not hand_usable(before, seat, article):
        return "'hand': no payment now can use the articles held from an exchange"
    return None


_COAST_ORDER = (*BESIDE_START, *(c for c in COAST_SLOTS if c not in BESIDE_START))
"""The coastal spaces in the order the random coast deals them."""
