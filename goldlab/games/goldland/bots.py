"""Bots for Goldland: the generic random bot and a heuristic planner.

The heuristic bot reads only its observation.  It plays as the scoring
rewards: the first to the temple takes the amulet (3 gold), the bonus (2) and
the reserve's gold piece each turn, and the game ends a few rounds later, so
the first to the temple wins most games (86 % of 2-player games between the
heuristics of before).  So while no one holds an amulet it races, and leaves
treasures in the ground (digging costs the 2 provisions its route needs);
once an amulet is held the end is in sight (the reserve's gold pieces left,
one per holder each turn), and it digs every treasure it stands on, and gives
up the temple if it cannot get there before the game ends.

It keeps a map of how costly it is to get from each explored tile to its
goal: the temple while it races (or, before the goal space is explored, the
edge of the explored land nearest the temple), afterwards treasures and
adventures whose markers it can win.  The map changes only when a tile is
laid, a camp is put, a marker or a treasure changes hands or the amulet is
won, so it is kept between decisions and worked out again only then.

When its movement begins it searches the tiles it can reach this turn (along
paths, over its own camps, paying adventures, by ordeals, with discovery
tokens as a last resort) and picks where to stop: the treasure, marker,
temple or exploration there, minus what is left to travel.  It then follows
that route step by step (searching again only if the position is not the one
it planned for).  What a step lacks it buys with tokens at the moment of the
step, to use at once (``exchange … to use``: the articles never cover a
backpack space, so the allowance stays); before moving and after the movement
it acquires what its route needs and keeps its backpack light enough to run.
It camps on every adventure it survives, digs (when not racing), explores
and lays new tiles so that their paths lead toward the temple.

Everything it works out is in integers and small lists read off the
observation's board codes (:attr:`GoldlandView.codes`), never by building
actions to try them.
"""

from __future__ import annotations

import heapq
import itertools
from collections import Counter
from collections.abc import Sequence

from goldlab.bots import Bot, register_bot, register_opponent
from goldlab.core.values import Action
from goldlab.games.goldland.actions import (
    STEP_ORDEAL,
    Acquire,
    Camp,
    Dig,
    Discard,
    EndMove,
    EndTurn,
    Exchange,
    Explore,
    Move,
    Pass,
    Place,
)
from goldlab.games.goldland.articles import (
    BACKPACK_SPACES,
    DIG_COST,
    N_ARTICLES,
    ORDEAL_COST,
    PROVISION,
    Kit,
)
from goldlab.games.goldland.board import CELLS, GOAL, INNER, NEIGHBOUR, manhattan
from goldlab.games.goldland.observation import GoldlandView
from goldlab.games.goldland.tiles import Tile, TileSet

ARTICLE_WORTH = (0.35, 0.3, 0.3, 0.3, 0.25, 0.3, 0.15)
"""Rough value of one article of each kind (provision … fishing rod), in gold."""
NEEDED_WORTH = 0.9
"""Value of an article the planned route still lacks."""
STEP_COST = 0.12
"""What one space of travel costs, in gold (turns are worth something)."""
ORDEAL_WORTH = 1.3
FUTURE_WEIGHT = 1.25
"""Travel still ahead weighs more than travel done: it also costs turns."""
FAR = 30.0
ACQUIRE_LIMIT = 7
"""Objects carried after an acquisition (keeps 5 spaces of movement)."""
TEMPLE_WORTH = 10.0
"""What reaching the temple for an amulet is worth to the plan (amulet, income, the end)."""
BONUS_WORTH = 2.0
TREASURE_WORTH = 3.5
EXPLORE_WORTH = 0.6
OPPOSITE = (2, 3, 0, 1)
GOAL_DISTANCE = tuple(manhattan(c, GOAL) for c in range(CELLS))
INNER_NEIGHBOURS = tuple(tuple(n for n in NEIGHBOUR[c] if n >= 0 and n in INNER)
                         for c in range(CELLS))
"""The spaces of the inner 6 x 6 area beside each space (where tiles may still be laid)."""
NO_ARTICLES = (0,) * N_ARTICLES

_new = object.__new__

_Step = tuple[Action, tuple[int, ...]]
"""One step of a route: the action and the articles it pays (by type)."""
_Leg = tuple[int, tuple[int, ...], bool]
"""One step of a route as the search keeps it: direction, articles paid, by ordeal or not
(its action is made only for the route chosen)."""


class _Node:
    """A place the search reached: at what price, carrying what, and how (``came_from``:
    the node one step back, None at the start; ``leg``: the step from there)."""

    __slots__ = ("came_from", "cell", "leg", "pack", "spent", "steps", "survived", "wild")

    def __init__(self, cell: int, steps: int, spent: float, pack: list[int], wild: int,
                 came_from: _Node | None, leg: _Leg | None, survived: tuple[str, ...]) -> None:
        self.cell = cell
        self.steps = steps
        self.spent = spent
        self.pack = pack
        self.wild = wild
        self.came_from = came_from
        self.leg = leg
        self.survived = survived

    def route(self) -> list[_Leg]:
        """The steps from the start to this node, in order."""
        legs = []
        node: _Node | None = self
        while node is not None and node.leg is not None:
            legs.append(node.leg)
            node = node.came_from
        legs.reverse()
        return legs


class _Layout:
    """The explored land as the bot reads it: per space its tile, exits, own camp,
    the price of entering it by path and by ordeal, the steps onto it from the
    tiles beside it (``onto``: where from, price with the travel), and the nearest
    empty inner space beside it (``frontier``, by distance to the goal; -1 if none).

    It depends only on the tiles laid and the camps, so it is kept while they hold.
    """

    __slots__ = ("camp", "codes", "exits", "frontier", "onto", "ordeal", "own", "red", "tiles")

    own: frozenset[int]
    codes: tuple[int, ...]
    tiles: list[Tile | None]
    exits: list[int]
    camp: list[bool]
    red: list[float]
    ordeal: list[float]
    onto: list[tuple[tuple[int, float], ...]]
    frontier: list[int]

    def __init__(self, view: GoldlandView, seat: int,
                 cells: dict[tuple[int, bool], _Cell]) -> None:
        self.own = frozenset(c for c, s in view.camps if s == seat)
        self.codes = view.codes
        tileset = view.tileset
        info = [_cell_of(tileset, cells, code, c in self.own) for c, code in enumerate(self.codes)]
        tiles = self.tiles = [i[0] for i in info]
        self.exits = [i[1] for i in info]
        self.camp = [i[2] for i in info]
        self.red = [i[3] for i in info]
        self.ordeal = [i[4] for i in info]
        self.onto = [self._steps_onto(c) for c in range(CELLS)]
        self.frontier = [_frontier(tiles, c) for c in range(CELLS)]

    def changed(self, view: GoldlandView, seat: int,
                cells: dict[tuple[int, bool], _Cell]) -> _Layout:
        """The layout of ``view``, made from this one by changing only the spaces that changed
        (a tile laid, a camp put or moved) and the frontier beside them."""
        own = frozenset(c for c, s in view.camps if s == seat)
        codes = view.codes
        moved = own ^ self.own
        spaces = [c for c, (was, now) in enumerate(zip(self.codes, codes, strict=True))
                  if was != now or c in moved]
        if not spaces:
            return self  # another player's camp: the same land
        new = _new(_Layout)
        new.own, new.codes = own, codes
        tiles = new.tiles = self.tiles[:]
        exits = new.exits = self.exits[:]
        camp = new.camp = self.camp[:]
        red = new.red = self.red[:]
        ordeal = new.ordeal = self.ordeal[:]
        frontier = new.frontier = self.frontier[:]
        onto = new.onto = self.onto[:]
        tileset = view.tileset
        for c in spaces:
            tiles[c], exits[c], camp[c], red[c], ordeal[c] = _cell_of(
                tileset, cells, codes[c], c in own)
        for n in {n for c in spaces for n in (c, *NEIGHBOUR[c]) if n >= 0}:
            frontier[n] = _frontier(tiles, n)
            onto[n] = new._steps_onto(n)
        return new

    def _steps_onto(self, v: int) -> tuple[tuple[int, float], ...]:
        """Each step onto space ``v`` from a tile beside it: (from where, its price, the
        travel included), by path where the paths meet, else by ordeal."""
        tiles, exits = self.tiles, self.exits
        steps = []
        for d in range(4):
            u = NEIGHBOUR[v][d]
            if u < 0 or tiles[u] is None:
                continue
            # the step from u onto v enters v from side d
            if exits[u] >> OPPOSITE[d] & 1 and exits[v] >> d & 1:
                steps.append((u, STEP_COST + self.red[v]))
            else:
                steps.append((u, STEP_COST + self.ordeal[v]))
        return tuple(steps)


def _cell_of(tileset: TileSet, cells: dict[tuple[int, bool], _Cell], code: int,
             own_camp: bool) -> _Cell:
    """What the layout keeps of a space holding tile code ``code`` (kept per code)."""
    k = (code, own_camp)
    cell = cells.get(k)
    if cell is None:
        cell = cells[k] = space_prices(tileset.tiles[code >> 2] if code >= 0 else None,
                                tileset.exits_by_code[code] if code >= 0 else 0, own_camp)
    return cell


def _frontier(tiles: list[Tile | None], c: int) -> int:
    """The distance to the goal of the nearest empty inner space beside tile ``c`` (-1: none)."""
    if tiles[c] is None:
        return -1
    return min((GOAL_DISTANCE[n] for n in INNER_NEIGHBOURS[c] if tiles[n] is None), default=-1)


class _Map:
    """What the bot works out about the table between decisions (kept while it holds).

    The :class:`_Layout` of the land (its fields are the map's too); ``to_go``: the
    cost of getting from each explored tile to the goal; ``gain``: what surviving
    each adventure would bring in markers.
    """

    __slots__ = ("camp", "exits", "frontier", "gain", "key", "needs", "ordeal", "red", "seeking",
                 "serial", "tiles", "to_go")

    _made = itertools.count()
    """Each map's serial number: a route is kept only for the map it was planned on (an
    ``id()`` could be reused by a later map once the old one is freed)."""

    def __init__(self, key: tuple[object, ...], layout: _Layout, seeking: bool,
                 gain: dict[str, float]) -> None:
        self.serial = next(_Map._made)
        self.key = key
        self.seeking = seeking
        self.gain = gain
        self.to_go: list[float] = []
        self.needs: dict[int, list[int]] = {}
        self.tiles = layout.tiles
        self.exits = layout.exits
        self.camp = layout.camp
        self.red = layout.red
        self.ordeal = layout.ordeal
        self.frontier = layout.frontier

    def entry_cost(self, u: int, d: int) -> float:
        """Rough price of stepping from ``u`` in direction ``d`` (onto a tile)."""
        v = NEIGHBOUR[u][d]
        if self.exits[u] >> d & 1 and self.exits[v] >> OPPOSITE[d] & 1:
            return self.red[v]
        return self.ordeal[v]


_Cell = tuple[Tile | None, int, bool, float, float]
"""What the map keeps of one space: tile, exits, own camp, price to enter by path, by ordeal."""


def space_prices(tile: Tile | None, exits: int, own_camp: bool) -> _Cell:
    """What the heuristic's map keeps of a space holding ``tile`` (None: no tile yet).

    Its tile and exits, whether it is an adventure with the player's own camp, and its
    two prices: entering along a path (the red cards of the adventure's cost, nothing
    on a plain tile or at one's own camp), and entering by an ordeal (at least
    ``ORDEAL_WORTH``).  The compiled heuristic reads the same prices.
    """
    if tile is None:
        return (None, 0, False, 0.0, 0.0)
    camp = tile.adventure is not None and own_camp
    red = 0.0 if tile.adventure is None or camp else _worth(tile.cost.counts)
    return (tile, exits, camp, red, max(ORDEAL_WORTH, red + 0.3 * (ORDEAL_COST - tile.cost.size)))


class HeuristicBot(Bot):
    """Races to the temple for an amulet, leaving treasures in the ground until someone holds
    one, then digs treasures and hunts adventure markers (giving up the temple when it is too
    far to reach before the game ends).

    Each movement is planned ahead (the best place to stop this turn, weighing
    the temple, treasures, markers and exploring against the articles and
    steps it costs), and the backpack is filled with what the route needs.
    The module docstring says how; every number is a rough value in gold.
    """

    name = "heuristic"

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, seed)
        self._map: _Map | None = None
        self._route: tuple[_Step, ...] = ()
        self._route_cells: tuple[int, ...] = ()
        self._route_from: tuple[int, ...] = ()
        self._route_turn: tuple[int, int] = (-1, -1)
        self._signature: tuple[object, ...] = ()
        self._tileset: object = None
        self._cells: dict[tuple[int, bool], _Cell] = {}
        self._layout: tuple[object, _Layout | None] = ((), None)
        self._costs: tuple[object, list[float]] = ((), [])
        self._gain: tuple[object, dict[str, float]] = ((), {})

    def choose(self, observation: GoldlandView, legal: Sequence[Action]) -> Action:
        """The step the plan calls for now."""
        view = observation
        turn = view.turn
        if turn.drawn is not None:
            return self._placement(view, legal)
        if turn.hand:
            return self._use_held(view, legal)
        if view.has_treasure(view.pawns[self.seat]) and _digging(view, self._seeking(view)):
            for a in legal:
                if a.__class__ is Dig:
                    return a
        if turn.camp_right:
            camp = self._camp(view, legal)
            if camp is not None:
                return camp
        if turn.moved != "over":
            step = self._movement(view, legal)
            if step is not None:
                return step
        if not turn.acquired:
            acquire = self._acquire(view, legal)
            if acquire is not None:
                return acquire
        explore = [a for a in legal if isinstance(a, Explore)]
        if explore:
            return min(explore, key=lambda a: GOAL_DISTANCE[a.at] if a.at >= 0 else 0)
        if view.tokens[self.seat] >= view.exchange_rate:
            exchange = self._exchange(view, legal)
            if exchange is not None:
                return exchange
        for a in legal:
            if isinstance(a, EndMove | EndTurn | Pass):
                return a
        return legal[0]

    # ------------------------------------------------------------ the map
    def _seeking(self, view: GoldlandView) -> bool:
        """Whether the temple is still worth racing for: an amulet is left for this player
        and, once someone holds one (the end is then in sight), the temple is near enough
        to be reached before the game ends."""
        seat = self.seat
        if view.holds_amulet(seat) or view.amulets_left == 0:
            return False
        future = turns_after_this(view)
        if future is None:
            return True
        reach = max(1, BACKPACK_SPACES - view.carried(seat))
        return steps_to_goal(view.codes, view.pawns[seat]) <= reach * (future + 1)

    def _table(self, view: GoldlandView) -> _Map:
        """The cost-to-go map, worked out again only when something on it changed."""
        seat = self.seat
        seeking = self._seeking(view)
        key = (view.codes, view.camps, view.markers, view.treasures, seeking,
               bool(view.face_down), view.camps_left[seat] > 0)
        table = self._map
        if table is not None and table.key == key:
            return table
        if view.tileset is not self._tileset:
            self._tileset = view.tileset
            self._cells = {}
            self._layout = ((), None)
            self._costs = ((), [])
            self._gain = ((), {})
        # what surviving each adventure would win in markers: it depends on the markers,
        # the camps (and the tiles under them) and whether a camp is left to put
        stakes = (view.markers, view.camps, tuple(view.codes[c] for c, _ in view.camps),
                  view.camps_left[seat] > 0)
        if self._gain[0] != stakes:
            self._gain = (stakes, self._marker_gains(view))
        gain = self._gain[1]
        land = (view.codes, view.camps)
        layout = self._layout[1]
        if layout is None:
            layout = _Layout(view, seat, self._cells)
        elif self._layout[0] != land:
            layout = layout.changed(view, seat, self._cells)
        self._layout = (land, layout)
        table = self._map = _Map(key, layout, seeking, gain)
        tiles = table.tiles
        targets: dict[int, float] = {}
        if seeking and tiles[GOAL] is not None:
            targets[GOAL] = 0.0
        else:
            if view.face_down:
                for c, near in enumerate(table.frontier):
                    if near >= 0:
                        targets[c] = 0.35 * near if seeking else 1.5
            if not seeking:
                for c in view.treasures:
                    targets[c] = min(targets.get(c, FAR), 0.0)
                for c in range(CELLS):
                    tile = tiles[c]
                    if tile is not None and tile.adventure is not None:
                        g = gain[tile.adventure]
                        if g >= 2:
                            targets[c] = min(targets.get(c, FAR), 2.0 - 0.3 * g)
        wanted = (layout, tuple(targets.items()))
        if self._costs[0] == wanted:
            table.to_go = self._costs[1]  # the same land and goals: the same costs
        else:
            table.to_go = _costs_to_go(layout, targets)
            self._costs = (wanted, table.to_go)
        return table

    def _needs(self, view: GoldlandView) -> list[int]:
        """Red articles of the adventures on the cheapest route from the pawn (6 hops)."""
        table = self._table(view)
        here = view.pawns[self.seat]
        needs = table.needs.get(here)
        if needs is not None:
            return needs
        needs = table.needs[here] = [0] * N_ARTICLES
        to_go = table.to_go
        seen = {here}
        for _ in range(6):
            if to_go[here] <= 0.0 or to_go[here] >= FAR:
                break
            best, best_d = FAR, -1
            for d in range(4):
                v = NEIGHBOUR[here][d]
                if v < 0 or v in seen or table.tiles[v] is None:
                    continue
                cost = STEP_COST + table.entry_cost(here, d) + to_go[v]
                if cost < best:
                    best, best_d = cost, d
            if best_d < 0:
                break
            v = NEIGHBOUR[here][best_d]
            tile = table.tiles[v]
            assert tile is not None
            if tile.adventure is not None and not table.camp[v]:
                for a in range(N_ARTICLES):
                    needs[a] += tile.cost.counts[a]
            seen.add(v)
            here = v
        return needs

    # ------------------------------------------------------------ movement
    def _left(self, view: GoldlandView) -> int:
        turn = view.turn
        if turn.steps == 0:
            return BACKPACK_SPACES - view.carried(self.seat)
        return turn.allowance - turn.steps

    def _next_step(self, view: GoldlandView, held: Sequence[int] = ()) -> _Step | None:
        """The next step of this movement's route.

        Before the first step the route is searched again whenever the backpack,
        the tokens or the map changed (an acquisition, a discard, an exchange);
        once moving, the adventurer follows it, and it is searched again only if
        the adventurer is not where the route has led it (so while it follows the
        route, the map is not looked at).
        """
        turn = view.turn
        path = turn.path
        seat = self.seat
        if turn.steps == 0:
            table = self._table(view)
            signature: tuple[object, ...] = (
                view.round, turn.seat, path, view.equipment(seat), tuple(held),
                view.tokens[seat], view.carried(seat), table.serial)
            if signature == self._signature:
                return self._route[0] if self._route else None
        else:
            start = self._route_from
            done = len(path) - len(start)
            if (self._route_turn == (view.round, turn.seat) and 0 <= done <= len(self._route)
                    and path[:len(start)] == start
                    and path[len(start):] == self._route_cells[:done]):
                # at the route's end the adventurer stops where the search chose to
                return self._route[done] if done < len(self._route) else None
            signature = ()
            table = self._table(view)
        route = self._plan(view, self._left(view), table, held)
        self._signature = signature
        self._route = route
        self._route_cells = _cells(view.pawns[seat], route)
        self._route_from = path
        self._route_turn = (view.round, turn.seat)
        return route[0] if route else None

    def _movement(self, view: GoldlandView, legal: Sequence[Action]) -> Action | None:
        turn = view.turn
        step = self._next_step(view)
        if step is None:
            if turn.moved == "moving":
                return next((a for a in legal if isinstance(a, EndMove)), None)
            return self._discard(view, legal)
        first, pay = step
        if turn.steps == 0 and turn.moved == "not begun":
            acquire = self._acquire(view, legal, budget=self._left(view) - len(self._route))
            if acquire is not None:
                return acquire
        buy = self._buy_for(view, legal, pay, view.equipment(self.seat))
        if buy is not None:
            return buy
        if first in legal:
            return first
        self._signature = ()
        if turn.moved == "moving":
            return next((a for a in legal if isinstance(a, EndMove)), None)
        return None

    def _buy_for(self, view: GoldlandView, legal: Sequence[Action], pay: Sequence[int],
                 have: Sequence[int]) -> Action | None:
        """An exchange for what the next step's payment still lacks, bought at the step.

        "Exchanged articles which you immediately use (discard) … need not be put into
        your backpack": bought to use, they leave the movement allowance alone.
        """
        rate = view.exchange_rate
        for article in range(N_ARTICLES):
            if have[article] < pay[article]:
                for buy in (Exchange(article, rate, use=True), Exchange(article, rate)):
                    if buy in legal:
                        return buy
        return None

    def _use_held(self, view: GoldlandView, legal: Sequence[Action]) -> Action:
        """Articles held from an exchange: pay the step they were bought for (buying the rest)."""
        seat = self.seat
        turn = view.turn
        held = turn.hand.counts[:N_ARTICLES]
        if turn.moved != "over":
            step = self._next_step(view, held)
            if step is not None:
                first, pay = step
                if first in legal:
                    return first
                have = [e + h for e, h in zip(view.equipment(seat), held, strict=True)]
                buy = self._buy_for(view, legal, pay, have)
                if buy is not None:
                    return buy
        paying = [a for a in legal if isinstance(a, Move | Dig)]
        return paying[0] if paying else legal[0]

    def _plan(self, view: GoldlandView, left: int, table: _Map,
              held: Sequence[int] = ()) -> tuple[_Step, ...]:
        """The route to the best end point reachable this turn (empty: stay).

        ``held``: articles held from an exchange, counted as carried.
        """
        seat = self.seat
        start = view.pawns[seat]
        pack = list(view.equipment(seat))
        for a, n in enumerate(held):
            pack[a] += n
        wild = view.tokens[seat] // view.exchange_rate
        visited = set(view.turn.path)
        values = _EndValues(view, table, view.carried(seat) - sum(view.equipment(seat)))
        root = _Node(start, 0, 0.0, pack, wild, None, None, ())
        best: _Node | None = None
        best_value = values.of(root)
        seen: dict[int, float] = {start: 0.0}
        heap: list[tuple[float, int, _Node]] = [(0.0, 0, root)]
        counter = 1
        tiles = table.tiles
        while heap:
            _, _, node = heapq.heappop(heap)
            if node.came_from is not None:
                value = values.of(node) - node.spent - 0.001 * node.steps
                if value > best_value:
                    best, best_value = node, value
            if node.steps >= left:
                continue
            near = NEIGHBOUR[node.cell]
            # a step never costs less than nothing (a price has no negative article),
            # so where a step cannot beat this, the search has already been as cheaply
            bound = node.spent + 0.001 * (node.steps + 1)
            for d in range(4):
                to = near[d]
                if to < 0 or to in visited or tiles[to] is None:
                    continue  # off the board, back on the path already taken, unexplored
                if to in seen and seen[to] <= bound:
                    continue
                nxt = self._step(table, node, d, to)
                if nxt is None:
                    continue
                key = nxt.spent + 0.001 * nxt.steps
                if nxt.cell in seen and seen[nxt.cell] <= key:
                    continue
                seen[nxt.cell] = key
                heapq.heappush(heap, (key, counter, nxt))
                counter += 1
        if best is None:
            return ()
        return tuple((Move(d, STEP_ORDEAL, Kit.from_counts(pay)) if ordeal else _MOVES[d], pay)
                     for d, pay, ordeal in best.route())

    def _step(self, table: _Map, node: _Node, d: int, to: int) -> _Node | None:
        """The node reached by stepping from ``node`` in direction ``d`` onto the tile on
        ``to``, paying what it costs (None if the articles and tokens do not cover it)."""
        here = node.cell
        tile = table.tiles[to]
        assert tile is not None
        exits = table.exits
        connected = exits[here] >> d & 1 and exits[to] >> OPPOSITE[d] & 1
        camp = table.camp[to]
        survived = node.survived
        if connected and (tile.adventure is None or camp):
            return _Node(to, node.steps + 1, node.spent, node.pack, node.wild,
                         node, (d, NO_ARTICLES, False), survived)
        adventure = tile.adventure
        if connected and adventure is not None:  # paid with its red articles (tokens: the rest)
            need = tile.cost.counts[:N_ARTICLES]
            have = node.pack
            short = sum(n - h for h, n in zip(have, need, strict=True) if n > h)
            if short > node.wild:
                return None
            return _Node(to, node.steps + 1, node.spent + table.red[to],
                         [h - n if h > n else 0 for h, n in zip(have, need, strict=True)],
                         node.wild - short, node, (d, need, False), (*survived, adventure))
        # by ordeal: the adventure's red articles (if any), the rest of ORDEAL_COST from
        # the cheapest spare articles, then from discovery tokens
        wild = node.wild
        if sum(node.pack) + wild < ORDEAL_COST:
            return None  # not even the articles of an ordeal
        pack = list(node.pack)
        red = [0] * N_ARTICLES if tile.adventure is None or camp else list(
            tile.cost.counts[:N_ARTICLES])
        fill = ORDEAL_COST - sum(red)
        spare = [max(0, pack[a] - red[a]) for a in range(N_ARTICLES)]
        if fill:
            for a in sorted(range(N_ARTICLES), key=lambda a: (ARTICLE_WORTH[a], -spare[a])):
                take = min(fill, spare[a])
                red[a] += take
                fill -= take
        red[PROVISION] += fill  # the rest from discovery tokens
        for a in range(N_ARTICLES):
            short = red[a] - pack[a]
            if short > 0:
                if short > wild:
                    return None
                wild -= short
                pack[a] += short
        for a in range(N_ARTICLES):
            pack[a] -= red[a]
        pay = tuple(red)
        if tile.adventure is not None and all(
                tile.cost.counts[a] <= red[a] for a in range(N_ARTICLES)):
            survived = (*survived, tile.adventure)
        return _Node(to, node.steps + 1, node.spent + _worth(pay), pack, wild,
                     node, (d, pay, True), survived)

    def _marker_gains(self, view: GoldlandView) -> dict[str, float]:
        """What surviving each adventure would win in markers (0.2 when nothing)."""
        seat = self.seat
        # the camps of each player on each kind of adventure
        camped = Counter((s, _adventure(view, c)) for c, s in view.camps)
        gains = {}
        for key, holder, worth in view.markers:
            if holder < 0:
                gains[key] = float(worth)
            elif holder == seat:
                gains[key] = 0.2
            elif camped[seat, key] + 1 > camped[holder, key] and view.camps_left[seat] > 0:
                gains[key] = float(worth)
            else:
                gains[key] = 0.2
        return gains

    def _discard(self, view: GoldlandView, legal: Sequence[Action]) -> Action | None:
        """With a heavy backpack and nowhere to go, drop an article the route does not need."""
        seat = self.seat
        if view.carried(seat) < 9:
            return None
        needs = self._needs(view)
        pack = view.equipment(seat)
        spare = [a for a in range(N_ARTICLES) if pack[a] > needs[a] + (2 if a == 0 else 0)]
        spare.sort(key=lambda a: ARTICLE_WORTH[a])
        for a in spare:
            action = Discard(a)
            if action in legal:
                return action
        return None

    # ------------------------------------------------------------ other steps
    def _camp(self, view: GoldlandView, legal: Sequence[Action]) -> Action | None:
        camps = [a for a in legal if isinstance(a, Camp)]
        if not camps:
            return None
        new = [a for a in camps if a.source < 0]
        if new:
            return new[0]
        here = _adventure(view, view.pawns[self.seat])
        for a in camps:
            if _adventure(view, a.source) != here:
                return a
        return None

    def _article_worth(self, needs: list[int], a: int, owned: int) -> float:
        if owned < needs[a]:
            return NEEDED_WORTH
        return max(0.05, ARTICLE_WORTH[a] - 0.12 * owned)

    def _acquire(self, view: GoldlandView, legal: Sequence[Action],
                 budget: int | None = None) -> Action | None:
        options = [a for a in legal if isinstance(a, Acquire)]
        if not options:
            return None
        needs = self._needs(view)
        seat = self.seat
        pack = view.equipment(seat)
        load = view.carried(seat)
        limit = ACQUIRE_LIMIT if budget is None else min(ACQUIRE_LIMIT, load + max(0, budget))
        best: Action | None = None
        best_value = 0.0
        for option in options:
            if load + option.articles.size > limit:
                continue
            worth = 0.0
            for i, n in enumerate(option.articles.counts[:N_ARTICLES]):
                for k in range(n):
                    worth += self._article_worth(needs, i, pack[i] + k)
            if worth > best_value:
                best, best_value = option, worth
        return best

    def _exchange(self, view: GoldlandView, legal: Sequence[Action]) -> Action | None:
        """Tokens for an article the route needs (or, with many tokens, a useful one)."""
        seat = self.seat
        rate = view.exchange_rate
        if view.tokens[seat] < rate or view.carried(seat) >= 9:
            return None
        needs = self._needs(view)
        pack = view.equipment(seat)
        short = [a for a in range(N_ARTICLES) if pack[a] < needs[a]]
        if short:
            action = Exchange(short[0], rate)
            return action if action in legal else None
        if view.tokens[seat] < 3 * rate or view.carried(seat) > 7:
            return None
        want = max(range(N_ARTICLES), key=lambda a: self._article_worth(needs, a, pack[a]))
        action = Exchange(want, rate)
        return action if action in legal else None

    def _placement(self, view: GoldlandView, legal: Sequence[Action]) -> Action:
        drawn = view.turn.drawn
        assert drawn is not None
        tile = view.tileset.by_id(drawn)
        here = view.pawns[self.seat]
        best: Action = legal[0]
        best_value = float("-inf")
        for a in legal:
            if isinstance(a, Place):
                value = _placement_value(view, tile, here, a)
                if value > best_value:
                    best, best_value = a, value
        return best


class _EndValues:
    """What ending the movement on a tile is worth (what a search keeps fixed, worked out once)."""

    __slots__ = ("bonus", "explore", "others", "seeking", "table", "trade_ok", "treasure_worth",
                 "treasures")

    def __init__(self, view: GoldlandView, table: _Map, others: int) -> None:
        self.table = table
        self.others = others
        self.seeking = table.seeking
        self.bonus = BONUS_WORTH if view.first_arrival < 0 or view.bonus else 0.0
        self.treasures = frozenset(view.treasures)
        turn = view.turn
        self.explore = not turn.explored and bool(view.face_down)
        self.trade_ok = not turn.acquired
        self.treasure_worth = TREASURE_WORTH if _digging(view, self.seeking) else 0.0

    def of(self, node: _Node) -> float:
        """The value of stopping at ``node``."""
        c = node.cell
        pack = node.pack
        table = self.table
        load = sum(pack) + self.others  # treasures and the amulet take spaces too
        value = -FUTURE_WEIGHT * table.to_go[c]
        if self.seeking and c == GOAL and load < BACKPACK_SPACES:
            value += TEMPLE_WORTH + self.bonus
        if c in self.treasures and pack[PROVISION] >= DIG_COST and load - DIG_COST < 12:
            value += self.treasure_worth
        for key in node.survived:
            value += table.gain[key]
        if self.explore and table.frontier[c] >= 0:  # an empty space beside to explore
            value += EXPLORE_WORTH
        tile = table.tiles[c]
        if tile is not None and tile.trade is not None and self.trade_ok and load < ACQUIRE_LIMIT:
            trade = tile.trade
            if trade.needs == "nothing" or (
                trade.needs == "white" and trade.white.within(pack)
            ) or (trade.needs == "red" and tile.adventure in node.survived[-1:]):
                value += 0.3  # a trade is worth something only with room to acquire
        return value


def _digging(view: GoldlandView, seeking: bool) -> bool:
    """Whether treasures are worth digging now: not while racing for the temple before anyone
    holds an amulet (the first to the temple wins most games, and the 2 provisions are the
    route's), but once this player is not racing or the end is in sight."""
    return not seeking or turns_after_this(view) is not None


def turns_after_this(view: GoldlandView) -> int | None:
    """How many more turns the player to move will have after this one (None: no one holds
    an amulet yet, so the end is not in sight).

    "The game ends as soon as each player possesses an amulet" or "when any player gets the
    last gold piece from the temple reserve field", and each holder takes one at the start
    of each turn; "the current round is still played to the end".
    """
    holders = sum(view.holds_amulet(s) for s in range(view.players))
    if holders == 0:
        return None
    if view.end_reason or holders == view.players or view.reserve == 0:
        return 0
    return -(-view.reserve // holders)


def steps_to_goal(codes: Sequence[int], start: int) -> int:
    """The fewest steps from ``start`` to the goal space over explored tiles (by path or by
    ordeal), or a large number if the goal is not explored."""
    if codes[GOAL] < 0:
        return CELLS
    seen = {start}
    ring = [start]
    steps = 0
    while ring:
        if GOAL in seen:
            return steps
        steps += 1
        nxt = []
        for c in ring:
            for n in NEIGHBOUR[c]:
                if n >= 0 and n not in seen and codes[n] >= 0:
                    seen.add(n)
                    nxt.append(n)
        ring = nxt
    return CELLS


def _costs_to_go(land: _Layout, targets: dict[int, float]) -> list[float]:
    """The cheapest cost from each explored tile to one of ``targets`` (tile: cost there)."""
    onto = land.onto
    to_go = [FAR] * CELLS
    heap = [(cost, c) for c, cost in targets.items()]
    heapq.heapify(heap)
    for cost, c in heap:
        to_go[c] = cost
    while heap:
        cost, v = heapq.heappop(heap)
        if cost > to_go[v]:
            continue
        for u, step in onto[v]:
            if cost + step < to_go[u]:
                to_go[u] = cost + step
                heapq.heappush(heap, (cost + step, u))
    return to_go


def _cells(start: int, route: tuple[_Step, ...]) -> tuple[int, ...]:
    """The tiles a route enters, in order."""
    cells = []
    here = start
    for move, _ in route:
        assert isinstance(move, Move)
        here = NEIGHBOUR[here][move.direction]
        cells.append(here)
    return tuple(cells)


_MOVES = tuple(Move(d) for d in range(4))


def _worth(counts: Sequence[int]) -> float:
    return sum(ARTICLE_WORTH[a] * counts[a] for a in range(N_ARTICLES))


def _adventure(view: GoldlandView, c: int) -> str | None:
    tile = view.tile(c)
    return tile.adventure if tile is not None else None


def _placement_value(view: GoldlandView, tile: Tile, here: int, action: Place) -> float:
    """How well a new tile laid this way opens the road toward the temple."""
    at, q = action.at, action.rotation // 90
    exits = tile.exits_at(q)
    value = -1.5 * GOAL_DISTANCE[at]
    if at == GOAL:
        value += 6.0
    for d in range(4):
        n = NEIGHBOUR[at][d]
        if not exits >> d & 1:
            continue
        if n < 0:
            value -= 0.5
            continue
        if n == here and view.exits(here) >> OPPOSITE[d] & 1:
            value += 4.0
        elif view.codes[n] >= 0 and view.exits(n) >> OPPOSITE[d] & 1:
            value += 1.5
        elif view.codes[n] < 0 and GOAL_DISTANCE[n] < GOAL_DISTANCE[at]:
            value += 1.0
    return value


register_bot("goldland", "heuristic", HeuristicBot)
register_opponent("goldland", "heuristic")  # the table's first opponent: it plays best
