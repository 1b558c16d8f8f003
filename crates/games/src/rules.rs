//! What every family's rules provide: the [`FamilyRules`] trait (a deal's layout, the game from a
//! layout, pile names, the family's own rule options) and the options a user can set,
//! [`RuleOptions`]. Which family a variant is, and the one dispatch to it, are in
//! [`crate::variant`].

use crate::deal::Deal;
use crate::game::Game;
use crate::layout::{BadLayout, Layout};

/// The Algerian family's rule of when a card may be put into an empty reserve (RULES.md §4
/// `reserve_space`; also `crate::algerian::ReserveSpace`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReserveSpace {
    /// At any time (PySolFC; algerian and carthage default).
    Any,
    /// Only once the stock is empty (the seed text; algerian-parlett default).
    AfterStock,
    Never,
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

impl RuleOptions {
    /// The options that `text` (`Rules::options_text`'s form: `name=value, …`) sets. An
    /// option at the family's own value sets nothing; one this version does not know, or a value
    /// it cannot read, is an error naming it.
    pub fn from_text(text: &str) -> Result<RuleOptions, String> {
        let mut o = RuleOptions::default();
        for pair in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (name, value) =
                pair.split_once('=').ok_or_else(|| format!("rule option {pair:?} has no value"))?;
            let flag = || match value {
                "true" => Ok(true),
                "false" => Ok(false),
                _ => Err(format!("rule option {name}={value}: not true or false")),
            };
            match name {
                "empty-waste-any" => o.empty_waste_any = flag()?,
                "pf-refill-timing" => o.pf_refill_timing = flag()?,
                "wrap" => o.no_wrap = !flag()?,
                "foundation-to-tableau" => o.foundation_to_tableau = flag()?,
                "foundation-to-depot" => o.no_foundation_to_depot = !flag()?,
                "redeals" => {
                    let n = value.parse().map_err(|_| {
                        format!("rule option redeals={value}: not a number of redeals")
                    })?;
                    o.redeals = Some(n);
                }
                "reserve-space" => {
                    o.reserve_space = Some(match value {
                        "any" => ReserveSpace::Any,
                        "after-stock" => ReserveSpace::AfterStock,
                        "never" => ReserveSpace::Never,
                        _ => {
                            return Err(format!(
                                "rule option reserve-space={value}: not any, after-stock or never"
                            ));
                        }
                    })
                }
                _ => return Err(format!("unknown rule option {name:?}")),
            }
        }
        Ok(o)
    }
}

/// What every family's rules type provides to the commands, the study and the verifier.
pub trait FamilyRules: Copy + std::fmt::Debug + Sized {
    type Game: Game<State: Default>;

    /// The starting layout of a deal.
    fn layout(&self, deal: &Deal) -> Layout;
    /// The game from a layout (a deal's, or a position's), or why the layout cannot be one.
    fn game(&self, layout: &Layout) -> Result<Self::Game, BadLayout>;
    /// The game of a deal made by `make_deal` with the variant's hook: its layout is always valid
    /// (a deal text is checked against the hook there), so this does not fail.
    fn deal_game(&self, deal: &Deal) -> Self::Game {
        self.game(&self.layout(deal)).expect("a dealt layout is valid")
    }
    /// The names of the waste piles in solutions and layouts (none for a game without a waste).
    fn waste_names(&self) -> Vec<String>;
    /// Sets `options` on these rules, or says which option does not apply to this variant.
    /// `family` names the family's variants with their default rules (from the registry, which
    /// the family's code does not import), for the messages that name variants.
    fn apply_options(
        &mut self,
        options: &RuleOptions,
        family: &[(&'static str, Self)],
    ) -> Result<(), String>;
    /// Every rule option of the family with its value, named as on the command line (`redeals`,
    /// `empty-waste-any`, …; `true`/`false`, a number, or a word): how the rules are handed to
    /// the independent reference rules, which read them by these names.
    fn option_values(&self) -> Vec<(&'static str, String)>;
    /// Whether the family has a terrace (the Queen of Italy family), which JSON positions list
    /// as their one reserve, PySolFC's name for it.
    fn has_terrace(&self) -> bool {
        false
    }
}

/// The names of the variants of `family` whose rules `is` holds of, joined by " and " (for the
/// messages of [`FamilyRules::apply_options`]).
pub fn names_where<R>(family: &[(&'static str, R)], is: impl Fn(&R) -> bool) -> String {
    let names: Vec<&str> = family.iter().filter(|(_, r)| is(r)).map(|(name, _)| *name).collect();
    names.join(" and ")
}

#[cfg(test)]
mod tests;
