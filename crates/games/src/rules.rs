//! The one place that turns a variant's rules into its game: [`Rules`] (which family, with its
//! options), the [`FamilyRules`] trait each family's rules type implements (its layout, its game,
//! its pile names, its options), and [`with_rules!`](crate::with_rules), the single `match` that
//! hands generic code the concrete rules type.
//!
//! Adding a variant is an entry in [`crate::variant::VARIANTS`]; adding a family is its module,
//! an arm of [`Rules`] and of `with_rules!` here, and its entries in the registry.

use crate::algerian::{AlgerianRules, ReserveSpace};
use crate::alhambra::AlhambraRules;
use crate::deal::Deal;
use crate::game::Game;
use crate::layout::{BadLayout, Layout};
use crate::queen::QueenRules;
use crate::quilt::QuiltRules;

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
            $crate::rules::Rules::Alhambra($r) => $body,
            $crate::rules::Rules::Quilt($r) => $body,
            $crate::rules::Rules::Queen($r) => $body,
            $crate::rules::Rules::Algerian($r) => $body,
        }
    };
}

/// The rule options a user can set (RULES.md: each applies only to the variants named there).
/// `None` or `false` leaves the variant's own rule.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RuleOptions {
    /// alhambra, granada: an empty waste accepts any card (PySolFC).
    pub empty_waste_any: bool,
    /// reinforcements: refill empty reserves after player moves only (PySolFC).
    pub pf_refill_timing: bool,
    /// Crazy Quilt family: building does not wrap between king and ace.
    pub no_wrap: bool,
    /// queen-of-italy-open: a foundation's top card may return to the tableau (PySolFC).
    pub foundation_to_tableau: bool,
    /// Algerian family: when an empty reserve may take one card.
    pub reserve_space: Option<ReserveSpace>,
    /// Algerian family: a foundation's top card may not go back to a depot.
    pub no_foundation_to_depot: bool,
    /// Number of redeals (for measurement; each variant has its own).
    pub redeals: Option<u8>,
}

/// What every family's rules type provides to the commands, the study and the verifier.
pub trait FamilyRules: Copy + std::fmt::Debug {
    type Game: Game<State: Default>;

    /// The starting layout of a deal.
    fn layout(&self, deal: &Deal) -> Layout;
    /// The game from a layout (a deal's, or a position's), or why the layout cannot be one.
    fn game(&self, layout: &Layout) -> Result<Self::Game, BadLayout>;
    /// The game of a deal made by `make_deal` with the variant's hook (always a valid layout).
    fn deal_game(&self, deal: &Deal) -> Self::Game;
    /// The names of the waste piles in solutions and layouts (none for a game without a waste).
    fn waste_names(&self) -> Vec<String>;
    /// Sets `options` on these rules, or says which option does not apply to this family.
    fn apply_options(&mut self, options: &RuleOptions) -> Result<(), String>;
}

impl Rules {
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
    /// These rules with `options` set, or a one-line reason why an option does not apply.
    pub fn with_options(mut self, options: &RuleOptions) -> Result<Rules, String> {
        with_rules!(&mut self, |r| r.apply_options(options))?;
        Ok(self)
    }
}
