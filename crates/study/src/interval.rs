//! Binomial confidence intervals for a win rate: Wilson's score interval (good coverage, never
//! outside [0, 1]) and the Clopper–Pearson "exact" interval (conservative), both at 95%.

use serde::Serialize;
use statrs::distribution::{Beta, ContinuousCDF, Normal};

/// A two-sided interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Interval {
    pub low: f64,
    pub high: f64,
}

/// Two-sided 95%.
pub const LEVEL: f64 = 0.95;

fn z() -> f64 {
    Normal::new(0.0, 1.0).expect("the standard normal").inverse_cdf(1.0 - (1.0 - LEVEL) / 2.0)
}

/// Wilson score interval for `k` successes in `n` trials (`n` > 0).
pub fn wilson(k: u64, n: u64) -> Interval {
    assert!(n > 0 && k <= n);
    let (k, n, z) = (k as f64, n as f64, z());
    let p = k / n;
    let d = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / d;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / d;
    Interval { low: (centre - half).max(0.0), high: (centre + half).min(1.0) }
}

/// Clopper–Pearson interval for `k` successes in `n` trials (`n` > 0): the beta quantiles
/// `B(α/2; k, n−k+1)` and `B(1−α/2; k+1, n−k)`.
pub fn clopper_pearson(k: u64, n: u64) -> Interval {
    assert!(n > 0 && k <= n);
    let alpha = 1.0 - LEVEL;
    let (kf, nf) = (k as f64, n as f64);
    let low = if k == 0 {
        0.0
    } else {
        Beta::new(kf, nf - kf + 1.0).expect("beta").inverse_cdf(alpha / 2.0)
    };
    let high = if k == n {
        1.0
    } else {
        Beta::new(kf + 1.0, nf - kf).expect("beta").inverse_cdf(1.0 - alpha / 2.0)
    };
    Interval { low, high }
}

#[cfg(test)]
mod tests;
