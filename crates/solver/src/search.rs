//! Depth-first search over positions with a transposition table. It decides a deal: *won* with
//! the moves, *lost* when every reachable position was examined, or *unknown* when a limit
//! stopped it first.
//!
//! Why "lost" is a proof: every position is put in the table when first generated and expanded
//! once (unless the dead-position test rejects it, or it lies at the depth limit, after which
//! the search can no longer answer "lost"), so the search visits every position reachable from
//! the start (pruned only by the game's sound rules, see `Pruning`), cycles included: a position
//! met again, on the current path or not, has been or is being expanded, so nothing is missed by
//! skipping it. The table never forgets a position; when it is full the search stops with
//! *unknown*.
//!
//! The traversal itself is `traverse.rs`, shared with the search on several threads
//! (`parallel.rs`, which carries the same argument over to threads sharing one table).

use crate::outcome::Outcome;
// (Also at their old paths, `search::Verdict` and the others.)
pub use crate::outcome::{SearchResult, Stop, Verdict};
use crate::table::{Insert, PositionTable};
use crate::traverse::{End, PausePolicy, Tally, Walker};
use patience_games::game::{Game, MoveList, Pruning};
use std::time::{Duration, Instant};

/// Resource limits of one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Most distinct positions to store (`SearchResult::states`).
    pub max_states: u64,
    /// Wall-clock limit.
    pub max_time: Option<Duration>,
    /// Memory budget of the transposition table.
    pub table_bytes: usize,
    /// Deepest line followed (the search stack's memory is at most this times one frame — a
    /// position and its next child — and `MAX_MOVES` moves).
    pub max_depth: usize,
    /// Store whole positions in the table instead of 95-bit fingerprints (`table.rs`): no
    /// collision is possible, at about eight times the memory per position.
    pub exact_table: bool,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_states: 5_000_000,
            max_time: Some(Duration::from_secs(60)),
            table_bytes: 2 << 30,
            max_depth: 100_000,
            exact_table: false,
        }
    }
}

/// A reusable searcher: keeps its table and line between deals, so a study allocates once.
pub struct Solver<G: Game> {
    limits: Limits,
    table: PositionTable<G::State>,
    walker: Walker<G>,
    /// See `table_len`.
    peak_len: usize,
}

const TIME_CHECK_EVERY: u64 = 1 << 12;

impl<G: Game> Solver<G>
where
    G::State: Default,
{
    pub fn new(limits: Limits) -> Self {
        Solver {
            limits,
            table: PositionTable::new(limits.table_bytes, limits.exact_table),
            walker: Walker::new(limits.max_depth),
            peak_len: 0,
        }
    }

    /// Decides the deal of `game`. A game whose first move is an opening choice
    /// ([`Game::split_root`]) is searched choice by choice with growing budgets.
    pub fn solve(&mut self, game: &G, pruning: Pruning) -> SearchResult<G::Move> {
        self.solve_within(game, pruning, self.limits.max_states, Instant::now())
    }

    /// [`Solver::solve`] storing at most `max_states` positions (at most the limits' own), its
    /// time limit counted from `started` (a caller running several phases passes its own start,
    /// so that the limit is for all of them together).
    pub fn solve_within(
        &mut self,
        game: &G,
        pruning: Pruning,
        max_states: u64,
        started: Instant,
    ) -> SearchResult<G::Move> {
        self.peak_len = 0;
        let root = game.start();
        let max_states = max_states.min(self.limits.max_states);
        let finish = |o: Outcome<G::Move>| o.timed(started);
        if game.split_root() && !game.is_won(&root) {
            return finish(solve_choices(game, root, pruning, max_states, |child, budget| {
                self.search(game, child, pruning, budget, started)
            }));
        }
        finish(self.search(game, root, pruning, max_states, started))
    }

    /// Decides the position `root` of `game` (not its start), with one plain search.
    pub fn solve_from(
        &mut self,
        game: &G,
        root: G::State,
        pruning: Pruning,
    ) -> SearchResult<G::Move> {
        self.solve_from_within(game, root, pruning, self.limits.max_states, Instant::now())
    }

    /// [`Solver::solve_from`] with at most `max_states` positions and the time limit counted
    /// from `started`, as [`Solver::solve_within`].
    pub fn solve_from_within(
        &mut self,
        game: &G,
        root: G::State,
        pruning: Pruning,
        max_states: u64,
        started: Instant,
    ) -> SearchResult<G::Move> {
        self.peak_len = 0;
        let max_states = max_states.min(self.limits.max_states);
        self.search(game, root, pruning, max_states, started).timed(started)
    }

    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// Memory the transposition table holds now (it keeps its size between deals).
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// The most positions one search of the last solve stored (a deal with an opening choice
    /// is several searches, each with a fresh table): what the table's size was grown for.
    pub fn table_len(&self) -> usize {
        self.peak_len
    }

    /// One exhaustive search from `root` with a fresh table, storing at most `max_states`.
    fn search(
        &mut self,
        game: &G,
        root: G::State,
        pruning: Pruning,
        max_states: u64,
        started: Instant,
    ) -> Outcome<G::Move> {
        let o = self.search_once(game, root, pruning, max_states, started);
        self.peak_len = self.peak_len.max(self.table.len());
        o
    }

    fn search_once(
        &mut self,
        game: &G,
        root: G::State,
        pruning: Pruning,
        max_states: u64,
        started: Instant,
    ) -> Outcome<G::Move> {
        self.table.clear();
        let mut tally = Tally { max_home: game.home_cards(&root), ..Tally::default() };
        let end = |verdict, moves, t: &Tally, stop| Outcome {
            verdict,
            moves,
            states: t.states,
            expanded: t.expanded,
            stop,
            max_home: t.max_home,
        };

        if game.is_won(&root) {
            return end(Verdict::Won, vec![], &tally, None);
        }
        if self.table.insert(game, &root, pruning.symmetry) == Insert::Full {
            return end(Verdict::Unknown, vec![], &tally, Some(Stop::Memory));
        }
        tally.states = 1;
        // The limit is checked on the start as on every other position stored: a budget of one
        // (an opening choice's last) stores the start and stops, no more.
        if tally.states >= max_states {
            return end(Verdict::Unknown, vec![], &tally, Some(Stop::States));
        }
        if pruning.dead_positions && game.is_dead_at_start(&root) {
            return end(Verdict::Lost, vec![], &tally, None);
        }
        tally.expanded = 1;
        self.walker.max_depth = self.limits.max_depth;
        self.walker.start(game, root, &self.table, pruning);
        let mut bounds = Bounds { max_states, max_time: self.limits.max_time, started };
        tally.pause_at = bounds.next_pause(tally.states);
        match self.walker.traverse(game, pruning, &mut self.table, &mut bounds, &mut tally) {
            End::Won(moves) => end(Verdict::Won, moves, &tally, None),
            End::Stopped(stop) => end(Verdict::Unknown, vec![], &tally, Some(stop)),
            End::Exhausted if tally.cut => end(Verdict::Unknown, vec![], &tally, Some(Stop::Depth)),
            End::Exhausted => end(Verdict::Lost, vec![], &tally, None),
        }
    }
}

/// The one-thread search's limits, checked when the traversal pauses: at the state limit, and
/// every `TIME_CHECK_EVERY` positions for the time limit.
struct Bounds {
    max_states: u64,
    max_time: Option<Duration>,
    started: Instant,
}

impl Bounds {
    fn next_pause(&self, states: u64) -> u64 {
        match self.max_time {
            Some(_) => ((states / TIME_CHECK_EVERY + 1) * TIME_CHECK_EVERY).min(self.max_states),
            None => self.max_states,
        }
    }
}

impl<G: Game> PausePolicy<G> for Bounds {
    fn pause(&mut self, _: &mut Walker<G>, tally: &mut Tally) -> Option<Stop> {
        if tally.states >= self.max_states {
            return Some(Stop::States);
        }
        if tally.states.is_multiple_of(TIME_CHECK_EVERY)
            && self.max_time.is_some_and(|t| self.started.elapsed() >= t)
        {
            return Some(Stop::Time);
        }
        tally.pause_at = self.next_pause(tally.states);
        None
    }
}

/// Interleaves the opening choices: each round searches every undecided choice afresh with
/// a budget eight times the last, so one hard choice cannot starve an easy win behind it.
/// A choice is lost only when its own search was exhaustive; the deal is lost only when every
/// choice is. Each attempt starts with an empty table: an aborted search proves nothing, so
/// its positions must not be taken as explored.
pub(crate) fn solve_choices<G: Game>(
    game: &G,
    root: G::State,
    pruning: Pruning,
    max_states: u64,
    mut search: impl FnMut(G::State, u64) -> Outcome<G::Move>,
) -> Outcome<G::Move> {
    let mut choices = MoveList::new();
    game.moves(&root, pruning, &mut choices);
    let mut open: Vec<G::Move> = choices.to_vec();
    let (mut states, mut expanded) = (0u64, 0u64);
    let mut budget = FIRST_CHOICE_BUDGET;
    let mut stop = None;
    let mut max_home = game.home_cards(&root);
    while !open.is_empty() {
        let mut still_open = Vec::new();
        for &choice in &open {
            let left = max_states.saturating_sub(states);
            if left == 0 {
                still_open.push(choice);
                stop = Some(Stop::States);
                continue;
            }
            let mut child = root;
            game.play(&mut child, choice);
            if game.is_won(&child) {
                return Outcome {
                    verdict: Verdict::Won,
                    moves: vec![choice],
                    states,
                    expanded,
                    stop: None,
                    max_home: game.home_cards(&child),
                };
            }
            let o = search(child, budget.min(left));
            states += o.states;
            expanded += o.expanded;
            max_home = max_home.max(o.max_home);
            match o.verdict {
                Verdict::Won => {
                    let moves = std::iter::once(choice).chain(o.moves).collect();
                    return Outcome {
                        verdict: Verdict::Won,
                        moves,
                        states,
                        expanded,
                        stop: None,
                        max_home: o.max_home,
                    };
                }
                Verdict::Lost => {}
                Verdict::Unknown => {
                    // Hitting this round's budget is not final; any other stop is.
                    let final_stop = o.stop != Some(Stop::States) || budget >= left;
                    if final_stop {
                        stop = o.stop;
                    }
                    still_open.push(choice);
                    if matches!(o.stop, Some(Stop::Time | Stop::Cancelled)) {
                        return Outcome {
                            verdict: Verdict::Unknown,
                            moves: vec![],
                            states,
                            expanded,
                            stop,
                            max_home,
                        };
                    }
                }
            }
        }
        open = still_open;
        if states >= max_states || (stop.is_some() && stop != Some(Stop::States)) {
            break;
        }
        budget = budget.saturating_mul(8);
    }
    if open.is_empty() {
        Outcome { verdict: Verdict::Lost, moves: vec![], states, expanded, stop: None, max_home }
    } else {
        Outcome {
            verdict: Verdict::Unknown,
            moves: vec![],
            states,
            expanded,
            stop: stop.or(Some(Stop::States)),
            max_home,
        }
    }
}

/// The first round's budget per opening choice (then ×8 a round).
pub(crate) const FIRST_CHOICE_BUDGET: u64 = 20_000;

/// One search with fresh tables.
pub fn solve<G: Game>(game: &G, limits: Limits, pruning: Pruning) -> SearchResult<G::Move>
where
    G::State: Default,
{
    Solver::new(limits).solve(game, pruning)
}
