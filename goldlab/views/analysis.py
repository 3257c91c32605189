"""The analysis board's intents of a :class:`~goldlab.views.game_view.GameView`: stepping
through the frames, playing a variation from a position shown, watching bots play live.

>>> import goldlab
>>> from goldlab.views import GameView
>>> view = GameView.replay(goldlab.make("gold", players=2, seed=1))
>>> view.step(1); view.position
0
>>> view.end(); view.position is None   # the game as it stands
True

Like every intent these are evaluated in Python against the game as it is now, so quick
clicks are never lost or applied to a stale position; anything but a whole number sets
``error`` and changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from goldlab.core.options import check_flag
from goldlab.core.presentation import Viewer
from goldlab.views.intents import Refused, clamp, whole
from goldlab.views.table import Table

STEP_BY_PAGES = 20
"""A step of at most this many goes page by page; a longer one moves by whole frames."""

LAST_PART = 2**31
"""A page past any step's last part (``goto`` clamps it to the last)."""

EVERYTHING = "all"
"""The seat setting that shows everything (the teacher's view)."""

LOCKED = "the teacher locked this view: its seat, memory mode, bots and game stay as they are"
"""Why a locked view refuses to change who sees what."""


class AnalysisBoard:
    """Stepping, variations and watching, for a view with a table, a position and a page."""

    table: Table
    seat: int | str
    locked: bool
    position: int | None
    page: int
    selection: str
    hint: str
    error: str

    if TYPE_CHECKING:  # what the mixin uses of the view it is part of
        def _refresh(self) -> None: ...
        def _fail(self, reason: str, rule: str = "") -> None: ...
        def _viewer(self) -> Viewer: ...

    def _pages(self, index: int) -> list[Any]:
        """The inspector pages of frame ``index``, as this view's seat may see them now."""
        table = self.table
        frames, steps = table.frames()
        return table.presenter.frame_pages(table.state, frames, steps, index, self._viewer(),
                                           table.names)

    # ---------------------------------------------------------------- stepping through
    def goto(self, index: int, page: int = 0) -> None:
        """Show the position after frame ``index`` (0: the start), at inspector page ``page``
        (a step carried out in parts shows part ``page`` on the board); both clamped to
        what exists.  The game as it stands is the last frame's last part."""
        try:
            index, page = whole(index, "the frame"), whole(page, "the page")
        except Refused as exc:
            self._fail(str(exc))
            return
        frames, _ = self.table.frames()
        self.position = clamp(index, 0, len(frames) - 1)  # the scene says if it is live
        self.page = max(page, 0)  # and clamps the page to the frame's
        self.selection = self.hint = self.error = ""
        self._refresh()

    def step(self, delta: int) -> None:
        """Move ``delta`` steps (pages first, where a step has several) from where the view
        is.  A step longer than :data:`STEP_BY_PAGES` moves by whole frames (to a frame's
        first page), clamped to the start and the end: its cost does not grow with it."""
        try:
            delta = whole(delta, "a step")
        except Refused as exc:
            self._fail(str(exc))
            return
        frames, _ = self.table.frames()
        last = len(frames) - 1
        index = last if self.position is None else self.position
        if abs(delta) > STEP_BY_PAGES:
            target = clamp(index + clamp(delta, -len(frames), len(frames)), 0, last)
            if target == last and delta > 0:
                self.end()  # the last frame's last part: the game as it stands
            else:
                self.goto(target)
            return
        page = self.page
        for _ in range(abs(delta)):
            if delta > 0:
                if page + 1 < len(self._pages(index)):
                    page += 1
                elif index < last:
                    index, page = index + 1, 0
            elif page > 0:
                page -= 1
            elif index > 0:
                index -= 1
                page = len(self._pages(index)) - 1
        self.goto(index, page)

    def home(self) -> None:
        """Jump to the start."""
        self.goto(0)

    def end(self) -> None:
        """Jump to the latest position, its last part (live play resumes there)."""
        frames, _ = self.table.frames()
        self.goto(len(frames) - 1, LAST_PART)

    # ---------------------------------------------------------------- variations
    def play_from_here(self, fresh_luck: bool = False) -> None:
        """Play on from the position shown (a *variation*: what if she had taken the other
        card?), keeping the game to come back to (:meth:`back_to_main_line`).  It goes on
        under the game's own luck: the same cards come off the same pile in the same order
        as long as it draws as the game did.  ``fresh_luck=True``: new luck instead."""
        fresh_luck = check_flag(fresh_luck, "fresh_luck")
        why = self.why_no_variation()
        if why:
            self._fail(why)
            return
        frames, _ = self.table.frames()
        index = len(frames) - 1 if self.position is None else self.position
        self.position, self.page, self.selection, self.hint, self.error = None, 0, "", "", ""
        self.table.play_from(index, fresh_luck)  # redraws every view of the table

    def why_no_variation(self) -> str:
        """Why this view may not play from here now, or ``""``: a variation plays on with the
        game's own cards to come, so during a game only the teacher's unlocked view may."""
        if self.locked:
            return LOCKED
        if self.seat != EVERYTHING and not self.table.state.is_terminal():
            return ("a variation would turn up the cards still to come: during a game only "
                    "the teacher's view (everything) plays from here")
        return ""

    def back_to_main_line(self) -> None:
        """Leave the variation: the game as it was, shown at the position the variation left."""
        if self.table.variation_from is None:
            self._fail("this is the main line: there is no variation to leave")
            return
        self.selection = self.hint = self.error = ""
        self.goto(self.table.back_to_main())

    # ---------------------------------------------------------------- watching bots play
    def set_speed(self, moves_per_second: float) -> None:
        """Bot moves a second when the bots play in the background (0: as fast as they
        decide): a bots-only game is then watched live.  From the browser one of
        :data:`~goldlab.views.table.WATCH_SPEEDS`; from Python any speed up to 100."""
        speed = float(moves_per_second)
        if not 0 <= speed <= 100:
            raise ValueError(f"a speed is 0 (at once) to 100 moves a second, not {speed!r}")
        self.table.pace = 1 / speed if speed else 0.0
        self._refresh()

    def watch(self, moves_per_second: float = 1.0) -> None:
        """Let the bots play on live at ``moves_per_second`` (a worker thread paces them;
        :meth:`pause`, Undo or New game stop it), e.g. a game among bots only."""
        self.set_speed(moves_per_second)
        self.error = ""
        self.table.play_in_background()

    def pause(self) -> None:
        """Stop the bots playing in the background (a search is cut short, its move dropped);
        "Let bots move" goes on."""
        self.table.cancel_bots()
        self._refresh()
