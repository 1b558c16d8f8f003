//! Command-line arguments shared by the subcommands.

use anyhow::bail;
use clap::{Args, ValueEnum};
use patience_games::algerian::ReserveSpace;
use patience_games::game::Pruning;
use patience_games::rules::RuleOptions;

/// Which deal: exactly one of a native seed, a PySolFC game number, an explicit deal text, a
/// position or a PySolFC saved game.
#[derive(Args, Debug, Clone)]
pub struct DealArgs {
    #[command(flatten)]
    pub which: WhichDeal,
    /// With --deal: the text is in dealing order *before* the game's hook (a plain shuffle);
    /// move the cards the game deals first (the foundation bases: A and K of the first pack
    /// for the Alhambra and Crazy Quilt families, K for algerian) to the front, as PySolFC does.
    /// Without it the text must already start with them (RULES.md §1).
    #[arg(long)]
    pub apply_hook: bool,
}

#[derive(Args, Debug, Clone)]
#[group(required = true, multiple = false)]
pub struct WhichDeal {
    /// Native seed (u64): the deals used by studies.
    #[arg(long)]
    pub seed: Option<u64>,
    /// PySolFC game number, as PySolFC shows it ("game #N"), for games PySolFC has.
    #[arg(long, value_name = "N")]
    pub pysol: Option<String>,
    /// A file with 104 card codes in dealing order (D[0] first), or - for standard input.
    #[arg(long, value_name = "FILE")]
    pub deal: Option<String>,
    /// A position part-way through a game, as JSON (`patience deal --format json` prints one;
    /// README "Positions"), from a file or - for standard input.
    #[arg(long, value_name = "FILE")]
    pub position: Option<String>,
    /// A PySolFC saved game (File > Save in PySolFC 3.6), or - for standard input: its game
    /// (the game argument may be left out) at its position, under the rules PySolFC plays.
    #[arg(long, value_name = "FILE")]
    pub pysol_save: Option<String>,
}

/// Rule options of the variants (RULES.md); each applies only to the variants named.
#[derive(Args, Debug, Clone, Default)]
#[command(next_help_heading = "Rule options")]
pub struct RuleArgs {
    /// alhambra, granada: an empty waste accepts any card (PySolFC) instead of nothing.
    #[arg(long)]
    pub empty_waste_any: bool,
    /// reinforcements: refill empty reserves after player moves only, as PySolFC does.
    #[arg(long)]
    pub pf_refill_timing: bool,
    /// crazy-quilt, indian-carpet, persian-rug: building does not wrap between king and ace.
    #[arg(long)]
    pub no_wrap: bool,
    /// queen-of-italy-open: a foundation's top card (not its base) may return to the tableau
    /// (PySolFC). The terrace dead test and safe moves are then off (both assume foundations only
    /// grow).
    #[arg(long)]
    pub foundation_to_tableau: bool,
    /// algerian, carthage, algerian-parlett: when an empty reserve may take one card: `any`
    /// time (algerian, carthage), only `after-stock` (algerian-parlett), or `never`.
    #[arg(long, value_enum, value_name = "WHEN")]
    pub reserve_space: Option<ReserveSpaceArg>,
    /// algerian, carthage, algerian-parlett: a foundation's top card may not go back to a depot
    /// (PySolFC allows it, and so do we by default).
    #[arg(long)]
    pub no_foundation_to_depot: bool,
    /// Number of redeals (the variant's own by default; other values are for measurement; the
    /// Queen of Italy family allows 0 or 1, and in the second pass a card may be dealt only while
    /// the waste is empty).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(0..=9))]
    pub redeals: Option<u8>,
}

/// What the transposition table stores (solve, study, bench).
#[derive(Args, Debug, Clone, Copy)]
pub struct TableArgs {
    /// Store whole positions in the transposition table instead of 95-bit fingerprints: no
    /// collision possible (see the README), about eight times the memory per position.
    #[arg(long)]
    pub exact_table: bool,
}

/// How the solving pipeline splits a deal's budget of positions between its phases (solve,
/// study, bench; `patience_solver::pipeline`).
#[derive(Args, Debug, Clone, Copy, Default)]
#[command(next_help_heading = "Pipeline")]
pub struct PlanArgs {
    /// Only the exhaustive search, with the whole budget (the solver before the pipeline: for
    /// comparisons).
    #[arg(long)]
    pub plain_search: bool,
    /// Positions of the first, short exhaustive search (default: a tenth of --max-states).
    #[arg(long, value_name = "N")]
    pub probe_states: Option<u64>,
    /// Positions of the stricter phase: the deal under stricter rules whose wins are wins here
    /// (queen-of-italy-open under queen-of-italy's forced fills; default: the variant's share of
    /// --max-states, none for most, README "How it decides a deal"; 0: none).
    #[arg(long, value_name = "N")]
    pub stricter_states: Option<u64>,
    /// Positions the lookahead may store in all (default: the variant's share of --max-states,
    /// four tenths for most, README "How it decides a deal"; 0: no lookahead).
    #[arg(long, value_name = "N")]
    pub lookahead_states: Option<u64>,
    /// Positions the hedged lookahead may store in all (default: the variant's share of
    /// --max-states, two tenths for most; 0: none).
    #[arg(long, value_name = "N")]
    pub hedged_states: Option<u64>,
    /// Positions the lookahead's first walk may store per move it weighs (each next walk four
    /// times as many).
    #[arg(long, value_name = "N")]
    pub lookahead_per_move: Option<u64>,
    /// Searches with the far stock shuffled that the hedged lookahead runs per move it weighs
    /// (default 3).
    #[arg(long, value_name = "K")]
    pub hedge_samples: Option<u32>,
    /// Cards at the top of the stock the hedged lookahead's samples keep in their true order
    /// (default 10).
    #[arg(long, value_name = "N")]
    pub hedge_keep: Option<usize>,
}

impl PlanArgs {
    /// The plan for a budget of `max_states` on `variant`, or why the options do not make one.
    pub fn plan(
        &self,
        max_states: u64,
        variant: &patience_games::variant::VariantInfo,
    ) -> anyhow::Result<patience_solver::Plan> {
        use patience_solver::Plan;
        let custom = self.probe_states.is_some()
            || self.stricter_states.is_some()
            || self.lookahead_states.is_some()
            || self.lookahead_per_move.is_some()
            || self.hedged_states.is_some()
            || self.hedge_samples.is_some()
            || self.hedge_keep.is_some();
        if self.plain_search {
            if custom {
                bail!(
                    "--plain-search runs no probe and no lookahead: it does not combine with --probe-states, --stricter-states, --lookahead-states, --hedged-states, --lookahead-per-move, --hedge-samples or --hedge-keep"
                );
            }
            return Ok(Plan::PLAIN);
        }
        let mut plan = Plan::for_variant(variant, max_states);
        plan.probe = self.probe_states.unwrap_or(plan.probe);
        plan.stricter = self.stricter_states.unwrap_or(plan.stricter);
        plan.lookahead = self.lookahead_states.unwrap_or(plan.lookahead);
        plan.lookahead_per_move = self.lookahead_per_move.unwrap_or(plan.lookahead_per_move);
        plan.hedged = self.hedged_states.unwrap_or(plan.hedged);
        plan.hedge.samples = self.hedge_samples.unwrap_or(plan.hedge.samples);
        plan.hedge.keep = self.hedge_keep.unwrap_or(plan.hedge.keep);
        if (plan.lookahead > 0 || plan.hedged > 0) && plan.lookahead_per_move == 0 {
            bail!("--lookahead-per-move must be at least 1");
        }
        if plan
            .probe
            .saturating_add(plan.stricter)
            .saturating_add(plan.lookahead)
            .saturating_add(plan.hedged)
            > max_states
        {
            bail!(
                "--probe-states, --stricter-states, --lookahead-states and --hedged-states ({}, {}, {} and {}) add up to more than --max-states {max_states}",
                plan.probe,
                plan.stricter,
                plan.lookahead,
                plan.hedged
            );
        }
        Ok(plan)
    }
}

/// Who plays: the thoughtful solver (default) or a player that cannot see the stock.
#[derive(Args, Debug, Clone)]
#[command(next_help_heading = "Player")]
pub struct PlayerArgs {
    /// `thoughtful`: the exhaustive solver, which knows the stock order (won / lost / unknown).
    /// `greedy`, `sampling`: players that see only what a person sees (won or not).
    #[arg(long, value_enum, default_value_t = PlayerName::Thoughtful)]
    pub player: PlayerName,
    /// sampling: orders of the unseen cards tried at each decision.
    #[arg(long, value_name = "K", default_value_t = 8)]
    pub samples: usize,
    /// sampling: positions the solver may examine per sample and candidate move.
    #[arg(long, value_name = "N", default_value_t = 5_000)]
    pub sample_states: u64,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerName {
    Thoughtful,
    Greedy,
    Sampling,
}

impl PlayerArgs {
    pub fn kind(&self) -> anyhow::Result<patience_study::PlayerKind> {
        use patience_study::PlayerKind;
        if self.player != PlayerName::Sampling && (self.samples != 8 || self.sample_states != 5_000)
        {
            bail!("--samples and --sample-states apply only to --player sampling");
        }
        if self.samples == 0 || self.sample_states == 0 {
            bail!("--samples and --sample-states must be at least 1");
        }
        Ok(match self.player {
            PlayerName::Thoughtful => PlayerKind::Thoughtful,
            PlayerName::Greedy => PlayerKind::Greedy,
            PlayerName::Sampling => {
                PlayerKind::Sampling { samples: self.samples, budget: self.sample_states }
            }
        })
    }
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReserveSpaceArg {
    Any,
    AfterStock,
    Never,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Format {
    #[default]
    Text,
    Json,
}

impl RuleArgs {
    /// The options set, for the families to check.
    pub fn options(&self) -> RuleOptions {
        RuleOptions {
            empty_waste_any: self.empty_waste_any,
            pf_refill_timing: self.pf_refill_timing,
            no_wrap: self.no_wrap,
            foundation_to_tableau: self.foundation_to_tableau,
            reserve_space: self.reserve_space.map(|r| match r {
                ReserveSpaceArg::Any => ReserveSpace::Any,
                ReserveSpaceArg::AfterStock => ReserveSpace::AfterStock,
                ReserveSpaceArg::Never => ReserveSpace::Never,
            }),
            no_foundation_to_depot: self.no_foundation_to_depot,
            redeals: self.redeals,
        }
    }
}

/// `--prune`: `all`, `none`, or a comma list of the sound pruning rules to use.
pub fn parse_pruning(text: &str) -> Result<Pruning, String> {
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
