"""Bots: players that decide from their own observation only.

A bot never sees the state: the runner hands it ``state.observation(seat)``
and the list of legal actions (which every player at the table knows).  Each
bot owns a seeded generator, so a game with bots is reproducible from its seed.

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
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from goldlab.core.errors import OptionsError
from goldlab.core.values import Action

BotFactory = Callable[..., "Bot"]
_BOTS: dict[tuple[str, str], BotFactory] = {}


class Bot(ABC):
    """A player program.  Subclasses implement :meth:`choose`."""

    name = "bot"
    uses_observation = True
    """False for a bot that ignores its observation: the game loop then passes ``None``
    and skips building one (:func:`goldlab.bots.play.play_out`)."""

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


def register_bot(game: str, name: str, factory: BotFactory) -> None:
    """Register a bot for ``game`` under ``name`` (spec ``name`` or ``name:arg,…``)."""
    _BOTS[(game, name)] = factory


def _load(game: str) -> None:
    """Import the bots the game's description names (its ``bots`` module)."""
    from goldlab.core.registry import find

    found = find(game)
    if found is not None:
        found.part("bots")


def bot_names(game: str) -> list[str]:
    """The bot specs available for ``game``."""
    _load(game)
    return sorted({"random"} | {n for g, n in _BOTS if g == game})


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
    ['greedy', 'random']
    >>> describe_bots("gold")[1].description
    'Chooses uniformly among the legal actions.'
    """
    infos = []
    for name in bot_names(game):
        factory = _BOTS.get((game, name), RandomBot)
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
    """A bot from a spec such as ``random``, ``greedy`` or ``forgetful:0.3``."""
    _load(game)
    if not isinstance(spec, str) or not spec.strip():
        raise OptionsError(f"a bot spec is a non-empty name such as 'random', got {spec!r}")
    name, _, args_text = spec.strip().partition(":")
    args: list[Any] = [_number(a) for a in args_text.split(",")] if args_text else []
    if any(a == "" for a in args):
        raise OptionsError(f"bad bot spec {spec!r}: an argument is empty")
    factory = _BOTS.get((game, name))
    if factory is None and name == "random":
        factory = RandomBot
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


__all__ = ["Bot", "BotInfo", "RandomBot", "bot_names", "describe_bots", "make_bot", "register_bot",
           "split_specs"]
