//! The loss audit (issues 32 and 33): a loss proof is the claim this product can least afford to
//! get wrong, so every deal a study proved lost is given to the win-finding phases again with
//! many times the study's budget — the stricter rules' phases (where the variant has them), the
//! lookahead and the hedged lookahead with the budget each, then the exhaustive search with what
//! they leave. Any win found (replayed through the
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
/// prove the loss again before the lookaheads ran), the stricter rules' phases where the
/// variant's split has them, the lookahead and the hedged lookahead with `budget` each, then the
/// search with one more `budget`. (Every share is set here: one taken from the variant's split
/// would be a fraction of `budget`, taken from the search's.)
pub fn plan(variant: &str, budget: u64) -> (Plan, u64) {
    let base = Plan::for_variant(variant, budget);
    let stricter = if base.stricter > 0 { budget } else { 0 };
    let phases = 3 + u64::from(stricter > 0);
    (Plan { probe: 0, stricter, lookahead: budget, hedged: budget, ..base }, phases * budget)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Each win-finding phase gets the whole budget, the stricter rules' only where the variant's
    /// split has them, and the search one more budget.
    #[test]
    fn every_phase_gets_the_budget() {
        let (p, max) = plan("queen-of-italy", 1_000_000);
        assert_eq!((p.probe, p.stricter, p.lookahead, p.hedged, max), (0, 0, 1_000_000, 1_000_000, 3_000_000));
        let (p, max) = plan("queen-of-italy-open", 1_000_000);
        assert_eq!((p.probe, p.stricter, p.lookahead, p.hedged, max), (0, 1_000_000, 1_000_000, 1_000_000, 4_000_000));
    }
}
