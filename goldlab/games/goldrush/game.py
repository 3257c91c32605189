"""The Mount Goldrush game object: options, colour ownership, notation and bounds."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from goldlab.core.errors import OptionsError
from goldlab.core.game import Game
from goldlab.core.state import State
from goldlab.core.values import Action
from goldlab.games.goldrush.actions import FLIPS, parse_action
from goldlab.games.goldrush.cards import TABLE_SIZE
from goldlab.games.goldrush.options import GoldrushOptions
from goldlab.games.goldrush.rules import GOLD_RUSH_AT
from goldlab.games.goldrush.state import GoldrushState

if TYPE_CHECKING:
    pass


class GoldrushGame(Game):
    """Mount Goldrush (Gold), the memory card game by Reiner Knizia, 2-5 players."""

    name: ClassVar[str] = "goldrush"
    title: ClassVar[str] = "Mount Goldrush"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    options_type: ClassVar[type[GoldrushOptions]] = GoldrushOptions

    def __init__(self, players: int | None = None, options: GoldrushOptions | None = None,
                 **kwargs: Any) -> None:
        super().__init__(players, options, **kwargs)
        opts = self.options
        if opts.start_player >= self.players:
            raise OptionsError(
                f"start_player {opts.start_player} is not a seat of a {self.players}-player game"
            )
        self.seat_colours: tuple[tuple[str, ...], ...] = opts.seat_colours(self.players)
        """The colours each seat owns."""
        self.owners: Mapping[str, int | None] = MappingProxyType(opts.owners(self.players))
        """Each colour's owner, or None for a colour nobody owns."""
        self.box: tuple[str, ...] = opts.box(self.players)
        """Mine entrances returned to the box (edition B, two players)."""

    @property
    def options(self) -> GoldrushOptions:
        """The options of this game."""
        opts = self._options
        assert isinstance(opts, GoldrushOptions)
        return opts

    def new_state(self, seed: int | None = None, *, mode: str = "play",
                  auto_chance: bool = True) -> GoldrushState:
        """A fresh game: 64 cards face down, nobody has seen any of them."""
        return GoldrushState(self, seed, mode, auto_chance)

    def parse_action(self, text: str) -> Action:
        """Parse notation such as ``flip 17`` or ``flip c2``."""
        return parse_action(text)

    def max_steps(self) -> int:
        """A proven bound on decisions: see ``docs/rulings.md#goldrush-game-length``.

        Cards never return to the table.  A normal turn (two decisions) starts
        with at least 11 face-down cards, so at most 64 - 10 = 54 normal turns
        remove a card.  Between two such turns (and before the first, after
        the last) at most ``stall_limit`` turns in a row remove nothing, or the
        table counts as stalled and the normal phase ends.  Every Gold Rush
        turn (one decision) removes a card: at most 64 of them.
        """
        progress = TABLE_SIZE - GOLD_RUSH_AT
        normal_turns = progress + (progress + 1) * self.options.stall_limit
        return 2 * normal_turns + TABLE_SIZE

    def candidate_actions(self, state: State[Any]) -> list[Action]:
        """A flip of every position, empty and face-up ones included."""
        return list(FLIPS)
