//! The by-name entry: a game chosen by its variant's registry name, its options by their
//! command-line names and its layout in a family-neutral form ([`Piles`]), so that a caller (the
//! project's verifier) needs no code of its own per family.
//!
//! Each family reads its own options and piles ([`Family::options_named`],
//! [`Family::layout_of_piles`]); this module only finds the family by the variant's name and
//! checks what is common: every option given once, with a good value, and none left over.

use std::fmt;

use crate::replay::replay_from;
use crate::search::search_from;
use crate::{Family, FamilyVisitor, Move, PlainOutcome, ReplayError, Rules, each_family};

// ---------------------------------------------------------------------------------------------
// The neutral layout
// ---------------------------------------------------------------------------------------------

/// A layout of any family, as card ids: every pile bottom→top, the stock next card first. A family
/// takes the kinds of pile it has and wants no card in the others:
///
/// * Alhambra family: `foundations` (8), `reserves` (8 or 4), `wastes` (1, Granada 4).
/// * Queen of Italy family: `foundations` (8), `terrace`, `rows` (the tableau, 9 or 8), `wastes`
///   (the waste: one pile, or none for an empty waste).
/// * Algerian family: `foundations` (8), `reserves` (6), `rows` (the depots, 8).
/// * Crazy Quilt family: `foundations` (8), `quilt` (64 cells, row-major, `None` a hole),
///   `reserves` (Persian Rug's 8), `wastes` (one pile or none).
///
/// Every family has a `stock_top_first` (empty in Persian Rug).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Piles {
    pub foundations: Vec<Vec<u8>>,
    pub reserves: Vec<Vec<u8>>,
    /// The Queen of Italy family's terrace (empty elsewhere).
    pub terrace: Vec<u8>,
    /// The tableau piles (Queen of Italy family) or the depots (Algerian family).
    pub rows: Vec<Vec<u8>>,
    pub wastes: Vec<Vec<u8>>,
    pub stock_top_first: Vec<u8>,
    /// The Crazy Quilt family's 8×8 quilt, 64 cells row-major (`None` = a hole); empty elsewhere.
    pub quilt: Vec<Option<u8>>,
    /// Redeals still allowed, for a position part-way through a game; `None`: the options'
    /// number (a deal's start). See [`Family::with_redeals_left`].
    pub redeals_left: Option<u8>,
}

/// The checks the families use to take their piles from a [`Piles`].
impl Piles {
    /// The family has no terrace: it must hold no card.
    pub(crate) fn none_in_terrace(&self) -> Result<(), String> {
        no_card("terrace", self.terrace.len())
    }

    /// The family has no reserves: they must hold no card.
    pub(crate) fn none_in_reserves(&self) -> Result<(), String> {
        no_card("reserves", self.reserves.iter().map(Vec::len).sum())
    }

    /// The family has no tableau piles or depots: they must hold no card.
    pub(crate) fn none_in_rows(&self) -> Result<(), String> {
        no_card("rows", self.rows.iter().map(Vec::len).sum())
    }

    /// The family has no waste: it must hold no card.
    pub(crate) fn none_in_wastes(&self) -> Result<(), String> {
        no_card("wastes", self.wastes.iter().map(Vec::len).sum())
    }

    /// The family has no quilt: it must hold no card.
    pub(crate) fn none_in_quilt(&self) -> Result<(), String> {
        no_card("quilt", self.quilt.iter().flatten().count())
    }

    /// The one waste of a family that has one (none given: an empty waste).
    pub(crate) fn single_waste(&self) -> Result<Vec<u8>, String> {
        match self.wastes.as_slice() {
            [] => Ok(Vec::new()),
            [waste] => Ok(waste.clone()),
            more => Err(format!("{} waste piles, expected one", more.len())),
        }
    }

    /// The quilt as rows of cells: exactly 64 cells.
    pub(crate) fn quilt_grid(&self) -> Result<[[Option<u8>; 8]; 8], String> {
        if self.quilt.len() != 64 {
            return Err(format!("a quilt of {} cells, expected 64", self.quilt.len()));
        }
        let mut grid = [[None; 8]; 8];
        for (i, &cell) in self.quilt.iter().enumerate() {
            grid[i / 8][i % 8] = cell;
        }
        Ok(grid)
    }
}

/// A kind of pile the family does not have holds `cards` cards: an error unless none.
fn no_card(what: &str, cards: usize) -> Result<(), String> {
    if cards == 0 {
        Ok(())
    } else {
        Err(format!("{cards} cards in the {what}, which this family does not have"))
    }
}

// ---------------------------------------------------------------------------------------------
// Options by name
// ---------------------------------------------------------------------------------------------

/// The options given by name (`("redeals", "2")`, ...), as a family takes them: each by its
/// command-line name, once. An option not given, given twice, or with a bad value is an error;
/// so is one left over that the family did not take (see [`NamedGame::new`]).
pub struct GivenOptions<'a> {
    given: &'a [(&'a str, &'a str)],
    taken: Vec<bool>,
}

impl<'a> GivenOptions<'a> {
    fn new(given: &'a [(&'a str, &'a str)]) -> GivenOptions<'a> {
        GivenOptions { given, taken: vec![false; given.len()] }
    }

    /// The value of option `name`, marked as taken.
    fn value(&mut self, name: &str) -> Result<&'a str, String> {
        let mut found = None;
        for (i, &(option, value)) in self.given.iter().enumerate() {
            if option == name {
                if found.is_some() {
                    return Err(format!("option {name} given twice"));
                }
                found = Some(value);
                self.taken[i] = true;
            }
        }
        found.ok_or_else(|| format!("option {name} missing"))
    }

    /// Option `name`, one of the `choices` by its text.
    pub fn choice<T: Copy>(&mut self, name: &str, choices: &[(&str, T)]) -> Result<T, String> {
        let value = self.value(name)?;
        choices.iter().find(|(text, _)| *text == value).map(|&(_, choice)| choice).ok_or_else(
            || {
                let texts: Vec<&str> = choices.iter().map(|(text, _)| *text).collect();
                format!("option {name}: {value:?} is not one of {}", texts.join(", "))
            },
        )
    }

    /// Option `name`, `true` or `false`.
    pub fn flag(&mut self, name: &str) -> Result<bool, String> {
        self.choice(name, &[("true", true), ("false", false)])
    }

    /// Option `name`, a number 0..=255 in decimal digits.
    pub fn number(&mut self, name: &str) -> Result<u8, String> {
        let value = self.value(name)?;
        // Digits only: `str::parse` would also take a sign.
        let digits = !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit());
        digits
            .then(|| value.parse::<u8>().ok())
            .flatten()
            .ok_or_else(|| format!("option {name}: {value:?} is not a number from 0 to 255"))
    }

    /// Every option was taken: none is unknown to the family.
    fn all_taken(&self) -> Result<(), String> {
        match self.taken.iter().position(|&taken| !taken) {
            None => Ok(()),
            Some(i) => Err(format!("unknown option {}", self.given[i].0)),
        }
    }
}

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
