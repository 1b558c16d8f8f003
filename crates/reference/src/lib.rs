//! Reference rules for the project's four families of two-deck patience games: the Alhambra
//! family (Alhambra, Granada, The Reinforcements: [`alhambra`]), the Queen of Italy family (Queen
//! of Italy, its open variant, General's Patience, Blondes and Brunettes, Falling Star, Redheads:
//! [`queen`]), the Algerian family (Algerian Patience, Carthage, Algerian after Parlett:
//! [`algerian`]) and the Crazy Quilt family (Crazy Quilt, Indian Carpet, Persian Rug: [`quilt`]).
//!
//! This crate is the project's *plain* implementation of the rule book (`RULES.md` §0 and §2–§5).
//! It shares no code with the fast solver and is written to be read, not to be fast:
//!
//! * [`replay`] replays a solution move by move from a layout, checking every move against the
//!   rules, and checks that the final position is won.
//! * [`plain_search`] (and [`plain_search_counted`], which also counts) is an exhaustive
//!   depth-first search over distinct positions with a visited set of complete positions and
//!   nothing else: no pruning, no dominance, no move ordering, no symmetry reduction. It is the
//!   oracle the fast solver is checked against.
//! * [`NamedGame`] is the same replay and search reached by the variant's registry name, its
//!   options by their command-line names and a family-neutral layout ([`Piles`]): a caller (the
//!   project's verifier) needs no code of its own per family.
//!
//! Each family is one module with the same parts: `Variant`, `Options`, `Layout`,
//! `layout_from_talon` (the deal procedure), `check_layout`, `Pile`, and `Position`, its small
//! rules engine: `check` says whether an action is legal (and why not), `apply` performs it. The
//! positions implement [`Rules`] (what the replay and the search need of a position) and the
//! variants implement [`Family`] (how a start position is made), so that one replay and one search
//! serve all four families.
//!
//! Conventions (`RULES.md` §0): card id = `deck*52 + suit*13 + rank`, suits C=0 S=1 H=2 D=3 (C, S
//! black; H, D red), ranks 0..12 = A..K. The two copies of a card (id and id±52) are
//! interchangeable. Every pile is listed bottom→top; the stock in a layout is listed with the next
//! card to deal first.
//!
//! Readings taken where the rule book leaves room, in every family (each family's module lists
//! its own, these included):
//! * A layout is taken as given: nothing happens by itself when the position is made.
//! * A consistent layout holds two copies of each of the 52 cards; which id stands for which copy
//!   is not checked (either id may be used for either copy).
//! * Pile names are exact: upper case, no leading zeros.
//! * A redeal needs an empty stock and a redeal left; the waste(s) may be empty (it then only
//!   spends a redeal). Moves after a win are still checked by [`replay`].
//! * [`plain_search`] counts the start position as the first state expanded; a won position is
//!   recognised when generated and not counted. A start that is already won is `Won(vec![])`.

use std::fmt;

pub mod algerian;
pub mod alhambra;
mod by_name;
mod given;
pub mod queen;
pub mod quilt;
mod replay;
mod rules;
mod search;
mod shared;
#[cfg(test)]
mod test_support;

pub use by_name::{NamedGame, variant_names};
pub use given::{GivenOptions, Piles};

/// Something done to each family's variant type in turn (the by-name entry's lookups).
pub(crate) trait FamilyVisitor {
    type Out;
    /// `Some` stops the walk with that answer.
    fn visit<V: Family>(&mut self) -> Option<Self::Out>;
}

/// Every family, in the order the by-name entry tries them. Adding a family is its module above
/// and its line here; nothing else in this crate lists the families.
pub(crate) fn each_family<F: FamilyVisitor>(f: &mut F) -> Option<F::Out> {
    f.visit::<alhambra::Variant>()
        .or_else(|| f.visit::<queen::Variant>())
        .or_else(|| f.visit::<algerian::Variant>())
        .or_else(|| f.visit::<quilt::Variant>())
}
pub use replay::replay;
pub use rules::{Action, Family, Rules};
pub use search::{plain_search, plain_search_counted};

// ---------------------------------------------------------------------------------------------
// Cards (RULES.md §0)
// ---------------------------------------------------------------------------------------------

/// Number of cards in the two packs.
pub const CARD_COUNT: usize = 104;

/// Suit of a card id: 0 = clubs, 1 = spades, 2 = hearts, 3 = diamonds.
pub fn suit_of(card: u8) -> u8 {
    (card % 52) / 13
}

/// Rank of a card id: 0 = ace .. 12 = king.
pub fn rank_of(card: u8) -> u8 {
    card % 13
}

/// The card's "kind" (0..52): the two copies of a card share it.
pub fn kind_of(card: u8) -> u8 {
    card % 52
}

const RANK_CHARS: &[u8; 13] = b"A23456789TJQK";
const SUIT_CHARS: &[u8; 4] = b"CSHD";

/// Text code of a card, e.g. `TD` (the deck is not shown).
pub fn card_code(card: u8) -> String {
    let rank = RANK_CHARS[rank_of(card) as usize] as char;
    let suit = SUIT_CHARS[suit_of(card) as usize] as char;
    format!("{rank}{suit}")
}

/// Parses a two-character code such as `TD` or `AC` into the id of its deck-0 copy
/// (add 52 for the other copy). Only the canonical upper-case form is accepted.
pub fn parse_card(code: &str) -> Option<u8> {
    let bytes = code.as_bytes();
    if bytes.len() != 2 {
        return None;
    }
    let rank = RANK_CHARS.iter().position(|&c| c == bytes[0])?;
    let suit = SUIT_CHARS.iter().position(|&c| c == bytes[1])?;
    Some((suit * 13 + rank) as u8)
}

// ---------------------------------------------------------------------------------------------
// Moves
// ---------------------------------------------------------------------------------------------

/// A move as written in a solution (`RULES.md` §0): a card move between two named piles (`F0`..`F7`,
/// `R0`.., `T`, `P0`.., `W` or `W0`..`W3`, `Q00`..`Q77`), a deal, a redeal, or an opening choice.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Card {
        from: String,
        to: String,
    },
    Deal,
    Redeal,
    /// The Queen of Italy opening choice: the named tableau pile (`P0`..`P3`) founds the
    /// foundations (RULES.md §3).
    Choose(String),
}

impl Move {
    /// Shorthand for `Move::Card { from: from.into(), to: to.into() }`.
    pub fn card(from: &str, to: &str) -> Move {
        Move::Card { from: from.to_string(), to: to.to_string() }
    }
}

impl fmt::Display for Move {
    /// `R3 F1`, `deal`, `redeal`, `choose P2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Card { from, to } => write!(f, "{from} {to}"),
            Move::Deal => write!(f, "deal"),
            Move::Redeal => write!(f, "redeal"),
            Move::Choose(pile) => write!(f, "choose {pile}"),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Errors and outcomes
// ---------------------------------------------------------------------------------------------

/// Why a replay failed: `index` is the offending move (`moves.len()` when every move was legal but
/// the end position is not won). An inconsistent layout is reported with index 0.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayError {
    pub index: usize,
    pub reason: String,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {}: {}", self.index, self.reason)
    }
}

impl std::error::Error for ReplayError {}

/// Result of [`plain_search`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlainOutcome {
    /// Won, with a solution from the given layout.
    Won(Vec<Move>),
    /// Every reachable position was searched; none is won.
    Lost,
    /// More than `max_states` distinct positions would have had to be expanded.
    Unknown,
}
