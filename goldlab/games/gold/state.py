"""A game of Gold! in progress: the position, and the turn order that carries out the rules.

The position is the fields of :class:`~goldlab.games.gold.position.GoldPosition`,
one attribute each.  The rules are stated in ``rules.py`` (actions A and B, the
set bonus) and ``scoring.py`` (scoring a set, colour scoring, final points);
this module carries them out in the rulebook's order after each action: the set
check, the bonus, the scoring pile, the refill, the Grand Final check, colour
scoring (``docs/rulings.md#gold-turn-order``).  Applying, refusing and undoing
are the core's (:meth:`State.apply`, :meth:`State.undo`): a step is one call of
:meth:`GoldState._do`, and undo puts back a :class:`GoldPosition` snapshot.

Chance deals the starting donkeys and turns up cards.  The unseen cards (the
draw pile and the 2 removed face down) are one multiset, and every reveal is a
uniform draw from it, which is the same as drawing from a shuffled pile.
"""

from __future__ import annotations

import random
from bisect import bisect_right, insort
from fractions import Fraction
from itertools import accumulate, chain, repeat
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from goldlab.core.options import check_seat
from goldlab.core.state import CHANCE, TERMINAL, State, Step
from goldlab.core.values import Action, ChanceOutcome, Event
from goldlab.games.gold import rules
from goldlab.games.gold.actions import DealDonkey, Exchange, NoBonus, Reveal, Steal, Take
from goldlab.games.gold.cards import ALL_CARDS, COLOURS, DONKEY, Card, card_of, full_deck
from goldlab.games.gold.events import (
    BonusDeclined,
    BonusTaken,
    CardExchanged,
    CardRevealed,
    CardsRemovedUnseen,
    CardTaken,
    DonkeyDealt,
    DonkeysReturned,
    GameOver,
    GrandFinalBegins,
    NoBonusAvailable,
    OfferRefilled,
    SetCompleted,
    SetScored,
)
from goldlab.games.gold.observation import GoldView
from goldlab.games.gold.position import GoldPosition, before_the_deal, position_problem
from goldlab.games.gold.rules import (
    ACTION,
    BONUS,
    OFFER_SIZE,
    OVER,
    REMOVED_UNSEEN,
    colour_scoring,
    points,
    score_a_set,
    take_or_exchange,
)

if TYPE_CHECKING:
    from goldlab.games.gold.game import GoldGame

Cards = tuple[Card, ...]

# Interned chance outcomes: a reveal or a starting donkey is one object per card (and seat),
# so a drawn outcome is found among the listed ones by identity.
REVEALS: tuple[Reveal, ...] = tuple(Reveal(c) for c in ALL_CARDS)
DEALS: dict[tuple[str, int], DealDonkey] = {
    (colour, seat): DealDonkey(card_of(colour, DONKEY), seat)
    for colour in COLOURS
    for seat in range(3)
}


class GoldState(State["GoldGame"]):
    """A game of Gold! in progress.

    Every zone is an immutable tuple: a step replaces what it changes, so the
    undo snapshot (``_save``) only collects references.
    """

    # The position: the fields of :class:`GoldPosition`.
    phase: str
    turn: int
    offer: Cards
    tableaux: tuple[Cards, ...]
    piles: tuple[Cards, ...]
    unseen: tuple[int, ...]
    pile_count: int
    to_reveal: int
    deal_queue: tuple[int, ...]
    grand_final: bool
    set_colour: str | None
    box: Cards
    discard: Cards

    def __init__(self, game: GoldGame, seed: int | None = None, mode: str = "play",
                 auto_chance: bool = True) -> None:
        super().__init__(game, seed, mode, auto_chance)
        n = self._seats = game.players
        self._declinable = game.options.bonus_may_be_declined
        # Chance draws are counted in 32-bit words of the generator, so undo can rewind it
        # without saving its 625-word state on every reveal (see ``_rng_rewind``).
        self._rng_origin: Any = None
        self._rng_words = 0
        self._laid_out: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
        """The unseen cards laid out in deck order (by index), and the counts they were
        laid out from: kept from one refill to the next, as only the cards turned up
        change them (see :meth:`_chance_step`)."""
        self._load(before_the_deal(n, game.options.start_player))
        self.setup_events: list[Event] = []
        if self.box:
            self.setup_events.append(DonkeysReturned(self.box))
        fixed = game.options.donkey_colours()
        if fixed is None:
            self.deal_queue = tuple(range(n))  # chance deals them (``_deal``)
        else:
            for seat, colour in enumerate(fixed):
                self._give_donkey(seat, card_of(colour, DONKEY), self.setup_events)
            self._shuffle_and_offer(self.setup_events)
        self.current_player = self._to_move()
        self._finish_setup()

    # ------------------------------------------------------------ protocol
    current_player: int = CHANCE
    """The seat to act, CHANCE while cards are dealt or revealed, TERMINAL at the end:
    set by the turn order at the end of a turn (:meth:`_end_turn`) and by :meth:`_to_move`
    after any other step and every load (it is read several times a step, and an
    attribute is read far quicker than a property)."""

    def _to_move(self) -> int:
        """Who moves in the position as it stands (kept as :attr:`current_player`)."""
        if self.phase == OVER:
            return TERMINAL
        if self.deal_queue or self.to_reveal:
            return CHANCE
        return self.turn

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self.phase == OVER

    snapshot_every = 8
    """Undo snapshots the position before every 8th step and carries out the steps
    since then again (:meth:`State._rewind`): :meth:`_do` rebuilds a position from the
    recorded steps alone.  A snapshot before every step was a fifth of the time of a
    step (``benchmarks/bench_floor.py``)."""

    # The rules list the legal actions and explain refusals (``rules.py``).
    _legal_actions = rules.legal_actions
    _illegal_reason = rules.illegal_reason

    def _do(self, action: Action) -> list[Event]:
        """Carry out a legal action or chance outcome; return the events.

        By how often they come: takes and exchanges, reveals, bonuses, starting donkeys.
        """
        kind = type(action)
        if kind is Take or kind is Exchange:
            return self._action(self.turn, action)  # (the turn order says who moves next)
        if kind is Steal or kind is NoBonus:
            return self._bonus(self.turn, action)
        if kind is Reveal:
            events = [*self._turn_up([action.card.index])[0].events]  # type: ignore[attr-defined]
        else:
            assert isinstance(action, DealDonkey)
            events = self._deal(action)
        self.current_player = self._to_move()
        return events

    def chance_outcomes(self) -> list[tuple[ChanceOutcome, Fraction]]:
        """Starting donkeys: uniform over colours not dealt; reveals: by unseen counts."""
        if self.phase == OVER:
            return []
        if self.deal_queue:
            seat = self.deal_queue[0]
            free = self._free_colours()
            p = Fraction(1, len(free))
            return [(DEALS[colour, seat], p) for colour in free]
        if self.to_reveal:
            total = sum(self.unseen)
            return [
                (REVEALS[i], Fraction(n, total)) for i, n in enumerate(self.unseen) if n
            ]
        return []

    def _sample_chance(self, rng: random.Random) -> ChanceOutcome:
        below = self._below if rng is self._rng else rng.randrange
        if self.deal_queue:
            free = self._free_colours()
            return DEALS[free[below(len(free))], self.deal_queue[0]]
        # The n-th unseen card in deck order, n uniform: the same as drawing from a shuffle.
        return REVEALS[bisect_right(list(accumulate(self.unseen)), below(sum(self.unseen)))]

    def scores(self) -> tuple[int, ...]:
        """Points in each scoring pile."""
        return tuple([points(p) for p in self.piles])

    def _tiebreak(self, seat: int) -> tuple[int, ...]:
        # "In the case of a tie, the winner is the tied player with the most cards in his
        # scoring pile."
        return (len(self.piles[seat]),)

    def observation(self, player: int) -> GoldView:
        """What ``player`` sees: everything public, own scoring pile, opponents' pile sizes."""
        if player.__class__ is not int or not 0 <= player < self._seats:
            check_seat(player, self.players)  # raises OptionsError naming what is wrong
        return GoldView.of(self, player)

    def omniscient(self) -> GoldView:
        """Everything, including every scoring pile and the unseen cards."""
        return GoldView.of(self, None)

    _sample_unseen_piles: tuple[int, ...] = ()
    """In a sample: :meth:`unseen_pile_cards` of the state it was drawn from."""

    def unseen_pile_cards(self) -> tuple[int, ...]:
        """Per seat, how many cards at the bottom of its scoring pile nobody saw scored.

        Only a hand-built start has any (its piles are dealt face down); every card
        scored in play goes on top, face up first.  Read from the start position, so
        a state rebuilt from JSON (which has no past events) knows it too.
        """
        start = self.start_json
        counts: tuple[int, ...] = self._sample_unseen_piles
        if isinstance(start, dict):
            data = start.get("data")
            piles = data.get("scoring_piles") if isinstance(data, dict) else None
            counts = tuple(len(p) if isinstance(p, list) else 0
                           for p in piles) if isinstance(piles, list) else ()
        if len(counts) != self.players:
            counts = (0,) * self.players
        return tuple(min(n, len(pile)) for n, pile in zip(counts, self.piles, strict=True))

    def _redeal_hidden(self, player: int, rng: random.Random) -> None:
        """Redeal what ``player`` cannot know, keeping sizes and what was seen in public.

        The unseen cards (draw pile and the 2 removed face down) are redealt, and so are
        opponents' scoring-pile cards nobody saw scored (only a hand-built start has any);
        every card the record shows being scored stays on its pile.  The cards redealt
        are pooled in card order first, so the deal depends only on which cards they are.
        """
        if self.phase == OVER:
            return
        hidden = self.unseen_pile_cards()
        self._sample_unseen_piles = hidden  # the sample has no start record to tell it
        pool = [c for c, n in zip(ALL_CARDS, self.unseen, strict=True) for _ in range(n)]
        for s in range(self.players):
            if s != player:
                pool.extend(self.piles[s][:hidden[s]])
        pool.sort(key=_INDEX)
        rng.shuffle(pool)
        piles = list(self.piles)
        for s in range(self.players):
            if s != player and hidden[s]:
                piles[s] = (*pool[:hidden[s]], *piles[s][hidden[s]:])
                del pool[:hidden[s]]
        self.piles = tuple(piles)
        unseen = [0] * len(ALL_CARDS)
        for c in pool:
            unseen[c.index] += 1
        self.unseen = tuple(unseen)

    # ------------------------------------------------------------ game setup
    def _deal(self, deal: DealDonkey) -> list[Event]:
        """Chance deals a starting donkey; after the last, the offer."""
        self.deal_queue = self.deal_queue[1:]
        events: list[Event] = []
        self._give_donkey(deal.seat, deal.card, events)
        if not self.deal_queue:
            self._shuffle_and_offer(events)
        return events

    def _give_donkey(self, seat: int, donkey: Card, events: list[Event]) -> None:
        """"Give each player 1 donkey card in a different colour … It forms the start of
        their tableau at the beginning of the game."""
        unseen = [*self.unseen]
        unseen[donkey.index] -= 1
        self.unseen = tuple(unseen)
        self._set_tableau(seat, (*self.tableaux[seat], donkey))
        events.append(DonkeyDealt(seat, donkey))

    def _shuffle_and_offer(self, events: list[Event]) -> None:
        """"Shuffle the remaining cards … Then draw the top 2 cards from the draw pile and
        remove them from the game without looking at them.  Finally, reveal the top 5
        cards": the 5 are turned up by chance (``_turn_up``)."""
        self.pile_count = sum(self.unseen) - REMOVED_UNSEEN
        events.append(CardsRemovedUnseen(REMOVED_UNSEEN))
        self.to_reveal = min(OFFER_SIZE, self.pile_count)

    # ------------------------------------------------------------ the turn order
    def _action(self, seat: int, action: Action) -> list[Event]:
        """Action A (take) or B (exchange), then the set check and the turn order.

        "Three cards in the same colour form a set.  If, after carrying out his
        action, a player has a set in his tableau, then he must score it.  As a
        bonus, he may first take a card from an opponent's tableau."
        """
        if type(action) is Take:
            c = action.card
            self.offer, tableau, colour, _ = take_or_exchange(
                self.offer, self.tableaux[seat], c, None)
            events: list[Event] = [_TAKEN[seat][c.index]]
        else:
            assert isinstance(action, Exchange)
            self.offer, tableau, colour, _ = take_or_exchange(
                self.offer, self.tableaux[seat], action.take, action.give)
            events = [_exchanged(seat, action)]
        tableaux = [*self.tableaux]
        tableaux[seat] = tableau
        self.tableaux = tuple(tableaux)
        if colour is None:
            self._end_turn(events)
            return events
        events.append(SetCompleted(seat, colour))
        choices = rules.bonus_choices(self.tableaux, seat, self._declinable)
        if choices:
            self.phase = BONUS  # the bonus is the next decision: these are its legal actions
            self.set_colour = colour
            self._next_legal(choices)
        else:
            events.append(NoBonusAvailable(seat))
            self._score_the_set(seat, colour, events)
        return events

    def _bonus(self, seat: int, action: Action) -> list[Event]:
        """The set bonus taken (a card from an opponent's tableau) or declined; then the
        set is scored."""
        events: list[Event]
        if isinstance(action, Steal):
            c, victim = action.card, action.victim
            tableaux = [*self.tableaux]
            tableaux[victim] = _without(tableaux[victim], c)
            held = [*tableaux[seat]]
            insort(held, c, key=_INDEX)  # in its place; no set: its colour was not there
            tableaux[seat] = tuple(held)
            self.tableaux = tuple(tableaux)
            events = [BonusTaken(seat, victim, c)]
        else:
            events = [BonusDeclined(seat)]
        colour = self.set_colour
        assert colour is not None
        self._score_the_set(seat, colour, events)
        return events

    def _score_the_set(self, seat: int, colour: str, events: list[Event]) -> None:
        """"Afterwards, the player takes his set of cards and adds them to a face-down
        scoring pile next to his tableau."  Then the turn ends."""
        tableau, scored = score_a_set(self.tableaux[seat], colour)
        self._set_tableau(seat, tableau)
        piles = [*self.piles]
        piles[seat] += scored
        self.piles = tuple(piles)
        events.append(SetScored(seat, scored))
        self.set_colour = None
        self.phase = ACTION
        self._end_turn(events)

    def _end_turn(self, events: list[Event]) -> None:
        """An empty offer is refilled, or in the Grand Final the game ends; then the next
        player.  Sets who moves next: chance when cards are to be turned up, else the
        next seat (:meth:`_to_move` agrees, ``test_apply_and_undo.py`` checks).

        "When a player takes the last card on offer … Afterwards, 5 new cards are
        revealed from the draw pile, forming a new offer.  It is then the next
        player's turn."  In the Grand Final "the game first continues as normal until
        the last card on offer has been taken.  After that player's turn is over,
        colour scoring … is carried out.  Final scoring takes place after colour
        scoring."
        """
        if not self.offer:
            pile = self.pile_count
            if not pile:
                self._colour_and_final_scoring(events)
                self.current_player = TERMINAL
                return
            self.to_reveal = min(OFFER_SIZE, pile)
            events.append(OfferRefilled(self.to_reveal))
        self.turn = (self.turn + 1) % self._seats
        self.current_player = CHANCE if self.to_reveal else self.turn

    def _colour_and_final_scoring(self, events: list[Event]) -> None:
        """Colour scoring banks or discards every tableau card (``scoring.colour_scoring``);
        then "each player now counts his victory points" and the game is over."""
        piles = list(self.piles)
        discard = list(self.discard)
        for result in colour_scoring(self.tableaux):
            events.append(result)
            for seat, c in result.banked:
                piles[seat] = (*piles[seat], c)
            discard.extend(result.discarded)
        self.piles = tuple(piles)
        self.discard = tuple(discard)
        self.tableaux = ((),) * self._seats
        self.phase = OVER
        outcome = self.outcome()
        assert outcome is not None
        events.append(GameOver(outcome.scores, outcome.winners))

    # ------------------------------------------------------------ chance turns up cards
    def _turn_up(self, drawn: list[int]) -> list[Step]:
        """Chance turns up the cards ``drawn`` (by index, in order) from the draw pile into
        the offer, one chance step each; the Grand Final begins when the draw pile runs out.

        "When the last 5 cards have been revealed from the draw pile, the "Grand Final"
        begins."
        """
        unseen = [*self.unseen]
        pile = self.pile_count
        steps = []
        for i in drawn:
            unseen[i] -= 1
            pile -= 1
            steps.append(_REVEALED[pile][i])  # the step of a card turned up, made once
        self.unseen = tuple(unseen)
        self.offer += tuple(map(ALL_CARDS.__getitem__, drawn))
        self.pile_count = pile
        self.to_reveal -= len(drawn)
        if not pile:
            self.grand_final = True
            last = steps[-1]
            steps[-1] = _new_tuple(Step, (CHANCE, last.action, (*last.events, GrandFinalBegins())))
        return steps

    def _chance_step(self) -> list[Event]:
        """Chance with the state's generator: a starting donkey, or all the cards to turn up.

        As the core resolves chance (each card one chance step of the history, drawn
        as :meth:`_sample_chance` draws it: the n-th unseen card in deck order, n
        uniform), with the unseen cards laid out in deck order once for the whole offer.
        """
        if self.deal_queue:
            return super()._chance_step()
        counts, laid_out = self._laid_out
        if counts is not self.unseen:  # changed since the last offer (a deal, a redeal, an undo)
            laid_out = tuple(chain.from_iterable(map(repeat, range(_KINDS), self.unseen)))
        deck = [*laid_out]
        drawn = []
        for _ in range(self.to_reveal):
            drawn.append(deck.pop(self._below(len(deck))))
        steps = self._turn_up(drawn)
        self._laid_out = (self.unseen, tuple(deck))
        self._record_chance(steps)
        self.current_player = self._to_move()
        events: list[Event] = []
        for step in steps:
            events += step.events
        return events

    # ------------------------------------------------------------ the generator
    def _below(self, n: int) -> int:
        """``self._rng.randrange(n)``, counting the 32-bit words it uses (n <= 2**32).

        The same algorithm as CPython's ``randrange``: draw ``n.bit_length()``
        bits until the number is below ``n``; each draw uses one word.
        """
        getrandbits = self._rng.getrandbits
        k = n.bit_length()
        r = getrandbits(k)
        words = 1
        while r >= n:
            r = getrandbits(k)
            words += 1
        self._rng_words += words
        return r

    def _rng_mark(self) -> Any:
        return self._rng_words

    def _rng_rewind(self, mark: Any) -> None:
        # Back to where the count started, then forward ``mark`` words in one call.
        if self._rng_origin is None:
            self._rng.seed(self.seed)
        else:
            self._rng.setstate(self._rng_origin)
        if mark:
            self._rng.getrandbits(32 * mark)
        self._rng_words = mark

    def _set_rng(self, rng: random.Random) -> None:
        self._rng = rng
        self._rng_origin = rng.getstate()
        self._rng_words = 0

    # ------------------------------------------------------------ snapshots
    def _save(self) -> GoldPosition:
        # Written out, in the order of GoldPosition's fields: a third of the cost of
        # ``attrgetter(*GoldPosition._fields)``, and it runs before every step
        # (``tests/games/gold/test_position.py`` checks it by name).
        return _new_tuple(GoldPosition, (
            self.phase, self.turn, self.offer, self.tableaux, self.piles, self.unseen,
            self.pile_count, self.to_reveal, self.deal_queue, self.grand_final,
            self.set_colour, self.box, self.discard))

    def _load(self, snapshot: GoldPosition) -> None:
        (self.phase, self.turn, self.offer, self.tableaux, self.piles, self.unseen,
         self.pile_count, self.to_reveal, self.deal_queue, self.grand_final,
         self.set_colour, self.box, self.discard) = snapshot
        self.current_player = self._to_move()

    def _snapshot_to_json(self, snapshot: GoldPosition) -> Any:
        return snapshot.to_json()

    def _snapshot_from_json(self, data: Any) -> GoldPosition:
        return GoldPosition.from_json(data, self.players)

    def _position_problem(self) -> str | None:
        return position_problem(self._save(), self.players)

    # ------------------------------------------------------------ internals
    def _free_colours(self) -> list[str]:
        taken = {c.colour for t in self.tableaux for c in t}
        return [c for c in COLOURS if c not in taken]

    def _set_tableau(self, seat: int, cards: Cards) -> None:
        changed = [*self.tableaux]
        changed[seat] = cards
        self.tableaux = tuple(changed)


_new_tuple = tuple.__new__
_KINDS = len(ALL_CARDS)
_INDEX = attrgetter("index")
_TAKEN: tuple[tuple[CardTaken, ...], ...] = tuple(
    tuple(CardTaken(seat, c) for c in ALL_CARDS) for seat in range(3)
)
"""The event of a take, per seat and card: made once, as most steps are takes."""
_EXCHANGED: tuple[list[CardExchanged | None], ...] = tuple(
    [None] * (len(ALL_CARDS) ** 2) for _ in range(3)
)
"""The event of an exchange, per seat and (give, take) pair of cards, made the first time
it is played."""
_REVEALED: tuple[tuple[Step, ...], ...] = tuple(
    tuple(Step(CHANCE, REVEALS[c.index], (CardRevealed(c, pile),)) for c in ALL_CARDS)
    for pile in range(sum(full_deck().values()))
)
"""The chance step of a card turned up, per draw pile left and card: most chance steps."""


def _exchanged(seat: int, action: Exchange) -> CardExchanged:
    """The event of an exchange, made the first time it is played and kept."""
    row = _EXCHANGED[seat]
    key = action.give.index * _KINDS + action.take.index
    found = row[key]
    if found is None:
        found = row[key] = CardExchanged(seat, action.give, action.take, action.option)
    return found


def _without(cards: Cards, c: Card) -> Cards:
    """The cards less one copy of ``c``."""
    i = cards.index(c)
    return cards[:i] + cards[i + 1:]
