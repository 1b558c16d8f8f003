//! The across-pass dead test (`patience_games::passes`) against searches that share no code with
//! it, on positions of every configuration it serves (alhambra with 0, 1 and 2 redeals and an
//! empty waste accepting any card or not; crazy-quilt and indian-carpet, wrapping or not):
//!
//! - positions reached by random legal moves of the reference rules from small pre-filled deals:
//!   the plain reference search must never win one the test calls dead;
//! - every position along a winning line (the reference search's, replayed by the reference
//!   rules) must pass the test, full-size deals with extra redeals included.

use patience_games::alhambra::{self, Alhambra, AlhambraRules};
use patience_games::deal::{Deal, DealSource, Hook, make_deal};
use patience_games::game::{Game, Pruning};
use patience_games::layout::Layout;
use patience_games::quilt::{self, Quilt, QuiltRules};
use patience_games::variant::InFamily;
use patience_games::variant::Rules;
use patience_games::variant::Variant;
use patience_reference::{Move, PlainOutcome};
use patience_solver::{Limits, Verdict, actions, solve};
use patience_verify::{plain_search, position_after, reference_moves};

const LIMIT: u64 = 100_000;

fn deal(seed: u64) -> Deal {
    make_deal(&DealSource::Native(seed), Hook::AcesKingsToTop).unwrap()
}

#[derive(Default, Debug)]
struct Count {
    positions: usize,
    fired: usize,
    /// Of those fired: proved lost by the plain search (the others it left undecided).
    confirmed: usize,
    /// Positions on winning lines checked.
    on_winning_lines: usize,
}

/// The test's verdict on a layout of `rules` (the position is the game's start).
fn dead(rules: &Rules, layout: &Layout) -> bool {
    match rules {
        Rules::Alhambra(r) => {
            let g = Alhambra::from_layout(*r, layout).unwrap();
            g.pass_bound_dead(&g.start())
        }
        Rules::Quilt(r) => {
            let g = Quilt::from_layout(*r, layout).unwrap();
            g.pass_bound_dead(&g.start())
        }
        _ => unreachable!(),
    }
}

/// A small deterministic generator for the random walks (no shared code with the games).
struct Lcg(u64);
impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Walks `steps` random legal moves of the reference rules from `layout`, checking the position
/// every other move; along the first winning lines met, checks every position too.
fn walk(c: &mut Count, case: &str, rules: &Rules, layout: &Layout, steps: usize, rng: &mut Lcg) {
    let mut moves: Vec<Move> = vec![];
    let mut lines_checked = 0;
    for step in 0..=steps {
        let (here, legal) = position_after(rules, layout, &moves).unwrap();
        if step % 2 == 0 {
            c.positions += 1;
            let fired = dead(rules, &here);
            let plain = plain_search(rules, &here, LIMIT).0;
            match plain {
                PlainOutcome::Won(line) => {
                    assert!(
                        !fired,
                        "{case} after {moves:?}: called dead, but the plain reference search wins it"
                    );
                    if lines_checked < 2 {
                        lines_checked += 1;
                        winning_line(c, case, rules, &here, &line);
                    }
                }
                PlainOutcome::Lost => c.confirmed += fired as usize,
                PlainOutcome::Unknown => {}
            }
            c.fired += fired as usize;
        }
        if legal.is_empty() {
            break;
        }
        moves.push(legal[rng.below(legal.len())].clone());
    }
}

/// Every position along a winning line from `layout` passes the test.
fn winning_line(c: &mut Count, case: &str, rules: &Rules, layout: &Layout, line: &[Move]) {
    for k in 0..line.len() {
        let (here, _) = position_after(rules, layout, &line[..k]).unwrap();
        c.on_winning_lines += 1;
        assert!(!dead(rules, &here), "{case}: called dead after {k} moves of a winning line");
    }
}

#[test]
fn alhambra_positions_called_dead_are_never_won() {
    let mut c = Count::default();
    let mut rng = Lcg(7);
    for seed in 0..10 {
        let d = deal(seed);
        for (k, redeals) in [(11u8, 0u8), (10, 0), (10, 1), (10, 2), (9, 1), (9, 2)] {
            let mut rules = AlhambraRules::of(Variant::Alhambra);
            rules.redeals = redeals;
            rules.empty_waste_any = seed % 2 == 1;
            let layout = alhambra::prefilled_layout(&rules, &d, k);
            walk(
                &mut c,
                &format!("alhambra seed {seed} k {k} {rules:?}"),
                &Rules::Alhambra(rules),
                &layout,
                24,
                &mut rng,
            );
        }
    }
    eprintln!("{c:?}");
    // The checks must have power: the test fires on a good share of these positions (about a
    // third), and the plain search proves most of those lost.
    assert!(c.fired >= c.positions / 6 && 2 * c.confirmed >= c.fired, "{c:?}");
    assert!(c.on_winning_lines >= 200, "{c:?}");
}

#[test]
fn quilt_positions_called_dead_are_never_won() {
    let mut c = Count::default();
    let mut rng = Lcg(11);
    for seed in 0..10 {
        let d = deal(seed);
        for (variant, k, cells, redeals) in [
            (Variant::CrazyQuilt, 10u8, 8usize, 0u8),
            (Variant::CrazyQuilt, 10, 8, 1),
            (Variant::CrazyQuilt, 9, 16, 1),
            (Variant::IndianCarpet, 10, 8, 2),
            (Variant::IndianCarpet, 9, 24, 2),
        ] {
            let mut rules = QuiltRules::of(variant);
            rules.redeals = redeals;
            rules.wrap = seed % 2 == 0;
            let layout = quilt::prefilled_layout(&rules, &d, k, cells);
            walk(
                &mut c,
                &format!("{variant:?} seed {seed} k {k} cells {cells} {rules:?}"),
                &Rules::Quilt(rules),
                &layout,
                24,
                &mut rng,
            );
        }
    }
    eprintln!("{c:?}");
    assert!(c.fired >= c.positions / 10 && 2 * c.confirmed >= c.fired, "{c:?}");
    assert!(c.on_winning_lines >= 200, "{c:?}");
}

/// Full-size alhambra deals with five redeals, where the search finds wins: no position along
/// the winning line (replayed by the reference rules) may be called dead.
#[test]
fn full_deals_winning_lines_pass() {
    let mut c = Count::default();
    let mut won = 0;
    for seed in 0..4 {
        let mut rules = AlhambraRules::of(Variant::Alhambra);
        rules.redeals = 5;
        let layout = rules.layout(&deal(seed));
        let game = Alhambra::from_layout(rules, &layout).unwrap();
        let limits = Limits {
            max_states: 2_000_000,
            max_time: None,
            table_bytes: 128 << 20,
            ..Limits::default()
        };
        let r = solve(&game, limits, Pruning::ALL);
        if r.verdict != Verdict::Won {
            continue;
        }
        won += 1;
        let line = reference_moves(&actions(&game, &r.moves));
        winning_line(
            &mut c,
            &format!("alhambra seed {seed}, 5 redeals"),
            &Rules::Alhambra(rules),
            &layout,
            &line,
        );
    }
    eprintln!("{won} won, {c:?}");
    assert!(won >= 2, "too few wins to check: {won}");
}

/// Rule (f), the copies, where it adds to the other rules: alhambra positions where one or two
/// suits are in play with ranks both foundations need. Each position it alone calls dead must not
/// be won by the unpruned fast search or the plain reference search, and most must be proved lost.
#[test]
fn the_copies_rule_never_calls_a_won_position_dead() {
    let (mut added, mut confirmed, mut checked, mut base) = (0, 0, 0, 0);
    for seed in 0..60 {
        let d = deal(seed);
        for (counts, redeals) in [
            ([(1, 1), (13, 13), (13, 13), (13, 13)], 0u8),
            ([(1, 1), (13, 13), (13, 13), (13, 13)], 1),
            ([(3, 3), (13, 13), (5, 4), (13, 13)], 0),
            ([(3, 3), (13, 13), (5, 4), (13, 13)], 1),
            ([(1, 1), (1, 1), (13, 13), (13, 13)], 0),
            ([(2, 2), (13, 13), (1, 1), (13, 13)], 1),
            ([(1, 1), (3, 2), (4, 4), (13, 13)], 0),
        ] {
            let mut rules = AlhambraRules::of(Variant::Alhambra);
            rules.redeals = redeals;
            let layout = alhambra::prefilled_layout_counts(&rules, &d, counts);
            let game = Alhambra::from_layout(rules, &layout).unwrap();
            checked += 1;
            base += game.pass_bound_dead_with(&game.start(), false) as usize;
            if !game.pass_bound_dead_with(&game.start(), true)
                || game.pass_bound_dead_with(&game.start(), false)
            {
                continue;
            }
            added += 1;
            let case = format!("seed {seed} {counts:?} redeals {redeals}");
            let limits = Limits {
                max_states: 2_000_000,
                max_time: None,
                table_bytes: 256 << 20,
                ..Limits::default()
            };
            let fast = solve(&game, limits, Pruning::NONE).verdict;
            assert_ne!(
                fast,
                Verdict::Won,
                "{case}: the copies rule calls it dead, the unpruned search wins it"
            );
            let plain = plain_search(&Rules::Alhambra(rules), &layout, LIMIT).0;
            assert!(
                !matches!(plain, PlainOutcome::Won(_)),
                "{case}: the copies rule calls it dead, the plain search wins it"
            );
            confirmed += (fast == Verdict::Lost || plain == PlainOutcome::Lost) as usize;
        }
    }
    eprintln!(
        "copies rule: added {added} of {checked} (the other rules: {base}), {confirmed} confirmed lost"
    );
    // It adds rarely on positions this small (4 of 420; none the searches can finish), but it must
    // add some for the check to mean anything. Its main check is along winning lines (above).
    assert!(added >= 3, "the copies rule added too few: {added} of {checked}");
}

/// The search's start test runs the copies rule (f) at the game's first position only: elsewhere
/// (the lookahead's small searches start at every position it weighs) the bound runs without it,
/// weaker and much cheaper. Alhambra seeds 59, 177 and 299 are the full-rules deals proved lost at
/// their first position (`results/bench/losses-alhambra/full-rules-start`).
#[test]
fn the_copies_rule_runs_at_the_first_position_only() {
    let rules = AlhambraRules::of(Variant::Alhambra);
    for seed in [59, 177, 299, 0, 1, 2] {
        let d = deal(seed);
        let game = Alhambra::new(rules, &d);
        let start = game.start();
        assert_eq!(
            game.is_dead_at_start(&start),
            game.is_dead(&start) || game.pass_bound_dead_with(&start, true),
            "seed {seed}"
        );
        assert_eq!(game.is_dead_at_start(&start), [59, 177, 299].contains(&seed), "seed {seed}");
        let mut moves = patience_games::game::MoveList::new();
        game.moves(&start, Pruning::NONE, &mut moves);
        for &m in moves.iter() {
            let mut child = start;
            game.play(&mut child, m);
            assert_eq!(
                game.is_dead_at_start(&child),
                game.is_dead(&child) || game.pass_bound_dead_with(&child, false),
                "seed {seed}"
            );
        }
    }
    let d = deal(3);
    let game = Quilt::new(QuiltRules::of(Variant::CrazyQuilt), &d);
    let start = game.start();
    assert_eq!(
        game.is_dead_at_start(&start),
        game.is_dead(&start) || game.pass_bound_dead_with(&start, true)
    );
}
