//! The solving pipeline `solve`, `study` and `bench` use: phases run one after the other on a
//! deal, sharing one budget of positions, until one decides it.
//!
//! 1. **probe**: the exhaustive search with a small share of the budget. Most deals that are
//!    decided at all are decided here, cheaply.
//! 2. **stricter**: where the family has stricter rules for the deal ([`Game::stricter`]:
//!    queen-of-italy's forced fills for queen-of-italy-open; a streamliner, only moves home
//!    where there are any, for the other Queen of Italy variants, carthage (whose stricter game
//!    also drops the foundation-to-depot move) and the Crazy Quilt family (also builds onto the
//!    waste that free no quilt card)), the phases of a split of their own
//!    ([`Plan::stricter_split`]) run on the deal under those rules with this phase's share; a win there, its forced moves
//!    written out ([`Game::lift_from_stricter`]), is a win here. Their smaller space is decided
//!    sooner; a loss there says nothing here and is ignored.
//! 3. **lookahead** (`lookahead.rs`): a win-finder guided by short searches, for deals the probe
//!    left open.
//! 4. **hedged**: the lookahead again, each move ranked first by wins in searches with the far
//!    stock shuffled (`lookahead::Hedge`).
//! 5. **search**: the exhaustive search again, from scratch, with what is left of the budget.
//!
//! Soundness: only the exhaustive search (phases 1 and 5, each with a fresh table, so nothing an
//! aborted phase explored is taken as explored) may answer *lost*; the lookaheads and the
//! stricter phase may only answer *won*, with a line of legal moves that callers replay through the reference rules. A search
//! stopped by its budget is *unknown*, and the next phase runs.
//!
//! Budgets are counted in positions stored, never in time, so that a study's rows depend neither
//! on the machine nor on the number of deals solved at once. The split is fixed ([`Plan::split`])
//! and each study's manifest records it ([`Plan::describe`]).
//!
//! **On several threads** ([`Pipeline::with_threads`]): every exhaustive search runs on all of
//! them (`parallel.rs`), and after the probe the win-finding phases (on one thread) and the final
//! search (on the others) run at once, the first to decide ending the other ([`Pipeline::run`]).
//! The soundness argument above is unchanged: the win-finders still only answer *won* with a
//! replayed line, and the final search is still a fresh exhaustive search, its budget the one
//! the win-finders' whole shares leave. What changes: which win is found first (so the line),
//! and, near the budget, whether a deal is decided at all; never won against lost.

use crate::lookahead::{Hedge, StopSignals, WalkSettings, lookahead};
use crate::parallel::Crew;
use crate::{Limits, SearchResult, Solver, Stop, Verdict};
use patience_games::game::{Game, PlayerView, Pruning};
use patience_games::variant::VariantInfo;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Which phase decided a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Probe,
    Stricter,
    Lookahead,
    Hedged,
    Search,
}

impl Phase {
    pub fn as_str(self) -> &'static str {
        match self {
            Phase::Probe => "probe",
            Phase::Stricter => "stricter",
            Phase::Lookahead => "lookahead",
            Phase::Hedged => "hedged",
            Phase::Search => "search",
        }
    }
}

/// How a deal's budget of positions is split between the phases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Positions the probe may store (0: no probe).
    pub probe: u64,
    /// Positions of the stricter phase (0, or a game without stricter rules: none)...
    pub stricter: u64,
    /// ... and how it splits them between the phases it runs on the stricter game.
    pub stricter_split: Shares,
    /// Positions the lookahead may store in all (0: no lookahead)...
    pub lookahead: u64,
    /// ... and per child searched in its first walk (each next walk four times as many).
    pub lookahead_per_move: u64,
    /// Positions of the hedged lookahead (0: none)...
    pub hedged: u64,
    /// ... and its samples per candidate and cards of the stock it keeps in their true order.
    pub hedge: Hedge,
}

pub use patience_games::variant::tuning::{DEFAULT_SHARES, DEFAULT_WALK, Shares, Tuning};

/// The hedged lookahead's samples per candidate and cards of the stock kept in their true order.
pub const HEDGE: Hedge = Hedge { samples: 3, keep: 10 };

impl Plan {
    /// The default split of `max_states` positions ([`DEFAULT_SHARES`]).
    pub fn split(max_states: u64) -> Plan {
        Plan::with_shares(DEFAULT_SHARES, max_states)
    }

    /// The split for a variant: its record's tuning (the measurements behind each variant's
    /// own are in `results/bench/tuning.md`).
    pub fn for_variant(info: &VariantInfo, max_states: u64) -> Plan {
        Plan::tuned(info.tuning, max_states)
    }

    /// The split of `max_states` positions that `tuning` describes.
    pub fn tuned(tuning: Tuning, max_states: u64) -> Plan {
        Plan {
            stricter_split: tuning.stricter_split,
            lookahead_per_move: tuning.walk,
            ..Plan::with_shares(tuning.shares, max_states)
        }
    }

    fn with_shares(shares: Shares, max_states: u64) -> Plan {
        Plan {
            probe: max_states / 1000 * shares.probe,
            stricter: max_states / 1000 * shares.stricter,
            stricter_split: DEFAULT_SHARES,
            lookahead: max_states / 1000 * shares.lookahead,
            lookahead_per_move: DEFAULT_WALK,
            hedged: max_states / 1000 * shares.hedged,
            hedge: HEDGE,
        }
    }

    /// The exhaustive search alone, as before the pipeline.
    pub const PLAIN: Plan = Plan {
        probe: 0,
        stricter: 0,
        stricter_split: DEFAULT_SHARES,
        lookahead: 0,
        lookahead_per_move: 0,
        hedged: 0,
        hedge: Hedge::NONE,
    };

    /// The split in words, for manifests and reports.
    pub fn describe(&self) -> String {
        if *self == Plan::PLAIN {
            return "search".into();
        }
        let mut parts = vec![];
        if self.probe > 0 {
            parts.push(format!("probe {}", self.probe));
        }
        if self.stricter > 0 {
            let t = self.stricter_split;
            parts.push(format!("stricter rules {} (probe, lookahead, hedged lookahead {}, {}, {} thousandths, search the rest)", self.stricter, t.probe, t.lookahead, t.hedged));
        }
        if self.lookahead > 0 {
            parts.push(format!(
                "lookahead {} (walks of {} per move, x4)",
                self.lookahead, self.lookahead_per_move
            ));
        }
        if self.hedged > 0 {
            let h = self.hedge;
            let kept = [0, 1, 2, 3].map(|n| h.keep_in_walk(n).to_string()).join(", ");
            parts.push(format!("hedged lookahead {} (walks of {} per move, {} samples keeping {kept} cards in turn)", self.hedged, self.lookahead_per_move, h.samples));
        }
        parts.push("search the rest".into());
        parts.join(", ")
    }
}

/// A deal's result and the phase that decided it (`None` when unknown).
pub struct Decided<M> {
    pub result: SearchResult<M>,
    pub decided_by: Option<Phase>,
}

/// Runs the phases of a [`Plan`] with reusable solvers (their tables are kept between deals).
pub struct Pipeline<G: Game> {
    limits: Limits,
    plan: Plan,
    /// Threads per deal (`with_threads`).
    threads: usize,
    /// The table of the searches on several threads, kept between them as the one-thread
    /// search keeps its own (`SharedTable::reset` says why).
    shared: Option<crate::shared_table::SharedTable>,
    search: Solver<G>,
    /// The lookahead's short searches, with a table of their own (so the search's table keeps
    /// the size its deals need).
    look: Solver<G>,
}

/// Table memory of the lookahead's searches: ample for walks of [`DEFAULT_WALK`] positions and
/// the longer ones of some variants.
const LOOKAHEAD_TABLE_BYTES: usize = 64 << 20;

impl<G: PlayerView> Pipeline<G>
where
    G::State: Default,
{
    pub fn new(limits: Limits, plan: Plan) -> Self {
        let look_limits =
            Limits { table_bytes: LOOKAHEAD_TABLE_BYTES.min(limits.table_bytes), ..limits };
        Pipeline {
            limits,
            plan,
            threads: 1,
            shared: None,
            search: Solver::new(limits),
            look: Solver::new(look_limits),
        }
    }

    /// Decides each deal with `threads` threads (see `parallel.rs` and [`Pipeline::solve`]);
    /// 1 (the default) is the deterministic one-thread pipeline.
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads.max(1);
        self
    }

    /// The exhaustive search of `game`'s deal within `max` positions: on `threads` threads
    /// (`parallel.rs`), or with the one-thread solver (whose table is kept between deals).
    fn exhaustive(
        &mut self,
        game: &G,
        pruning: Pruning,
        max: u64,
        started: Instant,
        threads: usize,
    ) -> SearchResult<G::Move> {
        if threads == 1 || self.limits.exact_table {
            return self.search.solve_within(game, pruning, max, started);
        }
        let (r, table) = crate::parallel::solve_within_table(
            game,
            pruning,
            self.limits,
            max,
            started,
            threads,
            self.shared.take(),
        );
        self.shared = table;
        r
    }

    /// Memory the search's transposition table holds now.
    pub fn table_bytes(&self) -> usize {
        self.search.table_bytes()
    }

    /// The most positions one search of the last deal stored (see [`Solver::table_len`]).
    pub fn table_len(&self) -> usize {
        self.search.table_len()
    }

    /// Decides the deal of `game`: `result.states` counts the positions of every phase run.
    pub fn solve(&mut self, game: &G, pruning: Pruning) -> Decided<G::Move> {
        let (plan, max) = (self.plan, self.limits.max_states);
        let run = RunSettings {
            started: Instant::now(),
            threads: self.threads,
            stopper: &Stopper::NEVER,
        };
        self.run(game, pruning, plan, max, run)
    }

    /// The phases of `plan` on `game` within `max` positions, on `run.threads` threads.
    ///
    /// On one thread, one phase after the other. On more, the probe and every exhaustive
    /// search run on all of them (`parallel.rs`); and after the probe, where the plan has both
    /// win-finding phases and a final search, they run at once: the win-finders one after the
    /// other on this thread, the final search on the others, with the budget the win-finders
    /// leave it (their shares reserved whole); with threads enough (two more than win-finding
    /// phases), each win-finder on a thread of its own ([`Pipeline::run_at_once`]). The first to
    /// decide the deal ends the others; a win-finder that ends without a win joins the search
    /// with its thread.
    fn run(
        &mut self,
        game: &G,
        pruning: Pruning,
        plan: Plan,
        max: u64,
        run: RunSettings<'_>,
    ) -> Decided<G::Move> {
        let RunSettings { started, threads, .. } = run;
        let mut spent = Spent::default();
        if plan.probe > 0 && plan.probe < max {
            let r = self.exhaustive(game, pruning, plan.probe, started, threads);
            if r.verdict != Verdict::Unknown || r.stop != Some(Stop::States) {
                return Decided {
                    decided_by: (r.verdict != Verdict::Unknown).then_some(Phase::Probe),
                    result: r,
                };
            }
            spent.add(r.states, r.expanded, r.max_home);
        }
        let parts = plan.win_finder_parts(plan.stricter > 0 && game.stricter().is_some(), threads);
        let reserved: u64 = parts.iter().map(Plan::win_finders_budget).sum();
        let left = max - spent.states;
        if threads > 1 && reserved > 0 && reserved < left {
            return self.run_at_once(game, pruning, &parts, run, spent, left - reserved);
        }
        let chain = self.win_finders(game, pruning, plan, max, run, &mut spent);
        if let Some(d) = chain {
            return d;
        }
        if spent.states >= max {
            return spent.ended(
                Verdict::Unknown,
                vec![],
                Some(Stop::States),
                Phase::Search,
                started,
            );
        }
        let r = self.exhaustive(game, pruning, max - spent.states, started, threads);
        spent.decided(r, Phase::Search)
    }

    /// The win-finding phases of `plan` one after the other (stricter rules, lookahead, hedged
    /// lookahead), within `max` positions counting `spent`: `Some` when one decides the deal
    /// (won) or a limit or `run.stopper` ends the pipeline.
    fn win_finders(
        &mut self,
        game: &G,
        pruning: Pruning,
        plan: Plan,
        max: u64,
        run: RunSettings<'_>,
        spent: &mut Spent,
    ) -> Option<Decided<G::Move>> {
        let RunSettings { started, stopper, .. } = run;
        let stopped = |spent: &Spent, phase| {
            let stop = if stopper.is_set() { Stop::Cancelled } else { Stop::Time };
            Some(spent.ended(Verdict::Unknown, vec![], Some(stop), phase, started))
        };
        if plan.stricter > 0
            && let Some(strict) = game.stricter()
        {
            let budget = plan.stricter.min(max - spent.states);
            let sub = Plan { stricter: 0, ..Plan::with_shares(plan.stricter_split, budget) };
            let d = self.run(&strict, pruning, sub, budget, run);
            spent.add(d.result.states, d.result.expanded, 0);
            if d.result.verdict == Verdict::Won
                && let Some(moves) = game.lift_from_stricter(&strict, &d.result.moves)
            {
                spent.max_home = spent.max_home.max(d.result.max_home);
                return Some(spent.ended(Verdict::Won, moves, None, Phase::Stricter, started));
            }
            if matches!(d.result.stop, Some(Stop::Time | Stop::Cancelled)) {
                return stopped(spent, Phase::Stricter);
            }
        }
        for (phase, share, hedge) in [
            (Phase::Lookahead, plan.lookahead, Hedge::NONE),
            (Phase::Hedged, plan.hedged, plan.hedge),
        ] {
            if share == 0 {
                continue;
            }
            let budget = share.min(max - spent.states);
            // Without partial-order reduction: it is sound for a search that tries every order
            // of the moves it defers, but a walk follows one line, and deferring a reserve card's
            // move home there hid wins (measured: `results/bench/decide-2026-12-04.md`).
            let look_pruning = Pruning { partial_order: false, ..pruning };
            let settings = WalkSettings { budget, per_move: plan.lookahead_per_move, hedge };
            let stop = StopSignals { started, cancelled: &|| stopper.is_set() };
            let l = lookahead(&mut self.look, game, look_pruning, settings, stop);
            spent.add(l.states, l.expanded, l.max_home);
            if let Some(moves) = l.win {
                return Some(spent.ended(Verdict::Won, moves, None, phase, started));
            }
            if l.timed_out {
                return stopped(spent, phase);
            }
        }
        None
    }
}

impl<G: PlayerView> Pipeline<G>
where
    G::State: Default,
{
    /// The win-finders and the final search (`search` positions) at once (see
    /// [`Pipeline::run`]): `parts` ([`Plan::win_finder_parts`]) on this thread and
    /// `parts.len() - 1` others (each part with solvers of its own, this thread's with the
    /// pipeline's), the final search on the rest. The first win ends the others and the search;
    /// the search's decision ends the win-finders; a part that ends without a win joins the
    /// search.
    fn run_at_once(
        &mut self,
        game: &G,
        pruning: Pruning,
        parts: &[Plan],
        run: RunSettings<'_>,
        before: Spent,
        search: u64,
    ) -> Decided<G::Move> {
        let RunSettings { started, threads, stopper } = run;
        let crew = Crew::new(self.shared.take(), threads);
        let decided_elsewhere = AtomicBool::new(false);
        let mine = Stopper { own: &decided_elsewhere, parent: Some(stopper) };
        let limits = self.limits;
        // The phases of `part`, within their shares, on `pipeline`; then the thread joins the
        // search unless they won.
        let phase = |pipeline: &mut Pipeline<G>, g: &G, part: Plan| {
            let mut spent = Spent::default();
            let alone = RunSettings { started, threads: 1, stopper: &mine };
            let d = pipeline.win_finders(
                g,
                pruning,
                part,
                part.win_finders_budget(),
                alone,
                &mut spent,
            );
            if d.as_ref().is_some_and(|d| d.result.verdict == Verdict::Won) {
                decided_elsewhere.store(true, Ordering::Relaxed);
                crew.cancel();
            } else {
                crew.join(g);
            }
            (d, spent)
        };
        let (ends, found) = std::thread::scope(|scope| {
            let (crew, flag, g) = (&crew, &decided_elsewhere, game.clone());
            let searcher = scope.spawn(move || {
                let r =
                    crate::parallel::solve_with_crew(&g, pruning, limits, search, started, crew);
                if r.verdict != Verdict::Unknown {
                    flag.store(true, Ordering::Relaxed);
                }
                crew.close();
                r
            });
            for _ in 1 + parts.len()..threads {
                let g = game.clone();
                scope.spawn(move || crew.join(&g));
            }
            let others: Vec<_> = parts[1..]
                .iter()
                .map(|&part| {
                    let (g, phase) = (game.clone(), &phase);
                    scope.spawn(move || phase(&mut Pipeline::new(limits, part), &g, part))
                })
                .collect();
            let mut ends = vec![phase(self, game, parts[0])];
            ends.extend(
                others.into_iter().map(|t| t.join().expect("a win-finder thread does not panic")),
            );
            (ends, searcher.join().expect("the search thread does not panic"))
        });
        self.shared = crew.into_table();
        let mut spent = before;
        for (_, s) in &ends {
            spent.add(s.states, s.expanded, s.max_home);
        }
        // The first win in the phases' order (each part's counts are in `spent`); else the
        // search's result, or, where it is unknown and a part was stopped (the time limit, or a
        // pipeline running this one decided), that part's stop.
        let mut ends: Vec<Decided<G::Move>> = ends.into_iter().filter_map(|(d, _)| d).collect();
        if let Some(i) = ends.iter().position(|d| d.result.verdict == Verdict::Won) {
            let d = ends.swap_remove(i);
            let mut r = spent.ended(
                Verdict::Won,
                d.result.moves,
                None,
                d.decided_by.expect("a win has its phase"),
                started,
            );
            r.result.states += found.states;
            r.result.expanded += found.expanded;
            r.result.max_home = r.result.max_home.max(d.result.max_home).max(found.max_home);
            return r;
        }
        let unknown = found.verdict == Verdict::Unknown;
        let mut r = spent.decided(found, Phase::Search);
        if let Some(stopped) = ends.first().filter(|_| unknown) {
            r.result.stop = stopped.result.stop;
        }
        r
    }
}

impl Plan {
    /// The win-finding phases of this plan (the stricter phase only where `has_stricter`: the
    /// game has stricter rules) as the parts that run at once on `threads` threads, each with
    /// its shares: one part per phase where the threads are two more than the phases (the final
    /// search and the others need theirs), else all the phases in one part, one after the other.
    /// None where the plan has no win-finder.
    fn win_finder_parts(&self, has_stricter: bool, threads: usize) -> Vec<Plan> {
        let none = Plan { probe: 0, stricter: 0, lookahead: 0, hedged: 0, ..*self };
        let stricter = if has_stricter { self.stricter } else { 0 };
        let apart: Vec<Plan> = [
            Plan { stricter, ..none },
            Plan { lookahead: self.lookahead, ..none },
            Plan { hedged: self.hedged, ..none },
        ]
        .into_iter()
        .filter(|p| p.win_finders_budget() > 0)
        .collect();
        if apart.len() > 1 && threads >= apart.len() + 2 {
            return apart;
        }
        let together = Plan { stricter, lookahead: self.lookahead, hedged: self.hedged, ..none };
        if together.win_finders_budget() > 0 { vec![together] } else { vec![] }
    }

    /// The positions of the win-finding phases' shares.
    fn win_finders_budget(&self) -> u64 {
        self.stricter + self.lookahead + self.hedged
    }
}

/// What the phases run so far have spent, and the most cards home they saw.
#[derive(Clone, Copy, Debug, Default)]
struct Spent {
    states: u64,
    expanded: u64,
    max_home: u32,
}

impl Spent {
    fn add(&mut self, states: u64, expanded: u64, max_home: u32) {
        self.states += states;
        self.expanded += expanded;
        self.max_home = self.max_home.max(max_home);
    }

    /// The deal's result when `r`, of `phase`, ends the pipeline: its counts and these.
    fn decided<M>(&self, mut r: SearchResult<M>, phase: Phase) -> Decided<M> {
        r.states += self.states;
        r.expanded += self.expanded;
        r.max_home = r.max_home.max(self.max_home);
        let decided_by = (r.verdict != Verdict::Unknown).then_some(phase);
        Decided { result: r, decided_by }
    }

    /// The deal's result when a phase that is not a search (its positions already counted
    /// here) ends the pipeline.
    fn ended<M>(
        &self,
        verdict: Verdict,
        moves: Vec<M>,
        stop: Option<Stop>,
        phase: Phase,
        started: Instant,
    ) -> Decided<M> {
        let r = SearchResult {
            verdict,
            moves,
            states: 0,
            expanded: 0,
            elapsed: started.elapsed(),
            stop,
            max_home: 0,
        };
        self.decided(r, phase)
    }
}

/// What every phase of a run shares besides its budget: the clock its time limit counts from,
/// the threads it runs on, and what stops it early.
#[derive(Clone, Copy)]
struct RunSettings<'a> {
    started: Instant,
    threads: usize,
    stopper: &'a Stopper<'a>,
}

/// Whether the pipeline should stop: a phase running at once (or, for the phases of the
/// stricter game, one running at once with the phase that runs them) decided the deal.
struct Stopper<'a> {
    own: &'a AtomicBool,
    parent: Option<&'a Stopper<'a>>,
}

static NEVER_SET: AtomicBool = AtomicBool::new(false);

impl Stopper<'_> {
    const NEVER: Stopper<'static> = Stopper { own: &NEVER_SET, parent: None };

    fn is_set(&self) -> bool {
        self.own.load(Ordering::Relaxed) || self.parent.is_some_and(|p| p.is_set())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use patience_games::variant::{VARIANTS, Variant};

    fn plan(variant: Variant) -> Plan {
        Plan::for_variant(variant.info(), 5_000_000)
    }

    #[test]
    fn variants_get_their_measured_splits() {
        let default = Plan::split(5_000_000);
        assert_eq!(
            (default.probe, default.lookahead, default.hedged),
            (500_000, 2_000_000, 1_000_000)
        );
        for v in [
            Variant::Alhambra,
            Variant::Granada,
            Variant::Reinforcements,
            Variant::QueenOfItaly,
            Variant::GeneralsPatience,
            Variant::Algerian,
            Variant::AlgerianParlett,
        ] {
            assert_eq!(plan(v), default, "{v:?}");
        }
        let carthage = plan(Variant::Carthage);
        let own = Shares { probe: 100, stricter: 0, lookahead: 400, hedged: 0 };
        assert_eq!(
            carthage,
            Plan { stricter: 4_500_000, stricter_split: own, lookahead: 0, hedged: 0, ..default }
        );
        assert_eq!(
            carthage.describe(),
            "probe 500000, stricter rules 4500000 (probe, lookahead, hedged lookahead 100, 400, 0 thousandths, search the rest), search the rest"
        );
        assert_eq!(
            plan(Variant::QueenOfItalyOpen),
            Plan { stricter: 1_500_000, lookahead: 3_000_000, hedged: 0, ..default }
        );
        assert_eq!(
            plan(Variant::Redheads),
            Plan { stricter: 1_000_000, lookahead: 1_000_000, hedged: 2_500_000, ..default }
        );
        let blondes = plan(Variant::BlondesAndBrunettes);
        assert_eq!(
            blondes,
            Plan {
                stricter: 1_000_000,
                lookahead: 1_000_000,
                hedged: 2_500_000,
                lookahead_per_move: 600,
                ..default
            }
        );
        assert_eq!(plan(Variant::FallingStar), blondes);
        assert!(blondes.describe().contains("lookahead 1000000 (walks of 600 per move, x4), hedged lookahead 2500000 (walks of 600 per move"), "{}", blondes.describe());
        let quilt =
            Plan { stricter: 2_000_000, lookahead: 1_500_000, hedged: 1_000_000, ..default };
        for v in [Variant::CrazyQuilt, Variant::IndianCarpet, Variant::PersianRug] {
            assert_eq!(plan(v), quilt, "{v:?}");
        }
    }

    /// Every split leaves the final search nothing (but what the phases do not use) or more than
    /// the probe (a search no larger would only repeat it).
    #[test]
    fn every_split_leaves_the_search_nothing_or_more_than_the_probe() {
        for v in &VARIANTS {
            for s in [v.tuning.shares, v.tuning.stricter_split] {
                let search = 1000 - s.probe - s.stricter - s.lookahead - s.hedged;
                assert!(search == 0 || search > s.probe, "{}: {s:?}", v.name);
            }
        }
    }
}
