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
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from goldlab.core.state import CHANCE, TERMINAL, State
from goldlab.core.values import Action, ChanceOutcome, Event
from goldlab.games.gold import rules
from goldlab.games.gold.actions import DealDonkey, Exchange, NoBonus, Reveal, Steal, Take
from goldlab.games.gold.cards import ALL_CARDS, COLOURS, DONKEY, Card, card, card_of, full_deck
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
from goldlab.games.gold.rules import ACTION, BONUS, OVER
from goldlab.games.gold.scoring import colour_scoring, find_set, points

if TYPE_CHECKING:
    from goldlab.games.gold.game import GoldGame

OFFER_SIZE = 5
REMOVED_UNSEEN = 2


class GoldState(State["GoldGame"]):
    """A game of Gold! in progress."""

    def __init__(self, game: GoldGame, seed: int | None = None, mode: str = "play",
                 auto_chance: bool = True) -> None:
        super().__init__(game, seed, mode, auto_chance)
        n = game.players
        deck = full_deck()
        # Every zone is an immutable tuple: a step replaces what it changes, so the undo
        # snapshot (``_save``) only collects references and copies nothing.
        self.unseen: tuple[int, ...] = tuple(deck[c] for c in ALL_CARDS)
        self.offer: tuple[Card, ...] = ()
        self.tableaux: tuple[tuple[Card, ...], ...] = ((),) * n
        self.piles: tuple[tuple[Card, ...], ...] = ((),) * n
        self.box: tuple[Card, ...] = ()
        self.discard: tuple[Card, ...] = ()
        self.turn = game.options.start_player
        self.phase = ACTION
        self.set_colour: str | None = None
        self.grand_final = False
        self.to_reveal = 0
        self.pile_count = 0
        self.deal_queue: tuple[int, ...] = ()
        self.setup_events: list[Event] = []
        if n == 2:
            # "For the 2 player game, remove 1 donkey card in each colour … return them to the box"
            returned = tuple(card_of(c, DONKEY) for c in COLOURS)
            for c in returned:
                self._take_unseen(c)
            self.box = returned
            self.setup_events.append(DonkeysReturned(returned))
        fixed = game.options.donkey_colours()
        if fixed is None:
            self.deal_queue = tuple(range(n))
        else:
            for seat, colour in enumerate(fixed):
                donkey = card_of(colour, DONKEY)
                self._take_unseen(donkey)
                self._set_tableau(seat, (*self.tableaux[seat], donkey))
                self.setup_events.append(DonkeyDealt(seat, donkey))
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

    def _legal_actions(self) -> list[Action]:
        return rules.legal_actions(self)

    def _illegal_reason(self, action: Action) -> tuple[str, str]:
        return rules.illegal_reason(self, action)

    def chance_outcomes(self) -> list[tuple[ChanceOutcome, Fraction]]:
        """Starting donkeys: uniform over colours not dealt; reveals: by unseen counts."""
        if self.deal_queue:
            seat = self.deal_queue[0]
            taken = {c.colour for t in self.tableaux for c in t}
            free = [c for c in COLOURS if c not in taken]
            p = Fraction(1, len(free))
            return [(DealDonkey(card_of(c, DONKEY), seat), p) for c in free]
        if self.to_reveal:
            total = sum(self.unseen)
            return [
                (Reveal(c), Fraction(n, total))
                for c, n in zip(ALL_CARDS, self.unseen, strict=True)
                if n
            ]
        return []

    def _sample_chance(self, rng: random.Random) -> ChanceOutcome:
        if self.deal_queue:
            return super()._sample_chance(rng)
        pick = rng.randrange(sum(self.unseen))
        for index, n in enumerate(self.unseen):
            pick -= n
            if pick < 0:
                return Reveal(ALL_CARDS[index])
        raise AssertionError("unseen cards miscounted")  # pragma: no cover

    def _do(self, action: Action) -> list[Event]:
        seat = self.turn
        events: list[Event] = []
        if isinstance(action, Take):
            offer = self.offer
            i = offer.index(action.card)
            self.offer = offer[:i] + offer[i + 1:]
            self._set_tableau(seat, _sorted((*self.tableaux[seat], action.card)))
            events.append(CardTaken(seat, action.card))
            self._after_action(events)
        elif isinstance(action, Exchange):
            offer = self.offer
            i = offer.index(action.take)
            self.offer = (*offer[:i], action.give, *offer[i + 1:])
            mine = _without(self.tableaux[seat], action.give)
            self._set_tableau(seat, _sorted((*mine, action.take)))
            events.append(CardExchanged(seat, action.give, action.take, action.option))
            self._after_action(events)
        elif isinstance(action, Steal):
            self._set_tableau(action.victim, _without(self.tableaux[action.victim], action.card))
            self._set_tableau(seat, _sorted((*self.tableaux[seat], action.card)))
            events.append(BonusTaken(seat, action.victim, action.card))
            self._score_set(events)
        elif isinstance(action, NoBonus):
            events.append(BonusDeclined(seat))
            self._score_set(events)
        elif isinstance(action, Reveal):
            self._take_unseen(action.card)
            self.offer = (*self.offer, action.card)
            self.pile_count -= 1
            self.to_reveal -= 1
            events.append(CardRevealed(action.card, self.pile_count))
            if not self.to_reveal and not self.pile_count:
                self.grand_final = True
                events.append(GrandFinalBegins())
        elif isinstance(action, DealDonkey):
            self.deal_queue = self.deal_queue[1:]
            self._take_unseen(action.card)
            self._set_tableau(action.seat, (*self.tableaux[action.seat], action.card))
            events.append(DonkeyDealt(action.seat, action.card))
            if not self.deal_queue:
                self._shuffle_and_offer(events)
        else:  # pragma: no cover - legality was checked
            raise AssertionError(action)
        return events

    def scores(self) -> tuple[int, ...]:
        """Points in each scoring pile."""
        return tuple(points(p) for p in self.piles)

    def _tiebreak(self, seat: int) -> tuple[int, ...]:
        # "In the case of a tie, the winner is the tied player with the most cards in his
        # scoring pile."
        return (len(self.piles[seat]),)

    def observation(self, player: int) -> GoldView:
        """What ``player`` sees: everything public, own scoring pile, opponents' pile sizes."""
        if not 0 <= player < self.players:
            raise ValueError(f"no seat {player} in a {self.players}-player game")
        return GoldView.of(self, player)

    def omniscient(self) -> GoldView:
        """Everything, including every scoring pile and the unseen cards."""
        return GoldView.of(self, None)

    def resample_hidden(self, player: int, rng: random.Random) -> GoldState:
        """Redeal opponents' face-down scoring piles and the unseen cards, keeping sizes."""
        other = self.clone()
        assert isinstance(other, GoldState)
        if self.phase == OVER:
            return other
        pool = [c for c, n in zip(ALL_CARDS, self.unseen, strict=True) for _ in range(n)]
        hidden_seats = [s for s in range(self.players) if s != player]
        for s in hidden_seats:
            pool.extend(self.piles[s])
        rng.shuffle(pool)
        piles = list(self.piles)
        for s in hidden_seats:
            size = len(piles[s])
            piles[s] = tuple(pool[:size])
            del pool[:size]
        other.piles = tuple(piles)
        unseen = [0] * len(ALL_CARDS)
        for c in pool:
            unseen[c.index] += 1
        other.unseen = tuple(unseen)
        other._legal = None
        return other

    # ------------------------------------------------------------ snapshots
    def _save(self) -> Any:
        return (
            self.phase,
            self.turn,
            self.offer,
            self.tableaux,
            self.piles,
            self.unseen,
            self.pile_count,
            self.to_reveal,
            self.deal_queue,
            self.grand_final,
            self.set_colour,
            self.box,
            self.discard,
        )

    def _load(self, snapshot: Any) -> None:
        (
            self.phase,
            self.turn,
            self.offer,
            self.tableaux,
            self.piles,
            self.unseen,
            self.pile_count,
            self.to_reveal,
            self.deal_queue,
            self.grand_final,
            self.set_colour,
            self.box,
            self.discard,
        ) = snapshot
        self._legal = None

    def _snapshot_to_json(self, snapshot: Any) -> Any:
        (phase, turn, offer, tableaux, piles, unseen, pile_count, to_reveal, deal_queue,
         grand_final, set_colour, box, discard) = snapshot

        def names(cs: tuple[Card, ...]) -> list[str]:
            return [str(c) for c in cs]

        return {
            "phase": phase,
            "turn": turn,
            "offer": names(offer),
            "tableaux": [names(t) for t in tableaux],
            "scoring_piles": [names(p) for p in piles],
            "unseen": {str(c): n for c, n in zip(ALL_CARDS, unseen, strict=True) if n},
            "draw_pile": pile_count,
            "to_reveal": to_reveal,
            "deal_queue": list(deal_queue),
            "grand_final": grand_final,
            "set_colour": set_colour,
            "box": names(box),
            "discard": names(discard),
        }

    def _snapshot_from_json(self, data: Any) -> Any:
        def cs(items: list[str]) -> tuple[Card, ...]:
            return tuple(card(x) for x in items)

        unseen = [0] * len(ALL_CARDS)
        for name, n in data["unseen"].items():
            unseen[card(name).index] = int(n)
        return (
            str(data["phase"]),
            int(data["turn"]),
            cs(data["offer"]),
            tuple(cs(t) for t in data["tableaux"]),
            tuple(cs(p) for p in data["scoring_piles"]),
            tuple(unseen),
            int(data["draw_pile"]),
            int(data["to_reveal"]),
            tuple(int(s) for s in data["deal_queue"]),
            bool(data["grand_final"]),
            data["set_colour"],
            cs(data["box"]),
            cs(data["discard"]),
        )

    # ------------------------------------------------------------ internals
    def _take_unseen(self, c: Card) -> None:
        unseen = list(self.unseen)
        if unseen[c.index] <= 0:
            raise AssertionError(f"no unseen {c} left")  # pragma: no cover
        unseen[c.index] -= 1
        self.unseen = tuple(unseen)

    def _set_tableau(self, seat: int, cards: tuple[Card, ...]) -> None:
        tableaux = list(self.tableaux)
        tableaux[seat] = cards
        self.tableaux = tuple(tableaux)

    def _shuffle_and_offer(self, events: list[Event]) -> None:
        # "Shuffle the remaining cards … draw the top 2 cards … remove them from the game
        # without looking at them.  Finally, reveal the top 5 cards."
        self.pile_count = sum(self.unseen) - REMOVED_UNSEEN
        events.append(CardsRemovedUnseen(REMOVED_UNSEEN))
        self.to_reveal = min(OFFER_SIZE, self.pile_count)

    def _after_action(self, events: list[Event]) -> None:
        seat = self.turn
        colour = find_set(self.tableaux[seat])
        if colour is None:
            self._end_turn(events)
            return
        # "If, after carrying out his action, a player has a set in his tableau, then he
        # must score it.  As a bonus, he may first take a card from an opponent's tableau."
        events.append(SetCompleted(seat, colour))
        self.set_colour = colour
        if rules.bonus_targets(self, seat):
            self.phase = BONUS
        else:
            events.append(NoBonusAvailable(seat))
            self._score_set(events)

    def _score_set(self, events: list[Event]) -> None:
        seat = self.turn
        colour = self.set_colour
        tableau = self.tableaux[seat]
        scored = tuple(c for c in tableau if c.colour == colour)
        self._set_tableau(seat, tuple(c for c in tableau if c.colour != colour))
        piles = list(self.piles)
        piles[seat] = piles[seat] + scored
        self.piles = tuple(piles)
        events.append(SetScored(seat, scored))
        self.set_colour = None
        self.phase = ACTION
        self._end_turn(events)

    def _end_turn(self, events: list[Event]) -> None:
        if not self.offer:
            if self.pile_count:
                # "Afterwards, 5 new cards are revealed from the draw pile."
                self.to_reveal = min(OFFER_SIZE, self.pile_count)
                events.append(OfferRefilled(self.to_reveal))
            else:
                self._finish(events)
                return
        self.turn = (self.turn + 1) % self.players

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


def _index(c: Card) -> int:
    return c.index


def _sorted(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """A tableau in display order (colour, then value)."""
    return tuple(sorted(cards, key=_index))


def _without(cards: tuple[Card, ...], c: Card) -> tuple[Card, ...]:
    """The cards less one copy of ``c``."""
    i = cards.index(c)
    return cards[:i] + cards[i + 1:]
