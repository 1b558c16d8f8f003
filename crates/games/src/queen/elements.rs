//! The elements of the Queen of Italy family's table key and their fingerprints (`key.rs` sums
//! them into the key): each tableau pile as one value and its element; each removed talon
//! position, copy home and small field's value as a tagged value, its element read from a table;
//! and the memo of the pop deltas that `child.rs` derives children's keys with. The state keeps
//! the running sum (`state.rs`: `push`, `pop` and the setters exchange elements).

use crate::fingerprint::{multiset, multiset64, zobrist};
use std::cell::Cell;

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
    let t = if len <= SHORT_PILE {
        multiset64(value as u64 | (hi >> 40) << 50, PILE64_DOMAIN + index)
    } else {
        multiset(value | (index as u128) << 120, PILE_DOMAIN)
    };
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
        let slot =
            &self.slots[(word.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - MEMO_BITS)) as usize];
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
    let new = if n == 2 {
        lone_pile_fp((word >> 58) as u8)
    } else {
        short_pile_element((word & !(1 << (n - 2))) - SHORT_LEN_UNIT)
    };
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

#[cfg(test)]
pub(super) mod tests;
