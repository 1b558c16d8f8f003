//! The Crazy Quilt position: a 64-bit mask of the quilt cards still present, the foundation
//! counts, and one packed card sequence holding either the waste and stock (`[waste][stock, next
//! card first]`, as in the Alhambra family) or, for persian-rug, the eight reserves side by side
//! (`[R0][R1]…[R7]`, each bottom→top). The quilt's cards never move except off it, so they live in
//! the game; the state keeps only which are left.

use crate::card::Kind;
use crate::cardseq::CardSeq;
use crate::foundations::Foundations;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct QuiltState {
    pub(super) seq: CardSeq,
    pub(super) quilt: u64,
    pub(super) found: Foundations,
    /// crazy-quilt, indian-carpet: `seg[0]` is the waste's length. persian-rug: reserve lengths.
    pub(super) seg: [u8; 8],
    pub(super) redeals_left: u8,
}

impl QuiltState {
    /// The waste's length (crazy-quilt, indian-carpet).
    #[inline]
    pub(super) fn waste_len(&self) -> usize {
        self.seg[0] as usize
    }
    #[inline]
    pub(super) fn stock_len(&self) -> usize {
        self.seq.len() - self.waste_len()
    }
    #[inline]
    pub(super) fn waste_top(&self) -> Option<Kind> {
        (self.seg[0] > 0).then(|| self.seq.get(self.waste_len() - 1))
    }
    /// One past the top of reserve `r` (persian-rug).
    #[inline]
    pub(super) fn reserve_end(&self, r: usize) -> usize {
        self.seg[..=r].iter().map(|&b| b as usize).sum()
    }
    #[inline]
    pub(super) fn reserve_top(&self, r: usize) -> Option<Kind> {
        (self.seg[r] > 0).then(|| self.seq.get(self.reserve_end(r) - 1))
    }

    /// The table's fingerprint of the position: every field, the sequence by its packed words.
    pub(super) fn fingerprint(&self) -> u128 {
        let mut k = [0u64; 13];
        k[..10].copy_from_slice(self.seq.words());
        k[10] = self.seq.len() as u64
            | (self.found.bits() as u64) << 32
            | (self.redeals_left as u64) << 8;
        k[11] = self.quilt;
        k[12] = u64::from_le_bytes(self.seg);
        crate::fingerprint::of_words(&k)
    }

    pub(super) fn full_hash(&self) -> u64 {
        let small = self.found.bits() as u64
            ^ (u64::from_le_bytes(self.seg)).rotate_left(32)
            ^ (self.redeals_left as u64) << 61;
        crate::cardseq::mix(
            self.seq.hash()
                ^ self.quilt.wrapping_mul(0x9E37_79B9_7F4A_7C15)
                ^ small.wrapping_mul(0xC2B2_AE3D_27D4_EB4F),
        )
    }
}
