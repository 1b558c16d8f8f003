//! Sound pruning for the Crazy Quilt family; each rule with its argument. The differential tests
//! check them against the plain reference search.
//!
//! # Rule M: a met suit's playable card is a forced move (all three variants)
//!
//! As in the Alhambra family (`alhambra/prune.rs`, with the condition in `foundations.rs`): once a
//! suit's foundations hold ≥ 13 cards, each remaining card of it has one copy and one destination,
//! and an available card of it that fits is played at once (up only when d ≥ 12, down only when
//! u ≥ 12, because of K–A wrap on the waste or reserves). The simulation argument carries over:
//! in T′ (chain cards already home) the quilt has more holes, so every card available in T is
//! available in T′; a card built in T onto a chain card, on the waste or on a persian-rug
//! reserve, is the next card of that chain and goes home in T′; a T′ reserve that is empty where
//! T's holds only chain cards accepts anything, which only adds moves.
//!
//! # Dead position on the last pass (crazy-quilt, indian-carpet)
//!
//! With no redeal left a waste card can leave only to a foundation, so the waste is a pure stack,
//! and every stock card will be dealt onto it: both tests of `foundations.rs` apply.
//!
//! # Dead position across passes (crazy-quilt, indian-carpet)
//!
//! `crate::passes` bounds the earliest pass in which each card can go home (its argument is
//! there; a quilt card is freed by either short-side neighbour leaving). Run where the search
//! starts only, as in the Alhambra family (`alhambra/prune.rs`).
//!
//! # Symmetry of persian-rug's empty reserves
//!
//! The eight reserves obey identical rules, so two positions that differ only by a permutation of
//! the reserves are equally winnable (apply the permutation to every later move). Hence moving a
//! card to an empty reserve needs trying for ONE empty reserve only, and moving a reserve's only
//! card to an empty reserve (which yields the same position up to renaming) never.

use super::Quilt;
use super::state::QuiltState;
use crate::passes::PassBound;

impl Quilt {
    /// The across-pass test of `crate::passes` on any position (false for persian-rug, which has
    /// no talon). The search asks it at its start only (`is_dead_at_start`).
    pub fn pass_bound_dead(&self, s: &QuiltState) -> bool {
        self.pass_bound_dead_with(s, true)
    }

    /// [`Self::pass_bound_dead`] with its copies rule (f) or without.
    pub fn pass_bound_dead_with(&self, s: &QuiltState, copies_rule: bool) -> bool {
        if self.rules.has_reserves() {
            return false;
        }
        let mut b = PassBound::new(s.found, &s.seq, s.waste_len(), self.rules.wrap, false);
        let mut index = [None; 64];
        for (cell, slot) in index.iter_mut().enumerate() {
            if s.quilt >> cell & 1 == 1 {
                *slot = Some(b.add_quilt_card(self.cells[cell]));
            }
        }
        for cell in 0..64 {
            let Some(x) = index[cell] else { continue };
            let (r, c) = ((cell / 8) as i32, (cell % 8) as i32);
            // RULES.md §5: a vertical card ((r + c) even) has its short sides above and below.
            let sides =
                if (r + c) % 2 == 0 { [(r - 1, c), (r + 1, c)] } else { [(r, c - 1), (r, c + 1)] };
            let at = |(r, c): (i32, i32)| {
                if (0..8).contains(&r) && (0..8).contains(&c) {
                    index[(r * 8 + c) as usize]
                } else {
                    None
                }
            };
            b.set_sides(x, sides.map(at));
        }
        b.is_dead_with(s.redeals_left as usize + 1, copies_rule)
    }

    /// The last-pass dead-position test (see the notes).
    pub(super) fn last_pass_dead(&self, s: &QuiltState) -> bool {
        !self.rules.has_reserves()
            && s.redeals_left == 0
            && s.found.last_pass_is_dead(&s.seq, s.waste_len(), true)
    }
}

#[cfg(test)]
mod tests;
