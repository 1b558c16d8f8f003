//! The loss audit (issues 32 and 33): a loss proof is the claim this product can least afford to
//! get wrong, so every deal a study proved lost is given to the win-finding phases again with
//! many times the study's budget — the lookahead and the hedged lookahead with the budget each,
//! then the exhaustive search with what they leave. Any win found (replayed through the
//! reference rules) contradicts the proof and is reported.
//!
//! The dead-position tests are what proves most losses, so the audit's phases run without them
//! ([`AUDIT_PRUNING`]): with them, a deal that a test calls dead at its first position would be
//! given up at once by every phase, and the audit would check nothing. The other pruning rules
//! only drop moves or positions whose verdict another one has, so they stay.

use crate::solve_seeds::solve_seeds;
use patience_games::deal::Hook;
use patience_games::variant::Rules;
use patience_games::game::Pruning;
use patience_solver::{Limits, Plan, Verdict};

/// The audit's pruning: every rule but the dead-position tests it audits.
pub const AUDIT_PRUNING: Pruning = Pruning { dead_positions: false, ..Pruning::ALL };

/// A deal the study proved lost and the audit won.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contradiction {
    pub seed: u64,
    /// The phase that won it.
    pub phase: &'static str,
    pub states: u64,
}

/// The audit's plan for `budget` positions per win-finding phase: no probe (which would only
/// prove the loss again before the lookaheads ran), the lookahead and the hedged lookahead with
/// `budget` each, then the search with one more `budget`.
pub fn plan(variant: &str, budget: u64) -> (Plan, u64) {
    let base = Plan::for_variant(variant, budget);
    (Plan { probe: 0, lookahead: budget, hedged: budget, ..base }, 3 * budget)
}

/// Runs the audit on `seeds` (deals proved lost) on `jobs` threads; returns the contradictions in
/// seed order. A win that fails to replay is an error (a bug; the audit must not pass on it).
pub fn check(rules: Rules, hook: Hook, seeds: &[u64], budget: u64, jobs: usize) -> anyhow::Result<Vec<Contradiction>> {
    let (plan, max_states) = plan(rules.variant().name, budget);
    let limits = Limits { max_states, max_time: None, table_bytes: 512 << 20, ..Limits::default() };
    Ok(solve_seeds(rules, hook, seeds, limits, plan, AUDIT_PRUNING, jobs)?
        .into_iter()
        .filter(|s| s.verdict == Verdict::Won)
        .map(|s| Contradiction { seed: s.seed, phase: s.decided_by.map_or("?", |p| p.as_str()), states: s.states })
        .collect())
}
