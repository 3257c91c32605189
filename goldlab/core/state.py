"""The mutable :class:`State` every goldlab game builds on.

A state knows whose turn it is, lists the legal actions, applies one (returning
the events it caused) or refuses it with the rule that forbids it, undoes,
clones, serialises, and gives each player only what that player may see.

Chance is explicit.  Whenever the rules reveal something hidden (a card turned
up, a tile drawn) the state is at a *chance node*: ``current_player`` is
:data:`CHANCE` and the legal actions are :class:`ChanceOutcome` objects with the
probabilities given by :meth:`State.chance_outcomes`.  With ``auto_chance`` on
(the default) the state resolves chance nodes itself with its own seeded
generator, and every outcome still goes into the history.

Undo is a stack of snapshots, as in python-chess: ``apply`` saves the state
before the step (a :class:`Frame`), ``undo`` restores it.  In ``"play"`` mode a step that revealed
hidden information cannot be undone (the generator would deal the same cards
again, so undoing would let a player peek at the future); ``"study"`` mode undoes
freely.  See ``docs/api.md``.
"""

from __future__ import annotations

import math
import random
from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar

from goldlab.core.errors import IllegalActionError, InvalidActionError, UndoError
from goldlab.core.game import MODES
from goldlab.core.notation import shown
from goldlab.core.options import check_choice, check_flag, check_seat, check_seed
from goldlab.core.values import Action, ChanceOutcome, Event

if TYPE_CHECKING:
    from goldlab.core.game import Game
    from goldlab.core.record import Record

CHANCE = -1
"""``current_player`` at a chance node."""
TERMINAL = -2
"""``current_player`` once the game is over."""

Snapshot = Any
G = TypeVar("G", bound="Game")


class Step(NamedTuple):
    """One entry of a state's history: who acted, the action, the events it caused."""

    actor: int
    action: Action
    events: tuple[Event, ...]

    def __str__(self) -> str:
        if self.actor == CHANCE:
            return str(self.action)  # chance notation already starts with "chance:"
        return f"seat {self.actor}: {self.action}"


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game."""

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    winners: tuple[int, ...]

    @property
    def shared(self) -> bool:
        """True when more than one player shares the victory."""
        return len(self.winners) > 1

    def to_dict(self) -> dict[str, list[int]]:
        """A JSON-friendly form."""
        return {"scores": list(self.scores), "ranks": list(self.ranks),
                "winners": list(self.winners)}


class Frame(NamedTuple):
    """The undo frame of one step, as :meth:`State.apply` pushes it.

    The undo stack holds each frame as a plain tuple of these fields (Python makes
    a plain tuple several times quicker than a named one, and a frame is made at
    every step); :meth:`State.undo` reads the top one as a ``Frame``.

    ``snapshot`` is the game data before the step (:meth:`State._save`), or None
    between two snapshots (:attr:`State.snapshot_every`), ``history_len`` how far
    the history went, ``legal`` the legal actions then,
    ``rng_mark`` a token from which :meth:`State._rng_rewind` restores the
    generator (None when the step drew nothing), and ``revealed`` whether the
    step uncovered hidden cards.
    """

    snapshot: Snapshot | None
    history_len: int
    legal: list[Action]
    rng_mark: Any
    revealed: bool

    def restore(self, state: State[Any]) -> Action:
        """Put ``state`` back as it was before the step; return the step's action."""
        history = state._history
        action = history[self.history_len].action
        state._rewind(self.snapshot, self.history_len)
        del history[self.history_len:]
        if self.rng_mark is not None:
            state._rng_rewind(self.rng_mark)
        state._legal = self.legal
        return action


_new_tuple = tuple.__new__


class State(ABC, Generic[G]):
    """A position of a game plus its history.  Subclasses supply the rules."""

    def __init__(self, game: G, seed: int | None, mode: str = "play",
                 auto_chance: bool = True) -> None:
        mode = check_choice(mode, MODES, "mode")
        auto_chance = check_flag(auto_chance, "auto_chance")
        seed = random.SystemRandom().randrange(2**63) if seed is None else check_seed(seed)
        self.game: G = game
        self.seed = seed
        self.mode = mode
        self.auto_chance = auto_chance
        self._rng = random.Random(seed)
        self._history: list[Step] = []
        self._frames: list[tuple[Snapshot | None, int, list[Action], Any, bool]] = []
        self._legal: list[Action] | None = None
        self._start: dict[str, Any] | None = None

    # ---------------------------------------------------- hooks every game gives
    @property
    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE` at a chance node, :data:`TERMINAL` at the end."""

    @abstractmethod
    def _legal_actions(self) -> list[Action]:
        """The legal actions of the player to act (not called at chance nodes)."""

    @abstractmethod
    def _illegal_reason(self, action: Action) -> tuple[str, str]:
        """(rule section, reason) explaining why a non-legal ``action`` is refused."""

    @abstractmethod
    def _do(self, action: Action) -> list[Event]:
        """Carry out a legal action or chance outcome; return the events."""

    @abstractmethod
    def _save(self) -> Snapshot:
        """An immutable, comparable snapshot of the game data (not the history)."""

    @abstractmethod
    def _load(self, snapshot: Snapshot) -> None:
        """Restore the game data from a snapshot made by :meth:`_save` (the game's fields
        only: the core calls it through :meth:`_restore`, which then forgets what it listed
        for the position before, so a game's ``_load`` never touches the core's fields)."""

    @abstractmethod
    def _snapshot_to_json(self, snapshot: Snapshot) -> Any:
        """A JSON-friendly form of a snapshot."""

    @abstractmethod
    def _snapshot_from_json(self, data: Any) -> Snapshot:
        """The inverse of :meth:`_snapshot_to_json`; raise ValueError on bad data."""

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[ChanceOutcome, Fraction]]:
        """At a chance node: every outcome with its exact probability."""

    @abstractmethod
    def scores(self) -> tuple[int, ...]:
        """Each seat's points so far (final points once the game is over)."""

    @abstractmethod
    def observation(self, player: int) -> Any:
        """What ``player`` may see: never a hidden card that player has not seen."""

    @abstractmethod
    def omniscient(self) -> Any:
        """Everything, hidden cards included, for teaching and analysis."""

    # --------------------------------------------------------- optional hooks
    # A game may override these; the defaults suit a game that keeps every undo
    # frame, draws chance with the state's generator one outcome at a time and
    # hides nothing beyond the draws to come.  (:meth:`undo_refusal` too, for a
    # game that refuses more undos.)
    keeps_undo = True
    """False: :meth:`apply` keeps no undo frame, so nothing can be undone (and a step that
    fails half-way is not rolled back).  A search sets it on the samples it plays out
    and throws away (``ismcts``): the snapshot before each step is most of the
    bookkeeping of a playout.  The history is still kept."""

    snapshot_every = 1
    """How often :meth:`apply` snapshots the position for undo: before every step (1),
    or before every n-th.  A step in between is undone by loading the snapshot before
    it and carrying out the steps recorded since then again (:meth:`_rewind`).  A game
    may raise it only if its ``_do`` rebuilds the position from the recorded steps
    alone: chance recorded as steps, nothing kept outside the snapshot."""

    def _position_problem(self) -> str | None:
        """What is wrong with this state's position as loaded from a file, or None.

        Called on a record's start position before anything is played from it:
        each game checks its own (cards conserved, sizes and phases consistent),
        so that a crafted file cannot make the rules loop, crash or stall.
        """
        return None

    def _tiebreak(self, seat: int) -> tuple[int, ...]:
        """Keys after the score that rank tied players (higher is better)."""
        return ()

    def _sample_chance(self, rng: random.Random) -> ChanceOutcome:
        """Draw one chance outcome with the probabilities of :meth:`chance_outcomes`."""
        outcomes = self.chance_outcomes()
        denominator = math.lcm(*(p.denominator for _, p in outcomes))
        pick = rng.randrange(denominator)
        for outcome, p in outcomes:
            pick -= p.numerator * (denominator // p.denominator)
            if pick < 0:
                return outcome
        raise AssertionError("chance probabilities do not sum to 1")  # pragma: no cover

    def _redeal_hidden(self, player: int, rng: random.Random) -> None:
        """Redraw, in place, what ``player`` cannot know (this state is a fresh copy).

        Each game says what is hidden: Gold!'s unseen cards and the pile cards
        nobody saw scored; nothing in Mount Goldrush and Goldland beyond the
        draws to come.  The result may depend only on what ``player`` may know
        (the observation and the public history) and on ``rng``.  The chance
        generator is reseeded afterwards by :meth:`determinise`.
        """
        raise NotImplementedError(f"{type(self).__name__} does not say what is hidden")

    def _chance_step(self) -> list[Event]:
        """Resolve the chance node at hand with the state's generator and record the step;
        return its events.  (A game may resolve several chance nodes in one call, each
        recorded as its own step: Gold! turns up a whole offer.)"""
        outcome = self._sample_chance(self._rng)
        caused = self._do(outcome)
        self._history.append(_new_tuple(Step, (CHANCE, outcome, tuple(caused))))
        return caused

    def _rng_mark(self) -> Any:
        """A token from which :meth:`_rng_rewind` restores the generator as it is now."""
        return self._rng.getstate()

    def _rng_rewind(self, mark: Any) -> None:
        """Restore the generator to a :meth:`_rng_mark` token."""
        self._rng.setstate(mark)

    def _set_rng(self, rng: random.Random) -> None:
        """Replace the generator (fresh positions, restored records)."""
        self._rng = rng

    def _why_not(self, action: Action) -> tuple[str, str]:
        """(rule section, reason) for any refused action: chance and the end of the game
        here, the rest from :meth:`_illegal_reason` (a game may say more at the end)."""
        player = self.current_player
        if player == TERMINAL:
            return ("Final scoring", "the game is over")
        if player == CHANCE and not isinstance(action, ChanceOutcome):
            return ("Chance", "chance moves next: apply one of the chance outcomes")
        if player != CHANCE and isinstance(action, ChanceOutcome):
            return ("Chance", f"it is seat {player}'s turn, not a chance step")
        if isinstance(action, ChanceOutcome):
            return ("Chance", "this outcome is not possible now")
        return self._illegal_reason(action)

    # ------------------------------------------------------------- public API
    is_sample = False
    """True for a state made by :meth:`determinise`: a sample, not a game (it has no record)."""

    def determinise(self, player: int, rng: random.Random) -> State[G]:
        """A state drawn from those ``player`` cannot tell from this one (for search bots).

        The copy agrees with everything ``player`` may know (their observation and
        the public history); what they cannot know is redrawn with ``rng``: the
        hidden cards and the future of chance (the copy's generator is seeded from
        ``rng``, so applying actions to it reveals nothing of this game's future).
        The game's seed, start record and undo stack, which could tell the truth,
        are not carried over: the copy cannot undo past this point and has no
        record.  Two states that ``player`` cannot tell apart give the same copy
        for the same ``rng`` state.

        >>> import random, goldlab
        >>> state = goldlab.make("gold", players=2, seed=1)
        >>> sample = state.determinise(0, random.Random(7))
        >>> sample.observation(0) == state.observation(0), sample.is_sample
        (True, True)
        """
        player = check_seat(player, self.players)
        other = self.clone()
        other._redeal_hidden(player, rng)
        seed = rng.getrandbits(64)
        other.seed = seed
        other._set_rng(random.Random(seed))
        other._frames = []
        other._start = None
        other._legal = None
        other.is_sample = True
        return other

    def resample_hidden(self, player: int, rng: random.Random) -> State[G]:
        """The same as :meth:`determinise` (its earlier name)."""
        return self.determinise(player, rng)

    @property
    def players(self) -> int:
        """The number of players."""
        return self.game.players

    @property
    def options(self) -> Any:
        """The game's options."""
        return self.game.options

    def is_chance_node(self) -> bool:
        """True when chance, not a player, moves next."""
        return self.current_player == CHANCE

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self.current_player == TERMINAL

    def legal_actions(self) -> list[Action]:
        """The actions allowed now (chance outcomes at a chance node; none at the end)."""
        if self._legal is None:
            player = self.current_player
            if player == TERMINAL:
                self._legal = []
            elif player == CHANCE:
                self._legal = [outcome for outcome, _ in self.chance_outcomes()]
            else:
                self._legal = self._legal_actions()
        return list(self._legal)

    def parse_action(self, text: str) -> Action:
        """Parse notation for this game (see :meth:`Game.parse_action`)."""
        return self.game.parse_action(text)

    def is_legal(self, action: Action | str) -> bool:
        """True if ``action`` may be applied now."""
        try:
            action = self._coerce(action)
        except InvalidActionError:
            return False
        return action in self.legal_actions()

    def explain(self, action: Action | str) -> str | None:
        """None if ``action`` is legal, else the reason with the rule that forbids it."""
        action = self._coerce(action)
        if action in self.legal_actions():
            return None
        rule, reason = self._why_not(action)
        return f"{reason} [{rule}]"

    def apply(self, action: Action | str) -> list[Event]:
        """Apply a legal action; return the events it caused (chance steps included).

        Raises :class:`InvalidActionError` for text that does not parse and
        :class:`IllegalActionError` for an action the rules forbid; in both
        cases the state is left exactly as it was.
        """
        legal = self._legal
        if legal is None:
            self.legal_actions()
            legal = self._legal
            assert legal is not None
        for known in legal:  # legal actions are usually the very objects listed
            if known is action:
                break
        else:
            action = self._check(action, legal)
        history = self._history
        actor = self.current_player
        keeps = self.keeps_undo  # False in a search's sample: nothing to put back, ever
        frames = self._frames
        snapshot = (self._save() if keeps and len(frames) % self.snapshot_every == 0
                    else None)
        history_len = len(history)
        revealed = actor == CHANCE  # (the listed actions of a chance node are its outcomes)
        mark = None
        try:
            self._legal = None
            events = self._do(action)
            history.append(_new_tuple(Step, (actor, action, tuple(events))))
            if self.auto_chance and self.current_player == CHANCE:
                if keeps:
                    mark = self._rng_mark()
                revealed = True
                events.extend(self._resolve_chance())
        except BaseException:
            if keeps:
                self._rollback(snapshot, history_len, mark)
            raise
        if keeps:
            frames.append((snapshot, history_len, legal, mark, revealed))
        return events

    def _check(self, action: Action | str, legal: Sequence[Action]) -> Action:
        """The object of ``legal`` equal to ``action``, or raise the error that refuses it."""
        if not isinstance(action, Action):
            action = self._coerce(action)
        for listed in legal:
            if listed == action:
                return listed
        rule, reason = self._why_not(action)
        raise IllegalActionError(action, rule, reason)

    def _rollback(self, snapshot: Snapshot | None, history_len: int, mark: Any) -> None:
        """Put the state back as it was before a step that failed half-way."""
        self._rewind(snapshot, history_len)
        del self._history[history_len:]
        if mark is not None:
            self._rng_rewind(mark)
        self._legal = None

    def _rewind(self, snapshot: Snapshot | None, history_len: int) -> None:
        """Put the position back as it was when the history was ``history_len`` steps long.

        With a ``snapshot`` (of that moment), load it.  Without one (a step between two
        snapshots, :attr:`snapshot_every`), load the last snapshot on the undo stack and
        carry out again the steps recorded since it, chance steps with the outcomes they
        had.  The frame of the step being put back is not on the stack (any more).
        """
        if snapshot is not None:
            self._restore(snapshot)
            return
        frames = self._frames
        i = len(frames) - 1
        while frames[i][0] is None:  # the oldest frame has one (see ``_drop_frames``)
            i -= 1
        self._restore(frames[i][0])
        for step in self._history[frames[i][1]:history_len]:
            self._do(step.action)

    def _drop_frames(self, keep: int) -> None:
        """Keep the undo frames of the last ``keep`` steps (a few more if needed, so the
        oldest kept frame has a snapshot to rewind from)."""
        frames = self._frames
        cut = max(len(frames) - keep, 0)
        while cut and frames[cut][0] is None:
            cut -= 1
        del frames[:cut]

    def undo(self) -> Action:
        """Take back the last step (with the chance steps it triggered); return its action.

        In ``"play"`` mode a step that revealed hidden information is refused
        with :class:`UndoError`; in ``"study"`` mode every step can be undone.
        """
        refusal = self.undo_refusal()
        if refusal is not None:
            raise UndoError(refusal)
        return Frame(*self._frames.pop()).restore(self)

    def can_undo(self) -> bool:
        """True if :meth:`undo` would succeed now (the same decision: :meth:`undo_refusal`)."""
        return self.undo_refusal() is None

    def undo_refusal(self, depth: int = 0) -> str | None:
        """Why :meth:`undo` would be refused now, or None if it would succeed; with
        ``depth``, why it would be refused after ``depth`` undos (nothing is undone to
        find out: :func:`goldlab.core.replay.undo_count` plans a turn taken back so).

        The one place the decision is made: :meth:`undo` raises this reason and
        :meth:`can_undo` reads it, so the two cannot disagree (a game that refuses
        more overrides this method alone).
        """
        frames = self._frames
        if len(frames) <= depth:
            return "nothing to undo"
        if Frame(*frames[-1 - depth]).revealed and self.mode == "play":
            return ("cannot undo a step that revealed hidden cards in play mode "
                    "(use mode='study' to explore freely)")
        return None

    def clone(self) -> State[G]:
        """An independent copy: same position, history, undo stack and generator state."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._rng = random.Random()
        other._rng.setstate(self._rng.getstate())
        other._history = list(self._history)
        other._frames = list(self._frames)
        other._restore(self._save())
        return other

    def legal_listing(self) -> Sequence[Action]:
        """The legal actions now, as the state keeps them: the list :meth:`legal_actions`
        copies (worked out once per position).  Read it, never change it: cheap where a
        copy per call counts (an observation built at every step of a search)."""
        legal = self._legal
        if legal is None:
            self.legal_actions()
            legal = self._legal
            assert legal is not None
        return legal

    def position(self) -> Snapshot:
        """The game data as one immutable, comparable value (no history, no generator):
        what undo saves before a step, a position builder checks and :meth:`fingerprint`
        compares."""
        return self._save()

    @property
    def start_json(self) -> dict[str, Any] | None:
        """The position this game started from (:meth:`to_json`'s form) when it did not
        start from its seed's own set-up (a rulebook example, a puzzle, a record's start),
        else None.  Shared, not copied: read it, never change it."""
        return self._start

    @property
    def history(self) -> list[Step]:
        """Every step so far, set-up chance steps included, oldest first."""
        return list(self._history)

    def recent_steps(self, n: int) -> list[Step]:
        """The last ``n`` steps, oldest first (cheaper than copying the whole history)."""
        return self._history[-n:] if n > 0 else []

    @property
    def last_step(self) -> Step | None:
        """The most recent step, or None before the first one."""
        return self._history[-1] if self._history else None

    def events(self) -> Iterator[Event]:
        """Every event so far (set-up first), oldest first."""
        yield from getattr(self, "setup_events", ())
        for step in self._history:
            yield from step.events

    def outcome(self) -> Outcome | None:
        """Scores, ranks (1 = best) and winners once the game is over, else None."""
        if not self.is_terminal():
            return None
        scores = self.scores()
        tiebreak = self._tiebreak
        keys = [(score, *tiebreak(s)) for s, score in enumerate(scores)]
        ranks = []
        winners = []
        for s, key in enumerate(keys):
            rank = 1  # one more than the number of better keys
            for other in keys:
                if other > key:
                    rank += 1
            ranks.append(rank)
            if rank == 1:
                winners.append(s)
        return Outcome(scores=scores, ranks=tuple(ranks), winners=tuple(winners))

    def returns(self) -> tuple[float, ...]:
        """+1 for a sole winner, shared 1/k for k tied winners, 0 for others (0s if not over)."""
        outcome = self.outcome()
        if outcome is None:
            return tuple(0.0 for _ in range(self.players))
        share = 1.0 / len(outcome.winners)
        return tuple(share if s in outcome.winners else 0.0 for s in range(self.players))

    def record(self) -> Record:
        """The game record (seed, options and every step as notation) of this state."""
        from goldlab.core.record import Record

        return Record.of(self)

    def to_json(self) -> dict[str, Any]:
        """A JSON-friendly serialisation of the position and history (no undo stack)."""
        return {
            "game": self.game.name,
            "players": self.players,
            "options": self.game.options.to_dict(),
            "seed": self.seed,
            "mode": self.mode,
            "auto_chance": self.auto_chance,
            "rng": _rng_to_json(self._rng),
            "data": self._snapshot_to_json(self._save()),
            "history": [
                {"actor": s.actor, "action": str(s.action), "events": [str(e) for e in s.events]}
                for s in self._history
            ],
            "start": self._start,
        }

    def fingerprint(self, *, generator: bool = True) -> Snapshot:
        """A comparable value of everything that decides the future (data and generator).

        ``generator=False`` leaves the generator out: the position alone, a fraction of the
        cost (the generator's state is 625 numbers), for a check that compares the
        generator less often.
        """
        if not generator:
            return (self._save(), self.current_player)
        return (self._save(), self._rng.getstate(), self.current_player)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State) or other.game != self.game:
            return False
        return self.fingerprint() == other.fingerprint() and [
            (s.actor, s.action) for s in self._history
        ] == [(s.actor, s.action) for s in other._history]

    __hash__ = None  # type: ignore[assignment]

    def _repr_html_(self) -> str:
        """Rich display in Jupyter: the omniscient view."""
        view = self.omniscient()
        html = getattr(view, "_repr_html_", None)
        return html() if html is not None else f"<pre>{self!r}</pre>"

    def __repr__(self) -> str:
        turn = self.current_player
        who = {CHANCE: "chance", TERMINAL: "over"}.get(turn, f"seat {turn}")
        return (
            f"<{type(self).__name__} {self.game.name} players={self.players} seed={self.seed} "
            f"steps={len(self._history)} to_move={who}>"
        )

    # ----------------------------------------- what a game's own steps tell the core
    # A game that resolves chance itself (an override of ``_chance_step``) or works out the
    # next decision's actions while applying a step says so through these, never by
    # writing the core's fields (issue 46): the history and the listing stay the core's.
    def _restore(self, snapshot: Snapshot) -> None:
        """Put the game data back to ``snapshot`` (the game's :meth:`_load`) and forget the
        legal actions listed for the position before: the one way the core, and a game's own
        code, loads a position (undo, clones, frames, an inspector's part of a step)."""
        self._load(snapshot)
        self._legal = None

    def _hand_built(self) -> None:
        """Call after setting a position's fields by hand, outside ``_do`` and ``_load`` (a
        game's ``from_position``, a builder of rulebook examples): the core forgets what it
        listed for the position before.  To make that position the game's recorded start,
        call :meth:`_become_position` instead (it forgets the listing too)."""
        self._legal = None

    def _record_chance(self, steps: Sequence[Step]) -> None:
        """Record chance steps a game's ``_chance_step`` resolved itself, oldest first, as
        the core records the one it resolves (Gold! turns up a whole offer at once)."""
        self._history.extend(steps)

    def _next_legal(self, actions: list[Action]) -> None:
        """From ``_do``: the legal actions of the decision the step opens, already worked
        out (Gold!'s set bonus); :meth:`legal_actions` lists these without asking again."""
        self._legal = actions

    # ------------------------------------------------------------- internals
    def _coerce(self, action: Action | str) -> Action:
        if isinstance(action, str):
            return self.game.parse_action(action)
        if not isinstance(action, Action):
            raise InvalidActionError(f"not an action: {shown(action)}")
        return action

    def _resolve_chance(self) -> list[Event]:
        """Resolve chance nodes with the state's generator until a player (or the end) is next."""
        events: list[Event] = []
        while self.current_player == CHANCE:
            events += self._chance_step()
        self._legal = None
        return events

    def _become_position(self, snapshot: Snapshot | None = None) -> None:
        """Make this fresh state start from ``snapshot`` (None: the position as its fields
        stand now, set by hand) instead of the normal set-up.

        The hook of position builders (rulebook examples, puzzles, a game's
        ``from_position``): set the fields, then call this.  The start position goes into
        the game record (:attr:`start_json`), so such games replay too.
        """
        self._restore(self._save() if snapshot is None else snapshot)
        self._history = []
        self._frames = []
        self._set_rng(random.Random(self.seed))
        if hasattr(self, "setup_events"):
            self.setup_events: list[Event] = []
        self._start = None
        self._start = self.to_json()

    def _finish_setup(self) -> None:
        """Call at the end of a subclass ``__init__``: resolves set-up chance if automatic."""
        if self.auto_chance:
            self._resolve_chance()

    def _restore_from_json(self, data: dict[str, Any]) -> None:
        self._set_rng(_rng_from_json(data["rng"]))
        self._restore(self._snapshot_from_json(data["data"]))
        self._history = []
        for entry in data["history"]:
            action = self.game.parse_action(entry["action"])
            self._history.append(Step(int(entry["actor"]), action, ()))
        self._legal = None


def _rng_to_json(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


_MT_WORDS = 624
"""The Mersenne Twister's state: 624 words of 32 bits, then a position from 0 to 624."""


def _rng_from_json(data: Any) -> random.Random:
    """A generator from :func:`_rng_to_json`; ValueError naming what is out of range."""
    if not isinstance(data, list | tuple) or len(data) != 3:
        raise ValueError("the generator state must be [version, words, gauss]")
    version, internal, gauss = data
    if version != 3 or isinstance(version, bool):
        raise ValueError(f"the generator state's version must be 3, not {shown(version)}")
    if not isinstance(internal, list | tuple) or len(internal) != _MT_WORDS + 1:
        raise ValueError(f"the generator state must hold {_MT_WORDS + 1} whole numbers")
    for x in internal:
        if isinstance(x, bool) or not isinstance(x, int) or not 0 <= x < 2**32:
            raise ValueError(f"generator word {shown(x)} is not a 32-bit whole number")
    if internal[-1] > _MT_WORDS:
        raise ValueError(f"the generator's position must be 0 to {_MT_WORDS}")
    if not any(internal[:_MT_WORDS]):
        raise ValueError("the generator's words are all zero (not a state it can reach)")
    if gauss is not None and (isinstance(gauss, bool) or not isinstance(gauss, float)):
        raise ValueError("the generator state's gauss entry must be a number or null")
    rng = random.Random()
    rng.setstate((3, tuple(internal), gauss))
    return rng

