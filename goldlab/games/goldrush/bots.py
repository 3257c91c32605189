"""Memory-model players of Mount Goldrush: perfect, forgetful, limited and random.

Every player decides only from its observation, the public record of flips,
filtered through a *memory model*:

* ``perfect``: remembers every card it has seen until it leaves the table;
* ``forgetful:p``: each remembered card is lost with probability ``p`` per turn;
* ``limited:k``: remembers only the ``k`` cards seen most recently;
* ``random``: no memory and no policy: a uniformly random face-down card.

The first three share one policy (:class:`MemoryBot`): score every pair of
cards from this player's point of view (gold to me is good, gold to an
opponent bad, an opponent's digger removed good, my own removed bad), treat a
card it does not remember as a draw from the cards it cannot place (the deck
less everything visible or remembered), add a small bonus for looking at an
unknown card, and pick the first flip by the best expected pair, then the
second after seeing the first.  So it uses a remembered digger on remembered
gold, avoids remembered dynamite (unless it can blow up an opponent's digger
just turned up), kicks with a remembered stronger digger and explores
otherwise.  In the Gold Rush it takes the best remembered gold unless a blind
flip is worth more on average.

A card that leaves the table frees its place in memory at the end of the turn
in which it left (everyone sees the empty place), before that turn's
forgetting; ``limited:k`` therefore holds the ``k`` most recent cards of
those still on the table.

In the 8x8 grid (``layout="grid"``) places are easier to recall: forgetting is
divided and capacity multiplied by ``grid_aid`` (2 by default); see
``docs/goldrush.md``.  Bots own seeded generators, so games are reproducible;
they never see a card nobody has seen, because the observation has none.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from goldlab.bots import Bot, Strength, register_bot, register_opponent, register_strength
from goldlab.core.values import Action
from goldlab.games.goldrush.actions import Flip
from goldlab.games.goldrush.cards import ALL_CARDS, DECK, KINDS, Card
from goldlab.games.goldrush.layout import GRID
from goldlab.games.goldrush.observation import DOWN, GONE, GoldrushView

GRID_AID = 2.0
"""How much the 8x8 grid helps memory: forgetting / aid, capacity x aid."""
DIGGER_WORTH = 0.2
"""Points per digger value for a digger leaving the table (mine: loss; an opponent's: gain)."""
EXPLORE_BONUS = 0.1
"""Points for looking at a card the player cannot place (information has value)."""
_EPS = 1e-9


class Memory:
    """A perfect memory: position -> card, for every card seen until it leaves the table."""

    name = "perfect"

    def __init__(self) -> None:
        self.cards: dict[int, Card] = {}

    def see(self, position: int, card: Card) -> None:
        """Remember that ``position`` holds ``card`` (as the most recent memory)."""
        self.cards.pop(position, None)
        self.cards[position] = card

    def new_turn(self, rng: random.Random) -> None:
        """A turn went by (a perfect memory loses nothing)."""

    def drop(self, position: int) -> None:
        """Forget a position whose card left the table."""
        self.cards.pop(position, None)


class ForgetfulMemory(Memory):
    """Each remembered card is lost with probability ``p`` at every turn change."""

    name = "forgetful"

    def __init__(self, p: float) -> None:
        super().__init__()
        if not 0 <= p <= 1:
            raise ValueError(f"the forgetting probability must be 0-1, not {p}")
        self.p = p

    def new_turn(self, rng: random.Random) -> None:
        """Lose each remembered card with probability ``p``."""
        if self.p <= 0:
            return
        for position in list(self.cards):
            if rng.random() < self.p:
                del self.cards[position]


class LimitedMemory(Memory):
    """Remembers only the ``k`` cards seen most recently."""

    name = "limited"

    def __init__(self, k: int) -> None:
        super().__init__()
        if k < 0:
            raise ValueError(f"the memory capacity must be >= 0, not {k}")
        self.k = k

    def see(self, position: int, card: Card) -> None:
        """Remember a card, forgetting the oldest beyond capacity."""
        super().see(position, card)
        while len(self.cards) > self.k:
            del self.cards[next(iter(self.cards))]


def pair_values(seat: int, owners: Mapping[str, int | None], players: int) -> list[list[float]]:
    """``V[a][b]``: what flipping cards of kinds ``a`` and ``b`` is worth to ``seat``."""
    rival = 1.0 / (players - 1)

    def leaves(c: Card) -> float:
        if not c.is_digger:
            return 0.0
        assert c.colour is not None
        owner = owners[c.colour]
        if owner is None:
            return 0.0
        return -DIGGER_WORTH * c.value if owner == seat else rival * DIGGER_WORTH * c.value

    def value(a: Card, b: Card) -> float:
        if a.is_dynamite or b.is_dynamite:
            return leaves(a) + leaves(b)
        if a.is_digger and b.is_digger:
            if a.value == b.value:
                return 0.0
            return leaves(a if a.value < b.value else b)
        if a.is_gold and b.is_gold:
            return 0.0
        dig, gold = (a, b) if a.is_digger else (b, a)
        if dig.value < gold.value:
            return 0.0
        assert dig.colour is not None
        owner = owners[dig.colour]
        gain = float(gold.value) if owner in (None, seat) else -rival * gold.value
        return gain + leaves(dig)

    return [[value(a, b) for b in ALL_CARDS] for a in ALL_CARDS]


class MemoryBot(Bot):
    """The shared flipping policy over a memory model (see the module docstring)."""

    name = "memory"

    def __init__(self, seat: int, seed: int, memory: Memory | None = None,
                 grid_aid: float = GRID_AID) -> None:
        super().__init__(seat, seed)
        self.template = memory if memory is not None else Memory()
        self.grid_aid = grid_aid
        self.memory: Memory = self.template
        self._seen = 0
        self._open = 0
        self._turn = 0
        self._values: list[list[float]] | None = None
        self._game: tuple[Any, ...] | None = None

    def spec(self) -> str:
        """The bot spec that makes this bot (e.g. ``forgetful:0.3``)."""
        return self.name

    def remembered(self) -> dict[int, Card]:
        """What the bot remembers right now: position -> card."""
        return dict(self.memory.cards)

    def choose(self, observation: Any, legal: Sequence[Action]) -> Action:
        """Update memory from the record's new flips, then pick a flip."""
        view = observation
        assert isinstance(view, GoldrushView)
        self._update(view)
        positions = [a.position for a in legal if isinstance(a, Flip)]
        if not positions:  # pragma: no cover - every legal action is a flip
            return legal[self.rng.randrange(len(legal))]
        return Flip(self._decide(view, positions))

    # ------------------------------------------------------------ memory
    def _fresh_memory(self, layout: str) -> Memory:
        t = self.template
        aid = self.grid_aid if layout == GRID else 1.0
        if isinstance(t, ForgetfulMemory):
            return ForgetfulMemory(t.p / aid)
        if isinstance(t, LimitedMemory):
            return LimitedMemory(round(t.k * aid))
        return Memory()

    def _update(self, view: GoldrushView) -> None:
        game = (view.players, view.owners, view.layout)
        if game != self._game or len(view.flips) < self._seen or view.turn_no < self._turn:
            self._game = game
            self.memory = self._fresh_memory(view.layout)
            self._seen = 0
            self._open = 0
            self._turn = 0
            self._values = pair_values(self.seat, dict(view.owners), view.players)
        flips = view.flips
        last = {f.position: i for i, f in enumerate(flips)}
        # Cards of the turn that was still open last time may have left the table since.
        left = [flips[i].position for i in range(self._open, self._seen)
                if last[flips[i].position] == i and view.status[flips[i].position] == GONE]
        for i in range(self._seen, len(flips)):
            f = flips[i]
            if f.turn > self._turn:
                self._forget_left(left)
                self._advance(f.turn)
            self.memory.see(f.position, f.card)
            if last[f.position] == i and view.status[f.position] == GONE:
                left.append(f.position)  # its last flip took it off the table
        self._seen = len(flips)
        if view.turn_no > self._turn:
            self._forget_left(left)
            self._advance(view.turn_no)
        self._open = len(flips)
        while self._open and flips[self._open - 1].turn >= self._turn:
            self._open -= 1

    def _forget_left(self, left: list[int]) -> None:
        for p in left:
            self.memory.drop(p)
        left.clear()

    def _advance(self, turn: int) -> None:
        while self._turn < turn:
            self.memory.new_turn(self.rng)
            self._turn += 1

    # ------------------------------------------------------------ policy
    def _decide(self, view: GoldrushView, legal: list[int]) -> int:
        remembered = {p: c for p, c in self.memory.cards.items() if view.status[p] == DOWN}
        unknown = [p for p in legal if p not in remembered]
        belief = list(DECK)
        for c in view.removed:
            belief[c.index] -= 1
        for pile in view.taken:
            for c in pile:
                belief[c.index] -= 1
        up = view.face_up()
        for c in (*up.values(), *remembered.values()):
            belief[c.index] -= 1
        by_kind: dict[int, list[int]] = {}
        allowed = set(legal)
        for p, c in remembered.items():
            if p in allowed:
                by_kind.setdefault(c.index, []).append(p)
        if view.gold_rush:
            choice = self._rush_choice(belief, len(unknown), by_kind)
        elif up:
            (first,) = up.values()
            choice = self._second_choice(first.index, belief, len(unknown), by_kind)
        else:
            choice = self._first_choice(belief, len(unknown), by_kind)
        if choice < 0 or choice not in by_kind:
            return unknown[self.rng.randrange(len(unknown))] if unknown else self._any(legal)
        spots = by_kind[choice]
        return spots[self.rng.randrange(len(spots))]

    def _any(self, legal: list[int]) -> int:
        return legal[self.rng.randrange(len(legal))]

    def _pick(self, options: list[tuple[float, int]]) -> int:
        """The option (-1 = an unknown card, else a kind) with the best value; ties at random."""
        best = max(v for v, _ in options)
        top = [k for v, k in options if v >= best - _EPS]
        return top[self.rng.randrange(len(top))]

    def _rush_choice(self, belief: list[int], n: int, by_kind: dict[int, list[int]]) -> int:
        options = [(float(ALL_CARDS[k].value if ALL_CARDS[k].is_gold else 0), k) for k in by_kind]
        if n:
            options.append((sum(belief[c.index] * c.value for c in ALL_CARDS if c.is_gold) / n, -1))
        return self._pick(options)

    def _second_choice(self, first: int, belief: list[int], n: int,
                       by_kind: dict[int, list[int]]) -> int:
        assert self._values is not None
        row = self._values[first]
        options = [(row[k], k) for k in by_kind]
        if n:
            options.append((sum(b * v for b, v in zip(belief, row, strict=True)) / n
                            + EXPLORE_BONUS, -1))
        return self._pick(options)

    def _first_choice(self, belief: list[int], n: int, by_kind: dict[int, list[int]]) -> int:
        values = self._values
        assert values is not None
        known = {k: len(ps) for k, ps in by_kind.items()}
        sums = [sum(b * v for b, v in zip(belief, row, strict=True)) if n else 0.0
                for row in values]

        def best_second(a: int, from_memory: bool) -> float:
            row = values[a]
            best = -1e9
            for k, count in known.items():
                if from_memory and k == a and count == 1:
                    continue
                if row[k] > best:
                    best = row[k]
            rest = n - (0 if from_memory else 1)
            if rest > 0:
                blind = (sums[a] - (0.0 if from_memory else row[a])) / rest + EXPLORE_BONUS
                best = max(best, blind)
            return best

        options = [(best_second(k, True), k) for k in known]
        if n:
            expected = sum(belief[x] * best_second(x, False) for x in range(KINDS) if belief[x])
            options.append((expected / n + EXPLORE_BONUS, -1))
        return self._pick(options)


class PerfectBot(MemoryBot):
    """Remembers every card seen until it leaves the table."""

    name = "perfect"

    def __init__(self, seat: int, seed: int, grid_aid: float = GRID_AID) -> None:
        super().__init__(seat, seed, Memory(), grid_aid)


class ForgetfulBot(MemoryBot):
    """Loses each remembered card with probability ``p`` per turn."""

    name = "forgetful"

    def __init__(self, seat: int, seed: int, p: float = 0.3, grid_aid: float = GRID_AID) -> None:
        super().__init__(seat, seed, ForgetfulMemory(float(p)), grid_aid)
        self.p = float(p)

    def spec(self) -> str:
        """``forgetful:p``."""
        return f"forgetful:{self.p:g}"


class LimitedBot(MemoryBot):
    """Remembers only the ``k`` most recently seen cards."""

    name = "limited"

    def __init__(self, seat: int, seed: int, k: int | float = 6,
                 grid_aid: float = GRID_AID) -> None:
        if isinstance(k, float) and not k.is_integer():
            raise ValueError(f"the memory capacity must be a whole number, not {k}")
        super().__init__(seat, seed, LimitedMemory(int(k)), grid_aid)
        self.k = int(k)

    def spec(self) -> str:
        """``limited:k``."""
        return f"limited:{self.k}"


class RandomFlipBot(Bot):
    """No memory: flips uniformly random face-down cards."""

    name = "random"

    def choose(self, observation: Any, legal: Sequence[Action]) -> Action:
        """A uniformly random legal flip."""
        return legal[self.rng.randrange(len(legal))]

    def remembered(self) -> dict[int, Card]:
        """Nothing: this player remembers no card."""
        return {}


register_bot("goldrush", "perfect", PerfectBot)
register_bot("goldrush", "forgetful", ForgetfulBot, strength=Strength(
    "forgetful", "chance of forgetting each remembered card per turn (less is stronger)",
    (("weak", "0.6"), ("medium", "0.3"), ("strong", "0.1")), "forgets p={}"))
register_bot("goldrush", "limited", LimitedBot, strength=Strength(
    "limited", "cards remembered (more is stronger)",
    (("weak", "3"), ("medium", "6"), ("strong", "12")), "remembers {} cards"))
register_strength("goldrush", "ismcts", Strength(
    "ismcts", "deals each possible flip is played out on (more is stronger and slower)",
    (("weak", "500"), ("medium", "2000"), ("strong", "6000")), "{} deals"))
register_opponent("goldrush", "perfect")  # the table's first opponent: it plays best
register_bot("goldrush", "random", RandomFlipBot)
