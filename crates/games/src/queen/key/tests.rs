//! The key recomputed from the fields and the key as first written (seven words hashed): the
//! references the running sum and the tables are checked against; and their tests.

use super::*;
use crate::fingerprint::of_words;
use crate::queen::MAX_SEQ;
use crate::queen::elements::tests::field_fp;
use crate::queen::elements::*;
use crate::queen::state::MAX_ROWS;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use std::collections::HashMap;

impl QueenState {
    /// `key_fp` recomputed from the fields (the tests compare it with the running sum).
    pub(crate) fn recomputed_key_fp(&self) -> u128 {
        let d = QueenState::default();
        let field = |tag, v: u8, default: u8| {
            field_fp(tag, v as u64).wrapping_sub(field_fp(tag, default as u64))
        };
        let mut fp = self.pile_sum(MAX_ROWS, false);
        // Talon positions only (`removed` keeps derived positions above them).
        for p in 0..MAX_SEQ as u64 {
            if self.removed >> p & 1 == 1 {
                fp = fp.wrapping_add(field_fp(FIELD_REMOVED, p));
            }
        }
        for k in 0..52u8 {
            for c in 0..self.home(k) {
                fp = fp.wrapping_add(home_copy_fp(k, c));
            }
        }
        fp.wrapping_add(field(FIELD_DEALT, self.dealt, d.dealt))
            .wrapping_add(field(FIELD_TERRACE, self.terrace, d.terrace))
            .wrapping_add(field(FIELD_BASE, self.base_rank, d.base_rank))
            .wrapping_add(field(FIELD_REDEALS, self.redeals_left, d.redeals_left))
    }

    /// `fingerprint` as first written (seven words hashed): the reference for the tests.
    pub(crate) fn fingerprint_simple(&self, rows: usize, interchangeable: bool) -> u128 {
        let piles = self.pile_sum(rows, !interchangeable);
        let small = self.dealt as u64
            | (self.terrace as u64) << 8
            | (self.base_rank as u64) << 16
            | (self.redeals_left as u64) << 24;
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
}

/// A position from piles (bottom→top), the piles built down in alternating colours.
fn from_piles(piles: &[Vec<u8>], dealt: u8) -> QueenState {
    let mut s = QueenState::default();
    s.set_dealt(dealt);
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
                s.push(
                    0,
                    crate::card::Kind::new(colour * 2 + rng.random_range(0..2u8), rank).index(),
                );
            }
            s.pile(0)
        })
        .collect()
}

/// The `found` element, like every other, has its lowest bit clear.
#[test]
fn found_element_has_its_lowest_bit_clear() {
    for found in [1u128, 12345, u128::MAX] {
        assert_eq!(found_fp(found) & 1, 0);
    }
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
        assert_eq!(s.key_fp, s.recomputed_key_fp());
        let (key, fp) = (s.with_sorted_piles(rows), s.fingerprint(rows, true));
        assert_eq!(*by_sorted.entry(key).or_insert(fp), fp, "one class, two fingerprints");
        assert_eq!(*by_fp.entry(fp).or_insert(key), key, "one fingerprint, two classes");
    }
    assert!(permuted_pairs > 10_000, "{permuted_pairs}");
    // Many positions fell into shared classes (so the test compared real coincidences).
    assert!(by_sorted.len() < 19_000, "{} classes", by_sorted.len());
    // Fields outside the piles count.
    let s = from_piles(&random_piles(&mut rng, rows), 0);
    let mut t = s;
    t.set_dealt(1);
    assert_ne!(s.fingerprint(rows, true), t.fingerprint(rows, true));
}
