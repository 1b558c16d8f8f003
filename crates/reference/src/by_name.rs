//! The by-name entry: a game chosen by its variant's registry name, its options by their
//! command-line names and its layout in a family-neutral form ([`Piles`]), so that a caller (the
//! project's verifier) needs no code of its own per family.
//!
//! Each family reads its own options and piles ([`Family::options_named`],
//! [`Family::layout_of_piles`]); this module only finds the family by the variant's name and
//! checks what is common: every option given once, with a good value, and none left over.

use std::fmt;

use crate::given::{GivenOptions, Piles};
use crate::replay::replay_from;
use crate::search::search_from;
use crate::{Family, FamilyVisitor, Move, PlainOutcome, ReplayError, Rules, each_family};

// ---------------------------------------------------------------------------------------------
// A game chosen by name
// ---------------------------------------------------------------------------------------------

/// Every variant name the by-name entry knows, family by family.
pub fn variant_names() -> Vec<&'static str> {
    struct Names(Vec<&'static str>);
    impl FamilyVisitor for Names {
        type Out = ();
        fn visit<V: Family>(&mut self) -> Option<()> {
            self.0.extend(V::ALL.iter().map(|&v| v.name()));
            None
        }
    }
    let mut names = Names(vec![]);
    each_family(&mut names);
    names.0
}

/// The start position of a game, whatever its family: what [`NamedGame`] replays and searches
/// from.
trait Start {
    fn replay(&self, moves: &[Move]) -> Result<(), ReplayError>;
    fn search(&self, max_states: u64) -> (PlainOutcome, u64);
    fn after(&self, moves: &[Move]) -> Result<(Piles, Vec<Move>), ReplayError>;
}

/// A start position with its variant (which turns positions back into piles).
struct StartOf<V: Family> {
    variant: V,
    position: V::Position,
}

impl<V: Family> Start for StartOf<V> {
    fn replay(&self, moves: &[Move]) -> Result<(), ReplayError> {
        replay_from(self.position.clone(), moves)
    }

    fn search(&self, max_states: u64) -> (PlainOutcome, u64) {
        search_from(self.position.clone(), max_states)
    }

    fn after(&self, moves: &[Move]) -> Result<(Piles, Vec<Move>), ReplayError> {
        let mut position = self.position.clone();
        for (index, mv) in moves.iter().enumerate() {
            position.play(mv).map_err(|reason| ReplayError {
                index,
                reason: format!("illegal move `{mv}`: {reason}"),
            })?;
        }
        Ok((self.variant.piles_of(&position), position.legal_moves()))
    }
}

/// A game chosen by name: the variant found by its registry name, its options read by name, its
/// layout taken from [`Piles`] and checked. Replay and search as [`crate::replay`] and
/// [`crate::plain_search_counted`] do for the family's own types.
pub struct NamedGame {
    variant: &'static str,
    start: Box<dyn Start + Send + Sync>,
}

impl fmt::Debug for NamedGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "NamedGame({})", self.variant)
    }
}

impl NamedGame {
    /// The game of variant `variant` (a registry name: `alhambra`, `queen-of-italy-open`, ...)
    /// with the options `options` (every option of the family, each once, by its command-line
    /// name: `("redeals", "1")`, ...) from the layout `piles`. Errors, with the variant's name in
    /// front: an unknown variant, an option missing, unknown, given twice or with a bad value,
    /// piles the family does not have holding cards, an inconsistent layout.
    pub fn new(
        variant: &str,
        options: &[(&str, &str)],
        piles: &Piles,
    ) -> Result<NamedGame, String> {
        struct Choose<'a>(&'a str, &'a [(&'a str, &'a str)], &'a Piles);
        impl FamilyVisitor for Choose<'_> {
            type Out = Result<NamedGame, String>;
            fn visit<V: Family>(&mut self) -> Option<Self::Out> {
                chosen::<V>(self.0, self.1, self.2)
            }
        }
        each_family(&mut Choose(variant, options, piles))
            .unwrap_or_else(|| Err(format!("unknown variant {variant:?}")))
    }

    /// The variant's registry name.
    pub fn variant(&self) -> &'static str {
        self.variant
    }

    /// Replays `moves` from the layout (see [`crate::replay`]; the layout is already checked).
    pub fn replay(&self, moves: &[Move]) -> Result<(), ReplayError> {
        self.start.replay(moves)
    }

    /// The plain search from the layout, and the number of distinct positions it expanded (see
    /// [`crate::plain_search_counted`]).
    pub fn plain_search_counted(&self, max_states: u64) -> (PlainOutcome, u64) {
        self.start.search(max_states)
    }

    /// The position after `moves` (each legal in turn; the error names the first that is not)
    /// as piles, with its redeals left, and the moves legal there in the family's order.
    pub fn position_after(&self, moves: &[Move]) -> Result<(Piles, Vec<Move>), ReplayError> {
        self.start.after(moves)
    }
}

/// The game, if `name` is a variant of family `V` (`None` otherwise; `Some(Err)` if its options
/// or piles do not fit).
fn chosen<V: Family>(
    name: &str,
    options: &[(&str, &str)],
    piles: &Piles,
) -> Option<Result<NamedGame, String>> {
    let variant = V::ALL.iter().copied().find(|v| v.name() == name)?;
    let start = || -> Result<V::Position, String> {
        let mut given = GivenOptions::new(options);
        let options = variant.options_named(&mut given)?;
        given.all_taken()?;
        let layout = variant.layout_of_piles(piles)?;
        let mut position = variant
            .position(&options, &layout)
            .map_err(|reason| format!("inconsistent layout: {reason}"))?;
        if let Some(left) = piles.redeals_left {
            variant.with_redeals_left(&mut position, left)?;
        }
        Ok(position)
    };
    Some(
        start()
            .map(|position| NamedGame {
                variant: variant.name(),
                start: Box::new(StartOf { variant, position }),
            })
            .map_err(|reason| format!("{}: {reason}", variant.name())),
    )
}

#[cfg(test)]
mod tests;
