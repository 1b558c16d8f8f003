//! The table's fingerprint of a Queen of Italy position, with the symmetry of renaming tableau
//! piles built in.
//!
//! `moves.rs` argues that, once the base is chosen, positions that differ only in the order of
//! the tableau piles have the same future; `canonical` picks the sorted one. The fingerprint
//! needs no sort: each pile is one element (its chain bits, length and bottom card — in a
//! domain of its index when piles are not interchangeable; `pile_element`), and the piles enter
//! as a multiset, the wrapping sum of their fingerprints (`fingerprint.rs`). That sum is kept in the state by `push` and
//! `pop` (two pile fingerprints a card move instead of one per pile per position). So two
//! positions get the same fingerprint exactly when their canonical forms are equal (up to the
//! stated collision probability); the tests check this against `with_sorted_piles`.
//!
//! Every element fingerprint has its lowest bit clear, so `key_fp` has too: the search's flag
//! bit in the fingerprint it hands `play_fingerprinted` is cleared and the rest is the sum.

use super::elements::pile_element;
use super::state::QueenState;
use crate::fingerprint::multiset;

/// Seed of the `found` element.
const FOUND_DOMAIN: u64 = 0x5155_4545_4e46_4e44;

/// The element of a non-zero `found` (out of line: the foundation-to-tableau option only).
#[inline(never)]
fn found_fp(found: u128) -> u128 {
    multiset(found, FOUND_DOMAIN) & !1
}

impl QueenState {
    /// The fingerprint of the position's key; `interchangeable`: the tableau piles are a
    /// multiset (symmetry pruning after the opening choice), otherwise each pile keeps its
    /// index. `rows`: the variant's number of tableau piles.
    ///
    /// Everything but `found` is in the running sum `key_fp` (the piles as a multiset, and one
    /// element per removed talon position, per copy home and per small field's value, each
    /// relative to the field's default so the default state's sum is 0); `found` (0 except
    /// with the foundation-to-tableau option) is added as one more element when not 0. So a
    /// child's fingerprint is one read, not a hash of its fields. `fingerprint_simple` is the
    /// form before; the tests check that both partition positions alike.
    #[inline(always)]
    pub(crate) fn fingerprint(&self, rows: usize, interchangeable: bool) -> u128 {
        let mut fp = self.key_fp;
        if !interchangeable {
            fp = fp.wrapping_add(self.indexed_piles_delta(rows));
        }
        if self.found != 0 {
            fp = fp.wrapping_add(found_fp(self.found));
        }
        fp
    }

    /// What indexing the piles adds to `key_fp` (out of line: before the opening choice or
    /// without symmetry pruning only, and it keeps the hot fingerprint small).
    #[cold]
    #[inline(never)]
    fn indexed_piles_delta(&self, rows: usize) -> u128 {
        self.pile_sum(rows, true).wrapping_sub(self.pile_sum(rows, false))
    }

    /// The sum of the non-empty piles' fingerprints, each pile with its index when `indexed`
    /// (before the opening choice, or without symmetry pruning: not the hot path); unindexed,
    /// what `push` and `pop` keep in `key_fp` (the tests recompute it with this).
    /// Empty piles are left out: with the number of piles fixed, the non-empty ones (with
    /// their indices when those count) determine the rest.
    pub(super) fn pile_sum(&self, rows: usize, indexed: bool) -> u128 {
        let mut off = 0;
        let mut sum = 0u128;
        for i in 0..rows {
            if self.len[i] > 0 {
                let index = if indexed { i + 1 } else { 0 };
                sum = sum.wrapping_add(pile_element(self.pile_value(i, off), index));
                off += self.len[i] as u32 - 1;
            }
        }
        sum
    }
}

#[cfg(test)]
mod tests;
