"""The Gold! game object: options, set-up and notation."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar

from goldlab.core.errors import OptionsError
from goldlab.core.game import Game
from goldlab.core.state import State
from goldlab.core.values import Action
from goldlab.games.gold.actions import NoBonus, Steal, parse_action
from goldlab.games.gold.cards import ALL_CARDS, DONKEYS_PER_COLOUR
from goldlab.games.gold.options import GoldOptions
from goldlab.games.gold.rules import EXCHANGES, TAKES
from goldlab.games.gold.state import GoldState

if TYPE_CHECKING:
    pass


class GoldGame(Game):
    """Gold! by Michael Schacht (Abacus 2011), 2-3 players."""

    name: ClassVar[str] = "gold"
    title: ClassVar[str] = "Gold!"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 3
    options_type: ClassVar[type[GoldOptions]] = GoldOptions

    def __init__(self, players: int | None = None, options: GoldOptions | None = None,
                 **kwargs: Any) -> None:
        super().__init__(players, options, **kwargs)
        opts = self.options
        if opts.start_player >= self.players:
            raise OptionsError(
                f"start_player {opts.start_player} is not a seat of a {self.players}-player game"
            )
        fixed = opts.donkey_colours()
        if fixed is not None and len(fixed) != self.players:
            raise OptionsError(
                f"starting_donkeys names {len(fixed)} colours for {self.players} players"
            )

    @property
    def options(self) -> GoldOptions:
        """The options of this game."""
        opts = self._options
        assert isinstance(opts, GoldOptions)
        return opts

    def new_state(self, seed: int | None = None, *, mode: str = "play",
                  auto_chance: bool = True) -> GoldState:
        """A fresh game: donkeys dealt, 2 cards removed unseen, 5 cards on offer."""
        return GoldState(self, seed, mode, auto_chance)

    def parse_action(self, text: str) -> Action:
        """Parse Gold! notation such as ``take green:D``."""
        return parse_action(text)

    def revealed_cards(self) -> int:
        """How many cards are turned up from the draw pile in a whole game (50 or 55)."""
        donkeys_in_play = 6 * (DONKEYS_PER_COLOUR - (1 if self.players == 2 else 0))
        return 6 * 7 + donkeys_in_play - self.players - 2

    def max_steps(self) -> int:
        """A proven bound on decisions: see ``docs/rulings.md#gold-game-length``.

        Action A happens at most once per revealed card (R).  Let
        P = 9 x (donkeys in tableaux) + (gold value in tableaux).  Every exchange
        lowers P by at least 1, steals leave it, scoring lowers it, and an A
        raises it by at most 9; P starts at 9 x players.  So exchanges are at
        most 9 x players + 9R, and each action is followed by at most one bonus
        decision.
        """
        r = self.revealed_cards()
        return 2 * (r + 9 * self.players + 9 * r)

    def candidate_actions(self, state: State[Any]) -> list[Action]:
        """Every take, exchange, 'no bonus' and steal that names real cards."""
        return list(self.action_table())

    def action_table(self) -> tuple[Action, ...]:
        """Every player action in the order of its integer (``docs/interop.md``).

        Take k is k (0-41), exchange g for t is 42 + 42 g + t, no bonus is 1806 and
        steal k from seat v is 1807 + 42 v + k: the one table of Gold!'s actions, used by
        the conformance kit and by the OpenSpiel and PettingZoo encoding.
        """
        return _action_table(self.players)


@cache
def _action_table(players: int) -> tuple[Action, ...]:
    actions: list[Action] = list(TAKES)
    actions.extend(e for row in EXCHANGES for e in row)
    actions.append(NoBonus())
    actions.extend(Steal(c, v) for v in range(players) for c in ALL_CARDS)
    return tuple(actions)
