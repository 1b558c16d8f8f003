//! Sound pruning for the Queen of Italy family: the terrace dead-position test and safe
//! foundation moves. Each has its argument here; `crates/solver/tests/differential.rs` checks
//! both against the plain reference search.
//!
//! Both arguments use that foundation cards never move again: the foundations only grow. So
//! neither is used with the foundation-to-tableau option (`QueenRules::exact_foundations`), where
//! a foundation's top card may come back to the tableau.
//!
//! # Safe foundation move
//!
//! A card `x` that is playable, whose predecessor class is all home (so every copy of `x`'s
//! class still out has its own foundation slot: sending `x` home early never takes a slot another
//! copy needs), and on which no card can ever be built (all copies of the classes a tableau build
//! would put on it are home), is sent home at once, when taking it from where it is has no other
//! effect:
//! * from the terrace (not Redheads, whose terrace also fills gaps): the terrace only plays
//!   to the foundations, so the position with `x` home differs only in exposing the card
//!   below earlier and in the foundations allowing more;
//! * from a pile holding at least 2 cards: nothing will be built on `x`; `x` could only
//!   leave to the foundations or onto another pile (where it is just as inert), so every line
//!   from the original position is matched by the same line with `x` home;
//! * from a pile holding only `x`, or from the waste, only where no gap is ever filled by
//!   force (the open variant, or the end phase: stock and waste empty): an empty pile then
//!   takes any card a pile holding inert `x` could, and more.
//!
//! Not used from the waste or a lone pile card while gaps are filled by force: there the card
//! that fills a gap depends on what lies on the waste, and removing `x` shifts it.
//!
//! Move generation applies it inline (`safe_kind`, `moves.rs`); `prune/tests.rs` keeps its plain
//! statement, the tests' reference.

use super::moves::{NIBBLE_ONES, home_kinds, nibbles_at_least};
use super::state::QueenState;
use super::{MAX_TERRACE, Queen};
use crate::card::Kind;

/// No bound: the terrace card is of the base rank (it always finds an empty foundation).
const NO_BOUND: u8 = u8::MAX;

/// The terrace dead test's terrace-only terms: `cap[b][j]` is, for base rank `b`, the least of
/// `copies − below_j[q]` over the classes `q` from the predecessor of `t_j`'s class down to the
/// base rank (`NO_BOUND` for a base-rank card); `above[h][j]` is how many copies of `t_j`'s class
/// lie above it in a terrace of height `h`.
///
/// From them, `need[b · (MAX_TERRACE + 1) + h]`: per foundation class, the fewest copies home
/// that strand a terrace card of that class (the least `cap − above` over its cards in a terrace
/// of height `h`, base rank `b`; 7, never reached, when none), one nibble per rank in the
/// layout of the counts in `home`: word `colour` (alternate colours: class sums) or word `suit`
/// (in suit: kind counts). The test per position is then a few word operations.
#[derive(Clone, Debug)]
pub(crate) struct TerraceBounds {
    cap: [[u8; MAX_TERRACE]; 13],
    above: [[u8; MAX_TERRACE]; MAX_TERRACE + 1],
    need: Vec<[u64; 4]>,
}

impl TerraceBounds {
    pub(crate) fn empty() -> Self {
        TerraceBounds {
            cap: [[NO_BOUND; MAX_TERRACE]; 13],
            above: [[0; MAX_TERRACE]; MAX_TERRACE + 1],
            need: vec![],
        }
    }
}

impl Queen {
    /// The number of foundation classes: 26 colour-and-rank classes (AC) or 52 cards (in suit).
    #[inline]
    fn class_index(&self, k: u8) -> usize {
        if self.rules.suited_foundations() {
            k as usize
        } else {
            let kk = Kind::from_index(k);
            (kk.rank() * 2 + kk.colour()) as usize
        }
    }

    /// **Terrace dead test.** Terrace card `t_j` (height `j` from the bottom) can leave only to
    /// a foundation (RULES.md §3: terrace top → foundation only; not Redheads, whose terrace also
    /// fills gaps), and only after every card above it, which also all go to the foundations.
    /// Let `k` be its class (colour and rank, or card in suit) and `p` the class it must sit on.
    /// When `t_j` goes home, the copies of `k` above it are already home, so
    /// `home[p] ≥ home_now[k] + above_j[k] + 1` is needed. But no card at or below `j` in the
    /// terrace is home yet, and each card home sits on its predecessor, so for every class `q` on
    /// the chain from `p` down to the base rank, `home[p] ≤ home[q] ≤ copies − below_j[q]`. If
    /// that bound is smaller than the need for some `j`, no line of play ever empties the terrace:
    /// the position is lost. Base-rank cards always find an empty foundation and need nothing.
    pub(crate) fn terrace_dead(&self, s: &QueenState) -> bool {
        if !s.chosen() || self.rules.fills_from_terrace() || s.terrace < 2 {
            return false;
        }
        // The bounds that depend only on the terrace and the base rank are computed once per
        // game (`TerraceBounds::need`); per position the counts home, packed as in `home`, are
        // compared with them all at once.
        let need = &self.terrace_bounds.need
            [s.base_rank as usize * (MAX_TERRACE + 1) + s.terrace as usize];
        let kinds = home_kinds(s);
        let stranded = if self.rules.suited_foundations() {
            (0..4).fold(0, |d, w| d | nibbles_at_least(kinds[w], need[w]))
        } else {
            nibbles_at_least(kinds[0] + kinds[1], need[0])
                | nibbles_at_least(kinds[2] + kinds[3], need[1])
        };
        stranded != 0
    }

    /// The terrace's part of the dead test, for every base rank and terrace height.
    pub(crate) fn compute_terrace_bounds(&self, n: usize) -> TerraceBounds {
        let mut t = TerraceBounds::empty();
        let copies = self.class_copies();
        for h in 0..=n {
            for j in 0..h {
                let ck = self.class_index(self.terrace[j]);
                t.above[h][j] =
                    self.terrace[j + 1..h].iter().filter(|&&k| self.class_index(k) == ck).count()
                        as u8;
            }
        }
        for b in 0..13u8 {
            let mut below = [0u8; 52];
            for j in 0..n {
                let k = self.terrace[j];
                if let Some(p) = self.pred_at(b, k) {
                    // The least room on the chain p, pred(p), ... down to the base rank.
                    let mut cap = u32::MAX;
                    let mut q = Some(p);
                    while let Some(c) = q {
                        cap = cap.min(copies - below[self.class_index(c)] as u32);
                        q = self.pred_at(b, c);
                    }
                    t.cap[b as usize][j] = cap as u8;
                }
                below[self.class_index(k)] += 1;
            }
        }
        t.need = vec![[NIBBLE_ONES * 7; 4]; 13 * (MAX_TERRACE + 1)];
        for b in 0..13 {
            for h in 0..=n {
                let need = &mut t.need[b * (MAX_TERRACE + 1) + h];
                for j in 0..h {
                    if t.cap[b][j] == NO_BOUND {
                        continue;
                    }
                    let k = Kind::from_index(self.terrace[j]);
                    let word = if self.rules.suited_foundations() { k.suit() } else { k.colour() }
                        as usize;
                    let at = 4 * k.rank() as u32;
                    let v = (t.cap[b][j] as u64).saturating_sub(t.above[h][j] as u64).min(7);
                    if v < (need[word] >> at) & 15 {
                        need[word] = need[word] & !(15 << at) | v << at;
                    }
                }
            }
        }
        t
    }
}

#[cfg(test)]
mod tests;
