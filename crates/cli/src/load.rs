//! A deal or a position from the user, loaded and checked: the native seed, PySolFC number,
//! deal text, position file or PySolFC saved game that `--seed`, `--pysol`, `--deal`,
//! `--position` and `--pysol-save` name, with the game it is of.

use crate::args::{DealArgs, RuleArgs};
use crate::choice::{GameChoice, choose_game};
use crate::position::parse_position;
use crate::pysol_save::read_save;
use crate::save_position::position_of;
use anyhow::{Context, Result, bail};
use patience_games::deal::{
    Deal, DealError, DealSource, Hook, make_deal, pysol::parse_game_number,
};
use patience_games::layout::Layout;
use patience_games::rules::RuleOptions;
use patience_games::variant::{VariantInfo, find_variant};
use std::io::Read;

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
        if info.pysol_id().is_none() {
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

/// The game the user names (`game`, with the rule options) and its deal or position; with
/// `--pysol-save`, the save's game under PySolFC's rules (`game`, if given, must be it).
pub fn choose_and_load(
    game: Option<&str>,
    rules: &RuleArgs,
    args: &DealArgs,
) -> Result<(GameChoice, LoadedDeal)> {
    if let Some(path) = &args.which.pysol_save {
        return load_save(path, game, rules);
    }
    let Some(game) = game else { bail!("name the game (see `patience games`)") };
    let choice = choose_game(game, rules)?;
    let loaded = load_deal(args, &choice)?;
    Ok((choice, loaded))
}

/// A PySolFC saved game: its game under PySolFC's rules, and its position. At the deal's start
/// it is the deal of its game number (talon and all), as `--pysol N` gives it.
fn load_save(path: &str, game: Option<&str>, rules: &RuleArgs) -> Result<(GameChoice, LoadedDeal)> {
    if rules.options() != RuleOptions::default() {
        bail!(
            "--pysol-save solves under the rules PySolFC plays: rule options do not combine with it"
        );
    }
    let save =
        read_save(&read_input(path, "saved game")?).map_err(|e| anyhow::anyhow!("{path}: {e}"))?;
    let (choice, layout) = position_of(&save).map_err(|e| anyhow::anyhow!("{path}: {e:#}"))?;
    if let Some(game) = game {
        let named = find_variant(game)?;
        if named.name != choice.info.name {
            bail!("{path} is a saved game of {}, not of {}", choice.info.name, named.name);
        }
    }
    choice.rules.check(&layout).map_err(|e| anyhow::anyhow!("{path}: {e}"))?;
    let name = format!(
        "PySolFC save {path}: game #{}, talon round {}",
        save.game_number, save.talon_round
    );
    let dealt = deal_from_source(&choice, DealSource::Pysol(save.game_number))?;
    if at_deal_start(&layout, &dealt.layout, save.talon_round == 1) {
        let name = format!("{name}, the deal's start");
        return Ok((choice, LoadedDeal { name, ..dealt }));
    }
    Ok((choice, LoadedDeal { name, seed: None, deal: None, layout }))
}

/// Whether `layout`, in the talon's first round, is the deal's start `dealt` (card for card,
/// whichever pack each card is from).
fn at_deal_start(layout: &Layout, dealt: &Layout, first_round: bool) -> bool {
    let json = |l: &Layout| serde_json::to_value(Layout { redeals_left: None, ..l.clone() }).ok();
    first_round && json(layout) == json(dealt)
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
        let layout = parse_position(&text, choice)?;
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
