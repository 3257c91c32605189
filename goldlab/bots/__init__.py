"""Bots: players that decide from their own observation only.

A bot never sees the state: the runner hands it ``state.observation(seat)``
and the list of legal actions (which every player at the table knows).  Each
bot owns a seeded generator, so a game with bots is reproducible from its seed.

A *searching* bot (``searches = True``, a :class:`SearchBot`) is handed one more
thing, as an :class:`Information`: a sampler bound to its seat, ``sample(rng)``,
which gives ``state.determinise(seat, rng)``, a state agreeing with everything the
seat may know, with the rest redrawn from ``rng``.  Searching bots play their
look-ahead on such samples only.  ``ismcts`` (:mod:`goldlab.bots.ismcts`) is one,
built in for every game.  ``Information.stop`` (a :class:`Stop`, or None) tells a search
to give up: it checks ``information.check_stop()`` between iterations, which raises
:class:`SearchStopped` once the game loop has moved on (a view's Undo or New game).

>>> import goldlab
>>> from goldlab.bots import make_bot
>>> bot = make_bot("gold", "random", seat=0, seed=1)
>>> state = goldlab.make("gold", players=2, seed=1)
>>> action = bot.choose(state.observation(0), state.legal_actions())
>>> action in state.legal_actions()
True
"""

from __future__ import annotations

import inspect
import random
import re
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from goldlab.core.errors import GoldlabError, OptionsError
from goldlab.core.registry import when_unregistered
from goldlab.core.values import Action

if TYPE_CHECKING:
    from goldlab.core.state import State

BotFactory = Callable[..., "Bot"]
_BOTS: dict[tuple[str, str], BotFactory] = {}

Sampler = Callable[[random.Random], "State[Any]"]
"""``sample(rng)``: a state the seat cannot tell from the real one, drawn with ``rng``."""


class Bot(ABC):
    """A player program.  Subclasses implement :meth:`choose`."""

    name = "bot"
    uses_observation = True
    """False for a bot that ignores its observation: the game loop then passes ``None``
    and skips building one (:func:`goldlab.bots.play.play_out`)."""
    searches: ClassVar[bool] = False
    """True for a :class:`SearchBot`: the game loop calls its :meth:`SearchBot.search`
    with an :class:`Information` (observation, legal actions and a sampler) instead
    of :meth:`choose`."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.seed = seed
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, observation: Any, legal: Sequence[Action]) -> Action:
        """Pick one of ``legal`` knowing only ``observation``."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name} seat={self.seat}>"


class RandomBot(Bot):
    """Chooses uniformly among the legal actions."""

    name = "random"
    uses_observation = False

    def choose(self, observation: Any, legal: Sequence[Action]) -> Action:
        """A uniformly random legal action."""
        return legal[self.rng.randrange(len(legal))]


class SearchStopped(GoldlabError):
    """A search was told to stop (:class:`Stop`): its move is not wanted any more."""


class Stop:
    """A flag that tells a running search to give up, set from another thread.

    One per decision run: the game loop hands it to the searching bot inside its
    :class:`Information`; whoever no longer wants the answer calls :meth:`set`.  A search
    calls :meth:`Information.check_stop` between iterations, so it ends within one
    iteration (a few milliseconds) by raising :class:`SearchStopped`.
    """

    __slots__ = ("_event",)

    def __init__(self) -> None:
        self._event = threading.Event()

    def set(self) -> None:
        """Ask the search to stop."""
        self._event.set()

    def is_set(self) -> bool:
        """True once :meth:`set` was called."""
        return self._event.is_set()

    def wait(self, seconds: float) -> bool:
        """Sleep ``seconds`` unless told to stop first; True if told to stop."""
        return self._event.wait(seconds)

    def __repr__(self) -> str:
        return f"<Stop {'set' if self.is_set() else 'running'}>"


@dataclass(frozen=True, slots=True)
class Information:
    """What a searching bot is given at a decision: all its seat may know, and a sampler.

    ``sample(rng)`` is ``state.determinise(seat, rng)`` for the real state: a fresh
    state that agrees with ``observation`` and the public history, with the hidden
    cards and the future of chance redrawn from ``rng``.  It is the only door to the
    game's rules a searching bot has; the real state stays with the game loop.
    """

    seat: int
    observation: Any
    legal: Sequence[Action]
    sample: Sampler
    stop: Stop | None = None
    """Set by the game loop when the answer is no longer wanted (None: never)."""

    def check_stop(self) -> None:
        """Raise :class:`SearchStopped` if the search was told to stop."""
        if self.stop is not None and self.stop.is_set():
            raise SearchStopped("the search was stopped: the game moved on without its move")


class SearchBot(Bot):
    """A bot that looks ahead on samples of what it cannot see (see :class:`Information`)."""

    searches = True

    @abstractmethod
    def search(self, information: Information) -> Action:
        """Pick one of ``information.legal``, looking ahead on ``information.sample(rng)``."""

    def choose(self, observation: Any, legal: Sequence[Action]) -> Action:
        """Refused: a searching bot needs its sampler; play it through ``play_out``."""
        raise OptionsError(
            f"the {self.name} bot searches: it needs a sampler of the states its seat cannot "
            "tell apart, which goldlab.bots.play.play_out hands it (or call "
            "bot.search(Information(seat, observation, legal, sample)))"
        )


def register_bot(game: str, name: str, factory: BotFactory, *,
                 strength: Strength | None = None) -> None:
    """Register a bot for ``game`` under ``name`` (spec ``name`` or ``name:arg,…``), with
    its strength ladder if its number makes it stronger (:func:`register_strength`)."""
    _BOTS[(game, name)] = factory
    if strength is not None:
        register_strength(game, name, strength)


@dataclass(frozen=True)
class Strength:
    """The strength ladder of a bot whose spec takes a number (``ismcts:200``).

    ``levels`` are (label, argument) pairs from weak to strong; the middle one is the
    default.  The views' menus offer them; the chosen one becomes the spec.

    >>> ladder = strength("gold", "ismcts")
    >>> ladder.default, ladder.spec("50"), ladder.options()[0]["label"]
    ('ismcts:200', 'ismcts:50', 'weak · 50 iterations')
    """

    bot: str
    meaning: str
    """What the number is, for a tooltip: "iterations per decision"."""
    levels: tuple[tuple[str, str], ...]
    shown: str = "{}"
    """How a level's argument reads in the menu: ``"{} iterations"``."""

    @property
    def default(self) -> str:
        """The spec of the middle level."""
        return self.spec(self.levels[len(self.levels) // 2][1])

    def spec(self, argument: str) -> str:
        """The bot's spec with ``argument``: ``Strength("ismcts", …).spec("50") == "ismcts:50"``."""
        return f"{self.bot}:{argument}"

    def options(self, current: str = "") -> list[dict[str, str]]:
        """The menu's entries (value: the spec; label: "weak · 50"), with ``current`` added
        when it is none of them (a spec set from Python: ``ismcts`` or ``ismcts:300``)."""
        found = [{"value": self.spec(arg), "label": f"{label} · {self.shown.format(arg)}"}
                 for label, arg in self.levels]
        if current and current not in {o["value"] for o in found}:
            argument = current.partition(":")[2]
            found.append({"value": current,
                          "label": f"custom · {argument}" if argument else "the game's default"})
        return found


_STRENGTHS: dict[tuple[str | None, str], Strength] = {
    (None, "ismcts"): Strength("ismcts", "iterations per decision (more is stronger and slower)",
                               (("weak", "50"), ("medium", "200"), ("strong", "1000")),
                               "{} iterations"),
}
"""The strength ladders: for one game's bot, or (None) for a bot every game has."""

_OPPONENTS: dict[str, str] = {}


@when_unregistered
def _forget_game(game: str) -> None:
    """A game unregistered: its bots, their ladders and its opponent go too."""
    for key in [k for k in _BOTS if k[0] == game]:
        del _BOTS[key]
    for ladder in [k for k in _STRENGTHS if k[0] == game]:
        del _STRENGTHS[ladder]
    _OPPONENTS.pop(game, None)
"""The opponent each game offers first (its bots module registers it)."""


def register_strength(game: str, name: str, ladder: Strength) -> None:
    """Give bot ``name`` of ``game`` a strength ladder, e.g. a game's own ladder for the
    ``ismcts`` every game has (a game's ladder comes before the one for every game)."""
    if ladder.bot != name or not ladder.levels:
        raise ValueError(f"a strength ladder for {name!r} names that bot and has levels, "
                         f"got {ladder.bot!r} with {len(ladder.levels)} levels")
    _STRENGTHS[(game, name)] = ladder


def strength(game: str, bot: str) -> Strength | None:
    """The strength ladder of ``bot`` (a name or a spec) in ``game``, or None if it has none."""
    _load(game)
    name = bot.partition(":")[0].strip()
    return _STRENGTHS.get((game, name)) or _STRENGTHS.get((None, name))


def register_opponent(game: str, spec: str) -> None:
    """The bot (a spec) that ``game`` offers first as an opponent: its best built-in bot."""
    _OPPONENTS[game] = spec


def default_opponent(game: str) -> str:
    """The opponent ``game`` offers first (:func:`register_opponent`), else ``"random"``.

    >>> default_opponent("gold"), default_opponent("goldrush"), default_opponent("goldland")
    ('greedy', 'perfect', 'heuristic')
    """
    _load(game)
    return _OPPONENTS.get(game, "random")


def _load(game: str) -> None:
    """Import the bots the game's description names (its ``bots`` module)."""
    from goldlab.core.registry import find

    found = find(game)
    if found is not None:
        found.part("bots")


GENERIC_BOTS = ("ismcts", "random")
"""The bots every game has, whatever its folder registers: ``random`` and ``ismcts``."""


def _generic(name: str) -> BotFactory | None:
    """The factory of a bot every game has (``random``, ``ismcts``), or None."""
    if name == "random":
        return RandomBot
    if name == "ismcts":
        from goldlab.bots.ismcts import ISMCTSBot

        return ISMCTSBot
    return None


def bot_names(game: str) -> list[str]:
    """The bot specs available for ``game``."""
    _load(game)
    return sorted(set(GENERIC_BOTS) | {n for g, n in _BOTS if g == game})


class BotInfo(NamedTuple):
    """A registered bot as the docs list it: its name, its arguments, what it does."""

    name: str
    arguments: str
    """The spec's optional arguments with their defaults (``p=0.3, grid_aid=2.0``), or ``""``."""
    description: str
    """The first sentence of the bot's docstring."""


def describe_bots(game: str) -> list[BotInfo]:
    """Every bot available for ``game``, alphabetically, described by its own docstring.

    >>> [b.name for b in describe_bots("gold")]
    ['greedy', 'ismcts', 'planner', 'random']
    >>> describe_bots("gold")[-1].description
    'Chooses uniformly among the legal actions.'
    """
    infos = []
    for name in bot_names(game):
        factory = _BOTS.get((game, name)) or _generic(name) or RandomBot
        doc = " ".join((inspect.getdoc(factory) or "").split())
        # A sentence ends before a capital letter (so "e.g. a" does not end one).
        sentence = re.match(r"(.+?[.!?])(?=\s+[A-Z`*(]|$)", doc)
        try:
            parameters = list(inspect.signature(factory).parameters.values())[2:]
        except (TypeError, ValueError):  # pragma: no cover - a builtin without a signature
            parameters = []
        arguments = ", ".join(p.name if p.default is p.empty else f"{p.name}={p.default!r}"
                              for p in parameters
                              if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD))
        infos.append(BotInfo(name, arguments, sentence.group(1) if sentence else doc))
    return infos


def split_specs(text: str) -> list[str]:
    """The bot specs in ``"random,greedy"``, one per seat; an empty entry is refused.

    >>> split_specs("random, greedy")
    ['random', 'greedy']
    """
    if not isinstance(text, str):
        raise OptionsError(f"bot specs must be text such as 'random,greedy', got {text!r}")
    specs = [spec.strip() for spec in text.split(",")]
    if not text.strip() or any(not spec for spec in specs):
        raise OptionsError(f"empty bot spec in {text[:60]!r}: name one bot per seat, "
                           "separated by commas (e.g. 'random,greedy')")
    return specs


def make_bot(game: str, spec: str, seat: int, seed: int) -> Bot:
    """A bot from a spec such as ``random``, ``greedy``, ``forgetful:0.3`` or ``ismcts:500``.

    ``random`` and ``ismcts`` exist for every game (``GENERIC_BOTS``); a game's own
    bot of the same name comes first.
    """
    _load(game)
    if not isinstance(spec, str) or not spec.strip():
        raise OptionsError(f"a bot spec is a non-empty name such as 'random', got {spec!r}")
    if not spec.isascii():  # int() and float() would read any Unicode digit: 'ismcts:٣٦٠٠'
        raise OptionsError(f"bad bot spec {spec[:60]!r}: specs are ASCII text, numbers in the "
                           "digits 0-9")
    name, _, args_text = spec.strip().partition(":")
    args: list[Any] = [_number(a) for a in args_text.split(",")] if args_text else []
    if any(a == "" for a in args):
        raise OptionsError(f"bad bot spec {spec!r}: an argument is empty")
    factory = _BOTS.get((game, name)) or _generic(name)
    if factory is None:
        raise OptionsError(
            f"unknown bot {spec!r} for {game}; available: {', '.join(bot_names(game))}"
        )
    try:
        return factory(seat, seed, *args)
    except (TypeError, ValueError) as exc:
        raise OptionsError(f"bad bot spec {spec!r}: {exc}") from None


def _number(text: str) -> int | float | str:
    text = text.strip()
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            continue
    return text


__all__ = [
    "GENERIC_BOTS",
    "Bot",
    "BotInfo",
    "Information",
    "RandomBot",
    "Sampler",
    "SearchBot",
    "SearchStopped",
    "Stop",
    "Strength",
    "bot_names",
    "default_opponent",
    "describe_bots",
    "make_bot",
    "register_bot",
    "register_opponent",
    "register_strength",
    "split_specs",
]
