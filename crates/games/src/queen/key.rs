//! The table's fingerprint of a Queen of Italy position, with the symmetry of renaming tableau
//! piles built in.
//!
//! `moves.rs` argues that, once the base is chosen, positions that differ only in the order of
//! the tableau piles have the same future; `canonical` picks the sorted one. The fingerprint
//! needs no sort: each pile is one `u128` (its chain bits, length and bottom card — with its
//! index when piles are not interchangeable), and the piles enter as a multiset, the wrapping
//! sum of their fingerprints (`fingerprint.rs`). That sum is kept in the state by `push` and
//! `pop` (two pile fingerprints a card move instead of one per pile per position). So two
//! positions get the same fingerprint exactly when their canonical forms are equal (up to the
//! stated collision probability); the tests check this against `with_sorted_piles`.

use super::state::QueenState;
use crate::fingerprint::{multiset, of_words};

/// Seed separating pile fingerprints from anything else hashed.
const PILE_DOMAIN: u64 = 0x5155_4545_4e50_494c;

/// A pile as one `u128`: chain bits, length, bottom card (an injective encoding: at most 103
/// chain bits). Additive in its fields, so `push` and `pop` derive a pile's new value from
/// its old one.
#[inline]
pub(super) fn pile_value_of(bits: u128, len: u8, base: u8) -> u128 {
    bits | (len as u128) << 104 | (base as u128) << 112
}

/// The fingerprint of a pile value as an element of the multiset of piles.
#[inline]
pub(super) fn pile_fingerprint_of(value: u128) -> u128 {
    multiset(value, PILE_DOMAIN)
}

impl QueenState {
    /// Pile `i` (not empty, its chain bits from `off`) as one `u128` (`pile_value_of`).
    #[inline]
    pub(super) fn pile_value(&self, i: usize, off: u32) -> u128 {
        let n = self.len[i] as u32 - 1;
        let bits = (self.suits >> off) & ((1u128 << n) - 1);
        pile_value_of(bits, self.len[i], self.base[i])
    }

    /// The fingerprint of the position's key; `interchangeable`: the tableau piles are a
    /// multiset (symmetry pruning after the opening choice), otherwise each pile keeps its
    /// index. `rows`: the variant's number of tableau piles.
    ///
    /// The fields besides the piles are hashed as 32 bytes (one round of xxh3 instead of two):
    /// `removed` uses at most `MAX_SEQ` = 96 bits, so the four small fields ride in its top 32;
    /// `found` (0 except with the foundation-to-tableau option) is appended only when not 0
    /// (the two lengths keep the encoding injective). `fingerprint_simple` is the form before;
    /// the tests check that both partition positions alike.
    #[inline]
    pub(crate) fn fingerprint(&self, rows: usize, interchangeable: bool) -> u128 {
        const _: () = assert!(super::MAX_SEQ <= 96);
        let piles = if interchangeable { self.piles_fp } else { self.pile_sum(rows, true) };
        // The tops are implied by the piles; everything else is listed.
        let small = self.dealt as u64 | (self.terrace as u64) << 8 | (self.base_rank as u64) << 16 | (self.redeals_left as u64) << 24;
        let head = self.removed | (small as u128) << 96;
        let (h0, h1, f0, f1) = (head as u64, (head >> 64) as u64, self.home as u64, (self.home >> 64) as u64);
        let rest = if self.found == 0 {
            of_words(&[h0, h1, f0, f1])
        } else {
            of_words(&[h0, h1, f0, f1, self.found as u64, (self.found >> 64) as u64])
        };
        piles.wrapping_add(rest)
    }

    /// `fingerprint` as first written (seven words hashed): the reference for the tests.
    #[cfg(test)]
    pub(crate) fn fingerprint_simple(&self, rows: usize, interchangeable: bool) -> u128 {
        let piles = if interchangeable { self.piles_fp } else { self.pile_sum(rows, true) };
        let small = self.dealt as u64 | (self.terrace as u64) << 8 | (self.base_rank as u64) << 16 | (self.redeals_left as u64) << 24;
        let words = [
            self.removed as u64,
            (self.removed >> 64) as u64,
            self.home as u64,
            (self.home >> 64) as u64,
            self.found as u64,
            (self.found >> 64) as u64,
            small,
        ];
        piles.wrapping_add(of_words(&words))
    }

    /// The sum of the non-empty piles' fingerprints, each pile with its index when `indexed`
    /// (before the opening choice, or without symmetry pruning: not the hot path); unindexed,
    /// what `push` and `pop` keep in `piles_fp` (the tests recompute it with this).
    /// Empty piles are left out: with the number of piles fixed, the non-empty ones (with
    /// their indices when those count) determine the rest.
    pub(super) fn pile_sum(&self, rows: usize, indexed: bool) -> u128 {
        let mut off = 0;
        let mut sum = 0u128;
        for i in 0..rows {
            if self.len[i] > 0 {
                let index = if indexed { i as u128 + 1 } else { 0 };
                sum = sum.wrapping_add(multiset(self.pile_value(i, off) | index << 120, PILE_DOMAIN));
                off += self.len[i] as u32 - 1;
            }
        }
        sum
    }
}

#[cfg(test)]
mod tests {
    use super::super::state::MAX_ROWS;
    use super::*;
    use rand::seq::SliceRandom;
    use rand::{RngExt, SeedableRng};
    use std::collections::HashMap;

    /// A position from piles (bottom→top), the piles built down in alternating colours.
    fn from_piles(piles: &[Vec<u8>], dealt: u8) -> QueenState {
        let mut s = QueenState { dealt, ..QueenState::default() };
        for (i, p) in piles.iter().enumerate() {
            for &k in p {
                s.push(i, k);
            }
        }
        s
    }

    /// Random piles with few distinct bottoms and short chains, so that equal piles, and
    /// positions equal up to pile order, are common.
    fn random_piles(rng: &mut rand_chacha::ChaCha8Rng, rows: usize) -> Vec<Vec<u8>> {
        let used = rng.random_range(0..=4usize);
        (0..rows)
            .map(|i| {
                if i >= used || rng.random_bool(0.2) {
                    return vec![];
                }
                let mut s = QueenState::default();
                let base = rng.random_range(0..3u8);
                s.push(0, base);
                for _ in 0..rng.random_range(0..3u32) {
                    // The next card down: either suit of the right colour (chain bits).
                    let t = s.top[0];
                    let k = crate::card::Kind::from_index(t);
                    let rank = (k.rank() + 12) % 13;
                    let colour = 1 - k.colour();
                    s.push(0, crate::card::Kind::new(colour * 2 + rng.random_range(0..2u8), rank).index());
                }
                s.pile(0)
            })
            .collect()
    }

    #[test]
    fn fingerprints_classify_positions_exactly_as_the_sorted_piles() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let rows = MAX_ROWS;
        let mut by_sorted: HashMap<QueenState, u128> = HashMap::new();
        let mut by_fp: HashMap<u128, QueenState> = HashMap::new();
        let mut permuted_pairs = 0;
        for _ in 0..20_000 {
            let mut piles = random_piles(&mut rng, rows);
            let dealt = rng.random_range(0..2u8);
            let s = from_piles(&piles, dealt);
            piles.shuffle(&mut rng);
            let t = from_piles(&piles, dealt);
            // Renaming piles: same fingerprint with symmetry; without it, only if unchanged.
            assert_eq!(s.fingerprint(rows, true), t.fingerprint(rows, true));
            assert_eq!(s.fingerprint(rows, false) == t.fingerprint(rows, false), s == t);
            permuted_pairs += (s != t) as u32;
            // The partition by fingerprint is the partition by sorted form.
            assert_eq!(s.piles_fp, s.pile_sum(rows, false));
            let (key, fp) = (s.with_sorted_piles(rows), s.fingerprint(rows, true));
            assert_eq!(*by_sorted.entry(key).or_insert(fp), fp, "one class, two fingerprints");
            assert_eq!(*by_fp.entry(fp).or_insert(key), key, "one fingerprint, two classes");
        }
        assert!(permuted_pairs > 10_000, "{permuted_pairs}");
        // Many positions fell into shared classes (so the test compared real coincidences).
        assert!(by_sorted.len() < 19_000, "{} classes", by_sorted.len());
        // Fields outside the piles count.
        let s = from_piles(&random_piles(&mut rng, rows), 0);
        let t = QueenState { dealt: 1, ..s };
        assert_ne!(s.fingerprint(rows, true), t.fingerprint(rows, true));
    }
}
