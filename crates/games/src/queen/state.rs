//! The position of a Queen of Italy family game, exact and bit-packed (128 bytes).
//!
//! * Tableau: every pile is one *base* card (whatever was put into it while empty) and above it
//!   a chain built down with wrap in alternating colours (RULES.md §3). So a chain card's rank
//!   and colour follow from the base and its height; only which of the two suits of that colour
//!   it is needs storing: one bit. All piles' chain bits sit in one `u128`, pile 0 lowest (103
//!   cards at most are off the foundations, so they always fit).
//! * Waste and stock: the talon cards after the layout, `seq[0..]` of the game, in dealing
//!   order. Positions below `dealt` have been dealt; `removed` marks those that have left the
//!   waste. The waste is the dealt, not removed positions (top = the highest); the stock is the
//!   not removed positions at or above `dealt` (next = the lowest). A redeal sets `dealt` to 0:
//!   the waste, bottom card first, becomes the stock with no card moved. Above the talon
//!   positions `removed` keeps the waste top's and the stock's next position (`TALON`).
//! * Terrace: only its height; its cards never change order.
//! * Foundations: 2-bit counts per card kind (how many copies are home), the two kinds of one
//!   colour and rank side by side in a nibble (`HOME_SHIFT`), so that the count of an
//!   alternate-colour foundation class is one read. They are implied by
//!   where every other card is, so equality does not depend on them; they make move
//!   generation cheap. With the foundation-to-tableau option, `found` also says which card is
//!   on which foundation (`found.rs`); it is 0 otherwise.
//! * Kept because the hot paths read them, each a function of the fields above, maintained
//!   where those change and checked against its computation in the tests: each pile's top
//!   card (`top`) and chain-bit offset (`offs`), and the foundations' derived word
//!   (`playable`).

use super::MAX_SEQ;
use super::elements::{
    BASE_FP, DEALT_FP, REDEALS_FP, REMOVED_FP, TERRACE_FP, home_copy_fp, lone_pile_fp,
    pile_fingerprint_of, pile_value_of,
};
use crate::card::Kind;

pub const NO_CARD: u8 = 0xFF;
pub const MAX_ROWS: usize = 9;

/// The talon positions in `removed` (bits `0..MAX_SEQ`). Above them (talon positions are below
/// `MAX_SEQ`, 96) `removed` keeps two positions implied by `dealt` and `removed` itself, kept by
/// `set_dealt` and `remove_talon` because move generation, the forced steps and many child
/// fingerprints read them (`waste_top_of` and `stock_next_of` compute them; 16 bytes more of
/// state would have made every copy of it a `memcpy` call):
/// * bits 96..104, `WASTE_AT`: the waste top's position plus one (0: the waste is empty);
/// * bits 104..112, `STOCK_AT`: the first position from `dealt` on that has not left the
///   talon (`stock_next` when below the sequence's length; positions at or past that length
///   are never removed, so the state needs no length; 128 when there is none).
const TALON: u128 = (1 << MAX_SEQ) - 1;
const WASTE_AT: u32 = 96;
const STOCK_AT: u32 = 104;

// The bits of `QueenState::playable` above the kinds' (0..52; `Queen::refresh_playable` in
// `moves.rs` sets the word, the setters here keep the count of cards home).

/// The bit of `playable` that holds `is_dead`'s answer (bit 63, `KIND_BIT[NO_CARD]`, stays
/// clear).
pub(crate) const DEAD_BIT: u32 = 62;
/// The bit of `playable` that says the position is one `child_fp` answers for and
/// `play_fingerprinted` takes the fingerprint of: after the choice, without exact foundations.
pub(crate) const CHILD_FP_BIT: u32 = 61;
/// Where `playable` holds the number of cards home (7 bits: at most 104; kept by `add_home`
/// and `remove_home`), and those bits.
pub(crate) const HOME_COUNT_AT: u32 = 52;
pub(crate) const HOME_COUNT_MASK: u64 = 0x7F << HOME_COUNT_AT;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct QueenState {
    pub(crate) suits: u128,
    pub(crate) removed: u128,
    pub(crate) home: u128,
    /// Exact foundations (foundation-to-tableau option only; `found.rs`).
    pub(crate) found: u128,
    /// The running fingerprint of the position's key (`key.rs`): the sum of the fingerprints
    /// of the non-empty piles (kept by `push` and `pop`) and of the other fields' elements
    /// (removed talon positions, copies home, `dealt`, `terrace`, `base_rank`, `redeals_left`;
    /// kept by their setters). A function of the multiset of piles and the other fields, so it
    /// never makes equal positions unequal; the fingerprint reads it instead of hashing them.
    pub(crate) key_fp: u128,
    pub(crate) base: [u8; MAX_ROWS],
    pub(crate) len: [u8; MAX_ROWS],
    /// Each pile's top card: implied by `base`, `len` and `suits`, kept because move generation
    /// reads it for every pile of every position.
    pub(crate) top: [u8; MAX_ROWS],
    /// Where each pile's chain bits start in `suits` (`offset`): the sum of `len - 1` over the
    /// non-empty piles below (`offs[0]` is always 0). Implied by `len`, kept (one word add in
    /// `push` and `pop`) because every child fingerprint and every pile move reads it, and the
    /// state had room for it (it grew from 112 to 128 bytes; `offset_of_lens` is the sum it
    /// replaced, the tests' reference).
    pub(crate) offs: [u8; MAX_ROWS],
    /// Derived from the foundations (moves.rs): bits 0..52, the kinds the foundations take
    /// now, bit `KIND_BIT[k]` for kind `k` (`Queen::foundation_masks`' `playable`; 0 before
    /// the choice); from bit `HOME_COUNT_AT`, the number of cards home (`Game::home_cards`;
    /// kept by `add_home` and `remove_home`); bit `CHILD_FP_BIT`, whether child fingerprints
    /// are answered (`fingerprinted`); bit `DEAD_BIT`, the terrace dead test's answer
    /// (`Game::is_dead`). Implied by `home`, `terrace` and `base_rank` (and the rules), set by
    /// `Queen::refresh_playable` whenever they change (few moves), because move generation
    /// tests every source card against it and the search asks `is_dead` and `home_cards` of
    /// every new position. It took 8 of the bytes `offs` left free.
    pub(crate) playable: u64,
    pub(crate) dealt: u8,
    pub(crate) terrace: u8,
    /// Rank every foundation starts with; `NO_CARD` before the opening choice.
    pub(crate) base_rank: u8,
    pub(crate) redeals_left: u8,
}

impl Default for QueenState {
    fn default() -> Self {
        QueenState {
            suits: 0,
            removed: 0,
            home: 0,
            found: 0,
            key_fp: 0,
            base: [NO_CARD; MAX_ROWS],
            len: [0; MAX_ROWS],
            top: [NO_CARD; MAX_ROWS],
            offs: [0; MAX_ROWS],
            playable: 0,
            dealt: 0,
            terrace: 0,
            base_rank: NO_CARD,
            redeals_left: 0,
        }
    }
}

/// Where a kind's 2-bit count sits in `home`: the nibble of its colour and rank (black ranks
/// in the low 64 bits, red ones in the high 64 bits, 4 bits a rank), low or high half by suit.
/// Kinds of one colour and rank side by side make their sum, the foundation class count of
/// alternating-colour foundations, one read; each half in one `u64` avoids u128 shifts.
const HOME_SHIFT: [u8; 52] = {
    let mut t = [0u8; 52];
    let mut i = 0;
    while i < 52 {
        let k = Kind::from_index(i as u8);
        t[i] = k.colour() * 64 + k.rank() * 4 + (k.suit() & 1) * 2;
        i += 1;
    }
    t
};

/// One in every byte of a word (the byte-wise sums and tests over pile lengths).
const ONES: u64 = 0x0101_0101_0101_0101;

/// Which of the two suits of its colour a kind is (C, H: 0; S, D: 1).
#[inline]
fn suit_bit(k: u8) -> u128 {
    (Kind::from_index(k).suit() & 1) as u128
}

/// `LENS_BELOW[i]`: the bytes of the piles below pile `i` among the first 8 lengths (`offset`).
const LENS_BELOW: [u64; MAX_ROWS + 1] = {
    let mut t = [u64::MAX; MAX_ROWS + 1];
    let mut i = 0;
    while i < 8 {
        t[i] = (1u64 << (8 * i)) - 1;
        i += 1;
    }
    t
};

/// `DEALT_MASK[d]`: the talon positions below `d` (all for 128 and above; `waste_top`).
static DEALT_MASK: [u128; 256] = {
    let mut t = [u128::MAX; 256];
    let mut d = 0;
    while d < 128 {
        t[d] = (1u128 << d) - 1;
        d += 1;
    }
    t
};

/// `suit_bit` of every kind.
pub(super) const SUIT_BIT: [u8; 52] = {
    let mut t = [0u8; 52];
    let mut i = 0;
    while i < 52 {
        t[i] = Kind::from_index(i as u8).suit() & 1;
        i += 1;
    }
    t
};

/// `UNDER[2 · k + bit]`: the chain card just below a chain card of kind `k` whose own chain
/// bit is `bit` (one rank higher with wrap, the other colour: `chain_kind(b, j - 1, bit)` when
/// `k` is `chain_kind(b, j, _)`).
const UNDER: [u8; 104] = {
    let mut t = [0u8; 104];
    let mut i = 0;
    while i < 104 {
        let k = Kind::from_index((i / 2) as u8);
        t[i] = Kind::new((1 - k.colour()) * 2 + (i % 2) as u8, (k.rank() + 1) % 13).index();
        i += 1;
    }
    t
};

/// The kind at chain height `j` (≥ 1) above base `b`, with suit bit `bit`.
#[inline]
fn chain_kind(b: u8, j: u32, bit: u128) -> u8 {
    let b = Kind::from_index(b);
    let rank = (b.rank() as u32 + 13 * 8 - j) % 13;
    let colour = b.colour() as u32 ^ (j & 1);
    Kind::new((colour * 2 + bit as u32) as u8, rank as u8).index()
}

/// `waste_top` of a talon whose fields are `dealt` and `removed` (`child.rs` follows the talon
/// of a child without building it).
#[inline]
pub(crate) fn waste_top_of(dealt: u8, removed: u128) -> Option<u32> {
    let w = DEALT_MASK[dealt as usize] & !removed;
    (w != 0).then(|| 127 - w.leading_zeros())
}

/// `stock_next` of a talon whose fields are `dealt` and `removed`, its sequence `n` long. The
/// positions below `n` and those from `dealt` on come from the `DEALT_MASK` table, not from
/// variable `u128` shifts (`stock_next_of_simple`, the tests' reference).
#[inline]
pub(crate) fn stock_next_of(dealt: u8, removed: u128, n: u8) -> Option<u32> {
    let st = DEALT_MASK[n as usize] & !DEALT_MASK[dealt as usize] & !removed;
    (st != 0).then(|| st.trailing_zeros())
}

/// The first talon position from `dealt` on not in `removed` (talon positions only, `TALON`;
/// `STOCK_AT`), 128 when there is none.
#[inline]
fn first_kept_from(dealt: u8, removed: u128) -> u8 {
    (!DEALT_MASK[dealt as usize] & !removed & TALON).trailing_zeros() as u8
}

/// Inserts `bit` at position `pos`, moving higher bits up.
#[inline]
fn insert_bit(x: u128, pos: u32, bit: u128) -> u128 {
    let low = x & ((1u128 << pos) - 1);
    let high = if pos >= 128 { 0 } else { x >> pos };
    low | (bit << pos) | (high << 1 << pos)
}

/// Removes the bit at position `pos`, moving higher bits down.
#[inline]
fn remove_bit(x: u128, pos: u32) -> u128 {
    let low = x & ((1u128 << pos) - 1);
    let high = (x >> pos) >> 1;
    low | (high << pos)
}

/// The key sum after a small field changes from `old` to `new`: its element fingerprint (from
/// the field's `table`) exchanged.
#[inline(always)]
fn exchanged(key_fp: u128, table: &[u128; 256], old: u8, new: u8) -> u128 {
    key_fp.wrapping_add(table[new as usize]).wrapping_sub(table[old as usize])
}

impl QueenState {
    /// The `u64` half of `home` holding the nibble at `sh`, shifted down to it.
    #[inline]
    fn home_at(&self, sh: u8) -> u64 {
        // The colour picks the half: a variable shift of a u128 costs several instructions.
        let half = if sh < 64 { self.home as u64 } else { (self.home >> 64) as u64 };
        half >> (sh & 63)
    }
    /// The nibble of `home` at `sh` (a multiple of 4: the two kinds of one colour and rank, 2
    /// bits each).
    #[inline]
    pub(crate) fn home_nibble(&self, sh: u8) -> u64 {
        self.home_at(sh) & 15
    }
    /// Copies of kind `k` on the foundations.
    #[inline]
    pub fn home(&self, k: u8) -> u32 {
        (self.home_at(HOME_SHIFT[k as usize]) & 3) as u32
    }
    #[inline]
    pub(crate) fn add_home(&mut self, k: u8) {
        // The copy added is element (k, copies before) of the key.
        self.key_fp = self.key_fp.wrapping_add(home_copy_fp(k, self.home(k)));
        self.home += 1u128 << HOME_SHIFT[k as usize];
        // The count of cards home in `playable` (`Game::home_cards`).
        self.playable += 1 << HOME_COUNT_AT;
    }
    #[inline]
    pub(crate) fn remove_home(&mut self, k: u8) {
        self.home -= 1u128 << HOME_SHIFT[k as usize];
        self.key_fp = self.key_fp.wrapping_sub(home_copy_fp(k, self.home(k)));
        self.playable -= 1 << HOME_COUNT_AT;
    }
    /// Marks talon position `p` (not yet removed, below `dealt`) as having left the waste.
    #[inline]
    pub(crate) fn remove_talon(&mut self, p: u32) {
        self.removed |= 1u128 << p;
        self.key_fp = self.key_fp.wrapping_add(REMOVED_FP[p as usize]);
        self.refresh_talon();
    }
    #[inline]
    pub(crate) fn set_dealt(&mut self, d: u8) {
        self.key_fp = exchanged(self.key_fp, &DEALT_FP, self.dealt, d);
        self.dealt = d;
        self.refresh_talon();
    }
    /// Sets the positions `removed` keeps above `TALON` from `dealt` and the removed positions.
    #[inline]
    pub(crate) fn refresh_talon(&mut self) {
        let removed = self.removed & TALON;
        let waste = waste_top_of(self.dealt, removed).map_or(0, |w| w as u128 + 1);
        let stock = first_kept_from(self.dealt, removed) as u128;
        self.removed = removed | waste << WASTE_AT | stock << STOCK_AT;
    }
    #[inline]
    pub(crate) fn set_terrace(&mut self, t: u8) {
        self.key_fp = exchanged(self.key_fp, &TERRACE_FP, self.terrace, t);
        self.terrace = t;
    }
    #[inline]
    pub(crate) fn set_base_rank(&mut self, b: u8) {
        self.key_fp = exchanged(self.key_fp, &BASE_FP, self.base_rank, b);
        self.base_rank = b;
    }
    #[inline]
    pub(crate) fn set_redeals_left(&mut self, r: u8) {
        self.key_fp = exchanged(self.key_fp, &REDEALS_FP, self.redeals_left, r);
        self.redeals_left = r;
    }

    pub fn chosen(&self) -> bool {
        self.base_rank != NO_CARD
    }

    /// After the choice, without exact foundations: the positions whose child fingerprints
    /// `child_fp` says and whose fingerprint is their running key sum (`play_fingerprinted`).
    /// One bit of `playable` (`CHILD_FP_BIT`, set by `refresh_playable`) instead of two tests.
    #[inline(always)]
    pub(crate) fn fingerprinted(&self) -> bool {
        self.playable >> CHILD_FP_BIT & 1 != 0
    }

    /// The lengths of piles 0..8, one byte each (pile 0 lowest), for the word tests below.
    #[inline]
    fn first8_lens(&self) -> u64 {
        u64::from_le_bytes([
            self.len[0],
            self.len[1],
            self.len[2],
            self.len[3],
            self.len[4],
            self.len[5],
            self.len[6],
            self.len[7],
        ])
    }

    /// First chain bit of pile `i`: the piles below hold `len - 1` chain bits each when not
    /// empty (kept in `offs`).
    #[inline(always)]
    pub(super) fn offset(&self, i: usize) -> u32 {
        self.offs[i] as u32
    }

    /// `offset` summed from the lengths, as the bytes of one word (`i < MAX_ROWS`, so the piles
    /// below are among the first 8; lengths and the sum are at most 104, so no byte carries
    /// into the next): what `offset` read before `offs` kept it, and what `refresh_offsets`
    /// recomputes them with.
    #[inline]
    pub(super) fn offset_of_lens(&self, i: usize) -> u32 {
        let below = self.first8_lens() & LENS_BELOW[i];
        let nonempty = ((below + ONES * 0x7F) >> 7) & ONES;
        ((below - nonempty).wrapping_mul(ONES) >> 56) as u32
    }

    /// Recomputes every `offs` from the lengths (after the piles are rearranged; not the hot
    /// path, where `push` and `pop` keep them).
    pub(crate) fn refresh_offsets(&mut self) {
        for i in 0..MAX_ROWS {
            self.offs[i] = self.offset_of_lens(i) as u8;
        }
    }

    /// Adds one chain bit (`grow`) or takes one away below every pile above pile `i`: their
    /// `offs` bytes (piles 1..=8, one word) one more or one less, each by a byte of `ONES`
    /// (offsets stay within 0..=103, and one a pop lowers is at least 1: no carry, no borrow).
    #[inline(always)]
    fn shift_offsets_above(&mut self, i: usize, grow: bool) {
        let w = u64::from_le_bytes([
            self.offs[1],
            self.offs[2],
            self.offs[3],
            self.offs[4],
            self.offs[5],
            self.offs[6],
            self.offs[7],
            self.offs[8],
        ]);
        // Byte `j - 1` is pile `j`'s: the piles above `i` are bytes `i..8`.
        let d = ONES & !LENS_BELOW[i];
        let w = if grow { w + d } else { w - d };
        self.offs[1..].copy_from_slice(&w.to_le_bytes());
    }

    /// The first empty pile among the first `rows` (8 or 9): a zero byte among the first 8
    /// lengths found by one word test (lengths are below 128, so adding 0x7F sets a byte's
    /// high bit exactly when it is not zero, with no carry), else pile 8.
    #[inline]
    pub(crate) fn first_gap(&self, rows: usize) -> Option<u8> {
        let first8 = self.first8_lens();
        let empty = !(first8 + ONES * 0x7F) & (ONES * 0x80);
        if empty != 0 {
            return Some((empty.trailing_zeros() / 8) as u8);
        }
        (rows > 8 && self.len[8] == 0).then_some(8)
    }

    /// Puts kind `k` on pile `i` (the caller has checked the rules).
    ///
    /// The new chain bit goes at `p`, the end of the pile's bits. Nearly always `p < 64` (the
    /// tableau holds few cards): then the pile's bits, the bit insertion and the carry into the
    /// high word are a few `u64` operations, not variable `u128` shifts; `push_simple` (the
    /// tests' reference) is the general form and the fallback here.
    #[inline(always)]
    pub(crate) fn push(&mut self, i: usize, k: u8) {
        self.push_with::<true>(i, k)
    }

    /// `push`, keeping `key_fp` only when `FP` (`play_fingerprinted` sets it afterwards; the
    /// rare `u128` path keeps it anyway).
    #[inline(always)]
    pub(crate) fn push_with<const FP: bool>(&mut self, i: usize, k: u8) {
        let n = self.len[i] as u32;
        if n == 0 {
            self.base[i] = k;
            self.len[i] = 1;
            self.top[i] = k;
            if FP {
                self.key_fp = self.key_fp.wrapping_add(lone_pile_fp(k));
            }
            return;
        }
        let off = self.offset(i);
        let p = off + n - 1;
        if p >= 64 {
            return self.push_u128(i, k, off);
        }
        let bit = SUIT_BIT[k as usize] as u64;
        let (lo, hi) = (self.suits as u64, (self.suits >> 64) as u64);
        let bits = (lo >> off) & ((1u64 << (n - 1)) - 1);
        let below = (1u64 << p) - 1;
        let new_lo = (lo & below) | (bit << p) | ((lo & !below) << 1);
        let new_hi = (hi << 1) | (lo >> 63);
        self.suits = (new_hi as u128) << 64 | new_lo as u128;
        self.len[i] = n as u8 + 1;
        self.top[i] = k;
        self.shift_offsets_above(i, true);
        if FP {
            let base = self.base[i];
            // A lone card's element is in the table (no hash).
            let old = if n == 1 {
                lone_pile_fp(base)
            } else {
                pile_fingerprint_of(pile_value_of(bits as u128, n as u8, base))
            };
            let new = pile_value_of((bits | bit << (n - 1)) as u128, n as u8 + 1, base);
            self.key_fp = self.key_fp.wrapping_sub(old).wrapping_add(pile_fingerprint_of(new));
        }
    }

    /// `push` onto a non-empty pile whose new chain bit lies at 64 or above.
    #[cold]
    #[inline(never)]
    fn push_u128(&mut self, i: usize, k: u8, off: u32) {
        let n = self.len[i] as u32;
        let old = self.pile_value(i, off);
        self.key_fp = self.key_fp.wrapping_sub(pile_fingerprint_of(old));
        self.suits = insert_bit(self.suits, off + n - 1, suit_bit(k));
        self.len[i] += 1;
        self.top[i] = k;
        self.shift_offsets_above(i, true);
        self.key_fp = self
            .key_fp
            .wrapping_add(pile_fingerprint_of(old + pile_value_of(suit_bit(k) << (n - 1), 1, 0)));
    }

    /// Takes the top card off pile `i` (not empty). As `push`: a `u64` path when the top's
    /// chain bit lies below 64, `pop_simple`'s general form otherwise; the new top is the card
    /// one rank above the old one in the other colour, its suit from its chain bit (`UNDER`).
    #[inline(always)]
    pub(crate) fn pop(&mut self, i: usize) -> u8 {
        self.pop_with::<true>(i)
    }

    /// `pop`, keeping `key_fp` only when `FP` (as `push_with`).
    #[inline(always)]
    pub(crate) fn pop_with<const FP: bool>(&mut self, i: usize) -> u8 {
        let k = self.top[i];
        let n = self.len[i] as u32;
        let base = self.base[i];
        if n == 1 {
            self.len[i] = 0;
            self.base[i] = NO_CARD;
            self.top[i] = NO_CARD;
            if FP {
                self.key_fp = self.key_fp.wrapping_sub(lone_pile_fp(base));
            }
            return k;
        }
        let off = self.offset(i);
        // The top card's chain bit.
        let p = off + n - 2;
        if p >= 64 {
            return self.pop_u128(i, off);
        }
        let (lo, hi) = (self.suits as u64, (self.suits >> 64) as u64);
        // The pile's n - 1 chain bits (1 ≤ n - 1 ≤ 64 - off).
        let bits = (lo >> off) & (u64::MAX >> (65 - n));
        let below = (1u64 << p) - 1;
        let new_lo = (lo & below) | ((lo >> 1) & !below) | (hi << 63);
        self.suits = ((hi >> 1) as u128) << 64 | new_lo as u128;
        self.len[i] = n as u8 - 1;
        self.shift_offsets_above(i, false);
        self.top[i] =
            if n == 2 { base } else { UNDER[2 * k as usize + ((bits >> (n - 3)) & 1) as usize] };
        if FP {
            let rest = bits & !(1u64 << (n - 2));
            let old = pile_value_of(bits as u128, n as u8, base);
            // A pile left with one card: its element is in the table (no hash).
            let new = if n == 2 {
                lone_pile_fp(base)
            } else {
                pile_fingerprint_of(pile_value_of(rest as u128, n as u8 - 1, base))
            };
            self.key_fp = self.key_fp.wrapping_sub(pile_fingerprint_of(old)).wrapping_add(new);
        }
        k
    }

    /// `pop` of a pile of at least two cards whose top chain bit lies at 64 or above.
    #[cold]
    #[inline(never)]
    fn pop_u128(&mut self, i: usize, off: u32) -> u8 {
        let k = self.top[i];
        let old = self.pile_value(i, off);
        self.key_fp = self.key_fp.wrapping_sub(pile_fingerprint_of(old));
        self.len[i] -= 1;
        self.shift_offsets_above(i, false);
        let n = self.len[i] as u32;
        self.suits = remove_bit(self.suits, off + n - 1);
        let value = (old & !(1u128 << (n - 1))) - pile_value_of(0, 1, 0);
        self.top[i] = if n == 1 {
            self.base[i]
        } else {
            chain_kind(self.base[i], n - 1, (old >> (n - 2)) & 1)
        };
        self.key_fp = self.key_fp.wrapping_add(pile_fingerprint_of(value));
        k
    }

    /// Pile `i` (not empty, its chain bits from `off`) as one `u128` (`pile_value_of`).
    #[inline]
    pub(super) fn pile_value(&self, i: usize, off: u32) -> u128 {
        let n = self.len[i] as u32 - 1;
        let bits = (self.suits >> off) & ((1u128 << n) - 1);
        pile_value_of(bits, self.len[i], self.base[i])
    }

    /// Pile `i` bottom→top (for layouts, rendering and tests; not on the hot path).
    pub fn pile(&self, i: usize) -> Vec<u8> {
        if self.len[i] == 0 {
            return vec![];
        }
        let off = self.offset(i);
        let mut out = vec![self.base[i]];
        for j in 1..self.len[i] as u32 {
            out.push(chain_kind(self.base[i], j, (self.suits >> (off + j - 1)) & 1));
        }
        out
    }

    /// The same position with the piles sorted by content (bottom card, length, then chain bits):
    /// the representative of its class under renaming tableau piles. On the hot path (every
    /// child's table key), so one walk gathers each pile's chain bits, an insertion sort orders
    /// the at most nine piles, and the cached tops move with their piles.
    pub(crate) fn with_sorted_piles(&self, rows: usize) -> QueenState {
        let mut key = [0u16; MAX_ROWS];
        let mut bits = [0u128; MAX_ROWS];
        let mut rest = self.suits;
        for i in 0..rows {
            key[i] = (self.base[i] as u16) << 8 | self.len[i] as u16;
            let n = self.len[i].saturating_sub(1) as u32;
            if n > 0 {
                // Pile i's chain bits start where pile i-1's end (at most 103 bits in all).
                bits[i] = rest & ((1u128 << n) - 1);
                rest >>= n;
            }
        }
        let mut idx = [0u8; MAX_ROWS];
        for i in 0..rows {
            let mut j = i;
            while j > 0 && (key[idx[j - 1] as usize], bits[idx[j - 1] as usize]) > (key[i], bits[i])
            {
                idx[j] = idx[j - 1];
                j -= 1;
            }
            idx[j] = i as u8;
        }
        let mut s = *self;
        s.suits = 0;
        let mut off = 0u32;
        for (i, &p) in idx[..rows].iter().enumerate() {
            let p = p as usize;
            s.base[i] = self.base[p];
            s.len[i] = self.len[p];
            s.top[i] = self.top[p];
            if self.len[p] > 1 {
                s.suits |= bits[p] << off;
                off += self.len[p] as u32 - 1;
            }
        }
        s.refresh_offsets();
        s
    }

    /// Waste top position in the game's talon sequence.
    #[inline]
    pub fn waste_top(&self) -> Option<u32> {
        // Kept in `removed` (`WASTE_AT`) by `set_dealt` and `remove_talon`.
        let w = (self.removed >> WASTE_AT) as u8;
        (w != 0).then(|| w as u32 - 1)
    }

    /// Next stock position, given the talon sequence length `n`.
    #[inline]
    pub fn stock_next(&self, n: u8) -> Option<u32> {
        // Kept in `removed` (`STOCK_AT`) by `set_dealt` and `remove_talon`.
        let p = (self.removed >> STOCK_AT) as u8;
        (p < n).then_some(p as u32)
    }

    /// The piles among the first `rows` (8 or 9) that hold at least `min` cards (1..=127), bit
    /// `i` for pile `i`. For the first 8 by one word: a byte's length plus `0x80 - min` reaches
    /// its high bit exactly when the length is at least `min` (lengths are below 128: no
    /// carry), and one multiply gathers the 8 high bits (byte `i`'s to bit `i`).
    #[inline]
    pub(crate) fn piles_holding(&self, min: u8, rows: usize) -> u16 {
        let high = ((self.first8_lens() + ONES * (0x80 - min as u64)) >> 7) & ONES;
        let first8 = (high.wrapping_mul(0x0102_0408_1020_4080) >> 56) as u16;
        first8 | ((rows > 8 && self.len[8] >= min) as u16) << 8
    }

    /// How many of the first `rows` (8 or 9) piles are empty: the zero bytes among the first 8
    /// lengths by the word test of `first_gap`, and pile 8.
    #[inline]
    pub(crate) fn gap_count(&self, rows: usize) -> u32 {
        let empty = !(self.first8_lens() + ONES * 0x7F) & (ONES * 0x80);
        empty.count_ones() + (rows > 8 && self.len[8] == 0) as u32
    }

    /// A well-mixed hash of everything but the implied foundation counts.
    pub(crate) fn hash(&self) -> u64 {
        let mut small = [0u8; 24];
        small[..9].copy_from_slice(&self.base);
        small[9..18].copy_from_slice(&self.len);
        small[18] = self.dealt;
        small[19] = self.terrace;
        small[20] = self.base_rank;
        small[21] = self.redeals_left;
        let words = [
            self.suits as u64,
            (self.suits >> 64) as u64,
            self.removed as u64,
            (self.removed >> 64) as u64,
            u64::from_le_bytes(small[0..8].try_into().unwrap()),
            u64::from_le_bytes(small[8..16].try_into().unwrap()),
            u64::from_le_bytes(small[16..24].try_into().unwrap()),
            self.found as u64 ^ ((self.found >> 64) as u64).rotate_left(29),
        ];
        let mut h: u64 = 0x243F_6A88_85A3_08D3;
        for w in words {
            h = (h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            h ^= h >> 29;
        }
        h = (h ^ (h >> 32)).wrapping_mul(0xD6E8_FEB8_6659_FD93);
        h ^ (h >> 32)
    }
}

#[cfg(test)]
mod tests;
