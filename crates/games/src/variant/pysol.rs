//! How PySolFC plays a variant (RULES.md §2–4 name each one's PySolFC game): its game id, the
//! rule options that make our rules PySolFC's, and the order of its stacks in a saved game.

use super::{Rules, VariantInfo};
use crate::rules::RuleOptions;

/// A variant as PySolFC has it.
#[derive(Clone, Copy, Debug)]
pub struct Pysol {
    /// PySolFC's game id (`patience games` lists it; a saved game starts with it).
    pub id: u32,
    /// The rule options PySolFC plays, in `Rules::options_text`'s form (`name=value, …`; empty
    /// where the variant's own rules are PySolFC's): the options RULES.md marks "(PySolFC)". A
    /// saved game is solved under them, since its moves must be moves PySolFC accepts.
    pub rules: &'static str,
    /// The groups of piles in the order of PySolFC's `allstacks`, which is the order a saved
    /// game lists its stacks in; each group has as many stacks as the variant's layout has
    /// piles of that kind (the talon is one stack).
    pub stacks: &'static [PysolStacks],
    /// `foundations[i]` is the foundation of ours that PySolFC's i-th is (RULES.md numbers
    /// them; PySolFC may order them otherwise).
    pub foundations: [u8; 8],
}

/// PySolFC's foundations in the rule book's order.
pub const SAME_FOUNDATIONS: [u8; 8] = [0, 1, 2, 3, 4, 5, 6, 7];

/// Carthage: PySolFC's foundation i takes suit i mod 4 (clubs, spades, hearts, diamonds, then
/// again), the rule book puts a suit's two side by side (F2s and F2s+1).
pub const SUITS_SIDE_BY_SIDE: [u8; 8] = [0, 2, 4, 6, 1, 3, 5, 7];

/// A group of PySolFC stacks and the layout's piles it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PysolStacks {
    Foundations,
    /// The reserves; the Queen of Italy family's one is its terrace (PySolFC's `OpenStack`).
    Reserves,
    /// The tableau piles or depots.
    Rows,
    Wastes,
    /// The stock, face down, its top card dealt next.
    Talon,
}

/// Alhambra, Granada, Reinforcements: `SS_FoundationStack` ×8, `OpenStack` reserves, the
/// `Alhambra_Talon`, then the `Alhambra_RowStack` wastes (fixtures/pysolfc-saves).
pub const ALHAMBRA_STACKS: &[PysolStacks] =
    &[PysolStacks::Foundations, PysolStacks::Reserves, PysolStacks::Talon, PysolStacks::Wastes];

/// The Queen of Italy family: `Terrace_Talon`, `WasteStack`, the terrace (`OpenStack`), the
/// foundations, then the nine `Terrace_RowStack` piles.
pub const QUEEN_STACKS: &[PysolStacks] = &[
    PysolStacks::Talon,
    PysolStacks::Wastes,
    PysolStacks::Reserves,
    PysolStacks::Foundations,
    PysolStacks::Rows,
];

/// Algerian, Carthage: the foundations, the eight depots (`*_RowStack`), the six reserves
/// (`ReserveStack`, which the deals fill), then the `Carthage_Talon`.
pub const ALGERIAN_STACKS: &[PysolStacks] =
    &[PysolStacks::Foundations, PysolStacks::Rows, PysolStacks::Reserves, PysolStacks::Talon];

impl VariantInfo {
    /// The variant's PySolFC game id, if PySolFC has it.
    pub fn pysol_id(&self) -> Option<u32> {
        self.pysol.map(|p| p.id)
    }

    /// The variant's rules as PySolFC plays them, if PySolFC has it.
    pub fn pysol_rules(&self) -> Option<Rules> {
        let pysol = self.pysol?;
        let options = RuleOptions::from_text(pysol.rules)
            .and_then(|o| self.rules.with_options(&o))
            .unwrap_or_else(|e| panic!("{}: PySolFC's rule options: {e}", self.name));
        Some(options)
    }
}
