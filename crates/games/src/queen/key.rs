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

use super::state::QueenState;
use std::cell::Cell;
use crate::fingerprint::{multiset, multiset64, zobrist};
#[cfg(test)]
use crate::fingerprint::of_words;

/// Seed separating long piles' fingerprints (`pile_element`) from anything else hashed.
const PILE_DOMAIN: u64 = 0x5155_4545_4e50_494c;
/// `multiset64` domain of unindexed short piles; pile `i`'s, when indexed, is `i + 1` above.
const PILE64_DOMAIN: usize = 16;
/// Longest pile in the 64-bit form (`pile_element`): 50 chain bits.
pub(super) const SHORT_PILE: u64 = 51;
/// One card more in a pile's short word (`short_pile_element`): its length field's unit.
pub(super) const SHORT_LEN_UNIT: u64 = 1 << 50;

/// Seed separating the other fields' elements (`field_fp`) from the piles'.
const FIELD_DOMAIN: u64 = 0x5155_4545_4e46_4c44;
/// Seed of the `found` element.
const FOUND_DOMAIN: u64 = 0x5155_4545_4e46_4e44;

/// The element of a non-zero `found` (out of line: the foundation-to-tableau option only).
#[inline(never)]
fn found_fp(found: u128) -> u128 {
    multiset(found, FOUND_DOMAIN) & !1
}

/// Element kinds of the key besides the piles (`field_fp`).
pub(super) const FIELD_REMOVED: u64 = 1;
pub(super) const FIELD_HOME: u64 = 2;
pub(super) const FIELD_DEALT: u64 = 3;
pub(super) const FIELD_TERRACE: u64 = 4;
pub(super) const FIELD_BASE: u64 = 5;
pub(super) const FIELD_REDEALS: u64 = 6;

/// The fingerprint of element `(tag, v)` of the key: a removed talon position, a copy home,
/// or a small field's value. The hot paths read it from the tables below (the tests check
/// that they hold it).
#[cfg(test)]
pub(super) fn field_fp(tag: u64, v: u64) -> u128 {
    multiset((tag as u128) << 64 | v as u128, FIELD_DOMAIN) & !1
}

/// `field_fp(tag, v)` for `v` in `0..N`, at compile time (the same xxh3, in its const form,
/// lowest bit cleared).
const fn element_table<const N: usize>(tag: u64) -> [u128; N] {
    let mut t = [0u128; N];
    let mut v = 0;
    while v < N {
        let bytes = ((tag as u128) << 64 | v as u128).to_le_bytes();
        t[v] = xxhash_rust::const_xxh3::xxh3_128_with_seed(&bytes, FIELD_DOMAIN) & !1;
        v += 1;
    }
    t
}

/// Element fingerprints by value: removed talon positions, copies home (`4 · kind + copy`),
/// and the four small fields (any `u8`).
pub(super) static REMOVED_FP: [u128; 128] = element_table(FIELD_REMOVED);
static HOME_FP: [u128; 208] = element_table(FIELD_HOME);
pub(super) static DEALT_FP: [u128; 256] = element_table(FIELD_DEALT);
pub(super) static TERRACE_FP: [u128; 256] = element_table(FIELD_TERRACE);
pub(super) static BASE_FP: [u128; 256] = element_table(FIELD_BASE);
pub(super) static REDEALS_FP: [u128; 256] = element_table(FIELD_REDEALS);

/// The element of copy `c` (0 or 1; any 2-bit count stays injective) of kind `k` on the
/// foundations.
#[inline]
pub(super) fn home_copy_fp(k: u8, c: u32) -> u128 {
    HOME_FP[4 * k as usize + c as usize]
}

/// A pile as one `u128`: chain bits, length, bottom card (an injective encoding: at most 103
/// chain bits). Additive in its fields, so `push` and `pop` derive a pile's new value from
/// its old one.
#[inline]
pub(super) fn pile_value_of(bits: u128, len: u8, base: u8) -> u128 {
    bits | (len as u128) << 104 | (base as u128) << 112
}

/// The fingerprint of a pile value as an element of the multiset of piles.
#[inline(always)]
pub(super) fn pile_fingerprint_of(value: u128) -> u128 {
    pile_element(value, 0)
}

/// The element of a pile of value `value` (`pile_value_of`) with index field `index` (0: the
/// piles are interchangeable; `i + 1`: pile `i`, when they are not), lowest bit clear. Three
/// forms, picked by the pile's length (so the element stays a function of the pile), each
/// injective on its piles and domain-separated by index: a lone card, a random key per card
/// and index (`LONE_FP`, a table read); up to `SHORT_PILE` cards, the chain bits (below bit
/// 50), length (8 bits) and bottom card (6 bits) in one `u64`, by `multiset64` in domain
/// `PILE64_DOMAIN + index`; longer piles (rare), the `u128` value with the index above, by
/// xxh3's `multiset`.
#[inline(always)]
pub(super) fn pile_element(value: u128, index: usize) -> u128 {
    let hi = (value >> 64) as u64;
    // `hi >> 40` is the length and, from bit 8 on, the bottom card.
    let len = (hi >> 40) & 0xff;
    if len == 1 {
        return LONE_FP[52 * index + (hi >> 48) as usize];
    }
    let t = if len <= SHORT_PILE { multiset64(value as u64 | (hi >> 40) << 50, PILE64_DOMAIN + index) } else { multiset(value | (index as u128) << 120, PILE_DOMAIN) };
    t & !1
}

/// `pile_element(value, 0)` of a pile of 2..=`SHORT_PILE` cards given as its *short word*, the
/// `u64` that form hashes: chain bits (below bit 50) | length `<< 50` | bottom card `<< 58`
/// (`child.rs` derives a child's piles on this word: a card more or less is a bit and
/// `SHORT_LEN_UNIT` added or taken away, with no `u128` shifts).
#[inline(always)]
pub(super) fn short_pile_element(word: u64) -> u128 {
    multiset64(word, PILE64_DOMAIN) & !1
}

/// Slots of `PopMemo` (a power of two): 2,048 of 24 bytes, 48 KiB (1,024 and 4,096 measured
/// the same).
const MEMO_BITS: u32 = 11;
const MEMO_SLOTS: usize = 1 << MEMO_BITS;
/// No short word: its length field would be 255 (`SHORT_PILE` is 51), so an unused slot never
/// answers.
const MEMO_EMPTY: u64 = u64::MAX;

/// One remembered short word and its pop delta's two halves.
#[derive(Clone, Copy)]
struct MemoSlot {
    word: u64,
    lo: u64,
    hi: u64,
}

/// The *pop delta* of a short word (a pile of 2..=`SHORT_PILE` cards): what taking its top card
/// off adds to `key_fp` (`pop_delta_of`), remembered by word, direct-mapped. A pile-to-pile
/// child's fingerprint needs four pile elements (`child.rs`): the source's pop delta, and the
/// destination's push delta, which is minus the pop delta of the destination's new word (the
/// pile with the card on it; popping that card gives the old pile back). So two lookups
/// instead of four hashes, and nearly all of them hit: the tableau's piles change one card at
/// a time and the search meets each position's piles again and again (a parent's piles for
/// each of its children, a child's for most of its transpositions). A hit is a multiply, a
/// shift and a compare; a miss hashes and overwrites the slot. It only remembers a function, so
/// every fingerprint is the same value as without it. Per game (one search thread owns a
/// game), hence `Cell`s.
#[derive(Clone)]
pub(crate) struct PopMemo {
    slots: Box<[Cell<MemoSlot>; MEMO_SLOTS]>,
}

impl Default for PopMemo {
    fn default() -> Self {
        let empty = Cell::new(MemoSlot { word: MEMO_EMPTY, lo: 0, hi: 0 });
        let slots: Box<[Cell<MemoSlot>]> = vec![empty; MEMO_SLOTS].into_boxed_slice();
        PopMemo { slots: slots.try_into().unwrap_or_else(|_| unreachable!("MEMO_SLOTS slots")) }
    }
}

impl std::fmt::Debug for PopMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PopMemo")
    }
}

impl PopMemo {
    /// `pop_delta_of(word)`.
    #[inline(always)]
    pub(super) fn pop_delta(&self, word: u64) -> u128 {
        // Fibonacci hashing: the slot from the top bits of one multiply (the chain bits, length
        // and bottom all reach them). No bounds check: the index is below `MEMO_SLOTS`.
        let slot = &self.slots[(word.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - MEMO_BITS)) as usize];
        let m = slot.get();
        if m.word == word {
            return m.lo as u128 | (m.hi as u128) << 64;
        }
        let d = pop_delta_of(word);
        slot.set(MemoSlot { word, lo: d as u64, hi: (d >> 64) as u64 });
        d
    }
}

/// What taking the top card off the pile of short word `word` (2..=`SHORT_PILE` cards) does to
/// `key_fp`: its element out, the element of the pile left in (its top's chain bit, the last,
/// cleared and the length one less; a lone card's from the table).
#[inline(never)]
pub(super) fn pop_delta_of(word: u64) -> u128 {
    let n = (word >> 50) & 0xff;
    let new = if n == 2 { lone_pile_fp((word >> 58) as u8) } else { short_pile_element((word & !(1 << (n - 2))) - SHORT_LEN_UNIT) };
    new.wrapping_sub(short_pile_element(word))
}

/// Elements of a pile holding one card `k` with index field `i`, at `52 * i + k`: independent
/// random keys (lowest bit clear). A card put into an empty pile or taken off a lone card's
/// pile, and every gap filled, exchange one of these, not a hash.
static LONE_FP: [u128; 52 * 10] = zobrist(0x5155_4545_4e4c_4f4e);

/// The element of a pile holding the lone card `k`.
#[inline]
pub(super) fn lone_pile_fp(k: u8) -> u128 {
    LONE_FP[k as usize]
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

    /// `key_fp` recomputed from the fields (the tests compare it with the running sum).
    #[cfg(test)]
    pub(crate) fn recomputed_key_fp(&self) -> u128 {
        let d = QueenState::default();
        let field = |tag, v: u8, default: u8| field_fp(tag, v as u64).wrapping_sub(field_fp(tag, default as u64));
        let mut fp = self.pile_sum(super::state::MAX_ROWS, false);
        // Talon positions only (`removed` keeps derived positions above them).
        for p in 0..super::MAX_SEQ as u64 {
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
    #[cfg(test)]
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
mod tests {
    use super::super::state::MAX_ROWS;
    use super::*;
    use rand::seq::SliceRandom;
    use rand::{RngExt, SeedableRng};
    use std::collections::HashMap;

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
}
