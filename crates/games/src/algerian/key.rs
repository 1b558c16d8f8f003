//! The table's fingerprints of an Algerian position: the literal one (`fingerprint`, without
//! symmetry pruning) and the class one (`class_fingerprint`, with it).
//!
//! * **Literal:** xxh3-128 of everything `==` compares (the packed piles, their lengths,
//!   foundations, stock and run).
//! * **Class:** a sum of one term per non-empty *prefix* of every pile (its bottom card, its
//!   bottom two cards, ..., the whole pile), plus Zobrist keys for the foundation heights, the
//!   run and the stock size. A prefix's term is a random function ([`crate::fingerprint`]) of
//!   the prefix and of its pile's domain: the pile's group when the group is interchangeable at
//!   this stock size (`prune.rs`), else the pile's own (its stored index, which is then its
//!   physical one).
//!
//! **Why the class fingerprint tells classes apart.** The sum is `Σ N(π, d) · T(π, d)` over
//! prefixes `π` and domains `d`, where `N(π, d)` counts the piles of domain `d` that start with
//! `π`. The counts determine the piles: the piles of domain `d` equal to `π` number
//! `N(π, d) - Σ_c N(π + c, d)`, and a domain's empty piles are the rest of its fixed number of
//! piles. So two positions with the same piles in each domain, up to the order of an
//! interchangeable group (and Carthage's foundations of a suit in either order, which
//! `heights_term` sorts), have the same counts and the same fingerprint, whatever their stored
//! order (no sort is needed); two positions of different classes have different counts, and
//! their sums, combinations with small coefficients of independent random 128-bit terms, agree
//! only by accident, as two random values do (`fingerprint.rs`; the table keeps 95 bits).
//!
//! **Why prefixes.** A move takes a pile's top card or adds one: that removes or adds exactly one
//! prefix, the whole pile before or after. So the state keeps its class fingerprint, `play`
//! updates it with one term per pile a move changes and two keys per foundation, and the same
//! update gives a child's fingerprint without playing it (`child_class_fingerprint`): the search
//! looks a child up first and plays it only if it is new, and most children of a search are
//! not. (A term per whole pile would need the old and the new pile's terms: twice the work.)
//!
//! Every term and key has its lowest bit clear, so the sum's is too: a caller that keeps a
//! fingerprint with that bit used as a flag (the solver does) loses nothing.

use super::Algerian;
use super::moves::{AlgerianMove, POR, Spot};
use super::state::{AlgerianState, DEPOTS, PILES, RESERVES, WORDS, carthage_ordered};
use crate::fingerprint::{multiset, multiset64, multiset128, of_words, zobrist};

/// Domains of the class fingerprint's prefix terms: the interchangeable depots, the
/// interchangeable reserves, and `PILE_DOMAIN + p` for stored pile `p` in a group that is not
/// interchangeable.
const DEPOT_DOMAIN: usize = 0;
const RESERVE_DOMAIN: usize = 1;
const PILE_DOMAIN: usize = 3;

/// Zobrist keys of the foundation term: `HEIGHT_KEYS[16 * f + h]` for foundation `f` at height
/// `h`, `RUN_KEYS[run]`, `DEALT_KEYS[dealt]` (fixed places, each holding one value: a sum of one
/// key per place, which a move that changes one height updates with two keys).
static HEIGHT_KEYS: [u128; 128] = zobrist(HEIGHT_SEED);
const HEIGHT_SEED: u64 = 0x6A09_E667_F3BC_C908;

/// `HEIGHT_STEPS[16 * f + h] = HEIGHT_KEYS[16 * f + h + 1] - HEIGHT_KEYS[16 * f + h]` (modulo
/// 2¹²⁸): the change of the foundation term when foundation `f` grows from height `h`, one load
/// for a card put on or taken off a foundation (not Carthage, whose pairs are ordered).
static HEIGHT_STEPS: [u128; 128] = {
    let keys: [u128; 128] = zobrist(HEIGHT_SEED);
    let mut t = [0u128; 128];
    let mut i = 0;
    while i < 127 {
        t[i] = keys[i + 1].wrapping_sub(keys[i]);
        i += 1;
    }
    t
};
static RUN_KEYS: [u128; 16] = zobrist(0xBB67_AE85_84CA_A73B);
static DEALT_KEYS: [u128; 128] = zobrist(0x3C6E_F372_FE94_F82B);

/// The longest prefix whose term is computed from its slots in two words; longer ones (rarer)
/// go through xxh3.
const SHORT: usize = 20;

/// The bits of a class fingerprint the state keeps.
const LOW96: u128 = (1 << 96) - 1;

/// `DOMAIN_OF[sym][p]`: the domain of stored pile `p`'s term when the game's `symmetric` entry
/// for the stock size is `sym` (bit 0: depots interchangeable, bit 1: reserves).
const DOMAIN_OF: [[u8; 16]; 4] = {
    let mut t = [[0u8; 16]; 4];
    let mut sym = 0;
    while sym < 4 {
        let mut p = 0;
        while p < PILES {
            let group = if p < DEPOTS { sym & 1 != 0 } else { sym & 2 != 0 };
            t[sym][p] = if !group {
                (PILE_DOMAIN + p) as u8
            } else if p < DEPOTS {
                DEPOT_DOMAIN as u8
            } else {
                RESERVE_DOMAIN as u8
            };
            p += 1;
        }
        sym += 1;
    }
    t
};

/// The term of a prefix of `len` (1..=`SHORT`) cards with slots `lo` (its first ten) and `hi`
/// (the next ten), in domain `d`. The element is the prefix itself, exactly: up to ten cards,
/// its slots and length in 64 bits ([`multiset64`]); up to twenty, its slots and the length's
/// low and high nibbles in two words ([`multiset128`]).
#[inline(always)]
fn prefix_term(lo: u64, hi: u64, len: usize, d: usize) -> u128 {
    debug_assert!(len <= SHORT);
    let n = len as u64;
    let t = if len <= 10 {
        multiset64(lo | n << 60, d)
    } else {
        multiset128(lo | (n & 15) << 60, hi | (n >> 4) << 60, d)
    };
    t & !1
}

/// The term of a prefix longer than `SHORT` cards (rare), in domain `d`: its slots ten to a
/// word in `words[..WORDS]` (zero past the prefix; [`AlgerianState::pile_words`]) and its
/// length, which this writes in `words[WORDS]`, through xxh3.
#[inline]
fn long_prefix_term(words: &mut [u64; WORDS + 1], len: usize, d: usize) -> u128 {
    words[WORDS] = len as u64;
    multiset(of_words(words), d as u64) & !1
}

impl AlgerianState {
    /// Everything `==` compares: the packed piles, their lengths, foundations, stock and run.
    pub(super) fn fingerprint(&self) -> u128 {
        let mut lens = [0u8; 16];
        lens[..PILES].copy_from_slice(&self.lens);
        let lens = u128::from_le_bytes(lens);
        let mut k = [0u64; WORDS + 3];
        k[..WORDS].copy_from_slice(&self.words);
        k[WORDS] = lens as u64;
        k[WORDS + 1] = (lens >> 64) as u64;
        k[WORDS + 2] = self.found as u64 | (self.dealt as u64) << 32 | (self.run as u64) << 40;
        crate::fingerprint::of_words(&k)
    }

    /// The class fingerprint kept in the state: its low 96 bits (the sums are taken modulo
    /// 2⁹⁶ from here on), lowest bit 0.
    #[inline]
    pub(super) fn class_fp(&self) -> u128 {
        self.fp & !1
    }
    /// Keeps `fp` (its low 96 bits) as the state's class fingerprint, leaving the `sorted` flag.
    #[inline]
    pub(super) fn set_class_fp(&mut self, fp: u128) {
        self.fp = (fp & LOW96 & !1) | (self.fp & 1);
    }

    /// The term of the first `len` (>= 1) cards of the pile at slot `start`, in domain `d`.
    #[inline(always)]
    fn prefix_term_at(&self, start: usize, len: usize, d: usize) -> u128 {
        if len <= SHORT {
            let (lo, hi) = self.pile_slots(start, len);
            return prefix_term(lo, hi, len, d);
        }
        long_prefix_term(&mut self.pile_words(start, len), len, d)
    }

    /// The `len` slots from slot `start`, ten to a word (slot 0 lowest), zero past them: the
    /// layout of [`long_prefix_term`]'s words.
    #[inline]
    fn pile_words(&self, start: usize, len: usize) -> [u64; WORDS + 1] {
        let mut k = [0u64; WORDS + 1];
        for (j, w) in k[..len.div_ceil(10)].iter_mut().enumerate() {
            *w = self.pile_slots(start + 10 * j, (len - 10 * j).min(10)).0;
        }
        k
    }

    /// The terms of all the prefixes of the pile at `start` of `len` cards: its slots read
    /// once, ten to a word, and each prefix masked out of them (a whole fingerprint is some
    /// 10,000 instructions, and Carthage computes one after every deal that empties the stock).
    fn pile_terms(&self, start: usize, len: usize, d: usize) -> u128 {
        let mask = |n: usize| (1u64 << (6 * n)) - 1;
        let k = self.pile_words(start, len);
        let mut t = 0u128;
        for n in 1..=len.min(10) {
            t = t.wrapping_add(prefix_term(k[0] & mask(n), 0, n, d));
        }
        for n in 11..=len.min(SHORT) {
            t = t.wrapping_add(prefix_term(k[0], k[1] & mask(n - 10), n, d));
        }
        // Longer prefixes as `prefix_term_at` lays them out: the slots below n, and n.
        let mut prefix = [0u64; WORDS + 1];
        prefix[..2].copy_from_slice(&k[..2]);
        for n in SHORT + 1..=len {
            let j = (n - 1) / 10;
            prefix[j] = k[j] & mask(n - 10 * j);
            t = t.wrapping_add(long_prefix_term(&mut prefix, n, d));
        }
        t
    }

    /// The term of the pile of `len` cards at `start` with `cards` put on it, one after another:
    /// the terms of the prefixes they add.
    #[inline(always)]
    fn pushed_terms(&self, p: usize, cards: &[u64], d: usize) -> u128 {
        let (start, len) = (self.start(p), self.len(p));
        if len + cards.len() > SHORT {
            return self.pushed_terms_long(start, len, cards, d);
        }
        // (A pile of up to ten cards is its head, `state.rs`.)
        let (mut lo, mut hi) =
            if len <= 10 { (self.heads[p], 0) } else { self.pile_slots(start, len) };
        let mut t = 0u128;
        for (j, &c) in cards.iter().enumerate() {
            let at = len + j;
            if at < 10 {
                lo |= c << (6 * at);
            } else {
                hi |= c << (6 * (at - 10));
            }
            t = t.wrapping_add(prefix_term(lo, hi, at + 1, d));
        }
        t
    }

    /// [`Self::pushed_terms`] where the pile gets longer than `SHORT`: the prefixes' slots ten to
    /// a word as [`Self::prefix_term_at`] lays them out, so each added prefix costs one term (a
    /// child left to `play` for this cost a whole fingerprint, some 9,000 instructions: 7% of
    /// Algerian's, as its depots often grow past twenty cards).
    #[cold]
    #[inline(never)]
    fn pushed_terms_long(&self, start: usize, len: usize, cards: &[u64], d: usize) -> u128 {
        let mut k = self.pile_words(start, len);
        let mut t = 0u128;
        for (j, &c) in cards.iter().enumerate() {
            let at = len + j;
            k[at / 10] |= c << (6 * (at % 10));
            let n = at + 1;
            let term = if n <= SHORT {
                prefix_term(k[0], k[1], n, d)
            } else {
                long_prefix_term(&mut k, n, d)
            };
            t = t.wrapping_add(term);
        }
        t
    }
}

impl Algerian {
    /// The domain of stored pile `p`'s term at stock size `dealt`.
    #[inline(always)]
    fn pile_domain(&self, dealt: u8, p: usize) -> usize {
        DOMAIN_OF[self.symmetric[dealt as usize & 127] as usize & 3][p] as usize
    }

    /// The foundation term: one key per foundation for its height (Carthage: each suit's pair
    /// in canonical order, the higher first, with `run` following a swap, as
    /// `order_carthage_foundations` stores them), one for the run and one for the stock size.
    fn found_term(&self, found: u32, run: u8, dealt: u8) -> u128 {
        self.heights_term(found, run).wrapping_add(DEALT_KEYS[dealt as usize & 127])
    }

    /// The foundation term without its stock-size key.
    #[inline(always)]
    fn heights_term(&self, mut found: u32, mut run: u8) -> u128 {
        if self.rules.paired_foundations() {
            (found, run, _) = carthage_ordered(found, run);
        }
        let mut t = RUN_KEYS[run as usize & 15];
        for f in 0..8 {
            t = t.wrapping_add(HEIGHT_KEYS[16 * f + ((found >> (4 * f)) & 15) as usize]);
        }
        t
    }

    /// `heights_term(found, run) - heights_term(old_found, old_run)`: from the keys of the
    /// foundations and run that changed (Carthage: of both in the canonical order, which
    /// `heights_term` reads; a move changes at most one suit's pair there too).
    #[inline(always)]
    fn heights_change(
        &self,
        mut old_found: u32,
        mut old_run: u8,
        mut found: u32,
        mut run: u8,
    ) -> u128 {
        if self.rules.paired_foundations() {
            (old_found, old_run, _) = carthage_ordered(old_found, old_run);
            (found, run, _) = carthage_ordered(found, run);
        }
        let mut t = if run == old_run {
            0
        } else {
            RUN_KEYS[run as usize & 15].wrapping_sub(RUN_KEYS[old_run as usize & 15])
        };
        let mut changed = found ^ old_found;
        while changed != 0 {
            let f = changed.trailing_zeros() as usize / 4;
            changed &= !(0xF << (4 * f));
            let (h, old) = ((found >> (4 * f)) & 15, (old_found >> (4 * f)) & 15);
            t = t
                .wrapping_add(HEIGHT_KEYS[16 * f + h as usize])
                .wrapping_sub(HEIGHT_KEYS[16 * f + old as usize]);
        }
        t
    }

    /// The class fingerprint of `s`, from all its terms (its low 96 bits, as the state keeps it).
    pub(super) fn class_fingerprint(&self, s: &AlgerianState) -> u128 {
        self.class_fingerprint_by(s, AlgerianState::pile_terms)
    }

    /// The foundation term and every pile's terms, `pile_terms(s, start, len, domain)`.
    #[inline(always)]
    fn class_fingerprint_by(
        &self,
        s: &AlgerianState,
        pile_terms: impl Fn(&AlgerianState, usize, usize, usize) -> u128,
    ) -> u128 {
        let mut fp = self.found_term(s.found, s.run, s.dealt);
        let mut start = 0;
        for p in 0..PILES {
            let len = s.len(p);
            fp = fp.wrapping_add(pile_terms(s, start, len, self.pile_domain(s.dealt, p)));
            start += len;
        }
        fp & LOW96
    }

    /// The class fingerprint of `s` after `m`, from `s`'s: the term of the prefix a card move
    /// removes (its source pile, whole) and of the one it adds (its target pile with the card),
    /// the keys of the foundations and run it changes; a deal adds its cards' prefixes and
    /// changes the stock-size key. `None` where that is not the whole change: a deal after
    /// which a group becomes interchangeable (the domains change); that child is played and
    /// fingerprinted whole.
    #[inline]
    pub(super) fn child_class_fingerprint(
        &self,
        s: &AlgerianState,
        m: AlgerianMove,
    ) -> Option<u128> {
        let AlgerianMove::Card { from, to, flags } = m else {
            return self.dealt_class_fingerprint(s);
        };
        let domains = &DOMAIN_OF[self.symmetric[s.dealt as usize & 127] as usize & 3];
        let paired = self.rules.paired_foundations();
        let mut fp = s.class_fp();
        let mut found = s.found;
        // As in `play`: a foundation transfer made under the partial-order reduction opens a
        // run (1 + its source foundation); every other move closes it. Set in the arms below,
        // which decode the move once (a separate match on both spots cost some ten
        // instructions a child).
        let mut run = 0;
        let card = match from {
            Spot::Depot(_) | Spot::Reserve(_) => {
                let Some(p) = from.pile() else { unreachable!() };
                let (start, len, d) = (s.start(p), s.len(p), domains[p] as usize);
                if len <= 10 {
                    // The common case: the pile's slots are its head (`state.rs`).
                    fp = fp.wrapping_sub(prefix_term(s.heads[p], 0, len, d));
                    s.tops[p & 15] as u64
                } else {
                    fp = fp.wrapping_sub(s.prefix_term_at(start, len, d));
                    s.get(start + len - 1) as u64
                }
            }
            Spot::Foundation(f) => {
                let h = s.height(f as usize);
                found -= 1 << (4 * f);
                run = f + 1;
                if !paired {
                    fp = fp.wrapping_sub(HEIGHT_STEPS[(16 * f as usize + h as usize - 1) & 127]);
                }
                self.top_kind[f as usize & 7][h as usize & 15] as u64
            }
        };
        match to {
            Spot::Depot(_) | Spot::Reserve(_) => {
                let Some(q) = to.pile() else { unreachable!() };
                fp = fp.wrapping_add(s.pushed_terms(q, &[card], domains[q] as usize));
                run = 0;
            }
            Spot::Foundation(f) => {
                if flags & POR == 0 {
                    run = 0;
                }
                // (Never the source's foundation: its height is the parent's.)
                if !paired {
                    fp = fp.wrapping_add(
                        HEIGHT_STEPS[(16 * f as usize + s.height(f as usize) as usize) & 127],
                    );
                }
                found += 1 << (4 * f);
            }
        }
        if paired {
            if found != s.found || run != s.run {
                fp = fp.wrapping_add(self.heights_change(s.found, s.run, found, run));
            }
        } else if run != s.run {
            // (The heights' keys changed above.)
            fp = fp
                .wrapping_add(RUN_KEYS[run as usize & 15])
                .wrapping_sub(RUN_KEYS[s.run as usize & 15]);
        }
        Some(fp & LOW96)
    }

    /// [`Self::child_class_fingerprint`] of the deal (the same piles and cards as `play`'s).
    fn dealt_class_fingerprint(&self, s: &AlgerianState) -> Option<u128> {
        let (to_depots, count) = self.deal_plan(s);
        let at = s.dealt as usize;
        let after = s.dealt + count as u8;
        let sym = self.symmetric[s.dealt as usize & 127];
        if sym != self.symmetric[after as usize & 127] {
            return None;
        }
        let domains = &DOMAIN_OF[sym as usize & 3];
        let mut fp = s.class_fp();
        let card = |j: usize| self.stock[at + j].index() as u64;
        if to_depots {
            for (d, &dom) in domains[..DEPOTS].iter().enumerate() {
                fp = fp.wrapping_add(s.pushed_terms(d, &[card(d)], dom as usize));
            }
        } else {
            for r in 0..RESERVES.min(count) {
                let p = DEPOTS + r;
                let t = if r + RESERVES < count {
                    s.pushed_terms(p, &[card(r), card(r + RESERVES)], domains[p] as usize)
                } else {
                    s.pushed_terms(p, &[card(r)], domains[p] as usize)
                };
                fp = fp.wrapping_add(t);
            }
        }
        fp = fp.wrapping_add(self.heights_change(s.found, s.run, s.found, 0));
        fp = fp
            .wrapping_add(DEALT_KEYS[after as usize & 127])
            .wrapping_sub(DEALT_KEYS[s.dealt as usize & 127]);
        Some(fp & LOW96)
    }
}

#[cfg(test)]
mod tests;
