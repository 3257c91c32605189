"""The game board in a lesson: a locked :class:`~goldlab.views.GameView` of the game taught.

A chart shows many games; the board shows one, as the class plays it.  A lesson's table is
a Mount Goldrush game for the class's seat against a bot, **locked** (students cannot
change the seat, memory mode, the bots or the game, nor see a hidden card) and seated, so
the exact-odds panel beside it is the class's own: the chances from the cards it has
seen, redrawn at every turned card.

* :func:`lesson_table` -- the view: seat 0 for the class, a bot in seat 1, memory mode on
  or off as the lesson needs;
* :class:`CardCall` -- "call the next card": before each of its flips the class says
  gold, digger or dynamite; when the card is turned, a line says what it was and how
  likely the call was then (the exact chance the odds panel showed), and a tally counts
  the calls that were right.

>>> table = lesson_table(seed=7)
>>> table.seat, table.locked, table.memory
(0, True, False)
>>> call = CardCall(table)
>>> call.choose("digger")
>>> table.click(table.payload["legal"][0])
>>> first = call.calls[0]
>>> first.call, first.chance
('digger', Fraction(35, 64))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from html import escape
from typing import Any

import goldlab
from goldlab.games.goldrush import odds
from goldlab.games.goldrush.cards import Card
from goldlab.games.goldrush.events import CardFlipped
from goldlab.views import GameView
from goldlab.views.game_view import GLIMPSE

KINDS = ("gold", "digger", "dynamite")
"""What a call may say: the three kinds of card."""
NAMES = ("Your class", "Computer")
"""The names at a lesson's table: the class at seat 0, a bot at seat 1."""
SHOWN_CALLS = 6
"""How many of the latest calls the list under the buttons shows."""


def lesson_table(seed: int | None = None, opponent: str = "perfect", *, memory: bool = False,
                 names: Sequence[str] = NAMES, last_turn: str = GLIMPSE) -> GameView:
    """A two-player Mount Goldrush table: the class at seat 0, ``opponent`` (a bot spec:
    ``"perfect"``, ``"forgetful:0.2"``, ...) at seat 1, locked.  With ``memory`` the cards
    seen earlier lie face down again, so the class must remember them; without it they
    stay shown (marked as seen), so the class can count them.  ``last_turn`` (memory
    mode): the computer's cards are shown as they are turned and lie face down when the
    class's turn begins (``"glimpse"``, the rules), or stay face up until the class flips
    (``"keep"``).  ``seed`` fixes the shuffle; None (the default) deals from a fresh 63-bit
    seed, so a student's saved record cannot be used to find it; New game deals another."""
    state = goldlab.make("goldrush", players=2, seed=seed)
    return GameView(state, seat=0, bots={1: opponent}, memory=memory, locked=True,
                    names=list(names), last_turn=last_turn)


@dataclass(frozen=True, slots=True)
class Call:
    """One call and the card it was about: ``call`` (a kind), the ``card`` turned, and
    ``chance``, the exact chance of the called kind just before the flip, from the
    class's seat (the cards it had seen; 1 or 0 for a card seen before)."""

    call: str
    card: Card
    chance: Fraction

    @property
    def right(self) -> bool:
        """True when the card is of the kind called."""
        return self.card.kind == self.call

    def __str__(self) -> str:
        verdict = "right" if self.right else "not this time"
        return (f"you called {self.call} (chance {self.chance} ≈ {float(self.chance):.3f}); "
                f"the card was {self.card}: {verdict}")


class CardCall:
    """Buttons to call the class's next card, and the calls so far, above a lesson table.

    The call applies to every card the class (``view``'s seat) turns until it is
    changed; a card turned with no call made is not counted.  The chance of a call is
    worked out from the position just before the flip, as the class saw it, with the
    engine's exact odds (:func:`goldlab.games.goldrush.odds.first_flip`).
    """

    def __init__(self, view: GameView) -> None:
        import ipywidgets as widgets

        if not isinstance(view.seat, int):
            raise ValueError("a call belongs to a seat: give the view a seat (seat=0)")
        self.view = view
        self.seat = view.seat
        self.calls: list[Call] = []
        self.call: str | None = None
        self._done = len(view.table.frames()[1])  # the flips before the calls began
        self.buttons = widgets.ToggleButtons(options=list(KINDS), value=None,
                                             description="Your call:",
                                             tooltips=[f"the next card you turn is {k}"
                                                       for k in KINDS])
        self.buttons.observe(lambda change: self.choose(change["new"]), names="value")
        self.output = widgets.HTML(self._html())
        self.widget = widgets.VBox([self.buttons, self.output, view])
        self.widget.add_class("gl-card-call")
        view.table.watch(self._on_change)

    def choose(self, kind: str | None) -> None:
        """Call ``kind`` ("gold", "digger" or "dynamite") for the next cards turned."""
        if kind is not None and kind not in KINDS:
            raise ValueError(f"a call is one of {', '.join(KINDS)}, not {kind!r}")
        self.call = kind
        if self.buttons.value != kind:
            self.buttons.value = kind

    def _on_change(self) -> None:
        frames, steps = self.view.table.frames()
        if len(steps) < self._done:  # a new game or an undo: the calls go on from here
            self._done = len(steps)
        for i in range(self._done, len(steps)):
            step = steps[i]
            flipped = [e for e in step.events if isinstance(e, CardFlipped)]
            if step.actor != self.seat or not flipped or self.call is None:
                continue
            card = flipped[0].card
            if flipped[0].first_time:  # a blind flip: a draw from the cards nobody has seen
                chance = odds.first_flip(frames[i].observation(self.seat))[self.call]
            else:  # a card everybody saw earlier: the class knew what it was
                chance = Fraction(card.kind == self.call)
            self.calls.append(Call(self.call, card, chance))
        self._done = len(steps)
        self.output.value = self._html()

    def tally(self) -> tuple[int, int]:
        """(calls right, calls made)."""
        return sum(c.right for c in self.calls), len(self.calls)

    def _html(self) -> str:
        if not self.calls:
            return ("<i>Call the next card (gold, digger or dynamite), then turn it on the "
                    "board. Which call is right most often?</i>")
        right, made = self.tally()
        expected = sum((c.chance for c in self.calls), Fraction(0))
        lines = "".join(f"<li>{escape(str(c))}</li>" for c in self.calls[-SHOWN_CALLS:])
        return (f"<b>{right} of {made} calls right</b> (the chances of your calls add up to "
                f"{float(expected):.1f}: on average, that many calls are right)"
                f"<ol start='{max(1, made - SHOWN_CALLS + 1)}'>{lines}</ol>")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


__all__ = ["KINDS", "NAMES", "Call", "CardCall", "lesson_table"]
