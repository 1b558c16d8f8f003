//! A sequence of card kinds packed 6 bits each, ten to a `u64`, with the insert/remove
//! operations the games need. Slots past the length are kept zero, so two sequences with the same
//! contents are equal word for word and the packed words can serve as an exact table key.

const BITS: u32 = 6;
const PER_WORD: usize = 10;
const SLOT: u64 = (1 << BITS) - 1;
const WORD: u64 = (1 << (BITS as usize * PER_WORD)) - 1;

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PackedSeq<const W: usize> {
    words: [u64; W],
}

#[inline]
fn low_mask(slots: usize) -> u64 {
    (1u64 << (BITS as usize * slots)) - 1
}

impl<const W: usize> Default for PackedSeq<W> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const W: usize> PackedSeq<W> {
    pub const CAPACITY: usize = W * PER_WORD;

    pub fn new() -> Self {
        PackedSeq { words: [0; W] }
    }

    #[inline]
    pub fn get(&self, i: usize) -> u8 {
        ((self.words[i / PER_WORD] >> (BITS as usize * (i % PER_WORD))) & SLOT) as u8
    }

    /// The packed words, read-only: slot `i` is bits `6 · (i % 10)..` of word `i / 10`, and
    /// slots past the length are zero (for callers that read many slots in a row).
    #[inline]
    pub fn words(&self) -> &[u64; W] {
        &self.words
    }

    /// Inserts `v` (< 64) at `i`, moving slots `i..` up by one. The caller keeps the length and
    /// guarantees it stays within capacity.
    #[inline]
    pub fn insert(&mut self, i: usize, v: u8, len: usize) {
        debug_assert!(len < Self::CAPACITY && i <= len && (v as u64) <= SLOT);
        let w = i / PER_WORD;
        let last = len / PER_WORD; // the word that receives the old last slot
        for k in (w + 1..=last).rev() {
            self.words[k] = ((self.words[k] << BITS)
                | (self.words[k - 1] >> (BITS as usize * (PER_WORD - 1))))
                & WORD;
        }
        let o = i % PER_WORD;
        let low = self.words[w] & low_mask(o);
        let high = self.words[w] & !low_mask(o);
        self.words[w] = ((high << BITS) | ((v as u64) << (BITS as usize * o)) | low) & WORD;
    }

    /// Removes and returns slot `i`, moving slots `i+1..len` down by one and clearing the freed slot.
    #[inline]
    pub fn remove(&mut self, i: usize, len: usize) -> u8 {
        debug_assert!(i < len && len <= Self::CAPACITY);
        let v = self.get(i);
        let w = i / PER_WORD;
        let last = (len - 1) / PER_WORD;
        let o = i % PER_WORD;
        let low = self.words[w] & low_mask(o);
        let high = (self.words[w] >> (BITS as usize * (o + 1))) << (BITS as usize * o);
        self.words[w] = low | high;
        for k in w..last {
            self.words[k] |= (self.words[k + 1] & SLOT) << (BITS as usize * (PER_WORD - 1));
            self.words[k + 1] >>= BITS;
        }
        v
    }
}

impl<const W: usize> std::fmt::Debug for PackedSeq<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PackedSeq{:x?}", self.words)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn check(p: &PackedSeq<4>, v: &[u8]) {
        for (i, &x) in v.iter().enumerate() {
            assert_eq!(p.get(i), x, "slot {i}");
        }
        for i in v.len()..PackedSeq::<4>::CAPACITY {
            assert_eq!(p.get(i), 0, "slot {i} past the end must be zero");
        }
    }

    proptest! {
        /// Random inserts and removes agree with a Vec, and the tail stays zero (canonical form).
        #[test]
        fn behaves_like_a_vec(ops in proptest::collection::vec((any::<bool>(), 0usize..64, 0u8..64), 0..200)) {
            let mut p = PackedSeq::<4>::new();
            let mut v: Vec<u8> = Vec::new();
            for (ins, pos, val) in ops {
                if ins && v.len() < 39 {
                    let i = pos % (v.len() + 1);
                    p.insert(i, val, v.len());
                    v.insert(i, val);
                } else if !v.is_empty() {
                    let i = pos % v.len();
                    let got = p.remove(i, v.len());
                    prop_assert_eq!(got, v.remove(i));
                }
                check(&p, &v);
            }
            let mut rebuilt = PackedSeq::<4>::new();
            for (i, &x) in v.iter().enumerate() { rebuilt.insert(i, x, i); }
            prop_assert_eq!(rebuilt, p);
        }
    }
}
