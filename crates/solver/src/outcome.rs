//! What a search ends with: its verdict, the limit that stopped it, and its result with the
//! counts. Shared by every search (`search.rs`, `parallel.rs`, the traversal both run in
//! `traverse.rs`, and the pipeline's phases), none of which this module needs.

use std::time::{Duration, Instant};

/// What a search decided about a deal.
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
    /// Another phase, running at once, decided the deal (`parallel::Crew::cancel`).
    Cancelled,
}

impl Stop {
    pub fn as_str(self) -> &'static str {
        match self {
            Stop::States => "state limit",
            Stop::Time => "time limit",
            Stop::Memory => "table memory limit",
            Stop::Depth => "depth limit",
            Stop::Cancelled => "another phase decided first",
        }
    }
}

/// A search's verdict, its winning line and its counts.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    pub verdict: Verdict,
    /// The winning line from the start position (empty unless won).
    pub moves: Vec<M>,
    /// Distinct positions reached and stored in the table, the start included (0 when the start
    /// is won): what the state limit counts, and the "unique states" of the bench. A deal with
    /// an opening choice ([`Game::split_root`]) sums its searches, each of one choice with a
    /// fresh table (the start itself is not stored there). Each position is played, looked up
    /// and stored; all are expanded but those the dead-position test rejects, those at the depth
    /// limit, and the one on which a state or time limit stops a search.
    ///
    /// [`Game::split_root`]: patience_games::game::Game::split_root
    pub states: u64,
    /// Of those, the positions whose moves were generated.
    pub expanded: u64,
    pub elapsed: Duration,
    /// Set when the verdict is unknown.
    pub stop: Option<Stop>,
    /// Most cards on the foundations in any position examined (all of them when won).
    pub max_home: u32,
}

/// What one search found, before timing is attached.
pub(crate) struct Outcome<M> {
    pub verdict: Verdict,
    pub moves: Vec<M>,
    pub states: u64,
    pub expanded: u64,
    pub stop: Option<Stop>,
    pub max_home: u32,
}

impl<M> Outcome<M> {
    /// The outcome as a result, timed from `started`.
    pub(crate) fn timed(self, started: Instant) -> SearchResult<M> {
        SearchResult {
            verdict: self.verdict,
            moves: self.moves,
            states: self.states,
            expanded: self.expanded,
            elapsed: started.elapsed(),
            stop: self.stop,
            max_home: self.max_home,
        }
    }
}
