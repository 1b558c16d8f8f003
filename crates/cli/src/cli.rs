//! The command line's grammar: every subcommand and its options (clap).

use crate::args::{DealArgs, Format, PlanArgs, PlayerArgs, RuleArgs, TableArgs, parse_pruning};
use crate::study;
use clap::{Parser, Subcommand};
use patience_games::game::Pruning;
use patience_study::DEFAULT_MAX_STATES;

#[derive(Parser)]
#[command(
    name = "patience",
    version,
    about = "Exact solver for two-deck patience games (Alhambra, Queen of Italy, Algerian and Crazy Quilt families)"
)]
#[command(
    after_help = "Exit codes: 0 won, 1 lost, 2 bad input (or a processor this build cannot run on), 3 unknown (a limit stopped the search), 4 internal error."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Decide one deal: won (with a solution), lost (proved), or unknown (a limit stopped it).
    Solve {
        /// The game (see `patience games`); with --pysol-save, the save names it.
        #[arg(required_unless_present = "pysol_save")]
        game: Option<String>,
        #[command(flatten)]
        deal: DealArgs,
        #[command(flatten)]
        rules: RuleArgs,
        /// Output format.
        #[arg(long, value_enum, default_value_t)]
        format: Format,
        /// Stop after this many distinct positions (the verdict is then unknown).
        #[arg(long, alias = "limit-states", default_value_t = DEFAULT_MAX_STATES)]
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
        /// Every legal move from the position with its verdict: it keeps the win (with a winning
        /// line), it loses it (proved: no win after it), or unknown. --max-states and
        /// --max-seconds are for the whole answer, shared among the moves.
        #[arg(long, conflicts_with_all = ["hint", "position_after"])]
        moves: bool,
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
        #[arg(long, value_parser = study::parse_seed_range, required_unless_present = "pysol", conflicts_with = "pysol")]
        seeds: Option<std::ops::Range<u64>>,
        /// PySolFC game numbers A..B instead of native seeds (half-open; from 1), for the games
        /// PySolFC has: the deals a PySolFC player gets as "game #N". The manifest says so.
        #[arg(long, value_name = "A..B", value_parser = study::parse_seed_range)]
        pysol: Option<std::ops::Range<u64>>,
        /// Worker threads (default: every core).
        #[arg(short = 'j', long, default_value_t = std::thread::available_parallelism().map_or(1, |n| n.get()))]
        jobs: usize,
        /// Threads per deal (default 1: each deal on one thread, every row the same from run to
        /// run). More, for a study of few hard deals: -j / N deals at once, each on N threads
        /// (as `solve -j N`: a win's line and, near --max-states, a verdict may then differ
        /// from run to run; a won deal is never lost with another N).
        #[arg(long, value_name = "N", default_value_t = 1)]
        threads_per_deal: usize,
        /// Distinct positions per deal before it is called unknown (the published studies'
        /// budget, as for `solve`).
        #[arg(long, alias = "limit-states", default_value_t = DEFAULT_MAX_STATES)]
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
        #[arg(long, default_value_t = DEFAULT_MAX_STATES)]
        max_states: u64,
        /// Worker threads (default: every core).
        #[arg(short = 'j', long, default_value_t = std::thread::available_parallelism().map_or(1, |n| n.get()))]
        jobs: usize,
        #[command(flatten)]
        plan: PlanArgs,
    },
    /// Regenerate a results folder's README.md tables (how often each player wins each game, and every study) and win-rates.svg chart from its studies.
    Report {
        /// The folder holding one study per subfolder.
        #[arg(default_value = "results")]
        results: std::path::PathBuf,
        /// Also rewrite the "How often will I win?" table in this file (the project's README):
        /// the block between its two how-often marker lines.
        #[arg(long, value_name = "FILE")]
        readme: Option<std::path::PathBuf>,
    },
    /// Print a deal's starting layout.
    Deal {
        /// The game (see `patience games`); with --pysol-save, the save names it.
        #[arg(required_unless_present = "pysol_save")]
        game: Option<String>,
        #[command(flatten)]
        deal: DealArgs,
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
    /// List the games, with their PySolFC ids.
    Games,
    /// Write a finished study over PySolFC game numbers (`study GAME --pysol A..B`) as a list of
    /// its won numbers: a Python module like PySolFC's own list of winnable Klondike games
    /// (numbers from 32000 on: lower ones PySolFC deals with another generator).
    ExportSolvable {
        /// The study's folder (its manifest.json and deals.csv).
        dir: std::path::PathBuf,
        /// The module to write (default results/pysolfc/GAME_solvable_seeds.py).
        #[arg(long, value_name = "FILE")]
        out: Option<std::path::PathBuf>,
    },
}
