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

use crate::lookahead::{Hedge, lookahead};
use crate::parallel::Crew;
use crate::{Limits, SearchResult, Solver, Stop, Verdict};
use patience_games::game::{Game, PlayerView, Pruning};
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

/// A split's shares of the budget, in thousandths; the search takes what is left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shares {
    pub probe: u64,
    pub stricter: u64,
    pub lookahead: u64,
    pub hedged: u64,
}

/// The default split (measured: `results/bench/decide-2026-12-04.md`): the probe a tenth, the
/// lookahead four tenths, the hedged lookahead two, the search three (enough for the deep losses
/// and wins measured).
pub const DEFAULT_SHARES: Shares = Shares { probe: 100, stricter: 0, lookahead: 400, hedged: 200 };

/// The variants whose deals were measured to want another split (seeds 0..199, 5,000,000
/// positions, won deals against the default split's; research log, step 5). On seeds 200..999,
/// which chose nothing, each split also wins more than the default (the log's final run).
pub const VARIANT_SHARES: &[(&str, Shares)] = &[
    // 123 against 115: its deep wins need the search's larger share; the hedge won 2.
    // Then the stricter phase (no foundation-to-depot move) with carthage's own split inside,
    // and the final search only what the phases leave (a share no larger than the probe's would
    // only repeat it): seeds 0..199 won 136 against 123 (stricter 3,500,000 and a final search
    // of 1,000,000: 132; the default split inside, 3,500,000 or 4,400,000: 128, 132; research
    // log `losses-queen.md`, step 2).
    // (The stricter game has been the home-first streamliner without that move since
    // session 24: seeds 0..199 won 158 against 136, `decide-2026-12-05.md`.)
    ("carthage", Shares { probe: 100, stricter: 900, lookahead: 0, hedged: 0 }),
    // 156 (lookahead 3,000,000) and 158 (4,000,000) against 151: the hedge wins none of its
    // deals, and the lookahead wins more the more it has (a final search no larger than the
    // probe would only repeat it). Then the stricter phase (queen-of-italy's forced fills):
    // on seeds 0..999, 954 won (1,500,000 to it, 3,000,000 to the lookahead, the final search
    // what they leave), 951 (1,500,000 and 2,500,000) and 949 (1,500,000 and 2,000,000) against
    // 892 without it (research log `losses-queen.md`, step 2).
    ("queen-of-italy-open", Shares { probe: 100, stricter: 300, lookahead: 600, hedged: 0 }),
    // 162, 150 and 139 against 160, 146 and 133: more hedged walks, more of them win. Then
    // the stricter phase (the home-first streamliner, `Queen::stricter`) with two tenths and
    // the hedged walks with five, the final search only what is left: seeds 0..999 won 855 and
    // 809 against 849 and 800, redheads 0..199 142 against 139 (research log `losses-queen.md`,
    // step 3; no change on queen-of-italy or generals-patience 0..199, which keep theirs).
    ("blondes-and-brunettes", Shares { probe: 100, stricter: 200, lookahead: 200, hedged: 500 }),
    ("falling-star", Shares { probe: 100, stricter: 200, lookahead: 200, hedged: 500 }),
    ("redheads", Shares { probe: 100, stricter: 200, lookahead: 200, hedged: 500 }),
    // The streamliner (`Quilt::stricter`: home first, no build onto the waste that frees no
    // quilt card) with two fifths, taken from the final search (which decided none of these
    // seeds) and the lookahead: seeds 0..199 won 144 against 122; with three tenths (the
    // lookahead four) 143, with three fifths (the lookahead two, the hedge one) 142; the home-first
    // rule alone, three tenths, 134 (`decide-2026-12-05.md`).
    ("crazy-quilt", QUILT_SHARES),
    // The same split for the family's other two (measured on seeds 0..999, where both had
    // 6 unknown deals left): indian-carpet won 996 against 994, losing none; persian-rug 995
    // against 993, one deal of the 993 left unknown (`decide-2026-12-05.md`).
    ("indian-carpet", QUILT_SHARES),
    ("persian-rug", QUILT_SHARES),
];

/// The Crazy Quilt family's split (chosen on crazy-quilt, [`VARIANT_SHARES`] says how).
const QUILT_SHARES: Shares = Shares { probe: 100, stricter: 400, lookahead: 300, hedged: 200 };

/// The split of the stricter phase's budget on the stricter game where it is not the default:
/// carthage's own (its deep wins need the search, research log `decide-2026-12-04.md`).
pub const STRICTER_SPLITS: &[(&str, Shares)] =
    &[("carthage", Shares { probe: 100, stricter: 0, lookahead: 400, hedged: 0 })];

/// The lookahead's positions per child in its first walk.
const LOOKAHEAD_PER_MOVE: u64 = 250;

/// The variants whose lookahead and hedged lookahead were measured to want longer walks than
/// [`LOOKAHEAD_PER_MOVE`] (their stricter phase keeps the default). Measured with seeds 0..199
/// at 5,000,000 positions; the won deals are compared with the published study's. Walks of 400,
/// 600 and 1,000 positions a move won 174, 176 and 173 blondes-and-brunettes deals against 172,
/// and 162, 167 and 162 falling-star deals against 164. On seeds 200..999, which chose nothing,
/// walks of 600 won 690 against 683 and 653 against 645. Not kept for queen-of-italy: on seeds
/// 0..999, 400 won 955 and 600 won 949, against 953. Not kept for redheads: on seeds 0..199,
/// 600 won 138 against 142. Research log `decide-2026-12-05.md`, session 25.
pub const VARIANT_WALKS: &[(&str, u64)] = &[("blondes-and-brunettes", 600), ("falling-star", 600)];

/// `variant`'s entry in one of the per-variant tables above, if it has one.
fn variant_entry<T: Copy>(table: &[(&str, T)], variant: &str) -> Option<T> {
    table.iter().find(|(v, _)| *v == variant).map(|&(_, t)| t)
}

/// The hedged lookahead's samples per candidate and cards of the stock kept in their true order.
pub const HEDGE: Hedge = Hedge { samples: 3, keep: 10 };

impl Plan {
    /// The default split of `max_states` positions ([`DEFAULT_SHARES`]).
    pub fn split(max_states: u64) -> Plan {
        Plan::with_shares(DEFAULT_SHARES, max_states)
    }

    /// The split for `variant` (its name in `patience games`): its own shares where
    /// [`VARIANT_SHARES`] has them, else the default.
    pub fn for_variant(variant: &str, max_states: u64) -> Plan {
        let shares = variant_entry(VARIANT_SHARES, variant).unwrap_or(DEFAULT_SHARES);
        let stricter_split = variant_entry(STRICTER_SPLITS, variant).unwrap_or(DEFAULT_SHARES);
        let lookahead_per_move =
            variant_entry(VARIANT_WALKS, variant).unwrap_or(LOOKAHEAD_PER_MOVE);
        Plan { stricter_split, lookahead_per_move, ..Plan::with_shares(shares, max_states) }
    }

    fn with_shares(shares: Shares, max_states: u64) -> Plan {
        Plan {
            probe: max_states / 1000 * shares.probe,
            stricter: max_states / 1000 * shares.stricter,
            stricter_split: DEFAULT_SHARES,
            lookahead: max_states / 1000 * shares.lookahead,
            lookahead_per_move: LOOKAHEAD_PER_MOVE,
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

/// Table memory of the lookahead's searches: ample for `LOOKAHEAD_PER_MOVE` positions.
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
        let (plan, max, threads) = (self.plan, self.limits.max_states, self.threads);
        self.run(game, pruning, plan, max, Instant::now(), threads, &Stopper::NEVER)
    }

    /// The phases of `plan` on `game` within `max` positions, on `threads` threads.
    ///
    /// On one thread, one phase after the other. On more, the probe and every exhaustive
    /// search run on all of them (`parallel.rs`); and after the probe, where the plan has both
    /// win-finding phases and a final search, they run at once: the win-finders one after the
    /// other on this thread, the final search on the others, with the budget the win-finders
    /// leave it (their shares reserved whole); with threads enough (two more than win-finding
    /// phases), each win-finder on a thread of its own ([`Pipeline::run_at_once`]). The first to
    /// decide the deal ends the others; a win-finder that ends without a win joins the search
    /// with its thread.
    #[allow(clippy::too_many_arguments)]
    fn run(
        &mut self,
        game: &G,
        pruning: Pruning,
        plan: Plan,
        max: u64,
        started: Instant,
        threads: usize,
        stopper: &Stopper,
    ) -> Decided<G::Move> {
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
            return self.run_at_once(
                game,
                pruning,
                &parts,
                started,
                threads,
                stopper,
                spent,
                left - reserved,
            );
        }
        let chain =
            self.win_finders(game, pruning, plan, max, started, threads, stopper, &mut spent);
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
    /// (won) or a limit or `stopper` ends the pipeline.
    #[allow(clippy::too_many_arguments)]
    fn win_finders(
        &mut self,
        game: &G,
        pruning: Pruning,
        plan: Plan,
        max: u64,
        started: Instant,
        threads: usize,
        stopper: &Stopper,
        spent: &mut Spent,
    ) -> Option<Decided<G::Move>> {
        let stopped = |spent: &Spent, phase| {
            let stop = if stopper.is_set() { Stop::Cancelled } else { Stop::Time };
            Some(spent.ended(Verdict::Unknown, vec![], Some(stop), phase, started))
        };
        if plan.stricter > 0
            && let Some(strict) = game.stricter()
        {
            let budget = plan.stricter.min(max - spent.states);
            let sub = Plan { stricter: 0, ..Plan::with_shares(plan.stricter_split, budget) };
            let d = self.run(&strict, pruning, sub, budget, started, threads, stopper);
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
            let l = lookahead(
                &mut self.look,
                game,
                look_pruning,
                budget,
                plan.lookahead_per_move,
                hedge,
                started,
                &|| stopper.is_set(),
            );
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
    #[allow(clippy::too_many_arguments)]
    fn run_at_once(
        &mut self,
        game: &G,
        pruning: Pruning,
        parts: &[Plan],
        started: Instant,
        threads: usize,
        stopper: &Stopper,
        before: Spent,
        search: u64,
    ) -> Decided<G::Move> {
        let crew = Crew::new(self.shared.take(), threads);
        let decided_elsewhere = AtomicBool::new(false);
        let mine = Stopper { own: &decided_elsewhere, parent: Some(stopper) };
        let limits = self.limits;
        // The phases of `part`, within their shares, on `pipeline`; then the thread joins the
        // search unless they won.
        let phase = |pipeline: &mut Pipeline<G>, g: &G, part: Plan| {
            let mut spent = Spent::default();
            let d = pipeline.win_finders(
                g,
                pruning,
                part,
                part.win_finders_budget(),
                started,
                1,
                &mine,
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

    #[test]
    fn variants_get_their_measured_splits() {
        let default = Plan::split(5_000_000);
        assert_eq!(
            (default.probe, default.lookahead, default.hedged),
            (500_000, 2_000_000, 1_000_000)
        );
        assert_eq!(Plan::for_variant("queen-of-italy", 5_000_000), default);
        let carthage = Plan::for_variant("carthage", 5_000_000);
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
            Plan::for_variant("queen-of-italy-open", 5_000_000),
            Plan { stricter: 1_500_000, lookahead: 3_000_000, hedged: 0, ..default }
        );
        assert_eq!(
            Plan::for_variant("redheads", 5_000_000),
            Plan { stricter: 1_000_000, lookahead: 1_000_000, hedged: 2_500_000, ..default }
        );
        let blondes = Plan::for_variant("blondes-and-brunettes", 5_000_000);
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
        assert_eq!(Plan::for_variant("falling-star", 5_000_000), blondes);
        assert!(blondes.describe().contains("lookahead 1000000 (walks of 600 per move, x4), hedged lookahead 2500000 (walks of 600 per move"), "{}", blondes.describe());
        // Every variant named is one the rule book has (a misspelt name would silently get the
        // default), and every split leaves the final search nothing (but what the phases do
        // not use) or more than the probe (a search no larger would only repeat it).
        let in_rule_book =
            |v: &str| patience_games::variant::find_variant(v).is_ok_and(|i| i.name == v);
        for (v, _) in VARIANT_WALKS {
            assert!(in_rule_book(v), "{v}");
        }
        for (v, s) in
            VARIANT_SHARES.iter().chain(STRICTER_SPLITS).chain([&("default", DEFAULT_SHARES)])
        {
            assert!(*v == "default" || in_rule_book(v), "{v}");
            let search = 1000 - s.probe - s.stricter - s.lookahead - s.hedged;
            assert!(search == 0 || search > s.probe, "{v}");
        }
    }
}
