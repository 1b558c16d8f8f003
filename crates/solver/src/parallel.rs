//! The exhaustive search on several threads: one deal, one shared table, every thread walking
//! its own part of the tree.
//!
//! # How the work is split
//!
//! Every thread runs the one-thread search's traversal (`traverse.rs`) over the shared,
//! lock-free table (`shared_table.rs`), from positions handed out by a shared queue of *tasks*.
//! The search starts with one task, the deal's start. A thread whose traversal has nothing left
//! takes the next task, or waits. A thread that is busy gives work away when another waits and
//! the queue is empty: every `PAUSE_EVERY` positions it looks, and if so takes the untried moves
//! of the lowest position on its line that has any (the biggest subtrees it has not yet
//! entered), stores their children in the table, and queues the new ones as tasks, each with its
//! moves from the start. The search ends when a thread finds a won position (the others are
//! told to stop), when a limit is reached, or when the queue is empty and every thread waits:
//! then the deal is lost (unless a line was cut at the depth limit).
//!
//! # Why "lost" is still a proof
//!
//! The one-thread argument (`search.rs`) rests on one invariant: every position stored in the
//! table is expanded, once, unless the dead-position test rejects it or it lies at the depth
//! limit. Here the thread whose insert answered `New` for a position *owns* it, and only the
//! owner expands it: the traversal expands what it stored (as in one thread), and a position a
//! thread gives away is stored by the giver and owned from then on by the task in the queue,
//! which one thread takes and expands. The insert is linearizable (`shared_table.rs`): exactly
//! one insert of a position answers `New`, so every stored position has exactly one owner.
//!
//! What a thread concludes from a position another thread has stored but not finished: nothing
//! about its outcome, only that its expansion is someone else's duty. It skips it, exactly as the
//! one-thread search skips a position met before (on the current line or not). Skipping it
//! cannot lose a win: the owner will expand it, and its children in turn are stored and
//! expanded by their owners, so a won position below it is met by some thread (each thread tests
//! every child it plays for a win before it stores it; a child whose key is computed without
//! playing it is played, and tested, by the thread whose insert is `New`).
//!
//! When the search ends with the queue empty and every thread waiting, no task is left and no
//! traversal is running, so every stored position has been expanded by its owner (or rejected by
//! the dead test, or cut, which is recorded and forbids "lost"). The stored positions therefore
//! contain the start and every child of every expanded one: every position reachable from the
//! start (through positions the sound pruning keeps) is stored, and none was won. That is the
//! same closure the one-thread search proves, whatever the threads' interleaving.
//!
//! Termination is decided under the queue's lock: a thread going idle counts itself out of the
//! busy ones, and the last one to do so with the queue empty ends the search. A thread gives
//! tasks away only while it is busy, and a thread takes a task (and counts itself busy) under
//! the same lock, so "empty queue, nobody busy" can only be seen once all work is done.
//!
//! # Growing the shared table
//!
//! The table starts small (`first_slots`) and doubles when the threads' count of stored
//! positions, read at a pause, passes 3/4 of its slots (`Hunt::grow`): the thread that sees it
//! stops, every other busy thread stops at its next pause, threads without a task take none, and
//! the last to stop places every stored key into the doubled table under the queue's lock, then
//! lets them all go on. Nothing else changes: every stored key is stored again, so "seen" and
//! "new" answer as before, and no thread reads the table while it is replaced. Between two
//! pauses each thread stores at most `PAUSE_EVERY` positions (and a give-away at most one
//! position's children), which the first size leaves room for many times over.
//!
//! # What differs from one thread
//!
//! The threads' interleaving changes which thread owns which position, hence which win is found
//! first and the line reported: a won deal may get another line from run to run. It never turns
//! a loss into a win or a win into a loss: "won" comes with a line that is replayed, and "lost"
//! needs the closure above, which holds for every interleaving. The state limit counts all the
//! threads' positions (each thread adds its count every `PAUSE_EVERY` positions, so the search
//! may store up to `PAUSE_EVERY` positions per thread past it): near the limit a deal may be
//! decided with one number of threads and unknown with another.

use crate::outcome::{Outcome, SearchResult, Stop, Verdict};
use crate::search::{Limits, solve_choices};
use crate::shared_table::{Handle, SharedTable};
use crate::table::Insert;
use crate::traverse::{End, PausePolicy, Tally, Walker};
use patience_games::game::{Game, Pruning};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Instant;

/// Positions a thread stores between two looks at the shared counts, the limits and the queue.
pub const PAUSE_EVERY: u64 = 1 << 10;

/// The shared table's first size for `threads` threads: room for every thread's positions
/// between two pauses many times over past its growth point, so it never fills between them.
fn first_slots(threads: usize) -> usize {
    (threads as u64 * PAUSE_EVERY * 16).next_power_of_two().max(1 << 16) as usize
}

/// A position given away: stored in the table, not yet expanded, with its moves from the start.
struct Task<G: Game> {
    state: G::State,
    path: Vec<G::Move>,
}

/// The queue of tasks and who is working, under one lock.
struct Queue<G: Game> {
    tasks: Vec<Task<G>>,
    /// Threads running a task's traversal.
    busy: usize,
    /// The search is over: exhausted, won, stopped by a limit, or cancelled.
    done: bool,
    /// The table is to grow: busy threads stop at their next pause (`parked` of them have),
    /// and no task is handed out, until it has (see `Hunt::grow`).
    growing: bool,
    parked: usize,
    /// Growths so far: a stopped thread waits for this to change (a thread slow to wake after
    /// one growth must not wait for the next, which does not count it).
    grown: u64,
}

/// How a search ended, as the first thread to end it recorded it.
enum Ending<M> {
    Won(Vec<M>),
    Stopped(Stop),
    Cancelled,
}

/// What one search may spend: `limits` (table memory, depth, time) and at most `max_states`
/// positions, its time limit counted from `started`.
#[derive(Clone, Copy, Debug)]
pub struct Allowance {
    pub limits: Limits,
    pub max_states: u64,
    pub started: Instant,
}

/// One exhaustive search from one position, shared by the threads that [`Hunt::work`] on it.
pub struct Hunt<G: Game> {
    pruning: Pruning,
    table: SharedTable,
    /// Stop with `stop_reason` when the threads' stored positions reach this.
    limit: u64,
    stop_reason: Stop,
    limits: Limits,
    started: Instant,
    /// The threads' counts, added every `PAUSE_EVERY` positions and at the end of each task.
    states: AtomicU64,
    expanded: AtomicU64,
    max_home: AtomicU32,
    /// A line was cut at the depth limit.
    cut: AtomicBool,
    queue: Mutex<Queue<G>>,
    wake: Condvar,
    /// Threads waiting for a task, and tasks queued: what a busy thread looks at to decide to
    /// give work away, without the lock.
    waiting: AtomicUsize,
    queued: AtomicUsize,
    /// Set once the search is over for any reason but exhaustion: threads stop at their next
    /// pause.
    stop: AtomicBool,
    ending: Mutex<Option<Ending<G::Move>>>,
    /// What the search found before any thread worked: decided at the start.
    at_start: Option<Outcome<G::Move>>,
}

impl<G: Game> Hunt<G>
where
    G::State: Default,
{
    /// A search of `root` within `allowance`, in `table` (emptied: [`SharedTable::reset`];
    /// `None`: a new one), which may grow to `allowance.limits.table_bytes`, by `threads`
    /// threads (those working when it starts).
    pub fn new(
        game: &G,
        root: G::State,
        pruning: Pruning,
        allowance: Allowance,
        threads: usize,
        table: Option<SharedTable>,
    ) -> Self {
        let Allowance { limits, max_states, started } = allowance;
        let max_states = max_states.min(limits.max_states);
        let table = match table {
            Some(t) => t.reset(limits.table_bytes),
            None => SharedTable::new(first_slots(threads), limits.table_bytes),
        };
        // Each thread may store up to `PAUSE_EVERY` positions past the count it last added.
        let room = table.capacity().saturating_sub(threads as u64 * PAUSE_EVERY);
        let (limit, stop_reason) =
            if room < max_states { (room, Stop::Memory) } else { (max_states, Stop::States) };
        let mut hunt = Hunt {
            pruning,
            table,
            limit,
            stop_reason,
            limits,
            started,
            states: AtomicU64::new(0),
            expanded: AtomicU64::new(0),
            max_home: AtomicU32::new(game.home_cards(&root)),
            cut: AtomicBool::new(false),
            queue: Mutex::new(Queue {
                tasks: vec![],
                busy: 0,
                done: false,
                growing: false,
                parked: 0,
                grown: 0,
            }),
            wake: Condvar::new(),
            waiting: AtomicUsize::new(0),
            queued: AtomicUsize::new(0),
            stop: AtomicBool::new(false),
            ending: Mutex::new(None),
            at_start: None,
        };
        hunt.at_start = hunt.begin(game, root);
        if hunt.at_start.is_some() {
            hunt.queue.get_mut().expect("not shared yet").done = true;
        }
        hunt
    }

    /// The start, as the one-thread search treats it: won, stored, counted, tested dead; then
    /// queued as the first task.
    fn begin(&mut self, game: &G, root: G::State) -> Option<Outcome<G::Move>> {
        let max_home = game.home_cards(&root);
        let end = |verdict, states, stop| {
            Some(Outcome { verdict, moves: vec![], states, expanded: 0, stop, max_home })
        };
        if game.is_won(&root) {
            return end(Verdict::Won, 0, None);
        }
        if self.table.insert(game.fingerprint(&root, self.pruning.symmetry)) == Insert::Full {
            return end(Verdict::Unknown, 0, Some(Stop::Memory));
        }
        if 1 >= self.limit {
            return end(Verdict::Unknown, 1, Some(self.stop_reason));
        }
        if self.pruning.dead_positions && game.is_dead_at_start(&root) {
            return end(Verdict::Lost, 1, None);
        }
        self.states.store(1, Ordering::Relaxed);
        let q = self.queue.get_mut().expect("not shared yet");
        q.tasks.push(Task { state: root, path: vec![] });
        self.queued.store(1, Ordering::Relaxed);
        None
    }

    /// Works on the search on this thread until it is over. Any number of threads may call
    /// this, at any time (a thread that comes when the search is over returns at once).
    /// `game` is the thread's own copy of the game.
    pub fn work(&self, game: &G) {
        let mut walker = Walker::new(self.limits.max_depth);
        let mut handle = Handle(&self.table);
        let mut was_busy = false;
        while let Some(task) = self.next_task(was_busy) {
            was_busy = true;
            let depth = task.path.len();
            walker.max_depth = self.limits.max_depth.saturating_sub(depth);
            walker.start(game, task.state, &handle, self.pruning);
            let mut tally =
                Tally { expanded: 1, max_home: 0, pause_at: PAUSE_EVERY, ..Tally::default() };
            let mut worker = Worker { hunt: self, game, path: &task.path, added: Tally::default() };
            let end = walker.traverse(game, self.pruning, &mut handle, &mut worker, &mut tally);
            worker.add(&tally);
            if tally.cut {
                self.cut.store(true, Ordering::Relaxed);
            }
            match end {
                End::Exhausted => {}
                End::Won(moves) => {
                    let line = task.path.iter().copied().chain(moves).collect();
                    self.end(Ending::Won(line));
                }
                End::Stopped(stop) => self.end(Ending::Stopped(stop)),
            }
        }
    }

    /// Ends the search for all threads (the first ending recorded is the one reported).
    fn end(&self, ending: Ending<G::Move>) {
        {
            let mut e = self.ending.lock().expect("no thread panics holding it");
            if e.is_none() {
                *e = Some(ending);
            }
        }
        self.stop.store(true, Ordering::Release);
        let mut q = self.queue.lock().expect("no thread panics holding it");
        q.done = true;
        self.wake.notify_all();
    }

    /// Ends the search from outside (another phase decided the deal): threads stop at their
    /// next pause.
    pub fn cancel(&self) {
        self.end(Ending::Cancelled);
    }

    /// The next task for this thread, `None` when the search is over. `was_busy`: the thread
    /// has just finished a task (it counts itself out of the busy threads).
    fn next_task(&self, was_busy: bool) -> Option<Task<G>> {
        let mut q = self.queue.lock().expect("no thread panics holding it");
        if was_busy {
            q.busy -= 1;
            self.grow_if_all_stopped(&mut q);
        }
        loop {
            if q.done {
                return None;
            }
            if q.growing {
                q = self.wake.wait(q).expect("no thread panics holding it");
                continue;
            }
            if let Some(task) = q.tasks.pop() {
                self.queued.store(q.tasks.len(), Ordering::Relaxed);
                q.busy += 1;
                return Some(task);
            }
            if q.busy == 0 {
                // Nothing queued and nobody working: every stored position is expanded.
                q.done = true;
                self.wake.notify_all();
                return None;
            }
            self.waiting.fetch_add(1, Ordering::Relaxed);
            q = self.wake.wait(q).expect("no thread panics holding it");
            self.waiting.fetch_sub(1, Ordering::Relaxed);
        }
    }

    /// Called by a busy thread at a pause when the stored positions have passed the table's
    /// growth point: stops this thread until the table has grown. The table grows when every
    /// busy thread has stopped here (threads without a task take none meanwhile), by the last
    /// to stop, under the queue's lock: no thread uses the table while it is replaced, and the
    /// lock orders the replacement before every thread's next use (what `SharedTable::grow`
    /// requires). A search that ends meanwhile lets the threads go without growing.
    fn grow(&self) {
        let mut q = self.queue.lock().expect("no thread panics holding it");
        if !q.growing {
            // (Another thread may have grown it since this one looked.)
            if q.done || self.states.load(Ordering::Relaxed) < self.table.grow_at() {
                return;
            }
            q.growing = true;
        }
        q.parked += 1;
        let grown = q.grown;
        self.grow_if_all_stopped(&mut q);
        while q.grown == grown && !q.done {
            q = self.wake.wait(q).expect("no thread panics holding it");
        }
    }

    /// Grows the table if it is to grow and every busy thread has stopped for it.
    fn grow_if_all_stopped(&self, q: &mut Queue<G>) {
        if q.growing && !q.done && q.parked == q.busy {
            // SAFETY: every busy thread waits in `grow` and every other one either waits in
            // `next_task` or has not yet taken a task: none uses the table until this lock,
            // held here, is released.
            unsafe { self.table.grow() };
            q.growing = false;
            q.parked = 0;
            q.grown += 1;
            self.wake.notify_all();
        }
    }

    /// The search's result, once every thread that worked on it has returned from
    /// [`Hunt::work`] (at least one must have, unless it was decided at the start).
    pub(crate) fn result(self) -> (Outcome<G::Move>, SharedTable) {
        if let Some(o) = self.at_start {
            return (o, self.table);
        }
        let states = self.states.load(Ordering::Relaxed);
        let expanded = self.expanded.load(Ordering::Relaxed);
        let max_home = self.max_home.load(Ordering::Relaxed);
        let out =
            |verdict, moves, stop| Outcome { verdict, moves, states, expanded, stop, max_home };
        let table = self.table;
        let outcome = match self.ending.into_inner().expect("no thread panicked") {
            Some(Ending::Won(moves)) => out(Verdict::Won, moves, None),
            Some(Ending::Stopped(stop)) => out(Verdict::Unknown, vec![], Some(stop)),
            // (Cancelled: the caller has its answer elsewhere; the search proves nothing.)
            Some(Ending::Cancelled) => out(Verdict::Unknown, vec![], Some(Stop::Cancelled)),
            None if self.cut.load(Ordering::Relaxed) => {
                out(Verdict::Unknown, vec![], Some(Stop::Depth))
            }
            None => {
                debug_assert!(
                    self.queue
                        .into_inner()
                        .is_ok_and(|q| q.done && q.tasks.is_empty() && q.busy == 0)
                );
                out(Verdict::Lost, vec![], None)
            }
        };
        (outcome, table)
    }
}

/// A thread's traversal of one task, as its [`PausePolicy`].
struct Worker<'h, G: Game> {
    hunt: &'h Hunt<G>,
    game: &'h G,
    /// The task's moves from the start.
    path: &'h [G::Move],
    /// Of the traversal's tally, what is already added to the shared counts.
    added: Tally,
}

impl<G: Game> Worker<'_, G>
where
    G::State: Default,
{
    /// Adds the tally's new positions to the shared counts; the total.
    fn add(&mut self, tally: &Tally) -> u64 {
        let h = self.hunt;
        let (new, expanded) =
            (tally.states - self.added.states, tally.expanded - self.added.expanded);
        self.added = *tally;
        h.max_home.fetch_max(tally.max_home, Ordering::Relaxed);
        h.expanded.fetch_add(expanded, Ordering::Relaxed);
        h.states.fetch_add(new, Ordering::Relaxed) + new
    }

    /// Gives the untried moves of the lowest position on the line that has any to the queue:
    /// their children are tested won, stored (each new one owned by its task from here on),
    /// counted, tested dead, and queued unless the depth limit cuts them.
    fn give_away(&mut self, walker: &mut Walker<G>, tally: &mut Tally) -> Option<Ending<G::Move>> {
        let h = self.hunt;
        let (game, pruning) = (self.game, h.pruning);
        let k = (0..walker.depth).find(|&k| walker.stack[k].next < walker.stack[k].end)?;
        let frame = walker.stack[k];
        // Its untried moves cut off the frame (`next`, less one, stays the move to the frame
        // above it on the line, which the line's moves are read from).
        walker.stack[k].end = frame.next;
        let to_frame: Vec<G::Move> = self.path.iter().copied().chain(walker.moves_to(k)).collect();
        // The children's depth from the start: the task's, the line's to frame k, one more.
        let depth = to_frame.len() + 1;
        let mut tasks = vec![];
        for i in frame.next..frame.end {
            let m = walker.arena[i as usize];
            let mut child = frame.state;
            game.play(&mut child, m);
            if game.is_won(&child) {
                return Some(Ending::Won(to_frame.iter().copied().chain([m]).collect()));
            }
            match h.table.insert(game.fingerprint(&child, pruning.symmetry)) {
                Insert::Seen => continue,
                Insert::Full => return Some(Ending::Stopped(Stop::Memory)),
                Insert::New => {}
            }
            tally.states += 1;
            tally.max_home = tally.max_home.max(game.home_cards(&child));
            if pruning.dead_positions && game.is_dead(&child) {
                continue;
            }
            if depth >= h.limits.max_depth {
                tally.cut = true;
                continue;
            }
            tasks.push(Task { state: child, path: to_frame.iter().copied().chain([m]).collect() });
        }
        if !tasks.is_empty() {
            let mut q = h.queue.lock().expect("no thread panics holding it");
            q.tasks.extend(tasks);
            h.queued.store(q.tasks.len(), Ordering::Relaxed);
            h.wake.notify_all();
        }
        None
    }
}

impl<G: Game> PausePolicy<G> for Worker<'_, G>
where
    G::State: Default,
{
    fn pause(&mut self, walker: &mut Walker<G>, tally: &mut Tally) -> Option<Stop> {
        let h = self.hunt;
        // (The stop reported when another thread ended the search is not used: `Hunt::result`
        // reports the first ending recorded.)
        if h.stop.load(Ordering::Acquire) {
            return Some(Stop::States);
        }
        if h.waiting.load(Ordering::Relaxed) > 0 && h.queued.load(Ordering::Relaxed) == 0 {
            match self.give_away(walker, tally) {
                None => {}
                Some(Ending::Won(line)) => {
                    h.end(Ending::Won(line));
                    return Some(Stop::States);
                }
                Some(Ending::Stopped(stop)) => return Some(stop),
                Some(Ending::Cancelled) => unreachable!("giving work away never cancels"),
            }
        }
        let total = self.add(tally);
        if total >= h.limit {
            return Some(h.stop_reason);
        }
        if h.limits.max_time.is_some_and(|t| h.started.elapsed() >= t) {
            return Some(Stop::Time);
        }
        if total >= h.table.grow_at() {
            h.grow();
        }
        tally.pause_at = tally.states + PAUSE_EVERY;
        None
    }
}

/// Decides the deal of `game` with `threads` threads (this one and `threads - 1` more), as
/// [`crate::Solver::solve_within`] does with one: a game with an opening choice is searched
/// choice by choice, each choice's search on every thread.
pub fn solve_within<G: Game>(
    game: &G,
    pruning: Pruning,
    limits: Limits,
    max_states: u64,
    started: Instant,
    threads: usize,
) -> SearchResult<G::Move>
where
    G::State: Default,
{
    solve_within_table(game, pruning, limits, max_states, started, threads, None).0
}

/// [`solve_within`] in the table of an earlier search (`None`: a new one), which it gives back
/// for the next.
pub fn solve_within_table<G: Game>(
    game: &G,
    pruning: Pruning,
    limits: Limits,
    max_states: u64,
    started: Instant,
    threads: usize,
    table: Option<SharedTable>,
) -> (SearchResult<G::Move>, Option<SharedTable>)
where
    G::State: Default,
{
    let crew = Crew::new(table, threads);
    let r = std::thread::scope(|scope| {
        for _ in 1..threads {
            let (crew, game) = (&crew, game.clone());
            scope.spawn(move || crew.join(&game));
        }
        let r = solve_with_crew(game, pruning, limits, max_states, started, &crew);
        crew.close();
        r
    });
    (r, crew.into_table())
}

/// [`solve_within`] on this thread and the threads that join `crew` (now or later): each
/// search of the deal is offered to the crew, whose threads work on it until it ends. A crew
/// cancelled ([`Crew::cancel`]) ends the search now and starts no other: *unknown*, stopped by
/// [`Stop::Cancelled`]. The caller closes the crew when it has no more searches for it.
pub fn solve_with_crew<G: Game>(
    game: &G,
    pruning: Pruning,
    limits: Limits,
    max_states: u64,
    started: Instant,
    crew: &Crew<G>,
) -> SearchResult<G::Move>
where
    G::State: Default,
{
    let root = game.start();
    let max_states = max_states.min(limits.max_states);
    let search = |root, budget| {
        crew.search(game, |table| {
            let allowance = Allowance { limits, max_states: budget, started };
            Hunt::new(game, root, pruning, allowance, crew.size(), table)
        })
    };
    if game.split_root() && !game.is_won(&root) {
        return solve_choices(game, root, pruning, max_states, search).timed(started);
    }
    search(root, max_states).timed(started)
}

/// The threads working on one deal's searches: the thread that runs them, and any that join.
pub struct Crew<G: Game> {
    now: Mutex<CrewNow<G>>,
    changed: Condvar,
    /// The table of the crew's searches, between them.
    table: Mutex<Option<SharedTable>>,
    /// Threads expected to work on its searches, the one running them included.
    expected: usize,
}

struct CrewNow<G: Game> {
    /// The search running, with its number (each search is worked on once by each thread).
    hunt: Option<(u64, Arc<Hunt<G>>)>,
    serial: u64,
    /// Threads that have joined (the one running the searches not counted).
    members: usize,
    closed: bool,
    cancelled: bool,
}

impl<G: Game> Crew<G>
where
    G::State: Default,
{
    /// A crew of `expected` threads (the one running the searches included) whose searches use
    /// `table` (`None`: a new one).
    pub fn new(table: Option<SharedTable>, expected: usize) -> Self {
        Crew {
            now: Mutex::new(CrewNow {
                hunt: None,
                serial: 0,
                members: 0,
                closed: false,
                cancelled: false,
            }),
            changed: Condvar::new(),
            table: Mutex::new(table),
            expected,
        }
    }

    /// The table, for the next crew.
    pub fn into_table(self) -> Option<SharedTable> {
        self.table.into_inner().expect("no thread panicked holding it")
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, CrewNow<G>> {
        self.now.lock().expect("no thread panics holding it")
    }

    /// Threads that may work on a search: those expected, or more if more have joined (a
    /// search sizes its table's first size and its limit's margin for them; threads spawned to
    /// join may not have joined yet when the first search starts).
    fn size(&self) -> usize {
        self.expected.max(self.lock().members + 1)
    }

    /// Works on the crew's searches on this thread (with its own copy of the game) until the
    /// crew is closed.
    pub fn join(&self, game: &G) {
        let mut now = self.lock();
        now.members += 1;
        let mut last = 0;
        loop {
            if now.closed {
                now.members -= 1;
                return;
            }
            match &now.hunt {
                Some((serial, hunt)) if *serial != last => {
                    last = *serial;
                    let hunt = Arc::clone(hunt);
                    drop(now);
                    hunt.work(game);
                    drop(hunt);
                    now = self.lock();
                    // (The thread running the search waits for every worker's hold to go.)
                    self.changed.notify_all();
                }
                _ => now = self.changed.wait(now).expect("no thread panics holding it"),
            }
        }
    }

    /// Runs one search on this thread and the members; its result once every thread has left it.
    fn search(
        &self,
        game: &G,
        hunt: impl FnOnce(Option<SharedTable>) -> Hunt<G>,
    ) -> Outcome<G::Move> {
        let table = self.table.lock().expect("no thread panicked holding it").take();
        let hunt = Arc::new(hunt(table));
        {
            let mut now = self.lock();
            if now.cancelled {
                hunt.cancel();
            }
            now.serial += 1;
            now.hunt = Some((now.serial, Arc::clone(&hunt)));
            self.changed.notify_all();
        }
        hunt.work(game);
        let mut now = self.lock();
        now.hunt = None;
        while Arc::strong_count(&hunt) > 1 {
            now = self.changed.wait(now).expect("no thread panics holding it");
        }
        drop(now);
        let (outcome, table) = Arc::into_inner(hunt).expect("the last hold").result();
        *self.table.lock().expect("no thread panicked holding it") = Some(table);
        outcome
    }

    /// Ends the running search and every later one (another phase decided the deal).
    pub fn cancel(&self) {
        let mut now = self.lock();
        now.cancelled = true;
        if let Some((_, hunt)) = &now.hunt {
            hunt.cancel();
        }
    }

    /// Sends the members away (no more searches).
    pub fn close(&self) {
        self.lock().closed = true;
        self.changed.notify_all();
    }
}
