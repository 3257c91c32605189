"""``goldlab.bots.play.bot_seed`` in numba: SHA-256 of ``goldlab-bot:{game_seed}:{seat}``.

Every bot's generator is seeded from the game seed and its seat through
SHA-256 (so bot seeds are stable everywhere).  The fast path computes the same
digest without leaving compiled code: the message is at most 34 bytes, one
SHA-256 block.

>>> import numpy as np
>>> from goldlab.bots.play import bot_seed
>>> int(bot_seeds(np.array([5, 2**62], dtype=np.uint64), 2)[1, 1]) == bot_seed(2**62, 1)
True
"""

from __future__ import annotations

import numpy as np
from numba import njit

_K = np.array([
    0x428A2F98, 0x71374491, 0xB5C0FBCF, 0xE9B5DBA5, 0x3956C25B, 0x59F111F1, 0x923F82A4,
    0xAB1C5ED5, 0xD807AA98, 0x12835B01, 0x243185BE, 0x550C7DC3, 0x72BE5D74, 0x80DEB1FE,
    0x9BDC06A7, 0xC19BF174, 0xE49B69C1, 0xEFBE4786, 0x0FC19DC6, 0x240CA1CC, 0x2DE92C6F,
    0x4A7484AA, 0x5CB0A9DC, 0x76F988DA, 0x983E5152, 0xA831C66D, 0xB00327C8, 0xBF597FC7,
    0xC6E00BF3, 0xD5A79147, 0x06CA6351, 0x14292967, 0x27B70A85, 0x2E1B2138, 0x4D2C6DFC,
    0x53380D13, 0x650A7354, 0x766A0ABB, 0x81C2C92E, 0x92722C85, 0xA2BFE8A1, 0xA81A664B,
    0xC24B8B70, 0xC76C51A3, 0xD192E819, 0xD6990624, 0xF40E3585, 0x106AA070, 0x19A4C116,
    0x1E376C08, 0x2748774C, 0x34B0BCB5, 0x391C0CB3, 0x4ED8AA4A, 0x5B9CCA4F, 0x682E6FF3,
    0x748F82EE, 0x78A5636F, 0x84C87814, 0x8CC70208, 0x90BEFFFA, 0xA4506CEB, 0xBEF9A3F7,
    0xC67178F2,
], dtype=np.uint32)
_H0 = np.array([0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C,
                0x1F83D9AB, 0x5BE0CD19], dtype=np.uint32)
_M32 = np.uint64(0xFFFFFFFF)
_PREFIX = np.frombuffer(b"goldlab-bot:", dtype=np.uint8).copy()


@njit(cache=True, nogil=True)
def _rotr(x: np.uint32, n: int) -> np.uint32:  # pragma: no cover
    return np.uint32(((x >> np.uint32(n)) | (x << np.uint32(32 - n))) & _M32)


@njit(cache=True, nogil=True)
def bot_seed_one(game_seed: np.uint64, seat: int, block: np.ndarray,
                 w: np.ndarray) -> np.uint64:  # pragma: no cover
    """``bot_seed(game_seed, seat)``; ``block`` (64 uint8) and ``w`` (64 uint32) are scratch."""
    for i in range(64):
        block[i] = 0
    n = 0
    for i in range(_PREFIX.shape[0]):
        block[n] = _PREFIX[i]
        n += 1
    digits = np.empty(20, np.uint8)
    d = 0
    v = game_seed
    while True:
        digits[d] = np.uint8(48 + int(v % np.uint64(10)))
        d += 1
        v //= np.uint64(10)
        if v == 0:
            break
    for i in range(d - 1, -1, -1):
        block[n] = digits[i]
        n += 1
    block[n] = 58  # ':'
    n += 1
    s = seat
    d = 0
    while True:
        digits[d] = np.uint8(48 + s % 10)
        d += 1
        s //= 10
        if s == 0:
            break
    for i in range(d - 1, -1, -1):
        block[n] = digits[i]
        n += 1
    block[n] = 0x80
    bits = n * 8
    block[62] = np.uint8((bits >> 8) & 0xFF)
    block[63] = np.uint8(bits & 0xFF)
    for t in range(16):
        w[t] = (np.uint32(block[4 * t]) << np.uint32(24)) \
            | (np.uint32(block[4 * t + 1]) << np.uint32(16)) \
            | (np.uint32(block[4 * t + 2]) << np.uint32(8)) | np.uint32(block[4 * t + 3])
    for t in range(16, 64):
        x = w[t - 15]
        y = w[t - 2]
        s0 = _rotr(x, 7) ^ _rotr(x, 18) ^ (x >> np.uint32(3))
        s1 = _rotr(y, 17) ^ _rotr(y, 19) ^ (y >> np.uint32(10))
        w[t] = np.uint32((np.uint64(w[t - 16]) + s0 + w[t - 7] + s1) & _M32)
    a = _H0[0]
    b = _H0[1]
    c = _H0[2]
    dd = _H0[3]
    e = _H0[4]
    f = _H0[5]
    g = _H0[6]
    h = _H0[7]
    for t in range(64):
        s1 = _rotr(e, 6) ^ _rotr(e, 11) ^ _rotr(e, 25)
        ch = np.uint32((e & f) ^ ((~e) & g) & _M32)
        t1 = np.uint32((np.uint64(h) + s1 + ch + _K[t] + w[t]) & _M32)
        s0 = _rotr(a, 2) ^ _rotr(a, 13) ^ _rotr(a, 22)
        maj = (a & b) ^ (a & c) ^ (b & c)
        t2 = np.uint64(s0) + maj
        h = g
        g = f
        f = e
        e = np.uint32((np.uint64(dd) + t1) & _M32)
        dd = c
        c = b
        b = a
        a = np.uint32((t1 + t2) & _M32)
    h0 = np.uint32((np.uint64(a) + _H0[0]) & _M32)
    h1 = np.uint32((np.uint64(b) + _H0[1]) & _M32)
    # the first 8 digest bytes (h0, h1 big-endian) read as a little-endian integer
    lo = ((h0 & np.uint32(0xFF)) << np.uint32(24)) | ((h0 & np.uint32(0xFF00)) << np.uint32(8)) \
        | ((h0 >> np.uint32(8)) & np.uint32(0xFF00)) | (h0 >> np.uint32(24))
    hi = ((h1 & np.uint32(0xFF)) << np.uint32(24)) | ((h1 & np.uint32(0xFF00)) << np.uint32(8)) \
        | ((h1 >> np.uint32(8)) & np.uint32(0xFF00)) | (h1 >> np.uint32(24))
    return np.uint64(lo) | (np.uint64(hi) << np.uint64(32))


@njit(cache=True, nogil=True)
def bot_seeds(game_seeds: np.ndarray, seats: int) -> np.ndarray:  # pragma: no cover
    """``bot_seed(game_seeds[i], s)`` for every game and seat, shape ``(games, seats)``."""
    out = np.empty((game_seeds.shape[0], seats), np.uint64)
    block = np.empty(64, np.uint8)
    w = np.empty(64, np.uint32)
    for i in range(game_seeds.shape[0]):
        for s in range(seats):
            out[i, s] = bot_seed_one(game_seeds[i], s, block, w)
    return out
