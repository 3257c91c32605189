"""The Goldland game object: options, set-up, notation and the bound on game length."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar

from goldlab.core.errors import OptionsError
from goldlab.core.game import Game
from goldlab.core.state import State
from goldlab.core.values import Action
from goldlab.games.goldland.actions import (
    Acquire,
    Camp,
    Dig,
    Discard,
    EndMove,
    EndTurn,
    Exchange,
    Explore,
    Move,
    Pass,
    Place,
    parse_action,
)
from goldlab.games.goldland.articles import (
    BACKPACK_SPACES,
    DISCOVERY_TOKENS,
    N_ARTICLES,
    N_OBJECTS,
    ORDEAL_COST,
    Kit,
    kits_of_size,
    sub_kits,
)
from goldlab.games.goldland.board import CELLS, INNER
from goldlab.games.goldland.options import GoldlandOptions
from goldlab.games.goldland.state import GoldlandState
from goldlab.games.goldland.tokens import exchange_rate

if TYPE_CHECKING:
    pass

UNBOUNDED = 2**62
"""``max_steps`` without a turn cap: Goldland has no finite bound (players may pass forever)."""


class GoldlandGame(Game):
    """Goldland by Wolfgang Kramer (Goldsieber 2002), 2-5 players."""

    name: ClassVar[str] = "goldland"
    title: ClassVar[str] = "Goldland"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    options_type: ClassVar[type[GoldlandOptions]] = GoldlandOptions
    # Random players rarely reach the temple, and a game ends only through amulets, so
    # games among bots stop after 100 rounds (reported by TurnCapReached) unless told
    # otherwise; people playing keep the cap off (docs/rulings.md#goldland-game-length).
    bot_play_defaults: ClassVar[dict[str, Any]] = {"turn_cap": 100}

    def __init__(self, players: int | None = None, options: GoldlandOptions | None = None,
                 **kwargs: Any) -> None:
        super().__init__(players, options, **kwargs)
        if self.options.start_player >= self.players:
            raise OptionsError(
                f"start_player {self.options.start_player} is not a seat of a "
                f"{self.players}-player game"
            )

    @property
    def options(self) -> GoldlandOptions:
        """The options of this game."""
        opts = self._options
        assert isinstance(opts, GoldlandOptions)
        return opts

    def new_state(self, seed: int | None = None, *, mode: str = "play",
                  auto_chance: bool = True) -> GoldlandState:
        """A fresh game: coast laid, starting kits handed out, seat ``start_player`` to move."""
        return GoldlandState(self, seed, mode, auto_chance)

    def parse_action(self, text: str) -> Action:
        """Parse Goldland notation such as ``move N`` or ``acquire 2 timbers``."""
        return parse_action(text)

    def steps_per_turn(self) -> int:
        """A proven bound on the decisions of one turn (``docs/rulings.md#goldland-game-length``).

        Exchanges: each gives up ``rate`` >= 2 tokens and at most 36 + 1 tokens are
        held in a turn (the whole stock, plus the exploration token), so at most
        E = 37 // rate.  Discards remove equipment that was in the backpack at the
        start (<= 12) or came in this turn (the one acquisition, <= P articles, and
        E exchanges).  Steps and camps: at most 12 each (one camp per survived
        step).  End move, acquire, explore, place, dig and the final pass or end
        turn: at most once each.
        """
        e = (DISCOVERY_TOKENS + 1) // exchange_rate(self.players)
        p = self.options.tile_set().largest_package()
        discards = BACKPACK_SPACES + p + e
        return e + discards + BACKPACK_SPACES * 2 + 6

    def max_steps(self) -> int:
        """turn_cap rounds × players × steps_per_turn(); without a cap there is no bound.

        A player may pass "as often as you like", so with the cap off (the
        normal game) no finite bound exists and this returns 2**62.
        """
        cap = self.options.turn_cap
        if not cap:
            return UNBOUNDED
        return cap * self.players * self.steps_per_turn()

    def candidate_actions(self, state: State[Any]) -> list[Action]:
        """Well-formed steps of every kind, for refusal tests (a superset of the legal ones)."""
        assert isinstance(state, GoldlandState)
        return [*_candidates(self.options.tiles), *state.legal_actions()]


@cache
def _candidates(tiles: str) -> tuple[Action, ...]:
    from goldlab.games.goldland.options import GoldlandOptions as _Opts

    tile_set = _Opts(tiles=tiles).tile_set()
    out: list[Action] = [EndMove(), Dig(), Pass(), EndTurn(), Explore(), Camp()]
    out.extend(Move(d) for d in range(4))
    out.extend(Move(d, "survive") for d in range(4))
    full = (ORDEAL_COST,) * N_ARTICLES
    out.extend(Move(d, "ordeal", k) for d in range(4) for k in kits_of_size(full, ORDEAL_COST)[::7])
    out.append(Move(0, "ordeal", Kit.from_counts((2, 0, 0, 0, 0, 0, 0, 1, 1))))
    out.extend(Discard(a) for a in range(N_OBJECTS))
    out.extend(Exchange(a, r, use) for a in range(N_OBJECTS) for r in (2, 3, 4)
               for use in (False, True))
    kits = {k for t in tile_set.tiles if t.trade for g in t.trade.gives for k in sub_kits(g)}
    out.extend(Acquire(k) for k in sorted(kits, key=lambda k: k.counts))
    out.extend(Explore(c) for c in sorted(INNER))
    out.extend(Place(c, r) for c in range(0, CELLS, 3) for r in (0, 90, 180, 270))
    out.extend(Camp(c) for c in sorted(INNER)[::5])
    return tuple(out)
