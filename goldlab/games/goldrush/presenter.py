"""Mount Goldrush in a view: the presenter behind the table, the log, the odds and the inspector.

The picture is :mod:`goldlab.games.goldrush.picture` (a pure function of what a seat
sees), what a click means :mod:`goldlab.games.goldrush.clicks`, the players' words
:mod:`goldlab.games.goldrush.words`; this class puts them together for a view and adds
what needs the whole game: what a viewer in memory mode may know of each step, the
glimpse of the flips since a player's last turn, the odds panel, the inspector's pages
and the final breakdown.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from goldlab.core.parts import as_part
from goldlab.core.presentation import (
    Breakdown,
    Click,
    Expectation,
    Glimpse,
    Odds,
    Page,
    Presenter,
    Told,
    Viewer,
)
from goldlab.core.state import CHANCE as CHANCE_SEAT
from goldlab.core.state import State, Step
from goldlab.core.values import Action, Event
from goldlab.games.goldrush import clicks, inspector
from goldlab.games.goldrush import odds as exact
from goldlab.games.goldrush.actions import Reveal
from goldlab.games.goldrush.cards import Card
from goldlab.games.goldrush.clicks import goldrush_state as _goldrush
from goldlab.games.goldrush.events import (
    CardFlipped,
    GoldRushBegins,
)
from goldlab.games.goldrush.layout import label
from goldlab.games.goldrush.observation import GONE, GoldrushView
from goldlab.games.goldrush.picture import chance_row, picture
from goldlab.games.goldrush.rulebook import quotes
from goldlab.games.goldrush.state import GoldrushState
from goldlab.games.goldrush.words import (
    card_name,
    describe,
    digger_word,
    named_cards,
    refusal,
    said,
    seat_names,
    unnamed,
)
from goldlab.games.goldrush.words import sentence as _sentence

if TYPE_CHECKING:
    from goldlab.games.goldrush.game import GoldrushGame


class GoldrushPresenter(Presenter):
    """How Mount Goldrush shows itself: round cards to flip, memory mode, odds, scoring."""

    @classmethod
    def of(cls, game: GoldrushGame) -> GoldrushPresenter:
        """The presenter of a game, quoting the rulebook of its edition."""
        return cls(game, quotes(game.options.edition))

    # ---------------------------------------------------------------- words
    @property
    def edition(self) -> str:
        """The rulebook edition the game follows ("A" or "B")."""
        return str(getattr(self.game.options, "edition", "A"))

    def card_name(self, c: Card) -> str:
        """A card as players say it: "gold 3", "red gold digger 4", "dynamite"."""
        return card_name(c, self.edition)

    def _word(self) -> str:
        return digger_word(self.edition)

    @staticmethod
    def _names(players: int, names: Sequence[str]) -> tuple[str, ...]:
        return seat_names(players, names)

    def describe(self, event: Event, names: Sequence[str]) -> str:
        """An event in players' words, with their names."""
        return describe(event, names, self.edition)

    # ---------------------------------------------------------------- clicks
    def targets(self, state: State[Any], seat: int | None,
                selection: str = "") -> dict[str, Action | None]:
        """``grid:<p>`` for every card the seat to move may flip (chance: ``reveal:<card>``)."""
        return clicks.targets(state, seat)

    def click(self, state: State[Any], seat: int | None, target: str,
              selection: str = "") -> Click:
        """A place on the table means "flip it" (the state refuses what the rules forbid)."""
        return clicks.click(state, seat, target)

    def target_of(self, action: Action) -> str | None:
        """Where a flip (or chance's reveal) happened: its place on the table."""
        return clicks.target_of(action)

    # ---------------------------------------------------------------- the table
    def board_html(self, state: State[Any], seat: int | None, *, selection: str = "",
                   legal: frozenset[str] = frozenset(), memory: bool = False,
                   names: Sequence[str] = (), now: State[Any] | None = None,
                   keep_last_turn: bool = False) -> str:
        """The table as round cards to click, each player's mine entrance and gold below.

        In memory mode the cards of the turn just played lie face down (the rules turn
        them down at the end of the turn), unless ``keep_last_turn``: then they stay up
        until the next flip.  An earlier position in memory mode (``now`` given) shows a
        card face up only if it lies open now (:func:`_open_turn`); chance's choices are
        not drawn on it (they would count the cards seen since)."""
        s = _goldrush(state)
        view = s.omniscient() if seat is None else s.observation(seat)
        shown: frozenset[int] | None = None  # None: every card up then is shown
        if memory and now is not None and not now.is_terminal():
            shown = _open_turn(_goldrush(now), keep_last_turn)[1]
        pending = s.pending if view.to_move == CHANCE_SEAT else -1
        chance = ""
        if view.to_move == CHANCE_SEAT and pending >= 0 and shown is None:
            outcomes = [(o, p) for o, p in s.chance_outcomes() if isinstance(o, Reveal)]
            chance = chance_row(view, pending, outcomes, legal)
        just = _just_turned(view, s) if keep_last_turn or not memory else {}
        return picture(view, seat, names, legal=legal, memory=memory, just=just,
                            shown=shown, pending=pending, chance=chance)

    # ---------------------------------------------------------------- odds
    def odds(self, state: State[Any], seat: int, *,
             memory: bool = False) -> list[Odds | Expectation]:
        """The chances of a flip of an unseen card, and of this turn, from ``seat``'s view."""
        s = _goldrush(state)
        if s.is_terminal():
            return []
        return exact.panel(s.observation(seat), seat, memory=memory)

    # ---------------------------------------------------------------- what a viewer may know
    def told(self, now: State[Any], step: Step, viewer: Viewer,
             names: Sequence[str] = ()) -> Told:
        """A step as ``viewer`` may know it now.  In memory mode (and on the open table) a
        step's cards are named only while they lie open: in the turn under way, or in the
        turn just played until the next flip; any other step's card is "the card at 18",
        not what it was (a card of the same kind may lie open elsewhere).  The turn just
        played lies face down once it is over, unless the viewer keeps it (a teacher's
        choice, :attr:`Viewer.keeps_last_turn`)."""
        if not viewer.forgets or viewer.knows_all(now):
            return super().told(now, step, viewer, names)
        turn = _open_turn(_goldrush(now), viewer.keeps_last_turn)[0]
        return self._told(step, turn, self._names(now.players, names))

    def told_steps(self, now: State[Any], steps: Sequence[Step], viewer: Viewer,
                   names: Sequence[str] = ()) -> list[Told]:
        """:meth:`told` of many steps, working out once what lies open."""
        if not viewer.forgets or viewer.knows_all(now):
            return super().told_steps(now, steps, viewer, names)
        turn = _open_turn(_goldrush(now), viewer.keeps_last_turn)[0]
        who = self._names(now.players, names)
        return [self._told(step, turn, who) for step in steps]

    def said_steps(self, now: State[Any], steps: Sequence[Step], viewer: Viewer,
                   names: Sequence[str] = ()) -> list[Told]:
        """:meth:`told_steps` in the players' words ("Ann turns up card 18: an orange gold
        digger (5)"); a step told without its cards is said without them ("Ann flips card
        18")."""
        who = self._names(now.players, names)
        layout = now.game.options.layout

        def place(position: int) -> str:
            return label(position, layout)

        def in_words(event: Event) -> str:
            return self.describe(event, who)

        def without_cards(event: Event) -> str:
            return unnamed(event, who) if named_cards(event) else self.describe(event, who)

        return [said(step, told, who, place, in_words, without_cards, self._word())
                for step, told in zip(steps, self.told_steps(now, steps, viewer, names),
                                      strict=True)]

    def said_events(self, now: State[Any], events: Sequence[Event], viewer: Viewer,
                    names: Sequence[str] = ()) -> list[str]:
        """The set-up's events in the players' words (they name no card)."""
        who = self._names(now.players, names)
        return [_sentence(self.describe(e, who)) for e in events]

    def glimpse(self, now: State[Any], frames: Sequence[State[Any]], steps: Sequence[Step],
                viewer: Viewer, names: Sequence[str] = ()) -> tuple[Glimpse, ...]:
        """Between two turns in memory mode, the flips since the viewer's seat last flipped
        (its own last card included; the open table: the turn just played), at most a
        round of turns: one moment per flip, the table as it lay when the card was turned
        up, that card and the turn's first card face up, the step told in full (it names
        only the cards of that turn).  None while a turn is under way (its cards lie open),
        when the teacher keeps the turn just played face up, or when everything is shown."""
        s = _goldrush(now)
        if (not viewer.forgets or viewer.knows_all(now) or viewer.keeps_last_turn
                or s.up or s.pending >= 0):
            return ()
        last = s.turn_no - 1
        picked: list[int] = []
        for i in range(len(steps) - 1, -1, -1):
            flips = [e for e in steps[i].events if isinstance(e, CardFlipped)]
            if not flips:
                continue
            turn = flips[0].turn
            if turn <= last - s.players or (viewer.seat is None and turn < last):
                break
            picked.append(i)
            if flips[0].seat == viewer.seat:
                break  # the seat's own last flip: the cards before it were seen turned up
        everything = Viewer()
        moments = []
        for i in reversed(picked):
            step = steps[i]
            turned = {e.position: e.card for e in step.events if isinstance(e, CardFlipped)}
            before = _goldrush(frames[i])  # frames[i]: the position before steps[i]
            view = before.omniscient() if viewer.seat is None else before.observation(
                viewer.seat)
            told = self.said_steps(now, [step], everything, names)[0]
            moments.append(Glimpse(
                picture(view, viewer.seat, names, memory=True, just=turned, glimpse=True),
                ". ".join((told.action, *told.events))))
        return tuple(moments)

    def said_refusal(self, reason: str, names: Sequence[str] = ()) -> str:
        """A refusal with the players' names and places as players point at them."""
        return refusal(reason, names)

    def odds_method(self, state: State[Any], seat: int, *, memory: bool = False) -> str:
        """How the odds are counted, for the panel."""
        s = _goldrush(state)
        if s.is_terminal():
            return ""
        total = sum(s.observation(seat).unseen_counts())
        return (f"Counted, not guessed: a card nobody has seen is any of the {total} cards "
                "nobody has seen yet, each as likely as the others; a chance is how many of "
                f"them fit, divided by {total}.  Two flips: every pair of those cards is "
                "counted, the first card and then one of the others.  Cards you have seen "
                "are not counted: you remember them.")

    @staticmethod
    def _told(step: Step, turn: int | None, who: Sequence[str]) -> Told:
        """``step`` told in full if its flips are of the turn ``turn`` (open now; None:
        no turn is open), else without naming a card."""
        action = step.action
        turns = [e.turn for e in step.events if isinstance(e, CardFlipped)]
        names_cards = isinstance(action, Reveal) or any(map(named_cards, step.events))
        if not names_cards or (turns and all(t == turn for t in turns)):
            return Told(str(action), tuple(str(e) for e in step.events),
                        tuple(e.rule for e in step.events))
        said = (f"chance: turns up the card at {action.position}"
                if isinstance(action, Reveal) else str(action))
        lines = tuple(f"{unnamed(e, who)} [{e.rule}]" if named_cards(e) else str(e)
                      for e in step.events)
        return Told(said, lines, tuple(e.rule for e in step.events), True)

    # ---------------------------------------------------------------- parts
    def part_board(self, before: State[Any], step: Step, after: State[Any], part: int,
                   seat: int | None, *, memory: bool = False, names: Sequence[str] = (),
                   now: State[Any] | None = None,
                   keep_last_turn: bool = False) -> tuple[str, str] | None:
        """The flip that ends the game, before the final scores; the flip after which the
        Gold Rush begins, before it begins.  The table is the position after the flip (the
        parts change no card), its status says the part, the place flipped is lit."""
        if part != 0:
            return None
        s = _goldrush(after)
        rush = next((e for e in step.events if isinstance(e, GoldRushBegins)), None)
        if s.over:
            status = f"The game ends ({s.end_reason}); next, the final scores"
        elif rush is not None:
            status = f"Turn {_goldrush(before).turn_no} is over; next: gold rush!"
        else:
            return None
        html = self.board_html(after, seat, memory=memory, names=names, now=now,
                               keep_last_turn=keep_last_turn)
        where = self.target_of(step.action)
        return as_part(html, "gr-status", status, () if where is None else (where,)), status

    # ---------------------------------------------------------------- inspection
    def pages(self, before: State[Any], step: Step, after: State[Any],
              names: Sequence[str] = ()) -> list[Page]:
        """One page per step: the flip, what it turned up, what the rules did and why."""
        return inspector.pages(before, step, after, names, self.quote, self.edition)

    def breakdown(self, state: State[Any], names: Sequence[str] = ()) -> Breakdown | None:
        """Each player's gold cards and points, the ranks, and the tie-break that decided."""
        return inspector.breakdown(state, names, self.edition)


# -------------------------------------------------------------------- helpers
def _open_turn(state: GoldrushState,
               keep_last_turn: bool = False) -> tuple[int | None, frozenset[int]]:
    """The turn whose cards a player in memory mode sees now, and where they lie: the turn
    under way once a card is up.  Between two turns none (None): the turn just played lies
    face down, as the rules say; with ``keep_last_turn`` (a teacher's choice) the turn just
    played, until the next flip (whether its cards went back face down or left the table)."""
    under_way = bool(state.up) or state.pending >= 0
    if not under_way and not keep_last_turn:
        return None, frozenset()
    view = state.observation(0)
    turn = view.turn_no if under_way else view.turn_no - 1
    return turn, frozenset(f.position for f in view.flips if f.turn == turn and f.seat >= 0)


def _just_turned(view: GoldrushView, state: GoldrushState) -> dict[int, Card]:
    """The cards of the turn just played, still on the table, until the next flip."""
    if state.up or state.pending >= 0 or view.face_up():
        return {}
    last = view.turn_no - 1
    out: dict[int, Card] = {}
    for f in reversed(view.flips):
        if f.turn < last or f.seat < 0:
            break
        if f.turn == last and view.status[f.position] != GONE:
            out[f.position] = f.card
    return out
