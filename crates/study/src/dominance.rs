//! The dominance check of issue 31: the thoughtful pipeline knows the stock order, so every deal
//! a player that cannot see it won must be won by the pipeline too. A deal the pipeline leaves
//! unknown is a win it failed to find; one it calls lost would be a wrong proof (the player's
//! win was replayed through the reference rules when its study was made).

use crate::decide::Deciding;
use crate::solve_seeds::solve_seeds;
use patience_games::deal::numbering::Dealing;
use patience_games::game::Pruning;
use patience_games::variant::Rules;
use patience_solver::{Limits, Plan, Verdict};

/// A deal the player won and the pipeline did not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exception {
    pub seed: u64,
    pub verdict: Verdict,
    pub states: u64,
}

/// Solves `seeds` (deals the player won) with the pipeline on `jobs` threads and returns those
/// it did not win, in seed order. Every win it finds is replayed through the reference rules (a
/// failure is an error: a bug, and the check must not pass on it).
pub fn check(
    rules: Rules,
    dealing: Dealing,
    seeds: &[u64],
    limits: Limits,
    plan: Plan,
    jobs: usize,
) -> anyhow::Result<Vec<Exception>> {
    let deciding = Deciding { rules, dealing, limits, plan, pruning: Pruning::ALL, jobs };
    Ok(solve_seeds(&deciding, seeds)?
        .into_iter()
        .filter(|s| s.verdict != Verdict::Won)
        .map(|s| Exception { seed: s.seed, verdict: s.verdict, states: s.states })
        .collect())
}
