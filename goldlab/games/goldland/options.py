"""Goldland's options.  Options that encode a ruling link ``docs/rulings.md``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Self

from goldlab.core.errors import OptionsError
from goldlab.core.options import GameOptions, plain_option, ruling_option
from goldlab.games.goldland.tiles import TileDataError, TileSet, tiles_from_option, tiles_option

COAST_LAYOUTS = ("random", "shown")
MAX_TURN_CAP = 500
"""The largest ``turn_cap``: a game then ends within 500 rounds, at most 207,500 decisions at
five players (``docs/rulings.md#goldland-game-length``); random bots play 500 rounds in about
a second.  A larger cap (a record saying ``turn_cap: 10**18``) would let bots play for ever."""


@dataclass(frozen=True)
class GoldlandOptions(GameOptions):
    """Options of Goldland."""

    tiles: str = plain_option(
        "", "the tile set: '' = the shipped reconstruction; give your own tile file as a "
        "pathlib.Path (read once and kept by content: 'sha256:<digest>:<data>')"
    )
    coast: str = plain_option(
        "random",
        "'random': the 10 free coastal tiles in any order (none with a village beside the "
        "start), dealt by chance; 'shown': the suggested first-game sequence",
    )
    beginners_grid: bool = plain_option(
        False, "the beginners' variant: the 36 tiles lie face down in the 6 x 6 grid"
    )
    turn_cap: int = plain_option(
        0, "stop and score after this many rounds (simulation only; 0 = off, the normal game)"
    )
    start_player: int = ruling_option(
        0, "goldland-start-player", "seat that begins ('The players agree who will begin')"
    )
    ordeal_reward: bool = ruling_option(
        True, "goldland-ordeal-reward",
        "an ordeal that uses the adventure's red articles also earns the tile's red reward",
    )
    start_tile_entered: bool = ruling_option(
        False, "goldland-no-reentry",
        "the tile where movement begins counts as entered: no coming back to it that turn",
    )
    amulet_when_staying: bool = ruling_option(
        True, "goldland-temple-arrival",
        "ending a movement of 0 spaces in the temple also earns the amulet",
    )

    @classmethod
    def from_kwargs(cls, **kwargs: Any) -> Self:
        """As :meth:`GameOptions.from_kwargs`; a tile file (a ``Path``) is read once into content.

        Text is never taken as a file name, so a record, results file or game
        string cannot make goldlab open a file.
        """
        if "tiles" in kwargs:
            try:
                kwargs["tiles"] = tiles_option(kwargs["tiles"])
            except TileDataError as exc:
                raise OptionsError(f"bad tile file for the 'tiles' option: {exc}") from None
        return super().from_kwargs(**kwargs)

    def validate(self) -> None:
        """Check values that do not depend on the player count."""
        if self.coast not in COAST_LAYOUTS:
            raise OptionsError(
                f"coast must be one of {', '.join(COAST_LAYOUTS)}, not {self.coast!r}"
            )
        if not 0 <= self.turn_cap <= MAX_TURN_CAP:
            raise OptionsError(f"turn_cap must be 0 (off) or a number of rounds up to "
                               f"{MAX_TURN_CAP}, not {self.turn_cap}")
        if self.start_player < 0:
            raise OptionsError("start_player must be a seat number >= 0")
        self.tile_set()

    def tile_set(self) -> TileSet:
        """The tile set these options name (the shipped one by default)."""
        try:
            return tiles_from_option(self.tiles)
        except TileDataError as exc:
            raise OptionsError(f"bad 'tiles' option: {exc}") from None
