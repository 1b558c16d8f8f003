//! The Alhambra-family position, bit-packed: the 8 foundation counts and 8 reserve heights as
//! nibbles, and every waste and the stock as ONE packed sequence of card kinds.
//!
//! Sequence layout: `[W3][W2][W1][W0][stock, next card to deal first]`, each waste bottom→top
//! (alhambra and reinforcements use W0 only). This makes the talon operations cheap: a deal to W0
//! is `wlen[0] += 1`, a redeal is `wlen = 0` (the wastes, read in that order, ARE the new stock:
//! RULES.md §2 "old waste bottom card dealt first", and for granada "W3 bottom→top, then W2, W1,
//! W0"). Reserve contents never change except for their heights, so they live in the game, not the
//! state. The two copies of a card are one kind (RULES.md §0), which merges symmetric positions.

use crate::card::Kind;
use crate::cardseq::{CardSeq, mix};
use crate::foundations::Foundations;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct AlhambraState {
    pub(super) seq: CardSeq,
    pub(super) found: Foundations,
    /// Original reserve cards left on R0..R7, a nibble each.
    pub(super) heights: u32,
    /// Reinforcements only: the card a refill put on R0..R3 (kind + 1; 0 = none).
    pub(super) refill: [u8; 4],
    pub(super) wlen: [u8; 4],
    pub(super) redeals_left: u8,
    /// Partial-order reduction (see `prune.rs`): the foundations that received a card, and the
    /// reserves uncovered, by the current run of postponed reserve-to-foundation moves.
    pub(super) run_foundations: u8,
    pub(super) run_reserves: u8,
}

impl AlhambraState {
    #[inline]
    pub(super) fn height(&self, r: usize) -> u8 {
        ((self.heights >> (4 * r)) & 0xF) as u8
    }
    pub(super) fn set_height(&mut self, r: usize, h: u8) {
        self.heights = (self.heights & !(0xF << (4 * r))) | ((h as u32) << (4 * r));
    }
    #[inline]
    pub(super) fn lower_height(&mut self, r: usize) {
        self.heights -= 1 << (4 * r);
    }

    /// Total cards on the wastes = index of the stock's next card.
    #[inline]
    pub(super) fn stock_start(&self) -> usize {
        self.wlen.iter().map(|&b| b as usize).sum()
    }
    #[inline]
    pub(super) fn stock_len(&self) -> usize {
        self.seq.len() - self.stock_start()
    }
    /// One past the top of waste `w` (wastes with higher numbers come first in the sequence).
    #[inline]
    pub(super) fn waste_end(&self, w: usize) -> usize {
        self.wlen[w..].iter().map(|&b| b as usize).sum()
    }
    #[inline]
    pub(super) fn waste_top(&self, w: usize) -> Option<Kind> {
        (self.wlen[w] > 0).then(|| self.seq.get(self.waste_end(w) - 1))
    }

    /// The table's fingerprint of the position: every field, the sequence by its packed words.
    pub(super) fn fingerprint(&self) -> u128 {
        let mut k = [0u64; 13];
        k[..10].copy_from_slice(self.seq.words());
        k[10] = self.seq.len() as u64 | (self.found.bits() as u64) << 32;
        k[11] = self.heights as u64 | (u32::from_le_bytes(self.refill) as u64) << 32;
        k[12] = u32::from_le_bytes(self.wlen) as u64
            | (self.redeals_left as u64) << 32
            | (self.run_foundations as u64) << 40
            | (self.run_reserves as u64) << 48;
        crate::fingerprint::of_words(&k)
    }

    /// The hash of the whole position: the sequence hash mixed with the small fields.
    pub(super) fn full_hash(&self) -> u64 {
        let a = self.found.bits() as u64 | (self.heights as u64) << 32;
        let b = u32::from_le_bytes(self.wlen) as u64
            | (u32::from_le_bytes(self.refill) as u64) << 32
                ^ (self.redeals_left as u64) << 61
                ^ (self.run_foundations as u64) << 40
                ^ (self.run_reserves as u64) << 48;
        mix(self.seq.hash()
            ^ a.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ b.wrapping_mul(0xC2B2_AE3D_27D4_EB4F).rotate_left(29))
    }
}
