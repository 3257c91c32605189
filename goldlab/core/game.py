"""The immutable :class:`Game`: a rule set with its player count and options.

A game makes fresh states (:meth:`Game.new_state`), parses action notation and
declares the bounds the conformance kit checks.  It holds no mutable data.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from goldlab.core.errors import OptionsError
from goldlab.core.options import GameOptions
from goldlab.core.values import Action

if TYPE_CHECKING:
    from goldlab.core.presentation import Presenter
    from goldlab.core.state import State

MODES = ("play", "study")
UNBOUNDED = 2**62
"""What :meth:`Game.max_steps` returns when no finite bound exists (a game may go on for
ever, such as Goldland without a turn cap): bots alone are not allowed to play it."""


class Game(ABC):
    """A game of goldlab: name, player count and options (immutable)."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_type: ClassVar[type[GameOptions]]
    bot_play_defaults: ClassVar[dict[str, Any]] = {}
    """Options used when only bots play, unless the caller sets them (e.g. a turn cap for a
    game that random players may never finish); people playing keep the game's defaults."""

    def __init__(self, players: int | None = None, options: GameOptions | None = None,
                 **kwargs: Any) -> None:
        if players is None:
            players = self.min_players
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionsError(f"players must be a whole number, got {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise OptionsError(
                f"{self.title} is for {self.min_players}-{self.max_players} players, "
                f"not {players}"
            )
        if options is not None and kwargs:
            raise OptionsError("pass either an options object or option keywords, not both")
        if options is None:
            options = self.options_type.from_kwargs(**kwargs)
        elif not isinstance(options, self.options_type):
            raise OptionsError(f"options must be {self.options_type.__name__}")
        self._players = players
        self._options = options

    @property
    def players(self) -> int:
        """The number of players."""
        return self._players

    @property
    def options(self) -> GameOptions:
        """The game's options (a frozen dataclass)."""
        return self._options

    @abstractmethod
    def new_state(self, seed: int | None = None, *, mode: str = "play",
                  auto_chance: bool = True) -> State[Any]:
        """A fresh state, set up and ready for the first player's decision."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Parse action notation; raises :class:`InvalidActionError` on bad text."""

    @abstractmethod
    def max_steps(self) -> int:
        """A proven upper bound on the number of decisions (actions) in one game.

        :data:`UNBOUNDED` (or more) when the options allow a game that never ends.
        """

    def candidate_actions(self, state: State[Any]) -> Sequence[Action]:
        """Well-formed actions to try against ``state``: a superset of the legal ones.

        The conformance kit samples the illegal ones among them and checks that
        each is refused without changing the state.
        """
        return state.legal_actions()

    def presenter(self) -> Presenter:
        """How this game shows itself in a view (click targets, rulebook quotes, odds).

        The presenter named by the game's description (``presenter``); without one, the
        plain one (the observation's HTML, notation only).
        """
        from goldlab.core.presentation import Presenter
        from goldlab.core.registry import find

        found = find(self.name)
        make = found.part("presenter") if found is not None else None
        return make(self) if make is not None else Presenter(self)

    def _key(self) -> tuple[Any, ...]:
        return (self.name, self._players, self._options)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self._options.to_dict().items())
        return f"goldlab.game({self.name!r}, players={self._players}{', ' + opts if opts else ''})"
