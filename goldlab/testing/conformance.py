"""The conformance kit: seeded random games with the protocol checked at every step.

At every decision it checks that:

* every listed action parses back from its notation and applies, and undo then
  restores the exact previous state (position, history and generator);
* a sample of well-formed but unlisted actions is refused with
  :class:`IllegalActionError` and leaves the state unchanged, and bad text is
  refused with :class:`InvalidActionError`;
* a clone equals the original and then diverges independently of it;
* a player's observation (everything the object holds, private fields
  included) does not change when the information hidden from that player is
  redrawn (``determinise``), so it cannot leak it; and ``determinise`` gives
  the same sample from a sample as from the truth, so it uses nothing hidden;
* serialisation round-trips (``to_json``/``from_json``) at intervals;
* in ``"play"`` mode a step that revealed hidden information cannot be undone;
* the game ends within ``Game.max_steps()`` (and within the kit's own
  ``step_limit``, so the kit always finishes) and the final record replays to
  the identical state.

``check_game`` takes a registered name or a game object (a ``Game`` instance,
e.g. a deliberately broken subclass in the kit's own tests) and the game's
options.  Unless ``options`` say otherwise, the game's ``bot_play_defaults``
apply (Goldland: a turn cap), because random play of an unbounded game need
never end.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from goldlab.core.errors import IllegalActionError, InvalidActionError, RecordError, UndoError
from goldlab.core.game import Game
from goldlab.core.record import from_json, load_record
from goldlab.core.registry import game_class, make_game
from goldlab.core.state import CHANCE, State
from goldlab.core.values import Action, Event


class ConformanceError(AssertionError):
    """A game broke the protocol; the message lists the violations."""


@dataclass
class ConformanceReport:
    """What the kit checked and what it found."""

    game: str
    players: int
    games: int = 0
    steps: int = 0
    actions_checked: int = 0
    refusals_checked: int = 0
    violations: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when no violation was found."""
        return not self.violations

    def __str__(self) -> str:
        return (
            f"{self.game} ({self.players} players): {self.games} games, {self.steps} steps, "
            f"{self.actions_checked} actions applied and undone, {self.refusals_checked} "
            f"refusals checked, {len(self.violations)} violations"
        )


STEP_LIMIT = 1_000_000
"""The kit's own bound on the steps of one game, whatever ``max_steps()`` declares."""


def check_game(name: str | Game, players: int | None = None, games: int = 100, seed: int = 0, *,
               options: dict[str, Any] | None = None, illegal_samples: int = 2,
               every_action: bool = True, json_every: int = 25, play_mode_games: int = 5,
               raise_on_violation: bool = True, max_violations: int = 20,
               step_limit: int = STEP_LIMIT, hidden_every: int = 1) -> ConformanceReport:
    """Play ``games`` seeded random games of ``name`` and check the protocol at every step.

    ``name`` is a registered game (built with ``players`` and ``options``, the game's
    ``bot_play_defaults`` filling in what ``options`` leave out) or a game object, checked
    as it is.  The hidden-information checks (observation and ``determinise``) run at
    every ``hidden_every``-th step of each game.
    """
    if isinstance(name, Game):
        game: Game = name
        label = type(name).name or type(name).__name__
    else:
        defaults = game_class(name).bot_play_defaults
        game = make_game(name, players, **{**defaults, **(options or {})})
        label = name
    report = ConformanceReport(label, game.players)
    parsed: dict[str, Any] = {}  # notation -> action: parsing is a function of the text alone
    for g in range(games):
        rng = random.Random(f"conformance:{seed}:{g}")
        try:
            _check_one(game, seed * 1_000_003 + g, rng, report, illegal_samples, every_action,
                       json_every, g < play_mode_games, step_limit, hidden_every, parsed)
        except Exception as exc:
            report.violations.append(f"game seed {seed * 1_000_003 + g}: crashed: {exc!r}")
        report.games += 1
        if len(report.violations) >= max_violations:
            break
    if raise_on_violation and report.violations:
        raise ConformanceError(str(report) + "\n" + "\n".join(report.violations[:max_violations]))
    return report


def _check_json(state: State[Any], v: list[str], at: str) -> None:
    """The state, through JSON text and back, is the same state."""
    data = json.loads(json.dumps(state.to_json()))
    try:
        if from_json(data) != state:
            v.append(f"{at}: to_json/from_json does not round-trip")
    except RecordError as exc:
        v.append(f"{at}: to_json/from_json does not round-trip: {exc}")


def _check_one(game: Any, seed: int, rng: random.Random, report: ConformanceReport,
               illegal_samples: int, every_action: bool, json_every: int,
               play_mode: bool, step_limit: int, hidden_every: int,
               parsed: dict[str, Any]) -> None:
    """One game, checked at every step.

    Each distinct notation is parsed once per run (``parsed``): ``parse_action`` depends on
    the text only, so a second parse of the same text proves nothing new. After each
    action's apply and undo the position is compared; the generator (625 numbers, most of
    a fingerprint's cost) once a step, after every trial and refusal of that step.
    """
    state: State[Any] = game.new_state(seed, mode="study")
    play: State[Any] | None = game.new_state(seed, mode="play") if play_mode else None
    limit = min(game.max_steps(), step_limit)
    v = report.violations
    where = f"game seed {seed}"
    steps = 0
    while not state.is_terminal():
        at = f"{where}, step {steps}"
        if state.current_player == CHANCE:
            v.append(f"{at}: an auto-chance state stopped at a chance node")
            return
        legal = state.legal_actions()
        if not legal:
            v.append(f"{at}: no legal action for seat {state.current_player}")
            return
        if len(set(legal)) != len(legal):
            v.append(f"{at}: legal actions contain duplicates")
        before = state.fingerprint()
        position = state.fingerprint(generator=False)
        history = len(state.history)
        to_try = legal if every_action else rng.sample(legal, min(3, len(legal)))
        for action in to_try:
            text = str(action)
            if text not in parsed:
                parsed[text] = game.parse_action(text)
            if parsed[text] != action:
                v.append(f"{at}: notation {text!r} does not parse back to the same action")
            state.apply(action)
            state.undo()
            report.actions_checked += 1
            if state.fingerprint(generator=False) != position or len(state.history) != history:
                v.append(f"{at}: undo of {text!r} did not restore the state")
                return
        _check_refusals(game, state, legal, rng, illegal_samples, report, at)
        if state.fingerprint() != before:
            v.append(f"{at}: an undo or a refusal did not restore the generator")
            return
        twin = state.clone()
        if twin != state:
            v.append(f"{at}: a clone differs from its original")
        twin.apply(rng.choice(legal))
        if state.fingerprint() != before:
            v.append(f"{at}: applying to a clone changed the original")
        if steps % hidden_every == 0:
            _check_observation(state, rng, report, at)
        if json_every and steps % json_every == 0:
            _check_json(state, v, at)
        action = rng.choice(legal)
        state.apply(action)
        if play is not None:
            _check_play_mode(play, action, report, at)
        steps += 1
        report.steps += 1
        if steps > limit:
            v.append(f"{where}: no end after {limit} steps (declared bound "
                     f"{game.max_steps()}, the kit's limit {step_limit})")
            return
    if state.legal_actions():
        v.append(f"{where}: a finished game lists legal actions")
    outcome = state.outcome()
    if outcome is None or len(outcome.scores) != game.players:
        v.append(f"{where}: a finished game has no proper outcome")
    replayed = load_record(state.record().to_json()).replay()
    if replayed != state:
        v.append(f"{where}: the record does not replay to the identical state")


def _check_refusals(game: Any, state: State[Any], legal: list[Any], rng: random.Random,
                    samples: int, report: ConformanceReport, at: str) -> None:
    before = state.fingerprint(generator=False)  # the generator: once a step, by the caller
    legal_set = set(legal)
    candidates = game.candidate_actions(state)
    picked: list[Any] = []
    for _ in range(20 * samples):
        if len(picked) >= samples or not candidates:
            break
        action = candidates[rng.randrange(len(candidates))]
        if action not in legal_set and action not in picked:
            picked.append(action)
    for action in picked:
        try:
            state.apply(action)
        except IllegalActionError as exc:
            if not exc.rule:
                report.violations.append(f"{at}: refusal of {action} names no rule")
        else:
            report.violations.append(f"{at}: unlisted action {action} was accepted")
            state.undo()
        report.refusals_checked += 1
        if state.fingerprint(generator=False) != before:
            report.violations.append(f"{at}: refusing {action} changed the state")
    try:
        state.apply("this is not an action")
        report.violations.append(f"{at}: nonsense text was accepted")
    except InvalidActionError:
        pass


def _check_observation(state: State[Any], rng: random.Random, report: ConformanceReport,
                       at: str) -> None:
    """A seat's observation holds nothing that a redraw of its hidden information changes.

    Everything the observation object holds is compared, private fields included, so
    a view cannot keep a hidden card where no property shows it.  And ``determinise``
    depends only on what the seat may know: from a sample, it gives the same state as
    from the truth for the same generator.
    """
    seat = rng.randrange(state.players)
    first, second = rng.getrandbits(64), rng.getrandbits(64)
    try:
        sample = state.determinise(seat, random.Random(first))
    except NotImplementedError:
        return
    if not same_contents(sample.observation(seat), state.observation(seat)):
        report.violations.append(
            f"{at}: seat {seat}'s observation changes when hidden information is redrawn"
        )
    # Another state the seat cannot tell from this one: the same table, another future.
    other_future = state.clone()
    other_future.seed = rng.getrandbits(63)
    other_future._set_rng(random.Random(other_future.seed))
    truth = state.determinise(seat, random.Random(second))
    redrawn = [s.determinise(seat, random.Random(second)) for s in (sample, other_future)]
    if any(r != truth or r.seed != truth.seed for r in redrawn):
        report.violations.append(
            f"{at}: determinise for seat {seat} depends on more than what the seat may know"
        )


def same_contents(a: Any, b: Any) -> bool:
    """True when two objects hold the same information, private fields included.

    Follows tuples, lists, dicts, sets, ``__slots__`` and ``__dict__`` (generators by
    their state); actions and events compare as the public values they are.  Objects
    that are one and the same are not walked, so comparing a view with the view of a
    copy costs only what differs.
    """
    return _same(a, b, set())


_PLAIN = (str, bytes, int, float, bool, type(None), Fraction, Action, Event)


def _same(a: Any, b: Any, active: set[tuple[int, int]]) -> bool:
    if a is b:
        return True
    if type(a) is not type(b):
        return False
    if isinstance(a, (*_PLAIN, set, frozenset)):
        return bool(a == b)
    pair = (id(a), id(b))
    if pair in active:
        return True
    active.add(pair)
    try:
        if isinstance(a, (tuple, list)):
            return len(a) == len(b) and all(_same(x, y, active) for x, y in zip(a, b, strict=True))
        if isinstance(a, dict):
            return a.keys() == b.keys() and all(_same(a[k], b[k], active) for k in a)
        if isinstance(a, random.Random):
            return bool(a.getstate() == b.getstate())
        for cls in type(a).__mro__:
            for name in getattr(cls, "__slots__", ()):
                if hasattr(a, name) != hasattr(b, name):
                    return False
                if hasattr(a, name) and not _same(getattr(a, name), getattr(b, name), active):
                    return False
        return _same(getattr(a, "__dict__", None), getattr(b, "__dict__", None), active)
    finally:
        active.discard(pair)


def _check_play_mode(play: State[Any], action: Any, report: ConformanceReport, at: str) -> None:
    size = len(play.history)
    play.apply(action)
    revealed = any(s.actor == CHANCE for s in play.history[size:])
    if revealed:
        try:
            play.undo()
            report.violations.append(f"{at}: play mode undid a step that revealed hidden cards")
        except UndoError:
            pass
    elif not play.can_undo():
        report.violations.append(f"{at}: play mode refused to undo a step that revealed nothing")
