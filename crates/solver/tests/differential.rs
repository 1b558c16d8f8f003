//! The fast solver against the plain reference search (no pruning, no symmetry, Vec-based rules
//! sharing no code with the fast states), on small positions: native deals whose foundations
//! start pre-filled, so both searches finish and both outcomes occur. Every verdict that both
//! reach must agree — with no pruning, with each rule alone, and with all — and every win either
//! finds must replay through the reference rules.

use patience_games::algerian::{self, Algerian, AlgerianRules, ReserveSpace};
use patience_games::alhambra::{self, Alhambra, AlhambraRules};
use patience_games::deal::{Deal, DealSource, Hook, make_deal};
use patience_games::game::{Action, Game, Notation, Pruning};
use patience_games::layout::Layout;
use patience_games::queen::{self, Queen, QueenRules};
use patience_games::quilt::{self, Quilt, QuiltRules};
use patience_games::variant::InFamily;
use patience_games::variant::{Rules, Variant};
use patience_reference::PlainOutcome;
use patience_solver::parallel::PAUSE_EVERY;
use patience_solver::{Limits, SearchResult, Stop, Verdict, actions, shorten, solve};
use patience_verify::{plain_search, reference_game, replay};

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

/// The Queen of Italy and Algerian families run 2/3 as many seeds by default (their undecided
/// positions cost the most), keeping the whole suite well under its time budget.
fn family_seeds() -> std::ops::Range<u64> {
    0..(seeds().end * 2 / 3).max(1)
}
fn family_min_each() -> usize {
    (family_seeds().end as usize * 5 / 12).max(1)
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
    /// Of those the plain search left undecided: how many the fast solver proved lost.
    undecided_fast_lost: usize,
}

impl Tally {
    /// Each variant must produce enough agreed wins AND losses for the comparison to mean
    /// something; a broken generator that made every position trivially won or lost fails here.
    fn check(&self, name: &str) {
        self.check_at_least(name, min_each(), min_each());
    }
    fn check_at_least(&self, name: &str, won: usize, lost: usize) {
        eprintln!("{name}: {self:?}");
        assert!(
            self.agreed_won >= won && self.agreed_lost >= lost,
            "{name}: too few decided positions: {self:?}"
        );
    }
}

/// The plain reference search of a position (no pruning, no symmetry, Vec-based rules sharing no
/// code with the fast states), reached through the verifier like every other use of the reference.
fn reference_plain(rules: Rules, layout: &Layout, max_states: u64) -> PlainOutcome {
    plain_search(&rules, layout, max_states).0
}

/// One position (`game`, made from `layout` under `rules`): the plain verdict against the fast
/// solver's under every pruning configuration; every win, the plain search's own included, must
/// replay through the reference rules from `layout`.
fn compare<G: Game + Notation>(
    tally: &mut Tally,
    case: &str,
    game: &G,
    rules: Rules,
    layout: &Layout,
    plain: PlainOutcome,
) where
    G::State: Default,
{
    let plain_verdict = match &plain {
        PlainOutcome::Won(moves) => {
            let reference = reference_game(&rules, layout).unwrap();
            reference
                .replay(moves)
                .unwrap_or_else(|e| panic!("{case}: the reference search's own win fails: {e:?}"));
            Some(Verdict::Won)
        }
        PlainOutcome::Lost => Some(Verdict::Lost),
        PlainOutcome::Unknown => None,
    };
    let limits =
        Limits { max_states: LIMIT, max_time: None, table_bytes: 64 << 20, ..Limits::default() };
    let only =
        |d, f, p, s| Pruning { dead_positions: d, forced_moves: f, partial_order: p, symmetry: s };
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
        // Every stored position is expanded but the dead ones (and those at the depth limit, or
        // where a limit stopped a search: a deal searched choice by choice has such stops).
        assert!(
            r.expanded <= r.states,
            "{case} {pruning:?}: {} expanded of {} states",
            r.expanded,
            r.states
        );
        if r.verdict == Verdict::Lost && !pruning.dead_positions && !game.split_root() {
            assert_eq!(
                r.expanded, r.states,
                "{case} {pruning:?}: a loss proved without the dead test expands every position"
            );
        }
        if pruning == Pruning::ALL {
            // The fingerprint table (the default) against the exact one: the same search, move
            // for move (a fingerprint collision would show as fewer states). With all pruning
            // only, to keep the suite's time (tests/tables.rs compares with none too).
            let e = solve(game, Limits { exact_table: true, ..limits }, pruning);
            assert_eq!(
                (e.verdict, e.states, e.expanded, &e.moves, e.stop),
                (r.verdict, r.states, r.expanded, &r.moves, r.stop),
                "{case} {pruning:?}: exact and fingerprint tables differ"
            );
        }
        if r.verdict == Verdict::Won {
            let solution: Vec<Action> = actions(game, &r.moves);
            if let Err(e) = replay(&rules, layout, &solution) {
                panic!("{case} {pruning:?}: fast win does not replay: {e}");
            }
            let short = shorten(game, &r.moves);
            assert!(short.len() <= r.moves.len());
            if let Err(e) = replay(&rules, layout, &actions(game, &short)) {
                panic!("{case} {pruning:?}: shortened win does not replay: {e}");
            }
        }
        // (Two threads without pruning, four with all: the suite's time.)
        let this = Case { name: case, rules, layout };
        if pruning == Pruning::NONE {
            parallel_agrees(&this, game, limits, pruning, &r, 2);
        } else if pruning == Pruning::ALL {
            parallel_agrees(&this, game, limits, pruning, &r, 4);
        }
        if r.verdict != Verdict::Unknown {
            if let Some(p) = plain_verdict {
                assert_eq!(
                    r.verdict, p,
                    "{case} {pruning:?}: fast solver and plain search disagree"
                );
            }
            fast_verdicts.push(r.verdict);
        }
    }
    assert!(fast_verdicts.windows(2).all(|w| w[0] == w[1]), "{case}: pruning changed the verdict");
    tally.positions += 1;
    match (plain_verdict, fast_verdicts.first()) {
        (Some(Verdict::Won), Some(_)) => tally.agreed_won += 1,
        (Some(Verdict::Lost), Some(_)) => tally.agreed_lost += 1,
        (None, Some(Verdict::Lost)) => {
            tally.undecided += 1;
            tally.undecided_fast_lost += 1;
        }
        _ => tally.undecided += 1,
    }
}

/// A position under test: its name in messages, and the rules and layout its wins replay from.
struct Case<'a> {
    name: &'a str,
    rules: Rules,
    layout: &'a Layout,
}

/// The parallel search on `threads` threads against the one-thread search `one` of the same
/// position (`case`): never the other verdict; a win replays through the reference rules; and a
/// loss is the same closure of positions whatever the threads, so it stores exactly as many
/// positions (a position lost, or expanded by no thread, would show here as a different count or
/// a verdict that is not "lost").
fn parallel_agrees<G: Game + Notation>(
    case: &Case,
    game: &G,
    limits: Limits,
    pruning: Pruning,
    one: &SearchResult<G::Move>,
    threads: u64,
) where
    G::State: Default,
{
    let r = patience_solver::parallel::solve_within(
        game,
        pruning,
        limits,
        limits.max_states,
        std::time::Instant::now(),
        threads as usize,
    );
    let what = format!("{} {pruning:?} -j {threads}", case.name);
    assert!(
        r.verdict == Verdict::Unknown
            || one.verdict == Verdict::Unknown
            || r.verdict == one.verdict,
        "{what}: {:?} against {:?} on one thread",
        r.verdict,
        one.verdict
    );
    match r.verdict {
        Verdict::Won => {
            if let Err(e) = replay(&case.rules, case.layout, &actions(game, &r.moves)) {
                panic!("{what}: the parallel search's win does not replay: {e}");
            }
        }
        // (Each thread adds its count to the limit's every `PAUSE_EVERY` positions: a closure
        // a little larger than the limit may be finished by the threads.)
        Verdict::Lost if one.verdict == Verdict::Unknown => {
            assert!(
                one.stop == Some(Stop::States)
                    && r.states >= one.states
                    && r.states < one.states + threads * PAUSE_EVERY,
                "{what}: {} positions, one thread {:?} at {}",
                r.states,
                one.stop,
                one.states
            )
        }
        Verdict::Lost if !game.split_root() => assert_eq!(
            (one.verdict, one.states),
            (Verdict::Lost, r.states),
            "{what}: another closure"
        ),
        // (A deal searched choice by choice stops each choice's searches at budgets that differ
        // with the threads.)
        Verdict::Lost => assert_eq!(one.verdict, Verdict::Lost, "{what}"),
        Verdict::Unknown => assert!(
            one.verdict != Verdict::Lost || r.stop == Some(Stop::States),
            "{what}: {:?} where one thread proved the loss",
            r.stop
        ),
    }
}

/// (k, redeals): k cards of each foundation pre-filled, leaving 104 − 8k cards in play.
const ALHAMBRA_CASES: &[(u8, u8)] =
    &[(11, 0), (11, 2), (10, 0), (10, 1), (10, 2), (9, 0), (9, 1), (9, 2), (8, 0), (8, 2)];

fn alhambra_family(variant: Variant) {
    let mut tally = Tally::default();
    for seed in seeds() {
        let d = deal(seed);
        for &(k, redeals) in ALHAMBRA_CASES {
            let mut rules = AlhambraRules::of(variant);
            rules.redeals = redeals;
            rules.empty_waste_any = seed % 3 == 2 && variant != Variant::Reinforcements;
            rules.pf_refill_timing = seed % 3 == 1 && variant == Variant::Reinforcements;
            let layout = alhambra::prefilled_layout(&rules, &d, k);
            let game = Alhambra::from_layout(rules, &layout).unwrap();
            let plain = reference_plain(Rules::Alhambra(rules), &layout, LIMIT);
            let case = format!("{variant:?} seed {seed} k {k} {rules:?}");
            compare(&mut tally, &case, &game, Rules::Alhambra(rules), &layout, plain);
        }
    }
    tally.check(&format!("{variant:?}"));
}

/// (k, quilt cells, redeals): pre-filled foundations, the quilt filled row-major from Q00 with
/// that many cards, the rest in the stock (crazy-quilt, indian-carpet) or in persian-rug's
/// reserves (which has no redeals). Chosen so that both outcomes occur often.
const QUILT_CASES: &[(u8, usize, u8)] =
    &[(10, 4, 0), (10, 8, 0), (10, 8, 1), (9, 16, 0), (9, 16, 1), (9, 24, 1)];
const PERSIAN_CASES: &[(u8, usize, u8)] = &[(7, 4, 0), (7, 8, 0), (8, 4, 0), (8, 8, 0)];

fn quilt_family(variant: Variant) {
    let mut tally = Tally::default();
    for seed in seeds() {
        let d = deal(seed);
        let cases = if variant == Variant::PersianRug { PERSIAN_CASES } else { QUILT_CASES };
        for &(k, cells, redeals) in cases {
            let mut rules = QuiltRules::of(variant);
            // indian-carpet's cases use 2 redeals where crazy-quilt's use 1 (its own count), so the
            // two tests cover 0, 1 and 2 redeals between them.
            match variant {
                Variant::CrazyQuilt => rules.redeals = redeals,
                Variant::IndianCarpet => rules.redeals = 2 * redeals,
                _ => {}
            }
            rules.wrap = seed % 2 == 0;
            let layout = quilt::prefilled_layout(&rules, &d, k, cells);
            let game = Quilt::from_layout(rules, &layout).unwrap();
            let plain = reference_plain(Rules::Quilt(rules), &layout, LIMIT);
            let case = format!("{variant:?} seed {seed} k {k} cells {cells} {rules:?}");
            compare(&mut tally, &case, &game, Rules::Quilt(rules), &layout, plain);
        }
    }
    tally.check(&format!("{variant:?}"));
}

#[test]
fn alhambra_fast_and_plain_agree() {
    alhambra_family(Variant::Alhambra);
}

#[test]
fn granada_fast_and_plain_agree() {
    alhambra_family(Variant::Granada);
}

#[test]
fn reinforcements_fast_and_plain_agree() {
    alhambra_family(Variant::Reinforcements);
}

#[test]
fn crazy_quilt_fast_and_plain_agree() {
    quilt_family(Variant::CrazyQuilt);
}

#[test]
fn indian_carpet_fast_and_plain_agree() {
    quilt_family(Variant::IndianCarpet);
}

#[test]
fn persian_rug_fast_and_plain_agree() {
    quilt_family(Variant::PersianRug);
}

/// (open foundations, their height, terrace cards, tableau cards, redeals): the other
/// foundations are full; the cards of the open ones are dealt as terrace, one card on each of
/// the first piles, and (when every pile has one) waste and stock. The first three start in the
/// end phase (stock and waste empty), where terrace losses are common and the space is small;
/// the others exercise the waste, the stock, forced fills and the redeal.
const QUEEN_CASES: &[(usize, u8, usize, usize, u8)] = &[
    (2, 8, 6, 4, 0),
    (2, 7, 8, 4, 0),
    (3, 9, 7, 5, 0),
    (8, 11, 5, 9, 0),
    (2, 5, 4, 9, 1),
    (1, 1, 2, 9, 0),
];

/// Redheads fills gaps from the terrace, so every pile holds a card whenever the terrace does.
/// Its terrace drains into the tableau, so small Redheads positions are almost never lost (about
/// 1 in 70 here): the test asks for at least one agreed loss, and its pruning is the lightest
/// (no terrace dead test, no safe move from the terrace).
const REDHEADS_CASES: &[(usize, u8, usize, usize, u8)] = &[
    (2, 3, 12, 8, 0),
    (1, 1, 4, 8, 0),
    (2, 4, 10, 8, 0),
    (2, 2, 14, 8, 0),
    (1, 1, 3, 8, 1),
    (3, 6, 13, 8, 0),
];

/// With PySolFC's foundation-to-tableau option, foundation cards come back into play and the
/// reachable space explodes: no small position here is proved lost by the plain search within
/// its limit (a dozen configurations tried, 96 positions: 0 losses). These cases are the
/// quickest to decide and include positions won only thanks to the option.
const QUEEN_F2T_CASES: &[(usize, u8, usize, usize, u8)] =
    &[(2, 11, 2, 2, 0), (2, 10, 3, 3, 0), (2, 9, 4, 4, 0), (1, 5, 6, 2, 0)];

fn queen_family(variant: Variant) {
    queen_family_with(variant, false);
}

/// Returns how many positions the plain search decides differently with the
/// foundation-to-tableau option than without it (when `f2t`; else 0).
fn queen_family_with(variant: Variant, f2t: bool) -> usize {
    let mut tally = Tally::default();
    let mut option_matters = 0;
    for seed in family_seeds() {
        let d = make_deal(&DealSource::Native(seed), Hook::None).unwrap();
        let cases = if variant == Variant::Redheads {
            REDHEADS_CASES
        } else if f2t {
            QUEEN_F2T_CASES
        } else {
            QUEEN_CASES
        };
        for &(open, height, terrace, tableau, redeals) in cases {
            let mut rules = QueenRules::of(variant);
            rules.redeals = redeals;
            rules.foundation_to_tableau = f2t;
            let base = (seed * 5 + height as u64) as u8 % 13;
            let mut heights = [13u8; 8];
            for i in 0..open {
                heights[(seed as usize * 3 + i * 5) % 8] = height;
            }
            let layout = queen::prefilled_layout(&rules, &d, base, heights, terrace, tableau);
            let game = Queen::from_layout(rules, &layout).unwrap();
            let plain = reference_plain(Rules::Queen(rules), &layout, LIMIT);
            if f2t {
                let without = reference_plain(
                    Rules::Queen(QueenRules { foundation_to_tableau: false, ..rules }),
                    &layout,
                    LIMIT,
                );
                option_matters +=
                    matches!((&plain, &without), (PlainOutcome::Won(_), PlainOutcome::Lost))
                        as usize;
            }
            let case =
                format!("{variant:?} seed {seed} heights {heights:?} terrace {terrace} {rules:?}");
            compare(&mut tally, &case, &game, Rules::Queen(rules), &layout, plain);
        }
    }
    if f2t {
        tally.check_at_least(
            &format!("{variant:?} with foundation to tableau"),
            2 * family_min_each(),
            0,
        );
    } else if variant == Variant::Redheads {
        tally.check_at_least(&format!("{variant:?}"), family_min_each(), 1);
    } else {
        tally.check_at_least(&format!("{variant:?}"), family_min_each(), family_min_each());
    }
    option_matters
}

/// The terrace schedule test (`queen/schedule.rs`): small positions of queen-of-italy and
/// generals-patience (foundations pre-filled, the rest dealt as terrace and tableau: the end
/// phase, where the plain search finishes) that it calls dead at the start; the plain
/// reference search must never win one, and must prove enough of them lost, some beyond the
/// count test, for the check to mean something. (`queen/schedule/tests.rs` checks the test
/// against a plain search of its relaxation on many more positions.)
#[test]
fn terrace_schedule_losses_are_plain_losses() {
    let mut tally = Tally::default();
    let mut beyond_count = 0;
    for variant in [Variant::QueenOfItaly, Variant::GeneralsPatience] {
        let rules = QueenRules::of(variant);
        for seed in 0..family_seeds().end * 4 {
            let d = make_deal(&DealSource::Native(seed), Hook::None).unwrap();
            for case in 0..8u64 {
                // Foundations open a little (heights 10..13 from a hash of seed and case),
                // a quarter of the cards out (at most 3: the plain search renames no piles) on
                // the tableau, the rest on the terrace.
                let mix = |i: u64| {
                    (seed * 31 + case * 17 + i * 7).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 60
                };
                let heights: [u8; 8] = std::array::from_fn(|f| 10 + (mix(f as u64) % 4) as u8);
                let out: usize = heights.iter().map(|&h| 13 - h as usize).sum();
                let tableau = (out / 4).clamp(1, 3);
                let terrace = out - tableau;
                if terrace > 13 {
                    continue;
                }
                let base = (mix(8) % 13) as u8;
                let layout = queen::prefilled_layout(&rules, &d, base, heights, terrace, tableau);
                let game = Queen::from_layout(rules, &layout).unwrap();
                let (count, schedule) = game.terrace_tests(&game.start());
                if !schedule {
                    continue;
                }
                tally.positions += 1;
                beyond_count += !count as usize;
                let case = format!("{variant:?} seed {seed} heights {heights:?} terrace {terrace}");
                match reference_plain(Rules::Queen(rules), &layout, LIMIT) {
                    PlainOutcome::Won(_) => {
                        panic!("{case}: the schedule test says lost, the plain search wins")
                    }
                    PlainOutcome::Lost => tally.agreed_lost += 1,
                    PlainOutcome::Unknown => tally.undecided += 1,
                }
            }
        }
    }
    eprintln!("terrace schedule: {tally:?}, {beyond_count} of them beyond the count test");
    assert!(
        tally.agreed_lost >= 4 * family_min_each() && beyond_count >= 2,
        "too few positions: {tally:?}, {beyond_count} beyond the count test"
    );
}

#[test]
fn queen_of_italy_fast_and_plain_agree() {
    queen_family(Variant::QueenOfItaly);
}

#[test]
fn queen_of_italy_open_fast_and_plain_agree() {
    queen_family(Variant::QueenOfItalyOpen);
}

/// PySolFC's option: a foundation's top card back to the tableau. The fast solver keeps exact
/// foundations for it (`queen/found.rs`) and drops the two pruning rules that assume foundations
/// only grow; what remains is symmetry (piles and foundations sorted, one empty pile, one of
/// equal foundations). Wins only (see `QUEEN_F2T_CASES`): a win lost by a wrong rule would show
/// as a disagreement. The positions must include some the option turns from lost to won.
#[test]
fn queen_of_italy_open_foundation_to_tableau_fast_and_plain_agree() {
    let matters = queen_family_with(Variant::QueenOfItalyOpen, true);
    eprintln!("positions lost without the option and won with it: {matters}");
    assert!(
        matters >= 1,
        "no position where the option changes the verdict: the test shows little"
    );
}

#[test]
fn generals_patience_fast_and_plain_agree() {
    queen_family(Variant::GeneralsPatience);
}

// blondes-and-brunettes and falling-star differ from queen-of-italy only in the deal (the
// terrace size, the base dealt rather than chosen: RULES.md §3), which these pre-filled positions
// do not use; their positions would be queen-of-italy's exactly. Their deals are checked by the
// PySolFC fixtures and the pinned layouts, their play by the full deals the CLI tests replay.

#[test]
fn redheads_fast_and_plain_agree() {
    queen_family(Variant::Redheads);
}

/// (foundation height, lowered foundations, their height, depots dealt, reserve depth): the
/// other foundations at the first height; the cards out go one each to the first depots, then
/// round-robin to the reserves, then to the stock.
///
/// Small random Algerian positions are practically never lost: eight depots building up or down
/// and six reserves leave too much room (dozens of configurations tried: 0 losses among hundreds
/// of decided positions). So these cases test above all that no pruning loses a win — a pruned
/// search that dropped a needed move would call a won position lost or unknown — and the losses
/// come from `algerian_lost_positions` (hand-made) and the full deals in `stock_dead.rs`-style
/// checks below.
const ALGERIAN_CASES: &[(u8, usize, u8, usize, usize)] = &[
    (13, 1, 0, 8, 1),
    (13, 1, 2, 8, 1),
    (12, 2, 8, 8, 1),
    (13, 2, 6, 6, 1),
    (13, 4, 9, 8, 2),
    (13, 2, 7, 8, 2),
];

fn algerian_family(variant: Variant) {
    let mut tally = Tally::default();
    for seed in family_seeds() {
        let d = make_deal(&DealSource::Native(seed), Hook::None).unwrap();
        for (c, &(h, lowered, low, depots, depth)) in ALGERIAN_CASES.iter().enumerate() {
            let mut rules = AlgerianRules::of(variant);
            rules.reserve_space =
                [ReserveSpace::Any, ReserveSpace::AfterStock, ReserveSpace::Never]
                    [(seed as usize + c) % 3];
            rules.foundation_to_depot = (seed + c as u64).is_multiple_of(4);
            let mut heights = [h; 8];
            for i in 0..lowered {
                heights[(seed as usize * 3 + i * 5) % 8] = low;
            }
            let layout = algerian::prefilled_layout(&rules, &d, heights, depots, depth);
            let game = Algerian::from_layout(rules, &layout).unwrap();
            let plain = reference_plain(Rules::Algerian(rules), &layout, LIMIT);
            let case = format!(
                "{variant:?} seed {seed} heights {heights:?} depots {depots} depth {depth} {rules:?}"
            );
            compare(&mut tally, &case, &game, Rules::Algerian(rules), &layout, plain);
        }
    }
    tally.check_at_least(&format!("{variant:?}"), 3 * family_min_each(), 0);
}

#[test]
fn algerian_fast_and_plain_agree() {
    algerian_family(Variant::Algerian);
}

#[test]
fn carthage_fast_and_plain_agree() {
    algerian_family(Variant::Carthage);
}

#[test]
fn algerian_parlett_fast_and_plain_agree() {
    algerian_family(Variant::AlgerianParlett);
}

/// A hand-made Carthage position that is lost when empty reserves may not be used (both 5♥ lie
/// under cards nothing accepts, and no depot top builds on another) and won as soon as they may
/// be: both solvers, under every pruning configuration, must agree on each.
#[test]
fn algerian_lost_positions() {
    use patience_games::card::{Card, parse_kind};
    let cards = |codes: &str| -> Vec<Card> {
        let mut seen = std::collections::HashMap::new();
        codes
            .split_whitespace()
            .map(|c| {
                let k = parse_kind(c).unwrap();
                let deck = seen.entry(k).or_insert(0u8);
                *deck += 1;
                Card::new(*deck - 1, k.suit(), k.rank())
            })
            .collect()
    };
    let mut tally = Tally::default();
    for (reserve_space, want) in [
        (ReserveSpace::Never, Verdict::Lost),
        (ReserveSpace::Any, Verdict::Won),
        (ReserveSpace::AfterStock, Verdict::Won),
    ] {
        let mut rules = AlgerianRules::of(Variant::Carthage);
        rules.reserve_space = reserve_space;
        rules.foundation_to_depot = false;
        let rank_run = |suit: &str, n: usize| {
            "A 2 3 4 5 6 7 8 9 T J Q K"
                .split(' ')
                .take(n)
                .map(|r| format!("{r}{suit}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mut foundations: Vec<Vec<Card>> = vec![];
        for suit in ["C", "S", "H", "D"] {
            let n = if suit == "H" { 4 } else { 13 };
            let both = format!("{} {}", rank_run(suit, n), rank_run(suit, n));
            let all = cards(&both);
            foundations.push(all[..n].to_vec());
            foundations.push(all[n..].to_vec());
        }
        let out = cards("KH KH JH JH 9H 9H 6H 6H 5H QH TH 8H 7H 5H QH TH 8H 7H");
        let rows = out[..8].iter().map(|&c| vec![c]).collect();
        let reserves =
            vec![out[8..13].to_vec(), out[13..18].to_vec(), vec![], vec![], vec![], vec![]];
        let layout = Layout { foundations, reserves, rows, ..Layout::default() };
        let game = Algerian::from_layout(rules, &layout).unwrap();
        let plain = reference_plain(Rules::Algerian(rules), &layout, 20 * LIMIT);
        let plain_verdict = match plain {
            PlainOutcome::Lost => Some(Verdict::Lost),
            PlainOutcome::Won(_) => Some(Verdict::Won),
            PlainOutcome::Unknown => None,
        };
        assert_eq!(plain_verdict, Some(want), "{reserve_space:?}");
        compare(
            &mut tally,
            &format!("hand-made Carthage {reserve_space:?}"),
            &game,
            Rules::Algerian(rules),
            &layout,
            plain,
        );
    }
    tally.check_at_least("hand-made Carthage", 2, 1);
}

/// Full deals of every Queen of Italy and Algerian variant: whatever the solver finds within a
/// small budget, a win must replay through the reference rules from the dealt layout (the deal
/// procedure, the choice and the forced moves included).
#[test]
fn full_deals_of_the_new_families_replay() {
    let limits =
        Limits { max_states: 50_000, max_time: None, table_bytes: 64 << 20, ..Limits::default() };
    let mut wins = 0;
    for rules in QueenRules::all() {
        let variant = rules.variant;
        for seed in 0..4 {
            let d = make_deal(&DealSource::Native(seed), Hook::None).unwrap();
            let game = Queen::new(rules, &d);
            let r = solve(&game, limits, Pruning::ALL);
            if r.verdict == Verdict::Won {
                wins += 1;
                replay(
                    &Rules::Queen(rules),
                    &rules.layout(&d),
                    &actions(&game, &shorten(&game, &r.moves)),
                )
                .unwrap_or_else(|e| panic!("{variant:?} seed {seed}: {e}"));
            }
        }
    }
    for variant in [Variant::Algerian, Variant::Carthage, Variant::AlgerianParlett] {
        for seed in 0..4 {
            let rules = AlgerianRules::of(variant);
            let hook = if variant == Variant::Algerian { Hook::KingsToTop } else { Hook::None };
            let d = make_deal(&DealSource::Native(seed), hook).unwrap();
            let game = Algerian::new(rules, &d);
            let r = solve(&game, limits, Pruning::ALL);
            if r.verdict == Verdict::Won {
                wins += 1;
                replay(
                    &Rules::Algerian(rules),
                    &rules.layout(&d),
                    &actions(&game, &shorten(&game, &r.moves)),
                )
                .unwrap_or_else(|e| panic!("{variant:?} seed {seed}: {e}"));
            }
        }
    }
    assert!(wins >= 20, "only {wins} of 36 full deals won within 50,000 states");
}
