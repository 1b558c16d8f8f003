use super::*;

fn close(got: Interval, low: f64, high: f64) {
    assert!(
        (got.low - low).abs() < 5e-5 && (got.high - high).abs() < 5e-5,
        "{got:?} vs [{low}, {high}]"
    );
}

/// Newcombe (1998), "Two-sided confidence intervals for the single proportion", Statistics in
/// Medicine 17, Table II: 81/263, 15/148, 0/20 and 1/29 with the score (Wilson) and exact
/// (Clopper–Pearson) methods, to 4 decimals.
#[test]
fn published_values() {
    close(wilson(81, 263), 0.2553, 0.3662);
    close(clopper_pearson(81, 263), 0.2527, 0.3676);
    close(wilson(15, 148), 0.0624, 0.1605);
    close(clopper_pearson(15, 148), 0.0578, 0.1617);
    close(wilson(0, 20), 0.0, 0.1611);
    close(clopper_pearson(0, 20), 0.0, 0.1684);
    close(wilson(1, 29), 0.0061, 0.1718);
    close(clopper_pearson(1, 29), 0.0009, 0.1776);
}

#[test]
fn extremes_and_symmetry() {
    close(clopper_pearson(10, 10), 0.6915, 1.0);
    close(clopper_pearson(0, 10), 0.0, 0.3085);
    let (a, b) = (wilson(30, 100), wilson(70, 100));
    assert!((a.low - (1.0 - b.high)).abs() < 1e-12 && (a.high - (1.0 - b.low)).abs() < 1e-12);
    // Clopper–Pearson is the wider of the two.
    let (w, c) = (wilson(830, 1000), clopper_pearson(830, 1000));
    assert!(c.low < w.low && c.high > w.high);
}
