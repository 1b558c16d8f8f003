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

use crate::table::{Insert, PositionTable, Prepared};
use patience_games::game::{Game, MAX_MOVES, MoveList, MoveWindow, Pruning};
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
        Limits { max_states: 5_000_000, max_time: Some(Duration::from_secs(60)), table_bytes: 2 << 30, max_depth: 100_000, exact_table: false }
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
    Depth,
}

impl Stop {
    pub fn as_str(self) -> &'static str {
        match self {
            Stop::States => "state limit",
            Stop::Time => "time limit",
            Stop::Memory => "table memory limit",
            Stop::Depth => "depth limit",
        }
    }
}

#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    pub verdict: Verdict,
    /// The winning line from the start position (empty unless won).
    pub moves: Vec<M>,
    /// Distinct positions reached and stored in the table, the start included (0 when the start
    /// is won): what the state limit counts, and the "unique states" of the bench. A deal with
    /// an opening choice ([`Game::split_root`]) sums its searches, each of one choice with a fresh
    /// table (the start itself is not stored there). Each position is played, looked up and
    /// stored; all are expanded but those the dead-position test rejects, those at the depth
    /// limit, and the one on which a state or time limit stops a search.
    pub states: u64,
    /// Of those, the positions whose moves were generated.
    pub expanded: u64,
    pub elapsed: Duration,
    /// Set when the verdict is unknown.
    pub stop: Option<Stop>,
    /// Most cards on the foundations in any position examined (all of them when won).
    pub max_home: u32,
}

/// One position on the current line: its moves are `arena[first..end]`, the next to try at
/// `next`; when there is one, `pending` is that next child, prepared for the table (see the
/// search loop and `Solver::prepare_into`). Move lists live in one shared arena, so the stack
/// costs what the line's positions really have, not `MAX_MOVES` per level.
///
/// Frames are written in place and kept for reuse (`Solver::depth` says how many are the line):
/// a child is played straight into the frame above the top one, which is where it lives if the
/// search goes on from it, so a position is never built in one place and copied into the stack
/// (a frame is ~300 bytes: each such copy was a call to `memcpy`).
#[derive(Clone, Copy)]
struct Frame<S> {
    state: S,
    first: u32,
    end: u32,
    next: u32,
    pending: Kid<S>,
}

impl<S: Copy + Default> Frame<S> {
    fn unused() -> Self {
        Frame { state: S::default(), first: 0, end: 0, next: 0, pending: Kid { state: S::default(), prepared: Prepared::default() } }
    }
}

/// A child position prepared for the table ahead of its turn: its table key, and the position
/// itself unless `prepared.unplayed()`. A family that computes a child's key without playing it
/// ([`Game::child_fingerprint`]) leaves the child unplayed (`state` then means nothing): the
/// move is played only if the table finds the child new.
#[derive(Clone, Copy)]
struct Kid<S> {
    state: S,
    prepared: Prepared,
}

/// A reusable searcher: keeps its table and stack between deals, so a study allocates once.
pub struct Solver<G: Game> {
    limits: Limits,
    table: PositionTable<G::State>,
    /// The line is `stack[..depth]`; the frames past it are kept for reuse, and there is always
    /// one past it (where the top frame's child is played).
    stack: Vec<Frame<G::State>>,
    depth: usize,
    /// The moves of the line's positions: `arena[..arena_top]`, each frame's at
    /// `first..end`. Kept at least `MAX_MOVES` slots past the top, the room a position's
    /// moves are generated in ([`Game::moves_into`]); the slots past the top are stale.
    arena: Vec<G::Move>,
    arena_top: usize,
    /// Where a family without its own [`Game::moves_into`] generates, before the arena.
    scratch: MoveList<G::Move>,
    /// See `table_len`.
    peak_len: usize,
}

const TIME_CHECK_EVERY: u64 = 1 << 12;

impl<G: Game> Solver<G>
where
    G::State: Default,
{
    pub fn new(limits: Limits) -> Self {
        Solver { limits, table: PositionTable::new(limits.table_bytes, limits.exact_table), stack: vec![Frame::unused(); 2], depth: 0, arena: Vec::new(), arena_top: 0, scratch: MoveList::new(), peak_len: 0 }
    }

    /// Decides the deal of `game`. A game whose first move is an opening choice
    /// ([`Game::split_root`]) is searched choice by choice with growing budgets.
    pub fn solve(&mut self, game: &G, pruning: Pruning) -> SearchResult<G::Move> {
        self.solve_within(game, pruning, self.limits.max_states, Instant::now())
    }

    /// [`Solver::solve`] storing at most `max_states` positions (at most the limits' own), its
    /// time limit counted from `started` (a caller running several phases passes its own start,
    /// so that the limit is for all of them together).
    pub fn solve_within(&mut self, game: &G, pruning: Pruning, max_states: u64, started: Instant) -> SearchResult<G::Move> {
        self.peak_len = 0;
        let root = game.start();
        let max_states = max_states.min(self.limits.max_states);
        let finish = |o: Outcome<G::Move>| o.timed(started);
        if game.split_root() && !game.is_won(&root) {
            return finish(self.solve_choices(game, root, pruning, max_states, started));
        }
        finish(self.search(game, root, pruning, max_states, started))
    }

    /// Decides the position `root` of `game` (not its start), with one plain search.
    pub fn solve_from(&mut self, game: &G, root: G::State, pruning: Pruning) -> SearchResult<G::Move> {
        self.solve_from_within(game, root, pruning, self.limits.max_states, Instant::now())
    }

    /// [`Solver::solve_from`] with at most `max_states` positions and the time limit counted
    /// from `started`, as [`Solver::solve_within`].
    pub fn solve_from_within(&mut self, game: &G, root: G::State, pruning: Pruning, max_states: u64, started: Instant) -> SearchResult<G::Move> {
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

    /// Interleaves the opening choices: each round searches every undecided choice afresh with
    /// a budget eight times the last, so one hard choice cannot starve an easy win behind it.
    /// A choice is lost only when its own search was exhaustive; the deal is lost only when every
    /// choice is. Each attempt starts with an empty table: an aborted search proves nothing, so
    /// its positions must not be taken as explored.
    fn solve_choices(&mut self, game: &G, root: G::State, pruning: Pruning, max_states: u64, started: Instant) -> Outcome<G::Move> {
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
                    return Outcome { verdict: Verdict::Won, moves: vec![choice], states, expanded, stop: None, max_home: game.home_cards(&child) };
                }
                let o = self.search(game, child, pruning, budget.min(left), started);
                states += o.states;
                expanded += o.expanded;
                max_home = max_home.max(o.max_home);
                match o.verdict {
                    Verdict::Won => {
                        let moves = std::iter::once(choice).chain(o.moves).collect();
                        return Outcome { verdict: Verdict::Won, moves, states, expanded, stop: None, max_home: o.max_home };
                    }
                    Verdict::Lost => {}
                    Verdict::Unknown => {
                        // Hitting this round's budget is not final; any other stop is.
                        let final_stop = o.stop != Some(Stop::States) || budget >= left;
                        if final_stop {
                            stop = o.stop;
                        }
                        still_open.push(choice);
                        if o.stop == Some(Stop::Time) {
                            return Outcome { verdict: Verdict::Unknown, moves: vec![], states, expanded, stop, max_home };
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
            Outcome { verdict: Verdict::Unknown, moves: vec![], states, expanded, stop: stop.or(Some(Stop::States)), max_home }
        }
    }

    /// One exhaustive search from `root` with a fresh table, storing at most `max_states`.
    fn search(&mut self, game: &G, root: G::State, pruning: Pruning, max_states: u64, started: Instant) -> Outcome<G::Move> {
        let o = self.search_once(game, root, pruning, max_states, started);
        self.peak_len = self.peak_len.max(self.table.len());
        o
    }

    fn search_once(&mut self, game: &G, root: G::State, pruning: Pruning, max_states: u64, started: Instant) -> Outcome<G::Move> {
        self.table.clear();
        self.depth = 0;
        self.arena_top = 0;
        let mut states = 0u64;
        let mut cut = false;
        let mut max_home = game.home_cards(&root);
        // (`expanded`: the positions passed to `expand`.)
        let mut expanded = 0u64;
        let end = |verdict, moves, states, expanded, stop, max_home| Outcome { verdict, moves, states, expanded, stop, max_home };

        if game.is_won(&root) {
            return end(Verdict::Won, vec![], 0, 0, None, max_home);
        }
        if self.table.insert(game, &root, pruning.symmetry) == Insert::Full {
            return end(Verdict::Unknown, vec![], 0, 0, Some(Stop::Memory), max_home);
        }
        states += 1;
        // The limit is checked on the start as on every other position stored: a budget of one
        // (an opening choice's last) stores the start and stops, no more.
        if states >= max_states {
            return end(Verdict::Unknown, vec![], states, expanded, Some(Stop::States), max_home);
        }
        if pruning.dead_positions && game.is_dead_at_start(&root) {
            return end(Verdict::Lost, vec![], states, expanded, None, max_home);
        }
        self.stack[0].state = root;
        expanded += 1;
        self.expand(game, pruning);

        while self.depth > 0 {
            let (line, above) = self.stack.split_at_mut(self.depth);
            let top = line.last_mut().expect("depth > 0");
            // Where this child is played, and where it stays if the search goes on from it.
            let slot = &mut above[0].state;
            if top.next == top.end {
                self.arena_top = top.first as usize;
                self.depth -= 1;
                continue;
            }
            let prepared = top.pending.prepared;
            let unplayed = G::CHILD_FINGERPRINTS && prepared.unplayed();
            // A played child is taken out of the frame before its sibling takes its place; an
            // unplayed one has no position to take (and most are never played).
            if !unplayed {
                game.copy_position(slot, &top.pending.state);
            }
            let this = top.next as usize;
            top.next += 1;
            // The sibling after this child is played and its slot requested now, so that this
            // child's probe (requested when it was prepared) and the sibling's overlap with
            // useful work instead of stalling one after the other. The order in which children
            // are examined is unchanged: the search, and every verdict and count, are the same
            // as playing each child when its turn comes. The cost: at most one sibling per
            // position on the line played in vain when the search stops.
            if top.next < top.end {
                let m = self.arena[top.next as usize];
                Self::prepare_into(&self.table, game, &top.state, m, pruning, &mut top.pending);
            }
            // A won child ends the search, so none is ever stored: a child the table has seen
            // is not won. An unplayed child is therefore looked up first and played only when
            // new; the outcome is the same as testing "won" before the lookup (a won child
            // returns before a full table is reported, either way).
            let inserted = if unplayed {
                let inserted = self.table.insert_fingerprint(prepared);
                if inserted == Insert::Seen {
                    continue;
                }
                game.copy_position(slot, &top.state);
                game.play_fingerprinted(slot, self.arena[this], prepared.fingerprint());
                Some(inserted)
            } else {
                None
            };
            let child = &*slot;
            if game.is_won(child) {
                let moves = line.iter().map(|f| self.arena[f.next as usize - 1]).collect();
                return end(Verdict::Won, moves, states, expanded, None, game.home_cards(child));
            }
            match inserted.unwrap_or_else(|| self.table.insert_prepared(game, child, pruning.symmetry, prepared)) {
                Insert::Seen => continue,
                Insert::Full => return end(Verdict::Unknown, vec![], states, expanded, Some(Stop::Memory), max_home),
                Insert::New => {}
            }
            states += 1;
            max_home = max_home.max(game.home_cards(child));
            if states >= max_states {
                return end(Verdict::Unknown, vec![], states, expanded, Some(Stop::States), max_home);
            }
            if states.is_multiple_of(TIME_CHECK_EVERY) && self.limits.max_time.is_some_and(|t| started.elapsed() >= t) {
                return end(Verdict::Unknown, vec![], states, expanded, Some(Stop::Time), max_home);
            }
            if pruning.dead_positions && game.is_dead(child) {
                continue;
            }
            // A bounded stack: a line deeper than the limit is not followed. The search goes on
            // looking for a win elsewhere, but can no longer prove a loss.
            if self.depth >= self.limits.max_depth {
                cut = true;
                continue;
            }
            expanded += 1;
            self.expand(game, pruning);
        }
        if cut {
            return end(Verdict::Unknown, vec![], states, expanded, Some(Stop::Depth), max_home);
        }
        end(Verdict::Lost, vec![], states, expanded, None, max_home)
    }

    /// Puts the position in the frame past the line (`stack[depth]`) on the line, with its moves
    /// and its first child prepared, and makes sure a frame lies past the new top.
    fn expand(&mut self, game: &G, pruning: Pruning) {
        if self.stack.len() == self.depth + 1 {
            self.stack.push(Frame::unused());
        }
        let frame = &mut self.stack[self.depth];
        let first = self.arena_top;
        if self.arena.len() < first + MAX_MOVES {
            // Doubling, as a `Vec` grows: rare, and then the line is deeper than ever before.
            self.arena.resize((2 * self.arena.len()).max(first + MAX_MOVES), G::Move::default());
        }
        let window: &mut MoveWindow<G::Move> = (&mut self.arena[first..first + MAX_MOVES]).try_into().expect("MAX_MOVES slots");
        let n = game.moves_into(&frame.state, pruning, &mut self.scratch, window);
        if n > 0 {
            Self::prepare_into(&self.table, game, &frame.state, window[0], pruning, &mut frame.pending);
        }
        self.arena_top = first + n;
        (frame.first, frame.end, frame.next) = (first as u32, self.arena_top as u32, first as u32);
        self.depth += 1;
    }

    /// Prepares the child of `state` by `m` in `kid`, its table slot requested: from its key
    /// alone when the family computes that without playing, else played where it is kept.
    #[inline]
    fn prepare_into(table: &PositionTable<G::State>, game: &G, state: &G::State, m: G::Move, pruning: Pruning, kid: &mut Kid<G::State>) {
        if G::CHILD_FINGERPRINTS
            && let Some(prepared) = table.prepare_child(game, state, m, pruning.symmetry)
        {
            kid.prepared = prepared;
            return;
        }
        game.copy_position(&mut kid.state, state);
        game.play(&mut kid.state, m);
        kid.prepared = table.prepare(game, &kid.state, pruning.symmetry);
    }
}

/// What one search found, before timing is attached.
struct Outcome<M> {
    verdict: Verdict,
    moves: Vec<M>,
    states: u64,
    expanded: u64,
    stop: Option<Stop>,
    max_home: u32,
}

impl<M> Outcome<M> {
    /// The outcome as a result, timed from `started`.
    fn timed(self, started: Instant) -> SearchResult<M> {
        SearchResult { verdict: self.verdict, moves: self.moves, states: self.states, expanded: self.expanded, elapsed: started.elapsed(), stop: self.stop, max_home: self.max_home }
    }
}

/// The first round's budget per opening choice (then ×8 a round).
const FIRST_CHOICE_BUDGET: u64 = 20_000;

/// One search with fresh tables.
pub fn solve<G: Game>(game: &G, limits: Limits, pruning: Pruning) -> SearchResult<G::Move>
where
    G::State: Default,
{
    Solver::new(limits).solve(game, pruning)
}
