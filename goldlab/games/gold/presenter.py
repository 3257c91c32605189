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
    Presenter,
    Quote,
    SaidCache,
    Told,
    Viewer,
)
from goldlab.core.state import State, Step
from goldlab.core.values import Action, Event
from goldlab.games.gold import clicks
from goldlab.games.gold.actions import Steal
from goldlab.games.gold.cards import Card
from goldlab.games.gold.clicks import (
    gold_state,
)
from goldlab.games.gold.events import SetCompleted
from goldlab.games.gold.inspector import breakdown, pages, scoring_parts, set_scored_page
from goldlab.games.gold.observation import face_down_now, told_without
from goldlab.games.gold.odds import refill_method, refill_odds
from goldlab.games.gold.picture import table_html
from goldlab.games.gold.rulebook import QUOTES
from goldlab.games.gold.rules import BONUS
from goldlab.games.gold.words import refusal, said, said_events, seat_names

if TYPE_CHECKING:
    from collections.abc import Mapping

_SAID = SaidCache()
"""The words of steps already said (by the cards hidden when said)."""


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
        hidden = face_down_now(gold_state(now)) if memory and now is not None and not (
            now.is_terminal()) else frozenset()
        return table_html(gold_state(state), seat, selection=selection, legal=legal, memory=memory,
                          names=names, masked=hidden)

    def targets(self, state: State[Any], seat: int | None,
                selection: str = "") -> dict[str, Action | None]:
        """The cards ``seat`` may click now: id -> the legal action (None: it selects)."""
        return clicks.targets(state, seat, selection)

    def click(self, state: State[Any], seat: int | None, target: str,
              selection: str = "") -> Click:
        """The action a click means (legal or not), the exchange's first pick, or why not."""
        return clicks.click(state, seat, target, selection)

    def target_of(self, action: Action) -> str | None:
        """Where a replayed action shows on the table after it (see :func:`clicks.target_of`)."""
        return clicks.target_of(action)

    def part_board(self, before: State[Any], step: Step, after: State[Any], part: int,
                   seat: int | None, *, memory: bool = False, names: Sequence[str] = (),
                   now: State[Any] | None = None,
                   keep_last_turn: bool = False) -> tuple[str, str] | None:
        """The end of the game scored on the table (:mod:`goldlab.games.gold.inspector`): the set
        that step completed, colour scoring colour by colour, then (None) final points.

        Scored after the game, everything may be shown: the piles lie face up."""
        gold_after = gold_state(after)
        parts = scoring_parts(gold_state(before), step, gold_after, names)
        if not 0 <= part < len(parts):
            return None
        shown = parts[part]
        forgets = memory and now is not None and not now.is_terminal()
        hidden = face_down_now(gold_state(now)) if forgets and now is not None else frozenset()
        html = table_html(shown.position(gold_after), seat, names=names, lit=shown.lit,
                          memory=forgets, masked=hidden)
        return html, shown.status

    # ---------------------------------------------------------------- rules and odds
    def odds(self, state: State[Any], seat: int, *,
             memory: bool = False) -> list[Odds | Expectation]:
        """The next card revealed and the next refill, from what ``seat`` has seen.

        The same in memory mode: no chance here names a card seen earlier; they count
        what a player with a good memory has seen (sets scored in public included)."""
        return refill_odds(gold_state(state), seat)

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
            hidden = face_down_now(gold_state(now))
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
            hidden = face_down_now(gold_state(now))
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
            hidden = face_down_now(gold_state(now))
        return said_events(events, seat_names(now.players, names), hidden)

    def said_refusal(self, reason: str, names: Sequence[str] = ()) -> str:
        """A refusal with the players' names and the cards as players say them."""
        return refusal(reason, names)

    def odds_method(self, state: State[Any], seat: int, *, memory: bool = False) -> str:
        """How the refill odds are counted, for the panel."""
        return refill_method(gold_state(state), seat)

    def told_pages(self, now: State[Any], before: State[Any], step: Step, after: State[Any],
                   viewer: Viewer, names: Sequence[str] = ()) -> list[Page]:
        """:meth:`pages`, or in memory mode, while cards lie in the scoring piles, one page
        of what may be told for a step whose pages would show them: one that names them,
        and a set or bonus (its pages list the tableaux as they were)."""
        hidden = frozenset[Card]()
        if viewer.forgets and not viewer.knows_all(now):
            hidden = face_down_now(gold_state(now))
        shows_tableaux = (isinstance(step.action, Steal) or gold_state(before).phase == BONUS
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
        out = pages(gold_state(before), step, gold_state(after), names)
        scored = set_scored_page(step, seat_names(before.players, names))
        return [*out, scored] if scored is not None else out

    def breakdown(self, state: State[Any], names: Sequence[str] = ()) -> Breakdown | None:
        """The final scores and piles, and the tie rule when it decided."""
        return breakdown(gold_state(state), names)

    def player_names(self, state: State[Any]) -> tuple[str, ...]:
        """``seat 0``, ``seat 1``, ... (the scenarios carry the rulebook's names)."""
        return seat_names(state.players)
