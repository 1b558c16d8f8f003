//! The key recomputed from the fields and the key as first written (seven words hashed): the
//! references the running sum and the tables are checked against; and their tests.

use super::*;
use crate::fingerprint::of_words;
use crate::queen::MAX_SEQ;
use crate::queen::state::MAX_ROWS;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use std::collections::HashMap;

/// The fingerprint of element `(tag, v)` of the key: a removed talon position, a copy home,
/// or a small field's value. The hot paths read it from the tables (`key.rs`; the tests below
/// check that they hold it).
fn field_fp(tag: u64, v: u64) -> u128 {
    multiset((tag as u128) << 64 | v as u128, FIELD_DOMAIN) & !1
}

impl QueenState {
    /// `key_fp` recomputed from the fields (the tests compare it with the running sum).
    pub(crate) fn recomputed_key_fp(&self) -> u128 {
        let d = QueenState::default();
        let field = |tag, v: u8, default: u8| field_fp(tag, v as u64).wrapping_sub(field_fp(tag, default as u64));
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
                s.push(0, crate::card::Kind::new(colour * 2 + rng.random_range(0..2u8), rank).index());
            }
            s.pile(0)
        })
        .collect()
}

/// `PopMemo::pop_delta` is `pop_delta_of` whether it hits, misses on an empty slot or
/// evicts another word (random short words from a small set, so that words repeat and share
/// slots), and `pop_delta_of` is the pile's element exchange (`pile_element` of the `u128`
/// pile values, lone piles included).
#[test]
fn pop_memo_answers_the_element_exchange() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(43);
    let memo = PopMemo::default();
    let piles: Vec<(u64, u64, u64)> = (0..6_000)
        .map(|_| {
            let n = rng.random_range(2..=SHORT_PILE);
            (rng.random::<u64>() & ((1 << (n - 1)) - 1), n, rng.random_range(0..52u64))
        })
        .collect();
    let (mut hits, mut empty, mut evicted, mut lone) = (0, 0, 0, 0);
    for _ in 0..100_000 {
        let (bits, n, base) = piles[rng.random_range(0..piles.len())];
        let w = bits | n << 50 | base << 58;
        let was = memo.slots[(w.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - MEMO_BITS)) as usize].get().word;
        match was {
            _ if was == w => hits += 1,
            MEMO_EMPTY => empty += 1,
            _ => evicted += 1,
        }
        lone += (n == 2) as u32;
        let old = pile_value_of(bits as u128, n as u8, base as u8);
        let new = pile_value_of((bits & !(1 << (n - 2))) as u128, n as u8 - 1, base as u8);
        let exchange = pile_fingerprint_of(new).wrapping_sub(pile_fingerprint_of(old));
        assert_eq!(memo.pop_delta(w), exchange, "{w:x}");
        assert_eq!(pop_delta_of(w), exchange, "{w:x}");
    }
    assert!(hits > 20_000 && empty > 1_000 && evicted > 20_000 && lone > 1_000, "{hits} hits, {empty} empty, {evicted} evicted, {lone} lone");
}

/// The compile-time element tables hold `field_fp` (const and run-time xxh3 agree).
#[test]
fn element_tables_hold_the_element_fingerprints() {
    for v in 0..256u64 {
        if v < 128 {
            assert_eq!(REMOVED_FP[v as usize], field_fp(FIELD_REMOVED, v));
        }
        if v < 208 {
            assert_eq!(HOME_FP[v as usize], field_fp(FIELD_HOME, v));
        }
        assert_eq!(DEALT_FP[v as usize], field_fp(FIELD_DEALT, v));
        assert_eq!(TERRACE_FP[v as usize], field_fp(FIELD_TERRACE, v));
        assert_eq!(BASE_FP[v as usize], field_fp(FIELD_BASE, v));
        assert_eq!(REDEALS_FP[v as usize], field_fp(FIELD_REDEALS, v));
    }
}

/// The lone-card table is the pile elements of one-card piles, and every element the key
/// sums has its lowest bit clear (so `key_fp` has: `play_fingerprinted`).
#[test]
fn lone_pile_table_holds_the_pile_fingerprints() {
    for k in 0..52u8 {
        assert_eq!(lone_pile_fp(k), pile_fingerprint_of(pile_value_of(0, 1, k)), "{k}");
    }
    for index in 0..10 {
        for (bits, len) in [(0, 1), (1, 2), (5, 4), ((1u128 << 50) - 1, 51), ((1u128 << 51) - 1, 52), ((1u128 << 103) - 1, 104)] {
            for base in [0, 17, 51] {
                assert_eq!(pile_element(pile_value_of(bits, len, base), index) & 1, 0);
            }
        }
    }
    for v in 0..256u64 {
        assert_eq!(field_fp(FIELD_DEALT, v) & 1, 0);
    }
    assert_eq!(found_fp(12345) & 1, 0);
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
