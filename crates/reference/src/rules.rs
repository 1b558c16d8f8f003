//! What a family must offer the replay and the search, written once: the [`Rules`] of a position,
//! the [`Family`] that makes a start position from a variant, options and layout, and the moves in
//! index form ([`Action`]) the engines work with.
//!
//! Everything family-specific (piles, names, legality) stays in the family's module.

use std::fmt;

use crate::Move;
use crate::given::{GivenOptions, Piles};

// ---------------------------------------------------------------------------------------------
// Actions: moves in index form
// ---------------------------------------------------------------------------------------------

/// A move in index form (what the engines work with), over the family's own pile type `P`
/// (`alhambra::Pile`, ...): cheap to copy and compare, unlike a written [`Move`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action<P> {
    Card {
        from: P,
        to: P,
    },
    Deal,
    Redeal,
    /// The opening choice of the Queen of Italy family (the pile chosen).
    Choose(P),
}

impl<P: Copy> Action<P> {
    /// The action a written move stands for: `find` finds the pile with exactly a given name in
    /// `variant`, and a name it does not know is an error.
    pub(crate) fn from_move(
        mv: &Move,
        variant: impl fmt::Debug,
        find: impl Fn(&str) -> Option<P>,
    ) -> Result<Action<P>, String> {
        match mv {
            Move::Deal => Ok(Action::Deal),
            Move::Redeal => Ok(Action::Redeal),
            Move::Choose(pile) => {
                let p =
                    find(pile).ok_or_else(|| format!("no pile named {pile:?} in {variant:?}"))?;
                Ok(Action::Choose(p))
            }
            Move::Card { from, to } => {
                let from_pile =
                    find(from).ok_or_else(|| format!("no pile named {from:?} in {variant:?}"))?;
                let to_pile =
                    find(to).ok_or_else(|| format!("no pile named {to:?} in {variant:?}"))?;
                Ok(Action::Card { from: from_pile, to: to_pile })
            }
        }
    }

    /// The action written as a move, `name` giving each pile's name.
    pub(crate) fn to_move(self, name: impl Fn(P) -> String) -> Move {
        match self {
            Action::Card { from, to } => Move::Card { from: name(from), to: name(to) },
            Action::Deal => Move::Deal,
            Action::Redeal => Move::Redeal,
            Action::Choose(p) => Move::Choose(name(p)),
        }
    }
}

/// The candidate card moves (in their order), then deal, then redeal: those `is_legal` accepts.
/// Plainly: every candidate is tried, none is ruled out in advance.
pub(crate) fn legal_among<P: Copy>(
    card_moves: Vec<Action<P>>,
    is_legal: impl Fn(Action<P>) -> bool,
) -> Vec<Action<P>> {
    let mut candidates = card_moves;
    candidates.push(Action::Deal);
    candidates.push(Action::Redeal);
    candidates.into_iter().filter(|&a| is_legal(a)).collect()
}

// ---------------------------------------------------------------------------------------------
// What a position must offer
// ---------------------------------------------------------------------------------------------

/// The rules engine of one family, as the replay loop and the search see a position of it.
pub trait Rules: Clone {
    /// A move in index form (what the engine works with; cheap to copy).
    type Action: Copy;

    /// All 104 cards on the foundations, i.e. every foundation holds 13 cards (§0).
    fn is_won(&self) -> bool;

    /// Every legal action, in the family's fixed order (the order the search tries them in).
    fn legal_actions(&self) -> Vec<Self::Action>;

    /// The action a written move stands for, if it names piles of this game and is legal here;
    /// otherwise why not.
    fn legal_action(&self, mv: &Move) -> Result<Self::Action, String>;

    /// Performs a legal action (see [`Rules::legal_action`]), with whatever the rules then do by
    /// themselves (The Reinforcements' refill).
    fn apply(&mut self, action: Self::Action);

    /// The action written as a move, with the game's pile names.
    fn to_move(&self, action: Self::Action) -> Move;

    /// Writes the complete position as bytes into `key` (cleared first), for the visited set:
    /// positions that differ in anything, the redeals left included, get different keys.
    fn write_key(&self, key: &mut Vec<u8>);

    /// [`Rules::write_key`] into a new key.
    fn key(&self) -> Box<[u8]> {
        let mut key = Vec::new();
        self.write_key(&mut key);
        key.into_boxed_slice()
    }

    /// Every legal move, in the family's fixed order (see each family's `legal_actions`).
    fn legal_moves(&self) -> Vec<Move> {
        self.legal_actions().into_iter().map(|action| self.to_move(action)).collect()
    }

    /// Plays a move if it is legal; otherwise says why not and leaves the position unchanged.
    fn play(&mut self, mv: &Move) -> Result<(), String> {
        let action = self.legal_action(mv)?;
        self.apply(action);
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// What a family must offer
// ---------------------------------------------------------------------------------------------

/// A family, through its variant type (`alhambra::Variant`, `queen::Variant`, ...): how a start
/// position is made (what the generic [`crate::replay`] and [`crate::plain_search`] need), and
/// how a variant, its options and its layout are found by name (what [`crate::NamedGame`]
/// needs).
pub trait Family: Copy + fmt::Debug + Send + Sync + 'static {
    /// The family's rule options.
    type Options;
    /// The family's layout (its own piles).
    type Layout;
    /// The family's position, with its rules.
    type Position: Rules + Send + Sync + 'static;

    /// Every variant of the family.
    const ALL: &'static [Self];

    /// The variant's name in the project's registry (`granada`, `queen-of-italy-open`, ...).
    fn name(self) -> &'static str;

    /// The position of a layout, or why the layout is not consistent (the family's
    /// `check_layout`).
    fn position(
        self,
        options: &Self::Options,
        layout: &Self::Layout,
    ) -> Result<Self::Position, String>;

    /// The options, each taken from `given` by its command-line name (see [`GivenOptions`]).
    fn options_named(self, given: &mut GivenOptions) -> Result<Self::Options, String>;

    /// The family's layout of family-neutral piles: the kinds of pile the family has are taken
    /// as they are (their counts are checked by [`Family::position`]); a kind it does not have
    /// must hold no card.
    fn layout_of_piles(self, piles: &Piles) -> Result<Self::Layout, String>;

    /// The position as family-neutral piles, with its redeals left: what
    /// [`Family::layout_of_piles`] and [`Family::with_redeals_left`] read back.
    fn piles_of(self, position: &Self::Position) -> Piles;

    /// A position part-way through a game: `left` redeals still allowed (at most the options'
    /// number), and whatever follows from the redeals already made (the Queen of Italy family's
    /// second pass). A family without redeals takes only 0.
    fn with_redeals_left(self, position: &mut Self::Position, left: u8) -> Result<(), String>;
}
