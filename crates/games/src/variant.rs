//! The registry of variants: names, aliases, PySolFC ids, deal hooks and rules (RULES.md §2–5).
//! Adding a variant of an existing family is an entry here (plus its tests).

use crate::algerian::{AlgerianRules, AlgerianVariant};
use crate::alhambra::{AlhambraRules, AlhambraVariant};
use crate::deal::Hook;
use crate::queen::{QueenRules, QueenVariant};
use crate::quilt::{QuiltRules, QuiltVariant};
use crate::rules::Rules;
use std::fmt;

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
    v("queen-of-italy", &["terrace"], Some(135), queen(QueenVariant::QueenOfItaly), Hook::None, "§3"),
    v("queen-of-italy-open", &[], Some(431), queen(QueenVariant::QueenOfItalyOpen), Hook::None, "§3"),
    v("generals-patience", &["general's-patience", "generals"], Some(136), queen(QueenVariant::GeneralsPatience), Hook::None, "§3"),
    v("blondes-and-brunettes", &[], Some(137), queen(QueenVariant::BlondesAndBrunettes), Hook::None, "§3"),
    v("falling-star", &[], Some(138), queen(QueenVariant::FallingStar), Hook::None, "§3"),
    v("redheads", &[], None, queen(QueenVariant::Redheads), Hook::None, "§3"),
    v("algerian", &["algerian-patience"], Some(322), algerian(AlgerianVariant::Algerian), KingsToTop, "§4"),
    v("carthage", &[], Some(321), algerian(AlgerianVariant::Carthage), Hook::None, "§4"),
    v("algerian-parlett", &[], None, algerian(AlgerianVariant::AlgerianParlett), Hook::None, "§4"),
    v("crazy-quilt", &["quilt", "japanese-rug"], None, quilt(QuiltVariant::CrazyQuilt), AcesKingsToTop, "§5"),
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
                write!(f, "unknown game {name:?}; known games: {} (see `patience games`)", names.join(", "))
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
        let mut all: Vec<&str> = VARIANTS.iter().flat_map(|v| std::iter::once(v.name).chain(v.aliases.iter().copied())).collect();
        let n = all.len();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), n);
    }
}
