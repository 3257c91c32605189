"""Bit tricks for the numba kernels: trailing zeros, population count, the n-th set bit.

>>> import numpy as np
>>> from numba import njit
>>> @njit
... def f(x):
...     return trailing_zeros(x), popcount(x), nth_set_bit(x, 1)
>>> f(np.uint64(0b101000))
(3, 2, 5)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic


@intrinsic
def _trailing_zeros(typingctx: Any, x: Any) -> Any:  # pragma: no cover
    """The index of the lowest set bit of a ``uint64`` (undefined for 0)."""
    sig = types.int64(types.uint64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))

    return sig, codegen


@intrinsic
def _popcount(typingctx: Any, x: Any) -> Any:  # pragma: no cover
    """The number of set bits of a ``uint64``."""
    sig = types.int64(types.uint64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(args[0])

    return sig, codegen


trailing_zeros = cast(Callable[[Any], int], _trailing_zeros)
popcount = cast(Callable[[Any], int], _popcount)


@njit(cache=True, nogil=True, inline="always")
def nth_set_bit(bits: np.uint64, n: int) -> int:  # pragma: no cover
    """The index of the ``n``-th lowest set bit of ``bits`` (from 0; ``n`` < its popcount).

    The ``n``-th position, in index order, of a set of positions held as bits:
    the same as walking the positions and counting, in six halvings.
    """
    index = 0
    width = 32
    while width:
        low = bits & ((np.uint64(1) << np.uint64(width)) - np.uint64(1))
        count = popcount(low)
        if n >= count:
            n -= count
            bits >>= np.uint64(width)
            index += width
        else:
            bits = low
        width >>= 1
    return index
