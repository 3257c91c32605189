"""goldlab.lessons.inference: the same numbers as SciPy and statsmodels, without them.

Each function is compared with the library a statistician would use, on random inputs
(Hypothesis) and on the edges (no success, all successes, one trial, a chance near 0 or 1,
a million trials); then the module is imported where NumPy and SciPy cannot be.
"""

from __future__ import annotations

import math
import subprocess
import sys
import time
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import binom, binomtest, norm
from statsmodels.stats.proportion import proportion_confint

from goldlab.lessons.inference import (
    ALTERNATIVES,
    Alternative,
    binomial_test,
    normal_approximation,
    wilson_interval,
)

RELATIVE = 1e-9
"""How close to SciPy's numbers ours must be (relative)."""
TINY = 1e-290
"""Below this a p-value is compared absolutely: there floats lose their relative digits."""
SCIPY_FLOOR = 1e-200
"""Below this SciPy's own binomial tails lose digits (binomtest(24, 2388, 0.2634) is
1.4e-271, the exact sum 4.46e-271): there the exact sum in integers is the reference."""


def close(ours: float, theirs: float) -> bool:
    return math.isclose(ours, theirs, rel_tol=RELATIVE, abs_tol=TINY)


def exact_p_value(k: int, n: int, p: float, alternative: Alternative) -> float:
    """The p-value summed exactly: every term comb(n, x) a**x b**(n - x) over den**n,
    where p = a / den; the two-sided sum takes the terms no more likely than k's, within
    SciPy's relative 1e-7."""
    a, den = Fraction(p).as_integer_ratio()
    b = den - a
    terms = [b**n]
    for x in range(n):  # the next term from the last, divided exactly
        terms.append(terms[-1] * (n - x) * a // ((x + 1) * b))
    if alternative == "less":
        chosen = terms[:k + 1]
    elif alternative == "greater":
        chosen = terms[k:]
    else:
        tie = Fraction(1 + 1e-7)
        chosen = [t for t in terms if t * tie.denominator <= terms[k] * tie.numerator]
    return sum(chosen) / den**n  # int / int: rounded once, correctly


def reference(k: int, n: int, p: float, alternative: Alternative) -> float | None:
    """SciPy's p-value, or the exact one where SciPy's is too small to trust (None when
    that would take too long: n above 3,000)."""
    theirs = float(binomtest(k, n, p, alternative).pvalue)
    if theirs >= SCIPY_FLOOR:
        return theirs
    return exact_p_value(k, n, p, alternative) if n <= 3000 else None


@st.composite
def experiments(draw: st.DrawFn, most: int = 10**6) -> tuple[int, int, float]:
    """(successes, trials, p): any count, often near the expected one, where tests differ."""
    n = draw(st.one_of(st.integers(1, 50), st.integers(1, most),
                       st.sampled_from([1, 2, 10, 100, 1000, 10**5, most])))
    p = draw(st.one_of(st.floats(1e-12, 1 - 1e-12),
                       st.sampled_from([0.5, 0.1, 0.9, 1 / 3, 1e-9, 1 - 1e-9, 0.05])))
    sd = math.sqrt(n * p * (1 - p))
    near = draw(st.floats(-6, 6))
    k = draw(st.one_of(st.integers(0, n), st.sampled_from([0, n]),
                       st.just(min(n, max(0, round(n * p + near * sd))))))
    return k, n, p


@settings(max_examples=400)
@given(experiments(), st.sampled_from(ALTERNATIVES))
def test_binomial_test_is_scipys_binomtest(case: tuple[int, int, float],
                                           alternative: Alternative) -> None:
    k, n, p = case
    ours, theirs = binomial_test(k, n, p, alternative), reference(k, n, p, alternative)
    assert close(ours, theirs) if theirs is not None else ours < 1e3 * SCIPY_FLOOR


def test_where_scipys_tails_lose_digits_the_exact_sum_is_met() -> None:
    for k, n, p in [(24, 2388, 0.26339226812986993), (76, 1143, 0.53125),
                    (1370, 1864, 1 / 3)]:
        exact = exact_p_value(k, n, p, "two-sided")
        assert exact < SCIPY_FLOOR and not close(binomtest(k, n, p).pvalue, exact)
        assert math.isclose(binomial_test(k, n, p), exact, rel_tol=1e-12)


@pytest.mark.parametrize("p", [0.5, 0.25, 1 / 3, 0.1, 0.7, 1 / 6, 0.01, 0.999])
def test_binomial_test_is_scipys_for_every_count_of_small_samples(p: float) -> None:
    """Every outcome of 1 to 40 trials: the two-sided test's ties (40 and 60 of 100 at
    p = 1/2 are equally likely) are counted as SciPy counts them."""
    for n in range(1, 41):
        for k in range(n + 1):
            for alternative in ALTERNATIVES:
                ours = binomial_test(k, n, p, alternative)
                assert close(ours, binomtest(k, n, p, alternative).pvalue), (k, n, alternative)


def test_the_two_sided_p_value_counts_every_outcome_no_more_likely() -> None:
    """The definition, in exact fractions: 60 of 100 at 1/2 counts 0-40 and 60-100."""
    def pmf(x: int) -> Fraction:
        return Fraction(math.comb(100, x), 2**100)

    exact = sum(pmf(x) for x in range(101) if pmf(x) <= pmf(60))
    assert math.isclose(binomial_test(60, 100), float(exact), rel_tol=1e-12)
    assert binomial_test(50, 100) == 1.0 and binomial_test(3, 6) == 1.0


@pytest.mark.parametrize(("k", "n", "p"), [
    (0, 1, 0.5), (1, 1, 0.5), (0, 1, 1e-12), (1, 1, 1 - 1e-12), (0, 10**6, 0.5),
    (10**6, 10**6, 0.5), (0, 10**6, 1e-9), (1, 10**6, 1e-9), (10**6, 10**6, 1 - 1e-9),
    (500_000, 10**6, 0.5), (501_000, 10**6, 0.5), (499_123, 10**6, 0.5), (3, 10**6, 1e-6),
    (0, 10**7, 1e-7), (5_004_000, 10**7, 0.5), (37, 37, 0.1), (0, 5, 0.999),
])
def test_binomial_edges_are_scipys(k: int, n: int, p: float) -> None:
    for alternative in ALTERNATIVES:
        assert close(binomial_test(k, n, p, alternative),
                     binomtest(k, n, p, alternative).pvalue), alternative


def test_the_tails_sum_to_one_with_the_observed_outcome_counted_twice() -> None:
    for k, n, p in [(0, 7, 0.3), (480_000, 10**6, 0.48), (12, 40, 0.5)]:
        both = (binomial_test(k, n, p, "less") + binomial_test(k, n, p, "greater")
                - float(binom.pmf(k, n, p)))
        assert math.isclose(both, 1.0, rel_tol=1e-12)


def test_a_million_trials_take_milliseconds() -> None:
    started = time.process_time()
    for k in (499_000, 500_700, 510_000):
        for alternative in ALTERNATIVES:
            binomial_test(k, 10**6, 0.5, alternative)
    assert time.process_time() - started < 1.0


@settings(max_examples=300)
@given(experiments(most=10**7), st.floats(1e-6, 1 - 1e-9))
def test_wilson_interval_is_statsmodels(case: tuple[int, int, float],
                                        confidence: float) -> None:
    k, n, _ = case
    low, high = wilson_interval(k, n, confidence)
    their_low, their_high = proportion_confint(k, n, alpha=1 - confidence, method="wilson")
    assert 0.0 <= low <= k / n <= high <= 1.0
    # at 0 successes the lower bound is 0 (statsmodels may give -1e-17): compare absolutely
    assert math.isclose(low, their_low, rel_tol=RELATIVE, abs_tol=1e-15)
    assert math.isclose(high, their_high, rel_tol=RELATIVE, abs_tol=1e-15)


def test_wilson_interval_of_0_and_all_successes_touches_0_and_1() -> None:
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == 1.0
    low, high = wilson_interval(60, 100)
    assert (round(low, 4), round(high, 4)) == (0.502, 0.6906)


@settings(max_examples=400)
@given(experiments(most=10**7), st.sampled_from(ALTERNATIVES))
def test_normal_approximation_is_scipys_normal_curve(case: tuple[int, int, float],
                                                     alternative: Alternative) -> None:
    k, n, p = case
    z = (k - n * p) / math.sqrt(n * p * (1 - p))
    theirs = {"two-sided": 2 * norm.sf(abs(z)), "greater": norm.sf(z),
              "less": norm.cdf(z)}[alternative]
    statistic, pvalue = normal_approximation(k, n, p, alternative)
    assert math.isclose(statistic, z, rel_tol=1e-12, abs_tol=1e-12)
    assert close(pvalue, float(theirs))


def test_the_normal_approximation_has_no_continuity_correction() -> None:
    # 60 of 100 at 1/2: z = 10 / 5 = 2 exactly; with a correction it would be 9.5 / 5
    statistic, pvalue = normal_approximation(60, 100)
    assert statistic == 2.0 and math.isclose(pvalue, 2 * float(norm.sf(2.0)), rel_tol=1e-12)


@pytest.mark.parametrize(("call", "message"), [
    (lambda: binomial_test(3, 2), "successes is a count from 0 to trials"),
    (lambda: binomial_test(-1, 2), "successes is a count from 0 to trials"),
    (lambda: binomial_test(0, 0), "trials is a count from 1"),
    (lambda: binomial_test(1, 10**7 + 1), "trials is a count from 1 to 10,000,000"),
    (lambda: binomial_test(1.0, 2), "successes is a whole number"),
    (lambda: binomial_test(True, 2), "successes is a whole number"),
    (lambda: binomial_test(1, "2"), "trials is a whole number"),
    (lambda: binomial_test(1, 2, 0.0), "p is a chance strictly between 0 and 1"),
    (lambda: binomial_test(1, 2, 1), "p is a chance strictly between 0 and 1"),
    (lambda: binomial_test(1, 2, float("nan")), "p is a chance"),
    (lambda: binomial_test(1, 2, "0.5"), "p is a chance"),
    (lambda: binomial_test(1, 2, alternative="bigger"), "alternative is one of"),
    (lambda: normal_approximation(1, 2, alternative="both"), "alternative is one of"),
    (lambda: normal_approximation(1, 2, p=1.5), "p is a chance"),
    (lambda: wilson_interval(1, 2, confidence=95), "confidence is strictly between"),
    (lambda: wilson_interval(1, 2, confidence=1.0), "confidence is strictly between"),
    (lambda: wilson_interval(3, 2), "successes is a count"),
])
def test_bad_inputs_get_a_value_error_that_says_what_is_wrong(call: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()


def test_numpy_integers_and_fractions_are_accepted() -> None:
    import numpy as np

    assert binomial_test(np.int64(60), np.int64(100), Fraction(1, 2)) == binomial_test(60, 100)
    assert wilson_interval(np.int32(6), 10) == wilson_interval(6, 10)


def test_the_module_imports_and_computes_without_numpy_or_scipy() -> None:
    from test_without_numpy import BLOCKER  # tests/: the import hook that blocks them

    code = BLOCKER + (
        "import sys\n"
        "import goldlab.lessons.inference as inference\n"
        "print(round(inference.binomial_test(60, 100), 4), "
        "round(inference.wilson_interval(60, 100)[0], 4), "
        "round(inference.normal_approximation(60, 100).pvalue, 4))\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('numpy', 'scipy', 'pandas', 'statsmodels')))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split("\n")[:2] == ["0.0569 0.502 0.0455", "[]"]
