//! A sequence of card kinds (a waste and stock, or several piles side by side), bit-packed six
//! bits a card, with an incrementally maintained hash.
//!
//! The hash is position-free: the sum of a random key per adjacent pair, with a boundary marker
//! at both ends, so inserting or removing one card changes three terms. Equal sequences always
//! hash equal; tables store exact states, so the rare different sequences with equal pair sums
//! only cost a probe.

use crate::card::Kind;
use crate::packed::PackedSeq;

/// Most cards a sequence holds (enough for 32 talon cards + 64 quilt cards, or 64 + 32 reserve
/// cards in the Alhambra family).
pub const SEQ_CAP: usize = 96;
const WORDS: usize = 10;
const _: () = assert!(PackedSeq::<WORDS>::CAPACITY >= SEQ_CAP);
const BOUNDARY: usize = 52;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct CardSeq {
    packed: PackedSeq<WORDS>,
    hash: u64,
    len: u8,
}

impl Default for CardSeq {
    fn default() -> Self {
        CardSeq { packed: PackedSeq::new(), hash: bigram(BOUNDARY, BOUNDARY), len: 0 }
    }
}

const fn bigram_table() -> [[u64; 53]; 53] {
    let mut t = [[0u64; 53]; 53];
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut i = 0;
    while i < 53 {
        let mut j = 0;
        while j < 53 {
            // splitmix64
            x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            t[i][j] = z ^ (z >> 31);
            j += 1;
        }
        i += 1;
    }
    t
}
static BIGRAM: [[u64; 53]; 53] = bigram_table();

#[inline]
fn bigram(a: usize, b: usize) -> u64 {
    BIGRAM[a][b]
}

impl CardSeq {
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    #[inline]
    pub fn get(&self, i: usize) -> Kind {
        Kind::from_index(self.packed.get(i))
    }
    /// The packed words, read-only (see [`PackedSeq::words`]): kind indices six bits each, ten
    /// to a word, card `i` in word `i / 10` at bit `6 · (i % 10)`.
    #[inline]
    pub fn words(&self) -> &[u64; WORDS] {
        self.packed.words()
    }
    /// The hash of the contents (see the module notes).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }
    #[inline]
    fn key_at(&self, i: isize) -> usize {
        if i < 0 || i >= self.len as isize {
            BOUNDARY
        } else {
            self.packed.get(i as usize) as usize
        }
    }

    /// Inserts a card at index `i` (0..=len).
    #[inline]
    pub fn insert(&mut self, i: usize, k: Kind) {
        debug_assert!(self.len() < SEQ_CAP);
        let (p, n) = (self.key_at(i as isize - 1), self.key_at(i as isize));
        let v = k.index() as usize;
        self.hash = self
            .hash
            .wrapping_sub(bigram(p, n))
            .wrapping_add(bigram(p, v))
            .wrapping_add(bigram(v, n));
        self.packed.insert(i, k.index(), self.len as usize);
        self.len += 1;
    }

    pub fn push(&mut self, k: Kind) {
        self.insert(self.len(), k);
    }

    /// Removes and returns the card at index `i`.
    #[inline]
    pub fn remove(&mut self, i: usize) -> Kind {
        let (p, n) = (self.key_at(i as isize - 1), self.key_at(i as isize + 1));
        let v = self.packed.remove(i, self.len as usize) as usize;
        self.len -= 1;
        self.hash = self
            .hash
            .wrapping_add(bigram(p, n))
            .wrapping_sub(bigram(p, v))
            .wrapping_sub(bigram(v, n));
        Kind::from_index(v as u8)
    }

    /// The hash recomputed from scratch (tests compare it with the incremental one).
    pub fn recomputed_hash(&self) -> u64 {
        (-1..self.len as isize)
            .fold(0u64, |h, i| h.wrapping_add(bigram(self.key_at(i), self.key_at(i + 1))))
    }
}

/// A 64-bit finaliser (murmur3's), so every bit of a table index depends on every field.
#[inline]
pub(crate) fn mix(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    h ^= h >> 33;
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Whatever the edits, the incremental hash equals the recomputed one, and equal
        /// contents hash equal.
        #[test]
        fn incremental_hash_is_exact(ops in proptest::collection::vec((any::<bool>(), 0usize..96, 0u8..52), 0..150)) {
            let mut s = CardSeq::default();
            for (ins, pos, k) in ops {
                if ins && s.len() < SEQ_CAP {
                    s.insert(pos % (s.len() + 1), Kind::from_index(k));
                } else if !s.is_empty() {
                    s.remove(pos % s.len());
                }
                prop_assert_eq!(s.hash(), s.recomputed_hash());
            }
            let mut rebuilt = CardSeq::default();
            for i in 0..s.len() { rebuilt.push(s.get(i)); }
            prop_assert_eq!(rebuilt, s);
        }
    }
}
