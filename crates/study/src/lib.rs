//! Win-rate studies: many seeded deals of one variant, solved in parallel, with per-deal rows,
//! a summary with confidence intervals, a manifest that says exactly what was run, resumption
//! after a crash and shards for a cluster.
//!
//! Files in a study folder (each written to a temporary name and renamed, so it appears whole
//! or not at all; the journal is append-only):
//! * `manifest.json`: variant, rule options, seed range and shard, limits, pruning, deal
//!   generator and solver versions, git commit, command line;
//! * `journal.csv`: one row per deal as it finishes (survives `kill -9`; a torn last line is
//!   dropped on resume);
//! * `deals.csv`: every row sorted by seed, once all deals are done;
//! * `summary.json`, `summary.csv`: counts, rates and intervals.

pub mod audit;
pub mod bench;
pub mod clock;
pub mod decide;
pub mod dominance;
pub mod how_often;
pub mod interval;
pub mod manifest;
pub mod merge;
pub mod publish;
pub mod report;
pub mod row;
pub mod run;
pub mod solve_seeds;
pub mod summary;

pub use manifest::Manifest;
pub use merge::merge;
pub use row::DealRow;
pub use run::{PlayerKind, Progress, StudyJob, run_study};
pub use summary::Summary;

/// Positions per deal before it is called unknown, unless the user says otherwise: the budget of
/// the published studies, so that `solve` and a newcomer's `study` reproduce their rows without
/// flags. (`bench` keeps its own, 200,000, so that its log stays comparable.)
pub const DEFAULT_MAX_STATES: u64 = 5_000_000;
