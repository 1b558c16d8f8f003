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
