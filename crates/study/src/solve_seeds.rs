//! Native seeds solved by the pipeline in parallel, every win replayed through the reference
//! rules: what the dominance check and the loss audit both run, each keeping the deals it reports.

use crate::decide::Deciding;
use patience_solver::{Phase, Verdict};

/// One deal's outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    pub seed: u64,
    pub verdict: Verdict,
    pub decided_by: Option<Phase>,
    pub states: u64,
}

/// Solves `seeds` as `deciding` says; the outcomes in seed order. A win that fails to replay is
/// an error (a bug: no check may pass on it).
pub fn solve_seeds(deciding: &Deciding, seeds: &[u64]) -> anyhow::Result<Vec<Solved>> {
    deciding.decide_seeds(seeds, |seed, d| Solved {
        seed,
        verdict: d.verdict,
        decided_by: d.decided_by,
        states: d.states,
    })
}
