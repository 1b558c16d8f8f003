//! The fast solver against the plain reference search (no pruning, no symmetry, Vec-based rules
//! sharing no code with the fast states), on small positions: native deals whose foundations
//! start pre-filled, so both searches finish and both outcomes occur. Every verdict that both
//! reach must agree, with and without the fast solver's pruning, and every win either finds
//! must replay through the reference rules.

use patience_games::alhambra::{Alhambra, AlhambraRules, AlhambraVariant, prefilled_layout};
use patience_games::deal::{DealSource, Hook, make_deal};
use patience_games::game::Pruning;
use patience_reference::{PlainOutcome, plain_search, replay};
use patience_solver::verify::{reference_layout, reference_moves, reference_variant};
use patience_solver::{Limits, Verdict, actions, solve};

const LIMIT: u64 = 100_000;

/// Seeds per variant: a quick set by default; `scripts/differential.sh` runs many more.
fn seeds() -> std::ops::Range<u64> {
    let n = std::env::var("PATIENCE_DIFF_SEEDS").ok().and_then(|v| v.parse().ok()).unwrap_or(12);
    0..n
}

/// Agreed wins and losses each variant must reach: 5 over the default 12 seeds (scaled up).
fn min_each() -> usize {
    (seeds().end as usize * 5 / 12).max(1)
}

#[derive(Default, Debug)]
struct Tally {
    positions: usize,
    agreed_won: usize,
    agreed_lost: usize,
    undecided: usize,
}

fn run(variant: AlhambraVariant, seeds: std::ops::Range<u64>, cases: &[(u8, u8)]) -> Tally {
    let mut tally = Tally::default();
    let (mut plain_time, mut fast_time) = (std::time::Duration::ZERO, std::time::Duration::ZERO);
    let limits = Limits { max_states: LIMIT, max_time: None, table_bytes: 64 << 20 };
    for seed in seeds {
        let deal = make_deal(&DealSource::Native(seed), Hook::AcesKingsToTop).unwrap();
        for &(k, redeals) in cases {
            let mut rules = AlhambraRules::new(variant);
            rules.redeals = redeals;
            rules.empty_waste_any = seed % 3 == 2 && variant != AlhambraVariant::Reinforcements;
            rules.pf_refill_timing = seed % 3 == 1 && variant == AlhambraVariant::Reinforcements;
            let layout = prefilled_layout(&rules, &deal, k);
            let game = Alhambra::from_layout(rules, &layout).unwrap();
            let (rv, ro) = reference_variant(&rules);
            let rlayout = reference_layout(&layout);
            let t = std::time::Instant::now();
            let plain = plain_search(rv, &ro, &rlayout, LIMIT);
            plain_time += t.elapsed();
            let plain_verdict = match &plain {
                PlainOutcome::Won(moves) => {
                    replay(rv, &ro, &rlayout, moves).expect("the reference search's own win replays");
                    Some(Verdict::Won)
                }
                PlainOutcome::Lost => Some(Verdict::Lost),
                PlainOutcome::Unknown => None,
            };
            let case = format!("{variant:?} seed {seed} k {k} redeals {redeals} {rules:?}");
            let mut fast_verdicts = vec![];
            let only = |dead, forced, por| Pruning { dead_positions: dead, forced_moves: forced, partial_order: por };
            for pruning in [
                Pruning::NONE,
                only(true, false, false),
                only(false, true, false),
                only(false, false, true),
                Pruning::ALL,
            ] {
                let t = std::time::Instant::now();
                let r = solve(&game, limits, pruning);
                fast_time += t.elapsed();
                if r.verdict == Verdict::Won {
                    let solution = actions(&game, &r.moves);
                    if let Err(e) = replay(rv, &ro, &rlayout, &reference_moves(&solution)) {
                        panic!("{case} {pruning:?}: fast win does not replay: {e:?}");
                    }
                }
                if r.verdict != Verdict::Unknown {
                    fast_verdicts.push(r.verdict);
                }
                if let (Some(p), v) = (plain_verdict, r.verdict)
                    && v != Verdict::Unknown
                {
                    assert_eq!(v, p, "{case} {pruning:?}: fast solver and plain search disagree");
                }
            }
            assert!(fast_verdicts.windows(2).all(|w| w[0] == w[1]), "{case}: pruning changed the verdict");
            tally.positions += 1;
            match (plain_verdict, fast_verdicts.first()) {
                (Some(Verdict::Won), Some(_)) => tally.agreed_won += 1,
                (Some(Verdict::Lost), Some(_)) => tally.agreed_lost += 1,
                _ => tally.undecided += 1,
            }
        }
    }
    eprintln!("{variant:?}: {tally:?}; plain search {plain_time:.1?}, fast solver (5 configurations) {fast_time:.1?}");
    tally
}

/// Each variant must produce enough agreed wins AND agreed losses for the comparison to mean
/// something; a broken generator that made every position trivially won or lost fails here.
fn check(t: &Tally, min_each: usize) {
    assert!(t.agreed_won >= min_each && t.agreed_lost >= min_each, "too few decided positions: {t:?}");
}

/// (k, redeals): k cards of each foundation pre-filled, leaving 104 − 8k cards in play.
const CASES: &[(u8, u8)] = &[(11, 0), (11, 2), (10, 0), (10, 1), (10, 2), (9, 0), (9, 1), (9, 2), (8, 0), (8, 2)];

#[test]
fn alhambra_fast_and_plain_agree() {
    check(&run(AlhambraVariant::Alhambra, seeds(), CASES), min_each());
}

#[test]
fn granada_fast_and_plain_agree() {
    check(&run(AlhambraVariant::Granada, seeds(), CASES), min_each());
}

#[test]
fn reinforcements_fast_and_plain_agree() {
    check(&run(AlhambraVariant::Reinforcements, seeds(), CASES), min_each());
}
