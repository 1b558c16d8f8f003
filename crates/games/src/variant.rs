//! The registry of variants (names, aliases, PySolFC ids, deal hooks and rules; RULES.md §2–5),
//! and the one place that turns a variant's rules into its game: [`Rules`] (which family, with
//! its options) and [`with_rules!`](crate::with_rules), the single `match` that hands generic code
//! the family's concrete rules type (which implements [`crate::rules::FamilyRules`]).
//!
//! Adding a variant of an existing family is an entry in [`VARIANTS`] (plus its tests). Adding a
//! family is its module (declared in `lib.rs`), an arm of [`Rules`], of `with_rules!` and of
//! [`Rules::variant`] here, its entries in the registry, and its reference rules.

use crate::algerian::{AlgerianRules, AlgerianVariant};
use crate::alhambra::{AlhambraRules, AlhambraVariant};
use crate::deal::Deal;
use crate::deal::Hook;
use crate::layout::{BadLayout, Layout};
use crate::queen::{QueenRules, QueenVariant};
use crate::quilt::{QuiltRules, QuiltVariant};
use crate::rules::{FamilyRules, RuleOptions};
use std::fmt;

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
        let same = |other: &Rules| match (self, other) {
            (Rules::Alhambra(a), Rules::Alhambra(b)) => a.variant == b.variant,
            (Rules::Quilt(a), Rules::Quilt(b)) => a.variant == b.variant,
            (Rules::Queen(a), Rules::Queen(b)) => a.variant == b.variant,
            (Rules::Algerian(a), Rules::Algerian(b)) => a.variant == b.variant,
            _ => false,
        };
        VARIANTS.iter().find(|v| same(&v.rules)).expect("every variant's rules are in the registry")
    }
    /// The family, as the rule book's section titles name it (reports group variants by it).
    pub fn family(&self) -> &'static str {
        match self {
            Rules::Alhambra(_) => "Alhambra",
            Rules::Quilt(_) => "Crazy Quilt",
            Rules::Queen(_) => "Queen of Italy",
            Rules::Algerian(_) => "Algerian",
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
    /// These rules with `options` set, or a one-line reason why an option does not apply.
    pub fn with_options(mut self, options: &RuleOptions) -> Result<Rules, String> {
        with_rules!(&mut self, |r| r.apply_options(options))?;
        Ok(self)
    }
}

#[derive(Clone, Copy, Debug)]
pub struct VariantInfo {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    pub pysol_id: Option<u32>,
    /// The variant's own rules (options at the rule book's defaults).
    pub rules: Rules,
    pub hook: Hook,
    /// The rule-book section.
    pub section: &'static str,
}

const fn v(
    name: &'static str,
    aliases: &'static [&'static str],
    pysol_id: Option<u32>,
    rules: Rules,
    hook: Hook,
    section: &'static str,
) -> VariantInfo {
    VariantInfo { name, aliases, pysol_id, rules, hook, section }
}

const fn alhambra(v: AlhambraVariant) -> Rules {
    Rules::Alhambra(AlhambraRules::new(v))
}
const fn quilt(v: QuiltVariant) -> Rules {
    Rules::Quilt(QuiltRules::new(v))
}
const fn queen(v: QueenVariant) -> Rules {
    Rules::Queen(QueenRules::new(v))
}
const fn algerian(v: AlgerianVariant) -> Rules {
    Rules::Algerian(AlgerianRules::new(v))
}

use Hook::{AcesKingsToTop, KingsToTop};

pub static VARIANTS: &[VariantInfo] = &[
    v("alhambra", &[], Some(234), alhambra(AlhambraVariant::Alhambra), AcesKingsToTop, "§2"),
    v("granada", &[], Some(465), alhambra(AlhambraVariant::Granada), AcesKingsToTop, "§2"),
    v(
        "reinforcements",
        &["the-reinforcements", "grants-reinforcement"],
        Some(609),
        alhambra(AlhambraVariant::Reinforcements),
        AcesKingsToTop,
        "§2",
    ),
    v(
        "queen-of-italy",
        &["terrace"],
        Some(135),
        queen(QueenVariant::QueenOfItaly),
        Hook::None,
        "§3",
    ),
    v(
        "queen-of-italy-open",
        &[],
        Some(431),
        queen(QueenVariant::QueenOfItalyOpen),
        Hook::None,
        "§3",
    ),
    v(
        "generals-patience",
        &["general's-patience", "generals"],
        Some(136),
        queen(QueenVariant::GeneralsPatience),
        Hook::None,
        "§3",
    ),
    v(
        "blondes-and-brunettes",
        &[],
        Some(137),
        queen(QueenVariant::BlondesAndBrunettes),
        Hook::None,
        "§3",
    ),
    v("falling-star", &[], Some(138), queen(QueenVariant::FallingStar), Hook::None, "§3"),
    v("redheads", &[], None, queen(QueenVariant::Redheads), Hook::None, "§3"),
    v(
        "algerian",
        &["algerian-patience"],
        Some(322),
        algerian(AlgerianVariant::Algerian),
        KingsToTop,
        "§4",
    ),
    v("carthage", &[], Some(321), algerian(AlgerianVariant::Carthage), Hook::None, "§4"),
    v("algerian-parlett", &[], None, algerian(AlgerianVariant::AlgerianParlett), Hook::None, "§4"),
    v(
        "crazy-quilt",
        &["quilt", "japanese-rug"],
        None,
        quilt(QuiltVariant::CrazyQuilt),
        AcesKingsToTop,
        "§5",
    ),
    v("indian-carpet", &[], None, quilt(QuiltVariant::IndianCarpet), AcesKingsToTop, "§5"),
    v("persian-rug", &[], None, quilt(QuiltVariant::PersianRug), AcesKingsToTop, "§5"),
];

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
mod tests {
    use super::*;

    #[test]
    fn names_and_aliases_resolve() {
        assert_eq!(find_variant("alhambra").unwrap().pysol_id, Some(234));
        assert_eq!(find_variant("Grant's Reinforcement").unwrap().name, "reinforcements");
        assert_eq!(find_variant("GRANADA").unwrap().pysol_id, Some(465));
        assert!(matches!(find_variant("klondike"), Err(VariantError::Unknown(_))));
        assert_eq!(find_variant("Terrace").unwrap().name, "queen-of-italy");
        assert_eq!(find_variant("General's Patience").unwrap().pysol_id, Some(136));
        assert_eq!(find_variant("Algerian Patience").unwrap().pysol_id, Some(322));
    }

    #[test]
    fn names_are_unique() {
        let mut all: Vec<&str> = VARIANTS
            .iter()
            .flat_map(|v| std::iter::once(v.name).chain(v.aliases.iter().copied()))
            .collect();
        let n = all.len();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), n);
    }
}
