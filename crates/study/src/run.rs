//! Running a study: deals in parallel (rayon), each worker thread reusing one solver and its
//! table, rows journaled as they finish, the final files written whole.
//!
//! Why a killed study loses nothing: every finished deal is appended to `journal.csv` as one
//! complete line, by one writer, before it counts as done. On `--resume` the journal is read
//! back (a line torn by the kill is cut off), those seeds are skipped, and the run continues.
//! The final `deals.csv` is all rows sorted by seed, so it does not depend on the order deals
//! finished in, nor on how many threads ran them, nor on interruptions: only the timing column
//! differs from an uninterrupted run (limits are in states, not time, unless `--limit-ms`).

use crate::clock::{Clock, Stopwatch};
use crate::decide::{Shortening, decide_deal};
use crate::manifest::Manifest;
use crate::row::{DealRow, read_rows, row_line, write_rows};
use crate::summary::Summary;
use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressStyle};
use patience_games::deal::Deal;
use patience_games::deal::numbering::Dealing;
use patience_games::game::{Action, Notation, PlayerView, Pruning};
use patience_games::rules::FamilyRules;
use patience_games::variant::Rules;
use patience_games::with_rules;
use patience_solver::player::{Greedy, Played, Player, Sampling, play};
use patience_solver::{Limits, Pipeline, Plan, actions};
use rayon::prelude::*;
use std::collections::HashSet;
use std::fs;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How progress is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// A bar on a terminal, a plain line every ~10 s otherwise.
    Auto,
    Quiet,
}

/// Who plays the deals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerKind {
    /// The exhaustive solver: knows the stock order; decides won / lost / unknown.
    Thoughtful,
    /// Players that see only what a person sees (`patience_solver::player`): won or lost.
    Greedy,
    Sampling {
        samples: usize,
        budget: u64,
    },
}

impl PlayerKind {
    /// Plays `game` to the end with this player (greedy for `Thoughtful`, which is not a player:
    /// callers solve instead). `seed` seeds the sampling player's own shuffles: a deal's seed,
    /// so a study's row and `solve --player` of the same deal agree.
    pub fn play<G: PlayerView + Notation>(&self, game: &G, seed: u64) -> Played<G::Move>
    where
        G::State: Default,
    {
        let mut p: Box<dyn Player<G>> = match *self {
            PlayerKind::Sampling { samples, budget } => {
                Box::new(Sampling::new(samples, budget, seed))
            }
            PlayerKind::Greedy | PlayerKind::Thoughtful => Box::new(Greedy),
        };
        play(game, p.as_mut(), MAX_PLAYER_MOVES)
    }

    pub fn describe(&self) -> String {
        match self {
            PlayerKind::Thoughtful => "thoughtful".into(),
            PlayerKind::Greedy => "greedy".into(),
            PlayerKind::Sampling { samples, budget } => {
                format!("sampling K={samples} states={budget}")
            }
        }
    }
}

/// Everything a run needs besides the game.
pub struct StudyJob {
    pub player: PlayerKind,
    pub manifest: Manifest,
    pub out: PathBuf,
    pub resume: bool,
    /// Threads in all...
    pub jobs: usize,
    /// ... and per deal: `jobs / threads_per_deal` deals at once, each on this many threads
    /// (`Pipeline::with_threads`; 1, the default, keeps every row the same from run to run).
    pub threads_per_deal: usize,
    pub limits: Limits,
    /// How the budget is split between the pipeline's phases (`manifest.pipeline` describes it).
    pub plan: Plan,
    pub pruning: Pruning,
    /// How the study's numbers become deals (numbering and hook).
    pub dealing: Dealing,
    pub progress: Progress,
}

pub const MANIFEST: &str = "manifest.json";
pub const JOURNAL: &str = "journal.csv";
pub const DEALS: &str = "deals.csv";
pub const SUMMARY_JSON: &str = "summary.json";
pub const SUMMARY_CSV: &str = "summary.csv";

/// Writes a file whole or not at all: to a temporary name, then renamed.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    let tmp = path.with_extension("tmp");
    fs::write(&tmp, bytes).with_context(|| format!("writing {}", tmp.display()))?;
    fs::rename(&tmp, path)
        .with_context(|| format!("renaming {} to {}", tmp.display(), path.display()))
}

/// Reads a study folder's manifest.
pub fn read_manifest(dir: &Path) -> Result<Manifest> {
    let path = dir.join(MANIFEST);
    let text = fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    serde_json::from_str(&text)
        .with_context(|| format!("{} is not a study manifest", path.display()))
}

/// Writes `deals.csv` and the summaries for complete rows (sorted by seed).
pub fn write_results(dir: &Path, variant: &str, rows: &[DealRow]) -> Result<Summary> {
    write_atomic(&dir.join(DEALS), &write_rows(rows)?)?;
    let summary = Summary::of(variant, rows);
    write_atomic(
        &dir.join(SUMMARY_JSON),
        format!("{}\n", serde_json::to_string_pretty(&summary)?).as_bytes(),
    )?;
    write_atomic(&dir.join(SUMMARY_CSV), summary.to_csv().as_bytes())?;
    Ok(summary)
}

/// Runs (or resumes) a study of the game `rules` make. Every win is replayed through the
/// reference rules (a failure aborts the study: it is a bug, and its rows must not be published).
pub fn run_study(job: &StudyJob, rules: Rules) -> Result<Summary> {
    with_rules!(rules, |r| run_games(
        job,
        |d| r.deal_game(d),
        |d, line| patience_verify::replay(&rules, &r.layout(d), line)
    ))
}

/// A study with the game of each deal from `make`, and `verify` replaying a win's line.
fn run_games<G, F, V>(job: &StudyJob, make: F, verify: V) -> Result<Summary>
where
    G: PlayerView + Notation,
    G::State: Default,
    F: Fn(&Deal) -> G + Sync,
    V: Fn(&Deal, &[Action]) -> Result<(), String> + Sync,
{
    let dir = &job.out;
    fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let seeds = job.manifest.shard_seeds();
    if dir.join(MANIFEST).exists() {
        if !job.resume {
            bail!(
                "{} already holds a study; use --resume to continue it, or another --out",
                dir.display()
            );
        }
        let old = read_manifest(dir)?;
        let differs = old.differences(&job.manifest);
        if !differs.is_empty() || old.shard != job.manifest.shard {
            let mut what = differs.join(", ");
            if old.shard != job.manifest.shard {
                what = if what.is_empty() { "shard".into() } else { what + ", shard" };
            }
            bail!("cannot resume {}: the study there differs in {what}", dir.display());
        }
    }
    write_atomic(
        &dir.join(MANIFEST),
        format!("{}\n", serde_json::to_string_pretty(&job.manifest)?).as_bytes(),
    )?;

    if dir.join(DEALS).exists() {
        // Finished before: recompute the summaries only.
        let text = fs::read_to_string(dir.join(DEALS))?;
        let (rows, _) = read_rows(&text, false)?;
        return write_results(dir, &job.manifest.variant, &rows);
    }

    // Rows already journaled by an interrupted run.
    let journal_path = dir.join(JOURNAL);
    let mut rows: Vec<DealRow> = vec![];
    if journal_path.exists() {
        let text = fs::read_to_string(&journal_path)?;
        let (old, whole) = read_rows(&text, true)
            .with_context(|| format!("reading {}", journal_path.display()))?;
        // Cut a torn last line off, so new rows start on a line of their own.
        fs::OpenOptions::new().write(true).open(&journal_path)?.set_len(whole as u64)?;
        rows = old;
    }
    let mut done: HashSet<u64> = HashSet::with_capacity(rows.len());
    for r in &rows {
        if !seeds.contains(&r.seed) || !done.insert(r.seed) {
            bail!(
                "{} has a row for seed {} that does not belong to this study",
                journal_path.display(),
                r.seed
            );
        }
    }
    let pending: Vec<u64> = seeds.clone().filter(|s| !done.contains(s)).collect();
    let mut journal = fs::OpenOptions::new().create(true).append(true).open(&journal_path)?;
    if journal.metadata()?.len() == 0 {
        journal.write_all(format!("{}\n", crate::row::HEADER.join(",")).as_bytes())?;
    }

    let total = (seeds.end - seeds.start) as usize;
    let mut meter = Meter::new(job.progress, total, rows.len(), &rows);
    let abort = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<Result<DealRow, String>>();
    let threads = job.threads_per_deal.max(1);
    let pool = rayon::ThreadPoolBuilder::new().num_threads((job.jobs / threads).max(1)).build()?;
    let (limits, plan) = (job.limits, job.plan);
    let (pruning, dealing, player) = (job.pruning, job.dealing, job.player);
    let result: Result<()> = std::thread::scope(|scope| {
        let abort = &abort;
        let (make, verify) = (&make, &verify);
        scope.spawn(move || {
            pool.install(|| {
                pending.par_iter().for_each_init(
                    || Pipeline::<G>::new(limits, plan).with_threads(threads),
                    |solver, &seed| {
                        if abort.load(Ordering::Relaxed) {
                            return;
                        }
                        let row = match player {
                            PlayerKind::Thoughtful => {
                                solve_one(solver, seed, dealing, pruning, make, verify)
                            }
                            _ => play_one(player, seed, dealing, make, verify),
                        };
                        let _ = tx.send(row);
                    },
                )
            });
            drop(tx);
        });
        for row in rx {
            match row {
                Ok(row) => {
                    journal.write_all(&row_line(&row)?)?;
                    meter.add(&row);
                    rows.push(row);
                }
                Err(e) => {
                    abort.store(true, Ordering::Relaxed);
                    bail!("internal error: {e}");
                }
            }
        }
        Ok(())
    });
    result?;
    meter.finish();
    rows.sort_by_key(|r| r.seed);
    if rows.len() != total {
        bail!("internal error: {} rows for {} seeds", rows.len(), total);
    }
    let summary = write_results(dir, &job.manifest.variant, &rows)?;
    fs::remove_file(&journal_path)?;
    Ok(summary)
}

fn solve_one<G, F, V>(
    solver: &mut Pipeline<G>,
    seed: u64,
    dealing: Dealing,
    pruning: Pruning,
    make: &F,
    verify: &V,
) -> Result<DealRow, String>
where
    G: PlayerView + Notation,
    G::State: Default,
    F: Fn(&Deal) -> G,
    V: Fn(&Deal, &[Action]) -> Result<(), String>,
{
    let deal = dealing.deal(seed).map_err(|e| e.to_string())?;
    let game = make(&deal);
    let decision =
        decide_deal(solver, &game, pruning, Shortening::Quick, |line| verify(&deal, line))
            .map_err(|e| format!("seed {seed}: {e}"))?;
    let r = &decision.decided.result;
    Ok(DealRow {
        seed,
        outcome: r.verdict.as_str().into(),
        states: r.states,
        // The clock covers all that the deal costs: the search, then for a win the shortening
        // and the replay through the reference rules.
        micros: micros(decision.total_seconds),
        solution_len: chosen_moves(&decision.line),
        max_home: r.max_home,
        redeals_used: redeals(&decision.line),
        decided_by: decision.decided.decided_by.map_or("", |p| p.as_str()).to_string(),
    })
}

/// The moves of a line the player chose (forced ones not counted).
fn chosen_moves(line: &[Action]) -> u32 {
    line.iter().filter(|a| !a.is_forced()).count() as u32
}

/// The redeals a line uses.
fn redeals(line: &[Action]) -> u32 {
    line.iter().filter(|a| matches!(a, Action::Redeal)).count() as u32
}

/// One deal played by a player that cannot see the stock: won or lost (the player's result,
/// not a proof). Its wins are replayed through the reference rules too.
fn play_one<G, F, V>(
    player: PlayerKind,
    seed: u64,
    dealing: Dealing,
    make: &F,
    verify: &V,
) -> Result<DealRow, String>
where
    G: PlayerView + Notation,
    G::State: Default,
    F: Fn(&Deal) -> G,
    V: Fn(&Deal, &[Action]) -> Result<(), String>,
{
    let deal = dealing.deal(seed).map_err(|e| e.to_string())?;
    let game = make(&deal);
    let clock = Stopwatch::start();
    let r = player.play(&game, seed);
    let line = if r.won { actions(&game, &r.moves) } else { vec![] };
    if r.won {
        verify(&deal, &line).map_err(|e| format!("seed {seed} ({}): {e}", player.describe()))?;
    }
    let micros = micros(clock.seconds());
    let outcome = if r.won { "won" } else { "lost" };
    Ok(DealRow {
        seed,
        outcome: outcome.into(),
        states: r.states,
        micros,
        solution_len: chosen_moves(&line),
        max_home: r.max_home,
        redeals_used: redeals(&line),
        decided_by: String::new(),
    })
}

/// Microseconds of the deal's thread's CPU time (wall time where the platform has no thread
/// clock, see `clock.rs`): what a deal cost, whatever else ran on the machine.
fn micros((seconds, _): (f64, Clock)) -> u64 {
    (seconds * 1e6).round() as u64
}

/// A player that has not won after this many moves has given up.
const MAX_PLAYER_MOVES: usize = 5_000;

/// Progress: a bar on a terminal, a line every ~10 s otherwise.
struct Meter {
    bar: Option<ProgressBar>,
    quiet: bool,
    total: usize,
    done: usize,
    won: u64,
    unknown: u64,
    started: Instant,
    last_line: Instant,
    done_at_start: usize,
}

impl Meter {
    fn new(mode: Progress, total: usize, done: usize, rows: &[DealRow]) -> Meter {
        let quiet = mode == Progress::Quiet;
        let bar = (!quiet && std::io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::new(total as u64);
            bar.set_style(
                ProgressStyle::with_template(
                    "{bar:30} {pos}/{len} deals  {per_sec}  ETA {eta}  {msg}",
                )
                .expect("a valid template"),
            );
            bar.set_position(done as u64);
            bar
        });
        let won = rows.iter().filter(|r| r.outcome == "won").count() as u64;
        let unknown = rows.iter().filter(|r| r.outcome == "unknown").count() as u64;
        Meter {
            bar,
            quiet,
            total,
            done,
            won,
            unknown,
            started: Instant::now(),
            last_line: Instant::now(),
            done_at_start: done,
        }
    }

    fn rate(&self) -> String {
        if self.done == 0 {
            return String::new();
        }
        let n = self.done as u64;
        let lo = crate::interval::wilson(self.won, n);
        let hi = crate::interval::wilson(self.won + self.unknown, n);
        format!(
            "won {:.1}%..{:.1}% (95%: {:.1}..{:.1})",
            100.0 * self.won as f64 / n as f64,
            100.0 * (self.won + self.unknown) as f64 / n as f64,
            100.0 * lo.low,
            100.0 * hi.high
        )
    }

    fn add(&mut self, row: &DealRow) {
        self.done += 1;
        self.won += (row.outcome == "won") as u64;
        self.unknown += (row.outcome == "unknown") as u64;
        if let Some(bar) = &self.bar {
            bar.set_position(self.done as u64);
            if self.done.is_multiple_of(16) || self.done == self.total {
                bar.set_message(self.rate());
            }
        } else if !self.quiet && self.last_line.elapsed() >= Duration::from_secs(10) {
            self.last_line = Instant::now();
            let secs = self.started.elapsed().as_secs_f64();
            let per_sec = (self.done - self.done_at_start) as f64 / secs.max(1e-9);
            let eta = (self.total - self.done) as f64 / per_sec.max(1e-9);
            eprintln!(
                "study: {}/{} deals, {per_sec:.1} deals/s, ETA {eta:.0} s, {}",
                self.done,
                self.total,
                self.rate()
            );
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_with_message(self.rate());
        }
    }
}
