//! Command-line arguments shared by the subcommands.

use anyhow::{Context, Result, bail};
use clap::{Args, ValueEnum};
use patience_games::algerian::ReserveSpace;
use patience_games::deal::{
    Deal, DealError, DealSource, Hook, make_deal, pysol::parse_game_number,
};
use patience_games::layout::Layout;
use patience_games::rules::RuleOptions;
use patience_games::variant::Rules;
use patience_games::variant::{VariantInfo, find_variant};
use std::io::Read;

/// Which deal: exactly one of a native seed, a PySolFC game number, an explicit deal text or a
/// position.
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

/// A resolved game: which variant, with which rules.
pub struct GameChoice {
    pub info: &'static VariantInfo,
    pub rules: Rules,
}

impl RuleArgs {
    fn options(&self) -> RuleOptions {
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

/// The variant named `name` with the rule options given (each family checks its own).
pub fn choose_game(name: &str, options: &RuleArgs) -> Result<GameChoice> {
    let info = find_variant(name)?;
    let rules = info.rules.with_options(&options.options()).map_err(anyhow::Error::msg)?;
    Ok(GameChoice { info, rules })
}

/// What the user asked for, in words for the report.
pub fn describe_source(source: &DealSource) -> String {
    match source {
        DealSource::Native(s) => format!("native seed {s}"),
        DealSource::Pysol(n) => format!("PySolFC game #{n}"),
        DealSource::Text(_) => "explicit deal".to_string(),
        DealSource::TextToHook(_) => "explicit deal, hook applied".to_string(),
    }
}

pub fn deal_source(args: &DealArgs, info: &VariantInfo) -> Result<DealSource> {
    let (hooked, args) = (args.apply_hook, &args.which);
    if let Some(seed) = args.seed {
        return Ok(DealSource::Native(seed));
    }
    if let Some(n) = &args.pysol {
        if info.pysol_id.is_none() {
            bail!(DealError::NoPysolNumbering(info.name.to_string()));
        }
        return Ok(DealSource::Pysol(parse_game_number(n)?));
    }
    let Some(path) = args.deal.as_deref() else {
        bail!("name a deal: --seed, --pysol, --deal or --position")
    };
    let text = deal_text(read_input(path, "deal")?)?;
    if !hooked {
        return Ok(DealSource::Text(text));
    }
    if info.hook == Hook::None {
        bail!("--apply-hook: {} has no hook (its deal text is dealt as given)", info.name);
    }
    Ok(DealSource::TextToHook(text))
}

/// The bytes of FILE, or of standard input for `-`.
fn read_input(path: &str, what: &str) -> Result<Vec<u8>> {
    if path == "-" {
        let mut b = Vec::new();
        std::io::stdin()
            .read_to_end(&mut b)
            .with_context(|| format!("reading the {what} from standard input"))?;
        Ok(b)
    } else {
        std::fs::read(path).with_context(|| format!("reading {what} file {path}"))
    }
}

/// A deal file's bytes as text: card codes are ASCII or the suit symbols, so anything that is not
/// UTF-8 is refused here with the offset of the first bad byte.
pub fn deal_text(bytes: Vec<u8>) -> Result<String> {
    String::from_utf8(bytes).map_err(|e| {
        anyhow::anyhow!(
            "deal text is not UTF-8 text: byte {} is not valid (card codes look like TD, 10d, Q♠)",
            e.utf8_error().valid_up_to() + 1
        )
    })
}

/// A deal's start or a position, checked: what `deal`, `solve`, `hint` and every other command
/// that takes a game from the user go through. A layout the game rejects is an error, never a
/// panic.
pub struct LoadedDeal {
    /// In words, for the report: "native seed 5", "position from FILE", ...
    pub name: String,
    /// The native seed, if the deal has one (it seeds the sampling player's shuffles).
    pub seed: Option<u64>,
    /// The talon of a deal; `None` for a position, which needs none.
    pub deal: Option<Deal>,
    pub layout: Layout,
}

pub fn load_deal(args: &DealArgs, choice: &GameChoice) -> Result<LoadedDeal> {
    if args.apply_hook && args.which.deal.is_none() {
        bail!(
            "--apply-hook applies only to --deal (a seed's or game number's deal has its hook already, a position's cards are where it says)"
        );
    }
    if let Some(path) = &args.which.position {
        let text = String::from_utf8(read_input(path, "position")?)
            .map_err(|_| anyhow::anyhow!("position file {path} is not UTF-8 text"))?;
        let layout = crate::position::parse_position(&text, choice)?;
        choice.rules.check(&layout)?;
        let name = if path == "-" {
            "position from standard input".into()
        } else {
            format!("position from {path}")
        };
        return Ok(LoadedDeal { name, seed: None, deal: None, layout });
    }
    deal_from_source(choice, deal_source(args, choice.info)?)
}

pub fn deal_from_source(choice: &GameChoice, source: DealSource) -> Result<LoadedDeal> {
    let deal = make_deal(&source, choice.info.hook)?;
    let layout = choice.rules.layout(&deal);
    choice.rules.check(&layout)?;
    let seed = match source {
        DealSource::Native(seed) => Some(seed),
        _ => None,
    };
    Ok(LoadedDeal { name: describe_source(&source), seed, deal: Some(deal), layout })
}
