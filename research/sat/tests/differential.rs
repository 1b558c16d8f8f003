//! The SAT model against the reference's plain search (exhaustive, unpruned) on small alhambra
//! positions: pre-filled foundations leave few cards in play, so the plain search decides them.
//! Every SAT win is replayed through the reference rules (inside `solve`, and again here); every
//! SAT loss must be a plain-search loss and every plain-search loss that SAT decides a SAT loss.
//! `scripts/sat-differential.sh` runs the same comparison on more seeds and larger positions.

use patience_games::alhambra::{self, AlhambraRules, AlhambraVariant};
use patience_games::deal::{DealSource, make_deal};
use patience_games::layout::Layout;
use patience_games::variant::{Rules, find_variant};
use patience_reference::{Move, PlainOutcome};
use patience_sat::{Budget, Config, Encoding, Problem, SatVerdict, solve};

/// The test instance of `seed` with `k` cards of each foundation pre-filled.
fn position(seed: u64, k: u8, redeals: u8, empty_waste_any: bool) -> (AlhambraRules, Layout) {
    let info = find_variant("alhambra").unwrap();
    let deal = make_deal(&DealSource::Native(seed), info.hook).unwrap();
    let mut rules = AlhambraRules::new(AlhambraVariant::Alhambra);
    rules.redeals = redeals;
    rules.empty_waste_any = empty_waste_any;
    (rules, alhambra::prefilled_layout(&rules, &deal, k))
}

/// (agreed wins, agreed losses, SAT unknown) over `seeds` × `cases` ((k, redeals)).
fn compare(seeds: std::ops::Range<u64>, cases: &[(u8, u8)], enc: Encoding, budget: Budget) -> (usize, usize, usize) {
    let (mut won, mut lost, mut unknown) = (0, 0, 0);
    for seed in seeds {
        for &(k, redeals) in cases {
            let (rules, layout) = position(seed, k, redeals, seed % 3 == 2);
            let (plain, _) = patience_verify::plain_search(&Rules::Alhambra(rules), &layout, 2_000_000);
            let case = format!("seed {seed} k {k} redeals {redeals} {rules:?} {enc:?}");
            let clock = std::time::Instant::now();
            let sat = solve(&rules, &layout, enc, budget).unwrap_or_else(|e| panic!("{case}: {e}"));
            eprintln!("{case}: {} in {} conflicts, {:.2} s", sat.phase, sat.conflicts, clock.elapsed().as_secs_f64());
            match (&plain, &sat.verdict) {
                (PlainOutcome::Won(_), SatVerdict::Won(moves)) => {
                    patience_verify::reference_game(&Rules::Alhambra(rules), &layout).unwrap().replay(moves).unwrap();
                    won += 1;
                }
                (PlainOutcome::Lost, SatVerdict::Lost) => lost += 1,
                (PlainOutcome::Unknown, _) | (_, SatVerdict::Unknown) => unknown += 1,
                (p, s) => panic!("{case}: plain search {p:?} but SAT {s:?}"),
            }
        }
    }
    (won, lost, unknown)
}

/// Small enough for the model to decide in seconds (larger positions take it minutes: see
/// `results/bench/sat-gate.md`); both verdicts occur.
const CASES: &[(u8, u8)] = &[(10, 0), (10, 2), (9, 0)];
const SEEDS: std::ops::Range<u64> = 0..5;

#[test]
fn the_full_model_agrees_with_the_plain_search() {
    let budget = Budget { relaxed: 0, full: 50_000, config: Config::Default };
    for order in [false, true] {
        let enc = Encoding { order_commuting: order, relax_built: false };
        let (won, lost, unknown) = compare(SEEDS, CASES, enc, budget);
        assert!(won >= 6 && lost >= 2, "{enc:?}: both verdicts must occur: {won} won, {lost} lost, {unknown} unknown");
    }
}

#[test]
fn the_relaxation_never_proves_a_won_position_lost() {
    // Relaxed phase only, with a budget large enough to finish: a relaxed UNSAT on a position
    // the plain search wins would panic in `compare`.
    let budget = Budget { relaxed: 50_000, full: 0, config: Config::Default };
    let enc = Encoding { order_commuting: true, relax_built: false };
    let (won, lost, _) = compare(SEEDS, &[(9, 0), (10, 0)], enc, budget);
    assert_eq!(won, 0, "the relaxed phase alone never answers won");
    assert!(lost >= 2, "the relaxation proves some losses: {lost}");
}

#[test]
fn a_sat_win_replays_move_by_move() {
    // Seed 1 with nine cards of each foundation filled and two redeals: a win (plain search).
    let (rules, layout) = position(1, 9, 2, false);
    let enc = Encoding::default();
    let run = solve(&rules, &layout, enc, Budget { relaxed: 0, full: 1_000_000, config: Config::Default }).unwrap();
    let SatVerdict::Won(moves) = run.verdict else { panic!("expected a win, got {:?}", run.verdict) };
    assert!(moves.iter().any(|m| matches!(m, Move::Deal)) && moves.iter().any(|m| matches!(m, Move::Card { to, .. } if to == "W")));
    patience_verify::reference_game(&Rules::Alhambra(rules), &layout).unwrap().replay(&moves).unwrap();
    // One move less is not a win: the replay checks the end.
    assert!(patience_verify::reference_game(&Rules::Alhambra(rules), &layout).unwrap().replay(&moves[..moves.len() - 1]).is_err());
}

#[test]
fn random_games_stay_within_the_horizon() {
    // The proven bound (PROOF.md §1): card moves home + builds + redeals of any legal game never
    // exceed Problem::horizon. Random legal games from real deals and from test positions, by the
    // reference rules (which share no code with the model).
    let info = find_variant("alhambra").unwrap();
    let mut rng = 0x9e37_79b9_7f4a_7c15_u64;
    for seed in 0..6u64 {
        let layouts = [info.rules.layout(&make_deal(&DealSource::Native(seed), info.hook).unwrap()), position(seed, 6, 2, false).1];
        for layout in layouts {
            let Rules::Alhambra(rules) = info.rules else { unreachable!() };
            let horizon = Problem::new(&rules, &layout).unwrap().horizon();
            let game = patience_verify::reference_game(&info.rules, &layout).unwrap();
            let mut moves: Vec<Move> = vec![];
            loop {
                let (_, legal) = game.position_after(&moves).unwrap();
                if legal.is_empty() {
                    break;
                }
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                moves.push(legal[(rng % legal.len() as u64) as usize].clone());
            }
            let steps = moves.iter().filter(|m| !matches!(m, Move::Deal)).count();
            assert!(steps <= horizon, "seed {seed}: {steps} steps > horizon {horizon}");
            assert!(steps > 10, "seed {seed}: a random game makes some moves ({steps})");
        }
    }
}
