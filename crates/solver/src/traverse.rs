//! The depth-first traversal at the heart of every exhaustive search: one line of positions, each
//! with its moves, walked child by child; every child is stored in a table of positions met and
//! followed only when it is new there. One implementation for the one-thread search
//! (`search.rs`, over its own table) and for each thread of the parallel search (`parallel.rs`,
//! over the shared table): they differ only in their [`VisitedTable`] (the table) and their
//! [`PausePolicy`] (what happens every few thousand positions: the limits, and for the parallel
//! search, sharing work), which are type parameters, so the one-thread search pays nothing for
//! the other.

use crate::outcome::Stop;
use crate::table::{Insert, PositionTable, Prepared};
use patience_games::game::{Game, MAX_MOVES, MoveList, MoveWindow, Pruning};

/// The table of the positions a traversal has stored, with the operations it needs: "store this
/// position unless it is there", and the preparation of a child's key ahead of its turn, so its
/// slot is fetched in time.
pub trait VisitedTable<G: Game> {
    /// Adds the key of `s` (its symmetry class when `symmetry`) unless present.
    fn insert(&mut self, game: &G, s: &G::State, symmetry: bool) -> Insert;
    /// The key of `s`, its slot requested.
    fn prepare(&self, game: &G, s: &G::State, symmetry: bool) -> Prepared;
    /// The key of the child of `s` by `m`, computed without playing `m` (`None`: the family or
    /// the table cannot).
    fn prepare_child(&self, game: &G, s: &G::State, m: G::Move, symmetry: bool)
    -> Option<Prepared>;
    /// Inserts a child prepared by `prepare_child`.
    fn insert_fingerprint(&mut self, p: Prepared) -> Insert;
    /// Inserts `s`, prepared by `prepare`.
    fn insert_prepared(&mut self, game: &G, s: &G::State, symmetry: bool, p: Prepared) -> Insert;
}

impl<G: Game> VisitedTable<G> for PositionTable<G::State>
where
    G::State: Default,
{
    #[inline(always)]
    fn insert(&mut self, game: &G, s: &G::State, symmetry: bool) -> Insert {
        PositionTable::insert(self, game, s, symmetry)
    }
    #[inline(always)]
    fn prepare(&self, game: &G, s: &G::State, symmetry: bool) -> Prepared {
        PositionTable::prepare(self, game, s, symmetry)
    }
    #[inline(always)]
    fn prepare_child(
        &self,
        game: &G,
        s: &G::State,
        m: G::Move,
        symmetry: bool,
    ) -> Option<Prepared> {
        PositionTable::prepare_child(self, game, s, m, symmetry)
    }
    #[inline(always)]
    fn insert_fingerprint(&mut self, p: Prepared) -> Insert {
        PositionTable::insert_fingerprint(self, p)
    }
    #[inline(always)]
    fn insert_prepared(&mut self, game: &G, s: &G::State, symmetry: bool, p: Prepared) -> Insert {
        PositionTable::insert_prepared(self, game, s, symmetry, p)
    }
}

/// What a traversal has counted (see `SearchResult` for the meaning of each).
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    pub states: u64,
    pub expanded: u64,
    pub max_home: u32,
    /// A line was cut at the depth limit: the traversal can no longer prove a loss.
    pub cut: bool,
    /// When `states` reaches this, the traversal asks its [`PausePolicy`] whether to go on.
    pub pause_at: u64,
}

/// What a traversal does every time `Tally::pause_at` positions have been stored: whether it
/// goes on (the limits), and for the parallel search, sharing work.
pub trait PausePolicy<G: Game> {
    /// `Some(stop)` ends the traversal; `None` lets it go on, `tally.pause_at` moved on. The
    /// policy may edit the line (`walker`): take untried moves off it (work sharing).
    fn pause(&mut self, walker: &mut Walker<G>, tally: &mut Tally) -> Option<Stop>;
}

/// How a traversal ended.
pub enum End<M> {
    /// Every position below the line's root was examined (a loss unless `Tally::cut`).
    Exhausted,
    /// A won position: the moves from the line's root.
    Won(Vec<M>),
    Stopped(Stop),
}

/// One position on the current line: its moves are `arena[first..end]`, the next to try at
/// `next`; when there is one, `pending` is that next child, prepared for the table (see the
/// traversal loop and `prepare_into`). Move lists live in one shared arena, so the stack
/// costs what the line's positions really have, not `MAX_MOVES` per level.
///
/// Frames are written in place and kept for reuse (`Walker::depth` says how many are the line):
/// a child is played straight into the frame above the top one, which is where it lives if the
/// search goes on from it, so a position is never built in one place and copied into the stack
/// (a frame is ~300 bytes: each such copy was a call to `memcpy`).
#[derive(Clone, Copy)]
pub struct Frame<S> {
    pub state: S,
    pub first: u32,
    pub end: u32,
    pub next: u32,
    pending: PendingChild<S>,
}

impl<S: Copy + Default> Frame<S> {
    fn unused() -> Self {
        Frame {
            state: S::default(),
            first: 0,
            end: 0,
            next: 0,
            pending: PendingChild { state: S::default(), prepared: Prepared::default() },
        }
    }
}

/// A child position prepared for the table ahead of its turn: its table key, and the position
/// itself unless `prepared.unplayed()`. A family that computes a child's key without playing it
/// ([`Game::child_fingerprint`]) leaves the child unplayed (`state` then means nothing): the
/// move is played only if the table finds the child new.
#[derive(Clone, Copy)]
struct PendingChild<S> {
    state: S,
    prepared: Prepared,
}

/// The line of a depth-first traversal and its moves; kept between searches, so a study
/// allocates once.
pub struct Walker<G: Game> {
    /// The line is `stack[..depth]`; the frames past it are kept for reuse, and there is always
    /// one past it (where the top frame's child is played).
    pub stack: Vec<Frame<G::State>>,
    pub depth: usize,
    /// The moves of the line's positions: `arena[..arena_top]`, each frame's at
    /// `first..end`. Kept at least `MAX_MOVES` slots past the top, the room a position's
    /// moves are generated in ([`Game::moves_into`]); the slots past the top are stale.
    pub arena: Vec<G::Move>,
    arena_top: usize,
    /// Where a family without its own [`Game::moves_into`] generates, before the arena.
    scratch: MoveList<G::Move>,
    /// Deepest line followed from the line's root.
    pub max_depth: usize,
}

impl<G: Game> Walker<G>
where
    G::State: Default,
{
    pub fn new(max_depth: usize) -> Self {
        Walker {
            stack: vec![Frame::unused(); 2],
            depth: 0,
            arena: Vec::new(),
            arena_top: 0,
            scratch: MoveList::new(),
            max_depth,
        }
    }

    /// Makes `root` the line's only position and expands it.
    pub fn start<T: VisitedTable<G>>(
        &mut self,
        game: &G,
        root: G::State,
        table: &T,
        pruning: Pruning,
    ) {
        self.depth = 0;
        self.arena_top = 0;
        self.stack[0].state = root;
        self.expand(game, table, pruning);
    }

    /// The moves from the line's root to the position of frame `k` of the line.
    pub fn moves_to(&self, k: usize) -> impl Iterator<Item = G::Move> + '_ {
        self.stack[..k].iter().map(|f| self.arena[f.next as usize - 1])
    }

    /// Walks the line until every position below its root is examined, a won position is met,
    /// or the pause policy stops it. Each new child is counted in `tally`; the policy is asked at
    /// `tally.pause_at`.
    ///
    /// Every child is put in the table when first generated and expanded once (unless the
    /// dead-position test rejects it, or it lies at the depth limit), so a traversal that ends
    /// exhausted, with no cut, has expanded every position it stored: see `search.rs` for why
    /// that makes a loss.
    #[inline(always)]
    pub fn traverse<T: VisitedTable<G>, P: PausePolicy<G>>(
        &mut self,
        game: &G,
        pruning: Pruning,
        table: &mut T,
        policy: &mut P,
        tally: &mut Tally,
    ) -> End<G::Move> {
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
                prepare_into(table, game, &top.state, m, pruning, &mut top.pending);
            }
            // A won child ends the search, so none is ever stored: a child the table has seen
            // is not won. An unplayed child is therefore looked up first and played only when
            // new; the outcome is the same as testing "won" before the lookup (a won child
            // returns before a full table is reported, either way).
            let inserted = if unplayed {
                let inserted = table.insert_fingerprint(prepared);
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
                tally.max_home = game.home_cards(child);
                return End::Won(moves);
            }
            match inserted
                .unwrap_or_else(|| table.insert_prepared(game, child, pruning.symmetry, prepared))
            {
                Insert::Seen => continue,
                Insert::Full => return End::Stopped(Stop::Memory),
                Insert::New => {}
            }
            tally.states += 1;
            tally.max_home = tally.max_home.max(game.home_cards(child));
            if tally.states >= tally.pause_at
                && let Some(stop) = policy.pause(self, tally)
            {
                return End::Stopped(stop);
            }
            if pruning.dead_positions && game.is_dead(&self.stack[self.depth].state) {
                continue;
            }
            // A bounded stack: a line deeper than the limit is not followed. The search goes on
            // looking for a win elsewhere, but can no longer prove a loss.
            if self.depth >= self.max_depth {
                tally.cut = true;
                continue;
            }
            tally.expanded += 1;
            self.expand(game, table, pruning);
        }
        End::Exhausted
    }

    /// Puts the position in the frame past the line (`stack[depth]`) on the line, with its moves
    /// and its first child prepared, and makes sure a frame lies past the new top.
    fn expand<T: VisitedTable<G>>(&mut self, game: &G, table: &T, pruning: Pruning) {
        if self.stack.len() == self.depth + 1 {
            self.stack.push(Frame::unused());
        }
        let frame = &mut self.stack[self.depth];
        let first = self.arena_top;
        if self.arena.len() < first + MAX_MOVES {
            // Doubling, as a `Vec` grows: rare, and then the line is deeper than ever before.
            self.arena.resize((2 * self.arena.len()).max(first + MAX_MOVES), G::Move::default());
        }
        let window: &mut MoveWindow<G::Move> =
            (&mut self.arena[first..first + MAX_MOVES]).try_into().expect("MAX_MOVES slots");
        let n = game.moves_into(&frame.state, pruning, &mut self.scratch, window);
        if n > 0 {
            prepare_into(table, game, &frame.state, window[0], pruning, &mut frame.pending);
        }
        self.arena_top = first + n;
        (frame.first, frame.end, frame.next) = (first as u32, self.arena_top as u32, first as u32);
        self.depth += 1;
    }
}

/// Prepares the child of `state` by `m` in `child`, its table slot requested: from its key
/// alone when the family computes that without playing, else played where it is kept.
#[inline]
fn prepare_into<G: Game, T: VisitedTable<G>>(
    table: &T,
    game: &G,
    state: &G::State,
    m: G::Move,
    pruning: Pruning,
    child: &mut PendingChild<G::State>,
) {
    if G::CHILD_FINGERPRINTS
        && let Some(prepared) = table.prepare_child(game, state, m, pruning.symmetry)
    {
        child.prepared = prepared;
        return;
    }
    game.copy_position(&mut child.state, state);
    game.play(&mut child.state, m);
    child.prepared = table.prepare(game, &child.state, pruning.symmetry);
}
