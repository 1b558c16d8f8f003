//! The last-pass stock test (`foundations.rs`) fires at the very start of many positions, and
//! every position where it fires must be lost. Checked on pre-filled positions with no redeal left,
//! for the two families it applies to, against two searches with no pruning at all: the plain
//! reference search (independent code) and the fast solver with `Pruning::NONE` (which reaches
//! further). Neither may ever win a position the test calls dead.

use patience_games::alhambra::{self, Alhambra, AlhambraRules};
use patience_games::deal::{DealSource, Hook, make_deal};
use patience_games::game::{Game, Pruning};
use patience_games::quilt::{self, Quilt, QuiltRules};
use patience_games::variant::InFamily;
use patience_games::variant::Rules;
use patience_games::variant::Variant;
use patience_reference::PlainOutcome;
use patience_solver::{Limits, Verdict, solve};
use patience_verify::plain_search;

#[derive(Default, Debug)]
struct Count {
    fired: usize,
    lost_by_plain: usize,
    lost_by_unpruned_fast: usize,
    /// Lost by either search.
    confirmed: usize,
}

fn check<G: Game>(c: &mut Count, case: &str, game: &G, plain: impl FnOnce() -> PlainOutcome)
where
    G::State: Default,
{
    if !game.is_dead(&game.start()) {
        return;
    }
    c.fired += 1;
    let lost_by_plain = match plain() {
        PlainOutcome::Won(_) => {
            panic!("{case}: called dead, but the plain reference search wins it")
        }
        PlainOutcome::Lost => true,
        PlainOutcome::Unknown => false,
    };
    let limits = Limits {
        max_states: 1_000_000,
        max_time: None,
        table_bytes: 256 << 20,
        ..Limits::default()
    };
    let lost_by_unpruned_fast = match solve(game, limits, Pruning::NONE).verdict {
        Verdict::Won => panic!("{case}: called dead, but the unpruned search wins it"),
        Verdict::Lost => true,
        Verdict::Unknown => false,
    };
    c.lost_by_plain += lost_by_plain as usize;
    c.lost_by_unpruned_fast += lost_by_unpruned_fast as usize;
    c.confirmed += (lost_by_plain || lost_by_unpruned_fast) as usize;
}

#[test]
fn positions_the_stock_test_calls_dead_are_lost() {
    let n = std::env::var("PATIENCE_DIFF_SEEDS").ok().and_then(|v| v.parse().ok()).unwrap_or(60u64);
    let mut c = Count::default();
    for seed in 0..n {
        let deal = make_deal(&DealSource::Native(seed), Hook::AcesKingsToTop).unwrap();
        for k in [10u8, 11] {
            let mut rules = AlhambraRules::of(Variant::Alhambra);
            rules.redeals = 0;
            let layout = alhambra::prefilled_layout(&rules, &deal, k);
            let game = Alhambra::from_layout(rules, &layout).unwrap();
            check(&mut c, &format!("alhambra seed {seed} k {k}"), &game, || {
                plain_search(&Rules::Alhambra(rules), &layout, 100_000).0
            });

            let mut qrules = QuiltRules::of(Variant::CrazyQuilt);
            qrules.redeals = 0;
            let qlayout = quilt::prefilled_layout(&qrules, &deal, k, 4 * (12 - k as usize));
            let qgame = Quilt::from_layout(qrules, &qlayout).unwrap();
            check(&mut c, &format!("crazy-quilt seed {seed} k {k}"), &qgame, || {
                plain_search(&Rules::Quilt(qrules), &qlayout, 100_000).0
            });
        }
    }
    eprintln!("{c:?}");
    // The test must exercise the rule and its checks must have power: it fires on about 0.34-0.40
    // positions per seed (24 of 60 seeds, 44 of 120, 101 of 300), and 86-89% of those are proved
    // lost by one of the searches. Demand a quarter per seed and three quarters of those fired.
    // (A threshold of a third per seed, once used here, failed at 300 seeds with nothing wrong.)
    assert!(c.fired >= (n as usize / 4).max(1), "the stock test fired too rarely: {c:?}");
    assert!(
        4 * c.confirmed >= 3 * c.fired,
        "too few of the positions called dead confirmed lost: {c:?}"
    );
}
