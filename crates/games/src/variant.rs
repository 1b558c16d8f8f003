//! The registry of variants: names, aliases, PySolFC ids and families (RULES.md §2–5).

use crate::alhambra::AlhambraVariant;
use crate::algerian::AlgerianVariant;
use crate::queen::QueenVariant;
use crate::quilt::QuiltVariant;
use crate::deal::Hook;
use std::fmt;

/// The family a variant belongs to, with what the family module needs to know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    Alhambra(AlhambraVariant),
    Quilt(QuiltVariant),
    Queen(QueenVariant),
    Algerian(AlgerianVariant),
    /// In the rule book but not implemented yet.
    Planned,
}

#[derive(Clone, Copy, Debug)]
pub struct VariantInfo {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    pub pysol_id: Option<u32>,
    pub family: Family,
    pub hook: Hook,
    /// The rule-book section.
    pub rules: &'static str,
}

impl VariantInfo {
    pub fn implemented(&self) -> bool {
        self.family != Family::Planned
    }
}

const fn v(
    name: &'static str,
    aliases: &'static [&'static str],
    pysol_id: Option<u32>,
    family: Family,
    hook: Hook,
    rules: &'static str,
) -> VariantInfo {
    VariantInfo { name, aliases, pysol_id, family, hook, rules }
}

use Hook::{AcesKingsToTop, KingsToTop};

pub static VARIANTS: &[VariantInfo] = &[
    v("alhambra", &[], Some(234), Family::Alhambra(AlhambraVariant::Alhambra), AcesKingsToTop, "§2"),
    v("granada", &[], Some(465), Family::Alhambra(AlhambraVariant::Granada), AcesKingsToTop, "§2"),
    v(
        "reinforcements",
        &["the-reinforcements", "grants-reinforcement"],
        Some(609),
        Family::Alhambra(AlhambraVariant::Reinforcements),
        AcesKingsToTop,
        "§2",
    ),
    v("queen-of-italy", &["terrace"], Some(135), Family::Queen(QueenVariant::QueenOfItaly), Hook::None, "§3"),
    v("queen-of-italy-open", &[], Some(431), Family::Queen(QueenVariant::QueenOfItalyOpen), Hook::None, "§3"),
    v("generals-patience", &["general's-patience", "generals"], Some(136), Family::Queen(QueenVariant::GeneralsPatience), Hook::None, "§3"),
    v("blondes-and-brunettes", &[], Some(137), Family::Queen(QueenVariant::BlondesAndBrunettes), Hook::None, "§3"),
    v("falling-star", &[], Some(138), Family::Queen(QueenVariant::FallingStar), Hook::None, "§3"),
    v("redheads", &[], None, Family::Queen(QueenVariant::Redheads), Hook::None, "§3"),
    v("algerian", &["algerian-patience"], Some(322), Family::Algerian(AlgerianVariant::Algerian), KingsToTop, "§4"),
    v("carthage", &[], Some(321), Family::Algerian(AlgerianVariant::Carthage), Hook::None, "§4"),
    v("algerian-parlett", &[], None, Family::Algerian(AlgerianVariant::AlgerianParlett), Hook::None, "§4"),
    v("crazy-quilt", &["quilt", "japanese-rug"], None, Family::Quilt(QuiltVariant::CrazyQuilt), AcesKingsToTop, "§5"),
    v("indian-carpet", &[], None, Family::Quilt(QuiltVariant::IndianCarpet), AcesKingsToTop, "§5"),
    v("persian-rug", &[], None, Family::Quilt(QuiltVariant::PersianRug), AcesKingsToTop, "§5"),
];

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantError {
    Unknown(String),
    NotImplemented(&'static str),
}

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariantError::Unknown(name) => {
                let names: Vec<&str> = VARIANTS.iter().filter(|v| v.implemented()).map(|v| v.name).collect();
                write!(f, "unknown game {name:?}; known games: {} (see `patience games`)", names.join(", "))
            }
            VariantError::NotImplemented(name) => write!(f, "game {name:?} is in the rule book but not implemented yet"),
        }
    }
}
impl std::error::Error for VariantError {}

/// Finds an implemented variant by name or alias (case-insensitive; `_` and spaces read as `-`).
pub fn find_variant(name: &str) -> Result<&'static VariantInfo, VariantError> {
    let norm = name.trim().to_lowercase().replace(['_', ' '], "-").replace('\'', "");
    let v = VARIANTS
        .iter()
        .find(|v| v.name == norm || v.aliases.contains(&norm.as_str()))
        .ok_or_else(|| VariantError::Unknown(name.to_string()))?;
    if v.implemented() { Ok(v) } else { Err(VariantError::NotImplemented(v.name)) }
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
        assert!(VARIANTS.iter().all(|v| v.implemented()), "every variant of the rule book is implemented");
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
