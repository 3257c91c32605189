"""Bit tricks for the numba kernels: count trailing zeros and population count.

>>> import numpy as np
>>> from numba import njit
>>> @njit
... def f(x):
...     return trailing_zeros(x), popcount(x)
>>> f(np.uint64(0b101000))
(3, 2)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from llvmlite import ir
from numba import types
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
