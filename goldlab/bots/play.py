"""Play games with bots: bot seeds and the one game loop behind the CLI, simulations and views."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from goldlab.bots import Bot, Information, SearchBot, Stop, make_bot
from goldlab.core.errors import OptionsError
from goldlab.core.game import UNBOUNDED, Game
from goldlab.core.registry import game_class, make_game
from goldlab.core.state import State
from goldlab.core.values import Action, Event


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for a game seeded ``game_seed`` (stable everywhere)."""
    digest = hashlib.sha256(f"goldlab-bot:{game_seed}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "little")


def make_bots(game: str, specs: Sequence[str], seed: int) -> list[Bot]:
    """One bot per seat from specs like ``["random", "greedy"]``."""
    return [make_bot(game, spec, seat, bot_seed(seed, seat)) for seat, spec in enumerate(specs)]


def bot_options(game: str, options: dict[str, Any]) -> dict[str, Any]:
    """The options for a game played only by bots: the game's bot-play defaults, then yours."""
    return {**game_class(game).bot_play_defaults, **options}


def check_bounded(g: Game) -> None:
    """Refuse bots-only play of a game that may never end (no proven bound on its length).

    Goldland with ``turn_cap=0`` is the normal game, but bots passing for ever would
    never reach the temple: the run would go on (and grow) without end.
    """
    if g.max_steps() < UNBOUNDED:
        return
    defaults = type(g).bot_play_defaults
    fix = ", ".join(f"{k}={v!r}" for k, v in defaults.items())
    chosen = ", ".join(f"{k}={getattr(g.options, k)!r}" for k in defaults
                       if hasattr(g.options, k))
    raise OptionsError(
        f"{g.title} with {chosen or 'these options'} has no bound on its length, so bots "
        f"alone may play for ever; set {fix or 'an option that ends the game'} "
        f"(the bot-play default) or another positive value"
    )


@dataclass(frozen=True)
class Move:
    """One decision made by :func:`play_out`: the seat, its action and the events it caused."""

    seat: int
    action: Action
    events: tuple[Event, ...]


_DETACH_SEED = 0x601D1AB
"""Seeds the one redraw that detaches a sampler from the real state (any constant will do)."""


class DetachedSampler:
    """``sample(rng)`` for one seat, holding no reference to the real state or its generator.

    It keeps a state the seat cannot tell from the real one, already redrawn once
    (:meth:`State.determinise` with a fixed generator): the hidden cards, the
    generator, the seed, the undo stack and the start record of the real game are
    not in it.  Each call redraws that copy, which gives what the real state would
    give, ``state.determinise(seat, rng)``, since ``determinise`` depends only on
    what the seat may know (the conformance suite checks it for every game).
    """

    __slots__ = ("_base", "_seat")

    def __init__(self, state: State[Any], seat: int) -> None:
        self._base = state.determinise(seat, random.Random(_DETACH_SEED))
        self._seat = seat

    def __call__(self, rng: random.Random) -> State[Any]:
        return self._base.determinise(self._seat, rng)

    def __repr__(self) -> str:
        return f"<DetachedSampler seat={self._seat}>"


def information(state: State[Any], seat: int, observation: Any,
                legal: Sequence[Action], stop: Stop | None = None) -> Information:
    """What a searching bot in ``seat`` is given: its view, the legal actions, a sampler.

    The sampler (a :class:`DetachedSampler`) draws ``state.determinise(seat, rng)``
    without holding ``state``: no walk through its attributes reaches the real
    state, its hidden cards or its generator.
    """
    return Information(seat, observation, legal, DetachedSampler(state, seat), stop)


def prepare_decision(state: State[Any], bot: Bot,
                     stop: Stop | None = None) -> Callable[[], Action]:
    """The decision of ``bot``, the seat to move in ``state``: what it is handed is taken
    from ``state`` now, and it decides when the returned function is called.

    The thinking can so run on another thread (a view's worker) while ``state`` changes:
    the bot holds only its observation, the legal actions and a detached sampler.  A
    searching bot stops with :class:`~goldlab.bots.SearchStopped` once ``stop`` is set.
    """
    seat = state.current_player
    legal = list(state.legal_actions())
    view = state.observation(seat) if bot.uses_observation else None
    if bot.searches:
        searched = information(state, seat, view, legal, stop)
        return lambda: cast(SearchBot, bot).search(searched)
    return lambda: bot.choose(view, legal)


def play_out(state: State[Any], bots: Sequence[Bot] | Mapping[int, Bot], *,
             until: Callable[[State[Any]], bool] | None = None) -> Iterator[Move]:
    """Let ``bots`` play ``state`` forward, yielding one :class:`Move` per decision.

    The one game loop behind :func:`play_game`, ``goldlab.simulate``, the views'
    ``Table`` and the CLI.  The bot of the seat to move decides from its own
    observation and the legal actions; the observation is built only for a bot whose
    ``uses_observation`` is true (the generic random bot ignores it).  A searching bot
    (``bot.searches``, e.g. ``ismcts``) is handed an :class:`~goldlab.bots.Information`
    instead, whose sampler draws ``state.determinise(seat, rng)``.  The loop stops
    when the game ends or, before a decision, when ``until(state)`` is true (a view
    stops when a person's seat is to move).  ``bots`` is a list (one per seat) or a
    mapping from seats to bots.  States need ``auto_chance``; a game that exceeds its
    declared ``max_steps`` bound raises :class:`AssertionError`.

    >>> import goldlab
    >>> state = goldlab.make("gold", players=2, seed=3)
    >>> moves = list(play_out(state, make_bots("gold", ["random", "greedy"], 3)))
    >>> state.is_terminal(), moves[0].seat, len(moves) > 0
    (True, 0, True)
    """
    limit = state.game.max_steps()
    steps = 0
    while not state.is_terminal() and (until is None or not until(state)):
        seat = state.current_player
        if seat < 0:
            raise OptionsError("bots play only states made with auto_chance: "
                               "a chance step is waiting to be resolved")
        action = prepare_decision(state, bots[seat])()
        events = state.apply(action)
        steps += 1
        if steps > limit:  # pragma: no cover - max_steps is a proven bound
            raise AssertionError(
                f"{state.game.name} exceeded its declared bound of {limit} steps")
        yield Move(seat, action, tuple(events))


def play_game(game: str, bots: Sequence[str | Bot], seed: int, *, mode: str = "study",
              **options: Any) -> State[Any]:
    """Play one game to the end; every bot decides from its own observation.

    The game's ``bot_play_defaults`` apply unless overridden (Goldland: a turn cap,
    since random players may never reach the temple).  Options under which the game
    may never end (Goldland's ``turn_cap=0``) are refused with :class:`OptionsError`.
    """
    if isinstance(bots, str):
        raise OptionsError(f"bots is a list of specs, one per seat, not the text {bots[:60]!r}")
    g = make_game(game, len(bots), **bot_options(game, options))
    check_bounded(g)
    state = g.new_state(seed, mode=mode)
    players: list[Bot] = [
        make_bot(game, b, seat, bot_seed(seed, seat)) if isinstance(b, str) else b
        for seat, b in enumerate(bots)
    ]
    for _ in play_out(state, players):
        pass
    return state
