"""Bots for Gold!: the generic random bot, a greedy one and the planner.

The greedy bot looks one action ahead using only its observation: it banks
sets, trades donkeys for the best gold, avoids taking donkeys and steals the
most valuable card it may.

The planner weighs every action in expected points from what its seat knows:
the chance that a colour is completed from the cards still unseen, who leads a
colour at colour scoring (ties bank too, donkeys count -2), what a donkey is
worth as an exchange ticket, the best set bonus, and the best the next player
can do with the offer left to them.  It is a one-step heuristic, not a search.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from goldlab.bots import Bot, register_bot, register_opponent
from goldlab.core.values import Action
from goldlab.games.gold.actions import Exchange, Steal, Take
from goldlab.games.gold.cards import COLOURS, DONKEY, GOLD_VALUES, Card
from goldlab.games.gold.observation import GoldView
from goldlab.games.gold.rules import BONUS, STEALS

# --- The greedy rule -----------------------------------------------------------------------

TIE = 1e-9
"""Worths closer than this are equal (they are multiples of 0.05 added in floats)."""


def greedy_best(tableaux: Sequence[Sequence[Card]], seat: int,
                legal: Sequence[Action]) -> list[Action]:
    """The greedy rule: the legal actions that most improve ``seat``'s tableau, one step
    ahead, in legal order (several when they tie).

    A tableau's rough worth is summed colour by colour (:func:`colour_worth`): banked
    sets count their gold twice, pairs 0.8 of it plus 2, single cards 0.6.  A take adds
    its card, an exchange moves two, a steal is worth its card plus half the hurt to the
    victim's tableau, declining the bonus nothing.  :class:`GreedyBot` and the search's
    playouts (``search.greedy_policy``) both choose by it; the compiled twin counts the
    same worths exactly, in twentieths.
    """
    groups = _groups(tableaux[seat])
    best: list[Action] = []
    best_score = -math.inf
    for action in legal:
        kind = action.__class__
        if kind is Take:
            card = action.card  # type: ignore[attr-defined]
            score = _gain(groups, card.colour, 1, card.value)
        elif kind is Exchange:
            give, take = action.give, action.take  # type: ignore[attr-defined]
            if give.colour == take.colour:
                score = _gain(groups, take.colour, 0, take.value - give.value)
            else:
                score = (_gain(groups, give.colour, -1, -give.value)
                         + _gain(groups, take.colour, 1, take.value))
        elif kind is Steal:
            card = action.card  # type: ignore[attr-defined]
            victim = _groups(tableaux[action.victim])  # type: ignore[attr-defined]
            score = card.value - 0.5 * _gain(victim, card.colour, -1, -card.value)
        else:  # no bonus
            score = 0.0
        if score > best_score + TIE:
            best, best_score = [action], score
        elif score >= best_score - TIE:
            best.append(action)
    return best


def colour_worth(cards: int, gold: int) -> float:
    """One colour's part of a tableau's rough worth: ``cards`` cards holding ``gold``."""
    if cards >= 3:
        return 2.0 * gold  # banked: points for sure
    if cards == 2:
        return 0.8 * gold + 2.0
    return 0.6 * gold if cards == 1 else 0.0


def _groups(tableau: Sequence[Card]) -> dict[str, tuple[int, int]]:
    """A tableau's cards and gold by colour."""
    groups: dict[str, tuple[int, int]] = {}
    for c in tableau:
        n, gold = groups.get(c.colour, (0, 0))
        groups[c.colour] = (n + 1, gold + c.value)
    return groups


def _gain(groups: dict[str, tuple[int, int]], colour: str, cards: int, gold: int) -> float:
    """The change in a tableau's worth when a colour gains ``cards`` cards and ``gold``."""
    n, total = groups.get(colour, _NONE)
    return _change(n, total, cards, gold)


_NONE = (0, 0)


@cache
def _change(n: int, total: int, cards: int, gold: int) -> float:
    """A colour of ``n`` cards holding ``total`` gains ``cards`` cards and ``gold``: the
    change in its worth (a few hundred cases, each worked out once: the greedy rule asks
    this of every legal action of every playout decision)."""
    return colour_worth(n + cards, total + gold) - colour_worth(n, total)


class GreedyBot(Bot):
    """Picks the action that most improves its own tableau, one step ahead."""

    name = "greedy"

    def choose(self, observation: GoldView, legal: Sequence[Action]) -> Action:
        """The legal action with the best one-step worth (:func:`greedy_best`), random
        among equals (one ``randrange`` a decision, as the compiled twin draws it)."""
        best = greedy_best(observation.tableaux, self.seat, legal)
        return best[self.rng.randrange(len(best))]


register_bot("gold", "greedy", GreedyBot)


# --- The planner --------------------------------------------------------------------------

Values = tuple[int, ...]
"""The values of one seat's cards of one colour, lowest first (at most two cards)."""


@dataclass(frozen=True, slots=True)
class Weights:
    """The planner's judgement, in points: what it expects things to be worth."""

    ticket: float = 4.5
    """A donkey in the tableau: a ticket to exchange for the best gold card on offer."""
    offer_reach: float = 0.55
    """Chance of getting a card of a colour that is on offer now, per such card."""
    future_reach: float = 0.3
    """How much a colour's cards still to be turned up help to complete it (per player)."""
    doubt: float = 0.6
    """How far a colour lead is from certain while many cards are still to come."""
    refill: float = 1.5
    """What a fresh offer of five cards is worth to the player who sees it first."""
    threat: float = 0.8
    """How much the next player's best move from the offer left to them counts against us."""
    leader: float = 1.0
    """In a 3-player game, how much the leading opponent's gains count against us."""
    trailer: float = 0.7
    """In a 3-player game, how much the other opponent's gains count against us."""


@dataclass(slots=True)
class Outlook:
    """What the planner believes at one decision: who counts how much, and each colour's odds."""

    seat: int
    players: int
    stake: list[float]
    """Per seat: +1 for the planner, minus how much each opponent's gains hurt it."""
    reach: dict[str, float]
    """Per colour: the chance of getting one more card of it before the game ends."""
    doubt: float
    """How uncertain a colour lead still is (0 at the end of the game)."""
    ticket: float
    """What a donkey in the tableau is worth now."""
    refill: float
    """What a refill of the offer is worth to the player who sees it first (0 at the end)."""
    known: dict[tuple[Values, int | None, str], float] = field(default_factory=dict)
    """The holdings already weighed at this decision."""


def colour_totals(tableaux: Sequence[Sequence[Card]]) -> list[dict[str, Values]]:
    """Per seat, its cards' values by colour (lowest first)."""
    out: list[dict[str, Values]] = []
    for tableau in tableaux:
        held: dict[str, Values] = {}
        for c in tableau:
            held[c.colour] = (*held.get(c.colour, ()), c.value)
        out.append({colour: tuple(sorted(v)) for colour, v in held.items()})
    return out


def colour_lead(total: int, rival: int | None) -> float:
    """1 if a colour's total would bank its top gold card at colour scoring (ties bank too)."""
    return 1.0 if rival is None or total >= rival else 0.0


def holding_worth(values: Values, rival: int | None, colour: str, look: Outlook) -> float:
    """What a seat's cards of one colour are worth in expected points.

    They complete a set with the chance of finding the missing cards (their values
    banked; the missing cards are counted by the actions that take them), else they go
    to colour scoring, where the top gold card is banked by the
    highest total (a donkey counts -2 there); each donkey is also a ticket to exchange.
    """
    if not values:
        return 0.0
    key = (values, rival, colour)
    worth = look.known.get(key)
    if worth is None:
        total = sum(values)
        top = values[-1]
        end = 0.0
        if top > 0:
            lead = colour_lead(total, rival)
            end = top * (lead + (0.5 - lead) * look.doubt)
        chance = look.reach[colour] ** (3 - len(values))
        worth = look.known[key] = (chance * total + (1.0 - chance) * end
                                   + values.count(DONKEY) * look.ticket)
    return worth


def rival_total(held: list[dict[str, Values]], colour: str, seat: int) -> int | None:
    """The best total of a colour among the other seats (None if nobody else holds it)."""
    best: int | None = None
    for other, colours in enumerate(held):
        values = colours.get(colour)
        if other != seat and values:
            total = sum(values)
            if best is None or total > best:
                best = total
    return best


def colour_value(held: list[dict[str, Values]], colour: str, look: Outlook) -> float:
    """The colour's worth to the planner: its own holding, less what it is worth to rivals."""
    holdings = [colours.get(colour) for colours in held]
    totals = [sum(values) if values else None for values in holdings]
    value = 0.0
    for seat, values in enumerate(holdings):
        if values:
            rival = None
            for other, total in enumerate(totals):
                if other != seat and total is not None and (rival is None or total > rival):
                    rival = total
            value += look.stake[seat] * holding_worth(values, rival, colour, look)
    return value


def with_card(held: dict[str, Values], c: Card) -> dict[str, Values]:
    """A seat's colours with ``c`` added."""
    out = dict(held)
    out[c.colour] = tuple(sorted((*held.get(c.colour, ()), c.value)))
    return out


def without_card(held: dict[str, Values], c: Card) -> dict[str, Values]:
    """A seat's colours with ``c`` removed."""
    out = dict(held)
    values = list(held[c.colour])
    values.remove(c.value)
    if values:
        out[c.colour] = tuple(values)
    else:
        del out[c.colour]
    return out


def completes_a_set(held: dict[str, Values], colour: str) -> bool:
    """True if a seat holding ``held`` has three cards of ``colour`` (a set to score now)."""
    return len(held.get(colour, ())) >= 3


class ScoredMemory:
    """What a player with a good memory knows of the opponents' face-down scoring piles.

    Every card that reaches a scoring pile was face up on the table first.  When an
    opponent's pile grows, the cards that left the table since one's last look went
    onto it: the memory keeps them, so they are not counted among the cards still to
    come.  Only the observations are used (a new game or an undo starts afresh).
    """

    def __init__(self) -> None:
        self.piles: list[list[Card]] = []
        self._last: GoldView | None = None

    def see(self, view: GoldView, seat: int) -> None:
        """Update the memory from a new observation."""
        last = self._last
        self._last = view
        sizes = view.pile_sizes
        if (last is None or len(sizes) != len(last.pile_sizes) or view.draw_pile > last.draw_pile
                or any(now < before for now, before in zip(sizes, last.pile_sizes, strict=True))):
            self.piles = [[] for _ in sizes]
            return
        grew = {s: sizes[s] - last.pile_sizes[s] for s in range(len(sizes))
                if s != seat and sizes[s] > last.pile_sizes[s]}
        if grew:
            self._remember(last, view, seat, grew)

    def _remember(self, last: GoldView, view: GoldView, seat: int, grew: dict[int, int]) -> None:
        """Put the cards that left the table onto the piles of the opponents that grew."""
        gone = on_the_table(last, seat) - on_the_table(view, seat)
        by_colour: dict[str, list[Card]] = {}
        for c, n in gone.items():
            by_colour.setdefault(c.colour, []).extend([c] * n)
        for colour, group in by_colour.items():
            owner = min(grew, key=lambda s: (
                all(c.colour != colour for c in last.tableaux[s]), -grew[s], s))
            self.piles[owner].extend(group)
            grew[owner] -= len(group)

    def unseen_gold(self, view: GoldView, seat: int) -> dict[str, int]:
        """Per colour, the gold cards this seat has not seen (of the 7 of each colour)."""
        left = dict.fromkeys(COLOURS, len(GOLD_VALUES))
        own = view.scoring_piles[seat] or ()
        for group in (view.offer, view.discard, own, *view.tableaux, *self.piles):
            for c in group:
                if c.value > 0:
                    left[c.colour] -= 1
        return left

    def unseen_count(self, view: GoldView) -> int:
        """How many cards this seat has not seen: the draw pile, the 2 removed, forgotten piles."""
        forgotten = sum(max(0, size - len(self.piles[s]))
                        for s, size in enumerate(view.pile_sizes)
                        if view.scoring_piles[s] is None and s < len(self.piles))
        return view.draw_pile + view.removed_unseen + forgotten

    def points(self, view: GoldView) -> list[float]:
        """Each seat's points as far as known (a pile card not seen scored counts as 4)."""
        out: list[float] = []
        for s, size in enumerate(view.pile_sizes):
            own = view.scoring_piles[s]
            if own is not None:
                out.append(float(sum(c.value for c in own)))
            else:
                known = self.piles[s] if s < len(self.piles) else []
                out.append(sum(c.value for c in known) + 4.0 * max(0, size - len(known)))
        return out


def on_the_table(view: GoldView, seat: int) -> Counter[Card]:
    """Every card a seat sees: the offer, the tableaux, the box, the discard, its own pile."""
    seen: Counter[Card] = Counter(view.offer)
    seen.update(view.box)
    seen.update(view.discard)
    for tableau in view.tableaux:
        seen.update(tableau)
    own = view.scoring_piles[seat]
    if own is not None:
        seen.update(own)
    return seen


FINAL = Outlook(seat=0, players=0, stake=[], reach=dict.fromkeys(COLOURS, 0.0),
                doubt=0.0, ticket=0.0, refill=0.0)
"""The outlook once the game is over: nothing more to come (seat and stakes filled in)."""


class PlannerBot(Bot):
    """Collects sets of high gold cards, trades its donkeys for the best gold on offer, fights
    for the colours it can win at colour scoring, and avoids leaving the next player a set or a
    fresh offer.

    It weighs each legal action in expected points: points banked now, the change in what
    every seat's cards are worth (a pair's chance to become a set from the cards still
    unseen, a colour's lead at colour scoring with donkeys at -2, a donkey as an exchange
    ticket), the best set bonus it would get, less the best the next player can do with
    the offer left.  It reads only its observation, and remembers the sets it saw scored.
    """

    name = "planner"

    def __init__(self, seat: int, seed: int, weights: Weights | None = None) -> None:
        super().__init__(seat, seed)
        self.weights = weights if weights is not None else Weights()
        self.memory = ScoredMemory()

    def choose(self, observation: GoldView, legal: Sequence[Action]) -> Action:
        """The legal action worth the most points (random among equals)."""
        self.memory.see(observation, self.seat)
        look = self.outlook(observation)
        held = colour_totals(observation.tableaux)
        if observation.phase == BONUS:
            if observation.set_colour is not None:
                held[self.seat] = {c: v for c, v in held[self.seat].items()
                                   if c != observation.set_colour}
            scores = [self.bonus_value(a, held, look) for a in legal]
        else:
            replies: dict[Card, tuple[float, float]] = {}  # what each card is to the next player
            before: dict[str, float] = {}  # each colour's value now
            scores = [self.action_value(a, observation, held, look, replies, before)
                      for a in legal]
        best = max(scores)
        top = [a for a, s in zip(legal, scores, strict=True) if s >= best - 1e-9]
        return top[self.rng.randrange(len(top))] if len(top) > 1 else top[0]

    # -- what the planner believes -------------------------------------------------------

    def outlook(self, view: GoldView) -> Outlook:
        """This decision's stakes and each colour's odds, from what the seat has seen."""
        w = self.weights
        unseen = self.memory.unseen_gold(view, self.seat)
        # the share of the unseen cards still to be turned up (the rest left the game)
        to_come = view.draw_pile / max(1, self.memory.unseen_count(view))
        on_offer = dict.fromkeys(COLOURS, 0)
        for c in view.offer:
            if c.value > 0:
                on_offer[c.colour] += 1
        reach: dict[str, float] = {}
        for colour in COLOURS:
            miss = (1.0 - w.offer_reach) ** on_offer[colour] * math.exp(
                -w.future_reach * to_come * unseen[colour] / view.players)
            reach[colour] = 1.0 - miss
        remaining = view.draw_pile + len(view.offer)
        dealt = remaining + sum(len(t) for t in view.tableaux) + sum(view.pile_sizes)
        share = remaining / max(1, dealt)
        return Outlook(
            seat=self.seat, players=view.players, stake=self.stakes(view),
            reach=reach, doubt=w.doubt * share,
            ticket=w.ticket * min(1.0, remaining / 10), refill=w.refill if view.draw_pile else 0.0,
        )

    def stakes(self, view: GoldView) -> list[float]:
        """+1 for itself; against each opponent, more against the one who leads."""
        players = view.players
        if players == 2:
            return [1.0 if s == self.seat else -1.0 for s in range(2)]
        points = self.memory.points(view)
        rivals = [s for s in range(players) if s != self.seat]
        leader = max(rivals, key=lambda s: (points[s], -s))
        return [1.0 if s == self.seat else
                -(self.weights.leader if s == leader else self.weights.trailer)
                for s in range(players)]

    # -- weighing actions ----------------------------------------------------------------

    def action_value(self, action: Action, view: GoldView, held: list[dict[str, Values]],
                     look: Outlook, replies: dict[Card, tuple[float, float]],
                     before: dict[str, float]) -> float:
        """Points banked now, the change in every seat's worth, the bonus, less the reply."""
        mine = held[self.seat]
        offer = list(view.offer)
        if isinstance(action, Take):
            got, after = action.card, with_card(mine, action.card)
            offer.remove(got)
            changed = {got.colour}
        elif isinstance(action, Exchange):
            got, after = action.take, with_card(without_card(mine, action.give), action.take)
            offer[offer.index(got)] = action.give
            changed = {got.colour, action.give.colour}
        else:  # pragma: no cover - the action phase lists only takes and exchanges
            return 0.0
        banked = 0.0
        bonus = 0.0
        new_held = list(held)
        if completes_a_set(after, got.colour):
            banked = float(sum(after[got.colour]))
            colours_held = set(after)
            after = {c: v for c, v in after.items() if c != got.colour}
            new_held[self.seat] = after
            bonus = self.best_bonus(view, new_held, colours_held, look)
        new_held[self.seat] = after
        if not offer and view.draw_pile == 0:  # the last card: colour scoring follows
            final = self.final_outlook(look)
            change = (sum(colour_value(new_held, c, final) for c in COLOURS)
                      - sum(colour_value(held, c, look) for c in COLOURS))
            return banked + bonus + change
        change = 0.0
        for colour in changed:
            now = before.get(colour)
            if now is None:
                now = before[colour] = colour_value(held, colour, look)
            change += colour_value(new_held, colour, look) - now
        reply = self.next_players_best(view, offer, held, look, replies)
        nxt = (self.seat + 1) % view.players
        return banked + bonus + change + self.weights.threat * look.stake[nxt] * reply

    def final_outlook(self, look: Outlook) -> Outlook:
        """The outlook at colour scoring: leads are final, nothing more to come."""
        return Outlook(seat=look.seat, players=look.players, stake=look.stake,
                       reach=FINAL.reach, doubt=0.0, ticket=0.0, refill=0.0)

    def best_bonus(self, view: GoldView, held: list[dict[str, Values]],
                   colours_held: set[str], look: Outlook) -> float:
        """The best set bonus after completing a set (0 if none is worth taking)."""
        best = 0.0
        for victim, tableau in enumerate(view.tableaux):
            if victim == self.seat:
                continue
            for c in dict.fromkeys(tableau):
                if c.colour not in colours_held:
                    best = max(best, self.bonus_value(STEALS[victim][c.index], held, look))
        return best

    def bonus_value(self, action: Action, held: list[dict[str, Values]], look: Outlook) -> float:
        """What a set bonus changes: the card's worth to the planner and to its victim."""
        if not isinstance(action, Steal):
            return 0.0
        c = action.card
        after = list(held)
        after[action.victim] = without_card(held[action.victim], c)
        after[self.seat] = with_card(held[self.seat], c)
        return colour_value(after, c.colour, look) - colour_value(held, c.colour, look)

    def next_players_best(self, view: GoldView, offer: list[Card],
                          held: list[dict[str, Values]], look: Outlook,
                          replies: dict[Card, tuple[float, float]]) -> float:
        """The most the next player can gain from the offer left to them (a refill if empty).

        For each card on offer: what taking it is worth to them, when it is among the
        lowest (action A), and their best exchange for it, when it is gold (action B).
        """
        if not offer:
            return look.refill
        nxt = (self.seat + 1) % view.players
        low = min(c.value for c in offer)
        best = -math.inf
        for c in offer:
            gains = replies.get(c)
            if gains is None:
                gains = replies[c] = self.gains_from(c, view.tableaux[nxt], held, nxt, look)
            take, exchange = gains
            if c.value == low:
                best = max(best, take - look.refill if len(offer) == 1 else take)
            best = max(best, exchange)
        return best

    def gains_from(self, c: Card, tableau: Sequence[Card], held: list[dict[str, Values]],
                   seat: int, look: Outlook) -> tuple[float, float]:
        """What ``c`` is worth to ``seat``: taken (A), and at best exchanged for (B)."""
        take = own_gain(None, c, held, seat, look)
        exchange = -math.inf
        if c.is_gold:
            for give in dict.fromkeys(tableau):
                if give.is_donkey or give.value > c.value:
                    exchange = max(exchange, own_gain(give, c, held, seat, look))
        return take, exchange


def own_gain(give: Card | None, got: Card, held: list[dict[str, Values]], seat: int,
             look: Outlook) -> float:
    """What taking ``got`` (giving ``give`` in exchange, if any) is worth to ``seat`` itself:
    a set banked, and the change in its colours' worth."""
    mine = held[seat]
    gain = 0.0
    base = mine.get(got.colour, ())
    if give is not None:
        values = mine[give.colour]
        left = list(values)
        left.remove(give.value)
        if give.colour == got.colour:
            base = tuple(left)
        else:
            rival = rival_total(held, give.colour, seat)
            gain += (holding_worth(tuple(left), rival, give.colour, look)
                     - holding_worth(values, rival, give.colour, look))
    after = tuple(sorted((*base, got.value)))
    if len(after) == 3:  # a set: banked now
        gain += sum(after)
        after = ()
    rival = rival_total(held, got.colour, seat)
    return gain + (holding_worth(after, rival, got.colour, look)
                   - holding_worth(mine.get(got.colour, ()), rival, got.colour, look))


register_bot("gold", "planner", PlannerBot)
register_opponent("gold", "greedy")  # the table's first opponent: quick and sound
