"""Goldland's actions (the small steps of a turn, and chance) and their notation.

A turn is a sequence of these steps, each listed by ``legal_actions()``:

==========================================  ================================================
notation                                    meaning
==========================================  ================================================
``discard rope``                            A. before moving: put an article back in stock
``move N``                                  A. step to the neighbour to the north (E, S, W),
                                            paying an adventure's red articles if it asks
``move N survive``                          A. enter your own camp's tile, surviving again
``move N ordeal 2 ropes + 2 pearls``        A. cross an unconnected edge with 4 articles
``end move``                                A. end the movement (remain where you stand)
``camp`` / ``camp from 2,4``                A. put (or move) a camp on the survived tile
``acquire 2 timbers``                       B. take articles from the tile's equipment line
``exchange 3 tokens for timber``            discovery tokens for an article, any time: into
                                            the backpack (held if it is full)
``exchange 3 tokens for timber to use``     the same, held outside the backpack to be used
                                            in the next payment (step, ordeal, digging)
``explore`` / ``explore 2,4``               C. take a tile (beginners' grid: turn one up)
``place 2,4 rot 90``                        C. lay the drawn tile beside the adventurer
``dig``                                     dig up the treasure (2 provisions)
``pass``                                    no action this turn: take a discovery token
``end turn``                                finish the turn
``chance: draw T17``                        the tile taken from the face-down stack
``chance: lay C05 at 6,3``                  set-up: a coastal tile laid in a free slot
==========================================  ================================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from goldlab.core.errors import InvalidActionError
from goldlab.core.notation import notation_text, shown
from goldlab.core.values import Action, ChanceOutcome
from goldlab.games.goldland.articles import EMPTY, Kit, article_name, object_index, parse_kit
from goldlab.games.goldland.board import DIRECTION_NAMES, cell_name, parse_cell, parse_direction

STEP_PLAIN = ""
STEP_SURVIVE = "survive"
STEP_ORDEAL = "ordeal"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """A. Before moving, put one article from the backpack back into the stock."""

    article: int

    def __str__(self) -> str:
        return f"discard {article_name(self.article)}"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """A. Step to the neighbouring tile in ``direction`` (0-3 = N, E, S, W).

    ``mode`` is ``""`` for an ordinary step (paying the red articles of an
    adventure without one's own camp), ``"survive"`` to survive the adventure
    again on one's own camp's tile, and ``"ordeal"`` to cross an unconnected
    edge with the 4 articles in ``payment``.
    """

    direction: int
    mode: str = STEP_PLAIN
    payment: Kit = EMPTY

    def __str__(self) -> str:
        text = f"move {DIRECTION_NAMES[self.direction]}"
        if self.mode == STEP_SURVIVE:
            return text + " survive"
        if self.mode == STEP_ORDEAL:
            return f"{text} ordeal {self.payment}"
        return text


@dataclass(frozen=True, slots=True)
class EndMove(Action):
    """A. End the movement here (after stepping, or after discarding without stepping)."""

    def __str__(self) -> str:
        return "end move"


@dataclass(frozen=True, slots=True)
class Camp(Action):
    """A. Put a camp on the adventure tile just survived (``source`` >= 0: move that camp)."""

    source: int = -1

    def __str__(self) -> str:
        return "camp" if self.source < 0 else f"camp from {cell_name(self.source)}"


@dataclass(frozen=True, slots=True)
class Dig(Action):
    """Dig up the treasure of the tile where the movement ended (2 provisions)."""

    def __str__(self) -> str:
        return "dig"


@dataclass(frozen=True, slots=True)
class Acquire(Action):
    """B. Take ``articles`` from one alternative of the tile's equipment line."""

    articles: Kit

    def __str__(self) -> str:
        return f"acquire {self.articles}"


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """Give ``tokens`` discovery tokens for one ``article`` from the stock.

    ``use`` False (``exchange 2 tokens for timber``): the article goes into the
    backpack, or is held for immediate use when the backpack is full.  ``use``
    True (``exchange 2 tokens for timber to use``): it is held outside the
    backpack, whatever its room, and the next payment must use it ("Exchanged
    articles which you immediately use (discard) … need not be put into your
    backpack").
    """

    article: int
    tokens: int
    use: bool = False

    def __str__(self) -> str:
        text = f"exchange {self.tokens} tokens for {article_name(self.article)}"
        return f"{text} to use" if self.use else text


@dataclass(frozen=True, slots=True)
class Explore(Action):
    """C. Take a tile from the stack (beginners' grid: turn up the tile at ``at``)."""

    at: int = -1

    def __str__(self) -> str:
        return "explore" if self.at < 0 else f"explore {cell_name(self.at)}"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """C. Lay the drawn tile at ``at``, turned clockwise by ``rotation`` degrees."""

    at: int
    rotation: int = 0

    def __str__(self) -> str:
        return f"place {cell_name(self.at)} rot {self.rotation}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Execute none of the three actions and take 1 discovery token."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """Finish the turn; the next player (clockwise) begins."""

    def __str__(self) -> str:
        return "end turn"


@dataclass(frozen=True, slots=True)
class DrawTile(ChanceOutcome):
    """The tile taken from the face-down stack (or turned up in the beginners' grid)."""

    tile: str

    def __str__(self) -> str:
        return f"chance: draw {self.tile}"


@dataclass(frozen=True, slots=True)
class LayCoast(ChanceOutcome):
    """Set-up: the coastal tile laid in the free coastal space ``at``."""

    tile: str
    at: int

    def __str__(self) -> str:
        return f"chance: lay {self.tile} at {cell_name(self.at)}"


_CELL = r"(\d\s*,\s*\d)"  # every group below is bounded: a long number is no action
_ID = r"([A-Za-z0-9-]{1,40})"
_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p, re.IGNORECASE | re.ASCII), kind)
    for p, kind in (
        (r"discard (.{1,60})", "discard"),
        (r"move ([a-z]{1,10})", "move"),
        (r"move ([a-z]{1,10}) survive", "survive"),
        (r"move ([a-z]{1,10}) ordeal (.{1,120})", "ordeal"),
        (r"end move", "endmove"),
        (r"camp", "camp"),
        (rf"camp from {_CELL}", "campfrom"),
        (r"dig", "dig"),
        (r"acquire (.{1,120})", "acquire"),
        (r"exchange (\d{1,4}) tokens? for (.{1,60}) to use", "exchangeuse"),
        (r"exchange (\d{1,4}) tokens? for (.{1,60})", "exchange"),
        (r"explore", "explore"),
        (rf"explore {_CELL}", "exploreat"),
        (rf"place {_CELL} rot (\d{{1,4}})", "place"),
        (r"pass", "pass"),
        (r"end turn", "endturn"),
        (rf"chance: ?draw {_ID}", "draw"),
        (rf"chance: ?lay {_ID} at {_CELL}", "lay"),
    )
)


def parse_action(text: str) -> Action:
    """Parse Goldland notation (see the module docstring); InvalidActionError if it does not."""
    norm = " ".join(notation_text(text, "Goldland").strip().split())
    for pattern, kind in _PATTERNS:
        m = pattern.fullmatch(norm)
        if m is not None:
            try:
                return _build(kind, m.groups())
            except InvalidActionError:
                raise
            except ValueError:  # a helper's plain refusal: still bad notation
                break
    raise InvalidActionError(
        f"cannot read {shown(text)} as a Goldland action; expected e.g. 'move N', "
        "'move E ordeal 2 ropes + 2 pearls', 'acquire 2 timbers', 'exchange 3 tokens for rope', "
        "'exchange 3 tokens for rope to use', 'explore', 'place 2,4 rot 90', 'dig', 'camp', "
        "'pass' or 'end turn'"
    )


def _build(kind: str, g: tuple[str, ...]) -> Action:
    if kind == "discard":
        return Discard(object_index(g[0]))
    if kind == "move":
        return Move(parse_direction(g[0]))
    if kind == "survive":
        return Move(parse_direction(g[0]), STEP_SURVIVE)
    if kind == "ordeal":
        return Move(parse_direction(g[0]), STEP_ORDEAL, parse_kit(g[1]))
    if kind == "endmove":
        return EndMove()
    if kind == "camp":
        return Camp()
    if kind == "campfrom":
        return Camp(parse_cell(g[0]))
    if kind == "dig":
        return Dig()
    if kind == "acquire":
        return Acquire(parse_kit(g[0]))
    if kind == "exchange":
        return Exchange(object_index(g[1]), int(g[0]))
    if kind == "exchangeuse":
        return Exchange(object_index(g[1]), int(g[0]), use=True)
    if kind == "explore":
        return Explore()
    if kind == "exploreat":
        return Explore(parse_cell(g[0]))
    if kind == "place":
        degrees = int(g[1])
        if degrees not in (0, 90, 180, 270):
            raise InvalidActionError("a tile is turned by 0, 90, 180 or 270 degrees")
        return Place(parse_cell(g[0]), degrees)
    if kind == "pass":
        return Pass()
    if kind == "endturn":
        return EndTurn()
    if kind == "draw":
        return DrawTile(g[0].upper())
    return LayCoast(g[0].upper(), parse_cell(g[1]))
