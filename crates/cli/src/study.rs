//! `patience study` and `patience merge`: the command-line side of `patience-study`.

use crate::choice::GameChoice;
use anyhow::{Result, bail};
use patience_games::deal::numbering::{Dealing, Numbering};
use patience_games::game::Pruning;
use patience_solver::Limits;
use patience_study::{Manifest, Progress, StudyJob, Summary, run_study};
use std::path::PathBuf;
use std::time::Duration;

/// `A..B`, half-open, non-empty.
pub fn parse_seed_range(text: &str) -> Result<std::ops::Range<u64>, String> {
    let (a, b) = text
        .split_once("..")
        .ok_or_else(|| format!("seed range {text:?} is not A..B (half-open: B is not included)"))?;
    let parse = |s: &str| {
        s.trim()
            .replace('_', "")
            .parse::<u64>()
            .map_err(|_| format!("{s:?} in seed range {text:?} is not a seed (0 to 2^64-1)"))
    };
    let (a, b) = (parse(a)?, parse(b)?);
    if a > b {
        return Err(format!("seed range {text:?} is reversed"));
    }
    if a == b {
        return Err(format!("seed range {text:?} is empty (A..B includes A but not B)"));
    }
    Ok(a..b)
}

/// `I/K`: shard I (0-based) of K.
pub fn parse_shard(text: &str) -> Result<(u64, u64), String> {
    let bad = || format!("shard {text:?} is not I/K with 0 <= I < K (e.g. 0/4)");
    let (i, k) = text.split_once('/').ok_or_else(bad)?;
    let (i, k) =
        (i.trim().parse::<u64>().map_err(|_| bad())?, k.trim().parse::<u64>().map_err(|_| bad())?);
    if k == 0 || i >= k {
        return Err(bad());
    }
    Ok((i, k))
}

pub struct StudyArgs {
    /// The numbers to decide, native seeds or PySolFC game numbers (`numbering`).
    pub seeds: std::ops::Range<u64>,
    pub numbering: Numbering,
    pub jobs: usize,
    pub threads_per_deal: usize,
    pub max_states: u64,
    pub max_ms: Option<u64>,
    pub table_mb: usize,
    pub exact_table: bool,
    pub out: Option<PathBuf>,
    pub shard: Option<(u64, u64)>,
    pub resume: bool,
    pub quiet: bool,
    pub pruning: Pruning,
    pub pruning_text: String,
    pub plan: patience_solver::Plan,
    pub player: patience_study::PlayerKind,
}

pub fn run(choice: &GameChoice, a: StudyArgs) -> Result<Summary> {
    if a.jobs == 0 {
        bail!("-j must be at least 1");
    }
    if a.threads_per_deal == 0 {
        bail!("--threads-per-deal must be at least 1");
    }
    if a.threads_per_deal > 1 && a.player != patience_study::PlayerKind::Thoughtful {
        bail!("--threads-per-deal is the solver's: the players play each deal on one thread");
    }
    if a.threads_per_deal > 1 && a.exact_table {
        bail!(
            "--exact-table is for one thread per deal: the threads' shared table stores fingerprints"
        );
    }
    if a.table_mb == 0 {
        bail!("--table-mb must be at least 1");
    }
    if a.max_states == 0 {
        bail!("--max-states must be at least 1");
    }
    if a.numbering == Numbering::Pysol {
        if choice.info.pysol_id().is_none() {
            bail!("{} is not a PySolFC game: it has no PySolFC game numbers", choice.info.name);
        }
        if a.seeds.start == 0 {
            bail!("PySolFC game numbers start at 1: --pysol {}..{}", a.seeds.start, a.seeds.end);
        }
    }
    let rules = choice.rules.options_text();
    let name = choice.info.name;
    let out = a.out.clone().unwrap_or_else(|| {
        let shard = a.shard.map_or(String::new(), |(i, k)| format!("-shard{i}of{k}"));
        let pysol = if a.numbering == Numbering::Pysol { "-pysol" } else { "" };
        PathBuf::from(format!("study-{name}{pysol}-{}-{}{shard}", a.seeds.start, a.seeds.end))
    });
    let manifest = Manifest {
        variant: name.to_string(),
        rules,
        seeds_first: a.seeds.start,
        seeds_end: a.seeds.end,
        shard: a.shard,
        max_states: a.max_states,
        max_ms: a.max_ms,
        table_mb: a.table_mb,
        table: patience_study::manifest::table_kind(a.exact_table).into(),
        pruning: a.pruning_text.clone(),
        pipeline: if a.player == patience_study::PlayerKind::Thoughtful {
            a.plan.describe()
        } else {
            "-".into()
        },
        player: a.player.describe(),
        threads_per_deal: a.threads_per_deal,
        deal_generator: a.numbering.generator().into(),
        solver_version: env!("CARGO_PKG_VERSION").into(),
        git_commit: env!("PATIENCE_GIT_COMMIT").into(),
        command: std::env::args().collect(),
        shard_command: None,
    };
    if manifest.shard_seeds().is_empty() {
        bail!(
            "shard {:?} of seeds {}..{} holds no seed: use fewer shards",
            a.shard.unwrap(),
            a.seeds.start,
            a.seeds.end
        );
    }
    let limits = Limits {
        max_states: a.max_states,
        max_time: a.max_ms.map(Duration::from_millis),
        table_bytes: a.table_mb << 20,
        exact_table: a.exact_table,
        ..Limits::default()
    };
    let job = StudyJob {
        player: a.player,
        manifest,
        out,
        resume: a.resume,
        jobs: a.jobs,
        threads_per_deal: a.threads_per_deal,
        limits,
        plan: a.plan,
        pruning: a.pruning,
        dealing: Dealing { numbering: a.numbering, hook: choice.info.hook },
        progress: if a.quiet { Progress::Quiet } else { Progress::Auto },
    };
    run_study(&job, choice.rules)
}

/// `patience bench`: no files; the default pruning and table budget. Every win is replayed
/// through the reference rules, outside the timed part.
pub fn bench(
    choice: &GameChoice,
    seeds: std::ops::Range<u64>,
    max_states: u64,
    plan: patience_solver::Plan,
    max_ms: Option<u64>,
    jobs: usize,
    exact_table: bool,
) -> Result<patience_study::bench::BenchReport> {
    use patience_study::bench::run_bench;
    use patience_study::decide::Deciding;
    let max_time = max_ms.map(Duration::from_millis);
    let limits =
        Limits { max_states, max_time, table_bytes: 512 << 20, exact_table, ..Limits::default() };
    let (rules, dealing, pruning) = (choice.rules, Dealing::native(choice.info.hook), Pruning::ALL);
    run_bench(choice.info.name, seeds, &Deciding { rules, dealing, limits, plan, pruning, jobs })
}
