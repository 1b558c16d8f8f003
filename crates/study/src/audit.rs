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

use crate::decide::Deciding;
use crate::solve_seeds::solve_seeds;
use anyhow::Context;
use patience_games::deal::numbering::Dealing;
use patience_games::game::Pruning;
use patience_games::variant::{Rules, VariantInfo};
use patience_solver::{Limits, Plan, Verdict};
use serde::{Deserialize, Serialize};
use std::path::Path;

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
pub fn plan(variant: &VariantInfo, budget: u64) -> (Plan, u64) {
    let base = Plan::for_variant(variant, budget);
    let stricter = if base.stricter > 0 { budget } else { 0 };
    let phases = 3 + u64::from(stricter > 0);
    (Plan { probe: 0, stricter, lookahead: budget, hedged: budget, ..base }, phases * budget)
}

/// Runs the audit on `seeds` (deals proved lost) on `jobs` threads; returns the contradictions in
/// seed order. A win that fails to replay is an error (a bug; the audit must not pass on it).
pub fn check(
    rules: Rules,
    dealing: Dealing,
    seeds: &[u64],
    budget: u64,
    jobs: usize,
) -> anyhow::Result<Vec<Contradiction>> {
    let (plan, max_states) = plan(rules.variant(), budget);
    let limits = Limits { max_states, max_time: None, table_bytes: 512 << 20, ..Limits::default() };
    let deciding = Deciding { rules, dealing, limits, plan, pruning: AUDIT_PRUNING, jobs };
    Ok(solve_seeds(&deciding, seeds)?
        .into_iter()
        .filter(|s| s.verdict == Verdict::Won)
        .map(|s| Contradiction {
            seed: s.seed,
            phase: s.decided_by.map_or("?", |p| p.as_str()),
            states: s.states,
        })
        .collect())
}

/// The file in a study's folder that keeps one line (a JSON [`Record`]) per audit run on it.
pub const AUDITS: &str = "audits.jsonl";

/// What one audit run checked and found, kept beside the study it audited.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// The part audited (`None`: every lost deal).
    pub seeds: Option<(u64, u64)>,
    /// Lost deals audited.
    pub lost: usize,
    /// Positions each phase was given: `factor` times the study's `--max-states`.
    pub factor: u64,
    pub budget: u64,
    /// The seeds the audit won: contradictions (none, or the study is wrong).
    pub won: Vec<u64>,
    pub git_commit: String,
    pub command: Vec<String>,
}

/// Appends `record` to the study folder's [`AUDITS`].
pub fn append(dir: &Path, record: &Record) -> anyhow::Result<()> {
    use std::io::Write;
    let path = dir.join(AUDITS);
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .with_context(|| format!("opening {}", path.display()))?;
    writeln!(f, "{}", serde_json::to_string(record)?)
        .with_context(|| format!("writing {}", path.display()))?;
    Ok(())
}

/// Every audit record of the study in `dir` (none when it was never audited).
pub fn records(dir: &Path) -> anyhow::Result<Vec<Record>> {
    let path = dir.join(AUDITS);
    let Ok(text) = std::fs::read_to_string(&path) else { return Ok(vec![]) };
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).with_context(|| format!("reading {}", path.display())))
        .collect()
}

/// One line for the results table: the lost deals audited at each factor (parts added up) and
/// the wins found, e.g. `318 at 1×, 60 at 10×; 0 won`.
pub fn describe(records: &[Record]) -> String {
    if records.is_empty() {
        return String::new();
    }
    let mut factors: Vec<u64> = records.iter().map(|r| r.factor).collect();
    factors.sort_unstable();
    factors.dedup();
    let parts: Vec<String> = factors
        .iter()
        .map(|&f| {
            format!(
                "{} at {f}×",
                records.iter().filter(|r| r.factor == f).map(|r| r.lost).sum::<usize>()
            )
        })
        .collect();
    format!("{}; {} won", parts.join(", "), records.iter().map(|r| r.won.len()).sum::<usize>())
}

#[cfg(test)]
mod tests {
    use super::*;
    use patience_games::variant::Variant;

    /// Each win-finding phase gets the whole budget, the stricter rules' only where the variant's
    /// split has them, and the search one more budget.
    #[test]
    fn every_phase_gets_the_budget() {
        let (p, max) = plan(Variant::QueenOfItaly.info(), 1_000_000);
        assert_eq!(
            (p.probe, p.stricter, p.lookahead, p.hedged, max),
            (0, 0, 1_000_000, 1_000_000, 3_000_000)
        );
        let (p, max) = plan(Variant::QueenOfItalyOpen.info(), 1_000_000);
        assert_eq!(
            (p.probe, p.stricter, p.lookahead, p.hedged, max),
            (0, 1_000_000, 1_000_000, 1_000_000, 4_000_000)
        );
    }

    #[test]
    fn records_are_kept_and_described() {
        let dir =
            std::env::temp_dir().join(format!("patience-audit-records-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        assert!(records(&dir).unwrap().is_empty());
        let r = |seeds, lost, factor| Record {
            seeds,
            lost,
            factor,
            budget: factor * 5,
            won: vec![],
            git_commit: "c".into(),
            command: vec![],
        };
        for rec in [r(Some((0, 50)), 20, 10), r(Some((50, 100)), 30, 10), r(None, 300, 1)] {
            append(&dir, &rec).unwrap();
        }
        let got = records(&dir).unwrap();
        assert_eq!(got.len(), 3);
        assert_eq!(got[0], r(Some((0, 50)), 20, 10));
        assert_eq!(describe(&got), "300 at 1×, 50 at 10×; 0 won");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
