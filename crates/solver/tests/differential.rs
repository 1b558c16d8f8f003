//! The fast solver against the plain reference search (no pruning, no symmetry, Vec-based rules
//! sharing no code with the fast states), on small positions: native deals whose foundations
//! start pre-filled, so both searches finish and both outcomes occur. Every verdict that both
//! reach must agree — with no pruning, with each rule alone, and with all — and every win either
//! finds must replay through the reference rules.

use patience_games::alhambra::{self, Alhambra, AlhambraRules, AlhambraVariant};
use patience_games::deal::{Deal, DealSource, Hook, make_deal};
use patience_games::game::{Action, Game, Pruning};
use patience_games::quilt::{self, Quilt, QuiltRules, QuiltVariant};
use patience_reference::{self as reference, PlainOutcome};
use patience_solver::verify::{
    reference_layout, reference_moves, reference_quilt_layout, reference_quilt_variant, reference_variant,
};
use patience_solver::{Limits, Verdict, actions, shorten, solve};

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

fn deal(seed: u64) -> Deal {
    make_deal(&DealSource::Native(seed), Hook::AcesKingsToTop).unwrap()
}

#[derive(Default, Debug)]
struct Tally {
    positions: usize,
    agreed_won: usize,
    agreed_lost: usize,
    undecided: usize,
}

impl Tally {
    /// Each variant must produce enough agreed wins AND losses for the comparison to mean
    /// something; a broken generator that made every position trivially won or lost fails here.
    fn check(&self, name: &str) {
        eprintln!("{name}: {self:?}");
        let min = min_each();
        assert!(self.agreed_won >= min && self.agreed_lost >= min, "{name}: too few decided positions: {self:?}");
    }
}

/// One position: the plain verdict against the fast solver's under every pruning configuration.
fn compare<G: Game>(
    tally: &mut Tally,
    case: &str,
    game: &G,
    plain: PlainOutcome,
    replay: impl Fn(&[reference::Move]) -> Result<(), reference::ReplayError>,
) where
    G::State: Default,
{
    let plain_verdict = match &plain {
        PlainOutcome::Won(moves) => {
            replay(moves).unwrap_or_else(|e| panic!("{case}: the reference search's own win fails: {e:?}"));
            Some(Verdict::Won)
        }
        PlainOutcome::Lost => Some(Verdict::Lost),
        PlainOutcome::Unknown => None,
    };
    let limits = Limits { max_states: LIMIT, max_time: None, table_bytes: 64 << 20, ..Limits::default() };
    let only = |d, f, p, s| Pruning { dead_positions: d, forced_moves: f, partial_order: p, symmetry: s };
    let mut fast_verdicts = vec![];
    for pruning in [
        Pruning::NONE,
        only(true, false, false, false),
        only(false, true, false, false),
        only(false, false, true, false),
        only(false, false, false, true),
        Pruning::ALL,
    ] {
        let r = solve(game, limits, pruning);
        if r.verdict == Verdict::Won {
            let solution: Vec<Action> = actions(game, &r.moves);
            if let Err(e) = replay(&reference_moves(&solution)) {
                panic!("{case} {pruning:?}: fast win does not replay: {e:?}");
            }
            let short = shorten(game, &r.moves);
            assert!(short.len() <= r.moves.len());
            if let Err(e) = replay(&reference_moves(&actions(game, &short))) {
                panic!("{case} {pruning:?}: shortened win does not replay: {e:?}");
            }
        }
        if r.verdict != Verdict::Unknown {
            if let Some(p) = plain_verdict {
                assert_eq!(r.verdict, p, "{case} {pruning:?}: fast solver and plain search disagree");
            }
            fast_verdicts.push(r.verdict);
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

/// (k, redeals): k cards of each foundation pre-filled, leaving 104 − 8k cards in play.
const ALHAMBRA_CASES: &[(u8, u8)] =
    &[(11, 0), (11, 2), (10, 0), (10, 1), (10, 2), (9, 0), (9, 1), (9, 2), (8, 0), (8, 2)];

fn alhambra_family(variant: AlhambraVariant) {
    let mut tally = Tally::default();
    for seed in seeds() {
        let d = deal(seed);
        for &(k, redeals) in ALHAMBRA_CASES {
            let mut rules = AlhambraRules::new(variant);
            rules.redeals = redeals;
            rules.empty_waste_any = seed % 3 == 2 && variant != AlhambraVariant::Reinforcements;
            rules.pf_refill_timing = seed % 3 == 1 && variant == AlhambraVariant::Reinforcements;
            let layout = alhambra::prefilled_layout(&rules, &d, k);
            let game = Alhambra::from_layout(rules, &layout).unwrap();
            let (rv, ro) = reference_variant(&rules);
            let rlayout = reference_layout(&layout);
            let plain = reference::plain_search(rv, &ro, &rlayout, LIMIT);
            let case = format!("{variant:?} seed {seed} k {k} {rules:?}");
            compare(&mut tally, &case, &game, plain, |moves| reference::replay(rv, &ro, &rlayout, moves));
        }
    }
    tally.check(&format!("{variant:?}"));
}

/// (k, quilt cells, redeals): pre-filled foundations, the quilt filled row-major from Q00 with
/// that many cards, the rest in the stock (crazy-quilt, indian-carpet) or in persian-rug's
/// reserves (which has no redeals). Chosen so that both outcomes occur often.
const QUILT_CASES: &[(u8, usize, u8)] = &[(10, 4, 0), (10, 8, 0), (10, 8, 1), (9, 16, 0), (9, 16, 1), (9, 24, 1)];
const PERSIAN_CASES: &[(u8, usize, u8)] = &[(7, 4, 0), (7, 8, 0), (8, 4, 0), (8, 8, 0)];

fn quilt_family(variant: QuiltVariant) {
    let mut tally = Tally::default();
    for seed in seeds() {
        let d = deal(seed);
        let cases = if variant == QuiltVariant::PersianRug { PERSIAN_CASES } else { QUILT_CASES };
        for &(k, cells, redeals) in cases {
            let mut rules = QuiltRules::new(variant);
            // indian-carpet's cases use 2 redeals where crazy-quilt's use 1 (its own count), so the
            // two tests cover 0, 1 and 2 redeals between them.
            match variant {
                QuiltVariant::CrazyQuilt => rules.redeals = redeals,
                QuiltVariant::IndianCarpet => rules.redeals = 2 * redeals,
                QuiltVariant::PersianRug => {}
            }
            rules.wrap = seed % 2 == 0;
            let layout = quilt::prefilled_layout(&rules, &d, k, cells);
            let game = Quilt::from_layout(rules, &layout).unwrap();
            let (rv, ro) = reference_quilt_variant(&rules);
            let rlayout = reference_quilt_layout(&layout);
            let plain = reference::quilt::quilt_plain_search(rv, &ro, &rlayout, LIMIT);
            let case = format!("{variant:?} seed {seed} k {k} cells {cells} {rules:?}");
            compare(&mut tally, &case, &game, plain, |moves| reference::quilt::quilt_replay(rv, &ro, &rlayout, moves));
        }
    }
    tally.check(&format!("{variant:?}"));
}

#[test]
fn alhambra_fast_and_plain_agree() {
    alhambra_family(AlhambraVariant::Alhambra);
}

#[test]
fn granada_fast_and_plain_agree() {
    alhambra_family(AlhambraVariant::Granada);
}

#[test]
fn reinforcements_fast_and_plain_agree() {
    alhambra_family(AlhambraVariant::Reinforcements);
}

#[test]
fn crazy_quilt_fast_and_plain_agree() {
    quilt_family(QuiltVariant::CrazyQuilt);
}

#[test]
fn indian_carpet_fast_and_plain_agree() {
    quilt_family(QuiltVariant::IndianCarpet);
}

#[test]
fn persian_rug_fast_and_plain_agree() {
    quilt_family(QuiltVariant::PersianRug);
}
