//! The Algerian-family position (RULES.md §4), bit-packed in 116 bytes, with what the hot
//! paths read of it kept beside (304 bytes in all).
//!
//! * The eight depots and six reserves, side by side as ONE sequence of card kinds packed six
//!   bits each: `[P0][P1]…[P7][R0]…[R5]`, each pile bottom→top, with a length byte per pile.
//!   Cards are stored as kinds: the two copies of a card are interchangeable (RULES.md §0), so
//!   positions that differ only by which copy lies where are one position.
//! * The foundation heights, a nibble each (what a foundation holds follows from its height).
//! * How many cards have left the stock (its order is fixed: it lives in the game).
//! * `run`: the partial-order reduction's record of a run of foundation transfers (`prune.rs`).
//! * `names`: which physical pile each stored pile is (see below). NOT part of the position.
//! * Kept beside, functions of the above (NOT part of the position either; `==` and hashing
//!   ignore them): the class fingerprint (`fp`, `key.rs`), and each pile's top card, first
//!   slot, bottom card and first ten slots (`tops`, `starts`, `bottoms`, `heads`), which every
//!   change of the piles keeps in step (`push`, `pop`, `move_top`, the canonical reorders) and
//!   the tests check against the packed sequence after every move. They are read on every
//!   position expanded, child fingerprinted and move played, where finding them in the packed
//!   sequence cost more than keeping them (see `results/bench/profile-2026-12-02-algerian8.md`).
//!
//! # Physical names
//!
//! Under symmetry pruning a position is stored in a canonical form (depots sorted, reserves
//! sorted, Carthage's two foundations of a suit ordered; `prune.rs` says when each is allowed).
//! The rest of the project names piles physically (a solution is replayed through the reference
//! rules), so the state carries, beside the canonical contents, the physical index of every stored
//! pile: 3 bits per depot, 3 bits per reserve, one swap bit per Carthage suit. Equality and
//! hashing ignore these names: two states that differ only in them are the same position up to a
//! renaming of interchangeable piles, which has the same future (`prune.rs`), and whichever of
//! them a search meets first stands for both. A move names stored piles; `action` translates
//! them to physical names with the state's own `names`, which `play` keeps in step.

use super::NO_KIND;
use crate::bits::bits;
use crate::card::Kind;

/// Slots in the packed sequence: 11 words of 10 six-bit slots (at most 104 cards are off the
/// foundations, and the 4 kings pre-placed in algerian make it at most 100 there).
pub(super) const WORDS: usize = 11;
pub(super) const CAP: usize = WORDS * 10;
pub(super) const DEPOTS: usize = 8;
pub(super) const RESERVES: usize = 6;
pub(super) const PILES: usize = DEPOTS + RESERVES;

const SLOT: u64 = 0x3F;
const WORD: u64 = (1 << 60) - 1;

/// Where stored pile `p`'s physical name sits in `names`: 3 bits a depot from bit 0, 3 bits a
/// reserve from bit 24.
#[inline(always)]
pub(super) const fn name_shift(p: usize) -> usize {
    if p < DEPOTS { 3 * p } else { 24 + 3 * (p - DEPOTS) }
}

/// Depot `c` stored at index c is physical depot c, reserve likewise, no Carthage swap.
pub(super) const IDENTITY_NAMES: u64 = {
    let mut v = 0u64;
    let mut p = 0;
    while p < PILES {
        let physical = if p < DEPOTS { p } else { p - DEPOTS };
        v |= (physical as u64) << name_shift(p);
        p += 1;
    }
    v
};

#[derive(Clone, Copy, Debug)]
pub struct AlgerianState {
    pub(super) words: [u64; WORDS],
    /// Lengths of P0..P7, R0..R5 (stored order).
    pub(super) lens: [u8; PILES],
    /// Foundation heights, nibble f = F_f (stored order; only Carthage may reorder).
    pub(super) found: u32,
    /// Cards dealt from the stock so far.
    pub(super) dealt: u8,
    /// Partial-order reduction: 0, or 1 + the foundation the last move transferred a card from.
    pub(super) run: u8,
    /// Physical names of the stored piles (see the module notes); ignored by `==` and hashing.
    pub(super) names: u64,
    /// The position's class fingerprint (`key.rs`), kept up to date by `play`: its low 96 bits
    /// (all the table keeps), whose lowest bit is always 0 and holds instead the `sorted` flag
    /// (see [`Self::sorted`]), in one 128-bit word (two loads; it was three words of 32 bits
    /// while the state had to fit 128 bytes, see `tops`). A function of the fields above:
    /// ignored by `==` and hashing.
    pub(super) fp: u128,
    /// The kind of each pile's top card (`NO_KIND` for an empty pile; entries 14 and 15 always
    /// `NO_KIND`), kept in step with the piles by every change of them. A function of the
    /// piles, ignored by `==` and hashing. The move generator reads every top of every
    /// position it expands: from here that is one load each, where finding them in the packed
    /// sequence cost some 170 instructions a position (6% of Algerian's). It makes the state
    /// 144 bytes: a position copy is then a call to `memcpy`, which measured +0.3% (the
    /// search now plays few of the children it looks up).
    pub(super) tops: [u8; 16],
    /// The first slot of each pile (entries 14 and 15: the sequence's length), kept in step
    /// with `lens` like `tops`, and like them ignored by `==` and hashing: a pile's start is
    /// read on every child's fingerprint and every play (twice each), where summing the
    /// lengths before it cost some ten instructions. (It makes the state 160 bytes; `memcpy`
    /// copies anything from 129 to 256 bytes with the same instructions.)
    pub(super) starts: [u8; 16],
    /// Each pile's bottom card as a sort key: its kind + 1, or 0 for an empty pile (entries 14
    /// and 15 always 0). Kept like `tops`, ignored like them. Canonical order compares piles
    /// from the bottom, and two piles nearly always differ there: the comparisons that keep a
    /// child canonical (a few each play) are then two byte loads, not two slot reads.
    pub(super) bottoms: [u8; 16],
    /// Each pile's first ten slots, slot 0 lowest and zero past the pile's end (what
    /// [`Self::pile_slots`] reads for its first word), kept like `tops`, ignored like them. A
    /// child's fingerprint reads the first slots of its source and target piles, which from the
    /// packed sequence cost some twenty instructions each; here one load. (The state is then
    /// 304 bytes. The search copies about one position for every three children it looks up,
    /// field by field (`Game::copy_position` in `moves.rs`): a `memcpy` call was some 64
    /// instructions a copy, 2% of Algerian's.)
    pub(super) heads: [u64; PILES],
}

/// `AFTER[p]`: 1 in bytes `p + 1..16`: what [`AlgerianState::starts`] gains, read as one
/// 128-bit number, when pile `p` gains a card (no byte carries: every start is at most `CAP`).
static AFTER: [u128; PILES] = {
    let mut t = [0u128; PILES];
    let mut p = 0;
    while p < PILES {
        let mut j = p + 1;
        while j < 16 {
            t[p] |= 1 << (8 * j);
            j += 1;
        }
        p += 1;
    }
    t
};

/// The starts of the piles of lengths `lens` as [`AlgerianState::starts`] keeps them: the
/// prefix sums of the length bytes, by one multiplication per group of eight (each partial
/// sum is at most `CAP`, so no byte carries into the next).
#[inline]
fn starts_of(lens: &[u8; PILES]) -> [u8; 16] {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let mut hi = [0u8; 8];
    hi[..PILES - 8].copy_from_slice(&lens[8..]);
    let (lo, hi) = (u64::from_le_bytes(lens[..8].try_into().unwrap()), u64::from_le_bytes(hi));
    let depots = lo.wrapping_mul(ONES) << 8;
    let reserves = (hi.wrapping_mul(ONES) << 8).wrapping_add(byte_sum(lo) as u64 * ONES);
    ((depots as u128) | (reserves as u128) << 64).to_le_bytes()
}

impl Default for AlgerianState {
    fn default() -> Self {
        AlgerianState {
            words: [0; WORDS],
            lens: [0; PILES],
            found: 0,
            dealt: 0,
            run: 0,
            names: IDENTITY_NAMES,
            fp: 0,
            tops: [NO_KIND; 16],
            starts: [0; 16],
            bottoms: [0; 16],
            heads: [0; PILES],
        }
    }
}

impl PartialEq for AlgerianState {
    #[inline]
    fn eq(&self, o: &Self) -> bool {
        self.words == o.words
            && self.lens == o.lens
            && self.found == o.found
            && self.dealt == o.dealt
            && self.run == o.run
    }
}
impl Eq for AlgerianState {}

impl std::hash::Hash for AlgerianState {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        h.write_u64(self.full_hash());
    }
}

/// `WORD_OF[i] = i / 10` and `SHIFT_OF[i] = 6 * (i % 10)`: the word and bit offset of slot `i`
/// (`i` < `CAP`), read from a table instead of computed (slot positions are on every hot path).
/// The rows past `CAP`, which no slot reads, say the last word: every entry is then a valid
/// index of `words`, which the compiler sees, so a read through the table needs no bounds check
/// (it measured 2 instructions a read, 1.5% of Algerian's instructions).
const WORD_OF: [u8; 128] = {
    let mut t = [0u8; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = if i < CAP { i / 10 } else { WORDS - 1 } as u8;
        i += 1;
    }
    t
};
const SHIFT_OF: [u8; 128] = {
    let mut t = [0u8; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = (6 * (i % 10)) as u8;
        i += 1;
    }
    t
};

/// `(i / 10, 6 * (i % 10))` for a slot index `i` < 128.
#[inline(always)]
fn slot_at(i: usize) -> (usize, usize) {
    debug_assert!(i < CAP);
    (WORD_OF[i & 127] as usize, SHIFT_OF[i & 127] as usize)
}

/// The sum of the bytes of `x` (each partial sum below 256, as pile lengths are).
#[inline(always)]
fn byte_sum(x: u64) -> usize {
    (x.wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize
}

#[inline]
fn low_mask(slots: usize) -> u64 {
    (1u64 << (6 * slots)) - 1
}

/// The ten slots from slot `i` on, slot `i` in the low bits (slot `i` must lie in the sequence;
/// slots past its end read as whatever the words hold there: mask them).
#[inline(always)]
fn chunk(words: &[u64; WORDS], i: usize) -> u64 {
    let (w, o) = slot_at(i);
    let hi = if w + 1 < WORDS { words[w + 1] << (60 - o) } else { 0 };
    ((words[w] >> o) | hi) & WORD
}

/// The value of slot `i`.
#[inline(always)]
fn slot(words: &[u64; WORDS], i: usize) -> u64 {
    let (w, o) = slot_at(i);
    (words[w] >> o) & SLOT
}

/// Carthage's canonical foundation heights (nibble f = F_f): each suit's pair with the higher
/// as F_{2s}, `run` (1 + a foundation, or 0) following a swap; and the suits swapped (bit s).
/// What `order_carthage_foundations` stores, and what the class fingerprint (`key.rs`) reads.
#[inline(always)]
pub(super) fn carthage_ordered(mut found: u32, mut run: u8) -> (u32, u8, u8) {
    // Fast path, all four suits at once: byte s holds F_{2s} (a) and F_{2s+1} (b) as nibbles;
    // (a | 16) - b keeps bit 4 iff a >= b (no borrow crosses a byte: heights are <= 13).
    let (a, b) = (found & 0x0F0F_0F0F, (found >> 4) & 0x0F0F_0F0F);
    if ((a | 0x1010_1010) - b) & 0x1010_1010 == 0x1010_1010 {
        return (found, run, 0);
    }
    let mut swapped = 0;
    for suit in 0..4 {
        let (a, b) = ((found >> (8 * suit)) & 0xF, (found >> (8 * suit + 4)) & 0xF);
        if a < b {
            found ^= (a ^ b) * (0x11 << (8 * suit));
            swapped |= 1 << suit;
            if run != 0 && (run - 1) as usize / 2 == suit {
                run = ((run - 1) ^ 1) + 1;
            }
        }
    }
    (found, run, swapped)
}

/// Where the piles of one group (depots, or reserves: the `N` stored piles from `F`) lie, as
/// [`AlgerianState::resort`] reads them: their lengths, first slots and bottom keys, copied
/// from the state (which `resort` then rewrites).
struct GroupLayout<const N: usize> {
    lens: [u8; N],
    starts: [u8; N],
    bottoms: [u8; N],
    heads: [u64; N],
}

impl<const N: usize> GroupLayout<N> {
    #[inline(always)]
    fn of<const F: usize>(s: &AlgerianState) -> Self {
        let (mut lens, mut starts, mut bottoms, mut heads) =
            ([0u8; N], [0u8; N], [0u8; N], [0u64; N]);
        lens.copy_from_slice(&s.lens[F..F + N]);
        starts.copy_from_slice(&s.starts[F..F + N]);
        bottoms.copy_from_slice(&s.bottoms[F..F + N]);
        heads.copy_from_slice(&s.heads[F..F + N]);
        GroupLayout { lens, starts, bottoms, heads }
    }
    /// The first slot of the group's pile `j`.
    #[inline(always)]
    fn start(&self, j: usize) -> usize {
        self.starts[j] as usize
    }
    /// The group's pile `a` against its pile `b`, by contents. Piles nearly always differ in
    /// their bottom card (or one is empty), which their bottom keys decide (an empty pile's key,
    /// 0, is below every card's: the empty pile is a proper prefix of any other); only a tie of
    /// two non-empty piles reads the packed chunks.
    #[inline(always)]
    fn cmp(&self, words: &[u64; WORDS], a: usize, b: usize) -> std::cmp::Ordering {
        let (ka, kb) = (self.bottoms[a], self.bottoms[b]);
        if ka != kb || ka == 0 {
            return ka.cmp(&kb);
        }
        let (sa, la, sb, lb) =
            (self.start(a), self.lens[a] as usize, self.start(b), self.lens[b] as usize);
        cmp_piles(words, sa, la, self.heads[a], sb, lb, self.heads[b])
    }
}

/// Lexicographic comparison of two piles (slot `sa`, `la` slots, first chunk `ka`; likewise
/// b): the lowest slot where the first chunks differ decides, else the rest.
#[inline(always)]
fn cmp_piles(
    words: &[u64; WORDS],
    sa: usize,
    la: usize,
    ka: u64,
    sb: usize,
    lb: usize,
    kb: u64,
) -> std::cmp::Ordering {
    let m = la.min(lb);
    let x = (ka ^ kb) & low_mask(m.min(10));
    if x != 0 {
        let sh = x.trailing_zeros() / 6 * 6;
        return ((ka >> sh) & SLOT).cmp(&((kb >> sh) & SLOT));
    }
    if m <= 10 {
        return la.cmp(&lb);
    }
    cmp_slots(words, sa + 10, la - 10, sb + 10, lb - 10)
}

/// Lexicographic comparison of the `la` slots from slot `a` with the `lb` slots from `b`
/// (a proper prefix is less), ten slots at a time.
#[inline(never)]
fn cmp_slots(
    words: &[u64; WORDS],
    mut a: usize,
    la: usize,
    mut b: usize,
    lb: usize,
) -> std::cmp::Ordering {
    let mut n = la.min(lb);
    while n > 0 {
        let m = n.min(10);
        let (ca, cb) = (chunk(words, a), chunk(words, b));
        let x = (ca ^ cb) & low_mask(m);
        if x != 0 {
            let sh = x.trailing_zeros() / 6 * 6;
            return ((ca >> sh) & SLOT).cmp(&((cb >> sh) & SLOT));
        }
        a += 10;
        b += 10;
        n -= m;
    }
    la.cmp(&lb)
}

/// Writes the low `m` (1..=10) slots of `c` at slots `pos..pos + m`.
#[inline]
fn write_slots(words: &mut [u64; WORDS], pos: usize, c: u64, m: usize) {
    let (w, o) = slot_at(pos);
    let mask = low_mask(m);
    let c = c & mask;
    words[w] = ((words[w] & !(mask << o)) | (c << o)) & WORD;
    if o + 6 * m > 60 {
        words[w + 1] = (words[w + 1] & !(mask >> (60 - o))) | (c >> (60 - o));
    }
}

impl AlgerianState {
    // ---- the packed sequence -------------------------------------------------------------

    #[inline]
    pub(super) fn total(&self) -> usize {
        self.starts[PILES] as usize
    }
    /// `starts` after a card leaves pile `p` (`p` given) and joins pile `q` (`q` given).
    #[inline(always)]
    fn shift_starts(&mut self, p: Option<usize>, q: Option<usize>) {
        let mut x = u128::from_le_bytes(self.starts);
        if let Some(q) = q {
            x = x.wrapping_add(AFTER[q]);
        }
        if let Some(p) = p {
            x = x.wrapping_sub(AFTER[p]);
        }
        self.starts = x.to_le_bytes();
    }
    /// `starts` anew from the lengths, after piles were reordered.
    #[inline]
    fn refresh_starts(&mut self) {
        self.starts = starts_of(&self.lens);
    }
    #[inline]
    pub(super) fn get(&self, i: usize) -> u8 {
        slot(&self.words, i) as u8
    }
    /// Inserts `v` at slot `i`, moving slots `i..` up by one.
    fn insert(&mut self, i: usize, v: u8) {
        let len = self.total();
        debug_assert!(len < CAP && i <= len);
        let (w, o) = slot_at(i);
        // The words above slot i's, from the last one holding a slot down (a plain countdown:
        // the reversed inclusive range cost twice the instructions).
        // (`min`: every sequence is shorter than CAP; it tells the compiler k indexes `words`.)
        let mut k = (len / 10).min(WORDS - 1);
        while k > w {
            self.words[k] = ((self.words[k] << 6) | (self.words[k - 1] >> 54)) & WORD;
            k -= 1;
        }
        let below = (1u64 << o) - 1;
        let x = self.words[w];
        self.words[w] = (((x & !below) << 6) | ((v as u64) << o) | (x & below)) & WORD;
    }
    /// Removes slot `i`, moving slots `i+1..` down by one and clearing the freed slot.
    fn remove(&mut self, i: usize) -> u8 {
        let len = self.total();
        debug_assert!(i < len);
        let v = self.get(i);
        let (w, o) = slot_at(i);
        let x = self.words[w];
        self.words[w] = (x & ((1u64 << o) - 1)) | ((x >> (o + 6)) << o);
        for k in w..((len - 1) / 10).min(WORDS - 1) {
            self.words[k] |= (self.words[k + 1] & SLOT) << 54;
            self.words[k + 1] >>= 6;
        }
        v
    }

    /// Moves the value of slot `a` to slot `b` (`a <= b`), moving slots `a+1..=b` down by one;
    /// the other slots are unchanged.
    #[inline]
    fn rotate_down(&mut self, a: usize, b: usize) {
        debug_assert!(a <= b && b < CAP);
        // Bit offsets; `below(o)`: the bits under offset o.
        let below = |o: usize| (1u64 << o) - 1;
        let ((wa, oa), (wb, ob)) = (slot_at(a), slot_at(b));
        let v = (self.words[wa] >> oa) & SLOT;
        if wa == wb {
            let x = self.words[wa];
            let span = below(ob + 6) & !below(oa);
            self.words[wa] = (x & !span) | ((x >> 6) & below(ob) & !below(oa)) | (v << ob);
            return;
        }
        let x = self.words[wa];
        self.words[wa] =
            (x & below(oa)) | ((x >> 6) & !below(oa)) | ((self.words[wa + 1] & SLOT) << 54);
        for k in wa + 1..wb {
            self.words[k] = (self.words[k] >> 6) | ((self.words[k + 1] & SLOT) << 54);
        }
        let x = self.words[wb];
        self.words[wb] = (x & !below(ob + 6)) | ((x >> 6) & below(ob)) | (v << ob);
    }

    /// Moves the value of slot `a` to slot `t` (`t <= a`), moving slots `t..a` up by one; the
    /// other slots are unchanged.
    #[inline]
    fn rotate_up(&mut self, t: usize, a: usize) {
        debug_assert!(t <= a && a < CAP);
        let below = |o: usize| (1u64 << o) - 1;
        let ((wt, ot), (wa, oa)) = (slot_at(t), slot_at(a));
        let v = (self.words[wa] >> oa) & SLOT;
        if wt == wa {
            let x = self.words[wa];
            let span = below(oa + 6) & !below(ot);
            self.words[wa] = (x & !span) | ((x << 6) & span & !below(ot + 6)) | (v << ot);
            return;
        }
        let x = self.words[wa];
        self.words[wa] =
            (x & !below(oa + 6)) | ((x << 6) & below(oa + 6)) | (self.words[wa - 1] >> 54);
        for k in (wt + 1..wa).rev() {
            self.words[k] = ((self.words[k] << 6) & WORD) | (self.words[k - 1] >> 54);
        }
        let x = self.words[wt];
        self.words[wt] = (x & below(ot)) | ((x << 6) & WORD & !below(ot + 6)) | (v << ot);
    }

    // ---- piles ---------------------------------------------------------------------------

    /// First slot of stored pile `p` (depots 0..8, reserves 8..14).
    #[inline]
    pub(super) fn start(&self, p: usize) -> usize {
        debug_assert!(p <= PILES);
        self.starts[p & 15] as usize
    }
    #[inline]
    pub(super) fn len(&self, p: usize) -> usize {
        self.lens[p] as usize
    }
    /// Set by `Algerian::canonicalise`: the piles are in canonical form for this stock size, so
    /// a card move's canonical child needs only its moved piles re-placed (`play`). Cleared by
    /// every literal move. Not part of the position.
    #[inline(always)]
    pub(super) fn sorted(&self) -> bool {
        self.fp & 1 != 0
    }
    #[inline(always)]
    pub(super) fn set_sorted(&mut self, sorted: bool) {
        self.fp = (self.fp & !1) | sorted as u128;
    }

    /// The slots of the `len`-slot pile at slot `start`: its first ten (slot 0 lowest; the same
    /// as the tests' `pile_key`, here without its empty-pile test, which measured 0.8% of
    /// Algerian's instructions) and its next ten, each masked to the pile (zero past its end).
    #[inline(always)]
    pub(super) fn pile_slots(&self, start: usize, len: usize) -> (u64, u64) {
        match len {
            0 => (0, 0),
            1..=10 => (chunk(&self.words, start) & low_mask(len), 0),
            _ => (
                chunk(&self.words, start),
                chunk(&self.words, start + 10) & low_mask((len - 10).min(10)),
            ),
        }
    }
    #[inline]
    pub(super) fn top(&self, p: usize) -> Option<Kind> {
        (self.lens[p] > 0).then(|| Kind::from_index(self.tops[p]))
    }
    /// The empty piles: bit p set iff pile p is (its top is `NO_KIND`). SSE2 (every x86-64)
    /// compares the sixteen top bytes at once.
    #[inline(always)]
    pub(super) fn empty_piles(&self) -> u32 {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{
                __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8,
            };
            // SAFETY: SSE2 is part of x86-64; the load reads the sixteen bytes of `tops`.
            let m = unsafe {
                _mm_movemask_epi8(_mm_cmpeq_epi8(
                    _mm_loadu_si128(self.tops.as_ptr().cast::<__m128i>()),
                    _mm_set1_epi8(NO_KIND as i8),
                ))
            };
            m as u32 & ((1 << PILES) - 1)
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            self.tops[..PILES]
                .iter()
                .enumerate()
                .fold(0, |m, (p, &t)| m | ((t == NO_KIND) as u32) << p)
        }
    }
    /// The kind of slot `i - 1`'s card if `n` (a pile's length after losing its top) is not 0,
    /// else `NO_KIND`: a pile's new top after its top card at slot `i` leaves.
    #[inline(always)]
    fn top_below(&self, i: usize, n: u8) -> u8 {
        if n == 0 { NO_KIND } else { self.get(i.wrapping_sub(1) & 127) }
    }
    /// `heads[p]` after kind `k` is put on pile `p` (its length not yet counted): a tenth or
    /// later card is not in it.
    #[inline(always)]
    fn head_push(&mut self, p: usize, k: u8) {
        let n = self.lens[p] as usize;
        if n < 10 {
            self.heads[p] |= (k as u64) << (6 * n);
        }
    }
    /// `heads[p]` after pile `p`'s top card leaves (its length not yet counted down).
    #[inline(always)]
    fn head_pop(&mut self, p: usize) {
        let n = self.lens[p] as usize;
        if n <= 10 {
            self.heads[p] &= low_mask(n - 1);
        }
    }
    /// Pile `p` bottom→top.
    pub(super) fn pile(&self, p: usize) -> Vec<Kind> {
        let s = self.start(p);
        (s..s + self.len(p)).map(|i| Kind::from_index(self.get(i))).collect()
    }
    pub(super) fn push(&mut self, p: usize, k: Kind) {
        let end = self.start(p) + self.len(p);
        self.insert(end, k.index());
        if self.lens[p] == 0 {
            self.bottoms[p] = k.index() + 1;
        }
        self.head_push(p, k.index());
        self.lens[p] += 1;
        self.tops[p] = k.index();
        self.shift_starts(None, Some(p));
    }
    /// Moves the top card of pile `p` onto pile `q` (`p != q`): the same as
    /// `let k = self.pop(p); self.push(q, k)` (kept as the test's reference), in one shift of
    /// only the slots between the card and its new place.
    #[inline]
    pub(super) fn move_top(&mut self, p: usize, q: usize) {
        debug_assert!(self.lens[p] > 0 && p != q);
        let (sp, sq) = (self.start(p), self.start(q));
        let a = sp + self.len(p) - 1;
        // The new tops: q's is the card; p's the one under it (its slot is below every slot
        // the shift moves).
        self.tops[q] = self.tops[p];
        self.tops[p] = self.top_below(a, self.lens[p] - 1);
        // The bottoms: the card becomes q's if q was empty; p's goes if the card was its last.
        if self.lens[q] == 0 {
            self.bottoms[q] = self.tops[q] + 1;
        }
        if self.lens[p] == 1 {
            self.bottoms[p] = 0;
        }
        self.head_push(q, self.tops[q]);
        self.head_pop(p);
        if p < q {
            // Slot a leaves; the target's end, a slot lower afterwards, receives it.
            self.rotate_down(a, sq + self.len(q) - 1);
        } else {
            self.rotate_up(sq + self.len(q), a);
        }
        self.lens[p] -= 1;
        self.lens[q] += 1;
        self.shift_starts(Some(p), Some(q));
    }
    pub(super) fn pop(&mut self, p: usize) -> Kind {
        debug_assert!(self.lens[p] > 0, "pop from an empty pile");
        let end = self.start(p) + self.len(p);
        let k = self.remove(end - 1);
        self.head_pop(p);
        self.lens[p] -= 1;
        self.tops[p] = self.top_below(end - 1, self.lens[p]);
        if self.lens[p] == 0 {
            self.bottoms[p] = 0;
        }
        self.shift_starts(Some(p), None);
        Kind::from_index(k)
    }

    // ---- foundations ---------------------------------------------------------------------

    #[inline]
    pub(super) fn height(&self, f: usize) -> u8 {
        ((self.found >> (4 * f)) & 0xF) as u8
    }
    pub(super) fn set_height(&mut self, f: usize, h: u8) {
        self.found = (self.found & !(0xF << (4 * f))) | ((h as u32) << (4 * f));
    }

    // ---- physical names ------------------------------------------------------------------

    /// The physical index of stored depot `c` (`c` < 8) or stored reserve `c - 8`.
    #[inline]
    pub(super) fn physical_pile(&self, p: usize) -> u8 {
        ((self.names >> name_shift(p)) & 7) as u8
    }
    /// Carthage: whether stored F_{2s} is physical F_{2s+1} (and vice versa).
    #[inline]
    pub(super) fn suit_swapped(&self, suit: usize) -> bool {
        self.names >> (42 + suit) & 1 != 0
    }

    /// Reorders the stored piles `first..first+n` of one group (depots or reserves) into
    /// ascending order of their contents (as slices of kind indices, bottom→top; a proper prefix
    /// comes first), carrying the physical names along, where the piles outside `dirty` (bit i:
    /// pile `first + i`) are known to be in sorted order among themselves (a canonical parent's
    /// piles that a move did not touch): only the dirty piles are compared and re-placed. The
    /// piles of a group are contiguous in the sequence. Equal piles keep their relative order (a
    /// stable sort: the result is the one stable order, whatever the algorithm), exactly as the
    /// tests' plain sort does (`state/tests.rs`).
    ///
    /// The stable order is the order by (contents, index), a strict total order, so the clean
    /// piles, already in that order, are a sorted list, and each dirty pile, in ascending index
    /// order, is inserted where it belongs by a scan from its own index (every pile of lower
    /// index is in the list by then): usually two comparisons. With every pile dirty this is a
    /// plain insertion sort. Only the reordered piles are rewritten.
    #[inline]
    pub(super) fn resort_group(&mut self, first: usize, n: usize, dirty: u32) {
        // The two groups as constant shapes: the copies and loops get fixed sizes (no memcpy
        // call, no length checks).
        if first == 0 {
            debug_assert_eq!(n, DEPOTS);
            self.resort::<0, DEPOTS>(dirty);
        } else {
            debug_assert_eq!((first, n), (DEPOTS, RESERVES));
            self.resort::<DEPOTS, RESERVES>(dirty);
        }
    }

    /// [`Self::resort_group`] for the group of the `N` piles from `F`.
    fn resort<const F: usize, const N: usize>(&mut self, dirty: u32) {
        use std::cmp::Ordering;
        let g = GroupLayout::<N>::of::<F>(self);
        let lens = g.lens;
        let words = &self.words;
        // Fast path: the group is already in order iff every adjacent pair with a dirty pile is
        // (a pair of clean piles is). Only those piles' starts are read.
        let dirty = dirty & ((1 << N) - 1);
        let pairs = (dirty | dirty >> 1) & ((1 << (N - 1)) - 1);
        if !bits(pairs).any(|j| g.cmp(words, j, j + 1) == Ordering::Greater) {
            return;
        }
        // The commonest reorder: one dirty pile of at most one card (a pile just emptied, or an
        // empty one just given its card) changes place among sorted piles. It moves with at most
        // one slot, so one rotation of the slots between its old and new places does it.
        if dirty.is_power_of_two() && lens[dirty.trailing_zeros() as usize] <= 1 {
            self.replace_short_pile::<F, N>(dirty.trailing_zeros() as usize, &g);
            return;
        }
        // Two dirty piles, as after a move between two piles of the group (a lone card put on
        // another pile, a card put into an empty pile): if one, e, is in order among the piles
        // other than the short one, d, those piles are a sorted list and only d has to move.
        if dirty.count_ones() == 2 {
            let (a, b) = (dirty.trailing_zeros() as usize, 31 - dirty.leading_zeros() as usize);
            let in_order_without = |e: usize, d: usize| {
                let (l, r) = (
                    if e == d + 1 { e.checked_sub(2) } else { e.checked_sub(1) },
                    if e + 1 == d { e + 2 } else { e + 1 },
                );
                let le = |x: usize, y: usize| g.cmp(words, x, y) != Ordering::Greater;
                l.is_none_or(|l| le(l, e)) && (r >= N || le(e, r))
            };
            for (d, e) in [(a, b), (b, a)] {
                if lens[d] <= 1 && in_order_without(e, d) {
                    self.replace_short_pile::<F, N>(d, &g);
                    return;
                }
            }
        }
        let cmp = |a: usize, b: usize| g.cmp(words, a, b);
        let mut order = [0usize; N];
        let mut len = 0;
        for i in 0..N {
            if dirty >> i & 1 == 0 {
                order[len] = i;
                len += 1;
            }
        }
        for d in bits(dirty) {
            // Piles 0..d are in the list, so d's place in the unchanged order is d.
            let mut q = d;
            // Left past every (contents, index) greater than d's, else right past every smaller.
            while q > 0 && {
                let e = order[q - 1];
                match cmp(d, e) {
                    Ordering::Less => true,
                    Ordering::Equal => e > d,
                    Ordering::Greater => false,
                }
            } {
                q -= 1;
            }
            if q == d {
                while q < len && {
                    let e = order[q];
                    match cmp(d, e) {
                        Ordering::Greater => true,
                        Ordering::Equal => d > e,
                        Ordering::Less => false,
                    }
                } {
                    q += 1;
                }
            }
            order.copy_within(q..len, q + 1);
            order[q] = d;
            len += 1;
        }
        // Only the piles between the first and the last that changed place are rewritten.
        let Some(lo) = (0..N).find(|&c| order[c] != c) else { return };
        let hi = (0..N).rfind(|&c| order[c] != c).unwrap_or(lo);
        let src = self.words;
        let (old_names, old_tops, old_bottoms) = (self.names, self.tops, self.bottoms);
        let old_heads = g.heads;
        let mut pos = g.start(lo);
        for (c, &o) in order.iter().enumerate().take(hi + 1).skip(lo) {
            let (mut from, mut left) = (g.start(o), lens[o] as usize);
            // A pile that keeps its first slot keeps all its slots: the slots from `pos` on have
            // not been written yet, so they still hold it (an empty pile passing others moves none).
            if from == pos {
                pos += left;
                left = 0;
            }
            while left > 0 {
                let m = left.min(10);
                write_slots(&mut self.words, pos, chunk(&src, from), m);
                pos += m;
                from += m;
                left -= m;
            }
            self.lens[F + c] = lens[o];
            self.tops[F + c] = old_tops[F + o];
            self.bottoms[F + c] = old_bottoms[F + o];
            self.heads[F + c] = old_heads[o];
            let name = (old_names >> name_shift(F + o)) & 7;
            let sh = name_shift(F + c);
            self.names = (self.names & !(7 << sh)) | (name << sh);
        }
        self.refresh_starts();
    }

    /// [`Self::resort`] when only pile `d` of the group (laid out as `g`) is dirty, or the other
    /// dirty one is in order without it, and `d` holds at most one card. The
    /// other piles are in order, so `d`'s place is found as in the general insertion (left past
    /// every greater pile, else right past every smaller; an equal pile keeps the lower index
    /// first); the piles between shift by one place and by `d`'s length in slots, which is one
    /// rotation of the slots in between (none for an empty pile).
    #[inline]
    fn replace_short_pile<const F: usize, const N: usize>(&mut self, d: usize, g: &GroupLayout<N>) {
        use std::cmp::Ordering;
        let lens = &g.lens;
        let q = {
            let words = &self.words;
            let cmp = |a: usize, b: usize| g.cmp(words, a, b);
            let mut q = d;
            while q > 0 && cmp(d, q - 1) == Ordering::Less {
                q -= 1;
            }
            if q == d {
                while q + 1 < N && cmp(d, q + 1) == Ordering::Greater {
                    q += 1;
                }
            }
            q
        };
        if q == d {
            return;
        }
        if lens[d] == 1 {
            if q < d {
                self.rotate_up(g.start(q), g.start(d));
            } else {
                self.rotate_down(g.start(d), g.start(q) + lens[q] as usize - 1);
            }
        }
        // Lengths and names: d's entry goes to place q, the ones between shift towards d.
        let name = |names: u64, j: usize| (names >> name_shift(F + j)) & 7;
        let (old_names, mut names, old_tops, old_bottoms) =
            (self.names, self.names, self.tops, self.bottoms);
        let mut set = |c: usize, from: usize| {
            self.lens[F + c] = lens[from];
            self.tops[F + c] = old_tops[F + from];
            self.bottoms[F + c] = old_bottoms[F + from];
            self.heads[F + c] = g.heads[from];
            let sh = name_shift(F + c);
            names = (names & !(7 << sh)) | (name(old_names, from) << sh);
        };
        set(q, d);
        if q < d {
            for c in q + 1..=d {
                set(c, c - 1);
            }
        } else {
            for c in d..q {
                set(c, c + 1);
            }
        }
        self.names = names;
        self.refresh_starts();
    }

    /// Carthage: stores the higher of a suit's two foundations as F_{2s}, toggling the suit's
    /// swap bit when it exchanges them.
    pub(super) fn order_carthage_foundations(&mut self) {
        let (found, run, swapped) = carthage_ordered(self.found, self.run);
        (self.found, self.run) = (found, run);
        self.names ^= (swapped as u64) << 42;
    }

    /// A well-mixed hash of everything `==` compares (not the physical names).
    #[inline]
    pub(super) fn full_hash(&self) -> u64 {
        const K: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut lens = [0u8; 16];
        lens[..PILES].copy_from_slice(&self.lens);
        let l = u128::from_le_bytes(lens);
        let mut h = (self.found as u64 | (self.dealt as u64) << 32 | (self.run as u64) << 40)
            .wrapping_mul(K);
        h = (h.rotate_left(23) ^ l as u64).wrapping_mul(K);
        h = (h.rotate_left(23) ^ (l >> 64) as u64).wrapping_mul(K);
        for &w in &self.words {
            h = (h.rotate_left(23) ^ w).wrapping_mul(K);
        }
        // murmur3's finaliser: every bit of the table index depends on every field.
        h ^= h >> 33;
        h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        h ^= h >> 33;
        h = h.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
        h ^ (h >> 33)
    }
}

#[cfg(test)]
mod tests;
