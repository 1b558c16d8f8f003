//! Depth-first search over positions with a transposition table. It decides a deal: *won* with
//! the moves, *lost* when every reachable position was examined, or *unknown* when a limit
//! stopped it first.
//!
//! Why "lost" is a proof: every position is put in the table when first generated and expanded
//! exactly once, so the search visits every position reachable from the start (pruned only by
//! the game's sound rules, see `Pruning`), cycles included: a position met again, on the current
//! path or not, has been or is being expanded, so nothing is missed by skipping it. The table
//! never forgets a position; when it is full the search stops with *unknown*.

use crate::table::{Insert, Table};
use patience_games::game::{Game, MoveList, Pruning};
use std::time::{Duration, Instant};

/// Resource limits of one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Most distinct positions to expand.
    pub max_states: u64,
    /// Wall-clock limit.
    pub max_time: Option<Duration>,
    /// Memory budget of the transposition table.
    pub table_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { max_states: 5_000_000, max_time: Some(Duration::from_secs(60)), table_bytes: 2 << 30 }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Won,
    Lost,
    Unknown,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Won => "won",
            Verdict::Lost => "lost",
            Verdict::Unknown => "unknown",
        }
    }
}

/// Which limit made a search give up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    States,
    Time,
    Memory,
}

impl Stop {
    pub fn as_str(self) -> &'static str {
        match self {
            Stop::States => "state limit",
            Stop::Time => "time limit",
            Stop::Memory => "table memory limit",
        }
    }
}

#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    pub verdict: Verdict,
    /// The winning line from the start position (empty unless won).
    pub moves: Vec<M>,
    /// Distinct positions expanded.
    pub states: u64,
    pub elapsed: Duration,
    /// Set when the verdict is unknown.
    pub stop: Option<Stop>,
}

struct Frame<G: Game> {
    state: G::State,
    moves: MoveList<G::Move>,
    next: usize,
}

/// A reusable searcher: keeps its table and stack between deals, so a study allocates once.
pub struct Solver<G: Game> {
    limits: Limits,
    table: Table<G::State>,
    stack: Vec<Frame<G>>,
}

const TIME_CHECK_EVERY: u64 = 1 << 12;

impl<G: Game> Solver<G>
where
    G::State: Default,
{
    pub fn new(limits: Limits) -> Self {
        Solver { limits, table: Table::new(limits.table_bytes), stack: Vec::with_capacity(512) }
    }

    pub fn solve(&mut self, game: &G, pruning: Pruning) -> SearchResult<G::Move> {
        let started = Instant::now();
        self.table.clear();
        self.stack.clear();
        let mut states = 0u64;
        let finish = |verdict, moves, states, stop| SearchResult { verdict, moves, states, elapsed: started.elapsed(), stop };

        let root = game.start();
        if game.is_won(&root) {
            return finish(Verdict::Won, vec![], 0, None);
        }
        if self.table.insert(&root, game.hash(&root)) == Insert::Full {
            return finish(Verdict::Unknown, vec![], 0, Some(Stop::Memory));
        }
        states += 1;
        if pruning.dead_positions && game.is_dead(&root) {
            return finish(Verdict::Lost, vec![], states, None);
        }
        self.push(game, root, pruning);

        while let Some(top) = self.stack.last_mut() {
            let Some(&m) = top.moves.get(top.next) else {
                self.stack.pop();
                continue;
            };
            top.next += 1;
            let mut child = top.state;
            game.play(&mut child, m);
            if game.is_won(&child) {
                let moves = self.stack.iter().map(|f| f.moves[f.next - 1]).collect();
                return finish(Verdict::Won, moves, states, None);
            }
            match self.table.insert(&child, game.hash(&child)) {
                Insert::Seen => continue,
                Insert::Full => return finish(Verdict::Unknown, vec![], states, Some(Stop::Memory)),
                Insert::New => {}
            }
            states += 1;
            if states >= self.limits.max_states {
                return finish(Verdict::Unknown, vec![], states, Some(Stop::States));
            }
            if states.is_multiple_of(TIME_CHECK_EVERY) && self.limits.max_time.is_some_and(|t| started.elapsed() >= t) {
                return finish(Verdict::Unknown, vec![], states, Some(Stop::Time));
            }
            if pruning.dead_positions && game.is_dead(&child) {
                continue;
            }
            self.push(game, child, pruning);
        }
        finish(Verdict::Lost, vec![], states, None)
    }

    fn push(&mut self, game: &G, state: G::State, pruning: Pruning) {
        let mut moves = MoveList::new();
        game.moves(&state, pruning, &mut moves);
        self.stack.push(Frame { state, moves, next: 0 });
    }
}

/// One search with fresh tables.
pub fn solve<G: Game>(game: &G, limits: Limits, pruning: Pruning) -> SearchResult<G::Move>
where
    G::State: Default,
{
    Solver::new(limits).solve(game, pruning)
}
