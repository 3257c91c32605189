"""How Gold! shows itself in a view: click a card on offer to take it; click a card of
your tableau, then a card on offer, to exchange; after a set, click an opponent's card
for the bonus (or the "No bonus" button).

Target ids are those of :mod:`goldlab.games.gold.clicks`.  A click always means the
action a player would mean, legal or not, so an illegal one is refused by the state
with its rule ("A) Take a card", "B) Exchange a card", "Scoring a set"); a click is
refused here only when no action of Gold! fits it (not your turn, the game is over).
The only selection is the tableau card picked for an exchange: its target id.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING, Any

from goldlab.core.presentation import (
    Breakdown,
    Click,
    Expectation,
    Odds,
    Page,
    Play,
    Presenter,
    Quote,
    Refuse,
    SaidCache,
    Select,
    Told,
    Viewer,
)
from goldlab.core.state import CHANCE, TERMINAL, State, Step
from goldlab.core.values import Action, Event
from goldlab.games.gold.actions import DealDonkey, Exchange, Reveal, Steal, Take
from goldlab.games.gold.cards import Card
from goldlab.games.gold.clicks import (
    NO_BONUS as NO_BONUS_TARGET,
)
from goldlab.games.gold.clicks import (
    OFFER,
    TABLEAU,
    card_ids,
    is_on,
    offer_id,
    offer_prefix,
    read_target,
    selected_card,
    tableau_id,
    tableau_prefix,
)
from goldlab.games.gold.events import FINAL, REFILL, SetCompleted
from goldlab.games.gold.inspector import breakdown, pages, scoring_parts, set_scored_page
from goldlab.games.gold.observation import face_down_now, told_without
from goldlab.games.gold.odds import refill_method, refill_odds
from goldlab.games.gold.picture import card_name, seat_names, table_html
from goldlab.games.gold.rulebook import GAMEPLAY, QUOTES
from goldlab.games.gold.rules import BONUS, EXCHANGES, NO_BONUS, STEALS, TAKES
from goldlab.games.gold.state import GoldState
from goldlab.games.gold.words import refusal, said, said_events

if TYPE_CHECKING:
    from collections.abc import Mapping

_SAID = SaidCache()
"""The words of steps already said (by the cards hidden when said)."""


def _gold(state: State[Any]) -> GoldState:
    if not isinstance(state, GoldState):
        raise TypeError(f"the Gold! presenter shows Gold! states, not {type(state).__name__}")
    return state


def _acting(state: GoldState, seat: int | None) -> int | None:
    """The seat whose clicks play now: the player to move, if ``seat`` is that player
    (or None, the teacher's seat that acts for whoever is to move)."""
    mover = state.current_player
    if mover < 0 or (seat is not None and seat != mover):
        return None
    return mover


@dataclass(frozen=True)
class GoldPresenter(Presenter):
    """Gold! on the table: cards as click targets, the rulebook's sentences, refill odds,
    colour scoring colour by colour, and the final scoring with its tie rule."""

    quotes: Mapping[str, Quote] = field(default_factory=lambda: QUOTES)

    # ---------------------------------------------------------------- the table
    def board_html(self, state: State[Any], seat: int | None, *, selection: str = "",
                   legal: frozenset[str] = frozenset(), memory: bool = False,
                   names: Sequence[str] = (), now: State[Any] | None = None,
                   keep_last_turn: bool = False) -> str:
        """The table as ``seat`` sees it, every card on offer and in a tableau a target.

        An earlier position in memory mode (``now`` given) draws face down, wherever they
        lay then, the cards of which a copy lies in a scoring pile now.  ``keep_last_turn``
        has no effect: no turn of Gold! turns a card up and then face down again."""
        hidden = face_down_now(_gold(now)) if memory and now is not None and not (
            now.is_terminal()) else frozenset()
        return table_html(_gold(state), seat, selection=selection, legal=legal, memory=memory,
                          names=names, masked=hidden)

    def targets(self, state: State[Any], seat: int | None,
                selection: str = "") -> dict[str, Action | None]:
        """The cards ``seat`` may click now: id -> the legal action (None: it selects)."""
        gold = _gold(state)
        acting = _acting(gold, seat)
        if acting is None:
            return {}
        legal = gold.legal_actions()
        out: dict[str, Action | None] = {}
        tableaux = gold.tableaux
        if gold.phase == BONUS:
            for victim, tableau in enumerate(tableaux):
                if victim == acting:
                    continue
                for c, target in zip(tableau, card_ids(tableau_prefix(victim), tableau),
                                     strict=True):
                    steal = STEALS[victim][c.index]
                    if steal in legal:
                        out[target] = steal
            if NO_BONUS in legal:
                out[NO_BONUS_TARGET] = NO_BONUS
            return out
        offer = gold.offer
        own = tableaux[acting]
        give = selected_card(gold, acting, selection)
        exchanges = [a for a in legal if type(a) is Exchange]
        givers = {a.give for a in exchanges}
        if give is None:
            takes = {a.card for a in legal if type(a) is Take}
            for c, target in zip(offer, card_ids(offer_prefix(), offer), strict=True):
                if c in takes:
                    out[target] = TAKES[c.index]
        else:
            wanted = {a.take for a in exchanges if a.give is give}
            for c, target in zip(offer, card_ids(offer_prefix(), offer), strict=True):
                if c in wanted:
                    out[target] = EXCHANGES[give.index][c.index]
        for c, target in zip(own, card_ids(tableau_prefix(acting), own), strict=True):
            if c in givers or target == selection:
                out[target] = None
        return out

    def click(self, state: State[Any], seat: int | None, target: str,
              selection: str = "") -> Click:
        """The action a click means (legal or not), the exchange's first pick, or why not."""
        gold = _gold(state)
        where = read_target(target)
        if where is None:
            return Refuse(GAMEPLAY, f"{target!r} is not a place on the Gold! table")
        mover = gold.current_player
        if mover == TERMINAL:
            return Refuse(FINAL, "the game is over")
        if mover == CHANCE:
            return Refuse(REFILL, "cards are being revealed from the draw pile")
        label = seat_names(gold.players)
        if seat is not None and seat != mover:
            return Refuse(GAMEPLAY, f"it is {label[mover]}'s turn, not {label[seat]}'s")
        if where.place == NO_BONUS_TARGET:
            return Play(NO_BONUS)
        c = where.card
        assert c is not None
        if where.place == OFFER:
            give = selected_card(gold, mover, selection)
            if give is not None:
                return Play(EXCHANGES[give.index][c.index])
            return Play(TAKES[c.index])
        assert where.place == TABLEAU and where.seat is not None
        owner = where.seat
        if not 0 <= owner < gold.players:
            return Refuse(GAMEPLAY, f"there is no seat {owner} at this table")
        if not is_on(where, gold.tableaux[owner]):
            return Refuse(GAMEPLAY, f"{label[owner]}'s tableau holds no {card_name(c)}")
        if gold.phase == BONUS or owner != mover:
            return Play(STEALS[owner][c.index])
        if target == selection:
            return Select("", "Exchange cancelled.")
        choices = [a.take for a in gold.legal_actions()
                   if type(a) is Exchange and a.give is c]
        if not choices:
            hint = (f"No exchange is possible with the {card_name(c)} now; click a card on "
                    "offer to see why.")
        else:
            listed = ", ".join(card_name(t) for t in choices)
            hint = f"Click a card on offer to take for the {card_name(c)}: {listed}."
        return Select(target, hint)

    def target_of(self, action: Action) -> str | None:
        """Where a replayed action shows on the table after it: the card given to the offer
        in an exchange, a card revealed, a starting donkey.

        None for a take, a steal and "no bonus": the card moved to a tableau whose seat
        the action does not name (and an equal card left behind must not light up)."""
        if isinstance(action, Exchange):
            return offer_id(action.give)
        if isinstance(action, Reveal):
            return offer_id(action.card)
        if isinstance(action, DealDonkey):
            return tableau_id(action.seat, action.card)
        return None

    def part_board(self, before: State[Any], step: Step, after: State[Any], part: int,
                   seat: int | None, *, memory: bool = False, names: Sequence[str] = (),
                   now: State[Any] | None = None,
                   keep_last_turn: bool = False) -> tuple[str, str] | None:
        """The end of the game scored on the table (:mod:`goldlab.games.gold.inspector`): the set
        that step completed, colour scoring colour by colour, then (None) final points.

        Scored after the game, everything may be shown: the piles lie face up."""
        gold_after = _gold(after)
        parts = scoring_parts(_gold(before), step, gold_after, names)
        if not 0 <= part < len(parts):
            return None
        shown = parts[part]
        forgets = memory and now is not None and not now.is_terminal()
        hidden = face_down_now(_gold(now)) if forgets and now is not None else frozenset()
        html = table_html(shown.position(gold_after), seat, names=names, lit=shown.lit,
                          memory=forgets, masked=hidden)
        return html, shown.status

    # ---------------------------------------------------------------- rules and odds
    def odds(self, state: State[Any], seat: int, *,
             memory: bool = False) -> list[Odds | Expectation]:
        """The next card revealed and the next refill, from what ``seat`` has seen.

        The same in memory mode: no chance here names a card seen earlier; they count
        what a player with a good memory has seen (sets scored in public included)."""
        return refill_odds(_gold(state), seat)

    # ---------------------------------------------------------------- what a viewer may know
    def told(self, now: State[Any], step: Step, viewer: Viewer,
             names: Sequence[str] = ()) -> Told:
        """A step as ``viewer`` may know it now.  In memory mode (and on the open table) the
        scoring piles lie face down, so a card of which a copy lies in one now is not
        named: "seat 0 takes a card to remember", not which."""
        return self.told_steps(now, [step], viewer, names)[0]

    def told_steps(self, now: State[Any], steps: Sequence[Step], viewer: Viewer,
                   names: Sequence[str] = ()) -> list[Told]:
        """:meth:`told` of many steps, working out once which cards lie face down."""
        hidden = frozenset[Card]()
        if viewer.forgets and not viewer.knows_all(now):
            hidden = face_down_now(_gold(now))
        if not hidden:
            return [Presenter.told(self, now, step, viewer, names) for step in steps]
        label = seat_names(now.players, names)
        return [told_without(step, hidden, label) for step in steps]

    def said_steps(self, now: State[Any], steps: Sequence[Step], viewer: Viewer,
                   names: Sequence[str] = ()) -> list[Told]:
        """:meth:`told_steps` in the players' words ("Dirk takes the red 8"), the cards that
        lie face down in a scoring pile now left out as :meth:`told` leaves them out."""
        hidden = frozenset[Card]()
        if viewer.forgets and not viewer.knows_all(now):
            hidden = face_down_now(_gold(now))
        label = seat_names(now.players, names)
        key = (label, hidden)
        out = []
        for step in steps:
            known = _SAID.get(step, key)
            out.append(known if known is not None else
                       _SAID.put(step, key, said(step, label, hidden)))
        return out

    def said_events(self, now: State[Any], events: Sequence[Event], viewer: Viewer,
                    names: Sequence[str] = ()) -> list[str]:
        """The set-up's events in the players' words, without the cards that lie face
        down in a scoring pile now (memory mode)."""
        hidden = frozenset[Card]()
        if viewer.forgets and not viewer.knows_all(now):
            hidden = face_down_now(_gold(now))
        return said_events(events, seat_names(now.players, names), hidden)

    def said_refusal(self, reason: str, names: Sequence[str] = ()) -> str:
        """A refusal with the players' names and the cards as players say them."""
        return refusal(reason, names)

    def odds_method(self, state: State[Any], seat: int, *, memory: bool = False) -> str:
        """How the refill odds are counted, for the panel."""
        return refill_method(_gold(state), seat)

    def told_pages(self, now: State[Any], before: State[Any], step: Step, after: State[Any],
                   viewer: Viewer, names: Sequence[str] = ()) -> list[Page]:
        """:meth:`pages`, or in memory mode, while cards lie in the scoring piles, one page
        of what may be told for a step whose pages would show them: one that names them,
        and a set or bonus (its pages list the tableaux as they were)."""
        hidden = frozenset[Card]()
        if viewer.forgets and not viewer.knows_all(now):
            hidden = face_down_now(_gold(now))
        shows_tableaux = (isinstance(step.action, Steal) or _gold(before).phase == BONUS
                          or any(type(e) is SetCompleted for e in step.events))
        if hidden and shows_tableaux:
            told = said(step, seat_names(now.players, names), hidden)
            body = "".join(f"<li>{escape(line)}</li>" for line in told.events)
            return [Page(told.action, told.rules[0] if told.rules else "", f"<ul>{body}</ul>")]
        return super().told_pages(now, before, step, after, viewer, names)

    # ---------------------------------------------------------------- inspection
    def pages(self, before: State[Any], step: Step, after: State[Any],
              names: Sequence[str] = ()) -> list[Page]:
        """One step's pages: colour scoring colour by colour, a set with its bonus choices;
        a set scored in play ends with its own page (:func:`parts.set_scored_page`)."""
        out = pages(_gold(before), step, _gold(after), names)
        scored = set_scored_page(step, seat_names(before.players, names))
        return [*out, scored] if scored is not None else out

    def breakdown(self, state: State[Any], names: Sequence[str] = ()) -> Breakdown | None:
        """The final scores and piles, and the tie rule when it decided."""
        return breakdown(_gold(state), names)

    def player_names(self, state: State[Any]) -> tuple[str, ...]:
        """``seat 0``, ``seat 1``, ... (the scenarios carry the rulebook's names)."""
        return seat_names(state.players)
