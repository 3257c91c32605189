"""The position of a game of Gold! and how actions change it.

Zones: the unseen cards (draw pile plus the 2 removed face down, as one
multiset: every reveal is a uniform draw from it, which is the same as drawing
from a shuffled pile), the offer, each tableau, each face-down scoring pile,
the box (2-player donkeys) and the discard (colour scoring).  Turn order after
an action: set check, optional bonus, scoring pile, refill, Grand Final check,
colour scoring (``docs/rulings.md#gold-turn-order``).
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from itertools import accumulate, chain, repeat
from operator import attrgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from goldlab.core.options import check_seat
from goldlab.core.state import CHANCE, TERMINAL, Frame, State, Step
from goldlab.core.values import Action, ChanceOutcome, Event
from goldlab.games.gold import rules
from goldlab.games.gold.actions import DealDonkey, Exchange, NoBonus, Reveal, Steal, Take
from goldlab.games.gold.cards import (
    ALL_CARDS,
    COLOURS,
    DONKEY,
    Card,
    card_of,
    full_deck,
)
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
from goldlab.games.gold.rules import ACTION, BONUS, OFFER_SIZE, OVER, REMOVED_UNSEEN, offer_choices
from goldlab.games.gold.scoring import colour_scoring, points

if TYPE_CHECKING:
    from goldlab.games.gold.game import GoldGame

_new_tuple = tuple.__new__
_INDEX = attrgetter("index")
_POSITION_OF = attrgetter(*GoldPosition._fields)
"""The state's position as a plain tuple, in the order of :class:`GoldPosition`."""

# Interned chance outcomes: a reveal or a starting donkey is one object per card (and seat).
REVEALS: tuple[Reveal, ...] = tuple(Reveal(c) for c in ALL_CARDS)
DEALS: dict[tuple[str, int], DealDonkey] = {
    (colour, seat): DealDonkey(card_of(colour, DONKEY), seat)
    for colour in COLOURS
    for seat in range(3)
}


class PlainTurn(NamedTuple):
    """The undo frame of a plain turn: a take or an exchange that made no set and left
    cards on offer (most turns of a game).

    Such a turn changes only the seat to move, the offer and the tableaux and adds one
    step to the history, so its frame holds just those and the listing; every other
    step pushes the core's full :class:`~goldlab.core.state.Frame`.
    """

    seat: int
    offer: tuple[Card, ...]
    tableaux: tuple[tuple[Card, ...], ...]
    legal: list[Action]

    @property
    def revealed(self) -> bool:
        """A plain turn turns up no card."""
        return False

    def restore(self, state: GoldState) -> Action:
        """Put the seat, offer, tableaux and listing back; drop the turn's step."""
        state.turn, state.offer, state.tableaux, state._legal = self
        return state._history.pop().action


class GoldState(State["GoldGame"]):
    """A game of Gold! in progress.

    Every zone is an immutable tuple: a step replaces what it changes, so the
    undo snapshot (``_save``) only collects references.  Cards, actions and
    most events are interned (one object per distinct value), so listing the
    legal actions and checking a chosen one build almost nothing.
    """

    # The position: the fields of :class:`GoldPosition`, one attribute each.
    phase: str
    turn: int
    offer: tuple[Card, ...]
    tableaux: tuple[tuple[Card, ...], ...]
    piles: tuple[tuple[Card, ...], ...]
    unseen: tuple[int, ...]
    pile_count: int
    to_reveal: int
    deal_queue: tuple[int, ...]
    grand_final: bool
    set_colour: str | None
    box: tuple[Card, ...]
    discard: tuple[Card, ...]

    def __init__(self, game: GoldGame, seed: int | None = None, mode: str = "play",
                 auto_chance: bool = True) -> None:
        super().__init__(game, seed, mode, auto_chance)
        n = self._seats = game.players
        # Chance draws are counted in 32-bit words of the generator, so undo can rewind it
        # without saving its 625-word state on every reveal (see ``_rng_rewind``).
        self._rng_origin: Any = None
        self._rng_words = 0
        self._laid_out: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
        self._load(before_the_deal(n, game.options.start_player))
        self.setup_events: list[Event] = []
        self._declinable = game.options.bonus_may_be_declined
        if self.box:
            self.setup_events.append(_event(DonkeysReturned, self.box))
        fixed = game.options.donkey_colours()
        if fixed is None:
            self.deal_queue = tuple(range(n))
        else:
            for seat, colour in enumerate(fixed):
                donkey = card_of(colour, DONKEY)
                self._take_unseen(donkey)
                self._set_tableau(seat, (*self.tableaux[seat], donkey))
                self.setup_events.append(_event(DonkeyDealt, seat, donkey))
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
            if self.to_reveal or self.deal_queue or self.phase != ACTION:
                legal = self._list_legal()
            else:  # a player's action, most decisions: listed here without another call
                legal = self._legal = offer_choices(self.offer, self.tableaux[self.turn])
        return legal.copy()

    def _list_legal(self) -> list[Action]:
        legal: list[Action]
        if self.phase == ACTION and not self.to_reveal and not self.deal_queue:
            legal = offer_choices(self.offer, self.tableaux[self.turn])
        elif self.phase == OVER:
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

        The same contract as :meth:`State.apply`.  A player's action is carried
        out here when it is one of the listed objects (which is what a bot or a
        view sends); anything else is first checked and turned into the listed
        object (or refused with the rule), and chance outcomes applied by hand
        take the general path.
        """
        legal = self._legal
        if legal is None:
            legal = self._list_legal()
        for known in legal:
            if known is action:
                break
        else:  # text, or an equal action made by hand
            return self.apply(legal[legal.index(self._check(action, legal))])
        seat = self.turn
        # Takes and exchanges are worked out on locals first, so nothing changes
        # until it is known what kind of turn it is.
        if type(action) is Take:
            c = action.card
            offer = self.offer
            new_offer = [*offer]  # (``[*x]`` is a little quicker than ``list(x)`` here)
            new_offer.remove(c)  # cards compare by identity: the first copy goes
            tableaux = self.tableaux
            held = [*tableaux[seat]]
            step = _TAKE_STEPS[seat][c.index]
        elif type(action) is Exchange:
            give = action.give
            c = action.take
            offer = self.offer
            new_offer = [*offer]
            new_offer[new_offer.index(c)] = give
            tableaux = self.tableaux
            held = [*tableaux[seat]]
            held.remove(give)
            step = _EXCHANGE_STEPS[seat][give.index * _KINDS + c.index] or _exchange_step(
                seat, action)
        elif type(action) is Steal:
            return self._apply_general(legal, GoldState._steal, seat, action)
        elif type(action) is NoBonus:
            return self._apply_general(legal, GoldState._no_bonus, seat, action)
        else:  # a chance outcome applied by hand
            return super().apply(action)
        # The card goes to its place in the tableau (display order: colour, then
        # value), so a colour's cards sit together and looking beside it tells
        # whether it is the third of its colour.  Only the colour of the card just
        # placed can make a set: no tableau holds one outside the bonus.
        j = bisect_right(held, c.index, key=_INDEX)
        held.insert(j, c)
        colour = c.colour
        last = len(held) - 1
        if j and held[j - 1].colour is colour:
            made = (j > 1 and held[j - 2].colour is colour) or (
                j < last and held[j + 1].colour is colour)
        else:
            made = j + 1 < last and held[j + 1].colour is colour is held[j + 2].colour
        if not made and new_offer:
            # The plain turn, most turns of a game: no set, cards left on offer.
            self._frames.append(_new_tuple(PlainTurn, (seat, offer, tableaux, legal)))
            self._history.append(step)
            self.offer = tuple(new_offer)
            changed = [*tableaux]
            changed[seat] = tuple(held)
            self.tableaux = tuple(changed)
            self.turn = (seat + 1) % self._seats
            self._legal = None
            return [step[2][0]]  # step.events[0]
        # A set to score, or the offer emptied: the rest of the turn order follows,
        # from the position already worked out.
        return self._apply_general(legal, GoldState._placed, seat, action,
                                   (tuple(new_offer), tuple(held), step, colour if made else None))

    def _apply_general(self, legal: list[Action], play: Callable[..., list[Event]],
                       seat: int, action: Action, detail: Any = None) -> list[Event]:
        """``apply`` of a listed action by ``play(self, seat, action, detail)``: undo and chance."""
        snapshot = self._save()
        history = self._history
        history_len = len(history)
        mark = None
        try:
            self._legal = None
            events = play(self, seat, action, detail)
            history.append(_new_tuple(Step, (seat, action, tuple(events))))
            if self.to_reveal and self.auto_chance:
                mark = self._rng_words
                self._reveal(events)
        except BaseException:
            self._rollback(snapshot, history_len, mark)
            raise
        self._frames.append(
            _new_tuple(Frame, (snapshot, history_len, legal, mark, mark is not None)))
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

    def _do(self, action: Action) -> list[Event]:
        # Only chance outcomes applied by hand come here: ``apply`` carries out
        # players' actions itself.
        if isinstance(action, Reveal):
            events: list[Event] = []
            self._reveal_card(action.card, events)
            return events
        if isinstance(action, DealDonkey):
            return self._deal(action)
        raise AssertionError(action)  # pragma: no cover - legality was checked

    def _resolve_chance(self) -> list[Event]:
        events: list[Event] = []
        history = self._history
        while self.deal_queue:
            # ``self._step(self._sample_chance(self._rng), CHANCE)``, without the dispatch.
            action = self._sample_chance(self._rng)
            assert isinstance(action, DealDonkey)
            self._legal = None
            dealt = self._deal(action)
            history.append(_new_tuple(Step, (CHANCE, action, tuple(dealt))))
            events.extend(dealt)
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

    def _redeal_hidden(self, player: int, rng: random.Random) -> None:
        """Redeal what ``player`` cannot know, keeping sizes and what was seen in public.

        The unseen cards (draw pile and the 2 removed face down) are redealt, and so are
        opponents' scoring-pile cards nobody saw scored (only a hand-built start has any);
        every card the record shows being scored stays on its pile.  The cards redealt
        are pooled in card order first, so the deal depends only on which cards they are.
        """
        from goldlab.games.gold.knowledge import scored_in_public

        if self.phase == OVER:
            return
        pool = [c for c, n in zip(ALL_CARDS, self.unseen, strict=True) for _ in range(n)]
        public = scored_in_public(self)
        kept: dict[int, list[Card]] = {}
        for s in range(self.players):
            if s == player:
                continue
            known = Counter(public[s])
            kept[s] = []
            for c in self.piles[s]:
                if known[c]:
                    known[c] -= 1
                    kept[s].append(c)
                else:
                    pool.append(c)
        pool.sort(key=_INDEX)
        rng.shuffle(pool)
        piles = list(self.piles)
        for s, cards in kept.items():
            fresh = len(piles[s]) - len(cards)
            piles[s] = (*cards, *pool[:fresh])
            del pool[:fresh]
        self.piles = tuple(piles)
        unseen = [0] * len(ALL_CARDS)
        for c in pool:
            unseen[c.index] += 1
        self.unseen = tuple(unseen)

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
        return _new_tuple(GoldPosition, _POSITION_OF(self))

    def _load(self, snapshot: GoldPosition) -> None:
        self.__dict__.update(zip(GoldPosition._fields, snapshot, strict=True))
        self._legal = None

    def _snapshot_to_json(self, snapshot: GoldPosition) -> Any:
        return snapshot.to_json()

    def _snapshot_from_json(self, data: Any) -> GoldPosition:
        return GoldPosition.from_json(data, self.players)

    def _position_problem(self) -> str | None:
        return position_problem(self._save(), self.players)

    # ------------------------------------------------------------ the actions
    def _placed(self, seat: int, action: Action,
                detail: tuple[tuple[Card, ...], tuple[Card, ...], Step, str | None]) -> list[Event]:
        """A take or exchange that ``apply`` has worked out: commit the offer, the tableau
        and the step it leads to, then the turn order (``colour``: the set it made, if any)."""
        offer, tableau, step, colour = detail
        self.offer = offer
        self._set_tableau(seat, tableau)
        events: list[Event] = [step[2][0]]  # step.events[0]
        if colour is None:
            self._end_turn(events)
            return events
        # "If, after carrying out his action, a player has a set in his tableau, then he
        # must score it.  As a bonus, he may first take a card from an opponent's tableau."
        events.append(_SET_COMPLETED[seat][colour])
        self.set_colour = colour
        targets = rules.bonus_targets(self, seat)
        if targets:
            self.phase = BONUS
            # The bonus choices are listed now (as rules.legal_actions lists them).
            if self._declinable:
                targets.append(rules.NO_BONUS)
            self._legal = targets
        else:
            events.append(_NO_BONUS_AVAILABLE[seat])
            self._score_set(events, seat)
        return events

    def _steal(self, seat: int, action: Steal, detail: None = None) -> list[Event]:
        c, victim = action.card, action.victim
        tableaux = [*self.tableaux]
        tableaux[victim] = _without(tableaux[victim], c)
        # It joins the tableau in display order; it cannot make a set (its colour
        # is not in the tableau: "He may not take a card in a colour already present").
        held = [*tableaux[seat]]
        held.insert(bisect_right(held, c.index, key=_INDEX), c)
        tableaux[seat] = tuple(held)
        self.tableaux = tuple(tableaux)
        events: list[Event] = [_BONUS_TAKEN[seat][victim][c.index]]
        self._score_set(events, seat)
        return events

    def _no_bonus(self, seat: int, action: NoBonus, detail: None = None) -> list[Event]:
        events: list[Event] = [_BONUS_DECLINED[seat]]
        self._score_set(events, seat)
        return events

    # ------------------------------------------------------------ chance
    def _deal(self, action: DealDonkey) -> list[Event]:
        self.deal_queue = self.deal_queue[1:]
        self._take_unseen(action.card)
        self._set_tableau(action.seat, (*self.tableaux[action.seat], action.card))
        events: list[Event] = [_event(DonkeyDealt, action.seat, action.card)]
        if not self.deal_queue:
            self._shuffle_and_offer(events)
        return events

    def _reveal_card(self, c: Card, events: list[Event]) -> None:
        self._take_unseen(c)
        self.offer = (*self.offer, c)
        self.pile_count -= 1
        self.to_reveal -= 1
        events.append(_reveal_step(c.index, self.pile_count).events[0])
        if not self.to_reveal and not self.pile_count:
            self.grand_final = True
            events.append(_GRAND_FINAL)

    def _reveal(self, events: list[Event]) -> None:
        """Turn up ``to_reveal`` cards with the state's generator, each a chance step.

        The quick form of ``_step(_sample_chance(rng))`` repeated: same draws,
        same history, same events.  The n-th card of the unseen cards laid out in
        deck order is the same card ``_sample_chance`` finds by counting.
        """
        history = self._history
        getrandbits = self._rng.getrandbits
        count = self.to_reveal
        words = count  # one 32-bit word a draw, and one more for each draw thrown back
        unseen = [*self.unseen]
        laid_out = self._laid_out  # the unseen cards in deck order, kept from the last refill
        deck = [*(laid_out[1] if laid_out[0] is self.unseen else _deck_order(unseen))]
        offer = [*self.offer]
        pile = self.pile_count
        reveal_steps = _REVEAL_STEPS
        n = len(deck)
        for _ in range(count):
            # ``self._below(n)`` written out: CPython's ``randrange`` algorithm.
            k = _BITS[n]
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
                words += 1
            i = deck.pop(r)
            n -= 1
            unseen[i] -= 1
            pile -= 1
            offer.append(ALL_CARDS[i])
            step = reveal_steps[pile * _KINDS + i]
            if step is None:
                step = _reveal_step(i, pile)
            events.append(step[2][0])  # step.events[0]
            history.append(step)
        self._rng_words += words
        self.unseen = tuple(unseen)
        self._laid_out = (self.unseen, tuple(deck))
        self.offer = tuple(offer)
        self.pile_count = pile
        self.to_reveal = 0
        if not pile:
            self.grand_final = True
            events.append(_GRAND_FINAL)
            last = history[-1]
            history[-1] = _new_tuple(Step, (CHANCE, last.action, (*last.events, _GRAND_FINAL)))

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

    def _set_tableau(self, seat: int, cards: tuple[Card, ...]) -> None:
        tableaux = self.tableaux
        changed = [*tableaux]
        changed[seat] = cards
        self.tableaux = tuple(changed)

    def _shuffle_and_offer(self, events: list[Event]) -> None:
        # "Shuffle the remaining cards … draw the top 2 cards … remove them from the game
        # without looking at them.  Finally, reveal the top 5 cards."
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

    def _score_set(self, events: list[Event], seat: int) -> None:
        tableau = self.tableaux[seat]
        colour = self.set_colour
        # A colour's cards sit together in a sorted tableau.
        lo = 0
        while tableau[lo].colour != colour:
            lo += 1
        hi = lo + 1
        end = len(tableau)
        while hi < end and tableau[hi].colour == colour:
            hi += 1
        scored = tableau[lo:hi]
        self._set_tableau(seat, tableau[:lo] + tableau[hi:])
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

    def _end_turn(self, events: list[Event]) -> None:
        if not self.offer:
            pile = self.pile_count
            if pile:
                # "Afterwards, 5 new cards are revealed from the draw pile."
                self.to_reveal = min(OFFER_SIZE, pile)
                events.append(_OFFER_REFILLED[self.to_reveal])
            else:
                self._finish(events)
                return
        self.turn = (self.turn + 1) % self._seats

    def _finish(self, events: list[Event]) -> None:
        piles = list(self.piles)
        discard = list(self.discard)
        for result in colour_scoring(self.tableaux):
            events.append(result)
            for seat, c in result.banked:
                piles[seat] = (*piles[seat], c)
            discard.extend(result.discarded)
        self.piles = tuple(piles)
        self.discard = tuple(discard)
        self.tableaux = ((),) * self.players
        self.phase = OVER
        outcome = self.outcome()
        assert outcome is not None
        events.append(GameOver(outcome.scores, outcome.winners))


_GRAND_FINAL = GrandFinalBegins()
_KINDS = len(ALL_CARDS)
_TAKE_STEPS: tuple[tuple[Step, ...], ...] = tuple(
    tuple(Step(seat, rules.TAKES[c.index], (CardTaken(seat, c),)) for c in ALL_CARDS)
    for seat in range(3)
)
"""The history step of a plain take (no set, cards left on offer), per seat and card."""
_EXCHANGE_STEPS: tuple[list[Step | None], ...] = tuple(
    [None] * (_KINDS * _KINDS) for _ in range(3)
)


def _exchange_step(seat: int, action: Exchange) -> Step:
    """The history step of a plain exchange (no set): one object per seat and action."""
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
_SET_SCORED: tuple[dict[tuple[Card, ...], Event], ...] = ({}, {}, {})
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



def _without(cards: tuple[Card, ...], c: Card) -> tuple[Card, ...]:
    """The cards less one copy of ``c``."""
    i = cards.index(c)
    return cards[:i] + cards[i + 1:]
