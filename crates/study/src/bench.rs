//! `patience bench`: solve a fixed seed set and report the engine's speed the way the field
//! does — share decided, time per deal, unique states per second per core, table memory.
//!
//! A unique state is a distinct position reached and stored in the table (each one played,
//! looked up and inserted): what the state limit counts. Most are then expanded (their moves
//! generated); those the dead-position test rejects, those at the depth limit and the one on
//! which a limit stops a search are not, so the report gives the expanded positions per second
//! too.
//!
//! Times are each deal's CPU time, read from its worker thread's CPU clock (`clock.rs`; wall
//! time on a platform without one, as the report's `clock` says), so the rate per core does not
//! fall when threads wait for a core.

use crate::clock::Clock;
use crate::decide::Deciding;
use patience_games::rules::FamilyRules;
use patience_games::with_rules;
use patience_solver::{Phase, Verdict};
use serde::Serialize;
use std::time::Instant;

#[derive(Clone, Debug, Serialize)]
pub struct BenchReport {
    pub variant: String,
    pub seeds: String,
    pub limit_states: u64,
    /// The pipeline's phases and budgets (`Plan::describe`).
    pub pipeline: String,
    pub threads: usize,
    pub deals: usize,
    pub won: usize,
    pub lost: usize,
    pub unknown: usize,
    pub decided_share: f64,
    /// Deals decided by each phase of the pipeline, in its order.
    pub decided_by: Vec<(String, usize)>,
    pub seconds_median: f64,
    pub seconds_p99: f64,
    pub seconds_max: f64,
    pub seconds_total: f64,
    /// What the per-deal seconds are: `thread-cpu` (the worker thread's CPU time), `wall`, or
    /// `mixed` (`clock.rs`).
    pub clock: String,
    /// The whole run's wall time, every thread together.
    pub wall_seconds: f64,
    /// Unique states (distinct positions stored), all deals together (a property of the search
    /// alone: the same on every machine, so `scripts/bench-instructions.sh` divides instruction
    /// counts by it).
    pub states: u64,
    /// Unique states per second of one core.
    pub states_per_second_per_core: f64,
    /// Of the unique states, those expanded (their moves generated), all deals together.
    pub expanded: u64,
    /// Expanded positions per second of one core.
    pub expanded_per_second_per_core: f64,
    /// The largest table any worker held.
    pub peak_table_bytes: usize,
    /// Table bytes per stored position, in the deal that stored the most.
    pub bytes_per_state: f64,
    pub state_bytes: usize,
    /// What the table stores (`exact` or `fingerprint-95`, as in study manifests).
    pub table: String,
}

/// Solves `seeds` as `deciding` says and measures them (`variant` names them in the report).
/// Each deal's time is its pipeline's CPU time; a win's replay through the reference rules,
/// which every win gets, is not timed.
pub fn run_bench(
    variant: &str,
    seeds: std::ops::Range<u64>,
    deciding: &Deciding,
) -> anyhow::Result<BenchReport> {
    let started = Instant::now();
    let list: Vec<u64> = seeds.clone().collect();
    let ones = deciding.decide_seeds(&list, |_, d| d)?;
    let (limits, plan, jobs) = (deciding.limits, deciding.plan, deciding.jobs);
    let wall = started.elapsed().as_secs_f64();
    let count = |v| ones.iter().filter(|o| o.verdict == v).count();
    let mut secs: Vec<f64> = ones.iter().map(|o| o.solve_seconds.0).collect();
    secs.sort_by(f64::total_cmp);
    let q = |p: f64| crate::summary::quantile(&secs, p);
    let total: f64 = secs.iter().sum();
    let states: u64 = ones.iter().map(|o| o.states).sum();
    let expanded: u64 = ones.iter().map(|o| o.expanded).sum();
    let biggest = ones.iter().max_by_key(|o| o.table_len).expect("at least one deal");
    let (won, lost, unknown) = (count(Verdict::Won), count(Verdict::Lost), count(Verdict::Unknown));
    Ok(BenchReport {
        variant: variant.into(),
        seeds: format!("{}..{}", seeds.start, seeds.end),
        limit_states: limits.max_states,
        pipeline: plan.describe(),
        threads: jobs,
        deals: ones.len(),
        won,
        lost,
        unknown,
        decided_share: (won + lost) as f64 / ones.len() as f64,
        decided_by: [Phase::Probe, Phase::Lookahead, Phase::Hedged, Phase::Search]
            .iter()
            .map(|&p| {
                (p.as_str().to_string(), ones.iter().filter(|o| o.decided_by == Some(p)).count())
            })
            .filter(|(_, n)| *n > 0)
            .collect(),
        seconds_median: q(0.5),
        seconds_p99: q(0.99),
        seconds_max: *secs.last().unwrap(),
        seconds_total: total,
        clock: Clock::name_of(ones.iter().map(|o| o.solve_seconds.1)).into(),
        wall_seconds: wall,
        states,
        states_per_second_per_core: states as f64 / total.max(1e-9),
        expanded,
        expanded_per_second_per_core: expanded as f64 / total.max(1e-9),
        peak_table_bytes: ones.iter().map(|o| o.table_bytes).max().unwrap_or(0),
        bytes_per_state: biggest.table_bytes as f64 / biggest.table_len.max(1) as f64,
        state_bytes: with_rules!(deciding.rules, |r| state_bytes(&r)),
        table: crate::manifest::table_kind(limits.exact_table).into(),
    })
}

/// The size of one position of the game `rules` make.
fn state_bytes<R: FamilyRules>(_: &R) -> usize {
    std::mem::size_of::<<R::Game as patience_games::game::Game>::State>()
}

impl BenchReport {
    /// The one-table text form.
    pub fn to_text(&self) -> String {
        format!(
            "| variant | seeds | limit | threads | deals | won | lost | unknown | decided | decided by | {} s/deal median | p99 | max | states/s/core | expanded/s/core | table | peak table | bytes/state | state size |\n\
             |---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n\
             | {} | {} | {} | {} | {} | {} | {} | {} | {:.1}% | {} | {:.4} | {:.3} | {:.3} | {:.0} | {:.0} | {} | {:.1} MiB | {:.1} | {} B |\n\
             pipeline: {}\n",
            match self.clock.as_str() {
                "thread-cpu" => "CPU",
                other => other,
            },
            self.variant,
            self.seeds,
            self.limit_states,
            self.threads,
            self.deals,
            self.won,
            self.lost,
            self.unknown,
            100.0 * self.decided_share,
            if self.decided_by.is_empty() {
                "-".to_string()
            } else {
                self.decided_by
                    .iter()
                    .map(|(p, n)| format!("{p} {n}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            },
            self.seconds_median,
            self.seconds_p99,
            self.seconds_max,
            self.states_per_second_per_core,
            self.expanded_per_second_per_core,
            self.table,
            self.peak_table_bytes as f64 / (1 << 20) as f64,
            self.bytes_per_state,
            self.state_bytes,
            self.pipeline
        )
    }
}
