//! The variants: [`Variant`], the key of each one's record ([`VariantInfo`], in
//! `registry.rs`), and the one place that turns a variant's rules into its game: [`Rules`] (which
//! family, with every rule parameter and option) and [`with_rules!`](crate::with_rules), the
//! single `match` that hands generic code the family's concrete rules type (which implements
//! [`crate::rules::FamilyRules`]).
//!
//! Adding a variant of an existing family is an arm of [`Variant`] and its record in
//! `registry.rs` (plus its reference rules' entry and its tests). Adding a family is its module
//! (declared in `lib.rs`, with its shape type), an arm of [`Family`], of [`Rules`], of
//! `with_rules!`, of [`Rules::key`] and [`Rules::family_key`], its `in_family!` line here, its
//! records, and its reference rules.

mod key;
pub mod pysol;
mod registry;
pub mod tuning;

pub use key::Variant;
pub use pysol::{Pysol, PysolStacks};
pub use registry::VARIANTS;
pub use tuning::{Shares, Tuning};

use crate::algerian::AlgerianRules;
use crate::alhambra::AlhambraRules;
use crate::deal::Deal;
use crate::deal::Hook;
use crate::layout::{BadLayout, Layout};
use crate::queen::QueenRules;
use crate::quilt::QuiltRules;
use crate::rules::{FamilyRules, RuleOptions};
use std::fmt;

impl Variant {
    /// The variant's record.
    pub fn info(self) -> &'static VariantInfo {
        &VARIANTS[self as usize]
    }
}

/// The four families of the rule book (RULES.md §2–5), one module of the games crate each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    Alhambra,
    Queen,
    Algerian,
    Quilt,
}

impl Family {
    /// The family as the rule book's section titles name it (reports group variants by it).
    pub fn title(self) -> &'static str {
        match self {
            Family::Alhambra => "Alhambra",
            Family::Quilt => "Crazy Quilt",
            Family::Queen => "Queen of Italy",
            Family::Algerian => "Algerian",
        }
    }
}

/// A variant's rules with their options: which family, and that family's rules type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rules {
    Alhambra(AlhambraRules),
    Quilt(QuiltRules),
    Queen(QueenRules),
    Algerian(AlgerianRules),
}

/// Runs `$body` with `$r` bound to the concrete rules type of `$rules` (a [`Rules`]): the one
/// dispatch from rules to the generic code of every command. `$body` is compiled once a family.
#[macro_export]
macro_rules! with_rules {
    ($rules:expr, |$r:ident| $body:expr) => {
        match $rules {
            $crate::variant::Rules::Alhambra($r) => $body,
            $crate::variant::Rules::Quilt($r) => $body,
            $crate::variant::Rules::Queen($r) => $body,
            $crate::variant::Rules::Algerian($r) => $body,
        }
    };
}

impl Rules {
    /// The registry's entry of this variant (whatever the options).
    pub fn variant(&self) -> &'static VariantInfo {
        self.key().info()
    }
    /// The variant's key.
    pub fn key(&self) -> Variant {
        match self {
            Rules::Alhambra(r) => r.variant,
            Rules::Quilt(r) => r.variant,
            Rules::Queen(r) => r.variant,
            Rules::Algerian(r) => r.variant,
        }
    }
    /// The family, as the rule book's section titles name it (reports group variants by it).
    pub fn family(&self) -> &'static str {
        self.family_key().title()
    }
    pub fn family_key(&self) -> Family {
        match self {
            Rules::Alhambra(_) => Family::Alhambra,
            Rules::Quilt(_) => Family::Quilt,
            Rules::Queen(_) => Family::Queen,
            Rules::Algerian(_) => Family::Algerian,
        }
    }
    pub fn layout(&self, deal: &Deal) -> Layout {
        with_rules!(self, |r| r.layout(deal))
    }
    /// Builds the game from `layout` and drops it: the game's own check of a layout.
    pub fn check(&self, layout: &Layout) -> Result<(), BadLayout> {
        with_rules!(self, |r| r.game(layout).map(drop))
    }
    pub fn waste_names(&self) -> Vec<String> {
        with_rules!(self, |r| r.waste_names())
    }
    pub fn has_terrace(&self) -> bool {
        with_rules!(self, |r| r.has_terrace())
    }
    /// The family's options and their values (see [`FamilyRules::option_values`]).
    pub fn option_values(&self) -> Vec<(&'static str, String)> {
        with_rules!(self, |r| r.option_values())
    }
    /// The options and their values as `name=value, …` in the family's order: what a study's
    /// manifest records of its rules.
    pub fn options_text(&self) -> String {
        let values = self.option_values();
        values.iter().map(|(name, value)| format!("{name}={value}")).collect::<Vec<_>>().join(", ")
    }
    /// These rules with the options `text` records ([`Rules::options_text`]'s form) set: the
    /// rules a study's manifest names. The text must be the one these rules print, so a study
    /// is never read under rules other than its own.
    pub fn with_options_text(self, text: &str) -> Result<Rules, String> {
        // An option at these rules' own value sets nothing (some, persian-rug's `redeals=0`,
        // cannot be set at all).
        let own = self.option_values();
        let changed: Vec<&str> = text
            .split(", ")
            .filter(|pair| !own.iter().any(|(name, value)| *pair == format!("{name}={value}")))
            .collect();
        let rules = self.with_options(&RuleOptions::from_text(&changed.join(", "))?)?;
        if rules.options_text() != text {
            return Err(format!(
                "the rule options {text:?} read as {:?} for {}",
                rules.options_text(),
                self.variant().name
            ));
        }
        Ok(rules)
    }
    /// These rules with `options` set, or a one-line reason why an option does not apply.
    pub fn with_options(mut self, options: &RuleOptions) -> Result<Rules, String> {
        with_rules!(&mut self, |r| {
            let family = family_records(r);
            r.apply_options(options, &family)
        })?;
        Ok(self)
    }
}

/// A variant's record: everything the code knows of it.
#[derive(Clone, Copy, Debug)]
pub struct VariantInfo {
    /// The key ([`Variant::info`] finds this record from it).
    pub variant: Variant,
    /// Its name in `patience games` and on the command line.
    pub name: &'static str,
    /// Other names it is found by (`find_variant`).
    pub aliases: &'static [&'static str],
    /// How PySolFC plays it (its game id, rules and stacks), if PySolFC has it.
    pub pysol: Option<Pysol>,
    /// The rule-book section.
    pub section: &'static str,
    /// Which cards the deal puts on top before dealing (RULES.md §1).
    pub hook: Hook,
    /// The variant's own rules: its family, every rule parameter the family's code reads, and
    /// the options at the rule book's defaults.
    pub rules: Rules,
    /// How the solving pipeline splits a deal's budget for it (`tuning.rs`).
    pub tuning: Tuning,
}

/// A family's rules type, as one arm of [`Rules`]: what lets the registry hand a family its own
/// records (the family's code does not import the registry, which imports it).
pub trait InFamily: FamilyRules + 'static {
    /// These rules if `rules` are of this family.
    fn pick(rules: &Rules) -> Option<Self>;

    /// The registry's rules of `variant`, which must be of this family (tests and benches).
    fn of(variant: Variant) -> Self {
        Self::pick(&variant.info().rules).unwrap_or_else(|| {
            panic!("{variant:?} is of the {} family", variant.info().rules.family())
        })
    }

    /// The rules of every variant of the family, in the registry's order (tests).
    fn all() -> impl Iterator<Item = Self> {
        VARIANTS.iter().filter_map(|v| Self::pick(&v.rules))
    }
}

macro_rules! in_family {
    ($arm:ident, $ty:ty) => {
        impl InFamily for $ty {
            fn pick(rules: &Rules) -> Option<Self> {
                match rules {
                    Rules::$arm(r) => Some(*r),
                    _ => None,
                }
            }
        }
    };
}
in_family!(Alhambra, AlhambraRules);
in_family!(Quilt, QuiltRules);
in_family!(Queen, QueenRules);
in_family!(Algerian, AlgerianRules);

/// The names and default rules of the variants of `rules`' family, for its option checks'
/// messages ([`FamilyRules::apply_options`]).
fn family_records<R: InFamily>(_: &R) -> Vec<(&'static str, R)> {
    VARIANTS.iter().filter_map(|v| R::pick(&v.rules).map(|r| (v.name, r))).collect()
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantError {
    Unknown(String),
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantError::Unknown(name) => {
                let names: Vec<&str> = VARIANTS.iter().map(|v| v.name).collect();
                write!(
                    f,
                    "unknown game {name:?}; known games: {} (see `patience games`)",
                    names.join(", ")
                )
            }
        }
    }
}
impl std::error::Error for VariantError {}

/// Finds a variant by name or alias (case-insensitive; `_` and spaces read as `-`).
pub fn find_variant(name: &str) -> Result<&'static VariantInfo, VariantError> {
    let norm = name.trim().to_lowercase().replace(['_', ' '], "-").replace('\'', "");
    VARIANTS
        .iter()
        .find(|v| v.name == norm || v.aliases.contains(&norm.as_str()))
        .ok_or_else(|| VariantError::Unknown(name.to_string()))
}

#[cfg(test)]
mod tests;

/// The variant PySolFC numbers `id`, if this project plays it.
pub fn find_pysol_game(id: u32) -> Option<&'static VariantInfo> {
    VARIANTS.iter().find(|v| v.pysol_id() == Some(id))
}
