"""Articles of equipment, the other objects a backpack holds, and kits of them.

Goldland has seven kinds of equipment (provisions, pearls, ropes, guns,
spades, timbers, fishing rods).  A backpack also holds treasures and the
amulet, which take a space but are *not* equipment ("Amulets and treasure are
not equipment", player question 7).

A :class:`Kit` is a multiset of objects, stored as a tuple of counts in the
fixed order of :data:`OBJECTS` so that it is hashable, comparable and cheap to
copy.  Its notation is ``2 timbers + rope`` (counts before plural names, in
rulebook order); :func:`parse_kit` reads it back and also accepts singular or
plural names, ``x`` counts and commas.

This module also holds the component counts of the box ("Goldland overview").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache

from goldlab.core.errors import InvalidActionError

ARTICLES: tuple[str, ...] = ("provision", "pearl", "rope", "gun", "spade", "timber", "fishing rod")
"""The seven articles of equipment, in the order of the overview."""
OBJECTS: tuple[str, ...] = (*ARTICLES, "treasure", "amulet")
"""Everything that can occupy a backpack space: equipment, treasures, the amulet."""
PROVISION, PEARL, ROPE, GUN, SPADE, TIMBER, ROD, TREASURE, AMULET = range(9)
N_ARTICLES = len(ARTICLES)
N_OBJECTS = len(OBJECTS)

PLURALS: tuple[str, ...] = (
    "provisions", "pearls", "ropes", "guns", "spades", "timbers", "fishing rods", "treasures",
    "amulets",
)

# ---------------------------------------------------------------- components
# "112 articles of equipment: 26 provisions, 16 pearls, 16 ropes, 16 guns, 16 spades,
# 16 timbers, 6 fishing rods"
STOCK: tuple[int, ...] = (26, 16, 16, 16, 16, 16, 6)
"""The stock of each article at the start, before players take their starting kit."""
DISCOVERY_TOKENS = 36
TREASURE_TOKENS = 8
GOLD_PIECES = 22
AMULETS = 5
CAMPS_PER_PLAYER = 10
BACKPACK_SPACES = 12
TREASURE_GOLD = 3
AMULET_GOLD = 3
TEMPLE_BONUS_PER_ARRIVAL = 2
DIG_COST = 2
"""Provisions used to dig up a treasure (the two yellow-bordered provisions)."""
ORDEAL_COST = 4
"""Articles of equipment used for an ordeal."""


def _name_table() -> dict[str, int]:
    table: dict[str, int] = {}
    for index, (one, many) in enumerate(zip(OBJECTS, PLURALS, strict=True)):
        table[one] = index
        table[many] = index
        table[one.replace(" ", "-")] = index
        table[many.replace(" ", "-")] = index
    table["rod"] = table["rods"] = ROD
    table["fishing-rods"] = ROD
    return table


_NAMES = _name_table()


def object_index(name: str) -> int:
    """The index in :data:`OBJECTS` of an object name (singular or plural)."""
    key = " ".join(name.strip().lower().split())
    try:
        return _NAMES[key]
    except KeyError:
        raise InvalidActionError(
            f"{name!r} is not an article of Goldland; articles are {', '.join(ARTICLES)}"
        ) from None


def article_name(index: int, count: int = 1) -> str:
    """The name of an object, plural when ``count`` is not 1."""
    return OBJECTS[index] if count == 1 else PLURALS[index]


@dataclass(frozen=True, slots=True)
class Kit:
    """A multiset of backpack objects: counts in the order of :data:`OBJECTS`."""

    counts: tuple[int, ...] = (0,) * N_OBJECTS

    @classmethod
    def of(cls, items: Mapping[str, int] | Iterable[str] = ()) -> Kit:
        """A kit from names: ``Kit.of({"timber": 2})`` or ``Kit.of(["rope", "rope"])``."""
        counts = [0] * N_OBJECTS
        if isinstance(items, Mapping):
            for name, n in items.items():
                counts[object_index(name)] += n
        else:
            for name in items:
                counts[object_index(name)] += 1
        return cls(tuple(counts))

    @classmethod
    def from_counts(cls, counts: Iterable[int]) -> Kit:
        """A kit from a sequence of counts (missing trailing counts are 0)."""
        values = list(counts)
        values += [0] * (N_OBJECTS - len(values))
        return cls(tuple(values))

    @property
    def size(self) -> int:
        """The number of objects."""
        return sum(self.counts)

    def is_equipment(self) -> bool:
        """True when the kit holds only articles of equipment."""
        return not any(self.counts[N_ARTICLES:])

    def __add__(self, other: Kit) -> Kit:
        return Kit(tuple(a + b for a, b in zip(self.counts, other.counts, strict=True)))

    def __sub__(self, other: Kit) -> Kit:
        return Kit(tuple(max(0, a - b) for a, b in zip(self.counts, other.counts, strict=True)))

    def __le__(self, other: Kit) -> bool:
        """Sub-multiset test: every count at most the other's."""
        return all(a <= b for a, b in zip(self.counts, other.counts, strict=True))

    def within(self, counts: tuple[int, ...] | list[int]) -> bool:
        """True when this kit fits inside the given counts (e.g. a backpack's)."""
        return all(a <= b for a, b in zip(self.counts, counts, strict=False))

    def __iter__(self) -> Iterator[int]:
        """The object indices, one per object."""
        for index, n in enumerate(self.counts):
            yield from (index,) * n

    def __bool__(self) -> bool:
        return any(self.counts)

    def items(self) -> list[tuple[str, int]]:
        """(name, count) pairs of the non-zero counts in rulebook order."""
        return [(OBJECTS[i], n) for i, n in enumerate(self.counts) if n]

    def __str__(self) -> str:
        parts = []
        for index, n in enumerate(self.counts):
            if n == 1:
                parts.append(OBJECTS[index])
            elif n > 1:
                parts.append(f"{n} {PLURALS[index]}")
        return " + ".join(parts) if parts else "nothing"

    def __repr__(self) -> str:
        return f"kit({str(self)!r})"


EMPTY = Kit()
_PART = re.compile(r"(?:(\d+)\s*(?:x\s*)?)?([a-z][a-z -]*[a-z])", re.ASCII)


def parse_kit(text: str) -> Kit:
    """Read kit notation such as ``2 timbers + rope`` or ``rope, rope, pearl, pearl``."""
    norm = " ".join(text.strip().lower().split())
    if not norm or norm == "nothing":
        return EMPTY
    counts = [0] * N_OBJECTS
    for raw in re.split(r"\s*[+,]\s*", norm):
        m = _PART.fullmatch(raw)
        if m is None:
            raise InvalidActionError(f"cannot read {raw!r} as articles, e.g. '2 timbers + rope'")
        n = int(m.group(1)) if m.group(1) else 1
        if n <= 0 or n > 99:
            raise InvalidActionError(f"bad count in {raw!r}")
        counts[object_index(m.group(2))] += n
    return Kit(tuple(counts))


def kit(text: str) -> Kit:
    """Shorthand for :func:`parse_kit`."""
    return parse_kit(text)


@lru_cache(maxsize=1024)
def sub_kits(whole: Kit) -> tuple[Kit, ...]:
    """Every non-empty sub-multiset of ``whole`` ("take all, any part, or none at all")."""
    out: list[tuple[int, ...]] = [()]
    for n in whole.counts:
        out = [(*prefix, k) for prefix in out for k in range(n + 1)]
    return tuple(Kit(c) for c in out if any(c))


@lru_cache(maxsize=4096)
def kits_of_size(available: tuple[int, ...], size: int) -> tuple[Kit, ...]:
    """Every multiset of ``size`` articles drawn from ``available`` equipment counts."""
    result: list[Kit] = []
    avail = list(available[:N_ARTICLES])

    def walk(index: int, left: int, acc: list[int]) -> None:
        if index == N_ARTICLES:
            if left == 0:
                result.append(Kit.from_counts(acc))
            return
        for k in range(min(left, avail[index]) + 1):
            acc.append(k)
            walk(index + 1, left - k, acc)
            acc.pop()

    walk(0, size, [])
    return tuple(result)
