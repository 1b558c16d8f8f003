//! Exact foundations, kept only with the foundation-to-tableau option (`queen-of-italy-open`,
//! RULES.md §3: PySolFC "lets a foundation's top card, not its base, return to the tableau").
//!
//! Without the option the state keeps only how many copies of each card are home: no card ever
//! leaves a foundation, so which foundation took it never matters. With the option it does: 7D
//! put on 6S or on 6C leaves a different card to take back after it. So every foundation is kept
//! exactly, in the state's `found` word:
//!
//! * a foundation (alternating colours, RULES.md §3; the option exists only in that variant) is
//!   its base colour, its height `h` and, for each of its `h` cards, one bit: which of the two
//!   suits of that level's colour it is (a card's rank and colour follow from the base rank, the
//!   base colour and the level);
//! * foundations are interchangeable ("any foundation may take any card that fits"), so they are
//!   kept sorted — base colour, then height (highest first), then bits — which makes the state
//!   canonical under renaming foundations. In that order the heights follow from the counts the
//!   state keeps anyway (the foundations of base colour `X` at height ≥ `h + 1` are as many as
//!   the cards home of level `h`'s rank and colour, `X` flipped `h` times), so only the bits are
//!   stored: `h` per foundation, at most 104 in all.

use super::state::QueenState;
use crate::card::Kind;

/// An empty foundation, as a destination: `Loc::Found(NEW_FOUNDATION)`.
pub const NEW_FOUNDATION: u8 = 8;

/// One foundation, exactly.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct Foundation {
    /// Colour of its base card (0 black, 1 red).
    pub colour: u8,
    pub height: u8,
    /// Bit `l`: the suit of the card at level `l` within its colour (suit & 1).
    pub bits: u16,
}

impl Foundation {
    fn order(&self) -> (u8, u8, u16) {
        (self.colour, 13 - self.height, self.bits)
    }
    /// The card at level `level` (0 = the base).
    pub fn card(&self, base_rank: u8, level: u8) -> u8 {
        let colour = self.colour ^ (level & 1);
        let suit = colour * 2 + ((self.bits >> level) & 1) as u8;
        Kind::new(suit, (base_rank + level) % 13).index()
    }
    pub fn top(&self, base_rank: u8) -> u8 {
        self.card(base_rank, self.height - 1)
    }
    /// Does it take `k` next? (Not the base rank: that founds an empty foundation.)
    pub fn accepts(&self, base_rank: u8, k: u8) -> bool {
        let k = Kind::from_index(k);
        self.height < 13
            && k.rank() == (base_rank + self.height) % 13
            && k.colour() == self.colour ^ (self.height & 1)
    }
    /// Its cards, base first.
    pub fn cards(&self, base_rank: u8) -> Vec<u8> {
        (0..self.height).map(|l| self.card(base_rank, l)).collect()
    }
    /// The foundation holding exactly `cards` (base first; built up in alternating colours).
    pub fn of_cards(cards: &[u8]) -> Foundation {
        let colour = Kind::from_index(cards[0]).colour();
        let bits = cards
            .iter()
            .enumerate()
            .fold(0u16, |b, (l, &k)| b | (((Kind::from_index(k).suit() & 1) as u16) << l));
        Foundation { colour, height: cards.len() as u8, bits }
    }
}

/// The non-empty foundations of a position, in the state's order.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Foundations {
    pub list: [Foundation; 8],
    pub len: usize,
}

impl Foundations {
    pub fn as_slice(&self) -> &[Foundation] {
        &self.list[..self.len]
    }
}

impl QueenState {
    /// The foundations, read from the counts and the `found` bits.
    pub(crate) fn foundations(&self) -> Foundations {
        let mut out = Foundations { list: [Foundation::default(); 8], len: 0 };
        if !self.chosen() {
            return out;
        }
        let b = self.base_rank;
        let mut rest = self.found;
        for colour in 0..2u8 {
            // at_least[l]: foundations of this base colour holding a card at level l.
            let mut at_least = [0u32; 13];
            for (l, n) in at_least.iter_mut().enumerate() {
                let c = colour ^ (l as u8 & 1);
                let rank = (b + l as u8) % 13;
                *n = self.home(Kind::new(c * 2, rank).index())
                    + self.home(Kind::new(c * 2 + 1, rank).index());
            }
            for j in 0..at_least[0] {
                let height = at_least.iter().take_while(|&&n| n > j).count() as u8;
                let bits = (rest & ((1u128 << height) - 1)) as u16;
                rest >>= height;
                out.list[out.len] = Foundation { colour, height, bits };
                out.len += 1;
            }
        }
        out
    }

    /// Stores `f` (sorted here); the counts must already say the same cards are home.
    pub(crate) fn set_foundations(&mut self, f: &mut [Foundation]) {
        f.sort_unstable_by_key(Foundation::order);
        let mut off = 0;
        self.found = 0;
        for x in f.iter() {
            self.found |= (x.bits as u128) << off;
            off += x.height as u32;
        }
    }

    /// Puts `k` on foundation `j` (in the sorted order), or founds a new one (`NEW_FOUNDATION`).
    pub(crate) fn found_push(&mut self, j: u8, k: u8) {
        let mut f = self.foundations();
        if j == NEW_FOUNDATION {
            f.list[f.len] = Foundation::of_cards(&[k]);
            f.len += 1;
        } else {
            let x = &mut f.list[j as usize];
            x.bits |= ((Kind::from_index(k).suit() & 1) as u16) << x.height;
            x.height += 1;
        }
        self.add_home(k);
        self.set_foundations(&mut f.list[..f.len]);
    }

    /// Takes the top card off foundation `j` (which holds at least two cards).
    pub(crate) fn found_pop(&mut self, j: u8) -> u8 {
        let mut f = self.foundations();
        let x = &mut f.list[j as usize];
        let k = x.top(self.base_rank);
        x.height -= 1;
        x.bits &= !(1u16 << x.height);
        self.remove_home(k);
        self.set_foundations(&mut f.list[..f.len]);
        k
    }
}

#[cfg(test)]
mod tests;
