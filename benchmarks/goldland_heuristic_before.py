"""The Goldland heuristic bot as it was before the 2026 rework: the baseline it is measured against.

Kept verbatim (only renamed) so that ``benchmarks/bench_goldland.py --versus`` can
play the new ``heuristic`` against it.  Not registered with the package: importing
this module registers it as ``heuristic-before`` for Goldland.

The old description follows.

The heuristic bot reads only its observation.  It keeps a map of how costly
it is to get from each explored tile to its goal: the temple while it has no
amulet (or, before the goal space is explored, the edge of the explored land
nearest the temple), afterwards treasures and adventures whose markers it can
win.  Each time it may move it searches the tiles it can reach this turn
(along paths, over its own camps, paying adventures, by ordeals, with
discovery tokens as a last resort) and stops where the treasure, marker,
temple or exploration there, minus what is left to travel, is best.  What a
step lacks it buys with tokens at the moment of the step, to use at once
(``exchange … to use``: the articles never cover a backpack space, so the
allowance stays); after the movement it may buy articles its route needs.
It camps on every adventure it survives, digs, explores and lays new tiles
so that their paths lead toward the temple.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass, field

from goldlab.bots import Bot, register_bot
from goldlab.core.values import Action
from goldlab.games.goldland.actions import (
    STEP_ORDEAL,
    STEP_SURVIVE,
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
    AMULET,
    BACKPACK_SPACES,
    DIG_COST,
    N_ARTICLES,
    ORDEAL_COST,
    PROVISION,
    Kit,
)
from goldlab.games.goldland.board import CELLS, GOAL, INNER, NEIGHBOUR, manhattan, opposite
from goldlab.games.goldland.observation import GoldlandView
from goldlab.games.goldland.tiles import ADVENTURES, Tile

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


@dataclass
class _Node:
    cell: int
    steps: int
    spent: float
    pack: list[int]
    wild: int
    first: Action | None
    first_pay: tuple[int, ...]
    survived: tuple[str, ...]


@dataclass
class _Context:
    """What the bot works out once per decision."""

    to_go: list[float]
    needs: list[int] = field(default_factory=lambda: [0] * N_ARTICLES)


class HeuristicBeforeBot(Bot):
    """Plans a path toward the temple, treasures and markers, one turn at a time."""

    name = "heuristic-before"

    def choose(self, observation: GoldlandView, legal: Sequence[Action]) -> Action:
        """The step the plan calls for now."""
        view = observation
        if view.turn.drawn is not None:
            return self._placement(view, legal)
        if view.turn.hand:
            return self._use_held(view, legal)
        dig = next((a for a in legal if isinstance(a, Dig)), None)
        if dig is not None:
            return dig
        camp = self._camp(view, legal)
        if camp is not None:
            return camp
        ctx = self._context(view)
        if view.turn.moved != "over":
            step = self._movement(view, legal, ctx)
            if step is not None:
                return step
        acquire = self._acquire(view, legal, ctx)
        if acquire is not None:
            return acquire
        explore = [a for a in legal if isinstance(a, Explore)]
        if explore:
            return min(explore, key=lambda a: manhattan(a.at, GOAL) if a.at >= 0 else 0)
        exchange = self._exchange(view, legal, ctx)
        if exchange is not None:
            return exchange
        for a in legal:
            if isinstance(a, EndMove | EndTurn | Pass):
                return a
        return legal[0]

    # ------------------------------------------------------------ the map
    def _seeking(self, view: GoldlandView) -> bool:
        return not view.packs[self.seat].counts[AMULET] and view.amulets_left > 0

    def _context(self, view: GoldlandView) -> _Context:
        """Cost-to-go of every explored tile, and the articles the route ahead needs."""
        seat = self.seat
        targets: dict[int, float] = {}
        seeking = self._seeking(view)
        if seeking and view.board[GOAL] is not None:
            targets[GOAL] = 0.0
        else:
            if view.face_down:
                for c in range(CELLS):
                    if view.board[c] is None:
                        continue
                    empties = [n for n in NEIGHBOUR[c]
                               if n >= 0 and n in INNER and view.board[n] is None]
                    if empties:
                        near = min(manhattan(n, GOAL) for n in empties)
                        targets[c] = 0.35 * near if seeking else 1.5
            if not seeking:
                for c in view.treasures:
                    targets[c] = min(targets.get(c, FAR), 0.0)
                for c in range(CELLS):
                    tile = view.tile(c)
                    if tile is not None and tile.adventure is not None:
                        gain = self._marker_gain(view, tile.adventure)
                        if gain >= 2:
                            targets[c] = min(targets.get(c, FAR), 2.0 - 0.3 * gain)
        to_go = [FAR] * CELLS
        heap = [(cost, c) for c, cost in targets.items()]
        heapq.heapify(heap)
        for cost, c in heap:
            to_go[c] = cost
        while heap:
            cost, v = heapq.heappop(heap)
            if cost > to_go[v]:
                continue
            for d in range(4):
                u = NEIGHBOUR[v][d]
                if u < 0 or view.board[u] is None:
                    continue
                step = STEP_COST + self._entry_cost(view, u, opposite(d))
                if cost + step < to_go[u]:
                    to_go[u] = cost + step
                    heapq.heappush(heap, (cost + step, u))
        ctx = _Context(to_go)
        self._route_needs(view, ctx, view.pawns[seat])
        return ctx

    def _entry_cost(self, view: GoldlandView, u: int, d: int) -> float:
        """Rough price of stepping from ``u`` in direction ``d``."""
        v = NEIGHBOUR[u][d]
        tile = view.tile(v)
        assert tile is not None
        connected = bool(view.exits(u) >> d & 1 and view.exits(v) >> opposite(d) & 1)
        camp = tile.adventure is not None and view.has_camp(self.seat, v)
        red = 0.0 if tile.adventure is None or camp else _worth(tile.cost.counts)
        if connected:
            return red
        return max(ORDEAL_WORTH, red + 0.3 * (ORDEAL_COST - tile.cost.size))

    def _route_needs(self, view: GoldlandView, ctx: _Context, start: int) -> None:
        """Red articles of the adventures on the cheapest route from ``start`` (6 hops)."""
        here = start
        seen = {here}
        for _ in range(6):
            if ctx.to_go[here] <= 0.0 or ctx.to_go[here] >= FAR:
                return
            best, best_d = FAR, -1
            for d in range(4):
                v = NEIGHBOUR[here][d]
                if v < 0 or v in seen or view.board[v] is None:
                    continue
                cost = STEP_COST + self._entry_cost(view, here, d) + ctx.to_go[v]
                if cost < best:
                    best, best_d = cost, d
            if best_d < 0:
                return
            v = NEIGHBOUR[here][best_d]
            tile = view.tile(v)
            assert tile is not None
            if tile.adventure is not None and not view.has_camp(self.seat, v):
                for a in range(N_ARTICLES):
                    ctx.needs[a] += tile.cost.counts[a]
            seen.add(v)
            here = v

    # ------------------------------------------------------------ movement
    def _movement(self, view: GoldlandView, legal: Sequence[Action],
                  ctx: _Context) -> Action | None:
        seat = self.seat
        turn = view.turn
        pack = list(view.packs[seat].counts)
        left = BACKPACK_SPACES - sum(pack) if turn.steps == 0 else turn.allowance - turn.steps
        plan = self._plan(view, left, ctx)
        if plan is None or plan.first is None:
            if turn.moved == "moving":
                return next((a for a in legal if isinstance(a, EndMove)), None)
            return self._discard(view, legal, ctx)
        if turn.steps == 0 and turn.moved == "not begun":
            acquire = self._acquire(view, legal, ctx, budget=left - plan.steps)
            if acquire is not None:
                return acquire
        buy = self._buy_for(view, legal, plan.first_pay, view.equipment(seat))
        if buy is not None:
            return buy
        if plan.first in legal:
            return plan.first
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
            pack = view.packs[seat].counts
            left = BACKPACK_SPACES - sum(pack) if turn.steps == 0 else turn.allowance - turn.steps
            plan = self._plan(view, left, self._context(view), held)
            if plan is not None and plan.first is not None:
                if plan.first in legal:
                    return plan.first
                have = [e + h for e, h in zip(view.equipment(seat), held, strict=True)]
                buy = self._buy_for(view, legal, plan.first_pay, have)
                if buy is not None:
                    return buy
        paying = [a for a in legal if isinstance(a, Move | Dig)]
        return paying[0] if paying else legal[0]

    def _plan(self, view: GoldlandView, left: int, ctx: _Context,
              held: Sequence[int] = ()) -> _Node | None:
        """The best end point reachable this turn, with the first step toward it.

        ``held``: articles held from an exchange, counted as carried.
        """
        seat = self.seat
        start = view.pawns[seat]
        pack = list(view.packs[seat].counts)
        for a, n in enumerate(held):
            pack[a] += n
        wild = view.tokens[seat] // view.exchange_rate
        visited = set(view.turn.path)
        root = _Node(start, 0, 0.0, pack, wild, None, (0,) * N_ARTICLES, ())
        best: _Node | None = None
        best_value = self._value(view, root, ctx)
        seen: dict[int, float] = {start: 0.0}
        heap: list[tuple[float, int, _Node]] = [(0.0, 0, root)]
        counter = 1
        while heap:
            _, _, node = heapq.heappop(heap)
            value = self._value(view, node, ctx) - node.spent - 0.001 * node.steps
            if node.first is not None and value > best_value:
                best, best_value = node, value
            if node.steps >= left:
                continue
            for d in range(4):
                nxt = self._step(view, node, d, visited)
                if nxt is None:
                    continue
                key = nxt.spent + 0.001 * nxt.steps
                if nxt.cell in seen and seen[nxt.cell] <= key:
                    continue
                seen[nxt.cell] = key
                heapq.heappush(heap, (key, counter, nxt))
                counter += 1
        return best

    def _step(self, view: GoldlandView, node: _Node, d: int, visited: set[int]) -> _Node | None:
        seat = self.seat
        to = NEIGHBOUR[node.cell][d]
        if to < 0 or to in visited or view.board[to] is None:
            return None
        tile = view.tile(to)
        assert tile is not None
        connected = bool(view.exits(node.cell) >> d & 1 and view.exits(to) >> opposite(d) & 1)
        camp = tile.adventure is not None and view.has_camp(seat, to)
        pack = list(node.pack)
        wild = node.wild
        survived = node.survived
        if connected and (tile.adventure is None or camp):
            action: Action = Move(d)
            pay = Kit()
        else:
            red = list(tile.cost.counts[:N_ARTICLES])
            if not connected:
                if tile.adventure is None or camp:
                    red = [0] * N_ARTICLES
                fill = ORDEAL_COST - sum(red)
                spare = [max(0, pack[a] - red[a]) for a in range(N_ARTICLES)]
                order = sorted(range(N_ARTICLES), key=lambda a: (ARTICLE_WORTH[a], -spare[a]))
                for a in order:
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
            pay = Kit.from_counts(red)
            for a in range(N_ARTICLES):
                pack[a] -= red[a]
            if connected:
                action = Move(d, STEP_SURVIVE) if camp else Move(d)
            else:
                action = Move(d, STEP_ORDEAL, pay)
            if tile.adventure is not None and tile.cost <= pay:
                survived = (*survived, tile.adventure)
        spent = node.spent + _worth(pay.counts)
        first = node.first if node.first is not None else action
        first_pay = pay.counts[:N_ARTICLES] if node.first is None else node.first_pay
        return _Node(to, node.steps + 1, spent, pack, wild, first, first_pay, survived)

    def _value(self, view: GoldlandView, node: _Node, ctx: _Context) -> float:
        """What ending the movement on ``node.cell`` is worth (gold, roughly)."""
        c = node.cell
        pack = node.pack
        load = sum(pack)
        value = -FUTURE_WEIGHT * ctx.to_go[c]
        if self._seeking(view) and c == GOAL and load < BACKPACK_SPACES:
            value += 10.0 + (2.0 if view.first_arrival < 0 or view.bonus else 0.0)
        if c in view.treasures and pack[PROVISION] >= DIG_COST and load - DIG_COST < 12:
            value += 3.5
        for key in node.survived:
            value += self._marker_gain(view, key)
        explorable = any(n >= 0 and n in INNER and view.board[n] is None for n in NEIGHBOUR[c])
        if explorable and not view.turn.explored and view.face_down:
            value += 0.6
        tile = view.tile(c)
        if tile is not None and tile.trade is not None and not view.turn.acquired:
            trade = tile.trade
            if trade.needs == "nothing" or (
                trade.needs == "white" and trade.white.within(pack)
            ) or (trade.needs == "red" and tile.adventure in node.survived[-1:]):
                value += 0.3 if load < ACQUIRE_LIMIT else 0.0
        return value

    def _marker_gain(self, view: GoldlandView, key: str) -> float:
        seat = self.seat
        _, holder, worth = view.markers[ADVENTURES.index(key)]
        if holder < 0:
            return float(worth)
        if holder == seat:
            return 0.2
        mine = sum(1 for c, s in view.camps if s == seat and _adventure(view, c) == key)
        theirs = sum(1 for c, s in view.camps if s == holder and _adventure(view, c) == key)
        if mine + 1 > theirs and view.camps_left[seat] > 0:
            return float(worth)
        return 0.2

    def _discard(self, view: GoldlandView, legal: Sequence[Action],
                 ctx: _Context) -> Action | None:
        """With a heavy backpack and nowhere to go, drop an article the route does not need."""
        seat = self.seat
        if sum(view.packs[seat].counts) < 9:
            return None
        pack = view.equipment(seat)
        spare = [a for a in range(N_ARTICLES) if pack[a] > ctx.needs[a] + (2 if a == 0 else 0)]
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

    def _article_worth(self, view: GoldlandView, ctx: _Context, a: int, owned: int) -> float:
        if owned < ctx.needs[a]:
            return NEEDED_WORTH
        return max(0.05, ARTICLE_WORTH[a] - 0.12 * owned)

    def _acquire(self, view: GoldlandView, legal: Sequence[Action], ctx: _Context,
                 budget: int | None = None) -> Action | None:
        options = [a for a in legal if isinstance(a, Acquire)]
        if not options:
            return None
        seat = self.seat
        pack = view.equipment(seat)
        load = sum(view.packs[seat].counts)
        limit = ACQUIRE_LIMIT if budget is None else min(ACQUIRE_LIMIT, load + max(0, budget))
        best: Action | None = None
        best_value = 0.0
        for option in options:
            if load + option.articles.size > limit:
                continue
            worth = 0.0
            for i, n in enumerate(option.articles.counts[:N_ARTICLES]):
                for k in range(n):
                    worth += self._article_worth(view, ctx, i, pack[i] + k)
            if worth > best_value:
                best, best_value = option, worth
        return best

    def _exchange(self, view: GoldlandView, legal: Sequence[Action],
                  ctx: _Context) -> Action | None:
        """Tokens for an article the route needs (or, with many tokens, a useful one)."""
        seat = self.seat
        rate = view.exchange_rate
        if view.tokens[seat] < rate or sum(view.packs[seat].counts) >= 9:
            return None
        pack = view.equipment(seat)
        short = [a for a in range(N_ARTICLES) if pack[a] < ctx.needs[a]]
        if short:
            action = Exchange(short[0], rate)
            return action if action in legal else None
        if view.tokens[seat] < 3 * rate or sum(view.packs[seat].counts) > 7:
            return None
        want = max(range(N_ARTICLES), key=lambda a: self._article_worth(view, ctx, a, pack[a]))
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


def _worth(counts: tuple[int, ...]) -> float:
    return sum(ARTICLE_WORTH[a] * counts[a] for a in range(N_ARTICLES))


def _adventure(view: GoldlandView, c: int) -> str | None:
    tile = view.tile(c)
    return tile.adventure if tile is not None else None


def _placement_value(view: GoldlandView, tile: Tile, here: int, action: Place) -> float:
    """How well a new tile laid this way opens the road toward the temple."""
    at, q = action.at, action.rotation // 90
    exits = tile.exits_at(q)
    value = -1.5 * manhattan(at, GOAL)
    if at == GOAL:
        value += 6.0
    for d in range(4):
        n = NEIGHBOUR[at][d]
        if not exits >> d & 1:
            continue
        if n < 0:
            value -= 0.5
            continue
        if n == here and view.exits(here) >> opposite(d) & 1:
            value += 4.0
        elif view.board[n] is not None and view.exits(n) >> opposite(d) & 1:
            value += 1.5
        elif view.board[n] is None and manhattan(n, GOAL) < manhattan(at, GOAL):
            value += 1.0
    return value


register_bot("goldland", "heuristic-before", HeuristicBeforeBot)
