//! The table's fingerprint of an Algerian position.
//!
//! Symmetry needs nothing here: under symmetry pruning `play` already leaves every position in
//! its canonical form (`state.rs`, `prune.rs`), so the key is the stored contents. The physical
//! pile names are not part of the position (they are ignored by `==` too).

use super::state::{AlgerianState, PILES, WORDS};

impl AlgerianState {
    /// Everything `==` compares: the packed piles, their lengths, foundations, stock and run.
    pub(super) fn fingerprint(&self) -> u128 {
        let mut lens = [0u8; 16];
        lens[..PILES].copy_from_slice(&self.lens);
        let lens = u128::from_le_bytes(lens);
        let mut k = [0u64; WORDS + 3];
        k[..WORDS].copy_from_slice(&self.words);
        k[WORDS] = lens as u64;
        k[WORDS + 1] = (lens >> 64) as u64;
        k[WORDS + 2] = self.found as u64 | (self.dealt as u64) << 32 | (self.run as u64) << 40;
        crate::fingerprint::of_words(&k)
    }
}
