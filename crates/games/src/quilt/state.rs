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

/// Cells whose card lies vertically: (r + c) even (RULES.md §5: Q[0][0] is vertical).
pub(super) const VERTICAL: u64 = 0xAA55_AA55_AA55_AA55;
const COLUMN_0: u64 = 0x0101_0101_0101_0101;
const COLUMN_7: u64 = COLUMN_0 << 7;

/// The available quilt cards: present, with at least one short-side neighbour off the grid or
/// gone. A vertical card's short sides face up and down, a horizontal one's left and right.
#[inline]
pub fn available_cells(quilt: u64) -> u64 {
    // Bit i of each mask: the neighbour on that side of cell i is missing (gone or off the grid).
    let up_missing = !(quilt << 8);
    let down_missing = !(quilt >> 8);
    let left_missing = !((quilt << 1) & !COLUMN_0);
    let right_missing = !((quilt >> 1) & !COLUMN_7);
    quilt & ((VERTICAL & (up_missing | down_missing)) | (!VERTICAL & (left_missing | right_missing)))
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
        k[10] = self.seq.len() as u64 | (self.found.bits() as u64) << 32 | (self.redeals_left as u64) << 8;
        k[11] = self.quilt;
        k[12] = u64::from_le_bytes(self.seg);
        crate::fingerprint::of_words(&k)
    }

    pub(super) fn full_hash(&self) -> u64 {
        let small = self.found.bits() as u64 ^ (u64::from_le_bytes(self.seg)).rotate_left(32) ^ (self.redeals_left as u64) << 61;
        crate::cardseq::mix(self.seq.hash() ^ self.quilt.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ small.wrapping_mul(0xC2B2_AE3D_27D4_EB4F))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same rule, cell by cell, straight from the text.
    fn available_geometric(quilt: u64, r: i32, c: i32) -> bool {
        let present = |r: i32, c: i32| (0..8).contains(&r) && (0..8).contains(&c) && quilt >> (8 * r + c) & 1 == 1;
        if !present(r, c) {
            return false;
        }
        let (a, b) = if (r + c) % 2 == 0 { ((r - 1, c), (r + 1, c)) } else { ((r, c - 1), (r, c + 1)) };
        !present(a.0, a.1) || !present(b.0, b.1)
    }

    #[test]
    fn sixteen_cards_are_available_at_the_start() {
        assert_eq!(available_cells(u64::MAX).count_ones(), 16);
        assert!(available_cells(u64::MAX) & 1 == 1, "Q00 is vertical, on the top edge");
        assert!(available_cells(u64::MAX) & (1 << 8) != 0, "Q10 is horizontal, on the left edge");
        assert!(available_cells(u64::MAX) & (1 << 9) == 0, "Q11 is inner");
    }

    #[test]
    fn masks_agree_with_the_geometry() {
        let mut x = 0x1234_5678_9ABC_DEF1u64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let quilt = x & (x >> 3 | x << 5); // dense and sparse patterns
            for quilt in [quilt, !quilt, x] {
                let avail = available_cells(quilt);
                for i in 0..64 {
                    assert_eq!(avail >> i & 1 == 1, available_geometric(quilt, i / 8, i % 8), "{quilt:016x} cell {i}");
                }
            }
        }
    }
}
