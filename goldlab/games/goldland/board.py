"""The 7 × 7 playing area: cells, sides, the coast, the start and the goal.

Rows are numbered 0-6 from north to south and columns 0-6 from west to east;
a cell is written ``row,col`` (``2,4``) and stored as ``row * 7 + col``.  The
start tile lies in the south-east corner (6,6), the coast runs along row 6 and
column 6, and the goal space with the temple is the north-west corner (0,0)
of the inner 6 × 6 area where explored tiles go ("counting the tiles already
laid out, the entire area is a 7 x 7 grid = 49 tiles").
"""

from __future__ import annotations

import re

from goldlab.core.errors import InvalidActionError

SIZE = 7
CELLS = SIZE * SIZE
N, E, S, W = range(4)
DIRECTION_NAMES = "NESW"
STEP: tuple[tuple[int, int], ...] = ((-1, 0), (0, 1), (1, 0), (0, -1))
"""(row, col) offsets of the four directions N, E, S, W."""


def cell(row: int, col: int) -> int:
    """The cell number of ``row, col``."""
    return row * SIZE + col


def row_col(c: int) -> tuple[int, int]:
    """The (row, col) of a cell number."""
    return divmod(c, SIZE)


def cell_name(c: int) -> str:
    """Notation of a cell: ``row,col``."""
    r, k = divmod(c, SIZE)
    return f"{r},{k}"


_CELL = re.compile(r"(\d)\s*,\s*(\d)")


def parse_cell(text: str) -> int:
    """Read ``row,col`` notation (both 0-6)."""
    m = _CELL.fullmatch(text.strip())
    if m is None or int(m.group(1)) >= SIZE or int(m.group(2)) >= SIZE:
        raise InvalidActionError(f"{text!r} is not a space of the 7x7 grid: write row,col (0-6)")
    return cell(int(m.group(1)), int(m.group(2)))


def parse_direction(text: str) -> int:
    """Read a direction: N, E, S or W (or north, east, south, west)."""
    key = text.strip().lower()
    for index, long in enumerate(_LONG):
        if key in (long, long[0]):
            return index
    raise InvalidActionError(f"{text!r} is not a direction: use N, E, S or W")


_LONG = ("north", "east", "south", "west")


def opposite(direction: int) -> int:
    """The opposite direction."""
    return (direction + 2) % 4


def _neighbours() -> tuple[tuple[int, ...], ...]:
    table = []
    for c in range(CELLS):
        r, k = row_col(c)
        row = []
        for dr, dk in STEP:
            rr, kk = r + dr, k + dk
            row.append(cell(rr, kk) if 0 <= rr < SIZE and 0 <= kk < SIZE else -1)
        table.append(tuple(row))
    return tuple(table)


NEIGHBOUR: tuple[tuple[int, ...], ...] = _neighbours()
"""``NEIGHBOUR[cell][direction]``: the adjacent cell, or -1 off the board."""

START = cell(6, 6)
"""The start tile's space (south-east corner)."""
GOAL = cell(0, 0)
"""The goal space where the temple stands (north-west corner)."""
SW_CORNER = cell(6, 0)
NE_CORNER = cell(0, 6)
INNER: frozenset[int] = frozenset(cell(r, k) for r in range(6) for k in range(6))
"""The 36 spaces of the inner 6 × 6 area, filled by exploration."""
COAST_SLOTS: tuple[int, ...] = (
    cell(6, 5), cell(6, 4), cell(6, 3), cell(6, 2), cell(6, 1),
    cell(5, 6), cell(4, 6), cell(3, 6), cell(2, 6), cell(1, 6),
)
"""The 10 free coastal spaces in first-game slot order 1-10."""
BESIDE_START: tuple[int, ...] = (cell(6, 5), cell(5, 6))
"""The two coastal spaces beside the start tile, which may not hold a village."""


def coast_rotation(c: int) -> int:
    """Quarter turns of a coastal tile at ``c`` so that its sea faces off the board."""
    if c == NE_CORNER:
        return 2
    r, k = row_col(c)
    if k == SIZE - 1 and r < SIZE - 1:
        return 3
    return 0


def exploration_spaces(at: int, filled: list[int]) -> list[int]:
    """Empty inner spaces beside ``at`` (``filled[c] >= 0`` marks a placed tile)."""
    return [n for n in NEIGHBOUR[at] if n >= 0 and n in INNER and filled[n] < 0]


def manhattan(a: int, b: int) -> int:
    """Grid distance between two cells."""
    ar, ak = row_col(a)
    br, bk = row_col(b)
    return abs(ar - br) + abs(ak - bk)
