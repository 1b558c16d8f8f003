//! How a study's numbers become deals: native seeds (our own generator, RULES.md §1.1) or
//! PySolFC game numbers (§1.2), each under the variant's hook. A study's manifest records which
//! as its `deal_generator`.

use super::{Deal, DealError, DealSource, Hook, make_deal};

/// Which numbering a study's numbers are in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Numbering {
    /// Native seeds: ChaCha8 and a Fisher–Yates shuffle of the 104 cards.
    Native,
    /// PySolFC game numbers (from 1): PySolFC 3.6's own shuffle.
    Pysol,
}

impl Numbering {
    /// The deal source of number `n`.
    pub fn source(self, n: u64) -> DealSource {
        match self {
            Numbering::Native => DealSource::Native(n),
            Numbering::Pysol => DealSource::Pysol(n as u128),
        }
    }

    /// The name a manifest records (`deal_generator`). Deals are forever: a name never changes
    /// its deals; a new generator would get a new name.
    pub fn generator(self) -> &'static str {
        match self {
            Numbering::Native => "chacha8-fisher-yates-u64-v1",
            Numbering::Pysol => "pysolfc-3.6-game-numbers",
        }
    }

    /// The numbering a manifest's `deal_generator` names.
    pub fn from_generator(name: &str) -> Option<Numbering> {
        [Numbering::Native, Numbering::Pysol].into_iter().find(|n| n.generator() == name)
    }
}

/// A numbering and a variant's hook: what turns a study's number into its deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dealing {
    pub numbering: Numbering,
    pub hook: Hook,
}

impl Dealing {
    /// Native seeds under `hook`.
    pub fn native(hook: Hook) -> Dealing {
        Dealing { numbering: Numbering::Native, hook }
    }

    /// The deal of number `n` (a PySolFC number 0 is refused).
    pub fn deal(&self, n: u64) -> Result<Deal, DealError> {
        make_deal(&self.numbering.source(n), self.hook)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generators_read_back_and_number_deals_as_their_sources() {
        for n in [Numbering::Native, Numbering::Pysol] {
            assert_eq!(Numbering::from_generator(n.generator()), Some(n));
        }
        assert_eq!(Numbering::from_generator("something else"), None);
        let pysol = Dealing { numbering: Numbering::Pysol, hook: Hook::AcesKingsToTop };
        assert_eq!(
            pysol.deal(617).unwrap(),
            make_deal(&DealSource::Pysol(617), Hook::AcesKingsToTop).unwrap()
        );
        assert!(pysol.deal(0).is_err(), "PySolFC numbers start at 1");
        assert_ne!(
            pysol.deal(617).unwrap(),
            Dealing::native(Hook::AcesKingsToTop).deal(617).unwrap()
        );
    }
}
