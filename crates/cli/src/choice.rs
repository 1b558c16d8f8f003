//! The game the user named: its record and its rules with the options given.

use crate::args::RuleArgs;
use anyhow::Result;
use patience_games::variant::{Rules, VariantInfo, find_variant};

/// A resolved game: which variant, with which rules.
#[derive(Clone, Copy, Debug)]
pub struct GameChoice {
    pub info: &'static VariantInfo,
    pub rules: Rules,
}

/// The variant named `name` with the rule options given (each family checks its own).
pub fn choose_game(name: &str, options: &RuleArgs) -> Result<GameChoice> {
    let info = find_variant(name)?;
    let rules = info.rules.with_options(&options.options()).map_err(anyhow::Error::msg)?;
    Ok(GameChoice { info, rules })
}
