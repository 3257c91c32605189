"""Gold!'s options.  Options that encode a ruling link ``docs/rulings.md``."""

from __future__ import annotations

from dataclasses import dataclass

from goldlab.core.errors import OptionsError
from goldlab.core.options import GameOptions, ruling_option
from goldlab.games.gold.cards import COLOURS


@dataclass(frozen=True)
class GoldOptions(GameOptions):
    """Options of Gold!."""

    start_player: int = ruling_option(
        0, "gold-start-player", "seat that moves first (the German rules: the youngest player)"
    )
    starting_donkeys: str = ruling_option(
        "random",
        "gold-starting-donkeys",
        "'random' (distinct colours dealt by chance) or comma-separated colours, one per seat",
    )
    bonus_may_be_declined: bool = ruling_option(
        True, "gold-bonus-optional", "the set bonus card is optional ('he may first take')"
    )

    def validate(self) -> None:
        """Check values that do not depend on the player count."""
        if self.start_player < 0:
            raise OptionsError("start_player must be a seat number >= 0")
        if self.starting_donkeys != "random":
            colours = [c.strip() for c in self.starting_donkeys.split(",")]
            bad = [c for c in colours if c not in COLOURS]
            if bad or len(set(colours)) != len(colours):
                raise OptionsError(
                    "starting_donkeys must be 'random' or distinct colours from "
                    f"{', '.join(COLOURS)}, one per seat; got {self.starting_donkeys!r}"
                )

    def donkey_colours(self) -> tuple[str, ...] | None:
        """The fixed starting donkey colours, or None when dealt by chance."""
        if self.starting_donkeys == "random":
            return None
        return tuple(c.strip() for c in self.starting_donkeys.split(","))
