"""What a view's toolbar and menus set: whose eyes it looks through, memory and projector
mode, who plays each seat, and the game itself (new game, rematch, save, load).

A teacher's lock (``GameView(..., locked=True)``) refuses what would change who sees what:
the seat, memory mode, the bots, loading a game, a rematch (it deals cards the seat has
seen); Save then writes a record for the seat.  A refusal sets ``error`` and changes nothing.

>>> import goldlab
>>> from goldlab.views import GameView
>>> view = GameView(goldlab.make("gold", players=2, seed=1), seat=0, locked=True)
>>> view.set_seat(1); view.seat, view.error.startswith("the teacher locked this view")
(0, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from goldlab.bots.play import check_bounded
from goldlab.core.errors import GoldlabError, IllegalActionError
from goldlab.core.presentation import Viewer
from goldlab.core.state import CHANCE, TERMINAL
from goldlab.views.analysis import EVERYTHING, LOCKED
from goldlab.views.table import VIEW_MAX_RECORD_BYTES, VIEW_MAX_STEPS, Table

PUBLIC = "public"
"""The seat setting that shows only what lies open on the table."""

KEEP = "keep"
"""Memory mode, a teacher's choice (``last_turn="keep"``): the cards of the turn just played
stay face up until the next flip."""


class Settings:
    """The settings intents of a view with a table, a seat and a lock."""

    table: Table
    seat: int | str
    memory: bool
    projector: bool
    locked: bool
    last_turn: str
    position: int | None
    selection: str
    hint: str
    error: str

    if TYPE_CHECKING:  # what the mixin uses of the view it is part of
        def _refresh(self) -> None: ...
        def _fail(self, reason: str, rule: str = "") -> None: ...
        def send(self, content: dict[str, Any]) -> None: ...

    def set_seat(self, seat: int | str | None) -> None:
        """Look at the game as ``seat`` sees it ("all": everything; "public": the open table)."""
        if self.locked:
            self._fail(LOCKED)
            return
        self.seat = self._check_seat(seat)
        self.memory = self._default_memory()
        self.selection = self.hint = self.error = ""
        self._refresh()

    def set_memory(self, on: bool) -> None:
        """Memory mode: draw what the seat saw earlier face down again (off: show it)."""
        if self.locked:
            self._fail(LOCKED)
            return
        self.memory = bool(on)
        self._refresh()

    def set_projector(self, on: bool) -> None:
        """Projector mode: large type, no log, notation box or developer panels, short odds."""
        self.projector = bool(on)
        self._refresh()

    def set_bot(self, seat: int, who: str) -> None:
        """Let a bot play ``seat`` (by spec, e.g. ``"greedy"`` or ``"ismcts:200"``), or a person
        (``"person"``), from the seat's next decision on.

        A bad spec or seat sets ``error`` (saying what is wrong) and changes nothing; so
        does any change in a locked view.  From the browser only the menus' choices are
        taken (:meth:`Table.set_seat_from_menu`); from Python any spec.
        """
        self._set_bot(seat, who, self.table.set_seat)

    def set_bot_from_menu(self, seat: int, who: object) -> None:
        """:meth:`set_bot` for a choice of a browser's seat menu: only what the menus offer
        (:meth:`Table.set_seat_from_menu`)."""
        self._set_bot(seat, who, self.table.set_seat_from_menu)

    def _set_bot(self, seat: int, who: object, setter: Any) -> None:
        self.error = ""
        if self.locked:
            self._fail(LOCKED)
            return
        try:
            setter(seat, who)
        except IllegalActionError as exc:
            self._fail(exc.reason, exc.rule)
        except (GoldlabError, ValueError, TypeError) as exc:
            self._fail(str(exc))

    def new_game(self, seed: int | None = None) -> None:
        """A new game: same players, options and bots, shuffled anew."""
        self.position, self.selection, self.error = None, "", ""
        self.table.new_game(seed)

    def rematch(self) -> None:
        """The same game again from the same shuffle (refused in a locked view: the seat
        has seen that shuffle's cards)."""
        if self.locked:
            self._fail(f"{LOCKED} (a rematch deals the cards already seen: start a new game)")
            return
        self.position, self.selection, self.error = None, "", ""
        self.table.rematch()

    def save(self) -> str:
        """The game so far as a record (JSON text); the front end offers it as a download.

        Only the teacher's unlocked view ("everything") saves the full record with its
        seed.  A locked view, or one for a seat or the open table, saves a record for a
        player (:meth:`Table.record_json` with ``for_player``): no seed, no generator,
        nothing that predicts the chance to come; loading it continues with fresh chance.
        In memory mode (and on the open table) a record would name cards that lie face
        down now: Save is refused with the reason until the game ends
        (:meth:`Table.why_not_saved`), and returns ``""``.
        """
        refused = self.table.why_not_saved(self._viewer())
        if refused:
            self._fail(refused)
            return ""
        for_player = self.locked or self.seat != EVERYTHING
        text = self.table.record_json(for_player=for_player)
        game = self.table.state.game.name
        name = f"{game}-record.json" if for_player else f"{game}-{self.table.state.seed}.json"
        self.send({"type": "download", "filename": name, "text": text})
        return text

    def load(self, text: str) -> None:
        """Continue from a record (JSON text); a bad record is refused and changes nothing.

        The table keeps its mode (a record saying ``"study"`` does not make a play table
        undo reveals); a view loads at most :data:`VIEW_MAX_RECORD_BYTES` bytes and
        :data:`VIEW_MAX_STEPS` steps, and no game that bots alone may play for ever.  A
        locked view loads nothing.
        """
        if self.locked:
            self._fail(LOCKED)
            return
        if len(text) > VIEW_MAX_RECORD_BYTES:
            self._fail(f"the record is {len(text):,} bytes; a view loads at most "
                       f"{VIEW_MAX_RECORD_BYTES:,}")
            return
        try:
            bots = self.table.bots
            self.table.load(text, mode=self.table.state.mode, max_steps=VIEW_MAX_STEPS,
                            check=None if len(bots) < self.table.players else check_bounded)
        except GoldlabError as exc:
            self._fail(str(exc))
            return
        self.position, self.selection, self.error = None, "", ""
        self._refresh()

    def _check_seat(self, seat: int | str | None) -> int | str:
        if seat is None or seat == EVERYTHING:
            return EVERYTHING
        if seat == PUBLIC:
            return PUBLIC
        if isinstance(seat, str) and seat.isdigit():
            seat = int(seat)
        if isinstance(seat, bool) or not isinstance(seat, int) or not (
            0 <= seat < self.table.players
        ):
            raise ValueError(
                f"seat must be None or 'all' (everything), 'public' (the open table) or "
                f"0-{self.table.players - 1}, not {seat!r}"
            )
        return seat

    def _default_memory(self) -> bool:
        return isinstance(self.seat, int) and self.table.is_person(self.seat)

    def _viewer(self) -> Viewer:
        """Who looks through this view, as the presenter asks: what it may know is the
        presenter's to say (nothing a seat may not know, in memory mode nothing that lies
        face down again, on the open table only what lies open)."""
        keep = self.last_turn == KEEP
        if self.seat == PUBLIC:
            return Viewer(public=True, memory=True, keeps_last_turn=keep)
        if isinstance(self.seat, int):
            return Viewer(self.seat, memory=self.memory, keeps_last_turn=keep)
        return Viewer()

    # ---------------------------------------------------------------- who may play now
    def _acting_seat(self) -> int | None:
        return self.seat if isinstance(self.seat, int) else None

    def _can_act(self, live: bool = False) -> bool:
        """True when this view may play now (``live``: were it at the live position)."""
        state = self.table.state
        to_move = state.current_player
        if (self.position is not None and not live) or to_move < 0 or self.seat == PUBLIC:
            return False
        if not self.table.is_person(to_move):
            return False
        return self.seat == EVERYTHING or self.seat == to_move

    def _why_cannot_act(self) -> str:
        state = self.table.state
        to_move = state.current_player
        if self.position is not None:
            return "you are looking at an earlier position: press End to return to the game"
        if to_move == TERMINAL:
            return "the game is over: start a new game or a rematch"
        if to_move == CHANCE:
            return "chance is to move"
        if self.seat == PUBLIC:
            return "the public table only watches: choose a seat to play"
        if not self.table.is_person(to_move):
            return f"{self.table.names[to_move]} is played by a bot: let the bots move"
        return f"it is {self.table.names[to_move]}'s turn, not yours"
