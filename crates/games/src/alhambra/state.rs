//! The Alhambra-family position, bit-packed: 8 foundation counts and 8 reserve heights in two
//! `u32`s of nibbles, and every waste and the stock as ONE packed sequence of card kinds.
//!
//! Sequence layout: `[W3][W2][W1][W0][stock, next card to deal first]`, each waste bottom→top
//! (alhambra and reinforcements use W0 only). This makes the talon operations cheap: a deal to W0
//! is `wlen[0] += 1`, a redeal is `wlen = 0` (the wastes, read in that order, ARE the new stock:
//! RULES.md §2 "old waste bottom card dealt first", and for granada "W3 bottom→top, then W2, W1,
//! W0"). Reserve contents never change except for their heights, so they live in the game, not the
//! state. The two copies of a card are one kind (RULES.md §0), which merges symmetric positions.

use crate::card::Kind;
use crate::packed::PackedSeq;

/// Most cards the sequence can hold: 64 talon cards + 32 reserve cards (alhambra, granada), or
/// 48 + 48 (reinforcements).
pub const SEQ_WORDS: usize = 10;
pub const SEQ_CAP: usize = 96;
const _: () = assert!(PackedSeq::<SEQ_WORDS>::CAPACITY >= SEQ_CAP);

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct AlhambraState {
    pub(super) seq: PackedSeq<SEQ_WORDS>,
    /// Sum of the bigram keys of the sequence (see [`bigram`]), kept up to date by every edit.
    pub(super) seq_hash: u64,
    /// Cards on F0..F7, a nibble each.
    pub(super) found: u32,
    /// Original reserve cards left on R0..R7, a nibble each.
    pub(super) heights: u32,
    /// Reinforcements only: the card a refill put on R0..R3 (kind + 1; 0 = none).
    pub(super) refill: [u8; 4],
    pub(super) wlen: [u8; 4],
    pub(super) len: u8,
    pub(super) redeals_left: u8,
    /// Partial-order reduction (see `prune.rs`): the foundations that received a card, and the
    /// reserves uncovered, by the current run of postponed reserve-to-foundation moves.
    pub(super) run_foundations: u8,
    pub(super) run_reserves: u8,
}

impl Default for AlhambraState {
    fn default() -> Self {
        AlhambraState::empty(0)
    }
}

pub(super) const ALL_FOUNDATIONS_FULL: u32 = 0xDDDD_DDDD;
const BOUNDARY: usize = 52;

/// Position-free incremental hashing: the sequence hashes as the sum of a random key per
/// adjacent pair (with a boundary marker at both ends), so inserting or removing one card
/// changes three terms. Equal sequences always hash equal; the table stores exact states, so
/// the rare different sequences with equal pair sums only cost a probe.
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

#[inline]
pub(super) fn nibble(x: u32, i: usize) -> u8 {
    ((x >> (4 * i)) & 0xF) as u8
}

impl AlhambraState {
    /// Cards still in the stock.
    pub fn stock_left(&self) -> usize {
        self.stock_len()
    }
    /// Cards on the foundations.
    pub fn cards_home(&self) -> usize {
        (0..8).map(|f| self.found(f) as usize).sum()
    }
    /// Redeals still allowed.
    pub fn redeals_left(&self) -> u8 {
        self.redeals_left
    }

    pub(super) fn empty(redeals: u8) -> Self {
        AlhambraState {
            seq: PackedSeq::new(),
            seq_hash: bigram(BOUNDARY, BOUNDARY),
            found: 0,
            heights: 0,
            refill: [0; 4],
            wlen: [0; 4],
            len: 0,
            redeals_left: redeals,
            run_foundations: 0,
            run_reserves: 0,
        }
    }

    #[inline]
    pub(super) fn found(&self, f: usize) -> u8 {
        nibble(self.found, f)
    }
    #[inline]
    pub(super) fn add_to_foundation(&mut self, f: usize) {
        self.found += 1 << (4 * f);
    }
    pub(super) fn set_found(&mut self, f: usize, n: u8) {
        self.found = (self.found & !(0xF << (4 * f))) | ((n as u32) << (4 * f));
    }
    #[inline]
    pub(super) fn height(&self, r: usize) -> u8 {
        nibble(self.heights, r)
    }
    pub(super) fn set_height(&mut self, r: usize, h: u8) {
        self.heights = (self.heights & !(0xF << (4 * r))) | ((h as u32) << (4 * r));
    }
    #[inline]
    pub(super) fn lower_height(&mut self, r: usize) {
        self.heights -= 1 << (4 * r);
    }

    #[inline]
    pub(super) fn kind_at(&self, i: usize) -> Kind {
        Kind::from_index(self.seq.get(i))
    }
    #[inline]
    fn key_at(&self, i: isize) -> usize {
        if i < 0 || i >= self.len as isize { BOUNDARY } else { self.seq.get(i as usize) as usize }
    }

    /// Total cards on the wastes = index of the stock's next card.
    #[inline]
    pub(super) fn stock_start(&self) -> usize {
        self.wlen.iter().map(|&b| b as usize).sum()
    }
    #[inline]
    pub(super) fn stock_len(&self) -> usize {
        self.len as usize - self.stock_start()
    }
    /// One past the top of waste `w` (wastes with higher numbers come first in the sequence).
    #[inline]
    pub(super) fn waste_end(&self, w: usize) -> usize {
        self.wlen[w..].iter().map(|&b| b as usize).sum()
    }
    #[inline]
    pub(super) fn waste_top(&self, w: usize) -> Option<Kind> {
        (self.wlen[w] > 0).then(|| self.kind_at(self.waste_end(w) - 1))
    }

    /// Inserts a card at sequence index `i`, keeping the hash.
    pub(super) fn insert(&mut self, i: usize, k: Kind) {
        let (p, n) = (self.key_at(i as isize - 1), self.key_at(i as isize));
        let v = k.index() as usize;
        self.seq_hash = self.seq_hash.wrapping_sub(bigram(p, n)).wrapping_add(bigram(p, v)).wrapping_add(bigram(v, n));
        self.seq.insert(i, k.index(), self.len as usize);
        self.len += 1;
    }

    /// Removes the card at sequence index `i`, keeping the hash.
    pub(super) fn remove(&mut self, i: usize) -> Kind {
        let (p, n) = (self.key_at(i as isize - 1), self.key_at(i as isize + 1));
        let v = self.seq.remove(i, self.len as usize) as usize;
        self.len -= 1;
        self.seq_hash = self.seq_hash.wrapping_add(bigram(p, n)).wrapping_sub(bigram(p, v)).wrapping_sub(bigram(v, n));
        Kind::from_index(v as u8)
    }

    /// The hash of the whole position: the sequence hash mixed with the small fields.
    pub(super) fn full_hash(&self) -> u64 {
        let a = self.found as u64 | (self.heights as u64) << 32;
        let b = u32::from_le_bytes(self.wlen) as u64
            | (u32::from_le_bytes(self.refill) as u64) << 32
            ^ (self.redeals_left as u64) << 61
            ^ (self.run_foundations as u64) << 40
            ^ (self.run_reserves as u64) << 48;
        let mut h = self.seq_hash ^ a.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ b.wrapping_mul(0xC2B2_AE3D_27D4_EB4F).rotate_left(29);
        h ^= h >> 33;
        h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        h ^= h >> 33;
        h
    }

    /// Recomputes the sequence hash from scratch (tests compare it with the incremental one).
    #[cfg(test)]
    pub(super) fn recomputed_seq_hash(&self) -> u64 {
        let mut h = 0u64;
        for i in -1..self.len as isize {
            h = h.wrapping_add(bigram(self.key_at(i), self.key_at(i + 1)));
        }
        h
    }
}
