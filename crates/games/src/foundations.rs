//! The eight foundations shared by the Alhambra and Crazy Quilt families (RULES.md §2, §5):
//! F0..F3 build up in suit (♣♠♥♦) from the ace, F4..F7 down in suit from the king, no wrap.
//! Stored as a card count per foundation, a nibble each.
//!
//! # Dead position: a waste that has become a pure stack
//!
//! When the cards of a waste can leave it only to a foundation (no redeal left, nothing built
//! from the waste elsewhere), every card below a waste card X leaves after X. Take X = (s, r) with
//! cards below it. Its up route needs every rank q in [u, r−1] of suit s placed up first and is
//! impossible if u > r; its down route needs every q in [r+1, 12−d] placed down first and is
//! impossible if r > 12−d. A route is blocked if some such q has ALL its remaining copies below X
//! in the waste: each of those leaves after X, so q cannot precede X. If both routes of some X
//! are blocked, X never reaches a foundation and the position is lost. Each family says when its
//! waste is such a stack ([`Foundations::waste_stack_is_dead`] is only called then).
//!
//! # Dead position: a stock card that will land on its own blocker
//!
//! If, moreover, every stock card will be dealt onto that waste (no redeal left, and no refill or
//! second waste can take it elsewhere), look at a stock card Y = (s, r) at sequence index t. Its
//! up route needs each q in [u, r−1] placed up first. Let E(q) be a lower bound on when q can be
//! placed up: the largest, over the ranks p in [u, q], of the earliest availability of a copy of p
//! (0 for a copy in the waste or outside the sequence, its index for a stock copy — a card cannot
//! be played before it is dealt). If every remaining copy of q lies before Y in the sequence (in
//! the waste, or in the stock ahead of Y) and E(q) > t, then when Y is dealt q is not yet placed up
//! and every copy of it is in the waste under Y: a copy may still leave downwards, but the one the
//! up foundation needs is buried under Y, and Y cannot leave before it. So Y's up route is
//! blocked; likewise its down route with the ranks [r+1, 12−d]. A stock card with both routes
//! blocked never reaches a foundation: the position is lost.

use crate::card::{Card, Kind};
use crate::cardseq::CardSeq;
use crate::deal::Deal;
use crate::layout::BadLayout;
use std::ops::ControlFlow;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Foundations(u32);

const ALL_FULL: u32 = 0xDDDD_DDDD;

impl Foundations {
    #[inline]
    pub fn count(self, f: usize) -> u8 {
        ((self.0 >> (4 * f)) & 0xF) as u8
    }
    pub fn set(&mut self, f: usize, n: u8) {
        self.0 = (self.0 & !(0xF << (4 * f))) | ((n as u32) << (4 * f));
    }
    #[inline]
    pub fn add(&mut self, f: usize) {
        self.0 += 1 << (4 * f);
    }
    #[inline]
    pub fn all_full(self) -> bool {
        self.0 == ALL_FULL
    }
    pub fn total(self) -> usize {
        (0..8).map(|f| self.count(f) as usize).sum()
    }
    pub fn bits(self) -> u32 {
        self.0
    }

    /// The counts of eight foundation piles (bottom→top), which must be runs from their base.
    pub fn from_piles(piles: &[Vec<Card>]) -> Result<Foundations, BadLayout> {
        if piles.len() != 8 {
            return Err(BadLayout(format!("{} foundations, expected 8", piles.len())));
        }
        let mut found = Foundations::default();
        for (f, pile) in piles.iter().enumerate() {
            if pile.len() > 13 {
                return Err(BadLayout(format!("F{f} holds {} cards", pile.len())));
            }
            if let Some((i, c)) =
                pile.iter().enumerate().find(|(i, c)| c.kind() != Foundations::card(f, *i as u8))
            {
                return Err(BadLayout(format!(
                    "F{f} card {} is {c}, expected {}",
                    i + 1,
                    Foundations::card(f, i as u8)
                )));
            }
            found.set(f, pile.len() as u8);
        }
        Ok(found)
    }

    /// Every card on the foundations.
    pub fn kinds(self) -> impl Iterator<Item = Kind> {
        (0..8).flat_map(move |f| (0..self.count(f)).map(move |i| Foundations::card(f, i)))
    }

    /// The `i`-th card (from the bottom) of foundation `f`.
    pub fn card(f: usize, i: u8) -> Kind {
        if f < 4 { Kind::new(f as u8, i) } else { Kind::new(f as u8 - 4, 12 - i) }
    }

    /// The foundations `k` can go to now.
    #[inline]
    pub fn targets(self, k: Kind) -> [Option<u8>; 2] {
        let (suit, rank) = (k.suit() as usize, k.rank());
        let (up, down) = (self.count(suit), self.count(4 + suit));
        [
            (up < 13 && up == rank).then_some(suit as u8),
            (down < 13 && 12 - down == rank).then_some(4 + suit as u8),
        ]
    }

    /// Copies of `k` not yet on a foundation.
    #[inline]
    pub fn remaining(self, k: Kind) -> u8 {
        let (up, down) = (self.count(k.suit() as usize), self.count(4 + k.suit() as usize));
        2 - (k.rank() < up) as u8 - (k.rank() + down > 12) as u8
    }

    /// Rule M's condition (the arguments are with each family): the suit has met (u + d ≥ 13),
    /// and the other side is ready for a wrap-built card (d ≥ 12 to force a card up, u ≥ 12 to
    /// force one down).
    #[inline]
    pub fn met_and_wrap_safe(self, k: Kind, foundation: u8) -> bool {
        let suit = k.suit() as usize;
        let (up, down) = (self.count(suit), self.count(4 + suit));
        let other_side_ready = if (foundation as usize) < 4 { down >= 12 } else { up >= 12 };
        up + down >= 13 && other_side_ready
    }

    /// The dead-position tests for a waste `seq[0..waste]` that has become a pure stack, and,
    /// when `stock_lands_on_waste`, for the stock `seq[waste..]` that will be dealt onto it (see
    /// the module notes). The same as the two tests one after the other, counting the waste once.
    pub fn last_pass_is_dead(
        self,
        seq: &CardSeq,
        waste: usize,
        stock_lands_on_waste: bool,
    ) -> bool {
        let stock = stock_lands_on_waste && seq.len() > waste;
        if waste < 2 && !stock {
            return false;
        }
        let homes = Homes::of(self);
        let (in_waste, above_bottom) = count_waste(seq, waste);
        (waste >= 2 && waste_dead(&homes, in_waste, above_bottom, seq, waste))
            || (stock && stock_dead(&homes, in_waste, seq, waste))
    }

    /// The stock test of the module notes, on kind masks. O(stock + waste).
    pub fn stock_lands_on_blocker(self, seq: &CardSeq, waste: usize) -> bool {
        if seq.len() <= waste {
            return false;
        }
        stock_dead(&Homes::of(self), count_waste(seq, waste).0, seq, waste)
    }

    /// The dead-position test for a waste `seq[0..waste]` that has become a pure stack (see the
    /// module notes), on kind masks. O(waste).
    pub fn waste_stack_is_dead(self, seq: &CardSeq, waste: usize) -> bool {
        if waste < 2 {
            return false;
        }
        let (in_waste, above_bottom) = count_waste(seq, waste);
        waste_dead(&Homes::of(self), in_waste, above_bottom, seq, waste)
    }
}

/// The copies of each kind in the waste `seq[0..waste]`, and the kinds in `seq[1..waste]`.
#[inline]
fn count_waste(seq: &CardSeq, waste: usize) -> (Copies, u64) {
    let mut in_waste = Copies::default();
    if waste == 0 {
        return (in_waste, 0);
    }
    // From index 0, so that whole words take the fast path; the bottom card's kind is above the
    // bottom exactly when the waste holds another copy of it.
    scan(seq, 0, waste, |k| {
        in_waste.add(k);
        ControlFlow::Continue(())
    });
    let bottom = 1u64 << seq.get(0).index();
    let above_bottom = in_waste.one & !(bottom & !in_waste.two);
    (in_waste, above_bottom)
}

/// [`Foundations::waste_stack_is_dead`] for `waste >= 2`, given the waste's counts.
fn waste_dead(
    homes: &Homes,
    in_waste: Copies,
    above_bottom: u64,
    seq: &CardSeq,
    waste: usize,
) -> bool {
    // A card with both routes impossible (no copy of it left) is blocked at once.
    if above_bottom & homes.up & homes.down != 0 {
        return true;
    }
    // Kinds with all their remaining copies in the waste.
    let (full1, full2) =
        (homes.rem1 & in_waste.one & !in_waste.two, homes.rem2 & in_waste.two & !in_waste.three);
    if full1 | full2 == 0 {
        return false;
    }
    let mut below = Copies::default();
    below.add(seq.get(0).index() as usize);
    scan(seq, 1, waste, |k| {
        let b = 1u64 << k;
        // Kinds with every remaining copy below this card.
        let buried = (full1 & below.one) | (full2 & below.two);
        below.add(k);
        let up_blocked = (homes.up & b) | (buried & homes.up_open & BELOW_IN_SUIT[k]) != 0;
        let down_blocked = (homes.down & b) | (buried & homes.down_open & ABOVE_IN_SUIT[k]) != 0;
        if up_blocked && down_blocked {
            ControlFlow::Break(true)
        } else {
            ControlFlow::Continue(())
        }
    })
}

/// [`Foundations::stock_lands_on_blocker`] for a non-empty stock, given the waste's counts.
///
/// Say p is LATE at t when every remaining copy of p lies in the stock after index t (its
/// earliest availability is then above t), and q is DONE at t when every remaining copy of q lies
/// before t. E(q) > t on the up route means some p in [u, q] is late at t, and a done q is not
/// late itself: so Y's up route is blocked by ranks in [u, r−1] exactly when some late rank lies
/// below some done rank there, and its down route by ranks in [r+1, 12−d] exactly when some late
/// rank lies above some done rank there.
fn stock_dead(homes: &Homes, in_waste: Copies, seq: &CardSeq, waste: usize) -> bool {
    let n = seq.len();
    // The copies of each kind in the stock, a byte each (a sequence holds at most SEQ_CAP < 256
    // cards): one memory add per card, where adding to masks took five operations; the masks
    // come from the bytes at the end.
    let mut left = [0u8; 64];
    count_stock(seq, waste, &mut left);
    let in_stock_copies = Copies::of_counts(&left);
    let in_stock = in_stock_copies.one;
    let in_seq = in_waste.plus(in_stock_copies);
    // A stock card with both routes impossible (no copy of it left) is blocked at once.
    if in_stock & homes.up & homes.down != 0 {
        return true;
    }
    // Kinds with exactly / at least their remaining copies in the sequence.
    let exact = (homes.rem1 & in_seq.one & !in_seq.two) | (homes.rem2 & in_seq.two & !in_seq.three);
    // Late at the first stock card: at least the remaining copies in the sequence, none in the
    // waste.
    let mut late = ((homes.rem1 & in_seq.one) | (homes.rem2 & in_seq.two)) & !in_waste.one;
    if late == 0 || exact == 0 {
        return false;
    }
    // The stock cards that could be blocked at all, taking every late kind as late and every
    // exact one as done throughout: up, an exact rank above the lowest late one of the route
    // below them; down, an exact rank below the highest late one of the route above them. All
    // four suits at once: per suit, the ranks above the lowest late one of the up route are
    // `fill_up(up_one(l))`; the exact ones among them, `e & …`, and the ranks above the lowest
    // of those, `fill_up(up_one(…))` (empty where no rank is late or none is exact above it).
    // Down, the mirror image. (The test compares this with the suit-by-suit form it replaced.)
    let (up_can, down_can) = can_masks(homes, late, exact);
    let candidates = up_can & down_can & in_stock;
    if candidates == 0 {
        return false;
    }
    // Kinds with a copy in the stock from the current card on: `left` counts them down.
    let mut ahead = in_stock;
    // Whether the next stock card, of kind `k`, is blocked both ways (`late` at it updated).
    let mut blocked = |k: usize, late: &mut u64| {
        // Done: exact, with no copy from this card on. (An exact kind has exactly its remaining
        // copies in the sequence, so all of them lie before this card exactly when none lies at
        // or after it; the waste lies before every stock card.)
        let done = exact & !ahead;
        left[k] -= 1;
        // The last copy passes: its bit (set, as its count was positive) goes.
        ahead ^= ((left[k] == 0) as u64) << k;
        *late &= !(1u64 << k);
        let late = *late;
        if (candidates >> k) & 1 == 0 {
            return false;
        }
        let b = 1u64 << k;
        let up_range = homes.up_open & BELOW_IN_SUIT[k];
        let (l, d) = (late & up_range, done & up_range);
        // A done rank above the lowest late one (none when nothing is late).
        let up_blocked = (homes.up & b) | (d & !(l ^ l.wrapping_sub(1))) != 0;
        let down_range = homes.down_open & ABOVE_IN_SUIT[k];
        let (l, d) = (late & down_range, done & down_range);
        // A late rank above the lowest done one.
        let down_blocked = (homes.down & b) | (l & !(d ^ d.wrapping_sub(1))) != 0;
        up_blocked && down_blocked
    };
    let words = seq.words();
    let mut t = waste;
    // By index: the index also places the word's first card (an iterator with `enumerate`
    // measured 3.5 M instructions more on crazy-quilt 0..4 at 200,000).
    #[allow(clippy::needless_range_loop)]
    for w in waste / 10..n.div_ceil(10) {
        let word = words[w];
        if t == 10 * w && n >= t + 10 {
            // A whole word, its ten cards written out (fixed shifts, no counter).
            macro_rules! ten {
                ($($j:literal)*) => {
                    $(if blocked(((word >> (6 * $j)) & 63) as usize, &mut late) {
                        return true;
                    })*
                };
            }
            ten!(0 1 2 3 4 5 6 7 8 9);
            t += 10;
        } else {
            let stop = n.min(10 * w + 10);
            let mut rest = word >> (6 * (t % 10));
            while t < stop {
                if blocked((rest & 63) as usize, &mut late) {
                    return true;
                }
                rest >>= 6;
                t += 1;
            }
        }
        // Nothing late any more: no later card is blocked. (With no late rank, a card's up
        // route is blocked only if it is impossible (u > r), its down route likewise, and a
        // stock card with both impossible returned dead above; so stopping here, at a word's
        // end rather than at the card where `late` emptied, gives the same answer.)
        if late == 0 {
            return false;
        }
    }
    false
}

/// Adds to `left` the copies of each kind in the stock `seq[waste..]` (not empty): whole packed
/// words, ten adds each without a test, then the slots counted that are not stock cards taken
/// off again: those of the first word below `waste` one by one, and those of the last word past
/// the end, which are zero (kind 0; [`CardSeq::words`]), at once. No byte exceeds SEQ_CAP + 9.
#[inline(always)]
fn count_stock(seq: &CardSeq, waste: usize, left: &mut [u8; 64]) {
    let (words, n) = (seq.words(), seq.len());
    let (first, end) = (waste / 10, n.div_ceil(10));
    for &word in &words[first..end] {
        for j in 0..10 {
            left[((word >> (6 * j)) & 63) as usize] += 1;
        }
    }
    let mut below = words[first];
    for _ in 10 * first..waste {
        left[(below & 63) as usize] -= 1;
        below >>= 6;
    }
    left[0] -= (10 * end - n) as u8;
}

/// The kinds that could be blocked up / down (see [`stock_dead`]), for all four suits at once.
#[inline(always)]
fn can_masks(homes: &Homes, late: u64, exact: u64) -> (u64, u64) {
    let (l, e) = (late & homes.up_open, exact & homes.up_open);
    let up_can = homes.up | fill_up(up_one(e & fill_up(up_one(l))));
    let (l, e) = (late & homes.down_open, exact & homes.down_open);
    let down_can = homes.down | fill_down(down_one(e & fill_down(down_one(l))));
    (up_can, down_can)
}

/// Kinds whose rank (in 0..13) is at least / at most 12 − `d`, so that the kind `d` ranks above /
/// below is of the same suit.
const fn same_suit_after_shift(d: u32, up: bool) -> u64 {
    let mut m = 0u64;
    let mut k = 0;
    while k < 52 {
        let r = k % 13;
        if (up && r >= d) || (!up && r + d <= 12) {
            m |= 1 << k;
        }
        k += 1;
    }
    m
}
const UP_BY: [u64; 4] = [
    same_suit_after_shift(1, true),
    same_suit_after_shift(2, true),
    same_suit_after_shift(4, true),
    same_suit_after_shift(8, true),
];
const DOWN_BY: [u64; 4] = [
    same_suit_after_shift(1, false),
    same_suit_after_shift(2, false),
    same_suit_after_shift(4, false),
    same_suit_after_shift(8, false),
];

/// Each kind of `m` moved one rank up / down in its suit (a king / an ace drops out).
#[inline(always)]
fn up_one(m: u64) -> u64 {
    (m << 1) & UP_BY[0]
}
#[inline(always)]
fn down_one(m: u64) -> u64 {
    (m >> 1) & DOWN_BY[0]
}

/// Per suit, every rank at or above / at or below some rank of `m` in that suit: a prefix OR
/// within each 13-bit field, by shifts of 1, 2, 4, 8 that never cross into the next suit (after
/// the shift by d, each rank holds the OR of the 2d ranks up to it in its suit; 16 ≥ 13).
#[inline(always)]
fn fill_up(mut m: u64) -> u64 {
    m |= up_one(m);
    m |= (m << 2) & UP_BY[1];
    m |= (m << 4) & UP_BY[2];
    m | ((m << 8) & UP_BY[3])
}
#[inline(always)]
fn fill_down(mut m: u64) -> u64 {
    m |= down_one(m);
    m |= (m >> 2) & DOWN_BY[1];
    m |= (m >> 4) & DOWN_BY[2];
    m | ((m >> 8) & DOWN_BY[3])
}

/// Kinds `0..52` as bits of a `u64`.
const ALL_KINDS: u64 = (1 << 52) - 1;

/// Per kind: the kinds of its suit with a lower / higher rank.
/// (Indices 52..64, no kind, hold 0: a kind read from six bits needs no bounds test.)
static BELOW_IN_SUIT: [u64; 64] = in_suit_masks(false);
static ABOVE_IN_SUIT: [u64; 64] = in_suit_masks(true);

const fn in_suit_masks(above: bool) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut k = 0;
    while k < 52 {
        let base = k / 13 * 13;
        t[k] = if above {
            ((1u64 << (base + 13)) - 1) & !((1u64 << (k + 1)) - 1)
        } else {
            ((1u64 << k) - 1) & !((1u64 << base) - 1)
        };
        k += 1;
    }
    t
}

/// Per foundation count n (a nibble, taken as at most 13): the ranks home on an up foundation
/// (0..n) / a down foundation (13−n..13), as the low 13 bits of a suit's field.
static UP_HOME: [u64; 16] = home_masks(false);
static DOWN_HOME: [u64; 16] = home_masks(true);

const fn home_masks(down: bool) -> [u64; 16] {
    let mut t = [0u64; 16];
    let mut n = 0;
    while n < 16 {
        let c = if n < 13 { n } else { 13 };
        t[n] = if down { ((1u64 << c) - 1) << (13 - c) } else { (1u64 << c) - 1 };
        n += 1;
    }
    t
}

/// The foundations as kind masks.
#[cfg_attr(test, derive(PartialEq, Debug))]
struct Homes {
    /// Ranks below u (a copy is home up, and the up route is impossible).
    up: u64,
    /// Ranks above 12 − d (a copy is home down, and the down route is impossible).
    down: u64,
    /// The complements: ranks whose up / down route is open.
    up_open: u64,
    down_open: u64,
    /// Kinds with one / two copies not yet home.
    rem1: u64,
    rem2: u64,
}

impl Homes {
    #[inline]
    fn of(f: Foundations) -> Homes {
        // One table lookup per foundation (its count's nibble), read from the packed word.
        let (mut up, mut down) = (0u64, 0u64);
        for suit in 0..4 {
            up |= UP_HOME[(f.0 >> (4 * suit) & 0xF) as usize] << (13 * suit);
            down |= DOWN_HOME[(f.0 >> (16 + 4 * suit) & 0xF) as usize] << (13 * suit);
        }
        let (up_open, down_open) = (ALL_KINDS & !up, ALL_KINDS & !down);
        Homes { up, down, up_open, down_open, rem1: up ^ down, rem2: up_open & down_open }
    }
}

/// Kinds seen at least once, twice, three times.
#[derive(Clone, Copy, Default)]
#[cfg_attr(test, derive(PartialEq, Debug))]
struct Copies {
    one: u64,
    two: u64,
    three: u64,
}

impl Copies {
    /// The masks of per-kind counts (kinds 0..64, a byte each, each below 128): a kind is in
    /// `one` / `two` / `three` when its count is at least 1 / 2 / 3, as adding each copy with
    /// [`Copies::add`] would give. Sixteen kinds at a time: a byte compare and the bytes' sign
    /// bits gathered.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn of_counts(counts: &[u8; 64]) -> Copies {
        use std::arch::x86_64::{_mm_cmpgt_epi8, _mm_movemask_epi8, _mm_set_epi64x, _mm_set1_epi8};
        let mut c = Copies::default();
        for i in 0..4 {
            let half =
                |j: usize| u64::from_le_bytes(counts[8 * j..8 * j + 8].try_into().unwrap()) as i64;
            // SAFETY: SSE2 is part of every x86_64 target.
            let v = unsafe { _mm_set_epi64x(half(2 * i + 1), half(2 * i)) };
            // Signed byte compares: every count is below 128.
            // SAFETY: SSE2 is part of every x86_64 target.
            let at_least = |n: i8| {
                (unsafe { _mm_movemask_epi8(_mm_cmpgt_epi8(v, _mm_set1_epi8(n - 1))) } as u32
                    as u64)
                    << (16 * i)
            };
            c.one |= at_least(1);
            c.two |= at_least(2);
            c.three |= at_least(3);
        }
        c
    }

    /// [`Copies::of_counts`] elsewhere: eight kinds a word (the same masks; the test compares
    /// the two on every target).
    #[cfg(not(target_arch = "x86_64"))]
    #[inline(always)]
    fn of_counts(counts: &[u8; 64]) -> Copies {
        Copies::of_counts_swar(counts)
    }

    /// Eight counts a word: a byte n < 128 plus 128 − t has its top bit set exactly when n ≥ t
    /// (no carry leaves a byte: n + 127 < 256), and one multiply gathers the eight top bits.
    #[cfg(any(test, not(target_arch = "x86_64")))]
    #[inline(always)]
    fn of_counts_swar(counts: &[u8; 64]) -> Copies {
        const LOW: u64 = 0x0101_0101_0101_0101;
        const TOP: u64 = 0x8080_8080_8080_8080;
        // Bit 8i + 7 to bit 56 + i: the shifts 7j with i + j = 7 (no two products share a bit).
        const GATHER: u64 = 0x0002_0408_1020_4081;
        let mut c = Copies::default();
        for j in 0..8 {
            let x = u64::from_le_bytes(counts[8 * j..8 * j + 8].try_into().unwrap());
            let at_least =
                |t: u64| ((((x + (128 - t) * LOW) & TOP).wrapping_mul(GATHER)) >> 56) << (8 * j);
            c.one |= at_least(1);
            c.two |= at_least(2);
            c.three |= at_least(3);
        }
        c
    }

    /// The masks of the sum of two counts: a + b ≥ 2 when either is ≥ 2 or both ≥ 1; a + b ≥ 3
    /// when either is ≥ 3, or one is ≥ 2 and the other ≥ 1 (with a, b ≤ 2, a + b ≥ 3 is
    /// (2, 1), (1, 2) or (2, 2)).
    #[inline(always)]
    fn plus(self, o: Copies) -> Copies {
        Copies {
            one: self.one | o.one,
            two: self.two | o.two | (self.one & o.one),
            three: self.three | o.three | (self.two & o.one) | (self.one & o.two),
        }
    }

    #[inline(always)]
    fn add(&mut self, k: usize) {
        let b = 1u64 << k;
        self.three |= self.two & b;
        self.two |= self.one & b;
        self.one |= b;
    }
}

/// Calls `f` with the kind index of each card of `seq[start..end]` in order, reading each packed
/// word once; stops at the first `Break` and returns its value (false when none).
#[inline(always)]
fn scan(
    seq: &CardSeq,
    start: usize,
    end: usize,
    mut f: impl FnMut(usize) -> ControlFlow<bool>,
) -> bool {
    let words = seq.words();
    let mut i = start;
    while i < end {
        let w = i / 10;
        if i.is_multiple_of(10) && end - i >= 10 {
            // A whole word: ten fixed shifts.
            let word = words[w];
            for j in 0..10 {
                if let ControlFlow::Break(x) = f(((word >> (6 * j)) & 63) as usize) {
                    return x;
                }
            }
            i += 10;
        } else {
            let mut word = words[w] >> (6 * (i % 10));
            let stop = end.min(10 * w + 10);
            while i < stop {
                if let ControlFlow::Break(x) = f((word & 63) as usize) {
                    return x;
                }
                word >>= 6;
                i += 1;
            }
        }
    }
    false
}

/// For test instances (not rules deals): foundations holding their k lowest (up) and k highest
/// (down) ranks, and the talon without those cards — deck-0 copies first, both copies of a rank
/// when k > 6 puts it on both — in talon order.
pub fn prefill(deal: &Deal, k: u8) -> (Vec<Vec<Card>>, Vec<Card>) {
    assert!((1..=12).contains(&k));
    prefill_counts(deal, [(k, k); 4])
}

/// As [`prefill`], with its own (up, down) counts per suit (1..=13 each; 13 is a full foundation).
pub fn prefill_counts(deal: &Deal, counts: [(u8, u8); 4]) -> (Vec<Vec<Card>>, Vec<Card>) {
    assert!(counts.iter().all(|&(u, d)| (1..=13).contains(&u) && (1..=13).contains(&d)));
    let mut to_place = [0u8; 52];
    for kind in 0..52u8 {
        let ((u, d), r) = (counts[kind as usize / 13], kind % 13);
        to_place[kind as usize] = (r < u) as u8 + (r + d > 12) as u8;
    }
    let mut by_deck: Vec<Card> = deal.cards().to_vec();
    by_deck.sort_by_key(|c| c.deck());
    let mut placed = [false; 104];
    for c in by_deck {
        let n = &mut to_place[c.kind().index() as usize];
        if *n > 0 {
            *n -= 1;
            placed[c.id() as usize] = true;
        }
    }
    let count = |f: usize| if f < 4 { counts[f].0 } else { counts[f - 4].1 };
    let foundations =
        (0..8).map(|f| (0..count(f)).map(|i| Foundations::card(f, i).card()).collect()).collect();
    let rest = deal.cards().iter().copied().filter(|c| !placed[c.id() as usize]).collect();
    (foundations, rest)
}

#[cfg(test)]
mod tests;
