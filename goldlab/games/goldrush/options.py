"""Mount Goldrush's options.  Options that encode a ruling link ``docs/rulings.md``.

Colour ownership is worked out here because it depends on the edition and the
player count: edition A gives each player one colour; edition B gives each of
two players two colours and returns the fifth mine entrance to the box.
Colours nobody owns stay in play: their diggers belong to nobody.
"""

from __future__ import annotations

from dataclasses import dataclass

from goldlab.core.errors import OptionsError
from goldlab.core.options import GameOptions, plain_option, ruling_option
from goldlab.games.goldrush.cards import COLOURS
from goldlab.games.goldrush.layout import LAYOUTS

EDITIONS: tuple[str, ...] = ("A", "B")
"""A = "Gold" (``002_…``), B = "Mount Goldrush" (``004_…``)."""
GOLD_RUSH = "gold-rush"
END = "end"
RESOLUTIONS: tuple[str, ...] = (GOLD_RUSH, END)
"""How a stuck table is resolved: Gold Rush at once, or the game ends."""
MAX_STALL_LIMIT = 10_000


@dataclass(frozen=True)
class GoldrushOptions(GameOptions):
    """Options of Mount Goldrush."""

    edition: str = ruling_option(
        "A",
        "goldrush-editions",
        "'A' (one colour per player) or 'B' (with 2 players each owns two colours and the "
        "fifth mine entrance goes back into the box)",
    )
    start_player: int = ruling_option(
        0,
        "goldrush-start-player",
        "seat that starts (edition A: the player with the most money in their pockets; "
        "edition B: the youngest)",
    )
    colours: str = plain_option(
        "auto",
        "'auto' (colours in the order green, orange, blue, red, violet, dealt round the "
        "table) or colours per seat, e.g. 'red,blue' or, edition B with 2 players, "
        "'green+blue,orange+red'",
    )
    layout: str = plain_option(
        "free",
        "'free' (cards anywhere on the table) or 'grid' (the 8x8 variant): changes the "
        "display and memory-model players, never the rules",
    )
    dead_position: str = ruling_option(
        GOLD_RUSH,
        "goldrush-dead-position",
        "what happens when no pair of face-down cards can change anything while more than "
        "10 remain (also used by stall_limit): 'gold-rush' starts the Gold Rush at once, "
        "'end' ends the game with those cards left for nobody",
    )
    stall_limit: int = ruling_option(
        40,
        "goldrush-stall-limit",
        "after this many turns in a row in which no card left the table, the table is "
        "treated as stuck and resolved like a dead position (1-10000)",
    )

    def validate(self) -> None:
        """Check values that do not depend on the player count."""
        if self.edition not in EDITIONS:
            raise OptionsError(f"edition must be 'A' or 'B', not {self.edition!r}")
        if self.start_player < 0:
            raise OptionsError("start_player must be a seat number >= 0")
        if self.layout not in LAYOUTS:
            raise OptionsError(f"layout must be one of {', '.join(LAYOUTS)}, not {self.layout!r}")
        if self.dead_position not in RESOLUTIONS:
            raise OptionsError(
                f"dead_position must be one of {', '.join(RESOLUTIONS)}, "
                f"not {self.dead_position!r}"
            )
        if not 1 <= self.stall_limit <= MAX_STALL_LIMIT:
            raise OptionsError(f"stall_limit must be 1-{MAX_STALL_LIMIT}, not {self.stall_limit}")
        if self.colours != "auto":
            named = [c for seat in self.colours.split(",") for c in seat.split("+")]
            bad = [c for c in named if c.strip() not in COLOURS]
            if bad or len({c.strip() for c in named}) != len(named):
                raise OptionsError(
                    f"colours must be 'auto' or distinct colours from {', '.join(COLOURS)}, "
                    f"seats separated by ',' and a seat's colours by '+'; got {self.colours!r}"
                )

    def colours_per_seat(self, players: int) -> int:
        """How many colours each player owns: two in edition B with two players, else one."""
        return 2 if self.edition == "B" and players == 2 else 1

    def seat_colours(self, players: int) -> tuple[tuple[str, ...], ...]:
        """The colours each seat owns ("Each player chooses a colour")."""
        per_seat = self.colours_per_seat(players)
        if self.colours == "auto":
            # Dealt round the table: with two colours each, seat 0 gets green and blue.
            return tuple(
                tuple(COLOURS[seat + k * players] for k in range(per_seat))
                for seat in range(players)
            )
        seats = tuple(
            tuple(c.strip() for c in part.split("+")) for part in self.colours.split(",")
        )
        if len(seats) != players or any(len(s) != per_seat for s in seats):
            raise OptionsError(
                f"colours {self.colours!r} must name {per_seat} colour(s) for each of "
                f"{players} seats"
            )
        return seats

    def box(self, players: int) -> tuple[str, ...]:
        """Mine entrances returned to the box: edition B, 2 players, the fifth colour."""
        if self.colours_per_seat(players) == 1:
            return ()
        owned = {c for seat in self.seat_colours(players) for c in seat}
        return tuple(c for c in COLOURS if c not in owned)

    def owners(self, players: int) -> dict[str, int | None]:
        """Each colour's owner (a seat), or None when nobody owns it."""
        out: dict[str, int | None] = dict.fromkeys(COLOURS)
        for seat, colours in enumerate(self.seat_colours(players)):
            for colour in colours:
                out[colour] = seat
        return out
