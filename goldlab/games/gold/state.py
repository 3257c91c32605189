"""A game of Gold! in progress: the position, and the turn order that carries out the rules.

The position is the fields of :class:`~goldlab.games.gold.position.GoldPosition`,
one attribute each.  The rules are stated in ``rules.py`` (actions A and B, the
set bonus) and ``scoring.py`` (scoring a set, colour scoring, final points);
this module carries them out in the rulebook's order after each action: the set
check, the bonus, the scoring pile, the refill, the Grand Final check, colour
scoring (``docs/rulings.md#gold-turn-order``).

Chance deals the starting donkeys and turns up cards.  The unseen cards (the
draw pile and the 2 removed face down) are one multiset, and every reveal is a
uniform draw from it, which is the same as drawing from a shuffled pile.
"""

from __future__ import annotations

import random
from bisect import bisect_right, insort
from collections.abc import Sequence
from fractions import Fraction
from itertools import accumulate, chain, repeat
from operator import attrgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from goldlab.core.options import check_seat
from goldlab.core.state import CHANCE, TERMINAL, Frame, State, Step
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
    bonus_choices,
    offer_choices,
    take_or_exchange,
)
from goldlab.games.gold.scoring import colour_scoring, points, score_a_set

if TYPE_CHECKING:
    from goldlab.games.gold.game import GoldGame

Cards = tuple[Card, ...]
Placed = tuple[Cards, Cards, str | None, Step]
"""What a take or an exchange did: the offer, the tableau, the set it made, its step."""

_new_tuple = tuple.__new__

# Interned chance outcomes: a reveal or a starting donkey is one object per card (and seat).
REVEALS: tuple[Reveal, ...] = tuple(Reveal(c) for c in ALL_CARDS)
DEALS: dict[tuple[str, int], DealDonkey] = {
    (colour, seat): DealDonkey(card_of(colour, DONKEY), seat)
    for colour in COLOURS
    for seat in range(3)
}


class FromOffer(NamedTuple):
    """The undo frame of a take or an exchange that turned up no card (most turns of a
    game): the place in the offer of the card taken.

    Such a turn moves a card from the offer to the tableau (in an exchange, the card
    given goes the other way); a set it completes waits for its bonus or, with no
    bonus to take, is scored at once; then the turn passes.  The turn's step names the
    seat, the cards and any set scored, so undoing it needs only where in the offer
    the card was.  One frame per place, made once.
    """

    offer_index: int

    @property
    def revealed(self) -> bool:
        """The turn turned up no card."""
        return False

    def restore(self, state: GoldState) -> Action:
        """Put the turn back: a set scored goes back into the tableau, the card taken
        back to its place in the offer (and the card given back into the tableau)."""
        step = state._history.pop()
        seat = step.actor
        action = step.action
        state._unscore(seat, step.events)
        offer = [*state.offer]
        held = [*state.tableaux[seat]]
        if type(action) is Take:
            c = action.card
            offer.insert(self.offer_index, c)
        else:
            assert type(action) is Exchange
            c = action.take
            offer[self.offer_index] = c
            insort(held, action.give, key=_INDEX)
        held.remove(c)  # equal cards are one object: any copy will do
        state.offer = tuple(offer)
        state._set_tableau(seat, tuple(held))
        state.turn = seat
        state.phase = ACTION
        state.set_colour = None
        state.to_reveal = 0  # (a refill waiting for chance applied by hand)
        state._legal = None
        return action


class BonusSettled(NamedTuple):
    """The undo frame of a set bonus taken or declined that turned up no card: the set
    and its bonus card are put back, and the bonus is to be settled again (one frame,
    made once: the step says which set and which card)."""

    @property
    def revealed(self) -> bool:
        """The bonus turned up no card."""
        return False

    def restore(self, state: GoldState) -> Action:
        """Put the set back into the tableau and the bonus card back to its owner."""
        step = state._history.pop()
        seat = step.actor
        action = step.action
        colour = state._unscore(seat, step.events)
        if type(action) is Steal:
            c, victim = action.card, action.victim
            tableaux = [*state.tableaux]
            tableaux[seat] = _without(tableaux[seat], c)
            back = [*tableaux[victim]]
            insort(back, c, key=_INDEX)
            tableaux[victim] = tuple(back)
            state.tableaux = tuple(tableaux)
        state.turn = seat
        state.phase = BONUS
        state.set_colour = colour
        state.to_reveal = 0  # (a refill waiting for chance applied by hand)
        state._legal = None
        return action


class Refill(NamedTuple):
    """The undo frame of a step after which chance turned up a new offer: the step's own
    frame, how many cards were turned up and the generator's count before them."""

    then: FromOffer | BonusSettled
    cards: int
    rng_mark: int

    @property
    def revealed(self) -> bool:
        """Cards were turned up: ``"play"`` mode will not undo this."""
        return True

    def restore(self, state: GoldState) -> Action:
        """Put the cards turned up back among the unseen cards and the generator back
        where it was, then undo the step."""
        history = state._history
        unseen = [*state.unseen]
        for _ in range(self.cards):
            reveal = history.pop().action
            assert isinstance(reveal, Reveal)
            unseen[reveal.card.index] += 1
        state.unseen = tuple(unseen)
        state.offer = state.offer[:-self.cards]
        state.pile_count += self.cards
        state.grand_final = False  # a refill needs a draw pile: it was not on before
        state._rng_rewind(self.rng_mark)
        return self.then.restore(state)


class GoldState(State["GoldGame"]):
    """A game of Gold! in progress.

    Every zone is an immutable tuple: a step replaces what it changes, so the
    undo snapshot (``_save``) only collects references.  Cards, actions and
    most events are interned (one object per distinct value), so listing the
    legal actions and checking a chosen one build almost nothing.
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
        # The unseen cards laid out in deck order, kept from one refill to the next.
        self._laid_out: tuple[tuple[int, ...], Sequence[int]] = ((), ())
        self._load(before_the_deal(n, game.options.start_player))
        self.setup_events: list[Event] = []
        if self.box:
            self.setup_events.append(_event(DonkeysReturned, self.box))
        fixed = game.options.donkey_colours()
        if fixed is None:
            self.deal_queue = tuple(range(n))  # chance deals them (``_deal``)
        else:
            for seat, colour in enumerate(fixed):
                self._give_donkey(seat, card_of(colour, DONKEY), self.setup_events)
            self._shuffle_and_offer(self.setup_events)
        self._finish_setup()

    # ------------------------------------------------------------ protocol
    @property
    def current_player(self) -> int:
        """The seat to act, CHANCE while cards are dealt or revealed, TERMINAL at the end."""
        if self.phase == OVER:
            return TERMINAL
        if self.deal_queue or self.to_reveal:
            return CHANCE
        return self.turn

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self.phase == OVER

    def legal_actions(self) -> list[Action]:
        """The actions allowed now (chance outcomes at a chance node; none at the end)."""
        legal = self._legal
        if legal is None:
            if self.phase == ACTION and not (self.to_reveal or self.deal_queue):
                # actions A and B, most decisions: listed here without another call
                legal = self._legal = offer_choices(self.offer, self.tableaux[self.turn])
            else:
                legal = self._list_legal()
        return legal.copy()

    def _list_legal(self) -> list[Action]:
        """The legal actions, kept until the position changes."""
        legal: list[Action]
        if self.phase == OVER:
            legal = []
        elif self.deal_queue or self.to_reveal:
            legal = [outcome for outcome, _ in self.chance_outcomes()]
        else:
            legal = rules.legal_actions(self)
        self._legal = legal
        return legal

    def _legal_actions(self) -> list[Action]:
        return rules.legal_actions(self)

    def _illegal_reason(self, action: Action) -> tuple[str, str]:
        return rules.illegal_reason(self, action)

    def apply(self, action: Action | str) -> list[Event]:
        """Apply a legal action; return the events it caused (chance steps included).

        The same contract as :meth:`State.apply`.  Anything but one of the listed
        objects (notation, or an equal action made by hand) is checked first and
        played as the listed object, or refused with the rule.  A take, an exchange
        or a set bonus pushes a frame that undoes it from its own record
        (:class:`FromOffer`, :class:`BonusSettled`, and :class:`Refill` when chance
        then turned up a new offer).  A step that may end the game (the Grand Final's
        last card), and a chance outcome applied by hand, go on in :meth:`_full_step`
        with a snapshot of the position.
        """
        legal = self._legal
        if legal is None:
            legal = self._list_legal()
        for listed in legal:
            if listed is action:
                break
        else:  # text, or an equal action made by hand
            listed = self._check(action, legal)
        seat = self.turn
        if type(listed) is Take:
            c = listed.card
            offer, tableau, made, i = take_or_exchange(
                self.offer, self.tableaux[seat], c, None)
            step = _TAKE_STEPS[seat][c.index]
        elif type(listed) is Exchange:
            c = listed.take
            offer, tableau, made, i = take_or_exchange(
                self.offer, self.tableaux[seat], c, listed.give)
            step = _EXCHANGE_STEPS[seat][listed.give.index * _KINDS + c.index] or (
                _exchange_step(seat, listed))
        elif (type(listed) is Steal or type(listed) is NoBonus) and (
                self.offer or self.pile_count):
            # The set bonus, except when it may end the game.
            self._legal = None
            return self._turn_up(_BONUS_SETTLED, self._bonus(seat, listed))
        else:  # the bonus that may end the game, or a chance outcome applied by hand
            return self._full_step(legal, listed, None)
        if not (offer or self.pile_count):  # the last card of the Grand Final
            return self._full_step(legal, listed, (offer, tableau, made, step))
        frame = _FROM_OFFER[i]
        if made is None and offer:  # a plain turn: no set, cards left on offer
            self._history.append(step)
            self.offer = offer
            tableaux = [*self.tableaux]
            tableaux[seat] = tableau
            self.tableaux = tuple(tableaux)
            self.turn = (seat + 1) % self._seats
            self._legal = None
            self._frames.append(frame)
            return [step.events[0]]
        self._legal = None  # a set made, or the offer emptied
        return self._turn_up(frame, self._after_the_action(seat, (offer, tableau, made, step)))

    def _turn_up(self, frame: FromOffer | BonusSettled, events: list[Event]) -> list[Event]:
        """Push the undo frame of a step just carried out; if the step emptied the offer
        and chance is automatic, the new offer is turned up first (``Refill``)."""
        count = self.to_reveal
        if count and self.auto_chance:
            mark = self._rng_words
            history_len = len(self._history)
            try:
                self._reveal(events)
            except BaseException:  # nothing of the step stays
                del self._history[history_len:]
                self._rng_rewind(mark)
                frame.restore(self)
                raise
            self._frames.append(_new_tuple(Refill, (frame, count, mark)))
        else:
            self._frames.append(frame)
        return events

    def _full_step(self, legal: list[Action], action: Action, placed: Placed | None) -> list[Event]:
        """Carry out ``action`` and the chance it leads to, with the core's undo frame."""
        snapshot = self._save()
        history_len = len(self._history)
        mark = None
        try:
            self._legal = None
            if placed is not None:
                events = self._after_the_action(self.turn, placed)
            else:
                events = self._do(action)
            if self.auto_chance and (self.to_reveal or self.deal_queue):
                mark = self._rng_words
                events.extend(self._resolve_chance())
        except BaseException:
            self._rollback(snapshot, history_len, mark)
            raise
        revealed = mark is not None or isinstance(action, ChanceOutcome)
        self._frames.append(_new_tuple(Frame, (snapshot, history_len, legal, mark, revealed)))
        return events

    def _do(self, action: Action) -> list[Event]:
        """Carry out a legal action or chance outcome and record its step; return the events.

        (Each Gold! step records itself, with interned steps where it can, so chance
        steps look the same whether they are drawn or applied by hand.)
        """
        seat = self.turn
        if type(action) is Steal or type(action) is NoBonus:
            return self._bonus(seat, action)
        if type(action) is Reveal:
            events: list[Event] = []
            self._reveal(events, action.card)
            return events
        if type(action) is DealDonkey:
            return self._deal(action)
        return self._after_the_action(seat, self._placed(seat, action))

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

    def _resolve_chance(self) -> list[Event]:
        """Deal the starting donkeys and turn up cards with the state's generator."""
        events: list[Event] = []
        while self.deal_queue:
            deal = self._sample_chance(self._rng)
            assert isinstance(deal, DealDonkey)
            events.extend(self._deal(deal))
        if self.to_reveal:
            self._reveal(events)
        return events

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
        start = self._start
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
        """Chance deals a starting donkey (its step recorded); after the last, the offer."""
        self.deal_queue = self.deal_queue[1:]
        self._legal = None
        events: list[Event] = []
        self._give_donkey(deal.seat, deal.card, events)
        if not self.deal_queue:
            self._shuffle_and_offer(events)
        self._history.append(_new_tuple(Step, (CHANCE, deal, tuple(events))))
        return events

    def _give_donkey(self, seat: int, donkey: Card, events: list[Event]) -> None:
        """"Give each player 1 donkey card in a different colour … It forms the start of
        their tableau at the beginning of the game."""
        self._take_unseen(donkey)
        self._set_tableau(seat, (*self.tableaux[seat], donkey))
        events.append(_event(DonkeyDealt, seat, donkey))

    def _shuffle_and_offer(self, events: list[Event]) -> None:
        """"Shuffle the remaining cards … Then draw the top 2 cards from the draw pile and
        remove them from the game without looking at them.  Finally, reveal the top 5
        cards": the 5 are turned up by chance (``_reveal``)."""
        unseen = self.unseen
        self.pile_count = sum(unseen) - REMOVED_UNSEEN
        events.append(_event(CardsRemovedUnseen, REMOVED_UNSEEN))
        # The unseen cards laid out in deck order, as ``_reveal`` wants them: the
        # same few layouts start every game, so each is made once.
        deck = _SETUP_DECKS.get(unseen)
        if deck is None:
            deck = _deck_order(unseen)
            if len(_SETUP_DECKS) < 1024:
                _SETUP_DECKS[unseen] = deck
        self._laid_out = (unseen, deck)
        self.to_reveal = min(OFFER_SIZE, self.pile_count)

    # ------------------------------------------------------------ the turn order
    def _placed(self, seat: int, action: Action) -> Placed:
        """What a take or an exchange by ``seat`` does (as ``apply`` works it out)."""
        if isinstance(action, Take):
            offer, tableau, made, _ = take_or_exchange(
                self.offer, self.tableaux[seat], action.card, None)
            return offer, tableau, made, _TAKE_STEPS[seat][action.card.index]
        assert isinstance(action, Exchange)
        offer, tableau, made, _ = take_or_exchange(
            self.offer, self.tableaux[seat], action.take, action.give)
        return offer, tableau, made, _exchange_step(seat, action)

    def _after_the_action(self, seat: int, placed: Placed) -> list[Event]:
        """A take or an exchange that completes a set or empties the offer, committed
        and recorded, then the turn order.

        "Three cards in the same colour form a set.  If, after carrying out his
        action, a player has a set in his tableau, then he must score it.  As a
        bonus, he may first take a card from an opponent's tableau."
        """
        offer, tableau, colour, step = placed
        self.offer = offer
        self._set_tableau(seat, tableau)
        events: list[Event] = [step.events[0]]
        if colour is None:
            self._end_turn(events)
        else:
            events.append(_SET_COMPLETED[seat][colour])
            choices = bonus_choices(self.tableaux, seat, self._declinable)
            if choices:  # the bonus is the next decision: its choices are listed now
                self.phase = BONUS
                self.set_colour = colour
                self._legal = choices
            else:
                events.append(_NO_BONUS_AVAILABLE[seat])
                self._score_the_set(seat, colour, events)
        self._history.append(_new_tuple(Step, (seat, step.action, tuple(events))))
        return events

    def _bonus(self, seat: int, action: Action) -> list[Event]:
        """The set bonus taken (a card from an opponent's tableau) or declined, recorded;
        then the set is scored."""
        events: list[Event]
        if isinstance(action, Steal):
            c, victim = action.card, action.victim
            tableaux = [*self.tableaux]
            tableaux[victim] = _without(tableaux[victim], c)
            held = [*tableaux[seat]]
            insort(held, c, key=_INDEX)  # in its place; no set: its colour was not there
            tableaux[seat] = tuple(held)
            self.tableaux = tuple(tableaux)
            events = [_BONUS_TAKEN[seat][victim][c.index]]
        else:
            events = [_BONUS_DECLINED[seat]]
        colour = self.set_colour
        assert colour is not None
        self._score_the_set(seat, colour, events)
        self._history.append(_new_tuple(Step, (seat, action, tuple(events))))
        return events

    def _score_the_set(self, seat: int, colour: str, events: list[Event]) -> None:
        """"Afterwards, the player takes his set of cards and adds them to a face-down
        scoring pile next to his tableau."  Then the turn ends."""
        tableau, scored = score_a_set(self.tableaux[seat], colour)
        self._set_tableau(seat, tableau)
        piles = [*self.piles]
        piles[seat] += scored
        self.piles = tuple(piles)
        known = _SET_SCORED[seat]
        event = known.get(scored)
        if event is None:
            event = known[scored] = SetScored(seat, scored)
        events.append(event)
        self.set_colour = None
        self.phase = ACTION
        self._end_turn(events)

    def _unscore(self, seat: int, events: tuple[Event, ...]) -> str | None:
        """Undo a set scored in ``events`` (for undo): its cards leave the scoring pile and
        go back into the tableau.  The colour of the set, or None if none was scored."""
        for event in events:
            if type(event) is SetScored:
                scored = event.cards
                piles = [*self.piles]
                piles[seat] = piles[seat][:-len(scored)]  # it was added on top
                self.piles = tuple(piles)
                held = [*self.tableaux[seat]]
                for c in scored:
                    insort(held, c, key=_INDEX)
                self._set_tableau(seat, tuple(held))
                return scored[0].colour
        return None

    def _end_turn(self, events: list[Event]) -> None:
        """An empty offer is refilled, or in the Grand Final the game ends; then the next
        player.

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
                return
            self.to_reveal = min(OFFER_SIZE, pile)
            events.append(_OFFER_REFILLED[self.to_reveal])
        self.turn = (self.turn + 1) % self._seats

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
    def _reveal(self, events: list[Event], chosen: Card | None = None) -> None:
        """Turn cards up from the draw pile into the offer, each a chance step recorded
        in the history; the Grand Final begins when the draw pile runs out.

        ``chosen``: the one card of a chance outcome applied by hand.  Otherwise every
        card still to be revealed is drawn with the state's generator, as
        ``_sample_chance`` draws it: the n-th of the unseen cards laid out in deck
        order, n uniform (CPython's ``randrange``, written out).
        """
        history = self._history
        count = self.to_reveal if chosen is None else 1
        unseen = [*self.unseen]
        laid_out = self._laid_out  # kept from the last refill while the unseen cards are
        deck = [*(laid_out[1] if laid_out[0] is self.unseen else _deck_order(unseen))]
        offer = [*self.offer]
        pile = self.pile_count
        getrandbits = self._rng.getrandbits
        reveal_steps = _REVEAL_STEPS
        words = count  # one 32-bit word a draw, and one more for each draw thrown back
        n = len(deck)
        for _ in range(count):
            if chosen is None:
                k = _BITS[n]
                r = getrandbits(k)
                while r >= n:
                    r = getrandbits(k)
                    words += 1
                i = deck.pop(r)
            else:
                i = chosen.index
                deck.remove(i)
            n -= 1
            unseen[i] -= 1
            pile -= 1
            offer.append(ALL_CARDS[i])
            step = reveal_steps[pile * _KINDS + i] or _reveal_step(i, pile)
            events.append(step.events[0])
            history.append(step)
        if chosen is None:
            self._rng_words += words
        self.unseen = tuple(unseen)
        self._laid_out = (self.unseen, deck)  # copied before it is drawn from again
        self.offer = tuple(offer)
        self.pile_count = pile
        self.to_reveal -= count
        self._legal = None
        if not pile:
            # "When the last 5 cards have been revealed from the draw pile, the "Grand
            # Final" begins."
            self.grand_final = True
            events.append(_GRAND_FINAL)
            last = history[-1]
            history[-1] = _new_tuple(Step, (CHANCE, last.action, (*last.events, _GRAND_FINAL)))

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
        # ``attrgetter(*GoldPosition._fields)``, and it runs before most steps that are
        # not plain turns (``tests/games/gold/test_position.py`` checks it by name).
        return _new_tuple(GoldPosition, (
            self.phase, self.turn, self.offer, self.tableaux, self.piles, self.unseen,
            self.pile_count, self.to_reveal, self.deal_queue, self.grand_final,
            self.set_colour, self.box, self.discard))

    def _load(self, snapshot: GoldPosition) -> None:
        for name, value in zip(GoldPosition._fields, snapshot, strict=True):
            setattr(self, name, value)
        self._legal = None

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

    def _take_unseen(self, c: Card) -> None:
        unseen = self.unseen
        i = c.index
        if unseen[i] <= 0:
            raise AssertionError(f"no unseen {c} left")  # pragma: no cover
        changed = list(unseen)
        changed[i] -= 1
        self.unseen = tuple(changed)

    def _set_tableau(self, seat: int, cards: Cards) -> None:
        changed = [*self.tableaux]
        changed[seat] = cards
        self.tableaux = tuple(changed)


_INDEX = attrgetter("index")
_FROM_OFFER: tuple[FromOffer, ...] = tuple(FromOffer(i) for i in range(OFFER_SIZE))
"""The undo frame of a take or an exchange, per place in the offer of the card taken."""
_BONUS_SETTLED = BonusSettled()
_GRAND_FINAL = GrandFinalBegins()
_KINDS = len(ALL_CARDS)
_TAKE_STEPS: tuple[tuple[Step, ...], ...] = tuple(
    tuple(Step(seat, rules.TAKES[c.index], (CardTaken(seat, c),)) for c in ALL_CARDS)
    for seat in range(3)
)
"""The history step of a take, per seat and card."""
_EXCHANGE_STEPS: tuple[list[Step | None], ...] = tuple(
    [None] * (_KINDS * _KINDS) for _ in range(3)
)


def _exchange_step(seat: int, action: Exchange) -> Step:
    """The history step of an exchange: one object per seat and action."""
    give, take = action.give, action.take
    key = give.index * _KINDS + take.index
    row = _EXCHANGE_STEPS[seat]
    found = row[key]
    if found is None:
        listed = rules.EXCHANGES[give.index][take.index]  # the interned action
        found = row[key] = Step(seat, listed, (CardExchanged(seat, give, take, listed.option),))
    return found


# The events of sets, bonuses and refills, made once (as ``_event`` would, without the key).
_SET_COMPLETED: tuple[dict[str, Event], ...] = tuple(
    {colour: SetCompleted(seat, colour) for colour in COLOURS} for seat in range(3)
)
_NO_BONUS_AVAILABLE: tuple[Event, ...] = tuple(NoBonusAvailable(seat) for seat in range(3))
_BONUS_DECLINED: tuple[Event, ...] = tuple(BonusDeclined(seat) for seat in range(3))
_BONUS_TAKEN: tuple[tuple[tuple[Event, ...], ...], ...] = tuple(
    tuple(tuple(BonusTaken(seat, victim, c) for c in ALL_CARDS) for victim in range(3))
    for seat in range(3)
)
_SET_SCORED: tuple[dict[Cards, Event], ...] = ({}, {}, {})
"""The event of a set scored, per seat and cards (made the first time)."""
_OFFER_REFILLED: tuple[Event, ...] = tuple(OfferRefilled(n) for n in range(OFFER_SIZE + 1))


_REVEAL_STEPS: list[Step | None] = [None] * (_KINDS * (sum(full_deck().values()) + 1))
"""The chance step of each card revealed and draw pile left (made the first time)."""
_BITS: tuple[int, ...] = tuple(n.bit_length() for n in range(len(_REVEAL_STEPS) // _KINDS + 1))
"""``n.bit_length()`` for every size of the unseen cards."""
_SETUP_DECKS: dict[tuple[int, ...], tuple[int, ...]] = {}
"""The unseen cards in deck order after the starting donkeys, per count of each card."""


def _deck_order(unseen: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """The unseen cards in deck order: each card's index, as many times as it is unseen."""
    return tuple(chain.from_iterable(map(repeat, range(_KINDS), unseen)))


def _reveal_step(i: int, draw_pile: int) -> Step:
    """The chance step revealing card ``i`` and leaving ``draw_pile`` cards (one object each)."""
    key = draw_pile * _KINDS + i
    found = _REVEAL_STEPS[key]
    if found is None:
        found = _REVEAL_STEPS[key] = Step(
            CHANCE, REVEALS[i], (CardRevealed(ALL_CARDS[i], draw_pile),)
        )
    return found


_EVENTS: dict[tuple[Any, ...], Event] = {}


def _event(kind: type[Event], *args: Any) -> Event:
    """The one event object of ``kind`` with these fields (made the first time)."""
    key = (kind, *args)
    found = _EVENTS.get(key)
    if found is None:
        found = _EVENTS[key] = kind(*args)
    return found


def _without(cards: Cards, c: Card) -> Cards:
    """The cards less one copy of ``c``."""
    i = cards.index(c)
    return cards[:i] + cards[i + 1:]
