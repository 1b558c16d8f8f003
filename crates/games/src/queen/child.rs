//! A child's fingerprint from its parent and the move, without playing the move
//! (`Game::child_fingerprint`).
//!
//! Most children of a deep search are positions met before (about 2.4 for every new one in
//! the queen-of-italy benchmark), and the search looks such a child up by its fingerprint
//! alone. With symmetry the fingerprint is the running key sum `key_fp` (`key.rs`): a sum of
//! one element per non-empty pile (by content, not index), per removed talon position, per
//! copy home and per small field's value. A move changes a few of those elements, so the
//! child's sum is the parent's with them exchanged: the piles the card leaves and joins, the
//! copy it adds home or the talon position it removes, and the fields that change.
//!
//! The forced consequences follow from the parent being *settled* (as `play` argues: every
//! position met is): nothing was pending, so (forced variants) a gap exists only where nothing
//! can fill it (no waste card, and in Redheads no terrace card), and the waste is empty only
//! with the stock. Hence, after the player's part of a move:
//! * a deal, a card from the terrace, or one off a pile that keeps a card forces nothing;
//! * a card from the waste forces at most a deal, when it leaves the waste empty;
//! * a lone card taken off its pile leaves the one gap, filled from the terrace top (Redheads)
//!   or the waste top, the latter followed by a deal when it leaves the waste empty. With pile
//!   symmetry the filled gap is a one-card pile whatever its index.
//!
//! A redeal (rare) may fill several gaps: it follows `settle` step for step on the talon fields
//! and the number of gaps. Not answered (`None`: the search plays the move first, as before):
//! without symmetry (each pile would enter with its index; only the reference searches run so),
//! before the opening choice (once per deal), with exact foundations (`found.rs`, whose element
//! is not a sum), and a lone card moved to an empty pile (not generated with symmetry).

use super::Queen;
use super::elements::{
    DEALT_FP, PopMemo, REDEALS_FP, REMOVED_FP, SHORT_LEN_UNIT, SHORT_PILE, TERRACE_FP,
    home_copy_fp, lone_pile_fp, pile_fingerprint_of, pile_value_of,
};
use super::moves::{Loc, QueenMove};
use super::state::{QueenState, SUIT_BIT, stock_next_of, waste_top_of};

/// `key_fp` with a small field's element exchanged from value `old` to `new`.
#[inline(always)]
fn exchange(fp: u128, table: &[u128; 256], old: u8, new: u8) -> u128 {
    fp.wrapping_add(table[new as usize]).wrapping_sub(table[old as usize])
}

impl QueenState {
    /// Pile `i`'s short word (`short_pile_element`; the pile holds at least two cards), when its
    /// chain bits end by bit `SHORT_PILE - 1` (so it holds at most `SHORT_PILE` cards and its
    /// bits lie in the low word), as nearly always (the tableau holds few cards): then its bits
    /// are a few `u64` operations. (The fallback, `pop_delta_long`, gives the same value.)
    #[inline(always)]
    fn short_pile_word(&self, i: usize) -> Option<u64> {
        let n = self.len[i] as u32;
        let off = self.offset(i);
        // One test for both bounds: chain bits ending by bit `SHORT_PILE - 1` (50) lie below
        // bit 64 and number at most `SHORT_PILE - 1`.
        if off + n > SHORT_PILE as u32 {
            return None;
        }
        let bits = (self.suits as u64 >> off) & (u64::MAX >> (65 - n));
        Some(bits | (n as u64) << 50 | (self.base[i] as u64) << 58)
    }

    /// What taking the top card off pile `i` (at least two cards) does to `key_fp`, as a sum
    /// to add (`pop`'s exchange of the pile's element; a pile left with one card reads its
    /// element from the table). On the pile's short word: the top's chain bit (the pile's
    /// last, `n - 2`) cleared and the length one less, the exchange read from `memo`
    /// (`PopMemo`: the same value, mostly without hashing). `pop_delta_simple` is the general
    /// form (the fallback, and the tests' reference).
    #[inline(always)]
    fn pop_delta(&self, i: usize, memo: &PopMemo) -> u128 {
        let Some(w) = self.short_pile_word(i) else { return self.pop_delta_long(i) };
        memo.pop_delta(w)
    }

    /// What putting `k` on pile `j` does to `key_fp` (`push`'s exchange), on short words as
    /// `pop_delta`: the new chain bit at `n - 1`, the length one more (while that stays within
    /// `SHORT_PILE`). The push is minus the pop of the new word's top (`PopMemo`).
    /// `push_delta_simple` is the general form.
    #[inline(always)]
    fn push_delta(&self, j: usize, k: u8, memo: &PopMemo) -> u128 {
        let n = self.len[j] as u32;
        let bit = SUIT_BIT[k as usize] as u64;
        match n {
            0 => lone_pile_fp(k),
            1 => memo.pop_delta(bit | 2 << 50 | (self.base[j] as u64) << 58).wrapping_neg(),
            _ => match self.short_pile_word(j) {
                Some(w) if (n as u64) < SHORT_PILE => {
                    memo.pop_delta((w | bit << (n - 1)) + SHORT_LEN_UNIT).wrapping_neg()
                }
                _ => self.push_delta_long(j, k),
            },
        }
    }

    /// `pop_delta_simple` out of line: piles past bit 64 or longer than `SHORT_PILE` (rare).
    #[cold]
    #[inline(never)]
    fn pop_delta_long(&self, i: usize) -> u128 {
        self.pop_delta_simple(i)
    }

    /// `push_delta_simple` out of line (as `pop_delta_long`).
    #[cold]
    #[inline(never)]
    fn push_delta_long(&self, j: usize, k: u8) -> u128 {
        self.push_delta_simple(j, k)
    }

    /// `pop_delta` on the pile's `u128` value (`pile_value`, `pile_fingerprint_of`): any pile.
    fn pop_delta_simple(&self, i: usize) -> u128 {
        let n = self.len[i] as u32;
        let old = self.pile_value(i, self.offset(i));
        let new = if n == 2 {
            lone_pile_fp(self.base[i])
        } else {
            // The top's chain bit is the pile's last (n - 2); the length one less.
            pile_fingerprint_of((old & !(1u128 << (n - 2))) - pile_value_of(0, 1, 0))
        };
        new.wrapping_sub(pile_fingerprint_of(old))
    }

    /// `push_delta` on the pile's `u128` value: any pile.
    fn push_delta_simple(&self, j: usize, k: u8) -> u128 {
        let n = self.len[j] as u32;
        match n {
            0 => lone_pile_fp(k),
            1 => pile_fingerprint_of(pile_value_of(SUIT_BIT[k as usize] as u128, 2, self.base[j]))
                .wrapping_sub(lone_pile_fp(self.base[j])),
            _ => {
                let old = self.pile_value(j, self.offset(j));
                let new = old + pile_value_of((SUIT_BIT[k as usize] as u128) << (n - 1), 1, 0);
                pile_fingerprint_of(new).wrapping_sub(pile_fingerprint_of(old))
            }
        }
    }
}

impl Queen {
    /// `self.fingerprint(&child, symmetry)` where `child` is `s` after `play(child, m)`, when
    /// it is cheap to say (see the module notes); `None` otherwise.
    #[inline(always)]
    pub(crate) fn child_fp(&self, s: &QueenState, m: QueenMove, symmetry: bool) -> Option<u128> {
        if !symmetry || !s.fingerprinted() {
            return None;
        }
        debug_assert!(
            !self.rules.forced_fills() || self.forced_step(s).is_none(),
            "an unsettled position: {s:?}"
        );
        match m {
            QueenMove::Card { from: Loc::Pile(i), to } => {
                let i = i as usize;
                let k = s.top[i];
                let dest = self.arrival(s, k, to)?;
                if s.len[i] >= 2 {
                    return Some(
                        s.key_fp.wrapping_add(s.pop_delta(i, &self.memo)).wrapping_add(dest),
                    );
                }
                if matches!(to, Loc::Pile(j) if s.len[j as usize] == 0) {
                    return None;
                }
                Some(self.after_gap(s, s.key_fp.wrapping_sub(lone_pile_fp(k)).wrapping_add(dest)))
            }
            QueenMove::Card { from: Loc::Waste, to } => {
                let p = s.waste_top()?;
                let removed = s.removed | 1u128 << p;
                let fp = s.key_fp.wrapping_add(REMOVED_FP[p as usize]).wrapping_add(self.arrival(
                    s,
                    self.seq[p as usize],
                    to,
                )?);
                Some(self.after_waste_card(s, fp, removed))
            }
            QueenMove::Card { from: Loc::Terrace, to: Loc::Home } => {
                let t = s.terrace.checked_sub(1)?;
                let fp = s.key_fp.wrapping_add(home_copy_fp(
                    self.terrace[t as usize],
                    s.home(self.terrace[t as usize]),
                ));
                Some(exchange(fp, &TERRACE_FP, s.terrace, t))
            }
            QueenMove::Deal => {
                let p = self.stock_next(s)?;
                Some(exchange(s.key_fp, &DEALT_FP, s.dealt, p as u8 + 1))
            }
            QueenMove::Redeal => self.redeal_child_fp(s),
            QueenMove::Card { .. } | QueenMove::Choose(_) => None,
        }
    }

    /// What card `k` arriving at `to` adds: a copy home, or `k` on a pile.
    #[inline(always)]
    fn arrival(&self, s: &QueenState, k: u8, to: Loc) -> Option<u128> {
        match to {
            Loc::Home => Some(home_copy_fp(k, s.home(k))),
            Loc::Pile(j) => Some(s.push_delta(j as usize, k, &self.memo)),
            _ => None,
        }
    }

    /// The key sum `fp` (the player's part of a move that took the waste top, leaving the talon
    /// `removed`) with its forced step: a deal when the waste is left empty and the stock is not.
    #[inline(always)]
    fn after_waste_card(&self, s: &QueenState, fp: u128, removed: u128) -> u128 {
        if !self.rules.forced_fills() || waste_top_of(s.dealt, removed).is_some() {
            return fp;
        }
        match stock_next_of(s.dealt, removed, self.seq_len) {
            Some(q) => exchange(fp, &DEALT_FP, s.dealt, q as u8 + 1),
            None => fp,
        }
    }

    /// The key sum `fp` (the player's part of a move that emptied a lone card's pile) with the
    /// gap's forced fill: from the terrace top (Redheads), else from the waste top (and then
    /// perhaps a deal), else none (the end phase).
    #[inline(always)]
    fn after_gap(&self, s: &QueenState, fp: u128) -> u128 {
        if !self.rules.forced_fills() {
            return fp;
        }
        if self.rules.fills_from_terrace() && s.terrace > 0 {
            let t = s.terrace - 1;
            return exchange(
                fp.wrapping_add(lone_pile_fp(self.terrace[t as usize])),
                &TERRACE_FP,
                s.terrace,
                t,
            );
        }
        let Some(p) = s.waste_top() else { return fp };
        let fp = fp
            .wrapping_add(REMOVED_FP[p as usize])
            .wrapping_add(lone_pile_fp(self.seq[p as usize]));
        self.after_waste_card(s, fp, s.removed | 1u128 << p)
    }

    /// A redeal: the waste turned, then (forced variants) the forced steps, which may fill
    /// several gaps of the end phase. `settle` and `forced_step` step for step, on the talon
    /// fields and the number of gaps (each filled gap adds a one-card pile wherever it is).
    #[cold]
    fn redeal_child_fp(&self, s: &QueenState) -> Option<u128> {
        let r = s.redeals_left.checked_sub(1)?;
        let mut fp = exchange(s.key_fp, &REDEALS_FP, s.redeals_left, r);
        let (mut dealt, mut removed, mut terrace) = (0u8, s.removed, s.terrace);
        let mut gaps = s.gap_count(self.rules.rows());
        while self.rules.forced_fills() {
            let waste = waste_top_of(dealt, removed);
            if waste.is_none()
                && let Some(p) = stock_next_of(dealt, removed, self.seq_len)
            {
                dealt = p as u8 + 1;
                continue;
            }
            if gaps == 0 {
                break;
            }
            let k = if self.rules.fills_from_terrace() && terrace > 0 {
                terrace -= 1;
                self.terrace[terrace as usize]
            } else if let Some(p) = waste {
                removed |= 1u128 << p;
                fp = fp.wrapping_add(REMOVED_FP[p as usize]);
                self.seq[p as usize]
            } else {
                break;
            };
            fp = fp.wrapping_add(lone_pile_fp(k));
            gaps -= 1;
        }
        Some(exchange(exchange(fp, &DEALT_FP, s.dealt, dealt), &TERRACE_FP, s.terrace, terrace))
    }
}

#[cfg(test)]
mod tests {
    use super::super::state::MAX_ROWS;
    use super::*;
    use crate::card::Kind;
    use rand::{RngExt, SeedableRng};

    /// `pop_delta` and `push_delta` (short words, with their out-of-line fallbacks) equal
    /// `pop_delta_simple` and `push_delta_simple` (`u128` pile values) on random piles of up
    /// to 40 cards, so that chain bits reach past bit 64 (the fallback) as well as below it.
    #[test]
    fn short_word_deltas_equal_the_simple_ones() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(41);
        // Chain bits in use (at most 103 fit in `suits`).
        let used = |s: &QueenState| s.len.iter().map(|&l| l.saturating_sub(1) as u32).sum::<u32>();
        let (mut short, mut long, mut lone) = (0, 0, 0);
        // A fresh memo misses first and hits on the piles met again (the pops' new piles are
        // the pushes' old ones), so both paths of `PopMemo::pop_delta` are compared.
        let memo = PopMemo::default();
        for _ in 0..30_000 {
            let mut s = QueenState::default();
            let max = rng.random_range(1..=40u32);
            for i in 0..MAX_ROWS {
                if rng.random_bool(0.15) {
                    continue;
                }
                s.push(i, rng.random_range(0..52u8));
                for _ in 1..rng.random_range(1..=max) {
                    if used(&s) + 1 >= 104 {
                        break;
                    }
                    let t = Kind::from_index(s.top[i]);
                    s.push(
                        i,
                        Kind::new(
                            (1 - t.colour()) * 2 + rng.random_range(0..2u8),
                            (t.rank() + 12) % 13,
                        )
                        .index(),
                    );
                }
            }
            for i in 0..MAX_ROWS {
                let n = s.len[i];
                if n >= 2 {
                    assert_eq!(s.pop_delta(i, &memo), s.pop_delta_simple(i), "pop {i} of {s:?}");
                    if s.short_pile_word(i).is_some() { short += 1 } else { long += 1 }
                }
                lone += (n == 1) as u32;
                if n == 0 || used(&s) + 1 < 104 {
                    let t =
                        Kind::from_index(if n == 0 { rng.random_range(0..52u8) } else { s.top[i] });
                    let k = Kind::new(
                        (1 - t.colour()) * 2 + rng.random_range(0..2u8),
                        (t.rank() + 12) % 13,
                    )
                    .index();
                    assert_eq!(
                        s.push_delta(i, k, &memo),
                        s.push_delta_simple(i, k),
                        "push {k} on {i} of {s:?}"
                    );
                }
            }
        }
        assert!(
            short > 50_000 && long > 5_000 && lone > 5_000,
            "{short} short, {long} long, {lone} lone"
        );
    }
}
