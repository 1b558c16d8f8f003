//! `patience`: solve patience deals exactly, print deals, list games.

/// Printing that ignores a closed pipe (`patience … | head`): the reader is gone, nothing to do.
macro_rules! outln {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($t)*);
    }};
}
macro_rules! out {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stdout(), $($t)*);
    }};
}

mod args;
mod cpu;
#[cfg(test)]
mod deal_fuzz;
mod position;
#[cfg(test)]
mod position_fuzz;
mod report;
mod study;

use anyhow::{Context, Result, bail};
use args::{
    DealArgs, Format, GameChoice, LoadedDeal, PlanArgs, PlayerArgs, RuleArgs, TableArgs,
    choose_game, load_deal,
};
use clap::{Parser, Subcommand};
use patience_games::game::{Action, Notation, PlayerView, Pruning};
use patience_games::rules::FamilyRules;
use patience_games::variant::VARIANTS;
use patience_games::with_rules;
use patience_solver::{Limits, Pipeline, Plan, Verdict, actions, shorten};
use report::SolveReport;
use std::process::ExitCode;
use std::time::Duration;

/// Exit codes: 0 won, 1 lost, 2 bad input, 3 unknown, 4 internal error.
const EXIT_LOST: u8 = 1;
const EXIT_BAD_INPUT: u8 = 2;
const EXIT_UNKNOWN: u8 = 3;
const EXIT_INTERNAL: u8 = 4;

#[derive(Parser)]
#[command(
    name = "patience",
    version,
    about = "Exact solver for two-deck patience games (Alhambra, Queen of Italy, Algerian and Crazy Quilt families)"
)]
#[command(
    after_help = "Exit codes: 0 won, 1 lost, 2 bad input (or a processor this build cannot run on), 3 unknown (a limit stopped the search), 4 internal error."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Decide one deal: won (with a solution), lost (proved), or unknown (a limit stopped it).
    Solve {
        /// The game (see `patience games`).
        game: String,
        #[command(flatten)]
        deal: DealArgs,
        #[command(flatten)]
        rules: RuleArgs,
        /// Output format.
        #[arg(long, value_enum, default_value_t)]
        format: Format,
        /// Stop after this many distinct positions (the verdict is then unknown).
        #[arg(long, alias = "limit-states", default_value_t = Limits::default().max_states)]
        max_states: u64,
        /// Stop after this many seconds (0: no time limit).
        #[arg(long, default_value_t = 60.0, conflicts_with = "limit_ms")]
        max_seconds: f64,
        /// The time limit in milliseconds (the old name; use --max-seconds).
        #[arg(long, hide = true)]
        limit_ms: Option<u64>,
        /// Memory budget of the transposition table, in MiB.
        #[arg(long, default_value_t = 2048)]
        table_mb: usize,
        #[command(flatten)]
        table: TableArgs,
        /// Sound pruning rules to use: `all`, `none` (a plain search), or a comma list of
        /// `dead` (dead positions), `forced` (forced moves), `por` (partial-order reduction),
        /// `sym` (symmetric positions).
        #[arg(long, default_value = "all", value_parser = parse_pruning)]
        prune: Pruning,
        #[command(flatten)]
        plan: PlanArgs,
        #[command(flatten)]
        player: PlayerArgs,
        /// With a win, also print the position after the first K moves of the solution (the
        /// moves the rules then make by themselves included), computed by the reference rules:
        /// JSON `position`, which `--position` reads back.
        #[arg(long, value_name = "K", conflicts_with = "hint")]
        position_after: Option<usize>,
        /// Print only the first move of a winning line ("can I still win from here, and what do
        /// I play?"), or that there is no win (proved), or that the search could not tell.
        #[arg(long)]
        hint: bool,
        /// Threads deciding the deal (default 1). With 1 the answer is the same every run (the
        /// same line, the same hint); with more, a won deal may get another line from run to
        /// run, never another verdict, but near --max-states (which counts every thread's
        /// positions) it may be decided with one number and unknown with another.
        #[arg(short = 'j', long, default_value_t = 1)]
        jobs: usize,
    },
    /// Run a win-rate study: decide native seeds A..B (half-open: B excluded) in parallel and
    /// write per-deal rows, a summary with 95% intervals and a manifest to DIR.
    Study {
        game: String,
        /// Seeds A..B, half-open (A included, B not), e.g. 0..10000.
        #[arg(long, value_parser = study::parse_seed_range)]
        seeds: std::ops::Range<u64>,
        /// Worker threads (default: every core).
        #[arg(short = 'j', long, default_value_t = std::thread::available_parallelism().map_or(1, |n| n.get()))]
        jobs: usize,
        /// Threads per deal (default 1: each deal on one thread, every row the same from run to
        /// run). More, for a study of few hard deals: -j / N deals at once, each on N threads
        /// (as `solve -j N`: a win's line and, near --max-states, a verdict may then differ
        /// from run to run; a won deal is never lost with another N).
        #[arg(long, value_name = "N", default_value_t = 1)]
        threads_per_deal: usize,
        /// Distinct positions per deal before it is called unknown.
        #[arg(long, alias = "limit-states", default_value_t = 1_000_000)]
        max_states: u64,
        /// Seconds per deal before it is called unknown (off by default: a time limit makes
        /// results depend on the machine).
        #[arg(long, conflicts_with = "limit_ms")]
        max_seconds: Option<f64>,
        /// The time limit in milliseconds (the old name of --max-seconds, kept so published
        /// commands still run).
        #[arg(long, hide = true)]
        limit_ms: Option<u64>,
        /// Transposition table budget per worker thread, in MiB.
        #[arg(long, default_value_t = 512)]
        table_mb: usize,
        #[command(flatten)]
        table: TableArgs,
        /// Output folder (default: study-GAME-A-B).
        #[arg(long, value_name = "DIR")]
        out: Option<std::path::PathBuf>,
        /// Run only shard I (0-based) of K contiguous parts of the seed range (for clusters).
        #[arg(long, value_name = "I/K", value_parser = study::parse_shard)]
        shard: Option<(u64, u64)>,
        /// Continue a study killed part-way in DIR (refused if DIR holds a different study).
        #[arg(long)]
        resume: bool,
        /// No progress output.
        #[arg(long)]
        quiet: bool,
        #[command(flatten)]
        rules: RuleArgs,
        /// Sound pruning rules (as for `solve`).
        #[arg(long, default_value = "all")]
        prune: String,
        #[command(flatten)]
        plan: PlanArgs,
        #[command(flatten)]
        player: PlayerArgs,
    },
    /// Join finished shards of one study (refuses shards of different studies, and missing or
    /// repeated seeds) and write the combined files to --out.
    Merge {
        /// The shard folders.
        #[arg(required = true)]
        dirs: Vec<std::path::PathBuf>,
        #[arg(long, value_name = "DIR")]
        out: std::path::PathBuf,
    },
    /// Measure the engine: solve a fixed seed set and print deals decided, time per deal, unique
    /// states per second per core and table memory (one table; --format json too).
    Bench {
        game: String,
        /// Seeds A..B, half-open. With the default limit, the default is the benchmark log's set
        /// (scripts/bench-log.sh): one timed run each on the VM of the latest entry took 23 s
        /// (alhambra), 26 s (crazy-quilt), 12 s (queen-of-italy) and 2.4 s (algerian).
        #[arg(long, default_value = "0..1000", value_parser = study::parse_seed_range)]
        seeds: std::ops::Range<u64>,
        /// Distinct positions per deal before it is called unknown.
        #[arg(long, alias = "limit-states", default_value_t = 200_000)]
        max_states: u64,
        /// Seconds per deal before it is called unknown (off by default: the bench's figures are
        /// for a fixed number of states).
        #[arg(long, conflicts_with = "limit_ms")]
        max_seconds: Option<f64>,
        /// The time limit in milliseconds (the old name of --max-seconds).
        #[arg(long, hide = true)]
        limit_ms: Option<u64>,
        /// Worker threads (default 1: states per second per core).
        #[arg(short = 'j', long, default_value_t = 1)]
        jobs: usize,
        #[command(flatten)]
        table: TableArgs,
        #[arg(long, value_enum, default_value_t)]
        format: Format,
        #[command(flatten)]
        rules: RuleArgs,
        #[command(flatten)]
        plan: PlanArgs,
    },
    /// The loss audit: every deal a thoughtful study proved lost is given to the win-finding
    /// phases again (the stricter rules' phases where the variant has them, the lookahead and the
    /// hedged lookahead with --factor times the study's budget each, then the search with as
    /// much), without the dead-position tests they audit.
    /// Prints every deal won; exit 1 if any.
    Audit {
        /// A finished thoughtful study's folder (its manifest.json and deals.csv).
        dir: std::path::PathBuf,
        /// Each phase's budget as a multiple of the study's --max-states.
        #[arg(long, default_value_t = 10)]
        factor: u64,
        /// Audit only the lost deals with seeds A..B (half-open), e.g. to audit a large study in
        /// parts (default: every lost deal).
        #[arg(long, value_parser = study::parse_seed_range)]
        seeds: Option<std::ops::Range<u64>>,
        /// Worker threads (default: every core).
        #[arg(short = 'j', long, default_value_t = std::thread::available_parallelism().map_or(1, |n| n.get()))]
        jobs: usize,
    },
    /// The dominance check: every deal that a player study (greedy or sampling, which cannot see
    /// the stock) won must be won by the thoughtful pipeline, which knows it. Prints the
    /// exceptions; exit 1 if there are any.
    Dominance {
        /// A finished player study's folder (its manifest.json and deals.csv).
        dir: std::path::PathBuf,
        /// The pipeline's positions per deal.
        #[arg(long, default_value_t = 5_000_000)]
        max_states: u64,
        /// Worker threads (default: every core).
        #[arg(short = 'j', long, default_value_t = std::thread::available_parallelism().map_or(1, |n| n.get()))]
        jobs: usize,
        #[command(flatten)]
        plan: PlanArgs,
    },
    /// Regenerate a results folder's README.md table and win-rates.svg chart from its studies.
    Report {
        /// The folder holding one study per subfolder.
        #[arg(default_value = "results")]
        results: std::path::PathBuf,
    },
    /// Print a deal's starting layout.
    Deal {
        game: String,
        #[command(flatten)]
        deal: DealArgs,
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
    /// List the games, with their PySolFC ids.
    Games,
}

fn main() -> ExitCode {
    // Before anything built for the target's features runs (see cpu.rs).
    if let Some(why) = cpu::unsupported() {
        eprintln!("patience: {why}");
        return ExitCode::from(EXIT_BAD_INPUT);
    }
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!("patience: {e:#}");
            let internal = e.downcast_ref::<InternalError>().is_some();
            ExitCode::from(if internal { EXIT_INTERNAL } else { EXIT_BAD_INPUT })
        }
    }
}

/// A bug of ours, not bad input.
#[derive(Debug)]
struct InternalError(String);
impl std::fmt::Display for InternalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "internal error: {}", self.0)
    }
}
impl std::error::Error for InternalError {}

fn run(cli: Cli) -> Result<u8> {
    match cli.command {
        Command::Games => {
            print_games();
            Ok(0)
        }
        Command::Study {
            game,
            seeds,
            jobs,
            threads_per_deal,
            max_states,
            max_seconds,
            limit_ms,
            table_mb,
            table,
            out,
            shard,
            resume,
            quiet,
            rules,
            prune,
            plan,
            player,
        } => {
            let player = player.kind()?;
            let choice = choose_game(&game, &rules)?;
            let plan = plan.plan(max_states, choice.info)?;
            let max_ms = time_limit_ms(max_seconds, limit_ms)?;
            let pruning = parse_pruning(&prune).map_err(anyhow::Error::msg)?;
            let args = study::StudyArgs {
                seeds,
                jobs,
                threads_per_deal,
                max_states,
                max_ms,
                table_mb,
                exact_table: table.exact_table,
                out,
                shard,
                resume,
                quiet,
                pruning,
                pruning_text: prune,
                plan,
                player,
            };
            let summary = study::run(&choice, args)?;
            outln!("{}", summary.headline());
            Ok(0)
        }
        Command::Bench {
            game,
            seeds,
            max_states,
            max_seconds,
            limit_ms,
            jobs,
            table,
            format,
            rules,
            plan,
        } => {
            if jobs == 0 || max_states == 0 {
                bail!("-j and --max-states must be at least 1");
            }
            let choice = choose_game(&game, &rules)?;
            let plan = plan.plan(max_states, choice.info)?;
            let max_ms = time_limit_ms(max_seconds, limit_ms)?;
            let report =
                study::bench(&choice, seeds, max_states, plan, max_ms, jobs, table.exact_table)?;
            match format {
                Format::Text => out!("{}", report.to_text()),
                Format::Json => outln!("{}", serde_json::to_string(&report)?),
            }
            Ok(0)
        }
        Command::Audit { dir, factor, seeds, jobs } => {
            if jobs == 0 || factor == 0 {
                bail!("-j and --factor must be at least 1");
            }
            audit(&dir, factor, seeds, jobs)
        }
        Command::Dominance { dir, max_states, jobs, plan } => {
            if jobs == 0 || max_states == 0 {
                bail!("-j and --max-states must be at least 1");
            }
            dominance(&dir, max_states, plan, jobs)
        }
        Command::Report { results } => {
            out!("{}", patience_study::report::write_report(&results)?);
            Ok(0)
        }
        Command::Merge { dirs, out } => {
            let summary = patience_study::merge(&dirs, &out, std::env::args().collect())?;
            outln!("{}", summary.headline());
            Ok(0)
        }
        Command::Deal { game, deal, format } => {
            let choice = choose_game(&game, &RuleArgs::default())?;
            let LoadedDeal { name, deal: d, layout, .. } = load_deal(&deal, &choice)?;
            let talon = d.as_ref().map(|d| d.to_text());
            match format {
                Format::Text => {
                    outln!("game: {}  ({name})", choice.info.name);
                    out!("{}", layout.to_text(&choice.rules.waste_names()));
                    if let Some(talon) = talon {
                        outln!("talon: {talon}");
                    }
                }
                Format::Json => outln!(
                    "{}",
                    serde_json::json!({"game": choice.info.name, "deal": name, "talon": talon, "layout": layout})
                ),
            }
            Ok(0)
        }
        Command::Solve {
            game,
            deal,
            rules,
            format,
            max_states,
            max_seconds,
            limit_ms,
            table_mb,
            table,
            prune,
            plan,
            player,
            hint,
            position_after,
            jobs,
        } => {
            let player = player.kind()?;
            if (hint || position_after.is_some())
                && player != patience_study::PlayerKind::Thoughtful
            {
                bail!(
                    "--hint and --position-after are the solver's: they do not combine with --player"
                );
            }
            if max_states == 0 {
                bail!("--max-states must be at least 1");
            }
            if jobs == 0 {
                bail!("-j/--jobs must be at least 1");
            }
            if jobs > 1 && table.exact_table {
                bail!(
                    "--exact-table is for one thread: the threads' shared table stores fingerprints (use -j 1)"
                );
            }
            let choice = choose_game(&game, &rules)?;
            let plan = plan.plan(max_states, choice.info)?;
            let max_ms = match limit_ms {
                Some(ms) => Some(ms),
                None => time_limit_ms(Some(max_seconds), None)?,
            };
            if table_mb == 0 {
                bail!("--table-mb must be at least 1");
            }
            let loaded = load_deal(&deal, &choice)?;
            let limits = Limits {
                max_states,
                max_time: max_ms.filter(|&ms| ms > 0).map(Duration::from_millis),
                table_bytes: table_mb << 20,
                exact_table: table.exact_table,
                ..Limits::default()
            };
            if player != patience_study::PlayerKind::Thoughtful {
                return play_and_report(&choice, &loaded, player, format);
            }
            let (choice, loaded) = (&choice, &loaded);
            solve_and_report(SolveJob {
                choice,
                loaded,
                layout: &loaded.layout,
                limits,
                plan,
                pruning: prune,
                format,
                hint,
                position_after,
                threads: jobs,
            })
        }
    }
}

/// The game a finished study's deals were dealt and solved under: its manifest's `study` command
/// parsed again. A merged study's `command` is the merge; its `shard_command` keeps a shard's
/// study command. A merge made before that field existed keeps neither, so its game is the
/// variant's with default rule options, accepted only where those print as the manifest's rules:
/// a merge of studies run with rule options is then refused with a pointer to its shards, never
/// audited under the wrong rules.
fn study_game(
    dir: &std::path::Path,
    manifest: &patience_study::manifest::Manifest,
) -> Result<GameChoice> {
    let study = |command: &[String]| match Cli::try_parse_from(command) {
        Ok(Cli { command: Command::Study { game, rules, .. } }) => Some((game, rules)),
        _ => None,
    };
    let choice = if let Some((game, rules)) =
        study(&manifest.command).or_else(|| manifest.shard_command.as_deref().and_then(study))
    {
        choose_game(&game, &rules)?
    } else if let Ok(Cli { command: Command::Merge { .. } }) =
        Cli::try_parse_from(&manifest.command)
    {
        let choice = choose_game(&manifest.variant, &RuleArgs::default())?;
        let printed = choice.rules.options_text();
        if printed != manifest.rules {
            bail!(
                "{}: a merged study whose rules ({}) are not {}'s defaults: give the audit its shard folders, whose manifests hold the study command",
                dir.display(),
                manifest.rules,
                manifest.variant
            );
        }
        choice
    } else {
        bail!(
            "{}: its manifest's command is not a `patience study` or `patience merge` command this version reads",
            dir.display()
        );
    };
    if choice.info.name != manifest.variant {
        bail!(
            "{}: its command names {}, its manifest {}",
            dir.display(),
            choice.info.name,
            manifest.variant
        );
    }
    Ok(choice)
}

/// `patience audit DIR`: the study's own command line, parsed again, says which game and rule
/// options its deals were solved under.
fn audit(
    dir: &std::path::Path,
    factor: u64,
    seeds: Option<std::ops::Range<u64>>,
    jobs: usize,
) -> Result<u8> {
    let manifest = patience_study::run::read_manifest(dir)?;
    if manifest.player != "thoughtful" {
        bail!(
            "{} is a study of the {} player, which proves nothing lost: the audit takes a thoughtful study",
            dir.display(),
            manifest.player
        );
    }
    let choice = study_game(dir, &manifest)?;
    let deals = dir.join(patience_study::run::DEALS);
    let text = std::fs::read_to_string(&deals)
        .with_context(|| format!("reading {} (is the study finished?)", deals.display()))?;
    let (rows, _) = patience_study::row::read_rows(&text, false)
        .with_context(|| format!("reading {}", deals.display()))?;
    let lost: Vec<u64> = rows
        .iter()
        .filter(|r| r.outcome == "lost" && seeds.as_ref().is_none_or(|s| s.contains(&r.seed)))
        .map(|r| r.seed)
        .collect();
    let of = match &seeds {
        Some(s) => format!("seeds {}..{} of {}", s.start, s.end, rows.len()),
        None => rows.len().to_string(),
    };
    let budget = manifest
        .max_states
        .checked_mul(factor)
        .context("--factor times the study's --max-states overflows")?;
    let found = patience_study::audit::check(choice.rules, choice.info.hook, &lost, budget, jobs)?;
    let record = patience_study::audit::Record {
        seeds: seeds.as_ref().map(|s| (s.start, s.end)),
        lost: lost.len(),
        factor,
        budget,
        won: found.iter().map(|c| c.seed).collect(),
        git_commit: env!("PATIENCE_GIT_COMMIT").into(),
        command: std::env::args().collect(),
    };
    patience_study::audit::append(dir, &record)?;
    for c in &found {
        outln!(
            "seed {}: proved lost by the study, WON by the {} ({} states)",
            c.seed,
            c.phase,
            c.states
        );
    }
    outln!(
        "{}: {} of {} deals proved lost; the audit ({}; {budget} positions for each of the stricter rules' phases where the variant has them, the lookahead, the hedged lookahead and the search, no dead-position test) won {}{}",
        manifest.variant,
        lost.len(),
        of,
        manifest.rules,
        found.len(),
        if found.is_empty() { ": no contradiction" } else { ": CONTRADICTIONS" }
    );
    Ok(if found.is_empty() { 0 } else { 1 })
}

/// `patience dominance DIR`: the player study's own command line, parsed again, says which game
/// and rule options its deals were played under.
fn dominance(dir: &std::path::Path, max_states: u64, plan: PlanArgs, jobs: usize) -> Result<u8> {
    let manifest = patience_study::run::read_manifest(dir)?;
    if manifest.player == "thoughtful" {
        bail!(
            "{} is a study of the thoughtful solver: the dominance check takes a player's study (--player greedy or sampling)",
            dir.display()
        );
    }
    let choice = study_game(dir, &manifest)?;
    let plan = plan.plan(max_states, choice.info)?;
    let deals = dir.join(patience_study::run::DEALS);
    let text = std::fs::read_to_string(&deals)
        .with_context(|| format!("reading {} (is the study finished?)", deals.display()))?;
    let (rows, _) = patience_study::row::read_rows(&text, false)
        .with_context(|| format!("reading {}", deals.display()))?;
    let won: Vec<u64> = rows.iter().filter(|r| r.outcome == "won").map(|r| r.seed).collect();
    let limits = Limits { max_states, max_time: None, table_bytes: 512 << 20, ..Limits::default() };
    let exceptions =
        patience_study::dominance::check(choice.rules, choice.info.hook, &won, limits, plan, jobs)?;
    for e in &exceptions {
        outln!(
            "seed {}: won by the {} player, {} by the pipeline ({} states)",
            e.seed,
            manifest.player,
            e.verdict.as_str(),
            e.states
        );
    }
    outln!(
        "{}: the {} player won {} of {} deals; the pipeline ({}; {max_states} states) won {} of them{}",
        manifest.variant,
        manifest.player,
        won.len(),
        rows.len(),
        plan.describe(),
        won.len() - exceptions.len(),
        if exceptions.is_empty() { ": dominance holds" } else { "" }
    );
    Ok(if exceptions.is_empty() { 0 } else { 1 })
}

/// Solves the job's game, built from its layout through the one dispatch.
fn solve_and_report(job: SolveJob) -> Result<u8> {
    let layout = job.layout;
    with_rules!(job.choice.rules, |r| job.run(&r.game(layout)?))
}

/// `solve --player greedy|sampling`: one deal played by a player that cannot see the stock,
/// each move with the player's reasoning. Exit 0 if the player won, 1 if it did not (which
/// proves nothing about the deal).
fn play_and_report(
    choice: &GameChoice,
    loaded: &LoadedDeal,
    player: patience_study::PlayerKind,
    format: Format,
) -> Result<u8> {
    with_rules!(choice.rules, |r| play_report(
        choice,
        loaded,
        player,
        format,
        &r.game(&loaded.layout)?
    ))
}

fn play_report<G: PlayerView + Notation>(
    choice: &GameChoice,
    loaded: &LoadedDeal,
    player: patience_study::PlayerKind,
    format: Format,
    game: &G,
) -> Result<u8>
where
    G::State: Default,
{
    let deal_name = &loaded.name;
    let talon = loaded.deal.as_ref().map(|d| d.to_text());
    // The sampling player's shuffles are seeded by the deal's seed, as in a study (0 for a deal
    // that has none).
    let seed = loaded.seed.unwrap_or(0);
    let started = std::time::Instant::now();
    let r = player.play(game, seed);
    let line = actions(game, &r.moves);
    if r.won {
        patience_verify::replay(&choice.rules, &loaded.layout, &line)
            .map_err(|e| anyhow::Error::new(InternalError(e)))?;
    }
    // Each player move in rule-book notation (the rendered line has exactly one unforced action
    // per move), with the reasoning behind it.
    let decisions: Vec<(String, String)> = line
        .iter()
        .filter(|a| !a.is_forced())
        .zip(&r.reasoning)
        .map(|(a, why)| (a.to_string(), why.clone()))
        .collect();
    match format {
        Format::Text => {
            outln!("game: {}  ({deal_name})\nplayer: {}", choice.info.name, player.describe());
            let verdict = if r.won {
                "won by the player (replayed through the reference rules)"
            } else {
                "not won by the player (this proves nothing about the deal)"
            };
            outln!(
                "verdict: {verdict} after {} moves; {} solver positions spent thinking; {:.3} s",
                r.moves.len(),
                r.states,
                started.elapsed().as_secs_f64()
            );
            for (i, (a, why)) in decisions.iter().enumerate() {
                outln!("{:4}. {a:<28} {why}", i + 1);
            }
        }
        Format::Json => {
            let moves: Vec<report::JsonAction> =
                line.iter().map(|&a| report::JsonAction(a)).collect();
            let decisions: Vec<_> = decisions
                .iter()
                .map(|(a, why)| serde_json::json!({"move": a, "reasoning": why}))
                .collect();
            outln!(
                "{}",
                serde_json::json!({"game": choice.info.name, "deal": deal_name, "talon": talon, "player": player.describe(),
                    "won": r.won, "states": r.states, "moves": moves, "decisions": decisions})
            );
        }
    }
    Ok(if r.won { 0 } else { EXIT_LOST })
}

struct SolveJob<'a> {
    choice: &'a GameChoice,
    loaded: &'a LoadedDeal,
    layout: &'a patience_games::layout::Layout,
    limits: Limits,
    plan: Plan,
    pruning: Pruning,
    format: Format,
    hint: bool,
    position_after: Option<usize>,
    threads: usize,
}

impl SolveJob<'_> {
    /// The position after the first `k` chosen moves of `solution` and the forced ones that
    /// follow them, by the reference rules.
    fn position_after(
        &self,
        solution: &[Action],
        k: usize,
    ) -> Result<(usize, patience_games::layout::Layout)> {
        let chosen = solution.iter().filter(|a| !a.is_forced()).count();
        if k > chosen {
            bail!("--position-after {k}: the solution has {chosen} moves");
        }
        // Just past the k-th chosen move, then past the forced moves it brings.
        let mut end = match k {
            0 => 0,
            _ => solution
                .iter()
                .enumerate()
                .filter(|(_, a)| !a.is_forced())
                .nth(k - 1)
                .map_or(0, |(i, _)| i + 1),
        };
        while k > 0 && end < solution.len() && solution[end].is_forced() {
            end += 1;
        }
        let moves = patience_verify::reference_moves(&solution[..end]);
        let (layout, _) = patience_verify::position_after(&self.choice.rules, self.layout, &moves)
            .map_err(|e| anyhow::Error::new(InternalError(e)))?;
        Ok((k, layout))
    }

    /// Solves, replays a win through the reference rules, prints, and gives the exit code.
    fn run<G: PlayerView + Notation>(self, game: &G) -> Result<u8>
    where
        G::State: Default,
    {
        let decided = Pipeline::new(self.limits, self.plan)
            .with_threads(self.threads)
            .solve(game, self.pruning);
        let solution = actions(game, &shorten(game, &decided.result.moves));
        let mut report = SolveReport::new(
            self.choice.info.name,
            self.loaded.name.clone(),
            self.loaded.deal.as_ref().map(|d| d.to_text()),
            self.layout.clone(),
            &decided,
            self.plan,
            solution.clone(),
        );
        let result = decided.result;
        if result.verdict == Verdict::Won {
            patience_verify::replay(&self.choice.rules, self.layout, &solution)
                .map_err(|e| anyhow::Error::new(InternalError(e)))?;
            report.verified = true;
            if let Some(k) = self.position_after {
                report.position = Some(self.position_after(&solution, k)?);
            }
        }
        match (self.format, self.hint) {
            (Format::Text, false) => out!("{}", report.to_text(&self.choice.rules.waste_names())),
            (Format::Json, false) => outln!("{}", serde_json::to_string(&report)?),
            (Format::Text, true) => {
                out!("{}", report::HintReport::of(&report, &solution).to_text())
            }
            (Format::Json, true) => {
                outln!("{}", serde_json::to_string(&report::HintReport::of(&report, &solution))?)
            }
        }
        Ok(match result.verdict {
            Verdict::Won => 0,
            Verdict::Lost => EXIT_LOST,
            Verdict::Unknown => EXIT_UNKNOWN,
        })
    }
}

/// The time limit in milliseconds from `--max-seconds` or the old `--limit-ms` (clap refuses
/// both at once); `None` for no limit.
fn time_limit_ms(max_seconds: Option<f64>, limit_ms: Option<u64>) -> Result<Option<u64>> {
    match (max_seconds, limit_ms) {
        (Some(s), _) if !(s >= 0.0 && s.is_finite() && s <= 1e12) => {
            bail!("--max-seconds must be a number of seconds, 0 or more")
        }
        (Some(s), _) => Ok(Some((s * 1000.0).round() as u64)),
        (None, ms) => Ok(ms),
    }
}

fn parse_pruning(text: &str) -> Result<Pruning, String> {
    let mut p = Pruning::NONE;
    for word in text.split(',').map(str::trim) {
        match word {
            "all" => p = Pruning::ALL,
            "none" => {}
            "dead" => p.dead_positions = true,
            "forced" => p.forced_moves = true,
            "por" => p.partial_order = true,
            "sym" => p.symmetry = true,
            other => {
                return Err(format!(
                    "unknown pruning rule {other:?} (use all, none, dead, forced, por, sym)"
                ));
            }
        }
    }
    Ok(p)
}

fn print_games() {
    outln!("{:<24} {:<8} {:<7} {:<12} aliases", "game", "PySolFC", "rules", "status");
    for v in VARIANTS {
        outln!(
            "{:<24} {:<8} {:<7} {:<12} {}",
            v.name,
            v.pysol_id.map_or("-".to_string(), |i| i.to_string()),
            v.section,
            "implemented",
            v.aliases.join(", ")
        );
    }
}
