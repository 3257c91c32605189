"""CPython's Mersenne Twister (``random.Random``) in numba, bit for bit.

The engines draw chance with ``random.Random(seed).randrange(n)`` and the
built-in bots choose with their own ``random.Random``.  To play exactly the
same games, the fast path reproduces CPython's generator (``_randommodule.c``
and ``random.py``):

* seeding from a non-negative int: the int's 32-bit words (low word first, at
  least one) are the key of ``init_by_array``;
* ``getrandbits(k)`` for ``k <= 32``: one tempered 32-bit output shifted right
  by ``32 - k``;
* ``randrange(n)``: ``_randbelow_with_getrandbits``: draw ``n.bit_length()``
  bits until the value is below ``n``;
* ``random()``: two outputs, ``a >> 5`` and ``b >> 6``, as
  ``(a * 67108864.0 + b) * (1.0 / 9007199254740992.0)`` (``random_random``).

Generators live in the columns of a ``uint32`` array of shape ``(ROW, G)``:
the 624 state words, then the read position, then the next word to twist.
Seeding runs over all columns at once (``init_by_array`` is a long chain of
dependent multiplications; across generators it vectorises).  The twist is
done lazily, one word at a time and in the C loop's order, which gives the
same words: each new word depends only on words the loop has not overwritten
yet or has already written.  A game drawing a hundred numbers pays for a
hundred words, not 624.

>>> import random
>>> import numpy as np
>>> gens = new_generators(1)
>>> seed_generators(gens, np.array([7], dtype=np.uint64))
>>> reference = random.Random(7)
>>> [randbelow(gens, 0, 10) for _ in range(5)] == [reference.randrange(10) for _ in range(5)]
True
"""

from __future__ import annotations

import numpy as np
from numba import njit

N = 624
M = 397
POS = N
"""Row holding a generator's read position (N: the block is used up)."""
NEXT = N + 1
"""Row holding the next word to twist (N: nothing left to twist in this block)."""
ROW = N + 2
_MASK32 = 0xFFFFFFFF


def _init_genrand(s: int) -> np.ndarray:
    mt = [s & _MASK32]
    for i in range(1, N):
        prev = mt[-1]
        mt.append((1812433253 * (prev ^ (prev >> 30)) + i) & _MASK32)
    return np.array(mt, dtype=np.uint32)


BASE = _init_genrand(19650218)
"""``init_genrand(19650218)``: where every ``init_by_array`` starts."""


def new_generators(count: int) -> np.ndarray:
    """Room for ``count`` generators, one per column (seed them before use)."""
    return np.zeros((ROW, count), dtype=np.uint32)


@njit(cache=True, nogil=True)
def seed_generators(gens: np.ndarray, seeds: np.ndarray) -> None:  # pragma: no cover
    """Seed column ``g`` like ``random.Random(int(seeds[g]))`` (``seeds``: uint64)."""
    count = seeds.shape[0]
    add0 = np.empty(count, np.uint32)
    add1 = np.empty(count, np.uint32)
    for g in range(count):
        lo = np.uint32(seeds[g] & np.uint64(_MASK32))
        hi = np.uint32(seeds[g] >> np.uint64(32))
        add0[g] = lo
        # key of one word: j stays 0; of two words: j alternates 0, 1 (and adds j)
        add1[g] = lo if hi == 0 else hi + np.uint32(1)
    for t in range(N):
        b = BASE[t]
        for g in range(count):
            gens[t, g] = b
    i = 1
    for t in range(N):  # k = max(N, key length) steps
        if t % 2 == 0:
            for g in range(count):
                p = gens[i - 1, g]
                gens[i, g] = (gens[i, g] ^ ((p ^ (p >> np.uint32(30))) * np.uint32(1664525))) \
                    + add0[g]
        else:
            for g in range(count):
                p = gens[i - 1, g]
                gens[i, g] = (gens[i, g] ^ ((p ^ (p >> np.uint32(30))) * np.uint32(1664525))) \
                    + add1[g]
        i += 1
        if i >= N:
            for g in range(count):
                gens[0, g] = gens[N - 1, g]
            i = 1
    for _ in range(N - 1):
        ii = np.uint32(i)
        for g in range(count):
            p = gens[i - 1, g]
            gens[i, g] = (gens[i, g] ^ ((p ^ (p >> np.uint32(30))) * np.uint32(1566083941))) - ii
        i += 1
        if i >= N:
            for g in range(count):
                gens[0, g] = gens[N - 1, g]
            i = 1
    for g in range(count):
        gens[0, g] = np.uint32(0x80000000)
        gens[POS, g] = N
        gens[NEXT, g] = N


@njit(cache=True, nogil=True, inline="always")
def genrand_uint32(gens: np.ndarray, g: int) -> np.uint32:  # pragma: no cover
    """The next tempered 32-bit output of generator ``g`` (``genrand_uint32``)."""
    pos = gens[POS, g]
    if pos >= N:
        pos = np.uint32(0)
        gens[NEXT, g] = 0
    kk = gens[NEXT, g]
    if kk <= pos:
        if kk < N - M:
            y = (gens[kk, g] & np.uint32(0x80000000)) | (gens[kk + 1, g] & np.uint32(0x7FFFFFFF))
            v = gens[kk + M, g] ^ (y >> np.uint32(1))
        elif kk < N - 1:
            y = (gens[kk, g] & np.uint32(0x80000000)) | (gens[kk + 1, g] & np.uint32(0x7FFFFFFF))
            v = gens[kk + M - N, g] ^ (y >> np.uint32(1))
        else:
            y = (gens[N - 1, g] & np.uint32(0x80000000)) | (gens[0, g] & np.uint32(0x7FFFFFFF))
            v = gens[M - 1, g] ^ (y >> np.uint32(1))
        if y & np.uint32(1):
            v ^= np.uint32(0x9908B0DF)
        gens[kk, g] = v
        gens[NEXT, g] = kk + 1
    y = gens[pos, g]
    gens[POS, g] = pos + 1
    y ^= y >> np.uint32(11)
    y ^= (y << np.uint32(7)) & np.uint32(0x9D2C5680)
    y ^= (y << np.uint32(15)) & np.uint32(0xEFC60000)
    y ^= y >> np.uint32(18)
    return y  # type: ignore[no-any-return]


_SHIFT = np.array([32 - max(1, n.bit_length()) for n in range(256)], dtype=np.int64)
"""``32 - n.bit_length()`` for small ``n``: the shift of ``getrandbits(n.bit_length())``."""


@njit(cache=True, nogil=True, inline="always")
def randbelow(gens: np.ndarray, g: int, n: int) -> int:  # pragma: no cover
    """``random.Random.randrange(n)`` of generator ``g``, for ``0 < n < 2**32``."""
    if n < 256:
        shift = _SHIFT[n]
    else:
        shift = 32
        m = n
        while m:
            shift -= 1
            m >>= 1
    while True:
        r = np.int64(genrand_uint32(gens, g) >> shift)
        if r < n:
            return r  # type: ignore[return-value]


@njit(cache=True, nogil=True, inline="always")
def random_float(gens: np.ndarray, g: int) -> float:  # pragma: no cover
    """``random.Random.random()`` of generator ``g``: a float in [0, 1), 53 random bits."""
    a = genrand_uint32(gens, g) >> np.uint32(5)
    b = genrand_uint32(gens, g) >> np.uint32(6)
    return (float(a) * 67108864.0 + float(b)) * (1.0 / 9007199254740992.0)


@njit(cache=True, nogil=True, inline="always")
def draw_counted(
    gens: np.ndarray, g: int, counts: np.ndarray, total: int
) -> int:  # pragma: no cover
    """Draw one item from the multiset ``counts`` (``total`` items) with generator ``g``.

    The n-th item in index order, n = ``randbelow(total)``: the same draw as the
    engines' counting method, and as drawing from a shuffled pile.  The item's
    count goes down by one; its index is returned.
    """
    pick = randbelow(gens, g, total)
    k = 0
    pick -= counts[0]
    while pick >= 0:
        k += 1
        pick -= counts[k]
    counts[k] -= 1
    return k
