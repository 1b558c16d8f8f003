"""What the scripts that print the published figures share (issue 54: one percentile
definition everywhere)."""

import math


def quantile(xs, q):
    """summary.rs's quantile, the one summary.json's median and p99 use: the value at index
    round(q * (n - 1)) of the sorted values, rounding a half away from zero as Rust's f64::round
    does (Python's round() rounds a half to even: for n = 6 its median index would be 2, not 3).
    0 for no values."""
    xs = sorted(xs)
    if not xs:
        return 0
    x = q * (len(xs) - 1)
    i = math.floor(x) + (1 if x - math.floor(x) >= 0.5 else 0)
    return xs[min(len(xs) - 1, i)]


if __name__ == "__main__":
    # The cases where the two roundings part, against summary.rs's rule worked by hand.
    assert quantile([1, 2, 3, 4, 5, 6], 0.5) == 4  # index round(2.5) = 3
    assert quantile([1, 2], 0.5) == 2  # index round(0.5) = 1
    assert quantile([1, 2, 3], 0.5) == 2
    assert quantile(list(range(1000)), 0.99) == 989  # index round(989.01) = 989
    assert quantile([], 0.5) == 0
    print("figures_lib: ok")
