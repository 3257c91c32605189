"""What a view needs from a game, kept beside the rules: the table as a picture with
click targets, the rulebook's own sentences, exact odds and scoring breakdowns.

A game's :class:`Presenter` lives in its folder (``goldlab/games/<game>/presenter.py``)
and is stdlib-only like the rest of the engine.  The views (``goldlab.views``) are thin:
they ask the presenter what is clickable, send the clicked *target id* back, and the
presenter answers with the action it means (legal or not: the state decides), a new
selection (the first click of a two-click move), or a refusal with the rule.  No rule is
decided in a widget or in JavaScript.

Target ids are short strings chosen by the game (``"offer:2"``, ``"grid:37"``,
``"cell:2,4"``); every clickable element of :meth:`Presenter.board_html` carries its id
in a ``data-target`` attribute, and the view marks the legal ones.

A game without a presenter of its own gets :class:`Presenter` itself: the observation's
HTML, no click targets, and notation for everything.

What a viewer may know is the presenter's to say, never the view's: a :class:`Viewer` is
a seat (or the open table, or the teacher), in memory mode or not; :meth:`Presenter.told`
gives a step as that viewer may know it *now* (in memory mode, without the cards that lie
face down again), and :meth:`Presenter.past_hidden` says why earlier positions may not be
shown to the viewer, if they may not.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from html import escape
from typing import TYPE_CHECKING, Any

from goldlab.core.values import Action, Event

if TYPE_CHECKING:
    from goldlab.core.game import Game
    from goldlab.core.state import State, Step


_SEAT = re.compile(r"\bseat (\d{1,2})\b")


def with_names(text: str, names: Sequence[str]) -> str:
    """``text`` (an engine's refusal or error) with "seat N" replaced by the player's name.

    >>> with_names("it is seat 1's turn, not seat 0's", ["Ann", "Bob"])
    "it is Bob's turn, not Ann's"
    """
    def name(m: re.Match[str]) -> str:
        seat = int(m.group(1))
        return names[seat] if seat < len(names) and names[seat] else m.group(0)

    return _SEAT.sub(name, text)


@dataclass(frozen=True, slots=True)
class Viewer:
    """Who looks at the table: a seat, the open table, or the teacher (everything).

    >>> Viewer(0, memory=True).forgets, Viewer().everything, Viewer(public=True).forgets
    (True, True, True)
    """

    seat: int | None = None
    """The seat whose player looks; None: nobody's seat (the teacher, or the open table)."""
    memory: bool = False
    """Memory mode: what the player saw earlier and lies face down again is to be
    remembered, so nothing may name it (after the game, everything may)."""
    public: bool = False
    """The open table: only what lies open, nobody's own cards (memory mode always)."""
    keeps_last_turn: bool = False
    """Memory mode, a teacher's choice: what the turn just played turned up stays face up
    until the next move.  By the rules it lies face down once the turn is over; the view
    then offers a *glimpse* of it (:meth:`Presenter.glimpse`)."""

    @property
    def everything(self) -> bool:
        """True for the teacher's view, which may show everything."""
        return self.seat is None and not self.public

    @property
    def forgets(self) -> bool:
        """True when only what lies open now may be named (memory mode, the open table)."""
        return self.memory or self.public

    def knows_all(self, now: State[Any]) -> bool:
        """True when everything may be shown: the teacher's view, or the game is over."""
        return self.everything or now.is_terminal()


@dataclass(frozen=True, slots=True)
class Told:
    """One step as a viewer may know it now: the action and the events, as text.

    ``concealed``: something was left out that the viewer may not know now (a card that
    lies face down again), so the step must not be shown any other way either.
    """

    action: str
    events: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    concealed: bool = False
    notation: str = ""
    """The step's notation as the viewer may know it (as :meth:`Presenter.said_steps` gives
    it beside the players' words); ``""`` when ``action`` is the notation itself."""


@dataclass(frozen=True, slots=True)
class Glimpse:
    """One moment of play a viewer saw as it happened and that lies face down now: the
    table as it was then (``board``, nothing to click) and what happened (``caption``)."""

    board: str
    caption: str


@dataclass(frozen=True, slots=True)
class Quote:
    """A rulebook section and the sentence of it that a rule or event rests on."""

    section: str
    sentence: str
    source: str = ""
    """Which rulebook (e.g. ``"Gold! rulebook"``, ``"edition B"``)."""

    def to_dict(self) -> dict[str, str]:
        """A JSON-friendly form."""
        return {"section": self.section, "sentence": self.sentence, "source": self.source}


@dataclass(frozen=True, slots=True)
class Play:
    """A click that means an action (the state applies it or refuses it with the rule)."""

    action: Action


@dataclass(frozen=True, slots=True)
class Select:
    """A click that picks something for a move of several clicks.

    ``selection`` is an opaque string the presenter understands (``""`` clears it);
    ``hint`` tells the player what to click next.
    """

    selection: str
    hint: str = ""


@dataclass(frozen=True, slots=True)
class Refuse:
    """A click that means nothing now, with the rulebook section and the reason."""

    rule: str
    reason: str


Click = Play | Select | Refuse


@dataclass(frozen=True, slots=True)
class Odds:
    """One exact chance shown to the player to move, with what it is about."""

    label: str
    probability: Fraction
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly form: the fraction as text and as a decimal, and the chance as a
        teacher says it (``percent``, ``about``)."""
        return _exact(self.label, self.probability, self.note) | {
            "percent": percent(self.probability), "about": about(self.probability)}


@dataclass(frozen=True, slots=True)
class Expectation:
    """An exact expected value (e.g. of the next card revealed)."""

    label: str
    value: Fraction
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly form: the fraction as text and as a decimal (``percent`` and
        ``about`` are empty: an expected value is no chance)."""
        return _exact(self.label, self.value, self.note) | {"percent": "", "about": ""}


def _exact(label: str, value: Fraction, note: str) -> dict[str, Any]:
    return {"label": label, "fraction": f"{value.numerator}/{value.denominator}",
            "decimal": float(value), "note": note}


def percent(p: Fraction) -> str:
    """A chance as a teacher says it in per cent: whole numbers, a tenth near 0 and 100.

    >>> percent(Fraction(1, 3)), percent(Fraction(1, 250)), percent(Fraction(0)), percent(1)
    ('33%', '0.4%', '0%', '100%')
    """
    value = float(p) * 100
    if 0 < value < 1 or 99 < value < 100:
        return f"{value:.1f}%"
    return f"{value:.0f}%"


def about(p: Fraction) -> str:
    """A chance as a teacher says it in words: "about 1 in 3", "about 3 in 4".

    >>> about(Fraction(5, 14)), about(Fraction(7, 12)), about(Fraction(97, 100)), about(Fraction(0))
    ('about 1 in 3', 'about 3 in 5', 'about 32 in 33', 'no chance')
    >>> about(Fraction(1, 2)), about(Fraction(3, 7)), about(Fraction(1)), about(Fraction(1, 5000))
    ('1 in 2', 'about 2 in 5', 'certain', 'less than 1 in 1,000')
    """
    if p <= 0:
        return "no chance"
    if p >= 1:
        return "certain"
    if p < Fraction(1, 1000):
        return "less than 1 in 1,000"
    if p < Fraction(3, 10):
        n = round(1 / p)
        near = Fraction(1, n)
    elif p >= Fraction(7, 10):
        n = round(1 / (1 - p))
        near = Fraction(n - 1, n)
    else:
        near = p.limit_denominator(6)
    words = f"{near.numerator} in {near.denominator}"
    return words if near == p else f"about {words}"


@dataclass(frozen=True, slots=True)
class Page:
    """One page of the inspector: a title, the rule it shows, and an HTML body (tables).

    A step the rules carry out in parts (Gold!'s colour scoring, colour by colour) has
    several pages; the view steps through them like steps.
    """

    title: str
    rule: str = ""
    html: str = ""


@dataclass(frozen=True, slots=True)
class Breakdown:
    """The end of a game as the rulebook scores it: a table and the deciding tie-break."""

    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    verdict: str
    tiebreak: str = ""
    rule: str = ""

    def html(self) -> str:
        """The breakdown as an HTML table."""
        head = "".join(f"<th>{escape(h)}</th>" for h in self.headers)
        body = "".join(
            "<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>" for row in self.rows
        )
        return f'<table class="gl-table"><tr>{head}</tr>{body}</table>'


@dataclass(frozen=True, slots=True)
class Scene:
    """Everything a view draws of one moment of a game, as one viewer may see it: what
    :meth:`Presenter.scene` answers, once per redraw.

    ``index`` is the frame shown (the live position is the last); ``hidden`` says why an
    earlier position that was asked for may not be shown to the viewer (the scene then
    shows the live position); ``told`` is every step of the game as the viewer may know it
    now, ``recent`` the latest steps of the position shown with theirs (for the log).
    """

    index: int
    live: bool
    acting: bool
    """True when the viewer may click now (the live position, its turn)."""
    board: str
    legal: frozenset[str]
    pages: tuple[Page, ...]
    page: int
    """The inspector page shown (clamped to ``pages``)."""
    told: tuple[Told, ...]
    recent: tuple[tuple[Step, Told], ...]
    highlight: str = ""
    """The target of the step that led to the position shown, if the viewer may know it."""
    hidden: str = ""
    quote: Quote | None = None
    """The rulebook's sentence for the page shown."""
    error_quote: Quote | None = None
    """The rulebook's sentence for the rule a refusal named."""
    odds_seat: int | None = None
    """The seat whose odds are shown, if any."""
    odds: tuple[Odds | Expectation, ...] = ()
    breakdown: Breakdown | None = None
    """The final scoring, shown at the last part of the game's last step only."""
    part_status: str = ""
    """The status line of a part of a step carried out in parts (empty: the position's)."""
    odds_method: str = ""
    """How the odds were worked out, in a sentence a class can follow."""
    glimpse: tuple[Glimpse, ...] = ()
    """At the live position: the moments of play whose cards lie face down again now
    (:meth:`Presenter.glimpse`), for the view to show once and again when asked."""


LOG_STEPS = 12
"""A scene's ``recent`` holds this many of the latest steps."""


@dataclass(frozen=True)
class Presenter:
    """How a game shows itself in a view.  Games override what they can do better.

    The base class is a complete, plain presenter: the observation's own HTML, no
    click targets (notation only), no odds, one inspector page per step listing its
    events, and a breakdown of the final scores.
    """

    game: Game
    quotes: Mapping[str, Quote] = field(default_factory=dict)

    # ---------------------------------------------------------------- the table
    def board_html(self, state: State[Any], seat: int | None, *, selection: str = "",
                   legal: frozenset[str] = frozenset(), memory: bool = False,
                   names: Sequence[str] = (), now: State[Any] | None = None,
                   keep_last_turn: bool = False) -> str:
        """The table as ``seat`` sees it (None: everything), clickable elements carrying
        ``data-target`` ids; ``legal`` are the ids to highlight, ``selection`` the current
        pick.  ``memory``: draw what the seat saw earlier but cannot see now face down
        (the player must remember).  ``names``: the players' names, if not "seat N".
        ``now``: the game as it stands, when ``state`` is an earlier position: in memory
        mode a card that lies face down at ``now`` is drawn face down on it too.
        ``keep_last_turn``: :attr:`Viewer.keeps_last_turn`."""
        view = state.omniscient() if seat is None else state.observation(seat)
        html: str = view._repr_html_()
        return html

    def targets(self, state: State[Any], seat: int | None,
                selection: str = "") -> dict[str, Action | None]:
        """Every target ``seat`` may click now that plays or selects something legal:
        target id -> the legal action it plays (None when it only selects)."""
        return {}

    def click(self, state: State[Any], seat: int | None, target: str,
              selection: str = "") -> Click:
        """What a click on ``target`` means now (the action need not be legal)."""
        return Refuse("", f"{target!r} is not something to click in {self.game.title}")

    def target_of(self, action: Action) -> str | None:
        """The target id a replayed action is drawn at (highlight), if any."""
        return None

    # ---------------------------------------------------------------- rules and odds
    def quote(self, section: str) -> Quote | None:
        """The rulebook's sentence for a section (as events and refusals name it)."""
        return self.quotes.get(section)

    def odds(self, state: State[Any], seat: int, *,
             memory: bool = False) -> list[Odds | Expectation]:
        """Exact chances for ``seat``, from that seat's observation only.

        ``memory``: the player plays in memory mode, so leave out chances that name a card
        the player saw earlier (the player must remember it, not read it here)."""
        return []

    # ---------------------------------------------------------------- what a viewer may know
    def told(self, now: State[Any], step: Step, viewer: Viewer,
             names: Sequence[str] = ()) -> Told:
        """``step`` (of the game that is at ``now``) as ``viewer`` may know it now.

        The base class tells every step as it is: a game whose events name something a
        viewer may not know (in memory mode: cards that lie face down again) says less."""
        return Told(str(step.action), tuple(str(e) for e in step.events),
                    tuple(e.rule for e in step.events))

    def told_steps(self, now: State[Any], steps: Sequence[Step], viewer: Viewer,
                   names: Sequence[str] = ()) -> list[Told]:
        """:meth:`told` of many steps at once (a game may work out what is open only once)."""
        return [self.told(now, step, viewer, names) for step in steps]

    def said_steps(self, now: State[Any], steps: Sequence[Step], viewer: Viewer,
                   names: Sequence[str] = ()) -> list[Told]:
        """:meth:`told_steps` in the players' words: ``action`` a sentence with the players'
        names ("Dirk takes the red 8"), ``events`` what the rules did, as sentences,
        ``notation`` the step's notation as the viewer may know it (for a tooltip).

        The base class has no words of its own: it says the notation."""
        return [Told(t.action, t.events, t.rules, t.concealed, t.action)
                for t in self.told_steps(now, steps, viewer, names)]

    def said_events(self, now: State[Any], events: Sequence[Event], viewer: Viewer,
                    names: Sequence[str] = ()) -> list[str]:
        """Events outside any step (the set-up's) in the players' words, as ``viewer`` may
        know them now; the base class says their notation."""
        return [str(e) for e in events]

    def said_refusal(self, reason: str, names: Sequence[str] = ()) -> str:
        """A refusal (the engine's, or a click's) in the players' words: "seat 1" named,
        and whatever notation the game can say better."""
        return with_names(reason, names)

    def odds_method(self, state: State[Any], seat: int, *, memory: bool = False) -> str:
        """How :meth:`odds` are worked out, in a sentence a class can follow (shown above
        the odds), or ``""``."""
        return ""

    def glimpse(self, now: State[Any], frames: Sequence[State[Any]], steps: Sequence[Step],
                viewer: Viewer, names: Sequence[str] = ()) -> tuple[Glimpse, ...]:
        """The moments of play since the viewer's seat last moved whose cards lie face down
        again now, each as the viewer saw it then (memory mode, the game at ``now``, its
        ``frames`` and ``steps``): what a view shows as it happens, and again when asked.
        The base class has none: nothing once seen is turned face down again."""
        return ()

    def past_hidden(self, now: State[Any], viewer: Viewer) -> str:
        """Why ``viewer`` may not look at earlier positions of the game at ``now`` (they would
        show what the viewer may not know now), or ``""`` if it may."""
        return ""

    def told_pages(self, now: State[Any], before: State[Any], step: Step, after: State[Any],
                   viewer: Viewer, names: Sequence[str] = ()) -> list[Page]:
        """The inspector pages of one step as ``viewer`` may see them now: :meth:`pages`, or,
        when the step names what the viewer may not know, one page of what it may."""
        told = self.said_steps(now, [step], viewer, names)[0]
        if not told.concealed:
            return self.pages(before, step, after, names)
        body = "".join(f"<li>{escape(line)}</li>" for line in told.events)
        return [Page(told.action, told.rules[0] if told.rules else "",
                     f"<ul>{body}</ul>" if body else "")]

    def part_board(self, before: State[Any], step: Step, after: State[Any], part: int,
                   seat: int | None, *, memory: bool = False, names: Sequence[str] = (),
                   now: State[Any] | None = None,
                   keep_last_turn: bool = False) -> tuple[str, str] | None:
        """A step the rules carry out in parts (its :meth:`pages`), on the table: part ``part``
        (from 0) as the board HTML of the position after that part, the cards being scored
        lit (class ``gl-scoring``), and its status line; None for the last part (the
        position ``after`` the step, drawn by :meth:`board_html`) and for a step done in
        one part.  The arguments are :meth:`board_html`'s.  The base class has no parts."""
        return None

    # ---------------------------------------------------------------- inspection
    def pages(self, before: State[Any], step: Step, after: State[Any],
              names: Sequence[str] = ()) -> list[Page]:
        """The inspector pages of one step (most steps have one); ``names`` name the seats."""
        rules = [e.rule for e in step.events] or [""]
        body = "".join(f"<li>{escape(str(e))}</li>" for e in step.events)
        return [Page(str(step), rules[0], f"<ul>{body}</ul>" if body else "")]

    def breakdown(self, state: State[Any], names: Sequence[str] = ()) -> Breakdown | None:
        """The final scoring of a finished game, with the tie-break that decided."""
        outcome = state.outcome()
        if outcome is None:
            return None
        label = list(names) or [f"seat {s}" for s in range(state.players)]
        rows = tuple((label[s], str(p), str(outcome.ranks[s]))
                     for s, p in enumerate(outcome.scores))
        winners = " and ".join(label[w] for w in outcome.winners)
        verdict = f"{winners} {'share the victory' if outcome.shared else 'wins'}"
        return Breakdown(("player", "points", "rank"), rows, verdict)

    def player_names(self, state: State[Any]) -> tuple[str, ...]:
        """Default names of the seats."""
        return tuple(f"seat {s}" for s in range(state.players))

    # ---------------------------------------------------------------- one moment, whole
    def scene(self, now: State[Any], viewer: Viewer, *, frames: Sequence[State[Any]],
              steps: Sequence[Step], position: int | None = None, page: int = 0,
              selection: str = "", acting: bool = False, names: Sequence[str] = (),
              error_rule: str = "") -> Scene:
        """Everything a view draws of the game at ``now``, as ``viewer`` may see it: the
        one call a view makes per redraw.

        ``frames`` and ``steps`` are the positions after each player action and their
        steps (:meth:`goldlab.views.Table.frames`); ``position`` the frame asked for (None:
        the live position), ``page`` its inspector page; ``acting``: the viewer may click at
        the live position (its turn, a person's seat); ``error_rule`` the rule a refusal
        named, to quote.  Built from the other methods, so a game overrides those (or this,
        to share work between them).
        """
        hidden = self.past_hidden(now, viewer) if position is not None else ""
        last = len(frames) - 1
        index = last if position is None or hidden else max(0, min(position, last))
        pages = tuple(self.frame_pages(now, frames, steps, index, viewer, names))
        last_page = len(pages) - 1
        # live: the game as it stands, which is the last part of the last step (and the
        # live position, too, when an earlier one would show what the viewer may not know)
        live = position is None or bool(hidden) or (index == last and page >= last_page)
        page = last_page if live else max(0, min(page, last_page))
        shown = now if live else frames[index]
        acting = acting and live
        targets = self.targets(shown, viewer.seat, selection) if acting else {}
        keep = viewer.keeps_last_turn
        board = self.board_html(shown, viewer.seat, selection=selection,
                                legal=frozenset(targets), memory=viewer.forgets, names=names,
                                now=None if live else now, keep_last_turn=keep)
        part = (self.part_board(frames[index - 1], steps[index - 1], frames[index], page,
                                viewer.seat, memory=viewer.forgets, names=names, now=now,
                                keep_last_turn=keep)
                if index and page < last_page else None)
        if part is not None:  # a part of a step carried out in parts: the board after it
            board = part[0]
        to_move = shown.current_player
        odds_seat = to_move if to_move >= 0 and (
            viewer.everything or viewer.seat == to_move) else None
        if not live and viewer.forgets and not viewer.knows_all(now):
            odds_seat = None  # an earlier position's odds count cards seen since
        odds = (tuple(self.odds(shown, odds_seat, memory=viewer.forgets))
                if odds_seat is not None else ())
        told = tuple(self.said_steps(now, steps, viewer, names))  # in the players' words
        highlight = (self.target_of(steps[index - 1].action)
                     if index and not told[index - 1].concealed and part is None else None)
        recent = shown.recent_steps(LOG_STEPS)
        breakdown = (self.breakdown(shown, names) if shown.is_terminal() and page == last_page
                     else None)  # the winner's banner waits for the last part
        return Scene(
            index=index, live=live, acting=acting, board=board, legal=frozenset(targets),
            pages=pages, page=page, told=told,
            recent=tuple(zip(recent, self.said_steps(now, recent, viewer, names), strict=True)),
            highlight=highlight or "", hidden=hidden, quote=self.quote(pages[page].rule),
            error_quote=self.quote(error_rule) if error_rule and not hidden else None,
            odds_seat=odds_seat, odds=odds, breakdown=breakdown,
            part_status=part[1] if part is not None else "",
            odds_method=(self.odds_method(shown, odds_seat, memory=viewer.forgets)
                         if odds and odds_seat is not None else ""),
            glimpse=self.glimpse(now, frames, steps, viewer, names) if live else ())

    def frame_pages(self, now: State[Any], frames: Sequence[State[Any]], steps: Sequence[Step],
                    index: int, viewer: Viewer, names: Sequence[str] = ()) -> list[Page]:
        """The inspector pages of frame ``index`` (0: the start) of the game at ``now``, as
        ``viewer`` may see them now."""
        if index > 0:
            pages = self.told_pages(now, frames[index - 1], steps[index - 1], frames[index],
                                    viewer, names)
            if pages:
                return pages
        return [self.start_page(frames[index], now, viewer, names)]

    def start_page(self, state: State[Any], now: State[Any], viewer: Viewer,
                   names: Sequence[str] = ()) -> Page:
        """The set-up, as ``viewer`` may know it now (``now``: the game as it stands)."""
        setup = self.said_events(now, getattr(state, "setup_events", ()), viewer, names)
        for told in self.said_steps(now, state.history, viewer, names):
            setup.extend(told.events)
        body = "".join(f"<li>{escape(line)}</li>" for line in setup[:40])
        return Page("The start: the table as set up", "", f"<ul>{body}</ul>" if body else "")

class SaidCache:
    """The players' words of steps already said, so a long game's move list is not said
    again at every redraw: ``step`` (by identity: a step is immutable, the frames keep
    it) and ``key`` (whatever else the words depend on: names, what is hidden) -> the
    words.  Bounded: it forgets everything at :attr:`limit` entries."""

    def __init__(self, limit: int = 50_000) -> None:
        self.limit = limit
        self._said: dict[int, tuple[Step, object, Told]] = {}

    def get(self, step: Step, key: object) -> Told | None:
        """The words kept for ``step`` said with ``key``, or None."""
        found = self._said.get(id(step))
        if found is None or found[0] is not step or found[1] != key:
            return None
        return found[2]

    def put(self, step: Step, key: object, said: Told) -> Told:
        """Keep ``said`` for ``step`` and ``key``; returns ``said``."""
        if len(self._said) >= self.limit:
            self._said.clear()
        self._said[id(step)] = (step, key, said)
        return said
