"""What the rules of Goldland make happen.  Each event names its rulebook section."""

from __future__ import annotations

from dataclasses import dataclass

from goldlab.core.values import Event
from goldlab.games.goldland.articles import Kit, article_name
from goldlab.games.goldland.board import DIRECTION_NAMES, cell_name

SETUP = "Game set-up"
BACKPACK = "The backpack"
PLAY = "Play of the game"
MOVE = "A. Move adventurer"
CAMPS = "A. Move adventurer: camps"
MARKER = "Adventure marker"
ORDEAL = "A. Move adventurer: ordeal"
ACQUIRE = "B. Acquiring articles of equipment"
EXPLORE = "C. Exploration"
TOKENS = "Discovery token"
TREASURE = "C. Exploration: treasure"
GOAL = "Placing the goal tile"
TEMPLE = "Amulet and gold pieces"
END = "End of the game and scoring"
CAP = "Turn cap (simulation option)"


def _n(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _adv(key: str) -> str:
    return key.capitalize()


@dataclass(frozen=True, slots=True)
class CoastLaid(Event):
    """Set-up: a coastal tile laid in a free coastal space."""

    tile: str
    at: int
    rule = SETUP

    def describe(self) -> str:
        return f"CoastLaid {self.tile} at {cell_name(self.at)}"


@dataclass(frozen=True, slots=True)
class TableSet(Event):
    """Set-up done: amulets, bonus and reserve gold in the temple, starting kits handed out."""

    players: int
    amulets: int
    bonus: int
    reserve: int
    rule = SETUP

    def describe(self) -> str:
        return (
            f"TableSet {self.players} players: {self.amulets} amulets, bonus field {self.bonus} "
            f"gold, reserve field {self.reserve} gold; everyone starts on the start tile with "
            "3 provisions + 2 pearls (move 7)"
        )


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    """A player's turn begins."""

    seat: int
    round: int
    allowance: int
    rule = PLAY

    def describe(self) -> str:
        return f"TurnStarted round {self.round}, seat {self.seat} (may move {self.allowance})"


@dataclass(frozen=True, slots=True)
class BonusRemoved(Event):
    """The first temple visitor's next turn begins: the bonus field is cleared."""

    gold: int
    rule = TEMPLE

    def describe(self) -> str:
        return f"BonusRemoved {self.gold} gold left on the bonus field go back to the box"


@dataclass(frozen=True, slots=True)
class AmuletIncome(Event):
    """An amulet holder takes 1 gold at the beginning of the turn."""

    seat: int
    source: str
    reserve_left: int
    rule = TEMPLE

    def describe(self) -> str:
        return (
            f"AmuletIncome seat {self.seat} takes 1 gold from the {self.source} "
            f"(reserve field {self.reserve_left})"
        )


@dataclass(frozen=True, slots=True)
class GameEndTriggered(Event):
    """An end condition is met; the round is played to the end."""

    reason: str
    rule = END

    def describe(self) -> str:
        return f"GameEndTriggered {self.reason}: the current round is played to the end"


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """An article discarded before moving, for a greater movement allowance."""

    seat: int
    article: int
    allowance: int
    rule = MOVE

    def describe(self) -> str:
        return (
            f"Discarded seat {self.seat} puts a {article_name(self.article)} back in stock "
            f"(may move {self.allowance})"
        )


@dataclass(frozen=True, slots=True)
class MovementStarted(Event):
    """The movement allowance is fixed when the first step is taken."""

    seat: int
    allowance: int
    rule = MOVE

    def describe(self) -> str:
        return f"MovementStarted seat {self.seat} may move up to {_n(self.allowance, 'space')}"


@dataclass(frozen=True, slots=True)
class Stepped(Event):
    """The adventurer moved one space."""

    seat: int
    origin: int
    to: int
    direction: int
    tile: str
    step: int
    allowance: int
    rule = MOVE

    def describe(self) -> str:
        return (
            f"Stepped seat {self.seat} {DIRECTION_NAMES[self.direction]} "
            f"{cell_name(self.origin)} -> {cell_name(self.to)} ({self.tile}), "
            f"space {self.step} of {self.allowance}"
        )


@dataclass(frozen=True, slots=True)
class CampPassage(Event):
    """Entered an adventure tile for free thanks to one's own camp."""

    seat: int
    adventure: str
    rule = CAMPS

    def describe(self) -> str:
        return (
            f"CampPassage seat {self.seat} enters the {_adv(self.adventure)} through its own "
            "camp"
        )


@dataclass(frozen=True, slots=True)
class AdventureSurvived(Event):
    """The red articles were used: the adventure is survived."""

    seat: int
    adventure: str
    paid: Kit
    rule = MOVE

    def describe(self) -> str:
        return (
            f"AdventureSurvived seat {self.seat} survives the {_adv(self.adventure)} "
            f"with {self.paid}"
        )


@dataclass(frozen=True, slots=True)
class OrdealCompleted(Event):
    """Four articles used to cross between two unconnected tiles."""

    seat: int
    paid: Kit
    survived: str
    rule = ORDEAL

    def describe(self) -> str:
        extra = f", surviving the {_adv(self.survived)}" if self.survived else ""
        return f"OrdealCompleted seat {self.seat} uses {self.paid}{extra}"


@dataclass(frozen=True, slots=True)
class HandUsed(Event):
    """Articles exchanged for tokens and used at once without entering the backpack."""

    seat: int
    articles: Kit
    rule = TOKENS

    def describe(self) -> str:
        return f"HandUsed seat {self.seat} uses {self.articles} straight from the exchange"


@dataclass(frozen=True, slots=True)
class MarkerTaken(Event):
    """An adventure marker changes hands."""

    seat: int
    adventure: str
    previous: int
    value: int
    rule = MARKER

    def describe(self) -> str:
        how = "first to survive" if self.previous < 0 else f"more camps than seat {self.previous}"
        return (
            f"MarkerTaken seat {self.seat} takes the {_adv(self.adventure)} marker "
            f"({self.value} gold, {how})"
        )


@dataclass(frozen=True, slots=True)
class CampPlaced(Event):
    """A camp put on a survived adventure tile (or moved there)."""

    seat: int
    at: int
    adventure: str
    moved_from: int
    left: int
    rule = CAMPS

    def describe(self) -> str:
        if self.moved_from >= 0:
            return (
                f"CampPlaced seat {self.seat} moves a camp from {cell_name(self.moved_from)} to "
                f"the {_adv(self.adventure)} at {cell_name(self.at)}"
            )
        return (
            f"CampPlaced seat {self.seat} camps on the {_adv(self.adventure)} at "
            f"{cell_name(self.at)} ({_n(self.left, 'camp')} left)"
        )


@dataclass(frozen=True, slots=True)
class MovementEnded(Event):
    """The movement action is complete."""

    seat: int
    at: int
    steps: int
    rule = MOVE

    def describe(self) -> str:
        return (
            f"MovementEnded seat {self.seat} at {cell_name(self.at)} "
            f"after {_n(self.steps, 'space')}"
        )


@dataclass(frozen=True, slots=True)
class Acquired(Event):
    """Articles taken from a tile's equipment line (once per turn)."""

    seat: int
    articles: Kit
    tile: str
    allowance: int
    rule = ACQUIRE

    def describe(self) -> str:
        return (
            f"Acquired seat {self.seat} takes {self.articles} on {self.tile} "
            f"(may now move {self.allowance})"
        )


@dataclass(frozen=True, slots=True)
class Exchanged(Event):
    """Discovery tokens exchanged for an article.

    ``into_hand``: the article is held outside the backpack, to be used in the
    next payment; ``to_use``: the player asked for that (``… to use``) rather
    than the backpack being full.
    """

    seat: int
    tokens: int
    article: int
    into_hand: bool
    to_use: bool = False
    rule = TOKENS

    def describe(self) -> str:
        where = "into the backpack"
        if self.to_use:
            where = "held to use at once (outside the backpack)"
        elif self.into_hand:
            where = "for immediate use (the backpack is full)"
        return (
            f"Exchanged seat {self.seat} gives {self.tokens} tokens for a "
            f"{article_name(self.article)} {where}"
        )


@dataclass(frozen=True, slots=True)
class TileDrawn(Event):
    """A terrain tile taken from the face-down stack."""

    tile: str
    name: str
    left: int
    rule = EXPLORE

    def describe(self) -> str:
        return f"TileDrawn {self.tile} {self.name} ({self.left} left face down)"


@dataclass(frozen=True, slots=True)
class TilePlaced(Event):
    """The drawn tile laid beside the adventurer."""

    seat: int
    tile: str
    at: int
    rotation: int
    rule = EXPLORE

    def describe(self) -> str:
        return (
            f"TilePlaced seat {self.seat} lays {self.tile} at {cell_name(self.at)} "
            f"rot {self.rotation}"
        )


@dataclass(frozen=True, slots=True)
class TokenGained(Event):
    """A discovery token taken from the stock (or not, if it is empty)."""

    seat: int
    why: str
    tokens: int
    got: bool = True
    rule = TOKENS

    def describe(self) -> str:
        if not self.got:
            return f"TokenGained none for seat {self.seat} ({self.why}): the stock is empty"
        return f"TokenGained seat {self.seat} for {self.why} (now {_n(self.tokens, 'token')})"


@dataclass(frozen=True, slots=True)
class TreasurePlaced(Event):
    """A treasure put on the treasure field of a new tile."""

    at: int
    got: bool = True
    rule = TREASURE

    def describe(self) -> str:
        if not self.got:
            return f"TreasurePlaced none at {cell_name(self.at)}: no treasure left in stock"
        return f"TreasurePlaced on the treasure field at {cell_name(self.at)}"


@dataclass(frozen=True, slots=True)
class TempleFound(Event):
    """A tile was put on the goal space: the temple stands beside it."""

    tile: str
    rule = GOAL

    def describe(self) -> str:
        return f"TempleFound {self.tile} lies on the goal space; the temple is placed beside it"


@dataclass(frozen=True, slots=True)
class TreasureDug(Event):
    """A treasure dug up with 2 provisions and put into the backpack."""

    seat: int
    at: int
    rule = TREASURE

    def describe(self) -> str:
        return f"TreasureDug seat {self.seat} digs up the treasure at {cell_name(self.at)}"


@dataclass(frozen=True, slots=True)
class AmuletTaken(Event):
    """An adventurer ended its movement in the temple and takes an amulet."""

    seat: int
    gold: int
    first: bool
    rule = TEMPLE

    def describe(self) -> str:
        who = " (first to reach the temple)" if self.first else ""
        bonus = f" and {self.gold} gold from the bonus field" if self.gold else ""
        return f"AmuletTaken seat {self.seat} takes an amulet{bonus}{who}"


@dataclass(frozen=True, slots=True)
class AmuletMissed(Event):
    """The temple was reached with no free backpack space: no amulet this time."""

    seat: int
    rule = TEMPLE

    def describe(self) -> str:
        return f"AmuletMissed seat {self.seat} has no free backpack space for the amulet"


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """A turn with none of the three actions."""

    seat: int
    rule = PLAY

    def describe(self) -> str:
        return f"Passed seat {self.seat} executes no action"


@dataclass(frozen=True, slots=True)
class TurnCapReached(Event):
    """The simulation's turn cap ended the game (not a rule of Goldland)."""

    rounds: int
    rule = CAP

    def describe(self) -> str:
        return f"TurnCapReached the game is stopped after {self.rounds} rounds and scored"


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """Final scoring."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    rule = END

    def describe(self) -> str:
        scores = ", ".join(f"seat {s}: {p}" for s, p in enumerate(self.scores))
        who = " and ".join(f"seat {w}" for w in self.winners)
        return f"GameOver {scores}; winner {who}"
