"""Tests and intervals for a proportion, in pure Python: what the lessons compute about wins.

Three functions a lesson needs about ``successes`` out of ``trials`` (wins of the first
player, gold flips, intervals that miss):

* :func:`binomial_test` -- the exact p-value, as ``scipy.stats.binomtest`` gives it;
* :func:`wilson_interval` -- Wilson's score interval, as ``statsmodels``'
  ``proportion_confint(method="wilson")`` gives it;
* :func:`normal_approximation` -- the z statistic and its p-value from the normal curve.

Only the standard library is used (``math``, ``statistics``), so these run where NumPy and
SciPy cannot be installed (Pyodide, see ``tests/test_without_numpy.py``).  Up to a million
trials a call takes milliseconds and agrees with SciPy to a relative 1e-9 (the tests
compare them).  What this module does not do: vectors of counts, other intervals
(Clopper-Pearson, Agresti-Coull) or continuity corrections.

>>> round(binomial_test(60, 100), 4), round(binomial_test(60, 100, alternative="greater"), 4)
(0.0569, 0.0284)
>>> [round(x, 4) for x in wilson_interval(60, 100)]
[0.502, 0.6906]
>>> [round(x, 4) for x in normal_approximation(60, 100)]
[2.0, 0.0455]
"""

from __future__ import annotations

import math
import operator
from numbers import Real
from statistics import NormalDist
from typing import Any, Literal, NamedTuple

Alternative = Literal["two-sided", "greater", "less"]
"""Which results count as at least as unusual: both directions, more successes, fewer."""
ALTERNATIVES: tuple[Alternative, ...] = ("two-sided", "greater", "less")
MAX_TRIALS = 10**7
"""The most trials accepted (a tail is summed term by term: ~ 10 sqrt(trials) terms)."""
RELATIVE_TIE = 1 + 1e-7
"""Two outcomes whose probabilities differ by less than this factor are equally likely
(SciPy's ``rerr``): 40 and 60 wins of 100 are tied although their floats may differ."""


class NormalTest(NamedTuple):
    """The z statistic of a proportion and its p-value from the normal curve."""

    statistic: float
    pvalue: float


def binomial_test(successes: int, trials: int, p: float = 0.5,
                  alternative: Alternative = "two-sided") -> float:
    """The exact p-value of ``successes`` in ``trials`` if each succeeds with chance ``p``.

    ``"greater"`` is the chance of ``successes`` or more, ``"less"`` of ``successes`` or
    fewer, and ``"two-sided"`` (the default) the total chance of every outcome no more
    likely than the one observed, within :data:`RELATIVE_TIE`: ``scipy.stats.binomtest``'s
    definition, so its ``pvalue`` is the same number.

    >>> binomial_test(5, 10)
    1.0
    >>> round(binomial_test(0, 10, 0.2, alternative="less"), 6)  # 0.8 ** 10
    0.107374
    """
    k, n, p = _checked(successes, trials, p)
    if alternative not in ALTERNATIVES:
        raise ValueError(f"alternative is one of {', '.join(ALTERNATIVES)}, "
                         f"not {alternative!r}")
    if alternative == "less":
        return _at_most(k, n, p)
    if alternative == "greater":
        return _at_least(k, n, p)
    if k == p * n:
        return 1.0
    likely = _pmf(k, n, p) * RELATIVE_TIE
    if k < p * n:
        # the outcomes above the mode that are no more likely: the first of them onwards
        far = _first(math.ceil(p * n), n, lambda x: _pmf(x, n, p) <= likely)
        other = _at_least(far, n, p) if far <= n else 0.0
        return min(1.0, _at_most(k, n, p) + other)
    # the outcomes below the mode that are no more likely: up to the last of them
    near = _first(0, math.floor(p * n), lambda x: _pmf(x, n, p) > likely) - 1
    other = _at_most(near, n, p) if near >= 0 else 0.0
    return min(1.0, other + _at_least(k, n, p))


def wilson_interval(successes: int, trials: int,
                    confidence: float = 0.95) -> tuple[float, float]:
    """Wilson's score interval for the proportion ``successes / trials``.

    The same formula, in the same order, as ``statsmodels``' ``proportion_confint(...,
    method="wilson")``, whose bounds it equals to the last few bits, except that at 0
    successes the interval starts at 0 and at ``trials`` successes it ends at 1 exactly
    (the formula's value, which rounding moves by about 1e-17 either way).

    >>> [round(x, 4) for x in wilson_interval(0, 10)]
    [0.0, 0.2775]
    """
    k, n, _ = _checked(successes, trials, 0.5)
    z = _critical(confidence)
    share = k / n
    z2 = z * z
    scale = 1 + z2 / n
    centre = (share + z2 / (2 * n)) / scale
    half = z * math.sqrt(share * (1.0 - share) / n + z2 / (4.0 * n * n)) / scale
    low = 0.0 if k == 0 else max(0.0, centre - half)
    high = 1.0 if k == n else min(1.0, centre + half)
    return low, high


def normal_approximation(successes: int, trials: int, p: float = 0.5,
                         alternative: Alternative = "two-sided") -> NormalTest:
    """The z statistic ``(successes - trials p) / sqrt(trials p (1 - p))`` and its p-value
    from the standard normal curve (``scipy.stats.norm``): both tails, the upper tail
    (``"greater"``) or the lower one (``"less"``).

    No continuity correction: z uses the count itself, not the count moved half a step
    towards ``trials p``, so for small ``trials`` the p-value is further from the exact
    :func:`binomial_test` than a corrected one would be; this is the z-test textbooks
    teach first.

    >>> normal_approximation(50, 100)
    NormalTest(statistic=0.0, pvalue=1.0)
    """
    k, n, p = _checked(successes, trials, p)
    if alternative not in ALTERNATIVES:
        raise ValueError(f"alternative is one of {', '.join(ALTERNATIVES)}, "
                         f"not {alternative!r}")
    z = (k - n * p) / math.sqrt(n * p * (1 - p))
    if alternative == "greater":
        tail = 0.5 * math.erfc(z / math.sqrt(2))
    elif alternative == "less":
        tail = 0.5 * math.erfc(-z / math.sqrt(2))
    else:
        tail = math.erfc(abs(z) / math.sqrt(2))
    return NormalTest(z, tail)


# --------------------------------------------------------------------------- checks


def _checked(successes: Any, trials: Any, p: Any) -> tuple[int, int, float]:
    """``(successes, trials, p)`` as numbers, or a ValueError that says what is wrong."""
    n = _whole(trials, "trials")
    k = _whole(successes, "successes")
    if not 0 < n <= MAX_TRIALS:
        raise ValueError(f"trials is a count from 1 to {MAX_TRIALS:,}, not {n}")
    if not 0 <= k <= n:
        raise ValueError(f"successes is a count from 0 to trials ({n}), not {k}")
    if isinstance(p, bool) or not isinstance(p, Real) or not 0 < float(p) < 1:
        raise ValueError(f"p is a chance strictly between 0 and 1, not {p!r}")
    return k, n, float(p)


def _whole(value: Any, name: str) -> int:
    """An int (a NumPy integer too), or a ValueError: 10.0 and True are no counts."""
    try:
        if isinstance(value, bool):
            raise TypeError
        return operator.index(value)
    except TypeError:
        raise ValueError(f"{name} is a whole number (an int), not {value!r}") from None


def _critical(confidence: Any) -> float:
    """The z that leaves ``(1 - confidence) / 2`` above it: 1.96 for 0.95."""
    if isinstance(confidence, bool) or not isinstance(confidence, Real) \
            or not 0 < float(confidence) < 1:
        raise ValueError(f"confidence is strictly between 0 and 1, not {confidence!r}")
    return -NormalDist().inv_cdf((1 - float(confidence)) / 2)


# --------------------------------------------------------------------------- the binomial


def _first(low: int, high: int, test: Any) -> int:
    """The first x in ``low..high`` where ``test(x)`` holds (``high + 1`` if none), for a
    test that holds from some x on (binary search)."""
    while low <= high:
        middle = (low + high) // 2
        if test(middle):
            high = middle - 1
        else:
            low = middle + 1
    return low


def _at_most(k: int, n: int, p: float) -> float:
    """P(X <= k) for X ~ Binomial(n, p)."""
    if k < 0:
        return 0.0
    if k >= n:
        return 1.0
    if k < n * p:  # a tail: the terms fall from k down to 0
        return _tail(k, n, p, step=-1)
    return 1.0 - _tail(k + 1, n, p, step=+1)  # the upper tail is at most 1/2: no cancellation


def _at_least(k: int, n: int, p: float) -> float:
    """P(X >= k) for X ~ Binomial(n, p)."""
    if k <= 0:
        return 1.0
    if k > n:
        return 0.0
    if k > n * p:
        return _tail(k, n, p, step=+1)
    return 1.0 - _tail(k - 1, n, p, step=-1)


def _tail(start: int, n: int, p: float, step: int) -> float:
    """The sum of P(X = x) from ``start`` away from the mode (``step`` -1 or +1).

    The terms fall from ``start`` on, each the last times a ratio that falls too, so once
    a term times ratio / (1 - ratio) (a bound on all the rest) is below 2**-60 of the sum,
    the rest cannot change it: about 10 standard deviations of terms, 15,000 at 10**7
    trials.  Each term is the last times a ratio of counts, so rounding grows by an ulp a
    term at most."""
    q = 1.0 - p
    term = _pmf(start, n, p)
    total = 0.0
    x = start
    while term > 0.0:
        total += term
        if step < 0:
            if x == 0:
                break
            ratio = (x * q) / ((n - x + 1) * p)
        else:
            if x == n:
                break
            ratio = ((n - x) * p) / ((x + 1) * q)
        term *= ratio
        x += step
        if ratio < 1 and term * ratio / (1 - ratio) < total * 2.0**-60:
            total += term
            break
    return total


def _pmf(x: int, n: int, p: float) -> float:
    """P(X = x) for X ~ Binomial(n, p), to a relative 1e-14 even where the chance is
    tiny: Loader's saddle-point form (C. Loader, *Fast and Accurate Computation of Binomial
    Probabilities*, 2000; R's ``dbinom``), not a difference of huge ``lgamma`` values,
    which would lose nine digits at a million trials."""
    q = 1.0 - p
    if x == 0:
        return math.exp(-_deviance(n, n * q) - n * p if p < 0.1 else n * math.log(q))
    if x == n:
        return math.exp(-_deviance(n, n * p) - n * q if q < 0.1 else n * math.log(p))
    exponent = (_stirling_error(n) - _stirling_error(x) - _stirling_error(n - x)
                - _deviance(x, n * p) - _deviance(n - x, n * q))
    spread = math.log(2 * math.pi) + math.log(x) + math.log1p(-x / n)
    return math.exp(exponent - 0.5 * spread)


def _stirling_error(n: int) -> float:
    """log(n!) - log(sqrt(2 pi n) (n/e)**n): what Stirling's formula leaves out."""
    if n <= 15:
        return math.lgamma(n + 1) - (n + 0.5) * math.log(n) + n - 0.5 * math.log(2 * math.pi)
    nn = float(n) * n
    s0, s1, s2, s3, s4 = 1 / 12, 1 / 360, 1 / 1260, 1 / 1680, 1 / 1188
    if n > 500:
        return (s0 - s1 / nn) / n
    if n > 80:
        return (s0 - (s1 - s2 / nn) / nn) / n
    if n > 35:
        return (s0 - (s1 - (s2 - s3 / nn) / nn) / nn) / n
    return (s0 - (s1 - (s2 - (s3 - s4 / nn) / nn) / nn) / nn) / n


def _deviance(x: float, mean: float) -> float:
    """x log(x / mean) + mean - x, without the cancellation when x is near the mean."""
    if abs(x - mean) < 0.1 * (x + mean):
        v = (x - mean) / (x + mean)
        total = (x - mean) * v
        term = 2 * x * v
        j = 1
        while True:
            term *= v * v
            more = total + term / (2 * j + 1)
            if more == total:
                return total
            total = more
            j += 1
    return x * math.log(x / mean) + mean - x


__all__ = ["ALTERNATIVES", "MAX_TRIALS", "RELATIVE_TIE", "Alternative", "NormalTest",
           "binomial_test", "normal_approximation", "wilson_interval"]
