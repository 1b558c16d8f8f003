//! The element fingerprints computed at run time, the references the compile-time tables and
//! the pop-delta memo are checked against.

use super::*;
use rand::{RngExt, SeedableRng};

/// The fingerprint of element `(tag, v)` of the key: a removed talon position, a copy home,
/// or a small field's value. The hot paths read it from the tables (the tests below check
/// that they hold it).
pub(in crate::queen) fn field_fp(tag: u64, v: u64) -> u128 {
    multiset((tag as u128) << 64 | v as u128, FIELD_DOMAIN) & !1
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
        let was = memo.slots[(w.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - MEMO_BITS)) as usize]
            .get()
            .word;
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
    assert!(
        hits > 20_000 && empty > 1_000 && evicted > 20_000 && lone > 1_000,
        "{hits} hits, {empty} empty, {evicted} evicted, {lone} lone"
    );
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

/// The lone-card table is the pile elements of one-card piles, and every element of the key
/// has its lowest bit clear (so `key_fp` has: `play_fingerprinted`; `found`'s: `key/tests.rs`).
#[test]
fn lone_pile_table_holds_the_pile_fingerprints() {
    for k in 0..52u8 {
        assert_eq!(lone_pile_fp(k), pile_fingerprint_of(pile_value_of(0, 1, k)), "{k}");
    }
    for index in 0..10 {
        for (bits, len) in [
            (0, 1),
            (1, 2),
            (5, 4),
            ((1u128 << 50) - 1, 51),
            ((1u128 << 51) - 1, 52),
            ((1u128 << 103) - 1, 104),
        ] {
            for base in [0, 17, 51] {
                assert_eq!(pile_element(pile_value_of(bits, len, base), index) & 1, 0);
            }
        }
    }
    for v in 0..256u64 {
        assert_eq!(field_fp(FIELD_DEALT, v) & 1, 0);
    }
}
