"""The backpack: 12 numbered spaces whose uncovered numbers give the movement allowance.

"The backpack has 12 spaces. On each space you can put 1 article of
equipment, 1 treasure, or the amulet. The number of uncovered spaces in your
backpack shows the maximum number of spaces you may move your adventurer."

A backpack is stored as a list of 9 counts in the order of
:data:`~goldlab.games.goldland.articles.OBJECTS` (7 articles, treasures,
amulet); objects are always put on the highest free numbers, so the allowance
is simply 12 minus the number of objects carried.
"""

from __future__ import annotations

from collections.abc import Sequence

from goldlab.games.goldland.articles import BACKPACK_SPACES, OBJECTS


def free_spaces(pack: Sequence[int]) -> int:
    """How many spaces are still uncovered."""
    return BACKPACK_SPACES - sum(pack)


def allowance(pack: Sequence[int]) -> int:
    """The movement allowance: the highest uncovered number (0 when the backpack is full)."""
    return BACKPACK_SPACES - sum(pack)


def spaces(pack: Sequence[int]) -> list[str | None]:
    """What lies on spaces 1-12 (index 0 = space 1): highest numbers covered first."""
    objects: list[str] = []
    for index, n in enumerate(pack):
        objects.extend([OBJECTS[index]] * n)
    uncovered = BACKPACK_SPACES - len(objects)
    return [None] * uncovered + objects
