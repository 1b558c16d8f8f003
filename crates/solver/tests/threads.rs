//! One deal on several threads (`parallel.rs`, `Pipeline::with_threads`): on real deals of
//! every family, the pipeline and the exhaustive search on 2 and 4 threads never contradict
//! one thread (won against lost), every win replays through the reference rules, and a loss the
//! exhaustive search proves on several threads is the same closure of positions it proves on one.
//! (`differential.rs` compares the parallel search with the plain reference search on small
//! positions; `shared_table.rs` stresses the concurrent table.)

use patience_games::alhambra::AlhambraRules;
use patience_games::deal::{DealSource, make_deal};
use patience_games::game::{Game, Pruning};
use patience_games::quilt::QuiltRules;
use patience_games::rules::FamilyRules;
use patience_games::variant::{Rules, Variant, find_variant};
use patience_games::with_rules;
use patience_solver::parallel::PAUSE_EVERY;
use patience_solver::{Limits, Pipeline, Plan, Verdict, actions};
use patience_verify as verify;

fn limits(max_states: u64) -> Limits {
    Limits { max_states, max_time: None, table_bytes: 256 << 20, ..Limits::default() }
}

/// Verdicts reached on one thread, over a family's deals.
#[derive(Default, Debug)]
struct Seen {
    won: usize,
    lost: usize,
}

/// The deal `seed` of `game` decided by the pipeline of `plan` (its budget `max_states`) on 1, 2
/// and 4 threads: no contradiction, every win replayed; with the plain plan, a loss is the same
/// number of positions on every thread count (the closure), and a win on one thread is found,
/// within the same budget, on more (the threads may find another first).
fn compare(game: &str, seed: u64, max_states: u64, plan: Plan, seen: &mut Seen) {
    let info = find_variant(game).unwrap();
    // (No deal of the alhambra and crazy-quilt families is lost at these budgets with all its
    // redeals: with none, many are, and not all at their first position.)
    let rules = match info.rules {
        Rules::Alhambra(r) if seed % 2 == 1 => Rules::Alhambra(AlhambraRules { redeals: 0, ..r }),
        Rules::Quilt(r) if seed % 2 == 1 => Rules::Quilt(QuiltRules { redeals: 0, ..r }),
        r => r,
    };
    let deal = make_deal(&DealSource::Native(seed), info.hook).unwrap();
    with_rules!(rules, |r| {
        let layout = r.layout(&deal);
        let g = r.game(&layout).unwrap();
        let mut results = vec![];
        for threads in [1usize, 2, 4] {
            let d = Pipeline::new(limits(max_states), plan)
                .with_threads(threads)
                .solve(&g, Pruning::ALL);
            let what = format!("{game} seed {seed} {} -j {threads}", plan.describe());
            if d.result.verdict == Verdict::Won {
                verify::replay(&rules, &layout, &actions(&g, &d.result.moves))
                    .unwrap_or_else(|e| panic!("{what}: {e}"));
            }
            assert!(
                d.result.states <= max_states + threads as u64 * PAUSE_EVERY,
                "{what}: {} states",
                d.result.states
            );
            results.push((threads, d.result.verdict, d.result.states));
        }
        let (_, one, one_states) = results[0];
        for &(threads, verdict, states) in &results[1..] {
            let what = format!("{game} seed {seed} {} -j {threads}", plan.describe());
            assert!(
                one == Verdict::Unknown || verdict == Verdict::Unknown || one == verdict,
                "{what}: {verdict:?}, one thread {one:?}"
            );
            if plan == Plan::PLAIN && one == Verdict::Lost && !g.split_root() {
                assert_eq!(
                    (verdict, states),
                    (Verdict::Lost, one_states),
                    "{what}: another closure"
                );
            }
        }
        match one {
            Verdict::Won => seen.won += 1,
            Verdict::Lost => seen.lost += 1,
            Verdict::Unknown => {}
        }
    })
}

/// Each family's deals, on the plain search past the one-thread warm-up (so the threads search)
/// and on the variant's pipeline (whose win-finders and final search run at once): both verdicts
/// reached on one thread, and matched or left unknown on more.
fn family(
    games: &[&str],
    seeds: std::ops::Range<u64>,
    max_states: u64,
    min_won: usize,
    min_lost: usize,
) {
    let mut seen = Seen::default();
    for game in games {
        for seed in seeds.clone() {
            compare(game, seed, max_states, Plan::PLAIN, &mut seen);
            compare(
                game,
                seed,
                max_states,
                Plan::for_variant(find_variant(game).unwrap(), max_states),
                &mut seen,
            );
        }
    }
    eprintln!("{games:?}: {seen:?}");
    assert!(
        seen.won >= min_won && seen.lost >= min_lost,
        "{games:?}: too few decided deals: {seen:?}"
    );
}

#[test]
fn queen_family_threads_agree() {
    family(&["queen-of-italy", "generals-patience", "falling-star"], 0..6, 600_000, 6, 4);
}

#[test]
fn algerian_family_threads_agree() {
    family(&["algerian", "carthage"], 0..8, 600_000, 8, 2);
}

#[test]
fn alhambra_family_threads_agree() {
    family(&["alhambra", "granada", "reinforcements"], 0..4, 600_000, 2, 4);
}

/// (No crazy-quilt or indian-carpet deal is lost at this budget, with or without redeals: the
/// family's losses are compared on small positions, `differential.rs`.)
#[test]
fn quilt_family_threads_agree() {
    family(&["crazy-quilt", "indian-carpet"], 0..4, 600_000, 2, 0);
}

/// A deal the threads decide, on a machine with fewer cores than threads too: 16 threads on
/// queen-of-italy seed 1 (won) and generals-patience seed 1 (lost) give the one-thread verdicts.
#[test]
fn many_threads_on_few_cores() {
    for (game, seed) in [("queen-of-italy", 1), ("generals-patience", 1)] {
        let info = find_variant(game).unwrap();
        let deal = make_deal(&DealSource::Native(seed), info.hook).unwrap();
        with_rules!(info.rules, |r| {
            let g = r.game(&r.layout(&deal)).unwrap();
            let one =
                Pipeline::new(limits(600_000), Plan::PLAIN).solve(&g, Pruning::ALL).result.verdict;
            let many = Pipeline::new(limits(600_000), Plan::PLAIN)
                .with_threads(16)
                .solve(&g, Pruning::ALL)
                .result
                .verdict;
            assert!(
                one != Verdict::Unknown && many == one,
                "{game} seed {seed}: {many:?} on 16 threads, {one:?} on one"
            );
            let _ = g.start();
        })
    }
}

/// With threads enough, each win-finding phase runs on its own thread at once with the others
/// and the final search (`Pipeline::run_at_once`): queen-of-italy seeds 3520 and 7723, which one
/// thread wins only in its hedged walks (`pipeline.rs`'s pinned test), are won on four threads,
/// and the wins replay.
#[test]
fn win_finders_apart_win_the_hedged_deals() {
    let info = find_variant("queen-of-italy").unwrap();
    for seed in [3520, 7723] {
        let deal = make_deal(&DealSource::Native(seed), info.hook).unwrap();
        with_rules!(info.rules, |r| {
            let layout = r.layout(&deal);
            let g = r.game(&layout).unwrap();
            let d = Pipeline::new(
                limits(5_000_000),
                Plan::for_variant(Variant::QueenOfItaly.info(), 5_000_000),
            )
            .with_threads(4)
            .solve(&g, Pruning::ALL);
            assert_eq!(d.result.verdict, Verdict::Won, "seed {seed}");
            verify::replay(&info.rules, &layout, &actions(&g, &d.result.moves))
                .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        })
    }
}
