//! What a caller gives the by-name entry (`by_name.rs`): a layout in a family-neutral form
//! ([`Piles`]) and the options by their command-line names ([`GivenOptions`]). A leaf: the
//! families read these, and the by-name entry finds the family.

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
    /// number (a deal's start). See `Family::with_redeals_left`.
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
/// so is one left over that the family did not take (see `NamedGame::new`).
pub struct GivenOptions<'a> {
    given: &'a [(&'a str, &'a str)],
    taken: Vec<bool>,
}

impl<'a> GivenOptions<'a> {
    pub(crate) fn new(given: &'a [(&'a str, &'a str)]) -> GivenOptions<'a> {
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
    pub(crate) fn all_taken(&self) -> Result<(), String> {
        match self.taken.iter().position(|&taken| !taken) {
            None => Ok(()),
            Some(i) => Err(format!("unknown option {}", self.given[i].0)),
        }
    }
}
